"""The levels of a stage proved outside its optimisation (issue 41): where the LP-guided search's share ends
with a plan but no proof, the first levels are proved by questions of feasibility, cheaper than CP-SAT's
proof of the weighted sum, and fixed before the rest of the stage is searched; where every level is proved
so, the plan is the stage's optimum and no search of the objective is needed.

Why it is exact. A stage minimises a weighted sum whose levels each lie in ``[0, bound)`` (a level's bound
is one more than its largest value), so the sum is a number in mixed radix whose digits are the levels, and
minimising it is minimising the levels lexicographically. Two arguments fix levels, each removing no optimum
of the stage (the same as ``solve._fix_levels``):

- *The proved bound's digits.* The number made of a plan's first ``j + 1`` levels is its sum divided
  (rounding down) by the weight of level ``j``. Every plan's sum is at least the proved bound, so its first
  levels, read as one number, are at least the bound's first digits read the same way; a plan whose first
  levels equal those digits is therefore lexicographically least on them, and every optimum has exactly
  those first levels. The digits the bound and the plan found share are such a prefix (that plan has them),
  and the next level is then at least the bound's digit there.
- *One level at a time* (:func:`_descended`). With the levels before fixed at values every optimum has,
  every optimum's value of the next level is the least any plan with those levels has. A plan with value
  ``v`` there, and a proof that no plan with those levels has at most ``v - 1`` (CP-SAT's answer
  INFEASIBLE, a proof, never a limit reached), make ``v`` that least value; a level whose value is its
  least possible one (its domains') needs no probe. A probe that finds a plan below ``v`` gives the better
  plan, and the level is then minimised below that plan's value (the same levels fixed): CP-SAT's optimum
  there (OPTIMAL, a proof) is every optimum's value of the level.

A probe that runs out of its budget proves nothing: the levels proved so far stay fixed and the rest of the
stage is left to the search, never guessed.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ortools.sat.python import cp_model

from planner.solve.cpsat.record import Expr, Term


def mixed_radix_digits(number: int, bounds: Sequence[int]) -> list[int] | None:
    """``number`` as digits in the mixed radix of ``bounds`` (the first digit the most significant), or
    None when it does not fit (negative, or at least the product of the bounds).

    >>> mixed_radix_digits(3 * 5 * 2 + 4 * 2 + 1, [9, 5, 2])
    [3, 4, 1]
    >>> mixed_radix_digits(9 * 5 * 2, [9, 5, 2]) is None
    True
    """
    if number < 0:
        return None
    digits: list[int] = []
    for bound in reversed(bounds):
        number, digit = divmod(number, bound)
        digits.append(digit)
    return digits[::-1] if number == 0 else None


def prefixes_to_probe(bound: list[int], incumbent: list[int]) -> list[int]:
    """The last levels of the prefixes to probe, longest first: from the first level where the proved
    ``bound``'s digits fall below the ``incumbent``'s (the levels before are equal in both, so any better
    plan has them too) up to the last one before a digit of the bound rises above the incumbent's (where the
    bound's digits stop reading as a better plan), each a shorter prefix than the one before.

    >>> prefixes_to_probe([0, 1, 60, 1, 71], [0, 4, 66, 5, 19])
    [3, 2, 1]
    >>> prefixes_to_probe([0, 4, 66], [0, 4, 66])
    []
    """
    first = next((i for i, (b, v) in enumerate(zip(bound, incumbent, strict=True)) if b != v), None)
    if first is None:
        return []
    last = first
    while last + 1 < len(bound) and bound[last + 1] <= incumbent[last + 1]:
        last += 1
    return list(range(last, first - 1, -1))


@dataclass(frozen=True)
class ProvedPrefix:
    """What the probes proved of a stage: the ``plan`` (a solution of the model, one value per variable)
    whose first ``levels`` levels every optimum of the stage has (the model now fixes them), and whether
    that is every level (``complete``: the plan is the stage's optimum)."""

    plan: list[int]
    levels: int
    complete: bool


def fixed_bound_prefix(
    solver: cp_model.CpSolver,
    model: cp_model.CpModel,
    stage: Sequence[Term],
    least: Callable[[Expr], int],
    budget: float,
) -> ProvedPrefix | None:
    """After a solve of ``model`` (minimizing ``stage``'s weighted sum) that found a plan without proving
    it, the first levels every optimum has, fixed in the model, and the best plan known with them; None
    (the model as it was) when the levels can't be read as digits (a level that can be negative, a sum out
    of range), or when the probes prove neither a prefix of the bound's digits nor every level (what they
    proved is then left to the default search as it was: on bench_big's seed 5 question 37, 1,000
    permanents, the first levels fixed sent that stage to the restart at linearization 1, 0.15 -> 0.51 of
    deterministic time). Each probe is CP-SAT's default search at linearization 1, the objective
    set aside (a question of feasibility), within ``budget`` of deterministic time in all.

    First (the module's argument), the longest prefix of the proved bound's digits that a plan has; then,
    level by level from the first not fixed (:func:`_descended`), each level's value proved by a probe that
    finds no plan with less.

    >>> model = cp_model.CpModel()
    >>> a, b = model.new_int_var(0, 3, "a"), model.new_int_var(0, 3, "b")
    >>> _ = model.add(a + b >= 3)
    >>> model.minimize(4 * a + b)
    >>> solver = cp_model.CpSolver()
    >>> solver.parameters.num_workers = 1
    >>> solver.solve(model) == cp_model.OPTIMAL  # (the stage proved: nothing to probe)
    True
    >>> fixed_bound_prefix(solver, model, [("a", a, 4), ("b", b, 4)], lambda e: 0, 0.01) is None
    True
    """
    terms = list(stage)
    bounds = [bound for _, _, bound in terms]
    if any(not isinstance(e, int) and least(e) < 0 for _, e, _ in terms):
        return None
    weights = [math.prod(bounds[i + 1 :]) for i in range(len(bounds))]
    values = [e if isinstance(e, int) else solver.value(e) for _, e, _ in terms]
    incumbent = sum(weight * value for weight, value in zip(weights, values, strict=True))
    proved = math.ceil(solver.best_objective_bound - 1e-6)  # (exact: a stage's weights stay under 2**53)
    bound_digits = mixed_radix_digits(proved, bounds)
    incumbent_digits = mixed_radix_digits(incumbent, bounds)
    if bound_digits is None or incumbent_digits is None or incumbent <= proved:
        return None
    plan = list(solver.response_proto.solution)
    parameters = solver.parameters
    branching, linearization = parameters.search_branching, parameters.linearization_level
    parameters.search_branching = cp_model.AUTOMATIC_SEARCH
    parameters.linearization_level = 1
    objective = type(model.proto.objective)()
    objective.copy_from(model.proto.objective)
    model.proto.clear_objective()  # (a question of feasibility: any plan with that prefix)
    spent = [0.0]

    def feasible() -> bool | None:
        """Whether the model with its rows as they are has a plan (the plan left in the solver), None when
        the budget runs out first."""
        if spent[0] >= budget:
            return None
        parameters.max_deterministic_time = budget - spent[0]
        status = solver.solve(model)
        spent[0] += solver.response_proto.deterministic_time
        if status in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            return True
        if status != cp_model.INFEASIBLE:
            return None
        return False

    def lowest(expression: Expr | None) -> cp_model.CpSolverStatus:
        """The status of solving the model with its rows as they are (its plan left in the solver),
        minimising ``expression`` if given, else a question of feasibility; UNKNOWN once the budget is
        spent."""
        if spent[0] >= budget:
            return cp_model.UNKNOWN
        parameters.max_deterministic_time = budget - spent[0]
        if expression is not None:
            model.minimize(expression)
        try:
            status = solver.solve(model)
        finally:
            model.proto.clear_objective()
        spent[0] += solver.response_proto.deterministic_time
        return status

    try:
        first = next(i for i, (b, v) in enumerate(zip(bound_digits, incumbent_digits, strict=True)) if b != v)
        rows: list[int] = []  # (the rows kept: lifted again where the probes prove too little)

        def probed(levels: range) -> bool | None:
            """Whether a plan has the bound's digits at ``levels`` too (their rows kept where it has)."""
            prefix = [(terms[i][1], bound_digits[i]) for i in levels]
            if any(isinstance(e, int) and e != digit for e, digit in prefix):
                return False  # (a level the model fixes elsewhere than the bound's digit: no such plan)
            added = [model.add(e == digit).index for e, digit in prefix if not isinstance(e, int)]
            found = feasible()
            if not found:
                _lift(model, added)
            else:
                rows.extend(added)
            return found

        fixed, floor = 0, bound_digits[first]
        shortest = probed(range(first + 1))  # (none: none longer either)
        if shortest:
            plan, fixed, floor = list(solver.response_proto.solution), first + 1, 0
            values = [e if isinstance(e, int) else solver.value(e) for _, e, _ in terms]
            for last in prefixes_to_probe(bound_digits, incumbent_digits)[:-1]:  # (longest first)
                if probed(range(first + 1, last + 1)):
                    plan, fixed = list(solver.response_proto.solution), last + 1
                    values = [e if isinstance(e, int) else solver.value(e) for _, e, _ in terms]
                    break
        elif shortest is not None:
            floor += 1  # (proved: no plan has the bound's digits up to the first that differs)
        if fixed == 0:  # (the digits bound and plan share: every optimum has them, and the next one's floor)
            for (_, e, _), digit in zip(terms[:first], incumbent_digits, strict=False):
                if not isinstance(e, int):
                    rows.append(model.add(e == digit).index)
            if not isinstance(terms[first][1], int):
                rows.append(model.add(terms[first][1] >= floor).index)
            fixed = first
        fixed, plan = _descended(model, terms, (fixed, floor), (plan, values), least, lowest, solver, rows)
        if fixed < len(terms) and not shortest:
            _lift(model, rows)  # (neither the bound's digits nor every level: the model as it was)
            return None
        return ProvedPrefix(plan, fixed, fixed == len(terms))
    finally:
        model.proto.objective.copy_from(objective)
        parameters.max_deterministic_time = math.inf
        parameters.search_branching, parameters.linearization_level = branching, linearization


def _descended(
    model: cp_model.CpModel,
    terms: list[Term],
    start: tuple[int, int],
    best: tuple[list[int], list[int]],
    least: Callable[[Expr], int],
    lowest: Callable[[Expr | None], cp_model.CpSolverStatus],
    solver: cp_model.CpSolver,
    rows: list[int],
) -> tuple[int, list[int]]:
    """The levels from the ``start``'s (its first level at least its floor) on proved one by one, the
    ``best`` plan known (a solution, and its levels' values): a level is proved at the plan's value when no
    plan with the levels before fixed has less (a probe proves it infeasible, or the value is the level's
    least, its domains' or the floor); a probe that finds a plan with less makes it the best known, and the
    level is then minimised below it (that row kept), whose optimum proves the level's least value in one
    solve (issue 41, session 37: bench_no --multipliers 4:219's probes walked one plan at a time, 17 solves
    -> 11; each solve costs 3-15 ms of CPU whatever its work). The number of levels proved (each fixed in the
    model) and the best plan, once a probe runs out of budget or every level is proved; the index of each
    row kept is added to ``rows``. (The first probe of a level asks for any plan below the plan's value, not
    the least: where there is none, a question of feasibility proves it sooner, 22:243's flexibility level
    0.0046 of deterministic time against a minimisation out of the budget.)

    Exact by induction: with the levels before fixed at values every optimum has, every optimum's value
    of this level is the least any plan with them has, which is the plan's when nothing below it is
    feasible, or the minimum CP-SAT proves; a row ``level <= value - 1`` kept after a plan is found below
    removes no optimum either."""
    (fixed, floor), (plan, values) = start, best
    first, descending = fixed, False
    while fixed < len(terms):
        _, expression, _ = terms[fixed]
        value = values[fixed]
        if isinstance(expression, int) or value <= max(least(expression), floor if fixed == first else 0):
            if not isinstance(expression, int):
                rows.append(model.add(expression == value).index)
            fixed += 1
            continue
        row = model.add(expression <= value - 1).index
        minimising, descending = descending, False
        status = lowest(expression if minimising else None)
        if status == cp_model.INFEASIBLE:
            _lift(model, [row])
            rows.append(model.add(expression == value).index)
            fixed += 1
            continue
        if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            _lift(model, [row])
            break
        rows.append(row)
        plan = list(solver.response_proto.solution)
        values = [e if isinstance(e, int) else solver.value(e) for _, e, _ in terms]
        if not minimising:
            descending = True  # (a plan below: the level minimised below that plan's value next)
            continue
        if status == cp_model.FEASIBLE:
            break  # (a better plan, its level not proved: the budget is spent)
        rows.append(model.add(expression == values[fixed]).index)
        fixed += 1
    return fixed, plan


def _lift(model: cp_model.CpModel, rows: list[int]) -> None:
    """The linear rows at ``rows`` of ``model`` lifted (cleared in place: the indices of the others
    stay)."""
    for index in rows:
        model.proto.constraints[index].clear_linear()
