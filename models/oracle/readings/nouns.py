"""Readings of numbers and noun phrases: how many ('two', 'X', 'any number of'), and which objects
('artifact creatures you control', 'a basic land card', 'Elves with power 2 or greater'), with the qualities
a noun can carry.

>>> Nouns((Noun(types=("Elf",), controller=Controller.YOU),)).words()
'Elf you control'
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Final

from models.oracle.lexicon import plural_forms


class _Variable(Enum):
    """A number the text does not fix: X, or 'any number of'."""

    X = "X"
    ANY = "any number of"


X: Final = _Variable.X


ANY_NUMBER: Final = _Variable.ANY


#: A count as written: a number, X, or 'any number of'.
Number = int | _Variable


_NUMBER_WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


def count_words(number: Number, noun: str = "") -> str:
    """A count before a noun: 'a Forest', 'an artifact', 'two', 'X', 'any number of'.

    >>> count_words(1, "Elf"), count_words(1, "artifact"), count_words(3)
    ('an', 'an', 'three')
    >>> count_words(X), count_words(ANY_NUMBER)
    ('X', 'any number of')
    """
    if isinstance(number, _Variable):
        return number.value
    if number == 1:
        return "an" if noun[:1].lower() in ("a", "e", "i", "o", "u") else "a"
    return _NUMBER_WORDS[number] if number < len(_NUMBER_WORDS) else str(number)


def number_words(number: Number) -> str:
    """A count in running text: 'one', 'two', '12', 'X'."""
    if isinstance(number, _Variable):
        return number.value
    return _NUMBER_WORDS[number] if number < len(_NUMBER_WORDS) else str(number)


class Controller(Enum):
    """Whose objects a noun phrase names, as its controller phrase says ('you control')."""

    UNSAID = ""
    YOU = "you control"
    #: 'creatures you control but don't own' (Laughing Jasper Flint): the board's ``owner`` (CR 108.3)
    YOU_NOT_OWNER = "you control but don't own"
    OPPONENT = "an opponent controls"
    OPPONENTS = "your opponents control"
    BATTLEFIELD = "on the battlefield"
    #: 'each artifact its controller controls' (Hum of the Radix): the spell's controller's, which only a
    #: change of spells' costs reads (CR 601.2f)
    SPELLS_CONTROLLER = "its controller controls"
    #: 'creatures enchanted player controls' (Overwhelming Splendor, a Curse): the player the source enchants
    ENCHANTED_PLAYER = "enchanted player controls"


@dataclass(frozen=True, slots=True)
class WithPower:
    """'with power N or greater'."""

    at_least: int


@dataclass(frozen=True, slots=True)
class WithCounter:
    """'with a <kind> counter on it'; ``kind`` empty: 'with a counter on it'."""

    kind: str = ""


@dataclass(frozen=True, slots=True)
class OrType:
    """'a black or artifact creature': of one of the noun's colors, or else of one of these types ('a black
    or red creature': none, of either color)."""

    types: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class WithKeyword:
    """'with flying', 'with defender'."""

    keyword: str


@dataclass(frozen=True, slots=True)
class WithManaValue:
    """'with mana value N or greater'."""

    at_least: int


@dataclass(frozen=True, slots=True)
class WithManaValueAtMost:
    """'with mana value N or less'."""

    at_most: int


@dataclass(frozen=True, slots=True)
class WithManaValueX:
    """'with mana value X' (the Shoals' alternative cost: X is the exiled card's mana value)."""


@dataclass(frozen=True, slots=True)
class WithChosenManaValue:
    """'with mana value of the chosen value' (Ashling's Prerogative: odd or even, chosen as it entered)."""


@dataclass(frozen=True, slots=True)
class WithChosenNumber:
    """'with mana value equal to the chosen number' (Sanctum Prelate: the number chosen as it entered)."""


@dataclass(frozen=True, slots=True)
class WithChosenWord:
    """'with the chosen word in their text box' (Meddling Kids: the word chosen as it entered)."""


@dataclass(frozen=True, slots=True)
class OfOrdinalChosenType:
    """'of the first chosen type' (Illusionary Terrain: the first of the basic land types chosen as it
    entered)."""

    ordinal: str


@dataclass(frozen=True, slots=True)
class WithWatermark:
    """'with a watermark', 'with watermarks'."""


@dataclass(frozen=True, slots=True)
class WithSymbolInCost:
    """'with {X} in their mana costs'."""

    symbol: str


@dataclass(frozen=True, slots=True)
class WithoutSymbolInCost:
    """'without {X} in its mana cost'."""

    symbol: str


@dataclass(frozen=True, slots=True)
class CouldProduce:
    """'that could produce {C}' (Obsidian Charmaw): a permanent with that type among what it could produce
    (CR 106.7), the letter of the mana type."""

    letter: str


@dataclass(frozen=True, slots=True)
class ThatEntered:
    """'that entered the battlefield this turn' (Alena, Kessig Trapper): the board's ``entered_this_turn``."""


#: A 'with' (or 'without') clause of a noun phrase, or 'that entered the battlefield this turn'.
Quality = (
    WithPower
    | ThatEntered
    | WithCounter
    | WithKeyword
    | OrType
    | WithManaValue
    | WithManaValueAtMost
    | WithManaValueX
    | WithChosenManaValue
    | WithChosenNumber
    | WithChosenWord
    | OfOrdinalChosenType
    | WithWatermark
    | WithSymbolInCost
    | WithoutSymbolInCost
    | CouldProduce
)


