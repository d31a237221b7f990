"""The fast path's timings, one definition for :mod:`benchmarks.bench_fast` in its own process and in another
checkout's (``--against``): there this file runs as a script, with that checkout first on ``sys.path``,
reads a :class:`Payload` as JSON on standard input and prints the :class:`Timings` as JSON.

Only public calls are timed (:func:`planner.solve.fast.solve_fast` on a question built as ``pay`` builds
it, :func:`planner.api.pay`), so that any version answers; times are process CPU seconds. The *flushed*
figures time calls each made after writing over a buffer larger than the CPU's caches (as for a client that
does other work between its questions), the writing not timed.

>>> from benchmarks.bench_fast import simple_board
>>> import json, random
>>> board = json.dumps(simple_board(random.Random(1), 5))
>>> timings = measure({"simple": [(board, "{G}")], "big": [(board, "{G}")], "repeats": 1, "calls": 2})
>>> len(timings["fast"]), timings["pay"][0][2] in ("fast", "cp-sat"), len(timings["pay"][0])
(1, True, 4)
>>> len(timings["fast_flushed"]), len(timings["pay_flushed"])
(1, 1)
"""

from __future__ import annotations

import json
import statistics
import sys
import time
from collections.abc import Callable
from functools import partial
from typing import NotRequired, TypedDict

import numpy as np

from models.board import Board
from models.cost import PaymentTarget
from planner.api import pay
from planner.solve.fast import solve_fast
from planner.solve.problem import PaymentProblem
from planner.solve.solution import Solution

__all__ = ["Payload", "Timings", "best_seconds", "flushed_seconds", "measure", "prepare_cards", "renamed"]

FLUSH_BYTES = 64 << 20
"""How much memory is written over before a *flushed* call: more than the last-level cache of the machines
this runs on (a few MiB to a few tens of MiB)."""

FLUSHED_CALLS = 5
"""How many flushed calls are timed per board (the median is kept)."""


class Payload(TypedDict):
    """What to time: boards (as JSON) with costs for the single query and for ``pay``, how many blocks of
    single queries (the best is kept), and how many warm calls of ``pay`` (the median is kept); with
    ``prepare``, every card of the big boards is prepared first (:func:`planner.api.prepare`, as a client
    that knows the decks does); ``max_x``: boards with a cost that has X, for ``max_x`` and ``pay`` at the X
    it finds."""

    simple: list[tuple[str, str]]
    big: list[tuple[str, str]]
    repeats: int
    calls: int
    prepare: NotRequired[bool]
    max_x: NotRequired[list[tuple[str, str]]]


class Timings(TypedDict):
    """Per simple board the fast path's best seconds per query (``fast_flushed``: the median of calls made
    with the CPU's caches flushed); per big board ``pay``'s cold seconds (its first call on a board new to the
    process), warm seconds (the median of the calls after it), engine, and
    cold seconds once its cards have been seen (the first call on a copy under other ids, after another
    copy under other ids still) (``pay_flushed``: the median of warm calls with the caches flushed); per
    ``max_x`` board, the warm best seconds of ``pay`` at the X found (0
    when none) and of ``max_x``, and the engine ``max_x`` answered with."""

    fast: list[float]
    pay: list[tuple[float, float, str, float]]
    max_x: NotRequired[list[tuple[float, float, str]]]
    fast_flushed: NotRequired[list[float]]
    pay_flushed: NotRequired[list[float]]


def best_seconds(action: Callable[[], object], repeats: int, block: int = 1) -> float:
    """The CPU seconds one call of ``action`` takes: the best of ``repeats`` blocks of ``block`` calls."""
    best = float("inf")
    for _ in range(repeats):
        started = time.process_time()
        for _ in range(block):
            action()
        best = min(best, (time.process_time() - started) / block)
    return best


def flushed_seconds(action: Callable[[], object], calls: int, buffer: np.ndarray) -> float:
    """The median CPU seconds of ``calls`` calls of ``action``, each after writing over ``buffer`` (not
    timed), so that the call finds its data out of the CPU's caches.

    >>> flushed_seconds(lambda: sum(range(100)), 3, np.zeros(1024, dtype=np.uint8)) >= 0
    True
    """
    seconds = []
    for _ in range(calls):
        np.add(buffer, 1, out=buffer)
        started = time.process_time()
        action()
        seconds.append(time.process_time() - started)
    return statistics.median(seconds)


