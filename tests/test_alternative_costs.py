"""Alternative costs paid instead of a spell's mana cost (CR 118.9, issue 35): the reader, and payments whose
hand-derived answers are checked against a brute force over the reference search's outcomes of every way
to cast the spell (its mana cost and each alternative cost, written out by hand here, not read), with every
choice of what pays the non-mana parts.

The card texts are those of ../shared/cards (Snuff Out, Force of Will, Soul Spike, Fireblast, Salvage Titan,
Bringer of the Red Dawn, Jodah, Archmage Eternal, Leyline of Mutation, Omniscience, Dracogenesis, Rooftop
Storm) or of the issue (Flare of Cultivation; Nissa, Worldsoul Speaker), under test names.
"""

from __future__ import annotations

import itertools
import json
from dataclasses import dataclass, replace
from typing import Any

import pytest
from boards import ME, make_board, mine
from test_cli_pay import report_facts, run

from models.additional_costs import PERMANENT, SacrificeCost
from models.alternative_costs import AlternativeCost, HandExile, SpellsGranted
from models.board import Board
from models.cost import ManaCost, PaymentTarget
from models.errors import InputError
from models.oracle import parse_oracle
from models.oracle.alternative_costs import alternative_cost_of, granted_alternative_cost
from models.spells import spell_target
from planner.api import PayResult, max_x, pay, text_warnings
from planner.rules.additional_costs import AdditionalPaid, sacrifice_candidates, with_additional
from planner.rules.alternative_costs import AlternativeCostPaid, usable_ways
from planner.rules.reference import reference_search
from planner.rules.replay import PaymentSummary
from planner.rules.view import BoardView, locked_in
from planner.solve.objective import objective_of

SNUFF_OUT = {
    "name": "Test Snuff Out",
    "type_line": "Instant",
    "mana_cost": "{3}{B}",
    "oracle": "If you control a Swamp, you may pay 4 life rather than pay this spell's mana cost.\n"
    "Destroy target nonblack creature. It can't be regenerated.",
}
FLARE = {
    "name": "Test Flare",
    "type_line": "Sorcery",
    "mana_cost": "{1}{G}{G}",
    "oracle": "You may sacrifice a nontoken green creature rather than pay this spell's mana cost.\n"
    "Search your library for up to two basic land cards, reveal those cards, put one onto the battlefield "
    "tapped and the other into your hand, then shuffle.",
}
FORCE = {
    "name": "Test Force",
    "type_line": "Instant",
    "mana_cost": "{3}{U}{U}",
    "oracle": "You may pay 1 life and exile a blue card from your hand rather than pay this spell's mana "
    "cost.\nCounter target spell.",
}
BLUE = {"name": "Test Blue", "type_line": "Instant", "mana_cost": "{U}", "oracle": "Draw a card."}
RED = {"name": "Test Red", "type_line": "Instant", "mana_cost": "{R}", "oracle": "Draw a card."}
GIANT = {"name": "Test Giant", "type_line": "Creature — Giant", "mana_cost": "{7}", "oracle": ""}
WURM = {"name": "Test Wurm", "type_line": "Creature — Wurm", "mana_cost": "{5}{G}{G}", "oracle": ""}
RITUAL = {"name": "Test Ritual", "type_line": "Sorcery", "mana_cost": "{5}{G}{G}", "oracle": "Draw a card."}
FIREBALL = {"name": "Test Fireball", "type_line": "Sorcery", "mana_cost": "{X}{R}", "oracle": "Deal X."}
FIST = {
    "name": "Test Fist",
    "type_line": "Artifact",
    "oracle": "You may pay {W}{U}{B}{R}{G} rather than pay the mana cost for spells you cast.",
}
NISSA = {
    "name": "Test Nissa",
    "type_line": "Legendary Creature — Elf Druid",
    "oracle": "Landfall — Whenever a land you control enters, you get {E}{E}.\n"
    "You may pay eight {E} rather than pay the mana cost for permanent spells you cast.",
}
OMNISCIENCE = {
    "name": "Test Omniscience",
    "type_line": "Enchantment",
    "oracle": "You may cast spells from your hand without paying their mana costs.",
}
GREEN_TOKEN = {
    "name": "Saproling",
    "type_line": "Token Creature — Saproling",
    "oracle": "",
    "token": True,
    "color_indicator": "G",
}
BEAR = {"name": "Test Bear", "type_line": "Creature — Bear", "mana_cost": "{1}{G}", "oracle": ""}
GOBLIN = {"name": "Test Goblin", "type_line": "Creature — Goblin", "mana_cost": "{R}", "oracle": ""}