def _quality(quality: Quality) -> str:
    if isinstance(quality, WithPower):
        return f"with power {quality.at_least} or greater"
    if isinstance(quality, WithCounter):
        return f"with a {quality.kind} counter on it" if quality.kind else "with a counter on it"
    if isinstance(quality, WithManaValue):
        return f"with mana value {quality.at_least} or greater"
    if isinstance(quality, WithManaValueAtMost):
        return f"with mana value {quality.at_most} or less"
    if isinstance(quality, WithManaValueX):
        return "with mana value X"
    if isinstance(quality, WithChosenManaValue):
        return "with mana value of the chosen value"
    if isinstance(quality, WithChosenNumber):
        return "with mana value equal to the chosen number"
    if isinstance(quality, WithChosenWord):
        return "with the chosen word in their text box"
    if isinstance(quality, OfOrdinalChosenType):
        return f"of the {quality.ordinal} chosen type"
    if isinstance(quality, WithWatermark):
        return "with a watermark"
    if isinstance(quality, WithSymbolInCost):
        return f"with {quality.symbol} in their mana costs"
    if isinstance(quality, WithoutSymbolInCost):
        return f"without {quality.symbol} in their mana costs"
    if isinstance(quality, ThatEntered):
        return "that entered the battlefield this turn"
    if isinstance(quality, CouldProduce):
        return f"that could produce {{{quality.letter}}}"
    if isinstance(quality, OrType):  # pragma: no cover (written beside the colors by Noun.words)
        return ""
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
    colored: bool = False  # 'colored': one color or more (CR 105.2)
    multicolored: bool = False
    monocolored: bool = False
    face_down: bool = False
    kicked: bool = False
    historic: bool = False  # 'historic' (CR 700.6): legendary, an artifact or a Saga
    other: bool = False
    untapped: bool = False
    tapped: bool = False
    attacking: bool = False
    attached: str = ""  # 'enchanted' or 'equipped': the permanent the source is attached to
    head: Head = Head.TYPES
    qualities: tuple[Quality, ...] = ()
    chosen_type: bool = False
    chosen_color: bool = False  # 'of the chosen color': of the color chosen for the source (Caged Sun)
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
        either = [t.lower() if t in _CARD_TYPE_WORDS else t for q in self.qualities if isinstance(q, OrType)
                  for t in q.types]  # fmt: skip
        colors = [COLOR_NAMES[letter] for letter in self.colors]
        if any(isinstance(q, OrType) for q in self.qualities):
            colors = [" or ".join(colors + either)]
        words += colors
        if self.colorless:
            words.append("colorless")
        if self.colored:
            words.append("colored")
        if self.multicolored:
            words.append("multicolored")
        if self.monocolored:
            words.append("monocolored")
        if self.face_down:
            words.append("face-down")
        if self.kicked:
            words.append("kicked")
        if self.historic:
            words.append("historic")
        words += [f"non{t.lower()}" for t in self.excluded]
        words += [t.lower() for t in self.supertypes]
        words += [t.lower() if t in _CARD_TYPE_WORDS else t for t in self.types]
        if self.head is not Head.TYPES:
            words.append(self.head.value + ("s" if plural else ""))
        elif plural and self.types:
            words[-1] = _plural(self.types[-1])
        if self.named == EXILED_NAME:
            words.append("with the same name as the exiled card")
        elif self.named == SPELL_NAME:
            words.append("with the same name as that spell")
        elif self.named == CHOSEN_NAME:
            words.append("with the chosen name")
        elif self.named and self.named not in (ITS_NAME, OTHER_NAME):
            words += ["named", self.named]
        words += [_quality(q) for q in self.qualities if not isinstance(q, OrType)]
        if self.zone == "exile":
            words.append("from exile")
        elif self.zone:
            words.append(f"{zone_word} your {self.zone}")
        if self.controller is not Controller.UNSAID:
            words.append(self.controller.value)
        if self.chosen_type:
            words.append("of the chosen type")
        if self.chosen_color:
            words.append("of the chosen color")
        if self.named == ITS_NAME:
            words.append("with the same name as it")
        if self.named == OTHER_NAME:
            verb = "don't" if plural else "doesn't"
            words.append(f"that {verb} have the same name as ~")
        return " ".join(words)


def _plural(word: str) -> str:
    """A type word's plural as Oracle writes it ('lands', 'Elves'); the word itself when it has none."""
    try:
        return plural_forms(word)[-1]
    except ValueError:
        return word


#: What :attr:`Noun.named` holds for 'with the same name as the exiled card' (Noun names never have quotes).
EXILED_NAME: Final = "the exiled card's name"
#: What :attr:`Noun.named` holds for 'with the same name as it': the name of the permanent a trigger is
#: about (Sasaya's Essence: the land tapped for mana).
ITS_NAME: Final = "its name"
#: What :attr:`Noun.named` holds for 'that don't have the same name as ~': any name but the one of the
#: permanent the text is written on (Marvin, Murderous Mimic's creatures it shares the abilities of).
OTHER_NAME: Final = "a name other than its source's"
#: What :attr:`Noun.named` holds for 'with the same name as that spell': the name of the spell whose cost is
#: changed (Locket of Yesterdays: 'for each card with the same name as that spell in your graveyard').
SPELL_NAME: Final = "that spell's name"
#: What :attr:`Noun.named` holds for 'with the chosen name': the card name its source's choice named (Cheering
#: Fanatic's 'Spells with the chosen name', the board's ``choices.card_name``).
CHOSEN_NAME: Final = "the chosen name"


COLOR_NAMES = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}


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
            opening = f"{count_words(count, opening)} {opening}"
        if not rest:
            return opening
        if len(self.nouns) == 2:
            return f"{opening} {self.joiner} {rest[0].words(plural=plural)}"
        middle = ", ".join(noun.words(plural=plural) for noun in rest[:-1])
        return f"{opening}, {middle}, {self.joiner} {rest[-1].words(plural=plural)}"
