"""Deck lists in the text format deck sites and game clients export, resolved against the card catalogue.

One card a line, ``4 Llanowar Elves`` (``4x`` works too, and an Arena set code and number after the name,
``4 Llanowar Elves (DOM) 168``, is ignored). A spell outside the catalogue gives its mana cost at the end of
its line: ``4 Lightning Bolt {R}``; a cost on the line also overrides the catalogue's. Lands must be catalogue
cards, since their Oracle text says what they make.

Sections start with a header line: ``Deck`` (or ``Main``, ``Mainboard``), ``Commander`` (a 99 + 1 deck: the
commander stays in the command zone), and ``Sideboard``, ``Companion``, ``Maybeboard``, ``Considering`` and
``About``, whose lines are ignored, as are ``SB:`` lines, blank lines and comments (``#`` or ``//``). Blank
lines do not start a sideboard: write the header.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from models.catalogue import CardData, did_you_mean, lookup
from models.cost import ManaCost
from models.errors import CostParseError, InputError

__all__ = ["Deck", "DeckCard", "DeckListError", "load_deck", "parse_deck"]


class DeckListError(InputError):
    """A deck list is malformed or names unknown cards; the message names the file and the lines."""


@dataclass(frozen=True, slots=True)
class DeckCard:
    """One card of a deck list: its name, how many copies, the lines it came from, and what it is.

    ``card`` is the catalogue entry (None for a spell known only by the cost on its line); ``cost`` is the
    spell's mana cost (None for lands and for spells without one).
    """

    name: str
    count: int
    lines: tuple[int, ...]
    card: CardData | None
    cost: ManaCost | None
    is_land: bool


@dataclass(frozen=True, slots=True)
class Deck:
    """A parsed deck list: the cards of the library, and the commanders (empty outside Commander).

    >>> deck = parse_deck("4 Llanowar Elves\\n20 Forest\\n36 Grizzly Bears {1}{G}")
    >>> deck.size, deck.lands, [(c.name, str(c.cost)) for c in deck.spells]
    (60, 20, [('Llanowar Elves', '{G}'), ('Grizzly Bears', '{1}{G}')])
    """

    source: str
    cards: tuple[DeckCard, ...]
    commanders: tuple[DeckCard, ...] = ()

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
        """True for a 99 + 1 deck (it has a Commander section)."""
        return bool(self.commanders)


_HEADERS = {
    "deck": "main",
    "main": "main",
    "maindeck": "main",
    "mainboard": "main",
    "commander": "commander",
    "commanders": "commander",
    "sideboard": "ignored",
    "side": "ignored",
    "companion": "ignored",
    "maybeboard": "ignored",
    "considering": "ignored",
    "about": "ignored",
    "tokens": "ignored",
}
_CARD_LINE = re.compile(r"^(\d+)\s*[xX]?\s+(.+?)\s*$")
_COST_AT_END = re.compile(r"\s*((?:\{[^{}]*\}\s*)+)$")
_ARENA_SET = re.compile(r"\s+\([A-Za-z0-9]{2,8}\)(?:\s+[A-Za-z0-9-]+)?$")


@dataclass(slots=True)
class _Entry:
    name: str
    count: int
    lines: list[int]
    cost: ManaCost | None


def parse_deck(text: str, source: str = "<deck>") -> Deck:
    """Parse a deck list (module docstring); raises :class:`DeckListError` naming ``source`` and the lines.

    Every unknown card is listed in one error, each with its line and the closest catalogue names.

    >>> try:
    ...     parse_deck("4 Llanowar Elfs\\n3 Goblin Guide\\n20 Forest", "deck.txt")
    ... except DeckListError as error:
    ...     print(error)  # doctest: +NORMALIZE_WHITESPACE
    deck.txt: unknown cards: line 1 'Llanowar Elfs' (did you mean 'Llanowar Elves' or 'Llanowar Wastes'?);
    line 2 'Goblin Guide'. A spell outside the catalogue gives its mana cost at the end of its line,
    e.g. '4 Lightning Bolt {R}'
    """
    sections: dict[str, dict[str, _Entry]] = {"main": {}, "commander": {}}
    section = "main"
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith(("#", "//")) or line.upper().startswith("SB:"):
            continue
        header = line.rstrip(":").strip().lower()
        if header in _HEADERS:
            section = _HEADERS[header]
            continue
        if section == "ignored":
            continue
        match = _CARD_LINE.match(line)
        if match is None:
            raise DeckListError(
                f"{source}: line {number}: expected '<count> <card name>' (e.g. '4 Llanowar Elves', "
                f"'4 Lightning Bolt {{R}}'), got {line!r}"
            )
        count = int(match.group(1))
        rest = match.group(2)
        cost: ManaCost | None = None
        cost_match = _COST_AT_END.search(rest)
        if cost_match is not None:
            try:
                cost = ManaCost.parse(cost_match.group(1))
            except CostParseError as error:
                raise DeckListError(f"{source}: line {number}: {error}") from None
            rest = rest[: cost_match.start()]
        name = " ".join(_ARENA_SET.sub("", rest).split())
        if count < 1 or not name:
            problem = "a card needs a name" if not name else "a count must be at least 1"
            raise DeckListError(f"{source}: line {number}: {problem}: {line!r}")
        entries = sections[section]
        key = name.lower()
        if key in entries:
            entry = entries[key]
            if cost is not None and entry.cost is not None and cost != entry.cost:
                raise DeckListError(
                    f"{source}: line {number}: {name!r} has the cost {cost} here but {entry.cost} on line "
                    f"{entry.lines[0]}"
                )
            entry.count += count
            entry.lines.append(number)
            entry.cost = entry.cost or cost
        else:
            entries[key] = _Entry(name, count, [number], cost)
    unknown: list[str] = []
    resolved = {
        part: [_resolve(entry, source, unknown) for entry in entries.values()]
        for part, entries in sections.items()
    }
    if unknown:
        raise DeckListError(
            f"{source}: unknown cards: {'; '.join(unknown)}. A spell outside the catalogue gives its mana "
            "cost at the end of its line, e.g. '4 Lightning Bolt {R}'"
        )
    cards = tuple(card for card in resolved["main"] if card is not None)
    commanders = tuple(card for card in resolved["commander"] if card is not None)
    for commander in commanders:
        if commander.is_land:
            raise DeckListError(f"{source}: line {commander.lines[0]}: a commander can't be a land")
    if not cards:
        raise DeckListError(f"{source}: the deck list has no cards")
    return Deck(source, cards, commanders)


def _resolve(entry: _Entry, source: str, unknown: list[str]) -> DeckCard | None:
    """The deck card for one entry, or None after noting it as unknown."""
    card = lookup(entry.name)
    where = ", ".join(map(str, entry.lines))
    if card is None:
        if entry.cost is None:
            hint = did_you_mean(entry.name)
            unknown.append(f"line {where} {entry.name!r}" + (f" ({hint})" if hint else ""))
            return None
        return DeckCard(entry.name, entry.count, tuple(entry.lines), None, entry.cost, is_land=False)
    is_land = "Land" in card.type_line.replace("—", " ").split()
    if is_land:
        if entry.cost is not None:
            raise DeckListError(f"{source}: line {where}: {card.name} is a land: it has no mana cost")
        return DeckCard(card.name, entry.count, tuple(entry.lines), card, None, is_land=True)
    cost = (
        entry.cost if entry.cost is not None else (ManaCost.parse(card.mana_cost) if card.mana_cost else None)
    )
    return DeckCard(card.name, entry.count, tuple(entry.lines), card, cost, is_land=False)


def load_deck(path: str | Path) -> Deck:
    """Read and parse a deck list file; errors name the file.

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
    return parse_deck(text, str(path))
