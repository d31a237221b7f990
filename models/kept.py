"""What is kept from one question to the next: analyses of printed cards, and of the boards last asked about.

A per-card analysis is a pure function of a card's printed characteristics and its choices (its Oracle text,
name, type line, mana cost, a chosen color): reading its text, the mana abilities it has, the kinds of sources
it makes. (A pure function of other values that are not a board, such as a cost or a count, may be kept the
same way.) Such a function is declared with :func:`per_card`, which keeps its results in a bounded table of
its own (least recently used out first) and registers the table here, so that every table kept across
questions is listed in one place, with its size and hit rate (:func:`kept_tables`), and can be emptied at
once (:func:`forget_all`).

Everything that depends on a board lives in the analysis of the question (``planner.rules.question``,
``planner.solve.problem``) and dies with it, but for one bounded exception: the analyses of the last few
boards, kept by the whole board's value (an equal board, and only an equal one, finds its analysis again; see
``planner.rules.question``), for clients that ask several questions of one board.

The environment variable ``MANA_PLANNER_CACHE=off``, read when this module is first imported, turns every
table off: each call then works its answer out again. Answers never depend on it; the differential tests run
both ways. A card's reading (``per_card(..., once_per_question=True)``: its Oracle text read by the grammar,
which every stage of a question asks for, for every board the question meets) is then still worked out once
per question: in the question's own record of readings (:func:`question_readings`, opened by
``planner.rules.question``), which dies with the question, as the question's views do.

>>> @per_card(maxsize=16)
... def letters(text: str) -> int:
...     return sum(c.isalpha() for c in text)
>>> letters("{T}: Add {G}."), letters("{T}: Add {G}.")
(5, 5)
>>> [(t.size, t.hits, t.misses) for t in kept_tables() if t.name.endswith(".letters")] == (
...     [(1, 1, 1)] if CACHING else []
... )
True
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable, Hashable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from functools import lru_cache, wraps
from typing import Any, Generic, Protocol, TypeVar, cast

__all__ = [
    "CACHE_SWITCH",
    "CACHING",
    "KeptMap",
    "KeptTable",
    "QuestionReadings",
    "forget_all",
    "kept_tables",
    "per_card",
    "question_readings",
]

CACHE_SWITCH = "MANA_PLANNER_CACHE"
"""The environment variable that turns every kept table off: ``off`` (or ``0``, ``no``, ``false``)."""

CACHING: bool = os.environ.get(CACHE_SWITCH, "on").strip().lower() not in {"off", "0", "no", "false"}
"""Whether tables keep anything in this process (read once, when this module is imported)."""

_Function = TypeVar("_Function", bound=Callable[..., Any])
_Key = TypeVar("_Key", bound=Hashable)
_Value = TypeVar("_Value")


@dataclass(frozen=True, slots=True)
class KeptTable:
    """One table kept across questions, as it stands: its name (the module and function it serves), how many
    entries it holds and may hold, and how often a call found its answer there."""

    name: str
    size: int
    maxsize: int
    hits: int
    misses: int

    @property
    def hit_rate(self) -> float:
        """The share of calls answered from the table (0 before any call).

        >>> KeptTable("m.f", size=3, maxsize=8, hits=3, misses=1).hit_rate
        0.75
        """
        calls = self.hits + self.misses
        return self.hits / calls if calls else 0.0


class _Table(Protocol):
    def stats(self) -> KeptTable: ...

    def clear(self) -> None: ...


_TABLES: list[_Table] = []


class _CachedFunction:
    """A :func:`functools.lru_cache` of a per-card function, seen as a table."""

    def __init__(self, name: str, cached: Any, maxsize: int) -> None:
        self.name = name
        self.cached = cached
        self.maxsize = maxsize

    def stats(self) -> KeptTable:
        info = self.cached.cache_info()
        return KeptTable(self.name, info.currsize, self.maxsize, info.hits, info.misses)

    def clear(self) -> None:
        self.cached.cache_clear()


def per_card(maxsize: int, *, once_per_question: bool = False) -> Callable[[_Function], _Function]:
    """Declares a per-card analysis: a pure function of a card's printed characteristics and choices (hashable
    arguments, never a board), whose results are kept across questions in a table of at most ``maxsize``
    entries. With the tables off (:data:`CACHING`), the function itself is returned; but for a reading
    (``once_per_question``), worked out once per question in the question's record
    (:func:`question_readings`), and at each call outside any question.

    >>> @per_card(maxsize=4)
    ... def doubled(text: str) -> str:
    ...     return text * 2
    >>> doubled("G")
    'GG'
    """

    def declare(function: _Function) -> _Function:
        if not CACHING:
            return _read_once_per_question(function) if once_per_question else function
        cached = lru_cache(maxsize=maxsize)(function)
        _TABLES.append(_CachedFunction(f"{function.__module__}.{function.__qualname__}", cached, maxsize))
        return cast(_Function, cached)

    return declare


class QuestionReadings:
    """The readings one question worked out with the tables off (:func:`per_card` with ``once_per_question``),
    by function and arguments; it dies with the question. Past :data:`READINGS_PER_QUESTION` readings it
    starts again (a reading is then worked out again, never wrong).

    >>> readings = QuestionReadings()
    >>> readings.read(str.upper, ("g",)), readings.read(str.upper, ("g",)), readings.size
    ('G', 'G', 1)
    """

    __slots__ = ("_found",)

    def __init__(self) -> None:
        self._found: dict[tuple[Callable[..., Any], tuple[Hashable, ...]], Any] = {}

    @property
    def size(self) -> int:
        """How many readings the question holds."""
        return len(self._found)

    def read(self, function: Callable[..., _Value], args: tuple[Hashable, ...]) -> _Value:
        """``function(*args)``, worked out once in this question."""
        key = (function, args)
        found = self._found
        if key in found:
            return cast(_Value, found[key])
        value = function(*args)
        if len(found) >= READINGS_PER_QUESTION:
            found.clear()
        found[key] = value
        return value


#: The most readings one question holds with the tables off (a reading per printed card and level: boards
#: hold far fewer).
READINGS_PER_QUESTION = 1 << 14

#: The readings of the question being answered in this thread (or task), with the tables off.
_READINGS: ContextVar[QuestionReadings | None] = ContextVar("mana_planner_readings", default=None)


@contextmanager
def question_readings() -> Iterator[QuestionReadings | None]:
    """Inside, with the tables off, a card is read once (the question's :class:`QuestionReadings`; inside one
    already, that one); with the tables on, the kept tables answer and this does nothing (None).

    >>> with question_readings() as outer, question_readings() as inner:
    ...     outer is inner
    True
    """
    current = _READINGS.get()
    if CACHING or current is not None:
        yield current
        return
    readings = QuestionReadings()
    token = _READINGS.set(readings)
    try:
        yield readings
    finally:
        _READINGS.reset(token)


def _read_once_per_question(function: _Function) -> _Function:
    """``function`` (positional arguments only), read once per question with the tables off."""

    @wraps(function)
    def read(*args: Hashable) -> Any:
        readings = _READINGS.get()
        return function(*args) if readings is None else readings.read(function, args)

    return cast(_Function, read)


class KeptMap(Generic[_Key, _Value]):
    """A table kept across questions that its owner fills itself (where a result is worked out for many keys
    at once, or kept under a key the function does not take as arguments): bounded, the entry kept longest
    out first (a lookup costs one dictionary read). Its keys are per-card facts or other values that are not a
    board (but for the recent boards of :mod:`planner.rules.question`, keyed by the whole board's value),
    never an ``id()``; its values are never None.

    >>> table: KeptMap[str, int] = KeptMap("example.lengths", maxsize=2)
    >>> table.get("Forest") is None
    True
    >>> table.put("Forest", 6)
    >>> table.get("Forest") == (6 if CACHING else None)
    True
    """

    def __init__(self, name: str, maxsize: int) -> None:
        self.name = name
        self.maxsize = maxsize
        self._entries: dict[_Key, _Value] = {}
        self._lock = threading.Lock()  # (the service answers questions in threads that share the table)
        self._hits = 0
        self._misses = 0
        _TABLES.append(self)

    def get(self, key: _Key) -> _Value | None:
        """The value kept for ``key``, or None (always None with the tables off)."""
        value = self._entries.get(key)  # (one lookup, no lock: a dictionary's get is atomic)
        if value is None:
            self._misses += 1  # (the counts are for reading, not exact under threads)
        else:
            self._hits += 1
        return value

    def put(self, key: _Key, value: _Value) -> None:
        """Keeps ``value`` for ``key``, forgetting the entry kept longest when the table is full."""
        if not CACHING:
            return
        with self._lock:
            entries = self._entries
            entries.pop(key, None)
            if len(entries) >= self.maxsize:
                del entries[next(iter(entries))]
            entries[key] = value

    def stats(self) -> KeptTable:
        return KeptTable(self.name, len(self._entries), self.maxsize, self._hits, self._misses)

    def clear(self) -> None:
        with self._lock:
            self._entries.clear()
            self._hits = self._misses = 0


def kept_tables() -> tuple[KeptTable, ...]:
    """Every table kept across questions in this process, as it stands, by name.

    >>> all(table.size <= table.maxsize for table in kept_tables())
    True
    """
    return tuple(sorted((table.stats() for table in _TABLES), key=lambda table: table.name))


def forget_all() -> None:
    """Empties every table kept across questions (their hit counts too).

    >>> forget_all()
    >>> sum(table.size for table in kept_tables())
    0
    """
    for table in _TABLES:
        table.clear()
