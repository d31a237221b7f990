"""Readings of the sentences of a mana ability's effect: 'Add ...', the life, damage and counters that go
with it, delayed triggers, spending restrictions and activation limits, and their canonical wording.

>>> sentence_text(LoseLife(1))
'You lose 1 life.'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from models.oracle.readings.amounts import EachColorAmong, EachCraftedColor, Output, output_text
from models.oracle.readings.conditions import Condition, Limit, condition_text, limit_text
from models.oracle.readings.costs import card_phrase
from models.oracle.readings.nouns import ANY_NUMBER, Noun, Nouns, Number, count_words, number_words
from models.oracle.readings.spending import NotForGeneric, NotForNonartifact, SpendOnly, WhenSpent


@dataclass(frozen=True, slots=True)
class AddMana:
    """'Add <output>.', with 'unless any player pays {1}' when another player may stop it."""

    output: Output
    unless: str = ""  # 'unless any player pays {1}': as written


@dataclass(frozen=True, slots=True)
class ChooseColor:
    """'Choose a color.' / 'Choose a color of a card in your graveyard.'"""

    of_graveyard_card: bool = False


@dataclass(frozen=True, slots=True)
class ChoosePlayer:
    """'Choose a player.'"""


@dataclass(frozen=True, slots=True)
class DamageToYou:
    """'~ deals N damage to you.', or '... to you if you don't control an Ogre.' (Tomb of Urami: ``unless``,
    what its controller's controlling prevents the damage)"""

    damage: int
    unless: Nouns | None = None


@dataclass(frozen=True, slots=True)
class LoseLife:
    """'You lose N life.'"""

    life: int


@dataclass(frozen=True, slots=True)
class EachPlayerLosesLife:
    """'Each player loses N life.'"""

    life: int


@dataclass(frozen=True, slots=True)
class GainLife:
    """'You gain N life.' (or X life: the X its cost chose, Springjack Pasture)"""

    life: Number


@dataclass(frozen=True, slots=True)
class OpponentsGainLife:
    """'Each opponent gains N life.'"""

    life: int


@dataclass(frozen=True, slots=True)
class NoUntap:
    """'~ doesn't untap during your next untap step.'"""


@dataclass(frozen=True, slots=True)
class BecomesThatColor:
    """'~ becomes that color until end of turn.' (the color of the mana the ability added: Foraging
    Wickermaw)"""


@dataclass(frozen=True, slots=True)
class PutCounterOnSelf:
    """'Put a depletion counter on ~.' as part of the effect."""

    kind: str


@dataclass(frozen=True, slots=True)
class RemoveCounterFromSelf:
    """'Remove a time counter from ~.' as part of the effect."""

    kind: str


@dataclass(frozen=True, slots=True)
class ReflexiveDamage:
    """'When you do, ~ deals N damage to each opponent.': a reflexive trigger of the cost paid, after the
    mana is added (CR 603.12); ``target`` ('to any target', 'to target opponent', 'to target player'): its
    target is chosen when it triggers, so the mana ability has none (CR 603.12, 605.1a)."""

    damage: int
    target: str = ""


@dataclass(frozen=True, slots=True)
class RevealFromHand:
    """'Reveal any number of artifact cards in your hand.' before the mana is counted."""

    what: Noun


@dataclass(frozen=True, slots=True)
class SacrificeWhenNoCounters:
    """'If there are no depletion counters on ~, sacrifice it.'"""

    kind: str


@dataclass(frozen=True, slots=True)
class Delayed:
    """A delayed trigger the effect makes: 'Draw a card at the beginning of the next turn's upkeep.'
    (``draw``), 'Sacrifice ~ at the beginning of the next end step.' (``sacrifice``), 'At the beginning of
    the next end step, target opponent gains control of ~.' (``give control``: its target is chosen when it
    triggers, CR 603.7c, so the mana ability has none), 'During your next untap step, as you untap your
    permanents, return ~ to its owner's hand.' (``return``), with 'If this ability has been activated N or
    more times this turn, ' before it when ``after_times``."""

    action: str
    after_times: int = 0


#: The canonical wording of each :class:`Delayed` action.
_DELAYED_TEXTS: Final = {
    "draw": "draw a card at the beginning of the next turn's upkeep",
    "sacrifice": "sacrifice ~ at the beginning of the next end step",
    "give control": "at the beginning of the next end step, target opponent gains control of ~",
    "return": "during your next untap step, as you untap your permanents, return ~ to its owner's hand",
}


