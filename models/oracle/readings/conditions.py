"""Readings of conditions and activation limits: 'if you control an Island', 'if there are three or more
charge counters on ~', 'Activate only once each turn', 'only as a sorcery'.

>>> limit_text(Timing.SORCERY)
'as a sorcery'
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from models.oracle.readings.nouns import COLOR_NAMES, Nouns, count_words, number_words


@dataclass(frozen=True, slots=True)
class ControlsAny:
    """'you control an Island or a Swamp' (``any_of``), 'you control an Urza's Mine and an Urza's
    Power-Plant'."""

    what: Nouns


@dataclass(frozen=True, slots=True)
class ControlAtLeast:
    """'you control three or more artifacts'."""

    at_least: int
    what: Nouns


@dataclass(frozen=True, slots=True)
class CountersOnSelfAtLeast:
    """'there are three or more brick counters on ~', '~ has a luck counter on it'."""

    at_least: int
    kind: str


@dataclass(frozen=True, slots=True)
class PlayedLand:
    """'you played a land this turn'."""


@dataclass(frozen=True, slots=True)
class ThisTurn:
    """Something done earlier this turn that no board records ('you've cast a spell this turn'), as
    written."""

    text: str


class Deed(Enum):
    """What a player has done this turn that the board records (contract section 10)."""

    DRAWN = "drawn"  # cards drawn: ``cards_drawn_this_turn``
    GAINED = "gained"  # life gained: ``life_gained_this_turn``
    CAST = "cast"  # spells cast: ``spells_cast_this_turn``


@dataclass(frozen=True, slots=True)
class DoneThisTurn:
    """'you've drawn two or more cards this turn', 'you gained life this turn', 'you've cast a spell this
    turn': at least ``at_least`` of a deed."""

    deed: Deed
    at_least: int = 1


@dataclass(frozen=True, slots=True)
class CardExiled:
    """'a card is exiled with ~' (its ``imprinted`` choice is a card); with ``keyword``, 'a card exiled with ~
    has flying' (one of them has it)."""

    keyword: str = ""
    #: 'a creature card with flying was exiled with ~'s delve ability' (Soulflayer): the card type it has too
    card_type: str = ""


@dataclass(frozen=True, slots=True)
class EnteredThisTurn:
    """'~ entered this turn'."""


@dataclass(frozen=True, slots=True)
class Designated:
    """'~ is renowned' (monstrous, suspected, saddled, goaded): a designation of the source (CR 701, 702)."""

    designation: str


@dataclass(frozen=True, slots=True)
class Paired:
    """'~ is paired with another creature' (soulbond, CR 702.95)."""


@dataclass(frozen=True, slots=True)
class SourceStatus:
    """'~ is tapped' ('untapped'): the source's status (Centaur Omenreader's 'As long as ~ is tapped')."""

    tapped: bool


@dataclass(frozen=True, slots=True)
class SourceAttachedTo:
    """'~ is attached to a creature' (Conqueror's Flail: an Equipment or Aura's object, CR 301.5, 303.4)."""

    what: Nouns


@dataclass(frozen=True, slots=True)
class SourceAttacking:
    """'~ is attacking' (Wardscale Dragon, CR 506.4)."""


@dataclass(frozen=True, slots=True)
class ThereIs:
    """'there is an Elf card in your graveyard': one such object (a card in a zone) exists; 'there are three
    or more Lesson cards in your graveyard': ``at_least`` of them."""

    what: Nouns
    at_least: int = 1
    #: 'ten or more lands are on the battlefield' (Limited Resources): permanents, whoever controls them
    battlefield: bool = False


@dataclass(frozen=True, slots=True)
class TopOfLibrary:
    """'the top card of your library is a land card': the card on top of the controller's library is one."""

    what: Nouns


@dataclass(frozen=True, slots=True)
class PlayerStatus:
    """'you're the monarch' (CR 724), 'you have the initiative' (CR 725), or one of them ('you're the monarch
    or you have the initiative'): the player has one of these designations (the board's player fields)."""

    statuses: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class OpponentCounters:
    """'an opponent has three or more poison counters' (Corrupted, Glistening Sphere): some opponent of the
    source's controller has at least ``at_least`` counters of ``kind`` (CR 122.1)."""

    at_least: int
    kind: str


@dataclass(frozen=True, slots=True)
class DevotionBelow:
    """'your devotion to green and blue is less than seven' (a Theros God's, CR 700.5): the devotion of the
    source's controller to ``colors`` (color letters) is below ``below``."""

    colors: str
    below: int


@dataclass(frozen=True, slots=True)
class YourTurn:
    """'it's your turn' (Discontinuity), 'it's your turn and you control an Army' (Grond): the source's
    controller is the active player, and ``also`` holds when given."""

    also: Condition | None = None


@dataclass(frozen=True, slots=True)
class ObjectIsType:
    """'enchanted permanent is a Vehicle' (Siege Modification's 'As long as ...'): the objects named are of
    that type (as layer 4 makes them); 'enchanted creature is red' (Clout of the Dominus): of that color
    (``color``, a letter, as layer 5 makes it)."""

    what: Nouns
    type_word: str = ""
    color: str = ""


