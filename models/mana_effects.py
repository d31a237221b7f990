"""Effects on mana besides mana abilities, as read from Oracle text: static abilities (type and color
changes, granted abilities, cost modifiers, "spend as though"), triggered mana abilities, replacement
effects on production, and mana added outside a payment (CR 605.1a, 605.5).

Nothing here executes anything; the rules engine applies them.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import Enum

from models.abilities import AbilityCost, Amount, Condition, ManaOutput, SpendRestriction
from models.alternative_costs import (
    EVERY_MANA_VALUE,
    AlternativeCost,
    GrantedForetell,
    GrantedForetellCost,
    ManaValues,
    SpellName,
    SpellsGranted,
)
from models.ban_terms import NO_BAN_TERMS, BanTerms
from models.cost import PaymentTarget
from models.filters import BoardFact, ObjectFilter, Who, declared_reads, facts_read
from models.hashing import cached_hash, state_without_hash
from models.layer_effects import (
    AbilitiesOfCards,
    AbilityLoss,
    ColorChange,
    GainAbilitiesOf,
    GrantAbility,
    GrantHaste,
    PowerChange,
    PowerDefined,
    TypeChange,
)
from models.mana import ALL_TYPES, ManaBag, ManaType, ManaTypes
from models.riders import SpentRider
from models.types import TypeLine

__all__ = [
    "NO_BAN_TERMS",
    "BanTerms",
    "CastBan",
    "CastRider",
    "CostModifier",
    "CostPaymentBan",
    "DevotionIncrease",
    "ExtraLandPlays",
    "GrantedAlternativeCost",
    "GraveyardPermission",
    "LandPlayBan",
    "LifeForMana",
    "LifePaymentsExiled",
    "ManaTrigger",
    "NotPaymentKind",
    "NotPaymentMana",
    "OthersEnterTapped",
    "ProductionReplacement",
    "ReplacementKind",
    "SpellKeywords",
    "SpendAsThough",
    "StaticEffect",
    "TapDamage",
    "TimingLimit",
    "TriggerEvent",
    "UnspentManaEffect",
    "UnspentMode",
    "spell_matches",
]


class NotPaymentKind(Enum):
    """Why some mana is added outside a payment (CR 605.1a as amended 2026-08-07, 605.5a, 605.5b)."""

    LOYALTY = "loyalty"  # a loyalty ability (605.1a)
    TARGETED = "targeted"  # an activated ability with a target (605.1a)
    LIBRARY = "library"  # its cost or effect moves a card to or from a library (605.1a, 2026-08-07)
    SPELL = "spell"  # a spell's effect (605.5b): Dark Ritual
    ENTERS = "enters"  # 'when ~ enters, add ...' (605.5a)
    DIES = "dies"  # 'when ~ dies, add ...'
    ATTACKS = "attacks"  # 'whenever ~ attacks, add ...'
    PHASE = "phase"  # 'at the beginning of your main phase, add ...'
    LANDFALL = "landfall"  # 'whenever a land enters under your control, add ...' (Lotus Cobra)
    TRIGGER = "trigger"  # any other trigger that is not a mana ability (605.1b): 'whenever you cast ...'
    TOKEN = "token"  # a token it creates has the mana ability (Treasure, Eldrazi Scion)
    CHAPTER = "chapter"  # a Saga's chapter ability (CR 714.2b: a triggered ability)
    GRANTED = (
        "granted"  # a one-shot effect gives a target a mana ability until end of turn (Glorious Sunrise)
    )


@dataclass(frozen=True, slots=True)
class NotPaymentMana:
    """Mana a card adds outside a payment in progress: a loyalty ability, a trigger, a spell, a token.

    Turn planning uses these; a payment never does (CR 601.2g: only mana abilities run while paying).
    ``output`` is None when the mana it adds was not read; ``cost`` is set for activated abilities.

    >>> NotPaymentMana("+1: Add {R}{R}.", NotPaymentKind.LOYALTY, ManaOutput.fixed("{R}{R}")).kind.value
    'loyalty'
    """

    text: str
    kind: NotPaymentKind
    output: ManaOutput | None = None
    cost: AbilityCost | None = None
    restriction: SpendRestriction | None = None  # 'Spend this mana only ...' after it
    #: the resolution of its triggered ability this turn it is added on ('If it's the second time, add ...':
    #: 2; CR 608.2c), None when it is added on each
    resolution_time: int | None = None


class ReplacementKind(Enum):
    """How a replacement effect changes produced mana (CR 614)."""

    MULTIPLY = "multiply"  # twice / three times as much of that mana
    SET_TYPE = "set_type"  # that type instead of any other type (amount kept)
    SET_MANA = "set_mana"  # this mana instead of any other type and amount
    SET_COLOR = "set_color"  # that color instead of any other color (colorless mana kept)


@dataclass(kw_only=True, frozen=True, slots=True)
class ProductionReplacement:
    """'If <who> tap(s) <filter> for mana, it produces ... instead.' (Mana Reflection, Contamination).

    Applies to an ability that taps a permanent for mana (CR 106.12b) when the tapping player and the
    permanent match; ``who`` is relative to this effect's controller. ``chosen_color``: the new type is its
    source's chosen color (Hall of Gemstone's, chosen at this turn's upkeep: the board's
    ``choices.color``), filled in when the board is read.

    Each field declares what replacing the mana reads of the board (:meth:`resolution_reads`); whether the
    effect applies to an activation (``who``, ``affected``, ``while_counted``) is judged on each board apart.
    """

    text: str = field(metadata=facts_read())
    who: Who = field(metadata=facts_read())  # (judged apart)
    affected: ObjectFilter = field(metadata=facts_read())  # (judged apart)
    kind: ReplacementKind = field(metadata=facts_read())
    factor: int = field(default=1, metadata=facts_read())
    mana: ManaBag = field(default=ManaBag(), metadata=facts_read())
    new_type: ManaTypes = field(default=ManaTypes(), metadata=facts_read())
    #: SET_MANA: that many mana more, each of a color its player chooses as it is produced ('one mana of a
    #: color of your choice instead of any other type and amount': Harvest Mage's, CR 614.1a)
    colors_chosen: int = field(default=0, metadata=facts_read())
    #: 'tapped for two or more mana' (Damping Sphere): of the mana made
    min_amount: int = field(default=1, metadata=facts_read())
    #: (the chosen color is filled into ``new_type`` when the board is read)
    chosen_color: bool = field(default=False, metadata=facts_read())
    #: 'odd' or 'even': it applies this turn only when the number its source counted at this turn's upkeep
    #: is (Chaos Moon; the board's ``choices.upkeep_count``; judged apart)
    while_counted: str = field(default="", metadata=facts_read())
    _hash: int = field(default=0, init=False, repr=False, compare=False)
    #: :meth:`resolution_reads`, worked out on first use
    _reads: frozenset[BoardFact] | None = field(default=None, init=False, repr=False, compare=False)

    def __hash__(self) -> int:
        """Worked out once: abilities and effects key the planner's caches of outcomes."""
        return self._hash or cached_hash(self)

    def __getstate__(self) -> list[object]:
        return state_without_hash(self)

    def resolution_reads(self) -> frozenset[BoardFact]:
        """What replacing an activation's mana reads of the board (its source's facts): what its fields that
        are set declare (none of those read today read the board).

        >>> twice = ProductionReplacement(text="...", who=Who.YOU, affected=ObjectFilter(),
        ...     kind=ReplacementKind.MULTIPLY, factor=2)
        >>> twice.resolution_reads()
        frozenset()
        """
        known = self._reads
        if known is None:
            known = declared_reads(self)
            object.__setattr__(self, "_reads", known)
        return known


