"""The search for an optimal payment: the objective's levels, and the branching on the colors a payment
loses."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from models.mana import TYPE_ORDER
from planner.rules.payment import Mode
from planner.rules.pool import ManaUnit
from planner.solve.fast.kinds import _BITS, _Option
from planner.solve.fast.sources import _NO_TOUCH, _layout, _Reduced, _Source, _Taps
from planner.solve.objective import (
    colors_open,
    packed_unit,
)

#: The most subproblems (payment modes times sets of skipped groups) the search solves before the fast path
#: declines (CP-SAT answers).
_MAX_SUBPROBLEMS = 64


@dataclass(slots=True)
class _Choice:
    """An optimal payment: the mode, the sources tapped with their options, and the objective's levels (not
    frozen, like :class:`_Reduced`)."""

    mode: Mode
    taps: _Taps
    levels: tuple[int, ...]


class _DeclinedError(Exception):
    """The board needs more subproblems than the fast path allows: CP-SAT answers instead."""


class _KeepersNeededError(Exception):
    """A payment loses a color on a board with an ability that costs mana: the search starts again with
    the sets of groups that keep each color (:func:`_with_keepers`) to branch on. It carries the first
    payments the search worked out (:attr:`_Search.firsts`), which the next search reuses when its groups
    are the same, and the programme's moves and runs so far (:attr:`_Search.spent`), which the next search
    goes on from: the programme's limit is the question's, not one search's (issue 41)."""

    def __init__(self, firsts: _Firsts, spent: tuple[int, int]) -> None:
        super().__init__()
        self.firsts = firsts
        self.spent = spent


#: A search's first payment per mode (nothing skipped); None where there is none.
_Firsts = dict[Mode, _Taps | None]


class _TooManyChoicesError(Exception):
    """The greedy would try too many choices for the sources that make several mana (a doubler makes every
    land one): the dynamic programme answers instead."""


def _after_pool(mode: Mode, pool: Sequence[ManaUnit]) -> tuple[list[int], int]:
    """The demand per type and the mana needed in all once the pool has paid what it can.

    Pool mana pays its own type's slots first, then generic: swapping it with a source's mana of the same type
    that pays generic changes nothing, so this is never worse.
    """
    if not pool:
        return list(mode.typed), mode.mana
    signed, _ = _balance(mode, pool)
    demand = [max(0, d) for d in signed]
    generic = mode.mana - sum(mode.typed)  # (the fragment has no {S})
    left = sum(max(0, -d) for d in signed)  # pool mana its own type's slots did not take
    return demand, sum(demand) + max(0, generic - left)


def _balance(mode: Mode, pool: Sequence[ManaUnit]) -> tuple[list[int], int]:
    """The demand per type less the pool's mana of that type, and the mana needed in all less the pool's
    (negative: mana the pool has over, which could still pay an ability's cost)."""
    demand = list(mode.typed)
    for unit in pool:
        demand[TYPE_ORDER.index(unit.type)] -= 1
    return demand, mode.mana - len(pool)


