"""The order search of a turn's plan (contract section 11): the orders of the event spells, generated lazily
and depth first, so that memory grows with the length of one order and never with their number.

Copies of one card are one *kind*: an order names kinds, and two orders that only swap copies of a card are
one order. The caller's ``visit`` solves each order as it comes and says whether to go deeper: an order
whose spells can't be paid can't be paid with more spells after them (each spell is paid as it is cast,
CR 601.2h), and one whose bound can't beat the best plan found is not extended either. The land plays, when
their places among the events matter (a landfall trigger adds mana), are one more kind, of one copy for each
land played (:data:`LAND`: the caller plays its lands in their order).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence

__all__ = ["LAND", "depth_first"]

#: A land play, as a kind of an order.
LAND = -1


def depth_first(
    counts: Sequence[int],
    visit: Callable[[tuple[int, ...], bool], bool],
    *,
    lands: int = 0,
    first: frozenset[int] = frozenset(),
    check: Callable[[], None] = lambda: None,
) -> None:
    """Visit the orders of ``counts[k]`` copies of each kind ``k`` (and of ``lands`` copies of :data:`LAND`),
    every prefix before its extensions, each order of the multiset once. ``visit(order, complete)`` returns
    True to visit the order's extensions; ``complete`` says that every copy (and every land) is in it.
    The kinds in ``first`` (spells that are best cast first: :func:`planner.turn_choices.free_event`) only
    open an order, in the order of their numbers. ``check`` runs before each visit (it raises to stop the
    search: a deadline).

    >>> seen = []
    >>> depth_first([2, 1], lambda order, complete: seen.append(order) or True)
    >>> seen
    [(), (0,), (0, 0), (0, 0, 1), (0, 1), (0, 1, 0), (1,), (1, 0), (1, 0, 0)]
    >>> seen.clear()
    >>> depth_first([1], lambda order, complete: seen.append(order) or order != (LAND,), lands=1)
    >>> seen
    [(), (-1,), (0,), (0, -1)]
    >>> seen.clear()
    >>> depth_first([1], lambda order, complete: seen.append(order) or True, lands=2)
    >>> seen
    [(), (-1,), (-1, -1), (-1, -1, 0), (-1, 0), (-1, 0, -1), (0,), (0, -1), (0, -1, -1)]
    >>> seen.clear()
    >>> depth_first([1, 1, 1], lambda order, complete: seen.append(order) or True, first=frozenset({1, 2}))
    >>> seen
    [(), (0,), (1,), (1, 0), (1, 2), (1, 2, 0), (2,), (2, 0)]
    """
    left = list(counts)
    land_left = lands
    order: list[int] = []

    def children() -> Iterator[int]:
        opening = all(kind in first for kind in order)  # (the order so far is made of ``first`` kinds)
        after = order[-1] if order else -1
        if land_left > 0:
            yield LAND
        for kind, count in enumerate(left):
            if count > 0 and (kind not in first or (opening and kind >= after)):
                yield kind

    def complete() -> bool:
        return land_left == 0 and not any(left)

    check()
    if not visit((), complete()) or complete():
        return
    stack = [children()]
    while stack:
        kind = next(stack[-1], None)
        if kind is None:
            stack.pop()
            if order:
                land_left += _put_back(order.pop(), left)
            continue
        order.append(kind)
        if kind == LAND:
            land_left -= 1
        else:
            left[kind] -= 1
        check()
        done = complete()
        if visit(tuple(order), done) and not done:
            stack.append(children())
            continue
        land_left += _put_back(order.pop(), left)


def _put_back(kind: int, left: list[int]) -> int:
    """Put one copy of ``kind`` back in ``left``; 1 when it is a land (which the caller puts back), else 0."""
    if kind == LAND:
        return 1
    left[kind] += 1
    return 0