class TriggerEvent(Enum):
    """What a triggered mana ability waits for (CR 605.1b, 106.12a)."""

    TAPPED_FOR_MANA = "tapped_for_mana"  # a permanent is tapped for mana (of some types)
    LAND_ADDS_MANA = "land_adds_mana"  # a land's ability causes a player to add mana (of some types)
    #: its controller sacrifices a permanent (Crime Novelist): a mana ability when a mana ability's cost
    #: sacrifices it (CR 605.1b), once for each permanent sacrificed
    SACRIFICED = "sacrificed"


@dataclass(kw_only=True, frozen=True, slots=True)
class ManaTrigger:
    """A triggered mana ability: 'Whenever enchanted land is tapped for mana, its controller adds ...'.

    ``of_types`` limits the trigger to mana of those types (Gauntlet of Power's chosen color);
    ``chosen_color`` says the limit is the source's chosen color. The mana goes to the tapping player
    (``to_tapper``) or to this effect's controller. ``while_monarch``: it triggers only while this effect's
    controller is the monarch (Regal Behemoth; the board's ``players[i].monarch``).

    Each field declares what its resolution reads of the board (:meth:`resolution_reads`); whether it
    triggers on an activation (``event``, ``who``, ``affected``, ``while_monarch``, ``while_counted``) is
    judged on each board apart.
    """

    text: str = field(metadata=facts_read())
    event: TriggerEvent = field(metadata=facts_read())  # (judged apart)
    who: Who = field(metadata=facts_read())  # (judged apart)
    affected: ObjectFilter = field(metadata=facts_read())  # (judged apart)
    adds: ManaOutput = field(metadata=facts_read(nested=True))
    of_types: ManaTypes = field(default=ALL_TYPES, metadata=facts_read())  # (of the mana made)
    #: the types it triggers on are its source's chosen color
    chosen_color: bool = field(default=False, metadata=facts_read(BoardFact.CHOICES, of_source=True))
    to_tapper: bool = field(default=True, metadata=facts_read())
    while_monarch: bool = field(default=False, metadata=facts_read())  # (judged apart)
    #: 'odd' or 'even': as :attr:`ProductionReplacement.while_counted` (judged apart)
    while_counted: str = field(default="", metadata=facts_read())
    #: ', and ~ deals 1 damage to them' (Overabundance): damage to the player who tapped, dealt as the
    #: triggered mana ability resolves (CR 605.4a), as a mana ability's own damage is (Ancient Tomb)
    damage: int = field(default=0, metadata=facts_read())
    #: 'put a +1/+1 counter on ~ and add {R}' (Crime Novelist): the kind of the counter it puts on its source
    #: as it resolves, which changes its power while paying (what reads that power is set aside, warned)
    counter_on_source: str = field(default="", metadata=facts_read())
    _hash: int = field(default=0, init=False, repr=False, compare=False)
    #: :meth:`resolution_reads`, worked out on first use
    _reads: frozenset[BoardFact] | None = field(default=None, init=False, repr=False, compare=False)

    def __hash__(self) -> int:
        """Worked out once: abilities and effects key the planner's caches of outcomes."""
        return self._hash or cached_hash(self)

    def __getstate__(self) -> list[object]:
        return state_without_hash(self)

    def resolution_reads(self) -> frozenset[BoardFact]:
        """What its resolution reads of the board, once it triggers: the facts its fields that are set
        declare, with what its output's amount and palette read (of its source, unless ``BATTLEFIELD``),
        besides the mana tag's facts of its source and the mana made.

        >>> from models.abilities import ManaOutput
        >>> gauntlet = ManaTrigger(text="...", event=TriggerEvent.TAPPED_FOR_MANA, who=Who.ANY,
        ...     affected=ObjectFilter(types=("Land",)), adds=ManaOutput.fixed("{G}"), chosen_color=True)
        >>> sorted(f.value for f in gauntlet.resolution_reads())
        ['choices']
        """
        known = self._reads
        if known is None:
            known = declared_reads(self)
            object.__setattr__(self, "_reads", known)
        return known


class UnspentMode(Enum):
    """What happens to mana that would empty from a pool (CR 500.4)."""

    KEEP = "keep"  # Upwelling: it doesn't empty
    BECOME = "become"  # it becomes mana of another type (colorless: Horizon Stone, Kruphix; red: Ozai)


@dataclass(frozen=True, slots=True)
class UnspentManaEffect:
    """An effect on unspent mana: 'Mana pools don't empty...' or '...becomes colorless instead' (``becomes``:
    the type it becomes)."""

    text: str
    mode: UnspentMode
    who: Who
    types: ManaTypes = ALL_TYPES
    becomes: ManaType = ManaType.C


