"""Typed readings of the static sentences the grammar reads (``static`` in ``grammar.lark``): effects that
change types, colors, costs and spending, grant mana abilities, keep mana, ban activations or hurt whoever
taps; and the riders that read the sentence before them. The sentences about how a permanent enters and its
choices are in :mod:`models.oracle.entering` (named here too, as static sentences). Each renders back to
canonical wording with :func:`models.oracle.static_wording.render_static` (the round trip the tests check).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from models.alternative_costs import EVERY_MANA_VALUE, ManaValues, SpellName, SpellsGranted
from models.oracle.entering import (
    ChooseAsEnters,
    ControlOneOfTwo,
    EntersReturn,
    EntersTapped,
    EntersTappedIf,
    EntersTappedIfNot,
    EntersUnless,
    FewOtherLands,
    Imprint,
    LandSearchReading,
    ManyOtherLands,
    MayPayLifeAsEnters,
    MayRevealAsEnters,
    OpponentsAtLeast,
    PlayerLifeAtMost,
    RandomOpening,
    ResultEffects,
)
from models.oracle.own_cost_readings import (
    OwnCostChange,
    OwnCostCounted,
    OwnCostForEach,
    OwnCostForTurnFact,
    OwnCostIfBargained,
    OwnCostIfOpponentCast,
    OwnCostIfOpponentGraveyard,
    OwnCostPerSacrificed,
    OwnCostPerSpellCast,
    OwnCostWhereX,
    OwnReductionMost,
    plain_types,
    taps_creatures_for_one_each,
)
from models.oracle.readings import Nouns, Quantity, SpendOnly, Tapped

__all__ = [
    "AbilitiesCostReading",
    "AbilitiesOfExiledReading",
    "AbilitiesOfReading",
    "AbilityLossReading",
    "ActivateAsThough",
    "ActivationBanReading",
    "AdditionalLandPlays",
    "BanTermsReading",
    "BecomesColorless",
    "BecomesTappedDamage",
    "BecomesWithOnly",
    "CastBanReading",
    "CastBySourceCost",
    "ChooseAsEnters",
    "ColorChangeReading",
    "CommanderCostPerCast",
    "ControlOneOfTwo",
    "CostPaymentBanReading",
    "DefinedPower",
    "DevotionIncreased",
    "DoubleUnspent",
    "EffectContinues",
    "EntersReturn",
    "EntersTapped",
    "EntersTappedIf",
    "EntersTappedIfNot",
    "EntersUnless",
    "EveryObject",
    "FewOtherLands",
    "GrantReading",
    "GrantedWhile",
    "Imprint",
    "ItLosesAbilities",
    "KeepUnspent",
    "KeywordsWhile",
    "LandPlayBanReading",
    "LandSearchReading",
    "LifeForManaReading",
    "LifePaidByExile",
    "LinkedLoss",
    "ManyOtherLands",
    "MayPayLifeAsEnters",
    "MayRevealAsEnters",
    "NotATypeWhile",
    "OneCardPermission",
    "OnlyColored",
    "OpponentsAtLeast",
    "OptionalLifeForSpells",
    "OthersEnterTappedReading",
    "OwnCostChange",
    "OwnCostCounted",
    "OwnCostForEach",
    "OwnCostForTurnFact",
    "OwnCostIfBargained",
    "OwnCostIfOpponentCast",
    "OwnCostIfOpponentGraveyard",
    "OwnCostPerSacrificed",
    "OwnCostPerSpellCast",
    "OwnCostWhereX",
    "OwnReductionMost",
    "PlayerLifeAtMost",
    "PoolsDontEmpty",
    "PowerChangeReading",
    "RandomOpening",
    "ReductionFloor",
    "ResultEffects",
    "SameIsTrue",
    "SameIsTrueForKeywords",
    "SameIsTrueForTypes",
    "SelfSubject",
    "SelfTapDamage",
    "SpecialActionCosts",
    "SpellsAndAbilitiesCost",
    "SpellsCost",
    "SpendAsThoughReading",
    "StaticSentence",
    "StillAType",
    "Subject",
    "SupertypeRemoved",
    "TappedForManaDamage",
    "ThoseCostIfLifePaid",
    "ThoseOnceEachTurn",
    "TimingLimitReading",
    "TypeChangeReading",
    "TypeSet",
    "UnspentBecomes",
    "UnspentCostsLife",
    "plain_types",
    "taps_creatures_for_one_each",
]


@dataclass(frozen=True, slots=True)
class SelfSubject:
    """'~' as the subject of an effect: the card itself."""


@dataclass(frozen=True, slots=True)
class EveryObject:
    """'All cards that aren't on the battlefield, spells, and permanents': every object, wherever it is."""


