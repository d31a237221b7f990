"""The default search that takes over a stage the LP-guided share did not prove
(:func:`planner.solve.cpsat.solve._searched`, issue 41): at the full linearization for a share, then, not
proved, again at the default linearization; the next LP-guided share at the full one again; and the answers
of the restart on small boards of filter lands under mana multipliers (bench_no --multipliers seed 22
question 243's shape) agree with the reference search."""

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


def _linearizations(board: Board, cost: str, monkeypatch: pytest.MonkeyPatch) -> dict[int, list[int]]:
    """The linearization level of each solve CP-SAT runs for the model of paying ``cost`` on ``board``, by
    search branching, with no share for the LP-guided search nor for the default search at the full
    linearization (each stage falls to the restart)."""
    levels: dict[int, list[int]] = {}
    solve = cp_model.CpSolver.solve

    def solving(solver: cp_model.CpSolver, model: cp_model.CpModel, *args: Any, **kwargs: Any) -> Any:
        branching = int(solver.parameters.search_branching)
        levels.setdefault(branching, []).append(solver.parameters.linearization_level)
        return solve(solver, model, *args, **kwargs)

    _no_shares(monkeypatch)
    monkeypatch.setattr(cp_model.CpSolver, "solve", solving)
    solution = solve_payment(PaymentProblem.of(board, PaymentTarget.of(cost)))
    assert solution.status is SolveStatus.OPTIMAL
    return levels


def _no_shares(monkeypatch: pytest.MonkeyPatch) -> None:
    """No deterministic time for the LP-guided search nor the default search at the full linearization."""
    monkeypatch.setattr(solve_module, "_LP_FIRST", 0.0)
    monkeypatch.setattr(solve_module, "_FULL_LP_SHARE", 0.0)


def test_the_default_search_restarts_at_the_default_linearization(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each stage's default search at linearization 2, then 1; every LP-guided share at 2
    (:func:`solve_module._solver`), the next stage's too."""
    board = make_board(
        [{"card": "Nyxbloom Ancient"}, _PRAIRIE, _FORGE, {"card": "Plains"}, {"card": "Mountain"}],
        opponent=False,
    )
    levels = _linearizations(board, "{7}{W}", monkeypatch)
    default = levels[int(cp_model.AUTOMATIC_SEARCH)]
    assert default and default == [2, 1] * (len(default) // 2)
    assert set(levels[int(cp_model.LP_SEARCH)]) == {2}


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
