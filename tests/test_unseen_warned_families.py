"""Families of Oracle phrases the probes of unseen cards left warned (issue 35: "every ability it reads, it
uses"), read by the grammar and followed in every stage (could-produce, the CP-SAT model, the replay, the
reference search), or warned with the rule or the board field that is missing:

- a filter that is a color or a type under one noun ('Sacrifice a black or artifact creature', Soldevi
  Adnate): ``ObjectFilter.or_types`` beside ``colors`` (declared as reading types and colors), matched on
  the battlefield and among cards in a graveyard; 'a black or red creature' is either color;
- a count of permanents with a keyword ('for each creature with defender you control', Overgrown
  Battlement, Axebane Guardian): ``ObjectFilter.keyword`` (declared as reading keywords), judged by the
  permanents' rules text (:meth:`BoardView.has_keyword`); a board with a sentence that may grant or take
  away that keyword ('Enchanted creature has defender.') sets such abilities aside with a warning;
- 'is every land type' (Omo, Queen of Vesuva's lands with an everything counter): every land type of CR
  205.3i, basic (their mana abilities, CR 305.6) and not (Urza's Mine and Power-Plant for Urza's Tower);
- an activated ability that untaps and adds no mana ('{G}, {T}: Untap target Elf.', Wirewood Lodge) is no
  mana ability (CR 605.1a): it is activated with priority before casting, never while paying (CR 601.2g),
  which a payment does not plan, and the board's warnings say so;
- a sentence that reads a fact of the turn no board records ('for each creature that attacked this turn',
  Witchstalker Frenzy; 'you've sacrificed this turn', Dargo): unsupported, with a warning naming that fact.

The cards are made up, written in the phrases of those families. Values are derived by hand from the rules;
each board is checked against the reference search too.
"""

from __future__ import annotations

from typing import Any

from boards import checked_verdict, graveyard_board, largest_x, make_board, mine

from models.abilities import AmountKind, BoardFact
from models.cost import PaymentTarget
from models.oracle import parse_oracle
from models.oracle.parsed import PRIORITY_UNTAP
from models.spells import spell_of
from planner.api import could_produce, max_x, pay, spell_text_warnings, text_warnings
from planner.rules.records import WarningKind

#: 'Sacrifice a black or artifact creature' with an amount of the sacrificed creature's mana value.
ADNATE: dict[str, Any] = {
    "name": "Test Adnate",
    "type_line": "Creature — Phyrexian Cleric",
    "mana_cost": "{1}{B}",
    "power": 1,
    "toughness": 2,
    "oracle": "{T}, Sacrifice a black or artifact creature: Add an amount of {B} equal to the sacrificed "
    "creature's mana value.",
}
#: An outlet with no {T}: a black or artifact creature for {C}.
OUTLET: dict[str, Any] = {
    "name": "Test Outlet",
    "type_line": "Enchantment",
    "oracle": "Sacrifice a black or artifact creature: Add {C}.",
}
BLACK_BEAR: dict[str, Any] = {
    "name": "Black Bear",
    "type_line": "Creature — Bear",
    "mana_cost": "{1}{B}",
    "power": 2,
    "toughness": 2,
}
GREEN_BEAR: dict[str, Any] = {
    "name": "Green Bear",
    "type_line": "Creature — Bear",
    "mana_cost": "{1}{G}",
    "power": 2,
    "toughness": 2,
}
#: A colorless artifact creature of mana value 4.
GOLEM: dict[str, Any] = {
    "name": "Test Golem",
    "type_line": "Artifact Creature — Golem",
    "mana_cost": "{4}",
    "power": 3,
    "toughness": 3,
}
#: 'for each creature with defender you control' (Overgrown Battlement's phrase).
BATTLEMENT: dict[str, Any] = {
    "name": "Test Battlement",
    "type_line": "Creature — Wall",
    "mana_cost": "{1}{G}",
    "power": 0,
    "toughness": 3,
    "oracle": "Defender\n{T}: Add {G} for each creature with defender you control.",
}
#: 'X ... where X is the number of creatures with defender you control' (Axebane Guardian's phrase).
GUARDIAN: dict[str, Any] = {
    "name": "Test Guardian",
    "type_line": "Creature — Human Druid",
    "mana_cost": "{2}{G}",
    "power": 0,
    "toughness": 3,
    "oracle": "Defender\n{T}: Add X mana in any combination of colors, where X is the number of creatures "
    "with defender you control.",
}
WALL: dict[str, Any] = {
    "name": "Test Wall",
    "type_line": "Creature — Wall",
    "power": 0,
    "toughness": 4,
    "oracle": "Defender",
}
#: A grant of defender (Guard Duty's sentence).
DUTY: dict[str, Any] = {
    "name": "Test Duty",
    "type_line": "Enchantment — Aura",
    "oracle": "Enchant creature\nEnchanted creature has defender.",
}
#: Omo, Queen of Vesuva's land sentence.
EVERYTHING: dict[str, Any] = {
    "name": "Test Everything",
    "type_line": "Enchantment",
    "oracle": "Each land with an everything counter on it is every land type in addition to its other types.",
}
#: Wirewood Lodge's untap: targeted, no mana.
LODGE: dict[str, Any] = {
    "name": "Test Lodge",
    "type_line": "Land",
    "oracle": "{T}: Add {C}.\n{G}, {T}: Untap target Elf.",
}
#: Voltaic Key's untap, on a board with no mana ability that taps.
KEY: dict[str, Any] = {
    "name": "Test Key",
    "type_line": "Artifact",
    "mana_cost": "{1}",
    "oracle": "{1}, {T}: Untap target artifact.",
}


