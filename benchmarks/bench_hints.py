"""Sources of a first plan for CP-SAT's first stage, tried offline (issue 41 item 1): a slow stage's time is
mostly spent finding its optimum, and given the optimal plan as a hint it is proved three to five times
faster (docs/performance.md), so a cheap source of good plans would be the lever.

``python -m benchmarks.bench_hints dump DIR [--seed S ...] [--multipliers]`` pays the regression boards and
the questions of ``bench_no --seed S [--multipliers]`` in process and writes each stage's model (objective
and hint as pay set them) in CP-SAT's text format to DIR, with an index of what pay's own search took.
``python -m benchmarks.bench_hints try DIR [--sources a,b] [--over MS]`` solves the dumped first stages again,
each loaded anew for each source of :data:`SOURCES`, and prints each one's CPU milliseconds per source, then
per source the sum, the worst and how many took over 50 ms. A hint never changes a stage's optimum, only
the search: a stage whose status or objective differs between sources is flagged, and makes the run fail.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from ortools.sat.python import cp_model

import planner.solve.cpsat.solve
from benchmarks.bench_no import questions
from benchmarks.bench_solves import breakdown
from benchmarks.boards import MULTIPLIERS, SPICE, Question, multiplier_questions, small_slow_questions
from planner.solve.cpsat.record import PaymentModel, Term

__all__ = ["SOURCES", "dump", "hinted_uses", "main", "tried"]

#: A way to solve a first stage: it takes the loaded model and answers the solver that solved it last.
Source = Callable[[cp_model.CpModel], cp_model.CpSolver]

#: The deterministic time the default search gets before pay's search in the source "default first".
_DEFAULT_SHARE = 0.008


def _as_pay(model: cp_model.CpModel) -> cp_model.CpSolver:
    """The stage solved as pay solves a first stage (:func:`planner.solve.cpsat.solve._searched`)."""
    solver = planner.solve.cpsat.solve._solver()
    planner.solve.cpsat.solve._searched(solver, model, time.monotonic() + 60.0, first=True)
    return solver


def _hint_last(model: cp_model.CpModel, solver: cp_model.CpSolver) -> None:
    """The solver's last solution, if it has one, as the model's whole hint (else no hint)."""
    model.proto.clear_solution_hint()
    solution = solver.response_proto.solution
    if len(solution):
        model.proto.solution_hint.vars.extend(range(len(model.proto.variables)))
        model.proto.solution_hint.values.extend(solution)


def _default_first(model: cp_model.CpModel) -> cp_model.CpSolver:
    """CP-SAT's default search for :data:`_DEFAULT_SHARE` of deterministic time; its plan, if any and not
    proved, as the hint of pay's search."""
    solver = planner.solve.cpsat.solve._solver()
    solver.parameters.search_branching = cp_model.AUTOMATIC_SEARCH
    solver.parameters.max_deterministic_time = _DEFAULT_SHARE
    status = solver.solve(model)
    if status in (cp_model.OPTIMAL, cp_model.INFEASIBLE):
        return solver
    if status == cp_model.FEASIBLE:
        _hint_last(model, solver)
    return _as_pay(model)


def hinted_uses(model: cp_model.CpModel, *, most: bool) -> int:
    """Every use of a template by the payment asked for hinted at its least or most (the rest of the model
    unhinted); how many variables were hinted.

    >>> model = cp_model.CpModel()
    >>> use, other = model.new_int_var(0, 3, "pay_use_f1"), model.new_int_var(0, 3, "keep_use_f1")
    >>> hinted_uses(model, most=True), list(model.proto.solution_hint.values)
    (1, [3])
    """
    model.proto.clear_solution_hint()
    hint = model.proto.solution_hint
    for index, variable in enumerate(model.proto.variables):
        if variable.name.startswith("pay_use_"):
            domain = list(variable.domain)
            hint.vars.append(index)
            hint.values.append(domain[-1] if most else domain[0])
    return len(hint.vars)


def _uses_at(*, most: bool) -> Source:
    """The source that hints every use at its least or most (:func:`hinted_uses`) before pay's search."""

    def source(model: cp_model.CpModel) -> cp_model.CpSolver:
        hinted_uses(model, most=most)
        return _as_pay(model)

    return source


def _optimum(model: cp_model.CpModel) -> cp_model.CpSolver:
    """Pay's search given the stage's optimal plan (found by a solve outside the figure): what a perfect
    source would give. Its figure is the second solve's alone (see :func:`tried`)."""
    return _as_pay(model)


#: The sources tried, by name: pay's search as it is, the default search's plan first, every use hinted at
#: its least or most, and the stage's optimum (the bound on what any source can give).
SOURCES: dict[str, Source] = {
    "pay": _as_pay,
    "default first": _default_first,
    "uses least": _uses_at(most=False),
    "uses most": _uses_at(most=True),
    "optimum": _optimum,
}


