"""The extract pass: a solution read back as the plan (or a turn's plans) the caller replays, with the
objective's values; the activations in a legal order, each with the units of mana it made and paid with.
"""

from __future__ import annotations

import itertools
from collections import defaultdict, deque
from collections.abc import Container
from dataclasses import replace

from ortools.sat.python import cp_model

from models.cost import Slot
from models.errors import PlannerError
from models.mana import ManaBag, ManaType
from planner.rules.activations import Activation
from planner.rules.costs import discards_hand
from planner.rules.hand import HAND
from planner.rules.pool import ManaUnit
from planner.rules.production import ManaTag
from planner.rules.replay import Plan, Step
from planner.solve.cpsat.alternatives import alternative_payments
from planner.solve.cpsat.classes import after_taps, class_sacrifices
from planner.solve.cpsat.layer import gains_first
from planner.solve.cpsat.record import ClassKey, Consumer, Expr, GroupKey, PaymentModel, Term, spending
from planner.solve.cpsat.riders import exact_level, split_of
from planner.solve.cpsat.sacrifice import sacrificed_counts
from planner.solve.cpsat.unspent import blind_reserve, doubled_mana
from planner.solve.objective import colors_lost
from planner.solve.solution import Solution, SolveStatus, TurnSolution


def solution_of(
    record: PaymentModel, solver: cp_model.CpSolver, terms: list[Term], *, plan: bool = True
) -> Solution:
    """The plan and the objective's values in the solver's current solution (not yet proven best); only
    the values without ``plan``. The level 'x' is reported as X itself (the model minimises a bound less
    X, which says nothing to a reader, and the fast path, :func:`planner.solve.fast.solve_fast_max_x`,
    reports X)."""
    values = tuple((name, _level_value(record, solver, name, expression)) for name, expression, _ in terms)
    if not plan:
        return Solution(status=SolveStatus.FEASIBLE, objective=values)
    if record.problem.turn is not None:
        return Solution(
            status=SolveStatus.FEASIBLE,
            turn=extract_turn(record, solver),
            keep_satisfied=bool(solver.value(record.keep_ok)) if record.keep_ok is not None else None,
            objective=values,
        )
    return Solution(
        status=SolveStatus.FEASIBLE,
        plan=extract(record, solver),
        x=int(solver.value(record.x)) if record.x is not None else record.problem.x,
        keep_satisfied=bool(solver.value(record.keep_ok)) if record.keep_ok is not None else None,
        hand_castable=tuple(bool(solver.value(v)) for v in record.hand_ok),
        objective=values,
        additional_sacrificed=sacrificed_counts(record, solver),
    )


def _level_value(record: PaymentModel, solver: cp_model.CpSolver, name: str, expression: Expr) -> int:
    """One level's value in the solver's current solution, as :func:`solution_of` reports it."""
    if name == "colors_lost":
        return _exact_lost(record, solver)
    exact = exact_level(record, solver, name)
    if exact is not None:
        return exact
    if name == "x" and record.x is not None:
        return int(solver.value(record.x))
    return int(solver.value(expression))


def _exact_lost(record: PaymentModel, solver: cp_model.CpSolver) -> int:
    """The colors the solver's current solution loses, from what it leaves untouched (the objective's
    literals only bound it: see :func:`planner.solve.cpsat.objective.objective`)."""
    assert record.colors_left is not None
    keeping, left = record.colors_left
    return colors_lost(keeping.keepers, [int(solver.value(expression)) for expression in left])


