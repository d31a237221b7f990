"""The largest X of a spell whose X is in an additional cost only (Toxic Deluge's "As an additional cost to
cast this spell, pay X life.", Crashing Wave's "waterbend {X}."): X is chosen as the spell is cast (CR 107.3,
601.2b) and asks more of the payment the larger it is (X life more, CR 119.4; X generic mana more, paid with
mana or by waterbending, 701.67), so every X below one the board can pay can be paid too: the largest is
found by doubling X until a payment is refused, then halving the gap, each X answered by ``pay`` itself
(its rules replay included). An X not decided in time, or a bound reached, is never a "no": the answer is
then the largest X proven, not optimal.

>>> from planner.answer import PayResult
>>> def at(x: int, limit: float) -> PayResult:  # (a board that pays X life up to 13)
...     return PayResult(payable=x <= 13, cost="{2}{B}", optimal=True)
>>> found = largest_x(at, time_limit=10.0)
>>> found.x, found.payable, found.optimal
(13, True, True)
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import replace
from typing import Final

from planner.answer import PayResult

__all__ = ["MOST_X", "largest_x"]

#: The largest X tried: a board that pays more (an unbounded loop) answers this X, not proven the largest.
MOST_X: Final = 1 << 20


def largest_x(pay_at: Callable[[int, float], PayResult], *, time_limit: float) -> PayResult:
    """The answer of ``pay_at`` (the payment with X chosen, within a time limit) for the largest X it pays,
    that X in it; ``x`` None when even X = 0 is not payable (the answer for 0 then); not optimal when an X
    was not decided in time or :data:`MOST_X` was paid."""
    deadline = time.monotonic() + time_limit

    def at(x: int) -> PayResult | None:
        remaining = deadline - time.monotonic()
        return None if remaining <= 0 else pay_at(x, remaining)

    first = at(0) or pay_at(0, 0.001)
    if not first.payable:
        return replace(first, x=None, optimal=first.optimal and first.payable is False)
    best, proven = (0, first), first.optimal
    low, high = 0, None
    step = 1
    while high is None or high - low > 1:
        x = low + step if high is None else (low + high) // 2
        if x > MOST_X:
            proven = False
            break
        answer = at(x)
        if answer is None or answer.payable is None:  # (not decided: the largest proven is answered)
            proven = False
            break
        if answer.payable:
            low, best, proven = x, (x, answer), proven and answer.optimal
            step *= 2
        else:
            high = x
    x, answer = best
    return replace(answer, x=x, cost_has_x=True, optimal=proven)
