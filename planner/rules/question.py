"""One question's analysis of its boards: the views (:class:`~planner.rules.view.BoardView`) of every board
the question meets and what each could produce, each board analysed once, all of it gone with the question.

A question (``pay``, ``max-x``, ``could-produce``, a turn's plan, one call of the service, one command) runs
inside :func:`question`; every stage below it (the fast path, CP-SAT, the replay, the description, the
warnings) asks :func:`view_of` and :func:`could_produce_of`, which answer from the question's record. The
boards of one question that differ only in what a plan changes without changing characteristics (tapped
flags, abilities activated, pools, life totals: :func:`structure`) share what their views worked out of
their permanents (:meth:`~planner.rules.view.BoardView.rebind`).

Across questions, what is kept is per-card (:mod:`models.kept`), and one more thing: the analyses of the
last :data:`RECENT_BOARDS` boards, in bounded kept tables keyed by the whole board's value (every permanent,
status, counter, player and zone), so that a board asked about again (a client asking a second question of
the same board, the same board with another cost) is not analysed again, while a board that differs in
anything at all is. An analysis is a pure function of its board, so the key holds everything it reads by
construction. ``MANA_PLANNER_CACHE=off`` turns these tables off with the others. Outside a question, each call
analyses its board afresh but for these tables.

>>> from models.board import Board
>>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
...     {"id": "f", "card": "Forest", "controller": "me"}]})
>>> with question():
...     view_of(board) is view_of(board)
True
>>> from models.kept import CACHING
>>> with question():
...     first = view_of(board)
>>> with question():  # (another question of the same board: its analysis is a recent board's)
...     (view_of(board) is first) == CACHING
True
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import replace
from functools import wraps
from typing import TYPE_CHECKING, ParamSpec, TypeVar

from models.kept import CACHING, KeptMap, question_readings
from planner.rules.producing import read_by

if TYPE_CHECKING:
    from models.board import Board
    from models.mana import ManaTypes
    from planner.rules.view import BoardView

__all__ = [
    "Question",
    "could_produce_of",
    "current_question",
    "question",
    "structure",
    "view_of",
    "within_question",
]

_Params = ParamSpec("_Params")
_Result = TypeVar("_Result")
_Value = TypeVar("_Value")

#: The most boards, and board structures, one question keeps the analysis of (a long question, a turn's
#: plan over many boards, starts again past it: the analyses are worked out again, never wrong).
BOARDS_PER_QUESTION = 4096

#: The boards (and board structures) whose analyses are kept across questions, the one kept longest forgotten
#: first.
RECENT_BOARDS = 32

_RECENT_VIEWS: KeptMap[Board, BoardView] = KeptMap("planner.rules.question.recent_views", RECENT_BOARDS)
_RECENT_STRUCTURES: KeptMap[Board, BoardView] = KeptMap(
    "planner.rules.question.recent_structures", RECENT_BOARDS
)
_RECENT_REFLECT: KeptMap[Board, dict[str, ManaTypes]] = KeptMap(
    "planner.rules.question.recent_could_produce", RECENT_BOARDS
)


def structure(board: Board) -> Board:
    """The board with everything a plan changes without changing characteristics reset: untapped, no
    abilities activated this turn, empty pools, and of each life total only whether it is above 0 (Sanctum of
    the Sun could produce mana only then: CR 106.7); counters, sacrifices, graveyards and hands do change what
    could be produced, so they stay. Of the pools, the most mana in one is kept (:attr:`Board.pool_most`:
    an X paid with it, :mod:`planner.rules.paid_x`).

    >>> from models.board import Board
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me", "life": 7}], "permanents": [
    ...     {"id": "f", "card": "Forest", "controller": "me", "tapped": True}]})
    >>> shape = structure(board)
    >>> shape.permanent("f").tapped, shape.player("me").life
    (False, 1)
    >>> floating = Board.from_dict({"version": 1, "players": [{"id": "me", "pool": ["{G}", "{C}{C}"]}]})
    >>> structure(floating).player("me").pool, structure(floating).pool_most
    ((), 3)
    """
    permanents = board.permanents
    if any(p.tapped or p.activated_this_turn for p in permanents):
        permanents = tuple(
            (replace(p, activated_this_turn=()) if p.activated_this_turn else p).with_tapped(False)
            for p in permanents
        )
    players = tuple(p.with_life_and_pool(1 if p.life > 0 else 0, ()) for p in board.players)
    shape = board.with_records(players, permanents)
    floating = max((sum(entry.mana.total for entry in p.pool) for p in board.players), default=0)
    if floating > board.pool_most:  # (what an X paid with the pool may reach: planner.rules.paid_x)
        object.__setattr__(shape, "pool_most", floating)
    return shape


class Question:
    """The analysis of the boards one question meets: a view of each, sharing what a view of its structure
    worked out, and what each structure could produce (CR 106.7)."""

    __slots__ = ("_reflect", "_structures", "_views")

    def __init__(self) -> None:
        self._structures: dict[Board, BoardView] = {}
        self._views: dict[Board, BoardView] = {}
        self._reflect: dict[Board, dict[str, ManaTypes]] = {}

    def view_of(self, board: Board) -> BoardView:
        """The view of ``board`` in this question (the same view each time it is asked)."""
        view = self._views.get(board)
        if view is None:
            view = _RECENT_VIEWS.get(board)
            if view is None:
                view = self._structural(structure(board)).rebind(board)
                _RECENT_VIEWS.put(board, view)
            _bounded(self._views)[board] = view
        return view

    def could_produce_of(self, board: Board) -> dict[str, ManaTypes]:
        """What each permanent of ``board`` could produce (CR 106.7): costs are ignored, so tapping changes
        nothing."""
        shape = structure(board)
        found = self._reflect.get(shape)
        if found is None:
            found = _RECENT_REFLECT.get(shape)
            if found is None:
                from planner.rules.could_produce import could_produce_all  # (commands start here: light)

                found = could_produce_all(self._structural(shape))
                _RECENT_REFLECT.put(shape, found)
            _bounded(self._reflect)[shape] = found
        return found

    def _structural(self, shape: Board) -> BoardView:
        view = self._structures.get(shape)
        if view is None:
            view = _RECENT_STRUCTURES.get(shape)
            if view is None:
                from planner.rules.view import BoardView  # (this module starts commands: light)

                view = BoardView(shape)
                _RECENT_STRUCTURES.put(shape, view)
            _bounded(self._structures)[shape] = view
        return view


def _bounded(table: dict[Board, _Value]) -> dict[Board, _Value]:
    """``table``, emptied first when it holds :data:`BOARDS_PER_QUESTION` boards."""
    if len(table) >= BOARDS_PER_QUESTION:
        table.clear()
    return table


#: The question being answered in this thread (or task), if any.
_CURRENT: ContextVar[Question | None] = ContextVar("mana_planner_question", default=None)


@contextmanager
def question() -> Iterator[Question]:
    """Answer one question inside: the boards it meets are analysed once, and forgotten at its end. Inside a
    question already (a turn's plan paying each spell), it is that question.

    >>> with question() as outer, question() as inner:
    ...     outer is inner
    True
    """
    current = _CURRENT.get()
    if current is not None:
        yield current
        return
    asked = Question()
    token = _CURRENT.set(asked)
    try:
        with question_readings():  # (with the tables off, each card is still read once in the question)
            yield asked
    finally:
        _CURRENT.reset(token)


def within_question(function: Callable[_Params, _Result]) -> Callable[_Params, _Result]:
    """``function`` answered inside :func:`question` (one question, or a part of the question it is asked in).

    >>> from models.board import Board
    >>> @within_question
    ... def same(board: Board) -> bool:
    ...     return view_of(board) is view_of(board)
    >>> same(Board.from_dict({"version": 1, "players": [{"id": "me"}]}))
    True
    """

    @wraps(function)
    def answer(*args: _Params.args, **kwargs: _Params.kwargs) -> _Result:
        # (what :func:`question` does, without a generator's frame at every call of the API)
        if _CURRENT.get() is not None:
            return function(*args, **kwargs)
        token = _CURRENT.set(Question())
        try:
            if CACHING:
                return function(*args, **kwargs)
            with question_readings():  # (with the tables off, each card is still read once in the question)
                return function(*args, **kwargs)
        finally:
            _CURRENT.reset(token)

    return answer


def current_question() -> Question:
    """The question being answered, or a new one for this call alone (outside any question)."""
    return _CURRENT.get() or Question()


def view_of(board: Board) -> BoardView:
    """The view of ``board`` in the question being answered (:meth:`Question.view_of`)."""
    return current_question().view_of(board)


def could_produce_of(board: Board) -> dict[str, ManaTypes]:
    """What each permanent of ``board`` could produce, in the question being answered
    (:meth:`Question.could_produce_of`)."""
    return current_question().could_produce_of(board)


#: (the views' filters that read what a permanent could produce ask the question being answered)
read_by(could_produce_of)