Subject = Nouns | SelfSubject | EveryObject


class TypeSet(Enum):
    """Which types a type change gives when they are not listed."""

    LISTED = ""
    EVERY_BASIC_LAND_TYPE = "every basic land type"
    EVERY_LAND_TYPE = "every land type"  # (CR 205.3i: the basic ones and the others, Urza's, Gate, Locus...)
    EVERY_NONBASIC_LAND_TYPE = "every nonbasic land type"  # (Planar Nexus: Urza's, Gate, no basic one)
    EVERY_CREATURE_TYPE = "every creature type"  # (CR 205.3m; always in addition to the other types)
    CHOSEN = "the chosen type"
    CHOSEN_CREATURE_TYPE = "the chosen creature type"
    SECOND_CHOSEN = "the second chosen type"  # (Illusionary Terrain: the second of two basic land types)


@dataclass(frozen=True, slots=True)
class TypeChangeReading:
    """'<subject> is/are <types> [in addition to its/their other types]' (layer 4): land types, every basic
    land type, the chosen type, or card types added."""

    subject: Subject
    types: tuple[str, ...] = ()
    which: TypeSet = TypeSet.LISTED
    adds: bool = False
    while_text: str = ""  # 'As long as <condition>, ...': the condition as written
    #: '... and has base power and base toughness each equal to its mana value' (Opalescence, layer 7b)
    base_mana_value: bool = False
    #: a P/T change before the types ('Equipped creature gets +3/+0 and is a Knight in addition to its other
    #: types', layer 7c), as written
    gets: str = ""
    #: the keywords granted before the types ('Equipped creature has flying and is a Demon ...', layer 6)
    keywords: tuple[str, ...] = ()
    #: '<subject> loses all abilities and becomes ...' (Titania's Song): what the change applies to loses its
    #: abilities in layer 6 too (CR 613.6: the same objects)
    loses_abilities: bool = False
    #: '... are 1/1 green Elf creatures ...': the base power and toughness it sets (layer 7b), as written
    base_pt: str = ""
    #: ... and the colors it sets (layer 5), as :data:`models.oracle.lexicon.COLOR_WORDS` letters
    colors: str = ""
    #: the ability granted beside the types, as written between the quotes ('and has "..."', layer 6)
    granted: str = ""
    #: what the P/T change before the types counts ('gets +1/+1 for each artifact you control and is ...')
    each: Quantity | None = None
    #: 'During your turn, ...' ("yours"), 'During turns other than yours, ...' ("others"): whose turn it is
    turn: str = ""
    #: the supertypes added beside the types ('is a legendary Soldier in addition to its other types': Super-
    #: Soldier Serum), capitalised
    supertypes: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class DefinedPower:
    """'~'s power is equal to <quantity>', '~'s power and toughness are each equal to twice <quantity>': a
    characteristic-defining ability (CR 604.3) setting the card's power (and toughness) in layer 7a."""

    quantity: Quantity
    times: str = ""  # 'twice', 'three times'
    toughness: bool = False


@dataclass(frozen=True, slots=True)
class StillAType:
    """'It's still a land.', 'They're still lands.' (CR 205.1b): the rider of the type change before it,
    whose objects keep their other types."""

    kept: str


@dataclass(frozen=True, slots=True)
class NotATypeWhile:
    """'As long as <condition>, ~ isn't a creature.' (a Theros God, layer 4): the card type ``removed`` is
    taken from the permanent itself while the condition, as written, holds."""

    removed: str
    while_text: str


@dataclass(frozen=True, slots=True)
class SupertypeRemoved:
    """'All lands are no longer snow.' (Melting, layer 4): the supertype ``removed`` is taken from what
    ``subject`` describes (CR 205.4)."""

    subject: Subject
    removed: str


@dataclass(frozen=True, slots=True)
class EffectContinues:
    """'If ~ leaves the battlefield, this effect continues until end of turn.' (Titania's Song): the effect of
    the sentence before it lasts the turn once its source is gone."""


@dataclass(frozen=True, slots=True)
class LinkedLoss:
    """'It loses all abilities for as long as ~ remains on the battlefield.' (The Wondrous Wasp), '... that
    permanent loses all abilities for as long as ~ remains on the battlefield' (Tishana's Tidebinder,
    Opportunistic Dragon): the loss a resolved trigger gave the permanent it chose."""


@dataclass(frozen=True, slots=True)
class ColorChangeReading:
    """'<subject> is/are <colors> [in addition to its/their other colors]' (layer 5); ``colors`` holds
    color letters ('' with ``chosen`` False: colorless)."""

    subject: Subject
    colors: str = ""
    chosen: bool = False
    adds: bool = False
    gets: str = ""  # a P/T change before the color ('gets +1/+1 and is black'), as written


