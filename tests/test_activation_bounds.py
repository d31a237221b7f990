"""No activation cap that changes an answer (issue 35): an ability is activated as often as its cost can be
paid (CR 602.2b). What bounds it comes from the board: the life total for a life cost (CR 119.4: life can be
paid only while the total is at least the payment), the mana that pays a converter, and, for an *open*
ability whose cost takes nothing that runs out ("{0}: Add {C}.", an engine's "{1}: Add {C}{C}."), what the
payment needs; a plan at such a bound is never called optimal, and never a "no". The expected values are
worked out by hand from the rules in each docstring, and checked against the exhaustive reference search on
small boards.
"""

from __future__ import annotations

from typing import Any

import pytest
from boards import could, custom, make_board

from models.board import Board
from models.cost import PaymentTarget
from models.limits import MAX_GENERIC
from planner import max_x, pay
from planner.rules.reference import reference_search
from planner.rules.replay import replay
from planner.solve.objective import objective_of, objectives_on

#: a wall clock no loaded machine reaches: these answers are about the rules (an unbounded X answered at its
#: limit, proven plans), and under load 20 the default 10 s ran out (no answer, read as a failure)
LIMIT = 300.0

ALTAR = custom("Test Altar", "altar", "Artifact", "Pay 2 life: Add {B}.")
FREE = custom("Test Mox", "mox", "Artifact", "{0}: Add {C}.")
ENGINE = custom("Test Doubler", "dbl", "Artifact", "{1}: Add {C}{C}.")


def _steps(result: Any, pid: str) -> int:
    assert result.plan is not None
    return sum(step.permanent == pid for step in result.plan.steps)


def _agrees_with_reference(board: Board, cost: str) -> None:
    """The planner pays exactly when the exhaustive search does, with its best objective, and its plan
    replays by the rules."""
    target = PaymentTarget.of(cost)
    reference = reference_search(board, target)
    assert not reference.capped
    result = pay(board, target)
    assert result.payable == reference.payable, (cost, result.reason)
    if reference.payable:
        assert result.plan is not None
        ours = objective_of(board, "me", replay(board, target, result.plan))
        assert ours == min(map(objectives_on(board, "me"), reference.outcomes))


def test_a_life_cost_is_paid_as_long_as_the_life_total_allows() -> None:
    """At 40 life, "Pay 2 life: Add {B}." can be activated 20 times (40 / 2): five {B} and twenty {B} are
    payable (the fifth activation used to be cut, "not payable" with optimal: true), twenty-one are not, and
    the largest X of {X} is 20. Each answer is proven."""
    board = make_board([ALTAR], life=40)
    assert could(board) == {"altar": "B"}
    five = pay(board, PaymentTarget.of("{B}" * 5))
    assert five.payable and five.optimal and five.life_paid == 10 and _steps(five, "altar") == 5
    twenty = pay(board, PaymentTarget.of("{B}" * 20))
    assert twenty.payable and twenty.life_paid == 40
    more = pay(board, PaymentTarget.of("{B}" * 21))
    assert more.payable is False and more.optimal
    most = max_x(board, PaymentTarget.of("{X}"))
    assert (most.x, most.optimal, most.life_paid) == (20, True, 40)


def test_life_costs_and_phyrexian_life_share_the_total() -> None:
    """At 10 life: four activations (8 life) and {B/P} paid with 2 life make 10, so {B}{B}{B}{B}{B/P} is
    payable; {B}x5{B/P} takes five activations (10 life) and then {B/P} needs a sixth or 2 more life: not
    payable. {X}{B/P}: X + 1 activations (2X + 2 life) or X activations and 2 life (2X + 2 again), at most
    10: X = 4."""
    board = make_board([ALTAR], life=10)
    assert pay(board, PaymentTarget.of("{B}{B}{B}{B}{B/P}")).payable
    assert pay(board, PaymentTarget.of("{B}{B}{B}{B}{B}{B/P}")).payable is False
    assert max_x(board, PaymentTarget.of("{X}{B/P}")).x == 4


