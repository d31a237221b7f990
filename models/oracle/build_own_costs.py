"""A spell's own cost changed on a condition, by a count or by an amount
(:mod:`models.oracle.own_cost_readings`) to the :class:`~models.mana_effects.CostModifier` records the
planner applies as the spell's total cost is locked in (CR 601.2f).

>>> from models.oracle.grammar import parse_static
>>> hope = "If you have 3 or less life, ~ costs {6} less to cast."
>>> (avatar,) = own_cost_effects(parse_static(hope), hope)
>>> avatar.generic_delta, avatar.amount.kind.value, avatar.amount.constant, avatar.at_least
(-6, 'life_at_most', 3, 1)
"""

from __future__ import annotations

from dataclasses import replace

from models.abilities import Amount, AmountKind, ObjectFilter, TurnCondition, Who
from models.mana import ManaBag, ManaTypes
from models.mana_effects import CostModifier
from models.oracle import readings as r
from models.oracle.build_filters import amount, object_filter, only_noun
from models.oracle.grammar import UnreadError
from models.oracle.own_cost_readings import (
    BothCounts,
    CardTypesAmong,
    ColorsAmong,
    CreatureTypesAmong,
    Died,
    DifferentlyNamed,
    InExileAndGraveyard,
    LifeAtMost,
    LifeGainedPer,
    OpponentControls,
    OpponentEmptyHand,
    OpponentMoreThanYou,
    OwnCostChange,
    OwnCounted,
    SacrificedThisTurn,
    SpellsCastThisTurn,
    TargetsA,
    TotalPower,
    TotalToughness,
)
from models.oracle.turn_event_rules import died_creatures

__all__ = ["attacking_count", "graveyard_cards", "own_cost_effects", "own_reduction"]


def own_reduction(
    sentence: str,
    delta: int,
    counted: ObjectFilter | Amount,
    colored: ManaBag = ManaBag(),
    *,
    anyone: bool = False,
) -> CostModifier:
    """A spell's change of its own cost: ``delta`` for each permanent its caster controls that ``counted``
    matches (affinity: CR 702.41a), or with ``anyone`` each one on the battlefield (Blasphemous Act), or
    ``delta`` times an amount counted as the total cost is locked in (CR 601.2f: the cards of a graveyard,
    the greatest power, a fact of the turn).

    >>> own_reduction("~ costs {1} less.", -1, Amount(kind=AmountKind.DIED_THIS_TURN)).amount.kind.value
    'died_this_turn'
    """
    return CostModifier(
        text=sentence,
        who=Who.YOU,
        spells=ObjectFilter(),
        colors=ManaTypes(),
        generic_delta=delta,
        own=True,
        for_each=None
        if isinstance(counted, Amount)
        else replace(counted, controller=Who.ANY if anyone else Who.YOU),
        amount=counted if isinstance(counted, Amount) else None,
        colored=colored,
    )


def graveyard_cards(what: r.Nouns) -> ObjectFilter:
    """The cards of its caster's graveyard a spell's own cost change counts: one description ('creature card',
    'black creature card'), or card types joined by 'and', 'or' or 'and/or' ('instant and sorcery card',
    'artifact and/or creature card': a card of either type).

    >>> from models.oracle.grammar import parse_objects
    >>> graveyard_cards(parse_objects("instant and sorcery card in your graveyard")).any_types
    ('Instant', 'Sorcery')
    >>> graveyard_cards(parse_objects("artifact and/or creature card in your graveyard")).any_types
    ('Artifact', 'Creature')
    >>> graveyard_cards(parse_objects("black creature card in your graveyard")).describe()
    'black creature'
    """
    if len(what.nouns) == 1:
        found = amount(r.CountOf(what))
        assert found.filter is not None
        return found.filter
    bare = [replace(noun, zone="", head=r.Head.TYPES) for noun in what.nouns]
    if what.joiner not in ("and", "or", "and/or") or any(
        len(noun.types) != 1 or noun != r.Noun(types=noun.types) for noun in bare
    ):
        raise UnreadError(f"a count of cards in a graveyard: {what.joiner} between descriptions")
    return ObjectFilter(any_types=tuple(noun.types[0] for noun in bare))


def attacking_count(what: r.Nouns) -> Amount | None:
    """The count of 'attacking creature (you control)' (Ancient Stone Idol, Embercleave), or None when
    ``what`` names no attacking creatures.

    >>> from models.oracle.grammar import parse_objects
    >>> attacking_count(parse_objects("attacking creature you control")).filter.describe()
    'creature you control'
    """
    if len(what.nouns) != 1 or not what.nouns[0].attacking:
        return None
    counted = object_filter(replace(what.nouns[0], attacking=False))
    if counted.controller not in (Who.YOU, Who.ANY):
        raise UnreadError(f"a count of {what.words()}")
    return Amount(kind=AmountKind.ATTACKING, filter=counted)


