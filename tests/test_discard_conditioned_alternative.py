"""An alternative cost on a card with no mana cost, usable once its caster discarded a card this turn: "As
long as you've discarded a card this turn, you may pay {B/R} to cast this spell." (the shape of
Asmoranomardicadaistinaculdacar; issue 35, where main exited 2: "has no mana cost to pay").

A card with no mana cost can't be cast for it (CR 118.6, 202.1b) but may be for an alternative cost (118.9,
118.6a); the condition reads the player's ``cards_discarded_this_turn`` (an extension of contract §10: not
given, none is counted and the answer says so). Verdicts are checked against the reference search on the
alternative cost's mana.
"""

from __future__ import annotations

from typing import Any

import pytest
from boards import ME, card, make_board

from models.board import Board
from models.cost import PaymentTarget
from models.oracle.alternative_costs import alternative_cost_of
from models.spells import spell_target
from planner.api import pay
from planner.rules.reference import reference_search
from planner.turn import plan_turn

SENTENCE = "As long as you've discarded a card this turn, you may pay {B/R} to cast this spell."
#: A creature with no mana cost and that alternative cost (own name and effect).
SCHOLAR: dict[str, Any] = {
    "name": "Test Scholar",
    "type_line": "Legendary Creature — Human Wizard",
    "oracle": SENTENCE + "\nWhen Test Scholar enters, draw a card.",
}


def _board(lands: list[str], discarded: int | None) -> Board:
    board = make_board([card(name, f"l{n}") for n, name in enumerate(lands)], hand=[SCHOLAR])
    if discarded is None:
        return board
    return board.replace_player(ME, cards_discarded_this_turn=discarded)


@pytest.mark.parametrize(
    "sentence",
    [
        SENTENCE,
        "As long as you've discarded a card this turn, you may pay {B/R} rather than pay this spell's mana "
        "cost.",
    ],
)
def test_the_condition_and_the_cost_are_read(sentence: str) -> None:
    cost = alternative_cost_of(sentence)
    assert cost is not None and cost.mana == "{B/R}" and cost.if_discarded


def test_a_card_with_no_mana_cost_but_an_alternative_cost_is_a_target() -> None:
    """No mana cost: the empty cost, which only an alternative cost pays (CR 118.6a)."""
    target = spell_target(_board([], None).player(ME).hand[0])
    assert not target.cost


def test_not_given_none_is_counted_with_a_warning() -> None:
    board = _board(["Swamp"], None)
    result = pay(board, spell_target(board.player(ME).hand[0]))
    assert result.payable is False
    assert "discarded no card this turn" in (result.reason or "")
    assert [w.reason for w in result.warnings] == [
        "players[0].cards_discarded_this_turn is not given: none counted"
    ]


def test_none_discarded_is_no() -> None:
    board = _board(["Swamp"], 0)
    result = pay(board, spell_target(board.player(ME).hand[0]))
    assert result.payable is False and not result.warnings


@pytest.mark.parametrize(("land", "payable"), [("Swamp", True), ("Mountain", True), ("Forest", False)])
def test_a_card_discarded_opens_the_hybrid_cost(land: str, payable: bool) -> None:
    """{B/R}: one black or red mana (CR 107.4e); a Forest's {G} pays neither half."""
    board = _board([land], 1)
    result = pay(board, spell_target(board.player(ME).hand[0]))
    assert result.payable is payable
    assert reference_search(board, PaymentTarget.of("{B/R}"), ME).payable is payable
    if payable:
        assert result.alternative_cost is not None and result.alternative_cost.cost.mana == "{B/R}"
        assert result.tapped == ("l0",)


def test_the_board_field_is_kept() -> None:
    board = _board([], 2)
    assert board.to_dict()["players"][0]["cards_discarded_this_turn"] == 2


def test_a_turn_casts_it_only_for_the_alternative_cost() -> None:
    """A turn never casts a card with no mana cost for that cost (CR 118.6: main cast it for nothing once
    the target was the empty cost): with a card discarded, for {B/R}; without, not at all."""
    assert not plan_turn(_board(["Swamp"], 0), casts=["Test Scholar"]).castable
    turn = plan_turn(_board(["Swamp"], 1), casts=["Test Scholar"])
    assert turn.castable
    (cast,) = turn.spells
    assert cast.payment.total_cost == "{B/R}" and cast.payment.tapped == ("l0",)


def test_a_turn_casts_a_morph_with_no_mana_cost_face_down() -> None:
    """'Morph {2}' and no mana cost: face down for {3} (CR 702.37c), never for nothing (main's plan cast
    it for nothing with one Swamp)."""
    shade = {"name": "Test Shade", "type_line": "Creature — Shade", "oracle": "Morph {2}"}
    one = make_board([card("Swamp", "s0")], hand=[shade])
    assert not plan_turn(one, casts=["Test Shade"]).castable
    three = make_board([card("Swamp", f"s{n}") for n in range(3)], hand=[shade])
    turn = plan_turn(three, casts=["Test Shade"])
    assert turn.castable and turn.spells[0].payment.total_cost == "{3}"
