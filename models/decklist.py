"""Deck lists in every format players export, told apart without being told, resolved by card data.

Formats (:attr:`Deck.format`):

- ``plain``: one card a line, ``4 Llanowar Elves`` or ``4x Llanowar Elves``;
- ``arena``: section headers ``Deck``, ``Sideboard``, ``Commander``, ``Companion`` and a set code and
  collector number after the name, ``4 Lightning Bolt (M11) 149``;
- ``mtgo``: MTGO's ``.txt``: the main deck, a blank line, the sideboard (no headers): a list without section
  headers whose lines form exactly two blocks separated by blank lines reads the second as the sideboard;
- ``mtgo-dek``: MTGO's ``.dek`` XML, ``<Cards Quantity="4" Sideboard="false" Name="..." />``;
- ``moxfield`` and ``archidekt`` text exports: ``1x Sol Ring (cmm) 410 *F*``; ``*CMDR*`` marks the
  commander, other ``*X*`` marks (foil, etched) are ignored, ``[Ramp,Land]`` categories and ``^Tag^`` tags
  too, except that an Archidekt category ``Commander`` marks the commander and ``Sideboard`` or
  ``Maybeboard`` the sideboard and the maybeboard; collector numbers may have letters and stars
  (``165★``, ``123p``, ``2021-1``).

Sections: ``Deck`` (``Main``, ``Mainboard``), ``Commander`` (a 99 + 1 deck: the commander stays in the command
zone), ``Sideboard`` and ``Companion`` (kept in :attr:`Deck.sideboard`, never in the main deck; ``SB:``
lines too), and ``Maybeboard``, ``Considering``, ``About`` and ``Tokens``, whose lines are skipped, as are
comments (``#``, ``//``).

Names are resolved by a :class:`~models.carddata.names.CardResolver` (default: the built-in catalogue; give
one with the card store for Magic's whole card pool). A land is a land because card data says so: a cost
written on a land's line is an error. A spell outside card data gives its mana cost at the end of its line
(``4 Lightning Bolt {R}``); a cost on a line also overrides card data's. Unknown main-deck and commander
names are reported together in one error with suggestions; unknown sideboard names are a warning. A main
deck of an unusual size (not 40, fewer than 60, or a commander deck not of 100) is a warning
(:attr:`Deck.warnings`), not an error. A multi-faced card is named by the card (``A // B``) or its front
face, and :attr:`DeckCard.faces` holds every face (an MDFC's land face is :attr:`DeckCard.land_face`).
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ElementTree
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Final, Literal

from models.carddata.faces import CardFace
from models.carddata.names import CardResolver, ResolvedCard
from models.catalogue import CardData
from models.cost import ManaCost
from models.errors import CostParseError, InputError
from models.folding import fold_name
from models.limits import MAX_DECK_CARDS, checked_name, shortened

__all__ = ["Deck", "DeckCard", "DeckFormat", "DeckListError", "load_deck", "parse_deck"]

DeckFormat = Literal["plain", "arena", "mtgo", "mtgo-dek", "moxfield", "archidekt"]
_Section = Literal["main", "commander", "sideboard", "skipped"]


class DeckListError(InputError):
    """A deck list is malformed or names unknown cards; the message names the file and the lines."""


@dataclass(kw_only=True, frozen=True, slots=True)
class DeckCard:
    """One card of a deck list: its name, how many copies, the lines it came from, and what it is.

    ``card`` is its front face's data (None for a spell known only by the cost on its line); ``cost`` is
    the spell's mana cost (None for lands and for spells without one); ``faces`` every face from card data.
    """

    name: str
    count: int
    lines: tuple[int, ...]
    card: CardData | None
    cost: ManaCost | None
    is_land: bool
    faces: tuple[CardFace, ...] = ()

    @property
    def land_face(self) -> CardFace | None:
        """The first face that is a land (a land's front, an MDFC's land back), or None."""
        return next((face for face in self.faces if face.is_land), None)


@dataclass(frozen=True, slots=True)
class Deck:
    """A parsed deck list: the library's cards, the commanders (outside Commander: none) and the sideboard.

    >>> deck = parse_deck("4 Llanowar Elves\\n20 Forest\\n36 Grizzly Bears {1}{G}")
    >>> deck.size, deck.lands, [(c.name, str(c.cost)) for c in deck.spells], deck.format, deck.warnings
    (60, 20, [('Llanowar Elves', '{G}'), ('Grizzly Bears', '{1}{G}')], 'plain', ())
    """

    source: str
    cards: tuple[DeckCard, ...]
    commanders: tuple[DeckCard, ...] = ()
    sideboard: tuple[DeckCard, ...] = ()
    format: DeckFormat = "plain"
    warnings: tuple[str, ...] = ()

    @property
    def size(self) -> int:
        """Cards in the library (the commanders not included)."""
        return sum(card.count for card in self.cards)

    @property
    def lands(self) -> int:
        """Land cards in the library."""
        return sum(card.count for card in self.cards if card.is_land)

    @property
    def spells(self) -> tuple[DeckCard, ...]:
        """The nonland cards of the library, in list order."""
        return tuple(card for card in self.cards if not card.is_land)

    @property
    def is_commander(self) -> bool:
        """True for a 99 + 1 deck (it has a commander)."""
        return bool(self.commanders)


# --------------------------------------------------------------------------------------------------------
# Reading lines

_HEADERS: Final[dict[str, _Section]] = {
    "deck": "main",
    "main": "main",
    "maindeck": "main",
    "mainboard": "main",
    "commander": "commander",
    "commanders": "commander",
    "sideboard": "sideboard",
    "side": "sideboard",
    "companion": "sideboard",
    "maybeboard": "skipped",
    "considering": "skipped",
    "about": "skipped",
    "tokens": "skipped",
}
#: Archidekt categories that put a card in a section.
_CATEGORY_SECTIONS: Final[dict[str, _Section]] = {
    "commander": "commander",
    "sideboard": "sideboard",
    "maybeboard": "skipped",
}
#: The most digits a count is read with; any count past the deck limit is refused later, by its value.
_MAX_COUNT_DIGITS: Final = 100
_CARD_LINE: Final = re.compile(r"^([0-9]+)\s*[xX]?\s+(.+?)\s*$")
_COST_AT_END: Final = re.compile(r"\s*((?:\{[^{}]*\}\s*)+)$")
_SET_AND_NUMBER: Final = re.compile(r"\s+\(([A-Za-z0-9_]{2,8})\)(?:\s+[A-Za-z0-9★†*\-]+)?$")
_MARK: Final = re.compile(r"\s+\*([A-Za-z]+)\*$")
_TAGS: Final = re.compile(r"\s+\^[^^]*\^$")
_CATEGORIES: Final = re.compile(r"\s+\[([^\[\]]*)\]$")


@dataclass(slots=True)
class _Line:
    """One card line as read, before resolution."""

    section: _Section
    count: int
    name: str
    cost: ManaCost | None
    number: int


@dataclass(slots=True)
class _Reading:
    lines: list[_Line] = field(default_factory=list)
    format: DeckFormat = "plain"


def _strip_decorations(rest: str) -> tuple[str, _Section | None, set[str]]:
    """A line's name part without Moxfield/Archidekt marks, tags, categories and set suffixes; the section
    the marks put it in (None: the current one), and which kinds of decoration were seen."""
    section: _Section | None = None
    seen: set[str] = set()
    while True:
        if match := _MARK.search(rest):
            seen.add("mark")
            if match.group(1).upper() == "CMDR":
                section = "commander"
        elif match := _TAGS.search(rest):
            seen.add("tag")
        elif match := _CATEGORIES.search(rest):
            seen.add("category")
            first = re.split(r"[,{]", match.group(1))[0].strip().lower()
            section = _CATEGORY_SECTIONS.get(first, section)
        else:
            break
        rest = rest[: match.start()]
    return rest, section, seen


def _read_text(text: str, source: str) -> _Reading:
    raw_lines = text.splitlines()
    stripped = [raw.strip() for raw in raw_lines]
    has_headers = any(_header(line) is not None for line in stripped) or any(
        line.upper().startswith("SB:") for line in stripped
    )
    blocks = _blocks(stripped)
    mtgo_style = not has_headers and len(blocks) == 2
    reading = _Reading(format="mtgo" if mtgo_style else "plain")
    kinds: set[str] = set()
    section: _Section = "main"
    for number, line in enumerate(stripped, 1):
        if not line or line.startswith(("#", "//")):
            continue
        if mtgo_style and number >= blocks[1]:
            section = "sideboard"
        line_section: _Section | None = None
        if line.upper().startswith("SB:"):
            line, line_section = line[3:].strip(), "sideboard"
        else:
            header = _header(line)
            if header is not None:
                section = header
                kinds.add("header")
                continue
        if section == "skipped":
            continue
        match = _CARD_LINE.match(line)
        if match is None:
            raise DeckListError(
                f"{source}: line {number}: expected '<count> <card name>' (e.g. '4 Llanowar Elves', "
                f"'4 Lightning Bolt {{R}}'), got {shortened(line)!r}"
            )
        if len(match.group(1)) > _MAX_COUNT_DIGITS:  # (past Python's own limit for reading an int)
            raise DeckListError(
                f"{source}: line {number}: a count of {len(match.group(1))} digits; a deck has at most "
                f"{MAX_DECK_CARDS:,} cards"
            )
        count = int(match.group(1))
        rest, marked_section, seen = _strip_decorations(match.group(2))
        kinds |= seen
        cost: ManaCost | None = None
        if cost_match := _COST_AT_END.search(rest):
            try:
                cost = ManaCost.parse(cost_match.group(1))
            except CostParseError as error:
                raise DeckListError(f"{source}: line {number}: {error}") from None
            rest = rest[: cost_match.start()]
        if set_match := _SET_AND_NUMBER.search(rest):
            kinds.add("set")
            rest = rest[: set_match.start()]
        name = " ".join(rest.split())
        if count < 1 or not name:
            problem = "a card needs a name" if not name else "a count must be at least 1"
            raise DeckListError(f"{source}: line {number}: {problem}: {shortened(line)!r}")
        _check_name(name, f"{source}: line {number}")
        final: _Section = line_section or marked_section or section
        if final != "skipped":
            reading.lines.append(_Line(final, count, name, cost, number))
    if not mtgo_style:
        reading.format = _text_format(kinds, text)
    return reading


def _check_name(name: str, where: str) -> None:
    """Refuse a card name past the limit (contract §14) without echoing it whole."""
    try:
        checked_name(name, where, "a card name")
    except InputError as error:
        raise DeckListError(str(error)) from None


def _header(line: str) -> _Section | None:
    return _HEADERS.get(line.rstrip(":").strip().lower())


def _blocks(lines: list[str]) -> list[int]:
    """The line numbers (1-based) where each block of card lines starts (blocks are separated by blanks)."""
    starts: list[int] = []
    previous_blank = True
    for number, line in enumerate(lines, 1):
        if line.startswith(("#", "//")):
            continue
        if not line:
            previous_blank = True
        elif previous_blank:
            starts.append(number)
            previous_blank = False
    return starts


def _text_format(kinds: set[str], text: str) -> DeckFormat:
    if "category" in kinds or "tag" in kinds:
        return "archidekt"
    if "mark" in kinds or (re.search(r"^\d+x ", text, re.M) and "set" in kinds):
        return "moxfield"
    if "header" in kinds or "set" in kinds:
        return "arena"
    return "plain"


def _read_dek(text: str, source: str) -> _Reading:
    """MTGO's ``.dek`` XML; a document type declaration (which could expand entities) is refused."""
    if re.search(r"<!(?:DOCTYPE|ENTITY)", text, re.I):
        raise DeckListError(f"{source}: a .dek file must not have a DOCTYPE or ENTITY declaration")
    try:
        root = ElementTree.fromstring(text)
    except ElementTree.ParseError as error:
        raise DeckListError(f"{source}: invalid .dek XML: {error}") from None
    reading = _Reading(format="mtgo-dek")
    for position, element in enumerate(root.iter("Cards"), 1):
        name = " ".join((element.get("Name") or "").split())
        quantity = element.get("Quantity") or ""
        if not name or not quantity.isdigit() or int(quantity) < 1:
            raise DeckListError(
                f"{source}: card entry {position}: expected Name and a Quantity of at least 1, "
                f"got Name={shortened(name)!r} Quantity={shortened(quantity)!r}"
            )
        _check_name(name, f"{source}: card entry {position}")
        section: _Section = "sideboard" if (element.get("Sideboard") or "").lower() == "true" else "main"
        reading.lines.append(_Line(section, int(quantity), name, None, position))
    return reading


