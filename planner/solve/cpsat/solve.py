"""The solve pass: the objective's levels packed into stages, each solved to its optimum and fixed before
the next; a relaxed model's optimum ordered; and, for a "no", the target's slots that clash (an
infeasibility core). Nothing of CP-SAT leaves here but through :mod:`planner.solve.cpsat.extract`."""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from dataclasses import replace

from ortools.sat.python import cp_model

from models.cost import Slot
from models.errors import PlannerError
from planner.solve.cpsat.bound_prefix import fixed_bound_prefix
from planner.solve.cpsat.color_symmetry import interchangeable_colors
from planner.solve.cpsat.extract import solution_of
from planner.solve.cpsat.first_paid import unfed_in
from planner.solve.cpsat.order import add_order, ordered_late
from planner.solve.cpsat.record import Expr, PaymentModel, Term
from planner.solve.solution import Solution, SolveStatus


def _solver() -> cp_model.CpSolver:
    """A CP-SAT solver with the parameters these models are solved with (one worker, seeded: the same
    answer however busy the machine is)."""
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    # full linearization: with it the LP proves "nothing wasted" at once, where the default LP, after
    # presolve rewrites the floating mana, can leave the bound below zero for seconds
    solver.parameters.linearization_level = _FULL_LINEARIZATION
    solver.parameters.random_seed = 0
    # these models are small and solved in tens of milliseconds, where CP-SAT's presolve and inprocessing
    # cost more than they save: one presolve pass, no probing, no symmetry detection (the twins
    # constraints break the symmetry that matters) and no SAT inprocessing halve the median solve on
    # 40 to 160 permanents and on Cascading Cataracts (measured with /tmp helper scripts, seeds 4 to 7)
    solver.parameters.max_presolve_iterations = 1
    solver.parameters.cp_model_probing_level = 0
    solver.parameters.symmetry_level = 0
    solver.parameters.use_sat_inprocessing = False
    # branching on the LP's solution finds the plan that wastes nothing sooner than the default search,
    # which first wanders through plans that sacrifice Treasures or leave mana floating (where it finds no
    # plan soon, the default search takes over: _searched)
    solver.parameters.search_branching = cp_model.LP_SEARCH
    return solver


def solve(record: PaymentModel) -> Solution | None:
    """Solve lexicographically: levels are packed into weighted stages whose weights stay small, and each
    stage's optimum is fixed before the next stage is solved. The time limit bounds all stages together;
    when it runs out after a plan was found, that plan is returned, marked as not proven optimal. None when
    a relaxed model (twins merged) has no plan in time, or its optimum can't be ordered (``record.unfed``
    then holds the nodes that no order pays first, if that is why)."""
    model = record.model
    terms = record.terms
    deadline = record.problem.deadline
    solver = _solver()
    # Assumptions weaken presolve, so the main solve fixes the target's slot literals instead; only an
    # infeasible payment turns them into assumptions, in this same model, to learn which slots clash.
    fixing = [model.add(literal == 1).index for literal in record.main.assumptions.values()]
    best: Solution | None = None
    for number, stage in enumerate(stages(terms, sources=sources_of(record))):
        expressions: list[Expr] = []
        weights: list[int] = []
        weight = 1
        for _, expression, bound in reversed(stage):
            expressions.append(expression)
            weights.append(weight)
            weight *= bound
        # a weighted sum builds a new expression: '+=' could change the terms' own expressions in place
        objective = cp_model.LinearExpr.weighted_sum(expressions, weights)
        model.minimize(objective)
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            break  # the time limit bounds the whole question, building the model included
        solver.parameters.max_time_in_seconds = remaining
        status = _searched(solver, model, deadline, first=number == 0, record=record, stage=stage)
        if status == cp_model.MODEL_INVALID:
            raise PlannerError(f"internal: invalid CP-SAT model: {model.validate()}")
        if status == cp_model.INFEASIBLE and best is None:
            proved = solver.response_proto.deterministic_time
            core = _core(record, fixing, proved, deadline, solver)
            return Solution(status=SolveStatus.INFEASIBLE, core=core)
        if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            break  # out of time: keep the plan of the stages before, if any
        if status != cp_model.OPTIMAL and record.relaxed:
            break  # (a relaxed solution is a plan only once it is ordered: see _ordered)
        best = solution_of(record, solver, terms, plan=not record.relaxed)
        if status != cp_model.OPTIMAL:
            break
        # keep this stage's optimum while the next stages are optimised, starting from this solution
        # (the exact integer: objective_value is a double), and each of its levels at its own value
        model.add(objective == solver.value(objective))
        _fix_levels(model, stage, solver, record.least)
        _hint_solution(model, solver)
    else:
        # every stage solved to optimality: the plan is optimal under the whole objective
        if best is not None and not record.relaxed:
            best = _fewest_bounded_rounds(record, solver, terms, deadline) or best
            return replace(best, status=SolveStatus.OPTIMAL)
        if best is not None:
            unfed = unfed_in(record, solver.value)  # (before the order's solve replaces the solution)
            ordered = _ordered(record, solver, terms)
            if ordered is not None:
                return ordered
            record.unfed = unfed
    if record.relaxed:
        return None  # (no plan of the relaxed model in time: the model of every twin answers)
    return best if best is not None else Solution(status=SolveStatus.UNKNOWN)


