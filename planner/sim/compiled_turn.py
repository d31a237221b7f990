"""The turn search of :mod:`planner.sim.turn_search`, compiled with numba for the decks it covers: lands
(every way of entering), rocks, mana creatures, rituals and plain spells, with no fetchland, modal
double-faced land, Treasure maker, cost changer or Phyrexian symbol. The same moves, the same order of trying
them and the same tie-breaks, so the same :class:`~planner.sim.turn_search.TurnPlan`;
``tests/test_simulate_compiled.py`` checks it against :func:`~planner.sim.turn_search.best_turn`, which stays
the reference (and plays every deck this one does not cover).

A deck's kinds become small integer arrays once (:class:`CompiledTurns`); a turn's state becomes its ready
mana, the spells in hand, the land plays (worked out in Python, as the reference does) and the event orders
(kept per hand); the compiled part (:mod:`planner.sim.compiled_kernels`) tries every land play and order,
finds the best other spells by a bounded search, and measures the tie-breaks, each payment a maximum
bipartite matching (the size of a maximum matching is one number, whichever augmenting paths find it).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

import numpy as np

from planner.sim.kinds import CardKind
from planner.sim.lands import Entry
from planner.sim.matching import ANY_TYPE
from planner.sim.turn_search import TurnPlan, TurnState, TurnTables, _entries

__all__ = ["CompiledTurns", "compiled_covers"]

_ROLES: Final = {"land": 0, "source": 1, "ritual": 2, "spell": 3}


def compiled_covers(kinds: Sequence[CardKind]) -> bool:
    """Whether the compiled turn search plays this deck's kinds (else the Python search does).

    >>> compiled_covers([CardKind(0, "Bear", "spell", 2, demand=(16, ANY_TYPE))])
    True
    >>> compiled_covers([CardKind(0, "Gut", "spell", 1, phyrexian=1)])
    False
    """
    return all(
        k.search is None
        and not k.land_face
        and not k.treasures
        and not k.cost_changes
        and not k.changes_later  # (nor a replacement of creating Treasures)
        and not k.phyrexian
        and k.role in _ROLES
        and (k.role != "land" or k.land is not None)
        for k in kinds
    )


def _padded(rows: Sequence[Sequence[int]]) -> tuple[np.ndarray, np.ndarray]:
    """Rows of different lengths as one array (padded with 0) and their lengths."""
    width = max((len(r) for r in rows), default=0)
    table = np.zeros((len(rows), max(1, width)), dtype=np.int64)
    for number, row in enumerate(rows):
        table[number, : len(row)] = row
    return table, np.array([len(r) for r in rows], dtype=np.int64)


class CompiledTurns:
    """The compiled turn search of one deck's kinds (:func:`compiled_covers` must hold): :meth:`best_turn`
    is :func:`planner.sim.turn_search.best_turn` for a state with a land play, no Treasures and no cost
    changers in play.

    >>> from planner.sim.lands import LandProfile
    >>> forest = CardKind(0, "Forest", "land", 0, units=(16,), land=LandProfile(sources=(16,)))
    >>> kinds = [forest, CardKind(1, "Bears", "spell", 2, demand=(16, ANY_TYPE))]
    >>> plan = CompiledTurns(kinds, [1]).best_turn(TurnState((16,), frozenset(), 1, (0, 1), 20))
    >>> plan.land, plan.cast, sorted(plan.castable)
    (0, (1,), [1])
    """

    def __init__(self, kinds: Sequence[CardKind], castable_of: Sequence[int]) -> None:
        assert compiled_covers(kinds)
        from planner.sim.compiled_kernels import best_turn_arrays  # (numba: only where it is used)

        self._kernel = best_turn_arrays
        self.kinds = list(kinds)
        self._tables = TurnTables(kinds, castable_of)  # (its event orders, kept per hand)
        self._orders: dict[tuple[int, ...], tuple[np.ndarray, np.ndarray, np.ndarray]] = {}
        # per hand: its land kinds (each once) and its spells' arrays (:meth:`_event_orders`)
        self._hands: dict[tuple[int, ...], tuple[tuple[int, ...], np.ndarray, np.ndarray, np.ndarray]] = {}
        self._is_land = [k.role == "land" for k in kinds]
        # the plans met, by the option chosen, the kinds cast and the kinds castable (each made once)
        self._plans: dict[tuple[tuple[int, int, int], bytes, bytes], TurnPlan] = {}
        # the kernel's arrays of what many states share: the land plays, the ready mana
        self._options: dict[tuple[object, ...], tuple[list[tuple[int, int, int]], np.ndarray]] = {}
        self._ready: dict[tuple[int, ...], np.ndarray] = {}
        demand, demand_len = _padded([k.demand for k in kinds])
        colored, colored_len = _padded([[m for m in k.demand if m != ANY_TYPE] for k in kinds])
        units, units_len = _padded([k.units for k in kinds])
        sources, sources_len = _padded([k.land.sources if k.land is not None else () for k in kinds])
        wanted = set(castable_of)
        # per kind, one row of numbers (the columns _ROLE … _WANTED) and four rows of masks (_DEMAND …)
        self._info = np.array(
            [
                [
                    _ROLES[k.role],
                    k.mana_value,
                    demand_len[k.index],
                    colored_len[k.index],
                    units_len[k.index],
                    sources_len[k.index],
                    k.copies if k.role != "land" else 0,
                    bin(k.land.types).count("1") if k.land is not None else 0,
                    k.land is not None and k.land.entry is not Entry.SICK,
                    k.index in wanted,
                ]
                for k in kinds
            ],
            dtype=np.int64,
        ).reshape(len(kinds), 10)
        width = max(demand.shape[1], units.shape[1], sources.shape[1])
        self._masks = np.zeros((4, len(kinds), width), dtype=np.int64)
        for row, table in enumerate((demand, colored, units, sources)):
            self._masks[row, :, : table.shape[1]] = table

    def entries(self) -> int:
        """How many answers it keeps (event orders per hand, castable sets, its tables'): what the run's
        memory budget counts (:data:`planner.sim.planned.MEMO_ENTRIES`)."""
        shared = len(self._options) + len(self._ready)
        return len(self._orders) + len(self._hands) + len(self._plans) + shared + self._tables.entries()

    def forget(self) -> None:
        """Forget the answers kept (the arrays of the deck stay)."""
        self._orders.clear()
        self._hands.clear()
        self._plans.clear()
        self._options.clear()
        self._ready.clear()
        self._tables = TurnTables(self.kinds, self._tables.castable_of)

    def _land_options(
        self, lands: tuple[int, ...], state: TurnState
    ) -> tuple[list[tuple[int, int, int]], np.ndarray]:
        """The land plays of a state whose hand holds the land kinds ``lands``: none, then each land each way
        it can enter (:func:`~planner.sim.turn_search._entries`, which reads the state's land types, lands
        and life), as a list and as the kernel's array."""
        options: list[tuple[int, int, int]] = [(-1, 0, 0)]
        for index in lands:
            options += [(index, int(tapped), life) for tapped, life in _entries(self.kinds[index], state)]
        return options, np.array(options, dtype=np.int64)

    def _event_orders(self, spells: tuple[int, ...]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """The spells in hand and their event orders (:meth:`TurnTables.event_orders`) as arrays."""
        found = self._orders.get(spells)
        if found is None:
            orders = self._tables.event_orders(spells)
            table, lengths = _padded(orders)
            found = self._orders[spells] = (np.array(spells, dtype=np.int64), table, lengths)
        return found

    def best_turn(self, state: TurnState) -> TurnPlan:
        """:func:`planner.sim.turn_search.best_turn` of ``state`` (see the class docstring)."""
        assert state.land_play and not state.changers and not state.treasures
        return self.plan(state.ready, state.land_types, state.lands, state.hand, state.life)

    def plan(
        self, ready: tuple[int, ...], land_types: frozenset[str], lands: int, hand: tuple[int, ...], life: int
    ) -> TurnPlan:
        """:meth:`best_turn` of the state with these fields (a land play, no Treasures, no cost changers),
        a :class:`TurnState` made only for land plays not met before."""
        split = self._hands.get(hand)
        if split is None:
            is_land = self._is_land
            in_hand = tuple(i for i in hand if not is_land[i])
            split = self._hands[hand] = (
                tuple(sorted({i for i in hand if is_land[i]})),
                *self._event_orders(in_hand),
            )
        lands_in_hand, spells, orders, order_lengths = split
        played = (lands_in_hand, land_types, lands, life)
        found = self._options.get(played)
        if found is None:
            state = TurnState(ready, land_types, lands, hand, life)
            found = self._options[played] = self._land_options(lands_in_hand, state)
        options, options_array = found
        ready_array = self._ready.get(ready)
        if ready_array is None:
            ready_array = self._ready[ready] = np.array(ready, dtype=np.int64)
        chosen, cast, castable = self._kernel(
            ready_array, spells, options_array, life, orders, order_lengths, self._info, self._masks
        )
        option = options[chosen]
        key = (option, cast.tobytes(), castable.tobytes())  # (many states share their plan: made once)
        found_plan = self._plans.get(key)
        if found_plan is None:
            land, tapped, paid = option
            frozen = frozenset(np.flatnonzero(castable).tolist())
            found_plan = self._plans[key] = TurnPlan(land, bool(tapped), paid, tuple(cast.tolist()), frozen)
        return found_plan
