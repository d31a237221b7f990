"""The card on top of a player's library, as a condition reads it: Mul Daya Channelers' 'As long as the top
card of your library is a land card, ~ has "{T}: Add two mana of any one color."' (and its '+3/+3' for a
creature card). The board's ``library`` listed as cards gives it, the first listed on top (contract section
10; :func:`planner.rules.amounts.top_card_matches` judges it); a library given as a count, or not at all, does
not: what reads it is set aside with a warning naming the path to give, never guessed. An empty library has
no top card: the condition does not hold.

No mana ability moves a card to or from a library (CR 605.1a: such an ability is no mana ability, and is not
activated while paying), so the top card a payment starts with stays on top through it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from models.abilities import ManaAbility, ObjectFilter

if TYPE_CHECKING:
    from planner.rules.view import BoardView

__all__ = ["library_conditions", "top_card_gap"]


def library_conditions(ability: ManaAbility) -> tuple[ObjectFilter, ...]:
    """The filters its conditions ask of the card on top of its controller's library.

    >>> from models.oracle import parse_oracle
    >>> text = ('As long as the top card of your library is a land card, ~ has "{T}: Add two mana of any one '
    ...     'color."')
    >>> [flt.types for flt in library_conditions(parse_oracle(text).mana_abilities[0])]
    [('Land',)]
    """
    written = ability.written_conditions
    return tuple(condition.top_of_library for condition in written if condition.top_of_library is not None)


def top_card_gap(view: BoardView, player: str) -> str | None:
    """Why the board does not say which card is on top of ``player``'s library (its ``library`` is not a list
    of cards), as the path to give and why; None when it does.

    >>> from models.board import Board
    >>> from planner.rules.view import BoardView
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me", "library": 30}], "permanents": []})
    >>> print(top_card_gap(BoardView(board), "me"))
    players[0].library: the top card of the library is read: give the library's cards, the top one first
    """
    board = view.board
    if board.player(player).library_cards is not None:
        return None
    where = f"players[{[p.id for p in board.players].index(player)}].library"
    return f"{where}: the top card of the library is read: give the library's cards, the top one first"