#: The deterministic time (CP-SAT's measure of work, roughly seconds: about 2.5 ms of CPU per 0.001 here)
#: the LP-guided search has to prove a stage before CP-SAT's default search takes over (:func:`_searched`).
_LP_FIRST = 0.035


def _fewest_bounded_rounds(
    record: PaymentModel, solver: cp_model.CpSolver, terms: list[Term], deadline: float
) -> Solution | None:
    """Among the plans every level of the objective ties (each stage's optimum is fixed by now), one that
    activates the open abilities and untap loops least often, or None when there are none or no such plan
    is found in the time left. A plan that activates one as often as its bound allows is not called optimal
    (:func:`~planner.solve.cpsat.spine._unproven_at_open_bounds`: a bound reached proves nothing), so among
    equal plans the solver's pick must not wander up to the bound when fewer rounds pay the same: Grand
    Architect's loop pays {4}{G} in two rounds with Sol Ring's and the Wastes' {C}{C}{C} rather than in
    seven, its bound. The levels are unchanged: only which of the tied plans is returned."""
    bounded = [record.main.use[t.index] for t in record.templates if t.open or t.loop]
    remaining = deadline - time.monotonic()
    if not bounded or remaining <= 0:
        return None
    _hint_solution(record.model, solver)
    record.model.minimize(cp_model.LinearExpr.sum(bounded))
    solver.parameters.max_time_in_seconds = remaining
    status = _searched(solver, record.model, deadline, first=False, record=record)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return None
    return solution_of(record, solver, terms, plan=True)


