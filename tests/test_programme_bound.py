"""The dynamic programme's limits are decided before it runs (issue 41 item 2), from counts
(:meth:`planner.solve.fast.programme._Programme._extent`): the extent bounds the moves the programme takes,
a run whose extent is within the limits never passes them (``_PastItsExtentError`` would say so), a run
without a bound whose extent passes them is declined before the programme takes a move (one with a bound
after a trial of a few moves, its extent worked out only when the trial does not end it), and boards just
inside and just outside each limit say so; a big board of the kind issue 41 found (filter lands and Signets)
is declined before the programme takes a move, where the programme itself declines."""

from __future__ import annotations

import contextlib
import itertools
import random
from collections.abc import Iterator
from typing import Any, NamedTuple

import pytest

from benchmarks.bench_big import random_big_question
from benchmarks.boards import random_question
from models.board import Board
from models.cost import PaymentTarget
from models.kept import forget_all
from planner.solve.fast import programme, solve_fast
from planner.solve.fast.optimise import _optimise
from planner.solve.fast.programme import _Limit, _PastItsExtentError, _Programme, _TrialOverError
from planner.solve.fast.reduction import _board_kinds, _board_sources, _reduced
from planner.solve.fast.search import _DeclinedError
from planner.solve.fast.sources import _layout, _Outside, _Taps
from planner.solve.problem import PaymentProblem
from planner.solve.solution import Solution

#: The big boards' time limit, in seconds: what they assert is how the limits on moves and states decide,
#: which a loaded machine's clock (or the caches switched off, MANA_PLANNER_CACHE=off) must not cut short.
_NO_TIME_LIMIT = 86_400.0


class _Run(NamedTuple):
    """A run of the programme as the tests see it (:meth:`_Programme.solve`)."""

    plain: bool
    bounded: bool
    #: what its extent said at its start, with the run's budget then
    fits: bool
    #: how it ended: "ok", "declined" or "past"
    ended: str
    #: the moves it took, in all its passes
    taken: int
    #: the extent's moves and states, counted without a cap, with the run's bound on value where it has one
    moves: int
    states: int
    #: its passes (:meth:`_Programme._run`): whether each was a trial, how it ended ("ok", "trial over",
    #: "declined", "past") and the moves it took
    passes: tuple[tuple[bool, str, int], ...]


def _ended(error: Exception | None) -> str:
    """How a run or pass ended, by the error that ended it (None: it ended with its answer)."""
    if error is None:
        return "ok"
    return {_PastItsExtentError: "past", _TrialOverError: "trial over"}.get(type(error), "declined")


@pytest.fixture
def runs(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[_Run]]:
    """Every run of the programme, recorded (:class:`_Run`) with its passes."""
    seen: list[_Run] = []
    passes: list[tuple[bool, str, int]] = []
    solve, run = _Programme.solve, _Programme._run

    def solving(
        self: _Programme,
        skipped: frozenset[int],
        limit: int | None = None,
        *,
        plain: bool = False,
        beyond: bool = False,
    ) -> _Taps | None:
        bound = None if limit is None else (limit - beyond, beyond)
        fits = self._fits(skipped, plain=plain, budget=self.limit - self.search.moves, limit=bound)
        moves, states = self._extent(skipped, plain=plain, cap=1 << 60, limit=bound)
        before = self.search.moves
        passes.clear()
        error: Exception | None = None
        try:
            return solve(self, skipped, limit, plain=plain, beyond=beyond)
        except _DeclinedError as declined:
            error = declined
            raise
        finally:
            taken = self.search.moves - before
            ended = _ended(error)
            seen.append(_Run(plain, limit is not None, fits, ended, taken, moves, states, tuple(passes)))

    def running(
        self: _Programme, skipped: frozenset[int], plain: bool, limit: _Limit | None, *, trial: bool
    ) -> _Taps | None:
        before = self.search.moves
        error: Exception | None = None
        try:
            return run(self, skipped, plain, limit, trial=trial)
        except (_DeclinedError, _TrialOverError) as ended:
            error = ended
            raise
        finally:
            passes.append((trial, _ended(error), self.search.moves - before))

    monkeypatch.setattr(_Programme, "solve", solving)
    monkeypatch.setattr(_Programme, "_run", running)
    forget_all()  # (nothing kept from other limits)
    yield seen
    forget_all()


