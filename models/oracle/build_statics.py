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
    PowerDefined,
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
    UnspentManaEffect,
    UnspentMode,
)
from models.oracle import lexicon
from models.oracle import readings as r
from models.oracle import statics as s
from models.oracle.build import spend_restriction
from models.oracle.build_bans import cast_ban, land_play_ban
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
from models.oracle.conditional_types import (
    animated_unless_creature,
    attached_type_change_while,
    layer4_condition,
    named_by_condition,
    own_creature_while,
    parsed_condition,
)
from models.oracle.grammar import UnreadError, parse_condition
from models.oracle.spell_cost_rules import cast_spells
from models.types import BASIC_LAND_TYPES, CARD_TYPES, SUPERTYPES, TypeLine

__all__ = ["kept_types", "own_chosen_type", "static_effect"]

#: The card types an effect may add to permanents (not 'creature': a permanent made a creature would need
#: its power, toughness and summoning sickness, which these effects also set: Opalescence). A permanent made
#: a land (Ashaya's 'Forest lands') is one for whatever reads lands, and has its land types' mana abilities,
#: its own {T} ones still subject to summoning sickness when it is a creature (CR 305.6, 302.6).
_ADDED_CARD_TYPES = ("Artifact", "Enchantment", "Land")


def static_effect(reading: s.StaticSentence, sentence: str) -> tuple[StaticEffect, ...] | None:
    """The effects a static sentence's reading makes, or None when it makes none (a choice, a rider, how the
    permanent enters: the reader's)."""
    match reading:
        case s.TypeChangeReading(base_pt=base_pt) if base_pt:
            return _made_creatures(reading, sentence)
        case s.TypeChangeReading(granted=granted) if granted:
            # (the ability granted beside the types: read with them by models.oracle.read_statics)
            raise UnreadError(f"an ability granted beside a type change: {sentence}")
        case s.TypeChangeReading() if reading.gets or reading.keywords or reading.colors:
            # (an Equipment's or an Aura's pump and keywords beside the types: 'gets +3/+0 and is a Knight
            # ...', 'has flying and is a Demon ...': haste alone among the keywords changes a payment; the
            # colors set beside them, 'are black and are Zombies ...', to what the types took, CR 613.6)
            retyped = _type_change(replace(reading, gets="", keywords=(), colors="", each=None), sentence)
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
            change = _type_change(replace(reading, loses_abilities=False), sentence)
            assert change is not None
            return (change, AbilityLoss(sentence, change.affected, linked=True))
        case s.TypeChangeReading():
            return _optional(_type_change(reading, sentence))
        case s.NotATypeWhile():
            return (_not_a_type_while(reading, sentence),)
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
            return (_power_defined(reading, sentence),)
        case s.DevotionIncreased(amount):
            return (DevotionIncrease(sentence, amount),)
        case s.AdditionalLandPlays(count, who):
            return (ExtraLandPlays(sentence, count, Who.YOU if who == "you" else Who.ANY),)
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
        case s.OthersEnterTappedReading(what, played):
            filters = object_filters(what)
            if any(flt.reads_status or flt.self_only or flt.attached for flt in filters):
                raise UnreadError(sentence)  # (a status a permanent entering has not got yet: not read)
            return tuple(OthersEnterTapped(sentence, flt, played) for flt in filters)
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
    """
    if reading.while_text and reading.while_text.lower() not in ("it's your turn", "it is your turn"):
        raise UnreadError(f"activated abilities' costs changed as long as {reading.while_text}")
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
    return tuple(
        AbilityLoss(sentence, flt, reading.except_mana, power, toughness, stays_tapped=reading.stays_tapped)
        for flt in filters
    )


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
        change = TypeChange(
            sentence, flt, (), False, sets_types=TypeLine(card_types=card_types, subtypes=subtypes)
        )
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


def _type_change(reading: s.TypeChangeReading, sentence: str) -> TypeChange | None:
    """The type change a reading makes (layer 4), or None when its types are none this reads.

    >>> from models.oracle.grammar import parse_static
    >>> text = "Nontoken creatures you control are Forest lands in addition to their other types"
    >>> ashaya = _type_change(parse_static(text), text)
    >>> ashaya.affected.describe(), ashaya.card_types, ashaya.land_types, ashaya.adds
    ('nontoken creature you control', ('Land',), ('Forest',), True)
    >>> text = "~ is every basic land type"
    >>> everywhere = _type_change(parse_static(text), text)
    >>> everywhere.affected.self_only, everywhere.land_types, everywhere.adds
    (True, ('Plains', 'Island', 'Swamp', 'Mountain', 'Forest'), True)
    """
    affected = _retyped(reading.subject)
    if reading.supertypes and (
        affected.self_only
        or reading.which is not s.TypeSet.LISTED
        or not reading.adds
        or reading.base_mana_value
        or reading.while_text
        or reading.turn
    ):
        raise UnreadError(f"a supertype beside other than types added: {sentence}")
    if affected.self_only:
        return _own_type_change(reading, sentence)
    if reading.turn:
        raise UnreadError(f"a type change of others during a turn: {sentence}")
    if reading.base_mana_value:
        # (Opalescence: made creatures with base power and toughness each their mana value, layer 7b, CR
        # 613.4b; their summoning sickness is the board's, CR 302.6; March of the Machines' 'artifact
        # creature' adds both card types, CR 205.1b)
        if (
            reading.types not in (("Creature",), ("Artifact", "Creature"))
            or not reading.adds
            or reading.which is not s.TypeSet.LISTED
        ):
            raise UnreadError(sentence)
        if reading.while_text and not isinstance(
            parsed_condition(reading.while_text), r.CountersOnSelfAtLeast
        ):
            # (Starfield of Nyx's 'As long as you control five or more enchantments, ...': a count of
            # permanents by their types, judged in layer 4 with the effects it depends on, CR 613.8a)
            held = layer4_condition(reading.while_text, sentence)
            return TypeChange(
                sentence, affected, (), True, card_types=reading.types, condition=held, base_mana_value=True
            )
        return TypeChange(
            sentence,
            affected,
            (),
            True,
            card_types=reading.types,
            while_counter=_while(reading),
            base_mana_value=True,
        )
    if reading.which is s.TypeSet.LISTED and reading.adds:
        return _types_added(reading, affected, sentence)
    if reading.which is s.TypeSet.EVERY_CREATURE_TYPE:
        return TypeChange(
            sentence, affected, (), True, subtypes=lexicon.CREATURE_TYPES, while_counter=_while(reading)
        )
    if reading.which is s.TypeSet.CHOSEN_CREATURE_TYPE or (
        reading.which is s.TypeSet.CHOSEN and "Creature" in affected.types
    ):
        return _chosen_creature_type(reading, affected, sentence)
    if reading.which is s.TypeSet.SECOND_CHOSEN:
        # (Illusionary Terrain: lands only, CR 305.7; the type the board's choices.basic_land_types gives)
        if "Land" not in affected.types:
            raise UnreadError(f"the second chosen type of what may be no land: {sentence}")
        return TypeChange(sentence, affected, (), reading.adds, second_chosen=True)
    if reading.which is s.TypeSet.LISTED and any(t in CARD_TYPES for t in reading.types):
        # ('Creatures you control are lands.': card types set, not added, CR 205.1a: reported, never ignored)
        raise UnreadError(f"card types set: {sentence}")
    if reading.which is s.TypeSet.LISTED and not all(t in BASIC_LAND_TYPES for t in reading.types):
        return None
    if "Land" not in affected.types:
        return None
    if reading.which is s.TypeSet.EVERY_LAND_TYPE and not reading.adds:
        raise UnreadError("every land type set (CR 305.7 sets basic land types)")
    land_types = {
        s.TypeSet.EVERY_BASIC_LAND_TYPE: tuple(BASIC_LAND_TYPES),
        s.TypeSet.EVERY_LAND_TYPE: lexicon.LAND_TYPES,
    }.get(reading.which, reading.types)
    chosen = reading.which is s.TypeSet.CHOSEN
    return TypeChange(
        sentence, affected, land_types, reading.adds, chosen=chosen, while_counter=_while(reading)
    )


def _power_defined(reading: s.DefinedPower, sentence: str) -> PowerDefined:
    """'~'s power is equal to the number of basic land types among lands you control': a characteristic-
    defining ability (layer 7a, CR 604.3), read, not applied to what reads a power.

    >>> from models.oracle.grammar import parse_static
    >>> text = "~'s power and toughness are each equal to twice the number of creatures you control"
    >>> maro = _power_defined(parse_static(text), text)
    >>> maro.amount.filter.describe(), maro.times, maro.toughness
    ('creature you control', 2, True)
    """
    factor = {"": 1, "twice": 2, "three times": 3, "four times": 4}[reading.times]
    return PowerDefined(sentence, amount(reading.quantity), factor, reading.toughness)


def _made_creatures(reading: s.TypeChangeReading, sentence: str) -> tuple[StaticEffect, ...]:
    """'Forests you control are 1/1 green Elf creatures that are still lands', 'Enchanted Mountain is a 7/7
    red Giant creature with haste': the card type and creature types added, or with neither 'still a land'
    nor 'in addition' set (CR 205.1a-b: a later 'It's still a land.' keeps the others,
    :func:`kept_types`), in layer 4; the colors set in layer 5 and haste given in layer 6, to what the type
    change applied to (CR 613.6); the base power and toughness (layer 7b) kept on the change. Other keywords
    (first strike, trample) change no payment.

    >>> from models.oracle.grammar import parse_static
    >>> text = "Forests you control are 1/1 green Elf creatures that are still lands"
    >>> change, colors = _made_creatures(parse_static(text), text)
    >>> change.affected.describe(), change.card_types, change.subtypes, change.adds, change.base_pt
    ('Forest you control', ('Creature',), ('Elf',), True, (1, 1))
    >>> str(colors.colors), colors.linked
    ('G', True)
    >>> text = "Enchanted Mountain is a 7/7 red Giant creature with haste"
    >>> change, _, haste = _made_creatures(parse_static(text), text)
    >>> str(change.sets_types), change.keeps_subtypes, haste.linked
    ('Creature — Giant', False, True)
    """
    affected = _one_of_types(reading.subject)
    if affected.self_only and reading.while_text:
        return (own_creature_while(reading, sentence),)
    if affected.self_only or reading.while_text:
        raise UnreadError(f"a permanent's own types as a creature, or a condition: {sentence}")
    types = tuple(dict.fromkeys(reading.types))
    card_types = tuple(t for t in types if t in CARD_TYPES)
    subtypes = tuple(t for t in types if t not in card_types)
    if _creature_retyped(affected, card_types, subtypes):
        return (_creature_types_with_base(reading, affected, subtypes, sentence),)
    if "Creature" not in card_types or not all(t in (*_ADDED_CARD_TYPES, "Creature") for t in card_types):
        raise UnreadError(f"a permanent made {' '.join(types)}: {sentence}")
    land_types = tuple(t for t in subtypes if t in BASIC_LAND_TYPES)
    creature_types = tuple(t for t in subtypes if lexicon.SUBTYPES.get(t) == "creature")
    if len(land_types) + len(creature_types) != len(subtypes) or (land_types and "Land" not in card_types):
        raise UnreadError(f"subtypes other than creature types and basic land types: {sentence}")
    if "Artifact" in card_types and creature_types:
        # (CR 205.1b: a '<creature types> artifact creature' replaces its creature types alone)
        raise UnreadError(f"a <creature type> artifact creature: {sentence}")
    power, toughness = (int(part) for part in reading.base_pt.split("/"))
    adds = reading.adds or card_types == ("Artifact", "Creature")  # (CR 205.1b: 'artifact creature')
    if adds:
        change = TypeChange(
            sentence,
            affected,
            land_types,
            True,
            card_types=card_types,
            subtypes=creature_types,
            base_pt=(power, toughness),
        )
    else:
        line = TypeLine(card_types=card_types, subtypes=(*creature_types, *land_types))
        change = TypeChange(sentence, affected, (), False, sets_types=line, base_pt=(power, toughness))
    colors = ManaTypes.parse(reading.colors) if reading.colors else None
    recolored = () if colors is None else (ColorChange(sentence, affected, colors, linked=True),)
    hasted = (GrantHaste(sentence, affected, linked=True),) if "haste" in reading.keywords else ()
    return (change, *recolored, *hasted)


def _creature_retyped(affected: ObjectFilter, card_types: tuple[str, ...], subtypes: tuple[str, ...]) -> bool:
    """True for creature types alone given to creatures ('Enchanted creature is a Turtle with base power and
    toughness 0/1'): no card type said, each subtype a creature type, the objects creatures."""
    return (
        not card_types
        and bool(subtypes)
        and "Creature" in affected.types
        and all(lexicon.SUBTYPES.get(t) == "creature" for t in subtypes)
    )


def _creature_types_with_base(
    reading: s.TypeChangeReading, affected: ObjectFilter, subtypes: tuple[str, ...], sentence: str
) -> TypeChange:
    """'Enchanted creature is a Turtle with base power and toughness 0/1' (Retro-Mutation): its creature
    types replaced by those named (CR 205.1b: its card types kept) or, 'in addition to its other types', added
    (layer 4), its base power and toughness set (layer 7b).

    >>> from models.oracle.grammar import parse_static
    >>> text = "Enchanted creature is a Turtle with base power and toughness 0/1"
    >>> turtle = _creature_types_with_base(parse_static(text), _one_of_types(parse_static(text).subject),
    ...     ("Turtle",), text)
    >>> turtle.sets_types.subtypes, turtle.sets_types.card_types, turtle.base_pt
    (('Turtle',), (), (0, 1))
    """
    if reading.colors or reading.keywords:
        raise UnreadError(f"colors or keywords beside creature types: {sentence}")
    power, toughness = (int(part) for part in reading.base_pt.split("/"))
    if reading.adds:
        return TypeChange(sentence, affected, (), True, subtypes=subtypes, base_pt=(power, toughness))
    line = TypeLine(card_types=(), subtypes=subtypes)
    return TypeChange(sentence, affected, (), False, sets_types=line, base_pt=(power, toughness))


def _one_of_types(subject: s.Subject) -> ObjectFilter:
    """What a type change applies to (:func:`_retyped`), where 'All Forests and all Saprolings' is one
    description: each permanent of one of those types (the objects of one effect, CR 613.6), when the nouns
    name a type each and nothing else.

    >>> from models.oracle.grammar import parse_static
    >>> text = "All Forests and all Saprolings are 1/1 green Saproling creatures that are still lands"
    >>> _one_of_types(parse_static(text).subject).describe()
    'Forest or Saproling'
    """
    if not isinstance(subject, r.Nouns) or len(subject.nouns) == 1:
        return _retyped(subject)
    filters = object_filters(subject)
    plain = [flt for flt in filters if flt == ObjectFilter(types=flt.types) and len(flt.types) == 1]
    if len(plain) != len(filters):
        raise UnreadError("a type change of several descriptions other than one type each")
    return ObjectFilter(any_types=tuple(flt.types[0] for flt in plain))


def kept_types(change: TypeChange, kept: str, sentence: str) -> TypeChange | None:
    """The creature change before 'It's still a land.' (CR 205.1b), its other types kept: the types it set
    added instead; None when the sentence before is no such change, or it did not set types.

    >>> from models.oracle.grammar import parse_static
    >>> text = "Enchanted land is a 3/3 black Ooze creature"
    >>> change = _made_creatures(parse_static(text), text)[0]
    >>> kept = kept_types(change, "Land", "It's still a land.")
    >>> kept.adds, kept.card_types, kept.subtypes, kept.sets_types, kept.text
    (True, ('Creature',), ('Ooze',), None, 'Enchanted land is a 3/3 black Ooze creature')
    """
    line = change.sets_types
    if change.base_pt is None or line is None or change.adds or kept != "Land":
        return None
    if not any(t == "Land" or t in BASIC_LAND_TYPES for t in change.affected.types):
        return None  # (a 'still a land' of what may be no land: not read)
    return replace(
        change,
        adds=True,
        sets_types=None,
        card_types=line.card_types,
        subtypes=tuple(t for t in line.subtypes if t not in BASIC_LAND_TYPES),
        land_types=tuple(t for t in line.subtypes if t in BASIC_LAND_TYPES),
    )


def _chosen_creature_type(reading: s.TypeChangeReading, affected: ObjectFilter, sentence: str) -> TypeChange:
    """'Creatures you control are the chosen type in addition to their other types' (Arcane Adaptation,
    Xenograft; Lifecraft Engine's 'the chosen creature type'): the creature type chosen as the source entered
    added to creatures (CR 205.3d), filled in from the board's ``choices.creature_type``.

    >>> from models.oracle.grammar import parse_static
    >>> text = "Vehicle creatures you control are the chosen creature type in addition to their other types"
    >>> engine = _chosen_creature_type(parse_static(text), ObjectFilter(types=("Vehicle", "Creature")), text)
    >>> engine.chosen_creature, engine.adds, engine.subtypes
    (True, True, ())
    """
    if not reading.adds:
        # (its creature types set, CR 205.1a: not read)
        raise UnreadError(f"a creature type set: {sentence}")
    if "Creature" not in affected.types and not affected.self_only:
        raise UnreadError(f"a creature type added to what may be no creature: {sentence}")
    return TypeChange(sentence, affected, (), True, chosen_creature=True, while_counter=_while(reading))


def own_chosen_type(reading: s.TypeChangeReading, sentence: str, choice: str) -> TypeChange:
    """A card's own 'This creature is the chosen type in addition to its other types.' (Roaming Throne) or
    'This land is the chosen type.' (Multiversal Passage), of the ``choice`` its text makes as it enters
    (``creature_type`` or ``basic_land_type``): the creature type added (CR 205.3d), or the basic land type
    added or set (set: CR 305.7, and its rules text's abilities lost, what it applies to fixed as it
    applied, CR 613.6).

    >>> from models.oracle.grammar import parse_static
    >>> own = parse_static("~ is the chosen type")
    >>> passage = own_chosen_type(own, "~ is the chosen type.", "basic_land_type")
    >>> passage.affected.self_only, passage.chosen, passage.adds
    (True, True, False)
    """
    own = ObjectFilter(self_only=True)
    if reading.while_text or reading.which not in (s.TypeSet.CHOSEN, s.TypeSet.CHOSEN_CREATURE_TYPE):
        raise UnreadError(f"the card's own chosen type: {sentence}")
    if choice == "creature_type":
        return _chosen_creature_type(reading, own, sentence)
    if choice != "basic_land_type" or reading.which is not s.TypeSet.CHOSEN:
        raise UnreadError(f"the card's own chosen type, of no choice its text makes: {sentence}")
    return TypeChange(sentence, own, (), reading.adds, chosen=True)


def _own_type_change(reading: s.TypeChangeReading, sentence: str) -> TypeChange:
    """A card's own types: its 'This land is every basic land type.' (the Everywhere token's), or 'As long
    as ~ has a slumber counter on it, it's a land.' (Arixmethes); any other is not read.

    >>> from models.oracle.grammar import parse_static
    >>> text = "As long as ~ has a slumber counter on it, it's a land"
    >>> isle = _own_type_change(parse_static(text), text)
    >>> str(isle.sets_types), isle.keeps_subtypes, isle.while_counter, isle.loses_abilities
    ('Land', True, 'slumber', False)
    """
    own = ObjectFilter(self_only=True)
    held = reading.turn or reading.while_text
    if reading.while_text and isinstance(named := parsed_condition(reading.while_text), r.ObjectIsType):
        return attached_type_change_while(reading, named, sentence)
    if reading.while_text and isinstance(unnamed := parsed_condition(reading.while_text), r.ObjectIsNotType):
        return animated_unless_creature(reading, unnamed, sentence)
    if reading.base_mana_value:
        raise UnreadError(f"a card's own power and toughness equal to its mana value: {sentence}")
    if reading.types == ("Artifact", "Creature") and held and not reading.adds:
        # ('During turns other than yours, ~ is an artifact creature.', 'As long as ~ has three or more fire
        # counters on it, it's an artifact creature.': a Vehicle's own; CR 205.1b, an 'artifact creature'
        # keeps its other types, and its printed power and toughness, CR 301.7)
        # ('As long as you control eight or more permanents named ~, ~ is an artifact creature.': a count,
        # judged in layer 4, :func:`layer4_condition`)
        counted = reading.while_text and not isinstance(
            parse_condition(reading.while_text), r.CountersOnSelfAtLeast
        )
        kind, least = _counters_held(reading) if reading.while_text and not counted else ("", 1)
        return TypeChange(
            sentence,
            own,
            (),
            True,
            card_types=reading.types,
            while_counter=kind,
            counter_at_least=least,
            while_turn=reading.turn,
            condition=layer4_condition(reading.while_text, sentence) if counted else None,
        )
    if reading.turn:
        raise UnreadError(f"the card's own types during a turn: {sentence}")
    if reading.which is s.TypeSet.EVERY_BASIC_LAND_TYPE and not reading.while_text:
        # (a characteristic-defining ability, CR 604.3, which gives the land the five types beside its own
        # and so their mana abilities, CR 305.6; it sets no type another effect gave, and takes no ability
        # away: CR 305.7 is about an effect that sets a land's subtype)
        return TypeChange(sentence, own, tuple(BASIC_LAND_TYPES), True)
    if (
        reading.which is s.TypeSet.LISTED
        and reading.while_text
        and not reading.adds
        and reading.types
        and all(t in _SET_OWN_CARD_TYPES for t in reading.types)
    ):
        # (its card types set while its counter is on it, CR 205.1a: no creature then, so never summoning
        # sick, and a Kraken no longer, CR 205.3d; its abilities kept: it sets no land type, CR 305.7)
        sets = TypeLine(card_types=tuple(dict.fromkeys(reading.types)))
        return TypeChange(
            sentence, own, (), False, sets_types=sets, keeps_subtypes=True, while_counter=_while(reading)
        )
    # (a card's other own types, which a characteristic-defining ability gives it in every zone, CR 604.3,
    # and so to its spell: not read)
    raise UnreadError(f"the card's own types: {sentence}")


#: The card types a permanent's own conditional sentence may set (not 'creature', which needs a P/T).
_SET_OWN_CARD_TYPES = ("Land", "Artifact", "Enchantment")


def _retyped(subject: s.Subject) -> ObjectFilter:
    """What a type change applies to: the card itself ('~ is every basic land type'), or one description."""
    if isinstance(subject, s.SelfSubject):
        return ObjectFilter(self_only=True)
    if isinstance(subject, s.EveryObject):
        raise UnreadError("a type change of every object")
    return only_filter(subject)


def _types_added(reading: s.TypeChangeReading, affected: ObjectFilter, sentence: str) -> TypeChange | None:
    """'<subject> is/are <types> in addition to its/their other types': card types added ('artifacts',
    ``_ADDED_CARD_TYPES``), creature types added to creatures, basic land types added to lands, or together
    ('Forest lands': Ashaya's, the card type and its subtype, CR 205.1b); each subtype must belong to a card
    type the objects have or are given (CR 205.3d). None when a type is none of those.

    >>> from models.oracle.grammar import parse_static
    >>> text = "Equipped creature is a Knight in addition to its other types"
    >>> knight = _types_added(parse_static(text), ObjectFilter(types=("Creature",)), text)
    >>> knight.subtypes, knight.card_types, knight.land_types
    (('Knight',), (), ())
    """
    types = tuple(dict.fromkeys(reading.types))
    card_types = tuple(t for t in types if t in CARD_TYPES)
    if not all(t in _ADDED_CARD_TYPES for t in card_types):
        return None
    subtypes = [t for t in types if t not in card_types]
    land_types = tuple(t for t in subtypes if t in BASIC_LAND_TYPES)
    creature_types = tuple(t for t in subtypes if lexicon.SUBTYPES.get(t) == "creature")
    artifact_types = tuple(t for t in subtypes if lexicon.SUBTYPES.get(t) == "artifact")
    if len(land_types) + len(creature_types) + len(artifact_types) != len(subtypes):
        return None
    has = {*affected.types, *card_types}
    if land_types and "Land" not in has:
        return None
    # ('All Goblins are ... Zombies': what has a creature type is a creature or kindred, which may have more)
    of_creatures = "Creature" in has or (has and all(lexicon.SUBTYPES.get(t) == "creature" for t in has))
    if creature_types and not of_creatures:
        # (CR 205.3d: a creature type is added to a creature only, which the filter must say)
        raise UnreadError(f"creature types added to what may be no creature: {sentence}")
    if artifact_types and "Artifact" not in has:
        # ('Artifacts you control are Foods ...': an artifact type to artifacts only, CR 205.3d)
        raise UnreadError(f"artifact types added to what may be no artifact: {sentence}")
    return TypeChange(
        sentence,
        affected,
        land_types,
        True,
        card_types=card_types,
        subtypes=(*creature_types, *artifact_types),
        supertypes=reading.supertypes,
        while_counter=_while(reading),
    )


def _not_a_type_while(reading: s.NotATypeWhile, sentence: str) -> TypeChange:
    """'As long as your devotion to green and blue is less than seven, ~ isn't a creature.' (a Theros God):
    its card type taken from the permanent itself (layer 4) while its controller's devotion is below the
    number; any other condition is not read.

    >>> from models.oracle.grammar import parse_static
    >>> text = "As long as your devotion to black is less than five, ~ isn't a creature"
    >>> god = _not_a_type_while(parse_static(text), text)
    >>> god.removes_card_types, str(god.devotion.colors), god.devotion_below, god.affected.self_only
    (('Creature',), 'B', 5, True)
    """
    held = parse_condition(reading.while_text)
    if not isinstance(held, r.DevotionBelow):
        raise UnreadError(f"a type taken away as long as {reading.while_text}")
    return TypeChange(
        sentence,
        ObjectFilter(self_only=True),
        (),
        True,
        removes_card_types=(reading.removed,),
        devotion=Amount(kind=AmountKind.DEVOTION, colors=ManaTypes.parse(held.colors)),
        devotion_below=held.below,
    )


def _counters_held(reading: s.TypeChangeReading) -> tuple[str, int]:
    """The counters the source must have, and how many, for its own type change to apply ('As long as ~ has
    three or more fire counters on it'); any other condition is not read.

    >>> from models.oracle.grammar import parse_static
    >>> text = "As long as ~ has three or more fire counters on it, it's an artifact creature"
    >>> _counters_held(parse_static(text))
    ('fire', 3)
    """
    held = parse_condition(reading.while_text)
    if not isinstance(held, r.CountersOnSelfAtLeast):
        raise UnreadError(f"an effect that applies as long as {reading.while_text}")
    return held.kind, held.at_least


def _while(reading: s.TypeChangeReading) -> str:
    """The counter the source must have for the effect to apply ('As long as ~ has a conqueror counter on
    it'), or '' for an effect with no condition."""
    if not reading.while_text:
        return ""
    held = parse_condition(reading.while_text)
    if not isinstance(held, r.CountersOnSelfAtLeast) or held.at_least != 1:
        raise UnreadError(f"an effect that applies as long as {reading.while_text}")
    return held.kind


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
