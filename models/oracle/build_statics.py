"""Static sentences' readings (:mod:`models.oracle.statics`) to the records the planner uses
(:mod:`models.abilities`): type and color changes, cost changes, spending permissions, unspent mana,
activation bans and damage on tapping. A reading no record can hold raises :class:`UnreadError`; None means
the sentence is no such effect (it is classified by the reader).

>>> from models.oracle.grammar import parse_static
>>> (moon,) = static_effect(parse_static("Nonbasic lands are Mountains."), "Nonbasic lands are Mountains.")
>>> moon.affected.describe(), moon.land_types, moon.adds
('nonbasic land', ('Mountain',), False)
"""

from __future__ import annotations

from dataclasses import replace

from models.abilities import Amount, AmountKind, Condition, ObjectFilter, Who
from models.cost import ManaCost, SymbolKind
from models.errors import CostParseError
from models.filters import STATUS_FACTS, BoardFact
from models.layer_effects import (
    AbilitiesOfCards,
    AbilityLoss,
    ColorChange,
    GainAbilitiesOf,
    GrantHaste,
    PowerChange,
    TypeChange,
)
from models.mana import ALL_COLORS, ALL_TYPES, ManaType, ManaTypes
from models.mana_effects import (
    AbilityCostChange,
    ActivationBan,
    DevotionIncrease,
    ExtraLandPlays,
    LifeForMana,
    LifePaymentsExiled,
    OthersEnterTapped,
    SpecialActionCostChange,
    SpellKeywords,
    SpendAsThough,
    StaticEffect,
    TapDamage,
    TimingLimit,
    UnspentManaEffect,
    UnspentMode,
)
from models.oracle import readings as r
from models.oracle import statics as s
from models.oracle.build import spend_restriction
from models.oracle.build_bans import cast_ban, cost_payment_ban, land_play_ban
from models.oracle.build_cost_changes import (
    CASTERS,
    generic_and_colored,
    own_cost,
    own_cost_counted,
    own_cost_where_x,
    spells_cost,
    spells_described,
)
from models.oracle.build_filters import (
    amount,
    object_filters,
    only_filter,
    while_condition,
)
from models.oracle.build_own_costs import graveyard_cards, own_cost_effects, own_reduction
from models.oracle.build_type_changes import (
    made_creatures,
    not_a_type_while,
    power_defined,
    supertype_removed,
    type_change,
)
from models.oracle.conditional_types import (
    named_by_condition,
)
from models.oracle.grammar import UnreadError
from models.oracle.spell_cost_rules import cast_spells
from models.types import CARD_TYPES, SUPERTYPES, TypeLine

__all__ = ["static_effect"]


