"""``pay``'s timings on given boards, one definition for :mod:`benchmarks.bench_pay`'s ``--against``: a fresh
process of either checkout runs :func:`work`, which reads a :class:`Payload` as JSON on standard input and
prints one :class:`Timed` per case as JSON. Only public calls that every version has are made
(:meth:`Board.from_dict`, :meth:`PaymentTarget.of`, :func:`planner.api.pay` with ``time_limit``); times are
process CPU seconds (the machine may be shared), after one CP-SAT answer that neither version's figures
then include (importing and starting OR-Tools).

>>> board = {"version": 1, "players": [{"id": "me"}], "permanents": [
...     {"id": "f", "card": "Forest", "controller": "me"}]}
>>> [(engine, payable) for _, engine, payable, _ in measure({"cases": [(board, "{G}"), (board, "{U}")],
...     "repeats": 2, "time_limit": None})]
[('fast', True), ('fast', False)]
"""

from __future__ import annotations

import json
import statistics
import sys
import time
from typing import Any, TypedDict

__all__ = ["Payload", "Timed", "measure", "work"]

#: One case's figures: the median CPU seconds of its ``repeats`` calls (the first one cold), the engine
#: that answered, whether the cost could be paid (None: no answer in the time limit) and whether the answer
#: is proven best.
Timed = tuple[float, str, bool | None, bool]


class Payload(TypedDict):
    """The boards (as ``Board.from_dict`` data) with a cost each, pay calls per board, pay's time limit
    (None: pay's own default)."""

    cases: list[tuple[dict[str, Any], str]]
    repeats: int
    time_limit: float | None


def measure(payload: Payload) -> list[Timed]:
    """Pay every case of the payload in this process, in order."""
    from models.board import Board
    from models.cost import PaymentTarget
    from planner.api import pay

    warm = Board.from_dict(
        {
            "version": 1,
            "players": [{"id": "me"}],
            "permanents": [
                {"id": "f1", "card": "Forest", "controller": "me"},
                {"id": "f2", "card": "Forest", "controller": "me"},
            ],
        }
    )
    pay(warm, PaymentTarget.of("{G}"), keep=PaymentTarget.of("{G}"))
    options: dict[str, Any] = {} if payload["time_limit"] is None else {"time_limit": payload["time_limit"]}
    found: list[Timed] = []
    for data, cost in payload["cases"]:
        board, target = Board.from_dict(data), PaymentTarget.of(cost)
        seconds = []
        for _ in range(payload["repeats"]):
            started = time.process_time()
            result = pay(board, target, **options)
            seconds.append(time.process_time() - started)
        found.append((statistics.median(seconds), result.engine, result.payable, result.optimal))
    return found


def work() -> None:
    """One process's job: a :class:`Payload` on standard input, its timings printed as JSON."""
    print(json.dumps(measure(json.load(sys.stdin))))
