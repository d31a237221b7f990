"""Benchmark of the exact fast path and the batch check against the CP-SAT model, in one run.

Run ``python -m benchmarks.bench_fast [--quick] [--seed S] [--against PATH] [--rounds N]``; it prints the
command line, the machine, and its tables: single-query latency of :func:`planner.solve.fast.solve_fast` and
of CP-SAT (:func:`planner.solve.cpsat.solve_payment`) on the same simple boards; :func:`planner.api.pay` on
20-permanent realistic boards, warm and cold; the batch throughput of :func:`planner.sim.batch.castable` on
random boards of 7 to 12 sources, with its ratio to CP-SAT's per-board rate and its peak memory; with
``--against``, the fast path's figures for this checkout and another side by side; last, the ratio of the
fast path's single query to a small exact tapper in C (:mod:`benchmarks.c_tapper`). Boards and costs are
the same for the same seed; only the timings change.

How things are measured:

- *single query*: random boards of 4 to 12 permanents inside the fast path's fragment (basic, dual, shock,
  pain and bounce lands, Sol Ring, Talismans, mana creatures, some tapped or summoning sick) and random costs
  of mana value 1 to 6 with one to three colors, hybrid and Phyrexian symbols now and then. Each engine
  solves each board several times and keeps its best CPU time (``time.process_time``: on a shared machine,
  wall-clock time also counts other processes' turns); the table gives the median and the 95th percentile
  over the boards. Both return a plan
  without replaying it; ``pay`` (which also replays and describes the plan) is shown for reference. The two
  engines' answers are compared (feasibility and every objective level) and disagreements counted.
- *pay on 20 permanents*: the realistic boards of :mod:`benchmarks.boards` (as
  :mod:`benchmarks.bench_replay` draws them) that the fast path answers; *cold* is the first ``pay`` of a
  board new to the process (the cards' analysis may be cached from earlier boards, but the first boards
  meet most of their cards for the first time: their texts are parsed then), *warm* the median of 20 calls
  after it, *cold, cards prepared* the first ``pay`` in a fresh process that gave every card of the boards
  to :func:`planner.prepare` first (as a client that knows both decks does), *cold, cards seen* the first
  ``pay`` of the same board under other ids once a copy under other ids still was paid (a new board of
  cards the process knows, as in a game after its first turns) (:mod:`benchmarks.fast_timing`); the table
  gives the median and 95th percentile over the boards.
- *against*: both checkouts time the same simple boards (the single query) and 20-permanent boards in
  fresh processes with their own directory first on ``sys.path``, ``--rounds`` processes each, old and new
  interleaved, each figure the best round's; the cold call with the cards prepared in processes of its own.
- *C tapper*: the same simple boards paid by weighted assignment in C (damage, then per-source weights;
  compiled with the system's C compiler when the benchmark runs, timed in C over many calls); the row says
  'not available' without a compiler.
- *batch*: an ``N x 12`` array of source masks (7 to 12 sources per board: basics, duals, painlands, Birds,
  Wastes, Sol Ring with amount 2) and costs of two or three colors with hybrid symbols, one call per cost
  and one call for all of them; checks per second on one core (numpy runs these operations on one thread),
  and the ratio to CP-SAT's per-board rate (one over its median single-query time). Peak memory is the
  Python heap peak (``tracemalloc``, numpy's buffers included) during the call for all costs, measured apart
  from the timings; the input array is counted separately.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import statistics
import sys
import time
import tracemalloc
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from importlib.metadata import version
from pathlib import Path
from typing import Any

import numpy as np
from numpy.typing import NDArray

from benchmarks.bench_versions import output_in_tree
from benchmarks.boards import realistic_board, realistic_cost
from benchmarks.c_tapper import encode, load
from benchmarks.fast_timing import (
    FLUSH_BYTES,
    FLUSHED_CALLS,
    Payload,
    Timings,
    best_seconds,
    flushed_seconds,
    measure,
)
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
ROOT = Path(__file__).resolve().parents[1]


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


def _agree(fast: Solution | None, model: Solution) -> bool:
    if fast is None or (fast.plan is None) != (model.plan is None):
        return False
    return fast.plan is None or fast.objective == model.objective[-len(fast.objective) :]


def _percentile(values: Sequence[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def _single(cases: Sequence[_Case], repeats: int) -> tuple[dict[str, list[float]], int]:
    """Per-board best times (µs) of each engine (``flushed``: the median of calls each made with the CPU's
    caches flushed), and how many boards the engines disagree on."""
    times: dict[str, list[float]] = {
        "fast path": [],
        "fast path, flushed": [],
        "CP-SAT": [],
        "pay (fast, replayed)": [],
    }
    buffer = np.zeros(FLUSH_BYTES, dtype=np.uint8)
    disagree = 0
    for case in cases:
        fast = solve_fast(PaymentProblem.of(case.board, case.target))
        model = solve_payment(PaymentProblem.of(case.board, case.target, "me"))
        disagree += not _agree(fast, model)
        board, target = case.board, case.target
        times["fast path"].append(1e6 * best_seconds(partial(_fast_path, board, target), repeats, block=20))
        times["fast path, flushed"].append(
            1e6 * flushed_seconds(partial(_fast_path, board, target), FLUSHED_CALLS, buffer)
        )
        times["CP-SAT"].append(1e6 * best_seconds(partial(_cpsat, board, target), repeats))
        times["pay (fast, replayed)"].append(
            1e6 * best_seconds(partial(pay, board, target), repeats, block=3)
        )
    return times, disagree


def big_cases(seed: int, boards: int) -> list[tuple[str, str]]:
    """``boards`` realistic 20-permanent boards (as JSON) with a cost each, drawn as bench_replay draws them.

    >>> [cost for _, cost in big_cases(1, 2)]
    ['{R}{R}{R}', '{4}{B}{B}{B}']
    """
    rng = random.Random(f"{seed}:fast")
    cases: list[tuple[str, str]] = []
    while len(cases) < boards:
        spec = realistic_board(rng, 20)
        cases.append((json.dumps(spec.data), realistic_cost(rng, spec)))
    return cases


def max_x_cases(seed: int, simple: int, big: int) -> list[tuple[str, str]]:
    """``simple`` simple boards of 4-12 permanents and ``big`` realistic 20-permanent boards (as JSON), each
    with a cost that has X: ``{X}`` and a simple cost's colored part.

    >>> [cost for _, cost in max_x_cases(1, 1, 1)]
    ['{X}{1}{U}{2/B}', '{X}{R}{R}{R}']
    """
    rng = random.Random(f"{seed}:max-x")
    cases = [
        (json.dumps(simple_board(rng, rng.randint(4, 12))), "{X}" + simple_cost(rng)) for _ in range(simple)
    ]
    for board_json, cost in big_cases(seed, big):
        cases.append((board_json, "{X}" + cost))
    return cases


def max_x_rows(timings: Sequence[tuple[float, float, str]], simple: int) -> list[str]:
    """The max-x table: per board set, ``pay`` (at the X found) and ``max_x`` µs at the median, and the
    per-board ratio max_x / pay at the median and the 95th percentile, with max_x's engines."""
    lines = [f"{'boards':<22}{'pay µs':>10}{'max-x µs':>10}{'ratio med':>11}{'ratio p95':>11}  engines"]
    for label, part in (("simple, 4-12", timings[:simple]), ("realistic, 20", timings[simple:])):
        if not part:
            continue
        ratios = [largest / paying for paying, largest, _ in part]
        engines = ", ".join(f"{e} {sum(t[2] == e for t in part)}" for e in sorted({t[2] for t in part}))
        lines.append(
            f"{label:<22}{1e6 * statistics.median(t[0] for t in part):>10,.0f}"
            f"{1e6 * statistics.median(t[1] for t in part):>10,.0f}"
            f"{statistics.median(ratios):>10.2f}x{_percentile(ratios, 0.95):>10.2f}x  {engines}"
        )
    return lines