def static_effect(reading: s.StaticSentence, sentence: str) -> tuple[StaticEffect, ...] | None:
    """The effects a static sentence's reading makes, or None when it makes none (a choice, a rider, how the
    permanent enters: the reader's)."""
    match reading:
        case s.TypeChangeReading(base_pt=base_pt) if base_pt:
            return made_creatures(reading, sentence)
        case s.TypeChangeReading(granted=granted) if granted:
            # (the ability granted beside the types: read with them by models.oracle.read_statics)
            raise UnreadError(f"an ability granted beside a type change: {sentence}")
        case s.TypeChangeReading() if reading.gets or reading.keywords or reading.colors:
            # (an Equipment's or an Aura's pump and keywords beside the types: 'gets +3/+0 and is a Knight
            # ...', 'has flying and is a Demon ...': haste alone among the keywords changes a payment; the
            # colors set beside them, 'are black and are Zombies ...', to what the types took, CR 613.6)
            retyped = type_change(replace(reading, gets="", keywords=(), colors="", each=None), sentence)
            if retyped is None:
                return None
            per = _counted_per(reading.each, sentence) if reading.each is not None else None
            pumps = _power_changes(retyped.affected, reading.gets, sentence, per=per) if reading.gets else ()
            recolored = (
                (ColorChange(sentence, retyped.affected, ManaTypes.parse(reading.colors), linked=True),)
                if reading.colors
                else ()
            )
            return (retyped, *recolored, *pumps, *_haste(retyped.affected, reading.keywords, sentence))
        case s.TypeChangeReading(loses_abilities=True):
            # (Titania's Song: the type change, and the loss of abilities of what it applies to, CR 613.6)
            change = type_change(replace(reading, loses_abilities=False), sentence)
            assert change is not None
            return (change, AbilityLoss(sentence, change.affected, linked=True))
        case s.TypeChangeReading():
            return _optional(type_change(reading, sentence))
        case s.NotATypeWhile():
            return (not_a_type_while(reading, sentence),)
        case s.SupertypeRemoved():
            return (supertype_removed(reading, sentence),)
        case s.ColorChangeReading():
            changed = _color_change(reading, sentence)
            if changed is None:
                return None
            if reading.gets:  # (the enchanted creature's pump: 'gets +1/+1 and is black')
                return (changed, *_power_changes(changed.affected, reading.gets, sentence))
            return (changed,)
        case s.PowerChangeReading(subject, change, keywords, _, held, each):
            pumped = _pumped(subject) if not reading.of_condition else named_by_condition(held, sentence)
            held_while = while_condition(held) if held and not reading.of_condition else None
            # ('As long as you control an artifact, ~ gets +1/+0 and has haste': haste while it holds too)
            hasted = tuple(
                replace(grant, condition=held_while) for grant in _haste(pumped, keywords, sentence)
            )
            per = _counted_per(each, sentence) if each is not None else None
            changes = _power_changes(pumped, change, sentence, held_while, per)
            return (*changes, *hasted)
        case s.KeywordGrantReading(what, keywords) if what.nouns and what.nouns[-1].head is r.Head.SPELL:
            return _optional(_spell_keywords(reading, sentence))
        case s.KeywordGrantReading(what, keywords):
            return _haste(object_filters(what), keywords, sentence) or None
        case s.PoolsDontEmpty():
            return (UnspentManaEffect(sentence, UnspentMode.KEEP, Who.ANY),)
        case s.DefinedPower():
            return (power_defined(reading, sentence),)
        case s.DevotionIncreased(amount):
            return (DevotionIncrease(sentence, amount),)
        case s.AdditionalLandPlays(count, who, while_text):
            plays_while = _land_plays_condition(while_text) if while_text else None
            return (ExtraLandPlays(sentence, count, Who.YOU if who == "you" else Who.ANY, plays_while),)
        case s.LifeForManaReading(symbol, life):
            return (_life_for_mana(symbol, life, sentence),)
        case s.LifePaidByExile():
            return (LifePaymentsExiled(sentence),)
        case s.KeepUnspent(who, color):
            types = ManaTypes.parse(color) if color else ALL_TYPES
            return (
                UnspentManaEffect(sentence, UnspentMode.KEEP, Who.YOU if who == "you" else Who.ANY, types),
            )
        case s.UnspentBecomes(who, becomes):
            whose = Who.YOU if who == "you" else Who.ANY
            return (UnspentManaEffect(sentence, UnspentMode.BECOME, whose, becomes=ManaType.parse(becomes)),)
        case s.OwnCostForEach():
            return (own_cost(reading, sentence),)
        case s.OwnCostWhereX():
            return (own_cost_where_x(reading, sentence),)
        case s.OwnCostCounted():
            return (own_cost_counted(reading, sentence),)
        case s.OwnCostChange():
            return own_cost_effects(reading, sentence)
        case s.OwnReductionMost():
            return ()  # (a rider on the reduction before it: models.oracle.read_statics)
        case s.OwnCostForTurnFact(stated, False, "your_turn"):
            # ('{2}{U}{U} less': two generic, and {U}{U} off the colored part, CR 118.7b-d)
            less, colored = generic_and_colored(stated)
            return (own_reduction(sentence, -less, Amount(kind=AmountKind.YOUR_TURN), colored),)
        case s.OwnCostIfOpponentCast(stated, False, at_least):
            # ('{U} less': off the colored part, CR 118.7b-d; 1 when an opponent cast so many, else 0)
            less, colored = generic_and_colored(stated)
            counted = Amount(kind=AmountKind.OPPONENT_SPELLS, constant=at_least)
            return (own_reduction(sentence, -less, counted, colored),)
        case s.OwnCostPerSpellCast(stated, more, what, at_least):
            # ('{U} less' for each: off the colored part, CR 118.7b-d; 'if you've cast another ...': once)
            less, colored = generic_and_colored(stated)
            if more and colored:
                raise UnreadError(f"a spell's own cost {stated} more for spells cast this turn")
            counted = Amount(kind=AmountKind.SPELLS_CAST, filter=cast_spells(what))
            reduced = own_reduction(sentence, less if more else -less, counted, colored)
            return (replace(reduced, at_least=at_least),)
        case s.OwnCostForTurnFact() | s.OwnCostIfOpponentGraveyard() | s.OwnCostIfOpponentCast():
            symbols, more = reading.symbols, reading.more
            generic = symbols[1:-1]
            if symbols.count("{") != 1 or not (generic.isascii() and generic.isdigit()):
                raise UnreadError(f"a change of a spell's own cost by {symbols}")
            delta = int(generic) * (1 if more else -1)
            if isinstance(reading, s.OwnCostForTurnFact) and reading.fact == "your_turn":
                raise UnreadError("a spell's own cost more as long as it's your turn")
            if isinstance(reading, s.OwnCostIfOpponentCast):
                counted = Amount(kind=AmountKind.OPPONENT_SPELLS, constant=reading.at_least)
            elif isinstance(reading, s.OwnCostIfOpponentGraveyard):
                counted = Amount(kind=AmountKind.OPPONENT_GRAVEYARD, constant=reading.at_least)
            elif reading.fact == "sacrificed_types":
                counted = Amount(kind=AmountKind.SACRIFICED_TYPES)
            else:
                counted = Amount(kind=AmountKind.DIED_THIS_TURN)
            return (own_reduction(sentence, delta, counted),)
        case s.LinkedLoss():
            # (a resolved trigger's loss on the permanent it chose: the board's choices.linked_permanent)
            return (AbilityLoss(sentence, ObjectFilter(linked_permanent=True), resolved=True),)
        case s.EffectContinues() | s.ItLosesAbilities():
            return ()  # (a rider on the effect before it: models.oracle.read_statics)
        case s.OwnCostIfBargained() | s.OwnCostPerSacrificed():
            return ()  # (what an optional additional cost paid takes off: models.oracle.additional_costs)
        case s.SpellsCost():
            return (spells_cost(reading, sentence),)
        case s.CastBySourceCost(symbols, more, copy):
            # (Lightstall Inquisitor's spells cast this way, Kefnet's copy: the question's cast_by)
            spells = r.Nouns((r.Noun(head=r.Head.SPELL),))
            by_source = spells_cost(s.SpellsCost(spells, symbols, more, ""), sentence)
            return (replace(by_source, cast_by_source="copy" if copy else "this way"),)
        case s.CommanderCostPerCast(symbols, more):
            # (Myth Unbound: its controller's commander, once for each earlier cast from the command zone)
            spells = r.Nouns((r.Noun(head=r.Head.SPELL),))
            cheaper = spells_cost(s.SpellsCost(spells, symbols, more, "you cast"), sentence)
            return (replace(cheaper, per_commander_cast=True),)
        case s.SpecialActionCosts(action, symbols, more):
            written = ManaCost.parse(symbols)
            if written.mana_value != written.generic or not written.generic:
                raise UnreadError(f"{action} costs {symbols} more or less: not generic mana")
            return (SpecialActionCostChange(sentence, action, written.generic if more else -written.generic),)
        case s.SpellsAndAbilitiesCost(spells, abilities):
            # (Tithe Taker: 'During your turn, ...' holds for both changes, of its controller's turn)
            if spells.turn == "others":
                raise UnreadError("activated abilities' costs changed during turns other than yours")
            activated = replace(_abilities_cost(abilities, sentence), your_turn=spells.turn == "yours")
            return (spells_cost(spells, sentence), activated)
        case s.SpendAsThoughReading():
            return (_spend_as_though(reading, sentence),)
        case s.CastBanReading():
            return (cast_ban(reading, sentence),)
        case s.LandPlayBanReading():
            return (land_play_ban(reading, sentence),)
        case s.CostPaymentBanReading():
            return (cost_payment_ban(reading, sentence),)
        case s.TimingLimitReading(opponents, everyone, spells, abilities, sorcery):
            return (TimingLimit(sentence, opponents, everyone, spells, abilities, sorcery),)
        case s.OthersEnterTappedReading(what, played, untapped, while_self):
            filters = object_filters(what)
            if any(flt.reads_status or flt.self_only or flt.attached for flt in filters):
                raise UnreadError(sentence)  # (a status a permanent entering has not got yet: not read)
            return tuple(OthersEnterTapped(sentence, flt, played, untapped, while_self) for flt in filters)
        case s.ActivationBanReading(what):
            # ('Activated abilities of artifacts, creatures, and planeswalkers ...': one ban a description)
            return tuple(ActivationBan(sentence, flt) for flt in object_filters(what))
        case s.ActivateAsThough(what, "haste"):
            # (Thousand-Year Elixir: its controller's permission, which a loss of their abilities keeps)
            return tuple(
                GrantHaste(sentence, flt, permission=True) for flt in _steady(object_filters(what), sentence)
            )
        case s.AbilityLossReading():
            return _ability_losses(reading, sentence)
        case s.AbilitiesOfExiledReading(_, "cage"):
            # (Mairsil: its controller's cards in exile with cage counters, the board's choices.imprinted)
            return (AbilitiesOfCards(sentence, "caged", ObjectFilter()),)
        case s.AbilitiesOfExiledReading(types, ""):  # (CR 607.2a: the cards exiled with it)
            return (AbilitiesOfCards(sentence, "exiled", ObjectFilter(types=types)),)
        case s.AbilitiesOfExiledReading(_, counter):
            raise UnreadError(f"the abilities of cards in exile with {counter} counters")
        case s.AbilitiesOfReading(None, sources) if sources.nouns[-1].zone == "graveyard":
            # ('~ has all activated abilities of all Elf cards in your graveyard': Thranduil)
            return (AbilitiesOfCards(sentence, "graveyard", graveyard_cards(sources)),)
        case s.AbilitiesOfReading(what, sources):
            return (_abilities_of(what, sources, sentence),)
        case s.AbilitiesCostReading():  # ('up to {2}': the most, never worse to pay)
            return (_abilities_cost(reading, sentence),)
        case s.SelfTapDamage(damage):
            return (TapDamage(sentence, damage),)
        case s.TappedForManaDamage():
            return _optional(_tapped_for_mana_damage(reading, sentence))
        case s.BecomesTappedDamage(what, damage, life_loss, destroys, activations, unless_paid):
            # ('a Swamp, Mountain, black permanent, or red permanent': one trigger for any of them)
            first, *others = object_filters(what) if what.joiner == "or" else (only_filter(what),)
            also = tuple(others)
            return (
                TapDamage(
                    sentence, damage, first, life_loss=life_loss, also=also, destroys=destroys,
                    activations=activations, unless_paid=unless_paid,
                ),
            )  # fmt: skip
    return None


