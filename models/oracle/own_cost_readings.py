"""Readings of a spell's own cost changed on a condition, by a count or by an amount (CR 601.2f: worked out
as its total cost is locked in), composed of three phrases: what is counted (:data:`OwnCounted`), whether
the change is made once when the count reaches a number (a condition) or once for each (a count), and the
limit on it (:class:`OwnReductionMost`).

>>> died = OwnCostChange("{3}", False, Died(), at_least=1)
>>> own_cost_text(died)
'~ costs {3} less to cast if a creature died this turn'
>>> from models.oracle.grammar import parse_objects
>>> own_cost_text(OwnCostChange("{1}", False, ColorsAmong(parse_objects("permanents you control"))))
'~ costs {1} less to cast for each color among permanents you control'
"""

from __future__ import annotations

from dataclasses import dataclass

from models.oracle.readings import CountOf, Devotion, Noun, Nouns
from models.oracle.readings.nouns import COLOR_NAMES

__all__ = [
    "BothCounts",
    "CardTypesAmong",
    "ColorsAmong",
    "CreatureTypesAmong",
    "Died",
    "DifferentlyNamed",
    "InExileAndGraveyard",
    "LifeAtMost",
    "LifeGainedPer",
    "OpponentControls",
    "OpponentEmptyHand",
    "OpponentMoreThanYou",
    "OwnCostChange",
    "OwnCounted",
    "OwnReductionMost",
    "SacrificedThisTurn",
    "TotalPower",
    "TotalToughness",
    "own_cost_text",
]

_NUMBER_WORDS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight"}


@dataclass(frozen=True, slots=True)
class Died:
    """'a creature died this turn': the creatures that died this turn, whoever controlled them."""


@dataclass(frozen=True, slots=True)
class CardTypesAmong:
    """'card types among cards in your graveyard' (delirium's count, CR 205.2a)."""

    among: Nouns


@dataclass(frozen=True, slots=True)
class CreatureTypesAmong:
    """'creature type among creatures you control' (CR 205.3m)."""

    among: Nouns


@dataclass(frozen=True, slots=True)
class ColorsAmong:
    """'color among permanents you control' (CR 105.2)."""

    among: Nouns


@dataclass(frozen=True, slots=True)
class LifeGainedPer:
    """'(for each) <per> life you gained this turn'."""

    per: int


@dataclass(frozen=True, slots=True)
class SacrificedThisTurn:
    """'(for each) permanent sacrificed this turn': by any player."""


@dataclass(frozen=True, slots=True)
class BothCounts:
    """'<objects> and each <objects>' (Gargantuan Leech's 'each Cave you control and each Cave card in your
    graveyard'): the two counts added."""

    first: Nouns
    second: Nouns


@dataclass(frozen=True, slots=True)
class InExileAndGraveyard:
    """'<noun> you own in exile and in your graveyard' (Huskburster Swarm): the cards its caster owns in both
    zones."""

    what: Noun


@dataclass(frozen=True, slots=True)
class OpponentControls:
    """'an opponent controls <at_least> or more <objects>', 'your opponent controls a green permanent': the
    most of them any one opponent controls."""

    what: Nouns
    your: bool = False  # 'your opponent' rather than 'an opponent'


@dataclass(frozen=True, slots=True)
class OpponentMoreThanYou:
    """'an opponent controls at least four more creatures than you': the most by which one opponent's
    count exceeds its caster's."""

    what: Nouns


@dataclass(frozen=True, slots=True)
class OpponentEmptyHand:
    """'an opponent has no cards in hand'."""


@dataclass(frozen=True, slots=True)
class LifeAtMost:
    """'you have <at_most> or less life'."""

    at_most: int


@dataclass(frozen=True, slots=True)
class TotalToughness:
    """'<objects> have total toughness ...'."""

    among: Nouns


@dataclass(frozen=True, slots=True)
class TotalPower:
    """'the total power of <objects>'."""

    among: Nouns


@dataclass(frozen=True, slots=True)
class DifferentlyNamed:
    """'the number of differently named <objects>' (CR 201.2)."""

    among: Nouns


