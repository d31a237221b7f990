"""The goldfish's castability grid as a picture (``simulate --plot FILE.png``): one row per nonland card,
cheapest first, one column per turn, each cell colored and labelled with the percentage the table prints.

A cell is grey (a dash) only where the table says 0 before the card's mana value: the expected zeros, which
would otherwise dominate the picture; a card castable early (ramp, a land that makes two mana) shows its
number there as the table does. The title names the deck by its file name and is wrapped to the figure's
width, however long the path.
"""

from __future__ import annotations

import textwrap
from pathlib import PurePath
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from models.errors import InputError

if TYPE_CHECKING:
    from matplotlib.figure import Figure

    from planner.sim.results import CardOdds, GoldfishResult

__all__ = ["grid", "plot_figure", "plot_goldfish", "title_lines"]

#: Inches a character of the title takes at its font size (8 points), measured on DejaVu Sans: generous.
_TITLE_CHAR_INCHES = 0.075
_LEFT_MARGIN_INCHES = 0.3


def grid(result: GoldfishResult) -> tuple[list[CardOdds], npt.NDArray[np.float64]]:
    """The cards drawn (those with a cost, cheapest first) and their cells: the percentage the table prints,
    NaN for a grey cell (0 before the card's mana value).

    >>> from models.decklist import parse_deck
    >>> from planner.sim.goldfish import goldfish
    >>> deck = parse_deck("24 Forest\\n36 Ogre {2}{G}")
    >>> result = goldfish(deck, turns=(1, 3), games=200, seed=1, ramp="none")
    >>> cards, cells = grid(result)
    >>> [c.name for c in cards], np.isnan(cells[0, :2]).tolist(), bool(cells[0, 2] > 50)
    (['Ogre'], [True, True], True)
    """
    cards = sorted(
        (card for card in result.cards if card.cost is not None),
        key=lambda card: (card.mana_value, card.name),
    )
    values = np.full((max(len(cards), 1), len(result.turns)), np.nan)
    for row, card in enumerate(cards):
        for column, (turn, probability) in enumerate(zip(result.turns, card.by_turn, strict=True)):
            if probability is None or (turn < card.curve_turn and probability == 0):
                continue
            values[row, column] = 100 * probability
    return cards, values


def title_lines(result: GoldfishResult, title: str, width_inches: float) -> str:
    """The title: the deck's file name (not its folders), what the cells are, and the run's settings,
    wrapped to ``width_inches``.

    >>> from planner.sim.results import GoldfishResult
    >>> result = GoldfishResult(games=10, seed=0, turns=(1,), on_the_draw=False, mulligan="london",
    ...     deck_size=60, lands=24, commanders=(), cards=(), ignored_sources=(), notes=(), kept_sizes=(),
    ...     life_paid=0.0)
    >>> text = title_lines(result, "/a/very/long/folder/" * 8 + "deck.txt", 4.5)
    >>> text.splitlines()[0], max(len(line) for line in text.splitlines()) <= 4.5 / 0.075
    ('deck.txt: % of games in which the lands seen, in the', True)
    """
    planned = any(card.cast_on_curve is not None for card in result.cards)
    name = PurePath(title).name if title else "deck"
    what = (
        "the lands and ramp seen, in the best order, cast the card (Karsten)"
        if planned
        else "the lands seen, in the best order, cast the card (Karsten)"
    )
    where = "on the draw" if result.on_the_draw else "on the play"
    first = f"{name}: % of games in which {what}"
    second = (
        f"{result.games:,} games, {where}, seed {result.seed}; outlined: on curve; "
        "grey: 0 before its mana value"
    )
    columns = max(20, int((width_inches - _LEFT_MARGIN_INCHES) / _TITLE_CHAR_INCHES))
    lines = [*textwrap.wrap(first, columns, break_long_words=True), *textwrap.wrap(second, columns)]
    return "\n".join(lines)


def plot_figure(result: GoldfishResult, title: str = "") -> Figure:
    """The grid as a matplotlib figure (see the module docstring)."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
        from matplotlib.patches import Rectangle
        from mpl_toolkits.axes_grid1 import make_axes_locatable
    except ImportError:
        raise InputError("--plot needs matplotlib: pip install -e '.[plot]'") from None
    cards, values = grid(result)
    row_inches, label_inches = 0.26, 0.07 * max((len(f"{c.name}  {c.cost}") for c in cards), default=10)
    width = max(5.0, 1.2 + label_inches + 0.55 * len(result.turns))
    text = title_lines(result, title, width)
    height = 1.5 + 0.16 * len(text.splitlines()) + row_inches * max(len(cards), 1)
    figure, axes = plt.subplots(figsize=(width, height))
    palette = matplotlib.colormaps["RdYlGn"].with_extremes(bad="#d9d9d9")
    image = axes.imshow(np.ma.masked_invalid(values), cmap=palette, vmin=0, vmax=100, aspect="auto")
    for row, card in enumerate(cards):
        for column, turn in enumerate(result.turns):
            value = values[row, column]
            if np.isnan(value):
                axes.text(column, row, "–", ha="center", va="center", fontsize=7, color="#7f7f7f")
                continue
            shade = "white" if value < 20 or value > 85 else "black"
            axes.text(column, row, f"{value:.0f}", ha="center", va="center", fontsize=7, color=shade)
            if turn == card.curve_turn:
                axes.add_patch(Rectangle((column - 0.5, row - 0.5), 1, 1, fill=False, lw=2.0, ec="black"))
    axes.set_xticks(range(len(result.turns)), [str(turn) for turn in result.turns])
    axes.set_yticks(range(len(cards)), [f"{card.name}  {card.cost}" for card in cards], fontsize=7)
    axes.set_xlabel("turn")
    # a colorbar of fixed size above the grid, whatever the number of rows
    bar_axes = make_axes_locatable(axes).append_axes("top", size=0.14, pad=0.35)
    figure.colorbar(image, cax=bar_axes, orientation="horizontal")
    bar_axes.xaxis.set_ticks_position("top")
    bar_axes.tick_params(labelsize=7)
    figure.suptitle(text, fontsize=8, x=0.02, ha="left")
    figure.tight_layout()
    return figure


def plot_goldfish(result: GoldfishResult, path: str, title: str = "") -> None:
    """Write :func:`plot_figure` to ``path`` (PNG); an unwritable path is an ``InputError``."""
    figure = plot_figure(result, title)  # (first: it says when matplotlib is missing)
    import matplotlib.pyplot as plt

    try:
        figure.savefig(path, dpi=120)
    except OSError as error:
        raise InputError(f"{path}: can't write the plot: {error.strerror or error}") from None
    finally:
        plt.close(figure)
