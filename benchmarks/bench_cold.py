"""Where a cold ``pay`` spends its time: per phase, on boards new to the process, and per card met first.

Run ``python -m benchmarks.bench_cold [--quick] [--seed S] [--rounds N] [--against PATH]``. The boards are
:mod:`benchmarks.bench_fast`'s realistic 20-permanent boards (the same seed gives the same boards), and each
figure is process CPU time (``time.process_time``), the best of ``--rounds`` fresh processes of this
checkout, so that another process's turn on a shared machine counts for nothing. The timing code is
:mod:`benchmarks.cold_timing`.

- *phases*: each board paid once, in three kinds of process: *first sight* (the process warmed up on
  bench_fast's simple boards, so that it meets most of the realistic boards' cards on them for the first
  time, as bench_fast's ``cold`` row does), *cards prepared* (every card given to :func:`planner.prepare`
  first) and *cards seen* (the board paid under other ids first, then timed under others still). Timers
  around the planner's own stages split each call: the question's set-up (:meth:`PaymentProblem.of`: the
  board's view, its effects, the spell's cost as cast), the text check, the fast path's board kinds and
  board sources (worked out once per board), its optimiser and its plan, the rules replay and the
  description; *the rest* is what falls outside them, and *garbage collection* is the collector's time
  inside the call (it falls inside the phases too). A phase's row gives its median over the boards and its
  share of all the boards' time.
- *first sight of a card*: every card of those boards that the warmed-up process has not met, each read
  once (:func:`models.oracle.parse_oracle`), its characteristics worked out on a board of its own, its
  analysis by the fast path (:func:`planner.solve.fast.source_kind`) and what it offers in each state
  (tapped or not, summoning sick or not): the median per card of each step, and their total.
- *against* (``--against PATH``, another checkout, perhaps older): the same jobs, on the same boards, run
  by this checkout's timing code in fresh processes with that checkout first on ``sys.path``, the two
  versions' processes interleaved (their order alternating from round to round) so that both meet the same
  load; per board and figure the best of the rounds (the one least disturbed by other processes), then the
  median over the boards, for both versions side by side with their ratio (against / this: above 1, this
  checkout is faster). A stage that the other version does not have is left out of the comparison.

>>> lines: list[str] = []
>>> main(["--quick", "--rounds", "1"], out=lines.append)
>>> lines[0]
'$ python -m benchmarks.bench_cold --quick --rounds 1'
>>> [any(line.startswith(row) for line in lines) for row in ("total", "Oracle text read")]
[True, True]
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import statistics
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

from benchmarks import cold_timing
from benchmarks.bench_versions import interleaved, with_these_benchmarks
from benchmarks.cold_timing import MODES, PHASES, STEPS, BoardTimes

__all__ = ["PHASES", "STEPS", "card_seconds", "main", "phase_seconds", "warm_cases"]

ROOT = Path(__file__).resolve().parents[1]
#: What a fresh process runs: this checkout's timing code, whichever checkout is first on ``sys.path``.
_WORK = with_these_benchmarks("from benchmarks.cold_timing import work\nwork()\n")


def warm_cases(seed: int, boards: int) -> list[tuple[str, str]]:
    """``boards`` of bench_fast's simple boards (the kind its first table times) with a cost each: paid
    before the cold boards, so that the process has met their cards and the planner's code paths, as
    bench_fast's own process has before its cold row.

    >>> [cost for _, cost in warm_cases(1, 2)] == [cost for _, cost in warm_cases(1, 2)]
    True
    """
    from benchmarks.bench_fast import simple_board, simple_cost

    rng = random.Random(seed)
    cases: list[tuple[str, str]] = []
    for _ in range(boards):
        board = json.dumps(simple_board(rng, rng.randint(4, 12)))
        cases.append((board, simple_cost(rng)))
    return cases


def phase_seconds(mode: str, cases: Sequence[tuple[str, str]], seed: int, warm: int) -> list[BoardTimes]:
    """Each board's cold call in this process after ``warm`` warm-up boards, split by phase (``mode``: one
    of :data:`MODES`)."""
    return cold_timing.phase_seconds(mode, cases, warm_cases(seed, warm))


def card_seconds(cases: Sequence[tuple[str, str]], seed: int, warm: int) -> list[list[float]]:
    """Per step of :data:`STEPS`, the seconds of each card of the boards that the process has not met after
    ``warm`` warm-up boards (each card once)."""
    return cold_timing.card_seconds(cases, warm_cases(seed, warm))


def _best_boards(rounds: list[list[BoardTimes]]) -> list[BoardTimes]:
    """Per board, each figure's least over the rounds."""
    best: list[BoardTimes] = []
    for per_round in zip(*rounds, strict=True):
        labels = {label for times in per_round for label in times["phases"]}
        best.append(
            {
                "engine": per_round[0]["engine"],
                "total": min(t["total"] for t in per_round),
                "gc": min(t["gc"] for t in per_round),
                "phases": {label: min(t["phases"].get(label, 0.0) for t in per_round) for label in labels},
                "new_cards": per_round[0]["new_cards"],
            }
        )
    return best


