"""The order of the activations in a layer: a position per ordered producer node, and what must come before
what (mana before the cost it pays, a permanent's uses before its sacrifice, counted permanents counted
before they go, {Q} cycles, amounts counted as the activations resolve)."""

from __future__ import annotations

import itertools
from collections import defaultdict
from typing import Any

from ortools.sat.python import cp_model

from models.abilities import AmountKind
from planner.solve.cpsat.analysis import revealing
from planner.solve.cpsat.literals import unused
from planner.solve.cpsat.record import Expr, Layer, PaymentModel, total
from planner.solve.dynamic import Family


def order(record: PaymentModel, layer: Layer) -> None:
    """The activations' order (:func:`add_order`), unless it comes back only at the relaxed model's optimum
    (:func:`ordered_late`)."""
    after_removals(record, layer)
    if not ordered_late(record):
        add_order(record, layer)


def ordered_late(record: PaymentModel) -> bool:
    """True when the model leaves out the activations' order until its optimum is known
    (:func:`planner.solve.cpsat.solve.solve`): a relaxed model (twins merged) with no static edge and no
    reliance. With static edges (what uses a permanent before its sacrifice) the order is there from the
    start, the static edges' templates being apart from the groups anyway (either way is exact: the order
    is checked at the optimum); on 1,000 permanents with Ashnod's Altar that answered in 0.31 s rather than
    0.39 s."""
    return record.relaxed and not record.static_edges and not record.reliances and not record.announce_edges


def after_removals(record: PaymentModel, layer: Layer) -> None:
    """An ability that a permanent has only once the sources of an effect on it are gone (Boros Garrison's
    "{T}: Add {R}{W}." once Magus of the Moon is sacrificed: CR 611.3a) is activated only when something in
    the layer's plan, or in the payment's before it, takes each of them off (its static edges put that
    first)."""
    model = record.model
    earlier = [] if layer.main else [record.main]
    for template in record.templates:
        for removers in revealing(record.templates, template).values():
            removed = [other.use[i] for other in (*earlier, layer) for i in removers]
            model.add(layer.use[template.index] <= template.bound * total(removed))


def add_order(record: PaymentModel, layer: Layer) -> None:
    """Activations in an order: mana paying an ability's cost was made before it (CR 605.3a), what uses a
    permanent comes before it is sacrificed (602.2b), and counted permanents are counted before they go.

    Each pair of nodes gets one literal: true when they come in this order, false when no mana goes from
    one to the other and the activations a static edge links are not both used (an edge from an untracked
    template is dropped: all of those go first)."""
    model = record.model
    templates = record.templates
    producer = record.producer
    pairs: dict[tuple[int, int], tuple[list[cp_model.IntVar], list[tuple[int, int]]]] = {}
    for consumer in layer.consumers:
        if consumer.template < 0:
            continue
        drawn = [(key[2], var) for (key, _), var in consumer.pay.items()]
        drawn += [(group[1], var) for (group, _), var in consumer.blind.items()]
        for node, var in drawn:
            # (a group's mana paying the group: its activations come one after another, see extract)
            if node >= 0 and node != consumer.template:
                pairs.setdefault((node, consumer.template), ([], []))[0].append(var)
    for a, b in record.static_edges:
        if producer[a] >= 0:
            pairs.setdefault((producer[a], producer[b]), ([], []))[1].append((a, b))
    announcing = {producer[a] for a, _ in record.announce_edges} | {
        producer[reliance.template] for reliance in record.reliances if reliance.judged
    }
    cycling = set()
    if layer.main:
        cycling = {
            producer[i]
            for cycle in record.cycles.values()
            if cycle.taps
            for i in (*cycle.taps, *cycle.untaps)
        }
    families = record.problem.dynamics.families
    dynamic = {
        producer[i]
        for family in families
        for i in (*(index for index, _ in family.variants), *family.changers)
    }
    relying = {producer[i] for reliance in record.reliances for i in reliance.templates}
    announced = {producer[i] for edge in record.announce_edges for i in edge}
    involved = sorted({i for pair in pairs for i in pair} | cycling | dynamic | relying | announced)
    for index in involved:
        layer.position[index] = model.new_int_var(
            0, len(involved), f"{layer.name}_pos_{templates[index].name}"
        )
    if layer.main and record.problem.turn is None:
        _announcements(record, layer, sorted(announcing))
    for a, b in record.announce_edges:
        # (the second after the first is announced: inside the payment of its mana cost, or after it)
        anchor = layer.announced.get(producer[a], layer.position[producer[a]])
        both = [unused(record, layer, a).negated(), unused(record, layer, b).negated()]
        model.add(anchor < layer.position[producer[b]]).only_enforce_if(both)
    for a, b in (*record.static_edges, *record.announce_edges):
        # (an activation that must come before another can't be made in a later epoch of the turn)
        if record.template_epochs[a] > record.template_epochs[b]:
            model.add_bool_or([unused(record, layer, a), unused(record, layer, b)])
    for (before, after), (flows, linked) in pairs.items():
        ordered = model.new_bool_var(f"{layer.name}_order_{before}_{after}")
        if flows:
            model.add(total(flows) == 0).only_enforce_if(ordered.negated())
        for a, b in linked:
            model.add_bool_or([ordered, unused(record, layer, a), unused(record, layer, b)])
        model.add(layer.position[before] < layer.position[after]).only_enforce_if(ordered)
    _one_source_left(record, layer)
    if layer.main:
        _tap_cycles(record, layer)
        _loop_mana(record, layer)
    if families:
        _count_as_resolved(record, layer)