@dataclass(kw_only=True, frozen=True, slots=True)
class CostModifier:
    """'<Spells> cost {N} more/less to cast' (CR 601.2f), optionally per spell already cast this turn.

    ``spells.types`` must all match, or with ``any_type`` one of them ('Instant and sorcery spells');
    ``spells.excluded`` must not ('Noncreature spells'); ``spells.chosen_type``: spells of the type chosen as
    the source entered (Morophon). ``own`` marks a spell's reduction of itself ('This spell costs {1} less to
    cast for each artifact you control', affinity: CR 702.41a), applied ``delta`` times for each permanent its
    caster controls that matches ``for_each``, or ``delta`` times ``amount`` counted on the caster's
    permanents as the total cost is locked in ('This spell costs {X} less to cast, where X is the greatest
    power among creatures you control': The Great Henge). A permanent's change with ``amount`` (of
    ``COUNTERS``) is ``delta`` times the counters of that kind on it ('Instant and sorcery spells you cast
    cost {1} less to cast for each oil counter on ~': Mindsplice Apparatus).

    ``at_least`` makes the change once when the count reaches it (Geistlight Snare's 'if you control a
    Spirit'); ``casters_count`` counts ``for_each`` among the spell's caster's permanents (Hum of the Radix).

    ``colored`` is a reduction of colored or colorless mana ('Cleric spells you cast cost {W}{B} less'): it
    takes that many symbols of each type off the cost, and what the cost lacks comes off its generic part
    (CR 118.7b-d), unless ``only_colored`` ('This effect reduces only the amount of colored mana you pay.').
    With ``colored_more`` it is an increase instead ('Black spells you cast cost {B} more to cast': Derelor):
    those symbols are added to the cost (CR 601.2f).
    """

    text: str
    who: Who
    spells: ObjectFilter
    colors: ManaTypes
    generic_delta: int
    per_other_spell_this_turn: bool = False
    any_type: bool = False
    own: bool = False
    for_each: ObjectFilter | None = None
    amount: Amount | None = None
    colored: ManaBag = ManaBag()
    only_colored: bool = False
    #: ``colored`` is added to the cost rather than taken off (Derelor's '{B} more')
    colored_more: bool = False
    #: 'Noncreature spells your opponents cast with mana value 4 or greater' (Reidane): the spell's mana
    #: value as it will be on the stack (CR 202.3e: with X's value)
    min_mana_value: int | None = None
    #: 'for each artifact its controller controls' (Hum of the Radix): ``for_each`` is counted among the
    #: permanents of the spell's caster, not of the source's controller
    casters_count: bool = False
    #: a change applied once when what is counted reaches this many ('if you control a Spirit': 1, Geistlight
    #: Snare; 'If there are ten or more creature cards total in all graveyards': 10, Avatar of Woe), 0 for one
    #: applied per object counted
    at_least: int = 0
    #: 'except during its controller's turn' (Defense Grid): only while the spell's caster is not the active
    #: player
    off_turn: bool = False
    #: 'for each target' (Hinata, Dawn-Crowned): applied once for each target the spell is cast with
    #: (:attr:`~models.cost.PaymentTarget.targets`, CR 601.2c)
    per_target: bool = False
    #: 'The second spell you cast each turn ...' (2), 'The first creature spell you cast each turn ...' (1):
    #: only the spell that many of ``spells`` its caster cast this turn make (CR 601.2i: the spell being cast
    #: is not yet cast), counted on the board's ``spells_cast_this_turn``
    nth_spell: int = 0
    #: the change applies only when the spell's caster pays this much life as an additional cost as it is
    #: cast, their choice (CR 601.2b, 601.2f: the Defilers' 'As an additional cost to cast white permanent
    #: spells, you may pay 2 life. Those spells cost {W} less to cast if you paid life this way.'); 0: always
    paid_life: int = 0
    #: 'During your turn, ...' ('yours': Tithe Taker), 'During turns other than yours, ...' ('others': Geyser
    #: Drake): applies only on the turns, of its source's controller, it names (the board's ``active_player``)
    during_turn: str = ""
    #: 'As long as ~ is tapped, ...' (Centaur Omenreader), '... as long as there are three or more Lesson
    #: cards in your graveyard' (Gran-Gran): applies only while it holds on its source as the total cost is
    #: locked in (CR 601.2f)
    condition: Condition | None = None
    #: 'Spells you cast from your graveyard or from exile' (Doc Aurlock): applies only to a spell cast from
    #: one of these zones (CR 601.2a: :attr:`~models.cost.PaymentTarget.cast_from`); with
    #: ``cast_from_excluded``, from any zone but these ('from anywhere other than your hand': Bilbo)
    cast_from: tuple[str, ...] = ()
    cast_from_excluded: bool = False
    #: 'Spells ... that target ~' (Icefall Regent, Spellwild Ouphe): applies only to a spell with its source
    #: among its targets (CR 601.2c: :attr:`~models.cost.PaymentTarget.targeted`)
    targets_source: bool = False
    #: '... for each creature it targets' (Battlefield Thaumaturge): applied once for each permanent it
    #: matches among the spell's targets (CR 601.2c: :attr:`~models.cost.PaymentTarget.targeted`)
    per_targeted: ObjectFilter | None = None
    #: 'Creature spells you cast that share a creature type with ~' (Mistform Warchief): applies only to a
    #: spell with a creature type its source has (CR 205.3d)
    shares_creature_type: bool = False
    #: 'Spells you cast that share a card type with the exiled card' (Semblance Anvil): applies only to a
    #: spell with a card type of the card exiled with its source (CR 205.2a: the board's
    #: ``choices.imprinted``)
    shares_exiled_card_type: bool = False
    #: 'Creature spells you cast with power 4 or greater' (Goreclaw): the spell's power (CR 208:
    #: :attr:`~models.cost.PaymentTarget.power`)
    min_power: int | None = None
    #: 'Face-down creature spells you cast' (Obscuring Aether): applies only to a spell cast face down (CR
    #: 702.37c, 708: the payment's purpose ``face_down``)
    face_down: bool = False
    #: 'Permanent spells you cast that have an Adventure' (Beluna Grandsquall): applies only to a spell whose
    #: card has an Adventure (CR 715.2: :attr:`~models.cost.PaymentTarget.has_adventure`)
    has_adventure: bool = False
    #: 'Your commander costs {1} less to cast for each time it's been cast from the command zone this game'
    #: (Myth Unbound): applies only to its controller's commander, once for each such earlier cast (CR 903.8:
    #: :attr:`~models.cost.PaymentTarget.commander_casts`)
    per_commander_cast: bool = False
    #: 'Spells with the chosen name' (Cheering Fanatic): applies only to a spell with the card name its
    #: source's choice named (the board's ``choices.card_name``; CR 201.2:
    #: :attr:`~models.cost.PaymentTarget.name`)
    chosen_name: bool = False
    #: 'Each spell cast this way' ('this way': Lightstall Inquisitor's exiled card, cast from exile), 'That
    #: copy' ('copy': God-Eternal Kefnet's): applies only to the spell its source's ability let be cast (the
    #: question's :attr:`~models.cost.PaymentTarget.cast_by`); '' for any spell
    cast_by_source: str = ""
    #: 'if it has mutate, changeling, or a cycling ability' (Pollywog Symbiote): applies only to a spell whose
    #: card has one of these keyword abilities (CR 702: :attr:`~models.cost.PaymentTarget.keywords`, by name)
    spell_keywords: tuple[str, ...] = ()
    #: the most the change can take off the cost, 0 for no limit ('This effect can't reduce the amount of mana
    #: ~ costs by more than {5}.': Valiant Changeling)
    most: int = 0
    #: 'each spell that would cost less than three mana to cast costs three mana to cast' (Trinisphere): a
    #: total cost asking for less mana than this asks for this much, the mana added generic (CR 601.2f: after
    #: every increase and reduction); 0 for none
    minimum_total: int = 0
    #: 'This effect can't reduce the mana in that cost to less than one mana.' after a reduction (1): the
    #: reduction takes the mana in the total cost no lower than this (CR 601.2f); 0 for none
    floor: int = 0
    #: strive's 'for each target beyond the first' (with ``per_target`` on a spell's own change): the targets
    #: not counted (1)
    free_targets: int = 0

    def matches(self, target: PaymentTarget) -> bool:
        """True when the spell paid for is of the types, colors and mana value this change is about (who
        casts it, and a chosen creature type, are for the caller to check).

        >>> spells = ObjectFilter(types=("Instant", "Sorcery"))
        >>> cheaper = CostModifier(text="...", who=Who.YOU, spells=spells, colors=ManaTypes(),
        ...     generic_delta=-1, any_type=True)
        >>> cheaper.matches(PaymentTarget.of("{R}", type_line="Instant"))
        True
        >>> cheaper.matches(PaymentTarget.of("{1}{G}", type_line="Creature — Bear"))
        False
        """
        if self.min_mana_value is not None and target.mana_value < self.min_mana_value:
            return False
        if self.face_down:
            if "face_down" not in target.purposes:
                return False
            # (a face-down spell is a colorless creature with no name, subtypes or mana cost: CR 708.2a)
            target = replace(target, type_line=TypeLine.parse("Creature"), colors=ManaTypes())
        if "face_down" in target.purposes:
            target = replace(target, keywords=frozenset())  # (and no abilities, CR 708.2a)
        if self.spell_keywords and not target.keywords.intersection(self.spell_keywords):
            return False
        return spell_matches(self.spells, target, any_type=self.any_type, colors=self.colors)