def _searched(
    solver: cp_model.CpSolver,
    model: cp_model.CpModel,
    deadline: float,
    *,
    first: bool = True,
    record: PaymentModel | None = None,
    stage: Sequence[Term] = (),
) -> cp_model.CpSolverStatus:
    """One stage solved by the LP-guided search (:func:`_solver`) for up to :data:`_LP_FIRST` of
    deterministic time, then, when it has not proved the stage by then, by CP-SAT's default search, from the
    plan it found if any, in the time left (issue 41).

    On boards with mana multipliers beside filter lands, Signets or Cascading Cataracts, the LP's
    fractional solution can be far from any plan: the LP-guided search spent 0.5-0.8 s before its first
    plan where the default search proves the stage in 20-130 ms. Elsewhere it is the faster one, and
    nearly every stage is proved within the share: those are solved exactly as before. On the 45 models of
    bench_no's questions (seeds 14, 16, 17 and 18 with multipliers, 14 without, and the regression boards)
    where a solve took over 35 ms, each solved alone: 3.5 s -> 2.4 s in all, the worst 740 -> 214 ms,
    every optimum the same, three stages 10-17 ms slower. (Going on with the LP-guided search from its plan
    instead, or a share of 0.02 or 0.03, made some stages two or three times slower.)

    In a stage after the ``first``, the default search starts from no hint, neither the LP-guided search's
    plan nor the earlier stage's: those stages hold what the payment touches (painless, flexibility, the
    tie-break by id) and, on 1,000 permanents, either hint led the default search's proof astray. The
    five such stages of bench_big's random boards (seeds 2, 5 and 7) that the LP-guided search did not
    prove in its share, each solved alone, CPU seconds: 1.62 -> 0.65, 0.46 -> 0.65, 0.37 -> 0.37, and two
    not proved in 20 s of a loaded machine's wall clock (3.1 and 2.9 s of CPU) -> 0.28 and 0.87; the same
    optima. (The default search alone, without the LP-guided search's share first, proved those in 0.07 to
    0.62 s, but took 1.2 and 9.8 s on two others that the share proves at once, seed 2 questions 14 and
    20.)

    The default search runs at the full linearization for :data:`_FULL_LP_SHARE` of deterministic time and,
    when it has not proved the stage by then, starts again from its best plan if any at the default
    linearization (:data:`_RESTART_LINEARIZATION`), in the time left. Which one proves a stage sooner varies
    from model to model by up to forty times, either way; the full LP's worst cases were the slowest
    stages of bench_no --multipliers: seed 22 question 243 (filter lands under Nyxbloom Ancient and Mana
    Reflection) 0.249 -> 0.073 of deterministic time, bench_big's seed 7 question 38 0.224 -> 0.095. Of the
    other stages that fell through the LP-guided share on bench_no --multipliers seeds 14-18 and 22 and
    bench_big's seeds 1-8, only 14:232 is slower (0.042 -> 0.051): those proved within the share are solved
    as before (bench_big's seed 5 question 37 takes 0.010 at the full linearization, 0.421 at the default
    one alone). Where the share found no plan at all, the full LP that led it nowhere rarely leads the
    default search better: it gets :data:`_PLANLESS_SHARE` at the full linearization, and its restart at the
    default one starts from no plan (issue 41, session 37, bench_no --multipliers, deterministic time after
    the share: 6:51's stage 0.035 + 0.106 -> 0.010 + 0.032, 6:173's model of every twin 0.035 + 0.022 ->
    0.010 + 0.019, 2:193's 0.035 + 0.096 -> 0.010 + 0.043, 15:104's relaxed stage 0.005 either way,
    21:189's 0.035 + 0.018 -> 0.010 + 0.053; bench_big's one stage that falls through the share on seeds 3
    and 5-8, 5:37, ends its share with a plan, and is searched as before).

    Where the ``record``'s question has two colors it can't tell apart and some templates come in pairs
    swapped by them (:func:`~planner.solve.cpsat.color_symmetry.interchangeable_colors`, looked for only
    here: when the share did not prove the stage), the default search runs with CP-SAT's symmetry
    detection (:data:`_SYMMETRY_LEVEL`), which :func:`_solver` leaves off elsewhere.

    A ``record`` whose first stage goes straight to the default search
    (:attr:`~planner.solve.cpsat.record.PaymentModel.default_first`: the model with its first activations
    ordered, made when the relaxed model's optimum could not be ordered and that model's first stage was
    not proved in the share) skips the share there; each record notes whether its first stage's share fell
    through (:attr:`~planner.solve.cpsat.record.PaymentModel.share_fell_through`).

    Where the first stage's share ends with a plan and no proof, its levels are proved by questions of
    feasibility as far as they can be (:func:`_from_bound_prefix`): all proved, the stage closes with that
    plan; some, they are fixed before the default search."""
    status = cp_model.UNKNOWN
    planless = False  # (the share ran and found no plan at all)
    if not (first and record is not None and record.default_first):
        status = _solved_within(solver, model, _LP_FIRST)
        planless = status == cp_model.UNKNOWN
    remaining = deadline - time.monotonic()
    if status not in (cp_model.FEASIBLE, cp_model.UNKNOWN) or remaining <= 0:
        return status
    found = list(solver.response_proto.solution) if status == cp_model.FEASIBLE else []
    if first and record is not None:
        record.share_fell_through = True
        if found and len(stage) > 1:
            probed = _from_bound_prefix(solver, model, deadline, stage, record.least)
            if probed is not None:
                return probed
    if not first:
        model.proto.clear_solution_hint()
    elif found:
        _hint_values(model, found)  # (the plan found so far)
    solver.parameters.search_branching = cp_model.AUTOMATIC_SEARCH
    solver.parameters.max_time_in_seconds = remaining
    swap = interchangeable_colors(record) if record is not None else None
    if swap is not None and swap.moves:
        solver.parameters.symmetry_level = _SYMMETRY_LEVEL
    linearization = solver.parameters.linearization_level
    try:
        # (where the full LP led the share to no plan at all, the search at the full linearization gets a
        # short share and the restart starts from no plan: _PLANLESS_SHARE)
        status = _solved_within(solver, model, _PLANLESS_SHARE if planless else _FULL_LP_SHARE)
        remaining = deadline - time.monotonic()
        if status not in (cp_model.FEASIBLE, cp_model.UNKNOWN) or remaining <= 0:
            return status
        if status == cp_model.FEASIBLE and not planless:
            _hint_solution(model, solver)  # (the plan found so far)
        solver.parameters.max_time_in_seconds = remaining
        solver.parameters.linearization_level = _RESTART_LINEARIZATION
        return solver.solve(model)
    finally:
        solver.parameters.max_deterministic_time = math.inf
        solver.parameters.search_branching = cp_model.LP_SEARCH
        solver.parameters.symmetry_level = 0
        solver.parameters.linearization_level = linearization