@dataclass(frozen=True, slots=True)
class NextTimeTrigger:
    """'When you next cast a spell with {X} in its mana cost this turn, copy that spell.' (Magus Lucea
    Kane): a delayed trigger the effect makes (CR 603.7), with what follows 'When you next' kept as written.
    It triggers on a later event (a spell is cast once its costs are paid, CR 601.2i), never on the payment
    the mana is made for, and says nothing about what the mana may be spent on."""

    text: str


@dataclass(frozen=True, slots=True)
class CopyNewTargets:
    """'You may choose new targets for the copy.': part of a delayed trigger that copies a spell (CR
    707.10c)."""


@dataclass(frozen=True, slots=True)
class IfInstead:
    """'If <condition>, add <output> instead.'"""

    condition: Condition
    output: Output


@dataclass(frozen=True, slots=True)
class ActivateOnly:
    """'Activate only <limit> and <limit>.'"""

    limits: tuple[Limit, ...]


#: One sentence of a mana ability's effect.
EffectSentence = (
    AddMana
    | ChooseColor
    | ChoosePlayer
    | DamageToYou
    | LoseLife
    | EachPlayerLosesLife
    | GainLife
    | OpponentsGainLife
    | NoUntap
    | BecomesThatColor
    | PutCounterOnSelf
    | RemoveCounterFromSelf
    | ReflexiveDamage
    | RevealFromHand
    | SacrificeWhenNoCounters
    | Delayed
    | NextTimeTrigger
    | CopyNewTargets
    | SpendOnly
    | NotForGeneric
    | NotForNonartifact
    | IfInstead
    | WhenSpent
    | ActivateOnly
)


def sentence_text(sentence: EffectSentence) -> str:
    match sentence:
        case AddMana(EachColorAmong() | EachCraftedColor() as output, ""):
            return output_text(output) + "."
        case AddMana(output, unless):
            return f"Add {output_text(output)}" + (f" {unless}" if unless else "") + "."
        case ChooseColor(of_graveyard_card):
            return "Choose a color of a card in your graveyard." if of_graveyard_card else "Choose a color."
        case ChoosePlayer():
            return "Choose a player."
        case DamageToYou(damage, None):
            return f"~ deals {damage} damage to you."
        case DamageToYou(damage, Nouns() as unless):
            return f"~ deals {damage} damage to you if you don't control a {unless.words()}."
        case LoseLife(life):
            return f"You lose {life} life."
        case EachPlayerLosesLife(life):
            return f"Each player loses {life} life."
        case GainLife(life):
            return f"You gain {life if isinstance(life, int) else life.value} life."
        case OpponentsGainLife(life):
            return f"Each opponent gains {life} life."
        case NoUntap():
            return "~ doesn't untap during your next untap step."
        case BecomesThatColor():
            return "~ becomes that color until end of turn."
        case PutCounterOnSelf(kind):
            return f"Put {count_words(1, kind)} {kind} counter on ~."
        case RemoveCounterFromSelf(kind):
            return f"Remove {count_words(1, kind)} {kind} counter from ~."
        case ReflexiveDamage(damage, target):
            return f"When you do, ~ deals {damage} damage to {target or 'each opponent'}."
        case RevealFromHand(what):
            return f"Reveal {card_phrase(ANY_NUMBER, what, 'in')}."
        case SacrificeWhenNoCounters(kind):
            return f"If there are no {kind} counters on ~, sacrifice it."
        case Delayed(action, after_times):
            text = _DELAYED_TEXTS[action]
            if after_times:
                times = number_words(after_times)
                text = f"If this ability has been activated {times} or more times this turn, {text}"
            return text[0].upper() + text[1:] + "."
        case WhenSpent(text):
            return text + "."
        case NextTimeTrigger(text):
            return f"When you next {text}."
        case CopyNewTargets():
            return "You may choose new targets for the copy."
        case SpendOnly(_, rider):
            return f"Spend this mana only {sentence.uses_text()}" + (f", and {rider}" if rider else "") + "."
        case NotForGeneric():
            return "This mana can't be spent to pay generic mana costs."
        case NotForNonartifact():
            return "This mana can't be spent to cast nonartifact spells."
        case IfInstead(condition, output):
            return f"If {condition_text(condition)}, add {output_text(output)} instead."
        case ActivateOnly(limits):
            words = [limit_text(limit) for limit in limits]
            return "Activate only " + " and only ".join(words) + "."
    raise AssertionError(sentence)  # pragma: no cover
