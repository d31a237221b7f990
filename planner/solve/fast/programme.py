"""The dynamic programme over the demand still open, for boards the greedy does not settle."""

from __future__ import annotations

import math
from collections.abc import Sequence
from operator import itemgetter
from typing import TYPE_CHECKING

from models.kept import KeptMap
from planner.solve.fast.kinds import _Move, _Option
from planner.solve.fast.search import _DeclinedError, _Search
from planner.solve.fast.sources import _PROGRAMMES_LIMIT, _ProgrammeTables, _Source, _Taps
from planner.solve.objective import (
    packed_unit,
)

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    #: The walk's states, one per row (:meth:`_Programme._walk`).
    _States = npt.NDArray[np.int64]

#: The most states the dynamic programme keeps before the fast path declines (CP-SAT answers).
_MAX_STATES = 4096
#: The most transitions (state times option) the dynamic programme tries in one fast-path call, a bound on its
#: time (about a tenth of a second); past it CP-SAT answers (a cost of {114} on 160 permanents).
_MAX_MOVES = 150_000


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
                    key = (tuple(o.pays[t] - o.counts[t] for t in self.types), o.net, o.net < o.total)
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
            if search.moves + each * (1 + search.pending) > _MAX_MOVES:
                raise _DeclinedError
        search.runs += 1
        if bound is None and self._surely_too_long(skipped, plain=plain, beyond=beyond):
            raise _DeclinedError  # (what the programme would do, after a tenth of a second or more)
        frontier: dict[tuple[int, ...], tuple[int, object]] = {self.start: (0, None)}
        groups = self.search.groups
        # a surplus (from the pool, or from what specials make) is dropped before the sources that only tap
        clamped = not self.search.special and min(self.start) >= 0
        width = len(self.types)
        # each mana still needed is made by some later use: at least that much mana made and tied up
        per_mana = self.search.mana_base + packed_unit(self.search.problem.permanents)
        bounded = bound is not None
        limit = 0 if bound is None else bound - beyond
        # with ``beyond``, the start goes once the specials are done: what follows from it uses sources that
        # just tap, whose best is known
        started = not beyond
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
                self.search.moves += len(current) * len(options)
                if self.search.moves > _MAX_MOVES:
                    raise _DeclinedError
                self.search.problem.check_time()
                ceiling -= each  # (the most mana the later uses can still make)
                weight = member.weight
                priced = [
                    (table, key, cost + weight, option)
                    for table, (key, cost, option) in zip(tables, options, strict=True)
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
                        if bounded and candidate + max(new[width], 0) * per_mana > limit:
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
                    raise _DeclinedError  # (what the group's end would do: see ``kept``)
                current = step
            # (the states still needing more than the uses after it can make go: looked for at C speed first,
            # as most groups leave none)
            frontier = (
                {state: entry for state, entry in merged.items() if state[width] <= after}
                if max(map(needed, merged), default=0) > after
                else merged
            )
            if len(frontier) > _MAX_STATES:
                raise _DeclinedError
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

    def _surely_short(self, skipped: frozenset[int], *, plain: bool) -> bool:
        """True when the states take so few values that the programme rarely passes its limits, and
        :meth:`_walk` is not worth its cost; at most that many values times the uses are counted (every
        group, those a plain run passes by too). A guide to when to walk, never a reason to decline (the
        programme may still pass its limits, and then declines itself).

        The mana still needed, one part of a state, lies between the least of the start, 0 and the specials'
        floors, and the start raised by what every special member could take more than it makes (the other
        parts are not counted). Where no special is used (a plain run, or none on the board), each state is
        counted, and fewer: the mana still needed lies, at any point of the run, between the start less what
        the uses before it can make and what the uses after it can make (a state needing more is dropped), a
        span of the slack (what all the uses make, less the start) and one; each open type between 0 and its
        start; the feeding part one of two."""
        width = len(self.types)
        start = self.start[width]
        floor, raised, uses = self._spans(skipped)
        states: int = start + raised - min(start, 0, floor) + 1
        budget: int = _MAX_MOVES - self.search.moves
        if plain or not self.search.special:
            made, uses = self._made_and_used(skipped, plain=plain)
            typed = math.prod(max(part, 0) + 1 for part in self.start[:width])
            # (the start, and then states fed by some use: feeding's other value)
            states = min(states, (max(made - start, 0) + 1) * typed + 1)
        return states <= _MAX_STATES and uses * states <= budget

    def _spans(self, skipped: frozenset[int]) -> tuple[int, int, int]:
        """What :meth:`_surely_short` reads of the groups, whatever the start: the least of the specials'
        floors (0 without one), the most all special members together raise the mana still needed (what an
        option takes more than it makes, per use), and the uses counted (members times options); kept per
        skipped groups with the tables (:attr:`_ProgrammeTables.spans`), as :meth:`_reach` is."""
        known = self.tables.spans.get(skipped)
        if known is not None:
            return known
        groups = self.search.groups
        width = len(self.types)
        floor, raised, uses = 0, 0, 0
        for index in self.order:
            options = self.options[index]
            members = len(groups[index].members) - (1 if index in skipped else 0)
            if not options or members <= 0:
                continue
            if groups[index].members[0].special:
                floor = min(floor, -self.room[index][width])
                taken = 0  # (the most one use raises the value: what an option takes more than it makes)
                for key, _, _ in options:
                    amount = key[1]
                    assert isinstance(amount, int)
                    taken = max(taken, -amount)
                raised += members * taken
            uses += members * len(options)
        if len(self.tables.spans) >= _PROGRAMMES_LIMIT:
            self.tables.spans.clear()
        found = self.tables.spans[skipped] = (floor, raised, uses)
        return found

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

    def _made_and_used(self, skipped: frozenset[int], *, plain: bool) -> tuple[int, int]:
        """What all the uses of a run lower the mana still needed by at most, together (:meth:`_reach` at the
        first group the run uses), and the uses of the groups that are not specials (members times
        options)."""
        reach = self._reach(skipped, plain=plain)
        groups = self.search.groups
        made, uses = 0, 0
        for index in self.order:
            if index not in reach or groups[index].members[0].special:
                continue
            members = len(groups[index].members) - (index in skipped)
            if not made:
                each, after = reach[index]
                made = after + each * members
            uses += members * len(self.options[index])
        return made, uses

    def _surely_too_long(self, skipped: frozenset[int], *, plain: bool, beyond: bool) -> bool:
        """True when :meth:`solve` without a bound would pass its limits (:data:`_MAX_MOVES`,
        :data:`_MAX_STATES`) and decline: decided before the programme runs, at a small part of its cost
        (issue 41: a 1,000-permanent board took half a second to decline).

        Without a bound nothing is pruned by value, so the states the programme holds depend on the states
        alone, never on their values: :meth:`_walk` follows them and counts what :meth:`solve` counts. When
        the mana still needed can take few values (:meth:`_surely_short`), the walk is not worth its cost."""
        if self._surely_short(skipped, plain=plain):
            return False
        return self._walk(skipped, plain=plain, beyond=beyond) is True

    def _walk(self, skipped: frozenset[int], *, plain: bool, beyond: bool) -> bool | None:
        """Whether :meth:`solve` without a bound passes its limits (True) or not (False), by following its
        states without their values; None when the states' range is too wide to number them in one integer
        (then the programme runs, and declines itself if it must).

        It is :meth:`solve`'s loop over groups and members on an array of states: a move of either kind is,
        part by part, the state plus a change raised to a floor (:meth:`_changes_and_floors`), so one
        member's moves from every state are two array operations; the same moves are dropped (those that
        change nothing, those past the ceiling), the same states merged and clamped, the same limits
        counted."""
        import numpy as np  # (here alone: most runs never need it, and the fast commands start without it)

        groups = self.search.groups
        width = len(self.types)
        used = [
            index
            for index in self.order
            if self.options[index]
            and len(groups[index].members) > (index in skipped)
            and not (plain and groups[index].members[0].special)
        ]
        moves = {index: self._changes_and_floors(index) for index in used}
        # every state lies between these, part by part: number them in one integer
        start = np.array(self.start, dtype=np.int64)
        low, high = np.minimum(start, 0), np.maximum(start, 0)
        rise = np.zeros_like(start)
        for index in used:
            change, floor = moves[index]
            low = np.minimum(low, floor.min(axis=(0, 1)))
            high = np.maximum(high, floor.max(axis=(0, 1)))
            rise += len(groups[index].members) * np.maximum(change.max(axis=(0, 1)), 0)
        spans = [int(span) for span in np.maximum(high, start + rise) - low + 1]
        if math.prod(spans) >= 1 << 62:
            return None
        radix = np.array([math.prod(spans[part + 1 :]) for part in range(len(spans))], dtype=np.int64)

        def distinct(states: _States) -> _States:
            _, first = np.unique((states - low) @ radix, return_index=True)
            return states[first]

        budget = _MAX_MOVES - self.search.moves
        frontier = start[None, :]
        clamped = not self.search.special and min(self.start) >= 0
        started = not beyond
        reach = self._reach(skipped, plain=plain)
        for index in used:
            special = groups[index].members[0].special
            if not special and not started:
                frontier = frontier[(frontier != start).any(axis=1)]
                started = True
            if not special and not clamped:
                frontier = distinct(np.maximum(frontier, 0))
                clamped = True
            members = len(groups[index].members) - (index in skipped)
            change, floor = moves[index]
            each, after = reach[index]
            ceiling = after + each * members
            reached = [frontier]
            current = frontier
            for _ in range(members):
                budget -= len(current) * len(change)
                if budget < 0:
                    return True
                ceiling -= each
                moved = np.maximum(current[None, :, :] + change, floor)
                kept = (moved != current[None, :, :]).any(axis=2) & (moved[:, :, width] <= ceiling)
                if not kept.any():
                    break
                current = distinct(moved[kept])
                reached.append(current)
            merged = distinct(np.concatenate(reached)) if len(reached) > 1 else frontier
            frontier = merged[merged[:, width] <= after]
            if len(frontier) > _MAX_STATES:
                return True
        return False

    def _changes_and_floors(self, index: int) -> tuple[_States, _States]:
        """A group's options as the walk's moves (:meth:`_walk`): per option, the change to each part of a
        state and the floor it is raised to, arrays of shape (options, 1, parts).

        As :meth:`_move` has it: a special adds what it takes and subtracts what it makes (the typed parts
        its change, the mana still needed its net), floored at its surplus bound; another source subtracts
        what it covers and its total, floored at 0; the feeding part, unchanged, is raised to 1 after an
        ability that costs mana and to 2 after one that doesn't (to 2 after a source that makes mana)."""
        import numpy as np

        special = self.search.groups[index].members[0].special
        room = self.room[index] if special else None
        changes, floors = [], []
        for key, _, _ in self.options[index]:
            if room is not None:
                change, net, costly = key
                assert isinstance(change, tuple) and isinstance(net, int)
                row, low, feed = [*change, -net], [-bound for bound in room], 1 if costly else 2
            else:
                cover, total = key
                assert isinstance(cover, tuple) and isinstance(total, int)
                row, low, feed = (
                    [*(-amount for amount in cover), -total],
                    [0] * len(cover) + [0],
                    2 * (total > 0),
                )
            if self.feeding:
                row.append(0)
                low.append(feed)
            changes.append(row)
            floors.append(low)
        return np.array(changes, dtype=np.int64)[:, None, :], np.array(floors, dtype=np.int64)[:, None, :]


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
    return max(
        (amount for (_, amount, *_), _, _ in moves if isinstance(amount, int) and amount > 0), default=0
    )


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


def _minus(have: int, take: int) -> int:
    return have - take if have > take else 0