def _query(board: Board, target: PaymentTarget) -> Solution | None:
    """One fast-path query, the question built as ``pay`` builds it."""
    return solve_fast(PaymentProblem.of(board, target))


def measure(payload: Payload) -> Timings:
    """Time every case of the payload in this process."""
    buffer = np.zeros(FLUSH_BYTES, dtype=np.uint8)
    fast: list[float] = []
    fast_flushed: list[float] = []
    for board_json, cost in payload["simple"]:
        board, target = Board.loads(board_json), PaymentTarget.of(cost)
        fast.append(best_seconds(partial(_query, board, target), payload["repeats"], block=20))
        fast_flushed.append(flushed_seconds(partial(_query, board, target), FLUSHED_CALLS, buffer))
    if payload.get("prepare"):
        prepare_cards(payload["big"])
    paid: list[tuple[float, float, str, float]] = []
    pay_flushed: list[float] = []
    for board_json, cost in payload["big"]:
        board, target = Board.loads(board_json), PaymentTarget.of(cost)
        started = time.process_time()
        engine = pay(board, target).engine
        cold = time.process_time() - started
        warm = []
        for _ in range(payload["calls"]):
            started = time.process_time()
            pay(board, target)
            warm.append(time.process_time() - started)
        pay_flushed.append(flushed_seconds(partial(pay, board, target), FLUSHED_CALLS, buffer))
        pay(Board.loads(renamed(board_json, "s")), target)
        twin = Board.loads(renamed(board_json, "t"))
        started = time.process_time()
        pay(twin, target)
        paid.append((cold, statistics.median(warm), engine, time.process_time() - started))
    timings: Timings = {"fast": fast, "pay": paid, "fast_flushed": fast_flushed, "pay_flushed": pay_flushed}
    if "max_x" in payload:
        timings["max_x"] = [_max_x_case(b, c, payload["repeats"]) for b, c in payload["max_x"]]
    return timings


def _max_x_case(board_json: str, cost: str, repeats: int) -> tuple[float, float, str]:
    """Warm best seconds of ``pay`` at the largest X (0 when none) and of ``max_x``, and max_x's engine."""
    from planner.api import max_x

    board, target = Board.loads(board_json), PaymentTarget.of(cost)
    answer = max_x(board, target)
    x = answer.x or 0
    pay(board, target, x=x)
    paying = best_seconds(partial(pay, board, target, x=x), repeats, block=5)
    largest = best_seconds(partial(max_x, board, target), repeats, block=5)
    return paying, largest, answer.engine


def prepare_cards(cases: list[tuple[str, str]]) -> None:
    """Prepare every card of the boards (``planner.api.prepare``), each once; the boards stay unseen."""
    from models.catalogue import CardData
    from planner.api import prepare

    cards = {
        (p.name, str(p.type_line), p.oracle, None if p.mana_cost is None else str(p.mana_cost))
        for board_json, _ in cases
        for p in Board.loads(board_json).permanents
    }
    prepare(CardData(name=n, type_line=t, oracle=o, mana_cost=m) for n, t, o, m in sorted(cards, key=str))


def renamed(board_json: str, prefix: str) -> str:
    """The board with every permanent's id (and every reference to one) prefixed: the same cards and
    statuses, a board no cache has met.

    >>> renamed('{"version": 1, "players": [{"id": "me"}], "permanents": [{"id": "f", "card": "Forest", '
    ...         '"controller": "me"}, {"id": "w", "card": "Wild Growth", "controller": "me", '
    ...         '"attached_to": "f"}]}', "x")  # doctest: +ELLIPSIS
    '{"version": 1, "players": [{"id": "me"}], "permanents": [{"id": "xf", ... "attached_to": "xf"}]}'
    """
    data = json.loads(board_json)
    for permanent in data["permanents"]:
        permanent["id"] = prefix + permanent["id"]
        if permanent.get("attached_to") is not None:
            permanent["attached_to"] = prefix + permanent["attached_to"]
    return json.dumps(data)


if __name__ == "__main__":
    print(json.dumps(measure(json.load(sys.stdin))))