def spell_matches(
    spells: ObjectFilter, target: PaymentTarget, *, any_type: bool = False, colors: ManaTypes = ManaTypes()
) -> bool:
    """True when the spell paid for is of the types and colors a description of spells gives: of every type
    it lists, or of any with ``any_type`` ('artifact or creature spells'), of none it excludes, and of one
    of ``colors`` when there are some.

    >>> spell_matches(ObjectFilter(excluded=("Artifact",)), PaymentTarget.of("{G}", type_line="Instant"))
    True
    """
    types = spells.types
    if types and not (any if any_type else all)(target.type_line.is_a(word) for word in types):
        return False
    if any(target.type_line.is_a(word) for word in spells.excluded):
        return False
    if spells.any_types and not any(target.type_line.is_a(word) for word in spells.any_types):
        return False  # ('historic spells': legendary, an artifact or a Saga, CR 700.6)
    if not spells.colors_match(target.spell_colors):
        return False
    if spells.keyword and spells.keyword not in target.keywords:
        return False  # ('creature spell with flying': the keywords of its text, CR 702)
    return not colors or bool(target.spell_colors & colors)


@dataclass(kw_only=True, frozen=True, slots=True)
class CastRider:
    """A permanent's trigger on a spell cast that reads the mana spent to cast that spell (the Opus creatures'
    'Whenever you cast an instant or sorcery spell, ... If five or more mana was spent to cast that spell,
    ...'): the trigger resolves after the payment (CR 603.3, 601.2i), so it changes no payment, but what it
    does depends on the mana that paid (CR 601.2h); a spell it describes, cast by ``who``, is weighed by
    ``rider`` as by a rider of its own text (contract §12).

    >>> from models.riders import ManaSpent
    >>> opus = CastRider(text="...", who=Who.YOU, spells=ObjectFilter(types=("Instant", "Sorcery")),
    ...     rider=ManaSpent(5), any_type=True)
    >>> opus.matches(PaymentTarget.of("{X}{R}", type_line="Sorcery")), opus.matches(PaymentTarget.of("{2}"))
    (True, False)
    """

    text: str
    who: Who
    spells: ObjectFilter
    rider: SpentRider
    any_type: bool = False
    colors: ManaTypes = ManaTypes()

    def matches(self, target: PaymentTarget) -> bool:
        """True when the spell paid for is one the trigger describes (who casts it is for the caller)."""
        return spell_matches(self.spells, target, any_type=self.any_type, colors=self.colors)


