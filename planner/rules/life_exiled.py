"""Life payments replaced by cards exiled from the library: Ashiok, Wicked Manipulator's "If you would pay
life while your library has at least that many cards in it, exile that many cards from the top of your
library instead." (:class:`~models.mana_effects.LifePaymentsExiled`, CR 614.1a).

Each payment is one event: a mana ability's cost as it is activated (CR 601.2g, 602.2b), and the total
cost's life (its Phyrexian symbols, K'rrik's symbols, its additional costs) as the total cost is paid, as a
whole (601.2h). Whether it can be paid at all is judged on the life total first (119.4: the replay's and
the reference search's checks, unchanged); the payment is then replaced when the library holds at least that
many cards, and the life total does not change. The replacement is not optional: a payment the library
covers exiles. The board gives the library's size (contract §10: ``players[].library``); without it the
payments are paid with life and the answer warns (:func:`unknown_library_warnings`); a "no" that the library
might turn into a "yes" (a mana ability of the payer's pays life) is then no answer (``payable`` None:
:func:`planner.described.answer_with_exiled_life`), never a silent "no"."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from models.mana_effects import LifePaymentsExiled
from planner.rules.records import WarningKind

if TYPE_CHECKING:
    from models.board import Board, Player
    from planner.rules.view import BoardView, TextWarning

__all__ = [
    "UNKNOWN_LIBRARY",
    "exiled_instead",
    "exiles_life",
    "library_life",
    "unknown_library_warnings",
    "with_exiled",
]

#: Why a player's own "exile that many cards ... instead" of life is not applied.
UNKNOWN_LIBRARY = (
    "{where} is not given: how many cards it holds is not known, so life payments are paid with life and a "
    "payment only the library could make is not judged (give the library's size, contract §10)"
)


def exiles_life(view: BoardView, player: str) -> bool:
    """True when the player controls an effect that replaces their life payments with cards exiled from
    their library (Ashiok's 'If you would pay life ...': 'you' is its controller)."""
    return any(sourced.controller == player for sourced in view.effects_of(LifePaymentsExiled))


def library_life(view: BoardView, player: str) -> int:
    """The most life the player's library may pay instead of their life total: its size, when they control
    such an effect and the board gives it; else 0 (a bound: what bounds a life cost's activations adds it).

    >>> from models.board import Board
    >>> from planner.rules.view import BoardView
    >>> toy = {"id": "a", "name": "Test Toy", "type_line": "Enchantment", "controller": "me", "oracle":
    ...     "If you would pay life while your library has at least that many cards in it, exile that many "
    ...     "cards from the top of your library instead."}
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me", "library": 7}, {"id": "opp",
    ...     "library": 9}], "permanents": [toy]})
    >>> library_life(BoardView(board), "me"), library_life(BoardView(board), "opp")
    (7, 0)
    """
    if not exiles_life(view, player):
        return 0  # (most boards: no such effect)
    return view.player(player).library or 0


def exiled_instead(view: BoardView, player: str, life: int) -> int:
    """How many cards a payment of ``life`` life (one event, CR 614.1a) exiles from the player's library
    instead of being paid: all of it when the player controls such an effect and the library, its size
    given, holds at least that many cards; else 0 (the life is paid).

    >>> from models.board import Board
    >>> from planner.rules.view import BoardView
    >>> toy = {"id": "a", "name": "Test Toy", "type_line": "Enchantment", "controller": "me", "oracle":
    ...     "If you would pay life while your library has at least that many cards in it, exile that many "
    ...     "cards from the top of your library instead."}
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me", "library": 3}, {"id": "opp"}],
    ...     "permanents": [toy]})
    >>> view = BoardView(board)
    >>> [exiled_instead(view, "me", life) for life in (0, 2, 3, 4)], exiled_instead(view, "opp", 2)
    ([0, 2, 3, 0], 0)
    """
    if life <= 0:
        return 0
    library = view.player(player).library
    if library is None or library < life or not exiles_life(view, player):
        return 0
    return life


def with_exiled(player: Player, count: int) -> Player:
    """The player once ``count`` cards are exiled from the top of their library (the first listed, when the
    board lists them: contract §10).

    >>> from models.board import Player
    >>> after = with_exiled(Player.from_dict({"id": "me", "library": ["Forest", "Island", "Swamp"]}), 2)
    >>> after.library, [card.name for card in after.library_cards or ()]
    (1, ['Swamp'])
    """
    if not count or player.library is None:
        return player
    cards = player.library_cards
    return replace(
        player, library=player.library - count, library_cards=None if cards is None else cards[count:]
    )


def unknown_library_warnings(board: Board, view: BoardView, player: str) -> tuple[TextWarning, ...]:
    """The payer's effects that replace life payments, when the board does not give the library's size:
    not applied (life is paid with life), and said.

    >>> from models.board import Board
    >>> from planner.rules.view import BoardView
    >>> toy = {"id": "a", "name": "Test Toy", "type_line": "Enchantment", "controller": "me", "oracle":
    ...     "If you would pay life while your library has at least that many cards in it, exile that many "
    ...     "cards from the top of your library instead."}
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [toy]})
    >>> [w.reason.split(":")[0] for w in unknown_library_warnings(board, BoardView(board), "me")]
    ['players[0].library is not given']
    """
    mine = [s for s in view.effects_of(LifePaymentsExiled) if s.controller == player]
    if not mine or view.player(player).library is not None:
        return ()  # (most boards: no such effect)
    from planner.rules.view import TextWarning

    where = f"players[{[p.id for p in board.players].index(player)}].library"
    reason = UNKNOWN_LIBRARY.format(where=where)
    return tuple(TextWarning(s.source, s.effect.text, reason, WarningKind.NOT_USED) for s in mine)
