"""The objective's levels for a spell that reads the mana spent to cast it (contract §12, docs/objective.md):
'colors unspent' (converge, sunburst, ``--prefer colors-spent``: the five colors less those spent) and
'riders unmet' ("if {C} was spent", adamant, "if N or more mana was spent", "if mana from a Treasure was
spent": how many of them the payment misses). Both are 0 for a spell without such riders, so that its
payments compare as before.

They come right after the sacrifices (:data:`planner.solve.objective.PAYMENT_LEVELS`): a player chooses such
a spell for its rider, and gives up for it anything but cards, life and permanents.

>>> rider_levels((ColorsSpent(),), SpentMana.of("WUG"))
(2, 0)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from models.cost import PaymentTarget
from models.riders import ColorsSpent, SpentMana, SpentRider, TreasureSpent, colors_unspent, riders_unmet
from planner.rules.view import BoardView

__all__ = [
    "COLORS_SPENT",
    "RIDER_LEVELS",
    "from_treasure",
    "reads_treasures",
    "rider_levels",
    "split_prefer",
    "with_colors_spent",
]

#: The levels, most important first.
RIDER_LEVELS = ("colors_unspent", "riders_unmet")

#: What ``--prefer`` takes, besides kinds of permanent, to ask for the most colors spent with a bare cost.
COLORS_SPENT = "colors-spent"


def rider_levels(riders: tuple[SpentRider, ...], spent: SpentMana) -> tuple[int, int]:
    """The levels of :data:`RIDER_LEVELS` for a payment that spent ``spent`` on a spell with ``riders``."""
    return colors_unspent(riders, spent), riders_unmet(riders, spent)


def split_prefer(prefer: Sequence[str]) -> tuple[tuple[str, ...], bool]:
    """A ``prefer`` list as the kinds of permanent it lists (checked by
    :func:`planner.solve.objective.check_prefer`) and whether it asks for the most colors spent.

    >>> split_prefer(["lands", " Colors-Spent"])
    (('lands',), True)
    """
    kinds = tuple(kind for kind in prefer if kind.strip().lower() != COLORS_SPENT)
    return kinds, len(kinds) != len(prefer)


def with_colors_spent(target: PaymentTarget) -> PaymentTarget:
    """The target, weighing the colors of mana spent on it as converge does (``--prefer colors-spent``).

    >>> with_colors_spent(PaymentTarget.of("{2}")).riders
    (ColorsSpent(),)
    """
    if ColorsSpent() in target.riders:
        return target
    return replace(target, riders=(*target.riders, ColorsSpent()))


def from_treasure(view: BoardView, pid: str) -> bool:
    """True when the permanent is a Treasure, whose mana "if mana from a Treasure was spent" reads."""
    return view.has(pid) and view.type_line(pid).is_a("Treasure")


def reads_treasures(target: PaymentTarget) -> bool:
    """True when the target has the rider "if mana from a Treasure was spent"."""
    return TreasureSpent() in target.riders
