"""Typed readings of Oracle phrases: what the grammar (:mod:`models.oracle.grammar`) makes of a sentence.

Each phrase category is a sum type: a union of small frozen records, one per way the phrase can be written
(a cost part is a :class:`PayLife` or a :class:`Sacrifice` or ...). Readings hold the meaning, not the
wording: numbers are ints, type words canonical ('Elves' is ``Elf``), articles gone. Every reading renders
back to canonical Oracle wording with :func:`render`, and parsing that text gives the same reading again
(the round trip the tests check, as python-chess does for FEN and SAN).

>>> render(Sacrifice(1, Nouns((Noun(types=("Forest",)),))))
'Sacrifice a Forest'
>>> render(AddMana(FixedForEach("{G}", CountOf(Nouns((Noun(types=("Elf",), controller=Controller.YOU),))))))
'Add {G} for each Elf you control.'
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Final, cast, get_args

from models.oracle.lexicon import plural_forms

__all__ = [
    "ANY_NUMBER",
    "ActivateOnly",
    "ActivateUse",
    "AddMana",
    "AmountOfThatColor",
    "AnyForEach",
    "AnyOf",
    "CardExiled",
    "CastUse",
    "ChooseColor",
    "ChoosePlayer",
    "CollectEvidence",
    "Combination",
    "CommanderUse",
    "Condition",
    "ControlAtLeast",
    "Controller",
    "ControlsAny",
    "CostPart",
    "CostsWith",
    "CountOf",
    "Counted",
    "CountersOnSelf",
    "CountersOnSelfAtLeast",
    "DamageToYou",
    "Deed",
    "Delayed",
    "Designated",
    "Devotion",
    "Different",
    "Discard",
    "DiscardHand",
    "DoneThisTurn",
    "EachColorAmong",
    "EachPlayerLosesLife",
    "EffectSentence",
    "EitherCondition",
    "EnteredThisTurn",
    "Exert",
    "ExileFromGraveyard",
    "ExileFromHand",
    "ExilePermanent",
    "ExileSelfFromHand",
    "FixedEqualTo",
    "FixedForEach",
    "FixedMana",
    "FixedThenMore",
    "Forage",
    "GainLife",
    "GreatestPower",
    "Head",
    "IfInstead",
    "KeywordAbilityUse",
    "LandTypesAmong",
    "LifeTotal",
    "Limit",
    "LoseLife",
    "ManaChoice",
    "ManaEffect",
    "ManaSymbols",
    "Multiplied",
    "NoUntap",
    "NotForGeneric",
    "NotForNonartifact",
    "Noun",
    "Nouns",
    "Number",
    "OncePerTurn",
    "OpponentsGainLife",
    "Output",
    "Palette",
    "PayEnergy",
    "PayLife",
    "PlayedLand",
    "Plus",
    "Produced",
    "ProducedMana",
    "Purpose",
    "PurposeUse",
    "PutCounter",
    "PutCounterOnSelf",
    "Quality",
    "Quantity",
    "ReflexiveDamage",
    "RemoveCounterFromSelf",
    "RemoveCounters",
    "Replacement",
    "ReturnPermanent",
    "ReturnSelf",
    "Reveal",
    "RevealFromHand",
    "Sacrifice",
    "SacrificeSelf",
    "SacrificeWhenNoCounters",
    "SacrificedManaValue",
    "SelfPower",
    "SpendOnly",
    "SpendUseReading",
    "TapOthers",
    "TapSymbol",
    "Tapped",
    "ThereIs",
    "ThisTurn",
    "TimesPerTurn",
    "Timing",
    "Trigger",
    "TurnFaceUp",
    "UntapOthers",
    "UntapSymbol",
    "WhenSpent",
    "WithCounter",
    "WithKeyword",
    "WithManaValue",
    "WithPower",
    "WithSymbolInCost",
    "WithWatermark",
    "X",
    "render",
]


class _Variable(Enum):
    """A number the text does not fix: X, or 'any number of'."""

    X = "X"
    ANY = "any number of"


X: Final = _Variable.X
ANY_NUMBER: Final = _Variable.ANY
#: A count as written: a number, X, or 'any number of'.
Number = int | _Variable

_NUMBER_WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


def _count(number: Number, noun: str = "") -> str:
    """A count before a noun: 'a Forest', 'an artifact', 'two', 'X', 'any number of'.

    >>> _count(1, "Elf"), _count(1, "artifact"), _count(3), _count(X), _count(ANY_NUMBER)
    ('an', 'an', 'three', 'X', 'any number of')
    """
    if isinstance(number, _Variable):
        return number.value
    if number == 1:
        return "an" if noun[:1].lower() in ("a", "e", "i", "o", "u") else "a"
    return _NUMBER_WORDS[number] if number < len(_NUMBER_WORDS) else str(number)


def _number(number: Number) -> str:
    """A count in running text: 'one', 'two', '12', 'X'."""
    if isinstance(number, _Variable):
        return number.value
    return _NUMBER_WORDS[number] if number < len(_NUMBER_WORDS) else str(number)


# ------------------------------------------------------------------------------------------ objects


class Controller(Enum):
    """Whose objects a noun phrase names, as its controller phrase says ('you control')."""

    UNSAID = ""
    YOU = "you control"
    OPPONENT = "an opponent controls"
    OPPONENTS = "your opponents control"
    BATTLEFIELD = "on the battlefield"


@dataclass(frozen=True, slots=True)
class WithPower:
    """'with power N or greater'."""

    at_least: int


@dataclass(frozen=True, slots=True)
class WithCounter:
    """'with a <kind> counter on it'; ``kind`` empty: 'with a counter on it'."""

    kind: str = ""


@dataclass(frozen=True, slots=True)
class WithKeyword:
    """'with flying', 'with defender'."""

    keyword: str


@dataclass(frozen=True, slots=True)
class WithManaValue:
    """'with mana value N or greater'."""

    at_least: int


@dataclass(frozen=True, slots=True)
class WithWatermark:
    """'with a watermark', 'with watermarks'."""


@dataclass(frozen=True, slots=True)
class WithSymbolInCost:
    """'with {X} in their mana costs'."""

    symbol: str


#: A 'with' clause of a noun phrase.
Quality = WithPower | WithCounter | WithKeyword | WithManaValue | WithWatermark | WithSymbolInCost


def _quality(quality: Quality) -> str:
    if isinstance(quality, WithPower):
        return f"with power {quality.at_least} or greater"
    if isinstance(quality, WithCounter):
        return f"with a {quality.kind} counter on it" if quality.kind else "with a counter on it"
    if isinstance(quality, WithManaValue):
        return f"with mana value {quality.at_least} or greater"
    if isinstance(quality, WithWatermark):
        return "with a watermark"
    if isinstance(quality, WithSymbolInCost):
        return f"with {quality.symbol} in their mana costs"
    return f"with {quality.keyword}"


class Head(Enum):
    """What a noun phrase's head word is when it is not a type: 'permanent', 'token', 'card', 'spell'."""

    TYPES = ""
    PERMANENT = "permanent"
    TOKEN = "token"
    CARD = "card"
    SOURCE = "source"
    SPELL = "spell"


