"""The grammar's transformer methods for a spell's own rules on how it is cast (the ``own_spell_rule`` start
rule, CR 601.2): Winter's Chill's 'X can't be greater than the number of snow lands you control.' (CR 107.3,
601.2b), mixed into the transformer of :mod:`models.oracle.grammar`; what they read is made into records by
:mod:`models.oracle.cast_rules`.

>>> from models.oracle.grammar import parse_own_spell_rule
>>> cap = parse_own_spell_rule("X can't be greater than the number of Islands you control.")
>>> cap.most.what.nouns[0].types
('Island',)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from lark import Token, Transformer, v_args

from models.oracle.readings import Condition, Quantity

__all__ = ["CastOnlyReading", "OwnSpellRule", "OwnSpellRules", "XCapReading"]


@dataclass(frozen=True, slots=True)
class XCapReading:
    """'X can't be greater than <quantity>.' (Winter's Chill): the largest X its caster may announce."""

    most: Quantity


@dataclass(frozen=True, slots=True)
class CastOnlyReading:
    """'Cast this spell only during combat.' (and 'during your turn', 'during an opponent's turn', 'if
    <condition>'; two joined by 'and only'): when its caster may cast it (CR 601.3), each of ``windows``
    ('combat', 'your_turn', 'opponent_turn', or a condition as read)."""

    windows: tuple[str | Condition, ...]


#: What the ``own_spell_rule`` start rule reads.
OwnSpellRule = XCapReading | CastOnlyReading


@v_args(inline=True)
class OwnSpellRules(Transformer[Token, Any]):
    """The parse tree of a spell's own rule on casting it to its reading."""

    def x_cap(self, _x: Token, *parts: Any) -> XCapReading:
        (most,) = (part for part in parts if not isinstance(part, Token))
        return XCapReading(most)

    def cast_only(self, _self: Token, *parts: Any) -> CastOnlyReading:
        return CastOnlyReading(tuple(part for part in parts if not isinstance(part, Token)))

    def cast_during_combat(self) -> str:
        return "combat"

    def cast_during_your_turn(self) -> str:
        return "your_turn"

    def cast_during_opponent_turn(self, _article: Token) -> str:
        return "opponent_turn"

    def cast_if(self, held: Condition) -> Condition:
        return held
