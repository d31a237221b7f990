"""The dynamic programme's limits are decided before it runs (issue 41 item 2), from counts
(:meth:`planner.solve.fast.programme._Programme._extent`): the extent bounds the moves the programme takes,
a run whose extent is within the limits never passes them (``_PastItsExtentError`` would say so), a run
without a bound whose extent passes them is declined before the programme takes a move, and boards just
inside and just outside each limit say so; a big board of the kind issue 41 found (filter lands and Signets)
is declined before the programme takes a move, where the programme itself declines."""

from __future__ import annotations

import contextlib
import random
from collections.abc import Iterator
from typing import Any

import pytest

from benchmarks.bench_big import random_big_question
from benchmarks.boards import random_question
from models.board import Board
from models.cost import PaymentTarget
from models.kept import forget_all
from planner.solve.fast import programme, solve_fast
from planner.solve.fast.optimise import _optimise
from planner.solve.fast.programme import _PastItsExtentError, _Programme
from planner.solve.fast.reduction import _reduced
from planner.solve.fast.search import _DeclinedError
from planner.solve.fast.sources import _Outside, _Taps
from planner.solve.problem import PaymentProblem

#: A run of the programme as the tests see it: (plain, bounded, what its extent said, how it ended: "ok",
#: "declined" or "past", the moves it took, the extent's moves and states counted without a cap, with the
#: run's bound on value where it has one).
_Run = tuple[bool, bool, bool, str, int, int, int]


@pytest.fixture
def runs(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[_Run]]:
    """Every run of the programme, recorded (:data:`_Run`)."""
    seen: list[_Run] = []
    solve = _Programme.solve

    def solving(
        self: _Programme,
        skipped: frozenset[int],
        limit: int | None = None,
        *,
        plain: bool = False,
        beyond: bool = False,
    ) -> _Taps | None:
        bound = None if limit is None else (limit - beyond, beyond)
        fits = self._fits(skipped, plain=plain, budget=programme._MAX_MOVES - self.search.moves, limit=bound)
        moves, states = self._extent(skipped, plain=plain, cap=1 << 60, limit=bound)
        before = self.search.moves
        ended = "declined"
        try:
            found = solve(self, skipped, limit, plain=plain, beyond=beyond)
            ended = "ok"
            return found
        except _PastItsExtentError:
            ended = "past"
            raise
        finally:
            seen.append((plain, limit is not None, fits, ended, self.search.moves - before, moves, states))

    monkeypatch.setattr(_Programme, "solve", solving)
    forget_all()  # (nothing kept from other limits)
    yield seen
    forget_all()


@pytest.mark.parametrize(("moves", "states"), [(300, 4096), (3000, 12), (1000, 8), (150_000, 4096)])
def test_a_run_that_fits_never_passes_its_limits(
    moves: int, states: int, monkeypatch: pytest.MonkeyPatch, runs: list[_Run]
) -> None:
    monkeypatch.setattr(programme, "_MAX_MOVES", moves)
    monkeypatch.setattr(programme, "_MAX_STATES", states)
    rng = random.Random(moves + states)
    for _ in range(150):
        question = random_question(rng)
        board = Board.from_dict(question.board)
        solve_fast(PaymentProblem.of(board, PaymentTarget.of(question.cost), x=question.x))
    assert runs
    assert all(ended != "past" for *_, ended, _, _, _ in runs)
    # the extent bounds the moves every run took (a bound only drops states), where it counted them all (it
    # stops once its states pass the limit)
    assert all(taken <= extent for *_, taken, extent, most in runs if most <= states)
    # a run that does not fit, with a bound or without, is declined before it takes a move
    assert all(taken == 0 for _, _, fits, _, taken, _, _ in runs if not fits)
    assert any(bounded and taken for _, bounded, _, _, taken, _, _ in runs)  # (bounded runs seen running)
    if moves < 150_000:
        assert {fits for _, _, fits, *_ in runs} == {True, False}  # (both verdicts seen)


def test_the_extent_bounds_every_run_without_limits(
    monkeypatch: pytest.MonkeyPatch, runs: list[_Run]
) -> None:
    # (with the limits out of reach every run ends: its moves are what the extent bounds)
    monkeypatch.setattr(programme, "_MAX_MOVES", 1 << 40)
    monkeypatch.setattr(programme, "_MAX_STATES", 1 << 40)
    rng = random.Random(41)
    for _ in range(120):
        question = random_question(rng)
        board = Board.from_dict(question.board)
        solve_fast(PaymentProblem.of(board, PaymentTarget.of(question.cost), x=question.x))
    assert len(runs) > 20
    assert all(ended == "ok" for *_, ended, _, _, _ in runs)
    over = [run for run in runs if run[4] > run[5]]
    assert not over
    assert any(taken for *_, taken, _, _ in runs)


def _first_run(problem: PaymentProblem, runs: list[_Run]) -> _Run:
    """The first run of the programme on the problem, whatever the fast path's answer."""
    runs.clear()
    reduced = _reduced(problem)
    assert not isinstance(reduced, _Outside)
    with contextlib.suppress(_DeclinedError):
        _optimise(reduced)
    assert runs
    return runs[0]