@dataclass(frozen=True, slots=True)
class Noun:
    """One noun phrase naming objects: 'another untapped blue Elf creature you control with power 4 or
    greater'. Types are canonical (card types, subtypes) in the order written; ``excluded`` holds the types
    of 'non' words ('nonbasic' excludes ``Basic``); ``colors`` holds color letters."""

    types: tuple[str, ...] = ()
    supertypes: tuple[str, ...] = ()
    excluded: tuple[str, ...] = ()
    colors: str = ""
    colorless: bool = False
    multicolored: bool = False
    monocolored: bool = False
    face_down: bool = False
    kicked: bool = False
    other: bool = False
    untapped: bool = False
    tapped: bool = False
    attacking: bool = False
    attached: str = ""  # 'enchanted' or 'equipped': the permanent the source is attached to
    head: Head = Head.TYPES
    qualities: tuple[Quality, ...] = ()
    chosen_type: bool = False
    named: str = ""
    zone: str = ""  # 'graveyard' or 'hand': 'in your graveyard', 'from your hand'
    controller: Controller = Controller.UNSAID

    def words(self, zone_word: str = "in", *, plural: bool = False) -> str:
        """The noun phrase without its count, in canonical order (``zone_word`` before 'your graveyard'
        or 'your hand': 'in', or 'from' in a cost; ``plural``: its head word in the plural)."""
        words: list[str] = [self.attached] if self.attached else []
        if self.other:
            words.append("other")
        if self.untapped:
            words.append("untapped")
        if self.tapped:
            words.append("tapped")
        if self.attacking:
            words.append("attacking")
        words += [_COLOR_NAMES[letter] for letter in self.colors]
        if self.colorless:
            words.append("colorless")
        if self.multicolored:
            words.append("multicolored")
        if self.monocolored:
            words.append("monocolored")
        if self.face_down:
            words.append("face-down")
        if self.kicked:
            words.append("kicked")
        words += [f"non{t.lower()}" for t in self.excluded]
        words += [t.lower() for t in self.supertypes]
        words += [t.lower() if t in _CARD_TYPE_WORDS else t for t in self.types]
        if self.head is not Head.TYPES:
            words.append(self.head.value + ("s" if plural else ""))
        elif plural and self.types:
            words[-1] = _plural(self.types[-1])
        if self.named == _EXILED_NAME:
            words.append("with the same name as the exiled card")
        elif self.named:
            words += ["named", self.named]
        words += [_quality(q) for q in self.qualities]
        if self.zone == "exile":
            words.append("from exile")
        elif self.zone:
            words.append(f"{zone_word} your {self.zone}")
        if self.controller is not Controller.UNSAID:
            words.append(self.controller.value)
        if self.chosen_type:
            words.append("of the chosen type")
        return " ".join(words)


def _plural(word: str) -> str:
    """A type word's plural as Oracle writes it ('lands', 'Elves'); the word itself when it has none."""
    try:
        return plural_forms(word)[-1]
    except ValueError:
        return word


