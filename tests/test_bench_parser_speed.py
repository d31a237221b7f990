"""The first-sight parse benchmark runs both versions and prints its table (timings are never asserted)."""

from __future__ import annotations

import sys
from pathlib import Path

from models.catalogue import all_cards

# benchmarks/ is not an installed package: make it importable however pytest is started
ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks.bench_parser import speed_table  # noqa: E402


def test_the_speed_table_has_a_row_per_figure_for_both_versions() -> None:
    cards = [(card.oracle, card.name) for card in list(all_cards().values())[:5]]
    lines = speed_table({"catalogue": cards}, against=ROOT, rounds=1)
    assert lines[0].split() == ["first", "sight", "per", "card", "against", "this", "ratio"]
    labels = [line.rsplit(maxsplit=3)[0] for line in lines[1:]]
    assert labels == [
        "catalogue (5), fresh process, µs",
        "catalogue (5), warm process, µs",
        "import models.oracle, ms",
    ]
    assert all(line.endswith("x") for line in lines[1:])


def test_without_another_version_only_this_one_is_timed() -> None:
    lines = speed_table({"catalogue": [("{T}: Add {G}.", "Llanowar Elves")]}, rounds=1)
    assert lines[0].split()[-1] == "this" and len(lines) == 4
