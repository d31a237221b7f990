"""Triggers of sacrificing that are no mana abilities (CR 605.1b) and make mana: a Treasure sacrificed while
paying sets one off to wait until the spell is cast (CR 603.3), so a payment never counts its mana; a player
who sacrifices the Treasure for mana with priority before casting lets it resolve first, and the mana stays in
the pool (CR 500.4) to pay the spell. A payment does not plan that, and says so (probe 12: Crime Novelist's
"Whenever you sacrifice an artifact, put a +1/+1 counter on ~ and add {R}." answered "no" to {R}{R} with a
Treasure, with no word)."""

from __future__ import annotations

from typing import Any

import pytest
from boards import search

from models.board import Board
from models.cost import PaymentTarget
from planner.api import pay
from planner.rules.records import WarningKind
from planner.rules.view import TextWarning
from planner.turn import plan_turn

NOVELIST = "Whenever you sacrifice an artifact, put a +1/+1 counter on Test Novelist and add {R}."
TREASURE = {"id": "t", "controller": "me", "card": "Treasure", "token": True}


def _novelist(oracle: str = NOVELIST, controller: str = "me") -> dict[str, Any]:
    return {"id": "n", "controller": controller, "name": "Test Novelist",
            "type_line": "Creature — Goblin Bard", "oracle": oracle, "power": 3, "toughness": 2}  # fmt: skip


def _board(extra: list[dict[str, Any]], oracle: str = NOVELIST, *, controller: str = "me") -> Board:
    novelist = _novelist(oracle, controller)
    return Board.from_dict(
        {"version": 1, "players": [{"id": "me"}, {"id": "opp"}], "permanents": [novelist, *extra]}
    )


def _named(board: Board, cost: str) -> list[str]:
    """The permanents named in the answer's warnings for a trigger of sacrificing not planned."""
    return [w.permanent for w in pay(board, PaymentTarget.of(cost)).warnings if _of_sacrificing(w)]


def _of_sacrificing(warning: TextWarning) -> bool:
    return warning.kind is WarningKind.NOT_PLANNED and "trigger of sacrificing" in warning.reason


def test_the_mana_of_a_sacrifice_trigger_is_named_where_the_answer_is_no() -> None:
    # by the rules {R}{R} is payable: the Treasure sacrificed for {R} before casting, the trigger's {R}
    # (CR 603.3, 500.4); a payment counts the Treasure's one mana: the reference search says "no" too
    board = _board([TREASURE])
    assert search(board, "{R}{R}").payable is False
    assert pay(board, PaymentTarget.of("{R}{R}")).payable is False
    assert _named(board, "{R}{R}") == ["n"]


def test_a_turn_plan_names_it_too() -> None:
    # a {1}{R} spell: Treasure {R} and the trigger's {R} would cast it (two mana); the plan sees one
    board = Board.from_dict({
        "version": 1,
        "players": [{"id": "me", "hand": [{"name": "Test Goblin", "type_line": "Creature — Goblin",
                                           "mana_cost": "{1}{R}", "oracle": ""}]}],
        "permanents": [_novelist(), TREASURE],
    })  # fmt: skip
    turn = plan_turn(board, casts=["Test Goblin"], time_limit=300)
    assert turn.castable is False
    assert [w.permanent for w in turn.warnings if _of_sacrificing(w)] == ["n"]


def test_nothing_is_named_when_no_mana_ability_sacrifices() -> None:
    # a Forest's mana: no sacrifice sets the trigger off, the answer stands alone
    assert _named(_board([{"id": "f", "controller": "me", "card": "Forest"}]), "{G}") == []


def test_the_opponent_s_trigger_is_not_named_for_my_treasure() -> None:
    # 'whenever you sacrifice': its controller's sacrifices, not mine (CR 109.5)
    assert _named(_board([TREASURE], controller="opp"), "{R}") == []


@pytest.mark.parametrize(
    "oracle",
    [
        "Whenever you sacrifice an artifact, put a +1/+1 counter on Test Novelist.",  # (makes no mana)
        "Whenever Test Novelist attacks, add {R}.",  # (no sacrifice sets it off)
    ],
)
def test_other_triggers_are_not_named(oracle: str) -> None:
    assert _named(_board([TREASURE], oracle), "{R}") == []
