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
    "PairSpent",
    "RiderOutcome",
    "SameColorSpent",
    "SpentMana",
    "SpentRider",
    "TreasureSpent",
    "TypeSpent",
    "colors_unspent",
    "rider_outcomes",
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
class SameColorSpent:
    """Adamant's 'if at least three mana of the same color was spent to cast this spell' (Henge Walker): at
    least ``at_least`` mana of some one color, whichever (colorless is no color, CR 105.1, 105.2c).

    >>> str(SameColorSpent(3))
    'if at least 3 mana of the same color was spent'
    """

    at_least: int

    def __str__(self) -> str:
        return f"if at least {self.at_least} mana of the same color was spent"


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


@dataclass(frozen=True, slots=True)
class PairSpent:
    """'If {W}{U} was spent to cast this spell' (the Mythos of Ikoria): mana of each of the symbols' types
    was spent, as much of each as the symbols show (CR 601.2h: what paid the total cost is what was spent).
    The symbols are of more than one type; one type alone is a :class:`TypeSpent`.

    >>> str(PairSpent((TypeSpent(ManaType.W), TypeSpent(ManaType.U))))
    'if {W}{U} was spent'
    """

    parts: tuple[TypeSpent, ...]

    def __str__(self) -> str:
        symbols = "".join(f"{{{part.mana_type.letter}}}" * part.at_least for part in self.parts)
        return f"if {symbols} was spent"


#: A rider on the mana spent to cast a spell.
SpentRider = ColorsSpent | TypeSpent | SameColorSpent | ManaSpent | TreasureSpent | PairSpent


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

    @property
    def color_letters(self) -> str:
        """The colors the mana has, in WUBRG order ('' for none).

        >>> SpentMana.of("GCWW").color_letters
        'WG'
        """
        return "".join(t.letter for t, amount in zip(TYPE_ORDER[:5], self.types[:5], strict=True) if amount)

    def meets(self, rider: SpentRider) -> bool:
        """True when this mana satisfies the rider (converge and sunburst: some color was spent).

        >>> pair = PairSpent((TypeSpent(ManaType.W), TypeSpent(ManaType.U)))
        >>> SpentMana.of("WUR").meets(pair), SpentMana.of("WWR").meets(pair)
        (True, False)
        >>> SpentMana.of("GGUG").meets(SameColorSpent(3)), SpentMana.of("CCCG").meets(SameColorSpent(3))
        (True, False)
        """
        if isinstance(rider, TypeSpent):
            return self.types[TYPE_ORDER.index(rider.mana_type)] >= rider.at_least
        if isinstance(rider, SameColorSpent):
            return max(self.types[:5]) >= rider.at_least
        if isinstance(rider, PairSpent):
            return all(self.meets(part) for part in rider.parts)
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


@dataclass(frozen=True, slots=True)
class RiderOutcome:
    """What a payment got of one rider: converge's number of colors (``value``), or whether a condition on
    the mana spent is met (``met``)."""

    rider: SpentRider
    met: bool
    value: int | None = None

    def got(self) -> str:
        """What the payment got, in words: the number of colors, or 'met' / 'not met'.

        >>> RiderOutcome(ColorsSpent(), True, 3).got(), RiderOutcome(TreasureSpent(), False).got()
        ('3', 'not met')
        """
        if self.value is not None:
            return str(self.value)
        return "met" if self.met else "not met"

    def to_json(self) -> dict[str, object]:
        """The rider's kind, its condition in words, its parameters, and ``value`` (the colors spent, for
        :class:`ColorsSpent`) or ``met``.

        >>> RiderOutcome(TypeSpent(ManaType.R, 3), met=False).to_json()
        {'rider': 'type_spent', 'condition': 'if at least 3 {R} mana was spent', 'type': 'R', 'at_least': 3, \
'met': False}
        """
        found: dict[str, object] = {"rider": _RIDER_NAMES[type(self.rider)], "condition": str(self.rider)}
        if isinstance(self.rider, TypeSpent):
            found["type"] = self.rider.mana_type.letter
        if isinstance(self.rider, TypeSpent | SameColorSpent | ManaSpent):
            found["at_least"] = self.rider.at_least
        if isinstance(self.rider, PairSpent):
            found["types"] = {part.mana_type.letter: part.at_least for part in self.rider.parts}
        if self.value is not None:
            found["value"] = self.value
        else:
            found["met"] = self.met
        return found


_RIDER_NAMES: dict[type, str] = {
    ColorsSpent: "colors_spent",
    TypeSpent: "type_spent",
    SameColorSpent: "same_color_spent",
    ManaSpent: "mana_spent",
    TreasureSpent: "treasure_spent",
    PairSpent: "types_spent",
}


def rider_outcomes(riders: tuple[SpentRider, ...], spent: SpentMana) -> tuple[RiderOutcome, ...]:
    """What the mana spent got of each of the spell's riders, in their order.

    >>> [o.to_json() for o in rider_outcomes((ColorsSpent(), TypeSpent(ManaType.C)), SpentMana.of("WUC"))]
    [{'rider': 'colors_spent', 'condition': 'for each color of mana spent', 'value': 2}, \
{'rider': 'type_spent', 'condition': 'if {C} was spent', 'type': 'C', 'at_least': 1, 'met': True}]
    """
    return tuple(
        RiderOutcome(rider, spent.meets(rider), spent.colors if isinstance(rider, ColorsSpent) else None)
        for rider in riders
    )
