"""The dynamic programme over the demand still open, for boards the greedy does not settle."""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from operator import itemgetter

from models.kept import KeptMap
from planner.solve.fast.kinds import _Move, _Option
from planner.solve.fast.search import _NOTHING, _DeclinedError, _Search
from planner.solve.fast.sources import (
    _PROGRAMMES_LIMIT,
    _PartBounds,
    _ProgrammeTables,
    _Source,
    _Spread,
    _Taps,
)
from planner.solve.objective import (
    packed_unit,
)

#: The most states the dynamic programme keeps before the fast path declines (CP-SAT answers).
_MAX_STATES = 4096
#: The programme's states as :meth:`_Programme._extent` bounds them, for one value of the feeding part: the
#: least and the most of each other part, how many states at most, and the least of a state's value with what
#: the mana it still needs will cost at least (what a bounded run keeps within its bound: see
#: :meth:`_Programme._rise`).
_Box = tuple[tuple[int, ...], tuple[int, ...], int, int]
#: Per part of a state but feeding, the values it may take in a run: a step that every change of a use is a
#: multiple of (1 or less: any value) and the residues modulo that step of its start, its floors and 0
#: (:meth:`_Programme._grid`).
_Grid = tuple[tuple[int, frozenset[int]], ...]
#: A bounded run's limits on value (:meth:`_Programme.solve`): the most a state's value with the least cost of
#: the mana it still needs may be (its bound, less 1 when it looks beyond a known payment), and whether it
#: drops its start once the specials are done (``beyond``).
_Limit = tuple[int, bool]
#: Past any part of a state: the least floor of no group at all (:meth:`_Programme._spread`).
_FAR = 1 << 62
#: The most transitions (state times option) the dynamic programme tries in one fast-path call, a bound on its
#: time (about a tenth of a second, 0.7-1.2 microseconds a move); past it CP-SAT answers (a cost of {114} on
#: 160 permanents). Boards of fewer than :data:`_SOURCES_AT_FULL_LIMIT` sources get a share of it
#: (:func:`move_limit`).
_MAX_MOVES = 150_000
#: The sources from which the programme may take all of :data:`_MAX_MOVES` (:func:`move_limit`).
_SOURCES_AT_FULL_LIMIT = 100
#: The most moves a bounded run takes before its extent is worked out (:meth:`_Programme.solve`): those that
#: answer take 1-28 on the benchmarks' boards, which then never work out an extent.
_TRIAL_MOVES = 64


def move_limit(sources: int) -> int:
    """The most moves the programme takes for a question whose board has ``sources`` sources: all of
    :data:`_MAX_MOVES` from :data:`_SOURCES_AT_FULL_LIMIT` sources on, a share in proportion below.

    What the fast path spends before it declines is added to what CP-SAT then takes, and CP-SAT's model
    grows with the sources: on boards of 10 to 60 permanents it answers in some 15 to 60 ms, where the whole
    limit is 100 to 180 ms of moves (issue 41: bench_no --multipliers seed 14 question 114, 38 sources, took
    75,509 moves, 84 ms, before it declined, and CP-SAT answered in 44 ms).

    >>> move_limit(45), move_limit(100), move_limit(800)
    (67500, 150000, 150000)
    """
    return _MAX_MOVES * min(sources, _SOURCES_AT_FULL_LIMIT) // _SOURCES_AT_FULL_LIMIT


class _PastItsExtentError(_DeclinedError):
    """A run of the programme passed a limit that its extent (:meth:`_Programme._fits`, decided before the
    run) said it keeps within: never, unless the extent is wrong. The fast path declines all the same (CP-SAT
    answers); the tests look for it."""


class _TrialOverError(Exception):
    """A bounded run's trial (:meth:`_Programme.solve`) took its :data:`_TRIAL_MOVES` without ending: its
    extent decides whether it goes on."""