#: What :attr:`Noun.named` holds for 'with the same name as the exiled card' (Noun names never have quotes).
_EXILED_NAME: Final = "the exiled card's name"
_COLOR_NAMES = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}
_CARD_TYPE_WORDS = frozenset(
    {"Artifact", "Battle", "Creature", "Enchantment", "Instant", "Land", "Planeswalker", "Sorcery", "Kindred"}
)


@dataclass(frozen=True, slots=True)
class Nouns:
    """Noun phrases joined by 'and', 'or' or 'and/or': 'legendary creatures and planeswalkers you
    control'."""

    nouns: tuple[Noun, ...]
    joiner: str = "or"

    def words(self, count: Number | None = None, *, plural: bool = False) -> str:
        """The phrases joined, the first with ``count`` before it when given (``plural``: each head word
        in the plural)."""
        first, *rest = self.nouns
        opening = first.words(plural=plural)
        if count is not None:
            opening = f"{_count(count, opening)} {opening}"
        if not rest:
            return opening
        if len(self.nouns) == 2:
            return f"{opening} {self.joiner} {rest[0].words(plural=plural)}"
        middle = ", ".join(noun.words(plural=plural) for noun in rest[:-1])
        return f"{opening}, {middle}, {self.joiner} {rest[-1].words(plural=plural)}"


# ------------------------------------------------------------------------------------------ costs


@dataclass(frozen=True, slots=True)
class ManaSymbols:
    """Mana symbols paid as a cost: '{1}{G}', '{W/B}', '{X}'."""

    symbols: str


@dataclass(frozen=True, slots=True)
class TapSymbol:
    """{T}."""


@dataclass(frozen=True, slots=True)
class UntapSymbol:
    """{Q}."""


@dataclass(frozen=True, slots=True)
class PayLife:
    """'Pay N life'."""

    life: int


@dataclass(frozen=True, slots=True)
class PayEnergy:
    """'Pay {E}{E}'."""

    energy: int


@dataclass(frozen=True, slots=True)
class SacrificeSelf:
    """'Sacrifice ~'."""


@dataclass(frozen=True, slots=True)
class Sacrifice:
    """'Sacrifice a Forest', 'Sacrifice two artifacts', 'Sacrifice a token named Wood'."""

    count: Number
    what: Nouns


@dataclass(frozen=True, slots=True)
class RemoveCounters:
    """'Remove a charge counter from ~', 'Remove X storage counters from ~'."""

    count: Number
    kind: str


@dataclass(frozen=True, slots=True)
class PutCounter:
    """'Put a -1/-1 counter on ~' as a cost."""

    count: Number
    kind: str


@dataclass(frozen=True, slots=True)
class TapOthers:
    """'Tap an untapped creature you control'."""

    count: Number
    what: Nouns


@dataclass(frozen=True, slots=True)
class UntapOthers:
    """'Untap a tapped land an opponent controls'."""

    count: Number
    what: Nouns


@dataclass(frozen=True, slots=True)
class Discard:
    """'Discard a card', 'Discard two cards', 'Discard a creature card'."""

    count: Number
    what: Noun


@dataclass(frozen=True, slots=True)
class DiscardHand:
    """'Discard your hand'."""


@dataclass(frozen=True, slots=True)
class ExileSelfFromHand:
    """'Exile ~ from your hand'."""


@dataclass(frozen=True, slots=True)
class ExileFromHand:
    """'Exile a card from your hand'."""

    count: Number
    what: Noun


@dataclass(frozen=True, slots=True)
class ExileFromGraveyard:
    """'Exile a card from your graveyard'."""

    count: Number
    what: Noun


@dataclass(frozen=True, slots=True)
class ExilePermanent:
    """'Exile a creature you control'."""

    count: Number
    what: Nouns


@dataclass(frozen=True, slots=True)
class ReturnSelf:
    """'Return ~ to its owner's hand'."""


@dataclass(frozen=True, slots=True)
class ReturnPermanent:
    """'Return a land you control to its owner's hand'."""

    count: Number
    what: Nouns


@dataclass(frozen=True, slots=True)
class Exert:
    """'Exert ~' (CR 701.39)."""


@dataclass(frozen=True, slots=True)
class Reveal:
    """'Reveal any number of artifact cards in your hand'."""

    count: Number
    what: Noun


@dataclass(frozen=True, slots=True)
class Forage:
    """'Forage' (CR 701.61: exile three cards from your graveyard or sacrifice a Food)."""


@dataclass(frozen=True, slots=True)
class CollectEvidence:
    """'Collect evidence N' (CR 701.59)."""

    amount: int


#: One part of an activated ability's cost (CR 118, 602.1a).
CostPart = (
    ManaSymbols
    | TapSymbol
    | UntapSymbol
    | PayLife
    | PayEnergy
    | SacrificeSelf
    | Sacrifice
    | RemoveCounters
    | PutCounter
    | TapOthers
    | UntapOthers
    | Discard
    | DiscardHand
    | ExileSelfFromHand
    | ExileFromHand
    | ExileFromGraveyard
    | ExilePermanent
    | ReturnSelf
    | ReturnPermanent
    | Exert
    | Reveal
    | Forage
    | CollectEvidence
)


