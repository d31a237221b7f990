"""Forge puzzle files (``.pzl``): the ``[state]`` section read into a board, and a line in ``warnings`` for
everything in it that the board can't hold (contract section 13).

A puzzle has a ``[metadata]`` section (its name, goal, description: not game state, not read) and a
``[state]`` section of ``key=value`` lines, keys in any case: ``ActivePlayer=Human``, ``HumanLife=20``,
``AILife=3``, and for each side (``human``, ``ai``) its zones ``...battlefield=``, ``...hand=``,
``...graveyard=``, ``...library=``, ``...exile=``, ``...command=``, ``...precast=`` as card lists separated
by ``;``, plus ``...counters=ENERGY=3``, ``...manapool=W W U`` and ``...landsplayed=1``. A card is its name
and modifiers, ``Name|Tapped|Counters:P1P1=2|Id:7``; a token is ``t:Name,P:1,T:1,Color:R,Types:Creature-
Goblin,Keywords:Haste,...``. Card names are found in the card store, then the built-in catalogue.

The players are ``human`` and ``ai``; permanents get ids from their names (``llanowar-elves``,
``island-2``; ``ai-`` before the AI's). What is read, and how:

- battlefield cards are permanents, untapped and not summoning sick unless ``|Tapped`` or ``|SummonSick``
  (as Forge places them); ``|Counters:TYPE=N`` (``P1P1`` is ``+1/+1``, other names in lower case),
  ``|ChosenColor:``, ``|ChosenType:`` (a basic land type, a card type or a creature type),
  ``|AttachedTo:N`` and ``|Attaching:N`` (the permanent ``|Id:N``), ``|Transformed`` (the back face),
  ``|IsCommander`` (its color identity is the player's ``commander_colors``), ``|ClassLevel:N`` (a Class's
  ``class_level``; its level counters, a leveler's, are ``|Counters:LEVEL=N``), ``|Set:`` (the printing:
  nothing to read);
- hand and graveyard are the player's ``hand`` and ``graveyard``; the library is its number of cards (the
  board holds a library as a count);
- everything else (exile, the command zone's cards, precast spells, scripted abilities, commander tax, an
  unknown card, key or modifier, a phase other than a main phase) is a warning naming its line.

Forge's game state has no modifier for what a permanent that entered as a copy copied (Vesuva, Clone): such a
permanent is read as itself, and the planner's answers name it in their warnings (``choices.copied``).

>>> puzzle = read_puzzle('''[state]
... ActivePlayer=Human
... HumanLife=7
... humanhand=Lightning Bolt
... humanbattlefield=Forest|Tapped;Llanowar Elves|SummonSick;Forest|Counters:P1P1=2|Frobbed
... ''', "p.pzl")
>>> [(p.id, p.tapped, p.summoning_sick) for p in puzzle.board.permanents]
[('forest', True, False), ('llanowar-elves', False, True), ('forest-2', False, False)]
>>> puzzle.board.player("human").life, [c.name for c in puzzle.board.player("human").hand]
(7, ['Lightning Bolt'])
>>> puzzle.warnings
("line 5: humanbattlefield: 'Forest|Counters:P1P1=2|Frobbed': modifier 'Frobbed' not read",)
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Final

from models.board.json_fields import ROOT, read_board_text
from models.board.state import BOARD_VERSION, Board
from models.carddata.names import CardResolver
from models.errors import BoardError
from models.limits import MAX_NAME_LENGTH, shortened
from models.types import BASIC_LAND_TYPES, CARD_TYPES, SUPERTYPES, TypeLine

if TYPE_CHECKING:
    from models.carddata.names import ResolvedCard

__all__ = ["PUZZLE_SUFFIX", "Puzzle", "is_puzzle", "load_board_file", "read_board", "read_puzzle"]

#: The file name ending of Forge's puzzle files.
PUZZLE_SUFFIX: Final = ".pzl"
#: The sides of a puzzle, by the prefix of their keys, and the player ids they become.
_SIDES: Final = {"human": "human", "ai": "ai"}
_ZONES: Final = ("battlefield", "hand", "graveyard", "library", "exile", "command", "precast")
_COLOR_NAMES: Final = {
    "white": "W",
    "blue": "U",
    "black": "B",
    "red": "R",
    "green": "G",
    **{letter.lower(): letter for letter in "WUBRG"},
}
_MAIN_PHASES: Final = frozenset({"main1", "main2"})
#: A section header line, ``[state]``.
_SECTION: Final = re.compile(r"^\[\s*([A-Za-z_]+)\s*\]$")
#: A mana symbol in text (the colors in a card's Oracle text count towards its color identity, CR 903.4).
_SYMBOL: Final = re.compile(r"\{([^}]*)\}")


@dataclass(frozen=True, slots=True)
class Puzzle:
    """A puzzle file read: the board, what was not read (one line each), and the puzzle's name."""

    board: Board
    warnings: tuple[str, ...] = ()
    name: str = ""