@dataclass(frozen=True, slots=True)
class PowerChangeReading:
    """'<subject> get/gets +N/+M [and has/have <keywords>]' (layer 7c, and 6 for the keywords), the change as
    written, the keywords in lower case."""

    subject: Subject
    change: str
    keywords: tuple[str, ...] = ()
    ability: str = ""  # 'gets +3/+3 and has vigilance and "<ability>"': the ability granted beside it
    condition: str = ""  # '~ gets +3/+3 as long as <condition>' (Werebear's threshold): as written
    each: Quantity | None = None  # 'get +1/+1 for each Forest you control': the change is per one counted
    #: 'As long as enchanted creature is red, it gets +2/+2 and has haste': 'it' is what the condition names
    of_condition: bool = False


@dataclass(frozen=True, slots=True)
class KeywordGrantReading:
    """'<objects> have/has <keywords>' (layer 6: 'Creatures you control have haste'), in lower case; of
    spells, who casts them as written ('Artifact spells you cast have improvise': ``caster``)."""

    what: Nouns
    keywords: tuple[str, ...]
    caster: str = ""


@dataclass(frozen=True, slots=True)
class BecomesWithOnly:
    """'<objects> is a <types> with "<ability>" and it loses all other abilities' (Minimus Containment): its
    card types and subtypes are ``types`` (layer 4, its supertypes kept) and its one ability the quoted one
    (layer 6). With ``other_card_types``, '... and loses all other card types and abilities' (Imprisoned in
    the Moon): its card types are set, and its subtypes of the card types it keeps stay (CR 205.1a); with
    ``colorless``, 'is a colorless <types>', it is colorless too (layer 5)."""

    what: Nouns
    types: tuple[str, ...]
    ability: str
    colorless: bool = False
    other_card_types: bool = False


@dataclass(frozen=True, slots=True)
class BecomesColorless:
    """'<objects> is a colorless <types>' (Song of the Dryads' 'a colorless Forest land'): its card types and
    subtypes are ``types`` (layer 4, its supertypes kept; a land's subtypes set take the abilities of its
    rules text away, CR 305.7) and it is colorless (layer 5)."""

    what: Nouns
    types: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class GrantReading:
    """'<objects> has/have "<ability>"' (layer 6); the ability as written between the quotes; with
    ``condition``, 'As long as <condition>, <objects> have ...' (Riftstone Portal: '~ is in your
    graveyard')."""

    what: Nouns
    ability: str
    condition: str = ""
    keywords: tuple[str, ...] = ()  # 'have vigilance and "<ability>"': the keywords granted beside it


@dataclass(frozen=True, slots=True)
class GrantedWhile:
    """'As long as <condition>, it has [keywords and] "<ability>"': the condition as written."""

    condition: str
    ability: str
    keywords: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class KeywordsWhile:
    """'~ has flying and indestructible as long as <condition>', 'As long as <condition>, creatures you
    control have haste' (``what``; None for the card itself): keywords only, of which a payment reads haste
    alone (CR 302.6)."""

    keywords: tuple[str, ...]
    condition: str
    what: Nouns | None = None
    #: 'During your turn, equipped creatures you control have double strike and haste': "yours"
    turn: str = ""
    #: 'As long as ~ is paired with another creature, both creatures have haste.' (soulbond, CR 702.95: the
    #: source and the creature it is paired with)
    both_paired: bool = False
    #: 'At the beginning of each combat, ~ gains flying until end of turn if <condition>' (Majestic
    #: Myriarch): a trigger's grant, from this turn's beginning of combat to its end, if the condition held
    combat: bool = False


@dataclass(frozen=True, slots=True)
class SameIsTrueForKeywords:
    """'The same is true for fear, first strike, double strike, haste, ...': each keyword is granted as the
    sentence before grants its own, under the same condition (Cairn Wanderer, Soulflayer)."""

    keywords: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class PoolsDontEmpty:
    """'Mana pools don't empty as steps and phases end.'"""


@dataclass(frozen=True, slots=True)
class KeepUnspent:
    """'You/Players don't lose unspent [color] mana as steps and phases end.' (``who``: 'you', 'players' or
    'each player'; ``color``: a color letter or '')."""

    who: str
    color: str = ""


@dataclass(frozen=True, slots=True)
class UnspentBecomes:
    """'If you/a player would lose unspent mana, that mana becomes colorless (or red) instead.' (``becomes``:
    'C' or a color letter)."""

    who: str
    becomes: str = "C"


#: How a zone a spell is cast from is written (:attr:`SpellsCost.cast_from`).
_CAST_ZONES = {"graveyard": "your graveyard", "exile": "exile", "hand": "your hand"}


