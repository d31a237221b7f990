"""Rows of small counts as bit planes, for sums of products over many columns in a few operations: each
row's counts are split into planes of bits (plane ``k`` holds bit ``k`` of every count), each plane packed 64
columns to a word, so that the sum over the columns of two rows' products is a few population counts of
their planes' ANDs, each weighted by the power of two of its planes (exact: every count is a sum of its bits).

The lands-only goldfish scores a land by such sums (the spells in a hand that some lands pay, the parts of
their colored pips that they cover): a hand's planes are made once a turn and each state's once, where a
product over every spell was made for each land of each game.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from planner.sim.game import Ints

__all__ = ["Planes", "bit_planes", "plane_dots"]

Words = npt.NDArray[np.uint64]


@dataclass(frozen=True, slots=True)
class Planes:
    """Rows of counts (``columns`` of them, each below ``2 ** depth``) as ``depth`` planes of ``words`` 64-bit
    words each: ``bits[row, k * words + w]`` holds bit ``k`` of the counts of columns ``64 w`` to
    ``64 w + 63``."""

    bits: Words
    depth: int
    words: int

    def take(self, rows: Ints) -> Planes:
        """The planes of some rows (in that order)."""
        return Planes(np.take(self.bits, rows, axis=0), self.depth, self.words)


def bit_planes(counts: npt.NDArray[np.integer], depth: int | None = None) -> Planes:
    """Rows of nonnegative counts as bit planes, ``depth`` of them (by default as many as the largest count
    needs, at least one).

    >>> planes = bit_planes(np.array([[1, 0, 3], [2, 2, 0]]))
    >>> planes.depth, planes.words, planes.bits.shape
    (2, 1, (2, 2))
    >>> [[int(word) for word in row] for row in planes.bits]  # (bit 0 of each column, then bit 1)
    [[5, 4], [0, 3]]
    """
    rows, columns = counts.shape
    if depth is None:
        depth = max(1, int(counts.max(initial=0)).bit_length())
    words = max(1, -(-columns // 64))
    bits = np.zeros((rows, depth, words * 8), dtype=np.uint8)
    for plane in range(depth):
        packed = np.packbits((counts >> plane) & 1, axis=1, bitorder="little")
        bits[:, plane, : packed.shape[1]] = packed
    return Planes(bits.view(np.uint64).reshape(rows, depth * words), depth, words)


def plane_dots(left: Planes, right: Planes) -> Ints:
    """Each row's sum over the columns of the products of two rows of counts given as planes (row by row,
    the same columns): the population count of each pair of planes' AND, times two to the power of the sum
    of their planes' numbers.

    >>> left, right = np.array([[1, 0, 3], [2, 2, 0]]), np.array([[2, 5, 1], [1, 1, 7]])
    >>> plane_dots(bit_planes(left), bit_planes(right)).tolist(), (left * right).sum(axis=1).tolist()
    ([5, 4], [5, 4])
    """
    rows, words = left.bits.shape[0], left.words
    both = left.bits.reshape(rows, left.depth, 1, words) & right.bits.reshape(rows, 1, right.depth, words)
    counts = np.bitwise_count(both).reshape(rows, left.depth * right.depth * words)
    if counts.shape[1] == 1:
        dots: Ints = counts[:, 0].astype(np.int64)
        return dots
    powers = np.add.outer(np.arange(left.depth), np.arange(right.depth))
    weights = np.repeat((np.int64(1) << powers.ravel().astype(np.int64)), words)
    weighted: Ints = counts @ weights
    return weighted
