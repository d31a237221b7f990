"""The heuristics benchmark's names and defaults, apart from the benchmark itself (the command line reads
them for its options and help without loading the heuristics).

>>> BUILTIN_NAMES[0], DEFAULT_TIME_LIMIT
('basics-first', 0.5)
"""

from __future__ import annotations

from typing import Final

__all__ = ["BUILTIN_NAMES", "DEFAULT_TIME_LIMIT"]

#: The built-in baselines' names, in the order reports list them (:data:`planner.bench.heuristics.BUILTINS`).
BUILTIN_NAMES: Final = ("basics-first", "forge-like", "xmage-like", "tiered")
#: Seconds the optimal planner may search per board by default (boards where it runs out are counted).
DEFAULT_TIME_LIMIT: Final = 0.5
