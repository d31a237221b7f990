"""The planned goldfish's game loop compiled (numba) for the decks it covers (:func:`games_covered`: the
compiled turn search's fragment, with no bounce land): the same games, the same figures as the Python loop of
:func:`planner.sim.planned.planned_counts`, which stays the reference (``tests/test_simulate_compiled.py``
compares them game by game) and plays every other deck.

A chunk's games are dealt by a kernel (:func:`planner.sim.compiled_game_kernels.deal_games`: the same
shuffled decks, drawn a block at a time from the chunk's stream as the Python loop draws them, the same
mulligans, the cards a kept hand bottoms worked out once per hand in Python); the compiled loop
(:func:`planner.sim.compiled_game_kernels.play_games`) then plays every game: each turn plan by the
state's key (life, lands, land types, the ready mana, the hand's key), a plan not known searched there
(the compiled turn search); each step of Karsten's measure by (frontier, card drawn, turns left), a step
not known worked out there too (:mod:`planner.sim.compiled_karsten`, the reference being
:meth:`KarstenPlanned.step`), all in hash tables of arrays. A game that meets a hand whose event orders or
land plays are not known stops there; those a pass over the chunk missed are worked out in Python and
added to the tables, and the games not played are played again from their start (a game is a function of
its deal, so a game played again plays the same).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

import numpy as np

from planner.sim import compiled_game_kernels as kernels
from planner.sim import compiled_karsten
from planner.sim.compiled_columns import (
    COUNT_FRONTIERS,
    COUNT_NEEDED,
    COUNT_POOL,
    COUNT_POSITIONS,
    COUNT_SETS,
    COUNT_STEPS,
    COUNTS,
    KIND_COLUMNS,
    KIND_DUE,
    KIND_LAND,
    KIND_LAND_SOURCES,
    KIND_LAND_TYPES,
    KIND_MOVABLE,
    KIND_PAINFUL,
    KIND_RELEVANT,
    KIND_SOURCE,
    KIND_UNITS,
    KIND_WAITS,
    KIND_WEIGHT,
    ROW_HAND,
    ROW_HEAD,
    ROW_LANDS,
    ROW_LIFE,
    ROW_SOURCES,
    SET_ANY_PAINFUL,
    SET_EVERYTHING,
    SET_EXTRA,
    SET_FIRST,
    SET_HAND_WIDTH,
    SET_LAND_LIFE,
    SET_LANDS_WIDTH,
    SET_LAST,
    SET_LIFE_CAP,
    SET_PHYREXIAN_LIFE,
    SET_READS_LAND_TYPES,
    SET_READS_LANDS,
    SET_READS_LIFE,
    SET_READY_WIDTH,
    SET_START_LIFE,
    SET_STAYS_CASTABLE,
    SETTINGS,
)
from planner.sim.compiled_karsten import KEY_BYTES
from planner.sim.compiled_tables import frontier_grown, table_grown, table_put
from planner.sim.compiled_turn import CompiledTurns
from planner.sim.game import HAND_SIZE
from planner.sim.karsten_planned import KarstenPlanned, Position
from planner.sim.kinds import CardKind
from planner.sim.turn_search import TurnState

if TYPE_CHECKING:
    from planner.sim.planned import PlannedRun, _Reads

__all__ = ["CompiledGames", "Dealing", "GameCounts", "KarstenTables", "compiled_counts", "games_covered"]


#: The slots a new table starts with (doubled whenever it is half full).
_FIRST_CAPACITY: Final = 1 << 12


def games_covered(kinds: Sequence[CardKind], compiled_turns: bool) -> bool:
    """Whether the compiled game loop plays a deck of these kinds, its turns searched by the compiled turn
    search (``compiled_turns``): no bounce land (its return rebuilds the ready mana), and nothing outside the
    compiled search's fragment (no fetchland, Treasure, cost changer, Phyrexian symbol or land face).

    >>> from planner.sim.lands import LandProfile
    >>> forest = CardKind(0, "Forest", "land", 0, units=(16,), land=LandProfile(sources=(16,)))
    >>> games_covered([forest], True), games_covered([forest], False)
    (True, False)
    """
    return compiled_turns and not any(k.bounce or k.search is not None for k in kinds)


class _Table:
    """A hash table of int64 rows (:mod:`~planner.sim.compiled_game_kernels`), grown as it fills."""

    def __init__(self, width: int, values: int) -> None:
        self.width, self.value_width = width, values
        self.clear()

    def clear(self) -> None:
        self.keys = np.zeros((_FIRST_CAPACITY, self.width), dtype=np.int64)
        self.filled = np.zeros(_FIRST_CAPACITY, dtype=np.int64)
        self.values = np.zeros((_FIRST_CAPACITY, self.value_width), dtype=np.int64)
        self.count = 0

    def put(self, rows: np.ndarray, values: np.ndarray) -> None:
        """Keep each row with its values (the table grown first if it would be more than half full)."""
        self.room(len(rows))
        self.count = table_put(self.keys, self.filled, self.values, rows, values, self.count)

    def room(self, more: int) -> None:
        """Grow the table (doubling) until ``more`` keys more leave it at most half full."""
        capacity = self.keys.shape[0]
        while 2 * (self.count + more) > capacity:
            capacity *= 2
        if capacity > self.keys.shape[0]:
            self.keys, self.filled, self.values = table_grown(self.keys, self.filled, self.values, capacity)


class _Rows:
    """Rows of int64 numbers growing by doubling (a table's answers by number)."""

    def __init__(self, width: int, dtype: type = np.int64) -> None:
        self.width, self.dtype = width, dtype
        self.clear()

    def clear(self) -> None:
        self.array: np.ndarray = np.zeros((64, max(1, self.width)), dtype=self.dtype)
        self.count = 0

    def room(self, more: int) -> None:
        """Grow the rows (doubling) until ``more`` rows more fit."""
        while self.count + more > self.array.shape[0]:
            self.array = np.concatenate([self.array, np.zeros_like(self.array)])

    def add(self, row: Sequence[int] | np.ndarray) -> int:
        """The number of the row added."""
        self.room(1)
        self.array[self.count, : len(row)] = row
        self.count += 1
        return self.count - 1


class KarstenTables:
    """Karsten's compiled record (:mod:`~planner.sim.compiled_karsten`): the positions, frontiers, castable
    sets and steps met, in hash tables of arrays (:mod:`~planner.sim.compiled_tables`) grown by doubling
    (:meth:`grow`); :meth:`arrays` is what the kernels read.

    >>> tables = KarstenTables(kinds=3, width=8)
    >>> len(tables.arrays()), tables.entries()
    (16, 0)
    """

    def __init__(self, kinds: int, width: int) -> None:
        self.kinds, self.width = kinds, width
        self.clear()

    def clear(self) -> None:
        """Forget everything kept."""
        slots = _FIRST_CAPACITY
        self.counts = np.zeros(COUNTS, dtype=np.int64)
        self.positions = _Table(self.width, 1)
        self.position_rows = np.zeros((slots // 2, self.width), dtype=np.int64)
        self.frontier_numbers = np.zeros(slots, dtype=np.int64)
        self.frontier_filled = np.zeros(slots, dtype=np.int64)
        self.frontier_ranges = np.zeros((slots // 2, 2), dtype=np.int64)
        self.frontier_pool = np.zeros(slots, dtype=np.int64)
        self.sets = _Table(-(-self.kinds // 62), 1)  # (by the kinds' bits, 62 an int64)
        self.castable_sets = np.zeros((slots // 2, self.kinds), dtype=np.int64)
        self.steps = _Table(3, 2)  # (frontier, card drawn, turns left) -> (castable set, next frontier)

    def arrays(self) -> tuple[np.ndarray, ...]:
        """The arrays :func:`~planner.sim.compiled_karsten.karsten_step` reads, in its order."""
        return (
            self.counts,
            self.positions.keys,
            self.positions.filled,
            self.positions.values,
            self.position_rows,
            self.frontier_numbers,
            self.frontier_filled,
            self.frontier_ranges,
            self.frontier_pool,
            self.sets.keys,
            self.sets.filled,
            self.sets.values,
            self.castable_sets,
            self.steps.keys,
            self.steps.filled,
            self.steps.values,
        )

    def entries(self) -> int:
        """How many answers the tables keep (what the run's budgets count)."""
        counts = self.counts
        return int(
            counts[COUNT_POSITIONS] + counts[COUNT_FRONTIERS] + counts[COUNT_SETS] + counts[COUNT_STEPS]
        )

    def grow(self, more: int) -> None:
        """Room in every table for ``more`` positions, a frontier, a castable set and a step more."""
        counts = self.counts
        self.positions.count = int(counts[COUNT_POSITIONS])
        self.positions.room(more)
        self.position_rows = _room(self.position_rows, int(counts[COUNT_POSITIONS]) + more)
        self.sets.count = int(counts[COUNT_SETS])
        self.sets.room(1)
        self.castable_sets = _room(self.castable_sets, int(counts[COUNT_SETS]) + 1)
        self.steps.count = int(counts[COUNT_STEPS])
        self.steps.room(1)
        self.frontier_ranges = _room(self.frontier_ranges, int(counts[COUNT_FRONTIERS]) + 1)
        self.frontier_pool = _room(self.frontier_pool, int(counts[COUNT_POOL]) + more)
        capacity = self.frontier_numbers.shape[0]
        while 2 * (int(counts[COUNT_FRONTIERS]) + 1) > capacity:
            capacity *= 2
        if capacity > self.frontier_numbers.shape[0]:
            self.frontier_numbers, self.frontier_filled = frontier_grown(
                self.frontier_numbers,
                self.frontier_filled,
                self.frontier_ranges,
                self.frontier_pool,
                capacity,
            )


def _room(rows: np.ndarray, size: int) -> np.ndarray:
    """``rows`` (doubled as often as needed) with room for ``size`` rows.

    >>> _room(np.zeros((2, 3)), 5).shape
    (8, 3)
    """
    length = rows.shape[0]
    while length < size:
        length *= 2
    if length == rows.shape[0]:
        return rows
    grown = np.zeros((length, *rows.shape[1:]), dtype=rows.dtype)
    grown[: rows.shape[0]] = rows
    return grown


class CompiledGames:
    """The compiled game loop of one run's deck (:func:`games_covered` must hold) and the tables it keeps:
    the turn plans and Karsten's steps met, numbered, with the plans and castable sets they lead to."""

    def __init__(
        self,
        kinds: Sequence[CardKind],
        weights: Sequence[int],
        karsten: KarstenPlanned,
        search: CompiledTurns,
        turns: int,
        hand: int,
        reads: _Reads,
    ) -> None:
        self.kinds = list(kinds)
        self.karsten = karsten
        self.search = search
        self.turns = turns  # (the last turn asked about: a game's frontiers are of this many turns)
        count = len(kinds)
        land_kinds = sum(1 for k in kinds if k.role == "land")
        self.type_names = sorted({t for k in kinds if k.land is not None for t in k.land.land_types})
        bit = {name: 1 << number for number, name in enumerate(self.type_names)}
        units = max((len(k.units) for k in kinds), default=0)
        sources = max((len(k.land.sources) for k in kinds if k.land is not None), default=0)
        self.kind_units = np.zeros((count, max(1, units)), dtype=np.int64)
        self.kind_land_sources = np.zeros((count, max(1, sources)), dtype=np.int64)
        self.kind_info = np.zeros((count, KIND_COLUMNS), dtype=np.int64)
        waits = karsten.waits
        for k in kinds:
            row = self.kind_info[k.index]
            row[KIND_LAND] = k.index < land_kinds
            row[KIND_SOURCE] = k.role == "source"
            row[KIND_UNITS] = len(k.units)
            self.kind_units[k.index, : len(k.units)] = k.units
            if k.land is not None:
                row[KIND_LAND_SOURCES] = len(k.land.sources)
                self.kind_land_sources[k.index, : len(k.land.sources)] = k.land.sources
                row[KIND_LAND_TYPES] = sum(bit[t] for t in k.land.land_types)
                row[KIND_PAINFUL] = k.land.painful
            row[KIND_RELEVANT] = karsten.relevant[k.index]
            row[KIND_WEIGHT] = weights[k.index]
            row[KIND_DUE] = max(1, k.mana_value) if k.role != "land" else -1
            row[KIND_WAITS] = waits[k.index]
            row[KIND_MOVABLE] = k.index in karsten.movable
        # the most cards in hand (the kept hand, a card a turn) and units ready (each land's, each source's)
        self.hand_width = hand + turns
        self.ready_width = turns * max(1, sources) + self.hand_width * max(1, units)
        self.key_width = 5 + self.ready_width + self.hand_width  # (bytes: KEY_BYTES an int64)
        self.plans = _Table(-(-self.key_width // KEY_BYTES), 1)
        # a hand's spells (their event orders) and land plays, by key (packed, as the plans')
        self.hands = _Table(-(-(1 + self.hand_width) // KEY_BYTES), 4)
        self.options = _Table(-(-(4 + self.hand_width) // KEY_BYTES), 2)
        self._spells = _Rows(self.hand_width)  # a hand's spells
        self._orders = _Rows(1 + self.hand_width)  # an event order: its length, then its kinds
        self._land_plays = _Rows(3)  # a land play: the land (-1 for none), entered tapped, life paid
        self._plan_info = _Rows(3)  # per plan: the land, entered tapped, life paid
        self._plan_cast = _Rows(count, np.int8)  # per plan: the copies of each kind cast
        self._plan_castable = _Rows(count, np.int8)  # per plan: 1 for each kind castable
        self._plan_counts = np.zeros(2, dtype=np.int64)  # (the plan table's keys, the plans kept)
        # Karsten's record: a position's row holds its life, its counts, then its lands, mana permanents
        # and hand (compiled_columns.ROW_HEAD)
        self.record = KarstenTables(count, ROW_HEAD + turns + 2 * self.hand_width)
        # a kept hand's cards put on the bottom (a count first), by the seven sorted, lands, spells bottomed
        self.bottoms = _Table(HAND_SIZE + 2, 1 + HAND_SIZE)
        self._starts: dict[tuple[int, ...], int] = {}
        # the settings the kernels read (those of a run's chunks are set by compiled_counts)
        self.settings = np.zeros(SETTINGS, dtype=np.int64)
        settings = self.settings
        settings[SET_READS_LAND_TYPES] = reads.land_types
        settings[SET_READS_LANDS] = reads.lands
        settings[SET_READS_LIFE] = reads.life
        settings[SET_LIFE_CAP] = reads.life_cap
        settings[SET_START_LIFE] = karsten.start_life
        settings[SET_STAYS_CASTABLE] = karsten.stays_castable
        settings[SET_READY_WIDTH] = self.ready_width
        settings[SET_ANY_PAINFUL] = any(k.land is not None and k.land.painful for k in kinds)
        settings[SET_LAND_LIFE] = karsten.land_life
        settings[SET_PHYREXIAN_LIFE] = karsten.phyrexian_life
        settings[SET_LANDS_WIDTH] = turns
        settings[SET_HAND_WIDTH] = self.hand_width
        self.everything = self._set_number(karsten.everything)

    def entries(self) -> int:
        """How many answers the tables keep (what the run's budgets count)."""
        tables = self.plans.count + self.hands.count + self.options.count + self.bottoms.count
        return tables + self.record.entries() + len(self._starts)

    def forget(self) -> None:
        """Forget every plan and step kept (the deck's arrays stay)."""
        for table in (self.plans, self.hands, self.options, self.bottoms):
            table.clear()
        for rows in (
            self._spells,
            self._orders,
            self._land_plays,
            self._plan_info,
            self._plan_cast,
            self._plan_castable,
        ):
            rows.clear()
        self._plan_counts[:] = 0
        self.record.clear()
        self._starts.clear()
        self.everything = self._set_number(self.karsten.everything)

    def _set_number(self, castable: frozenset[int]) -> int:
        """The number of a castable set in Karsten's record (numbered when first met)."""
        record = self.record
        record.grow(0)
        row = np.zeros(len(self.kinds), dtype=np.int64)
        row[sorted(castable)] = 1
        return int(compiled_karsten.set_number(row, record.arrays()))

    def position_row(self, position: Position) -> np.ndarray:
        """A position of Karsten's measure as the compiled record's row (no lands fetched, cost changers or
        Treasures: the compiled game loop's decks have none)."""
        lands, sources, hand, life, fetched, changers, treasures = position
        assert not fetched and not changers and not treasures
        row = np.zeros(self.record.width, dtype=np.int64)
        row[ROW_LIFE], row[ROW_LANDS], row[ROW_SOURCES], row[ROW_HAND] = (
            life,
            len(lands),
            len(sources),
            len(hand),
        )
        sources_at = ROW_HEAD + self.turns
        hand_at = sources_at + self.hand_width
        row[ROW_HEAD : ROW_HEAD + len(lands)] = lands
        row[sources_at : sources_at + len(sources)] = sources
        row[hand_at : hand_at + len(hand)] = hand
        return row

    def frontier_number(self, frontier: Sequence[Position]) -> int:
        """The number of a frontier (positions none of which dominates another) in Karsten's record."""
        record = self.record
        record.grow(len(frontier))
        rows = np.zeros((max(1, len(frontier)), record.width), dtype=np.int64)
        for at, position in enumerate(frontier):
            rows[at] = self.position_row(position)
        return int(compiled_karsten.frontier_of(rows, len(frontier), record.arrays()))

    def frontier(self, number: int) -> tuple[Position, ...]:
        """The positions of the frontier numbered ``number``, sorted (as :class:`KarstenPlanned` keeps
        them)."""
        record = self.record
        first, size = record.frontier_ranges[number].tolist()
        sources_at = ROW_HEAD + self.turns
        hand_at = sources_at + self.hand_width
        found: list[Position] = []
        for position in record.frontier_pool[first : first + size].tolist():
            row = record.position_rows[position].tolist()
            lands = tuple(row[ROW_HEAD : ROW_HEAD + row[ROW_LANDS]])
            sources = tuple(row[sources_at : sources_at + row[ROW_SOURCES]])
            hand = tuple(row[hand_at : hand_at + row[ROW_HAND]])
            found.append((lands, sources, hand, row[ROW_LIFE], (), (), 0))
        return tuple(sorted(found))

    def step(self, frontier: int, drawn: int, turns_left: int) -> tuple[frozenset[int], int]:
        """Karsten's step of the frontier numbered ``frontier`` by the compiled record (for the tests, as
        :meth:`KarstenPlanned.step` is called): the kinds castable and the next frontier's number."""
        hand_misses = np.zeros((64, self.hands.width), dtype=np.int64)
        option_misses = np.zeros((64, self.options.width), dtype=np.int64)
        missed = np.zeros(2, dtype=np.int64)
        while True:
            missed[:] = 0
            status, castable, after = compiled_karsten.karsten_step(
                frontier,
                drawn,
                turns_left,
                self.settings,
                self.kind_info,
                self.kind_units,
                self.kind_land_sources,
                self.search._info,
                self.search._masks,
                self.record.arrays(),
                self.hands.keys,
                self.hands.filled,
                self.hands.values,
                self.options.keys,
                self.options.filled,
                self.options.values,
                self._orders.array,
                self._land_plays.array,
                hand_misses,
                option_misses,
                missed,
            )
            if status == compiled_karsten.STEP_KNOWN:
                kinds = np.flatnonzero(self.record.castable_sets[castable]).tolist()
                return frozenset(kinds), int(after)
            self._learn(hand_misses, option_misses, missed)
            if status == compiled_karsten.STEP_FULL:
                self.record.grow(int(self.record.counts[COUNT_NEEDED]))

    def _learn(self, hand_misses: np.ndarray, option_misses: np.ndarray, missed: np.ndarray) -> None:
        """Work out the hands' event orders and land plays a pass missed (``missed``: how many of each)."""
        if missed[0]:
            self.learn_hands(hand_misses[: missed[0]])
        if missed[1]:
            self.learn_options(option_misses[: missed[1]])

    def start(self, hand: Sequence[int]) -> int:
        """The number of the frontier a game of this kept hand (the commanders with it) starts from (as
        :class:`~planner.sim.karsten_planned.KarstenGame` starts)."""
        relevant = self.karsten.relevant
        held = tuple(sorted(i for i in hand if relevant[i]))
        found = self._starts.get(held)
        if found is None:
            record = self.karsten
            position: Position = ((), (), held, record.start_life, (), (), 0)
            found = self._starts[held] = self.frontier_number((record.within(position, self.turns),))
        return found

    def fits(self) -> bool:
        """Whether every number of a plan's key fits in a byte (the kinds, the units ready, the cards in
        hand, the unit masks: the key packs them, :func:`~planner.sim.compiled_game_kernels._packed`)."""
        widest = max(len(self.kinds), self.ready_width, self.hand_width, 1 + int(self.kind_units.max()))
        types = len(self.type_names) <= 8  # (the land types in play: a bit each)
        return widest <= 255 and int(self.kind_land_sources.max()) <= 255 and types

    def _unpacked(self, rows: np.ndarray, width: int) -> list[list[int]]:
        """Each distinct packed key of ``rows`` (each once, in the order met) as its numbers, and the
        distinct keys as an array (:func:`~planner.sim.compiled_game_kernels._packed`)."""
        shifts = 8 * (np.arange(width * KEY_BYTES) % KEY_BYTES)
        numbers: list[list[int]] = (np.repeat(rows, KEY_BYTES, axis=1) >> shifts & 255).tolist()
        return numbers

    def learn_hands(self, rows: np.ndarray) -> None:
        """Work out the event orders of the hands of spells whose keys are ``rows``, and keep them."""
        unique = _distinct(rows)
        where = np.zeros((len(unique), 4), dtype=np.int64)
        for at, row in enumerate(self._unpacked(unique, self.hands.width)):
            spells, orders, lengths = self.search._event_orders(tuple(row[1 : 1 + row[0]]))
            first = self._orders.count
            for length, order in zip(lengths.tolist(), orders.tolist(), strict=True):
                self._orders.add([length, *order[:length]])
            where[at] = (self._spells.add(spells), len(spells), first, len(lengths))
        self.hands.put(unique, where)

    def learn_options(self, rows: np.ndarray) -> None:
        """Work out the land plays (:meth:`CompiledTurns._land_options`) whose keys are ``rows`` (life, lands,
        land types, then the land kinds in hand), and keep them."""
        unique = _distinct(rows)
        where = np.zeros((len(unique), 2), dtype=np.int64)
        names = self.type_names
        for at, row in enumerate(self._unpacked(unique, self.options.width)):
            life, lands, types, count = row[:4]
            land_types = frozenset(name for bit, name in enumerate(names) if types >> bit & 1)
            state = TurnState((), land_types, lands, (), life)
            options, _ = self.search._land_options(tuple(row[4 : 4 + count]), state)
            first = self._land_plays.count
            for option in options:
                self._land_plays.add(option)
            where[at] = (first, len(options))
        self.options.put(unique, where)

    def deal(
        self,
        next_block: Callable[[], np.ndarray],
        dealing: Dealing,
        commanders: np.ndarray,
        hands: np.ndarray,
        libraries: np.ndarray,
    ) -> None:
        """Deal a chunk's games (:func:`~planner.sim.compiled_game_kernels.deal_games`) from the shuffled
        decks ``next_block`` draws (a block at a time, as the Python loop draws them): each kept hand (the
        ``commanders`` with it) and the first cards of its library written to ``hands`` and ``libraries``."""
        deals = np.zeros((0, 0), dtype=np.int64)
        count = at = game = 0
        kept_at = np.zeros(len(dealing.stages), dtype=np.int64)
        miss = np.zeros(self.bottoms.width, dtype=np.int64)
        while True:
            game, at, status = kernels.deal_games(
                deals,
                count,
                at,
                game,
                dealing.stages,
                dealing.lands_bottomed,
                dealing.counted_as_land,
                commanders,
                self.bottoms.keys,
                self.bottoms.filled,
                self.bottoms.values,
                hands,
                libraries,
                kept_at,
                miss,
            )
            if status == kernels.DEALT:
                break
            if status == kernels.NEEDS_DEALS:
                block = next_block()
                if count + len(block) > len(deals):  # (room for twice as many)
                    grown = np.zeros((2 * (count + len(block)), block.shape[1]), dtype=np.int64)
                    if count:
                        grown[:count] = deals[:count]
                    deals = grown
                deals[count : count + len(block)] = block
                count += len(block)
            else:
                key = miss.tolist()
                bottom = dealing.bottom_of(tuple(key[:-2]), key[-2], key[-1])
                value = np.zeros((1, self.bottoms.value_width), dtype=np.int64)
                value[0, : 1 + len(bottom)] = (len(bottom), *bottom)
                self.bottoms.put(miss[None, :], value)
        for number, kept in enumerate(kept_at.tolist()):
            dealing.kept_at[number] += kept

    def play(
        self,
        settings: np.ndarray,
        hands: np.ndarray,
        libraries: np.ndarray,
        starts: np.ndarray,
        counts: GameCounts,
    ) -> np.ndarray:
        """Play the dealt games (``hands`` and ``libraries``: a count then the cards, a row a game) to the
        end, adding their figures to ``counts``; each game's score and life lost, in order."""
        games = len(hands)
        done = np.zeros(games, dtype=np.int64)
        scores = np.zeros((games, 2), dtype=np.int64)
        # (a game stops at its first turn missing something, but a Karsten step reads several hands)
        hand_misses = np.zeros((2 * games, self.hands.width), dtype=np.int64)
        option_misses = np.zeros((2 * games, self.options.width), dtype=np.int64)
        missed = np.zeros(2, dtype=np.int64)
        search = self.search
        while True:
            missed[:] = 0
            status = kernels.play_games(
                settings,
                self.kind_info,
                self.kind_units,
                self.kind_land_sources,
                hands,
                libraries,
                starts,
                done,
                self._plan_counts,
                self.plans.keys,
                self.plans.filled,
                self.plans.values,
                self._plan_info.array,
                self._plan_cast.array,
                self._plan_castable.array,
                self.hands.keys,
                self.hands.filled,
                self.hands.values,
                self.options.keys,
                self.options.filled,
                self.options.values,
                self._spells.array,
                self._orders.array,
                self._land_plays.array,
                search._info,
                search._masks,
                self.record.arrays(),
                counts.tallies,
                counts.castable,
                counts.as_played,
                scores,
                hand_misses,
                option_misses,
                missed,
            )
            self.plans.count = int(self._plan_counts[0])
            for rows in (self._plan_info, self._plan_cast, self._plan_castable):
                rows.count = int(self._plan_counts[1])
            if status == kernels.PLAYED and not missed.any():
                return scores
            self._learn(hand_misses, option_misses, missed)
            if status == kernels.PLANS_FULL:  # (room for as many plans again)
                self.plans.room(self.plans.count + 1)
                for rows in (self._plan_info, self._plan_cast, self._plan_castable):
                    rows.room(rows.count + 1)
            elif status == kernels.KARSTEN_FULL:
                self.record.grow(int(self.record.counts[COUNT_NEEDED]))


def _distinct(rows: np.ndarray) -> np.ndarray:
    """The distinct rows of ``rows``, in the order first met.

    >>> _distinct(np.array([[2, 1], [0, 0], [2, 1]])).tolist()
    [[2, 1], [0, 0]]
    """
    return np.array(list(dict.fromkeys(map(tuple, rows.tolist()))), dtype=np.int64).reshape(-1, rows.shape[1])


@dataclass(frozen=True, slots=True, eq=False)
class Dealing:
    """How a run's games are dealt (:func:`planner.sim.planned_deals.kept_hand`): the mulligan stages (a row
    each: cards bottomed, fewest and most lands kept), the lands bottomed by (lands in the seven, cards
    bottomed), per kind 1 for a card counted as a land, the hands kept at each stage (added to), and the
    cards a kept hand puts on the bottom (by the hand sorted, lands and spells bottomed: worked out once
    per run by the memo)."""

    stages: np.ndarray
    lands_bottomed: np.ndarray
    counted_as_land: np.ndarray
    kept_at: list[int]
    bottom_of: Callable[[tuple[int, ...], int, int], tuple[int, ...]]


class GameCounts:
    """The tallies the compiled loop adds to: per kind (hits, hits as played, in hand hits, land drops,
    drop hits, cast hits, and the life paid in row 6), and per reported turn and kind, the games castable by
    Karsten's measure and as played."""

    def __init__(self, kinds: int, reported: int) -> None:
        self.tallies = np.zeros((7, kinds), dtype=np.int64)
        self.castable = np.zeros((reported, kinds), dtype=np.int64)
        self.as_played = np.zeros((reported, kinds), dtype=np.int64)


def compiled_counts(
    setup: PlannedRun,
    turns: tuple[int, int],
    on_the_draw: bool,
    chunks: Iterable[tuple[int, Callable[[], np.ndarray]]],
    *,
    dealing: Dealing,
    budget: int,
    progress: Callable[[int], None] | None,
) -> tuple[GameCounts, np.ndarray]:
    """The tallies of :func:`~planner.sim.planned.planned_counts` by the compiled game loop, for a deck it
    covers, and each game's score and life lost (a row a game, in order). ``chunks`` gives each chunk's
    games and the function drawing its next block of shuffled decks, dealt by ``dealing`` as the Python
    loop deals them (no fetchland: the stream is read by the deals alone); past ``budget`` answers the run's
    memo forgets them, checked between chunks (so that no game is played twice)."""
    kinds, memo, reads, commanders = setup.kinds, setup.memo, setup.reads, setup.commanders
    assert memo.compiled is not None and not reads.library
    commander = setup.deck.is_commander
    first, last = turns
    loop = memo.compiled_games(setup, last)
    settings = loop.settings.copy()
    settings[SET_FIRST], settings[SET_LAST] = first, last
    settings[SET_EXTRA] = on_the_draw or commander
    counts = GameCounts(len(kinds), last - first + 1)
    commander_ids = np.array([k.index for k in commanders], dtype=np.int64)
    scores: list[np.ndarray] = [np.zeros((0, 2), dtype=np.int64)]
    for size, next_block in chunks:
        hands = np.zeros((size, 1 + loop.hand_width), dtype=np.int64)
        libraries = np.zeros((size, 1 + last), dtype=np.int64)
        loop.deal(next_block, dealing, commander_ids, hands, libraries)
        starts = np.full(size, -1, dtype=np.int64)  # (worked out by the game loop)
        settings[SET_EVERYTHING] = loop.everything
        scores.append(loop.play(settings, hands, libraries, starts, counts))
        if memo.entries() > budget:
            memo.forget()
        if progress is not None:
            progress(size)
    return counts, np.concatenate(scores)
