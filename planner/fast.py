"""Exact fast path for simple boards: the best payment by a greedy or a small dynamic programme, not CP-SAT.

**The fragment** (:func:`fragment_reason` decides it, and says why a board is outside):

- no permanent on the board, whoever controls it, has an effect a payment reads: no type-changing or
  ability-granting effect, no replacement or triggered mana effect, no 'spend as though', no 'becomes tapped'
  damage (only cost changes and effects on unspent mana, which a single payment never reads, are allowed);
- every ability the paying player could activate now costs exactly {T} (no mana, life, sacrifice, counters,
  tapping others, activation condition, untap symbol) and adds a fixed bag or one of a few fixed bags of mana
  that the board does not change: one mana of a type from a fixed set (a basic land, a dual, Birds of
  Paradise, Command Tower, Coldsteel Heart), fixed multi-mana (Sol Ring's {C}{C}, a bounce land's {W}{U},
  Gilded Lotus's three of one color), with damage dealt as part of it (a painland's colored mana, Ancient
  Tomb); every ability of such a source, activatable or not, has an output of that kind (so what it could
  produce, CR 106.7, is known);
- a spending restriction on that mana, or on floating pool mana, lets it pay for the target (a restriction
  that forbids it matters, so the board goes to CP-SAT); pool mana does not persist between steps;
- the cost has no {S} (and X only with its value given); no cost is to be kept payable or cards in hand kept
  castable.

Everything else goes to the CP-SAT model (:func:`planner.model.solve_payment`), always.

**Why this is exact.** Each source is tapped at most once and puts a known bag of typed mana into the pool.
Colored and {C} slots take only their own type and generic slots take anything, so chosen bags pay a payment
mode (CR 601.2b: each hybrid and Phyrexian symbol paid one way) exactly when every demanded type and the total
are covered (Hall's condition for this bipartite graph). Pool mana pays its own type's slots first, then
generic (swapping it with a source's mana of its type that pays generic changes nothing). Per mode, the
objective (:func:`planner.objective.objective_of`) is then: damage plus life, mana made, colors lost, and a
sum of per-permanent weights (the most mana each makes, creature, flexibility, rank of its id). Two solvers
minimise all but 'colors lost' exactly: when a payment without damage exists (the common case), a greedy
over the transversal matroid of the one-mana sources, with every choice for the few sources that make more
(:class:`_Greedy`); else a dynamic programme over the demand still open (:class:`_Programme`). 'Colors lost'
is handled by branching on the colors a solution loses (:class:`_Search` has the proof). Past fixed limits
on that branching the fast path declines and CP-SAT answers. The tests compare answers with CP-SAT and the
reference search on thousands of random boards.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache

from models.abilities import (
    AbilityCost,
    CostModifier,
    ManaOutput,
    OutputKind,
    PaletteKind,
    SpendRestriction,
    UnspentManaEffect,
)
from models.board import Board, Choices, Permanent, Player
from models.cost import PaymentTarget, SymbolKind
from models.mana import TYPE_ORDER, ManaBag, ManaType, ManaTypes
from models.types import TypeLine
from planner.model import Solution, SolveStatus
from planner.objective import OBJECTIVE_LEVELS
from planner.payment import Mode, cost_modes
from planner.pool import ManaUnit, pool_units
from planner.production import ManaTag, activation_outcomes
from planner.replay import Plan, Step
from planner.rules import BoardView

__all__ = ["SourceKind", "fragment_reason", "in_fast_fragment", "solve_fast", "source_kind"]

#: Effects a single payment never reads: cost changes (the cost given is the total) and unspent mana.
_HARMLESS_EFFECTS = (CostModifier, UnspentManaEffect)
#: Palettes whose types the board does not change.
_FIXED_PALETTES = (PaletteKind.TYPES, PaletteKind.COMMANDER, PaletteKind.CHOSEN_COLOR)
#: The most concrete results one simple ability may have ('three mana in any combination of colors': 35).
_MAX_ALTERNATIVES = 35
#: Limits past which the fast path declines (CP-SAT answers): payment modes times witness sets, DP states,
#: and choices for the sources that make several mana.
_MAX_SUBPROBLEMS = 64
_MAX_STATES = 4096
_MAX_CHOICES = 256
#: The id the per-card analysis gives its permanent (replaced by the real id on a board).
_PLACEHOLDER = "~"

Counts = tuple[int, int, int, int, int, int]


# ------------------------------------------------------------------------------------------ per-card analysis

#: The six types' bits as plain integers (``ManaType`` arithmetic is slow Python code), in ``WUBRGC`` order.
_BITS = tuple(int(t) for t in TYPE_ORDER)


@dataclass(frozen=True, slots=True)
class _Option:
    """One way to tap a source: which ability, the mana it makes (six counts), and the damage it deals."""

    ability: int
    counts: Counts
    total: int
    damage: int
    bag: ManaBag


@dataclass(frozen=True, slots=True)
class _Ability:
    """One mana ability as the fast path sees it."""

    text: str
    tap: bool
    untap: bool
    simple_cost: bool  # exactly {T}, nothing else to pay or check
    options: tuple[_Option, ...] | None  # every concrete result, or None when the output is not fixed
    restriction: SpendRestriction | None
    tag: ManaTag | None  # the tag its mana carries, with the placeholder as source


@dataclass(frozen=True, slots=True, eq=False)
class _Usage:
    """What a permanent of a kind offers in one state (tapped or not, summoning sick or not).

    ``blocked`` is the text of an ability that could be activated now but is outside the fragment; ``usable``
    says whether any ability can be activated now; ``free`` is the mask of types it makes without damage.
    Compared by identity: permanents sharing a usage are interchangeable.
    """

    blocked: str | None
    usable: bool
    options: tuple[_Option, ...]
    most: int
    free: int
    restrictions: tuple[SpendRestriction, ...]
    maxima: tuple[int, ...] = ()

    def units(self) -> tuple[int, ...] | None:
        """The type masks of the one-mana units an activation makes, for feasibility, or None if not simple.

        When every option is one mana of a type from a set, one mask (Tundra: W|U); when there is one fixed
        bag, one mask per mana (Sol Ring: C, C; a bounce land: W, U), since making all of a bag is as good
        as choosing from it for deciding whether a cost can be paid. Damage is not part of it.
        """
        bags = {o.counts for o in self.options}
        if self.blocked is not None or self.restrictions or not bags:
            return None
        if all(sum(bag) == 1 for bag in bags):
            return (sum(_mask_of(bag) for bag in bags),)
        if len(bags) == 1:
            (bag,) = bags
            return tuple(_BITS[t] for t in range(6) for _ in range(bag[t]))
        return None


@dataclass(frozen=True, slots=True)
class SourceKind:
    """What the fast path knows about a permanent from its card alone (valid when no effect is on the board).

    ``blocking`` names an effect of the permanent that puts every board holding it outside the fragment;
    ``reflect`` is what it could produce (CR 106.7) as a type mask, or None when an output is not fixed.
    """

    blocking: str | None
    abilities: tuple[_Ability, ...]
    reflect: int | None
    creature: bool
    haste: bool
    _usages: dict[tuple[bool, bool], _Usage] = field(default_factory=dict, compare=False, repr=False)

    def usage(self, tapped: bool, sick: bool) -> _Usage:
        """What it offers when tapped or not and summoning sick or not (``sick`` counts only for creatures
        without haste, CR 302.6)."""
        key = (tapped, sick and self.creature and not self.haste)
        found = self._usages.get(key)
        if found is None:
            found = self._usages[key] = self._usage(*key)
        return found

    def _usage(self, tapped: bool, sick: bool) -> _Usage:
        options: list[_Option] = []
        restrictions: list[SpendRestriction] = []
        usable = False
        for ability in self.abilities:
            if (
                (ability.tap and tapped)
                or (ability.untap and not tapped)
                or ((ability.tap or ability.untap) and sick)
            ):
                continue  # can't be activated now (CR 107.5, 107.6, 302.6)
            if not ability.simple_cost or ability.options is None:
                return _Usage(ability.text, True, (), 0, 0, ())
            usable = True
            options += ability.options
            if ability.restriction is not None:
                restrictions.append(ability.restriction)
        if usable and self.reflect is None:
            # what it could produce (CR 106.7) depends on another ability, whose mana is not fixed
            unknown = next(a for a in self.abilities if a.options is None)
            return _Usage(unknown.text, True, (), 0, 0, ())
        free = 0
        for option in options:
            if not option.damage:
                free |= _mask_of(option.counts)
        most = max((o.total for o in options), default=0)
        maxima = tuple(max((o.counts[t] for o in options), default=0) for t in range(6))
        return _Usage(None, usable, tuple(options), most, free, tuple(restrictions), maxima)

    def units(self) -> tuple[int, ...] | None:
        """The type masks of the one-mana units it offers untapped (see :meth:`_Usage.units`), or None when
        it is not that simple (an effect, a cost beyond {T}, a restriction, several multi-mana choices)."""
        if self.blocking is not None:
            return None
        return self.usage(False, False).units()


def _mask_of(counts: Counts) -> int:
    return sum(bit for bit, count in zip(_BITS, counts, strict=True) if count)


def _fixed_output(output: ManaOutput, choices: Choices) -> bool:
    """True when the output's mana does not depend on the board (beyond its own choices)."""
    if not output.amount.is_constant or output.amount.constant < 1:
        return False
    if output.kind in (OutputKind.FIXED, OutputKind.CHOICE):
        return True
    if output.kind not in (OutputKind.ANY_ONE, OutputKind.COMBINATION):
        return False
    palette = output.palette.kind
    return palette in _FIXED_PALETTES and (
        palette is not PaletteKind.CHOSEN_COLOR or choices.color is not None
    )


