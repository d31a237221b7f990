"""What a spell reads of the mana spent to cast it: converge and sunburst count its colors, adamant and "if
{C} was spent" its types, "if N or more mana was spent" its amount, "if mana from a Treasure was spent" its
sources (contract §12: riders the objective weighs). The reader (:mod:`models.oracle.spent_riders`) makes
them from a spell's text; :class:`SpentMana` is what a payment spent, which each rider reads.

>>> spent = SpentMana.of("WUU")
>>> spent.colors, spent.meets(TypeSpent(ManaType.U, 2)), spent.meets(ManaSpent(4)), str(TypeSpent(ManaType.C))
(2, True, False, 'if {C} was spent')
"""

from __future__ import annotations

from dataclasses import dataclass

from models.mana import TYPE_ORDER, ManaType

__all__ = [
    "NOTHING_SPENT",
    "ColorsSpent",
    "ManaSpent",
    "SpentMana",
    "SpentRider",
    "TreasureSpent",
    "TypeSpent",
    "colors_unspent",
    "riders_unmet",
]


@dataclass(frozen=True, slots=True)
class ColorsSpent:
    """Converge, sunburst (CR 702.44), or ``--prefer colors-spent``: the more colors of mana spent, the
    better (colorless is not a color)."""

    def __str__(self) -> str:
        return "for each color of mana spent"


@dataclass(frozen=True, slots=True)
class TypeSpent:
    """'If {C} was spent to cast this spell', adamant's 'if at least three red mana was spent': at least
    ``at_least`` mana of ``mana_type``."""

    mana_type: ManaType
    at_least: int = 1

    def __str__(self) -> str:
        if self.mana_type is ManaType.C and self.at_least == 1:
            return "if {C} was spent"
        return f"if at least {self.at_least} {{{self.mana_type.letter}}} mana was spent"


@dataclass(frozen=True, slots=True)
class ManaSpent:
    """'If N or more mana was spent to cast this spell' (or 'at least N mana')."""

    at_least: int

    def __str__(self) -> str:
        return f"if {self.at_least} or more mana was spent"


@dataclass(frozen=True, slots=True)
class TreasureSpent:
    """'If mana from a Treasure was spent to cast this spell'."""

    def __str__(self) -> str:
        return "if mana from a Treasure was spent"


#: A rider on the mana spent to cast a spell.
SpentRider = ColorsSpent | TypeSpent | ManaSpent | TreasureSpent


@dataclass(frozen=True, slots=True)
class SpentMana:
    """The mana that paid a spell, as its riders read it: how much of each type (W, U, B, R, G, C) and how
    much of it came from Treasures."""

    types: tuple[int, ...] = (0, 0, 0, 0, 0, 0)
    from_treasures: int = 0

    @classmethod
    def of(cls, letters: str, from_treasures: int = 0) -> SpentMana:
        """The mana spent, written as type letters ('WUU').

        >>> SpentMana.of("CG").types
        (0, 0, 0, 0, 1, 1)
        """
        return cls(tuple(letters.upper().count(t.letter) for t in TYPE_ORDER), from_treasures)

    @property
    def colors(self) -> int:
        """How many colors the mana has (colorless is not a color)."""
        return sum(1 for amount in self.types[:5] if amount)

    def meets(self, rider: SpentRider) -> bool:
        """True when this mana satisfies the rider (converge and sunburst: some color was spent)."""
        if isinstance(rider, TypeSpent):
            return self.types[TYPE_ORDER.index(rider.mana_type)] >= rider.at_least
        if isinstance(rider, ManaSpent):
            return sum(self.types) >= rider.at_least
        if isinstance(rider, TreasureSpent):
            return self.from_treasures > 0
        return self.colors > 0


#: No mana spent (what a payment's summary says when its target reads none).
NOTHING_SPENT = SpentMana()


def colors_unspent(riders: tuple[SpentRider, ...], spent: SpentMana) -> int:
    """The objective's level 'colors unspent': of the five colors, how many the mana spent lacks when the
    spell counts them (:class:`ColorsSpent`); 0 when it does not.

    >>> colors_unspent((ColorsSpent(),), SpentMana.of("WUC")), colors_unspent((), SpentMana.of("W"))
    (3, 0)
    """
    return 5 - spent.colors if ColorsSpent() in riders else 0


def riders_unmet(riders: tuple[SpentRider, ...], spent: SpentMana) -> int:
    """The objective's level 'riders unmet': how many of the spell's conditions on the mana spent (all but
    :class:`ColorsSpent`) it does not satisfy.

    >>> riders_unmet((TypeSpent(ManaType.C), ManaSpent(3)), SpentMana.of("CG"))
    1
    """
    return sum(1 for rider in riders if not isinstance(rider, ColorsSpent) and not spent.meets(rider))