def _card_phrase(count: Number, what: Noun, zone_word: str = "from") -> str:
    """'a card', 'two cards', 'a creature card from your hand', 'X artifact cards in your hand'."""
    phrase = what.words(zone_word)
    return f"{_count(count, phrase)} {phrase}"


def _cost_text(part: CostPart) -> str:
    """One cost part in Oracle wording."""
    match part:
        case ManaSymbols(symbols):
            return symbols
        case TapSymbol():
            return "{T}"
        case UntapSymbol():
            return "{Q}"
        case PayLife(life):
            return f"Pay {life} life"
        case PayEnergy(energy):
            return "Pay " + "{E}" * energy
        case SacrificeSelf():
            return "Sacrifice ~"
        case Sacrifice(count, what):
            return f"Sacrifice {what.words(count)}"
        case RemoveCounters(count, kind):
            return f"Remove {_count(count, kind)} {kind} {_counters(count)} from ~"
        case PutCounter(count, kind):
            return f"Put {_count(count, kind)} {kind} {_counters(count)} on ~"
        case TapOthers(count, what):
            return f"Tap {what.words(count)}"
        case UntapOthers(count, what):
            return f"Untap {what.words(count)}"
        case Discard(count, what):
            return f"Discard {_card_phrase(count, what)}"
        case DiscardHand():
            return "Discard your hand"
        case ExileSelfFromHand():
            return "Exile ~ from your hand"
        case ExileFromHand(count, what) | ExileFromGraveyard(count, what):
            return f"Exile {_card_phrase(count, what)}"
        case ExilePermanent(count, what):
            return f"Exile {what.words(count)}"
        case ReturnSelf():
            return "Return ~ to its owner's hand"
        case ReturnPermanent(count, what):
            return f"Return {what.words(count)} to its owner's hand"
        case Exert():
            return "Exert ~"
        case Reveal(count, what):
            return f"Reveal {_card_phrase(count, what)}"
        case Forage():
            return "Forage"
        case CollectEvidence(amount):
            return f"Collect evidence {amount}"
    raise AssertionError(part)  # pragma: no cover (every kind is matched above)


def _counters(count: Number) -> str:
    return "counter" if isinstance(count, int) and count == 1 else "counters"


# ------------------------------------------------------------------------------------------ quantities


@dataclass(frozen=True, slots=True)
class CountOf:
    """'the number of <objects>', 'for each <object>'."""

    what: Nouns


@dataclass(frozen=True, slots=True)
class CountersOnSelf:
    """'the number of charge counters on ~', 'for each +1/+1 counter on ~'."""

    kind: str


@dataclass(frozen=True, slots=True)
class Counted:
    """'counters removed this way', 'cards revealed this way': what the cost counted."""

    how: str  # 'removed' or 'revealed'


@dataclass(frozen=True, slots=True)
class SelfPower:
    """'~'s power'."""


@dataclass(frozen=True, slots=True)
class LifeTotal:
    """'your life total'."""


@dataclass(frozen=True, slots=True)
class GreatestPower:
    """'the greatest power among <objects>'."""

    among: Nouns


@dataclass(frozen=True, slots=True)
class LandTypesAmong:
    """'the number of basic land types among <objects>' (domain)."""

    among: Nouns


@dataclass(frozen=True, slots=True)
class SacrificedManaValue:
    """'the sacrificed artifact's mana value', 'the exiled creature's mana value'."""

    how: str  # 'sacrificed' or 'exiled'
    noun: str  # 'artifact', 'creature', 'card', 'permanent'


@dataclass(frozen=True, slots=True)
class Devotion:
    """'your devotion to black', 'your devotion to green and blue'; no colors: 'to that color'."""

    colors: str


@dataclass(frozen=True, slots=True)
class Plus:
    """'1 plus <quantity>'."""

    plus: int
    quantity: Quantity


#: A number worked out when the ability resolves (CR 608.2h).
Quantity = (
    CountOf
    | CountersOnSelf
    | Counted
    | SelfPower
    | LifeTotal
    | GreatestPower
    | LandTypesAmong
    | SacrificedManaValue
    | Devotion
    | Plus
)


def _quantity_text(quantity: Quantity, *, each: bool = False) -> str:
    """A quantity after 'equal to' / 'where X is', or with ``each`` after 'for each'."""
    match quantity:
        case CountOf(what):
            return what.words() if each else f"the number of {what.words()}"
        case CountersOnSelf(kind):
            return f"{kind} counter on ~" if each else f"the number of {kind} counters on ~"
        case Counted(how):
            noun = "counter" if how == "removed" else "card"
            return f"{noun} {how} this way" if each else f"the number of {noun}s {how} this way"
        case SelfPower():
            return "~'s power"
        case LifeTotal():
            return "your life total"
        case GreatestPower(among):
            return f"the greatest power among {among.words()}"
        case LandTypesAmong(among):
            return f"the number of basic land types among {among.words()}"
        case SacrificedManaValue(how, noun):
            return f"the {how} {noun}'s mana value"
        case Devotion(colors):
            return "your devotion to " + (
                " and ".join(_COLOR_NAMES[c] for c in colors) if colors else "that color"
            )
        case Plus(plus, inner):
            return f"{plus} plus {_quantity_text(inner)}"
    raise AssertionError(quantity)  # pragma: no cover


