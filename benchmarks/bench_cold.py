"""Where a cold ``pay`` spends its time: per phase, on boards new to the process, and per card met first.

Run ``python -m benchmarks.bench_cold [--quick] [--seed S] [--rounds N]``. The boards are
:mod:`benchmarks.bench_fast`'s realistic 20-permanent boards (the same seed gives the same boards), and each
figure is process CPU time (``time.process_time``), the best of ``--rounds`` fresh processes of this
checkout, so that another process's turn on a shared machine counts for nothing.

- *phases*: each board paid once, in three kinds of process: *first sight* (the process warmed up on
  bench_fast's simple boards, so that it meets most of the realistic boards' cards on them for the first
  time, as bench_fast's ``cold`` row does), *cards prepared* (every card given to :func:`planner.prepare`
  first) and *cards seen* (the board paid under other ids first, then timed under others still). Timers
  around the planner's own stages split each call: the question's set-up (:meth:`PaymentProblem.of`: the
  board's view, its effects, the spell's cost as cast), the text check, the fast path's board kinds and
  board sources (worked out once per board), its optimiser and its plan, the rules replay and the
  description; *the rest* is what falls outside them, and *garbage collection* is the collector's time
  inside the call (it falls inside the phases too). A phase's row gives its median over the boards and its
  share of all the boards' time.
- *first sight of a card*: every card of those boards that the warmed-up process has not met, each read
  once (:func:`models.oracle.parse_oracle`), its characteristics worked out on a board of its own, its
  analysis by the fast path (:func:`planner.solve.fast.source_kind`) and what it offers in each state
  (tapped or not, summoning sick or not): the median per card of each step, and their total.

>>> lines: list[str] = []
>>> main(["--quick", "--rounds", "1"], out=lines.append)
>>> lines[0]
'$ python -m benchmarks.bench_cold --quick --rounds 1'
>>> [any(line.startswith(row) for line in lines) for row in ("total", "Oracle text read")]
[True, True]
"""

from __future__ import annotations

import argparse
import gc
import itertools
import json
import platform
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypedDict

__all__ = ["PHASES", "STEPS", "card_seconds", "main", "phase_seconds"]

ROOT = Path(__file__).resolve().parents[1]

#: The stages of a cold ``pay`` that are timed, as (label, module, attribute): a class's method is named
#: ``Class.method``. None of them calls another.
PHASES = (
    ("question set-up", "planner.solve.problem", "PaymentProblem.of"),
    ("text check", "planner.solve.problem", "BoardAnalysis.check_text"),
    ("board's kinds", "planner.solve.fast.reduction", "_board_kinds"),
    ("board's sources", "planner.solve.fast.reduction", "_board_sources"),
    ("optimiser", "planner.solve.fast.answers", "_optimise"),
    ("plan", "planner.solve.fast.answers", "_plan"),
    ("rules replay", "planner.api", "replay"),
    ("description", "planner.api", "described_payment"),
)
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


@contextmanager
def _timed_stages(timers: _Timers) -> Iterator[None]:
    """Every stage of :data:`PHASES` wrapped by ``timers`` for the duration of the block."""
    import importlib

    undo: list[tuple[object, str, object]] = []
    for label, module_name, attribute in PHASES:
        owner: object = importlib.import_module(module_name)
        *path, name = attribute.split(".")
        for part in path:
            owner = getattr(owner, part)
        original = vars(owner)[name] if isinstance(owner, type) else getattr(owner, name)
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


def _warm_up(seed: int, boards: int) -> set[str]:
    """Pay ``boards`` of bench_fast's simple boards (the kind its first table times), so that the process
    has met their cards and the planner's code paths before the cold boards, as bench_fast's own process has
    before its cold row; the names of their cards."""
    from benchmarks.bench_fast import simple_board, simple_cost
    from models.board import Board
    from models.cost import PaymentTarget
    from planner.api import pay

    rng = random.Random(seed)
    met: set[str] = set()
    for _ in range(boards):
        board = Board.from_dict(simple_board(rng, rng.randint(4, 12)))
        met.update(p.name for p in board.permanents)
        pay(board, PaymentTarget.of(simple_cost(rng)))
    return met


def phase_seconds(mode: str, cases: Sequence[tuple[str, str]], seed: int, warm: int) -> list[BoardTimes]:
    """Each board's cold call in this process, split by phase (``mode``: one of :data:`MODES`)."""
    from benchmarks.fast_timing import _prepare, renamed
    from models.board import Board
    from models.cost import PaymentTarget
    from planner.api import pay

    met = _warm_up(seed, warm)
    if mode == "cards prepared":
        _prepare(list(cases))
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


def card_seconds(cases: Sequence[tuple[str, str]], seed: int, warm: int) -> list[list[float]]:
    """Per step of :data:`STEPS`, the seconds of each card of the boards that the warmed-up process has not
    met (each card once)."""
    from models.board import BOARD_VERSION, Board, Permanent, Player
    from models.catalogue import CardData
    from models.oracle import parse_oracle
    from planner.rules.replay import view_of
    from planner.solve.fast import source_kind

    met = _warm_up(seed, warm)
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