@dataclass(frozen=True, slots=True)
class SpellsCost:
    """'<spells> [you cast | a player casts | your opponents cast] cost {..} more/less to cast [for each
    other spell that player has cast this turn].'"""

    what: Nouns
    symbols: str
    more: bool
    caster: str = ""
    per_other_spell: bool = False
    mana_value_at_least: int | None = None  # '... cast with mana value 4 or greater' (Reidane)
    per_counter: str = ""  # '... for each oil counter on ~': the kind (Mindsplice Apparatus)
    #: '... for each creature you control with a +1/+1 counter on it' (Hamza, Guardian of Arashin)
    per_object: Nouns | None = None
    #: ``per_counter`` counts the counters its controller has ('for each experience counter you have': Mizzix)
    per_counter_yours: bool = False
    #: '... except during its controller's turn' (Defense Grid)
    off_turn: bool = False
    #: '... for each target' (Hinata, Dawn-Crowned: the spell's targets, CR 601.2c)
    per_target: bool = False
    #: 'The second spell you cast each turn ...' (Raging Battle Mouse: 2), 'The first creature spell ...'
    #: (Conduit of Ruin: 1): only the spell that is that one of those its caster casts this turn
    nth: int = 0
    #: '{X} less to cast, where X is ~'s power' (Vadrik, Astral Archmage): the quantity read
    #: (:mod:`models.oracle.readings.amounts`), None without one
    where_x: Quantity | None = None
    #: 'During your turn, ...' ('yours': Tithe Taker), 'During turns other than yours, ...' ('others': Geyser
    #: Drake): whose turn, of its source's controller, it applies on; '' on every turn
    turn: str = ""
    #: 'As long as ~ is tapped, ...' (Centaur Omenreader), '... as long as there are three or more Lesson
    #: cards in your graveyard' (Gran-Gran): the condition as written, '' for none
    while_text: str = ""
    #: 'Spells you cast from your graveyard or from exile' (Doc Aurlock): the zones the spell is cast from
    #: (CR 601.2a); with ``cast_from_excluded``, any zone but those ('from anywhere other than your hand':
    #: Bilbo)
    cast_from: tuple[str, ...] = ()
    cast_from_excluded: bool = False
    #: 'Spells ... that target ~' (Icefall Regent, Spellwild Ouphe): only a spell with its source among its
    #: targets (CR 601.2c)
    targets_source: bool = False
    #: '... for each creature it targets' (Battlefield Thaumaturge): what is counted among its targets
    per_targeted: Nouns | None = None
    #: '... that share a creature type with ~' (Mistform Warchief, CR 205.3d)
    shares_creature_type: bool = False
    #: '... you cast with power 4 or greater' (Goreclaw, Terror of Qal Sisma, CR 208)
    power_at_least: int | None = None
    #: '... for each of the chosen colors it is' (Seal of the Guildpact: the colors chosen as it entered)
    per_chosen_color: bool = False
    #: '... that share a card type with the exiled card' (Semblance Anvil: the card exiled with its source)
    shares_exiled_card_type: bool = False
    #: '... and can be cast as though it had flash' (Radagast of Rhosgobel): when it may be cast, which no
    #: payment asks (CR 601.2)
    as_though_flash: bool = False
    #: '... that have an Adventure' (Beluna Grandsquall): a spell whose card has an Adventure (CR 715.2)
    has_adventure: bool = False
    #: '... to cast this turn' (Cheering Fanatic, after its trigger chose a name): an effect of this turn
    this_turn: bool = False
    #: '... if it has mutate, changeling, or a cycling ability' (Pollywog Symbiote): keyword abilities, lower
    #: case, of which the spell's card has one (CR 702)
    keywords_any: tuple[str, ...] = ()
    #: 'each spell that would cost less than three mana to cast costs three mana to cast' (Trinisphere): the
    #: least mana the total cost asks for (CR 601.2f), 0 for none; ``symbols`` is then '{0}'
    minimum_total: int = 0


@dataclass(frozen=True, slots=True)
class SpendAsThoughReading:
    """'<who> may spend [<kind>] mana [only] as though it were <as_kind> [to <uses>]': ``kind`` is a color
    letter, 'C', 'other' or '' (any mana); ``as_kind`` is 'color', 'type', a color letter or 'C'."""

    who: str
    as_kind: str
    kind: str = ""
    only: bool = False
    uses: SpendOnly | None = None


@dataclass(frozen=True, slots=True)
class OneCardPermission:
    """'... you may spend mana as though it were mana of any color to cast that spell' (or 'mana of any
    type can be spent to cast it'): a permission for one card an effect exiled (``as_kind``: 'color' or
    'type'; ``card``: how the card is named, as written)."""

    as_kind: str
    card: str