def _load(path: Path) -> cp_model.CpModel:
    """A dumped stage's model."""
    model = cp_model.CpModel()
    model.proto.parse_text_format(path.read_text())
    return model


def dump(directory: Path, named: dict[str, Question]) -> list[dict[str, Any]]:
    """Each question paid in this process, every stage's model written to ``directory`` before pay's
    search solved it; the index of the stages (label, stage number, whether first, file, CPU seconds and
    status of pay's search), also written there as ``index.json``."""
    directory.mkdir(parents=True, exist_ok=True)
    searched = planner.solve.cpsat.solve._searched
    index: list[dict[str, Any]] = []
    label = ""

    def dumping(
        solver: cp_model.CpSolver,
        model: cp_model.CpModel,
        deadline: float,
        *,
        first: bool = True,
        record: PaymentModel | None = None,
        stage: Sequence[Term] = (),
    ) -> cp_model.CpSolverStatus:
        path = directory / f"{label}_{sum(row['label'] == label for row in index)}.txt"
        path.write_text(str(model.proto))
        started = time.process_time()
        status = searched(solver, model, deadline, first=first, record=record, stage=stage)
        spent = time.process_time() - started
        index.append({"label": label, "first": first, "path": str(path), "cpu": spent, "status": int(status)})
        return status

    planner.solve.cpsat.solve._searched = dumping
    try:
        for label, question in named.items():  # noqa: B007 (dumping reads the label)
            breakdown(question)
    finally:
        planner.solve.cpsat.solve._searched = searched
    (directory / "index.json").write_text(json.dumps(index))
    return index


def tried(path: Path, names: Sequence[str]) -> tuple[list[float], set[tuple[str, float | None]]]:
    """One dumped stage solved under each named source, each from the model as dumped: the CPU seconds
    each took, and the (status, objective) pairs they reached (one when they agree)."""
    spent: list[float] = []
    reached: set[tuple[str, float | None]] = set()
    for name in names:
        model = _load(path)
        if name == "optimum":
            _hint_last(model, _as_pay(_load(path)))
        started = time.process_time()
        solver = SOURCES[name](model)
        spent.append(time.process_time() - started)
        status = solver.status_name(solver.response_proto.status)
        reached.add((status, solver.objective_value if status in ("OPTIMAL", "FEASIBLE") else None))
    return spent, reached


def main(argv: Sequence[str] | None = None) -> None:
    """Parse the command line; dump stages or try the sources on them."""
    parser = argparse.ArgumentParser(prog="python -m benchmarks.bench_hints", description=__doc__)
    parser.add_argument("action", choices=("dump", "try"))
    parser.add_argument("directory", type=Path)
    parser.add_argument("--seed", type=int, action="append", default=[], help="bench_no's seeds (dump)")
    parser.add_argument("--multipliers", action="store_true", help="bench_no --multipliers' questions (dump)")
    parser.add_argument("--sources", default=",".join(SOURCES), help="the sources tried, by name (try)")
    parser.add_argument("--over", type=float, default=30.0, help="stages whose pay took over MS (try)")
    args = parser.parse_args(argv)
    if args.action == "dump":
        regression = {**multiplier_questions(), **small_slow_questions()}
        named = {name.replace(" ", "_"): question for name, question in regression.items()}
        for seed in args.seed:
            asked = questions(300, seed, MULTIPLIERS if args.multipliers else SPICE)
            named.update({f"s{seed}q{i}": question for i, question in enumerate(asked)})
        index = dump(args.directory, named)
        print(f"{len(index)} stages of {len(named)} questions written to {args.directory}")
        return
    names = args.sources.split(",")
    rows = json.loads((args.directory / "index.json").read_text())
    slow = [row for row in rows if row["first"] and 1000 * row["cpu"] > args.over]
    sums: dict[str, list[float]] = {name: [] for name in names}
    differing = 0
    for row in slow:
        spent, reached = tried(Path(row["path"]), names)
        for name, seconds in zip(names, spent, strict=True):
            sums[name].append(seconds)
        cells = "  ".join(f"{name} {1000 * seconds:6.1f}" for name, seconds in zip(names, spent, strict=True))
        differing += len(reached) > 1
        print(f"{Path(row['path']).stem:28} {cells}{'  DIFFER ' + str(reached) if len(reached) > 1 else ''}")
    for name, each in sums.items():
        worst = 1000 * max(each, default=0.0)
        over = sum(seconds > 0.05 for seconds in each)
        print(f"{name:14} sum {sum(each):.3f} s  max {worst:.1f} ms  over 50 ms {over} of {len(each)}")
    if differing:
        sys.exit(f"{differing} stages reached different optima under different sources")


if __name__ == "__main__":
    main()
