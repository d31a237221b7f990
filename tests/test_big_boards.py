"""Boards with many identical permanents whose abilities cost mana (issue 14, "big boards"): the CP-SAT model
merges twins (identical Signets, filter lands, Treasures, Cascading Cataracts) into counts and orders the
activations only once the relaxed optimum is known (:func:`planner.solve.cpsat.analysis.merged_twins`).

Three checks, none of them on the clock: on small boards, the answer agrees with the reference search (the
same verdict and the best objective, level by level), boards where only an interleaved order of two groups
pays included (the relaxed optimum can't be ordered, and the model of every twin answers); on boards the
reference search can't reach, the merged model, the model of every twin, the fast path and a long time limit
all reach the same objective.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import Any

import pytest
from boards import agrees_with_reference, custom, make_board
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from models.board import Board
from models.cost import PaymentTarget
from planner.api import max_x, pay
from planner.solve.cpsat import solve_payment
from planner.solve.cpsat.analysis import analysed
from planner.solve.cpsat.spine import solved
from planner.solve.fast import solve_fast
from planner.solve.problem import PaymentProblem
from planner.solve.solution import SolveStatus

# benchmarks/ is not an installed package: make it importable however pytest is started
ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks.boards import big_board  # noqa: E402

#: A generous time limit: the answers are compared, not timed.
LONG = 120.0

# ------------------------------------------------------------------------------ small boards, the reference

#: Cards with a mana cost in their abilities, or a sacrifice, that come in identical copies.
_TWINS = [
    "Rakdos Signet",
    "Gruul Signet",
    "Graven Cairns",
    "Fire-Lit Thicket",
    "Treasure",
    "Cascading Cataracts",
]
_OTHERS = ["Mountain", "Swamp", "Forest", "Badlands", "Sol Ring", "Cabal Coffers", "Mana Reflection"]


@st.composite
def twin_boards(draw: st.DrawFn) -> Board:
    """Two or three identical copies of one or two cards of :data:`_TWINS`, some tapped, with up to two
    other permanents."""
    permanents: list[dict[str, Any]] = []
    for kind in draw(st.lists(st.sampled_from(_TWINS), min_size=1, max_size=2, unique=True)):
        for _ in range(draw(st.integers(2, 3))):
            permanents.append({"card": kind})
    for _ in range(draw(st.integers(0, 2))):
        permanents.append({"card": draw(st.sampled_from(_OTHERS))})
    if draw(st.integers(0, 3)) == 0:
        permanents[0]["tapped"] = True
    return make_board(permanents, opponent=False)


@settings(max_examples=30, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(
    twin_boards(), st.sampled_from(["{B}", "{3}", "{R}{R}", "{2}{B}{R}", "{1}{G}{G}", "{5}", "{B}{B}{R}{R}"])
)
def test_the_model_with_twins_agrees_with_the_reference_search(board: Board, cost: str) -> None:
    assume(agrees_with_reference(board, PaymentTarget.of(cost), max_states=1500) is not None)


#: Cards whose abilities the model orders with static edges (a creature or land used before its sacrifice),
#: with a creature and a land for them to sacrifice: the twins that no edge orders are merged all the same.
_ORDERING = ["Ashnod's Altar", "Phyrexian Altar", "Squandered Resources"]


@st.composite
def ordered_twin_boards(draw: st.DrawFn) -> Board:
    """:func:`twin_boards` with a card of :data:`_ORDERING`, a Llanowar Elves and a Swamp."""
    board = draw(twin_boards())
    extra = [{"card": draw(st.sampled_from(_ORDERING))}, {"card": "Llanowar Elves"}, {"card": "Swamp"}]
    permanents = [{"card": p.card, "tapped": p.tapped} for p in board.permanents]
    return make_board([*permanents, *extra], opponent=False)


@settings(max_examples=15, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(
    ordered_twin_boards(), st.sampled_from(["{B}", "{3}", "{R}{R}", "{2}{B}{R}", "{1}{G}{G}", "{5}", "{6}"])
)
def test_twins_merged_beside_static_edges_agree_with_the_reference_search(board: Board, cost: str) -> None:
    assume(agrees_with_reference(board, PaymentTarget.of(cost), max_states=1500) is not None)


def test_twins_are_merged_on_a_board_with_static_edges() -> None:
    # (the Altar's edges order the Elves' and the Swamp's uses before their sacrifice: the Signets merge)
    signets = [{"card": "Rakdos Signet", "id": f"s{n}"} for n in range(3)]
    board = make_board(
        [{"card": "Ashnod's Altar", "id": "alt"}, {"card": "Llanowar Elves", "id": "e"}, *signets],
        opponent=False,
    )
    problem = PaymentProblem.of(board, PaymentTarget.of("{3}"))
    record = analysed(problem, merge=True)
    assert record.static_edges and record.relaxed
    assert [t.sources for t in record.templates if t.pid == "s0"] == [("s0", "s1", "s2")]
    merged, every = solved(problem, merge=True), solved(problem, merge=False)
    assert merged.status is every.status is SolveStatus.OPTIMAL
    assert merged.objective == every.objective


def _crossing_board() -> Board:
    """Two groups of twin converters that feed each other only one at a time: a Forest's {G} pays an A, an
    A's {R} pays a B, a B's {G} pays the second A, and so on (neither group's mana pays its own cost)."""
    a = "{G}, {T}: Add {R}{R}."
    b = "{R}, {T}: Add {G}{G}."
    return make_board(
        [
            {"card": "Forest", "id": "f"},
            custom("Red Converter", "a1", "Artifact", a),
            custom("Red Converter", "a2", "Artifact", a),
            custom("Green Converter", "b1", "Artifact", b),
            custom("Green Converter", "b2", "Artifact", b),
        ],
        opponent=False,
    )


@pytest.mark.parametrize("cost", ["{R}{R}{G}{G}{G}", "{R}{R}{G}", "{4}", "{5}", "{6}"])
def test_groups_that_pay_each_other_in_turn_agree_with_the_reference_search(cost: str) -> None:
    # ({R}{R}{G}{G}{G} needs A, B, A, B in turn: no order of the two groups as wholes pays it)
    result = agrees_with_reference(_crossing_board(), PaymentTarget.of(cost), max_states=20000)
    assert result is not None


def test_only_the_interleaved_order_pays_and_the_model_finds_it() -> None:
    result = pay(_crossing_board(), PaymentTarget.of("{R}{R}{G}{G}{G}"))
    assert result.payable and result.optimal
    assert [step.permanent for step in result.steps] == ["f", "a1", "b1", "a2", "b2"]


def test_a_chain_of_twin_signets_pays_from_one_land() -> None:
    # each Signet pays the next one's {1}: the first from the Mountain, the others from the group's own mana
    # (the model itself: the fast path answers this board too)
    signets = [{"card": "Rakdos Signet", "id": f"s{n}"} for n in range(4)]
    board = make_board([{"card": "Mountain", "id": "m"}, *signets])
    solution = solve_payment(PaymentProblem.of(board, PaymentTarget.of("{5}")))
    assert solution.status is SolveStatus.OPTIMAL and solution.plan is not None
    assert [step.permanent for step in solution.plan.steps] == ["m", "s0", "s1", "s2", "s3"]
    assert solve_payment(PaymentProblem.of(board, PaymentTarget.of("{6}"))).status is SolveStatus.INFEASIBLE


# ------------------------------------------------------------------------------------- boards the reference
# search can't reach


def _big(seed: int, size: int) -> Board:
    return Board.from_dict(big_board(random.Random(seed), size=size).data)


def _solved(board: Board, cost: str, *, merge: bool, time_limit: float = LONG) -> tuple[SolveStatus, object]:
    problem = PaymentProblem.of(board, PaymentTarget.of(cost), time_limit=time_limit)
    solution = solved(problem, merge=merge)
    return solution.status, (solution.x, solution.objective)


@pytest.mark.parametrize("seed", [1, 2])
@pytest.mark.parametrize("cost", ["{G}", "{1}{B}{R}", "{5}{B}{B}", "{2}{B}{R}{G}", "{X}{R}", "{X}{B}{G}"])
def test_merged_twins_and_every_twin_give_the_same_objective_on_300_permanents(seed: int, cost: str) -> None:
    board = _big(seed, 300)
    merged = _solved(board, cost, merge=True)
    every = _solved(board, cost, merge=False)
    assert merged[0] is every[0] is SolveStatus.OPTIMAL
    assert merged[1] == every[1]


def _fast_board(seed: int) -> Board:
    """A board of about 1,000 permanents that the fast path answers: the big board without what counts
    (Cabal Coffers, Gaea's Cradle), makes mana in any combination (Cascading Cataracts) or doubles it (Mana
    Reflection: there the fast path's programme declines)."""
    data = big_board(random.Random(seed)).data
    outside = {"Cabal Coffers", "Gaea's Cradle", "Cascading Cataracts", "Mana Reflection"}
    data["permanents"] = [p for p in data["permanents"] if p.get("card") not in outside]
    return Board.from_dict(data)


@pytest.mark.parametrize("cost", ["{G}", "{1}{B}{R}", "{5}{B}{B}", "{2}{B}{R}{G}"])
def test_the_fast_path_and_the_model_agree_on_1000_permanents(cost: str) -> None:
    board = _fast_board(3)
    fast = solve_fast(PaymentProblem.of(board, PaymentTarget.of(cost), time_limit=LONG))
    assert fast is not None and fast.status is SolveStatus.OPTIMAL
    assert _solved(board, cost, merge=True) == (SolveStatus.OPTIMAL, (None, fast.objective))


@pytest.mark.parametrize("cost", ["{G}", "{5}{B}{B}", "{3}{R}{G}"])
def test_a_long_time_limit_and_the_default_agree_on_1000_permanents(cost: str) -> None:
    board = _big(1, 1000)
    default = pay(board, PaymentTarget.of(cost))
    long = pay(board, PaymentTarget.of(cost), time_limit=LONG)
    assert default.payable and default.optimal and long.optimal
    assert default.objective == long.objective


def test_max_x_on_1000_permanents_is_proven_with_a_long_time_limit_and_the_default() -> None:
    board = _big(1, 1000)
    default = max_x(board, PaymentTarget.of("{X}{R}{G}"))
    long = max_x(board, PaymentTarget.of("{X}{R}{G}"), time_limit=LONG)
    assert default.optimal and long.optimal
    assert (default.x, default.objective) == (long.x, long.objective)


def _one_stage_a_level(terms: list[Any], *, sources: int = 0) -> list[list[Any]]:
    """The objective's levels solved one at a time (on a board of any number of ``sources``): the
    lexicographic objective by its definition."""
    return [[term] for term in terms]


# bench_big's random 1,000-permanent questions whose stages were cut (issue 41): seed 7 question 38
# (Nykthos: 'colors lost' with the mana tied up), seed 2 question 3 (Ashnod's Altar: the tie-break), seed
# 7 question 30 (Squandered Resources and Cabal Coffers)
@pytest.mark.parametrize(("seed", "number"), [(7, 38), (2, 3), (7, 30)])
def test_cut_stages_reach_the_optimum_of_one_stage_a_level_on_1000_permanents(
    seed: int, number: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    from benchmarks.bench_big import random_big_question
    from planner.solve.cpsat import solve as solve_module

    rng = random.Random(seed)
    data, cost = [random_big_question(rng) for _ in range(number + 1)][number]
    board = Board.from_dict(data)
    problem = PaymentProblem.of(board, PaymentTarget.of(cost), time_limit=LONG)
    cut = solved(problem)
    assert cut.status is SolveStatus.OPTIMAL
    monkeypatch.setattr(solve_module, "stages", _one_stage_a_level)
    alone = solved(PaymentProblem.of(board, PaymentTarget.of(cost), time_limit=LONG))
    assert alone.status is SolveStatus.OPTIMAL
    assert cut.objective == alone.objective