@dataclass(frozen=True, slots=True)
class ActivationBanReading:
    """'Activated abilities of <objects> can't be activated.'"""

    what: Nouns


@dataclass(frozen=True, slots=True)
class BanTermsReading:
    """The terms of a prohibition on casting beyond its plain player scope, as read (built into
    :class:`~models.mana_effects.BanTerms`): 'Enchanted player', 'defending player', 'Each opponent who
    controls more creatures than you', 'during combat', 'As long as <condition>,' (``while_text``, read by
    the condition grammar as it is built), 'with mana value greater than the number of lands that player
    controls', 'or activate abilities that aren't mana abilities'."""

    enchanted_player: bool = False
    defending_player: bool = False
    more_than_you: Nouns | None = None
    combat: bool = False
    while_text: str = ""
    mana_value_above: Nouns | None = None
    abilities: bool = False
    #: 'Each opponent who attacked you or a planeswalker you control this turn'
    attacked_you: bool = False


@dataclass(frozen=True, slots=True)
class CastBanReading:
    """'You can't cast permanent spells.', 'Your opponents can't cast spells during your turn.' (Codie,
    Vociferous Codex): the spells the player (or with ``opponents`` each opponent) can't cast, only on its
    controller's turn with ``your_turn``."""

    spells: SpellsGranted
    opponents: bool = False
    your_turn: bool = False
    #: every player's spells ('Each player can't ...', 'Players can't ...')
    everyone: bool = False
    #: the zones it forbids casting from ('from graveyards or libraries'); None: every zone
    zones: frozenset[str] | None = None
    #: 'more than one spell each turn': the most spells a player may cast in a turn
    most: int | None = None
    #: 'with mana value 3 or less': the mana values of the spells it forbids
    mana_values: ManaValues = EVERY_MANA_VALUE
    #: 'spells of the chosen color': of the color its permanent's choice named
    chosen_color: bool = False
    #: 'spells of the chosen type': of the type its permanent's choice named
    chosen_type: bool = False
    #: 'spells with the chosen name', '... with the same name as the exiled card': whose name they have
    named: SpellName | None = None
    #: whom, when and what else beyond the plain scope
    terms: BanTermsReading = BanTermsReading()
    #: 'with {X} in their mana costs' (Gaddock Teeg)
    x_in_cost: bool = False
    #: 'with mana value equal to the chosen number' (Sanctum Prelate)
    chosen_number: bool = False
    #: 'with the chosen word in their text box' (Meddling Kids)
    chosen_word: bool = False
    #: 'that share a color with the spell most recently cast this turn' (Mana Maze)
    shares_last_color: bool = False


@dataclass(frozen=True, slots=True)
class CostPaymentBanReading:
    """'Players can't pay life or sacrifice nonland permanents to cast spells or activate abilities.'
    (Yasharn, Implacable Earth; CR 101.2, 118.3): the payments the players can't make as a cost (``life``,
    the sacrifice of the permanents ``sacrificed`` describes) for what (``spells``, ``abilities``)."""

    opponents: bool = False
    everyone: bool = False
    life: bool = False
    sacrificed: Nouns | None = None
    spells: bool = False
    abilities: bool = False


@dataclass(frozen=True, slots=True)
class TimingLimitReading:
    """'Players can cast spells and activate abilities only during their own turns.' (City of Solitude), 'Each
    opponent can cast spells only any time they could cast a sorcery.' (Teferi, Mage of Zhalfir): when the
    players may cast ``spells`` and activate ``abilities`` (CR 101.2): on their own turns, or with ``sorcery``
    as a sorcery (CR 307.1)."""

    opponents: bool = False
    everyone: bool = False
    spells: bool = False
    abilities: bool = False
    sorcery: bool = False


@dataclass(frozen=True, slots=True)
class LandPlayBanReading:
    """'Players can't play nonbasic lands with the same name as a nontoken permanent.' (Cornered Market): the
    lands the players can't play (CR 101.2, 305.1)."""

    opponents: bool = False
    everyone: bool = False
    #: the types none of the lands has ('nonbasic lands': ``Basic``)
    excluded: tuple[str, ...] = ()
    #: 'with the same name as a nontoken permanent': whose name they have
    named: SpellName | None = None
    #: the zones it forbids playing from ('land cards from graveyards'); None: every zone
    zones: frozenset[str] | None = None
    #: whom and when beyond the plain scope ('Each opponent who controls more lands than you')
    terms: BanTermsReading = BanTermsReading()
    #: '... as long as ten or more lands are on the battlefield' (Limited Resources): its condition as
    #: written after it ('': none)
    while_after: str = ""


