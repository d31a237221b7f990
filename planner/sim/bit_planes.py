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
    >>> bit_planes(np.array([[1, 0, 1]]), depth=2).bits.tolist()
    [[5, 0]]
    """
    rows, columns = counts.shape
    largest = int(counts.max(initial=0))
    if depth is None:
        depth = max(1, largest.bit_length())
    small = counts.astype(np.uint8) if largest < 256 else counts  # (a byte a count: fewer bytes to read)
    words = max(1, -(-columns // 64))
    # (a byte a bit, each row's planes padded to whole words, then packed as one flat array: faster than
    # packing row by row)
    bits = np.zeros((rows, depth, words * 64), dtype=np.uint8)
    for plane in range(min(depth, largest.bit_length())):  # (the deeper planes hold no bit)
        bits[:, plane, :columns] = small if largest < 2 else (small >> plane) & 1
    packed = np.packbits(bits.reshape(-1), bitorder="little").view(np.uint64)
    return Planes(packed.reshape(rows, depth * words), depth, words)


def plane_dots(left: Planes, right: Planes) -> Ints:
    """Each row's sum over the columns of the products of two rows of counts given as planes (row by row,
    the same columns): the population count of each pair of planes' AND, times two to the power of the sum
    of their planes' numbers.

    >>> left, right = np.array([[1, 0, 3], [2, 2, 0]]), np.array([[2, 5, 1], [1, 1, 7]])
    >>> plane_dots(bit_planes(left), bit_planes(right)).tolist(), (left * right).sum(axis=1).tolist()
    ([5, 4], [5, 4])
    """
    rows, words = left.bits.shape[0], left.words
    if left.depth == right.depth == words == 1:
        dots: Ints = np.bitwise_count(left.bits[:, 0] & right.bits[:, 0]).astype(np.int64)
        return dots
    counts = np.empty((rows, left.depth, right.depth * words), dtype=np.uint8)
    planes = right.bits.reshape(rows, right.depth, words)
    for plane in range(left.depth):  # (each of the left's planes against all the right's: one AND each)
        mine = left.bits[:, None, plane * words : (plane + 1) * words]
        np.bitwise_count(mine & planes, out=counts[:, plane].reshape(rows, right.depth, words))
    powers = np.add.outer(np.arange(left.depth), np.arange(right.depth)).ravel()
    weights = np.repeat(np.ldexp(1.0, powers), words)
    # (a product of floats: exact, each count at most 64 times a power of two, and faster than of integers)
    weighted: Ints = (counts.reshape(rows, weights.size).astype(np.float64) @ weights).astype(np.int64)
    return weighted
