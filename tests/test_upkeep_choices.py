"""Effects a trigger makes at the upkeep for the rest of the turn, read with the choice the board gives:
Hall of Gemstone ("At the beginning of each player's upkeep, that player chooses a color. Until end of turn,
lands tapped for mana produce mana of the chosen color instead of any other color.", CR 614.1a: colorless
mana is of no color and stays colorless). Values derived by hand, each board checked against the reference
search.
"""

from __future__ import annotations

from typing import Any

import pytest
from boards import agrees_with_reference, card, could, custom, make_board
from cost_part_cards import HALL_OF_GEMSTONE

from models.cost import PaymentTarget
from models.oracle import parse_oracle
from planner.api import max_x, pay

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