def _due(
    record: PaymentModel,
    steps: list[Step],
    epochs: list[int],
    templates_of: list[int],
    made_by: dict[int, int],
    spent: dict[int, tuple[ManaUnit, ...]],
    casts: list[int],
) -> list[int]:
    """Which cast (its place in ``casts``) each step of a turn goes with: the first its mana reaches,
    directly or through the steps it paid for, but no later than the last cast of its own epoch (a later
    event may change what it makes); a step that must come before another never goes with a later cast
    than it (the mana it paid for, a permanent's activations before its sacrifice, the model's order of
    the tracked activations)."""
    assert record.problem.turn is not None
    spells = record.problem.turn.spells
    position = {number: i for i, number in enumerate(casts)}
    until = record.problem.turn.until or tuple(record.last_epoch for _ in record.templates)
    due = [len(casts)] * len(steps)
    for number, paid in spent.items():
        for unit in paid:
            if id(unit) in made_by:
                due[made_by[id(unit)]] = min(due[made_by[id(unit)]], position[number])
    for i, epoch in enumerate(epochs):
        if due[i] == len(casts):  # (mana left floating: with the first cast after it is made)
            later = next((p for p, n in enumerate(casts) if spells[n].epoch >= epoch), None)
            if later is None:
                continue  # (made after the last cast, for none: no cast's plan takes it)
            due[i] = later
        latest = [p for p, n in enumerate(casts) if spells[n].epoch <= until[templates_of[i]]]
        if latest:
            due[i] = min(due[i], latest[-1])
    before: list[tuple[int, int]] = []  # (i, j): step i must come before step j
    for j, step in enumerate(steps):
        before += [(made_by[id(u)], j) for u in step.paid_with if id(u) in made_by]
    by_template: dict[int, list[int]] = defaultdict(list)
    for i, index in enumerate(templates_of):
        by_template[index].append(i)
    for a, b in (*record.static_edges, *record.announce_edges):
        before += [(i, j) for i in by_template.get(a, ()) for j in by_template.get(b, ())]
    tracked = [i for i, index in enumerate(templates_of) if record.producer[index] >= 0]
    before += list(itertools.pairwise(tracked))
    changed = True
    while changed:
        changed = False
        for i, j in before:
            if due[i] > due[j]:
                due[i] = due[j]
                changed = True
    return due


def extract(record: PaymentModel, solver: cp_model.CpSolver) -> Plan:
    """The plan in the solution: activations in a legal order, each with its mana, then the payment."""
    main = record.main
    extraction = _Extraction(record, solver)
    steps: list[Step] = _hand_steps(record, solver, extraction.produced)
    # (the generic draws before a doubling of the unspent mana leave what the model left in its pool)
    reserves = blind_reserve(record, solver)
    _reserve(extraction.reserved, reserves, 0, 1)
    places: list[int] = [-1] * len(steps)  # (each step's position in the model's order: -1, none)
    for template in extraction.ordered():
        step = extraction.step(template)
        if main.announced:  # (a step announced before the steps paying it, CR 601.2g: how many)
            node = record.producer[template.index]
            if node in main.announced:
                step = replace(step, nested=_nested(places, solver.value(main.announced[node])))
            places.append(solver.value(main.position[node]) if node in main.position else -1)
        steps.append(step)
        if reserves and template.index == reserves[0][0]:
            _reserve(extraction.reserved, reserves, 0, -1)
            reserves = reserves[1:]
            _reserve(extraction.reserved, reserves, 0, 1)
    spent = take(record, solver, main.consumers[0], extraction.produced, extraction.reserved)
    life = int(solver.value(main.consumers[0].life))
    return Plan(tuple(steps), spent, life, alternative_payments(record, solver, extraction.free))


def _nested(places: list[int], announced: int) -> int:
    """How many of the steps so far (their positions ``places``) come inside the payment of a step announced
    at the position ``announced`` (:attr:`~planner.rules.plan.Step.nested`): the last ones, from there on.

    >>> _nested([-1, 0, 2, 3], 2), _nested([-1, 0, 2, 3], 4)
    (2, 0)
    """
    count = 0
    for place in reversed(places):
        if place < announced:
            break
        count += 1
    return count


def _reserve(
    reserved: dict[ClassKey, int], reserves: list[tuple[int, dict[ClassKey, int]]], number: int, sign: int
) -> None:
    """Add (``sign`` 1) or take back (-1) the units the ``number``-th doubling left keeps
    (:func:`~planner.solve.cpsat.unspent.blind_reserve`)."""
    if number < len(reserves):
        for key, count in reserves[number][1].items():
            reserved[key] += sign * count


