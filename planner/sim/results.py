"""The goldfish's report, whichever mode played the games: each nonland card's odds turn by turn and on
curve, and how the games went (hands kept, life paid, what was not counted).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from planner.sim.game import HAND_SIZE, MulliganStage

__all__ = ["CardOdds", "GoldfishResult", "kept_sizes"]


@dataclass(kw_only=True, frozen=True, slots=True)
class CardOdds:
    """How castable one nonland card is in the goldfish.

    ``by_turn[i]`` is the probability that the untapped lands on turn ``turns[i]`` can pay its cost (None
    for a card without a mana cost). On curve is its mana value's turn (turn 1 for a zero-drop):
    ``on_curve`` as ``by_turn``; ``on_curve_given_land_drops`` among the games that made every land drop
    until then (Karsten's measure); ``on_curve_in_hand`` that a copy is in hand then and castable.
    """

    name: str
    copies: int
    cost: str | None
    mana_value: int
    commander: bool
    by_turn: tuple[float | None, ...]
    on_curve: float | None
    on_curve_given_land_drops: float | None
    on_curve_in_hand: float | None
    cast_on_curve: float | None = None  # (the turn planner's goldfish: a copy was cast on curve)
    # the hand-driven figures: castable with the lands the game actually played for its hand
    by_turn_as_played: tuple[float | None, ...] = ()
    on_curve_as_played: float | None = None

    @property
    def curve_turn(self) -> int:
        """The turn its mana value says it is cast on."""
        return max(1, self.mana_value)


@dataclass(kw_only=True, frozen=True, slots=True)
class GoldfishResult:
    """The goldfish report of a deck list: each nonland card's odds, and how the games went."""

    games: int
    seed: int
    turns: tuple[int, ...]
    on_the_draw: bool
    mulligan: str
    deck_size: int
    lands: int
    commanders: tuple[str, ...]
    cards: tuple[CardOdds, ...]
    ignored_sources: tuple[str, ...]
    notes: tuple[str, ...]
    kept_sizes: tuple[tuple[int, float], ...]
    life_paid: float

    def to_json(self) -> dict[str, object]:
        """The JSON object of CONTRACT §4 (``games``, ``seed``, ``cards``: name → turn → probability), plus
        the on-curve measures per card and how the games went."""

        def rounded(value: float | None) -> float | None:
            return None if value is None else round(value, 4)

        return {
            "games": self.games,
            "seed": self.seed,
            "cards": {
                card.name: {str(turn): rounded(p) for turn, p in zip(self.turns, card.by_turn, strict=True)}
                for card in self.cards
            },
            "on_curve": {card.name: rounded(card.on_curve) for card in self.cards},
            "on_curve_given_land_drops": {
                card.name: rounded(card.on_curve_given_land_drops) for card in self.cards
            },
            "on_curve_in_hand": {card.name: rounded(card.on_curve_in_hand) for card in self.cards},
            "cards_as_played": {
                card.name: {
                    str(turn): rounded(p) for turn, p in zip(self.turns, card.by_turn_as_played, strict=True)
                }
                for card in self.cards
                if card.by_turn_as_played
            },
            "on_curve_as_played": {card.name: rounded(card.on_curve_as_played) for card in self.cards},
            **(
                {"cast_on_curve": {card.name: rounded(card.cast_on_curve) for card in self.cards}}
                if any(card.cast_on_curve is not None for card in self.cards)
                else {}
            ),
            "turns": list(self.turns),
            "draw": self.on_the_draw,
            "mulligan": self.mulligan,
            "deck": {"cards": self.deck_size, "lands": self.lands, "commanders": list(self.commanders)},
            "kept_hand_sizes": {str(size): round(share, 4) for size, share in self.kept_sizes},
            "average_life_paid_for_lands": round(self.life_paid, 3),
            "ignored_sources": list(self.ignored_sources),
            "notes": list(self.notes),
        }


def kept_sizes(
    stages: Sequence[MulliganStage], kept_at: Iterable[int], games: int
) -> tuple[tuple[int, float], ...]:
    """The share of games that kept each hand size, largest first, from the hands kept at each stage.

    >>> from planner.sim.game import LONDON
    >>> kept_sizes(LONDON, [6, 3, 1, 0], 10)
    ((7, 0.6), (6, 0.3), (5, 0.1), (4, 0.0))
    """
    kept = list(kept_at)
    sizes = sorted({HAND_SIZE - stage.bottom for stage in stages}, reverse=True)
    return tuple(
        (
            size,
            sum(int(n) for stage, n in zip(stages, kept, strict=True) if HAND_SIZE - stage.bottom == size)
            / games,
        )
        for size in sizes
    )