@pytest.mark.parametrize("limit", ["moves", "states"])
def test_just_inside_and_just_outside_each_limit(
    limit: str, monkeypatch: pytest.MonkeyPatch, runs: list[_Run]
) -> None:
    # a board whose greedy has too many choices (Sol Rings and bounce lands: 16 times 21), so that a plain run
    # (sources that just tap) starts
    counts = {"Forest": 12, "Island": 9, "Sol Ring": 15, "Simic Growth Chamber": 20}
    board = Board.from_dict(
        {
            "version": 1,
            "players": [{"id": "me"}],
            "permanents": [
                {"id": f"{card}-{number}", "card": card, "controller": "me"}
                for card, count in counts.items()
                for number in range(count)
            ],
        }
    )
    problem = PaymentProblem.of(board, PaymentTarget.of("{40}{G}{U}"))
    plain, bounded, fits, ended, taken, moves, states = _first_run(problem, runs)
    assert plain and not bounded and fits and ended == "ok" and taken > 0
    extent = {"moves": moves, "states": states}[limit]
    name = {"moves": "_MAX_MOVES", "states": "_MAX_STATES"}[limit]
    monkeypatch.setattr(programme, name, extent)  # just inside: the run fits and never passes its limit
    forget_all()
    assert _first_run(problem, runs)[2:4] == (True, "ok")
    monkeypatch.setattr(programme, name, extent - 1)  # just outside: declined before the programme moves
    forget_all()
    assert _first_run(problem, runs)[2:5] == (False, "declined", 0)


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
    monkeypatch: pytest.MonkeyPatch, runs: list[_Run]
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
    assert solve_fast(problem) is None
    assert runs[-1][1:5] == (False, False, "declined", 0)  # declined by its extent, before a move
    # run as if it fitted, the programme declines too (past its limits), having taken its moves
    monkeypatch.setattr(_Programme, "_fits", lambda *_args, **_kwargs: True)
    runs.clear()
    assert solve_fast(problem) is None
    assert runs[-1][3] == "past" and runs[-1][4] > 0


def test_a_bounded_run_past_its_limits_is_declined_before_it_moves(
    monkeypatch: pytest.MonkeyPatch, runs: list[_Run]
) -> None:
    # bench_big's random question 3 of seed 3 ({1102}{G}, 1,000 permanents): the greedy has too many choices,
    # so a plain run (sources that just tap) bounds a run with the rest. The plain run fits; the bounded run's
    # extent does not, even with its bound (the plain payment pays a mana over, which leaves room for many
    # Signets' uses), and it is declined before it takes a move (issue 41: it took 340,000 moves, then
    # 34,000, declining within a group of Signets, 60-150 ms)
    rng = random.Random(3)
    data, cost = [random_big_question(rng) for _ in range(4)][3]
    problem = PaymentProblem.of(Board.from_dict(data), PaymentTarget.of(cost))
    assert solve_fast(problem) is None
    assert [run[:5] for run in runs][1:] == [(False, True, False, "declined", 0)]
    assert runs[0][:4] == (True, False, True, "ok")
    # run as if it fitted, the bounded run passes a limit (past its extent, which said it does not fit)
    monkeypatch.setattr(_Programme, "_fits", lambda *_args, **_kwargs: True)
    runs.clear()
    assert solve_fast(problem) is None
    assert runs[-1][1] and runs[-1][3] == "past" and runs[-1][4] > 0


def test_a_bound_that_leaves_no_room_for_a_special_fits_the_bounded_run(
    monkeypatch: pytest.MonkeyPatch, runs: list[_Run]
) -> None:
    # bench_big's random question 15 of seed 2 ({1}{R}{G}, 1,000 permanents): the plain run's payment bounds a
    # run with the specials (Signets, Treasures) whose extent without the bound is 196,690 moves, past the
    # limit; with it, one use of any special already costs more than the bound leaves (_Programme._rise), the
    # start goes once the specials are done (the run looks beyond the known payment), and the extent is the
    # run's own moves: it fits and runs (before, only the run itself could tell)
    unbounded: list[int] = []  # (the bounded runs' extents without their bound, in moves)
    fits = _Programme._fits

    def fitting(self: _Programme, skipped: frozenset[int], **kwargs: Any) -> bool:
        if kwargs.get("limit") is not None:
            unbounded.append(self._extent(skipped, plain=kwargs["plain"], cap=1 << 60)[0])
        return fits(self, skipped, **kwargs)

    monkeypatch.setattr(_Programme, "_fits", fitting)
    rng = random.Random(2)
    data, cost = [random_big_question(rng) for _ in range(16)][15]
    problem = PaymentProblem.of(Board.from_dict(data), PaymentTarget.of(cost))
    assert solve_fast(problem) is not None
    plain, bounded, fits_, ended, taken, moves, _ = runs[-1]
    assert bounded and not plain and fits_ and ended == "ok"
    assert 0 < taken == moves
    assert unbounded and min(unbounded) > programme._MAX_MOVES  # (without its bound it would not fit)


def test_a_run_whose_sources_make_mana_in_pairs_counts_every_other_value(runs: list[_Run]) -> None:
    # bench_big's random question 39 of seed 8 ({1069}{W}{B}{B}, 1,000 permanents): every use of a source that
    # just taps lowers the mana still needed by 2 or 4, so from its even start (1,072) it is always even, and
    # the extent counts half the box (_Programme._grid). The plain run took 29,102 moves,
    # where the extent without that said 178,748, past the limit (CP-SAT answered); now it fits, runs, and
    # its moves stay within its extent
    rng = random.Random(8)
    data, cost = [random_big_question(rng) for _ in range(40)][39]
    problem = PaymentProblem.of(Board.from_dict(data), PaymentTarget.of(cost))
    solve_fast(problem)
    plain, bounded, fits, ended, taken, moves, _ = runs[0]
    assert plain and not bounded and fits and ended == "ok"
    assert 0 < taken <= moves <= programme._MAX_MOVES
