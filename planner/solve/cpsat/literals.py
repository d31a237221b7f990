"""Literals the passes share, each made once per model (kept in :attr:`PaymentModel.literals` by name): a
variable is 0, a layer takes a permanent off the battlefield, a layer discards its hand; and the rule that
ties a variable to the boards a layer may leave (:func:`only_where`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from ortools.sat.python import cp_model

from planner.rules.costs import discards_hand
from planner.solve.cpsat.record import Layer, PaymentModel
from planner.solve.problem import AfterRemovals

_Read = TypeVar("_Read")


def is_zero(record: PaymentModel, variable: cp_model.IntVar) -> cp_model.IntVar:
    """A literal true exactly when the variable is 0 (made once per variable)."""
    name = variable.name
    literals = record.literals
    if name not in literals:
        model = record.model
        flag = model.new_bool_var(f"{name}_is_zero")
        model.add(variable == 0).only_enforce_if(flag)
        model.add(variable >= 1).only_enforce_if(flag.negated())
        literals[name] = flag
    return literals[name]


def unused(record: PaymentModel, layer: Layer, index: int) -> cp_model.IntVar:
    """A literal true when template ``index`` is not used in the layer."""
    return is_zero(record, layer.use[index])


def removes(record: PaymentModel, pid: str, layer: Layer) -> cp_model.IntVar:
    """A literal true when the layer's activations take the permanent off the battlefield, or, for a later
    layer (keep, hand), those of the payment before it (made once per layer)."""
    key = f"{layer.name}_removes_{pid}"
    literals = record.literals
    if key not in literals:
        layers = [layer] if layer.main else [record.main, layer]
        used = [
            is_zero(record, each.use[t.index]).negated()
            for each in layers
            for t in record.templates
            if pid in t.gone
        ]
        literals[key] = flag = record.model.new_bool_var(key)
        for literal in used:
            record.model.add_implication(literal, flag)
        record.model.add_bool_or(used).only_enforce_if(flag)
    return literals[key]


def discarding(record: PaymentModel, layer: Layer) -> cp_model.IntVar:
    """A literal true when the layer discards its hand (some 'Discard your hand' is used: made once)."""
    key = f"{layer.name}_discards_hand"
    literals = record.literals
    if key not in literals:
        flag = record.model.new_bool_var(key)
        used = [
            is_zero(record, layer.use[t.index]).negated()
            for t in record.templates
            if discards_hand(t.ability)
        ]
        for literal in used:
            record.model.add_implication(literal, flag)
        record.model.add_bool_or(used).only_enforce_if(flag)
        literals[key] = flag
    return literals[key]


def only_where(
    record: PaymentModel,
    var: cp_model.IntVar,
    layer: Layer,
    after: AfterRemovals[_Read],
    ok: Callable[[_Read], bool],
    *,
    last: bool,
) -> None:
    """``var`` is 0 on each board the layer may leave where ``ok`` fails on what ``after`` reads there:
    read at the layer's end (``last``: its target, convoke), on the board its removals leave; read during
    it (an ability's cost), at 0 once it removed anything whose removal may change it, unless the problem
    is :attr:`~planner.solve.problem.PaymentProblem.wide_costs` (then as on the board as it is). The
    latter is narrower than the rules (the cost may be paid before the removal), so the model is marked
    :attr:`~planner.solve.cpsat.record.PaymentModel.narrowed`: its "no" is checked by the wide model, and
    its best plan is not called optimal (:func:`planner.solve.cpsat.spine.solved`)."""
    model = record.model
    removed = {pid: removes(record, pid, layer) for pid in after.removable}
    if last:
        for these, found in after.found.items():
            if not ok(found):
                when = [removed[p] if p in these else removed[p].negated() for p in after.removable]
                model.add(var == 0).only_enforce_if(when)
        return
    if not ok(after.now):
        model.add(var == 0)
    if not record.problem.wide_costs and not all(ok(found) for found in after.found.values()):
        record.narrowed = True
        for literal in removed.values():
            model.add(var == 0).only_enforce_if(literal)
