"""The arrangement of an optimal choice as a plan: the taps, then the specials in an order that pays
them, then the payment."""

from __future__ import annotations

from collections.abc import Sequence

from models.mana import TYPE_ORDER, ManaBag
from planner.rules.pool import ManaUnit
from planner.rules.production import (
    ManaTag,
)
from planner.rules.replay import Plan, Step
from planner.solve.fast.kinds import _Option
from planner.solve.fast.search import _Choice, _DeclinedError
from planner.solve.fast.sources import _Reduced, _Source

#: How many partial orders :func:`_plan` may try for the specials before it declines.
_MAX_ARRANGEMENTS = 256

_Pool = list[list[ManaUnit]]  # the mana in the pool, by type in WUBRGC order


def _plan(problem: _Reduced, choice: _Choice) -> Plan:
    """The plan for a choice: one step per source that only taps, in board order, then the specials in an
    order in which each one's cost is paid by mana made before it, then the exact payment. Raises
    ``_DeclinedError`` when it finds no such order (the choice came from totals, a relaxation).

    A special may make and take other types than the choice says, with the same ability, amounts and
    damage (:func:`_same_use`): every level of the objective stays the same."""
    steps: list[Step] = []
    pool: _Pool = [[] for _ in range(6)]
    for unit in problem.pool:
        pool[TYPE_ORDER.index(unit.type)].append(unit)
    taps = sorted(choice.taps, key=lambda tap: tap[0].position)
    for source, option in taps:
        if not option.special:
            steps.append(_tap_step(pool, source, option))
    target = list(choice.mode.typed)
    budget = [_MAX_ARRANGEMENTS]
    waiting = [tap for tap in taps if tap[1].special]
    arranged = _arrange(pool, waiting, target, choice.mode.mana, budget)
    if arranged is None:
        raise _DeclinedError
    more, spent = arranged
    return Plan((*steps, *more), spent, choice.mode.life)


def _arrange(
    pool: _Pool, waiting: list[tuple[_Source, _Option]], target: list[int], mana: int, budget: list[int]
) -> tuple[list[Step], tuple[ManaUnit, ...]] | None:
    """Steps activating the waiting specials in some order, each paid from the pool as it is then, and the
    mana that pays the target (``target`` per type, ``mana`` in all) at the end; None when there is none
    (or the budget of partial orders runs out)."""
    if not waiting:
        return _pay_target(pool, target, mana)
    for number, (source, chosen) in enumerate(waiting):
        rest = waiting[:number] + waiting[number + 1 :]
        wanted = [target[t] + sum(o.pays[t] for _, o in rest) for t in range(6)]
        for option in sorted(_same_use(source, chosen), key=lambda o: o != chosen):
            budget[0] -= 1
            if budget[0] < 0:
                return None
            after = [list(units) for units in pool]
            paid = _fund(after, option, wanted)
            if paid is None:
                continue
            step = Step(
                permanent=source.pid,
                ability=option.ability,
                produced=_made(after, source, option),
                order=_order(source, option),
                paid_with=paid,
            )
            found = _arrange(after, rest, target, mana, budget)
            if found is not None:
                return [step, *found[0]], found[1]
    return None


def _pay_target(pool: _Pool, target: list[int], mana: int) -> tuple[list[Step], tuple[ManaUnit, ...]] | None:
    """The pool's mana that pays the target: its typed part, then generic mana from what is left."""
    spent: list[ManaUnit] = []
    for t, count in enumerate(target):
        if len(pool[t]) < count:
            return None
        spent += pool[t][:count]
    left = [unit for t, units in enumerate(pool) for unit in units[target[t] :]]
    generic = mana - sum(target)
    if len(left) < generic:
        return None
    return [], (*spent, *left[:generic])


def _made(pool: _Pool, source: _Source, option: _Option) -> tuple[tuple[str, ManaBag], ...]:
    """Put the option's mana in the pool; what it made, by source (as the replayer groups it)."""
    known = source.made.get(option)
    if known is None:
        known = source.made[option] = _making(source, option)
    produced, units = known
    for t, unit, count in units:
        pool[t] += [unit] * count
    return produced


def _tap_step(pool: _Pool, source: _Source, option: _Option) -> Step:
    """The step of an option that only taps, its mana put in the pool (kept with the source with the units
    it makes, as :func:`_made` keeps what it makes: such a step is the same in every plan)."""
    known = source.steps.get(option)
    if known is None:
        produced, units = _making(source, option)
        step = Step(
            permanent=source.pid, ability=option.ability, produced=produced, order=_order(source, option)
        )
        known = source.steps[option] = (step, units)
    step, units = known
    for t, unit, count in units:
        pool[t] += [unit] * count
    return step


def _making(
    source: _Source, option: _Option
) -> tuple[tuple[tuple[str, ManaBag], ...], tuple[tuple[int, ManaUnit, int], ...]]:
    """What the option makes, by source (as the replayer groups it), and its units as (type's index, unit,
    how many), in the order they go into the pool."""
    by_source: dict[str, ManaBag] = {}
    units: list[tuple[int, ManaUnit, int]] = []
    for bag, tag in option.parts:
        if not tag.source:
            tag = ManaTag(
                source=source.pid,
                snow=tag.snow,
                restriction=tag.restriction,
                chosen_type=tag.chosen_type,
                riders=tag.riders,
                persists=tag.persists,
                creature=tag.creature,
                basic_land=tag.basic_land,
                treasure=tag.treasure,
            )
        by_source[tag.source] = by_source[tag.source] + bag if tag.source in by_source else bag
        for t, count in enumerate(bag.counts):
            if count:
                units.append((t, ManaUnit(TYPE_ORDER[t], tag), count))
    produced = tuple(sorted(by_source.items())) if len(by_source) > 1 else tuple(by_source.items())
    return produced, tuple(units)


def _same_use(source: _Source, chosen: _Option) -> list[_Option]:
    """The source's options that differ from ``chosen`` only in the types of the mana they make and take
    (the same ability, amounts and damage): every level of the objective is the same for them."""
    key = (chosen.ability, chosen.total, chosen.damage, chosen.generic, chosen.sacrifice, sum(chosen.pays))
    return [
        o
        for o in source.options
        if (o.ability, o.total, o.damage, o.generic, o.sacrifice, sum(o.pays)) == key
    ]


def _order(source: _Source, option: _Option) -> tuple[str, ...]:
    """The order in which replacement effects applied to the option's mana, with real ids."""
    return tuple(pid or source.pid for pid in option.order)


def _fund(by_type: _Pool, option: _Option, wanted: Sequence[int]) -> tuple[ManaUnit, ...] | None:
    """Take the mana for a special's cost from what is made so far: its typed part, then generic mana from
    the types with the most to spare over what the target and the other specials still want of them; None
    (nothing taken) when there is not enough."""
    if any(len(by_type[t]) < option.pays[t] for t in range(6)):
        return None
    # what the special makes counts as spare too: it is there again once the special resolves
    spare = [len(by_type[t]) - option.pays[t] - wanted[t] + option.counts[t] for t in range(6)]
    takes = list(option.pays)
    for _ in range(option.generic):
        t = max(range(6), key=lambda k: (spare[k] if len(by_type[k]) > takes[k] else -(10**9), -k))
        if len(by_type[t]) <= takes[t]:
            return None
        takes[t] += 1
        spare[t] -= 1
    paid: list[ManaUnit] = []
    for t, count in enumerate(takes):
        paid += by_type[t][:count]
        del by_type[t][:count]
    return tuple(paid)


# ------------------------------------------------------------------------------------------ the public calls
