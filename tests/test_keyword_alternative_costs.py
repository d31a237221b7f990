"""Alternative costs a spell's keyword gives (CR 118.9; the sixth probe of unseen cards): warp, evoke, dash,
blitz, impending, overload, mutate (onto a non-Human creature its caster owns, CR 702.140a) and a prototyped
spell (CR 702.160a, 718.3: the prototype's mana cost, colors and mana value). Before, the keyword lines were
set aside as not about payment, and a spell its mana cost could not pay was a silent "no" where the keyword's
cost pays (Steel Seraph prototyped for {1}{W}{W} on three Plains; a Sea-Dasher Octopus mutated for {1}{U}).

Each answer is derived by hand from the rules and checked against the brute force of
:mod:`test_alternative_costs` (the reference search's outcomes for each way to cast the spell, written out
by hand there, not read). The cards are test cards written for these tests, in the wording of real ones.
"""

from __future__ import annotations

import pytest
from boards import ME, make_board, mine
from test_alternative_costs import Way, checked, paid_instead

from models.additional_costs import SacrificeCost
from models.cost import PaymentTarget
from models.oracle.alternative_costs import alternative_cost_of, keyword_alternative_cost
from models.spells import spell_target
from planner.api import max_x, pay
from planner.rules.alternative_costs import usable_ways

WARP_WURM = {
    "name": "Test Warp Wurm",
    "type_line": "Creature — Plant Wurm",
    "mana_cost": "{4}{G}",
    "oracle": "Warp {1}{G} (You may cast this card from your hand for its warp cost. Exile this creature at "
    "the beginning of the next end step, then you may cast it from exile on a later turn.)",
}
SERAPH = {
    "name": "Test Seraph",
    "type_line": "Artifact Creature — Angel",
    "mana_cost": "{6}",
    "oracle": "Prototype {1}{W}{W} — 3/3 (You may cast this spell with different mana cost, color, and size. "
    "It keeps its abilities and types.)\nFlying",
}
OCTOPUS = {
    "name": "Test Octopus",
    "type_line": "Creature — Octopus",
    "mana_cost": "{1}{U}{U}",
    "oracle": "Mutate {1}{U} (If you cast this spell for its mutate cost, put it over or under target "
    "non-Human creature you own. They mutate into the creature on top plus all abilities from under it.)\n"
    "Flash",
}
SOLITUDE = {
    "name": "Test Solitude",
    "type_line": "Creature — Elemental Incarnation",
    "mana_cost": "{3}{W}{W}",
    "oracle": "Flash\nLifelink\nEvoke—Exile a white card from your hand.",
}
UNDERDOG = {
    "name": "Test Underdog",
    "type_line": "Creature — Human Warrior",
    "mana_cost": "{4}{B}{B}",
    "oracle": "Blitz—{2}{B}{B}, Pay 2 life. (If you cast this spell for its blitz cost, it gains haste.)",
}
BROOD = {
    "name": "Test Brood",
    "type_line": "Creature — Insect",
    "mana_cost": "{X}{G}{G}",
    "oracle": "Warp {X}{G}\nThis creature enters with X +1/+1 counters on it.",
}
WHITE = {"name": "Test White", "type_line": "Instant", "mana_cost": "{W}", "oracle": "Draw a card."}
BEAR = {"name": "Test Bear", "type_line": "Creature — Bear", "mana_cost": "{1}{G}", "oracle": ""}
SOLDIER = {"name": "Test Soldier", "type_line": "Creature — Human Soldier", "mana_cost": "{W}", "oracle": ""}


