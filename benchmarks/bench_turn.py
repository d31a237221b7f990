"""Benchmark: planning a turn, CPU time of :func:`planner.turn.plan_turn` per call on random boards with a
fixed seed. Issue 16's targets: a hand of 7 on 12 permanents ≤ 100 ms median; a hand of 10 on 30 ≤ 1 s.

    python benchmarks/bench_turn.py [--boards N]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from models.board import Board
from planner.turn import plan_turn

LANDS = ["Forest", "Island", "Mountain", "Swamp", "Plains", "Hallowed Fountain", "Breeding Pool"]
ROCKS = ["Sol Ring", "Mind Stone", "Arcane Signet", "Izzet Signet", "Fellwar Stone", "Llanowar Elves"]
SPELLS: list[object] = [
    "Lightning Bolt",
    "Counterspell",
    "Dark Ritual",
    "Llanowar Elves",
    "Sol Ring",
    "Mind Stone",
    "Thought Vessel",
    {"name": "Grizzly Bears", "type_line": "Creature — Bear", "mana_cost": "{1}{G}"},
    {"name": "Hill Giant", "type_line": "Creature — Giant", "mana_cost": "{3}{R}"},
    {"name": "Divination", "type_line": "Sorcery", "mana_cost": "{2}{U}"},
    {"name": "Serra Angel", "type_line": "Creature — Angel", "mana_cost": "{3}{W}{W}"},
]


def board_of(rng: random.Random, permanents: int, hand: int) -> Board:
    """A random board: ``permanents`` lands and rocks, and a hand of lands and spells."""
    names = [rng.choice(LANDS) if rng.random() < 0.75 else rng.choice(ROCKS) for _ in range(permanents)]
    cards: list[object] = [rng.choice(LANDS) for _ in range(2)]
    cards += [rng.choice(SPELLS) for _ in range(hand - 2)]
    return Board.from_dict(
        {
            "version": 1,
            "players": [{"id": "me", "hand": cards}],
            "permanents": [{"id": f"p{i}", "card": n, "controller": "me"} for i, n in enumerate(names)],
        }
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boards", type=int, default=20)
    args = parser.parse_args()
    plan_turn(board_of(random.Random(0), 3, 3))  # (imports and OR-Tools loaded once, outside the measure)
    print(
        f"{'case':<28}{'boards':>7}{'median ms':>11}{'p90 ms':>9}{'max ms':>9}{'target ms':>11}{'ratio':>7}"
    )
    for label, permanents, hand, target in (
        ("hand 7, 12 permanents", 12, 7, 100),
        ("hand 10, 30 permanents", 30, 10, 1000),
    ):
        rng = random.Random(permanents)
        times = []
        for _ in range(args.boards):
            board = board_of(rng, permanents, hand)
            started = time.process_time()
            plan_turn(board)
            times.append((time.process_time() - started) * 1000)
        times.sort()
        median = statistics.median(times)
        p90 = times[int(0.9 * (len(times) - 1))]
        figures = f"{median:>11.1f}{p90:>9.1f}{times[-1]:>9.1f}{target:>11}{median / target:>7.2f}"
        print(f"{label:<28}{len(times):>7}{figures}")


if __name__ == "__main__":
    main()
