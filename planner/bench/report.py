"""The heuristics report: every heuristic and the optimal planner on the same boards, compared level by level.

For each board of the corpus (:mod:`planner.bench.corpus`: seeded generated boards plus the named scenarios)
the
optimal planner (:func:`planner.api.pay`) pays first; then each heuristic is called, and every plan it
returns is replayed by the rules (:func:`planner.rules.replay.replay`). A plan the replayer rejects is
*illegal*
and counts as a failure, with the replayer's reason. A legal plan is scored with the default objective
(:func:`planner.solve.objective.objective_of`) and compared with the optimum level by level; the last level, a
tie-break between interchangeable permanents by id, does not count: a plan equal to the optimum on every
other level is optimal.

A heuristic's time is the median of its calls; the built-in baselines share one analysis of the board (its
mana abilities and their outcomes, as a game client has them), done before they are timed and reported
apart. The optimal planner's time is one whole :func:`~planner.api.pay` call. Everything but the times is
the same for the same seed, whatever the number of worker processes.
"""

from __future__ import annotations

import contextlib
import os
import statistics
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from models.errors import InputError, PlannerError
from models.limits import within
from planner.api import pay
from planner.bench.corpus import RECIPES, Case, generated_case, scenario, scenarios
from planner.bench.defaults import DEFAULT_TIME_LIMIT, MAX_BOARDS, max_jobs
from planner.bench.heuristics import BUILTINS, Heuristic, load_heuristic
from planner.bench.heuristics.greedy import board_facts
from planner.rules.question import question
from planner.rules.replay import IllegalPlanError, PaymentSummary, Plan, replay
from planner.solve.objective import OBJECTIVE_LEVELS, objective_of

__all__ = [
    "LEVEL_LABELS",
    "CaseRun",
    "HeuristicStats",
    "Report",
    "Verdict",
    "format_report",
    "plot_report",
    "run_case",
    "run_report",
]

_SHORT_LABELS = {
    "life_and_damage": "life",
    "valuable_sacrificed": "sacrificed",
    "designed_sacrificed": "tokens",
    "mana_floating": "wasted",
    "mana_tied_up": "tied up",
    "creatures_used": "creatures",
    "flexibility_used": "flexibility",
}
#: The objective levels a plan is judged on (all but the tie-break), with the report's short labels.
LEVEL_LABELS: dict[str, str] = {
    level: _SHORT_LABELS.get(level, level.replace("_", " "))
    for level in OBJECTIVE_LEVELS
    if level != "tie_break"
}
_JUDGED = tuple(number for number, level in enumerate(OBJECTIVE_LEVELS) if level in LEVEL_LABELS)
#: The levels whose excess costs the player something now: life, permanents, mana.
COSTLY_LEVELS = (
    "hand_cards_lost",
    "life_and_damage",
    "energy_paid",
    "valuable_sacrificed",
    "designed_sacrificed",
    "opponent_lands_untapped",
    "mana_floating",
)
_COSTLY = tuple(number for number, level in enumerate(LEVEL_LABELS) if level in COSTLY_LEVELS)
#: How many examples of each kind the report keeps.
EXAMPLES = 3


@dataclass(frozen=True, slots=True)
class Verdict:
    """What one heuristic did on one board.

    ``status`` is ``optimal``, ``worse`` (legal, worse than the optimum), ``failed`` (no plan, or an error,
    where a payment exists), ``illegal`` (the replayer rejected the plan), ``none`` (no plan, rightly; an
    error raised there is in ``reason`` and among the stats' examples), ``disagrees`` (a legal plan where
    the planner proved there is none, or better than its proven optimum: a planner bug) or ``unjudged`` (a
    legal plan where the planner's time ran out before it found any: there is nothing to compare it with).
    ``excess`` is the plan's objective minus the optimum's, level by level.
    """

    status: str
    micros: float
    excess: tuple[int, ...] = ()
    reason: str = ""