def _abilities_cost(reading: s.AbilitiesCostReading, sentence: str) -> AbilityCostChange:
    """A change of activated abilities' costs (CR 601.2f by way of 602.2b): of generic mana, by a number, or
    by ``{X}`` where X is its source's power (Agatha of the Vile Cauldron: counted as the total cost is locked
    in); the permanents whose abilities it changes (any permanent's when the sentence names none; 'abilities
    you activate': its controller's).

    >>> from models.oracle.grammar import parse_static
    >>> text = "Abilities you activate that aren't mana abilities cost {2} less to activate"
    >>> zirda = _abilities_cost(parse_static(text), text + ".")
    >>> zirda.generic, zirda.non_mana, zirda.affected.controller.value
    (-2, True, 'you')
    >>> text = "Mana abilities of ~ cost an additional 1 life to activate"
    >>> portal = _abilities_cost(parse_static(text), text + ".")
    >>> portal.generic, portal.life, portal.affected.self_only
    (0, 1, True)
    """
    if reading.while_text and reading.while_text.lower() not in ("it's your turn", "it is your turn"):
        raise UnreadError(f"activated abilities' costs changed as long as {reading.while_text}")
    if reading.life:  # ('Mana abilities of ~ cost an additional 1 life': no mana, those abilities only)
        described = ObjectFilter(self_only=True) if reading.what is None else only_filter(reading.what)
        return AbilityCostChange(sentence, described, 0, life=reading.life)
    symbols = reading.symbols
    amount_counted = None
    if reading.where_x is not None:
        counted = amount(reading.where_x)
        if symbols != "{X}" or counted.kind is not AmountKind.POWER or counted.plus:
            raise UnreadError(f"activated abilities that cost {symbols} more or less, where X is an amount")
        symbols, amount_counted = "{1}", counted
    written = ManaCost.parse(symbols)
    if written.mana_value != written.generic or not written.generic:
        raise UnreadError(f"activated abilities that cost {symbols} more or less: not generic mana")
    by = written.generic if reading.more else -written.generic
    if reading.own:  # (Ghostfire Blade's own equip ability)
        affected = ObjectFilter(self_only=True)
    elif reading.what is not None and reading.first_each_turn:  # ('... you activate': its controller's)
        affected = replace(only_filter(reading.what), controller=Who.YOU)
    elif reading.what is not None:
        affected = only_filter(reading.what)
    else:  # ('Activated abilities cost ...': any permanent's; '... you activate': of its controller's; '...
        # your opponents activate': of its controller's opponents', Tithe Taker)
        whose = Who.YOU if reading.yours else Who.OPPONENTS if reading.opponents else Who.ANY
        affected = ObjectFilter(controller=whose)
    return AbilityCostChange(
        sentence,
        affected,
        by,
        amount=amount_counted,
        non_mana=reading.non_mana,
        keyword=reading.keyword,
        targets_source=reading.targets_self,
        targeting=None if reading.targeting is None else only_filter(reading.targeting),
        your_turn=bool(reading.while_text),  # (the keywords granted beside change no payment)
        first_each_turn=reading.first_each_turn,
    )


