"""Cards off the battlefield: a card in a hand, a graveyard or a library, and the zones of a board file that
hold them (a list of cards, or for a graveyard or a library just how many).

>>> [card.name for card in checked("<hand>", lambda: read_cards(["Forest", "island"], ("hand",)))]
['Forest', 'Island']
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from models.board.json_fields import (
    FieldError,
    Fields,
    JsonPath,
    checked,
    describe_json,
    json_list,
    quote,
    read_colors,
    read_cost,
    read_count,
    read_printed,
    read_str,
    read_text,
    read_type_line,
)
from models.board.printed import (
    DESCRIBED,
    PrintedCard,
    card_colors,
    catalogue_card,
    printed_json,
    read_card,
)
from models.board_fields import ZONE_CARD
from models.cost import ManaCost
from models.limits import MAX_ZONE_CARDS
from models.mana import ManaTypes
from models.types import TypeLine


@dataclass(kw_only=True, frozen=True, slots=True)
class Card:
    """A card outside the battlefield (in a hand or a graveyard): its printed characteristics.

    ``card`` is its name in card data (``None`` for a card described by its text). In a board file a card
    is its name, or an object ``{name, type_line, oracle, mana_cost}`` as for permanents.

    >>> guide = Card.from_json("elvish spirit guide")
    >>> guide.name, str(guide.type_line), str(guide.mana_cost), guide.to_json()
    ('Elvish Spirit Guide', 'Creature — Elf Spirit', '{2}{G}', 'Elvish Spirit Guide')
    >>> Card.from_json({"name": "Homebrew Bolt", "type_line": "Instant", "mana_cost": "{R}"}).to_json()
    {'name': 'Homebrew Bolt', 'type_line': 'Instant', 'mana_cost': '{R}'}
    """

    card: str | None
    name: str
    type_line: TypeLine
    oracle: str = ""
    mana_cost: ManaCost | None = None
    color_indicator: ManaTypes | None = None
    power: int | None = None  # printed ('creature cards with power 5 or greater' reads it)

    @classmethod
    def from_json(cls, value: object, source: str = "<card>") -> Card:
        """Read one card (a name or an object); raises ``BoardError`` naming ``source``."""
        return checked(source, lambda: read_zone_card(value, ()))

    @classmethod
    def of_printed(cls, printed: PrintedCard) -> Card:
        """The card with these printed characteristics (a catalogue card, or one the card store gives).

        >>> forest = catalogue_card("Forest")
        >>> forest is not None and Card.of_printed(forest) == Card.from_json("Forest")
        True
        """
        return cls(
            card=printed.card,
            name=printed.name,
            type_line=printed.type_line,
            oracle=printed.oracle,
            mana_cost=printed.mana_cost,
            color_indicator=printed.color_indicator,
            power=printed.power,
        )

    @property
    def colors(self) -> ManaTypes:
        """The card's colors (:func:`card_colors`: devoid, its color indicator, its mana cost)."""
        return card_colors(self.mana_cost, self.color_indicator, self.oracle, self.name)

    def to_json(self) -> str | dict[str, Any]:
        """The board-file form: the bare name of a catalogue card as printed, else an object."""
        catalogued = catalogue_card(self.card) if self.card is not None else None
        if catalogued is not None and (
            self.name,
            self.type_line,
            self.oracle,
            self.mana_cost,
            self.color_indicator,
            self.power,
        ) == (
            catalogued.name,
            catalogued.type_line,
            catalogued.oracle,
            catalogued.mana_cost,
            catalogued.color_indicator,
            catalogued.power,
        ):
            return self.name
        return printed_json(
            self.name, self.type_line, self.oracle, self.mana_cost, self.color_indicator, self.power
        )


# --------------------------------------------------------------------------------------------------------
# Reading cards and zones from the board file


