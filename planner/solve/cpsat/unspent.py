"""The doubling of the unspent mana (Doubling Cube, :mod:`planner.rules.doubling`) in the CP-SAT model: what
each doubling adds is, for each type of mana, what the pool holds as it resolves (CR 106.1b, 608.2h), which
the model counts from the activations' order.

Every activation is then ordered (:func:`~planner.solve.cpsat.analysis.producers`) and none is grouped with
a twin (:class:`~planner.solve.problem.BoardAnalysis`), so each producer node comes wholly before or after
each doubling: a literal says which. The pool as a doubling resolves is, for each class of mana (type,
spending tag, producer node), what the nodes before it made, less what the consumers before it (its own
{3} included) spent: their typed draws exactly, and their generic and snow draws (which take a group, not a
type) shared out among the group's classes by a variable per class (:func:`doubled_as_resolved`). What each
doubling adds is then that pool, type by type, as mana of the doubling's own classes (:func:`doubled_supply`):
a doubling ordered before another is in the pool the other doubles. The shares of a group's draws are
nested from one doubling to the next, and the typed draws after a doubling come from what it left, so the
shares are those of one plan, which the extraction follows (:func:`blind_reserve`).

Where the model would be narrower than the rules it leaves the doubling out (:func:`declines`), and the
answer says so (:mod:`planner.solve.cpsat.doubling`): a turn, a cost to keep, cards kept castable or cast
from the hand for mana, an amount counted as the activations resolve, permanents grouped or an untap loop,
a doubling the payment could untap, or one whose mana an effect changes; and when the model that counts the
doublings has no plan in half the time (:func:`~planner.solve.cpsat.spine.solve_payment`). An ability
activated more than once gets a copy for each stretch between doublings
(:mod:`planner.solve.cpsat.doubling_scope`).
"""

from __future__ import annotations

from collections import defaultdict
from itertools import pairwise

from ortools.sat.python import cp_model

from models.mana import ManaBag, ManaType
from planner.rules.activations import Activation
from planner.rules.production import ManaTag
from planner.solve.cpsat.analysis import twin_runs
from planner.solve.cpsat.doubling_scope import declines, doubled_tags, doubling_templates, split_apart
from planner.solve.cpsat.literals import unused
from planner.solve.cpsat.record import ClassKey, Expr, GroupKey, Layer, PaymentModel, spending, total

__all__ = [
    "blind_reserve",
    "declines",
    "doubled_as_resolved",
    "doubled_mana",
    "doubled_supply",
    "doubling_templates",
    "split_apart",
]


def doubled_supply(record: PaymentModel, layer: Layer) -> None:
    """Variables: what each doubling adds of each type, as the supply of its own classes (the payment asked
    for only, and only where the model counts the doublings: :func:`declines`); at most all the other mana
    there can be, doubled once by each doubling before it."""
    problem = record.problem
    if not layer.main or declines(problem) is not None:
        return
    model = record.model
    for copies in record.siblings:  # (an ability activated more than once: its copies share its bound)
        model.add(sum(layer.use[i] for i in copies) <= record.templates[copies[0]].bound)
    most = sum(layer.supply_bound.values())
    for template in doubling_templates(problem):
        tags = doubled_tags(problem, template)
        assert tags is not None  # (declines checked it)
        node = record.producer[template.index]
        made: dict[ManaType, cp_model.IntVar] = {}
        for mana_type, made_tag in tags.items():
            tag = spending(made_tag)
            var = model.new_int_var(0, most, f"{layer.name}_doubled_{template.name}_{mana_type.letter}")
            made[mana_type] = var
            key = (mana_type, tag, node)
            layer.supply[key] = var
            layer.supply_bound[key] = most
            layer.groups.setdefault((tag, node), []).append(key)
        layer.doubled[template.index] = made
        most *= 2


