"""Benchmark of ``planner.api.pay``: realistic boards of growing size and the Cascading Cataracts series,
timed side by side in one run against the reference search (where it finishes) and against a baseline that
enumerates every mana combination up front, the way XMage lists available mana.

Run ``python -m benchmarks.bench_pay [--quick] [--seed S] [--repeats N] [--against PATH] [--rounds N]``; it
prints the command line, the machine, one table per series, and peak memory (then, with ``--against``, this
checkout beside another). Boards and costs are the same for the same seed; only the timings change between
runs.

How things are measured:

- *pay* is the public call, everything included (model building, solving, replaying the plan, describing
  it), with its default time limit unless ``--time-limit`` says otherwise; building the ``Board`` from
  its JSON data is not timed. Each board is paid ``--repeats`` times and its figure is the median of
  those; the table gives the median and the 95th percentile of the boards' figures.
- *reference* is ``planner.rules.reference.reference_search``, which only accepts boards of at most eight
  permanents: it runs on the smallest size only ("—" elsewhere).
- *enumeration* is :func:`enumerate_pools`, written here: every untapped source is tapped for each of its
  concrete outputs in turn (sources whose abilities cost mana may also stay untapped, and every way to pay
  their cost from the pool so far is tried), keeping the set of distinct pools, then the cost is checked
  against each pool. It stops at ``--enum-seconds`` or ``--enum-cap`` pools, reported as ">".
  *combos* is the number of distinct pools it lists: XMage's list of available mana.
- Memory: the process's peak resident set (``ru_maxrss``) after the pay runs and at the end, and the
  Python heap peak (``tracemalloc``) of one pay on the largest board, measured apart from the timings.
- *against* (``--against PATH``, another checkout, perhaps older): the same realistic boards and Cataracts
  boards paid (``--repeats`` calls each, the median kept, time limit as above) by this checkout's timing
  code (:mod:`benchmarks.pay_timing`) in fresh processes with either checkout first on ``sys.path``,
  ``--rounds`` processes per version, old and new interleaved (their order alternating from round to round).
  Times are process CPU time rather than wall time, since the machine may be shared; a board's figure is the
  best of its rounds (the one least disturbed by other processes), and the table gives both versions' median
  and 95th percentile of the boards' figures per size, and the ratio of the medians (against / this: above
  1, this checkout is faster); each Cataracts board gets both versions' figures, their ratio and both
  answers.
"""

from __future__ import annotations

import argparse
import math
import os
import platform
import random
import resource
import statistics
import subprocess
import sys
import time
import tracemalloc
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from importlib.metadata import version
from pathlib import Path
from typing import Any, TypeVar

from benchmarks.bench_versions import interleaved, with_these_benchmarks
from benchmarks.boards import (
    CATARACTS_LANDS,
    cataracts_board,
    cataracts_cost,
    realistic_board,
    realistic_cost,
)
from benchmarks.pay_timing import Payload, Timed
from models.board import Board
from models.cost import ManaCost, PaymentTarget
from models.mana import TYPE_ORDER, ManaBag
from planner.api import PayResult, pay
from planner.rules.could_produce import could_produce_all
from planner.rules.eligibility import why_not_activatable
from planner.rules.payment import GENERIC, cost_modes
from planner.rules.production import activation_outcomes
from planner.rules.reference import MAX_PERMANENTS, ReferenceLimitError, reference_search
from planner.rules.view import BoardView

__all__ = ["EnumerationResult", "enumerate_pools", "main"]

ROOT = Path(__file__).resolve().parents[1]
FULL_SIZES = (6, 10, 20, 40, 80, 160)
QUICK_SIZES = (6, 10, 20)
FULL_CATARACTS = tuple(range(2, 11))
QUICK_CATARACTS = (2, 3)
#: What XMage's available-mana listing reports for the Cataracts series (issue 4).
XMAGE_COMBOS = {4: 3_698, 7: 63_343}

#: A pool as counts of W, U, B, R, G, C.
Vec = tuple[int, int, int, int, int, int]
_ZERO: Vec = (0, 0, 0, 0, 0, 0)
_T = TypeVar("_T")


# ----------------------------------------------------------------------------------- the enumeration baseline


