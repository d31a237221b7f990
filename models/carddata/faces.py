"""A card as Oracle prints it: its identity and its faces (what a card store keeps, and what a name finds)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final

__all__ = ["PERMANENT_TYPES", "Card", "CardFace", "FoundCard", "color_letters", "is_permanent_type_line"]

_COLOR_ORDER: Final = "WUBRG"
#: The card types whose cards are permanents (CR 110.4).
PERMANENT_TYPES: Final = frozenset({"artifact", "battle", "creature", "enchantment", "land", "planeswalker"})


def color_letters(colors: Iterable[str]) -> str:
    """Color letters in WUBRG order, each once; anything that is not a color letter is dropped.

    >>> color_letters(["G", "W", "g"]), color_letters([])
    ('WG', '')
    """
    given = {color.upper() for color in colors}
    return "".join(letter for letter in _COLOR_ORDER if letter in given)


def is_permanent_type_line(type_line: str) -> bool:
    """True when the type line names a permanent card type (artifact, creature, land...).

    >>> is_permanent_type_line("Legendary Creature — Elf"), is_permanent_type_line("Instant — Adventure")
    (True, False)
    """
    words = type_line.replace("—", " ").lower().split()
    return any(word in PERMANENT_TYPES for word in words)


@dataclass(kw_only=True, frozen=True, slots=True)
class CardFace:
    """One face of a card: its own name, the card's name (``A // B`` for several faces) and its Oracle data.

    ``mana_cost`` is ``""`` when the face has none, colors are WUBRG letters, ``legalities`` are
    ``(format, status)`` pairs, ``power`` and ``toughness`` are as printed (``"2"``, ``"*"``; ``""`` for a
    face without them).

    >>> face = CardFace(name="Fire", card_name="Fire // Ice", face_index=0, type_line="Instant",
    ...     mana_cost="{1}{R}", oracle="Fire deals 2 damage...", colors="R")
    >>> face.is_land, face.is_permanent
    (False, False)
    """

    name: str
    card_name: str
    face_index: int
    type_line: str
    mana_cost: str = ""
    oracle: str = ""
    colors: str = ""
    color_indicator: str = ""
    color_identity: str = ""
    layout: str = "normal"
    legalities: tuple[tuple[str, str], ...] = ()
    power: str = ""
    toughness: str = ""

    @property
    def is_land(self) -> bool:
        """True when the face's type line has the card type Land."""
        return "land" in self.type_line.split("—")[0].lower().split()

    @property
    def is_permanent(self) -> bool:
        """True when the face is a permanent card's (see :func:`is_permanent_type_line`)."""
        return is_permanent_type_line(self.type_line.split("—")[0])


@dataclass(frozen=True, slots=True)
class Card:
    """A card by its Oracle identity: the newest wording of every printing, with its faces in order.

    ``released_at`` is the ISO date of the printing the wording came from (``""`` when unknown).

    >>> both = "Delver of Secrets // Insectile Aberration"
    >>> front = CardFace(name="Delver of Secrets", card_name=both, face_index=0,
    ...     type_line="Creature — Human Wizard")
    >>> back = CardFace(name="Insectile Aberration", card_name=both, face_index=1,
    ...     type_line="Creature — Human Insect")
    >>> card = Card("d1", front.card_name, "transform", (front, back))
    >>> card.front.name, [face.name for face in card.faces]
    ('Delver of Secrets', ['Delver of Secrets', 'Insectile Aberration'])
    """

    oracle_id: str
    name: str
    layout: str
    faces: tuple[CardFace, ...]
    released_at: str = ""
    #: MTG Arena's ids (``grpId``) of the card's printings there (Scryfall's ``arena_id``), ascending
    arena_ids: tuple[int, ...] = ()

    @property
    def front(self) -> CardFace:
        """The first face (the one a card on a board shows unless told otherwise)."""
        return self.faces[0]


@dataclass(frozen=True, slots=True)
class FoundCard:
    """A card found by name: the card with all its faces, and which face the name was (None: the card's).

    >>> fire = CardFace(name="Fire", card_name="Fire // Ice", face_index=0, type_line="Instant")
    >>> ice = CardFace(name="Ice", card_name="Fire // Ice", face_index=1, type_line="Instant")
    >>> FoundCard(Card("f1", "Fire // Ice", "split", (fire, ice)), 1).face.name
    'Ice'
    """

    card: Card
    face_index: int | None

    @property
    def face(self) -> CardFace:
        """The face the name named, or the front face when it named the whole card."""
        return self.card.faces[self.face_index or 0]