def _phase_rows(by_mode: dict[str, list[BoardTimes]]) -> list[str]:
    """The phases table: per phase and kind of process, the median ms and the share of all the time."""
    columns = "".join(f"{mode:>24}" for mode in by_mode)
    lines = [f"{'phase':<28}{columns}"]
    labels = [label for label, _, _ in PHASES]

    def cell(values: list[float], totals: list[float]) -> str:
        share = sum(values) / sum(totals) if sum(totals) else 0.0
        return f"{1e3 * statistics.median(values):>15.3f} ms {share:>5.0%}"

    for label in [*labels, "the rest", "total", "garbage collection"]:
        cells = []
        for boards in by_mode.values():
            totals = [b["total"] for b in boards]
            if label == "total":
                values = totals
            elif label == "garbage collection":
                values = [b["gc"] for b in boards]
            elif label == "the rest":
                values = [b["total"] - sum(b["phases"].values()) for b in boards]
            else:
                values = [b["phases"].get(label, 0.0) for b in boards]
            cells.append(cell(values, totals))
        lines.append(f"{label:<28}{''.join(cells)}")
    new = [b["new_cards"] for b in by_mode["first sight"]]
    lines.append(f"{'cards new to the process':<28}{statistics.median(new):>17.0f} at the median board")
    return lines


def _best_steps(rounds: list[list[list[float]]]) -> list[list[float]]:
    """Per step and card, the least over the rounds."""
    return [
        [min(values) for values in zip(*per_round, strict=True)] for per_round in zip(*rounds, strict=True)
    ]


def _versions_rows(
    by_mode: dict[str, dict[str, list[BoardTimes]]], steps: dict[str, list[list[float]]]
) -> list[str]:
    """The comparison table: per kind of process, the median ms of the total, of garbage collection and of
    each stage that both versions have; per step of a card's first sight, the median µs; both versions and
    the ratio against / this."""
    rows: list[tuple[str, float, float]] = []
    for mode in MODES:
        old, new = by_mode["against"][mode], by_mode["this"][mode]
        rows.append((f"{mode}: total, ms", _median_ms(old, "total"), _median_ms(new, "total")))
        rows.append((f"{mode}: garbage collection, ms", _median_ms(old, "gc"), _median_ms(new, "gc")))
        for label, _, _ in PHASES:
            if any(label in b["phases"] for b in old) and any(label in b["phases"] for b in new):
                rows.append((f"{mode}: {label}, ms", _median_ms(old, label), _median_ms(new, label)))
    for step, old_values, new_values in zip(
        [*STEPS, "all four"], _with_sum(steps["against"]), _with_sum(steps["this"]), strict=True
    ):
        if old_values and new_values:
            rows.append(
                (
                    f"card: {step}, µs",
                    1e6 * statistics.median(old_values),
                    1e6 * statistics.median(new_values),
                )
            )
    lines = [f"{'figure (median)':<44}{'against':>12}{'this':>12}{'ratio':>10}"]
    for label, before, after in rows:
        ratio = f"{before / after:>9.2f}x" if after > 0 else f"{'—':>10}"
        lines.append(f"{label:<44}{before:>12,.3f}{after:>12,.3f}{ratio}")
    return lines


def _median_ms(boards: list[BoardTimes], figure: str) -> float:
    """The median over the boards of one figure (``total``, ``gc`` or a phase's label), in ms."""
    if figure in ("total", "gc"):
        values = [b["total"] if figure == "total" else b["gc"] for b in boards]
    else:
        values = [b["phases"].get(figure, 0.0) for b in boards]
    return 1e3 * statistics.median(values)


