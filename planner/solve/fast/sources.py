"""A board's sources as the search reads them: one record per usable permanent, their groups and layout."""

from __future__ import annotations

import itertools
import math
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field, replace

from models.abilities import (
    ManaAbility,
)
from models.board import Permanent
from models.kept import per_card
from models.mana import ManaBag, ManaTypes
from planner.rules.could_produce import ability_could_produce, reflects
from planner.rules.payment import Mode
from planner.rules.pool import ManaUnit
from planner.rules.production import (
    triggers_on,
    within_reach,
)
from planner.rules.replay import Step
from planner.rules.view import BoardView
from planner.solve.fast.kinds import (
    _COLOR_MASK,
    SourceKind,
    _ability_made,
    _Move,
    _Option,
    _Usage,
    _Useful,
)
from planner.solve.objective import (
    TOUCHED_LEVELS,
    CostedAbility,
    KeepUnit,
    PermanentFacts,
    color_keepers,
    colors_open,
    packed_weight,
    touched_values,
)
from planner.solve.problem import PaymentProblem, TimeUp

_NO_TOUCH = (0,) * len(TOUCHED_LEVELS)
#: The most demands a board's layout keeps its dynamic programme's and greedy's tables for
#: (:attr:`_Layout.programmes`, :attr:`_Layout.greedy`): past that they are forgotten.
_PROGRAMMES_LIMIT = 64


#: What an option makes, by source (as the replayer groups it).
_Produced = tuple[tuple[str, ManaBag], ...]


@dataclass(slots=True, eq=False)
class _Source:
    """A permanent the player can tap now, with what the objective reads about it; permanents with the same
    ``usage`` (one object: the same kind in the same state) and weights but for the rank are interchangeable
    (:func:`_groups`). Never changed once made (not frozen only because a
    frozen dataclass is slower to make, and one is made per source of every query)."""

    pid: str
    position: int
    rank: int
    kind: SourceKind
    usage: _Usage  # what it offers (its options are the usage's)
    options: tuple[_Option, ...]
    most: int
    creature: bool
    reflect: int
    free: int
    weight: int  # the touched levels (planner.solve.objective.TOUCHED_LEVELS) packed in one: packed_weight
    maxima: tuple[int, ...]  # the most of each type one activation makes
    colors: tuple[int, ...]  # the colors it could produce (indices into WUBRG)
    special: bool = False  # some option takes more than a tap (see :attr:`_Option.special`)
    gain: int = 0  # the most mana one use adds net of the mana it takes
    designed: bool = False  # sacrificed by design (Treasure): 'designed_sacrificed', else 'valuable'
    touched: tuple[int, ...] = ()  # its number in each touched level (objective.touched_values)
    #: per option (by value: options keep their hash), what it makes (see :func:`_making`)
    made: dict[_Option, tuple[tuple[tuple[str, ManaBag], ...], tuple[tuple[int, ManaUnit, int], ...]]] = (
        field(default_factory=dict)
    )
    #: per option that only taps, its step in a plan and the units it makes (see :func:`_tap_step`)
    steps: dict[_Option, tuple[Step, tuple[tuple[int, ManaUnit, int], ...]]] = field(default_factory=dict)


#: The greedy's tables (:meth:`_Greedy._tables`): the one-mana sources with their profiles, the profiles
#: alone, the choices of the sources that make more, and per one-mana source used so far (by permanent id)
#: its option for each type
_GreedyTables = tuple[
    list[tuple[_Source, int]],
    tuple[int, ...],
    list[tuple[int, list[_Option]]],
    dict[str, tuple[_Option, ...]],
]


@dataclass(slots=True)
class _Reduced:
    """A board inside the fragment, reduced to what the payment needs (built for every question, so not
    frozen: a frozen dataclass's fields cost a call each; nothing changes it)."""

    sources: tuple[_Source, ...]
    pool: tuple[ManaUnit, ...]
    modes: tuple[Mode, ...]
    life: int
    permanents: int
    deadline: float = math.inf  # when the question's time limit runs out (time.monotonic)
    layout: _Layout | None = None  # the sources' layout, when it was worked out with them

    def check_time(self) -> None:
        """Raise TimeUp once the time limit has run out (the programme's long loops call it)."""
        if time.monotonic() > self.deadline:
            raise TimeUp


@dataclass(frozen=True, slots=True)
class _Outside:
    """Why a payment is outside the fast path's fragment, in a sentence."""

    reason: str