def _from_bound_prefix(
    solver: cp_model.CpSolver,
    model: cp_model.CpModel,
    deadline: float,
    stage: Sequence[Term],
    least: Callable[[Expr], int],
) -> cp_model.CpSolverStatus | None:
    """The stage solved with the levels the probes prove fixed (:func:`~planner.solve.cpsat.bound_prefix.
    fixed_bound_prefix`, within :data:`_PROBE_SHARE` of deterministic time, which says why no optimum is
    lost); None, and the model as it was, where they prove none.

    Every level proved, the probes' plan is the stage's optimum: given as the hint with every level fixed,
    the solve returns it at once. Otherwise the rest of the stage is searched by CP-SAT's default search at
    linearization 1 from no hint for :data:`_FULL_LP_SHARE`, then, not proved by then, from its best plan
    (or the probes') in the time left. Issue 41: 22:243's first stage after the share, 0.0013 + 0.0954
    (main: the bound's digits found no plan, and the default search proved the stage) -> 0.0143 of probes
    (mana tied up 60 from the bound's digits and a probe, painless 5 and flexibility 16 each by a probe
    that finds nothing below) + 0.0001; the whole question 0.1327 -> 0.0518, 15:102's 0.0403 -> 0.0358,
    16:123's 0.0556 -> 0.0678 (the probes' budget spent on two better plans before the default search)."""
    remaining = deadline - time.monotonic()
    solver.parameters.max_time_in_seconds = remaining
    probe = fixed_bound_prefix(solver, model, stage, least, _PROBE_SHARE)
    remaining = deadline - time.monotonic()
    if probe is None or remaining <= 0:
        return None if probe is None else cp_model.UNKNOWN
    solver.parameters.max_time_in_seconds = remaining
    if probe.complete:  # (every level fixed: the plan, given as the hint, is the stage's optimum)
        _hint_values(model, probe.plan)
        return solver.solve(model)
    model.proto.clear_solution_hint()
    solver.parameters.search_branching = cp_model.AUTOMATIC_SEARCH
    linearization = solver.parameters.linearization_level
    solver.parameters.linearization_level = _RESTART_LINEARIZATION
    try:
        status = _solved_within(solver, model, _FULL_LP_SHARE)
        remaining = deadline - time.monotonic()
        if status not in (cp_model.FEASIBLE, cp_model.UNKNOWN) or remaining <= 0:
            return status
        _hint_values(
            model, list(solver.response_proto.solution) if status == cp_model.FEASIBLE else probe.plan
        )
        solver.parameters.max_time_in_seconds = remaining
        return solver.solve(model)
    finally:
        solver.parameters.search_branching = cp_model.LP_SEARCH
        solver.parameters.linearization_level = linearization


