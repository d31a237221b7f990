"""Boards at the board limit (1,000 permanents, :func:`benchmarks.boards.big_board`): :func:`planner.api.pay`
on a few ordinary costs and :func:`planner.api.max_x` on a few costs with X, this checkout against another
version, side by side in one run.

Run ``python -m benchmarks.bench_big [--against PATH | --against-rev REV] [--time-limit S] [--seed S]
[--costs COST...] [--max-x-costs COST...] [--random N]``.
Each (version, cost) is answered cold in a fresh process (OR-Tools imported and one small CP-SAT answer made
first), the versions interleaved, and timed in process CPU time; a cell reads "seconds answer", with "(not
optimal)" when the plan came back without proof (the time limit ran out), and the row gives the other
version's time over this one's, then, for this checkout, how much of its time the CP-SAT solver's own calls
took (the rest is Python: the board's analysis, the fast path's attempt, building the model, the replay),
the engine and the plan's steps (and X, for max_x); the last two columns give each version's CPU time in
the fast path (:func:`planner.solve.fast.solve_fast`, whether it answers or declines) and in the explanation
of a "no" (:func:`planner.explain.why_not_payable`), in milliseconds.

Then ``--random N`` (default 40) random boards of 1,000 permanents with random costs
(:func:`random_big_question`: a realistic board with up to four cards of :data:`benchmarks.boards.SPICE`,
and a cost of generic mana up to 2,000 with one to three pips of the deck), each version answering all of
them in one process (OR-Tools imported first; every board new to the process), in process CPU time: the
median, the 99th percentile (nearest rank: the largest of fewer than 100) and the largest per version, how
many answers were not proven (the time limit ran out), how many the fast path gave, on the questions it did
not answer the most and the sum of its CPU time before CP-SAT answered (milliseconds), and on how many
questions the versions' answers differ (payable, proven, the plan's steps); then the slowest questions.
``--only K...`` answers just those of the random questions (by their number in that list), to look at one.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import subprocess
import sys
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from benchmarks.bench_versions import ROOT, _checkout, _environment, _table
from benchmarks.boards import SPICE, big_board, realistic_board

__all__ = ["COSTS", "MAX_X_COSTS", "RANDOM_GENERIC", "main", "random_big_question"]

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
import importlib
spent = {"solve_fast": 0.0, "why_not_payable": 0.0}
def clocked(name):
    # (the module that calls it: planner.described answers since session 25, planner.api before)
    for module_name in ("planner.described", "planner.api"):
        try:
            module = importlib.import_module(module_name)
        except ImportError:
            continue
        if hasattr(module, name):
            break
    called = getattr(module, name)
    def wrapper(*args, **kwargs):
        started = time.process_time()
        try:
            return called(*args, **kwargs)
        finally:
            spent[name] += time.process_time() - started
    setattr(module, name, wrapper)
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


#: The most generic mana of a random question's cost (issue 41: "random costs, X up to 2,000").
RANDOM_GENERIC = 2000


def random_big_question(rng: random.Random) -> tuple[dict[str, Any], str]:
    """A random board of 1,000 permanents (a realistic board of 947 or fewer, with the opponent's 50 lands,
    and up to four cards of :data:`SPICE`) as board-file data, and a cost: generic mana up to
    :data:`RANDOM_GENERIC` and one to three pips of the deck's colors.

    >>> data, cost = random_big_question(random.Random(1))
    >>> len(data["permanents"]), cost
    (997, '{370}{W}{G}{G}')
    """
    spiced = rng.choices((0, 1, 2, 3, 4), weights=(30, 25, 20, 15, 10))[0]
    spec = realistic_board(rng, 947 - spiced)
    for number in range(spiced):
        name = rng.choice(SPICE)
        entry: dict[str, Any] = {"id": f"s{number}", "card": name, "controller": "me"}
        if name == "Everflowing Chalice":
            entry["counters"] = {"charge": rng.randint(1, 3)}
        spec.data["permanents"].append(entry)
    pips = "".join(
        f"{{{color}}}" for color in sorted(rng.choices(spec.deck, k=rng.randint(1, 3)), key="WUBRG".index)
    )
    return spec.data, f"{{{rng.randint(0, RANDOM_GENERIC)}}}{pips}"


#: One version's answers to many (board, cost) questions on standard input, in one process: per question the
#: CPU seconds, payable, proven optimal, the engine and the plan's steps.
_RANDOM = """
import json, sys, time
from models.board import Board
from models.cost import PaymentTarget
from planner.api import pay
warm = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
    {"id": "f1", "card": "Forest", "controller": "me"}, {"id": "f2", "card": "Forest", "controller": "me"}]})
pay(warm, PaymentTarget.of("{G}"), keep=PaymentTarget.of("{G}"))
import planner.api
fast = [0.0]
attempt = planner.api.solve_fast
def timed(problem):
    started = time.process_time()
    try:
        return attempt(problem)
    finally:
        fast[0] += time.process_time() - started
