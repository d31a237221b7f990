"""Replacement effects on creating tokens in a turn's plan (contract section 11): 'If you would create one or
more Treasure tokens, instead create those tokens plus an additional Treasure token.' (Xorn's shape) and 'If
an effect would create one or more tokens under your control, it creates twice that many of those tokens
instead.' (a doubler) make no token themselves; they change how many Treasures each effect creates (CR
614.1a, 111.10a), several in the order the player chooses (CR 616.1), each once (CR 614.5). Before, Xorn's
sentence was taken for a Treasure Xorn makes and the doubler's was ignored: plan-turn answered "no" with no
note where the extra Treasures cast the next spell. Hand-derived plans, and the turn brute force.
"""

from __future__ import annotations

from dataclasses import replace as changed
from typing import Any

import pytest
from boards import turn_board
from turn_brute_force import brute_force, matches_brute_force

from models.board import Card
from models.catalogue import CardData
from models.cost import ManaCost
from models.decklist import DeckCard, parse_deck
from models.oracle import parse_oracle
from planner.rules.replay import IllegalPlanError
from planner.rules.token_replacements import treasures_created
from planner.rules.turn import treasure
from planner.sim.kinds import card_kinds
from planner.turn import plan_turn
from planner.turn_choices import Ids, turn_spell
from planner.turn_model import Stage, TurnItem
from planner.turn_replay import TreasureCheck

#: Xorn's shape: one more Treasure for each effect that creates Treasures
DIGGER = {
    "name": "Test Digger",
    "type_line": "Creature — Elemental",
    "mana_cost": "{2}{R}",
    "power": 3,
    "toughness": 2,
    "oracle": "If you would create one or more Treasure tokens, instead create those tokens plus an "
    "additional Treasure token.",
}
#: the doubler's shapes (their controller's tokens)
TWINS = {
    "name": "Test Twins",
    "type_line": "Enchantment",
    "mana_cost": "{1}",
    "oracle": "If an effect would create one or more tokens under your control, it creates twice that many "
    "of those tokens instead.",
}
MIRROR = {
    **TWINS,
    "name": "Test Mirror",
    "oracle": "If one or more tokens would be created under your control, twice that many of those tokens "
    "are created instead.",
}
#: every player's tokens (Primal Vigor's shape)
BLOOM = {
    **TWINS,
    "name": "Test Bloom",
    "oracle": "If one or more tokens would be created, twice that many of those tokens are created instead.",
}
#: a result the grammar does not read (a creature token with its characteristics)
CHEF = {
    "name": "Test Chef",
    "type_line": "Creature — Rat",
    "mana_cost": "{1}",
    "power": 1,
    "toughness": 1,
    "oracle": "If one or more tokens would be created under your control, those tokens plus a 1/1 green Frog "
    "creature token are created instead.",
}
WINDFALL = {
    "name": "Test Windfall",
    "type_line": "Sorcery",
    "mana_cost": "{2}{R}",
    "oracle": "Create two Treasure tokens.",
}
TRINKET = {
    "name": "Test Trinket",
    "type_line": "Sorcery",
    "mana_cost": "{R}",
    "oracle": "Create a Treasure token.",
}
OGRE = {
    "name": "Test Ogre",
    "type_line": "Creature — Ogre",
    "mana_cost": "{3}{R}",
    "power": 4,
    "toughness": 4,
}
GIANT = {
    "name": "Test Giant",
    "type_line": "Artifact Creature — Golem",
    "mana_cost": "{4}",
    "power": 4,
    "toughness": 4,
}


@pytest.mark.parametrize(
    ("card", "token", "every_player", "result", "additional"),
    [
        (DIGGER, "Treasure", False, "plus", "Treasure"),
        (TWINS, "", False, "twice", ""),
        (MIRROR, "", False, "twice", ""),
        (BLOOM, "", True, "twice", ""),
        (CHEF, "", False, "", ""),
    ],
)
def test_read_as_replacements_not_tokens_made(
    card: dict[str, Any], token: str, every_player: bool, result: str, additional: str
) -> None:
    """Each sentence is a replacement (CR 614.1a), read by the grammar: never a Treasure its permanent makes
    (Xorn's was filed as one), never ignored (the doublers' were)."""
    parsed = parse_oracle(card["oracle"], card["name"])
    (replacement,) = parsed.token_replacements
    read = (replacement.token, replacement.every_player, replacement.result, replacement.additional)
    assert read == (token, every_player, result, additional)
    assert not parsed.not_payment and not parsed.unsupported


@pytest.mark.parametrize(
    ("permanents", "theirs", "castable"),
    [
        ([], [], False),  # (2 Treasures + the fourth Mountain: 3 mana for {3}{R})
        ([DIGGER], [], True),  # (2 + 1 = 3 Treasures + a Mountain)
        ([TWINS], [], True),  # (2 x 2 = 4 Treasures)
        ([MIRROR], [], True),
        ([], [TWINS], False),  # (the opponent's: their tokens only)
        ([], [BLOOM], True),  # (every player's tokens)
    ],
)
def test_the_extra_treasures_pay_the_next_spell(
    permanents: list[Any], theirs: list[Any], castable: bool
) -> None:
    """Four Mountains; Windfall ({2}{R}: three Mountains) creates two Treasures, then the Ogre ({3}{R}) needs
    four mana: the fourth Mountain and three Treasures at least (CR 111.10a)."""
    board = turn_board(["Mountain"] * 4 + permanents, [WINDFALL, OGRE], theirs)
    turn = plan_turn(board, casts=["Test Windfall", "Test Ogre"], time_limit=120)
    assert turn.castable is castable, turn.notes


