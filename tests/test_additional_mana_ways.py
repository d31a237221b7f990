"""A choice of additional costs one of whose ways is mana of any kind: "As an additional cost to cast this
spell, sacrifice a creature or pay {3}{B}." (issue 35). The mana of the way paid is added to the total cost
(CR 601.2f: mana cost + additional costs, then increases, then reductions), colored symbols included; the
planner weighs both ways (:func:`planner.rules.additional_costs.cost_ways`).

Each answer is checked against the brute force of ``test_additional_costs`` over the reference search, run
for each way with its total cost worked out by hand (``_agrees``).
"""

from __future__ import annotations

from typing import Any

from boards import ME, OPP, card, make_board
from test_additional_cost_choices import _agrees
from test_additional_costs import BEARS

from models.additional_costs import EitherCost, ExtraMana, SacrificeCost
from models.board import Board
from models.oracle.additional_costs import additional_costs
from models.spells import spell_target
from planner.api import pay, spell_text_warnings
from planner.rules.additional_costs import AdditionalPaid
from planner.turn import plan_turn

#: A removal spell of the shape "sacrifice a creature or pay {3}{B}" (own name and effect).
HARVEST: dict[str, Any] = {
    "name": "Test Harvest",
    "type_line": "Instant",
    "mana_cost": "{B}",
    "oracle": "As an additional cost to cast this spell, sacrifice a creature or pay {3}{B}.\n"
    "Destroy target creature.",
}
A_CREATURE = (SacrificeCost(1, ("Creature",)),)
#: Its two ways, total costs by hand (CR 601.2f): {B} and a creature, or {B} + {3}{B} = {3}{B}{B}.
HARVEST_WAYS: list[tuple[str, tuple[Any, ...]]] = [("{B}", A_CREATURE), ("{3}{B}{B}", ())]


def test_colored_mana_of_a_way_is_read() -> None:
    (cost,) = additional_costs(HARVEST["oracle"], HARVEST["name"])
    assert cost == EitherCost((SacrificeCost(1, ("Creature",)), ExtraMana("{3}{B}")))
    assert not spell_text_warnings(spell_target(make_board([], hand=[HARVEST]).player(ME).hand[0]))


def test_one_black_source_and_no_creature_is_no() -> None:
    """{3}{B}{B} needs two {B}; one Swamp and three Forests make one (main said a warned 'yes' for {B})."""
    board = make_board([card("Swamp", "s1"), *(card("Forest", f"f{i}") for i in range(3))], hand=[HARVEST])
    result = _agrees(board, HARVEST_WAYS)
    assert not result.payable and result.total_cost == "{3}{B}{B}"


def test_two_swamps_and_three_forests_pay_the_mana() -> None:
    board = make_board(
        [card("Swamp", "s1"), card("Swamp", "s2"), *(card("Forest", f"f{i}") for i in range(3))],
        hand=[HARVEST],
    )
    result = _agrees(board, HARVEST_WAYS)
    assert result.payable and result.total_cost == "{3}{B}{B}" and not result.additional
    assert sorted(result.tapped) == ["f0", "f1", "f2", "s1", "s2"]


def test_a_creature_sacrificed_pays_for_one_swamp() -> None:
    board = make_board([card("Swamp", "s1"), {**BEARS, "id": "b"}], hand=[HARVEST])
    result = _agrees(board, HARVEST_WAYS)
    assert result.total_cost == "{B}" and result.additional == AdditionalPaid(("b",), ())


def test_both_ways_open_agree_with_the_brute_force() -> None:
    """Both ways payable: the best by the whole objective, as the brute force finds it."""
    board = make_board(
        [
            card("Swamp", "s1"),
            card("Swamp", "s2"),
            *(card("Forest", f"f{i}") for i in range(3)),
            {**BEARS, "id": "b"},
        ],
        hand=[HARVEST],
    )
    assert _agrees(board, HARVEST_WAYS).payable


def test_a_reduction_takes_from_the_mana_added() -> None:
    """CR 601.2f: reductions apply to the total cost, the additional mana included: "Instant spells you
    cast cost {1} less" makes {3}{B}{B} {2}{B}{B}."""
    reducer = {
        "id": "r",
        "name": "Test Reducer",
        "type_line": "Artifact",
        "oracle": "Instant and sorcery spells you cast cost {1} less to cast.",
    }
    board = make_board(
        [card("Swamp", "s1"), card("Swamp", "s2"), card("Forest", "f0"), card("Forest", "f1"), reducer],
        hand=[HARVEST],
    )
    result = pay(board, spell_target(board.player(ME).hand[0]))
    assert result.payable and result.total_cost == "{2}{B}{B}", result.reason
    assert result.optimal and not result.warnings


def _turn_board(swamps: int) -> Board:
    """Swamps, three Forests, an opponent's creature to target (CR 601.2c), no creature of mine."""
    bear = {"id": "ob", "name": "Bear", "type_line": "Creature — Bear", "oracle": "", "controller": OPP}
    lands = [card("Swamp", f"s{i}") for i in range(swamps)] + [card("Forest", f"f{i}") for i in range(3)]
    return make_board([*lands, bear], hand=[HARVEST])


def test_plan_turn_pays_the_mana_way_too() -> None:
    """The turn plans the same total cost: {3}{B}{B} needs two Swamps (main cast it for {B} alone)."""
    assert not plan_turn(_turn_board(1), casts=["Test Harvest"]).castable
    two = plan_turn(_turn_board(2), casts=["Test Harvest"])
    assert two.castable
    (cast,) = two.spells
    assert cast.payment.total_cost == "{3}{B}{B}" and sorted(cast.payment.tapped) == [
        "f0",
        "f1",
        "f2",
        "s0",
        "s1",
    ]