planner.api.solve_fast = timed
questions, limit = json.load(sys.stdin)
answers = []
for data, cost in questions:
    board = Board.from_dict(data)
    fast[0] = 0.0
    started = time.process_time()
    result = pay(board, PaymentTarget.of(cost), time_limit=limit)
    seconds = time.process_time() - started
    answers.append([seconds, result.payable, result.optimal, result.engine, len(result.steps), fast[0]])
print(json.dumps(answers))
"""


def _nearest_rank(values: Sequence[float], share: float) -> float:
    """The ``share`` percentile of ``values`` by nearest rank.

    >>> _nearest_rank([3.0, 1.0, 2.0], 0.5), _nearest_rank([3.0, 1.0, 2.0], 0.99)
    (2.0, 3.0)
    """
    ordered = sorted(values)
    return ordered[max(0, math.ceil(share * len(ordered)) - 1)]


def _random_rows(
    trees: dict[str, Path], count: int, seed: int, limit: float, only: Sequence[int] = ()
) -> None:
    """Answer ``count`` random big questions with each version and print their table (module docstring);
    with ``only``, just those of them (by number, as the table of the slowest numbers them)."""
    rng = random.Random(seed)
    drawn = [random_big_question(rng) for _ in range(count)]
    numbers = sorted(set(only)) if only else list(range(count))
    questions = [drawn[number] for number in numbers]
    answers: dict[str, list[list[Any]]] = {}
    for label, tree in trees.items():
        done = subprocess.run(
            [sys.executable, "-c", _RANDOM],
            cwd=tree,
            env=_environment(tree),
            input=json.dumps([questions, limit]),
            capture_output=True,
            text=True,
            check=True,
        )
        answers[label] = json.loads(done.stdout)
    this = answers["this"]
    rows = []
    for label, found in answers.items():
        seconds = [answer[0] for answer in found]
        differ = sum(1 for a, b in zip(found, this, strict=True) if a[1:3] + a[4:5] != b[1:3] + b[4:5])
        # (the fast path's attempts on the questions it did not answer: its time before declining)
        declined = [answer[5] for answer in found if answer[3] != "fast"]
        rows.append(
            [
                label,
                f"{_nearest_rank(seconds, 0.5):.2f}",
                f"{_nearest_rank(seconds, 0.99):.2f}",
                f"{max(seconds):.2f}",
                str(sum(1 for answer in found if not answer[2])),
                str(sum(1 for answer in found if answer[3] == "fast")),
                f"{1000 * max(declined, default=0.0):.1f}",
                f"{1000 * sum(declined):.1f}",
                str(differ),
            ]
        )
    picked = f" (questions {', '.join(map(str, numbers))})" if only else ""
    print(
        f"\n{count} random boards of 1,000 permanents (seed {seed}){picked}, costs up to "
        f"{{{RANDOM_GENERIC}}}, time limit {limit} s"
    )
    print("CPU seconds per question, one process per version (boards new to it)")
    header = ["version", "p50 s", "p99 s", "max s", "not proven", "fast path", "declined: fast max ms"]
    header += ["fast sum ms", "answers differ from this"]
    print(_table(header, rows))
    slowest = sorted(range(len(numbers)), key=lambda n: -max(answers[label][n][0] for label in trees))[:5]
    detail = []
    for row in slowest:
        data, cost = questions[row]
        spice = ", ".join(p["card"] for p in data["permanents"] if p["id"].startswith("s"))
        cells = [f"{answers[label][row][0]:.2f} {answers[label][row][3]}" for label in trees]
        detail.append([str(numbers[row]), cost, spice or "-", *cells, str(this[row][1])])
    print("\nthe slowest questions")
    print(_table(["#", "cost", "spice", *[f"{label} s" for label in trees], "payable"], detail))


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
    parser.add_argument(
        "--random", type=int, default=40, metavar="N", help="random 1,000-permanent questions (0: none)"
    )
    parser.add_argument(
        "--only",
        type=int,
        nargs="+",
        default=[],
        metavar="K",
        help="answer only these of the random questions (numbered from 0, as the slowest are listed)",
    )
    args = parser.parse_args(argv)
    if any(not 0 <= number < args.random for number in args.only):
        parser.error(f"--only takes question numbers from 0 to {args.random - 1} (--random {args.random})")
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
        if args.random:
            _random_rows(trees, args.random, args.seed, args.time_limit, args.only)

    if args.against is not None:
        run({"against": args.against.resolve(), "this": ROOT})
    elif args.against_rev is not None:
        with _checkout(args.against_rev) as tree:
            run({args.against_rev: tree, "this": ROOT})
    else:
        run({"this": ROOT})


if __name__ == "__main__":
    main()
