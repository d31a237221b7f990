"""Coverage of the Oracle parser on real cards: how many permanents with mana text it reads in full, and how
many the planner can *use* (issue 34, item 4: measured as usable, not read).

Run ``python -m benchmarks.bench_parser [FILE...] [--top N]`` (bulk files in any format ``cards import``
reads, plain or ``.gz``; by default the two development files next to the repository,
``../shared/cards/scryfall-oracle-2019-dev.json.gz`` and ``../shared/cards/modern-2020-2026-dev.json.gz``;
a default file that is not there is skipped with a note). Each file is measured on its own, with the
definitions of ``mana-planner cards check`` (one place for each, :mod:`models.carddata.check`): the file is
read by the importer (printings collapsed, tokens and other non-game objects skipped), every face's
sentences are classed by the parser, a face *has mana text* by :func:`~models.carddata.check.has_mana_text`
(a permanent's face whose text adds or changes mana, or one of whose sentences is about mana or costs, read
or refused: issue 35, a face whose only such sentence is a static the reader refuses is counted, and short)
and is *fully read* when none of its sentences is
``unsupported``. A sentence classed ``ignored`` that adds mana would be a misreading: it also makes its
face unread (listed as ``[ignored] shape`` by ``--shapes``).

**Usable.** Each face with mana text is then put alone on a board (:func:`face_board`, the heuristic below)
and the planner is asked, through its public API, what the face could produce (CR 106.7,
:func:`planner.api.could_produce`) and the best way to pay :data:`USABLE_COST` (:func:`planner.api.pay`).
The face is *usable* when the planner answers and no warning of the answer is about the face's text
(:func:`usability`). The warnings (:class:`planner.rules.view.TextWarning`) are of three kinds:

- ``unsupported text ignored: '<sentence>'``: a sentence not read. Counted against the face, as family
  ``unread: <shape>`` (:func:`~models.carddata.check.sentence_shape`: runs of mana symbols ``{M}``, numbers
  ``N``, the card's name ``~``);
- ``mana ability not used (<part>): '<ability>'``: an ability read, then set aside because the planner does
  not execute one of its parts (a cost, an amount, a condition, a restriction, a side effect...). Counted,
  as family ``not used (<part's shape>)``; **except** where the rules themselves forbid the ability while a
  cost is paid (issue 34: "an ability usable only as an instant or a sorcery; 'unless any player pays'"):
  ``condition: activate only as a sorcery ...`` and ``... only when you could cast an instant ...``, and
  ``uncertain: ...`` (mana another player's choice or a die roll or coin flip decides: no payment can count
  on it), and an untap that adds no mana, an ability that creates a token that makes mana, and one that
  adds mana but targets, moves a card to or from a library or is a loyalty ability (no mana ability:
  activated with priority before casting, never while paying, CR 605.1a, 601.2g). Those are listed
  apart, as *set aside by the rules*, and the face stays usable;
- ``mana ability not used (permanents[i].choices.<key>: ...)``: the board does not give a choice the text
  reads (the card exiled with it, a chosen basic land type or color; or ``players[i].speed``, the player's
  speed Samut's reduction reads; or ``players[i].library``, how many cards a library holds). This is about
  the board, not the text: it does not count against the face, and is listed apart as a *board gap* (the
  heuristic below gives every choice the text names, so none is expected). So is a change of the spell's
  cost that asks what the question does not give (the paid cost has no text, no zone it is cast from, no
  targets, no power: "give --cast-from", "give --target", "give --targets", "name the card with --spell"),
  and an alternative cost a permanent grants (Jodah's "rather than pay the mana cost", CR 118.9), which
  replaces a spell's mana cost where the paid cost alone is not known to be one ("name the card with
  --spell"): about the question, not the text.

The only permanents besides the face are the heuristic's hosts, which have no text of their own (a basic
Forest and a vanilla creature), and the cost paid has no text: every other warning is the face's text, and
counts. A planner that raises instead of answering, or answers "no answer in time", counts against the face
as ``no answer: ...``.

**The board** (:func:`face_board`, kept small on purpose): player ``me`` (20 life) controls the face,
untapped and not summoning sick, described by its name, type line, Oracle text, mana cost, color
indicator, power and toughness (when printed as numbers), with, only when its text reads them:

- *counters* (the text says "counter"): 3 of each kind it names ("charge counter", "+1/+1 counters"),
  or 3 +1/+1 counters when it names none; as many as the highest threshold of a station line ("20+ | ...")
  when that is more (a leveler's 3 level counters put it in the striation "LEVEL 1-4" or "LEVEL 2-3");
- *a Class's level*: the highest its text opens ("{3}{U}{R}: Level 3"), so that every level's abilities are
  its own (CR 716.2b);
- *choices* made as it entered: color G ("choose a color", "chosen color"), creature type Elf ("creature
  type"), card type Creature ("card type"), basic land type Forest ("basic land type"), and the exiled card
  ("exiled with", "imprint") as a described red and green card, and the colors of the cards exiled to craft
  it ("used to craft"), red and green too;
- *a hand* ("hand") and *a graveyard* ("graveyard"): Forest, Llanowar Elves, Lightning Bolt, Sol Ring;
- *a library of 60 cards* (a count: "library has", "cards in your library", the library's size it reads);
- *a commander* ("commander"): commander color identity WUBRG;
- *hosts* (it grants a quoted ability, 'has "..."', or is an Aura or an Equipment): a Forest and a vanilla
  creature after it, an Aura attached to the one it enchants (land or creature), an Equipment to the
  creature.

The script prints, for each file: the counts (fully read both as above and as ``cards check`` counts it, which
does not hold an ``ignored`` sentence that adds mana against its face), read % and usable % against the target
(:data:`TARGET_PERCENT`, met or how many faces short), the families still short (the faces not usable grouped
by reason, with a count of faces and an example card each, most frequent first, ``--top`` of them; a face with
two reasons counts in both), the faces set aside by the rules and the board gaps, how many faces are read but
not usable (abilities read, then set aside) and usable but not read (a sentence that adds mana classed
``ignored``, such as a token's reminder text, gives the planner nothing to warn about), how many usable faces
whose text adds mana could produce nothing alone (an indicator, not counted: mostly triggers, abilities
granted to other permanents, tokens made, counts of zero; a silent misread shows there too), and a table by
year (the ``released_at`` of the printing whose wording the importer kept: a reprint's year in an Oracle file,
the set's year in the modern one; files without dates get no such table). Several files end with one summary
row each. Progress goes to standard error every :data:`PROGRESS_EVERY` faces.

``--shapes N`` adds the older table (printed by default before the usable measure): the shapes of the
unsupported sentences of faces with mana text, with a count and an example card each (the families table
holds them too, by face).

``--peers`` measures the same on :data:`PEER_CARDS` instead: the cards that the peers' own tests of mana
payment use (XMage, Forge), with their current Oracle wording, kept in the repository.

``--speed [--against PATH] [--rounds N]`` times first-sight parsing instead (:func:`speed_table`): the
microseconds per card that :func:`~models.oracle.parse_oracle` takes on cards new to it, for the catalogue
and the files' faces, in fresh processes of this checkout and, with ``--against``, of another one with its
directory first on ``sys.path`` (the same cards, handed over as JSON; :mod:`benchmarks.parse_timing` does the
timing in both), ``--rounds`` processes per version and card set, old and new interleaved, each figure the
best round's; then the CPU time of importing :mod:`models.oracle` alone.
"""

