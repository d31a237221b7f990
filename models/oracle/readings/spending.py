"""Readings of the riders and restrictions on spending mana: what the mana may be spent on ('to cast
creature spells', 'to activate abilities of artifacts'), what it can't pay, and what happens when it is spent.

>>> SpendOnly((ActivateUse(None), CommanderUse())).uses_text()
'to activate abilities or to cast your commander'
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from models.oracle.readings.nouns import Nouns


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
    CLASS_LEVEL = "gain a Class level"
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
class WhenSpent:
    """'When that mana is spent to cast ..., ...': what the mana does once spent, as written."""

    text: str
