"""Readings of amounts and of what a mana ability adds: quantities ('the number of Elves you control',
devotion, a life total) and outputs ('{G}{G}', 'one mana of any color', 'X mana in any combination of
colors, where X is ...').

>>> output_text(AnyOf(1, Palette.COLOR))
'one mana of any color'
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from models.oracle.readings.nouns import COLOR_NAMES, Nouns, Number, number_words


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
class Speed:
    """'your speed' (CR 702.179: a player's speed, 0 to 4)."""


@dataclass(frozen=True, slots=True)
class CardsDrawn:
    """'(for each) card you've drawn this turn'."""


@dataclass(frozen=True, slots=True)
class GreatestPower:
    """'the greatest power among <objects>'."""

    among: Nouns


@dataclass(frozen=True, slots=True)
class DifferentPowers:
    """'(for each) different power among <objects>'."""

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
    | Speed
    | CardsDrawn
    | GreatestPower
    | DifferentPowers
    | LandTypesAmong
    | SacrificedManaValue
    | Devotion
    | Plus
)


def quantity_text(quantity: Quantity, *, each: bool = False) -> str:
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
        case Speed():
            return "your speed"
        case CardsDrawn():
            return "card you've drawn this turn" if each else "the number of cards you've drawn this turn"
        case GreatestPower(among):
            return f"the greatest power among {among.words(plural=True)}"
        case DifferentPowers(among):
            words = among.words(plural=True)
            return (
                f"different power among {words}" if each else f"the number of different powers among {words}"
            )
        case LandTypesAmong(among):
            return f"the number of basic land types among {among.words(plural=True)}"
        case SacrificedManaValue(how, noun):
            return f"the {how} {noun}'s mana value"
        case Devotion(colors):
            return "your devotion to " + (
                " and ".join(COLOR_NAMES[c] for c in colors) if colors else "that color"
            )
        case Plus(plus, inner):
            return f"{plus} plus {quantity_text(inner)}"
    raise AssertionError(quantity)  # pragma: no cover


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


@dataclass(frozen=True, slots=True)
class ManaOfSymbol:
    """'Add X mana of {C}.'; with ``then_one``: 'Add X mana of {C}, and then add an additional {C}.' (one
    more of the same symbol after them)."""

    count: Number
    symbol: str
    then_one: bool = False


class Palette(Enum):
    """What 'mana of any ...' chooses from."""

    COLOR = "color"
    TYPE = "type"
    COLOR_IN_IDENTITY = "color in your commander's color identity"
    CHOSEN_COLOR = "the chosen color"
    THAT_COLOR = "that color"
    IMPRINTED = "the exiled card's colors"
    #: 'the exiled cards' colors' (Pit of Offerings: any color of any of the cards exiled with it)
    IMPRINTED_CARDS = "the exiled cards' colors"
    NOTED_TYPE = "~'s last noted type"
    DRAFTED = "any color chosen as you drafted cards named ~"
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
    untapped: str = ""  # 'that <noun> could produce': the permanent its cost untapped (Benthic Explorers)
    among: Nouns | None = None  # 'among <objects>'
    produced: str = ""  # 'that <noun> produced'
    where: Quantity | None = None
    also: str = ""  # '{G} or one mana of the chosen color': the symbol it may add instead


@dataclass(frozen=True, slots=True)
class AnyForEach:
    """'one mana of any color for each <quantity>': that many mana, each of any color (or type); with
    ``produced``, of any type that <noun> produced (Sasaya's Essence: 'one mana of any type that land
    produced for each other land you control with the same name as it')."""

    palette: Palette
    each: Quantity
    produced: str = ""


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


@dataclass(frozen=True, slots=True)
class EachCraftedColor:
    """'For each color among the exiled cards used to craft ~, add one mana of that color.' (Sunbird
    Effigy, CR 702.167: the cards exiled to pay its craft cost)."""


#: What an 'Add ...' effect adds.
Output = (
    FixedMana
    | ManaChoice
    | FixedForEach
    | FixedEqualTo
    | FixedThenMore
    | ManaOfSymbol
    | AnyOf
    | AnyForEach
    | Combination
    | Different
    | AmountOfThatColor
    | EachColorAmong
    | EachCraftedColor
)


def output_text(output: Output) -> str:
    """What follows 'Add' (for :class:`EachColorAmong` and :class:`EachCraftedColor`, the whole sentence
    without its period)."""
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
            return f"{symbols} for each {quantity_text(each, each=True)}"
        case FixedEqualTo(symbols, amount):
            return f"an amount of {symbols} equal to {quantity_text(amount)}"
        case FixedThenMore(symbols, each):
            return f"{symbols}, then add an additional {symbols} for each {quantity_text(each, each=True)}"
        case ManaOfSymbol(count, symbol, then_one):
            then = f", and then add an additional {symbol}" if then_one else ""
            return f"{number_words(count)} mana of {symbol}{then}"
        case AnyOf():
            return _any_of_text(output)
        case AnyForEach(palette, each, produced):
            that = f" that {produced} produced" if produced else ""
            return f"one mana of any {palette.value}{that} for each {quantity_text(each, each=True)}"
        case Combination(count, symbols, where):
            spelled = " and/or ".join(symbols) if symbols else "colors"
            return f"{number_words(count)} mana in any combination of {spelled}" + _where(where)
        case Different(count):
            return f"{number_words(count)} mana of different colors"
        case AmountOfThatColor(amount, for_each):
            if for_each:
                return f"one mana of that color for each {quantity_text(amount, each=True)}"
            return f"an amount of mana of that color equal to {quantity_text(amount)}"
        case EachColorAmong(among):
            return f"For each color among {among.words()}, add one mana of that color"
        case EachCraftedColor():
            return "For each color among the exiled cards used to craft ~, add one mana of that color"
    raise AssertionError(output)  # pragma: no cover


def _where(where: Quantity | None) -> str:
    return f", where X is {quantity_text(where)}" if where is not None else ""


def _any_of_text(output: AnyOf) -> str:
    count = number_words(output.count)
    palette = output.palette
    if palette is Palette.CHOSEN_COLOR and output.also:
        return f"{output.also} or {count} mana of {palette.value}"
    if palette in (Palette.CHOSEN_COLOR, Palette.THAT_COLOR):
        return f"{count} mana of {palette.value}" + _where(output.where)
    if palette in (Palette.IMPRINTED, Palette.IMPRINTED_CARDS):
        return f"{count} mana of any of {palette.value}"
    if palette in (Palette.NOTED_TYPE, Palette.DRAFTED):
        return f"{count} mana of {palette.value}"
    if palette is Palette.GRAVEYARD_COLOR:
        return f"{count} mana of {palette.value}"
    text = f"{count} mana of any {'one ' if output.one else ''}{palette.value}"
    if output.could_produce is not None:
        text += f" that {output.could_produce.words(1)} could produce"
    if output.sacrificed:
        text += f" the sacrificed {output.sacrificed} could produce"
    if output.untapped:
        text += f" that {output.untapped} could produce"
    if output.among is not None:
        text += f" among {output.among.words()}"
    if output.produced:
        text += f" that {output.produced} produced"
    return text + _where(output.where)
