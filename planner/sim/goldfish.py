"""Goldfishing a deck list (``simulate``): the games played with the turns planned
(:mod:`planner.sim.planned`) or with lands only (:mod:`planner.sim.lands_only`), and the report drawn as a
picture.
"""

from __future__ import annotations

from models.decklist import Deck
from planner.sim.defaults import DEFAULT_GOLDFISH_GAMES, DEFAULT_SEED
from planner.sim.game import Progress, check_ramp, chosen_x
from planner.sim.lands_only import check_settings, goldfish_lands_only
from planner.sim.planned import goldfish_planned
from planner.sim.plot import plot_goldfish as draw
from planner.sim.results import GoldfishResult

__all__ = ["goldfish", "plot_goldfish"]


def goldfish(
    deck: Deck,
    *,
    turns: tuple[int, int] = (1, 7),
    games: int = DEFAULT_GOLDFISH_GAMES,
    seed: int = DEFAULT_SEED,
    on_the_draw: bool = False,
    mulligan: str = "london",
    progress: Progress | None = None,
    ramp: str = "planner",
    min_x: int = 1,  # DEFAULT_MIN_X
) -> GoldfishResult:
    """Goldfish a deck list: how often each nonland card is castable, turn by turn.

    With ``ramp="planner"`` (the default) each turn is planned by the turn planner's search
    (:func:`planner.sim.planned.goldfish_planned`): rocks, mana creatures and rituals count, and the report
    adds how often each card was actually cast on curve. With ``ramp="none"`` only lands are sources, as
    below. Spells with X are counted with X = ``min_x`` (default 1: a spell cast for X = 0 rarely does
    anything), their mana value too.

    Each game shuffles, mulligans as Karsten does (:data:`~planner.sim.game.LONDON`; a Commander deck has
    the free first mulligan and draws on turn 1; ``mulligan="none"`` keeps seven), draws, and plays one land
    a turn: the land that makes the most cards in hand castable now, then next turn, then covers the most
    colored pips of the hand and of the deck, preferring to play a tapland when it costs nothing and avoiding
    life payments; a shockland is paid for only when that casts more now. Each turn it records, for every
    nonland card (whether in hand or not), whether the untapped lands could pay its cost, exactly as the
    planner would (the batch check, :func:`planner.sim.batch.castable`). Only lands are sources: mana
    creatures and rocks are listed in ``ignored_sources``.

    >>> from models.decklist import parse_deck
    >>> deck = parse_deck("12 Plains\\n12 Island\\n18 Wall {1}{W}\\n18 Wave {U}{U}")
    >>> result = goldfish(deck, turns=(1, 3), games=2_000, seed=1)
    >>> [card.name for card in result.cards], len(result.cards[0].by_turn)
    (['Wall', 'Wave'], 3)
    >>> 0.7 < result.cards[0].on_curve < 0.95
    True
    """
    check_ramp(ramp)
    deck = chosen_x(deck, min_x)  # (before the lands-only default X, so that this X is the one)
    if ramp == "planner":
        check_settings(deck, turns, games, on_the_draw, mulligan)  # (the lands-only run checks its own)
        return goldfish_planned(
            deck,
            turns=turns,
            games=games,
            seed=seed,
            on_the_draw=on_the_draw,
            mulligan=mulligan,
            min_x=min_x,
            progress=progress,
        )
    return goldfish_lands_only(
        deck,
        turns=turns,
        games=games,
        seed=seed,
        on_the_draw=on_the_draw,
        mulligan=mulligan,
        progress=progress,
    )


def plot_goldfish(result: GoldfishResult, path: str, title: str = "") -> None:
    """Draw castability by turn per nonland card as a grid (PNG): see :func:`planner.sim.plot.plot_goldfish`.
    Needs matplotlib (``pip install -e '.[plot]'``); raises ``InputError`` when it is missing."""
    draw(result, path, title)
