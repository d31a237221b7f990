"""The parse tree of a change of activated abilities' costs to its reading (:class:`~models.oracle.statics.
AbilitiesCostReading`, CR 602.2b by way of 601.2f): 'Activated abilities of <objects> cost {1} less to
activate' (Blossoming Tortoise), Suppression Field's 'unless they're mana abilities', Zirda's 'Abilities you
activate that aren't mana abilities', the abilities of one keyword (Éowyn's 'Equip abilities you activate',
Auriok Steelshaper's 'Equip costs you pay'), Tezzeret's first artifact ability each turn and Thran Portal's
'an additional 1 life': the grammar's transformer methods for those rules under ``static``, mixed into the
transformer of :mod:`models.oracle.grammar`."""

from __future__ import annotations

from typing import Any

from lark import Token, Transformer, v_args

from models.oracle.grammar_parser import UnreadError
from models.oracle.readings import Noun, Nouns
from models.oracle.static_rules import _Mark, _WhereX
from models.oracle.statics import AbilitiesCostReading
from models.oracle.tree_parts import tokens_of

__all__ = ["AbilityCostRules"]


@v_args(inline=True)
class AbilityCostRules(Transformer[Token, Any]):
    """Transformer methods of the changes of activated abilities' costs (see the module's docstring)."""

    def abilities_cost(self, what: Nouns, _costs: Token, *rest: Any) -> AbilitiesCostReading:
        where_x = rest[-1].quantity if rest and isinstance(rest[-1], _WhereX) else None
        *up_to, symbols, more = rest[:-1] if where_x is not None else rest
        return AbilitiesCostReading(
            what, str(symbols).upper(), str(more).lower() == "more", bool(up_to), where_x=where_x
        )

    def first_ability_cost(self, *parts: Any) -> AbilitiesCostReading:
        """'The first activated ability of an artifact you activate each turn costs {2} less to activate.'
        (Tezzeret, Betrayer of Flesh): of its controller's activations, the first each turn."""
        if [str(word).lower() for word in tokens_of(parts, "ORDINAL")] != ["first"]:
            raise UnreadError("an ability other than the first one activated each turn")
        (kind,) = [part for part in parts if isinstance(part, str) and not isinstance(part, Token)]
        if kind != "Artifact":  # (the board counts the activations of artifacts' abilities alone)
            raise UnreadError(f"the first activated ability of a {kind} activated each turn")
        what = Nouns((Noun(types=(kind,)),))
        (symbols,) = tokens_of(parts, "SYMBOLS")
        (more,) = tokens_of(parts, "MORE_LESS")
        more_said = str(more).lower() == "more"
        return AbilitiesCostReading(what, str(symbols).upper(), more_said, yours=True, first_each_turn=True)

    def non_mana_abilities_cost(self, _costs: Token, symbols: Token, more: Token) -> AbilitiesCostReading:
        """'Activated abilities cost {2} more to activate unless they're mana abilities.' (Suppression
        Field)."""
        return AbilitiesCostReading(None, str(symbols).upper(), str(more).lower() == "more", non_mana=True)

    def mana_abilities_cost_life(
        self, what: Nouns | Token, _costs: Token, _an: Token, life: Token
    ) -> AbilitiesCostReading:
        """'Mana abilities of ~ cost an additional 1 life to activate.' (Thran Portal: its own, ``own``)"""
        if isinstance(what, Token):
            return AbilitiesCostReading(None, "", True, own=True, life=int(life))
        return AbilitiesCostReading(what, "", True, life=int(life))

    def your_non_mana_abilities_cost(
        self, _costs: Token, symbols: Token, more: Token
    ) -> AbilitiesCostReading:
        """'Abilities you activate that aren't mana abilities cost {2} less to activate.' (Zirda)"""
        more_said = str(more).lower() == "more"
        return AbilitiesCostReading(None, str(symbols).upper(), more_said, non_mana=True, yours=True)

    def keyword_abilities_cost(
        self, keyword: Token, what: Nouns, _costs: Token, symbols: Token, more: Token
    ) -> AbilitiesCostReading:
        """'Exhaust abilities of other permanents you control cost {2} less to activate.' (Boom Scholar)"""
        more_said = str(more).lower() == "more"
        return AbilitiesCostReading(what, str(symbols).upper(), more_said, keyword=str(keyword).lower())

    def keywords_and_abilities_cost_while(self, *parts: Any) -> AbilitiesCostReading:
        """'As long as it's your turn, creatures you control have first strike and equip abilities you
        activate cost {1} less to activate.' (Nahiri, Storm of Stone)"""
        what = next(part for part in parts if isinstance(part, Nouns))
        (granted,) = tokens_of(parts, "KEYWORD")
        (keyword,) = tokens_of(parts, "KEYWORD_ABILITY")
        (symbols,) = tokens_of(parts, "SYMBOLS")
        (more,) = tokens_of(parts, "MORE_LESS")
        return AbilitiesCostReading(
            None,
            str(symbols).upper(),
            str(more).lower() == "more",
            yours=True,
            keyword=str(keyword).lower(),
            while_text=tokens_of(parts, "WHILE_TEXT")[0].strip(),
            keywords_granted=(what, str(granted).lower()),
        )

    def own_keyword_ability_cost(
        self, _self: Token, keyword: Token, _costs: Token, symbols: Token, more: Token, _a: Token, what: Nouns
    ) -> AbilitiesCostReading:
        """'~'s equip ability costs {2} less to activate if it targets a colorless creature.' (Ghostfire
        Blade)"""
        more_said = str(more).lower() == "more"
        return AbilitiesCostReading(
            None, str(symbols).upper(), more_said, keyword=str(keyword).lower(), own=True, targeting=what
        )

    def your_keyword_abilities_cost(self, keyword: Token, *parts: Token | _Mark) -> AbilitiesCostReading:
        """'Equip abilities you activate cost {1} less to activate.' (Éowyn, Lady of Rohan), '... that target
        ~ cost {3} less ...' (Fervent Champion), 'Cycling abilities you activate cost you up to {2} less ...'
        (Fluctuator: the player chooses how much, CR 601.2f by way of 602.2b, and the most never pays less
        well than less of it, as :meth:`abilities_cost` reads it)."""
        *said, symbols, more = parts  # (said: 'that target ~', 'cost[s]', 'up to')
        more_said = str(more).lower() == "more"
        up_to = _Mark.UP_TO in said
        if more_said and up_to:
            raise UnreadError("a cost 'up to' some more")
        targets_self = any(isinstance(p, Token) and p.type == "TARGET" for p in said)
        return AbilitiesCostReading(
            None,
            str(symbols).upper(),
            more_said,
            yours=True,
            up_to=up_to,
            keyword=str(keyword).lower(),
            targets_self=targets_self,
        )