@pytest.mark.parametrize("cost", ["{B}{B}{B}", "{B}{B}{B}{B}", "{1}{B}{B/P}", "{B}{B}{B/P}{B/P}"])
def test_life_costs_agree_with_the_reference_search(cost: str) -> None:
    """At 7 life with a Swamp: three activations at most (7 // 2), and Phyrexian life from what is left."""
    board = make_board([ALTAR, {"id": "s", "card": "Swamp"}], life=7)
    _agrees_with_reference(board, cost)


def test_a_free_ability_pays_any_cost_of_its_type() -> None:
    """ "{0}: Add {C}." costs nothing that runs out: any generic or {C} cost is payable (twelve activations
    for {12}, proven best: no fewer pays it), a {G} is not; X has no largest value, so max-x answers the
    limit on X and does not call it optimal."""
    board = make_board([FREE])
    assert could(board) == {"mox": "C"}
    twelve = pay(board, PaymentTarget.of("{12}"), time_limit=LIMIT)
    assert twelve.payable and twelve.optimal and _steps(twelve, "mox") == 12
    green = pay(board, PaymentTarget.of("{G}"), time_limit=LIMIT)
    assert green.payable is False and green.optimal
    most = max_x(board, PaymentTarget.of("{X}{C}"), time_limit=LIMIT)
    assert most.payable and most.x == MAX_GENERIC and most.optimal is False


def test_an_engine_that_makes_more_than_it_takes() -> None:
    """ "{1}: Add {C}{C}." with one Forest: the Forest's {G} pays the first activation, and each later one,
    paid with a {C} of the last (CR 605.3c: each resolves before the next is paid), adds one more: after k
    activations k + 1 {C} float, so {7} takes six. {G}{1} is not payable: the Forest is the only source,
    and it pays either {G} or the engine's first {1}; {G}{G} is not either. X has no largest value: max-x
    answers the limit on X and does not call it optimal."""
    board = make_board([{"id": "f", "card": "Forest"}, ENGINE])
    seven = pay(board, PaymentTarget.of("{7}"), time_limit=LIMIT)
    assert seven.payable and _steps(seven, "dbl") == 6
    assert pay(board, PaymentTarget.of("{G}{1}"), time_limit=LIMIT).payable is False
    assert pay(board, PaymentTarget.of("{G}{G}"), time_limit=LIMIT).payable is False
    most = max_x(board, PaymentTarget.of("{X}"), time_limit=LIMIT)
    assert most.payable and most.x == MAX_GENERIC and most.optimal is False


@pytest.mark.parametrize("cost", ["{3}", "{C}{C}{1}", "{G}", "{W}"])
def test_free_abilities_agree_with_the_reference_search(cost: str) -> None:
    """A free Mox beside a Forest: everything generic, {C} and one {G} are payable, {W} is not."""
    board = make_board([FREE, {"id": "f", "card": "Forest"}])
    _agrees_with_reference(board, cost)


@pytest.mark.parametrize("cost", ["{3}", "{1}{G}", "{4}"])
def test_engines_agree_with_the_reference_search(cost: str) -> None:
    """The engine with one Forest: {3} and {4} payable (two and three activations), {1}{G} not."""
    board = make_board([{"id": "f", "card": "Forest"}, ENGINE])
    _agrees_with_reference(board, cost)


def test_lands_beside_a_life_cost() -> None:
    """Two Swamps and the altar at 6 life: the Swamps' {B}{B} and three activations (6 // 2) make five {B};
    six are not payable, and X of {X}{B} is 4. (The fast path leaves abilities without {T} to the model,
    which answers here.)"""
    board = make_board([{"id": "s1", "card": "Swamp"}, {"id": "s2", "card": "Swamp"}, ALTAR], life=6)
    five = pay(board, PaymentTarget.of("{B}" * 5))
    assert five.payable and five.life_paid == 6 and five.engine == "cp-sat"
    assert pay(board, PaymentTarget.of("{B}" * 6)).payable is False
    assert max_x(board, PaymentTarget.of("{X}{B}")).x == 4
