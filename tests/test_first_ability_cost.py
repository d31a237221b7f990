"""The first activated ability of an artifact a player activates each turn costing less (issue 35 item 2,
contract section 10): "The first activated ability of an artifact you activate each turn costs {2} less to
activate." (Tezzeret, Betrayer of Flesh's shape) changes the total cost of one activation each turn (CR
602.2b, 601.2f), mana abilities included. The board's ``players[i].artifact_abilities_activated_this_turn``
says whether the turn's first is made: 0, the next artifact ability asked about (``pay --kind ability``)
costs {2} less; 1 or more, none does; not given, not applied, warned with the path. Which activation of a
payment's mana abilities would be the first is not followed: the change is not applied to mana abilities,
and the answer's warnings say so (never silent).
"""

from __future__ import annotations

from typing import Any

import pytest
from boards import ME, search

from models.board import Board
from models.cost import PaymentTarget
from models.errors import BoardError
from models.mana_effects import AbilityCostChange
from models.oracle import parse_oracle
from planner.api import pay
from planner.rules.ability_costs import FIRST_ONLY

#: your own planeswalker with the change
TEZZ = {
    "id": "tz",
    "name": "Test Tinker Lord",
    "type_line": "Legendary Planeswalker — Tezzeret",
    "oracle": "The first activated ability of an artifact you activate each turn costs {2} less to activate.",
}
#: your own artifact with a mana ability that costs generic mana
CONVERTER = {
    "id": "cv",
    "name": "Test Converter",
    "type_line": "Artifact",
    "controller": ME,
    "oracle": "{1}, {T}: Add {C}{C}{C}.",
}


def _board(count: int | None, *, owner: str = ME, more: tuple[dict[str, Any], ...] = ()) -> Board:
    me: dict[str, Any] = {"id": ME}
    if count is not None:
        me["artifact_abilities_activated_this_turn"] = count
    return Board.from_dict(
        {
            "version": 1,
            "players": [me, {"id": "op", "artifact_abilities_activated_this_turn": 0}],
            "permanents": [
                {**TEZZ, "controller": owner},
                {"id": "w", "card": "Wastes", "controller": ME},
                *more,
            ],
        }
    )


def _ability(cost: str, type_line: str = "Artifact") -> PaymentTarget:
    return PaymentTarget.of(cost, kind="ability", type_line=type_line)


def test_the_sentence_is_read() -> None:
    (change,) = parse_oracle(str(TEZZ["oracle"]), name="Test Tinker Lord").effects
    assert isinstance(change, AbilityCostChange)
    assert change.first_each_turn and change.generic == -2 and change.affected.types == ("Artifact",)
    # (the board counts the activations of artifacts' abilities alone: another kind is not read)
    other = parse_oracle(
        "The first activated ability of a creature you activate each turn costs {2} less to activate."
    )
    assert not other.effects and other.unsupported


@pytest.mark.parametrize(
    ("count", "type_line", "payable"),
    [
        (0, "Artifact", True),  # the turn's first: {3} - {2} = {1}, the Wastes
        (0, "Artifact Creature", True),
        (1, "Artifact", False),  # the first was made: {3}, one land does not pay it
        (0, "Creature", False),  # not an artifact's ability
    ],
)
def test_the_first_activation_alone(count: int, type_line: str, payable: bool) -> None:
    """CR 602.2b, 601.2f: the reference search agrees one Wastes pays {1} and not {3}."""
    board = _board(count)
    result = pay(board, _ability("{3}", type_line))
    assert result.payable is payable, result.to_json()
    assert not result.warnings
    assert search(board, "{1}").payable and not search(board, "{3}").payable


def test_not_given_not_applied_and_warned() -> None:
    result = pay(_board(None), _ability("{3}"))
    assert not result.payable
    assert [w.reason for w in result.warnings] == [
        "players[0].artifact_abilities_activated_this_turn is not given: not applied"
    ]


def test_an_opponents_change_is_not_yours() -> None:
    """'you activate': its controller's activations (the opponent's count is 0, mine too)."""
    result = pay(_board(0, owner="op"), _ability("{3}"))
    assert not result.payable and not result.warnings


def test_mana_abilities_not_applied_and_warned() -> None:
    """Wastes and Test Converter ({1}, {T}: Add {C}{C}{C}): by the rules the turn's first artifact
    activation could be the Converter's for {0}; which one is first is not followed, so the Converter costs
    {1} as printed (the Wastes pays it: {C}{C}{C} for {3}) and the warning says the change was set aside."""
    board = _board(0, more=(CONVERTER,))
    result = pay(board, PaymentTarget.of("{3}"))
    assert result.payable
    assert [w.reason for w in result.warnings] == [FIRST_ONLY]
    assert search(board, "{3}").payable
    # (by the rules {4} is payable, the Converter's the first activation for {0}: the answer is not
    # given in silence, the warning says the change was set aside)
    assert FIRST_ONLY in [w.reason for w in pay(board, PaymentTarget.of("{4}")).warnings]
    # (the first made: nothing to set aside, nothing said)
    made = pay(_board(1, more=(CONVERTER,)), PaymentTarget.of("{3}"))
    assert made.payable and not made.warnings


def test_the_count_is_kept_and_checked() -> None:
    board = _board(2)
    assert board.player(ME).artifact_abilities_activated_this_turn == 2
    assert Board.from_dict(board.to_dict()) == board
    with pytest.raises(BoardError) as error:
        _board(-1)
    assert "players[0].artifact_abilities_activated_this_turn" in str(error.value)