def _source(
    position: int, permanent: Permanent, kind: SourceKind, usage: _Usage, rank: int, n: int, untaps: bool
) -> _Source:
    """The source for a permanent the player can use now (``n``: the permanents on the board; ``untaps``:
    whether it untaps normally, :meth:`BoardView.untaps_normally`)."""
    reflect = kind.reflect or 0
    weight, touched = _unranked(usage.most, kind.creature, reflect.bit_count(), usage.painful, untaps, n)
    return _Source(
        permanent.id,
        position,
        rank,
        kind,
        usage,
        usage.options,
        usage.most,
        kind.creature,
        reflect,
        usage.free,
        weight + rank,
        usage.maxima,
        _COLORS_OF[reflect & _COLOR_MASK],
        usage.special,
        usage.gain,
        kind.designed,
        (*touched, rank),
    )


@per_card(maxsize=4096)
def _unranked(
    most: int, creature: bool, flexibility: int, painful: bool, untaps: bool, n: int
) -> tuple[int, tuple[int, ...]]:
    """A source's packed weight and touched values but for its rank (the last level, the tie-break, whose
    number is the rank: the packed weight adds it, and the touched values end with it). A pure function of
    numbers: kept across questions.

    >>> facts = PermanentFacts(1, False, 2, 7, painful=True)
    >>> weight, touched = _unranked(1, False, 2, True, True, 20)
    >>> (weight + 7, (*touched, 7)) == (packed_weight(facts, 20), touched_values(facts))
    True
    """
    facts = PermanentFacts(most, creature, flexibility, 0, painful=painful, untaps=untaps)
    assert TOUCHED_LEVELS[-1].value(replace(facts, rank=1)) == 1  # the tie-break is last, and is the rank
    return packed_weight(facts, n), touched_values(facts)[:-1]


#: The colors (indices into WUBRG) in each mask of colors.
_COLORS_OF = tuple(tuple(t for t in range(5) if mask >> t & 1) for mask in range(32))


_Taps = tuple[tuple[_Source, _Option], ...]


@dataclass(frozen=True, slots=True)
class _Group:
    """Identical sources (same options, weights and could-produce), lowest rank first."""

    members: tuple[_Source, ...]
    reflect: int


@dataclass(frozen=True, slots=True)
class _Layout:
    """What the search reads of the sources whatever the cost: their groups of interchangeable ones (lowest
    rank first), the sources that make mana without damage from the lightest, how many sources make each
    color (colorless is not a color: 'colors lost' does not count it), the most mana they make in all, and
    whether some ability takes more than a tap."""

    groups: tuple[_Group, ...]
    light_first: tuple[_Source, ...]
    makers: tuple[int, ...]
    most: int
    special: bool
    #: the most mana all sources add net of what they take, and the most of each type (WUBRGC) they make
    gain: int = 0
    maxima: tuple[int, ...] = (0,) * 6
    #: whether some source makes restricted mana (:class:`~planner.solve.fast.search._Search` declines)
    restricted: bool = False
    #: the dynamic programme's tables per demand (:meth:`_Programme._tables`), at most _PROGRAMMES_LIMIT
    programmes: dict[tuple[object, ...], _ProgrammeTables] = field(
        default_factory=dict, compare=False, repr=False
    )
    #: the greedy's tables per demand (:meth:`_Greedy._tables`), at most _PROGRAMMES_LIMIT
    greedy: dict[
        tuple[tuple[int, ...], tuple[int, ...]],
        _GreedyTables,
    ] = field(default_factory=dict, compare=False, repr=False)
    #: with an ability that costs mana on the board, the board's groups as 'colors lost' reads them, and
    #: the colors (a mask) open on the untouched board (:func:`_with_keep_units`); None without one
    keep_units: tuple[KeepUnit, ...] | None = None
    open_colors: int = 0
    #: the board's group of each source, by permanent id, and each such group's size (with :attr:`keep_units`)
    group_of: dict[str, int] = field(default_factory=dict, compare=False, repr=False)
    sizes: tuple[int, ...] = ()
    #: per color (W, U, B, R, G), the sets of groups whose top members, untouched, keep it open, once a
    #: payment lost one (:func:`_with_keepers`, which splits groups); None before
    keepers: tuple[tuple[frozenset[int], ...], ...] | None = None
    #: per color, the same ways as how many untouched members of which of the board's groups (before a
    #: group is split into pieces for :attr:`keepers`) each needs
    keep_counts: tuple[tuple[tuple[tuple[int, int], ...], ...], ...] = ()
    #: why the search can't read 'colors lost' by top members here (it declines), or None
    unkept: str | None = None
    #: this layout with :attr:`keepers`, once worked out (:func:`_with_keepers`)
    with_keepers: list[_Layout] = field(default_factory=list, compare=False, repr=False)