def _announcements(record: PaymentModel, layer: Layer, nodes: list[int]) -> None:
    """Where each node whose restrictions are judged as it is announced (CR 602.2b) is announced: at most
    its position; what comes from there to it is activated inside the payment of its mana cost (CR
    601.2g; the plan's :attr:`~planner.rules.plan.Step.nested`). Those spans nest: the nodes' positions
    differ, and one inside another's span is announced within it (CR 605.3a)."""
    model = record.model
    position = layer.position
    for node in nodes:
        announce = model.new_int_var(0, len(position), f"{layer.name}_announce_{node}")
        model.add(announce <= position[node])
        layer.announced[node] = announce
    for u, v in itertools.combinations(nodes, 2):
        first = model.new_bool_var(f"{layer.name}_announce_{u}_before_{v}")
        model.add(position[u] < position[v]).only_enforce_if(first)
        model.add(position[v] < position[u]).only_enforce_if(first.negated())
        for inner, outer, when in ((u, v, first), (v, u, first.negated())):
            inside = model.new_bool_var(f"{layer.name}_announce_{inner}_inside_{outer}")
            model.add(layer.announced[outer] <= position[inner]).only_enforce_if(inside)
            model.add(layer.announced[outer] > position[inner]).only_enforce_if(inside.negated())
            model.add(layer.announced[inner] >= layer.announced[outer]).only_enforce_if([when, inside])


def _one_source_left(record: PaymentModel, layer: Layer) -> None:
    """An activation relying on what several permanents make true together
    (:class:`~planner.solve.cpsat.record.Reliance`) is made while enough of them are still there: for each
    permanent, a literal true when something took it off before (in this layer's order, an earlier epoch of
    the turn, or the payment before a later layer), and in some group fewer of them true than it needs."""
    model = record.model
    position = layer.position
    producer = record.producer
    epochs = record.template_epochs
    for number, reliance in enumerate(record.reliances):
        relying = reliance.template
        used = unused(record, layer, relying).negated()
        # (judged as it is announced when it may be: before the payment of its mana cost, CR 602.2b)
        anchor = position[producer[relying]]
        if reliance.judged:
            anchor = layer.announced.get(producer[relying], anchor)
        kept: list[Any] = []  # (a literal per group: true when fewer than it needs are gone before)
        for g, (group, needed) in enumerate(zip(reliance.removers, reliance.needed, strict=True)):
            gone_before = []
            for k, removers in enumerate(group):
                before = model.new_bool_var(f"{layer.name}_rely{number}_g{g}_gone{k}")
                for remover in removers:
                    removing = unused(record, layer, remover).negated()
                    if not layer.main:  # (what the payment removed is gone for the later layer)
                        model.add_implication(unused(record, record.main, remover).negated(), before)
                    if epochs[remover] != epochs[relying]:  # (the plan takes a turn's epochs in order)
                        if epochs[remover] < epochs[relying]:
                            model.add_bool_or([before, removing.negated(), used.negated()])
                        continue
                    model.add(anchor < position[producer[remover]]).only_enforce_if(
                        [before.negated(), removing, used]
                    )
                gone_before.append(before)
            if len(gone_before) == 1 and needed == 1:
                kept.append(gone_before[0].negated())
                continue
            fewer = model.new_bool_var(f"{layer.name}_rely{number}_g{g}_left")
            model.add(sum(gone_before) <= needed - 1).only_enforce_if(fewer)
            kept.append(fewer)
        model.add_bool_or([used.negated(), *kept])


