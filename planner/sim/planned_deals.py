"""How a planned game is dealt (:func:`planner.sim.planned.planned_counts`): the shuffled decks of a chunk
in its random stream's order (:class:`Deals`), the mulligans and the hand kept (:func:`kept_hand`), and the
cards a kept hand puts on the bottom (:func:`bottomed`), as the numpy goldfish deals them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

import numpy as np

from planner.sim.game import HAND_SIZE, MulliganStage
from planner.sim.kinds import CardKind
from planner.sim.lands import Entry
from planner.sim.matching import ANY_TYPE, Matchings
from planner.sim.turn_search import colored_cover, deck_cover

if TYPE_CHECKING:
    from planner.sim.planned import _Memo

__all__ = ["DEAL_BLOCK", "Deals", "bottomed", "kept_hand"]


#: How many shuffled decks :class:`Deals` draws at once.
DEAL_BLOCK: Final = 256


class Deals:
    """The shuffled decks of one chunk's games, one per deal (a game's first hand and each mulligan), in
    the order its random stream has them: drawn :data:`DEAL_BLOCK` at a time when ``batched`` (numpy's
    ``permuted`` of a block's rows is its ``permutation`` of each row in turn, the same numbers from the
    stream; only a deck whose games draw nothing else from it between deals may be batched: no
    fetchland's shuffle), else one at a time.

    >>> deck = np.arange(5)
    >>> one, block = (Deals(np.random.default_rng(3), deck, batched) for batched in (False, True))
    >>> all(one.next() == block.next() for _ in range(DEAL_BLOCK + 2))
    True
    """

    __slots__ = ("_at", "_batched", "_block", "_deck", "_rng")

    def __init__(self, rng: np.random.Generator, deck: np.ndarray, batched: bool) -> None:
        self._rng = rng
        self._deck = deck
        self._batched = batched
        self._block: list[list[int]] = []
        self._at = 0

    def block(self) -> np.ndarray:
        """The next :data:`DEAL_BLOCK` shuffled decks (a row each), drawn as :meth:`next` draws them when
        ``batched`` (and not read by it)."""
        return self._rng.permuted(np.tile(self._deck, (DEAL_BLOCK, 1)), axis=1)

    def next(self) -> list[int]:
        """The next shuffled deck (kind ids)."""
        if not self._batched:
            order: list[int] = self._rng.permutation(self._deck).tolist()
            return order
        if self._at == len(self._block):
            self._block = self.block().tolist()
            self._at = 0
        self._at += 1
        return self._block[self._at - 1]


def kept_hand(
    kinds: Sequence[CardKind],
    deals: Deals,
    stages: Sequence[MulliganStage],
    land_kinds: int,
    kept_at: list[int],
    memo: _Memo,
) -> tuple[list[int], list[int]]:
    """A kept hand and the library after it, by the mulligan stages (see :func:`goldfish_planned`); the
    cards put on the bottom of each hand met are worked out once (``memo``)."""
    counted = memo.counted_as_land
    for number, stage in enumerate(stages):
        order = deals.next()
        hand, library = order[:HAND_SIZE], order[HAND_SIZE:]
        lands = sum(map(counted.__getitem__, hand))
        bottom_lands = memo.landsbottomed(lands, stage.bottom)
        after = lands - bottom_lands
        if stage.keep_min <= after <= stage.keep_max or number == len(stages) - 1:
            kept_at[number] += 1
            if stage.bottom:
                key = (tuple(sorted(hand)), bottom_lands, stage.bottom - bottom_lands)
                bottom = memo.bottoms.get(key)
                if bottom is None:
                    bottom = memo.bottoms[key] = tuple(
                        bottomed(kinds, hand, land_kinds, key[1], key[2], memo.matchings)
                    )
                for card in bottom:
                    hand.remove(card)
                return hand, library + list(bottom)
            return hand, library
    raise AssertionError("the last mulligan stage keeps")


def bottomed(
    kinds: Sequence[CardKind], hand: list[int], land_kinds: int, lands: int, spells: int, matchings: Matchings
) -> list[int]:
    """The cards a kept hand puts on the bottom (as the numpy goldfish does): each land in turn whose loss
    leaves the most of the hand's colored symbols payable (then the deck's, then untapped lands); then the
    spells whose colored symbols the kept lands can't pay, then the most expensive."""
    kept = list(hand)
    bottom: list[int] = []

    def cover(cards: list[int], spells_of: Sequence[int]) -> int:
        return colored_cover(kinds, spells_of, [mask for i in cards for mask in kinds[i].units], matchings)

    for _ in range(lands):
        land_cards = [i for i in kept if i < land_kinds]
        hand_spells = [i for i in kept if i >= land_kinds]

        def loss(
            card: int, land_cards: list[int] = land_cards, hand_spells: list[int] = hand_spells
        ) -> tuple[int, int, int]:
            rest = list(land_cards)
            rest.remove(card)
            untapped = sum(1 for i in rest if (p := kinds[i].land) is not None and p.entry is Entry.UNTAPPED)
            units = [mask for i in rest for mask in kinds[i].units]
            return (cover(rest, hand_spells), deck_cover(kinds, units, matchings), untapped)

        worst = max(sorted(set(land_cards)), key=loss)
        kept.remove(worst)
        bottom.append(worst)
    land_cards = [i for i in kept if i < land_kinds]
    union = 0
    for i in land_cards:
        profile = kinds[i].land
        union |= profile.types if profile is not None else 0
    for _ in range(spells):
        hand_spells = [i for i in kept if i >= land_kinds]
        if not hand_spells:
            break

        def rank(card: int, union: int = union) -> tuple[bool, int]:
            uncovered = any(mask != ANY_TYPE and not mask & union for mask in kinds[card].demand)
            return (uncovered, kinds[card].mana_value)

        worst = max(sorted(set(hand_spells)), key=rank)
        kept.remove(worst)
        bottom.append(worst)
    return bottom