#: The deterministic time the probes of :func:`_from_bound_prefix` have in all (each stops at its first
#: plan; a prefix the bound's digits can't make is usually proved so in presolve).
_PROBE_SHARE = 0.015


def _solved_within(
    solver: cp_model.CpSolver, model: cp_model.CpModel, share: float
) -> cp_model.CpSolverStatus:
    """The status of solving ``model`` within ``share`` of deterministic time (the solver's limit restored
    after)."""
    solver.parameters.max_deterministic_time = share
    try:
        return solver.solve(model)
    finally:
        solver.parameters.max_deterministic_time = math.inf


#: CP-SAT's symmetry detection for the default search of a stage whose question has two colors it can't
#: tell apart (:func:`_searched`): bench_no --multipliers seed 15 question 104 (Cascading Cataracts' outcomes
#: in pairs swapped by B <-> R), the relaxed model's stage 0.0197 -> 0.0050 of deterministic time, the
#: model with its first activations ordered 0.1134 -> 0.0386. (A row of our own instead, the activations
#: making {B} and not {R} at least those making {R} and not {B}, valid by the same swap: 0.0336 and 0.0898;
#: with the detection on in the LP-guided share too: 0.0434 and 0.0321, and the share no better.)
_SYMMETRY_LEVEL = 2


#: The deterministic time the default search has at the full linearization (:func:`_solver`) before it
#: starts again, from its best plan if any, at :data:`_RESTART_LINEARIZATION` (:func:`_searched`): the
#: LP-guided search's share, so that a stage the default search proves within it is solved as before.
_FULL_LP_SHARE = _LP_FIRST

#: The deterministic time the default search has at the full linearization after an LP-guided share that
#: found no plan at all (:func:`_searched`), before it starts again at :data:`_RESTART_LINEARIZATION` from no
#: plan. Measured on the five such stages of bench_no --multipliers seeds 1-10, 15, 21 and 22 (issue 41,
#: session 37): 15:104's relaxed stage is proved at the full linearization in 0.0050 (at 1 alone: 0.0707),
#: the others take 0.096-0.94 there and 0.019-0.071 at 1 from no plan (6:51's restart from the plan found at
#: the full linearization took 0.106).
_PLANLESS_SHARE = 0.01

#: CP-SAT's full linearization (:func:`_solver`), and the default one, of the default search's restart
#: (:func:`_searched`).
_FULL_LINEARIZATION = 2
_RESTART_LINEARIZATION = 1


