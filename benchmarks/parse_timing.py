"""First-sight parse timings, one definition for :mod:`benchmarks.bench_parser` in its own process and in
another checkout's (``--against``): there this file runs as a script, with that checkout first on
``sys.path``, reads a :class:`Payload` as JSON on standard input and prints the :class:`Timings` as JSON.

Only :func:`models.oracle.parse_oracle` is timed, so that any version answers; the parser's caches are found
as the ``functools`` caches of :mod:`models.oracle` and its modules, whatever their names. Times are process
CPU seconds:

- *fresh*: every card parsed once, in the order given, by a process that has parsed nothing before (as the
  script runs it: what the first boards of a process meet, regular expressions compiled on first use
  included);
- *warm*: every card parsed once more after the parser's caches are emptied: each card is again new to the
  parser, in a process that has parsed cards before (the best of ``warm_rounds`` passes).

>>> timings = measure({"cards": [("{T}: Add {G}.", "Llanowar Elves")], "warm_rounds": 2})
>>> sorted(timings)
['fresh', 'warm']
"""

from __future__ import annotations

import json
import sys
import time
from functools import _lru_cache_wrapper
from typing import TypedDict

from models.oracle import parse_oracle

__all__ = ["Payload", "Timings", "measure"]


class Payload(TypedDict):
    """The cards to parse, as (Oracle text, name) pairs, and how many warm passes to make."""

    cards: list[tuple[str, str]]
    warm_rounds: int


class Timings(TypedDict):
    """CPU seconds per card of the fresh pass and of the best warm pass."""

    fresh: float
    warm: float


def _empty_caches() -> None:
    """Empty the per-text caches of every loaded module of the parser (a module, or a package and its
    modules), keeping what a function of no argument built once (the grammar's parser tables)."""
    for name, module in list(sys.modules.items()):
        if name != "models.oracle" and not name.startswith("models.oracle."):
            continue
        for value in vars(module).values():
            if isinstance(value, _lru_cache_wrapper) and value.__wrapped__.__code__.co_argcount:
                value.cache_clear()


def _seconds_per_card(cards: list[tuple[str, str]]) -> float:
    started = time.process_time()
    for text, name in cards:
        parse_oracle(text, name)
    return (time.process_time() - started) / len(cards)


def measure(payload: Payload) -> Timings:
    """Time the fresh pass, then the warm passes, in this process."""
    fresh = _seconds_per_card(payload["cards"])
    warm = float("inf")
    for _ in range(payload["warm_rounds"]):
        _empty_caches()
        warm = min(warm, _seconds_per_card(payload["cards"]))
    return {"fresh": fresh, "warm": warm}


if __name__ == "__main__":
    print(json.dumps(measure(json.load(sys.stdin))))
