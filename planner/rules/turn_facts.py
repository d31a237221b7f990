"""Facts of the turn the board gives that conditions read ("if a non-Zombie creature died this turn"): what
each answers, or None when the board does not say (then the condition is not used and the answer's
``warnings`` name the field: never guessed).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from models.filters import ObjectFilter
from planner.rules.amounts import card_matches

if TYPE_CHECKING:
    from planner.rules.view import BoardView

__all__ = ["creatures_died", "died_gap"]


def creatures_died(view: BoardView, wanted: ObjectFilter | None, name: str) -> int | None:
    """How many of the creatures that died this turn (CR 700.4, whoever controlled them: the board's
    ``creatures_died_this_turn``) ``wanted`` describes (None: any creature), written on the card named
    ``name`` ('a creature not named ~'); their types as they last existed (CR 608.2h), as listed. None when
    the board gives only how many died and ``wanted`` asks which; 0 when the board does not give it (the
    caller warns).

    >>> from models.board import Board
    >>> from planner.rules.view import BoardView
    >>> zombie = {"name": "Test Zombie", "type_line": "Creature — Zombie"}
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}],
    ...     "creatures_died_this_turn": [zombie, "Llanowar Elves"]})
    >>> non_zombie = ObjectFilter(types=("Creature",), excluded=("Zombie",))
    >>> other = ObjectFilter(types=("Creature",), other_name=True)
    >>> [creatures_died(BoardView(board), flt, "Test Zombie") for flt in (None, non_zombie, other)]
    [2, 1, 1]
    >>> counted = Board.from_dict({"version": 1, "players": [{"id": "me"}], "creatures_died_this_turn": 2})
    >>> creatures_died(BoardView(counted), None, "x"), creatures_died(BoardView(counted), non_zombie, "x")
    (2, None)
    """
    board = view.board
    listed = board.creatures_died
    if listed is None:
        if wanted is None:
            return board.creatures_died_this_turn or 0
        return None if board.creatures_died_this_turn else 0
    if wanted is None:
        return len(listed)
    return sum(
        1
        for card in listed
        if card_matches(view, wanted, card, board.active_player, "")
        and not (wanted.other_name and card.name.casefold() == name.casefold())
    )


def died_gap(view: BoardView, wanted: ObjectFilter | None) -> str:
    """Why the creatures that died this turn can't answer ``wanted`` (None: any creature), as a warning's
    reason names the field; '' when they can.

    >>> from models.board import Board
    >>> from planner.rules.view import BoardView
    >>> counted = Board.from_dict({"version": 1, "players": [{"id": "me"}], "creatures_died_this_turn": 1})
    >>> died_gap(BoardView(counted), ObjectFilter(types=("Creature",), excluded=("Zombie",)))
    'creatures_died_this_turn gives how many creatures died, not which: not used'
    >>> died_gap(BoardView(counted), None)
    ''
    """
    board = view.board
    if board.creatures_died_this_turn is None:
        return "creatures_died_this_turn is not given: none counted"
    if wanted is not None and board.creatures_died is None and board.creatures_died_this_turn:
        return "creatures_died_this_turn gives how many creatures died, not which: not used"
    return ""
