"""Is "no" as fast as "yes"? A bounded, seeded random search of payment questions on boards of 10 to 60
permanents (:func:`benchmarks.boards.random_question`: realistic boards with some of the cards whose models
are the largest, and costs that are often unpayable), timing :func:`planner.api.pay` on each.

Run ``python -m benchmarks.bench_no [--questions N] [--seed S] [--multipliers] [--against PATH |
--against-rev REV]``. With ``--multipliers`` the boards get the mana multipliers and counters of
:data:`benchmarks.boards.MULTIPLIERS` (issue 41) rather than :data:`benchmarks.boards.SPICE`; either way the
regression boards of :func:`benchmarks.boards.multiplier_questions`,
:func:`benchmarks.boards.small_slow_questions`, :func:`benchmarks.boards.long_programme_questions` and
:func:`benchmarks.boards.stalled_share_questions` are paid
first, a row each.
Every question is paid cold (a board new to the process) and timed in process CPU time (the machine may be
shared), after a full garbage collection (outside the time). With ``--against`` (a checkout) or
``--against-rev`` (a git revision, checked out in a temporary worktree), the same questions go to both
versions, each in its own fresh processes, in chunks whose order alternates between the versions, and both
tables are printed side by side with the ratio of the medians; the answers (payable or not) of the two
versions are compared too. Per band of board sizes, a second table
sets the worst "no" against the median "yes" (issue 14: the worst unpayable answer at most twice the median
payable one at the same size). The slowest questions, and the slowest "no" answers, are listed with the
index that rebuilds them.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from benchmarks.bench_versions import ROOT, _checkout, _environment, _table
from benchmarks.boards import (
    MULTIPLIERS,
    SPICE,
    Question,
    long_programme_questions,
    multiplier_questions,
    random_question,
    small_slow_questions,
    stalled_share_questions,
)

__all__ = ["BANDS", "band_cells", "changed", "main", "questions"]

#: Pays every question of a JSON list on standard input with one version and prints, for each, the CPU
#: seconds it took, whether it was payable and the engine that answered. One CP-SAT answer first, so that
#: importing OR-Tools is not in the figures; and a full garbage collection before each question, outside
#: its time, so that a question is not charged the collection of the heap the earlier ones left (a
#: generation-2 collection takes some 45 ms here, and it landed on a 6 ms "no" as often as not).
_RUN = """
import gc, json, sys, time
from models.board import Board
from models.cost import PaymentTarget
from planner.api import pay
warm = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
    {"id": "f1", "card": "Forest", "controller": "me"}, {"id": "f2", "card": "Forest", "controller": "me"}]})
pay(warm, PaymentTarget.of("{G}"), keep=PaymentTarget.of("{G}"))
questions, time_limit = json.load(sys.stdin)
out = []
for question in questions:
    board = Board.from_dict(question["board"])
    keep = PaymentTarget.of(question["keep"]) if question["keep"] else None
    gc.collect()
    started = time.process_time()
    result = pay(board, PaymentTarget.of(question["cost"]), keep=keep, x=question["x"], time_limit=time_limit)
    out.append((time.process_time() - started, result.payable, result.engine))
