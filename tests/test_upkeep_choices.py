"""Effects a trigger makes at the upkeep for the rest of the turn, read with what the board says the trigger
chose or counted:

- Hall of Gemstone ("At the beginning of each player's upkeep, that player chooses a color. Until end of
  turn, lands tapped for mana produce mana of the chosen color instead of any other color.", CR 614.1a:
  colorless mana is of no color and stays colorless), with ``choices.color``;
- Chaos Moon (the number of permanents counted at each upkeep: odd, whoever taps a Mountain for mana adds an
  additional {R}; even, a Mountain tapped for mana produces colorless mana instead of any other type; red
  creatures get +1/+1 or -1/-1 either way), with ``choices.upkeep_count``.

Values derived by hand, each board checked against the reference search.
"""

from __future__ import annotations

from typing import Any

import pytest
from boards import COUNTED, agrees_with_reference, card, could, custom, make_board
from cost_part_cards import CHAOS_MOON_TEXT, HALL_OF_GEMSTONE

from models.board import Board
from models.cost import PaymentTarget
from models.oracle import parse_oracle
from planner.api import max_x, pay, text_warnings

HALL_TEXT = HALL_OF_GEMSTONE["oracle"]


def hall(color: str | None) -> dict[str, Any]:
    choices = {} if color is None else {"choices": {"color": color}}
    return custom("Hall of Gemstone", "hall", "World Enchantment", HALL_TEXT, **choices)


def lands(color: str | None) -> list[dict[str, Any]]:
    """The Hall, a Forest, an Island, Wastes, an opponent's Mountain and Birds of Paradise (no land)."""
    return [
        hall(color),
        card("Forest", "forest"),
        card("Island", "island"),
        card("Wastes", "wastes"),
        card("Mountain", "theirs", controller="opp"),
        card("Birds of Paradise", "birds"),
    ]


def test_the_sentence_is_read_as_a_replacement_of_colors() -> None:
    parsed = parse_oracle(HALL_TEXT)
    assert [s.read_as for s in parsed.sentences][-1] not in ("unsupported", "unread")
    assert len(parsed.effects) == 1


def test_lands_make_the_chosen_color_and_colorless_stays() -> None:
    board = make_board(lands("R"))
    assert could(board) == {
        "hall": "",
        "forest": "R",
        "island": "R",
        "wastes": "C",
        "theirs": "R",  # (every land: "lands tapped for mana", whoever taps them)
        "birds": "WUBRG",  # (no land)
    }


@pytest.mark.parametrize(
    ("cost", "payable"),
    [
        ("{R}{R}{C}", True),
        ("{R}{R}{G}", True),  # (Birds make the {G})
        ("{R}{R}{R}", True),
        ("{G}{U}", False),  # (one green or blue at most: the Birds)
        ("{C}{C}", False),
        ("{4}", True),
        ("{5}", False),
    ],
)
def test_pay_with_the_chosen_color(cost: str, payable: bool) -> None:
    board = make_board(lands("R"))
    checked = agrees_with_reference(board, PaymentTarget.of(cost), max_states=200_000)
    assert checked is not None and checked.payable is payable, cost


def test_max_x_with_the_chosen_color() -> None:
    board = make_board(lands("R"))
    assert max_x(board, PaymentTarget.of("{X}{R}{R}")).x == 2  # (four mana: Forest, Island, Wastes, Birds)
    assert max_x(board, PaymentTarget.of("{X}{U}")).x == 3  # (the Birds' {U})
    assert max_x(board, PaymentTarget.of("{X}{C}{C}")).payable is False


def test_without_a_color_chosen_this_turn_the_effect_is_not_there_and_is_named() -> None:
    board = make_board(lands(None))
    assert could(board)["forest"] == "G"
    result = pay(board, PaymentTarget.of("{G}{U}"))
    assert result.payable
    assert any("choices.color" in warning.reason for warning in result.warnings)


def moon_board(counted: int | None, *others: dict[str, Any]) -> Board:
    """Chaos Moon with the number it counted at this turn's upkeep, a Mountain, a Forest and the others."""
    choices = {} if counted is None else {"choices": {"upkeep_count": counted}}
    moon = custom("Chaos Moon", "moon", "Enchantment", CHAOS_MOON_TEXT, mana_cost="{3}{R}", **choices)
    return make_board([moon, card("Mountain", "mountain"), card("Forest", "forest"), *others])


def test_both_halves_of_chaos_moon_are_read() -> None:
    parsed = parse_oracle(CHAOS_MOON_TEXT)
    assert [s.read_as for s in parsed.sentences].count("unsupported") == 0
    assert len(parsed.effects) == 2
    assert parsed.changes_power  # (red creatures get +1/+1 or -1/-1)


@pytest.mark.parametrize(
    ("cost", "payable"),
    [("{R}{R}{G}", True), ("{R}{R}{R}", False), ("{2}{G}", True), ("{3}{G}", False), ("{C}", False)],
)
def test_an_odd_count_gives_an_additional_red_for_a_mountain(cost: str, payable: bool) -> None:
    board = moon_board(5)
    assert could(board)["mountain"] == "R"
    checked = agrees_with_reference(board, PaymentTarget.of(cost), max_states=200_000)
    assert checked is not None and checked.payable is payable, cost


@pytest.mark.parametrize(
    ("cost", "payable"), [("{C}{G}", True), ("{R}", False), ("{1}{G}", True), ("{3}", False)]
)
def test_an_even_count_makes_a_mountain_colorless(cost: str, payable: bool) -> None:
    board = moon_board(6)
    assert could(board)["mountain"] == "C"
    checked = agrees_with_reference(board, PaymentTarget.of(cost), max_states=200_000)
    assert checked is not None and checked.payable is payable, cost


def test_max_x_with_either_count() -> None:
    assert max_x(moon_board(5), PaymentTarget.of("{X}{G}")).x == 2  # (the Mountain's {R}{R})
    assert max_x(moon_board(6), PaymentTarget.of("{X}{G}")).x == 1  # (its {C})
    assert max_x(moon_board(0), PaymentTarget.of("{X}{R}")).payable is False  # (0 is even)


def test_without_the_count_neither_half_is_there_and_both_are_named() -> None:
    board = moon_board(None)
    assert could(board)["mountain"] == "R"
    result = pay(board, PaymentTarget.of("{R}{G}"))
    assert result.payable
    assert sum("choices.upkeep_count" in warning.reason for warning in result.warnings) == 2
    assert not pay(board, PaymentTarget.of("{R}{R}{G}")).payable


def test_a_power_read_beside_chaos_moon_is_never_guessed() -> None:
    """Red creatures get +1/+1 or -1/-1 this turn: an ability that reads a creature's power is set aside
    with a warning rather than used with the printed power."""
    giant = {**COUNTED["giant"], "id": "giant", "color_indicator": "R"}
    board = moon_board(5, giant)
    result = pay(board, PaymentTarget.of("{G}{G}"))
    assert not result.payable  # (the Giant is not used: the Forest alone makes one {G})
    assert any("changes creatures' power" in warning.reason for warning in text_warnings(board))