def _pay_figures(timings: Timings, answered: Sequence[int]) -> dict[str, list[float]]:
    """Cold and warm ms of ``pay`` on the boards the fast path answered (by index)."""
    paid = timings["pay"]
    return {
        "warm": [1e3 * paid[i][1] for i in answered],
        "cold": [1e3 * paid[i][0] for i in answered],
        "cold, cards seen": [1e3 * paid[i][3] for i in answered],
        "warm, caches flushed": [1e3 * timings.get("pay_flushed", [])[i] for i in answered]
        if "pay_flushed" in timings
        else [],
    }


def _summary(values: Sequence[float]) -> tuple[float, float]:
    return statistics.median(values), _percentile(values, 0.95)


def _in_tree(tree: Path, payload: Payload) -> Timings:
    """The timings measured by a fresh process of the checkout ``tree`` (its directory first on
    ``sys.path``; :mod:`benchmarks.fast_timing`'s code is this checkout's)."""
    script = (ROOT / "benchmarks" / "fast_timing.py").read_text()
    timings: Timings = json.loads(output_in_tree(tree, script, payload))
    return timings


def _preparing(big: list[tuple[str, str]]) -> Payload:
    """The cold call on the 20-permanent boards again, in a process that prepared their cards first (the
    ``cold, cards prepared`` row)."""
    return {"simple": [], "big": big, "repeats": 1, "calls": 1, "prepare": True}


