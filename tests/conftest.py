"""Shared test set-up: no test reads the card store of the user running the tests, and no hypothesis
example has a deadline."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import settings

#: No hypothesis example has a deadline: a deadline asserts wall-clock time, which no test does (a machine
#: under load takes many times longer). Settings given in a test keep their other values.
settings.register_profile("mana-planner", deadline=None)
settings.load_profile("mana-planner")


@pytest.fixture(autouse=True)
def no_user_card_store(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """``MANA_PLANNER_CARDS`` names a store that does not exist: the default store is the catalogue alone
    (subprocesses inherit it too)."""
    missing: Path = tmp_path_factory.getbasetemp() / "no-card-store" / "cards.sqlite3"
    monkeypatch.setenv("MANA_PLANNER_CARDS", str(missing))


#: The test modules that take longest in all (``--durations`` on session 33's suite: the differential and
#: fuzz suites against the reference search), longest first. They are run first: pytest-xdist hands each
#: process a share of the tests in order and lets an idle one take the last half of another's queue, so a
#: long test left to the end makes the whole run wait for it, where one started first is shared out beside
#: the short ones. A module stays in one piece (its fixtures are set up once), in its own order.
LONG_FIRST = (
    "test_converters.py",
    "test_model_differential.py",
    "test_fuzz.py",
    "test_big_boards.py",
    "test_sacrificed_classes.py",
    "test_turn_orders.py",
    "test_simulate_karsten.py",
    "test_colors_open.py",
    "test_alternatives.py",
    "test_turn_alternative_costs.py",
    "test_singled_twins.py",
    "test_fast.py",
    "test_cache_switch.py",
)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The modules of :data:`LONG_FIRST` first, in its order; every other test after them, in the order
    collected (a stable sort: each module's tests keep theirs)."""
    rank = {name: number for number, name in enumerate(LONG_FIRST)}
    items.sort(key=lambda item: rank.get(item.path.name, len(LONG_FIRST)))