class _Programme:
    """The dynamic programme for one mode: uses minimising (damage, sacrifices, mana made, weights) that pay
    the demand.

    States are the demand still open per type plus the mana still needed in all. Members of a group are used
    lowest rank first, and a use must change the state (one that does not only wastes mana). Sources whose
    abilities cost mana or a sacrifice come first, with signed states: what they take adds to the demand,
    and a surplus is kept as far as later costs could still take it (beyond that it can only pay generic
    mana, which the total counts). Whether they can be activated in some order is not a question here: the
    totals are a relaxation, and :func:`_plan` finds an order or declines.
    """

    def __init__(self, search: _Search, demand: Sequence[int], balance: tuple[Sequence[int], int]) -> None:
        """``demand``: per type, what the pool leaves open; ``balance``: the demand less the pool, signed
        (see :func:`_balance`), where the states start."""
        self.search = search
        #: the most moves the programme takes for the question, in all its runs (:func:`move_limit`)
        self.limit = move_limit(len(search.problem.sources))
        groups = search.groups
        # specials first, then the rest, each in the order of search.groups
        specials = [group for group in groups if group.members[0].special] if search.special else []
        self.order = list(range(len(groups)))
        if specials:
            self.order.sort(key=lambda i: not groups[i].members[0].special)
        costs = [0] * 6
        for group in specials:
            members = len(group.members)
            # (the most any option pays of each type: the options' counts column by column)
            for t, most in enumerate(map(max, zip(*(o.pays for o in group.members[0].options), strict=True))):
                costs[t] += members * most
        self.types = [t for t in range(6) if demand[t] or costs[t]]
        # a cut that keeps the totals honest about order: the first ability that costs mana is paid with
        # mana from the pool or from a source that costs no mana, so with an empty pool some such source is
        # used (the last part of a state: 0 nothing yet, 1 only sources that cost mana, 2 fed)
        self.feeding = not search.problem.pool and any(
            o.net < o.total for group in specials for o in group.members[0].options
        )
        signed, needed = balance
        self.start = (*(signed[t] for t in self.types), needed, *((0,) if self.feeding else ()))
        cap = tuple(demand[t] + costs[t] for t in range(6))
        # what the options and the bounds on surpluses are depends on the demand's types and the cap alone
        # (the board's sources and weights being the search's): kept with the layout
        by_demand = search.layout.programmes
        key = (tuple(self.types), cap, search.damage_base, search.mana_base)
        tables = by_demand.get(key)
        if tables is None:
            if len(by_demand) >= _PROGRAMMES_LIMIT:
                by_demand.clear()
            tables = by_demand[key] = self._tables(cap, len(specials))
        self.tables = tables
        self.options, self.room = tables.options, tables.room
        moves = tables.moves.get(self.feeding)
        if moves is None:
            moves = tables.moves[self.feeding] = [None] * len(groups)
        self.moves = moves

    def _tables(self, cap: Sequence[int], specials: int) -> _ProgrammeTables:
        """Each group's options as moves (key, cost, option), the most each type (and the total) could
        still be asked for by the specials after each special group's position (its surplus bound), and the
        most one use of each group lowers the mana still needed (a special's key is (change, net, costly),
        another's (cover, total): see :meth:`_move`)."""
        search = self.search
        groups = search.groups
        damage, mana = search.damage_base, search.mana_base
        options: list[Sequence[_Move]] = []
        for group in groups:
            first = group.members[0]
            if first.special:
                # options with the same effect on the totals and the same cost are one option here
                effects: dict[tuple[object, ...], _Move] = {}
                for o in first.options:
                    key = (tuple([o.pays[t] - o.counts[t] for t in self.types]), o.net, o.net < o.total)
                    cost = search.packed(first, o) - first.weight
                    if (key, cost) not in effects:
                        effects[(key, cost)] = (key, cost, o)
                options.append(list(effects.values()))
                continue
            # (only taps: no sacrifice, and the mana made is the net)
            options.append(first.usage.moves(self.types, cap, damage, mana))
        room: dict[int, tuple[int, ...]] = {}
        left = [0] * (len(self.types) + 1)
        for index in reversed(self.order[:specials]):
            group = groups[index]
            ask = [max(o.pays[t] for o in group.members[0].options) for t in self.types]
            ask.append(max(sum(o.pays) + o.generic for o in group.members[0].options))
            # one bound for the whole group (the loosest, after its first member): more moves are shared
            room[index] = tuple(a + b * (len(group.members) - 1) for a, b in zip(left, ask, strict=True))
            left = [a + b * len(group.members) for a, b in zip(left, ask, strict=True)]
        return _ProgrammeTables(options, room, [_most_lowered(moves) for moves in options])

    def _move_tables(
        self, index: int, room: tuple[int, ...] | None
    ) -> list[dict[tuple[int, ...], tuple[int, ...]]]:
        """The tables of the states after each of a group's moves (:func:`_moves_table`), looked up once per
        layout, demand and feeding (:attr:`_ProgrammeTables.moves`)."""
        tables = self.moves[index]
        if tables is None:
            tables = [_moves_table(room, self.feeding, key) for key, _, _ in self.options[index]]
            self.moves[index] = tables
        return tables

    def _move(
        self, state: tuple[int, ...], key: tuple[object, ...], room: tuple[int, ...] | None
    ) -> tuple[int, ...]:
        """The state after one use: a special adds what it takes and subtracts what it makes (keeping as much
        surplus as later costs could take, ``room``); another source covers open demand."""
        width = len(self.types)
        feed: tuple[int, ...] = ()
        if room is not None:
            change, net, costly = key
            assert isinstance(change, tuple) and isinstance(net, int)
            if self.feeding:
                feed = (max(state[-1], 1) if costly else 2,)
            signed = [max(state[t] + change[t], -room[t]) for t in range(width)]
            return (*signed, max(state[width] - net, -room[width]), *feed)
        cover, total = key
        assert isinstance(cover, tuple) and isinstance(total, int)
        if self.feeding:
            feed = (2 if total else state[-1],)
        return (*map(_minus, state[:width], cover), max(0, state[width] - total), *feed)

    def solve(
        self, skipped: frozenset[int], bound: int | None = None, *, plain: bool = False, beyond: bool = False
    ) -> _Taps | None:
        """The best uses, with the top member of each ``skipped`` group left unused, or None; with a
        ``bound`` (the value of a known payment), only payments at most that good are looked for; with
        ``plain``, only the sources that just tap are used (a quick payment whose value bounds the rest);
        with ``beyond``, ``bound`` is the value of the best payment by those sources alone, and only payments
        that use some other source and are better still are looked for."""
        search = self.search
        if search.runs and search.pending:
            # a branching (issue 41): when this run and the sets of skipped groups still waiting would, at
            # the moves a run has taken so far, pass the limit, decline now rather than once it is passed
            # (a choice of speed: CP-SAT answers, and sooner)
            each = search.moves / search.runs
            if search.moves + each * (1 + search.pending) > self.limit:
                raise _DeclinedError
        search.runs += 1
        limit = None if bound is None else (bound - beyond, beyond)
        if limit is not None:
            # a bounded run is tried first for a few moves (most that answer take 1-28), its extent worked
            # out only when the trial does not end: a simple board never pays for it
            try:
                return self._run(skipped, plain, limit, trial=True)
            except _TrialOverError:
                pass
        if not self._fits(skipped, plain=plain, budget=self.limit - search.moves, limit=limit):
            raise _DeclinedError  # (decided before the run, or after its trial: its extent passes the limits)
        return self._run(skipped, plain, limit, trial=False)

    def _run(
        self, skipped: frozenset[int], plain: bool, limit: _Limit | None, *, trial: bool
    ) -> _Taps | None:
        """One pass of :meth:`solve`'s run (``limit``: its bound on value, as :meth:`_fits` reads it), from
        the moves the search has taken so far, within the limits; with ``trial``, at most
        :data:`_TRIAL_MOVES` moves and never past :attr:`limit`, past which :class:`_TrialOverError` ends
        it (the moves it took counted, the one that would pass not taken)."""
        budget = self.limit - self.search.moves
        stop = min(self.search.moves + _TRIAL_MOVES, self.limit) if trial else self.limit
        bounded = limit is not None
        frontier: dict[tuple[int, ...], tuple[int, object]] = {self.start: (0, None)}
        groups = self.search.groups
        # a surplus (from the pool, or from what specials make) is dropped before the sources that only tap
        clamped = not self.search.special and min(self.start) >= 0
        width = len(self.types)
        # each mana still needed is made by some later use: at least that much mana made and tied up
        per_mana = self._per_mana()
        value_limit = 0 if limit is None else limit[0]
        # with ``beyond``, the start goes once the specials are done: what follows from it uses sources that
        # just tap, whose best is known
        started = limit is None or not limit[1]
        reach = self._reach(skipped, plain=plain)
        needed = itemgetter(width)  # (the mana still needed in a state)
        for index in self.order:
            group = groups[index]
            special = group.members[0].special
            if special and plain:
                continue
            if not special and not started:
                frontier.pop(self.start, None)
                started = True
            if not special and not clamped:
                # no cost can take a surplus any more: only what is still open counts
                frontier = _clamped(frontier)
                clamped = True
            members = group.members[:-1] if index in skipped else group.members
            options = self.options[index]
            if not members or not options:
                continue
            each, after = reach[index]
            ceiling = after + each * len(members)
            merged = dict(frontier)
            # the states merged so far that the group's end keeps (those within what the later uses can make):
            # merged only grows, so once they pass the limit the group ends past it too, and declines
            kept = sum(1 for state in frontier if state[width] <= after)
            current = frontier
            room = self.room[index] if special else None
            # the state after each move, one table per option (looked up by the state alone)
            tables = self.moves[index] or self._move_tables(index, room)
            inline = room is None and not self.feeding  # the common case, worked out inline
            for member in members:
                taking = len(current) * len(options)
                self.search.moves += taking
                if self.search.moves > stop:
                    if not trial:
                        raise self._declined(skipped, plain, budget, limit)
                    # (the trial ends, at its moves or the limit: these moves are not taken, and the run's
                    # extent decides whether it goes on)
                    self.search.moves -= taking
                    raise _TrialOverError
                self.search.problem.check_time()
                ceiling -= each  # (the most mana the later uses can still make)
                weight = member.weight
                priced = [
                    (table, key, cost + weight, option)
                    # (one table per option; zip's strict costs a keyword parse on each call)
                    for table, (key, cost, option) in zip(tables, options)  # noqa: B905
                ]
                step: dict[tuple[int, ...], tuple[int, object]] = {}
                for state, (value, chain) in current.items():
                    for table, key, price, option in priced:
                        new = table.get(state)
                        if new is None:
                            if inline:
                                cover, total = key
                                assert isinstance(cover, tuple) and isinstance(total, int)
                                new = (*map(_minus, state, cover), max(0, state[-1] - total))
                            else:
                                new = self._move(state, key, room)
                            if len(table) >= _MOVES_PER_TABLE:
                                table.clear()  # (a table's bound: see _MOVES)
                            table[state] = new
                        if new == state or new[width] > ceiling:
                            continue
                        candidate = value + price
                        if bounded and (
                            candidate + (new[width] if new[width] > 0 else 0) * per_mana > value_limit
                        ):
                            continue
                        known = step.get(new)
                        if known is None or candidate < known[0]:
                            step[new] = (candidate, (chain, member, option))
                if not step:
                    break
                for state, entry in step.items():
                    known = merged.get(state)
                    if known is None:
                        merged[state] = entry
                        kept += state[width] <= after
                    elif entry[0] < known[0]:
                        merged[state] = entry
                if kept > _MAX_STATES:
                    raise self._declined(skipped, plain, budget, limit)  # (as the group's end would)
                current = step
            # (the states still needing more than the uses after it can make go: looked for at C speed first,
            # as most groups leave none)
            frontier = (
                {state: entry for state, entry in merged.items() if state[width] <= after}
                if max(map(needed, merged), default=0) > after
                else merged
            )
            if len(frontier) > _MAX_STATES:
                raise self._declined(skipped, plain, budget, limit)
        if not started:
            frontier.pop(self.start, None)
        if not clamped:
            frontier = _clamped(frontier)
        done = (0,) * (len(self.types) + 1)
        ends = [frontier.get((*done, *feed)) for feed in (((0,), (2,)) if self.feeding else ((),))]
        goal = min((end for end in ends if end is not None), default=None, key=lambda end: end[0])
        if goal is None:
            return None
        taps: list[tuple[_Source, _Option]] = []
        link = goal[1]
        while link is not None:
            assert isinstance(link, tuple)
            link, member, option = link
            taps.append((member, option))
        return tuple(taps)

    def _declined(
        self, skipped: frozenset[int], plain: bool, budget: int, limit: _Limit | None
    ) -> _DeclinedError:
        """The error of a run that passed a limit with ``budget`` moves left at its start (``limit``: its
        bound on value, as :meth:`_fits` reads it): :class:`_PastItsExtentError` when its extent said it
        fits (never, unless the extent is wrong)."""
        fits = self._fits(skipped, plain=plain, budget=budget, limit=limit)
        return _PastItsExtentError() if fits else _DeclinedError()

    def _fits(
        self, skipped: frozenset[int], *, plain: bool, budget: int, limit: _Limit | None = None
    ) -> bool:
        """Whether :meth:`solve` surely keeps within its limits (``budget`` moves, what :attr:`limit`
        leaves of the search's at the run's start, and :data:`_MAX_STATES` states): :meth:`_coarse_fit` or
        :meth:`_extent` within them. Decided before the run (a bounded run's after its trial), from counts,
        with what is left of the budget then; a run that does not fit is declined at once, and one that fits
        never passes a limit (:class:`_PastItsExtentError` says so if it did). ``limit``: a bounded run's
        bound on a state's value (its bound, less 1 with ``beyond``), which its extent reads (:meth:`_rise`);
        None without a bound.

        Skipping members only takes states away (fewer uses, and states dropped sooner: what the later uses
        can make shrinks), and so does a bound, so the bounds with nothing skipped and no bound, the extent
        kept per start and plainness, bound every run too, and the run's own extent is worked out only when
        those do not fit."""
        if self._coarse_fit(plain=plain, budget=budget):
            return True
        key = (self.start, plain)
        whole = self.tables.extents.get(key)
        if whole is None:
            if len(self.tables.extents) >= _PROGRAMMES_LIMIT:
                self.tables.extents.clear()
            # (worked out up to the whole budget, whatever is spent: kept for the runs after)
            whole = self.tables.extents[key] = self._extent(_NOTHING, plain=plain, cap=_MAX_MOVES)
        if whole[0] <= budget and whole[1] <= _MAX_STATES:
            return True
        if not skipped and limit is None:
            return False
        moves, states = self._extent(skipped, plain=plain, cap=budget, limit=limit)
        return moves <= budget and states <= _MAX_STATES

    def _coarse_fit(self, *, plain: bool, budget: int) -> bool:
        """True when a quick look says the run with nothing skipped (and so every run: see :meth:`_fits`)
        keeps within ``budget`` moves and :data:`_MAX_STATES` states; False says nothing. In time linear in
        the state's parts: what it reads of the groups is kept with the tables (:meth:`_spread`).

        Every part of a state lies between the least of its start and the groups' floors (a move raises it
        to its floor) and the most of those raised by every use's largest rise, so the states number at most
        the box of those ranges times the feeding values, and the moves at most that times every use. Those
        two counts are kept per start and plainness with the tables (a warm question's runs look them up)."""
        key = (self.start, plain)
        known = self.tables.coarse.get(key)
        if known is None:
            floor, top, rise, uses = self._spread(plain)
            states: int = math.prod(
                max(b, t) + r - min(b, f) + 1
                for b, f, t, r in zip(self.start, floor, top, rise, strict=False)
            )
            states *= 3 if self.feeding else 1
            if len(self.tables.coarse) >= _PROGRAMMES_LIMIT:
                self.tables.coarse.clear()
            known = self.tables.coarse[key] = (states, states * uses)
        return known[0] <= _MAX_STATES and known[1] <= budget

    def _spread(self, plain: bool) -> _Spread:
        """What :meth:`_coarse_fit` reads of the groups a run with nothing skipped uses, whatever the start:
        per part of a state but feeding, the least floor and the most top floor of their options, the most
        all their members together raise it, and their uses (members times options); kept per plainness with
        the tables (:attr:`_ProgrammeTables.spreads`). Without a group used, the floors are past any start
        (so that the start alone counts)."""
        known = self.tables.spreads.get(plain)
        if known is not None:
            return known
        width = len(self.types)
        groups = self.search.groups
        floor, top = [_FAR] * (width + 1), [-_FAR] * (width + 1)
        rise = [0] * (width + 1)
        uses = 0
        for index in self.order:
            members = len(groups[index].members)
            if (plain and groups[index].members[0].special) or not self.options[index]:
                continue
            _, most, lows, tops, _, _ = self._part_bounds(index)
            floor = list(map(min, floor, lows))
            top = list(map(max, top, tops))
            rise = [r + members * max(c, 0) for r, c in zip(rise, most, strict=True)]
            uses += members * len(self.options[index])
        found = self.tables.spreads[plain] = (tuple(floor), tuple(top), tuple(rise), uses)
        return found

    def _extent(
        self, skipped: frozenset[int], *, plain: bool, cap: int, limit: _Limit | None = None
    ) -> tuple[int, int]:
        """Upper bounds on the moves :meth:`solve` takes (with ``limit``, a bounded run's bound on a state's
        value: see :meth:`_fits`) and on the states it holds at a group's end or keeps within a group, from
        counts alone, in time linear in the uses; past ``cap`` moves or :data:`_MAX_STATES` states it stops
        with what it has counted.

        The states are held as boxes, one per value of the feeding part (one box without feeding): each
        other part (the demand open per type, the mana still needed) lies in a range. A move adds its
        change to a part and raises it to a floor, so after ``k`` uses of a group a part lies between
        ``max(low + k * least change, least floor)`` and its high end moved likewise, and the mana still
        needed never above what the later uses can make (the programme drops such states); the feeding part
        goes to the values its floors allow. The states after ``k`` uses number at most their box times
        those values, and at most those before times the options; the moves are the states before each use
        times the options, as :meth:`solve` counts them. With a bound, a box also holds the least a state's
        value plus the least cost of the mana it still needs can be, which each use raises by at least its
        group's :meth:`_rise`: a box past ``limit`` holds no state (the bounded run drops them all)."""
        groups = self.search.groups
        width = len(self.types)
        reach = self._reach(skipped, plain=plain)
        feed = self.start[width + 1] if self.feeding else 0
        # (with a bound: the start's value is 0, and the mana it needs costs per_mana each at least)
        least = max(self.start[width], 0) * self._per_mana() if limit is not None else 0
        boxes: dict[tuple[int, int], _Box] = {
            (feed, least): (self.start[: width + 1], self.start[: width + 1], 1, least)
        }
        grid = self._grid(plain)
        moves, most = 0, 1
        clamped = not self.search.special and min(self.start) >= 0
        started = limit is None or not limit[1]
        for index in self.order:
            group = groups[index]
            special = group.members[0].special
            members = len(group.members) - (index in skipped)
            if (plain and special) or not self.options[index] or members <= 0:
                continue
            if not special and not started:
                started = True
                # (as the run drops its start here: the box of the start alone goes, where it is kept apart)
                alone = (self.start[: width + 1], self.start[: width + 1], 1, least)
                if boxes.get((feed, least)) == alone:
                    del boxes[(feed, least)]
            if not special and not clamped:
                clamped = True
                boxes = {
                    key: (tuple(max(v, 0) for v in low), tuple(max(v, 0) for v in high), count, valued)
                    for key, (low, high, count, valued) in boxes.items()
                }
            bounds = self._part_bounds(index)
            each, after = reach[index]
            rise = None if limit is None else (self._rise(index), limit[0])
            ends: dict[tuple[int, int], list[_Box]] = {}
            for key, box in boxes.items():
                ends.setdefault(key, []).append(box)
                targets = frozenset(max(key[0], f) for f in bounds[4]) or frozenset((key[0],))
                uses = (members, len(self.options[index]), each, after)
                moves += self._uses(box, bounds, uses, (targets, grid, rise), ends)
                if moves > cap:
                    return moves, most
            boxes = _boxes_after(ends, after, grid)
            most = max(most, sum(box[2] for box in boxes.values()))
            if most > _MAX_STATES:
                return moves, most
        return moves, most

    def _uses(
        self,
        box: _Box,
        bounds: _PartBounds,
        uses: tuple[int, int, int, int],
        reached: tuple[frozenset[int], _Grid, tuple[int, int] | None],
        ends: dict[tuple[int, int], list[_Box]],
    ) -> int:
        """:meth:`_extent`'s count for one box through one group's uses: the moves, with the box after each
        number of uses added to ``ends`` under each feeding value it may take; ``uses``: the group's
        members, options, the most one use lowers the mana still needed and what the uses after the group
        can make; ``reached``: the feeding values the uses may lead to, the values each other part may
        take (:meth:`_grid`), and with a bound, the least a use raises a state's value with the cost of the
        mana it still needs (:meth:`_rise`) and the bound on that."""
        least, most_change, floor, top, _, _ = bounds
        targets, grid, bounded = reached
        members, options, each, after = uses
        width = len(self.types)
        ceiling = after + each * members
        low, high, current, valued = box
        moves = 0
        for used in range(1, members + 1):
            moves += current * options
            ceiling -= each
            if bounded is not None:
                valued += bounded[0]
                if valued > bounded[1]:
                    break  # (every state after this use is past the bound: the run drops them)
            at_low = tuple(max(v + used * c, f) for v, c, f in zip(low, least, floor, strict=True))
            at_high = [
                (max(v, f) + used * c) if c > 0 else max(v + used * c, f)
                for v, c, f in zip(high, most_change, top, strict=True)
            ]
            at_high[width] = min(at_high[width], ceiling)
            if any(a > b for a, b in zip(at_low, at_high, strict=True)):
                break
            spans = _on_grid(at_low, at_high, grid)
            current = min(spans * len(targets), current * options)
            for value in targets:
                ends.setdefault((value, valued), []).append(
                    (at_low, tuple(at_high), min(current, spans), valued)
                )
        return moves

    def _per_mana(self) -> int:
        """The least a bounded run counts each mana a state still needs at (:meth:`solve`): each is made by
        some later use, at least that much mana made and tied up."""
        return self.search.mana_base + packed_unit(self.search.problem.permanents)

    def _rise(self, index: int) -> int:
        """The least one use of the group raises a state's value plus the least cost of the mana it still
        needs (:meth:`_per_mana` each), what a bounded run keeps within its bound: the use's price (its
        option's cost and its member's weight, the least for the group's first member: members are used
        lowest rank first) less what it lowers the mana still needed by at most (a special's net, another's
        total: the second part of its key, :meth:`_move`), times the cost of each. May be negative."""
        per_mana = self._per_mana()
        rises = []
        for key, cost, _ in self.options[index]:
            lowered = key[1]
            assert isinstance(lowered, int)
            rises.append(cost - max(lowered, 0) * per_mana)
        return self.search.groups[index].members[0].weight + min(rises)

    def _part_bounds(self, index: int) -> _PartBounds:
        """A group's options as :meth:`_extent` reads them: per part of a state but feeding, the least and
        the most change and floor, the floors of the feeding part (empty without feeding), and per part the
        greatest common divisor of the changes (0 when none changes it).

        As :meth:`_move` has it: a special adds what it takes and subtracts what it makes (the typed parts
        its change, the mana still needed its net), floored at its surplus bound; another source subtracts
        what it covers and its total, floored at 0; feeding is raised to 1 after an ability that costs
        mana and to 2 after one that doesn't (to 2 after a source that makes mana, else left)."""
        known = self.tables.part_bounds.get(index)
        if known is None:
            room = self.room[index] if self.search.groups[index].members[0].special else None
            changes: list[tuple[int, ...]] = []
            lows: list[tuple[int, ...]] = []
            feeding: set[int] = set()
            for key, _, _ in self.options[index]:
                if room is not None:
                    change, net, costly = key
                    assert isinstance(change, tuple) and isinstance(net, int)
                    changes.append((*change, -net))
                    lows.append(tuple(-bound for bound in room))
                    feeding.add(1 if costly else 2)
                else:
                    cover, total = key
                    assert isinstance(cover, tuple) and isinstance(total, int)
                    changes.append((*(-amount for amount in cover), -total))
                    lows.append((0,) * (len(cover) + 1))
                    feeding.add(2 if total > 0 else 0)
            columns, floors = list(zip(*changes, strict=True)), list(zip(*lows, strict=True))
            known = self.tables.part_bounds[index] = (
                tuple(map(min, columns)),
                tuple(map(max, columns)),
                tuple(map(min, floors)),
                tuple(map(max, floors)),
                frozenset(feeding),
                tuple(math.gcd(*column) for column in columns),
            )
        least, most, floor, top, feeds, steps = known
        return least, most, floor, top, (feeds if self.feeding else frozenset()), steps

    def _grid(self, plain: bool) -> _Grid:
        """Per part of a state but feeding, the values it may take in a run with nothing skipped (and so in
        every run: skipping takes changes and floors away): a move adds its change or sets the part to its
        floor, and clamping sets it to 0 or leaves it, so every value is the start, a floor or 0, plus a
        multiple of the greatest common divisor of the changes (the step). What it reads of the groups is
        kept per plainness with the tables (:attr:`_ProgrammeTables.grids`).

        A group's options share one floor (its surplus bound, or 0), so its least and most floor are all.
        """
        known = self.tables.grids.get(plain)
        if known is None:
            groups = self.search.groups
            width = len(self.types)
            steps, floors = [0] * (width + 1), [{0} for _ in range(width + 1)]
            for index in self.order:
                if (plain and groups[index].members[0].special) or not self.options[index]:
                    continue
                _, _, floor, top, _, step = self._part_bounds(index)
                steps = list(map(math.gcd, steps, step))
                for part in range(width + 1):
                    floors[part].update((floor[part], top[part]))
            known = self.tables.grids[plain] = tuple(zip(steps, map(frozenset, floors), strict=True))
        return tuple(
            (step, frozenset(value % step for value in (start, *values)) if step > 1 else frozenset())
            for (step, values), start in zip(known, self.start, strict=False)
        )

    def _reach(self, skipped: frozenset[int], *, plain: bool) -> dict[int, tuple[int, int]]:
        """Per group: the most one of its members lowers the mana still needed, and the most the groups
        after it (in :attr:`order`, as :meth:`solve` uses them) lower it together.

        A state still needing more mana than the uses after it can make never reaches the goal (a use lowers
        the need by at most its option's total, a special's by at most its net), so :meth:`solve` drops it:
        with a cost near what the board makes, only the few states within that slack are kept."""
        key = (skipped, plain)
        known = self.tables.reaches.get(key)
        if known is not None:
            return known
        groups = self.search.groups
        most = self.tables.reach
        reach: dict[int, tuple[int, int]] = {}
        after = 0
        for index in reversed(self.order):
            group = groups[index]
            if plain and group.members[0].special:
                continue
            members = len(group.members) - (index in skipped)
            each = most[index]
            reach[index] = (each, after)
            after += each * members
        if len(self.tables.reaches) >= _PROGRAMMES_LIMIT:
            self.tables.reaches.clear()
        self.tables.reaches[key] = reach
        return reach