def _abilities_of(what: r.Nouns | None, sources: r.Nouns, sentence: str) -> GainAbilitiesOf:
    """'Each creature with a +1/+1 counter on it has all activated abilities of all creatures you control with
    a +1/+1 counter on them.' (Experiment Kraj): permanents on the battlefield each, described by what a
    payment changes of them at most by their counters (which the planner judges: a description of tapped
    ones, a power or a keyword is not read, nor one of cards elsewhere: :func:`object_filter`)."""
    receivers = ObjectFilter(self_only=True) if what is None else only_filter(what)
    givers = only_filter(sources)
    for flt in (receivers, givers):
        moving = flt.reads() & STATUS_FACTS - {BoardFact.COUNTERS}
        if moving or flt.power_at_least is not None or flt.keyword:
            raise UnreadError(f"abilities shared by or with {flt.describe()}: not followed")
    return GainAbilitiesOf(sentence, receivers, givers)


def _ability_losses(reading: s.AbilityLossReading, sentence: str) -> tuple[StaticEffect, ...]:
    """'<Permanents> lose all abilities ...' (Humility, Blood Sun): one :class:`AbilityLoss` a description. A
    filter that reads a keyword or a power (an ability, or what a lost ability changes) is not read: what it
    matches would depend on the loss itself; nor one that reads a status (tapped, counters) a payment
    changes.

    >>> from models.oracle.grammar import parse_static
    >>> text = "All lands lose all abilities except mana abilities"
    >>> (sun,) = _ability_losses(parse_static(text), text + ".")
    >>> sun.affected.describe(), sun.except_mana, sun.base_power
    ('land', True, None)
    >>> text = "Creatures enchanted player controls lose all abilities and have base power and toughness 0/1"
    >>> (splendor,) = _ability_losses(parse_static(text), text + ".")
    >>> splendor.affected.describe(), splendor.base_toughness
    ('creature enchanted player controls', 1)
    >>> text = "Enchanted permanent loses all abilities and has haste and flying"
    >>> loss, haste = _ability_losses(parse_static(text), text + ".")
    >>> type(haste).__name__, haste.after_own_loss
    ('GrantHaste', True)
    """
    if reading.types or reading.gets:
        return _losses_with_changes(reading, sentence)
    enchanted = r.Controller.ENCHANTED_PLAYER
    shared = reading.what.nouns[-1].controller
    filters = tuple(
        replace(flt, enchanted_player=True)
        if noun.controller is enchanted or (shared is enchanted and noun.controller is r.Controller.UNSAID)
        else flt
        for noun, flt in zip(
            reading.what.nouns,
            object_filters(r.Nouns(tuple(_said_controller(noun) for noun in reading.what.nouns))),
            strict=True,
        )
    )
    if any(flt.keyword or flt.power_at_least is not None or flt.reads_status for flt in filters):
        raise UnreadError(sentence)
    power, toughness = reading.base if reading.base is not None else (None, None)
    losses = tuple(
        AbilityLoss(sentence, flt, reading.except_mana, power, toughness, stays_tapped=reading.stays_tapped)
        for flt in filters
    )
    # (the keywords the same effect grants after its loss: haste alone changes a payment, CR 302.6)
    kept = tuple(replace(grant, after_own_loss=True) for grant in _haste(filters, reading.keywords, sentence))
    return (*losses, *kept)


