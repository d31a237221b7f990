"""The parse tree of a static sentence to its reading (:mod:`models.oracle.statics`): the grammar's
transformer methods for the rules under ``static``, ``enters_unless`` and ``land_search``, one per rule
alternative, mixed into the transformer of :mod:`models.oracle.grammar`."""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import Enum
from typing import Any

from lark import Token, Transformer, v_args

from models.oracle import lexicon
from models.oracle.grammar_parser import UnreadError
from models.oracle.phrase_rules import fixed_number
from models.oracle.readings import Head, Noun, Nouns, Number, Quantity, SpendOnly, Tapped
from models.oracle.statics import (
    AbilitiesOfExiledReading,
    AbilitiesOfReading,
    AbilityLossReading,
    ActivateAsThough,
    AdditionalLandPlays,
    BecomesColorless,
    BecomesTappedDamage,
    BecomesWithOnly,
    ColorChangeReading,
    DefinedPower,
    DevotionIncreased,
    DoubleUnspent,
    EffectContinues,
    EveryObject,
    GrantedWhile,
    GrantReading,
    ItLosesAbilities,
    KeepUnspent,
    KeywordGrantReading,
    KeywordsWhile,
    LifeForManaReading,
    LifePaidByExile,
    LinkedLoss,
    NotATypeWhile,
    OneCardPermission,
    OnlyColored,
    OptionalLifeForSpells,
    PoolsDontEmpty,
    PowerChangeReading,
    RandomOpening,
    ReductionFloor,
    ResultEffects,
    SameIsTrue,
    SameIsTrueForKeywords,
    SelfSubject,
    SelfTapDamage,
    SpendAsThoughReading,
    StaticSentence,
    StillAType,
    Subject,
    SupertypeRemoved,
    TappedForManaDamage,
    ThoseCostIfLifePaid,
    ThoseOnceEachTurn,
    TypeChangeReading,
    TypeSet,
    UnspentBecomes,
    UnspentCostsLife,
)
from models.oracle.tree_parts import digits_of, first_of, has_token, spaced_words, tokens_of

__all__ = ["StaticRules"]


class _Mark(Enum):
    """What an optional phrase of a rule says by being there ('in addition to its other types')."""

    ADDITION = "in addition"
    BASE_MANA_VALUE = "base power and base toughness each equal to its mana value"
    YOUR_SPELLS = "spells you control"
    YOUR_CARDS = "cards you own"
    PER_OTHER_SPELL = "for each other spell"
    UP_TO = "up to"
    OFF_TURN = "except during its controller's turn"
    CHOSEN_AFTER_CASTER = "you cast of the chosen type"
    PER_TARGET = "for each target"
    TARGETS_SOURCE = "that target ~"
    SHARES_CREATURE_TYPE = "that share a creature type with ~"
    PER_CHOSEN_COLOR = "for each of the chosen colors it is"
    SHARES_EXILED_CARD_TYPE = "that share a card type with the exiled card"
    HAS_ADVENTURE = "that have an Adventure"
    THIS_TURN = "this turn"
    AS_THOUGH_FLASH = "and can be cast as though it had flash"
    ATTACKS = "and attack each combat if able"
    STILL = "that's still a <type>"


@dataclass(frozen=True, slots=True)
class _Colors:
    """'a blue Frog creature', 'a colorless Noggle': the colors an object becomes ('' for colorless)."""

    letters: str


@dataclass(frozen=True, slots=True)
class _SetName:
    """'... named Legitimate Businessperson': the name an object is given (its other names lost, CR 201.2)."""

    name: str


@dataclass(frozen=True, slots=True)
class _Supertyped:
    """'a legendary Soldier': a supertype and the types after it."""

    supertype: str
    types: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class _WhereX:
    """'<spells> cost {X} less to cast, where X is ~'s power': the quantity X is (Vadrik, Astral Archmage)."""

    quantity: Any


@dataclass(frozen=True, slots=True)
class _PerCounter:
    """'<spells> cost {1} less to cast for each oil counter on ~': its kind (Mindsplice Apparatus); ``yours``
    for the counters its controller has ('for each experience counter you have': Mizzix of the Izmagnus)."""

    kind: str
    yours: bool = False


@dataclass(frozen=True, slots=True)
class _PerObject:
    """'<spells> cost {1} less to cast for each creature you control with a +1/+1 counter on it' (Hamza)."""

    what: Nouns


@dataclass(frozen=True, slots=True)
class _CostTurn:
    """'During your turn, ...' (``whose`` 'yours'), 'During turns other than yours, ...' ('others'): whose
    turn, of the effect's source's controller, a change of other spells' costs or of types applies on."""

    whose: str


@dataclass(frozen=True, slots=True)
class _CastFrom:
    """'<spells> you cast from your graveyard or from exile' (``zones``), 'from anywhere other than your hand'
    (``zones`` ('hand',), ``excluded``): where the spell is cast from (CR 601.2a)."""

    zones: tuple[str, ...]
    excluded: bool = False


@dataclass(frozen=True, slots=True)
class _PerTargeted:
    """'<spells> cost {1} less to cast for each creature it targets' (Battlefield Thaumaturge): what is
    counted among the spell's targets."""

    what: Nouns


@dataclass(frozen=True, slots=True)
class _CastPower:
    """'<spells> <caster> cast with power 4 or greater' (Goreclaw): the least power of the spell (CR 208)."""

    at_least: int


