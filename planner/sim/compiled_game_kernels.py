"""The compiled part of :mod:`planner.sim.compiled_games` (numba, imported only when a planned goldfish plays
a deck the compiled game loop covers): a chunk's games played over the deck's arrays, and the hash tables
(open addressing over int64 rows, each key compared whole: no answer read from a colliding key) that hold
the turn plans and Karsten's steps met.

A table is three arrays: ``keys`` (one row a slot), ``filled`` (1 for a slot in use) and ``values`` (one
row a slot); its capacity is a power of two and the caller keeps it at most half full
(:func:`table_grown`).
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

from planner.sim.compiled_kernels import best_turn_arrays

__all__ = ["play_games", "table_find", "table_grown", "table_put"]

#: The columns of the deck's ``kind_info`` rows.
(
    KIND_LAND,  # 1 for a land kind (the kinds below the deck's count of land kinds)
    KIND_SOURCE,  # 1 for a rock or mana creature (its units join the ready mana once cast)
    KIND_UNITS,  # how many units it makes as a source
    KIND_LAND_SOURCES,  # how many units it makes as a land
    KIND_LAND_TYPES,  # its basic land types, one bit each
    KIND_PAINFUL,  # 1 for a land that deals damage when tapped
    KIND_RELEVANT,  # 1 for a card that Karsten's measure follows
    KIND_WEIGHT,  # the copies that count towards a game's score
    KIND_DUE,  # the turn it is due on (its curve), -1 for a land
) = range(9)
KIND_COLUMNS = 9

#: The positions of the game's settings in the ``settings`` array.
(
    SET_FIRST,
    SET_LAST,
    SET_EXTRA,  # 1 when the first turn draws (on the draw, or a Commander game)
    SET_READS_LAND_TYPES,
    SET_READS_LANDS,
    SET_READS_LIFE,
    SET_LIFE_CAP,
    SET_START_LIFE,
    SET_EVERYTHING,  # the number of the castable set that holds every kind asked about
    SET_STAYS_CASTABLE,  # 1 when a game with every kind castable keeps them castable (no fetchland)
    SET_READY_WIDTH,  # the most units ready in a game
    SET_ANY_PAINFUL,
) = range(12)
SETTINGS = 12


@njit(cache=True)
def _hash(row: Any) -> int:
    """A hash of an int64 row (wrapping arithmetic): each number mixed in by a multiplication, whose high
    bits are folded down (a table's slot reads the low bits, which a product alone takes from the low bits
    of the numbers only)."""
    h = np.int64(-3750763034362895579)
    for x in row:
        h = (h ^ x) * np.int64(-4658895280553007687)
        h ^= h >> 29
    return int(h)


#: The numbers of a plan's key held in each int64 of its packed row, a byte each (:func:`_packed`).
KEY_BYTES = 7


@njit(cache=True)
def _packed(raw: Any, size: int, key: Any) -> None:
    """The first ``size`` numbers of ``raw`` (each from 0 to 255) written to ``key``, :data:`KEY_BYTES` to
    an int64, the rest of ``key`` zero."""
    key[:] = 0
    for j in range(size):
        key[j // KEY_BYTES] |= raw[j] << (8 * (j % KEY_BYTES))


@njit(cache=True)
def table_find(keys: Any, filled: Any, row: Any) -> int:
    """The slot holding ``row`` as its key, or -1."""
    mask = keys.shape[0] - 1
    slot = _hash(row) & mask
    width = row.shape[0]
    while filled[slot]:
        same = True
        for j in range(width):
            if keys[slot, j] != row[j]:
                same = False
                break
        if same:
            return int(slot)
        slot = (slot + 1) & mask
    return -1


@njit(cache=True)
def table_put(keys: Any, filled: Any, values: Any, rows: Any, row_values: Any, count: int) -> int:
    """Each row of ``rows`` kept with the row of ``row_values`` beside it (a key already held keeps its
    value); the count of keys held after."""
    mask = keys.shape[0] - 1
    width = rows.shape[1]
    for number in range(rows.shape[0]):
        row = rows[number]
        slot = _hash(row) & mask
        while filled[slot]:
            same = True
            for j in range(width):
                if keys[slot, j] != row[j]:
                    same = False
                    break
            if same:
                break
            slot = (slot + 1) & mask
        if not filled[slot]:
            filled[slot] = 1
            keys[slot] = row
            values[slot] = row_values[number]
            count += 1
    return count


@njit(cache=True)
def table_grown(keys: Any, filled: Any, values: Any, capacity: int) -> tuple[Any, Any, Any]:
    """The table's keys and values in a new table of ``capacity`` slots (a power of two)."""
    new_keys = np.zeros((capacity, keys.shape[1]), dtype=np.int64)
    new_filled = np.zeros(capacity, dtype=np.int64)
    new_values = np.zeros((capacity, values.shape[1]), dtype=np.int64)
    held = np.flatnonzero(filled)
    table_put(new_keys, new_filled, new_values, keys[held], values[held], 0)
    return new_keys, new_filled, new_values


