"""Issue 35: mana abilities that work from the graveyard ("{1}, Exile Jack-o'-Lantern from your graveyard: Add
one mana of any color.", CR 113.6b: an ability whose cost exiles the card from a zone works only there; CR
605.1a says nothing about zones, so it is a mana ability). Before, the cost was not read and the sentence was
unsupported wherever the card was. Now it reads as a typed cost part; on the battlefield the ability is no
ability the permanent can activate (its cost can't be paid there, CR 601.2h), so nothing is warned; in a
graveyard the board lists, the planner does not execute it yet, and names it in the answer's warnings (never a
silent "no")."""

from __future__ import annotations

from typing import Any

from boards import agrees_with_reference

from models.abilities import CostPartKind, OutputKind
from models.board import Board
from models.cost import PaymentTarget
from models.oracle import parse_oracle
from planner.api import could_produce, pay
from planner.rules.records import WarningKind

#: a card of our own with Jack-o'-Lantern's sentence shapes
LANTERN = {
    "name": "Test Lantern",
    "type_line": "Artifact Creature — Scarecrow",
    "mana_cost": "{1}",
    "oracle": "{1}, {T}, Sacrifice Test Lantern: Exile up to one target card from a graveyard.\n"
    "Draw a card.\n{1}, Exile Test Lantern from your graveyard: Add one mana of any color.",
}
GRAVEYARD_ABILITY = "{1}, Exile Test Lantern from your graveyard: Add one mana of any color."


def _board(graveyard: list[Any], *permanents: dict[str, Any]) -> Board:
    return Board.from_dict(
        {
            "version": 1,
            "players": [{"id": "me", "graveyard": graveyard}, {"id": "opp"}],
            "permanents": [{"id": "m", "card": "Mountain", "controller": "me"}, *permanents],
        }
    )


def test_the_cost_reads_as_exiling_the_card_from_the_graveyard() -> None:
    parsed = parse_oracle(LANTERN["oracle"], LANTERN["name"])
    assert parsed.unsupported == ()
    (ability,) = parsed.mana_abilities
    assert [part.kind for part in ability.cost.parts] == [CostPartKind.EXILE_SELF_FROM_GRAVEYARD]
    assert str(ability.cost.mana) == "{1}" and ability.output.kind is OutputKind.ANY_ONE


def test_on_the_battlefield_the_ability_is_none_of_the_permanent_s_and_nothing_is_warned() -> None:
    # CR 113.6b, 601.2h: the card is not in the graveyard, the cost can't be paid: the Lantern makes no mana
    board = _board([], {"id": "j", "controller": "me", **LANTERN})
    assert {pid: str(t) for pid, t in could_produce(board, "me").items()} == {"m": "R", "j": ""}
    result = agrees_with_reference(board, PaymentTarget.of("{G}"), max_states=10_000)
    assert result is not None and not result.payable and result.warnings == ()


def test_in_the_graveyard_the_ability_is_named_not_used() -> None:
    # the Mountain's {R} would pay the {1} for one green mana: not executed yet, so the answer warns
    board = _board([LANTERN])
    result = pay(board, PaymentTarget.of("{G}"))
    assert result.payable is False
    (warning,) = result.warnings
    assert warning.kind is WarningKind.NOT_USED and warning.sentence == GRAVEYARD_ABILITY
    assert warning.permanent == "Test Lantern" and "players[0].graveyard[0]" in warning.reason
