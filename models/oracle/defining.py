"""What a characteristic-defining ability of a card's own text makes it, in every zone (CR 604.3), applied
first in its layer (CR 613.3): changeling is every creature type (CR 702.73a), Planar Nexus's '~ is every
nonbasic land type.' every land type but the basic ones."""

from __future__ import annotations

from collections.abc import Iterable

from models.layer_effects import TypeChange
from models.oracle.lexicon import CREATURE_TYPES
from models.types import TypeLine

__all__ = ["defined_types"]


def defined_types(line: TypeLine, keywords: frozenset[str], effects: Iterable[object] = ()) -> TypeLine:
    """The type line with the subtypes the card's keywords define (with changeling, every creature type,
    whatever its card types) and, of a land, the land types its own defining type change gives (``effects``:
    the card's static effects).

    >>> changed = defined_types(TypeLine.parse("Creature — Shapeshifter"), frozenset({"changeling"}))
    >>> changed.is_a("Elf"), changed.is_a("Shapeshifter"), changed.is_a("Forest")
    (True, True, False)
    >>> defined_types(TypeLine.parse("Creature — Elf"), frozenset()).subtypes
    ('Elf',)
    >>> from models.oracle import parse_oracle
    >>> nexus = parse_oracle("~ is every nonbasic land type.").effects
    >>> defined_types(TypeLine.parse("Land"), frozenset(), nexus).is_a("Gate")
    True
    """
    added = [t for t in CREATURE_TYPES if "changeling" in keywords]
    for effect in effects:
        if isinstance(effect, TypeChange) and effect.defining and line.is_a("Land"):
            added.extend(effect.land_types)
    new = tuple(dict.fromkeys(t for t in added if t not in line.subtypes))
    return line.with_subtypes((*line.subtypes, *new)) if new else line
