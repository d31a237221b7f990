"""A spell's additional costs that come with its mana (CR 601.2f-h, contract §12): "As an additional cost to
cast this spell, sacrifice a land" (Harrow), "..., sacrifice a creature" (Bone Splinters), "..., discard a
card" (Tormenting Voice), "..., sacrifice a creature or discard a card" (Bone Shards), "..., reveal a Dinosaur
card from your hand or pay {1}" (Thunderherd Migration).

The reader (:mod:`models.oracle.additional_costs`) makes them from a spell's text; a cost it can't read is
kept as :class:`UnreadCost`, never dropped, so that the planner can say it does not plan it.

>>> str(SacrificeCost(2, ("Artifact", "Creature"))), str(DiscardCost(1))
('sacrifice two artifacts or creatures', 'discard a card')
>>> str(SacrificeCost(1, ("Creature",), nontoken=True, colors="G")), str(SacrificeCost(2, ("Mountain",)))
('sacrifice a nontoken green creature', 'sacrifice two Mountains')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TypeVar

from models.mana import ManaTypes
from models.types import TypeLine

__all__ = [
    "PERMANENT",
    "AdditionalCost",
    "DiscardCost",
    "EitherCost",
    "ExtraMana",
    "LifeCost",
    "OptionalSacrifice",
    "OptionalTap",
    "RevealCost",
    "SacrificeCost",
    "UnreadCost",
    "asks_x",
    "costs_that_may_pay",
]

_COUNT_WORDS = {1: "a", 2: "two", 3: "three", 4: "four", 5: "five"}
_COLOR_NAMES = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}
_CARD_TYPES = ("Artifact", "Battle", "Creature", "Enchantment", "Land", "Planeswalker")
#: The type of a cost that takes any permanent (Abjure's "sacrifice a blue permanent")
PERMANENT = "Permanent"


def _counted(count: int, singular: str) -> str:
    """'a land', 'an artifact', 'two lands'."""
    if count == 1:
        return ("an " if singular[0].lower() in "aeiou" else "a ") + singular
    return f"{_COUNT_WORDS.get(count, str(count))} {singular}s"


@dataclass(frozen=True, slots=True)
class SacrificeCost:
    """Sacrifice ``count`` permanents the player controls, each of one of ``types`` (card types or subtypes:
    Goblin Grenade's "a Goblin", Pulverize's "two Mountains"), not a token when ``nontoken``, and of one of
    ``colors`` (letters) when given (Natural Order's "a green creature", Flare of Cultivation's "a nontoken
    green creature"). ``returned``: the permanents are returned to their owner's hand instead (Daze's
    "return an Island you control to its owner's hand", a Borderpost's "a basic land"), planned as a
    sacrifice is: each leaves the battlefield as the cost is paid, after the mana abilities (CR 601.2g-h).
    """

    count: int
    types: tuple[str, ...]
    nontoken: bool = field(default=False, repr=False)
    colors: str = field(default="", repr=False)
    #: a token of any type too (bargain's "an artifact, enchantment, or token")
    tokens: bool = field(default=False, repr=False)
    #: returned to the owner's hand rather than sacrificed
    returned: bool = field(default=False, repr=False)
    #: a basic permanent only ("a basic land")
    basic: bool = field(default=False, repr=False)
    #: of this mana value only (an emerge way's creature, whose mana value its cost is reduced by)
    mana_value: int | None = field(default=None, repr=False)
    #: of this mana cost only, as written ('' for none: a token's), an offering way's permanent, whose mana
    #: cost its cost is reduced by (CR 702.48a)
    mana_cost: str | None = field(default=None, repr=False)
    #: card types a permanent must not have ("a nonland permanent", CR 205.4b)
    excluded: tuple[str, ...] = field(default=(), repr=False)
    #: of at least / at most this mana value ("with mana value 3 or greater", "... 2 or less", CR 202.3)
    mana_value_at_least: int | None = field(default=None, repr=False)
    mana_value_at_most: int | None = field(default=None, repr=False)
    #: of mana value X, the X the caster chooses for the spell (Nahiri's Sacrifice's "sacrifice an artifact
    #: or creature with mana value X": with no {X} in its mana cost, X is chosen as it is cast, CR 601.2b,
    #: 107.3; the planner resolves it to :attr:`mana_value` when X is given)
    mana_value_x: bool = field(default=False, repr=False)
    #: tapped rather than sacrificed, each untapped as the cost is paid (Disruption Protocol's "tap an
    #: untapped artifact you control", CR 601.2h): it stays on the battlefield, and a permanent the plan
    #: tapped for mana can't be tapped for it
    tapped: bool = field(default=False, repr=False)

    def matches(self, type_line: TypeLine) -> bool:
        """True when a permanent of this type line may be sacrificed (or returned) for the cost.

        >>> SacrificeCost(1, ("Land",)).matches(TypeLine.parse("Basic Land — Forest"))
        True
        >>> SacrificeCost(1, ("Land",), basic=True).matches(TypeLine.parse("Land"))
        False
        >>> SacrificeCost(1, (PERMANENT,), colors="U").matches(TypeLine.parse("Enchantment"))
        True
        >>> SacrificeCost(1, (PERMANENT,), excluded=("Land",)).matches(TypeLine.parse("Artifact Land"))
        False
        """
        if self.basic and not type_line.is_a("Basic"):
            return False
        if any(type_line.is_a(card_type) for card_type in self.excluded):
            return False
        return PERMANENT in self.types or any(type_line.is_a(card_type) for card_type in self.types)

    def kinds(self) -> str:
        """What may be sacrificed, in the singular: 'green creature', 'artifact or creature', 'Goblin'.

        >>> SacrificeCost(2, ("Creature",), colors="G").kinds()
        'green creature'
        """
        return " or ".join(self._names())

    def _names(self) -> list[str]:
        names = [t.lower() if t in (*_CARD_TYPES, PERMANENT) else t for t in self.types] + (
            ["token"] if self.tokens else []
        )
        qualified = (
            ("untapped " if self.tapped else "")
            + ("nontoken " if self.nontoken else "")
            + "".join(f"non{t.lower()} " for t in self.excluded)
            + ("basic " if self.basic else "")
            + "".join(_COLOR_NAMES[c] + " " for c in self.colors)
        )
        if qualified:
            names[0] = qualified + names[0]
        if self.mana_value is not None:
            names[-1] += f" with mana value {self.mana_value}"
        if self.mana_value_x:
            names[-1] += " with mana value X"
        if self.mana_value_at_least is not None:
            names[-1] += f" with mana value {self.mana_value_at_least} or greater"
        if self.mana_value_at_most is not None:
            names[-1] += f" with mana value {self.mana_value_at_most} or less"
        if self.mana_cost is not None:
            names[-1] += f" with mana cost {self.mana_cost or '{0}'}"
        return names

    def __str__(self) -> str:
        """'sacrifice two Mountains', 'return a basic land you control to its owner's hand'.

        >>> str(SacrificeCost(2, ("Island",), returned=True))
        "return two Islands you control to their owner's hand"
        >>> nonland = SacrificeCost(1, (PERMANENT,), excluded=("Land",))
        >>> tapped = SacrificeCost(1, ("Artifact",), tapped=True)
        >>> str(nonland), str(tapped)
        ('sacrifice a nonland permanent', 'tap an untapped artifact you control')
        """
        names = self._names()
        verb = "return " if self.returned else "tap " if self.tapped else "sacrifice "
        if self.count == 1:
            what = _counted(1, names[0]) + "".join(f" or {n}" for n in names[1:])
        else:
            what = _counted(self.count, names[0]) + "".join(f" or {n}s" for n in names[1:])
        if self.tapped:
            return f"{verb}{what} you control"
        if self.returned:
            return f"{verb}{what} you control to {'its' if self.count == 1 else 'their'} owner's hand"
        return verb + what


@dataclass(frozen=True, slots=True)
class DiscardCost:
    """Discard ``count`` cards from the player's hand (any cards, the spell itself aside: it is on the
    stack, CR 601.2a); ``exiled``: exile them instead, each of one of ``colors`` (letters) when given (the
    Marches' "exile any number of black cards from your hand", planned as a discard is: each card leaves the
    hand as the cost is paid, CR 601.2h).

    >>> str(DiscardCost(1)), str(DiscardCost(2, colors="B", exiled=True))
    ('discard a card', 'exile two black cards from your hand')
    """

    count: int
    colors: str = field(default="", repr=False)
    exiled: bool = field(default=False, repr=False)

    def matches(self, colors: ManaTypes) -> bool:
        """True when a card of these colors may pay the cost.

        >>> DiscardCost(1, colors="W", exiled=True).matches(ManaTypes.parse("WU")), DiscardCost(1).matches(
        ...     ManaTypes())
        (True, True)
        """
        return not self.colors or bool(colors & ManaTypes.parse(self.colors))

    def kinds(self) -> str:
        """What may pay it, in the singular: 'card', 'black card'."""
        return "".join(_COLOR_NAMES[c] + " " for c in self.colors) + "card"

    def __str__(self) -> str:
        if self.exiled:
            return f"exile {_counted(self.count, self.kinds())} from your hand"
        return "discard " + _counted(self.count, self.kinds())


@dataclass(frozen=True, slots=True)
class RevealCost:
    """Reveal a card of one of ``types`` (card types or subtypes) from the player's hand, the spell itself
    aside (it is on the stack, CR 601.2a): Thunderherd Migration's "reveal a Dinosaur card from your hand".
    The card stays in the hand, but it must be there as the costs are paid, after the mana abilities
    (CR 601.2g-h): a card exiled for its mana (Elvish Spirit Guide) can't also be revealed.

    >>> str(RevealCost(("Dinosaur",))), str(RevealCost(("Creature",)))
    ('reveal a Dinosaur card from your hand', 'reveal a creature card from your hand')
    >>> RevealCost(("Elf",)).matches(TypeLine.parse("Creature — Elf Shaman"))
    True
    """

    types: tuple[str, ...]

    def matches(self, type_line: TypeLine) -> bool:
        """True when a card of this type line may be revealed."""
        return any(type_line.is_a(card_type) for card_type in self.types)

    def __str__(self) -> str:
        names = [t.lower() if t in _CARD_TYPES else t for t in self.types]
        return "reveal " + _counted(1, " or ".join(names) + " card") + " from your hand"


@dataclass(frozen=True, slots=True)
class ExtraMana:
    """Mana paid on top of the spell's mana cost, its symbols as written (generic, colored, hybrid, ...):
    CR 601.2f, an additional cost adds to the total cost, which reductions then take from. One way of
    Thunderherd Migration's "reveal a Dinosaur card from your hand or pay {1}", of "sacrifice a creature or
    pay {3}{B}".

    ``waterbend``: the mana of a waterbend cost (Crashing Wave's "waterbend {X}", CR 701.67a-b), each of
    whose generic mana may be paid by tapping an untapped artifact or creature
    (:attr:`~models.cost.PaymentTarget.waterbend`).

    >>> str(ExtraMana("{3}")), str(ExtraMana("{3}{B}")), str(ExtraMana("{X}", waterbend=True))
    ('pay {3}', 'pay {3}{B}', 'waterbend {X}')
    """

    symbols: str
    waterbend: bool = field(default=False, repr=False)

    def __str__(self) -> str:
        return f"{'waterbend' if self.waterbend else 'pay'} {self.symbols}"


@dataclass(frozen=True, slots=True)
class LifeCost:
    """Pay ``life`` life (CR 119.4: only with a life total of at least that much): one way of Bitter
    Triumph's "discard a card or pay 3 life", paid with the mana after the mana abilities (CR 601.2h); with
    ``x``, X life more, the X chosen as the spell is cast (Toxic Deluge's "pay X life", CR 107.3, 601.2b).

    >>> str(LifeCost(3)), str(LifeCost(0, x=True))
    ('pay 3 life', 'pay X life')
    """

    life: int
    x: bool = field(default=False, repr=False)

    def __str__(self) -> str:
        return "pay X life" if self.x and not self.life else f"pay {self.life} life"


@dataclass(frozen=True, slots=True)
class EitherCost:
    """One of several costs, the player's choice as the spell is cast (CR 601.2b): Bone Shards' "sacrifice a
    creature or discard a card", Thunderherd Migration's "reveal a Dinosaur card from your hand or pay {1}".

    >>> str(EitherCost((SacrificeCost(1, ("Creature",)), DiscardCost(1))))
    'sacrifice a creature or discard a card'
    >>> str(EitherCost((RevealCost(("Dinosaur",)), ExtraMana("{1}"))))
    'reveal a Dinosaur card from your hand or pay {1}'
    >>> str(EitherCost((DiscardCost(1), LifeCost(3))))
    'discard a card or pay 3 life'
    """

    ways: tuple[SacrificeCost | DiscardCost | RevealCost | ExtraMana | LifeCost, ...]

    def __str__(self) -> str:
        return " or ".join(str(way) for way in self.ways)


@dataclass(frozen=True, slots=True)
class OptionalSacrifice:
    """An additional cost the player may pay (CR 601.2b), and the generic mana paying it takes off the spell's
    cost (CR 601.2f): bargain's "you may sacrifice an artifact, enchantment, or token as you cast this
    spell" (CR 702.166a) with Ice Out's "This spell costs {1} less to cast if it's bargained." (``most`` 1);
    "you may sacrifice any number of artifacts and/or creatures" with Dargo, the Shipwrecker's "{2} less to
    cast for each permanent sacrificed this way" (``most`` None); ``reduction`` for each one sacrificed.

    >>> str(OptionalSacrifice(SacrificeCost(1, ("Artifact", "Enchantment"), tokens=True), 1, reduction=1))
    'you may sacrifice an artifact or enchantment or token ({1} less)'
    """

    sacrifice: SacrificeCost | DiscardCost
    most: int | None
    reduction: int = 0
    #: what is taken off whether it is paid or not, for each card of the board's ``sacrificed_this_turn``
    #: of one of ``turn_types`` (Dargo's "{2} less to cast for each other artifact or creature you've
    #: sacrificed this turn")
    turn_reduction: int = 0
    turn_types: tuple[str, ...] = ()

    def __str__(self) -> str:
        verb = "exile" if isinstance(self.sacrifice, DiscardCost) else "sacrifice"
        what = str(self.sacrifice) if self.most == 1 else f"{verb} any number of {self.sacrifice.kinds()}"
        each = "" if self.most == 1 else " for each"
        return f"you may {what}" + (f" ({{{self.reduction}}} less{each})" if self.reduction else "")


@dataclass(frozen=True, slots=True)
class OptionalTap:
    """'As an additional cost to cast this spell, you may tap any number of untapped creatures you control.'
    (Explosive Singularity, CR 601.2b): no cost the planner pays as such, but what makes the spell's "costs
    {1} less to cast for each creature tapped this way" (CR 601.2f) a way to pay part of its cost by tapping
    creatures (:attr:`~models.cost.PaymentTarget.tap_creatures`), as the sentence reader pairs them
    (:func:`~models.oracle.additional_costs.taps_creatures`).

    >>> str(OptionalTap())
    'you may tap any number of untapped creatures you control'
    """

    def __str__(self) -> str:
        return "you may tap any number of untapped creatures you control"


@dataclass(frozen=True, slots=True)
class UnreadCost:
    """An additional cost the reader does not read (its words as written)."""

    words: str

    def __str__(self) -> str:
        return self.words


#: An additional cost of a spell (mana and life paid as they are: Old Stickfingers' "pay {X}", the X of its
#: mana cost, CR 107.3).
AdditionalCost = (
    SacrificeCost
    | DiscardCost
    | RevealCost
    | EitherCost
    | OptionalSacrifice
    | ExtraMana
    | LifeCost
    | UnreadCost
)

_Part = TypeVar("_Part", SacrificeCost, DiscardCost, RevealCost)


def costs_that_may_pay(costs: Sequence[AdditionalCost], kind: type[_Part]) -> list[_Part]:
    """The costs of ``kind`` that paying ``costs`` may take: those paid as they are, the ways of a choice of
    costs (:class:`~models.additional_costs.EitherCost`) and an optional cost's.

    >>> bone = EitherCost((SacrificeCost(1, ("Creature",)), DiscardCost(1)))
    >>> [str(c) for c in costs_that_may_pay((bone, SacrificeCost(1, ("Land",))), SacrificeCost)]
    ['sacrifice a creature', 'sacrifice a land']
    """
    found: list[_Part] = []
    for cost in costs:
        if isinstance(cost, kind):
            found.append(cost)
        elif isinstance(cost, EitherCost):
            found += [way for way in cost.ways if isinstance(way, kind)]
        elif isinstance(cost, OptionalSacrifice) and isinstance(cost.sacrifice, kind):
            found.append(cost.sacrifice)
    return found


def asks_x(costs: tuple[AdditionalCost, ...]) -> bool:
    """True when a cost's permanents are of mana value X (Nahiri's Sacrifice): the spell has an X to choose
    even with no {X} in its mana cost (CR 107.3, 601.2b).

    >>> asks_x((SacrificeCost(1, ("Creature",), mana_value_x=True),)), asks_x((SacrificeCost(1, ("Land",)),))
    (True, False)
    """
    return any(cost.mana_value_x for cost in costs_that_may_pay(costs, SacrificeCost))