@lru_cache(maxsize=4096)
def _kind(
    name: str,
    oracle: str,
    type_line: TypeLine,
    haste: bool,
    choices: Choices,
    commander: ManaTypes | None,
) -> SourceKind:
    """The analysis of one card on a board of its own (what it is on any board without effects)."""
    permanent = Permanent(_PLACEHOLDER, "me", None, name, type_line, oracle, haste=haste, choices=choices)
    view = BoardView(Board(1, "me", (Player("me", commander_colors=commander),), (permanent,)))
    effects = view.parsed[_PLACEHOLDER].effects
    blocking = next((f"{name} has {e.text!r}" for e in effects if not isinstance(e, _HARMLESS_EFFECTS)), None)
    abilities: list[_Ability] = []
    reflect: int | None = 0
    for number, ability in enumerate(view.mana_abilities(_PLACEHOLDER)):
        cost = ability.cost
        simple_cost = (
            cost == AbilityCost(tap=True)
            and ability.activation_condition is None
            and not ability.sacrifice_when_empty
        )
        options: tuple[_Option, ...] | None = None
        tag: ManaTag | None = None
        if not ability.conditional and _fixed_output(ability.output, choices):
            found: dict[Counts, int] = {}
            for outcome in activation_outcomes(view, _PLACEHOLDER, ability, {}):
                for concrete in outcome.concrete():
                    bag = sum((bag for bag, _ in concrete), ManaBag())
                    if bag:
                        tag = concrete[0][1]
                        found[bag.counts] = outcome.damage + outcome.life_loss
            if len(found) <= _MAX_ALTERNATIVES:
                options = tuple(
                    _Option(number, counts, sum(counts), damage, ManaBag(counts))
                    for counts, damage in found.items()
                )
        if options is None or reflect is None:
            reflect = None
        else:
            for option in options:
                reflect |= _mask_of(option.counts)
        abilities.append(
            _Ability(ability.text, cost.tap, cost.untap, simple_cost, options, ability.restriction, tag)
        )
    haste = view.characteristics(_PLACEHOLDER).haste
    return SourceKind(blocking, tuple(abilities), reflect, type_line.is_a("Creature"), haste)


