"""Benchmark of the deck simulation: games per second for ``sources-needed`` and for ``simulate``.

Run ``python -m benchmarks.bench_simulate [--quick] [--seed S]``; it prints the command line, the machine,
the first call of the planned goldfish's compiled turn search and game loop (numba compiling them, or loading
them from its cache: not in the table), and one table: for each workload the equivalent ``mana-planner``
command, the games simulated, the CPU time of the Python call (no process start-up, no printing; CPU time, so
that other work on a shared machine counts less), and games per second. The numbers the workloads
compute are the same for the same seed; only the timings change between runs.

Workloads:

- ``sources-needed`` one estimate (1,000,000 games; the issue asks for at most 1 s), on turn 3 and on turn 7
  (the most draws and the most lands to number);
- ``sources-needed --table`` for 60 cards (19 costs from one set of 1,000,000 games; at most 60 s asked):
  games per second counts each game once per cost, as if every estimate had its own games;
- ``sources-needed --land-mix`` for a two-color cost (castability by the batch check);
- ``simulate`` on ``examples/decks/azorius-control.txt``, a two-color 60-card deck with shocklands,
  checklands, painlands and fastlands, over 7 turns; and on the Simic Commander example.

``--against-rev REV`` (a git revision, e.g. ``main``, checked out in a temporary worktree) or ``--against
PATH`` (a checkout; repeatable, one table each) runs the same workloads in a fresh process of that version
too, after this one's, and prints both side by side: seconds, the ratio (against / this) and each version's
answer, so that a change of speed is seen with whether the figures moved.

``--instructions`` adds a table the machine's load does not move: the instructions (callgrind, as
:mod:`benchmarks.bench_instructions` counts them: Valgrind on the PATH) of the ``simulate --ramp none`` rows'
calls, each in a fresh process after a 100-game goldfish of its deck, in this checkout and in each
``--against`` checkout.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from importlib.metadata import version
from pathlib import Path

from models.decklist import Deck, load_deck, parse_deck
from planner.sim.planned import planned_counts, planned_run
from planner.sim.simulate import (
    TABLE_SHAPES,
    GoldfishResult,
    goldfish,
    land_mix_probability,
    parse_land_mix,
    sources_needed,
    sources_table,
)
from planner.sim.turn_search import TurnState

__all__ = ["main"]

ROOT = Path(__file__).resolve().parents[1]
AZORIUS = ROOT / "examples" / "decks" / "azorius-control.txt"
SIMIC = ROOT / "examples" / "decks" / "simic-commander.txt"
RAMP = ROOT / "examples" / "decks" / "simic-ramp.txt"


@dataclass(frozen=True, slots=True)
class Row:
    """One measured workload."""

    what: str
    command: str
    games: int
    seconds: float
    result: str

    @property
    def rate(self) -> float:
        return self.games / self.seconds


def _timed(call: Callable[[], str]) -> tuple[float, str]:
    start = time.process_time()
    result = call()
    return time.process_time() - start, result


def _first_compiled_call() -> float:
    """CPU seconds of the first calls of the compiled turn search and game loop in this process (their
    import, and numba compiling them or loading them from the cache)."""
    start = time.process_time()
    deck = parse_deck("24 Forest\n36 Bear {1}{G}")
    run = planned_run(deck, 1)
    assert run.memo.compiled is not None and run.memo.games_covered
    run.memo.compiled.best_turn(TurnState((16,), frozenset(), 1, (0, 1), 20))
    settings = {"turns": (1, 2), "games": 4, "seed": 0, "on_the_draw": False, "mulligan": "none"}
    planned_counts(deck, min_x=1, chunks=range(1), **settings)  # type: ignore[arg-type]
    return time.process_time() - start


def _rows(quick: bool, seed: int) -> list[Row]:
    estimate = 100_000 if quick else 1_000_000
    goldfish_games = 5_000 if quick else 100_000
    azorius = load_deck(AZORIUS)
    simic = load_deck(SIMIC)
    mix = parse_land_mix("W=8,U=8,WU=9")
    rows: list[Row] = []

    def add(what: str, command: str, games: int, call: Callable[[], str], per_game: int = 1) -> None:
        seconds, result = _timed(call)
        line = f"mana-planner {command} --games {games} --seed {seed}"
        rows.append(Row(what, line, games * per_game, seconds, result))

    add(
        "sources-needed, 1GG on turn 3",
        "sources-needed --deck-size 60 --lands 24 --cost 1GG",
        estimate,
        lambda: f"{sources_needed(60, 24, '1GG', games=estimate, seed=seed).sources} sources",
    )
    add(
        "sources-needed, 4GGG on turn 7",
        "sources-needed --deck-size 60 --lands 24 --cost 4GGG",
        estimate,
        lambda: f"{sources_needed(60, 24, '4GGG', games=estimate, seed=seed).sources} sources",
    )
    add(
        f"sources-needed --table ({len(TABLE_SHAPES)} costs)",
        "sources-needed --deck-size 60 --lands 25 --table",
        estimate,
        lambda: f"C {sources_table(60, 25, games=estimate, seed=seed)[0].sources} …",
        per_game=len(TABLE_SHAPES),
    )
    add(
        "sources-needed --land-mix, 1WU",
        "sources-needed --lands 25 --cost 1WU --land-mix W=8,U=8,WU=9",
        estimate,
        lambda: f"p = {land_mix_probability(60, 25, '1WU', mix, games=estimate, seed=seed).probability:.4f}",
    )
    ramp = load_deck(RAMP)

    def lands_only(deck: Deck, card: str) -> str:
        return (
            f"{card} on curve {_on_curve(goldfish(deck, games=goldfish_games, seed=seed, ramp='none'), card)}"
        )

    add(
        "simulate --ramp none, Azorius 60 cards, 7 turns",
        f"simulate {AZORIUS.relative_to(ROOT)} --ramp none",
        goldfish_games,
        lambda: lands_only(azorius, "Absorb"),
    )
    add(
        "simulate --ramp none, Simic Commander, 7 turns",
        f"simulate {SIMIC.relative_to(ROOT)} --ramp none",
        goldfish_games,
        lambda: lands_only(simic, "Kruphix"),
    )
    add(
        "simulate (turns planned), 60 cards with 8 ramp pieces, 7 turns",
        f"simulate {RAMP.relative_to(ROOT)}",
        goldfish_games,
        lambda: f"Serra Angel on curve {_on_curve(goldfish(ramp, games=goldfish_games, seed=seed), 'Serra')}",
    )
    return rows


def _on_curve(result: GoldfishResult, prefix: str) -> str:
    card = next(card for card in result.cards if card.name.startswith(prefix))
    return f"{card.on_curve:.3f}" if card.on_curve is not None else "-"


def _table(headers: Sequence[str], rows: Sequence[Sequence[str]], right: Sequence[bool]) -> list[str]:
    widths = [max(len(str(cell)) for cell in column) for column in zip(headers, *rows, strict=True)]

    def line(cells: Sequence[str]) -> str:
        parts = [
            str(cell).rjust(width) if align else str(cell).ljust(width)
            for cell, width, align in zip(cells, widths, right, strict=True)
        ]
        return "  ".join(parts).rstrip()

    return [line(headers), line(["-" * w for w in widths]), *map(line, rows)]


def run(quick: bool, seed: int, command: str, out: Callable[[str], None]) -> list[Row]:
    """Run the workloads and print the table; returns the rows."""
    out(f"$ {command}")
    out(
        f"{platform.platform()}, Python {platform.python_version()}, numpy {version('numpy')}, "
        f"{os.cpu_count()} CPUs (one used)"
    )
    first = _first_compiled_call()
    out(f"compiled turn search and game loop, first call (numba compile or cache load): {first:.2f} s CPU")
    out("")
    sources_needed(60, 24, "1GG", games=1_000, seed=seed)  # warm up: imports and caches are not timed
    goldfish(load_deck(AZORIUS), games=100, seed=seed)
    rows = _rows(quick, seed)
    for text in _table(
        ["workload", "games", "seconds", "games/s", "answer", "command"],
        [
            [row.what, f"{row.games:,}", f"{row.seconds:.2f}", f"{row.rate:,.0f}", row.result, row.command]
            for row in rows
        ],
        [False, True, True, True, False, False],
    ):
        out(text)
    return rows


#: Runs the workloads in another checkout (its own ``_rows``, timed in CPU time) and prints them as JSON.
_OTHER = """
import json, sys, time
import benchmarks.bench_simulate as bench
from benchmarks.bench_simulate import AZORIUS, _rows
def cpu_timed(call):  # (CPU time in every version measured, as this one has it)
    start = time.process_time()
    result = call()
    return time.process_time() - start, result
