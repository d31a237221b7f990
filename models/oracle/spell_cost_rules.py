"""The parse tree of a spell's own costs to their records: the grammar's transformer methods for an additional
cost's sentence (:mod:`models.additional_costs`, CR 601.2f) and an alternative cost's
(:mod:`models.alternative_costs`, CR 118.9), mixed into the transformer of :mod:`models.oracle.grammar`.
The parts are read by the rules of activated abilities' costs ("pay 1 life", "sacrifice a creature", "exile a
card from your hand", "discard a card": :mod:`~models.oracle.phrase_rules`), then made into the records here;
a part no record holds raises :class:`~models.oracle.grammar_parser.UnreadError`.

>>> from models.oracle.readings import Nouns
>>> sacrifice_cost(Sacrifice(2, Nouns((Noun(types=("Mountain",)),))))
SacrificeCost(count=2, types=('Mountain',))
>>> str(hand_exile(ExileFromHand(1, Noun(colors="U", head=Head.CARD, zone="hand"))))
'exile a blue card from your hand'
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Any

from lark import Token, Transformer, v_args

from models.abilities import TurnCondition
from models.additional_costs import (
    PERMANENT,
    DiscardCost,
    EitherCost,
    ExtraMana,
    LifeCost,
    OptionalSacrifice,
    OptionalTap,
    RevealCost,
    SacrificeCost,
)
from models.alternative_costs import (
    AlternativeCost,
    GrantedForetell,
    GrantedForetellCost,
    HandExile,
    SpellsGranted,
)
from models.cost import ManaCost, SymbolKind
from models.filters import ObjectFilter
from models.mana import ManaTypes
from models.oracle import lexicon
from models.oracle.grammar_parser import UnreadError
from models.oracle.phrase_rules import joined_subtypes
from models.oracle.readings import (
    Controller,
    Discard,
    ExileFromHand,
    Head,
    ManaSymbols,
    Noun,
    Nouns,
    Number,
    PayEnergy,
    PayLife,
    PayXLife,
    ReturnPermanent,
    Reveal,
    Sacrifice,
    TapOthers,
    WaterbendSymbols,
    WithManaValue,
    WithManaValueAtMost,
    WithManaValueX,
)
from models.oracle.readings.nouns import X
from models.oracle.turn_event_rules import died_creatures

__all__ = [
    "GraveyardPermissionReading",
    "SpellCostRules",
    "alternative_cost",
    "cast_spells",
    "discard_cost",
    "hand_exile",
    "reveal_cost",
    "sacrifice_cost",
    "tap_cost",
]

#: The card types of permanents (CR 110.4): a sacrifice names one of them or a subtype.
_PERMANENT_TYPES = ("Artifact", "Battle", "Creature", "Enchantment", "Land", "Planeswalker")
#: Mana symbols paid as (part of) a spell's cost: generic and colored mana, {C} ('pay {W}{U}{B}{R}{G}'),
#: hybrid and Phyrexian symbols ('pay {W/U}', '{2/B}', '{G/P}'), and X (an additional cost's 'pay {X}', Old
#: Stickfingers': the X of the spell's mana cost, CR 107.3; no alternative cost reads it).
_MANA = re.compile(r"^(?:\{(?:[0-9]+|[WUBRGCX]|[WUBRG]/[WUBRGP]|2/[WUBRG]|[WUBRG]/[WUBRG]/P)\})+$")


@dataclass(frozen=True, slots=True)
class LifeOfManaValue:
    """'pay life equal to its mana value': as much life as the spell's mana value (CR 202.3), worked out for
    each spell a granted cost is weighed for (:func:`planner.rules.alternative_costs.granted_ways`)."""


#: A spell's cost part: a reading of the activated costs' rules, mana or energy paid, or a record made.
SpellCostPart = (
    ManaSymbols
    | WaterbendSymbols
    | PayLife
    | PayXLife
    | PayEnergy
    | SacrificeCost
    | DiscardCost
    | RevealCost
    | HandExile
    | LifeOfManaValue
)


#: The parts of a spell's cost kept as the grammar reads them.
_PAID_AS_READ = (ManaSymbols, PayLife, PayXLife, PayEnergy, WaterbendSymbols, LifeOfManaValue)


@dataclass(frozen=True, slots=True)
class GraveyardPermissionReading:
    """A permanent's permission to cast spells from its controller's graveyard as the grammar reads it
    (``graveyard_permission``): the cards it names (``what``, made filters by
    :func:`models.oracle.read_statics.read_static_sentence`) and the rest as
    :class:`~models.mana_effects.GraveyardPermission` holds it."""

    what: Nouns
    your_turn: bool = False
    once_each_turn: bool = False
    one: bool = False
    each_permanent_type: bool = False
    life: int = 0
    keyword: str = ""
    play: bool = False
    most_mana_value: int | None = None


@dataclass(frozen=True, slots=True)
class FlashbackCostIsManaCost:
    """'The flashback cost is equal to that card's mana cost.' (Lier, Disciple of the Drowned): the cost of
    the flashback its permanent grants the cards of its controller's graveyard (CR 702.34a) is their mana
    cost, what the permission read from the grant (``flashback_granted``) pays."""


#: 'permanent card ... from your graveyard': a card of a permanent type (CR 110.4), in the graveyard.
_PERMANENT_CARDS = Nouns((Noun(excluded=("Instant", "Sorcery"), head=Head.CARD, zone="graveyard"),))


@dataclass(frozen=True, slots=True)
class _PermissionPart:
    """One optional phrase of a graveyard permission, as its rule's method marks it."""

    name: str
    value: Any = True