# ------------------------------------------------------------------------------------------------ reading
@pytest.mark.parametrize(
    ("sentence", "cost"),
    [
        (
            "You may sacrifice a nontoken green creature rather than pay ~'s mana cost.",
            AlternativeCost("", sacrifice=(SacrificeCost(1, ("Creature",), nontoken=True, colors="G"),)),
        ),
        (
            "If you control a Swamp, you may pay 4 life rather than pay ~'s mana cost.",
            AlternativeCost("", life=4, if_control=("Swamp",)),
        ),
        (
            "You may pay 1 life and exile a blue card from your hand rather than pay ~'s mana cost.",
            AlternativeCost("", life=1, exile=HandExile(1, "U")),
        ),
        (
            "You may exile two black cards from your hand rather than pay ~'s mana cost.",
            AlternativeCost("", exile=HandExile(2, "B")),
        ),
        (
            "You may sacrifice two Mountains rather than pay ~'s mana cost.",
            AlternativeCost("", sacrifice=(SacrificeCost(2, ("Mountain",)),)),
        ),
        (
            "You may sacrifice three artifacts rather than pay ~'s mana cost.",
            AlternativeCost("", sacrifice=(SacrificeCost(3, ("Artifact",)),)),
        ),
        ("You may pay {W}{U}{B}{R}{G} rather than pay ~'s mana cost.", AlternativeCost("{W}{U}{B}{R}{G}")),
        (
            "You may return two Islands you control to their owner's hand rather than pay ~'s mana cost.",
            AlternativeCost("", sacrifice=(SacrificeCost(2, ("Island",), returned=True),)),
        ),
        (
            "You may pay {1} and return a basic land you control to its owner's hand rather than pay "
            "~'s mana cost.",
            AlternativeCost("{1}", sacrifice=(SacrificeCost(1, ("Land",), returned=True, basic=True),)),
        ),
        (
            "You may return a nonbasic land you control to its owner's hand rather than pay ~'s mana cost.",
            None,
        ),
        ("You may discard a Swamp card rather than pay ~'s mana cost.", None),
        # (read by the grammar where the first reader read no more: any card exiled, a sacrifice of one of two
        # types, 'you control', 'this spell's')
        (
            "You may exile a card from your hand rather than pay this spell's mana cost.",
            AlternativeCost("", exile=HandExile(1, "")),
        ),
        (
            "You may sacrifice an artifact or creature you control rather than pay ~'s mana cost.",
            AlternativeCost("", sacrifice=(SacrificeCost(1, ("Artifact", "Creature")),)),
        ),
        # (a card of the hand discarded, CR 118.9, 601.2a: read since zones37b, paid in
        # test_discard_alternative_cost.py)
        (
            "You may discard a card rather than pay ~'s mana cost.",
            AlternativeCost("", exile=HandExile(1, discard=True)),
        ),
        ("You may pay {X} rather than pay ~'s mana cost.", None),
        ("You may pay {1} and pay {2} rather than pay ~'s mana cost.", None),
        ("You may pay X life rather than pay ~'s mana cost.", None),
        (
            "You may sacrifice a permanent rather than pay ~'s mana cost.",
            AlternativeCost("", sacrifice=(SacrificeCost(1, (PERMANENT,)),)),
        ),
        ("You may sacrifice a green artifact or creature rather than pay ~'s mana cost.", None),
        (
            "You may exile a red card from your hand and exile a blue card from your hand rather than pay "
            "~'s mana cost.",
            None,
        ),
        ("You may pay {W}{U}{B}{R}{G} rather than pay the mana cost for spells you cast.", None),
    ],
)
def test_own_costs(sentence: str, cost: AlternativeCost | None) -> None:
    read = alternative_cost_of(sentence)
    assert (replace(read, text="") if read is not None else None) == cost


