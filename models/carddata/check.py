"""``cards check``: how the Oracle parser reads every sentence of every face (contract v2, section 5).

The parser decides every sentence's class (:attr:`models.oracle.ParsedText.sentences`, one of
:data:`~models.oracle.READ_AS`: ``mana_ability``, ``effect``, ``keyword``, ``choice``, ``not_payment``,
``ignored``, ``unsupported``); this module only gathers those readings by face and counts them. A face is
*fully read* when no sentence is ``unsupported`` (:attr:`~models.oracle.ParsedText.fully_read`); a face has
*mana text* when it is a permanent's and its text adds or is about mana, or one of its sentences is about
mana or costs, read or refused (:func:`has_mana_text`). The summary's
``fully_read`` counts the faces with mana text that are fully read, so that it reads as a share of
``faces_with_mana_text``.

The text of each sentence is the parser's: reminder text dropped and the card's own name written ``~``.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Final

from models.carddata.faces import Card, CardFace, is_permanent_type_line
from models.oracle import PART_OF_UNREAD, READ_AS, SentenceReading, adds_mana, parse_oracle
from models.oracle.classify import mentions_mana

__all__ = [
    "READ_ABOUT_MANA",
    "READ_AS",
    "CheckReport",
    "FaceReading",
    "SentenceReading",
    "adds_mana",
    "check_cards",
    "has_mana_text",
    "read_card_face",
    "read_face",
    "sentence_shape",
    "unsupported_shapes",
]

_MANA_AMOUNT = r"(?:\{[^{}]+\}|\bmana\b)"
_MANA_TEXT: Final = re.compile(
    rf"\badds?\b[^.]*?{_MANA_AMOUNT}|tapped for mana|could produce|spend this mana|unspent mana"
    r"|mana of any type|as though it were mana",
    re.I,
)


#: The classes of a sentence read as a mana ability or a static effect (:data:`READ_AS`), which is about
#: mana or costs when the classifier says so (:func:`~models.oracle.classify.mentions_mana`: not a power
#: change, not a keyword granted).
READ_ABOUT_MANA: Final = frozenset({"mana_ability", "effect"})


def has_mana_text(type_line: str, oracle: str, sentences: Iterable[SentenceReading] = ()) -> bool:
    """True for a permanent's face whose text is about mana (what ``faces_with_mana_text`` counts): it adds
    or changes mana in so many words, or one of its ``sentences`` (the parser's) is about mana or costs,
    read (a cost reduction, a type change: :data:`READ_ABOUT_MANA`) or refused (``unsupported``: the
    classifier files a sentence it does not read there only when it is about mana). Without the sentences
    the words alone decide.

    >>> has_mana_text("Land", "{T}: Add {C}."), has_mana_text("Instant", "Add {R}{R}{R}.")
    (True, False)
    >>> has_mana_text("Enchantment", "Whenever a player taps a land for mana, ..."), has_mana_text("Land", "")
    (False, False)
    >>> has_mana_text("Creature — Elf", "Lands you control could produce any color.")
    True
    >>> ashaya = "Nontoken creatures you control are Forest lands in addition to their other types."
    >>> refused = [SentenceReading(ashaya, "unsupported")]
    >>> has_mana_text("Creature", ashaya), has_mana_text("Creature", ashaya, refused)
    (False, True)
    """
    if not is_permanent_type_line(type_line.split("—")[0]):
        return False
    if _MANA_TEXT.search(oracle) is not None:
        return True
    return any(
        s.read_as == "unsupported" or (s.read_as in READ_ABOUT_MANA and mentions_mana(s.text))
        for s in sentences
    )


@dataclass(frozen=True, slots=True)
class FaceReading:
    """How the parser reads one face: its sentences, whether it has mana text, and whether it was fully read.

    A face is fully read when no sentence is ``unsupported``
    (as :attr:`~models.oracle.ParsedText.fully_read`).

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
        """True when no sentence of the face is ``unsupported`` (the parser's test, kept with the cache)."""
        return all(s.read_as != "unsupported" for s in self.sentences)

    def to_json(self) -> dict[str, Any]:
        """The contract's per-face form: name, type line, sentences."""
        return {
            "name": self.name,
            "type_line": self.type_line,
            "sentences": [{"text": s.text, "read_as": s.read_as} for s in self.sentences],
        }

    def cache_json(self) -> dict[str, Any]:
        """What the card store caches of this reading (see :meth:`from_cache`): each sentence as
        ``[text, read_as]``, or ``[text, read_as, note]`` when the parser gave a note."""
        return {
            "sentences": [
                [s.text, s.read_as, s.note] if s.note else [s.text, s.read_as] for s in self.sentences
            ],
            "mana_text": self.has_mana_text,
        }

    @classmethod
    def from_cache(cls, name: str, type_line: str, cached: Mapping[str, Any]) -> FaceReading:
        """The reading rebuilt from :meth:`cache_json`'s data.

        >>> reading = read_face("Sol Ring", "Artifact", "{T}: Add {C}{C}.")
        >>> FaceReading.from_cache(reading.name, reading.type_line, reading.cache_json()) == reading
        True
        """
        sentences = tuple(SentenceReading(*map(str, sentence)) for sentence in cached["sentences"])
        return cls(name, type_line, sentences, bool(cached["mana_text"]))


def read_face(name: str, type_line: str, oracle: str) -> FaceReading:
    """One face's sentences as the Oracle parser classes them (:attr:`~models.oracle.ParsedText.sentences`).

    >>> reading = read_face("Jeweled Lotus", "Artifact",
    ...     "{T}, Sacrifice Jeweled Lotus: Add three mana of any one color. Spend this mana only to juggle.")
    >>> [(s.text, s.read_as) for s in reading.sentences]
    [('{T}, Sacrifice ~: Add three mana of any one color.', 'unsupported'), \
('Spend this mana only to juggle.', 'unsupported')]
    >>> reading.fully_read
    False
    """
    legendary = "legendary" in type_line.partition("\u2014")[0].lower().split()  # (any card file's line)
    sentences = parse_oracle(oracle, name, legendary=legendary).sentences
    return FaceReading(name, type_line, sentences, has_mana_text(type_line, oracle, sentences))


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
        """Counts of cards, faces, faces with mana text, and faces with mana text fully read."""
        return {
            "cards": self.cards,
            "faces": len(self.faces),
            "faces_with_mana_text": sum(face.has_mana_text for face in self.faces),
            "fully_read": sum(face.has_mana_text and face.fully_read for face in self.faces),
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

    When the parser names the part of an ability it did not read, the ability's other sentences (parser note
    :data:`~models.oracle.PART_OF_UNREAD`) are left out: the part not read is the shape to learn.

    >>> report = [read_face("Alpha", "Land", "{T}: Add {R}. Spend this mana only to juggle."),
    ...           read_face("Beta", "Land", "{T}: Add {G}{G}. Spend this mana only to juggle.")]
    >>> unsupported_shapes(report)
    [('Spend this mana only to juggle.', 2)]
    """
    shapes: Counter[str] = Counter()
    for face in faces:
        for sentence in face.sentences:
            if sentence.read_as == "unsupported" and sentence.note != PART_OF_UNREAD:
                shapes[sentence_shape(sentence.text, face.name)] += 1
    return sorted(shapes.items(), key=lambda item: (-item[1], item[0]))