def source_kind(permanent: Permanent, commander: ManaTypes | None = None) -> SourceKind:
    """The fast path's analysis of a permanent's card, cached per card (``commander``: its controller's
    commander colors, for 'any color in your commander's color identity').

    >>> from models.board import Board
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
    ...     {"id": "t", "card": "Tundra", "controller": "me"},
    ...     {"id": "s", "card": "Sol Ring", "controller": "me"}]})
    >>> [source_kind(p).units() for p in board.permanents]
    [(3,), (32, 32)]
    """
    known = _KNOWN.get(id(permanent))
    if known is not None and known[0] is permanent and known[1] == commander:
        return known[2]
    kind = _kind(
        permanent.name, permanent.oracle, permanent.type_line, permanent.haste, permanent.choices, commander
    )
    if len(_KNOWN) >= _KNOWN_LIMIT:
        _KNOWN.clear()
    _KNOWN[id(permanent)] = (permanent, commander, kind)
    return kind


#: Kinds by permanent object (boards share unchanged permanents): the entry holds the permanent, so its id
#: can't be reused while the entry exists.
_KNOWN: dict[int, tuple[Permanent, ManaTypes | None, SourceKind]] = {}
_KNOWN_LIMIT = 65536


# ------------------------------------------------------------------------------------------ the problem


@dataclass(frozen=True, slots=True)
class _Source:
    """A permanent the player can tap now, with what the objective reads about it; ``group`` is the same for
    interchangeable permanents (same card, same state)."""

    pid: str
    position: int
    rank: int
    kind: SourceKind
    group: int
    options: tuple[_Option, ...]
    most: int
    creature: bool
    reflect: int
    free: int
    weight: int  # the levels after 'colors lost' (mana tied up, creature, flexibility, rank) packed in one
    maxima: tuple[int, ...]  # the most of each type one activation makes
    colors: tuple[int, ...]  # the colors it could produce (indices into WUBRG)