bench._timed = cpu_timed
from models.decklist import load_deck
from planner.sim.simulate import goldfish, sources_needed
quick, seed = json.load(sys.stdin)
sources_needed(60, 24, "1GG", games=1_000, seed=seed)
goldfish(load_deck(AZORIUS), games=100, seed=seed)
print(json.dumps([[r.what, r.games, r.seconds, r.result] for r in _rows(quick, seed)]))
"""


def against(tree: Path, quick: bool, seed: int) -> list[Row]:
    """The workloads as the checkout ``tree`` runs them, in a fresh process."""
    from benchmarks.bench_versions import output_in_tree

    rows = json.loads(output_in_tree(tree, _OTHER, [quick, seed]))
    return [Row(what, "", int(games), float(seconds), str(result)) for what, games, seconds, result in rows]


def _fastest(runs: Sequence[Sequence[Row]]) -> list[Row]:
    """Each workload's fastest run (the answers are the same in every run)."""
    return [min(rows, key=lambda row: row.seconds) for rows in zip(*runs, strict=True)]


def side_by_side(this: Sequence[Row], other: Sequence[Row], label: str) -> list[str]:
    """This version's rows against another's, workload by workload (matched by name)."""
    theirs = {row.what: row for row in other}
    cells = []
    for row in this:
        old = theirs.get(row.what)
        cells.append(
            [
                row.what,
                f"{row.games:,}",
                f"{old.seconds:.2f}" if old else "-",
                f"{row.seconds:.2f}",
                f"{old.seconds / row.seconds:.2f}x" if old else "-",
                f"{row.rate:,.0f}",
                old.result if old else "-",
                row.result,
            ]
        )
    return _table(
        [
            "workload",
            "games",
            f"{label} s",
            "this s",
            "speed-up",
            "this games/s",
            f"{label} answer",
            "this answer",
        ],
        cells,
        [False, True, True, True, True, True, False, False],
    )


