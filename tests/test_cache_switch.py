"""Answers never depend on what is kept: the differential suites (the planner against the reference search,
the fast path against CP-SAT, the batch and the reference search, the fuzz's boards from the whole
catalogue against the reference search) run again in a process with every table
off (``MANA_PLANNER_CACHE=off``, :mod:`models.kept`), so that the default test run checks them both ways."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from models.board import Board
from models.cost import PaymentTarget
from models.kept import CACHE_SWITCH, CACHING, kept_tables
from planner.api import pay
from planner.rules.question import question, view_of
from planner.rules.view import ViewTable

ROOT = Path(__file__).resolve().parents[1]

#: The differential suites run with the tables off: those that hold the planner to an independent truth (the
#: reference search, CP-SAT against the fast path and the batch; the fuzz's reference properties, on the
#: first of their derandomized examples). The suites that compare an answer worked
#: out with what is kept against one worked out without it (tests/test_replay_kept.py,
#: tests/test_outcome_cache.py, test_fast's kept-between-questions test) run in the default process only:
#: with the tables off, both of their sides are worked out afresh, and they would compare a thing with itself.
SUITES = (
    "tests/test_cache_switch.py::test_the_switch_turns_every_table_off",
    "tests/test_model_differential.py::test_planner_agrees_with_the_reference_search",
    "tests/test_model_differential.py::test_planner_agrees_with_the_reference_search_on_counted_amounts",
    "tests/test_fast.py::test_fast_path_agrees_with_cp_sat_and_the_batch",
    "tests/test_fast.py::test_fast_path_agrees_with_the_reference_search",
    "tests/test_fuzz.py::test_pay_agrees_with_the_reference_search",
    "tests/test_fuzz.py::test_counted_amounts_agree_with_the_reference_search",
    "tests/test_fuzz.py::test_sacrifices_and_alternative_payments_agree_with_the_reference_search",
)
#: The random examples each suite tries with the tables off (out of its default 300): every analysis is then
#: worked out again in each question (a card's text read once per question: models.kept.QuestionReadings).
EXAMPLES = "10"
#: The fuzz's examples of each reference property with the tables off (out of its default 120, 80 and 25): its
#: boards draw from the whole catalogue, each card read afresh at each use, and its counted amounts' searches
#: are large; the first four of the derandomized ones take about a quarter of a minute in all.
FUZZ_EXAMPLES = "4"

_BOARD = {
    "version": 1,
    "players": [{"id": "me"}],
    "permanents": [
        {"id": "f", "card": "Forest", "controller": "me"},
        {"id": "t", "card": "Tundra", "controller": "me"},
        {"id": "mr", "card": "Mana Reflection", "controller": "me"},
    ],
}


def test_the_switch_turns_every_table_off() -> None:
    """With the switch off, a question keeps nothing in any table across questions nor in its views; with it
    on, the per-card tables fill."""
    board = Board.from_dict(_BOARD)
    assert pay(board, PaymentTarget.of("{2}{G}")).plan is not None
    kept = sum(table.size for table in kept_tables())
    table: ViewTable[str, int] = ViewTable("test.switch")
    with question():
        view = view_of(board)
        table.put(view, "x", 1)
        found = table.get(view, "x")
    off = os.environ.get(CACHE_SWITCH, "").lower() == "off"
    assert CACHING is not off
    if off:
        assert (kept, found) == (0, None)
    else:
        assert kept > 0 and found == 1


def test_the_differential_suites_pass_with_every_cache_off() -> None:
    env = {
        **os.environ,
        CACHE_SWITCH: "off",
        "MANA_PLANNER_EXAMPLES": EXAMPLES,
        "MANA_PLANNER_FUZZ_EXAMPLES": FUZZ_EXAMPLES,
    }
    done = subprocess.run(
        # (in this one process: the suite around it already runs a process per core)
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-n", "0", *SUITES],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=False,
        timeout=3600,
    )
    assert done.returncode == 0, done.stdout[-6000:] + done.stderr[-2000:]
