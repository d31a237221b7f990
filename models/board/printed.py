"""A card's printed characteristics and where they come from: the built-in catalogue, or the card store
through the resolver given to the board's loader; a card's colors; printed numbers.

>>> forest = catalogue_card("forest")
>>> forest.name, str(forest.type_line), forest.mana_cost, forest.token
('Forest', 'Basic Land — Forest', None, False)
"""

from __future__ import annotations

from contextvars import ContextVar
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final, NoReturn

from models.board.json_fields import FieldError, JsonPath, parse_colors, quote, read_text
from models.catalogue import closest_names, lookup
from models.cost import ManaCost
from models.kept import per_card
from models.mana import ManaTypes
from models.oracle import parse_oracle
from models.types import TypeLine

if TYPE_CHECKING:
    from models.carddata.faces import CardFace
    from models.carddata.names import CardResolver, ResolvedCard

#: The resolver of ``card`` names while a board is being read (None: the catalogue alone).
CARD_RESOLVER: ContextVar[CardResolver | None] = ContextVar("board_cards", default=None)


@dataclass(frozen=True, slots=True)
class PrintedCard:
    """A card's characteristics before the board's overrides: the catalogue's, or none for a custom card."""

    card: str | None
    name: str
    type_line: TypeLine
    oracle: str
    mana_cost: ManaCost | None
    color_indicator: ManaTypes | None
    token: bool
    power: int | None = None
    toughness: int | None = None


#: The base of a card the board describes by its text alone: no printed characteristics to start from.
DESCRIBED: Final = PrintedCard(None, "", TypeLine(), "", None, None, False)


def printed_json(
    name: str,
    type_line: TypeLine,
    oracle: str,
    mana_cost: ManaCost | None,
    color_indicator: ManaTypes | None,
    power: int | None,
    toughness: int | None = None,
) -> dict[str, Any]:
    """The board-file object of a card given by its printed characteristics: its name and type line, and
    each other one it has.

    >>> printed_json("Homebrew Grove", TypeLine.parse("Land"), "{T}: Add {G}.", None, None, None)
    {'name': 'Homebrew Grove', 'type_line': 'Land', 'oracle': '{T}: Add {G}.'}
    """
    out: dict[str, Any] = {"name": name, "type_line": str(type_line)}
    if oracle:
        out["oracle"] = oracle
    if mana_cost is not None:
        out["mana_cost"] = str(mana_cost)
    if color_indicator is not None:
        out["color_indicator"] = str(color_indicator)
    for key, number in (("power", power), ("toughness", toughness)):
        if number is not None:
            out[key] = number
    return out


def printed_number(text: str | None) -> int | None:
    """A printed power or toughness as a number, or None when it is not one (``"*"``, ``"1+*"``, none).

    >>> printed_number("2"), printed_number("-1"), printed_number("*"), printed_number(None)
    (2, -1, None, None)
    """
    if text is None:
        return None
    try:
        return int(text.strip())
    except ValueError:
        return None


def card_colors(
    mana_cost: ManaCost | None, color_indicator: ManaTypes | None, oracle: str = "", name: str = ""
) -> ManaTypes:
    """A card's colors: none when its text has devoid (CR 702.114a, in every zone), else its color indicator,
    else its mana cost's colors (CR 105.2, 202.2).

    >>> str(card_colors(ManaCost.parse("{1}{R}{G}"), None)), str(card_colors(None, ManaTypes.parse("U")))
    ('RG', 'U')
    >>> str(card_colors(ManaCost.parse("{2}{U}"), None, "Devoid (This card has no color.)"))
    ''
    """
    if oracle and "devoid" in parse_oracle(oracle, name).keywords:
        return ManaTypes()
    if color_indicator is not None:
        return color_indicator
    return mana_cost.colors if mana_cost is not None else ManaTypes()


