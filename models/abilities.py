"""Structured mana abilities: what the Oracle-text parser produces and the rules engine reads.

Nothing here executes anything. A mana ability is its cost, its output template, and the restrictions and
riders on the mana. Amounts that depend on the board ("for each creature you control") stay symbolic until
the rules engine evaluates them. The filters they use are in :mod:`models.filters` (re-exported here); the
static, triggered and replacement effects that change mana are separate records in
:mod:`models.mana_effects`.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import Enum

from models.cost import ManaCost, PaymentKind, PaymentTarget, SymbolKind
from models.filters import (
    STATUS_FACTS,
    BoardFact,
    ObjectFilter,
    Who,
    colors_match,
    declared_reads,
    facts_read,
)
from models.hashing import cached_hash, state_without_hash
from models.mana import ALL_COLORS, ALL_TYPES, ManaBag, ManaTypes

__all__ = [
    "AMOUNT_READS",
    "PALETTE_READS",
    "STATUS_FACTS",
    "AbilityCost",
    "Amount",
    "AmountKind",
    "BoardFact",
    "Condition",
    "CostPart",
    "CostPartKind",
    "ManaAbility",
    "ManaOutput",
    "ObjectFilter",
    "OutputKind",
    "Palette",
    "PaletteKind",
    "SideEffect",
    "SideEffectKind",
    "SpendPurpose",
    "SpendRestriction",
    "SpendUse",
    "TurnCondition",
    "Who",
    "amount_reads",
    "colors_match",
    "declared_reads",
    "facts_read",
    "palette_reads",
]


class AmountKind(Enum):
    """How an amount is counted when the ability resolves (CR 608.2h).

    A ``DEVOTION`` amount with no colors means devotion to the color chosen for the mana (Nykthos).
    """

    __hash__ = object.__hash__  # (members are singletons: a C hash by identity, not Enum's Python call)

    CONSTANT = "constant"
    COUNT = "count"  # number of permanents matching a filter
    COUNTERS = "counters"  # number of counters of a kind on the source
    DEVOTION = "devotion"  # its controller's devotion to some colors
    POWER = "power"  # the source's power ('equal to ~'s power')
    REMOVED = "removed"  # the number of counters removed by the cost ('for each counter removed this way')
    PAID_X = "paid_x"  # the X paid in the cost's {X} (Wizard's Rockets: '{X}, Sacrifice ~: Add X mana ...')
    SACRIFICED_X = "sacrificed_x"  # the X of 'Sacrifice X Goats' (Springjack Pasture: '... Add X mana ...')
    #: facts of the turn a spell's own cost reduction counts (:class:`~models.mana_effects.CostModifier`'s
    #: ``amount``), from the board: the card types among the permanents its caster sacrificed this turn
    #: (Korvold, Gleeful Glutton: ``sacrificed_this_turn``), the creatures that died this turn (Blood for the
    #: Blood God!: ``creatures_died_this_turn``)
    SACRIFICED_TYPES = "sacrificed_types"
    DIED_THIS_TURN = "died_this_turn"
    #: 1 when an opponent of its caster has at least ``constant`` cards in their graveyard, else 0 (Lullmage's
    #: Domination's condition: the board's ``graveyard``)
    OPPONENT_GRAVEYARD = "opponent_graveyard"
    #: 1 when an opponent of its caster cast at least ``constant`` spells this turn, else 0 (Ertai's Scorn's
    #: condition: the board's ``spells_cast_this_turn``)
    OPPONENT_SPELLS = "opponent_spells"
    #: the spells its caster cast this turn that ``filter`` matches (Demilich's 'for each instant and sorcery
    #: you've cast this turn': the board's ``spells_cast_this_turn``, listed)
    SPELLS_CAST = "spells_cast"
    #: 1 on its caster's turn, else 0 (Discontinuity's 'As long as it's your turn': the board's
    #: ``active_player``)
    YOUR_TURN = "your_turn"
    #: events of the turn the board records of its players (contract section 10 extensions, issue 35): 1
    #: when an opponent of its caster lost life this turn, else 0 (spectacle, CR 702.137a:
    #: ``life_lost_this_turn``); the creatures its caster attacked with this turn that ``filter`` matches
    #: (raid: ``attacked_with_this_turn``, CR 508.1a); 1 when its caster committed a crime this turn, else 0
    #: (CR 700.13: ``committed_crime_this_turn``); the cards that left its caster's graveyard this turn
    #: (``cards_left_graveyard_this_turn``); the permanents its caster sacrificed this turn that ``filter``
    #: matches (``sacrificed_this_turn``, CR 701.21a); the cards put into its caster's graveyard this turn
    #: from anywhere that ``filter`` matches (``cards_put_into_graveyard_this_turn``: descend's 'if you
    #: descended this turn', a permanent card, CR 110.4b; 'if a creature card was put into your graveyard')
    OPPONENT_LOST_LIFE = "opponent_lost_life"
    ATTACKED_WITH = "attacked_with"
    CRIME = "crime"
    LEFT_GRAVEYARD = "left_graveyard"
    SACRIFICED = "sacrificed"
    PUT_INTO_GRAVEYARD = "put_into_graveyard"
    REVEALED = "revealed"  # the number of cards revealed by the cost (Metalworker)
    MANA_VALUE = "mana_value"  # the mana value of the card the cost exiled or sacrificed (Food Chain)
    LIFE = "life"  # its controller's life total (Sanctum of the Sun)
    #: the cards its controller drew this turn (Kydele's 'for each card you've drawn this turn': the board's
    #: ``cards_drawn_this_turn``; no mana ability draws, CR 605.1a, so it stays what the board says)
    DRAWN = "drawn"
    GREATEST_POWER = "greatest_power"  # the greatest power among ``filter`` (Selvala, Heart of the Wilds)
    #: the number of different powers among ``filter`` (Selvala, Eager Trailblazer)
    DISTINCT_POWERS = "distinct_powers"
    LAND_TYPES = "land_types"  # the basic land types among ``filter`` (domain: Prismatic Geoscope)
    GRAVEYARD = "graveyard"  # the cards matching ``filter`` in its controller's graveyard (Crypt of Agadeem)
    #: the other permanents matching ``filter`` with the same name as the one tapped for mana (CR 201.2a:
    #: Sasaya's Essence's 'for each other land you control with the same name as it')
    SAME_NAME = "same_name"
    #: the creatures in its controller's party (CR 700.8: up to one each of Cleric, Rogue, Warrior and Wizard
    #: among the creatures they control): Tazri, Beacon of Unity's 'for each creature in your party'
    PARTY = "party"
    #: what only a change of a spell's cost counts, as its total cost is locked in (CR 601.2f): the total mana
    #: value of ``filter`` (Earthquake Dragon's 'Dragons you control'), the cards matching ``filter`` in all
    #: graveyards (Avatar of Woe), the cards in its caster's graveyard with the spell's name (Locket of
    #: Yesterdays), the counters of kind ``counter`` its source's controller has (Mizzix of the Izmagnus's
    #: 'for each experience counter you have', contract section 10's player counters)
    TOTAL_MANA_VALUE = "total_mana_value"
    ALL_GRAVEYARDS = "all_graveyards"
    SPELL_NAMED = "spell_named"
    PLAYER_COUNTERS = "player_counters"
    #: the speed of its source's controller (CR 702.179: 0 to 4; the board's player ``speed``): Samut, the
    #: Driving Force's '{X} less to cast, where X is your speed'
    SPEED = "speed"
    #: the colors chosen as its source entered that the spell is (Seal of the Guildpact's 'for each of the
    #: chosen colors it is': the board's ``choices.colors``)
    CHOSEN_COLORS = "chosen_colors"
    #: what only a spell's own cost change counts (CR 601.2f), each on the board as its total cost is locked
    #: in: the card types among the cards in its caster's graveyard (delirium: Emrakul, the Promised End), the
    #: creature types among ``filter`` (Valiant Changeling), the colors among ``filter`` (Wildvine
    #: Pummeler), the total power or toughness of ``filter`` (Ghalta, Orysa), the different names among
    #: ``filter`` (Fungal Colossus), the most of ``filter`` one opponent controls (Avatar of Fury), the most
    #: by which one opponent's count of ``filter`` exceeds its caster's (Avatar of Might), 1 when an opponent
    #: has no cards in hand (Avatar of Will), 1 when its caster has ``constant`` or less life (Avatar of
    #: Hope), the life its caster gained this turn in steps of ``constant`` (Licia), the permanents every
    #: player sacrificed this turn (The Balrog), the attacking creatures among ``filter`` (Embercleave)
    GRAVEYARD_TYPES = "graveyard_types"
    CREATURE_TYPES = "creature_types"
    COLORS_AMONG = "colors_among"
    TOTAL_POWER = "total_power"
    TOTAL_TOUGHNESS = "total_toughness"
    DISTINCT_NAMES = "distinct_names"
    OPPONENT_MOST = "opponent_most"
    MORE_THAN_YOU = "more_than_you"
    OPPONENT_EMPTY_HAND = "opponent_empty_hand"
    LIFE_AT_MOST = "life_at_most"
    LIFE_GAINED = "life_gained"
    SACRIFICED_ALL = "sacrificed_all"
    #: the spells every player cast this turn (Thrasta's 'for each other spell that's been cast this turn':
    #: the board's ``spells_cast_this_turn`` of each player, a count or a list)
    SPELLS_CAST_ALL = "spells_cast_all"
    ATTACKING = "attacking"
    #: the cards matching ``filter`` its caster owns in exile and in their graveyard (Huskburster Swarm): the
    #: board carries no exile, so the graveyard's alone, warned
    EXILE_AND_GRAVEYARD = "exile_and_graveyard"


@dataclass(kw_only=True, frozen=True, slots=True)
class Amount:
    """A number in an ability: a constant, or ``multiplier`` times something counted on the board.

    >>> Amount().is_constant, Amount(constant=3).constant, Amount(kind=AmountKind.DEVOTION).is_constant
    (True, 3, False)
    """

    #: what it counts reads what its kind declares (:data:`AMOUNT_READS`)
    kind: AmountKind = field(default=AmountKind.CONSTANT, metadata=facts_read())
    constant: int = field(default=1, metadata=facts_read())
    multiplier: int = field(default=1, metadata=facts_read())
    filter: ObjectFilter | None = field(default=None, metadata=facts_read(nested=True))
    counter: str = field(default="", metadata=facts_read())
    colors: ManaTypes = field(default=ManaTypes(), metadata=facts_read())
    #: added to what is counted: 'X is 1 plus ...', 'Add {U}, then add an additional {U} for each'
    plus: int = field(default=0, metadata=facts_read())

    @property
    def is_constant(self) -> bool:
        """True when the amount does not depend on the board."""
        return self.kind is AmountKind.CONSTANT

    def reads(self) -> frozenset[BoardFact]:
        """What counting it reads of the board: what its kind declares (:func:`amount_reads`) and what its
        filter reads.

        >>> sorted(f.value for f in Amount(kind=AmountKind.COUNTERS, counter="charge").reads())
        ['counters']
        >>> Amount(constant=3).reads()
        frozenset()
        """
        return amount_reads(self.kind) | declared_reads(self)

    def counting(self, count: int) -> Amount:
        """The amount once what it counts is ``count`` (an X chosen as its cost is paid: the counters
        removed, the permanents sacrificed, the mana paid): a constant, ``multiplier`` times it plus ``plus``.

        >>> Amount(kind=AmountKind.REMOVED, plus=1).counting(2).constant
        3
        """
        constant = self.multiplier * count + self.plus
        return replace(self, kind=AmountKind.CONSTANT, constant=constant, multiplier=1, plus=0)


#: What counting an amount of each kind reads of the board, besides its filter (an amount of a kind not here
#: reads everything: :func:`amount_reads`). What looks at other permanents declares ``BATTLEFIELD``, at the
#: graveyards ``GRAVEYARD``, at the players' records ``PLAYER``; what the activation's cost chose (counters
#: removed, X paid, permanents sacrificed, cards revealed) ``COST_PAID``.
AMOUNT_READS: dict[AmountKind, frozenset[BoardFact]] = {
    AmountKind.CONSTANT: frozenset(),
    AmountKind.COUNT: frozenset({BoardFact.BATTLEFIELD}),
    AmountKind.COUNTERS: frozenset({BoardFact.COUNTERS}),  # (the counters on its source)
    AmountKind.DEVOTION: frozenset({BoardFact.BATTLEFIELD, BoardFact.CHOICES}),
    AmountKind.POWER: frozenset({BoardFact.POWER, BoardFact.COUNTERS, BoardFact.BATTLEFIELD}),
    AmountKind.REMOVED: frozenset({BoardFact.COST_PAID}),
    AmountKind.PAID_X: frozenset({BoardFact.COST_PAID}),
    AmountKind.SACRIFICED_X: frozenset({BoardFact.COST_PAID}),
    AmountKind.SACRIFICED_TYPES: frozenset({BoardFact.PLAYER}),
    AmountKind.DIED_THIS_TURN: frozenset({BoardFact.PLAYER}),
    AmountKind.OPPONENT_GRAVEYARD: frozenset({BoardFact.GRAVEYARD}),
    AmountKind.OPPONENT_SPELLS: frozenset({BoardFact.PLAYER}),
    AmountKind.SPELLS_CAST: frozenset({BoardFact.PLAYER}),
    AmountKind.YOUR_TURN: frozenset({BoardFact.PLAYER}),
    AmountKind.OPPONENT_LOST_LIFE: frozenset({BoardFact.PLAYER}),
    AmountKind.ATTACKED_WITH: frozenset({BoardFact.PLAYER}),
    AmountKind.CRIME: frozenset({BoardFact.PLAYER}),
    AmountKind.LEFT_GRAVEYARD: frozenset({BoardFact.PLAYER}),
    AmountKind.PUT_INTO_GRAVEYARD: frozenset({BoardFact.PLAYER}),
    AmountKind.SACRIFICED: frozenset({BoardFact.PLAYER}),
    AmountKind.REVEALED: frozenset({BoardFact.PLAYER, BoardFact.COST_PAID}),
    AmountKind.MANA_VALUE: frozenset({BoardFact.BATTLEFIELD, BoardFact.COST_PAID}),
    AmountKind.LIFE: frozenset({BoardFact.PLAYER, BoardFact.COST_PAID}),
    AmountKind.DRAWN: frozenset({BoardFact.PLAYER}),
    AmountKind.GREATEST_POWER: frozenset({BoardFact.BATTLEFIELD, BoardFact.POWER, BoardFact.COUNTERS}),
    AmountKind.DISTINCT_POWERS: frozenset({BoardFact.BATTLEFIELD, BoardFact.POWER, BoardFact.COUNTERS}),
    AmountKind.LAND_TYPES: frozenset({BoardFact.BATTLEFIELD, BoardFact.TYPES}),
    AmountKind.GRAVEYARD: frozenset({BoardFact.GRAVEYARD, BoardFact.COST_PAID}),
    AmountKind.SAME_NAME: frozenset({BoardFact.BATTLEFIELD, BoardFact.NAME}),
    AmountKind.PARTY: frozenset({BoardFact.BATTLEFIELD, BoardFact.TYPES}),
    AmountKind.TOTAL_MANA_VALUE: frozenset({BoardFact.BATTLEFIELD}),
    AmountKind.ALL_GRAVEYARDS: frozenset({BoardFact.GRAVEYARD}),
    AmountKind.SPELL_NAMED: frozenset({BoardFact.GRAVEYARD, BoardFact.NAME}),
    AmountKind.PLAYER_COUNTERS: frozenset({BoardFact.PLAYER}),
    AmountKind.SPEED: frozenset({BoardFact.PLAYER}),
    AmountKind.CHOSEN_COLORS: frozenset({BoardFact.CHOICES}),
    AmountKind.GRAVEYARD_TYPES: frozenset({BoardFact.GRAVEYARD}),
    AmountKind.CREATURE_TYPES: frozenset({BoardFact.BATTLEFIELD, BoardFact.TYPES}),
    AmountKind.COLORS_AMONG: frozenset({BoardFact.BATTLEFIELD, BoardFact.COLORS}),
    AmountKind.TOTAL_POWER: frozenset({BoardFact.BATTLEFIELD, BoardFact.POWER, BoardFact.COUNTERS}),
    AmountKind.TOTAL_TOUGHNESS: frozenset({BoardFact.BATTLEFIELD, BoardFact.POWER, BoardFact.COUNTERS}),
    AmountKind.DISTINCT_NAMES: frozenset({BoardFact.BATTLEFIELD, BoardFact.NAME}),
    AmountKind.OPPONENT_MOST: frozenset({BoardFact.BATTLEFIELD, BoardFact.CONTROLLER}),
    AmountKind.MORE_THAN_YOU: frozenset({BoardFact.BATTLEFIELD, BoardFact.CONTROLLER}),
    AmountKind.OPPONENT_EMPTY_HAND: frozenset({BoardFact.PLAYER}),
    AmountKind.LIFE_AT_MOST: frozenset({BoardFact.PLAYER, BoardFact.COST_PAID}),
    AmountKind.LIFE_GAINED: frozenset({BoardFact.PLAYER}),
    AmountKind.SACRIFICED_ALL: frozenset({BoardFact.PLAYER}),
    AmountKind.SPELLS_CAST_ALL: frozenset({BoardFact.PLAYER}),
    AmountKind.ATTACKING: frozenset({BoardFact.BATTLEFIELD, BoardFact.PLAYER}),
    AmountKind.EXILE_AND_GRAVEYARD: frozenset({BoardFact.GRAVEYARD}),
}


def amount_reads(kind: AmountKind) -> frozenset[BoardFact]:
    """What counting an amount of this kind reads of the board (:data:`AMOUNT_READS`; every fact for a kind
    without a declaration, so that a new one fails closed).

    >>> sorted(fact.value for fact in amount_reads(AmountKind.LIFE))
    ['cost_paid', 'player']
    """
    return AMOUNT_READS.get(kind, _EVERY_FACT)


_EVERY_FACT = frozenset(BoardFact)


class PaletteKind(Enum):
    """Where the types come from for 'mana of any ...' outputs."""

    __hash__ = object.__hash__  # (members are singletons: a C hash by identity, not Enum's Python call)

    TYPES = "types"  # a fixed set: any color, any type, {W} and/or {U}
    COMMANDER = "commander"  # any color in your commander's color identity
    CHOSEN_COLOR = "chosen_color"  # the color chosen as the source entered
    REFLECT = "reflect"  # any type that some other permanents could produce (CR 106.7)
    REFLECT_SACRIFICED = "reflect_sacrificed"  # any type the sacrificed permanent could produce
    #: any type the permanent its cost untapped could produce (Benthic Explorers: one of ``among``, tapped)
    REFLECT_UNTAPPED = "reflect_untapped"
    COLORS_AMONG = "colors_among"  # any color among some permanents (Mox Amber, Bloom Tender)
    PRODUCED = "produced"  # any type the triggering permanent produced (Mana Flare)
    SAME_AS_TRIGGER = "same_as_trigger"  # 'that color' in Gauntlet of Power, Caged Sun
    GRAVEYARD_COLORS = "graveyard_colors"  # a color of a card in your graveyard (Corrupted Grafstone)
    IMPRINTED_COLORS = "imprinted_colors"  # any of the colors of the card exiled with it (Chrome Mox)
    NOTED_TYPE = "noted_type"  # the type of mana its permanent last noted (Jeweled Amulet)
    CRAFTED_COLORS = "crafted_colors"  # the colors among the cards exiled to craft it (Sunbird Effigy)
    DRAFTED_COLORS = "drafted_colors"  # the colors chosen as its cards were drafted (Paliano, the High City)


#: What each palette reads of the board, besides the mana its ability makes (a palette of a kind not here
#: reads everything: :func:`palette_reads`).
PALETTE_READS: dict[PaletteKind, frozenset[BoardFact]] = {
    PaletteKind.TYPES: frozenset(),
    PaletteKind.COMMANDER: frozenset({BoardFact.COMMANDER}),
    PaletteKind.CHOSEN_COLOR: frozenset({BoardFact.CHOICES}),
    PaletteKind.REFLECT: frozenset({BoardFact.BATTLEFIELD}),
    PaletteKind.REFLECT_SACRIFICED: frozenset({BoardFact.BATTLEFIELD}),
    PaletteKind.REFLECT_UNTAPPED: frozenset({BoardFact.BATTLEFIELD, BoardFact.TAPPED}),
    PaletteKind.COLORS_AMONG: frozenset({BoardFact.BATTLEFIELD}),
    PaletteKind.PRODUCED: frozenset(),  # (the mana the triggering activation made)
    PaletteKind.SAME_AS_TRIGGER: frozenset(),  # (the same)
    PaletteKind.GRAVEYARD_COLORS: frozenset({BoardFact.GRAVEYARD}),
    PaletteKind.IMPRINTED_COLORS: frozenset({BoardFact.EXILED_CARD_COLORS}),
    PaletteKind.NOTED_TYPE: frozenset({BoardFact.CHOICES}),  # (the board's choices.noted_type)
    #: (the board's choices.crafted_colors, as the effects on cards outside the battlefield leave them)
    PaletteKind.CRAFTED_COLORS: frozenset({BoardFact.CHOICES, BoardFact.EXILED_CARD_COLORS}),
    PaletteKind.DRAFTED_COLORS: frozenset({BoardFact.CHOICES}),  # (the board's choices.drafted_colors)
}


def palette_reads(kind: PaletteKind) -> frozenset[BoardFact]:
    """What a palette of this kind reads of the board (:data:`PALETTE_READS`; every fact for a kind without
    a declaration, so that a new one fails closed).

    >>> sorted(fact.value for fact in palette_reads(PaletteKind.CHOSEN_COLOR))
    ['choices']
    """
    return PALETTE_READS.get(kind, _EVERY_FACT)


@dataclass(frozen=True, slots=True)
class Palette:
    """The set of types an 'any' output may choose from; ``types`` also masks reflected sets.

    ``among`` names the permanents a reflecting or 'colors among' palette looks at (any of the filters).
    """

    #: what it resolves to reads what its kind declares (:data:`PALETTE_READS`)
    kind: PaletteKind = field(default=PaletteKind.TYPES, metadata=facts_read())
    types: ManaTypes = field(default=ALL_COLORS, metadata=facts_read())
    among: tuple[ObjectFilter, ...] = field(
        default=(), metadata=facts_read(BoardFact.BATTLEFIELD, nested=True)
    )
    #: what it may make besides the chosen color ('Add {G} or one mana of the chosen color': the Thriving
    #: lands), for a CHOSEN_COLOR palette
    also: ManaTypes = field(default=ManaTypes(), metadata=facts_read())

    def reads(self) -> frozenset[BoardFact]:
        """What its types read of the board: what its kind declares (:func:`palette_reads`) and what the
        permanents it looks at are matched by.

        >>> sorted(f.value for f in Palette(PaletteKind.CHOSEN_COLOR).reads())
        ['choices']
        """
        return palette_reads(self.kind) | declared_reads(self)


class OutputKind(Enum):
    """The shape of what an ability adds."""

    FIXED = "fixed"  # Add {C}{C}; with a non-constant amount: Add {G} for each Elf
    CHOICE = "choice"  # Add {W} or {U}; Add {W}{W}, {W}{U}, or {U}{U}
    ANY_ONE = "any_one"  # Add three mana of any one color
    COMBINATION = "combination"  # Add five mana in any combination of colors
    EACH_TYPE = "each_type"  # For each color among permanents you control, add one mana of that color
    DIFFERENT = "different"  # Add two mana of different colors (amount distinct types from the palette)
    DOUBLE_UNSPENT = (
        "double_unspent"  # Double the amount of each type of unspent mana you have (Doubling Cube)
    )


@dataclass(frozen=True, slots=True)
class ManaOutput:
    """What an ability adds: fixed mana, a choice of bags, or ``amount`` mana from a palette.

    For ``FIXED`` and ``CHOICE`` the bag is added ``amount`` times; for ``ANY_ONE`` and ``COMBINATION``
    ``amount`` is the number of mana.

    >>> ManaOutput.fixed("{C}{C}").options
    (ManaBag.parse('{C}{C}'),)
    """

    kind: OutputKind = field(metadata=facts_read())
    options: tuple[ManaBag, ...] = field(default=(), metadata=facts_read())
    amount: Amount = field(default=Amount(), metadata=facts_read(nested=True))
    palette: Palette = field(default=Palette(), metadata=facts_read(nested=True))

    def reads(self) -> frozenset[BoardFact]:
        """What the mana it adds reads of the board (its amount's and its palette's declarations), besides the
        mana tag's facts of its source (:data:`~planner.rules.packets.TAG_READS`).

        >>> ManaOutput.fixed("{G}").reads()
        frozenset()
        """
        return declared_reads(self)

    @classmethod
    def fixed(cls, mana: str, amount: Amount = Amount()) -> ManaOutput:
        """A fixed output written as a mana string."""
        return cls(OutputKind.FIXED, (ManaBag.parse(mana),), amount)

    def describe(self) -> str:
        """The output in Oracle-like words."""
        if self.kind is OutputKind.DOUBLE_UNSPENT:
            return "double each type of unspent mana"
        if self.kind is OutputKind.FIXED:
            text = str(self.options[0])
        elif self.kind is OutputKind.CHOICE:
            text = " or ".join(str(o) for o in self.options)
        else:
            palette = {
                PaletteKind.TYPES: "any type"
                if self.palette.types == ALL_TYPES
                else ("any color" if self.palette.types == ALL_COLORS else f"{self.palette.types}"),
                PaletteKind.COMMANDER: "your commander's colors",
                PaletteKind.CHOSEN_COLOR: "the chosen color",
                PaletteKind.REFLECT: "what "
                + " or ".join(f.describe() for f in self.palette.among)
                + " could produce",
                PaletteKind.COLORS_AMONG: "colors among "
                + " or ".join(f.describe() for f in self.palette.among),
                PaletteKind.REFLECT_SACRIFICED: "what the sacrificed permanent could produce",
                PaletteKind.REFLECT_UNTAPPED: "what the untapped permanent could produce",
                PaletteKind.PRODUCED: "a type that permanent produced",
                PaletteKind.SAME_AS_TRIGGER: "that color",
                PaletteKind.GRAVEYARD_COLORS: "a color of a card in your graveyard",
                PaletteKind.IMPRINTED_COLORS: "the exiled card's colors",
                PaletteKind.NOTED_TYPE: "the last noted type",
                PaletteKind.CRAFTED_COLORS: "the colors among the cards it was crafted with",
                PaletteKind.DRAFTED_COLORS: "the colors chosen as its cards were drafted",
            }[self.palette.kind]
            how = {OutputKind.ANY_ONE: "of any one", OutputKind.COMBINATION: "in any combination of"}.get(
                self.kind, "of each of"
            )
            text = f"{_amount_words(self.amount)} mana {how}: {palette}"
            return text
        if not self.amount.is_constant or self.amount.constant != 1:
            text += f" x {_amount_words(self.amount)}"
        return text


def _amount_words(amount: Amount) -> str:
    if amount.kind is AmountKind.CONSTANT:
        return str(amount.constant)
    prefix = f"{amount.multiplier}x " if amount.multiplier != 1 else ""
    if amount.kind is AmountKind.COUNT and amount.filter is not None:
        return f"{prefix}#({amount.filter.describe()})"
    if amount.kind is AmountKind.SAME_NAME and amount.filter is not None:
        return f"{prefix}#(other {amount.filter.describe()} with the same name as it)"
    if amount.kind is AmountKind.COUNTERS:
        return f"{prefix}#({amount.counter} counters)"
    if amount.kind is AmountKind.DEVOTION:
        return f"{prefix}devotion to {amount.colors}"
    if amount.kind is AmountKind.PAID_X:
        return f"{prefix}X (the X paid)"
    if amount.kind is AmountKind.SACRIFICED_X:
        return f"{prefix}X (the number sacrificed)"
    extra = f" + {amount.plus}" if amount.plus else ""
    return f"{prefix}#({amount.kind.value}){extra}"


@dataclass(frozen=True, slots=True)
class TurnCondition:
    """'if an opponent lost life this turn', 'if you attacked with three or more creatures this turn': at
    least ``at_least`` of what ``amount`` counts of the turn's events on the board (an
    :class:`AmountKind` of the turn), as written (``text``, without 'if').

    >>> TurnCondition(Amount(kind=AmountKind.CRIME), 1, "you've committed a crime this turn").at_least
    1
    """

    amount: Amount
    at_least: int = 1
    text: str = ""


@dataclass(frozen=True, slots=True)
class Condition:
    """'If you control an Urza's Mine and an Urza's Power-Plant' or 'three or more artifacts'.

    True when, for each filter (for one of them with ``any_of``), the controller controls at least
    ``at_least`` matching permanents; with ``counter``, when the source has at least ``at_least`` of them.
    """

    #: the permanents its controller controls that it counts (each field declares what it reads when set:
    #: :func:`~models.filters.facts_read`, so that what is kept of its answer is keyed by it)
    filters: tuple[ObjectFilter, ...] = field(metadata=facts_read(BoardFact.BATTLEFIELD, nested=True))
    at_least: int = field(default=1, metadata=facts_read())
    #: 'if there are three or more brick counters on ~': counters on the source
    counter: str = field(default="", metadata=facts_read(BoardFact.COUNTERS, of_source=True))
    any_of: bool = field(default=False, metadata=facts_read())  # 'if you control an Island or a Swamp'
    #: a condition no board records ('you gained life this turn'): as written (it reads what no fact names)
    unevaluated: str = ""
    #: 'if you played a land this turn': the player's ``lands_played_this_turn``
    played_land: bool = field(default=False, metadata=facts_read(BoardFact.PLAYER))
    #: 'if a card is exiled with ~': the source's ``imprinted`` choice is a card
    exiled_card: bool = field(default=False, metadata=facts_read(BoardFact.CHOICES, of_source=True))
    #: with ``exiled_card``, 'if a card exiled with ~ has haste': one of those cards has this keyword
    exiled_keyword: str = field(default="", metadata=facts_read(BoardFact.CHOICES, of_source=True))
    #: with ``exiled_keyword``, 'if a creature card with haste was exiled with ~'s delve ability'
    #: (Soulflayer): the card that has the keyword is of this card type too
    exiled_card_type: str = field(default="", metadata=facts_read(BoardFact.CHOICES, of_source=True))
    #: 'if ~ entered this turn': the source's ``entered_this_turn``
    entered_this_turn: bool = field(default=False, metadata=facts_read(BoardFact.ENTERED, of_source=True))
    #: 'as long as ~ is renowned': a designation the source has (its ``designations``)
    designation: str = field(default="", metadata=facts_read(BoardFact.DESIGNATIONS, of_source=True))
    #: 'if you've drawn two or more cards this turn': the player's field that counts it (contract section 10:
    #: ``cards_drawn_this_turn``, ``life_gained_this_turn``, ``spells_cast_this_turn``), at least ``at_least``
    done_this_turn: str = field(default="", metadata=facts_read(BoardFact.PLAYER))
    #: 'if <one> or if <another>': one of these holds (the rest is unused)
    either: tuple[Condition, ...] = field(default=(), metadata=facts_read(nested=True))
    #: 'if there is an Elf card in your graveyard': a card it matches is in the controller's ``graveyard``
    #: ('there are three or more Lesson cards in your graveyard': ``at_least`` of them)
    in_graveyard: ObjectFilter | None = field(
        default=None, metadata=facts_read(BoardFact.GRAVEYARD, nested=True)
    )
    #: 'as long as ~ is tapped' (True), 'untapped' (False): the source's status; None asks none
    source_tapped: bool | None = field(default=None, metadata=facts_read(BoardFact.TAPPED, of_source=True))
    #: 'as long as the top card of your library is a land card' (Mul Daya Channelers): the card on top of the
    #: controller's library (the board's ``library`` listed, top first) matches it; no mana ability moves a
    #: card of a library (CR 605.1a), so a payment never changes it
    top_of_library: ObjectFilter | None = field(
        default=None, metadata=facts_read(BoardFact.PLAYER, nested=True)
    )
    #: 'if you're the monarch', 'if you have the initiative': the controller's player field that must be true
    #: (``monarch``, ``initiative``; CR 724, 725), which no mana ability's cost changes
    player_status: str = field(default="", metadata=facts_read(BoardFact.PLAYER))
    #: 'if an opponent has three or more poison counters' (Corrupted): the kind of counter one of the
    #: controller's opponents has at least ``at_least`` of (the board's ``players[i].counters``), which no
    #: mana ability's cost changes
    opponent_counter: str = field(default="", metadata=facts_read(BoardFact.PLAYER))
    #: 'as long as it's your turn [and <condition>]', 'During your turn, ...': the board's ``active_player``
    #: is the controller (and the rest holds); no mana ability's cost changes whose turn it is
    your_turn: bool = field(default=False, metadata=facts_read(BoardFact.PLAYER))
    #: 'At the beginning of each combat, ~ gains haste until end of turn if <the rest>' (Majestic Myriarch):
    #: this turn's combat has begun (the board's ``step`` is ``combat`` or ``end``: the trigger resolved) and
    #: the rest held; no mana ability's cost changes the step
    combat_began: bool = field(default=False, metadata=facts_read(BoardFact.PLAYER))

    def reads(self) -> frozenset[BoardFact]:
        """What deciding whether it holds reads of the board: what its fields that are set declare, with what
        their filters and alternatives read.

        >>> sorted(f.value for f in Condition((), counter="brick", at_least=3).reads())
        ['counters']
        >>> sorted(f.value for f in Condition((ObjectFilter(types=("Ogre",), controller=Who.YOU),)).reads())
        ['battlefield', 'controller', 'types']
        """
        return declared_reads(self)

    def describe(self) -> str:
        """The condition in words, for display.

        >>> plains, island = ObjectFilter(types=("Plains",)), ObjectFilter(types=("Island",))
        >>> Condition((plains, island), any_of=True).describe()
        'you control Plains or Island'
        """
        if self.either:
            return " or ".join(condition.describe() for condition in self.either)
        if self.your_turn:
            rest = replace(self, your_turn=False)
            return "it's your turn" + ("" if rest == Condition(()) else f" and {rest.describe()}")
        if self.combat_began:
            rest = replace(self, combat_began=False)
            began = "this turn's combat has begun"
            return began + ("" if rest == Condition(()) else f" and {rest.describe()}")
        if self.unevaluated:
            return self.unevaluated
        if self.played_land:
            return "you played a land this turn"
        if self.exiled_card and self.exiled_keyword:
            card = f"{self.exiled_card_type.lower()} card" if self.exiled_card_type else "card"
            return f"a {card} exiled with this permanent has {self.exiled_keyword}"
        if self.exiled_card:
            return "a card is exiled with this permanent"
        if self.entered_this_turn:
            return "this permanent entered this turn"
        if self.designation:
            return f"this permanent is {self.designation}"
        if self.opponent_counter:
            return f"an opponent has {self.at_least} or more {self.opponent_counter} counters"
        if self.player_status:
            return "you're the monarch" if self.player_status == "monarch" else "you have the initiative"
        if self.done_this_turn:
            return f"{self.done_this_turn.replace('_', ' ')} is {self.at_least} or more"
        if self.source_tapped is not None:
            return f"this permanent is {'tapped' if self.source_tapped else 'untapped'}"
        if self.in_graveyard is not None:
            words = f"{self.in_graveyard.describe()} card" if self.in_graveyard != ObjectFilter() else "card"
            if self.at_least > 1:
                return f"there are {self.at_least} or more {words}s in your graveyard"
            return f"there is {'an' if words[0] in 'AEIOUaeiou' else 'a'} {words} in your graveyard"
        if self.top_of_library is not None:
            words = f"{self.top_of_library.describe()} card"
            return f"the top card of your library is {'an' if words[0] in 'AEIOUaeiou' else 'a'} {words}"
        if self.counter:
            return f"it has {self.at_least} or more {self.counter} counters"
        many = f"{self.at_least} or more " if self.at_least != 1 else ""
        return "you control " + (" or " if self.any_of else " and ").join(
            many + f.describe().removesuffix(" you control") for f in self.filters
        )

    @property
    def counted_filters(self) -> tuple[ObjectFilter, ...]:
        """The filters of the permanents whose number the condition reads (its alternatives' too)."""
        if self.either:
            return tuple(f for condition in self.either for f in condition.counted_filters)
        return () if self.counter else self.filters


class CostPartKind(Enum):
    """A part of an activated ability's cost that the fields of :class:`AbilityCost` don't hold."""

    DISCARD = "discard"  # Discard a card (``count``), Discard your hand (``count`` 0)
    EXILE_FROM_HAND = "exile_from_hand"  # Exile a card from your hand
    EXILE_FROM_GRAVEYARD = "exile_from_graveyard"  # Exile a card from your graveyard (Titans' Nest)
    EXILE_SELF_FROM_HAND = "exile_self_from_hand"  # Exile ~ from your hand (Elvish Spirit Guide)
    EXILE_SELF_FROM_GRAVEYARD = "exile_self_from_graveyard"  # Exile ~ from your graveyard (Jack-o'-Lantern)
    EXILE_PERMANENT = "exile_permanent"  # Exile a creature you control (Food Chain)
    RETURN_SELF = "return_self"  # Return ~ to its owner's hand (Grinning Ignus)
    RETURN_PERMANENT = "return_permanent"  # Return a land you control to its owner's hand
    ENERGY = "energy"  # Pay {E}
    EXERT = "exert"  # Exert ~ (CR 701.39)
    UNTAP_OPPONENT_LAND = "untap_opponent_land"  # Untap a tapped land an opponent controls
    PUT_COUNTER = "put_counter"  # Put a -1/-1 counter on ~ (Wall of Roots)
    REMOVE_X_COUNTERS = "remove_x_counters"  # Remove X / any number of storage counters from ~
    #: Sacrifice X Goats (Springjack Pasture): the cost's ``sacrifice`` says what, this part that X is chosen
    SACRIFICE_X = "sacrifice_x"
    REVEAL = "reveal"  # Reveal any number of artifact cards in your hand
    SACRIFICE_TOKEN = "sacrifice_token"  # Sacrifice a Prism token, Sacrifice a token named Wood
    FORAGE = "forage"  # Forage (CR 701.61a: exile three cards from your graveyard or sacrifice a Food)
    #: Collect evidence N (CR 701.59a: exile cards with total mana value N or greater from your graveyard;
    #: ``count`` is N)
    COLLECT_EVIDENCE = "collect_evidence"


@dataclass(frozen=True, slots=True)
class CostPart:
    """One cost part of a kind :class:`AbilityCost` has no field for, as read: kind, count, what, text.

    >>> CostPart(CostPartKind.DISCARD, 1, text="Discard a card").kind.value
    'discard'
    """

    kind: CostPartKind
    count: int = 1
    what: str = ""  # the counter's kind, or the description of the cards or permanents
    text: str = ""


@dataclass(kw_only=True, frozen=True, slots=True)
class AbilityCost:
    """The cost of an activated ability (CR 118, 602.2b): mana plus non-mana parts.

    >>> AbilityCost(mana=ManaCost.parse("{1}"), tap=True).describe()
    '{1}, {T}'
    """

    mana: ManaCost = ManaCost()
    tap: bool = False
    untap: bool = False
    life: int = 0
    sacrifice_self: bool = False
    sacrifice: ObjectFilter | None = None
    sacrifice_count: int = 0
    remove_counter: str = ""
    remove_count: int = 0
    tap_others: ObjectFilter | None = None
    tap_others_count: int = 0
    parts: tuple[CostPart, ...] = ()

    def describe(self) -> str:
        """The cost in Oracle-like words."""
        parts: list[str] = []
        if self.mana:
            parts.append(str(self.mana))
        if self.tap:
            parts.append("{T}")
        if self.untap:
            parts.append("{Q}")
        if self.tap_others is not None:
            parts.append(f"Tap {self.tap_others_count} {self.tap_others.describe()}")
        if self.life:
            parts.append(f"Pay {self.life} life")
        if self.sacrifice_self:
            parts.append("Sacrifice this")
        if self.sacrifice is not None and not any(p.kind is CostPartKind.SACRIFICE_X for p in self.parts):
            parts.append(f"Sacrifice {self.sacrifice_count} {self.sacrifice.describe()}")
        if self.remove_counter:
            parts.append(f"Remove {self.remove_count} {self.remove_counter} counter(s)")
        parts += [part.text for part in self.parts]
        return ", ".join(parts) or "(no cost)"


class SpendPurpose(Enum):
    """A use of restricted mana that the payment itself says it is (:attr:`PaymentTarget.purposes`), or by a
    keyword of what is paid for (:attr:`PaymentTarget.keywords`)."""

    CUMULATIVE_UPKEEP = "cumulative_upkeep"  # pay cumulative upkeep costs (Adarkar Unicorn)
    FACE_DOWN = "face_down"  # cast a face-down creature spell (Qarsi Deceiver)
    TURN_FACE_UP = "turn_face_up"  # pay a morph cost, or a mana cost to turn a manifested creature face up
    KEYWORD = "keyword"  # cast a spell with a keyword (``keyword``: 'devoid', 'flashback')
    WATERMARK = "watermark"  # cast spells with watermarks (Watermarket)
    MAKES_TOKENS = "makes_tokens"  # spells and abilities that put tokens onto the battlefield
    KICKED = "kicked"  # cast a kicked spell (whether it will be kicked is not part of a payment target)
    FROM_EXILE = "from_exile"  # cast a spell from exile
    UNLOCK_DOOR = "unlock_door"  # unlock a door of a Room (CR 709.5)
    CLASS_LEVEL = "class_level"  # gain a Class level (CR 716.2a: a level's activated ability)
    PLOT = "plot"  # plot a card from the hand (CR 702.170a: a special action, 116.2k)
    KEYWORD_ABILITY = "keyword_ability"  # activate an equip (crew, ...) ability (``keyword``)


@dataclass(kw_only=True, frozen=True, slots=True)
class SpendUse:
    """One allowed use in a 'spend this mana only ...' clause.

    ``kind`` None allows both spells and abilities. ``types`` must all appear on the spell's type line
    (or on the ability's source's); ``colorless``, ``colored``, ``multicolored`` and ``monocolored`` ask that
    of its colors, and ``colors`` names colors it must have ('red spells'); ``needs_x`` and ``without_x`` ask
    for a mana cost with or without {X} in it.

    >>> titans_nest = SpendUse(kind=PaymentKind.SPELL, colored=True, without_x=True)
    >>> [titans_nest.allows(PaymentTarget.of(cost, colors=colors, type_line="Sorcery"))
    ...  for cost, colors in (("{2}{G}", "G"), ("{X}{G}", "G"), ("{3}", ""))]
    [True, False, False]
    """

    kind: PaymentKind | None = None
    types: tuple[str, ...] = ()
    excluded: tuple[str, ...] = ()  # 'noncreature spells': none of these on the type line
    colorless: bool = False
    colored: bool = False
    multicolored: bool = False
    monocolored: bool = False
    colors: ManaTypes = ManaTypes()
    chosen_type: bool = False
    commander: bool = False
    needs_x: bool = False
    without_x: bool = False  # 'a spell without {X} in its mana cost' (Titans' Nest)
    needs_colorless_symbol: bool = False  # 'pay a cost that contains {C}'
    purpose: SpendPurpose | None = None  # a use the payment says it is (its ``purposes``, ``keywords``)
    keyword: str = ""  # with ``SpendPurpose.KEYWORD``: the keyword the spell must have
    mana_value_at_least: int | None = None  # 'spells with mana value 4 or greater' (CR 202.3)

    def allows(self, target: PaymentTarget, chosen_type: str | None = None) -> bool:
        """True when this use covers the target."""
        if self.purpose is SpendPurpose.KEYWORD:
            return target.kind is PaymentKind.SPELL and self.keyword in target.keywords
        if self.purpose is SpendPurpose.KEYWORD_ABILITY:
            return target.kind is PaymentKind.ABILITY and self.keyword in target.keywords
        if self.purpose is not None:
            return self.purpose.value in target.purposes
        if self.mana_value_at_least is not None and target.mana_value < self.mana_value_at_least:
            return False
        if self.kind is not None and target.kind is not self.kind:
            return False
        if not all(target.type_line.is_a(word) for word in self.types):
            return False
        if any(target.type_line.is_a(word) for word in self.excluded):
            return False
        colors = target.spell_colors
        if not colors_match(colors, self.colorless, self.multicolored, self.monocolored):
            return False
        if self.colored and not colors:
            return False
        if self.without_x and target.contains_x:
            return False
        if self.colors and (colors & self.colors) != self.colors:
            return False
        if self.chosen_type and (chosen_type is None or not target.type_line.is_a(chosen_type)):
            return False
        if self.commander and not target.commander:
            return False
        if self.needs_colorless_symbol and not any(
            symbol.kind in (SymbolKind.COLORLESS, SymbolKind.COLORLESS_HYBRID)
            for symbol in target.cost.symbols
        ):
            return False
        return not (self.needs_x and not target.contains_x)


@dataclass(frozen=True, slots=True)
class SpendRestriction:
    """'Spend this mana only ...': the mana may pay for a target when any of the uses allows it (106.6).

    >>> eldrazi = SpendRestriction((SpendUse(kind=PaymentKind.SPELL, types=("Eldrazi",),
    ...     colorless=True),), "...")
    >>> eldrazi.allows(PaymentTarget.of("{3}{C}", type_line="Creature — Eldrazi"))
    True
    >>> eldrazi.allows(PaymentTarget.of("{3}{U}", type_line="Creature — Eldrazi Drone"))
    False
    """

    uses: tuple[SpendUse, ...]
    text: str
    not_generic: bool = False  # 'This mana can't be spent to pay generic mana costs' (Jegantha)

    def allows(self, target: PaymentTarget, chosen_type: str | None = None) -> bool:
        """True when the mana may be spent on this target."""
        return any(use.allows(target, chosen_type) for use in self.uses)


class SideEffectKind(Enum):
    """Something an ability's effect does besides adding mana that does not change what it adds."""

    GAIN_LIFE = "gain_life"  # you gain N life
    OPPONENTS_GAIN_LIFE = "opponents_gain_life"  # each opponent gains N life
    NO_UNTAP = "no_untap"  # ~ doesn't untap during your next untap step
    PUT_COUNTER = "put_counter"  # put a (depletion) counter on ~ after the mana is added
    PUT_COUNTER_FIRST = "put_counter_first"  # put a counter on ~ before the mana is counted
    DELAYED = "delayed"  # a delayed trigger: draw at the next upkeep, sacrifice at the next end step
    REMOVE_COUNTER = "remove_counter"  # remove a (time) counter from ~ after the mana is added
    DAMAGE_OPPONENTS = "damage_opponents"  # 'when you do, ~ deals N damage to each opponent' (CR 603.12)
    #: 'when you do, ~ deals N damage to any target': the reflexive trigger's target, chosen as it triggers
    #: after the payment (CR 603.12), never the mana ability's (605.1a)
    DAMAGE_TARGET = "damage_target"
    REVEAL_FIRST = "reveal_first"  # reveal cards from the hand before the mana is counted (Metalworker)
    BECOMES_COLOR = "becomes_color"  # '~ becomes that color until end of turn' (Foraging Wickermaw)


@dataclass(frozen=True, slots=True)
class SideEffect:
    """A side effect of a mana ability as read: its kind, an amount or counter kind, and its sentence."""

    kind: SideEffectKind
    amount: int = 0
    what: str = ""
    text: str = ""


@dataclass(kw_only=True, frozen=True, slots=True)
class ManaAbility:
    """An activated mana ability (CR 605.1a): cost, output, and what rides on the mana.

    ``conditional`` holds 'If <condition>, add <output> instead.' (Urza's Tower); ``self_damage`` is damage
    the ability's effect deals to its controller (an effect, not a cost: CR 405.6c); ``sacrifice_when_empty``
    names a counter whose absence after resolution sacrifices the source (Gemstone Mine).

    Each field declares what its resolution reads of the board (:func:`~models.filters.facts_read`: the mana
    it adds, the damage it deals, whether it sacrifices its source; :meth:`resolution_reads`); whether it
    can be activated (its cost, its activation condition, its timing) is judged on each board apart and
    declares nothing here.
    """

    text: str = field(metadata=facts_read())
    cost: AbilityCost = field(metadata=facts_read())  # (paid before it resolves: what it took is COST_PAID)
    output: ManaOutput = field(metadata=facts_read(nested=True))
    conditional: tuple[tuple[Condition, ManaOutput], ...] = field(
        default=(), metadata=facts_read(nested=True)
    )
    restriction: SpendRestriction | None = field(default=None, metadata=facts_read())
    riders: tuple[str, ...] = field(default=(), metadata=facts_read())
    self_damage: int = field(default=0, metadata=facts_read())
    #: the ``self_damage`` is not dealt when this holds as the ability resolves (CR 608.2h: Tomb of Urami's
    #: 'deals 1 damage to you if you don't control an Ogre')
    damage_unless: Condition | None = field(default=None, metadata=facts_read(nested=True))
    life_loss: int = field(default=0, metadata=facts_read())
    sacrifice_when_empty: str = field(default="", metadata=facts_read(BoardFact.COUNTERS, of_source=True))
    activation_condition: Condition | None = field(default=None, metadata=facts_read())  # (judged apart)
    #: (what it does besides adding mana changes no mana; the counters put first and the cards revealed
    #: first are read by its amount: COUNTERS, COST_PAID)
    side_effects: tuple[SideEffect, ...] = field(default=(), metadata=facts_read())
    #: the most times it can be activated each turn (CR 602.5b: 'Activate only once each turn', 'Activate no
    #: more than three times each turn'); 0 when nothing limits it
    times_each_turn: int = field(default=0, metadata=facts_read())
    #: 'sorcery', 'instant', 'your_turn' or 'your_turn_before_end_step'
    timing: str = field(default="", metadata=facts_read())
    #: why the mana isn't certain: a die roll, a coin flip, a choice an opponent makes
    uncertain: str = field(default="", metadata=facts_read())
    #: 'as long as ~ is renowned': the ability exists only while this holds (judged apart)
    exists_while: str = field(default="", metadata=facts_read())
    #: 'Choose a player. That player adds ...': its controller may choose itself
    chosen_player: bool = field(default=False, metadata=facts_read())
    _hash: int = field(default=0, init=False, repr=False, compare=False)
    #: :meth:`resolution_reads` with its palette and without, worked out on first use
    _reads: tuple[frozenset[BoardFact], frozenset[BoardFact]] | None = field(
        default=None, init=False, repr=False, compare=False
    )

    def __hash__(self) -> int:
        """Worked out once: abilities and effects key the planner's caches of outcomes."""
        return self._hash or cached_hash(self)

    def __getstate__(self) -> list[object]:
        return state_without_hash(self)

    def resolution_reads(self, *, palette: bool = True) -> frozenset[BoardFact]:
        """What its resolution reads of the board (the facts its fields that are set declare, with what their
        amounts, palettes and conditions read), besides the mana tag's facts of its source: what a key of
        its outcomes must hold (a fact of a permanent is its source's unless it also reads ``BATTLEFIELD``).
        Without ``palette``, what it reads besides its output's palette (whose types a key may hold as they
        resolve).

        >>> tap = AbilityCost(tap=True)
        >>> forest = ManaAbility(text="{T}: Add {G}.", cost=tap, output=ManaOutput.fixed("{G}"))
        >>> forest.resolution_reads()
        frozenset()
        >>> remove = AbilityCost(tap=True, remove_counter="mining", remove_count=1)
        >>> mine = ManaAbility(text="...", cost=remove, output=ManaOutput.fixed("{G}"),
        ...     sacrifice_when_empty="mining")
        >>> sorted(f.value for f in mine.resolution_reads())
        ['counters']
        """
        known = self._reads
        if known is None:
            aside = replace(self, output=replace(self.output, palette=Palette()))
            known = (declared_reads(self), declared_reads(aside))
            object.__setattr__(self, "_reads", known)
        return known[0] if palette else known[1]

    @property
    def once_each_turn(self) -> bool:
        """True when it can be activated only once each turn (CR 602.5b)."""
        return self.times_each_turn == 1

    @property
    def limited_each_turn(self) -> bool:
        """True when it can be activated only so many times each turn (CR 602.5b), once or more: the board's
        ``activated_this_turn`` counts its activations, and a plan's count across the turn.

        >>> from models.oracle import parse_oracle
        >>> (cinder,) = parse_oracle("{1}: Add {B} or {R}. Activate no more than three times each turn."
        ...     ).mana_abilities
        >>> cinder.limited_each_turn, cinder.once_each_turn, cinder.times_each_turn
        (True, False, 3)
        """
        return self.times_each_turn > 0

    @property
    def written_conditions(self) -> tuple[Condition, ...]:
        """Every condition written on it: its activation condition, those of its conditional outputs, and each
        branch of an 'if <one> or if <another>' among them.

        >>> from models.oracle import parse_oracle
        >>> (dignitary,) = parse_oracle("{T}: Add {G}{G}. Activate only if there is an Elf card in your "
        ...     "graveyard.").mana_abilities
        >>> [c.in_graveyard.types for c in dignitary.written_conditions if c.in_graveyard is not None]
        [('Elf',)]
        """
        pending = [self.activation_condition, *(condition for condition, _ in self.conditional)]
        found: list[Condition] = []
        while pending:
            condition = pending.pop(0)
            if condition is not None:
                found.append(condition)
                pending.extend(condition.either)
        return tuple(found)

    @property
    def taps_for_mana(self) -> bool:
        """True when activating it is 'tapping for mana' (CR 106.12: its cost includes {T})."""
        return self.cost.tap

    @property
    def life_gain(self) -> int:
        """The life its effect gives its controller as it resolves ('You gain 1 life.': Pristine Talisman),
        at once, while the payment goes on (CR 605.3b, 119.3).

        >>> talisman = ManaAbility(text="{T}: Add {C}. You gain 1 life.", cost=AbilityCost(tap=True),
        ...     output=ManaOutput.fixed("{C}"), side_effects=(SideEffect(SideEffectKind.GAIN_LIFE, 1),))
        >>> talisman.life_gain
        1
        """
        effects = self.side_effects
        if not effects:
            return 0
        return sum(e.amount for e in effects if e.kind is SideEffectKind.GAIN_LIFE)