@dataclass(frozen=True, slots=True)
class _Problem:
    """A board inside the fragment, reduced to what the payment needs."""

    sources: tuple[_Source, ...]
    pool: tuple[ManaUnit, ...]
    modes: tuple[Mode, ...]
    life: int
    permanents: int


def _problem(board: Board, target: PaymentTarget, player: str, x: int | None) -> _Problem | str:
    """The board reduced for the fast path, or why it is outside the fragment."""
    cost = target.cost
    if cost.has_variable:
        if x is None:
            return f"the cost {cost} has X and no value is given for it"
        cost = cost.with_variables(x)
    if any(symbol.kind is SymbolKind.SNOW for symbol in cost.symbols):
        return f"the cost {cost} has {{S}}, which needs to know which mana came from snow sources"
    me = board.player(player)
    pool = pool_units(me.pool, player) if me.pool else ()
    for unit in pool:
        if unit.tag.persists:
            return "floating mana persists between steps (the objective does not count it as wasted)"
        if not unit.allowed_for(target):
            return f"floating mana from {unit.tag.source} is restricted and can't pay for this"
    commanders = {p.id: p.commander_colors for p in board.players}
    found: list[tuple[int, Permanent, SourceKind, _Usage]] = []
    for position, permanent in enumerate(board.permanents):
        kind = source_kind(permanent, commanders[permanent.controller])
        if kind.blocking is not None:
            return kind.blocking
        if permanent.controller != player:
            continue
        usage = kind.usage(permanent.tapped, permanent.summoning_sick)
        if usage.blocked is not None:
            return f"{permanent.name} ({permanent.id}) has {usage.blocked!r}"
        if not usage.usable:
            continue
        for restriction in usage.restrictions:
            if not restriction.allows(target, permanent.choices.creature_type):
                return f"{permanent.name} ({permanent.id}) makes restricted mana that can't pay for this"
        found.append((position, permanent, kind, usage))
    n = len(board.permanents)
    ranks = {pid: rank for rank, pid in enumerate(sorted(p.id for p in board.permanents))}
    sources = tuple(
        _Source(
            p.id,
            position,
            ranks[p.id],
            kind,
            id(usage),
            usage.options,
            usage.most,
            kind.creature,
            kind.reflect or 0,
            usage.free,
            _weight(n, usage.most, kind.creature, kind.reflect or 0, ranks[p.id]),
            usage.maxima,
            tuple(t for t in range(5) if (kind.reflect or 0) >> t & 1),
        )
        for position, p, kind, usage in found
    )
    return _Problem(sources, pool, cost_modes(cost, me.life), me.life, len(board.permanents))


# ------------------------------------------------------------------------------------------ the optimiser


def _weight(permanents: int, most: int, creature: bool, reflect: int, rank: int) -> int:
    """A source's share of the levels after 'colors lost', packed so that sums compare level by level.

    Over any set of sources the ranks sum to less than ``n * n + 1``, the flexibilities to less than
    ``6 * n + 1`` and the creatures to less than ``n + 1``: no digit carries into the next.
    """
    n = permanents
    return ((most * (n + 1) + creature) * (6 * n + 1) + reflect.bit_count()) * (n * n + 1) + rank


def _weight_base(permanents: int) -> int:
    """One unit of 'mana tied up' in :func:`_weight`'s packing."""
    n = permanents
    return (n + 1) * (6 * n + 1) * (n * n + 1)


_Taps = tuple[tuple[_Source, _Option], ...]


@dataclass(frozen=True, slots=True)
class _Choice:
    """An optimal payment: the mode, the sources tapped with their options, and the objective's levels."""

    mode: Mode
    taps: _Taps
    levels: tuple[int, ...]


class _DeclinedError(Exception):
    """The board needs more subproblems than the fast path allows: CP-SAT answers instead."""


@dataclass(frozen=True, slots=True)
class _Group:
    """Identical sources (same options, weights and could-produce), lowest rank first."""

    members: tuple[_Source, ...]
    reflect: int


def _groups(sources: Sequence[_Source]) -> tuple[_Group, ...]:
    by_key: dict[int, list[_Source]] = {}
    for source in sources:
        by_key.setdefault(source.group, []).append(source)
    return tuple(
        _Group(tuple(sorted(members, key=lambda s: s.rank)), members[0].reflect)
        for members in by_key.values()
    )


