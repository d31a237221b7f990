"""What pays each node's first activation (:mod:`planner.solve.cpsat.first_paid`): nodes nothing could pay
first are left out, and the relaxed model (twins merged) can't have filter lands and Signets pay each
other's costs in a cycle. Checked against the reference search on small boards of twins, and on the board
of issue 41 that took minutes (eight Mystic Gates, seven Swamps, Krark-Clan Ironworks and a Wooded
Bastion paying {2}{G}).
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, reject, settings
from hypothesis import strategies as st

import planner.solve.cpsat.solve as solve_module
from models.board import Board
from models.cost import PaymentTarget
from planner.api import pay
from planner.rules.reference import ReferenceLimitError, reference_search
from planner.rules.replay import replay
from planner.solve.cpsat import solve_payment, spine
from planner.solve.objective import objective_of, objectives_on
from planner.solve.problem import PaymentProblem
from planner.solve.solution import SolveStatus

# benchmarks/ is not an installed package: make it importable however pytest is started
ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks.boards import small_slow_questions  # noqa: E402


def _board(cards: list[tuple[str, int]]) -> Board:
    """A board of ``count`` copies of each card, for 'me'."""
    permanents = [
        {"id": f"{card[:3].lower()}{n}", "card": card, "controller": "me"}
        for card, count in cards
        for n in range(count)
    ]
    return Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": permanents})


def _gates(extra: list[tuple[str, int]], gates: int = 8, swamps: int = 7) -> Board:
    return _board(
        [
            ("Mystic Gate", gates),
            ("Swamp", swamps),
            ("Krark-Clan Ironworks", 1),
            ("Wooded Bastion", 1),
            *extra,
        ]
    )


def _model_best(board: Board, target: PaymentTarget) -> tuple[bool, tuple[int, ...] | None]:
    """Whether the CP-SAT model pays the target, and its plan's objective (computed from the replayed
    plan); it must be proven optimal (or a proven "no")."""
    solution = solve_payment(PaymentProblem.of(board, target, "me", time_limit=60))
    assert solution.status in (SolveStatus.OPTIMAL, SolveStatus.INFEASIBLE), solution.status
    if solution.plan is None:
        return False, None
    return True, objective_of(board, "me", replay(board, target, solution.plan))


def _reference_best(
    board: Board, target: PaymentTarget, states: int = 20_000
) -> tuple[bool, tuple[int, ...] | None]:
    reference = reference_search(board, target, max_states=states)
    if not reference.payable:
        return False, None
    return True, min(map(objectives_on(board, "me"), reference.outcomes))


def test_the_mystic_gates_board_answers_no_at_once() -> None:
    """Nothing on the board makes white, blue or green but the filter abilities, which cost white, blue or
    green: {G} can't be paid. Main took minutes (the relaxed model had the Gates and the Bastion pay each
    other, which no order allows, and the model of every Gate then had to prove "no")."""
    question = small_slow_questions()["mystic gates 17"]
    board = Board.from_dict(question.board)
    assert sorted(str(p.card) for p in board.permanents) == sorted(str(p.card) for p in _gates([]).permanents)
    result = pay(board, PaymentTarget.of(question.cost), time_limit=10)
    assert result.payable is False and result.optimal


@pytest.mark.parametrize("gates", [1, 2, 3])
def test_the_mystic_gates_board_agrees_with_the_reference_search_when_small(gates: int) -> None:
    board = _gates([], gates=gates, swamps=2)
    for cost in ("{2}{G}", "{W}", "{1}"):
        target = PaymentTarget.of(cost)
        assert _model_best(board, target) == _reference_best(board, target)


@pytest.mark.parametrize("land", ["Plains", "Forest", "Island"])
@pytest.mark.parametrize("cost", ["{2}{G}", "{W}{U}{G}", "{3}{G}{W}"])
def test_one_land_that_feeds_the_filters_is_planned_without_the_model_of_every_twin(
    land: str, cost: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With one land that makes a color the filters take, the relaxed model's optimum is ordered (main fell
    back to the model of every twin: the Gate's {W}{W} paid the Bastion and the Bastion's {W} the Gate);
    the answer is the same as that model's on its own."""
    board = _gates([(land, 1)])
    target = PaymentTarget.of(cost)
    merges: list[bool] = []
    solved = spine.solved

    def counted(problem: PaymentProblem, *, merge: bool = True) -> Any:
        merges.append(merge)
        return solved(problem, merge=merge)

    monkeypatch.setattr(spine, "solved", counted)
    relaxed = solve_payment(PaymentProblem.of(board, target, "me", time_limit=60))
    assert merges == [True]
    every_twin = spine.solved(PaymentProblem.of(board, target, "me", time_limit=60), merge=False)
    assert relaxed.status is every_twin.status is SolveStatus.OPTIMAL
    assert relaxed.plan is not None and every_twin.plan is not None
    assert objective_of(board, "me", replay(board, target, relaxed.plan)) == objective_of(
        board, "me", replay(board, target, every_twin.plan)
    )


