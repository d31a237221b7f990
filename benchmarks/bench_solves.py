"""Where a question's CPU time goes (issue 41): for questions of :mod:`benchmarks.bench_no` (by seed and
index) or its regression boards, each paid cold in this process (a board new to it, after a full garbage
collection), the fast path's attempt, each CP-SAT model built (twins merged or not), each CP-SAT solve
(what it is for, its search, status, deterministic time, variables and constraints), the replay, and the
rest (reading the board, the problem's analysis, first sight of its cards).

Run ``python -m benchmarks.bench_solves [--seed S] [--multipliers] [I ...]`` for questions of
``bench_no --seed S [--multipliers]``, or ``--regression [NAME ...]`` for its regression boards. The figures
are CPU milliseconds of this process, the order of the questions matters (a card read for an earlier one is
not read again), and the solves' figures include what the wrapping costs (microseconds).
"""

from __future__ import annotations

import argparse
import gc
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from typing import Any
from unittest import mock

from ortools.sat.python import cp_model

import planner.api
import planner.described
import planner.solve.cpsat.spine
from benchmarks.bench_no import questions
from benchmarks.boards import (
    MULTIPLIERS,
    SPICE,
    Question,
    long_programme_questions,
    multiplier_questions,
    small_slow_questions,
    stalled_share_questions,
)
from models.board import Board
from models.cost import PaymentTarget

__all__ = ["Breakdown", "breakdown", "main", "solve_kind"]


@dataclass
class Breakdown:
    """What one question's pay spent its CPU time on, in seconds: ``events`` in the order they ran, each a
    (what, seconds, details) triple."""

    total: float = 0.0
    payable: bool | None = None
    engine: str = ""
    events: list[tuple[str, float, str]] = field(default_factory=list)

    def spent(self, what: str) -> float:
        """The seconds spent on events whose name starts with ``what``.

        >>> events = [("solve", 0.02, ""), ("build", 0.01, ""), ("solve", 0.03, "")]
        >>> Breakdown(0.1, True, "cp-sat", events).spent("solve")
        0.05
        """
        return sum(seconds for name, seconds, _ in self.events if name.startswith(what))


def solve_kind(proto: Any, branching: int) -> str:
    """What a CP-SAT solve of this model proto is for: an infeasibility core (assumptions), the order of a
    relaxed model's optimum (no objective left, the LP-guided search), a probe of a stage's levels (a plan
    at the bound's first levels, or below a level's value: no objective, the default search,
    ``planner.solve.cpsat.bound_prefix``), or a stage of the objective, by the LP-guided or the default
    search.

    >>> model = cp_model.CpModel()
    >>> solve_kind(model.proto, cp_model.LP_SEARCH), solve_kind(model.proto, cp_model.AUTOMATIC_SEARCH)
    ('order', 'bound-prefix probe')
    >>> model.minimize(model.new_int_var(0, 3, "x"))
    >>> solve_kind(model.proto, cp_model.LP_SEARCH), solve_kind(model.proto, cp_model.AUTOMATIC_SEARCH)
    ('stage, LP-guided', 'stage, default search')
    """
    if len(proto.assumptions):
        return "core"
    if not len(proto.objective.vars):
        return "order" if branching == cp_model.LP_SEARCH else "bound-prefix probe"
    return "stage, LP-guided" if branching == cp_model.LP_SEARCH else "stage, default search"


def _timed(
    events: list[tuple[str, float, str]], name: str, function: Callable[..., Any]
) -> Callable[..., Any]:
    """``function`` wrapped to add an event of its CPU time."""

    def wrapper(*args: Any, **kwargs: Any) -> Any:
        started = time.process_time()
        result = function(*args, **kwargs)
        detail = "" if name != "fast path" else ("answered" if result is not None else "declined")
        events.append((name, time.process_time() - started, detail))
        return result

    return wrapper


