"""The grammar's transformer methods for a spell's own cost changed on a condition, by a count or by an amount
(the rules ``own_cost_if``, ``own_cost_per``, ``own_reduction_most`` and the phrases ``own_condition``,
``own_count`` and ``own_amount``), mixed into the transformer of :mod:`models.oracle.grammar`.

>>> from models.oracle.grammar import parse_static
>>> parse_static("If you have 3 or less life, ~ costs {6} less to cast.").counted
LifeAtMost(at_most=3)
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from lark import Token, Transformer, v_args

from models.abilities import TurnCondition
from models.oracle.grammar_parser import UnreadError
from models.oracle.own_cost_readings import (
    BothCounts,
    CardTypesAmong,
    ColorsAmong,
    Died,
    DifferentlyNamed,
    InExileAndGraveyard,
    LifeAtMost,
    LifeGainedPer,
    OpponentControls,
    OpponentEmptyHand,
    OpponentMoreThanYou,
    OwnCostChange,
    OwnCounted,
    OwnReductionMost,
    SacrificedThisTurn,
    SpellsCastThisTurn,
    TargetsA,
    TotalPower,
    TotalToughness,
)
from models.oracle.phrase_rules import fixed_number
from models.oracle.readings import Controller, CountOf, Head, Noun, Nouns, Number
from models.oracle.turn_event_rules import died_creatures

__all__ = ["OwnCostRules"]


@dataclass(frozen=True, slots=True)
class _Condition:
    """An ``own_condition``: what it counts, and how many of it it needs."""

    counted: OwnCounted
    at_least: int


def _change(parts: tuple[Any, ...]) -> tuple[str, bool]:
    """The symbols and 'more' of a cost change among a rule's parts."""
    symbols = next(p for p in parts if isinstance(p, Token) and p.type == "SYMBOLS")
    more = next(p for p in parts if isinstance(p, Token) and p.type == "MORE_LESS")
    return str(symbols).upper(), str(more).lower() == "more"


def _nouns(parts: tuple[Any, ...]) -> list[Nouns]:
    return [p for p in parts if isinstance(p, Nouns)]


def _at_least(parts: tuple[Any, ...]) -> int:
    return fixed_number(next(p for p in parts if isinstance(p, int) and not isinstance(p, bool)))