def _trial_then_full(run: _Run) -> int:
    """The moves a run took in a trial that did not end it (0 when it had none)."""
    return sum(taken for trial, ended, taken in run.passes if trial and ended == "trial over")


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
    assert all(run.ended != "past" and all(ended != "past" for _, ended, _ in run.passes) for run in runs)
    # the extent bounds the moves of every pass (a bound only drops states), where it counted them all (it
    # stops once its states pass the limit)
    assert all(taken <= run.moves for run in runs if run.states <= states for _, _, taken in run.passes)
    # a run's full pass starts only where its extent fits (with what its trial left of the budget), and a
    # trial takes at most its moves
    assert all(run.fits for run in runs if any(not trial for trial, _, _ in run.passes))
    assert all(taken <= programme._TRIAL_MOVES for run in runs for trial, _, taken in run.passes if trial)
    # a run that does not fit is declined before it takes a move; a bounded one after at most its trial's
    # moves (or it ends within them)
    assert all(run.taken == 0 and run.ended == "declined" for run in runs if not run.fits and not run.bounded)
    assert all(run.taken <= programme._TRIAL_MOVES for run in runs if not run.fits)
    assert any(run.bounded and run.taken for run in runs)  # (bounded runs seen running)
    if moves < 150_000:
        assert {run.fits for run in runs} == {True, False}  # (both verdicts seen)


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
    assert all(run.ended == "ok" for run in runs)
    # each pass (a trial, or the whole run) within the extent; the run as a whole within it past its trial
    over = [run for run in runs if any(taken > run.moves for _, _, taken in run.passes)]
    assert not over
    assert all(run.taken <= run.moves + _trial_then_full(run) for run in runs)
    assert any(run.taken for run in runs)
    assert any(_trial_then_full(run) for run in runs)  # (trials that did not end the run seen)


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
    # (the whole of _MAX_MOVES on this board of 56 sources: programme.move_limit)
    monkeypatch.setattr(programme, "_SOURCES_AT_FULL_LIMIT", 1)
    first = _first_run(problem, runs)
    assert first.plain and not first.bounded and first.fits and first.ended == "ok" and first.taken > 0
    extent = {"moves": first.moves, "states": first.states}[limit]
    name = {"moves": "_MAX_MOVES", "states": "_MAX_STATES"}[limit]
    monkeypatch.setattr(programme, name, extent)  # just inside: the run fits and never passes its limit
    forget_all()
    inside = _first_run(problem, runs)
    assert (inside.fits, inside.ended) == (True, "ok")
    monkeypatch.setattr(programme, name, extent - 1)  # just outside: declined before the programme moves
    forget_all()
    outside = _first_run(problem, runs)
    assert (outside.fits, outside.ended, outside.taken, outside.passes) == (False, "declined", 0, ())


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
    last = runs[-1]
    # declined by its extent, before a move
    assert (last.bounded, last.fits, last.ended, last.taken, last.passes) == (False, False, "declined", 0, ())
    # run as if it fitted, the programme declines too (past its limits), having taken its moves
    monkeypatch.setattr(_Programme, "_fits", lambda *_args, **_kwargs: True)
    runs.clear()
    assert solve_fast(problem) is None
    assert runs[-1].ended == "past" and runs[-1].taken > 0


def test_a_bounded_run_past_its_limits_is_declined_after_its_trial(
    monkeypatch: pytest.MonkeyPatch, runs: list[_Run]
) -> None:
    # bench_big's random question 3 of seed 3 ({1102}{G}, 1,000 permanents): the greedy has too many choices,
    # so a plain run (sources that just tap) bounds a run with the rest. The plain run fits; the bounded run's
    # extent does not, even with its bound (the plain payment pays a mana over, which leaves room for many
    # Signets' uses), and it is declined once its trial ends, having taken at most the trial's moves (issue
    # 41: it took 340,000 moves, then 34,000, declining within a group of Signets, 60-150 ms)
    rng = random.Random(3)
    data, cost = [random_big_question(rng) for _ in range(4)][3]
    problem = PaymentProblem.of(Board.from_dict(data), PaymentTarget.of(cost), time_limit=_NO_TIME_LIMIT)
    assert solve_fast(problem) is None
    plain, bounded = runs
    assert (plain.plain, plain.bounded, plain.fits, plain.ended) == (True, False, True, "ok")
    assert (bounded.bounded, bounded.fits, bounded.ended) == (True, False, "declined")
    assert [(trial, ended) for trial, ended, _ in bounded.passes] == [(True, "trial over")]
    assert 0 < bounded.taken <= programme._TRIAL_MOVES
    # run as if it fitted, the bounded run passes a limit (past its extent, which said it does not fit)
    monkeypatch.setattr(_Programme, "_fits", lambda *_args, **_kwargs: True)
    runs.clear()
    assert solve_fast(problem) is None
    assert runs[-1].bounded and runs[-1].ended == "past" and runs[-1].taken > programme._TRIAL_MOVES
    assert [(trial, ended) for trial, ended, _ in runs[-1].passes] == [(True, "trial over"), (False, "past")]


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
    problem = PaymentProblem.of(Board.from_dict(data), PaymentTarget.of(cost), time_limit=_NO_TIME_LIMIT)
    assert solve_fast(problem) is not None
    last = runs[-1]
    assert last.bounded and not last.plain and last.fits and last.ended == "ok"
    # (its last pass, the trial or the whole run after it, takes the extent's moves)
    assert last.passes[-1][1:] == ("ok", last.moves) and last.moves > 0
    assert last.taken == last.moves + _trial_then_full(last)
    assert unbounded and min(unbounded) > programme._MAX_MOVES  # (without its bound it would not fit)


