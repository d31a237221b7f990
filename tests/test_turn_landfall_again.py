"""Landfall triggering an additional time in a turn's plan (contract section 11, issue 35): Ancient
Greenwarden's 'If a land entering the battlefield causes a triggered ability of a permanent you control to
trigger, that ability triggers an additional time.' (CR 603.2d) makes each landfall trigger of its
controller's permanents ('Whenever a land you control enters, add {G}.') trigger twice for each land played;
each such permanent adds one more time; a shape about other objects ('an artifact or creature entering',
Panharmonicon's) does not apply to a land, one about any permanent does. Before, the sentence was warned and
the plan counted each trigger once (a plan short of mana). Hand-derived plans, and the turn brute force
(tests/turn_brute_force.py, which makes each landfall trigger's mana as many times as it triggers).
"""

from __future__ import annotations

from typing import Any

import pytest
from turn_brute_force import matches_brute_force

from models.board import Board, Card
from planner.rules.replay import IllegalPlanError
from planner.rules.turn import LandEntry, arriving
from planner.turn import plan_turn
from planner.turn_choices import LandPlay
from planner.turn_events import land_play_triggers, landfall_times
from planner.turn_model import Stage, TurnItem
from planner.turn_replay import _check_landfall

_AGAIN = (
    "causes a triggered ability of a permanent you control to trigger, that ability triggers an additional "
    "time."
)
#: Ancient Greenwarden's shape
WARDEN = {
    "name": "Test Warden",
    "type_line": "Creature — Elemental",
    "mana_cost": "{4}{G}{G}",
    "power": 5,
    "toughness": 7,
    "oracle": f"If a land entering the battlefield {_AGAIN}",
}
#: any permanent entering (Yarok's shape)
PERMANENT_WARDEN = {
    **WARDEN,
    "name": "Test Echo",
    "oracle": f"If a permanent entering the battlefield {_AGAIN}",
}
#: artifacts and creatures only (Panharmonicon's shape): not a land
ARTIFACT_WARDEN = {
    **WARDEN,
    "name": "Test Chime",
    "oracle": f"If an artifact or creature entering the battlefield {_AGAIN}",
}
#: a shape the grammar does not read (another player's permanents): warned, never guessed
UNREAD_WARDEN = {
    **WARDEN,
    "name": "Test Odd Warden",
    "oracle": "If a land entering the battlefield causes a triggered ability of a permanent an opponent "
    "controls to trigger, that ability triggers an additional time.",
}
#: a landfall mana trigger (Lotus Cobra's shape, fixed mana)
SPROUT = {
    "name": "Test Sprout",
    "type_line": "Creature — Plant",
    "mana_cost": "{1}{G}",
    "power": 1,
    "toughness": 1,
    "oracle": "Landfall — Whenever a land you control enters, add {G}.",
}
BEAST = {"name": "Test Beast", "type_line": "Creature — Beast", "mana_cost": "{2}{G}{G}", "power": 4}
GIANT = {"name": "Test Giant", "type_line": "Creature — Giant", "mana_cost": "{3}{G}{G}", "power": 5}
BEAR = {"name": "Test Bear", "type_line": "Creature — Bear", "mana_cost": "{1}{G}", "power": 2}


def _board(permanents: list[Any], hand: list[Any]) -> Board:
    """``me``'s permanents (ids p0, p1...) and hand, a land play left."""
    listed = [
        {"id": f"p{n}", "controller": "me", **({"card": p} if isinstance(p, str) else p)}
        for n, p in enumerate(permanents)
    ]
    for entry in listed:
        if "power" in entry:
            entry.setdefault("toughness", entry["power"])
    cards = [{k: v for k, v in c.items() if k != "toughness"} if isinstance(c, dict) else c for c in hand]
    player = {"id": "me", "hand": cards, "spells_cast_this_turn": 0}
    return Board.from_dict({"version": 1, "players": [player, {"id": "opp"}], "permanents": listed})