def _after_pool(mode: Mode, pool: Sequence[ManaUnit]) -> tuple[list[int], int]:
    """The demand per type and the mana needed in all once the pool has paid what it can.

    Pool mana pays its own type's slots first, then generic: swapping it with a source's mana of the same type
    that pays generic changes nothing, so this is never worse.
    """
    demand = [0] * 6
    generic = 0
    for slot, count in mode.slots:
        if isinstance(slot, ManaType):
            demand[TYPE_ORDER.index(slot)] += count
        else:
            generic += count  # the fragment has no {S}
    left = 0
    for unit in pool:
        t = TYPE_ORDER.index(unit.type)
        if demand[t]:
            demand[t] -= 1
        else:
            left += 1
    generic = max(0, generic - left)
    return demand, sum(demand) + generic


class _Search:
    """The search for one problem's optimum: per mode, an exact solver under every needed set of witnesses.

    'Colors lost' is the one level that is not a sum over tapped sources. A solver minimises everything else
    (damage, mana made, then the per-permanent weights) given ``skipped``: groups whose highest-ranked member
    must stay untapped, as a witness that some color stays available. :meth:`best_in_mode` branches on the
    colors a solution loses: concede the color, or keep one more group's top member untapped.

    Why that is exact: let T* be an optimal payment and P* the colors it keeps available. In each group T*
    leaves the highest-ranked members untapped (else swapping two lowers the tie-break), so every color of P*
    has a group whose top member is an untapped maker. Follow the branches that concede colors outside P*
    and, for a lost color of P*, add its group (not yet skipped, or the color would not be lost). At the leaf
    reached, the solution T keeps P* available and is no worse than T* on the other levels (T* avoids the
    skipped members), so T is optimal too. Pruning a node whose damage or mana is already worse than the best
    leaf found is safe: skipping more members never lowers them.
    """

    def __init__(self, problem: _Problem) -> None:
        self.problem = problem
        # how many sources make each color (colorless is not a color: 'colors lost' does not count it)
        self.makers = [0] * 5
        for source in problem.sources:
            for t in source.colors:
                self.makers[t] += 1
        total = sum(s.most for s in problem.sources) + 1
        n = problem.permanents
        self.mana_base = total * _weight_base(n)
        self.damage_base = total * self.mana_base
        self.light_first = sorted((s for s in problem.sources if s.free), key=lambda s: s.weight)
        self.budget = _MAX_SUBPROBLEMS
        self.best: _Choice | None = None
        self._groups: tuple[_Group, ...] | None = None

    def may_pay(self, demand: Sequence[int], needed: int, skipped: frozenset[int] = frozenset()) -> bool:
        """A necessary condition for paying without the skipped groups' top members: enough mana of each
        demanded type and in all (a source makes one option, so each type's best is an upper bound)."""
        sources = self.problem.sources
        if skipped:
            avoided = {self.groups[index].members[-1].pid for index in skipped}
            sources = tuple(source for source in sources if source.pid not in avoided)
        if sum(source.most for source in sources) < needed:
            return False
        for t in range(6):
            if demand[t] and sum(min(source.maxima[t], demand[t]) for source in sources) < demand[t]:
                return False
        return True

    @property
    def groups(self) -> tuple[_Group, ...]:
        """The sources in groups of interchangeable ones, lowest rank first."""
        if self._groups is None:
            self._groups = _groups(self.problem.sources)
        return self._groups

    def lost(self, taps: _Taps) -> list[int]:
        """The colors whose every maker is tapped."""
        touched = [0] * 5
        for source, _ in taps:
            for t in source.colors:
                touched[t] += 1
        return [t for t in range(5) if touched[t] and touched[t] == self.makers[t]]

    def levels(self, mode: Mode, taps: _Taps) -> tuple[int, ...]:
        """The objective's levels (:data:`planner.objective.OBJECTIVE_LEVELS`) of a payment."""
        damage = made = most = creatures = flexibility = ranks = 0
        for source, option in taps:
            damage += option.damage
            made += option.total
            most += source.most
            creatures += source.creature
            flexibility += source.reflect.bit_count()
            ranks += source.rank
        floating = made + len(self.problem.pool) - mode.mana
        return (damage + mode.life, 0, 0, floating, len(self.lost(taps)), most, creatures, flexibility, ranks)

    def best_in_mode(self, mode: Mode, solve: Callable[[frozenset[int]], _Taps | None]) -> None:
        """Search one mode with ``solve`` (exact given the skipped groups), updating :attr:`best`."""
        solved: dict[frozenset[int], _Taps | None] = {}
        stack: list[tuple[frozenset[int], frozenset[int]]] = [(frozenset(), frozenset())]
        seen: set[tuple[frozenset[int], frozenset[int]]] = set()
        while stack:
            node = stack.pop()
            if node in seen:
                continue
            seen.add(node)
            skipped, conceded = node
            if skipped not in solved:
                self.budget -= 1
                if self.budget < 0:
                    raise _DeclinedError
                solved[skipped] = solve(skipped)
            taps = solved[skipped]
            if taps is None:
                continue
            levels = self.levels(mode, taps)
            if mode.life and levels[0] > self.problem.life:
                continue  # too little life left to pay it after the damage (CR 119.4), here and below
            best = self.best
            if best is not None and (
                levels[:4] > best.levels[:4]
                or (levels[:4] == best.levels[:4] and best.levels[4] == 0 and best.levels[5:] <= levels[5:])
            ):
                continue  # nothing below can do better: skipping more never lowers damage, mana or weights
            lost = [t for t in self.lost(taps) if t not in conceded]
            if not lost:
                if self.best is None or levels < self.best.levels:
                    self.best = _Choice(mode, taps, levels)
                continue
            stack.append((skipped, conceded | {lost[0]}))
            bit = _BITS[lost[0]]
            stack += [
                (skipped | {index}, conceded)
                for index, group in enumerate(self.groups)
                if index not in skipped and group.reflect & bit
            ]


