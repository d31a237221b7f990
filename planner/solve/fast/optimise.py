"""The optimiser: per payment mode, the greedy, else the dynamic programme, under the search's branching."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from planner.rules.payment import Mode
from planner.solve.fast.greedy import _Greedy
from planner.solve.fast.programme import _Programme
from planner.solve.fast.search import (
    _after_pool,
    _balance,
    _Choice,
    _Firsts,
    _KeepersNeededError,
    _Search,
    _TooManyChoicesError,
)
from planner.solve.fast.sources import _Reduced, _Taps, _with_keepers


class _Solver:
    """One mode's solver for :meth:`_Search.best_in_mode`: the greedy, else the dynamic programme."""

    def __init__(self, search: _Search, mode: Mode, demand: Sequence[int], needed: int) -> None:
        self.search = search
        self.mode = mode
        self.life = mode.life
        self.demand = demand
        self.needed = needed
        self.greedy = _Greedy(search, demand, needed)
        self.programme: _Programme | None = None

    def solve(self, skipped: frozenset[int]) -> _Taps | None:
        """The taps minimising (damage, mana made, weights) with the skipped groups' top members untapped;
        None also when every such payment takes damage and the best found so far is already better."""
        if skipped and not self.search.may_pay(self.demand, self.needed, skipped):
            return None
        declined = False
        try:
            found = self.greedy.solve(skipped)
        except _TooManyChoicesError:
            found, declined = None, True
        else:
            if not self.search.special:
                if found is not None:
                    return found
                best = self.search.best
                if best is not None and best.levels[0] <= self.life:
                    return None  # no payment here without damage: worse than the best on the first level
        # the greedy's exchange argument needs sources that only tap: with others on the board its payment
        # (without them) bounds what the programme must beat
        if self.programme is None:
            balance = _balance(self.mode, self.search.problem.pool)
            self.programme = _Programme(self.search, self.demand, balance)
        if declined:
            # the best payment by sources that just tap is quick to find
            # (without other sources, it is the answer), and bounds the programme with the rest: chains of
            # abilities that cost mana then end early
            found = self.programme.solve(skipped, plain=True)
            if not self.search.special:
                return found
        # ``found`` is the best payment by the sources that just tap: the programme looks for better ones
        # that use the others
        bound = None if found is None else sum(self.search.packed(s, o) for s, o in found)
        better = self.programme.solve(skipped, bound, beyond=found is not None)
        return found if better is None else better


def _optimise(problem: _Reduced) -> _Choice | None:
    """The optimal payment, or None when there is none; raises ``_DeclinedError`` past the limits.

    On a board with an ability that costs mana, the sets of groups that keep each color are worked out
    only when a payment loses one (most lose none: each mode's first solution is then optimal)."""
    try:
        return _optimise_by(problem)
    except _KeepersNeededError as needed:
        layout = problem.layout
        assert layout is not None  # (only a layout with units is searched without keepers)
        keeping = _with_keepers(layout)
        # (the first payments found carry over when no group was split: the same groups, the same answers)
        firsts = needed.firsts if keeping.groups == layout.groups else None
        # (the programme's moves so far count against the question's limit: issue 41)
        return _optimise_by(replace(problem, layout=keeping), firsts, needed.spent)


def _optimise_by(
    problem: _Reduced, firsts: _Firsts | None = None, spent: tuple[int, int] = (0, 0)
) -> _Choice | None:
    """:func:`_optimise` with the problem's layout as it is (``firsts``, ``spent``: see :class:`_Search`)."""
    search = _Search(problem, firsts, spent)
    for mode in sorted(problem.modes, key=lambda m: m.life):
        if search.best is not None and mode.life > search.best.levels[0]:
            break  # the life alone is worse than the best found
        demand, needed = _after_pool(mode, problem.pool)
        if search.may_pay(demand, needed):
            search.best_in_mode(mode, _Solver(search, mode, demand, needed).solve)
    return search.best


# ------------------------------------------------------------------------------------------ the plan
