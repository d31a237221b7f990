"""A cold ``pay``'s timings, one definition for :mod:`benchmarks.bench_cold` in this checkout's processes and
in another checkout's (``--against``): a process runs :func:`work`, which reads a job as JSON on standard
input and prints its answer as JSON. The boards come in the job, so that only the planner's modules are
imported from the checkout measured; its stages are found where this checkout has them or where earlier
versions had them (:data:`EARLIER_HOMES`), and a stage found in neither is left out of that version's
figures. Times are process CPU seconds.

>>> from benchmarks.bench_fast import big_cases
>>> [times["engine"] for times in phase_seconds("first sight", big_cases(1, 1), [])]
['fast']
"""

from __future__ import annotations

import gc
import importlib
import itertools
import json
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any, TypedDict

__all__ = ["EARLIER_HOMES", "MODES", "PHASES", "STEPS", "BoardTimes", "card_seconds", "phase_seconds", "work"]

#: The stages of a cold ``pay`` that are timed, as (label, module, attribute): a class's method is named
#: ``Class.method``. None of them calls another.
PHASES = (
    ("question set-up", "planner.solve.problem", "PaymentProblem.of"),
    ("text check", "planner.solve.problem", "BoardAnalysis.check_text"),
    ("board's kinds", "planner.solve.fast.reduction", "_board_kinds"),
    ("board's sources", "planner.solve.fast.reduction", "_board_sources"),
    ("optimiser", "planner.solve.fast.answers", "_optimise"),
    ("plan", "planner.solve.fast.answers", "_plan"),
    ("rules replay", "planner.described", "replay"),
    ("description", "planner.described", "described_payment"),
)
#: Where earlier versions kept a stage that has moved since, as (module, attribute) tried in order after
#: the stage's place in :data:`PHASES` (before the fast path became a package: one module; before
#: planner.described, the answer was replayed and described in planner.api).
EARLIER_HOMES: dict[str, tuple[tuple[str, str], ...]] = {
    "board's kinds": (("planner.solve.fast", "_board_kinds"),),
    "board's sources": (("planner.solve.fast", "_board_sources"),),
    "optimiser": (("planner.solve.fast", "_optimise"),),
    "plan": (("planner.solve.fast", "_plan"),),
    "rules replay": (("planner.api", "replay"),),
    "description": (("planner.api", "described_payment"),),
}
#: The steps of a card's first sight, in order.
STEPS = ("Oracle text read", "characteristics", "fast-path analysis", "offers in each state")
#: The kinds of process the phases are timed in.
MODES = ("first sight", "cards prepared", "cards seen")


class BoardTimes(TypedDict):
    """One board's cold call: its engine, total and garbage-collection seconds, and seconds per phase."""

    engine: str
    total: float
    gc: float
    phases: dict[str, float]
    new_cards: int


class _Timers:
    """Process CPU seconds spent in each wrapped stage, outermost calls only, and in garbage collection."""

    def __init__(self) -> None:
        self.spent: dict[str, float] = {}
        self.collecting = 0.0
        self._active = False
        self._started = 0.0

    def wrap(self, label: str, function: Callable[..., Any]) -> Callable[..., Any]:
        """``function`` with its time added to ``label`` (unless another stage is running already)."""

        def timed(*args: Any, **kwargs: Any) -> Any:
            if self._active:
                return function(*args, **kwargs)
            self._active = True
            started = time.process_time()
            try:
                return function(*args, **kwargs)
            finally:
                self.spent[label] = self.spent.get(label, 0.0) + time.process_time() - started
                self._active = False

        return timed

    def on_collection(self, phase: str, _info: dict[str, Any]) -> None:
        """A ``gc.callbacks`` hook: the collector's time."""
        if phase == "start":
            self._started = time.process_time()
        else:
            self.collecting += time.process_time() - self._started


def _stage(module_name: str, attribute: str) -> tuple[object, str] | None:
    """The object holding a stage and the stage's name there, or None when this version has no such stage."""
    try:
        owner: object = importlib.import_module(module_name)
    except ImportError:
        return None
    *path, name = attribute.split(".")
    for part in path:
        owner = getattr(owner, part, None)
    held = vars(owner) if isinstance(owner, type) else vars(owner) if owner is not None else {}
    return (owner, name) if name in held else None