def is_puzzle(text: str, source: str = "") -> bool:
    """True when ``source`` ends in ``.pzl`` or the text's first line that is not a comment is a section
    header (``[metadata]``, ``[state]``): the file is read as a puzzle, not as board JSON.

    >>> is_puzzle("# a note\\n[metadata]\\nName:x"), is_puzzle('{"version": 1}'), is_puzzle("", "a.PZL")
    (True, False, True)
    """
    if source.lower().endswith(PUZZLE_SUFFIX):
        return True
    for line in text.lstrip("\ufeff").splitlines():
        stripped = line.strip()
        if stripped and not stripped.startswith("#"):
            return _SECTION.match(stripped) is not None
    return False


def load_board_file(path: str | os.PathLike[str], *, cards: CardResolver | None = None) -> Puzzle:
    """Read a board file of either format: a Forge puzzle (:func:`is_puzzle`) or board JSON (with no
    warnings); errors name the path as given.

    >>> load_board_file("no/such/puzzle.pzl")
    Traceback (most recent call last):
    ...
    models.errors.BoardError: no/such/puzzle.pzl: (root): cannot read the file: No such file or directory
    """
    return read_board(read_board_text(path), os.fspath(path), cards=cards)


def read_board(text: str, source: str, *, cards: CardResolver | None = None) -> Puzzle:
    """A board from a file's text, read as a puzzle when :func:`is_puzzle` says so, else as board JSON.

    >>> read_board('{"version": 1, "players": [{"id": "me"}]}', "b.json").board.active_player
    'me'
    >>> read_board("[UnityCrossThreadLogger]1/1/2026: Match to X: GreToClientEvent\\n{}", "Player.log")
    Traceback (most recent call last):
    ...
    models.errors.BoardError: Player.log: (root): an MTG Arena Player.log, not a board: 'mana-planner arena' \
reads it
    """
    if is_puzzle(text, source):
        return read_puzzle(text, source, cards=cards)
    if not text.lstrip().startswith("{") and "GreToClientEvent" in text[:100_000]:
        problem = "an MTG Arena Player.log, not a board: 'mana-planner arena' reads it"
        raise BoardError(f"{source}: {ROOT}: {problem}", path=ROOT)
    return Puzzle(Board.loads(text, source, cards=cards))


def read_puzzle(text: str, source: str = "<puzzle>", *, cards: CardResolver | None = None) -> Puzzle:
    """Read a puzzle's text (module docstring); a text with no ``[state]`` section is not a puzzle
    (``BoardError``), and everything not read is a line in the answer's ``warnings``.

    >>> read_puzzle('{"version": 1}', "b.pzl")
    Traceback (most recent call last):
    ...
    models.errors.BoardError: b.pzl: (root): not a Forge puzzle file: no [state] section (line 1 is \
'{"version": 1}')
    """
    reader = _Reader(source, cards or CardResolver())
    name, entries = _sections(text, source, reader.warnings)
    for entry in entries:
        reader.read(entry)
    board = reader.board()
    return Puzzle(board, _counted(reader.warnings), name)


