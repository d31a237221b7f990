"""An alternative cost that is a waterbend (issue 35): "You may waterbend {4} rather than pay this spell's
mana cost." (CR 118.9: paid instead of the mana cost; 701.67a: each generic mana of the waterbend may be paid
by tapping an untapped artifact or creature the payer controls). Answers derived by hand, checked against
the reference search on the spell cast for that cost, and by plan-turn.
"""

from __future__ import annotations

from typing import Any

from boards import make_board

from models.board import Board
from models.spells import own_alternative_costs, spell_of
from planner.api import pay
from planner.rules.alternative_costs import cast_for, usable_ways
from planner.rules.reference import reference_search
from planner.solve.problem import PaymentProblem
from planner.turn import plan_turn

TIDE = {
    "name": "Test Tide",
    "type_line": "Creature — Human Warrior",
    "mana_cost": "{5}{U}{U}",
    "oracle": "You may waterbend {4} rather than pay this spell's mana cost.\nFlying",
}
BEARS = [
    {"id": f"b{n}", "name": "Test Bear", "type_line": "Creature — Bear", "power": 2, "toughness": 2}
    for n in range(3)
]
ISLANDS = [{"id": f"i{n}", "card": "Island"} for n in range(2)]


def _tide() -> Any:
    return spell_of(TIDE["mana_cost"], name=TIDE["name"], type_line=TIDE["type_line"], text=TIDE["oracle"])


def _reference(board: Board) -> bool:
    """The reference search on the spell cast for its waterbend (the way's total cost, CR 601.2f)."""
    (way,) = usable_ways(board, "me", _tide())
    cast = cast_for(_tide(), way)
    return reference_search(board, PaymentProblem.of(board, cast).target, max_states=50_000).payable


def test_the_alternative_cost_is_read_as_a_waterbend() -> None:
    """Read as a waterbend of {4} (main: not read)."""
    (cost,) = own_alternative_costs(TIDE["oracle"], TIDE["name"])
    assert (cost.mana, cost.waterbend, cost.describe()) == ("{4}", True, "waterbend {4}")


def test_creatures_tapped_and_a_land_pay_the_waterbend() -> None:
    """Three creatures and an Island: {5}{U}{U} can't be paid (one land), but the waterbend {4} can: three
    creatures tapped for {1} each and the Island's {U} for the last (CR 701.67a, 118.9)."""
    board = make_board([*BEARS, ISLANDS[0]], hand=[TIDE])
    answer = pay(board, _tide())
    assert answer.payable and answer.alternative_cost is not None
    assert answer.alternative_cost.cost.waterbend
    assert {a.permanent for a in answer.alternative_payments} == {"b0", "b1", "b2"}
    assert _reference(board)
    assert plan_turn(board, casts=["Test Tide"]).castable is True


def test_too_few_to_tap_and_no_mana_is_a_no() -> None:
    """Three creatures and nothing else: three of the four generic mana can be tapped for, none paid with
    mana: "no" from pay, the reference search and plan-turn."""
    board = make_board(BEARS, hand=[TIDE])
    assert pay(board, _tide()).payable is False
    assert not _reference(board)
    assert plan_turn(board, casts=["Test Tide"]).castable is False