def _count_as_resolved(record: PaymentModel, layer: Layer) -> None:
    """Each family of an amount the payment changes (:mod:`planner.solve.dynamic`) counts what the
    activations ordered before it left (CR 608.2h): how often each changer comes first (all its
    activations, or none), what that adds to a life total, a graveyard or a power, and whether each
    permanent looked at is still there (the lands of a name counted: how many are; the different powers:
    how many values the powers of those still there take); a later layer (keep, hand) starts from what the
    payment did."""
    model = record.model
    node = record.producer
    use = layer.use
    earlier = () if layer.main else record.main.use
    for number, family in enumerate(record.problem.dynamics.families):
        stem = f"{layer.name}_dyn{number}"
        variants = [index for index, _ in family.variants]
        here = node[variants[0]]
        used = model.new_bool_var(f"{stem}_used")
        model.add(sum(use[i] for i in variants) >= 1).only_enforce_if(used)
        model.add(sum(use[i] for i in variants) == 0).only_enforce_if(used.negated())
        before: dict[int, Expr] = {}
        for changer in family.changers:
            bound = record.templates[changer].bound
            first = model.new_bool_var(f"{stem}_c{changer}_first")
            both = [used, unused(record, layer, changer).negated()]
            model.add(layer.position[node[changer]] < layer.position[here]).only_enforce_if([first, *both])
            model.add(layer.position[here] < layer.position[node[changer]]).only_enforce_if(
                [first.negated(), *both]
            )
            count = model.new_int_var(0, bound, f"{stem}_c{changer}_before")
            model.add(count <= bound * first)
            model.add(count <= use[changer])
            model.add(count >= use[changer] - bound * (1 - first))
            before[changer] = count + earlier[changer] if earlier else count
        alive = []  # (a literal each permanent looked at: still there as the family resolves)
        for k, member in enumerate(family.members):
            there = model.new_bool_var(f"{stem}_m{k}_there")
            model.add(there == 1 - total([before[g] for g in member.gone_by]))
            alive.append(there)
        present = []  # (land types: a literal each type, true when a land still there has it)
        for land_type in sorted({t for m in family.members for t in m.types}):
            holders = [a for a, m in zip(alive, family.members, strict=True) if land_type in m.types]
            flag = model.new_bool_var(f"{stem}_{land_type}")
            for holder in holders:
                model.add_implication(holder, flag)
            model.add_bool_or([flag.negated(), *holders])
            present.append(flag)
        if family.kind is AmountKind.DISTINCT_POWERS:
            present = _powers_present(record, layer, f"{stem}_p", family, alive, before)
        for index, value in family.variants:
            chosen = unused(record, layer, index).negated()
            if family.linear:
                counted = family.base + total([c.each * before[c.template] for c in family.changes])
                if family.at_least:  # (a card of the color chosen in the graveyard)
                    model.add(counted >= value).only_enforce_if(chosen)
                elif value > 0:
                    model.add(counted == value).only_enforce_if(chosen)
                else:  # (a life total or power of 0 or less: none counted)
                    model.add(counted <= 0).only_enforce_if(chosen)
                continue
            if family.kind in (AmountKind.LAND_TYPES, AmountKind.DISTINCT_POWERS):
                model.add(sum(present) == value).only_enforce_if(chosen)
                continue
            if family.kind is AmountKind.SAME_NAME:  # (the lands of its name still there: Sasaya's Essence)
                model.add(sum(alive) == value).only_enforce_if(chosen)
                continue
            witnesses = []  # (the greatest power: each member's at most, one's exactly)
            for k, (member, there) in enumerate(zip(family.members, alive, strict=True)):
                now = member.power + total([c.each * before[c.template] for c in member.changes])
                model.add(now <= value).only_enforce_if([chosen, there])
                if value > 0:
                    witness = model.new_bool_var(f"{stem}_v{value}_w{k}")
                    model.add_implication(witness, there)
                    model.add(now == value).only_enforce_if(witness)
                    witnesses.append(witness)
            if value > 0:
                model.add_bool_or([chosen.negated(), *witnesses])


def _powers_present(
    record: PaymentModel, layer: Layer, stem: str, family: Family, alive: list[Any], before: dict[int, Expr]
) -> list[Any]:
    """A literal for each power a member may have as the family resolves, true when a member still there
    has it (a member's power: its power now, changed by the changers ordered before)."""
    model = record.model
    holders: dict[int, list[Any]] = defaultdict(list)
    for k, (member, there) in enumerate(zip(family.members, alive, strict=True)):
        if not member.changes:
            holders[member.power].append(there)
            continue
        now = member.power + total([c.each * before[c.template] for c in member.changes])
        layers = 1 if layer.main else 2  # (a later layer's count adds the payment's: record.main)
        reach = [c.each * record.templates[c.template].bound * layers for c in member.changes]
        low = member.power + sum(min(r, 0) for r in reach)
        high = member.power + sum(max(r, 0) for r in reach)
        for value in range(low, high + 1):
            has = model.new_bool_var(f"{stem}_m{k}_is{value}")
            model.add(now == value).only_enforce_if(has)
            model.add(now != value).only_enforce_if(has.negated())
            held = model.new_bool_var(f"{stem}_m{k}_has{value}")
            model.add_bool_and([has, there]).only_enforce_if(held)
            model.add_bool_or([has.negated(), there.negated(), held])
            holders[value].append(held)
    present = []
    for value, holding in sorted(holders.items()):
        flag = model.new_bool_var(f"{stem}_{value}")
        for holder in holding:
            model.add_implication(holder, flag)
        model.add_bool_or([flag.negated(), *holding])
        present.append(flag)
    return present