@dataclass(kw_only=True, frozen=True, slots=True)
class SpellKeywords:
    """'<spells> you cast have <keywords>' (Chief Engineer's 'Artifact spells you cast have convoke',
    Inspiring Statuary's 'Nonartifact spells you cast have improvise'): the spells it describes, cast by
    ``who``, have those of convoke, improvise and delve (CR 702.51, 702.126, 702.66), which the payment of
    such a spell may use as though its card had them.

    >>> grant = SpellKeywords(text="...", who=Who.YOU, spells=ObjectFilter(types=("Artifact",)),
    ...     keywords=("convoke",))
    >>> grant.matches(PaymentTarget.of("{2}", type_line="Artifact")), grant.matches(PaymentTarget.of("{2}"))
    (True, False)
    """

    text: str
    who: Who
    spells: ObjectFilter
    keywords: tuple[str, ...]
    any_type: bool = False

    def matches(self, target: PaymentTarget) -> bool:
        """True when the spell paid for is one this grant describes (who casts it is for the caller)."""
        return spell_matches(self.spells, target, any_type=self.any_type)


@dataclass(kw_only=True, frozen=True, slots=True)
class SpendAsThough:
    """'You may spend <types> mana as though it were mana of <as_types>' (CR 609.4b).

    With ``only``, mana of ``types`` may be spent *only* as ``as_types`` (Celestial Dawn's 'other mana only
    as though it were colorless'); otherwise it may also be spent as ``as_types``. ``others`` means the
    types not named by another such effect ('other mana'). ``when_paying`` limits it to the payments it
    names, read as a spending restriction ('to cast creature spells': Vizier of the Menagerie); None means
    every payment. ``one_card`` marks a permission for the one card an effect exiled ('you may spend mana as
    though it were mana of any color to cast that spell': Gonti, Daxos): the board does not record which
    card that is, so a payment for a spell cast from exile takes it to be that card, and says so.

    >>> from models.abilities import SpendUse
    >>> from models.cost import PaymentKind
    >>> vizier = SpendAsThough(text="...", who=Who.YOU, types=ALL_TYPES, as_types=ALL_TYPES,
    ...     when_paying=SpendRestriction((SpendUse(kind=PaymentKind.SPELL, types=("Creature",)),), "..."))
    >>> vizier.applies_to(PaymentTarget.of("{G}", type_line="Creature — Elf"))
    True
    >>> vizier.applies_to(PaymentTarget.of("{G}", type_line="Instant"))
    False
    """

    text: str
    who: Who
    types: ManaTypes
    as_types: ManaTypes
    only: bool = False
    others: bool = False
    when_paying: SpendRestriction | None = None
    one_card: bool = False

    def applies_to(self, target: PaymentTarget, chosen_type: str | None = None) -> bool:
        """True when the effect covers a payment for ``target`` (``chosen_type``: its source's choice)."""
        return self.when_paying is None or self.when_paying.allows(target, chosen_type)


@dataclass(frozen=True, slots=True)
class TapDamage:
    """Damage to the player who taps a permanent, from a trigger on the tapping: 'Whenever ~ becomes tapped,
    it deals N damage to you.' (City of Brass: ``affected`` None, the permanent itself, on any tapping);
    with ``affected``, the permanents it matches, tapped by a player ``who`` names (Manabarbs: 'Whenever a
    player taps a land for mana, ~ deals 1 damage to that player', only for mana with ``for_mana``; Psychic
    Venom: 'Whenever enchanted land becomes tapped', on any tapping). With ``life_loss`` the player loses that
    much life rather than being dealt damage ('its controller loses 2 life', Contaminated Ground): to a
    payment the same life (CR 119.3, 120.3). ``also``: the other descriptions of a list joined by 'or' ('a
    Swamp, Mountain, black permanent, or red permanent', Royal Decree): one trigger for a permanent that any
    of them describes, however many do (CR 603.2).

    >>> mountain = ObjectFilter(types=("Mountain",))
    >>> decree = TapDamage("...", 1, ObjectFilter(types=("Swamp",)), also=(mountain,))
    >>> [f.describe() for f in decree.descriptions]
    ['Swamp', 'Mountain']
    """

    text: str
    damage: int
    affected: ObjectFilter | None = None
    who: Who = Who.ANY
    for_mana: bool = False
    life_loss: bool = False
    also: tuple[ObjectFilter, ...] = ()
    #: 'destroy it' (Blight: the permanent tapped is lost once the trigger resolves, after the payment, CR
    #: 603.3; weighed as a permanent sacrificed is); ``damage`` beside it (Steam Vines) or 0
    destroys: bool = False
    #: '... or a player activates an ability of enchanted artifact without {T} in its activation cost'
    #: (Artifact Possession): each activation of the permanent's abilities without {T} sets it off too
    activations: bool = False
    #: 'unless that player pays {3}' (Seizures): the mana the player may pay when the trigger resolves, after
    #: the payment (CR 603.3, 118.12), rather than take the damage; '' for none. The planner weighs the
    #: damage (the player may always decline to pay) and says it may be paid instead.
    unless_paid: str = ""

    @property
    def descriptions(self) -> tuple[ObjectFilter, ...]:
        """Every description of the permanents whose tapping sets it off (none: its own, City of Brass)."""
        return () if self.affected is None else (self.affected, *self.also)


@dataclass(frozen=True, slots=True)
class ActivationBan:
    """'Activated abilities of <permanents> can't be activated' (Null Rod, Cursed Totem; Encrust's 'its
    activated abilities can't be activated' for the permanent it enchants): the permanents' mana abilities
    can't be activated either, as nothing in the sentence exempts them (CR 605.1a makes them activated
    abilities; 'unless they're mana abilities', Damping Matrix's, is a different sentence)."""

    text: str
    affected: ObjectFilter