class _Search:
    """The search for one problem's optimum: per mode, an exact solver under every needed set of witnesses.

    'Colors lost' is the one level that is not a sum over tapped sources. A solver minimises everything else
    (damage, mana made, then the per-permanent weights) given ``skipped``: groups whose highest-ranked member
    must stay untapped, as a witness that some color stays available. :meth:`best_in_mode` branches on the
    colors a solution loses: concede the color, or keep one more group's top member untapped (with an
    ability that costs mana on the board, one more set of groups' top members that keeps it:
    :attr:`_Layout.keepers`, worked out the first time a solution loses a color; until then 'colors lost'
    is read from the units, :meth:`lost_open`).

    Why that is exact: let T* be an optimal payment and P* the colors it keeps available. In each group T*
    leaves the highest-ranked members untapped (else swapping two lowers the tie-break), so every color of P*
    has a group whose top member is an untapped maker (or a set of groups whose top members keep it:
    :func:`_with_keepers` declines the boards where that could take two members of one group). Follow the
    branches that concede colors outside P* and, for a lost color of P*, add its group or set (not all
    skipped yet, or the color would not be lost). At the leaf
    reached, the solution T keeps P* available and is no worse than T* on the other levels (T* avoids the
    skipped members), so T is optimal too. Pruning a node whose damage or mana is already worse than the best
    leaf found is safe: skipping more members never lowers them. So is pruning one whose levels, with the
    number of colors it concedes for 'colors lost', are no better than the best's: the colors conceded on
    the way to T are colors T* loses, so they are never more than T* loses.
    """

    def __init__(
        self, problem: _Reduced, firsts: _Firsts | None = None, spent: tuple[int, int] = (0, 0)
    ) -> None:
        """``firsts``: the first payments of an earlier search of the same problem with the same groups
        (see :class:`_KeepersNeededError`), reused rather than worked out again; ``spent``: the moves and
        runs of the programme that earlier search took (:attr:`spent`), counted against this one's limit."""
        self.problem = problem
        self.firsts: _Firsts = {} if firsts is None else firsts
        layout = problem.layout if problem.layout is not None else _layout(problem.sources)
        self.layout = layout
        self.makers = layout.makers
        total = layout.most + 1
        n = problem.permanents
        # packed levels: damage, valuable and designed sacrifices, mana made net of what abilities take,
        # then the weights (each level's sum over any payment stays below the next one's unit)
        self.mana_base = total * packed_unit(n)
        self.designed_base = total * self.mana_base
        # (a sacrifice by design weighs the most its source makes: their sum stays below layout.most + 1)
        self.valuable_base = total * self.designed_base
        self.damage_base = (n + 1) * self.valuable_base
        self.special = layout.special
        self.gain = layout.gain  # the most mana net, all sources used
        self.light_first = layout.light_first
        self.budget = _MAX_SUBPROBLEMS
        # the dynamic programme's transitions (see _MAX_MOVES) and runs so far, this question's
        self.moves, self.runs = spent
        # while best_in_mode branches: its stack, what it solved and the set being solved, from which
        # :attr:`pending` counts the others waiting (read only when the programme runs again, not per set)
        self._waiting: _Waiting | None = None
        self.best: _Choice | None = None
        self.groups = layout.groups
        if layout.unkept is not None:
            raise _DeclinedError(layout.unkept)
        if layout.restricted or (problem.pool and any(u.tag.restriction for u in problem.pool)):
            # restricted mana left floating is not wasted: it counts at its own level, just before the
            # tie-break (objective.floating_level); which of the mana floats is a choice the packed levels
            # can't see, so CP-SAT answers (and 'restricted_floating' is 0 here: answers._ZERO_LEVELS)
            raise _DeclinedError("restricted mana")
        self.keepers = layout.keepers
        # (with units but no keepers yet: a payment that loses a color needs them to branch on)
        self.unbranched = layout.keep_units is not None and layout.keepers is None

    def may_pay(self, demand: Sequence[int], needed: int, skipped: frozenset[int] = frozenset()) -> bool:
        """A necessary condition for paying without the skipped groups' top members: enough mana of each
        demanded type and in all (a source makes one option, so each type's best is an upper bound)."""
        gain = self.gain
        maxima: Sequence[int] = self.layout.maxima
        if skipped:
            maxima = list(maxima)
            for index in skipped:
                top = self.groups[index].members[-1]
                gain -= top.gain
                for t, most in enumerate(top.maxima):
                    maxima[t] -= most
        # with abilities that cost mana, pool mana the target does not take could pay for them
        spare = len(self.problem.pool) if self.special else 0
        return gain + spare >= needed and all(map(int.__ge__, maxima, demand))

    def lost(self, taps: _Taps) -> list[int]:
        """The colors whose every maker is tapped (with abilities that cost mana: :meth:`lost_keeping`, or
        :meth:`lost_open` before the keepers are worked out)."""
        if self.keepers is not None:
            return self.lost_keeping(taps)
        if self.unbranched:
            return self.lost_open(taps)
        touched = [0] * 5
        for source, _ in taps:
            for t in source.colors:
                touched[t] += 1
        return [t for t in range(5) if touched[t] and touched[t] == self.makers[t]]

    def lost_open(self, taps: _Taps) -> list[int]:
        """The colors open on the untouched board and no longer open after ``taps``, read from the units
        (:func:`planner.solve.objective.colors_open`)."""
        layout = self.layout
        assert layout.keep_units is not None  # (see unbranched)
        left = list(layout.sizes)
        group_of = layout.group_of
        for source, _ in taps:
            left[group_of[source.pid]] -= 1
        lost = layout.open_colors & ~colors_open(layout.keep_units, left)
        return [t for t in range(5) if lost >> t & 1]

    def lost_keeping(self, taps: _Taps) -> list[int]:
        """The colors that some set of groups kept open on the untouched board, and none does after ``taps``
        (:attr:`_Layout.keepers`: a group keeps its part while one of its members is untouched)."""
        layout = self.layout
        left = list(layout.sizes)
        group_of = layout.group_of
        for source, _ in taps:
            left[group_of[source.pid]] -= 1
        return [
            t
            for t, ways in enumerate(layout.keep_counts)
            if ways and not any(all(left[g] >= k for g, k in way) for way in ways)
        ]

    def levels(self, mode: Mode, taps: _Taps, lost: Sequence[int] | None = None) -> tuple[int, ...]:
        """The objective's levels (:data:`planner.solve.objective.OBJECTIVE_LEVELS`) of a payment (``lost``:
        the colors it loses, when known)."""
        damage = valuable = designed = made = 0
        for source, option in taps:
            damage += option.damage
            if option.sacrifice:
                designed += source.most if source.designed else 0
                valuable += not source.designed
            made += option.net
        floating = made + len(self.problem.pool) - mode.mana
        lost_count = len(self.lost(taps) if lost is None else lost)
        # (each source's touched values, one per touched level and its rank, made by sources._source: of one
        # length; a zip's strict would parse a keyword on every call)
        touched = tuple(map(sum, zip(*(s.touched for s, _ in taps)))) if taps else _NO_TOUCH  # noqa: B905
        # (the fast path declines convoke and delve: the last levels are 0)
        return (damage + mode.life, valuable, designed, floating, lost_count, *touched, 0, 0)

    def packed(self, source: _Source, option: _Option) -> int:
        """One use's share of the levels the solvers minimise (all but 'colors lost'), packed in one."""
        sacrifice = 0
        if option.sacrifice:
            sacrifice = self.designed_base * source.most if source.designed else self.valuable_base
        return option.damage * self.damage_base + sacrifice + option.net * self.mana_base + source.weight

    def _solved(
        self, mode: Mode, solve: _Solve, skipped: frozenset[int]
    ) -> tuple[_Taps, tuple[int, ...], list[int]] | None:
        """The solver's taps with the skipped groups' top members untouched, their levels and the colors they
        lose; None when there are none. Counts against the budget of subproblems."""
        self.budget -= 1
        if self.budget < 0:
            raise _DeclinedError
        self.problem.check_time()
        if skipped:
            found = solve(skipped)
        elif mode in self.firsts:
            found = self.firsts[mode]
        else:
            found = self.firsts[mode] = solve(skipped)
        if found is None:
            return None
        colors = self.lost(found)
        if colors and self.unbranched:
            raise _KeepersNeededError(self.firsts, self.spent)
        return found, self.levels(mode, found, colors), colors

    @property
    def spent(self) -> tuple[int, int]:
        """The dynamic programme's moves and runs so far, this search's and those it went on from."""
        return self.moves, self.runs

    @property
    def pending(self) -> int:
        """While :meth:`best_in_mode` branches, how many other sets of skipped groups wait to be solved (a
        run of the programme declines early when they could not all be solved within its limit); else 0."""
        if self._waiting is None:
            return 0
        stack, solved, skipped = self._waiting
        return len({s for s, _ in stack if s not in solved and s != skipped})

    def best_in_mode(self, mode: Mode, solve: _Solve) -> None:
        """Search one mode with ``solve`` (exact given the skipped groups), updating :attr:`best`."""
        # the common case first: the best payment with nothing skipped loses no color (or there is none)
        first = self._solved(mode, solve, _NOTHING)
        if first is None:
            return
        taps, levels, colors = first
        if not colors:
            if not (mode.life and levels[0] > self.problem.life) and (
                self.best is None or levels < self.best.levels
            ):
                self.best = _Choice(mode, taps, levels)
            return
        # per set of skipped groups: the solver's taps, their levels and the colors they lose (None: no taps)
        solved: dict[frozenset[int], tuple[_Taps, tuple[int, ...], list[int]] | None] = {_NOTHING: first}
        stack: list[tuple[frozenset[int], frozenset[int]]] = [(frozenset(), frozenset())]
        seen: set[tuple[frozenset[int], frozenset[int]]] = set()
        while stack:
            node = stack.pop()
            if node in seen:
                continue
            seen.add(node)
            skipped, conceded = node
            if skipped not in solved:
                self._waiting = (stack, solved, skipped)
                solved[skipped] = self._solved(mode, solve, skipped)
                self._waiting = None
            entry = solved[skipped]
            if entry is None:
                continue
            taps, levels, colors = entry
            if mode.life and levels[0] > self.problem.life:
                continue  # too little life left to pay it after the damage (CR 119.4), here and below
            best = self.best
            if best is not None and (*levels[:4], len(conceded), *levels[5:]) >= best.levels:
                # nothing below can do better: skipping more never lowers damage, mana or weights, and a
                # payment below loses at least the colors conceded (each was lost, and none is kept after)
                continue
            lost = [t for t in colors if t not in conceded]
            if not lost:
                if self.best is None or levels < self.best.levels:
                    self.best = _Choice(mode, taps, levels)
                continue
            stack.append((skipped, conceded | {lost[0]}))
            if self.keepers is not None:
                # (keep one more set of groups' top members untouched that keeps the color open)
                stack += [(skipped | way, conceded) for way in self.keepers[lost[0]] if not way <= skipped]
                continue
            bit = _BITS[lost[0]]
            stack += [
                (skipped | {index}, conceded)
                for index, group in enumerate(self.groups)
                if index not in skipped and group.reflect & bit
            ]


#: While :meth:`_Search.best_in_mode` branches: its stack of (skipped, conceded) sets, what it solved so far
#: and the set of skipped groups being solved (:attr:`_Search.pending`).
_Waiting = tuple[list[tuple[frozenset[int], frozenset[int]]], Mapping[frozenset[int], object], frozenset[int]]

#: An exact solver of one mode (:meth:`planner.solve.fast.optimise._Solver.solve`): its best taps with the
#: skipped groups' top members untouched, or None.
_Solve = Callable[[frozenset[int]], _Taps | None]

#: No group skipped: the search's first set.
_NOTHING: frozenset[int] = frozenset()