@pytest.mark.parametrize(
    ("sentence", "mana", "energy", "spells"),
    [
        (
            "You may pay {W}{U}{B}{R}{G} rather than pay the mana cost for spells you cast.",
            "{W}{U}{B}{R}{G}",
            0,
            SpellsGranted(),
        ),
        (
            "You may pay {W}{U}{B}{R}{G} rather than pay the mana cost for spells that you cast.",
            "{W}{U}{B}{R}{G}",
            0,
            SpellsGranted(),
        ),
        (
            "You may pay eight {E} rather than pay the mana cost for permanent spells you cast.",
            "",
            8,
            SpellsGranted(permanent=True),
        ),
        (
            "You may pay {0} rather than pay the mana cost for Zombie creature spells you cast.",
            "{0}",
            0,
            SpellsGranted(types=("Zombie", "Creature")),
        ),
        (
            "You may cast spells from your hand without paying their mana costs.",
            "",
            0,
            SpellsGranted(from_hand=True),
        ),
        (
            "You may cast Dragon spells without paying their mana costs.",
            "",
            0,
            SpellsGranted(types=("Dragon",)),
        ),
    ],
)
def test_granted_costs(sentence: str, mana: str, energy: int, spells: SpellsGranted) -> None:
    read = granted_alternative_cost(sentence)
    assert read is not None and (read.mana, read.energy, read.spells) == (mana, energy, spells)
    assert [s.read_as for s in parse_oracle(sentence).sentences] == ["effect"]


def test_a_grant_not_read_stays_unsupported() -> None:
    sentence = (
        "Once each turn, you may pay {0} rather than pay the mana cost for a spell you cast from your "
        "graveyard."
    )
    assert granted_alternative_cost(sentence) is None
    assert [s.read_as for s in parse_oracle(sentence).sentences] == ["unsupported"]


def test_an_own_cost_is_not_a_granted_one() -> None:
    assert granted_alternative_cost("You may pay 4 life rather than pay ~'s mana cost.") is None
    read = granted_alternative_cost(
        "You may sacrifice a creature rather than pay the mana cost for Dragon spells you cast."
    )
    assert read is not None and read.sacrifice == (SacrificeCost(1, ("Creature",)),)
    assert read.spells == SpellsGranted(types=("Dragon",))


def test_a_permanents_own_alternative_cost_is_ignored_on_the_battlefield() -> None:
    bringer = {
        "name": "Test Bringer",
        "type_line": "Creature — Bringer",
        "mana_cost": "{7}{R}{R}",
        "oracle": "You may pay {W}{U}{B}{R}{G} rather than pay this spell's mana cost.\nTrample",
    }
    board = make_board([mine("b", bringer), mine("f", "Forest")], hand=[GIANT])
    assert not text_warnings(board)
    assert usable_ways(board, ME, spell_target(board.player(ME).hand[0])) == ()


# ------------------------------------------------------------------------------------- the brute force
@dataclass(frozen=True)
class Way:
    """One way to cast a spell, written out by hand: its mana, life, energy, sacrifices, cards to exile
    (``exile``: how many, ``colors``: of which color letters)."""

    mana: str
    life: int = 0
    energy: int = 0
    sacrifice: tuple[SacrificeCost, ...] = ()
    exile: int = 0
    colors: str = ""


