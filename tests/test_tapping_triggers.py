"""Triggers of tapping that are no mana abilities (CR 605.1b) and untap or make mana: set off while paying,
they wait until the spell is cast (CR 603.3), so a payment never counts what they make; a player who taps
for mana with priority before casting lets them resolve first. A payment does not plan that, and says so
(probe 11: Magda, Brazen Outlaw's Treasure answered "no" with no word)."""

from __future__ import annotations

from typing import Any

import pytest

from models.board import Board
from models.cost import PaymentTarget
from models.oracle.parsed import TAPPING_TRIGGER
from planner.api import pay

OUTLAW = "Whenever a Dwarf you control becomes tapped, create a Treasure token."
SCULPTOR = "Whenever Test Sculptor becomes tapped, untap target land you control."


def _board(extra: list[dict[str, Any]], *, miner: bool = True) -> Board:
    permanents = [
        {
            "id": "m",
            "controller": "me",
            "name": "Test Outlaw",
            "type_line": "Creature — Dwarf",
            "oracle": OUTLAW,
        }
    ]
    if miner:
        permanents.append(
            {"id": "d", "controller": "me", "name": "Test Miner", "type_line": "Creature — Dwarf",
             "oracle": "{T}: Add {R}."}
        )  # fmt: skip
    return Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": permanents + extra})


def _tapping_warnings(board: Board, cost: str) -> list[str]:
    answer = pay(board, PaymentTarget.of(cost))
    return [w.permanent for w in answer.warnings if w.reason == TAPPING_TRIGGER]


def test_a_treasure_made_by_a_trigger_of_tapping_is_named_where_the_answer_is_no() -> None:
    # the Dwarf's {R} pays {R}; {G} only a Treasure would pay, made once the trigger resolves (CR 603.3)
    board = _board([])
    answer = pay(board, PaymentTarget.of("{R}{G}"))
    assert answer.payable is False
    assert _tapping_warnings(board, "{R}{G}") == ["m"]


def test_an_untap_trigger_of_tapping_is_named() -> None:
    sculptor = {"id": "u", "controller": "me", "name": "Test Sculptor", "type_line": "Creature — Elf",
                "oracle": "{T}: Add {G}.\n" + SCULPTOR}  # fmt: skip
    assert _tapping_warnings(_board([sculptor]), "{G}{G}") == ["m", "u"]


@pytest.mark.parametrize(
    "oracle",
    [
        "Whenever Test Outlaw attacks, create a Treasure token.",  # (not set off by tapping)
        "Whenever you tap a Forest for mana, add an additional {G}.",  # (a mana ability: planned, CR 605.1b)
        "Whenever a Dwarf you control becomes tapped, it deals 1 damage to you.",  # (makes nothing)
    ],
)
def test_other_triggers_are_not_named(oracle: str) -> None:
    board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
        {"id": "m", "controller": "me", "name": "Test Outlaw", "type_line": "Creature — Dwarf",
         "oracle": oracle},
        {"id": "f", "controller": "me", "card": "Forest"},
    ]})  # fmt: skip
    assert _tapping_warnings(board, "{G}{G}") == []


def test_nothing_is_named_when_its_controller_has_nothing_that_taps_for_mana() -> None:
    assert _tapping_warnings(_board([], miner=False), "{R}") == []
