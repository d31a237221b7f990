"""The objective's rider levels in the CP-SAT model (:mod:`planner.solve.riders`): what the payment asked for
spends of each type, and whether it meets each of the spell's riders on the mana spent.

The target's typed slots say the type of what pays them; its generic (and snow) slots draw on a group of
classes of any type (:func:`~planner.solve.cpsat.layer.spending_rules`), so here each such draw is split
among the group's classes, each class giving no more than it has left after every typed draw on it. Any
other consumer's generic draws take what is left of the group, whatever its type, so the split adds no
constraint a plan does not meet; the extract pass spends the split's units on the target
(:func:`planner.solve.cpsat.extract.take`).
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from ortools.sat.python import cp_model

from models.mana import TYPE_ORDER, ManaType
from models.riders import ColorsSpent, ManaSpent, SpentMana, TreasureSpent, TypeSpent
from planner.solve.cpsat.record import ClassKey, Expr, GroupKey, PaymentModel, Term, total
from planner.solve.riders import RIDER_LEVELS, from_treasure, rider_levels

__all__ = ["RiderVars", "exact_level", "rider_terms"]


@dataclass(slots=True)
class RiderVars:
    """What the target's generic draws take of each class (the split), and what the target spends of each
    type and from Treasures."""

    split: dict[ClassKey, cp_model.IntVar]
    by_type: dict[ManaType, Expr]
    from_treasures: Expr


def rider_terms(record: PaymentModel) -> list[Term]:
    """The levels of :data:`~planner.solve.riders.RIDER_LEVELS`: the five colors less those the target's
    mana has (converge), then the riders it does not meet; both 0 for a target without riders (and for a
    turn's spells, which this model does not weigh so)."""
    colors_level, riders_level = RIDER_LEVELS
    riders = record.main.target.riders
    if not riders or record.problem.turn is not None:
        return [(colors_level, 0, 1), (riders_level, 0, 1)]
    spent = _spent(record)
    record.riders = spent
    model = record.model
    terms: list[Term] = []
    if ColorsSpent() in riders:
        has = []
        for color in TYPE_ORDER[:5]:
            literal = model.new_bool_var(f"spent_{color.letter}")
            model.add(spent.by_type[color] >= 1).only_enforce_if(literal)
            has.append(literal)
        terms.append((colors_level, 5 - total(has), 6))
    else:
        terms.append((colors_level, 0, 1))
    unmet: list[Expr] = []
    for number, rider in enumerate(r for r in riders if not isinstance(r, ColorsSpent)):
        met = model.new_bool_var(f"rider_{number}_met")
        if isinstance(rider, TypeSpent):
            model.add(spent.by_type[rider.mana_type] >= rider.at_least).only_enforce_if(met)
        elif isinstance(rider, ManaSpent):
            model.add(total(list(spent.by_type.values())) >= rider.at_least).only_enforce_if(met)
        elif isinstance(rider, TreasureSpent):
            model.add(spent.from_treasures >= 1).only_enforce_if(met)
        unmet.append(1 - met)
    terms.append((riders_level, total(unmet), len(unmet) + 1))
    return terms


def _spent(record: PaymentModel) -> RiderVars:
    """The target's mana by type and from Treasures, its generic draws split among their groups' classes."""
    layer = record.main
    target = layer.consumers[0]
    model = record.model
    typed: dict[ClassKey, list[Expr]] = defaultdict(list)  # every consumer's typed draws on each class
    for consumer in layer.consumers:
        for (key, _), var in consumer.pay.items():
            typed[key].append(var)
    taken: dict[ClassKey, list[Expr]] = defaultdict(list)  # the target's draws on each class
    for (key, _), var in target.pay.items():
        taken[key].append(var)
    blind: dict[GroupKey, list[cp_model.IntVar]] = defaultdict(list)
    for (group, _), var in target.blind.items():
        blind[group].append(var)
    split: dict[ClassKey, cp_model.IntVar] = {}
    for group, draws in blind.items():
        keys = layer.groups[group]
        parts = []
        for key in keys:
            share = model.new_int_var(0, layer.supply_bound[key], f"target_generic_{key[0].letter}_{key[2]}")
            model.add(total(typed[key]) + share <= layer.supply[key])
            split[key] = share
            parts.append(share)
            taken[key].append(share)
        model.add(total(parts) == total(draws))
    treasures = {
        record.producer[t.index] for t in record.templates if from_treasure(record.problem.view, t.pid)
    }
    by_type = {t: total([v for key, vs in taken.items() if key[0] is t for v in vs]) for t in TYPE_ORDER}
    from_treasures = total(
        [v for key, vs in taken.items() if key[2] >= 0 and key[2] in treasures for v in vs]
    )
    return RiderVars(split, by_type, from_treasures)


def exact_level(record: PaymentModel, solver: cp_model.CpSolver, name: str) -> int | None:
    """A rider level's value in the solver's current solution, worked out from what the target spends (its
    literals only bound it, as 'colors lost''s do); None for any other level, or when it is constant."""
    if record.riders is None or name not in RIDER_LEVELS:
        return None
    spent = record.riders
    mana = SpentMana(
        tuple(int(solver.value(spent.by_type[t])) for t in TYPE_ORDER),
        int(solver.value(spent.from_treasures)),
    )
    return dict(zip(RIDER_LEVELS, rider_levels(record.main.target.riders, mana), strict=True))[name]