def brute_force(board: Board, target: PaymentTarget, ways: list[Way | None]) -> tuple[int, ...] | None:
    """The best objective of every plan the reference search finds for each way (None: the mana cost),
    with every choice of cards exiled and of permanents the plan left to sacrifice; None when none pays."""
    best: tuple[int, ...] | None = None
    me = board.player(ME)
    additional = tuple(c for c in target.additional_costs if isinstance(c, SacrificeCost))
    for way in ways:
        cast = target if way is None else target.with_cost(ManaCost.parse(way.mana or "{0}"))
        cast = replace(cast, additional_costs=())
        if way is not None and (me.life < way.life or me.counter("energy") < way.energy):
            continue
        exilable = [
            c.name
            for c in me.hand
            if way is not None and (not way.colors or any(letter in str(c.colors) for letter in way.colors))
        ]
        if target.name in exilable:
            exilable.remove(target.name)
        for exiled in set(itertools.combinations(sorted(exilable), way.exile if way else 0)):
            after = board
            if way is not None:
                counters = tuple((n, c - way.energy if n == "energy" else c) for n, c in me.counters)
                left = list(me.hand)
                for name in exiled:
                    left.remove(next(c for c in left if c.name == name))
                after = board.replace_player(ME, life=me.life - way.life, counters=counters, hand=tuple(left))
            sacrifices = (*additional, *(way.sacrifice if way is not None else ()))
            locked = locked_in(BoardView(after), cast, ME)  # (the reference pays a cost as locked in)
            for summary in reference_search(after, locked, ME, max_states=100_000).outcomes:
                pools = [
                    list(itertools.combinations(sacrifice_candidates(after, ME, c), c.count))
                    for c in sacrifices
                ]
                for parts in itertools.product(*pools):
                    chosen = [pid for part in parts for pid in part]
                    if len(set(chosen)) != len(chosen) or summary.gone.intersection(chosen):
                        continue
                    paid = with_additional(summary, AdditionalPaid(tuple(chosen), ()))
                    if way is not None:
                        paid = _with_way(paid, way, exiled)
                    levels = objective_of(after, ME, paid)
                    best = levels if best is None or levels < best else best
    return best


def _with_way(summary: PaymentSummary, way: Way, exiled: tuple[str, ...]) -> PaymentSummary:
    return replace(
        summary,
        life_paid=summary.life_paid + way.life,
        energy_paid=summary.energy_paid + way.energy,
        exiled_cards=tuple(sorted((*summary.exiled_cards, *exiled))),
    )


def checked(board: Board, ways: list[Way | None], *, name: str = "") -> PayResult:
    """The payment of the hand's first card (or the one called ``name``), checked against the brute force
    over ``ways``: the same verdict and, when payable, the same objective."""
    held = board.player(ME).in_hand(name) if name else board.player(ME).hand[0]
    assert held is not None
    target = spell_target(held)
    result = pay(board, target)
    best = brute_force(board, target, ways)
    assert result.payable == (best is not None), result.reason
    if best is not None:
        assert tuple(value for _, value in result.objective) == best
        assert result.optimal
    return result


def paid_instead(result: PayResult) -> AlternativeCostPaid | None:
    """The alternative cost the answer paid, if any (the last of the JSON's alternative_payments)."""
    listed = [a for a in result.to_json()["alternative_payments"] if a["kind"] == "alternative_cost"]
    assert len(listed) == (result.alternative_cost is not None)  # (at most one, CR 118.9a)
    if result.alternative_cost is not None:
        assert listed[-1] == result.alternative_cost.to_json()
    return result.alternative_cost


# ---------------------------------------------------------------------------------------- its own costs
def test_snuff_out_pays_4_life_when_the_mana_can_not() -> None:
    # three lands can't pay {3}{B}; a Swamp is there, 20 life: 4 life pays it
    board = make_board([mine("s", "Swamp"), mine("f1", "Forest"), mine("f2", "Forest")], hand=[SNUFF_OUT])
    result = checked(board, [None, Way("", life=4)])
    paid = paid_instead(result)
    assert paid is not None and paid.source == "Test Snuff Out" and paid.cost.life == 4
    assert result.life_paid == 4 and result.tapped == () and result.cost == "{3}{B}"
    assert paid.to_json() == {
        "kind": "alternative_cost",
        "source": "Test Snuff Out",
        "cost": "pay 4 life",
        "paid": "",
        "life": 4,
        "energy": 0,
        "sacrificed": [],
        "exiled": [],
    }
    assert not result.warnings
    # castable by its mana cost? no
    assert pay(board, spell_target(board.player(ME).hand[0]), alternative_cost="forbid").payable is False


