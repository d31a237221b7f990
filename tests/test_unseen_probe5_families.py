"""Families of Oracle phrases the fifth probe of unseen 2020-2026 cards left (issue 35), found by boards
worked out by hand from the rules:

- a type change's rider, 'Creatures you control are artifacts in addition to their other types. The same is
  true for creature spells you control and creature cards you own that aren't on the battlefield.'
  (Biotransference; CR 613.1d, 205.1b): the rider was filed as ignored, so a creature spell stayed a
  non-artifact spell, a silent "no" where the rules pay (mana spent only on artifact spells, 'Artifact
  spells you cast cost {1} less'). The spells are followed now, and the cards that aren't on the
  battlefield too (layers36: tests/test_layers36_families.py); a rider after anything else or naming other
  types than the change's is unsupported text (a warning): never ignored;
- a spell's own reduction by the cards in its caster's graveyard, 'This spell costs {1} less to cast for each
  instant and sorcery card in your graveyard' (Cryptic Serpent; 'creature card' Hollow Marauder, 'black
  creature card' Writhing Necromass; CR 601.2f): it was unsupported, a warned "no" where the rules pay;
- 'Spells you cast of the chosen type cost {1} less to cast' (Stenn, Paranoid Partisan and Umori, the
  Collector on a card type, as Cloud Key; 'Creature spells you cast of the chosen type', Herald's Horn, on a
  creature type): the caster before 'of the chosen type' was unsupported, a warned "no" where the rules pay.
  The chosen type is the creature type the source chose, else its card type (``choices.card_type``);
- a reduction for each counter on its source, 'Instant and sorcery spells you cast cost {1} less to cast for
  each oil counter on ~' (Mindsplice Apparatus): it was unsupported, a warned "no" where the rules pay;
- a spell's own reduction by its caster's party, 'This spell costs {1} less to cast for each creature in your
  party' (Tazri, Beacon of Unity; Coveted Prize; CR 700.8): it was unsupported, a warned "no".

Values are derived by hand from the rules; each board is checked against the reference search too (on the
spell as it is locked in: its types and cost once the board's effects apply).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from boards import ME, OPP, graveyard_board, make_board, mine

from models.board import Board
from models.cost import PaymentTarget
from models.errors import InputError
from models.filters import Who
from models.layer_effects import TypeChange
from models.oracle import parse_oracle
from models.spells import spell_of
from planner.api import pay, text_warnings
from planner.rules.reference import reference_search
from planner.rules.view import BoardView, locked_in

#: Biotransference's type change and its rider (made-up name, the same sentences; its trigger left out).
ARTIFACT_MAKER: dict[str, Any] = {
    "name": "Test Artifact Maker",
    "type_line": "Enchantment",
    "mana_cost": "{3}{B}",
    "oracle": "Creatures you control are artifacts in addition to their other types. The same is true for "
    "creature spells you control and creature cards you own that aren't on the battlefield.",
}
#: Grand Architect's mana ability (made-up name, the same sentences; its other abilities left out).
BLUE_TAPPER: dict[str, Any] = {
    "name": "Test Blue Tapper",
    "type_line": "Creature — Vedalken Artificer",
    "mana_cost": "{1}{U}{U}",
    "power": 1,
    "toughness": 3,
    "oracle": "Tap an untapped blue creature you control: Add {C}{C}. Spend this mana only to cast artifact "
    "spells or activate abilities of artifacts.",
}
#: Foundry Inspector's reduction (made-up name, the same sentence).
ARTIFACT_REDUCER: dict[str, Any] = {
    "name": "Test Artifact Reducer",
    "type_line": "Artifact Creature — Construct",
    "mana_cost": "{3}",
    "power": 3,
    "toughness": 2,
    "oracle": "Artifact spells you cast cost {1} less to cast.",
}


def _verdict(board: Board, target: PaymentTarget) -> bool:
    """``pay``'s verdict, checked against the reference search on the spell as it is locked in (its types
    and total cost once the board's effects and its own text apply: the reference search pays a cost as
    given)."""
    locked = replace(locked_in(BoardView(board), target, ME), text="")
    reference = reference_search(board, locked, max_states=20_000)
    result = pay(board, target)
    assert result.payable == reference.payable, result.reason
    return bool(result.payable)


def test_the_rider_of_a_card_type_change_reaches_the_spells_it_names() -> None:
    """The spells are followed, and the cards that aren't on the battlefield (CR 611.3a)."""
    reading = parse_oracle(ARTIFACT_MAKER["oracle"])
    assert [s.read_as for s in reading.sentences] == ["effect", "effect"]
    (change,) = reading.effects
    assert isinstance(change, TypeChange) and change.card_types == ("Artifact",) and change.spells is Who.YOU
    assert change.cards is Who.YOU
    # the spells alone: read in full ('spells' alone is the same rider)
    first = ARTIFACT_MAKER["oracle"].split(". ")[0] + ". "
    for rider in (
        "The same is true for creature spells you control.",
        "The same is true for spells you control.",
    ):
        spells_only = parse_oracle(first + rider)
        assert [s.read_as for s in spells_only.sentences] == ["effect", "effect"]
        (change,) = spells_only.effects
        assert isinstance(change, TypeChange) and change.spells is Who.YOU
    # other types than the change's, or after a color change: not understood, never ignored
    other = parse_oracle(first + "The same is true for enchantment spells you control.")
    assert other.sentences[1].read_as == "unsupported"
    colored = "Nonland permanents you control are white. The same is true for creature spells you control."
    assert parse_oracle(colored).sentences[1].read_as == "unsupported"


