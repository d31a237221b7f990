"""The Oracle-text parser: mana abilities and the effects that change mana, from rules text.

It reads real Oracle wording (and the obvious variants of older wording), one ability per line, and turns
each sentence into a structured record of :mod:`models.abilities`. Every sentence ends up in exactly one
place: a mana ability, an effect, a keyword, a choice the card needs, ``ignored`` (nothing to do with mana:
flying, card draw, upkeep triggers) or ``unsupported`` (it is about mana but the parser cannot read it).
Nothing is dropped silently.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Final, NamedTuple, TypedDict

from models.abilities import (
    AbilityCost,
    ActivationBan,
    Amount,
    ColorChange,
    Condition,
    CostModifier,
    GrantAbility,
    ManaAbility,
    ManaOutput,
    ManaTrigger,
    NotPaymentKind,
    NotPaymentMana,
    ObjectFilter,
    OutputKind,
    PaletteKind,
    ProductionReplacement,
    SpendAsThough,
    SpendPurpose,
    SpendRestriction,
    SpendUse,
    StaticEffect,
    TapDamage,
    TypeChange,
    UnspentManaEffect,
    UnspentMode,
    Who,
)
from models.errors import OracleParseError
from models.folding import plain_quotes
from models.mana import ALL_COLORS, ALL_TYPES, ManaBag, ManaTypes
from models.oracle import lexicon
from models.oracle.build import (
    build_cost,
    build_mana_ability,
    condition,
    mana_effect,
    mana_output,
    object_filter,
    object_filters,
    spend_restriction,
)
from models.oracle.grammar import (
    UnreadError,
    parse_condition,
    parse_mana_effect,
    parse_objects,
    parse_output,
    parse_spending,
)
from models.types import BASIC_LAND_TYPES, CARD_TYPES

__all__ = [
    "PARSER_VERSION",
    "READ_AS",
    "Entering",
    "LandSearch",
    "ParsedText",
    "SentenceReading",
    "adds_mana",
    "needs_imprinted",
    "parse_land_search",
    "parse_oracle",
    "parse_restriction",
    "reading_units",
    "reads_imprinted_colors",
]

#: The version of what the parser reads; raise it whenever a change makes any text read differently, so that
#: results cached from an older parser (the card store's) are worked out again.
PARSER_VERSION: Final = 20

#: The classes of a sentence (the contract's section 5), in the order they are documented.
READ_AS = ("mana_ability", "effect", "keyword", "choice", "not_payment", "ignored", "unsupported")

#: The note on the other sentences of an activated ability when one of its parts was not read.
PART_OF_UNREAD = "part of an ability with an unread part"


@dataclass(frozen=True, slots=True)
class SentenceReading:
    """How the parser read one sentence of a card's rules text: the one place that decides its class.

    ``text`` is the sentence as the parser read it (reminder text stripped, self-references written ``~``);
    ``read_as`` is one of :data:`READ_AS`; ``note`` says why, for ``unsupported`` sentences.

    >>> tomb = parse_oracle("{T}: Add {C}{C}. Ancient Tomb deals 2 damage to you.", "Ancient Tomb")
    >>> [(s.text, s.read_as) for s in tomb.sentences]
    [('{T}: Add {C}{C}.', 'mana_ability'), ('~ deals 2 damage to you.', 'mana_ability')]
    """

    text: str
    read_as: str
    note: str = ""


@dataclass(kw_only=True, frozen=True, slots=True)
class Entering:
    """What a card's text says about how it enters the battlefield, as far as a land count cares.

    ``tapped``: it enters tapped (CR 614.1c), unless the condition holds: its controller pays
    ``unless_life`` life, controls one of ``unless_control`` (subtypes as printed), controls at most
    ``unless_other_lands`` other lands (a fast land), at least ``unless_at_least_lands`` other lands (a slow
    land), or ``unless`` (any other condition, as written).
    ``returns_land``: when it enters, its controller returns a land they control to its owner's hand.

    >>> fortress = parse_oracle("Glacial Fortress enters tapped unless you control a Plains or an Island.",
    ...                         "Glacial Fortress").entering
    >>> fortress.tapped, fortress.unless_control, fortress.unless_life
    (True, ('Plains', 'Island'), 0)
    """

    tapped: bool = False
    unless_life: int = 0
    unless_control: tuple[str, ...] = ()
    unless_other_lands: int | None = None
    unless_at_least_lands: int | None = None
    unless: str = ""
    returns_land: bool = False


@dataclass(kw_only=True, frozen=True, slots=True)
class ParsedText:
    """Everything the parser read from one card's rules text.

    >>> parsed = parse_oracle("Flying\\n{T}: Add one mana of any color.", name="Birds of Paradise")
    >>> len(parsed.mana_abilities), parsed.keywords, parsed.unsupported
    (1, frozenset({'flying'}), ())
    """

    mana_abilities: tuple[ManaAbility, ...] = ()
    effects: tuple[StaticEffect, ...] = ()
    keywords: frozenset[str] = frozenset()
    choices_needed: tuple[str, ...] = ()
    ignored: tuple[str, ...] = ()
    unsupported: tuple[str, ...] = ()
    sentences: tuple[SentenceReading, ...] = ()
    not_payment: tuple[NotPaymentMana, ...] = ()

    @property
    def fully_read(self) -> bool:
        """True when no sentence is ``unsupported``."""
        return all(s.read_as != "unsupported" for s in self.sentences)

    entering: Entering | None = None

    @property
    def has_haste(self) -> bool:
        """True when the text gives the permanent haste (CR 702.10)."""
        return "haste" in self.keywords


class _EnteringChanges(TypedDict, total=False):
    """The fields of :class:`Entering` that one line sets, with their values (never changed once made)."""

    tapped: bool
    unless_life: int
    unless_control: tuple[str, ...]
    unless_other_lands: int | None
    unless_at_least_lands: int | None
    unless: str
    returns_land: bool


class _LineReading(NamedTuple):
    """What reading one line adds to a card's reading (:class:`_Collector`'s fields, in the order read)."""

    mana_abilities: tuple[ManaAbility, ...]
    effects: tuple[StaticEffect, ...]
    keywords: tuple[str, ...]
    choices: tuple[str, ...]
    ignored: tuple[str, ...]
    unsupported: tuple[str, ...]
    sentences: tuple[SentenceReading, ...]
    not_payment: tuple[NotPaymentMana, ...]
    entering_changes: tuple[_EnteringChanges, ...]


class _Collector:
    """What the parser has read of a card (or of one line) so far; every field only grows. (A plain class:
    a dataclass's default factories made it a visible part of reading a line.)"""

    __slots__ = (
        "choices",
        "effects",
        "entering_changes",
        "ignored",
        "keywords",
        "mana_abilities",
        "not_payment",
        "sentences",
        "unsupported",
    )

    def __init__(self) -> None:
        self.mana_abilities: list[ManaAbility] = []
        self.effects: list[StaticEffect] = []
        self.keywords: list[str] = []
        self.choices: list[str] = []
        self.ignored: list[str] = []
        self.unsupported: list[str] = []
        self.sentences: list[SentenceReading] = []
        self.not_payment: list[NotPaymentMana] = []
        #: each line's changes to how the permanent enters, applied in order when frozen
        self.entering_changes: list[_EnteringChanges] = []

    def read(self, text: str, read_as: str, note: str = "") -> None:
        """Record how one sentence (or each sentence of an ability) was read."""
        for sentence in _split_sentences(text) or (text,):
            self.sentences.append(SentenceReading(sentence, read_as, note))

    def ignore(self, text: str, as_read: str = "") -> None:
        """Record ``text`` as having nothing to do with mana (``as_read``: its sentences as the parser read
        them, reminder text dropped); a sentence of it that adds mana is not_payment or unsupported instead,
        never ignored."""
        self.ignored.append(text)
        for sentence in _split_sentences(as_read or text) or (as_read or text,):
            if (token := _created_mana_token(sentence)) is not None:
                self.not_payment.append(NotPaymentMana(sentence, NotPaymentKind.TOKEN, token))
                self.sentences.append(SentenceReading(sentence, "not_payment"))
            elif not _ADDS_MANA.search(sentence):
                self.sentences.append(SentenceReading(sentence, "ignored"))
            elif (kind := _not_payment_kind(sentence.rstrip("."), as_read or text)) is not None:
                self.not_payment.append(
                    NotPaymentMana(sentence, kind, _output_after_add(sentence.rstrip(".")))
                )
                self.sentences.append(SentenceReading(sentence, "not_payment"))
            else:
                self.unsupported.append(sentence)
                self.sentences.append(
                    SentenceReading(sentence, "unsupported", "it adds mana in a way not read")
                )

    def line_reading(self) -> _LineReading:
        """What was read, as a line's reading."""
        return _LineReading(
            tuple(self.mana_abilities),
            tuple(self.effects),
            tuple(self.keywords),
            tuple(self.choices),
            tuple(self.ignored),
            tuple(self.unsupported),
            tuple(self.sentences),
            tuple(self.not_payment),
            tuple(self.entering_changes),
        )

    def add(self, line: _LineReading) -> None:
        """Add a line's reading, as if the line had been read here."""
        self.mana_abilities += line.mana_abilities
        self.effects += line.effects
        self.keywords += line.keywords
        self.choices += line.choices
        self.ignored += line.ignored
        self.unsupported += line.unsupported
        self.sentences += line.sentences
        self.not_payment += line.not_payment
        self.entering_changes += line.entering_changes

    def freeze(self) -> ParsedText:
        entering: Entering | None = None
        for changes in self.entering_changes:
            changed = replace(entering or Entering(), **changes)
            if changed != Entering():
                entering = changed
        return ParsedText(
            mana_abilities=tuple(self.mana_abilities),
            effects=tuple(self.effects),
            keywords=frozenset(set(self.keywords)),  # (the set the keywords make, added in the order read)
            choices_needed=tuple(
                dict.fromkeys(
                    [*self.choices, *("imprinted" for a in self.mana_abilities if reads_imprinted_colors(a))]
                )
            ),
            ignored=tuple(self.ignored),
            unsupported=tuple(self.unsupported),
            sentences=tuple(self.sentences),
            not_payment=tuple(self.not_payment),
            entering=entering,
        )


def _created_mana_token(sentence: str) -> ManaOutput | None:
    """The mana of a predefined token the sentence creates (a Treasure: CR 111.10a), or None."""
    words = sentence.replace(",", " ").replace(".", " ").split()
    lowered = [word.lower() for word in words]
    if "create" not in lowered and "creates" not in lowered:
        return None
    for name, ability in lexicon.MANA_TOKENS.items():
        for index, word in enumerate(words[:-1]):
            if word == name and lowered[index + 1] in ("token", "tokens"):
                colon = _find_colon(ability)
                return _output_of_effect(ability[colon + 1 :].strip())
    return None


class _UnsupportedError(Exception):
    """A mana-related phrase the grammar does not cover (internal; becomes an 'unsupported' entry)."""


# --------------------------------------------------------------------------------------------------------
# Entry points


def parse_oracle(text: str, name: str = "", *, strict: bool = False) -> ParsedText:
    """Parse a card's Oracle text (abilities separated by newlines) into structured abilities.

    ``name`` is the card's name, so that self-references ('Ancient Tomb deals 2 damage to you') are
    understood. With ``strict``, an unsupported sentence raises ``OracleParseError``.

    >>> tomb = parse_oracle("{T}: Add {C}{C}. Ancient Tomb deals 2 damage to you.", "Ancient Tomb")
    >>> ability = tomb.mana_abilities[0]
    >>> str(ability.output.options[0]), ability.self_damage, ability.cost.tap
    ('{C}{C}', 2, True)
    """
    parsed = _parse_cached(text, name)
    if strict and parsed.unsupported:
        raise OracleParseError(f"{name or 'card'}: unsupported text: {parsed.unsupported[0]!r}")
    return parsed


@dataclass(frozen=True, kw_only=True, slots=True)
class LandSearch:
    """A land that sacrifices itself to put a land from the library onto the battlefield (a fetchland,
    Evolving Wilds): the land types it may find (``basic``: only a basic land, of any type), whether the
    found land enters tapped, and the life its cost pays. Not a mana ability (CR 605.1a as amended
    2026-08-07: it moves a card from a library); deck simulation plays it."""

    types: tuple[str, ...] = ()
    basic: bool = False
    tapped: bool = False
    life: int = 0


_SEARCH = re.compile(
    r"^\{t\}, (?:pay (?P<life>[0-9]+) life, )?sacrifice (?:~|this land): search your library for an? "
    r"(?P<what>basic land|[a-z]+(?:(?:, [a-z]+)*,? or [a-z]+)?) card, put it onto the battlefield"
    r"(?P<tapped> tapped)?, then shuffle\.?$",
    re.I,
)


_LAND_TYPES_SEPARATOR = re.compile(r",\s*|\s+or\s+|\s+")


def parse_land_search(text: str, name: str = "") -> LandSearch | None:
    """The land search of a land's text (see :class:`LandSearch`), or None when it has none.

    >>> parse_land_search("{T}, Pay 1 life, Sacrifice Arid Mesa: Search your library for a Mountain or "
    ...     "Plains card, put it onto the battlefield, then shuffle.", "Arid Mesa")
    LandSearch(types=('Mountain', 'Plains'), basic=False, tapped=False, life=1)
    >>> parse_land_search("{T}, Sacrifice this land: Search your library for a basic land card, put it "
    ...     "onto the battlefield tapped, then shuffle.").tapped
    True
    """
    for line in _logical_lines(text):
        match = _SEARCH.match(_normalise(line, name).strip())
        if match is None:
            continue
        what = match.group("what").lower()
        life = int(match.group("life") or 0)
        tapped = bool(match.group("tapped"))
        if what == "basic land":
            return LandSearch(basic=True, tapped=tapped, life=life)
        words = [w for w in _LAND_TYPES_SEPARATOR.split(what) if w and w != "or"]
        return LandSearch(types=tuple(w.capitalize() for w in words), tapped=tapped, life=life)
    return None


def parse_restriction(text: str) -> SpendRestriction:
    """Parse a spending restriction, with or without its 'Spend this mana only' opening.

    >>> [(use.kind.value, use.types) for use in parse_restriction("to cast creature spells").uses]
    [('spell', ('Creature',))]
    >>> parse_restriction("to juggle")
    Traceback (most recent call last):
    ...
    models.errors.OracleParseError: unsupported spending restriction 'to juggle'
    """
    try:
        restriction, rider = _parse_spend(text)
    except _UnsupportedError:
        raise OracleParseError(f"unsupported spending restriction {text!r}") from None
    if rider:
        raise OracleParseError(f"unsupported spending restriction {text!r}: give riders separately")
    return restriction


@lru_cache(maxsize=4096)
def _parse_cached(text: str, name: str) -> ParsedText:
    collector = _Collector()
    for raw_line in _logical_lines(text):
        line, folded = _normalise_and_fold(raw_line, name)
        if not line:
            continue
        if _READS_EARLIER_LINES_GATE.admits(folded):
            _parse_line(line, collector, raw_line.strip())  # (its reading depends on the lines before it)
        else:
            # the line as written goes only into activated abilities, which need a colon
            collector.add(_read_line(line, raw_line.strip() if ":" in line else ""))
    return collector.freeze()


@lru_cache(maxsize=16384)
def _read_line(line: str, original: str) -> _LineReading:
    """What one line (normalised, and as written) adds to a card's reading: the same on every card whose
    reading of the line reads nothing of its other lines. Only the rider of a colored cost reduction does
    (:data:`_ONLY_COLORED` looks at the effect before it); how the permanent enters is kept as each line's
    changes, applied in order when the card's reading is frozen."""
    collector = _Collector()
    _parse_line(line, collector, original)
    return collector.line_reading()


# --------------------------------------------------------------------------------------------------------
# Gates: words without which a pattern cannot match, so that most patterns are never tried on a sentence

#: The letters that case-insensitive matching (``re.I``) takes for an ASCII letter which ``str.lower`` does
#: not turn into that letter (or turns into two characters): dotted and dotless i, long s, the Kelvin sign.
_ASCII_LETTER_OF = str.maketrans({"\u0130": "i", "\u0131": "i", "\u017f": "s", "\u212a": "k"})
_NOT_LOWERED_TO_ASCII = frozenset("\u0130\u0131\u017f\u212a")


def _fold(text: str) -> str:
    """``text`` in lower case, each character that ``re.I`` matches with an ASCII character written as that
    character (one character for one: no position moves). A text that a pattern matches, case-insensitively
    or not, holds each word that the match must contain, written in lower case, once folded.

    >>> _fold("Spend THIS \u017fpell")
    'spend this spell'
    """
    if text.isascii() or _NOT_LOWERED_TO_ASCII.isdisjoint(text):
        return text.lower()
    return text.translate(_ASCII_LETTER_OF).lower()


@dataclass(frozen=True, slots=True)
class _Gate:
    """Words (lower case) of which every text some patterns match holds one, as :func:`_fold` writes it: a
    text without any of them need not be tried on those patterns (they would not match).

    >>> gate = _Gate(("mana", "cost"))
    >>> gate.admits(_fold("Spells COST {1} more")), gate.admits(_fold("Draw a card."))
    (True, False)
    """

    words: tuple[str, ...]
    _any_word: re.Pattern[str] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_any_word", re.compile(_any_of(self.words)))

    def admits(self, folded: str) -> bool:
        """True when the folded text holds one of the words."""
        return self._any_word.search(folded) is not None


def _any_of(words: Iterable[str]) -> str:
    """A pattern that finds any of the words, written as a tree of their openings so that few are tried at
    each place of a text (the ``re`` module tries the branches of an alternation one after the other).

    >>> _any_of(["spend", "spent", "cost", "add", "adds"])
    '(?:spen(?:d|t)|cost|add)'
    """
    by_opening: dict[str, list[str]] = {}
    for word in words:
        if not word:
            return ""  # (a word that opens the others: finding it is enough)
        by_opening.setdefault(word[0], []).append(word[1:])
    branches = [re.escape(opening) + _any_of(rests) for opening, rests in by_opening.items()]
    return branches[0] if len(branches) == 1 else "(?:" + "|".join(branches) + ")"


#: The gate of every pattern that needs the word 'add' or 'adds'.
_ADD_GATE = _Gate(("add",))
#: The basic land types' names in lower case, as a gate word each ('plains' is also its plural).
_LAND_TYPE_WORDS = ("plains", "island", "swamp", "mountain", "forest")


# --------------------------------------------------------------------------------------------------------
# Normalisation and splitting

#: A line of a die's table of results: '2 — Add {W}.', '10-19 | Add {R}{R}.' (CR 706.2: the results are
#: part of the ability that rolls the die, written on lines of their own).
_RESULT_LINE = re.compile(r"^\d+(?:\s*[-\u2013\u2014]\s*\d+\+?)?\s*(?:\u2014|\|)\s*\S")


def _logical_lines(text: str) -> list[str]:
    """The text's lines, with the lines of a die's table of results joined to the ability before them.

    >>> _logical_lines("{T}: Roll a four-sided die.\\n1-2 | Add {R}.\\n3-4 | Add {G}.\\nFlying")
    ['{T}: Roll a four-sided die. 1-2 | Add {R}. 3-4 | Add {G}.', 'Flying']
    """
    lines: list[str] = []
    for line in text.replace("\r", "").split("\n"):
        if lines and _RESULT_LINE.match(line.strip()):
            lines[-1] = lines[-1].rstrip() + " " + line.strip()
        else:
            lines.append(line)
    return lines


_REMINDER = re.compile(r"\s*\([^()]*\)")
#: What 'this ...' may be: the card's own kinds of object, which then mean the card itself.
_SELF_NOUNS = tuple(
    sorted(
        {"permanent", "token", "card", "spell"}
        | {
            form.lower()
            for word in (*lexicon.CARD_TYPES, *lexicon.SUBTYPES)
            for form in lexicon.plural_forms(word)[:1]
        },
        key=lambda noun: (-len(noun), noun),
    )
)  # (every card type and subtype: 'this Saga', 'this Spacecraft', 'this Room', 'this Siege')
_SELF_WORDS = re.compile(rf"\bthis (?:{'|'.join(_SELF_NOUNS)})\b", re.I)
_SELF_WORDS_GATE = _Gate(tuple(f"this {noun}" for noun in _SELF_NOUNS))


def _normalise(line: str, name: str) -> str:
    """Strip reminder text, unify quotes and dashes, and write self-references as '~'."""
    return _normalise_and_fold(line, name)[0]


def _normalise_and_fold(line: str, name: str) -> tuple[str, str]:
    """The line normalised (:func:`_normalise`), and folded (:func:`_fold`)."""
    line = plain_quotes(line)
    if "(" in line:  # (every reminder has one)
        line = _REMINDER.sub("", line)
    line = line.strip()
    if name:
        line = _named_as_tilde(line, name)
        if "," in name:  # 'Urza, Lord High Artificer' is also 'Urza' (after the whole name)
            line = _named_as_tilde(line, name.split(",")[0])
    folded = _fold(line)  # (the line is stripped: a name written '~' adds no space at its ends)
    if _SELF_WORDS_GATE.admits(folded):
        line = _SELF_WORDS.sub("~", line).strip()
        folded = _fold(line)
    for words, older, newer in _OLDER_WORDINGS:
        if words in line:
            line = older.sub(newer, line)
            folded = _fold(line)
    return line, folded


def _named_as_tilde(line: str, name: str) -> str:
    """The line with each whole-word occurrence of ``name`` written '~': never inside a symbol or another
    word (a card named 'T' or 'a'); what ``re.sub(r"(?<![\\w{])NAME(?![\\w}])", "~", line)`` does, without
    compiling a pattern per card name.

    >>> _named_as_tilde("{T}: Add {C}. Sol Ring's Ring", "Ring")
    "{T}: Add {C}. Sol ~'s ~"
    >>> _named_as_tilde("{T}: Tap T.", "T")
    '{T}: Tap ~.'
    """
    parts: list[str] = []
    start = 0
    found = line.find(name)
    while found >= 0:
        end = found + len(name)
        before = line[found - 1] if found else ""
        after = line[end] if end < len(line) else ""
        if _outside_word(before, "{") and _outside_word(after, "}"):
            parts += (line[start:found], "~")
            start = end
            found = line.find(name, end)
        else:
            found = line.find(name, found + 1)
    return "".join(parts) + line[start:] if parts else line


def _outside_word(char: str, brace: str) -> bool:
    """True when ``char`` (a neighbour of a name, "" at an end of the line) is no word character (as the
    ``re`` module's ``\\w`` has it) and not ``brace``."""
    return not char or not (char.isalnum() or char == "_" or char == brace)


#: Older Oracle wordings and the current ones they became (2017 'to your mana pool', 2024 'enters'), each
#: with its words, as written: a line without them is left as it is.
_OLDER_WORDINGS = tuple(
    (older.pattern.replace(r"\b", ""), older, newer)
    for older, newer in (
        (re.compile(r" to your mana pool\b"), ""),
        (re.compile(r"\benters the battlefield\b"), "enters"),
        (re.compile(r"\bActivate this ability only\b"), "Activate only"),
        (re.compile(r"\bCARDNAME\b"), "~"),
        (re.compile(r"\bconverted mana cost\b"), "mana value"),
    )
)


#: What :func:`_split_sentences` looks at: a double quote, or a period followed by a space or the end.
_QUOTE_OR_SENTENCE_END = re.compile(r'"|\.(?= |\Z)')


@lru_cache(maxsize=32768)  # (the same text is cut again as its sentences are read, and on many cards)
def _split_sentences(text: str) -> tuple[str, ...]:
    """Split on sentence ends outside double quotes; each sentence keeps its final period.

    >>> _split_sentences('Flying. {T}: Add {C}. It has "{T}: Add {G}. Draw a card." and reach')
    ('Flying.', '{T}: Add {C}.', 'It has "{T}: Add {G}. Draw a card." and reach')
    """
    if '"' not in text:  # (the common case: every period followed by a space ends a sentence)
        *ended, tail = text.split(". ")
        sentences = [(sentence + ".").strip() for sentence in ended]
        tail = tail.strip()
        return (*sentences, tail) if tail else tuple(sentences)
    sentences = []
    start = 0
    quoted = False
    for mark in _QUOTE_OR_SENTENCE_END.finditer(text):
        if mark.group() == '"':
            quoted = not quoted
        elif not quoted:
            sentences.append(text[start : mark.end()].strip())  # never empty: it holds the period
            start = mark.end()
    tail = text[start:].strip()
    if tail:
        sentences.append(tail)
    return tuple(sentences)


def _find_colon(line: str) -> int:
    """Index of the colon separating an activated ability's cost from its effect (the first one outside
    double quotes: an even number of quotes before it), or -1.

    >>> _find_colon('Lands have "{T}: Add {G}." {1}: Untap it.'), _find_colon("Flying")
    (30, -1)
    """
    colon = line.find(":")
    while colon >= 0 and line.count('"', 0, colon) % 2:
        colon = line.find(":", colon + 1)
    return colon


_MANA_RELEVANT = re.compile(
    r"\badds?\b|\bproduces?\b|\bspend\b|\bspent\b|unspent|mana pools?|\bcosts? \{"
    r"|\bcosts? (?:\w+ )?(?:more|less)"
    r"|land types?|\b(?:is|are) (?:an? )?(?:plains|islands?|swamps?|mountains?|forests?)\b"
    r"|tapped for mana|taps? [\w ]+ for mana"
    r"|rather than pay that mana"  # K'rrik's 'for each {B} in a cost, you may pay 2 life rather than ...'
    # (mana abilities lost with the others while a permanent says so: Humility, Darksteel Mutation, not a
    # spell's 'until end of turn, target creature loses all abilities'; Saprolings or a permanent made Forest
    # lands, with a Forest's mana ability: Life and Limb, Song of the Dryads)
    r"|^(?!.*\b(?:until end of turn|target)\b).*\blose?s? all abilities"
    r"|\b(?:plains|islands?|swamps?|mountains?|forests?) lands? in addition to"
    r"|\b(?:is|are) (?:an? )?colorless (?:plains|islands?|swamps?|mountains?|forests?) lands?\b"
    # (Thran Portal: '~ is the chosen type in addition to its other types', and its mana abilities' life)
    r"|\b(?:is|are) the chosen (?:basic land |creature )?type\b|\bmana abilities of\b[^.]*\bcost\b"
    # (permanents made artifacts, enchantments or creatures: what counts them, improvise, affinity and
    # summoning sickness read it; Mycosynth Lattice, Enchanted Evening, Opalescence)
    r"|\b(?:is|are) (?:an? )?(?:artifacts?|enchantments?|creatures?) in addition to (?:its|their) other types"
    # (activated abilities that can't be activated, mana abilities included, on the battlefield for as long
    # as the permanent says so; not one spell's or trigger's, nor Damping Matrix's 'unless they're mana
    # abilities')
    r"|^(?!.*\b(?:until|this turn|target|that)\b).*\bactivated abilities\b"
    r"(?!.*\bunless they're mana abilities).*\bcan't be activated",
    re.I,
)
_MANA_RELEVANT_GATE = _Gate(
    (
        "add",
        "produce",
        "spend",
        "spent",
        "mana pool",
        "cost",
        "land type",
        *_LAND_TYPE_WORDS,
        "for mana",
        "all abilities",
        "chosen type",
        "chosen basic land type",
        "chosen creature type",
        "can't be activated",
        "in addition to",
    )
)

_KEYWORDS = {
    "flying",
    "haste",
    "vigilance",
    "defender",
    "hexproof",
    "trample",
    "indestructible",
    "exalted",
    "first strike",
    "double strike",
    "deathtouch",
    "lifelink",
    "reach",
    "flash",
    "menace",
    "shroud",
    "devoid",
    "changeling",
    "fear",
    "intimidate",
    "shadow",
    "prowess",
    "wither",
    "infect",
    "convoke",
    "delve",
    "flanking",
    "horsemanship",
    "islandwalk",
    "swampwalk",
    "forestwalk",
    "mountainwalk",
    "plainswalk",
    "landwalk",
    "persist",
    "undying",
    "skulk",
    "ward",
    "split second",
    "storm",
    "rebound",
    "cascade",
    "improvise",
    "affinity for artifacts",
    "living weapon",
    "station",
}
_KEYWORD_PREFIXES = (
    "enchant ",
    "equip ",
    "equip\u2014",
    "protection from ",
    "ward ",
    "cumulative upkeep",
    "echo ",
    "kicker ",
    "cycling ",
    "landcycling",
    "flashback ",
    "morph ",
    "buyback ",
    "madness ",
    "ninjutsu ",
    "crew ",
    "bushido ",
    "bestow ",
    "affinity for ",
    "annihilator ",
    "landwalk",
    "suspend ",
    "evoke ",
    "emerge ",
    "entwine ",
    "fortify ",
    "dash ",
    "transmute ",
    "unearth ",
    "level up ",
    "reconfigure ",
    "toxic ",
    "offspring ",
)


_KEYWORD_SEPARATOR = re.compile(r",|;")


def _keywords_of(line: str) -> list[str] | None:
    """The keywords on a keyword line ('Defender, hexproof'), or None when it is not one (a line that quotes
    an ability or adds mana never is: 'Equipped creature has "{T}: Add ..."')."""
    if '"' in line or _ADDS_MANA.search(line):
        return None
    keywords: list[str] = []
    for part in _KEYWORD_SEPARATOR.split(line.rstrip(".")):
        keyword = part.strip().lower()
        if keyword not in _KEYWORDS and not keyword.startswith(_KEYWORD_PREFIXES):
            return None
        keywords.append(keyword)
    return keywords  # (never empty: a split gives at least one part)


# --------------------------------------------------------------------------------------------------------
# Lines


_ABILITY_WORD = re.compile(r"^(?:[\u2022*]\s*)?[A-Z][A-Za-z' ]{2,30} — (?=\S)")
#: A mode of a modal ability or a choice made as the permanent entered ('• Khans — ...'): the bullet.
_BULLET = re.compile(r"^[\u2022*]\s*")
#: A Saga's chapter symbols ('I — ', 'II, III — '): a chapter ability is a triggered ability (CR 714.2b).
_CHAPTER = re.compile(r"^[IVX]+(?:, [IVX]+)* — (?=\S)")


def _abilities_of(line: str) -> list[str]:
    """A line cut where a new activated ability starts ('{T}: Add {C}. {T}: Add {R}.' is two)."""
    if ":" not in line:
        return [line]  # (no sentence of it opens an ability)
    chunks: list[str] = []
    for sentence in _split_sentences(line):
        colon = _find_colon(sentence)
        if chunks and not (colon > 0 and _looks_like_cost(sentence[:colon])):
            chunks[-1] += " " + sentence
        else:
            chunks.append(sentence)
    return chunks or [line]


def _without_ability_word(line: str) -> str:
    """The line without its ability word ('Metalcraft — ', 'Vivid — '): ability words have no rules
    meaning (CR 207.2c).

    >>> _without_ability_word("Metalcraft — {T}: Add one mana of any color.")
    '{T}: Add one mana of any color.'
    """
    return _ABILITY_WORD.sub("", line) if " — " in line else line  # (the pattern holds ' — ')


def _parse_line(line: str, out: _Collector, original: str) -> None:
    if _CHAPTER.match(line):
        _parse_chapter(line, out)
        return
    if station := _STATION_THRESHOLD.match(line):
        _parse_station(line[station.end() :], int(station.group(1)), out, original)
        return
    line = _without_ability_word(line)
    chunks = _abilities_of(line)
    if len(chunks) > 1:
        for chunk in chunks:
            _parse_line(chunk, out, chunk)
        return
    keywords = _keywords_of(line)
    if keywords is not None:
        out.keywords.extend(k.split(" ")[0] if k.startswith("enchant") else k for k in keywords)
        for keyword in keywords:
            if keyword.startswith("affinity for "):
                # the keywords come lower-cased; the subtype counted keeps its case ('Affinity for Swamps')
                written = re.search(re.escape(keyword), line, re.I)
                try:
                    out.effects.append(_affinity(written.group(0) if written else keyword))
                except _UnsupportedError:
                    out.unsupported.append(line)
                    out.sentences.append(SentenceReading(line, "unsupported"))
                    return
        out.sentences.append(SentenceReading(line, "keyword"))
        return
    colon = _find_colon(line)
    if colon > 0 and _looks_like_cost(line[:colon]):
        _parse_activated(line, colon, out, original)
        return
    _read_entering(line, out)
    for sentence in _split_sentences(line):
        _parse_static_sentence(sentence, out, line)


#: A station threshold (CR 702.184): '12+ | ' before the abilities a Spacecraft or Planet has while it has
#: that many charge counters.
_STATION_THRESHOLD = re.compile(r"^([0-9]{1,3})\+\s*\|\s*")


def _parse_station(text: str, threshold: int, out: _Collector, original: str) -> None:
    """The abilities after a station threshold: a mana ability among them exists only while the permanent
    has ``threshold`` charge counters, which is when it can be activated (an activation condition); any
    other sentence is read as it would be alone."""
    line = _Collector()
    _parse_line(text, line, original.split("|", 1)[-1].strip() if "|" in original else text)
    charged = Condition((), threshold, "charge")
    for ability in line.mana_abilities:
        if ability.activation_condition is not None:
            out.unsupported.append(original)
            out.sentences.append(SentenceReading(original, "unsupported", "a threshold and a condition"))
            return
        out.mana_abilities.append(replace(ability, activation_condition=charged))
    out.add(line.line_reading()._replace(mana_abilities=()))


def _parse_chapter(text: str, out: _Collector) -> None:
    """A Saga's chapter ability ('II — Add {R}{R}.'): it triggers when lore counters are added (CR 714.2b),
    never while paying; the chapter symbols stay on its first sentence."""
    chapter = _CHAPTER.match(text)
    assert chapter is not None
    for number, sentence in enumerate(_split_sentences(text[chapter.end() :])):
        body = sentence.rstrip(".")
        sentence = chapter.group(0) + sentence if number == 0 else sentence
        if _ADDS_MANA.search(body):
            out.not_payment.append(NotPaymentMana(sentence, NotPaymentKind.CHAPTER, _output_after_add(body)))
            out.ignored.append(sentence)
            out.read(sentence, "not_payment")
        else:
            out.ignore(sentence)


def reading_units(text: str, name: str = "") -> tuple[str, ...]:
    """The pieces the parser reads one at a time, in order: each activated ability, each keyword line and
    each sentence of any other line, normalised as the parser sees them (reminder text dropped, the card's
    own name written ``~``). It follows :func:`_parse_line`'s way of cutting a line, so parsing each unit
    alone gives what parsing the whole text gives.

    >>> reading_units("Flying\\n{T}: Add {C}. Sol deals 1 damage to you.\\nDraw a card. Scry 1.", "Sol")
    ('Flying', '{T}: Add {C}. ~ deals 1 damage to you.', 'Draw a card.', 'Scry 1.')
    """
    units: list[str] = []
    for raw_line in _logical_lines(text):
        line = _normalise(raw_line, name)
        if line:
            _units_of_line(line, units)
    return tuple(units)


def _units_of_line(line: str, units: list[str]) -> None:
    """Append one line's reading units to ``units`` (the cuts of :func:`_parse_line`)."""
    if _CHAPTER.match(line):
        units.append(line)
        return
    if station := _STATION_THRESHOLD.match(line):
        line = line[station.end() :]
    line = _without_ability_word(line)
    chunks = _abilities_of(line)
    if len(chunks) > 1:
        for chunk in chunks:
            _units_of_line(chunk, units)
        return
    colon = _find_colon(line)
    if _keywords_of(line) is not None or (colon > 0 and _looks_like_cost(line[:colon])):
        units.append(line)
        return
    units.extend(_split_sentences(line))


#: How a cost opens: a symbol, a loyalty number, a cost verb, a bracketed loyalty.
_COST_OPENING = re.compile(
    r"^(?:\{|[+\-−]?[0-9]+$|sacrifice|tap|pay|remove|exile|discard|return|put|untap|collect|forage|"
    r"reveal|mill|\[)",
    re.I,
)


def _looks_like_cost(text: str) -> bool:
    return _COST_OPENING.match(text.strip()) is not None


#: Words of a cost or effect that moves a card to or from a library (CR 605.1a as amended 2026-08-07).
_MOVES_LIBRARY = re.compile(
    r"\bdraws? (?:a|an|one|two|three|x|[0-9]+) (?:\w+ )?cards?\b|\bmills?\b|\blibrary\b", re.I
)
_MOVES_LIBRARY_GATE = _Gate(("draw", "mill", "library"))


def _moves_library(text: str) -> bool:
    """True when the text draws, mills or names the library (:data:`_MOVES_LIBRARY`)."""
    return _MOVES_LIBRARY_GATE.admits(_fold(text)) and _MOVES_LIBRARY.search(text) is not None


#: An effect that makes or changes mana without the word 'add' ('Double the amount of ... unspent mana').
_CHANGES_MANA = re.compile(
    r"unspent mana|\bmana pools?\b|\bdouble\b[^.]*\bmana\b|\bproduces?\b[^.]*\bmana\b", re.I
)
_CHANGES_MANA_GATE = _Gate(("mana",))


_QUOTED = re.compile(r'"[^"]*"')
_QUOTED_TEXT = re.compile(r'"([^"]*)"')
_TOKENS = re.compile(r"\btokens?\b", re.I)
_TOKENS_GATE = _Gate(("token",))
_ADD_WORD = re.compile(r"\badd\b", re.I)
_ADD_OR_ADDS = re.compile(r"\badds?\b", re.I)
_TARGET_WORD = re.compile(r"\btarget\b", re.I)
_TARGETS_GATE = _Gate(("target",))
_LOYALTY_COST = re.compile(r"^[+\-−]?(?:[0-9]+|x)$", re.I)
_DOUBLE_UNSPENT = re.compile(r"double the amount of each type of unspent mana you have\.?", re.I)
#: A delayed draw ('Draw a card at the beginning of the next turn's upkeep'): it moves no card now.
_DELAYED_DRAW = re.compile(r"draw a card at the beginning of the next[^.]*")


def _parse_activated(line: str, colon: int, out: _Collector, original: str) -> None:
    cost_text, effect_text = line[:colon].strip(), line[colon + 1 :].strip()
    folded = _fold(effect_text)
    has_add = _ADD_GATE.admits(folded)
    if (
        has_add
        and _TOKENS_GATE.admits(folded)  # (the words outside the quotes are words of the text)
        and _TOKENS.search(unquoted := _QUOTED.sub('""', effect_text))
        and not _ADD_OR_ADDS.search(unquoted)
        and _ADD_WORD.search(effect_text)
    ):  # the tokens it creates have a mana ability; the ability itself makes none
        output = _quoted_output(effect_text)
        out.not_payment.append(NotPaymentMana(line, NotPaymentKind.TOKEN, output, _cost_or_none(cost_text)))
        out.ignored.append(original)
        out.read(line, "not_payment")
        return
    if (
        _DOUBLE_UNSPENT.fullmatch(effect_text)
        and (doubling_cost := _cost_or_none(cost_text)) is not None  # (pure: read only when needed)
    ):
        # it adds mana (as much again of each type in the pool) without the word 'add': a mana ability
        doubling = ManaAbility(
            text=original, cost=doubling_cost, output=ManaOutput(OutputKind.DOUBLE_UNSPENT)
        )
        out.mana_abilities.append(doubling)
        out.read(line, "mana_ability")
        return
    # a targeted ability says 'target' (CR 115.1); 'choose new targets for the copy' in a rider on the mana
    # once spent is the copy's, not this ability's (Pyromancer's Goggles)
    targets = _TARGETS_GATE.admits(folded) and any(
        _TARGET_WORD.search(sentence) and not _WHEN_SPENT.match(sentence)
        for sentence in _split_sentences(effect_text)
    )
    if not (has_add and _ADD_OR_ADDS.search(effect_text)):
        changes_mana = _CHANGES_MANA_GATE.admits(folded) and _CHANGES_MANA.search(effect_text)
        if changes_mana and not targets:
            out.unsupported.append(original)  # it makes mana without 'add' (Doubling Cube): not read
            out.read(line, "unsupported")
        else:
            out.ignore(original, line)  # an activated ability that makes no mana (draw, untap, pump...)
        return
    kind: NotPaymentKind | None = None
    if _LOYALTY_COST.match(cost_text):
        kind = NotPaymentKind.LOYALTY  # loyalty abilities are not mana abilities (CR 605.1a)
    elif targets:
        kind = NotPaymentKind.TARGETED  # a targeted ability is not a mana ability (CR 605.1a)
    elif _moves_library(_DELAYED_DRAW.sub("", line)):
        kind = NotPaymentKind.LIBRARY  # CR 605.1a as amended 2026-08-07 (RULES.md section 10)
    if kind is not None:
        out.not_payment.append(
            NotPaymentMana(line, kind, _output_of_effect(effect_text), _cost_or_none(cost_text))
        )
        out.ignored.append(original)
        out.read(line, "not_payment")
        return
    try:
        ability, leftovers = _parse_mana_ability(cost_text, effect_text, original)
    except _UnsupportedError:
        out.unsupported.append(original)
        out.read(line, "unsupported")
        return
    if leftovers:
        # Safety (contract section 5): an ability with a part not read is never used without that part.
        out.unsupported.extend(f"{original} [{sentence}]" for sentence in leftovers)
        for sentence in _split_sentences(line):
            out.sentences.append(
                SentenceReading(sentence, "unsupported", "" if sentence in leftovers else PART_OF_UNREAD)
            )
        return
    out.mana_abilities.append(ability)
    out.read(line, "mana_ability")


_ADD_SENTENCE = re.compile(r"^(?:then )?add (.+?)\.?$", re.I)


def _output_of_effect(effect_text: str) -> ManaOutput | None:
    """The mana an effect's 'Add ...' sentence adds, or None when it can't be read."""
    for sentence in _split_sentences(effect_text):
        if m := _ADD_SENTENCE.match(sentence):
            try:
                return _parse_output(m.group(1))
            except _UnsupportedError:
                return None
    return None


def _quoted_output(text: str) -> ManaOutput | None:
    """The mana that the first quoted mana ability in a text adds ('... tokens with "{T}: Add {C}."')."""
    for quoted in _QUOTED_TEXT.findall(text):
        colon = _find_colon(quoted)
        if colon > 0 and (output := _output_of_effect(quoted[colon + 1 :].strip())) is not None:
            return output
    return None


def _cost_or_none(cost_text: str) -> AbilityCost | None:
    try:
        return _parse_cost(cost_text)
    except _UnsupportedError:
        return None


_SPEND_ONLY = re.compile(r"^spend this mana only\b", re.I)
_WHEN_SPENT = re.compile(r"^(?:if|when|whenever) (?:that|this) mana is spent\b", re.I)


def _parse_mana_ability(cost_text: str, effect_text: str, original: str) -> tuple[ManaAbility, list[str]]:
    """Parse '<cost>: Add ...' into a mana ability (by the grammar: :mod:`models.oracle.build`); unreadable
    extra sentences are returned separately."""
    sentences = _split_sentences(effect_text)
    if _RANDOM.match(sentences[0]):
        return _parse_random(_parse_cost(cost_text), sentences, original)
    try:
        return build_mana_ability(cost_text, sentences, original)
    except UnreadError as error:
        raise _UnsupportedError(str(error)) from None


#: The opening of an effect whose result is random: a die roll or a coin flip (CR 705, 706).
_RANDOM = re.compile(r"^(?:roll (?:a|an) (?:\w+-sided die|d\d+)|flip a coin)\b", re.I)


_RANDOM_RESULT = re.compile(
    r"(?:\d+(?:\s*[-\u2013\u2014]\s*\d+\+?)?\s*(?:\u2014|\|)|if you (?:win|lose) the flip,)\s*(.+)", re.I
)
_HAS_THE_EFFECT_OF_THE_RESULT = re.compile(
    r"this ability has the (?:indicated effect|following effects based on the result)", re.I
)
_ACTIVATE_AS_AN_INSTANT = re.compile(
    r"activate only (?:any time you could cast an instant|as an instant)", re.I
)
_ACTIVATE_AS_A_SORCERY = re.compile(r"activate only (?:as a sorcery|any time you could cast a sorcery)", re.I)
_ADD_ANYTHING = re.compile(r"add (.+)", re.I)


def _parse_random(
    cost: AbilityCost, sentences: tuple[str, ...], original: str
) -> tuple[ManaAbility, list[str]]:
    """'Roll a six-sided die.' with its results ('2 — Add {W}.'), or 'Flip a coin. If you win the flip, add
    {C}{C}.': the mana any result adds, the ability marked ``uncertain`` (no plan can count on a result)."""
    roll = sentences[0].rstrip(".")
    outputs: list[ManaOutput] = []
    timing = ""
    leftovers: list[str] = []
    for sentence in sentences[1:]:
        body = sentence.rstrip(".")
        result = _RANDOM_RESULT.fullmatch(body)
        if _HAS_THE_EFFECT_OF_THE_RESULT.fullmatch(body):
            continue
        if _ACTIVATE_AS_AN_INSTANT.fullmatch(body):
            timing = "instant"
        elif _ACTIVATE_AS_A_SORCERY.fullmatch(body):
            timing = "sorcery"
        elif result is None:
            leftovers.append(sentence)
        elif add := _ADD_ANYTHING.fullmatch(result.group(1)):
            outputs.append(_parse_output(add.group(1)))
        # any other result (sacrifice ~, lose life) is part of the gamble, which is not executed as a whole
    if not outputs:
        raise _UnsupportedError(original)
    output = outputs[0]
    if len(outputs) > 1:
        if not all(o.kind in (OutputKind.FIXED, OutputKind.CHOICE) and o.amount == Amount() for o in outputs):
            raise _UnsupportedError(original)
        output = ManaOutput(OutputKind.CHOICE, tuple(dict.fromkeys(b for o in outputs for b in o.options)))
    ability = ManaAbility(text=original, cost=cost, output=output, timing=timing, uncertain=roll.lower())
    return ability, leftovers


# --------------------------------------------------------------------------------------------------------
# Costs

_NUMBERS = {
    "a": 1,
    "an": 1,
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "another": 1,
}


def _is_digits(word: str) -> bool:
    """A number written in at most six ASCII digits ('²' and '٣' are not numbers here).

    >>> _is_digits("12"), _is_digits("²"), _is_digits("1234567"), _is_digits("")
    (True, False, False, False)
    """
    return 0 < len(word) <= 6 and word.isascii() and word.isdigit()


def _number(word: str) -> int:
    word = word.lower()
    if _is_digits(word):
        return int(word)
    if word in _NUMBERS:
        return _NUMBERS[word]
    raise _UnsupportedError(word)


@lru_cache(maxsize=4096)  # (a cost is read from its text alone; the same few costs come again and again)
def _parse_cost(text: str) -> AbilityCost:
    try:
        return build_cost(text)
    except UnreadError as error:
        raise _UnsupportedError(str(error)) from None


# --------------------------------------------------------------------------------------------------------
# Object filters ("an untapped blue creature you control", "Elf on the battlefield", "nonbasic lands")

_IRREGULAR_PLURALS = {
    "elves": "Elf",
    "dwarves": "Dwarf",
    "wolves": "Wolf",
    "plains": "Plains",
    "mice": "Mouse",
    "sorceries": "Sorcery",
    "fungi": "Fungus",
    "aurochses": "Aurochs",
    "octopi": "Octopus",
    "lotuses": "Lotus",
    "foxes": "Fox",
    "pegasi": "Pegasus",
    "homunculi": "Homunculus",
}
_TYPE_WORDS = {t.lower(): t for t in CARD_TYPES} | {
    "basic": "Basic",
    "snow": "Snow",
    "legendary": "Legendary",
}


def _singular(word: str) -> str:
    lowered = word.lower()
    if lowered in _IRREGULAR_PLURALS:
        return _IRREGULAR_PLURALS[lowered]
    if lowered.endswith("ies") and lowered[:-3] + "y" in _TYPE_WORDS:
        return _TYPE_WORDS[lowered[:-3] + "y"]
    if lowered in _TYPE_WORDS:
        return _TYPE_WORDS[lowered]
    if lowered.endswith("s") and not lowered.endswith("ss") and lowered[:-1] in _TYPE_WORDS:
        return _TYPE_WORDS[lowered[:-1]]
    if lowered.endswith("s") and not lowered.endswith(("ss", "'s")) and len(lowered) > 3:
        word = word[:-1]
    return word[0].upper() + word[1:]


def _parse_filter(phrase: str) -> ObjectFilter:
    """A description of permanents, read by the grammar; raises ``_UnsupportedError`` for what it cannot
    read (or no filter holds)."""
    try:
        nouns = parse_objects(phrase.strip().rstrip("."))
        if len(nouns.nouns) != 1:
            raise _UnsupportedError(phrase)
        return object_filter(nouns.nouns[0])
    except UnreadError as error:
        raise _UnsupportedError(str(error)) from None


#: Imprint's trigger, 'When ~ enters, you may exile target land you control': what it exiled is a choice.
_IMPRINT = re.compile(
    r"when ~ enters(?: the battlefield)?, you may exile (?:target|an?) [\w ,-]*?\b(?:land|card)"
    r"(?: you control| from your hand)?",
    re.I,
)


def _parse_filters(phrase: str) -> tuple[ObjectFilter, ...]:
    """'legendary creatures and planeswalkers you control': a union of filters sharing the controller."""
    try:
        return object_filters(parse_objects(phrase.strip().rstrip(".")))
    except UnreadError as error:
        raise _UnsupportedError(str(error)) from None


def _parse_condition(text: str) -> Condition:
    """'you control an Urza's Mine and an Urza's Power-Plant', read by the grammar."""
    try:
        return condition(parse_condition(text.strip().rstrip(".")))
    except UnreadError as error:
        raise _UnsupportedError(str(error)) from None


# --------------------------------------------------------------------------------------------------------
# Outputs ("Add ...")

_SYMBOLS = r"(?:\{[WUBRGC]\})+"


def _parse_output(spec: str) -> ManaOutput:
    """What follows 'Add' (a trigger's, a token's, a result's mana), read by the grammar.

    >>> str(_parse_output("{2}").options[0]), str(_parse_output("{1}{G}").options[0])
    ('{C}{C}', '{G}{C}')
    """
    try:
        return mana_output(parse_output(spec.strip().rstrip(".")))
    except UnreadError as error:
        raise _UnsupportedError(str(error)) from None


# --------------------------------------------------------------------------------------------------------
# Spending restrictions


def _parse_spend(text: str) -> tuple[SpendRestriction, str]:
    """A restriction on spending mana and its rider, read by the grammar
    (:func:`models.oracle.build.spend_restriction`); ``text`` may open with 'Spend this mana only'."""
    try:
        return spend_restriction(parse_spending(text), text.strip())
    except UnreadError as error:
        raise _UnsupportedError(str(error)) from None


# --------------------------------------------------------------------------------------------------------
# Static, triggered and replacement effects


# Sentences that can't change a payment in progress and add no mana: effects on untapping or on how a
# permanent enters, triggers that make no mana.
_NOT_DURING_PAYMENT = re.compile(
    r"^(?:when\b|whenever\b|at the beginning\b|at end of\b|.*\bdoesn't untap\b|.*\bdon't untap\b"
    r"|.*\benters(?: the battlefield)? tapped\b|~ enters(?: the battlefield)? with\b[^.]*\bcounters? on it\b"
    r"|nonland permanents you control are\b"
    r"|~ gets [+-]\w+/[+-]\w+ for each\b)",  # (Omnath's +1/+1 for each unspent green mana: no payment)
    re.I,
)

_NOT_DURING_PAYMENT_GATE = _Gate(
    ("when", "at the beginning", "at end of", "untap", "enters", "nonland permanents", "gets")
)

#: A trigger on tapping (for mana) that hurts the player who taps: Manabarbs, Burning Earth, Psychic Venom.
#: It does not add mana, but the damage or life loss is part of what a payment costs (docs/objective.md,
#: criterion 5): not understood, it is unsupported (reported), never "not about mana".
_HURTS_WHEN_TAPPED = re.compile(
    r"^whenever\b[^,]*\b(?:becomes tapped|is tapped for mana|taps? [^,]+ for mana)\b[^.]*"
    r"\b(?:deals? (?:[0-9]+|x) damage to (?:that player|you|its controller|that land's controller)"
    r"|(?:that player|you|its controller|that land's controller) loses? (?:[0-9]+|x) life)\b",
    re.I,
)

#: 'add' and, later in its sentence, a mana symbol or the word mana: the sentence adds mana ('add twice that
#: much {G}' too). Such a sentence is never ignored (nothing is dropped silently).
_ADDS_MANA = re.compile(r"\badds?\b[^.]*?(?:\{[^{}]+\}|\bmana\b)", re.I)


def adds_mana(text: str) -> bool:
    """True when the text adds mana: "add" followed in the same sentence by a mana symbol or "mana".

    >>> adds_mana("{T}: Add {G}."), adds_mana("Add twice that much {G}."), adds_mana("Draw a card.")
    (True, True, False)
    """
    return _ADDS_MANA.search(text) is not None


#: The trigger kinds of mana added outside a payment, by the opening of the sentence (CR 605.5a).
_TRIGGER_KINDS: tuple[tuple[re.Pattern[str], NotPaymentKind], ...] = (
    (
        re.compile(r"^(?:when|whenever) (?:~|another [^,]+?) (?:enters|is turned face up)", re.I),
        NotPaymentKind.ENTERS,
    ),
    (re.compile(r"^(?:when|whenever) [^,]*\bdies\b", re.I), NotPaymentKind.DIES),
    (re.compile(r"^(?:when|whenever) [^,]*\battacks\b", re.I), NotPaymentKind.ATTACKS),
    (re.compile(r"^whenever an? (?:\w+ )?land (?:you control )?enters", re.I), NotPaymentKind.LANDFALL),
    (re.compile(r"^(?:at the beginning of|if you do, at the beginning of)", re.I), NotPaymentKind.PHASE),
    (re.compile(r"^(?:when|whenever|if you do)\b", re.I), NotPaymentKind.TRIGGER),
)


_CREATES_TOKENS_THAT_ADD = re.compile(r"\bcreate\b[^\"]*\btokens?\b[^\"]*\"[^\"]*\badd\b", re.I)
_THEY_HAVE_QUOTED = re.compile(
    r'^(?:it|they|those tokens|the tokens?|that token|each of them) (?:has|have) "', re.I
)
_TRIGGERED_MANA_ABILITY = re.compile(
    r"tapped for mana|\btaps? [^,]+ for (?:mana|\{[WUBRGC]\})|causes you to add|mana ability", re.I
)
_ADD_OPENING = re.compile(r"^add\b", re.I)


def _not_payment_kind(body: str, line: str) -> NotPaymentKind | None:
    """Why a sentence that adds mana does so outside a payment, or None when it may add mana during one."""
    if _CREATES_TOKENS_THAT_ADD.search(body) or (_THEY_HAVE_QUOTED.match(body) and _TOKENS.search(line)):
        return NotPaymentKind.TOKEN
    if _TRIGGERED_MANA_ABILITY.search(body):
        return None  # a triggered mana ability (605.1b): read by the effect grammar or unsupported
    for pattern, kind in _TRIGGER_KINDS:
        if pattern.match(body):
            return kind
    for pattern, kind in _TRIGGER_KINDS:  # a later sentence of a triggered ability ('That player adds ...')
        if line != body and pattern.match(line):
            return kind
    if _ADD_OPENING.match(body):
        return NotPaymentKind.SPELL  # a spell's effect, not a mana ability (605.5b)
    if _TARGET_GAINS_QUOTED.match(body):
        return NotPaymentKind.GRANTED  # the target has the ability later: this card adds no mana itself
    return None


#: 'Target land gains "{T}: Add {G}{G}{G}" until end of turn': a one-shot grant of a mana ability.
_TARGET_GAINS_QUOTED = re.compile(r'^(?:up to one )?target [^"]+ gains "', re.I)


#: The gate of :func:`_read_entering`'s patterns.
_ENTERS_GATE = _Gate(("enters",))
_ENTERS_TAPPED_UNLESS_LIFE = re.compile(
    r"you may pay ([0-9]{1,6}) life\. if you don't, (?:it|~) enters tapped", re.I
)
_ENTERS_TAPPED = re.compile(r"~ enters tapped\b(?: unless ([^.]+))?", re.I)
_UNLESS_CONTROL_ONE_OF_TWO = re.compile(r"you control an? (\w+) or an? (\w+)", re.I)
_UNLESS_FEW_OTHER_LANDS = re.compile(r"you control (\w+) or fewer other lands", re.I)
_UNLESS_MANY_OTHER_LANDS = re.compile(r"you control (\w+) or more other lands", re.I)
_RETURNS_LAND = re.compile(
    r"when ~ enters(?: the battlefield)?, return a land you control to its owner's hand", re.I
)


def _read_entering(line: str, out: _Collector) -> None:
    """Record how the permanent enters (:class:`Entering`) from a line that says so; its sentences are
    still parsed as usual (they are ignored during a payment)."""
    if not _ENTERS_GATE.admits(_fold(line)):
        return  # (no pattern below can match: nothing would change)
    changes: _EnteringChanges = {}
    if m := _ENTERS_TAPPED_UNLESS_LIFE.search(line):
        changes["tapped"], changes["unless_life"] = True, int(m.group(1))
    elif m := _ENTERS_TAPPED.search(line):
        changes["tapped"] = True
        condition = m.group(1) or ""
        if check := _UNLESS_CONTROL_ONE_OF_TWO.fullmatch(condition):
            changes["unless_control"] = check.groups()
        elif (few := _UNLESS_FEW_OTHER_LANDS.fullmatch(condition)) and (
            few.group(1).lower() in _NUMBERS or _is_digits(few.group(1))
        ):
            changes["unless_other_lands"] = _number(few.group(1))
        elif (many := _UNLESS_MANY_OTHER_LANDS.fullmatch(condition)) and (
            many.group(1).lower() in _NUMBERS or _is_digits(many.group(1))
        ):
            changes["unless_at_least_lands"] = _number(many.group(1))
        else:
            changes["unless"] = condition
    if _RETURNS_LAND.search(line):
        changes["returns_land"] = True
    if changes:
        out.entering_changes.append(changes)


#: The rider of a colored cost reduction (Edgewalker, Morophon): it reduces no generic mana.
_ONLY_COLORED = re.compile(r"this effect reduces only the amount of colored mana you pay", re.I)
#: Celestial Dawn's rider on the color change before it: 'The same is true for spells you control and nonland
#: cards you own that aren't on the battlefield' (whose spells, and whose cards).
_SAME_IS_TRUE = re.compile(
    r"the same is true for (spells(?: you control)?)"
    r"(?:,? and ((?:nonland )?cards you own|(?:nonland )?cards) that aren't on the battlefield)?",
    re.I,
)
#: The gate of the sentences whose reading depends on the lines before their line (:func:`_read_line`).
_READS_EARLIER_LINES_GATE = _Gate(("this effect reduces only", "the same is true for"))


_UNTIL_END_OF_TURN = re.compile(r"^until end of turn, ", re.I)
_CHOOSE_AS_ENTERS = re.compile(
    r"as ~ enters(?: the battlefield)?, choose an? (color|creature type|basic land type|card type)"
    r"(?: other than \w+)?",
    re.I,
)


def _parse_static_sentence(sentence: str, out: _Collector, line: str = "") -> None:
    body = _BULLET.sub("", sentence.strip().rstrip("."))  # '• Add {R}.': one mode of a modal ability
    body = _UNTIL_END_OF_TURN.sub("", body)  # a resolved instant's effect (Pale Moon)
    if out.sentences and out.sentences[-1].read_as == "not_payment" and _SPEND_ONLY.match(body):
        # a restriction on the mana a trigger or a spell adds (Smoky Lounge): part of that mana's record
        try:
            restriction, rider = _parse_spend(body)
        except _UnsupportedError:
            restriction, rider = None, "unread"
        if restriction is not None and not rider:
            out.not_payment[-1] = replace(out.not_payment[-1], restriction=restriction)
            out.read(sentence, "not_payment", "a restriction on the mana the sentence before adds")
        else:
            out.unsupported.append(sentence)
            out.sentences.append(SentenceReading(sentence, "unsupported"))
        return
    if m := _CHOOSE_AS_ENTERS.fullmatch(body):
        out.choices.append(m.group(1).lower().replace(" ", "_"))
        out.read(sentence, "choice")
        return
    if _IMPRINT.fullmatch(body):
        # what it exiled is the board's 'imprinted' choice; the text that reads it asks for it
        out.read(sentence, "choice", "the card it exiled is the board's choices.imprinted")
        return
    if _parse_granted_while(body, sentence, out):
        return
    folded = _fold(body)
    if _ONE_CARD_PERMISSION_GATE.admits(folded) and (permission := _ONE_CARD_PERMISSION.fullmatch(body)):
        # a permission for the card an effect exiled, cast from exile: read, and never a board's payment
        as_types = ALL_COLORS if (permission.group(1) or "").lower() == "color" else ALL_TYPES
        from_exile = SpendRestriction((SpendUse(purpose=SpendPurpose.FROM_EXILE),), sentence)
        permits = SpendAsThough(
            text=sentence, who=Who.YOU, types=ALL_TYPES, as_types=as_types, when_paying=from_exile
        )
        out.effects.append(permits)
        out.read(sentence, "effect", "a permission for the card an effect exiled, cast from exile")
        return
    if (same := _SAME_IS_TRUE.fullmatch(body)) is not None and _extends_color_change(same, out):
        out.read(sentence, "effect")
        return
    if _ONLY_COLORED.fullmatch(body):
        # Edgewalker's and Morophon's rider on the sentence before it: nothing of the reduction spills onto
        # generic mana (CR 118.7b-c apply otherwise); after anything else it is not understood
        last = out.effects[-1] if out.effects else None
        if isinstance(last, CostModifier) and last.colored and not last.only_colored:
            out.effects[-1] = replace(last, only_colored=True)
            out.read(sentence, "effect")
        else:
            out.unsupported.append(sentence)
            out.sentences.append(SentenceReading(sentence, "unsupported"))
        return
    if not _ABOUT_MANA_GATE.admits(folded):
        # what the tests below make of a sentence that all their gates keep out (no effect grammar's word,
        # no 'add', no word about mana)
        out.ignore(sentence)
        return
    try:
        effects = _parse_effect(body, sentence, folded)
    except _UnsupportedError:
        effects = ()
    if effects:
        out.effects.extend(effects)
        out.read(sentence, "effect")
        if any(needs_imprinted(effect) for effect in effects):
            out.choices.append("imprinted")
        return
    adds_mana = _ADD_GATE.admits(folded) and _ADDS_MANA.search(body) is not None
    if adds_mana and (kind := _not_payment_kind(body, line or sentence)) is not None:
        output = _quoted_output(body) if kind is NotPaymentKind.GRANTED else _output_after_add(body)
        out.not_payment.append(NotPaymentMana(sentence, kind, output))
        out.ignored.append(sentence)
        out.sentences.append(SentenceReading(sentence, "not_payment"))
    elif (
        _MANA_RELEVANT_GATE.admits(folded)
        and _MANA_RELEVANT.search(body)
        # (unless it is one that can't change a payment: ignored, as any sentence that isn't about mana)
        and (adds_mana or not (_NOT_DURING_PAYMENT_GATE.admits(folded) and _NOT_DURING_PAYMENT.match(body)))
    ) or _HURTS_WHEN_TAPPED.match(body):
        out.unsupported.append(sentence)
        out.sentences.append(SentenceReading(sentence, "unsupported"))
    else:
        out.ignore(sentence)


#: 'You may spend mana as though it were mana of any color to cast that spell': a trigger's permission for the
#: card it exiled (Daxos, Gonti); it never applies to a spell paid from a board.
_ONE_CARD_PERMISSION = re.compile(
    r".*\b(?:you may spend mana as though it were mana of any (color|type)|mana of any (type) can be spent) "
    r"to cast (?:that spell|that card|it|them|those spells|the exiled card|a spell this way)",
    re.I,
)
_ONE_CARD_PERMISSION_GATE = _Gate(("you may spend mana as though", "mana of any type can be spent"))


_GRANTED_WHILE = re.compile(r'as long as (.+?), (?:it|~) (?:has|gains) (?:[\w ,]+ and )?"([^"]+)"', re.I)


def _parse_granted_while(body: str, sentence: str, out: _Collector) -> bool:
    """'As long as ~ is renowned, it has vigilance and "{T}: Add one mana of any color."': the mana ability
    exists only while the condition holds (an activation condition when it is one the grammar reads)."""
    m = _GRANTED_WHILE.fullmatch(body)
    if m is None or (colon := _find_colon(m.group(2))) < 0 or not _ADD_WORD.search(m.group(2)):
        return False
    granted = m.group(2)
    try:
        ability, leftovers = _parse_mana_ability(granted[:colon], granted[colon + 1 :], granted)
    except _UnsupportedError:
        return False
    if leftovers or ability.activation_condition is not None:
        return False
    try:
        ability = replace(ability, activation_condition=_parse_condition(m.group(1)))
    except _UnsupportedError:
        ability = replace(ability, exists_while=f"as long as {m.group(1)}")
    out.mana_abilities.append(ability)
    out.read(sentence, "mana_ability")
    return True


_ADD_OR_ADDS_THEN_SPACE = re.compile(r"\badds? ", re.I)
_FINAL_PERIOD_AND_QUOTE = re.compile(r"\.?\"?$")


def _output_after_add(body: str) -> ManaOutput | None:
    """The mana after the last 'add' of a sentence ('..., add {R}{R}'), or None when it can't be read."""
    matches = list(_ADD_OR_ADDS_THEN_SPACE.finditer(body))
    if not matches:
        return None
    spec = _FINAL_PERIOD_AND_QUOTE.sub("", body[matches[-1].end() :])
    try:
        return _parse_output(spec)
    except _UnsupportedError:
        return None


_TAP_DAMAGE = re.compile(r"whenever ~ becomes tapped, (?:it|~) deals ([0-9]{1,6}) damage to you", re.I)
#: 'Whenever a player taps a land for mana, ~ deals 1 damage to that player.' (Manabarbs, Burning Earth)
_TAPS_FOR_MANA_DAMAGE = re.compile(
    r"whenever (you|a player|an opponent) taps? (.+?) for mana, ~ deals ([0-9]{1,6}) damage to "
    r"(that player|them|you)",
    re.I,
)
#: 'Whenever enchanted land becomes tapped, ~ deals 2 damage to that land's controller.' (Psychic Venom)
_BECOMES_TAPPED_DAMAGE = re.compile(
    r"whenever (.+?) becomes tapped, ~ deals ([0-9]{1,6}) damage to "
    r"(?:that (?:land|creature|artifact|permanent)'s controller|its controller)",
    re.I,
)


def _parse_tap_damage(body: str, sentence: str) -> TapDamage | None:
    """Damage to whoever taps a permanent: its own (City of Brass), or the permanents a filter names, for mana
    (Manabarbs) or on any tapping (Psychic Venom).

    >>> barbs = _parse_tap_damage("Whenever a player taps a land for mana, ~ deals 1 damage to that player",
    ...     "")
    >>> barbs.damage, barbs.affected.types, barbs.who.value, barbs.for_mana
    (1, ('Land',), 'any', True)
    """
    if m := _TAP_DAMAGE.fullmatch(body):
        return TapDamage(sentence, int(m.group(1)))
    if (m := _TAPS_FOR_MANA_DAMAGE.fullmatch(body)) and (
        m.group(4).lower() != "you" or m.group(1).lower() == "you"
    ):
        # (the damage goes to whoever taps: 'to you' only when 'you' tap; another player's tapping that
        # hurts the effect's controller is not read, and is reported)
        who = _who(m.group(1))
        # 'you tap a land': the lands of the effect's controller; 'a player taps': anyone's
        affected = _subject_filter(m.group(2))
        return TapDamage(sentence, int(m.group(3)), affected=affected, who=who, for_mana=True)
    if (m := _BECOMES_TAPPED_DAMAGE.fullmatch(body)) and not m.group(1).startswith("~"):
        return TapDamage(sentence, int(m.group(2)), affected=_subject_filter(m.group(1)))
    return None


def needs_imprinted(effect: StaticEffect) -> bool:
    """True when the effect reads the card exiled with its source (the board's ``imprinted`` choice).

    >>> lens = parse_oracle("Whenever a land with the same name as the exiled card is tapped for mana, its "
    ...     "controller adds an additional one mana of any type that land produced.")
    >>> [needs_imprinted(e) for e in lens.effects]
    [True]
    """
    affected = getattr(effect, "affected", None)
    return isinstance(affected, ObjectFilter) and affected.named_as_imprinted


def reads_imprinted_colors(ability: ManaAbility) -> bool:
    """True when the ability's mana is of the colors of the card exiled with its source (Chrome Mox).

    >>> [reads_imprinted_colors(a) for a in parse_oracle("{T}: Add one mana of any of the exiled card's "
    ...     "colors.").mana_abilities]
    [True]
    """
    outputs = (ability.output, *(output for _, output in ability.conditional))
    return any(output.palette.kind is PaletteKind.IMPRINTED_COLORS for output in outputs)


def _who(word: str) -> Who:
    lowered = word.lower()
    if lowered in ("you",):
        return Who.YOU
    if lowered in ("an opponent", "opponents", "your opponents"):
        return Who.OPPONENTS
    return Who.ANY


def _parse_replacement(body: str, sentence: str) -> ProductionReplacement | None:
    """'If you tap a permanent for mana, it produces twice as much of that mana instead.', read by the
    grammar; None when the sentence is no such replacement."""
    return _mana_effect(body, sentence, ProductionReplacement)  # type: ignore[return-value]


def _parse_trigger(body: str, sentence: str) -> ManaTrigger | None:
    """'Whenever enchanted land is tapped for mana, its controller adds an additional {G}.', read by the
    grammar; None when the sentence is no triggered mana ability."""
    return _mana_effect(body, sentence, ManaTrigger)  # type: ignore[return-value]


def _mana_effect(
    body: str, sentence: str, kind: type[ProductionReplacement | ManaTrigger]
) -> ProductionReplacement | ManaTrigger | None:
    try:
        record = mana_effect(parse_mana_effect(body), sentence)
    except UnreadError:
        return None
    return record if isinstance(record, kind) else None


_LAND_TYPE_PLURALS = {
    "plains": "Plains",
    "islands": "Island",
    "swamps": "Swamp",
    "mountains": "Mountain",
    "forests": "Forest",
    "island": "Island",
    "swamp": "Swamp",
    "mountain": "Mountain",
    "forest": "Forest",
}


_IS_TYPES = re.compile(r"(.+?) (?:is|are) (.+?)( in addition to (?:its|their) other (?:land )?types)?", re.I)
_EVERY_BASIC_LAND_TYPE = re.compile(r"every basic land type", re.I)
_THE_CHOSEN_TYPE = re.compile(r"the chosen (?:basic land )?type", re.I)
#: The card types an effect may add to permanents (not 'creature': a permanent made a creature would need
#: its power, toughness and summoning sickness, which these effects also set: Opalescence).
_ADDED_CARD_TYPES = {
    "artifact": "Artifact",
    "artifacts": "Artifact",
    "enchantment": "Enchantment",
    "enchantments": "Enchantment",
}
_ALL_PERMANENTS = re.compile(r"^all permanents$", re.I)
_TYPES_SEPARATOR = re.compile(r"\s+and\s+|,\s*|\s+")
_ENCHANTED_LAND = re.compile(r"enchanted land", re.I)
_LEADING_EACH = re.compile(r"^each ", re.I)


def _parse_type_change(body: str, sentence: str) -> TypeChange | None:
    m = _IS_TYPES.fullmatch(body)
    if m is None:
        return None
    subject, types_text, adds = m.group(1), m.group(2), m.group(3) is not None
    chosen = _THE_CHOSEN_TYPE.fullmatch(types_text) is not None
    if chosen:
        land_types: tuple[str, ...] = ()
    elif _EVERY_BASIC_LAND_TYPE.fullmatch(types_text):
        land_types = tuple(BASIC_LAND_TYPES)
    else:
        words = [w for w in _TYPES_SEPARATOR.split(types_text) if _fold(w) not in ("a", "an", "")]
        if words and adds and all(_fold(w) in _ADDED_CARD_TYPES for w in words):
            subject = _ALL_PERMANENTS.sub("permanents", subject)
            added = tuple(dict.fromkeys(_ADDED_CARD_TYPES[_fold(w)] for w in words))
            return TypeChange(
                sentence, _parse_filter(_LEADING_EACH.sub("", subject)), (), adds, card_types=added
            )
        if not words or not all(_fold(w) in _LAND_TYPE_PLURALS for w in words):
            return None
        land_types = tuple(_LAND_TYPE_PLURALS[_fold(w)] for w in words)
    if _ENCHANTED_LAND.fullmatch(subject):
        affected = ObjectFilter(types=("Land",), attached=True)
    else:
        affected = _parse_filter(_LEADING_EACH.sub("", subject))
        if "Land" not in affected.types:
            return None
    return TypeChange(sentence, affected, land_types, adds, chosen=chosen)


_HAVE_QUOTED = re.compile(r'(.+?) (?:have|has) "(.+)"', re.I)
_ATTACHED_PERMANENT = re.compile(r"(enchanted|equipped) (land|creature|permanent|artifact)", re.I)


def _subject_filter(subject: str) -> ObjectFilter:
    """The permanents a sentence's subject names: the one its source is attached to ('enchanted land'), or
    those a filter matches.

    >>> _subject_filter("enchanted land").attached, _subject_filter("lands you control").types
    (True, ('Land',))
    >>> _subject_filter("enchanted permanent").types  # (any permanent: 'Permanent' is no type to match)
    ()
    """
    return _parse_filter(subject)


#: '<Subject> is/are <colors> [in addition to its/their other colors]' (layer 5): one color or more ('red
#: and green'), colorless, or the chosen color; a subject may give enchanted creature a P/T change first.
_COLOR = r"(?:white|blue|black|red|green)"
_IS_COLORS = re.compile(
    rf"(.+?) (?:gets [+-]\d+/[+-]\d+ and )?(?:is|are) "
    rf"(colorless|the chosen color|{_COLOR}(?:(?:, | and |, and ){_COLOR})*)"
    r"( in addition to (?:its|their) other colors)?",
    re.I,
)
#: Mycosynth Lattice's and Painter's Servant's subject: every object, wherever it is.
_EVERY_OBJECT = re.compile(r"all cards that aren't on the battlefield, spells, and permanents", re.I)


def _parse_color_change(body: str, sentence: str) -> ColorChange | None:
    """A color-changing effect (layer 5): 'Nonland permanents you control are white', 'All Slivers are
    colorless', '~ is the chosen color', 'All cards that aren't on the battlefield, spells, and permanents
    are the chosen color in addition to their other colors'; None for anything else.

    >>> change = _parse_color_change("All creatures are black", "All creatures are black.")
    >>> change.affected.types, str(change.colors), change.adds
    (('Creature',), 'B', False)
    >>> _parse_color_change("Target creature is black", "") is None
    True
    """
    m = _IS_COLORS.fullmatch(body)
    if m is None:
        return None
    subject, colors_text, adds = m.group(1), m.group(2), m.group(3) is not None
    if re.search(r"\b(?:target|becomes?|until|as long as|if|gets)\b", subject, re.I):
        return None  # (a spell's or a trigger's one-shot change, or a condition: no static effect)
    if "gets " in body.lower() and _ATTACHED_PERMANENT.fullmatch(subject) is None:
        return None
    chosen = _fold(colors_text) == "the chosen color"
    colors = ManaTypes()
    if not chosen and _fold(colors_text) != "colorless":
        for word in re.findall(r"white|blue|black|red|green", colors_text, re.I):
            colors = colors | ManaTypes.parse(lexicon.COLOR_WORDS[word.lower()])
    spells = cards = None
    if _EVERY_OBJECT.fullmatch(subject):
        affected, spells, cards = ObjectFilter(), Who.ANY, Who.ANY
    elif subject == "~":
        affected = ObjectFilter(self_only=True)
    else:
        try:
            affected = _subject_filter(re.sub(r"^all ", "", subject, flags=re.I))
        except _UnsupportedError:
            return None
    return ColorChange(sentence, affected, colors, adds, chosen, spells, cards)


def _extends_color_change(same: re.Match[str], out: _Collector) -> bool:
    """Celestial Dawn's rider (:data:`_SAME_IS_TRUE`) put on the color change just before it: whose spells
    and cards it changes too; False (nothing done) when the effect before it is not a color change."""
    last = out.effects[-1] if out.effects else None
    if not isinstance(last, ColorChange):
        return False
    spells = Who.YOU if same.group(1).lower().endswith("you control") else Who.ANY
    cards = None if same.group(2) is None else (Who.YOU if "you own" in same.group(2).lower() else Who.ANY)
    out.effects[-1] = replace(last, text=f"{last.text} {same.group(0)}.", spells=spells, cards=cards)
    return True


def _parse_grant(body: str, sentence: str) -> tuple[GrantAbility, ...] | None:
    """'<objects> have "<mana ability>"' (layer 6): one grant for each description ('Each land and Ally you
    control has ...'), which the planner gives a permanent once however many it matches."""
    m = _HAVE_QUOTED.fullmatch(body)
    if m is None:
        return None
    subject, granted = m.group(1), m.group(2)
    colon = _find_colon(granted)
    if colon < 0 or not _ADD_WORD.search(granted):
        return None
    affected = _parse_filters(subject)
    if any(flt.reads_status for flt in affected):
        # (what has the ability could change while paying, a counter removed by a cost: not executed yet)
        raise _UnsupportedError(sentence)
    ability, leftovers = _parse_mana_ability(granted[:colon], granted[colon + 1 :], granted)
    if leftovers:
        raise _UnsupportedError(sentence)
    return tuple(GrantAbility(sentence, flt, ability) for flt in affected)


_ACTIVATION_BAN = re.compile(r"activated abilities of (.+?) can't be activated", re.I)
_ATTACHED_BAN = re.compile(
    r"((?:enchanted|equipped) (?:land|creature|permanent|artifact))\b[^.\"]*?,? and its activated abilities "
    r"can't be activated",
    re.I,
)


def _parse_activation_ban(body: str, sentence: str) -> ActivationBan | None:
    """'Activated abilities of artifacts can't be activated.' (Null Rod), 'Enchanted permanent doesn't untap
    during its controller's untap step and its activated abilities can't be activated.' (Encrust).

    >>> _parse_activation_ban("Activated abilities of creatures can't be activated", "...").affected.types
    ('Creature',)
    >>> _parse_activation_ban("Activated abilities of artifacts can't be activated unless they're mana "
    ...     "abilities", "...") is None
    True
    """
    if m := _ACTIVATION_BAN.fullmatch(body):
        return ActivationBan(sentence, _subject_filter(m.group(1)))
    if m := _ATTACHED_BAN.fullmatch(body):
        word = m.group(1).split()[1].lower()  # ('enchanted permanent': any permanent)
        return ActivationBan(
            sentence, ObjectFilter(types=() if word == "permanent" else (word.title(),), attached=True)
        )
    return None


_POOLS_DONT_EMPTY = re.compile(r"(?:players'? )?mana pools don't empty as steps and phases end", re.I)
_DONT_LOSE_UNSPENT = re.compile(
    r"(you|players|each player) (?:don't|doesn't) lose unspent (?:(\w+) )?mana as steps and phases end", re.I
)
_UNSPENT_BECOMES_COLORLESS = re.compile(
    r"if (you|a player) would lose unspent mana, that mana becomes colorless instead", re.I
)


def _parse_unspent(body: str, sentence: str) -> UnspentManaEffect | None:
    if _POOLS_DONT_EMPTY.fullmatch(body):
        return UnspentManaEffect(sentence, UnspentMode.KEEP, Who.ANY)
    if m := _DONT_LOSE_UNSPENT.fullmatch(body):
        types = ALL_TYPES
        if m.group(2):
            color = m.group(2).lower()
            if color not in lexicon.COLOR_WORDS:
                raise _UnsupportedError(sentence)
            types = ManaTypes.parse(lexicon.COLOR_WORDS[color])
        return UnspentManaEffect(
            sentence, UnspentMode.KEEP, Who.YOU if m.group(1).lower() == "you" else Who.ANY, types
        )
    if m := _UNSPENT_BECOMES_COLORLESS.fullmatch(body):
        return UnspentManaEffect(sentence, UnspentMode.BECOME_COLORLESS, _who(m.group(1)))
    return None


_SPEND_AS_THOUGH = re.compile(
    r"(you|players|each player) (?:may|can) spend (\w+ )?mana (only )?as though it were "
    r"(mana of any (?:color|type)|"
    r"(?:white|blue|black|red|green|colorless) mana)(?: (to .+))?",
    re.I,
)


def _parse_spend_as_though(body: str, sentence: str) -> SpendAsThough | None:
    """'You may spend mana as though it were mana of any color', with 'can' for 'may' and an optional
    'to <use>' read by the spending-restriction grammar ('to cast creature spells', 'to activate abilities of
    creatures'): the effect then applies only to those payments (Vizier of the Menagerie)."""
    m = _SPEND_AS_THOUGH.fullmatch(body)
    if m is None:
        return None
    when_paying = None
    if m.group(5):
        when_paying, rider = _parse_spend(m.group(5))
        # a use no payment target describes would make the permission silently never apply
        if rider or any(use.purpose is not None for use in when_paying.uses):
            raise _UnsupportedError(sentence)
    who = Who.YOU if m.group(1).lower() == "you" else Who.ANY
    adjective = (m.group(2) or "").strip().lower()
    others = adjective == "other"
    if not adjective or others:
        types = ALL_TYPES
    elif adjective in lexicon.COLOR_WORDS:
        types = ManaTypes.parse(lexicon.COLOR_WORDS[adjective])
    elif adjective == "colorless":
        types = ManaTypes.parse("C")
    else:
        raise _UnsupportedError(sentence)
    target = m.group(4).lower()
    if target.startswith("mana of any"):
        as_types = ALL_COLORS if target.endswith("color") else ALL_TYPES
    else:
        word = target.split()[0]
        as_types = ManaTypes.parse("C" if word == "colorless" else lexicon.COLOR_WORDS[word])
    return SpendAsThough(
        text=sentence,
        who=who,
        types=types,
        as_types=as_types,
        only=m.group(3) is not None,
        others=others,
        when_paying=when_paying,
    )


_AFFINITY_OPENING = re.compile(r"^affinity for ", re.I)


def _affinity(keyword: str) -> CostModifier:
    """'Affinity for artifacts': 'This spell costs {1} less to cast for each artifact you control'
    (CR 702.41a)."""
    return _own_reduction(keyword, -1, _AFFINITY_OPENING.sub("", keyword))


_YOU_CONTROL_ENDING = re.compile(r" you control$", re.I)


def _own_reduction(sentence: str, delta: int, phrase: str) -> CostModifier:
    """A spell's change of its own cost: ``delta`` for each permanent its caster controls that matches
    ``phrase``."""
    counted = replace(_parse_filter(_YOU_CONTROL_ENDING.sub("", phrase)), controller=Who.YOU)
    return CostModifier(
        text=sentence,
        who=Who.YOU,
        spells=ObjectFilter(),
        colors=ManaTypes(),
        generic_delta=delta,
        own=True,
        for_each=counted,
    )


_OWN_COST_FOR_EACH = re.compile(r"~ costs \{(\d+)\} (more|less) to cast for each (.+? you control)", re.I)
_SPELLS_COST = re.compile(
    r"(.*?)\bspells?( of the chosen type)?(?: (you|a player|your opponents) casts?)? costs? "
    r"((?:\{(?:[0-9]{1,6}|[WUBRGC])\})+) (more|less) to cast"
    r"( for each other spell that player has cast this turn)?",
    re.I,
)
_SYMBOL_INSIDES = re.compile(r"\{([^}]*)\}")
_AND_OR_COMMA = re.compile(r" (?:and|or) |,")
_AND_OR_WORD = re.compile(r" (?:and|or) ")
_NON_WORD = re.compile(r"non-?[a-z]+")
_LOWER_CASE_WORD = re.compile(r"[a-z'\-]+")


def _parse_cost_modifier(body: str, sentence: str) -> CostModifier | None:
    if m := _OWN_COST_FOR_EACH.fullmatch(body):
        delta = int(m.group(1)) * (1 if m.group(2).lower() == "more" else -1)
        return _own_reduction(sentence, delta, m.group(3))
    m = _SPELLS_COST.fullmatch(body)
    if m is None:
        return None
    sign = 1 if m.group(5).lower() == "more" else -1
    amounts = _SYMBOL_INSIDES.findall(m.group(4))
    generic = sum(int(amount) for amount in amounts if amount.isdigit())
    colored = ManaBag.parse("".join(f"{{{a.upper()}}}" for a in amounts if not a.isdigit()))
    if colored and sign > 0:
        raise _UnsupportedError(sentence)  # (an increase of colored mana: no card the planner knows)
    either = bool(_AND_OR_COMMA.search(m.group(1)))
    words = _AND_OR_WORD.sub(" ", m.group(1)).split()
    colors = ManaTypes()
    types: list[str] = []
    excluded: list[str] = []
    for word in words:
        lowered = word.lower().rstrip(",")
        if lowered in ("each", "a"):
            continue
        if _NON_WORD.fullmatch(lowered):
            excluded.append(_singular(lowered.removeprefix("non").lstrip("-")))
            continue
        if lowered in lexicon.COLOR_WORDS or lowered.removesuffix(" spells") in lexicon.COLOR_WORDS:
            colors = colors | ManaTypes.parse(lexicon.COLOR_WORDS[lowered])
        elif lowered == "spells":
            continue
        elif _LOWER_CASE_WORD.fullmatch(lowered):
            types.append(_singular(word.rstrip(",")))
        else:
            raise _UnsupportedError(sentence)
    who = {"you": Who.YOU, "your opponents": Who.OPPONENTS}.get((m.group(3) or "").lower(), Who.ANY)
    return CostModifier(
        text=sentence,
        who=who,
        spells=ObjectFilter(types=tuple(types), excluded=tuple(excluded), chosen_type=m.group(2) is not None),
        colors=colors,
        generic_delta=sign * generic,
        per_other_spell_this_turn=m.group(6) is not None,
        any_type=either and len(types) > 1,
        colored=colored,
    )


# --------------------------------------------------------------------------------------------------------
# The effect grammars, in the order they are tried

#: Each effect grammar, in the order they are tried, behind its gate: words of which every sentence its
#: opening patterns match holds one. A sentence the gate keeps out is not tried on it: the grammar would
#: return None for it, never raise (each raises only once an opening pattern has matched), so the first
#: grammar that reads the sentence, or raises, is the one it is when every grammar is tried in turn.
_EFFECT_GRAMMARS: tuple[
    tuple[_Gate, Callable[[str, str], StaticEffect | tuple[GrantAbility, ...] | None]], ...
] = (
    (_Gate(("becomes tapped", "for mana")), _parse_tap_damage),
    (_Gate(("it produces",)), _parse_replacement),
    (_Gate(("for mana", "for {", "causes you to add")), _parse_trigger),
    # the types after 'is' or 'are': land types (str.lower() in _LAND_TYPE_PLURALS), every basic land type,
    # the chosen one, or card types added ('... in addition to their other types')
    (
        _Gate(
            (
                *_LAND_TYPE_WORDS,
                "every basic land type",
                "chosen type",
                "chosen basic land type",
                "in addition",
            )
        ),
        _parse_type_change,
    ),
    (_Gate(("white", "blue", "black", "red", "green", "colorless", "chosen color")), _parse_color_change),
    (_Gate(('"',)), _parse_grant),
    (_Gate(("unspent", "mana pools")), _parse_unspent),
    (_Gate(("to cast",)), _parse_cost_modifier),
    (_Gate(("as though it were",)), _parse_spend_as_though),
    (_Gate(("can't be activated",)), _parse_activation_ban),
)


#: The gates of all the effect grammars as one: what it keeps out, each of them does (most sentences).
_ANY_EFFECT_GATE = _Gate(tuple(word for gate, _ in _EFFECT_GRAMMARS for word in gate.words))
#: The gates of the effect grammars, of 'add' and of :data:`_MANA_RELEVANT` as one (see
#: :func:`_parse_static_sentence`).
_ABOUT_MANA_GATE = _Gate((*_ANY_EFFECT_GATE.words, *_ADD_GATE.words, *_MANA_RELEVANT_GATE.words))


def _parse_effect(body: str, sentence: str, folded: str) -> tuple[StaticEffect, ...]:
    """The effects the first grammar that reads the sentence gives (see :data:`_EFFECT_GRAMMARS`), or none;
    ``folded`` is the body folded (:func:`_fold`)."""
    if not _ANY_EFFECT_GATE.admits(folded):
        return ()
    for gate, grammar in _EFFECT_GRAMMARS:
        if gate.admits(folded) and (effect := grammar(body, sentence)) is not None:
            return effect if isinstance(effect, tuple) else (effect,)
    return ()
