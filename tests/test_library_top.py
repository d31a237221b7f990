"""The top card of the library, as a condition reads it (issue 35): Mul Daya Channelers' 'As long as the top
card of your library is a land card, ~ has "{T}: Add two mana of any one color."' and 'As long as the top card
of your library is a creature card, ~ gets +3/+3.' The board's ``library`` listed as cards gives the top card
(the first listed, contract section 10); given as a count, the ability and what reads the power are set aside
with a warning naming ``players[i].library``, never guessed. No mana ability moves a library's card (CR
605.1a), so the top card stays through a payment. Before, both sentences were left unjudged (warned).

Values are derived by hand from the rules; each verdict is checked against the reference search too
(:func:`boards.checked_verdict`). The cards are small fixtures written here.
"""

from __future__ import annotations

from typing import Any

from boards import ME, OPP, checked_verdict, could, custom, largest_x

from models.board import Board
from models.layer_effects import PowerChange
from models.oracle import parse_oracle
from planner.api import text_warnings

CHANNELERS = (
    "Play with the top card of your library revealed.\nAs long as the top card of your library is a creature "
    "card, Test Channelers gets +3/+3.\nAs long as the top card of your library is a land card, Test "
    'Channelers has "{T}: Add two mana of any one color."'
)
#: '{T}: Add X mana of any one color, where X is the greatest power among creatures you control.'
GREATEST = "{T}: Add X mana of any one color, where X is the greatest power among creatures you control."


def channelers_board(library: Any, *, greatest: bool = False) -> Board:
    """A board of "me" with the Channelers (2/2 printed) and this ``library``; with ``greatest``, a 1/1 that
    adds X mana of one color, X the greatest power among my creatures."""
    channelers = custom("Test Channelers", "m", "Creature — Elf Shaman", CHANNELERS, controller=ME, power=2)
    permanents = [{**channelers, "toughness": 2}]
    if greatest:
        permanents.append(custom("Test Seer", "s", "Creature — Elf", GREATEST, controller=ME, power=1))
    me = {"id": ME, "library": library}
    return Board.from_dict({"version": 1, "players": [me, {"id": OPP}], "permanents": permanents})


def test_the_conditions_are_read() -> None:
    read = parse_oracle(CHANNELERS, "Test Channelers")
    (ability,) = read.mana_abilities
    assert ability.activation_condition is not None and not ability.exists_while
    top = ability.activation_condition.top_of_library
    assert top is not None and top.types == ("Land",)
    (pump,) = read.effects
    assert isinstance(pump, PowerChange) and pump.condition is not None
    assert pump.condition.top_of_library is not None
    assert not read.unsupported


def test_a_land_on_top_gives_two_mana_of_one_color() -> None:
    """A Forest on top: the Channelers taps for two mana of any one color: {U}{U}, not {U}{G}; X = 2."""
    board = channelers_board(["Forest", "Llanowar Elves"])
    assert checked_verdict(board, "{U}{U}") and not checked_verdict(board, "{U}{G}")
    assert largest_x(board) == 2 and could(board) == {"m": "WUBRG"} and not text_warnings(board)


def test_a_creature_on_top_gives_no_mana_but_the_power() -> None:
    """Llanowar Elves on top: no mana ability; the Channelers is 5/5 (2/2 and +3/+3, layer 7c), so the Seer
    adds five mana of one color: X = 5 (and {G}{G}{G}{G}{G}{G} is too much)."""
    board = channelers_board(["Llanowar Elves", "Forest"])
    assert not checked_verdict(board, "{U}") and largest_x(board) == 0
    with_seer = channelers_board(["Llanowar Elves", "Forest"], greatest=True)
    assert checked_verdict(with_seer, "{G}{G}{G}{G}{G}")
    assert not checked_verdict(with_seer, "{G}{G}{G}{G}{G}{G}")
    assert largest_x(with_seer) == 5 and not text_warnings(with_seer)


def test_with_a_land_on_top_the_seer_counts_the_printed_power() -> None:
    """A Forest on top: the Channelers is 2/2 and taps for two mana; the Seer adds two (greatest power 2):
    X = 4."""
    board = channelers_board(["Forest"], greatest=True)
    assert largest_x(board) == 4 and checked_verdict(board, "{U}{U}{R}{R}")
    assert not checked_verdict(board, "{U}{U}{R}{G}")


def test_an_empty_library_has_no_top_card() -> None:
    board = channelers_board([])
    assert not checked_verdict(board, "{C}") and largest_x(board) == 0 and not text_warnings(board)


def test_a_library_given_as_a_count_sets_what_reads_its_top_aside() -> None:
    """30 cards, none named: the ability and the Seer (which reads the power the top card may pump) are set
    aside, each with a warning naming players[0].library: X = 0, never a guess."""
    board = channelers_board(30, greatest=True)
    warnings = text_warnings(board)
    assert {w.permanent for w in warnings} == {"m", "s"}
    assert all("players[0].library" in str(w) for w in warnings)
    assert largest_x(board) == 0
