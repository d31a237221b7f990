"""The layer pass that leaves out what nothing could pay for first: a producer node whose mana cost no
mana the layer could have before its first activation pays (CR 602.2b, 605.3b: a cost is paid from what
is already in the pool) is never used.

The nodes that could be paid first are a least fixpoint: a node is *fed* when every symbol of its cost has
a way that takes no mana, or whose slot some fed node other than itself, a node without a cost, or the
pool, a card in hand or a turn's event may fill (the model's own ``pay`` and ``blind`` variables say who
may fill what). In any plan, the first activation of a node outside the fixpoint would be paid only by
what came before it, all of it fed, so it would be fed: no plan uses such a node, and fixing its uses
at 0 removes none. The relaxed model (twins merged, order left out, :mod:`planner.solve.cpsat.solve`)
gains the most: without this, filter lands could pay each other's costs in a cycle that no order allows
(eight Mystic Gates and a Wooded Bastion with nothing else that makes white, green or blue: the relaxed
optimum could not be ordered, and the model of every twin took minutes to prove "no").
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable

from ortools.sat.python import cp_model

from models.cost import Slot, SymbolKind
from planner.solve.cpsat.layer import least_cost
from planner.solve.cpsat.literals import unused
from planner.solve.cpsat.order import ordered_late
from planner.solve.cpsat.record import Consumer, Expr, Layer, PaymentModel, total

__all__ = ["fed_nodes", "first_paid", "unfed_in"]


def fed_nodes(record: PaymentModel, layer: Layer) -> frozenset[int]:
    """The producer nodes with a mana cost whose first activation something in the layer could pay (the
    module docstring); needs the layer's consumers and who may pay them (:func:`~planner.solve.cpsat.
    layer.spending_rules`).

    >>> from models import Board, PaymentTarget
    >>> from planner.solve.cpsat.spine import build
    >>> from planner.solve.problem import PaymentProblem
    >>> def fed(cards):
    ...     board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
    ...         {"id": f"p{n}", "card": card, "controller": "me"} for n, card in enumerate(cards)]})
    ...     record = build(PaymentProblem.of(board, PaymentTarget.of("{1}")))
    ...     return sorted({record.templates[n].pid for n in fed_nodes(record, record.main)})
    >>> fed(["Mystic Gate", "Swamp"]), fed(["Mystic Gate", "Plains"])
    ([], ['p0'])
    """
    costing = [c for c in layer.consumers if c.template >= 0]
    suppliers = {c.template: _suppliers(c) for c in costing}
    unfed = {c.template for c in costing}
    fed: set[int] = set()
    changed = True
    while changed:
        changed = False
        for node in sorted(unfed):
            filled = {
                slot
                for slot, producers in suppliers[node].items()
                if any(p != node and p not in unfed for p in producers)
            }
            symbols = record.templates[node].ability.cost.mana.symbols
            # (X as 0, as the consumer reads it: it asks for nothing)
            if all(
                symbol.kind is SymbolKind.VARIABLE
                or any(way.slot is None or way.mana == 0 or way.slot in filled for way in symbol.ways())
                for symbol in symbols
            ):
                unfed.discard(node)
                fed.add(node)
                changed = True
    return frozenset(fed)


def _suppliers(consumer: Consumer) -> dict[Slot, set[int]]:
    """The producer nodes (negative: the pool, cards in hand, a turn's events) that may fill each of a
    consumer's slots."""
    found: dict[Slot, set[int]] = defaultdict(set)
    for (key, slot), _ in consumer.pay.items():
        found[slot].add(key[2])
    for (group, slot), _ in consumer.blind.items():
        found[slot].add(group[1])
    return found


def first_paid(record: PaymentModel, layer: Layer) -> None:
    """What pays each producer node's first activation: a node nothing could pay first is not used
    (:func:`fed_nodes`); and in a relaxed model asked to (``record.firsts_ordered``) whose order comes back
    only at its optimum (:func:`~planner.solve.cpsat.order.ordered_late`), the nodes' first activations
    come in an order in which each is paid at least its least cost by mana from the pool, from nodes
    without a cost, or from nodes whose first activation came before (:func:`_firsts_in_order`)."""
    fed = fed_nodes(record, layer)
    nodes = {c.template for c in layer.consumers if c.template >= 0}
    for template in record.templates:
        node = record.producer[template.index]
        if template.costs_mana and node in nodes and node not in fed:
            record.model.add(layer.use[template.index] == 0)
    if record.firsts_ordered and ordered_late(record):
        _firsts_in_order(record, layer, fed)


def _firsts_in_order(record: PaymentModel, layer: Layer, fed: frozenset[int]) -> None:
    """The first activations of the fed nodes in an order (a position each, distinct where one pays the
    other): each used node's least cost (:func:`~planner.solve.cpsat.layer.least_cost`) is at most what the
    pool, the nodes without a cost and the nodes first activated before it pay it in all.

    A plan meets this (its first activations' order, each paid by what came before it), so no plan is
    lost; and the relaxed model can no longer have two nodes pay each other's costs with nothing from
    outside (a Mystic Gate's {W}{W} paying Wooded Bastion's {G/W} and its {W} paying the Gate's {W/U}),
    whose optimum no order allows. It is asked for only once the optimum without it could not be ordered
    because of such nodes (:func:`unfed_in`, :func:`planner.solve.cpsat.spine.solved`): always on, it
    doubled the first stage on long one-color costs with Nyxbloom Ancient (40 -> 80 ms), where Signets and
    filter lands could all pay one another. (Ordering only the nodes found unfed, or cutting such sets
    one by one, left cycles among the others: more solves, then the model of every twin anyway.)"""
    model = record.model
    costing = [c for c in layer.consumers if c.template in fed]
    if len(costing) < 2:
        return  # (one node: the layer's own first-paid constraints say it all)
    position = {
        c.template: model.new_int_var(0, len(costing) - 1, f"{layer.name}_first_{c.template}")
        for c in costing
    }
    for consumer in costing:
        node = consumer.template
        outside: list[Expr] = []
        for supplier, flows in _drawn(consumer).items():
            if supplier == node:
                continue
            if supplier not in position:
                outside.extend(flows)  # (the pool, a node without a cost: there from the start)
                continue
            before = model.new_bool_var(f"{layer.name}_first_{supplier}_before_{node}")
            model.add(position[supplier] < position[node]).only_enforce_if(before)
            paid = total(flows)
            counted = model.new_int_var(0, record.most(paid), f"{layer.name}_first_{supplier}_to_{node}")
            model.add(counted <= paid)
            model.add(counted == 0).only_enforce_if(before.negated())
            outside.append(counted)
        least = least_cost(record.templates[node])
        for template in record.templates:
            if record.producer[template.index] == node and template.costs_mana:
                model.add(total(outside) >= least).only_enforce_if(
                    unused(record, layer, template.index).negated()
                )


def _drawn(consumer: Consumer) -> dict[int, list[cp_model.IntVar]]:
    """What each producer node (negative: the pool, cards in hand, a turn's events) pays a consumer."""
    drawn: dict[int, list[cp_model.IntVar]] = defaultdict(list)
    for (key, _), var in consumer.pay.items():
        drawn[key[2]].append(var)
    for (group, _), var in consumer.blind.items():
        drawn[group[1]].append(var)
    return drawn


def unfed_in(record: PaymentModel, value: Callable[[cp_model.IntVar], int]) -> frozenset[int]:
    """The used nodes of the payment's solution (``value`` reads it) that no order pays first: what is
    left of a least fixpoint in which a node is paid first once the pool, nodes without a cost and nodes
    already paid first give it at least its least cost. Empty when every used node can be paid first."""
    layer = record.main
    used = {record.producer[t.index] for t in record.templates if t.costs_mana and value(layer.use[t.index])}
    drawn = {c.template: _drawn(c) for c in layer.consumers if c.template in used}
    unfed = set(used)
    changed = True
    while changed:
        changed = False
        for node in sorted(unfed):
            given = sum(
                value(v) for supplier, flows in drawn[node].items() if supplier not in unfed for v in flows
            )
            if given >= least_cost(record.templates[node]):
                unfed.discard(node)
                changed = True
    return frozenset(unfed)