@dataclass(frozen=True, slots=True)
class _Option:
    """One concrete output of one source: the mana it adds, and the ways to pay its mana cost (if any),
    each as the exact typed mana it needs plus a generic amount."""

    adds: Vec
    cost: tuple[tuple[Vec, int], ...] | None = None


@dataclass(frozen=True, slots=True)
class _Source:
    pid: str
    options: tuple[_Option, ...]
    optional: bool  # True when every option costs mana: the source may stay untapped


@dataclass(frozen=True, slots=True)
class EnumerationResult:
    """What the enumeration found: whether some listed pool pays the cost, how many distinct pools it
    listed, and whether it stopped at its cap (then ``payable`` is None and ``pools`` is how far it got)."""

    payable: bool | None
    pools: int
    capped: bool
    seconds: float


class _CappedError(Exception):
    def __init__(self, pools: int) -> None:
        super().__init__(pools)
        self.pools = pools


def _vec(bag: ManaBag) -> Vec:
    return bag.counts


def _add(a: Vec, b: Vec) -> Vec:
    return (a[0] + b[0], a[1] + b[1], a[2] + b[2], a[3] + b[3], a[4] + b[4], a[5] + b[5])


def _sub(a: Vec, b: Vec) -> Vec:
    return (a[0] - b[0], a[1] - b[1], a[2] - b[2], a[3] - b[3], a[4] - b[4], a[5] - b[5])


def _covers(pool: Vec, need: Vec) -> bool:
    return all(have >= want for have, want in zip(pool, need, strict=True))


def _payment_modes(cost: ManaCost, life: int) -> tuple[tuple[Vec, int], ...]:
    """The ways to pay a cost as (typed mana needed, generic amount); {S} is not supported here."""
    modes = []
    for mode in cost_modes(cost, life):
        need = [0] * 6
        generic = 0
        for slot, count in mode.slots:
            if slot == GENERIC:
                generic += count
            elif isinstance(slot, str):
                break  # {S}: the baseline does not track snow
            else:
                need[TYPE_ORDER.index(slot)] += count
        else:
            modes.append((tuple(need), generic))
    return tuple((_six(need), generic) for need, generic in modes)


def _six(values: Sequence[int]) -> Vec:
    return (values[0], values[1], values[2], values[3], values[4], values[5])


def _sub_pools(pool: Vec, total: int, start: int = 0) -> Iterator[Vec]:
    """Every pool of ``total`` mana inside ``pool`` (using types from ``start`` on)."""
    if total == 0:
        yield _ZERO
        return
    if start == 6:
        return
    for take in range(min(pool[start], total), -1, -1):
        for rest in _sub_pools(pool, total - take, start + 1):
            chosen = list(rest)
            chosen[start] = take
            yield _six(chosen)


def _ways_to_pay(pool: Vec, modes: tuple[tuple[Vec, int], ...]) -> set[Vec]:
    """Every distinct amount of mana the pool could spend on a cost with these modes."""
    found: set[Vec] = set()
    for need, generic in modes:
        if _covers(pool, need):
            rest = _sub(pool, need)
            found.update(_add(need, extra) for extra in _sub_pools(rest, generic))
    return found


def _sources(board: Board, player: str) -> list[_Source]:
    """Every untapped source of the player with its concrete outputs, free sources first."""
    view = BoardView(board)
    reflect = could_produce_all(view)
    life = board.player(player).life
    sources: list[_Source] = []
    for permanent in board.controlled_by(player):
        options: dict[_Option, None] = {}
        for ability in view.mana_abilities(permanent.id):
            cost = ability.cost
            once = cost.tap or cost.sacrifice_self
            unsupported = cost.sacrifice is not None or cost.tap_others is not None or cost.untap
            if not once or unsupported or cost.mana.has_variable:
                continue
            if why_not_activatable(view, permanent.id, ability) is not None:
                continue
            modes = _payment_modes(cost.mana, life) if cost.mana else None
            for outcome in activation_outcomes(view, permanent.id, ability, reflect):
                for concrete in outcome.concrete():
                    adds = sum((bag for bag, _ in concrete), ManaBag())
                    options[_Option(_vec(adds), modes)] = None
        if options:
            optional = all(option.cost is not None for option in options)
            sources.append(_Source(permanent.id, tuple(options), optional))
    return sorted(sources, key=lambda s: any(o.cost is not None for o in s.options))