def extract_turn(record: PaymentModel, solver: cp_model.CpSolver) -> TurnSolution:
    """The turn in the solution, epoch by epoch: the events' mana, the activations of the epoch, then the
    spells cast in it; each activation goes with the first spell its mana (or what it paid for) pays,
    keeping the model's order, so every spell's steps are made just before it is cast."""
    assert record.problem.turn is not None
    main = record.main
    extraction = _Extraction(record, solver)
    ordered = extraction.ordered()
    event_units: list[tuple[ManaUnit, ...]] = []
    for number, event in enumerate(record.problem.turn.mana):
        units: list[ManaUnit] = []
        for k, packet in enumerate(event.packets):
            if len(packet.types) == 1:
                (only,) = tuple(packet.types)
                units += [ManaUnit(only, packet.tag)] * packet.total
                continue
            for mana_type in packet.types:
                picked = solver.value(main.event_choice[(number, k, mana_type)])
                units += [ManaUnit(mana_type, packet.tag)] * (picked * packet.per_pick)
        event_units.append(tuple(units))
    spells = {c.spell: c for c in main.consumers if c.spell >= 0}
    casts = [n for n, cast in enumerate(main.cast) if solver.value(cast)]
    steps: list[Step] = []
    epochs: list[int] = []
    templates_of: list[int] = []
    made_by: dict[int, int] = {}  # id of a unit -> the step that made it
    spent: dict[int, tuple[ManaUnit, ...]] = {}
    life: dict[int, int] = {}
    for epoch in range(record.last_epoch + 1):
        for number, event in enumerate(record.problem.turn.mana):
            if event.epoch == epoch:
                for unit in event_units[number]:
                    extraction.produced[(unit.type, spending(unit.tag), -1 - epoch)].append(unit)
        for template in ordered:
            if record.template_epochs[template.index] != epoch:
                continue
            steps.append(extraction.step(template))
            epochs.append(epoch)
            templates_of.append(template.index)
            for unit in extraction.made:
                made_by[id(unit)] = len(steps) - 1
        for number in casts:
            if record.problem.turn.spells[number].epoch == epoch:
                consumer = spells[number]
                spent[number] = take(record, solver, consumer, extraction.produced, extraction.reserved)
                life[number] = int(solver.value(consumer.life))
    due = _due(record, steps, epochs, templates_of, made_by, spent, casts)
    by_due = sorted(range(len(steps)), key=lambda i: (due[i], i))
    plans = tuple(
        Plan(
            tuple(steps[i] for i in by_due if due[i] == p),
            spent[number],
            life[number],
            # (convoke, improvise, delve: from what the turn's mana abilities left untapped)
            alternative_payments(record, solver, extraction.free, number),
        )
        for p, number in enumerate(casts)
    )
    held: list[str] = []
    if record.keep_layer is not None and record.keep_ok is not None and solver.value(record.keep_ok):
        for template in record.templates:
            for _ in range(solver.value(record.keep_layer.use[template.index])):
                free = extraction.free[template.pid]
                chosen = free.pop(0) if len(template.sources) > 1 and free else template.pid
                held += [chosen, *template.tapped, *template.sacrificed]
    order = {p.id: i for i, p in enumerate(record.board.permanents)}
    return TurnSolution(
        casts=tuple(casts),
        plans=plans,
        event_mana=tuple(event_units),
        held_by=tuple(sorted(set(held), key=lambda pid: order.get(pid, len(order)))),
    )


