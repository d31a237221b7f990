"""The public calls of the planner: what permanents could produce, and (later) how to pay a cost."""

from __future__ import annotations

from models.board import Board
from models.errors import InputError, OracleParseError
from models.mana import ManaTypes
from planner.could_produce import could_produce_all
from planner.rules import BoardView, TextWarning

__all__ = ["could_produce", "text_warnings"]


def text_warnings(board: Board, *, strict: bool = False) -> tuple[TextWarning, ...]:
    """The board's sentences the parser did not understand; with ``strict`` the first one is an error.

    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
    ...     {"id": "x", "name": "Odd Rock", "type_line": "Artifact", "controller": "me",
    ...      "oracle": "{T}: Add mana of a strange sort."}]})
    >>> [str(w) for w in text_warnings(board)]
    ["x: unsupported text ignored: '{T}: Add mana of a strange sort.'"]
    """
    warnings = BoardView(board).warnings
    if strict and warnings:
        first = warnings[0]
        raise OracleParseError(
            f"permanents[{first.permanent}]: unsupported text {first.sentence!r} (--strict)"
        )
    return warnings


def could_produce(board: Board, player: str | None = None) -> dict[str, ManaTypes]:
    """The types each permanent could produce (CR 106.7), for one player's permanents or all (``None``).

    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
    ...     {"id": "f1", "card": "Forest", "controller": "me"},
    ...     {"id": "pool", "card": "Reflecting Pool", "controller": "me"}]})
    >>> {pid: str(types) for pid, types in could_produce(board).items()}
    {'f1': 'G', 'pool': 'G'}
    """
    if player is not None and player not in {p.id for p in board.players}:
        known = ", ".join(p.id for p in board.players)
        raise InputError(f"unknown player {player!r}; the board's players are {known}")
    sets = could_produce_all(BoardView(board))
    return {p.id: sets[p.id] for p in board.permanents if player is None or p.controller == player}
