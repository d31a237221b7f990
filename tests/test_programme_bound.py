"""The dynamic programme declines before it runs only when running it would decline
(:meth:`planner.solve.fast.programme._Programme._surely_too_long`): checked on random boards with its limits
lowered, so that many questions reach them; the walk it decides by (``_Programme._walk``) says exactly what
the programme does; and a big board of the kind issue 41 found (filter lands and Signets) is declined before
the programme takes a move, where the programme itself declines."""

from __future__ import annotations

import random

import pytest

from benchmarks.bench_big import random_big_question
from benchmarks.boards import random_question
from models.board import Board
from models.cost import PaymentTarget
from models.kept import forget_all
from planner.solve.fast import programme, solve_fast
from planner.solve.fast.programme import _Programme
from planner.solve.fast.search import _DeclinedError
from planner.solve.fast.sources import _Taps
from planner.solve.problem import PaymentProblem


@pytest.mark.parametrize(("moves", "states"), [(300, 4096), (3000, 12), (1000, 8)])
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


@pytest.mark.parametrize(("moves", "states"), [(300, 4096), (3000, 12), (1000, 8)])
def test_the_walk_says_what_the_programme_does(
    moves: int, states: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    # (_walk follows the programme's states without their values: it passes the limits exactly when a run
    # without a bound does; the range of the mana still needed is not asked, so every run is walked)
    monkeypatch.setattr(programme, "_MAX_MOVES", moves)
    monkeypatch.setattr(programme, "_MAX_STATES", states)
    forget_all()
    solve = _Programme.solve
    seen: list[tuple[bool | None, bool]] = []  # (the walk's verdict, declined) per run without a bound

    def solving(
        self: _Programme,
        skipped: frozenset[int],
        limit: int | None = None,
        *,
        plain: bool = False,
        beyond: bool = False,
    ) -> _Taps | None:
        if limit is not None or (self.search.runs and self.search.pending):
            return solve(
                self, skipped, limit, plain=plain, beyond=beyond
            )  # (pruned by value, or by the branching)
        verdict = self._walk(skipped, plain=plain, beyond=beyond)
        with monkeypatch.context() as running:
            running.setattr(_Programme, "_surely_too_long", lambda *_args, **_kwargs: False)
            try:
                found = solve(self, skipped, limit, plain=plain, beyond=beyond)
            except _DeclinedError:
                seen.append((verdict, True))
                raise
        seen.append((verdict, False))
        return found

    monkeypatch.setattr(_Programme, "solve", solving)
    rng = random.Random(moves + 1)
    for _ in range(150):
        question = random_question(rng)
        board = Board.from_dict(question.board)
        solve_fast(PaymentProblem.of(board, PaymentTarget.of(question.cost), x=question.x))
    assert all(verdict is declined for verdict, declined in seen)
    assert {declined for _, declined in seen} == {True, False}  # (both seen)
    forget_all()


#: A big board of the kind issue 41 found slow to decline: filter lands and Signets of the cost's colors,
#: each with several ways to pay and make mana, so that the programme's states (the demand open per type,
#: the mana still needed) grow as the square of the filter lands used before the limits stop it.
_FILTERS_AND_SIGNETS = {
    "Cascade Bluffs": 40,
    "Izzet Signet": 30,
    "Island": 110,
    "Mountain": 110,
    "Volcanic Island": 45,
    "Shivan Reef": 20,
}


def test_a_big_board_past_the_limits_is_declined_before_the_programme_runs(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    board = Board.from_dict(
        {
            "version": 1,
            "players": [{"id": "me"}],
            "permanents": [
                {"id": f"{card}-{number}", "card": card, "controller": "me"}
                for card, count in _FILTERS_AND_SIGNETS.items()
                for number in range(count)
            ],
        }
    )
    problem = PaymentProblem.of(board, PaymentTarget.of("{300}{U}{U}{R}"))
    walked: list[tuple[bool | None, int]] = []  # (the walk's verdict, the moves the programme took before)
    walk = _Programme._walk

    def walking(self: _Programme, skipped: frozenset[int], *, plain: bool, beyond: bool) -> bool | None:
        verdict = walk(self, skipped, plain=plain, beyond=beyond)
        walked.append((verdict, self.search.moves))
        return verdict

    monkeypatch.setattr(_Programme, "_walk", walking)
    assert solve_fast(problem) is None
    assert walked[-1] == (True, 0)  # declined by the walk, before the programme took a move
    # run as before, the programme declines too (past its limits: its states, within a group), having taken
    # its moves
    taken: list[int] = []
    solve = _Programme.solve

    def running(self: _Programme, *args: object, **kwargs: bool) -> _Taps | None:
        try:
            return solve(self, *args, **kwargs)  # type: ignore[arg-type]
        finally:
            taken.append(self.search.moves)

    monkeypatch.setattr(_Programme, "_surely_too_long", lambda *_args, **_kwargs: False)
    monkeypatch.setattr(_Programme, "solve", running)
    assert solve_fast(problem) is None
    assert taken[-1] > 0


def test_a_bounded_run_declines_within_the_group_that_passes_its_states() -> None:
    # bench_big's random question 3 of seed 3 ({1102}{G}, 1,000 permanents): the greedy has too many choices,
    # so a plain run (sources that just tap) bounds a run with the rest. The plain run's mana still needed
    # stays within the slack of what the board makes, so it is not walked; the bounded run's states pass
    # the limit within a group of Signets, where it declines, as the group's end would (issue 41: it took
    # 340,000 moves, past its limit of moves, where it now takes under 60,000)
    rng = random.Random(3)
    data, cost = [random_big_question(rng) for _ in range(4)][3]
    problem = PaymentProblem.of(Board.from_dict(data), PaymentTarget.of(cost))
    runs: list[tuple[bool, bool, bool, int]] = []  # (plain, bounded, declined, moves after) per run
    walks: list[bool | None] = []
    solve, walk = _Programme.solve, _Programme._walk

    def solving(
        self: _Programme,
        skipped: frozenset[int],
        limit: int | None = None,
        *,
        plain: bool = False,
        beyond: bool = False,
    ) -> _Taps | None:
        declined = True
        try:
            found = solve(self, skipped, limit, plain=plain, beyond=beyond)
            declined = False
            return found
        finally:
            runs.append((plain, limit is not None, declined, self.search.moves))

    def walking(self: _Programme, skipped: frozenset[int], *, plain: bool, beyond: bool) -> bool | None:
        walks.append(walk(self, skipped, plain=plain, beyond=beyond))
        return walks[-1]

    with pytest.MonkeyPatch.context() as patched:
        patched.setattr(_Programme, "solve", solving)
        patched.setattr(_Programme, "_walk", walking)
        assert solve_fast(problem) is None
    assert walks == []
    assert [run[:3] for run in runs] == [(True, False, False), (False, True, True)]
    assert runs[-1][3] < programme._MAX_MOVES