#: The dynamic programme's moves, kept across questions: the state after a move is a pure function of the
#: state, the move's key, the surplus bound and whether feeding is tracked (:meth:`_Programme._move`), all
#: numbers, so one table per (bound, feeding, key) holds it by state; at most 128 tables, each emptied when
#: it is handed out, or about to take a state, holding :data:`_MOVES_PER_TABLE` states or more.
_MOVES: KeptMap[tuple[object, ...], dict[tuple[int, ...], tuple[int, ...]]] = KeptMap(
    f"{__name__}._MOVES", maxsize=128
)
_MOVES_PER_TABLE = 4096


def _moves_table(
    room: tuple[int, ...] | None, feeding: bool, key: tuple[object, ...]
) -> dict[tuple[int, ...], tuple[int, ...]]:
    """The table of the states after a move (see :data:`_MOVES`), filled by the programme as it goes.

    >>> from models.kept import CACHING
    >>> table = _moves_table(None, False, ((1,), 1))
    >>> table[(2, 3)] = (1, 2)
    >>> _moves_table(None, False, ((1,), 1)).get((2, 3)) == ((1, 2) if CACHING else None)
    True
    """
    whole = (room, feeding, key)
    found = _MOVES.get(whole)
    if found is None:
        found = {}
        _MOVES.put(whole, found)
    elif len(found) > _MOVES_PER_TABLE:
        found.clear()
    return found


