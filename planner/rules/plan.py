"""A plan as data: the mana activations in order (:class:`Step`, each with its cost choices, the mana it put
into the pool and the replacement order used), then the payment of CR 601.2h (:class:`Plan`)."""

from __future__ import annotations

from dataclasses import dataclass

from models.mana import ManaBag
from planner.rules.alternatives import (
    Alternatives,
)
from planner.rules.costs import (
    NO_CHOICES,
    CostChoices,
)
from planner.rules.pool import ManaUnit

__all__ = ["Plan", "Step"]


@dataclass(kw_only=True, frozen=True, slots=True)
class Step:
    """One mana ability activation: which ability, its cost choices, and the mana it put into the pool.

    ``produced`` is the mana that reached the pool after replacement effects and triggered mana abilities,
    grouped by the source of the mana (a Wild Growth's extra {G} has the Aura as its source).

    ``zone`` is ``"hand"`` for the ability of a card in the player's hand (Elvish Spirit Guide, exiled to
    pay its cost: :mod:`planner.rules.hand`): ``permanent`` is then the card's name, and the first such card
    in the hand is the one exiled.

    ``choices`` holds what its cost's other parts take (:mod:`planner.rules.costs`): the permanents it
    exiles or returns, the opponents' lands it untaps, the cards it discards or exiles from the hand.

    ``nested`` is how many of the steps just before it were activated while paying its mana cost (CR 601.2g,
    605.3a), at any depth: it was announced before them, and its restrictions (summoning sickness, 'Activate
    only if you control three or more artifacts': CR 602.2b, 602.5) were judged there, its costs paid after
    them. The steps it spans nest (a step inside spans only steps inside too, CR 605.3a); 0: announced where
    it is listed.
    """

    permanent: str
    ability: int
    produced: tuple[tuple[str, ManaBag], ...]
    order: tuple[str, ...] = ()
    sacrificed: tuple[str, ...] = ()
    tapped: tuple[str, ...] = ()
    paid_with: tuple[ManaUnit, ...] = ()
    zone: str = "battlefield"
    choices: CostChoices = NO_CHOICES
    nested: int = 0

    @property
    def removed(self) -> tuple[str, ...]:
        """The permanents its cost takes off the battlefield (sacrificed, exiled, returned): gone when it
        resolves, what an amount counted from them reads (CR 608.2h)."""
        choices = self.choices
        return (
            self.sacrificed if choices is NO_CHOICES or not choices else (*self.sacrificed, *choices.removed)
        )


@dataclass(frozen=True, slots=True)
class Plan:
    """A whole payment: the activations in order, then the pool mana and life that pay the cost, and what
    convoke, improvise and delve paid (CR 702.51, 702.126, 702.66: chosen with the mana at 601.2h)."""

    steps: tuple[Step, ...]
    spent: tuple[ManaUnit, ...]
    life: int = 0
    alternatives: Alternatives = ()
