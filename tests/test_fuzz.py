"""Fuzzing: random boards from the whole catalogue, every cost symbol kind, pools, counters, Auras, keep
and hand costs, and what every answer must satisfy whatever the board (issue 19).

For each case:

- ``pay`` raises nothing but the project's errors (:class:`~models.errors.PlannerError`), and never an
  :class:`~models.errors.InternalError` (a plan the rules replay rejects: ``pay`` replays every plan);
- every call returns within its time limit plus a margin (wall clock, building the model included);
- a payable answer pays each symbol of the total cost exactly once, with mana (and life) that symbol takes
  (CR 107.4), checked here from the symbols alone, independently of the planner's assignment;
- ``max_x`` agrees with ``pay``: X = max is payable, X = max + 1 is not (unless the time limit ran out);
- on boards of at most 6 permanents, ``pay`` agrees with the exhaustive reference search on whether the
  cost can be paid (where the reference search cut an untap loop, CR 729, the model may stop sooner);
- the same questions get the same answers under another ``PYTHONHASHSEED`` (a subprocess, on a few boards).

The default run is seeded (derandomized) and bounded to well under a minute. ``MANA_PLANNER_FUZZ=long``
runs many more cases, unseeded but from ``MANA_PLANNER_FUZZ_SEED`` (``MANA_PLANNER_FUZZ_EXAMPLES`` per
property, default 20,000, within ``MANA_PLANNER_FUZZ_SECONDS`` in all, default 1,800) and, instead of
stopping at the first problem, counts every case and problem and writes the counts (and the problems) to
``MANA_PLANNER_FUZZ_REPORT`` (default ``fuzz-report.json``); its last test fails when any problem was found.
It runs in one process: ``MANA_PLANNER_FUZZ=long python -m pytest tests/test_fuzz.py``.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from boards import (
    BAUBLE,
    BLACK_KNIGHT,
    COUNTED_PARTNERS,
    SACRIFICE_EFFECTS,
    SACRIFICE_FODDER,
    SACRIFICE_OUTLETS,
    SACRIFICE_READERS,
    counted,
    partner,
    sacrifice_card,
)
from cost_part_cards import FAMILY_CARDS, FAMILY_EXTRAS, GRAVEYARD_CARDS, HAND_CARDS, counters_for
from hypothesis import HealthCheck, given, seed, settings
from hypothesis import strategies as st

from models.board import Board
from models.catalogue import all_cards
from models.cost import ManaCost, PaymentTarget, SymbolKind
from models.errors import InternalError, PlannerError
from models.mana import ManaBag, ManaType
from planner.api import PayResult, max_x, pay
from planner.rules.alternatives import covered_slots, reduced_costs
from planner.rules.reference import ReferenceLimitError, reference_search
from planner.solve.problem import PaymentProblem

LONG = os.environ.get("MANA_PLANNER_FUZZ", "") == "long"
#: The examples of each property: a few hundred by default (well under a minute in all), many in long mode;
#: ``MANA_PLANNER_FUZZ_EXAMPLES`` sets them in either mode (in the default mode: a few, where
#: tests/test_cache_switch.py runs the reference properties again with every table off).
EXAMPLES = int(os.environ.get("MANA_PLANNER_FUZZ_EXAMPLES", "20000" if LONG else "0"))
#: Long mode's time budget in seconds, shared by the properties: past its share, a property stops (no more
#: examples are drawn).
SECONDS = float(os.environ.get("MANA_PLANNER_FUZZ_SECONDS", "1800"))
SEED = int(os.environ.get("MANA_PLANNER_FUZZ_SEED", "19"))
REPORT = Path(os.environ.get("MANA_PLANNER_FUZZ_REPORT", "fuzz-report.json"))
#: The time limit of each call, and the margin beyond it past which a call is noted in the long run's report.
TIME_LIMIT = 2.0
MARGIN = 5.0
#: The reference search's state budget per case (larger cases are not compared).
STATE_LIMIT = 3000
#: Issue 39's boards (sacrifice outlets): their reference searches are larger, and their share of the long
#: run's time (``MANA_PLANNER_FUZZ_ONLY=sacrifices`` gives them all of it).
SACRIFICE_STATES = 20_000 if LONG else STATE_LIMIT
SACRIFICE_SHARE = 1.0 if os.environ.get("MANA_PLANNER_FUZZ_ONLY") == "sacrifices" else 0.2

CARDS = sorted(card.name for card in all_cards().values())
AURAS = {card.name for card in all_cards().values() if "Aura" in card.type_line}
#: Counter names the catalogue's text mentions, and a few more.
COUNTERS = sorted(
    {m.group(1).lower() for c in all_cards().values() for m in re.finditer(r"(\S+) counters?", c.oracle)}
    | {"charge", "mining", "storage", "+1/+1"}
)
SYMBOLS = [
    *("{W}", "{U}", "{B}", "{R}", "{G}", "{C}", "{0}", "{1}", "{2}", "{3}", "{X}"),
    *("{W/U}", "{B/G}", "{U/R}", "{2/W}", "{2/G}", "{C/U}", "{C/G}", "{G/P}", "{B/P}", "{W/U/P}", "{S}"),
]
TYPE_LINES = [
    "",
    "Creature — Elf Druid",
    "Creature — Eldrazi",
    "Artifact",
    "Artifact Creature — Golem",
    "Instant",
    "Sorcery",
    "Legendary Creature — Human Wizard",
    "Enchantment",
    "Planeswalker — Jace",
]
COLOR_NAMES = ["W", "U", "B", "R", "G"]


# ------------------------------------------------------------------------------------------- the cases


@st.composite
def costs(draw: st.DrawFn, *, allow_x: bool = True, most: int = 5) -> str:
    """A cost of 1 to ``most`` symbols of every kind (X at most twice, and only X)."""
    symbols = draw(st.lists(st.sampled_from(SYMBOLS), min_size=1, max_size=most))
    if not allow_x:
        symbols = [s for s in symbols if s != "{X}"] or ["{1}"]
    return "".join(symbols)


@st.composite
def boards(draw: st.DrawFn, *, most: int = 10, counted_amounts: bool = False) -> dict[str, Any]:
    """A board as a JSON object: 1 to ``most`` catalogue permanents, some the opponent's, some tapped,
    sick, with counters, choices, Auras on earlier permanents, now and then twins of one of them (the same
    permanent but for its id); life and a pool that may be restricted. With
    ``counted_amounts``, one or two more cards whose amounts are counted as they resolve
    (:data:`tests.boards.COUNTED`: life, power, a graveyard, a hand...), a card that changes what each counts
    (:data:`tests.boards.COUNTED_PARTNERS`), and maybe a graveyard and a hand. Now and then, cards whose mana
    abilities have the cost parts of issue 35 (``cost_part_cards``: discard, energy, exert, exile, return,
    untap an opponent's land, tokens, counters), a hand and energy."""
    count = draw(st.integers(1, most))
    permanents: list[dict[str, Any]] = []
    for number in range(count):
        name = draw(st.sampled_from(CARDS))
        entry: dict[str, Any] = {"id": f"p{number}", "card": name}
        entry["controller"] = "opp" if draw(st.integers(0, 6)) == 0 else "me"
        if draw(st.integers(0, 5)) == 0:
            entry["tapped"] = True
        if draw(st.integers(0, 4)) == 0:
            entry["summoning_sick"] = True
        if draw(st.integers(0, 3)) == 0:
            entry["counters"] = {draw(st.sampled_from(COUNTERS)): draw(st.integers(0, 3))}
        if draw(st.integers(0, 2)) > 0:
            entry["choices"] = {
                "color": draw(st.sampled_from(COLOR_NAMES)),
                "creature_type": draw(st.sampled_from(["Elf", "Goblin", "Human", "Eldrazi"])),
                "card_type": draw(st.sampled_from(["Creature", "Artifact", "Land", "Instant"])),
                "basic_land_type": draw(st.sampled_from(["Forest", "Island", "Swamp", "Mountain", "Plains"])),
            }
        if name in AURAS:
            if not permanents:
                continue
            entry["attached_to"] = draw(st.sampled_from([p["id"] for p in permanents]))
        permanents.append(entry)
    if permanents and draw(st.integers(0, 3)) == 0:
        # twins: copies of a permanent but for the id, counters included (the model merges such permanents
        # into one group: each must still pay with its own counters and its own {T})
        original = draw(st.sampled_from(permanents))
        permanents += [{**original, "id": f"{original['id']}t{n}"} for n in range(draw(st.integers(1, 2)))]
    me: dict[str, Any] = {"id": "me", "life": draw(st.sampled_from([1, 2, 3, 7, 20]))}
    if draw(st.integers(0, 3)) == 0:
        for number in range(draw(st.integers(1, 3))):
            family = draw(st.sampled_from((*FAMILY_CARDS, *FAMILY_EXTRAS)))
            entry = {"id": f"c{number}", **family, **counters_for(family, draw(st.integers(0, 3)))}
            entry["controller"] = "opp" if draw(st.integers(0, 6)) == 0 else "me"
            entry["tapped"] = draw(st.integers(0, 4)) == 0
            permanents.append(entry)
        me["hand"] = draw(st.lists(st.sampled_from(HAND_CARDS), max_size=3))
        me["counters"] = {"energy": draw(st.integers(0, 3))}
        me["graveyard"] = draw(st.lists(st.sampled_from(GRAVEYARD_CARDS), max_size=4))
    pool: list[Any] = []
    for _ in range(draw(st.integers(0, 2))):
        mana = draw(st.sampled_from(["{G}", "{C}", "{W}{U}", "{R}{R}", "{B}"]))
        if draw(st.booleans()):
            pool.append(mana)
        else:
            spend = draw(
                st.sampled_from(
                    [
                        "to cast creature spells",
                        "on costs that contain {X}",
                        "to cast colorless Eldrazi spells",
                        "to activate abilities",
                    ]
                )
            )
            pool.append({"mana": mana, "spend_only": spend, "source": "pool"})
    if pool:
        me["pool"] = pool
    if counted_amounts:
        for key in draw(
            st.lists(st.sampled_from(sorted(COUNTED_PARTNERS)), min_size=1, max_size=2, unique=True)
        ):
            permanents.append(counted(key, f"c{len(permanents)}", controller="me"))
            name = draw(st.sampled_from(COUNTED_PARTNERS[key][0]))
            permanents.append({**partner(name, f"c{len(permanents)}"), "controller": "me"})
        zone = ["Elves of Deep Shadow", "Sol Ring", BLACK_KNIGHT, BAUBLE]
        if draw(st.booleans()):
            me["graveyard"] = draw(st.lists(st.sampled_from(zone), max_size=3))
        if draw(st.booleans()):
            me["hand"] = draw(st.lists(st.sampled_from(zone), max_size=3))
    return {"version": 1, "players": [me, {"id": "opp"}], "permanents": permanents}


@st.composite
def cases(draw: st.DrawFn, *, most: int = 10, counted_amounts: bool = False) -> dict[str, Any]:
    """One question: a board, a target (cost, type line, kind, commander), X, and maybe keep and hand."""
    board = draw(boards(most=most, counted_amounts=counted_amounts))
    case: dict[str, Any] = {"board": board, "cost": draw(costs())}
    case["for"] = draw(st.sampled_from(TYPE_LINES))
    case["kind"] = draw(st.sampled_from(["spell", "spell", "ability"]))
    case["commander"] = draw(st.integers(0, 4)) == 0
    case["x"] = draw(st.integers(0, 3))
    case["keep"] = draw(costs(allow_x=False, most=2)) if draw(st.integers(0, 4)) == 0 else None
    case["hand"] = [draw(costs(allow_x=False, most=3)) for _ in range(draw(st.sampled_from([0, 0, 0, 1, 2])))]
    return case


@st.composite
def sacrifice_boards(draw: st.DrawFn, *, most: int = 6) -> dict[str, Any]:
    """A board of issue 39's classes (:data:`tests.boards.SACRIFICE_READERS` and the other pools): what
    reads the board as it resolves or is paid (counts, devotion, colors among, reflected types, conditions),
    sacrifice outlets and tappers, what they may sacrifice, and maybe an effect that changes what the others
    read (a replacement, a type, color or spending change); some tapped or sick; a graveyard for delve."""
    names = draw(st.lists(st.sampled_from(SACRIFICE_READERS), min_size=1, max_size=2))
    names += draw(st.lists(st.sampled_from(SACRIFICE_OUTLETS), min_size=1, max_size=2))
    names += draw(st.lists(st.sampled_from(SACRIFICE_FODDER), min_size=1, max_size=3))
    names += draw(st.lists(st.sampled_from(SACRIFICE_EFFECTS), max_size=1))
    permanents = []
    for number, name in enumerate(draw(st.permutations(names))[:most]):
        fields: dict[str, Any] = {"controller": "me"}
        if draw(st.integers(0, 5)) == 0:
            fields["tapped"] = True
        if draw(st.integers(0, 3)) == 0:
            fields["summoning_sick"] = True
        permanents.append(sacrifice_card(name, f"p{number}", **fields))
    me: dict[str, Any] = {"id": "me", "life": 20}
    if draw(st.booleans()):
        me["graveyard"] = draw(st.integers(0, 2))
    return {"version": 1, "players": [me, {"id": "opp"}], "permanents": permanents}


@st.composite
def sacrifice_cases(draw: st.DrawFn) -> dict[str, Any]:
    """One question on a :func:`sacrifice_boards` board: a cost without X, maybe with convoke, improvise
    and delve."""
    case: dict[str, Any] = {"board": draw(sacrifice_boards()), "cost": draw(costs(allow_x=False, most=6))}
    case.update({"for": "", "kind": "spell", "commander": False, "x": 0, "keep": None, "hand": []})
    for way in ("convoke", "improvise", "delve"):
        case[way] = draw(st.booleans())
    return case


def _target(case: dict[str, Any], cost: str | None = None) -> PaymentTarget:
    return PaymentTarget.of(
        cost or case["cost"],
        type_line=case["for"],
        kind=case["kind"],
        commander=case["commander"],
        convoke=case.get("convoke", False),
        improvise=case.get("improvise", False),
        delve=case.get("delve", False),
    )


# ------------------------------------------------------------------------------------------- the checks


class Problems:
    """What went wrong on the cases so far, and how many there were of each (long mode counts them all)."""

    def __init__(self) -> None:
        self.counts: Counter[str] = Counter()
        self.found: list[dict[str, Any]] = []

    def add(self, kind: str, case: dict[str, Any], detail: str) -> None:
        self.counts[kind] += 1
        if len(self.found) < 200:
            self.found.append({"kind": kind, "detail": detail[:2000], "case": case})
        if not LONG:
            raise AssertionError(f"{kind}: {detail}\ncase: {json.dumps(case)}")

    def note(self, kind: str, case: dict[str, Any], detail: str) -> None:
        """Record what is measured, not judged (a call's time: tests never assert wall-clock time, and a
        busy machine's is no property of the code); the long run's report lists it."""
        self.counts[kind] += 1
        if len(self.found) < 200:
            self.found.append({"kind": kind, "detail": detail[:2000], "case": case})

    def write(self) -> None:
        """Write the counts and the problems found to :data:`REPORT`."""
        done = {"counts": self.counts, "seconds": round(time.monotonic() - _BEGUN), "problems": self.found}
        REPORT.write_text(json.dumps(done, indent=1) + "\n")


PROBLEMS = Problems()
_BEGUN = time.monotonic()


def _timed(case: dict[str, Any], what: str, call: Callable[[], PayResult]) -> tuple[PayResult | None, float]:
    """Run a planner call: only PlannerError may escape it, never an internal error; a call well past its
    time limit is noted in the report (``over time``), never failed on (the machine may be busy)."""
    started = time.monotonic()
    try:
        result = call()
    except InternalError as error:
        PROBLEMS.add("internal error", case, f"{what}: {error}")
        return None, time.monotonic() - started
    except PlannerError:
        return None, time.monotonic() - started
    except Exception as error:  # anything else escaping is a crash
        PROBLEMS.add("crash", case, f"{what}: {type(error).__name__}: {error}")
        return None, time.monotonic() - started
    elapsed = time.monotonic() - started
    if elapsed > TIME_LIMIT + MARGIN:
        PROBLEMS.note("over time", case, f"{what}: {elapsed:.1f} s for a time limit of {TIME_LIMIT} s")
    PROBLEMS.counts["calls"] += 1
    return result, elapsed


def _any_color_spending(board: Board) -> bool:
    """True when an effect lets mana be spent as though it were another type (Celestial Dawn), where a
    symbol's color can't be read from the mana's alone."""
    return any("as though it were" in p.oracle for p in board.permanents)


def symbols_problem(result: PayResult, relaxed: bool) -> str | None:
    """Why the payment's symbols are not each covered by what paid them (CR 107.4), or None: the symbols
    are the total cost's, once each, and each took mana and life that symbol takes."""
    total = ManaCost.parse(result.total_cost)
    # (convoke, improvise and delve pay some symbols: the mana pays one of the costs they leave, CR 601.2h)
    covered = covered_slots(result.alternative_payments)
    left = reduced_costs(total, covered) if result.alternative_payments else ()
    paid_symbols = sorted(symbol for symbol, _, _ in result.symbols if symbol != "{0}")
    expected: list[str] = []
    for cost in left or (total,):
        expected = sorted(str(symbol) for symbol in cost.symbols if str(symbol) != "{0}")
        if paid_symbols == expected:
            break
    else:
        return f"the symbols paid {paid_symbols} are not the total cost's {expected} (or what convoke left)"
    spent = ManaBag()
    for text, paid_with, life in result.symbols:
        (symbol,) = ManaCost.parse(text).symbols or (None,)
        bag = ManaBag.parse(paid_with) if paid_with else ManaBag()
        spent = spent + bag
        units = list(bag.units())
        if symbol is None:
            ok = not units and life == 0
        elif symbol.kind is SymbolKind.GENERIC:
            ok = len(units) == symbol.amount and life == 0
        elif symbol.kind in (SymbolKind.COLORED, SymbolKind.HYBRID):
            ok = len(units) == 1 and life == 0 and (relaxed or units[0] in symbol.colors)
        elif symbol.kind is SymbolKind.COLORLESS:
            ok = len(units) == 1 and life == 0 and (relaxed or units[0] is ManaType.C)
        elif symbol.kind is SymbolKind.COLORLESS_HYBRID:
            ok = (
                len(units) == 1
                and life == 0
                and (relaxed or units[0] is ManaType.C or units[0] in symbol.colors)
            )
        elif symbol.kind is SymbolKind.MONO_HYBRID:
            one = len(units) == 1 and (relaxed or units[0] in symbol.colors)
            ok = life == 0 and (one or len(units) == symbol.amount)
        elif symbol.kind is SymbolKind.PHYREXIAN:
            ok = (len(units) == 1 and life == 0 and (relaxed or units[0] in symbol.colors)) or (
                not units and life == 2
            )
        elif symbol.kind is SymbolKind.SNOW:
            ok = len(units) == 1 and life == 0
        else:
            ok = False
        if not ok:
            return f"{text} paid with {paid_with or 'nothing'} and {life} life"
    if spent != result.mana_spent:
        return f"the symbols took {spent}, the payment spent {result.mana_spent}"
    if sum(life for _, _, life in result.symbols) > result.life_paid:
        return "the symbols took more life than the payment paid"
    return None


def check_pay(case: dict[str, Any]) -> PayResult | None:
    """pay: only our errors, within time, each symbol covered; returns the answer (None: an error)."""
    try:
        board = Board.from_dict(case["board"])
        target = _target(case)
        keep = PaymentTarget.of(case["keep"]) if case["keep"] else None
        hand = tuple(PaymentTarget.of(cost) for cost in case["hand"])
    except PlannerError:
        return None
    PROBLEMS.counts["cases"] += 1
    x = case["x"] if target.cost.has_variable else None
    result, _ = _timed(
        case, "pay", lambda: pay(board, target, keep=keep, hand=hand, x=x, time_limit=TIME_LIMIT)
    )
    if result is None:
        return None
    if result.payable:
        problem = symbols_problem(result, _any_color_spending(board))
        if problem is not None:
            PROBLEMS.add("symbol not covered", case, problem)
    return result


def check_max_x(case: dict[str, Any]) -> None:
    """max_x and pay agree: X = max is payable, X = max + 1 is not; no X at all means X = 0 is not."""
    board = Board.from_dict(case["board"])
    target = _target(case)
    if not target.cost.has_variable:
        return
    found, _ = _timed(case, "max_x", lambda: max_x(board, target, time_limit=TIME_LIMIT))
    if found is None or found.payable is None:
        return
    PROBLEMS.counts["max_x"] += 1
    if not found.payable:
        at_zero, _ = _timed(case, "pay x=0", lambda: pay(board, target, x=0, time_limit=TIME_LIMIT))
        if at_zero is not None and at_zero.payable:
            PROBLEMS.add("max_x disagrees", case, "max_x finds no X, pay pays X = 0")
        return
    assert found.x is not None
    best = found.x
    at_max, _ = _timed(case, "pay x=max", lambda: pay(board, target, x=best, time_limit=TIME_LIMIT))
    if at_max is not None and at_max.payable is False:
        PROBLEMS.add("max_x disagrees", case, f"max_x says X = {best}, pay can't pay it: {at_max.reason}")
    above, _ = _timed(case, "pay x=max+1", lambda: pay(board, target, x=best + 1, time_limit=TIME_LIMIT))
    if above is not None and above.payable and found.optimal:
        PROBLEMS.add("max_x disagrees", case, f"max_x says X = {best} (proven), pay pays X = {best + 1}")


def check_reference(case: dict[str, Any], states: int = STATE_LIMIT) -> None:
    """pay agrees with the exhaustive reference search on whether the total cost can be paid."""
    board = Board.from_dict(case["board"])
    target = _target(case)
    x = case["x"] if target.cost.has_variable else None
    try:
        total = PaymentProblem.of(board, target, x=x).target  # (the cost after CR 601.2f)
        reference = reference_search(board, total, max_states=states)
    except ReferenceLimitError:
        PROBLEMS.counts["too large for the reference"] += 1
        return
    except PlannerError:
        return
    result, _ = _timed(case, "pay", lambda: pay(board, target, x=x, time_limit=TIME_LIMIT))
    if result is None or result.payable is None:
        return
    PROBLEMS.counts["compared with the reference"] += 1
    if result.payable == reference.payable:
        return
    if reference.capped and reference.payable:
        PROBLEMS.counts["loop cut (CR 729)"] += 1  # the model cuts untap loops where the search went on
        return
    PROBLEMS.add(
        "disagrees with the reference",
        case,
        f"pay says {result.payable} ({result.reason}), the reference search {reference.payable}",
    )


# ------------------------------------------------------------------------------------------- the tests

_STARTED: dict[str, float] = {}


@pytest.fixture(autouse=True)
def _report_as_it_goes() -> Iterator[None]:
    """In long mode, the counts so far are written after each test (a run cut short still tells them)."""
    yield
    if LONG:
        PROBLEMS.write()


class _ShareSpent(BaseException):
    """A long-mode property past its share of the time budget. Not an ``Exception``, so Hypothesis takes
    it for no failure to shrink: it ends the property's generation at once (:func:`_until_spent`), where
    drawing the remaining examples unchecked took longer than the budget itself."""


def _spend(name: str, share: float) -> None:
    """In long mode, raise :class:`_ShareSpent` once the property ``name`` has used its share of the time
    budget (its clock starts at its first example)."""
    if not LONG:
        return
    started = _STARTED.setdefault(name, time.monotonic())
    if time.monotonic() - started >= share * SECONDS:
        raise _ShareSpent(name)


def _until_spent(prop: Callable[[], None]) -> Callable[[], None]:
    """A Hypothesis property as a test that ends, passing, when the property's share is spent."""

    def run() -> None:
        with contextlib.suppress(_ShareSpent):
            prop()

    run.__name__, run.__doc__ = prop.__name__, prop.__doc__
    return run


_SETTINGS = settings(
    deadline=None,
    derandomize=not LONG,
    database=None,
    suppress_health_check=list(HealthCheck),
    print_blob=True,
)


@_until_spent
@settings(_SETTINGS, max_examples=EXAMPLES or 300)
@seed(SEED)
@given(cases())
def test_pay_replays_covers_every_symbol_and_raises_only_our_errors(case: dict[str, Any]) -> None:
    _spend("pay", 0.25)
    check_pay(case)


@_until_spent
@settings(_SETTINGS, max_examples=EXAMPLES or 100)
@seed(SEED + 1)
@given(cases(most=8).filter(lambda case: "{X}" in case["cost"]))
def test_max_x_agrees_with_pay(case: dict[str, Any]) -> None:
    _spend("max_x", 0.15)
    check_max_x(case)


@_until_spent
@settings(_SETTINGS, max_examples=EXAMPLES or 120)
@seed(SEED + 2)
@given(cases(most=6))
def test_pay_agrees_with_the_reference_search(case: dict[str, Any]) -> None:
    _spend("reference", 0.35)
    check_reference(case)


@_until_spent
@settings(_SETTINGS, max_examples=EXAMPLES or 120)
@seed(SEED + 3)
@given(cases(most=6, counted_amounts=True))
def test_counted_amounts_replay_cover_every_symbol_and_agree_with_max_x(case: dict[str, Any]) -> None:
    """The same properties on boards with amounts counted as they resolve (issue 35)."""
    _spend("counted", 0.025)
    check_pay(case)
    check_max_x(case)


@_until_spent
@settings(_SETTINGS, max_examples=EXAMPLES or 80)
@seed(SEED + 4)
@given(cases(most=4, counted_amounts=True))
def test_counted_amounts_agree_with_the_reference_search(case: dict[str, Any]) -> None:
    _spend("counted reference", 0.025)
    check_reference(case)


@_until_spent
@settings(_SETTINGS, max_examples=EXAMPLES or 25)
@seed(SEED + 5)
@given(sacrifice_cases())
def test_sacrifices_and_alternative_payments_agree_with_the_reference_search(case: dict[str, Any]) -> None:
    """Issue 39: sacrifices that change what another activation or the payment reads (counts, devotion,
    colors among, conditions, who may convoke or improvise, the spending rules): pay replays, covers every
    symbol and agrees with the reference search."""
    _spend("sacrifices", SACRIFICE_SHARE)
    if check_pay(case) is not None:
        check_reference(case, SACRIFICE_STATES)


#: What a subprocess prints for cases given on standard input: each pay answer as JSON.
_ANSWERS = """
import json, sys
from models.board import Board
from models.cost import PaymentTarget
from planner.api import pay
out = []
for case in json.load(sys.stdin):
    target = PaymentTarget.of(case["cost"], type_line=case["for"], kind=case["kind"],
                              commander=case["commander"])
    x = case["x"] if target.cost.has_variable else None
    try:
        out.append(pay(Board.from_dict(case["board"]), target, x=x, time_limit=30).to_json())
    except Exception as error:
        out.append(repr(error))
print(json.dumps(out))
"""


def _answers(cases: list[dict[str, Any]], hash_seed: str) -> list[Any]:
    env = {**os.environ, "PYTHONHASHSEED": hash_seed}
    root = Path(__file__).resolve().parent.parent
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(root), env.get("PYTHONPATH", "")]))
    done = subprocess.run(
        [sys.executable, "-c", _ANSWERS],
        input=json.dumps(cases),
        capture_output=True,
        text=True,
        env=env,
        check=True,
        timeout=600,
    )
    answers: list[Any] = json.loads(done.stdout)
    return answers


