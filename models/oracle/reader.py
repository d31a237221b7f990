"""The Oracle-text reader: a card's text to mana abilities, effects and the class of every sentence.

A text is cut into lines and sentences by :mod:`models.oracle.text`; each activated ability, keyword line and
sentence is read by the grammar (:mod:`models.oracle.grammar`: costs, what a mana ability adds, its riders
and limits; static effects, how the permanent enters, choices) and built into records
(:mod:`models.oracle.build`, :mod:`models.oracle.build_statics`). What the grammar does not read is
classified from its words (:mod:`models.oracle.classify`): every sentence ends as exactly one of a mana
ability, an effect, a keyword, a choice, ``not_payment``, ``ignored`` (nothing to do with mana) or
``unsupported`` (about mana, not read). Nothing is dropped silently.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Final, TypedDict

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
    NotPaymentKind,
    NotPaymentMana,
    ObjectFilter,
    OutputKind,
    PaletteKind,
    SpendAsThough,
    SpendPurpose,
    SpendRestriction,
    SpendUse,
    StaticEffect,
    Who,
)
from models.errors import OracleParseError
from models.kept import per_card
from models.mana import ALL_COLORS, ALL_TYPES
from models.oracle import classify, lexicon
from models.oracle import statics as s
from models.oracle import text as t
from models.oracle.build import (
    build_cost,
    build_mana_ability,
    condition,
    mana_effect,
    mana_output,
    object_filters,
    spend_restriction,
)
from models.oracle.build_statics import only_filter, own_reduction, static_effect
from models.oracle.grammar import (
    UnreadError,
    parse_condition,
    parse_effect,
    parse_enters_unless,
    parse_mana_effect,
    parse_objects,
    parse_output,
    parse_spending,
    parse_static,
)
from models.oracle.grammar import parse_land_search as _parse_search_reading
from models.oracle.readings import ActivateOnly, Controller, Head, Noun, Nouns, Timing

__all__ = [
    "PARSER_VERSION",
    "PART_OF_UNREAD",
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

#: The version of what the reader reads; raise it whenever a change makes any text read differently, so that
#: results cached from an older reader (the card store's) are worked out again.
PARSER_VERSION: Final = 22

#: The classes of a sentence (the contract's section 5), in the order they are documented.
READ_AS = ("mana_ability", "effect", "keyword", "choice", "not_payment", "ignored", "unsupported")

#: The note on the other sentences of an activated ability when one of its parts was not read.
PART_OF_UNREAD = "part of an ability with an unread part"

adds_mana = classify.adds_mana


@dataclass(frozen=True, slots=True)
class SentenceReading:
    """How the reader read one sentence of a card's rules text: the one place that decides its class.

    ``text`` is the sentence as the reader read it (reminder text stripped, self-references written ``~``);
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
    """Everything the reader read from one card's rules text.

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
    #: a static sentence of it changes creatures' power (an anthem, an Aura, Equipment), which is not read
    changes_power: bool = False

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
    """The fields of :class:`Entering` that one line sets, with their values."""

    tapped: bool
    unless_life: int
    unless_control: tuple[str, ...]
    unless_other_lands: int | None
    unless_at_least_lands: int | None
    unless: str
    returns_land: bool


class _Collector:
    """What the reader has read of a card so far; every field only grows."""

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
        for sentence in t.split_sentences(text) or (text,):
            self.sentences.append(SentenceReading(sentence, read_as, note))

    def unread(self, text: str, note: str = "") -> None:
        """Record a sentence (or an ability) the reader did not read."""
        self.unsupported.append(text)
        self.sentences.append(SentenceReading(text, "unsupported", note))

    def ignore(self, text: str, as_read: str = "") -> None:
        """Record ``text`` as having nothing to do with mana (``as_read``: its sentences as the reader read
        them, reminder text dropped); a sentence of it that adds mana is not_payment or unsupported instead,
        never ignored."""
        self.ignored.append(text)
        for sentence in t.split_sentences(as_read or text) or (as_read or text,):
            if (token := _created_mana_token(sentence)) is not None:
                self.not_payment.append(NotPaymentMana(sentence, NotPaymentKind.TOKEN, token))
                self.sentences.append(SentenceReading(sentence, "not_payment"))
            elif not classify.adds_mana(sentence):
                self.sentences.append(SentenceReading(sentence, "ignored"))
            elif (kind := classify.not_payment_kind(sentence.rstrip("."), as_read or text)) is not None:
                output = _output_after_add(sentence.rstrip("."))
                self.not_payment.append(NotPaymentMana(sentence, kind, output))
                self.sentences.append(SentenceReading(sentence, "not_payment"))
            else:
                self.unsupported.append(sentence)
                self.sentences.append(
                    SentenceReading(sentence, "unsupported", "it adds mana in a way not read")
                )

    def freeze(self) -> ParsedText:
        entering: Entering | None = None
        for changes in self.entering_changes:
            changed = replace(entering or Entering(), **changes)
            if changed != Entering():
                entering = changed
        return ParsedText(
            mana_abilities=tuple(self.mana_abilities),
            effects=tuple(self.effects),
            keywords=frozenset(set(self.keywords)),  # (the set the keywords make, in the order read)
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
            changes_power=any(
                s.read_as in ("ignored", "unsupported") and classify.changes_power(s.text)
                for s in self.sentences
            ),
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
                colon = t.find_colon(ability)
                return _output_of_effect(ability[colon + 1 :].strip())
    return None


# --------------------------------------------------------------------------------------------------------
# Entry points


def parse_oracle(text: str, name: str = "", *, strict: bool = False) -> ParsedText:
    """Read a card's Oracle text (abilities separated by newlines) into structured abilities.

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


