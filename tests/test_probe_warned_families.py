"""Families the eighth and ninth probes of unseen cards found still warned (issue 35), now executed:

- "Activate no more than three times each turn." (Manaforge Cinder's shape, CR 602.5b): before, the limit
  was read and then left out with a warning ("no record holds it yet"), so the ability was not used at all;
  it is now activated at most as often as the limit leaves this turn, across the payment and a turn's spells,
  the board's ``activated_this_turn`` listing a text once for each activation this turn.

Values are derived by hand from the rules (the rule in a comment) and checked against the reference search
(:func:`boards.agrees_with_reference`), which replays every order of activations by the rules.
"""

from __future__ import annotations

from typing import Any

import pytest
from boards import agrees_with_reference, could, make_board

from models.board import Board
from models.cost import PaymentTarget
from models.errors import InputError
from models.oracle import parse_oracle
from planner.api import max_x, pay
from planner.rules.replay import IllegalPlanError, Plan, apply_step, initial_state, replay
from planner.turn import plan_turn

CINDER_ABILITY = "{1}: Add {B} or {R}. Activate no more than three times each turn."
CINDER: dict[str, Any] = {
    "id": "cinder",
    "name": "Test Cinder",
    "type_line": "Creature — Elemental",
    "oracle": CINDER_ABILITY,
    "power": 3,
    "toughness": 3,
}


def _cinder_board(wastes: int, activated: int = 0) -> Board:
    """The Cinder and ``wastes`` Wastes, its ability activated ``activated`` times this turn already."""
    cinder = dict(CINDER)
    if activated:
        cinder["activated_this_turn"] = [CINDER_ABILITY] * activated
    return make_board([cinder, *({"card": "Wastes", "id": f"w{i}"} for i in range(wastes))])


def test_no_more_than_n_times_each_turn_is_read() -> None:
    (three,) = parse_oracle(CINDER_ABILITY).mana_abilities
    assert three.times_each_turn == 3 and three.limited_each_turn and not three.once_each_turn
    (twice,) = parse_oracle("{B}: Add {R}. Activate no more than twice each turn.").mana_abilities
    assert twice.times_each_turn == 2
    older_text = "{B}: Add {R}. Activate this ability no more than four times each turn."
    (older,) = parse_oracle(older_text).mana_abilities
    assert older.times_each_turn == 4
    (once,) = parse_oracle("{1}: Add {G}. Activate only once each turn.").mana_abilities
    assert once.times_each_turn == 1 and once.once_each_turn


@pytest.mark.parametrize(
    ("wastes", "activated", "cost", "payable"),
    [
        # each activation turns one {C} into {B} or {R}, three times at most this turn (CR 602.5b)
        (4, 0, "{R}", True),
        (4, 0, "{B}{R}{R}", True),
        (4, 0, "{B}{B}{R}{R}", False),  # a fourth activation is forbidden, four Wastes or not
        (4, 0, "{B}{R}{R}{1}", True),  # three converted, the fourth Wastes pays the {1}
        (5, 0, "{B}{B}{R}{R}", False),
        # twice already this turn: once more
        (4, 2, "{R}", True),
        (4, 2, "{B}{R}", False),
        (4, 2, "{R}{3}", True),
        (4, 3, "{R}", False),  # three times already: not again
        (4, 3, "{4}", True),
    ],
)
def test_an_ability_activated_no_more_than_three_times(
    wastes: int, activated: int, cost: str, payable: bool
) -> None:
    board = _cinder_board(wastes, activated)
    result = agrees_with_reference(board, PaymentTarget.of(cost), max_states=200_000)
    assert result is not None and result.payable is payable and not result.warnings


def test_could_produce_and_max_x_with_a_limit() -> None:
    # could-produce reads what the ability could add, not how often it may (CR 106.7)
    assert could(_cinder_board(1, 3))["cinder"] == "BR"
    # {X}{R}: one activation for the {R}, three Wastes left for X (the Cinder's own mana is no better)
    assert max_x(_cinder_board(4), PaymentTarget.of("{X}{R}")).x == 3
    # {X}{B}{B}{R}: three activations take three Wastes, the fourth pays X = 1
    assert max_x(_cinder_board(4), PaymentTarget.of("{X}{B}{B}{R}")).x == 1
    # {X}{B}{B}{R}{R} needs four activations: not even X = 0, however many Wastes
    assert max_x(_cinder_board(8), PaymentTarget.of("{X}{B}{B}{R}{R}")).x is None
    assert max_x(_cinder_board(4, 2), PaymentTarget.of("{X}{B}{R}")).x is None
    assert max_x(_cinder_board(4, 2), PaymentTarget.of("{X}{R}")).x == 3


def test_a_turn_shares_the_limit_across_its_spells() -> None:
    board = _cinder_board(4)
    # four red symbols in two spells: four activations in one turn (CR 602.5b counts the turn's)
    assert not plan_turn(board, casts=["{R}{R}", "{R}{R}"]).castable
    assert plan_turn(board, casts=["{R}{R}", "{R}"]).castable
    assert not plan_turn(_cinder_board(4, 1), casts=["{R}{R}", "{R}"]).castable


def test_the_replay_records_each_activation_and_refuses_one_beyond_the_limit() -> None:
    board = _cinder_board(4)
    plan = pay(board, PaymentTarget.of("{B}{R}{R}")).plan
    assert plan is not None
    state = initial_state(board)
    for step in plan.steps:
        state = apply_step(state, step)
    # each activation is one listing of its text (the turn's count, CR 602.5b)
    assert state.board.permanent("cinder").activated_this_turn == (CINDER_ABILITY,) * 3
    fourth = next(step for step in plan.steps if step.permanent == "cinder")
    with pytest.raises(IllegalPlanError, match="no more than 3 times each turn, and it was"):
        apply_step(state, fourth)
    # a plan with four activations is refused as a whole
    with pytest.raises(IllegalPlanError, match="no more than 3 times each turn"):
        replay(board, PaymentTarget.of("{B}{R}{R}{R}"), Plan((*plan.steps, fourth), (), 0))


def test_activations_listed_beyond_the_limit_are_an_error_with_their_path() -> None:
    with pytest.raises(InputError, match=r"permanents\[0\]\.activated_this_turn\[3\]: .* is listed 4 times"):
        pay(_cinder_board(4, 4), PaymentTarget.of("{R}"))
