"""Karsten's measure with the ramp drawn (:mod:`planner.sim.karsten_planned`) stepped by compiled code (numba,
imported only with the compiled game loop) for the decks that loop covers: lands, rocks, mana creatures and
rituals, with no fetchland, bounce land, land face, Treasure maker, cost changer or Phyrexian symbol. The
same positions and castable kinds as ``KarstenPlanned.step`` (:mod:`planner.sim.karsten_planned`),
which stays the reference (``tests/test_simulate_compiled.py`` compares them step by step).

A position is a row of int64 (:data:`~planner.sim.compiled_columns.ROW_HEAD`: its life, then its lands and
mana permanents in play and relevant cards in hand, each sorted); positions are numbered in a hash table,
and a frontier (the positions a game can be in, none dominating another) is the run of its positions'
numbers, sorted, numbered in a table of runs (:func:`~planner.sim.compiled_tables.frontier_slot`). A
castable set is numbered by its kinds' bits. A step's answer is kept by (frontier, card drawn, turns left).

A turn from a position tries every land play (the land plays table's, worked out in Python as for the turn
plans) and every order of the events in hand (the hand table's), casts the mana creatures without haste left
in hand in each subset the mana left pays, and keeps the positions no other dominates: exactly
``KarstenPlanned.turn``'s moves (the domination cut keeps the positions no other dominates, whatever the
order it meets them in: domination is a partial order, so its maximal elements).
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

from planner.sim.compiled_columns import (
    COUNT_FRONTIERS,
    COUNT_NEEDED,
    COUNT_POOL,
    COUNT_POSITIONS,
    COUNT_SETS,
    COUNT_STEPS,
    KIND_LAND,
    KIND_LAND_SOURCES,
    KIND_LAND_TYPES,
    KIND_MOVABLE,
    KIND_RELEVANT,
    KIND_SOURCE,
    KIND_UNITS,
    KIND_WAITS,
    ROW_HAND,
    ROW_HEAD,
    ROW_LANDS,
    ROW_LIFE,
    ROW_SOURCES,
    SET_HAND_WIDTH,
    SET_LAND_LIFE,
    SET_LANDS_WIDTH,
    SET_LIFE_CAP,
    SET_PHYREXIAN_LIFE,
    SET_READS_LAND_TYPES,
    SET_READS_LANDS,
    SET_READS_LIFE,
    SET_START_LIFE,
)
from planner.sim.compiled_kernels import castable_after, events_paid, option_units, payable
from planner.sim.compiled_tables import frontier_slot, table_find, table_slot

__all__ = [
    "KEY_BYTES",
    "STEP_FULL",
    "STEP_KNOWN",
    "STEP_MISSED",
    "frontier_of",
    "karsten_step",
    "packed",
    "set_number",
    "start_frontier",
    "state_head",
]

#: The numbers of a packed key held in each int64, a byte each (:func:`packed`).
KEY_BYTES = 7

#: What :func:`karsten_step` returns first: the step worked out and kept; a hand's event orders or land
#: plays not known (their keys written to the misses); a table too small for what the step keeps.
STEP_KNOWN, STEP_MISSED, STEP_FULL = 0, 1, 2


@njit(cache=True)
def packed(raw: Any, size: int, key: Any) -> None:
    """The first ``size`` numbers of ``raw`` (each from 0 to 255) written to ``key``, :data:`KEY_BYTES` to
    an int64, the rest of ``key`` zero."""
    key[:] = 0
    for j in range(size):
        key[j // KEY_BYTES] |= raw[j] << (8 * (j % KEY_BYTES))


@njit(cache=True)
def state_head(life: int, lands: int, types: int, settings: Any, raw: Any) -> None:
    """The first three numbers of a turn's keys (its plan's, its land plays'): the life, lands and land
    types as the deck's turns read them (:class:`~planner.sim.planned._Reads`), written to ``raw``."""
    raw[0] = min(life, settings[SET_LIFE_CAP]) if settings[SET_READS_LIFE] else settings[SET_START_LIFE]
    if raw[0] < 0 or raw[0] > 255:
        raise ValueError("a life total outside a key's byte")
    raw[1] = lands if settings[SET_READS_LANDS] else 0
    raw[2] = types if settings[SET_READS_LAND_TYPES] else 0