@pytest.mark.parametrize(
    ("unit", "described"),
    [
        ("Warp {1}{G}", "warp: pay {1}{G}"),
        ("Warp—{B}, Pay 2 life.", "warp: pay {B} and pay 2 life"),
        ("Evoke {U/B}{U/B}", "evoke: pay {U/B}{U/B}"),
        ("Evoke—Exile a white card from your hand.", "evoke: exile a white card from your hand"),
        ("Dash {1}{R}", "dash: pay {1}{R}"),
        ("Blitz—{2}{B}{B}, Pay 2 life.", "blitz: pay {2}{B}{B} and pay 2 life"),
        ("Impending 4—{1}{U}{U}", "impending: pay {1}{U}{U}"),
        ("Overload {5}{R}{R}{R}", "overload: pay {5}{R}{R}{R}"),
        ("Mutate {3}{R/G}{U}{U}", "mutate: pay {3}{R/G}{U}{U}"),
        ("Prototype {1}{B}{B} — 3/3", "prototype: pay {1}{B}{B}"),
        ("Disguise {2}{G}{G}", "disguise: pay {3}"),  # (face down for {3}: CR 702.168a)
        ("Morph—Reveal a white card in your hand.", "morph: pay {3}"),
        ("Kicker {2}{G}", None),  # (an additional cost, not an alternative one)
        # (read, but a way from the graveyard only: test_graveyard_keywords checks the zones, CR 702.34a)
        ("Flashback {1}{U}{R}", "flashback: pay {1}{U}{R}"),
        ("Impending {1}{U}", None),  # (impending without its count)
        (
            "Evoke—Return two Islands you control to their owner's hand.",
            "evoke: return two Islands you control to their owner's hand",
        ),
        ("Evoke—Discard a Swamp card.", None),  # (a part not read)
        ("Emerge {5}{B}{G}", "emerge: pay {5}{B}{G} and sacrifice a creature"),  # (CR 702.119a)
    ],
)
def test_the_reader_reads_keyword_costs(unit: str, described: str | None) -> None:
    read = keyword_alternative_cost(unit)
    assert (read.describe() if read is not None else None) == described
    assert alternative_cost_of(unit) == read  # (a spell's own alternative cost, not a granted one)


def test_warp_pays_what_the_mana_cost_can_not() -> None:
    # two lands can't pay {4}{G}; warp's {1}{G} can (CR 702.185a)
    board = make_board([mine("f", "Forest"), mine("w", "Wastes")], hand=[WARP_WURM])
    result = checked(board, [None, Way("{1}{G}")])
    paid = paid_instead(result)
    assert paid is not None and paid.cost.keyword == "warp" and paid.to_json()["cost"] == "warp: pay {1}{G}"
    assert result.tapped == ("f", "w") and not result.warnings
    # castable by its mana cost? no
    forbidden = pay(board, spell_target(board.player(ME).hand[0]), alternative_cost="forbid")
    assert forbidden.payable is False


def test_warp_is_cast_from_the_hand_only() -> None:
    wurm = spell_target(make_board([], hand=[WARP_WURM]).player(ME).hand[0])
    board = make_board([mine("f", "Forest"), mine("w", "Wastes")])  # (the card is not in the hand)
    assert usable_ways(board, ME, wurm) == ()
    assert pay(board, wurm).payable is False


def test_warp_with_x_keeps_x_for_max_x() -> None:
    # {X}{G}{G} with one Forest and three Wastes: the mana cost lacks a second {G}; warp {X}{G} pays X = 3
    lands = [mine("f", "Forest"), *(mine(f"w{i}", "Wastes") for i in range(3))]
    board = make_board(lands, hand=[BROOD])
    assert max_x(board, spell_target(board.player(ME).hand[0])).x == 3
    assert max_x(board, spell_target(board.player(ME).hand[0]), alternative_cost="forbid").x is None


def test_a_prototyped_spell_pays_the_prototype_cost() -> None:
    plains = make_board([mine(f"p{i}", "Plains") for i in range(3)], hand=[SERAPH])
    result = checked(plains, [None, Way("{1}{W}{W}")])
    paid = paid_instead(result)
    assert paid is not None and paid.cost.keyword == "prototype" and len(result.tapped) == 3
    wastes = make_board([mine(f"w{i}", "Wastes") for i in range(3)], hand=[SERAPH])
    assert checked(wastes, [None, Way("{1}{W}{W}")]).payable is False


