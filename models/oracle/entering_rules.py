"""The grammar's transformer methods for how a permanent enters (CR 614.1c-d, 614.12): "As ~ enters, choose a
color." and its kin, "you may pay 2 life" / "you may reveal" as it enters, "~ enters tapped[ unless ...]" and
its conditions, returning or exiling a card as it enters (a bounce land, Imprint), and the land a search puts
onto the battlefield; mixed into the transformer of :mod:`models.oracle.grammar`.

>>> from models.oracle.grammar import parse_static
>>> parse_static("As ~ enters, choose odd or even").kind
'odd or even'
"""

from __future__ import annotations

from typing import Any

from lark import Token, Transformer, v_args

from models.oracle.readings import Nouns
from models.oracle.statics import (
    ChooseAsEnters,
    ControlOneOfTwo,
    EntersReturn,
    EntersTapped,
    EntersTappedIf,
    EntersTappedIfNot,
    EntersUnless,
    FewOtherLands,
    Imprint,
    LandSearchReading,
    ManyOtherLands,
    MayPayLifeAsEnters,
    MayRevealAsEnters,
    OpponentsAtLeast,
    PlayerLifeAtMost,
)
from models.oracle.tree_parts import first_of, has_token

__all__ = ["EnteringRules"]


@v_args(inline=True)
class EnteringRules(Transformer[Token, Any]):
    """The parse trees of how a permanent enters to their readings."""

    def choose_as_enters(self, *parts: Any) -> ChooseAsEnters:
        # ('As ~ enters' or 'As it enters': what follows the article is the kind, then what it is other than)
        at = next(i for i, p in enumerate(parts) if isinstance(p, Token) and p.type == "ARTICLE")
        kind, *other = parts[at + 1 :]
        return ChooseAsEnters(kind, str(other[0]) if other else "")

    def choose_two_land_types(self, *_parts: Any) -> ChooseAsEnters:
        """'As ~ enters, choose two basic land types.' (Illusionary Terrain: choices.basic_land_types)"""
        return ChooseAsEnters("basic land types")

    def choose_odd_or_even(self, *_parts: Any) -> ChooseAsEnters:
        """'As ~ enters, choose odd or even.' (Ashling's Prerogative: the board's choices.odd_or_even)"""
        return ChooseAsEnters("odd or even")

    def may_pay_life_as_enters(self, *parts: Any) -> MayPayLifeAsEnters:
        self._you(parts)
        return MayPayLifeAsEnters(next(p for p in parts if isinstance(p, int)))

    def may_reveal_as_enters(self, *parts: Any) -> MayRevealAsEnters:
        self._you(parts)
        return MayRevealAsEnters(next(p for p in parts if isinstance(p, int)), first_of(parts, Nouns))

    def _you(self, parts: tuple[Any, ...]) -> None:
        if "you" not in [p for p in parts if isinstance(p, str) and not isinstance(p, Token)]:
            raise ValueError("'you may' is the player who may pay or reveal")

    def enters_tapped_if_not(self, who: str, *_parts: Any) -> EntersTappedIfNot:
        if who != "you":
            raise ValueError("'If you don't' is the player who may pay")
        return EntersTappedIfNot()

    def enters_tapped(self, _self: Token, _tapped: Token, *clause: Token) -> EntersTapped:
        unless = clause and clause[0].type == "UNLESS_CLAUSE"
        return EntersTapped(str(clause[0])[len("unless") :].strip() if unless else "")

    def enters_return(self, _self: Token, _article: Token, what: Nouns) -> EntersReturn:
        return EntersReturn(what)

    def imprint(self, _self: Token, determiner: Token, what: Nouns) -> Imprint:
        return Imprint(what, determiner.type == "TARGET")

    def enters_unless(self, reading: Any) -> Any:  # pragma: no cover (every alternative is named)
        return reading

    def control_one_of_two(
        self, _a: Token, first: str, _or: Token, _b: Token, second: str
    ) -> ControlOneOfTwo:
        return ControlOneOfTwo(first, second)

    def few_other_lands(self, number: int, *_words_tokens: Token) -> FewOtherLands:
        return FewOtherLands(number)

    def many_other_lands(self, number: int, *_words_tokens: Token) -> ManyOtherLands:
        return ManyOtherLands(number)

    def player_life_at_most(self, _a: Token, number: int, _or: Token, than: Token) -> PlayerLifeAtMost:
        if than.lower() != "less":
            raise ValueError("'a player has N or more life' is no condition a land reads")
        return PlayerLifeAtMost(number)

    def opponents_at_least(self, _have: Token, number: int, _or: Token, than: Token) -> OpponentsAtLeast:
        if than.lower() != "more":
            raise ValueError("'you have N or less opponents' is no condition a land reads")
        return OpponentsAtLeast(number)

    def enters_tapped_if(self, condition: EntersUnless, _self: Token, _tapped: Token) -> EntersTappedIf:
        return EntersTappedIf(condition)

    def land_search(self, *parts: Any) -> LandSearchReading:
        found: LandSearchReading = first_of(parts, LandSearchReading)
        return LandSearchReading(found.types, found.basic, has_token(parts, "TAPPED"))

    def basic_land(self, _basic: Token, _land: Token) -> LandSearchReading:
        return LandSearchReading(basic=True)

    def land_types_found(self, *parts: Any) -> LandSearchReading:
        return LandSearchReading(
            types=tuple(p for p in parts if isinstance(p, str) and not isinstance(p, Token))
        )
