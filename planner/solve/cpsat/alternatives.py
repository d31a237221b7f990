"""Convoke, improvise, delve and waterbend (CR 702.51a, 702.126a, 702.66a, 701.67a), chosen together with
the mana at 601.2h:
their variables, what limits them once the payment's mana abilities are done, and how a solution reads
them back. Only the payment asked for uses them (a keep or hand cost is mana left for later), or a turn's
spells, each its own (:attr:`~planner.solve.problem.SpellPayment.ways`); what they tap, no mana ability of
the payment (or of the turn) may tap (:mod:`planner.solve.cpsat.resources`)."""

from __future__ import annotations

from collections import defaultdict

from ortools.sat.python import cp_model

from models.cost import PaymentTarget, Slot, SymbolKind
from models.mana import ALL_COLORS
from planner.rules.alternatives import TAPPING_KINDS, AlternativeKind, AlternativePayment, AlternativeWay
from planner.rules.amounts import graveyard_growth
from planner.rules.payment import GENERIC
from planner.rules.tap_triggers import tap_damage
from planner.solve.cpsat.literals import only_where
from planner.solve.cpsat.record import AlternativeVars, Expr, PaymentModel, slot_name, total


def declare_alternatives(record: PaymentModel) -> None:
    """Variables: how many of each group of interchangeable permanents pay each slot the target has by
    convoke or improvise (how many of the group that taps), and how many graveyard cards delve exiles; a
    turn's spells' own the same way, each spell's (:func:`_declare_turn_alternatives`)."""
    problem = record.problem
    model = record.model
    target = problem.target
    slots = _slots(target)
    units = _units(record)
    paying: dict[tuple[str, AlternativeKind, Slot], cp_model.IntVar] = {}
    fill: dict[Slot, list[Expr]] = defaultdict(list)
    ways = frozenset().union(*problem.payers.found.values())
    for (pid, kind, slot), count in _counts(ways, units, slots).items():
        var = model.new_int_var(0, count, f"{kind.value}_{pid}_{slot_name(slot)}")
        paying[(pid, kind, slot)] = var
        fill[slot].append(var)
    _limit_waterbend(model, target, paying, record.x)
    chosen = AlternativeVars(fill={}, taps={}, paying=paying, units=units, most_exiled=0, exiled=0, damage=0)
    if problem.turn is not None:
        _declare_turn_alternatives(record, chosen)
    _count_taps(record, chosen)
    most_exiled = problem.graveyard_most if target.delve and GENERIC in slots else 0
    if most_exiled:
        chosen.most_exiled = most_exiled
        chosen.exiled = model.new_int_var(0, most_exiled, "delve_exiled")
        fill[GENERIC].append(chosen.exiled)
    chosen.fill = {slot: total(parts) for slot, parts in fill.items()}
    record.alternatives = chosen


def _limit_waterbend(
    model: cp_model.CpModel,
    target: PaymentTarget,
    paying: dict[tuple[str, AlternativeKind, Slot], cp_model.IntVar],
    x: cp_model.IntVar | None = None,
) -> None:
    """At most the waterbend part's generic mana is paid by tapping for it (CR 701.67a-b: each permanent
    tapped pays {1} of it, none of the rest of the total cost); with X left to the solver (``x``), each X of
    the part ("Waterbend {X}") adds X."""
    waterbending = [var for (_, kind, _), var in paying.items() if kind is AlternativeKind.WATERBEND]
    if not waterbending:
        return
    if target.waterbend_x and x is not None:
        model.add(sum(waterbending) <= target.waterbend + target.waterbend_x * x)
    else:
        model.add(sum(waterbending) <= target.waterbend)


def _slots(target: PaymentTarget) -> set[Slot]:
    """The slots a target's cost has (its X symbols: generic), which convoke, improvise and delve may pay."""
    slots: set[Slot] = set()
    for symbol in target.cost.symbols:
        if symbol.kind is SymbolKind.VARIABLE:
            slots.add(GENERIC)
        else:
            slots.update(way.slot for way in symbol.ways() if way.slot is not None)
    return slots


def _units(record: PaymentModel) -> dict[str, tuple[str, ...]]:
    """The groups of interchangeable permanents (a template's sources), a permanent in none a group of one."""
    grouped = {m for t in record.templates for m in t.sources if len(t.sources) > 1}
    units = {t.pid: t.sources for t in record.templates}
    for permanent in record.board.permanents:
        if permanent.id not in grouped:
            units.setdefault(permanent.id, (permanent.id,))
    return units


def _counts(
    ways: frozenset[AlternativeWay], units: dict[str, tuple[str, ...]], slots: set[Slot]
) -> dict[tuple[str, AlternativeKind, Slot], int]:
    """How many of each group may pay each slot of ``slots`` each way (a group's members are alike:
    :func:`~planner.rules.activations.interchangeable`, all of them or none)."""
    found: dict[tuple[str, AlternativeKind, Slot], int] = {}
    for kind in TAPPING_KINDS:
        for pid, members in units.items():
            for slot in (GENERIC, *ALL_COLORS):
                count = sum((m, kind, slot) in ways for m in members)
                if not count or slot not in slots:
                    continue
                assert count == len(members)  # a group's members are alike (activations.interchangeable)
                found[(pid, kind, slot)] = count
    return found