def _losses_with_changes(reading: s.AbilityLossReading, sentence: str) -> tuple[StaticEffect, ...]:
    """'Enchanted creature loses all abilities and is a blue Frog creature with base power and toughness 1/1'
    (Frogify), '... is a Chicken with base power and toughness 1/1 and loses all abilities', 'gets -2/-0 and
    loses all abilities': the changes of one object in their layers, types (4: set, CR 205.1a; a creature
    type alone replaces its creature types, 205.1b; 'in addition to its other types' adds them), colors (5),
    abilities (6: every one, a land type's intrinsic one too, CR 305.6) and power (7b, 7c). The loss applies
    to what the type change applied to (CR 613.6). One steady description only.

    >>> from models.oracle.grammar import parse_static
    >>> text = ("Enchanted creature loses all abilities and is a blue Frog creature with base power and "
    ...     "toughness 1/1")
    >>> change, colors, loss = _losses_with_changes(parse_static(text), text + ".")
    >>> str(change.sets_types), str(colors.colors), loss.linked, loss.base_power, loss.base_toughness
    ('Creature — Frog', 'U', True, 1, 1)
    >>> text = ("Enchanted creature loses all abilities and is a green and white Citizen creature with base "
    ...     "power and toughness 1/1 named Legitimate Businessperson")
    >>> change, colors, loss = _losses_with_changes(parse_static(text), text + ".")
    >>> str(change.sets_types), change.name, str(colors.colors)
    ('Creature — Citizen', 'Legitimate Businessperson', 'WG')
    >>> text = "Enchanted creature gets -2/-0 and loses all abilities"
    >>> [type(effect).__name__ for effect in _losses_with_changes(parse_static(text), text + ".")]
    ['PowerChange', 'AbilityLoss']
    """
    affected = object_filters(reading.what)
    if len(affected) != 1 or affected[0].keyword or affected[0].power_at_least is not None:
        raise UnreadError(sentence)
    (flt,) = _steady(affected, sentence)
    if reading.gets:
        return (*_power_changes(flt, reading.gets, sentence), AbilityLoss(sentence, flt))
    card_types = tuple(t for t in reading.types if t in CARD_TYPES)
    subtypes = tuple(t for t in reading.types if t not in CARD_TYPES)
    if any(t in SUPERTYPES for t in subtypes) or (not card_types and reading.adds):
        raise UnreadError(f"the types {' '.join(reading.types)!r}")
    if reading.adds:
        change = TypeChange(sentence, flt, (), True, card_types=card_types, subtypes=subtypes)
    else:  # (no card type said: its subtypes of their kind replaced, CR 205.1b; its card types kept)
        types = TypeLine(card_types=card_types, subtypes=subtypes)
        change = TypeChange(sentence, flt, (), False, sets_types=types, name=reading.name)
    colors = (
        ()
        if reading.colors is None
        else (ColorChange(sentence, flt, ManaTypes.parse(reading.colors), False),)
    )
    power, toughness = reading.base if reading.base is not None else (None, None)
    return (change, *colors, AbilityLoss(sentence, flt, False, power, toughness, linked=True))