@v_args(inline=True)
class OwnCostRules(Transformer[Token, Any]):
    """Transformer methods of a spell's own cost changes (CR 601.2f)."""

    def own_cost_if(self, *parts: Any) -> OwnCostChange:
        symbols, more = _change(parts)
        condition = next(p for p in parts if isinstance(p, _Condition))
        first = not (isinstance(parts[0], Token) and parts[0].type == "SELF")
        return OwnCostChange(symbols, more, condition.counted, condition.at_least, first)

    def own_cost_per(self, *parts: Any) -> OwnCostChange:
        symbols, more = _change(parts)
        counted = parts[-1]
        if isinstance(counted, TotalPower | DifferentlyNamed | OpponentControls) != (
            symbols == "{X}"
        ):  # ('where X is' with {X})
            raise UnreadError(f"a spell's own cost changed by {symbols} for each or where X is")
        return OwnCostChange(symbols, more, counted)

    def own_reduction_most(self, *parts: Any) -> OwnReductionMost:
        symbols = next(p for p in parts if isinstance(p, Token) and p.type == "SYMBOLS")
        return OwnReductionMost(str(symbols).upper())

    # -------------------------------------------------------------- conditions

    def died_this_turn(self, _article: Token, what: Nouns) -> _Condition:
        """'if a creature died this turn', 'if a non-Zombie creature died this turn' (CR 700.4): the kinds
        :func:`~models.oracle.spell_cost_rules.died_creatures` reads, as a graveyard permission reads them."""
        return _Condition(Died(None if died_creatures(what) is None else what), 1)

    def own_turn_event(self, event: TurnCondition) -> _Condition:
        """'if an opponent lost life this turn', 'if you've committed a crime this turn' (``turn_event``)."""
        return _Condition(event, event.at_least)

    def there_is_card(self, _article: Token, what: Nouns) -> _Condition:
        noun = what.nouns[-1]
        if len(what.nouns) != 1 or noun.zone != "graveyard" or noun.head is not Head.CARD:
            raise UnreadError(f"if there is {what.words()}")
        return _Condition(CountOf(what), 1)

    def at_least_count(self, count: Number, _or: Token, counted: OwnCounted) -> _Condition:
        if not isinstance(counted, CardTypesAmong):
            raise UnreadError("if there are so many of a count other than card types")
        return _Condition(counted, fixed_number(count))

    def opponent_controls_a(self, *parts: Any) -> _Condition:
        your = len(_tokens(parts)) == 1  # ('your opponent': one article, the object's)
        return _Condition(OpponentControls(_nouns(parts)[0], your), 1)

    def opponent_controls_many(self, *parts: Any) -> _Condition:
        return _Condition(OpponentControls(_nouns(parts)[0]), _at_least(parts))

    def opponent_controls_more(self, *parts: Any) -> _Condition:
        return _Condition(OpponentMoreThanYou(_nouns(parts)[0]), _at_least(parts))

    def it_targets(self, _article: Token, what: Nouns) -> _Condition:
        return _Condition(TargetsA(what), 1)

    def it_targets_opponents(self, _article: Token, what: Nouns) -> _Condition:
        """'if it targets an opponent's creature token' (as '... a creature token an opponent controls')."""
        if any(noun.controller is not Controller.UNSAID for noun in what.nouns):
            raise UnreadError(f"it targets an opponent's {what.words()}")
        theirs = tuple(replace(noun, controller=Controller.OPPONENT) for noun in what.nouns)
        return _Condition(TargetsA(Nouns(theirs, what.joiner)), 1)

    def opponent_empty_hand(self, *_parts: Any) -> _Condition:
        return _Condition(OpponentEmptyHand(), 1)

    def life_at_most(self, _have: Token, life: Number, _or: Token, less: Token) -> _Condition:
        if str(less).lower() != "less":
            raise UnreadError("if you have so much or more life")
        return _Condition(LifeAtMost(fixed_number(life)), 1)

    def total_toughness_at_least(self, what: Nouns, toughness: Number, _or: Token) -> _Condition:
        return _Condition(TotalToughness(what), fixed_number(toughness))

    # -------------------------------------------------------------- counts and amounts

    def card_types_among(self, _card: Token, among: Nouns) -> CardTypesAmong:
        return CardTypesAmong(among)

    def colors_among(self, among: Nouns) -> ColorsAmong:
        return ColorsAmong(among)

    def life_gained_per(self, per: Number, deed: Token) -> LifeGainedPer:
        if str(deed).lower() != "gained":
            raise UnreadError(f"for each life you {deed} this turn")
        return LifeGainedPer(fixed_number(per))

    def sacrificed_this_turn(self, _permanent: Token) -> SacrificedThisTurn:
        return SacrificedThisTurn()

    def spells_cast_this_turn(self, *_words: Token) -> SpellsCastThisTurn:
        return SpellsCastThisTurn()

    def both_counts(self, first: Nouns, second: Nouns) -> BothCounts:
        return BothCounts(first, second)

    def owned_in_exile_and_graveyard(self, what: Noun, *_and: Token) -> InExileAndGraveyard:
        return InExileAndGraveyard(what)

    def total_power(self, among: Nouns) -> TotalPower:
        return TotalPower(among)

    def differently_named(self, among: Nouns) -> DifferentlyNamed:
        return DifferentlyNamed(among)

    def greatest_number(self, what: Nouns) -> OpponentControls:
        """'the greatest number of artifacts an opponent controls' (the most of any one opponent)."""
        noun = what.nouns[-1]
        if len(what.nouns) != 1 or noun.controller is not Controller.OPPONENT:
            raise UnreadError(f"the greatest number of {what.words()}")
        return OpponentControls(Nouns((replace(noun, controller=Controller.UNSAID),)))


def _tokens(parts: tuple[Any, ...]) -> list[Token]:
    return [p for p in parts if isinstance(p, Token)]
