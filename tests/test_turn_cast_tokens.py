"""Tokens with a mana ability other than Treasures made by triggers on casting a spell, in a turn's plan
(contract section 11, issue 35): 'Whenever you cast a colorless spell, create a 0/1 colorless Eldrazi Spawn
creature token with "Sacrifice this token: Add {C}."' and 'Whenever you cast a historic spell, create a Gold
token.' make no mana themselves (CR 605.1a); each trigger resolves before its spell (CR 603.3), so the token
(CR 111.4; Gold: 111.10f) pays the spells cast after it, never the one that set it off. A Spawn is sacrificed
for {C}, which pays no colored symbol (CR 106.1b, 601.2h); its sacrifice needs no {T}, so its summoning
sickness does not matter (CR 302.6). A doubler doubles them, Xorn's "additional Treasure" does not (CR
614.1a: it applies to Treasures only). Before, such a trigger was only noted and its tokens never planned.
Hand-derived plans, and the turn brute force (tests/turn_brute_force.py).
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest
from test_turn_token_replacements import DIGGER, TWINS
from turn_brute_force import brute_force, matches_brute_force

from models.board import Board, Card
from models.oracle.token_rules import CreatedTokens
from planner.rules.replay import IllegalPlanError
from planner.rules.turn import created_token
from planner.rules.view import BoardView
from planner.turn import plan_turn
from planner.turn_cast_mana import CastTokens
from planner.turn_choices import Ids, turn_spell
from planner.turn_model import Stage, TurnItem
from planner.turn_replay import TreasureCheck

#: a trigger of casting a colorless spell that creates an Eldrazi Spawn (the current wording's shape)
BROODLING = {
    "name": "Test Broodling",
    "type_line": "Creature — Eldrazi",
    "mana_cost": "{3}",
    "power": 2,
    "toughness": 2,
    "oracle": "Whenever you cast a colorless spell, create a 0/1 colorless Eldrazi Spawn creature token with "
    '"Sacrifice this token: Add {C}."',
}
#: a trigger of casting a historic spell that creates a Gold token (CR 111.10f)
GOLDSMITH = {
    "name": "Test Goldsmith",
    "type_line": "Creature — Dwarf",
    "mana_cost": "{1}{R}",
    "power": 2,
    "toughness": 2,
    "oracle": "Whenever you cast a historic spell, create a Gold token.",
}
#: the Spawn's trigger with the token's ability in a later sentence (older wording): not read, noted
OLD_BROODLING = {
    **BROODLING,
    "name": "Test Old Broodling",
    "oracle": "Whenever you cast a colorless spell, create a 0/1 colorless Eldrazi Spawn creature token. It "
    'has "Sacrifice this creature: Add {C}."',
}
RELIC = {"name": "Test Relic", "type_line": "Artifact", "mana_cost": "{1}", "oracle": ""}
IDOL = {"name": "Test Idol", "type_line": "Artifact", "mana_cost": "{2}", "oracle": ""}
CROWN = {"name": "Test Crown", "type_line": "Legendary Artifact", "mana_cost": "{2}", "oracle": ""}
SPARK = {"name": "Test Spark", "type_line": "Instant", "mana_cost": "{R}", "oracle": ""}


def _board(permanents: list[Any], hand: list[Any]) -> Board:
    """``me``'s permanents (a card name or a card's object, ids p0, p1...) and hand, no spell cast yet."""
    listed = [
        {"id": f"p{n}", "controller": "me", **({"card": p} if isinstance(p, str) else p)}
        for n, p in enumerate(permanents)
    ]
    cards = [{k: v for k, v in c.items() if k != "toughness"} if isinstance(c, dict) else c for c in hand]
    player = {"id": "me", "hand": cards, "spells_cast_this_turn": 0}
    return Board.from_dict({"version": 1, "players": [player, {"id": "opp"}], "permanents": listed})


@pytest.mark.parametrize(
    ("permanents", "hand", "most"),
    [
        # two Mountains: the Relic ({1}, colorless) makes a Spawn, whose {C} and a Mountain pay the Idol ({2})
        # (or the Idol first, then the Relic with the Spawn): 1 + 2 = 3; without the Spawn, 2
        (["Mountain", "Mountain", BROODLING], [RELIC, IDOL], 3),
        # the Spawn's {C} pays no {R} (CR 106.1b): the Relic and one Spark (the Spark is red: no Spawn): 2
        (["Mountain", "Mountain", BROODLING], [RELIC, SPARK, SPARK], 2),
        # the Spawn is not there for the spell that set it off (CR 603.3): one Mountain, the Idol is not cast
        (["Mountain", BROODLING], [IDOL], 0),
        # the Crown (legendary: historic) makes a Gold token, one mana of any color: the Spark too, 2 + 1 = 3
        (["Mountain", "Mountain", GOLDSMITH], [CROWN, SPARK], 3),
        # a doubler makes two Spawns of one (CR 614.1a): one Mountain, the Relic, then the Idol: 3
        (["Mountain", TWINS, BROODLING], [RELIC, IDOL], 3),
        # Xorn's additional Treasure is for Treasures only: one Spawn, no Idol: 1
        (["Mountain", DIGGER, BROODLING], [RELIC, IDOL], 1),
    ],
)
def test_the_tokens_pay_later_spells(permanents: list[Any], hand: list[Any], most: int) -> None:
    board = _board(permanents, hand)
    turn = matches_brute_force(board)
    assert turn.mana_value_cast == most, turn.to_json()


def test_the_tokens_made_are_the_rules_tokens() -> None:
    """A Spawn as the effect creates it: a 0/1 colorless Eldrazi Spawn creature token (CR 111.4) whose
    ability the reader reads as a mana ability (CR 605.1a); a Gold token with its rules' ability."""
    spawn = created_token(CreatedTokens(1, "Eldrazi Spawn", 0, 1, "Sacrifice ~: Add {C}."), "s", "me")
    gold = created_token(CreatedTokens(1, "Gold"), "g", "me")
    board = Board.from_dict({"version": 1, "players": [{"id": "me"}]})
    view = BoardView(board.with_permanent(spawn).with_permanent(gold))
    assert (spawn.power, spawn.toughness, spawn.token) == (0, 1, True)
    assert view.type_line("s").is_a("Creature")
    assert [str(a.output.options[0]) for a in view.mana_abilities("s")] == ["{C}"]
    assert [a.cost.sacrifice_self for a in view.mana_abilities("g")] == [True]