@dataclass(frozen=True, slots=True)
class CastBan:
    """'You can't cast permanent spells.', 'Your opponents can't cast spells during your turn.' (Codie,
    Vociferous Codex): the spells its controller (``opponents``: each opponent of its controller) can't cast,
    only on its controller's turn with ``your_turn``. A "can't" wins over what would allow the spell (CR
    101.2); it forbids casting, not paying a cost: a payment of such a spell is answered with a warning, and a
    turn's plan does not cast it.

    >>> from models.oracle import parse_oracle
    >>> (ban,) = parse_oracle("Your opponents can't cast spells during your turn.").effects
    >>> ban.opponents, ban.your_turn, ban.spells.permanent
    (True, True, False)
    """

    text: str
    spells: SpellsGranted
    opponents: bool = False
    your_turn: bool = False
    #: every player's spells, its controller's too ('Each player can't ...', 'Players can't ...')
    everyone: bool = False
    #: the zones it forbids casting from (CR 601.2a zone names: 'Players can't cast spells from graveyards or
    #: libraries.'); None: every zone
    zones: frozenset[str] | None = None
    #: the most spells a player may cast each turn ('can't cast more than one spell each turn'), counting the
    #: spells already cast this turn (the board's ``spells_cast_this_turn``); None: no limit
    most: int | None = None
    #: the mana values of the spells it forbids ('spells with mana value 3 or less': Brisela, CR 202.3)
    mana_values: ManaValues = EVERY_MANA_VALUE
    #: only spells of the color its permanent's choice named ('spells of the chosen color': Iona, Shield of
    #: Emeria; the board's ``choices.color``)
    chosen_color: bool = False
    #: only spells of the type its permanent's choice named ('spells of the chosen type': Archon of Valor's
    #: Reach; the board's ``choices.card_type``, or ``creature_type``)
    chosen_type: bool = False
    #: only spells of a name ('with the chosen name': Alhammarret, High Arbiter; 'with the same name as the
    #: exiled card': Exclusion Ritual; CR 201.2a); None: of any name
    named: SpellName | None = None
    #: whom, when and what else beyond the plain scope (Curse of Exhaustion, Marisi, Lavinia, Hand to Hand)
    terms: BanTerms = NO_BAN_TERMS
    #: only spells with {X} in their mana costs (Gaddock Teeg's 'Noncreature spells with {X} in their mana
    #: costs can't be cast.', CR 107.3)
    x_in_cost: bool = False
    #: only spells whose mana value is the number its permanent's choice named ('with mana value equal to
    #: the chosen number': Sanctum Prelate; the board's ``choices.number``, CR 202.3)
    chosen_number: bool = False
    #: only spells with the word its permanent's choice named in their text box ('with the chosen word in
    #: their text box': Meddling Kids; the board's ``choices.word``, CR 207.2)
    chosen_word: bool = False
    #: only spells that share a color with the spell most recently cast this turn, by any player (Mana
    #: Maze, CR 105.2): the board's ``spells_cast_this_turn``, and in a turn's plan the turn's own casts
    shares_last_color: bool = False


@dataclass(frozen=True, slots=True)
class LandPlayBan:
    """'Players can't play nonbasic lands with the same name as a nontoken permanent.' (Cornered Market): the
    lands its controller (``opponents``: each opponent; ``everyone``: every player) can't play (CR 101.2,
    305.1): none of the types ``excluded`` ('nonbasic': ``Basic``), of the name ``named`` says (None: any).
    A turn's plan plays no such land.

    >>> from models.oracle import parse_oracle
    >>> (ban,) = parse_oracle("Players can't play nonbasic lands with the same name as a nontoken permanent."
    ...     ).effects
    >>> ban.everyone, ban.excluded, ban.named.name
    (True, ('Basic',), 'NONTOKEN_PERMANENT')
    """

    text: str
    opponents: bool = False
    everyone: bool = False
    excluded: tuple[str, ...] = ()
    named: SpellName | None = None
    #: the zones it forbids playing from (CR 601.2a zone names: 'from graveyards'); None: every zone
    zones: frozenset[str] | None = None
    #: whom and when beyond the plain scope ('Each opponent who controls more lands than you can't play
    #: lands.': Ward of Bones)
    terms: BanTerms = NO_BAN_TERMS
    #: '... as long as ten or more lands are on the battlefield' (Limited Resources): only while it holds,
    #: judged on the board as the turn goes (written on its source); None: always
    condition: Condition | None = None


@dataclass(frozen=True, slots=True)
class CostPaymentBan:
    """'Players can't pay life or sacrifice nonland permanents to cast spells or activate abilities.'
    (Yasharn, Implacable Earth): the payments its controller (``opponents``: each opponent; ``everyone``:
    every player) can't make as a cost (CR 101.2, 118.3): ``life``, the sacrifice of a permanent one of
    ``sacrificed`` describes; for casting ``spells`` (CR 601.2h), activating ``abilities`` (CR 602.2b, mana
    abilities too: CR 605.1a). A cost that includes such a payment can't be paid at all, so an ability with
    one can't be activated; a Phyrexian symbol is then paid with mana (CR 107.4f).

    >>> from models.oracle import parse_oracle
    >>> (ban,) = parse_oracle("Players can't pay life or sacrifice creatures to cast spells or activate "
    ...     "abilities.").effects
    >>> ban.everyone, ban.life, [f.describe() for f in ban.sacrificed], ban.spells, ban.abilities
    (True, True, ['creature'], True, True)
    """

    text: str
    opponents: bool = False
    everyone: bool = False
    life: bool = False
    sacrificed: tuple[ObjectFilter, ...] = ()
    spells: bool = False
    abilities: bool = False

    def binds(self, controller: str, player: str) -> bool:
        """True when it binds ``player``, its permanent controlled by ``controller`` (CR 101.2).

        >>> CostPaymentBan("text", opponents=True).binds("me", "opp")
        True
        """
        return self.everyone or (controller == player) != self.opponents


@dataclass(frozen=True, slots=True)
class TimingLimit:
    """'Players can cast spells and activate abilities only during their own turns.' (City of Solitude), 'Each
    opponent can cast spells only any time they could cast a sorcery.' (Teferi, Mage of Zhalfir): the players
    it binds (its controller; ``opponents``: each opponent; ``everyone``: every player) cast ``spells`` and
    activate ``abilities`` (mana abilities too, CR 605.3a) only on their own turns, or with ``sorcery`` only
    when they could cast a sorcery (their own main phase with the stack empty, CR 307.1); at any other time
    they can't (CR 101.2).

    >>> from models.oracle import parse_oracle
    >>> (city,) = parse_oracle("Players can cast spells and activate abilities only during their own "
    ...     "turns.").effects
    >>> city.everyone, city.spells, city.abilities, city.allows(own_turn=False, main=True)
    (True, True, True, False)
    """

    text: str
    opponents: bool = False
    everyone: bool = False
    spells: bool = False
    abilities: bool = False
    sorcery: bool = False

    def binds(self, controller: str, player: str) -> bool:
        """True when it binds ``player``, its permanent controlled by ``controller`` (CR 101.2).

        >>> TimingLimit("text", opponents=True).binds("me", "me")
        False
        """
        return self.everyone or (controller == player) != self.opponents

    def allows(self, *, own_turn: bool, main: bool) -> bool:
        """True when a player it binds may cast (activate) now: on their own turn, in their main phase too
        with ``sorcery`` (the stack taken as empty there, as a payment's and a turn plan's main phase are)."""
        return own_turn and (main or not self.sorcery)


