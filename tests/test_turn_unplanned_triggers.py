"""Triggers a turn's plan read wrong or silently before (probe 16, issue 35, contract section 11): a landfall
trigger's later "If it's the second time, add {R}{G}{W}{U}." (Omnath's shape) counted on every landfall; a
modal enters trigger's Treasure mode (Plundering Barbarian's shape) not planned nor said; a trigger at the
beginning of the precombat main phase making a Treasure on a board at the turn's beginning (Black Market
Connections' shape) not said. Hand-derived answers with rule numbers, and the turn brute force.
"""

from __future__ import annotations

from typing import Any

from turn_brute_force import brute_force, matches_brute_force

from models.board import Board
from planner.turn import plan_turn

OMEN = {
    "name": "Test Omen",
    "type_line": "Legendary Creature — Elemental",
    "power": 4,
    "toughness": 4,
    "oracle": "Landfall — Whenever a land you control enters, you gain 4 life if this is the first time this "
    "ability has resolved this turn. If it's the second time, add {R}{G}{W}{U}. If it's the third time, "
    "Test Omen deals 4 damage to each opponent.",
}
RAIDER = {
    "name": "Test Raider",
    "type_line": "Creature — Human Pirate",
    "mana_cost": "{1}{R}",
    "power": 2,
    "oracle": "When this creature enters, choose up to one —\n• Smash — Destroy target artifact.\n• Pry — "
    "Create a Treasure token.",
}
MARKET = {
    "name": "Test Market",
    "type_line": "Enchantment",
    "oracle": "At the beginning of your precombat main phase, choose one or more —\n• Sell — Create a "
    "Treasure token. You lose 1 life.\n• Buy — Draw a card. You lose 1 life.",
}
OGRE = {"name": "Test Ogre", "type_line": "Creature — Ogre", "mana_cost": "{3}{R}", "power": 4}
GOBLIN = {"name": "Test Goblin", "type_line": "Creature — Goblin", "mana_cost": "{1}{R}", "power": 2}


def _board(permanents: list[Any], hand: list[Any], step: str = "main") -> Board:
    """``me``'s board on ``me``'s turn: permanents with ids p0, p1..., and the hand."""
    listed = [
        {"id": f"p{n}", "controller": "me", **({"card": p} if isinstance(p, str) else p)}
        for n, p in enumerate(permanents)
    ]
    cards = [{k: v for k, v in c.items() if k != "toughness"} if isinstance(c, dict) else c for c in hand]
    player = {"id": "me", "hand": cards, "spells_cast_this_turn": 0}
    return Board.from_dict(
        {
            "version": 1,
            "active_player": "me",
            "step": step,
            "players": [player, {"id": "opp"}],
            "permanents": listed,
        }
    )


def test_the_second_landfall_mana_is_not_counted_on_the_first() -> None:
    """One land play: the Omen's first resolution this turn gains 4 life only (CR 608.2c: 'If it's the second
    time' is false), so Forest + the Forest played make {G}{G} and the {3}{R} Ogre is not cast. The plan
    no longer counts {R}{G}{W}{U} (before: castable True); it does not follow the ordinal, says so, and
    answers no false 'no' (castable null)."""
    board = _board([OMEN, "Forest"], ["Forest", OGRE])
    turn = plan_turn(board, casts=["Test Ogre"], time_limit=120)
    assert turn.castable is None
    assert any("If it's the second time" in note for note in turn.notes), turn.notes


def test_a_modal_enters_treasure_is_planned() -> None:
    """Three Mountains: the Raider ({1}{R}, two Mountains) enters and its controller chooses the Pry mode
    (CR 700.2a, 603.3c: no target needed), creating a Treasure (CR 111.10a): Treasure + Mountain pay the
    {1}{R} Goblin. Before: castable False, no note. The brute force agrees."""
    board = _board(["Mountain"] * 3, [RAIDER, GOBLIN])
    turn = plan_turn(board, casts=["Test Raider", "Test Goblin"], time_limit=120)
    assert turn.castable is True, (turn.reason, turn.notes)
    assert brute_force(board) == (4, 2)
    assert matches_brute_force(board).mana_value_cast == 4


def test_a_main_phase_treasure_at_the_turns_beginning_is_said() -> None:
    """Step 'beginning': the Market's trigger at the beginning of the precombat main phase (CR 505.4) may
    create a Treasure before the Goblin is cast (Mountain + Treasure), which the plan does not make: said,
    and no false 'no' (castable null; before: False, no note). At step 'main' it has resolved: no note."""
    board = _board(["Mountain", MARKET], [GOBLIN], step="beginning")
    turn = plan_turn(board, casts=["Test Goblin"], time_limit=120)
    assert turn.castable is None
    assert any("Test Market" in note for note in turn.notes), turn.notes
    main = plan_turn(_board(["Mountain", MARKET], [GOBLIN]), casts=["Test Goblin"], time_limit=120)
    assert main.castable is False
    assert not any("Test Market" in note for note in main.notes)
