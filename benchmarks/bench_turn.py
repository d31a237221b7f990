"""Benchmark: planning a turn (:func:`planner.turn.plan_turn`, contract section 11) on random boards with a
fixed seed: hands of 7, 10, 15 and 20 cards (rituals, Lotus Petals, Spirit Guides, mana creatures, rocks and
plain spells) on boards of 12 to 30 permanents.

Run ``python -m benchmarks.bench_turn [--boards N] [--time-limit S] [--against PATH]``. Each hand size runs
in a fresh process per version (its directory first on ``sys.path``, OR-Tools loaded before the clock
starts); a board's figure is its call's CPU time (``time.process_time``: the machine may be shared), and the
table gives the median and the maximum over the boards, the process's peak memory (its maximum resident
set, OR-Tools included), how many answers were proven optimal, and how many calls failed (an exception, or
more than ``--cap`` seconds of wall time: a version that does not keep its time limit is stopped there; each
process may use at most 4 GB). With ``--against``, another checkout (the previous main) answers the same
boards, side by side. Issue 37's target: a 20-card hand answered within its time limit and under 500 MB.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
from pathlib import Path
from typing import Any

from benchmarks.bench_versions import output_in_tree

__all__ = ["HANDS", "board_of", "main"]

ROOT = Path(__file__).resolve().parents[1]
LANDS = ["Forest", "Island", "Mountain", "Swamp", "Plains", "Hallowed Fountain", "Breeding Pool"]
ROCKS = ["Sol Ring", "Mind Stone", "Arcane Signet", "Izzet Signet", "Fellwar Stone", "Llanowar Elves"]
SPELLS: list[object] = [
    "Lightning Bolt",
    "Counterspell",
    "Dark Ritual",
    "Seething Song",
    "Lotus Petal",
    "Simian Spirit Guide",
    "Elvish Spirit Guide",
    "Llanowar Elves",
    "Sol Ring",
    "Mind Stone",
    "Arcane Signet",
    "Thought Vessel",
    {"name": "Grizzly Bears", "type_line": "Creature — Bear", "mana_cost": "{1}{G}"},
    {"name": "Hill Giant", "type_line": "Creature — Giant", "mana_cost": "{3}{R}"},
    {"name": "Divination", "type_line": "Sorcery", "mana_cost": "{2}{U}"},
    {"name": "Serra Angel", "type_line": "Creature — Angel", "mana_cost": "{3}{W}{W}"},
]
#: The hand sizes measured.
HANDS = (7, 10, 15, 20)

#: One version's figures for one hand size: the boards (JSON) on standard input, their figures printed.
_TURNS = """
import json, resource, signal, sys, time
resource.setrlimit(resource.RLIMIT_AS, (4 << 30, 4 << 30))
from models.board import Board
from planner.turn import plan_turn
limit, cap, boards = json.load(sys.stdin)
plan_turn(Board.from_dict(boards[0]), time_limit=limit)  # (OR-Tools loaded, outside the measure)
class Stopped(Exception):
    pass
def stop(*_):
    raise Stopped
signal.signal(signal.SIGALRM, stop)
figures = []
for board in boards:
    started = time.process_time()
    try:
        signal.setitimer(signal.ITIMER_REAL, cap)
        turn = plan_turn(Board.from_dict(board), time_limit=limit)
        signal.setitimer(signal.ITIMER_REAL, 0)
        figures.append([time.process_time() - started, "optimal" if turn.optimal else "answered"])
    except BaseException as error:
        signal.setitimer(signal.ITIMER_REAL, 0)
        figures.append([time.process_time() - started, type(error).__name__])
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
print(json.dumps({"figures": figures, "peak_mb": peak}))
"""


def board_of(rng: random.Random, permanents: int, hand: int) -> dict[str, Any]:
    """A random board (as data): ``permanents`` lands and rocks, and a hand of two lands and spells.

    >>> board = board_of(random.Random(1), 12, 7)
    >>> len(board["permanents"]), len(board["players"][0]["hand"])
    (12, 7)
    """
    names = [rng.choice(LANDS) if rng.random() < 0.75 else rng.choice(ROCKS) for _ in range(permanents)]
    cards: list[object] = [rng.choice(LANDS) for _ in range(2)]
    cards += [rng.choice(SPELLS) for _ in range(hand - 2)]
    return {
        "version": 1,
        "players": [{"id": "me", "hand": cards}],
        "permanents": [{"id": f"p{i}", "card": n, "controller": "me"} for i, n in enumerate(names)],
    }


def _figures(tree: Path, boards: list[dict[str, Any]], limit: float, cap: float) -> dict[str, Any]:
    """One version's figures for some boards, in a fresh process of that checkout."""
    try:
        found: dict[str, Any] = json.loads(output_in_tree(tree, _TURNS, [limit, cap, boards]))
    except subprocess.CalledProcessError as error:  # (the process itself died: out of memory)
        return {"figures": [], "peak_mb": float("nan"), "died": type(error).__name__}
    return found


def _cells(found: dict[str, Any], boards: int) -> list[str]:
    """A version's cells of a row: median and max CPU ms, peak MB, optimal answers, failures."""
    seconds = [s for s, outcome in found["figures"] if outcome in ("optimal", "answered")]
    failed = [outcome for _, outcome in found["figures"] if outcome not in ("optimal", "answered")]
    failed += [found.get("died", "died")] * (boards - len(found["figures"]))
    optimal = sum(outcome == "optimal" for _, outcome in found["figures"])
    median = f"{1000 * statistics.median(seconds):,.0f}" if seconds else "-"
    most = f"{1000 * max(seconds):,.0f}" if seconds else "-"
    what = ", ".join(f"{failed.count(k)} {k}" for k in sorted(set(failed))) or "0"
    return [median, most, f"{found['peak_mb']:,.0f}", f"{optimal}/{boards}", what]


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--boards", type=int, default=6, help="boards per hand size")
    parser.add_argument("--time-limit", type=float, default=2.0, help="plan_turn's time limit, seconds")
    parser.add_argument("--cap", type=float, default=30.0, help="wall seconds before a call is stopped")
    parser.add_argument("--against", type=Path, help="a checkout of another version (the previous main)")
    args = parser.parse_args()
    trees = [("this", ROOT)] + ([("against", args.against.resolve())] if args.against else [])
    print(
        f"plan_turn, time limit {args.time_limit:g} s, {args.boards} boards per hand, "
        f"calls stopped after {args.cap:g} s; CPU ms per call, peak MB per process"
    )
    header = ["hand", "permanents"]
    for label, _ in trees:
        header += [f"{label} median", f"{label} max", f"{label} MB", f"{label} optimal", f"{label} failed"]
    rows = []
    for hand in HANDS:
        rng = random.Random(hand)
        sizes = [rng.randint(12, 30) for _ in range(args.boards)]
        boards = [board_of(rng, size, hand) for size in sizes]
        row = [str(hand), f"{min(sizes)}-{max(sizes)}"]
        for _, tree in trees:
            row += _cells(_figures(tree, boards, args.time_limit, args.cap), args.boards)
        rows.append(row)
    widths = [max(len(cell) for cell in column) for column in zip(header, *rows, strict=True)]
    for line in (header, *rows):
        print("  ".join(cell.rjust(width) for cell, width in zip(line, widths, strict=True)))


if __name__ == "__main__":
    main()