# ------------------------------------------------------------------------------------------ or-filters


def test_a_color_or_a_type_under_one_noun_is_one_filter() -> None:
    (ability,) = parse_oracle(ADNATE["oracle"], ADNATE["name"]).mana_abilities
    flt = ability.cost.sacrifice
    assert flt is not None
    assert flt.describe() == "black or artifact creature you control"
    assert flt.types == ("Creature",) and str(flt.colors) == "B" and flt.or_types == ("Artifact",)
    # (whether it matches changes with a permanent's types and colors: what is kept of it is keyed by both)
    assert {BoardFact.TYPES, BoardFact.COLORS} <= flt.reads() and not flt.reads_status
    assert ability.output.amount.kind is AmountKind.MANA_VALUE
    # two colors: either
    (either,) = parse_oracle("{T}, Sacrifice a black or red creature: Add {B}.").mana_abilities
    assert either.cost.sacrifice is not None and str(either.cost.sacrifice.colors) == "BR"
    assert not either.cost.sacrifice.or_types
    assert either.cost.sacrifice.describe() == "black or red creature you control"
    # a restriction on spells reads its colors as all of them: 'black or red spells' is not read as such
    spent = parse_oracle("{T}: Add {B}. Spend this mana only to cast black or red spells.")
    assert [s.read_as for s in spent.sentences] == ["unsupported", "unsupported"]


def test_the_adnate_sacrifices_a_black_or_an_artifact_creature_for_its_mana_value() -> None:
    """One activation ({T}): the Golem (an artifact, mana value 4) makes {B}{B}{B}{B}; the black Bear or the
    Adnate itself (black, tapped first, then sacrificed: CR 601.2h) two; the green Bear is neither."""
    board = make_board(
        [mine("a", ADNATE), mine("k", BLACK_BEAR), mine("g", GREEN_BEAR), mine("o", GOLEM)], opponent=False
    )
    assert str(could_produce(board)["a"]) == "B"
    assert checked_verdict(board, "{B}{B}{B}{B}") and not checked_verdict(board, "{B}{B}{B}{B}{B}")
    assert largest_x(board) == 4 and not text_warnings(board)
    plan = pay(board, PaymentTarget.of("{B}{B}{B}{B}"))
    assert plan.sacrificed == ("o",)
    # no artifact: the black Bear or itself, two
    black = make_board([mine("a", ADNATE), mine("k", BLACK_BEAR), mine("g", GREEN_BEAR)], opponent=False)
    assert checked_verdict(black, "{B}{B}") and not checked_verdict(black, "{B}{B}{B}")