def _said_controller(noun: r.Noun) -> r.Noun:
    """The noun with 'enchanted player controls' left unsaid, which :func:`_ability_losses` holds in
    :attr:`ObjectFilter.enchanted_player` (Overwhelming Splendor's 'Creatures enchanted player controls')."""
    if noun.controller is r.Controller.ENCHANTED_PLAYER:
        return replace(noun, controller=r.Controller.UNSAID)
    return noun


def _optional(effect: StaticEffect | None) -> tuple[StaticEffect, ...] | None:
    return None if effect is None else (effect,)


def _pumped(subject: s.Subject) -> ObjectFilter | tuple[ObjectFilter, ...]:
    """What a P/T change applies to: the card itself, or each description of the objects."""
    if isinstance(subject, s.SelfSubject):
        return ObjectFilter(self_only=True)
    if isinstance(subject, s.EveryObject):
        raise UnreadError("a P/T change of every object")
    return object_filters(subject)


def _power_changes(
    affected: ObjectFilter | tuple[ObjectFilter, ...],
    change: str,
    sentence: str,
    held: Condition | None = None,
    per: Amount | None = None,
) -> tuple[PowerChange, ...]:
    """One :class:`PowerChange` for each description (a permanent matching two gets it once: CR 613.4c
    counts the effect, not the descriptions), ``per`` what it counts ('for each artifact you control'). What
    it applies to, and what it counts, must not change while paying: a description that reads a status
    (tapped, counters) is not read.

    >>> [(c.affected.describe(), c.power, c.toughness) for c in _power_changes(ObjectFilter(
    ...     types=("Creature",)), "+2/-1", "Creatures get +2/-1.")]
    [('creature', 2, -1)]
    """
    power, toughness = (int(part) for part in change.split("/"))
    steady = _steady(affected, sentence)
    return tuple(PowerChange(sentence, flt, power, toughness, held, per) for flt in steady)