def test_a_creature_spell_is_an_artifact_spell_for_mana_spent_only_on_artifact_spells() -> None:
    """The tapper taps itself (summoning sick: tapping it is no {T} cost, CR 302.6) for {C}{C}, spent only
    on artifact spells: with the maker, a creature spell of mine is one (CR 613.1d); an instant is not; the
    opponent's maker changes the opponent's spells, not mine."""
    creature = PaymentTarget.of("{2}", type_line="Creature — Elf")
    instant = PaymentTarget.of("{2}", type_line="Instant")
    board = make_board(
        [
            {"id": "t", "controller": ME, "summoning_sick": True, **BLUE_TAPPER},
            {"id": "a", "controller": ME, **ARTIFACT_MAKER},
        ]
    )
    assert _verdict(board, creature) and not _verdict(board, instant)
    assert str(locked_in(BoardView(board), creature, ME).type_line) == "Artifact Creature — Elf"
    assert not text_warnings(board)  # (the rider's cards are followed too)
    theirs = make_board(
        [
            {"id": "t", "controller": ME, "summoning_sick": True, **BLUE_TAPPER},
            {"id": "a", "controller": OPP, **ARTIFACT_MAKER},
        ]
    )
    assert not _verdict(theirs, creature)
    alone = make_board([{"id": "t", "controller": ME, "summoning_sick": True, **BLUE_TAPPER}])
    assert not _verdict(alone, creature)


def test_an_artifact_reduction_reduces_a_creature_spell_made_an_artifact() -> None:
    """'Artifact spells you cast cost {1} less': with the maker, {1}{G} for a creature is {G}, which one
    Forest pays; without it, {1}{G} stays and one Forest can't (the reducer is no mana source)."""
    creature = PaymentTarget.of("{1}{G}", type_line="Creature — Elf")
    both = make_board(
        [
            {"id": "r", "controller": ME, **ARTIFACT_REDUCER},
            {"id": "a", "controller": ME, **ARTIFACT_MAKER},
            {"id": "f", "controller": ME, "card": "Forest"},
        ]
    )
    assert str(locked_in(BoardView(both), creature, ME).cost) == "{G}"
    assert _verdict(both, creature)
    reducer = make_board(
        [{"id": "r", "controller": ME, **ARTIFACT_REDUCER}, {"id": "f", "controller": ME, "card": "Forest"}]
    )
    assert str(locked_in(BoardView(reducer), creature, ME).cost) == "{1}{G}"
    assert not _verdict(reducer, creature)


#: Cryptic Serpent's reduction (made-up name, the same sentence).
GRAVEYARD_SERPENT: dict[str, Any] = {
    "name": "Test Graveyard Serpent",
    "type_line": "Creature — Serpent",
    "mana_cost": "{5}{U}{U}",
    "oracle": "This spell costs {1} less to cast for each instant and sorcery card in your graveyard.",
}
#: Writhing Necromass's reduction (made-up name, the same sentence).
BLACK_COUNTER: dict[str, Any] = {
    "name": "Test Black Counter",
    "type_line": "Creature — Zombie Horror",
    "mana_cost": "{5}{B}",
    "oracle": "This spell costs {1} less to cast for each black creature card in your graveyard.",
}
_INSTANT = {"name": "Test Shock", "type_line": "Instant", "mana_cost": "{R}"}
_SORCERY = {"name": "Test Rift", "type_line": "Sorcery", "mana_cost": "{1}{R}"}
_GREEN_CREATURE = {"name": "Test Bear", "type_line": "Creature — Bear", "mana_cost": "{1}{G}"}
_BLACK_CREATURE = {"name": "Test Zombie", "type_line": "Creature — Zombie", "mana_cost": "{1}{B}"}
_BLACK_INSTANT = {"name": "Test Doom", "type_line": "Instant", "mana_cost": "{B}"}


