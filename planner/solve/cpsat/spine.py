"""The CP-SAT model of a payment as a spine of named passes over one record (:class:`PaymentModel`), in the
order of an OR-Tools sample: the analysis before any variable, the variables, the constraints group by
group (each layer's mana, then what the layers share), the objective, the solve, the plan. Each pass is a
function of the record that adds to it and says which rule it encodes; this module is their table of
contents.

The order of the passes is the order of the model's variables and constraints, which CP-SAT's search
follows: moving a pass changes no answer's value but may change which of equally good plans comes back,
and how fast.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable
from dataclasses import replace

from models.limits import MAX_GENERIC
from planner.rules.replay import IllegalPlanError, replay
from planner.solve.bounds import unpayable_core
from planner.solve.cpsat.alternatives import declare_alternatives, limit_alternatives
from planner.solve.cpsat.analysis import analysed
from planner.solve.cpsat.doubling import with_doubling
from planner.solve.cpsat.first_paid import first_paid
from planner.solve.cpsat.floating_floor import floor_floating
from planner.solve.cpsat.layer import (
    activations,
    consumers,
    declare_x,
    filled_slots,
    floating,
    hand_abilities,
    hand_layer,
    keep_layer,
    life,
    main_layer,
    spending_rules,
    supply,
    turn_events,
)
from planner.solve.cpsat.objective import objective
from planner.solve.cpsat.order import order, ordered_late
from planner.solve.cpsat.record import Layer, PaymentModel
from planner.solve.cpsat.resources import share_hand_cards, share_resources
from planner.solve.cpsat.sacrifice import declare_sacrifices
from planner.solve.cpsat.solve import solve
from planner.solve.cpsat.symmetry import order_singled_twins
from planner.solve.cpsat.unspent import declines, doubled_as_resolved, doubled_supply, doubling_templates
from planner.solve.problem import PaymentProblem, TimeUp
from planner.solve.solution import Solution, SolveStatus

#: A pass over one layer of the record.
LayerPass = Callable[[PaymentModel, Layer], None]

#: What each layer adds to the model, in order.
LAYER_PASSES: tuple[LayerPass, ...] = (
    activations,  # variables: how often each template is used, the type each pick of a packet takes
    turn_events,  # variables: the type each pick of a turn's event mana takes
    hand_abilities,  # variables: the cards exiled from the hand for their mana
    supply,  # the mana of each class the layer has, and the most there can be
    doubled_supply,  # variables: what each doubling of the unspent mana adds (Doubling Cube)
    consumers,  # what spends mana: the target, a turn's spells, the abilities' mana costs (CR 601.2b)
    spending_rules,  # variables: who pays what, where restrictions and spending rules allow (106.6, 609.4b)
    first_paid,  # what pays each node's first activation was there before it (602.2b, 605.3a)
    filled_slots,  # every slot filled exactly (202.1a), convoke, improvise and delve included
    floating,  # no mana spent beyond what is made; what is left floats
    life,  # life costs and damage within the life total (119.4, 601.2g-h)
    order,  # the activations' order: mana before what it pays, uses before sacrifices (602.2b, 608.2h)
    doubled_as_resolved,  # a doubling adds the pool as it resolves, type by type (106.1b, 608.2h)
)


def build(problem: PaymentProblem, *, merge: bool = True, firsts: bool = False) -> PaymentModel:
    """The model of a payment, pass by pass; ``merge`` lets twins be merged into groups (see
    :func:`~planner.solve.cpsat.analysis.analysed`), ``firsts`` orders a relaxed model's first activations
    (:mod:`~planner.solve.cpsat.first_paid`).

    >>> from models import Board, PaymentTarget
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
    ...     {"id": "f1", "card": "Forest", "controller": "me"},
    ...     {"id": "s1", "card": "Golgari Signet", "controller": "me"}]})
    >>> problem = PaymentProblem.of(board, PaymentTarget.of("{G}"), keep=PaymentTarget.of("{B}"))
    >>> record = build(problem)
    >>> [layer.name for layer in record.layers], [name for name, _, _ in record.terms][:2]
    (['pay', 'keep'], ['keep', 'hand_cards_lost'])
    """
    record = analysed(problem, merge=merge)  # before any variable: order edges, {Q} cycles, twins, nodes
    record.firsts_ordered = firsts
    declare_x(record)  # variables: the largest X asked for
    declare_alternatives(record)  # variables: convoke, improvise, delve
    add_layer(record, main_layer(record))  # the payment asked for
    limit_alternatives(record)  # what convoke, improvise and delve may use once its mana is made
    floor_floating(record, record.main)  # the least mana any plan leaves floating, from the amounts alone
    problem.check_time()
    if problem.keep is not None:
        add_layer(record, keep_layer(record, problem.keep))  # a cost to keep payable afterwards
        problem.check_time()
    for number, card in enumerate(problem.hand):
        add_layer(record, hand_layer(record, number, card))  # a card in hand to keep castable
        problem.check_time()
    share_resources(record)  # taps, untaps, sacrifices, counters, once each turn, energy, cards in hand
    share_hand_cards(record)  # each card in hand exiled for its mana once
    declare_sacrifices(record)  # the spell's additional sacrifices, chosen with the mana (CR 601.2h)
    order_singled_twins(record)  # interchangeable permanents that costs single out, used lowest ids first
    problem.check_time()
    objective(record)  # the lexicographic levels, most important first
    return record


def add_layer(record: PaymentModel, layer: Layer) -> None:
    """A layer added to the record, and each of :data:`LAYER_PASSES` run over it."""
    record.layers.append(layer)
    for layer_pass in LAYER_PASSES:
        layer_pass(record, layer)


#: The fewest twins whose abilities cost mana (:func:`paid_twins`) for which a relaxed model whose optimum
#: has nodes paying one another is solved again with its first activations ordered, rather than the
#: model of every twin answering: that model grows with the square of them. Mystic Gates beside Wooded
#: Bastion, Krark-Clan Ironworks, Swamps and one Plains or Island ({3}{G}{W}): with 2 or 3 Gates the
#: model of every twin answered in 25-42 ms against 29-48 ms, with 4 to 6 in 91-286 ms against 32-49 ms;
#: with two Rugged Prairies, Nyxbloom Ancient and Cascading Cataracts (bench_no seed 16, question 191)
#: in 150 ms against 190 ms.
FEW_PAID_TWINS = 4


def paid_twins(record: PaymentModel) -> int:
    """How many permanents the model's merged groups of twins whose abilities cost mana stand for.

    >>> from models import Board, PaymentTarget
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
    ...     {"id": f"g{n}", "card": "Mystic Gate", "controller": "me"} for n in range(3)] + [
    ...     {"id": f"s{n}", "card": "Izzet Signet", "controller": "me"} for n in range(2)]})
    >>> paid_twins(build(PaymentProblem.of(board, PaymentTarget.of("{1}"))))
    5
    """
    groups = {t.pid: len(t.members) for t in record.templates if t.costs_mana and len(t.members) > 1}
    return sum(groups.values())


def solved(problem: PaymentProblem, *, merge: bool = True) -> Solution:
    """The model built and solved (:func:`~planner.solve.cpsat.solve.solve`, whose solution carries the
    plan the extract pass read). When a model with twins merged has no plan because nodes of its optimum
    pay one another with nothing from outside, which no order allows, the same model with its first
    activations ordered (:mod:`~planner.solve.cpsat.first_paid`) answers in the time left, where it has at
    least :data:`FEW_PAID_TWINS` twins whose abilities cost mana; when it has none for another reason, or
    that one has none either, the model of every twin.

    >>> from models import Board, PaymentTarget
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
    ...     {"id": f"g{n}", "card": "Mystic Gate", "controller": "me"} for n in range(3)] + [
    ...     {"id": "b", "card": "Wooded Bastion", "controller": "me"},
    ...     {"id": "p", "card": "Plains", "controller": "me"}]})
    >>> solution = solved(PaymentProblem.of(board, PaymentTarget.of("{3}{G}{W}")))
    >>> solution.status.value, solution.plan.steps[0].permanent  # (the Plains feeds the filters)
    ('optimal', 'p')
    """
    record = build(problem, merge=merge)
    solution = solve(record)
    if solution is None and record.unfed and ordered_late(record) and paid_twins(record) >= FEW_PAID_TWINS:
        firsts = build(problem, merge=merge, firsts=True)
        # (the same model with more rows: where the LP-guided share did not prove the relaxed model's first
        # stage, it does not prove this one's either, and its plan leads the default search no faster)
        firsts.default_first = record.share_fell_through
        solution = solve(firsts)
    if solution is None:
        return solved(problem, merge=False)
    return _checked_if_narrowed(problem, record, solution, merge=merge)


def _checked_if_narrowed(
    problem: PaymentProblem, record: PaymentModel, solution: Solution, *, merge: bool
) -> Solution:
    """The solution of a model :attr:`~planner.solve.cpsat.record.PaymentModel.narrowed` (an ability's own
    cost paid "as though" only where the layer removes none of the rules' sources): its "no" stands when
    the wide model (the cost paid under the rules of the board as it is) has no plan either; else the wide
    model's plan when the rules replay it (a payment alone), not called optimal, and no answer otherwise.
    Its best plan is legal but not called optimal. Likewise a model that judges some restrictions later than
    the rules (:attr:`~planner.solve.cpsat.record.PaymentModel.judged_late`): its best plan is not called
    optimal and its "no" is no answer. Any other solution as it is."""
    if record.judged_late:
        # (no wider model: its best plan stands, not called optimal, and its "no" is no answer)
        if solution.status is SolveStatus.OPTIMAL:
            return replace(solution, status=SolveStatus.FEASIBLE, note=_JUDGED_LATE_BEST)
        if solution.status is SolveStatus.INFEASIBLE:
            return Solution(status=SolveStatus.UNKNOWN, note=_JUDGED_LATE_NO)
    if not record.narrowed:
        return solution
    if solution.status is SolveStatus.OPTIMAL:
        return replace(solution, status=SolveStatus.FEASIBLE, note=_NARROWED_BEST)
    if solution.status is not SolveStatus.INFEASIBLE:
        return solution
    wide = solved(replace(problem, wide_costs=True), merge=merge)
    if wide.status is SolveStatus.INFEASIBLE:
        return solution  # (no plan even so: the "no" stands)
    alone = problem.turn is None and problem.keep is None and not problem.hand
    if wide.plan is not None and alone:
        try:
            replay(problem.board, problem.paid_target(wide.x), wide.plan, problem.player, problem.check_time)
        except IllegalPlanError:
            pass
        else:
            return replace(wide, status=SolveStatus.FEASIBLE, note=_NARROWED_BEST)
    return Solution(status=SolveStatus.UNKNOWN, note=_NARROWED_NO)


#: Why a model judging restrictions late is not proven (:func:`_checked_if_narrowed`).
_JUDGED_LATE_BEST = (
    "the plan is legal, but not proven best: the model judges the restrictions of an ability activated more "
    "than once (or in a turn, or for a kept cost) where the plan lists it, not as it is announced before the "
    "mana abilities paying its mana cost (CR 601.2g, 602.2b)"
)
_JUDGED_LATE_NO = (
    "not proven: the model judges the restrictions of an ability activated more than once (or in a turn, or "
    "for a kept cost) where the plan lists it, not as it is announced before the mana abilities paying its "
    "mana cost (CR 601.2g, 602.2b), which may allow more"
)
#: Why a narrowed model's answer is not proven (:func:`_checked_if_narrowed`).
_NARROWED_BEST = (
    'the plan is legal, but not proven best: the model pays an ability\'s own cost "as though" only when the '
    "payment removes none of the sources of those effects"
)
_NARROWED_NO = (
    'not proven: the model pays an ability\'s own cost "as though" only when the payment removes none of '
    "the sources of those effects, and with that cost paid under the rules as they are now it finds a plan"
)


def solve_payment(problem: PaymentProblem) -> Solution:
    """Build the CP-SAT model of a payment problem and solve it.

    >>> from models import Board, PaymentTarget
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
    ...     {"id": "f1", "card": "Forest", "controller": "me"},
    ...     {"id": "bop", "card": "Birds of Paradise", "controller": "me"},
    ...     {"id": "i1", "card": "Island", "controller": "me"}]})
    >>> solution = solve_payment(PaymentProblem.of(board, PaymentTarget.of("{1}{G}")))
    >>> solution.status.value, sorted(step.permanent for step in solution.plan.steps)
    ('optimal', ['f1', 'i1'])
    """
    try:
        if doubling_templates(problem) and declines(problem) is None:
            counted = _counting_doublings(problem)
            if counted is not None:
                return counted
            problem = replace(problem, count_doubling=False)
        # (a count of what the sources could make may prove "no" at once: see planner.solve.bounds)
        core = unpayable_core(problem)
        if core is not None:
            return with_doubling(problem, Solution(status=SolveStatus.INFEASIBLE, core=core))
        return with_doubling(problem, _unproven_at_open_bounds(problem, solved(problem)))
    except TimeUp:  # the time limit ran out while the model was built: no answer, never a 'no'
        return Solution(status=SolveStatus.UNKNOWN)


def _counting_doublings(problem: PaymentProblem) -> Solution | None:
    """The answer of the model that counts the doublings of the unspent mana
    (:mod:`planner.solve.cpsat.unspent`), given half the time left; None when it has no plan by then (it
    proves little on a large board: the model that leaves them out answers in the rest of the time, with
    its fallback, :mod:`planner.solve.cpsat.doubling`)."""
    now = time.monotonic()
    share = replace(problem, time_limit=now - problem.started + (problem.deadline - now) / 2)
    try:
        solution = _unproven_at_open_bounds(share, solved(share))
    except TimeUp:
        return None
    return None if solution.status is SolveStatus.UNKNOWN else solution


def _unproven_at_open_bounds(problem: PaymentProblem, solution: Solution) -> Solution:
    """The solution, not called optimal when its plan activates an open ability as often as the bound the
    payment gave it (:func:`~planner.rules.activations.open_bound`): a bound reached proves nothing, so the
    answer says so (``optimal: false``) rather than claim a best plan or a largest X."""
    if solution.status is not SolveStatus.OPTIMAL:
        return solution
    if solution.x is not None and problem.x is None and solution.x >= MAX_GENERIC:
        return replace(solution, status=SolveStatus.FEASIBLE)  # (X at its limit: a larger X may be payable)
    opened = [t for t in problem.dynamics.templates if t.open or t.loop]  # (an untap loop's bound too)
    if not opened:
        return solution
    plans = solution.turn.plans if solution.turn is not None else (solution.plan,)
    # (by what it taps too: Grand Architect tapping itself is not its loop's template)
    used = Counter(
        (s.permanent, s.ability, s.tapped) for plan in plans if plan is not None for s in plan.steps
    )
    if any(used[(t.pid, t.ability_index, t.tapped)] >= t.bound for t in opened):
        return replace(solution, status=SolveStatus.FEASIBLE)
    return solution
