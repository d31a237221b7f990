"""The default search that takes over a stage the LP-guided share did not prove
(:func:`planner.solve.cpsat.solve._searched`, issue 41): where the share found a plan, at the full
linearization for a share, then, not proved, again at the default linearization; where it found none, a
short share at the full linearization and a restart from no plan; the next LP-guided share at the full one
again; and the answers of the restart on small boards of filter lands under mana multipliers (bench_no
--multipliers seed 22 question 243's shape) agree with the reference search."""

from __future__ import annotations

from typing import Any

import pytest
from boards import agrees_with_reference, custom, make_board
from ortools.sat.python import cp_model

import planner.solve.cpsat.solve as solve_module
from models.board import Board
from models.cost import PaymentTarget
from planner.solve.cpsat import solve_payment
from planner.solve.problem import PaymentProblem
from planner.solve.solution import SolveStatus

#: A filter land (CR 605.1a: a mana ability whose cost is a hybrid symbol; CR 107.4e: {R/W} is paid with
#: {R} or {W}).
_PRAIRIE = custom("Test Prairie", "p", "Land", "{T}: Add {C}.\n{R/W}, {T}: Add {R}{R}, {R}{W}, or {W}{W}.")
#: A painland: its colors deal damage, its {C} does not (the painless level tells them apart).
_FORGE = custom(
    "Test Forge", "f", "Land", "{T}: Add {C}.\n{T}: Add {R} or {W}. Test Forge deals 1 damage to you."
)


def _linearizations(
    board: Board, cost: str, monkeypatch: pytest.MonkeyPatch, *, share_plan: bool = False
) -> dict[int, list[int]]:
    """The linearization level of each solve CP-SAT runs for the model of paying ``cost`` on ``board``, by
    search branching, with no share for the default search at the full linearization (each stage falls to
    the restart) and, unless ``share_plan``, none for the LP-guided search either (a share with no plan);
    with ``share_plan``, the LP-guided share stops at its first plan and the probes of its levels have no
    budget (the stage falls through the share with a plan)."""
    levels: dict[int, list[int]] = {}
    solve = cp_model.CpSolver.solve

    def solving(solver: cp_model.CpSolver, model: cp_model.CpModel, *args: Any, **kwargs: Any) -> Any:
        branching = int(solver.parameters.search_branching)
        if len(model.proto.objective.vars):  # (the probes and the order's solve have no objective)
            levels.setdefault(branching, []).append(solver.parameters.linearization_level)
        solver.parameters.stop_after_first_solution = share_plan and branching == cp_model.LP_SEARCH
        try:
            return solve(solver, model, *args, **kwargs)
        finally:
            solver.parameters.stop_after_first_solution = False

    _no_shares(monkeypatch)
    if share_plan:
        monkeypatch.setattr(solve_module, "_LP_FIRST", 10.0)
        monkeypatch.setattr(solve_module, "_PROBE_SHARE", 0.0)
    monkeypatch.setattr(cp_model.CpSolver, "solve", solving)
    solution = solve_payment(PaymentProblem.of(board, PaymentTarget.of(cost)))
    assert solution.status is SolveStatus.OPTIMAL
    return levels


def _no_shares(monkeypatch: pytest.MonkeyPatch) -> None:
    """No deterministic time for the LP-guided search nor the default search at the full linearization."""
    monkeypatch.setattr(solve_module, "_LP_FIRST", 0.0)
    monkeypatch.setattr(solve_module, "_FULL_LP_SHARE", 0.0)


def _filters_under_a_multiplier() -> Board:
    """A filter land and a painland under Nyxbloom Ancient, a Plains and a Mountain."""
    return make_board(
        [{"card": "Nyxbloom Ancient"}, _PRAIRIE, _FORGE, {"card": "Plains"}, {"card": "Mountain"}],
        opponent=False,
    )


