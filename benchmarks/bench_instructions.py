"""Instructions executed per call, this checkout against another, side by side: a figure the machine's load
does not move.

Run ``python -m benchmarks.bench_instructions --against PATH [--seed S] [--boards N] [--loops N] [--jobs N]
[--rows ROW ...] [--keep DIR]``.
Each row runs in a fresh process of each checkout under Valgrind's callgrind (``valgrind`` and
``callgrind_control`` on the PATH), with the checkout's directory first on ``sys.path`` and this checkout's
counting code (:mod:`benchmarks.instruction_count`); only the calls themselves are counted, from the moment
the workload is set up (start-up, imports and card reading are not); ``--jobs`` processes at a time. The
rows are those of :mod:`benchmarks.bench_fast` and :mod:`benchmarks.bench_cold`, on the same boards for the
same seed:

- *fast path*: :func:`planner.solve.fast.solve_fast` on the simple boards of 4 to 12 permanents, warm;
- *pay 20 warm*: :func:`planner.api.pay` on realistic 20-permanent boards, each paid before counting until it
  answers alike (twice at least);
- *pay 20 cold, cards prepared*: the first ``pay`` of each board in a process that prepared its cards;
- *max-x simple* and *max-x 20*: :func:`planner.api.max_x` on the same boards with ``{X}`` added, warm.

The table gives the instructions per call (``Ir``: instructions executed, in thousands) of each checkout
and the ratio old / new (above 1: this checkout executes fewer). Instructions are not time (a cache miss
costs more than an add), but they change only when the code does, which CPU time on a shared machine does
not show: a wall-clock comparison (:mod:`benchmarks.bench_fast` ``--against``) and this one together tell a
real change from the load.
"""

from __future__ import annotations

import argparse
import json
import random
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor, as_completed
from pathlib import Path

from benchmarks.bench_fast import big_cases, max_x_cases, simple_board, simple_cost
from benchmarks.bench_versions import _environment, with_these_benchmarks
from benchmarks.instruction_count import Workload

ROOT = Path(__file__).resolve().parents[1]
_TOTALS = re.compile(r"^totals:\s*(\d+)", re.MULTILINE)


def workloads(seed: int, boards: int, loops: int) -> dict[str, Workload]:
    """The rows' workloads by name, the same boards and costs as :mod:`benchmarks.bench_fast` draws.

    >>> sorted(workloads(1, 2, 1))
    ['fast path', 'max-x 20', 'max-x simple', 'pay 20 cold, cards prepared', 'pay 20 warm']
    """
    rng = random.Random(seed)
    simple = [(json.dumps(simple_board(rng, rng.randint(4, 12))), simple_cost(rng)) for _ in range(boards)]
    big = big_cases(seed, boards)
    return {
        "fast path": Workload(kind="fast", cases=simple, loops=loops, warm=True),
        "pay 20 warm": Workload(kind="pay", cases=big, loops=loops, warm=True),
        "pay 20 cold, cards prepared": Workload(kind="pay", cases=big, loops=1, warm=False),
        "max-x simple": Workload(kind="max_x", cases=max_x_cases(seed, boards, 0), loops=loops, warm=True),
        "max-x 20": Workload(kind="max_x", cases=max_x_cases(seed, 0, boards), loops=loops, warm=True),
    }


def instructions_per_call(tree: Path, workload: Workload, keep: Path | None = None) -> float:
    """The instructions callgrind counted per call of the workload in a fresh process of ``tree``; the dump
    of the counted calls is copied to ``keep`` when one is given (for ``callgrind_annotate``)."""
    script = (ROOT / "benchmarks" / "instruction_count.py").read_text()
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "callgrind.out"
        done = subprocess.run(
            [
                "valgrind",
                "--tool=callgrind",
                "--instr-atstart=no",
                f"--callgrind-out-file={out}",
                sys.executable,
                "-c",
                with_these_benchmarks(script),
            ],
            cwd=tree,
            env={**_environment(tree), "PYTHONMALLOC": "malloc"},
            input=json.dumps(workload),
            capture_output=True,
            text=True,
        )
        if done.returncode != 0:
            raise RuntimeError(f"the count failed in {tree}:\n{done.stderr[-2000:]}")
        made = int(done.stdout.split()[-1])
        dumps = sorted(Path(folder).glob("callgrind.out.*"))  # (the dump of -d: the calls alone)
        if not dumps:
            raise RuntimeError(f"callgrind wrote no dump in {tree}: {done.stderr[-500:]}")
        if keep is not None:
            keep.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(dumps[0], keep)
        found = _TOTALS.search(dumps[0].read_text())
        if found is None:
            raise RuntimeError(f"no totals in {dumps[0]}")
        return int(found.group(1)) / made


