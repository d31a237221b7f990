"""This checkout against another version of mana-planner, side by side in one run: start-up and pay's speed.

Run ``python -m benchmarks.bench_versions [--against-rev REV | --against PATH] [--runs N] [--boards N]``.
``--against-rev`` (default ``HEAD~1``) checks that revision out in a temporary git worktree; ``--against``
takes a checkout that is already there. Every measurement runs in a fresh Python process with the
version's directory first on ``sys.path``, old and new interleaved, so that both see the same machine load:

- *start-up*: whole ``mana-planner`` processes (``--help``, ``cards``, ``could-produce``, a ``pay`` that the
  fast path answers, a ``pay`` that needs CP-SAT), the median wall time of ``--runs`` runs each, and the
  ratio old / new (above 1: this checkout is faster);
- *pay*: the realistic boards of :mod:`benchmarks.boards` (the same seed and sizes as
  :mod:`benchmarks.bench_pay`), each paid cold once per process, in ``--rounds`` processes per version
  (the versions' order alternating from round to round); a board's figure is the process CPU time of its
  fastest round, so that load on a shared machine counts against neither version; the table gives the
  median and 95th percentile of the boards' figures per size; then the same with Python's garbage collector
  off in both versions, since a full collection falling inside one board's call moves a median of a dozen.

The boards and costs come from this checkout's generator and are handed to both versions as JSON, so both
pay exactly the same questions.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from benchmarks.boards import realistic_board, realistic_cost

ROOT = Path(__file__).resolve().parents[1]
SIZES = (6, 10, 20, 40, 80, 160)

#: The commands timed as whole processes (arguments after ``mana-planner``), with a label each.
STARTUP_COMMANDS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("--help", ("--help",)),
    ("cards", ("cards",)),
    ("could-produce", ("could-produce", "examples/boards/ramp.json")),
    ("pay (fast path)", ("pay", "examples/boards/ramp.json", "{2}{G}{G}")),
    ("pay (CP-SAT)", ("pay", "examples/boards/ramp.json", "{2}{G}{G}", "--keep", "{G}")),
)

#: Runs one version's ``mana-planner`` with the arguments after ``--``.
_CLI = "import sys; from planner.cli import main; sys.argv[0] = 'mana-planner'; main()"

#: Pays every (board, cost) of a JSON file on standard input with one version and prints the CPU seconds each
#: took (CPU time: the machine may be shared; X costs are not generated). Only OR-Tools is loaded beforehand:
#: each board is new to the process.
_PAY = """
import json, sys, time
from models.board import Board
from models.cost import PaymentTarget
try:
    from planner.api import pay
except ImportError:  # versions before the packages (planner/plan.py)
    from planner.plan import pay
# one CP-SAT answer first, so that neither version's figures include importing OR-Tools
warm = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
    {"id": "f1", "card": "Forest", "controller": "me"}, {"id": "f2", "card": "Forest", "controller": "me"}]})
pay(warm, PaymentTarget.of("{G}"), keep=PaymentTarget.of("{G}"))
seconds = []
for board, cost in json.load(sys.stdin):
    loaded = Board.from_dict(board)
    target = PaymentTarget.of(cost)
    started = time.process_time()
    pay(loaded, target)
    seconds.append(time.process_time() - started)
