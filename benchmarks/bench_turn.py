"""Benchmark: planning a turn (:func:`planner.turn.plan_turn`, contract section 11) on random boards with a
fixed seed: hands of 7, 10, 15 and 20 cards (rituals, Lotus Petals, Spirit Guides, mana creatures, rocks and
plain spells) on boards of 12 to 30 permanents; then hands of 10 and 15 cards with three Spirit Guides, with
fetchlands (the board's library listed), with bounce lands; hands of 10 with four lands and three land plays;
hands of 7 under Omniscience (each spell cast
for nothing or its mana cost); hands of 7 with convoke, improvise and delve spells (three cards in the
graveyard); issue 37's 18-card hand of rituals, Petals, Guides, dorks and rocks on twelve
lands; and 30,000 Sol Rings.

Run ``python -m benchmarks.bench_turn [--boards N] [--time-limit S] [--against PATH] [--rows TEXT]``. Each row
runs in a fresh process per version (its directory first on ``sys.path``, OR-Tools loaded before the clock
starts); a board's figure is its call's CPU time (``time.process_time``: the machine may be shared), and the
table gives the median and the maximum over the boards, the longest wall time of a call (what ``--time-limit``
bounds), the process's peak memory (its peak resident set size, ``ru_maxrss``, OR-Tools included), how many
answers were proven optimal, the mana value their plans cast in all (``MV``: a plan found before a time-out is
better when it casts more), and how many calls failed (an exception, or more than ``--cap`` seconds of wall
time: a version that does not keep its time limit is stopped there; each process may use at most 4 GB). With
``--against``, another checkout (the previous main) answers the same boards, side by side. Issue 37's target:
a 20-card hand answered within its time limit and under 500 MB.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from benchmarks.bench_versions import output_in_tree

__all__ = ["HANDS", "board_of", "main", "rows"]

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
BASICS = ["Swamp", "Mountain", "Island", "Forest"]
GUIDES = ["Simian Spirit Guide", "Elvish Spirit Guide", "Simian Spirit Guide"]
#: Polluted Delta and Wooded Foothills, as their Oracle text reads today (the catalogue has no fetchland)
FETCHLANDS: list[object] = [
    {
        "name": "Polluted Delta",
        "type_line": "Land",
        "oracle": "{T}, Pay 1 life, Sacrifice Polluted Delta: Search your library for an Island or Swamp "
        "card, put it onto the battlefield, then shuffle.",
    },
    {
        "name": "Wooded Foothills",
        "type_line": "Land",
        "oracle": "{T}, Pay 1 life, Sacrifice Wooded Foothills: Search your library for a Mountain or Forest "
        "card, put it onto the battlefield, then shuffle.",
    },
]
LIBRARY = ["Island", "Swamp", "Mountain", "Forest", "Steam Vents", "Breeding Pool", "Lightning Bolt"]
BOUNCE_LANDS = ["Dimir Aqueduct", "Gruul Turf", "Simic Growth Chamber", "Boros Garrison"]
#: Omniscience (every spell of the hand may be cast for nothing or for its mana cost: CR 118.9)
OMNISCIENCE = {
    "name": "Omniscience",
    "type_line": "Enchantment",
    "oracle": "You may cast spells from your hand without paying their mana costs.",
}
#: Spells paid in part without mana (convoke, improvise, delve: CR 702.51a, 702.126a, 702.66a), each
#: helped by the creatures, artifacts, instants and sorceries the turn casts before it
PAID_OTHERWISE: list[object] = [
    {"name": "Bench Hymn", "type_line": "Sorcery", "mana_cost": "{3}{W}", "oracle": "Convoke"},
    {"name": "Bench Chorus", "type_line": "Creature — Elemental", "mana_cost": "{4}{G}", "oracle": "Convoke"},
    {"name": "Bench Cruise", "type_line": "Sorcery", "mana_cost": "{5}{U}", "oracle": "Delve"},
    {"name": "Bench Gadget", "type_line": "Sorcery", "mana_cost": "{3}{U}", "oracle": "Improvise"},
]
#: Issue 37's hand: rituals, Petals, Guides, dorks and rocks (answered within about ``--time-limit``)
ISSUE_HAND = [
    "Dark Ritual",
    "Lotus Petal",
    "Simian Spirit Guide",
    "Elvish Spirit Guide",
    "Llanowar Elves",
    "Sol Ring",
    "Mind Stone",
    "Arcane Signet",
    "Seething Song",
    "Lotus Petal",
    "Dark Ritual",
    "Izzet Signet",
    "Fellwar Stone",
    "Lightning Bolt",
    "Counterspell",
    "Thought Vessel",
    "Sol Ring",
    "Mind Stone",
]

#: One version's figures for one hand size: the boards (JSON) on standard input, their figures printed.
_TURNS = """
import json, resource, signal, sys, time
resource.setrlimit(resource.RLIMIT_AS, (4 << 30, 4 << 30))
from models.board import Board
from planner.turn import plan_turn
limit, cap, boards = json.load(sys.stdin)
warm = {"version": 1, "players": [{"id": "me", "hand": ["Forest", "Lightning Bolt"]}], "permanents": [
    {"id": "m", "card": "Mountain", "controller": "me"}]}
