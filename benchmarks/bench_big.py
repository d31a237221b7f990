"""Boards at the board limit (1,000 permanents, :func:`benchmarks.boards.big_board`): :func:`planner.api.pay`
on a few ordinary costs and :func:`planner.api.max_x` on a few costs with X, this checkout against another
version, side by side in one run.

Run ``python -m benchmarks.bench_big [--against PATH | --against-rev REV] [--time-limit S] [--seed S]
[--costs COST...] [--max-x-costs COST...]``.
Each (version, cost) is answered cold in a fresh process (OR-Tools imported and one small CP-SAT answer made
first), the versions interleaved, and timed in process CPU time; a cell reads "seconds answer", with "(not
optimal)" when the plan came back without proof (the time limit ran out), and the row gives the other
version's time over this one's, then, for this checkout, how much of its time the CP-SAT solver's own calls
took (the rest is Python: the board's analysis, the fast path's attempt, building the model, the replay),
the engine and the plan's steps (and X, for max_x); the last two columns give each version's CPU time in
the fast path (:func:`planner.solve.fast.solve_fast`, whether it answers or declines) and in the explanation
of a "no" (:func:`planner.explain.why_not_payable`), in milliseconds.
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

from benchmarks.bench_versions import ROOT, _checkout, _environment, _table
from benchmarks.boards import big_board

__all__ = ["COSTS", "MAX_X_COSTS", "main"]

#: Ordinary costs of the big board's three-color deck, and one it can't pay (its "no" and explanation).
COSTS = ("{G}", "{1}{B}{R}", "{5}{B}{B}", "{3}{R}{G}", "{2}{B}{R}{G}", "{9999}")

#: Costs with X whose largest X is asked for (max_x).
MAX_X_COSTS = ("{X}{B}", "{X}{R}{G}")

#: One version's answer to one (board, cost, time limit) on standard input: CPU seconds in all, in the
#: solver's calls, the answer, optimal or not, the steps.
_RUN = """
import json, sys, time
from models.board import Board
from models.cost import PaymentTarget
from planner.api import max_x, pay
from ortools.sat.python import cp_model
warm = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
    {"id": "f1", "card": "Forest", "controller": "me"}, {"id": "f2", "card": "Forest", "controller": "me"}]})
pay(warm, PaymentTarget.of("{G}"), keep=PaymentTarget.of("{G}"))
solving = [0.0]
original = cp_model.CpSolver.solve
def timed(self, *args, **kwargs):
    started = time.process_time()
    try:
        return original(self, *args, **kwargs)
    finally:
        solving[0] += time.process_time() - started
cp_model.CpSolver.solve = timed
import planner.api
spent = {"solve_fast": 0.0, "why_not_payable": 0.0}
def clocked(name):
    called = getattr(planner.api, name)
    def wrapper(*args, **kwargs):
        started = time.process_time()
        try:
            return called(*args, **kwargs)
        finally:
            spent[name] += time.process_time() - started
    setattr(planner.api, name, wrapper)
for name in spent:
    clocked(name)
data, cost, limit = json.load(sys.stdin)
board = Board.from_dict(data)
started = time.process_time()
asked = max_x if "X" in cost.upper() else pay
result = asked(board, PaymentTarget.of(cost), time_limit=limit)
seconds = time.process_time() - started
print(json.dumps([seconds, solving[0], result.payable, result.optimal, len(result.steps), result.engine,
                  result.x, spent["solve_fast"], spent["why_not_payable"]]))
"""


def _answer(tree: Path, data: object, cost: str, limit: float) -> list[object]:
    done = subprocess.run(
        [sys.executable, "-c", _RUN],
        cwd=tree,
        env=_environment(tree),
        input=json.dumps([data, cost, limit]),
        capture_output=True,
        text=True,
        check=True,
    )
    answer: list[object] = json.loads(done.stdout)
    return answer


def _cell(answer: list[object]) -> str:
    seconds, _, payable, optimal, *_ = answer
    verdict = {True: "yes", False: "no", None: "unknown"}[payable]  # type: ignore[index]
    return f"{seconds:.2f} {verdict}{'' if optimal else ' (not optimal)'}"


def main(argv: Sequence[str] | None = None) -> None:
    """Parse the command line, pay each cost with each version and print the table."""
    parser = argparse.ArgumentParser(prog="python -m benchmarks.bench_big", description=__doc__)
    parser.add_argument("--against", type=Path, help="a checkout of the version to compare with")
    parser.add_argument("--against-rev", help="a git revision to compare with")
    parser.add_argument("--time-limit", type=float, default=10.0, help="pay's time limit")
    parser.add_argument("--seed", type=int, default=1, help="the seed of the board")
    parser.add_argument("--costs", nargs="*", default=list(COSTS), help="the costs to pay")
    parser.add_argument(
        "--max-x-costs", nargs="*", default=list(MAX_X_COSTS), help="the costs whose largest X is asked for"
    )
    parser.add_argument(
        "--without",
        default="",
        metavar="NAMES",
        help="cards to leave off the board, comma-separated (e.g. \"Cabal Coffers,Gaea's Cradle,Cascading "
        "Cataracts\": the board is then in the fast path's fragment but for Mana Reflection)",
    )
    args = parser.parse_args(argv)
    print("python -m benchmarks.bench_big " + " ".join(sys.argv[1:] if argv is None else argv))
    spec = big_board(random.Random(args.seed))
    left_out = {name.strip() for name in args.without.split(",") if name.strip()}
    if left_out:
        kept = [p for p in spec.data["permanents"] if p.get("card") not in left_out]
        spec = replace(spec, data={**spec.data, "permanents": kept})

    def run(trees: dict[str, Path]) -> None:
        rows = []
        for number, cost in enumerate([*args.costs, *args.max_x_costs]):
            answers: dict[str, list[object]] = {}
            for label in list(trees) if number % 2 == 0 else list(reversed(trees)):
                answers[label] = _answer(trees[label], spec.data, cost, args.time_limit)
            this = answers["this"]
            row = [cost, *(_cell(answers[label]) for label in trees)]
            others = [label for label in trees if label != "this"]
            row += [f"{answers[label][0] / this[0]:.1f}" for label in others]  # type: ignore[operator]
            x = "" if this[6] is None else f", X = {this[6]}"
            row += [f"{this[1]:.2f}", f"{this[5]}", f"{this[4]}{x}"]
            row += [" / ".join(f"{1000 * answers[label][n]:.1f}" for label in trees) for n in (7, 8)]  # type: ignore[operator]
            rows.append(row)
        size = len(spec.data["permanents"])
        print(f"\n{size} permanents, time limit {args.time_limit} s, CPU seconds per question (cold)")
        ratios = [f"{label} / this" for label in trees if label != "this"]
        versions = " / ".join(trees)
        header = ["cost", *[f"{label} s" for label in trees], *ratios, "this: solver s", "engine", "steps"]
        header += [f"fast path ms ({versions})", f"why not ms ({versions})"]
        print(_table(header, rows))

    if args.against is not None:
        run({"against": args.against.resolve(), "this": ROOT})
    elif args.against_rev is not None:
        with _checkout(args.against_rev) as tree:
            run({args.against_rev: tree, "this": ROOT})
    else:
        run({"this": ROOT})


if __name__ == "__main__":
    main()