@contextmanager
def _recording(events: list[tuple[str, float, str]]) -> Iterator[None]:
    """Within the block, the fast path, the model builds, the CP-SAT solves and the replay add events."""
    solve = cp_model.CpSolver.solve
    build = planner.solve.cpsat.spine.build

    def solving(solver: cp_model.CpSolver, model: cp_model.CpModel, *args: Any, **kwargs: Any) -> Any:
        kind = solve_kind(model.proto, solver.parameters.search_branching)
        started = time.process_time()
        status = solve(solver, model, *args, **kwargs)
        spent = time.process_time() - started
        size = f"{len(model.proto.variables)} variables, {len(model.proto.constraints)} constraints"
        determined = solver.response_proto.deterministic_time
        events.append(("solve", spent, f"{kind}: {solver.status_name(status)}, {determined:.4f} det, {size}"))
        return status

    def building(problem: Any, **kwargs: Any) -> Any:
        started = time.process_time()
        record = build(problem, **kwargs)
        merged = "twins merged" if kwargs.get("merge", True) else "every twin"
        firsts = ", first activations ordered" if kwargs.get("firsts") else ""
        events.append(("build", time.process_time() - started, f"{merged}{firsts}"))
        return record

    with ExitStack() as stack:
        stack.enter_context(mock.patch.object(cp_model.CpSolver, "solve", solving))
        stack.enter_context(mock.patch.object(planner.solve.cpsat.spine, "build", building))
        # (the names planner.api and planner.described imported, where pay and its answer look them up)
        fast = _timed(events, "fast path", getattr(planner.api, "solve_fast"))  # noqa: B009
        stack.enter_context(mock.patch.object(planner.api, "solve_fast", fast))
        replayed = _timed(events, "replay", getattr(planner.described, "replay"))  # noqa: B009
        stack.enter_context(mock.patch.object(planner.described, "replay", replayed))
        yield


def breakdown(question: Question, time_limit: float = 10.0) -> Breakdown:
    """One question paid cold in this process, and where its CPU time went."""
    board = Board.from_dict(question.board)
    keep = PaymentTarget.of(question.keep) if question.keep else None
    found = Breakdown()
    gc.collect()
    with _recording(found.events):
        started = time.process_time()
        result = planner.api.pay(
            board, PaymentTarget.of(question.cost), keep=keep, x=question.x, time_limit=time_limit
        )
        found.total = time.process_time() - started
    found.payable, found.engine = result.payable, result.engine
    return found


def _report(label: str, question: Question, found: Breakdown) -> None:
    """Print one question's breakdown."""
    ms = 1000
    known = found.spent("fast path") + found.spent("build") + found.spent("solve") + found.spent("replay")
    solves = sum(name == "solve" for name, _, _ in found.events)
    print(
        f"{label}: {question.cost} keep {question.keep} x {question.x}, {found.payable} by {found.engine}:"
        f" {ms * found.total:.1f} ms = fast path {ms * found.spent('fast path'):.1f}"
        f" + builds {ms * found.spent('build'):.1f} + {solves} solves {ms * found.spent('solve'):.1f}"
        f" + replay {ms * found.spent('replay'):.1f} + the rest {ms * (found.total - known):.1f}"
    )
    for name, seconds, detail in found.events:
        print(f"    {name:9} {ms * seconds:7.1f} ms  {detail}")


def main(argv: Sequence[str] | None = None) -> None:
    """Parse the command line and print each question's breakdown."""
    parser = argparse.ArgumentParser(prog="python -m benchmarks.bench_solves", description=__doc__)
    parser.add_argument("indices", nargs="*", help="question indices, or regression boards' names")
    parser.add_argument("--seed", type=int, default=14, help="the seed of bench_no's questions")
    parser.add_argument("--multipliers", action="store_true", help="bench_no --multipliers' questions")
    parser.add_argument("--regression", action="store_true", help="bench_no's regression boards")
    args = parser.parse_args(argv)
    warm = Question({"version": 1, "players": [{"id": "me"}], "permanents": [
        {"id": "f1", "card": "Forest", "controller": "me"}]}, "{G}", keep="{G}")  # fmt: skip
    breakdown(warm)  # (OR-Tools imported and CP-SAT run once, outside the figures)
    if args.regression:
        boards = {
            **multiplier_questions(),
            **small_slow_questions(),
            **long_programme_questions(),
            **stalled_share_questions(),
        }
        for name in args.indices or list(boards):
            _report(name, boards[name], breakdown(boards[name]))
        return
    indices = [int(i) for i in args.indices] or [0]
    asked = questions(max(indices) + 1, args.seed, MULTIPLIERS if args.multipliers else SPICE)
    for index in indices:
        _report(f"seed {args.seed} question {index}", asked[index], breakdown(asked[index]))


if __name__ == "__main__":
    main()
