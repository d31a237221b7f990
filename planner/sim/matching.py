"""Whether mana pays a sequence of costs: a bipartite matching of cost symbols (a type mask, the epoch cast
in) to mana units (the type mask it may be, the epoch it arrives in), a unit paying only what is cast after
it arrives (CR 500.4, 608.2). Kuhn's algorithm, exact.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from models.mana import ALL_TYPES

__all__ = ["ANY_TYPE", "KEPT_MATCHINGS", "Matchings", "matched", "payable"]

#: The matchings a run keeps (:class:`Matchings`): past them the kept ones start again.
KEPT_MATCHINGS: Final = 1 << 16
ANY_TYPE = ALL_TYPES.mask


def payable(units: Sequence[tuple[int, int]], demands: Sequence[tuple[int, int]]) -> bool:
    """True when every demanded symbol (type mask, epoch cast in) gets its own mana unit (type mask it may
    be, epoch it arrives in) that fits it and arrived no later: a bipartite matching (Kuhn's algorithm).

    >>> payable([(1, 0), (4, 0)], [(1, 0), (ANY_TYPE, 0)]), payable([(1, 1)], [(1, 0)])
    (True, False)
    """
    return len(demands) <= len(units) and matched(units, demands) == len(demands)


def matched(units: Sequence[tuple[int, int]], demands: Sequence[tuple[int, int]]) -> int:
    """How many of the demanded symbols can get their own fitting unit at once (a maximum matching).

    >>> matched([(1, 0)], [(1, 0), (1, 0)])
    1
    """
    # (each demand takes a free fitting unit when there is one, the least flexible first; only when there
    # is none does it look for an augmenting path: Kuhn's algorithm, exact either way)
    order = sorted(range(len(units)), key=lambda u: (bin(units[u][0]).count("1"), units[u][1]))
    owner = [-1] * len(units)
    count = 0
    for d, (need, when) in enumerate(demands):
        free = next((u for u in order if owner[u] < 0 and units[u][0] & need and units[u][1] <= when), None)
        if free is not None:
            owner[free] = d
            count += 1
        elif _augment(d, need, when, units, demands, owner, [False] * len(units)):
            count += 1
    return count


class Matchings:
    """The matchings one run has worked out, kept by their units and demands (a run's turns ask the same few
    again and again), at most :data:`KEPT_MATCHINGS`. The run creates it (the planned goldfish's
    :class:`~planner.sim.planned.PlannedRun`) and passes it down; it dies with the run.

    >>> kept = Matchings()
    >>> kept.payable([(1, 0), (4, 0)], [(1, 0), (ANY_TYPE, 0)]), kept.matched([(1, 0)], [(1, 0), (1, 0)])
    (True, 1)
    """

    def __init__(self) -> None:
        self._known: dict[tuple[tuple[tuple[int, int], ...], tuple[tuple[int, int], ...]], int] = {}

    def matched(self, units: Sequence[tuple[int, int]], demands: Sequence[tuple[int, int]]) -> int:
        """:func:`matched`, worked out once per run."""
        key = (tuple(units), tuple(demands))
        found = self._known.get(key)
        if found is None:
            if len(self._known) >= KEPT_MATCHINGS:
                self._known.clear()
            found = self._known[key] = matched(*key)
        return found

    def payable(self, units: Sequence[tuple[int, int]], demands: Sequence[tuple[int, int]]) -> bool:
        """:func:`payable`, worked out once per run."""
        return len(demands) <= len(units) and self.matched(units, demands) == len(demands)


def _augment(
    d: int,
    need: int,
    when: int,
    units: Sequence[tuple[int, int]],
    demands: Sequence[tuple[int, int]],
    owner: list[int],
    seen: list[bool],
) -> bool:
    for u, (mask, arrives) in enumerate(units):
        if seen[u] or not (mask & need) or arrives > when:
            continue
        seen[u] = True
        holder = owner[u]
        if holder < 0 or _augment(
            holder, demands[holder][0], demands[holder][1], units, demands, owner, seen
        ):
            owner[u] = d
            return True
    return False