plan_turn(Board.from_dict(warm), time_limit=limit)  # (OR-Tools loaded, outside the measure)
class Stopped(Exception):
    pass
def stop(*_):
    raise Stopped
signal.signal(signal.SIGALRM, stop)
figures = []
for board in boards:
    loaded = Board.from_dict(board)
    started, wall = time.process_time(), time.monotonic()
    try:
        signal.setitimer(signal.ITIMER_REAL, cap)
        turn = plan_turn(loaded, time_limit=limit)
        signal.setitimer(signal.ITIMER_REAL, 0)
        outcome, value = "optimal" if turn.optimal else "answered", turn.mana_value_cast
    except BaseException as error:
        signal.setitimer(signal.ITIMER_REAL, 0)
        outcome, value = type(error).__name__, 0
    figures.append([time.process_time() - started, time.monotonic() - wall, outcome, value])
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
print(json.dumps({"figures": figures, "peak_mb": peak}))
"""


def board_of(
    rng: random.Random,
    permanents: int,
    hand: int,
    *,
    lands: Sequence[object] = LANDS,
    extra: Sequence[object] = (),
    library: Sequence[object] | None = None,
    battlefield: Sequence[dict[str, Any]] = (),
    graveyard: int | None = None,
    land_plays: int | None = None,
) -> dict[str, Any]:
    """A random board (as data): ``permanents`` lands and rocks (and the permanents ``battlefield``
    describes), and a hand of two of ``lands``, the cards ``extra`` and random spells; the player's library
    when ``library`` lists it, how many cards the graveyard holds when ``graveyard`` says, and the turn's land
    plays when ``land_plays`` gives them (CR 305.2a).

    >>> board = board_of(random.Random(1), 12, 7, extra=GUIDES)
    >>> len(board["permanents"]), len(board["players"][0]["hand"])
    (12, 7)
    >>> board["players"][0]["hand"][2:5] == GUIDES
    True
    """
    names = [rng.choice(LANDS) if rng.random() < 0.75 else rng.choice(ROCKS) for _ in range(permanents)]
    cards: list[object] = [rng.choice(lands) for _ in range(2)] + list(extra)
    cards += [rng.choice(SPELLS) for _ in range(hand - len(cards))]
    player: dict[str, Any] = {"id": "me", "hand": cards}
    if library is not None:
        player["library"] = list(library)
    if graveyard is not None:
        player["graveyard"] = graveyard
    if land_plays is not None:
        player["land_plays"] = land_plays
    return {
        "version": 1,
        "players": [player],
        "permanents": [{"id": f"p{i}", "card": n, "controller": "me"} for i, n in enumerate(names)]
        + [{"id": f"b{i}", **card, "controller": "me"} for i, card in enumerate(battlefield)],
    }


def rows(boards: int) -> list[tuple[str, str, list[dict[str, Any]]]]:
    """The rows of the table: a label, the permanents' range and the boards (the same seed every run).

    >>> [(label, len(found)) for label, _, found in rows(2)][-3:]
    [('7 convoke, delve', 2), ('18 issue 37', 1), ('30,000 Sol Ring', 1)]
    """
    found: list[tuple[str, str, list[dict[str, Any]]]] = []
    kinds: list[tuple[str, int, dict[str, Any]]] = [(str(hand), hand, {}) for hand in HANDS]
    for hand in (10, 15):
        kinds.append((f"{hand} Spirit Guides", hand, {"extra": GUIDES}))
        kinds.append((f"{hand} fetchlands", hand, {"lands": FETCHLANDS, "library": LIBRARY}))
        kinds.append((f"{hand} bounce lands", hand, {"lands": BOUNCE_LANDS}))
    kinds.append(("10 three land plays", 10, {"extra": ["Island", "Forest"], "land_plays": 3}))
    kinds.append(("7 Omniscience", 7, {"battlefield": [OMNISCIENCE]}))
    kinds.append(("7 convoke, delve", 7, {"extra": PAID_OTHERWISE, "graveyard": 3}))
    for label, hand, options in kinds:
        rng = random.Random(label)
        sizes = [rng.randint(12, 30) for _ in range(boards)]
        made = [board_of(rng, size, hand, **options) for size in sizes]
        found.append((label, f"{min(sizes)}-{max(sizes)}", made))
    twelve = [{"id": f"p{i}", "card": n, "controller": "me"} for i, n in enumerate(BASICS * 3)]
    issue = {"version": 1, "players": [{"id": "me", "hand": ISSUE_HAND}], "permanents": twelve}
    rings = {"version": 1, "players": [{"id": "me", "hand": ["Sol Ring"] * 30_000}], "permanents": twelve[:3]}
    found.append(("18 issue 37", "12", [issue]))
    found.append(("30,000 Sol Ring", "3", [rings]))
    return found


def _figures(tree: Path, boards: list[dict[str, Any]], limit: float, cap: float) -> dict[str, Any]:
    """One version's figures for some boards, in a fresh process of that checkout."""
    try:
        found: dict[str, Any] = json.loads(output_in_tree(tree, _TURNS, [limit, cap, boards]))
    except subprocess.CalledProcessError as error:  # (the process itself died: out of memory)
        last = (error.stderr or "").strip().splitlines()[-1:] or [type(error).__name__]
        return {"figures": [], "peak_mb": float("nan"), "died": last[0].split(":")[0][:30]}
    return found


