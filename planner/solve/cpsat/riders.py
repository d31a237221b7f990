"""The objective's rider levels in the CP-SAT model (:mod:`planner.solve.riders`): what each spell that
reads the mana spent (the target asked for, or a turn's spell) spends of each type, and whether it meets each
of its riders. A turn sums each level over its spells, a spell not cast counting 0 (contract §12: the same
place in the objective as `pay`'s, after what the turn casts, cards, life and sacrifices).

A spell's typed slots say the type of what pays them; its generic (and snow) slots draw on a group of
classes of any type (:func:`~planner.solve.cpsat.layer.spending_rules`), so here each such draw is split
among the group's classes, the splits of every such spell on a class taking no more than it has left after
every typed draw on it. Any other consumer's generic draws take what is left of the group, whatever its type,
so the split adds no constraint a plan does not meet; the extract pass spends the split's units on the spell
(:func:`planner.solve.cpsat.extract.take`).
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from ortools.sat.python import cp_model

from models.mana import TYPE_ORDER, ManaType
from models.riders import (
    ColorsSpent,
    ManaSpent,
    PairSpent,
    SameColorSpent,
    SpentMana,
    SpentRider,
    TreasureSpent,
    TypeSpent,
)
from planner.solve.cpsat.record import ClassKey, Consumer, Expr, GroupKey, PaymentModel, Term, total
from planner.solve.riders import RIDER_LEVELS, from_treasure, rider_levels

__all__ = ["RiderVars", "SpellSpent", "exact_level", "rider_terms", "split_of"]


@dataclass(slots=True)
class SpellSpent:
    """One spell that reads the mana spent (``consumer``: the target, or a turn's spell), whether it is
    cast (1 for the target), what its generic draws take of each class (the split), and what it spends of
    each type and from Treasures."""

    consumer: Consumer
    cast: Expr
    split: dict[ClassKey, cp_model.IntVar]
    by_type: dict[ManaType, Expr]
    from_treasures: Expr

    @property
    def riders(self) -> tuple[SpentRider, ...]:
        """The spell's riders on the mana spent."""
        return self.consumer.target.riders


@dataclass(slots=True)
class RiderVars:
    """What the spells that read the mana spent spend (``spells``: the target's alone in a payment), and
    their splits added up by class (``split``: what the extract pass holds back for them)."""

    spells: list[SpellSpent]
    split: dict[ClassKey, cp_model.IntVar]


def rider_terms(record: PaymentModel) -> list[Term]:
    """The levels of :data:`~planner.solve.riders.RIDER_LEVELS`, summed over the spells that read the mana
    spent (the target, or a turn's spells): the five colors less those a converge spell's mana has, then the
    riders each does not meet; a spell not cast counts 0, and both levels are 0 without riders."""
    colors_level, riders_level = RIDER_LEVELS
    main = record.main
    readers = [c for c in main.consumers if c.template < 0 and c.target.riders]
    if not readers:
        return [(colors_level, 0, 1), (riders_level, 0, 1)]
    record.riders = _spent(record, readers)
    model = record.model
    unspent: list[Expr] = []
    unmet: list[Expr] = []
    for reader in record.riders.spells:
        name = reader.consumer.name
        if ColorsSpent() in reader.riders:
            has = []
            for color in TYPE_ORDER[:5]:
                literal = model.new_bool_var(f"{name}_spent_{color.letter}")
                model.add(reader.by_type[color] >= 1).only_enforce_if(literal)
                has.append(literal)
            unspent.append(5 * reader.cast - total(has))
        for number, rider in enumerate(r for r in reader.riders if not isinstance(r, ColorsSpent)):
            met = model.new_bool_var(f"{name}_rider_{number}_met")
            if isinstance(rider, TypeSpent):
                model.add(reader.by_type[rider.mana_type] >= rider.at_least).only_enforce_if(met)
            elif isinstance(rider, PairSpent):
                for part in rider.parts:
                    model.add(reader.by_type[part.mana_type] >= part.at_least).only_enforce_if(met)
            elif isinstance(rider, SameColorSpent):  # (some one color, whichever: one literal each)
                colors = []
                for color in TYPE_ORDER[:5]:
                    enough = model.new_bool_var(f"{name}_rider_{number}_{color.letter}")
                    model.add(reader.by_type[color] >= rider.at_least).only_enforce_if(enough)
                    colors.append(enough)
                model.add(total(colors) >= met)
            elif isinstance(rider, ManaSpent):
                model.add(total(list(reader.by_type.values())) >= rider.at_least).only_enforce_if(met)
            elif isinstance(rider, TreasureSpent):
                model.add(reader.from_treasures >= 1).only_enforce_if(met)
            model.add(met <= reader.cast)  # (a spell not cast meets nothing, and misses nothing)
            unmet.append(reader.cast - met)
    return [
        (colors_level, total(unspent), 5 * len(unspent) + 1),
        (riders_level, total(unmet), len(unmet) + 1),
    ]


def split_of(record: PaymentModel, consumer: Consumer) -> dict[ClassKey, cp_model.IntVar]:
    """What the consumer's generic draws take of each class, when it reads the mana spent (else empty)."""
    spells = record.riders.spells if record.riders is not None else []
    return next((spell.split for spell in spells if spell.consumer is consumer), {})


def _spent(record: PaymentModel, readers: list[Consumer]) -> RiderVars:
    """Each reader's mana by type and from Treasures, its generic draws split among their groups'
    classes."""
    layer = record.main
    model = record.model
    typed: dict[ClassKey, list[Expr]] = defaultdict(list)  # every consumer's typed draws on each class
    for consumer in layer.consumers:
        for (key, _), var in consumer.pay.items():
            typed[key].append(var)
    shares: dict[ClassKey, list[cp_model.IntVar]] = defaultdict(list)  # every reader's split on each class
    treasures = {
        record.producer[t.index] for t in record.templates if from_treasure(record.problem.view, t.pid)
    }
    found = []
    for reader in readers:
        taken: dict[ClassKey, list[Expr]] = defaultdict(list)  # the reader's draws on each class
        for (key, _), var in reader.pay.items():
            taken[key].append(var)
        blind: dict[GroupKey, list[cp_model.IntVar]] = defaultdict(list)
        for (group, _), var in reader.blind.items():
            blind[group].append(var)
        split: dict[ClassKey, cp_model.IntVar] = {}
        for group, draws in blind.items():
            parts = []
            for key in layer.groups[group]:
                label = f"{reader.name}_generic_{key[0].letter}_{key[2]}"
                share = model.new_int_var(0, layer.supply_bound[key], label)
                shares[key].append(share)
                split[key] = share
                parts.append(share)
                taken[key].append(share)
            model.add(total(parts) == total(draws))
        by_type = {t: total([v for key, vs in taken.items() if key[0] is t for v in vs]) for t in TYPE_ORDER}
        from_treasures = total(
            [v for key, vs in taken.items() if key[2] >= 0 and key[2] in treasures for v in vs]
        )
        cast = layer.cast[reader.spell] if reader.spell >= 0 else 1
        found.append(SpellSpent(reader, cast, split, by_type, from_treasures))
    added: dict[ClassKey, cp_model.IntVar] = {}
    for key, claimed in shares.items():
        model.add(total(typed[key]) + total(claimed) <= layer.supply[key])
        added[key] = claimed[0]
        if len(claimed) > 1:
            added[key] = model.new_int_var(0, layer.supply_bound[key], f"generic_{key[0].letter}_{key[2]}")
            model.add(added[key] == total(claimed))
    return RiderVars(found, added)


def exact_level(record: PaymentModel, solver: cp_model.CpSolver, name: str) -> int | None:
    """A rider level's value in the solver's current solution, worked out from what each spell that reads
    the mana spent spends (its literals only bound it, as 'colors lost''s do); None for any other level, or
    when it is constant."""
    if record.riders is None or name not in RIDER_LEVELS:
        return None
    level = RIDER_LEVELS.index(name)
    found = 0
    for reader in record.riders.spells:
        if not (reader.cast if isinstance(reader.cast, int) else solver.value(reader.cast)):
            continue  # (a spell not cast counts 0)
        mana = SpentMana(
            tuple(int(solver.value(reader.by_type[t])) for t in TYPE_ORDER),
            int(solver.value(reader.from_treasures)),
        )
        found += rider_levels(reader.riders, mana)[level]
    return found