def test_an_outlet_takes_only_black_or_artifact_creatures() -> None:
    """No {T}: each black or artifact creature is sacrificed for {C}; a green one is not (what it could
    produce ignores whether its cost can be paid, CR 106.7: {C})."""
    green = make_board([mine("s", OUTLET), mine("g", GREEN_BEAR)], opponent=False)
    assert str(could_produce(green)["s"]) == "C"
    assert largest_x(green) == 0
    board = make_board(
        [mine("s", OUTLET), mine("g", GREEN_BEAR), mine("k", BLACK_BEAR), mine("o", GOLEM)], opponent=False
    )
    assert checked_verdict(board, "{C}{C}") and not checked_verdict(board, "{C}{C}{C}")
    # either color: a red creature, not a green one
    red = {**GREEN_BEAR, "name": "Red Bear", "mana_cost": "{1}{R}"}
    either = {**OUTLET, "oracle": "Sacrifice a black or red creature: Add {C}."}
    assert largest_x(make_board([mine("s", either), mine("r", red), mine("g", GREEN_BEAR)])) == 1
    # an opponent's creatures are not the outlet controller's to sacrifice
    theirs = make_board([mine("s", OUTLET), {"id": "k", "controller": "opp", **BLACK_BEAR}])
    assert max_x(theirs, PaymentTarget.of("{X}")).x == 0


def test_cards_in_a_graveyard_are_counted_by_a_color_or_a_type() -> None:
    """A black creature card and an artifact creature card count; a green creature card and a black
    sorcery don't: {B}{B}."""
    crypt = {
        "id": "c",
        "controller": "me",
        "name": "Test Crypt",
        "type_line": "Land",
        "oracle": "{T}: Add {B} for each black or artifact creature card in your graveyard.",
    }
    cards = [
        {"name": "Black Bear", "type_line": "Creature — Bear", "mana_cost": "{1}{B}"},
        {"name": "Test Golem", "type_line": "Artifact Creature — Golem", "mana_cost": "{4}"},
        {"name": "Green Bear", "type_line": "Creature — Bear", "mana_cost": "{1}{G}"},
        {"name": "Test Ritual", "type_line": "Sorcery", "mana_cost": "{B}"},
    ]
    board = graveyard_board(crypt, graveyard=cards)
    assert checked_verdict(board, "{B}{B}") and not checked_verdict(board, "{B}{B}{B}")


# ------------------------------------------------------------------------------------------ keywords


def test_a_count_of_creatures_with_a_keyword_is_read() -> None:
    for card in (BATTLEMENT, GUARDIAN):
        parsed = parse_oracle(card["oracle"], card["name"])
        assert [s.read_as for s in parsed.sentences] == ["keyword", "mana_ability"]
        (ability,) = parsed.mana_abilities
        counted = ability.output.amount.filter
        assert counted is not None and counted.keyword == "defender"
        assert counted.describe() == "creature with defender you control"
        assert counted.reads() == {BoardFact.TYPES, BoardFact.CONTROLLER, BoardFact.KEYWORDS}


def test_walls_count_the_creatures_with_defender_their_controller_controls() -> None:
    """The Guardian and the Battlement have defender, and so does a Wall (summoning sick: it counts, it
    needn't tap); a Bear and an opponent's Wall don't count: three each. The Guardian makes three mana in
    any combination of colors, the Battlement {G}{G}{G}."""
    board = make_board(
        [
            mine("a", GUARDIAN),
            mine("b", BATTLEMENT),
            mine("w", WALL, summoning_sick=True),
            mine("g", GREEN_BEAR),
            {"id": "x", "controller": "opp", **WALL},
        ]
    )
    assert {pid: str(c) for pid, c in could_produce(board, "me").items() if str(c)} == {
        "a": "WUBRG",
        "b": "G",
    }
    assert checked_verdict(board, "{W}{U}{B}{G}{G}{G}")
    assert not checked_verdict(board, "{W}{U}{B}{R}{G}{G}")  # (the Battlement's mana is green)
    assert largest_x(board) == 6 and not text_warnings(board)
    # the Guardian alone: one
    alone = make_board([mine("a", GUARDIAN)], opponent=False)
    assert checked_verdict(alone, "{W}") and not checked_verdict(alone, "{W}{U}")


