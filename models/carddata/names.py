"""Name resolution: one resolver for every name a user writes (a board's ``card``, a deck line, a name).

The card store first (when there is one), then the built-in catalogue. Names are compared folded
(:func:`~models.folding.fold_name`: case, accents, punctuation and spacing do not matter), a face's own name
finds its card (and says which face), and ``A // B`` finds the whole card. Unknown names get the closest
known names as suggestions, from the store's index and the catalogue.

The store is given, never opened here: anything with the lookups of :class:`CardLookup` serves (the SQLite
file of :class:`planner.cards.store.CardStore` is one), so that the domain holds no file format.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, Protocol

from models.carddata.faces import CardFace, FoundCard
from models.catalogue import CardData, closest_names, lookup
from models.folding import fold_name
from models.limits import MAX_NAME_LENGTH, not_text

__all__ = ["CardLookup", "CardResolver", "ResolvedCard", "fold_name", "format_suggestions"]


class CardLookup(Protocol):
    """Where cards are found beyond the catalogue (a card store): by folded name, by MTG Arena id, and the
    names closest to an unknown one. Problems with it raise :class:`~models.errors.CardDataError`."""

    def find(self, name: str) -> FoundCard | None:
        """The card a name finds (any face's name, or the whole card's ``A // B``), or None."""

    def find_arena(self, arena_id: int) -> FoundCard | None:
        """The card an MTG Arena ``grpId`` names, or None."""

    def suggestions(self, name: str, limit: int = 3) -> list[str]:
        """The known names closest to an unknown one, best first."""


@dataclass(frozen=True, slots=True)
class ResolvedCard:
    """A card a name found: all its faces, which face the name was (None: the whole card), and its source.

    >>> found = CardResolver().resolve("LLANOWAR ELVES")
    >>> found.name, found.face.type_line, found.source, found.face_index
    ('Llanowar Elves', 'Creature — Elf Druid', 'catalogue', None)
    """

    name: str
    faces: tuple[CardFace, ...]
    face_index: int | None
    source: Literal["store", "catalogue"]
    token: bool = False

    @property
    def face(self) -> CardFace:
        """The face the name named; the front face when it named the whole card (``A // B``)."""
        return self.faces[self.face_index or 0]

    @property
    def front(self) -> CardFace:
        """The card's first face."""
        return self.faces[0]


def _catalogue_face(data: CardData) -> CardFace:
    return CardFace(
        name=data.name,
        card_name=data.name,
        face_index=0,
        type_line=data.type_line,
        mana_cost=data.mana_cost or "",
        oracle=data.oracle,
        color_indicator=data.color_indicator or "",
        power=data.power or "",
        toughness=data.toughness or "",
    )


def _may_name_a_card(name: str) -> bool:
    """False for a name no card has: past :data:`~models.limits.MAX_NAME_LENGTH` or not Unicode text
    (looking it up would take long, or fail).

    >>> _may_name_a_card("Forest"), _may_name_a_card("x" * 10_000), _may_name_a_card("F\\ud800")
    (True, False, False)
    """
    return len(name) <= MAX_NAME_LENGTH and not_text(name) is None


def format_suggestions(names: list[str]) -> str:
    """The 'did you mean' phrase for some names, or ``""`` when there are none.

    >>> format_suggestions(["Llanowar Elves", "Llanowar Wastes"]), format_suggestions([])
    ("did you mean 'Llanowar Elves' or 'Llanowar Wastes'?", '')
    """
    if not names:
        return ""
    options = " or ".join(filter(None, (", ".join(map(repr, names[:-1])), repr(names[-1]))))
    return f"did you mean {options}?"


class CardResolver:
    """Finds cards by name: in the store first (when given: any :class:`CardLookup`), then in the built-in
    catalogue.

    Without a store it is the catalogue alone, which is what boards and deck lists use by default.

    >>> resolver = CardResolver()
    >>> resolver.resolve("lim-dul's vault") is None, resolver.resolve("Gaea's cradle").name
    (True, "Gaea's Cradle")
    >>> resolver.did_you_mean("Llanowar Elfs")
    "did you mean 'Llanowar Elves' or 'Llanowar Wastes'?"
    """

    def __init__(self, store: CardLookup | None = None, *, catalogue: bool = True) -> None:
        self.store = store
        self.catalogue = catalogue

    def __repr__(self) -> str:
        return f"CardResolver(store={self.store!r}, catalogue={self.catalogue})"

    def resolve(self, name: str) -> ResolvedCard | None:
        """The card a name finds, or None (at once for a name past the limit, which names no card). Store
        problems raise :class:`~models.errors.CardDataError`."""
        if not _may_name_a_card(name):
            return None
        if self.store is not None:
            found = self.store.find(name)
            if found is not None:
                return ResolvedCard(found.card.name, found.card.faces, found.face_index, "store")
        if self.catalogue:
            data = lookup(name)
            if data is not None:
                return ResolvedCard(data.name, (_catalogue_face(data),), None, "catalogue", data.token)
        return None

    def resolve_arena(self, arena_id: int) -> ResolvedCard | None:
        """The card an MTG Arena ``grpId`` names, from the store (the catalogue has no Arena ids), or None.

        >>> CardResolver().resolve_arena(58441) is None
        True
        """
        found = self.store.find_arena(arena_id) if self.store is not None else None
        if found is None:
            return None
        return ResolvedCard(found.card.name, found.card.faces, None, "store")

    def suggestions(self, name: str, limit: int = 3) -> list[str]:
        """The known names closest to an unknown one, best first (the store's, then the catalogue's)."""
        if not _may_name_a_card(name):
            return []
        found: list[str] = []
        if self.store is not None:
            found.extend(self.store.suggestions(name, limit))
        if self.catalogue and len(found) < limit:
            found.extend(closest_names(name, limit))
        seen: set[str] = set()
        unique: list[str] = []
        for candidate in found:
            if fold_name(candidate) not in seen:
                seen.add(fold_name(candidate))
                unique.append(candidate)
        return unique[:limit]

    def did_you_mean(self, name: str) -> str:
        """The 'did you mean' phrase for an unknown name, or ``""`` when nothing is close."""
        return format_suggestions(self.suggestions(name))
