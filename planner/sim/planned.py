"""Goldfishing with the turn planner (``simulate --ramp planner``): each turn plays a land and casts what the
hand allows, in the best order, so mana rocks, mana creatures, rituals and their timing count as in a game.

A game is a loop of turns over small records: the permanents in play that make mana (lands, rocks,
creatures: each a tuple of one type mask per mana a tap makes, :func:`planner.sim.simulate.land_profile`),
the hand, the life total. Each turn the best plan is found by an exact search over the *simulation's
fragment* of a turn (the contract §7 objective, as :func:`planner.turn.plan_turn` has it): the land to play,
then every subset and order of the rocks and rituals in hand, then the subset of the other spells with the
most mana value. Whether a sequence is payable is a bipartite matching of cost symbols to mana, a mana
unit paying only what is cast after it arrives (CR 500.4: the pool carries through the main phase; a rock
taps at once, a creature only from next turn, CR 302.6; a ritual's mana arrives when it resolves, 608.2).
``tests/test_simulate_planned.py`` checks the search against :func:`planner.turn.plan_turn` on random
states.

The fragment: sources that tap for a fixed amount of fixed types with no other cost (lands, rocks and
creatures alike), rituals that add fixed mana, Treasures (made as a spell resolves or a permanent enters; each
pays one mana of any type once, from then on), permanents that change generic costs of spells by their types
and colors; every other card is a plain spell (its mana ability, effect or cost change is listed in
``ignored_sources``). Turns are memoised by state, which is what makes 100,000 games tractable:
most games pass through the same few thousand states.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Final

import numpy as np

from models.abilities import CostModifier, Who
from models.board import Card
from models.catalogue import CardData
from models.cost import ManaCost, PaymentTarget, SymbolKind
from models.decklist import Deck
from models.errors import InputError
from models.mana import ALL_TYPES, ManaType, ManaTypes
from models.oracle import LandSearch, parse_land_search, parse_oracle
from models.types import TypeLine
from planner.rules.turn import resolution, treasures_made
from planner.sim.simulate import (
    COMMANDER_LIFE,
    HAND_SIZE,
    STARTING_LIFE,
    CardOdds,
    Entry,
    GoldfishResult,
    LandProfile,
    MulliganStage,
    commander_colors,
    land_profile,
    lands_to_bottom,
    mulligan_stages,
)

__all__ = [
    "PLANNED_CHUNK",
    "CardKind",
    "PlannedCounts",
    "TurnPlan",
    "TurnState",
    "TurnTables",
    "best_turn",
    "card_kinds",
    "goldfish_planned",
    "merge_planned",
    "payable",
    "planned_chunks",
    "planned_counts",
    "planned_result",
]

_COLORLESS = int(ManaType.C)
_NO_TYPES: Final[frozenset[str]] = frozenset()
_NO_KINDS: Final[frozenset[int]] = frozenset()
_ANY = ALL_TYPES.mask


@dataclass(frozen=True, slots=True)
class CardKind:
    """A card of the deck as the planned goldfish sees it.

    ``role`` is ``land``, ``source`` (a permanent that taps for mana: a rock, a mana creature), ``ritual``
    (an instant or sorcery that adds fixed mana) or ``spell`` (anything else); ``units`` the type masks of
    the mana its tap (source, land) or its effect (ritual) makes; ``demand`` its cost's symbols as type masks
    (``_ANY`` for generic), X counted at the simulation's X; ``creature`` and ``haste`` for 302.6."""

    index: int
    name: str
    role: str
    mana_value: int
    demand: tuple[int, ...] = ()
    phyrexian: int = 0  # symbols payable with 2 life instead (CR 107.4f)
    units: tuple[int, ...] = ()
    creature: bool = False
    haste: bool = False
    land: LandProfile | None = None
    copies: int = 1
    search: LandSearch | None = None  # a fetchland's search (models.oracle.parse_land_search)
    basic: bool = False  # a basic land (what "search for a basic land card" finds)
    land_face: bool = False  # a modal double-faced spell whose back is a land (``land``): played as either
    bounce: bool = False  # a land that returns a land its controller controls to hand as it enters (a karoo)
    permanent: bool = False  # it stays on the battlefield once it resolves
    treasures: int = 0  # the Treasure tokens it creates as it resolves (its enters trigger or its effect)
    # while it is on the battlefield: (spell kind, generic mana that spell costs more, or less if negative)
    cost_changes: tuple[tuple[int, int], ...] = ()