@pytest.mark.parametrize(
    ("permanents", "most"),
    [
        ([DIGGER, TWINS], 4),  # (1 + 1) x 2, not 1 x 2 + 1 = 3 (CR 616.1: the player chooses the order)
        ([DIGGER, TWINS, MIRROR], 8),  # (1 + 1) x 2 x 2
        ([TWINS, MIRROR], 4),  # 1 x 2 x 2
        ([DIGGER], 2),
    ],
)
def test_the_player_orders_the_replacements(permanents: list[Any], most: int) -> None:
    """One Treasure would be created: each replacement applies once, in the order that makes the most."""
    assert treasures_created(turn_board(permanents, []), "me", 1) == most


@pytest.mark.parametrize(("permanents", "castable"), [([DIGGER, TWINS], True), ([TWINS], False)])
def test_xorn_first_then_the_doubler_casts_a_four_drop(permanents: list[Any], castable: bool) -> None:
    """One Mountain casts the Trinket ({R}: one Treasure); the Giant ({4}) needs four Treasures: Xorn's shape
    then the doubler make (1 + 1) x 2 = 4 (CR 616.1); the doubler alone 2."""
    board = turn_board(["Mountain", *permanents], [TRINKET, GIANT])
    turn = plan_turn(board, casts=["Test Trinket", "Test Giant"], time_limit=120)
    assert turn.castable is castable, turn.notes


def test_a_doubler_cast_this_turn_doubles_the_later_treasures() -> None:
    """Four Mountains: the Twins ({1}) then Windfall (the other three) make 2 x 2 = 4 Treasures, which pay
    the Ogre ({3}{R}); the Twins is on the battlefield as Windfall resolves (CR 614.1a)."""
    board = turn_board(["Mountain"] * 4, [TWINS, WINDFALL, OGRE])
    turn = plan_turn(board, casts=["Test Twins", "Test Windfall", "Test Ogre"], time_limit=120)
    assert turn.castable is True, turn.notes


@pytest.mark.parametrize(
    ("permanents", "hand", "most"),
    [
        # (Trinket 1 + Giant 4 with (1 + 1) x 2 Treasures; without the doubler only 2 Treasures: Trinket 1 +
        # nothing else of {4}, or Windfall no (one Mountain))
        (["Mountain", DIGGER, TWINS], [TRINKET, GIANT], 5),
        (["Mountain", TWINS], [TRINKET, GIANT], 1),
        # (either order: the Trinket's 1 + 1 Treasures and two Mountains pay Windfall, or Windfall's 2 + 1
        # one of them pays the Trinket: 1 + 3)
        (["Mountain"] * 3 + [DIGGER], [WINDFALL, TRINKET], 4),
    ],
)
def test_the_brute_force_agrees(permanents: list[Any], hand: list[Any], most: int) -> None:
    """The plan (choosing from the hand) casts the hand-derived mana value, and the brute force (every order
    of the replacements for each effect) agrees."""
    board = turn_board(permanents, hand)
    assert brute_force(board)[0] == most
    assert matches_brute_force(board).mana_value_cast == most


def test_a_result_not_read_is_noted() -> None:
    """A replacement whose result the grammar does not read is not applied, never guessed: noted."""
    board = turn_board(["Mountain"] * 4 + [CHEF], [WINDFALL, OGRE])
    turn = plan_turn(board, casts=["Test Windfall", "Test Ogre"], time_limit=120)
    assert any("Test Chef" in note and "not applied" in note for note in turn.notes)


def test_the_replay_counts_the_replaced_treasures_again() -> None:
    """The replay's own count refuses a stage whose Windfall brings two Treasures where Xorn's shape makes
    three (CR 614.1a), and takes one with three."""
    board = turn_board(["Mountain", DIGGER], [])
    ids = Ids({"p0", "p1"})
    windfall = turn_spell(Card.from_json(WINDFALL), 0, ids)
    assert windfall.event
    arrivals = tuple(treasure(f"t{n}", "me") for n in range(3))
    stage = Stage(item=TurnItem(spell=windfall), epoch=0, board=board, arrivals=arrivals)
    TreasureCheck(board, "me").check(board, windfall, stage)
    short = Stage(item=TurnItem(spell=windfall), epoch=0, board=board, arrivals=arrivals[:2])
    with pytest.raises(IllegalPlanError, match="Test Windfall"):
        TreasureCheck(board, "me").check(board, windfall, short)


def test_the_deck_simulation_lists_one_it_does_not_read() -> None:
    """The deck simulation applies the replacements it reads (tests/test_simulate_token_replacements.py);
    a permanent with one that applies to Treasures and whose result is not read is listed among the sources
    left out, never silent (one of other tokens is not)."""
    base = parse_deck("20 Mountain\n")
    cards: list[dict[str, Any]] = [
        TWINS,
        DIGGER,
        CHEF,
        {
            **CHEF,
            "oracle": "If you would create one or more Food tokens, instead create "
            "those tokens plus an additional Food token.",
        },
    ]
    extra = tuple(
        DeckCard(
            name=card["name"],
            count=2,
            lines=(0,),
            card=CardData(name=card["name"], type_line=card["type_line"], oracle=card["oracle"]),
            cost=ManaCost.parse(card["mana_cost"]),
            is_land=False,
        )
        for card in cards
    )
    _, ignored = card_kinds(changed(base, cards=(*base.cards, *extra)), 1)
    assert ignored == ["Test Chef"]