print(json.dumps(out))
"""


def questions(count: int, seed: int, spice: tuple[str, ...] = SPICE) -> list[Question]:
    """The search's questions: question ``i`` comes from its own generator, seeded by ``seed`` and ``i``
    (so that any one can be rebuilt alone), its boards spiced with ``spice``."""
    return [random_question(random.Random(f"bench_no {seed}:{i}"), spice=spice) for i in range(count)]


def _answers(
    tree: Path, chunk: Sequence[Question], time_limit: float
) -> list[tuple[float, bool | None, str]]:
    done = subprocess.run(
        [sys.executable, "-c", _RUN],
        cwd=tree,
        env=_environment(tree),
        input=json.dumps([[q.to_json() for q in chunk], time_limit]),
        capture_output=True,
        text=True,
        check=True,
    )
    return [(float(s), p, str(e)) for s, p, e in json.loads(done.stdout)]


def _percentile(values: Sequence[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))] if ordered else float("nan")


def _row(label: str, answers: Sequence[tuple[float, bool | None, str]]) -> list[str]:
    seconds = [s for s, _, _ in answers]
    slow = sum(s > 1 for s in seconds)
    over = sum(s > 0.1 for s in seconds)  # (issue 41: none over 100 ms on boards of up to 60 permanents)
    cells = [label, str(len(answers)), f"{100 * slow / max(1, len(answers)):.1f} %", str(over)]
    for wanted in (True, False):
        part = [s for s, payable, _ in answers if payable is wanted]
        cells.append(str(len(part)))
        for fraction in (0.5, 0.99, 1.0):
            cells.append(f"{1000 * _percentile(part, fraction):.1f}" if part else "—")
    cells.append(str(sum(payable is None for _, payable, _ in answers)))
    return cells


#: The bands of board sizes (the payer's permanents) of the table of the worst "no" against the median "yes".
BANDS = ((10, 20), (21, 40), (41, 60))


def band_cells(
    answers: Sequence[tuple[float, bool | None, str]], sizes: Sequence[int], low: int, high: int
) -> list[str]:
    """One version's cells for one band of sizes: the median payable time, the worst unpayable time (CPU
    ms) and their ratio ("—" where the band has no such answer).

    >>> answers = [(0.010, True, "fast"), (0.030, True, "cp-sat"), (0.024, False, "fast")]
    >>> band_cells(answers, [12, 15, 18], 10, 20)
    ['20.0', '24.0', '1.20']
    """
    inside = [answer for answer, size in zip(answers, sizes, strict=True) if low <= size <= high]
    yes = [s for s, payable, _ in inside if payable is True]
    no = [s for s, payable, _ in inside if payable is False]
    median = statistics.median(yes) if yes else None
    worst = max(no) if no else None
    ratio = f"{worst / median:.2f}" if median and worst is not None else "—"
    return [
        f"{1000 * median:.1f}" if median is not None else "—",
        f"{1000 * worst:.1f}" if worst is not None else "—",
        ratio,
    ]


_HEADER = [
    "version",
    "calls",
    "> 1 s",
    "> 100 ms",
    "yes",
    "yes p50",
    "yes p99",
    "yes max",
    "no",
    "no p50",
    "no p99",
    "no max",
    "unknown",
]


def main(argv: Sequence[str] | None = None) -> None:
    """Parse the command line, pay every question with each version and print the tables."""
    parser = argparse.ArgumentParser(prog="python -m benchmarks.bench_no", description=__doc__)
    parser.add_argument("--questions", type=int, default=300, help="how many random questions")
    parser.add_argument("--seed", type=int, default=14, help="the seed of the questions")
    parser.add_argument(
        "--multipliers", action="store_true", help="spice the boards with the mana multipliers (issue 41)"
    )
    parser.add_argument("--chunk", type=int, default=25, help="questions per process")
    parser.add_argument("--time-limit", type=float, default=10.0, help="pay's time limit per question")
    parser.add_argument("--against", type=Path, help="a checkout of the version to compare with")
    parser.add_argument("--against-rev", help="a git revision to compare with")
    parser.add_argument("--slowest", type=int, default=8, help="how many of the slowest questions to list")
    args = parser.parse_args(argv)
    print("python -m benchmarks.bench_no " + " ".join(sys.argv[1:] if argv is None else argv))
    spice = MULTIPLIERS if args.multipliers else SPICE
    asked = questions(args.questions, args.seed, spice)
    regression = {
        **multiplier_questions(),
        **small_slow_questions(),
        **long_programme_questions(),
        **stalled_share_questions(),
    }

    def run(trees: dict[str, Path]) -> None:
        paid = {
            label: _answers(tree, list(regression.values()), args.time_limit) for label, tree in trees.items()
        }
        print(
            "\nthe regression boards of issue 41 (mana multipliers, small slow boards, long programmes,"
            " stalled shares),"
            " CPU ms per pay, cold"
        )
        regression_rows = [
            [
                name,
                str(_size(q)),
                q.cost,
                *[f"{1000 * paid[lb][i][0]:.0f} {_word(paid[lb][i][1])}" for lb in trees],
            ]
            for i, (name, q) in enumerate(regression.items())
        ]
        print(_table(["board", "size", "cost", *[f"{lb} ms" for lb in trees]], regression_rows))
        answers: dict[str, list[tuple[float, bool | None, str]]] = {label: [] for label in trees}
        for number, start in enumerate(range(0, len(asked), args.chunk)):
            chunk = asked[start : start + args.chunk]
            order = list(trees) if number % 2 == 0 else list(reversed(trees))
            for label in order:
                answers[label] += _answers(trees[label], chunk, args.time_limit)
        spiced = "multipliers" if args.multipliers else "spice"
        print(
            f"\n{len(asked)} questions (seed {args.seed}, {spiced}), CPU ms per pay, cold;"
            " 'unknown': the time limit"
        )
        print(_table(_HEADER, [_row(label, found) for label, found in answers.items()]))
        labels = list(trees)
        sizes = [_size(q) for q in asked]
        band_rows = [
            [f"{low}-{high}", *[cell for lb in labels for cell in band_cells(answers[lb], sizes, low, high)]]
            for low, high in BANDS
        ]
        band_header = [
            "size",
            *[f"{lb} {name}" for lb in labels for name in ("yes p50", "no max", "no max/yes p50")],
        ]
        print("\nthe worst 'no' against the median 'yes' per band of sizes (permanents), CPU ms")
        print(_table(band_header, band_rows))
        if len(labels) == 2:
            old, new = (answers[label] for label in labels)
            for wanted, name in ((True, "yes"), (False, "no")):
                old_part = [s for s, p, _ in old if p is wanted]
                new_part = [s for s, p, _ in new if p is wanted]
                if old_part and new_part:
                    ratio = statistics.median(old_part) / statistics.median(new_part)
                    worst = max(old_part) / max(new_part)
                    print(f"{name}: median {labels[0]} / {labels[1]} = {ratio:.2f}x, max {worst:.2f}x")
            differ = [
                i
                for i, (a, b) in enumerate(zip(old, new, strict=True))
                if None not in (a[1], b[1]) and a[1] != b[1]
            ]
            print(f"answers that differ (payable or not): {len(differ)} {differ[:10]}")
            engines = sum(a[2] != b[2] for a, b in zip(old, new, strict=True))
            print(f"answered by another engine: {engines}")
            moved = [
                [str(i), str(_size(asked[i])), asked[i].cost[:24], asked[i].keep or "", f"{ratio:.2f}"]
                + [
                    f"{1000 * answers[lb][i][0]:.0f} {_word(answers[lb][i][1])} {answers[lb][i][2]}"
                    for lb in labels
                ]
                for i, ratio in changed(old, new, args.slowest)
            ]
            print(
                f"\nthe questions whose time changed the most ({labels[0]} / {labels[1]}, either over 20 ms)"
            )
            print(_table(["i", "size", "cost", "keep", "ratio", *[f"{lb} ms" for lb in labels]], moved))
        label = labels[-1]
        everything = range(len(asked))
        unpayable = [i for i in everything if answers[label][i][1] is False]
        for name, chosen in (("questions", everything), ("'no' answers", unpayable)):
            slowest = sorted(chosen, key=lambda i: -answers[label][i][0])[: args.slowest]
            rows: list[list[str]] = []
            for i in slowest:
                q = asked[i]
                cells = [str(i), q.kind, str(_size(q)), q.cost, q.keep or "", "" if q.x is None else str(q.x)]
                cells += [
                    f"{1000 * answers[lb][i][0]:.0f} {_word(answers[lb][i][1])} {answers[lb][i][2]}"
                    for lb in labels
                ]
                rows.append(cells)
            print(
                f"\nthe slowest {name} of {label}, with the engine that answered"
                f" (rebuild one: benchmarks.bench_no.questions(N, seed, spice)[i])"
            )
            print(_table(["i", "kind", "size", "cost", "keep", "x", *[f"{lb} ms" for lb in labels]], rows))

    if args.against is not None:
        run({"against": args.against.resolve(), "this": ROOT})
    elif args.against_rev is not None:
        with _checkout(args.against_rev) as tree:
            run({args.against_rev: tree, "this": ROOT})
    else:
        run({"this": ROOT})


def changed(
    old: Sequence[tuple[float, bool | None, str]], new: Sequence[tuple[float, bool | None, str]], count: int
) -> list[tuple[int, float]]:
    """The questions whose time changed the most between two versions' answers, as (index, old / new):
    ``count`` of the largest ratios and ``count`` of the smallest, among those over 20 ms in either.

    >>> old = [(0.050, True, "fast"), (0.030, True, "fast"), (0.005, False, "fast"), (0.025, True, "fast")]
    >>> new = [(0.025, True, "cp-sat"), (0.060, True, "fast"), (0.001, False, "fast"), (0.025, True, "fast")]
    >>> changed(old, new, 1)
    [(0, 2.0), (1, 0.5)]
    """
    ratios = [
        (i, a[0] / b[0])
        for i, (a, b) in enumerate(zip(old, new, strict=True))
        if max(a[0], b[0]) > 0.02 and b[0]
    ]
    ratios.sort(key=lambda pair: -pair[1])
    faster = [pair for pair in ratios[:count] if pair[1] > 1]
    slower = [pair for pair in ratios[::-1][:count] if pair[1] < 1 and pair not in faster]
    return faster + slower[::-1]


def _size(question: Question) -> int:
    permanents: list[dict[str, Any]] = question.board["permanents"]
    return sum(p["controller"] == "me" for p in permanents)


def _word(payable: bool | None) -> str:
    return {True: "yes", False: "no", None: "unknown"}[payable]


if __name__ == "__main__":
    main()