# ------------------------------------------------------------------------------------------ outputs


@dataclass(frozen=True, slots=True)
class FixedMana:
    """'Add {C}{C}.'"""

    symbols: str


@dataclass(frozen=True, slots=True)
class ManaChoice:
    """'Add {W} or {U}.', 'Add {W}{W}, {W}{U}, or {U}{U}.'; with ``where``: 'Add X {G} or X {U}, where X is
    ...'."""

    options: tuple[str, ...]
    where: Quantity | None = None


@dataclass(frozen=True, slots=True)
class FixedForEach:
    """'Add {G} for each Elf you control.'"""

    symbols: str
    each: Quantity


@dataclass(frozen=True, slots=True)
class FixedEqualTo:
    """'Add an amount of {G} equal to ~'s power.'"""

    symbols: str
    amount: Quantity


@dataclass(frozen=True, slots=True)
class FixedThenMore:
    """'Add {U}, then add an additional {U} for each charge counter removed this way.'"""

    symbols: str
    each: Quantity


class Palette(Enum):
    """What 'mana of any ...' chooses from."""

    COLOR = "color"
    TYPE = "type"
    COLOR_IN_IDENTITY = "color in your commander's color identity"
    CHOSEN_COLOR = "the chosen color"
    THAT_COLOR = "that color"
    IMPRINTED = "the exiled card's colors"
    GRAVEYARD_COLOR = "a color of a card in your graveyard"


@dataclass(frozen=True, slots=True)
class AnyOf:
    """'two mana of any one color', 'one mana of any color that a land you control could produce',
    'one mana of any type the sacrificed land could produce', 'one mana of any color among legendary
    creatures you control', 'X mana of any one color, where X is ...'."""

    count: Number
    palette: Palette
    one: bool = False  # 'of any one color': all the mana of one color
    could_produce: Nouns | None = None  # 'that <objects> could produce'
    sacrificed: str = ""  # 'the sacrificed <noun> could produce'
    among: Nouns | None = None  # 'among <objects>'
    produced: str = ""  # 'that <noun> produced'
    where: Quantity | None = None


@dataclass(frozen=True, slots=True)
class AnyForEach:
    """'one mana of any color for each <quantity>': that many mana, each of any color (or type)."""

    palette: Palette
    each: Quantity


@dataclass(frozen=True, slots=True)
class Combination:
    """'two mana in any combination of colors', 'X mana in any combination of {R} and/or {G}'."""

    count: Number
    symbols: tuple[str, ...] = ()  # empty: colors
    where: Quantity | None = None


@dataclass(frozen=True, slots=True)
class Different:
    """'two mana of different colors'."""

    count: int


@dataclass(frozen=True, slots=True)
class AmountOfThatColor:
    """'an amount of mana of that color equal to <quantity>', 'one mana of that color for each ...'."""

    amount: Quantity
    for_each: bool = False


@dataclass(frozen=True, slots=True)
class EachColorAmong:
    """'For each color among permanents you control, add one mana of that color.'"""

    among: Nouns


#: What an 'Add ...' effect adds.
Output = (
    FixedMana
    | ManaChoice
    | FixedForEach
    | FixedEqualTo
    | FixedThenMore
    | AnyOf
    | AnyForEach
    | Combination
    | Different
    | AmountOfThatColor
    | EachColorAmong
)


def _output_text(output: Output) -> str:
    """What follows 'Add' (for :class:`EachColorAmong`, the whole sentence without its period)."""
    match output:
        case FixedMana(symbols):
            return symbols
        case ManaChoice(options, where) if where is not None:
            return f"X {options[0]} or X {options[1]}" + _where(where)
        case ManaChoice(options):
            if len(options) == 2:
                return f"{options[0]} or {options[1]}"
            return ", ".join(options[:-1]) + f", or {options[-1]}"
        case FixedForEach(symbols, each):
            return f"{symbols} for each {_quantity_text(each, each=True)}"
        case FixedEqualTo(symbols, amount):
            return f"an amount of {symbols} equal to {_quantity_text(amount)}"
        case FixedThenMore(symbols, each):
            return f"{symbols}, then add an additional {symbols} for each {_quantity_text(each, each=True)}"
        case AnyOf():
            return _any_of_text(output)
        case AnyForEach(palette, each):
            return f"one mana of any {palette.value} for each {_quantity_text(each, each=True)}"
        case Combination(count, symbols, where):
            spelled = " and/or ".join(symbols) if symbols else "colors"
            return f"{_number(count)} mana in any combination of {spelled}" + _where(where)
        case Different(count):
            return f"{_number(count)} mana of different colors"
        case AmountOfThatColor(amount, for_each):
            if for_each:
                return f"one mana of that color for each {_quantity_text(amount, each=True)}"
            return f"an amount of mana of that color equal to {_quantity_text(amount)}"
        case EachColorAmong(among):
            return f"For each color among {among.words()}, add one mana of that color"
    raise AssertionError(output)  # pragma: no cover


def _where(where: Quantity | None) -> str:
    return f", where X is {_quantity_text(where)}" if where is not None else ""


