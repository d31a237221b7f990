"""The grammar's parser: a phrase of Oracle text in, a typed reading (:mod:`models.oracle.readings`) out.

The rules live in ``grammar.lark`` beside this module, and the parser built from them in
:mod:`models.oracle.grammar_parser`; each rule becomes its reading by the transformer methods of
:mod:`~models.oracle.phrase_rules`, :mod:`~models.oracle.effect_rules`, :mod:`~models.oracle.static_rules` and
:mod:`~models.oracle.spent_rules`, applied as the rule is reduced (no parse tree is built and walked again).
Lark's LALR parser with its contextual lexer reads a sentence in tens of microseconds. A phrase the grammar
does not cover raises :class:`UnreadError`, never a guess.

>>> parse_costs("{T}, Pay 1 life")
(TapSymbol(), PayLife(life=1))
>>> from models.oracle.readings import render
>>> reading = parse_effect("Add {G} for each Elf you control.")
>>> type(reading.output).__name__, render(reading)
('FixedForEach', 'Add {G} for each Elf you control.')
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any, cast

from lark import Lark, v_args
from lark.exceptions import LarkError, UnexpectedCharacters, UnexpectedToken

from models.additional_costs import DiscardCost, SacrificeCost
from models.alternative_costs import AlternativeCost, GrantedForetell, GrantedForetellCost
from models.kept import per_card
from models.oracle.ability_cost_rules import AbilityCostRules
from models.oracle.ban_rules import BanRules
from models.oracle.cost_change_rules import CostChangeRules
from models.oracle.effect_rules import EffectRules
from models.oracle.entering_rules import EnteringRules
from models.oracle.grammar_parser import UnreadError, built
from models.oracle.own_cost_rules import OwnCostRules
from models.oracle.own_spell_rules import OwnSpellRule, OwnSpellRules
from models.oracle.phrase_rules import PhraseRules
from models.oracle.readings import Condition, CostPart, EffectSentence, ManaEffect, Nouns, Output, SpendOnly
from models.oracle.resolved_rules import ResolvedRules, ResolvedSentence
from models.oracle.spell_cost_rules import FlashbackCostIsManaCost, GraveyardPermissionReading, SpellCostRules
from models.oracle.spent_rules import SpentRules
from models.oracle.static_rules import StaticRules
from models.oracle.statics import EntersUnless, LandSearchReading, StaticSentence
from models.oracle.token_rules import TokenRules
from models.oracle.turn_event_rules import TurnEventRules

__all__ = [
    "UnreadError",
    "parse_additional_cost",
    "parse_additional_frame",
    "parse_alternative_cost",
    "parse_condition",
    "parse_costs",
    "parse_created_tokens",
    "parse_effect",
    "parse_foretell_grant",
    "parse_graveyard_permission",
    "parse_mana_effect",
    "parse_objects",
    "parse_output",
    "parse_own_spell_rule",
    "parse_resolved_effect",
    "parse_spending",
    "parse_token_replacement",
]


@v_args(inline=True)
class _Readings(
    PhraseRules,
    EffectRules,
    StaticRules,
    AbilityCostRules,
    EnteringRules,
    BanRules,
    CostChangeRules,
    SpentRules,
    SpellCostRules,
    OwnCostRules,
    OwnSpellRules,
    TokenRules,
    ResolvedRules,
    TurnEventRules,
):
    """The parse tree to readings, one method per rule alternative (its ``-> name``), from the rules of each
    kind of phrase (applied as the text is parsed: :func:`_reader`)."""


#: The letters that case-insensitive matching takes for ASCII ones (dotted and dotless i, long s, the Kelvin
#: sign), written as those: the grammar's words and the lexicon's tables are ASCII.
_AS_ASCII = str.maketrans({"\u0130": "I", "\u0131": "i", "\u017f": "s", "\u212a": "K"})


@cache  # (the parser with the readings' methods, built once per process: a tool, not an answer)
def _reader() -> Lark:
    return built(_Readings())


def read_as(text: str, start: str) -> Any:
    """The reading of ``text`` as the rule ``start``, the grammar's methods applied as it is parsed; raises
    what Lark raises for a text the grammar does not read, and what a rule's method raises for a phrase no
    record can hold.

    >>> read_as("{T}", "costs")
    (TapSymbol(),)
    """
    return _reader().parse(text, start=start)


@dataclass(frozen=True, slots=True)
class _NotRead:
    """Why a phrase is not read: the message of the :class:`UnreadError` its reading raises."""

    why: str


@per_card(maxsize=8192)  # (a pure function of the phrase: the same phrases recur on many cards)
def _reading(text: str, start: str) -> Any:
    """The reading of ``text`` as the rule ``start``, or why it is not read (:class:`_NotRead`, kept as a
    reading is, so that a phrase met again on another card is not parsed again to fail again).

    >>> _reading("{T}", "costs"), _reading("{T} twice", "costs")
    ((TapSymbol(),), _NotRead(why="'{T} twice': unexpected 'twice' at column 5"))
    """
    try:
        return read_as(text if text.isascii() else text.translate(_AS_ASCII), start)
    except UnexpectedToken as error:  # (its str() works out every token the parser would accept: slow)
        return _NotRead(f"{text!r}: unexpected {str(error.token)!r} at column {error.column}")
    except UnexpectedCharacters as error:
        return _NotRead(f"{text!r}: unexpected {text[error.pos_in_stream :][:1]!r} at column {error.column}")
    except LarkError as error:
        return _NotRead(f"{text!r}: {str(error).splitlines()[0]}")
    except Exception as error:  # (what a rule's method raised as the text was read)
        return _NotRead(f"{text!r}: {error}")


def _parse(text: str, start: str) -> Any:
    reading = _reading(text, start)
    if isinstance(reading, _NotRead):
        raise UnreadError(reading.why)
    return reading


def parse_token_replacement(sentence: str, start: str = "token_replacement") -> Any:
    """A replacement effect on creating tokens (:mod:`models.oracle.token_replacements`), as ``start``
    ("token_replacement", or "token_opening": its opening, the result kept unread); raises UnreadError.

    >>> parse_token_replacement("If you would create one or more Treasure tokens, instead create those "
    ...     "tokens plus an additional Treasure token.").result
    'plus'
    """
    return _parse(sentence, start)


def parse_resolved_effect(sentence: str) -> ResolvedSentence:
    """A resolved effect in force's sentence (CR 611.2) as the static sentence it is while it lasts
    (:mod:`models.oracle.resolved_rules`); raises UnreadError.

    >>> parse_resolved_effect("Creatures you control gain haste until end of turn.").text
    'Creatures you control have haste'
    """
    return cast("ResolvedSentence", _parse(sentence, "resolved_effect"))


def parse_counter_entry(clause: str) -> str:
    """The kind of counter a clause puts a permanent onto the battlefield with (the counter that marks it);
    raises UnreadError.

    >>> parse_counter_entry("you may put it onto the battlefield with a manifestation counter on it.")
    'manifestation'
    """
    return cast("str", _parse(clause, "counter_entry"))


def parse_created_tokens(effect: str) -> Any:
    """The tokens an effect that only creates tokens creates (``created_mana_tokens``: a
    :class:`~models.oracle.token_rules.CreatedTokens`); raises UnreadError.

    >>> parse_created_tokens("create two Treasure tokens.").count
    2
    """
    return _parse(effect, "created_mana_tokens")


def parse_costs(text: str) -> tuple[CostPart, ...]:
    """The parts of an activated ability's cost (what precedes the colon).

    >>> parse_costs("Remove X storage counters from ~")
    (RemoveCounters(count=<_Variable.X: 'X'>, kind='storage'),)
    """
    return cast("tuple[CostPart, ...]", _parse(text, "costs"))


def parse_effect(sentence: str) -> EffectSentence:
    """One sentence of a mana ability's effect.

    >>> parse_effect("~ deals 1 damage to you.")
    DamageToYou(damage=1, unless=None)
    >>> parse_effect("~ deals 1 damage to you if you don't control an Ogre.").unless is not None
    True
    """
    return cast("EffectSentence", _parse(sentence, "effect"))


def parse_spending(text: str) -> SpendOnly:
    """A restriction on spending mana, with or without its opening 'Spend this mana only'.

    >>> [type(use).__name__ for use in parse_spending("to cast creature spells or activate abilities").uses]
    ['CastUse', 'ActivateUse']
    """
    return cast("SpendOnly", _parse(text, "restriction"))


def parse_objects(text: str) -> Nouns:
    """A noun phrase naming objects, with or without a determiner ('each', 'all', an article).

    >>> [noun.types for noun in parse_objects("all Slivers and Elves you control").nouns]
    [('Sliver',), ('Elf',)]
    """
    return cast("Nouns", _parse(text, "phrase"))


def parse_output(text: str) -> Output:
    """What an effect adds, as written after 'Add'.

    >>> parse_output("one mana of any type that land produced")  # doctest: +ELLIPSIS
    AnyOf(count=1, palette=<Palette.TYPE: 'type'>, one=False, ..., produced='land', where=None, also='')
    """
    return cast("Output", _parse(text, "output_phrase"))


def parse_condition(text: str) -> Condition:
    """The condition of an 'if' clause, as written after 'if'.

    >>> parse_condition("you control three or more artifacts")  # doctest: +ELLIPSIS
    ControlAtLeast(at_least=3, what=Nouns(...))
    """
    return cast("Condition", _parse(text, "condition_phrase"))


def parse_mana_effect(sentence: str) -> ManaEffect:
    """A replacement effect or a triggered mana ability on the mana permanents produce.

    >>> parse_mana_effect("If you tap a permanent for mana, it produces twice as much of that mana instead.")
    ... # doctest: +ELLIPSIS
    Replacement(tapped=Tapped(...who='you tap'...), produced=Multiplied(factor=2), instead_of='')
    """
    return cast("ManaEffect", _parse(sentence, "mana_effect"))


def parse_static(sentence: str) -> StaticSentence:
    """A static sentence: an effect on types, colors, costs or spending, a grant, how the permanent enters,
    a choice, or a rider on the sentence before it (:mod:`models.oracle.statics`).

    >>> parse_static("Nonbasic lands are Mountains.")  # doctest: +ELLIPSIS
    TypeChangeReading(subject=Nouns(...), types=('Mountain',), which=<TypeSet.LISTED: ''>, adds=False, ...)
    """
    return cast("StaticSentence", _parse(sentence, "static"))


def parse_enters_unless(text: str) -> EntersUnless:
    """The condition after 'enters tapped unless', when it is one of the kinds a land count reads.

    >>> parse_enters_unless("you control two or fewer other lands")
    FewOtherLands(at_most=2)
    """
    return cast("EntersUnless", _parse(text, "enters_unless"))


def parse_land_search(text: str) -> LandSearchReading:
    """A fetchland's effect: 'Search your library for a Mountain or Plains card, put it onto the
    battlefield, then shuffle.'

    >>> parse_land_search("Search your library for a basic land card, put it onto the battlefield tapped, "
    ...     "then shuffle your library.")
    LandSearchReading(types=(), basic=True, tapped=True)
    """
    return cast("LandSearchReading", _parse(text, "land_search"))


def parse_additional_cost(sentence: str) -> tuple[SacrificeCost | DiscardCost, ...]:
    """The costs of a sentence 'As an additional cost to cast this spell, <costs>.' (sacrifices and discards;
    none for 'you may ...', an optional cost); raises :class:`UnreadError` for any other sentence or cost.

    >>> parse_additional_cost("As an additional cost to cast this spell, sacrifice an artifact or creature.")
    (SacrificeCost(count=1, types=('Artifact', 'Creature')),)
    """
    return cast("tuple[SacrificeCost | DiscardCost, ...]", _parse(sentence, "additional_cost"))


def parse_additional_frame(sentence: str) -> str:
    """The words of the cost of a sentence 'As an additional cost to cast this spell, <words>.', whatever they
    say; raises :class:`UnreadError` for any other sentence.

    >>> parse_additional_frame("As an additional cost to cast ~, behold an Elf and exile it.")
    'behold an Elf and exile it'
    """
    return cast("str", _parse(sentence, "additional_frame"))


def parse_alternative_cost(sentence: str) -> AlternativeCost:
    """A spell's own alternative cost ('You may pay 4 life rather than pay ~'s mana cost.') or one a permanent
    grants ('You may cast spells from your hand without paying their mana costs.'), its text not set.

    >>> parse_alternative_cost("You may sacrifice two Mountains rather than pay ~'s mana cost.").describe()
    'sacrifice two Mountains'
    """
    return cast("AlternativeCost", _parse(sentence, "alternative_cost"))


def parse_foretell_grant(sentence: str) -> GrantedForetell | GrantedForetellCost:
    """Dream Devourer's grant of foretell (CR 702.143a) or the foretell cost it gives, as read (its text
    left for the reader to fill in).

    >>> parse_foretell_grant("Each nonland card in your hand without foretell has foretell.").excluded
    ('Land',)
    >>> parse_foretell_grant("Its foretell cost is equal to its mana cost reduced by {2}.").reduction
    2
    """
    return cast("GrantedForetell | GrantedForetellCost", _parse(sentence, "foretell_grant"))


def parse_own_spell_rule(sentence: str) -> OwnSpellRule:
    """A spell's own rule on how it is cast (CR 601.2: :mod:`models.oracle.own_spell_rules`), as read;
    raises UnreadError.

    >>> type(parse_own_spell_rule("X can't be greater than the number of snow lands you control.")).__name__
    'XCapReading'
    """
    return cast("OwnSpellRule", _parse(sentence, "own_spell_rule"))


def parse_graveyard_permission(sentence: str) -> GraveyardPermissionReading | FlashbackCostIsManaCost:
    """A permanent's permission to cast spells from its controller's graveyard (CR 601.2a), as read; or the
    cost of the flashback it grants ("The flashback cost is equal to that card's mana cost.", CR 702.34a).

    >>> festival = parse_graveyard_permission("During your turn, you may cast instant and sorcery spells "
    ...     "from your graveyard by paying 1 life in addition to their other costs.")
    >>> festival.your_turn, festival.once_each_turn, festival.life, len(festival.what.nouns)
    (True, False, 1, 2)
    """
    reading = _parse(sentence, "graveyard_permission")
    return cast("GraveyardPermissionReading | FlashbackCostIsManaCost", reading)