@dataclass(kw_only=True, frozen=True, slots=True)
class CaseRun:
    """One board's results: the optimal planner's and each heuristic's, in the report's order."""

    name: str
    recipe: str
    cost: str
    payable: bool
    proven: bool
    planner_micros: float
    analysis_micros: float
    verdicts: tuple[Verdict, ...]
    planner_error: str = ""
    #: The optimal planner's time limit ran out before it found any payment (``payable`` is then False,
    #: which is not a "no": the report says it timed out).
    timed_out: bool = False


def run_case(case: Case, heuristics: Sequence[Heuristic], time_limit: float = DEFAULT_TIME_LIMIT) -> CaseRun:
    """Run the optimal planner and every heuristic on one case, replaying and scoring each plan.

    >>> from planner.bench.corpus import scenario
    >>> run = run_case(scenario("treasure-or-plains"), [BUILTINS["forge-like"], BUILTINS["tiered"]])
    >>> levels = ("life_and_damage", "valuable_sacrificed", "designed_sacrificed", "mana_floating")
    >>> at = [list(LEVEL_LABELS).index(level) for level in levels]
    >>> [(v.status, [v.excess[n] for n in at]) for v in run.verdicts]
    [('worse', [0, 0, 1, 0]), ('optimal', [0, 0, 0, 0])]
    """
    board, target = case.board, case.target
    player = board.active_player
    started = time.perf_counter()
    try:
        result = pay(board, target, time_limit=time_limit)
    except PlannerError as error:
        micros = (time.perf_counter() - started) * 1e6
        verdicts = tuple(Verdict("none", 0.0) for _ in heuristics)
        return CaseRun(
            name=case.name,
            recipe=case.recipe,
            cost=str(target.cost),
            payable=False,
            proven=False,
            planner_micros=micros,
            analysis_micros=0.0,
            verdicts=verdicts,
            planner_error=str(error),
        )
    planner_micros = (time.perf_counter() - started) * 1e6
    judge = _Judge(case, result.optimal)
    if result.plan is not None:
        judge.optimum = judge.score(result.plan)
    with question():  # the baselines' analysis of the board, shared by every baseline (and timed apart)
        started = time.perf_counter()
        board_facts(board, player)
        analysis_micros = (time.perf_counter() - started) * 1e6
        verdicts = tuple(judge(heuristic) for heuristic in heuristics)
    return CaseRun(
        name=case.name,
        recipe=case.recipe,
        cost=str(target.cost),
        payable=judge.optimum is not None,
        proven=result.optimal,
        planner_micros=planner_micros,
        analysis_micros=analysis_micros,
        verdicts=verdicts,
        timed_out=result.payable is None,
    )


class _Judge:
    """Calls heuristics on one case, replays their plans and compares them with the optimum.

    Plans are scored once each: baselines often agree, and replaying is what takes the time.
    """

    def __init__(self, case: Case, proven: bool) -> None:
        self.case = case
        self.proven = proven
        self.optimum: tuple[int, ...] | None = None
        self.scores: dict[Plan, tuple[int, ...] | str] = {}
        self.objectives: dict[PaymentSummary, tuple[int, ...]] = {}

    def score(self, plan: Plan) -> tuple[int, ...]:
        """The judged objective levels of a legal plan; raises ``IllegalPlanError`` for an illegal one."""
        board, target = self.case.board, self.case.target
        summary = replay(board, target, plan)
        if summary not in self.objectives:
            levels = objective_of(board, board.active_player, summary)
            self.objectives[summary] = tuple(levels[number] for number in _JUDGED)
        return self.objectives[summary]

    def __call__(self, heuristic: Heuristic) -> Verdict:
        started = time.perf_counter()
        try:
            plan = heuristic(self.case.board, self.case.target)
        except Exception as error:  # a user's heuristic may raise anything: that is its failure, reported
            micros = (time.perf_counter() - started) * 1e6
            # (where no payment exists, no plan is the right answer: the error is shown, not counted as a
            # failure among the payable boards)
            status = "none" if self.optimum is None else "failed"
            return Verdict(status, micros, reason=f"raised {type(error).__name__}: {error}")
        micros = (time.perf_counter() - started) * 1e6
        if plan is None:
            return Verdict("none" if self.optimum is None else "failed", micros)
        try:
            known = self.scores.get(plan)
        except TypeError:  # not hashable: not a Plan made of Steps
            known = None
        if known is None:
            try:
                known = self.score(plan)
            except IllegalPlanError as error:
                known = str(error)
            except Exception as error:  # a malformed plan (wrong types, unknown ids) is illegal too
                known = f"{type(error).__name__}: {error}"
            with contextlib.suppress(TypeError):
                self.scores[plan] = known
        if isinstance(known, str):
            return Verdict("illegal", micros, reason=known)
        if self.optimum is None and not self.proven:
            # the planner's time ran out before it found any payment: nothing to judge the plan against
            return Verdict("unjudged", micros, reason="the optimal planner's time limit ran out")
        if self.optimum is None:
            return Verdict("disagrees", micros, reason="a legal plan where the optimal planner found none")
        excess = tuple(mine - best for mine, best in zip(known, self.optimum, strict=True))
        if known < self.optimum and self.proven:
            return Verdict("disagrees", micros, excess, "a legal plan better than the planner's optimum")
        return Verdict("worse" if known > self.optimum else "optimal", micros, excess)


