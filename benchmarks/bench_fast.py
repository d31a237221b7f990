"""Benchmark of the exact fast path and the batch check against the CP-SAT model, in one run.

Run ``python -m benchmarks.bench_fast [--quick] [--seed S]``; it prints the command line, the machine, and
one table: single-query latency of :func:`planner.solve.fast.solve_fast` and of CP-SAT
(:func:`planner.solve.cpsat.solve_payment`) on the same simple boards, then the batch throughput of
:func:`planner.sim.batch.castable` on random boards of 7 to 12 sources, with its ratio to CP-SAT's per-board
rate
and its peak memory. Boards and costs are the same for the same seed; only the timings change.

How things are measured:

- *single query*: random boards of 4 to 12 permanents inside the fast path's fragment (basic, dual, shock,
  pain and bounce lands, Sol Ring, Talismans, mana creatures, some tapped or summoning sick) and random costs
  of mana value 1 to 6 with one to three colors, hybrid and Phyrexian symbols now and then. Each engine
  solves each board several times and keeps its best CPU time (``time.process_time``: on a shared machine,
  wall-clock time also counts other processes' turns); the table gives the median and the 95th percentile
  over the boards. Both return a plan
  without replaying it; ``pay`` (which also replays and describes the plan) is shown for reference. The two
  engines' answers are compared (feasibility and every objective level) and disagreements counted.
- *batch*: an ``N x 12`` array of source masks (7 to 12 sources per board: basics, duals, painlands, Birds,
  Wastes, Sol Ring with amount 2) and costs of two or three colors with hybrid symbols, one call per cost
  and one call for all of them; checks per second on one core (numpy runs these operations on one thread),
  and the ratio to CP-SAT's per-board rate (one over its median single-query time). Peak memory is the
  Python heap peak (``tracemalloc``, numpy's buffers included) during the call for all costs, measured apart
  from the timings; the input array is counted separately.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import sys
import time
import tracemalloc
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from importlib.metadata import version
from typing import Any

import numpy as np
from numpy.typing import NDArray

from models.board import Board
from models.cost import PaymentTarget
from planner.api import pay
from planner.sim.batch import castable
from planner.solve.cpsat import solve_payment
from planner.solve.fast import in_fast_fragment, solve_fast
from planner.solve.problem import PaymentProblem
from planner.solve.solution import Solution

__all__ = ["BATCH_COSTS", "batch_boards", "main", "simple_board", "simple_cost"]

#: In-fragment cards and how often each appears on a simple board.
SIMPLE_CARDS = {
    "Plains": 6,
    "Island": 6,
    "Swamp": 6,
    "Mountain": 6,
    "Forest": 6,
    "Tundra": 1,
    "Bayou": 1,
    "Hallowed Fountain": 1,
    "Breeding Pool": 1,
    "Steam Vents": 1,
    "Adarkar Wastes": 1,
    "Llanowar Wastes": 1,
    "Karplusan Forest": 1,
    "Azorius Chancery": 1,
    "Golgari Rot Farm": 1,
    "Sol Ring": 1,
    "Talisman of Progress": 1,
    "Llanowar Elves": 2,
    "Birds of Paradise": 1,
    "Noble Hierarch": 1,
}
#: The batch's sources as (mask, amount, weight): basics, duals, painlands, Birds, Wastes, Sol Ring.
BATCH_SOURCES = (
    *((1 << t, 1, 10) for t in range(5)),
    *((1 << a | 1 << b, 1, 2) for a in range(5) for b in range(a + 1, 5)),
    *((1 << a | 1 << b | 32, 1, 1) for a in range(5) for b in range(a + 1, 5)),
    (31, 1, 2),
    (32, 1, 1),
    (32, 2, 2),
)
#: Costs of two or three colors, with hybrid symbols.
BATCH_COSTS = ("{1}{W}{U}", "{2}{W/U}{B}", "{G}{G}{W/B}", "{1}{R}{G/U}{U}", "{W}{U}{B}", "{2/W}{U}{R}")
WIDTH = 12


def simple_board(rng: random.Random, size: int) -> dict[str, Any]:
    """A board file (as data) of ``size`` simple permanents for "me", some tapped or summoning sick.

    >>> len(Board.from_dict(simple_board(random.Random(1), 7)).permanents)
    7
    """
    names = rng.choices(list(SIMPLE_CARDS), weights=list(SIMPLE_CARDS.values()), k=size)
    permanents = []
    for number, name in enumerate(names):
        entry: dict[str, Any] = {"id": f"p{number}", "card": name, "controller": "me"}
        if rng.random() < 0.15:
            entry["tapped"] = True
        if name in ("Llanowar Elves", "Birds of Paradise", "Noble Hierarch") and rng.random() < 0.2:
            entry["summoning_sick"] = True
        permanents.append(entry)
    return {
        "version": 1,
        "players": [{"id": "me", "life": rng.choice([20, 20, 20, 5, 2])}],
        "permanents": permanents,
    }


def simple_cost(rng: random.Random) -> str:
    """A cost of mana value 1 to 6 with one to three colors, and now and then a hybrid or Phyrexian symbol.

    >>> simple_cost(random.Random(3))
    '{G}{G}{G}'
    """
    colors = rng.sample("WUBRG", rng.choice([1, 1, 2, 2, 3]))
    symbols = [f"{{{rng.choice(colors)}}}" for _ in range(rng.randint(1, 3))]
    if rng.random() < 0.25:
        first, second = rng.sample("WUBRG", 2)
        symbols.append(rng.choice([f"{{{first}/{second}}}", f"{{2/{first}}}", f"{{{first}/P}}"]))
    generic = rng.randint(0, 3)
    return (f"{{{generic}}}" if generic else "") + "".join(symbols)


def batch_boards(rows: int, seed: int) -> tuple[NDArray[np.uint8], NDArray[np.uint8]]:
    """``rows`` random boards of 7 to 12 sources: the ``rows x 12`` masks and amounts (0-padded).

    >>> masks, amounts = batch_boards(1000, seed=1)
    >>> masks.shape, int((masks != 0).sum(axis=1).min()), int(amounts.max())
    ((1000, 12), 7, 2)
    """
    generator = np.random.default_rng(seed)
    table = np.array([(mask, amount) for mask, amount, _ in BATCH_SOURCES], dtype=np.uint8)
    weights = np.array([weight for _, _, weight in BATCH_SOURCES], dtype=np.float64)
    picks = generator.choice(len(table), size=(rows, WIDTH), p=weights / weights.sum())
    masks, amounts = table[picks, 0], table[picks, 1]
    empty = np.arange(WIDTH)[None, :] >= generator.integers(7, WIDTH + 1, size=rows)[:, None]
    masks[empty] = 0
    amounts[empty] = 0
    return masks, amounts


@dataclass(frozen=True, slots=True)
class _Case:
    board: Board
    target: PaymentTarget


def _fast_path(board: Board, target: PaymentTarget) -> Solution | None:
    """One fast-path query, the question built as pay builds it."""
    return solve_fast(PaymentProblem.of(board, target))


def _cpsat(board: Board, target: PaymentTarget) -> Solution:
    """One CP-SAT solve, the question built as pay builds it."""
    return solve_payment(PaymentProblem.of(board, target))


def _best(action: Callable[[], object], repeats: int, block: int = 1) -> float:
    """The CPU seconds one call of ``action`` takes: the best of ``repeats`` blocks of ``block`` calls."""
    best = float("inf")
    for _ in range(repeats):
        started = time.process_time()
        for _ in range(block):
            action()
        best = min(best, (time.process_time() - started) / block)
    return best


def _agree(fast: Solution | None, model: Solution) -> bool:
    if fast is None or (fast.plan is None) != (model.plan is None):
        return False
    return fast.plan is None or fast.objective == model.objective[-len(fast.objective) :]


def _percentile(values: Sequence[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def _single(cases: Sequence[_Case], repeats: int) -> tuple[dict[str, list[float]], int]:
    """Per-board best times (µs) of each engine, and how many boards the engines disagree on."""
    times: dict[str, list[float]] = {"fast path": [], "CP-SAT": [], "pay (fast, replayed)": []}
    disagree = 0
    for case in cases:
        fast = solve_fast(PaymentProblem.of(case.board, case.target))
        model = solve_payment(PaymentProblem.of(case.board, case.target, "me"))
        disagree += not _agree(fast, model)
        board, target = case.board, case.target
        times["fast path"].append(1e6 * _best(partial(_fast_path, board, target), repeats, block=20))
        times["CP-SAT"].append(1e6 * _best(partial(_cpsat, board, target), repeats))
        times["pay (fast, replayed)"].append(1e6 * _best(partial(pay, board, target), repeats, block=3))
    return times, disagree


def run(quick: bool, seed: int, command: str, out: Callable[[str], None] = print) -> None:
    """Build the boards, time both engines and the batch, and print the table through ``out``."""
    out(f"$ {command}")
    out(
        f"python {platform.python_version()}, numpy {np.__version__}, ortools {version('ortools')}, "
        f"{platform.machine()}, {os.cpu_count()} cpus; seed {seed}; load average {_load()} (times are this "
        "process's CPU time, so other processes' turns on a shared machine are not counted)"
    )
    rng = random.Random(seed)
    boards, repeats, rows = (40, 2, 100_000) if quick else (300, 3, 1_000_000)
    cases: list[_Case] = []
    while len(cases) < boards:
        case = _Case(
            Board.from_dict(simple_board(rng, rng.randint(4, 12))), PaymentTarget.of(simple_cost(rng))
        )
        if in_fast_fragment(PaymentProblem.of(case.board, case.target)):
            cases.append(case)
    times, disagree = _single(cases, repeats)
    payable = sum(solve_fast(PaymentProblem.of(c.board, c.target)).plan is not None for c in cases)  # type: ignore[union-attr]
    fast_median = statistics.median(times["fast path"])
    model_median = statistics.median(times["CP-SAT"])
    out("")
    out(
        f"single query: {len(cases)} simple boards of 4-12 permanents ({payable} payable); "
        "CPU time per query, best of repeats"
    )
    out(f"{'engine':<24}{'median µs':>12}{'p95 µs':>12}{'per second':>14}")
    for engine, values in times.items():
        median = statistics.median(values)
        out(f"{engine:<24}{median:>12,.1f}{_percentile(values, 0.95):>12,.1f}{1e6 / median:>14,.0f}")
    out(
        f"fast path vs CP-SAT: {model_median / fast_median:,.0f}x faster at the median "
        f"(targets: median under 100 µs, at least 20x); answers differ on {disagree} of {len(cases)} boards"
    )
    masks, amounts = batch_boards(rows, seed)
    castable(masks[:100], list(BATCH_COSTS), amounts=amounts[:100])  # warm up
    cpsat_rate = 1e6 / model_median
    out("")
    out(
        f"batch: {rows:,} random boards of 7-{WIDTH} sources, one core; "
        f"CP-SAT's per-board rate {cpsat_rate:,.0f}/s"
    )
    out(f"{'costs':<40}{'seconds':>10}{'checks/s':>16}{'vs CP-SAT':>12}{'castable':>10}")
    for costs in [*([cost] for cost in BATCH_COSTS), list(BATCH_COSTS)]:
        started = time.process_time()
        answer = castable(masks, costs, amounts=amounts)
        seconds = time.process_time() - started
        rate = rows * len(costs) / seconds
        label = costs[0] if len(costs) == 1 else f"all {len(costs)} at once"
        out(f"{label:<40}{seconds:>10.3f}{rate:>16,.0f}{rate / cpsat_rate:>11,.0f}x{answer.mean():>10.1%}")
    tracemalloc.start()
    try:
        castable(masks, list(BATCH_COSTS), amounts=amounts)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    out(
        f"peak memory of the batch for all costs: {peak / 2**20:,.1f} MiB working "
        f"(plus the {(masks.nbytes + amounts.nbytes) / 2**20:,.1f} MiB input); "
        "targets: at least 5,000,000 checks/s and 1,000x CP-SAT"
    )


def _load() -> str:
    """The 1-minute load average (other processes on the machine slow every figure down)."""
    try:
        return f"{os.getloadavg()[0]:.1f}"
    except OSError:
        return "unknown"


def main(argv: Sequence[str] | None = None, out: Callable[[str], None] = print) -> None:
    """Parse the command line and run the benchmark (``tests/test_fast_bench.py`` runs ``--quick``)."""
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks.bench_fast", description=__doc__.splitlines()[0]
    )
    parser.add_argument("--quick", action="store_true", help="40 boards and 100,000 batch rows")
    parser.add_argument("--seed", type=int, default=1, help="random seed for the boards and costs")
    args = parser.parse_args(argv)
    words = list(sys.argv[1:] if argv is None else argv)
    run(args.quick, args.seed, " ".join(["python -m benchmarks.bench_fast", *words]), out)


if __name__ == "__main__":
    main()
