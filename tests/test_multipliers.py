"""Mana multipliers in the CP-SAT model (issue 41): twins whose ability has many outcomes that cost mana
(two Cascading Cataracts under Caged Sun: 126 each) are kept apart rather than merged
(:func:`planner.solve.cpsat.analysis.few_paid_outcomes`), which keeps the model small without changing any
answer. On small boards of multipliers and twins the answer agrees with the reference search; on issue 41's
regression boards, merged and apart reach the same objective.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest
from boards import agrees_with_reference, make_board
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from models.board import Board
from models.cost import PaymentTarget
from planner.solve.cpsat.analysis import analysed
from planner.solve.cpsat.spine import solved
from planner.solve.problem import PaymentProblem
from planner.solve.solution import SolveStatus

# benchmarks/ is not an installed package: make it importable however pytest is started
ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks.boards import multiplier_questions  # noqa: E402

#: Cards that multiply, add to or count mana, one of each at most on a board.
_MULTIPLIERS = ["Nyxbloom Ancient", "Mana Reflection", "Caged Sun", "Heartbeat of Spring", "Cabal Coffers"]
#: Cards whose abilities cost mana and come in twins.
_TWINS = ["Cascading Cataracts", "Grim Monolith", "Graven Cairns", "Rakdos Signet"]
_OTHERS = ["Forest", "Swamp", "Mountain", "Llanowar Elves", "Badlands"]


@st.composite
def multiplier_boards(draw: st.DrawFn) -> Board:
    """One or two multipliers, two copies of one card of :data:`_TWINS`, and up to two other
    permanents."""
    permanents: list[dict[str, Any]] = []
    for name in draw(st.lists(st.sampled_from(_MULTIPLIERS), min_size=1, max_size=2, unique=True)):
        entry: dict[str, Any] = {"card": name}
        if name == "Caged Sun":
            entry["choices"] = {"color": draw(st.sampled_from("BRG"))}
        permanents.append(entry)
    twin = draw(st.sampled_from(_TWINS))
    permanents += [{"card": twin}, {"card": twin}]
    permanents += [{"card": draw(st.sampled_from(_OTHERS))} for _ in range(draw(st.integers(0, 2)))]
    return make_board(permanents, opponent=False)


@settings(max_examples=10, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(multiplier_boards(), st.sampled_from(["{B}", "{3}{B}{R/U}", "{R}{R}", "{2}{G}{G}", "{9}", "{30}"]))
def test_the_model_agrees_with_the_reference_search_under_multipliers(board: Board, cost: str) -> None:
    assume(agrees_with_reference(board, PaymentTarget.of(cost), max_states=600) is not None)


def test_twin_cataracts_under_caged_sun_are_kept_apart() -> None:
    """Under Caged Sun each Cascading Cataracts has an outcome per multiset of five colors: merged, the two
    would be 252 producer nodes; apart, each Cataracts' outcomes are one node and the model stays small."""
    question = multiplier_questions()["caged sun 26"]
    board = Board.from_dict(question.board)
    record = analysed(PaymentProblem.of(board, PaymentTarget.of(question.cost)), merge=True)
    cataracts = [t for t in record.templates if t.pid.startswith("cat")]
    assert len(cataracts) > 200
    assert all(t.sources == (t.pid,) for t in cataracts)
    assert len({record.producer[t.index] for t in cataracts if t.costs_mana}) == 2


@pytest.mark.parametrize("name", sorted(multiplier_questions()))
def test_merged_and_apart_agree_on_the_regression_boards(name: str) -> None:
    question = multiplier_questions()[name]
    board = Board.from_dict(question.board)
    answers = []
    for merge in (True, False):
        problem = PaymentProblem.of(board, PaymentTarget.of(question.cost), time_limit=60.0)
        solution = solved(problem, merge=merge)
        assert solution.status is SolveStatus.OPTIMAL
        answers.append(solution.objective)
    assert answers[0] == answers[1]
