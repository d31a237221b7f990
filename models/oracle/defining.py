"""What a characteristic-defining ability of a card's own text makes it, in every zone (CR 604.3), applied
first in its layer (CR 613.3): changeling is every creature type (CR 702.73a)."""

from __future__ import annotations

from models.oracle.lexicon import CREATURE_TYPES
from models.types import TypeLine

__all__ = ["defined_types"]


def defined_types(line: TypeLine, keywords: frozenset[str]) -> TypeLine:
    """The type line with the subtypes the card's keywords define: with changeling, every creature type,
    whatever its card types.

    >>> changed = defined_types(TypeLine.parse("Creature — Shapeshifter"), frozenset({"changeling"}))
    >>> changed.is_a("Elf"), changed.is_a("Shapeshifter"), changed.is_a("Forest")
    (True, True, False)
    >>> defined_types(TypeLine.parse("Creature — Elf"), frozenset()).subtypes
    ('Elf',)
    """
    if "changeling" not in keywords:
        return line
    return line.with_subtypes((*line.subtypes, *(t for t in CREATURE_TYPES if t not in line.subtypes)))