print(json.dumps(seconds))
"""


def _environment(tree: Path) -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(tree)
    return env


def output_in_tree(tree: Path, script: str, payload: object = None) -> str:
    """What a fresh Python process of the checkout ``tree`` prints for ``script`` (its directory first on
    ``sys.path``), the payload as JSON on its standard input."""
    done = subprocess.run(
        [sys.executable, "-c", script],
        cwd=tree,
        env=_environment(tree),
        input=json.dumps(payload),
        capture_output=True,
        text=True,
        check=True,
    )
    return done.stdout


def with_these_benchmarks(code: str) -> str:
    """``code`` run after making ``benchmarks`` this checkout's package, whichever checkout is first on
    ``sys.path``: another version's planner timed by this checkout's timing code.

    >>> elsewhere = Path(tempfile.gettempdir())  # a directory without this checkout's benchmarks
    >>> code = with_these_benchmarks("import benchmarks; print(benchmarks.__file__)")
    >>> found = output_in_tree(elsewhere, code)
    >>> Path(found.strip()) == ROOT / "benchmarks" / "__init__.py"
    True
    """
    package = ROOT / "benchmarks"
    return (
        "import importlib.util as _util, sys as _sys\n"
        f"_spec = _util.spec_from_file_location('benchmarks', {str(package / '__init__.py')!r}, "
        f"submodule_search_locations=[{str(package)!r}])\n"
        "_package = _util.module_from_spec(_spec)\n"
        "_sys.modules['benchmarks'] = _package\n"
        "_spec.loader.exec_module(_package)\n" + code
    )


def interleaved(trees: Mapping[str, Path], script: str, payload: object, rounds: int) -> dict[str, list[Any]]:
    """Per version (named by the keys of ``trees``), what ``script`` printed as JSON for ``payload`` in
    ``rounds`` fresh processes of its checkout (:func:`output_in_tree`), the versions' order alternating from
    round to round so that both meet the same load.

    >>> here = {"against": ROOT, "this": ROOT}
    >>> interleaved(here, "import json, sys; print(json.load(sys.stdin) + 1)", 1, rounds=2)
    {'against': [2, 2], 'this': [2, 2]}
    """
    found: dict[str, list[Any]] = {version: [] for version in trees}
    for number in range(rounds):
        order = list(trees) if number % 2 == 0 else list(trees)[::-1]
        for version in order:
            found[version].append(json.loads(output_in_tree(trees[version], script, payload)))
    return found


def _run_cli(tree: Path, args: Sequence[str]) -> float:
    """Wall seconds of one whole process of that version's command."""
    started = time.perf_counter()
    subprocess.run(
        [sys.executable, "-c", _CLI, *args],
        cwd=tree,
        env=_environment(tree),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        check=False,
    )
    return time.perf_counter() - started


def _pay_seconds(tree: Path, questions: list[tuple[object, str]], *, collect: bool = True) -> list[float]:
    """Seconds of each pay, in one process of that version (without the garbage collector's pauses when
    ``collect`` is false)."""
    done = subprocess.run(
        [sys.executable, "-c", _PAY if collect else "import gc; gc.disable()\n" + _PAY],
        cwd=tree,
        env=_environment(tree),
        input=json.dumps(questions),
        capture_output=True,
        text=True,
        check=True,
    )
    seconds: list[float] = json.loads(done.stdout)
    return seconds


