"""Karsten's "castable (in hand or not)" with the ramp drawn, for the planned goldfish (``simulate --ramp
planner``): per game, card and turn, whether the lands *and* the ramp seen by then, played in the best order
for that card, cast it on that turn.

**The definition.** The cards seen by turn T are those of the kept hand (and the commanders) and of the
draws until then, each from the turn it is drawn; the draws are the game's own, as played (as
:mod:`planner.sim.karsten` has them). Of them only the cards of the simulation's fragment that change what a
later spell can pay are *relevant*: lands (and modal double-faced cards with a land back), rocks and mana
creatures, rituals, Treasure makers and permanents that change costs (:mod:`planner.sim.kinds`). A card is
castable on turn T when some sequence of turns 1 … T, each playing at most one relevant land and casting
relevant cards as the fragment allows (a rock taps at once, a mana creature from the next turn unless it has
haste, a ritual's mana is spent the turn it is cast, a Treasure pays once from when it is made, a land enters
by its own rule: a tapland adds nothing the turn it enters, a shockland pays 2 life, a check land needs its
types in play, a fetchland finds a land the library holds, a bounce land returns a land), ends with turn T
casting it after some order of the rocks, rituals and Treasure makers: exactly the turn search's
(:mod:`planner.sim.turn_search`) moves, every choice tried instead of the best for the hand.

The hand-driven figure (the lands and ramp the game actually played for its hand) is one such sequence, so
this figure is never below it; with no ramp in the deck it is the lands-only measure of
:mod:`planner.sim.karsten` (``tests/test_simulate_karsten_planned.py`` checks both, game by game).

**The computation.** A game's possible positions at the start of a turn (lands and mana permanents in play,
relevant cards in hand, life, Treasures, cost changers, the lands fetched) form a small set; one turn of a
position with the card drawn is worked out once per run (:class:`KarstenPlanned`, the run's record): the cards
castable that turn and the positions it can lead to. Most games pass through the same few positions.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Final

from planner.sim.kinds import CardKind
from planner.sim.lands import Entry, LandProfile
from planner.sim.matching import Matchings
from planner.sim.turn_search import (
    TurnState,
    TurnTables,
    _is_event,
    _treasures_used,
    _with_treasures,
    events_paid,
    land_options,
)

__all__ = ["KARSTEN_ENTRIES", "KarstenGame", "KarstenPlanned", "relevant_kinds"]

#: The most answers a run's record of Karsten's measure keeps (:class:`KarstenPlanned`: turns and steps of
#: positions, and its tables), past which it forgets them all (about 1 kB each: see
#: :data:`planner.sim.planned.MEMO_ENTRIES`).
KARSTEN_ENTRIES: Final = 200_000
#: How often (in new entries) the record compares its size with its budget.
KARSTEN_CHECKED_EVERY: Final = 1024

#: A position at the start of a turn: the land kinds in play, the mana permanents in play (all ready), the
#: relevant cards in hand, life, the land kinds fetched from the library, the cost changers in play and the
#: Treasures (each tuple sorted).
Position = tuple[
    tuple[int, ...], tuple[int, ...], tuple[int, ...], int, tuple[int, ...], tuple[int, ...], int
]

#: A turn's answer: the kinds castable, and the positions the next turn starts from.
_Answer = tuple[frozenset[int], tuple[Position, ...]]

_NOTHING: Final[frozenset[int]] = frozenset()


def relevant_kinds(kinds: Sequence[CardKind]) -> list[bool]:
    """Per kind, whether it can change what a later spell pays: a land (or a land face), a rock or mana
    creature, a ritual, a Treasure maker, a permanent that changes costs.

    >>> relevant_kinds([CardKind(0, "Forest", "land", 0), CardKind(1, "Bear", "spell", 2),
    ...     CardKind(2, "Elf", "source", 1, units=(16,), creature=True)])
    [True, False, True]
    """
    return [
        k.role in ("land", "source", "ritual") or k.land_face or k.treasures > 0 or _is_event(k)
        for k in kinds
    ]


def _sub_multisets(items: Sequence[int]) -> Iterator[tuple[int, ...]]:
    """Every sub-multiset of sorted ``items``, each once.

    >>> list(_sub_multisets([1, 1, 2]))
    [(), (1,), (1, 1), (2,), (1, 2), (1, 1, 2)]
    """
    if not items:
        yield ()
        return
    head = items[0]
    same = 1
    while same < len(items) and items[same] == head:
        same += 1
    for tail in _sub_multisets(items[same:]):
        for take in range(same + 1):
            yield (*([head] * take), *tail)


class KarstenPlanned:
    """The run's record of Karsten's measure with the ramp drawn (module docstring): the turns of positions
    worked out, kept for the rest of the run (and never beyond it).

    >>> from models.decklist import parse_deck
    >>> from planner.sim.kinds import card_kinds
    >>> kinds, _ = card_kinds(parse_deck("20 Forest\\n4 Sol Ring\\n36 Ogre {2}{G}"), 1)
    >>> game = KarstenPlanned(kinds, [20, 4, 36], 20).game([0, 1, 2, 2, 2, 2, 2], 2)
    >>> sorted(game.turn(-1)), sorted(game.turn(0))  # (Forest, Sol Ring; a drawn Forest: the Ogre on turn 2)
    ([1], [1, 2])
    """

    def __init__(
        self,
        kinds: Sequence[CardKind],
        counts: Sequence[int],
        start_life: int,
        matchings: Matchings | None = None,
        weight: int = 1,
        exhaustive: bool = False,
    ) -> None:
        self.kinds = list(kinds)
        # (True: every land play and order tried, every position compared with every other, none of the
        # shortcuts that leave out work whose answer is known: the reference the tests compare it with)
        self.exhaustive = exhaustive
        self.weight = weight  # (its budget is KARSTEN_ENTRIES // weight: see planned.ENTRY_WEIGHT_COMMANDER)
        self.start_life = start_life
        self.castable_of = tuple(k.index for k in kinds if k.role != "land")
        self.tables = TurnTables(kinds, self.castable_of, matchings)
        self.relevant = relevant_kinds(kinds)
        self.fetches = any(k.search is not None for k in kinds)
        # the copies of each land kind in the deck (what a fetchland's library holds, less the cards seen)
        self.land_copies = {
            k.index: counts[k.index] for k in kinds if k.role == "land" and k.land is not None
        }
        # the cards that can do in play whatever they could from the hand: mana permanents that do nothing
        # else, and lands (but in a deck with fast lands, which want fewer lands in play)
        fast = any(k.land is not None and k.land.entry is Entry.FAST for k in kinds)
        self.movable = frozenset(
            k.index
            for k in kinds
            if (k.role == "source" and not k.treasures and not k.cost_changes and not k.changes_later)
            or (k.role == "land" and not fast)
        )
        self.is_land = [k.role == "land" for k in kinds]
        # every kind asked about: once a game finds them all castable, so are they on every later turn when
        # no fetchland reads the library (see KarstenGame.turn)
        self.everything = frozenset(self.castable_of)
        self.stays_castable = not self.fetches and not exhaustive
        self._is_source = [k.role == "source" for k in kinds]
        self.waits = [k.role == "source" and not _is_event(k) for k in kinds]  # (cast after the events)
        # the most life a turn's land can cost (a fetchland finding a shockland), and the life every
        # Phyrexian symbol of the deck could cost: past what the turns left can pay, more life plays the same
        self.land_life = max((k.land.shock_life for k in kinds if k.land is not None), default=0) + max(
            (k.search.life for k in kinds if k.search is not None), default=0
        )
        self.phyrexian_life = 2 * sum(
            k.phyrexian * max(1, counts[k.index] if k.index < len(counts) else 1) for k in kinds
        )
        self._turns: dict[tuple[Position, frozenset[int], bool], _Answer] = {}
        # a game's turn from a frontier by its number (hashing a small key, not the frontier's positions)
        self._steps: dict[tuple[int, int, tuple[frozenset[int], ...], int], tuple[frozenset[int], int]] = {}
        self._numbers: dict[tuple[Position, ...], int] = {}  # each frontier met, numbered
        self._frontiers: list[tuple[Position, ...]] = []  # (by number)
        # the frontier number a game starts from, by its relevant cards in hand (sorted) and turns asked about
        self._starts: dict[tuple[tuple[int, ...], int], int] = {}
        self.generation = 0  # (counts the times it forgot: a game's frontier numbers are then renumbered)

    def entries(self) -> int:
        """How many answers the record keeps, its tables' included (what :data:`KARSTEN_ENTRIES` bounds)."""
        kept = len(self._turns) + len(self._steps) + len(self._frontiers) + len(self._starts)
        return kept + self.tables.entries()

    def number(self, frontier: tuple[Position, ...]) -> int:
        """The number of ``frontier`` in this record (numbered when first met).

        >>> record = KarstenPlanned([], [], 20)
        >>> start = (((), (), (), 20, (), (), 0),)
        >>> record.number(()), record.number(start), record.number(start), record.frontier(1) == start
        (0, 1, 1, True)
        """
        found = self._numbers.get(frontier)
        if found is None:
            found = self._numbers[frontier] = len(self._frontiers)
            self._frontiers.append(frontier)
        return found

    def frontier(self, number: int) -> tuple[Position, ...]:
        """The frontier numbered ``number`` (:meth:`number`)."""
        return self._frontiers[number]

    def full(self, grown: int) -> bool:
        """True when the record, one of whose tables just grew to ``grown`` entries, is past its budget
        (checked every :data:`KARSTEN_CHECKED_EVERY` entries)."""
        return grown % KARSTEN_CHECKED_EVERY == 0 and self.entries() > KARSTEN_ENTRIES // self.weight

    def forget(self) -> None:
        """Forget every turn, step and table worked out (the matchings are bounded on their own)."""
        self._turns.clear()
        self._steps.clear()
        self._numbers.clear()
        self._frontiers.clear()
        self._starts.clear()
        self.generation += 1
        self.tables = TurnTables(self.kinds, self.castable_of, self.tables.matchings)

    def game(self, hand: Sequence[int], turns: int) -> KarstenGame:
        """A new game from its kept hand (kind indices, the commanders with it), asked about ``turns``
        turns."""
        return KarstenGame(self, hand, turns)

    def step(
        self,
        frontier: tuple[Position, ...],
        drawn: int,
        libraries: tuple[frozenset[int], ...],
        turns_left: int,
    ) -> tuple[frozenset[int], tuple[Position, ...]]:
        """A game's turn from its positions (``frontier``, none dominating another) with ``drawn`` added to
        the hand, the library's land kinds of each position being ``libraries`` (empty without
        fetchlands): the kinds castable, and the positions the next turn starts from, with ``turns_left``
        turns still asked about (none: no positions). Worked out once per run."""
        castable, after = self.numbered_step(self.number(frontier), drawn, libraries, turns_left)
        return castable, self._frontiers[after]

    def numbered_step(
        self, frontier: int, drawn: int, libraries: tuple[frozenset[int], ...], turns_left: int
    ) -> tuple[frozenset[int], int]:
        """:meth:`step` from the frontier numbered ``frontier`` (:meth:`number`), to the number of the
        frontier the next turn starts from (of this record's :attr:`generation`, which a miss can move on:
        a caller keeping numbers checks it)."""
        key = (frontier, drawn, libraries, turns_left)
        found = self._steps.get(key)
        if found is None:
            positions = self._frontiers[frontier]
            if self.full(len(self._steps)):
                self.forget()
            castable: frozenset[int] = _NOTHING
            after: set[Position] = set()
            for number, position in enumerate(positions):
                library = libraries[number] if libraries else _NOTHING
                now, following = self.turn(position, drawn, library, turns_left == 0)
                castable = castable | now
                after.update(self.within(p, turns_left) for p in following)
            key = (self.number(positions), drawn, libraries, turns_left)
            undominated = _undominated(after, self.movable, self.exhaustive)
            found = self._steps[key] = (castable, self.number(undominated))
        return found

    def within(self, position: Position, turns_left: int) -> Position:
        """The position with no more copies of a land in hand than the land plays left (the others are
        never played), and no more life than the turns left can pay and still compare (more plays the
        same: the turns only compare life with what they pay).

        >>> from planner.sim.kinds import CardKind
        >>> record = KarstenPlanned([CardKind(0, "Forest", "land", 0, units=(16,))], [24], 20)
        >>> record.within(((), (), (0, 0, 0), 20, (), (), 0), 2)[2]
        (0, 0)
        """
        lands, sources, hand, life, fetched, changers, treasures = position
        is_land = self.is_land
        enough = (turns_left + 1) * self.land_life + 2 * self.phyrexian_life + 2
        if life > enough:
            life = enough
        elif sum(1 for i in hand if is_land[i]) <= turns_left:
            return position
        if sum(1 for i in hand if is_land[i]) > turns_left:
            kept: list[int] = []
            for i in hand:
                if not is_land[i] or kept.count(i) < turns_left:
                    kept.append(i)
            hand = tuple(kept)
        return (lands, sources, hand, life, fetched, changers, treasures)

    def turn(
        self, position: Position, drawn: int, library: frozenset[int], last: bool = False
    ) -> tuple[frozenset[int], tuple[Position, ...]]:
        """The kinds castable on a turn from ``position`` with ``drawn`` added to the hand (-1 for none, or
        a card that changes nothing), the library's land kinds being ``library``; and the positions the turn
        can lead to (none when it is the ``last`` asked about). Worked out once per run, by the position with
        the card drawn in its hand (two positions with their draws can be the same one: a Forest in hand
        drawing an Island, an Island drawing a Forest).

        >>> from planner.sim.kinds import CardKind
        >>> from planner.sim.lands import LandProfile
        >>> forest = CardKind(0, "Forest", "land", 0, units=(16,), land=LandProfile(sources=(16,)))
        >>> island = CardKind(1, "Island", "land", 0, units=(2,), land=LandProfile(sources=(2,)))
        >>> record = KarstenPlanned([forest, island], [10, 10], 20)
        >>> one = record.turn(((), (), (0,), 20, (), (), 0), 1, frozenset())
        >>> one is record.turn(((), (), (1,), 20, (), (), 0), 0, frozenset()), len(record._turns)
        (True, 1)
        """
        if drawn >= 0:
            lands, sources, hand, life, fetched, changers, treasures = position
            position = (lands, sources, tuple(sorted((*hand, drawn))), life, fetched, changers, treasures)
        key = (position, library, last)
        found = self._turns.get(key)
        if found is None:
            if self.full(len(self._turns)):
                self.forget()
            found = self._turns[key] = self._worked_out(position, library, last)
        return found

    def _worked_out(
        self, position: Position, library: frozenset[int], last: bool
    ) -> tuple[frozenset[int], tuple[Position, ...]]:
        kinds, tables = self.kinds, self.tables
        lands, sources, hand, life, fetched, changers, treasures = position
        ready = sorted(
            [mask for i in lands for mask in _land(kinds[i]).sources]
            + [m for i in sources for m in kinds[i].units]
        )
        land_types = frozenset(t for i in lands for t in _land(kinds[i]).land_types)
        state = TurnState(
            tuple(ready),
            land_types,
            len(lands),
            hand,
            life,
            library=library,
            changers=changers,
            treasures=treasures,
        )
        castable: set[int] = set()
        after: set[Position] = set()
        # (on the last turn, once every kind is castable nothing can add to it)
        everything = len(self.castable_of) if not self.exhaustive else -1
        options = land_options(kinds, state)
        if not self.exhaustive and any(self._keeps_up(land, paid, found) for land, _, paid, found in options):
            options = options[1:]  # (playing no land does nothing more: see _keeps_up)
        for land, tapped, paid, found in options:
            life_left = life - paid
            if life_left <= 0 or (last and len(castable) == everything):
                continue
            rest = list(hand)
            entered = found if found >= 0 else land
            now = list(ready)
            lands_after = lands
            if land >= 0:
                rest.remove(land)
                profile = _land(kinds[entered])
                if not tapped and profile.entry is not Entry.SICK:
                    now += profile.sources
                lands_after = tuple(sorted((*lands, entered)))
            spells = tuple(i for i in rest if kinds[i].role != "land")
            for sequence in tables.event_orders(spells):
                if last and len(castable) == everything:
                    break
                played = events_paid(tables, kinds, sequence, now, treasures, changers, life_left)
                if played is None:
                    continue
                lasting, made, demands, changed, phyrexian = played
                epoch = len(sequence)
                units = tuple(_with_treasures(lasting, made))
                castable.update(i for i in sequence if kinds[i].role != "land")
                castable |= tables.castable(units, tuple(demands), epoch, life_left // 2 - phyrexian, changed)
                if last:
                    continue
                left = list(rest)
                for index in sequence:
                    left.remove(index)
                after |= self._positions(
                    lands_after,
                    land,
                    entered,
                    sources,
                    left,
                    sequence,
                    units,
                    demands,
                    lasting,
                    made,
                    (life_left, phyrexian, epoch),
                    changed,
                    fetched if found < 0 else tuple(sorted((*fetched, found))),
                )
        return frozenset(castable), _undominated(after, self.movable, self.exhaustive)

    def _keeps_up(self, land: int, paid: int, found: int) -> bool:
        """Whether playing ``land`` from the hand (paying ``paid`` life, finding ``found``) leads to positions
        that dominate those of playing no land, and casts whatever playing none casts: a land of
        :attr:`movable` (one in play does whatever it could from the hand) that costs no life, searches for
        nothing and returns nothing; tapped, it adds nothing this turn, untapped it adds mana (a payment
        only gets easier with more mana, and leaves more Treasures). The turn without a land play is then
        left out: its castable kinds are among this one's, and its positions dominated (:func:`_dominates`,
        which :func:`_undominated` drops).

        >>> from planner.sim.kinds import CardKind
        >>> record = KarstenPlanned([CardKind(0, "Forest", "land", 0, units=(16,))], [24], 20)
        >>> record._keeps_up(0, 0, -1), record._keeps_up(0, 2, -1), record._keeps_up(-1, 0, -1)
        (True, False, False)
        """
        return land >= 0 and paid == 0 and found < 0 and land in self.movable and not self.kinds[land].bounce

    def _positions(
        self,
        lands_after: tuple[int, ...],
        land: int,
        entered: int,
        sources: tuple[int, ...],
        left: list[int],
        sequence: tuple[int, ...],
        units: tuple[tuple[int, int], ...],
        demands: list[tuple[int, int]],
        lasting: list[tuple[int, int]],
        made: list[int],
        counts: tuple[int, int, int],
        changed: tuple[int, ...],
        fetched: tuple[int, ...],
    ) -> set[Position]:
        """The positions after a turn that played ``land`` and cast ``sequence``: then any of the mana
        creatures without haste left in hand (each subset the mana left pays), and, for a bounce land, each
        land it can return."""
        kinds, tables, waits, is_source = self.kinds, self.tables, self.waits, self._is_source
        life_left, phyrexian, epoch = counts
        creatures = [i for i in left if waits[i]]  # (sorted: so is the hand)
        cast_sources = [i for i in sequence if is_source[i]]
        found: set[Position] = set()
        if not creatures and not (land >= 0 and kinds[land].bounce) and not self.exhaustive:
            # (the one position: the loop's below with nothing chosen)
            used = _treasures_used(lasting, made, demands, tables.matchings) if made else 0
            in_play = tuple(sorted((*sources, *cast_sources))) if cast_sources else sources
            found.add(
                (
                    lands_after,
                    in_play,
                    tuple(left),
                    life_left - 2 * phyrexian,
                    fetched,
                    changed,
                    len(made) - used,
                )
            )
            return found
        for chosen in _sub_multisets(creatures):
            every = demands + [(mask, epoch) for i in chosen for mask in tables.demand(i, changed)]
            paid = phyrexian + sum(kinds[i].phyrexian for i in chosen)
            if chosen and (paid * 2 > life_left or not tables.matchings.payable(units, every)):
                continue
            used = _treasures_used(lasting, made, every, tables.matchings) if made else 0
            hand = list(left)
            for index in chosen:
                hand.remove(index)
            in_play = tuple(sorted((*sources, *cast_sources, *chosen)))
            returns: list[tuple[tuple[int, ...], tuple[int, ...]]] = [(lands_after, tuple(hand))]
            if land >= 0 and kinds[land].bounce:
                returns = []
                for back in sorted(set(lands_after)):
                    kept = list(lands_after)
                    kept.remove(back)
                    returns.append((tuple(kept), tuple(sorted((*hand, back)))))
            for lands, held in returns:
                found.add((lands, in_play, held, life_left - 2 * paid, fetched, changed, len(made) - used))
        return found


class KarstenGame:
    """One game's positions, turn by turn (:meth:`turn`): which kinds Karsten's measure with the ramp drawn
    finds castable on each turn."""

    __slots__ = ("_everything", "_frontier", "_generation", "_number", "_record", "_seen", "_turns_left")

    def __init__(self, record: KarstenPlanned, hand: Sequence[int], turns: int) -> None:
        self._record = record
        relevant = record.relevant
        held = tuple(sorted(i for i in hand if relevant[i]))
        number = record._starts.get((held, turns))  # (most hands' start is known)
        if number is None:
            start: Position = ((), (), held, record.start_life, (), (), 0)
            number = record._starts[(held, turns)] = record.number((record.within(start, turns),))
        self._number = number
        self._frontier: tuple[Position, ...] = record._frontiers[number]
        self._generation = record.generation
        self._turns_left = turns
        self._everything = False  # (every kind castable on a turn: so on every later one)
        self._seen: dict[int, int] = {}
        if record.fetches:
            for i in hand:
                if i in record.land_copies:
                    self._seen[i] = self._seen.get(i, 0) + 1

    def turn(self, drawn: int) -> frozenset[int]:
        """The kinds castable this turn, the card drawn this turn being ``drawn`` (-1 for none).

        Once every kind is castable, so is it on every later turn, and the positions are not followed further
        (in a deck without fetchlands, unless the record is exhaustive): a sequence casting a card on turn T
        casts it on turn T + 1 too, with a turn that does nothing before T's moves (no land played, so the
        lands' entry rules read the same lands; the mana permanents only lose their summoning sickness; no
        life paid; the hand holds one more card). A fetchland's search reads the library, which the extra
        draw can empty of the land it finds.
        """
        record = self._record
        if self._everything:
            self._turns_left -= 1
            return record.everything
        if drawn >= 0 and record.fetches and drawn in record.land_copies:
            self._seen[drawn] = self._seen.get(drawn, 0) + 1
        if drawn >= 0 and not record.relevant[drawn]:
            drawn = -1
        libraries = tuple(self._library(p[4]) for p in self._frontier) if record.fetches else ()
        self._turns_left -= 1
        if self._generation != record.generation:  # (the record forgot: number the frontier again)
            self._number = record.number(self._frontier)
            self._generation = record.generation
        found = record._steps.get((self._number, drawn, libraries, self._turns_left))  # (most turns: known)
        if found is None:
            found = record.numbered_step(self._number, drawn, libraries, self._turns_left)
            if self._generation != record.generation:  # (it forgot while working this turn out)
                self._generation = record.generation
        castable, self._number = found
        self._frontier = record._frontiers[self._number]
        self._everything = record.stays_castable and castable == record.everything
        return castable

    def _library(self, fetched: tuple[int, ...]) -> frozenset[int]:
        """The land kinds the library holds: the deck's, less those seen and those fetched."""
        copies = self._record.land_copies
        return frozenset(
            kind for kind, n in copies.items() if n - self._seen.get(kind, 0) - fetched.count(kind) > 0
        )


def _minus(big: tuple[int, ...], small: tuple[int, ...]) -> tuple[int, ...] | None:
    """The sorted multiset ``big`` less ``small`` (sorted), or None when ``small`` is not within it.

    >>> _minus((1, 1, 2, 3), (1, 3)), _minus((1, 2), (2, 2))
    ((1, 2), None)
    """
    rest: list[int] = []
    at = 0
    for item in big:
        if at < len(small) and small[at] == item:
            at += 1
        elif at < len(small) and small[at] < item:
            return None
        else:
            rest.append(item)
    return tuple(rest) if at == len(small) else None


def _dominates(a: Position, b: Position, movable: frozenset[int]) -> bool:
    """Whether position ``a`` can do whatever ``b`` can: the same lands fetched and cost changers, at least
    as much life and as many Treasures, and what differs is cards of ``movable`` (lands, mana permanents
    that do nothing else) that ``a`` has in play and ``b`` in hand: one in play is ready, with no mana spent
    and no land drop used."""
    if a[4] != b[4] or a[5] != b[5] or a[3] < b[3] or a[6] < b[6]:
        return False
    extra_lands = _minus(a[0], b[0])
    extra_sources = _minus(a[1], b[1])
    if extra_lands is None or extra_sources is None:
        return False
    if any(i not in movable for i in extra_lands) or any(i not in movable for i in extra_sources):
        return False
    return tuple(sorted((*a[2], *extra_lands, *extra_sources))) == b[2]


def _undominated(
    positions: set[Position], movable: frozenset[int], exhaustive: bool = False
) -> tuple[Position, ...]:
    """The positions that no other one dominates (:func:`_dominates`), sorted. Only positions of the same
    :func:`_group_of` (the lands fetched, the cost changers, the cards in play and in hand together, and the
    cards in play that are not :data:`movable`) can dominate one another, so each is compared only with
    those of its group, which are sorted alone (with every other kept, by :func:`_dominates`, when
    ``exhaustive``: the reference).

    >>> forest = ((0,), (), (), 20, (), (), 0)
    >>> in_hand, other = ((), (), (0,), 20, (), (), 0), ((), (), (1,), 20, (), (), 0)
    >>> _undominated({forest, in_hand, other}, frozenset({0, 1})) == tuple(sorted([forest, other]))
    True
    """
    if len(positions) < 2:
        return tuple(positions)
    if exhaustive:
        kept: list[Position] = []
        for position in sorted(positions, key=_most_first):
            if not any(_dominates(other, position, movable) for other in kept):
                kept.append(position)
        return tuple(sorted(kept))
    groups: dict[_Group, list[Position]] = {}
    for position in positions:
        group = groups.get(key := _group_of(position, movable))
        if group is None:
            groups[key] = [position]
        else:
            group.append(position)
    kept = []
    for group in groups.values():
        if len(group) == 1:
            kept.append(group[0])
            continue
        chosen: list[Position] = []
        for position in sorted(group, key=_most_first):
            if not any(_dominates_alike(other, position, movable) for other in chosen):
                chosen.append(position)
        kept += chosen
    kept.sort()
    return tuple(kept)


def _most_first(position: Position) -> tuple[int, int, int, Position]:
    """The order in which :func:`_undominated` meets positions: the most cards in play, then the most life,
    then the most Treasures first (a position is dominated only by one met before it)."""
    return (-len(position[0]) - len(position[1]), -position[3], -position[6], position)


def _dominates_alike(a: Position, b: Position, movable: frozenset[int]) -> bool:
    """:func:`_dominates` of two positions of the same :func:`_group_of`: what it checks of the lands
    fetched, the cost changers and the hand then holds already (the hand is the cards less those in play).

    >>> a, b = ((0,), (), (), 20, (), (), 0), ((), (), (0,), 20, (), (), 0)
    >>> _dominates_alike(a, b, frozenset({0})), _dominates_alike(b, a, frozenset({0}))
    (True, False)
    """
    if a[3] < b[3] or a[6] < b[6]:
        return False
    extra_lands = _minus(a[0], b[0])
    if extra_lands is None or any(i not in movable for i in extra_lands):
        return False
    extra_sources = _minus(a[1], b[1])
    return extra_sources is not None and all(i in movable for i in extra_sources)


#: What positions that can dominate one another share (:func:`_group_of`).
_Group = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...]]


def _group_of(position: Position, movable: frozenset[int]) -> _Group:
    """What a position that dominates ``position`` must share with it (:func:`_dominates`): the lands
    fetched, the cost changers, its cards in play and in hand together (sorted), and its lands and mana
    permanents in play that are not of ``movable`` (what one has in play and the other not is movable, so
    the rest in play is the same).

    >>> _group_of(((3, 1), (5,), (1, 2), 20, (4,), (), 0), frozenset({1}))
    ((4,), (), (1, 1, 2, 3, 5), (3,), (5,))
    """
    lands, sources, hand = position[0], position[1], position[2]
    return (
        position[4],
        position[5],
        tuple(sorted((*lands, *sources, *hand))),
        () if movable.issuperset(lands) else tuple([i for i in lands if i not in movable]),
        () if movable.issuperset(sources) else tuple([i for i in sources if i not in movable]),
    )


def _land(kind: CardKind) -> LandProfile:
    """The land profile of a land kind (or of a land face)."""
    assert kind.land is not None
    return kind.land
