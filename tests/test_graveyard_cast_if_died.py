"""A card's own permission to be cast from its graveyard "if a creature died this turn" (issue 35, contract
section 10: the board's ``creatures_died_this_turn``; CR 601.2a: a permission to cast it from that zone,
CR 601.2b-h its mana cost paid). Before, the sentence was not read: the spell was paid from the graveyard
whatever had died (a "yes" the rules may refuse), with a "not read" warning. Now it is read by the grammar
(``control_condition``: ``creature_died_this_turn``): with a creature dead it is paid, with none (or the
count not given: none counted, warned with the field's name) it is "not payable" with the reason. A
condition on which creature died ("a non-Zombie creature", "a creature not named ~") needs to know which
died, which the board's count does not say: it stays warned, never guessed.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from models.board import Board, Card
from models.oracle.alternative_costs import alternative_cost_of
from models.spells import spell_target
from planner.api import pay
from planner.turn import plan_turn

#: your own card: the plain shape (Undead Sprinter's and Ebondeath's without their qualifier)
RISER = {
    "name": "Test Riser",
    "type_line": "Creature — Zombie",
    "mana_cost": "{1}{B}",
    "oracle": "You may cast this card from your graveyard if a creature died this turn.",
}
#: the qualified shape: which creature died
PICKY = {
    "name": "Test Picky Riser",
    "type_line": "Creature — Zombie",
    "mana_cost": "{1}{B}",
    "oracle": "You may cast this card from your graveyard if a non-Zombie creature died this turn.",
}


def _board(died: int | None, graveyard: list[Any]) -> Board:
    board: dict[str, Any] = {
        "version": 1,
        "players": [{"id": "me", "graveyard": graveyard}],
        "permanents": [{"id": f"s{n}", "card": "Swamp", "controller": "me"} for n in range(2)],
    }
    if died is not None:
        board["creatures_died_this_turn"] = died
    return Board.from_dict(board)


def _from_graveyard(card: dict[str, Any]) -> Any:
    return replace(spell_target(Card.from_json(card)), cast_from="graveyard")


def test_the_condition_is_read() -> None:
    read = alternative_cost_of("You may cast ~ from your graveyard if a creature died this turn.")
    assert read is not None and read.from_graveyard and read.if_creature_died
    picky = alternative_cost_of("You may cast ~ from your graveyard if a non-Zombie creature died this turn.")
    # (read since facts37: which creature died is the board's list, tests/test_turn_facts_died.py)
    assert picky is not None and picky.died_what is not None and picky.died_what.excluded == ("Zombie",)


@pytest.mark.parametrize(("died", "payable"), [(1, True), (3, True), (0, False)])
def test_cast_from_the_graveyard_only_once_a_creature_died(died: int, payable: bool) -> None:
    """Two Swamps pay {1}{B} (CR 601.2f-h); the permission allows the cast only if a creature died this
    turn (CR 601.2a: without a permission, no spell is cast from the graveyard)."""
    result = pay(_board(died, [RISER]), _from_graveyard(RISER))
    assert result.payable is payable, result.to_json()
    if not payable:
        assert "no creature died this turn" in (result.reason or "")
    assert not result.warnings


def test_not_given_none_counted_and_warned() -> None:
    result = pay(_board(None, [RISER]), _from_graveyard(RISER))
    assert not result.payable
    assert [w.reason for w in result.warnings] == ["creatures_died_this_turn is not given: none counted"]


def test_a_qualified_condition_stays_warned() -> None:
    result = pay(_board(1, [PICKY]), _from_graveyard(PICKY))
    assert any("non-Zombie" in w.sentence for w in result.warnings), result.to_json()


@pytest.mark.parametrize(("died", "cast"), [(1, ["Test Riser"]), (0, [])])
def test_a_turn_casts_it_from_the_graveyard_once_a_creature_died(died: int, cast: list[str]) -> None:
    turn = plan_turn(_board(died, [RISER]), time_limit=60)
    assert [s.card for s in turn.spells] == cast, turn.to_json()