def test_the_default_search_restarts_at_the_default_linearization(monkeypatch: pytest.MonkeyPatch) -> None:
    """A share that ends with a plan and no proof: each such stage's default search at linearization 2,
    then 1; every LP-guided share at 2 (:func:`solve_module._solver`), the next stage's too. (Before the
    planless share went to linearization 1 at once, this test took its shares away; it now stops them at
    their first plan, the path it was written for.)"""
    levels = _linearizations(_filters_under_a_multiplier(), "{7}{W}", monkeypatch, share_plan=True)
    default = levels[int(cp_model.AUTOMATIC_SEARCH)]
    assert default and default == [2, 1] * (len(default) // 2)
    assert set(levels[int(cp_model.LP_SEARCH)]) == {2}


def test_a_share_with_no_plan_gives_the_full_linearization_a_short_share(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A share that found no plan at all (none: no deterministic time): each stage's default search at
    linearization 2 within :data:`solve_module._PLANLESS_SHARE` (not the share after a plan, here none),
    then at 1 from no plan (bench_no --multipliers seed 6 question 51: 0.035 + 0.106 -> 0.010 + 0.032 of
    deterministic time after the share)."""
    searches = _planless_searches(monkeypatch)
    assert searches and searches[0][0] == 2
    assert all(share == solve_module._PLANLESS_SHARE for level, share, _ in searches if level == 2)
    assert not any(hinted for level, _, hinted in searches if level == 1)


def test_a_share_with_no_plan_restarts_from_no_plan(monkeypatch: pytest.MonkeyPatch) -> None:
    """The same with no deterministic time for the short share either: each stage's default search at
    linearization 2, then 1, and the restart from no plan (no hint)."""
    monkeypatch.setattr(solve_module, "_PLANLESS_SHARE", 0.0)
    searches = _planless_searches(monkeypatch)
    assert searches and [level for level, _, _ in searches] == [2, 1] * (len(searches) // 2)
    assert not any(hinted for level, _, hinted in searches if level == 1)


def _planless_searches(monkeypatch: pytest.MonkeyPatch) -> list[tuple[int, float, bool]]:
    """Each default search's (linearization, deterministic time it has, whether the model has a hint) for
    {7}{W} on the filters under a multiplier, every LP-guided share with no time (no plan)."""
    searches: list[tuple[int, float, bool]] = []
    solve = cp_model.CpSolver.solve

    def solving(solver: cp_model.CpSolver, model: cp_model.CpModel, *args: Any, **kwargs: Any) -> Any:
        if solver.parameters.search_branching == cp_model.AUTOMATIC_SEARCH:
            hinted = len(model.proto.solution_hint.vars) > 0
            parameters = solver.parameters
            searches.append((parameters.linearization_level, parameters.max_deterministic_time, hinted))
        return solve(solver, model, *args, **kwargs)

    _no_shares(monkeypatch)
    monkeypatch.setattr(cp_model.CpSolver, "solve", solving)
    board = _filters_under_a_multiplier()
    solution = solve_payment(PaymentProblem.of(board, PaymentTarget.of("{7}{W}")))
    assert solution.status is SolveStatus.OPTIMAL
    return searches


@pytest.mark.parametrize(
    ("lands", "cost"),
    [
        # 22:243's shape: every tap makes three; a filter's {R/W} paid by a painless source tapped first
        (["Plains", "Mountain"], "{7}{W}"),
        (["Plains", "Plains"], "{8}{R}"),
        (["Mountain"], "{4}{W}{W}"),
        (["Plains", "Mountain"], "{5}{R}{W}"),
    ],
)
def test_the_default_search_agrees_with_the_reference_on_filters_under_a_multiplier(
    lands: list[str], cost: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every stage solved by the default search's restart at the default linearization (no share before
    it): the reference search's verdict and its best plan, level by level (the painless and flexibility
    levels among them)."""
    _no_shares(monkeypatch)
    board = make_board(
        [{"card": "Nyxbloom Ancient"}, _PRAIRIE, _FORGE, *({"card": land} for land in lands)], opponent=False
    )
    assert agrees_with_reference(board, PaymentTarget.of(cost), max_states=200_000) is not None
