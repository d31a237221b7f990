"""How other permanents enter (issue 35): "Nonbasic lands your opponents control enter tapped." (Archon of
Emeria), "Creatures your opponents control enter the battlefield tapped." (Authority of the Consuls),
"Artifacts, creatures, and lands your opponents control enter the battlefield tapped." (Frozen Aether) are
replacement effects (CR 614.1c) judged on the permanent as it would exist on the battlefield (CR 614.12).
They were unsupported text, warned, and a turn's plan played the land untapped. Now the grammar reads them and
a turn's plan puts its land, a fetched land and its permanent spells onto the battlefield tapped when one
applies. A permanent spell's own "~ enters tapped." (Guardian Idol's shape) entered untapped in a turn's plan
and paid the next spell: a silent "yes". The cards are made up in the phrases of real cards.
"""

from __future__ import annotations

from typing import Any

import pytest

from models.board import Board
from models.mana_effects import OthersEnterTapped
from models.oracle import parse_oracle
from planner.turn import plan_turn

NONBASIC = "Nonbasic lands your opponents control enter tapped."
CREATURES = "Creatures your opponents control enter the battlefield tapped."
EVERYTHING = "Artifacts, creatures, and lands your opponents control enter the battlefield tapped."

#: a nonbasic land with a plain mana ability
GROVE: dict[str, Any] = {"name": "Test Grove", "type_line": "Land", "oracle": "{T}: Add {G}."}
BEAR: dict[str, Any] = {
    "name": "Test Bear",
    "type_line": "Creature — Bear",
    "mana_cost": "{1}{G}",
    "oracle": "",
}
#: a mana rock ({1}: two colorless), and a spell its mana and a Mountain pay
ROCK: dict[str, Any] = {
    "name": "Test Rock",
    "type_line": "Artifact",
    "mana_cost": "{1}",
    "oracle": "{T}: Add {C}{C}.",
}
OGRE: dict[str, Any] = {
    "name": "Test Ogre",
    "type_line": "Creature — Ogre",
    "mana_cost": "{2}{R}",
    "oracle": "",
}
#: a mana creature with haste (it could tap for mana the turn it enters, CR 302.6)
RUNNER: dict[str, Any] = {
    "name": "Test Runner",
    "type_line": "Creature — Goblin",
    "mana_cost": "{R}",
    "oracle": "Haste\n{T}: Add {R}{R}.",
}
#: an artifact that enters tapped by its own text (Guardian Idol's shape)
IDOL: dict[str, Any] = {
    "name": "Test Idol",
    "type_line": "Artifact",
    "mana_cost": "{2}",
    "oracle": "~ enters tapped.\n{T}: Add {C}.",
}
SPARK: dict[str, Any] = {"name": "Test Spark", "type_line": "Instant", "mana_cost": "{1}", "oracle": ""}


def _board(lands: list[str], hand: list[Any], sentence: str = "", owner: str = "opp") -> Board:
    permanents: list[dict[str, Any]] = [
        {"id": f"l{n}", "card": card, "controller": "me"} for n, card in enumerate(lands)
    ]
    if sentence:
        permanents.append(
            {"id": "a", "name": "Test Archon", "type_line": "Creature — Archon", "oracle": sentence,
             "controller": owner}
        )  # fmt: skip
    players = [{"id": "me", "hand": hand}, {"id": "opp"}]
    return Board.from_dict({"version": 1, "players": players, "permanents": permanents})


@pytest.mark.parametrize(
    ("sentence", "described"),
    [
        (NONBASIC, ["nonbasic land an opponent controls"]),
        (CREATURES, ["creature an opponent controls"]),
        (
            EVERYTHING,
            ["artifact an opponent controls", "creature an opponent controls", "land an opponent controls"],
        ),
    ],
)
def test_the_replacement_is_read(sentence: str, described: list[str]) -> None:
    parsed = parse_oracle(sentence, "Test Archon")
    assert [s.read_as for s in parsed.sentences] == ["effect"]
    assert all(isinstance(e, OthersEnterTapped) for e in parsed.effects)
    assert [e.affected.describe() for e in parsed.effects if isinstance(e, OthersEnterTapped)] == described


def test_my_nonbasic_land_enters_tapped_under_the_opponents_archon() -> None:
    """The Grove played under the opponent's Archon enters tapped (CR 614.1c): the Forest alone can't pay the
    Bear's {1}{G} (CR 601.2h). A basic Forest played instead is not a nonbasic land: untapped, two Forests
    pay it. The Archon's controller's own land is not an opponent's: untapped. Without it, untapped."""
    assert plan_turn(_board(["Forest"], [GROVE, BEAR], NONBASIC), casts=["Test Bear"]).castable is False
    assert plan_turn(_board(["Forest"], ["Forest", BEAR], NONBASIC), casts=["Test Bear"]).castable is True
    mine = _board(["Forest"], [GROVE, BEAR], NONBASIC, owner="me")
    assert plan_turn(mine, casts=["Test Bear"]).castable is True
    assert plan_turn(_board(["Forest"], [GROVE, BEAR]), casts=["Test Bear"]).castable is True


def test_an_artifact_cast_enters_tapped_under_frozen_aethers_shape() -> None:
    """Two Mountains: the first pays the Rock ({1}); untapped, the Rock's {C}{C} and the second Mountain pay
    the Ogre's {2}{R}. Entering tapped (CR 614.1c) it adds nothing this turn: the Ogre can't be cast."""
    free = _board(["Mountain", "Mountain"], [ROCK, OGRE])
    assert plan_turn(free, casts=["Test Rock", "Test Ogre"]).castable is True
    aether = _board(["Mountain", "Mountain"], [ROCK, OGRE], EVERYTHING)
    assert plan_turn(aether, casts=["Test Rock", "Test Ogre"]).castable is False


def test_a_hasty_mana_creature_enters_tapped_under_the_consuls_shape() -> None:
    """The Runner ({R}, haste: it may tap the turn it enters, CR 302.6) pays with its {R}{R} the Ogre's {2}{R}
    with one more Mountain; entering tapped (CR 614.1c) it can't."""
    free = _board(["Mountain", "Mountain"], [RUNNER, OGRE])
    assert plan_turn(free, casts=["Test Runner", "Test Ogre"]).castable is True
    consuls = _board(["Mountain", "Mountain"], [RUNNER, OGRE], CREATURES)
    assert plan_turn(consuls, casts=["Test Runner", "Test Ogre"]).castable is False


def test_a_permanent_spell_that_enters_tapped_adds_nothing_this_turn() -> None:
    """Two Wastes pay the Idol's {2}; it enters tapped by its own text (CR 614.1c), so its {C} can't pay the
    Spark's {1} this turn. Unasked, the plan casts the Idol alone (the greater mana value)."""
    board = _board(["Wastes", "Wastes"], [IDOL, SPARK])
    assert plan_turn(board, casts=["Test Idol", "Test Spark"]).castable is False
    assert [spell.card for spell in plan_turn(board).spells] == ["Test Idol"]