def enumerate_pools(
    board: Board, target: PaymentTarget, player: str, *, seconds: float = 2.0, cap: int = 1_000_000
) -> EnumerationResult:
    """The XMage-style baseline: list every pool the untapped sources can make, then look for one that pays.

    Sources that need no mana are always tapped (more mana never hurts the check); a source whose
    abilities cost mana (Signets, filter lands, Cascading Cataracts) may stay untapped, and every way its
    cost can be paid from each pool listed so far is tried. Sources with mana costs come after the free
    ones, in board order. Restrictions, snow, life and damage are not tracked.

    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
    ...     {"id": "f", "card": "Forest", "controller": "me"},
    ...     {"id": "bop", "card": "Birds of Paradise", "controller": "me"}]})
    >>> found = enumerate_pools(board, PaymentTarget.of("{1}{G}"), "me")
    >>> found.payable, found.pools
    (True, 5)
    """
    start = time.perf_counter()
    deadline = start + seconds
    pool = _ZERO
    for entry in board.player(player).pool:
        pool = _add(pool, _vec(entry.mana))
    pools: set[Vec] = {pool}
    try:
        for source in _sources(board, player):
            pools = _step(pools, source, deadline, cap)
    except _CappedError as stop:
        return EnumerationResult(None, stop.pools, True, time.perf_counter() - start)
    modes = _payment_modes(target.cost, board.player(player).life)
    payable = any(
        _covers(p, need) and sum(p) - sum(need) >= generic for p in pools for need, generic in modes
    )
    return EnumerationResult(payable, len(pools), False, time.perf_counter() - start)


def _step(pools: set[Vec], source: _Source, deadline: float, cap: int) -> set[Vec]:
    """The pools after one more source: each pool with each of the source's options (or without it)."""
    after: set[Vec] = set()
    for pool in pools:
        if source.optional:
            after.add(pool)
        for option in source.options:
            if option.cost is None:
                after.add(_add(pool, option.adds))
                continue
            for spent in _ways_to_pay(pool, option.cost):
                after.add(_add(_sub(pool, spent), option.adds))
        if len(after) > cap or time.perf_counter() > deadline:
            raise _CappedError(len(after))
    return after


# ------------------------------------------------------------------------------------------------ measuring


@dataclass(slots=True)
class _Case:
    """One board and cost with what was measured on it."""

    board: Board
    cost: str
    pay_seconds: float = 0.0
    result: PayResult | None = None
    reference_seconds: float | None = None  # None: not run (too big); inf: hit its limit
    reference_payable: bool | None = None
    enumeration: EnumerationResult | None = None


def _timed(call: Callable[[], _T]) -> tuple[float, _T]:
    start = time.perf_counter()
    value = call()
    return time.perf_counter() - start, value


def _time_pay(case: _Case, repeats: int, time_limit: float | None) -> None:
    target = PaymentTarget.of(case.cost)
    options: dict[str, Any] = {} if time_limit is None else {"time_limit": time_limit}
    samples = []
    for _ in range(repeats):
        seconds, result = _timed(lambda: pay(case.board, target, **options))
        samples.append(seconds)
    case.pay_seconds = statistics.median(samples)
    case.result = result


def _time_reference(case: _Case) -> None:
    if len(case.board.permanents) > MAX_PERMANENTS:
        return
    start = time.perf_counter()
    try:
        found = reference_search(case.board, PaymentTarget.of(case.cost))
    except ReferenceLimitError:
        case.reference_seconds = math.inf
        return
    case.reference_seconds = time.perf_counter() - start
    case.reference_payable = found.payable


def _time_enumeration(case: _Case, seconds: float, cap: int) -> None:
    target = PaymentTarget.of(case.cost)
    case.enumeration = enumerate_pools(case.board, target, case.board.active_player, seconds=seconds, cap=cap)