@dataclass(frozen=True, slots=True)
class ObjectIsNotType:
    """'enchanted artifact isn't a creature' (Animate Artifact's 'As long as ...'): the object named is not of
    that type."""

    what: Nouns
    type_word: str


#: A condition of an 'if' clause.
Condition = (
    ControlsAny
    | ControlAtLeast
    | CountersOnSelfAtLeast
    | PlayedLand
    | ThisTurn
    | CardExiled
    | DoneThisTurn
    | EnteredThisTurn
    | Designated
    | Paired
    | SourceStatus
    | SourceAttachedTo
    | SourceAttacking
    | ThereIs
    | TopOfLibrary
    | PlayerStatus
    | OpponentCounters
    | DevotionBelow
    | ObjectIsType
    | ObjectIsNotType
    | YourTurn
)


@dataclass(frozen=True, slots=True)
class EitherCondition:
    """'if <condition> or if <condition>': one of the conditions holds."""

    conditions: tuple[Condition, ...]


#: The words of each designation a player may have, by the player's field that records it.
PLAYER_STATUS_WORDS = {"monarch": "you're the monarch", "initiative": "you have the initiative"}


def condition_text(condition: Condition) -> str:
    match condition:
        case ControlsAny(what):
            return f"you control {_each_counted(what)}"
        case ControlAtLeast(at_least, what):
            return f"you control {number_words(at_least)} or more {what.words()}"
        case CountersOnSelfAtLeast(at_least, kind):
            return f"there are {number_words(at_least)} or more {kind} counters on ~"
        case PlayedLand():
            return "you played a land this turn"
        case ThisTurn(text):
            return text
        case CardExiled():
            return "a card is exiled with ~"
        case EnteredThisTurn():
            return "~ entered this turn"
        case Designated(designation):
            return f"~ is {designation}"
        case Paired():
            return "~ is paired with another creature"
        case DoneThisTurn(deed, at_least):
            noun = {Deed.DRAWN: "cards", Deed.GAINED: "life", Deed.CAST: "spells"}[deed]
            if deed is Deed.GAINED and at_least == 1:
                return "you've gained life this turn"
            one = noun.removesuffix("s")
            many = (
                f"{number_words(at_least)} or more {noun}" if at_least > 1 else f"{count_words(1, one)} {one}"
            )
            return f"you've {deed.value} {many} this turn"
        case SourceStatus(tapped):
            return f"~ is {'tapped' if tapped else 'untapped'}"
        case SourceAttachedTo(what):
            return f"~ is attached to {_each_counted(what)}"
        case SourceAttacking():
            return "~ is attacking"
        case ThereIs(what, at_least, battlefield=True):
            return f"{number_words(at_least)} or more {what.words()} are on the battlefield"
        case ThereIs(what, at_least) if at_least > 1:
            return f"there are {number_words(at_least)} or more {what.words()}"
        case ThereIs(what):
            return f"there is {_each_counted(what)}"
        case TopOfLibrary(what):
            return f"the top card of your library is {_each_counted(what)}"
        case PlayerStatus(statuses):
            return " or ".join(PLAYER_STATUS_WORDS[status] for status in statuses)
        case YourTurn(also):
            return "it's your turn" + (f" and {condition_text(also)}" if also is not None else "")
        case ObjectIsType(what, type_word, color) if color:
            return f"{what.words()} is {COLOR_NAMES[color]}"
        case ObjectIsType(what, type_word):
            return f"{what.words()} is {count_words(1, type_word)} {type_word}"
        case ObjectIsNotType(what, type_word):
            return f"{what.words()} isn't {count_words(1, type_word)} {type_word}"
        case DevotionBelow(colors, below):
            named = " and ".join(COLOR_NAMES[c] for c in colors)
            return f"your devotion to {named} is less than {number_words(below)}"
    raise AssertionError(condition)  # pragma: no cover


def _each_counted(what: Nouns) -> str:
    """'an Island or a Swamp': each phrase with its own article."""
    phrases = [f"{count_words(1, noun.words())} {noun.words()}" for noun in what.nouns]
    if len(phrases) == 1:
        return phrases[0]
    if len(phrases) == 2:
        return f"{phrases[0]} {what.joiner} {phrases[1]}"
    return ", ".join(phrases[:-1]) + f", {what.joiner} {phrases[-1]}"


@dataclass(frozen=True, slots=True)
class OncePerTurn:
    """'only once each turn'."""


@dataclass(frozen=True, slots=True)
class TimesPerTurn:
    """'no more than N times each turn'."""

    times: int


class Timing(Enum):
    """When an ability may be activated."""

    SORCERY = "as a sorcery"
    INSTANT = "any time you could cast an instant"
    YOUR_TURN = "during your turn"
    YOUR_TURN_BEFORE_END_STEP = "during your turn before the end step"


#: One limit of an 'Activate only ...' sentence.
Limit = OncePerTurn | TimesPerTurn | Timing | Condition | EitherCondition


def limit_text(limit: Limit) -> str:
    match limit:
        case OncePerTurn():
            return "once each turn"
        case TimesPerTurn(times):
            return f"no more than {number_words(times)} times each turn"
        case Timing():
            return limit.value
        case EitherCondition(conditions):
            return " or ".join(f"if {condition_text(condition)}" for condition in conditions)
    return f"if {condition_text(limit)}"
