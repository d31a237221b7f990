"""Typed readings of the sentences about how a permanent enters the battlefield (the grammar's ``static``
sentences of that family): a choice made as it enters, a shockland's life, a reveal land's reveal, entering
tapped (unless a condition about the lands its controller controls, the players' life or their number, or
when one holds), a bounce land's return, an imprint, a
land search; and the openings of the abilities that roll a die or flip a coin. They are static sentences
(:data:`models.oracle.statics.StaticSentence`), rendered back by :func:`entering_text`.

>>> entering_text(EntersTapped(unless="you control two or more other lands"))
'~ enters tapped unless you control two or more other lands'
"""

from __future__ import annotations

from dataclasses import dataclass

from models.oracle.lexicon import article
from models.oracle.readings import Nouns

__all__ = [
    "ChooseAsEnters",
    "ControlOneOfTwo",
    "EntersReturn",
    "EntersTapped",
    "EntersTappedIf",
    "EntersTappedIfNot",
    "EntersUnless",
    "FewOtherLands",
    "Imprint",
    "LandSearchReading",
    "ManyOtherLands",
    "MayPayLifeAsEnters",
    "MayRevealAsEnters",
    "OpponentsAtLeast",
    "PlayerLifeAtMost",
    "RandomOpening",
    "ResultEffects",
    "entering_text",
]


@dataclass(frozen=True, slots=True)
class ChooseAsEnters:
    """'As ~ enters, choose a color' (or a creature type, basic land type, card type), with the word after
    'other than' when there is one."""

    kind: str
    other_than: str = ""


@dataclass(frozen=True, slots=True)
class MayPayLifeAsEnters:
    """'As ~ enters, you may pay N life.' (a shockland's first sentence)."""

    life: int


@dataclass(frozen=True, slots=True)
class MayRevealAsEnters:
    """'As ~ enters, you may reveal an Island or Swamp card from your hand.' (a reveal land)."""

    count: int
    what: Nouns


@dataclass(frozen=True, slots=True)
class EntersTappedIfNot:
    """'If you don't, it enters tapped.' (a shockland's second sentence)."""


@dataclass(frozen=True, slots=True)
class EntersTapped:
    """'~ enters tapped [unless <condition>].': the condition as written."""

    unless: str = ""


@dataclass(frozen=True, slots=True)
class EntersReturn:
    """'When ~ enters, return a land you control to its owner's hand.' (a bounce land)."""

    what: Nouns


@dataclass(frozen=True, slots=True)
class Imprint:
    """'When ~ enters, you may exile target land you control' (or 'a ... card from your hand'): what it
    exiled is a choice of the board."""

    what: Nouns
    target: bool = False


@dataclass(frozen=True, slots=True)
class RandomOpening:
    """'Roll a six-sided die', 'Roll a d20', 'Flip a coin': as written, lower case."""

    text: str


@dataclass(frozen=True, slots=True)
class ResultEffects:
    """'This ability has the indicated effect' (or 'the following effects based on the result')."""


@dataclass(frozen=True, slots=True)
class ControlOneOfTwo:
    """'you control a Plains or an Island' after 'enters tapped unless'."""

    first: str
    second: str


@dataclass(frozen=True, slots=True)
class FewOtherLands:
    """'you control two or fewer other lands' (a fast land)."""

    at_most: int


@dataclass(frozen=True, slots=True)
class ManyOtherLands:
    """'you control two or more other lands' (a slow land)."""

    at_least: int


@dataclass(frozen=True, slots=True)
class LandSearchReading:
    """'Search your library for a basic land card (or a <type> or <type> card), put it onto the battlefield
    [tapped], then shuffle.'"""

    types: tuple[str, ...] = ()
    basic: bool = False
    tapped: bool = False


@dataclass(frozen=True, slots=True)
class PlayerLifeAtMost:
    """'a player has 13 or less life' (any player, its controller included)."""

    life: int


@dataclass(frozen=True, slots=True)
class OpponentsAtLeast:
    """'you have two or more opponents'."""

    count: int


EntersUnless = ControlOneOfTwo | FewOtherLands | ManyOtherLands | PlayerLifeAtMost | OpponentsAtLeast


@dataclass(frozen=True, slots=True)
class EntersTappedIf:
    """'If you control two or more other lands, ~ enters tapped.': it enters tapped when the condition holds
    (``condition``: read as :data:`EntersUnless`)."""

    condition: EntersUnless


def entering_text(reading: object) -> str | None:
    """The canonical wording of one of these readings (lower case, without its period), or None for a reading
    of another family.

    >>> entering_text(ChooseAsEnters("color")), entering_text("something else")
    ('as ~ enters, choose a color', None)
    """
    match reading:
        case ChooseAsEnters("odd or even"):
            return "as ~ enters, choose odd or even"
        case ChooseAsEnters("basic land types"):
            return "as ~ enters, choose two basic land types"
        case ChooseAsEnters(kind, other_than):
            a_or_an = "an" if kind[0] in "aeiou" else "a"
            other = f" other than {other_than}" if other_than else ""
            return f"as ~ enters, choose {a_or_an} {kind}{other}"
        case MayPayLifeAsEnters(life):
            return f"as ~ enters, you may pay {life} life"
        case MayRevealAsEnters(count, what):
            return f"as ~ enters, you may reveal {what.words(count)}"
        case EntersTappedIfNot():
            return "if you don't, it enters tapped"
        case EntersTapped(unless):
            return "~ enters tapped" + (f" unless {unless}" if unless else "")
        case EntersTappedIf(condition):
            return f"if {entering_text(condition)}, ~ enters tapped"
        case EntersReturn(what):
            return f"when ~ enters, return {what.words(1)} to its owner's hand"
        case Imprint(what, target):
            return f"when ~ enters, you may exile {'target ' + what.words() if target else what.words(1)}"
        case RandomOpening(text):
            return text
        case ResultEffects():
            return "this ability has the indicated effect"
        case ControlOneOfTwo(first, second):
            return f"you control {article(first)} {first} or {article(second)} {second}"
        case FewOtherLands(at_most):
            return f"you control {at_most} or fewer other lands"
        case ManyOtherLands(at_least):
            return f"you control {at_least} or more other lands"
        case PlayerLifeAtMost(life):
            return f"a player has {life} or less life"
        case OpponentsAtLeast(count):
            return f"you have {count} or more opponents"
        case LandSearchReading(types, basic, tapped):
            found = "a basic land" if basic else f"{article(types[0])} " + " or ".join(types)
            onto = "onto the battlefield tapped" if tapped else "onto the battlefield"
            return f"search your library for {found} card, put it {onto}, then shuffle"
    return None