@dataclass(slots=True)
class _ProgrammeTables:
    """What the dynamic programme (:class:`~planner.solve.fast.programme._Programme`) reads of a layout's
    groups for one demand: each group's options as moves (key, cost, option), the bound on the surplus after
    each special group (``room``), the most one use of each group lowers the mana still needed (``reach``),
    per whether feeding is tracked, each group's tables of the states after its moves (filled on first use:
    :func:`~planner.solve.fast.programme._moves_table`), and the reach bounds worked out from them."""

    options: list[Sequence[_Move]]
    room: dict[int, tuple[int, ...]]
    reach: list[int]
    moves: dict[bool, list[list[dict[tuple[int, ...], tuple[int, ...]]] | None]] = field(default_factory=dict)
    #: :meth:`~planner.solve.fast.programme._Programme._reach` by (skipped groups, plain), at most
    #: _PROGRAMMES_LIMIT
    reaches: dict[tuple[frozenset[int], bool], dict[int, tuple[int, int]]] = field(default_factory=dict)
    #: :meth:`~planner.solve.fast.programme._Programme._extent` with nothing skipped (its moves and states)
    #: by (start, plain), at most _PROGRAMMES_LIMIT
    extents: dict[tuple[tuple[int, ...], bool], tuple[int, int]] = field(default_factory=dict)
    #: :meth:`~planner.solve.fast.programme._Programme._coarse_fit`'s states and moves by (start, plain), at
    #: most _PROGRAMMES_LIMIT
    coarse: dict[tuple[tuple[int, ...], bool], tuple[int, int]] = field(default_factory=dict)
    #: :meth:`~planner.solve.fast.programme._Programme._part_bounds` by group
    part_bounds: dict[int, _PartBounds] = field(default_factory=dict)
    #: :meth:`~planner.solve.fast.programme._Programme._spread` by plainness
    spreads: dict[bool, _Spread] = field(default_factory=dict)
    #: what :meth:`~planner.solve.fast.programme._Programme._grid` reads of the groups (per part of a state:
    #: the step and the floors) by plainness
    grids: dict[bool, tuple[tuple[int, frozenset[int]], ...]] = field(default_factory=dict)


#: A group's options as the programme's extent reads them (:meth:`~planner.solve.fast.programme._Programme.
#: _part_bounds`): per part of a state but feeding, the least and the most change and floor, the floors of the
#: feeding part, and per part the greatest common divisor of the changes.
_PartBounds = tuple[
    tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...], frozenset[int], tuple[int, ...]
]
#: What the programme's quick look reads of a layout's groups
#: (:meth:`~planner.solve.fast.programme._Programme._spread`): per part of a state but feeding, the least
#: floor, the most top floor and the most all members together raise it, and the uses.
_Spread = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], int]


def _layout(sources: Sequence[_Source]) -> _Layout:
    """The sources' layout for the search (worked out once per question: :func:`_board_sources`)."""
    makers = [0] * 5
    for source in sources:
        for t in source.colors:
            makers[t] += 1
    return _Layout(
        _groups(sources),
        tuple(sorted((s for s in sources if s.free), key=lambda s: s.weight)),
        tuple(makers),
        sum(s.most for s in sources),
        any(s.special for s in sources),
        sum(s.gain for s in sources),
        tuple(map(sum, zip(*(s.maxima for s in sources), strict=True))) if sources else (0,) * 6,
        any(s.usage.restrictions for s in sources),
    )


def _groups(sources: Sequence[_Source]) -> tuple[_Group, ...]:
    """The sources' groups of interchangeable ones: one usage (the same options) and the same weights but
    for the rank (two cards with the same abilities under Blood Moon share a kind, and may still differ in
    what the objective reads: whether they untap normally)."""
    by_key: dict[tuple[_Usage, int], list[_Source]] = {}
    for source in sources:
        by_key.setdefault((source.usage, source.weight - source.rank), []).append(source)
    return tuple(
        _Group(tuple(sorted(members, key=lambda s: s.rank)), members[0].reflect)
        for members in by_key.values()
    )