def card_kinds(
    deck: Deck, min_x: int, commander_colors: ManaTypes | None = None
) -> tuple[list[CardKind], list[str]]:
    """The deck's cards as :class:`CardKind`, lands first, in deck order, then its commanders; and the cards
    whose mana or cost change the fragment leaves out (a plain spell here)."""
    kinds: list[CardKind] = []
    ignored: list[str] = []
    changes: dict[int, list[CostModifier]] = {}  # the cost changes of the permanents among the kinds
    targets: dict[int, PaymentTarget] = {}  # each spell as a cost change sees it
    for card in deck.cards:
        data = card.card
        if card.is_land:
            profile = land_profile(data, commander_colors) if data is not None else LandProfile(sources=())
            search = parse_land_search(data.oracle, data.name) if data is not None else None
            basic = data is not None and TypeLine.parse(data.type_line).is_a("Basic")
            entering = parse_oracle(data.oracle, data.name).entering if data is not None else None
            bounce = entering is not None and entering.returns_land
            kinds.append(
                CardKind(
                    len(kinds),
                    card.name,
                    "land",
                    0,
                    units=profile.sources,
                    land=profile,
                    copies=card.count,
                    search=search,
                    basic=basic,
                    bounce=bounce,
                )
            )
    spells = [card for card in deck.cards if not card.is_land]
    for number, card in enumerate([*spells, *deck.commanders]):
        demand, phyrexian, value = _demand(card.cost, min_x)
        data = card.card
        role, creature, haste, permanent, treasures = "spell", False, False, False, 0
        units: tuple[int, ...] = ()
        targets[len(kinds)] = PaymentTarget.of(
            str(card.cost) if card.cost is not None else "{0}", type_line=data.type_line if data else ""
        )
        if data is not None:
            type_line = TypeLine.parse(data.type_line)
            parsed = parse_oracle(data.oracle, data.name)
            creature = type_line.is_a("Creature")
            haste = "haste" in parsed.keywords
            permanent = type_line.is_permanent
            treasures = treasures_made(data.oracle, data.name, permanent=permanent)
            modifiers = [e for e in parsed.effects if isinstance(e, CostModifier) and not e.own]
            if permanent and modifiers:
                if all(_counted_change(m) for m in modifiers):
                    changes[len(kinds)] = [m for m in modifiers if m.who is not Who.OPPONENTS]
                else:
                    ignored.append(card.name)
            if type_line.is_permanent and parsed.mana_abilities:
                profile = land_profile(data, commander_colors)
                if profile.sources and not profile.notes:
                    role, units = "source", profile.sources
                else:
                    ignored.append(card.name)
            elif not type_line.is_permanent:
                units = _ritual_units(data)
                if units:
                    role = "ritual"
                elif any(n.kind.value == "spell" for n in parsed.not_payment):
                    ignored.append(card.name)
        back = card.land_face
        back_profile = None
        if back is not None and back.layout == "modal_dfc":
            back_data = CardData(
                name=back.name,
                type_line=back.type_line,
                oracle=back.oracle,
                color_indicator=back.color_indicator or None,
            )
            back_profile = land_profile(back_data, commander_colors)
        kinds.append(
            CardKind(
                len(kinds),
                card.name,
                role,
                value,
                demand=demand,
                phyrexian=phyrexian,
                units=units,
                creature=creature,
                haste=haste,
                copies=card.count if number < len(spells) else 1,
                land=back_profile,
                land_face=back_profile is not None,
                permanent=permanent,
                treasures=treasures,
            )
        )
    for index, modifiers in changes.items():
        deltas = ((s, sum(m.generic_delta for m in modifiers if m.matches(t))) for s, t in targets.items())
        kinds[index] = replace(kinds[index], cost_changes=tuple((s, d) for s, d in deltas if d))
    return kinds, ignored


def _counted_change(modifier: CostModifier) -> bool:
    """A cost change the fragment counts: generic mana more or less for the spells of some types and
    colors (not per spell cast this turn, not of a chosen type, not of colored mana)."""
    return not (
        modifier.per_other_spell_this_turn
        or modifier.spells.chosen_type
        or modifier.colored
        or modifier.for_each is not None
    )


def _demand(cost: ManaCost | None, min_x: int) -> tuple[tuple[int, ...], int, int]:
    """A cost's symbols as type masks (generic: any type, one symbol per mana), its Phyrexian symbols, and
    its mana value with X = ``min_x``."""
    if cost is None:
        return (), 0, 0
    masks: list[int] = []
    phyrexian = 0
    for symbol in cost.symbols:
        if symbol.kind is SymbolKind.VARIABLE:
            masks += [_ANY] * min_x
            continue
        if symbol.kind is SymbolKind.GENERIC:
            masks += [_ANY] * symbol.amount
            continue
        ways = symbol.ways()
        if any(way.slot is None for way in ways):
            phyrexian += 1
            continue
        mask = 0
        for way in ways:
            slot = way.slot
            mask |= int(slot) if isinstance(slot, ManaType) else _ANY
        masks.append(mask)
    value = cost.mana_value + min_x * sum(cost.variables.values())
    return tuple(sorted(masks, key=lambda m: (m == _ANY, bin(m).count("1")))), phyrexian, value


def _ritual_units(card: CardData) -> tuple[int, ...]:
    """The mana an instant or sorcery adds as it resolves, when it is fixed (Dark Ritual's {B}{B}{B})."""
    effect = resolution(
        Card.from_json({"name": card.name, "type_line": card.type_line, "oracle": card.oracle})
    )
    if effect.unread or effect.treasures or any(len(p.types) != 1 for p in effect.mana):
        return ()
    return tuple(int(next(iter(p.types))) for p in effect.mana for _ in range(p.total))


def payable(units: Sequence[tuple[int, int]], demands: Sequence[tuple[int, int]]) -> bool:
    """True when every demanded symbol (type mask, epoch cast in) gets its own mana unit (type mask it may
    be, epoch it arrives in) that fits it and arrived no later: a bipartite matching (Kuhn's algorithm).

    >>> payable([(1, 0), (4, 0)], [(1, 0), (_ANY, 0)]), payable([(1, 1)], [(1, 0)])
    (True, False)
    """
    return len(demands) <= len(units) and matched(units, demands) == len(demands)