def test_a_prototyped_spell_has_the_prototype_costs_color() -> None:
    # CR 718.3b: prototyped, it is white, so "White spells you cast cost {1} less" makes {1}{W}{W} a {W}{W};
    # cast for its {6} it is colorless and not reduced: two Plains pay it prototyped only
    reducer = {
        "name": "Test Reducer",
        "type_line": "Enchantment",
        "oracle": "White spells you cast cost {1} less to cast.",
    }
    board = make_board([mine("r", reducer), mine("p1", "Plains"), mine("p2", "Plains")], hand=[SERAPH])
    result = pay(board, spell_target(board.player(ME).hand[0]))
    assert result.payable and result.total_cost == "{W}{W}"
    paid = paid_instead(result)
    assert paid is not None and paid.cost.keyword == "prototype"


def test_mutate_needs_a_non_human_creature_of_the_caster() -> None:
    # {1}{U}{U} can't be paid by an Island and a Wastes; mutate's {1}{U} can, onto the Bear (CR 702.140a)
    bear = make_board([mine("i", "Island"), mine("w", "Wastes"), mine("b", BEAR)], hand=[OCTOPUS])
    paid = paid_instead(checked(bear, [None, Way("{1}{U}")]))
    assert paid is not None and paid.cost.keyword == "mutate"
    human = make_board([mine("i", "Island"), mine("w", "Wastes"), mine("s", SOLDIER)], hand=[OCTOPUS])
    assert checked(human, [None]).payable is False
    theirs = make_board(
        [mine("i", "Island"), mine("w", "Wastes"), {"id": "b", "controller": "opp", **BEAR}], hand=[OCTOPUS]
    )
    assert checked(theirs, [None]).payable is False
    # a target it can't have: shroud (CR 702.18a), protection from blue, the Octopus's color (CR 702.16b)
    for keyword in ("Shroud", "Protection from blue"):
        shielded = {**BEAR, "oracle": keyword}
        board = make_board([mine("i", "Island"), mine("w", "Wastes"), mine("b", shielded)], hand=[OCTOPUS])
        assert checked(board, [None]).payable is False
    red_shield = {**BEAR, "oracle": "Protection from red"}
    board = make_board([mine("i", "Island"), mine("w", "Wastes"), mine("b", red_shield)], hand=[OCTOPUS])
    assert checked(board, [None, Way("{1}{U}")]).payable is True


def test_evoke_exiles_a_white_card() -> None:
    board = make_board([], hand=[SOLITUDE, WHITE])
    result = checked(board, [None, Way("", exile=1, colors="W")])
    paid = paid_instead(result)
    assert paid is not None and paid.exiled == ("Test White",) and result.tapped == ()
    alone = make_board([], hand=[SOLITUDE])
    assert checked(alone, [None]).payable is False


def test_blitz_pays_its_mana_and_life() -> None:
    swamps = [mine(f"s{i}", "Swamp") for i in range(4)]
    board = make_board(swamps, hand=[UNDERDOG])
    result = checked(board, [None, Way("{2}{B}{B}", life=2)])
    assert result.life_paid == 2 and len(result.tapped) == 4
    low = make_board(swamps, hand=[UNDERDOG], life=1)
    assert checked(low, [None]).payable is False


DISGUISED = {
    "name": "Test Disguised",
    "type_line": "Creature — Elf Detective",
    "mana_cost": "{4}{G}{G}",
    "oracle": "Disguise {2}{G}{G} (You may cast this card face down for {3} as a 2/2 creature with ward {2}. "
    "Turn it face up any time for its disguise cost.)",
}


