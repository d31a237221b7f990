"""The exact greedy over the transversal matroid of the one-mana sources."""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterator, Sequence

from models.kept import per_card
from planner.solve.fast.kinds import _BITS, _Option
from planner.solve.fast.search import _Search, _TooManyChoicesError
from planner.solve.fast.sources import _PROGRAMMES_LIMIT, _GreedyTables, _Source, _Taps, _useful_of

#: The most choices the greedy tries for the sources that make several mana (past it, the dynamic programme).
_MAX_CHOICES = 256

#: For each number of demanded types, each profile (a subset, as bits) and the subsets containing it.
_SUPERSETS = tuple(
    tuple(tuple(u for u in range(1 << width) if u & profile == profile) for profile in range(1 << width))
    for width in range(7)
)


class _Greedy:
    """The exact greedy for one mode, when a payment without damage exists.

    Sources that make one mana are the elements of a transversal matroid: a set of them can fill a demand
    when, for every set U of demanded types, the sources whose damage-free types meet the demand only inside
    U number at most the generic slots plus U's slots (Hall's condition). A payment without damage taps as few
    of them as the demand needs, so the levels left are a sum of per-permanent weights, and adding sources
    in increasing weight while independence holds gives the optimum (Rado-Edmonds). Sources that make more
    than one mana (Sol Ring, a bounce land) are not: every choice for them (untapped, or one of their
    damage-free options, identical ones lowest rank first) is tried with the greedy for the rest. Damage is
    the first level, so a payment without damage found this way is optimal; when there is none,
    :meth:`solve` answers None and the dynamic programme decides.
    """

    def __init__(self, search: _Search, demand: Sequence[int], needed: int) -> None:
        self.search = search
        self.demand = demand
        self.needed = needed
        self.types = types = [t for t in range(6) if demand[t]]
        # the one-mana sources with their profiles, and the choices of the others: kept with the layout
        by_demand = search.layout.greedy
        key = (tuple(types), tuple(demand))
        tables = by_demand.get(key)
        if tables is None:
            if len(by_demand) >= _PROGRAMMES_LIMIT:
                by_demand.clear()
            tables = by_demand[key] = self._tables()
        self.singles, self.profiles, self.multiple, self.picks = tables

    def _tables(self) -> _GreedyTables:
        """The sources that make one mana and only tap, lightest first, each with its profile (the demanded
        types it makes without damage, as bits), their profiles, per group of sources that make more and only
        tap, its useful options without damage, and an empty table of the options the greedy's one-mana
        sources use."""
        search, types, demand = self.search, self.types, self.demand
        bits = [(1 << index, _BITS[t]) for index, t in enumerate(types)]
        # only sources that just tap: with others on the board this is an upper bound for the programme
        singles = [
            (source, sum(mine for mine, bit in bits if source.free & bit))
            for source in search.light_first
            if source.most == 1 and not source.special
        ]
        multiple = [
            (
                index,
                [option for _, option in _useful_of(group.members[0], types, demand) if not option.damage],
            )
            for index, group in enumerate(search.groups)
            if group.members[0].most > 1 and not group.members[0].special
        ]
        return singles, tuple(profile for _, profile in singles), multiple, {}

    def solve(self, skipped: frozenset[int]) -> _Taps | None:
        """The best payment without damage avoiding the top member of each ``skipped`` group, or None."""
        groups = self.search.groups
        avoided = {groups[index].members[-1].pid for index in skipped}
        # (the positions of the avoided one-mana sources, the same for every choice below)
        skip = (
            tuple(i for i, (source, _) in enumerate(self.singles) if source.pid in avoided) if avoided else ()
        )
        if not self.multiple:  # one choice: no source makes several mana
            demanded = sum(self.demand)  # (not max: it parses keywords on every call)
            return self._base(self.demand, demanded if demanded >= self.needed else self.needed, skip)
        best: tuple[int, int, _Taps] | None = None
        types = self.types
        for picks in self._choices(skipped):
            open_types = list(self.demand)
            made = 0
            for _, option in picks:
                made += option.total
                counts = option.counts
                for t in types:
                    # (not max(0, ...): Python 3.11's min and max parse keywords on every call)
                    still = open_types[t] - counts[t]
                    open_types[t] = still if still > 0 else 0
            opened, unmade = sum(open_types), self.needed - made
            rest = self._base(open_types, opened if opened >= unmade else unmade, skip)
            if rest is None:
                continue
            taps = (*picks, *rest)
            key = (made + len(rest), sum(source.weight for source, _ in taps))
            if best is None or key < best[:2]:
                best = (*key, taps)
        return None if best is None else best[2]

    def _choices(self, skipped: frozenset[int]) -> Iterator[tuple[tuple[_Source, _Option], ...]]:
        """Every choice for the sources that make several mana: per group, how many members (lowest rank
        first) and which damage-free option each."""
        # (a group of m members with k options has C(m + k, k) choices: counted before any is built, for a
        # group of hundreds of doubled sources has millions)
        sizes = [
            len(self.search.groups[index].members) - (1 if index in skipped else 0)
            for index, _ in self.multiple
        ]
        counts = (
            math.comb(m + len(options), len(options))
            for m, (_, options) in zip(sizes, self.multiple, strict=True)
        )
        if math.prod(counts) > _MAX_CHOICES:
            raise _TooManyChoicesError
        per_group = []
        for index, options in self.multiple:
            members = self.search.groups[index].members
            members = members[:-1] if index in skipped else members
            per_group.append(
                [
                    tuple(zip(members, chosen, strict=False))
                    for count in range(len(members) + 1)
                    for chosen in itertools.combinations_with_replacement(options, count)
                ]
            )
        if math.prod(len(choices) for choices in per_group) > _MAX_CHOICES:
            raise _TooManyChoicesError
        for parts in itertools.product(*per_group):
            yield tuple(itertools.chain.from_iterable(parts))

    def _base(self, demand: Sequence[int], needed: int, skip: tuple[int, ...]) -> _Taps | None:
        """The lightest one-mana sources (but those at the positions ``skip`` among them) filling the demand
        and ``needed`` in all (:func:`_lightest`), each with the option that makes its type."""
        if needed <= 0:
            return ()
        singles = self.singles
        found = _lightest(self.profiles, skip, tuple([demand[t] for t in self.types]), needed)
        if found is None:
            return None
        taps = []
        for i, bit in found:
            source = singles[i][0]
            picks = self.picks.get(source.pid)
            if picks is None:
                picks = self.picks[source.pid] = _free_picks(source, self.types)
            taps.append((source, picks[bit]))
        return tuple(taps)


