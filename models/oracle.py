"""The Oracle-text parser: mana abilities and the effects that change mana, from rules text.

It reads real Oracle wording (and the obvious variants of older wording), one ability per line, and turns
each sentence into a structured record of :mod:`models.abilities`. Every sentence ends up in exactly one
place: a mana ability, an effect, a keyword, a choice the card needs, ``ignored`` (nothing to do with mana:
flying, card draw, upkeep triggers) or ``unsupported`` (it is about mana but the parser cannot read it).
Nothing is dropped silently.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Final

from models.abilities import (
    AbilityCost,
    Amount,
    AmountKind,
    Condition,
    CostModifier,
    CostPart,
    CostPartKind,
    GrantAbility,
    ManaAbility,
    ManaOutput,
    ManaTrigger,
    NotPaymentKind,
    NotPaymentMana,
    ObjectFilter,
    OutputKind,
    Palette,
    PaletteKind,
    ProductionReplacement,
    ReplacementKind,
    SideEffect,
    SideEffectKind,
    SpendAsThough,
    SpendPurpose,
    SpendRestriction,
    SpendUse,
    StaticEffect,
    TapDamage,
    TriggerEvent,
    TypeChange,
    UnspentManaEffect,
    UnspentMode,
    Who,
)
from models.cost import ManaCost, PaymentKind
from models.errors import CostParseError, ManaParseError, OracleParseError
from models.mana import ALL_COLORS, ALL_TYPES, ManaBag, ManaTypes, parse_mana_string
from models.types import BASIC_LAND_TYPES, CARD_TYPES

__all__ = [
    "PARSER_VERSION",
    "READ_AS",
    "Entering",
    "LandSearch",
    "ParsedText",
    "SentenceReading",
    "needs_imprinted",
    "parse_land_search",
    "parse_oracle",
    "parse_restriction",
    "reading_units",
]

#: The version of what the parser reads; raise it whenever a change makes any text read differently, so that
#: results cached from an older parser (the card store's) are worked out again.
PARSER_VERSION: Final = 9

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


@dataclass(slots=True)
class _Collector:
    mana_abilities: list[ManaAbility] = field(default_factory=list)
    effects: list[StaticEffect] = field(default_factory=list)
    keywords: set[str] = field(default_factory=set)
    choices: list[str] = field(default_factory=list)
    ignored: list[str] = field(default_factory=list)
    unsupported: list[str] = field(default_factory=list)
    sentences: list[SentenceReading] = field(default_factory=list)
    not_payment: list[NotPaymentMana] = field(default_factory=list)

    def read(self, text: str, read_as: str, note: str = "") -> None:
        """Record how one sentence (or each sentence of an ability) was read."""
        for sentence in _split_sentences(text) or [text]:
            self.sentences.append(SentenceReading(sentence, read_as, note))

    def ignore(self, text: str) -> None:
        self.ignored.append(text)
        self.read(text, "ignored")

    entering: Entering | None = None

    def freeze(self) -> ParsedText:
        return ParsedText(
            mana_abilities=tuple(self.mana_abilities),
            effects=tuple(self.effects),
            keywords=frozenset(self.keywords),
            choices_needed=tuple(dict.fromkeys(self.choices)),
            ignored=tuple(self.ignored),
            unsupported=tuple(self.unsupported),
            sentences=tuple(self.sentences),
            not_payment=tuple(self.not_payment),
            entering=self.entering,
        )


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
        words = [w for w in re.split(r",\s*|\s+or\s+|\s+", what) if w and w != "or"]
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
        line = _normalise(raw_line, name)
        if line:
            _parse_line(line, collector, raw_line.strip())
    return collector.freeze()


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
_SELF_WORDS = re.compile(
    r"\bthis (?:creature|artifact|land|enchantment|permanent|token|card|spell|vehicle|equipment|aura"
    r"|planeswalker|battle)\b",
    re.I,
)


def _normalise(line: str, name: str) -> str:
    """Strip reminder text, unify quotes and dashes, and write self-references as '~'."""
    line = line.replace("\u201c", '"').replace("\u201d", '"').replace("\u2019", "'").replace("\u2212", "-")
    line = _REMINDER.sub("", line).strip()
    names = [name] if name else []
    if name and "," in name:
        names.append(name.split(",")[0])
    for card_name in sorted(names, key=len, reverse=True):
        line = _named_as_tilde(line, card_name)
    line = _SELF_WORDS.sub("~", line).strip()
    for older, newer in _OLDER_WORDINGS:
        line = older.sub(newer, line)
    return line


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


#: Older Oracle wordings and the current ones they became (2017 'to your mana pool', 2024 'enters').
_OLDER_WORDINGS = (
    (re.compile(r" to your mana pool\b"), ""),
    (re.compile(r"\benters the battlefield\b"), "enters"),
    (re.compile(r"\bActivate this ability only\b"), "Activate only"),
    (re.compile(r"\bCARDNAME\b"), "~"),
    (re.compile(r"\bconverted mana cost\b"), "mana value"),
)


def _split_sentences(text: str) -> list[str]:
    """Split on sentence ends outside double quotes; each sentence keeps its final period."""
    sentences: list[str] = []
    start = 0
    quoted = False
    for index, char in enumerate(text):
        if char == '"':
            quoted = not quoted
        elif char == "." and not quoted and (index + 1 == len(text) or text[index + 1] == " "):
            if index + 1 < len(text) and text[index + 1 : index + 2] == '"':
                continue
            sentences.append(text[start : index + 1].strip())
            start = index + 1
    tail = text[start:].strip()
    if tail:
        sentences.append(tail)
    return [s for s in sentences if s]


def _find_colon(line: str) -> int:
    """Index of the colon separating an activated ability's cost from its effect, or -1."""
    quoted = False
    for index, char in enumerate(line):
        if char == '"':
            quoted = not quoted
        elif char == ":" and not quoted:
            return index
    return -1


