"""The turn search of the simulation's fragment: the best plan of a turn (the land to play, then every subset
and order of the rocks and rituals in hand, then the subset of the other spells with the most mana value),
exact, and which cards some plan of the turn could cast. ``tests/test_simulate_planned.py`` checks it against
:func:`planner.turn.plan_turn` on random states; it is the reference a faster search is tested against.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from models.oracle import LandSearch
from planner.sim.kinds import CardKind, treasures_with
from planner.sim.lands import Entry
from planner.sim.matching import ANY_TYPE, Matchings

__all__ = ["TurnPlan", "TurnState", "TurnTables", "best_turn", "colored_cover", "deck_cover", "land_options"]


@dataclass(frozen=True, slots=True)
class TurnState:
    """What a turn's plan depends on: the mana units ready now (type masks), the lands in play (their basic
    land types, for check lands, and how many), the hand (kind indices, sorted), the life total, and whether
    a land play is left."""

    ready: tuple[int, ...]
    land_types: frozenset[str]
    lands: int
    hand: tuple[int, ...]
    life: int
    land_play: bool = True
    library: frozenset[int] = frozenset()  # the land kinds still in the library (read by land searches)
    changers: tuple[int, ...] = ()  # the kinds in play that change costs or Treasures (sorted)
    treasures: int = 0  # Treasure tokens in play


@dataclass(frozen=True)
class TurnPlan:
    """The best turn: the land played (its kind, whether it entered tapped, life paid) and the kinds cast,
    in order; and every kind of the deck that some plan of this turn could cast."""

    land: int
    land_tapped: bool
    land_life: int
    cast: tuple[int, ...]
    castable: frozenset[int]
    fetched: int = -1  # the land kind a land search played this turn puts onto the battlefield, or -1
    treasures_left: int = 0  # the Treasures in play after the turn (the fewest its casts need are used)


def _entries(kind: CardKind, state: TurnState) -> list[tuple[bool, int]]:
    """The ways a land from the hand enters now: (tapped, life paid)."""
    profile = kind.land
    assert profile is not None
    entry = profile.entry
    if entry is Entry.UNTAPPED:
        return [(False, 0)]
    if entry is Entry.SHOCK:
        return [(False, profile.shock_life), (True, 0)] if state.life > profile.shock_life else [(True, 0)]
    if entry is Entry.CHECK:
        return [(not (profile.untapped_with & state.land_types), 0)]
    if entry is Entry.FAST:
        return [(state.lands > 2, 0)]
    if entry is Entry.SLOW:
        return [(state.lands < 2, 0)]
    return [(True, 0)]  # tapped, or a land creature (summoning sick)


class TurnTables:
    """What :func:`best_turn` works out from parts of a state that many states share, kept across its calls
    on one deck's kinds: which of the kinds asked about are castable after a sequence (it does not depend on
    the rest of the hand), the best plain spells after a sequence, and the land choice's tie-break measures.
    Every entry is exact; the tables only spare working it out again.

    >>> forest = CardKind(0, "Forest", "land", 0, units=(16,))
    >>> kinds = [forest, CardKind(1, "Bears", "spell", 2, demand=(16, 63))]
    >>> tables = TurnTables(kinds, castable_of=[1])
    >>> tables.castable(((16, 0), (16, 0)), (), 0, 0), tables.castable(((16, 0),), (), 0, 0)
    (frozenset({1}), frozenset())
    """

    def __init__(
        self, kinds: Sequence[CardKind], castable_of: Sequence[int] = (), matchings: Matchings | None = None
    ) -> None:
        self.kinds = list(kinds)
        self.matchings = matchings if matchings is not None else Matchings()  # (the run's, when it has one)
        self.castable_of = tuple(castable_of)
        self._most_phyrexian = max((self.kinds[i].phyrexian for i in self.castable_of), default=0)
        self._castable: dict[tuple[object, ...], frozenset[int]] = {}
        self._plain: dict[tuple[object, ...], tuple[int, ...]] = {}
        self._plain_given: dict[tuple[object, ...], tuple[int, ...]] = {}  # (by the arguments as given)
        self._phyrexian = any(kind.phyrexian for kind in self.kinds)
        self._orders: dict[tuple[int, ...], list[tuple[int, ...]]] = {}
        self._next: dict[tuple[object, ...], int] = {}
        self._colored: dict[tuple[object, ...], int] = {}
        self._deck: dict[tuple[int, ...], int] = {}
        self._demands: dict[tuple[int, tuple[int, ...]], tuple[int, ...]] = {}
        self._changes = {
            (changer.index, spell): delta for changer in self.kinds for spell, delta in changer.cost_changes
        }

    def entries(self) -> int:
        """How many answers the tables keep: what a run's memory budget counts (planner.sim.planned)."""
        return sum(
            len(table)
            for table in (
                self._castable,
                self._plain,
                self._plain_given,
                self._orders,
                self._next,
                self._colored,
                self._deck,
                self._demands,
            )
        )

    def demand(self, index: int, changers: tuple[int, ...]) -> tuple[int, ...]:
        """The symbols of kind ``index``'s cost with the cost changes of ``changers`` (kinds in play, one
        entry a permanent) applied: generic mana more, or less but never below none (CR 601.2f, 118.7a)."""
        if not changers:
            return self.kinds[index].demand
        found = self._demands.get((index, changers))
        if found is None:
            demand = self.kinds[index].demand
            delta = sum(self._changes.get((changer, index), 0) for changer in changers)
            if delta > 0:
                found = (*demand, *([ANY_TYPE] * delta))
            else:
                generic = sum(1 for mask in demand if mask == ANY_TYPE)  # (sorted last: see _demand)
                found = demand[: len(demand) - min(generic, -delta)]
            self._demands[(index, changers)] = found
        return found

    def castable(
        self,
        units: tuple[tuple[int, int], ...],
        demands: tuple[tuple[int, int], ...],
        epoch: int,
        phyrexian_left: int,
        changers: tuple[int, ...] = (),
    ) -> frozenset[int]:
        """The kinds of ``castable_of`` that can be cast in ``epoch``, after the sequence whose mana is
        ``units`` and whose symbols are ``demands``, with life for ``phyrexian_left`` more Phyrexian
        symbols and the cost changes of ``changers`` in play."""
        spare = min(phyrexian_left, self._most_phyrexian)
        key = (units, demands, epoch, spare, changers)
        found = self._castable.get(key)
        if found is None:
            room = len(units) - len(demands)
            found = frozenset(
                wanted
                for wanted in self.castable_of
                if len(self.demand(wanted, changers)) <= room
                and self.kinds[wanted].phyrexian <= spare
                and self.matchings.payable(
                    units, (*demands, *((mask, epoch) for mask in self.demand(wanted, changers)))
                )
            )
            self._castable[key] = found
        return found

    def best_plain(
        self,
        rest: list[int],
        units: tuple[tuple[int, int], ...],
        demands: tuple[tuple[int, int], ...],
        epoch: int,
        life: int,
        changers: tuple[int, ...] = (),
    ) -> tuple[int, ...]:
        """:func:`_best_plain` with the cost changes of ``changers``, kept by its arguments (life only as
        far as the spells' Phyrexian symbols can read it; spells with more symbols than the mana left are
        never cast and left out)."""
        given = (tuple(rest), units, demands, epoch, life if self._phyrexian else 0, changers)
        found = self._plain_given.get(given)
        if found is not None:
            return found
        room = len(units) - len(demands)
        ordered = tuple(sorted(i for i in rest if len(self.demand(i, changers)) <= room))
        life_read = min(life, 2 * sum(self.kinds[i].phyrexian for i in ordered))
        key = (ordered, units, demands, epoch, life_read, changers)
        found = self._plain.get(key)
        if found is None:
            demand_of = {i: self.demand(i, changers) for i in ordered}
            found = _best_plain(
                self.kinds, list(ordered), list(units), list(demands), epoch, life, self.matchings, demand_of
            )
            self._plain[key] = found
        self._plain_given[given] = found
        return found

    def event_orders(self, spells: tuple[int, ...]) -> list[tuple[int, ...]]:
        """Every order of every subset of the event kinds among ``spells`` (:func:`_event_orders`)."""
        found = self._orders.get(spells)
        if found is None:
            events = sorted({i for i in spells if _is_event(self.kinds[i])})
            found = self._orders[spells] = _event_orders(events, list(spells))
        return found

    def tie_break(self, left: list[int], after: list[int], lands_after: list[int]) -> tuple[int, int, int]:
        """A land choice's measures of what it keeps: :func:`_next_turn`, :func:`colored_cover` of the
        hand and :func:`deck_cover`."""
        spells = tuple(sorted(left))
        after_key, lands_key = tuple(sorted(after)), tuple(sorted(lands_after))
        following = self._next.get((spells, after_key))
        if following is None:
            following = self._next[(spells, after_key)] = _next_turn(
                self.kinds, list(spells), list(after_key), self.matchings
            )
        colored = self._colored.get((spells, lands_key))
        if colored is None:
            colored = self._colored[(spells, lands_key)] = colored_cover(
                self.kinds, spells, lands_key, self.matchings
            )
        deck = self._deck.get(lands_key)
        if deck is None:
            deck = self._deck[lands_key] = deck_cover(self.kinds, lands_key, self.matchings)
        return following, colored, deck