def matched(units: Sequence[tuple[int, int]], demands: Sequence[tuple[int, int]]) -> int:
    """How many of the demanded symbols can get their own fitting unit at once (a maximum matching).

    >>> matched([(1, 0)], [(1, 0), (1, 0)])
    1
    """
    return _matched(tuple(units), tuple(demands))


@lru_cache(maxsize=1 << 16)
def _matched(units: tuple[tuple[int, int], ...], demands: tuple[tuple[int, int], ...]) -> int:
    # (each demand takes a free fitting unit when there is one, the least flexible first; only when there
    # is none does it look for an augmenting path: Kuhn's algorithm, exact either way)
    order = sorted(range(len(units)), key=lambda u: (bin(units[u][0]).count("1"), units[u][1]))
    owner = [-1] * len(units)
    count = 0
    for d, (need, when) in enumerate(demands):
        free = next((u for u in order if owner[u] < 0 and units[u][0] & need and units[u][1] <= when), None)
        if free is not None:
            owner[free] = d
            count += 1
        elif _augment(d, need, when, units, demands, owner, [False] * len(units)):
            count += 1
    return count


def _augment(
    d: int,
    need: int,
    when: int,
    units: Sequence[tuple[int, int]],
    demands: Sequence[tuple[int, int]],
    owner: list[int],
    seen: list[bool],
) -> bool:
    for u, (mask, arrives) in enumerate(units):
        if seen[u] or not (mask & need) or arrives > when:
            continue
        seen[u] = True
        holder = owner[u]
        if holder < 0 or _augment(
            holder, demands[holder][0], demands[holder][1], units, demands, owner, seen
        ):
            owner[u] = d
            return True
    return False


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
    changers: tuple[int, ...] = ()  # the kinds of the permanents in play that change costs (sorted)
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

    def __init__(self, kinds: Sequence[CardKind], castable_of: Sequence[int] = ()) -> None:
        self.kinds = list(kinds)
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
                found = (*demand, *([_ANY] * delta))
            else:
                generic = sum(1 for mask in demand if mask == _ANY)  # (sorted last: see _demand)
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
                and payable(units, (*demands, *((mask, epoch) for mask in self.demand(wanted, changers))))
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
            found = _best_plain(self.kinds, list(ordered), list(units), list(demands), epoch, life, demand_of)
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
        """A land choice's measures of what it keeps: :func:`_next_turn`, :func:`_colored_cover` of the
        hand and :func:`_deck_cover`."""
        spells = tuple(sorted(left))
        after_key, lands_key = tuple(sorted(after)), tuple(sorted(lands_after))
        following = self._next.get((spells, after_key))
        if following is None:
            following = self._next[(spells, after_key)] = _next_turn(
                self.kinds, list(spells), list(after_key)
            )
        colored = self._colored.get((spells, lands_key))
        if colored is None:
            colored = self._colored[(spells, lands_key)] = _colored_cover(self.kinds, spells, lands_key)
        deck = self._deck.get(lands_key)
        if deck is None:
            deck = self._deck[lands_key] = _deck_cover(self.kinds, lands_key)
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
    # (land played, tapped, life paid, the land a search finds: -1 for none)
    options: list[tuple[int, bool, int, int]] = [(-1, False, 0, -1)]
    if state.land_play:
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
            lasting, demands = [(mask, 0) for mask in ready], []
            made = [0] * state.treasures  # (the epoch each Treasure can pay from)
            changers = state.changers
            phyrexian = 0
            ok = True
            for epoch, index in enumerate(sequence):
                kind = kinds[index]
                demands += [(mask, epoch) for mask in tables.demand(index, changers)]
                phyrexian += kind.phyrexian
                if phyrexian * 2 > life_left or not payable(_with_treasures(lasting, made), demands):
                    ok = False
                    break
                lasting += [(mask, epoch + 1) for mask in kind.units]
                made += [epoch + 1] * kind.treasures
                if kind.permanent and kind.cost_changes:
                    changers = tuple(sorted((*changers, index)))
            if not ok:
                continue
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
                used = _treasures_used(lasting, made, every)
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


def _with_treasures(lasting: list[tuple[int, int]], made: list[int]) -> list[tuple[int, int]]:
    """The mana units of a sequence: the lasting ones, then one of any type for each Treasure (it can be
    sacrificed for one mana of any color from the epoch it was made in, CR 111.10a)."""
    return [*lasting, *((_ANY, epoch) for epoch in made)] if made else lasting


def _treasures_used(lasting: list[tuple[int, int]], made: list[int], demands: list[tuple[int, int]]) -> int:
    """The fewest Treasures that pay ``demands`` with the lasting units (the earliest made first: one
    made earlier can pay whatever a later one can)."""
    earliest = sorted(made)
    for count in range(len(earliest) + 1):
        if payable(_with_treasures(lasting, earliest[:count]), demands):
            return count
    raise AssertionError("the plan was checked payable with every Treasure")