@njit(cache=True)
def play_games(
    settings: Any,
    kind_info: Any,
    kind_units: Any,
    kind_land_sources: Any,
    hands: Any,
    libraries: Any,
    starts: Any,
    done: Any,
    plans: Any,
    plan_keys: Any,
    plan_filled: Any,
    plan_slots: Any,
    plan_info: Any,
    plan_cast: Any,
    plan_castable: Any,
    hand_keys: Any,
    hand_filled: Any,
    hand_slots: Any,
    option_keys: Any,
    option_filled: Any,
    option_slots: Any,
    spell_pool: Any,
    order_pool: Any,
    option_pool: Any,
    turn_info: Any,
    turn_masks: Any,
    step_keys: Any,
    step_filled: Any,
    step_slots: Any,
    castable_sets: Any,
    tallies: Any,
    castable_games: Any,
    as_played: Any,
    scores: Any,
    step_misses: Any,
    hand_misses: Any,
    option_misses: Any,
) -> tuple[int, int, int, bool]:
    """Play every game of a chunk not ``done`` whose turns can be played here; each other one stops at its
    first Karsten step not known, or turn whose hand's event orders or land plays are not known (written to
    ``step_misses``: frontier, card drawn, turns left; ``hand_misses``, ``option_misses``: their packed
    keys), and is played again from its start once the caller has worked them out. A turn plan not known is
    worked out here (:func:`~planner.sim.compiled_kernels.best_turn_arrays`, from the hand's event orders and
    land plays) and kept: its state's key in the plan table, the plan in ``plan_info`` (land, tapped, life
    paid), ``plan_cast`` (copies cast per kind) and ``plan_castable``; ``plans`` counts the keys and the plans
    kept, and when either table is full the pass stops (the last value returned True) for the caller to
    grow them.

    A hand's spells are a row of ``spell_pool``; its event orders rows of ``order_pool`` (the length, then the
    kinds); its land plays rows of ``option_pool`` (land, tapped, life paid); the hand table's values say
    where (the spells' row and count, the first order's row and the count), the land plays table's too.

    A game played adds its figures to the tallies (``tallies``: per kind, hits, hits as played, in hand
    hits, land drops, drop hits, cast hits; the life paid in ``tallies[6, 0]``), and writes its score and
    life lost to ``scores``. ``hands`` and ``libraries`` hold a count then the cards. Returns the counts of
    step, hand and land play misses written, and whether a table is full."""
    first, last, extra = settings[SET_FIRST], settings[SET_LAST], settings[SET_EXTRA]
    reads_land_types, reads_lands = settings[SET_READS_LAND_TYPES], settings[SET_READS_LANDS]
    reads_life, life_cap, start_life = (
        settings[SET_READS_LIFE],
        settings[SET_LIFE_CAP],
        settings[SET_START_LIFE],
    )
    everything, stays = settings[SET_EVERYTHING], settings[SET_STAYS_CASTABLE]
    any_painful = settings[SET_ANY_PAINFUL]
    kinds = kind_info.shape[0]
    land_kinds = 0
    for k in range(kinds):
        land_kinds += kind_info[k, KIND_LAND]
    held = np.zeros(kinds, dtype=np.int64)
    ready = np.zeros(settings[SET_READY_WIDTH], dtype=np.int64)
    lands_in_play = np.zeros(last + 1, dtype=np.int64)
    key = np.zeros(plan_keys.shape[1], dtype=np.int64)
    raw = np.zeros(plan_keys.shape[1] * KEY_BYTES, dtype=np.int64)
    hand_key = np.zeros(hand_keys.shape[1], dtype=np.int64)
    option_key = np.zeros(option_keys.shape[1], dtype=np.int64)
    side = np.zeros(max(hand_keys.shape[1], option_keys.shape[1]) * KEY_BYTES, dtype=np.int64)
    new_plan = np.zeros(plan_keys.shape[1], dtype=np.int64).reshape((1, plan_keys.shape[1]))
    new_slot = np.zeros((1, 1), dtype=np.int64)
    step = np.zeros(3, dtype=np.int64)
    game_tallies = np.zeros((6, kinds), dtype=np.int64)
    turn_plan = np.zeros(last + 1, dtype=np.int64)
    turn_castable = np.zeros(last + 1, dtype=np.int64)
    missed_hands = 0
    missed_options = 0
    missed_steps = 0
    for game in range(hands.shape[0]):
        if done[game]:
            continue
        held[:] = 0
        for j in range(hands[game, 0]):
            held[hands[game, 1 + j]] += 1
        drawn_at = 0
        library_size = libraries[game, 0]
        lands = 0
        ready_size = 0
        life = start_life
        pain = 0
        score = 0
        frontier = starts[game]
        every = False
        turns_left = last
        game_tallies[:] = 0
        known = True
        for turn in range(1, last + 1):
            drawn = -1
            if (turn > 1 or extra) and drawn_at < library_size:
                drawn = libraries[game, 1 + drawn_at]
                drawn_at += 1
                held[drawn] += 1
            # Karsten's measure: the game's frontier stepped by the card drawn
            turns_left -= 1
            if every:
                castable = everything
            else:
                step[0] = frontier
                step[1] = drawn if drawn >= 0 and kind_info[drawn, KIND_RELEVANT] else -1
                step[2] = turns_left
                slot = table_find(step_keys, step_filled, step)
                if slot < 0:
                    step_misses[missed_steps] = step
                    missed_steps += 1
                    known = False
                    break
                castable = step_slots[slot, 0]
                frontier = step_slots[slot, 1]
                every = stays == 1 and castable == everything
            # the turn plan, by the state's key: life, lands, land types, the ready mana, the hand's key
            types = 0
            if reads_land_types:
                for j in range(lands):
                    types |= kind_info[lands_in_play[j], KIND_LAND_TYPES]
            raw[0] = min(life, life_cap) if reads_life else start_life
            if raw[0] < 0 or raw[0] > 255:
                raise ValueError("a life total outside a key's byte")
            raw[1] = lands if reads_lands else 0
            raw[2] = types
            raw[3] = ready_size
            raw[4 : 4 + ready_size] = ready[:ready_size]
            at = 5 + ready_size
            for k in range(kinds):  # (each land kind once: one land is played a turn; each spell copy)
                copies = held[k] if not kind_info[k, KIND_LAND] else min(held[k], 1)
                for _ in range(copies):
                    raw[at] = k
                    at += 1
            raw[4 + ready_size] = at - 5 - ready_size
            _packed(raw, at, key)
            slot = table_find(plan_keys, plan_filled, key)
            if slot >= 0:
                plan = plan_slots[slot, 0]
            else:
                # the hand's spells (their event orders' key), and the lands in hand with what their
                # entries read (the land plays' key)
                spells = 0
                for k in range(land_kinds, kinds):
                    for _ in range(held[k]):
                        side[1 + spells] = k
                        spells += 1
                side[0] = spells
                _packed(side, 1 + spells, hand_key)
                hand_slot = table_find(hand_keys, hand_filled, hand_key)
                side[0], side[1], side[2] = raw[0], raw[1], raw[2]
                land_count = 0
                for k in range(land_kinds):
                    if held[k]:
                        side[4 + land_count] = k
                        land_count += 1
                side[3] = land_count
                _packed(side, 4 + land_count, option_key)
                option_slot = table_find(option_keys, option_filled, option_key)
                if hand_slot < 0 or option_slot < 0:
                    if hand_slot < 0:
                        hand_misses[missed_hands] = hand_key
                        missed_hands += 1
                    if option_slot < 0:
                        option_misses[missed_options] = option_key
                        missed_options += 1
                    known = False
                    break
                if plans[1] == plan_info.shape[0] or 2 * (plans[0] + 1) > plan_keys.shape[0]:
                    return missed_steps, missed_hands, missed_options, True
                spells_at, spell_count = hand_slots[hand_slot, 0], hand_slots[hand_slot, 1]
                orders_at, order_count = hand_slots[hand_slot, 2], hand_slots[hand_slot, 3]
                options_at, option_count = option_slots[option_slot, 0], option_slots[option_slot, 1]
                options = option_pool[options_at : options_at + option_count].copy()
                orders = order_pool[orders_at : orders_at + order_count]
                # (contiguous copies: the types the Python side calls it with, so that numba compiles it
                # once for both and loads it from its cache)
                chosen, cast, castable_now = best_turn_arrays(
                    ready[:ready_size].copy(),
                    spell_pool[spells_at, :spell_count].copy(),
                    options,
                    raw[0],
                    orders[:, 1:].copy(),
                    orders[:, 0].copy(),
                    turn_info,
                    turn_masks,
                )
                if chosen < 0:  # (no option: the Python side reads the last, as a negative index does)
                    chosen = option_count - 1
                plan = plans[1]
                plans[1] += 1
                plan_info[plan] = options[chosen]
                plan_cast[plan] = 0
                for c in cast:
                    plan_cast[plan, c] += 1
                for k in range(kinds):
                    plan_castable[plan, k] = castable_now[k]
                new_plan[0] = key
                new_slot[0, 0] = plan
                plans[0] = table_put(plan_keys, plan_filled, plan_slots, new_plan, new_slot, plans[0])
            turn_plan[turn] = plan
            turn_castable[turn] = castable
            land = plan_info[plan, 0]
            for k in range(kinds):
                due = kind_info[k, KIND_DUE]
                if due != turn:
                    continue
                if castable_sets[castable, k]:  # (Karsten's: the score's on-curve figure)
                    game_tallies[0, k] += 1
                    score += kind_info[k, KIND_WEIGHT]
                if plan_castable[plan, k]:
                    game_tallies[1, k] += 1
                    if held[k] > 0:
                        game_tallies[2, k] += 1
                if lands + (1 if land >= 0 else 0) == turn:
                    game_tallies[3, k] += 1
                    game_tallies[4, k] += castable_sets[castable, k]
                if plan_cast[plan, k] > 0:
                    game_tallies[5, k] += 1
            # the plan played: the land, the spells cast, the new mana units (ready from the next turn)
            start = ready_size
            if land >= 0:
                held[land] -= 1
                lands_in_play[lands] = land
                lands += 1
                life -= plan_info[plan, 2]
            for k in range(kinds):
                cast = plan_cast[plan, k]
                if cast == 0:
                    continue
                held[k] -= cast
                if kind_info[k, KIND_SOURCE]:
                    for _ in range(cast):
                        for j in range(kind_info[k, KIND_UNITS]):
                            ready[ready_size] = kind_units[k, j]
                            ready_size += 1
            if land >= 0:
                for j in range(kind_info[land, KIND_LAND_SOURCES]):
                    ready[ready_size] = kind_land_sources[land, j]
                    ready_size += 1
            for j in range(start, ready_size):  # (kept sorted, as the key reads it)
                unit = ready[j]
                at = j
                while at > 0 and ready[at - 1] > unit:
                    ready[at] = ready[at - 1]
                    at -= 1
                ready[at] = unit
            if any_painful:
                for j in range(lands):
                    pain += kind_info[lands_in_play[j], KIND_PAINFUL]
                if land >= 0 and plan_info[plan, 1] and kind_info[land, KIND_PAINFUL]:
                    pain -= 1
        if not known:
            continue
        for turn in range(first, last + 1):
            plan = turn_plan[turn]
            castable = turn_castable[turn]
            for k in range(kinds):
                as_played[turn - first, k] += plan_castable[plan, k]
                castable_games[turn - first, k] += castable_sets[castable, k]
        tallies[:6] += game_tallies
        tallies[6, 0] += start_life - life
        scores[game, 0] = score
        scores[game, 1] = start_life - life + pain
        done[game] = 1
    return missed_steps, missed_hands, missed_options, False
