"""Type lines (CR 205): supertypes, card types and subtypes, e.g. ``Basic Snow Land — Forest``."""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace

from models.folding import plain_quotes
from models.hashing import cached_hash, state_without_hash
from models.kept import per_card

__all__ = ["BASIC_LAND_TYPES", "CARD_TYPES", "PERMANENT_CARD_TYPES", "SUPERTYPES", "TypeLine"]

SUPERTYPES = ("Basic", "Legendary", "Ongoing", "Snow", "World", "Token", "Elite", "Host")
CARD_TYPES = (
    "Artifact",
    "Battle",
    "Conspiracy",
    "Creature",
    "Dungeon",
    "Enchantment",
    "Instant",
    "Kindred",
    "Tribal",
    "Land",
    "Phenomenon",
    "Plane",
    "Planeswalker",
    "Scheme",
    "Sorcery",
    "Vanguard",
)
#: The five basic land types and the mana ability each implies (CR 305.6).
BASIC_LAND_TYPES = {"Plains": "W", "Island": "U", "Swamp": "B", "Mountain": "R", "Forest": "G"}
#: the permanent card types (CR 110.4b)
PERMANENT_CARD_TYPES = frozenset({"Artifact", "Battle", "Creature", "Enchantment", "Land", "Planeswalker"})
_DASH = re.compile(r"\s+[—–-]+\s+|\s*—\s*")


@dataclass(frozen=True, slots=True)
class TypeLine:
    """A parsed type line; words are kept in their canonical capitalisation.

    >>> line = TypeLine.parse("basic snow land — forest")
    >>> str(line), line.is_a("Land"), line.is_a("forest"), line.basic_land_types
    ('Basic Snow Land — Forest', True, True, ('Forest',))
    """

    supertypes: tuple[str, ...] = ()
    card_types: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()
    _hash: int = field(default=0, init=False, repr=False, compare=False)

    def __hash__(self) -> int:
        """Worked out once: the keys of what is kept per card and per board hold type lines."""
        return self._hash or cached_hash(self)

    def __getstate__(self) -> list[object]:
        return state_without_hash(self)

    @classmethod
    def parse(cls, text: str) -> TypeLine:
        """Parse ``Supertypes Types — Subtypes``; any dash style works. Unknown words before the dash are
        kept as card types only if they look like one; otherwise they raise ``ValueError``. A typographic
        apostrophe is an apostrophe (``Urza’s Tower`` is an ``Urza's``).

        >>> TypeLine.parse("Land — Urza’s Tower").subtypes
        ("Urza's", 'Tower')
        """
        parts = _DASH.split(plain_quotes(text).strip(), maxsplit=1)
        left = parts[0].split()
        right = parts[1].split() if len(parts) > 1 else []
        supertypes: list[str] = []
        card_types: list[str] = []
        for word in left:
            canonical = word.capitalize()
            if canonical in SUPERTYPES:
                supertypes.append(canonical)
            elif canonical in CARD_TYPES:
                card_types.append(canonical)
            else:
                raise ValueError(
                    f"unknown type {word!r} in type line {text!r}: "
                    f"card types are {', '.join(CARD_TYPES[:12])}; subtypes go after a dash"
                )
        subtypes = tuple(_subtype_case(word) for word in right)
        return cls(tuple(supertypes), tuple(card_types), subtypes)

    def is_a(self, word: str) -> bool:
        """True when the word is one of this line's supertypes, card types or subtypes (any case)."""
        return word.lower() in _lowered_words(self)

    @property
    def is_permanent(self) -> bool:
        """True for permanent card types (CR 110.4)."""
        return any(t in PERMANENT_CARD_TYPES for t in self.card_types)

    @property
    def is_basic_land(self) -> bool:
        """True for a basic land (CR 205.4a, 305.8): the supertype basic and the card type land.

        >>> [TypeLine.parse(line).is_basic_land for line in ("Basic Snow Land — Forest", "Land — Forest")]
        [True, False]
        """
        return self.is_a("Basic") and self.is_a("Land")

    @property
    def basic_land_types(self) -> tuple[str, ...]:
        """The basic land types among the subtypes, in ``WUBRG`` order."""
        return tuple(t for t in BASIC_LAND_TYPES if t in self.subtypes)

    def with_subtypes(self, subtypes: tuple[str, ...]) -> TypeLine:
        """The same line with other subtypes."""
        return replace(self, subtypes=subtypes)

    def __str__(self) -> str:
        left = " ".join((*self.supertypes, *self.card_types))
        return f"{left} — {' '.join(self.subtypes)}" if self.subtypes else left

    def __repr__(self) -> str:
        return f"TypeLine.parse({str(self)!r})"


@per_card(maxsize=4096)
def _lowered_words(line: TypeLine) -> frozenset[str]:
    """A type line's words in lower case (``is_a`` asks often, on few distinct lines)."""
    return frozenset(w.lower() for w in (*line.supertypes, *line.card_types, *line.subtypes))


def _subtype_case(word: str) -> str:
    """Capitalise a subtype, keeping inner capitals and apostrophes (``Urza's``, ``Power-Plant``)."""
    return word[0].upper() + word[1:] if word else word