@dataclass(frozen=True, slots=True)
class ControlConditions:
    """What an alternative cost's "If ..." asks of the board: a permanent of each of ``you`` the player
    controls, one of each of ``opponent`` an opponent controls (Massacre: ``opponent=('Plains',)``,
    ``you=('Swamp',)``), and with ``your_turn`` that it is the player's turn.

    >>> ControlConditions(("Swamp",), ("Plains",)).on(AlternativeCost(mana="")).if_opponent_controls
    ('Plains',)
    """

    you: tuple[str, ...] = ()
    opponent: tuple[str, ...] = ()
    #: "If it's your turn" (Mine Collapse)
    your_turn: bool = False
    #: "If it's not your turn" (Force of Rage)
    not_your_turn: bool = False
    #: "If an opponent cast three or more spells this turn" (Mindbreak Trap): 3
    opponent_spells: int = 0
    #: "If an opponent gained life this turn" (Needlebite Trap)
    opponent_gained_life: bool = False
    #: "If you've cast another white spell this turn" (Patrician's Scorn): the spells cast it asks for one of
    cast: ObjectFilter | None = None
    #: "As long as you've discarded a card this turn" (Asmoranomardicadaistinaculdacar)
    discarded: bool = False
    #: "if a creature died this turn" (a card's own permission to be cast from its graveyard)
    creature_died: bool = False
    #: with ``creature_died``, which creature ("a non-Zombie creature"); None: any
    died: ObjectFilter | None = None
    #: "If you attacked with a creature this turn" (Admiral's Order's raid): events of the turn
    turn_facts: tuple[TurnCondition, ...] = ()

    def on(self, cost: AlternativeCost) -> AlternativeCost:
        """``cost`` usable only under these conditions."""
        return replace(
            cost,
            if_control=self.you,
            if_opponent_controls=self.opponent,
            if_your_turn=self.your_turn,
            if_not_your_turn=self.not_your_turn,
            if_opponent_cast=self.opponent_spells,
            if_opponent_gained_life=self.opponent_gained_life,
            if_cast=self.cast,
            if_discarded=self.discarded,
            if_creature_died=self.creature_died,
            died_what=self.died,
            if_turn_facts=self.turn_facts,
        )


def _counted(count: Number) -> int:
    """A count of one or more, as written ('a', 'two', '3'); X and 'any number of' are not read."""
    if not isinstance(count, int) or count < 1:
        raise UnreadError(f"a count of {count}")
    return count


def sacrifice_cost(reading: Sacrifice) -> SacrificeCost:
    """'sacrifice a nontoken green creature', 'sacrifice two Mountains', 'sacrifice an artifact or creature
    [you control]', 'sacrifice a nonland permanent', 'sacrifice a creature with mana value 3 or greater':
    each noun one permanent type or subtype; 'nontoken', 'non<card type>' and one color only on a noun alone;
    a mana value ('N or greater', 'N or less', 'X': the spell's X, CR 107.3) on the last noun, for all of them
    (an 'or' list's 'with' phrase qualifies each permanent it lists).

    >>> from models.oracle.readings import Nouns
    >>> sacrifice_cost(Sacrifice(1, Nouns((Noun(types=("Artifact",)), Noun(types=("Creature",))))))
    SacrificeCost(count=1, types=('Artifact', 'Creature'))
    >>> str(sacrifice_cost(Sacrifice(1, Nouns((Noun(head=Head.PERMANENT, excluded=("Land",)),)))))
    'sacrifice a nonland permanent'
    """
    count, nouns = _counted(reading.count), reading.what.nouns
    qualities = nouns[-1].qualities
    nouns = (*nouns[:-1], replace(nouns[-1], qualities=()))
    if len(nouns) > 1 and (
        reading.what.joiner != "or"
        or any(n.excluded or n.colors or n.supertypes or n.qualities for n in nouns)
    ):
        raise UnreadError(f"sacrifice {reading.what}")
    if len(nouns) == 1 and nouns[0].head is Head.PERMANENT and not nouns[0].types:  # ('a blue permanent')
        nouns = (replace(nouns[0], head=Head.TYPES, types=(PERMANENT,)),)
    for noun in nouns:
        plain = replace(noun, excluded=(), colors="", controller=Controller.UNSAID, supertypes=())
        if (
            plain != Noun(types=noun.types)
            or len(noun.types) != 1
            or not set(noun.excluded) <= {"Token", *_PERMANENT_TYPES}
            or (len(noun.excluded) > 1 and "Token" in noun.excluded)
            or len(noun.colors) > 1
            or noun.supertypes not in ((), ("Basic",))
            or noun.controller not in (Controller.UNSAID, Controller.YOU)
            or (noun.types[0] in lexicon.CARD_TYPES and noun.types[0] not in (*_PERMANENT_TYPES, PERMANENT))
        ):
            raise UnreadError(f"sacrifice {noun}")
    first = nouns[0]
    return _with_mana_value(
        SacrificeCost(
            count,
            tuple(n.types[0] for n in nouns),
            nontoken="Token" in first.excluded,
            colors=first.colors,
            basic=first.supertypes == ("Basic",),
            excluded=tuple(t for t in first.excluded if t != "Token"),
        ),
        qualities,
    )


def _with_mana_value(cost: SacrificeCost, qualities: tuple[object, ...]) -> SacrificeCost:
    """The cost with the mana value its permanents' 'with mana value ...' asks (CR 202.3); one quality only,
    and X only of one permanent (the X of the spell, one number).

    >>> str(_with_mana_value(SacrificeCost(1, ("Creature",)), (WithManaValueAtMost(2),)))
    'sacrifice a creature with mana value 2 or less'
    """
    match qualities:
        case ():
            return cost
        case (WithManaValue(at_least=least),):
            return replace(cost, mana_value_at_least=least)
        case (WithManaValueAtMost(at_most=most),):
            return replace(cost, mana_value_at_most=most)
        case (WithManaValueX(),) if cost.count == 1:
            return replace(cost, mana_value_x=True)
    raise UnreadError(f"sacrifice {cost.kinds()} {qualities}")


