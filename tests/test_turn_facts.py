"""What the board carries about the turn (contract section 10): a player's ``cards_drawn_this_turn`` and
``life_gained_this_turn``, read by "Activate only if you've drawn two or more cards this turn" and "If you've
gained life this turn, add ... instead", and the ``library`` as a list of cards. Expected values are worked
out by hand from each card's text, on both sides of each condition, and checked against the reference
search.
"""

from __future__ import annotations

import pytest
from boards import could, custom

from models.board import Board
from models.cost import PaymentTarget
from planner import max_x, pay
from planner.rules.reference import reference_search

#: needs two cards drawn this turn; makes {U}{U}
STUDY = custom(
    "Study Hall",
    "study",
    "Land",
    "{T}: Add {U}{U}. Activate only if you've drawn two or more cards this turn.",
)
#: makes {W}{W} instead of {C} once its controller gained life this turn
VIGIL = custom(
    "Vigil Hall", "vigil", "Land", "{T}: Add {C}. If you've gained life this turn, add {W}{W} instead."
)


def _board(*, drawn: int = 0, gained: int = 0) -> Board:
    me = {"id": "me", "cards_drawn_this_turn": drawn, "life_gained_this_turn": gained}
    permanents = [
        {**STUDY, "controller": "me"},
        {**VIGIL, "controller": "me"},
        {"id": "i", "card": "Island", "controller": "me"},
    ]
    return Board.from_dict({"version": 1, "players": [me], "permanents": permanents})


def test_cards_drawn_this_turn_open_study_hall() -> None:
    """Two cards drawn: Study Hall's {U}{U} and the Island make {U}{U}{U} (with Vigil Hall's {C}, X of {X}
    is 4); one drawn: Study Hall can't be activated, {U}{U}{U} is not payable and X is 2."""
    drawn = _board(drawn=2)
    assert pay(drawn, PaymentTarget.of("{U}{U}{U}")).payable
    assert max_x(drawn, PaymentTarget.of("{X}")).x == 4
    one = _board(drawn=1)
    assert pay(one, PaymentTarget.of("{U}{U}{U}")).payable is False
    assert max_x(one, PaymentTarget.of("{X}")).x == 2
    assert not pay(drawn, PaymentTarget.of("{U}")).warnings  # (the condition is read, not set aside)


def test_life_gained_this_turn_changes_vigil_halls_mana() -> None:
    """No life gained: Vigil Hall makes {C}, so {W} is not payable; once life was gained it makes {W}{W}:
    {W}{W} is payable and X of {X} is 3 (with the Island, Study Hall shut)."""
    none = _board()
    assert could(none)["vigil"] == "C"
    assert pay(none, PaymentTarget.of("{W}")).payable is False
    gained = _board(gained=3)
    assert could(gained)["vigil"] == "W"
    assert pay(gained, PaymentTarget.of("{W}{W}")).payable
    assert max_x(gained, PaymentTarget.of("{X}")).x == 3


@pytest.mark.parametrize(("drawn", "gained"), [(0, 0), (2, 0), (1, 1), (3, 2)])
@pytest.mark.parametrize("cost", ["{U}{U}{U}", "{W}{W}{U}", "{C}{U}", "{4}"])
def test_turn_facts_agree_with_the_reference_search(drawn: int, gained: int, cost: str) -> None:
    board = _board(drawn=drawn, gained=gained)
    target = PaymentTarget.of(cost)
    assert pay(board, target).payable == reference_search(board, target).payable


def test_the_library_as_a_list_is_kept() -> None:
    """A library given as cards counts them, and is written back as the same list."""
    data = {
        "version": 1,
        "players": [{"id": "me", "library": ["Forest", {"name": "X", "type_line": "Land"}]}],
    }
    board = Board.from_dict(data)
    me = board.player("me")
    assert me.library == 2 and [card.name for card in me.library_cards or ()] == ["Forest", "X"]
    assert board.to_dict() == data
    assert (
        Board.from_dict({"version": 1, "players": [{"id": "me", "library": 30}]}).player("me").library_cards
        is None
    )
