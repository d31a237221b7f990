"""Effects of the layers as read from Oracle text (CR 613): type changes (layer 4), color changes (layer 5),
granted and lost abilities (layer 6: haste, a quoted ability, another permanent's or cards' abilities, "lose
all abilities"), power and toughness set or changed (layer 7). Nothing here executes anything: the rules
engine (:mod:`planner.rules.layers`) applies them.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from models.abilities import Amount, Condition, ManaAbility
from models.filters import ObjectFilter, Who
from models.mana import ManaType, ManaTypes
from models.types import TypeLine

__all__ = [
    "AbilitiesOfCards",
    "AbilityLoss",
    "ColorChange",
    "GainAbilitiesOf",
    "GrantAbility",
    "GrantHaste",
    "PowerChange",
    "PowerDefined",
    "TypeChange",
]


@dataclass(frozen=True, slots=True)
class TypeChange:
    """A type-changing effect (layer 4): on lands, set or add basic land types (CR 305.7); on any permanents,
    add card types (``card_types``: Mycosynth Lattice's 'All permanents are artifacts in addition to their
    other types')."""

    text: str
    affected: ObjectFilter
    land_types: tuple[str, ...]
    adds: bool  # True: 'in addition to its other types'; False: the types are set (305.7)
    #: the types are the basic land type chosen as the source entered (Realmwright: 'the chosen type'),
    #: ``land_types`` empty until the board's choice fills it in (``choices.basic_land_type``)
    chosen: bool = False
    card_types: tuple[str, ...] = ()  # card types added (never set), to whatever the filter matches
    #: subtypes added (never set) to whatever the filter matches: every creature type (Maskwood Nexus)
    subtypes: tuple[str, ...] = ()
    #: 'As long as ~ has a conqueror counter on it, ...': the effect applies while its source has one (or
    #: ``counter_at_least`` of them: 'three or more fire counters')
    while_counter: str = ""
    #: 'Enchanted permanent is a Treasure artifact with "..." and it loses all other abilities' (Minimus
    #: Containment): its card types and subtypes are these (its supertypes kept), and it loses its abilities
    #: but the one the grant of the same sentence gives it (layer 6)
    sets_types: TypeLine | None = None
    #: with ``sets_types``, '... and loses all other card types and abilities' (Imprisoned in the Moon): its
    #: card types are set and the subtypes named added, and its subtypes of the card types it keeps stay
    #: (CR 205.1a: a Forest stays a Forest, a Dryad Arbor loses Dryad)
    keeps_subtypes: bool = False
    #: with ``sets_types``, '... and (it) loses all other abilities' (Minimus Containment, Imprisoned in the
    #: Moon): every ability is lost in layer 6 but the one its sentence grants, a land type's intrinsic one
    #: too (CR 305.6); a land type set alone (Song of the Dryads) takes only its rules text's (CR 305.7)
    loses_abilities: bool = False
    #: 'The same is true for creature spells you control ...' (Biotransference): whose spells it changes too,
    #: relative to the effect's controller (None: no one's); a spell it reaches gains ``card_types`` when its
    #: type line has the types ``affected`` names
    spells: Who | None = None
    #: '... and creature cards you own that aren't on the battlefield' (Arcane Adaptation, Biotransference):
    #: whose cards in hands, graveyards, libraries and exile it changes too, relative to the effect's
    #: controller (None: no one's), as ``spells`` says for spells (CR 611.3a, 613.1d)
    cards: Who | None = None
    #: 'As long as your devotion to green and blue is less than seven, Kruphix isn't a creature.' (a Theros
    #: God): these card types are taken away (with the subtypes of theirs no type left keeps, CR 205.3d) ...
    removes_card_types: tuple[str, ...] = ()
    #: 'All lands are no longer snow.' (Melting): these supertypes are taken away (CR 205.4), its other
    #: types kept
    removes_supertypes: tuple[str, ...] = ()
    #: ... while the devotion of the source's controller this amount reads (CR 700.5) is below
    #: ``devotion_below`` (the effect applies at once when a permanent leaves and the devotion drops: CR 613)
    devotion: Amount | None = None
    devotion_below: int = 0
    #: 'Creatures you control are the chosen type in addition to their other types' (Arcane Adaptation): the
    #: creature type chosen as the source entered is added (``choices.creature_type``), ``subtypes`` empty
    #: until the board's choice fills it in
    chosen_creature: bool = False
    counter_at_least: int = 1
    #: 'During your turn, ...' ("yours"), 'During turns other than yours, ...' ("others"): the effect applies
    #: only while it is (or isn't) its source's controller's turn (the board's ``active_player``)
    while_turn: str = ""
    #: 'are 1/1 green Elf creatures': the base power and toughness it sets (layer 7b, CR 613.4b) for what it
    #: applied to in layer 4 (CR 613.6: :func:`planner.rules.layers.base_powers_set`)
    base_pt: tuple[int, int] | None = None
    #: 'has base power and base toughness each equal to its mana value' (Opalescence, March of the Machines,
    #: Animate Artifact, Titania's Song): the base power and toughness set (layer 7b, CR 613.4b) for each
    #: permanent it applied to in layer 4 are that permanent's mana value (CR 202.3)
    base_mana_value: bool = False
    #: '~ is a 3/3 Golem artifact creature as long as you control three or more artifacts': the effect exists
    #: only while its count of permanents holds, judged in layer 4 with the types the effects it depends on
    #: give (CR 613.8a: :func:`planner.rules.layers.type_changes`)
    condition: Condition | None = None
    #: '<creature types> artifact creature' (CR 205.1b): the creature types named replace its creature types,
    #: its other types kept
    creature_types_replaced: bool = False
    #: 'are the second chosen type' (Illusionary Terrain): the second of the basic land types chosen as the
    #: source entered (``choices.basic_land_types``), ``land_types`` empty until the board's choice fills in
    second_chosen: bool = False
    #: supertypes added with the types ('is a legendary Soldier in addition to its other types': Super-Soldier
    #: Serum, CR 205.4)
    supertypes: tuple[str, ...] = ()
    #: a characteristic-defining ability of the source's own text ('~ is every nonbasic land type': Planar
    #: Nexus; the Everywhere token's 'This land is every basic land type.', CR 604.3): applied before the
    #: other effects of layer 4 (CR 613.3), so a later 'Nonbasic lands are Mountains' sets its land types
    defining: bool = False
    #: with ``sets_types``, '... named Legitimate Businessperson' (Witness Protection): the name the same
    #: effect gives what its type change applied to, its other names lost (CR 201.2, 613.6;
    #: :func:`planner.rules.names.permanent_name`)
    name: str = ""


@dataclass(frozen=True, slots=True)
class ColorChange:
    """A color-changing effect (layer 5, CR 613.1e): what ``affected`` matches is ``colors`` (none: it is
    colorless, CR 105.2c), or with ``adds`` has them in addition to its other colors. With ``chosen`` the
    colors are the one chosen as the source entered (Painter's Servant, Alloy Golem: ``choices.color``),
    ``colors`` empty until the board's choice fills it in. ``spells`` and ``cards`` say whose spells, and
    whose cards that aren't on the battlefield (a card exiled with a permanent, whose colors Chrome Mox
    reads), it changes too, relative to the effect's controller (None: no one's).

    >>> from models.oracle import parse_oracle
    >>> (dawn,) = parse_oracle("Nonland permanents you control are white. The same is true for spells you "
    ...     "control and nonland cards you own that aren't on the battlefield.").effects
    >>> dawn.affected.describe(), str(dawn.colors), dawn.adds, dawn.spells, dawn.cards
    ('nonland you control', 'W', False, <Who.YOU: 'you'>, <Who.YOU: 'you'>)
    """

    text: str
    affected: ObjectFilter
    colors: ManaTypes
    adds: bool = False
    chosen: bool = False
    spells: Who | None = None
    cards: Who | None = None
    #: the colors of a permanent made a creature ('are 1/1 green Elf creatures'): applied to what the type
    #: change of the same source and sentence applied to in layer 4 (CR 613.6), whatever it is by now
    linked: bool = False

    def recolored(self, colors: ManaTypes, chosen: ManaType | None = None) -> ManaTypes:
        """The colors of an object it changes that had ``colors`` (``chosen``: its source's chosen color,
        when the effect reads it).

        >>> ColorChange("", ObjectFilter(), ManaTypes.parse("B")).recolored(ManaTypes.parse("WU"))
        ManaTypes.parse('B')
        >>> ColorChange("", ObjectFilter(), ManaTypes(), adds=True, chosen=True).recolored(
        ...     ManaTypes.parse("R"), ManaType.U)
        ManaTypes.parse('UR')
        """
        new = ManaTypes(chosen) if self.chosen and chosen is not None else self.colors
        return colors | new if self.adds else new


@dataclass(frozen=True, slots=True)
class PowerChange:
    """'<Permanents> get +N/+M' (layer 7c, CR 613.4c): an anthem ('Creatures you control get +1/+1'), a lord
    ('Other Elf creatures you control get +1/+1'), an Aura or Equipment ('Enchanted creature gets +2/+0');
    ``power`` and ``toughness`` are the changes (negative for '-1/-0'). What reads a creature's power reads
    it with these on top of its printed power and counters.

    >>> PowerChange("Creatures you control get +1/+2.", ObjectFilter(), 1, 2).power
    1
    """

    text: str
    affected: ObjectFilter
    power: int
    toughness: int
    #: 'as long as <condition>' (Werebear's threshold): only while it holds, judged by the planner on the
    #: board, which sets aside what reads a power where it can't judge it steadily (as haste's conditions)
    condition: Condition | None = None
    #: 'for each <permanents>' ('Creatures you control get +1/+1 for each Forest you control'): the change
    #: is ``power`` times the permanents this count (an ``AmountKind.COUNT``) matches, seen from the source
    per: Amount | None = None


@dataclass(frozen=True, slots=True)
class PowerDefined:
    """'~'s power is equal to the number of basic land types among lands you control' (Nishoba Brawler): a
    characteristic-defining ability setting the card's own power (and with ``toughness`` its toughness) to
    ``times`` the amount (layer 7a, CR 604.3, 613.4a). Read, not applied: what reads a power beside it is
    set aside and reported (:attr:`models.oracle.parsed.ParsedText.changes_power`)."""

    text: str
    amount: Amount
    times: int = 1
    toughness: bool = False


@dataclass(frozen=True, slots=True)
class GrantHaste:
    """'<Permanents> have haste' (layer 6, CR 702.10): Fires of Yavimaya's 'Creatures you control have
    haste', an Aura's 'Enchanted creature gets +1/+1 and has haste'. A creature with haste uses its {T}
    abilities the turn it came under its controller's control (CR 302.6)."""

    text: str
    affected: ObjectFilter
    #: 'as long as <condition>' (Bloodghast's kind): haste only while it holds, judged by the planner on the
    #: board, which warns where it can't judge it (an ``unevaluated`` one, or one a payment may change)
    condition: Condition | None = None
    #: 'You may activate abilities of creatures you control as though those creatures had haste' (Thousand-
    #: Year Elixir): a permission of the effect's controller, no ability of theirs, so a creature that loses
    #: its abilities in layer 6 keeps it (CR 613.1f takes abilities only); it works as haste for {T} (302.6)
    permission: bool = False
    #: the haste of a permanent made a creature ('is a 7/7 red Giant creature with haste'): given to what the
    #: type change of the same source and sentence applied to in layer 4 (CR 613.6)
    linked: bool = False
    #: 'loses all abilities and has haste' (Hellcat's effect): granted by the effect that takes the abilities,
    #: after it takes them, so that loss of the same source keeps it (CR 613.7: one effect, in its order)
    after_own_loss: bool = False


@dataclass(frozen=True, slots=True)
class GrantAbility:
    """'<Permanents> have "<mana ability>"' (layer 6), e.g. Chromatic Lantern. With ``from_graveyard`` it
    works only while its card is in its owner's graveyard (Riftstone Portal: 'As long as ~ is in your
    graveyard, lands you control have ...', CR 113.6b), relative to that player, and never from the
    battlefield."""

    text: str
    affected: ObjectFilter
    ability: ManaAbility
    from_graveyard: bool = False
    #: a Saga's chapter ability 'I — ~ gains "{T}: Add {C}."' (Urza's Saga): the Saga has the ability once
    #: that chapter has triggered and resolved, taken as so when it has at least this many lore counters
    #: (CR 714.2b); 0 for any other grant
    lore_at_least: int = 0
    #: 'I, II — Until your next turn, creatures you control gain "..."' (Song of Freyalise): a chapter's
    #: effect, in force from its chapter until its controller's next turn begins: while the Saga has
    #: ``lore_at_least`` to ``lore_at_most`` lore counters, but in the beginning phase of its controller's
    #: turn (the effect of the turn before ended, the next chapter has not triggered yet); 0 for no bound
    lore_at_most: int = 0
    until_your_next_turn: bool = False
    #: 'As long as you control six or more lands, lands you control have "..."' (The World Tree): the grant
    #: only while the condition holds, judged by the planner on the board, which warns where it can't judge it
    #: (an ``unevaluated`` one, or one a payment may change), as for haste
    condition: Condition | None = None


@dataclass(frozen=True, slots=True)
class GainAbilitiesOf:
    """'Each creature with a +1/+1 counter on it has all activated abilities of all creatures you control with
    a +1/+1 counter on them.' (Experiment Kraj; layer 6, CR 613.1f): each permanent ``affected`` matches has
    every activated ability of each permanent ``sources`` matches (relative to the effect's controller), its
    mana abilities among them, each the receiver's own (a {T} in its cost taps the receiver).

    >>> from models.oracle import parse_oracle
    >>> (kraj,) = parse_oracle("Each creature with a +1/+1 counter on it has all activated abilities of all "
    ...     "creatures you control with a +1/+1 counter on them.").effects
    >>> kraj.affected.describe(), kraj.sources.describe()
    ('creature with a +1/+1 counter on it', 'creature you control with a +1/+1 counter on it')
    """

    text: str
    affected: ObjectFilter
    sources: ObjectFilter


@dataclass(frozen=True, slots=True)
class AbilitiesOfCards:
    """'~ has all activated abilities of the exiled card' (Territory Forge), '... of all creature cards
    exiled with it' (Dark Impostor), '... of all Elf cards in your graveyard' (Thranduil; layer 6, CR
    613.1f): the permanent has every activated ability of each card ``cards`` matches among those exiled
    with it (``zone`` 'exiled', CR 607.2a: the board's ``choices.imprinted``) or in its controller's
    graveyard (``zone`` 'graveyard'), its mana abilities among them, each the permanent's own ('~' in a cost
    is the permanent that has the ability now, CR 201.5; a {T} taps it).

    >>> from models.oracle import parse_oracle
    >>> (forge,) = parse_oracle("Forge has all activated abilities of the exiled card.", "Forge").effects
    >>> forge.zone, forge.cards.describe()
    ('exiled', 'permanent')
    """

    text: str
    zone: str
    cards: ObjectFilter
    #: the permanent that has them: the effect's source (what :meth:`BoardView.as_printed` asks)
    affected: ObjectFilter = field(default_factory=lambda: ObjectFilter(self_only=True))
    #: each of them may be activated only once each turn (Mairsil, the Pretender's 'You may activate each of
    #: those abilities only once each turn.', CR 602.5b)
    once_each_turn: bool = False


@dataclass(frozen=True, slots=True)
class AbilityLoss:
    """'<Permanents> lose all abilities' (layer 6, CR 613.1f): Humility's 'All creatures lose all abilities
    and have base power and toughness 1/1', Dress Down's 'Creatures lose all abilities'; with ``except_mana``,
    Blood Sun's 'All lands lose all abilities except mana abilities' (their mana abilities stay). What the
    filter matches is judged after layer 4 (a land made a creature is one). The abilities lost are its rules
    text's, a land type's intrinsic one (CR 305.6) and those granted in layer 6 by an effect with an earlier
    timestamp (CR 613.7); ``base_power`` and ``base_toughness``, when given, are set in layer 7b.

    >>> from models.oracle import parse_oracle
    >>> (humility,) = parse_oracle("All creatures lose all abilities and have base power and toughness "
    ...     "1/1.").effects
    >>> humility.affected.describe(), humility.except_mana, humility.base_power, humility.base_toughness
    ('creature', False, 1, 1)
    """

    text: str
    affected: ObjectFilter
    except_mana: bool = False
    base_power: int | None = None
    base_toughness: int | None = None
    #: 'Each noncreature artifact loses all abilities and becomes an artifact creature ...' (Titania's Song):
    #: the loss applies to what the type change of the same sentence and source applied to in layer 4 (CR
    #: 613.6: an effect applies to the same objects in each layer), not to what ``affected`` matches after it
    linked: bool = False
    #: 'If ~ leaves the battlefield, this effect continues until end of turn.': the effect outlasts its source
    continues: bool = False
    #: '... and can't become untapped' (Frozen in Ice): what it applies to stays tapped (it doesn't untap, and
    #: no {Q} cost of it can be paid, CR 107.6)
    stays_tapped: bool = False
    #: 'It can't attack and loses all abilities.' after 'Enchanted creature is a Turtle with base power and
    #: toughness 0/1.' (Retro-Mutation): with ``linked``, the text of the type change (of the sentence
    #: before) whose objects it applies to; '' for its own sentence's
    follows: str = ""
    #: 'It loses all abilities for as long as ~ remains on the battlefield.' (The Wondrous Wasp): the effect
    #: of a resolved triggered ability, which lasts while its source is on the battlefield whatever abilities
    #: the source has (no static ability of it: no dependency on a loss of its source's abilities, 613.8a)
    resolved: bool = False