def tap_cost(reading: TapOthers) -> SacrificeCost:
    """'tap an untapped artifact you control' (Disruption Protocol), 'tap an untapped Vampire you control':
    permanents of the player's, untapped, tapped for the cost (CR 601.2h), read as a sacrifice's are.

    >>> from models.oracle.readings import Nouns
    >>> artifact = Noun(types=("Artifact",), untapped=True, controller=Controller.YOU)
    >>> str(tap_cost(TapOthers(1, Nouns((artifact,)))))
    'tap an untapped artifact you control'
    """
    nouns = tuple(replace(noun, untapped=False) for noun in reading.what.nouns)
    if any(noun.controller is not Controller.YOU for noun in reading.what.nouns):
        raise UnreadError(f"tap {reading.what}: not of the permanents you control")
    return replace(sacrifice_cost(Sacrifice(reading.count, replace(reading.what, nouns=nouns))), tapped=True)


def discard_cost(reading: Discard) -> DiscardCost:
    """'discard a card', 'discard two cards' (any cards).

    >>> discard_cost(Discard(2, Noun(head=Head.CARD)))
    DiscardCost(count=2)
    """
    if reading.what != Noun(head=Head.CARD):
        raise UnreadError(f"discard {reading.what}")
    return DiscardCost(_counted(reading.count))


def reveal_cost(reading: Reveal) -> RevealCost:
    """'reveal a Dinosaur card from your hand' (one card of one or more types, from the hand).

    >>> reveal_cost(Reveal(1, Noun(types=("Dinosaur",), head=Head.CARD, zone="hand")))
    RevealCost(types=('Dinosaur',))
    """
    noun = reading.what
    if reading.count != 1 or noun != Noun(types=noun.types, head=Head.CARD, zone="hand") or not noun.types:
        raise UnreadError(f"reveal {reading.count} {noun}")
    return RevealCost(noun.types)


def hand_exile(reading: ExileFromHand) -> HandExile:
    """'exile a blue card from your hand', 'exile two black cards from your hand' (at most one color), 'exile
    a red card with mana value X from your hand' (the Shoals: one card, whose mana value X is).

    >>> from models.oracle.readings import WithManaValueX
    >>> red_x = Noun(colors="R", head=Head.CARD, zone="hand", qualities=(WithManaValueX(),))
    >>> str(hand_exile(ExileFromHand(1, red_x)))
    'exile a red card with mana value X from your hand'
    """
    noun = reading.what
    mana_value_x = noun.qualities == (WithManaValueX(),)
    plain = replace(noun, colors="", qualities=() if mana_value_x else noun.qualities)
    if plain != Noun(head=Head.CARD, zone="hand") or len(noun.colors) > 1:
        raise UnreadError(f"exile {noun}")
    count = _counted(reading.count)
    if mana_value_x and count != 1:
        raise UnreadError(f"exile {count} cards with mana value X")
    return HandExile(count, noun.colors, mana_value_x=mana_value_x)


def alternative_cost(
    parts: tuple[SpellCostPart, ...], *, x_said: bool = False, life_of_mana_value: bool = False
) -> AlternativeCost:
    """The alternative cost of its parts: mana once (or a waterbend, CR 701.67: mana whose generic part
    tapping may pay), life and energy summed, sacrifices, one exile or discard of the hand's cards; mana
    with X only when the sentence says what X is (``x_said``: Kentaro's "where X is that spell's mana
    value"); life equal to the spell's mana value only where a granted cost is read
    (``life_of_mana_value``: the planner works it out for each spell it grants it to; a spell's own cost is
    never worked out so).

    >>> alternative_cost((PayLife(1), HandExile(1, "U"))).describe()
    'pay 1 life and exile a blue card from your hand'
    >>> alternative_cost((DiscardCost(1),)).describe()
    'discard a card'
    >>> alternative_cost((LifeOfManaValue(),), life_of_mana_value=True).describe()
    'pay life equal to its mana value'
    """
    if not life_of_mana_value and any(isinstance(part, LifeOfManaValue) for part in parts):
        raise UnreadError("life equal to a mana value in a spell's own cost")
    if sum(isinstance(part, LifeOfManaValue) for part in parts) > 1:
        raise UnreadError("life equal to its mana value twice")
    mana, life, energy, waterbend = "", 0, 0, False
    life_is_mana_value = False
    sacrifices: list[SacrificeCost] = []
    exile: HandExile | None = None
    for part in parts:
        if isinstance(part, ManaSymbols | WaterbendSymbols) and "X" in part.symbols and not x_said:
            raise UnreadError(f"an alternative cost of {part.symbols}")
        if isinstance(part, ManaSymbols) and not mana:
            mana = part.symbols
        elif isinstance(part, WaterbendSymbols) and not mana:  # ('You may waterbend {4} rather than ...')
            mana, waterbend = part.symbols, True
        elif isinstance(part, PayLife):
            life += part.life
        elif isinstance(part, PayEnergy):
            energy += part.energy
        elif isinstance(part, SacrificeCost):
            sacrifices.append(part)
        elif isinstance(part, HandExile) and exile is None:
            exile = part
        elif isinstance(part, DiscardCost) and not part.exiled and not part.colors and exile is None:
            exile = HandExile(part.count, discard=True)  # ('discard a card': from the hand, CR 118.9, 601.2a)
        elif isinstance(part, LifeOfManaValue):
            life_is_mana_value = True
        else:
            raise UnreadError(f"an alternative cost's part: {part}")
    if life_is_mana_value and life:
        raise UnreadError("life equal to its mana value beside more life")
    return AlternativeCost(
        mana=mana,
        life=life,
        energy=energy,
        sacrifice=tuple(sacrifices),
        exile=exile,
        waterbend=waterbend,
        life_is_mana_value=life_is_mana_value,
    )


