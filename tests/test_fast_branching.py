"""The fast path's branching on the colors a payment loses
(:meth:`planner.solve.fast.search._Search.best_in_mode`): its prune on the colors conceded and the first
payment carried over to the search with keepers change no answer (CP-SAT's and the reference search's
answers, replayed by the rules), and a branching that can't finish within the programme's limit is declined
early (issue 41: CP-SAT answers sooner)."""

from __future__ import annotations

import random

import pytest

from benchmarks.bench_no import questions
from benchmarks.boards import MULTIPLIERS, realistic_board
from models.board import Board
from models.cost import PaymentTarget
from models.kept import forget_all
from planner.rules.reference import reference_search
from planner.rules.replay import Plan, replay
from planner.solve.cpsat import solve_payment
from planner.solve.fast import optimise, programme, search, solve_fast
from planner.solve.fast.search import _Search
from planner.solve.objective import objective_of, objectives_on
from planner.solve.problem import PaymentProblem


def _levels(board: Board, target: PaymentTarget, plan: Plan) -> tuple[int, ...]:
    """The objective of a plan, after replaying it by the rules."""
    return objective_of(board, "me", replay(board, target, plan))


def _long_cost(seed: int) -> tuple[Board, PaymentTarget]:
    """A realistic board and a cost of many pips of one of its colors (the payments lose that color, and
    the search branches on the groups that could keep it)."""
    rng = random.Random(f"branch {seed}")
    spec = realistic_board(rng, rng.randint(8, 24))
    color = rng.choice(spec.deck)
    pips = rng.randint(3, max(3, spec.capacity))
    cost = f"{{{rng.randint(0, 2)}}}" + f"{{{color}}}" * pips
    return Board.from_dict(spec.data), PaymentTarget.of(cost)


def test_the_branching_agrees_with_cp_sat_on_long_costs_of_one_color(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(programme, "_MAX_MOVES", 10**8)  # (the branching runs to its end)
    monkeypatch.setattr(search, "_MAX_SUBPROBLEMS", 10**4)
    forget_all()
    solved = 0
    branched = 0
    best_in_mode = _Search.best_in_mode

    def counting(self: _Search, mode: object, solve: search._Solve) -> None:
        nonlocal branched
        budget = self.budget
        best_in_mode(self, mode, solve)  # type: ignore[arg-type]
        branched += budget - self.budget > 3

    monkeypatch.setattr(_Search, "best_in_mode", counting)
    for seed in range(50):
        board, target = _long_cost(seed)
        fast = solve_fast(PaymentProblem.of(board, target))
        if fast is None:
            continue  # (outside the fragment, or its plan declined: CP-SAT answers)
        model = solve_payment(PaymentProblem.of(board, target))
        assert (fast.plan is None) == (model.plan is None), seed
        if fast.plan is not None and model.plan is not None:
            assert _levels(board, target, fast.plan) == _levels(board, target, model.plan), seed
            solved += 1
    assert solved >= 30 and branched >= 10  # (the questions branch: the test tests the branching)
    forget_all()


def test_the_first_payment_is_worked_out_once_when_the_keepers_are_needed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Dimir Signet's ability costs mana, so the colors a payment loses are read from the units until one is
    lost ({U}{U}{U} taps every blue source); the search then starts again with the keepers, and the same
    groups: the first payment carries over rather than being worked out again."""
    board = Board.from_dict(
        {
            "version": 1,
            "players": [{"id": "me"}],
            "permanents": [
                {"id": "i1", "card": "Island", "controller": "me"},
                {"id": "i2", "card": "Island", "controller": "me"},
                {"id": "sea", "card": "Underground Sea", "controller": "me"},
                {"id": "grave", "card": "Watery Grave", "controller": "me"},
                {"id": "signet", "card": "Dimir Signet", "controller": "me"},
            ],
        }
    )
    target = PaymentTarget.of("{1}{U}{U}{U}")
    first: list[frozenset[int]] = []
    solve = optimise._Solver.solve

    def recording(self: optimise._Solver, skipped: frozenset[int]) -> object:
        if not skipped:
            first.append(skipped)
        return solve(self, skipped)

    restarted: list[bool] = []
    optimise_by = optimise._optimise_by

    def noting(problem: object, firsts: object = None, spent: tuple[int, int] = (0, 0)) -> object:
        restarted.append(firsts is not None)
        return optimise_by(problem, firsts, spent)  # type: ignore[arg-type]

    monkeypatch.setattr(optimise._Solver, "solve", recording)
    monkeypatch.setattr(optimise, "_optimise_by", noting)
    forget_all()
    fast = solve_fast(PaymentProblem.of(board, target))
    assert restarted == [False, True]  # (the search started again, with the first payment carried over)
    assert len(first) == 1
    assert fast is not None and fast.plan is not None
    reference = reference_search(board, target)
    assert _levels(board, target, fast.plan) == min(map(objectives_on(board, "me"), reference.outcomes))
    forget_all()


def test_a_branching_that_cannot_finish_is_declined_early(monkeypatch: pytest.MonkeyPatch) -> None:
    """Question 114 of ``bench_no --multipliers`` (55 permanents of the payer, 38 sources, {G} 28 times):
    every payment taps the last white, red and green sources, and the branching on them needs some 390,000
    moves of the programme. It used to run until the limit (a tenth of a second), and then, once the runs
    still waiting would pass it, 75,509 moves (84 ms) before CP-SAT answered in 44; with the limit of a board
    of 38 sources (programme.move_limit: 57,000 moves), the first run's extent (140,845 moves) passes it,
    and the fast path declines before the programme takes a move."""
    question = questions(115, 14, MULTIPLIERS)[114]
    board = Board.from_dict(question.board)
    problem = PaymentProblem.of(board, PaymentTarget.of(question.cost))
    searches: list[_Search] = []
    start = _Search.__init__

    def keeping(self: _Search, *args: object) -> None:
        start(self, *args)  # type: ignore[arg-type]
        searches.append(self)

    monkeypatch.setattr(_Search, "__init__", keeping)
    forget_all()
    assert solve_fast(problem) is None
    assert searches and all(s.moves == 0 for s in searches)
    forget_all()


def test_the_search_with_keepers_goes_on_from_the_moves_taken_before(monkeypatch: pytest.MonkeyPatch) -> None:
    """The programme's limit is the question's: the search that starts again with the keepers (question 114
    of ``bench_no --multipliers``, with the whole limit on any board) counts the first search's moves and
    runs, and its runs still waiting decline once those with theirs would pass the limit."""
    monkeypatch.setattr(programme, "_SOURCES_AT_FULL_LIMIT", 1)
    question = questions(115, 14, MULTIPLIERS)[114]
    board = Board.from_dict(question.board)
    problem = PaymentProblem.of(board, PaymentTarget.of(question.cost))
    searches: list[tuple[_Search, tuple[int, int]]] = []
    start = _Search.__init__

    def keeping(self: _Search, *args: object) -> None:
        start(self, *args)  # type: ignore[arg-type]
        searches.append((self, (self.moves, self.runs)))

    monkeypatch.setattr(_Search, "__init__", keeping)
    forget_all()
    assert solve_fast(problem) is None
    (first, began), (second, went_on) = searches
    assert began == (0, 0) and first.runs == 1 and first.moves > 0
    assert went_on == (first.moves, first.runs)
    assert second.moves <= programme._MAX_MOVES
    forget_all()
