"""Lands that enter tapped unless a condition of the game holds, played by plan-turn (CR 614.1c, 305.1).

Each board has one land in hand and a one-mana spell of the land's colour: the spell is cast this turn
exactly when the rules let the land enter untapped (a tapped land adds nothing this turn, CR 302.6 does not
apply but a tapped permanent's {T} cost can't be paid, CR 602.5b/118.3)."""

from __future__ import annotations

from typing import Any

import pytest

from models.board import Board
from models.oracle import parse_oracle
from planner.turn import plan_turn

SPARK = {"name": "Test Spark", "type_line": "Instant", "mana_cost": "{R}"}

#: "a player" includes the land's controller (CR 102.1)
LIFE_LAND = {
    "name": "Test Raucous Grounds",
    "type_line": "Land",
    "oracle": "This land enters tapped unless a player has 13 or less life.\n{T}: Add {R} or {W}.",
}
OPPONENTS_LAND = {
    "name": "Test Arena Seats",
    "type_line": "Land",
    "oracle": "Test Arena Seats enters tapped unless you have two or more opponents.\n{T}: Add {R} or {W}.",
}
#: 'If <condition>, ~ enters tapped.': the condition says when it is tapped, not when it is not
DEN = {
    "name": "Test Goblin Den",
    "type_line": "Land",
    "oracle": "If you control two or more other lands, Test Goblin Den enters tapped.\n{T}: Add {R}.",
}
SMALL_DEN = {
    "name": "Test Quiet Den",
    "type_line": "Land",
    "oracle": "If you control one or fewer other lands, Test Quiet Den enters tapped.\n{T}: Add {R}.",
}


def _board(land: dict[str, str], lives: list[int], other_lands: int) -> Board:
    """The first player holds the land and the spell, controls ``other_lands`` Plains (which pay no {R}),
    and there is one more player per life total after the first."""
    players: list[dict[str, Any]] = [{"id": f"p{n}", "life": life} for n, life in enumerate(lives)]
    players[0]["hand"] = [land, SPARK]
    permanents = [{"id": f"w{n}", "card": "Plains", "controller": "p0"} for n in range(other_lands)]
    return Board.from_dict({"version": 1, "players": players, "permanents": permanents})


def _cast(board: Board) -> bool | None:
    turn = plan_turn(board, casts=["Test Spark"])
    assert turn.optimal
    return turn.castable


@pytest.mark.parametrize(
    ("lives", "untapped"),
    [
        ([13, 20], True),  # its controller has 13: "a player" includes it
        ([20, 13], True),  # an opponent has 13
        ([20, 20, 2], True),  # any of three players
        ([14, 14], False),
        ([20, 20], False),
    ],
)
def test_a_player_at_13_or_less_life(lives: list[int], untapped: bool) -> None:
    assert _cast(_board(LIFE_LAND, lives, 0)) is untapped


@pytest.mark.parametrize(("players", "untapped"), [(2, False), (3, True), (4, True)])
def test_two_or_more_opponents(players: int, untapped: bool) -> None:
    assert _cast(_board(OPPONENTS_LAND, [20] * players, 0)) is untapped


@pytest.mark.parametrize(("others", "untapped"), [(0, True), (1, True), (2, False), (3, False)])
def test_tapped_if_two_or_more_other_lands(others: int, untapped: bool) -> None:
    assert _cast(_board(DEN, [20, 20], others)) is untapped


@pytest.mark.parametrize(("others", "untapped"), [(0, False), (1, False), (2, True)])
def test_tapped_if_one_or_fewer_other_lands(others: int, untapped: bool) -> None:
    assert _cast(_board(SMALL_DEN, [20, 20], others)) is untapped


@pytest.mark.parametrize("land", [LIFE_LAND, OPPONENTS_LAND, DEN, SMALL_DEN])
def test_each_condition_is_read(land: dict[str, str]) -> None:
    """The condition is read, not kept as words counted as tapped (that answer is only ever 'tapped')."""
    entering = parse_oracle(land["oracle"], land["name"]).entering
    assert entering is not None and entering.tapped and entering.has_condition and not entering.unless


def test_a_condition_not_read_is_tapped_with_a_note() -> None:
    more = "This land enters tapped unless a player has 13 or more life.\n{T}: Add {R}."
    unknown = dict(LIFE_LAND, oracle=more)
    turn = plan_turn(_board(unknown, [20, 20], 0), casts=["Test Spark"])
    assert turn.castable is False
    assert any("counted as tapped" in note for note in turn.notes)
