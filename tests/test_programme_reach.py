"""The dynamic programme drops the states that need more mana than the uses after them can make
(:meth:`planner.solve.fast.programme._Programme._reach`): its answers are those of the programme that keeps
them, on random boards with costs near all the mana they make (where the drop matters)."""

from __future__ import annotations

import random

import pytest

from benchmarks.boards import SPICE, realistic_board
from models.board import Board
from models.cost import PaymentTarget
from models.kept import forget_all
from planner.solve.fast import programme, solve_fast
from planner.solve.fast.programme import _Programme
from planner.solve.problem import PaymentProblem
from planner.solve.solution import Solution, SolveStatus

#: More mana than any board here makes: a reach that drops nothing.
_UNBOUNDED = 10**9


def _keeping_all(self: _Programme, skipped: frozenset[int], *, plain: bool) -> dict[int, tuple[int, int]]:
    return dict.fromkeys(range(len(self.search.groups)), (0, _UNBOUNDED))


def _answer(board: Board, cost: str) -> tuple[object, ...]:
    solution: Solution | None = solve_fast(PaymentProblem.of(board, PaymentTarget.of(cost)))
    if solution is None:
        return (None,)
    steps = solution.plan.steps if solution.plan is not None else ()
    return solution.status, solution.objective, tuple((s.permanent, str(s.produced)) for s in steps)


def _questions(seed: int) -> list[tuple[Board, str]]:
    """A realistic board (now and then a doubler, a Signet or a Treasure, and one of :data:`SPICE`) and
    costs from all the mana it makes to a few less, in one of its colors."""
    rng = random.Random(seed)
    spec = realistic_board(rng, rng.randint(8, 40))
    if rng.random() < 0.5:
        spec.data["permanents"].append({"id": "spice", "card": rng.choice(SPICE), "controller": "me"})
    board = Board.from_dict(spec.data)
    most = max(spec.capacity * (2 if any(p["id"] == "doubler" for p in spec.data["permanents"]) else 1), 1)
    color = rng.choice(spec.deck)
    return [(board, f"{{{max(0, most - less)}}}{{{color}}}") for less in (0, 1, 2, 4, 8)]


@pytest.mark.parametrize("seed", range(40))
def test_dropping_states_that_cannot_finish_changes_no_answer(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(programme, "_MAX_MOVES", 10**7)  # (neither run declines for its limits)
    monkeypatch.setattr(programme, "_MAX_STATES", 10**6)
    forget_all()
    questions = _questions(seed)
    dropping = [_answer(board, cost) for board, cost in questions]
    monkeypatch.setattr(_Programme, "_reach", _keeping_all)
    forget_all()
    assert [_answer(board, cost) for board, cost in questions] == dropping
    forget_all()


def test_a_cost_near_all_the_mana_is_answered_by_the_fast_path() -> None:
    """600 lands, elves and rocks under Mana Reflection paying all but a little of their mana: the states
    within that slack are few, where the programme used to pass its limit and leave the answer to CP-SAT."""
    rng = random.Random(5)
    cards = (
        "Forest",
        "Island",
        "Tropical Island",
        "Sol Ring",
        "Llanowar Elves",
        "Breeding Pool",
        "Mind Stone",
    )
    permanents: list[dict[str, object]] = [
        {"id": f"p{n:03}", "card": rng.choice(cards), "controller": "me", "tapped": rng.random() < 0.2}
        for n in range(600)
    ]
    permanents.append({"id": "mr", "card": "Mana Reflection", "controller": "me"})
    board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": permanents})
    solution = solve_fast(PaymentProblem.of(board, PaymentTarget.of("{1030}{G}{U}")))
    assert solution is not None and solution.status is SolveStatus.OPTIMAL