def _best_of(known: Timings | None, found: Timings) -> Timings:
    """Per board and figure, the least of two rounds' timings (``known`` None: the first round)."""
    if known is None:
        return found
    best: Timings = {
        "fast": [min(a, b) for a, b in zip(known["fast"], found["fast"], strict=True)],
        "pay": [
            (min(a[0], b[0]), min(a[1], b[1]), b[2], min(a[3], b[3]))
            for a, b in zip(known["pay"], found["pay"], strict=True)
        ],
    }
    for flushed in ("fast_flushed", "pay_flushed"):
        if flushed in known and flushed in found:
            best[flushed] = [min(a, b) for a, b in zip(known[flushed], found[flushed], strict=True)]
    if "max_x" in known and "max_x" in found:
        best["max_x"] = [
            (min(a[0], b[0]), min(a[1], b[1]), b[2])
            for a, b in zip(known["max_x"], found["max_x"], strict=True)
        ]
    return best


def versions_table(
    old: Path, payload: Payload, rounds: int, simple: int = 0
) -> tuple[list[str], dict[Path, list[float]]]:
    """This checkout's fast-path figures against another checkout's, side by side (rows of text), and each
    version's per-board single-query µs (the best round's); with the payload's ``max_x`` boards (the first
    ``simple`` of them simple), ``max_x`` and ``pay`` at the X found on them."""
    best: dict[Path, Timings] = {}
    prepared: dict[Path, Timings] = {}
    preparing = _preparing(payload["big"])
    for number in range(rounds):
        for tree in (old, ROOT) if number % 2 == 0 else (ROOT, old):
            best[tree] = _best_of(best.get(tree), _in_tree(tree, payload))
            prepared[tree] = _best_of(prepared.get(tree), _in_tree(tree, preparing))
    answered = [i for i, (_, _, engine, _) in enumerate(best[ROOT]["pay"]) if engine == "fast"]
    rows: list[tuple[str, float, float]] = []
    singles = {tree: [1e6 * s for s in timings["fast"]] for tree, timings in best.items()}
    old_median, old_p95 = _summary(singles[old])
    new_median, new_p95 = _summary(singles[ROOT])
    rows += [("fast path median µs", old_median, new_median), ("fast path p95 µs", old_p95, new_p95)]
    if "fast_flushed" in best[old] and "fast_flushed" in best[ROOT]:
        rows.append(
            (
                "fast path, caches flushed, median µs",
                1e6 * statistics.median(best[old]["fast_flushed"]),
                1e6 * statistics.median(best[ROOT]["fast_flushed"]),
            )
        )
    figures = {tree: _pay_figures(timings, answered) for tree, timings in best.items()}
    for tree, timings in prepared.items():
        figures[tree]["cold, cards prepared"] = [1e3 * timings["pay"][i][0] for i in answered]
    for call in ("warm", "warm, caches flushed", "cold", "cold, cards prepared", "cold, cards seen"):
        if not figures[old][call] or not figures[ROOT][call]:
            continue
        old_median, old_p95 = _summary(figures[old][call])
        new_median, new_p95 = _summary(figures[ROOT][call])
        rows.append((f"pay 20, {call}, median ms", old_median, new_median))
        rows.append((f"pay 20, {call}, p95 ms", old_p95, new_p95))
    for label, part in (("simple", slice(0, simple)), ("20", slice(simple, None))):
        largest = {tree: timings.get("max_x", [])[part] for tree, timings in best.items()}
        if not largest[ROOT] or not largest[old]:
            continue
        old_median = 1e6 * statistics.median(t[1] for t in largest[old])
        new_median = 1e6 * statistics.median(t[1] for t in largest[ROOT])
        rows.append((f"max-x {label}, warm, median µs", old_median, new_median))
        old_pay = 1e6 * statistics.median(t[0] for t in largest[old])
        new_pay = 1e6 * statistics.median(t[0] for t in largest[ROOT])
        rows.append((f"pay {label} at that X, warm, median µs", old_pay, new_pay))
    lines = [f"{'figure':<44}{'against':>12}{'this':>12}{'ratio':>10}"]
    for label, before, after in rows:
        lines.append(f"{label:<44}{before:>12,.3f}{after:>12,.3f}{before / after:>9.2f}x")
    return lines, singles