# --------------------------------------------------------------------------------------------------------
# Running the corpus


@dataclass(kw_only=True, frozen=True, slots=True)
class HeuristicStats:
    """One heuristic's totals over the generated boards.

    ``costly`` counts the plans worse on a level of :data:`COSTLY_LEVELS`; ``worse_by_level`` maps each
    judged level to (boards where the heuristic's plan was worse on it, the
    excess summed over them).
    """

    name: str
    boards: int
    payable: int
    failed: int
    illegal: int
    worse: int
    costly: int
    optimal: int
    disagrees: int
    median_micros: float
    worse_by_level: dict[str, tuple[int, int]]
    failed_examples: tuple[str, ...]
    illegal_examples: tuple[str, ...]

    def to_json(self) -> dict[str, Any]:
        """The stats as JSON data."""
        return {
            "name": self.name,
            "boards": self.boards,
            "payable": self.payable,
            "failed": self.failed,
            "illegal": self.illegal,
            "not_optimal": self.worse,
            "costly": self.costly,
            "optimal": self.optimal,
            "disagrees": self.disagrees,
            "median_us": round(self.median_micros, 1),
            "worse_by_level": {k: {"boards": n, "excess": e} for k, (n, e) in self.worse_by_level.items()},
            "failed_examples": list(self.failed_examples),
            "illegal_examples": list(self.illegal_examples),
        }