def _tap_cycles(record: PaymentModel, layer: Layer) -> None:
    """A permanent tapped and untapped in turn meets each cost in the state it needs (CR 602.2b): one
    untapped now is tapped first, then untapped ({Q}) and tapped in turn (an untap loop, CR 729); one
    tapped now is untapped before anything taps it. (How many of each:
    :func:`planner.solve.cpsat.resources.cycle_counts`; the plan puts a template's repeats in turn with
    the others': :mod:`planner.solve.cpsat.extract`.)"""
    model = record.model
    producer = record.producer
    for cycle in record.cycles.values():
        for u in cycle.untaps if cycle.taps else ():
            untap_pos = layer.position[producer[u]]
            firsts = []
            for t in cycle.taps:
                tap_pos = layer.position[producer[t]]
                both = [unused(record, layer, t).negated(), unused(record, layer, u).negated()]
                if cycle.tapped:
                    model.add(untap_pos < tap_pos).only_enforce_if(both)
                    continue
                first = model.new_bool_var(f"{layer.name}_first_{t}_{u}")
                model.add_implication(first, both[0])
                model.add(tap_pos < untap_pos).only_enforce_if(first)
                model.add(untap_pos < tap_pos).only_enforce_if([first.negated(), *both])
                firsts.append(first)
            if not cycle.tapped:
                # a tap before the untap when the untap is used (the plan takes them in turn from there:
                # planner.solve.cpsat.extract)
                model.add(sum(firsts) >= 1).only_enforce_if(unused(record, layer, u).negated())


def _loop_mana(record: PaymentModel, layer: Layer) -> None:
    """An untap loop's taps pay its untaps only with mana made before them (CR 729, 605.3a): its taps and
    untaps come in turn, so when it ends tapped (one more tap than untaps, or as many when it starts
    tapped) its last tap's mana pays none of its untaps. Which tap comes last is the plan's choice; the
    plan puts it last (:func:`~planner.solve.cpsat.extract.in_turn`, after the others in the model's
    order)."""
    model = record.model
    producer = record.producer
    use = layer.use
    for pid, cycle in record.cycles.items():
        if not cycle.taps or not cycle.untaps:
            continue
        taps = sorted(set(cycle.taps))
        nodes = {producer[t] for t in taps}
        untaps = {u for u in cycle.untaps}
        drawn = [
            var
            for consumer in layer.consumers
            if consumer.template in untaps
            for node, var in (
                *(((key[2], var) for (key, _), var in consumer.pay.items())),
                *(((group[1], var) for (group, _), var in consumer.blind.items())),
            )
            if node in nodes
        ]
        if not drawn:
            continue
        made = [record.templates[t].outcome.total for t in taps]
        tapping = total([use[t] for t in taps])
        ends_tapped = tapping - total([use[u] for u in untaps]) + int(cycle.tapped)
        last = [model.new_bool_var(f"{layer.name}_{pid}_last_tap_{t}") for t in taps]
        if cycle.tapped:
            # (one that starts tapped and is never tapped here ends tapped with no last tap of its own)
            never = model.new_bool_var(f"{layer.name}_{pid}_never_tapped")
            model.add(tapping == 0).only_enforce_if(never)
            model.add(tapping >= 1).only_enforce_if(never.negated())
            model.add(sum(last) == ends_tapped).only_enforce_if(never.negated())
        else:
            model.add(sum(last) == ends_tapped)
        for flag, t in zip(last, taps, strict=True):
            model.add_implication(flag, unused(record, layer, t).negated())
            for other in taps:  # (the plan takes the last tap's template after the others)
                if producer[other] != producer[t]:
                    model.add(layer.position[producer[other]] < layer.position[producer[t]]).only_enforce_if(
                        [flag, unused(record, layer, other).negated()]
                    )
        lost = total([amount * flag for amount, flag in zip(made, last, strict=True)])
        model.add(
            total(drawn) <= total([amount * use[t] for amount, t in zip(made, taps, strict=True)]) - lost
        )
