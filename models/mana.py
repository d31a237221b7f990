"""Mana types as bit flags, a small set type over them, and mana strings such as ``{G}{G}{C}``.

The six types of mana (CR 106.1) are the five colors and colorless. Colorless is a type, not a color
(CR 105.1, 106.1b); generic is not a type at all, only a cost symbol (CR 107.4b).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from enum import IntFlag

from models.errors import ManaParseError

__all__ = [
    "ALL_COLORS",
    "ALL_TYPES",
    "TYPE_ORDER",
    "ManaBag",
    "ManaType",
    "ManaTypes",
    "parse_mana_string",
]


class ManaType(IntFlag):
    """One type of mana as a bit flag; combine with ``|`` into a mask.

    >>> ManaType.W | ManaType.U
    <ManaType.W|U: 3>
    >>> ManaType.parse("g")
    <ManaType.G: 16>
    """

    W = 1 << 0
    U = 1 << 1
    B = 1 << 2
    R = 1 << 3
    G = 1 << 4
    C = 1 << 5

    @classmethod
    def parse(cls, letter: str) -> ManaType:
        """The type named by one letter of ``WUBRGC`` (case-insensitive)."""
        try:
            return cls[letter.upper()]
        except KeyError:
            raise ManaParseError(f"invalid mana type {letter!r}: expected one of W, U, B, R, G, C") from None

    @property
    def letter(self) -> str:
        """The single-letter name of a single type."""
        return self.name or ""

    @property
    def is_color(self) -> bool:
        """True for the five colors, false for colorless."""
        return self is not ManaType.C


#: The six types in the canonical ``WUBRGC`` order.
TYPE_ORDER: tuple[ManaType, ...] = (ManaType.W, ManaType.U, ManaType.B, ManaType.R, ManaType.G, ManaType.C)
_COLOR_MASK = 0b011111
_ALL_MASK = 0b111111
#: The members of each mask in ``WUBRGC`` order (``ManaType`` arithmetic is slow Python code).
_MEMBERS: tuple[tuple[ManaType, ...], ...] = tuple(
    tuple(t for t in TYPE_ORDER if mask & int(t)) for mask in range(_ALL_MASK + 1)
)
#: Each mask's letters in ``WUBRGC`` order.
_LETTERS: tuple[str, ...] = tuple("".join(t.name or "" for t in members) for members in _MEMBERS)
#: The mana symbol of each type's index in ``WUBRGC`` order.
_SYMBOLS = ("{W}", "{U}", "{B}", "{R}", "{G}", "{C}")


@dataclass(frozen=True, slots=True)
class ManaTypes:
    """An immutable set of mana types, stored as a bit mask; prints in ``WUBRGC`` order.

    >>> ManaTypes.parse("gw") | ManaTypes.parse("U")
    ManaTypes.parse('WUG')
    >>> str(ALL_COLORS), ManaType.C in ALL_TYPES, len(ManaTypes())
    ('WUBRG', True, 0)
    """

    mask: int = 0

    def __post_init__(self) -> None:
        if not 0 <= self.mask <= _ALL_MASK:
            raise ValueError(f"mana type mask out of range: {self.mask}")
        if type(self.mask) is not int:  # a ManaType flag: keep a plain int, whose '|' is far cheaper
            object.__setattr__(self, "mask", int(self.mask))

    @classmethod
    def parse(cls, letters: str) -> ManaTypes:
        """The set named by a string of type letters, e.g. ``"WUG"``; ``""`` is the empty set."""
        mask = 0
        for letter in letters:
            mask |= ManaType.parse(letter)
        return cls(mask)

    @classmethod
    def of(cls, types: Iterable[ManaType]) -> ManaTypes:
        """The set of the given types."""
        mask = 0
        for mana_type in types:
            mask |= int(mana_type)
        return cls(mask)

    def __iter__(self) -> Iterator[ManaType]:
        return iter(_MEMBERS[self.mask])

    def __len__(self) -> int:
        return self.mask.bit_count()

    def __bool__(self) -> bool:
        return self.mask != 0

    def __contains__(self, item: object) -> bool:
        if not isinstance(item, int):
            return False
        bits = int(item)
        return bits != 0 and (self.mask & bits) == bits

    def __or__(self, other: ManaTypes) -> ManaTypes:
        return _BY_MASK[self.mask | other.mask]

    def __and__(self, other: ManaTypes) -> ManaTypes:
        return _BY_MASK[self.mask & other.mask]

    def __sub__(self, other: ManaTypes) -> ManaTypes:
        return _BY_MASK[self.mask & ~other.mask]

    @property
    def colors(self) -> ManaTypes:
        """The colored members only (drops colorless)."""
        return _BY_MASK[self.mask & _COLOR_MASK]

    def __str__(self) -> str:
        return _LETTERS[self.mask]

    def __repr__(self) -> str:
        return f"ManaTypes.parse({str(self)!r})"


#: Every set of mana types, by its mask: the 64 values, built once, that the set operations return (each
#: value is immutable: no new record, no check, for a union or an intersection).
_BY_MASK: tuple[ManaTypes, ...] = tuple(ManaTypes(mask) for mask in range(_ALL_MASK + 1))
ALL_COLORS = ManaTypes(_COLOR_MASK)
ALL_TYPES = ManaTypes(_ALL_MASK)

_MANA_SYMBOL = re.compile(r"\{([^{}]*)\}")


@dataclass(frozen=True, slots=True)
class ManaBag:
    """A multiset of mana by type: how many of each of ``W U B R G C``; prints as a mana string.

    >>> bag = ManaBag.parse("{G}{g}{C}")
    >>> bag, bag.total, bag[ManaType.G]
    (ManaBag.parse('{G}{G}{C}'), 3, 2)
    >>> str(bag + ManaBag.parse("{W}"))
    '{W}{G}{G}{C}'
    """

    counts: tuple[int, int, int, int, int, int] = (0, 0, 0, 0, 0, 0)

    def __post_init__(self) -> None:
        if len(self.counts) != 6 or min(self.counts) < 0:
            raise ValueError(f"a mana bag needs six non-negative counts, got {self.counts}")

    @classmethod
    def parse(cls, text: str) -> ManaBag:
        """Parse a mana string such as ``{G}{G}{C}`` (case-insensitive); ``""`` is no mana."""
        return parse_mana_string(text)

    @classmethod
    def of(cls, types: Iterable[ManaType]) -> ManaBag:
        """The bag holding one mana of each listed type (repeats count)."""
        counts = [0] * 6
        for mana_type in types:
            counts[TYPE_ORDER.index(mana_type)] += 1
        return cls(_six(counts))

    def __getitem__(self, mana_type: ManaType) -> int:
        return self.counts[TYPE_ORDER.index(mana_type)]

    def __add__(self, other: ManaBag) -> ManaBag:
        # (six counts each, checked as made; a zip's strict parses a keyword on every call)
        return ManaBag(_six([a + b for a, b in zip(self.counts, other.counts)]))  # noqa: B905

    def scaled(self, factor: int) -> ManaBag:
        """This bag with every count multiplied by ``factor``."""
        return ManaBag(_six([c * factor for c in self.counts]))

    @property
    def total(self) -> int:
        """How many mana in all."""
        return sum(self.counts)

    @property
    def types(self) -> ManaTypes:
        """The set of types present."""
        return ManaTypes.of(t for t, c in zip(TYPE_ORDER, self.counts, strict=True) if c)

    def units(self) -> Iterator[ManaType]:
        """Each mana as its own type, in ``WUBRGC`` order."""
        for mana_type, count in zip(TYPE_ORDER, self.counts, strict=True):
            yield from [mana_type] * count

    def __bool__(self) -> bool:
        return self.total > 0

    def __str__(self) -> str:
        return "".join(symbol * count for symbol, count in zip(_SYMBOLS, self.counts))  # noqa: B905 (six each)

    def __repr__(self) -> str:
        return f"ManaBag.parse({str(self)!r})"


def _six(values: list[int]) -> tuple[int, int, int, int, int, int]:
    return (values[0], values[1], values[2], values[3], values[4], values[5])


def parse_mana_string(text: str) -> ManaBag:
    """Parse produced or floating mana written as symbols, e.g. ``{G}{G}{C}``.

    Only the six type symbols are mana; a cost-only symbol (generic, hybrid, ...) is rejected with its
    position.

    >>> parse_mana_string("{u}{U}")
    ManaBag.parse('{U}{U}')
    >>> parse_mana_string("{2}")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    models.errors.ManaParseError: invalid mana symbol '{2}' at position 0 in '{2}': produced mana ...
    """
    counts = [0] * 6
    position = 0
    stripped = text.strip()
    while position < len(stripped):
        if stripped[position].isspace():
            position += 1
            continue
        match = _MANA_SYMBOL.match(stripped, position)
        if match is None:
            raise ManaParseError(
                f"invalid mana string {stripped!r}: expected a symbol like {{G}} at position {position}"
            )
        letter = match.group(1).strip().upper()
        if letter not in "WUBRGC" or len(letter) != 1:
            raise ManaParseError(
                f"invalid mana symbol {match.group(0)!r} at position {position} in {stripped!r}: "
                "produced mana is one of {W} {U} {B} {R} {G} {C}"
            )
        counts["WUBRGC".index(letter)] += 1
        position = match.end()
    return ManaBag(_six(counts))