@v_args(inline=True)
class SpellCostRules(Transformer[Token, Any]):
    """Transformer methods of a spell's additional and alternative costs."""

    def spell_costs(self, *parts: Any) -> tuple[SpellCostPart, ...]:
        read: list[SpellCostPart] = []
        for part in parts:
            if isinstance(part, Token):
                continue  # (the joiner)
            if isinstance(part, Sacrifice):
                read.append(sacrifice_cost(part))
            elif isinstance(part, TapOthers):  # (Disruption Protocol; planned as a sacrifice is)
                read.append(tap_cost(part))
            elif isinstance(part, ReturnPermanent):  # (Daze; planned as a sacrifice is)
                read.append(replace(sacrifice_cost(Sacrifice(part.count, part.what)), returned=True))
            elif isinstance(part, Discard):
                read.append(discard_cost(part))
            elif isinstance(part, ExileFromHand):
                read.append(hand_exile(part))
            elif isinstance(part, Reveal):
                read.append(reveal_cost(part))
            elif isinstance(part, _PAID_AS_READ):  # (LifeOfManaValue: alternative_cost says where it is read)
                read.append(part)
            else:
                raise UnreadError(f"a spell's cost part: {part}")
        return tuple(read)

    def spell_pay_life(self, number: Number) -> PayLife | PayXLife:
        """'pay 3 life', 'pay X life' (Toxic Deluge's additional cost: the X chosen as the spell is cast, CR
        107.3); no other amount is read."""
        if number is X:
            return PayXLife()
        if not isinstance(number, int):
            raise UnreadError(f"pay {number} life")
        return PayLife(number)

    def waterbend_mana(self, token: Token) -> WaterbendSymbols:
        """'waterbend {X}' (CR 701.67a): mana symbols, generic and X only."""
        text = str(token)
        mana = ManaCost.parse(text) if _MANA.match(text) else None
        plain = mana is not None and all(
            s.kind in (SymbolKind.GENERIC, SymbolKind.VARIABLE) for s in mana.symbols
        )
        if mana is None or not plain or not mana.symbols:
            raise UnreadError(f"waterbend {text}")
        return WaterbendSymbols(str(mana))

    def pay_mana_or_energy(self, token: Token) -> ManaSymbols | PayEnergy:
        text = str(token)
        if _MANA.match(text):
            return ManaSymbols(text)
        if not text.replace("{E}", ""):
            return PayEnergy(text.count("{E}"))
        raise UnreadError(f"pay {text}")

    def pay_energy_count(self, count: Number, token: Token) -> PayEnergy:
        if str(token) != "{E}" or not isinstance(count, int):
            raise UnreadError(f"pay {count} {token}")
        return PayEnergy(count)

    # -------------------------------------------------------------- additional costs

    def additional_opening(self, *_words: Any) -> None:
        return None

    def additional_cost(
        self, _opening: None, costs: tuple[SpellCostPart | EitherCost, ...]
    ) -> tuple[Any, ...]:
        """The parts of an additional cost: sacrifices, discards, reveals, a choice of costs, an optional
        cost, and mana and life paid as they are (Old Stickfingers' "pay {X}": :class:`ExtraMana`, the X of
        the mana cost, CR 107.3; "pay 2 life": :class:`LifeCost`, a life of at least one)."""
        read: list[Any] = []
        for part in costs:
            if isinstance(part, ManaSymbols):
                read.append(ExtraMana(str(ManaCost.parse(part.symbols))))
            elif isinstance(part, WaterbendSymbols):  # (CR 701.67b: its generic mana may be tapped for)
                read.append(ExtraMana(part.symbols, waterbend=True))
            elif isinstance(part, PayLife) and part.life > 0:
                read.append(LifeCost(part.life))
            elif isinstance(part, PayXLife):  # (its X the spell's: CR 107.3)
                read.append(LifeCost(0, x=True))
            elif isinstance(
                part, SacrificeCost | DiscardCost | RevealCost | EitherCost | OptionalSacrifice | OptionalTap
            ):
                read.append(part)
            else:
                raise UnreadError(f"an additional cost's part: {part}")
        return tuple(read)

    def optional_any_number(self, what: Any) -> tuple[OptionalSacrifice, ...]:
        """'you may sacrifice any number of artifacts and/or creatures' (Dargo, the Shipwrecker's): what it
        takes off the cost is the sentence after it's (:mod:`models.oracle.additional_costs`)."""
        either = replace(what, joiner="or") if what.joiner == "and/or" else what  # (each one of those)
        return (OptionalSacrifice(sacrifice_cost(Sacrifice(1, either)), None),)

    def optional_exile_any_number(self, what: Nouns) -> tuple[OptionalSacrifice, ...]:
        """'you may exile any number of black cards from your hand' (the Marches'): cards of at most one
        color, each exiled as a discard is paid; what it takes off the cost is the sentence after it's
        (:mod:`models.oracle.additional_costs`)."""
        if len(what.nouns) != 1:
            raise UnreadError(f"{what.joiner} between descriptions of cards")
        exile = hand_exile(ExileFromHand(1, what.nouns[0]))
        if exile.mana_value_x:
            raise UnreadError("exile any number of cards with mana value X")
        return (OptionalSacrifice(DiscardCost(1, colors=exile.colors, exiled=True), None),)

    def optional_tap_any_number(self, what: Nouns) -> tuple[OptionalTap, ...]:
        """'you may tap any number of untapped creatures you control' (Explosive Singularity's): what it
        takes off the cost is the sentence after it's (:mod:`models.oracle.additional_costs`)."""
        untapped_creatures = Noun(types=("Creature",), untapped=True, controller=Controller.YOU)
        if what.nouns != (untapped_creatures,):
            raise UnreadError(f"you may tap any number of {what.words()}")
        return (OptionalTap(),)

    def either_cost(self, first: Any, _joiner: Token, second: Any) -> tuple[EitherCost, ...]:
        """'sacrifice a creature or discard a card' (Bone Shards), 'reveal a Dinosaur card from your hand or
        pay {1}' (Thunderherd Migration), 'sacrifice a creature or pay {3}{B}', 'discard a card or pay 3
        life' (Bitter Triumph): one of the two, the player's choice; the mana of a way is any mana symbols
        but X (:class:`ExtraMana`), its life one or more (:class:`LifeCost`)."""
        ways: list[SacrificeCost | DiscardCost | RevealCost | ExtraMana | LifeCost] = []
        for way in self.spell_costs(first, second):
            if isinstance(way, ManaSymbols):  # (any mana: Thunderherd Migration's {1}, "or pay {3}{B}")
                mana = ManaCost.parse(way.symbols)
                if mana.has_variable:
                    raise UnreadError(f"a choice of costs with {way.symbols}")
                ways.append(ExtraMana(str(mana)))
            elif isinstance(way, PayLife) and way.life > 0:  # (Bitter Triumph's "or pay 3 life")
                ways.append(LifeCost(way.life))
            elif isinstance(way, SacrificeCost | DiscardCost | RevealCost):
                ways.append(way)
            else:
                raise UnreadError(f"a choice of costs with {way}")
        return (EitherCost(tuple(ways)),)

    def additional_what(self, costs: tuple[SpellCostPart, ...]) -> tuple[SpellCostPart, ...]:
        return costs

    def optional_cost(self, _words: Token) -> tuple[SpellCostPart, ...]:
        return ()  # (an optional cost: paying nothing is always one of the player's choices)

    def additional_frame(self, _opening: None, words: Token) -> str:
        return str(words).strip()

    # -------------------------------------------------------------- alternative costs

    def own_alternative(self, *parts: Any) -> AlternativeCost:
        conditions = next((p for p in parts if isinstance(p, ControlConditions)), ControlConditions())
        costs = next(p for p in parts if isinstance(p, tuple))
        return conditions.on(alternative_cost(costs))

    def own_opponent_gains(self, *parts: Any) -> AlternativeCost:
        """'If you control a Forest, rather than pay ~'s mana cost, you may have an opponent gain 5 life.'
        (Skyshroud Cutter, Invigorate): no mana, an opponent gains the life."""
        conditions = next((p for p in parts if isinstance(p, ControlConditions)), ControlConditions())
        gained = parts[-1]
        if not isinstance(gained, int) or gained < 1:
            raise UnreadError(f"an opponent gains {gained} life")
        return conditions.on(AlternativeCost(mana="", opponent_gains=gained))

    def own_without_paying(self, conditions: ControlConditions, *_words: Any) -> AlternativeCost:
        """'If an opponent controls a Plains and you control a Swamp, you may cast this spell without paying
        its mana cost.' (Massacre): the spell's own alternative cost of no mana, under those conditions."""
        return conditions.on(AlternativeCost(mana=""))

    def own_graveyard_cast(self, *parts: Any) -> AlternativeCost:
        """'[As long as you control a Giant, ]you may cast ~ from your graveyard[ by paying {U} rather than
        paying its mana cost].': the spell's own permission to be cast from its graveyard (CR 601.2a), for
        those parts (an alternative cost, CR 118.9: 'by paying {B}{B} and sacrificing two creatures', its
        sacrifice part of the total cost, 601.2b, 601.2h) or else for its mana cost, under those
        conditions."""
        conditions = next((p for p in parts if isinstance(p, ControlConditions)), ControlConditions())
        costs = next((p for p in parts if isinstance(p, tuple)), None)
        if costs is None:
            return conditions.on(AlternativeCost(mana="", from_graveyard=True, mana_cost=True))
        symbols = [part.symbols for part in costs if isinstance(part, ManaSymbols)]
        if any(not _MANA.match(each) or "X" in each for each in symbols):
            raise UnreadError(f"cast from the graveyard by paying {' '.join(symbols)}")
        return conditions.on(replace(alternative_cost(costs), from_graveyard=True))

    def gerund_costs(self, *parts: Any) -> tuple[SpellCostPart, ...]:
        """'paying {B}{B} and sacrificing two creatures': the parts of :meth:`spell_costs`, as it reads them;
        'discarding a card' (The Infamous Cruelclaw's) the hand's card a permission's cost discards."""
        return tuple(
            HandExile(part.count, discard=True)
            if isinstance(part, DiscardCost) and not part.exiled and not part.colors
            else part
            for part in self.spell_costs(*parts)
        )

    def exiled_card_turn(self) -> _PermissionPart:
        return _PermissionPart("your_turn")

    def exiled_card_alternative(self, *parts: Any) -> AlternativeCost:
        """'For as long as you control ~, you may cast the exiled card[ during your turn] by waterbending {X}
        rather than paying its mana cost[, where X is its mana value].' (Hama, the Bloodbender): the
        permanent's permission to cast the card its linked ability exiled (CR 607.2a) from exile, for that
        alternative cost only (CR 601.2a, 118.9), in force while its controller controls it (a granted cost
        of its controller's); {X} is the card's mana value (CR 202.3)."""
        return self._exiled_card_cost(parts, as_it_resolves=False)

    def resolving_card_alternative(self, *parts: Any) -> AlternativeCost:
        """'You may cast that card by discarding a card rather than paying its mana cost.' (The Infamous
        Cruelclaw): the resolving ability's permission to cast the card it exiled, from exile, for that
        alternative cost only, as it resolves (CR 608.2g, 601.2a, 118.9)."""
        return self._exiled_card_cost(parts, as_it_resolves=True)

    def _exiled_card_cost(self, parts: tuple[Any, ...], *, as_it_resolves: bool) -> AlternativeCost:
        costs = next(p for p in parts if isinstance(p, tuple))
        x_said = True in parts
        cost = alternative_cost(costs, x_said=x_said)
        if x_said and cost.mana != "{X}":
            raise UnreadError(f"X is the card's mana value in {cost.describe()!r}")
        your_turn = any(isinstance(p, _PermissionPart) and p.name == "your_turn" for p in parts)
        return replace(
            cost,
            spells=SpellsGranted(),
            exiled_card=True,
            as_it_resolves=as_it_resolves,
            if_your_turn=your_turn,
            x_is_mana_value=x_said,
        )

    def graveyard_permission(self, *parts: Any) -> GraveyardPermissionReading:
        """'[During each of your turns, ]you may cast [one] <cards> [of each permanent type] from your
        graveyard[ by paying N life in addition to their other costs | using their <keyword> abilities]'."""
        nouns = [part for part in parts if isinstance(part, Nouns)]
        # (Lurrus's noun and its post-modifier, the mana value kept apart: 'one permanent spell with mana
        # value 2 or less from your graveyard')
        most_mana_value: int | None = None
        for noun in (part for part in parts if isinstance(part, Noun)):
            for modify in (part for part in parts if callable(part)):
                noun = modify(noun)
            most = [q.at_most for q in noun.qualities if isinstance(q, WithManaValueAtMost)]
            if len(most) != 1 or not isinstance(most[0], int):
                raise UnreadError("a spell from the graveyard with no fixed greatest mana value")
            most_mana_value = most[0]
            kept = tuple(q for q in noun.qualities if not isinstance(q, WithManaValueAtMost))
            nouns.append(Nouns((replace(noun, qualities=kept, zone="graveyard"),)))
        what = nouns[0] if nouns else _PERMANENT_CARDS  # (Muldrotha's 'permanent card of each ... type')
        if what.nouns[-1].zone != "graveyard":
            raise UnreadError(f"cards cast from {what.nouns[-1].zone or 'no zone'}, not the graveyard")
        marks = {part.name: part.value for part in parts if isinstance(part, _PermissionPart)}
        once = bool(marks.get("once")) or (bool(marks.get("one")) and not marks.get("each_type"))
        if marks.get("one") and not (marks.get("your_turn") or marks.get("once")):
            raise UnreadError("one card from the graveyard with no turn it is for")
        if marks.get("each_type") and not (marks.get("one") and marks.get("your_turn")):
            raise UnreadError("a card of each permanent type with no count or turn")
        return GraveyardPermissionReading(
            what=what,
            your_turn=bool(marks.get("your_turn") or marks.get("once")),
            once_each_turn=once,
            one=bool(marks.get("one")),
            each_permanent_type=bool(marks.get("each_type")),
            life=int(marks.get("life", 0)),
            keyword=str(marks.get("keyword", "")),
            play=bool(marks.get("play")),
            most_mana_value=most_mana_value,
        )

    def graveyard_land_or_spell(self, *parts: Any) -> GraveyardPermissionReading:
        """'Once during each of your turns, you may play a land from your graveyard or cast a permanent spell
        with mana value 3 or less from your graveyard.' (Serra Paragon): one permission, used once each turn
        by either (a land played from the graveyard is the turn's land play, CR 305.1): a 'play' permission
        for land cards and the spells it names, within the mana value (a land card's is 0, CR 202.3)."""
        first = next(i for i, part in enumerate(parts) if isinstance(part, Noun))
        land = parts[first]
        verbs = [
            part.name for part in parts if isinstance(part, _PermissionPart) and part.name in ("cast", "play")
        ]
        if verbs != ["play"] or land.types != ("Land",) or land.qualities or land.excluded:
            raise UnreadError(f"a {land.words()} played from the graveyard, not a land")
        others = (part for i, part in enumerate(parts) if i != first and not isinstance(part, Token))
        reading = self.graveyard_permission(*others)
        played = replace(land, head=Head.CARD, zone="graveyard")
        return replace(reading, what=Nouns((played, *reading.what.nouns)), play=True)

    def flashback_granted(self, what: Nouns, _keyword: Token) -> GraveyardPermissionReading:
        """'Each instant and sorcery card in your graveyard has flashback.' (Lier, CR 702.34a): the cards of
        its controller's graveyard it names may be cast from there, for the flashback cost the next sentence
        gives (:meth:`flashback_cost_is_mana_cost`: their mana cost, what a permission pays)."""
        if what.nouns[-1].zone != "graveyard":
            raise UnreadError(f"flashback granted to cards in {what.nouns[-1].zone or 'no zone'}")
        return GraveyardPermissionReading(what=what)

    def flashback_cost_is_mana_cost(self, *_parts: Token) -> FlashbackCostIsManaCost:
        """'The flashback cost is equal to that card's mana cost.': the granted flashback's cost."""
        return FlashbackCostIsManaCost()

    def foretell_granted(self, non: Token, _card: Token, without: Token, has: Token) -> GrantedForetell:
        """'Each nonland card in your hand without foretell has foretell.' (CR 702.143a)."""
        excluded = str(non)[3:].lstrip("-").capitalize()
        return GrantedForetell(text="", excluded=(excluded,))

    def foretell_cost_reduced(self, keyword: Token, *parts: Token) -> GrantedForetellCost:
        """'Its foretell cost is equal to its mana cost reduced by {2}.': the granted foretell's cost, the
        card's mana cost less generic mana (CR 601.2f)."""
        symbols = str(parts[-1])
        if not re.fullmatch(r"\{[0-9]+\}", symbols):
            raise UnreadError(f"a foretell cost reduced by {symbols}: only one of generic mana is read")
        return GrantedForetellCost(text="", reduction=int(symbols[1:-1]))

    def permission_your_turn(self) -> _PermissionPart:
        return _PermissionPart("your_turn")

    def permission_once_your_turn(self) -> _PermissionPart:
        return _PermissionPart("once")

    def permission_on_battlefield(self, _self: Token) -> _PermissionPart:
        return _PermissionPart("on_battlefield")  # (a static ability works there only anyway, CR 113.6)

    def permission_cast(self) -> _PermissionPart:
        return _PermissionPart("cast")

    def permission_play(self) -> _PermissionPart:
        return _PermissionPart("play")

    def permission_one(self, *_words: Any) -> _PermissionPart:
        return _PermissionPart("one")

    def permission_each_type(self, *_words: Any) -> _PermissionPart:
        return _PermissionPart("each_type")

    def permission_life(self, amount: Number, *_words: Any) -> _PermissionPart:
        if not isinstance(amount, int):
            raise UnreadError("a life payment of no fixed amount")
        return _PermissionPart("life", amount)

    def permission_keyword(self, keyword: Token) -> _PermissionPart:
        return _PermissionPart("keyword", str(keyword).lower())

    def control_conditions(self, *parts: ControlConditions | Token) -> ControlConditions:
        conditions = [part for part in parts if isinstance(part, ControlConditions)]  # (not the 'and's)
        return ControlConditions(
            tuple(t for c in conditions for t in c.you),
            tuple(t for c in conditions for t in c.opponent),
            any(c.your_turn for c in conditions),
            any(c.not_your_turn for c in conditions),
            max((c.opponent_spells for c in conditions), default=0),
            any(c.opponent_gained_life for c in conditions),
            next((c.cast for c in conditions if c.cast is not None), None),
            any(c.discarded for c in conditions),
            any(c.creature_died for c in conditions),
            next((c.died for c in conditions if c.died is not None), None),
            tuple(fact for c in conditions for fact in c.turn_facts),
        )

    def you_control_one(self, _article: Token, what: str) -> ControlConditions:
        return ControlConditions(you=(what,))

    def opponent_controls_one(self, _article: Token, _article2: Token, what: str) -> ControlConditions:
        return ControlConditions(opponent=(what,))

    def on_your_turn(self) -> ControlConditions:
        return ControlConditions(your_turn=True)

    def not_on_your_turn(self) -> ControlConditions:
        return ControlConditions(not_your_turn=True)

    def you_cast_spell(self, *parts: Any) -> ControlConditions:
        """'If you've cast another white spell this turn' (Patrician's Scorn): one of the spells the player
        cast this turn (the board's ``spells_cast_this_turn``) is of that description."""
        deed = next(part for part in parts if isinstance(part, Token) and part.type == "TURN_DEED")
        what = next(part for part in parts if isinstance(part, Nouns))
        if str(deed).lower() != "cast":
            raise UnreadError(f"if you've {deed} {what.words()} this turn")
        return ControlConditions(cast=cast_spells(what))

    def opponent_cast_many(
        self, _article: Token, deed: Token, count: Number, _or: Token, _spells: Token
    ) -> ControlConditions:
        """'If an opponent cast three or more spells this turn' (Mindbreak Trap): the board's
        ``spells_cast_this_turn`` (the deed is the word Needlebite Trap's 'gained' shares a terminal with)."""
        if str(deed).lower() != "cast":  # ('an opponent gained three or more spells': no such deed)
            raise UnreadError(f"an opponent {deed} spells this turn")
        return ControlConditions(opponent_spells=_counted(count))

    def opponent_gained_life(self, _article: Token, deed: Token, *_words: Token) -> ControlConditions:
        """'If an opponent gained life this turn' (Needlebite Trap): the board's ``life_gained_this_turn``."""
        if str(deed).lower() != "gained":  # ('an opponent drawn life': no such deed)
            raise UnreadError(f"an opponent {deed} life this turn")
        return ControlConditions(opponent_gained_life=True)

    def discarded_this_turn(self, *_words: Token) -> ControlConditions:
        """'As long as you've discarded a card this turn' (Asmoranomardicadaistinaculdacar): the board's
        ``cards_discarded_this_turn``."""
        return ControlConditions(discarded=True)

    def creature_died_this_turn(self, _article: Token, what: Nouns, *_words: Token) -> ControlConditions:
        """'if a creature died this turn' (CR 700.4: put into a graveyard from the battlefield), 'if a
        non-Zombie creature died this turn', 'if a creature not named ~ died this turn': the board's
        ``creatures_died_this_turn`` (a count answers any creature; which one died needs the cards)."""
        return ControlConditions(creature_died=True, died=died_creatures(what))

    def control_turn_event(self, event: TurnCondition) -> ControlConditions:
        """'If you attacked with a creature this turn' (``turn_event``): the board's players' records."""
        return ControlConditions(turn_facts=(event,))

    def own_spell(self, *_words: Token) -> None:
        return None

    def granted_alternative(
        self, costs: tuple[SpellCostPart, ...], spells: SpellsGranted, *x_is: Any
    ) -> AlternativeCost:
        cost = replace(alternative_cost(costs, x_said=bool(x_is)), spells=spells)
        if not x_is:
            return cost
        # ('You may pay {X} rather than pay the mana cost for Samurai spells you cast, where X is that spell's
        # mana value': Kentaro, the Smiling Cat)
        if cost.mana != "{X}" or cost.describe() != "pay {X}":
            raise UnreadError(f"X is the spell's mana value in {cost.describe()!r}")
        return replace(cost, x_is_mana_value=True)

    def granted_once_from_exile(
        self, costs: tuple[SpellCostPart, ...], _article: Token, spells: SpellsGranted
    ) -> AlternativeCost:
        """'Once each turn, you may pay {0} rather than pay the mana cost for a spell you cast from exile.'
        (Warped Space): the granted cost, for one spell each turn, cast from exile (CR 601.2a, 118.9)."""
        cost = replace(alternative_cost(costs, x_said=False), spells=spells)
        return replace(cost, from_exile=True, once_each_turn=True)

    def this_way_alternative(self, *parts: Any) -> AlternativeCost:
        """'If you cast a spell this way, <costs> rather than pay its mana cost.' (Bolas's Citadel's, Gwenom's
        'pay life equal to its mana value', CR 202.3): the cost granted to any spell the sentence before it
        lets be cast (CR 118.9), not optional: the spell cast that way pays it. The only permission read for
        it is one to cast from the top of the library (CR 601.2a: :meth:`library_cast_permission`), so it is
        that permission's cost, and :mod:`models.oracle.read_statics` reads it only after such a sentence."""
        (costs,) = (part for part in parts if isinstance(part, tuple))
        cost = alternative_cost(costs, life_of_mana_value=True)
        return replace(cost, from_library=True, spells=SpellsGranted())

    def pay_life_mana_value(self, *_words: Any) -> LifeOfManaValue:
        return LifeOfManaValue()

    def library_cast_permission(self, *parts: Any) -> AlternativeCost:
        """'You may [play lands and] cast [creature] spells from the top of your library.': the permission to
        cast a spell (of those types) from there for its mana cost (CR 601.2a; no alternative cost by the
        rules, as "You may cast ~ from your graveyard."); a 'this way' after it is read only when it is for
        every spell (:func:`models.oracle.alternative_costs.library_cast_permission`)."""
        spells = next(part for part in parts if isinstance(part, SpellsGranted))
        lands = any(isinstance(part, Token) and part.type == "LANDS" for part in parts)
        return AlternativeCost(mana="", mana_cost=True, from_library=True, spells=spells, with_lands=lands)

    def library_spells(self, first: SpellsGranted, *rest: Any) -> SpellsGranted:
        """'artifact spells and colorless nonland spells': a spell of any of the kinds (CR 601.2a)."""
        others = tuple(part for part in rest if isinstance(part, SpellsGranted))
        return replace(first, also=others) if others else first

    def library_either_type(self, first: str, _and: Token, spells: SpellsGranted) -> SpellsGranted:
        """'instant and sorcery spells': a spell of the first type, or of the other spells' types."""
        return replace(spells, types=(first,), also=(spells,))

    def library_kind(self, *parts: Any) -> SpellsGranted:
        """'[colorless ]<spells>': the kind, colorless spells only when it says so (CR 105.2c)."""
        spells = next(part for part in parts if isinstance(part, SpellsGranted))
        colorless = any(isinstance(part, Token) and part.type == "COLORLESS" for part in parts)
        return replace(spells, colorless=colorless)

    def library_land_play_permission(self, *_parts: Any) -> AlternativeCost:
        """'You may play lands from the top of your library.': lands only (CR 305.1), so no spell's
        permission (its ``spells`` None: :func:`models.oracle.alternative_costs.library_permission_spells`
        is None for it)."""
        return AlternativeCost(mana="", mana_cost=True, from_library=True, with_lands=True)

    def library_play_permission(self, *_parts: Any) -> AlternativeCost:
        """'[You may look at the top card of your library any time and ]you may play cards from the top of
        your library' (Gwenom, Remorseless's trigger): to play a card is to play a land or cast a spell (CR
        305.1, 601.2a), so it is :meth:`library_cast_permission`'s for every spell, and lands too."""
        return AlternativeCost(
            mana="", mana_cost=True, from_library=True, spells=SpellsGranted(), with_lands=True
        )

    def triggered_library_permission(self, _trigger: None, permission: AlternativeCost) -> AlternativeCost:
        """'Whenever ~ attacks, until end of turn, <a permission to cast from the top of the library>.'
        (Gwenom, Remorseless): the permission, a trigger's effect (in force once it resolved, CR 603.3,
        611.2a: :mod:`models.oracle.read_statics` marks the cost its next sentence grants so)."""
        return replace(permission, after_trigger=True)

    def library_permission_sentence(self, permission: AlternativeCost) -> AlternativeCost:
        return permission

    def own_trigger(self, *_words: Any) -> None:
        return None

    def library_look(self, *_words: Any) -> None:
        return None  # (looking at the top card is no cost and no permission to cast, CR 401.2)

    def x_is_mana_value(self, *_words: Any) -> bool:
        return True

    def cast_without_paying(self, spells: SpellsGranted, *rest: Any) -> AlternativeCost:
        return AlternativeCost(mana="", spells=replace(spells, from_hand=True in rest))

    def discard_sharing_color(self, *_words: Token) -> AlternativeCost:
        """'Rather than pay the mana cost for a spell, its controller may discard a card that shares a color
        with that spell.' (Dream Halls): granted to every player's spells (CR 118.9)."""
        discard = HandExile(1, discard=True, shares_color=True)
        return AlternativeCost(mana="", exile=discard, spells=SpellsGranted(anyone=True))

    def hand_only(self) -> bool:
        return True

    def spells_granted(self, *words: Any) -> SpellsGranted:
        permanent = any(isinstance(w, Token) and w.type == "PERMANENT" for w in words)
        types = joined_subtypes([w for w in words if isinstance(w, str) and not isinstance(w, Token)])
        # ('noncreature spells', 'non-Dragon spells': the type none of them has, CR 205.4 none applies)
        excluded = tuple(
            str(w).lower().removeprefix("non").removeprefix("-").title()
            for w in words
            if isinstance(w, Token) and w.type == "NON_TYPE"
        )
        return SpellsGranted(types=types, permanent=permanent, excluded=excluded)

    def spells_either(self, first: str, _or: Token, second: str, _spell: Token) -> SpellsGranted:
        """'instant or sorcery spells': those of either type."""
        return SpellsGranted(either=(*joined_subtypes([first]), *joined_subtypes([second])))