#: The most sets of groups that keep colors open (:attr:`_Layout.keepers`) before the fast path declines.
_MAX_KEEPERS = 256


def _with_keep_units(problem: PaymentProblem, layout: _Layout) -> _Layout:
    """The layout with 'colors lost' read as the objective reads it (:func:`planner.solve.objective.
    color_keepers`) when a source has a mana ability whose cost contains mana: one unit per group
    (:attr:`_Layout.keep_units`) and the colors open on the untouched board; the layout unchanged otherwise.
    The sets of groups that keep each color are worked out only when a payment loses one
    (:func:`_with_keepers`)."""
    view = problem.view
    groups = layout.groups
    abilities_of = [view.mana_abilities(g.members[0].pid) for g in groups]
    if not any(a.cost.mana for abilities in abilities_of for a in abilities):
        return layout
    # (what the board could produce is read only by abilities that reflect it: worked out only for them)
    reflect = problem.reflect if any(reflects(a) for abilities in abilities_of for a in abilities) else {}
    # a way to keep a color needs at most as many members of a group as the dearest ability's cost takes mana
    # (each member makes one at least), and one more: the counts past that read alike, and so boards with
    # more or fewer of a card share the ways
    limit = 1 + max(
        (sum(o.pays) + o.generic for g in groups for o in g.members[0].options if o.generic or any(o.pays)),
        default=0,
    )
    triggered = within_reach(view, triggers_only=True)
    shape = []
    for group, abilities in zip(groups, abilities_of, strict=True):
        source = group.members[0]
        colors = _ability_colors(view, source, abilities, reflect, triggered)
        costs_mana = tuple(bool(a.cost.mana) for a in abilities)
        count = len(group.members) if len(group.members) < limit else limit
        # (one color set per ability: a zip's strict would parse a keyword for each group)
        shape.append((source.usage.options, count, tuple(zip(costs_mana, colors))))  # noqa: B905
    units = _keep_units(tuple(shape))
    sizes = tuple(len(group.members) for group in groups)
    return replace(
        layout,
        keep_units=units,
        open_colors=colors_open(units, sizes),
        group_of={source.pid: index for index, group in enumerate(groups) for source in group.members},
        sizes=sizes,
    )


def _with_keepers(layout: _Layout) -> _Layout:
    """The layout (with :attr:`_Layout.keep_units`) with the sets of groups' top members that keep each
    color open, for the search to branch on (worked out once per layout). A way to keep a color may need
    several members of one group: the group's last members then become groups of their own. When there
    are too many ways, :attr:`_Layout.unkept` says so."""
    if layout.with_keepers:
        return layout.with_keepers[0]
    assert layout.keep_units is not None  # (only a layout with units is read this way)
    keepers, counted, most, unkept = _keeping_needs(layout.keep_units)
    split: list[_Group] = []
    for group, k in zip(layout.groups, most, strict=True):
        alike = group.members
        cut = len(alike) - (k - 1)
        split.append(_Group(alike[:cut], group.reflect))
        split += [_Group((member,), group.reflect) for member in alike[cut:]]
    found = replace(
        layout,
        groups=tuple(split),
        keepers=keepers,
        keep_counts=counted,
        unkept=unkept,
        programmes={},
        greedy={},
        with_keepers=[],
    )
    layout.with_keepers.append(found)
    return found


def _ability_colors(
    view: BoardView,
    source: _Source,
    abilities: Sequence[ManaAbility],
    reflect: dict[str, ManaTypes],
    triggered: frozenset[str],
) -> tuple[int, ...]:
    """The colors each of the source's mana ``abilities`` (the view's) could produce (CR 106.7, costs
    ignored), as masks (``triggered``: the permanents a mana trigger could reach, :func:`within_reach`). An
    analysed ability that sets off no mana trigger has its outcomes as options (those of its card alone when
    its kind is its card's, :func:`_as_card`): their colors are read from them; the other abilities are
    worked out on the board."""
    kind = source.kind
    analysed = kind.abilities if len(kind.abilities) == len(abilities) else None
    triggers = source.pid in triggered
    if analysed is not None and not triggers:
        made = kind.colors_made()
        if made is not None:
            return made
    masks: list[int] = []
    for number, ability in enumerate(abilities):
        fixed = analysed is not None and analysed[number].options is not None
        if not fixed or (triggers and triggers_on(view, source.pid, ability)):
            masks.append(ability_could_produce(view, source.pid, ability, reflect).mask & _COLOR_MASK)
        else:
            assert analysed is not None
            masks.append(_ability_made(analysed[number]))
    return tuple(masks)


