"""Convoke, improvise and delve (CR 702.51a, 702.126a, 702.66a), chosen together with the mana at 601.2h:
their variables, what limits them once the payment's mana abilities are done, and how a solution reads
them back. Only the payment asked for uses them (a keep or hand cost is mana left for later); what they
tap, no mana ability of the payment may tap (:mod:`planner.solve.cpsat.resources`)."""

from __future__ import annotations

from collections import defaultdict

from ortools.sat.python import cp_model

from models.cost import Slot, SymbolKind
from models.mana import ALL_COLORS
from planner.rules.alternatives import TAPPING_KINDS, AlternativeKind, AlternativePayment
from planner.rules.amounts import graveyard_growth
from planner.rules.payment import GENERIC
from planner.solve.cpsat.literals import only_where
from planner.solve.cpsat.record import AlternativeVars, Expr, PaymentModel, slot_name, total


def declare_alternatives(record: PaymentModel) -> None:
    """Variables: how many of each group of interchangeable permanents pay each slot the target has by
    convoke or improvise (how many of the group that taps), and how many graveyard cards delve exiles."""
    problem = record.problem
    model = record.model
    target, view = problem.target, problem.view
    slots: set[Slot] = set()
    for symbol in target.cost.symbols:
        if symbol.kind is SymbolKind.VARIABLE:
            slots.add(GENERIC)
        else:
            slots.update(way.slot for way in symbol.ways() if way.slot is not None)
    taps: dict[str, cp_model.IntVar] = {}
    paying: dict[tuple[str, AlternativeKind, Slot], cp_model.IntVar] = {}
    fill: dict[Slot, list[Expr]] = defaultdict(list)
    grouped = {m for t in record.templates for m in t.sources if len(t.sources) > 1}
    units = {t.pid: t.sources for t in record.templates}
    for permanent in record.board.permanents:
        if permanent.id not in grouped:
            units.setdefault(permanent.id, (permanent.id,))
    damage: list[Expr] = []
    ways = frozenset().union(*problem.payers.found.values())
    for kind in TAPPING_KINDS:
        for pid, members in units.items():
            for slot in (GENERIC, *ALL_COLORS):
                count = sum((m, kind, slot) in ways for m in members)
                if not count or slot not in slots:
                    continue
                assert count == len(members)  # a group's members are alike (activations.interchangeable)
                var = model.new_int_var(0, count, f"{kind.value}_{pid}_{slot_name(slot)}")
                paying[(pid, kind, slot)] = var
                fill[slot].append(var)
    by_unit: dict[str, list[cp_model.IntVar]] = defaultdict(list)
    for (pid, _, _), var in paying.items():
        by_unit[pid].append(var)
    for pid, variables in by_unit.items():
        tapped = model.new_int_var(0, len(units[pid]), f"alternative_taps_{pid}")
        model.add(tapped == sum(variables))
        taps[pid] = tapped
        hurt = view.tap_damage(pid, for_mana=False)  # (a group's members are alike: the same damage)
        if hurt:
            damage.append(hurt * tapped)
    most_exiled = problem.graveyard_most if target.delve and GENERIC in slots else 0
    exiled: Expr = 0
    if most_exiled:
        exiled = model.new_int_var(0, most_exiled, "delve_exiled")
        fill[GENERIC].append(exiled)
    record.alternatives = AlternativeVars(
        fill={slot: total(parts) for slot, parts in fill.items()},
        taps=taps,
        paying=paying,
        units=units,
        most_exiled=most_exiled,
        exiled=exiled,
        damage=total(damage),
    )


def limit_alternatives(record: PaymentModel) -> None:
    """What pays this way is read once the payment's mana abilities are done (CR 601.2g-h), as the replay
    reads it: a permanent they took off the battlefield pays nothing; one that a removal of a type- or
    color-changing effect's source leaves no creature or artifact, or without a color, doesn't pay that
    way (:attr:`PaymentProblem.payers`); delve exiles at most the cards there are then in the graveyard:
    those there now, and the cards the payment sacrificed. (Whether it is still untapped:
    :func:`planner.solve.cpsat.resources.share_resources`.)"""
    model, main, chosen = record.model, record.main, record.chosen
    gone: dict[str, list[cp_model.IntVar]] = defaultdict(list)
    for template in record.templates:
        for pid in template.gone:
            gone[pid].append(main.use[template.index])
    for pid, tapped in chosen.taps.items():
        if gone.get(pid):
            model.add(tapped + total(gone[pid]) <= len(chosen.units[pid]))
    payers = record.problem.payers
    for (pid, kind, slot), var in chosen.paying.items() if payers.removable else ():
        ways = frozenset((m, kind, slot) for m in chosen.units[pid])
        only_where(record, var, main, payers, ways.issubset, last=True)
    if isinstance(chosen.exiled, int):
        return
    board, player = record.board, record.player
    now = board.player(player).graveyard_size or 0
    growth = [(graveyard_growth(board, player, t.gone), t.index) for t in record.templates]
    grown = total([cards * main.use[index] for cards, index in growth if cards])
    model.add(chosen.exiled <= now + grown)


def alternative_payments(
    record: PaymentModel, solver: cp_model.CpSolver, free: dict[str, list[str]]
) -> tuple[AlternativePayment, ...]:
    """The alternative payments of a solution: each group's members still free after the mana abilities
    (``free``, lowest ids first) pay in turn."""
    chosen = record.chosen
    payments: list[AlternativePayment] = []
    for (pid, kind, slot), var in chosen.paying.items():
        for _ in range(solver.value(var)):
            member = free[pid].pop(0)
            payments.append(AlternativePayment(kind=kind, permanent=member, paid=slot))
    if not isinstance(chosen.exiled, int) and solver.value(chosen.exiled):
        payments.append(AlternativePayment(kind=AlternativeKind.DELVE, cards=solver.value(chosen.exiled)))
    return tuple(payments)
