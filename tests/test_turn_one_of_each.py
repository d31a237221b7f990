"""'If you would create a Clue, Food, or Treasure token, instead create one of each.' (Academy Manufactor's
shape) in a turn's plan: a replacement effect on creating tokens (CR 614.1a) read by the grammar, which makes
a Treasure of each Food or Clue its controller would create (that many of each), a mana source for the later
spells (CR 111.10a). Before, the sentence was filed as not about payment and plan-turn answered a sure "no"
where the Food's Treasure casts the next spell. With other replacements the player chooses the order (CR
616.1), each applies once (CR 614.5). Hand-derived plans, and the turn brute force (every order).
"""

from __future__ import annotations

from dataclasses import replace as changed
from typing import Any

import pytest
from boards import turn_board
from turn_brute_force import brute_force, matches_brute_force

from models.catalogue import CardData
from models.cost import ManaCost
from models.decklist import DeckCard, parse_deck
from models.oracle import parse_oracle
from planner.rules.token_replacements import most_created
from planner.sim.kinds import card_kinds
from planner.turn import plan_turn

FOUNDRY: dict[str, Any] = {
    "name": "Test Foundry",
    "type_line": "Artifact Creature — Construct",
    "mana_cost": "{3}",
    "power": 1,
    "toughness": 3,
    "oracle": "If you would create a Clue, Food, or Treasure token, instead create one of each.",
}
#: a doubler (its controller's tokens)
TWINS: dict[str, Any] = {
    "name": "Test Twins",
    "type_line": "Enchantment",
    "mana_cost": "{1}",
    "oracle": "If an effect would create one or more tokens under your control, it creates twice that many "
    "of those tokens instead.",
}
BAKER = {"name": "Test Baker", "type_line": "Sorcery", "mana_cost": "{G}", "oracle": "Create a Food token."}
SLEUTH = {
    "name": "Test Sleuth",
    "type_line": "Creature — Human Detective",
    "mana_cost": "{G}",
    "power": 1,
    "toughness": 1,
    "oracle": "When this creature enters, create a Clue token.",
}
BEAR = {
    "name": "Test Bear",
    "type_line": "Creature — Bear",
    "mana_cost": "{1}{G}",
    "power": 2,
    "toughness": 2,
}
GIANT = {"name": "Test Giant", "type_line": "Artifact Creature — Golem", "mana_cost": "{3}", "power": 3}


def test_read_as_a_replacement_of_the_tokens_it_names() -> None:
    """Read by the grammar as a replacement (CR 614.1a) of its controller's Clues, Foods and Treasures."""
    parsed = parse_oracle(FOUNDRY["oracle"], FOUNDRY["name"])
    (replacement,) = parsed.token_replacements
    assert (replacement.result, replacement.one_of, replacement.every_player) == (
        "each",
        ("Clue", "Food", "Treasure"),
        False,
    )
    assert replacement.applies_to("Food") and not replacement.applies_to("Spirit")
    assert not parsed.not_payment and not parsed.unsupported


@pytest.mark.parametrize(
    ("permanents", "theirs", "castable"),
    [
        (["Forest", "Forest", FOUNDRY], [], True),  # (the Food is a Clue, a Food and a Treasure)
        (["Forest", "Forest"], [], False),  # (a Food only: one Forest left for {1}{G})
        (["Forest", "Forest"], [FOUNDRY], False),  # ('you would create': its controller's tokens only)
    ],
)
def test_the_food_made_brings_a_treasure(permanents: list[Any], theirs: list[Any], castable: bool) -> None:
    """Two Forests: the Baker ({G}) creates a Food; the Bear ({1}{G}) needs the other Forest and one more
    mana: the Treasure the Foundry makes of the Food (CR 614.1a, 111.10a)."""
    board = turn_board(permanents, [BAKER, BEAR], theirs)
    turn = plan_turn(board, casts=["Test Baker", "Test Bear"], time_limit=120)
    assert turn.castable is castable, turn.notes


def test_an_enters_trigger_clue_and_a_foundry_cast_this_turn() -> None:
    """Five Forests: the Foundry ({3}), then the Sleuth ({G}), whose Clue is a Clue, a Food and a Treasure
    (the Foundry on the battlefield as its trigger resolves); the last Forest and the Treasure pay the
    Bear."""
    board = turn_board(["Forest"] * 5, [FOUNDRY, SLEUTH, BEAR])
    turn = plan_turn(board, casts=["Test Foundry", "Test Sleuth", "Test Bear"], time_limit=120)
    assert turn.castable is True, turn.notes
    short = turn_board(["Forest"] * 4, [FOUNDRY, SLEUTH, BEAR])
    assert (
        plan_turn(short, casts=["Test Foundry", "Test Sleuth", "Test Bear"], time_limit=120).castable is False
    )


@pytest.mark.parametrize(
    ("replacements", "made", "most"),
    [
        (["each"], {"Food": 1}, 1),
        (["each", "each"], {"Food": 1}, 3),  # (the second sees a Clue, a Food and a Treasure: 3 of each)
        (["each", "twice"], {"Food": 1}, 2),  # (either order: 2 of each)
        (["each"], {"Food": 2}, 2),  # (that many of each)
        (["twice"], {"Food": 1}, 0),
    ],
)
def test_the_player_orders_them_for_the_most(
    replacements: list[str], made: dict[str, int], most: int
) -> None:
    """The most Treasures over the orders the player may choose (CR 616.1), each once (CR 614.5)."""
    cards = {"each": FOUNDRY, "twice": TWINS}
    read = [parse_oracle(cards[r]["oracle"], "Test").token_replacements[0] for r in replacements]
    assert most_created(tuple(made.items()), read) == most


@pytest.mark.parametrize(
    ("permanents", "hand", "most"),
    [
        (["Forest", "Forest", FOUNDRY], [BAKER, BEAR], 3),  # (Baker 1 + Bear 2)
        (["Forest", FOUNDRY, TWINS], [BAKER, BEAR], 3),  # (the Food doubled: 2 Treasures pay the Bear)
        (["Forest", FOUNDRY], [BAKER, BEAR], 1),  # (one Treasure: the Bear needs two mana)
        (["Forest", FOUNDRY, FOUNDRY], [BAKER, GIANT], 4),  # (3 Treasures pay the Giant)
    ],
)
def test_the_brute_force_agrees(permanents: list[Any], hand: list[Any], most: int) -> None:
    """The plan choosing from the hand casts the hand-derived mana value; the brute force (every order of
    the replacements for each effect) agrees."""
    board = turn_board(permanents, hand)
    assert brute_force(board)[0] == most
    assert matches_brute_force(board).mana_value_cast == most


def test_the_deck_simulation_lists_it() -> None:
    """The deck simulation does not follow Foods and Clues: the Foundry is listed among the cards left out,
    never silent."""
    base = parse_deck("20 Forest\n")
    extra = (
        DeckCard(
            name=FOUNDRY["name"],
            count=2,
            lines=(0,),
            card=CardData(name=FOUNDRY["name"], type_line=FOUNDRY["type_line"], oracle=FOUNDRY["oracle"]),
            cost=ManaCost.parse(FOUNDRY["mana_cost"]),
            is_land=False,
        ),
    )
    _, ignored = card_kinds(changed(base, cards=(*base.cards, *extra)), 1)
    assert ignored == ["Test Foundry"]
