"""The Oracle-text reader: a card's text to mana abilities, effects and the class of every sentence.

A text is cut into lines and sentences by :mod:`models.oracle.text`; each activated ability, keyword line and
sentence is read by the grammar (:mod:`models.oracle.grammar`: costs, what a mana ability adds, its riders
and limits; static effects, how the permanent enters, choices) and built into records
(:mod:`models.oracle.build`, :mod:`models.oracle.build_filters`, :mod:`models.oracle.build_statics`). What
the grammar does not read is classified from its words (:mod:`models.oracle.classify`): every sentence ends
as exactly one of a mana ability, an effect, a keyword, a choice, ``not_payment``, ``ignored`` (nothing to
do with mana) or ``unsupported`` (about mana, not read). Nothing is dropped silently.

This module holds the entry points and reads a text line by line; the kinds of line are read by
:mod:`~models.oracle.read_activated` (activated abilities), :mod:`~models.oracle.read_entering` (how the
permanent enters) and :mod:`~models.oracle.read_statics` (static, triggered and replacement sentences), into
the records and the collector of :mod:`~models.oracle.parsed`.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Final

from models.abilities import AbilityCost, Condition, SpendRestriction
from models.errors import OracleParseError
from models.filters import ObjectFilter
from models.kept import per_card
from models.mana_effects import NotPaymentKind, NotPaymentMana
from models.oracle import classify, lexicon
from models.oracle import text as t
from models.oracle.build import build_cost, spend_restriction
from models.oracle.build_filters import only_filter
from models.oracle.build_own_costs import own_reduction
from models.oracle.grammar import UnreadError, parse_objects, parse_spending
from models.oracle.grammar import parse_land_search as _parse_search_reading
from models.oracle.levels import ENTERING, Level, LevelHeader, level_header
from models.oracle.mana_outputs import needs_imprinted, output_after_add, reads_imprinted_colors
from models.oracle.parsed import (
    NOT_IN_FORCE,
    PART_OF_UNREAD,
    READ_AS,
    Collector,
    Entering,
    ParsedText,
    SentenceReading,
)
from models.oracle.read_activated import read_activated
from models.oracle.read_entering import read_entering
from models.oracle.read_statics import (
    gained_by_itself,
    granted_until_next_turn,
    read_alone,
    read_static_sentence,
)
from models.types import TypeLine

__all__ = [
    "PARSER_VERSION",
    "PART_OF_UNREAD",
    "READ_AS",
    "Entering",
    "LandSearch",
    "Level",
    "ParsedText",
    "SentenceReading",
    "adds_mana",
    "keyword_names",
    "needs_imprinted",
    "parse_land_search",
    "parse_oracle",
    "parse_restriction",
    "read_card",
    "reading_units",
    "reads_imprinted_colors",
]


#: The version of what the reader reads; raise it whenever a change makes any text read differently, so that
#: results cached from an older reader (the card store's) are worked out again.
PARSER_VERSION: Final = 149


adds_mana = classify.adds_mana


def parse_oracle(
    text: str, name: str = "", *, strict: bool = False, legendary: bool = False, level: Level = ENTERING
) -> ParsedText:
    """Read a card's Oracle text (abilities separated by newlines) into structured abilities.

    ``name`` is the card's name, so that self-references ('Ancient Tomb deals 2 damage to you') are
    understood; a ``legendary`` card's text may also use its short name
    (:func:`~models.oracle.text.short_name`).
    With ``strict``, an unsupported sentence raises ``OracleParseError``. A Class's or a leveler's text is
    read at ``level`` (:mod:`models.oracle.levels`; by default as the card enters): the abilities of a level
    it is not at are not its own.

    >>> tomb = parse_oracle("{T}: Add {C}{C}. Ancient Tomb deals 2 damage to you.", "Ancient Tomb")
    >>> ability = tomb.mana_abilities[0]
    >>> str(ability.output.options[0]), ability.self_damage, ability.cost.tap
    ('{C}{C}', 2, True)
    """
    parsed = _parse_cached(text, name, legendary, level)
    if strict and parsed.unsupported:
        raise OracleParseError(f"{name or 'card'}: unsupported text: {parsed.unsupported[0]!r}")
    return parsed


@per_card(maxsize=4096)  # (every permanent of every new board is read: one look-up rather than three calls)
def read_card(text: str, name: str, type_line: TypeLine, level: Level = ENTERING) -> ParsedText:
    """A card's Oracle text read with what its type line tells the reader: a legendary card's text may use
    its short name (:func:`parse_oracle`); at ``level``, a permanent's (:attr:`Permanent.level
    <models.board.Permanent.level>`). Every reading of a card with its type line goes through here.

    >>> rasputin = "Remove a dream counter from Rasputin: Add {C}."
    >>> legendary = TypeLine.parse("Legendary Creature — Human Wizard")
    >>> len(read_card(rasputin, "Rasputin Dreamweaver", legendary).mana_abilities)
    1
    >>> len(read_card(rasputin, "Rasputin Dreamweaver", TypeLine.parse("Creature")).mana_abilities)
    0
    """
    return parse_oracle(text, name, legendary=type_line.is_a("Legendary"), level=level)


@per_card(maxsize=4096, once_per_question=True)  # (a pure function of the text, name and level)
def _parse_cached(text: str, name: str, legendary: bool, level: Level) -> ParsedText:
    collector = Collector()
    header: LevelHeader | None = None  # (the level the lines read now belong to: 'Level 2', 'LEVEL 1-4')
    for raw_line in t.logical_lines(text):
        line = t.normalise(raw_line, name, legendary=legendary)
        if not line:
            continue
        if (opened := level_header(line)) is not None:
            header = opened
            _read_line(opened.header, collector, opened.header)
            if not opened.rest:
                continue
            line = raw_line = opened.rest
        if header is None or header.in_force(level):
            _read_line(line, collector, raw_line.strip())
        else:
            _read_out_of_force(line, collector, raw_line.strip(), header, level)
    return collector.freeze()


def _read_out_of_force(line: str, out: Collector, original: str, header: LevelHeader, level: Level) -> None:
    r"""A line of a level's abilities that the permanent, at ``level``, does not have (CR 711.2a, 716.2b):
    its sentences are read as ever (how the card's text reads), noted, and nothing of it is used or warned
    about (no mana ability, effect, keyword or unsupported sentence of the permanent).

    >>> grant = ("{2}{G}: Level 2\nTreasures you control have \"{T}, Sacrifice this artifact: Add two mana "
    ...     "of any one color.\"")
    >>> parsed = parse_oracle(grant)
    >>> [(s.read_as, s.note) for s in parsed.sentences][-1], parsed.effects
    (('effect', 'an ability of Level 2: not in force at level 1'), ())
    >>> len(parse_oracle(grant, level=Level(class_level=2)).effects)
    1
    """
    part = Collector()
    _read_line(line, part, original)
    note = f"an ability of {header.levels.describe()}{NOT_IN_FORCE}{level.describe(header.levels.counters)}"
    out.sentences.extend(replace(sentence, note=note) for sentence in part.sentences)


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


def parse_land_search(text: str, name: str = "") -> LandSearch | None:
    """The land search of a land's text (see :class:`LandSearch`), or None when it has none. Both wordings
    read ('then shuffle' and 2019's 'then shuffle your library').

    >>> parse_land_search("{T}, Pay 1 life, Sacrifice Arid Mesa: Search your library for a Mountain or "
    ...     "Plains card, put it onto the battlefield, then shuffle.", "Arid Mesa")
    LandSearch(types=('Mountain', 'Plains'), basic=False, tapped=False, life=1)
    >>> parse_land_search("{T}, Sacrifice this land: Search your library for a basic land card, put it "
    ...     "onto the battlefield tapped, then shuffle your library.").tapped
    True
    """
    for raw_line in t.logical_lines(text):
        line = t.normalise(raw_line, name).strip()
        colon = t.find_colon(line)
        if colon < 0:
            continue
        try:
            cost = build_cost(line[:colon])
            search = _parse_search_reading(line[colon + 1 :].strip())
        except UnreadError:
            continue
        if cost != AbilityCost(tap=True, sacrifice_self=True, life=cost.life):
            continue
        return LandSearch(types=search.types, basic=search.basic, tapped=search.tapped, life=cost.life)
    return None


def parse_restriction(text: str) -> SpendRestriction:
    """Read a spending restriction, with or without its 'Spend this mana only' opening.

    >>> [(use.kind.value, use.types) for use in parse_restriction("to cast creature spells").uses]
    [('spell', ('Creature',))]
    >>> parse_restriction("to juggle")
    Traceback (most recent call last):
    ...
    models.errors.OracleParseError: unsupported spending restriction 'to juggle'
    """
    try:
        restriction, rider = spend_restriction(parse_spending(text), text.strip())
    except UnreadError:
        raise OracleParseError(f"unsupported spending restriction {text!r}") from None
    if rider:
        raise OracleParseError(f"unsupported spending restriction {text!r}: give riders separately")
    return restriction


def reading_units(text: str, name: str = "") -> tuple[str, ...]:
    """The pieces the reader reads one at a time, in order: each activated ability, each keyword line and
    each sentence of any other line, normalised as the reader sees them (reminder text dropped, the card's
    own name written ``~``). Reading each unit alone gives what reading the whole text gives.

    >>> reading_units("Flying\\n{T}: Add {C}. Sol deals 1 damage to you.\\nDraw a card. Scry 1.", "Sol")
    ('Flying', '{T}: Add {C}. ~ deals 1 damage to you.', 'Draw a card.', 'Scry 1.')
    """
    units: list[str] = []
    for raw_line in t.logical_lines(text):
        line = t.normalise(raw_line, name)
        if line:
            _units_of_line(line, units)
    return tuple(units)


def _units_of_line(line: str, units: list[str]) -> None:
    """Append one line's reading units to ``units`` (the cuts of :func:`_read_line`)."""
    if t.chapter_prefix(line):
        units.append(line)
        return
    if (station := t.station_threshold(line)) is not None:
        line = station[1]
    line = t.ability_word_dropped(line)
    chunks = t.abilities_of(line)
    if len(chunks) > 1:
        for chunk in chunks:
            _units_of_line(chunk, units)
        return
    colon = t.find_colon(line)
    if _keywords_of(line) is not None or (colon > 0 and t.looks_like_cost(line[:colon])):
        units.append(line)
        return
    units.extend(t.split_sentences(line))


def _keywords_of(line: str) -> list[str] | None:
    """The keywords on a keyword line ('Defender, hexproof'), or None when it is not one (a line that quotes
    an ability or adds mana never is: 'Equipped creature has "{T}: Add ..."')."""
    if '"' in line or classify.adds_mana(line):
        return None
    keywords: list[str] = []
    for part in line.rstrip(".").replace(";", ",").split(","):
        keyword = part.strip().lower()
        if keyword.split(" ", 2)[1:2] in (["abilities"], ["ability"], ["costs"], ["cost"]):
            # a sentence about those abilities or costs, not the keyword ('Equip abilities you activate cost
            # {1} less ...', Warbringer's 'Dash costs you pay cost {2} less ...')
            return None
        if (
            keyword not in lexicon.KEYWORD_LINES
            and not keyword.startswith(lexicon.KEYWORD_LINE_OPENINGS)
            and not lexicon.is_typecycling(keyword)
        ):
            return None
        keywords.append(keyword)
    return keywords


def keyword_names(text: str, name: str = "") -> frozenset[str]:
    """The keyword abilities of a card's text by name, without their costs or parameters ('cycling' for
    'Cycling {2}', 'mutate' for 'Mutate {2}{G}'); a typecycling or landcycling ability is a cycling ability
    too (CR 702.29e).

    >>> sorted(keyword_names("Flying, cycling {2}\\nMutate {1}{U}"))
    ['cycling', 'flying', 'mutate']
    >>> sorted(keyword_names("Basic landcycling {1}{G}")), sorted(keyword_names("Cycling\\u2014Pay 2 life."))
    (['basic landcycling', 'cycling'], ['cycling'])
    """
    found: set[str] = set()
    for unit in reading_units(text, name):
        for keyword in _keywords_of(unit) or ():
            found.add(keyword.split("{", 1)[0].split("\u2014", 1)[0].strip())
            if lexicon.is_typecycling(keyword):
                found.add("cycling")
    return frozenset(found)


def _read_line(line: str, out: Collector, original: str) -> None:
    if prefix := t.chapter_prefix(line):
        _read_chapter(prefix, line[len(prefix) :], out)
        return
    if (station := t.station_threshold(line)) is not None:
        _read_station(
            station[1], station[0], out, original.split("|", 1)[-1].strip() if "|" in original else station[1]
        )
        return
    line = t.ability_word_dropped(line)
    chunks = t.abilities_of(line)
    if len(chunks) > 1:
        for chunk in chunks:
            _read_line(chunk, out, chunk)
        return
    keywords = _keywords_of(line)
    if keywords is not None:
        _read_keywords(line, keywords, out)
        return
    colon = t.find_colon(line)
    if colon > 0 and t.looks_like_cost(line[:colon]):
        read_activated(line, colon, out, original if ":" in line else line, read_alone)
        return
    sentences = t.split_sentences(line)
    read_entering(sentences, out)
    for sentence in sentences:
        read_static_sentence(sentence, out, line)


def _read_keywords(line: str, keywords: list[str], out: Collector) -> None:
    out.keywords.extend(k.split(" ")[0] if k.startswith("enchant") else k for k in keywords)
    for keyword in keywords:
        if keyword.startswith("affinity for "):
            # the keywords come lower-cased; the subtype counted keeps its case ('Affinity for Swamps')
            start = line.lower().find(keyword)
            written = line[start : start + len(keyword)] if start >= 0 else keyword
            try:
                counted = _affinity_counted(written[len("affinity for ") :])
            except UnreadError:
                out.unread(line)
                return
            out.effects.append(own_reduction(written, -1, counted))  # CR 702.41a
    out.sentences.append(SentenceReading(line, "keyword"))


#: the creature types an outlaw is (the CR glossary's "Outlaw"): what 'Affinity for outlaws' counts
OUTLAW_TYPES: Final = ("Assassin", "Mercenary", "Pirate", "Rogue", "Warlock")


def _affinity_counted(what: str) -> ObjectFilter:
    """What 'Affinity for <what>' counts (CR 702.41a): 'outlaws' is any of five creature types (Hellspur
    Brute; the CR glossary).

    >>> _affinity_counted("outlaws").describe()
    'Assassin or Mercenary or Pirate or Rogue or Warlock'
    >>> _affinity_counted("artifacts").describe()
    'artifact'
    """
    if what.lower() == "outlaws":
        return replace(only_filter(parse_objects("Rogues")), types=(), any_types=OUTLAW_TYPES)
    return only_filter(parse_objects(what))


def _read_station(text: str, threshold: int, out: Collector, original: str) -> None:
    """The abilities after a station threshold (CR 702.184): a mana ability among them exists only while the
    permanent has ``threshold`` charge counters, which is when it can be activated (an activation
    condition); any other sentence is read as it would be alone."""
    line = Collector()
    _read_line(text, line, original)
    charged = Condition((), threshold, "charge")
    for ability in line.mana_abilities:
        if ability.activation_condition is not None:
            out.unread(original, "a threshold and a condition")
            return
        out.mana_abilities.append(replace(ability, activation_condition=charged))
    line.mana_abilities = []
    _merge(out, line)


def _merge(out: Collector, line: Collector) -> None:
    for slot in Collector.__slots__:
        getattr(out, slot).extend(getattr(line, slot))


def _read_chapter(prefix: str, text: str, out: Collector) -> None:
    """A Saga's chapter ability ('II — Add {R}{R}.'): it triggers when lore counters are added (CR 714.2b),
    never while paying; the chapter symbols stay on its first sentence."""
    for number, sentence in enumerate(t.split_sentences(text)):
        body = sentence.rstrip(".")
        sentence = prefix + sentence if number == 0 else sentence
        if number == 0:
            chapters = t.chapter_numbers(prefix)
            try:
                grants = gained_by_itself(body, min(chapters), sentence) or granted_until_next_turn(
                    body, chapters, sentence
                )
            except UnreadError:
                out.unread(sentence)  # (an ability the Saga keeps: never dropped as a trigger's mana)
                continue
            if grants:
                out.effects.extend(grants)  # (the Saga has it from then on, CR 611.2c)
                note = (
                    "in force from this chapter until your next turn (its lore counters, board.step)"
                    if grants[0].until_your_next_turn
                    else "the Saga has it once this chapter resolved (its lore counters)"
                )
                out.read(sentence, "effect", note)
                continue
        if classify.adds_mana(body):
            out.not_payment.append(NotPaymentMana(sentence, NotPaymentKind.CHAPTER, output_after_add(body)))
            out.ignored.append(sentence)
            out.read(sentence, "not_payment")
        else:
            out.ignore(sentence)