from __future__ import annotations

import argparse
import importlib
import json
import math
import re
import sys
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

from benchmarks.bench_versions import output_in_tree
from models.board import Board, printed_number
from models.carddata.check import (
    FaceReading,
    adds_mana,
    read_card_face,
    read_face,
    sentence_shape,
    unsupported_shapes,
)
from models.carddata.faces import Card, CardFace, is_permanent_type_line
from models.cost import PaymentTarget
from models.oracle import PARSER_VERSION
from models.oracle.parsed import PRIORITY_NO_MANA_ABILITY, PRIORITY_TOKEN, PRIORITY_UNTAP
from planner.api import could_produce, pay
from planner.rules.records import TextWarning, WarningKind

__all__ = [
    "DEFAULT_FILE",
    "DEFAULT_FILES",
    "MODERN_FILE",
    "PEER_CARDS",
    "PROGRESS_EVERY",
    "TARGET_PERCENT",
    "USABLE_COST",
    "Coverage",
    "FileMeasure",
    "ManaFace",
    "Usability",
    "UsableCoverage",
    "coverage",
    "face_board",
    "file_report",
    "main",
    "mana_faces",
    "peer_card_faces",
    "peer_faces",
    "speed_table",
    "usability",
    "usable_coverage",
    "warning_family",
]

_SHARED = Path(__file__).resolve().parents[1] / ".." / "shared" / "cards"
DEFAULT_FILE = _SHARED / "scryfall-oracle-2019-dev.json.gz"
#: The development file of cards printed 2020-2026, in current Oracle wording.
MODERN_FILE = _SHARED / "modern-2020-2026-dev.json.gz"
#: What the script measures when no file is given.
DEFAULT_FILES = (DEFAULT_FILE, MODERN_FILE)
#: The share of faces with mana text to read, and to use (issue 34), in percent.
TARGET_PERCENT = 98.0
#: The cost the planner is asked to pay on each face's board: small and generic (any mana pays it).
USABLE_COST = "{1}"
#: The planner's time limit for that payment, in seconds.
_TIME_LIMIT = 5.0
#: How often (in faces put on a board) a progress line goes to standard error.
PROGRESS_EVERY = 200
#: The peers' test cards: ``{"cards": [{"name", "type_line", "mana_cost", "oracle"}]}``.
PEER_CARDS = Path(__file__).resolve().parent / "peer_cards.json"
ROOT = Path(__file__).resolve().parents[1]
#: Prints the CPU seconds that importing the parser takes in a fresh process.
_IMPORT = (
    "import time; started = time.process_time(); import models.oracle; print(time.process_time() - started)"
)


def peer_faces(path: Path = PEER_CARDS) -> list[FaceReading]:
    """How the parser reads each card of the peers' fixture.

    >>> faces = peer_faces()
    >>> any(face.name == "Llanowar Elves" and face.fully_read for face in faces)
    True
    """
    cards = json.loads(path.read_text(encoding="utf-8"))["cards"]
    return [read_face(card["name"], card["type_line"], card["oracle"]) for card in cards]


def _ignored_adding(face: FaceReading) -> list[str]:
    """The sentences of a face classed ``ignored`` although they add mana (a misreading)."""
    return [s.text for s in face.sentences if s.read_as == "ignored" and adds_mana(s.text)]


@dataclass(slots=True)
class Coverage:
    """The counts of one run and the unread shapes of faces with mana text, with an example card each.

    >>> from models.carddata.check import read_face
    >>> odd = "{T}: Add {C}. Spend this mana only on Tuesdays."
    >>> sol = read_face("Sol Ring", "Artifact", "{T}: Add {C}{C}.")
    >>> result = coverage([sol, read_face("Odd", "Artifact", odd)])
    >>> result.with_mana_text, result.fully_read, result.percent
    (2, 1, 50.0)
    >>> result.unread.most_common(1), result.examples["Spend this mana only on Tuesdays."]
    ([('Spend this mana only on Tuesdays.', 1)], 'Odd')
    >>> result.unread_faces
    ['Odd']
    """

    faces: int = 0
    permanents: int = 0
    with_mana_text: int = 0
    fully_read: int = 0
    unread: Counter[str] = field(default_factory=Counter)
    examples: dict[str, str] = field(default_factory=dict)
    unread_faces: list[str] = field(default_factory=list)

    @property
    def percent(self) -> float:
        """Fully read faces as a percentage of the faces with mana text."""
        return 100.0 * self.fully_read / self.with_mana_text if self.with_mana_text else 100.0


