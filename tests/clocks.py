"""A clock the tests move: ``time.monotonic`` as the planner reads it, put forward at the moment a long piece
of work begins, so that a test of a time limit asserts what the code does once the deadline is behind it
(stop at the next check, answer "time limit", never "no") without the machine's speed in the test.

>>> import pytest
>>> patch = pytest.MonkeyPatch()
>>> clock = JumpingClock(patch)
>>> before = time.monotonic()
>>> clock.jump(3600.0)
>>> time.monotonic() - before >= 3600.0
True
>>> patch.undo()
>>> time.monotonic() - before < 3600.0
True
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import pytest


class JumpingClock:
    """``time.monotonic`` replaced by the real clock plus an offset that :meth:`jump` adds to (never less:
    a deadline computed from the real clock before the patch is only reached sooner)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.offset = 0.0
        self._real = time.monotonic
        monkeypatch.setattr(time, "monotonic", self.now)

    def now(self) -> float:
        """The real monotonic clock plus the jumps so far."""
        return self._real() + self.offset

    def jump(self, seconds: float) -> None:
        """Put the clock ``seconds`` forward."""
        self.offset += seconds

    def jumping_before(self, work: Callable[..., Any], seconds: float = 3600.0) -> Callable[..., Any]:
        """``work`` that first puts the clock forward by ``seconds`` (each call), for a monkeypatch."""

        def jumped(*args: Any, **kwargs: Any) -> Any:
            self.jump(seconds)
            return work(*args, **kwargs)

        return jumped