@per_card(maxsize=8192)
def _lightest(
    profiles: tuple[int, ...], skip: tuple[int, ...], slots: tuple[int, ...], needed: int
) -> tuple[tuple[int, int], ...] | None:
    """The first sources (in the order of ``profiles``, lightest first, but those at the ``skip`` positions)
    that fill the ``slots`` of each demanded type and ``needed`` mana in all, each with the demanded type it
    makes (its index among the demanded types; -1: generic); None when they can't. A source's profile is
    the demanded types it makes, as bits. A pure function of numbers: kept across questions.

    A set of sources fits when, for every set U of demanded types, the sources whose profile lies inside U
    number at most the generic slots plus U's slots (Hall's condition): each source is added while that
    holds, and a matching then gives each its type (:func:`_matching`).

    >>> _lightest((0b01, 0b01, 0b10), (), (1, 1), 2)  # the second {W} source can't pay {U}: the third does
    ((0, 0), (2, 1))
    >>> _lightest((0b01, 0b01), (), (1, 1), 2) is None
    True
    """
    # per set U of demanded types (as bits), how many more sources whose profile lies inside U fit: the
    # generic slots plus U's slots, less the sources already chosen
    room = [needed - sum(slots)] * (1 << len(slots))
    for subset in range(1, len(room)):
        low = subset & -subset
        room[subset] = room[subset ^ low] + slots[low.bit_length() - 1]
    supersets = _SUPERSETS[len(slots)]
    chosen: list[int] = []
    for i, profile in enumerate(profiles):
        if i in skip:
            continue
        above = supersets[profile]
        for u in above:
            if room[u] <= 0:
                break
        else:
            for u in above:
                room[u] -= 1
            chosen.append(i)
            if len(chosen) == needed:
                made = _matching(tuple(profiles[i] for i in chosen), slots)
                return tuple(zip(chosen, made, strict=True))
    return None


@per_card(maxsize=8192)
def _matching(profiles: tuple[int, ...], slots: tuple[int, ...]) -> tuple[int, ...]:
    """Which demanded type (its index among the demanded types; -1: none, generic) each source makes: a
    maximum matching of sources, by their profiles (the demanded types each makes, as bits), into the
    ``slots`` of each type, by augmenting paths in source order; by Hall's condition it fills every slot
    when :func:`_lightest` chose the sources.

    >>> _matching((0b11, 0b01), (1, 1))  # the first source moves to the second type for the second
    (1, 0)
    """
    room = list(slots)
    made: dict[int, int] = {}

    def place(i: int, seen: set[int]) -> bool:
        profile = profiles[i]
        for bit in range(len(room)):
            if not profile >> bit & 1 or bit in seen:
                continue
            seen.add(bit)
            if room[bit]:
                room[bit] -= 1
                made[i] = bit
                return True
            for j, held in list(made.items()):
                if held == bit and place(j, seen):
                    made[i] = bit
                    return True
        return False

    for i in range(len(profiles)):
        place(i, set())
    return tuple(made.get(i, -1) for i in range(len(profiles)))


def _free_picks(source: _Source, types: Sequence[int]) -> tuple[_Option, ...]:
    """The option a one-mana source uses in the greedy's payment for each demanded type (its first
    damage-free option making that type; its first damage-free option where it makes none), then for generic
    mana (its first damage-free option)."""
    free = [o for o in source.options if not o.damage]
    return (*(next((o for o in free if o.counts[t]), free[0]) for t in types), free[0])