def doubled_as_resolved(record: PaymentModel, layer: Layer) -> None:
    """What each doubling adds is the pool as it resolves (the module docstring): for each class, what was
    made before it less what was spent before it, the generic and snow draws shared out among a group's
    classes; a doubling not activated adds nothing."""
    if not layer.doubled:
        return
    model = record.model
    size = len(record.templates) + 1
    nodes = sorted({key[2] for key in layer.supply if key[2] >= 0})
    for node in nodes:
        if node not in layer.position:
            layer.position[node] = model.new_int_var(0, size, f"{layer.name}_pos_{node}")
    made_before: dict[int, dict[int, cp_model.IntVar | bool]] = {}
    for cube in layer.doubled:
        here = record.producer[cube]
        before: dict[int, cp_model.IntVar | bool] = {-1: True, here: False}
        for node in nodes:
            if node == here:
                continue
            literal = model.new_bool_var(f"{layer.name}_{node}_before_{cube}")
            model.add(layer.position[node] < layer.position[here]).only_enforce_if(literal)
            model.add(layer.position[node] > layer.position[here]).only_enforce_if(literal.negated())
            before[node] = literal
        made_before[cube] = before
    _twins_in_order(record, layer, made_before)
    shares: dict[int, tuple[dict[ClassKey, cp_model.IntVar], dict[ClassKey, Expr]]] = {}
    for cube in layer.doubled:
        shares[cube] = _pool_at(record, layer, cube, made_before[cube])
    cubes = list(layer.doubled)
    for first in cubes:
        for second in cubes:
            if first == second:
                continue
            # (first before second: the shares of the draws before the first are part of the second's)
            ordered = made_before[second][record.producer[first]]
            assert not isinstance(ordered, bool)
            left_first, spent_first = shares[first]
            left_second, spent_second = shares[second]
            for key in left_first:
                made = made_before[first].get(key[2], False)
                if made is False:
                    continue
                condition = [ordered] if made is True else [ordered, made]
                model.add(
                    left_first[key] + spent_first[key] >= left_second[key] + spent_second[key]
                ).only_enforce_if(condition)


def _twins_in_order(
    record: PaymentModel, layer: Layer, made_before: dict[int, dict[int, cp_model.IntVar | bool]]
) -> None:
    """Of permanents the model can't tell apart but by id (:func:`~planner.solve.cpsat.analysis.twin_runs`),
    each with one producer node, the lower id is used if the higher is, and comes before each doubling if
    the higher does (doublings: comes first): any plan is one of these with the twins' ids swapped, and the
    search has far fewer orders to try (twenty permanents and a Cube took past ten seconds without)."""
    model = record.model
    producer = record.producer
    nodes: dict[str, set[int]] = defaultdict(set)
    uses: dict[str, list[Expr]] = defaultdict(list)
    for template in record.templates:
        nodes[template.pid].add(producer[template.index])
        uses[template.pid].append(layer.use[template.index])
    for run in twin_runs(record.board, record.templates, record.members, lambda t: producer[t.index] >= 0):
        if any(len(nodes[pid]) != 1 for pid in run):
            continue
        for first, second in pairwise(run):
            model.add(total(uses[second]) <= total(uses[first]))
            (node_first,), (node_second,) = nodes[first], nodes[second]
            for cube, before in made_before.items():
                here = producer[cube]
                ahead, later = before.get(node_first), before.get(node_second)
                if here == node_second and isinstance(ahead, cp_model.IntVar):
                    model.add(ahead == 1)
                elif isinstance(ahead, cp_model.IntVar) and isinstance(later, cp_model.IntVar):
                    model.add_implication(later, ahead)