def test_a_granted_alternative_cost_with_a_choice_of_additional_costs_follows_the_option() -> None:
    # a spell with a choice of additional costs (CR 601.2b: sacrifice a creature or discard a card) and an
    # alternative cost a permanent grants (CR 118.9): its mana cost {7}{G} is more than the five lands make,
    # the granted {W}{U}{B}{R}{G} is not; each additional cost's way pays the mana cost alone (before, it
    # weighed the alternative cost again, and the replay rejected the plan: 'do not pay {7}{G} exactly')
    fist = {
        "name": "Test Fist",
        "type_line": "Artifact",
        "oracle": "You may pay {W}{U}{B}{R}{G} rather than pay the mana cost for spells you cast.",
    }
    bear = {"name": "Test Bear", "type_line": "Creature — Bear", "oracle": "", "mana_cost": "{1}{G}"}
    basics = ("Plains", "Island", "Swamp", "Mountain", "Forest")
    lands = [mine(f"l{i}", name) for i, name in enumerate(basics)]
    blast = {
        "name": "Test Costly Blast",
        "type_line": "Sorcery",
        "mana_cost": "{7}{G}",
        "oracle": "As an additional cost to cast this spell, sacrifice a creature or discard a card.\n"
        "Test Costly Blast deals 3 damage to any target.",
    }
    board = make_board([mine("fist", fist), mine("bear", bear), *lands], hand=[blast, "Lightning Bolt"])
    target = spell_target(board.player(ME).hand[0])
    forbidden = pay(board, target, alternative_cost="forbid")
    assert forbidden.payable is False and forbidden.alternative_cost is None
    for option in ("allow", "require"):
        result = pay(board, target, alternative_cost=option)
        assert result.payable and result.alternative_cost is not None
        assert result.alternative_cost.source == "fist"
        assert sorted(result.tapped) == ["l0", "l1", "l2", "l3", "l4"]
        assert result.additional is not None
        assert len(result.additional.sacrificed) + len(result.additional.discarded) == 1


def test_snuff_out_pays_mana_rather_than_life_when_it_can() -> None:
    # four lands pay {3}{B}: life comes before the mana tied up (objective), so the lands pay
    board = make_board(
        [mine("s", "Swamp"), mine("f1", "Forest"), mine("f2", "Forest"), mine("f3", "Forest")],
        hand=[SNUFF_OUT],
    )
    result = checked(board, [None, Way("", life=4)])
    assert paid_instead(result) is None and result.life_paid == 0 and len(result.tapped) == 4
    required = pay(board, spell_target(board.player(ME).hand[0]), alternative_cost="require")
    assert required.payable and required.life_paid == 4 and paid_instead(required) is not None


def test_snuff_out_needs_a_swamp_and_the_life() -> None:
    no_swamp = make_board([mine("f1", "Forest"), mine("f2", "Forest")], hand=[SNUFF_OUT])
    assert checked(no_swamp, [None]).payable is False
    # 4 life at 4 may be paid (CR 119.4); at 3 it may not
    low = make_board([mine("s", "Swamp")], hand=[SNUFF_OUT], life=4)
    assert checked(low, [None, Way("", life=4)]).payable
    lower = make_board([mine("s", "Swamp")], hand=[SNUFF_OUT], life=3)
    assert checked(lower, [None]).payable is False
    required = pay(lower, spell_target(lower.player(ME).hand[0]), alternative_cost="require")
    assert required.payable is False and "me has 3 life" in (required.reason or "")


def test_flare_sacrifices_the_nontoken_green_creature() -> None:
    # Forest and Llanowar Elves make two mana, not three: the Flare sacrifices a nontoken green creature,
    # the Elves (the Saproling is a token, the Goblin is red)
    board = make_board(
        [mine("f", "Forest"), mine("elf", "Llanowar Elves"), mine("sap", GREEN_TOKEN), mine("gob", GOBLIN)],
        hand=[FLARE],
    )
    flare_way = Way("", sacrifice=(SacrificeCost(1, ("Creature",), nontoken=True, colors="G"),))
    result = checked(board, [None, flare_way])
    paid = paid_instead(result)
    assert paid is not None and paid.sacrificed == ("elf",) and result.additional == AdditionalPaid()
    assert result.tapped == ()


