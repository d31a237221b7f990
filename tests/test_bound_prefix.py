"""The first levels a stage's proved bound decides (:mod:`planner.solve.cpsat.bound_prefix`, issue 41): where
the LP-guided share ends with a plan and no proof, a plan at the bound's first levels fixes them before the
rest of the stage is searched. Forced here on small boards of filter lands under a mana multiplier
(bench_no --multipliers seed 22 question 243's shape) by stopping the share at its first plan, and checked
against the reference search level by level."""

from __future__ import annotations

from typing import Any

import pytest
from boards import agrees_with_reference, custom, make_board
from ortools.sat.python import cp_model

import planner.solve.cpsat.solve as solve_module
from models.cost import PaymentTarget
from planner.solve.cpsat.bound_prefix import (
    ProvedPrefix,
    fixed_bound_prefix,
    mixed_radix_digits,
    prefixes_to_probe,
)
from planner.solve.cpsat.record import Term

#: A filter land (CR 605.1a: a mana ability whose cost is a hybrid symbol; CR 107.4e: {R/W} is paid with
#: {R} or {W}).
_PRAIRIE = custom("Test Prairie", "p", "Land", "{T}: Add {C}.\n{R/W}, {T}: Add {R}{R}, {R}{W}, or {W}{W}.")
#: A painland: its colors deal damage, its {C} does not (the painless level tells them apart).
_FORGE = custom(
    "Test Forge", "f", "Land", "{T}: Add {C}.\n{T}: Add {R} or {W}. Test Forge deals 1 damage to you."
)


def _share_stops_at_its_first_plan(monkeypatch: pytest.MonkeyPatch) -> list[ProvedPrefix | None]:
    """The LP-guided share stopped at its first plan, so that it falls through with one (as 22:243's did)
    and the probe runs; the returned list records what each probe proved."""
    probes: list[ProvedPrefix | None] = []
    solved_within = solve_module._solved_within

    def share(solver: cp_model.CpSolver, model: cp_model.CpModel, budget: float) -> Any:
        first = solver.parameters.search_branching == cp_model.LP_SEARCH
        solver.parameters.stop_after_first_solution = first
        try:
            return solved_within(solver, model, budget)
        finally:
            solver.parameters.stop_after_first_solution = False

    def probing(*args: Any, **kwargs: Any) -> ProvedPrefix | None:
        values = fixed_bound_prefix(*args, **kwargs)
        probes.append(values)
        return values

    monkeypatch.setattr(solve_module, "_solved_within", share)
    monkeypatch.setattr(solve_module, "fixed_bound_prefix", probing)
    return probes