def take(
    record: PaymentModel,
    solver: cp_model.CpSolver,
    consumer: Consumer,
    available: dict[ClassKey, list[ManaUnit]],
    reserved: dict[ClassKey, int],
) -> tuple[ManaUnit, ...]:
    """The units a consumer spends: its typed draws, then its generic and snow draws from units of its
    groups that no typed draw still needs (``reserved``: typed draws not yet taken); a spell that reads the
    mana spent (the target, a turn's spell) draws its generic mana as the model split it among classes
    (:mod:`planner.solve.cpsat.riders`)."""
    taken: list[ManaUnit] = []
    split = split_of(record, consumer)
    draws = [*((key, solver.value(var)) for (key, _), var in consumer.pay.items())]
    draws += [(key, solver.value(var)) for key, var in split.items()]
    for key, count in draws:
        for _ in range(count):
            if not available[key]:
                raise PlannerError(
                    f"internal: the model spends {key[0].letter} mana of {key[2]} before it is made"
                )
            reserved[key] -= 1
            taken.append(available[key].pop())
    if split:
        return tuple(taken)
    for (group, _), var in consumer.blind.items():
        for _ in range(solver.value(var)):
            spare = [k for k in record.main.groups[group] if len(available[k]) > reserved[k]]
            if not spare:
                raise PlannerError(f"internal: the model spends mana of {group[1]} before it is made")
            taken.append(available[spare[0]].pop())
    return tuple(taken)


def _hand_steps(
    record: PaymentModel, solver: cp_model.CpSolver, produced: dict[ClassKey, list[ManaUnit]]
) -> list[Step]:
    """The payment's steps from the hand (first: nothing orders them), their mana in ``produced``."""
    steps = []
    for hand, use in zip(record.problem.hand_mana, record.main.hand_use, strict=True):
        if not solver.value(use):
            continue
        for unit in hand.units:
            produced[(unit.type, spending(unit.tag), -1)].append(unit)
        name = hand.card.name
        steps.append(
            Step(permanent=name, ability=hand.ability_index, produced=((name, hand.mana),), zone=HAND)
        )
    return steps


def in_turn(record: PaymentModel, activations: list[Activation]) -> list[Activation]:
    """The activations in the model's order, but for those that tap or untap a permanent with a {Q} ability
    (:attr:`~planner.solve.cpsat.record.PaymentModel.cycles`): each waits until the permanent is in the
    state its cost needs (CR 602.2b), so that an untap loop's taps and untaps come in turn (Grand Architect
    tapping Pili-Pala, Pili-Pala's {Q}, Grand Architect again: CR 729). The model's counts make such an
    order exist (:func:`~planner.solve.cpsat.resources.cycle_counts`).

    Each turn takes the first activation left whose changes (:func:`_cycle_changes`) find every permanent
    in the state its cost needs, or the first left when none does. Activations with the same changes wait
    in one queue, in the model's order: the first ready one is the earliest head of a ready queue, so a loop
    activated thousands of times is put in turn in one pass rather than by scanning what is left each time.
    """
    tapped = {pid: cycle.tapped for pid, cycle in record.cycles.items()}
    changes = [_cycle_changes(template, tapped) for template in activations]
    waiting: dict[tuple[tuple[str, bool], ...], deque[int]] = {}
    for number, change in enumerate(changes):
        waiting.setdefault(change, deque()).append(number)
    ordered: list[Activation] = []
    while waiting:
        ready = [queue[0] for change, queue in waiting.items() if all(tapped[p] != t for p, t in change)]
        number = min(ready) if ready else min(queue[0] for queue in waiting.values())
        change = changes[number]
        queue = waiting[change]
        queue.popleft()
        if not queue:
            del waiting[change]
        for pid, taps in change:
            tapped[pid] = taps
        ordered.append(activations[number])
    return ordered


def _cycle_changes(template: Activation, cycling: Container[str]) -> tuple[tuple[str, bool], ...]:
    """The ``cycling`` permanents the activation taps (True) and untaps (False)."""
    cost = template.ability.cost
    taps = [template.pid] if cost.tap and not cost.untap else []
    found = [(pid, True) for pid in (*taps, *template.tapped) if pid in cycling]
    if cost.untap and not cost.tap and template.pid in cycling:
        found.append((template.pid, False))
    return tuple(found)