def _cells(found: dict[str, Any], boards: int) -> list[str]:
    """A version's cells of a row: median and max CPU ms, max wall ms, peak MB, optimal answers, the mana
    value the plans cast in all, failures."""
    figures = found["figures"]
    answered = [(cpu, wall) for cpu, wall, outcome, _ in figures if outcome in ("optimal", "answered")]
    failed = [outcome for _, _, outcome, _ in figures if outcome not in ("optimal", "answered")]
    failed += [found.get("died", "died")] * (boards - len(figures))
    optimal = sum(outcome == "optimal" for _, _, outcome, _ in figures)
    value = sum(value for *_, value in figures)
    seconds = [cpu for cpu, _ in answered]
    median = f"{1000 * statistics.median(seconds):,.0f}" if seconds else "-"
    most = f"{1000 * max(seconds):,.0f}" if seconds else "-"
    wall = f"{1000 * max(w for _, w in answered):,.0f}" if answered else "-"
    what = ", ".join(f"{failed.count(k)} {k}" for k in sorted(set(failed))) or "0"
    return [median, most, wall, f"{found['peak_mb']:,.0f}", f"{optimal}/{boards}", f"{value:,}", what]


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--boards", type=int, default=6, help="boards per hand size")
    parser.add_argument("--time-limit", type=float, default=2.0, help="plan_turn's time limit, seconds")
    parser.add_argument("--cap", type=float, default=30.0, help="wall seconds before a call is stopped")
    parser.add_argument("--against", type=Path, help="a checkout of another version (the previous main)")
    parser.add_argument("--rows", default="", help="only the rows whose label contains this text")
    args = parser.parse_args()
    trees = [("this", ROOT)] + ([("against", args.against.resolve())] if args.against else [])
    print(
        f"plan_turn, time limit {args.time_limit:g} s, {args.boards} boards per hand, "
        f"calls stopped after {args.cap:g} s; CPU ms per call (median, max), longest wall ms, "
        "peak resident MB per process (ru_maxrss)"
    )
    header = ["hand", "permanents"]
    for label, _ in trees:
        header += [f"{label} median", "max", "wall", "MB", "optimal", "MV", "failed"]
    table = []
    for label, sizes, boards in rows(args.boards):
        if args.rows not in label:
            continue
        row = [label, sizes]
        for _, tree in trees:
            row += _cells(_figures(tree, boards, args.time_limit, args.cap), len(boards))
        table.append(row)
    widths = [max(len(cell) for cell in column) for column in zip(header, *table, strict=True)]
    for line in (header, *table):
        print("  ".join(cell.rjust(width) for cell, width in zip(line, widths, strict=True)))


if __name__ == "__main__":
    main()