@contextmanager
def _timed_stages(timers: _Timers) -> Iterator[None]:
    """Every stage of :data:`PHASES` that this version has, wrapped by ``timers`` for the block."""
    undo: list[tuple[object, str, object]] = []
    for label, module_name, attribute in PHASES:
        homes = ((module_name, attribute), *EARLIER_HOMES.get(label, ()))
        found = next((stage for home in homes if (stage := _stage(*home)) is not None), None)
        if found is None:
            continue
        owner, name = found
        original = vars(owner)[name]
        if isinstance(original, classmethod):
            replacement: object = classmethod(timers.wrap(label, original.__func__))
        else:
            replacement = timers.wrap(label, original)
        setattr(owner, name, replacement)
        undo.append((owner, name, original))
    gc.callbacks.append(timers.on_collection)
    try:
        yield
    finally:
        gc.callbacks.remove(timers.on_collection)
        for owner, name, original in reversed(undo):
            setattr(owner, name, original)


def _warm_up(warm: Sequence[tuple[str, str]]) -> set[str]:
    """Pay the warm-up boards (so that the process has met their cards and the planner's code paths before
    the cold boards); the names of their cards."""
    from models.board import Board
    from models.cost import PaymentTarget
    from planner.api import pay

    met: set[str] = set()
    for board_json, cost in warm:
        board = Board.loads(board_json)
        met.update(p.name for p in board.permanents)
        pay(board, PaymentTarget.of(cost))
    return met


def phase_seconds(
    mode: str, cases: Sequence[tuple[str, str]], warm: Sequence[tuple[str, str]]
) -> list[BoardTimes]:
    """Each board's cold call in this process after the ``warm`` boards, split by phase (``mode``: one of
    :data:`MODES`)."""
    from benchmarks.fast_timing import prepare_cards, renamed
    from models.board import Board
    from models.cost import PaymentTarget
    from planner.api import pay

    met = _warm_up(warm)
    if mode == "cards prepared":
        prepare_cards(list(cases))
    found: list[BoardTimes] = []
    for board_json, cost in cases:
        target = PaymentTarget.of(cost)
        board = Board.loads(board_json)
        new = {p.name for p in board.permanents} - met
        met |= new
        if mode == "cards seen":
            pay(Board.loads(renamed(board_json, "s")), target)
            board = Board.loads(renamed(board_json, "t"))
        timers = _Timers()
        with _timed_stages(timers):
            started = time.process_time()
            engine = pay(board, target).engine
            total = time.process_time() - started
        found.append(
            {
                "engine": engine,
                "total": total,
                "gc": timers.collecting,
                "phases": timers.spent,
                "new_cards": len(new) if mode == "first sight" else 0,
            }
        )
    return found


def card_seconds(cases: Sequence[tuple[str, str]], warm: Sequence[tuple[str, str]]) -> list[list[float]]:
    """Per step of :data:`STEPS`, the seconds of each card of the boards that the process has not met after
    the ``warm`` boards (each card once)."""
    from models.board import BOARD_VERSION, Board, Permanent, Player
    from models.catalogue import CardData
    from models.oracle import parse_oracle
    from planner.rules.replay import view_of
    from planner.solve.fast import source_kind

    met = _warm_up(warm)
    cards: dict[str, CardData] = {}
    for board_json, _ in cases:
        for p in Board.loads(board_json).permanents:
            if p.name not in met and p.name not in cards:
                cost = None if p.mana_cost is None else str(p.mana_cost)
                cards[p.name] = CardData(
                    name=p.name, type_line=str(p.type_line), oracle=p.oracle, mana_cost=cost
                )
    steps: list[list[float]] = [[] for _ in STEPS]
    for card in cards.values():
        started = time.process_time()
        parse_oracle(card.oracle, card.name)
        read = time.process_time()
        permanent = Permanent.of_card(card, "card", "me")
        board = Board(
            version=BOARD_VERSION, active_player="me", players=(Player(id="me"),), permanents=(permanent,)
        )
        built = time.process_time()
        view_of(board).warnings  # noqa: B018 - the characteristics worked out
        viewed = time.process_time()
        kind = source_kind(permanent)
        analysed = time.process_time()
        for tapped, sick in itertools.product((False, True), repeat=2):
            kind.usage(tapped, sick)
        offered = time.process_time()
        for step, seconds in zip(
            steps, (read - started, viewed - built, analysed - viewed, offered - analysed), strict=True
        ):
            step.append(seconds)
    return steps


def work() -> None:
    """One process's job: read it on standard input (``mode``: one of :data:`MODES` or ``cards``; the
    ``cases`` and the ``warm`` boards), print its answer."""
    job = json.load(sys.stdin)
    cases = [(board, cost) for board, cost in job["cases"]]
    warm = [(board, cost) for board, cost in job["warm"]]
    if job["mode"] == "cards":
        print(json.dumps(card_seconds(cases, warm)))
    else:
        print(json.dumps(phase_seconds(job["mode"], cases, warm)))
