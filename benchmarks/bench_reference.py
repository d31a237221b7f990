"""The exhaustive reference search (:func:`planner.rules.reference.reference_search`), this checkout against
another version, in one run, on boards like those of the differential suites.

Run ``python -m benchmarks.bench_reference [--against-rev REV | --against PATH] [--boards N] [--rounds N]``.

The boards are drawn here (seeded) from the cards and costs of ``tests/test_model_differential.py``: 1 to 6
permanents for the payer, sometimes tapped or summoning sick, sometimes an opponent's land and mana floating;
a board is kept when this checkout's search finishes it within the suite's state budget. Both versions then
search the same boards (as JSON) in fresh processes with their own directory first on ``sys.path``, old and
new interleaved (the order alternating from round to round), with the kept tables on and off
(``MANA_PLANNER_CACHE=off``, as ``tests/test_cache_switch.py`` runs the differential suites); each figure
is the fastest round's process CPU time for all boards: the machine is shared, and load counts against
neither version. The outcomes' count is compared too: both versions must find the same payments.
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from benchmarks.bench_versions import ROOT, _checkout, _environment, _table
from benchmarks.boards import DIFFERENTIAL_CARDS, DIFFERENTIAL_COSTS
from models.board import Board
from models.cost import PaymentTarget
from planner.rules.reference import ReferenceLimitError, reference_search

#: The differential suite's cards (:data:`~benchmarks.boards.DIFFERENTIAL_CARDS`, in its order) but Wild
#: Growth, which needs a land to enchant.
CARDS = tuple(card for card in DIFFERENTIAL_CARDS if card != "Wild Growth")
#: The differential suite's costs (:data:`~benchmarks.boards.DIFFERENTIAL_COSTS`, in its order) but {S} and
#: {0}.
COSTS = tuple(cost for cost in DIFFERENTIAL_COSTS if cost not in ("{S}", "{0}"))
#: The differential suite's state budget per board.
STATE_LIMIT = 1500

_SICK = {"Llanowar Elves", "Birds of Paradise", "Noble Hierarch", "Elves of Deep Shadow"}

#: Times one version's reference search of every (board JSON, cost): CPU seconds for all, and the outcomes.
_SEARCH = """
import json, sys, time
from models.board import Board
from models.cost import PaymentTarget
from planner.rules.reference import reference_search
cases = json.load(sys.stdin)
started = time.process_time()
found = [len(reference_search(Board.loads(board), PaymentTarget.of(cost)).outcomes) for board, cost in cases]
print(json.dumps([time.process_time() - started, found]))
"""


def random_case(rng: random.Random) -> tuple[dict[str, Any], str]:
    """One board (as JSON data) and cost like the differential suite's."""
    permanents: list[dict[str, Any]] = []
    for number in range(rng.randint(1, 6)):
        card = rng.choice(CARDS)
        entry: dict[str, Any] = {"id": f"p{number}", "card": card, "controller": "me"}
        if rng.randint(0, 5) == 0:
            entry["tapped"] = True
        if card in _SICK and rng.random() < 0.5:
            entry["summoning_sick"] = True
        if card == "Gemstone Mine":
            entry["counters"] = {"mining": rng.randint(0, 2)}
        permanents.append(entry)
    me: dict[str, Any] = {"id": "me", "life": rng.choice([1, 2, 3, 20])}
    if rng.random() < 0.5:
        land = rng.choice(["Plains", "Swamp", "Wastes"])
        permanents.append({"id": "o1", "card": land, "controller": "opp", "tapped": rng.random() < 0.5})
    if rng.randint(0, 3) == 0:
        me["pool"] = [rng.choice(["{G}", "{C}", "{W}{U}"])]
    board = {"version": 1, "players": [me, {"id": "opp"}], "permanents": permanents}
    return board, rng.choice(COSTS)


def cases(count: int, seed: int) -> list[tuple[str, str]]:
    """``count`` boards (JSON) and costs this checkout's search finishes within :data:`STATE_LIMIT`."""
    rng = random.Random(seed)
    found: list[tuple[str, str]] = []
    while len(found) < count:
        data, cost = random_case(rng)
        board = Board.from_dict(data)
        try:
            reference_search(board, PaymentTarget.of(cost), max_states=STATE_LIMIT)
        except ReferenceLimitError:
            continue
        found.append((board.dumps(), cost))
    return found


def _run(tree: Path, payload: list[tuple[str, str]], cache: str) -> tuple[float, list[int]]:
    env = {**_environment(tree), "MANA_PLANNER_CACHE": cache}
    done = subprocess.run(
        [sys.executable, "-c", _SEARCH],
        cwd=tree,
        env=env,
        input=json.dumps(payload),
        capture_output=True,
        text=True,
        check=True,
    )
    seconds, found = json.loads(done.stdout)
    return float(seconds), [int(n) for n in found]


def search_table(old: Path, new: Path, boards: int, rounds: int, seed: int) -> str:
    """CPU seconds of both versions' searches of the same boards, tables on and off, and old / new."""
    payload = cases(boards, seed)
    rows = []
    for cache in ("on", "off"):
        best: dict[Path, float] = {}
        outcomes: dict[Path, list[int]] = {}
        for number in range(rounds):
            for tree in (old, new) if number % 2 == 0 else (new, old):
                seconds, found = _run(tree, payload, cache)
                best[tree] = min(best.get(tree, seconds), seconds)
                outcomes[tree] = found
        same = "yes" if outcomes[old] == outcomes[new] else "NO"
        rows.append(
            [
                cache,
                str(boards),
                str(sum(outcomes[new])),
                same,
                f"{best[old]:.2f}",
                f"{best[new]:.2f}",
                f"{best[old] / best[new]:.2f}x",
            ]
        )
    header = ["tables", "boards", "outcomes", "same", "against s", "this s", "ratio"]
    return _table(header, rows)


def main(argv: Sequence[str] | None = None) -> None:
    """Parse the command line and print the table."""
    parser = argparse.ArgumentParser(prog="python -m benchmarks.bench_reference", description=__doc__)
    parser.add_argument("--against", type=Path, help="a checkout of the version to compare with")
    parser.add_argument("--against-rev", default="HEAD~1", help="a git revision to compare with")
    parser.add_argument("--boards", type=int, default=120, help="boards searched by each version")
    parser.add_argument("--rounds", type=int, default=3, help="processes per version and table setting")
    parser.add_argument("--seed", type=int, default=36)
    args = parser.parse_args(argv)
    print("python -m benchmarks.bench_reference " + " ".join(sys.argv[1:] if argv is None else argv))

    def report(old: Path, label: str) -> None:
        print(f"against: {label}; this: {ROOT}")
        print(f"\nreference search (CPU s for all boards, fastest of {args.rounds} processes per version)")
        print(search_table(old, ROOT, args.boards, args.rounds, args.seed))

    if args.against is not None:
        report(args.against.resolve(), str(args.against))
    else:
        with _checkout(args.against_rev) as tree:
            report(tree, args.against_rev)


if __name__ == "__main__":
    main()