@per_card(maxsize=4096)  # (a card's reading is a pure function of its text and name)
def _parse_cached(text: str, name: str) -> ParsedText:
    collector = _Collector()
    for raw_line in t.logical_lines(text):
        line = t.normalise(raw_line, name)
        if line:
            _read_line(line, collector, raw_line.strip())
    return collector.freeze()


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


# --------------------------------------------------------------------------------------------------------
# Lines


def _keywords_of(line: str) -> list[str] | None:
    """The keywords on a keyword line ('Defender, hexproof'), or None when it is not one (a line that quotes
    an ability or adds mana never is: 'Equipped creature has "{T}: Add ..."')."""
    if '"' in line or classify.adds_mana(line):
        return None
    keywords: list[str] = []
    for part in line.rstrip(".").replace(";", ",").split(","):
        keyword = part.strip().lower()
        if keyword not in lexicon.KEYWORD_LINES and not keyword.startswith(lexicon.KEYWORD_LINE_OPENINGS):
            return None
        keywords.append(keyword)
    return keywords


def _read_line(line: str, out: _Collector, original: str) -> None:
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
        _read_activated(line, colon, out, original if ":" in line else line)
        return
    sentences = t.split_sentences(line)
    _read_entering(sentences, out)
    for sentence in sentences:
        _read_static_sentence(sentence, out, line)


def _read_keywords(line: str, keywords: list[str], out: _Collector) -> None:
    out.keywords.extend(k.split(" ")[0] if k.startswith("enchant") else k for k in keywords)
    for keyword in keywords:
        if keyword.startswith("affinity for "):
            # the keywords come lower-cased; the subtype counted keeps its case ('Affinity for Swamps')
            start = line.lower().find(keyword)
            written = line[start : start + len(keyword)] if start >= 0 else keyword
            try:
                counted = only_filter(parse_objects(written[len("affinity for ") :]))
            except UnreadError:
                out.unread(line)
                return
            out.effects.append(own_reduction(written, -1, counted))  # CR 702.41a
    out.sentences.append(SentenceReading(line, "keyword"))


def _read_station(text: str, threshold: int, out: _Collector, original: str) -> None:
    """The abilities after a station threshold (CR 702.184): a mana ability among them exists only while the
    permanent has ``threshold`` charge counters, which is when it can be activated (an activation
    condition); any other sentence is read as it would be alone."""
    line = _Collector()
    _read_line(text, line, original)
    charged = Condition((), threshold, "charge")
    for ability in line.mana_abilities:
        if ability.activation_condition is not None:
            out.unread(original, "a threshold and a condition")
            return
        out.mana_abilities.append(replace(ability, activation_condition=charged))
    line.mana_abilities = []
    _merge(out, line)