def cast_spells(what: Nouns) -> ObjectFilter:
    """The spells cast this turn that a spell's own cost counts: of a type, a color or neither ('another
    white spell', 'another spell'), or of one of some card types ('instant and sorcery', 'another instant
    or sorcery spell'). 'Another' leaves nothing out: the spell whose cost is determined is not cast yet
    (CR 601.2f, 601.2i).

    >>> from models.oracle.grammar import parse_objects
    >>> cast_spells(parse_objects("another instant or sorcery spell")).any_types
    ('Instant', 'Sorcery')
    >>> cast_spells(parse_objects("another white spell")).describe()
    'white'
    """
    nouns = [replace(noun, other=False) if n == 0 else noun for n, noun in enumerate(what.nouns)]
    if any(noun.head not in (Head.SPELL, Head.TYPES) for noun in nouns):
        raise UnreadError(f"spells cast this turn described as {what.words()!r}")
    if len(nouns) == 1:
        (noun,) = nouns
        plain = replace(noun, types=(), excluded=(), colors="", head=Head.TYPES)
        if plain != Noun() or (noun.head is Head.TYPES and not noun.types):
            raise UnreadError(f"spells cast this turn described as {what.words()!r}")
        colors = ManaTypes.parse(noun.colors) if noun.colors else ManaTypes()
        if len(colors) > 1:
            raise UnreadError(f"spells cast this turn of the colors {noun.colors}")
        return ObjectFilter(types=noun.types, excluded=noun.excluded, colors=colors)
    bare = [replace(noun, head=Head.TYPES) for noun in nouns]
    if what.joiner not in ("and", "or") or any(
        len(noun.types) != 1 or noun != Noun(types=noun.types) for noun in bare
    ):
        raise UnreadError(f"spells cast this turn described as {what.words()!r}")
    return ObjectFilter(any_types=tuple(noun.types[0] for noun in bare))
