"""The parse tree of a sentence to its reading (:mod:`models.oracle.readings`): the grammar's transformer
methods for conditions and limits, the sentences of a mana ability's effect, spending restrictions and the
effects on mana, one per rule alternative (its ``-> name``), mixed into the transformer of
:mod:`models.oracle.grammar`."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from lark import Token, Transformer, v_args

from models.oracle import lexicon
from models.oracle.grammar_parser import UnreadError
from models.oracle.phrase_rules import another, fixed_number, one_card, produced_word
from models.oracle.readings import (
    ANY_NUMBER,
    ActivateOnly,
    ActivateUse,
    AddMana,
    AnyOf,
    BecomesThatColor,
    CardExiled,
    CastUse,
    ChooseColor,
    ChoosePlayer,
    CommanderUse,
    ControlAtLeast,
    Controller,
    ControlsAny,
    CopyNewTargets,
    CostsWith,
    CountedEffect,
    CountersOnSelfAtLeast,
    DamageToYou,
    Deed,
    Delayed,
    Designated,
    DevotionBelow,
    DoneThisTurn,
    EachColorAmong,
    EachCraftedColor,
    EachPlayerLosesLife,
    EffectSentence,
    EitherCondition,
    EnteredThisTurn,
    GainLife,
    Head,
    IfInstead,
    KeywordAbilityUse,
    LoseLife,
    Multiplied,
    NextTimeTrigger,
    NotForGeneric,
    NotForNonartifact,
    Noun,
    Nouns,
    NoUntap,
    Number,
    ObjectIsNotType,
    ObjectIsType,
    OncePerTurn,
    OpponentCounters,
    OpponentsGainLife,
    Paired,
    Palette,
    PlayedLand,
    PlayerStatus,
    ProducedMana,
    Purpose,
    PurposeUse,
    PutCounterOnSelf,
    ReflexiveDamage,
    RemoveCounterFromSelf,
    Replacement,
    RevealFromHand,
    SacrificeTrigger,
    SacrificeWhenNoCounters,
    SourceAttachedTo,
    SourceAttacking,
    SourceStatus,
    SpendOnly,
    Tapped,
    ThereIs,
    ThisTurn,
    TimesPerTurn,
    Timing,
    TopOfLibrary,
    Trigger,
    TurnFaceUp,
    WhenSpent,
    WithKeyword,
    X,
    YourTurn,
)


@v_args(inline=True)
class EffectRules(Transformer[Token, Any]):
    """Transformer methods of conditions, limits, effect sentences, spending and effects on mana."""

    # -------------------------------------------------------------- conditions and limits

    def condition_phrase(self, condition: Any) -> Any:
        return condition

    def card_exiled(self, *_words: Token) -> Any:
        return CardExiled()

    def exiled_card_has(self, *parts: Token) -> Any:
        (keyword,) = (p for p in parts if isinstance(p, Token) and p.type == "KEYWORD")
        return CardExiled(str(keyword).lower())

    def exiled_card_with(self, _article: Token, what: Nouns, _self: Token, ability: Token) -> Any:
        """'a [creature] card with flying was exiled with ~'s delve ability' (Soulflayer): the cards exiled
        as it was cast, which the board gives as those exiled with it (CR 702.66a, 607.2a)."""
        if str(ability).lower() != "delve":
            raise UnreadError(f"cards exiled with its {ability} ability")
        (noun,) = what.nouns
        qualities = noun.qualities
        if (
            len(what.nouns) != 1
            or noun.head is not Head.CARD
            or len(qualities) != 1
            or not isinstance(qualities[0], WithKeyword)
            or noun.types not in ((), ("Creature",))
            or replace(noun, types=(), qualities=()) != Noun((), head=Head.CARD)
        ):
            raise UnreadError(f"exiled cards: {what.words()}")
        return CardExiled(qualities[0].keyword, "".join(noun.types))

    def controlled_has(self, _article: Token, what: Nouns, keyword: Token) -> Any:
        """'a creature you control has first strike' (Odric): 'you control a creature with first strike'."""
        if len(what.nouns) != 1 or what.nouns[0].controller is not Controller.YOU:
            raise UnreadError("a permanent not of yours that has a keyword")
        (noun,) = what.nouns
        quality = WithKeyword(str(keyword).lower())
        qualified = replace(noun, qualities=(*noun.qualities, quality), controller=Controller.UNSAID)
        return ControlsAny(Nouns((qualified,)))

    def turn_fact(self, *parts: Any) -> Any:
        deed = Deed(next(str(p).lower() for p in parts if isinstance(p, Token) and p.type == "TURN_DEED"))
        noun = next(
            (str(p).lower() for p in parts if isinstance(p, Token) and p.type in ("CARD", "SPELL")), "life"
        )
        expected = {Deed.DRAWN: "card", Deed.GAINED: "life", Deed.CAST: "spell"}[deed]
        if not noun.startswith(expected):
            raise UnreadError(f"'{deed.value} {noun}'")
        return DoneThisTurn(deed, fixed_number(next(p for p in parts if isinstance(p, int))))

    def gained_life(self, *parts: Any) -> Any:
        deed = next(str(p).lower() for p in parts if isinstance(p, Token) and p.type == "TURN_DEED")
        if deed != "gained":
            raise UnreadError(f"'{deed} life'")
        return DoneThisTurn(Deed.GAINED)

    def deed_count(self, number: Number, *_more: Token) -> Number:
        return number

    def designated(self, _self: Token, designation: Token) -> Any:
        return Designated(str(designation).lower())

    def paired(self, *_parts: Token) -> Any:
        return Paired()

    def entered_this_turn(self, _self: Token) -> Any:
        return EnteredThisTurn()

    def there_is(self, _article: Token, what: Nouns) -> Any:
        return ThereIs(what)

    def there_are_at_least(self, count: Any, _or: Token, what: Nouns) -> Any:
        return ThereIs(what, fixed_number(count))

    def on_battlefield_at_least(self, count: Any, _or: Token, what: Nouns) -> Any:
        """'ten or more lands are on the battlefield': every player's permanents counted."""
        return ThereIs(what, fixed_number(count), battlefield=True)

    def your_turn(self, *parts: Any) -> Any:
        also = [part for part in parts if not isinstance(part, Token)]
        return YourTurn(also[0] if also else None)

    def object_is_color(self, what: Noun, color: Token) -> Any:
        return ObjectIsType(Nouns((what,)), color=lexicon.COLOR_WORDS[str(color).lower()])

    def object_is_type(self, what: Noun, _article: Token, type_word: str) -> Any:
        return ObjectIsType(Nouns((what,)), type_word)

    def object_isnt_type(self, what: Noun, _article: Token, type_word: str) -> Any:
        return ObjectIsNotType(Nouns((what,)), type_word)

    def source_status(self, _self: Token, status: Token) -> Any:
        return SourceStatus(tapped=status.type == "TAPPED")

    def source_attached_to(self, _self: Token, _article: Token, what: Nouns) -> Any:
        return SourceAttachedTo(what)

    def source_attacking(self, _self: Token, _attacking: Token) -> Any:
        return SourceAttacking()

    def top_of_library(self, _card: Token, _article: Token, what: Nouns) -> Any:
        return TopOfLibrary(what)

    def player_statuses(self, *parts: Any) -> Any:
        return PlayerStatus(
            tuple(part for part in parts if isinstance(part, str) and not isinstance(part, Token))
        )

    def devotion_compared(self, colors: str, more_less: Token, number: Number) -> Any:
        if str(more_less).lower() != "less":
            raise UnreadError(f"a devotion {more_less} than a number")
        return DevotionBelow(colors, fixed_number(number))

    def opponent_counters(self, *parts: Any) -> Any:
        number, kind = (p for p in parts if not isinstance(p, Token))
        return OpponentCounters(fixed_number(number), kind)

    def monarch(self, *_words: Token) -> str:
        return "monarch"

    def initiative(self, *_words: Token) -> str:
        return "initiative"

    def if_either(self, *parts: Any) -> Any:
        return EitherCondition(tuple(p for p in parts if not isinstance(p, Token)))

    def remove_counter_from_self(self, _article: Token, kind: str, _self: Token) -> Any:
        return RemoveCounterFromSelf(kind)

    def reflexive_damage(self, _self: Token, damage: Number) -> Any:
        return ReflexiveDamage(fixed_number(damage))

    def reflexive_damage_to_target(self, _self: Token, damage: Number, target: str) -> Any:
        return ReflexiveDamage(fixed_number(damage), target)

    def any_target(self, _target: Token) -> str:
        return "any target"

    def target_opponent(self, _target: Token) -> str:
        return "target opponent"

    def target_player(self, _target: Token) -> str:
        return "target player"

    def control_at_least(self, number: Number, _or: Token, what: Nouns) -> Any:
        return ControlAtLeast(fixed_number(number), what)

    def controls(self, _article: Token, what: Nouns) -> Any:
        return ControlsAny(what)

    def controls_another(self, _other: Token, what: Nouns) -> Any:
        return ControlsAny(another(what))

    def controls_each_named(self, noun: Noun, first: str, _and: Token, second: str) -> Any:
        # 'you control creatures named Mine Worker and Power Plant Worker': one of each name (Tower Worker)
        return ControlsAny(Nouns((replace(noun, named=first), replace(noun, named=second)), "and"))

    def counters_at_least(self, *parts: Any) -> Any:
        number, kind = (p for p in parts if not isinstance(p, Token))
        return CountersOnSelfAtLeast(fixed_number(number), kind)

    def has_a_counter(self, _self: Token, _article: Token, kind: str) -> Any:
        return CountersOnSelfAtLeast(1, kind)

    def played_land(self, _article: Token, _land: Token) -> Any:
        return PlayedLand()

    def this_turn(self, have: Token, text: Token) -> Any:
        return ThisTurn(f"you{'' if str(have).startswith(chr(39)) else ' '}{have} {text}")

    def once_each_turn(self, _once: Token) -> Any:
        return OncePerTurn()

    def times_each_turn(self, number: Number) -> Any:
        return TimesPerTurn(fixed_number(number))

    def times_word_each_turn(self, times: Token) -> Any:
        """'no more than twice each turn' (the word is the count: 'three times' is 3)."""
        word = str(times).lower().split()[0]
        count = 2 if word == "twice" else lexicon.number_value(word)
        if count is None:  # pragma: no cover (the terminal names twice, three or four times)
            raise UnreadError(f"no count in {times!r}")
        return TimesPerTurn(count)

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

    def each_crafted_color(self, *parts: Any) -> EffectSentence:
        if parts[-1] != 1:
            raise UnreadError("more than one mana of each color among the crafted cards")
        return AddMana(EachCraftedColor())

    def unless(self, who: Token, symbols: Token) -> str:
        return f"unless {str(who).lower()} pays {symbols}"

    def choose_color(self, _article: Token) -> EffectSentence:
        return ChooseColor()

    def choose_graveyard_color(self, _article: Token, _second: Token, one_card: Token) -> EffectSentence:
        return ChooseColor(of_graveyard_card=True)

    def choose_player(self, _article: Token) -> EffectSentence:
        return ChoosePlayer()

    def damage_to_you(self, _self: Token, number: Number) -> EffectSentence:
        return DamageToYou(fixed_number(number))

    def damage_to_you_unless(
        self, _self: Token, number: Number, _article: Token, what: Nouns
    ) -> EffectSentence:
        return DamageToYou(fixed_number(number), what)

    def lose_life(self, number: Number) -> EffectSentence:
        return LoseLife(fixed_number(number))

    def each_player_loses_life(self, number: Number) -> EffectSentence:
        return EachPlayerLosesLife(fixed_number(number))

    def gain_life(self, number: Number) -> EffectSentence:
        return GainLife(number)

    def opponents_gain_life(self, *parts: Any) -> EffectSentence:
        return OpponentsGainLife(fixed_number(parts[-1]))

    def no_untap(self, *_self: Token) -> EffectSentence:
        return NoUntap()

    def becomes_that_color(self, *_self: Token) -> EffectSentence:
        return BecomesThatColor()

    def put_counter_on_self(self, _article: Token, kind: str, _self: Token) -> EffectSentence:
        return PutCounterOnSelf(kind)

    def reveal_from_hand(self, count: Number, what: Nouns) -> EffectSentence:
        if count not in (X, ANY_NUMBER) or what.nouns[-1].zone != "hand":
            raise UnreadError("a reveal of cards that are not 'any number of' cards in your hand")
        return RevealFromHand(one_card(what))

    def sacrifice_when_empty(self, kind: str, *_self: Token) -> EffectSentence:
        return SacrificeWhenNoCounters(kind)

    def delayed(self, delayed: Delayed) -> EffectSentence:
        return delayed

    def draw_next_upkeep(self, _article: Token, _card: Token) -> Delayed:
        return Delayed("draw")

    def sacrifice_next_end_step(self, _self: Token) -> Delayed:
        return Delayed("sacrifice")

    def given_away_next_end_step(self, _target: Token, _self: Token) -> Delayed:
        return Delayed("give control")

    def returned_next_untap(self, _objects: Nouns, _self: Token) -> Delayed:
        return Delayed("return")

    def delayed_after(self, number: Number, _or: Token, delayed: Delayed) -> EffectSentence:
        return replace(delayed, after_times=fixed_number(number))

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

    def next_time_trigger(self, rest: Token) -> EffectSentence:
        return NextTimeTrigger(str(rest).strip())

    def new_targets_for_copy(self) -> EffectSentence:
        return CopyNewTargets()

    def activate_only(self, limits: tuple[Any, ...]) -> EffectSentence:
        return ActivateOnly(limits)

    def activate_limited(self, limit: Any) -> EffectSentence:
        return ActivateOnly((limit,))

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

    def class_level(self, _article: Token, _class: Token) -> Any:
        return PurposeUse(Purpose.CLASS_LEVEL)

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
        return "", fixed_number(number)

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

    def produced_colors_chosen(self, number: Number, _article: Token) -> Any:
        return ProducedMana("", fixed_number(number))

    def produced_chosen_color(self) -> Any:
        return ProducedMana("chosen")

    def instead_of(self, *words: Token) -> str:
        return "type and amount" if words else "type"

    def instead_of_color(self) -> str:
        return "color"

    def replacement(self, tapped: Tapped, *parts: Any) -> Any:
        # ('it produces' or 'that Mountain produces': the permanent tapped either way)
        produced, *instead_of = (p for p in parts if not isinstance(p, Nouns))
        return Replacement(tapped, produced, *instead_of)

    def counted_effect(self, parity: Token, pumped: Nouns, change: Token, _and: Token, effect: Any) -> Any:
        return CountedEffect(str(parity).lower(), pumped, str(change), effect)

    def objects_replacement(self, what: Nouns, _tapped: Token, produced: Any, instead_of: str) -> Any:
        return Replacement(Tapped(what), produced, instead_of)

    def additional(self, _article: Token, output: Any) -> tuple[bool, Any]:
        return True, output

    def adds(self, output: Any) -> tuple[bool, Any]:
        return False, output

    def additional_that_color(self, number: Number) -> tuple[bool, Any]:
        return True, AnyOf(number, Palette.THAT_COLOR)

    def additional_produced(self, number: Number, palette: Palette, noun: Noun) -> tuple[bool, Any]:
        """'add one additional mana of any type that permanent produced' (Kinnan, Bonder Prodigy): as
        'add one mana of any type that permanent produced', the word changing nothing (CR 106.12a)."""
        return True, AnyOf(number, palette, produced=produced_word(noun))

    def while_monarch(self) -> bool:
        return True

    def trigger(self, tapped: Tapped, *parts: Any) -> Any:
        damage = parts[-1] if isinstance(parts[-1], int) else 0
        *monarch, adder, (additional, output) = parts[:-1] if damage else parts
        adding = " ".join(str(adder).lower().split())
        return Trigger(tapped, adding, output, additional, while_monarch=bool(monarch), damage=damage)

    def sacrifice_trigger(self, *parts: Any) -> Any:
        what = next(p for p in parts if isinstance(p, Nouns))
        counter = next((p for p in parts if isinstance(p, str) and not isinstance(p, Token)), "")
        adder = next(p for p in parts if isinstance(p, Token) and p.type == "ADDER")
        additional, output = parts[-1]
        if " ".join(str(adder).lower().split()) != "add":
            raise UnreadError("a trigger of sacrificing whose mana another player adds")
        return SacrificeTrigger(what, output, counter, additional)

    def own_counter(self, _article: Token, kind: str, _self: Token) -> str:
        return kind

    def trigger_damage(self, _and: Token, _self: Token, digits: Token) -> int:
        return int(digits)

    def ability_adds_chosen(self, _article: Token, subject: str, *rest: Any) -> Any:
        additional, output = rest[-1]
        if rest[0] != 1:
            raise UnreadError("an ability that adds more than one mana of the chosen color")
        return Trigger(None, "add", output, additional, subject=subject.lower())

    def before_end_step_limit(self) -> Any:
        return Timing.YOUR_TURN_BEFORE_END_STEP