def own_cost_effects(reading: OwnCostChange, sentence: str) -> tuple[CostModifier, ...]:
    """The changes the reading makes: one, or one for each of two counts added ('for each Cave you control
    and each Cave card in your graveyard')."""
    written = reading.symbols[1:-1]
    if reading.symbols.count("{") != 1 or not (written == "X" or (written.isascii() and written.isdigit())):
        raise UnreadError(f"a change of a spell's own cost by {reading.symbols}")
    generic = 1 if written == "X" else int(written)
    delta = generic if reading.more else -generic
    counted = reading.counted
    if isinstance(counted, BothCounts):
        return tuple(
            own_cost_effects(replace(reading, counted=r.CountOf(what)), sentence)[0]
            for what in (counted.first, counted.second)
        )
    if isinstance(counted, r.CountOf) and counted.what.nouns[-1].zone != "graveyard":
        # ('each Cave you control': affinity's count, CR 702.41a)
        mine = only_noun(counted.what)
        if mine.controller is not r.Controller.YOU:
            raise UnreadError(f"a spell's own cost changed for each {counted.what.words()}")
        return (replace(own_reduction(sentence, delta, object_filter(mine)), at_least=reading.at_least),)
    if isinstance(counted, TargetsA):  # ('if it targets a creature with flying': Swampsnare Trap, CR 601.2c)
        # (its controller, 'an opponent's creature token', is the spell's caster's opponent: judged by
        # planner.rules.spell_cost against the caster)
        targeted = object_filter(only_noun(counted.what))
        once = replace(own_reduction(sentence, delta, ObjectFilter()), at_least=reading.at_least)
        return (replace(once, for_each=None, per_targeted=targeted),)
    changed = own_reduction(sentence, delta, _amount(counted))
    return (replace(changed, at_least=reading.at_least),)


def _yours(what: r.Nouns) -> ObjectFilter:
    """The filter of permanents its caster controls ('creatures you control')."""
    flt = object_filter(only_noun(what))
    if flt.controller is not Who.YOU:
        raise UnreadError(f"a spell's own cost counts {what.words()}, not its caster's")
    return flt


def _amount(counted: OwnCounted) -> Amount:
    """What a spell's own cost change counts, as the planner counts it."""
    match counted:
        case Died(what):  # (which creature died: planner.rules.turn_facts.creatures_died)
            return Amount(
                kind=AmountKind.DIED_THIS_TURN, filter=None if what is None else died_creatures(what)
            )
        case TurnCondition(amount):  # (an event of the turn the board records: planner.rules.turn_facts)
            return amount
        case r.CountOf(
            what
        ):  # (cards in its caster's graveyard: Igneous Elemental, The Cauldron of Eternity)
            return Amount(kind=AmountKind.GRAVEYARD, filter=graveyard_cards(what))
        case CardTypesAmong(among):
            if among != r.Nouns((r.Noun(head=r.Head.CARD, zone="graveyard"),)):
                raise UnreadError(f"card types among {among.words()}")
            return Amount(kind=AmountKind.GRAVEYARD_TYPES)
        case CreatureTypesAmong(among):
            return Amount(kind=AmountKind.CREATURE_TYPES, filter=_yours(among))
        case ColorsAmong(among):
            return Amount(kind=AmountKind.COLORS_AMONG, filter=_yours(among))
        case TotalPower(among):
            return Amount(kind=AmountKind.TOTAL_POWER, filter=_yours(among))
        case TotalToughness(among):
            return Amount(kind=AmountKind.TOTAL_TOUGHNESS, filter=_yours(among))
        case DifferentlyNamed(among):
            return Amount(kind=AmountKind.DISTINCT_NAMES, filter=_yours(among))
        case OpponentControls(what) | OpponentMoreThanYou(what):
            noun = only_noun(what)
            if noun.controller is not r.Controller.UNSAID:
                raise UnreadError(f"an opponent controls {what.words()}")
            kind = AmountKind.OPPONENT_MOST
            if isinstance(counted, OpponentMoreThanYou):
                kind = AmountKind.MORE_THAN_YOU
            return Amount(kind=kind, filter=object_filter(noun))
        case OpponentEmptyHand():
            return Amount(kind=AmountKind.OPPONENT_EMPTY_HAND)
        case LifeAtMost(at_most):
            return Amount(kind=AmountKind.LIFE_AT_MOST, constant=at_most)
        case LifeGainedPer(per):
            if per < 1:
                raise UnreadError(f"for each {per} life you gained this turn")
            return Amount(kind=AmountKind.LIFE_GAINED, constant=per)
        case SacrificedThisTurn():
            return Amount(kind=AmountKind.SACRIFICED_ALL)
        case SpellsCastThisTurn():  # (every player's spells before this one, CR 601.2f)
            return Amount(kind=AmountKind.SPELLS_CAST_ALL)
        case InExileAndGraveyard(what):
            cards = graveyard_cards(r.Nouns((replace(what, zone="graveyard"),)))
            return Amount(kind=AmountKind.EXILE_AND_GRAVEYARD, filter=cards)
    raise UnreadError(f"a spell's own cost changed by {counted}")