def _any_of_text(output: AnyOf) -> str:
    count = _number(output.count)
    palette = output.palette
    if palette in (Palette.CHOSEN_COLOR, Palette.THAT_COLOR):
        return f"{count} mana of {palette.value}" + _where(output.where)
    if palette is Palette.IMPRINTED:
        return f"{count} mana of any of the exiled card's colors"
    if palette is Palette.GRAVEYARD_COLOR:
        return f"{count} mana of {palette.value}"
    text = f"{count} mana of any {'one ' if output.one else ''}{palette.value}"
    if output.could_produce is not None:
        text += f" that {output.could_produce.words(1)} could produce"
    if output.sacrificed:
        text += f" the sacrificed {output.sacrificed} could produce"
    if output.among is not None:
        text += f" among {output.among.words()}"
    if output.produced:
        text += f" that {output.produced} produced"
    return text + _where(output.where)


# ------------------------------------------------------------------------------------------ conditions


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
    """'a card is exiled with ~' (its ``imprinted`` choice is a card)."""


@dataclass(frozen=True, slots=True)
class EnteredThisTurn:
    """'~ entered this turn'."""


@dataclass(frozen=True, slots=True)
class Designated:
    """'~ is renowned' (monstrous, suspected, saddled, goaded): a designation of the source (CR 701, 702)."""

    designation: str


@dataclass(frozen=True, slots=True)
class ThereIs:
    """'there is an Elf card in your graveyard': one such object (a card in a zone) exists."""

    what: Nouns


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
    | ThereIs
)


@dataclass(frozen=True, slots=True)
class EitherCondition:
    """'if <condition> or if <condition>': one of the conditions holds."""

    conditions: tuple[Condition, ...]


def _condition_text(condition: Condition) -> str:
    match condition:
        case ControlsAny(what):
            return f"you control {_each_counted(what)}"
        case ControlAtLeast(at_least, what):
            return f"you control {_number(at_least)} or more {what.words()}"
        case CountersOnSelfAtLeast(at_least, kind):
            return f"there are {_number(at_least)} or more {kind} counters on ~"
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
        case DoneThisTurn(deed, at_least):
            noun = {Deed.DRAWN: "cards", Deed.GAINED: "life", Deed.CAST: "spells"}[deed]
            if deed is Deed.GAINED and at_least == 1:
                return "you've gained life this turn"
            one = noun.removesuffix("s")
            many = f"{_number(at_least)} or more {noun}" if at_least > 1 else f"{_count(1, one)} {one}"
            return f"you've {deed.value} {many} this turn"
        case ThereIs(what):
            return f"there is {_each_counted(what)}"
    raise AssertionError(condition)  # pragma: no cover


def _each_counted(what: Nouns) -> str:
    """'an Island or a Swamp': each phrase with its own article."""
    phrases = [f"{_count(1, noun.words())} {noun.words()}" for noun in what.nouns]
    if len(phrases) == 1:
        return phrases[0]
    if len(phrases) == 2:
        return f"{phrases[0]} {what.joiner} {phrases[1]}"
    return ", ".join(phrases[:-1]) + f", {what.joiner} {phrases[-1]}"


# ------------------------------------------------------------------------------------------ limits


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


def _limit_text(limit: Limit) -> str:
    match limit:
        case OncePerTurn():
            return "once each turn"
        case TimesPerTurn(times):
            return f"no more than {_number(times)} times each turn"
        case Timing():
            return limit.value
        case EitherCondition(conditions):
            return " or ".join(f"if {_condition_text(condition)}" for condition in conditions)
    return f"if {_condition_text(limit)}"


# ------------------------------------------------------------------------------------------ sentences


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
    """'~ deals N damage to you.'"""

    damage: int


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
    """'You gain N life.'"""

    life: int


@dataclass(frozen=True, slots=True)
class OpponentsGainLife:
    """'Each opponent gains N life.'"""

    life: int


@dataclass(frozen=True, slots=True)
class NoUntap:
    """'~ doesn't untap during your next untap step.'"""


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
    mana is added (CR 603.12)."""

    damage: int


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
    (``draw``), 'Sacrifice ~ at the beginning of the next end step.' (``sacrifice``), with 'If this ability
    has been activated N or more times this turn, ' before it when ``after_times``."""

    action: str
    after_times: int = 0


# ------------------------------------------------------------------------------------------ effects on mana


@dataclass(frozen=True, slots=True)
class Tapped:
    """'you tap a Swamp for mana', 'a player taps a land for {C}', 'enchanted land is tapped for mana of the
    chosen color', 'a land is tapped for two or more mana'. ``who`` is the tapper as written ('you tap', 'a
    player taps', 'an opponent taps'; empty: '<objects> is tapped'); ``mana`` is '' (any mana), a symbol, or
    'chosen'."""

    what: Nouns
    who: str = ""
    mana: str = ""
    at_least: int = 1

    def words(self) -> str:
        """The clause in canonical wording."""
        mana = {"": "mana", "chosen": "mana of the chosen color"}.get(self.mana, self.mana)
        if self.at_least > 1:
            mana = f"{_number(self.at_least)} or more mana"
        if self.who:
            return f"{self.who} {self.what.words(1)} for {mana}"
        return f"{self.what.words(1)} is tapped for {mana}"


