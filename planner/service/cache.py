"""Boards that repeat, read once: a bounded least-recently-used cache from a board's content to the board.

A client often asks about the same board many times (with different costs). The key is the board's
canonical JSON (keys sorted, no spaces), so the same content in another key order or spacing hits too; the
value is the loaded :class:`~models.board.Board`, whose analysis the planner's own caches then share. The
cache holds at most :data:`MAX_BOARDS` boards and :data:`MAX_KEY_CHARS` of keys. Boards that fail to load are
not kept (their error is worked out again), and a board that gives a field twice, or holds a number too large
to read, is never looked up, so that it gets the loader's error rather than the answer for the board it
would be without the repeat.

>>> cache = BoardCache()
>>> data = {"version": 1, "players": [{"id": "me"}]}
>>> load = cache.loader(data)
>>> board, source = load(False)
>>> source, cache.loader({"players": [{"id": "me"}], "version": 1})(False)[0] is board, cache.hits
('board', True, 1)
"""

from __future__ import annotations

import json
import threading
from collections import OrderedDict
from typing import TYPE_CHECKING, Final, TextIO

from models.kept import CACHING

if TYPE_CHECKING:
    from models.board import Board
    from models.carddata.names import CardResolver
    from planner.requests import BoardLoader

__all__ = ["MAX_BOARDS", "MAX_KEY_CHARS", "SOURCE", "BoardCache"]

#: The name board errors use in the service (the parameter the board comes in).
SOURCE: Final = "board"
#: The most boards the cache keeps.
MAX_BOARDS: Final = 256
#: The most characters of canonical JSON the cache keeps, all keys together (a bigger board is not kept).
MAX_KEY_CHARS: Final = 32 * 1024 * 1024


class BoardCache:
    """Loaded boards by their canonical JSON, least recently used dropped first; safe to share by threads."""

    def __init__(
        self, max_boards: int = MAX_BOARDS, max_chars: int = MAX_KEY_CHARS, cards: CardResolver | None = None
    ) -> None:
        self.cards = cards  # resolves the boards' card names: the card store, then the catalogue
        self.max_boards = max_boards
        self.max_chars = max_chars
        self.hits = 0
        self.misses = 0
        self._boards: OrderedDict[str, Board] = OrderedDict()
        self._chars = 0
        self._lock = threading.Lock()

    def __len__(self) -> int:
        return len(self._boards)

    def loader(self, data: object, warnings: TextIO | None = None) -> BoardLoader:
        """The board loader for a call's ``board`` parameter (parsed JSON): reads it, or finds it read.

        Unsupported Oracle text is written to ``warnings`` once, when the board is first read; with
        ``strict`` it is an error (as ``mana-planner --strict`` makes it).
        """

        def load(strict: bool) -> tuple[Board, str]:
            from planner.api import text_warnings
            from planner.requests import about_board

            board = self.get(data, warnings)
            if strict:
                with about_board(SOURCE):
                    text_warnings(board, strict=True)
            return board, SOURCE

        return load

    def get(self, data: object, warnings: TextIO | None = None) -> Board:
        """The board for this content, read (and kept) unless it was already; raises ``BoardError``."""
        from models.board import Board, repeats_a_field

        try:
            key = json.dumps(data, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
        except (TypeError, ValueError):  # (a number too large to read, or a field name that is no string)
            key = None
        if key is None or repeats_a_field(data) or not CACHING:  # (MANA_PLANNER_CACHE=off: nothing kept)
            return Board.from_dict(data, SOURCE, cards=self.cards)
        with self._lock:
            board = self._boards.get(key)
            if board is not None:
                self._boards.move_to_end(key)
                self.hits += 1
                return board
        board = Board.from_dict(data, SOURCE, cards=self.cards)
        self._warn(board, warnings)
        with self._lock:
            self.misses += 1
            if len(key) <= self.max_chars and key not in self._boards:
                self._boards[key] = board
                self._chars += len(key)
                while len(self._boards) > self.max_boards or self._chars > self.max_chars:
                    old, _ = self._boards.popitem(last=False)
                    self._chars -= len(old)
        return board

    @staticmethod
    def _warn(board: Board, warnings: TextIO | None) -> None:
        """Report the board's unsupported text, as the commands do on standard error."""
        if warnings is None:
            return
        from planner.api import text_warnings

        for warning in text_warnings(board):
            print(f"mana-planner: warning: {SOURCE}: {warning}", file=warnings, flush=True)