@dataclass(frozen=True, slots=True)
class AbilitiesOfReading:
    """'<Objects> have all activated abilities of all <objects>.' (Experiment Kraj, layer 6); ``what`` None
    for the card itself ('~ has all activated abilities of ...': Marvin, Murderous Mimic)."""

    what: Nouns | None
    sources: Nouns


@dataclass(frozen=True, slots=True)
class AbilitiesOfExiledReading:
    """'~ has all activated abilities of the exiled card' (Territory Forge), '... of all creature cards
    exiled with it' (Dark Impostor): the card types the cards must have (none for any card); '... of all
    cards you own in exile with cage counters on them' (Mairsil, the Pretender: ``counter`` 'cage')."""

    types: tuple[str, ...] = ()
    counter: str = ""


@dataclass(frozen=True, slots=True)
class ThoseOnceEachTurn:
    """'You may activate each of those abilities only once each turn.' (Mairsil, the Pretender): each ability
    the sentence before gave may be activated once each turn (CR 602.5b)."""


@dataclass(frozen=True, slots=True)
class OthersEnterTappedReading:
    """'Nonbasic lands your opponents control enter tapped.' (Archon of Emeria), 'Artifacts, creatures, and
    lands your opponents control enter the battlefield tapped.': how the permanents ``what`` describes enter
    (a replacement effect, CR 614.1c)."""

    what: Nouns
    #: 'Creatures played by your opponents ...' (Uphill Battle): only a permanent played (cast, or a land)
    played: bool = False
    #: '... enter untapped' ('Lands you control enter untapped.': The Wandering Minstrel)
    untapped: bool = False
    #: 'As long as ~ is tapped (untapped), ...' (Archelos): 'tapped', 'untapped', or '' (always)
    while_self: str = ""


@dataclass(frozen=True, slots=True)
class AbilityLossReading:
    """'<Objects> lose all abilities [except mana abilities] [and have base power and toughness P/T].'; with
    ``types``, '... and is a [<colors>] <types> with base power and toughness P/T [in addition to its other
    types]' (Frogify: ``colors`` None when none is said, '' for colorless; ``adds`` for 'in addition'); with
    ``gets``, '<object> gets -2/-0 and loses all abilities'."""

    what: Nouns
    except_mana: bool = False
    base: tuple[int, int] | None = None
    types: tuple[str, ...] = ()
    colors: str | None = None
    adds: bool = False
    gets: str = ""
    #: '... and can't become untapped' (Frozen in Ice): the objects stay tapped too
    stays_tapped: bool = False
    #: '... loses all abilities and has haste' (Hellcat's effect): the keywords the same effect grants after
    #: the loss, which the objects keep
    keywords: tuple[str, ...] = ()
    #: with ``types``, '... with base power and toughness 1/1 named Legitimate Businessperson' (Witness
    #: Protection): the name the objects are given, their other names lost (CR 201.2)
    name: str = ""


@dataclass(frozen=True, slots=True)
class ItLosesAbilities:
    """'It can't attack and loses all abilities.' (Retro-Mutation), 'It has defender and loses all other
    abilities.' (Spider-Man No More): the rider of the type change of the sentence before, whose objects lose
    their abilities (``keywords``: those the effect gives them, kept by 'all other')."""

    keywords: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class ActivateAsThough:
    """'You may activate abilities of <objects> as though those <objects> had <keyword>' (Thousand-Year
    Elixir): a permission of its controller's, not an ability of theirs."""

    what: Nouns
    keyword: str


@dataclass(frozen=True, slots=True)
class AbilitiesCostReading:
    """'Activated abilities of <objects> cost {N} more/less to activate.' (Blossoming Tortoise), '<Object>'s
    activated abilities cost {2} less to activate.' (Power Artifact), '... cost up to {2} less ...' (Training
    Grounds: ``up_to``, the player's choice of how much, of which the most never pays more); '... cost {X}
    less to activate, where X is ~'s power' (Agatha of the Vile Cauldron: ``where_x``); 'Activated abilities
    cost {2} more to activate unless they're mana abilities' (Suppression Field: ``what`` None for any
    permanent's, ``non_mana``), 'Abilities you activate that aren't mana abilities ...' (Zirda: with
    ``yours``, those its controller activates); 'Exhaust abilities of other permanents you control ...' (Boom
    Scholar), 'Equip abilities you activate ...' (Éowyn): the abilities of that ``keyword`` only."""

    what: Nouns | None
    symbols: str
    more: bool
    up_to: bool = False
    where_x: Quantity | None = None
    non_mana: bool = False
    yours: bool = False
    keyword: str = ""
    #: '... that target ~': only those whose targets include the change's source
    targets_self: bool = False
    #: '~'s equip ability costs {2} less to activate if it targets a colorless creature' (Ghostfire Blade):
    #: its own ability of that keyword, when it targets one of ``targeting``
    own: bool = False
    targeting: Nouns | None = None
    #: 'As long as it's your turn, creatures you control have first strike and equip abilities you activate
    #: cost {1} less ...' (Nahiri, Storm of Stone): its condition, and the keyword it grants beside (which
    #: changes no payment)
    while_text: str = ""
    keywords_granted: tuple[Nouns, str] | None = None
    #: '... abilities your opponents activate ...' (Tithe Taker): those its controller's opponents activate
    opponents: bool = False
    #: 'Mana abilities of ~ cost an additional 1 life to activate.' (Thran Portal): mana abilities only, each
    #: activation costing that much life more
    life: int = 0
    #: 'The first activated ability of an artifact you activate each turn ...' (Tezzeret, Betrayer of Flesh):
    #: only the first such ability its controller activates each turn
    first_each_turn: bool = False