def _merge(out: _Collector, line: _Collector) -> None:
    for slot in _Collector.__slots__:
        getattr(out, slot).extend(getattr(line, slot))


def _read_chapter(prefix: str, text: str, out: _Collector) -> None:
    """A Saga's chapter ability ('II — Add {R}{R}.'): it triggers when lore counters are added (CR 714.2b),
    never while paying; the chapter symbols stay on its first sentence."""
    for number, sentence in enumerate(t.split_sentences(text)):
        body = sentence.rstrip(".")
        sentence = prefix + sentence if number == 0 else sentence
        if classify.adds_mana(body):
            out.not_payment.append(NotPaymentMana(sentence, NotPaymentKind.CHAPTER, _output_after_add(body)))
            out.ignored.append(sentence)
            out.read(sentence, "not_payment")
        else:
            out.ignore(sentence)


# --------------------------------------------------------------------------------------------------------
# Activated abilities


def _read_activated(line: str, colon: int, out: _Collector, original: str) -> None:
    cost_text, effect_text = line[:colon].strip(), line[colon + 1 :].strip()
    effect_words = classify.tokens(effect_text)
    has_add = "add" in effect_words or "adds" in effect_words
    unquoted = classify.tokens("".join(effect_text.split('"')[0::2]))
    if (
        has_add
        and ("token" in unquoted or "tokens" in unquoted)
        and "add" not in unquoted
        and "adds" not in unquoted
    ):  # the tokens it creates have a mana ability; the ability itself makes none
        output = _quoted_output(effect_text)
        out.not_payment.append(NotPaymentMana(line, NotPaymentKind.TOKEN, output, _cost_or_none(cost_text)))
        out.ignored.append(original)
        out.read(line, "not_payment")
        return
    if _is_double_unspent(effect_text) and (doubling_cost := _cost_or_none(cost_text)) is not None:
        # it adds mana (as much again of each type in the pool) without the word 'add': a mana ability
        doubling = ManaAbility(
            text=original, cost=doubling_cost, output=ManaOutput(OutputKind.DOUBLE_UNSPENT)
        )
        out.mana_abilities.append(doubling)
        out.read(line, "mana_ability")
        return
    # a targeted ability says 'target' (CR 115.1); 'choose new targets for the copy' in a rider on the mana
    # once spent is the copy's, not this ability's (Pyromancer's Goggles)
    targets = any(
        "target" in classify.tokens(sentence) and not classify.when_spent(sentence)
        for sentence in t.split_sentences(effect_text)
    )
    if not has_add:
        if classify.changes_mana(effect_text) and not targets:
            out.unsupported.append(original)  # it makes mana without 'add' (Doubling Cube): not read
            out.read(line, "unsupported")
        else:
            out.ignore(original, line)  # an activated ability that makes no mana (draw, untap, pump...)
        return
    kind: NotPaymentKind | None = None
    if classify.is_loyalty_cost(cost_text):
        kind = NotPaymentKind.LOYALTY  # loyalty abilities are not mana abilities (CR 605.1a)
    elif targets:
        kind = NotPaymentKind.TARGETED  # a targeted ability is not a mana ability (CR 605.1a)
    elif classify.moves_library(line):
        kind = NotPaymentKind.LIBRARY  # CR 605.1a as amended 2026-08-07 (RULES.md section 10)
    if kind is not None:
        output = _output_of_effect(effect_text)
        out.not_payment.append(NotPaymentMana(line, kind, output, _cost_or_none(cost_text)))
        out.ignored.append(original)
        out.read(line, "not_payment")
        return
    try:
        ability, leftovers = _read_mana_ability(cost_text, effect_text, original)
    except UnreadError:
        out.unsupported.append(original)
        out.read(line, "unsupported")
        return
    if leftovers:
        # Safety (contract section 5): an ability with a part not read is never used without that part.
        out.unsupported.extend(f"{original} [{sentence}]" for sentence in leftovers)
        for sentence in t.split_sentences(line):
            out.sentences.append(
                SentenceReading(sentence, "unsupported", "" if sentence in leftovers else PART_OF_UNREAD)
            )
        return
    out.mana_abilities.append(ability)
    out.read(line, "mana_ability")


def _is_double_unspent(effect_text: str) -> bool:
    if "double" not in effect_text.lower():
        return False
    try:
        return isinstance(parse_static(effect_text), s.DoubleUnspent)
    except UnreadError:
        return False