def _fix_levels(
    model: cp_model.CpModel, stage: Sequence[Term], solver: cp_model.CpSolver, least: Callable[[Expr], int]
) -> dict[str, int]:
    """Each level of a solved stage fixed at its value in the stage's optimum, beside the stage's weighted
    sum (issue 41); the values fixed, by level.

    The weighted sum alone already fixes every level: each level's value lies in ``[0, bound)`` (its
    bound is one more than its largest value), so the sum is a number in mixed radix whose digits are the
    levels, and a sum has one set of digits. The rows remove no plan, then, but the LP of one equality
    with weights of up to 2**53 lets the levels trade fractions of each other, and a later solve's bound
    is left to the search: on seed 16 question 123 of ``bench_no --multipliers`` (two stages, Nyxbloom
    Ancient), the tie-break stage's LP started at 62 where its optimum, the hint, is 119, and its proof
    took 0.0143 of deterministic time; with the levels fixed, 0.0001 (the order's solve of a relaxed
    model gains too: seed 15 question 104's unorderable optimum proved so in 0.0008 rather than 0.0167).
    A level whose variables' domains allow a value below 0 (``least``) is left to the sum alone.

    >>> model = cp_model.CpModel()
    >>> a, b = model.new_int_var(0, 2, "a"), model.new_int_var(0, 2, "b")
    >>> _ = model.add(a + b >= 3)
    >>> stage = [("a", a, 3), ("b", b, 3)]  # (a before b: a's weight is b's bound)
    >>> objective = 3 * a + b
    >>> model.minimize(objective)
    >>> solver = _solver()
    >>> solver.solve(model) == cp_model.OPTIMAL
    True
    >>> _fix_levels(model, stage, solver, least=lambda expression: 0)
    {'a': 1, 'b': 2}
    """
    fixed: dict[str, int] = {}
    for name, expression, _ in stage:
        if isinstance(expression, int) or least(expression) < 0:
            continue
        fixed[name] = solver.value(expression)
        model.add(expression == fixed[name])
    return fixed


def _hint_solution(model: cp_model.CpModel, solver: cp_model.CpSolver) -> None:
    """The solver's last solution as the model's hint for its next solve (straight into the proto: a hint
    per variable through the Python API costs more than a solve)."""
    _hint_values(model, solver.response_proto.solution)


def _hint_values(model: cp_model.CpModel, values: Sequence[int]) -> None:
    """``values`` (one per variable of ``model``, a solution) as the model's hint for its next solve."""
    model.proto.clear_solution_hint()
    hint = model.proto.solution_hint
    hint.vars.extend(range(len(model.proto.variables)))
    hint.values.extend(values)


#: The linearization of the order's solve (:func:`_ordered`), which has no objective: the default LP rather
#: than the full one, which is there to bound an objective. On bench_no --multipliers (seeds 14, 16 and 18,
#: 300 questions each, every objective the same), the order's 50-63 solves per seed took 0.24 -> 0.22,
#: 0.32 -> 0.31 and 0.31 -> 0.27 s of CPU (deterministic time 0.012 -> 0.006, unchanged, 0.016 -> 0.009);
#: seed 18 question 19's unorderable optimum was proved so in 13 ms rather than 29.
_ORDER_LINEARIZATION = 1


def _ordered(record: PaymentModel, solver: cp_model.CpSolver, terms: list[Term]) -> Solution | None:
    """The relaxed model's optimum as a plan, or None when there is none in time.

    The relaxed model merges twins (:func:`~planner.solve.cpsat.analysis.merged_twins`) and leaves out the
    order of the activations that cost mana, so every plan is one of its solutions and its optimum is at
    least as good as the best plan's. With every level fixed at that optimum, the order comes back in: each
    node after the nodes whose mana pays its cost, a group's activations one after another (the first paid
    from outside the group). When such an order exists, the optimum is a plan, and the best one."""
    model = record.model
    model.proto.clear_objective()
    if ordered_late(record):
        add_order(record, record.main)
    remaining = record.problem.deadline - time.monotonic()
    if remaining <= 0:
        return None
    solver.parameters.max_time_in_seconds = remaining
    # no objective is left to bound here, which is what the full linearization is for (_solver)
    solver.parameters.linearization_level = _ORDER_LINEARIZATION
    if solver.solve(model) not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return None
    try:
        return replace(solution_of(record, solver, terms), status=SolveStatus.OPTIMAL)
    except PlannerError:  # (a group's own mana not there in time for its next activation)
        return None