def _spell(card: dict[str, Any]) -> PaymentTarget:
    return spell_of(card["mana_cost"], type_line=card["type_line"], text=card["oracle"])


def _graveyard_board(lands: list[str], graveyard: list[Any] | int | None) -> Board:
    """Lands of "me" and a graveyard (None: not given)."""
    return graveyard_board(*(mine(f"l{n}", name) for n, name in enumerate(lands)), graveyard=graveyard)


def test_a_spell_costs_less_for_each_instant_and_sorcery_card_in_its_casters_graveyard() -> None:
    """Three instants and two sorceries take {5} off {5}{U}{U}: two Islands pay {U}{U}; four of them and a
    creature card leave {1}{U}{U}, which two Islands can't pay (the creature card counts for nothing)."""
    serpent = _spell(GRAVEYARD_SERPENT)
    five = _graveyard_board(["Island", "Island"], [_INSTANT] * 3 + [_SORCERY] * 2 + [_GREEN_CREATURE])
    assert str(locked_in(BoardView(five), serpent, ME).cost) == "{U}{U}"
    assert _verdict(five, serpent)
    four = _graveyard_board(["Island", "Island"], [_INSTANT] * 2 + [_SORCERY] * 2 + [_GREEN_CREATURE])
    assert str(locked_in(BoardView(four), serpent, ME).cost) == "{1}{U}{U}"
    assert not _verdict(four, serpent)
    (reduction,) = parse_oracle(GRAVEYARD_SERPENT["oracle"]).effects
    assert reduction.own and reduction.amount is not None  # type: ignore[union-attr]


def test_a_black_creature_card_counts_and_a_board_gap_is_named() -> None:
    """Only the black creature card counts: {5}{B} less one is {4}{B}. A graveyard given as a count can't say
    which cards are black creatures, and one not given says nothing: each is bad input naming the field."""
    counter = _spell(BLACK_COUNTER)
    mixed = _graveyard_board(["Swamp"], [_BLACK_CREATURE, _GREEN_CREATURE, _BLACK_INSTANT])
    assert str(locked_in(BoardView(mixed), counter, ME).cost) == "{4}{B}"
    for gap in (3, None):
        with pytest.raises(InputError, match="graveyard"):
            locked_in(BoardView(_graveyard_board(["Swamp"], gap)), counter, ME)


#: Cloud Key's and Umori's reduction (made-up name, the same sentences).
TYPE_KEY: dict[str, Any] = {
    "name": "Test Type Key",
    "type_line": "Artifact",
    "mana_cost": "{3}",
    "oracle": "As Test Type Key enters, choose a card type.\n"
    "Spells you cast of the chosen type cost {1} less to cast.",
}
#: Herald's Horn's reduction (made-up name, the same sentences).
TRIBE_HORN: dict[str, Any] = {
    "name": "Test Tribe Horn",
    "type_line": "Artifact",
    "mana_cost": "{3}",
    "oracle": "As Test Tribe Horn enters, choose a creature type.\n"
    "Creature spells you cast of the chosen type cost {1} less to cast.",
}


def test_spells_you_cast_of_the_chosen_card_type_cost_less() -> None:
    """The key chose Instant: an instant's {1}{U} is {U}, which one Island pays; a sorcery's stays {1}{U}.
    With no choice given no spell is of the chosen type, and the answer says which field to give."""
    instant = PaymentTarget.of("{1}{U}", type_line="Instant")
    sorcery = PaymentTarget.of("{1}{U}", type_line="Sorcery")
    key = make_board([mine("k", TYPE_KEY, choices={"card_type": "Instant"}), mine("i", "Island")])
    assert [s.read_as for s in parse_oracle(TYPE_KEY["oracle"]).sentences][1] == "effect"
    assert str(locked_in(BoardView(key), instant, ME).cost) == "{U}"
    assert _verdict(key, instant) and not _verdict(key, sorcery)
    assert not text_warnings(key)
    unchosen = make_board([mine("k", TYPE_KEY), mine("i", "Island")])
    assert not _verdict(unchosen, instant)
    missing = [w.reason.split(":")[0] for w in text_warnings(unchosen)]
    assert missing == ["permanents[0].choices.creature_type"]


