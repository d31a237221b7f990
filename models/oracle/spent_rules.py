"""The grammar's transformer methods for the riders of a spell's text on the mana spent to cast it
(``spent_rider`` in ``grammar.lark``: converge, sunburst, adamant, "if {C} was spent"), mixed into the
transformer of :mod:`models.oracle.grammar` (its numbers are the phrase rules'); the riders are found in a
text by :mod:`models.oracle.spent_riders`.

>>> _count(3)
3
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from lark import Token, Transformer, v_args

from models.cost import ManaCost
from models.errors import CostParseError
from models.mana import TYPE_ORDER, ManaType
from models.oracle import lexicon
from models.oracle.grammar_parser import UnreadError
from models.oracle.readings import Nouns, OncePerTurn
from models.riders import (
    ColorsSpent,
    ManaSpent,
    PairSpent,
    SameColorSpent,
    SpentRider,
    TreasureSpent,
    TypeSpent,
)

__all__ = ["NO_MANA", "SpellsCast", "SpentRules", "ThisWay"]

#: What ``mana_sources`` reads "You can't spend mana to cast this spell." as (Hogaak): no mana pays it.
NO_MANA = "no mana"


@dataclass(frozen=True, slots=True)
class ThisWay:
    """'Spend only mana produced by <objects> to cast it this way.': the sources of the mana that may pay
    the spell cast for the alternative cost before it (Security Rhox's Treasures)."""

    what: Nouns


@dataclass(frozen=True, slots=True)
class SpellsCast:
    """'Whenever you cast an instant or sorcery spell': who casts (the grammar's ``CASTER``, 'you cast') and
    the spells described; 'your first spell each turn' the ``nth`` of them cast in a turn (0: any of them),
    ``your_turns`` when only those of the caster's turns count ('during each of your turns')."""

    caster: str
    what: Nouns
    nth: int = 0
    your_turns: bool = False


@v_args(inline=True)
class SpentRules(Transformer[Token, Any]):
    """The parse tree of ``spent_rider`` to a rider."""

    def mana_sources(self, what: Any, *_: Any) -> Any:
        """'Spend only mana produced by <objects> to cast this spell.': the objects (Myr Superion's
        creatures)."""
        return what

    def mana_sources_this_way(self, what: Any, *_: Any) -> Any:
        """'Spend only mana produced by <objects> to cast it this way.' (Security Rhox): the objects, for the
        alternative cost before it."""
        return ThisWay(what)

    def no_mana_sources(self, *_: Any) -> Any:
        """'You can't spend mana to cast this spell.' (Hogaak): no source at all."""
        return NO_MANA

    def colors_spent(self, *_: Any) -> SpentRider:
        return ColorsSpent()

    def symbols_spent(self, token: Token, _cast: None) -> SpentRider:
        try:
            symbols = ManaCost.parse(str(token)).symbols
        except CostParseError:
            raise UnreadError(f"not mana symbols: {token}") from None
        counts: dict[ManaType, int] = {}
        for symbol in symbols:
            mana_type = symbol.single_type
            if mana_type is None:  # ('{S}': mana from a snow source; hybrid symbols)
                raise UnreadError(f"not mana of one type: {symbol} in {token}")
            counts[mana_type] = counts.get(mana_type, 0) + 1
        parts = tuple(TypeSpent(t, counts[t]) for t in TYPE_ORDER if t in counts)  # (in WUBRG order)
        return parts[0] if len(parts) == 1 else PairSpent(parts)

    def color_spent(self, number: object, color: Token, _cast: None) -> SpentRider:
        return TypeSpent(ManaType[lexicon.COLOR_WORDS[str(color).lower()]], _count(number))

    def same_color_spent(self, number: object, *_: Any) -> SpentRider:
        return SameColorSpent(_count(number))

    def triggers_once_each_turn(self, _once: Token) -> OncePerTurn:
        """'This ability triggers only once each turn.' after a trigger (CR 603.2h's limit on it)."""
        return OncePerTurn()

    def spells_cast(self, caster: Token, what: Nouns) -> SpellsCast:
        return SpellsCast(" ".join(str(caster).lower().split()), what)

    def nth_spells_cast(self, caster: Token, ordinal: Token, what: Nouns, turn: Any) -> SpellsCast:
        nth = 1 if str(ordinal).lower() == "first" else 2
        yours = getattr(turn, "whose", "") == "yours"
        return SpellsCast(" ".join(str(caster).lower().split()), what, nth, yours)

    def mana_spent(self, number: object, *_: Any) -> SpentRider:
        return ManaSpent(_count(number))

    def subtype_spent(self, _article: Token, word: Token, _cast: None) -> SpentRider:
        if lexicon.canonical_type(str(word)) != "Treasure":
            raise UnreadError(f"mana from a {word}: only a Treasure's is read")
        return TreasureSpent()

    def cast_spell(self, *_: Any) -> None:
        return None

    def cast_that(self, *_: Any) -> None:
        return None


def _count(number: object) -> int:
    """A rider's amount: a number written out, never X."""
    if not isinstance(number, int) or number < 1:
        raise UnreadError(f"not a number of mana: {number}")
    return number
