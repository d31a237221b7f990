"""Castability of many land states at once: the costs a deck asks, the parts of their colored symbols (to
score how much of a cost some lands pay), and an oracle that asks the batch check
(:func:`planner.sim.batch.castable`: exactly the planner's answer for such sources) once per distinct state.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Final, cast

import numpy as np
import numpy.typing as npt

from models.cost import ManaCost, SymbolKind
from models.errors import InputError
from planner.rules.payment import cost_modes
from planner.sim.batch import castable as batch_castable
from planner.sim.game import STARTING_LIFE, Bools, Ints

__all__ = ["Castability", "distinct_rows", "sub_costs"]

#: The most source masks whose counts (each below 128) a state's code packs into one integer.
_CODED_MASKS: Final = 8


def distinct_rows(rows: npt.NDArray[np.integer]) -> tuple[Ints, Ints]:
    """The distinct rows of an integer array, as the index of one row of each (in the order of their codes)
    and each row's number among them. Rows of small numbers are one integer each (mixed radix), numbered in
    a table when their codes span few more than the rows (no sort) or else sorted; other rows are sorted as
    bytes.

    >>> first, inverse = distinct_rows(np.array([[1, 2], [0, 5], [1, 2]]))
    >>> first.size, inverse.tolist()
    (2, [0, 1, 0])
    """
    count, width = rows.shape
    low = int(rows.min(initial=0))
    radix = int(rows.max(initial=0)) - low + 1
    if radix**width >= 1 << 62:
        flat = np.ascontiguousarray(rows).view(np.dtype((np.void, rows.dtype.itemsize * width))).ravel()
        _, first, inverse = np.unique(flat, return_index=True, return_inverse=True)
        return first, inverse.ravel()
    weights = radix ** np.arange(width, dtype=np.int64)
    if (abs(low) + 1) * radix**width < 1 << 53:  # (a product of floats: exact here, and faster)
        code = (rows @ weights.astype(np.float64)).astype(np.int64) - low * int(weights.sum())
    else:
        code = (rows.astype(np.int64) - low) @ weights
    if radix**width > 4 * count:  # (a table of every code would cost more than the sort)
        _, first, inverse = np.unique(code, return_index=True, return_inverse=True)
        return first, inverse.ravel()
    holder = np.full(radix**width, -1, dtype=np.int64)
    holder[code] = np.arange(count)
    held = holder >= 0
    number: Ints = np.cumsum(held) - 1
    return holder[held], number[code]


def _plain(cost: ManaCost) -> ManaCost:
    """The cost as the batch check takes it: X is 0 (the mana value's convention); {S} is refused."""
    if cost.has_snow:
        raise InputError(
            f"the cost {cost} has {{S}} (mana from a snow source): the deck simulation can't pay it"
        )
    return cost.with_variables(0) if cost.has_variable else cost


class Castability:
    """Castability of fixed costs for land states given as counts of each source mask, memoised per state.

    Games share few distinct states (which sources are in play), so each distinct state is asked once, of
    the batch check (:func:`planner.sim.batch.castable`: Hall's condition, exactly the planner's answer for
    such
    sources); the answer stored is the least life each cost needs (0 for none, ``NEVER`` when not payable),
    so that Phyrexian symbols see each game's own life total.
    """

    NEVER: Final = 1 << 14

    def __init__(self, source_masks: Sequence[int], costs: Sequence[ManaCost]) -> None:
        self.source_masks = np.asarray(source_masks, dtype=np.uint8)
        self.costs = tuple(_plain(cost) for cost in costs)
        self._life_steps = [sorted({mode.life for mode in cost_modes(cost)}) for cost in self.costs]
        # the answers of the states met, one row each in the order met; a state's row is found by its code
        # (one integer, when the counts fit: sorted codes and their rows) or else by its bytes
        self._rows = np.zeros((0, len(self.costs)), dtype=np.int16)
        width = len(self.source_masks)
        self._weights = 128 ** np.arange(width, dtype=np.int64) if width <= _CODED_MASKS else None
        self._codes = np.zeros(0, dtype=np.int64)
        self._places = np.zeros(0, dtype=np.int64)
        self._index: dict[bytes, int] = {}

    def states(self, counts: Ints) -> tuple[npt.NDArray[np.int16], Ints]:
        """The distinct rows of source counts (``N × len(source_masks)``) as a table of the life each cost
        needs, one row per distinct state, and each row's index in it."""
        small = np.ascontiguousarray(counts, dtype=np.int8)
        if small.shape[0] == 0:
            return np.zeros((0, len(self.costs)), dtype=np.int16), np.zeros(0, dtype=np.int64)
        first, inverse = distinct_rows(small)
        rows = self._rows_of(small[first])  # (before reading the table: it may grow)
        return self._rows[rows], inverse

    def rows(self, counts: Ints) -> Ints:
        """Each row of source counts' row in :attr:`answers`, the batch check asked of the states not met
        before.

        >>> from models.cost import ManaCost
        >>> oracle = Castability([1, 2], [ManaCost.parse("{W}{U}")])
        >>> rows = oracle.rows(np.array([[1, 1], [2, 0], [1, 1]]))  # (a W and a U source; two Ws)
        >>> oracle.answers[rows, 0].tolist()  # (the life {W}{U} needs: none, never)
        [0, 16384, 0]
        """
        small = np.ascontiguousarray(counts, dtype=np.int8)
        first, inverse = distinct_rows(small)
        rows: Ints = np.take(self._rows_of(small[first]), inverse)
        return rows

    def _rows_of(self, states: npt.NDArray[np.int8]) -> Ints:
        """The rows of the answers of distinct states, the batch check asked of those not met before."""
        if self._weights is None:
            keys = cast(list[bytes], states.view(np.dtype((np.void, states.shape[1]))).ravel().tolist())
            unmet = [n for n, key in enumerate(keys) if key not in self._index]
            if unmet:
                start = self._rows.shape[0]
                self._rows = np.concatenate([self._rows, self._ask(states[unmet])])
                self._index.update((keys[n], start + i) for i, n in enumerate(unmet))
            return np.array([self._index[key] for key in keys], dtype=np.int64)
        return self.rows_of_codes(states.astype(np.int64) @ self._weights)

    @property
    def code_weights(self) -> Ints | None:
        """What each source mask's count is worth in a state's code (powers of 128), or None when the masks
        are too many for a code: see :meth:`rows_of_codes`."""
        return self._weights

    @property
    def lives(self) -> frozenset[int]:
        """The lives the costs may need (0 and their Phyrexian symbols' payments): with ``NEVER``, every
        value an answer holds."""
        return frozenset(life for steps in self._life_steps for life in steps)

    @property
    def answers(self) -> npt.NDArray[np.int16]:
        """The answers of the states met so far, one row each (the life each cost needs), in the order met:
        a row's number (:meth:`rows_of_codes`) stays its own as the table grows."""
        return self._rows

    def rows_of_codes(self, codes: Ints) -> Ints:
        """The rows in :attr:`answers` of states given by their codes (each mask's count, below 128, times its
        :attr:`code_weights`), the batch check asked of the states not met before.

        >>> from models.cost import ManaCost
        >>> oracle = Castability([1, 2], [ManaCost.parse("{W}{U}")])
        >>> rows = oracle.rows_of_codes(np.array([1 + 128, 2, 1 + 128]))  # (a W and a U source; two Ws)
        >>> bool(rows[0] == rows[2] != rows[1]), oracle.answers[rows, 0].tolist()
        (True, [0, 16384, 0])
        """
        place = np.searchsorted(self._codes, codes)
        found = place < self._codes.size
        found[found] = self._codes[place[found]] == codes[found]
        if not found.all():
            new = np.unique(codes[~found])
            start = self._rows.shape[0]
            self._rows = np.concatenate([self._rows, self._ask(_decoded(new, self.source_masks.size))])
            merged = np.concatenate([self._codes, new])
            order = np.argsort(merged, kind="stable")
            self._codes = merged[order]
            self._places = np.concatenate([self._places, start + np.arange(new.size)])[order]
            place = np.searchsorted(self._codes, codes)
        rows: Ints = self._places[place]
        return rows

    def life_needed(self, counts: Ints) -> npt.NDArray[np.int16]:
        """For each row of source counts, the life each cost needs."""
        table, inverse = self.states(counts)
        return np.take(table, inverse, axis=0)

    def payable(self, counts: Ints, life: int | Ints = STARTING_LIFE) -> Bools:
        """For each row of source counts, which costs the sources can pay with that much life."""
        return self.life_needed(counts) <= np.asarray(life, dtype=np.int64).reshape(-1, 1)

    def _ask(self, states: npt.NDArray[np.int8]) -> npt.NDArray[np.int16]:
        width = max(1, int(states.sum(axis=1).max()))
        masks = np.zeros((states.shape[0], width), dtype=np.uint8)
        ends = np.cumsum(states, axis=1)
        slots = np.arange(width)
        for index in range(states.shape[1]):
            starts = ends[:, index] - states[:, index]
            inside = (slots >= starts[:, None]) & (slots < ends[:, index][:, None])
            masks[inside] = self.source_masks[index]
        needed = np.full((states.shape[0], len(self.costs)), self.NEVER, dtype=np.int16)
        for life in sorted({life for steps in self._life_steps for life in steps}, reverse=True):
            columns = [i for i, steps in enumerate(self._life_steps) if life in steps]
            ok = batch_castable(masks, [self.costs[i] for i in columns], life=life)
            for position, column in enumerate(columns):
                needed[ok[:, position], column] = life
        return needed


def _decoded(codes: Ints, masks: int) -> npt.NDArray[np.int8]:
    """States (counts of each source mask) from their codes (:meth:`Castability.rows_of_codes`).

    >>> _decoded(np.array([3 + 2 * 128]), 2).tolist()
    [[3, 2]]
    """
    shifts = 7 * np.arange(masks, dtype=np.int64)
    states: npt.NDArray[np.int8] = ((codes[:, None] >> shifts[None, :]) & 127).astype(np.int8)
    return states


def sub_costs(cost: ManaCost) -> list[ManaCost]:
    """Every distinct part of a cost's non-generic symbols, to score how much of it some lands can pay."""
    symbols = [s for s in cost.symbols if s.kind not in (SymbolKind.GENERIC, SymbolKind.VARIABLE)]
    parts: dict[ManaCost, None] = {}
    for size in range(1, len(symbols) + 1):
        for chosen in itertools.combinations(symbols, size):
            parts[ManaCost(tuple(chosen))] = None
    return list(parts)