@pytest.mark.parametrize(
    ("lands", "cost"),
    [
        (["Plains", "Mountain"], "{7}{W}"),
        (["Plains", "Plains"], "{8}{R}"),
        (["Mountain"], "{4}{W}{W}"),
        (["Plains", "Mountain"], "{5}{R}{W}"),
        (["Plains", "Mountain", "Mountain"], "{11}{R}{W}"),
    ],
)
def test_a_fixed_bound_prefix_agrees_with_the_reference(
    lands: list[str], cost: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The reference search's verdict and best plan, level by level, whatever the probe fixed."""
    _share_stops_at_its_first_plan(monkeypatch)
    board = make_board(
        [{"card": "Nyxbloom Ancient"}, _PRAIRIE, _FORGE, *({"card": land} for land in lands)], opponent=False
    )
    assert agrees_with_reference(board, PaymentTarget.of(cost), max_states=200_000) is not None


def test_a_stage_proved_by_its_probes_agrees_with_the_reference(monkeypatch: pytest.MonkeyPatch) -> None:
    """{7}{W} from a filter land, a painland, a Plains and a Mountain under Nyxbloom Ancient (CR 106.6a: a
    replacement effect that triples the mana a permanent produces), the share stopped at its first plan:
    the probes prove every level of the stage (no search of the objective after them), and the plan is the
    reference search's best, level by level."""
    probes = _share_stops_at_its_first_plan(monkeypatch)
    board = make_board(
        [{"card": "Nyxbloom Ancient"}, _PRAIRIE, _FORGE, {"card": "Plains"}, {"card": "Mountain"}],
        opponent=False,
    )
    assert agrees_with_reference(board, PaymentTarget.of("{7}{W}"), max_states=200_000) is not None
    assert any(proved is not None and proved.complete for proved in probes)


class _HandBound(cp_model.CpSolver):
    """A solver whose proved bound is one derived by hand (the search that proves it left out)."""

    hand_bound = 0

    @property
    def best_objective_bound(self) -> float:
        return float(self.hand_bound)


def _first_plan(model: cp_model.CpModel, variables: list[cp_model.IntVar], values: list[int]) -> _HandBound:
    """A solver whose last solution is the plan ``values`` of ``model`` (solved with them fixed, in a copy),
    as a share that ended at that plan would leave it."""
    fixed = cp_model.CpModel()
    fixed.proto.copy_from(model.proto)
    for variable, value in zip(variables, values, strict=True):
        fixed.add(fixed.get_int_var_from_proto_index(variable.index) == value)
    solver = _HandBound()
    solver.parameters.num_workers = 1
    assert solver.solve(fixed) == cp_model.OPTIMAL
    return solver


def test_a_plan_at_the_bound_prefix_fixes_those_levels() -> None:
    """Five switches, at least one on (``a``, the first level, is then at least 1: a bound by hand of
    ``1 * 10 + 0``), ``b`` the second level; the first plan (the hint: every switch on, ``a`` = 5) is far
    from it. The probe finds a plan with ``a`` = 1 and fixes ``a`` there; ``b`` is then proved 0 (its least
    value): the whole stage, its optimum ``a`` = 1 and ``b`` = 0, which the model keeps."""
    model = cp_model.CpModel()
    switches = [model.new_bool_var(f"x{i}") for i in range(5)]
    a = cp_model.LinearExpr.sum(switches)
    b = model.new_int_var(0, 9, "b")
    model.add(a >= 1)
    model.add(b >= 3).only_enforce_if(switches[0])  # (the first plan's b: 3)
    model.minimize(10 * a + b)
    solver = _first_plan(model, [*switches, b], [1, 1, 1, 1, 1, 3])
    assert solver.value(a) == 5
    solver.hand_bound = 1 * 10 + 0
    stage: list[Term] = [("a", a, 6), ("b", b, 10)]
    proved = fixed_bound_prefix(solver, model, stage, lambda e: 0, 0.01)
    assert proved is not None and proved.complete and proved.levels == 2
    assert sum(proved.plan[s.index] for s in switches) == 1 and proved.plan[b.index] == 0
    assert solver.solve(model) == cp_model.OPTIMAL
    assert (solver.value(a), solver.value(b)) == (1, 0)


def _at_least_two_of_five() -> tuple[cp_model.CpModel, list[cp_model.IntVar], cp_model.LinearExpr]:
    """Five switches, at least two on, their count ``a`` minimised (the optimum: 2, by hand)."""
    model = cp_model.CpModel()
    switches = [model.new_bool_var(f"x{i}") for i in range(5)]
    a = cp_model.LinearExpr.sum(switches)
    model.add(a >= 2)
    model.minimize(a)
    return model, switches, a


def test_each_level_proved_by_a_probe_that_finds_nothing_below() -> None:
    """A bound (by hand, weaker than the truth: 0) whose first digit no plan has (``a`` = 0), and the first
    plan ``a`` = 5: the probes below the plan's value find plans down to 2 and none at 1 or less, which
    proves ``a`` = 2 (by hand: at least two of five switches), the stage's optimum, complete."""
    model, switches, a = _at_least_two_of_five()
    solver = _first_plan(model, switches, [1, 1, 1, 1, 1])
    stage: list[Term] = [("a", a, 6), ("none", 0, 1)]
    proved = fixed_bound_prefix(solver, model, stage, lambda e: 0, 0.01)
    assert proved is not None and proved.complete
    assert sum(proved.plan[s.index] for s in switches) == 2
    assert solver.solve(model) == cp_model.OPTIMAL and solver.value(a) == 2


def test_a_probe_out_of_budget_proves_nothing() -> None:
    """No budget: nothing is proved, the model is left as it was (no row added), and its optimum stays."""
    model, switches, a = _at_least_two_of_five()
    solver = _first_plan(model, switches, [1, 1, 1, 1, 1])
    constraints = len(model.proto.constraints)
    assert fixed_bound_prefix(solver, model, [("a", a, 6), ("none", 0, 1)], lambda e: 0, 0.0) is None
    added = [str(model.proto.constraints[i]) for i in range(constraints, len(model.proto.constraints))]
    assert all(not row.strip() for row in added)  # (a probe's rows, lifted: empty)
    assert solver.solve(model) == cp_model.OPTIMAL and solver.value(a) == 2


def test_the_digits_of_a_bound_and_the_prefixes_probed() -> None:
    """By hand: 1 * (5 * 2) + 3 * 2 + 1 = 17 in the radix (9, 5, 2); the prefixes from the first digit that
    falls below the plan's, longest first, cut before a digit above the plan's."""
    assert mixed_radix_digits(17, [9, 5, 2]) == [1, 3, 1]
    assert mixed_radix_digits(-1, [9, 5, 2]) is None
    assert prefixes_to_probe([1, 3, 1], [1, 4, 0]) == [1]
    assert prefixes_to_probe([0, 3, 0], [1, 4, 0]) == [2, 1, 0]


def test_a_level_that_can_be_negative_is_not_probed() -> None:
    """The digits read levels only where each lies in [0, bound): a level that can be negative leaves the
    model as it was."""
    model = cp_model.CpModel()
    a, b = model.new_int_var(-2, 3, "a"), model.new_int_var(0, 3, "b")
    model.add(a + b >= 2)
    model.minimize(4 * a + b)
    solver = solve_module._solver()
    solver.parameters.stop_after_first_solution = True
    solver.solve(model)
    constraints = len(model.proto.constraints)
    assert fixed_bound_prefix(solver, model, [("a", a, 4), ("b", b, 4)], lambda e: -2, 0.01) is None
    assert len(model.proto.constraints) == constraints


class _CountingHandBound(_HandBound):
    """A :class:`_HandBound` that counts its solves."""

    solves = 0

    def solve(self, model: cp_model.CpModel, *args: Any, **kwargs: Any) -> cp_model.CpSolverStatus:
        self.solves += 1
        return super().solve(model, *args, **kwargs)


def test_a_level_below_a_plan_found_is_minimised_in_one_probe() -> None:
    """Twelve switches, at most nine on, ``a`` = 12 less those on (by hand: its least value 12 - 9 = 3),
    the first plan every switch off (``a`` = 12) and a bound by hand of 0: the probe at the bound's digit
    (``a`` = 0) finds nothing, the probe ``a <= 11`` finds a plan, and the next probe minimises ``a`` below
    that plan's value, which proves 3 in one solve (no walk down one plan at a time): three solves, the
    stage complete at its optimum."""
    model = cp_model.CpModel()
    switches = [model.new_bool_var(f"y{i}") for i in range(12)]
    on = cp_model.LinearExpr.sum(switches)
    model.add(on <= 9)
    a = 12 - on
    model.minimize(a)
    fixed = cp_model.CpModel()
    fixed.proto.copy_from(model.proto)
    for switch in switches:
        fixed.add(fixed.get_int_var_from_proto_index(switch.index) == 0)
    solver = _CountingHandBound()
    solver.parameters.num_workers = 1
    assert solver.solve(fixed) == cp_model.OPTIMAL and solver.value(a) == 12
    solver.solves = 0
    proved = fixed_bound_prefix(solver, model, [("a", a, 13), ("none", 0, 1)], lambda e: 0, 0.01)
    assert proved is not None and proved.complete
    assert 12 - sum(proved.plan[s.index] for s in switches) == 3
    assert solver.solves <= 3
    assert solver.solve(model) == cp_model.OPTIMAL and solver.value(a) == 3