def _pool_at(
    record: PaymentModel, layer: Layer, cube: int, before: dict[int, cp_model.IntVar | bool]
) -> tuple[dict[ClassKey, cp_model.IntVar], dict[ClassKey, Expr]]:
    """The constraints of one doubling: each class's mana left in the pool as it resolves (returned, with
    each class's typed draws before it), and the doubling's mana that pool, type by type."""
    model = record.model
    here = record.producer[cube]
    stem = f"{layer.name}_at_{cube}"
    typed_before: dict[ClassKey, list[Expr]] = defaultdict(list)
    typed_all: dict[ClassKey, list[Expr]] = defaultdict(list)
    blind_before: dict[GroupKey, list[Expr]] = defaultdict(list)
    for consumer in layer.consumers:
        node = consumer.template
        when: cp_model.IntVar | bool = False
        if node == here:
            when = True  # (its own cost is paid before it resolves)
        elif node >= 0:
            when = before[node]
        for (key, _), var in consumer.pay.items():
            typed_all[key].append(var)
            if when is not False:
                typed_before[key].append(_if(record, var, when, f"{stem}_{var.name}"))
        for (group, _), var in consumer.blind.items():
            if when is not False:
                blind_before[group].append(_if(record, var, when, f"{stem}_{var.name}"))
    left: dict[ClassKey, cp_model.IntVar] = {}
    spent: dict[ClassKey, Expr] = {}
    pool: dict[ManaType, list[cp_model.IntVar]] = defaultdict(list)
    for group, keys in layer.groups.items():
        made = before.get(group[1], False)
        for key in keys:
            var = model.new_int_var(0, layer.supply_bound[key], f"{stem}_left_{key[0].letter}_{key[2]}")
            left[key] = var
            spent[key] = total(typed_before[key])
            pool[key[0]].append(var)
            if made is False:
                model.add(var == 0)
                continue
            model.add(var <= layer.supply[key] - spent[key])
            # (what typed draws take after it was left in the pool)
            after = model.add(var + spent[key] >= total(typed_all[key]))
            if made is not True:
                after.only_enforce_if(made)
                model.add(var == 0).only_enforce_if(made.negated())
        if made is False:
            continue
        made_here = total([layer.supply[k] for k in keys]) - total([spent[k] for k in keys])
        shared = model.add(total([left[k] for k in keys]) == made_here - total(blind_before[group]))
        if made is not True:
            shared.only_enforce_if(made)
    used = unused(record, layer, cube).negated()
    for mana_type, var in layer.doubled[cube].items():
        model.add(var == total(pool[mana_type])).only_enforce_if(used)
        model.add(var == 0).only_enforce_if(used.negated())
    layer.unspent[cube] = left
    return left, spent


def _if(record: PaymentModel, var: cp_model.IntVar, literal: cp_model.IntVar | bool, name: str) -> Expr:
    """``var`` where ``literal`` holds, else 0."""
    if literal is True:
        return var
    assert not isinstance(literal, bool)
    model = record.model
    most = record.most(var)
    part = model.new_int_var(0, most, name)
    model.add(part == var).only_enforce_if(literal)
    model.add(part == 0).only_enforce_if(literal.negated())
    return part


def doubled_mana(
    record: PaymentModel, solver: cp_model.CpSolver, template: Activation
) -> list[tuple[ManaBag, ManaTag]]:
    """What a doubling's activation adds in the solution, type by type, with its tag (none for any other
    template)."""
    made = record.main.doubled.get(template.index)
    tags = doubled_tags(record.problem, template) if made is not None else None
    if made is None or tags is None:
        return []
    return [(ManaBag.of([t]).scaled(solver.value(v)), tags[t]) for t, v in made.items() if solver.value(v)]


def blind_reserve(record: PaymentModel, solver: cp_model.CpSolver) -> list[tuple[int, dict[ClassKey, int]]]:
    """For the extraction, each doubling activated in the solution, in their order, with the units of each
    class its pool keeps beyond what the typed draws after it take: the generic and snow draws before it
    leave those, so that they take the types the model shared out to them."""
    layer = record.main
    producer = record.producer
    found: list[tuple[int, int, dict[ClassKey, int]]] = []
    for cube, left in layer.unspent.items():
        if not solver.value(layer.use[cube]):
            continue
        here = solver.value(layer.position[producer[cube]])
        after: dict[ClassKey, int] = defaultdict(int)
        for consumer in layer.consumers:
            node = consumer.template
            if node < 0 or (node != producer[cube] and solver.value(layer.position[node]) > here):
                for (key, _), var in consumer.pay.items():
                    after[key] += solver.value(var)
        if record.riders is not None:  # (the target's generic draws, split among classes)
            for key, var in record.riders.split.items():
                after[key] += solver.value(var)
        kept = {key: solver.value(var) - after[key] for key, var in left.items()}
        found.append((here, cube, {key: n for key, n in kept.items() if n > 0}))
    return [(cube, kept) for _, cube, kept in sorted(found)]