def coverage(faces: Iterable[FaceReading]) -> Coverage:
    """Count the faces with mana text and the fully read ones, and collect the unread shapes."""
    result = Coverage()
    for face in faces:
        result.faces += 1
        result.permanents += is_permanent_type_line(face.type_line.split("—")[0])
        if not face.has_mana_text:
            continue
        result.with_mana_text += 1
        misread = _ignored_adding(face)
        result.fully_read += face.fully_read and not misread
        if not face.fully_read or misread:
            result.unread_faces.append(face.name)
        shapes = unsupported_shapes([face])
        shapes += [("[ignored] " + sentence_shape(text, face.name), 1) for text in misread]
        for shape, count in shapes:
            result.unread[shape] += count
            result.examples.setdefault(shape, face.name)
    return result


def peer_card_faces(path: Path = PEER_CARDS) -> list[CardFace]:
    """The peers' fixture cards as faces, with their mana costs (what :func:`usability` puts on a board).

    >>> [face.type_line for face in peer_card_faces() if face.name == "Llanowar Elves"]
    ['Creature — Elf Druid']
    """
    cards = json.loads(path.read_text(encoding="utf-8"))["cards"]
    return [
        CardFace(
            name=card["name"],
            card_name=card["name"],
            face_index=0,
            type_line=card["type_line"],
            mana_cost=card.get("mana_cost") or "",
            oracle=card["oracle"],
        )
        for card in cards
    ]


# --------------------------------------------------------------------------------------------------------
# Usable: each face with mana text alone on a board, and what the planner makes of it


