"""The additional-cost sacrifice pass (contract §12, CR 601.2f-h): "As an additional cost to cast this
spell, sacrifice a land" (Harrow) chosen in the model, together with the mana, rather than after it.

The player activates mana abilities first and pays the total cost afterwards (CR 601.2g-h), so a permanent
tapped for mana may then be sacrificed for the cost, but one a mana ability took off the battlefield (a
Treasure sacrificed for its mana) may not. For each cost and each group of interchangeable permanents that
may pay it (a permanent alone is a group of one: :attr:`PaymentModel.members`), a variable counts how many
of the group the cost sacrifices; each cost takes exactly its count, and a group gives no more than the
mana abilities left of it. The objective weighs them as it weighs any sacrifice (valuable, or by design at
what it could still make: :mod:`planner.solve.cpsat.objective`), and a group counts as touched as often as
its permanents are tapped or sacrificed, whichever is more: the ones sacrificed are those tapped for mana
first, lowest ids first (:func:`~planner.rules.additional_costs.sacrificed_ids`), as the touched levels
read a group.

The pass is for the payment alone (no kept cost, no card in hand kept castable, no turn): a later layer
would have to leave out what the cost sacrificed, which this model does not encode.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from ortools.sat.python import cp_model

from models.additional_costs import SacrificeCost
from planner.rules.additional_costs import sacrifice_candidates
from planner.solve.cpsat.record import Expr, PaymentModel, total

__all__ = ["SacrificeVars", "declare_sacrifices", "sacrificed_counts", "touched_with"]


@dataclass(slots=True)
class SacrificeVars:
    """How many of each group (by the id that stands for it) the additional costs sacrifice, and how many of
    it the payment's mana abilities take off the battlefield."""

    chosen: dict[str, Expr]
    gone: dict[str, Expr]
    #: True when the costs tap the permanents rather than sacrifice them (none the payment's mana abilities
    #: touch: CR 601.2h)
    tapped: bool = False


def sacrifice_costs(record: PaymentModel) -> tuple[SacrificeCost, ...]:
    """The target's additional sacrifices that this pass plans (none outside a payment alone)."""
    problem = record.problem
    if problem.turn is not None or problem.keep is not None or problem.hand:
        return ()
    # (costs that tap beside costs that sacrifice are chosen after the mana: planner.additional)
    costs = tuple(cost for cost in problem.asked.additional_costs if isinstance(cost, SacrificeCost))
    return () if len({cost.tapped for cost in costs}) > 1 else costs


def declare_sacrifices(record: PaymentModel) -> None:
    """The variables of the additional sacrifices (CR 601.2h): exactly ``count`` of each cost's candidates,
    none that a mana ability of the plan took off the battlefield, none sacrificed twice.

    Bone Splinters ({1}{B}, sacrifice a creature) from two Swamps and Llanowar Elves: the Elves tap for
    mana and are then sacrificed, and a Swamp stays open.

    >>> from dataclasses import replace
    >>> from models import Board, PaymentTarget
    >>> from planner.solve.cpsat import solve_payment
    >>> from planner.solve.problem import PaymentProblem
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
    ...     {"id": "s1", "card": "Swamp", "controller": "me"},
    ...     {"id": "s2", "card": "Swamp", "controller": "me"},
    ...     {"id": "elf", "card": "Llanowar Elves", "controller": "me"}]})
    >>> target = replace(PaymentTarget.of("{1}{B}"), additional_costs=(SacrificeCost(1, ("Creature",)),))
    >>> solution = solve_payment(PaymentProblem.of(board, target))
    >>> solution.status.value, sorted(step.permanent for step in solution.plan.steps)
    ('optimal', ['elf', 's1'])
    >>> solution.additional_sacrificed
    ((('elf',), 1),)
    """
    costs = sacrifice_costs(record)
    if not costs:
        return
    model = record.model
    group_of = _groups(record)
    tapped = costs[0].tapped
    gone: dict[str, list[Expr]] = defaultdict(list)
    for template in record.templates:
        # (one tapped for the cost is untapped as the cost is paid: no mana ability of the plan touched it)
        touched = (template.pid, *template.tapped, *template.removed, *template.choices.untapped)
        for pid in touched if tapped else template.gone:
            gone[group_of.get(pid, pid)].append(record.main.use[template.index])
    if tapped:  # (and convoke's and improvise's taps)
        for pid, tapping in record.chosen.taps.items():
            gone[group_of.get(pid, pid)].append(tapping)
    chosen: dict[str, list[Expr]] = defaultdict(list)
    for number, cost in enumerate(costs):
        counts: dict[str, int] = defaultdict(int)
        for pid in sacrifice_candidates(record.board, record.player, cost):
            counts[group_of.get(pid, pid)] += 1
        parts = []
        for group, most in counts.items():
            variable = model.new_int_var(0, most, f"additional_{number}_sacrifices_{group}")
            chosen[group].append(variable)
            parts.append(variable)
        model.add(total(parts) == cost.count)
    sums = {group: total(parts) for group, parts in chosen.items()}
    gone_sums = {group: total(gone.get(group, [])) for group in sums}
    for group, amount in sums.items():
        model.add(amount + gone_sums[group] <= len(record.members[group]))
    record.sacrifice = SacrificeVars(chosen=sums, gone=gone_sums, tapped=tapped)


def _groups(record: PaymentModel) -> dict[str, str]:
    """The id that stands for each permanent of a group of interchangeable ones."""
    return {member: pid for pid, members in record.members.items() if len(members) > 1 for member in members}


def touched_with(record: PaymentModel, used: dict[str, Expr]) -> dict[str, Expr]:
    """How many of each group the payment touches (``used``: by its mana abilities), with the additional
    sacrifices: as many as it taps or sacrifices, whichever is more (the sacrificed ones are tapped first)."""
    chosen = record.sacrifice
    if chosen is None:
        return used
    model = record.model
    touched = dict(used)
    for group, amount in chosen.chosen.items():
        most = len(record.members[group])
        variable = model.new_int_var(0, most, f"touched_{group}_with_additional")
        if chosen.tapped:  # (those tapped for the cost are others than the mana abilities touch)
            model.add(variable == used.get(group, 0) + amount)
        else:
            model.add_max_equality(variable, [used.get(group, 0), amount + chosen.gone[group]])
        touched[group] = variable
    return touched


def sacrificed_counts(
    record: PaymentModel, solver: cp_model.CpSolver
) -> tuple[tuple[tuple[str, ...], int], ...]:
    """What the solver's solution sacrifices for the additional costs: each group's members and how many."""
    chosen = record.sacrifice
    if chosen is None:
        return ()
    counted = ((record.members[group], int(solver.value(amount))) for group, amount in chosen.chosen.items())
    return tuple((members, count) for members, count in counted if count)
