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
from typing import Final

from models.abilities import TurnCondition
from models.oracle import lexicon
from models.oracle.lexicon import article
from models.oracle.readings import CountOf, Devotion, Noun, Nouns, Quantity
from models.oracle.readings.amounts import quantity_text
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
    "OwnCostCounted",
    "OwnCostForEach",
    "OwnCostForTurnFact",
    "OwnCostIfBargained",
    "OwnCostIfOpponentCast",
    "OwnCostIfOpponentGraveyard",
    "OwnCostPerSacrificed",
    "OwnCostPerSpellCast",
    "OwnCostPrinted",
    "OwnCostWhereX",
    "OwnCounted",
    "OwnReductionMost",
    "SacrificedThisTurn",
    "SpellsCastThisTurn",
    "TargetsA",
    "TotalPower",
    "TotalToughness",
    "own_cost_text",
    "plain_types",
    "taps_creatures_for_one_each",
]

#: Counts above one written as words, as the older shapes render them ('two or more spells').
_MANY_WORDS: Final = {number: word for word, number in lexicon.NUMBER_WORDS.items() if number > 1}
_NUMBER_WORDS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight"}


@dataclass(frozen=True, slots=True)
class Died:
    """'a creature died this turn': the creatures that died this turn, whoever controlled them; ``what`` the
    creatures of a kind it asks one of ('a non-Zombie creature', 'a creature not named ~'), None for any."""

    what: Nouns | None = None


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
class SpellsCastThisTurn:
    """'(for each) other spell that's been cast this turn' (Thrasta): by any player, before this one."""


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


@dataclass(frozen=True, slots=True)
class TargetsA:
    """'it targets a creature with flying' (Swampsnare Trap): the permanents of that kind among the spell's
    targets (CR 601.2c)."""

    what: Nouns


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
    | SpellsCastThisTurn
    | BothCounts
    | InExileAndGraveyard
    | OpponentControls
    | OpponentMoreThanYou
    | OpponentEmptyHand
    | LifeAtMost
    | TotalToughness
    | TotalPower
    | DifferentlyNamed
    | TargetsA
    | TurnCondition
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


@dataclass(frozen=True, slots=True)
class OwnCostForEach:
    """'~ costs {N} more/less to cast for each <objects>.'"""

    symbols: str
    more: bool
    what: Nouns


@dataclass(frozen=True, slots=True)
class OwnCostIfBargained:
    """'~ costs {N} less to cast if it's bargained.' (Ice Out: what bargain's optional sacrifice takes off,
    CR 702.166)"""

    symbols: str
    more: bool


@dataclass(frozen=True, slots=True)
class OwnCostPerSacrificed:
    """'~ costs {N} less to cast for each permanent sacrificed this way [and {M} less to cast for each other
    <objects> you've sacrificed this turn].' (Dargo, the Shipwrecker: the optional sacrifice of its additional
    cost; ``turn_symbols`` and ``turn_what``, the permanents its caster sacrificed before this turn)"""

    symbols: str
    more: bool
    turn_symbols: str = ""
    turn_more: bool = False
    turn_what: Nouns | None = None
    #: the word the sacrificed permanents are called by ('permanent': Dargo; 'creature': Torgaar, Famine
    #: Incarnate, whose additional cost sacrifices only creatures)
    sacrificed: str = "permanent"
    #: '~ costs {2} less to cast for each card exiled this way' (the Marches: their optional exile from the
    #: hand)
    exiled: bool = False
    #: '~ costs {1} less to cast for each creature tapped this way' (Explosive Singularity: its optional tap
    #: of untapped creatures, :class:`~models.additional_costs.OptionalTap`)
    tapped: bool = False


def taps_creatures_for_one_each(reading: OwnCostPerSacrificed) -> bool:
    """True for '~ costs {1} less to cast for each creature tapped this way' (Explosive Singularity): the one
    reduction for tapped creatures the planner pays by tapping (a creature for each {1}, generic only).

    >>> taps_creatures_for_one_each(OwnCostPerSacrificed("{1}", False, sacrificed="creature", tapped=True))
    True
    >>> taps_creatures_for_one_each(OwnCostPerSacrificed("{2}", False, sacrificed="creature", tapped=True))
    False
    """
    return (
        reading.tapped
        and not reading.more
        and reading.symbols == "{1}"
        and reading.sacrificed == "creature"
        and reading.turn_what is None
    )