@dataclass(kw_only=True, frozen=True, slots=True)
class Report:
    """A whole run: the settings, every board's results, and the scenario results.

    >>> report = run_report(2, seed=3, heuristics=["forge-like"], named=False)
    >>> data = report.to_json()
    >>> data["boards"], [h["name"] for h in data["heuristics"]], report.disagreements()
    (2, ['forge-like'], [])
    """

    seed: int
    heuristics: tuple[str, ...]
    runs: tuple[CaseRun, ...]
    scenario_runs: tuple[CaseRun, ...]
    time_limit: float
    jobs: int
    wall_seconds: float = 0.0
    stats: tuple[HeuristicStats, ...] = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(
            self, "stats", tuple(_stats(self.runs, n, h) for n, h in enumerate(self.heuristics))
        )

    @property
    def payable(self) -> int:
        """How many generated boards the optimal planner paid."""
        return sum(run.payable for run in self.runs)

    @property
    def unproven(self) -> tuple[CaseRun, ...]:
        """The boards whose optimum the planner did not prove within its time limit."""
        return tuple(run for run in self.runs if run.payable and not run.proven)

    @property
    def timed_out(self) -> tuple[CaseRun, ...]:
        """The generated boards on which the planner's time limit ran out before it found any payment."""
        return tuple(run for run in self.runs if run.timed_out)

    @property
    def planner_errors(self) -> tuple[CaseRun, ...]:
        """The boards on which the optimal planner raised an error (a bug)."""
        return tuple(run for run in (*self.runs, *self.scenario_runs) if run.planner_error)

    def disagreements(self) -> list[tuple[str, str, str]]:
        """(heuristic, board, reason) for every verdict that says the planner is wrong."""
        return [
            (self.heuristics[n], run.name, verdict.reason)
            for run in (*self.runs, *self.scenario_runs)
            for n, verdict in enumerate(run.verdicts)
            if verdict.status == "disagrees"
        ]

    def median_micros(self, key: Callable[[CaseRun], float]) -> float:
        """The median over the generated boards of a per-board time."""
        return statistics.median(key(run) for run in self.runs) if self.runs else 0.0

    def to_json(self) -> dict[str, Any]:
        """The report as JSON data (``median_us``, ``*_us`` and ``wall_seconds`` are the only times)."""
        recipes = {recipe: sum(run.recipe == recipe for run in self.runs) for recipe in RECIPES}
        return {
            "seed": self.seed,
            "boards": len(self.runs),
            "recipes": recipes,
            "time_limit": self.time_limit,
            "jobs": self.jobs,
            "optimal": {
                "payable": self.payable,
                "unpayable": len(self.runs)
                - self.payable
                - sum(bool(r.planner_error) or r.timed_out for r in self.runs),
                "timed_out": [f"{run.name} {run.cost}" for run in self.timed_out],
                "unproven": [f"{run.name} {run.cost}" for run in self.unproven],
                "errors": [{"board": r.name, "error": r.planner_error} for r in self.planner_errors],
                "median_us": round(self.median_micros(lambda run: run.planner_micros), 1),
            },
            "analysis_median_us": round(self.median_micros(lambda run: run.analysis_micros), 1),
            "heuristics": [stats.to_json() for stats in self.stats],
            "scenarios": [
                {
                    "name": run.name,
                    "story": scenario(run.name).story,
                    "cost": run.cost,
                    "payable": None if run.timed_out else run.payable,
                    "timed_out": run.timed_out,
                    "results": {
                        name: {"status": v.status, "excess": list(v.excess), "reason": v.reason}
                        for name, v in zip(self.heuristics, run.verdicts, strict=True)
                    },
                }
                for run in self.scenario_runs
            ],
            "disagreements": [{"heuristic": h, "board": b, "reason": r} for h, b, r in self.disagreements()],
            "wall_seconds": round(self.wall_seconds, 2),
        }


def _stats(runs: Sequence[CaseRun], index: int, name: str) -> HeuristicStats:
    verdicts = [(run, run.verdicts[index]) for run in runs]
    count = {status: sum(v.status == status for _, v in verdicts) for status in _STATUSES}
    by_level: dict[str, tuple[int, int]] = {}
    for number, level in enumerate(LEVEL_LABELS):
        extra = [v.excess[number] for _, v in verdicts if v.status == "worse" and v.excess[number] > 0]
        by_level[level] = (len(extra), sum(extra))
    failed = [
        f"{run.name} {run.cost}" + (f": {v.reason}" if v.reason else "")
        for run, v in verdicts
        if v.status == "failed" or (v.status == "none" and v.reason)
    ]
    illegal = [f"{run.name} {run.cost}: {v.reason}" for run, v in verdicts if v.status == "illegal"]
    times = [v.micros for _, v in verdicts]
    return HeuristicStats(
        name=name,
        boards=len(runs),
        payable=sum(run.payable for run in runs),
        failed=count["failed"],
        illegal=count["illegal"],
        worse=count["worse"],
        costly=sum(v.status == "worse" and any(v.excess[n] > 0 for n in _COSTLY) for _, v in verdicts),
        optimal=count["optimal"],
        disagrees=count["disagrees"],
        median_micros=statistics.median(times) if times else 0.0,
        worse_by_level=by_level,
        failed_examples=tuple(failed[:EXAMPLES]),
        illegal_examples=tuple(illegal[:EXAMPLES]),
    )


_STATUSES = ("optimal", "worse", "failed", "illegal", "none", "disagrees", "unjudged")


