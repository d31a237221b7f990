"""The calls :mod:`benchmarks.bench_instructions` counts, one definition for any checkout: this file runs as a
script under Valgrind's callgrind with the checkout first on ``sys.path``, reads a :class:`Workload` as JSON
on standard input, sets the workload up (and, for a warm one, makes every call once), turns callgrind's
instrumentation on, makes the calls, dumps the counts (``callgrind_control``) and prints how many calls it
made. Only public calls are counted (:func:`planner.api.pay`, :func:`planner.api.max_x`,
:func:`planner.solve.fast.solve_fast` on a question built as ``pay`` builds it, the lands-only goldfish
``planner.sim.simulate.goldfish``), so that any version answers.
The cyclic garbage collector collects once before the calls: how many objects the set-up (each checkout's
own) left in its youngest generation would otherwise decide whether a collection of the older ones falls
among the counted calls (one is 1.5 M instructions, a tenth of the fast path's row).

It has no ``from __future__`` import: the runner puts a preamble before it (:func:`~benchmarks.bench_versions.
with_these_benchmarks`), so that another checkout runs this checkout's ``benchmarks``.

>>> calls({"kind": "pay", "cases": [(_FOREST, "{G}")], "loops": 2, "warm": True}, under_valgrind=False)
2
>>> deck = "examples/decks/azorius-control.txt"  # (from the checkout's root)
>>> calls({"kind": "goldfish", "cases": [(deck, "10 0")], "loops": 1, "warm": True}, under_valgrind=False)
1
"""

import gc
import json
import os
import subprocess
import sys
from collections.abc import Callable
from functools import partial
from typing import Literal, TypedDict

from benchmarks.fast_timing import prepare_cards
from models.board import Board
from models.cost import PaymentTarget
from planner.api import max_x, pay
from planner.solve.fast import solve_fast
from planner.solve.problem import PaymentProblem

__all__ = ["Workload", "calls"]

#: The fast path's questions' time limit, in seconds (see :func:`calls`).
_DAY = 86_400.0

_FOREST = json.dumps(
    {
        "version": 1,
        "players": [{"id": "me"}],
        "permanents": [{"id": "f", "card": "Forest", "controller": "me"}],
    },
)


class Workload(TypedDict):
    """What to count: the kind of call, boards (as JSON) with a cost each, how many times each is made
    (``loops``), and whether every call is made before counting until it answers alike (``warm``; cold: the
    boards' cards are prepared first, as a client that knows the decks does, and each board is new to the
    process). For a ``goldfish`` (``simulate --ramp none``) each case is a deck list's path in the checkout
    and ``"games seed"``; warm, a 100-game goldfish of the deck comes first."""

    kind: Literal["fast", "pay", "max_x", "goldfish"]
    cases: list[tuple[str, str]]
    loops: int
    warm: bool


def _callgrind(command: str) -> None:
    """Send callgrind a command about this process (``-i on``: instrument from here; ``-d``: dump)."""
    subprocess.run(["callgrind_control", *command.split(), str(os.getpid())], check=True, capture_output=True)


def calls(workload: Workload, *, under_valgrind: bool = True) -> int:
    """Make the workload's calls, counted by callgrind when ``under_valgrind``; how many were counted."""
    if workload["kind"] == "goldfish":
        return _counted(_goldfish_calls(workload), workload, under_valgrind)
    cases = [(Board.loads(board), PaymentTarget.of(cost)) for board, cost in workload["cases"]]
    actions: list[Callable[[], object]] = []
    for board, target in cases:
        if workload["kind"] == "fast":
            # (a day's time limit: the question is posed once, at set-up, and its 10 s limit would otherwise
            # run out during the calls under a slow Valgrind on a loaded machine, each later call cut short)
            actions.append(partial(solve_fast, PaymentProblem.of(board, target, time_limit=_DAY)))
        else:
            actions.append(partial(pay if workload["kind"] == "pay" else max_x, board, target))
    if not workload["warm"]:
        prepare_cards(workload["cases"])
        pay(*_warm_up())  # (importing and starting the solvers is not the boards' work)
    return _counted(actions, workload, under_valgrind)


def _goldfish_calls(workload: Workload) -> list[Callable[[], object]]:
    """The lands-only goldfish of each case's deck (loaded now), each after a 100-game one when warm."""
    from models.decklist import load_deck
    from planner.sim.simulate import goldfish  # (in every version)

    actions: list[Callable[[], object]] = []
    for path, settings in workload["cases"]:
        deck = load_deck(path)
        games, seed = (int(word) for word in settings.split())
        if workload["warm"]:
            goldfish(deck, games=100, seed=seed, ramp="none")
        actions.append(partial(goldfish, deck, games=games, seed=seed, ramp="none"))
    return actions


def _counted(actions: list[Callable[[], object]], workload: Workload, under_valgrind: bool) -> int:
    """Make the calls (each made before until warm, when warm and not a goldfish: :func:`_warmed`), counted
    by callgrind."""
    if workload["warm"] and workload["kind"] != "goldfish":
        for action in actions:
            _warmed(action)
    # (every checkout starts from the same collector state: what the set-up left in the youngest generation
    # decides otherwise whether a collection of it, ~1.5 M instructions, falls among the counted calls)
    gc.collect()
    if under_valgrind:
        _callgrind("-i on")
    for _ in range(workload["loops"] if workload["warm"] else 1):
        for action in actions:
            action()
    if under_valgrind:
        _callgrind("-d")
    return len(actions) * (workload["loops"] if workload["warm"] else 1)


#: The most times a call is made before counting, waiting for it to answer as the time before.
_WARM_ROUNDS = 4


def _warmed(action: Callable[[], object]) -> None:
    """Make the call until it answers as it did the time before (twice at least): the first question of a
    process reads the cards' texts with the grammar (its tables, each parser state's lexer) and starts the
    solvers, and under Valgrind or on a loaded machine it may run out of its time limit (10 s), answering
    "unknown" without the analyses a warm call finds kept; counted after such a warm-up, a call does that
    work (session 31: "pay 20 warm" counted 5 % more after a grammar whose first reading took 9 s). A call
    whose answer never settles is an error: its count would not be a warm call's.

    >>> calls_made = []
    >>> _warmed(lambda: calls_made.append(1) or ("unknown" if len(calls_made) == 1 else "yes"))
    >>> len(calls_made)  # (unknown at first, then the same answer twice)
    3
    """
    answer = action()
    for _ in range(_WARM_ROUNDS - 1):
        again = action()
        if again == answer:
            return
        answer = again
    raise RuntimeError(
        f"a call answered differently each of {_WARM_ROUNDS} times before counting: {answer!r}"
    )


def _warm_up() -> tuple[Board, PaymentTarget]:
    """A board and cost unlike any benchmark's, paid once before a cold count."""
    board = Board.loads(_FOREST)
    return board, PaymentTarget.of("{1}")


if __name__ == "__main__":
    print(calls(json.load(sys.stdin)))