@dataclass(frozen=True, slots=True)
class CastBySourceCost:
    """'Each spell cast this way costs {1} more to cast.' (Lightstall Inquisitor: ``copy`` False) and 'That
    copy costs {2} less to cast.' (God-Eternal Kefnet: ``copy`` True): the spell its source's ability let a
    player cast (CR 601.2f)."""

    symbols: str
    more: bool
    copy: bool = False


@dataclass(frozen=True, slots=True)
class CommanderCostPerCast:
    """'Your commander costs {1} less to cast for each time it's been cast from the command zone this game.'
    (Myth Unbound): its controller's commander, once for each earlier cast from the command zone (CR
    903.8)."""

    symbols: str
    more: bool


@dataclass(frozen=True, slots=True)
class SpecialActionCosts:
    """A change of a special action's costs: 'All morph costs cost {2} more.' (Exiled Doomsayer: ``action``
    'morph', CR 702.37e), 'Plotting cards from your hand costs {2} less.' (Doc Aurlock: 'plot', 702.170a)."""

    action: str
    symbols: str
    more: bool


@dataclass(frozen=True, slots=True)
class SpellsAndAbilitiesCost:
    """'During your turn, spells your opponents cast cost {1} more to cast and abilities your opponents
    activate cost {1} more to activate unless they're mana abilities.' (Tithe Taker): a change of spells'
    costs and one of the non-mana abilities' costs of the same players, on the same turns (CR 601.2f,
    602.2b)."""

    spells: SpellsCost
    abilities: AbilitiesCostReading


@dataclass(frozen=True, slots=True)
class SelfTapDamage:
    """'Whenever ~ becomes tapped, it deals N damage to you.'"""

    damage: int


@dataclass(frozen=True, slots=True)
class TappedForManaDamage:
    """'Whenever a player taps a land for mana, ~ deals N damage to that player.' (``to``: 'that player' or
    'you')."""

    tapped: Tapped
    damage: int
    to: str


@dataclass(frozen=True, slots=True)
class BecomesTappedDamage:
    """'Whenever enchanted land becomes tapped, ~ deals N damage to that land's controller.' (``life_loss``:
    'its controller loses N life', Contaminated Ground; ``destroys``: 'When enchanted land becomes tapped,
    destroy it [and ~ deals N damage to that land's controller]', Blight, Steam Vines)."""

    what: Nouns
    damage: int
    life_loss: bool = False
    #: 'destroy it' (Blight; 'destroy it and ~ deals 1 damage to that land's controller', Steam Vines)
    destroys: bool = False
    #: 'or a player activates an ability of enchanted artifact without {T} in its activation cost' (Artifact
    #: Possession): each such activation sets it off too
    activations: bool = False
    #: 'unless that player pays {3}' (Seizures): the mana the player may pay instead when it resolves, or ''
    unless_paid: str = ""


@dataclass(frozen=True, slots=True)
class SameIsTrue:
    """'The same is true for spells [you control] [and [nonland] cards [you own] that aren't on the
    battlefield].': the rider of the color or type change before it. ``cards`` is '' (no cards), 'any' or
    'you'; ``spell_type`` and ``card_type`` are the card types written before 'spells' and 'cards' ('The
    same is true for creature spells you control and creature cards you own ...', Biotransference), ''
    for none."""

    spells_yours: bool = False
    cards: str = ""
    nonland: bool = False
    spell_type: str = ""
    card_type: str = ""


@dataclass(frozen=True, slots=True)
class SameIsTrueForTypes:
    """'The same is true for artifacts and enchantments.' (Ward of Bones): the prohibition before it again, of
    each of these card types in place of the one it names."""

    types: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class OnlyColored:
    """'This effect reduces only the amount of colored mana you pay.' (``color``: '' for colored, else the
    letter of the one color it names: the Defilers' 'only the amount of white mana you pay')."""

    color: str = ""