@pytest.mark.parametrize(
    ("wardens", "most"),
    [
        # a Forest in play and one played (2) and the Sprout's {G} once: 3 mana, the Bear (2)
        ([], 2),
        # with the Warden the Sprout triggers twice (CR 603.2d): 2 + 2 = 4 mana, the Beast (4)
        ([WARDEN], 4),
        # two Wardens, three times: 2 + 3 = 5 mana, the Giant (5)
        ([WARDEN, WARDEN], 5),
        # any permanent entering: a land too (4)
        ([PERMANENT_WARDEN], 4),
        # artifacts and creatures entering: not a land (2)
        ([ARTIFACT_WARDEN], 2),
    ],
)
def test_landfall_mana_is_made_as_often_as_it_triggers(wardens: list[Any], most: int) -> None:
    board = _board(["Forest", SPROUT, *wardens], ["Forest", BEAST, GIANT, BEAR])
    turn = matches_brute_force(board)
    assert turn.mana_value_cast == most, turn.to_json()
    assert not any("additional time" in w.reason for w in turn.warnings)


def test_an_unread_shape_stays_warned() -> None:
    """Never guessed: the plan counts the Sprout's mana once and says so."""
    board = _board(["Forest", SPROUT, UNREAD_WARDEN], ["Forest", BEAST, BEAR])
    turn = plan_turn(board, time_limit=120)
    assert any("additional time" in w.reason for w in turn.warnings)


def test_a_fetchland_and_its_land_each_trigger_twice() -> None:
    """A fetchland played and cracked at once: it enters, then the land it finds (CR 701.23): the Sprout
    triggers for each, twice with the Warden: 4 times."""
    board = _board(["Forest", SPROUT, WARDEN], [])
    fetch = Card.from_json(
        {
            "name": "Test Foothills",
            "type_line": "Land",
            "oracle": "{T}, Pay 1 life, Sacrifice this land: Search your library for a Mountain or Forest "
            "card, put it onto the battlefield, then shuffle.",
        }
    )
    forest = Card.from_json("Forest")
    play = LandPlay(card=fetch, entry=LandEntry(tapped=False, life=1), pid="new", fetched=forest)
    entered = arriving(forest, "new", "me")
    assert land_play_triggers(board.with_permanent(entered), "me", play, entered) == 4
    assert landfall_times(board.with_permanent(entered), "me", entered) == 2


def test_the_replay_counts_the_landfall_mana_again() -> None:
    """The replay refuses a land play's stage that makes the Sprout's mana once under the Warden."""
    board = _board(["Forest", SPROUT, WARDEN], [])
    forest = Card.from_json("Forest")
    play = LandPlay(card=forest, entry=LandEntry(tapped=False, life=0), pid="new")
    after = board.with_permanent(arriving(forest, "new", "me"))
    stage = Stage(item=TurnItem(land=play), epoch=0, board=after, mana=(0,))
    with pytest.raises(IllegalPlanError, match="landfall"):
        _check_landfall(after, "me", play, stage, 0)
    _check_landfall(after, "me", play, Stage(item=TurnItem(land=play), epoch=0, board=after, mana=(0, 1)), 0)


def test_a_warden_cast_before_the_land_play_doubles_its_landfall() -> None:
    """Six Forests and the Sprout; the Warden ({4}{G}{G}), a Forest and a {2}{G} spell in hand. The land
    first: 7 Forests and one {G}, 8 mana: the Warden and 2 left (6). The Warden first (the six Forests), then
    the Forest: its mana and the Sprout's {G} twice (CR 603.2d), 3 mana: the {2}{G} spell too, 6 + 3 = 9."""
    troll = {"name": "Test Troll", "type_line": "Creature — Troll", "mana_cost": "{2}{G}", "power": 3}
    board = _board(["Forest"] * 6 + [SPROUT], [WARDEN, "Forest", troll])
    turn = matches_brute_force(board)
    assert turn.mana_value_cast == 9, turn.to_json()