def _useful(
    options: Sequence[_Option], types: Sequence[int], demand: Sequence[int]
) -> list[tuple[tuple[int, ...], _Option]]:
    """Options with what each covers of the demand, without dominated ones: an option covering at least as
    much of every demanded type, with the same mana and damage, is never worse."""
    seen: dict[tuple[tuple[int, ...], int, int], _Option] = {}
    for option in options:
        cover = tuple(min(option.counts[t], demand[t]) for t in types)
        seen.setdefault((cover, option.total, option.damage), option)
    return [
        (cover, option)
        for (cover, total, damage), option in seen.items()
        if not any(
            other != cover and (t, d) == (total, damage) and all(map(int.__ge__, other, cover))
            for other, t, d in seen
        )
    ]


class _Programme:
    """The dynamic programme for one mode: taps minimising (damage, mana made, weights) that cover the demand.

    States are the demand still open per demanded type plus the mana still needed in all. Members of a group
    are tapped lowest rank first, and a tap must lower the open demand (one that does not only wastes mana).
    """

    def __init__(self, search: _Search, demand: Sequence[int], needed: int) -> None:
        self.search = search
        self.types = [t for t in range(6) if demand[t]]
        self.start = (*(demand[t] for t in self.types), needed)
        self.options = [
            [
                (
                    (cover, option.total),
                    option.damage * search.damage_base + option.total * search.mana_base,
                    option,
                )
                for cover, option in _useful(group.members[0].options, self.types, demand)
            ]
            for group in search.groups
        ]
        self.moves: dict[tuple[tuple[int, ...], tuple[tuple[int, ...], int]], tuple[int, ...]] = {}

    def solve(self, skipped: frozenset[int]) -> _Taps | None:
        """The best taps, with the top member of each ``skipped`` group left untapped, or None."""
        frontier: dict[tuple[int, ...], tuple[int, object]] = {self.start: (0, None)}
        moves = self.moves
        for index, group in enumerate(self.search.groups):
            members = group.members[:-1] if index in skipped else group.members
            options = self.options[index]
            if not members or not options:
                continue
            merged = dict(frontier)
            current = frontier
            for member in members:
                weight = member.weight
                step: dict[tuple[int, ...], tuple[int, object]] = {}
                for state, (value, chain) in current.items():
                    for key, cost, option in options:
                        new = moves.get((state, key))
                        if new is None:
                            cover, total = key
                            new = (*map(_minus, state, cover), max(0, state[-1] - total))
                            moves[(state, key)] = new
                        if new == state:
                            continue
                        candidate = value + cost + weight
                        known = step.get(new)
                        if known is None or candidate < known[0]:
                            step[new] = (candidate, (chain, member, option))
                if not step:
                    break
                for state, entry in step.items():
                    known = merged.get(state)
                    if known is None or entry[0] < known[0]:
                        merged[state] = entry
                current = step
            frontier = merged
            if len(frontier) > _MAX_STATES:
                raise _DeclinedError
        goal = frontier.get((0,) * len(self.start))
        if goal is None:
            return None
        taps: list[tuple[_Source, _Option]] = []
        link = goal[1]
        while link is not None:
            assert isinstance(link, tuple)
            link, member, option = link
            taps.append((member, option))
        return tuple(taps)


