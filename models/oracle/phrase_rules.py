"""The parse tree of a phrase to its reading (:mod:`models.oracle.readings`): the grammar's transformer
methods for numbers, noun phrases, costs, quantities and outputs, one per rule alternative (its ``-> name``),
mixed into the transformer of :mod:`models.oracle.grammar`.

>>> joined_subtypes(["Time", "Lord", "Creature"])
('Time Lord', 'Creature')
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from lark import Token, Transformer, v_args

from models.oracle import lexicon
from models.oracle.grammar_parser import UnreadError
from models.oracle.readings import (
    ANY_NUMBER,
    CHOSEN_NAME,
    ITS_NAME,
    OTHER_NAME,
    SPELL_NAME,
    AmountOfThatColor,
    AnyForEach,
    AnyOf,
    CardsDrawn,
    CollectEvidence,
    Combination,
    Controller,
    CostPart,
    CouldProduce,
    Counted,
    CountersOnSelf,
    CountOf,
    Devotion,
    Different,
    DifferentPowers,
    Discard,
    DiscardHand,
    Exert,
    ExileFromGraveyard,
    ExileFromHand,
    ExilePermanent,
    ExileSelfFromGraveyard,
    ExileSelfFromHand,
    FixedEqualTo,
    FixedForEach,
    FixedMana,
    FixedThenMore,
    Forage,
    GreatestPower,
    Head,
    LandTypesAmong,
    LifeTotal,
    ManaChoice,
    ManaOfSymbol,
    ManaSymbols,
    Noun,
    Nouns,
    Number,
    OfOrdinalChosenType,
    OrType,
    Palette,
    PayEnergy,
    PayLife,
    Plus,
    PutCounter,
    Quality,
    RemoveCounters,
    ReturnPermanent,
    ReturnSelf,
    Reveal,
    Sacrifice,
    SacrificedManaValue,
    SacrificeSelf,
    SelfPower,
    Speed,
    TapOthers,
    TapSymbol,
    ThatEntered,
    UntapOthers,
    UntapSymbol,
    WithChosenManaValue,
    WithChosenNumber,
    WithChosenWord,
    WithCounter,
    WithKeyword,
    WithManaValue,
    WithManaValueAtMost,
    WithManaValueX,
    WithoutSymbolInCost,
    WithPower,
    WithSymbolInCost,
    WithWatermark,
    X,
)


def _with_quality(what: Nouns, quality: Quality) -> Nouns:
    """The phrases, each with ``quality`` too ('creatures you control that entered the battlefield this
    turn')."""
    return replace(what, nouns=tuple(replace(n, qualities=(*n.qualities, quality)) for n in what.nouns))


def fixed_number(number: Number) -> int:
    if not isinstance(number, int):
        raise UnreadError(f"a fixed number is needed, not {number.value}")
    return number


@v_args(inline=True)
class PhraseRules(Transformer[Token, Any]):
    """Transformer methods of numbers, noun phrases, costs, quantities and outputs."""

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
        types = joined_subtypes([p for p in parts if isinstance(p, str)])
        heads = [p for p in parts if isinstance(p, Head)]
        return types, heads[0] if heads else Head.TYPES

    def untyped(self, head: Head) -> tuple[tuple[str, ...], Head]:
        return (), head

    def permanent_card(self, *_words: Token) -> tuple[tuple[str, ...], Head, tuple[str, ...]]:
        # a card of a permanent type (CR 110.4a): no instant, no sorcery
        return (), Head.CARD, ("Instant", "Sorcery")

    def permanent_spell(self, *_words: Token) -> tuple[tuple[str, ...], Head, tuple[str, ...]]:
        # a spell of a permanent type, no instant or sorcery (CR 110.4b: the Defilers' 'permanent spells')
        return (), Head.SPELL, ("Instant", "Sorcery")

    def adjective(self, token: Token) -> tuple[str, str]:
        return token.type, str(token)

    def noun_core(self, *parts: Any) -> Noun:
        *adjectives, (types, head, *excluded) = parts
        noun = Noun(types=types, head=head, excluded=excluded[0] if excluded else ())
        for adjective in adjectives:
            noun = adjective(noun) if callable(adjective) else with_adjective(noun, *adjective)
        return noun

    def color_or_color(self, first: Token, _or: Token, second: Token) -> Any:
        # 'black or red': of either color (CR 105.2), marked by a quality only an object filter holds (a
        # restriction on spells reads its colors as all of them: never this)
        def either(noun: Noun) -> Noun:
            colored = with_adjective(with_adjective(noun, "COLOR_WORD", first), "COLOR_WORD", second)
            return replace(colored, qualities=(*colored.qualities, OrType(())))

        return either

    def color_or_type(self, color: Token, _or: Token, type_word: str) -> Any:
        # 'black or artifact': of that color, or else of that type (the head's types are needed either way)
        def either(noun: Noun) -> Noun:
            colored = with_adjective(noun, "COLOR_WORD", color)
            return replace(colored, qualities=(*colored.qualities, OrType((type_word,))))

        return either

    def object(self, noun: Noun, *posts: Any) -> Noun:
        for post in posts:
            noun = post(noun)
        return noun

    def with_power(self, number: Number, _or: Token) -> Any:
        return lambda noun: replace(noun, qualities=(*noun.qualities, WithPower(fixed_number(number))))

    def with_counter(self, _article: Token, kind: str = "") -> Any:
        return lambda noun: replace(noun, qualities=(*noun.qualities, WithCounter(kind)))

    def that_could_produce(self, symbols: Token) -> Any:
        """'that could produce {C}' (one mana type, CR 106.7)."""
        letter = str(symbols).upper()[1:-1]
        if str(symbols).count("{") != 1 or letter not in tuple("WUBRGC"):
            raise UnreadError(f"that could produce {symbols}")
        return lambda noun: replace(noun, qualities=(*noun.qualities, CouldProduce(letter)))

    def with_keyword(self, keyword: Token) -> Any:
        return lambda noun: replace(noun, qualities=(*noun.qualities, WithKeyword(str(keyword).lower())))

    def with_mana_value(self, number: Number, _or: Token) -> Any:
        return lambda noun: replace(noun, qualities=(*noun.qualities, WithManaValue(fixed_number(number))))

    def with_mana_value_at_most(self, number: Number, _or: Token, word: Token) -> Any:
        """'with mana value 2 or less' ('or more' is not Oracle's wording: unread)."""
        if str(word).lower() != "less":
            raise UnreadError(f"with mana value {number} or {word}")
        return lambda noun: replace(
            noun, qualities=(*noun.qualities, WithManaValueAtMost(fixed_number(number)))
        )

    def with_mana_value_x(self, number: Number) -> Any:
        """'with mana value X' (Nahiri's Sacrifice: the spell's X); a number alone is not read."""
        if number is not X:
            raise UnreadError(f"with mana value {number}")
        return lambda noun: replace(noun, qualities=(*noun.qualities, WithManaValueX()))

    def with_chosen_mana_value(self, *_words: Token) -> Any:
        return lambda noun: replace(noun, qualities=(*noun.qualities, WithChosenManaValue()))

    def with_chosen_number(self) -> Any:
        return lambda noun: replace(noun, qualities=(*noun.qualities, WithChosenNumber()))

    def with_chosen_word(self) -> Any:
        return lambda noun: replace(noun, qualities=(*noun.qualities, WithChosenWord()))

    def with_mana_value_x_from_hand(self, _x: Token) -> Any:
        """'with mana value X from your hand' (the Shoals; with 'from your hand', apart from 'with mana value
        N or greater' for the parser)."""
        return lambda noun: replace(noun, zone="hand", qualities=(*noun.qualities, WithManaValueX()))

    def with_symbol_in_cost(self, symbol: Token, *_words: Token) -> Any:
        return lambda noun: replace(noun, qualities=(*noun.qualities, WithSymbolInCost(str(symbol).upper())))

    def without_symbol_in_cost(self, symbol: Token, *_words: Token) -> Any:
        return lambda noun: replace(
            noun, qualities=(*noun.qualities, WithoutSymbolInCost(str(symbol).upper()))
        )

    def with_watermark(self, *_words: Token) -> Any:
        return lambda noun: replace(noun, qualities=(*noun.qualities, WithWatermark()))

    def from_exile(self) -> Any:
        return lambda noun: replace(noun, zone="exile")

    def you_control(self) -> Any:
        return lambda noun: replace(noun, controller=Controller.YOU)

    def you_control_not_owned(self) -> Any:
        return lambda noun: replace(noun, controller=Controller.YOU_NOT_OWNER)

    def opponent_controls(self, _article: Token) -> Any:
        return lambda noun: replace(noun, controller=Controller.OPPONENT)

    def opponents_control(self) -> Any:
        return lambda noun: replace(noun, controller=Controller.OPPONENTS)

    def on_battlefield(self) -> Any:
        return lambda noun: replace(noun, controller=Controller.BATTLEFIELD)

    def chosen_type(self) -> Any:
        return lambda noun: replace(noun, chosen_type=True)

    def ordinal_chosen_type(self, ordinal: Token) -> Any:
        quality = OfOrdinalChosenType(str(ordinal).lower())
        return lambda noun: replace(noun, qualities=(*noun.qualities, quality))

    def of_chosen_color(self) -> Any:
        return lambda noun: replace(noun, chosen_color=True)

    def named(self, name: str) -> Any:
        return lambda noun: replace(noun, named=name)

    def same_name_as_exiled(self, *one_card: Token) -> Any:
        return lambda noun: replace(noun, named="the exiled card's name")

    def same_name_as_it(self) -> Any:
        return lambda noun: replace(noun, named=ITS_NAME)

    def other_name(self, _self: Token) -> Any:
        return lambda noun: replace(noun, named=OTHER_NAME)

    def same_name_as_spell(self, _spell: Token) -> Any:
        return lambda noun: replace(noun, named=SPELL_NAME)

    def with_chosen_name(self) -> Any:
        return lambda noun: replace(noun, named=CHOSEN_NAME)

    def its_controller_controls(self) -> Any:
        return lambda noun: replace(noun, controller=Controller.SPELLS_CONTROLLER)

    def enchanted_player_controls(self, attached: Token) -> Any:
        if attached.lower() != "enchanted":
            raise UnreadError(f"{attached} player")
        return lambda noun: replace(noun, controller=Controller.ENCHANTED_PLAYER)

    def graveyard(self, *_article: Token) -> Any:
        return lambda noun: replace(noun, zone="graveyard")

    def hand(self) -> Any:
        return lambda noun: replace(noun, zone="hand")

    def party(self) -> Any:  # ('in your party', CR 700.8: not a zone, but as a zone read nowhere else)
        return lambda noun: replace(noun, zone="party")

    def zone(self, post: Any) -> Any:  # pragma: no cover (the zone's alternatives are named)
        return post

    def name(self, *tokens: Token) -> str:
        return " ".join(str(t) for t in tokens)

    def output_phrase(self, output: Any) -> Any:
        return output

    def choice_of_x(self, _x: Token, first: Token, _or: Token, _x2: Token, second: Token, where: Any) -> Any:
        return where(ManaChoice((str(first), str(second))))

    def sacrifice_another(self, _other: Token, what: Nouns) -> CostPart:
        return Sacrifice(1, another(what))

    def tap_another(self, _other: Token, what: Nouns) -> CostPart:
        return TapOthers(1, another(what))

    def phrase(self, *parts: Any) -> Nouns:
        nouns: Nouns = parts[-1]
        return nouns

    def each_thats(self, core: Noun, *parts: Any) -> Nouns:
        listed = [p for p in parts if isinstance(p, str) and not isinstance(p, Token)]
        return Nouns(tuple(replace(core, types=(*core.types, kind)) for kind in listed), "or")

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
        return PayLife(fixed_number(number))

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
        return Discard(count, one_card(what))

    def discard_hand(self) -> CostPart:
        return DiscardHand()

    def exile_self(self, _self: Token, zone: Any) -> CostPart:
        where = zone(Noun()).zone
        if where == "graveyard":
            return ExileSelfFromGraveyard()
        if where != "hand":
            raise UnreadError(f"exile ~ from {where or 'elsewhere'}")
        return ExileSelfFromHand()

    def exile(self, count: Number, what: Nouns) -> CostPart:
        zone = what.nouns[-1].zone
        if zone == "hand":
            return ExileFromHand(count, one_card(what))
        if zone == "graveyard":
            return ExileFromGraveyard(count, one_card(what))
        return ExilePermanent(count, what)

    def return_self(self, _self: Token) -> CostPart:
        return ReturnSelf()

    def return_permanent(self, count: Number, what: Nouns) -> CostPart:
        return ReturnPermanent(count, what)

    def exert(self, _self: Token) -> CostPart:
        return Exert()

    def reveal(self, count: Number, what: Nouns) -> CostPart:
        return Reveal(count, one_card(what))

    def forage(self) -> CostPart:
        return Forage()

    def collect_evidence(self, number: Number) -> CostPart:
        return CollectEvidence(fixed_number(number))

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

    def your_speed(self) -> Any:
        return Speed()

    def cards_drawn(self, _card: Token, deed: Token) -> Any:
        """'card you've drawn this turn' (Kydele); the other deeds of the turn are not cards counted here."""
        if str(deed).lower() != "drawn":
            raise UnreadError(f"card you've {deed} this turn")
        return CardsDrawn()

    def greatest_power(self, among: Nouns) -> Any:
        return GreatestPower(among)

    def entered_clause(self) -> Any:
        return ThatEntered()

    def greatest_power_entered(self, among: Nouns, entered: ThatEntered) -> Any:
        return GreatestPower(_with_quality(among, entered))

    def count_of_entered(self, what: Nouns, entered: ThatEntered) -> Any:
        return CountOf(_with_quality(what, entered))

    def different_powers(self, among: Nouns) -> Any:
        return DifferentPowers(among)

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

    def fixed_times(self, count: Token, token: Token) -> Any:
        """'Add six {G}' (Castle Garenbrig): the symbols, that many times."""
        times = lexicon.number_value(str(count))
        if times is None or times < 1:  # pragma: no cover (the terminal matches only numbers)
            raise UnreadError(f"not a number: {count}")
        return FixedMana(str(token) * times)

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

    def mana_of_symbol(self, count: Number, symbol: Token, *then: Token) -> Any:
        """'X mana of {C}', maybe ', and then add an additional {C}' (one symbol, the same one again)."""
        more = [str(t) for t in then if t.type == "SYMBOLS"]
        if str(symbol).count("{") != 1 or any(m != str(symbol) for m in more):
            raise UnreadError(f"{count} mana of {symbol}, then an additional {more}")
        return ManaOfSymbol(count, str(symbol), then_one=bool(more))

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

    def untapped_could_produce(self, noun: Noun) -> Any:
        """'any type that land could produce' (Benthic Explorers): the land its cost untapped."""
        return lambda output: replace(output, untapped=produced_word(noun))

    def among(self, what: Nouns) -> Any:
        return lambda output: replace(output, among=what)

    def produced(self, noun: Noun) -> Any:
        return lambda output: replace(output, produced=produced_word(noun))

    def commander_identity(self) -> Any:
        return lambda output: replace(output, palette=Palette.COLOR_IN_IDENTITY)

    def where_x(self, _x: Token, quantity: Any) -> Any:
        return lambda output: replace(output, where=quantity)

    def imprinted(self, count: Number, *_words: Token) -> Any:
        return AnyOf(count, Palette.IMPRINTED)

    def imprinted_cards(self, count: Number, *_words: Token) -> Any:
        return AnyOf(count, Palette.IMPRINTED_CARDS)

    def noted_type(self, count: Number, *_words: Token) -> Any:
        return AnyOf(count, Palette.NOTED_TYPE)

    def drafted_colors(self, count: Number, *_words: Token) -> Any:
        return AnyOf(count, Palette.DRAFTED)

    def any_for_each(self, count: Number, palette: Palette, each: Any) -> Any:
        if count != 1:
            raise UnreadError("more than one mana of any color for each")
        return AnyForEach(palette, each)

    def produced_for_each(self, count: Number, palette: Palette, noun: Noun, each: Any) -> Any:
        return replace(self.any_for_each(count, palette, each), produced=produced_word(noun))

    def chosen_color(self, count: Number) -> Any:
        return AnyOf(count, Palette.CHOSEN_COLOR)

    def symbol_or_chosen_color(self, symbol: Token, _or: Token, count: Number) -> Any:
        return AnyOf(count, Palette.CHOSEN_COLOR, also=str(symbol))

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
        return Different(fixed_number(count))

    def combination_of_colors(self, count: Number, where: Any = None) -> Any:
        return with_where(Combination(count), where)

    def combination_of_symbols(self, count: Number, symbols: tuple[str, ...], where: Any = None) -> Any:
        return with_where(Combination(count, symbols), where)

    def symbol_list(self, *tokens: Token) -> tuple[str, ...]:
        return tuple(str(t) for t in tokens if t.type == "SYMBOLS")

    def output(self, output: Any) -> Any:  # pragma: no cover (its alternatives are named)
        return output


def with_where(output: Combination, where: Any) -> Combination:
    result: Combination = where(output) if where is not None else output
    return result


def joined_subtypes(words: list[str]) -> tuple[str, ...]:
    """Type words, with the words of a subtype of two ('Time Lord') joined.

    >>> joined_subtypes(["Time", "Lord", "Creature"])
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


def another(what: Nouns) -> Nouns:
    """'another Goblin': one object other than the source."""
    first, *rest = what.nouns
    return Nouns((replace(first, other=True), *rest), what.joiner)


def one_card(what: Nouns) -> Noun:
    """The one card phrase of a cost or reveal ('a card', 'an artifact card', 'two cards')."""
    if len(what.nouns) != 1 or what.nouns[0].head not in (Head.CARD, Head.TYPES):
        raise UnreadError("cards of more than one description")
    noun = what.nouns[0]
    if noun.head is Head.TYPES and noun.types:
        raise UnreadError("a card phrase without the word 'card'")
    return noun


def with_adjective(noun: Noun, kind: str, word: str) -> Noun:
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
    if kind == "COLORED":
        return replace(noun, colored=True)
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
    if kind == "HISTORIC":
        return replace(noun, historic=True)
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


def produced_word(noun: Noun) -> str:
    """The noun of 'that <noun> produced': 'land', or 'permanent'."""
    word = noun.types[0].lower() if len(noun.types) == 1 else noun.head.value
    return word or "permanent"
