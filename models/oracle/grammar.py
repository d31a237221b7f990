"""The grammar's parser: a phrase of Oracle text in, a typed reading (:mod:`models.oracle.readings`) out.

The rules live in ``grammar.lark`` beside this module; the closed word classes are appended to it as
terminals built from :mod:`models.oracle.lexicon`, so that a new subtype is one line there. Lark's LALR
parser with its contextual lexer reads a sentence in tens of microseconds; the parser is built once per
process. A phrase the grammar does not cover raises :class:`UnreadError`, never a guess.

>>> parse_costs("{T}, Pay 1 life")
(TapSymbol(), PayLife(life=1))
>>> from models.oracle.readings import render
>>> reading = parse_effect("Add {G} for each Elf you control.")
>>> type(reading.output).__name__, render(reading)
('FixedForEach', 'Add {G} for each Elf you control.')
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import re
from dataclasses import replace
from functools import cache
from pathlib import Path
from typing import Any, cast

import lark
import platformdirs
from lark import Lark, Token, v_args
from lark.exceptions import LarkError, UnexpectedCharacters, UnexpectedToken, VisitError

from models.oracle import lexicon
from models.oracle.readings import (
    ANY_NUMBER,
    ActivateOnly,
    ActivateUse,
    AddMana,
    AmountOfThatColor,
    AnyForEach,
    AnyOf,
    CardExiled,
    CastUse,
    ChooseColor,
    ChoosePlayer,
    CollectEvidence,
    Combination,
    CommanderUse,
    Condition,
    ControlAtLeast,
    Controller,
    ControlsAny,
    CostPart,
    CostsWith,
    Counted,
    CountersOnSelf,
    CountersOnSelfAtLeast,
    CountOf,
    DamageToYou,
    Deed,
    Delayed,
    Designated,
    Devotion,
    Different,
    Discard,
    DiscardHand,
    DoneThisTurn,
    EachColorAmong,
    EachPlayerLosesLife,
    EffectSentence,
    EitherCondition,
    EnteredThisTurn,
    Exert,
    ExileFromGraveyard,
    ExileFromHand,
    ExilePermanent,
    ExileSelfFromHand,
    FixedEqualTo,
    FixedForEach,
    FixedMana,
    FixedThenMore,
    Forage,
    GainLife,
    GreatestPower,
    Head,
    IfInstead,
    KeywordAbilityUse,
    LandTypesAmong,
    LifeTotal,
    LoseLife,
    ManaChoice,
    ManaEffect,
    ManaSymbols,
    Multiplied,
    NotForGeneric,
    NotForNonartifact,
    Noun,
    Nouns,
    NoUntap,
    Number,
    OncePerTurn,
    OpponentsGainLife,
    Output,
    Palette,
    PayEnergy,
    PayLife,
    PlayedLand,
    Plus,
    ProducedMana,
    Purpose,
    PurposeUse,
    PutCounter,
    PutCounterOnSelf,
    ReflexiveDamage,
    RemoveCounterFromSelf,
    RemoveCounters,
    Replacement,
    ReturnPermanent,
    ReturnSelf,
    Reveal,
    RevealFromHand,
    Sacrifice,
    SacrificedManaValue,
    SacrificeSelf,
    SacrificeWhenNoCounters,
    SelfPower,
    SpendOnly,
    TapOthers,
    Tapped,
    TapSymbol,
    ThereIs,
    ThisTurn,
    TimesPerTurn,
    Timing,
    Trigger,
    TurnFaceUp,
    UntapOthers,
    UntapSymbol,
    WhenSpent,
    WithCounter,
    WithKeyword,
    WithManaValue,
    WithPower,
    WithSymbolInCost,
    WithWatermark,
    X,
)
from models.oracle.static_rules import StaticRules
from models.oracle.statics import EntersUnless, LandSearchReading, StaticSentence

__all__ = [
    "UnreadError",
    "parse_condition",
    "parse_costs",
    "parse_effect",
    "parse_mana_effect",
    "parse_objects",
    "parse_output",
    "parse_spending",
]

_GRAMMAR = Path(__file__).with_name("grammar.lark")


class UnreadError(ValueError):
    """A phrase the grammar does not read (or reads into something no record can hold), with why."""


def _alternation(words: object) -> str:
    """A regular expression matching any of ``words`` as whole words, longest first."""
    spelled = sorted({str(w) for w in cast("list[str]", words)}, key=lambda w: (-len(w), w))
    return "|".join(re.escape(w) for w in spelled)


def _lexicon_terminals() -> str:
    """The terminals of the closed word classes, from the lexicon (appended to the grammar's text). Subtypes
    are not among them: a capitalised word in a type's place is one (``NAME_WORD`` in the grammar), and the
    lexicon gives its canonical spelling, so that no terminal lists hundreds of words."""
    card_types = [form for t in lexicon.CARD_TYPES for form in lexicon.plural_forms(t)]
    negatable = [*card_types, *(s.lower() for s in lexicon.RULES_SUPERTYPES), "token"]
    return "\n".join(
        (
            f"NUMBER_WORD: /(?i:{_alternation(lexicon.NUMBER_WORDS)})\\b/",
            f"COLOR_WORD: /(?i:{_alternation(lexicon.COLOR_WORDS)})\\b/",
            f"CARD_TYPE: /(?i:{_alternation(card_types)})\\b/",
            f"SUPERTYPE: /(?i:{_alternation(lexicon.RULES_SUPERTYPES)})\\b/",
            f"NON_TYPE: /(?i:non-?(?:{_alternation(negatable)}))\\b|non-[A-Z][A-Za-z'\\-]*/",
            f"KEYWORD: /(?i:{_alternation(lexicon.KEYWORDS)})\\b/",
        )
    )


def _list_words() -> str:
    """The words a comma inside a list of noun phrases comes before (see ``_LIST_COMMA`` in the grammar)."""
    card_types = [form for t in lexicon.CARD_TYPES for form in lexicon.plural_forms(t)]
    words = [*card_types, *(w.lower() for w in lexicon.RULES_SUPERTYPES), *lexicon.COLOR_WORDS, "colorless"]
    return f"(?i:(?:non-?)?(?:{_alternation(words)}))"


@cache  # (the parser, built once per process: a tool, not an answer; the grammar never changes)
def _parser() -> Lark:
    """The LALR parser, built once per process (the grammar and the lexicon never change while it runs).

    Building its tables takes a few hundred milliseconds, so they are kept between processes in a file of
    the user's cache directory named by the grammar's hash (:func:`_tables_file`); Lark checks the grammar
    against the file before it uses it, so a stale file is never read, and without a writable cache
    directory the tables are built each time."""
    grammar = _GRAMMAR.read_text(encoding="utf-8").replace("LIST_WORDS", _list_words())
    text = grammar + "\n" + _lexicon_terminals() + "\n"
    kept = _tables_file(text)
    if kept is None or Path(kept).exists():
        return _lark(text, kept or False)
    # (written under a name of this process's own, then renamed: another process reading the file while it is
    # written would read part of it)
    own = f"{kept}.{os.getpid()}.tmp"
    parser = _lark(text, own)
    with contextlib.suppress(OSError):
        os.replace(own, kept)
    return parser


def _lark(text: str, cache: str | bool) -> Lark:
    return Lark(
        text, parser="lalr", lexer="contextual", start=list(_STARTS), maybe_placeholders=False, cache=cache
    )


#: The rules a text can be read from.
_STARTS = (
    "costs",
    "effect",
    "restriction",
    "phrase",
    "output_phrase",
    "condition_phrase",
    "mana_effect",
    "static",
    "enters_unless",
    "land_search",
)


def _tables_file(text: str) -> str | None:
    """Where the parser's tables for this grammar text are kept; None when there is nowhere to keep them."""
    key = hashlib.sha256(f"{text}{_STARTS}{lark.__version__}".encode()).hexdigest()[:20]
    folder = Path(platformdirs.user_cache_dir("mana-planner"))
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:
        return None
    return str(folder / f"oracle-grammar-{key}.lark")


#: The letters that case-insensitive matching takes for ASCII ones (dotted and dotless i, long s, the Kelvin
#: sign), written as those: the grammar's words and the lexicon's tables are ASCII.
_AS_ASCII = str.maketrans({"\u0130": "I", "\u0131": "i", "\u017f": "s", "\u212a": "K"})


def _parse(text: str, start: str) -> Any:
    try:
        return _Readings().transform(_parser().parse(text.translate(_AS_ASCII), start=start))
    except VisitError as error:
        raise UnreadError(f"{text!r}: {error.orig_exc}") from None
    except UnexpectedToken as error:  # (its str() works out every token the parser would accept: slow)
        raise UnreadError(f"{text!r}: unexpected {str(error.token)!r} at column {error.column}") from None
    except UnexpectedCharacters as error:
        raise UnreadError(
            f"{text!r}: unexpected {text[error.pos_in_stream :][:1]!r} at column {error.column}"
        ) from None
    except LarkError as error:
        raise UnreadError(f"{text!r}: {str(error).splitlines()[0]}") from None


def parse_costs(text: str) -> tuple[CostPart, ...]:
    """The parts of an activated ability's cost (what precedes the colon).

    >>> parse_costs("Remove X storage counters from ~")
    (RemoveCounters(count=<_Variable.X: 'X'>, kind='storage'),)
    """
    return cast("tuple[CostPart, ...]", _parse(text, "costs"))


def parse_effect(sentence: str) -> EffectSentence:
    """One sentence of a mana ability's effect.

    >>> parse_effect("~ deals 1 damage to you.")
    DamageToYou(damage=1)
    """
    return cast("EffectSentence", _parse(sentence, "effect"))


def parse_spending(text: str) -> SpendOnly:
    """A restriction on spending mana, with or without its opening 'Spend this mana only'.

    >>> [type(use).__name__ for use in parse_spending("to cast creature spells or activate abilities").uses]
    ['CastUse', 'ActivateUse']
    """
    return cast("SpendOnly", _parse(text, "restriction"))


def parse_objects(text: str) -> Nouns:
    """A noun phrase naming objects, with or without a determiner ('each', 'all', an article).

    >>> [noun.types for noun in parse_objects("all Slivers and Elves you control").nouns]
    [('Sliver',), ('Elf',)]
    """
    return cast("Nouns", _parse(text, "phrase"))


def parse_output(text: str) -> Output:
    """What an effect adds, as written after 'Add'.

    >>> parse_output("one mana of any type that land produced")  # doctest: +ELLIPSIS
    AnyOf(count=1, palette=<Palette.TYPE: 'type'>, one=False, ..., produced='land', where=None)
    """
    return cast("Output", _parse(text, "output_phrase"))


def parse_condition(text: str) -> Condition:
    """The condition of an 'if' clause, as written after 'if'.

    >>> parse_condition("you control three or more artifacts")  # doctest: +ELLIPSIS
    ControlAtLeast(at_least=3, what=Nouns(...))
    """
    return cast("Condition", _parse(text, "condition_phrase"))


def parse_mana_effect(sentence: str) -> ManaEffect:
    """A replacement effect or a triggered mana ability on the mana permanents produce.

    >>> parse_mana_effect("If you tap a permanent for mana, it produces twice as much of that mana instead.")
    ... # doctest: +ELLIPSIS
    Replacement(tapped=Tapped(...who='you tap'...), produced=Multiplied(factor=2), instead_of='')
    """
    return cast("ManaEffect", _parse(sentence, "mana_effect"))


def parse_static(sentence: str) -> StaticSentence:
    """A static sentence: an effect on types, colors, costs or spending, a grant, how the permanent enters,
    a choice, or a rider on the sentence before it (:mod:`models.oracle.statics`).

    >>> parse_static("Nonbasic lands are Mountains.")  # doctest: +ELLIPSIS
    TypeChangeReading(subject=Nouns(...), types=('Mountain',), which=<TypeSet.LISTED: ''>, adds=False, ...)
    """
    return cast("StaticSentence", _parse(sentence, "static"))


def parse_enters_unless(text: str) -> EntersUnless:
    """The condition after 'enters tapped unless', when it is one of the kinds a land count reads.

    >>> parse_enters_unless("you control two or fewer other lands")
    FewOtherLands(at_most=2)
    """
    return cast("EntersUnless", _parse(text, "enters_unless"))


def parse_land_search(text: str) -> LandSearchReading:
    """A fetchland's effect: 'Search your library for a Mountain or Plains card, put it onto the
    battlefield, then shuffle.'

    >>> parse_land_search("Search your library for a basic land card, put it onto the battlefield tapped, "
    ...     "then shuffle your library.")
    LandSearchReading(types=(), basic=True, tapped=True)
    """
    return cast("LandSearchReading", _parse(text, "land_search"))


def _int(number: Number) -> int:
    if not isinstance(number, int):
        raise UnreadError(f"a fixed number is needed, not {number.value}")
    return number


@v_args(inline=True)
class _Readings(StaticRules):
    """The parse tree to readings, one method per rule alternative (its ``-> name``)."""

    # -------------------------------------------------------------- numbers

    def number(self, token: Token) -> Number:
        if token.type == "X":
            return X
        value = lexicon.number_value(str(token))
        if value is None:  # pragma: no cover (the terminals match only numbers)
            raise UnreadError(f"not a number: {token}")
        return value

    def one(self, _article: Token) -> Number:
        return 1

    def any_number(self) -> Number:
        return ANY_NUMBER

    def counter_kind(self, token: Token) -> str:
        return str(token).lower()

    # -------------------------------------------------------------- objects

    def type_word(self, token: Token) -> str:
        canonical = lexicon.canonical_type(str(token))
        if canonical is None:  # a capitalised word no lexicon entry has: a subtype it doesn't know yet
            return lexicon.unknown_subtype(str(token))
        return canonical

    def head_noun(self, token: Token) -> Head:
        return Head(str(token).lower().removesuffix("s"))

    def typed(self, *parts: str | Head) -> tuple[tuple[str, ...], Head]:
        types = _joined_subtypes([p for p in parts if isinstance(p, str)])
        heads = [p for p in parts if isinstance(p, Head)]
        return types, heads[0] if heads else Head.TYPES

    def untyped(self, head: Head) -> tuple[tuple[str, ...], Head]:
        return (), head

    def adjective(self, token: Token) -> tuple[str, str]:
        return token.type, str(token)

    def noun_core(self, *parts: Any) -> Noun:
        *adjectives, (types, head) = parts
        noun = Noun(types=types, head=head)
        for kind, word in adjectives:
            noun = _with_adjective(noun, kind, word)
        return noun

    def object(self, noun: Noun, *posts: Any) -> Noun:
        for post in posts:
            noun = post(noun)
        return noun

    def with_power(self, number: Number, _or: Token) -> Any:
        return lambda noun: replace(noun, qualities=(*noun.qualities, WithPower(_int(number))))

    def with_counter(self, _article: Token, kind: str = "") -> Any:
        return lambda noun: replace(noun, qualities=(*noun.qualities, WithCounter(kind)))

    def with_keyword(self, keyword: Token) -> Any:
        return lambda noun: replace(noun, qualities=(*noun.qualities, WithKeyword(str(keyword).lower())))

    def with_mana_value(self, number: Number, _or: Token) -> Any:
        return lambda noun: replace(noun, qualities=(*noun.qualities, WithManaValue(_int(number))))

    def with_symbol_in_cost(self, symbol: Token, *_words: Token) -> Any:
        return lambda noun: replace(noun, qualities=(*noun.qualities, WithSymbolInCost(str(symbol).upper())))

    def with_watermark(self, *_words: Token) -> Any:
        return lambda noun: replace(noun, qualities=(*noun.qualities, WithWatermark()))

    def from_exile(self) -> Any:
        return lambda noun: replace(noun, zone="exile")

    def you_control(self) -> Any:
        return lambda noun: replace(noun, controller=Controller.YOU)

    def opponent_controls(self, _article: Token) -> Any:
        return lambda noun: replace(noun, controller=Controller.OPPONENT)

    def opponents_control(self) -> Any:
        return lambda noun: replace(noun, controller=Controller.OPPONENTS)

    def on_battlefield(self) -> Any:
        return lambda noun: replace(noun, controller=Controller.BATTLEFIELD)

    def chosen_type(self) -> Any:
        return lambda noun: replace(noun, chosen_type=True)

    def named(self, name: str) -> Any:
        return lambda noun: replace(noun, named=name)

    def same_name_as_exiled(self, *_card: Token) -> Any:
        return lambda noun: replace(noun, named="the exiled card's name")

    def graveyard(self, *_article: Token) -> Any:
        return lambda noun: replace(noun, zone="graveyard")

    def hand(self) -> Any:
        return lambda noun: replace(noun, zone="hand")

    def zone(self, post: Any) -> Any:  # pragma: no cover (the zone's alternatives are named)
        return post

    def name(self, *tokens: Token) -> str:
        return " ".join(str(t) for t in tokens)

    def output_phrase(self, output: Any) -> Any:
        return output

    def condition_phrase(self, condition: Any) -> Any:
        return condition

    def card_exiled(self, *_words: Token) -> Any:
        return CardExiled()

    def turn_fact(self, *parts: Any) -> Any:
        deed = Deed(next(str(p).lower() for p in parts if isinstance(p, Token) and p.type == "TURN_DEED"))
        noun = next((str(p).lower() for p in parts if isinstance(p, Token) and p.type == "NOUN_DONE"), "life")
        expected = {Deed.DRAWN: "card", Deed.GAINED: "life", Deed.CAST: "spell"}[deed]
        if not noun.startswith(expected):
            raise UnreadError(f"'{deed.value} {noun}'")
        return DoneThisTurn(deed, _int(next(p for p in parts if isinstance(p, int))))

    def gained_life(self, *parts: Any) -> Any:
        deed = next(str(p).lower() for p in parts if isinstance(p, Token) and p.type == "TURN_DEED")
        if deed != "gained":
            raise UnreadError(f"'{deed} life'")
        return DoneThisTurn(Deed.GAINED)

    def deed_count(self, number: Number, *_more: Token) -> Number:
        return number

    def designated(self, _self: Token, designation: Token) -> Any:
        return Designated(str(designation).lower())

    def entered_this_turn(self, _self: Token) -> Any:
        return EnteredThisTurn()

    def there_is(self, _article: Token, what: Nouns) -> Any:
        return ThereIs(what)

    def if_either(self, *parts: Any) -> Any:
        return EitherCondition(tuple(p for p in parts if not isinstance(p, Token)))

    def remove_counter_from_self(self, _article: Token, kind: str, _self: Token) -> Any:
        return RemoveCounterFromSelf(kind)

    def reflexive_damage(self, _self: Token, damage: Number) -> Any:
        return ReflexiveDamage(_int(damage))

    def choice_of_x(self, _x: Token, first: Token, _or: Token, _x2: Token, second: Token, where: Any) -> Any:
        return where(ManaChoice((str(first), str(second))))

    def sacrifice_another(self, _other: Token, what: Nouns) -> CostPart:
        return Sacrifice(1, _another(what))

    def tap_another(self, _other: Token, what: Nouns) -> CostPart:
        return TapOthers(1, _another(what))

    def phrase(self, *parts: Any) -> Nouns:
        nouns: Nouns = parts[-1]
        return nouns

    def objects(self, *parts: Any) -> Nouns:
        nouns = [p for p in parts if isinstance(p, Noun)]
        joiners = {
            str(p).lower() for p in parts if isinstance(p, Token) and p.type in ("AND", "OR", "AND_OR")
        }
        if len(joiners) > 1:
            raise UnreadError(f"phrases joined by both {' and '.join(sorted(joiners))}")
        return Nouns(tuple(nouns), joiners.pop() if joiners else "or")

    # -------------------------------------------------------------- costs

    def costs(self, *parts: CostPart) -> tuple[CostPart, ...]:
        return parts

    def symbols(self, token: Token) -> CostPart:
        text = str(token)
        if text.upper() == "{T}":
            return TapSymbol()
        if text.upper() == "{Q}":
            return UntapSymbol()
        return ManaSymbols(text)

    def pay_life(self, number: Number) -> CostPart:
        return PayLife(_int(number))

    def pay_symbols(self, token: Token) -> CostPart:
        text = str(token).upper()
        if text.replace("{E}", ""):
            raise UnreadError(f"pay {token}")
        return PayEnergy(text.count("{E}"))

    def sacrifice_self(self, _self: Token) -> CostPart:
        return SacrificeSelf()

    def sacrifice(self, count: Number, what: Nouns) -> CostPart:
        return Sacrifice(count, what)

    def remove_counters(self, count: Number, kind: str, _self: Token) -> CostPart:
        return RemoveCounters(count, kind)

    def put_counter(self, count: Number, kind: str, _self: Token) -> CostPart:
        return PutCounter(count, kind)

    def tap_others(self, count: Number, what: Nouns) -> CostPart:
        return TapOthers(count, what)

    def untap_others(self, count: Number, what: Nouns) -> CostPart:
        return UntapOthers(count, what)

    def discard(self, count: Number, what: Nouns) -> CostPart:
        return Discard(count, _card(what))

    def discard_hand(self) -> CostPart:
        return DiscardHand()

    def exile_self(self, _self: Token, zone: Any) -> CostPart:
        if zone(Noun()).zone != "hand":
            raise UnreadError("exile ~ from a graveyard")
        return ExileSelfFromHand()

    def exile(self, count: Number, what: Nouns) -> CostPart:
        zone = what.nouns[-1].zone
        if zone == "hand":
            return ExileFromHand(count, _card(what))
        if zone == "graveyard":
            return ExileFromGraveyard(count, _card(what))
        return ExilePermanent(count, what)

    def return_self(self, _self: Token) -> CostPart:
        return ReturnSelf()

    def return_permanent(self, count: Number, what: Nouns) -> CostPart:
        return ReturnPermanent(count, what)

    def exert(self, _self: Token) -> CostPart:
        return Exert()

    def reveal(self, count: Number, what: Nouns) -> CostPart:
        return Reveal(count, _card(what))

    def forage(self) -> CostPart:
        return Forage()

    def collect_evidence(self, number: Number) -> CostPart:
        return CollectEvidence(_int(number))

    # -------------------------------------------------------------- quantities

    def count_of(self, what: Nouns) -> Any:
        return CountOf(what)

    def counters_on_self(self, kind: str, _self: Token) -> Any:
        return CountersOnSelf(kind)

    def counted(self, *parts: Any) -> Any:
        return Counted(str(parts[-1]).split()[-1].lower())  # ('counters removed': the terminal's last word)

    def self_power(self, _self: Token | None = None) -> Any:
        return SelfPower()

    def life_total(self) -> Any:
        return LifeTotal()

    def greatest_power(self, among: Nouns) -> Any:
        return GreatestPower(among)

    def land_types(self, noun: Noun, among: Nouns) -> Any:
        if noun != Noun(types=("Land",), supertypes=("Basic",)):
            raise UnreadError("only 'basic land types' are counted among objects")
        return LandTypesAmong(among)

    def sacrificed_mana_value(self, how: Token, noun: Noun) -> Any:
        if len(noun.types) > 1 or noun.supertypes or noun.excluded or noun.colors or noun.other:
            raise UnreadError("the mana value of a described object")
        word = noun.types[0].lower() if noun.types else noun.head.value
        return SacrificedManaValue(str(how).lower(), word)

    def devotion(self, colors: str) -> Any:
        return Devotion(colors)

    def devotion_to_that_color(self) -> Any:
        return Devotion("")

    def colors(self, *tokens: Token) -> str:
        return "".join(lexicon.COLOR_WORDS[str(t).lower()] for t in tokens if t.type == "COLOR_WORD")

    def plus(self, token: Token, quantity: Any) -> Any:
        value = lexicon.number_value(str(token))
        assert value is not None
        return Plus(value, quantity)

    def each_quantity(self, quantity: Any) -> Any:  # pragma: no cover (its alternatives are named)
        return quantity

    def quantity(self, quantity: Any) -> Any:  # pragma: no cover (its alternatives are named)
        return quantity

    # -------------------------------------------------------------- outputs

    def fixed(self, token: Token) -> Any:
        return FixedMana(str(token))

    def choice(self, *tokens: Token) -> Any:
        return ManaChoice(tuple(str(t) for t in tokens if t.type == "SYMBOLS"))

    def fixed_for_each(self, token: Token, each: Any) -> Any:
        return FixedForEach(str(token), each)

    def fixed_equal_to(self, _article: Token, token: Token, amount: Any) -> Any:
        return FixedEqualTo(str(token), amount)

    def fixed_then_more(self, first: Token, _article: Token, more: Token, each: Any) -> Any:
        if str(first) != str(more):
            raise UnreadError(f"{first}, then an additional {more}")
        return FixedThenMore(str(first), each)

    def color(self) -> Palette:
        return Palette.COLOR

    def type(self) -> Palette:
        return Palette.TYPE

    def any_of(self, count: Number, *rest: Any) -> Any:
        one = any(isinstance(r, Token) and r.type == "ONE" for r in rest)
        palette = next(r for r in rest if isinstance(r, Palette))
        output = AnyOf(count, palette, one=one)
        for part in rest:
            if callable(part):
                output = part(output)
        return output

    def could_produce(self, *parts: Any) -> Any:
        what = next(p for p in parts if isinstance(p, Nouns))
        return lambda output: replace(output, could_produce=what)

    def sacrificed_could_produce(self, _word: Token, noun: Noun) -> Any:
        word = noun.types[0].lower() if len(noun.types) == 1 else noun.head.value
        return lambda output: replace(output, sacrificed=word or "permanent")

    def among(self, what: Nouns) -> Any:
        return lambda output: replace(output, among=what)

    def produced(self, noun: Noun) -> Any:
        word = noun.types[0].lower() if len(noun.types) == 1 else noun.head.value
        return lambda output: replace(output, produced=word or "permanent")

    def commander_identity(self) -> Any:
        return lambda output: replace(output, palette=Palette.COLOR_IN_IDENTITY)

    def where_x(self, _x: Token, quantity: Any) -> Any:
        return lambda output: replace(output, where=quantity)

    def imprinted(self, count: Number, *_words: Token) -> Any:
        return AnyOf(count, Palette.IMPRINTED)

    def any_for_each(self, count: Number, palette: Palette, each: Any) -> Any:
        if count != 1:
            raise UnreadError("more than one mana of any color for each")
        return AnyForEach(palette, each)

    def chosen_color(self, count: Number) -> Any:
        return AnyOf(count, Palette.CHOSEN_COLOR)

    def that_color(self, count: Number) -> Any:
        return AnyOf(count, Palette.THAT_COLOR)

    def that_color_for_each(self, count: Number, each: Any) -> Any:
        if count != 1:
            raise UnreadError("more than one mana of that color for each")
        return AmountOfThatColor(each, for_each=True)

    def that_color_equal_to(self, _article: Token, amount: Any) -> Any:
        return AmountOfThatColor(amount)

    def any_one_equal_to(self, _article: Token, _one: Token, amount: Any) -> Any:
        return AnyOf(X, Palette.COLOR, one=True, where=amount)

    def different(self, count: Number) -> Any:
        return Different(_int(count))

    def combination_of_colors(self, count: Number, where: Any = None) -> Any:
        return _where(Combination(count), where)

    def combination_of_symbols(self, count: Number, symbols: tuple[str, ...], where: Any = None) -> Any:
        return _where(Combination(count, symbols), where)

    def symbol_list(self, *tokens: Token) -> tuple[str, ...]:
        return tuple(str(t) for t in tokens if t.type == "SYMBOLS")

    def output(self, output: Any) -> Any:  # pragma: no cover (its alternatives are named)
        return output

    # -------------------------------------------------------------- conditions and limits

    def control_at_least(self, number: Number, _or: Token, what: Nouns) -> Any:
        return ControlAtLeast(_int(number), what)

    def controls(self, _article: Token, what: Nouns) -> Any:
        return ControlsAny(what)

    def counters_at_least(self, *parts: Any) -> Any:
        number, kind = (p for p in parts if not isinstance(p, Token))
        return CountersOnSelfAtLeast(_int(number), kind)

    def has_a_counter(self, _self: Token, _article: Token, kind: str) -> Any:
        return CountersOnSelfAtLeast(1, kind)

    def played_land(self, _article: Token, _land: Token) -> Any:
        return PlayedLand()

    def this_turn(self, have: Token, text: Token) -> Any:
        return ThisTurn(f"you{'' if str(have).startswith(chr(39)) else ' '}{have} {text}")

    def once_each_turn(self, _once: Token) -> Any:
        return OncePerTurn()

    def times_each_turn(self, number: Number) -> Any:
        return TimesPerTurn(_int(number))

    def as_a_sorcery(self, *_words: Token) -> Any:
        return Timing.SORCERY

    def as_an_instant(self, *_words: Token) -> Any:
        return Timing.INSTANT

    def during_your_turn(self) -> Any:
        return Timing.YOUR_TURN

    def if_limit(self, condition: Any) -> Any:
        return condition

    def limits(self, *parts: Any) -> tuple[Any, ...]:
        if any(isinstance(p, Token) and p.type == "OR" for p in parts):  # pragma: no cover (no 'or' rule)
            raise UnreadError("limits joined by 'or'")
        return tuple(p for p in parts if not isinstance(p, Token))

    # -------------------------------------------------------------- sentences

    def effect(self, sentence: EffectSentence) -> EffectSentence:
        return sentence

    def add_mana(self, *parts: Any) -> EffectSentence:
        output = parts[0]
        unless = parts[1] if len(parts) > 1 else ""
        return AddMana(output, unless)

    def each_color_among(self, among: Nouns, number: Number) -> EffectSentence:
        if number != 1:
            raise UnreadError("more than one mana of each color among")
        return AddMana(EachColorAmong(among))

    def unless(self, who: Token, symbols: Token) -> str:
        return f"unless {str(who).lower()} pays {symbols}"

    def choose_color(self, _article: Token) -> EffectSentence:
        return ChooseColor()

    def choose_graveyard_color(self, _article: Token, _second: Token, _card: Token) -> EffectSentence:
        return ChooseColor(of_graveyard_card=True)

    def choose_player(self, _article: Token) -> EffectSentence:
        return ChoosePlayer()

    def damage_to_you(self, _self: Token, number: Number) -> EffectSentence:
        return DamageToYou(_int(number))

    def lose_life(self, number: Number) -> EffectSentence:
        return LoseLife(_int(number))

    def each_player_loses_life(self, number: Number) -> EffectSentence:
        return EachPlayerLosesLife(_int(number))

    def gain_life(self, number: Number) -> EffectSentence:
        return GainLife(_int(number))

    def opponents_gain_life(self, *parts: Any) -> EffectSentence:
        return OpponentsGainLife(_int(parts[-1]))

    def no_untap(self, *_self: Token) -> EffectSentence:
        return NoUntap()

    def put_counter_on_self(self, _article: Token, kind: str, _self: Token) -> EffectSentence:
        return PutCounterOnSelf(kind)

    def reveal_from_hand(self, count: Number, what: Nouns) -> EffectSentence:
        if count not in (X, ANY_NUMBER) or what.nouns[-1].zone != "hand":
            raise UnreadError("a reveal of cards that are not 'any number of' cards in your hand")
        return RevealFromHand(_card(what))

    def sacrifice_when_empty(self, kind: str, *_self: Token) -> EffectSentence:
        return SacrificeWhenNoCounters(kind)

    def delayed(self, delayed: Delayed) -> EffectSentence:
        return delayed

    def draw_next_upkeep(self, _article: Token) -> Delayed:
        return Delayed("draw")

    def sacrifice_next_end_step(self, _self: Token) -> Delayed:
        return Delayed("sacrifice")

    def delayed_after(self, number: Number, _or: Token, delayed: Delayed) -> EffectSentence:
        return replace(delayed, after_times=_int(number))

    def not_for_generic(self) -> EffectSentence:
        return NotForGeneric()

    def not_for_non_type(self, *parts: Token) -> EffectSentence:
        word = str(parts[-2]).lower()
        if word not in ("nonartifact", "non-artifact"):
            raise UnreadError(f"this mana can't be spent to cast {word} spells")
        return NotForNonartifact()

    def if_instead(self, condition: Any, output: Any) -> EffectSentence:
        return IfInstead(condition, output)

    def when_spent(self, opening: Token, rest: Token) -> EffectSentence:
        return WhenSpent(f"{opening} {str(rest).strip()}")

    def activate_only(self, limits: tuple[Any, ...]) -> EffectSentence:
        return ActivateOnly(limits)

    def before_end_step(self) -> EffectSentence:
        return ActivateOnly((Timing.YOUR_TURN_BEFORE_END_STEP,))

    # -------------------------------------------------------------- spending

    def spend_only(self, uses: tuple[Any, ...], rider: str = "") -> EffectSentence:
        return SpendOnly(uses, rider)

    def restriction(self, uses: tuple[Any, ...], rider: str = "") -> Any:
        return SpendOnly(uses, rider)

    def uses(self, *parts: Any) -> tuple[Any, ...]:
        return tuple(p for p in parts if not isinstance(p, Token))

    def on_costs_with(self, _contain: Token, symbol: Token) -> tuple[Any, ...]:
        return (CostsWith(str(symbol).upper(), on=True),)

    def makes_tokens(self, *_words: Token) -> tuple[Any, ...]:
        return (PurposeUse(Purpose.MAKES_TOKENS),)

    def cast(self, *parts: Any) -> Any:
        return CastUse(parts[-1])

    def cast_commander(self, *_words: Token) -> Any:
        return CommanderUse()

    def activate(self, *parts: Any) -> Any:
        what = [p for p in parts if isinstance(p, Nouns)]
        return ActivateUse(what[0] if what else None)

    def activate_keyword_ability(self, *words: Token) -> Any:
        return KeywordAbilityUse(str(next(w for w in words if w.type == "KEYWORD_ABILITY")).lower())

    def pay_costs_with(self, *parts: Token) -> Any:
        return CostsWith(str(parts[-1]).upper())

    def purpose(self, words: Token) -> Any:
        text = str(words).lower()
        return PurposeUse(Purpose.CUMULATIVE_UPKEEP if "cumulative" in text else Purpose.MORPH)

    def turn_face_up(self, *parts: Any) -> Any:
        what = next(p for p in parts if isinstance(p, Nouns))
        return TurnFaceUp(
            what, pay_mana_cost=sum(isinstance(p, Token) and p.type == "ARTICLE" for p in parts) > 1
        )

    def unlock_door(self, _words: Token) -> Any:
        return PurposeUse(Purpose.UNLOCK_DOOR)

    def spend_rider(self, _and: Token, that: Token, rest: Token) -> str:
        return f"{str(that).lower()} {str(rest).strip()}"

    # -------------------------------------------------------------- effects on mana

    def mana_effect(self, effect: Any) -> Any:
        return effect

    def taps(self, tapper: Token, *parts: Any) -> Tapped:
        what, mana = parts[-2:]
        return Tapped(what, " ".join(str(tapper).lower().split()), *mana)

    def is_tapped(self, *parts: Any) -> Tapped:
        what, mana = (p for p in parts if not isinstance(p, Token))
        return Tapped(what, "", *mana)

    def any_mana(self, *_words: Token) -> tuple[str, int]:
        return "", 1

    def mana_of(self, symbol: Token) -> tuple[str, int]:
        return str(symbol).upper(), 1

    def chosen_mana(self) -> tuple[str, int]:
        return "chosen", 1

    def at_least(self, number: Number, _or: Token) -> tuple[str, int]:
        return "", _int(number)

    def multiplied(self, times: Token) -> Any:
        return Multiplied(
            {"twice": 2, "three times": 3, "four times": 4}[" ".join(str(times).lower().split())]
        )

    def produced_symbols(self, symbols: Token) -> Any:
        return ProducedMana(str(symbols).upper())

    def produced_colorless(self, _word: Token) -> Any:
        return ProducedMana("{C}")

    def produced_color(self, color: Token) -> Any:
        return ProducedMana("{" + lexicon.COLOR_WORDS[str(color).lower()] + "}")

    def produced_any_color(self, _article: Token) -> Any:
        return ProducedMana("")

    def instead_of(self, *words: Token) -> str:
        return "type and amount" if words else "type"

    def replacement(self, tapped: Tapped, produced: Any, instead_of: str = "") -> Any:
        return Replacement(tapped, produced, instead_of)

    def additional(self, _article: Token, output: Any) -> tuple[bool, Any]:
        return True, output

    def adds(self, output: Any) -> tuple[bool, Any]:
        return False, output

    def additional_that_color(self, number: Number) -> tuple[bool, Any]:
        return True, AnyOf(number, Palette.THAT_COLOR)

    def trigger(self, tapped: Tapped, adder: Token, adds: tuple[bool, Any]) -> Any:
        additional, output = adds
        return Trigger(tapped, " ".join(str(adder).lower().split()), output, additional)

    def ability_adds_chosen(self, _article: Token, subject: str, *rest: Any) -> Any:
        additional, output = rest[-1]
        if rest[0] != 1:
            raise UnreadError("an ability that adds more than one mana of the chosen color")
        return Trigger(None, "add", output, additional, subject=subject.lower())

    def before_end_step_limit(self) -> Any:
        return Timing.YOUR_TURN_BEFORE_END_STEP


def _where(output: Combination, where: Any) -> Combination:
    result: Combination = where(output) if where is not None else output
    return result


def _joined_subtypes(words: list[str]) -> tuple[str, ...]:
    """Type words, with the words of a subtype of two ('Time Lord') joined.

    >>> _joined_subtypes(["Time", "Lord", "Creature"])
    ('Time Lord', 'Creature')
    """
    joined: list[str] = []
    for word in words:
        pair = lexicon.canonical_type(f"{joined[-1]} {word}") if joined else None
        if pair is not None:
            joined[-1] = pair
        else:
            joined.append(word)
    return tuple(joined)


def _another(what: Nouns) -> Nouns:
    """'another Goblin': one object other than the source."""
    first, *rest = what.nouns
    return Nouns((replace(first, other=True), *rest), what.joiner)


def _card(what: Nouns) -> Noun:
    """The one card phrase of a cost or reveal ('a card', 'an artifact card', 'two cards')."""
    if len(what.nouns) != 1 or what.nouns[0].head not in (Head.CARD, Head.TYPES):
        raise UnreadError("cards of more than one description")
    noun = what.nouns[0]
    if noun.head is Head.TYPES and noun.types:
        raise UnreadError("a card phrase without the word 'card'")
    return noun


def _with_adjective(noun: Noun, kind: str, word: str) -> Noun:
    """A noun with one more adjective read."""
    lowered = word.lower()
    if kind == "OTHER":
        return replace(noun, other=True)
    if kind == "ATTACHED":
        return replace(noun, attached=lowered)
    if kind == "UNTAPPED":
        return replace(noun, untapped=True)
    if kind == "TAPPED":
        return replace(noun, tapped=True)
    if kind == "COLORLESS":
        return replace(noun, colorless=True)
    if kind == "ATTACKING":
        return replace(noun, attacking=True)
    if kind == "MULTICOLORED":
        return replace(noun, multicolored=True)
    if kind == "MONOCOLORED":
        return replace(noun, monocolored=True)
    if kind == "FACE_DOWN":
        return replace(noun, face_down=True)
    if kind == "KICKED":
        return replace(noun, kicked=True)
    if kind == "COLOR_WORD":
        return replace(noun, colors=noun.colors + lexicon.COLOR_WORDS[lowered])
    if kind == "SUPERTYPE":
        supertype = lexicon.canonical_supertype(word)
        assert supertype is not None
        return replace(noun, supertypes=(*noun.supertypes, supertype))
    if kind == "NON_TYPE":
        rest = lowered[4:] if lowered.startswith("non-") else lowered[3:]
        written = word[4:] if lowered.startswith("non-") else word[3:]
        canonical = (
            "Token"
            if rest == "token"
            else lexicon.canonical_supertype(rest)
            or lexicon.canonical_type(rest)
            or (lexicon.unknown_subtype(written) if written[:1].isupper() else None)
        )
        if canonical is None:  # pragma: no cover (the terminal matches only 'non' and a type word)
            raise UnreadError(f"not a type: {rest}")
        return replace(noun, excluded=(*noun.excluded, canonical))
    raise AssertionError(kind)  # pragma: no cover (every adjective terminal is read above)