def _counted_per(each: r.Quantity, sentence: str) -> Amount:
    """What a P/T change 'for each <permanents>' counts: permanents on the battlefield only, described by
    what no payment changes but by taking them away (a count of cards elsewhere, of counters, or of tapped
    permanents is not read).

    >>> from models.oracle.grammar import parse_static
    >>> reading = parse_static("Creatures you control get +1/+1 for each Forest you control")
    >>> _counted_per(reading.each, "").filter.describe()
    'Forest you control'
    """
    counted = amount(each)
    kinds = (AmountKind.COUNT, AmountKind.LAND_TYPES)  # ('for each basic land type among lands you control')
    if counted.kind not in kinds or counted.filter is None or counted.filter.reads_status:
        raise UnreadError(f"{sentence}: a P/T change for each of what is not a steady count of permanents")
    return counted


def _haste(
    affected: ObjectFilter | tuple[ObjectFilter, ...], keywords: tuple[str, ...], sentence: str
) -> tuple[GrantHaste, ...]:
    """A :class:`GrantHaste` for each description when the keywords hold haste (the others change no
    payment: CR 302.6 reads haste alone)."""
    if "haste" not in keywords:
        return ()
    return tuple(GrantHaste(sentence, flt) for flt in _steady(affected, sentence))


def _steady(affected: ObjectFilter | tuple[ObjectFilter, ...], sentence: str) -> tuple[ObjectFilter, ...]:
    """The descriptions of what an effect applies to, which must not change while paying: one that reads a
    status (tapped, counters) is not read."""
    filters = affected if isinstance(affected, tuple) else (affected,)
    if any(flt.reads_status for flt in filters):
        raise UnreadError(f"an effect on objects whose status may change while paying: {sentence}")
    return filters


def _color_change(reading: s.ColorChangeReading, sentence: str) -> ColorChange | None:
    subject = reading.subject
    spells = cards = None
    if isinstance(subject, s.EveryObject):
        affected, spells, cards = ObjectFilter(), Who.ANY, Who.ANY
    elif isinstance(subject, s.SelfSubject):
        affected = ObjectFilter(self_only=True)
    else:
        if reading.gets and not (len(subject.nouns) == 1 and subject.nouns[0].attached):
            return None  # (a pump and a color on anything but the enchanted creature: a one-shot effect)
        try:
            affected = only_filter(subject)
        except UnreadError:
            return None
    colors = ManaTypes.parse(reading.colors) if reading.colors else ManaTypes()
    return ColorChange(sentence, affected, colors, reading.adds, reading.chosen, spells, cards)


#: The keywords a spell's payment reads (CR 702.51 convoke, 702.126 improvise, 702.66 delve).
_PAYMENT_KEYWORDS = frozenset({"convoke", "improvise", "delve"})


