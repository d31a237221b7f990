"""A board that a permanent's card puts outside the fast path's fragment is told so before the board's
reduction (issue 41 item 2: the reduction of a 1,000-permanent board with effects on mana took 40-200 ms
before it met Cabal Coffers or Nykthos): the early verdict
(:func:`planner.solve.fast.reduction._surely_blocked`) never says "outside" where the reduction would not, a
board that changes the card (Blood Moon on Cabal Coffers) is left to the reduction, and the reason the
fragment gives is still the reduction's."""

from __future__ import annotations

import random

from benchmarks.boards import MULTIPLIERS, SPICE, random_question
from models.board import Board
from models.cost import PaymentTarget
from planner.api import pay
from planner.solve.fast import fragment_reason, solve_fast
from planner.solve.fast.reduction import _board_kinds, _reduced, _surely_blocked, fast_analysis
from planner.solve.fast.sources import _Outside
from planner.solve.problem import PaymentProblem

#: Cards outside the fragment on any board beside cards that change other permanents' types, abilities or
#: outcomes (Blood Moon, Urborg, Mana Reflection, Contamination, Chromatic Lantern) and reflecting sources.
_CHANGERS = (
    *SPICE,
    *MULTIPLIERS,
    "Blood Moon",
    "Magus of the Moon",
    "Contamination",
    "Chromatic Lantern",
    "Urborg, Tomb of Yawgmoth",
    "Mana Reflection",
)


def _board(cards: dict[str, int], tapped: tuple[str, ...] = ()) -> Board:
    return Board.from_dict(
        {
            "version": 1,
            "players": [{"id": "me"}],
            "permanents": [
                {"id": f"{card}-{number}", "card": card, "controller": "me", "tapped": card in tapped}
                for card, count in cards.items()
                for number in range(count)
            ],
        }
    )


def test_the_early_verdict_never_says_outside_where_the_reduction_would_not() -> None:
    rng = random.Random(4101)
    early = 0
    for _ in range(250):
        question = random_question(rng, 8, 40, spice=_CHANGERS)
        board = Board.from_dict(question.board)
        problem = PaymentProblem.of(board, PaymentTarget.of(question.cost), x=question.x)
        first = _board_kinds(problem)
        if first.unresolved is not None:
            continue
        blocked = _surely_blocked(problem, first)
        if blocked is None:
            continue
        early += 1
        # (a question of its own: the reduction from scratch, as fragment_reason makes it)
        again = PaymentProblem.of(board, PaymentTarget.of(question.cost), x=question.x)
        assert isinstance(_reduced(again), _Outside), (question.cost, blocked)
    assert early > 20  # (the early verdict was reached)


def test_a_board_outside_by_a_card_is_told_before_its_reduction() -> None:
    board = _board({"Forest": 6, "Swamp": 4, "Mana Reflection": 1, "Cabal Coffers": 1})
    problem = PaymentProblem.of(board, PaymentTarget.of("{3}{G}"))
    assert solve_fast(problem) is None
    assert fast_analysis(problem).sources is None  # (the board was not reduced)
    # the reason is the reduction's, which a question of its own still works out
    reason = fragment_reason(PaymentProblem.of(board, PaymentTarget.of("{3}{G}")))
    assert reason is not None and "Cabal Coffers" in reason
    # CP-SAT answers: Mana Reflection doubles each Forest's {G}, two Forests pay {3}{G}
    answer = pay(board, PaymentTarget.of("{3}{G}"))
    assert answer.payable and answer.engine != "fast"
    assert len(answer.steps) >= 2


def test_a_board_that_changes_the_card_is_left_to_the_reduction() -> None:
    # Blood Moon makes Cabal Coffers a Mountain ('{T}: Add {R}' only): the fast path answers, a Swamp and it
    board = _board({"Swamp": 2, "Blood Moon": 1, "Cabal Coffers": 1})
    problem = PaymentProblem.of(board, PaymentTarget.of("{B}{R}"))
    assert _surely_blocked(problem, _board_kinds(problem)) is None
    solution = solve_fast(problem)
    assert solution is not None and solution.plan is not None and len(solution.plan.steps) == 2
    # a tapped Cabal Coffers can't activate its ability now: the board is not outside for it
    tapped = _board({"Swamp": 2, "Mana Reflection": 1, "Cabal Coffers": 1}, tapped=("Cabal Coffers",))
    problem = PaymentProblem.of(tapped, PaymentTarget.of("{B}"))
    assert _surely_blocked(problem, _board_kinds(problem)) is None
    assert solve_fast(problem) is not None