def _percentile(values: Sequence[float], fraction: float) -> float:
    """The nearest-rank percentile (``fraction`` in 0..1) of the values."""
    ordered = sorted(values)
    rank = max(1, math.ceil(fraction * len(ordered)))
    return ordered[rank - 1]


def _revision() -> str:
    """The git commit of the code measured, marked '+changes' when the working tree differs from it."""
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    try:
        head = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"], cwd=root, capture_output=True, text=True, check=True
        ).stdout.strip()
        dirty = subprocess.run(
            ["git", "status", "--porcelain", "--untracked-files=no"],
            cwd=root,
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"
    return f"{head}+changes" if dirty else head


def _progress(message: str, started: float) -> None:
    """A progress line on standard error (the tables go to ``out``)."""
    print(f"[{time.perf_counter() - started:5.0f} s] {message}", file=sys.stderr, flush=True)


def _load() -> str:
    """The 1-minute load average (other processes on the machine slow every figure down)."""
    try:
        return f"{os.getloadavg()[0]:.1f}"
    except OSError:
        return "unknown"


def _peak_rss_mb() -> float:
    # ru_maxrss is in kilobytes on Linux, bytes on macOS
    scale = 1 if sys.platform == "darwin" else 1024
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * scale / 2**20


# ---------------------------------------------------------------------------------------------- formatting


def _ms(seconds: float | None) -> str:
    if seconds is None:
        return "—"
    if math.isinf(seconds):
        return ">cap"
    return f"{seconds * 1000:.1f}" if seconds < 10 else f"{seconds * 1000:.0f}"


def _enum_ms(found: Sequence[EnumerationResult], seconds: float) -> tuple[str, float]:
    """The median enumeration time as text (">N s" when most boards hit the cap) and as a number."""
    values = [math.inf if f.capped else f.seconds for f in found]
    middle = _median_inf(values)
    if math.isinf(middle):
        return f">{seconds:g} s", seconds
    return _ms(middle), middle


def _median_inf(values: Sequence[float]) -> float:
    ordered = sorted(values)
    return ordered[(len(ordered) - 1) // 2] if ordered else math.nan


def _combos(found: Sequence[EnumerationResult]) -> str:
    ordered = sorted(found, key=lambda f: (f.capped, f.pools))
    middle = ordered[(len(ordered) - 1) // 2]
    return f">{middle.pools:,}" if middle.capped else f"{middle.pools:,}"


def _ratio(enum_text: str, enum_seconds: float, pay_seconds: float) -> str:
    if pay_seconds <= 0:
        return "—"
    prefix = ">" if enum_text.startswith(">") else ""
    return f"{prefix}{enum_seconds / pay_seconds:.2g}×"


def _table(header: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    widths = [max(len(h), *(len(r[i]) for r in rows)) for i, h in enumerate(header)]
    lines = ["  ".join(h.rjust(w) for h, w in zip(header, widths, strict=True))]
    lines.append("  ".join("-" * w for w in widths))
    lines += ["  ".join(c.rjust(w) for c, w in zip(row, widths, strict=True)) for row in rows]
    return "\n".join(lines)


def _timed_out(result: PayResult | None) -> bool:
    """True when pay's time limit ran out before it found any plan (its answer is then 'unknown')."""
    return result is not None and not result.payable and not result.optimal


def _outcome(result: PayResult) -> str:
    """What pay answered: paid (proven best, or the best found in the time limit), unpayable, or unknown."""
    return _worded(result.payable, result.optimal)


def _worded(payable: bool | None, optimal: bool) -> str:
    """An answer in words, from pay's ``payable`` and ``optimal`` (neither: the time limit ran out first)."""
    if payable:
        return "paid" if optimal else "paid, limit hit"
    return "unpayable" if optimal else "unknown, limit hit"


def _agreement(cases: Sequence[_Case]) -> str:
    """How many boards' enumeration verdicts (where it finished) match pay's, e.g. '11/11'."""
    checked = [
        c
        for c in cases
        if c.enumeration and not c.enumeration.capped and c.result and not _timed_out(c.result)
    ]
    same = sum(1 for c in checked if c.enumeration and c.result and c.enumeration.payable == c.result.payable)
    return f"{same}/{len(checked)}" if checked else "—"


# ------------------------------------------------------------------------------------------------- the runs


@dataclass(frozen=True, slots=True)
class _Settings:
    sizes: tuple[int, ...]
    cataracts: tuple[int, ...]
    boards: int
    repeats: int
    seed: int
    time_limit: float | None
    enum_seconds: float
    enum_cap: int


def _realistic_questions(settings: _Settings) -> dict[int, list[tuple[dict[str, Any], str]]]:
    """Per size, the realistic boards (as ``Board.from_dict`` data) with a cost each."""
    questions: dict[int, list[tuple[dict[str, Any], str]]] = {}
    for size in settings.sizes:
        rng = random.Random(f"{settings.seed}:{size}")
        questions[size] = []
        for _ in range(settings.boards):
            spec = realistic_board(rng, size)
            questions[size].append((spec.data, realistic_cost(rng, spec)))
    return questions


def _realistic_cases(settings: _Settings) -> dict[int, list[_Case]]:
    return {
        size: [_Case(Board.from_dict(data), cost) for data, cost in group]
        for size, group in _realistic_questions(settings).items()
    }


def _cataracts_cases(settings: _Settings) -> dict[int, _Case]:
    return {n: _Case(Board.from_dict(cataracts_board(n)), cataracts_cost(n)) for n in settings.cataracts}


def _realistic_table(cases: dict[int, list[_Case]], settings: _Settings) -> str:
    rows = []
    for size, group in cases.items():
        pays = [c.pay_seconds for c in group]
        payable = sum(1 for c in group if c.result and c.result.payable)
        fast = sum(1 for c in group if c.result and c.result.engine == "fast")
        limit_hit = sum(1 for c in group if c.result and not c.result.optimal)
        no_plan = sum(1 for c in group if _timed_out(c.result))
        pay_median = statistics.median(pays)
        references = [c.reference_seconds for c in group if c.reference_seconds is not None]
        ref_text = _ms(_median_inf(references)) if references else "—"
        ref_agree = [c for c in group if c.reference_payable is not None and c.result]
        ref_same = sum(1 for c in ref_agree if c.result and c.result.payable == c.reference_payable)
        found = [c.enumeration for c in group if c.enumeration]
        enum_text, enum_seconds = _enum_ms(found, settings.enum_seconds)
        rows.append(
            [
                str(size),
                f"{statistics.median(len(c.board.permanents) for c in group):g}",
                str(len(group)),
                f"{100 * payable / len(group):.0f}%",
                f"{100 * fast / len(group):.0f}%",
                _ms(pay_median),
                _ms(_percentile(pays, 0.95)),
                f"{limit_hit} ({no_plan} no plan)" if no_plan else str(limit_hit),
                ref_text,
                f"{ref_same}/{len(ref_agree)}" if ref_agree else "—",
                enum_text,
                _ratio(enum_text, enum_seconds, pay_median),
                _combos(found),
                _agreement(group),
            ]
        )
    header = [
        "size",
        "perms",
        "boards",
        "payable",
        "fast",
        "pay med ms",
        "pay p95 ms",
        "limit hit",
        "ref med ms",
        "ref agrees",
        "enum med ms",
        "enum/pay",
        "combos",
        "enum agrees",
    ]
    return _table(header, rows)


def _cataracts_table(cases: dict[int, _Case], settings: _Settings) -> str:
    rows = []
    for n, case in cases.items():
        found = case.enumeration
        assert found is not None and case.result is not None
        enum_text = f">{settings.enum_seconds:g} s" if found.capped else _ms(found.seconds)
        enum_seconds = settings.enum_seconds if found.capped else found.seconds
        unknown = found.capped or _timed_out(case.result)
        agrees = "—" if unknown else ("yes" if found.payable == case.result.payable else "NO")
        rows.append(
            [
                str(n),
                str(len(case.board.permanents)),
                case.cost,
                _ms(case.pay_seconds),
                _outcome(case.result),
                enum_text,
                _ratio(enum_text, enum_seconds, case.pay_seconds),
                f">{found.pools:,}" if found.capped else f"{found.pools:,}",
                f"{XMAGE_COMBOS[n]:,}" if n in XMAGE_COMBOS else "",
                agrees,
            ]
        )
    header = [
        "n",
        "perms",
        "cost",
        "pay ms",
        "pay answered",
        "enum ms",
        "enum/pay",
        "combos",
        "XMage combos",
        "enum agrees",
    ]
    return _table(header, rows)


def _heap_peak_mb(case: _Case, time_limit: float | None) -> float:
    options: dict[str, Any] = {} if time_limit is None else {"time_limit": time_limit}
    tracemalloc.start()
    try:
        pay(case.board, PaymentTarget.of(case.cost), **options)
        return tracemalloc.get_traced_memory()[1] / 2**20
    finally:
        tracemalloc.stop()


def run(settings: _Settings, command: str, out: Callable[[str], None] = print) -> None:
    """Generate the boards, time everything, and print the tables through ``out``."""
    out(f"$ {command}")
    out(
        f"code {_revision()}; python {platform.python_version()}, ortools {version('ortools')}, "
        f"{platform.machine()}, "
        f"{os.cpu_count()} cpus; seed {settings.seed}, {settings.boards} boards per size, "
        f"{settings.repeats} repeat(s) per board, pay time limit "
        f"{'default' if settings.time_limit is None else f'{settings.time_limit:g} s'}, "
        f"enumeration cap {settings.enum_seconds:g} s or {settings.enum_cap:,} pools; "
        f"load average {_load()}"
    )
    realistic = _realistic_cases(settings)
    cataracts = _cataracts_cases(settings)
    started = time.perf_counter()
    for size, group in realistic.items():
        _progress(f"pay: {len(group)} boards of size {size}", started)
        for case in group:
            _time_pay(case, settings.repeats, settings.time_limit)
    _progress(f"pay: Cataracts n = {', '.join(map(str, cataracts))}", started)
    for case in cataracts.values():
        _time_pay(case, settings.repeats, settings.time_limit)
    rss_after_pay = _peak_rss_mb()
    for size, group in realistic.items():
        _progress(f"reference and enumeration: size {size}", started)
        for case in group:
            _time_reference(case)
            _time_enumeration(case, settings.enum_seconds, settings.enum_cap)
    _progress("enumeration: Cataracts", started)
    for case in cataracts.values():
        _time_enumeration(case, settings.enum_seconds, settings.enum_cap)
    out("")
    out(
        "Realistic boards (size: the paying player's permanents; perms: the whole board, opponent's lands "
        "included)"
    )
    out(_realistic_table(realistic, settings))
    out(
        "fast: boards pay answered by its exact fast path (the rest by CP-SAT); "
        "limit hit: boards where pay's time limit stopped the search (no plan: before it found any, so pay "
        "answered 'unknown', counted as not payable); agrees: same verdict as pay where both finished"
    )
    out("")
    out(f"Cascading Cataracts series: n each of {', '.join(CATARACTS_LANDS)} and n Cascading Cataracts")
    out(_cataracts_table(cataracts, settings))
    heap = _heap_peak_mb(realistic[max(realistic)][0], settings.time_limit)
    out("")
    out(
        f"memory: peak RSS {rss_after_pay:.0f} MB after the pay runs, {_peak_rss_mb():.0f} MB at the end "
        f"(enumeration included); Python heap peak of one pay on a {max(realistic)}-permanent board "
        f"{heap:.1f} MB"
    )
    out(f"total {time.perf_counter() - started:.0f} s; load average {_load()}")


#: What a fresh process runs for ``--against``: this checkout's timing code, whichever checkout is first on
#: ``sys.path``.
_WORK = with_these_benchmarks("from benchmarks.pay_timing import work\nwork()\n")


def _best_of_rounds(rounds: list[list[Timed]]) -> list[Timed]:
    """Per case, the round with the least time."""
    return [min(per_round, key=lambda timed: timed[0]) for per_round in zip(*rounds, strict=True)]


def against_tables(settings: _Settings, against: Path, rounds: int) -> list[str]:
    """This checkout's pay times beside the checkout ``against``'s, on the realistic and Cataracts boards
    (lines of text)."""
    realistic = _realistic_questions(settings)
    cataracts = {n: (cataracts_board(n), cataracts_cost(n)) for n in settings.cataracts}
    cases = [case for group in realistic.values() for case in group] + list(cataracts.values())
    payload: Payload = {"cases": cases, "repeats": settings.repeats, "time_limit": settings.time_limit}
    trees = {"against": against.resolve(), "this": ROOT}
    found = {
        version: _best_of_rounds(answers)
        for version, answers in interleaved(trees, _WORK, payload, rounds).items()
    }
    rows = []
    start = 0
    for size, group in realistic.items():
        old = [timed[0] for timed in found["against"][start : start + len(group)]]
        new = [timed[0] for timed in found["this"][start : start + len(group)]]
        start += len(group)
        old_median, new_median = statistics.median(old), statistics.median(new)
        rows.append(
            [
                str(size),
                str(len(group)),
                _ms(old_median),
                _ms(_percentile(old, 0.95)),
                _ms(new_median),
                _ms(_percentile(new, 0.95)),
                f"{old_median / new_median:.2f}x" if new_median > 0 else "—",
            ]
        )
    header = ["size", "boards", "against med", "against p95", "this med", "this p95", "ratio"]
    lines = [
        "",
        f"this checkout ({ROOT}) against {against}: realistic boards, CPU ms per board, the best of "
        f"{rounds} fresh processes per version, interleaved; ratio of the medians against / this (above 1: "
        "this is faster)",
        _table(header, rows),
    ]
    rows = []
    for n, (old_timed, new_timed) in zip(
        cataracts, zip(found["against"][start:], found["this"][start:], strict=True), strict=True
    ):
        old_answer, new_answer = _worded(*old_timed[2:]), _worded(*new_timed[2:])
        rows.append(
            [
                str(n),
                cataracts[n][1],
                _ms(old_timed[0]),
                _ms(new_timed[0]),
                f"{old_timed[0] / new_timed[0]:.2f}x" if new_timed[0] > 0 else "—",
                old_answer if old_answer == new_answer else f"{old_answer} / {new_answer}",
            ]
        )
    lines += ["", "Cascading Cataracts series, the same way (answers: both versions', once when the same)"]
    lines.append(_table(["n", "cost", "against ms", "this ms", "ratio", "answers"], rows))
    return lines


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks.bench_pay", description=__doc__.split("\n")[0]
    )
    parser.add_argument("--quick", action="store_true", help="small sizes and few boards (a smoke run)")
    parser.add_argument("--seed", type=int, default=4, help="the seed of the board generator")
    parser.add_argument("--repeats", type=int, default=None, help="pay calls per board (median taken)")
    parser.add_argument("--boards", type=int, default=None, help="boards per size")
    parser.add_argument("--time-limit", type=float, default=None, help="pay's time limit (default: pay's)")
    parser.add_argument("--enum-seconds", type=float, default=None, help="the enumeration's time cap")
    parser.add_argument("--enum-cap", type=int, default=1_000_000, help="the enumeration's pool cap")
    parser.add_argument("--against", type=Path, help="a checkout of another version to compare with")
    parser.add_argument("--rounds", type=int, default=3, help="processes per version with --against")
    return parser


def main(argv: Sequence[str] | None = None, out: Callable[[str], None] = print) -> None:
    """Parse the command line and run the benchmark."""
    parser = _parser()
    args = parser.parse_args(argv)
    if args.rounds < 1:
        parser.error("--rounds must be at least 1")
    quick = bool(args.quick)
    settings = _Settings(
        sizes=QUICK_SIZES if quick else FULL_SIZES,
        cataracts=QUICK_CATARACTS if quick else FULL_CATARACTS,
        boards=args.boards or (3 if quick else 12),
        repeats=args.repeats or 1,
        seed=args.seed,
        time_limit=args.time_limit if args.time_limit is not None else (1.0 if quick else None),
        enum_seconds=args.enum_seconds or (0.5 if quick else 2.0),
        enum_cap=args.enum_cap,
    )
    words = list(sys.argv[1:] if argv is None else argv)
    run(settings, " ".join(["python -m benchmarks.bench_pay", *words]), out)
    if args.against is not None:
        for line in against_tables(settings, args.against, args.rounds):
            out(line)


if __name__ == "__main__":
    main()