def test_a_face_down_spell_pays_3_and_is_a_colorless_creature_spell() -> None:
    # CR 702.168a: face down for {3}, whatever the disguise cost; three Wastes can't pay {4}{G}{G}
    wastes = [mine(f"w{i}", "Wastes") for i in range(3)]
    paid = paid_instead(checked(make_board(wastes, hand=[DISGUISED]), [None, Way("{3}")]))
    assert paid is not None and paid.cost.keyword == "disguise" and paid.cost.mana == "{3}"
    # CR 708.2: face down it is colorless, so "Green spells" don't reduce it; it is a creature spell
    green = {
        "name": "Test Green",
        "type_line": "Enchantment",
        "oracle": "Green spells you cast cost {1} less to cast.",
    }
    creature = {
        "name": "Test Creature",
        "type_line": "Enchantment",
        "oracle": "Creature spells you cast cost {1} less to cast.",
    }
    two = [mine("w0", "Wastes"), mine("w1", "Wastes")]
    assert pay(make_board([mine("r", green), *two], hand=[DISGUISED]), _held(DISGUISED)).payable is False
    reduced = pay(make_board([mine("r", creature), *two], hand=[DISGUISED]), _held(DISGUISED))
    assert reduced.payable and reduced.total_cost == "{2}"


@pytest.mark.parametrize(("cast", "payable"), [(0, False), (1, True)])
def test_a_keyword_cost_under_a_condition_of_the_turn(cast: int, payable: bool) -> None:
    # surge (CR 702.117a) pays only if another spell was cast this turn: the board's spells_cast_this_turn
    # (0 when not given, contract section 10; a board has no teams). Read since facts37 (this test asserted
    # the sentence was warned as unread): an Island and a Wastes pay {1}{U}, not {4}{U}
    surger = {
        "name": "Test Surger",
        "type_line": "Instant",
        "mana_cost": "{4}{U}",
        "oracle": "Surge {1}{U} (You may cast this spell for its surge cost if you or a teammate has cast "
        "another spell this turn.)\nDraw two cards.",
    }
    board = make_board([mine("i", "Island"), mine("w", "Wastes")], hand=[surger])
    board = board.replace_player(ME, spells_cast_this_turn=cast)
    result = pay(board, _held(surger))
    assert result.payable is payable
    assert not result.warnings
    if payable:
        assert result.total_cost == "{1}{U}"


def _held(card: dict[str, str]) -> PaymentTarget:
    """The payment target of a card in the hand (the board's hand holds the same card)."""
    return spell_target(make_board([], hand=[card]).player(ME).hand[0])


# ---------------------------------------------------------------------- emerge and offering (eighth probe)
MINDBENDER = {
    "name": "Test Mindbender",
    "type_line": "Creature — Eldrazi Insect",
    "mana_cost": "{8}",
    "oracle": "Emerge {5}{B}{G} (You may cast this spell by sacrificing a creature and paying the emerge "
    "cost reduced by that creature's mana value.)\nWhen you cast this spell, target opponent discards "
    "a card.",
}
TITAN = {"name": "Test Titan", "type_line": "Creature — Giant", "mana_cost": "{4}{G}", "oracle": ""}
HUGE = {"name": "Test Huge", "type_line": "Creature — Giant", "mana_cost": "{6}{G}", "oracle": ""}
MYSTIC = {
    "name": "Test Mystic",
    "type_line": "Creature — Elf Druid",
    "mana_cost": "{G}",
    "oracle": "{T}: Add {G}.",
}


def _creature(value: int) -> tuple[SacrificeCost, ...]:
    """An emerge way's sacrifice, written out by hand: a creature of that mana value."""
    return (SacrificeCost(1, ("Creature",), mana_value=value),)