def _next_turn(kinds: Sequence[CardKind], hand: list[int], units: list[int]) -> int:
    """How many of the spells in hand the mana ready next turn pays, one at a time (with no land drop)."""
    ready = [(mask, 0) for mask in units]
    return sum(1 for i in set(hand) if payable(ready, [(mask, 0) for mask in kinds[i].demand]))


def _colored_cover(kinds: Sequence[CardKind], spells: Sequence[int], units: Sequence[int]) -> int:
    """How many colored symbols of these spells (a list: copies count) these mana units could pay, each
    spell on its own (a land choice's and a mulligan's measure of the colors kept)."""
    ready = [(mask, 0) for mask in units]
    return sum(matched(ready, [(mask, 0) for mask in kinds[i].demand if mask != _ANY]) for i in spells)


def _deck_cover(kinds: Sequence[CardKind], units: Sequence[int]) -> int:
    """:func:`_colored_cover` of every spell of the deck, each counted as often as the deck has it."""
    ready = [(mask, 0) for mask in units]
    return sum(
        kind.copies * matched(ready, [(mask, 0) for mask in kind.demand if mask != _ANY])
        for kind in kinds
        if kind.role != "land"
    )


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
        or (kind.permanent and bool(kind.cost_changes))
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
        if len(more) - len(demands) <= spare and (phy + kind.phyrexian) * 2 <= life and payable(units, more):
            search(at + 1, (*chosen, order[at]), more, value + kind.mana_value, phy + kind.phyrexian)
        # (a copy of a kind just left out is never better to cast later in the order)
        skip = at + 1
        while skip < len(order) and order[skip] == order[at]:
            skip += 1
        search(skip, chosen, wanted, value, phy)

    search(0, (), list(demands), 0, 0)
    return (*best[0][1], *free)


#: A turn state's fields as the game loop has them: ready, land types, lands, hand, life, library, changers,
#: treasures (:class:`TurnState`'s, without the land play, which a game always has).
_Fields = tuple[
    tuple[int, ...], frozenset[str], int, tuple[int, ...], int, frozenset[int], tuple[int, ...], int
]


class _Memo:
    """The best turn of each state met, worked out once (most games pass through the same states)."""

    def __init__(self, kinds: Sequence[CardKind], castable_of: Sequence[int]) -> None:
        self.kinds = list(kinds)
        self.castable_of = tuple(castable_of)
        self.tables = TurnTables(kinds, castable_of)
        self.plans: dict[TurnState, TurnPlan] = {}
        self.by_fields: dict[_Fields, TurnPlan] = {}

    def of(self, fields: _Fields) -> TurnPlan:
        """The plan of the state with these fields (:class:`TurnState`'s, in order), kept by them."""
        plan = self.by_fields.get(fields)
        if plan is None:
            if len(self.by_fields) >= MEMO_LIMIT:
                self.by_fields.clear()
            ready, land_types, lands, hand, life, library, changers, treasures = fields
            state = TurnState(
                ready, land_types, lands, hand, life, library=library, changers=changers, treasures=treasures
            )
            plan = self.by_fields[fields] = self(state)
        return plan

    def __call__(self, state: TurnState) -> TurnPlan:
        plan = self.plans.get(state)
        if plan is None:
            if len(self.plans) >= MEMO_LIMIT:  # (a long run starts its memo again rather than fill memory)
                self.plans.clear()
                self.tables = TurnTables(self.kinds, self.castable_of)
            plan = best_turn(self.kinds, state, self.castable_of, self.tables)
            self.plans[state] = plan
        return plan


#: The most turns a memo keeps: about 2.5 kB each with the tables beside them, so at most about 1 GB (100,000
#: games of ``examples/decks/simic-ramp.txt`` meet about 200,000 turns).
MEMO_LIMIT: Final = 400_000


#: Games per chunk of the planned goldfish: each chunk has its own random stream, so the answer is the same
#: however the chunks are spread over processes (``--workers``).
PLANNED_CHUNK: Final = 4096


@dataclass(frozen=True, slots=True, eq=False)
class _Setup:
    """A planned goldfish's fixed tables: the deck as played, its kinds, and the memo of turns."""

    deck: Deck
    notes: tuple[str, ...]
    kinds: list[CardKind]
    ignored: tuple[str, ...]
    counts: list[int]
    commanders: list[CardKind]
    deck_ids: np.ndarray
    memo: _Memo
    reads: _Reads
    weights: np.ndarray  # per kind: the copies that count towards a game's castability score

    def dealt(self, layout: Sequence[str] | None) -> np.ndarray:
        """The deck's kind ids as dealt, its land slots holding the lands ``layout`` names (see
        :func:`planned_counts`); the deck's own order when ``layout`` is None."""
        if layout is None:
            return self.deck_ids
        land_of = {k.name: k.index for k in self.kinds if k.role == "land"}
        faces = {k.name for k in self.kinds if k.land_face}
        unknown = sorted({name for name in layout if name not in land_of and name not in faces})
        if unknown:
            raise InputError(f"the land layout names {', '.join(unknown)}, not a land of the deck")
        slots = np.array([land_of[name] for name in layout if name in land_of], dtype=np.int64)
        spells = self.deck_ids[sum(self.counts[i] for i in land_of.values()) :]
        return np.concatenate([slots, spells])


