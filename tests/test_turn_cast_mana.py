"""Mana of triggers on casting a spell in a turn's plan (contract section 11): the trigger is no mana ability
(CR 605.1b); it triggers as its controller casts a spell it describes (CR 603.2) and resolves before that
spell (CR 603.3, 608.1), so its mana pays the spells cast after it, all main phase (CR 500.4), never the
spell that set it off. Hand-derived plans, and the turn brute force (tests/turn_brute_force.py).
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from turn_brute_force import brute_force, matches_brute_force

from models.board import Board
from models.filters import Who
from models.oracle.grammar import read_as
from models.oracle.rider_clauses import cast_rider, cast_trigger
from planner.turn import plan_turn

#: "Whenever you cast your first spell each turn, add {R}{R}." on a 3/4 for {3}{R}
RODEO = {
    "name": "Test Rodeo",
    "type_line": "Creature — Human Warrior",
    "mana_cost": "{3}{R}",
    "power": 3,
    "toughness": 4,
    "oracle": "Whenever you cast your first spell each turn, add {R}{R}.",
}
#: "Whenever you cast an instant or sorcery spell, add {R}." on a 2/2 for {1}{R}
BATTERY = {
    "name": "Test Battery",
    "type_line": "Creature — Human",
    "mana_cost": "{1}{R}",
    "power": 2,
    "toughness": 2,
    "oracle": "Whenever you cast an instant or sorcery spell, add {R}.",
}
BOLT = {"name": "Test Bolt", "type_line": "Instant", "mana_cost": "{R}", "oracle": ""}
CUB = {"name": "Test Cub", "type_line": "Creature — Cat", "mana_cost": "{R}", "power": 1, "toughness": 1}
OGRE = {
    "name": "Test Ogre",
    "type_line": "Creature — Ogre",
    "mana_cost": "{2}{R}",
    "power": 3,
    "toughness": 3,
}


def _board(permanents: list[Any], hand: list[Any], **me: Any) -> Board:
    """``me``'s board: permanents (a card name or a card's object) with ids p0, p1..., and the hand."""
    listed = [
        {"id": f"p{n}", "controller": "me", **({"card": p} if isinstance(p, str) else p)}
        for n, p in enumerate(permanents)
    ]
    # (a card of the hand has no toughness field: a permanent's)
    cards = [{k: v for k, v in c.items() if k != "toughness"} if isinstance(c, dict) else c for c in hand]
    player = {"id": "me", "hand": cards, **me}
    return Board.from_dict({"version": 1, "players": [player], "permanents": listed})


def test_the_grammar_reads_the_turns_first_spell() -> None:
    """'your first (noncreature) spell each turn' is the first of those spells (CR 603.2); a rider on the
    mana spent of such a trigger is not read (it would weigh every spell)."""
    first = read_as("Whenever you cast your first noncreature spell each turn", "cast_trigger")
    assert (first.caster, first.nth, first.what.words()) == ("you cast", 1, "noncreature spell")
    trigger = cast_trigger("Whenever you cast your first spell each turn, add {R}{R}.")
    assert trigger is not None and (trigger.nth, trigger.who) == (1, Who.YOU)
    line = (
        "Whenever you cast your first spell each turn, draw a card if five or more mana was spent to cast it."
    )
    assert cast_rider("draw a card if five or more mana was spent to cast it.", line) is None


def test_the_first_spells_trigger_pays_the_next_one() -> None:
    """Two Mountains and Test Rodeo: the Bolt ({R}, a Mountain) is the turn's first spell, Rodeo adds {R}{R}
    as it resolves (CR 603.3), and {R}{R} with the other Mountain pay the Ogre's {2}{R}: both are cast, mana
    value 4. Given in the other order, the Ogre can't be paid by two Mountains (the trigger's mana comes
    after it: CR 601.2h)."""
    board = _board(["Mountain", "Mountain", RODEO], [BOLT, OGRE])
    turn = plan_turn(board)
    assert [spell.card for spell in turn.spells] == ["Test Bolt", "Test Ogre"]
    assert turn.mana_value_cast == 4
    assert turn.optimal and not turn.notes
    assert plan_turn(board, casts=["Test Bolt", "Test Ogre"]).castable is True
    assert plan_turn(board, casts=["Test Ogre", "Test Bolt"]).castable is False
    assert matches_brute_force(board).mana_value_cast == 4


def test_a_spell_cast_before_this_turn_spent_the_first_spells_trigger() -> None:
    """One spell cast already this turn (the board's spells_cast_this_turn): Rodeo does not trigger again
    (CR 603.2, 'your first spell each turn'), the Ogre can't be paid: the Bolt alone."""
    turn = plan_turn(_board(["Mountain", "Mountain", RODEO], [BOLT, OGRE], spells_cast_this_turn=1))
    assert [spell.card for spell in turn.spells] == ["Test Bolt"]
    assert turn.optimal and not turn.notes


def test_an_instant_sets_off_the_trigger_a_creature_does_not() -> None:
    """One Mountain and Test Battery ("Whenever you cast an instant or sorcery spell, add {R}."): the Bolt
    first (the Mountain), its trigger's {R} pays the Cub. The Cub first would use the Mountain and add
    nothing (a creature spell: CR 603.2)."""
    board = _board(["Mountain", BATTERY], [CUB, BOLT])
    turn = plan_turn(board)
    assert [spell.card for spell in turn.spells] == ["Test Bolt", "Test Cub"]
    assert plan_turn(board, casts=["Test Cub", "Test Bolt"]).castable is False
    three = _board(["Mountain", BATTERY], [BOLT, BOLT, BOLT])
    assert plan_turn(three).mana_value_cast == 3  # (each Bolt's trigger pays the next one)


def test_a_permanent_cast_this_turn_triggers_on_the_later_spells() -> None:
    """Three Mountains, Test Battery and two Bolts in the hand: the Battery (two Mountains) is on the
    battlefield for the Bolts: the third Mountain pays one, its trigger the other: mana value 4. Test Rodeo
    cast as the turn's first spell does not see itself cast (CR 603.2: not on the battlefield), and its
    trigger is spent for the turn: with four Mountains, Rodeo and no Bolt."""
    battery = _board(["Mountain"] * 3, [BATTERY, BOLT, BOLT])
    turn = plan_turn(battery)
    assert [spell.card for spell in turn.spells] == ["Test Battery", "Test Bolt", "Test Bolt"]
    assert turn.mana_value_cast == 4
    rodeo = _board(["Mountain"] * 4, [RODEO, BOLT])
    assert [spell.card for spell in plan_turn(rodeo).spells] == ["Test Rodeo"]
    assert brute_force(battery) == (4, 3)
    assert brute_force(rodeo) == (4, 1)


def test_a_first_spell_of_some_spells_is_noted_when_the_board_does_not_say_which_were_cast() -> None:
    """'your first noncreature spell each turn' with one spell cast this turn, not listed: whether it was a
    creature spell is not known, so the trigger is not counted and a note says so; listed (a creature
    spell), it is the Bolt that is the first noncreature spell: it triggers."""
    text = "Whenever you cast your first noncreature spell each turn, add {R}{R}."
    kiln = {**RODEO, "name": "Test Kiln", "oracle": text}
    unknown = plan_turn(_board(["Mountain", "Mountain", kiln], [BOLT, OGRE], spells_cast_this_turn=1))
    assert any("not which" in note for note in unknown.notes) and not unknown.optimal
    listed = plan_turn(
        _board(
            ["Mountain", "Mountain", kiln],
            [BOLT, OGRE],
            spells_cast_this_turn=[{k: v for k, v in CUB.items() if k != "toughness"}],
        )
    )
    assert listed.mana_value_cast == 4 and not listed.notes


_PERMANENTS: list[Any] = ["Mountain", "Mountain", "Forest", "Sol Ring", RODEO, BATTERY]
_HAND: list[Any] = [BOLT, CUB, OGRE, BATTERY, RODEO, "Dark Ritual", "Lightning Bolt", "Sol Ring"]


@pytest.mark.parametrize("seed", range(12))
def test_random_turns_with_cast_triggers_match_the_brute_force(seed: int) -> None:
    rng = random.Random(seed)
    permanents = rng.sample(_PERMANENTS, rng.randint(1, 3))
    hand = [rng.choice(_HAND) for _ in range(rng.randint(1, 4))]
    matches_brute_force(_board(permanents, hand))