@dataclass(frozen=True, slots=True)
class _CastManaValue:
    """'<spells> <caster> cast with mana value N or greater': the least mana value (CR 202.3)."""

    at_least: int


@v_args(inline=True)
class StaticRules(Transformer[Token, Any]):
    """Transformer methods of the static sentences (see the module's docstring)."""

    def static(self, reading: StaticSentence) -> StaticSentence:
        return reading

    def self_subject(self, _self: Token) -> Subject:
        return SelfSubject()

    def every_object(self, *_words_tokens: Token) -> Subject:
        return EveryObject()

    def land_type_list(self, *parts: Any) -> tuple[str, ...]:
        return tuple(p for p in parts if isinstance(p, str) and not isinstance(p, Token))

    def type_addition(self, *_words_tokens: Token) -> _Mark:
        return _Mark.ADDITION

    def color_addition(self, *_words_tokens: Token) -> _Mark:
        return _Mark.ADDITION

    def your_spells(self) -> _Mark:
        return _Mark.YOUR_SPELLS

    def your_cards(self) -> _Mark:
        return _Mark.YOUR_CARDS

    def per_other_spell(self, *_words_tokens: Token) -> _Mark:
        return _Mark.PER_OTHER_SPELL

    def per_target(self, _target: Token) -> _Mark:
        return _Mark.PER_TARGET

    def targeting_source(self, _target: Token, _self: Token) -> _Mark:
        return _Mark.TARGETS_SOURCE

    def having_adventure(self, _article: Token) -> _Mark:
        return _Mark.HAS_ADVENTURE

    def for_this_turn(self) -> _Mark:
        return _Mark.THIS_TURN

    def sharing_type(self, _article: Token, kind: Token, _self: Token) -> _Mark:
        if str(kind).lower() != "creature":
            raise UnreadError(f"spells that share a {str(kind).lower()} type with ~")
        return _Mark.SHARES_CREATURE_TYPE

    def sharing_exiled_type(self, *_words: Token) -> _Mark:
        return _Mark.SHARES_EXILED_CARD_TYPE

    def per_chosen_color(self) -> _Mark:
        """'for each of the chosen colors it is' (Seal of the Guildpact)."""
        return _Mark.PER_CHOSEN_COLOR

    def per_targeted(self, head: tuple[tuple[str, ...], Head]) -> _PerTargeted:
        return _PerTargeted(Nouns((Noun(types=head[0], head=head[1]),)))

    def cost_your_turn(self) -> _CostTurn:
        return _CostTurn("yours")

    def cost_other_turns(self) -> _CostTurn:
        return _CostTurn("others")

    def cast_from(self, *zones: str) -> _CastFrom:
        return _CastFrom(tuple(str(zone) for zone in zones if not isinstance(zone, Token)))

    def cast_from_not_hand(self) -> _CastFrom:
        return _CastFrom(("hand",), excluded=True)

    def zone_graveyard(self) -> str:
        return "graveyard"

    def zone_exile(self) -> str:
        return "exile"

    def zone_hand(self) -> str:
        return "hand"

    def cost_where_x(self, _x: Token, quantity: Any) -> _WhereX:
        return _WhereX(quantity)

    def per_counter(self, kind: str, _self: Token) -> _PerCounter:
        return _PerCounter(kind)

    def per_player_counter(self, kind: str) -> _PerCounter:
        return _PerCounter(kind, yours=True)

    def per_object(self, head: tuple[tuple[str, ...], Head], *posts: Any) -> _PerObject:
        noun = Noun(types=head[0], head=head[1])
        for post in posts:
            noun = post(noun)
        return _PerObject(Nouns((noun,)))

    def cast_mana_value(self, number: Number, _or: Token) -> _CastManaValue:
        return _CastManaValue(fixed_number(number))

    def cast_power(self, number: Number, _or: Token) -> _CastPower:
        return _CastPower(fixed_number(number))

    def up_to(self) -> _Mark:
        return _Mark.UP_TO

    def off_turn(self) -> _Mark:
        return _Mark.OFF_TURN

    def chosen_after_caster(self) -> _Mark:
        return _Mark.CHOSEN_AFTER_CASTER

    def as_long_as(self) -> None:
        return None

    def steps_end(self, *_words_tokens: Token) -> None:
        return None

    def as_though(self) -> None:
        return None

    def spender_you(self) -> str:
        return "you"

    def spender_players(self) -> str:
        return "players"

    def spender_each(self) -> str:
        return "each player"

    def loser_a_player(self, _article: Token) -> str:
        return "a player"

    def one_card_that(self, noun: Token) -> str:
        return f"that {spaced_words(noun)}"

    def one_card_it(self) -> str:
        return "it"

    def one_card_them(self) -> str:
        return "them"

    def one_card_those(self, _spells: Token) -> str:
        return "those spells"

    def one_card_exiled(self, _card: Token) -> str:
        return "the exiled card"

    def one_card_this_way(self, _article: Token, _spell: Token) -> str:
        return "a spell this way"

    def color_kind(self) -> str:
        return "color"

    def creature_type_kind(self, word: Token) -> str:
        if str(word).lower() not in ("creature", "land"):
            raise ValueError(f"a choice of a {word} type")
        return f"{str(word).lower()} type"

    def basic_land_type_kind(self, basic: Token, _land: Token) -> str:
        if str(basic).lower() != "basic":
            raise ValueError(f"a choice of a {basic} land type")
        return "basic land type"

    def card_type_kind(self, _card: Token) -> str:
        return "card type"

    def land_type_change(self, subject: Subject, *parts: Any) -> TypeChangeReading:
        types = first_of(parts, tuple)
        gets = tokens_of(parts, "PT_CHANGE")
        return TypeChangeReading(
            subject,
            types,
            TypeSet.LISTED,
            _Mark.ADDITION in parts,
            base_mana_value=_Mark.BASE_MANA_VALUE in parts,
            gets=str(gets[0]) if gets else "",
        )

    def supertyped_types(self, _article: Token, supertype: Token, *types: str) -> _Supertyped:
        return _Supertyped(str(supertype).capitalize(), tuple(types))

    def keyworded_type_change(self, subject: Subject, *parts: Any) -> TypeChangeReading:
        """'Equipped creature has flying and is a Demon in addition to its other types' (and 'gets +1/+1, has
        trample, and is a Dragon ...', 'has "..." and is a Wizard ...', 'is a Wizard ... and has "..."'): the
        keywords or the ability granted beside the types added; 'is a legendary Soldier ...' adds the
        supertype too (Super-Soldier Serum)."""
        supertyped = next((p for p in parts if isinstance(p, _Supertyped)), None)
        if supertyped is not None:
            typed = tuple(supertyped.types if p is supertyped else p for p in parts)
            return replace(self.keyworded_type_change(subject, *typed), supertypes=(supertyped.supertype,))
        quoted = [_quoted(p) for p in parts if isinstance(p, Token) and p.type == "QUOTED"]
        if quoted:
            rest = [p for p in parts if not (isinstance(p, Token) and p.type == "QUOTED")]
            return replace(self.land_type_change(subject, *rest), granted=quoted[0])
        keywords = first_of(parts, tuple)  # (the list of keywords comes before the list of types)
        reading = self.land_type_change(subject, *(part for part in parts if part is not keywords))
        return replace(reading, keywords=keywords)

    def type_change_on_turn(self, *parts: Any) -> TypeChangeReading:
        """'During turns other than yours, ~ is an artifact creature.': the types while it is (or isn't) the
        turn of the source's controller."""
        turn = first_of(parts, _CostTurn)
        subject = next(p for p in parts if not isinstance(p, Token | tuple | _CostTurn))
        types = first_of(parts, tuple)
        return TypeChangeReading(subject, types, TypeSet.LISTED, False, turn=turn.whose)

    def colored_type_change(self, subject: Subject, *parts: Any) -> TypeChangeReading:
        """'All Goblins are black and are Zombies in addition to their other creature types'."""
        colors, chosen = first_of(parts, tuple)
        if chosen or not colors:
            raise UnreadError("a type change beside the chosen color, or colorless")
        reading = self.land_type_change(subject, *(part for part in parts if part != (colors, chosen)))
        return replace(reading, colors=colors)

    def counted_pump_type_change(
        self, subject: Subject, change: Token, each: Quantity, *parts: Any
    ) -> TypeChangeReading:
        """'Equipped creature gets +1/+1 for each artifact you control and is an Artificer in addition to its
        other types'."""
        return replace(self.land_type_change(subject, change, *parts), each=each)

    def base_mana_value(self, *_words_tokens: Token) -> _Mark:
        return _Mark.BASE_MANA_VALUE

    def mana_value_pt(self, *_words_tokens: Token) -> _Mark:
        return _Mark.BASE_MANA_VALUE

    def artifact_creature_change(self, subject: Subject, *parts: Any) -> TypeChangeReading:
        """'Each noncreature artifact is an artifact creature with power and toughness each equal to its mana
        value' (March of the Machines): an 'artifact creature' keeps its other card types and subtypes (CR
        205.1b), so both card types are added (layer 4) and the base power and toughness set (layer 7b)."""
        types = tuple(p for p in parts if isinstance(p, str) and not isinstance(p, Token))
        if types != ("Artifact", "Creature") or has_token(parts, "COLORLESS"):
            raise UnreadError(f"a permanent made a {' '.join(types)} (CR 205.1b reads 'artifact creature')")
        return TypeChangeReading(subject, types, TypeSet.LISTED, True, base_mana_value=True)

    def not_a_creature_while(self, _as_long_as: None, condition: Token, *_words: Token) -> NotATypeWhile:
        """'As long as your devotion to green and blue is less than seven, ~ isn't a creature.'"""
        return NotATypeWhile("Creature", str(condition).strip())

    def supertype_removed(self, subject: Subject, supertype: Token) -> SupertypeRemoved:
        """'All lands are no longer snow.' (Melting): the supertype, canonical ('Snow')."""
        return SupertypeRemoved(subject, str(supertype).capitalize())

    def losing_artifact_creature_change(self, subject: Subject, *parts: Any) -> TypeChangeReading:
        """'Each noncreature artifact loses all abilities and becomes an artifact creature with power and
        toughness each equal to its mana value' (Titania's Song): March of the Machines' change, and the
        abilities of what it applies to lost in layer 6 (CR 613.6)."""
        return replace(self.artifact_creature_change(subject, *parts), loses_abilities=True)

    def effect_continues(self, *_words: Token) -> EffectContinues:
        return EffectContinues()

    def land_type_change_while(self, _as_long_as: None, condition: Token, *rest: Any) -> TypeChangeReading:
        reading = self.land_type_change(*rest)
        return TypeChangeReading(
            reading.subject,
            reading.types,
            reading.which,
            reading.adds,
            str(condition).strip(),
            base_mana_value=reading.base_mana_value,  # (Starfield of Nyx's 'each equal to its mana value')
        )

    def own_type_change_while(
        self, _as_long_as: None, condition: Token, types: tuple[str, ...], *addition: _Mark
    ) -> TypeChangeReading:
        """'As long as ~ has a slumber counter on it, it's a land.': 'it' is the card itself (or, 'As long as
        enchanted permanent is a Vehicle, it's a creature in addition to its other types.', the object the
        condition names: models.oracle.conditional_types)."""
        adds = _Mark.ADDITION in addition
        based = _Mark.BASE_MANA_VALUE in addition  # ('with power and toughness each equal to its mana value')
        return TypeChangeReading(
            SelfSubject(), types, TypeSet.LISTED, adds, str(condition).strip(), base_mana_value=based
        )

    def every_land_type_change(self, subject: Subject, *parts: Any) -> TypeChangeReading:
        """'~ is every basic land type', 'every land type', 'every nonbasic land type' (Planar Nexus: the
        land types of CR 205.3i but the five basic ones)."""
        supertypes = [str(word).lower() for word in tokens_of(parts, "SUPERTYPE")]
        negated = [str(word).lower() for word in tokens_of(parts, "NON_TYPE")]
        if supertypes not in ([], ["basic"]) or negated not in ([], ["nonbasic"]):
            raise ValueError("'every <supertype> land type'")
        which = (
            TypeSet.EVERY_BASIC_LAND_TYPE
            if supertypes
            else TypeSet.EVERY_NONBASIC_LAND_TYPE
            if negated
            else TypeSet.EVERY_LAND_TYPE
        )
        return TypeChangeReading(subject, (), which, _Mark.ADDITION in parts)

    def all_land_types_gained(self, subject: Nouns, *parts: Any) -> TypeChangeReading:
        """'Lands you control gain all basic land types': 'are every basic land type in addition to their
        other types' (CR 205.1b: gained types are added), only 'basic' read.

        >>> from models.oracle.grammar import parse_static
        >>> reading = parse_static("Lands you control gain all basic land types")
        >>> reading.which.value, reading.adds
        ('every basic land type', True)
        """
        if [str(word).lower() for word in tokens_of(parts, "SUPERTYPE")] != ["basic"]:
            raise ValueError("'all <supertype> land types' other than basic")
        return TypeChangeReading(subject, (), TypeSet.EVERY_BASIC_LAND_TYPE, True)

    def every_creature_type_change(self, subject: Subject, *parts: Any) -> TypeChangeReading:
        """'~ is every creature type', 'Equipped creature gets +1/+1 and is all creature types' (CR 205.3m:
        in addition to its other types, however it is written)."""
        gets = tokens_of(parts, "PT_CHANGE")
        return TypeChangeReading(subject, (), TypeSet.EVERY_CREATURE_TYPE, True, gets=gets[0] if gets else "")

    def creature_change(self, subject: Subject, *parts: Any) -> TypeChangeReading:
        """'Forests you control are 1/1 green Elf creatures that are still lands', 'Enchanted Mountain is a
        7/7 red Giant creature with haste': the types (layer 4), the colors (layer 5, set), the base power and
        toughness (layer 7b) and the keywords; the other types kept with 'still a <type>' or 'in addition'
        (CR 205.1b)."""
        (base_pt,) = tokens_of(parts, "BASE_PT")
        tuples = [p for p in parts if isinstance(p, tuple)]
        colors = ""
        if tuples and len(tuples[0]) == 2 and isinstance(tuples[0][1], bool):
            colors = tuples.pop(0)[0]
        types = tuples[0]
        keywords = tuples[1] if len(tuples) > 1 else ()
        kept = _Mark.STILL in parts or _Mark.ADDITION in parts
        if _Mark.STILL in parts and _Mark.ADDITION in parts:
            raise UnreadError("both 'still a <type>' and 'in addition to its other types'")
        held = tokens_of(parts, "WHILE_TEXT")
        return TypeChangeReading(
            subject,
            types,
            TypeSet.LISTED,
            kept,
            str(held[0]).strip() if held else "",
            keywords=keywords,
            base_pt=base_pt,
            colors=colors,
        )

    def based_creature_change(self, subject: Subject, *parts: Any) -> TypeChangeReading:
        """'Enchanted artifact is a Golem creature with base power and toughness 5/5 in addition to its other
        types' (the base power and toughness after the types): read as :meth:`creature_change` reads them
        before."""
        types = tuple(p for p in parts if isinstance(p, str) and not isinstance(p, Token | _Mark))
        return self.creature_change(subject, *(p for p in parts if isinstance(p, Token | _Mark)), types)

    def still_type(self, *parts: Any) -> _Mark:
        kept = [p for p in parts if isinstance(p, str) and not isinstance(p, Token)]
        if kept != ["Land"]:
            raise UnreadError(f"still a {' '.join(kept)} (only 'still a land' is read)")
        return _Mark.STILL

    def defined_power(self, *parts: Any) -> DefinedPower:
        times = tokens_of(parts, "TIMES")
        return DefinedPower(parts[-1], spaced_words(times[0]) if times else "", has_token(parts, "AND"))

    def still_a_type(self, *parts: Any) -> StillAType:
        """'It's still a land.', 'They're still lands.'"""
        (kept,) = [p for p in parts if isinstance(p, str) and not isinstance(p, Token)]
        return StillAType(kept)

    def chosen_type_change(self, subject: Subject, *parts: Any) -> TypeChangeReading:
        if [str(word).lower() for word in tokens_of(parts, "SUPERTYPE")] not in ([], ["basic"]):
            raise ValueError("'the chosen <supertype> land type'")
        which = TypeSet.CHOSEN_CREATURE_TYPE if has_token(parts, "CREATURE_WORD") else TypeSet.CHOSEN
        return TypeChangeReading(subject, (), which, _Mark.ADDITION in parts)

    def ordinal_chosen_type_change(self, subject: Subject, *parts: Any) -> TypeChangeReading:
        """'Basic lands of the first chosen type are the second chosen type' (Illusionary Terrain)."""
        if [str(word).lower() for word in tokens_of(parts, "ORDINAL")] != ["second"]:
            raise UnreadError("only 'the second chosen type' is a type change's")
        return TypeChangeReading(subject, (), TypeSet.SECOND_CHOSEN, _Mark.ADDITION in parts)

    def named_colors(self, colors: str) -> tuple[str, bool]:
        return colors, False

    def no_colors(self, _word: Token) -> tuple[str, bool]:
        return "", False

    def the_chosen_color(self) -> tuple[str, bool]:
        return "", True

    def color_change(self, subject: Subject, *parts: Any) -> ColorChangeReading:
        colors, chosen = first_of(parts, tuple)
        gets = tokens_of(parts, "PT_CHANGE")
        return ColorChangeReading(subject, colors, chosen, _Mark.ADDITION in parts, gets[0] if gets else "")

    def power_change(self, subject: Subject, change: Token, *rest: Any) -> PowerChangeReading:
        keywords = next((part for part in rest if isinstance(part, tuple)), ())
        quoted = [_quoted(token) for token in rest if isinstance(token, Token) and "QUOTED" in token.type]
        return PowerChangeReading(subject, str(change), keywords, quoted[0] if quoted else "")

    def power_change_while(self, *parts: Any) -> PowerChangeReading:
        subject = next(part for part in parts if part is not None and not isinstance(part, Token | tuple))
        (change,) = tokens_of(parts, "PT_CHANGE")
        keywords = next((part for part in parts if isinstance(part, tuple)), ())
        condition = tokens_of(parts, "WHILE_TEXT")[0].strip()
        return PowerChangeReading(subject, str(change), keywords, condition=condition)

    def power_change_while_it(self, *parts: Any) -> PowerChangeReading:
        """'As long as enchanted creature is red, it gets +2/+2 and has haste': 'it' is the object the
        condition names (models.oracle.conditional_types)."""
        (change,) = tokens_of(parts, "PT_CHANGE")
        keywords = next((part for part in parts if isinstance(part, tuple)), ())
        condition = tokens_of(parts, "WHILE_TEXT")[0].strip()
        return PowerChangeReading(
            SelfSubject(), str(change), keywords, condition=condition, of_condition=True
        )

    def power_change_for_each(self, subject: Subject, change: Token, each: Quantity) -> PowerChangeReading:
        return PowerChangeReading(subject, str(change), each=each)

    def keyword_grant(self, what: Nouns, *parts: Any) -> KeywordGrantReading:
        caster = tokens_of(parts, "CASTER")
        keywords = next(part for part in parts if isinstance(part, tuple))
        return KeywordGrantReading(what, keywords, spaced_words(caster[0]) if caster else "")

    def attack_rider(self, *_words_tokens: Token) -> _Mark:
        return _Mark.ATTACKS

    def activate_as_though(self, who: str, what: Nouns, _those: Token, keyword: Token) -> ActivateAsThough:
        if who != "you":
            raise UnreadError(f"{who} may activate abilities as though ...")
        return ActivateAsThough(what, str(keyword).lower())

    def keyword_grant_while(self, *parts: Any) -> KeywordsWhile:
        what = next(part for part in parts if isinstance(part, Nouns))
        keywords = next(part for part in parts if isinstance(part, tuple))
        return KeywordsWhile(keywords, tokens_of(parts, "WHILE_TEXT")[0].strip(), what)

    def keyword_grant_on_turn(self, turn: _CostTurn, what: Nouns, *parts: Any) -> KeywordsWhile:
        """'During your turn, <permanents> have <keywords>': while it is the turn of the source's controller
        ('During turns other than yours, ...' is not read)."""
        if turn.whose != "yours":
            raise UnreadError("keywords granted during turns other than yours")
        keywords = next(part for part in parts if isinstance(part, tuple))
        return KeywordsWhile(keywords, "", what, turn=turn.whose)

    def grant_with_keywords(self, what: Nouns, keywords: tuple[str, ...], quoted: Token) -> GrantReading:
        return GrantReading(what, _quoted(quoted), keywords=keywords)

    def keyword_list(self, *words: Token) -> tuple[str, ...]:
        return tuple(str(word).lower() for word in words if word.type == "KEYWORD")

    def grant(self, what: Nouns, quoted: Token) -> GrantReading:
        return GrantReading(what, str(quoted)[1:-1])

    def becomes_with_only(self, what: Subject, *parts: Any) -> BecomesWithOnly:
        if not isinstance(what, Nouns):
            raise UnreadError("a card itself that is a type with only one ability")
        types = tuple(p for p in parts if isinstance(p, str) and not isinstance(p, Token))
        quoted = tokens_of(parts, "QUOTED")[0][1:-1].rstrip(",").strip()  # ('"...any color," and it loses')
        return BecomesWithOnly(what, types, quoted, has_token(parts, "COLORLESS"), has_token(parts, "CARD"))

    def becomes_colorless(self, what: Subject, *parts: Any) -> BecomesColorless:
        if not isinstance(what, Nouns):
            raise UnreadError("a card itself that is a colorless type")
        return BecomesColorless(
            what, tuple(p for p in parts if isinstance(p, str) and not isinstance(p, Token))
        )

    def grant_while(self, *parts: Any) -> GrantReading:
        what = next(part for part in parts if isinstance(part, Nouns))
        condition = tokens_of(parts, "WHILE_TEXT")[0].strip()
        return GrantReading(what, tokens_of(parts, "QUOTED")[0][1:-1], condition)

    def granted_while(self, *parts: Any) -> GrantedWhile:
        condition = tokens_of(parts, "WHILE_TEXT")[0].strip()
        keywords = tuple(word.lower() for word in tokens_of(parts, "KEYWORD"))
        return GrantedWhile(condition, tokens_of(parts, "QUOTED")[0][1:-1], keywords)

    def keywords_while(self, *parts: Any) -> KeywordsWhile:
        keywords = next(part for part in parts if isinstance(part, tuple))
        held = tokens_of(parts, "WHILE_TEXT")
        return KeywordsWhile(keywords, held[0].strip() if held else "")

    def keyword_while_first(self, *parts: Any) -> KeywordsWhile:
        """'As long as <condition>, ~ has flying.' (Cairn Wanderer)."""
        (keyword,) = tokens_of(parts, "KEYWORD")
        return KeywordsWhile((str(keyword).lower(),), tokens_of(parts, "WHILE_TEXT")[0].strip())

    def keyword_if_exiled(self, _article: Token, what: Nouns, *parts: Any) -> KeywordsWhile:
        """'If a creature card with flying was exiled with ~'s delve ability, ~ has flying.' (Soulflayer): the
        keyword while the condition holds, as written for the condition's grammar (``exiled_card_with``)."""
        ability, granted = tokens_of(parts, "KEYWORD")
        held = f"a {what.words()} was exiled with ~'s {str(ability).lower()} ability"
        return KeywordsWhile((str(granted).lower(),), held)

    def keyword_from_combat(self, *parts: Any) -> KeywordsWhile:
        """'At the beginning of each combat, ~ gains flying until end of turn if <condition>' (Majestic
        Myriarch; 'creatures you control gain ...', Odric): the keyword from this turn's combat on, if the
        condition held as the trigger resolved (CR 603.4)."""
        what = next((part for part in parts if isinstance(part, Nouns)), None)
        (keyword,) = tokens_of(parts, "KEYWORD")
        held = tokens_of(parts, "WHILE_TEXT")[0].strip()
        return KeywordsWhile((str(keyword).lower(),), held, what, combat=True)

    def keywords_of_pair(self, *parts: Any) -> KeywordsWhile:
        """'As long as <condition>, both creatures have <keywords>' (soulbond's pair, CR 702.95)."""
        if [kind.lower() for kind in tokens_of(parts, "CARD_TYPE")] != ["creatures"]:
            raise UnreadError("both of a pair that are no creatures")
        keywords = next(part for part in parts if isinstance(part, tuple))
        return KeywordsWhile(keywords, tokens_of(parts, "WHILE_TEXT")[0].strip(), both_paired=True)

    def keyword_of_each_type(self, *parts: Any) -> KeywordsWhile:
        """'For each basic land type among lands you control, ~ has landwalk of that type.': the landwalks
        (CR 702.14) of the types it counts, which no payment reads; only a landwalk is read so."""
        (keyword,) = tokens_of(parts, "KEYWORD")
        if keyword.lower() != "landwalk":
            raise UnreadError(f"{keyword} of each type")
        return KeywordsWhile(("landwalk",), "")

    def pools_dont_empty(self, *_parts: Any) -> PoolsDontEmpty:
        return PoolsDontEmpty()

    def keep_unspent(self, who: str, *parts: Any) -> KeepUnspent:
        colors = tokens_of(parts, "COLOR_WORD")
        return KeepUnspent(who, lexicon.COLOR_WORDS[colors[0].lower()] if colors else "")

    def unspent_becomes(self, who: str, *parts: Any) -> UnspentBecomes:
        colors = tokens_of(parts, "COLOR_WORD")
        return UnspentBecomes(who, lexicon.COLOR_WORDS[colors[0].lower()] if colors else "C")

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

    def spend_as_though(self, who: str, *parts: Any) -> SpendAsThoughReading:
        as_kind = next(p for p in parts if isinstance(p, str) and not isinstance(p, Token))
        uses = [p for p in parts if isinstance(p, tuple)]
        return SpendAsThoughReading(
            who,
            as_kind,
            self._spent_kind(parts),
            has_token(parts, "ONLY_WORD"),
            SpendOnly(uses[0]) if uses else None,
        )

    def one_card_permission(self, who: str, *parts: Any) -> OneCardPermission:
        as_kind, card = [p for p in parts if isinstance(p, str) and not isinstance(p, Token)]
        if who != "you" or self._spent_kind(parts) or has_token(parts, "ONLY_WORD"):
            raise ValueError("a permission for one card is 'you may spend mana as though ...'")
        if as_kind not in ("color", "type"):
            raise ValueError("a permission for one card is 'mana of any color' or 'of any type'")
        return OneCardPermission(as_kind, card)

    def one_card_permission_any_type(self, card: str) -> OneCardPermission:
        return OneCardPermission("type", card)

    def abilities_of_exiled(self, *parts: Token) -> AbilitiesOfExiledReading:
        """'~ has all activated abilities of the exiled card', '... of all creature cards exiled with it'."""
        types = tuple(str(p).capitalize() for p in parts if p.type == "CARD_TYPE")
        return AbilitiesOfExiledReading(types)

    def abilities_of_caged(self, _self: Token, _card: Token, kind: Any) -> AbilitiesOfExiledReading:
        """'~ has all activated abilities of all cards you own in exile with cage counters on them.'"""
        return AbilitiesOfExiledReading(counter=str(kind).lower())

    def those_once_each_turn(self, spender: str, _once: Token) -> ThoseOnceEachTurn:
        """'You may activate each of those abilities only once each turn.'"""
        if spender != "you":
            raise UnreadError(f"{spender} may activate each of those abilities only once each turn")
        return ThoseOnceEachTurn()

    def abilities_of(self, what: Nouns | Token, sources: Nouns) -> AbilitiesOfReading:
        return AbilitiesOfReading(what if isinstance(what, Nouns) else None, sources)

    def ability_loss(self, what: Nouns, *parts: Any) -> AbilityLossReading:
        base = next((part for part in parts if isinstance(part, tuple)), None)
        return AbilityLossReading(what, any(part is True for part in parts), base)

    def ability_loss_with_keywords(self, what: Nouns, *parts: Any) -> AbilityLossReading:
        """'It loses all abilities and has haste' (an effect in force, 'gains' read as 'has')."""
        keywords = next(part for part in parts if isinstance(part, tuple))
        return AbilityLossReading(what, keywords=keywords)

    def ability_loss_untapping(self, what: Nouns, *_tokens: Token) -> AbilityLossReading:
        """'Enchanted creature loses all abilities and can't become untapped' (Frozen in Ice)."""
        return AbilityLossReading(what, stays_tapped=True)

    def it_loses_abilities(self, *parts: Any) -> ItLosesAbilities:
        """'It can't attack and loses all abilities', 'It has defender and loses all other abilities'."""
        keywords = next((part for part in parts if isinstance(part, tuple)), ())
        return ItLosesAbilities(keywords)

    def linked_loss(self, *_parts: Any) -> LinkedLoss:
        """'It loses all abilities for as long as ~ remains on the battlefield' and its kin."""
        return LinkedLoss()

    def losing_type_change(self, what: Nouns, *parts: Any) -> AbilityLossReading:
        (becomes,) = (part for part in parts if isinstance(part, AbilityLossReading))
        return replace(becomes, what=what)

    def becomes_colors(self, colors: str) -> _Colors:
        return _Colors("" if isinstance(colors, Token) else colors)  # ('colorless': the token itself)

    def becomes_types(self, _article: Token, *parts: Any) -> AbilityLossReading:
        colors = next((part.letters for part in parts if isinstance(part, _Colors)), None)
        types = tuple(p for p in parts if isinstance(p, str) and not isinstance(p, Token))
        power, toughness = tokens_of(parts, "BASE_PT")[0].split("/")
        base = (int(power), int(toughness))
        name = next((part.name for part in parts if isinstance(part, _SetName)), "")
        return AbilityLossReading(
            Nouns(()), base=base, types=types, colors=colors, adds=_Mark.ADDITION in parts, name=name
        )

    def set_name(self, name: str) -> _SetName:
        return _SetName(name)

    def losing_power_change(self, what: Subject, change: Token, *_words_tokens: Token) -> AbilityLossReading:
        if not isinstance(what, Nouns):
            raise UnreadError("a card's own power changed as it loses its abilities")
        return AbilityLossReading(what, gets=str(change))

    def except_mana(self) -> bool:
        return True

    def base_pt(self, *parts: Token) -> tuple[int, int]:
        power, toughness = str(parts[-1]).split("/")
        return int(power), int(toughness)

    def floored_mana(self, *_words: Token) -> None:
        return None

    def self_tap_damage(self, *parts: Any) -> SelfTapDamage:
        return SelfTapDamage(digits_of(parts))

    def that_player(self) -> str:
        return "that player"

    def to_you(self) -> str:
        return "you"

    def tapped_for_mana_damage(self, tapped: Tapped, *parts: Any) -> TappedForManaDamage:
        to = next(p for p in parts if isinstance(p, str) and not isinstance(p, Token))
        return TappedForManaDamage(tapped, digits_of(parts), to)

    def controller_of(self, *_words_tokens: Token) -> str:
        return "its controller"

    def becomes_tapped_damage(self, what: Nouns, *parts: Any) -> BecomesTappedDamage:
        unless = tokens_of(parts, "SYMBOLS")  # ('unless that player pays {3}': Seizures)
        return BecomesTappedDamage(
            what, digits_of(parts), unless_paid=str(unless[0]).upper() if unless else ""
        )

    def becomes_tapped_life_loss(self, what: Nouns, *parts: Any) -> BecomesTappedDamage:
        return BecomesTappedDamage(what, digits_of(parts), life_loss=True)

    def tapped_or_activated_damage(self, what: Nouns, *parts: Any) -> BecomesTappedDamage:
        symbol = next(p for p in parts if isinstance(p, Token) and p.type == "SYMBOLS")
        attached = next(p for p in parts if isinstance(p, Token) and p.type == "ATTACHED")
        kind = next(p for p in parts if isinstance(p, str) and not isinstance(p, Token))
        other = f"{str(attached).lower()} {kind.lower()}"
        if str(symbol).upper() != "{T}" or other != what.words().lower():
            raise UnreadError("an activation of another permanent, or another symbol, than tapping it")
        return BecomesTappedDamage(what, digits_of(parts), activations=True)

    def becomes_tapped_destroy(self, what: Nouns, *parts: Any) -> BecomesTappedDamage:
        damage = digits_of(parts) if any(isinstance(p, Token) and p.type == "DIGITS" for p in parts) else 0
        return BecomesTappedDamage(what, damage, destroys=True)

    def same_is_true_for_keywords(self, keywords: tuple[str, ...]) -> SameIsTrueForKeywords:
        return SameIsTrueForKeywords(keywords)

    def same_is_true(self, *parts: Any) -> SameIsTrue:
        cards = "" if not has_token(parts, "CARD") else "you" if _Mark.YOUR_CARDS in parts else "any"
        kinds = {"SPELL": "", "CARD": ""}  # the card type written before 'spells' and before 'cards'
        written = ""
        for part in parts:
            if isinstance(part, Token) and part.type == "CARD_TYPE":
                written = lexicon.canonical_type(str(part)) or str(part)
            elif isinstance(part, Token) and part.type in kinds:
                kinds[part.type], written = written, ""
        nonland = has_token(parts, "NON_TYPE")
        return SameIsTrue(_Mark.YOUR_SPELLS in parts, cards, nonland, kinds["SPELL"], kinds["CARD"])

    def only_colored(self, colored: Token) -> OnlyColored:
        if colored.type == "COLOR_WORD":  # (the Defilers' 'only the amount of white mana you pay')
            return OnlyColored(lexicon.COLOR_WORDS[str(colored).lower()])
        return OnlyColored()

    def optional_life_for_spells(self, *parts: Any) -> OptionalLifeForSpells:
        """'As an additional cost to cast white permanent spells, you may pay 2 life.' (the Defilers)."""
        what = next(part for part in parts if isinstance(part, Nouns))
        return OptionalLifeForSpells(
            what, fixed_number(next(part for part in parts if isinstance(part, int)))
        )

    def those_cost_if_life_paid(self, *parts: Any) -> ThoseCostIfLifePaid:
        """'Those spells cost {W} less to cast if you paid life this way.' (the Defilers)."""
        symbols, more = tokens_of(parts, "SYMBOLS")[0], tokens_of(parts, "MORE_LESS")[0]
        return ThoseCostIfLifePaid(symbols.upper(), more.lower() == "more")

    def reduction_floor(self, _what: None, less: Token, least: Number) -> ReductionFloor:
        """'This effect can't reduce the mana in that cost to less than one mana.' (Heartstone, Power
        Artifact; Training Grounds' 'the amount of mana an ability costs to activate')."""
        if str(less).lower() != "less":
            raise UnreadError("a floor 'to more than' some mana")
        return ReductionFloor(fixed_number(least))

    def double_unspent(self) -> DoubleUnspent:
        return DoubleUnspent()

    def devotion_increase(self, _and: Token, number: Number) -> DevotionIncreased:
        """'Your devotion to each color and each combination of colors is increased by one.'"""
        return DevotionIncreased(fixed_number(number))

    def additional_land_plays(self, who: str, count: Number, *_words: Token) -> AdditionalLandPlays:
        """'You may play an additional land on each of your turns.', 'two additional lands', 'Each player
        may play an additional land on each of their turns.' (CR 305.2a)."""
        return AdditionalLandPlays(fixed_number(count), who)

    def additional_land_plays_while(
        self, _as_long_as: None, condition: Token, who: str, count: Number, *_words: Token
    ) -> AdditionalLandPlays:
        """'As long as you control another Elf, you may play an additional land on each of your turns.'"""
        return AdditionalLandPlays(fixed_number(count), who, " ".join(str(condition).split()))

    def life_for_mana(self, symbol: Token, _article: Token, _you: Any, life: Number) -> LifeForManaReading:
        """'For each {B} in a cost, you may pay 2 life rather than pay that mana.' (K'rrik): one mana symbol
        of one type, and a fixed amount of life."""
        return LifeForManaReading(str(symbol).upper(), fixed_number(life))

    def unspent_costs_life(self, *_words: Token) -> UnspentCostsLife:
        return UnspentCostsLife()

    def life_paid_by_exile(self, who: str, *_words: Token) -> LifePaidByExile:
        """'If you would pay life while your library has at least that many cards in it, exile that many
        cards from the top of your library instead.' (Ashiok, Wicked Manipulator)"""
        if who != "you":
            raise UnreadError("another player's life payments replaced by their library")
        return LifePaidByExile()

    def roll_die(self, article: Token, die: Token) -> RandomOpening:
        kind = f"{spaced_words(die)} die" if die.type == "SIDED" else spaced_words(die)
        return RandomOpening(f"roll {spaced_words(article)} {kind}")

    def flip_coin(self, _article: Token) -> RandomOpening:
        return RandomOpening("flip a coin")

    def result_effects(self) -> ResultEffects:
        return ResultEffects()

    # -------------------------------------------------------------- enters unless, land search


def _quoted(token: Token) -> str:
    """The ability between the quotes of a QUOTED or QUOTED_AFTER_AND token ('and "{T}: Add {G}."').

    >>> _quoted(Token("QUOTED_AFTER_AND", ' and "{T}: Add {G}."'))
    '{T}: Add {G}.'
    """
    text = str(token)
    return text[text.index('"') + 1 : -1]
