"""The heuristics benchmark's names, defaults and limits, apart from the benchmark itself (the command line
reads them for its options and help without loading the heuristics).

>>> BUILTIN_NAMES[0], DEFAULT_TIME_LIMIT, max_jobs() >= 1
('basics-first', 0.5, True)
"""

from __future__ import annotations

import os
from typing import Final

__all__ = ["BUILTIN_NAMES", "DEFAULT_TIME_LIMIT", "MAX_BOARDS", "max_jobs"]

#: The built-in baselines' names, in the order reports list them (:data:`planner.bench.heuristics.BUILTINS`).
BUILTIN_NAMES: Final = ("basics-first", "forge-like", "xmage-like", "tiered")
#: Seconds the optimal planner may search per board by default (boards where it runs out are counted).
DEFAULT_TIME_LIMIT: Final = 0.5
#: Boards one heuristics benchmark generates.
MAX_BOARDS: Final = 100_000


def max_jobs() -> int:
    """The most worker processes the benchmark may start: the cores this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not every platform has sched_getaffinity
        return max(1, os.cpu_count() or 1)
