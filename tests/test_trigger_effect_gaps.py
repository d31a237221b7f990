"""A permanent whose triggered ability made an effect that lasts while it remains (CR 611.2b): 'When ~
enters, if it was kicked, target land becomes an Island for as long as ~ remains on the battlefield.' (Tide
Shaper's shape). On the battlefield, its trigger may have made one of the board's lands an Island (CR 305.7:
it then taps for {U} only), and the board can't say which (the card's text alone does not tell whether it
was kicked or what it targeted). Before, the sentence was ignored in silence: could-produce said the Forest
taps for {G} with no warning. Now it is warned until the board gives the effect in ``effects`` with its
``source``; given, the effect applies (the land is an Island)."""

from __future__ import annotations

from typing import Any

from models.board import Board
from planner.answer_warnings import text_warnings
from planner.api import could_produce
from planner.rules.effects_in_force import TRIGGER_EFFECT_GAP
from planner.rules.records import WarningKind

SHAPER = {
    "name": "Test Shaper",
    "type_line": "Creature — Merfolk Wizard",
    "mana_cost": "{U}",
    "power": 1,
    "toughness": 1,
    "oracle": "Kicker {1}\nWhen Test Shaper enters, if it was kicked, target land becomes an Island for as "
    "long as Test Shaper remains on the battlefield.",
}
#: an effect that ends with the turn it entered (no effect on a board whose permanent is past that turn is
#: assumed: 'until end of turn' is the board's to give, not warned here)
ROUSER = {
    **SHAPER,
    "name": "Test Rouser",
    "oracle": "When ~ enters, target creature gains haste until end of turn.",
}


def _board(permanents: list[dict[str, Any]], effects: list[dict[str, Any]] | None = None) -> Board:
    listed = [{"controller": "me", **p} for p in permanents]
    return Board.from_dict(
        {
            "version": 1,
            "players": [{"id": "me"}, {"id": "opp"}],
            "permanents": listed,
            "effects": effects or [],
        }
    )


def test_on_the_battlefield_its_effect_is_warned() -> None:
    board = _board([{"id": "ts", **SHAPER}, {"id": "f", "card": "Forest"}])
    (warning,) = text_warnings(board)
    assert (warning.permanent, warning.reason, warning.kind) == (
        "ts",
        TRIGGER_EFFECT_GAP,
        WarningKind.UNSUPPORTED,
    )
    assert "target land becomes an Island" in warning.sentence


def test_given_in_effects_it_applies_and_is_not_warned() -> None:
    # (CR 611.2b, 305.7: the targeted Forest is an Island while the Shaper remains: {U}, not {G})
    effect = {
        "text": "Target land becomes an Island for as long as Test Shaper remains on the battlefield.",
        "controller": "me",
        "refers_to": ["f"],
        "source": "ts",
    }
    board = _board([{"id": "ts", **SHAPER}, {"id": "f", "card": "Forest"}], [effect])
    assert not text_warnings(board)
    assert str(could_produce(board)["f"]) == "U"


def test_an_effect_until_end_of_turn_and_a_board_without_it_are_not_warned() -> None:
    assert not text_warnings(_board([{"id": "r", **ROUSER}, {"id": "f", "card": "Forest"}]))
    assert not text_warnings(_board([{"id": "f", "card": "Forest"}]))
