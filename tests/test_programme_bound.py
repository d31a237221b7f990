"""The dynamic programme declines before it runs only when running it would decline
(:meth:`planner.solve.fast.programme._Programme._surely_too_long`): checked on random boards with its limits
lowered, so that many questions reach them."""

from __future__ import annotations

import random

import pytest

from benchmarks.boards import random_question
from models.board import Board
from models.cost import PaymentTarget
from models.kept import forget_all
from planner.solve.fast import programme, solve_fast
from planner.solve.fast.programme import _Programme
from planner.solve.fast.search import _DeclinedError
from planner.solve.fast.sources import _Taps
from planner.solve.problem import PaymentProblem


@pytest.mark.parametrize(("moves", "states"), [(300, 4096), (3000, 40), (1000, 100)])
def test_declined_before_running_only_when_running_declines(
    moves: int, states: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(programme, "_MAX_MOVES", moves)
    monkeypatch.setattr(programme, "_MAX_STATES", states)
    forget_all()  # (nothing kept from other limits)
    bound = _Programme._surely_too_long
    solve = _Programme.solve
    said: list[bool] = []
    seen: list[tuple[bool, bool]] = []  # (said it declines, declined) per run of the programme without bound

    def saying(self: _Programme, skipped: frozenset[int], *, plain: bool, beyond: bool) -> bool:
        said.append(bound(self, skipped, plain=plain, beyond=beyond))
        return False  # the programme runs all the same

    def solving(
        self: _Programme,
        skipped: frozenset[int],
        limit: int | None = None,
        *,
        plain: bool = False,
        beyond: bool = False,
    ) -> _Taps | None:
        said.clear()
        try:
            found = solve(self, skipped, limit, plain=plain, beyond=beyond)
        except _DeclinedError:
            seen.extend((verdict, True) for verdict in said)
            raise
        seen.extend((verdict, False) for verdict in said)
        return found

    monkeypatch.setattr(_Programme, "_surely_too_long", saying)
    monkeypatch.setattr(_Programme, "solve", solving)
    rng = random.Random(moves)
    for _ in range(150):
        question = random_question(rng)
        board = Board.from_dict(question.board)
        solve_fast(PaymentProblem.of(board, PaymentTarget.of(question.cost), x=question.x))
    assert all(declined for verdict, declined in seen if verdict)
    assert any(verdict for verdict, _ in seen)  # (the bound decided some)
    forget_all()


@pytest.mark.parametrize(("moves", "states"), [(300, 4096), (3000, 40), (150_000, 4096)])
def test_short_by_the_range_only_when_the_walk_finds_it_short(
    moves: int, states: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    # (_surely_short bounds the walk of _surely_too_long from above: when it says short, the walk says so too)
    monkeypatch.setattr(programme, "_MAX_MOVES", moves)
    monkeypatch.setattr(programme, "_MAX_STATES", states)
    forget_all()
    short = _Programme._surely_short
    bound = _Programme._surely_too_long
    verdicts: list[tuple[bool, bool]] = []  # (short by the range, too long by the walk)

    def both(self: _Programme, skipped: frozenset[int], *, plain: bool, beyond: bool) -> bool:
        by_range = short(self, skipped)
        monkeypatch.setattr(_Programme, "_surely_short", lambda _self, _skipped: False)
        try:
            walked = bound(self, skipped, plain=plain, beyond=beyond)
        finally:
            monkeypatch.setattr(_Programme, "_surely_short", short)
        verdicts.append((by_range, walked))
        return walked

    monkeypatch.setattr(_Programme, "_surely_too_long", both)
    rng = random.Random(moves + 1)
    for _ in range(150):
        question = random_question(rng)
        board = Board.from_dict(question.board)
        solve_fast(PaymentProblem.of(board, PaymentTarget.of(question.cost), x=question.x))
    assert not any(by_range and walked for by_range, walked in verdicts)
    assert any(by_range for by_range, _ in verdicts)  # (the range decided some)
    if moves < 150_000:
        assert any(walked for _, walked in verdicts)  # (and the walk found some too long)
    forget_all()