def _output_of_effect(effect_text: str) -> ManaOutput | None:
    """The mana an effect's 'Add ...' sentence adds, or None when it can't be read."""
    for sentence in t.split_sentences(effect_text):
        words = sentence.split(" ", 2)
        opening = 2 if words[0].lower() == "then" and len(words) > 1 and words[1].lower() == "add" else 1
        if words[0].lower() == "add" or opening == 2:
            try:
                return mana_output(parse_output(sentence.split(" ", opening)[-1].rstrip(".")))
            except UnreadError:
                return None
    return None


def _quoted_output(text: str) -> ManaOutput | None:
    """The mana that the first quoted mana ability in a text adds ('... tokens with "{T}: Add {C}."')."""
    for quoted in t.quoted_parts(text):
        colon = t.find_colon(quoted)
        if colon > 0 and (output := _output_of_effect(quoted[colon + 1 :].strip())) is not None:
            return output
    return None


def _cost_or_none(cost_text: str) -> AbilityCost | None:
    try:
        return _cost(cost_text)
    except UnreadError:
        return None


@per_card(maxsize=4096)  # (a cost is read from its text alone; the same few costs come again and again)
def _cost(text: str) -> AbilityCost:
    return build_cost(text)


def _read_mana_ability(cost_text: str, effect_text: str, original: str) -> tuple[ManaAbility, list[str]]:
    """'<cost>: Add ...' as a mana ability (by the grammar); unread extra sentences are returned apart."""
    sentences = t.split_sentences(effect_text)
    opening = _random_opening(sentences[0])
    if opening is not None:
        return _random_ability(_cost(cost_text), opening, sentences[1:], original)
    return build_mana_ability(cost_text, sentences, original)


def _random_opening(sentence: str) -> str | None:
    """'roll a six-sided die', 'flip a coin', when the sentence opens with one (CR 705, 706)."""
    if not sentence.lower().startswith(("roll", "flip")):
        return None
    try:
        reading = parse_static(sentence)
    except UnreadError:
        return None
    return reading.text if isinstance(reading, s.RandomOpening) else None


def _random_ability(
    cost: AbilityCost, roll: str, sentences: tuple[str, ...], original: str
) -> tuple[ManaAbility, list[str]]:
    """'Roll a six-sided die.' with its results ('2 — Add {W}.'), or 'Flip a coin. If you win the flip, add
    {C}{C}.': the mana any result adds, the ability marked ``uncertain`` (no plan can count on a result)."""
    outputs: list[ManaOutput] = []
    timing = ""
    leftovers: list[str] = []
    for sentence in sentences:
        body = sentence.rstrip(".")
        result = t.result_body(body)
        if result is None and classify.starts_with(
            classify.tokens(body), "if you win the flip ,", "if you lose the flip ,"
        ):
            result = body.split(",", 1)[1].strip()
        try:
            reading = parse_static(body)
        except UnreadError:
            reading = None
        if isinstance(reading, s.ResultEffects):
            continue
        limits = _limits(body)
        if limits in ((Timing.INSTANT,), (Timing.SORCERY,)):
            timing = "instant" if limits == (Timing.INSTANT,) else "sorcery"
        elif result is None:
            leftovers.append(sentence)
        elif result.lower().startswith("add "):
            outputs.append(mana_output(parse_output(result[4:])))
        # any other result (sacrifice ~, lose life) is part of the gamble, which is not executed as a whole
    if not outputs:
        raise UnreadError(original)
    output = outputs[0]
    if len(outputs) > 1:
        if not all(o.kind in (OutputKind.FIXED, OutputKind.CHOICE) and o.amount == Amount() for o in outputs):
            raise UnreadError(original)
        output = ManaOutput(OutputKind.CHOICE, tuple(dict.fromkeys(b for o in outputs for b in o.options)))
    ability = ManaAbility(text=original, cost=cost, output=output, timing=timing, uncertain=roll)
    return ability, leftovers


def _limits(body: str) -> tuple[object, ...] | None:
    """The limits of an 'Activate only ...' sentence, or None when the sentence is none."""
    try:
        reading = parse_effect(body)
    except UnreadError:
        return None
    return tuple(reading.limits) if isinstance(reading, ActivateOnly) else None