# --------------------------------------------------------------------------------------------------------
# Lines and sections


@dataclass(slots=True)
class _Entry:
    """One ``key=value`` line of ``[state]`` (with what a stray line break split off it)."""

    key: str
    value: str
    line: int


def _sections(text: str, source: str, warnings: list[str]) -> tuple[str, list[_Entry]]:
    """The puzzle's name and its ``[state]`` lines; raises ``BoardError`` when there is no ``[state]``."""
    section: str | None = None
    found_state = False
    name = ""
    entries: list[_Entry] = []
    first = ""
    for number, raw in enumerate(text.lstrip("\ufeff").splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        first = first or line
        header = _SECTION.match(line)
        if header is not None:
            section = header.group(1).lower()
            found_state = found_state or section == "state"
            if section not in ("state", "metadata"):
                warnings.append(f"line {number}: section [{header.group(1)}] not read")
            continue
        if section == "metadata":
            key, _, value = line.partition(":")
            if key.strip().lower() == "name":
                name = value.strip()
        elif section == "state":
            key, equals, value = line.partition("=")
            if equals:
                entries.append(_Entry(key.strip().lower(), value.strip(), number))
            elif entries and entries[-1].key.startswith(tuple(_SIDES)):
                entries[-1].value += line  # (a card list broken by a stray line break)
            else:
                warnings.append(f"line {number}: not a 'key=value' line, not read: {shortened(line)!r}")
        elif section is None:
            break
    if not found_state:
        seen = f" (line 1 is {shortened(first)!r})" if first else " (the file is empty)"
        raise BoardError(f"{source}: {ROOT}: not a Forge puzzle file: no [state] section{seen}", path=ROOT)
    return name, entries


def _split_cards(value: str) -> Iterator[str]:
    """The card specs of a zone's list, ``;``-separated (empty ones skipped)."""
    for spec in value.split(";"):
        if spec.strip():
            yield spec.strip()


# --------------------------------------------------------------------------------------------------------
# The state


@dataclass(slots=True)
class _Side:
    """What one side's lines say, as board-file JSON."""

    player: dict[str, Any]
    permanents: list[dict[str, Any]] = field(default_factory=list)
    lines: dict[str, int] = field(default_factory=dict)  # a JSON path's line, for errors


class _Reader:
    """Reads ``[state]`` lines into board-file JSON (then :meth:`Board.from_dict` checks it all)."""

    def __init__(self, source: str, cards: CardResolver) -> None:
        self.source = source
        self.cards = cards
        self.warnings: list[str] = []
        self.active = "human"
        self.sides = {side: _Side({"id": pid}) for side, pid in _SIDES.items()}
        self.ids: set[str] = set()
        self.forge_ids: dict[str, str] = {}  # Forge's |Id:N -> the permanent's id
        self.unread_ids: dict[str, int] = {}  # Forge's |Id:N of a card not read -> its line
        self.attachments: list[tuple[dict[str, Any], str, str]] = []  # (permanent, Forge id, where)
        self.seen: dict[str, int] = {}
        self.awake = False  # removesummoningsickness=true

    def warn(self, entry: _Entry, problem: str) -> None:
        self.warnings.append(f"line {entry.line}: {entry.key}: {problem}")

    def read(self, entry: _Entry) -> None:
        """Read one line into the state, or warn."""
        if entry.key in self.seen:
            self.warn(entry, f"given again (first on line {self.seen[entry.key]}): both are read")
        self.seen.setdefault(entry.key, entry.line)
        key, value = entry.key, entry.value
        side = next((s for s in _SIDES if key.startswith(s) and key[len(s) :]), None)
        if key == "activeplayer":
            if value.lower() in _SIDES:
                self.active = _SIDES[value.lower()]
            else:
                self.warn(entry, f"{value!r} is not Human or AI: not read (the human is the active player)")
        elif key == "activephase":
            if value.lower() not in _MAIN_PHASES:
                self.warn(entry, f"{value!r} not read: the board is planned as in a main phase")
        elif key in ("turn", "removesummoningsickness"):
            self.awake = self.awake or (key == "removesummoningsickness" and value.lower() == "true")
        elif "$" in value:
            self.warn(entry, f"scripted ability not read: {shortened(value)!r}")
        elif side is not None:
            self.read_side(entry, self.sides[side], key[len(side) :])
        else:
            self.warn(entry, f"not read: {shortened(value)!r}")

    def read_side(self, entry: _Entry, side: _Side, what: str) -> None:
        """One side's line: its life, counters, pool, lands played or a zone."""
        player = side.player
        if what == "life":
            number = _integer(entry.value)
            if number is None:
                self.warn(entry, f"{entry.value!r} is not a whole number: not read")
            else:
                player["life"] = number
        elif what == "landsplayed":
            number = _integer(entry.value)
            if number is None or number < 0:
                self.warn(entry, f"{entry.value!r} is not a count: not read")
            else:
                player["lands_played_this_turn"] = number
        elif what == "counters":
            counters = self.counters(entry, entry.value, entry.value)
            if counters:
                player["counters"] = counters
        elif what in ("manapool", "persistentmana"):
            self.pool(entry, player, persists=what == "persistentmana")
        elif what in ("battlefield", "hand", "graveyard", "library"):
            for spec in _split_cards(entry.value):
                self.card(entry, side, what, spec)
            if what == "library":
                player.setdefault("library", 0)
        elif what in ("exile", "command", "precast"):
            for spec in _split_cards(entry.value):
                self.outside(entry, side, what, spec)
        else:
            self.warn(entry, f"not read: {shortened(entry.value)!r}")

    def pool(self, entry: _Entry, player: dict[str, Any], *, persists: bool) -> None:
        """``W W U``: mana in the player's pool."""
        letters = entry.value.replace(",", " ").split()
        known = [letter.upper() for letter in letters if letter.upper() in ("W", "U", "B", "R", "G", "C")]
        for letter in letters:
            if letter.upper() not in ("W", "U", "B", "R", "G", "C"):
                self.warn(entry, f"mana {letter!r} not read")
        if known:
            mana = "".join(f"{{{letter}}}" for letter in known)
            pool = player.setdefault("pool", [])
            pool.append({"mana": mana, "persists": True} if persists else mana)

    def counters(self, entry: _Entry, spec: str, value: str) -> dict[str, int]:
        """``P1P1=2,CHARGE=1`` (a bare name counts one): counter names to counts."""
        found: dict[str, int] = {}
        for part in value.split(","):
            if not part.strip():
                continue
            name, equals, count_text = part.partition("=")
            count = _integer(count_text) if equals else 1
            if count is None or count < 0 or not name.strip():
                self.warn(entry, f"{shortened(spec)!r}: counters {part.strip()!r} not read")
                continue
            counter = _counter_name(name.strip())
            found[counter] = found.get(counter, 0) + count
        return found

    def resolve(self, entry: _Entry, spec: str, name: str) -> ResolvedCard | None:
        """The card a name finds, or None with a warning."""
        found = self.cards.resolve(name) if len(name) <= MAX_NAME_LENGTH else None
        if found is None:
            hint = self.cards.did_you_mean(name)
            self.warn(
                entry, f"{shortened(spec)!r}: unknown card {shortened(name)!r}{', ' + hint if hint else ''}"
            )
        return found

    def card(self, entry: _Entry, side: _Side, zone: str, spec: str) -> None:
        """One card of a zone the board holds (battlefield, hand, graveyard, library)."""
        name, *modifiers = (part.strip() for part in spec.split("|"))
        if name.lower().startswith("t:"):
            if zone == "battlefield":
                self.token(entry, side, spec, name[2:].strip(), modifiers)
            else:
                self.warn(entry, f"{shortened(spec)!r}: a token in the {zone} is not read")
            return
        if zone == "library":  # (the board holds how many cards the library has, not which)
            side.player["library"] = side.player.get("library", 0) + 1
            self.unread_modifiers(entry, spec, modifiers, {"set", "id"})
            return
        found = self.resolve(entry, spec, name)
        if found is None:
            for modifier in modifiers:
                key, _, value = modifier.partition(":")
                if key.strip().lower() == "id":
                    self.unread_ids[value.strip()] = entry.line
            return
        if zone in ("hand", "graveyard"):
            cards = side.player.setdefault(zone, [])
            side.lines[f"players[{list(_SIDES).index(side.player['id'])}].{zone}[{len(cards)}]"] = entry.line
            cards.append(found.name)
            self.unread_modifiers(entry, spec, modifiers, {"set", "id"})
            return
        permanent: dict[str, Any] = {"card": found.name}
        self.permanent(entry, side, spec, permanent, modifiers, found)

    def token(self, entry: _Entry, side: _Side, spec: str, text: str, modifiers: list[str]) -> None:
        """``t:Name,P:1,T:1,Cost:no cost,Color:R,Types:Creature-Goblin,Keywords:Haste,Image:...``."""
        name, *fields = (part.strip() for part in text.split(","))
        values: dict[str, str] = {}
        for item in fields:
            key, colon, value = item.partition(":")
            if colon:
                values[key.strip().lower()] = value.strip()
            elif item:
                self.warn(entry, f"{shortened(spec)!r}: token field {item!r} not read")
        known = self.cards.resolve(name) if name and len(name) <= MAX_NAME_LENGTH else None
        if known is not None and known.token and "types" not in values:
            self.permanent(entry, side, spec, {"card": known.name, "token": True}, modifiers, known)
            return
        if "types" not in values:
            self.warn(entry, f"{shortened(spec)!r}: a token without 'Types:' (a token script?) not read")
            return
        permanent = self.token_fields(entry, spec, name, values)
        if permanent is not None:
            self.permanent(entry, side, spec, permanent, modifiers, None)

    def token_fields(
        self, entry: _Entry, spec: str, name: str, values: dict[str, str]
    ) -> dict[str, Any] | None:
        """A token's board-file fields from its ``P:``, ``T:``, ``Color:``, ``Types:`` and ``Keywords:``."""
        words = [word for word in values.pop("types").replace("-", " ").split() if word]
        supertypes = [w for w in words if w.capitalize() in SUPERTYPES]
        types = [w for w in words if w.capitalize() in CARD_TYPES]
        subtypes = [w for w in words if w not in supertypes and w not in types]
        if not types:
            self.warn(entry, f"{shortened(spec)!r}: a token with no card type not read")
            return None
        type_line = " ".join(w.capitalize() for w in (*supertypes, *types))
        if subtypes:
            type_line += " — " + " ".join(subtypes)
        permanent: dict[str, Any] = {"name": name or "Token", "type_line": type_line, "token": True}
        keywords = [k.strip() for k in values.pop("keywords", "").split("&") if k.strip()]
        permanent["oracle"] = "\n".join(keywords)
        colors = values.pop("color", "")
        letters = "".join(c for c in colors.upper() if c in "WUBRG")
        if letters:
            permanent["color_indicator"] = letters
        for key, board_key in (("p", "power"), ("t", "toughness")):
            number = _integer(values.pop(key, ""))
            if number is not None:
                permanent[board_key] = number
        values.pop("cost", None)
        values.pop("image", None)
        for key in values:
            self.warn(entry, f"{shortened(spec)!r}: token field {key!r} not read")
        return permanent

    def permanent(
        self,
        entry: _Entry,
        side: _Side,
        spec: str,
        permanent: dict[str, Any],
        modifiers: list[str],
        found: ResolvedCard | None,
    ) -> None:
        """A permanent on the battlefield with its modifiers read."""
        name = found.name if found is not None else str(permanent["name"])
        pid = self.new_id(side, name)
        permanent = {"id": pid, **permanent, "controller": side.player["id"]}
        choices: dict[str, str] = {}
        for modifier in modifiers:
            key, _, value = modifier.partition(":")
            key = key.strip().lower()
            value = value.strip()
            if key in ("tapped", "summonsick"):
                if value.lower() in ("", "true"):
                    permanent["tapped" if key == "tapped" else "summoning_sick"] = True
            elif key == "counters":
                counters = self.counters(entry, spec, value)
                if counters:
                    permanent["counters"] = {**permanent.get("counters", {}), **counters}
            elif key == "chosencolor":
                letter = _COLOR_NAMES.get(value.lower())
                if letter is None:
                    self.warn(entry, f"{shortened(spec)!r}: chosen color {value!r} not read")
                else:
                    choices["color"] = letter
            elif key == "chosentype":
                choices[_type_choice(value)] = value
            elif key in ("attachedto", "attaching"):
                self.attachments.append(
                    (permanent, value, f"line {entry.line}: {entry.key}: {shortened(spec)!r}")
                )
            elif key == "classlevel":
                level = _integer(value)
                if level is None or level < 1 or found is None or not _is_class(found):
                    self.warn(entry, f"{shortened(spec)!r}: class level {value!r} not read")
                else:
                    permanent["class_level"] = level
            elif key == "id":
                self.forge_ids[value] = pid
            elif key == "iscommander":
                self.commander(side, found)
            elif key == "transformed":
                if found is not None and len(found.faces) > 1:
                    permanent["card"] = found.faces[1].name
                else:
                    self.warn(entry, f"{shortened(spec)!r}: 'Transformed' on a card with one face not read")
            elif key != "set":
                self.warn(entry, f"{shortened(spec)!r}: modifier {modifier!r} not read")
        if choices:
            permanent["choices"] = choices
        if self.awake:
            permanent.pop("summoning_sick", None)
        index = sum(len(s.permanents) for s in self.sides.values())
        side.lines[f"permanents[{index}]"] = entry.line
        side.permanents.append(permanent)

    def outside(self, entry: _Entry, side: _Side, zone: str, spec: str) -> None:
        """A card in a zone the board does not hold (exile, command, precast): a warning; a commander's
        color identity is read."""
        name, *modifiers = (part.strip() for part in spec.split("|"))
        lowered = [m.split(":")[0].strip().lower() for m in modifiers]
        if zone == "command" and "iscommander" in lowered:
            found = self.resolve(entry, spec, name)
            if found is not None:
                self.commander(side, found)
            self.warn(
                entry,
                f"{shortened(spec)!r}: the commander's color identity is read; casting it from the "
                "command zone (and its tax) is not on the board",
            )
            return
        self.warn(entry, f"{shortened(spec)!r}: the {zone} zone is not on the board: not read")

    def commander(self, side: _Side, found: ResolvedCard | None) -> None:
        """The player's commander color identity, from the card."""
        if found is None:
            return
        known = set(side.player.get("commander_colors", ""))
        side.player["commander_colors"] = "".join(sorted(known | set(_identity(found)), key="WUBRG".index))

    def unread_modifiers(self, entry: _Entry, spec: str, modifiers: list[str], read: set[str]) -> None:
        for modifier in modifiers:
            if modifier.partition(":")[0].strip().lower() not in read:
                self.warn(
                    entry, f"{shortened(spec)!r}: modifier {modifier!r} not read outside the battlefield"
                )

    def new_id(self, side: _Side, name: str) -> str:
        """A unique permanent id from a name: ``llanowar-elves``, ``island-2``, ``ai-island``."""
        slug = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")[:60] or "card"
        if side.player["id"] != "human":
            slug = f"{side.player['id']}-{slug}"
        pid, number = slug, 1
        while pid in self.ids:
            number += 1
            pid = f"{slug}-{number}"
        self.ids.add(pid)
        return pid

    def board(self) -> Board:
        """The board the lines describe, checked by the board format's own reader."""
        for permanent, forge_id, where in self.attachments:
            target = self.forge_ids.get(forge_id)
            if target is None and forge_id in self.unread_ids:
                unread = self.unread_ids[forge_id]
                self.warnings.append(
                    f"{where}: attached to {forge_id!r}, a card not read (line {unread}): the attachment is "
                    "not read"
                )
            elif target is None or target == permanent["id"]:
                self.warnings.append(
                    f"{where}: attached to {forge_id!r}, which no other card's 'Id:' names: not read"
                )
            else:
                permanent["attached_to"] = target
        data = {
            "version": BOARD_VERSION,
            "active_player": self.active,
            "players": [side.player for side in self.sides.values()],
            "permanents": [p for side in self.sides.values() for p in side.permanents],
        }
        try:
            return Board.from_dict(data, self.source, cards=self.cards)
        except BoardError as error:
            lines = {k: v for side in self.sides.values() for k, v in side.lines.items()}
            path = error.path or ""
            line = next((lines[p] for p in sorted(lines, key=len, reverse=True) if path.startswith(p)), None)
            problem = str(error).removeprefix(f"{self.source}: ")
            where = f"line {line}" if line is not None else ROOT
            raise BoardError(f"{self.source}: {where}: {problem}", path=error.path) from None


def _counted(warnings: list[str]) -> tuple[str, ...]:
    """The warnings in order, each once, with how many times it was given when more than once.

    >>> _counted(["a", "b", "a"])
    ('a (2 times)', 'b')
    """
    counts: dict[str, int] = {}
    for warning in warnings:
        counts[warning] = counts.get(warning, 0) + 1
    return tuple(w if n == 1 else f"{w} ({n} times)" for w, n in counts.items())


def _is_class(found: ResolvedCard) -> bool:
    """True when the card named is a Class (CR 716), which alone has a level."""
    return TypeLine.parse(found.face.type_line).is_a("Class")


def _integer(text: str) -> int | None:
    """A whole number written in decimal (``-3``, ``20``), or None.

    >>> _integer(" 20 "), _integer("-3"), _integer("x"), _integer("9" * 40)
    (20, -3, None, None)
    """
    stripped = text.strip()
    if not re.fullmatch(r"-?\d{1,15}", stripped):
        return None
    return int(stripped)


def _counter_name(forge: str) -> str:
    """A board's counter name for Forge's: ``P1P1`` is ``+1/+1``, ``M1M1`` ``-1/-1``, others in lower case.

    >>> _counter_name("P1P1"), _counter_name("M2M0"), _counter_name("STORAGE")
    ('+1/+1', '-2/-0', 'storage')
    """
    match = re.fullmatch(r"([PM])(\d+)([PM])(\d+)", forge.upper())
    if match is None:
        return forge.lower()
    sign = {"P": "+", "M": "-"}
    return f"{sign[match.group(1)]}{match.group(2)}/{sign[match.group(3)]}{match.group(4)}"


def _type_choice(value: str) -> str:
    """Which ``choices`` field Forge's ``ChosenType`` fills: a basic land type, a card type, a creature type.

    >>> _type_choice("Forest"), _type_choice("artifact"), _type_choice("Shapeshifter")
    ('basic_land_type', 'card_type', 'creature_type')
    """
    if value.capitalize() in BASIC_LAND_TYPES:
        return "basic_land_type"
    if value.capitalize() in CARD_TYPES:
        return "card_type"
    return "creature_type"


def _identity(found: ResolvedCard) -> str:
    """A card's color identity (CR 903.4): the store's, else the colors of its faces' mana costs, color
    indicators and the mana symbols in their text.

    >>> from models.carddata.names import CardResolver
    >>> _identity(CardResolver().resolve("Birds of Paradise")), _identity(CardResolver().resolve("Sol Ring"))
    ('G', '')
    """
    if any(face.color_identity for face in found.faces):
        return "".join(sorted({c for face in found.faces for c in face.color_identity}, key="WUBRG".index))
    letters: set[str] = set()
    for face in found.faces:
        letters.update(face.color_indicator)
        for symbol in _SYMBOL.findall(face.mana_cost + face.oracle):
            letters.update(part for part in symbol.upper().split("/") if part in "WUBRG" and part)
    return "".join(sorted(letters, key="WUBRG".index))