def _with_sum(steps: list[list[float]]) -> list[list[float]]:
    """The steps' per-card seconds, then each card's sum of them."""
    return [*steps, [sum(values) for values in zip(*steps, strict=True)]]


def run(
    quick: bool,
    seed: int,
    rounds: int,
    command: str,
    out: Callable[[str], None] = print,
    against: Path | None = None,
) -> None:
    """Time the phases in each kind of process and the cards' first sight, and print the tables (with
    ``against``, then this checkout's figures beside that checkout's)."""
    from benchmarks.bench_fast import big_cases

    out(f"$ {command}")
    out(
        f"python {platform.python_version()}, {platform.machine()}; seed {seed}; "
        f"the best of {rounds} processes"
    )
    cases = big_cases(seed, 8 if quick else 24)
    warm = warm_cases(seed, 40 if quick else 300)
    trees = {"this": ROOT} if against is None else {"against": against.resolve(), "this": ROOT}
    by_version: dict[str, dict[str, list[BoardTimes]]] = {version: {} for version in trees}
    for mode in MODES:
        found = interleaved(trees, _WORK, {"mode": mode, "cases": cases, "warm": warm}, rounds)
        for version, answers in found.items():
            by_version[version][mode] = _best_boards(answers)
    answered = [i for i, times in enumerate(by_version["this"]["first sight"]) if times["engine"] == "fast"]
    by_version = {
        version: {mode: [boards[i] for i in answered] for mode, boards in by_mode.items()}
        for version, by_mode in by_version.items()
    }
    out("")
    out(
        f"where a cold pay's time goes: {len(answered)} of {len(cases)} realistic 20-permanent boards, "
        "answered by the fast path, each paid once in a process new to it; CPU ms per board, each row's "
        "median over the boards (medians do not add up), then the row's share of all the boards' time"
    )
    for line in _phase_rows(by_version["this"]):
        out(line)
    found_steps = interleaved(trees, _WORK, {"mode": "cards", "cases": cases, "warm": warm}, rounds)
    steps = {version: _best_steps(answers) for version, answers in found_steps.items()}
    out("")
    out(
        f"first sight of a card: the {len(steps['this'][0])} cards of those boards that the warmed-up "
        "process had not met, each analysed once; CPU µs per card"
    )
    out(f"{'step':<28}{'median µs':>12}{'mean µs':>12}")
    for step, values in zip(STEPS, steps["this"], strict=True):
        if values:
            out(f"{step:<28}{1e6 * statistics.median(values):>12.1f}{1e6 * statistics.mean(values):>12.1f}")
    per_card = _with_sum(steps["this"])[-1]
    if per_card:
        median, mean = statistics.median(per_card), statistics.mean(per_card)
        out(f"{'all four':<28}{1e6 * median:>12.1f}{1e6 * mean:>12.1f}")
    if against is not None:
        out("")
        out(
            f"this checkout ({ROOT}) against {against}: the same boards and cards, this checkout's timing "
            f"code in fresh processes of each, interleaved; per board the best of {rounds} rounds, then the "
            "median over the boards, CPU time; ratio against / this (above 1: this is faster)"
        )
        for line in _versions_rows(by_version, steps):
            out(line)


def main(argv: Sequence[str] | None = None, out: Callable[[str], None] = print) -> None:
    """Parse the command line and run the benchmark."""
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks.bench_cold", description=__doc__.splitlines()[0]
    )
    parser.add_argument("--quick", action="store_true", help="8 boards, a short warm-up")
    parser.add_argument("--seed", type=int, default=1, help="random seed for the boards and costs")
    parser.add_argument("--rounds", type=int, default=3, help="fresh processes per figure (the best is kept)")
    parser.add_argument("--against", type=Path, help="a checkout of another version to compare with")
    args = parser.parse_args(argv)
    if args.rounds < 1:
        parser.error("--rounds must be at least 1")
    words = list(sys.argv[1:] if argv is None else argv)
    command = " ".join(["python -m benchmarks.bench_cold", *words])
    run(args.quick, args.seed, args.rounds, command, out, args.against)


if __name__ == "__main__":
    main()