# --------------------------------------------------------------------------------------------------------
# How the permanent enters


def _read_entering(sentences: tuple[str, ...], out: _Collector) -> None:
    """Record how the permanent enters (:class:`Entering`) from a line's sentences that say so; they are still
    read as usual (they are ignored during a payment). 'If you don't, it enters tapped' reads the sentence
    before it: a life payment (a shockland), a reveal, or another condition kept as written."""
    changes: _EnteringChanges = {}
    before: s.StaticSentence | None = None
    previous = ""
    for sentence in sentences:
        reading: s.StaticSentence | None = None
        if _may_say_how_it_enters(sentence):
            try:
                reading = parse_static(sentence)
            except UnreadError:
                reading = None
        match reading:
            case s.EntersTappedIfNot() if "tapped" not in changes:
                changes["tapped"] = True
                if isinstance(before, s.MayPayLifeAsEnters):
                    changes["unless_life"] = before.life
                elif isinstance(before, s.MayRevealAsEnters):
                    changes["unless"] = f"you reveal {before.what.words(before.count)}"
                else:
                    changes["unless"] = previous.rstrip(".")
            case s.EntersTapped(unless) if "tapped" not in changes:
                changes["tapped"] = True
                changes.update(_unless(unless))
            case s.EntersReturn(what) if _is_land_you_control(what):
                changes["returns_land"] = True
            case None if "tapped" not in changes and classify.says_it_enters_tapped(sentence):
                # a way of entering tapped the grammar does not read ('If you control two or more other
                # lands, ~ enters tapped'): counted as tapped, with the sentence as the condition, never as
                # untapped
                changes["tapped"] = True
                changes["unless"] = f"the sentence {sentence.rstrip('.')!r} says otherwise"
        before, previous = reading, sentence
    if changes:
        out.entering_changes.append(changes)


def _may_say_how_it_enters(sentence: str) -> bool:
    """False for a sentence that can't say how the permanent enters (most of them): none of 'enters tapped',
    'may pay' or 'may reveal', 'don't', 'return a land'."""
    words = set(classify.tokens(sentence))
    return bool(
        ({"enters", "tapped"} <= words)
        or ("may" in words and words & {"pay", "reveal"})
        or "don't" in words
        or {"return", "land"} <= words
    )


def _unless(unless: str) -> _EnteringChanges:
    if not unless:
        return {"unless": ""}
    try:
        reading = parse_enters_unless(unless)
    except UnreadError:
        return {"unless": unless}
    match reading:
        case s.ControlOneOfTwo(first, second):
            return {"unless_control": (first, second)}
        case s.FewOtherLands(at_most):
            return {"unless_other_lands": at_most}
        case s.ManyOtherLands(at_least):
            return {"unless_at_least_lands": at_least}
    raise AssertionError(reading)  # pragma: no cover


def _is_land_you_control(what: object) -> bool:
    return what == Nouns((Noun(types=("Land",), controller=Controller.YOU),))


# --------------------------------------------------------------------------------------------------------
# Static, triggered and replacement effects