def _in_process(job: dict[str, Any]) -> Any:
    """Run one job in a fresh process of this checkout (``--worker``), its answer as JSON."""
    done = subprocess.run(
        [sys.executable, "-m", "benchmarks.bench_cold", "--worker"],
        cwd=ROOT,
        input=json.dumps(job),
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(done.stdout)


def _worker() -> None:
    """The ``--worker`` side: read a job on standard input, print its answer."""
    job = json.load(sys.stdin)
    cases = [(board, cost) for board, cost in job["cases"]]
    if job["mode"] == "cards":
        print(json.dumps(card_seconds(cases, job["seed"], job["warm"])))
    else:
        print(json.dumps(phase_seconds(job["mode"], cases, job["seed"], job["warm"])))


def _best_boards(rounds: list[list[BoardTimes]]) -> list[BoardTimes]:
    """Per board, each figure's least over the rounds."""
    best: list[BoardTimes] = []
    for per_round in zip(*rounds, strict=True):
        labels = {label for times in per_round for label in times["phases"]}
        best.append(
            {
                "engine": per_round[0]["engine"],
                "total": min(t["total"] for t in per_round),
                "gc": min(t["gc"] for t in per_round),
                "phases": {label: min(t["phases"].get(label, 0.0) for t in per_round) for label in labels},
                "new_cards": per_round[0]["new_cards"],
            }
        )
    return best


def _phase_rows(by_mode: dict[str, list[BoardTimes]]) -> list[str]:
    """The phases table: per phase and kind of process, the median ms and the share of all the time."""
    columns = "".join(f"{mode:>24}" for mode in by_mode)
    lines = [f"{'phase':<28}{columns}"]
    labels = [label for label, _, _ in PHASES]

    def cell(values: list[float], totals: list[float]) -> str:
        share = sum(values) / sum(totals) if sum(totals) else 0.0
        return f"{1e3 * statistics.median(values):>15.3f} ms {share:>5.0%}"

    for label in [*labels, "the rest", "total", "garbage collection"]:
        cells = []
        for boards in by_mode.values():
            totals = [b["total"] for b in boards]
            if label == "total":
                values = totals
            elif label == "garbage collection":
                values = [b["gc"] for b in boards]
            elif label == "the rest":
                values = [b["total"] - sum(b["phases"].values()) for b in boards]
            else:
                values = [b["phases"].get(label, 0.0) for b in boards]
            cells.append(cell(values, totals))
        lines.append(f"{label:<28}{''.join(cells)}")
    new = [b["new_cards"] for b in by_mode["first sight"]]
    lines.append(f"{'cards new to the process':<28}{statistics.median(new):>17.0f} at the median board")
    return lines


def run(quick: bool, seed: int, rounds: int, command: str, out: Callable[[str], None] = print) -> None:
    """Time the phases in each kind of process and the cards' first sight, and print the tables."""
    from benchmarks.bench_fast import big_cases

    out(f"$ {command}")
    out(
        f"python {platform.python_version()}, {platform.machine()}; seed {seed}; "
        f"the best of {rounds} processes"
    )
    cases = big_cases(seed, 8 if quick else 24)
    warm = 40 if quick else 300
    by_mode: dict[str, list[BoardTimes]] = {}
    for mode in MODES:
        found = [
            _in_process({"mode": mode, "cases": cases, "seed": seed, "warm": warm}) for _ in range(rounds)
        ]
        by_mode[mode] = _best_boards(found)
    answered = [i for i, times in enumerate(by_mode["first sight"]) if times["engine"] == "fast"]
    by_mode = {mode: [boards[i] for i in answered] for mode, boards in by_mode.items()}
    out("")
    out(
        f"where a cold pay's time goes: {len(answered)} of {len(cases)} realistic 20-permanent boards, "
        "answered by the fast path, each paid once in a process new to it; CPU ms per board, each row's "
        "median over the boards (medians do not add up), then the row's share of all the boards' time"
    )
    for line in _phase_rows(by_mode):
        out(line)
    steps = [
        [min(values) for values in zip(*per_round, strict=True)]
        for per_round in zip(
            *[
                _in_process({"mode": "cards", "cases": cases, "seed": seed, "warm": warm})
                for _ in range(rounds)
            ],
            strict=True,
        )
    ]
    out("")
    out(
        f"first sight of a card: the {len(steps[0])} cards of those boards that the warmed-up process had "
        "not met, each analysed once; CPU µs per card"
    )
    out(f"{'step':<28}{'median µs':>12}{'mean µs':>12}")
    for step, values in zip(STEPS, steps, strict=True):
        if values:
            out(f"{step:<28}{1e6 * statistics.median(values):>12.1f}{1e6 * statistics.mean(values):>12.1f}")
    per_card = [sum(values) for values in zip(*steps, strict=True)]
    if per_card:
        median, mean = statistics.median(per_card), statistics.mean(per_card)
        out(f"{'all four':<28}{1e6 * median:>12.1f}{1e6 * mean:>12.1f}")


def main(argv: Sequence[str] | None = None, out: Callable[[str], None] = print) -> None:
    """Parse the command line and run the benchmark (or, with ``--worker``, one of its processes' jobs)."""
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks.bench_cold", description=__doc__.splitlines()[0]
    )
    parser.add_argument("--quick", action="store_true", help="8 boards, a short warm-up")
    parser.add_argument("--seed", type=int, default=1, help="random seed for the boards and costs")
    parser.add_argument("--rounds", type=int, default=3, help="fresh processes per figure (the best is kept)")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker:
        _worker()
        return
    words = list(sys.argv[1:] if argv is None else argv)
    run(args.quick, args.seed, args.rounds, " ".join(["python -m benchmarks.bench_cold", *words]), out)


if __name__ == "__main__":
    main()