# --------------------------------------------------------------------------------------------------------
# Resolving


@dataclass(slots=True)
class _Entry:
    name: str
    count: int
    lines: list[int]
    cost: ManaCost | None


def parse_deck(text: str, source: str = "<deck>", *, cards: CardResolver | None = None) -> Deck:
    """Parse a deck list in any supported format (module docstring); raises :class:`DeckListError` naming
    ``source`` and the lines. Every unknown card is listed in one error, each with its lines and the
    closest known names.

    >>> try:
    ...     parse_deck("4 Llanowar Elfs\\n3 Goblin Guide\\n20 Forest", "deck.txt")
    ... except DeckListError as error:
    ...     print(error)  # doctest: +NORMALIZE_WHITESPACE
    deck.txt: unknown cards: line 1 'Llanowar Elfs' (did you mean 'Llanowar Elves' or 'Llanowar Wastes'?);
    line 2 'Goblin Guide'. A spell outside the card data gives its mana cost at the end of its line,
    e.g. '4 Lightning Bolt {R}'
    >>> deck = parse_deck("4 Llanowar Elves\\n56 Forest\\n\\n2 Naturalize {1}{G}")
    >>> deck.format, deck.size, [(c.name, c.count) for c in deck.sideboard]
    ('mtgo', 60, [('Naturalize', 2)])
    """
    resolver = cards if cards is not None else CardResolver()
    stripped = text.lstrip("\ufeff \t\r\n")
    reading = _read_dek(text, source) if stripped.startswith("<") else _read_text(text, source)
    sections: dict[_Section, dict[str, _Entry]] = {"main": {}, "commander": {}, "sideboard": {}}
    for line in reading.lines:
        entries = sections[line.section]
        key = fold_name(line.name)
        if key in entries:
            entry = entries[key]
            if line.cost is not None and entry.cost is not None and line.cost != entry.cost:
                raise DeckListError(
                    f"{source}: line {line.number}: {line.name!r} has the cost {line.cost} here but "
                    f"{entry.cost} on line {entry.lines[0]}"
                )
            entry.count += line.count
            entry.lines.append(line.number)
            entry.cost = entry.cost or line.cost
        else:
            entries[key] = _Entry(line.name, line.count, [line.number], line.cost)
    unknown: list[str] = []
    main = [_resolve(entry, source, resolver, unknown) for entry in sections["main"].values()]
    commanders = [_resolve(entry, source, resolver, unknown) for entry in sections["commander"].values()]
    if unknown:
        raise DeckListError(
            f"{source}: unknown cards: {'; '.join(unknown)}. A spell outside the card data gives its mana "
            "cost at the end of its line, e.g. '4 Lightning Bolt {R}'"
        )
    warnings: list[str] = []
    unknown_sideboard: list[str] = []
    sideboard = [
        _resolve(entry, source, resolver, unknown_sideboard) for entry in sections["sideboard"].values()
    ]
    if unknown_sideboard:
        warnings.append(f"{source}: sideboard cards not in the card data: {'; '.join(unknown_sideboard)}")
    library = _merged(main)
    commander_cards = _merged(commanders)
    for commander in commander_cards:
        if commander.is_land:
            raise DeckListError(f"{source}: line {commander.lines[0]}: a commander can't be a land")
    if not library:
        raise DeckListError(f"{source}: the deck list has no cards")
    size = sum(card.count for card in library)
    if commander_cards and size + sum(c.count for c in commander_cards) != 100:
        total = size + sum(c.count for c in commander_cards)
        warnings.append(f"{source}: a commander deck has 100 cards with its commander; this one has {total}")
    elif not commander_cards and size != 40 and size < 60:
        warnings.append(
            f"{source}: the main deck has {size} cards: constructed decks have at least 60, limited decks 40"
        )
    return Deck(
        source,
        library,
        commander_cards,
        _merged(sideboard),
        reading.format,
        tuple(warnings),
    )