_MANA_RELEVANT = re.compile(
    r"\badds?\b|\bproduces?\b|\bspend\b|\bspent\b|unspent|mana pools?|\bcosts? \{"
    r"|\bcosts? (?:\w+ )?(?:more|less)"
    r"|land types?|\b(?:is|are) (?:an? )?(?:plains|islands?|swamps?|mountains?|forests?)\b"
    r"|tapped for mana|taps? [\w ]+ for mana",
    re.I,
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
}
_KEYWORD_PREFIXES = (
    "enchant ",
    "equip",
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


def _keywords_of(line: str) -> list[str] | None:
    """The keywords on a keyword line ('Defender, hexproof'), or None when it is not one."""
    parts = [p.strip().lower() for p in re.split(r",|;", line.rstrip("."))]
    if not parts or not all(p in _KEYWORDS or p.startswith(_KEYWORD_PREFIXES) for p in parts):
        return None
    return parts


# --------------------------------------------------------------------------------------------------------
# Lines


_ABILITY_WORD = re.compile(r"^(?:[\u2022*]\s*)?[A-Z][A-Za-z' ]{2,30} — (?=\S)")
#: A mode of a modal ability or a choice made as the permanent entered ('• Khans — ...'): the bullet.
_BULLET = re.compile(r"^[\u2022*]\s*")
#: A Saga's chapter symbols ('I — ', 'II, III — '): a chapter ability is a triggered ability (CR 714.2b).
_CHAPTER = re.compile(r"^[IVX]+(?:, [IVX]+)* — (?=\S)")


def _abilities_of(line: str) -> list[str]:
    """A line cut where a new activated ability starts ('{T}: Add {C}. {T}: Add {R}.' is two)."""
    chunks: list[str] = []
    for sentence in _split_sentences(line):
        colon = _find_colon(sentence)
        if chunks and not (colon > 0 and _looks_like_cost(sentence[:colon])):
            chunks[-1] += " " + sentence
        else:
            chunks.append(sentence)
    return chunks or [line]


def _parse_line(line: str, out: _Collector, original: str) -> None:
    if _CHAPTER.match(line):
        _parse_chapter(line, out)
        return
    line = _ABILITY_WORD.sub("", line)  # 'Metalcraft — ', 'Vivid — ': ability words have no rules meaning
    chunks = _abilities_of(line)
    if len(chunks) > 1:
        for chunk in chunks:
            _parse_line(chunk, out, chunk)
        return
    keywords = _keywords_of(line)
    if keywords is not None:
        out.keywords.update(k.split(" ")[0] if k.startswith("enchant") else k for k in keywords)
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
    line = _ABILITY_WORD.sub("", line)
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


def _looks_like_cost(text: str) -> bool:
    text = text.strip()
    return bool(
        re.match(
            r"^(?:\{|[+\-−]?[0-9]+$|sacrifice|tap|pay|remove|exile|discard|return|put|untap|collect|forage|"
            r"reveal|mill|\[)",
            text,
            re.I,
        )
    )


#: Words of a cost or effect that moves a card to or from a library (CR 605.1a as amended 2026-08-07).
_MOVES_LIBRARY = re.compile(
    r"\bdraws? (?:a|an|one|two|three|x|[0-9]+) (?:\w+ )?cards?\b|\bmills?\b|\blibrary\b", re.I
)


#: An effect that makes or changes mana without the word 'add' ('Double the amount of ... unspent mana').
_CHANGES_MANA = re.compile(
    r"unspent mana|\bmana pools?\b|\bdouble\b[^.]*\bmana\b|\bproduces?\b[^.]*\bmana\b", re.I
)


def _parse_activated(line: str, colon: int, out: _Collector, original: str) -> None:
    cost_text, effect_text = line[:colon].strip(), line[colon + 1 :].strip()
    unquoted = re.sub(r'"[^"]*"', '""', effect_text)
    if (
        re.search(r"\btokens?\b", unquoted, re.I)
        and not re.search(r"\badds?\b", unquoted, re.I)
        and re.search(r"\badd\b", effect_text, re.I)
    ):  # the tokens it creates have a mana ability; the ability itself makes none
        output = _quoted_output(effect_text)
        out.not_payment.append(NotPaymentMana(line, NotPaymentKind.TOKEN, output, _cost_or_none(cost_text)))
        out.ignored.append(original)
        out.read(line, "not_payment")
        return
    doubling_cost = _cost_or_none(cost_text)
    if doubling_cost is not None and re.fullmatch(
        r"double the amount of each type of unspent mana you have\.?", effect_text, re.I
    ):
        # it adds mana (as much again of each type in the pool) without the word 'add': a mana ability
        doubling = ManaAbility(
            text=original, cost=doubling_cost, output=ManaOutput(OutputKind.DOUBLE_UNSPENT)
        )
        out.mana_abilities.append(doubling)
        out.read(line, "mana_ability")
        return
    if not re.search(r"\badds?\b", effect_text, re.I):
        if _CHANGES_MANA.search(effect_text) and not re.search(r"\btargets?\b", effect_text, re.I):
            out.unsupported.append(original)  # it makes mana without 'add' (Doubling Cube): not read
            out.read(line, "unsupported")
        else:
            out.ignore(original)  # an activated ability that makes no mana (draw, untap, pump...)
        return
    kind: NotPaymentKind | None = None
    if re.match(r"^[+\-−]?(?:[0-9]+|x)$", cost_text, re.I):
        kind = NotPaymentKind.LOYALTY  # loyalty abilities are not mana abilities (CR 605.1a)
    elif re.search(r"\btargets?\b", effect_text, re.I):
        kind = NotPaymentKind.TARGETED  # a targeted ability is not a mana ability (CR 605.1a)
    elif _MOVES_LIBRARY.search(re.sub(r"draw a card at the beginning of the next[^.]*", "", line)):
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


def _output_of_effect(effect_text: str) -> ManaOutput | None:
    """The mana an effect's 'Add ...' sentence adds, or None when it can't be read."""
    for sentence in _split_sentences(effect_text):
        if m := re.match(r"^(?:then )?add (.+?)\.?$", sentence, re.I):
            try:
                return _parse_output(m.group(1))
            except _UnsupportedError:
                return None
    return None


def _quoted_output(text: str) -> ManaOutput | None:
    """The mana that the first quoted mana ability in a text adds ('... tokens with "{T}: Add {C}."')."""
    for quoted in re.findall(r'"([^"]*)"', text):
        colon = _find_colon(quoted)
        if colon > 0 and (output := _output_of_effect(quoted[colon + 1 :].strip())) is not None:
            return output
    return None


def _cost_or_none(cost_text: str) -> AbilityCost | None:
    try:
        return _parse_cost(cost_text)
    except _UnsupportedError:
        return None


def _parse_mana_ability(cost_text: str, effect_text: str, original: str) -> tuple[ManaAbility, list[str]]:
    """Parse '<cost>: Add ...' into a mana ability; unreadable extra sentences are returned separately."""
    cost = _parse_cost(cost_text)
    sentences = _split_sentences(effect_text)
    side_effects: list[SideEffect] = []
    chose_color = chosen_player = False
    palette: Palette | None = None
    if re.match(_RANDOM, sentences[0], re.I):
        return _parse_random(cost, sentences, original)
    while len(sentences) > 1 and not re.match(
        r"^(?:add|for each color|that player adds)\b", sentences[0], re.I
    ):
        first = sentences[0].rstrip(".")
        if re.fullmatch(r"choose a color", first, re.I):
            chose_color = True
        elif re.fullmatch(r"choose a color of a card in your graveyard", first, re.I):
            chose_color, palette = True, Palette(PaletteKind.GRAVEYARD_COLORS)
        elif re.fullmatch(r"choose a player", first, re.I):
            chosen_player = True  # its controller may choose itself (not a target: CR 115.10)
        elif m := re.fullmatch(r"put an? ([\w+\-/]+) counter on ~", first, re.I):
            side_effects.append(
                SideEffect(SideEffectKind.PUT_COUNTER_FIRST, 1, m.group(1).lower(), sentences[0])
            )
        elif m := re.fullmatch(
            r"reveal (?:x|any number of) (.+? cards?(?: with .+?)?) (?:in|from) your hand", first, re.I
        ):
            side_effects.append(SideEffect(SideEffectKind.REVEAL_FIRST, what=m.group(1), text=sentences[0]))
        else:
            raise _UnsupportedError(sentences[0])
        sentences = sentences[1:]
    add = sentences[0]
    if chosen_player:
        add = re.sub(r"^that player adds\b", "Add", add, flags=re.I)
    uncertain = ""
    if m := re.search(
        r",? unless (any player|an opponent|any opponent|target opponent) pays? (.+?)\.?$", add, re.I
    ):
        uncertain, add = m.group(0).lstrip(", ").rstrip("."), add[: m.start()]  # another player's choice
    if any(part.kind is CostPartKind.REMOVE_X_COUNTERS for part in cost.parts):
        add = re.sub(
            r"\bX mana\b(.*?)\.?$", r"X mana\1, where X is the number of counters removed this way", add
        )
    if match := re.fullmatch(r"for each color among (.+?), add one mana of that color\.?", add, re.I):
        palette = Palette(PaletteKind.COLORS_AMONG, ALL_COLORS, _parse_filters(match.group(1)))
        output = ManaOutput(OutputKind.EACH_TYPE, palette=palette)
    elif (match := re.match(r"^add (.+?)\.?$", add, re.I)) is None:
        raise _UnsupportedError(add)
    elif chose_color:
        output = _parse_that_color(match.group(1))
        if palette is not None:
            output = replace(output, palette=palette)
    else:
        output = _parse_output(match.group(1))
    conditional: list[tuple[Condition, ManaOutput]] = []
    restriction: SpendRestriction | None = None
    riders: list[str] = []
    self_damage = life_loss = 0
    sacrifice_when_empty = ""
    activation_condition: Condition | None = None
    once_each_turn = False
    timing = ""
    leftovers: list[str] = []
    for sentence in sentences[1:]:
        body = sentence.rstrip(".")
        if m := re.match(r"^~ deals ([0-9]{1,6}) damage to you$", body, re.I):
            self_damage += int(m.group(1))
        elif m := re.match(r"^you lose ([0-9]{1,6}) life$", body, re.I):
            life_loss += int(m.group(1))
        elif re.match(r"^spend this mana only\b", body, re.I):
            restriction, rider = _parse_spend(body)
            if rider:
                riders.append(rider)
        elif m := re.match(r"^if (.+?), (?:add (.+) instead|instead add (.+))$", body, re.I):
            conditional.append((_parse_condition(m.group(1)), _parse_output(m.group(2) or m.group(3))))
        elif re.match(r"^(?:if|when|whenever) (?:that|this) mana is spent\b", body, re.I):
            riders.append(sentence)  # it changes what the mana does once spent, not what it pays
        elif re.fullmatch(
            r"any player may activate this ability(?: but)? only during their turn before the end step",
            body,
            re.I,
        ):
            timing = "your_turn_before_end_step"
        elif m := re.match(r"^if there are no (\w+) counters on ~, sacrifice (?:it|~)$", body, re.I):
            sacrifice_when_empty = m.group(1).lower()
        elif m := re.match(r"^activate only (.+)$", body, re.I):
            for limit in re.split(r",? and only |,? and ", m.group(1), flags=re.I):
                if c := re.fullmatch(r"if (.+)", limit, re.I):
                    activation_condition = _parse_condition(c.group(1))
                elif re.fullmatch(r"once each turn", limit, re.I):
                    once_each_turn = True
                elif re.fullmatch(r"as a sorcery|any time you could cast a sorcery", limit, re.I):
                    timing = "sorcery"
                elif re.fullmatch(r"any time you could cast an instant", limit, re.I):
                    timing = "instant"  # no limit: a mana ability may be activated whenever (CR 605.3a)
                elif re.fullmatch(r"during your turn", limit, re.I):
                    timing = "your_turn"
                else:
                    raise _UnsupportedError(sentence)
        elif re.fullmatch(r"this mana can't be spent to pay generic mana costs", body, re.I):
            base = restriction or SpendRestriction((SpendUse(),), "")
            restriction = replace(base, not_generic=True, text=(base.text + " " + sentence).strip())
        elif (effect := _side_effect(body, sentence)) is not None:
            if isinstance(effect, int):
                life_loss += effect
            else:
                side_effects.append(effect)
        else:
            leftovers.append(sentence)
    ability = ManaAbility(
        text=original,
        cost=cost,
        output=output,
        conditional=tuple(conditional),
        restriction=restriction,
        riders=tuple(riders),
        self_damage=self_damage,
        life_loss=life_loss,
        sacrifice_when_empty=sacrifice_when_empty,
        activation_condition=activation_condition,
        side_effects=tuple(side_effects),
        once_each_turn=once_each_turn,
        timing=timing,
        uncertain=uncertain,
        chosen_player=chosen_player,
    )
    return ability, leftovers


#: The opening of an effect whose result is random: a die roll or a coin flip (CR 705, 706).
_RANDOM = r"^(?:roll (?:a|an) (?:\w+-sided die|d\d+)|flip a coin)\b"


def _parse_random(cost: AbilityCost, sentences: list[str], original: str) -> tuple[ManaAbility, list[str]]:
    """'Roll a six-sided die.' with its results ('2 — Add {W}.'), or 'Flip a coin. If you win the flip, add
    {C}{C}.': the mana any result adds, the ability marked ``uncertain`` (no plan can count on a result)."""
    roll = sentences[0].rstrip(".")
    outputs: list[ManaOutput] = []
    timing = ""
    leftovers: list[str] = []
    for sentence in sentences[1:]:
        body = sentence.rstrip(".")
        result = re.fullmatch(
            r"(?:\d+(?:\s*[-\u2013\u2014]\s*\d+\+?)?\s*(?:\u2014|\|)|if you (?:win|lose) the flip,)\s*(.+)",
            body,
            re.I,
        )
        if re.fullmatch(
            r"this ability has the (?:indicated effect|following effects based on the result)", body, re.I
        ):
            continue
        if re.fullmatch(r"activate only (?:any time you could cast an instant|as an instant)", body, re.I):
            timing = "instant"
        elif re.fullmatch(r"activate only (?:as a sorcery|any time you could cast a sorcery)", body, re.I):
            timing = "sorcery"
        elif result is None:
            leftovers.append(sentence)
        elif add := re.fullmatch(r"add (.+)", result.group(1), re.I):
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


def _side_effect(body: str, sentence: str) -> SideEffect | int | None:
    """A side effect of a mana ability that doesn't change the mana, or the life its controller loses."""
    if m := re.fullmatch(r"each player loses (\w+) life", body, re.I):
        return _number(m.group(1))  # the controller is a player: life lost like "you lose N life"
    if m := re.fullmatch(r"you gain (\w+) life", body, re.I):
        return SideEffect(SideEffectKind.GAIN_LIFE, _number(m.group(1)), text=sentence)
    if m := re.fullmatch(r"(?:each opponent|target opponent|an opponent) gains (\w+) life", body, re.I):
        return SideEffect(SideEffectKind.OPPONENTS_GAIN_LIFE, _number(m.group(1)), text=sentence)
    if re.fullmatch(r"(?:~|it) doesn't untap during your next untap step", body, re.I):
        return SideEffect(SideEffectKind.NO_UNTAP, text=sentence)
    if m := re.fullmatch(r"put an? ([\w+\-/]+) counter on ~", body, re.I):
        return SideEffect(SideEffectKind.PUT_COUNTER, 1, m.group(1).lower(), sentence)
    if re.fullmatch(
        r"(?:if this ability has been activated (?:\w+) or more times this turn, )?"
        r"(?:draw a card|sacrifice ~) at the beginning of the next (?:turn's upkeep|end step)",
        body,
        re.I,
    ):
        return SideEffect(SideEffectKind.DELAYED, text=sentence)
    return None


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
    """A number written in at most six ASCII digits ('²' and '٣' are not numbers here)."""
    return re.fullmatch(r"[0-9]{1,6}", word) is not None


def _number(word: str) -> int:
    word = word.lower()
    if _is_digits(word):
        return int(word)
    if word in _NUMBERS:
        return _NUMBERS[word]
    raise _UnsupportedError(word)


def _parse_cost(text: str) -> AbilityCost:
    mana = ManaCost()
    tap = untap = sacrifice_self = False
    life = remove_count = sacrifice_count = tap_count = 0
    remove_counter = ""
    sacrifice: ObjectFilter | None = None
    tap_others: ObjectFilter | None = None
    parts: list[CostPart] = []
    for part in (p.strip() for p in text.split(",")):
        lowered = part.lower()
        if (other := _cost_part(part)) is not None:
            parts.append(other)
        elif lowered == "{t}":
            tap = True
        elif lowered == "{q}":
            untap = True
        elif re.fullmatch(r"(\{[^}]+\})+", part):
            try:
                mana = mana + ManaCost.parse(part)
            except CostParseError as error:
                raise _UnsupportedError(part) from error
        elif m := re.fullmatch(r"pay ([0-9]{1,6}) life", lowered):
            life += int(m.group(1))
        elif re.fullmatch(r"sacrifice ~", lowered):
            sacrifice_self = True
        elif m := re.fullmatch(r"sacrifice (a|an|one|two|three|four|five) (.+)", lowered):
            sacrifice_count = _number(m.group(1))
            # a cost can only sacrifice its controller's own permanents (CR 701.21a)
            sacrifice = replace(_parse_filter(part.split(" ", 2)[2]), controller=Who.YOU)
        elif m := re.fullmatch(
            r"remove (a|an|one|two|three|four|five|[0-9]{1,6}) ([\w+\-/]+) counters? from ~", lowered
        ):
            remove_count, remove_counter = _number(m.group(1)), m.group(2)
        elif m := re.fullmatch(r"tap (a|an|one|two|three|four|five|[0-9]{1,6}) untapped (.+)", lowered):
            tap_count = _number(m.group(1))
            tap_others = _parse_filter("untapped " + part.split(" ", 3)[3])
        else:
            raise _UnsupportedError(part)
    return AbilityCost(
        mana=mana,
        tap=tap,
        untap=untap,
        life=life,
        sacrifice_self=sacrifice_self,
        sacrifice=sacrifice,
        sacrifice_count=sacrifice_count,
        remove_counter=remove_counter,
        remove_count=remove_count,
        tap_others=tap_others,
        tap_others_count=tap_count,
        parts=tuple(parts),
    )


#: Cost parts :class:`AbilityCost` has no field for, by their wording (CR 118, 701.39 exert).
_COST_PARTS: tuple[tuple[re.Pattern[str], CostPartKind], ...] = tuple(
    (re.compile(pattern, re.I), kind)
    for pattern, kind in (
        (r"discard (a|an|one|two|three|x) ((?:\w+ )?cards?)", CostPartKind.DISCARD),
        (r"discard your (hand)", CostPartKind.DISCARD),
        (r"exile ~ from your hand", CostPartKind.EXILE_SELF_FROM_HAND),
        (r"exile (a|an|one|two|three) ((?:\w+ )?cards?) from your hand", CostPartKind.EXILE_FROM_HAND),
        (r"exile (a|an|one|two|three) (.+? you control)", CostPartKind.EXILE_PERMANENT),
        (r"return ~ to its owner's hand", CostPartKind.RETURN_SELF),
        (r"return (a|an|one|two) (.+? you control) to its owner's hand", CostPartKind.RETURN_PERMANENT),
        (r"pay ((?:\{e\})+)", CostPartKind.ENERGY),
        (r"exert ~", CostPartKind.EXERT),
        (
            r"untap (a|an) (tapped .+?|.+?) (?:an opponent controls|you don't control)",
            CostPartKind.UNTAP_OPPONENT_LAND,
        ),
        (r"put (a|an|one|two) ([\w+\-/]+) counters? on ~", CostPartKind.PUT_COUNTER),
        (
            r"sacrifice (a|an|one|two|three) ((?:\w+ )?tokens?(?: named [\w' ,\-]+)?)",
            CostPartKind.SACRIFICE_TOKEN,
        ),
        (r"remove (x|any number of) ([\w+\-/]+) counters from ~", CostPartKind.REMOVE_X_COUNTERS),
        (
            r"reveal (x|any number of) (.+? cards?(?: with [^,]+?)?) (?:in|from) your hand",
            CostPartKind.REVEAL,
        ),
    )
)


def _cost_part(part: str) -> CostPart | None:
    """A cost part of a kind with no field of its own ('Discard a card', 'Pay {E}'), or None."""
    for pattern, kind in _COST_PARTS:
        if m := pattern.fullmatch(part):
            groups = m.groups()
            first = (groups[0] or "").lower() if groups else ""
            count = _number(first) if first in _NUMBERS or _is_digits(first) else (0 if groups else 1)
            if kind is CostPartKind.ENERGY:
                count, what = len(re.findall(r"\{e\}", part, re.I)), "energy"
            else:
                what = groups[-1].lower() if groups else ""
            return CostPart(kind, count, what, part)
    return None


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
_COLOR_WORDS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
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
    """Parse a description of permanents; raises ``_UnsupportedError`` for what it cannot read."""
    text = phrase.strip().rstrip(".")
    controller = Who.ANY
    chosen_type = imprinted = False
    found = True
    while found:  # the suffixes come in either order: 'creatures you control of the chosen type'
        found = False
        if text.lower().endswith(" of the chosen type"):
            text, chosen_type, found = text[: -len(" of the chosen type")], True, True
        if m := _IMPRINTED_NAME.search(text):
            text, imprinted, found = text[: m.start()], True, True
        for suffix, who in (
            (" you control", Who.YOU),
            (" an opponent controls", Who.OPPONENTS),
            (" your opponents control", Who.OPPONENTS),
            (" opponents control", Who.OPPONENTS),
            (" on the battlefield", Who.ANY),
        ):
            if text.lower().endswith(suffix):
                text, controller, found = text[: -len(suffix)], who, True
                break
    words = text.split()
    other = untapped = any_permanent = False
    types: list[str] = []
    excluded: list[str] = []
    colors = ManaTypes()
    for word in words:
        lowered = word.lower()
        if lowered in ("a", "an", "each", "the"):
            continue
        if lowered in ("other", "another"):
            other = True
        elif lowered == "untapped":
            untapped = True
        elif lowered in _COLOR_WORDS:
            colors = colors | ManaTypes.parse(_COLOR_WORDS[lowered])
        elif lowered in ("permanent", "permanents"):
            any_permanent = True
        elif lowered == "nonbasic":
            excluded.append("Basic")
        elif lowered.startswith("non-") or (lowered.startswith("non") and lowered[3:] in _TYPE_WORDS):
            excluded.append(_singular(lowered[4:] if lowered.startswith("non-") else lowered[3:]))
        elif lowered in ("and", "or", "and/or", "with", "that", "it", "its", "is", "are") or "," in word:
            raise _UnsupportedError(phrase)
        elif _singular(word) in _TYPE_WORDS.values() or re.fullmatch(r"[A-Z][A-Za-z'\-]*", word):
            # card types and supertypes are written in lower case, subtypes capitalised ('Elf', 'Urza's');
            # any other word ('greatest', 'power', 'you') is not a type: the phrase is not understood
            types.append(_singular(word))
        else:
            raise _UnsupportedError(phrase)
    if not (types or excluded or colors or chosen_type or any_permanent or imprinted):
        raise _UnsupportedError(phrase)
    return ObjectFilter(
        types=tuple(types),
        excluded=tuple(excluded),
        colors=colors,
        controller=controller,
        other=other,
        untapped=untapped,
        chosen_type=chosen_type,
        named_as_imprinted=imprinted,
    )


#: Imprint's trigger, 'When ~ enters, you may exile target land you control': what it exiled is a choice.
_IMPRINT = re.compile(
    r"when ~ enters(?: the battlefield)?, you may exile (?:target|an?) [\w ,-]*?\b(?:land|card)"
    r"(?: you control| from your hand)?",
    re.I,
)
#: 'with the same name as the exiled card': the card exiled with the source (its ``imprinted`` choice).
_IMPRINTED_NAME = re.compile(
    r" with the same name as (?:the (?:exiled|imprinted) card|the card exiled with ~)$",
    re.I,
)


def _parse_filters(phrase: str) -> tuple[ObjectFilter, ...]:
    """'legendary creatures and planeswalkers you control': a union of filters sharing the controller."""
    text = phrase.strip()
    suffix = ""
    for tail in (" you control", " an opponent controls", " your opponents control", " on the battlefield"):
        if text.lower().endswith(tail):
            text, suffix = text[: -len(tail)], tail
            break
    parts = [p for p in re.split(r",\s*(?:and\s+|or\s+)?|\s+and/or\s+|\s+and\s+|\s+or\s+", text) if p]
    return tuple(_parse_filter(part + suffix) for part in parts)


def _parse_condition(text: str) -> Condition:
    """'you control an Urza's Mine and an Urza's Power-Plant', 'you control three or more artifacts'."""
    body = text.strip().rstrip(".")
    if c := re.fullmatch(r"there are (\w+) or more ([\w+\-/]+) counters on ~", body, re.I):
        return Condition((), _number(c.group(1)), c.group(2).lower())
    if c := re.fullmatch(r"(?:~|it) has (an?|\w+ or more) ([\w+\-/]+) counters? on it", body, re.I):
        return Condition((), _number(c.group(1).split()[0]), c.group(2).lower())
    if re.fullmatch(
        r"you(?:'ve| have)? (?:played|cast|attacked with|gained|lost|sacrificed|drawn|had)\b.* this turn",
        body,
        re.I,
    ):
        return Condition((), unevaluated=body)  # what happened earlier this turn: no board records it
    if m := re.match(r"^you control (\w+) or more (.+)$", body, re.I):
        return Condition((_parse_filter(m.group(2) + " you control"),), at_least=_number(m.group(1)))
    if m := re.match(r"^you control (.+)$", body, re.I):
        either = bool(re.search(r"\s+or\s+", m.group(1)))
        if either and re.search(r"\s+and\s+", m.group(1)):
            raise _UnsupportedError(text)
        parts = re.split(r"\s+or\s+|\s+and\s+|,\s*(?:and\s+|or\s+)?", m.group(1))
        return Condition(tuple(_parse_filter(p + " you control") for p in parts if p), any_of=either)
    raise _UnsupportedError(text)


# --------------------------------------------------------------------------------------------------------
# Outputs ("Add ...")

_SYMBOLS = r"(?:\{[WUBRGC]\})+"


def _bag(symbols: str) -> ManaBag:
    try:
        return parse_mana_string(symbols)
    except ManaParseError as error:
        raise _UnsupportedError(symbols) from error


def _parse_amount_phrase(text: str) -> Amount:
    """What follows 'for each' or 'equal to' / 'where X is'."""
    body = text.strip().rstrip(".")
    if m := re.match(
        r"^(?:the number of )?(?:[\w+\-/]+ )?(?:counters?|cards?) (removed|revealed) this way$", body, re.I
    ):
        kind = AmountKind.REMOVED if m.group(1).lower() == "removed" else AmountKind.REVEALED
        return Amount(kind=kind)
    if m := re.match(r"^([0-9]{1,6}|one|two|three) plus (.+)$", body, re.I):
        return replace(_parse_amount_phrase(m.group(2)), plus=_number(m.group(1)))
    if re.match(r"^(?:~'s|its) power$", body, re.I):
        return Amount(kind=AmountKind.POWER)
    if re.fullmatch(r"your life total", body, re.I):
        return Amount(kind=AmountKind.LIFE)
    if m := re.fullmatch(r"the greatest power among (.+)", body, re.I):
        return Amount(kind=AmountKind.GREATEST_POWER, filter=_parse_filter(m.group(1)))
    if m := re.fullmatch(r"the number of basic land types among (.+)", body, re.I):
        return Amount(kind=AmountKind.LAND_TYPES, filter=_parse_filter(m.group(1)))
    if m := re.fullmatch(r"(?:the number of )?(.*?)\s*cards? in your graveyard", body, re.I):
        words = re.sub(r"^(?:an?|each)\b\s*", "", m.group(1), flags=re.I)
        return Amount(kind=AmountKind.GRAVEYARD, filter=_parse_filter(words) if words else ObjectFilter())
    if re.match(r"^the (?:exiled|sacrificed) (?:creature|card|permanent|artifact)'s mana value$", body, re.I):
        return Amount(kind=AmountKind.MANA_VALUE)
    if m := re.match(r"^(?:the number of )?([\w+\-/]+) counters? on ~$", body, re.I):
        return Amount(kind=AmountKind.COUNTERS, counter=m.group(1).lower())
    if m := re.match(r"^your devotion to (.+)$", body, re.I):
        colors = ManaTypes()
        for word in re.split(r",?\s+and\s+|,\s*", m.group(1)):
            if word.lower() not in _COLOR_WORDS:
                raise _UnsupportedError(text)
            colors = colors | ManaTypes.parse(_COLOR_WORDS[word.lower()])
        return Amount(kind=AmountKind.DEVOTION, colors=colors)
    if m := re.match(r"^the number of (.+)$", body, re.I):
        return Amount(kind=AmountKind.COUNT, filter=_parse_filter(m.group(1)))
    return Amount(kind=AmountKind.COUNT, filter=_parse_filter(body))


def _parse_output(spec: str) -> ManaOutput:
    """Parse what follows 'Add' in a mana ability."""
    spec = spec.strip().rstrip(".")
    if re.fullmatch(_SYMBOLS, spec):
        return ManaOutput(OutputKind.FIXED, (_bag(spec),))
    parts = re.split(r",\s*or\s+|\s+or\s+|,\s*", spec)
    if len(parts) > 1 and all(re.fullmatch(_SYMBOLS, p) for p in parts):
        return ManaOutput(OutputKind.CHOICE, tuple(dict.fromkeys(_bag(p) for p in parts)))
    if m := re.fullmatch(rf"({_SYMBOLS}) for each (.+)", spec, re.I):
        return ManaOutput(OutputKind.FIXED, (_bag(m.group(1)),), _parse_amount_phrase(m.group(2)))
    if m := re.fullmatch(rf"an amount of ({_SYMBOLS}) equal to (.+)", spec, re.I):
        return ManaOutput(OutputKind.FIXED, (_bag(m.group(1)),), _parse_amount_phrase(m.group(2)))
    if m := re.fullmatch(rf"({_SYMBOLS}), then add an additional ({_SYMBOLS}) for each (.+)", spec, re.I):
        if m.group(1) != m.group(2):
            raise _UnsupportedError(spec)
        amount = replace(_parse_amount_phrase(m.group(3)), plus=1)
        return ManaOutput(OutputKind.FIXED, (_bag(m.group(1)),), amount)
    if m := re.fullmatch(r"(\w+) mana of different colors", spec, re.I):
        amount = Amount(constant=_number(m.group(1)))
        return ManaOutput(OutputKind.DIFFERENT, amount=amount, palette=Palette(PaletteKind.TYPES, ALL_COLORS))
    if m := re.fullmatch(r"one mana of any (color|type) for each (.+)", spec, re.I):
        base = ALL_COLORS if m.group(1).lower() == "color" else ALL_TYPES
        amount = _parse_amount_phrase(m.group(2))
        return ManaOutput(OutputKind.COMBINATION, amount=amount, palette=Palette(PaletteKind.TYPES, base))
    if m := re.fullmatch(r"(\w+) mana (of any one|of any|in any combination of) (.+)", spec, re.I):
        return _parse_any(m.group(1), m.group(2).lower(), m.group(3))
    if m := re.fullmatch(r"an amount of mana of any one color equal to (.+)", spec, re.I):
        return ManaOutput(OutputKind.ANY_ONE, amount=_parse_amount_phrase(m.group(1)))
    if m := re.fullmatch(r"(\w+) mana of the chosen color", spec, re.I):
        return ManaOutput(
            OutputKind.ANY_ONE,
            amount=Amount(constant=_number(m.group(1))),
            palette=Palette(PaletteKind.CHOSEN_COLOR),
        )
    raise _UnsupportedError(spec)


def _parse_that_color(spec: str) -> ManaOutput:
    """After 'Choose a color.': 'an amount of mana of that color equal to your devotion to that color'."""
    body = spec.strip().rstrip(".")
    if re.fullmatch(r"an amount of mana of that color equal to your devotion to that color", body, re.I):
        return ManaOutput(OutputKind.ANY_ONE, amount=Amount(kind=AmountKind.DEVOTION))
    if m := re.fullmatch(r"one mana of that color for each (.+)", body, re.I):
        return ManaOutput(OutputKind.ANY_ONE, amount=_parse_amount_phrase(m.group(1)))
    if m := re.fullmatch(r"(\w+) mana of that color", body, re.I):
        return ManaOutput(OutputKind.ANY_ONE, amount=Amount(constant=_number(m.group(1))))
    if m := re.fullmatch(r"an amount of mana of that color equal to (.+)", body, re.I):
        return ManaOutput(OutputKind.ANY_ONE, amount=_parse_amount_phrase(m.group(1)))
    raise _UnsupportedError(spec)


def _parse_any(count_word: str, how: str, rest: str) -> ManaOutput:
    """'N mana of any [one] color|type ...' and 'N mana in any combination of ...'."""
    amount: Amount
    tail = rest.strip()
    where = re.search(r",? where x is (.+)$", tail, re.I)
    if count_word.lower() == "x":
        if where is None:
            raise _UnsupportedError(rest)
        amount = _parse_amount_phrase(where.group(1))
        tail = tail[: where.start()]
    else:
        amount = Amount(constant=_number(count_word))
    kind = OutputKind.COMBINATION if how == "in any combination of" else OutputKind.ANY_ONE
    if how == "in any combination of":
        if tail.lower() == "colors":
            return ManaOutput(kind, amount=amount, palette=Palette(PaletteKind.TYPES, ALL_COLORS))
        symbols = re.findall(r"\{([WUBRGC])\}", tail)
        if symbols and re.fullmatch(r"(?:\{[WUBRGC]\}(?:,\s*|\s+and/or\s+|,\s*and/or\s+)?)+", tail):
            return ManaOutput(
                kind, amount=amount, palette=Palette(PaletteKind.TYPES, ManaTypes.parse("".join(symbols)))
            )
        raise _UnsupportedError(rest)
    m = re.fullmatch(r"(color|type)(?:\s+(.*))?", tail, re.I)
    if m is None:
        raise _UnsupportedError(rest)
    base = ALL_COLORS if m.group(1).lower() == "color" else ALL_TYPES
    qualifier = (m.group(2) or "").strip()
    if not qualifier:
        return ManaOutput(kind, amount=amount, palette=Palette(PaletteKind.TYPES, base))
    if re.fullmatch(r"in your commander's color identity", qualifier, re.I):
        return ManaOutput(kind, amount=amount, palette=Palette(PaletteKind.COMMANDER, base))
    if re.fullmatch(
        r"(?:that )?the sacrificed (?:land|permanent|creature|artifact) could produce", qualifier, re.I
    ):
        return ManaOutput(kind, amount=amount, palette=Palette(PaletteKind.REFLECT_SACRIFICED, base))
    if m2 := re.fullmatch(r"(?:that )?(.+?) could produce", qualifier, re.I):
        among = (_parse_filter(m2.group(1)),)
        return ManaOutput(kind, amount=amount, palette=Palette(PaletteKind.REFLECT, base, among))
    if m2 := re.fullmatch(r"among (.+)", qualifier, re.I):
        return ManaOutput(
            kind, amount=amount, palette=Palette(PaletteKind.COLORS_AMONG, base, _parse_filters(m2.group(1)))
        )
    if re.fullmatch(r"that (?:land|permanent) produced", qualifier, re.I):
        return ManaOutput(kind, amount=amount, palette=Palette(PaletteKind.PRODUCED, base))
    raise _UnsupportedError(rest)


# --------------------------------------------------------------------------------------------------------
# Spending restrictions


def _parse_spend(text: str) -> tuple[SpendRestriction, str]:
    """Parse 'Spend this mana only to ...' into a restriction and an optional rider."""
    body = re.sub(r"^spend this mana only\s+", "", text.strip().rstrip("."), flags=re.I)
    rider = ""
    if m := re.search(r",? and (that|the) (spell|creature|ability) (.+)$", body, re.I):
        rider = m.group(0).lstrip(", ").removeprefix("and ").strip()
        body = body[: m.start()]
    uses: list[SpendUse] = []
    if m := re.fullmatch(r"on costs that (?:contain|include) \{x\}", body, re.I):
        uses.append(SpendUse(needs_x=True))
        return SpendRestriction(tuple(uses), text.strip()), rider
    body = re.sub(r"^to\s+", "", body, flags=re.I)
    for clause in re.split(r",?\s+or\s+(?=cast|activate|pay)|,\s+(?=cast|activate|pay)", body, flags=re.I):
        uses.extend(_parse_spend_clause(clause.strip()))
    return SpendRestriction(tuple(uses), text.strip()), rider


def _parse_spend_clause(clause: str) -> list[SpendUse]:
    """One 'cast ... spells' or 'activate abilities of ...' clause; 'instant or sorcery' gives two uses."""
    lowered = clause.lower()
    if lowered in ("cast your commander", "cast a commander", "cast commander spells"):
        return [SpendUse(kind=PaymentKind.SPELL, commander=True)]
    if purpose := _spend_purpose(clause):
        return [purpose]
    if m := re.fullmatch(r"cast (?:an? )?(.*?)\s*spells?( of the chosen type)?", clause, re.I):
        chosen = m.group(2) is not None
        # 'an Elemental spell or a Chandra planeswalker spell': each option may have its article and noun
        listed = re.sub(r" spells?(?=\s+or\s+)", "", m.group(1))
        options = [
            re.sub(r"^an? ", "", option, flags=re.I).split()
            for option in re.split(r"\s+or\s+|,\s*(?:or\s+)?", listed)
        ]
        # 'red instant or sorcery spells': adjectives before the first type word qualify every option
        shared = list(itertools.takewhile(lambda w: w.lower() in _SPEND_ADJECTIVES, options[0]))
        uses: list[SpendUse] = []
        for number, words in enumerate(options):
            qualified = words if number == 0 or not shared else [*shared, *words]
            uses.append(replace(_spend_words(qualified), kind=PaymentKind.SPELL, chosen_type=chosen))
        return uses
    if re.fullmatch(r"pay (?:a cost|costs) that (?:contains?|includes?) \{c\}", clause, re.I):
        return [SpendUse(needs_colorless_symbol=True)]
    if m := re.fullmatch(r"activate an ability of an? (.+?) permanent", clause, re.I):
        return [replace(_spend_words(m.group(1).split()), kind=PaymentKind.ABILITY)]
    if m := re.fullmatch(r"activate abilities(?: of (.+?))?", clause, re.I):
        return [replace(_spend_words((m.group(1) or "").split()), kind=PaymentKind.ABILITY)]
    raise _UnsupportedError(clause)


#: Uses of restricted mana that a payment target doesn't describe (see :class:`SpendPurpose`).
_SPEND_PURPOSES: tuple[tuple[re.Pattern[str], SpendPurpose], ...] = tuple(
    (re.compile(pattern, re.I), purpose)
    for pattern, purpose in (
        (r"pay cumulative upkeep costs?", SpendPurpose.CUMULATIVE_UPKEEP),
        (r"cast (?:a |an )?face-down (?:creature )?spells?", SpendPurpose.FACE_DOWN),
        (r"pay (?:a |an )?(?:morph|megamorph|disguise) costs?", SpendPurpose.TURN_FACE_UP),
        (
            r"pay (?:a |an )?mana costs? to turn (?:a |an )?(?:manifested|face-down|cloaked|disguised) "
            r"(?:creature|permanent)s? face up",
            SpendPurpose.TURN_FACE_UP,
        ),
        (
            r"turn (?:a |an )?(?:manifested|face-down) (?:creature|permanent)s? face up",
            SpendPurpose.TURN_FACE_UP,
        ),
        (r"cast (?:a |an )?spells? with (?:a )?watermarks?", SpendPurpose.WATERMARK),
        (
            r"(?:on )?spells and abilities that (?:put tokens onto the battlefield|create tokens)",
            SpendPurpose.MAKES_TOKENS,
        ),
        (r"cast (?:a |an )?(?:\w+ )?spells? with (\w+)(?: from (?:a|your) graveyard)?", SpendPurpose.KEYWORD),
    )
)


def _spend_purpose(clause: str) -> SpendUse | None:
    """A use of restricted mana by what it is for rather than what it pays ('pay cumulative upkeep costs')."""
    for pattern, purpose in _SPEND_PURPOSES:
        if m := pattern.fullmatch(clause):
            keyword = m.group(1).lower() if purpose is SpendPurpose.KEYWORD else ""
            return SpendUse(purpose=purpose, keyword=keyword)
    return None


_SPEND_ADJECTIVES = frozenset({"colorless", "multicolored", "monocolored", *_COLOR_WORDS})


def _spend_words(words: list[str]) -> SpendUse:
    """'colorless Eldrazi', 'multicolored', 'red creature': what the spell or source must be."""
    flags = {"colorless": False, "multicolored": False, "monocolored": False}
    colors = ManaTypes()
    types: list[str] = []
    for word in words:
        lowered = word.lower()
        if lowered in flags:
            flags[lowered] = True
        elif lowered in _COLOR_WORDS:
            colors = colors | ManaTypes.parse(_COLOR_WORDS[lowered])
        elif _singular(word) in _TYPE_WORDS.values() or re.fullmatch(r"[A-Z][A-Za-z'\-]*", word):
            # card types are written in lower case, subtypes capitalised; any other word ('you', 'control')
            # is not a type: the use is not understood
            types.append(_singular(word))
        else:
            raise _UnsupportedError(word)
    return SpendUse(
        types=tuple(types),
        colors=colors,
        colorless=flags["colorless"],
        multicolored=flags["multicolored"],
        monocolored=flags["monocolored"],
    )


# --------------------------------------------------------------------------------------------------------
# Static, triggered and replacement effects


# Sentences that can't change a payment in progress and add no mana: effects on untapping or on how a
# permanent enters, triggers that make no mana.
_NOT_DURING_PAYMENT = re.compile(
    r"^(?:when\b|whenever\b|at the beginning\b|at end of\b|.*\bdoesn't untap\b|.*\bdon't untap\b"
    r"|.*\benters(?: the battlefield)? tapped\b|~ enters(?: the battlefield)? with\b[^.]*\bcounters? on it\b"
    r"|nonland permanents you control are\b)",
    re.I,
)

#: 'add' and a mana amount or symbol: the sentence adds mana.
_ADDS_MANA = re.compile(
    r"\badds?\b(?:\s+(?:an?|one|two|three|four|five|six|seven|x|that much|an amount of|additional))*"
    r"\s+(?:\{[^}]+\}|mana\b|\w+ mana\b)",
    re.I,
)

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


def _not_payment_kind(body: str, line: str) -> NotPaymentKind | None:
    """Why a sentence that adds mana does so outside a payment, or None when it may add mana during one."""
    if re.search(r"\bcreate\b[^\"]*\btokens?\b[^\"]*\"[^\"]*\badd\b", body, re.I) or (
        re.match(r'^(?:it|they|those tokens|the tokens?|that token|each of them) (?:has|have) "', body, re.I)
        and re.search(r"\btokens?\b", line, re.I)
    ):
        return NotPaymentKind.TOKEN
    if re.search(r"tapped for mana|\btaps? [^,]+ for mana|causes you to add|mana ability", body, re.I):
        return None  # a triggered mana ability (605.1b): read by the effect grammar or unsupported
    for pattern, kind in _TRIGGER_KINDS:
        if pattern.match(body):
            return kind
    for pattern, kind in _TRIGGER_KINDS:  # a later sentence of a triggered ability ('That player adds ...')
        if line != body and pattern.match(line):
            return kind
    if re.match(r"^add\b", body, re.I):
        return NotPaymentKind.SPELL  # a spell's effect, not a mana ability (605.5b)
    return None


def _read_entering(line: str, out: _Collector) -> None:
    """Record how the permanent enters (:class:`Entering`) from a line that says so; its sentences are
    still parsed as usual (they are ignored during a payment)."""
    entering = out.entering or Entering()
    if m := re.search(r"you may pay ([0-9]{1,6}) life\. if you don't, (?:it|~) enters tapped", line, re.I):
        entering = replace(entering, tapped=True, unless_life=int(m.group(1)))
    elif m := re.search(r"~ enters tapped\b(?: unless ([^.]+))?", line, re.I):
        entering = replace(entering, tapped=True)
        condition = m.group(1) or ""
        if check := re.fullmatch(r"you control an? (\w+) or an? (\w+)", condition, re.I):
            entering = replace(entering, unless_control=check.groups())
        elif (few := re.fullmatch(r"you control (\w+) or fewer other lands", condition, re.I)) and (
            few.group(1).lower() in _NUMBERS or _is_digits(few.group(1))
        ):
            entering = replace(entering, unless_other_lands=_number(few.group(1)))
        elif (many := re.fullmatch(r"you control (\w+) or more other lands", condition, re.I)) and (
            many.group(1).lower() in _NUMBERS or _is_digits(many.group(1))
        ):
            entering = replace(entering, unless_at_least_lands=_number(many.group(1)))
        else:
            entering = replace(entering, unless=condition)
    if re.search(
        r"when ~ enters(?: the battlefield)?, return a land you control to its owner's hand", line, re.I
    ):
        entering = replace(entering, returns_land=True)
    if entering != Entering():
        out.entering = entering


#: The rider of a colored cost reduction (Edgewalker, Morophon): it reduces no generic mana.
_ONLY_COLORED = re.compile(r"this effect reduces only the amount of colored mana you pay", re.I)


def _parse_static_sentence(sentence: str, out: _Collector, line: str = "") -> None:
    body = _BULLET.sub("", sentence.strip().rstrip("."))  # '• Add {R}.': one mode of a modal ability
    body = re.sub(r"^until end of turn, ", "", body, flags=re.I)  # a resolved instant's effect (Pale Moon)
    if m := re.fullmatch(
        r"as ~ enters(?: the battlefield)?, choose an? (color|creature type|basic land type|card type)"
        r"(?: other than \w+)?",
        body,
        re.I,
    ):
        out.choices.append(m.group(1).lower().replace(" ", "_"))
        out.read(sentence, "choice")
        return
    if _IMPRINT.fullmatch(body):
        # what it exiled is the board's 'imprinted' choice; the text that reads it asks for it
        out.read(sentence, "choice", "the card it exiled is the board's choices.imprinted")
        return
    if _parse_granted_while(body, sentence, out):
        return
    if _ONE_CARD_PERMISSION.fullmatch(body):
        out.ignored.append(sentence)
        out.read(sentence, "ignored", "a permission for the one card a trigger exiled, which is on no board")
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
    try:
        effect = _parse_effect(body, sentence)
    except _UnsupportedError:
        effect = None
    if effect is not None:
        out.effects.append(effect)
        out.read(sentence, "effect")
        if needs_imprinted(effect):
            out.choices.append("imprinted")
        return
    if _ADDS_MANA.search(body) and (kind := _not_payment_kind(body, line or sentence)) is not None:
        out.not_payment.append(NotPaymentMana(sentence, kind, _output_after_add(body)))
        out.ignored.append(sentence)
        out.sentences.append(SentenceReading(sentence, "not_payment"))
    elif _NOT_DURING_PAYMENT.match(body) and not _ADDS_MANA.search(body):
        out.ignore(sentence)
    elif _MANA_RELEVANT.search(body):
        out.unsupported.append(sentence)
        out.sentences.append(SentenceReading(sentence, "unsupported"))
    else:
        out.ignore(sentence)


#: 'You may spend mana as though it were mana of any color to cast that spell': a trigger's permission for the
#: card it exiled (Daxos, Gonti); it never applies to a spell paid from a board.
_ONE_CARD_PERMISSION = re.compile(
    r".*\byou may spend mana as though it were mana of any (?:color|type) to cast "
    r"(?:that spell|that card|it|them|those spells|the exiled card)",
    re.I,
)


def _parse_granted_while(body: str, sentence: str, out: _Collector) -> bool:
    """'As long as ~ is renowned, it has vigilance and "{T}: Add one mana of any color."': the mana ability
    exists only while the condition holds (an activation condition when it is one the grammar reads)."""
    m = re.fullmatch(r'as long as (.+?), (?:it|~) (?:has|gains) (?:[\w ,]+ and )?"([^"]+)"', body, re.I)
    if m is None or (colon := _find_colon(m.group(2))) < 0 or not re.search(r"\badd\b", m.group(2), re.I):
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


def _output_after_add(body: str) -> ManaOutput | None:
    """The mana after the last 'add' of a sentence ('..., add {R}{R}'), or None when it can't be read."""
    matches = list(re.finditer(r"\badds? ", body, re.I))
    if not matches:
        return None
    spec = re.sub(r"\.?\"?$", "", body[matches[-1].end() :])
    try:
        return _parse_output(spec)
    except _UnsupportedError:
        return None


def _parse_tap_damage(body: str, sentence: str) -> TapDamage | None:
    if m := re.fullmatch(r"whenever ~ becomes tapped, (?:it|~) deals ([0-9]{1,6}) damage to you", body, re.I):
        return TapDamage(sentence, int(m.group(1)))
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


def _parse_effect(body: str, sentence: str) -> StaticEffect | None:
    for parser in (
        _parse_tap_damage,
        _parse_replacement,
        _parse_trigger,
        _parse_type_change,
        _parse_grant,
        _parse_unspent,
        _parse_cost_modifier,
        _parse_spend_as_though,
    ):
        effect = parser(body, sentence)
        if effect is not None:
            return effect
    return None


def _who(word: str) -> Who:
    lowered = word.lower()
    if lowered in ("you",):
        return Who.YOU
    if lowered in ("an opponent", "opponents", "your opponents"):
        return Who.OPPONENTS
    return Who.ANY


def _parse_replacement(body: str, sentence: str) -> ProductionReplacement | None:
    minimum = 1
    if m := re.search(r" for (two|three|four) or more mana,", body, re.I):
        minimum = _number(m.group(1))
        body = body[: m.start()] + " for mana," + body[m.end() :]
    m = re.fullmatch(
        r"if (you|a player|an opponent) taps? (.+?) for mana, it produces (.+?) instead"
        r"(?: of any other (type|type and amount))?",
        body,
        re.I,
    ) or re.fullmatch(
        r"if (?:(a player|an opponent|you))?(.+?) (?:you control )?is tapped for mana, "
        r"it produces (.+?) instead"
        r"(?: of any other (type|type and amount))?",
        body,
        re.I,
    )
    if m is None:
        return None
    who = _who(m.group(1) or "a player")
    affected = _parse_filter(m.group(2))
    if re.search(r"\byou control\b", body.split(",")[0], re.I) and not m.group(1):
        affected = replace(affected, controller=Who.YOU)
    produced = m.group(3).strip()
    scope = (m.group(4) or "").lower()
    factors = {"twice": 2, "three times": 3, "four times": 4}
    if fm := re.fullmatch(r"(twice|three times|four times) as much (?:of that mana|mana)", produced, re.I):
        factor = factors[fm.group(1).lower()]
        return ProductionReplacement(
            text=sentence,
            who=who,
            affected=affected,
            kind=ReplacementKind.MULTIPLY,
            factor=factor,
            min_amount=minimum,
        )
    if re.fullmatch(_SYMBOLS, produced) and scope == "type and amount":
        return ProductionReplacement(
            text=sentence,
            who=who,
            affected=affected,
            kind=ReplacementKind.SET_MANA,
            mana=_bag(produced),
            min_amount=minimum,
        )
    if scope == "type":
        if re.fullmatch(
            r"mana of (?:a color of your choice|any color)|one mana of any color", produced, re.I
        ):
            return ProductionReplacement(
                text=sentence, who=who, affected=affected, kind=ReplacementKind.SET_TYPE, new_type=ALL_COLORS
            )
        if re.fullmatch(r"colorless mana|\{C\}", produced, re.I):
            return ProductionReplacement(
                text=sentence,
                who=who,
                affected=affected,
                kind=ReplacementKind.SET_TYPE,
                new_type=ManaTypes.parse("C"),
            )
        if re.fullmatch(r"\{[WUBRG]\}", produced):
            return ProductionReplacement(
                text=sentence,
                who=who,
                affected=affected,
                kind=ReplacementKind.SET_TYPE,
                new_type=ManaTypes.parse(produced[1]),
            )
        if cm := re.fullmatch(r"(white|blue|black|red|green) mana", produced, re.I):
            new = ManaTypes.parse(_COLOR_WORDS[cm.group(1).lower()])
            return ProductionReplacement(
                text=sentence, who=who, affected=affected, kind=ReplacementKind.SET_TYPE, new_type=new
            )
    raise _UnsupportedError(sentence)


def _parse_trigger(body: str, sentence: str) -> ManaTrigger | None:
    # Whenever a player taps a land for mana, that player adds one mana of any type that land produced.
    if m := re.fullmatch(
        r"whenever (you|a player|an opponent) taps? (.+?) for mana, (?:(that player|its controller) adds|add)"
        r" (?:an additional |one additional )?(.+)",
        body,
        re.I,
    ):
        who, affected, adds = _who(m.group(1)), _parse_filter(m.group(2)), m.group(4)
        return ManaTrigger(
            text=sentence,
            event=TriggerEvent.TAPPED_FOR_MANA,
            who=who,
            affected=affected,
            adds=_trigger_output(adds),
            to_tapper=m.group(3) is not None or who is Who.YOU,
        )
    # Whenever enchanted land is tapped for mana, its controller adds an additional {G}.
    # Whenever a basic land is tapped for mana of the chosen color, its controller adds an additional one
    # mana of that color.
    if m := re.fullmatch(
        r"whenever (.+?) is tapped for mana(?: of (the chosen color|any type))?, (?:its controller adds|add)"
        r" (?:an additional |one additional )?(.+)",
        body,
        re.I,
    ):
        subject = m.group(1)
        attached = bool(re.match(r"enchanted ", subject, re.I))
        if attached:
            words = subject.split()[1:]
            affected = ObjectFilter(types=tuple(_singular(w) for w in words), attached=True)
        else:
            affected = _parse_filter(subject)
        chosen = m.group(2) is not None and m.group(2).lower() == "the chosen color"
        return ManaTrigger(
            text=sentence,
            event=TriggerEvent.TAPPED_FOR_MANA,
            who=Who.ANY,
            affected=affected,
            adds=_trigger_output(m.group(3)),
            chosen_color=chosen,
        )
    # Whenever a land's ability causes you to add one or more mana of the chosen color, add an additional ...
    if m := re.fullmatch(
        r"whenever a (land|permanent)'s ability causes you to add one or more mana of the chosen color, add"
        r" (?:an additional |one additional )?(.+)",
        body,
        re.I,
    ):
        return ManaTrigger(
            text=sentence,
            event=TriggerEvent.LAND_ADDS_MANA,
            who=Who.YOU,
            affected=ObjectFilter(types=(_singular(m.group(1)),)),
            adds=_trigger_output(m.group(2)),
            chosen_color=True,
            to_tapper=False,
        )
    return None


def _trigger_output(text: str) -> ManaOutput:
    text = text.strip().rstrip(".")
    text = re.sub(r"^additional\s+", "", text, flags=re.I)
    if m := re.fullmatch(r"(?:(\w+) )?(?:additional )?mana of that color", text, re.I):
        return ManaOutput(
            OutputKind.ANY_ONE,
            amount=Amount(constant=_number(m.group(1) or "one")),
            palette=Palette(PaletteKind.SAME_AS_TRIGGER),
        )
    return _parse_output(text)


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


def _parse_type_change(body: str, sentence: str) -> TypeChange | None:
    m = re.fullmatch(
        r"(.+?) (?:is|are) (.+?)( in addition to (?:its|their) other (?:land )?types)?", body, re.I
    )
    if m is None:
        return None
    subject, types_text, adds = m.group(1), m.group(2), m.group(3) is not None
    if re.fullmatch(r"every basic land type", types_text, re.I):
        land_types = tuple(BASIC_LAND_TYPES)
    else:
        words = [w for w in re.split(r"\s+and\s+|,\s*|\s+", types_text) if w.lower() not in ("a", "an", "")]
        if not words or not all(w.lower() in _LAND_TYPE_PLURALS for w in words):
            return None
        land_types = tuple(_LAND_TYPE_PLURALS[w.lower()] for w in words)
    if re.fullmatch(r"enchanted land", subject, re.I):
        affected = ObjectFilter(types=("Land",), attached=True)
    else:
        affected = _parse_filter(re.sub(r"^each ", "", subject, flags=re.I))
        if "Land" not in affected.types:
            return None
    return TypeChange(sentence, affected, land_types, adds)


def _parse_grant(body: str, sentence: str) -> GrantAbility | None:
    m = re.fullmatch(r'(.+?) (?:have|has) "(.+)"', body, re.I)
    if m is None:
        return None
    subject, granted = m.group(1), m.group(2)
    colon = _find_colon(granted)
    if colon < 0 or not re.search(r"\badd\b", granted, re.I):
        return None
    if re.fullmatch(r"(enchanted|equipped) (land|creature|permanent|artifact)", subject, re.I):
        affected = ObjectFilter(types=(_singular(subject.split()[1]),), attached=True)
    else:
        affected = _parse_filter(subject)
    ability, leftovers = _parse_mana_ability(granted[:colon], granted[colon + 1 :], granted)
    if leftovers:
        raise _UnsupportedError(sentence)
    return GrantAbility(sentence, affected, ability)


def _parse_unspent(body: str, sentence: str) -> UnspentManaEffect | None:
    if re.fullmatch(r"(?:players'? )?mana pools don't empty as steps and phases end", body, re.I):
        return UnspentManaEffect(sentence, UnspentMode.KEEP, Who.ANY)
    if m := re.fullmatch(
        r"(you|players|each player) (?:don't|doesn't) lose unspent (?:(\w+) )?mana as steps and phases end",
        body,
        re.I,
    ):
        types = ALL_TYPES
        if m.group(2):
            color = m.group(2).lower()
            if color not in _COLOR_WORDS:
                raise _UnsupportedError(sentence)
            types = ManaTypes.parse(_COLOR_WORDS[color])
        return UnspentManaEffect(
            sentence, UnspentMode.KEEP, Who.YOU if m.group(1).lower() == "you" else Who.ANY, types
        )
    if m := re.fullmatch(
        r"if (you|a player) would lose unspent mana, that mana becomes colorless instead", body, re.I
    ):
        return UnspentManaEffect(sentence, UnspentMode.BECOME_COLORLESS, _who(m.group(1)))
    return None


def _parse_spend_as_though(body: str, sentence: str) -> SpendAsThough | None:
    """'You may spend mana as though it were mana of any color', with 'can' for 'may' and an optional
    'to <use>' read by the spending-restriction grammar ('to cast creature spells', 'to activate abilities of
    creatures'): the effect then applies only to those payments (Vizier of the Menagerie)."""
    m = re.fullmatch(
        r"(you|players|each player) (?:may|can) spend (\w+ )?mana (only )?as though it were "
        r"(mana of any (?:color|type)|"
        r"(?:white|blue|black|red|green|colorless) mana)(?: (to .+))?",
        body,
        re.I,
    )
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
    elif adjective in _COLOR_WORDS:
        types = ManaTypes.parse(_COLOR_WORDS[adjective])
    elif adjective == "colorless":
        types = ManaTypes.parse("C")
    else:
        raise _UnsupportedError(sentence)
    target = m.group(4).lower()
    if target.startswith("mana of any"):
        as_types = ALL_COLORS if target.endswith("color") else ALL_TYPES
    else:
        word = target.split()[0]
        as_types = ManaTypes.parse("C" if word == "colorless" else _COLOR_WORDS[word])
    return SpendAsThough(
        text=sentence,
        who=who,
        types=types,
        as_types=as_types,
        only=m.group(3) is not None,
        others=others,
        when_paying=when_paying,
    )


def _affinity(keyword: str) -> CostModifier:
    """'Affinity for artifacts': 'This spell costs {1} less to cast for each artifact you control'
    (CR 702.41a)."""
    return _own_reduction(keyword, -1, re.sub(r"^affinity for ", "", keyword, flags=re.I))


def _own_reduction(sentence: str, delta: int, phrase: str) -> CostModifier:
    """A spell's change of its own cost: ``delta`` for each permanent its caster controls that matches
    ``phrase``."""
    counted = replace(_parse_filter(re.sub(r" you control$", "", phrase, flags=re.I)), controller=Who.YOU)
    return CostModifier(
        text=sentence,
        who=Who.YOU,
        spells=ObjectFilter(),
        colors=ManaTypes(),
        generic_delta=delta,
        own=True,
        for_each=counted,
    )


def _parse_cost_modifier(body: str, sentence: str) -> CostModifier | None:
    if m := re.fullmatch(r"~ costs \{(\d+)\} (more|less) to cast for each (.+? you control)", body, re.I):
        delta = int(m.group(1)) * (1 if m.group(2).lower() == "more" else -1)
        return _own_reduction(sentence, delta, m.group(3))
    m = re.fullmatch(
        r"(.*?)\bspells?( of the chosen type)?(?: (you|a player|your opponents) casts?)? costs? "
        r"((?:\{(?:[0-9]{1,6}|[WUBRGC])\})+) (more|less) to cast"
        r"( for each other spell that player has cast this turn)?",
        body,
        re.I,
    )
    if m is None:
        return None
    sign = 1 if m.group(5).lower() == "more" else -1
    amounts = re.findall(r"\{([^}]*)\}", m.group(4))
    generic = sum(int(amount) for amount in amounts if amount.isdigit())
    colored = ManaBag.parse("".join(f"{{{a.upper()}}}" for a in amounts if not a.isdigit()))
    if colored and sign > 0:
        raise _UnsupportedError(sentence)  # (an increase of colored mana: no card the planner knows)
    either = bool(re.search(r" (?:and|or) |,", m.group(1)))
    words = re.sub(r" (?:and|or) ", " ", m.group(1)).split()
    colors = ManaTypes()
    types: list[str] = []
    excluded: list[str] = []
    for word in words:
        lowered = word.lower().rstrip(",")
        if lowered in ("each", "a"):
            continue
        if re.fullmatch(r"non-?[a-z]+", lowered):
            excluded.append(_singular(lowered.removeprefix("non").lstrip("-")))
            continue
        if lowered in _COLOR_WORDS or lowered.removesuffix(" spells") in _COLOR_WORDS:
            colors = colors | ManaTypes.parse(_COLOR_WORDS[lowered])
        elif lowered == "spells":
            continue
        elif re.fullmatch(r"[a-z'\-]+", lowered):
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
