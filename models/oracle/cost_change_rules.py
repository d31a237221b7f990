"""Transformer methods of the static sentences that change costs (see :mod:`models.oracle.static_rules`): a
card's own cost changed for each object, on a condition, a count or X ('~ costs {1} less to cast for each
...'), and other spells' costs ('Spells you cast cost {1} less', 'The first creature spell you cast each
turn'), combined with the other rules' transformers in :mod:`models.oracle.grammar`.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import Enum
from typing import Any

from lark import Token, Transformer, v_args

from models.oracle import lexicon
from models.oracle.grammar_parser import UnreadError
from models.oracle.own_cost_readings import CreatureTypesAmong, OwnCostChange
from models.oracle.readings import Noun, Nouns, Number
from models.oracle.static_rules import (
    _CastFrom,
    _CastManaValue,
    _CastPower,
    _CostTurn,
    _Mark,
    _PerCounter,
    _PerObject,
    _PerTargeted,
    _WhereX,
)
from models.oracle.statics import (
    AbilitiesCostReading,
    CastBySourceCost,
    CommanderCostPerCast,
    OwnCostCounted,
    OwnCostForEach,
    OwnCostForTurnFact,
    OwnCostIfBargained,
    OwnCostIfOpponentCast,
    OwnCostIfOpponentGraveyard,
    OwnCostPerSacrificed,
    OwnCostPerSpellCast,
    OwnCostWhereX,
    SpecialActionCosts,
    SpellsAndAbilitiesCost,
    SpellsCost,
)
from models.oracle.tree_parts import has_token, spaced_words, tokens_of

__all__ = ["CostChangeRules"]


class _Activator(Enum):
    """Who activates the abilities a change of costs is about ('abilities your opponents activate')."""

    YOU = "you"
    OPPONENTS = "your opponents"


@dataclass(frozen=True, slots=True)
class _SpellColors:
    """'Each spell you cast that's red or green': the colors (letters), the spell one of them (CR 105.2)."""

    letters: str


@dataclass(frozen=True, slots=True)
class _SpellKeywords:
    """'if it has mutate, changeling, or a cycling ability': keyword abilities (lower case), one of which the
    spell's card has (CR 702)."""

    keywords: tuple[str, ...]


def _with_spell_colors(what: Nouns, colors: _SpellColors | None) -> Nouns:
    """The spells ``what`` describes, of one of ``colors`` ('Each spell you cast that's red or green' reads as
    'Red and green spells': a spell of either color, CR 105.2); a description that names colors already is
    not read (no card says so).

    >>> from models.oracle.grammar import parse_objects
    >>> _with_spell_colors(parse_objects("spell"), _SpellColors("RG")).words()
    'red green spell'
    """
    if colors is None:
        return what
    if len(what.nouns) != 1 or what.nouns[0].colors or what.nouns[0].colorless:
        raise UnreadError(f"{what.words()} that's of the colors {colors.letters}")
    return replace(what, nouns=(replace(what.nouns[0], colors=colors.letters),))