@dataclass(frozen=True, slots=True)
class OthersEnterTapped:
    """'Nonbasic lands your opponents control enter tapped.' (Archon of Emeria), 'Creatures your opponents
    control enter the battlefield tapped.' (Authority of the Consuls): a permanent ``affected`` describes
    (relative to the effect's controller) enters tapped (a replacement effect, CR 614.1c), judged on the
    permanent as it would exist on the battlefield (CR 614.12). A turn's plan puts its land, a fetched land
    and its permanent spells onto the battlefield so.

    >>> from models.oracle import parse_oracle
    >>> (effect,) = parse_oracle("Nonbasic lands your opponents control enter tapped.").effects
    >>> effect.affected.describe()
    'nonbasic land an opponent controls'
    """

    text: str
    affected: ObjectFilter
    #: only a permanent played: a permanent spell cast or a land played (the glossary's 'play', CR 305.1,
    #: 601.2), not one put onto the battlefield otherwise ('Creatures played by your opponents enter the
    #: battlefield tapped.': Uphill Battle; the player who played it controls it, CR 110.2)
    played: bool = False
    #: it enters untapped instead ('Lands you control enter untapped.': The Wandering Minstrel): its
    #: controller orders this after its own 'enters tapped' (CR 616.1), so it may enter untapped
    untapped: bool = False
    #: only as long as its source is 'tapped' ('untapped'): Archelos, Lagoon Mystic; '': always
    while_source: str = ""


@dataclass(frozen=True, slots=True)
class AbilityCostChange:
    """'Activated abilities of <permanents> cost {N} less (or more) to activate' (Blossoming Tortoise): the
    generic part of the mana cost of the permanents' abilities, mana abilities included, changes by
    ``generic`` (negative: less), never below {0} (CR 601.2f by way of 602.2b, 118.7a), and with ``floor``
    never taking the mana in that cost below that many ('This effect can't reduce the mana in that cost to
    less than one mana': Heartstone, 1).

    With ``amount`` the change is ``generic`` times that amount, counted as the total cost is locked in
    ('{X} less to activate, where X is ~'s power': Agatha of the Vile Cauldron, its source's power);
    ``non_mana`` leaves mana abilities' costs as they are ('unless they're mana abilities': Suppression
    Field, Zirda); with ``keyword`` it changes only the costs of the abilities of that keyword ('Equip
    abilities you activate': Éowyn; 'Exhaust abilities of ...': Boom Scholar, CR 702.6a, 702.177a).

    >>> from models.oracle import parse_oracle
    >>> (agatha,) = parse_oracle("Activated abilities of creatures you control cost {X} less to activate, "
    ...     "where X is Agatha's power. This effect can't reduce the mana in that cost to less than one "
    ...     "mana.", name="Agatha").effects
    >>> agatha.generic, agatha.amount.kind.value, agatha.floor
    (-1, 'power', 1)
    """

    text: str
    affected: ObjectFilter
    generic: int
    floor: int = 0
    amount: Amount | None = None
    non_mana: bool = False
    keyword: str = ""
    #: '... that target ~' (Fervent Champion): only when the ability targets the effect's source (CR 601.2c)
    targets_source: bool = False
    #: '~'s equip ability costs {2} less to activate if it targets a colorless creature' (Ghostfire Blade):
    #: only when the ability targets a permanent this describes
    targeting: ObjectFilter | None = None
    #: 'As long as it's your turn, ...' (Nahiri, Storm of Stone): only on its controller's turn
    your_turn: bool = False
    #: 'Mana abilities of ~ cost an additional 1 life to activate.' (Thran Portal): the mana abilities of the
    #: permanents it describes (no other ability) each cost that much life more to activate
    life: int = 0
    #: 'The first activated ability of an artifact you activate each turn costs {2} less to activate.'
    #: (Tezzeret, Betrayer of Flesh): only the first activation each turn of an ability of a permanent it
    #: describes, by its controller (the board's ``artifact_abilities_activated_this_turn``)
    first_each_turn: bool = False


@dataclass(frozen=True, slots=True)
class GrantedAlternativeCost:
    """An alternative cost a permanent grants the spells its controller casts (CR 118.9): "You may pay
    {W}{U}{B}{R}{G} rather than pay the mana cost for spells you cast" (Fist of Suns), "You may cast spells
    from your hand without paying their mana costs" (Omniscience). ``cost.spells`` says which spells; the
    planner weighs it for a named spell (:mod:`planner.rules.alternative_costs`).

    >>> from models.oracle import parse_oracle
    >>> (fist,) = parse_oracle("You may pay {W}{U}{B}{R}{G} rather than pay the mana cost for spells you "
    ...     "cast.").effects
    >>> fist.cost.mana, fist.cost.spells == SpellsGranted()
    ('{W}{U}{B}{R}{G}', True)
    """

    text: str
    cost: AlternativeCost
    #: the permission it is the cost of is a triggered ability's effect until end of turn ("Whenever ~
    #: attacks, until end of turn, ... you may play cards from the top of your library.": Gwenom,
    #: Remorseless): in force only once that trigger resolved this turn (CR 603.3, 611.2a), which the
    #: permanent's ``resolved_this_turn`` says (:func:`planner.rules.layers.in_force`)
    after_trigger: bool = False