def _declare_turn_alternatives(record: PaymentModel, chosen: AlternativeVars) -> None:
    """Variables of a turn's spells (:attr:`~planner.solve.problem.SpellPayment.ways`): how many of each
    group pay each slot of each spell by convoke, improvise or the optional tap of creatures, and how many
    graveyard cards each spell's delve exiles (how many in all: :func:`_limit_turn_delve`). Each permanent
    taps once in the whole turn (:func:`_count_taps`, then
    :func:`~planner.solve.cpsat.resources.share_resources` with the mana abilities' taps): one tapped for a
    spell stays tapped for every later one and for mana."""
    turn = record.problem.turn
    assert turn is not None
    model = record.model
    for number, spell in enumerate(turn.spells):
        slots = _slots(spell.target)
        fill: dict[Slot, list[Expr]] = defaultdict(list)
        for (pid, kind, slot), count in _counts(spell.ways, chosen.units, slots).items():
            var = model.new_int_var(0, count, f"spell{number}_{kind.value}_{pid}_{slot_name(slot)}")
            chosen.spell_paying[(number, pid, kind, slot)] = var
            fill[slot].append(var)
        own = {(p, k, s): v for (n, p, k, s), v in chosen.spell_paying.items() if n == number}
        _limit_waterbend(model, spell.target, own)
        most = spell.graveyard + len(spell.fed_by)
        if spell.target.delve and most and GENERIC in slots:
            exiled = model.new_int_var(0, most, f"spell{number}_delve_exiled")
            chosen.spell_exiled[number] = exiled
            fill[GENERIC].append(exiled)
            chosen.most_exiled = max(chosen.most_exiled, most)
        if fill:
            chosen.spell_fill[number] = {slot: total(parts) for slot, parts in fill.items()}
    chosen.exiled = total(list(chosen.spell_exiled.values()))


def _count_taps(record: PaymentModel, chosen: AlternativeVars) -> None:
    """How many of each group are tapped this way (the payment's and a turn's spells' together), and the
    damage their tapping deals ('whenever ~ becomes tapped': a group's members are alike)."""
    model = record.model
    by_unit: dict[str, list[cp_model.IntVar]] = defaultdict(list)
    for (pid, _, _), var in chosen.paying.items():
        by_unit[pid].append(var)
    for (_, pid, _, _), var in chosen.spell_paying.items():
        by_unit[pid].append(var)
    damage: list[Expr] = []
    for pid, variables in by_unit.items():
        tapped = model.new_int_var(0, len(chosen.units[pid]), f"alternative_taps_{pid}")
        model.add(tapped == sum(variables))
        chosen.taps[pid] = tapped
        hurt = tap_damage(record.problem.view, pid, for_mana=False)
        if hurt:
            damage.append(hurt * tapped)
    chosen.damage = total(damage)


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
    if record.problem.turn is not None:
        _limit_turn_delve(record)
        return
    if isinstance(chosen.exiled, int):
        return
    board, player = record.board, record.player
    now = board.player(player).graveyard_size or 0
    growth = [(graveyard_growth(board, player, t.gone), t.index) for t in record.templates]
    grown = total([cards * main.use[index] for cards, index in growth if cards])
    model.add(chosen.exiled <= now + grown)


def _limit_turn_delve(record: PaymentModel) -> None:
    """The cards the turn's spells delve up to each of them, its own included, are at most those in the
    graveyard as it is cast (CR 702.66a): those its board has (:attr:`SpellPayment.graveyard`) and the
    plain instants and sorceries cast before it (608.2n: :attr:`SpellPayment.fed_by`)."""
    turn = record.problem.turn
    assert turn is not None
    chosen, cast = record.chosen, record.main.cast
    delved: list[cp_model.IntVar] = []
    for number, spell in enumerate(turn.spells):
        exiled = chosen.spell_exiled.get(number)
        if exiled is None:
            continue
        delved.append(exiled)  # (the turn's spells in the order cast)
        fed = total([cast[entry] for entry in spell.fed_by])
        record.model.add(total(delved) <= spell.graveyard + fed)


def alternative_payments(
    record: PaymentModel, solver: cp_model.CpSolver, free: dict[str, list[str]], spell: int = -1
) -> tuple[AlternativePayment, ...]:
    """The alternative payments of a solution: each group's members still free after the mana abilities
    (``free``, lowest ids first, of every group: those taken are taken off) pay in turn; the payment's, or
    with ``spell`` those of that spell of the turn (its number among the turn's spells)."""
    chosen = record.chosen
    for pid, members in chosen.units.items():
        free.setdefault(pid, list(members))
    paying = (
        chosen.paying
        if spell < 0
        else {(p, k, s): var for (n, p, k, s), var in chosen.spell_paying.items() if n == spell}
    )
    exiled = chosen.exiled if spell < 0 else chosen.spell_exiled.get(spell, 0)
    payments: list[AlternativePayment] = []
    for (pid, kind, slot), var in paying.items():
        for _ in range(solver.value(var)):
            member = free[pid].pop(0)
            payments.append(AlternativePayment(kind=kind, permanent=member, paid=slot))
    if not isinstance(exiled, int) and solver.value(exiled):
        payments.append(AlternativePayment(kind=AlternativeKind.DELVE, cards=solver.value(exiled)))
    return tuple(payments)