@v_args(inline=True)
class CostChangeRules(Transformer[Token, Any]):
    """Transformer methods of the cost changes among the static sentences."""

    def own_cost_for_each(self, _self: Token, _costs: Token, symbols: Token, more: Token, what: Nouns) -> Any:
        return OwnCostForEach(str(symbols).upper(), str(more).lower() == "more", what)

    def own_cost_per_type_sacrificed(
        self, _self: Token, _costs: Token, symbols: Token, more: Token, *_: Any
    ) -> Any:
        return OwnCostForTurnFact(str(symbols).upper(), str(more).lower() == "more", "sacrificed_types")

    def own_cost_while(
        self, _as_long_as: None, condition: Token, _self: Token, _costs: Token, symbols: Token, more: Token
    ) -> Any:
        # 'As long as it's your turn, ~ costs {2}{U}{U} less to cast.' (Discontinuity): whose turn it is
        if " ".join(str(condition).lower().replace("’", "'").split()) != "it's your turn":
            raise UnreadError(f"a spell's own cost changed as long as {str(condition).strip()}")
        return OwnCostForTurnFact(str(symbols).upper(), str(more).lower() == "more", "your_turn")

    def own_cost_per_death(
        self, _self: Token, _costs: Token, symbols: Token, more: Token, what: Nouns
    ) -> Any:
        if what != Nouns((Noun(types=("Creature",)),)):
            raise UnreadError(f"a count of {what.words()} that died this turn")
        return OwnCostForTurnFact(str(symbols).upper(), str(more).lower() == "more", "died")

    def own_cost_if_opponent_graveyard(
        self,
        _self: Token,
        _costs: Token,
        symbols: Token,
        more: Token,
        _article: Token,
        count: Number,
        *_: Any,
    ) -> Any:
        if not isinstance(count, int):
            raise UnreadError(f"an opponent with {count} cards in their graveyard")
        return OwnCostIfOpponentGraveyard(str(symbols).upper(), str(more).lower() == "more", count)

    def own_cost_if_opponent_cast(
        self,
        _self: Token,
        _costs: Token,
        symbols: Token,
        more: Token,
        _article: Token,
        deed: Token,
        count: Number,
        *_: Any,
    ) -> Any:
        if str(deed).lower() != "cast" or not isinstance(count, int):
            raise UnreadError(f"an opponent {deed} {count} or more spells this turn")
        return OwnCostIfOpponentCast(str(symbols).upper(), str(more).lower() == "more", count)

    def own_cost_per_spell_cast(
        self, _self: Token, _costs: Token, symbols: Token, more: Token, what: Nouns, deed: Token
    ) -> Any:
        if str(deed).lower() != "cast":
            raise UnreadError(f"a spell's own cost changed for each {what.words()} you've {deed} this turn")
        return OwnCostPerSpellCast(str(symbols).upper(), str(more).lower() == "more", what)

    def own_cost_if_spell_cast(
        self, _self: Token, _costs: Token, symbols: Token, more: Token, *parts: Any
    ) -> Any:
        deed = tokens_of(parts, "TURN_DEED")[0]
        what = next(part for part in parts if isinstance(part, Nouns))
        if str(deed).lower() != "cast":
            raise UnreadError(f"a spell's own cost changed if you've {deed} {what.words()} this turn")
        return OwnCostPerSpellCast(str(symbols).upper(), str(more).lower() == "more", what, at_least=1)

    def own_cost_if_bargained(self, _self: Token, _costs: Token, symbols: Token, more: Token) -> Any:
        return OwnCostIfBargained(str(symbols).upper(), str(more).lower() == "more")

    def own_cost_per_exiled(
        self, _self: Token, _costs: Token, symbols: Token, more: Token, *_card: Token
    ) -> Any:
        return OwnCostPerSacrificed(str(symbols).upper(), str(more).lower() == "more", exiled=True)

    def own_cost_per_tapped(
        self, _self: Token, _costs: Token, symbols: Token, more: Token, tapped: Token, _tapped: Token
    ) -> Any:
        """'~ costs {1} less to cast for each creature tapped this way' (what its optional tap takes off)."""
        changed = str(more).lower() == "more"
        return OwnCostPerSacrificed(
            str(symbols).upper(), changed, sacrificed=str(tapped).lower(), tapped=True
        )

    def own_cost_per_sacrificed(self, _self: Token, _costs: Token, *parts: Any) -> Any:
        symbols = tokens_of(parts, "SYMBOLS")
        more = [word.lower() == "more" for word in tokens_of(parts, "MORE_LESS")]
        # ('for each creature sacrificed this way': Torgaar's additional cost sacrifices only creatures)
        sacrificed = [*tokens_of(parts, "PERMANENT"), *tokens_of(parts, "CARD_TYPE")][0].lower()
        if len(symbols) == 1:
            return OwnCostPerSacrificed(symbols[0].upper(), more[0], sacrificed=sacrificed)
        what = next(part for part in parts if isinstance(part, Nouns))
        return OwnCostPerSacrificed(
            symbols[0].upper(), more[0], symbols[1].upper(), more[1], what, sacrificed=sacrificed
        )

    def own_cost_where_x(
        self, _self: Token, _costs: Token, symbols: Token, more: Token, _x: Token, where: Any
    ) -> Any:
        return OwnCostWhereX(str(symbols).upper(), str(more).lower() == "more", where)

    def own_cost_total_mana_value(
        self, _self: Token, _costs: Token, symbols: Token, more: Token, _x: Token, what: Nouns
    ) -> Any:
        if str(symbols).upper() != "{X}":
            raise UnreadError(f"a spell's own cost changed by {symbols}, where X is a total mana value")
        return OwnCostCounted("{1}", str(more).lower() == "more", "total_mana_value", what)

    def own_cost_land_types(
        self, _self: Token, _costs: Token, symbols: Token, more: Token, kind: Nouns, among: Nouns
    ) -> Any:
        if kind == Nouns((Noun(types=("Creature",)),)):  # ('for each creature type among ...', CR 205.3m)
            return OwnCostChange(str(symbols).upper(), str(more).lower() == "more", CreatureTypesAmong(among))
        if kind != Nouns((Noun(types=("Land",), supertypes=("Basic",)),)):
            raise UnreadError(f"a count of {kind.words()} types")
        return OwnCostCounted(str(symbols).upper(), str(more).lower() == "more", "land_types", among)

    def own_cost_if_control(self, *parts: Any) -> Any:
        symbols, more = tokens_of(parts, "SYMBOLS")[0], tokens_of(parts, "MORE_LESS")[0]
        what = next(part for part in parts if isinstance(part, Nouns))
        return OwnCostCounted(symbols.upper(), more.lower() == "more", "if_control", what, at_least=1)

    def own_cost_if_in_graveyards(self, count: Number, _or: Token, what: Nouns, *parts: Any) -> Any:
        if not isinstance(count, int):
            raise UnreadError(f"{count} cards in all graveyards")
        symbols, more = tokens_of(parts, "SYMBOLS")[0], tokens_of(parts, "MORE_LESS")[0]
        return OwnCostCounted(symbols.upper(), more.lower() == "more", "in_all_graveyards", what, count)

    def spells_cost(self, *parts: Any) -> SpellsCost:
        what = next(part for part in parts if isinstance(part, Nouns))
        caster = tokens_of(parts, "CASTER")
        more = tokens_of(parts, "MORE_LESS")[0].lower() == "more"
        if more and _Mark.UP_TO in parts:
            raise UnreadError("a cost 'up to' some more")
        # 'up to {2} less' (Urza's Filter): the caster chooses how much (CR 601.2f), and the most never pays
        # less well than less of it does, so it reads as '{2} less'
        if _Mark.CHOSEN_AFTER_CASTER in parts:
            # 'Spells you cast of the chosen type' (Cloud Key, Herald's Horn): as 'Spells of the chosen type'
            if len(what.nouns) != 1 or what.nouns[0].chosen_type:
                raise UnreadError("'of the chosen type' after the caster of more than one description")
            what = replace(what, nouns=(replace(what.nouns[0], chosen_type=True),))
        what = _with_spell_colors(what, next((p for p in parts if isinstance(p, _SpellColors)), None))
        return SpellsCost(
            what,
            tokens_of(parts, "SYMBOLS")[0].upper(),
            more,
            spaced_words(caster[0]) if caster else "",
            _Mark.PER_OTHER_SPELL in parts,
            next((p.at_least for p in parts if isinstance(p, _CastManaValue)), None),
            next((p.kind for p in parts if isinstance(p, _PerCounter)), ""),
            next((p.what for p in parts if isinstance(p, _PerObject)), None),
            any(isinstance(p, _PerCounter) and p.yours for p in parts),
            _Mark.OFF_TURN in parts,
            _Mark.PER_TARGET in parts,
            where_x=next((p.quantity for p in parts if isinstance(p, _WhereX)), None),
            turn=next((p.whose for p in parts if isinstance(p, _CostTurn)), ""),
            while_text=" ".join(tokens_of(parts, "WHILE_TEXT")[0].split())
            if has_token(parts, "WHILE_TEXT")
            else "",
            cast_from=next((p.zones for p in parts if isinstance(p, _CastFrom)), ()),
            cast_from_excluded=any(isinstance(p, _CastFrom) and p.excluded for p in parts),
            targets_source=_Mark.TARGETS_SOURCE in parts,
            per_targeted=next((p.what for p in parts if isinstance(p, _PerTargeted)), None),
            shares_creature_type=_Mark.SHARES_CREATURE_TYPE in parts,
            power_at_least=next((p.at_least for p in parts if isinstance(p, _CastPower)), None),
            per_chosen_color=_Mark.PER_CHOSEN_COLOR in parts,
            shares_exiled_card_type=_Mark.SHARES_EXILED_CARD_TYPE in parts,
            has_adventure=_Mark.HAS_ADVENTURE in parts,
            this_turn=_Mark.THIS_TURN in parts,
            keywords_any=next((p.keywords for p in parts if isinstance(p, _SpellKeywords)), ()),
        )

    def spells_and_abilities_cost(self, *parts: Any) -> SpellsAndAbilitiesCost:
        """'During your turn, spells your opponents cast cost {1} more to cast and abilities your opponents
        activate cost {1} more to activate unless they're mana abilities.' (Tithe Taker): the spells' change
        as :meth:`spells_cost` reads it, and the abilities' after the 'and'."""
        split = next(n for n, part in enumerate(parts) if isinstance(part, Token) and part.type == "AND")
        spells = self.spells_cost(*parts[:split])
        activator, _costs, symbols, more = parts[split + 1 :]
        abilities = AbilitiesCostReading(
            None,
            str(symbols).upper(),
            str(more).lower() == "more",
            non_mana=True,
            yours=activator is _Activator.YOU,
            opponents=activator is _Activator.OPPONENTS,
        )
        return SpellsAndAbilitiesCost(spells, abilities)

    def morph_costs_change(self, costs: Token, _cost: Token, symbols: Token, more: Token) -> Any:
        """'All morph costs cost {2} more.' (Exiled Doomsayer); of another purpose's costs (cumulative upkeep,
        disguise) no card says it."""
        if " ".join(str(costs).lower().split()) != "morph costs":
            raise UnreadError(f"a change of {str(costs).lower()}")
        return SpecialActionCosts("morph", str(symbols).upper(), str(more).lower() == "more")

    def cast_this_way_cost(self, _spell: Token, _costs: Token, symbols: Token, more: Token) -> Any:
        """'Each spell cast this way costs {1} more to cast.' (Lightstall Inquisitor)"""
        return CastBySourceCost(str(symbols).upper(), str(more).lower() == "more")

    def that_copy_cost(self, _costs: Token, symbols: Token, more: Token) -> Any:
        """'That copy costs {2} less to cast.' (God-Eternal Kefnet)"""
        return CastBySourceCost(str(symbols).upper(), str(more).lower() == "more", copy=True)

    def commander_cost_per_cast(self, _costs: Token, symbols: Token, more: Token, *_: Any) -> Any:
        """'Your commander costs {1} less to cast for each time it's been cast from the command zone this
        game.' (Myth Unbound)"""
        return CommanderCostPerCast(str(symbols).upper(), str(more).lower() == "more")

    def plotting_cost(self, _cards: Token, _costs: Token, symbols: Token, more: Token) -> Any:
        """'Plotting cards from your hand costs {2} less.' (Doc Aurlock, Grizzled Genius)"""
        return SpecialActionCosts("plot", str(symbols).upper(), str(more).lower() == "more")

    def spell_colors(self, *words: Token) -> _SpellColors:
        """'that's red or green', 'that's white, blue, or black' (the spell's colors, CR 105.2)."""
        colors = [lexicon.COLOR_WORDS[str(w).lower()] for w in words if w.type == "COLOR_WORD"]
        return _SpellColors("".join(colors))

    def having_keywords(self, *keywords: str) -> _SpellKeywords:
        """'if it has mutate, changeling, or a cycling ability' (Pollywog Symbiote)."""
        return _SpellKeywords(tuple(keyword for keyword in keywords if not isinstance(keyword, Token)))

    def spell_keyword(self, *parts: Token) -> str:
        return " ".join(str(parts[-1]).lower().split())

    def activator_you(self) -> _Activator:
        return _Activator.YOU

    def activator_opponents(self) -> _Activator:
        return _Activator.OPPONENTS

    def nth_each_turn(self) -> _CostTurn:
        return _CostTurn("")

    def nth_your_turns(self) -> _CostTurn:
        return _CostTurn("yours")

    def flash_rider(self, _and: Token, keyword: Token) -> _Mark:
        if str(keyword).lower() != "flash":
            raise UnreadError(f"can be cast as though it had {keyword}")
        return _Mark.AS_THOUGH_FLASH

    def nth_spell_cost(self, ordinal: Token, what: Nouns, caster: Token, *parts: Any) -> SpellsCost:
        if spaced_words(caster) != "you cast":
            raise UnreadError(f"the {ordinal} spell {caster} each turn")
        more = tokens_of(parts, "MORE_LESS")[0].lower() == "more"
        nth = 1 if str(ordinal).lower() == "first" else 2
        # ('... for each land you control with a flood counter on it': Eluge, the Shoreless Sea)
        per_object = next((p.what for p in parts if isinstance(p, _PerObject)), None)
        symbols = tokens_of(parts, "SYMBOLS")[0].upper()
        turn = next((p.whose for p in parts if isinstance(p, _CostTurn)), "")
        return SpellsCost(
            what,
            symbols,
            more,
            "you cast",
            nth=nth,
            per_object=per_object,
            turn=turn,
            as_though_flash=_Mark.AS_THOUGH_FLASH in parts,
        )
