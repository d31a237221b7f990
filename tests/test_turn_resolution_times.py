"""A landfall trigger that counts its own resolutions this turn (contract section 10's extension, issue 35):
Omnath, Locus of Creation's shape, "you gain 4 life if this is the first time this ability has resolved this
turn. If it's the second time, add {R}{G}{W}{U}." adds its mana only as it resolves for the second time this
turn (CR 608.2c: the condition is checked as the ability resolves). The board says how many times it resolved
this turn (``permanents[i].resolved_this_turn``); a turn's plan counts one more for each land that enters
(CR 305.1, 603.2). Before, that mana was never counted (a note, and a plan that could be short of it); now
it is counted on the resolution it belongs to, and a board without the count is warned, its mana not counted,
never guessed. Hand-derived plans and the turn brute force (tests/turn_brute_force.py).
"""

from __future__ import annotations

from typing import Any

import pytest
from turn_brute_force import matches_brute_force

from models.board import Board
from models.errors import BoardError
from models.oracle import parse_oracle
from planner.turn import plan_turn

#: Omnath's shape (your own card: a land play more, the counted landfall)
OMEN: dict[str, Any] = {
    "name": "Test Omen",
    "type_line": "Legendary Creature — Elemental",
    "mana_cost": "{G}",
    "power": 4,
    "toughness": 4,
    "oracle": "You may play an additional land on each of your turns.\nLandfall — Whenever a land you "
    "control enters, you gain 4 life if this is the first time this ability has resolved this turn. "
    "If it's the second time, add {R}{G}{W}{U}. If it's the third time, Test Omen deals 4 damage to "
    "each opponent and each planeswalker you control.",
}
#: six mana, one of each of four colors
BIG = {"name": "Test Big", "type_line": "Sorcery", "mana_cost": "{2}{W}{U}{R}{G}", "oracle": "Draw a card."}


def _board(permanents: list[Any], hand: list[Any], *, played: int = 0, plays: int | None = None) -> Board:
    """``me``'s permanents (ids p0, p1...) and hand, ``plays`` land plays this turn when given."""
    listed = [
        {"id": f"p{n}", "controller": "me", **({"card": p} if isinstance(p, str) else p)}
        for n, p in enumerate(permanents)
    ]
    cards = [{k: v for k, v in c.items() if k != "toughness"} if isinstance(c, dict) else c for c in hand]
    player = {"id": "me", "hand": cards, "spells_cast_this_turn": 0, "lands_played_this_turn": played}
    if plays is not None:
        player["land_plays"] = plays
    return Board.from_dict({"version": 1, "players": [player, {"id": "opp"}], "permanents": listed})


def test_the_sentence_is_read_with_its_resolution() -> None:
    records = parse_oracle(OMEN["oracle"], OMEN["name"]).not_payment
    assert [(r.text, r.resolution_time) for r in records] == [
        ("If it's the second time, add {R}{G}{W}{U}.", 2)
    ]


@pytest.mark.parametrize(
    ("resolved", "played", "hand", "cast"),
    [
        # none resolved yet, two land plays (the Omen's): the second land's trigger is the second
        # resolution (CR 608.2c): Plains, Forest, Island and {R}{G}{W}{U}: 7 mana, Test Big (6) is cast
        (0, 0, ["Forest", "Island", BIG], ["Test Big"]),
        # resolved twice already: the next is the third, no mana: 3 lands, Test Big is not cast
        (2, 0, ["Forest", "Island", BIG], []),
        # resolved once (a land played before): the one land left gives the mana: Plains, Forest and
        # {R}{G}{W}{U}: 6 mana, Test Big is cast
        (1, 1, ["Forest", BIG], ["Test Big"]),
    ],
)
def test_the_second_resolution_adds_the_mana(
    resolved: int, played: int, hand: list[Any], cast: list[str]
) -> None:
    board = _board(["Plains", {**OMEN, "resolved_this_turn": resolved}], hand, played=played)
    turn = matches_brute_force(board)
    assert [s.card for s in turn.spells] == cast, turn.to_json()
    assert not turn.warnings and not turn.notes, turn.to_json()


def test_an_omen_cast_this_turn_counts_from_none() -> None:
    """The Omen cast this turn is a new object (CR 400.7): none of its resolutions this turn yet; cast with
    the Forest, then two lands (two land plays this turn, as the board says): the second gives {R}{G}{W}{U}:
    Forest, Island and those four, 6 mana, Test Big (6) too."""
    board = _board(["Forest"], [OMEN, "Forest", "Island", BIG], plays=2)
    turn = matches_brute_force(board)
    assert sorted(s.card for s in turn.spells) == ["Test Big", "Test Omen"], turn.to_json()


def test_without_the_count_the_mana_is_warned_and_not_counted() -> None:
    """Not known: the mana is not counted, the warning names the field, and a plan that casts less is no
    "no" (the plan may not be the best)."""
    board = _board(["Plains", OMEN], ["Forest", "Island", BIG])
    turn = plan_turn(board, time_limit=120)
    assert not turn.optimal
    assert [w.permanent for w in turn.warnings] == ["p1"]
    assert "permanents[1].resolved_this_turn" in turn.warnings[0].reason


def test_the_count_is_written_back() -> None:
    board = _board(["Plains", {**OMEN, "resolved_this_turn": 1}], [])
    assert board.to_dict()["permanents"][1]["resolved_this_turn"] == 1
    assert "resolved_this_turn" not in _board([OMEN], []).to_dict()["permanents"][0]


@pytest.mark.parametrize(
    ("value", "problem"),
    [
        (-1, "expected a count of 0 or more, got -1"),
        ("two", "expected an integer"),
        (True, "expected an integer"),
    ],
)
def test_a_bad_count_is_a_clear_error(value: object, problem: str) -> None:
    with pytest.raises(BoardError) as caught:
        _board(["Plains", {**OMEN, "resolved_this_turn": value}], [])
    assert "permanents[1].resolved_this_turn" in str(caught.value)
    assert problem in str(caught.value)