def _most_lowered(moves: Sequence[_Move]) -> int:
    """The most one of the moves lowers the mana still needed: a special's net, another's total (the second
    part of its key: see :meth:`_Programme._move`), 0 when none lowers it.

    >>> _most_lowered([(((1,), 2), 0, None), (((0,), 3), 0, None), (((0,), -1, True), 0, None)])
    3
    """
    most = 0
    for key, _, _ in moves:
        amount = key[1]
        # (compared inline: Python 3.11's max parses keywords on every call)
        if isinstance(amount, int) and amount > most:
            most = amount
    return most


def _clamped(
    frontier: dict[tuple[int, ...], tuple[int, object]],
) -> dict[tuple[int, ...], tuple[int, object]]:
    """The frontier with surpluses dropped (negative parts of states set to 0), the best entry per state."""
    result: dict[tuple[int, ...], tuple[int, object]] = {}
    for state, entry in frontier.items():
        key = tuple(value if value > 0 else 0 for value in state)
        known = result.get(key)
        if known is None or entry[0] < known[0]:
            result[key] = entry
    return result


def _on_grid(low: Iterable[int], high: Iterable[int], grid: _Grid) -> int:
    """How many states a box holds (each part from ``low`` to ``high``) whose parts lie on the grid
    (:meth:`_Programme._grid`: a value's residue modulo the step one of those given, any value where the step
    is 1 or less).

    >>> # (0, 2, ..., 10) times (-3, -2, 1, 2)
    >>> _on_grid((0, -3), (10, 4), ((2, frozenset({0})), (4, frozenset({1, 2}))))
    24
    >>> _on_grid((0, 5), (3, 4), ((1, frozenset()), (1, frozenset())))
    0
    """
    count = 1
    for a, b, (step, residues) in zip(low, high, grid, strict=True):
        if b < a:
            return 0
        if step > 1:
            count *= sum((b - r) // step - (a - 1 - r) // step for r in residues)
        else:
            count *= b - a + 1
    return count


#: The most boxes :meth:`_Programme._extent` keeps apart per feeding value (by the least value of their
#: states, with a bound); past it the boxes of the greatest least values are merged into one.
_MAX_BOXES = 16


def _boxes_after(
    ends: dict[tuple[int, int], list[_Box]], after: int, grid: _Grid
) -> dict[tuple[int, int], _Box]:
    """The boxes of :meth:`_Programme._extent` at a group's end, from those after each number of uses
    (``ends``, by feeding value and least value): those of one key merged into one (each part from the least
    of their lows to the most of their highs, the mana still needed at most ``after``, the states at most
    their sum and the merged box's on the grid), at most :data:`_MAX_BOXES` kept per feeding value (the rest
    merged into one with the least of their least values)."""
    if not ends:
        return {}
    width = len(next(iter(ends.values()))[0][0]) - 1
    by_feed: dict[int, list[tuple[int, list[_Box]]]] = {}
    for (value, valued), found in ends.items():
        by_feed.setdefault(value, []).append((valued, found))
    boxes: dict[tuple[int, int], _Box] = {}
    for value, keyed in by_feed.items():
        keyed.sort(key=itemgetter(0))
        if len(keyed) > _MAX_BOXES:
            rest = [box for _, found in keyed[_MAX_BOXES - 1 :] for box in found]
            keyed = [*keyed[: _MAX_BOXES - 1], (keyed[_MAX_BOXES - 1][0], rest)]
        for valued, found in keyed:
            low = tuple(map(min, *(box[0] for box in found))) if len(found) > 1 else found[0][0]
            high = list(map(max, *(box[1] for box in found))) if len(found) > 1 else list(found[0][1])
            high[width] = min(high[width], after)
            count = min(sum(box[2] for box in found), _on_grid(low, high, grid))
            if count:
                boxes[(value, valued)] = (low, tuple(high), count, valued)
    return boxes


def _minus(have: int, take: int) -> int:
    return have - take if have > take else 0