def _minus(have: int, take: int) -> int:
    return have - take if have > take else 0


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
        self.supersets = _SUPERSETS[len(types)]
        bits = [(1 << index, _BITS[t]) for index, t in enumerate(types)]
        self.singles = [
            (source, sum(mine for mine, bit in bits if source.free & bit))
            for source in search.light_first
            if source.most == 1
        ]
        self.multiple = [
            (
                index,
                [
                    option
                    for _, option in _useful(group.members[0].options, types, demand)
                    if not option.damage
                ],
            )
            for index, group in enumerate(search.groups)
            if group.members[0].most > 1
        ]

    def solve(self, skipped: frozenset[int]) -> _Taps | None:
        """The best payment without damage avoiding the top member of each ``skipped`` group, or None."""
        groups = self.search.groups
        avoided = {groups[index].members[-1].pid for index in skipped}
        best: tuple[int, int, _Taps] | None = None
        for picks in self._choices(skipped):
            open_types = list(self.demand)
            made = 0
            for _, option in picks:
                made += option.total
                for t in self.types:
                    open_types[t] = max(0, open_types[t] - option.counts[t])
            colored = sum(open_types)
            rest = self._base(open_types, max(colored, self.needed - made), avoided)
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
            raise _DeclinedError
        for parts in itertools.product(*per_group):
            yield tuple(pick for part in parts for pick in part)

    def _base(self, demand: Sequence[int], needed: int, avoided: set[str]) -> _Taps | None:
        """The lightest one-mana sources (outside ``avoided``) filling the demand and ``needed`` in all."""
        if needed <= 0:
            return ()
        types = self.types
        generic = needed - sum(demand[t] for t in types)
        capacity = [
            generic + sum(demand[t] for bit, t in enumerate(types) if subset >> bit & 1)
            for subset in range(1 << len(types))
        ]
        count = [0] * len(capacity)
        chosen: list[tuple[_Source, int]] = []
        for source, profile in self.singles:
            if source.pid in avoided:
                continue
            above = self.supersets[profile]
            if all(count[u] < capacity[u] for u in above):
                for u in above:
                    count[u] += 1
                chosen.append((source, profile))
                if len(chosen) == needed:
                    return self._assign(chosen, demand)
        return None

    def _assign(self, chosen: Sequence[tuple[_Source, int]], demand: Sequence[int]) -> _Taps:
        """Which type each chosen source makes: a maximum matching into the colored slots (by augmenting
        paths), which fills them all by Hall's condition; the other sources pay generic."""
        room = [demand[t] for t in self.types]
        made: dict[int, int] = {}

        def place(i: int, seen: set[int]) -> bool:
            profile = chosen[i][1]
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

        for i in range(len(chosen)):
            place(i, set())
        taps = []
        for i, (source, _) in enumerate(chosen):
            free = [o for o in source.options if not o.damage]
            bit = made.get(i)
            option = free[0] if bit is None else next(o for o in free if o.counts[self.types[bit]])
            taps.append((source, option))
        return tuple(taps)


class _Solver:
    """One mode's solver for :meth:`_Search.best_in_mode`: the greedy, else the dynamic programme."""

    def __init__(self, search: _Search, mode: Mode, demand: Sequence[int], needed: int) -> None:
        self.search = search
        self.life = mode.life
        self.demand = demand
        self.needed = needed
        self.greedy = _Greedy(search, demand, needed)
        self.programme: _Programme | None = None

    def solve(self, skipped: frozenset[int]) -> _Taps | None:
        """The taps minimising (damage, mana made, weights) with the skipped groups' top members untapped;
        None also when every such payment takes damage and the best found so far is already better."""
        if skipped and not self.search.may_pay(self.demand, self.needed, skipped):
            return None
        found = self.greedy.solve(skipped)
        if found is not None:
            return found
        best = self.search.best
        if best is not None and best.levels[0] <= self.life:
            return None  # no payment here without damage: worse than the best on the first level
        if self.programme is None:
            self.programme = _Programme(self.search, self.demand, self.needed)
        return self.programme.solve(skipped)


def _optimise(problem: _Problem) -> _Choice | None:
    """The optimal payment, or None when there is none; raises ``_DeclinedError`` past the limits."""
    search = _Search(problem)
    for mode in sorted(problem.modes, key=lambda m: m.life):
        if search.best is not None and mode.life > search.best.levels[0]:
            break  # the life alone is worse than the best found
        demand, needed = _after_pool(mode, problem.pool)
        if search.may_pay(demand, needed):
            search.best_in_mode(mode, _Solver(search, mode, demand, needed).solve)
    return search.best


# ------------------------------------------------------------------------------------------ the plan