def _read_static_sentence(sentence: str, out: _Collector, line: str = "") -> None:
    body = sentence.strip().rstrip(".")
    if body[:1] in ("\u2022", "*"):
        body = body[1:].lstrip()  # '• Add {R}.': one mode of a modal ability
    if body.lower().startswith("until end of turn, "):
        body = body[len("until end of turn, ") :]  # a resolved instant's effect (Pale Moon)
    if (
        out.sentences
        and out.sentences[-1].read_as == "not_payment"
        and body.lower().startswith("spend this mana only")
    ):
        # a restriction on the mana a trigger or a spell adds (Smoky Lounge): part of that mana's record
        try:
            restriction, rider = spend_restriction(parse_spending(body), body.strip())
        except UnreadError:
            restriction, rider = None, "unread"
        if restriction is not None and not rider:
            out.not_payment[-1] = replace(out.not_payment[-1], restriction=restriction)
            out.read(sentence, "not_payment", "a restriction on the mana the sentence before adds")
        else:
            out.unread(sentence)
        return
    reading: s.StaticSentence | None = None
    if classify.may_be_static(body):
        try:
            reading = parse_static(body)
        except UnreadError:
            reading = _one_card_permission(body)
    match reading:
        case s.ChooseAsEnters(kind):
            out.choices.append(kind.replace(" ", "_"))
            out.read(sentence, "choice")
            return
        case s.Imprint(what) if _is_imprint(what):
            # what it exiled is the board's 'imprinted' choice; the text that reads it asks for it
            out.read(sentence, "choice", "the card it exiled is the board's choices.imprinted")
            return
        case s.GrantedWhile() if _read_granted_while(reading, sentence, out):
            return
        case s.KeywordsWhile():
            out.ignore(sentence)  # (keywords: nothing a payment reads, whatever the condition)
            return
        case s.OneCardPermission(as_kind):
            # a permission for the card an effect exiled, cast from exile: read, and never a board's payment
            as_types = ALL_COLORS if as_kind == "color" else ALL_TYPES
            from_exile = SpendRestriction((SpendUse(purpose=SpendPurpose.FROM_EXILE),), sentence)
            permits = SpendAsThough(
                text=sentence, who=Who.YOU, types=ALL_TYPES, as_types=as_types, when_paying=from_exile
            )
            out.effects.append(permits)
            out.read(sentence, "effect", "a permission for the card an effect exiled, cast from exile")
            return
        case s.SameIsTrue() if isinstance(last := out.effects[-1] if out.effects else None, ColorChange):
            # Celestial Dawn's rider: whose spells and cards the color change before it changes too
            spells = Who.YOU if reading.spells_yours else Who.ANY
            cards = None if not reading.cards else (Who.YOU if reading.cards == "you" else Who.ANY)
            out.effects[-1] = replace(last, text=f"{last.text} {body}.", spells=spells, cards=cards)
            out.read(sentence, "effect")
            return
        case s.OnlyColored():
            # Edgewalker's and Morophon's rider on the sentence before it: nothing of the reduction spills
            # onto generic mana (CR 118.7b-c apply otherwise); after anything else it is not understood
            last = out.effects[-1] if out.effects else None
            if isinstance(last, CostModifier) and last.colored and not last.only_colored:
                out.effects[-1] = replace(last, only_colored=True)
                out.read(sentence, "effect")
            else:
                out.unread(sentence)
            return
    effects = _effects(reading, body, sentence)
    if effects:
        out.effects.extend(effects)
        out.read(sentence, "effect")
        if any(needs_imprinted(effect) for effect in effects):
            out.choices.append("imprinted")
        return
    adds = classify.adds_mana(body)
    if adds and (why := classify.not_payment_kind(body, line or sentence)) is not None:
        output = _quoted_output(body) if why is NotPaymentKind.GRANTED else _output_after_add(body)
        out.not_payment.append(NotPaymentMana(sentence, why, output))
        out.ignored.append(sentence)
        out.sentences.append(SentenceReading(sentence, "not_payment"))
    elif (
        classify.mentions_mana(body)
        # (unless it is one that can't change a payment: ignored, as any sentence that isn't about mana)
        and (adds or not classify.not_during_payment(body))
    ) or classify.hurts_when_tapped(body):
        out.unread(sentence)
    else:
        out.ignore(sentence)


def _one_card_permission(body: str) -> s.OneCardPermission | None:
    """'For as long as ..., you may spend mana as though it were mana of any color to cast it': the
    permission at the end of a sentence about a card an effect exiled (Daxos, Gonti)."""
    lowered = body.lower()
    for opening in ("you may spend mana as though", "mana of any type can be spent"):
        start = lowered.find(opening)
        if start > 0 and not lowered[start - 1].isalnum():
            try:
                reading = parse_static(body[start:])
            except UnreadError:
                return None
            return reading if isinstance(reading, s.OneCardPermission) else None
    return None


def _is_imprint(what: object) -> bool:
    """Imprint's exiled thing: a land, or a card (from the hand)."""
    if not isinstance(what, Nouns):
        return False
    last = what.nouns[-1]
    land_or_card = last.head is Head.CARD or (last.head is Head.TYPES and last.types[-1:] == ("Land",))
    return land_or_card and last.zone in ("", "hand") and not last.qualities


