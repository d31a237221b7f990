"""The planned goldfish's game loop compiled (numba) for the decks it covers (:func:`games_covered`: the
compiled turn search's fragment, with no bounce land): the same games, the same figures as the Python loop of
:func:`planner.sim.planned.planned_counts`, which stays the reference (``tests/test_simulate_compiled.py``
compares them game by game) and plays every other deck.

A chunk's games are dealt in Python as before (the same shuffles from the same stream, the same mulligans);
the compiled loop (:func:`planner.sim.compiled_game_kernels.play_games`) then plays every game whose turns
are known: each turn plan by the state's key (life, lands, land types, the ready mana, the hand's key) and
each step of Karsten's measure by (frontier, card drawn, turns left), both in hash tables of arrays. A game
that meets a state not known stops there; the states missed by a pass over the chunk are worked out in
Python (the compiled turn search, :meth:`KarstenPlanned.step`), added to the tables, and the games not
played are played again from their start (a game is a function of its deal, so a game played again plays
the same). A pass leaves each game with one more state known, so a chunk takes at most twice its turns in
passes, plus one.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Final

import numpy as np

from planner.sim import compiled_game_kernels as kernels
from planner.sim.compiled_turn import CompiledTurns
from planner.sim.game import COMMANDER_LIFE, STARTING_LIFE
from planner.sim.karsten_planned import KarstenPlanned, Position
from planner.sim.kinds import CardKind
from planner.sim.turn_search import TurnState

if TYPE_CHECKING:
    from planner.sim.planned import PlannedRun

__all__ = ["CompiledGames", "GameCounts", "compiled_counts", "games_covered"]


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
        self.count = kernels.table_put(self.keys, self.filled, self.values, rows, values, self.count)

    def room(self, more: int) -> None:
        """Grow the table (doubling) until ``more`` keys more leave it at most half full."""
        capacity = self.keys.shape[0]
        while 2 * (self.count + more) > capacity:
            capacity *= 2
        if capacity > self.keys.shape[0]:
            self.keys, self.filled, self.values = kernels.table_grown(
                self.keys, self.filled, self.values, capacity
            )


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
        self.kind_info = np.zeros((count, kernels.KIND_COLUMNS), dtype=np.int64)
        for k in kinds:
            row = self.kind_info[k.index]
            row[kernels.KIND_LAND] = k.index < land_kinds
            row[kernels.KIND_SOURCE] = k.role == "source"
            row[kernels.KIND_UNITS] = len(k.units)
            self.kind_units[k.index, : len(k.units)] = k.units
            if k.land is not None:
                row[kernels.KIND_LAND_SOURCES] = len(k.land.sources)
                self.kind_land_sources[k.index, : len(k.land.sources)] = k.land.sources
                row[kernels.KIND_LAND_TYPES] = sum(bit[t] for t in k.land.land_types)
                row[kernels.KIND_PAINFUL] = k.land.painful
            row[kernels.KIND_RELEVANT] = karsten.relevant[k.index]
            row[kernels.KIND_WEIGHT] = weights[k.index]
            row[kernels.KIND_DUE] = max(1, k.mana_value) if k.role != "land" else -1
        # the most cards in hand (the kept hand, a card a turn) and units ready (each land's, each source's)
        self.hand_width = hand + turns
        self.ready_width = turns * max(1, sources) + self.hand_width * max(1, units)
        self.key_width = 5 + self.ready_width + self.hand_width  # (bytes: kernels.KEY_BYTES an int64)
        self.plans = _Table(-(-self.key_width // kernels.KEY_BYTES), 1)
        self.steps = _Table(3, 2)
        # a hand's spells (their event orders) and land plays, by key (packed, as the plans')
        self.hands = _Table(-(-(1 + self.hand_width) // kernels.KEY_BYTES), 4)
        self.options = _Table(-(-(4 + self.hand_width) // kernels.KEY_BYTES), 2)
        self._spells = _Rows(self.hand_width)  # a hand's spells
        self._orders = _Rows(1 + self.hand_width)  # an event order: its length, then its kinds
        self._land_plays = _Rows(3)  # a land play: the land (-1 for none), entered tapped, life paid
        self._plan_info = _Rows(3)  # per plan: the land, entered tapped, life paid
        self._plan_cast = _Rows(count, np.int8)  # per plan: the copies of each kind cast
        self._plan_castable = _Rows(count, np.int8)  # per plan: 1 for each kind castable
        self._plan_counts = np.zeros(2, dtype=np.int64)  # (the plan table's keys, the plans kept)
        self._castable_sets = _Rows(count)  # per castable set of Karsten's measure: 1 for each kind
        self._set_numbers: dict[frozenset[int], int] = {}
        self._frontier_numbers: dict[tuple[Position, ...], int] = {}
        self._frontiers: list[tuple[Position, ...]] = []
        self._starts: dict[tuple[int, ...], int] = {}
        self.everything = self._set_number(karsten.everything)

    def entries(self) -> int:
        """How many answers the tables keep (what the run's budgets count)."""
        tables = self.plans.count + self.steps.count + self.hands.count + self.options.count
        return tables + len(self._frontiers) + len(self._starts)

    def forget(self) -> None:
        """Forget every plan and step kept (the deck's arrays stay)."""
        for table in (self.plans, self.steps, self.hands, self.options):
            table.clear()
        for rows in (
            self._spells,
            self._orders,
            self._land_plays,
            self._plan_info,
            self._plan_cast,
            self._plan_castable,
            self._castable_sets,
        ):
            rows.clear()
        self._plan_counts[:] = 0
        self._set_numbers.clear()
        self._frontier_numbers.clear()
        self._frontiers.clear()
        self._starts.clear()
        self.everything = self._set_number(self.karsten.everything)

    def _set_number(self, castable: frozenset[int]) -> int:
        found = self._set_numbers.get(castable)
        if found is None:
            row = np.zeros(len(self.kinds), dtype=np.int64)
            row[sorted(castable)] = 1
            found = self._set_numbers[castable] = self._castable_sets.add(row)
        return found

    def _frontier_number(self, frontier: tuple[Position, ...]) -> int:
        found = self._frontier_numbers.get(frontier)
        if found is None:
            found = self._frontier_numbers[frontier] = len(self._frontiers)
            self._frontiers.append(frontier)
        return found

    def start(self, hand: Sequence[int]) -> int:
        """The number of the frontier a game of this kept hand (the commanders with it) starts from (as
        :class:`~planner.sim.karsten_planned.KarstenGame` starts)."""
        relevant = self.karsten.relevant
        held = tuple(sorted(i for i in hand if relevant[i]))
        found = self._starts.get(held)
        if found is None:
            record = self.karsten
            position: Position = ((), (), held, record.start_life, (), (), 0)
            found = self._starts[held] = self._frontier_number((record.within(position, self.turns),))
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
        shifts = 8 * (np.arange(width * kernels.KEY_BYTES) % kernels.KEY_BYTES)
        numbers: list[list[int]] = (np.repeat(rows, kernels.KEY_BYTES, axis=1) >> shifts & 255).tolist()
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

    def learn_steps(self, rows: np.ndarray) -> None:
        """Work out Karsten's steps (frontier, card drawn, turns left) of ``rows`` (each once), and keep
        them."""
        unique = _distinct(rows)
        answers = np.zeros((len(unique), 2), dtype=np.int64)
        for at, (frontier, drawn, turns_left) in enumerate(unique.tolist()):
            castable, after = self.karsten.step(self._frontiers[frontier], drawn, (), turns_left)
            answers[at] = (self._set_number(castable), self._frontier_number(after))
        self.steps.put(unique, answers)

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
        step_misses = np.zeros((games, 3), dtype=np.int64)
        hand_misses = np.zeros((games, self.hands.width), dtype=np.int64)
        option_misses = np.zeros((games, self.options.width), dtype=np.int64)
        search = self.search
        while True:
            missed_steps, missed_hands, missed_options, full = kernels.play_games(
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
                self.steps.keys,
                self.steps.filled,
                self.steps.values,
                self._castable_sets.array,
                counts.tallies,
                counts.castable,
                counts.as_played,
                scores,
                step_misses,
                hand_misses,
                option_misses,
            )
            self.plans.count = int(self._plan_counts[0])
            for rows in (self._plan_info, self._plan_cast, self._plan_castable):
                rows.count = int(self._plan_counts[1])
            if not (missed_steps or missed_hands or missed_options or full):
                return scores
            if missed_steps:
                self.learn_steps(step_misses[:missed_steps])
            if missed_hands:
                self.learn_hands(hand_misses[:missed_hands])
            if missed_options:
                self.learn_options(option_misses[:missed_options])
            if full:  # (room for as many plans again)
                self.plans.room(self.plans.count + 1)
                for rows in (self._plan_info, self._plan_cast, self._plan_castable):
                    rows.room(rows.count + 1)


def _distinct(rows: np.ndarray) -> np.ndarray:
    """The distinct rows of ``rows``, in the order first met.

    >>> _distinct(np.array([[2, 1], [0, 0], [2, 1]])).tolist()
    [[2, 1], [0, 0]]
    """
    return np.array(list(dict.fromkeys(map(tuple, rows.tolist()))), dtype=np.int64).reshape(-1, rows.shape[1])


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
    chunks: Iterable[tuple[int, Callable[[], tuple[list[int], list[int]]]]],
    *,
    budget: int,
    progress: Callable[[int], None] | None,
) -> tuple[GameCounts, np.ndarray]:
    """The tallies of :func:`~planner.sim.planned.planned_counts` by the compiled game loop, for a deck it
    covers, and each game's score and life lost (a row a game, in order). ``chunks`` gives each chunk's
    games and the function dealing its next kept hand and library, as the Python loop deals them (no
    fetchland: the stream is read by the deals alone); past ``budget`` answers the run's memo forgets them,
    checked between chunks (so that no game is played twice)."""
    kinds, memo, reads, commanders = setup.kinds, setup.memo, setup.reads, setup.commanders
    assert memo.compiled is not None and not reads.library
    commander = setup.deck.is_commander
    first, last = turns
    loop = memo.compiled_games(setup, last)
    settings = np.zeros(kernels.SETTINGS, dtype=np.int64)
    settings[kernels.SET_FIRST], settings[kernels.SET_LAST] = first, last
    settings[kernels.SET_EXTRA] = on_the_draw or commander
    settings[kernels.SET_READS_LAND_TYPES] = reads.land_types
    settings[kernels.SET_READS_LANDS] = reads.lands
    settings[kernels.SET_READS_LIFE] = reads.life
    settings[kernels.SET_LIFE_CAP] = reads.life_cap
    settings[kernels.SET_START_LIFE] = COMMANDER_LIFE if commander else STARTING_LIFE
    settings[kernels.SET_STAYS_CASTABLE] = setup.karsten.stays_castable
    settings[kernels.SET_READY_WIDTH] = loop.ready_width
    settings[kernels.SET_ANY_PAINFUL] = any(k.land is not None and k.land.painful for k in kinds)
    counts = GameCounts(len(kinds), last - first + 1)
    commander_ids = [k.index for k in commanders]
    scores: list[np.ndarray] = [np.zeros((0, 2), dtype=np.int64)]
    for size, deal in chunks:
        hands = np.zeros((size, 1 + loop.hand_width), dtype=np.int64)
        libraries = np.zeros((size, 1 + last), dtype=np.int64)
        starts = np.zeros(size, dtype=np.int64)
        for game in range(size):
            hand, library = deal()
            hand += commander_ids
            hands[game, 0] = len(hand)
            hands[game, 1 : 1 + len(hand)] = hand
            drawn = library[:last]
            libraries[game, 0] = len(drawn)
            libraries[game, 1 : 1 + len(drawn)] = drawn
            starts[game] = loop.start(hand)
        settings[kernels.SET_EVERYTHING] = loop.everything
        scores.append(loop.play(settings, hands, libraries, starts, counts))
        if memo.entries() > budget:
            memo.forget()
        if progress is not None:
            progress(size)
    return counts, np.concatenate(scores)
