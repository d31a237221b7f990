"""The grammar's transformer methods for the prohibitions that name their spells or lands by a choice or a
name (CR 101.2, 201.2a): 'spells of the chosen type', 'with the chosen name', 'with the same name as the
exiled card' and their kin (``spells_named`` in ``grammar.lark``), Reflector Mage's 'That creature's owner',
and the prohibitions on playing lands ('Players can't play nonbasic lands with the same name as a nontoken
permanent.': Cornered Market), mixed into the transformer of :mod:`models.oracle.grammar` beside the
prohibitions' own rules (:mod:`models.oracle.static_rules`).

>>> from models.oracle.grammar import parse_static
>>> parse_static("You can't play lands").opponents
False
"""

from __future__ import annotations

from typing import Any

from lark import Token, Transformer, v_args

from models.alternative_costs import SpellName
from models.oracle.grammar_parser import UnreadError
from models.oracle.statics import LandPlayBanReading

__all__ = ["BanRules"]


@v_args(inline=True)
class BanRules(Transformer[Token, Any]):
    """The parse trees of a prohibition's names and of a prohibition on playing lands to readings."""

    def cant_play_lands(self, players: str, *parts: Any) -> LandPlayBanReading:
        """'<players> can't play [non<type>] lands [with the same name as a nontoken permanent] [from
        <zones>]' (CR 101.2, 305.1)."""
        (lands,) = (p for p in parts if isinstance(p, Token) and p.type == "CARD_TYPE")
        named = next((part for part in parts if isinstance(part, SpellName)), None)
        if str(lands).lower() not in ("land", "lands") or players == "owner":
            raise UnreadError(f"a prohibition on playing {lands}")
        if named not in (None, SpellName.NONTOKEN_PERMANENT):
            raise UnreadError("lands of a name a choice gives")  # (no card says so: not judged)
        excluded = tuple(
            str(p).lower().removeprefix("non").removeprefix("-").title()
            for p in parts
            if isinstance(p, Token) and p.type == "NON_TYPE"
        )
        zones = next((part for part in parts if isinstance(part, frozenset)), None)
        return LandPlayBanReading(players == "opponents", players == "everyone", excluded, named, zones)

    def spells_of_chosen_type(self) -> str:
        return "chosen_type"

    def ban_owner(self, _creature: Token) -> str:
        """'That creature's owner' (Reflector Mage): the board gives no owner, and a permanent's owner is
        taken as its controller, so the owner of 'a creature an opponent controls' is an opponent."""
        return "owner"

    def named_chosen(self) -> SpellName:
        return SpellName.CHOSEN

    def named_as_exiled(self, _card: Token) -> SpellName:
        return SpellName.EXILED

    def named_as_exiled_with_it(self, *_parts: Token) -> SpellName:
        return SpellName.EXILED_WITH_IT

    def named_as_nontoken_permanent(self, _article: Token, non_type: Token, _permanent: Token) -> SpellName:
        if str(non_type).lower().replace("-", "") != "nontoken":
            raise UnreadError(f"the same name as a {non_type} permanent")
        return SpellName.NONTOKEN_PERMANENT

    def named_as_that_creature(self, _creature: Token) -> SpellName:
        return SpellName.THAT_CREATURE