@dataclass(frozen=True, slots=True)
class GraveyardPermission:
    """A permanent's permission to its controller to cast spells from their graveyard (CR 601.2a: a card is
    cast from a zone other than the hand only by such an effect): "During each of your turns, you may cast
    one creature card from your graveyard." (Karador). ``cards``: the cards it is for, any of them
    ('instant and sorcery spells': two); ``your_turn``: only during its controller's turn; ``once_each_turn``:
    one card each turn ('one creature card', 'a Zombie creature card', 'Once during each of your turns');
    ``each_permanent_type``: one card of each permanent type each turn (Muldrotha, the type chosen for a card
    of several, CR 110.4); ``life``: the life it adds to their costs ('by paying 1 life in addition to their
    other costs', an additional cost, CR 118.8, 601.2b); ``keyword``: cast only by that keyword's cost
    ('using their sneak abilities'); ``play``: it says 'play' (land cards too, CR 305.1), not 'cast';
    ``most_mana_value``: only a spell of that mana value or less (Lurrus's 'with mana value 2 or less', CR
    202.3).

    >>> from models.oracle import parse_oracle
    >>> (karador,) = parse_oracle("During each of your turns, you may cast one creature card from your "
    ...     "graveyard.").effects
    >>> karador.your_turn, karador.once_each_turn, [card.describe() for card in karador.cards]
    (True, True, ['creature'])
    """

    text: str
    cards: tuple[ObjectFilter, ...]
    your_turn: bool = False
    once_each_turn: bool = False
    each_permanent_type: bool = False
    life: int = 0
    keyword: str = ""
    play: bool = False
    most_mana_value: int | None = None


@dataclass(frozen=True, slots=True)
class DevotionIncrease:
    """'Your devotion to each color and each combination of colors is increased by one.' (Altar of the
    Pantheon): its controller's devotion to any colors (CR 700.5) counts ``amount`` more, whatever reads it
    (Nykthos's mana, a Theros God's type change: :func:`planner.rules.devotion.devotion`).

    >>> from models.oracle import parse_oracle
    >>> (altar,) = parse_oracle("Your devotion to each color and each combination of colors is increased "
    ...     "by one.").effects
    >>> altar.amount
    1
    """

    text: str
    amount: int


@dataclass(frozen=True, slots=True)
class LifeForMana:
    """'For each {B} in a cost, you may pay 2 life rather than pay that mana.' (K'rrik, Son of Yawgmoth): each
    symbol of ``mana_type`` alone in a cost its controller pays (a spell's or an ability's) may be paid with 2
    life instead, as the cost is paid (CR 601.2h): the symbol is paid as a Phyrexian one is (107.4f). A hybrid
    symbol is not such a symbol, nor is generic mana.

    >>> from models.oracle import parse_oracle
    >>> krrik = parse_oracle("For each {B} in a cost, you may pay 2 life rather than pay that mana.")
    >>> krrik.effects[0].mana_type.name
    'B'
    """

    text: str
    mana_type: ManaType


@dataclass(frozen=True, slots=True)
class LifePaymentsExiled:
    """'If you would pay life while your library has at least that many cards in it, exile that many cards
    from the top of your library instead.' (Ashiok, Wicked Manipulator): a replacement of each of its
    controller's life payments (CR 614.1a), a mana ability's cost and a spell's total cost alike (each one
    event, paid as a whole: 601.2h, 119.4). Whether life can be paid at all is judged first, on the life
    total (119.4: 2 life can't be paid at 1 life, whatever the library holds); the payment is then replaced
    when the library holds at least that many cards, and the life total does not change.

    >>> from models.oracle import parse_oracle
    >>> ashiok = parse_oracle("If you would pay life while your library has at least that many cards in it, "
    ...     "exile that many cards from the top of your library instead.")
    >>> type(ashiok.effects[0]).__name__, ashiok.fully_read
    ('LifePaymentsExiled', True)
    """

    text: str


@dataclass(frozen=True, slots=True)
class SpecialActionCostChange:
    """A change of a special action's cost (CR 116.2) by ``generic`` mana: ``action`` 'morph', 'All morph
    costs cost {2} more.' (Exiled Doomsayer: the cost to turn a face-down permanent face up for its morph
    cost, megamorph's included, whoever pays it, CR 702.37b, 702.37e; not a disguise cost, 702.168, nor the
    cost to cast a spell face down); 'plot', 'Plotting cards from your hand costs {2} less.' (Doc Aurlock:
    its controller's plot costs, 702.170a). No spell is cast, so no change of spells' costs applies to such
    an action, and this changes no spell's.

    >>> from models.oracle import parse_oracle
    >>> [(e.action, e.generic) for e in parse_oracle("All morph costs cost {2} more.").effects]
    [('morph', 2)]
    """

    text: str
    action: str
    generic: int


@dataclass(frozen=True, slots=True)
class ExtraLandPlays:
    """'You may play an additional land on each of your turns.' (Exploration; Azusa's 'two additional
    lands'): on each of its controller's turns, that player may play ``count`` more lands (CR 305.2a: each
    such effect adds its own; :func:`planner.rules.turn.land_plays_allowed`).

    >>> from models.oracle import parse_oracle
    >>> (azusa,) = parse_oracle("You may play two additional lands on each of your turns.").effects
    >>> azusa.count, azusa.who
    (2, <Who.YOU: 'you'>)
    """

    text: str
    count: int
    #: whose turns: the controller's ('your turns'), or each player's ('Each player may play an additional
    #: land on each of their turns.')
    who: Who = Who.YOU
    #: 'As long as you control another Elf, ...' (Thranduil's Company): only while it holds, judged on the
    #: board as the turn goes (its controller's permanents, written on its source); None: always
    condition: Condition | None = None


StaticEffect = (
    TapDamage
    | ProductionReplacement
    | ManaTrigger
    | TypeChange
    | ColorChange
    | GrantAbility
    | GainAbilitiesOf
    | AbilitiesOfCards
    | GrantHaste
    | PowerChange
    | PowerDefined
    | UnspentManaEffect
    | CostModifier
    | SpellKeywords
    | CastRider
    | SpendAsThough
    | ActivationBan
    | CastBan
    | LandPlayBan
    | CostPaymentBan
    | TimingLimit
    | OthersEnterTapped
    | AbilityLoss
    | AbilityCostChange
    | GrantedAlternativeCost
    | GraveyardPermission
    | GrantedForetell
    | GrantedForetellCost
    | DevotionIncrease
    | LifeForMana
    | LifePaymentsExiled
    | ExtraLandPlays
    | SpecialActionCostChange
)