def _plan(problem: _Problem, choice: _Choice) -> Plan:
    """The plan for a choice: one step per tapped source in board order, then the exact payment."""
    steps: list[Step] = []
    by_type: list[list[ManaUnit]] = [[] for _ in range(6)]
    for unit in problem.pool:
        by_type[TYPE_ORDER.index(unit.type)].append(unit)
    for source, option in sorted(choice.taps, key=lambda tap: tap[0].position):
        steps.append(Step(source.pid, option.ability, ((source.pid, option.bag),)))
        made = source.kind.abilities[option.ability].tag
        assert made is not None
        tag = replace(made, source=source.pid)
        for t, count in enumerate(option.counts):
            by_type[t] += [ManaUnit(TYPE_ORDER[t], tag)] * count
    spent: list[ManaUnit] = []
    generic = 0
    for slot, count in choice.mode.slots:
        if isinstance(slot, ManaType):
            units = by_type[TYPE_ORDER.index(slot)]
            spent += units[:count]
            del units[:count]
        else:
            generic += count
    left = [unit for units in by_type for unit in units]
    return Plan(tuple(steps), (*spent, *left[:generic]), choice.mode.life)


# ------------------------------------------------------------------------------------------ the public calls


def fragment_reason(
    board: Board, target: PaymentTarget, player: str | None = None, *, x: int | None = None
) -> str | None:
    """Why the fast path can't answer this payment (a sentence), or None when it is inside the fragment.

    >>> from models.board import Board
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
    ...     {"id": "f1", "card": "Forest", "controller": "me"},
    ...     {"id": "sig", "card": "Selesnya Signet", "controller": "me"}]})
    >>> fragment_reason(board, PaymentTarget.of("{1}{G}"))
    "Selesnya Signet (sig) has '{1}, {T}: Add {G}{W}.'"
    >>> fragment_reason(board.replace_permanent("sig", tapped=True), PaymentTarget.of("{1}{G}")) is None
    True
    """
    problem = _problem(board, target, player or board.active_player, x)
    return problem if isinstance(problem, str) else None


def in_fast_fragment(
    board: Board, target: PaymentTarget, player: str | None = None, *, x: int | None = None
) -> bool:
    """True when the board and target are inside the fast path's fragment (see the module docstring).

    >>> from models.board import Board
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
    ...     {"id": "f1", "card": "Forest", "controller": "me"},
    ...     {"id": "refl", "card": "Mana Reflection", "controller": "me"}]})
    >>> in_fast_fragment(board, PaymentTarget.of("{G}"))
    False
    """
    return fragment_reason(board, target, player, x=x) is None


def solve_fast(
    board: Board, target: PaymentTarget, player: str | None = None, *, x: int | None = None
) -> Solution | None:
    """The optimal payment by the fast path, as CP-SAT would return it, or None when it can't answer.

    None means the board is outside the fragment or the fast path declined; the solution is otherwise
    ``OPTIMAL`` (with the objective's levels) or ``INFEASIBLE`` (with the cost parts that can't be paid).
    The plan is not replayed here (:func:`planner.plan.pay` replays every plan).

    >>> from models.board import Board
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
    ...     {"id": "f1", "card": "Forest", "controller": "me"},
    ...     {"id": "sol", "card": "Sol Ring", "controller": "me"},
    ...     {"id": "bop", "card": "Birds of Paradise", "controller": "me"}]})
    >>> solution = solve_fast(board, PaymentTarget.of("{2}{G}"))
    >>> solution.status.value, [step.permanent for step in solution.plan.steps]
    ('optimal', ['f1', 'sol'])
    >>> solve_fast(board, PaymentTarget.of("{G}{G}{G}")).core
    ('G',)
    """
    who = player or board.active_player
    problem = _problem(board, target, who, x)
    if isinstance(problem, str):
        return None
    try:
        choice = _optimise(problem)
    except _DeclinedError:
        return None
    if choice is None:
        return Solution(SolveStatus.INFEASIBLE, core=_core(problem))
    objective = tuple(zip(OBJECTIVE_LEVELS, choice.levels, strict=True))
    return Solution(SolveStatus.OPTIMAL, _plan(problem, choice), x=x, objective=objective)


def _core(problem: _Problem) -> tuple[str, ...]:
    """The cost's parts that can't all be paid, in the labels :func:`planner.plan.pay` explains: every type a
    payment mode demands, and 'generic' when no mode's total can be reached."""
    demanded = {slot for mode in problem.modes for slot, _ in mode.slots if isinstance(slot, ManaType)}
    labels = [t.letter for t in TYPE_ORDER if t in demanded]
    total = sum(s.most for s in problem.sources) + len(problem.pool)
    if all(mode.mana > total for mode in problem.modes):
        labels.append("generic")
    return tuple(labels)