def _effects(reading: s.StaticSentence | None, body: str, sentence: str) -> tuple[StaticEffect, ...]:
    """The effects the sentence makes: a mana effect (a replacement or a triggered mana ability), a static
    effect, a grant of mana abilities, or an attached permanent's activation ban."""
    if classify.may_be_mana_effect(body):
        try:
            return (mana_effect(parse_mana_effect(body), sentence),)
        except UnreadError:
            pass
    try:
        if isinstance(reading, s.GrantReading):
            return _grants(reading, sentence)
        if reading is not None:
            return static_effect(reading, sentence) or ()
    except UnreadError:
        return ()
    ban = _attached_ban(body, sentence)
    return (ban,) if ban is not None else ()


def _grants(reading: s.GrantReading, sentence: str) -> tuple[GrantAbility, ...]:
    """'<objects> have "<mana ability>"' (layer 6): one grant for each description ('Each land and Ally you
    control has ...'), which the planner gives a permanent once however many it matches."""
    granted = _granted_ability(reading.ability)
    if granted is None:
        return ()
    affected = object_filters(reading.what)
    if any(flt.reads_status for flt in affected):
        # (what has the ability could change while paying, a counter removed by a cost: not executed yet)
        raise UnreadError(sentence)
    ability, leftovers = granted
    if leftovers:
        raise UnreadError(sentence)
    return tuple(GrantAbility(sentence, flt, ability) for flt in affected)


def _granted_ability(granted: str) -> tuple[ManaAbility, list[str]] | None:
    """The mana ability a quoted ability is ('{T}: Add one mana of any color.') with its unread sentences,
    or None when it makes no mana; raises ``UnreadError`` when its cost or effect is not read."""
    colon = t.find_colon(granted)
    if colon < 0 or "add" not in classify.tokens(granted):
        return None
    return _read_mana_ability(granted[:colon], granted[colon + 1 :], granted)


def _read_granted_while(reading: s.GrantedWhile, sentence: str, out: _Collector) -> bool:
    """'As long as ~ is renowned, it has vigilance and "{T}: Add one mana of any color."': the mana ability
    exists only while the condition holds (an activation condition when it is one the grammar reads)."""
    try:
        granted = _granted_ability(reading.ability)
    except UnreadError:
        return False
    if granted is None:
        return False
    ability, leftovers = granted
    if leftovers or ability.activation_condition is not None:
        return False
    try:
        ability = replace(ability, activation_condition=condition(parse_condition(reading.condition)))
    except UnreadError:
        ability = replace(ability, exists_while=f"as long as {reading.condition}")
    out.mana_abilities.append(ability)
    out.read(sentence, "mana_ability")
    return True


_ATTACHED_WORDS: Final = ("enchanted", "equipped")
_ATTACHED_TYPES: Final = ("land", "creature", "permanent", "artifact")
_ITS_ABILITIES_BANNED: Final = "and its activated abilities can't be activated"


def _attached_ban(body: str, sentence: str) -> StaticEffect | None:
    """'Enchanted permanent doesn't untap during its controller's untap step and its activated abilities
    can't be activated.' (Encrust): the permanent the source is attached to can't activate abilities."""
    words = body.split(" ")
    lowered = body.lower()
    if (
        len(words) < 3
        or words[0].lower() not in _ATTACHED_WORDS
        or words[1].lower().rstrip(",") not in _ATTACHED_TYPES
        or not lowered.endswith(_ITS_ABILITIES_BANNED)
        or '"' in body
        or "." in body
    ):
        return None
    word = words[1].lower().rstrip(",")
    return ActivationBan(
        sentence, ObjectFilter(types=() if word == "permanent" else (word.title(),), attached=True)
    )


def _output_after_add(body: str) -> ManaOutput | None:
    """The mana after the last 'add' of a sentence ('..., add {R}{R}'), or None when it can't be read."""
    lowered = t.folded(body)
    start = -1
    for word in ("add ", "adds "):
        found = lowered.rfind(word)
        while found > 0 and lowered[found - 1].isalnum():
            found = lowered.rfind(word, 0, found)
        if found >= 0 and found + len(word) > start:
            start = max(start, found + len(word))
    if start < 0:
        return None
    spec = body[start:].rstrip('"').rstrip(".")
    try:
        return mana_output(parse_output(spec))
    except UnreadError:
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