def test_flare_prefers_the_mana_and_refuses_tokens() -> None:
    three = make_board(
        [mine("f1", "Forest"), mine("f2", "Forest"), mine("f3", "Forest"), mine("bear", BEAR)], hand=[FLARE]
    )
    flare_way = Way("", sacrifice=(SacrificeCost(1, ("Creature",), nontoken=True, colors="G"),))
    assert paid_instead(checked(three, [None, flare_way])) is None  # (nothing sacrificed beats a Bear)
    tokens = make_board([mine("f", "Forest"), mine("sap", GREEN_TOKEN), mine("gob", GOBLIN)], hand=[FLARE])
    assert checked(tokens, [None, flare_way]).payable is False


def test_force_exiles_a_blue_card_and_pays_a_life() -> None:
    # an Island can't pay {3}{U}{U}: 1 life and the blue card, not the red one nor the Force itself
    board = make_board([mine("i", "Island")], hand=[FORCE, BLUE, RED])
    result = checked(board, [None, Way("", life=1, exile=1, colors="U")])
    paid = paid_instead(result)
    assert paid is not None and paid.exiled == ("Test Blue",) and result.life_paid == 1
    assert result.parts.exiled_from_hand == ("Test Blue",)
    alone = make_board([mine("i", "Island")], hand=[FORCE, RED])
    assert checked(alone, [None]).payable is False
    two = make_board([mine("i", "Island")], hand=[FORCE, FORCE])
    assert paid_instead(checked(two, [None, Way("", life=1, exile=1, colors="U")])) is not None


def test_mana_and_a_sacrifice_together_tap_the_creature_then_sacrifice_it() -> None:
    """'Pay {G} and sacrifice a creature' (a made-up cost of both kinds): mana abilities come first, then the
    costs (CR 601.2g-h), so Llanowar Elves taps for the {G} and is then sacrificed; the Forest stays open."""
    both = {
        "name": "Test Both",
        "type_line": "Sorcery",
        "mana_cost": "{4}{G}{G}",
        "oracle": "You may pay {G} and sacrifice a creature rather than pay this spell's mana cost.\nDraw.",
    }
    board = make_board([mine("f", "Forest"), mine("elf", "Llanowar Elves")], hand=[both])
    result = checked(board, [None, Way("{G}", sacrifice=(SacrificeCost(1, ("Creature",)),))])
    paid = paid_instead(result)
    assert paid is not None and paid.sacrificed == ("elf",) and result.tapped == ("elf",)
    assert paid.to_json()["paid"] == "{G}" and paid.cost.describe() == "pay {G} and sacrifice a creature"


# --------------------------------------------------------------------------------------- granted costs
def test_a_granted_five_color_cost_pays_a_seven() -> None:
    # five basics can't pay {7}; the Fist's {W}{U}{B}{R}{G} taps all five
    lands = [
        mine(f"l{i}", name) for i, name in enumerate(("Plains", "Island", "Swamp", "Mountain", "Forest"))
    ]
    board = make_board([mine("fist", FIST), *lands], hand=[GIANT])
    result = checked(board, [None, Way("{W}{U}{B}{R}{G}")])
    paid = paid_instead(result)
    assert paid is not None and paid.source == "fist" and len(result.tapped) == 5
    assert result.total_cost == "{W}{U}{B}{R}{G}" and result.cost == "{7}"
    # the opponent's Fist is not the player's
    theirs = make_board([{**mine("fist", FIST), "controller": "opp"}, *lands], hand=[GIANT])
    assert checked(theirs, [None]).payable is False