#: A counter kind a text names: the word (or P/T) before "counter(s)".
_COUNTER_KIND: Final = re.compile(r"(?<![\w/+\-−])([+\-−]?\d+/[+\-−]?\d+|[a-z][a-z'\-]*) counters?\b", re.I)
#: Words before "counter" that are not a kind ("a counter", "three counters", "you may counter").
_NOT_COUNTER_KINDS: Final = frozenset(
    {
        *("a", "an", "the", "x", "that", "those", "these", "each", "no", "any", "more", "all", "many"),
        *("this", "its", "his", "her", "their", "your", "additional", "other", "another", "same"),
        *("one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "number", "total"),
        *("different", "of", "and", "or", "with", "as", "than", "fewer", "least", "most", "kind", "type"),
        *("may", "to", "can't", "cannot"),
    }
)
#: The cards of a hand or a graveyard the text reads (catalogue names: a land, a creature, an instant, an
#: artifact, of two colors and colorless).
_ZONE_CARDS: Final = ("Forest", "Llanowar Elves", "Lightning Bolt", "Sol Ring")
#: How many counters of each kind the face gets.
_COUNTERS: Final = 3
#: A threshold of counters a line of the text needs (a Spacecraft's or a Planet's station: "12+ | ...").
_THRESHOLD: Final = re.compile(r"^(\d{1,3})\+ \|", re.M)
#: A Class's class level ability, '{2}{R}: Level 2' (CR 716.2a), and the level it gives.
_CLASS_LEVEL: Final = re.compile(r"^[^:\n]*: Level (\d{1,3})\b", re.M)
#: The card exiled with the face, when its text reads one: described, so that its colors are known.
_EXILED_CARD: Final = {"name": "Bench Exiled Card", "mana_cost": "{R}{G}"}
#: The colors among the cards exiled to craft the face, when its text reads them (the exiled card's).
_CRAFTED_COLORS: Final = "RG"
#: A quoted ability granted to other permanents ('Lands you control have "{T}: Add ..."').
_GRANTS: Final = re.compile(r"\b(?:has|have|gains?)\s+\"", re.I)
_ENCHANT: Final = re.compile(r"^enchant (.+)$", re.I | re.M)
_LAND_WORDS: Final = re.compile(r"\b(?:land|plains|island|swamp|mountain|forest)\b", re.I)
_HOST_LAND: Final = {"id": "host_land", "card": "Forest", "controller": "me"}
_HOST_CREATURE: Final = {
    "id": "host_creature",
    "name": "Bench Bear",
    "type_line": "Creature — Bear",
    "oracle": "",
    "mana_cost": "{1}{G}",
    "controller": "me",
}


def _counter_kinds(text: str) -> list[str]:
    """The counter kinds a text names, in order, each once; ``+1/+1`` when it says "counter" but names none.

    >>> _counter_kinds("Remove a charge counter from ~: Add {C}. Put a +1/+1 counter on it.")
    ['charge', '+1/+1']
    >>> _counter_kinds("{T}: Add {G} for each creature you control with a counter on it."), _counter_kinds("")
    (['+1/+1'], [])
    """
    kinds = [m.group(1).lower() for m in _COUNTER_KIND.finditer(text)]
    named = list(dict.fromkeys(kind for kind in kinds if kind not in _NOT_COUNTER_KINDS))
    return named or (["+1/+1"] if re.search(r"\bcounters?\b", text, re.I) else [])


_CHOSEN_COLOR: Final = re.compile(r"\bchoose a colou?r\b|\bchosen colou?r\b|\bcolou?r chosen\b")


def _choices(text: str) -> dict[str, Any]:
    """The choices made as the face entered that its text reads (module docstring)."""
    lower = text.lower()
    choices: dict[str, Any] = {}
    if _CHOSEN_COLOR.search(lower):
        choices["color"] = "G"
    if "creature type" in lower:
        choices["creature_type"] = "Elf"
    if "card type" in lower:
        choices["card_type"] = "Creature"
    if "basic land type" in lower:
        choices["basic_land_type"] = "Forest"
    if "exiled with" in lower or "imprint" in lower:
        choices["imprinted"] = dict(_EXILED_CARD)
    if "used to craft" in lower:
        choices["crafted_colors"] = _CRAFTED_COLORS
    return choices


#: Words that read how many cards a library holds (Ashiok, Wicked Manipulator's "while your library has at
#: least that many cards in it"): the face's board then gives its player's library as a count
_LIBRARY_SIZE: Final = re.compile(r"\blibrary has\b|\bcards? in (?:your|their|that player's) library\b", re.I)
_LIBRARY_CARDS: Final = 60


def face_board(face: CardFace) -> dict[str, Any]:
    """The board (as a board file's object) on which a face's usability is judged: the face alone, with what
    its text reads (the heuristic of the module's docstring).

    >>> heart = CardFace(name="Coldsteel Heart", card_name="Coldsteel Heart", face_index=0,
    ...     type_line="Snow Artifact", mana_cost="{2}", oracle="As Coldsteel Heart enters, choose a color."
    ...     "\\n{T}: Add one mana of the chosen color.")
    >>> board = face_board(heart)
    >>> [(p["id"], p["choices"]) for p in board["permanents"]], board["players"]
    ([('face', {'color': 'G'})], [{'id': 'me', 'life': 20}])
    >>> vault = CardFace(name="Mage-Ring Network", card_name="Mage-Ring Network", face_index=0,
    ...     type_line="Land", oracle="{1}, {T}: Put a storage counter on this land.\\n{T}, Remove X storage "
    ...     "counters from this land: Add {C} for each storage counter removed this way.")
    >>> face_board(vault)["permanents"][0]["counters"]
    {'storage': 3}
    >>> elevator = CardFace(name="The Eternity Elevator", card_name="The Eternity Elevator", face_index=0,
    ...     type_line="Artifact — Spacecraft", oracle="{T}: Add {C}{C}{C}.\\nStation (Tap another creature "
    ...     "you control: Put charge counters equal to its power on this Spacecraft.)\\n20+ | {T}: Add X "
    ...     "mana of any one color, where X is the number of charge counters on The Eternity Elevator.")
    >>> face_board(elevator)["permanents"][0]["counters"]
    {'charge': 20}
    >>> growth = CardFace(name="Fertile Ground", card_name="Fertile Ground", face_index=0,
    ...     type_line="Enchantment — Aura", oracle="Enchant land\\nWhenever enchanted land is tapped for "
    ...     "mana, its controller adds an additional one mana of any color.")
    >>> [(p["id"], p.get("attached_to")) for p in face_board(growth)["permanents"]]
    [('face', 'host_land'), ('host_land', None), ('host_creature', None)]
    >>> talent = CardFace(name="Test Talent", card_name="Test Talent", face_index=0,
    ...     type_line="Enchantment — Class", oracle="{1}{R}: Level 2\\nCreatures you control get +1/+1."
    ...     "\\n{4}{R}: Level 3 — Draw a card.")
    >>> face_board(talent)["permanents"][0]["class_level"]
    3
    """
    text = face.oracle
    lower = text.lower()
    permanent: dict[str, Any] = {
        "id": "face",
        "controller": "me",
        "name": face.name,
        "type_line": face.type_line,
        "oracle": text,
        "mana_cost": face.mana_cost,
    }
    if face.color_indicator:
        permanent["color_indicator"] = face.color_indicator
    for key, printed in (("power", face.power), ("toughness", face.toughness)):
        if (value := printed_number(printed)) is not None:
            permanent[key] = value
    if kinds := _counter_kinds(text):
        thresholds = [int(n) for n in _THRESHOLD.findall(text)]  # (a station's "12+ | ...")
        permanent["counters"] = dict.fromkeys(kinds, max([_COUNTERS, *thresholds]))
    if choices := _choices(text):
        permanent["choices"] = choices
    subtypes = face.type_line.partition("—")[2].split()
    if "Class" in subtypes and (levels := _CLASS_LEVEL.findall(text)):
        permanent["class_level"] = max(int(level) for level in levels)
    player: dict[str, Any] = {"id": "me", "life": 20}
    if "commander" in lower:
        player["commander_colors"] = "WUBRG"
    if re.search(r"\bhands?\b", lower):
        player["hand"] = list(_ZONE_CARDS)
    if "graveyard" in lower:
        player["graveyard"] = list(_ZONE_CARDS)
    if _LIBRARY_SIZE.search(text):
        player["library"] = _LIBRARY_CARDS
    permanents = [permanent]
    if _GRANTS.search(text) or "Aura" in subtypes or "Equipment" in subtypes:
        permanents += [dict(_HOST_LAND), dict(_HOST_CREATURE)]
        enchant = _ENCHANT.search(text)
        if "Equipment" in subtypes or (enchant and "creature" in enchant.group(1).lower()):
            permanent["attached_to"] = "host_creature"
        elif enchant and _LAND_WORDS.search(enchant.group(1)):
            permanent["attached_to"] = "host_land"
    return {"version": 1, "players": [player], "permanents": permanents}


#: Warnings about abilities the rules themselves forbid while a cost is paid, or whose mana no payment can
#: count on: not held against the face (module docstring).
_RULES_SET_ASIDE: Final = re.compile(
    r"condition: activate only (?:as a sorcery|when you could cast an instant)|uncertain: |"
    + "|".join(map(re.escape, (PRIORITY_UNTAP, PRIORITY_TOKEN, *PRIORITY_NO_MANA_ABILITY.values()))),
    re.I,
)
#: Warnings about a choice the board does not give (or a player's speed, CR 702.179, or the library's size):
#: about the board, not the text.
_BOARD_GAP: Final = re.compile(r"permanents\[\d+\]\.choices\.|players\[\d+\]\.(?:speed|library)\b")
#: Warnings about a fact of the spell the question does not give (the cost paid has none): about the
#: question, not the text (listed with the board gaps).
_QUESTION_GAP: Final = re.compile(
    r".*(?:give --(?:cast-from|cast-by|targets?|commander-casts|keyword)\b|name the card with --spell)"
)


def _shape(text: str, name: str) -> str:
    """:func:`~models.carddata.check.sentence_shape`, with a rules citation ``(CR 601.2a)`` left as it is."""
    head, citation, tail = text.partition(" (CR ")
    return sentence_shape(head, name) + citation + tail


def warning_family(warning: TextWarning, name: str) -> tuple[str, str]:
    """A warning's kind, ``short`` (held against the face), ``rules`` (set aside as the rules require) or
    ``board`` (a choice the board does not give), and its family: ``unread: <sentence shape>`` or
    ``not used (<shape of the part not executed>)``.

    >>> warning_family(TextWarning("face", "Spend this mana only on Tuesdays."), "Odd")
    ('short', 'unread: Spend this mana only on Tuesdays.')
    >>> warning_family(TextWarning("face", "{T}, Discard a card: Add {R}.", "cost: Discard a card"), "Odd")
    ('short', 'not used (cost: Discard a card)')
    >>> warning_family(TextWarning("face", "{T}: Add {R}. Activate only as a sorcery.", "condition: activate "
    ...     "only as a sorcery, and the stack is not empty while a cost is paid (CR 601.2a)"), "Odd")[0]
    'rules'
    >>> warning_family(TextWarning("face", "Spells you cast from exile cost {1} less to cast.", "the zone "
    ...     "the spell is cast from is not known: not applied; give --cast-from (CR 601.2a)"), "Doc")[0]
    'board'
    >>> warning_family(TextWarning("face", "...", "permanents[0].choices.imprinted: not given"), "Lens")
    ('board', 'not used (permanents[N].choices.imprinted: not given)')
    """
    if warning.kind is WarningKind.UNSUPPORTED:
        return "short", "unread: " + sentence_shape(warning.sentence, name)
    family = f"not used ({_shape(warning.reason, name)})"
    if _RULES_SET_ASIDE.match(warning.reason):
        return "rules", family
    if _BOARD_GAP.match(warning.reason) or _QUESTION_GAP.match(warning.reason):
        return "board", family
    return "short", family


@dataclass(frozen=True, slots=True)
class Usability:
    """What the planner made of one face alone on its board (:func:`face_board`): the families of the
    warnings held against it (``short``; empty when it is usable), of those set aside by the rules and of the
    board gaps (neither held against it), and the types it could produce (CR 106.7)."""

    name: str
    short: tuple[str, ...] = ()
    rules: tuple[str, ...] = ()
    board: tuple[str, ...] = ()
    produces: str = ""

    @property
    def usable(self) -> bool:
        """True when the planner answered with no warning held against the face."""
        return not self.short


def _first_line(error: BaseException) -> str:
    text = str(error).strip()
    return text.splitlines()[0] if text else type(error).__name__


def usability(face: CardFace) -> Usability:
    """Put the face alone on its board, ask the planner what it could produce and to pay
    :data:`USABLE_COST`, and sort the answer's warnings (:func:`warning_family`).

    >>> def face(text: str) -> CardFace:
    ...     return CardFace(name="Rock", card_name="Rock", face_index=0, type_line="Artifact", oracle=text)
    >>> sol = usability(face("{T}: Add {C}{C}."))
    >>> sol.usable, sol.produces
    (True, 'C')
    >>> usability(face("{T}, Reveal a card from your hand: Add {R}.")).short
    ('not used (cost: Reveal a card from your hand)',)
    >>> usability(face("{T}: Add {G}. Spend this mana only on Tuesdays.")).short
    ('unread: {T}: Add {M}. Spend this mana only on Tuesdays. [Spend this mana only on Tuesdays.]',)
    >>> slow = usability(face("{T}: Add {R}. Activate only as a sorcery."))
    >>> slow.usable, slow.rules  # doctest: +ELLIPSIS
    (True, ('not used (condition: activate only as a sorcery, ... (CR 601.2a))',))
    """
    try:
        board = Board.from_dict(face_board(face))
        produces = str(could_produce(board, "me")["face"])
        answer = pay(board, PaymentTarget.of(USABLE_COST), time_limit=_TIME_LIMIT)
    except Exception as error:  # any failure is the planner not answering on this face
        return Usability(
            face.name, (f"no answer: {type(error).__name__}: {_shape(_first_line(error), face.name)}",)
        )
    found: dict[str, list[str]] = {"short": [], "rules": [], "board": []}
    for warning in answer.warnings:
        kind, family = warning_family(warning, face.name)
        found[kind].append(family)
    if answer.payable is None:
        found["short"].append(f"no answer: {answer.reason}")
    short, rules, board_gaps = (tuple(dict.fromkeys(found[kind])) for kind in ("short", "rules", "board"))
    return Usability(face.name, short, rules, board_gaps, produces)


@dataclass(frozen=True, slots=True)
class ManaFace:
    """A face with mana text of a file: the face, the parser's reading of it, and the year of the printing
    whose wording was kept (``""`` when the file gives none)."""

    face: CardFace
    reading: FaceReading
    year: str = ""

    @property
    def read(self) -> bool:
        """True when the face is fully read, with no sentence that adds mana put aside as ``ignored`` (as
        :func:`coverage` counts it)."""
        return self.reading.fully_read and not _ignored_adding(self.reading)


@dataclass(frozen=True, slots=True)
class FileMeasure:
    """What one file holds for the benchmark: its cards' count, every face's reading, its faces with mana
    text."""

    cards: int
    readings: tuple[FaceReading, ...]
    mana: tuple[ManaFace, ...]


def mana_faces(cards: Iterable[Card]) -> FileMeasure:
    """Read every face of the cards (as ``cards check`` does) and keep those with mana text, with their year.

    >>> elf = CardFace(name="Llanowar Elves", card_name="Llanowar Elves", face_index=0,
    ...     type_line="Creature — Elf Druid", mana_cost="{G}", oracle="{T}: Add {G}.")
    >>> bolt = CardFace(name="Lightning Bolt", card_name="Lightning Bolt", face_index=0,
    ...     type_line="Instant", mana_cost="{R}", oracle="Lightning Bolt deals 3 damage to any target.")
    >>> measure = mana_faces([Card("e", elf.name, "normal", (elf,), "2024-08-02"),
    ...     Card("b", bolt.name, "normal", (bolt,))])
    >>> measure.cards, len(measure.readings), [(m.face.name, m.year, m.read) for m in measure.mana]
    (2, 2, [('Llanowar Elves', '2024', True)])
    """
    count = 0
    readings: list[FaceReading] = []
    mana: list[ManaFace] = []
    for card in cards:
        count += 1
        for face in card.faces:
            reading = read_card_face(face)
            readings.append(reading)
            if reading.has_mana_text:
                mana.append(ManaFace(face, reading, card.released_at[:4]))
    return FileMeasure(count, tuple(readings), tuple(mana))


@dataclass(slots=True)
class UsableCoverage:
    """The usable measure of some faces with mana text: counts, the families still short (faces by family,
    an example card each), the families set aside by the rules and the board gaps, the faces where read and
    usable disagree, and by year ``[faces, read, usable]``.

    >>> def face(name: str, text: str) -> ManaFace:
    ...     card = CardFace(name=name, card_name=name, face_index=0, type_line="Artifact", oracle=text)
    ...     return ManaFace(card, read_face(name, "Artifact", text), "2025")
    >>> result = usable_coverage([face("Sol Ring", "{T}: Add {C}{C}."),
    ...     face("Bog Rock", "{T}, Reveal a card from your hand: Add {B}.")])
    >>> result.faces, result.read, result.usable, result.percent, result.read_not_usable
    (2, 2, 1, 50.0, ['Bog Rock'])
    >>> result.short.most_common(), result.examples["not used (cost: Reveal a card from your hand)"]
    ([('not used (cost: Reveal a card from your hand)', 1)], 'Bog Rock')
    >>> result.years
    {'2025': [2, 2, 1]}
    """

    faces: int = 0
    read: int = 0
    usable: int = 0
    short: Counter[str] = field(default_factory=Counter)
    rules: Counter[str] = field(default_factory=Counter)
    board: Counter[str] = field(default_factory=Counter)
    examples: dict[str, str] = field(default_factory=dict)
    read_not_usable: list[str] = field(default_factory=list)
    usable_not_read: list[str] = field(default_factory=list)
    produce_nothing: list[str] = field(default_factory=list)
    years: dict[str, list[int]] = field(default_factory=dict)

    @property
    def percent(self) -> float:
        """Usable faces as a percentage of the faces with mana text."""
        return 100.0 * self.usable / self.faces if self.faces else 100.0

    @property
    def read_percent(self) -> float:
        """Read faces (as :attr:`Coverage.percent`) as a percentage of the faces with mana text."""
        return 100.0 * self.read / self.faces if self.faces else 100.0


def usable_coverage(
    faces: Sequence[ManaFace], progress: Callable[[int, int], None] | None = None
) -> UsableCoverage:
    """:func:`usability` of each face, counted; ``progress(done, total)`` is called every
    :data:`PROGRESS_EVERY` faces and at the end.

    >>> elf = CardFace(name="Llanowar Elves", card_name="Llanowar Elves", face_index=0,
    ...     type_line="Creature — Elf Druid", oracle="{T}: Add {G}.")
    >>> seen = []
    >>> result = usable_coverage([ManaFace(elf, read_card_face(elf))], lambda *done: seen.append(done))
    >>> result.usable, result.years, seen
    (1, {'': [1, 1, 1]}, [(1, 1)])
    """
    result = UsableCoverage()
    # (the CP-SAT model's modules imported first: the first face paying it would spend a share of its time
    # limit importing OR-Tools, which on a loaded machine ran out on that face alone)
    importlib.import_module("planner.solve.cpsat")
    for done, mana_face in enumerate(faces, 1):
        found = usability(mana_face.face)
        name = mana_face.face.name
        result.faces += 1
        result.read += mana_face.read
        result.usable += found.usable
        row = result.years.setdefault(mana_face.year, [0, 0, 0])
        row[0] += 1
        row[1] += mana_face.read
        row[2] += found.usable
        for counter, families in ((result.short, found.short), (result.rules, found.rules)):
            for family in families:
                counter[family] += 1
                result.examples.setdefault(family, name)
        for family in found.board:
            result.board[family] += 1
            result.examples.setdefault(family, name)
        if mana_face.read and not found.usable:
            result.read_not_usable.append(name)
        elif found.usable and not mana_face.read:
            result.usable_not_read.append(name)
        if found.usable and not found.produces and adds_mana(mana_face.face.oracle):
            result.produce_nothing.append(name)
        if progress is not None and (done % PROGRESS_EVERY == 0 or done == len(faces)):
            progress(done, len(faces))
    return result


def _target(percent: float, count: int, total: int) -> str:
    """Whether ``count`` of ``total`` (``percent``) meets :data:`TARGET_PERCENT`, or how many faces short.

    >>> _target(98.0, 98, 100), _target(97.0, 97, 100), _target(83.0, 281, 338)
    ('met', 'short by 1 face', 'short by 51 faces')
    """
    if percent >= TARGET_PERCENT:
        return "met"
    needed = math.ceil(TARGET_PERCENT * total / 100 - 1e-9) - count
    return f"short by {needed} face{'s' if needed != 1 else ''}"


def _family_table(counts: Counter[str], examples: Mapping[str, str], top: int | None) -> list[str]:
    lines = [f"{'faces':>5}  {'example card':<32} family"]
    for family, count in counts.most_common(top):
        lines.append(f"{count:>5}  {examples[family][:32]:<32} {family}")
    return lines


def _examples(names: Sequence[str], count: int = 5) -> str:
    more = f", ... ({len(names) - count} more)" if len(names) > count else ""
    return ", ".join(names[:count]) + more if names else "-"


def file_report(
    measure: FileMeasure, result: UsableCoverage, *, top: int = 25, shapes: int = 0, filed: int = 0
) -> list[str]:
    """The lines printed for one file: the counts, read % and usable % against the target, the families still
    short (``top`` of them), the set-asides by the rules and the board gaps, the disagreements between read
    and usable, the table by year (when the faces have years), with ``shapes``, the unread shapes, and with
    ``filed``, that many shapes of sentences filed away that mention mana (:func:`filed_about_mana`).

    >>> elf = CardFace(name="Llanowar Elves", card_name="Llanowar Elves", face_index=0,
    ...     type_line="Creature — Elf Druid", oracle="{T}: Add {G}.")
    >>> faces = (ManaFace(elf, read_card_face(elf), "2024"),)
    >>> lines = file_report(FileMeasure(1, (faces[0].reading,), faces), usable_coverage(faces))
    >>> [" ".join(line.split()) for line in lines if line.startswith(("usable %", "2024"))]
    ['usable % 100.0% (target 98 %: met)', '2024 1 100.0% 100.0%']
    """
    read = coverage(measure.readings)
    checked = sum(face.has_mana_text and face.fully_read for face in measure.readings)
    lines = [
        f"{'cards':<32}{measure.cards:>8}",
        f"{'faces':<32}{read.faces:>8}",
        f"{'permanent faces':<32}{read.permanents:>8}",
        f"{'faces with mana text':<32}{read.with_mana_text:>8}",
        f"{'fully read':<32}{read.fully_read:>8}",
        f"{'  as cards check counts':<32}{checked:>8}   (it does not count [ignored] misreads as unread)",
        f"{'usable':<32}{result.usable:>8}",
        f"{'read %':<32}{read.percent:>7.1f}%   (target {TARGET_PERCENT:.0f} %: "
        f"{_target(read.percent, read.fully_read, read.with_mana_text)})",
        f"{'usable %':<32}{result.percent:>7.1f}%   (target {TARGET_PERCENT:.0f} %: "
        f"{_target(result.percent, result.usable, result.faces)})",
        f"{'set aside by the rules':<32}{sum(result.rules.values()):>8}   (counted usable)",
        f"{'board gaps':<32}{sum(result.board.values()):>8}   (not counted)",
        f"{'read, not usable':<32}{len(result.read_not_usable):>8}   {_examples(result.read_not_usable)}",
        f"{'usable, not read':<32}{len(result.usable_not_read):>8}   {_examples(result.usable_not_read)}",
        f"{'usable, could produce nothing':<32}{len(result.produce_nothing):>8}   "
        f"{_examples(result.produce_nothing)}",
    ]
    short = result.faces - result.usable
    lines += [
        "",
        f"families still short ({short} faces not usable, {len(result.short)} families; "
        f"the first {min(top, len(result.short))}):",
        *_family_table(result.short, result.examples, top),
    ]
    for title, counts in (
        ("set aside as the rules require (counted usable)", result.rules),
        ("board gaps: choices the board does not give (not counted)", result.board),
    ):
        if counts:
            lines += ["", f"{title}:", *_family_table(counts, result.examples, None)]
    if any(result.years):
        lines += ["", "by year (of the printing whose wording was kept):"]
        lines.append(f"{'year':<8}{'faces':>7}{'read %':>9}{'usable %':>10}")
        for year in sorted(result.years, key=lambda y: y or "~"):
            faces, read_count, usable = result.years[year]
            read_share, usable_share = 100 * read_count / faces, 100 * usable / faces
            lines.append(f"{year or 'unknown':<8}{faces:>7}{read_share:>8.1f}%{usable_share:>9.1f}%")
    else:
        lines += ["", "by year: the file gives no release dates"]
    if shapes:
        lines += [
            "",
            f"unread shapes ({sum(read.unread.values())} sentences, {len(read.unread)} shapes):",
            f"{'count':>5}  {'example card':<32} shape",
        ]
        lines += [f"{n:>5}  {read.examples[k][:32]:<32} {k}" for k, n in read.unread.most_common(shapes)]
    if filed:
        counts, examples = filed_about_mana(measure.mana)
        lines += [
            "",
            f"filed away while they mention mana ({sum(counts.values())} sentences, {len(counts)} shapes; "
            "counted as read: check them by hand):",
            f"{'count':>5}  {'example card':<32} shape",
        ]
        lines += [f"{n:>5}  {examples[k][:32]:<32} {k}" for k, n in counts.most_common(filed)]
    return lines


def filed_about_mana(faces: Iterable[ManaFace]) -> tuple[Counter[str], dict[str, str]]:
    """The sentences of faces with mana text that the reader files as not about a payment or ignored while
    they mention mana, by shape (:func:`~models.carddata.check.sentence_shape`), with an example card each.
    The usable figure counts them as read, so a silent wrong answer hides there: a person checks them.

    >>> vale = CardFace(name="Vale", card_name="Vale", face_index=0, type_line="Land",
    ...     oracle="{T}: Add {C}.\\nWhen this land enters, add {G}.")
    >>> filed_about_mana([ManaFace(vale, read_card_face(vale), "2024")])[0]
    Counter({'[not_payment] When ~ enters, add {M}.': 1})
    """
    shapes: Counter[str] = Counter()
    examples: dict[str, str] = {}
    for mana_face in faces:
        name = mana_face.face.name
        for sentence in mana_face.reading.sentences:
            text = sentence.text
            if sentence.read_as in _FILED_AWAY and (adds_mana(text) or _MANA_WORD.search(text)):
                shape = f"[{sentence.read_as}] {sentence_shape(text, name)}"
                shapes[shape] += 1
                examples.setdefault(shape, name)
    return shapes, examples


#: The classes of sentences that count as read and give the planner nothing.
_FILED_AWAY: Final = ("not_payment", "ignored")
_MANA_WORD: Final = re.compile(r"\bmana\b", re.IGNORECASE)


def _progress(label: str) -> Callable[[int, int], None]:
    """A progress callback that prints one line to standard error."""

    def report(done: int, total: int) -> None:
        print(f"bench_parser: {label}: {done}/{total} faces on their boards", file=sys.stderr, flush=True)

    return report


def speed_table(
    card_sets: Mapping[str, list[tuple[str, str]]], against: Path | None = None, rounds: int = 3
) -> list[str]:
    """The first-sight table (rows of text): per card set, the µs per card of a fresh process's first pass
    and of a warm pass (:mod:`benchmarks.parse_timing`), then the ms of importing the parser; for this
    checkout and, with ``against``, for that one and their ratio (above 1: this checkout is faster)."""
    script = (ROOT / "benchmarks" / "parse_timing.py").read_text(encoding="utf-8")
    trees = [ROOT] if against is None else [against.resolve(), ROOT]
    best: dict[tuple[Path, str], float] = {}
    for number in range(rounds):
        for tree in trees if number % 2 == 0 else trees[::-1]:
            for label, cards in card_sets.items():
                timings = json.loads(output_in_tree(tree, script, {"cards": cards, "warm_rounds": 3}))
                for kind in ("fresh", "warm"):
                    key = (tree, f"{label} ({len(cards)}), {kind} process, µs")
                    best[key] = min(best.get(key, float("inf")), 1e6 * timings[kind])
            key = (tree, "import models.oracle, ms")
            best[key] = min(best.get(key, float("inf")), 1e3 * float(output_in_tree(tree, _IMPORT)))
    labels = list(dict.fromkeys(label for _, label in best))
    width = max(len(label) for label in labels) + 2
    if against is None:
        return [f"{'first sight per card':<{width}}{'this':>10}"] + [
            f"{label:<{width}}{best[ROOT, label]:>10.1f}" for label in labels
        ]
    lines = [f"{'first sight per card':<{width}}{'against':>10}{'this':>10}{'ratio':>9}"]
    for label in labels:
        old, new = best[against.resolve(), label], best[ROOT, label]
        lines.append(f"{label:<{width}}{old:>10.1f}{new:>10.1f}{old / new:>8.2f}x")
    return lines


def _speed(files: Sequence[Path], against: Path | None, rounds: int, command: str) -> None:
    """Print the first-sight table for the catalogue and the files' faces (the files that exist)."""
    from models.catalogue import all_cards
    from planner.cards.importer import read_card_files

    card_sets = {"catalogue": [(card.oracle, card.name) for card in all_cards().values()]}
    for path in files:
        if path.exists():
            faces = [face for card in read_card_files([path]).cards for face in card.faces]
            card_sets[path.name] = [(face.oracle, face.name) for face in faces]
    print(f"$ python -m benchmarks.bench_parser {command}   (parser version {PARSER_VERSION})")
    print(
        f"the best of {rounds} fresh processes per version, interleaved; fresh: each card once in a process "
        "that has parsed nothing; warm: each card again once the parser's caches are emptied"
    )
    for line in speed_table(card_sets, against, rounds):
        print(line)


def _measure_peers() -> FileMeasure:
    """The peers' fixture as one file: every card a face (each read as :func:`peer_faces` reads it)."""
    faces = peer_card_faces()
    readings = tuple(read_face(face.name, face.type_line, face.oracle) for face in faces)
    mana = tuple(ManaFace(face, reading) for face, reading in zip(faces, readings, strict=True))
    return FileMeasure(len(faces), readings, tuple(m for m in mana if m.reading.has_mana_text))


def main(argv: Sequence[str] | None = None) -> int:
    """Print, for each file, the coverage and usable tables; the exit code is 0."""
    from planner.cards.importer import read_card_files

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("files", nargs="*", type=Path)
    parser.add_argument("--top", type=int, default=25, help="how many families still short to list")
    parser.add_argument(
        "--shapes", type=int, default=0, help="also list this many shapes of unsupported sentences"
    )
    parser.add_argument(
        "--filed",
        type=int,
        default=0,
        help="also list this many shapes of sentences filed as not about payment or ignored, mentioning mana",
    )
    parser.add_argument(
        "--peers", action="store_true", help="the peers' test cards (peer_cards.json) instead"
    )
    parser.add_argument("--speed", action="store_true", help="time first-sight parsing instead")
    parser.add_argument("--against", type=Path, help="with --speed: a checkout of another version")
    parser.add_argument("--rounds", type=int, default=3, help="with --speed: processes per version")
    args = parser.parse_args(argv)
    command = " ".join(sys.argv[1:] if argv is None else argv)
    files: list[Path] = args.files or [path for path in DEFAULT_FILES if path.exists()]
    if args.speed:
        _speed(files, args.against, args.rounds, command)
        return 0
    print(f"$ python -m benchmarks.bench_parser {command}".rstrip() + f"   (parser version {PARSER_VERSION})")
    sources: list[tuple[str, Path | None]] = [(path.name, path) for path in files]
    if args.peers:
        sources = [(f"--peers ({PEER_CARDS.name})", None)]
    elif not args.files:
        for absent in DEFAULT_FILES:
            if not absent.exists():
                print(f"{absent.name}: not found next to the repository, skipped")
    rows: list[str] = []
    for label, path in sources:
        print(f"bench_parser: {label}: reading the cards", file=sys.stderr, flush=True)
        measure = _measure_peers() if path is None else mana_faces(read_card_files([path]).cards)
        result = usable_coverage(measure.mana, _progress(label))
        print(f"\n== {label}")
        for line in file_report(measure, result, top=args.top, shapes=args.shapes, filed=args.filed):
            print(line)
        rows.append(
            f"{label[:40]:<40}{result.faces:>11}{result.read_percent:>8.1f}%{result.percent:>9.1f}%   "
            f"{_target(result.percent, result.usable, result.faces)}"
        )
    if len(rows) > 1:
        print(f"\n{'file':<40}{'mana faces':>11}{'read %':>9}{'usable %':>10}   usable target")
        for row in rows:
            print(row)
    return 0


if __name__ == "__main__":
    sys.exit(main())