def table(rows: dict[str, tuple[float, float]]) -> list[str]:
    """The side-by-side table: per row, thousands of instructions per call of each checkout and old / new.

    >>> print("\\n".join(table({"pay 20 warm": (1_000_000.0, 800_000.0)})))
    | calls | previous kIr/call | this kIr/call | old / new |
    |---|---:|---:|---:|
    | pay 20 warm | 1,000 | 800 | 1.25x |
    """
    lines = ["| calls | previous kIr/call | this kIr/call | old / new |", "|---|---:|---:|---:|"]
    for name, (old, new) in rows.items():
        lines.append(f"| {name} | {old / 1e3:,.0f} | {new / 1e3:,.0f} | {old / new:.2f}x |")
    return lines


def _kept_dump(folder: Path | None, row: str, this: bool) -> Path | None:
    """Where a row's dump is kept in ``folder`` (none without one).

    >>> _kept_dump(Path("k"), "pay 20 cold, cards prepared", this=True).name
    'pay_20_cold_cards_prepared.this.out'
    """
    if folder is None:
        return None
    name = re.sub(r"\W+", "_", row).strip("_")
    return folder / f"{name}.{'this' if this else 'previous'}.out"


def main(argv: Sequence[str] | None = None, out: Callable[[str], None] = print) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--against", type=Path, required=True, help="another checkout of mana-planner")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--boards", type=int, default=20, help="boards per row (default 20)")
    parser.add_argument("--loops", type=int, default=3, help="calls per board in a warm row (default 3)")
    parser.add_argument("--jobs", type=int, default=2, help="processes counted at once (default 2)")
    parser.add_argument("--rows", nargs="+", metavar="ROW", help="only these rows (the start of their names)")
    parser.add_argument(
        "--keep",
        type=Path,
        metavar="DIR",
        help="keep the callgrind dumps in DIR (ROW.previous.out, ROW.this.out) for callgrind_annotate",
    )
    args = parser.parse_args(argv)
    if shutil.which("valgrind") is None or shutil.which("callgrind_control") is None:
        parser.error("valgrind and callgrind_control must be on the PATH (Debian: apt install valgrind)")
    if not (args.against / "planner").is_dir():
        parser.error(f"--against {args.against}: not a checkout of mana-planner (no planner/ in it)")
    out(f"$ python -m benchmarks.bench_instructions {' '.join(argv if argv is not None else sys.argv[1:])}")
    out(f"previous: {args.against.resolve()}; this: {ROOT}; {args.boards} boards per row")
    chosen = {
        name: workload
        for name, workload in workloads(args.seed, args.boards, args.loops).items()
        if not args.rows or any(name.startswith(row) for row in args.rows)
    }
    if not chosen:
        parser.error(f"--rows {' '.join(args.rows)}: no such row (rows: {', '.join(workloads(1, 1, 1))})")
    jobs = [(name, tree, workload) for name, workload in chosen.items() for tree in (args.against, ROOT)]
    counted: dict[tuple[str, Path], float] = {}
    with ThreadPoolExecutor(max(1, args.jobs)) as pool:  # (each job is a process of its own)
        futures = {
            pool.submit(instructions_per_call, tree, workload, _kept_dump(args.keep, name, tree == ROOT)): (
                name,
                tree,
            )
            for name, tree, workload in jobs
        }
        for done, future in enumerate(as_completed(futures), 1):
            counted[futures[future]] = future.result()
            print(f"  counted {done}/{len(jobs)}: {futures[future][0]}", file=sys.stderr, flush=True)
    rows = {name: (counted[(name, args.against)], counted[(name, ROOT)]) for name, _, _ in jobs}
    for line in table(rows):
        out(line)


if __name__ == "__main__":
    main()