def _percentile(values: Sequence[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def _table(header: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    widths = [max(len(cell) for cell in column) for column in zip(header, *rows, strict=True)]
    lines = ["  ".join(cell.rjust(width) for cell, width in zip(line, widths, strict=True)) for line in rows]
    head = "  ".join(cell.rjust(width) for cell, width in zip(header, widths, strict=True))
    return "\n".join([head, *lines])


@contextmanager
def _checkout(rev: str) -> Iterator[Path]:
    """A temporary git worktree of a revision of this repository."""
    with tempfile.TemporaryDirectory(prefix="mana-planner-") as folder:
        tree = Path(folder) / "tree"
        subprocess.run(
            ["git", "worktree", "add", "--detach", str(tree), rev], cwd=ROOT, check=True, capture_output=True
        )
        try:
            yield tree
        finally:
            subprocess.run(
                ["git", "worktree", "remove", "--force", str(tree)],
                cwd=ROOT,
                check=False,
                capture_output=True,
            )


def startup_table(old: Path, new: Path, runs: int) -> str:
    """The start-up table: median wall ms per command for both versions, and old / new."""
    rows = []
    for label, args in STARTUP_COMMANDS:
        times: dict[Path, list[float]] = {old: [], new: []}
        for _ in range(runs):
            for tree in (old, new):
                times[tree].append(_run_cli(tree, args))
        old_ms, new_ms = (1000 * statistics.median(times[tree]) for tree in (old, new))
        rows.append([label, f"{old_ms:.0f}", f"{new_ms:.0f}", f"{old_ms / new_ms:.2f}x"])
    return _table(["command", "against ms", "this ms", "ratio"], rows)


def _fastest(
    tree: Path, other: Path, questions: list[tuple[object, str]], rounds: int, *, collect: bool = True
) -> tuple[list[float], list[float]]:
    """Each question's fastest time over the rounds, for ``tree`` and ``other``, the order alternating."""
    best: dict[Path, list[float]] = {}
    for number in range(rounds):
        for version in (tree, other) if number % 2 == 0 else (other, tree):
            seconds = _pay_seconds(version, questions, collect=collect)
            best[version] = [min(a, b) for a, b in zip(best.get(version, seconds), seconds, strict=True)]
    return best[tree], best[other]


def pay_table(old: Path, new: Path, boards: int, seed: int, rounds: int = 3, *, collect: bool = True) -> str:
    """The pay table: median and 95th percentile ms per size for both versions, and the medians' ratio."""
    rows = []
    for size in SIZES:
        rng = random.Random(f"{seed}:{size}")
        questions: list[tuple[object, str]] = []
        for _ in range(boards):
            spec = realistic_board(rng, size)
            questions.append((spec.data, realistic_cost(rng, spec)))
        old_seconds, new_seconds = _fastest(old, new, questions, rounds, collect=collect)
        old_median = 1000 * statistics.median(old_seconds)
        new_median = 1000 * statistics.median(new_seconds)
        rows.append(
            [
                str(size),
                f"{old_median:.1f}",
                f"{1000 * _percentile(old_seconds, 0.95):.1f}",
                f"{new_median:.1f}",
                f"{1000 * _percentile(new_seconds, 0.95):.1f}",
                f"{old_median / new_median:.2f}x",
            ]
        )
    return _table(["size", "against med", "against p95", "this med", "this p95", "ratio"], rows)


def main(argv: Sequence[str] | None = None) -> None:
    """Parse the command line and print both tables."""
    parser = argparse.ArgumentParser(prog="python -m benchmarks.bench_versions", description=__doc__)
    parser.add_argument("--against", type=Path, help="a checkout of the version to compare with")
    parser.add_argument("--against-rev", default="HEAD~1", help="a git revision to compare with")
    parser.add_argument("--runs", type=int, default=7, help="processes per start-up command and version")
    parser.add_argument("--boards", type=int, default=12, help="boards per size")
    parser.add_argument("--seed", type=int, default=4, help="the seed of the board generator")
    parser.add_argument("--rounds", type=int, default=3, help="processes per version for the pay table")
    args = parser.parse_args(argv)
    print("python -m benchmarks.bench_versions " + " ".join(sys.argv[1:] if argv is None else argv))

    def report(old: Path, label: str) -> None:
        print(f"against: {label}; this: {ROOT}")
        print("\nstart-up (whole processes, median wall ms)")
        print(startup_table(old, ROOT, args.runs))
        print(
            f"\npay on realistic boards ({args.boards} per size, cold, CPU ms, fastest of {args.rounds} runs)"
        )
        print(pay_table(old, ROOT, args.boards, args.seed, args.rounds))
        print("\nthe same with the garbage collector off in both (the code's own work, without its pauses)")
        print(pay_table(old, ROOT, args.boards, args.seed, args.rounds, collect=False))

    if args.against is not None:
        report(args.against.resolve(), str(args.against))
    else:
        with _checkout(args.against_rev) as tree:
            report(tree, args.against_rev)


if __name__ == "__main__":
    main()
