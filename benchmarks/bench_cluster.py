"""Benchmark of the simulations on Dask: one worker against a LocalCluster of two worker processes.

Run ``python -m benchmarks.bench_cluster [--quick] [--seed S] [--workers 1,2]``; it prints the command line,
the machine, and one table: for each workload and number of workers the wall time (the cluster's start-up
is timed apart and not included), the ratio to one worker, and whether the answer equals one worker's
(it must: the work is split into seeded batches).

Workloads:

- ``simulate --ramp none`` of ``examples/decks/azorius-control.txt`` over 7 turns (a big run: 16 batches of
  32,768 games; 3 with ``--quick``);
- ``simulate`` (turns planned) of ``examples/decks/simic-ramp.txt`` over 7 turns: 16 chunks of 4,096 games (4
  and 64 games with ``--quick``), sent 4 chunks a task; each worker process keeps its own memo of turns;
- ``optimise-lands`` of the same deck over the 12 lands of ``examples/decks/azorius-pool.txt`` (the issue's
  target: at most 5 minutes), with the default games (32,768 a confirmation, 8,192 a screening); with
  ``--quick`` 2,000 games and 4 lands.

One worker is this process, without Dask (what ``--workers 1`` runs).
"""

from __future__ import annotations

import argparse
import os
import platform
import sys
import time
from collections.abc import Callable, Sequence
from importlib.metadata import version
from pathlib import Path
from typing import Any

from models.decklist import load_deck
from planner.sim.optimise import local_runner, optimise_lands, parse_pool
from planner.sim.planned import PLANNED_CHUNK
from planner.sim.simulate import GOLDFISH_BATCH, goldfish

__all__ = ["main"]

ROOT = Path(__file__).resolve().parents[1]
AZORIUS = ROOT / "examples" / "decks" / "azorius-control.txt"
POOL = ROOT / "examples" / "decks" / "azorius-pool.txt"
RAMP = ROOT / "examples" / "decks" / "simic-ramp.txt"


def _workloads(quick: bool, seed: int) -> list[tuple[str, str, Callable[[Any], object]]]:
    """(name, command, call with a Dask client or None) of each workload."""
    from planner.sim.cluster import dask_runner, goldfish_on

    deck = load_deck(AZORIUS)
    games = (3 if quick else 16) * GOLDFISH_BATCH
    pool_text = "Plains, Island, Tundra, Hallowed Fountain" if quick else str(POOL)
    pool = parse_pool(pool_text, lands=deck.lands)
    confirm = 2_000 if quick else 32_768

    def simulate(client: Any) -> object:
        if client is None:
            return goldfish(deck, games=games, seed=seed, ramp="none")
        return goldfish_on(client, deck, games=games, seed=seed)

    ramp = load_deck(RAMP)
    # (tasks of 4 chunks: when quick, one of 4 chunks and one of a chunk of 64 games)
    planned_games = 4 * PLANNED_CHUNK + 64 if quick else 16 * PLANNED_CHUNK

    def planned(client: Any) -> object:
        if client is None:
            return goldfish(ramp, games=planned_games, seed=seed)
        return goldfish_on(client, ramp, games=planned_games, seed=seed, ramp="planner")

    def optimise(client: Any) -> object:
        runner = local_runner if client is None else dask_runner(client)
        return optimise_lands(deck, pool, games=confirm, seed=seed, runner=runner).to_json()

    where = AZORIUS.relative_to(ROOT)
    pool_arg = f"'{pool_text}'" if quick else str(POOL.relative_to(ROOT))
    return [
        (
            "simulate, Azorius, lands only, 7 turns",
            f"simulate {where} --ramp none --games {games} --seed {seed}",
            simulate,
        ),
        (
            "simulate, 8 ramp pieces, turns planned",
            f"simulate {RAMP.relative_to(ROOT)} --games {planned_games} --seed {seed}",
            planned,
        ),
        (
            f"optimise-lands, Azorius, {len(pool)} lands",
            f"optimise-lands {where} --pool {pool_arg} --games {confirm} --seed {seed}",
            optimise,
        ),
    ]


def _table(headers: Sequence[str], rows: Sequence[Sequence[str]]) -> list[str]:
    widths = [max(len(str(cell)) for cell in column) for column in zip(headers, *rows, strict=True)]

    def line(cells: Sequence[str]) -> str:
        return "  ".join(str(cell).ljust(width) for cell, width in zip(cells, widths, strict=True)).rstrip()

    return [line(headers), line(["-" * w for w in widths]), *map(line, rows)]


def run(quick: bool, seed: int, workers: Sequence[int], command: str, out: Callable[[str], None]) -> None:
    """Run every workload with each number of workers and print the table."""
    from planner.sim.cluster import dask_client

    out(f"$ {command}")
    out(
        f"{platform.platform()}, Python {platform.python_version()}, numpy {version('numpy')}, "
        f"dask {version('distributed')}, {os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.2f} at "
        "the start"
    )
    out("")
    goldfish(
        load_deck(AZORIUS), games=100, seed=seed, ramp="none"
    )  # warm up: imports and caches are not timed
    workloads = _workloads(quick, seed)
    rows: list[list[str]] = []
    alone: dict[str, tuple[float, object]] = {}
    for count in workers:
        started = time.perf_counter()
        if count == 1:
            client_context: Any = None
        else:
            client_context = dask_client(workers=count)
            client = client_context.__enter__()
        start_up = time.perf_counter() - started
        try:
            for name, line, call in workloads:
                began = time.perf_counter()
                answer = call(None if count == 1 else client)
                seconds = time.perf_counter() - began
                first = alone.setdefault(name, (seconds, answer))
                rows.append(
                    [
                        name,
                        str(count),
                        f"{seconds:.1f}",
                        f"{first[0] / seconds:.2f}",
                        "yes" if answer == first[1] else "NO",
                        f"{start_up:.1f}" if count > 1 else "-",
                        f"mana-planner {line}" + (f" --workers {count}" if count > 1 else ""),
                    ]
                )
        finally:
            if client_context is not None:
                client_context.__exit__(None, None, None)
    for text in _table(
        ["workload", "workers", "seconds", "speed-up", "same answer", "cluster start s", "command"], rows
    ):
        out(text)


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks.bench_cluster", description=(__doc__ or "").split("\n")[0]
    )
    parser.add_argument("--quick", action="store_true", help="small workloads (a smoke run)")
    parser.add_argument("--seed", type=int, default=0, help="the simulations' seed")
    parser.add_argument("--workers", default="1,2", help="the numbers of workers to compare, e.g. 1,2")
    return parser


def main(argv: Sequence[str] | None = None, out: Callable[[str], None] = print) -> None:
    """Parse the command line and run the benchmark."""
    args = _parser().parse_args(argv)
    words = list(sys.argv[1:] if argv is None else argv)
    counts = [int(part) for part in str(args.workers).split(",")]
    if counts[0] != 1:
        counts.insert(0, 1)
    run(bool(args.quick), args.seed, counts, " ".join(["python -m benchmarks.bench_cluster", *words]), out)


if __name__ == "__main__":
    main()