def _spell_keywords(reading: s.KeywordGrantReading, sentence: str) -> SpellKeywords | None:
    """'<spells> you cast have convoke' (a grant of keywords to spells): the payment's keywords among them,
    or None when it grants none (flying, flash: nothing a payment reads)."""
    keywords = tuple(k for k in reading.keywords if k in _PAYMENT_KEYWORDS)
    if not keywords:
        return None
    spells, colors, face_down = spells_described(reading.what)
    if colors or spells.chosen_type or face_down:
        raise UnreadError(f"{sentence}: a grant to spells of some colors, a chosen type or face down")
    any_type = len(reading.what.nouns) > 1 and len(spells.types) > 1
    return SpellKeywords(
        text=sentence, who=CASTERS[reading.caster], spells=spells, keywords=keywords, any_type=any_type
    )


def _spend_as_though(reading: s.SpendAsThoughReading, sentence: str) -> SpendAsThough:
    when_paying = None
    if reading.uses is not None:
        written = sentence[_uses_start(sentence) :].rstrip(".")
        when_paying, rider = spend_restriction(reading.uses, written)
        # a use no payment target describes would make the permission silently never apply
        if rider or any(use.purpose is not None for use in when_paying.uses):
            raise UnreadError("a permission for payments no target describes")
    if reading.kind == "another":
        raise UnreadError("'another mana'")
    others = reading.kind == "other"
    types = ALL_TYPES if reading.kind in ("", "other") else ManaTypes.parse(reading.kind)
    if reading.as_kind in ("color", "type"):
        as_types = ALL_COLORS if reading.as_kind == "color" else ALL_TYPES
    else:
        as_types = ManaTypes.parse(reading.as_kind)
    return SpendAsThough(
        text=sentence,
        who=Who.YOU if reading.who == "you" else Who.ANY,
        types=types,
        as_types=as_types,
        only=reading.only,
        others=others,
        when_paying=when_paying,
    )


def _uses_start(sentence: str) -> int:
    """Where the uses of a permission open: the ' to ' after 'as though it were ...'."""
    lowered = sentence.lower()
    return lowered.find(" to ", lowered.find("as though it were")) + 1


def _tapped_for_mana_damage(reading: s.TappedForManaDamage, sentence: str) -> TapDamage | None:
    tapped = reading.tapped
    who = {"you tap": Who.YOU, "a player taps": Who.ANY, "an opponent taps": Who.OPPONENTS}.get(tapped.who)
    if who is None or tapped.mana or tapped.at_least != 1:
        return None
    if reading.to == "you" and who is not Who.YOU:
        return None  # (another player's tapping that hurts the effect's controller: not read, reported)
    affected = object_filters(tapped.what)
    if len(affected) != 1:
        raise UnreadError("damage on tapping permanents of several descriptions")
    return TapDamage(sentence, reading.damage, affected=affected[0], who=who, for_mana=True)


#: The life a symbol paid 'rather than pay that mana' is read for: a Phyrexian symbol's (CR 107.4f), which is
#: how the planner pays it
_PHYREXIAN_LIFE = 2


def _life_for_mana(symbol: str, life: int, sentence: str) -> LifeForMana:
    """K'rrik's 'For each {B} in a cost, you may pay 2 life rather than pay that mana.': one colored
    symbol, for 2 life (another amount, or another kind of symbol, is not read).

    >>> _life_for_mana("{B}", 2, "...").mana_type.name
    'B'
    """
    try:
        (only,) = ManaCost.parse(symbol).symbols
    except (CostParseError, ValueError):
        raise UnreadError(f"not one mana symbol: {symbol}") from None
    if only.kind is not SymbolKind.COLORED or only.single_type is None:
        raise UnreadError(f"not one symbol of one type of mana: {symbol}")
    if life != _PHYREXIAN_LIFE:
        raise UnreadError(f"{life} life for a symbol: only 2 (a Phyrexian symbol's) is read")
    return LifeForMana(sentence, only.single_type)


def _land_plays_condition(written: str) -> Condition:
    """The condition of additional land plays ('As long as you control another Elf, ...'), judged on the
    board as the turn goes; one the grammar does not read is not read (never land plays given always).

    >>> _land_plays_condition("you control another Elf").describe()
    'you control other Elf'
    """
    held = while_condition(written)
    if held.unevaluated:
        raise UnreadError(f"additional land plays as long as {written}")
    return held