@per_card(maxsize=4096)
def _keep_units(
    shape: tuple[tuple[tuple[_Option, ...], int, tuple[tuple[bool, int], ...]], ...],
) -> tuple[KeepUnit, ...]:
    """A board's groups as 'colors lost' reads them (:class:`planner.solve.objective.KeepUnit`), each given
    as what it offers now (its usage's options), how many members it has, and per ability whether its cost
    contains mana and the colors it could produce; kept across questions by that shape (a pure function of
    it), which is quicker to compare than the units it makes."""
    offers = tuple(
        tuple(dict.fromkeys(o.counts for o in options if not (o.generic or any(o.pays))))
        for options, _, _ in shape
    )
    units: list[KeepUnit] = []
    for options, count, abilities in shape:
        free = 0
        for costs_mana, colors in abilities:
            if not costs_mana:
                free |= colors
        paid: dict[int, list[tuple[tuple[int, ...], int]]] = {}
        for option in options:
            if option.generic or any(option.pays):
                paid.setdefault(option.ability, []).append((option.pays, option.generic))
        costed = tuple(
            CostedAbility(abilities[number][1], tuple(dict.fromkeys(modes)), offers)
            for number, modes in paid.items()
        )
        units.append(KeepUnit(count, free, costed))
    return tuple(units)


@per_card(maxsize=4096)
def _keeping_needs(
    units: tuple[KeepUnit, ...],
) -> tuple[
    tuple[tuple[frozenset[int], ...], ...],
    tuple[tuple[tuple[tuple[int, int], ...], ...], ...],
    tuple[int, ...],
    str | None,
]:
    """What the search reads of 'colors lost' for a board's units (boards of the same cards in the same
    numbers share it): per color, the sets of the split groups' top members that keep it open
    (:attr:`_Layout.keepers`) and the same ways as how many untouched members of which units each needs
    (:attr:`_Layout.keep_counts`); the most members of each unit some way needs, past one (the unit is
    then split: its last members become groups of their own, see :func:`_with_keepers`); and why the fast
    path declines, when there are too many ways."""
    needed: list[list[dict[int, int]]] = []
    unkept = None
    for keeping in color_keepers(units):
        counts: list[dict[int, int]] = []
        for way in keeping:
            picks = []
            for members, n in way.needs:
                ordered = sorted(members)
                picks.append(list(_spread(ordered, n, [units[g].count - (g == way.unit) for g in ordered])))
            for chosen in itertools.product(*picks):
                need = {way.unit: 1}
                for part in chosen:
                    for g, k in part.items():
                        need[g] = need.get(g, 0) + k
                counts.append(need)
        if len(counts) > _MAX_KEEPERS:
            unkept = "there are too many ways to keep a color open"
        needed.append(counts)
    most = [1] * len(units)
    for ways in needed:
        for need in ways:
            for g, k in need.items():
                most[g] = max(most[g], k)
    # the split groups: each unit's first members stay one group, its last k - 1 become groups of one; a
    # unit's pieces, in the order their top members go untouched: the singles from the last, then the rest
    pieces: list[list[int]] = []
    position = 0
    for k in most:
        singles = list(range(position + k - 1, position, -1))
        pieces.append([*singles, position])
        position += k
    keepers = tuple(
        tuple(dict.fromkeys(frozenset(p for g, k in need.items() for p in pieces[g][:k]) for need in ways))
        for ways in needed
    )
    counted = tuple(tuple(dict.fromkeys(tuple(sorted(need.items())) for need in ways)) for ways in needed)
    return keepers, counted, tuple(most), unkept


def _spread(units: Sequence[int], n: int, room: Sequence[int]) -> Iterator[dict[int, int]]:
    """Every way to take ``n`` members from some units, at most ``room[i]`` from ``units[i]``."""
    if n == 0:
        yield {}
        return
    if not units:
        return
    for k in range(min(n, room[0]), -1, -1):
        for more in _spread(units[1:], n - k, room[1:]):
            yield {units[0]: k, **more} if k else more


def _useful_of(source: _Source, types: Sequence[int], demand: Sequence[int]) -> Sequence[_Useful]:
    """:func:`~planner.solve.fast.kinds.useful_options` of the source's options (its usage's)."""
    return source.usage.useful(types, demand)
