"""The parse tree of a static sentence to its reading (:mod:`models.oracle.statics`): the grammar's
transformer methods for the rules under ``static``, ``enters_unless`` and ``land_search``, one per rule
alternative, mixed into the transformer of :mod:`models.oracle.grammar`."""

from __future__ import annotations

from typing import Any

from lark import Token, Transformer, v_args

from models.oracle import lexicon
from models.oracle.readings import Nouns, SpendOnly, Tapped
from models.oracle.statics import (
    ActivationBanReading,
    BecomesTappedDamage,
    ChooseAsEnters,
    ColorChangeReading,
    ControlOneOfTwo,
    DoubleUnspent,
    EntersReturn,
    EntersTapped,
    EntersTappedIfNot,
    EveryObject,
    FewOtherLands,
    GrantedWhile,
    GrantReading,
    Imprint,
    KeepUnspent,
    KeywordsWhile,
    LandSearchReading,
    ManyOtherLands,
    MayPayLifeAsEnters,
    MayRevealAsEnters,
    OneCardPermission,
    OnlyColored,
    OwnCostForEach,
    PoolsDontEmpty,
    RandomOpening,
    ResultEffects,
    SameIsTrue,
    SelfSubject,
    SelfTapDamage,
    SpellsCost,
    SpendAsThoughReading,
    StaticSentence,
    Subject,
    TappedForManaDamage,
    TypeChangeReading,
    TypeSet,
    UnspentBecomes,
)

__all__ = ["StaticRules"]


def _tokens(parts: tuple[Any, ...], kind: str) -> list[str]:
    return [str(p) for p in parts if isinstance(p, Token) and p.type == kind]


def _has(parts: tuple[Any, ...], kind: str) -> bool:
    return bool(_tokens(parts, kind))


def _digits(parts: tuple[Any, ...]) -> int:
    return int(_tokens(parts, "DIGITS")[0])


def _first(parts: tuple[Any, ...], kind: type) -> Any:
    return next(p for p in parts if isinstance(p, kind))


def _words(token: str) -> str:
    return " ".join(token.lower().split())