def _c_row(cases: Sequence[_Case], fast_us: Mapping[str, Sequence[float]]) -> str:
    """The benchmark's last row: the C tapper's median and p95 on the simple boards, and the fast path's
    ratio to it (per version timed)."""
    tapper = load()
    if tapper is None:
        return "C tapper (weighted assignment): not available (no C compiler could build it)"
    encoded = [encode(case.board, case.target) for case in cases]
    seconds = [1e6 * min(tapper.seconds(e, 2000) for _ in range(3)) for e in encoded]
    agree = sum(
        (tapper.best(e) is None) == (solve_fast(PaymentProblem.of(c.board, c.target)).plan is None)  # type: ignore[union-attr]
        for e, c in zip(encoded, cases, strict=True)
    )
    c_median, c_p95 = _summary(seconds)
    ratios = ", ".join(
        f"{label} {statistics.median(values) / c_median:,.0f}x" for label, values in fast_us.items()
    )
    return (
        f"C tapper (weighted assignment, compiled here): median {c_median:.2f} µs, p95 {c_p95:.2f} µs on the "
        f"{len(cases)} simple boards (payable where the fast path says so on {agree}); "
        f"fast path / C at the median: {ratios}"
    )


def run(
    quick: bool,
    seed: int,
    command: str,
    out: Callable[[str], None] = print,
    against: Path | None = None,
    rounds: int = 3,
) -> None:
    """Build the boards, time both engines, ``pay`` on 20 permanents, the batch, the other checkout and the
    C tapper, and print the tables through ``out``."""
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
        f"CPU time per query, best of repeats (flushed: median of {FLUSHED_CALLS} calls, each after writing "
        f"over {FLUSH_BYTES >> 20} MiB, so that the call finds its data out of the CPU's caches)"
    )
    out(f"{'engine':<24}{'median µs':>12}{'p95 µs':>12}{'per second':>14}")
    for engine, values in times.items():
        median = statistics.median(values)
        out(f"{engine:<24}{median:>12,.1f}{_percentile(values, 0.95):>12,.1f}{1e6 / median:>14,.0f}")
    out(
        f"fast path vs CP-SAT: {model_median / fast_median:,.0f}x faster at the median "
        f"(targets: median at most 50 µs, at least 20x); answers differ on {disagree} of {len(cases)} boards"
    )
    big = big_cases(seed, 8 if quick else 24)
    paid = measure({"simple": [], "big": big, "repeats": repeats, "calls": 20})
    # the same boards in a fresh process that prepared their cards first (planner.prepare)
    prepared = _in_tree(ROOT, _preparing(big))
    answered = [i for i, (_, _, engine, _) in enumerate(paid["pay"]) if engine == "fast"]
    out("")
    out(
        f"pay on 20 permanents: {len(answered)} of {len(big)} realistic boards answered by the fast path; "
        "CPU ms per call (cold: the first call on a board new to the process; warm: median of 20 after it; "
        f"warm, caches flushed: median of {FLUSHED_CALLS} calls, each after writing over "
        f"{FLUSH_BYTES >> 20} MiB (a client that does other work between questions); "
        "cold, cards prepared: the first call, in a process that prepared the boards' cards first; "
        "cold, cards seen: the first call on the board under other ids, after a copy under others still)"
    )
    out(f"{'call':<24}{'median ms':>12}{'p95 ms':>12}")
    figures = _pay_figures(paid, answered)
    figures = {
        "warm": figures["warm"],
        "warm, caches flushed": figures["warm, caches flushed"],
        "cold": figures["cold"],
        "cold, cards prepared": [1e3 * prepared["pay"][i][0] for i in answered],
        "cold, cards seen": figures["cold, cards seen"],
    }
    for call, values in figures.items():
        median, p95 = _summary(values)
        out(f"{call:<24}{median:>12,.3f}{p95:>12,.3f}")
    out("targets: warm at most 0.5 ms, cold at most 1 ms")
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
    simple_x, big_x = (20, 8) if quick else (100, 24)
    largest = max_x_cases(seed, simple_x, big_x)
    out("")
    out(
        f"max-x: {simple_x} simple boards and {big_x} realistic 20-permanent boards with a cost {{X}} and "
        "colors; CPU µs per warm call, best of repeats; pay asked at the X max-x found (0 when none); ratio "
        "max-x / pay per board (target: at most 2x where the fast path answers)"
    )
    timed = measure({"simple": [], "big": [], "repeats": repeats, "calls": 0, "max_x": largest})
    for line in max_x_rows(timed.get("max_x", []), simple_x):
        out(line)
    fast_us: dict[str, Sequence[float]] = {"this": times["fast path"]}
    if against is not None:
        payload: Payload = {
            "simple": [(case.board.dumps(), str(case.target.cost)) for case in cases],
            "big": big,
            "repeats": repeats,
            "calls": 20,
            "max_x": largest,
        }
        lines, singles = versions_table(against.resolve(), payload, rounds, simple_x)
        out("")
        out(
            f"this checkout ({ROOT}) against {against}: the same boards in fresh processes, "
            f"best of {rounds} per version, interleaved; ratio against / this (above 1: this is faster)"
        )
        for line in lines:
            out(line)
        fast_us = {"this": singles[ROOT], "against": singles[against.resolve()]}
    out("")
    out(_c_row(cases, fast_us))


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
    parser.add_argument("--against", type=Path, help="a checkout of another version to compare with")
    parser.add_argument("--rounds", type=int, default=3, help="processes per version with --against")
    args = parser.parse_args(argv)
    words = list(sys.argv[1:] if argv is None else argv)
    command = " ".join(["python -m benchmarks.bench_fast", *words])
    run(args.quick, args.seed, command, out, args.against, args.rounds)


if __name__ == "__main__":
    main()