def _core(
    record: PaymentModel, fixing: Sequence[int], proved: float, deadline: float, solver: cp_model.CpSolver
) -> tuple[Slot, ...]:
    """The target's slots that can't all be filled together: an infeasibility core over assumptions, from
    this same model with the constraints that fixed the slots (``fixing``) lifted, solved by the main
    solve's solver, with its parameters (with CP-SAT's defaults, the weaker LP takes up to a hundred times
    longer to find the core on boards with restricted mana or Cascading Cataracts).

    The search for it gets at most three times the work proving infeasibility took, plus a few
    milliseconds' worth, in CP-SAT's deterministic time (``proved``), so that the explanation is the same
    however busy the machine is; and never past the deadline. Without a core the explanation is the
    general one."""
    model = record.model
    for index in fixing:
        fixed = model.proto.constraints[index]  # 'literal == 1', a linear constraint
        fixed.clear_linear()
        fixed.clear_bool_and()
    model.proto.clear_objective()
    model.proto.clear_solution_hint()
    literals = record.main.assumptions
    model.add_assumptions(list(literals.values()))
    remaining = deadline - time.monotonic()
    if remaining <= 0:
        return ()
    solver.parameters.max_time_in_seconds = remaining
    solver.parameters.max_deterministic_time = 3 * proved + _CORE_SLACK
    if solver.solve(model) != cp_model.INFEASIBLE:
        return ()
    names = {literal.index: label for label, literal in literals.items()}
    return tuple(names[i] for i in solver.sufficient_assumptions_for_infeasibility() if i in names)


# ---------------------------------------------------------------------------------------------- the plan
#: The deterministic time (CP-SAT's measure of work, roughly seconds) the search for an infeasibility core
#: may take beyond three times the proof of infeasibility: a few milliseconds of CPU (about 2 ms per 0.001
#: on 10 to 60 permanents), where the cores of the random search's "no"s take at most 0.0022 (issue 14).
_CORE_SLACK = 0.003

#: The largest combined weight of one stage. CP-SAT keeps the objective in 64-bit integers but compares the
#: best solution with the bound in doubles (its gap limit), so a stage must stay where doubles are exact
#: (2**53): above that it stops at a solution up to a few dozen units worse at the last level and calls it
#: optimal (2**60 did, on boards with a keep cost).
_STAGE_WEIGHT_LIMIT = 2**53


def stages(terms: list[Term], *, sources: int) -> list[list[Term]]:
    """Consecutive objective levels packed into stages whose combined weight stays under a limit; 'colors
    lost' starts a stage of its own after the largest X (``max_x``: that stage's optimum uses as much of the
    board as it can, and on 1,000 permanents the two in one stage took 1.3 s to prove, under 0.2 s apart).
    Where the levels don't fit in one stage anyway, a stage is also cut before the tie-break and, on boards
    of :data:`CUT_FROM_SOURCES` mana sources or more (``sources``), after 'colors lost' (:data:`_CUT_AFTER`,
    :data:`_CUT_BEFORE`), the other stages packed as before.

    Where every level fits in one stage (boards of tens of permanents, whose levels' bounds are small), one
    solve proves them all, and a stage more would cost more than it saves (caged sun 26 of bench_no: 70 ->
    134 ms).

    >>> big = 2**20  # (the bounds of a board of hundreds of sources)
    >>> names = ("mana_floating", "colors_lost", "mana_tied_up", "painless_used", "tie_break")
    >>> terms = [(name, 0, 6 if name == "colors_lost" else big) for name in names]
    >>> [[name for name, _, _ in stage] for stage in stages(terms, sources=900)]
    [['mana_floating', 'colors_lost'], ['mana_tied_up'], ['painless_used'], ['tie_break']]
    >>> small = [(name, 0, 9) for name, _, _ in terms]
    >>> [[name for name, _, _ in stage] for stage in stages(small, sources=900)]
    [['mana_floating', 'colors_lost', 'mana_tied_up', 'painless_used', 'tie_break']]
    >>> few = [(name, 0, {"colors_lost": 6, "mana_tied_up": 400, "tie_break": 2**40}.get(name, 2**10))
    ...        for name in names]  # (tens of sources under mana multipliers, the tie-break alone too heavy)
    >>> [[name for name, _, _ in stage] for stage in stages(few, sources=40)]
    [['mana_floating', 'colors_lost', 'mana_tied_up', 'painless_used'], ['tie_break']]
    >>> [[name for name, _, _ in stage] for stage in stages(few, sources=900)]
    [['mana_floating', 'colors_lost'], ['mana_tied_up', 'painless_used'], ['tie_break']]
    """
    stages: list[list[Term]] = []
    weight = 1
    for term in terms:
        after_x = term[0] == "colors_lost" and bool(stages) and any(name == "x" for name, _, _ in stages[-1])
        if not stages or weight * term[2] > _STAGE_WEIGHT_LIMIT or after_x:
            stages.append([])
            weight = 1
        stages[-1].append(term)
        weight *= term[2]
    if len(stages) == 1:
        return stages
    after = _CUT_AFTER if sources >= CUT_FROM_SOURCES else frozenset()
    cut: list[list[Term]] = []
    for stage in stages:
        cut.append([])
        for term in stage:
            if cut[-1] and (cut[-1][-1][0] in after or term[0] in _CUT_BEFORE):
                cut.append([])
            cut[-1].append(term)
    return cut


