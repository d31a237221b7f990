"""What each permanent could produce (CR 106.7) as the question being answered records it, for the views'
filters that read it ('each land your opponents control that could produce {C}': Obsidian Charmaw).

A view can't import the question module, which builds the views (an import cycle); the question module
hands its reader to this one as it is imported (:func:`read_by`), and a view asks :func:`could_produce_of`.

>>> from models.board import Board
>>> import planner.rules.question  # noqa: F401 - (the question module registers its reader)
>>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
...     {"id": "w", "card": "Wastes", "controller": "me"}]})
>>> str(could_produce_of(board)["w"])
'C'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from models.board import Board
from models.errors import InternalError
from models.mana import ManaTypes

__all__ = ["could_produce_of", "read_by"]

#: The reader the question module registered (one, set once as it is imported).
_READERS: list[Callable[[Board], Mapping[str, ManaTypes]]] = []


def read_by(reader: Callable[[Board], Mapping[str, ManaTypes]]) -> None:
    """Register the question module's reader of what each permanent of a board could produce."""
    _READERS[:] = [reader]


def could_produce_of(board: Board) -> Mapping[str, ManaTypes]:
    """What each permanent of ``board`` could produce, by the registered reader."""
    if not _READERS:
        raise InternalError("could-produce asked before planner.rules.question was imported")
    return _READERS[0](board)