def plain_types(what: Nouns | None) -> bool:
    """True for nouns that each name one card type and nothing else ('artifact or creature'), or none.

    >>> from models.oracle.grammar import parse_objects
    >>> plain_types(parse_objects("artifact or creature")), plain_types(parse_objects("green creature"))
    (True, False)
    """
    return what is None or all(noun == Noun(types=noun.types) and len(noun.types) == 1 for noun in what.nouns)


@dataclass(frozen=True, slots=True)
class OwnCostForTurnFact:
    """'~ costs {N} less to cast for each card type among permanents you've sacrificed this turn' (Korvold,
    Gleeful Glutton: ``fact`` "sacrificed_types"), '... for each creature that died this turn' (Blood for the
    Blood God!: "died"), 'As long as it's your turn, ~ costs {2}{U}{U} less to cast' (Discontinuity:
    "your_turn"): facts of the turn the board gives (``sacrificed_this_turn``, ``creatures_died_this_turn``,
    ``active_player``)."""

    symbols: str
    more: bool
    fact: str


@dataclass(frozen=True, slots=True)
class OwnCostIfOpponentCast:
    """'~ costs {U} less to cast if an opponent cast two or more spells this turn' (Ertai's Scorn): the
    opponents' ``spells_cast_this_turn`` on the board; ``symbols`` as written (colored ones come off the
    cost's colored part, CR 118.7b-d)."""

    symbols: str
    more: bool
    at_least: int


@dataclass(frozen=True, slots=True)
class OwnCostPerSpellCast:
    """'~ costs {U} less to cast for each instant and sorcery you've cast this turn' (Demilich: ``at_least``
    0), '~ costs {2} less to cast if you've cast another instant or sorcery spell this turn' (Mage Duel:
    ``at_least`` 1): the spells its caster cast this turn that ``what`` describes, the board's
    ``spells_cast_this_turn``; ``symbols`` as written (colored ones come off the cost's colored part,
    CR 118.7b-d)."""

    symbols: str
    more: bool
    what: Nouns
    at_least: int = 0


@dataclass(frozen=True, slots=True)
class OwnCostIfOpponentGraveyard:
    """'~ costs {N} less to cast if an opponent has <at_least> or more cards in their graveyard' (Lullmage's
    Domination): the opponents' ``graveyard`` on the board."""

    symbols: str
    more: bool
    at_least: int


@dataclass(frozen=True, slots=True)
class OwnCostWhereX:
    """'~ costs {X} more/less to cast, where X is <quantity>.' (The Great Henge; ``symbols`` as written)"""

    symbols: str
    more: bool
    where: Quantity


@dataclass(frozen=True, slots=True)
class OwnCostCounted:
    """A spell's own cost changed by what its caster's board holds as the total cost is locked in (CR
    601.2f), ``counts`` one of: "total_mana_value" ('{X} less, where X is the total mana value of Dragons you
    control': Earthquake Dragon), "land_types" ('{2} less for each basic land type among lands you control':
    Draco), "if_control" ('{1} less if you control a Spirit': Geistlight Snare, whose second sentence opens
    'It also costs'), "in_all_graveyards" ('If there are ten or more creature cards total in all graveyards,
    ~ costs {6} less': Avatar of Woe, ``at_least`` 10), "targets_beyond_first" (strive's '{2}{B} more to cast
    for each target beyond the first', CR 601.2c: ``what`` is empty)."""

    symbols: str
    more: bool
    counts: str
    what: Nouns
    at_least: int = 0


#: The readings of a spell's own cost changed as older cards print it, each shape its own class.
OwnCostPrinted = (
    OwnCostForEach
    | OwnCostIfBargained
    | OwnCostPerSacrificed
    | OwnCostForTurnFact
    | OwnCostIfOpponentCast
    | OwnCostPerSpellCast
    | OwnCostIfOpponentGraveyard
    | OwnCostWhereX
    | OwnCostCounted
)


def _count(number: int) -> str:
    return _NUMBER_WORDS.get(number, str(number))


def _condition(counted: OwnCounted, at_least: int) -> str:
    """The condition 'if ...' of a change made once."""
    match counted:
        case Died(what):
            words = what.words() if what else "creature"
            return f"{article(words)} {words} died this turn"
        case TurnCondition(text=text):
            return text
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
        case TargetsA(what):
            return f"it targets a {what.words()}"
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
        case SpellsCastThisTurn():
            return "other spell that's been cast this turn"
        case BothCounts(first, second):
            return f"{first.words()} and each {second.words()}"
        case InExileAndGraveyard(what):
            return f"{what.words()} you own in exile and in your graveyard"
    raise AssertionError(counted)  # pragma: no cover


