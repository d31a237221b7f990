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