def test_the_same_answers_under_another_hash_seed() -> None:
    """Sets and dicts iterate in another order under another PYTHONHASHSEED: the answers must not change."""
    count = 60 if LONG else 10
    drawn: list[dict[str, Any]] = []

    @settings(max_examples=count, derandomize=True, database=None, suppress_health_check=list(HealthCheck))
    @given(cases(most=10))
    def collect(case: dict[str, Any]) -> None:
        drawn.append(case)

    collect()
    first, second = _answers(drawn, "1"), _answers(drawn, "2")
    for case, one, two in zip(drawn, first, second, strict=True):
        if one != two:
            PROBLEMS.add("hash seed changes the answer", case, f"{one}\n!=\n{two}")
    PROBLEMS.counts["hash seed cases"] += len(drawn)


def test_zz_the_long_run_found_nothing() -> None:
    """In long mode, the counts of every case and problem are written out; any problem fails here."""
    if not LONG:
        return
    PROBLEMS.write()
    problems = {k: v for k, v in PROBLEMS.counts.items() if k in _PROBLEM_KINDS}
    assert not problems, f"{problems}; see {REPORT}"


_PROBLEM_KINDS = {
    "internal error",
    "crash",
    "symbol not covered",
    "max_x disagrees",
    "disagrees with the reference",
    "hash seed changes the answer",
}
