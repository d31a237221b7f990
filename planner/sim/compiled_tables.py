"""Hash tables over int64 rows for the compiled game loop and Karsten's compiled step (numba; imported only
where they are used): open addressing, each key compared whole, so no answer is read from a colliding key.

A table is three arrays: ``keys`` (one row a slot), ``filled`` (1 for a slot in use) and ``values`` (one
row a slot); its capacity is a power of two and the caller keeps it at most half full (:func:`table_grown`).
A table of frontiers (:func:`frontier_slot`) keys each by a run of numbers kept in a pool instead.

>>> import numpy as np
>>> keys, filled, values = np.zeros((8, 2), np.int64), np.zeros(8, np.int64), np.zeros((8, 1), np.int64)
>>> table_put(keys, filled, values, np.array([[1, 2], [3, 4]]), np.array([[10], [20]]), 0)
2
>>> int(values[table_find(keys, filled, np.array([3, 4])), 0]), table_find(keys, filled, np.array([4, 3]))
(20, -1)
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

__all__ = ["frontier_grown", "frontier_slot", "table_find", "table_grown", "table_put", "table_slot"]


@njit(cache=True)
def _hash(row: Any) -> int:
    """A hash of an int64 row (wrapping arithmetic): each number mixed in by a multiplication, whose high
    bits are folded down (a table's slot reads the low bits, which a product alone takes from the low bits
    of the numbers only)."""
    h = np.int64(-3750763034362895579)
    for x in row:
        h = (h ^ x) * np.int64(-4658895280553007687)
        h ^= h >> 29
    return int(h)


@njit(cache=True)
def table_slot(keys: Any, filled: Any, row: Any) -> int:
    """The slot holding ``row`` as its key, or the empty slot it would take (the table is never full)."""
    mask = keys.shape[0] - 1
    slot = _hash(row) & mask
    width = row.shape[0]
    while filled[slot]:
        same = True
        for j in range(width):
            if keys[slot, j] != row[j]:
                same = False
                break
        if same:
            return int(slot)
        slot = (slot + 1) & mask
    return int(slot)


@njit(cache=True)
def table_find(keys: Any, filled: Any, row: Any) -> int:
    """The slot holding ``row`` as its key, or -1."""
    slot = table_slot(keys, filled, row)
    return slot if filled[slot] else -1


@njit(cache=True)
def table_put(keys: Any, filled: Any, values: Any, rows: Any, row_values: Any, count: int) -> int:
    """Each row of ``rows`` kept with the row of ``row_values`` beside it (a key already held keeps its
    value); the count of keys held after."""
    for number in range(rows.shape[0]):
        slot = table_slot(keys, filled, rows[number])
        if not filled[slot]:
            filled[slot] = 1
            keys[slot] = rows[number]
            values[slot] = row_values[number]
            count += 1
    return count


@njit(cache=True)
def table_grown(keys: Any, filled: Any, values: Any, capacity: int) -> tuple[Any, Any, Any]:
    """The table's keys and values in a new table of ``capacity`` slots (a power of two)."""
    new_keys = np.zeros((capacity, keys.shape[1]), dtype=np.int64)
    new_filled = np.zeros(capacity, dtype=np.int64)
    new_values = np.zeros((capacity, values.shape[1]), dtype=np.int64)
    held = np.flatnonzero(filled)
    table_put(new_keys, new_filled, new_values, keys[held], values[held], 0)
    return new_keys, new_filled, new_values


@njit(cache=True)
def frontier_slot(numbers: Any, filled: Any, ranges: Any, pool: Any, row: Any) -> int:
    """The slot of a table of runs of numbers (``numbers``: the run's number in each slot; ``ranges``: per
    run its first place in ``pool`` and its length) holding the run ``row``, or the empty slot it would
    take."""
    mask = numbers.shape[0] - 1
    slot = _hash(row) & mask
    width = row.shape[0]
    while filled[slot]:
        number = numbers[slot]
        first = ranges[number, 0]
        if ranges[number, 1] == width:
            same = True
            for j in range(width):
                if pool[first + j] != row[j]:
                    same = False
                    break
            if same:
                return int(slot)
        slot = (slot + 1) & mask
    return int(slot)


@njit(cache=True)
def frontier_grown(numbers: Any, filled: Any, ranges: Any, pool: Any, capacity: int) -> tuple[Any, Any]:
    """A table of runs (:func:`frontier_slot`) in ``capacity`` slots (a power of two)."""
    new_numbers = np.zeros(capacity, dtype=np.int64)
    new_filled = np.zeros(capacity, dtype=np.int64)
    for slot in range(numbers.shape[0]):
        if filled[slot]:
            number = numbers[slot]
            first, width = ranges[number, 0], ranges[number, 1]
            at = frontier_slot(new_numbers, new_filled, ranges, pool, pool[first : first + width])
            new_numbers[at] = number
            new_filled[at] = 1
    return new_numbers, new_filled