@lru_cache(maxsize=8)
def _setup(deck: Deck, min_x: int) -> _Setup:
    """The tables of ``deck`` (kept per process: chunks of one run on one worker share the memo)."""
    kinds, ignored = card_kinds(deck, min_x, commander_colors(deck))
    played_notes = tuple(
        f"{k.name} is played as its land face or cast as a spell, whichever the turn needs"
        for k in kinds
        if k.land_face
    )
    # (what the lands-only goldfish notes of each land, but a bounce land's return, which these turns play)
    land_notes = tuple(
        dict.fromkeys(
            note
            for k in kinds
            if k.land is not None
            for note in k.land.notes
            if not (k.bounce and note.endswith("returning a land to hand is not modelled"))
        )
    )
    unfound = tuple(
        f"{k.name}: its search finds no land of this deck"
        for k in kinds
        if k.search is not None
        and not any(
            k.land is not None and k.land.finds(o.land)
            for o in kinds
            if o.land is not None and o.role == "land"
        )
    )
    played_notes = (*played_notes, *land_notes, *unfound)
    counts = [card.count for card in deck.cards if card.is_land] + [
        c.count for c in deck.cards if not c.is_land
    ]
    commanders = kinds[len(counts) :]  # (card_kinds lists them last)
    deck_ids = np.repeat(np.arange(len(counts), dtype=np.int64), counts)
    spells = [k.index for k in kinds if k.role != "land"]
    costed = [c.cost is not None for c in deck.cards if not c.is_land] + [
        c.cost is not None for c in deck.commanders
    ]
    lands = len(kinds) - len(costed)
    weights = np.array(
        [0 if k.role == "land" or not costed[k.index - lands] else k.copies for k in kinds], dtype=np.int64
    )
    return _Setup(
        deck,
        played_notes,
        kinds,
        tuple(ignored),
        counts,
        commanders,
        deck_ids,
        _Memo(kinds, spells),
        _Reads.of(kinds),
        weights,
    )


@dataclass(kw_only=True, frozen=True, slots=True, eq=False)
class PlannedCounts:
    """The tallies of some chunks of a planned goldfish (:func:`planned_counts`), to be merged
    (:func:`merge_planned`) and reported (:func:`planned_result`): per kind, games in which it was castable
    on each reported turn, castable on curve, cast on curve, and so on; hands kept at each mulligan stage;
    life paid; games played."""

    games: int
    castable: np.ndarray
    hits: np.ndarray
    cast_hits: np.ndarray
    drops: np.ndarray
    drop_hits: np.ndarray
    in_hand_hits: np.ndarray
    kept_at: tuple[int, ...]
    life_paid: int
    game_scores: np.ndarray | None = None
    game_life: np.ndarray | None = None  # (with game_scores: the life each game lost to its lands)