#: The levels after which a stage is cut where the objective needs several (:func:`stages`). 'Colors lost'
#: is counted through literals that each imply enough untouched sources (:mod:`~planner.solve.cpsat.
#: objective`), whose LP is weak beside the mana tied up of hundreds of sources: in one stage, CP-SAT found
#: the optimum at once and took up to 1.8 s of CPU to prove it on 1,000 permanents (bench_big's random
#: boards, seed 7 question 38, Nykthos: the first stage 1.87 s, 0.15 s apart). Only that stage is cut: the
#: levels after it packed again from the mana tied up on took the flexibility into their stage, which then
#: took seconds on the same boards.
_CUT_AFTER = frozenset({"colors_lost"})

#: The fewest mana sources (the permanents the model's activations stand for) on which a stage is cut
#: after 'colors lost' (:func:`stages`): the cut is for the mana tied up of hundreds of sources (bench_big's
#: boards of 1,000 permanents). On boards of tens of permanents whose levels don't fit in one stage only
#: because of mana multipliers' bounds, the cut left a stage of the mana tied up whose first plan at its
#: optimum took the LP-guided search its whole share and the default search 0.23 of deterministic time
#: (bench_no --multipliers seed 22 question 243, {54}{R} keeping {R}{R} under Nyxbloom Ancient and Mana
#: Reflection: 871 -> 370 ms of CPU uncut; seed 21 questions 189 and 233: 179 -> 131 and 55 -> 35 ms; the
#: only questions of seeds 21 and 22 it touched, each the same objective). bench_big's random boards of 997
#: permanents have 628-651 sources (seeds 1, 2 and 7): cut as before.
CUT_FROM_SOURCES = 200


def sources_of(record: PaymentModel) -> int:
    """How many permanents the model's activations stand for (the members of each merged group): the mana
    sources that decide whether a stage is cut after 'colors lost' (:func:`stages`)."""
    return sum(len(record.members[pid]) for pid in {template.pid for template in record.templates})


#: The levels before which a stage is cut where the objective needs several (:func:`stages`): the
#: tie-break by id, whose bound (hundreds of thousands on 1,000 permanents) times the painless and
#: flexibility levels' made the stage's LP slow to prove what it had found (bench_big's random boards seed 2
#: question 3, Ashnod's Altar: that stage 0.51 -> 0.16 s of CPU).
_CUT_BEFORE = frozenset({"tie_break"})
