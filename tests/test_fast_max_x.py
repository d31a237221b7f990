"""``max_x`` on the fast path (:func:`planner.solve.fast.solve_fast_max_x`) against the CP-SAT model.

On random boards inside the fast path's fragment (those of :mod:`test_fast`) and random costs with one or
two X, the fast path's largest X must be CP-SAT's (which maximises X first), with the same verdict, every
level of the objective, the same answer from :func:`planner.api.max_x` (but for the plan among equally good
ones and the words of a 'no'), and a plan that replays at that X; one more X must not be payable (CP-SAT at
that X says so). Boards where something may read X besides the cost's generic mana (a spending restriction)
must go to CP-SAT.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from hypothesis import given, reject
from hypothesis import strategies as st
from test_fast import INSIDE, SPECIAL, SYMBOLS, boards, fuzz, levels

from models.board import Board
from models.cost import PaymentTarget
from planner.api import max_x, pay
from planner.described import answer_of
from planner.rules.replay import replay
from planner.solve.cpsat import solve_payment
from planner.solve.fast import solve_fast_max_x
from planner.solve.problem import PaymentProblem
from planner.solve.solution import SolveStatus


@st.composite
def x_targets(draw: st.DrawFn, most: int = 4) -> PaymentTarget:
    """A random cost with one or two {X} and up to ``most`` other symbols."""
    symbols = draw(st.lists(st.sampled_from(SYMBOLS[:-1]), max_size=most))
    xs = "{X}" * draw(st.integers(1, 2))
    return PaymentTarget.of(xs + "".join(symbols), type_line="Creature — Elf")


@fuzz(600)
@given(boards(), x_targets())
def test_fast_max_x_agrees_with_cp_sat(board: Board, target: PaymentTarget) -> None:
    problem = PaymentProblem.of(board, target)
    fast = solve_fast_max_x(problem)
    if fast is None:
        reject()  # declined: CP-SAT answers (test_max_x_declines_are_rare bounds how often)
    model = solve_payment(PaymentProblem.of(board, target, "me"))
    assert model.status in (SolveStatus.OPTIMAL, SolveStatus.INFEASIBLE)  # (small boards: proven)
    assert fast.status is model.status
    assert fast.x == model.x
    assert fast.objective == model.objective
    if fast.plan is not None:
        assert model.plan is not None and fast.x is not None
        paid = problem.paid_target(fast.x)
        replay(board, paid, fast.plan)  # (raises when the rules reject it)
        assert levels(board, paid, fast.plan) == levels(board, paid, model.plan)
        # one more X is not payable (CP-SAT asked at that X)
        more = solve_payment(PaymentProblem.of(board, target, "me", x=fast.x + 1))
        assert more.status is SolveStatus.INFEASIBLE
    answer = max_x(board, target)
    assert answer.engine == "fast"
    # the same answer but for the plan among equally good ones (ties), and the words of a 'no' (the fast
    # path's core, from X = 0, may name the type missing where CP-SAT's names the whole cost)
    ours, theirs = answer.to_json(), answer_of(PaymentProblem.of(board, target), model).to_json()
    for key in ("payable", "x", "cost", "total_cost", "optimal", "warnings"):
        assert ours[key] == theirs[key], key
    # (one level counts life and damage together: 2 life for {G/P} ties with Ancient Tomb's 2 damage)
    assert ours["life_paid"] + ours["damage_taken"] == theirs["life_paid"] + theirs["damage_taken"]
    assert answer.objective == model.objective
    assert (answer.reason is None) == (theirs["reason"] is None)


@fuzz(150)
@given(boards(most=6), x_targets(most=3), st.integers(0, 3))
def test_fast_max_x_is_the_largest_x_pay_answers(board: Board, target: PaymentTarget, below: int) -> None:
    """``pay`` at the X found (and at any smaller X) is payable, by the same fast path."""
    answer = max_x(board, target)
    if answer.engine != "fast":
        reject()
    if answer.x is None:
        assert answer.payable is False
        assert pay(board, target, x=0).payable is False
        return
    paid = pay(board, target, x=max(0, answer.x - below))
    assert paid.payable is True
    if below == 0:
        assert paid.objective == answer.objective[1:]
        assert paid.tapped == answer.tapped


@pytest.mark.parametrize(("cards", "most"), [("tapping", 3), ("all", 30)])
def test_max_x_declines_are_rare(cards: str, most: int) -> None:
    """On boards the fast path answers for ``pay``, it answers ``max_x`` too but for as few boards as it
    declines ``pay`` on (a plan it can't order for abilities that cost mana)."""
    rng = np.random.default_rng(5)
    declined = 0
    pool = [name for name in INSIDE if cards == "all" or name not in SPECIAL]
    for _ in range(300):
        names = rng.choice(pool, size=int(rng.integers(4, 12)))
        board = Board.from_dict(
            {
                "version": 1,
                "players": [{"id": "me", "commander_colors": "WUBRG"}],
                "permanents": [
                    {"id": f"p{i}", "card": str(n), "controller": "me", "choices": {"color": "R"}}
                    for i, n in enumerate(names)
                ],
            }
        )
        cost = "{X}" + "".join(rng.choice(SYMBOLS[:-1], size=int(rng.integers(0, 5))))
        declined += solve_fast_max_x(PaymentProblem.of(board, PaymentTarget.of(cost))) is None
    assert declined <= most


def _board(*permanents: dict[str, Any]) -> Board:
    return Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": list(permanents)})


def test_a_restriction_on_mana_goes_to_cp_sat() -> None:
    """A spending restriction may read the spell's mana value, which X changes: not searched over X."""
    board = _board(
        {"id": "f1", "card": "Forest", "controller": "me"},
        {"id": "ez", "card": "Eldrazi Temple", "controller": "me"},
    )
    target = PaymentTarget.of("{X}{G}", type_line="Creature — Elf")
    assert solve_fast_max_x(PaymentProblem.of(board, target)) is None
    answer = max_x(board, target)
    assert (answer.engine, answer.x) == ("cp-sat", 1)


def test_a_cost_reduction_comes_off_x() -> None:
    """A reduction the fixed part can't absorb comes off X's generic mana (CR 601.2f): X is one more."""
    board = _board(
        {"id": "f1", "card": "Forest", "controller": "me"},
        {"id": "f2", "card": "Forest", "controller": "me"},
        {"id": "tf", "card": "Thunderscape Familiar", "controller": "me"},
    )
    target = PaymentTarget.of("{X}{G}", type_line="Creature — Elf", colors="G")
    model = solve_payment(PaymentProblem.of(board, target, "me"))
    answer = max_x(board, target)
    assert answer.x == model.x
