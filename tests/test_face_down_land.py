"""A land card with morph, cast face down (issue 35: Zoetic Cavern). A land has no mana cost, which is an
unpayable cost (CR 202.1b, 118.6), and a land card is played, not cast (CR 305.1); but a card with morph may
be cast face down as a 2/2 creature card for {3} (CR 702.37c, 601.3e), an alternative cost applied to the
unpayable one (118.6a). So ``pay --spell`` answers that way, never "give COST" (exit 2).

The payments are checked against the reference search of {3} for a colorless creature spell (CR 708.2).
"""

from __future__ import annotations

import json
from typing import Any

from boards import ME, card, make_board
from test_cli_pay import board_data, run

from models.board import Board
from models.cost import PaymentTarget
from models.spells import spell_target
from planner.api import pay
from planner.rules.reference import reference_search

#: A land with the shape of Zoetic Cavern's text (own name).
CAVERN: dict[str, Any] = {
    "name": "Test Cavern",
    "type_line": "Land",
    "oracle": "{T}: Add {C}.\nMorph {2} (You may cast this card face down as a 2/2 creature for {3}. Turn it "
    "face up any time for its morph cost.)",
}
#: A permanent that grants an alternative cost to every spell (the shape of Omniscience's).
GRANTER: dict[str, Any] = {
    "id": "omni",
    "name": "Test Omniscience",
    "type_line": "Enchantment",
    "oracle": "You may cast spells from your hand without paying their mana costs.",
}


def _cast(board: Board, alternative_cost: str = "allow") -> Any:
    return pay(board, spell_target(board.player(ME).hand[0]), alternative_cost=alternative_cost)


def _reference_pays(board: Board) -> bool:
    """Whether the reference search pays {3} for a colorless creature spell (the face-down spell)."""
    face_down = PaymentTarget.of("{3}", type_line="Creature", colors="")
    return bool(reference_search(board, face_down, ME).outcomes)


def test_three_forests_cast_it_face_down() -> None:
    board = make_board([card("Forest", f"f{i}") for i in range(3)], hand=[CAVERN])
    result = _cast(board)
    assert result.payable and result.total_cost == "{3}" and result.cost == ""
    assert result.alternative_cost is not None and "morph" in result.alternative_cost.describe()
    assert sorted(result.tapped) == ["f0", "f1", "f2"]
    assert _reference_pays(board)


def test_two_forests_are_not_enough() -> None:
    board = make_board([card("Forest", f"f{i}") for i in range(2)], hand=[CAVERN])
    assert _cast(board).payable is False
    assert not _reference_pays(board)


def test_its_mana_cost_alone_is_unpayable() -> None:
    """'--alternative-cost forbid': no mana cost is an unpayable cost (CR 118.6), whatever the mana."""
    board = make_board([card("Forest", f"f{i}") for i in range(5)], hand=[CAVERN])
    result = _cast(board, "forbid")
    assert result.payable is False and "118.6" in (result.reason or "")


def test_a_land_is_not_cast_face_up_for_a_granted_cost() -> None:
    """A granted "without paying their mana costs" casts spells; a land card is played, not cast (CR
    305.1): only the face-down way is open, for {3}."""
    board = make_board([GRANTER, *(card("Forest", f"f{i}") for i in range(3))], hand=[CAVERN])
    result = _cast(board)
    assert result.payable and result.total_cost == "{3}"
    assert result.alternative_cost is not None and "morph" in result.alternative_cost.describe()
    short = make_board([GRANTER, card("Forest", "f0")], hand=[CAVERN])
    assert _cast(short).payable is False


def test_the_cli_answers_rather_than_exit_2() -> None:
    data = board_data(("f1", "Forest"), ("f2", "Forest"), ("f3", "Forest"), hand=[CAVERN])
    result = run("pay", "-", "--spell", "Test Cavern", "--json", stdin=json.dumps(data))
    assert result.exit_code == 0, result.output
    answer = json.loads(result.stdout)
    assert answer["payable"] is True and answer["total_cost"] == "{3}"
    text = run("pay", "-", "--spell", "Test Cavern", stdin=json.dumps(data))
    assert text.exit_code == 0 and text.stdout.startswith("cost (no mana cost)")


def test_a_land_without_morph_is_a_clear_error() -> None:
    data = board_data(("f1", "Forest"), hand=["Forest"])
    result = run("pay", "-", "--spell", "Forest", stdin=json.dumps(data))
    assert result.exit_code == 2 and "a land is played, not cast" in result.stderr