def read_zone_card(value: object, path: JsonPath) -> Card:
    """One card in a hand or graveyard: a card name, or an object describing the card (as for permanents)."""
    if isinstance(value, str):
        return Card.of_printed(read_card(value, path))
    if not isinstance(value, dict):
        raise FieldError(path, f"expected a card (a card name or an object), got {describe_json(value)}")
    fields = Fields(value, path, ZONE_CARD)
    named = fields.optional("card", read_card, None)
    if named is None:
        base = DESCRIBED
        why = ": a card without 'card' needs 'name' and 'type_line'"
        name = fields.required("name", read_text, why)
        type_line = fields.required("type_line", read_type_line, why)
    else:
        base = named
        name = fields.optional("name", read_text, base.name)
        type_line = fields.optional("type_line", read_type_line, base.type_line)
    if not type_line.card_types:
        where = "type_line" if fields.given("type_line") else "card"
        raise FieldError((*path, where), f"the type line {quote(str(type_line))} has no card type")
    return Card(
        card=base.card,
        name=name,
        type_line=type_line,
        oracle=fields.optional("oracle", read_str, base.oracle),
        mana_cost=fields.optional("mana_cost", read_cost, base.mana_cost),
        color_indicator=fields.optional("color_indicator", read_colors, base.color_indicator),
        power=fields.optional("power", read_printed, base.power),
    )


def read_cards(value: object, path: JsonPath) -> tuple[Card, ...]:
    """A list of cards (a hand, a graveyard), at most :data:`~models.limits.MAX_ZONE_CARDS`."""
    entries = json_list(value, path, "cards (card names or objects)")
    _zone_size(len(entries), path)
    return tuple(read_zone_card(entry, (*path, position)) for position, entry in enumerate(entries))


def _zone_size(size: int, path: JsonPath) -> int:
    """A zone's number of cards, at most :data:`~models.limits.MAX_ZONE_CARDS`."""
    if size > MAX_ZONE_CARDS:
        raise FieldError(path, f"{size} cards is more than the limit of {MAX_ZONE_CARDS:,}")
    return size


def read_graveyard(value: object, path: JsonPath) -> tuple[Card, ...] | int:
    """A graveyard: a list of cards, or how many cards it holds when only the number matters."""
    if isinstance(value, int) and not isinstance(value, bool):
        return _zone_size(read_count(value, path), path)
    if not isinstance(value, list):
        raise FieldError(path, f"expected a list of cards or a count of cards, got {describe_json(value)}")
    return read_cards(value, path)


def read_spells_cast(value: object, path: JsonPath) -> tuple[Card, ...] | int:
    """The spells a player cast this turn: how many, or the spells themselves (names or objects, as in a
    hand).

    >>> spells = read_spells_cast(["Lightning Bolt"], ())
    >>> read_spells_cast(2, ()), [card.name for card in spells] if isinstance(spells, tuple) else spells
    (2, ['Lightning Bolt'])
    """
    return read_counted_cards(value, path, "spells")


def read_creatures_died(value: object, path: JsonPath) -> tuple[Card, ...] | int:
    """The creatures that died this turn: how many, or the cards themselves (names or objects, as in a hand).

    >>> read_creatures_died("two", ())  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    models...FieldError: expected a count of creatures or a list of cards, got the string 'two'
    """
    return read_counted_cards(value, path, "creatures")


def read_attackers(value: object, path: JsonPath) -> tuple[Card, ...] | int:
    """The creatures a player attacked with this turn: how many, or the cards themselves."""
    return read_counted_cards(value, path, "creatures")


def read_counted_cards(value: object, path: JsonPath, noun: str) -> tuple[Card, ...] | int:
    """A fact of the turn given as how many ``noun``, or as the cards themselves (names or objects)."""
    if isinstance(value, int) and not isinstance(value, bool):
        return read_count(value, path)
    if not isinstance(value, list):
        raise FieldError(path, f"expected a count of {noun} or a list of cards, got {describe_json(value)}")
    return read_cards(value, path)


def read_library(value: object, path: JsonPath) -> tuple[Card, ...] | int:
    """A library: how many cards it holds, or the cards in it (names or objects, as in a hand)."""
    if isinstance(value, int) and not isinstance(value, bool):
        return _zone_size(read_count(value, path), path)
    if not isinstance(value, list):
        raise FieldError(path, f"expected a count of cards or a list of cards, got {describe_json(value)}")
    return read_cards(value, path)