def _merged(cards: list[DeckCard | None]) -> tuple[DeckCard, ...]:
    """The resolved cards with lines naming the same card (``A // B`` and ``B``) merged, in list order."""
    merged: dict[str, DeckCard] = {}
    for card in cards:
        if card is None:
            continue
        known = merged.get(card.name)
        if known is None:
            merged[card.name] = card
        else:
            lines = tuple(sorted((*known.lines, *card.lines)))
            merged[card.name] = replace(known, count=known.count + card.count, lines=lines)
    return tuple(merged.values())


def _card_data(found: ResolvedCard) -> CardData:
    """The front face as the catalogue's record (what simulation reads)."""
    face = found.front
    return CardData(
        name=face.name,
        type_line=face.type_line,
        oracle=face.oracle,
        mana_cost=face.mana_cost or None,
        color_indicator=face.color_indicator or None,
        token=found.token,
    )


def _resolve(entry: _Entry, source: str, resolver: CardResolver, unknown: list[str]) -> DeckCard | None:
    """The deck card for one entry, or None after noting it as unknown (with suggestions)."""
    found = resolver.resolve(entry.name)
    lines = tuple(entry.lines)
    where = ", ".join(map(str, entry.lines))
    if found is None:
        if entry.cost is None:
            hint = resolver.did_you_mean(entry.name)
            unknown.append(f"line {where} {entry.name!r}" + (f" ({hint})" if hint else ""))
            return None
        return DeckCard(
            name=entry.name, count=entry.count, lines=lines, card=None, cost=entry.cost, is_land=False
        )
    data = _card_data(found)
    is_land = found.front.is_land
    if is_land:
        if entry.cost is not None:
            raise DeckListError(f"{source}: line {where}: {found.name} is a land: it has no mana cost")
        return DeckCard(
            name=found.name,
            count=entry.count,
            lines=lines,
            card=data,
            cost=None,
            is_land=True,
            faces=found.faces,
        )
    try:
        cost = (
            entry.cost
            if entry.cost is not None
            else (ManaCost.parse(data.mana_cost) if data.mana_cost else None)
        )
    except CostParseError as error:
        raise DeckListError(
            f"{source}: line {where}: the card data's cost of {found.name}: {error}"
        ) from None
    return DeckCard(
        name=found.name,
        count=entry.count,
        lines=lines,
        card=data,
        cost=cost,
        is_land=False,
        faces=found.faces,
    )


def load_deck(path: str | Path, *, cards: CardResolver | None = None) -> Deck:
    """Read and parse a deck list file (any supported format); errors name the file.

    >>> load_deck("no/such/deck.txt")
    Traceback (most recent call last):
    ...
    models.decklist.DeckListError: no/such/deck.txt: can't read the deck list: No such file or directory
    """
    try:
        text = Path(path).read_text(encoding="utf-8-sig")
    except OSError as error:
        raise DeckListError(f"{path}: can't read the deck list: {error.strerror or error}") from None
    except UnicodeDecodeError:
        raise DeckListError(f"{path}: can't read the deck list: not UTF-8 text") from None
    return parse_deck(text, str(path), cards=cards)
