"""The goldfish's plot (``simulate --plot``): the title fits the figure however long the deck's path, and the
grey cells are exactly the table's zeros before a card's mana value."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from models.decklist import load_deck
from planner.sim.plot import grid, plot_figure
from planner.sim.simulate import goldfish

pytest.importorskip("matplotlib")

ROOT = Path(__file__).resolve().parents[1]
RAMP = ROOT / "examples" / "decks" / "simic-ramp.txt"
LONG = "/" + "/".join(["a-rather-long-folder-name"] * 12) + "/simic-ramp-with-an-even-longer-file-name.txt"


def test_the_title_fits_with_a_long_deck_path() -> None:
    result = goldfish(load_deck(RAMP), turns=(1, 3), games=300, seed=1)
    figure = plot_figure(result, title=LONG)
    figure.canvas.draw()
    renderer = figure.canvas.get_renderer()  # type: ignore[attr-defined]
    box = figure.bbox
    texts = list(figure.texts)  # (the title: the figure's only text of its own)
    assert texts and "simic-ramp-with-an-even-longer-file-name.txt" in texts[0].get_text()
    for text in texts:
        extent = text.get_window_extent(renderer)
        assert box.x0 <= extent.x0 and extent.x1 <= box.x1 and box.y0 <= extent.y0 and extent.y1 <= box.y1


@pytest.mark.parametrize("ramp", ["planner", "none"])
def test_grey_cells_are_the_tables_zeros_before_the_mana_value(ramp: str) -> None:
    result = goldfish(load_deck(RAMP), turns=(1, 4), games=2_000, seed=2, ramp=ramp)
    cards, cells = grid(result)
    early_and_positive = 0
    for row, card in enumerate(cards):
        for column, (turn, p) in enumerate(zip(result.turns, card.by_turn, strict=True)):
            assert p is not None
            grey = bool(np.isnan(cells[row, column]))
            assert grey == (turn < card.curve_turn and p == 0), (card.name, turn, p)
            if not grey:
                assert cells[row, column] == pytest.approx(100 * p)
            early_and_positive += turn < card.curve_turn and p > 0
    if ramp == "planner":
        assert early_and_positive > 0  # (ramp casts cards before their mana value: shown, not greyed)