#: What a spell's own cost change counts.
OwnCounted = (
    Died
    | CountOf
    | Devotion
    | CardTypesAmong
    | CreatureTypesAmong
    | ColorsAmong
    | LifeGainedPer
    | SacrificedThisTurn
    | BothCounts
    | InExileAndGraveyard
    | OpponentControls
    | OpponentMoreThanYou
    | OpponentEmptyHand
    | LifeAtMost
    | TotalToughness
    | TotalPower
    | DifferentlyNamed
)


@dataclass(frozen=True, slots=True)
class OwnCostChange:
    """'~ costs {N} less to cast <if condition | for each count | where X is amount>': ``symbols`` as written
    ('{X}' for 'where X is'), ``at_least`` 0 for a change made once for each of ``counted``, else made once
    when ``counted`` reaches it; ``first`` when the condition opens the sentence ('If an opponent controls
    seven or more lands, ~ costs {6} less to cast')."""

    symbols: str
    more: bool
    counted: OwnCounted
    at_least: int = 0
    first: bool = False


@dataclass(frozen=True, slots=True)
class OwnReductionMost:
    """'This effect can't reduce the amount of mana ~ costs by more than {5}.' (the sentence before it: a
    spell's own reduction, limited to ``symbols``)."""

    symbols: str


def _count(number: int) -> str:
    return _NUMBER_WORDS.get(number, str(number))


def _condition(counted: OwnCounted, at_least: int) -> str:
    """The condition 'if ...' of a change made once."""
    match counted:
        case Died():
            return "a creature died this turn"
        case CountOf(what) if what.nouns[-1].zone:
            return f"there is a {what.words()}"
        case CardTypesAmong(among):
            return f"there are {_count(at_least)} or more card types among {among.words(plural=True)}"
        case OpponentControls(what, your) if at_least == 1:
            return f"{'your' if your else 'an'} opponent controls a {what.words()}"
        case OpponentControls(what):
            return f"an opponent controls {_count(at_least)} or more {what.words(plural=True)}"
        case OpponentMoreThanYou(what):
            return f"an opponent controls at least {_count(at_least)} more {what.words(plural=True)} than you"
        case OpponentEmptyHand():
            return "an opponent has no cards in hand"
        case LifeAtMost(at_most):
            return f"you have {at_most} or less life"
        case TotalToughness(among):
            return f"{among.words(plural=True)} have total toughness {at_least} or greater"
    raise AssertionError(counted)  # pragma: no cover


def _each(counted: OwnCounted) -> str:
    """The count after 'for each'."""
    match counted:
        case CountOf(what):
            return what.words()
        case CardTypesAmong(among):
            return f"card type among {among.words(plural=True)}"
        case CreatureTypesAmong(among):
            return f"creature type among {among.words(plural=True)}"
        case ColorsAmong(among):
            return f"color among {among.words(plural=True)}"
        case LifeGainedPer(per):
            return f"{per} life you gained this turn"
        case SacrificedThisTurn():
            return "permanent sacrificed this turn"
        case BothCounts(first, second):
            return f"{first.words()} and each {second.words()}"
        case InExileAndGraveyard(what):
            return f"{what.words()} you own in exile and in your graveyard"
    raise AssertionError(counted)  # pragma: no cover


def own_cost_text(reading: OwnCostChange | OwnReductionMost) -> str:
    """The reading in canonical wording, without its period."""
    if isinstance(reading, OwnReductionMost):
        return f"This effect can't reduce the amount of mana ~ costs by more than {reading.symbols}"
    changed = f"~ costs {reading.symbols} {'more' if reading.more else 'less'} to cast"
    counted = reading.counted
    if reading.at_least and reading.first:
        return f"If {_condition(counted, reading.at_least)}, {changed}"
    if reading.at_least:
        return f"{changed} if {_condition(counted, reading.at_least)}"
    match counted:
        case TotalPower(among):
            return f"{changed}, where X is the total power of {among.words(plural=True)}"
        case DifferentlyNamed(among):
            return f"{changed}, where X is the number of differently named {among.words(plural=True)}"
        case Devotion(colors):
            return f"{changed}, where X is your devotion to " + " and ".join(COLOR_NAMES[c] for c in colors)
    return f"{changed} for each {_each(counted)}"