def test_an_unread_token_ability_stays_noted() -> None:
    """The token's ability in a later sentence ('It has "..."') is not read here: noted, the plan not called
    optimal, never a silent short plan."""
    board = _board(["Mountain", "Mountain", OLD_BROODLING], [RELIC, IDOL])
    turn = plan_turn(board, time_limit=120)
    assert not turn.optimal and any("Eldrazi Spawn" in note for note in turn.notes)


def test_the_replay_counts_the_tokens_again() -> None:
    """The replay's own count refuses a stage that claims a Treasure for a Spawn, or no Spawn."""
    board = _board(["Mountain", BROODLING], [])
    ids = Ids({"p0", "p1"})
    relic = turn_spell(Card.from_json(RELIC), 0, ids)
    spawn = CreatedTokens(1, "Eldrazi Spawn", 0, 1, "Sacrifice ~: Add {C}.")
    made = (CastTokens("p1", spawn),)
    item = TurnItem(spell=relic)
    TreasureCheck(board, "me").check(
        board, relic, Stage(item=item, epoch=0, board=board, cast_treasures=made)
    )
    wrong = (CastTokens("p1", CreatedTokens(1, "Treasure")),)
    with pytest.raises(IllegalPlanError, match="Test Relic"):
        TreasureCheck(board, "me").check(
            board, relic, Stage(item=item, epoch=0, board=board, cast_treasures=wrong)
        )
    event = replace(turn_spell(Card.from_json(RELIC), 0, Ids({"p0", "p1"})), event=True)
    with pytest.raises(IllegalPlanError, match="tokens"):  # (an event claiming its Spawn, none arriving)
        TreasureCheck(board, "me").check(
            board, event, Stage(item=TurnItem(spell=event), epoch=0, board=board, cast_treasures=made)
        )


_PERMANENTS: list[Any] = ["Mountain", "Mountain", "Wastes", BROODLING, GOLDSMITH, TWINS]
_HAND: list[Any] = [RELIC, IDOL, CROWN, SPARK, BROODLING, "Mountain"]


@pytest.mark.parametrize("seed", range(10))
def test_random_turns_with_token_triggers_match_the_brute_force(seed: int) -> None:
    """Random boards of those: the plan is optimal and casts the brute force's mana value with its cards."""
    rng = random.Random(350 + seed)
    permanents = [rng.choice(_PERMANENTS) for _ in range(rng.randint(1, 4))]
    hand = [rng.choice(_HAND) for _ in range(rng.randint(1, 4))]
    matches_brute_force(_board(permanents, hand))


def test_the_brute_force_makes_the_spawn() -> None:
    """The brute force on its own (independent of the planner) finds the Spawn-paid Idol: 3."""
    assert brute_force(_board(["Mountain", "Mountain", BROODLING], [RELIC, IDOL]))[0] == 3