def test_a_grant_of_the_keyword_counted_is_warned_and_never_guessed() -> None:
    """An Aura granting defender: which creatures have it is not followed, so the Battlement's ability is set
    aside and the warning says why (without it, the Battlement would count itself alone)."""
    board = make_board([mine("b", BATTLEMENT), mine("d", DUTY, attached_to="g"), mine("g", GREEN_BEAR)])
    warnings = text_warnings(board)
    assert [w.permanent for w in warnings] == ["b"]
    assert "may give or take away defender" in warnings[0].reason
    assert largest_x(board) == 0


# ------------------------------------------------------------------------------------------ every land type


def test_a_land_with_an_everything_counter_is_every_land_type() -> None:
    """A Wastes with an everything counter is a Forest, an Island... (it taps for any color, CR 305.6) and an
    Urza's Mine and Power-Plant, so Urza's Tower taps for {C}{C}{C}; without the counter, a Wastes."""
    counted = mine("w", "Wastes", counters={"everything": 1})
    board = make_board([mine("e", EVERYTHING), counted, mine("t", "Urza's Tower")], opponent=False)
    assert str(could_produce(board)["w"]) == "WUBRGC"
    assert checked_verdict(board, "{G}{C}{C}{C}") and not checked_verdict(board, "{G}{U}")
    assert largest_x(board) == 4 and not text_warnings(board)
    plain = make_board(
        [mine("e", EVERYTHING), mine("w", "Wastes"), mine("t", "Urza's Tower")], opponent=False
    )
    assert str(could_produce(plain)["w"]) == "C" and largest_x(plain) == 2


# ------------------------------------------------------------------------------------------ untaps


def test_an_untap_that_is_no_mana_ability_is_warned_where_it_could_matter() -> None:
    """The Lodge's untap targets and adds no mana: no mana ability (CR 605.1a), activated with priority
    before casting and never while paying (CR 601.2g). The payment uses the Lodge's {C} and the Elves'
    {G}, and the warning says the untap is not planned."""
    board = make_board([mine("l", LODGE), mine("e", "Llanowar Elves")], opponent=False)
    assert checked_verdict(board, "{G}{C}") and not checked_verdict(board, "{G}{G}{C}")
    (warning,) = text_warnings(board)
    assert (warning.permanent, warning.sentence, warning.reason) == (
        "l",
        "{G}, {T}: Untap target Elf.",
        PRIORITY_UNTAP,
    )
    assert "CR 601.2g" in str(warning) and "not planned while paying" in str(warning)
    assert warning.kind is WarningKind.NOT_PLANNED and not warning.refused_by_strict  # (read, by the rules)
    assert [s.read_as for s in parse_oracle(LODGE["oracle"]).sentences] == ["mana_ability", "ignored"]
    # a Key whose controller has no mana ability that taps: nothing it could untap makes mana again
    assert not text_warnings(make_board([mine("k", KEY)], opponent=False))


# ------------------------------------------------------------------------------------------ turn facts


def test_a_fact_of_the_turn_no_board_records_is_named_in_the_warning() -> None:
    frenzy = spell_of(
        "{3}{R}",
        name="Test Frenzy",
        text="This spell costs {1} less to cast for each creature that attacked this turn.",
    )
    (warning,) = spell_text_warnings(frenzy)
    assert warning.kind is WarningKind.UNSUPPORTED and "which creatures attacked this turn" in warning.reason
    assert "no board field records" in str(warning)
    (sentence,) = parse_oracle(
        "This spell costs {2} less to cast for each other artifact or creature you've sacrificed this turn."
    ).sentences
    assert sentence.read_as == "unsupported" and "sacrificed this turn" in sentence.note


# ------------------------------------------------------------------------------------------ trigger damage

#: Overabundance's sentence: Zhur-Taa Ancient's trigger, and damage to the player who tapped.
ABUNDANCE: dict[str, Any] = {
    "name": "Test Abundance",
    "type_line": "Enchantment",
    "oracle": "Whenever a player taps a land for mana, that player adds one mana of any type that land "
    "produced, and ~ deals 1 damage to them.",
}


