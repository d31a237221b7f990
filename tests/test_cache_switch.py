"""Answers never depend on what is kept: the differential suites (the planner against the reference search,
the fast path against CP-SAT and the reference search, the replay and the outcomes with and without what
they keep) run again in a process with every table off (``MANA_PLANNER_CACHE=off``, :mod:`models.kept`),
so that the default test run checks them both ways."""

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

#: The differential suites run with the tables off (a few minutes with the examples below).
SUITES = (
    "tests/test_cache_switch.py::test_the_switch_turns_every_table_off",
    "tests/test_model_differential.py::test_planner_agrees_with_the_reference_search",
    "tests/test_model_differential.py::test_planner_agrees_with_the_reference_search_on_counted_amounts",
    "tests/test_fast.py::test_fast_path_agrees_with_cp_sat_and_the_batch",
    "tests/test_fast.py::test_fast_path_agrees_with_the_reference_search",
    "tests/test_fast.py::test_what_is_kept_between_questions_changes_no_answer",
    "tests/test_replay_kept.py::test_plans_replay_alike_with_and_without_kept_resolutions",
    "tests/test_replay_kept.py::test_stated_resolutions_are_the_first_of_the_full_list_that_match",
    "tests/test_replay_kept.py::test_a_described_payment_says_what_its_plan_and_replay_say",
    "tests/test_outcome_cache.py",
)
#: The random examples each suite tries with the tables off (out of its default 300).
EXAMPLES = "40"

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
    env = {**os.environ, CACHE_SWITCH: "off", "MANA_PLANNER_EXAMPLES": EXAMPLES}
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *SUITES],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=False,
        timeout=3600,
    )
    assert done.returncode == 0, done.stdout[-6000:] + done.stderr[-2000:]
