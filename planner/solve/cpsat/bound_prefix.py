"""The levels a stage's proved bound already decides (issue 41): where the LP-guided search's share ends
with a plan but no proof, the bound it proved, read as the stage's levels, is often the optimum of the
first levels, which the search had not found a plan at. A plan with those first levels at the bound's
values proves them optimal, and they are fixed before the rest of the stage is searched.

Why it is exact: each level's value lies in ``[0, bound)`` (its bound is one more than its largest value),
so a stage's weighted sum is a number in mixed radix whose digits are its levels, and the number made of a
plan's first ``j + 1`` levels is its sum divided (rounding down) by the weight of level ``j``. Every plan's
sum is at least the proved bound, so its first levels, read as one number, are at least the bound's first
digits read the same way; a plan whose first levels equal those digits is therefore lexicographically
least on them, and every optimum of the stage has exactly those first levels. Fixing them removes no
optimum (solve fixes every level of a solved stage the same way: ``solve._fix_levels``).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

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


def fixed_bound_prefix(
    solver: cp_model.CpSolver,
    model: cp_model.CpModel,
    stage: Sequence[Term],
    least: Callable[[Expr], int],
    budget: float,
) -> list[int] | None:
    """After a solve of ``model`` (minimizing ``stage``'s weighted sum) that found a plan without proving
    it, the first levels fixed at the proved bound's digits when a plan with them exists (the module's
    argument), the longest such prefix tried first; the values of the plan found, or None (the model as it
    was) when the bound does not read as levels (a level that can be negative, a sum out of range), it
    shows no better first levels, or no prefix's plan is found within ``budget`` of deterministic time in
    all (CP-SAT's default search at linearization 1, the objective set aside: a question of feasibility).

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
    if bound_digits is None or incumbent_digits is None:
        return None
    parameters = solver.parameters
    branching, linearization = parameters.search_branching, parameters.linearization_level
    parameters.search_branching = cp_model.AUTOMATIC_SEARCH
    parameters.linearization_level = 1
    objective = type(model.proto.objective)()
    objective.copy_from(model.proto.objective)
    model.proto.clear_objective()  # (a question of feasibility: any plan with that prefix)
    try:
        for last in prefixes_to_probe(bound_digits, incumbent_digits):
            prefix = list(zip(terms[: last + 1], bound_digits, strict=False))
            if budget <= 0:
                break
            if any(isinstance(e, int) and e != digit for (_, e, _), digit in prefix):
                continue  # (a level the model fixes elsewhere than the bound's digit: not that prefix)
            rows = [model.add(e == digit).index for (_, e, _), digit in prefix if not isinstance(e, int)]
            parameters.max_deterministic_time = budget
            status = solver.solve(model)
            budget -= solver.response_proto.deterministic_time
            if status in (cp_model.OPTIMAL, cp_model.FEASIBLE):
                return list(solver.response_proto.solution)
            for index in rows:  # (no plan with that prefix found: the rows lifted)
                model.proto.constraints[index].clear_linear()
        return None
    finally:
        model.proto.objective.copy_from(objective)
        parameters.max_deterministic_time = math.inf
        parameters.search_branching, parameters.linearization_level = branching, linearization
