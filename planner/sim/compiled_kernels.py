"""The compiled part of :mod:`planner.sim.compiled_turn` (numba, imported only when a planned goldfish
plays a deck the compiled search covers, so that other commands start without it): the turn search over a
deck's arrays. Mana units and demands are two arrays each (type mask; the epoch a unit arrives in or a
symbol is cast in) with a count; a plan's key is an int64 array compared lexicographically. Each payment is
a maximum bipartite matching (Kuhn's algorithm with breadth-first augmenting paths).
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

__all__ = ["best_turn_arrays", "castable_after", "events_paid", "option_units", "payable"]


@njit(cache=True)
def _matched(
    unit_mask: Any,
    unit_epoch: Any,
    units: int,
    demand_mask: Any,
    demand_epoch: Any,
    demands: int,
    scratch: Any,
) -> int:
    """The size of a maximum matching of demands to fitting units (a unit fits a demand when their masks
    meet and the unit arrives no later than the demand is cast). ``scratch`` is five rows of working room,
    each at least as long as the units and the demands (allocated once per turn, not per matching)."""
    owner = scratch[0]  # unit -> demand
    holds = scratch[1]  # demand -> unit
    reached_from = scratch[2]
    seen = scratch[3]
    queue = scratch[4]
    owner[:units] = -1
    holds[:demands] = -1
    count = 0
    for start in range(demands):
        seen[:units] = 0
        head, tail = 0, 1
        queue[0] = start
        free = -1
        while head < tail and free < 0:
            d = queue[head]
            head += 1
            for u in range(units):
                if seen[u] or not (unit_mask[u] & demand_mask[d]) or unit_epoch[u] > demand_epoch[d]:
                    continue
                seen[u] = 1
                reached_from[u] = d
                if owner[u] < 0:
                    free = u
                    break
                queue[tail] = owner[u]
                tail += 1
        if free < 0:
            continue
        u = free
        while True:  # (flip the path back to the start)
            d = reached_from[u]
            before = holds[d]
            owner[u] = d
            holds[d] = u
            if d == start:
                break
            u = before
        count += 1
    return count


@njit(cache=True)
def payable(
    unit_mask: Any,
    unit_epoch: Any,
    units: int,
    demand_mask: Any,
    demand_epoch: Any,
    demands: int,
    scratch: Any,
) -> bool:
    return demands <= units and (
        _matched(unit_mask, unit_epoch, units, demand_mask, demand_epoch, demands, scratch) == demands
    )


@njit(cache=True)
def _greater(a: Any, b: Any) -> bool:
    for i in range(a.shape[0]):
        if a[i] != b[i]:
            return bool(a[i] > b[i])
    return False


@njit(cache=True)
def _best_plain(
    rest: Any,
    rest_count: int,
    unit_mask: Any,
    unit_epoch: Any,
    units: int,
    demand_mask: Any,
    demand_epoch: Any,
    demands: int,
    epoch: int,
    value_of: Any,
    demand: Any,
    demand_len: Any,
    out: Any,
    scratch: Any,
    room_rows: Any,
    frames: Any,
) -> int:
    """:func:`planner.sim.turn_search._best_plain` without Phyrexian symbols or cost changes: the spells
    chosen written to ``out`` (the chosen ones in search order, then the free ones), their count returned.
    ``rest`` is sorted; ``demand_mask`` and ``demand_epoch`` have room past ``demands`` for the search;
    ``room_rows`` (five rows) and ``frames`` (the search's, five columns) are working room at least as long as
    ``rest`` (and two more frames), allocated once per turn, not per call."""
    room = units - demands
    order, free, suffix, best, chosen = room_rows[0], room_rows[1], room_rows[2], room_rows[3], room_rows[4]
    # (the spells that fit the room, sorted; those with a cost by mana value, most first, stably: an
    # insertion sort that moves a spell only past spells of less value)
    placed = 0
    frees = 0
    for i in range(rest_count):
        kind = rest[i]
        if demand_len[kind] > room:
            continue
        if demand_len[kind] == 0:
            free[frees] = kind
            frees += 1
        else:
            at = placed
            while at > 0 and value_of[order[at - 1]] < value_of[kind]:
                order[at] = order[at - 1]
                at -= 1
            order[at] = kind
            placed += 1
    suffix[placed] = 0
    for i in range(placed - 1, -1, -1):
        suffix[i] = suffix[i + 1] + value_of[order[i]]
    best_value, best_count = 0, 0
    # frames of the search: (at, value, chosen count, demands so far, stage)
    depth = 1
    frames[0, 0], frames[0, 1], frames[0, 2], frames[0, 3], frames[0, 4] = 0, 0, 0, demands, 0
    while depth > 0:
        frame = frames[depth - 1]
        at, value, count, wanted, stage = frame[0], frame[1], frame[2], frame[3], frame[4]
        if stage == 0:
            if value > best_value or (value == best_value and -count > -best_count):
                best_value, best_count = value, count
                best[:count] = chosen[:count]
            if at == placed or value + suffix[at] < best_value:
                depth -= 1
                continue
            frame[4] = 1
            kind = order[at]
            more = wanted + demand_len[kind]
            if more <= units:
                for j in range(demand_len[kind]):
                    demand_mask[wanted + j] = demand[kind, j]
                    demand_epoch[wanted + j] = epoch
                if payable(unit_mask, unit_epoch, units, demand_mask, demand_epoch, more, scratch):
                    chosen[count] = kind
                    child = frames[depth]
                    child[0], child[1], child[2], child[3], child[4] = (
                        at + 1,
                        value + value_of[kind],
                        count + 1,
                        more,
                        0,
                    )
                    depth += 1
                    continue
        if stage <= 1:
            frame[4] = 2
            skip = at + 1
            while skip < placed and order[skip] == order[at]:
                skip += 1
            child = frames[depth]
            child[0], child[1], child[2], child[3], child[4] = skip, value, count, wanted, 0
            depth += 1
            continue
        depth -= 1
    out[:best_count] = best[:best_count]
    out[best_count : best_count + frees] = free[:frees]
    return best_count + frees


@njit(cache=True)
def _cover(
    unit_mask: Any,
    units: int,
    spells: Any,
    spell_count: int,
    colored: Any,
    colored_len: Any,
    weight: Any,
    scratch: Any,
    zeros: Any,
) -> int:
    """The colored symbols of the spells (each on its own, times its weight) the units could pay at once
    (``zeros``: at least as long as the units and a cost's colored symbols, all 0: every epoch)."""
    total = 0
    for i in range(spell_count):
        kind = spells[i]
        if weight[i] == 0:
            continue
        matched = _matched(unit_mask, zeros, units, colored[kind], zeros, colored_len[kind], scratch)
        total += weight[i] * matched
    return total


@njit(cache=True)
def events_paid(
    order: Any,
    length: int,
    start: int,
    unit_mask: Any,
    unit_epoch: Any,
    demand_mask: Any,
    demand_epoch: Any,
    demand: Any,
    demand_len: Any,
    units_of: Any,
    units_len: Any,
    scratch: Any,
) -> tuple[int, int]:
    """The events of ``order`` (its first ``length`` kinds) each paid when it is cast, after the ``start``
    units ready: the units and the demands written past them and their counts, or (-1, -1) when one is not
    payable."""
    units = start
    demands = 0
    for epoch in range(length):
        kind = order[epoch]
        for j in range(demand_len[kind]):
            demand_mask[demands] = demand[kind, j]
            demand_epoch[demands] = epoch
            demands += 1
        if not payable(unit_mask, unit_epoch, units, demand_mask, demand_epoch, demands, scratch):
            return -1, -1
        for j in range(units_len[kind]):
            unit_mask[units] = units_of[kind, j]
            unit_epoch[units] = epoch + 1
            units += 1
    return units, demands


@njit(cache=True)
def option_units(
    ready: Any, land: int, tapped: int, unit_mask: Any, unit_epoch: Any, info: Any, land_sources: Any
) -> int:
    """The units ready for an option (the ready mana, and the land's if it enters untapped and adds mana
    now) written to ``unit_mask`` and ``unit_epoch``, their count returned."""
    start = int(ready.shape[0])
    unit_mask[:start] = ready
    unit_epoch[:start] = 0
    if land >= 0 and tapped == 0 and info[land, 8]:
        for j in range(info[land, 5]):
            unit_mask[start] = land_sources[land, j]
            unit_epoch[start] = 0
            start += 1
    return start


@njit(cache=True)
def _cut(working: Any, at: int, size: int) -> tuple[Any, int]:
    """The ``size`` numbers of ``working`` from ``at`` (a view), and where the next row starts."""
    return working[at : at + size], at + size


@njit(cache=True)
def best_turn_arrays(
    ready: Any,
    spells: Any,
    options: Any,
    life: int,
    orders: Any,
    order_lengths: Any,
    info: Any,
    masks: Any,
) -> tuple[int, Any, Any]:
    """The best option's number, the kinds it casts and the kinds some plan of that option could cast
    (``info`` and ``masks``: :class:`CompiledTurns`'s arrays of the deck)."""
    role, value_of = info[:, 0], info[:, 1]
    demand_len, colored_len, units_len, land_sources_len = info[:, 2], info[:, 3], info[:, 4], info[:, 5]
    copies, types, castable_of = info[:, 6], info[:, 7], info[:, 9]
    demand, colored, units_of, land_sources = masks[0], masks[1], masks[2], masks[3]
    kinds = role.shape[0]
    spell_count = spells.shape[0]
    most_units = ready.shape[0] + land_sources.shape[1] + spell_count * units_of.shape[1] + 1
    most_demands = (spell_count + 1) * demand.shape[1] + 1
    castable = np.zeros(kinds, dtype=np.bool_)
    # the working room: one allocation of zeros cut into the rows below (an allocation each cost more than
    # the search of a small turn)
    n = max(spell_count, 1)
    widest = max(most_units, most_demands) + 1
    zeros_size = max(most_units, demand.shape[1])
    rows = 3 * most_units + 2 * most_demands + 8 * n + 2 * 10 + kinds + zeros_size
    working = np.zeros(rows + 5 * (n + 1) + 5 * (n + 2) + demand.shape[1] + 5 * widest, dtype=np.int64)
    at = 0
    unit_mask, at = _cut(working, at, most_units)
    unit_epoch, at = _cut(working, at, most_units)
    after, at = _cut(working, at, most_units)
    demand_mask, at = _cut(working, at, most_demands)
    demand_epoch, at = _cut(working, at, most_demands)
    rest, at = _cut(working, at, n)
    used, at = _cut(working, at, n)  # (0 or 1)
    plain, at = _cut(working, at, n)
    cast, at = _cut(working, at, n)
    best_cast, at = _cut(working, at, n)
    left, at = _cut(working, at, n)
    distinct, at = _cut(working, at, n)
    ones, at = _cut(working, at, n)
    ones[:] = 1
    best_key, at = _cut(working, at, 10)
    key, at = _cut(working, at, 10)
    every_kind, at = _cut(working, at, kinds)
    for i in range(kinds):
        every_kind[i] = i
    zeros, at = _cut(working, at, zeros_size)  # (every epoch 0)
    room_rows, at = _cut(working, at, 5 * (n + 1))  # (_best_plain's working room)
    frames, at = _cut(working, at, 5 * (n + 2))
    want_epoch, at = _cut(working, at, demand.shape[1])
    scratch, at = _cut(working, at, 5 * widest)  # (the matchings' room)
    room_rows, frames, scratch = (
        room_rows.reshape((5, n + 1)),
        frames.reshape((n + 2, 5)),
        scratch.reshape((5, widest)),
    )
    best_cast_count = 0
    best_option = -1
    for option in range(options.shape[0]):
        land, tapped, paid = options[option, 0], options[option, 1], options[option, 2]
        life_left = life - paid
        if life_left <= 0:
            continue
        start = option_units(ready, land, tapped, unit_mask, unit_epoch, info, land_sources)
        # the mana of the lands after the turn (the tie-breaks': the same for every order of this option)
        lands_after = ready.shape[0]
        after[:lands_after] = ready
        if land >= 0:
            for j in range(land_sources_len[land]):
                after[lands_after] = land_sources[land, j]
                lands_after += 1
        deck_cover = -1  # (worked out when an order of this option first reaches the tie-breaks)
        for number in range(orders.shape[0]):
            length = order_lengths[number]
            # the events of the order, each paid when it is cast
            units, demands = events_paid(
                orders[number],
                length,
                start,
                unit_mask,
                unit_epoch,
                demand_mask,
                demand_epoch,
                demand,
                demand_len,
                units_of,
                units_len,
                scratch,
            )
            if units < 0:
                continue
            # the spells left after the events (a sorted multiset)
            used[:spell_count] = 0
            for epoch in range(length):
                kind = orders[number, epoch]
                for i in range(spell_count):
                    if not used[i] and spells[i] == kind:
                        used[i] = 1
                        break
            rest_count = 0
            for i in range(spell_count):
                if not used[i]:
                    rest[rest_count] = spells[i]
                    rest_count += 1
            plains = _best_plain(
                rest,
                rest_count,
                unit_mask,
                unit_epoch,
                units,
                demand_mask,
                demand_epoch,
                demands,
                length,
                value_of,
                demand,
                demand_len,
                plain,
                scratch,
                room_rows,
                frames,
            )
            count = 0
            value = 0
            for epoch in range(length):
                cast[count] = orders[number, epoch]
                count += 1
            for i in range(plains):
                cast[count] = plain[i]
                count += 1
            for i in range(count):
                value += value_of[cast[i]]
            key[0], key[1], key[2] = value, 1 if land >= 0 else 0, 0
            if best_option < 0 or not _greater(best_key[:3], key[:3]):
                # the tie-breaks: the mana after the turn (lands, and the sources cast)
                afters = lands_after
                for i in range(count):
                    if role[cast[i]] == 1:
                        for j in range(units_len[cast[i]]):
                            after[afters] = units_of[cast[i], j]
                            afters += 1
                # the spells left in hand (a sorted multiset), and each kind of them once
                used[:spell_count] = 0
                for c in range(count):
                    for i in range(spell_count):
                        if not used[i] and spells[i] == cast[c]:
                            used[i] = 1
                            break
                lefts = 0
                distincts = 0
                for i in range(spell_count):
                    if not used[i]:
                        left[lefts] = spells[i]
                        lefts += 1
                        if distincts == 0 or distinct[distincts - 1] != spells[i]:
                            distinct[distincts] = spells[i]
                            distincts += 1
                following = 0
                for i in range(distincts):
                    kind = distinct[i]
                    if payable(after, zeros, afters, demand[kind], want_epoch, demand_len[kind], scratch):
                        following += 1
                key[3] = following
                key[4] = _cover(after, lands_after, left, lefts, colored, colored_len, ones, scratch, zeros)
                if deck_cover < 0:
                    deck_cover = _cover(
                        after, lands_after, every_kind, kinds, colored, colored_len, copies, scratch, zeros
                    )
                key[5] = deck_cover
                key[6] = tapped
                key[7] = -paid
                key[8] = types[land] if land >= 0 else 0
                key[9] = -count
                if best_option < 0 or _greater(key, best_key):
                    best_key[:] = key
                    best_option = option
                    best_cast[:count] = cast[:count]
                    best_cast_count = count
    # what some plan of the best option casts: the events of each order it pays, and each kind castable
    # after them (worked out for that option alone: the others' are not returned)
    if best_option < 0:  # (no option: nothing castable)
        return best_option, best_cast[:0].copy(), castable
    land, tapped = options[best_option, 0], options[best_option, 1]
    start = option_units(ready, land, tapped, unit_mask, unit_epoch, info, land_sources)
    for number in range(orders.shape[0]):
        length = order_lengths[number]
        units, demands = events_paid(
            orders[number],
            length,
            start,
            unit_mask,
            unit_epoch,
            demand_mask,
            demand_epoch,
            demand,
            demand_len,
            units_of,
            units_len,
            scratch,
        )
        if units >= 0:
            castable_after(
                orders[number],
                length,
                units,
                demands,
                unit_mask,
                unit_epoch,
                demand_mask,
                demand_epoch,
                castable_of,
                demand,
                demand_len,
                castable,
                scratch,
            )
    return best_option, best_cast[:best_cast_count].copy(), castable


@njit(cache=True)
def castable_after(
    order: Any,
    length: int,
    units: int,
    demands: int,
    unit_mask: Any,
    unit_epoch: Any,
    demand_mask: Any,
    demand_epoch: Any,
    castable_of: Any,
    demand: Any,
    demand_len: Any,
    castable: Any,
    scratch: Any,
) -> int:
    """Mark in ``castable`` the kinds asked about (``castable_of``) that a plan casting the events of
    ``order`` (its first ``length``, paid: :func:`events_paid`'s ``units`` and ``demands``) casts: the
    events, and each kind the mana left then pays (``demand_mask`` and ``demand_epoch`` have room past
    ``demands``); the count of kinds marked after."""
    kinds = castable.shape[0]
    for epoch in range(length):
        if castable_of[order[epoch]]:
            castable[order[epoch]] = True
    room = units - demands
    for wanted in range(kinds):
        if not castable_of[wanted] or castable[wanted] or demand_len[wanted] > room:
            continue
        for j in range(demand_len[wanted]):
            demand_mask[demands + j] = demand[wanted, j]
            demand_epoch[demands + j] = length
        if payable(
            unit_mask,
            unit_epoch,
            units,
            demand_mask,
            demand_epoch,
            demands + demand_len[wanted],
            scratch,
        ):
            castable[wanted] = True
    marked = 0
    for wanted in range(kinds):
        marked += castable[wanted]
    return marked