@njit(cache=True)
def set_number(castable: Any, tables: Any) -> int:
    """The number of the castable set ``castable`` (1 per kind in it) in Karsten's ``tables``
    (:func:`karsten_step`'s), numbered when first met (the caller leaves room: the set table at most half
    full, a row of the sets' rows free)."""
    counts = tables[0]
    set_keys, set_filled, set_values, castable_sets = tables[9:13]
    key = np.zeros(set_keys.shape[1], dtype=np.int64)
    for k in range(castable.shape[0]):
        if castable[k]:
            key[k // 62] |= np.int64(1) << (k % 62)
    slot = table_slot(set_keys, set_filled, key)
    if not set_filled[slot]:
        number = counts[COUNT_SETS]
        counts[COUNT_SETS] += 1
        set_filled[slot] = 1
        set_keys[slot] = key
        set_values[slot, 0] = number
        castable_sets[number] = 0
        for k in range(castable.shape[0]):
            castable_sets[number, k] = 1 if castable[k] else 0
    return int(set_values[slot, 0])


@njit(cache=True)
def frontier_of(rows: Any, count: int, tables: Any) -> int:
    """The number of the frontier of the first ``count`` positions of ``rows`` (distinct), each position and
    the frontier numbered when first met in Karsten's ``tables`` (:func:`karsten_step`'s; the caller leaves
    room for ``count`` more of each)."""
    counts, position_keys, position_filled, position_values, position_rows = tables[:5]
    frontier_numbers, frontier_filled, frontier_ranges, frontier_pool = tables[5:9]
    numbers = np.zeros(count, dtype=np.int64)
    for i in range(count):
        slot = table_slot(position_keys, position_filled, rows[i])
        if not position_filled[slot]:
            position_filled[slot] = 1
            position_keys[slot] = rows[i]
            position_values[slot, 0] = counts[COUNT_POSITIONS]
            position_rows[counts[COUNT_POSITIONS]] = rows[i]
            counts[COUNT_POSITIONS] += 1
        number = position_values[slot, 0]
        at = i
        while at > 0 and numbers[at - 1] > number:  # (sorted: a frontier is a set)
            numbers[at] = numbers[at - 1]
            at -= 1
        numbers[at] = number
    slot = frontier_slot(frontier_numbers, frontier_filled, frontier_ranges, frontier_pool, numbers)
    if not frontier_filled[slot]:
        number = counts[COUNT_FRONTIERS]
        counts[COUNT_FRONTIERS] += 1
        first = counts[COUNT_POOL]
        frontier_pool[first : first + count] = numbers
        counts[COUNT_POOL] += count
        frontier_ranges[number, 0], frontier_ranges[number, 1] = first, count
        frontier_filled[slot] = 1
        frontier_numbers[slot] = number
    return int(frontier_numbers[slot])


@njit(cache=True)
def _grown(rows: Any, count: int) -> Any:
    """``rows`` with room for one more row past ``count`` (doubled when full)."""
    if count < rows.shape[0]:
        return rows
    more = np.zeros((2 * rows.shape[0], rows.shape[1]), dtype=np.int64)
    more[:count] = rows[:count]
    return more


@njit(cache=True)
def _minus(big: Any, small: Any, extra: Any) -> int:
    """The sorted multiset ``big`` less ``small`` (sorted) written to ``extra``, its size; -1 when ``small``
    is not within ``big``."""
    size = 0
    at = 0
    for item in big:
        if at < small.shape[0] and small[at] == item:
            at += 1
        elif at < small.shape[0] and small[at] < item:
            return -1
        else:
            extra[size] = item
            size += 1
    return size if at == small.shape[0] else -1


@njit(cache=True)
def _dominates(a: Any, b: Any, lands_width: int, hand_width: int, kind_info: Any, scratch: Any) -> bool:
    """:func:`planner.sim.karsten_planned._dominates` of two position rows (no lands fetched, cost changers
    or Treasures in the fragment). ``scratch``: two rows of working room, the first as long as a hand, the
    second one number per kind, all 0 (left so)."""
    if a[ROW_LIFE] < b[ROW_LIFE]:
        return False
    sources_at = ROW_HEAD + lands_width
    hand_at = sources_at + hand_width
    extra = scratch[0]
    tally = scratch[1]
    lands = _minus(a[ROW_HEAD : ROW_HEAD + a[ROW_LANDS]], b[ROW_HEAD : ROW_HEAD + b[ROW_LANDS]], extra)
    if lands < 0:
        return False
    for j in range(lands):
        if not kind_info[extra[j], KIND_MOVABLE]:
            return False
    sources = _minus(
        a[sources_at : sources_at + a[ROW_SOURCES]],
        b[sources_at : sources_at + b[ROW_SOURCES]],
        extra[lands:],
    )
    if sources < 0:
        return False
    for j in range(lands, lands + sources):
        if not kind_info[extra[j], KIND_MOVABLE]:
            return False
    if a[ROW_HAND] + lands + sources != b[ROW_HAND]:
        return False
    # (the hand of a with the extras is b's: as multisets)
    for j in range(lands + sources):
        tally[extra[j]] += 1
    for j in range(a[ROW_HAND]):
        tally[a[hand_at + j]] += 1
    same = True
    for j in range(b[ROW_HAND]):
        kind = b[hand_at + j]
        tally[kind] -= 1
        if tally[kind] < 0:
            same = False
    for j in range(lands + sources):
        tally[extra[j]] = 0
    for j in range(a[ROW_HAND]):
        tally[a[hand_at + j]] = 0
    for j in range(b[ROW_HAND]):
        tally[b[hand_at + j]] = 0
    return same


@njit(cache=True)
def _undominated(
    rows: Any, count: int, lands_width: int, hand_width: int, kind_info: Any, scratch: Any
) -> int:
    """The distinct positions of the first ``count`` rows that no other dominates, moved to the front (in
    the order met); their count."""
    distinct = 0
    for i in range(count):
        seen = False
        for j in range(distinct):
            if np.array_equal(rows[i], rows[j]):
                seen = True
                break
        if not seen:
            rows[distinct] = rows[i]
            distinct += 1
    keep = np.ones(distinct, dtype=np.bool_)
    for i in range(distinct):
        for j in range(distinct):
            if i != j and _dominates(rows[j], rows[i], lands_width, hand_width, kind_info, scratch):
                keep[i] = False
                break
    kept = 0
    for i in range(distinct):
        if keep[i]:
            rows[kept] = rows[i]
            kept += 1
    return kept


@njit(cache=True)
def _within(row: Any, turns_left: int, settings: Any, kind_info: Any) -> None:
    """:meth:`KarstenPlanned.within <planner.sim.karsten_planned.KarstenPlanned.within>` of a position row,
    in place: no more life than the turns left can pay and still compare, no more copies of a land in hand
    than the land plays left."""
    enough = (turns_left + 1) * settings[SET_LAND_LIFE] + 2 * settings[SET_PHYREXIAN_LIFE] + 2
    if row[ROW_LIFE] > enough:
        row[ROW_LIFE] = enough
    hand_at = ROW_HEAD + settings[SET_LANDS_WIDTH] + settings[SET_HAND_WIDTH]
    size = row[ROW_HAND]
    kept = 0
    run = 0
    for j in range(size):
        kind = row[hand_at + j]
        run = run + 1 if j > 0 and row[hand_at + j - 1] == kind else 1
        if kind_info[kind, KIND_LAND] and run > turns_left:
            continue
        row[hand_at + kept] = kind
        kept += 1
    row[hand_at + kept : hand_at + size] = 0
    row[ROW_HAND] = kept


@njit(cache=True)
def _insert(values: Any, size: int, value: int) -> int:
    """``value`` put into the sorted first ``size`` of ``values`` (room past them); the size after."""
    at = size
    while at > 0 and values[at - 1] > value:
        values[at] = values[at - 1]
        at -= 1
    values[at] = value
    return size + 1


@njit(cache=True)
def _has_room(tables: Any, positions: int) -> bool:
    """Whether Karsten's tables (:func:`karsten_step`'s ``tables``) have room for ``positions`` positions
    more, a frontier of them, a castable set and a step; when not, ``counts[COUNT_NEEDED]`` says how many
    positions."""
    counts, position_keys, position_rows = tables[0], tables[1], tables[4]
    frontier_numbers, frontier_ranges, frontier_pool = tables[5], tables[7], tables[8]
    set_keys, castable_sets, step_keys = tables[9], tables[12], tables[13]
    if (
        2 * (counts[COUNT_POSITIONS] + positions) > position_keys.shape[0]
        or counts[COUNT_POSITIONS] + positions > position_rows.shape[0]
        or 2 * (counts[COUNT_FRONTIERS] + 1) > frontier_numbers.shape[0]
        or counts[COUNT_FRONTIERS] + 1 > frontier_ranges.shape[0]
        or counts[COUNT_POOL] + positions > frontier_pool.shape[0]
        or 2 * (counts[COUNT_SETS] + 1) > set_keys.shape[0]
        or counts[COUNT_SETS] + 1 > castable_sets.shape[0]
        or 2 * (counts[COUNT_STEPS] + 1) > step_keys.shape[0]
    ):
        counts[COUNT_NEEDED] = positions
        return False
    return True


@njit(cache=True)
def start_frontier(hand: Any, turns: int, settings: Any, kind_info: Any, tables: Any) -> int:
    """The number of the frontier a game of the kept ``hand`` (a count, then the cards) starts from, asked
    about ``turns`` turns (as :class:`~planner.sim.karsten_planned.KarstenGame` starts: its relevant cards
    in hand, the starting life); -1 when the tables lack room (:func:`_has_room`)."""
    if not _has_room(tables, 1):
        return -1
    hand_at = ROW_HEAD + settings[SET_LANDS_WIDTH] + settings[SET_HAND_WIDTH]
    row = np.zeros((1, hand_at + settings[SET_HAND_WIDTH]), dtype=np.int64)
    start = row[0]
    start[ROW_LIFE] = settings[SET_START_LIFE]
    held = 0
    for j in range(hand[0]):
        kind = hand[1 + j]
        if kind_info[kind, KIND_RELEVANT]:
            held = _insert(start[hand_at:], held, kind)
    start[ROW_HAND] = held
    _within(start, turns, settings, kind_info)
    return frontier_of(row, 1, tables)


@njit(cache=True)
def _hand_with(row: Any, hand_at: int, drawn: int, hand: Any) -> int:
    """The hand of a position row (from ``hand_at``) with ``drawn`` added (-1: none), sorted, written to
    ``hand``; its size."""
    size = row[ROW_HAND]
    hand[:size] = row[hand_at : hand_at + size]
    return _insert(hand, size, drawn) if drawn >= 0 else size


@njit(cache=True)
def karsten_step(
    frontier: int,
    drawn: int,
    turns_left: int,
    settings: Any,
    kind_info: Any,
    kind_units: Any,
    kind_land_sources: Any,
    turn_info: Any,
    turn_masks: Any,
    tables: Any,
    hand_keys: Any,
    hand_filled: Any,
    hand_slots: Any,
    option_keys: Any,
    option_filled: Any,
    option_slots: Any,
    order_pool: Any,
    option_pool: Any,
    hand_misses: Any,
    option_misses: Any,
    missed: Any,
) -> tuple[int, int, int]:
    """Karsten's step of the frontier numbered ``frontier`` with ``drawn`` added to each position's hand
    (-1 for none), ``turns_left`` turns asked about after it: (:data:`STEP_KNOWN`, the castable set's
    number, the next frontier's number), kept in the step table; or (:data:`STEP_MISSED`, 0, 0) with the
    keys of the hands' event orders and land plays not known written to ``hand_misses`` and
    ``option_misses`` (``missed``: their counts, written while there is room); or (:data:`STEP_FULL`, 0, 0)
    when a table lacks room (``counts[COUNT_NEEDED]``: the positions it wanted to keep).

    ``tables`` is the record's arrays (:class:`~planner.sim.compiled_games.KarstenTables`): the counts
    (:data:`~planner.sim.compiled_columns.COUNTS`), the position table (keys, filled, values) and rows by
    number, the frontier table (numbers, filled, ranges, pool), the castable set table (keys, filled,
    values, the sets' rows) and the step table (keys, filled, values)."""
    position_rows, frontier_ranges, frontier_pool = tables[4], tables[7], tables[8]
    step_keys, step_filled, step_values, counts = tables[13], tables[14], tables[15], tables[0]
    lands_width, hand_width = settings[SET_LANDS_WIDTH], settings[SET_HAND_WIDTH]
    sources_at = ROW_HEAD + lands_width
    hand_at = sources_at + hand_width
    width = hand_at + hand_width
    kinds = kind_info.shape[0]
    demand, units_of, land_sources = turn_masks[0], turn_masks[2], turn_masks[3]
    demand_len, units_len, castable_of = turn_info[:, 2], turn_info[:, 4], turn_info[:, 9]
    last = turns_left == 0
    everything = 0
    for k in range(kinds):
        everything += castable_of[k]
    first, size = frontier_ranges[frontier, 0], frontier_ranges[frontier, 1]
    hand = np.zeros(hand_width + 1, dtype=np.int64)
    raw = np.zeros(KEY_BYTES * max(hand_keys.shape[1], option_keys.shape[1]), dtype=np.int64)
    hand_key = np.zeros(hand_keys.shape[1], dtype=np.int64)
    option_key = np.zeros(option_keys.shape[1], dtype=np.int64)
    hand_slot_of = np.zeros(size, dtype=np.int64)
    option_slot_of = np.zeros(size, dtype=np.int64)
    # (every position's event orders and land plays must be known before a turn is worked out)
    misses = 0
    for p in range(size):
        row = position_rows[frontier_pool[first + p]]
        held = _hand_with(row, hand_at, drawn, hand)
        spells = 0
        for j in range(held):
            if not kind_info[hand[j], KIND_LAND]:
                raw[1 + spells] = hand[j]
                spells += 1
        raw[0] = spells
        packed(raw, 1 + spells, hand_key)
        hand_slot_of[p] = table_find(hand_keys, hand_filled, hand_key)
        if hand_slot_of[p] < 0:
            misses += 1
            if missed[0] < hand_misses.shape[0]:
                hand_misses[missed[0]] = hand_key
                missed[0] += 1
        types = 0
        for j in range(row[ROW_LANDS]):
            types |= kind_info[row[ROW_HEAD + j], KIND_LAND_TYPES]
        state_head(row[ROW_LIFE], row[ROW_LANDS], types, settings, raw)
        lands_held = 0
        for j in range(held):
            if kind_info[hand[j], KIND_LAND] and (lands_held == 0 or raw[3 + lands_held] != hand[j]):
                raw[4 + lands_held] = hand[j]
                lands_held += 1
        raw[3] = lands_held
        packed(raw, 4 + lands_held, option_key)
        option_slot_of[p] = table_find(option_keys, option_filled, option_key)
        if option_slot_of[p] < 0:
            misses += 1
            if missed[1] < option_misses.shape[0]:
                option_misses[missed[1]] = option_key
                missed[1] += 1
    if misses:
        return STEP_MISSED, 0, 0
    # the working room of the turns
    most_ready = lands_width * land_sources.shape[1] + hand_width * units_of.shape[1]
    most_units = most_ready + land_sources.shape[1] + (hand_width + 1) * units_of.shape[1] + 1
    most_demands = (hand_width + 2) * demand.shape[1] + 1
    ready = np.zeros(most_ready + 1, dtype=np.int64)
    unit_mask = np.zeros(most_units, dtype=np.int64)
    unit_epoch = np.zeros(most_units, dtype=np.int64)
    demand_mask = np.zeros(most_demands, dtype=np.int64)
    demand_epoch = np.zeros(most_demands, dtype=np.int64)
    scratch = np.zeros((5, max(most_units, most_demands) + 1), dtype=np.int64)
    compare = np.zeros((2, max(kinds, hand_width + lands_width + hand_width) + 1), dtype=np.int64)
    castable = np.zeros(kinds, dtype=np.bool_)
    marked = 0
    rest = np.zeros(hand_width + 1, dtype=np.int64)
    left = np.zeros(hand_width + 1, dtype=np.int64)
    lands_after = np.zeros(lands_width + 1, dtype=np.int64)
    in_play = np.zeros(2 * hand_width + 1, dtype=np.int64)
    more = np.zeros(2 * hand_width + 1, dtype=np.int64)
    taken = np.zeros(hand_width + 1, dtype=np.bool_)
    creatures = np.zeros(hand_width + 1, dtype=np.int64)  # (the distinct kinds)
    copies = np.zeros(hand_width + 1, dtype=np.int64)  # (how many of each are left in hand)
    chosen = np.zeros(hand_width + 1, dtype=np.int64)  # (how many of each are cast)
    found = np.zeros((16, width), dtype=np.int64)  # (a turn's positions)
    after = np.zeros((16, width), dtype=np.int64)  # (the step's)
    after_count = 0
    for p in range(size):
        row = position_rows[frontier_pool[first + p]]
        held = _hand_with(row, hand_at, drawn, hand)
        life = row[ROW_LIFE]
        readies = 0
        for j in range(row[ROW_LANDS]):
            land = row[ROW_HEAD + j]
            for u in range(kind_info[land, KIND_LAND_SOURCES]):
                ready[readies] = kind_land_sources[land, u]
                readies += 1
        for j in range(row[ROW_SOURCES]):
            source = row[sources_at + j]
            for u in range(kind_info[source, KIND_UNITS]):
                ready[readies] = kind_units[source, u]
                readies += 1
        options_at, option_count = option_slots[option_slot_of[p], 0], option_slots[option_slot_of[p], 1]
        orders_at, order_count = hand_slots[hand_slot_of[p], 2], hand_slots[hand_slot_of[p], 3]
        begin = 0  # (1: playing no land does nothing more, KarstenPlanned._keeps_up)
        for o in range(option_count):
            land, paid = option_pool[options_at + o, 0], option_pool[options_at + o, 2]
            if land >= 0 and paid == 0 and kind_info[land, KIND_MOVABLE]:
                begin = 1
                break
        turn_count = 0
        for o in range(begin, option_count):
            land, tapped, paid = (
                option_pool[options_at + o, 0],
                option_pool[options_at + o, 1],
                option_pool[options_at + o, 2],
            )
            life_left = life - paid
            if life_left <= 0 or (last and marked == everything):
                continue
            start = option_units(
                ready[:readies], land, tapped, unit_mask, unit_epoch, turn_info, land_sources
            )
            lands_count = row[ROW_LANDS]
            lands_after[:lands_count] = row[ROW_HEAD : ROW_HEAD + lands_count]
            rests = 0
            skipped = land < 0
            for j in range(held):
                if not skipped and hand[j] == land:
                    skipped = True
                    continue
                rest[rests] = hand[j]
                rests += 1
            if land >= 0:
                lands_count = _insert(lands_after, lands_count, land)
            for q in range(order_count):
                if last and marked == everything:
                    break
                order = order_pool[orders_at + q, 1:]
                length = order_pool[orders_at + q, 0]
                units, demands = events_paid(
                    order,
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
                marked = castable_after(
                    order,
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
                if last:
                    continue
                # the hand left (the rest less the events cast), the mana permanents in play, the mana
                # creatures without haste left in hand (each kind once, with its copies)
                lefts = 0
                taken[:length] = False
                for j in range(rests):
                    used = False
                    for e in range(length):
                        if not taken[e] and order[e] == rest[j]:
                            taken[e] = True
                            used = True
                            break
                    if not used:
                        left[lefts] = rest[j]
                        lefts += 1
                in_plays = row[ROW_SOURCES]
                in_play[:in_plays] = row[sources_at : sources_at + in_plays]
                for e in range(length):
                    if kind_info[order[e], KIND_SOURCE]:
                        in_plays = _insert(in_play, in_plays, order[e])
                distinct = 0
                for j in range(lefts):
                    if kind_info[left[j], KIND_WAITS]:
                        if distinct == 0 or creatures[distinct - 1] != left[j]:
                            creatures[distinct] = left[j]
                            copies[distinct] = 0
                            distinct += 1
                        copies[distinct - 1] += 1
                chosen[:distinct] = 0
                while True:  # (each sub-multiset of the creatures: the counts as a mixed-radix number)
                    extra = 0
                    for c in range(distinct):
                        for _ in range(chosen[c]):
                            kind = creatures[c]
                            for j in range(demand_len[kind]):
                                demand_mask[demands + extra] = demand[kind, j]
                                demand_epoch[demands + extra] = length
                                extra += 1
                    cast = 0
                    for c in range(distinct):
                        cast += chosen[c]
                    if cast == 0 or payable(
                        unit_mask, unit_epoch, units, demand_mask, demand_epoch, demands + extra, scratch
                    ):
                        found = _grown(found, turn_count)
                        new = found[turn_count]
                        new[:] = 0
                        new[ROW_LIFE] = life_left
                        new[ROW_LANDS] = lands_count
                        new[ROW_HEAD : ROW_HEAD + lands_count] = lands_after[:lands_count]
                        count = in_plays
                        more[:count] = in_play[:count]
                        for c in range(distinct):
                            for _ in range(chosen[c]):
                                count = _insert(more, count, creatures[c])
                        new[ROW_SOURCES] = count
                        new[sources_at : sources_at + count] = more[:count]
                        kept = 0
                        c = 0
                        skip = 0
                        for j in range(lefts):
                            while c < distinct and creatures[c] < left[j]:
                                c += 1
                                skip = 0
                            if c < distinct and creatures[c] == left[j] and skip < chosen[c]:
                                skip += 1
                                continue
                            new[hand_at + kept] = left[j]
                            kept += 1
                        new[ROW_HAND] = kept
                        turn_count += 1
                    at = 0
                    while at < distinct and chosen[at] == copies[at]:
                        chosen[at] = 0
                        at += 1
                    if at == distinct:
                        break
                    chosen[at] += 1
        turn_count = _undominated(found, turn_count, lands_width, hand_width, kind_info, compare)
        for j in range(turn_count):
            after = _grown(after, after_count)
            after[after_count] = found[j]
            _within(after[after_count], turns_left, settings, kind_info)
            after_count += 1
    after_count = _undominated(after, after_count, lands_width, hand_width, kind_info, compare)
    if not _has_room(tables, after_count):  # (the caller grows the tables and plays the game again)
        return STEP_FULL, 0, 0
    castable_number = set_number(castable, tables)
    next_frontier = frontier_of(after, after_count, tables)
    step = np.zeros(3, dtype=np.int64)
    step[0], step[1], step[2] = frontier, drawn, turns_left
    slot = table_slot(step_keys, step_filled, step)
    if not step_filled[slot]:
        step_filled[slot] = 1
        step_keys[slot] = step
        step_values[slot, 0], step_values[slot, 1] = castable_number, next_frontier
        counts[COUNT_STEPS] += 1
    return STEP_KNOWN, castable_number, next_frontier