def test_nissa_pays_eight_energy_for_permanent_spells_only() -> None:
    board = make_board([mine("n", NISSA), mine("f", "Forest")], hand=[WURM, RITUAL])
    board = board.replace_player(ME, counters=(("energy", 8),))
    result = checked(board, [None, Way("", energy=8)], name="Test Wurm")
    assert paid_instead(result) is not None and result.parts.energy_paid == 8
    # a sorcery is no permanent spell; seven energy is not eight
    assert checked(board, [None], name="Test Ritual").payable is False
    seven = board.replace_player(ME, counters=(("energy", 7),))
    assert checked(seven, [None], name="Test Wurm").payable is False


def test_a_granted_cost_is_named_in_warnings_for_a_spell_given_by_its_cost_alone() -> None:
    # (weighed for a named spell only: for '{7}{G}{G}' of a creature spell, a warning that eight {E} might
    # pay it, never a silent "no"; none where it could not, seven energy, or for a sorcery)
    board = make_board([mine("n", NISSA)]).replace_player(ME, counters=(("energy", 8),))
    creature = PaymentTarget.of("{7}{G}{G}", type_line="Creature — Elf")
    answer = pay(board, creature)
    assert answer.payable is False
    (warning,) = answer.warnings
    assert warning.permanent == "n" and "--spell" in warning.reason and not warning.refused_by_strict
    assert pay(board, PaymentTarget.of("{7}{G}{G}", type_line="Sorcery")).warnings == ()
    seven = board.replace_player(ME, counters=(("energy", 7),))
    assert pay(seven, creature).warnings == ()


def test_omniscience_casts_from_the_hand_only() -> None:
    board = make_board([mine("o", OMNISCIENCE), mine("f", "Forest")], hand=[WURM])
    result = checked(board, [None, Way("")])
    assert paid_instead(result) is not None and result.tapped == ()
    # the same card from card data, not from the hand: no Omniscience
    elsewhere = make_board([mine("o", OMNISCIENCE), mine("f", "Forest")])
    target = spell_target(board.player(ME).hand[0])
    assert pay(elsewhere, target).payable is False
    assert pay(elsewhere, replace(target, from_hand=True)).payable


def test_additional_costs_and_cost_increases_still_apply() -> None:
    """CR 601.2f: an alternative cost is still increased ('Noncreature spells cost {1} more to cast') and
    the spell's additional cost still paid (a land sacrificed for Harrow's)."""
    tax = {
        "name": "Test Thalia",
        "type_line": "Creature — Human Soldier",
        "mana_cost": "{1}{W}",
        "oracle": "Noncreature spells cost {1} more to cast.",
    }
    board = make_board([mine("o", OMNISCIENCE), mine("t", tax), mine("f", "Forest")], hand=[RITUAL])
    result = checked(board, [None, Way("")])
    assert paid_instead(result) is not None and result.total_cost == "{1}" and result.tapped == ("f",)
    assert str(locked_in(BoardView(board), PaymentTarget.of("{0}", type_line="Sorcery"), ME).cost) == "{1}"
    harrow = {
        "name": "Test Harrow",
        "type_line": "Instant",
        "mana_cost": "{2}{G}",
        "oracle": "As an additional cost to cast this spell, sacrifice a land.\nDraw a card.",
    }
    lands = make_board([mine("o", OMNISCIENCE), mine("f", "Forest")], hand=[harrow])
    result = checked(lands, [None, Way("")])
    assert paid_instead(result) is not None and result.additional == AdditionalPaid(("f",), ())
    landless = make_board([mine("o", OMNISCIENCE), mine("sol", "Sol Ring")], hand=[harrow])
    assert checked(landless, [None]).payable is False


def test_max_x_is_0_for_a_cost_without_x() -> None:
    # Omniscience pays {X}{R} with X = 0 for nothing; with three Mountains the mana cost pays X = 2
    one = make_board([mine("o", OMNISCIENCE), mine("m", "Mountain")], hand=[FIREBALL])
    target = spell_target(one.player(ME).hand[0])
    result = max_x(one, target)
    assert result.x == 0 and paid_instead(result) is not None and result.tapped == ()
    assert max_x(one, target, alternative_cost="forbid").tapped == ("m",)
    three = make_board(
        [mine("o", OMNISCIENCE), *(mine(f"m{i}", "Mountain") for i in range(3))], hand=[FIREBALL]
    )
    assert max_x(three, spell_target(three.player(ME).hand[0])).x == 2
    none = make_board([mine("o", OMNISCIENCE)], hand=[FIREBALL])
    assert max_x(none, spell_target(none.player(ME).hand[0])).x == 0


