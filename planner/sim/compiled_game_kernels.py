"""The compiled part of :mod:`planner.sim.compiled_games` (numba, imported only when a planned goldfish plays
a deck the compiled game loop covers): a chunk's games played over the deck's arrays, the turn plans and
Karsten's steps met kept in hash tables (:mod:`planner.sim.compiled_tables`), a step not met worked out by
:func:`planner.sim.compiled_karsten.karsten_step`.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

from planner.sim.compiled_columns import (
    KIND_DUE,
    KIND_LAND,
    KIND_LAND_SOURCES,
    KIND_LAND_TYPES,
    KIND_PAINFUL,
    KIND_RELEVANT,
    KIND_SOURCE,
    KIND_UNITS,
    KIND_WEIGHT,
    SET_ANY_PAINFUL,
    SET_EVERYTHING,
    SET_EXTRA,
    SET_FIRST,
    SET_LAST,
    SET_READS_LAND_TYPES,
    SET_READY_WIDTH,
    SET_START_LIFE,
    SET_STAYS_CASTABLE,
)
from planner.sim.compiled_karsten import (
    KEY_BYTES,
    STEP_FULL,
    STEP_KNOWN,
    karsten_step,
    packed,
    start_frontier,
    state_head,
)
from planner.sim.compiled_kernels import best_turn_arrays
from planner.sim.compiled_tables import table_find, table_put
from planner.sim.game import HAND_SIZE

__all__ = [
    "DEALT",
    "KARSTEN_FULL",
    "KEY_BYTES",
    "NEEDS_BOTTOM",
    "NEEDS_DEALS",
    "PLANS_FULL",
    "PLAYED",
    "deal_games",
    "play_games",
]

#: How a pass of :func:`play_games` ends: every game it could play played (the others missing a hand's
#: event orders or land plays); or stopped, the plan tables full; or stopped, Karsten's tables full.
PLAYED, PLANS_FULL, KARSTEN_FULL = 0, 1, 2


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
    karsten: Any,
    tallies: Any,
    castable_games: Any,
    as_played: Any,
    scores: Any,
    hand_misses: Any,
    option_misses: Any,
    missed: Any,
) -> int:
    """Play every game of a chunk not ``done`` whose turns can be played here; each other one stops at its
    first turn (or Karsten step) whose hands' event orders or land plays are not known (their packed keys
    written to ``hand_misses`` and ``option_misses`` while there is room, ``missed`` counting them), and is
    played again from its start once the caller has worked them out. Karsten's steps are kept in the tables
    ``karsten`` (:func:`~planner.sim.compiled_karsten.karsten_step`, which works out a step not known). A
    turn plan not known is
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
    life lost to ``scores``. ``hands`` and ``libraries`` hold a count then the cards. Returns
    :data:`PLAYED`, or the tables that stopped the pass, full (:data:`PLANS_FULL`, :data:`KARSTEN_FULL`)."""
    first, last, extra = settings[SET_FIRST], settings[SET_LAST], settings[SET_EXTRA]
    reads_land_types, start_life = settings[SET_READS_LAND_TYPES], settings[SET_START_LIFE]
    everything, stays = settings[SET_EVERYTHING], settings[SET_STAYS_CASTABLE]
    step_keys, step_filled, step_slots, castable_sets = karsten[13], karsten[14], karsten[15], karsten[12]
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
        if starts[game] < 0:  # (the frontier its kept hand starts from: worked out once a game)
            starts[game] = start_frontier(hands[game], last, settings, kind_info, karsten)
            if starts[game] < 0:
                return KARSTEN_FULL
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
                if slot >= 0:
                    castable = step_slots[slot, 0]
                    frontier = step_slots[slot, 1]
                else:
                    status, castable, frontier = karsten_step(
                        step[0],
                        step[1],
                        step[2],
                        settings,
                        kind_info,
                        kind_units,
                        kind_land_sources,
                        turn_info,
                        turn_masks,
                        karsten,
                        hand_keys,
                        hand_filled,
                        hand_slots,
                        option_keys,
                        option_filled,
                        option_slots,
                        order_pool,
                        option_pool,
                        hand_misses,
                        option_misses,
                        missed,
                    )
                    if status == STEP_FULL:
                        return KARSTEN_FULL
                    if status != STEP_KNOWN:
                        known = False
                        break
                every = stays == 1 and castable == everything
            # the turn plan, by the state's key: life, lands, land types, the ready mana, the hand's key
            types = 0
            if reads_land_types:
                for j in range(lands):
                    types |= kind_info[lands_in_play[j], KIND_LAND_TYPES]
            state_head(life, lands, types, settings, raw)
            raw[3] = ready_size
            raw[4 : 4 + ready_size] = ready[:ready_size]
            at = 5 + ready_size
            for k in range(kinds):  # (each land kind once: one land is played a turn; each spell copy)
                copies = held[k] if not kind_info[k, KIND_LAND] else min(held[k], 1)
                for _ in range(copies):
                    raw[at] = k
                    at += 1
            raw[4 + ready_size] = at - 5 - ready_size
            packed(raw, at, key)
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
                packed(side, 1 + spells, hand_key)
                hand_slot = table_find(hand_keys, hand_filled, hand_key)
                side[0], side[1], side[2] = raw[0], raw[1], raw[2]
                land_count = 0
                for k in range(land_kinds):
                    if held[k]:
                        side[4 + land_count] = k
                        land_count += 1
                side[3] = land_count
                packed(side, 4 + land_count, option_key)
                option_slot = table_find(option_keys, option_filled, option_key)
                if hand_slot < 0 or option_slot < 0:
                    if hand_slot < 0 and missed[0] < hand_misses.shape[0]:
                        hand_misses[missed[0]] = hand_key
                        missed[0] += 1
                    if option_slot < 0 and missed[1] < option_misses.shape[0]:
                        option_misses[missed[1]] = option_key
                        missed[1] += 1
                    known = False
                    break
                if plans[1] == plan_info.shape[0] or 2 * (plans[0] + 1) > plan_keys.shape[0]:
                    return PLANS_FULL
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
    return PLAYED


#: How :func:`deal_games` ends: every game dealt; stopped for want of shuffled decks; stopped at a hand
#: whose cards put on the bottom are not known (its key written to the miss).
DEALT, NEEDS_DEALS, NEEDS_BOTTOM = 0, 1, 2


@njit(cache=True)
def deal_games(
    deals: Any,
    deals_count: int,
    at: int,
    game: int,
    stages: Any,
    lands_bottomed: Any,
    counted_as_land: Any,
    commanders: Any,
    bottom_keys: Any,
    bottom_filled: Any,
    bottom_values: Any,
    hands: Any,
    libraries: Any,
    kept_at: Any,
    miss: Any,
) -> tuple[int, int, int]:
    """Deal the games of a chunk from ``game`` on, as :func:`planner.sim.planned_deals.kept_hand` deals them:
    each mulligan stage (``stages``: cards bottomed, fewest and most lands kept) takes the next shuffled deck
    (the rows of ``deals`` from ``at``, ``deals_count`` of them) until a hand is kept, its cards put on the
    bottom by the bottom table (by the hand sorted, lands and spells bottomed: the cards, a count first); the
    kept hand (the ``commanders`` with it) and the first cards of the library written to ``hands`` and
    ``libraries`` (a count then the cards), ``kept_at`` counting the stage kept. Returns the game and the deck
    it stopped at and :data:`DEALT`, :data:`NEEDS_DEALS` or :data:`NEEDS_BOTTOM` (the bottom table's key
    written to ``miss``)."""
    hand_size = HAND_SIZE
    games = hands.shape[0]
    drawn_most = libraries.shape[1] - 1
    hand = np.zeros(hand_size, dtype=np.int64)
    kept = np.zeros(hand_size, dtype=np.bool_)
    while game < games:
        first = at
        for number in range(stages.shape[0]):
            if at == deals_count:
                return game, first, NEEDS_DEALS
            order = deals[at]
            at += 1
            lands = 0
            for j in range(hand_size):
                lands += counted_as_land[order[j]]
            bottom = stages[number, 0]
            bottom_lands = lands_bottomed[lands, bottom]
            after = lands - bottom_lands
            if not (stages[number, 1] <= after <= stages[number, 2] or number == stages.shape[0] - 1):
                continue
            kept[:] = True
            bottomed = 0
            slot = 0
            if bottom:
                hand[:] = order[:hand_size]
                hand.sort()
                miss[:hand_size] = hand
                miss[hand_size], miss[hand_size + 1] = bottom_lands, bottom - bottom_lands
                slot = table_find(bottom_keys, bottom_filled, miss)
                if slot < 0:
                    return game, first, NEEDS_BOTTOM
                bottomed = bottom_values[slot, 0]
                for b in range(bottomed):  # (each card bottomed: the first copy in the hand)
                    for j in range(hand_size):
                        if kept[j] and order[j] == bottom_values[slot, 1 + b]:
                            kept[j] = False
                            break
            size = 0
            for j in range(hand_size):
                if kept[j]:
                    hands[game, 1 + size] = order[j]
                    size += 1
            for commander in commanders:
                hands[game, 1 + size] = commander
                size += 1
            hands[game, 0] = size
            library = order.shape[0] - hand_size + bottomed
            drawn = min(drawn_most, library)
            for j in range(drawn):
                if hand_size + j < order.shape[0]:
                    libraries[game, 1 + j] = order[hand_size + j]
                else:
                    libraries[game, 1 + j] = bottom_values[slot, 1 + hand_size + j - order.shape[0]]
            libraries[game, 0] = drawn
            kept_at[number] += 1
            break
        game += 1
    return game, at, DEALT
