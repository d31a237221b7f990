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
from planner.turn import plan_turn

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


BOOTS = {
    "name": "Test Boots",
    "type_line": "Artifact — Equipment",
    "oracle": "Equipped creature has haste.\nEquip {2}",
}


def _turn_board(count: int | None, spell_cost: str) -> Board:
    """Your turn: the Tinker Lord, two Test Boots, two summoning-sick Llanowar Elves (CR 302.6), two Forests,
    and a sorcery costing ``spell_cost`` in hand."""
    me: dict[str, Any] = {
        "id": ME,
        "hand": [{"name": "Test Spell", "type_line": "Sorcery", "mana_cost": spell_cost, "oracle": "Draw."}],
    }
    if count is not None:
        me["artifact_abilities_activated_this_turn"] = count
    permanents = [
        {**TEZZ, "controller": ME},
        *({**BOOTS, "id": f"b{n}", "controller": ME} for n in range(2)),
        *(
            {"id": f"e{n}", "card": "Llanowar Elves", "controller": ME, "summoning_sick": True}
            for n in range(2)
        ),
        *({"id": f"f{n}", "card": "Forest", "controller": ME} for n in range(2)),
    ]
    return Board.from_dict({"version": 1, "active_player": ME, "players": [me], "permanents": permanents})


@pytest.mark.parametrize(("spell_cost", "castable"), [("{2}{G}", True), ("{3}{G}", False)])
def test_a_turns_equips_get_the_reduction_once(spell_cost: str, castable: bool) -> None:
    """A turn plan's activations count as the turn's artifact abilities (CR 602.2b): the first equip (an
    artifact's ability) costs {2} - {2} = {0} and gives an Elf haste; a second costs {2}, both Forests, for
    the other Elf's {G}: no gain. So the most mana is the two Forests and one hasty Elf, 3: {2}{G} is cast,
    {3}{G} is not (every equip at {0} would make 4)."""
    turn = plan_turn(_turn_board(0, spell_cost), time_limit=60)
    assert turn.castable is castable, turn.to_json()
    if castable:
        assert len(turn.activations) == 1


def test_a_turn_without_the_count_does_not_apply_it() -> None:
    """The count not given: the reduction is not applied, every equip costs {2}: two Forests equip one Elf for
    one {G}, less than the Forests alone, so no plan casts {2}{G}; but with none activated before, the first
    equip would be free and cast it: the answer rests on the count, so it is no "no" (null, with the note)."""
    turn = plan_turn(_turn_board(None, "{2}{G}"), time_limit=60)
    assert turn.castable is None, turn.to_json()
    assert any("artifact_abilities_activated_this_turn is not given" in note for note in turn.notes)