@dataclass(frozen=True, slots=True)
class Multiplied:
    """'twice as much of that mana', 'three times as much of that mana'."""

    factor: int


@dataclass(frozen=True, slots=True)
class ProducedMana:
    """'{B}', 'colorless mana' ('{C}'), 'black mana' ('{B}'), 'mana of a color of your choice' ('')."""

    symbol: str


#: What a replacement makes a tapped permanent produce instead.
Produced = Multiplied | ProducedMana

_TIMES = {2: "twice", 3: "three times", 4: "four times"}


@dataclass(frozen=True, slots=True)
class Replacement:
    """'If <tapped>, it produces <produced> instead [of any other type [and amount]].' (CR 614.1a)"""

    tapped: Tapped
    produced: Produced
    instead_of: str = ""  # '', 'type', 'type and amount'

    def text(self) -> str:
        """The sentence in canonical wording."""
        match self.produced:
            case Multiplied(factor):
                produced = f"{_TIMES[factor]} as much of that mana"
            case ProducedMana(""):
                produced = "mana of a color of your choice"
            case ProducedMana(symbol):
                produced = symbol
        tail = f" of any other {self.instead_of}" if self.instead_of else ""
        return f"If {self.tapped.words()}, it produces {produced} instead{tail}."


@dataclass(frozen=True, slots=True)
class Trigger:
    """'Whenever <tapped>, <its controller adds | that player adds | add> [an additional] <output>.' (CR
    605.1b); ``tapped`` None: 'Whenever a land's ability causes you to add one or more mana of the chosen
    color' (``subject``)."""

    tapped: Tapped | None
    adder: str
    output: Output
    additional: bool = False
    subject: str = ""

    def text(self) -> str:
        """The sentence in canonical wording."""
        more = "an additional " if self.additional else ""
        if self.tapped is None:
            opening = (
                f"Whenever {_count(1, self.subject)} {self.subject}'s ability causes you to add one or more "
                "mana of the chosen color"
            )
        else:
            opening = f"Whenever {self.tapped.words()}"
        return f"{opening}, {self.adder} {more}{_output_text(self.output)}."


#: A sentence that changes the mana abilities produce.
ManaEffect = Replacement | Trigger


@dataclass(frozen=True, slots=True)
class CastUse:
    """'cast creature spells', 'cast an instant or sorcery spell': spells the mana may pay for."""

    what: Nouns


@dataclass(frozen=True, slots=True)
class CommanderUse:
    """'cast your commander'."""


@dataclass(frozen=True, slots=True)
class ActivateUse:
    """'activate abilities', 'activate abilities of creatures', 'activate an ability of an artifact
    source'."""

    of: Nouns | None = None


@dataclass(frozen=True, slots=True)
class KeywordAbilityUse:
    """'activate an equip ability'."""

    keyword: str


class Purpose(Enum):
    """A use of mana no payment target says it is (so the mana is never promised to one)."""

    CUMULATIVE_UPKEEP = "pay cumulative upkeep costs"
    MORPH = "pay morph costs"
    UNLOCK_DOOR = "unlock a door"
    MAKES_TOKENS = "on spells and abilities that create tokens"


@dataclass(frozen=True, slots=True)
class PurposeUse:
    """A use by what it is for: 'pay cumulative upkeep costs', 'unlock a door'."""

    purpose: Purpose


@dataclass(frozen=True, slots=True)
class TurnFaceUp:
    """'turn a permanent face up', 'pay a mana cost to turn a manifested creature face up'."""

    what: Nouns
    pay_mana_cost: bool = False


@dataclass(frozen=True, slots=True)
class CostsWith:
    """'on costs that contain {X}' (``on``), 'pay a cost that contains {C}'."""

    symbol: str
    on: bool = False


#: One use of an 'only' restriction on spending mana (CR 106.6).
SpendUseReading = (
    CastUse | CommanderUse | ActivateUse | KeywordAbilityUse | PurposeUse | TurnFaceUp | CostsWith
)


def _use_text(use: SpendUseReading) -> str:
    match use:
        case CastUse(what):
            return f"to cast {what.words()}"
        case CommanderUse():
            return "to cast your commander"
        case ActivateUse(None):
            return "to activate abilities"
        case ActivateUse(of) if of is not None:
            return f"to activate abilities of {of.words()}"
        case KeywordAbilityUse(keyword):
            return f"to activate an {keyword} ability"
        case PurposeUse(Purpose.MAKES_TOKENS):
            return Purpose.MAKES_TOKENS.value
        case PurposeUse(purpose):
            return f"to {purpose.value}"
        case TurnFaceUp(what, pay_mana_cost):
            turn = f"turn {what.words(1)} face up"
            return f"to pay a mana cost to {turn}" if pay_mana_cost else f"to {turn}"
        case CostsWith(symbol, on):
            return f"on costs that contain {symbol}" if on else f"to pay a cost that contains {symbol}"
    raise AssertionError(use)  # pragma: no cover