@dataclass(frozen=True, slots=True)
class OptionalLifeForSpells:
    """'As an additional cost to cast white permanent spells, you may pay 2 life.' (the Defilers): an
    optional additional cost of the spells its controller casts (CR 601.2b), which the next sentence rewards
    (:class:`ThoseCostIfLifePaid`)."""

    what: Nouns
    life: int


@dataclass(frozen=True, slots=True)
class ThoseCostIfLifePaid:
    """'Those spells cost {W} less to cast if you paid life this way.' (the Defilers, after
    :class:`OptionalLifeForSpells`)."""

    symbols: str
    more: bool


@dataclass(frozen=True, slots=True)
class ReductionFloor:
    """'This effect can't reduce the mana in that cost to less than one mana.' (Heartstone): ``least``."""

    least: int


@dataclass(frozen=True, slots=True)
class DevotionIncreased:
    """'Your devotion to each color and each combination of colors is increased by one.' (Altar of the
    Pantheon, CR 700.5): ``amount``."""

    amount: int


@dataclass(frozen=True, slots=True)
class AdditionalLandPlays:
    """'You may play an additional land on each of your turns.' (Exploration, CR 305.2a): ``count`` more
    land plays on each of its controller's turns ('Each player may play ... on each of their turns': each
    player's, ``who`` 'each player')."""

    count: int
    who: str = "you"
    #: 'As long as you control another Elf, ...': the condition as written ('': none)
    while_text: str = ""


@dataclass(frozen=True, slots=True)
class LifeForManaReading:
    """'For each {B} in a cost, you may pay 2 life rather than pay that mana.' (K'rrik, Son of Yawgmoth):
    the mana ``symbol`` and the ``life`` paid for each."""

    symbol: str
    life: int


@dataclass(frozen=True, slots=True)
class DoubleUnspent:
    """'Double the amount of each type of unspent mana you have.'"""


@dataclass(frozen=True, slots=True)
class LifePaidByExile:
    """'If you would pay life while your library has at least that many cards in it, exile that many cards
    from the top of your library instead.' (Ashiok, Wicked Manipulator)."""


@dataclass(frozen=True, slots=True)
class UnspentCostsLife:
    """'A player losing unspent mana causes that player to lose that much life.' (Yurlok of Scorch Thrash)."""


StaticSentence = (
    TypeChangeReading
    | StillAType
    | ItLosesAbilities
    | LinkedLoss
    | DefinedPower
    | NotATypeWhile
    | SupertypeRemoved
    | BecomesWithOnly
    | BecomesColorless
    | ColorChangeReading
    | PowerChangeReading
    | KeywordGrantReading
    | GrantReading
    | GrantedWhile
    | KeywordsWhile
    | PoolsDontEmpty
    | KeepUnspent
    | UnspentBecomes
    | OwnCostForEach
    | OwnCostIfBargained
    | OwnCostForTurnFact
    | OwnCostIfOpponentCast
    | OwnCostPerSpellCast
    | OwnCostIfOpponentGraveyard
    | OwnCostPerSacrificed
    | OwnCostWhereX
    | OwnCostCounted
    | OwnCostChange
    | OwnReductionMost
    | SpellsCost
    | SpellsAndAbilitiesCost
    | SpecialActionCosts
    | CommanderCostPerCast
    | CastBySourceCost
    | SpendAsThoughReading
    | OneCardPermission
    | ActivationBanReading
    | CastBanReading
    | OthersEnterTappedReading
    | LandPlayBanReading
    | CostPaymentBanReading
    | TimingLimitReading
    | AbilitiesOfReading
    | AbilitiesOfExiledReading
    | ThoseOnceEachTurn
    | AbilityLossReading
    | ActivateAsThough
    | AbilitiesCostReading
    | SelfTapDamage
    | TappedForManaDamage
    | BecomesTappedDamage
    | ChooseAsEnters
    | MayPayLifeAsEnters
    | MayRevealAsEnters
    | EntersTappedIfNot
    | EntersTapped
    | EntersTappedIf
    | EntersReturn
    | Imprint
    | SameIsTrue
    | SameIsTrueForKeywords
    | SameIsTrueForTypes
    | OnlyColored
    | OptionalLifeForSpells
    | ThoseCostIfLifePaid
    | ReductionFloor
    | EffectContinues
    | DoubleUnspent
    | DevotionIncreased
    | AdditionalLandPlays
    | LifeForManaReading
    | UnspentCostsLife
    | LifePaidByExile
    | RandomOpening
    | ResultEffects
)
