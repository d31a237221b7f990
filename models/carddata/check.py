"""``cards check``: how the Oracle parser reads every sentence of every face (contract v2, section 5).

Each reading unit of a face's text (see :func:`models.oracle.reading_units`: an activated ability, a keyword
line, or one sentence of any other line) is parsed alone and classed by what the parser made of it:

- ``mana_ability``, ``effect``, ``keyword``, ``choice``: the parser read it as such;
- ``unsupported``: the parser says it is about mana but could not read it (also when a mana ability has a
  part it did not read: the planner will not use that ability);
- ``not_payment``: the parser set it aside, and it adds mana in a way that cannot help while a cost is being
  paid. The parser has no such class yet, so :func:`classify_unit` applies a documented rule: a loyalty
  ability, a triggered ability (``When``, ``Whenever``, ``At``), an ability that targets or touches a library
  (CR 605.1a), or an instant's or sorcery's own effect (CR 605.5b);
- ``ignored``: everything else the parser set aside. An ignored sentence that adds mana is a face the parser
  did not fully read.

The text of each sentence is the parser's: reminder text dropped and the card's own name written ``~``.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Final, Literal

from models.carddata.faces import Card, CardFace, is_permanent_type_line
from models.oracle import ParsedText, parse_oracle, reading_units

__all__ = [
    "READ_AS",
    "CheckReport",
    "FaceReading",
    "ReadAs",
    "SentenceReading",
    "adds_mana",
    "check_cards",
    "classify_unit",
    "has_mana_text",
    "read_face",
    "sentence_shape",
    "unsupported_shapes",
]

ReadAs = Literal["mana_ability", "effect", "keyword", "choice", "not_payment", "ignored", "unsupported"]
#: Every class a sentence can be read as, in the order reports list them.
READ_AS: Final[tuple[ReadAs, ...]] = (
    "mana_ability",
    "effect",
    "keyword",
    "choice",
    "not_payment",
    "ignored",
    "unsupported",
)

_MANA_AMOUNT = r"(?:\{[^{}]+\}|\bmana\b)"
#: "add" followed, within its sentence, by a mana symbol or the word mana.
_ADDS_MANA: Final = re.compile(rf"\badds?\b[^.]*?{_MANA_AMOUNT}", re.I)
_MANA_TEXT: Final = re.compile(
    rf"\badds?\b[^.]*?{_MANA_AMOUNT}|tapped for mana|could produce|spend this mana|unspent mana"
    r"|mana of any type|as though it were mana",
    re.I,
)
_LOYALTY: Final = re.compile(r"^\s*\[?[+\-−]?(?:\d+|X)\]?\s*:")
_TRIGGERED: Final = re.compile(r"^\s*(?:when|whenever|at)\b", re.I)
_TARGETS_OR_LIBRARY: Final = re.compile(r"\btargets?\b|\blibrary\b", re.I)
_ONE_SHOT_TYPES: Final = frozenset({"instant", "sorcery"})


def adds_mana(text: str) -> bool:
    """True when the text adds mana: "add" followed in the same sentence by a mana symbol or "mana".

    >>> adds_mana("{T}: Add {G}."), adds_mana("Add one mana of any color."), adds_mana("Draw a card.")
    (True, True, False)
    """
    return _ADDS_MANA.search(text) is not None


def has_mana_text(type_line: str, oracle: str) -> bool:
    """True for a permanent's face whose text is about mana (what ``faces_with_mana_text`` counts).

    >>> has_mana_text("Land", "{T}: Add {C}."), has_mana_text("Instant", "Add {R}{R}{R}.")
    (True, False)
    >>> has_mana_text("Enchantment", "Whenever a player taps a land for mana, ..."), has_mana_text("Land", "")
    (False, False)
    >>> has_mana_text("Creature — Elf", "Lands you control could produce any color.")
    True
    """
    return is_permanent_type_line(type_line.split("—")[0]) and _MANA_TEXT.search(oracle) is not None


def classify_unit(unit: str, parsed: ParsedText, type_line: str) -> ReadAs:
    """The class of one reading unit from what the parser made of it (the module's rules).

    >>> from models.oracle import parse_oracle
    >>> [classify_unit(u, parse_oracle(u), "Creature") for u in ("{T}: Add {G}.", "Flying", "Draw a card.")]
    ['mana_ability', 'keyword', 'ignored']
    >>> classify_unit("+1: Add {R}{R}.", parse_oracle("+1: Add {R}{R}."), "Legendary Planeswalker — Chandra")
    'not_payment'
    >>> classify_unit("Add {B}{B}{B}.", parse_oracle("Add {B}{B}{B}."), "Instant")
    'not_payment'
    """
    if parsed.unsupported:
        return "unsupported"
    if parsed.mana_abilities:
        return "mana_ability"
    if parsed.effects:
        return "effect"
    if parsed.keywords:
        return "keyword"
    if parsed.choices_needed:
        return "choice"
    if adds_mana(unit) and _cannot_pay(unit, type_line):
        return "not_payment"
    return "ignored"


def _cannot_pay(unit: str, type_line: str) -> bool:
    """The ``not_payment`` rule for a sentence the parser set aside that adds mana."""
    if _LOYALTY.match(unit) or _TRIGGERED.match(unit) or _TARGETS_OR_LIBRARY.search(unit):
        return True
    card_types = set(type_line.split("—")[0].lower().split())
    return bool(card_types & _ONE_SHOT_TYPES) and not card_types & {"land", "creature", "artifact"}


@dataclass(frozen=True, slots=True)
class SentenceReading:
    """One sentence of a face and how the parser reads it.

    >>> SentenceReading("{T}: Add {G}.", "mana_ability").to_json()
    {'text': '{T}: Add {G}.', 'read_as': 'mana_ability'}
    """

    text: str
    read_as: ReadAs

    def to_json(self) -> dict[str, str]:
        """The contract's form, ``{"text": ..., "read_as": ...}``."""
        return {"text": self.text, "read_as": self.read_as}


@dataclass(frozen=True, slots=True)
class FaceReading:
    """How the parser reads one face: its sentences, whether it has mana text, and whether it was fully read.

    A face is fully read when no sentence is ``unsupported`` and no sentence that adds mana is ``ignored``.

    >>> reading = read_face("Llanowar Elves", "Creature — Elf Druid", "{T}: Add {G}.")
    >>> reading.has_mana_text, reading.fully_read, [s.read_as for s in reading.sentences]
    (True, True, ['mana_ability'])
    """

    name: str
    type_line: str
    sentences: tuple[SentenceReading, ...]
    has_mana_text: bool

    @property
    def fully_read(self) -> bool:
        """True when nothing in the face is unsupported and no mana-adding sentence was ignored."""
        return not any(
            s.read_as == "unsupported" or (s.read_as == "ignored" and adds_mana(s.text))
            for s in self.sentences
        )

    def to_json(self) -> dict[str, Any]:
        """The contract's per-face form: name, type line, sentences."""
        return {
            "name": self.name,
            "type_line": self.type_line,
            "sentences": [sentence.to_json() for sentence in self.sentences],
        }

    def cache_json(self) -> dict[str, Any]:
        """What the card store caches of this reading (see :meth:`from_cache`)."""
        return {"sentences": [[s.text, s.read_as] for s in self.sentences], "mana_text": self.has_mana_text}

    @classmethod
    def from_cache(cls, name: str, type_line: str, cached: Mapping[str, Any]) -> FaceReading:
        """The reading rebuilt from :meth:`cache_json`'s data.

        >>> reading = read_face("Sol Ring", "Artifact", "{T}: Add {C}{C}.")
        >>> FaceReading.from_cache(reading.name, reading.type_line, reading.cache_json()) == reading
        True
        """
        sentences = tuple(SentenceReading(text, read_as) for text, read_as in cached["sentences"])
        return cls(name, type_line, sentences, bool(cached["mana_text"]))


def read_face(name: str, type_line: str, oracle: str) -> FaceReading:
    """Read every sentence of one face with the Oracle parser and class each (module docstring).

    >>> reading = read_face("Jeweled Lotus", "Artifact",
    ...     "{T}, Sacrifice Jeweled Lotus: Add three mana of any one color. Spend this mana only to juggle.")
    >>> [(s.text, s.read_as) for s in reading.sentences]
    [('{T}, Sacrifice ~: Add three mana of any one color. Spend this mana only to juggle.', 'unsupported')]
    >>> reading.fully_read
    False
    """
    sentences = tuple(
        SentenceReading(unit, classify_unit(unit, parse_oracle(unit), type_line))
        for unit in reading_units(oracle, name)
    )
    return FaceReading(name, type_line, sentences, has_mana_text(type_line, oracle))


@dataclass(frozen=True, slots=True)
class CheckReport:
    """The readings of every face of some cards, with the contract's summary.

    >>> from models.carddata.faces import Card, CardFace
    >>> elf = CardFace(name="Llanowar Elves", card_name="Llanowar Elves", face_index=0,
    ...     type_line="Creature — Elf Druid", mana_cost="{G}", oracle="{T}: Add {G}.")
    >>> report = check_cards([Card("e", elf.name, "normal", (elf,))])
    >>> report.summary()
    {'cards': 1, 'faces': 1, 'faces_with_mana_text': 1, 'fully_read': 1}
    """

    cards: int
    faces: tuple[FaceReading, ...]

    def summary(self) -> dict[str, int]:
        """Counts of cards, faces, faces with mana text, and faces fully read."""
        return {
            "cards": self.cards,
            "faces": len(self.faces),
            "faces_with_mana_text": sum(face.has_mana_text for face in self.faces),
            "fully_read": sum(face.fully_read for face in self.faces),
        }

    def to_json(self) -> dict[str, Any]:
        """The contract's JSON: ``{"summary": {...}, "faces": [...]}``."""
        return {"summary": self.summary(), "faces": [face.to_json() for face in self.faces]}


def check_cards(
    cards: Iterable[Card], readings: Mapping[tuple[str, int], FaceReading] | None = None
) -> CheckReport:
    """Read every face of every card; ``readings`` holds already known readings by (oracle id, face index)."""
    known = readings or {}
    count = 0
    faces: list[FaceReading] = []
    for card in cards:
        count += 1
        for face in card.faces:
            reading = known.get((card.oracle_id, face.face_index))
            faces.append(reading if reading is not None else read_card_face(face))
    return CheckReport(count, tuple(faces))


def read_card_face(face: CardFace) -> FaceReading:
    """:func:`read_face` of a stored face."""
    return read_face(face.name, face.type_line, face.oracle)


_MANA_SYMBOLS: Final = re.compile(r"(?:\{(?:\d+|[WUBRGCSXYZ](?:/[WUBRGCP])*|\d/[WUBRG])\})+", re.I)
_NUMBER: Final = re.compile(r"(?<![\w{])[+\-−]?\d+\b")


def sentence_shape(text: str, name: str = "") -> str:
    """A sentence with its specifics replaced: runs of mana symbols by ``{M}``, the card's name by ``~``,
    numbers by ``N``. Sentences of the same shape are one thing the parser needs to learn.

    >>> sentence_shape("{2}{G}, {T}: Add {G}{G}. Spend this mana only on Elves.", "")
    '{M}, {T}: Add {M}. Spend this mana only on Elves.'
    >>> sentence_shape("Gemstone Mine deals 3 damage to you.", "Gemstone Mine")
    '~ deals N damage to you.'
    """
    if name:
        text = re.sub(rf"(?<!\w){re.escape(name)}(?!\w)", "~", text)
    return _NUMBER.sub("N", _MANA_SYMBOLS.sub("{M}", text))


def unsupported_shapes(faces: Iterable[FaceReading]) -> list[tuple[str, int]]:
    """The unsupported sentences grouped by :func:`sentence_shape`, most frequent first (then by shape).

    >>> report = [read_face("Alpha", "Land", "{T}: Add {R}. Spend this mana only to juggle."),
    ...           read_face("Beta", "Land", "{T}: Add {G}{G}. Spend this mana only to juggle.")]
    >>> unsupported_shapes(report)
    [('{T}: Add {M}. Spend this mana only to juggle.', 2)]
    """
    shapes: Counter[str] = Counter()
    for face in faces:
        for sentence in face.sentences:
            if sentence.read_as == "unsupported":
                shapes[sentence_shape(sentence.text, face.name)] += 1
    return sorted(shapes.items(), key=lambda item: (-item[1], item[0]))