def own_cost_text(reading: OwnCostChange | OwnReductionMost | OwnCostPrinted) -> str:
    """The reading in canonical wording, without its period."""
    if not isinstance(reading, OwnCostChange | OwnReductionMost):
        return _printed_text(reading)
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
        case OpponentControls(what):
            most = f"the greatest number of {what.words(plural=True)} an opponent controls"
            return f"{changed}, where X is {most}"
    return f"{changed} for each {_each(counted)}"


def _printed_text(reading: OwnCostPrinted) -> str:
    """The canonical wording of a reading of :data:`OwnCostPrinted`, without its period."""
    match reading:
        case OwnCostForEach(symbols, more, what):
            return f"~ costs {symbols} {'more' if more else 'less'} to cast for each {what.words()}"
        case OwnCostForTurnFact(symbols, more, "your_turn"):
            return f"As long as it's your turn, ~ costs {symbols} {'more' if more else 'less'} to cast"
        case OwnCostForTurnFact(symbols, more, fact):
            each = (
                "card type among permanents you've sacrificed this turn"
                if fact == "sacrificed_types"
                else "creature that died this turn"
            )
            return f"~ costs {symbols} {'more' if more else 'less'} to cast for each {each}"
        case OwnCostIfOpponentGraveyard(symbols, more, at_least):
            count = _MANY_WORDS.get(at_least, str(at_least))
            changed = "more" if more else "less"
            has = f"an opponent has {count} or more cards in their graveyard"
            return f"~ costs {symbols} {changed} to cast if {has}"
        case OwnCostIfOpponentCast(symbols, more, at_least):
            count = _MANY_WORDS.get(at_least, str(at_least))
            changed = "more" if more else "less"
            return f"~ costs {symbols} {changed} to cast if an opponent cast {count} or more spells this turn"
        case OwnCostPerSpellCast(symbols, more, what, 0):
            changed = "more" if more else "less"
            return f"~ costs {symbols} {changed} to cast for each {what.words()} you've cast this turn"
        case OwnCostPerSpellCast(symbols, more, what, at_least):
            changed = "more" if more else "less"
            words = what.words()
            if at_least == 1 and words.startswith("other "):
                words = f"an{words}"  # ('another instant or sorcery spell')
            elif at_least == 1:
                words = f"{article(words)} {words}"
            else:
                words = f"{_MANY_WORDS.get(at_least, str(at_least))} or more {words}"
            return f"~ costs {symbols} {changed} to cast if you've cast {words} this turn"
        case OwnCostIfBargained(symbols, more):
            return f"~ costs {symbols} {'more' if more else 'less'} to cast if it's bargained"
        case OwnCostPerSacrificed(
            symbols, more, turn_symbols, turn_more, turn_what, sacrificed, exiled, tapped
        ):
            changed = "more" if more else "less"
            each = "card exiled" if exiled else f"{sacrificed} {'tapped' if tapped else 'sacrificed'}"
            text = f"~ costs {symbols} {changed} to cast for each {each} this way"
            if turn_what is None:
                return text
            turn = f"{turn_symbols} {'more' if turn_more else 'less'} to cast"
            return f"{text} and {turn} for each other {turn_what.words()} you've sacrificed this turn"
        case OwnCostWhereX(symbols, more, where):
            return (
                f"~ costs {symbols} {'more' if more else 'less'} to cast, where X is {quantity_text(where)}"
            )
        case OwnCostCounted(symbols, more, counts, what, at_least):
            changed = "more" if more else "less"
            if counts == "total_mana_value":
                return f"~ costs {{X}} {changed} to cast, where X is the total mana value of {what.words()}"
            if counts == "land_types":
                return f"~ costs {symbols} {changed} to cast for each basic land type among {what.words()}"
            if counts == "if_control":
                return f"~ costs {symbols} {changed} to cast if you control a {what.words()}"
            if counts == "targets_beyond_first":
                return f"~ costs {symbols} {changed} to cast for each target beyond the first"
            count = _MANY_WORDS.get(at_least, str(at_least))
            there = f"If there are {count} or more {what.words()} total in all graveyards"
            return f"{there}, ~ costs {symbols} {changed} to cast"
    raise AssertionError(reading)  # pragma: no cover
