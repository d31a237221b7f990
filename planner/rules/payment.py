"""Paying a mana cost with mana from a pool, exactly as CR 202.1a and 107.4 say.

Each symbol is paid in one of its ways (hybrid halves, {2/W} as W or two generic, Phyrexian as its color or
2 life); a way of paying the whole cost is a *mode*: requirement slots plus life. Mana units then fill the
slots one each, with no unit left over: a colored slot takes that color (or mana that may be spent as it,
CR 609.4b), {C} takes colorless, {S} takes mana from a snow source, generic takes anything. Restrictions are
checked against what the payment is for.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field

from models.cost import CostSymbol, ManaCost, PaymentTarget, Slot, SlotKind, SymbolKind
from models.errors import InputError
from models.hashing import cached_hash, state_without_hash
from models.kept import per_card
from models.mana import TYPE_ORDER, ManaType
from planner.rules.pool import ManaUnit, SpendRules, pays_generic

__all__ = ["GENERIC", "SNOW", "Mode", "Slot", "can_pay_exactly", "cost_modes", "payments", "target_modes"]

#: The slots that take mana of any type, under the names the solvers use (see :class:`SlotKind`).
GENERIC = SlotKind.GENERIC
SNOW = SlotKind.SNOW


@dataclass(frozen=True, slots=True)
class Mode:
    """One way to pay a cost: how many of each slot, and how much life (Phyrexian symbols).

    >>> mode = Mode(((ManaType.G, 2), (GENERIC, 1)), 0)
    >>> mode.mana, mode.typed
    (3, (0, 0, 0, 0, 2, 0))
    """

    slots: tuple[tuple[Slot, int], ...]
    life: int
    #: How many mana this mode takes (worked out from the slots).
    mana: int = field(init=False, compare=False, repr=False)
    #: How many mana of each type (W, U, B, R, G, C) its typed slots take (worked out from the slots).
    typed: tuple[int, int, int, int, int, int] = field(init=False, compare=False, repr=False)
    _hash: int = field(default=0, init=False, repr=False, compare=False)

    def __hash__(self) -> int:
        """Worked out once: the fast path keys its first payments by mode (its slots' enums hash slowly)."""
        return self._hash or cached_hash(self)

    def __getstate__(self) -> list[object]:
        return state_without_hash(self)

    def __post_init__(self) -> None:
        object.__setattr__(self, "mana", sum(count for _, count in self.slots))
        typed = [0] * 6
        for slot, count in self.slots:
            if isinstance(slot, ManaType):
                typed[TYPE_ORDER.index(slot)] += count
        object.__setattr__(self, "typed", (typed[0], typed[1], typed[2], typed[3], typed[4], typed[5]))


def _symbol_options(symbol: CostSymbol) -> list[tuple[tuple[tuple[Slot, int], ...], int]]:
    """The ways to pay one symbol (:meth:`CostSymbol.ways`) as (slots, life); raises ``InputError`` for X."""
    return [
        (() if way.slot is None or way.mana <= 0 else ((way.slot, way.mana),), way.life)
        for way in symbol.ways()
    ]


def _added(into: dict[Slot, int], slots: Iterable[tuple[Slot, int]]) -> None:
    """Add counts of slots into ``into`` (a slot first added keeps its place)."""
    for slot, count in slots:
        into[slot] = into.get(slot, 0) + count


@per_card(maxsize=4096)
def cost_modes(cost: ManaCost, life_available: int | None = None) -> tuple[Mode, ...]:
    """Every distinct way to pay a cost, as slots plus life; life above ``life_available`` is left out
    (CR 119.4: paying life needs at least that much life; zero life can always be paid).

    >>> [(m.mana, m.life) for m in cost_modes(ManaCost.parse("{1}{B/P}{B/P}"), life_available=3)]
    [(3, 0), (2, 2)]
    """
    groups: dict[CostSymbol, int] = {}
    for symbol in cost.symbols:
        groups[symbol] = groups.get(symbol, 0) + 1
    per_group: list[list[tuple[dict[Slot, int], int]]] = []
    for symbol, count in groups.items():
        options = _symbol_options(symbol)
        combined: list[tuple[dict[Slot, int], int]] = []
        for choice in itertools.combinations_with_replacement(range(len(options)), count):
            slots: dict[Slot, int] = {}
            life = 0
            for index in choice:
                _added(slots, options[index][0])
                life += options[index][1]
            combined.append((slots, life))
        per_group.append(combined)
    modes: dict[Mode, None] = {}
    for picks in itertools.product(*per_group):
        total: dict[Slot, int] = {}
        life = 0
        for group_slots, group_life in picks:
            _added(total, group_slots.items())
            life += group_life
        if life_available is not None and life > 0 and life > life_available:
            continue
        key = tuple(sorted(total.items(), key=lambda item: _slot_order(item[0])))
        modes[Mode(key, life)] = None
    return tuple(modes)


def target_modes(
    cost: ManaCost, target: PaymentTarget, life_available: int | None = None
) -> tuple[Mode, ...]:
    """:func:`cost_modes` of a target's total cost, each with the life its additional costs chosen add
    (:attr:`~models.cost.PaymentTarget.additional_life`: paid with the mana, CR 601.2h), those whose life in
    all is more than ``life_available`` left out (CR 119.4: the payments of 601.2h are made one after the
    other, so together they need that much life; zero life can always be paid).

    >>> bitter = PaymentTarget(cost=ManaCost.parse("{1}{B/P}"), additional_life=3)
    >>> [(m.mana, m.life) for m in target_modes(bitter.cost, bitter, life_available=4)]
    [(2, 3)]
    """
    extra = target.additional_life
    if not extra:
        return cost_modes(cost, life_available)
    return tuple(
        Mode(mode.slots, mode.life + extra)
        for mode in cost_modes(cost)
        if life_available is None or mode.life + extra <= life_available
    )


def _slot_order(slot: Slot) -> int:
    if isinstance(slot, ManaType):
        return slot.bit_length()
    return 10 if slot is SlotKind.SNOW else 11


#: What paying a slot reads of a unit of mana (:meth:`SpendRules.fits`): its type, whether it came from
#: a snow source, and whether it may pay generic mana (:func:`~planner.rules.pool.pays_generic`). Units
#: alike in all three pay alike, once their restrictions allow them (CR 106.6).
_Kind = tuple[ManaType, bool, bool]


def _kinds(units: Iterable[ManaUnit]) -> Counter[_Kind]:
    """How many units of each kind (type, snow, pays generic) there are."""
    return Counter((unit.type, unit.tag.snow, pays_generic(unit.tag)) for unit in units)


def _perfect(kinds: Counter[_Kind], mode: Mode, rules: SpendRules, target: PaymentTarget) -> bool:
    """True when units of these kinds fill the mode's slots exactly, one unit a slot (bipartite max flow),
    in a payment for ``target`` (which says what 'spend as though' effects apply)."""
    if sum(kinds.values()) != mode.mana:
        return False
    if rules.plain and all(slot is GENERIC or isinstance(slot, ManaType) for slot, _ in mode.slots):
        # each typed slot takes its own type only, and no two take the same: enough of each type fills
        # them, and the rest (as many as the generic slots) pays generic; mana that can't pay generic must
        # all go to its own type's slots
        have: Counter[ManaType] = Counter()
        # (None while every unit may pay generic, the common case)
        kept_off_generic: Counter[ManaType] | None = None
        for (mana_type, _, generic), count in kinds.items():
            have[mana_type] += count
            if not generic:
                if kept_off_generic is None:
                    kept_off_generic = Counter()
                kept_off_generic[mana_type] += count
        wanted = {slot: count for slot, count in mode.slots if isinstance(slot, ManaType)}
        if not all(have[t] >= count for t, count in wanted.items()):
            return False
        return kept_off_generic is None or all(
            wanted.get(t, 0) >= count for t, count in kept_off_generic.items()
        )
    slot_list = [slot for slot, _ in mode.slots]
    demand = [count for _, count in mode.slots]
    kind_list = list(kinds)
    edges = [
        [j for j, slot in enumerate(slot_list) if rules.fits(mana_type, snow, slot, target, generic=generic)]
        for mana_type, snow, generic in kind_list
    ]
    flow = [[0] * len(slot_list) for _ in kind_list]
    supply = [kinds[kind] for kind in kind_list]
    filled = [0] * len(slot_list)

    def augment(i: int, seen: set[int]) -> bool:
        # find a path from kind i to a slot with spare demand, through reassignments
        for j in edges[i]:
            if j in seen:
                continue
            seen.add(j)
            if filled[j] < demand[j]:
                flow[i][j] += 1
                filled[j] += 1
                return True
            for k in range(len(kind_list)):
                if flow[k][j] > 0 and k != i and augment(k, seen):
                    flow[k][j] -= 1
                    flow[i][j] += 1
                    return True
        return False

    for i in range(len(kind_list)):
        for _ in range(supply[i]):
            if not augment(i, set()):
                return False
    return True


def can_pay_exactly(
    units: Sequence[ManaUnit], cost: ManaCost, target: PaymentTarget, rules: SpendRules, life: int
) -> bool:
    """True when exactly these units, with ``life`` life, pay the cost for the target.

    >>> from planner.rules.production import ManaTag
    >>> forest = ManaUnit(ManaType.G, ManaTag(source="f"))
    >>> target = PaymentTarget.of("{1}{G}")
    >>> can_pay_exactly([forest, forest], target.cost, target, SpendRules(), 0)
    True
    >>> can_pay_exactly([forest], target.cost, target, SpendRules(), 0)
    False
    """
    if not all(unit.allowed_for(target) for unit in units):
        return False
    kinds = _kinds(units)
    rules = rules.at(target)
    return any(
        mode.life == life and _perfect(kinds, mode, rules, target) for mode in target_modes(cost, target)
    )


def payments(
    pool: Sequence[ManaUnit], cost: ManaCost, target: PaymentTarget, rules: SpendRules, life_available: int
) -> Iterator[tuple[tuple[ManaUnit, ...], int]]:
    """Every distinct way to pay the cost from the pool: (units spent, life paid), each once, the units in
    :meth:`ManaUnit.sort_key` order.

    >>> from planner.rules.production import ManaTag
    >>> g, c = ManaUnit(ManaType.G, ManaTag(source="f")), ManaUnit(ManaType.C, ManaTag(source="w"))
    >>> target = PaymentTarget.of("{1}{G}")
    >>> ["".join(u.type.letter for u in spent) for spent, _ in payments([g, g, c], target.cost, target,
    ...                                                                 SpendRules(), 0)]
    ['GG', 'GC']
    """
    usable = Counter(unit for unit in pool if unit.allowed_for(target))
    classes = sorted(usable, key=ManaUnit.sort_key)
    counts = [usable[unit] for unit in classes]
    kinds = [(unit.type, unit.tag.snow, pays_generic(unit.tag)) for unit in classes]
    seen: set[tuple[tuple[ManaUnit, ...], int]] = set()
    rules = rules.at(target)
    for mode in target_modes(cost, target, life_available):
        if rules.plain and all(slot is GENERIC or isinstance(slot, ManaType) for slot, _ in mode.slots):
            filling = _filling_takings(counts, kinds, mode)
        else:
            filling = _perfect_takings(counts, kinds, mode, rules, target)
        for taken in filling:
            spent = tuple(unit for unit, count in zip(classes, taken, strict=True) for _ in range(count))
            if (spent, mode.life) not in seen:
                seen.add((spent, mode.life))
                yield spent, mode.life


def _perfect_takings(
    counts: Sequence[int], kinds: Sequence[_Kind], mode: Mode, rules: SpendRules, target: PaymentTarget
) -> Iterator[tuple[int, ...]]:
    """The takings of :func:`_takings` (of classes of units of these counts and kinds) that fill the mode's
    slots exactly (:func:`_perfect`), in its order."""
    # (units of the same kinds in the same numbers fill the mode alike: judged once)
    perfect: dict[tuple[tuple[_Kind, int], ...], bool] = {}
    for taken in _takings(counts, mode.mana):
        chosen: Counter[_Kind] = Counter()
        for kind, count in zip(kinds, taken, strict=True):
            if count:
                chosen[kind] += count
        key = tuple(sorted(chosen.items()))
        fills = perfect.get(key)
        if fills is None:
            fills = perfect[key] = _perfect(chosen, mode, rules, target)
        if fills:
            yield taken


def _filling_takings(counts: Sequence[int], kinds: Sequence[_Kind], mode: Mode) -> Iterator[tuple[int, ...]]:
    """:func:`_perfect_takings` where each typed slot takes its own type only (plain spending rules, no {S}
    slot: :func:`_perfect`'s first case), in the same order, a taking cut as soon as it can't fill them: a
    type taken beyond its slots takes generic slots, and mana that can't pay generic fills only its own
    type's slots (CR 107.4, 106.6), so the takings are searched with what each type still needs in sight.

    >>> wg = [(ManaType.W, False, True), (ManaType.G, False, True)]
    >>> list(_filling_takings([2, 1], wg, Mode(((ManaType.G, 1), (GENERIC, 1)), 0)))
    [(1, 1)]
    >>> jegantha = [(ManaType.W, False, False), (ManaType.G, False, True)]
    >>> list(_filling_takings([2, 2], jegantha, Mode(((ManaType.W, 1), (GENERIC, 2)), 0)))
    [(1, 2)]
    """
    size = mode.mana
    wanted = mode.typed
    generic = size - sum(wanted)
    types = [TYPE_ORDER.index(mana_type) for mana_type, _, _ in kinds]
    pays_any = [pays for _, _, pays in kinds]
    later = [0] * len(counts)  # (how many units of each class's type the classes after it hold)
    held = [0] * 6
    for position in range(len(counts) - 1, -1, -1):
        later[position] = held[types[position]]
        held[types[position]] += counts[position]
    if sum(held) < size or any(have < want for have, want in zip(held, wanted, strict=True)):
        return
    have = [0] * 6  # (how many of each type taken so far)
    kept_off = [0] * 6  # (of them, how many can't pay generic)
    taken = [0] * len(counts)

    def fills_from(position: int, size: int, beyond: int, short: int) -> Iterator[tuple[int, ...]]:
        # beyond: how many taken past their type's slots (into generic ones); short: how many the typed
        # slots still lack
        if size == 0:
            if short == 0:
                yield tuple(taken)
            return
        if position == len(counts):
            return
        mana_type = types[position]
        want, had, off = wanted[mana_type], have[mana_type], kept_off[mana_type]
        for take in range(min(counts[position], size), -1, -1):
            now = had + take
            if now + later[position] < want:
                break  # (fewer taken: its type's slots can't be filled)
            now_off = off if pays_any[position] else off + take
            now_beyond = beyond - max(0, had - want) + max(0, now - want)
            now_short = short - max(0, want - had) + max(0, want - now)
            if now_off > want or now_beyond > generic or now_short > size - take:
                continue
            have[mana_type], kept_off[mana_type], taken[position] = now, now_off, take
            yield from fills_from(position + 1, size - take, now_beyond, now_short)
        have[mana_type], kept_off[mana_type], taken[position] = had, off, 0

    yield from fills_from(0, size, 0, sum(wanted))


def _takings(counts: Sequence[int], size: int) -> Iterator[tuple[int, ...]]:
    """Every way to take ``size`` items from classes of these counts: how many of each class, the first
    class's count largest first.

    >>> list(_takings([2, 1], 2))
    [(2, 0), (1, 1)]
    """
    left = [0] * (len(counts) + 1)  # (how many the classes from each position on hold together)
    for position in range(len(counts) - 1, -1, -1):
        left[position] = left[position + 1] + counts[position]
    taken = [0] * len(counts)

    def takings_from(position: int, size: int) -> Iterator[tuple[int, ...]]:
        if size == 0:
            yield tuple(taken[:position]) + (0,) * (len(counts) - position)
            return
        if left[position] < size:
            return
        for take in range(min(counts[position], size), -1, -1):
            taken[position] = take
            yield from takings_from(position + 1, size - take)
        taken[position] = 0

    yield from takings_from(0, size)


def assign_symbols(
    units: Sequence[ManaUnit], cost: ManaCost, target: PaymentTarget, rules: SpendRules, life: int
) -> list[tuple[CostSymbol, tuple[ManaUnit, ...], int]]:
    """Which units (and how much life) pay each symbol of the cost, for a payment known to be exact
    (``life`` counts the additional costs' life too: :func:`target_modes`).

    >>> from planner.rules.production import ManaTag
    >>> g, c = ManaUnit(ManaType.G, ManaTag(source="f")), ManaUnit(ManaType.C, ManaTag(source="w"))
    >>> [(str(s), "".join(u.type.letter for u in paid)) for s, paid, _ in
    ...  assign_symbols([c, g], ManaCost.parse("{1}{G}"), PaymentTarget.of("{1}{G}"), SpendRules(), 0)]
    [('{1}', 'C'), ('{G}', 'G')]
    """
    generic = cost.generic
    rules = rules.at(target)
    life -= target.additional_life  # (no symbol pays it)
    # the symbols other than generic are searched (a few, each a couple of ways); whatever mana is left at
    # the end pays the generic part, which any mana can pay but mana that can't be spent on generic
    symbols = [symbol for symbol in cost.symbols if symbol.kind is not SymbolKind.GENERIC]
    # each unit is searched as the position of the first unit equal to it (equal units are interchangeable,
    # so a symbol takes one of each: :func:`_pick`)
    first: dict[ManaUnit, int] = {}
    remaining = [first.setdefault(unit, number) for number, unit in enumerate(units)]
    ways = [symbol.ways() for symbol in symbols]
    fitting: dict[Slot, list[bool]] = {}  # by slot, whether each position's unit fits it

    def fits(slot: Slot) -> list[bool]:
        known = fitting.get(slot)
        if known is None:
            fitting[slot] = known = [rules.fits(u.type, u.tag.snow, slot, target) for u in units]
        return known

    chosen: dict[int, tuple[tuple[int, ...], int, int]] = {}

    def search(index: int, life_left: int, generic_needed: int) -> bool:
        if index == len(symbols):
            # (what is left pays generic mana: all of it must be allowed to)
            return (
                len(remaining) == generic_needed
                and life_left == 0
                and all(units[position].pays_generic for position in remaining)
            )
        for way in ways[index]:
            if way.life > life_left:
                continue
            slot = way.slot
            # a typed slot takes its mana from the units now; generic mana is taken at the end
            if slot is None or slot is GENERIC:
                picks: list[tuple[int, ...]] = [()]
            else:
                picks = _pick(remaining, way.mana, fits(slot))
            extra = way.mana if slot is GENERIC else 0
            for picked in picks:
                for position in picked:
                    remaining.remove(position)
                chosen[index] = (picked, way.life, extra)
                if search(index + 1, life_left - way.life, generic_needed + extra):
                    return True
                remaining.extend(picked)
        return False

    if not search(0, life, generic):
        raise InputError(f"{_describe(units)} and {life} life do not pay {cost} exactly")
    merged: list[tuple[CostSymbol, tuple[ManaUnit, ...], int]] = []
    if generic:
        merged.append(
            (CostSymbol(SymbolKind.GENERIC, amount=generic), tuple(units[p] for p in remaining[:generic]), 0)
        )
    rest = remaining[generic:]
    for index, symbol in enumerate(symbols):
        picked, life_cost, extra = chosen[index]
        merged.append((symbol, tuple(units[p] for p in (*picked, *rest[:extra])), life_cost))
        rest = rest[extra:]
    return merged


def _pick(units: list[int], count: int, fits: list[bool]) -> list[tuple[int, ...]]:
    """The distinct ways to take ``count`` of the units (positions of distinct units, as
    :func:`assign_symbols` searches them) that each fit a slot (``fits``, by position), in the list's
    order."""
    if count == 1:  # (the usual case, for a one-mana symbol: each distinct unit that fits, first seen first)
        return [(position,) for position in dict.fromkeys(units) if fits[position]]
    seen: set[tuple[int, ...]] = set()
    found: list[tuple[int, ...]] = []
    for picked in itertools.combinations(units, count):
        if picked not in seen and all(fits[position] for position in picked):
            seen.add(picked)
            found.append(picked)
    return found


def _describe(units: Sequence[ManaUnit]) -> str:
    return "".join(f"{{{u.type.letter}}}" for u in units) or "no mana"