@v_args(inline=True)
class StaticRules(Transformer[Token, Any]):
    """Transformer methods of the static sentences (see the module's docstring)."""

    def static(self, reading: StaticSentence) -> StaticSentence:
        return reading

    def self_subject(self, _self: Token) -> Subject:
        return SelfSubject()

    def every_object(self, _words: Token) -> Subject:
        return EveryObject()

    def land_type_list(self, *parts: Any) -> tuple[str, ...]:
        return tuple(p for p in parts if isinstance(p, str) and not isinstance(p, Token))

    def land_type_change(self, subject: Subject, *parts: Any) -> TypeChangeReading:
        types = _first(parts, tuple)
        return TypeChangeReading(subject, types, TypeSet.LISTED, _has(parts, "TYPE_ADDITION"))

    def land_type_change_while(self, _as_long_as: Token, condition: Token, *rest: Any) -> TypeChangeReading:
        reading = self.land_type_change(*rest)
        return TypeChangeReading(
            reading.subject, reading.types, reading.which, reading.adds, str(condition).strip()
        )

    def every_land_type_change(self, subject: Subject, *parts: Any) -> TypeChangeReading:
        return TypeChangeReading(subject, (), TypeSet.EVERY_BASIC_LAND_TYPE, _has(parts, "TYPE_ADDITION"))

    def chosen_type_change(self, subject: Subject, *parts: Any) -> TypeChangeReading:
        return TypeChangeReading(subject, (), TypeSet.CHOSEN, _has(parts, "TYPE_ADDITION"))

    def named_colors(self, colors: str) -> tuple[str, bool]:
        return colors, False

    def no_colors(self, _word: Token) -> tuple[str, bool]:
        return "", False

    def the_chosen_color(self) -> tuple[str, bool]:
        return "", True

    def color_change(self, subject: Subject, *parts: Any) -> ColorChangeReading:
        colors, chosen = _first(parts, tuple)
        gets = _tokens(parts, "PT_CHANGE")
        return ColorChangeReading(
            subject, colors, chosen, _has(parts, "COLOR_ADDITION"), gets[0] if gets else ""
        )

    def grant(self, what: Nouns, quoted: Token) -> GrantReading:
        return GrantReading(what, str(quoted)[1:-1])

    def granted_while(self, *parts: Any) -> GrantedWhile:
        condition = _tokens(parts, "WHILE_TEXT")[0].strip()
        keywords = tuple(word.lower() for word in _tokens(parts, "KEYWORD"))
        return GrantedWhile(condition, _tokens(parts, "QUOTED")[0][1:-1], keywords)

    def keywords_while(self, *parts: Any) -> KeywordsWhile:
        keywords = tuple(word.lower() for word in _tokens(parts, "KEYWORD"))
        return KeywordsWhile(keywords, _tokens(parts, "WHILE_TEXT")[0].strip())

    def pools_dont_empty(self, _words: Token) -> PoolsDontEmpty:
        return PoolsDontEmpty()

    def keep_unspent(self, who: Token, *parts: Any) -> KeepUnspent:
        colors = _tokens(parts, "COLOR_WORD")
        return KeepUnspent(_words(who), lexicon.COLOR_WORDS[colors[0].lower()] if colors else "")

    def unspent_becomes(self, who: Token, *parts: Any) -> UnspentBecomes:
        colors = _tokens(parts, "COLOR_WORD")
        return UnspentBecomes(_words(who), lexicon.COLOR_WORDS[colors[0].lower()] if colors else "C")

    def own_cost_for_each(self, _self: Token, _costs: Token, symbols: Token, more: Token, what: Nouns) -> Any:
        return OwnCostForEach(str(symbols).upper(), str(more).lower() == "more", what)

    def spells_cost(self, what: Nouns, *parts: Any) -> SpellsCost:
        caster = _tokens(parts, "CASTER")
        return SpellsCost(
            what,
            _tokens(parts, "SYMBOLS")[0].upper(),
            _tokens(parts, "MORE_LESS")[0].lower() == "more",
            _words(caster[0]) if caster else "",
            _has(parts, "PER_OTHER_SPELL"),
        )

    def as_any(self, palette: Any) -> str:
        return str(palette.value)

    def as_one(self, word: Token) -> str:
        lowered = str(word).lower()
        return "C" if lowered == "colorless" else lexicon.COLOR_WORDS[lowered]

    def _spent_kind(self, parts: tuple[Any, ...]) -> str:
        for part in parts:
            if isinstance(part, Token) and part.type in ("COLOR_WORD", "COLORLESS", "OTHER"):
                lowered = str(part).lower()
                if part.type == "COLOR_WORD":
                    return lexicon.COLOR_WORDS[lowered]
                return "C" if part.type == "COLORLESS" else "other" if lowered == "other" else "another"
        return ""

    def spend_as_though(self, who: Token, *parts: Any) -> SpendAsThoughReading:
        as_kind = next(p for p in parts if isinstance(p, str) and not isinstance(p, Token))
        uses = [p for p in parts if isinstance(p, tuple)]
        return SpendAsThoughReading(
            _words(who),
            as_kind,
            self._spent_kind(parts),
            _has(parts, "ONLY_WORD"),
            SpendOnly(uses[0]) if uses else None,
        )

    def one_card_permission(self, who: Token, *parts: Any) -> OneCardPermission:
        as_kind = next(p for p in parts if isinstance(p, str) and not isinstance(p, Token))
        if _words(who) != "you" or self._spent_kind(parts) or _has(parts, "ONLY_WORD"):
            raise ValueError("a permission for one card is 'you may spend mana as though ...'")
        if as_kind not in ("color", "type"):
            raise ValueError("a permission for one card is 'mana of any color' or 'of any type'")
        return OneCardPermission(as_kind, _words(_tokens(parts, "ONE_CARD")[0]))

    def one_card_permission_any_type(self, card: Token) -> OneCardPermission:
        return OneCardPermission("type", _words(card))

    def activation_ban(self, _words_token: Token, what: Nouns, _cant: Token) -> ActivationBanReading:
        return ActivationBanReading(what)

    def self_tap_damage(self, *parts: Any) -> SelfTapDamage:
        return SelfTapDamage(_digits(parts))

    def that_player(self) -> str:
        return "that player"

    def to_you(self) -> str:
        return "you"

    def tapped_for_mana_damage(self, tapped: Tapped, *parts: Any) -> TappedForManaDamage:
        to = next(p for p in parts if isinstance(p, str) and not isinstance(p, Token))
        return TappedForManaDamage(tapped, _digits(parts), to)

    def controller_of(self, *_words_tokens: Token) -> str:
        return "its controller"

    def becomes_tapped_damage(self, what: Nouns, *parts: Any) -> BecomesTappedDamage:
        return BecomesTappedDamage(what, _digits(parts))

    def choose_as_enters(self, _self: Token, _article: Token, kind: Token, *other: Any) -> ChooseAsEnters:
        return ChooseAsEnters(_words(kind), str(other[0]) if other else "")

    def may_pay_life_as_enters(self, *parts: Any) -> MayPayLifeAsEnters:
        self._you(parts)
        return MayPayLifeAsEnters(next(p for p in parts if isinstance(p, int)))

    def may_reveal_as_enters(self, *parts: Any) -> MayRevealAsEnters:
        self._you(parts)
        return MayRevealAsEnters(next(p for p in parts if isinstance(p, int)), _first(parts, Nouns))

    def _you(self, parts: tuple[Any, ...]) -> None:
        if [w.lower() for w in _tokens(parts, "SPENDER")] != ["you"]:
            raise ValueError("'you may' is the player who may pay or reveal")

    def enters_tapped_if_not(self, who: Token, *_parts: Any) -> EntersTappedIfNot:
        if _words(who) != "you":
            raise ValueError("'If you don't' is the player who may pay")
        return EntersTappedIfNot()

    def enters_tapped(self, _self: Token, _tapped: Token, *clause: Token) -> EntersTapped:
        unless = clause and clause[0].type == "UNLESS_CLAUSE"
        return EntersTapped(str(clause[0])[len("unless") :].strip() if unless else "")

    def enters_return(self, _self: Token, _article: Token, what: Nouns) -> EntersReturn:
        return EntersReturn(what)

    def imprint(self, _self: Token, determiner: Token, what: Nouns) -> Imprint:
        return Imprint(what, determiner.type == "TARGET")

    def same_is_true(self, *parts: Any) -> SameIsTrue:
        cards = "" if not _has(parts, "CARD") else "you" if _has(parts, "YOU_OWN") else "any"
        return SameIsTrue(_has(parts, "YOU_CONTROL"), cards, _has(parts, "NON_TYPE"))

    def only_colored(self, _words_token: Token) -> OnlyColored:
        return OnlyColored()

    def double_unspent(self, _words_token: Token) -> DoubleUnspent:
        return DoubleUnspent()

    def random_opening(self, words: Token) -> RandomOpening:
        return RandomOpening(_words(words))

    def result_effects(self, _words_token: Token) -> ResultEffects:
        return ResultEffects()

    # -------------------------------------------------------------- enters unless, land search

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

    def land_search(self, *parts: Any) -> LandSearchReading:
        found: LandSearchReading = _first(parts, LandSearchReading)
        return LandSearchReading(found.types, found.basic, _has(parts, "TAPPED"))

    def basic_land(self, _basic: Token, _land: Token) -> LandSearchReading:
        return LandSearchReading(basic=True)

    def land_types_found(self, *parts: Any) -> LandSearchReading:
        return LandSearchReading(
            types=tuple(p for p in parts if isinstance(p, str) and not isinstance(p, Token))
        )