def _chunk_runs(
    seed: int, keys: Sequence[int | str], specs: Sequence[str], time_limit: float
) -> list[CaseRun]:
    """Run one chunk of cases (generated boards by index, scenarios by name): a worker process's task."""
    heuristics = [load_heuristic(spec) for spec in specs]
    return [
        run_case(scenario(key) if isinstance(key, str) else generated_case(seed, key), heuristics, time_limit)
        for key in keys
    ]


def default_jobs() -> int:
    """How many worker processes to use by default: the processors this process may run on, at most 8.

    >>> 1 <= default_jobs() <= 8
    True
    """
    return min(max_jobs(), 8)


def run_report(
    boards: int,
    seed: int = 0,
    heuristics: Sequence[str] = tuple(BUILTINS),
    *,
    jobs: int = 1,
    time_limit: float = DEFAULT_TIME_LIMIT,
    named: bool = True,
    progress: Callable[[int], None] | None = None,
) -> Report:
    """Run the heuristics (names or import paths, see :func:`~planner.bench.heuristics.load_heuristic`) and
    the
    optimal planner on ``boards`` generated boards of ``seed`` and (with ``named``) the named scenarios.

    ``jobs`` worker processes share the boards (1 runs in this process); ``progress`` is called with the
    number of cases finished each time a chunk completes. Bad heuristic specs raise ``InputError`` first.

    >>> report = run_report(4, seed=1, heuristics=["tiered"])
    >>> len(report.runs), report.stats[0].boards, report.stats[0].illegal
    (4, 4, 0)
    """
    specs = tuple(heuristics)
    if boards < 0:
        raise InputError(f"boards: expected 0 or more, got {boards}")
    within(boards, MAX_BOARDS, "boards")
    if jobs < 1:
        raise InputError(f"jobs: expected at least 1, got {jobs}")
    within(jobs, max_jobs(), "jobs (at most one per processor)")
    for spec in specs:
        load_heuristic(spec)  # fail fast, in this process, on a bad spec
    keys: list[int | str] = [case.name for case in scenarios()] if named else []
    keys += list(range(boards))
    size = max(1, min(25, len(keys) // max(1, jobs * 4)))
    chunks = [keys[start : start + size] for start in range(0, len(keys), size)]
    started = time.perf_counter()
    results: dict[int, list[CaseRun]] = {}
    for number, runs in _execute(chunks, seed, specs, time_limit, jobs):
        results[number] = runs
        if progress is not None:
            progress(len(runs))
    ordered = [run for number in range(len(chunks)) for run in results[number]]
    named_runs = len(keys) - boards
    return Report(
        seed=seed,
        heuristics=specs,
        runs=tuple(ordered[named_runs:]),
        scenario_runs=tuple(ordered[:named_runs]),
        time_limit=time_limit,
        jobs=jobs,
        wall_seconds=time.perf_counter() - started,
    )


def _execute(
    chunks: Sequence[Sequence[int | str]], seed: int, specs: Sequence[str], time_limit: float, jobs: int
) -> Iterator[tuple[int, list[CaseRun]]]:
    """Run the chunks, in this process or in ``jobs`` workers, yielding (chunk number, runs) as they end."""
    if jobs <= 1:
        for number, chunk in enumerate(chunks):
            yield number, _chunk_runs(seed, chunk, specs, time_limit)
        return
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        futures = {
            pool.submit(_chunk_runs, seed, chunk, specs, time_limit): number
            for number, chunk in enumerate(chunks)
        }
        for future in as_completed(futures):
            yield futures[future], future.result()


# --------------------------------------------------------------------------------------------------------
# Presenting it


def _percent(part: int, whole: int) -> str:
    return f"{part} ({100 * part / whole:.1f}%)" if whole else str(part)


def _micros(value: float) -> str:
    return f"{value:,.0f}"


def format_report(report: Report, table: Callable[[Sequence[str], Sequence[Sequence[str]]], str]) -> str:
    """The report as text: a summary table, how much worse per level, the scenarios, examples, a footer.

    ``table`` lays out rows under headers (the CLI's :func:`planner.tables.table`).

    >>> from planner.tables import table
    >>> report = run_report(3, seed=2, heuristics=["tiered"], named=False)
    >>> print(format_report(report, table).splitlines()[0])  # doctest: +ELLIPSIS
    Heuristics against the optimal planner on 3 generated boards (seed 2: 2 two-color, ...).
    """
    runs = report.runs
    recipes = ", ".join(f"{sum(r.recipe == name for r in runs)} {name}" for name in RECIPES)
    planner_us = report.median_micros(lambda run: run.planner_micros)
    named = f" and {len(report.scenario_runs)} named scenarios" if report.scenario_runs else ""
    lines = [
        f"Heuristics against the optimal planner on {len(runs)} generated boards (seed {report.seed}: "
        f"{recipes}){named}."
    ]
    proven = "every optimum was proven"
    if report.unproven:
        shown = ", ".join(f"{run.name} {run.cost}" for run in report.unproven[:EXAMPLES])
        proven = (
            f"the optimum was not proven within {report.time_limit:g} s on {len(report.unproven)} "
            f"(e.g. {shown}); there the heuristics are compared with the best payment found"
        )
    timed_out = len(report.timed_out)
    late = f"; its time limit ran out before any payment on {timed_out}" if timed_out else ""
    lines += [
        f"The optimal planner paid {report.payable} and found no payment on "
        f"{len(runs) - report.payable - timed_out}{late}; {proven}.",
        "",
    ]
    analysis = report.median_micros(lambda run: run.analysis_micros)
    rows = [
        [
            s.name,
            _percent(s.failed + s.illegal, s.payable),
            str(s.illegal),
            _percent(s.worse, s.worse + s.optimal),
            _percent(s.costly, s.worse + s.optimal),
            _micros(s.median_micros),
            _micros(s.median_micros + analysis),
            f"{planner_us / (s.median_micros + analysis):,.1f}x" if s.median_micros + analysis else "-",
        ]
        for s in report.stats
    ]
    rows.append(["optimal planner", "0", "0", "0", "0", _micros(planner_us), _micros(planner_us), "1x"])
    headers = [
        "heuristic",
        "fails (of payable)",
        "illegal",
        "not optimal (of paid)",
        "costly (of paid)",
        "median µs",
        "with analysis µs",
        "faster",
    ]
    lines.append(table(headers, rows))
    lines += [
        "Costly: more life or damage, a sacrifice, or mana left floating; the rest keep fewer options open.",
        "",
        "Where not optimal, boards worse on each objective level / the excess summed over them:",
    ]
    level_rows = [
        [s.name, *(f"{n}/+{e}" if n else "-" for n, e in s.worse_by_level.values())] for s in report.stats
    ]
    lines.append(table(["heuristic", *LEVEL_LABELS.values()], level_rows))
    if report.scenario_runs:
        lines += [
            "",
            "Named scenarios (ok: optimal; otherwise the first level where it is worse, or what went wrong):",
        ]
        scenario_rows = [
            [run.name, run.cost, *(_cell(v) for v in run.verdicts)] for run in report.scenario_runs
        ]
        lines.append(table(["scenario", "cost", *report.heuristics], scenario_rows))
        lines += ["", "What a naive tapper gets wrong there:"]
        lines += [f"  {run.name}: {scenario(run.name).story}" for run in report.scenario_runs]
    examples = [f"  {s.name} fails on {e}" for s in report.stats for e in s.failed_examples]
    examples += [f"  {s.name} plays illegally on {e}" for s in report.stats for e in s.illegal_examples]
    if examples:
        lines += [
            "",
            "Examples (board and cost; 'mana-planner bench heuristics --board ID' prints a board):",
            *examples,
        ]
    problems = [f"  {h} on {b}: {r}" for h, b, r in report.disagreements()[: EXAMPLES * 3]]
    problems += [f"  planner error on {r.name} {r.cost}: {r.planner_error}" for r in report.planner_errors]
    if problems:
        lines += ["", "Planner problems (a heuristic beat it, or it raised an error):", *problems]
    else:
        lines += ["", "Planner check: no heuristic plan beat the optimum, and the planner raised no error."]
    processes = f"{report.jobs} process{'es' if report.jobs > 1 else ''}"
    lines += [
        "",
        "Times are medians per decision. A baseline's own time leaves out the analysis of the board it needs "
        f"(its mana abilities and their outcomes, median {_micros(analysis)} µs), which 'with analysis' and",
        "'faster' count; the optimal planner's is one whole pay() call, its own analysis included. "
        f"Wall time {report.wall_seconds:.1f} s with {processes}.",
    ]
    return "\n".join(lines)


def _cell(verdict: Verdict) -> str:
    if verdict.status != "worse":
        return {"optimal": "ok", "none": "none (right)"}.get(verdict.status, verdict.status)
    level = next(n for n, extra in enumerate(verdict.excess) if extra > 0)
    return f"{list(LEVEL_LABELS.values())[level]} +{verdict.excess[level]}"


def plot_report(report: Report, path: str | os.PathLike[str]) -> None:
    """Draw the report as a bar chart (PNG): failure, illegal and not-optimal rates, and median times.

    Needs matplotlib (``pip install -e '.[plot]'``); raises ``InputError`` when it is missing.

    >>> import pathlib, tempfile
    >>> report = run_report(2, seed=3, heuristics=["tiered"], named=False)
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     plot_report(report, pathlib.Path(folder) / "chart.png")
    ...     (pathlib.Path(folder) / "chart.png").read_bytes()[:4]
    b'\\x89PNG'
    """
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise InputError("--plot needs matplotlib: pip install -e '.[plot]'") from None
    names = [s.name for s in report.stats]
    rates = {
        "fails when payable": [100 * (s.failed + s.illegal) / max(1, s.payable) for s in report.stats],
        "illegal": [100 * s.illegal / max(1, s.boards) for s in report.stats],
        "costly (of paid)": [100 * s.costly / max(1, s.worse + s.optimal) for s in report.stats],
        "not optimal (of paid)": [100 * s.worse / max(1, s.worse + s.optimal) for s in report.stats],
    }
    # every bar is a way to go wrong, so none is green: the worst in red, then purple, orange, gold
    colors = dict(zip(rates, ("tab:red", "tab:purple", "tab:orange", "goldenrod"), strict=True))
    figure, (left, right) = plt.subplots(1, 2, figsize=(12, 4.8), gridspec_kw={"width_ratios": [2, 1]})
    width = 0.8 / len(rates)
    for number, (label, values) in enumerate(rates.items()):
        positions = [x + (number - (len(rates) - 1) / 2) * width for x in range(len(names))]
        bars = left.bar(positions, values, width, label=label, color=colors[label])
        left.bar_label(bars, fmt="%.1f", fontsize=7)
    left.set_xticks(range(len(names)), names, rotation=15)
    left.set_ylabel("% of boards")
    left.set_ylim(0, max(1.0, *(v for values in rates.values() for v in values)) * 1.3)
    left.set_title(f"Heuristics vs. the optimal planner ({len(report.runs)} boards, seed {report.seed})")
    left.legend(loc="upper left", ncols=2, fontsize=8)
    times = [s.median_micros for s in report.stats] + [report.median_micros(lambda run: run.planner_micros)]
    bars = right.bar([*names, "optimal"], times, color=["tab:gray"] * len(names) + ["tab:green"])
    right.bar_label(bars, labels=[_micros(t) for t in times], fontsize=7)
    right.set_yscale("log")
    right.set_ylim(max(1.0, min(times) / 3), max(times) * 3)
    right.set_ylabel("median µs per decision (log)")
    right.set_title("Time per decision")
    right.tick_params(axis="x", rotation=30)
    figure.tight_layout()
    try:
        figure.savefig(Path(path), dpi=120)
    except OSError as error:
        raise InputError(
            f"--plot {os.fspath(path)!r}: cannot write the chart: {error.strerror or error}"
        ) from None
    finally:
        plt.close(figure)