#: The ``simulate --ramp none`` rows that ``--instructions`` counts: their names and decks.
_COUNTED = (
    ("simulate --ramp none, Azorius 60 cards, 7 turns", AZORIUS),
    ("simulate --ramp none, Simic Commander, 7 turns", SIMIC),
)


def instruction_rows(trees: Sequence[Path], quick: bool, seed: int) -> list[str]:
    """The instructions of the ``simulate --ramp none`` rows' calls in each checkout (the first is this
    one), in millions, and each other's ratio to this one's (above 1: this one executes fewer)."""
    from benchmarks.bench_instructions import instructions_per_call
    from benchmarks.instruction_count import Workload

    games = 5_000 if quick else 100_000
    cells = []
    for what, deck in _COUNTED:
        workload = Workload(
            kind="goldfish", cases=[(str(deck.relative_to(ROOT)), f"{games} {seed}")], loops=1, warm=True
        )
        counts = [instructions_per_call(tree, workload) for tree in trees]
        cells.append(
            [what, f"{games:,}", *(f"{count / 1e6:,.0f}" for count in counts)]
            + [f"{other / counts[0]:.2f}x" for other in counts[1:]]
        )
    headers = ["workload", "games", "this MIr", *(f"{tree} MIr" for tree in trees[1:])]
    headers += [f"{tree} / this" for tree in trees[1:]]
    return _table(headers, cells, [False, *([True] * (len(headers) - 1))])


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks.bench_simulate", description=(__doc__ or "").split("\n")[0]
    )
    parser.add_argument("--quick", action="store_true", help="fewer games (a smoke run)")
    parser.add_argument("--seed", type=int, default=0, help="the simulations' seed")
    parser.add_argument(
        "--against", type=Path, action="append", help="another checkout, measured side by side (repeatable)"
    )
    parser.add_argument("--against-rev", help="a git revision (e.g. main), measured side by side")
    parser.add_argument("--rounds", type=int, default=2, help="fresh processes per version when comparing")
    parser.add_argument(
        "--instructions", action="store_true", help="count the simulate --ramp none rows' instructions"
    )
    return parser


def main(argv: Sequence[str] | None = None, out: Callable[[str], None] = print) -> None:
    """Parse the command line and run the benchmark."""
    args = _parser().parse_args(argv)
    words = list(sys.argv[1:] if argv is None else argv)
    run(bool(args.quick), args.seed, " ".join(["python -m benchmarks.bench_simulate", *words]), out)
    from benchmarks.bench_versions import _checkout

    def compare(tree: Path, label: str) -> None:
        out("")
        out(
            f"side by side: against {label}; each version in {args.rounds} fresh processes, in turns "
            "(this, against, against, this, ...), the fastest of each workload"
        )
        mine: list[list[Row]] = []
        theirs: list[list[Row]] = []
        for number in range(args.rounds):
            order = ((ROOT, mine), (tree, theirs)) if number % 2 == 0 else ((tree, theirs), (ROOT, mine))
            for checkout, into in order:
                into.append(against(checkout, bool(args.quick), args.seed))
        for line in side_by_side(_fastest(mine), _fastest(theirs), "against"):
            out(line)

    others = [path.resolve() for path in args.against or ()]
    for path, tree in zip(args.against or (), others, strict=True):
        compare(tree, str(path))
    if args.against_rev is not None:
        with _checkout(args.against_rev) as tree:
            compare(tree, args.against_rev)
    if args.instructions:
        out("")
        out("instructions (callgrind) of the simulate --ramp none calls, each in a fresh process")
        for line in instruction_rows([ROOT, *others], bool(args.quick), args.seed):
            out(line)


if __name__ == "__main__":
    main()
