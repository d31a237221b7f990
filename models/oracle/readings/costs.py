"""Readings of an activated ability's cost: one record per kind of cost part ({T}, 'Pay 2 life', 'Sacrifice a
Forest', 'Remove a charge counter from ~'...), each rendering back to its wording.

>>> cost_text(Sacrifice(1, Nouns((Noun(types=("Forest",)),))))
'Sacrifice a Forest'
"""

from __future__ import annotations

from dataclasses import dataclass

from models.oracle.readings.nouns import Noun, Nouns, Number, count_words


@dataclass(frozen=True, slots=True)
class ManaSymbols:
    """Mana symbols paid as a cost: '{1}{G}', '{W/B}', '{X}'."""

    symbols: str


@dataclass(frozen=True, slots=True)
class WaterbendSymbols:
    """'waterbend {X}' as a cost (CR 701.67a): mana symbols paid, of whose generic mana each may be paid by
    tapping an untapped artifact or creature instead."""

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
class PayXLife:
    """'Pay X life' in a spell's cost (Toxic Deluge's additional cost): X life, the X chosen as the spell is
    cast (CR 107.3, 601.2b)."""


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
class ExileSelfFromGraveyard:
    """'Exile ~ from your graveyard' (Jack-o'-Lantern's mana ability works from there, CR 113.6b)."""


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
    | ExileSelfFromGraveyard
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


def card_phrase(count: Number, what: Noun, zone_word: str = "from") -> str:
    """'a card', 'two cards', 'a creature card from your hand', 'X artifact cards in your hand'."""
    phrase = what.words(zone_word)
    return f"{count_words(count, phrase)} {phrase}"


def cost_text(part: CostPart) -> str:
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
            return f"Remove {count_words(count, kind)} {kind} {_counters(count)} from ~"
        case PutCounter(count, kind):
            return f"Put {count_words(count, kind)} {kind} {_counters(count)} on ~"
        case TapOthers(count, what):
            return f"Tap {what.words(count)}"
        case UntapOthers(count, what):
            return f"Untap {what.words(count)}"
        case Discard(count, what):
            return f"Discard {card_phrase(count, what)}"
        case DiscardHand():
            return "Discard your hand"
        case ExileSelfFromHand():
            return "Exile ~ from your hand"
        case ExileFromHand(count, what) | ExileFromGraveyard(count, what):
            return f"Exile {card_phrase(count, what)}"
        case ExilePermanent(count, what):
            return f"Exile {what.words(count)}"
        case ReturnSelf():
            return "Return ~ to its owner's hand"
        case ReturnPermanent(count, what):
            return f"Return {what.words(count)} to its owner's hand"
        case Exert():
            return "Exert ~"
        case Reveal(count, what):
            return f"Reveal {card_phrase(count, what)}"
        case Forage():
            return "Forage"
        case CollectEvidence(amount):
            return f"Collect evidence {amount}"
    raise AssertionError(part)  # pragma: no cover (every kind is matched above)


def _counters(count: Number) -> str:
    return "counter" if isinstance(count, int) and count == 1 else "counters"