def best_turn(
    kinds: Sequence[CardKind],
    state: TurnState,
    castable_of: Sequence[int] = (),
    tables: TurnTables | None = None,
) -> TurnPlan:
    """The best plan of a turn in the simulation's fragment (see the module docstring), and which of
    ``castable_of`` (kind indices) some plan of this turn could cast. ``tables`` (made for the same kinds
    and ``castable_of``) keeps what many states share across calls."""
    if tables is None:
        tables = TurnTables(kinds, castable_of)
    options = land_options(kinds, state) if state.land_play else [(-1, False, 0, -1)]
    hand_spells = [i for i in state.hand if kinds[i].role != "land"]
    best: tuple[tuple[int, ...], TurnPlan] | None = None
    castable_with: dict[tuple[int, bool, int, int], set[int]] = {}
    for land, tapped, life, found in options:
        castable = castable_with.setdefault((land, tapped, life, found), set())
        # (a modal double-faced card played as its land is not cast this turn)
        spells = list(hand_spells)
        if land >= 0 and kinds[land].land_face:
            spells.remove(land)
        orders = tables.event_orders(tuple(spells))
        ready = list(state.ready)
        profile = kinds[found if found >= 0 else land].land if land >= 0 else None
        if profile is not None and not tapped and profile.entry is not Entry.SICK:
            ready += list(profile.sources)
        life_left = state.life - life
        if life_left <= 0:
            continue
        for sequence in orders:
            played = events_paid(tables, kinds, sequence, ready, state.treasures, state.changers, life_left)
            if played is None:
                continue
            lasting, made, demands, changers, phyrexian = played
            rest = list(spells)
            for index in sequence:
                rest.remove(index)
            units = _with_treasures(lasting, made)
            unit_key, demand_key = tuple(units), tuple(demands)
            epoch = len(sequence)
            plain = tables.best_plain(rest, unit_key, demand_key, epoch, life_left - 2 * phyrexian, changers)
            cast = (*sequence, *plain)
            value = sum(kinds[i].mana_value for i in cast)
            used = 0
            if made:
                every = [*demands, *((mask, epoch) for i in plain for mask in tables.demand(i, changers))]
                used = _treasures_used(lasting, made, every, tables.matchings)
            # (a Treasure spent for nothing is lost: of plans of equal mana value, the one that keeps most)
            head = (value, 1 if land >= 0 else 0, -used)
            # most mana value; then the goldfish plays a land when it has one (as the numpy goldfish): the one
            # that lets the most spells left in hand be cast next turn, covers the most colored symbols of
            # the hand, then of the deck; a tapped one when that costs nothing now; no life paid (the later
            # levels are worked out only for plans that tie the best on the first two)
            if best is None or head >= best[0][:3]:
                types = bin(profile.types).count("1") if profile is not None else 0
                lands_after = [*state.ready, *(profile.sources if profile is not None else ())]
                after = list(lands_after)
                after += [m for i in cast if kinds[i].role == "source" for m in kinds[i].units]
                left = list(spells)
                for index in cast:
                    left.remove(index)
                key = (
                    *head,
                    *tables.tie_break(left, after, lands_after),
                    1 if tapped else 0,
                    -life,
                    types,
                    -len(cast),
                )
                if best is None or key > best[0]:
                    left_over = len(made) - used
                    best = (key, TurnPlan(land, tapped, life, cast, frozenset(), found, left_over))
            castable.update(i for i in sequence if i in tables.castable_of)
            castable |= tables.castable(unit_key, demand_key, epoch, life_left // 2 - phyrexian, changers)
    assert best is not None
    # (castable: some plan of the turn casts it with the land the turn plays, as the lands-only measure has)
    plan = best[1]
    castable = castable_with[(plan.land, plan.land_tapped, plan.land_life, plan.fetched)]
    return TurnPlan(
        plan.land,
        plan.land_tapped,
        plan.land_life,
        plan.cast,
        frozenset(castable),
        plan.fetched,
        plan.treasures_left,
    )


def events_paid(
    tables: TurnTables,
    kinds: Sequence[CardKind],
    sequence: Sequence[int],
    ready: Iterable[int],
    treasures: int,
    changers: tuple[int, ...],
    life_left: int,
) -> tuple[list[tuple[int, int]], list[int], list[tuple[int, int]], tuple[int, ...], int] | None:
    """The events of ``sequence`` (kind indices) cast in that order, each paid when it is cast from the mana
    ``ready``, the mana the events before it made and ``treasures`` Treasures, with at most ``life_left`` life
    for Phyrexian symbols: the lasting units (mask, the epoch each can pay from), the epoch each Treasure can
    pay from, the demands (mask, epoch), the changers in play after (of costs, of Treasures: each Treasure
    maker's with the replacements in play as it resolves, CR 614.1a), and the Phyrexian symbols paid with
    life; None when one of the events can't be paid."""
    pays = tables.matchings.payable
    lasting: list[tuple[int, int]] = [(mask, 0) for mask in ready]
    demands: list[tuple[int, int]] = []
    made = [0] * treasures  # (the epoch each Treasure can pay from)
    phyrexian = 0
    for epoch, index in enumerate(sequence):
        kind = kinds[index]
        demands += [(mask, epoch) for mask in tables.demand(index, changers)]
        phyrexian += kind.phyrexian
        if phyrexian * 2 > life_left or not pays(_with_treasures(lasting, made), demands):
            return None
        lasting += [(mask, epoch + 1) for mask in kind.units]
        if kind.changes_later:  # (in play as its enters trigger resolves: its own replacements apply)
            changers = tuple(sorted((*changers, index)))
        made += [epoch + 1] * treasures_with(kinds, changers, kind.treasures)  # (CR 614.1a, 616.1)
    return lasting, made, demands, changers, phyrexian


def _with_treasures(lasting: list[tuple[int, int]], made: list[int]) -> list[tuple[int, int]]:
    """The mana units of a sequence: the lasting ones, then one of any type for each Treasure (it can be
    sacrificed for one mana of any color from the epoch it was made in, CR 111.10a)."""
    return [*lasting, *((ANY_TYPE, epoch) for epoch in made)] if made else lasting


def _treasures_used(
    lasting: list[tuple[int, int]], made: list[int], demands: list[tuple[int, int]], matchings: Matchings
) -> int:
    """The fewest Treasures that pay ``demands`` with the lasting units (the earliest made first: one
    made earlier can pay whatever a later one can)."""
    earliest = sorted(made)
    for count in range(len(earliest) + 1):
        if matchings.payable(_with_treasures(lasting, earliest[:count]), demands):
            return count
    raise AssertionError("the plan was checked payable with every Treasure")


def _next_turn(kinds: Sequence[CardKind], hand: list[int], units: list[int], matchings: Matchings) -> int:
    """How many of the spells in hand the mana ready next turn pays, one at a time (with no land drop)."""
    ready = [(mask, 0) for mask in units]
    return sum(1 for i in set(hand) if matchings.payable(ready, [(mask, 0) for mask in kinds[i].demand]))


def colored_cover(
    kinds: Sequence[CardKind], spells: Sequence[int], units: Sequence[int], matchings: Matchings
) -> int:
    """How many colored symbols of these spells (a list: copies count) these mana units could pay, each
    spell on its own (a land choice's and a mulligan's measure of the colors kept)."""
    ready = [(mask, 0) for mask in units]
    return sum(
        matchings.matched(ready, [(mask, 0) for mask in kinds[i].demand if mask != ANY_TYPE]) for i in spells
    )


def deck_cover(kinds: Sequence[CardKind], units: Sequence[int], matchings: Matchings) -> int:
    """:func:`colored_cover` of every spell of the deck, each counted as often as the deck has it."""
    ready = [(mask, 0) for mask in units]
    return sum(
        kind.copies * matchings.matched(ready, [(mask, 0) for mask in kind.demand if mask != ANY_TYPE])
        for kind in kinds
        if kind.role != "land"
    )


def land_options(kinds: Sequence[CardKind], state: TurnState) -> list[tuple[int, bool, int, int]]:
    """The land plays of a turn: none, or a land (or land face) in hand entering each way it can, a
    fetchland as each land it can find: (land played, tapped, life paid, the land a search finds: -1 for
    none)."""
    options: list[tuple[int, bool, int, int]] = [(-1, False, 0, -1)]
    for index in sorted(set(state.hand)):
        kind = kinds[index]
        if kind.role != "land" and not kind.land_face:
            continue
        if kind.search is None:
            options += [(index, tapped, life, -1) for tapped, life in _entries(kind, state)]
            continue
        for target in _findable(kinds, kind.search, state.library):
            for tapped, life in _entries(kinds[target], state):
                tapped = tapped or kind.search.tapped
                if not (tapped and life):  # (a shockland found tapped pays no life)
                    options.append((index, tapped, life + kind.search.life, target))
    return options


def _findable(kinds: Sequence[CardKind], search: LandSearch, library: frozenset[int]) -> list[int]:
    """The land kinds in the library a search can find (CR 701.23: a land of one of the named types, or a
    basic land)."""
    found = []
    for index in sorted(library):
        kind = kinds[index]
        profile = kind.land
        if profile is None or kind.role != "land":
            continue
        if (search.basic and kind.basic) or (not search.basic and set(search.types) & profile.land_types):
            found.append(index)
    return found


def _is_event(kind: CardKind) -> bool:
    """A card that changes what later spells of the turn can use or pay: a ritual, a rock, a mana creature
    with haste, a Treasure maker, a permanent that changes costs."""
    return (
        kind.role == "ritual"
        or (kind.role == "source" and (not kind.creature or kind.haste))
        or kind.treasures > 0
        or kind.changes_later
    )


def _event_orders(events: list[int], hand: list[int]) -> list[tuple[int, ...]]:
    """Every order of every subset of the event kinds in hand (a kind as often as the hand holds it)."""
    pool: list[int] = []
    for index in events:
        pool += [index] * hand.count(index)
    found: dict[tuple[int, ...], None] = {}
    for size in range(len(pool) + 1):
        for perm in itertools.permutations(pool, size):
            found.setdefault(perm, None)
    return list(found)


def _best_plain(
    kinds: Sequence[CardKind],
    rest: list[int],
    units: list[tuple[int, int]],
    demands: list[tuple[int, int]],
    epoch: int,
    life: int,
    matchings: Matchings,
    demand_of: dict[int, tuple[int, ...]] | None = None,
) -> tuple[int, ...]:
    """The subset of the other spells with the most mana value (then the fewest cards) that the mana left
    pays, all cast after the events: a search from the most valuable, pruned by the value still possible.
    ``demand_of`` gives the spells' symbols when cost changes apply (default: their own)."""
    demand = demand_of if demand_of is not None else {i: kinds[i].demand for i in rest}
    order = sorted((i for i in rest if demand[i] or kinds[i].phyrexian), key=lambda i: -kinds[i].mana_value)
    free = tuple(i for i in rest if not demand[i] and not kinds[i].phyrexian)
    best: list[tuple[tuple[int, int], tuple[int, ...]]] = [((0, 0), ())]
    spare = len(units) - len(demands)
    pays = matchings.payable

    def search(at: int, chosen: tuple[int, ...], wanted: list[tuple[int, int]], value: int, phy: int) -> None:
        key = (value, -len(chosen))
        if key > best[0][0]:
            best[0] = (key, chosen)
        if at == len(order):
            return
        if value + sum(kinds[i].mana_value for i in order[at:]) < best[0][0][0]:
            return
        kind = kinds[order[at]]
        more = [*wanted, *((mask, epoch) for mask in demand[order[at]])]
        if len(more) - len(demands) <= spare and (phy + kind.phyrexian) * 2 <= life and pays(units, more):
            search(at + 1, (*chosen, order[at]), more, value + kind.mana_value, phy + kind.phyrexian)
        # (a copy of a kind just left out is never better to cast later in the order)
        skip = at + 1
        while skip < len(order) and order[skip] == order[at]:
            skip += 1
        search(skip, chosen, wanted, value, phy)

    search(0, (), list(demands), 0, 0)
    return (*best[0][1], *free)