def catalogue_card(name: str) -> PrintedCard | None:
    """The catalogue card with this name (any case), parsed; None when unknown; ValueError when malformed."""
    data = lookup(name)
    return None if data is None else _parsed_catalogue_card(data.name)


@per_card(maxsize=65536)  # (one parsed card per catalogue name: bounded by the catalogue)
def _parsed_catalogue_card(name: str) -> PrintedCard:
    """The catalogue card with this exact name, parsed once (so the cache is bounded by the catalogue)."""
    data = lookup(name)
    assert data is not None
    return PrintedCard(
        card=data.name,
        name=data.name,
        type_line=TypeLine.parse(data.type_line),
        oracle=data.oracle,
        mana_cost=ManaCost.parse(data.mana_cost) if data.mana_cost and data.mana_cost.strip() else None,
        color_indicator=parse_colors(data.color_indicator) if data.color_indicator else None,
        token=data.token,
        power=printed_number(data.power),
        toughness=printed_number(data.toughness),
    )


# --------------------------------------------------------------------------------------------------------
# Card names in a board file


def read_card(value: object, path: JsonPath) -> PrintedCard:
    """A card name, with its characteristics from the catalogue (or from the resolver given to the loader);
    unknown names get suggestions."""
    name = read_text(value, path)
    resolver = CARD_RESOLVER.get()
    if resolver is not None:
        found = resolver.resolve(name)
        if found is None:
            where = "the built-in catalogue" if resolver.store is None else "the card store nor the catalogue"
            _unknown_card(name, resolver.suggestions(name), where, path)
        if found.source == "store":
            return _store_face(found, path)
        name = found.name
    elif lookup(name) is None:
        _unknown_card(name, closest_names(name), "the built-in catalogue", path)
    return _catalogue_base(name, path)


def _unknown_card(name: str, close: list[str], where: str, path: JsonPath) -> NoReturn:
    """Raise the unknown-card error, with suggestions when some names are close."""
    if close:
        options = " or ".join(filter(None, (", ".join(map(repr, close[:-1])), repr(close[-1]))))
        raise FieldError(path, f"unknown card {quote(name)}; did you mean {options}?")
    raise FieldError(
        path,
        f"unknown card {quote(name)}: it is not in {where}; "
        "describe it with name, type_line and oracle instead",
    )


def _catalogue_base(name: str, path: JsonPath) -> PrintedCard:
    """The catalogue card with this name (known to exist)."""
    try:
        card = catalogue_card(name)
    except ValueError as error:
        raise FieldError(path, f"the catalogue entry for {quote(name)} is malformed: {error}") from None
    assert card is not None
    return card


@per_card(maxsize=4096)
def face_card(face: CardFace) -> PrintedCard:
    """A stored card face's characteristics, parsed once."""
    return PrintedCard(
        card=face.name,
        name=face.name,
        type_line=TypeLine.parse(face.type_line),
        oracle=face.oracle,
        mana_cost=ManaCost.parse(face.mana_cost) if face.mana_cost.strip() else None,
        color_indicator=parse_colors(face.color_indicator) if face.color_indicator else None,
        token=False,
        power=printed_number(face.power),
        toughness=printed_number(face.toughness),
    )


def stored_card(name: str, path: JsonPath) -> PrintedCard | None:
    """The card of the card store given to the loader with this name, when the catalogue does not know the
    name (only catalogue cards are known by name alone once the board is saved); None otherwise."""
    resolver = CARD_RESOLVER.get()
    if resolver is None or resolver.store is None or lookup(name) is not None:
        return None
    found = resolver.resolve(name)
    if found is None or found.source != "store":
        return None
    return _store_face(found, path)


def _store_face(found: ResolvedCard, path: JsonPath) -> PrintedCard:
    """The printed characteristics of a card found in the card store; malformed card data is a problem at
    the path that named it."""
    try:
        return face_card(found.face)
    except ValueError as error:
        raise FieldError(path, f"the card data for {quote(found.face.name)} is malformed: {error}") from None