@dataclass(frozen=True, slots=True)
class SpendOnly:
    """'Spend this mana only <uses>.', with a rider on what the mana pays for ('and that spell can't be
    countered'), as written."""

    uses: tuple[SpendUseReading, ...]
    rider: str = ""

    def uses_text(self) -> str:
        """The uses in canonical wording, joined as Oracle text joins them."""
        words = [_use_text(use) for use in self.uses]
        if len(words) == 1:
            return words[0]
        if len(words) == 2:
            return f"{words[0]} or {words[1]}"
        return ", ".join(words[:-1]) + f", or {words[-1]}"


@dataclass(frozen=True, slots=True)
class NotForGeneric:
    """'This mana can't be spent to pay generic mana costs.'"""


@dataclass(frozen=True, slots=True)
class NotForNonartifact:
    """'This mana can't be spent to cast nonartifact spells.'"""


@dataclass(frozen=True, slots=True)
class IfInstead:
    """'If <condition>, add <output> instead.'"""

    condition: Condition
    output: Output


@dataclass(frozen=True, slots=True)
class WhenSpent:
    """'When that mana is spent to cast ..., ...': what the mana does once spent, as written."""

    text: str


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
    | PutCounterOnSelf
    | RemoveCounterFromSelf
    | ReflexiveDamage
    | RevealFromHand
    | SacrificeWhenNoCounters
    | Delayed
    | SpendOnly
    | NotForGeneric
    | NotForNonartifact
    | IfInstead
    | WhenSpent
    | ActivateOnly
)


def _sentence_text(sentence: EffectSentence) -> str:
    match sentence:
        case AddMana(EachColorAmong() as output, ""):
            return _output_text(output) + "."
        case AddMana(output, unless):
            return f"Add {_output_text(output)}" + (f" {unless}" if unless else "") + "."
        case ChooseColor(of_graveyard_card):
            return "Choose a color of a card in your graveyard." if of_graveyard_card else "Choose a color."
        case ChoosePlayer():
            return "Choose a player."
        case DamageToYou(damage):
            return f"~ deals {damage} damage to you."
        case LoseLife(life):
            return f"You lose {life} life."
        case EachPlayerLosesLife(life):
            return f"Each player loses {life} life."
        case GainLife(life):
            return f"You gain {life} life."
        case OpponentsGainLife(life):
            return f"Each opponent gains {life} life."
        case NoUntap():
            return "~ doesn't untap during your next untap step."
        case PutCounterOnSelf(kind):
            return f"Put {_count(1, kind)} {kind} counter on ~."
        case RemoveCounterFromSelf(kind):
            return f"Remove {_count(1, kind)} {kind} counter from ~."
        case ReflexiveDamage(damage):
            return f"When you do, ~ deals {damage} damage to each opponent."
        case RevealFromHand(what):
            return f"Reveal {_card_phrase(ANY_NUMBER, what, 'in')}."
        case SacrificeWhenNoCounters(kind):
            return f"If there are no {kind} counters on ~, sacrifice it."
        case Delayed(action, after_times):
            text = (
                "draw a card at the beginning of the next turn's upkeep"
                if action == "draw"
                else "sacrifice ~ at the beginning of the next end step"
            )
            if after_times:
                times = _number(after_times)
                text = f"If this ability has been activated {times} or more times this turn, {text}"
            return text[0].upper() + text[1:] + "."
        case WhenSpent(text):
            return text + "."
        case SpendOnly(_, rider):
            return f"Spend this mana only {sentence.uses_text()}" + (f", and {rider}" if rider else "") + "."
        case NotForGeneric():
            return "This mana can't be spent to pay generic mana costs."
        case NotForNonartifact():
            return "This mana can't be spent to cast nonartifact spells."
        case IfInstead(condition, output):
            return f"If {_condition_text(condition)}, add {_output_text(output)} instead."
        case ActivateOnly(limits):
            words = [_limit_text(limit) for limit in limits]
            return "Activate only " + " and only ".join(words) + "."
    raise AssertionError(sentence)  # pragma: no cover


def render(
    reading: CostPart
    | tuple[CostPart, ...]
    | EffectSentence
    | Output
    | Quantity
    | Condition
    | Nouns
    | ManaEffect,
) -> str:
    """A reading in canonical Oracle wording: a cost (one part or all of them), an effect sentence, an
    output (what follows 'Add'), a quantity, a condition or noun phrases.

    >>> render((TapSymbol(), PayLife(1)))
    '{T}, Pay 1 life'
    >>> render(AnyOf(1, Palette.COLOR))
    'one mana of any color'
    """
    if isinstance(reading, tuple):
        return ", ".join(_cost_text(part) for part in reading)
    if isinstance(reading, Nouns):
        return reading.words()
    if isinstance(reading, Replacement | Trigger):
        return reading.text()
    if isinstance(reading, _SENTENCES):
        return _sentence_text(reading)
    if isinstance(reading, _OUTPUTS):
        return _output_text(reading)
    if isinstance(reading, _QUANTITIES):
        return _quantity_text(reading)
    if isinstance(reading, _CONDITIONS):
        return _condition_text(reading)
    return _cost_text(cast("CostPart", reading))


_SENTENCES = get_args(EffectSentence)
_OUTPUTS = get_args(Output)
_QUANTITIES = get_args(Quantity)
_CONDITIONS = get_args(Condition)