def test_permanents_of_one_card_are_one_group_with_the_kept_tables_on_or_off() -> None:
    # the programme's groups are interchangeable permanents, their usage compared by identity
    # (planner.solve.fast.sources._groups): permanents of one card share one analysis whether the kept tables
    # are on or off (MANA_PLANNER_CACHE=off), so the boards above are the same runs either way (with them off,
    # every Forest was a group of its own: the bound above had room for 22,690 moves, not 196,690)
    forests = [{"id": f"f{i}", "card": "Forest", "controller": "me"} for i in range(4)]
    signets = [{"id": f"s{i}", "card": "Simic Signet", "controller": "me"} for i in range(2)]
    board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": forests + signets})
    problem = PaymentProblem.of(board, PaymentTarget.of("{G}"))
    sources = _board_sources(problem, _board_kinds(problem)).sources
    groups = _layout(sources).groups
    assert sorted([source.pid for source in group.members] for group in groups) == [
        ["f0", "f1", "f2", "f3"],
        ["s0", "s1"],
    ]


def test_a_run_whose_sources_make_mana_in_pairs_counts_every_other_value(runs: list[_Run]) -> None:
    # bench_big's random question 39 of seed 8 ({1069}{W}{B}{B}, 1,000 permanents): every use of a source that
    # just taps lowers the mana still needed by 2 or 4, so from its even start (1,072) it is always even, and
    # the extent counts half the box (_Programme._grid). The plain run took 29,102 moves,
    # where the extent without that said 178,748, past the limit (CP-SAT answered); now it fits, runs, and
    # its moves stay within its extent
    rng = random.Random(8)
    data, cost = [random_big_question(rng) for _ in range(40)][39]
    problem = PaymentProblem.of(Board.from_dict(data), PaymentTarget.of(cost), time_limit=_NO_TIME_LIMIT)
    solve_fast(problem)
    first = runs[0]
    assert first.plain and not first.bounded and first.fits and first.ended == "ok"
    assert 0 < first.taken <= first.moves <= programme._MAX_MOVES


@pytest.mark.parametrize("trial", [0, 1, 7])
def test_a_run_answers_the_same_whatever_its_trial(trial: int, monkeypatch: pytest.MonkeyPatch) -> None:
    # a trial that does not end the run is followed by the whole run from its start: the same payments as with
    # the trial that ends most runs (the default), question by question, including those declined
    rng = random.Random(36 + trial)
    questions = [random_question(rng) for _ in range(150)]
    cases = [
        (Board.from_dict(question.board), PaymentTarget.of(question.cost), question.x)
        for question in questions
    ]

    def answers() -> list[Solution | None]:
        # (each question posed afresh, with a time limit no loaded machine reaches: the answers are compared)
        return [solve_fast(PaymentProblem.of(*case[:2], x=case[2], time_limit=86_400.0)) for case in cases]

    forget_all()
    default = answers()
    monkeypatch.setattr(programme, "_TRIAL_MOVES", trial)
    forget_all()
    passes: list[bool] = []
    run = _Programme._run

    def running(
        self: _Programme, skipped: frozenset[int], plain: bool, limit: _Limit | None, *, trial: bool
    ) -> _Taps | None:
        passes.append(trial)
        return run(self, skipped, plain, limit, trial=trial)

    monkeypatch.setattr(_Programme, "_run", running)
    assert answers() == default
    assert sum(default_answer is not None for default_answer in default) > 40
    # (bounded runs seen past their trial: a trial, then the whole run)
    assert any(first and not second for first, second in itertools.pairwise(passes))
    forget_all()


def test_a_bounded_run_that_ends_in_its_trial_works_out_no_extent(monkeypatch: pytest.MonkeyPatch) -> None:
    # issue 36 ("nothing slower"): the bounded runs of simple boards end within a few moves, and work out no
    # extent (an extent on a cold board cost more than the run: bench_instructions' cold row 10,508 -> 11,233
    # thousand instructions a call, the review against frag41c's up-front bounded extents)
    asked: list[bool] = []
    fits, solve = _Programme._fits, _Programme.solve

    def fitting(self: _Programme, skipped: frozenset[int], **kwargs: Any) -> bool:
        asked.append(kwargs.get("limit") is not None)
        return bool(fits(self, skipped, **kwargs))

    bounded_runs: list[int] = []

    def solving(
        self: _Programme,
        skipped: frozenset[int],
        bound: int | None = None,
        *,
        plain: bool = False,
        beyond: bool = False,
    ) -> _Taps | None:
        before = self.search.moves
        try:
            return solve(self, skipped, bound, plain=plain, beyond=beyond)
        finally:
            if bound is not None:
                bounded_runs.append(self.search.moves - before)

    monkeypatch.setattr(_Programme, "_fits", fitting)
    monkeypatch.setattr(_Programme, "solve", solving)
    forget_all()
    rng = random.Random(7)
    for _ in range(150):
        question = random_question(rng)
        board = Board.from_dict(question.board)
        solve_fast(PaymentProblem.of(board, PaymentTarget.of(question.cost), x=question.x))
    ended = [taken for taken in bounded_runs if taken <= programme._TRIAL_MOVES]
    assert len(ended) > 10
    assert asked.count(True) <= len(bounded_runs) - len(ended)
    forget_all()