def test_require_without_an_alternative_cost_is_not_payable() -> None:
    board = make_board([mine("f", "Forest"), mine("f2", "Forest")], hand=[BEAR])
    result = pay(board, spell_target(board.player(ME).hand[0]), alternative_cost="require")
    assert result.payable is False and "no alternative cost" in (result.reason or "")
    with pytest.raises(InputError, match="alternative_cost"):
        pay(board, spell_target(board.player(ME).hand[0]), alternative_cost="sometimes")


# ------------------------------------------------------------------------------------------ the command
def test_the_command_says_what_it_paid(tmp_path: Any) -> None:
    data = {
        "version": 1,
        "players": [{"id": "me", "life": 20, "hand": [SNUFF_OUT]}],
        "permanents": [{"id": "s", "card": "Swamp", "controller": "me"}],
    }
    path = tmp_path / "board.json"
    path.write_text(json.dumps(data))
    answer = run("pay", str(path), "--spell", "Test Snuff Out", "--json")
    assert answer.exit_code == 0, answer.output
    parsed = json.loads(answer.stdout)
    assert parsed["payable"] and parsed["life_paid"] == 4
    assert parsed["alternative_payments"][0]["kind"] == "alternative_cost"
    text = run("pay", str(path), "--spell", "Test Snuff Out")
    facts = report_facts(text.stdout)
    assert facts["alternative cost"] == "Test Snuff Out's alternative cost: pay 4 life"
    forbidden = run("pay", str(path), "--spell", "Test Snuff Out", "--alternative-cost", "forbid")
    assert forbidden.exit_code == 1 and "not payable" in forbidden.stdout


def test_a_turn_plan_casts_for_alternative_costs() -> None:
    """plan-turn casts a spell for a usable alternative cost when the objective finds it best (Omniscience:
    the Wurm for nothing; Force for a life and a blue card exiled: tests/test_turn_alternative_costs.py)."""
    from planner.turn import plan_turn

    board = make_board([mine("o", OMNISCIENCE), mine("f", "Forest")], hand=[WURM])
    plan = plan_turn(board)
    assert plan.optimal and not plan.notes
    assert [(s.card, s.payment.alternative_cost is not None) for s in plan.spells] == [("Test Wurm", True)]
    plain = plan_turn(make_board([mine("f", "Forest")], hand=[WURM]))
    assert not any("alternative cost" in note for note in plain.notes)
    drawing = {**FORCE, "oracle": str(FORCE["oracle"]).replace("Counter target spell.", "Draw two cards.")}
    force = plan_turn(make_board([mine("i", "Island")], hand=[drawing, BLUE, BLUE]))
    assert force.optimal and not force.notes
    assert [(s.card, s.payment.alternative_cost is not None) for s in force.spells] == [
        ("Test Force", True),
        ("Test Blue", False),
    ]


def test_the_service_takes_the_option() -> None:
    from planner.service.methods import RpcError, Service

    data = {
        "version": 1,
        "players": [{"id": "me", "hand": [WURM]}],
        "permanents": [
            {"id": "o", "controller": "me", **OMNISCIENCE},
            {"id": "f", "card": "Forest", "controller": "me"},
        ],
    }
    service = Service()
    answer = service.call("pay", {"board": data, "spell": "Test Wurm"})
    assert answer["payable"] and answer["alternative_payments"][-1]["source"] == "o"
    assert (
        service.call("pay", {"board": data, "spell": "Test Wurm", "alternative_cost": "forbid"})["payable"]
        is False
    )
    with pytest.raises(RpcError, match="expected one of allow, forbid, require"):
        service.call("pay", {"board": data, "spell": "Test Wurm", "alternative_cost": "never"})