def test_emerge_pays_its_cost_less_the_sacrificed_creatures_mana_value() -> None:
    # CR 702.119a: {5}{B}{G} less the Titan's mana value 5 is {B}{G}: a Swamp and a Forest pay it, where
    # they can't pay {8} (before, emerge was read as a keyword and the answer was a silent "no")
    board = make_board([mine("s", "Swamp"), mine("f", "Forest"), mine("t", TITAN)], hand=[MINDBENDER])
    result = checked(board, [None, Way("{B}{G}", sacrifice=_creature(5))])
    paid = paid_instead(result)
    assert paid is not None and paid.cost.keyword == "emerge" and paid.sacrificed == ("t",)
    assert paid.cost.mana == "{B}{G}" and sorted(result.tapped) == ["f", "s"] and not result.warnings
    # a Bear (mana value 2) leaves {3}{B}{G}: two lands are short; no creature, no emerge
    bear = make_board([mine("s", "Swamp"), mine("f", "Forest"), mine("b", BEAR)], hand=[MINDBENDER])
    assert checked(bear, [None, Way("{3}{B}{G}", sacrifice=_creature(2))]).payable is False
    alone = make_board([mine("s", "Swamp"), mine("f", "Forest")], hand=[MINDBENDER])
    assert usable_ways(alone, ME, _held(MINDBENDER)) == ()
    assert checked(alone, [None]).payable is False


def test_emerge_reduces_generic_mana_only() -> None:
    # mana value 7 is more than the {5}: {B}{G} is left (CR 601.2f: a reduction takes generic mana only)
    board = make_board([mine("s", "Swamp"), mine("h", HUGE)], hand=[MINDBENDER])
    assert checked(board, [None, Way("{B}{G}", sacrifice=_creature(7))]).payable is False
    forest = make_board([mine("s", "Swamp"), mine("f", "Forest"), mine("h", HUGE)], hand=[MINDBENDER])
    assert checked(forest, [None, Way("{B}{G}", sacrifice=_creature(7))]).payable is True


def test_emerge_may_sacrifice_a_creature_tapped_for_mana_and_weighs_each_creature() -> None:
    # the Mystic taps for {G} (a mana ability, CR 601.2g) and the Titan is sacrificed (CR 601.2h); with both
    # and no land, {B} is missing; each creature's way is weighed (the Mystic's leaves {4}{B}{G})
    lands = [mine("s", "Swamp"), mine("t", TITAN), mine("m", MYSTIC)]
    ways: list[Way | None] = [
        None,
        Way("{B}{G}", sacrifice=_creature(5)),
        Way("{4}{B}{G}", sacrifice=_creature(1)),
    ]
    result = checked(make_board(lands, hand=[MINDBENDER]), ways)
    paid = paid_instead(result)
    assert paid is not None and paid.sacrificed == ("t",) and sorted(result.tapped) == ["m", "s"]
    assert checked(make_board(lands[1:], hand=[MINDBENDER]), ways).payable is False


def test_an_offering_is_a_way_with_the_snakes_mana_cost_off() -> None:
    # CR 702.48a: "Snake offering" casts it by sacrificing a Snake and paying the difference in mana costs,
    # color included: {6}{G}{G} less the Snake's {3}{G} is {3}{G}, four Forests pay it (it was a warning)
    patron = {
        "name": "Test Patron",
        "type_line": "Legendary Creature — Spirit",
        "mana_cost": "{6}{G}{G}",
        "oracle": "Snake offering (You may cast this card any time you could cast an instant by sacrificing "
        "a Snake and paying the difference in mana costs between this and the sacrificed Snake. Mana cost "
        "includes color.)",
    }
    snake = {"name": "Test Snake", "type_line": "Creature — Snake", "mana_cost": "{3}{G}", "oracle": ""}
    forests = [mine(f"f{i}", "Forest") for i in range(4)]
    offering = Way("{3}{G}", sacrifice=(SacrificeCost(1, ("Snake",)),))
    result = checked(make_board([*forests, mine("s", snake)], hand=[patron]), [None, offering])
    assert result.payable is True and not result.warnings
    assert (
        checked(make_board([*forests[1:], mine("s", snake)], hand=[patron]), [None, offering]).payable
        is False
    )