def _untapped_sacrifices(
    record: PaymentModel, solver: cp_model.CpSolver, sacrificing: dict[int, str]
) -> dict[str, int]:
    """How many of each class's sacrifices take a member left untapped: those beyond its taps."""
    use = record.main.use
    left = {root: 0 for root in record.classes}
    for template in record.templates:
        if template.index in sacrificing:
            left[sacrificing[template.index]] += solver.value(use[template.index])
        elif template.pid in record.classes:
            left[template.pid] -= solver.value(use[template.index])
    return {root: max(0, count) for root, count in left.items()}


class _Extraction:
    """Reading a solution's activations back, one at a time: the units each class of mana has made so far,
    the typed draws not yet taken, each multi-type packet's picks left, and the members of each group of
    interchangeable permanents not yet tapped (lowest ids first, as the tie-break counted)."""

    def __init__(self, record: PaymentModel, solver: cp_model.CpSolver) -> None:
        self.record = record
        self.solver = solver
        main = record.main
        self.produced: dict[ClassKey, list[ManaUnit]] = defaultdict(list)
        for unit in record.problem.pool:
            self.produced[(unit.type, spending(unit.tag), -1)].append(unit)
        self.reserved: dict[ClassKey, int] = defaultdict(int)
        for consumer in main.consumers:
            for (spent_key, _), var in consumer.pay.items():
                self.reserved[spent_key] += solver.value(var)
        if record.riders is not None:  # (the spells' generic draws, split among classes: see take)
            for spent_key, var in record.riders.split.items():
                self.reserved[spent_key] += solver.value(var)
        self.picks_left = {key: solver.value(var) for key, var in main.choice.items()}
        self.free = {pid: list(members) for pid, members in record.members.items()}
        # (a class's members tapped and not yet sacrificed, and how many of its sacrifices may take a member
        # left untapped: planner.solve.cpsat.classes)
        self.sacrificing = class_sacrifices(record.templates, record.classes)
        self.tapped: dict[str, list[str]] = defaultdict(list)
        self.untapped_sacrifices = _untapped_sacrifices(record, solver, self.sacrificing)
        self.consumers = {c.template: c for c in main.consumers if c.template >= 0}
        self.made: list[ManaUnit] = []  # the units the last step made
        # how many units of each class are still to be made, and each group's draws not yet taken, by (class
        # or group, slot): its activations take them one by one
        self.to_make = {key: solver.value(supply) for key, supply in main.supply.items()}
        self.draws_left: dict[int, dict[tuple[ClassKey | GroupKey, Slot], int]] = {}
        # the names of the cards in the hand once the cards exiled for their mana are gone (their steps come
        # first): what 'Discard your hand' discards, less what the costs before it take
        self.hand = [card.name for card in record.board.player(record.player).hand]
        for hand, use in zip(record.problem.hand_mana, main.hand_use, strict=True):
            if solver.value(use):
                self.hand.remove(hand.card.name)

    def ordered(self) -> list[Activation]:
        """Every activation of the solution, once per use: by epoch, then untracked producers first (nothing
        orders them), then the rest by their node's position in the model."""
        record, solver, main = self.record, self.solver, self.record.main

        def place(t: Activation) -> tuple[int, int, int, int, int]:
            epoch = record.template_epochs[t.index]
            if gains_first(record, t):  # its life pays the life costs after it (the life pass counts it)
                return (epoch, -1, 0, 0, t.index)
            node = record.producer[t.index]
            if node in main.position:
                return (epoch, 1, solver.value(main.position[node]), 0, t.index)
            if node >= 0:
                return (epoch, 1, -1, 0, t.index)
            # life is paid before damage is taken: the model checks the life costs against the life total
            return (epoch, 0, record.depth.get(t.index, 0), 0 if t.ability.cost.life else 1, t.index)

        used = [t for t in record.templates if solver.value(main.use[t.index]) > 0]
        repeated = [t for t in sorted(used, key=place) for _ in range(solver.value(main.use[t.index]))]
        if record.classes:
            repeated = after_taps(repeated, record.classes)
        if not record.cycles:
            return repeated
        by_epoch = itertools.groupby(repeated, key=lambda t: record.template_epochs[t.index])
        return [t for _, activations in by_epoch for t in in_turn(record, list(activations))]

    def _pay_one(self, consumer: Consumer, template: Activation) -> tuple[ManaUnit, ...]:
        """The units one activation of a group pays its cost with: each symbol one of its ways, from the
        group's draws that the mana made so far can fill (the group's own mana once it has made some)."""
        left = self.draws_left.get(consumer.template)
        if left is None:
            left = {}
            for (key, slot), var in consumer.pay.items():
                left[(key, slot)] = self.solver.value(var)
            for (group, slot), var in consumer.blind.items():
                left[(group, slot)] = self.solver.value(var)
            self.draws_left[consumer.template] = left
        taken: list[ManaUnit] = []
        for symbol in template.ability.cost.mana.symbols:
            picks = next(
                (
                    p
                    for way in symbol.ways()
                    if (p := self._picks(left, way.slot, way.mana, consumer.template)) is not None
                ),
                None,
            )
            if picks is None:
                raise PlannerError(f"internal: the model pays {template.pid}'s cost before its mana is made")
            for drawn, key in picks:
                left[drawn] -= 1
                if len(drawn[0]) == 3:  # (a typed draw: no longer reserved)
                    self.reserved[key] -= 1
                taken.append(self.produced[key].pop())
        return tuple(taken)

    def _picks(
        self, left: dict[tuple[ClassKey | GroupKey, Slot], int], slot: Slot | None, mana: int, node: int
    ) -> list[tuple[tuple[ClassKey | GroupKey, Slot], ClassKey]] | None:
        """Which draws (and classes) ``mana`` units for ``slot`` come from, among the draws left and the
        units made so far; None when they can't all be found now.

        A generic draw takes a unit that no typed draw still needs, or one of the group's own (``node``'s)
        that its later activations make again before anything else draws on them (the model orders every
        other consumer of a node's mana after the node)."""
        if slot is None:
            return None  # (life: merged groups have no Phyrexian symbols)
        picks: list[tuple[tuple[ClassKey | GroupKey, Slot], ClassKey]] = []
        taking: dict[ClassKey, int] = defaultdict(int)
        for drawn, count in left.items():
            if drawn[1] != slot:
                continue
            for _ in range(count):
                if len(picks) == mana:
                    return picks
                if len(drawn[0]) == 3:
                    key: ClassKey = drawn[0]
                    if len(self.produced[key]) <= taking[key]:
                        break
                else:
                    group: GroupKey = drawn[0]
                    keys = self.record.main.groups[group]
                    spare = [k for k in keys if len(self.produced[k]) - self.reserved[k] > taking[k]]
                    spare += [
                        k
                        for k in keys
                        if k[2] == node
                        and len(self.produced[k]) > taking[k]
                        and len(self.produced[k]) + self.to_make[k] - self.reserved[k] > taking[k]
                    ]
                    if not spare:
                        break
                    key = spare[0]
                taking[key] += 1
                picks.append((drawn, key))
        return picks if len(picks) == mana else None

    def _own_colors_wanted(self, template: Activation, producer: int) -> defaultdict[ManaType, int]:
        """The units of each type that a repeated ability's later activations draw from its own mana for a
        typed slot, beyond what it has made so far (none for any other template)."""
        wanted: defaultdict[ManaType, int] = defaultdict(int)
        consumer = self.consumers.get(producer)
        if consumer is None or producer != template.index or len(template.sources) > 1:
            return wanted
        left = self.draws_left.get(producer)
        drawn: defaultdict[ClassKey, int] = defaultdict(int)
        for (key, slot), var in consumer.pay.items():
            if key[2] == producer:
                drawn[key] += left[(key, slot)] if left is not None else self.solver.value(var)
        for key, count in drawn.items():
            wanted[key[0]] += count - len(self.produced[key])
        return wanted

    def _victim(self, root: str) -> str:
        """The member of a class the next of its sacrifices takes: a member tapped before it, else the lowest
        id still untapped while the sacrifices that may take one last (as the objective counted the
        members touched: :func:`~planner.solve.cpsat.classes.class_touched`)."""
        tapped = self.tapped[root]
        if tapped:
            return tapped.pop(0)
        if self.untapped_sacrifices[root] <= 0 or not self.free[root]:
            raise PlannerError(f"internal: the model sacrifices {root}'s class before tapping it")
        self.untapped_sacrifices[root] -= 1
        return self.free[root].pop(0)

    def step(self, template: Activation) -> Step:
        """The next activation of ``template``: its mana (adding the units to :attr:`produced`) and the
        mana that paid its cost."""
        record, solver = self.record, self.solver
        free = self.free
        source = free[template.pid].pop(0) if len(template.sources) > 1 else template.pid
        if template.pid in record.classes:
            self.tapped[template.pid].append(source)
        sacrificed = template.sacrificed
        if template.index in self.sacrificing:
            sacrificed = (self._victim(self.sacrificing[template.index]),)
        concrete: list[tuple[ManaBag, ManaTag]] = []
        producer = record.producer[template.index]
        for k, packet in enumerate(template.outcome.packets):
            if len(packet.types) == 1:
                concrete.append((ManaBag.of(packet.types).scaled(packet.total), packet.tag))
                continue
            # (each pick the type with the most picks left: a group's activations share its types out, so
            # that each makes some of what the next ones draw on)
            # (and an ability that pays its own later activations' colored symbols makes those colors first)
            # (the outcomes of one ability share their pools of picks: planner.solve.cpsat.layer.pick_pool)
            chosen: list[ManaType] = []
            pool = record.main.pools_of[(template.index, k)]
            keys = [(pool, mana_type) for mana_type in packet.types]
            wanted = self._own_colors_wanted(template, producer)
            for _ in range(packet.picks):
                key = max(
                    keys, key=lambda key: (wanted[key[1]] > 0 < self.picks_left[key], self.picks_left[key])
                )
                if not self.picks_left[key]:
                    break
                self.picks_left[key] -= 1
                wanted[key[1]] -= 1
                chosen.append(key[1])
            concrete.append((ManaBag.of(chosen).scaled(packet.per_pick), packet.tag))
        concrete += doubled_mana(record, solver, template)
        paid_with: tuple[ManaUnit, ...] = ()
        if template.costs_mana and (
            len(template.sources) > 1 or solver.value(record.main.use[template.index]) > 1
        ):
            # (a group's activations, and each of one ability's repeated activations, pay one cost each)
            paid_with = self._pay_one(self.consumers[producer], template)
        elif template.costs_mana:
            paid_with = take(record, solver, self.consumers[producer], self.produced, self.reserved)
        if source != template.pid:
            concrete = [
                (bag, replace(tag, source=source) if tag.source == template.pid else tag)
                for bag, tag in concrete
            ]
        by_source: dict[str, ManaBag] = {}
        self.made = []
        for bag, tag in concrete:
            by_source[tag.source] = by_source.get(tag.source, ManaBag()) + bag
            for mana_type in bag.units():
                unit = ManaUnit(mana_type, tag)
                self.produced[(mana_type, spending(tag), producer)].append(unit)
                self.to_make[(mana_type, spending(tag), producer)] -= 1
                self.made.append(unit)
        produced = tuple(sorted((s, b) for s, b in by_source.items() if b))
        choices = template.choices
        if discards_hand(template.ability):
            choices = replace(choices, discarded=tuple(self.hand))
        for name in choices.cards:
            self.hand.remove(name)
        for pid in choices.returned:
            card = self.record.board.permanent(pid).as_card()
            self.hand += [card.name] if card is not None else []
        return Step(
            permanent=source,
            ability=template.ability_index,
            produced=produced,
            order=template.outcome.replacements,
            sacrificed=sacrificed,
            tapped=template.tapped,
            paid_with=paid_with,
            choices=choices,
        )