def test_a_triggered_mana_ability_deals_its_damage_as_it_resolves() -> None:
    """Each land tapped for mana makes one more of its type and deals 1 damage to the player who tapped it,
    at once (part of the triggered mana ability, CR 605.4a): a Forest and a Mountain make {G}{G}{R}{R} for
    2 damage. A Phyrexian symbol's 2 life is paid after that damage (CR 601.2g-h, 119.4): at 3 life, 1 is
    left, too little; at 4, enough."""
    lands = [mine("a", ABUNDANCE), mine("f", "Forest"), mine("m", "Mountain")]
    board = make_board(lands, opponent=False)
    assert checked_verdict(board, "{G}{G}{R}{R}") and not checked_verdict(board, "{G}{G}{G}")
    paid = pay(board, PaymentTarget.of("{G}{G}{R}{R}"))
    assert paid.damage_taken == 2 and not text_warnings(board)
    assert largest_x(board) == 4
    assert not checked_verdict(make_board(lands, life=3, opponent=False), "{G}{G}{R}{W/P}")
    assert checked_verdict(make_board(lands, life=4, opponent=False), "{G}{G}{R}{W/P}")
    # (the damage is the trigger's: recorded on its effect)
    (effect,) = parse_oracle(ABUNDANCE["oracle"], ABUNDANCE["name"]).effects
    assert getattr(effect, "damage", None) == 1


# ------------------------------------------------------------------------------------------ ability costs

#: Blossoming Tortoise's cost reduction, on an enchantment (no creature an outlet could sacrifice).
TORTOISE: dict[str, Any] = {
    "name": "Test Tortoise",
    "type_line": "Enchantment",
    "oracle": "Activated abilities of lands you control cost {1} less to activate.",
}
#: A filter land's ability (Mossfire Valley's).
VALLEY: dict[str, Any] = {"name": "Test Valley", "type_line": "Land", "oracle": "{1}, {T}: Add {R}{G}."}
#: A creature outlet: what may take a creature Tortoise away while paying.
ALTAR: dict[str, Any] = {
    "name": "Test Altar",
    "type_line": "Artifact",
    "oracle": "Sacrifice a creature: Add {C}.",
}


def test_activated_abilities_of_lands_cost_less_to_activate() -> None:
    """The Valley's {1} is reduced away (CR 602.2b, 601.2f): it makes {R}{G} alone; two reductions take no
    more than its generic part (CR 118.7a); an opponent's reduction is of their lands. Without it, the Valley
    alone makes nothing (its {1} has nothing to pay it)."""
    (effect,) = parse_oracle(TORTOISE["oracle"]).effects
    assert getattr(effect, "generic", None) == -1
    board = make_board([mine("t", TORTOISE), mine("v", VALLEY)])
    assert checked_verdict(board, "{R}{G}") and not checked_verdict(board, "{R}{G}{1}")
    assert largest_x(board) == 2 and not text_warnings(board)
    two = make_board([mine("t", TORTOISE), mine("u", TORTOISE), mine("v", VALLEY), mine("w", "Wastes")])
    assert checked_verdict(two, "{R}{G}{C}") and not checked_verdict(two, "{R}{G}{C}{1}")
    theirs = make_board(
        [{"id": "t", "controller": "opp", **TORTOISE}, mine("v", VALLEY), mine("w", "Wastes")]
    )
    assert checked_verdict(theirs, "{R}{G}") and not checked_verdict(theirs, "{R}{G}{1}")
    assert largest_x(make_board([mine("v", VALLEY)])) == 0


def test_a_reduction_whose_source_a_cost_may_take_away_is_warned() -> None:
    """A creature Tortoise beside a creature outlet: the outlet may sacrifice it while paying, after which the
    lands' abilities cost their printed costs again; that order is not followed, so the reduction is not
    applied (the Valley pays its {1}) and the warning says why. By the rules the Valley may be activated
    first, at {0}, and the Tortoise sacrificed after, for {R}{G}{C}{C}: the warning is what says the answer
    to such a cost is narrower than the rules."""
    creature = {**TORTOISE, "type_line": "Creature — Turtle", "power": 2, "toughness": 4}
    board = make_board([mine("t", creature), mine("v", VALLEY), mine("w", "Wastes"), mine("a", ALTAR)])
    (warning,) = text_warnings(board)
    assert warning.permanent == "t" and "may take its source away while paying" in warning.reason
    # (the Wastes pays the Valley's {1}, and the Altar sacrifices the Tortoise for {C}: true either way)
    assert checked_verdict(board, "{R}{G}{C}")