def test_creature_spells_you_cast_of_the_chosen_creature_type_cost_less() -> None:
    """The horn chose Elf: an Elf's {1}{G} is {G}; a Goblin's stays {1}{G}; one Forest pays the first only."""
    elf = PaymentTarget.of("{1}{G}", type_line="Creature — Elf Druid")
    goblin = PaymentTarget.of("{1}{G}", type_line="Creature — Goblin")
    horn = make_board([mine("h", TRIBE_HORN, choices={"creature_type": "Elf"}), mine("f", "Forest")])
    assert _verdict(horn, elf) and not _verdict(horn, goblin)


#: Mindsplice Apparatus's reduction (made-up name, the same sentence).
OIL_REDUCER: dict[str, Any] = {
    "name": "Test Oil Reducer",
    "type_line": "Artifact",
    "mana_cost": "{3}{U}",
    "oracle": "Instant and sorcery spells you cast cost {1} less to cast for each oil counter on Test Oil "
    "Reducer.",
}


def test_spells_cost_less_for_each_counter_on_the_source() -> None:
    """Two oil counters take {2} off an instant's {2}{U}: one Island pays {U}; one counter leaves {1}{U}; a
    creature spell is not reduced; none at all leaves the cost as it is."""
    instant = PaymentTarget.of("{2}{U}", type_line="Instant")
    two = make_board([mine("o", OIL_REDUCER, counters={"oil": 2}), mine("i", "Island")])
    assert str(locked_in(BoardView(two), instant, ME).cost) == "{U}"
    assert _verdict(two, instant)
    assert not _verdict(two, PaymentTarget.of("{2}{U}", type_line="Creature — Elf"))
    one = make_board([mine("o", OIL_REDUCER, counters={"oil": 1}), mine("i", "Island")])
    assert str(locked_in(BoardView(one), instant, ME).cost) == "{1}{U}" and not _verdict(one, instant)
    none = make_board([mine("o", OIL_REDUCER), mine("i", "Island")])
    assert str(locked_in(BoardView(none), instant, ME).cost) == "{2}{U}"


#: Coveted Prize's reduction (made-up name, the same sentence).
PARTY_PRIZE: dict[str, Any] = {
    "name": "Test Party Prize",
    "type_line": "Sorcery",
    "mana_cost": "{4}{B}{B}",
    "oracle": "This spell costs {1} less to cast for each creature in your party. (Your party consists of up "
    "to one each of Cleric, Rogue, Warrior, and Wizard.)",
}


def _creature(pid: str, subtypes: str, controller: str = ME) -> dict[str, Any]:
    line = f"Creature — {subtypes}"
    return {"id": pid, "name": f"Test {subtypes}", "type_line": line, "controller": controller}


def test_a_spell_costs_less_for_each_creature_in_its_casters_party() -> None:
    """A Cleric Rogue and a Cleric fill two places (one creature fills one: CR 700.8), so {4}{B}{B} is
    {2}{B}{B}: four Swamps pay it, three can't; a Warrior adds a third place ({1}{B}{B}, three Swamps pay);
    the opponent's Wizard is no one's party of mine."""
    prize = _spell(PARTY_PRIZE)
    swamps = [mine(f"s{n}", "Swamp") for n in range(3)]
    two = make_board([_creature("a", "Human Cleric Rogue"), _creature("b", "Elf Cleric"), *swamps])
    assert str(locked_in(BoardView(two), prize, ME).cost) == "{2}{B}{B}" and not _verdict(two, prize)
    four = make_board(
        [_creature("a", "Human Cleric Rogue"), _creature("b", "Elf Cleric"), *swamps, mine("s3", "Swamp")]
    )
    assert _verdict(four, prize)
    three = make_board(
        [
            _creature("a", "Human Cleric Rogue"),
            _creature("b", "Elf Cleric"),
            _creature("c", "Giant Warrior"),
            _creature("d", "Elf Wizard", OPP),
            *swamps,
        ]
    )
    assert str(locked_in(BoardView(three), prize, ME).cost) == "{1}{B}{B}" and _verdict(three, prize)