#: Cards that come in runs of twins (filter lands, Signets, Treasures) and what feeds them.
_TWINS = ["Mystic Gate", "Wooded Bastion", "Graven Cairns", "Azorius Signet", "Golgari Signet", "Treasure"]
_FEEDERS = ["Plains", "Forest", "Swamp", "Island", "Wastes", "Sol Ring", "Krark-Clan Ironworks"]
_COSTS = ["{G}", "{2}{G}", "{W}{U}", "{G}{W}", "{B}{B}", "{U}{U}{1}", "{3}", "{W/U}{G}", "{B}{R}"]


@st.composite
def twin_boards(draw: st.DrawFn) -> Board:
    """One or two runs of two or three twins, and zero to two other permanents."""
    runs = draw(st.lists(st.sampled_from(_TWINS), min_size=1, max_size=2, unique=True))
    cards = [(card, draw(st.integers(2, 3))) for card in runs]
    cards += [(card, 1) for card in draw(st.lists(st.sampled_from(_FEEDERS), max_size=2, unique=True))]
    return _board(cards)


@settings(max_examples=40, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(twin_boards(), st.sampled_from(_COSTS))
def test_the_model_of_twins_agrees_with_the_reference_search(board: Board, cost: str) -> None:
    """The CP-SAT model (twins merged where it can) pays exactly when the reference search does, as well
    as its best plan."""
    target = PaymentTarget.of(cost)
    try:
        reference = _reference_best(board, target, states=600)
    except ReferenceLimitError:
        reject()
    assert _model_best(board, target) == reference


def _stage_searches(problem: PaymentProblem, monkeypatch: pytest.MonkeyPatch) -> tuple[Any, list[str]]:
    """The solution of the CP-SAT model and, for each model built, the searches of its solves that have an
    objective ('lp' for the LP-guided search, 'default' for CP-SAT's), in order."""
    from ortools.sat.python import cp_model

    searches: list[str] = []
    solve = cp_model.CpSolver.solve
    build = spine.build

    def solving(solver: cp_model.CpSolver, model: cp_model.CpModel, *args: Any, **kwargs: Any) -> Any:
        if len(model.proto.objective.vars):
            lp = solver.parameters.search_branching == cp_model.LP_SEARCH
            searches.append("lp" if lp else "default")
        return solve(solver, model, *args, **kwargs)

    def building(*args: Any, **kwargs: Any) -> Any:
        searches.append("firsts" if kwargs.get("firsts") else "build")
        return build(*args, **kwargs)

    monkeypatch.setattr(cp_model.CpSolver, "solve", solving)
    monkeypatch.setattr(spine, "build", building)
    return solve_payment(problem), searches


def test_the_ordered_firsts_model_skips_the_share_that_fell_through(monkeypatch: pytest.MonkeyPatch) -> None:
    """bench_no --multipliers seed 15 question 104 ({1}{W}{G}{U}, three Caged Suns, Cascading Cataracts, five
    Wooded Bastions): the relaxed model's first stage falls through the LP-guided share, its optimum can't
    be ordered, and the model with its first activations ordered goes straight to the default search; the
    answer is the one that model gives with the share first (every level the same, proven)."""
    from benchmarks.bench_no import questions
    from benchmarks.boards import MULTIPLIERS

    question = questions(105, 15, MULTIPLIERS)[104]
    problem = PaymentProblem.of(
        Board.from_dict(question.board), PaymentTarget.of(question.cost), "me", time_limit=120
    )
    skipped, searches = _stage_searches(problem, monkeypatch)
    firsts = searches.index("firsts")
    assert searches[:firsts] == ["build", "lp", "default"] and searches[firsts + 1] == "default"
    monkeypatch.undo()
    searched = solve_module._searched

    def with_share(*args: Any, record: Any = None, **kwargs: Any) -> Any:
        if record is not None:
            record.default_first = False  # (the share first, as before)
        return searched(*args, record=record, **kwargs)

    monkeypatch.setattr(solve_module, "_searched", with_share)
    shared, searches = _stage_searches(problem, monkeypatch)
    assert searches[searches.index("firsts") + 1] == "lp"
    assert skipped.status is shared.status is SolveStatus.OPTIMAL
    assert skipped.objective == shared.objective
