"""Land plays from the graveyard (CR 305.1, 305.2): "You may play lands from your graveyard." (the shape
of Crucible of Worlds, Ramunap Excavator, Ancient Greenwarden) lets its controller's land play take a land
card of their graveyard (given as a list); the land leaves the graveyard. A permission to cast spells from
there plays no land (playing a land is no casting, CR 305.1), and a prohibition on playing lands from
graveyards (Tomik's shape) still binds (CR 101.2). Answers derived by hand."""

from __future__ import annotations

from typing import Any

import pytest

from models.board import Board
from models.mana_effects import GraveyardPermission
from models.oracle import parse_oracle
from planner.cli.plan import turn_report
from planner.turn import plan_turn

#: the land permission, beside a sentence the planner ignores
WARDEN = {
    "id": "w",
    "name": "Test Warden",
    "type_line": "Creature — Elemental",
    "power": 5,
    "toughness": 7,
    "oracle": "Reach\nYou may play lands from your graveyard.",
}
#: {1}{R}
GOBLIN = {"name": "Test Goblin", "type_line": "Creature — Goblin", "mana_cost": "{1}{R}", "oracle": ""}


def _board(*extra: dict[str, Any], **me: Any) -> Board:
    permanents = [{"id": "m1", "card": "Mountain", "controller": "me"}]
    permanents += [{"controller": "me", **permanent} for permanent in extra]
    player = {"id": "me", "hand": [GOBLIN], "graveyard": ["Mountain"], **me}
    return Board.from_dict(
        {"version": 1, "active_player": "me", "players": [player, {"id": "opp"}], "permanents": permanents}
    )


@pytest.mark.parametrize(
    "sentence", ["You may play lands from your graveyard.", "You may play land cards from your graveyard."]
)
def test_the_permission_is_read_for_lands(sentence: str) -> None:
    (permission,) = parse_oracle(sentence).effects
    assert isinstance(permission, GraveyardPermission) and permission.play
    assert [card.types for card in permission.cards] == [("Land",)]


def test_the_graveyard_land_is_played_and_pays() -> None:
    # one Mountain in play, one played from the graveyard (305.1): {1}{R} from two Mountains
    turn = plan_turn(_board(WARDEN), casts=["Test Goblin"])
    assert turn.castable
    assert [(land.card, land.played_from) for land in turn.lands_played] == [("Mountain", "graveyard")]
    assert turn.lands_played[0].to_json()["from"] == "graveyard"
    assert "play Mountain from the graveyard" in turn_report(turn)


def test_without_the_permission_the_graveyard_land_stays() -> None:
    # no permission: a land is played from the hand only (305.1); one Mountain can't pay {1}{R}
    turn = plan_turn(_board(), casts=["Test Goblin"])
    assert not turn.castable and not turn.lands_played


def test_a_permission_to_cast_plays_no_land() -> None:
    # casting spells from the graveyard is no land play (305.1: a land is played, not cast)
    ghost = {
        "id": "g",
        "name": "Test Ghost",
        "type_line": "Creature",
        "oracle": "You may cast creature spells from your graveyard.",
    }
    turn = plan_turn(_board(ghost), casts=["Test Goblin"])
    assert not turn.castable and not turn.lands_played


def test_a_ban_on_playing_lands_from_graveyards_binds() -> None:
    # the opponent's "can't play land cards from graveyards" (101.2: a prohibition wins over a permission)
    advokist = {
        "id": "a",
        "name": "Test Advokist",
        "type_line": "Creature",
        "controller": "opp",
        "oracle": "Your opponents can't play land cards from graveyards.",
    }
    turn = plan_turn(_board(WARDEN, advokist), casts=["Test Goblin"])
    assert not turn.castable and not turn.lands_played


def test_the_land_play_is_one_land_play() -> None:
    # the land play made already (305.2: one each turn): none left for the graveyard's Mountain
    turn = plan_turn(_board(WARDEN, lands_played_this_turn=1), casts=["Test Goblin"])
    assert not turn.castable and not turn.lands_played


def test_the_land_leaves_the_graveyard() -> None:
    # two land plays, one Mountain in the graveyard: played once, it left the graveyard (305.1), so the
    # second play has no land: two Mountains can't pay {2}{R} (a Mountain played twice would)
    ogre = {"name": "Test Ogre", "type_line": "Creature — Ogre", "mana_cost": "{2}{R}", "oracle": ""}
    assert not plan_turn(_board(WARDEN, land_plays=2, hand=[ogre]), casts=["Test Ogre"]).castable
    two = _board(WARDEN, land_plays=2, hand=[ogre], graveyard=["Mountain", "Mountain"])
    turn = plan_turn(two, casts=["Test Ogre"])
    assert turn.castable and [land.played_from for land in turn.lands_played] == ["graveyard", "graveyard"]


def test_muldrotha_shape_plays_one_land_each_turn() -> None:
    # 'one permanent card of each permanent type': a land once this turn; used up when "Land" is listed
    tyrant = {
        "id": "t",
        "name": "Test Tyrant",
        "type_line": "Creature",
        "oracle": "During each of your turns, "
        "you may play up to one permanent card of each permanent type from your graveyard.",
    }
    assert plan_turn(_board(tyrant), casts=["Test Goblin"]).castable
    used = {**tyrant, "graveyard_uses_this_turn": ["Land"]}
    assert not plan_turn(_board(used), casts=["Test Goblin"]).castable


def test_reading_note_names_lands() -> None:
    reading = parse_oracle("You may play lands from your graveyard.")
    assert [(s.read_as, s.note) for s in reading.sentences] == [
        ("effect", "a permission to play lands from its controller's graveyard (CR 305.1)")
    ]


#: Ancient Greenwarden's second sentence (CR 603.2d): a landfall trigger triggers an additional time
TWICE = (
    "If a land entering the battlefield causes a triggered ability of a permanent you control to trigger, "
    "that ability triggers an additional time."
)
#: landfall mana (Lotus Cobra's shape)
COBRA = {
    "id": "c",
    "name": "Test Cobra",
    "type_line": "Creature — Snake",
    "oracle": "Landfall — Whenever a land you control enters, add one mana of any color.",
}


def test_landfall_twice_is_planned() -> None:
    # Mountain + a Mountain played + the Cobra's landfall mana, twice with the Warden (603.2d): four mana
    # cast {3}{R} (before turnevents35 the plan counted the trigger once and warned; now the grammar reads
    # the sentence and the plan makes the mana twice: tests/test_turn_landfall_again.py)
    ogre = {"name": "Test Ogre", "type_line": "Creature — Ogre", "mana_cost": "{3}{R}", "oracle": ""}
    warden = {**WARDEN, "oracle": f"{WARDEN['oracle']}\n{TWICE}"}
    turn = plan_turn(_board(warden, COBRA, hand=[ogre, "Mountain"], graveyard=[]), casts=["Test Ogre"])
    assert turn.castable and not any(w.sentence == TWICE for w in turn.warnings)
    # no landfall mana on the board: nothing to warn of
    quiet = plan_turn(_board(warden, hand=[ogre, "Mountain"], graveyard=[]), casts=["Test Ogre"])
    assert not any(w.sentence == TWICE for w in quiet.warnings)