def planned_chunks(games: int) -> int:
    """How many chunks a run of ``games`` games has."""
    return -(-games // PLANNED_CHUNK)


def planned_counts(
    deck: Deck,
    *,
    turns: tuple[int, int],
    games: int,
    seed: int,
    on_the_draw: bool,
    mulligan: str,
    min_x: int,
    chunks: range,
    progress: Callable[[int], None] | None = None,
    layout: Sequence[str] | None = None,
    game_scores: bool = False,
) -> PlannedCounts:
    """Play the given chunks of a run of ``games`` games (see :func:`goldfish_planned`) and tally them.

    ``layout`` names the land card in each land slot (a name the deck lists as a land; the deck's own
    counts of its lands are then not read, and an MDFC named is left in its own place): with one seed, decks
    of the same cards but their lands deal the same games, each slot holding its own land (common random
    numbers, as :func:`planner.sim.simulate.goldfish_counts` has them). ``game_scores`` asks for each game's
    copies castable on their curve turn (a commander counts once), in game order: the numerator of
    ``optimise-lands``'s score with the turns planned.

    >>> from models.decklist import parse_deck
    >>> deck = parse_deck("1 Forest\\n1 Island\\n34 Bear {1}{G}\\n24 Wave {U}")
    >>> forests = ("Forest",) * 26
    >>> one = planned_counts(deck, turns=(1, 2), games=50, seed=2, on_the_draw=False, mulligan="none",
    ...     min_x=1, chunks=range(1), layout=forests, game_scores=True)
    >>> int(one.castable[:, 3].sum()), int(one.game_scores.max())  # (no Island: a Wave is never castable)
    (0, 34)
    """
    setup = _setup(deck, min_x)
    deck_ids = setup.dealt(layout)
    weights = setup.weights
    kinds, memo, reads, commanders = setup.kinds, setup.memo, setup.reads, setup.commanders
    commander = setup.deck.is_commander
    stages = mulligan_stages(commander=commander, london=mulligan == "london")
    start_life = COMMANDER_LIFE if commander else STARTING_LIFE
    first, last = turns
    extra = 1 if (on_the_draw or commander) else 0
    castable_games = np.zeros((last - first + 1, len(kinds)), dtype=np.int64)
    due_on: dict[int, list[int]] = {}  # the spells whose curve turn each turn is
    for kind in kinds:
        if kind.role != "land":
            due_on.setdefault(max(1, kind.mana_value), []).append(kind.index)
    hits = np.zeros(len(kinds), dtype=np.int64)
    cast_hits = np.zeros(len(kinds), dtype=np.int64)
    drops = np.zeros(len(kinds), dtype=np.int64)
    drop_hits = np.zeros(len(kinds), dtype=np.int64)
    in_hand_hits = np.zeros(len(kinds), dtype=np.int64)
    kept_at = [0] * len(stages)
    life_paid = 0
    played = 0
    scores: list[int] = []
    lives: list[int] = []
    painful = {k.index for k in kinds if k.land is not None and k.land.painful}
    land_kinds = sum(1 for k in kinds if k.role == "land")
    sources_of = {k.index: k.land.sources for k in kinds if k.land is not None}
    land_types_of = {k.index: k.land.land_types for k in kinds if k.land is not None}
    seen_plans: dict[tuple[int, int], int] = {}  # (turn, the plan's id) -> games
    plan_of: dict[int, TurnPlan] = {}  # (which keeps the plans, and so their ids, alive)
    is_land = [k.role == "land" for k in kinds]
    for chunk in chunks:
        rng = np.random.default_rng(np.random.SeedSequence(seed, spawn_key=(7, chunk)))
        size = min(PLANNED_CHUNK, games - chunk * PLANNED_CHUNK)
        for _ in range(size):
            played += 1
            hand, library = _mulligan(kinds, deck_ids, stages, land_kinds, rng, kept_at)
            score = 0
            hand += [k.index for k in commanders]
            in_play: list[tuple[int, ...]] = []  # the mana units of each nonland mana permanent in play
            land_kinds_in_play: list[int] = []  # the kinds of the lands in play (a found land: its own kind)
            changers: tuple[int, ...] = ()  # the kinds of the permanents in play that change costs
            treasures = 0
            life = start_life
            pain = 0  # (a painful land untapped on a turn is tapped for 1 life)
            for turn in range(1, last + 1):
                if (turn > 1 or extra) and library:
                    hand.append(library.pop(0))
                sick: list[tuple[int, ...]] = []
                lands = len(land_kinds_in_play)
                land_types = (
                    {t for i in land_kinds_in_play for t in land_types_of[i]} if reads.land_types else set()
                )
                ready = tuple(
                    sorted(
                        [mask for units in in_play for mask in units]
                        + [mask for i in land_kinds_in_play for mask in sources_of[i]]
                    )
                )
                # (the memo's key: the state's fields, a TurnState built only for a state not met before)
                fields: _Fields = (
                    ready,
                    frozenset(land_types) if reads.land_types else _NO_TYPES,
                    lands if reads.lands else 0,
                    _hand_key(is_land, hand),
                    min(life, reads.life_cap) if reads.life else start_life,
                    frozenset(i for i in library if is_land[i]) if reads.library else _NO_KINDS,
                    changers,
                    treasures,
                )
                plan = memo.of(fields)
                if turn >= first:  # (tallied by plan: added up once at the end)
                    key = (turn, id(plan))
                    seen_plans[key] = seen_plans.get(key, 0) + 1
                    plan_of[id(plan)] = plan
                for index in due_on.get(turn, ()):
                    if index in plan.castable:
                        hits[index] += 1
                        score += weights[index]
                        if index in hand:
                            in_hand_hits[index] += 1
                    if lands + (1 if plan.land >= 0 else 0) == turn:
                        drops[index] += 1
                        drop_hits[index] += index in plan.castable
                    if index in plan.cast:
                        cast_hits[index] += 1
                if plan.land >= 0:
                    hand.remove(plan.land)
                    if plan.fetched >= 0:  # (the land found leaves the library, which is shuffled)
                        library.remove(plan.fetched)
                        library = [int(i) for i in rng.permutation(library)]
                    entered = plan.fetched if plan.fetched >= 0 else plan.land
                    land_kinds_in_play.append(entered)
                    life -= plan.land_life
                    if kinds[plan.land].bounce:
                        # (its trigger returns a land: after the others were tapped for this turn's mana, the
                        # least useful one, which is played again later; itself when it is the only land)
                        others = [i for i in land_kinds_in_play[:-1]] or [entered]
                        back = min(others, key=lambda i: (bin(_profile(kinds[i]).types).count("1"), i))
                        land_kinds_in_play.remove(back)
                        hand.append(back)
                for index in plan.cast:
                    hand.remove(index)
                    if kinds[index].role == "source":
                        sick.append(kinds[index].units)
                    if kinds[index].permanent and kinds[index].cost_changes:
                        changers = tuple(sorted((*changers, index)))
                treasures = plan.treasures_left
                in_play += sick
                if painful:
                    pain += sum(1 for i in land_kinds_in_play if i in painful)
                    pain -= (
                        1
                        if plan.land_tapped and (plan.fetched if plan.fetched >= 0 else plan.land) in painful
                        else 0
                    )
            life_paid += start_life - life
            scores.append(score)
            lives.append(start_life - life + pain)
        if progress is not None:
            progress(size)
    for (turn, plan_id), count in seen_plans.items():
        castable_games[turn - first, sorted(plan_of[plan_id].castable)] += count
    return PlannedCounts(
        games=played,
        castable=castable_games,
        hits=hits,
        cast_hits=cast_hits,
        drops=drops,
        drop_hits=drop_hits,
        in_hand_hits=in_hand_hits,
        kept_at=tuple(kept_at),
        life_paid=life_paid,
        game_scores=np.array(scores, dtype=np.int64) if game_scores else None,
        game_life=np.array(lives, dtype=np.int64) if game_scores else None,
    )


def merge_planned(parts: Sequence[PlannedCounts]) -> PlannedCounts:
    """The tallies of several chunks together (sums; the per-game scores, when every part has them, in the
    parts' order)."""
    first = parts[0]
    return PlannedCounts(
        games=sum(p.games for p in parts),
        castable=sum((p.castable for p in parts[1:]), first.castable.copy()),
        hits=sum((p.hits for p in parts[1:]), first.hits.copy()),
        cast_hits=sum((p.cast_hits for p in parts[1:]), first.cast_hits.copy()),
        drops=sum((p.drops for p in parts[1:]), first.drops.copy()),
        drop_hits=sum((p.drop_hits for p in parts[1:]), first.drop_hits.copy()),
        in_hand_hits=sum((p.in_hand_hits for p in parts[1:]), first.in_hand_hits.copy()),
        kept_at=tuple(sum(column) for column in zip(*(p.kept_at for p in parts), strict=True)),
        life_paid=sum(p.life_paid for p in parts),
        game_scores=np.concatenate([p.game_scores for p in parts if p.game_scores is not None])
        if all(p.game_scores is not None for p in parts)
        else None,
        game_life=np.concatenate([p.game_life for p in parts if p.game_life is not None])
        if all(p.game_life is not None for p in parts)
        else None,
    )


def planned_result(
    deck: Deck,
    counts: PlannedCounts,
    *,
    turns: tuple[int, int],
    seed: int,
    on_the_draw: bool,
    mulligan: str,
    min_x: int,
) -> GoldfishResult:
    """The goldfish report of merged tallies."""
    setup = _setup(deck, min_x)
    kinds, played = setup.kinds, setup.deck
    stages = mulligan_stages(commander=played.is_commander, london=mulligan == "london")
    first, last = turns
    games = counts.games
    cards = []
    for kind in kinds:
        if kind.role == "land":
            continue
        index = kind.index
        known = bool(kind.demand or kind.phyrexian or kind.mana_value == 0)
        in_range = max(1, kind.mana_value) <= last
        drops = int(counts.drops[index])
        cards.append(
            CardOdds(
                name=kind.name,
                copies=setup.counts[index] if index < len(setup.counts) else 1,
                cost=str(_cost_of(played, kind.name)) if known else None,
                mana_value=kind.mana_value,
                commander=index >= len(setup.counts),
                by_turn=tuple(float(counts.castable[i, index]) / games for i in range(last - first + 1)),
                on_curve=float(counts.hits[index]) / games if in_range else None,
                on_curve_given_land_drops=float(counts.drop_hits[index]) / drops
                if in_range and drops
                else None,
                on_curve_in_hand=float(counts.in_hand_hits[index]) / games if in_range else None,
                cast_on_curve=float(counts.cast_hits[index]) / games if in_range else None,
            )
        )
    return GoldfishResult(
        games=games,
        seed=seed,
        turns=tuple(range(first, last + 1)),
        on_the_draw=on_the_draw,
        mulligan=mulligan,
        deck_size=played.size,
        lands=played.lands + sum(k.copies for k in kinds if k.land_face),  # (an MDFC with a land back counts)
        commanders=tuple(c.name for c in played.commanders),
        cards=tuple(cards),
        ignored_sources=setup.ignored,
        notes=(*setup.notes, f"turns planned with the turn planner; X spells cast with X = {min_x}"),
        kept_sizes=tuple(
            (
                size,
                sum(
                    n
                    for stage, n in zip(stages, counts.kept_at, strict=True)
                    if HAND_SIZE - stage.bottom == size
                )
                / games,
            )
            for size in sorted({HAND_SIZE - stage.bottom for stage in stages}, reverse=True)
        ),
        life_paid=counts.life_paid / games,
    )


def goldfish_planned(
    deck: Deck,
    *,
    turns: tuple[int, int],
    games: int,
    seed: int,
    on_the_draw: bool,
    mulligan: str,
    min_x: int,
    progress: Callable[[int], None] | None = None,
) -> GoldfishResult:
    """Goldfish ``deck`` with the turn planner (see the module docstring); the report of
    :func:`planner.sim.simulate.goldfish`, plus ``cast_on_curve``: how often a copy was cast on its curve
    turn by the best turn's plan (not only castable). Games are dealt in chunks of :data:`PLANNED_CHUNK`,
    each with its own random stream.

    Mulligans follow the same rule (:data:`~planner.sim.simulate.LONDON`: lands counted after bottoming);
    the cards put on the bottom are chosen by the colors they keep (see :func:`_bottomed`).
    """
    settings = {
        "turns": turns,
        "seed": seed,
        "on_the_draw": on_the_draw,
        "mulligan": mulligan,
        "min_x": min_x,
    }
    counts = planned_counts(
        deck,
        games=games,
        chunks=range(planned_chunks(games)),
        progress=progress,
        **settings,  # type: ignore[arg-type]
    )
    return planned_result(deck, counts, **settings)  # type: ignore[arg-type]


def _cost_of(deck: Deck, name: str) -> ManaCost | None:
    return next((c.cost for c in (*deck.cards, *deck.commanders) if c.name == name), None)


def _mulligan(
    kinds: Sequence[CardKind],
    deck_ids: np.ndarray,
    stages: Sequence[MulliganStage],
    land_kinds: int,
    rng: np.random.Generator,
    kept_at: list[int],
) -> tuple[list[int], list[int]]:
    """A kept hand and the library after it, by the mulligan stages (see :func:`goldfish_planned`)."""
    for number, stage in enumerate(stages):
        order: list[int] = rng.permutation(deck_ids).tolist()
        hand, library = order[:HAND_SIZE], order[HAND_SIZE:]
        lands = sum(1 for i in hand if i < land_kinds or kinds[i].land_face)
        bottom_lands = int(lands_to_bottom(np.array([lands]), stage.bottom)[0])
        after = lands - bottom_lands
        if stage.keep_min <= after <= stage.keep_max or number == len(stages) - 1:
            kept_at[number] += 1
            bottom = _bottomed(kinds, hand, land_kinds, bottom_lands, stage.bottom - bottom_lands)
            for card in bottom:
                hand.remove(card)
            return hand, library + bottom
    raise AssertionError("the last mulligan stage keeps")


def _bottomed(
    kinds: Sequence[CardKind], hand: list[int], land_kinds: int, lands: int, spells: int
) -> list[int]:
    """The cards a kept hand puts on the bottom (as the numpy goldfish does): each land in turn whose loss
    leaves the most of the hand's colored symbols payable (then the deck's, then untapped lands); then the
    spells whose colored symbols the kept lands can't pay, then the most expensive."""
    kept = list(hand)
    bottom: list[int] = []

    def cover(cards: list[int], spells_of: Sequence[int]) -> int:
        return _colored_cover(kinds, spells_of, [mask for i in cards for mask in kinds[i].units])

    for _ in range(lands):
        land_cards = [i for i in kept if i < land_kinds]
        hand_spells = [i for i in kept if i >= land_kinds]

        def loss(
            card: int, land_cards: list[int] = land_cards, hand_spells: list[int] = hand_spells
        ) -> tuple[int, int, int]:
            rest = list(land_cards)
            rest.remove(card)
            untapped = sum(1 for i in rest if (p := kinds[i].land) is not None and p.entry is Entry.UNTAPPED)
            units = [mask for i in rest for mask in kinds[i].units]
            return (cover(rest, hand_spells), _deck_cover(kinds, units), untapped)

        worst = max(sorted(set(land_cards)), key=loss)
        kept.remove(worst)
        bottom.append(worst)
    land_cards = [i for i in kept if i < land_kinds]
    union = 0
    for i in land_cards:
        profile = kinds[i].land
        union |= profile.types if profile is not None else 0
    for _ in range(spells):
        hand_spells = [i for i in kept if i >= land_kinds]
        if not hand_spells:
            break

        def rank(card: int, union: int = union) -> tuple[bool, int]:
            uncovered = any(mask != _ANY and not mask & union for mask in kinds[card].demand)
            return (uncovered, kinds[card].mana_value)

        worst = max(sorted(set(hand_spells)), key=rank)
        kept.remove(worst)
        bottom.append(worst)
    return bottom


@dataclass(frozen=True, slots=True)
class _Reads:
    """Which parts of a game's state a deck's turns can depend on, so that states differing only elsewhere
    share their memoised plan: the basic land types in play (check lands), how many lands (fast lands), the
    life total (shocklands, Phyrexian mana; painlands are not counted)."""

    land_types: bool
    lands: bool
    life: bool
    library: bool = False
    # the most life a turn's choices can tell apart: a shockland's and a fetchland's payments, and 2 for
    # each Phyrexian symbol of the deck; any life above it plays the same (:func:`best_turn` only compares
    # life with what it pays), so states with more life share their plan
    life_cap: int = 0

    @classmethod
    def of(cls, kinds: Sequence[CardKind]) -> _Reads:
        entries = {k.land.entry for k in kinds if k.land is not None}
        shock = max((k.land.shock_life for k in kinds if k.land is not None), default=0)
        fetch = max((k.search.life for k in kinds if k.search is not None), default=0)
        phyrexian = sum(2 * k.phyrexian * k.copies for k in kinds)
        return cls(
            land_types=Entry.CHECK in entries,
            lands=Entry.FAST in entries or Entry.SLOW in entries,
            life=Entry.SHOCK in entries or any(k.phyrexian for k in kinds) or any(k.search for k in kinds),
            library=any(k.search for k in kinds),
            life_cap=shock + fetch + phyrexian + 1,
        )


def _profile(kind: CardKind) -> LandProfile:
    """The land profile of a land kind (or of an MDFC's land face)."""
    assert kind.land is not None
    return kind.land


def _hand_key(is_land: Sequence[bool], hand: list[int]) -> tuple[int, ...]:
    """The hand as a turn's plan reads it: its spells, and one of each land (one land is played a turn).

    >>> _hand_key([True, True, False], [2, 0, 1, 0, 2])
    (0, 1, 2, 2)
    """
    lands = sorted({i for i in hand if is_land[i]})
    return (*lands, *sorted([i for i in hand if not is_land[i]]))
