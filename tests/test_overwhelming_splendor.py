"""Overwhelming Splendor's 'Creatures enchanted player controls lose all abilities and have base power and
toughness 0/1.' (issue 35): a Curse (an Aura with 'Enchant player', CR 303.4a) whose ``attached_to`` names
the player it enchants; the creatures that player controls lose their abilities in layer 6 (CR 613.1f), their
mana abilities with the others. Its 'Enchanted player can't activate abilities that aren't mana abilities or
loyalty abilities.' exempts mana abilities (CR 605.1a): nothing a payment activates. Each board's answer is
worked out by hand from the rules cited and checked against the reference search
(:func:`boards.checked_verdict`); the cards are small fixtures written here.
"""

from __future__ import annotations

from typing import Any

import pytest
from boards import ME, OPP, checked_verdict, could, custom, largest_x, make_board, mine

from models.board import Board
from models.errors import BoardError
from models.layer_effects import AbilityLoss
from models.oracle import parse_oracle
from planner.api import text_warnings

SPLENDOR = (
    "Enchant player\nCreatures enchanted player controls lose all abilities and have base power and "
    "toughness 0/1.\nEnchanted player can't activate abilities that aren't mana abilities or loyalty "
    "abilities."
)


def splendor(enchanted: str, controller: str = OPP) -> dict[str, Any]:
    """The Curse, attached to the player ``enchanted``."""
    return custom(
        "Splendor", "s", "Enchantment — Aura Curse", SPLENDOR, controller=controller, attached_to=enchanted
    )


def test_the_curse_is_read_as_a_loss_for_the_enchanted_player() -> None:
    read = parse_oracle(SPLENDOR, "Overwhelming Splendor")
    (loss,) = read.effects
    assert isinstance(loss, AbilityLoss) and loss.affected.enchanted_player
    assert loss.affected.describe() == "creature enchanted player controls"
    assert (loss.base_power, loss.base_toughness, loss.except_mana) == (0, 1, False)
    assert not read.unsupported and read.changes_power
    # (an 'equipped player' is no reading: never a filter in silence)
    other = "Creatures equipped player controls lose all abilities."
    assert parse_oracle(other).unsupported == (other,)


def test_my_elves_under_the_curse_make_no_mana() -> None:
    """CR 613.1f: the Curse on me takes Llanowar Elves' '{T}: Add {G}'; the Forest is no creature."""
    board = make_board([mine("e", "Llanowar Elves"), mine("f", "Forest"), splendor(ME)])
    assert could(board)["e"] == ""
    assert checked_verdict(board, "{G}") and not checked_verdict(board, "{G}{G}")
    assert largest_x(board) == 1 and not text_warnings(board)


def test_the_curse_on_the_opponent_leaves_my_elves() -> None:
    """The Curse takes only the enchanted player's creatures: on the opponent, my Elves tap for {G} and
    theirs don't."""
    theirs = {**mine("o", "Llanowar Elves"), "controller": OPP}
    board = make_board([mine("e", "Llanowar Elves"), mine("f", "Forest"), theirs, splendor(OPP, ME)])
    assert could(board)["e"] == "G" and could(board, OPP)["o"] == ""
    assert checked_verdict(board, "{G}{G}") and not checked_verdict(board, "{G}{G}{G}")
    assert largest_x(board) == 2


def test_an_aura_on_a_permanent_called_like_a_player_enchants_the_permanent() -> None:
    """``attached_to`` names a permanent of that id first: a Curse attached to a permanent 'me' enchants no
    player, and my Elves keep their ability."""
    named_me = custom("Rock", ME, "Artifact", "", controller=OPP)
    board = make_board([mine("e", "Llanowar Elves"), named_me, splendor(ME)])
    assert could(board)["e"] == "G"


def test_an_attachment_to_no_one_is_a_board_error() -> None:
    with pytest.raises(BoardError, match="unknown permanent or player 'nobody'"):
        Board.from_dict(
            {
                "version": 1,
                "players": [{"id": ME}],
                "permanents": [{**splendor("nobody", ME)}],
            }
        )
