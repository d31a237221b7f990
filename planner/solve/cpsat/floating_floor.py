"""The floating floor: the least mana any plan leaves floating, worked out from the amounts alone, as a
redundant row of the model (issue 41 item 1).

Under mana multipliers every source makes mana in large steps (Nyxbloom Ancient: three per land, nine per
Grim Monolith), so most costs can't be paid exactly and some mana must float. The LP relaxation takes
fractions of activations and floats nothing, and CP-SAT then spends most of a stage proving the floating
level by branching. The amounts alone settle it: whatever the colors, every mana made is spent on a cost
or floats (:func:`~planner.solve.cpsat.layer.floating`), so the mana left floating is the pool's and the
activations' net mana (made less their own mana costs) less the target's, and a bounded subset sum over
the templates' net amounts gives the least of it that is not negative. The first activation that costs
mana is paid with mana made before it, so a plan using such activations also uses a source that costs
none (or the pool holds mana); and each activation that costs mana is paid with the net mana of what came
before it (the pool's included), every net amount here being at least 0, so the whole net mana reaches at
least what one such activation makes (Cascading Cataracts' five, paid with five made before it: a plan
needing its {G} for {W/U}{W/U}{G} floats two, where the sum alone floats none). Each colored symbol takes
one mana of its types, so a type wanted by several symbols wants that many (two Signets' {W} for {W}{W});
and each pick of an ability's mana is mana of one type, however much of it a multiplier makes (Arcane
Signet under Nyxbloom Ancient: three {B} or three {R}, :func:`yield_choices`).
The objective ranks life, damage and sacrifices above the mana floating, so the same floor of the plans
that use no template costing at those levels is a row of its own, lifted by each use of such a template
(:func:`floating_floors`). The rows hold for every plan, so every answer is the same; they only let the LP
see the floor at once.

Likewise the mana tied up (:func:`tied_up_floor`): every mana made comes from a permanent the payment
touches, so a min-cost cover of the target's mana by the permanents' most net mana per touch, and of the
mana of a type the colored symbols want by their mana of that type, bounds the level, where the LP's
fractional cover sits one or two below it (31-37 mana under Mana Reflection; 22 {R} under Nyxbloom
Ancient, 25 where every plan ties up 27). And
the colors lost (:func:`colors_lost_floor`): a color stays open only where a permanent that keeps it stays
untouched, which gives up the mana it would make, so the colors kept are those the spare mana can leave.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

import numpy as np
from numpy.typing import NDArray

from models.cost import CostSymbol, PaymentTarget, SymbolKind
from models.kept import per_card
from models.mana import ManaType, ManaTypes
from planner.rules.activations import Activation
from planner.rules.costs import energy_paid
from planner.rules.packets import Packet
from planner.rules.pool import SpendRules
from planner.solve.cpsat.record import Expr, Layer, PaymentModel, total
from planner.solve.cpsat.unspent import doubling_templates
from planner.solve.objective import KeepBoard, Keeper

__all__ = [
    "Floors",
    "Item",
    "colors_lost_floor",
    "floating_floor",
    "floating_floors",
    "floor_colors_lost",
    "floor_floating",
    "floor_tied_up",
    "fractional_cover",
    "fractional_typed_cover",
    "least_cover",
    "least_excess",
    "least_over",
    "least_typed_cover",
    "most_kept",
    "tied_up_floor",
    "yield_choices",
]


def floor_floating(record: PaymentModel, layer: Layer) -> None:
    """The row 'the layer's floating mana is at least :func:`floating_floor`', where the floor is above 0,
    and, where the plans that use no dear template (:func:`_dear`) float more, the row 'the floating mana
    is at least that floor, less the difference for each use of a dear template' (where there is no such
    plan, 'some dear template is used'); each holding when the target's slots are filled (their literals:
    a "no" explained by assumptions lifts it with them)."""
    floors = floating_floors(record, layer)
    floating = total(list(layer.floating.values()))
    rows = []
    if floors.every:
        rows.append(record.model.add(floating >= floors.every))
    dear = total([layer.use[index] for index in floors.dear])
    if floors.cheap is None and floors.dear:
        rows.append(record.model.add(dear >= 1))  # (every plan uses a dear template)
    elif floors.cheap is not None and floors.cheap > floors.every:
        rows.append(record.model.add(floating + (floors.cheap - floors.every) * dear >= floors.cheap))
    for row in rows:
        if layer.assumptions:
            row.only_enforce_if(list(layer.assumptions.values()))


def floating_floor(record: PaymentModel, layer: Layer) -> int:
    """The least mana any plan of the payment asked for leaves floating, from the amounts alone; 0 where
    the amounts do not fix it: X to be chosen, convoke, improvise or delve, a turn's spells, doublings of
    the unspent mana, a symbol whose ways take different amounts (hybrid {2/W}, Phyrexian), an ability
    that takes more mana than it makes."""
    return floating_floors(record, layer).every


@dataclass(frozen=True, slots=True)
class Floors:
    """The least mana floating of every plan (``every``), and of the plans that use none of the ``dear``
    templates (``cheap``, None when there is no such plan: the dear templates by their indices, those
    whose use costs at a level above mana floating)."""

    every: int
    cheap: int | None
    dear: tuple[int, ...]


def floating_floors(record: PaymentModel, layer: Layer) -> Floors:
    """:func:`floating_floor`, and the same floor of the plans that use no dear template (:func:`_dear`:
    life, damage, a sacrifice): the objective ranks those levels above the mana floating, so where the
    cheaper plans float more (a painland's or a Talisman's colored mana, a Treasure sacrificed, spared by
    floating two: bench_no's seed 18 questions 4 and 19), the optimum floats that much; and where no plan
    does without them (Krark-Clan Ironworks' sacrifice, the only source that costs no mana, beside
    Signets), the optimum uses one."""
    none = Floors(0, 0, ())
    problem = record.problem
    if not layer.main or record.x is not None or layer.alternative or problem.turn is not None:
        return none
    if not isinstance(layer.x, int) or doubling_templates(problem):
        return none
    symbols = layer.target.cost.symbols
    target = _fixed_amount(symbols)
    if target is None:
        return none
    if layer.target.cost.has_variable:
        target += layer.x  # (X given: the generic mana its X symbols stand for)
    # (each typed symbol wants mana of a type the spending rules let pay it, on whatever board the
    # payment leaves: some source that can make one is used)
    rules = [found.at(layer.target) for found in problem.spending.found.values()]
    typed = [mask for mask in (_typed_mask(symbol, rules, layer.target) for symbol in symbols) if mask]
    wanted = sorted(set(typed))[:_MOST_WANTED]
    # (the symbols whose types are among a wanted type's each take one mana of those types)
    counts = [sum(1 for mask in typed if not mask & ~each) for each in wanted]
    start = _FREE if layer.pool else 0
    start |= _met(wanted, ManaTypes.of(unit.type for unit in layer.pool).mask)
    pooled = [sum(1 for unit in layer.pool if _in(unit.type, each)) for each in wanted]
    # (each template's items, whether dear, the permanent it taps)
    items: list[tuple[tuple[Item, ...], bool, str | None]] = []
    for template in record.templates:
        cost = _fixed_amount(template.ability.cost.mana.symbols)
        if cost is None:
            return none
        net = template.outcome.total - cost
        if net < 0:
            return none
        made = 0
        for packet in template.outcome.packets:
            made |= packet.types.mask
        kind = _COSTED if cost else _FREE
        first = template.outcome.total if cost else 0
        # (one item per way its picks' types can go, each as good as no other: a use makes one of them)
        choices = tuple(
            Item(net, kind | _met(wanted, made), template.bound, first, yields)
            for yields in yield_choices(template.outcome.packets, wanted, counts)
        )
        # (tapped once each: CR 602.2b, resources.share_resources)
        tapped = template.ability.cost.tap and template.pid not in record.cycles
        items.append((choices, _dear(template), template.pid if tapped else None))
    hand = [
        Item(
            h.mana.total,
            _FREE | _met(wanted, h.mana.types.mask),
            1,
            yields=tuple(sum(h.mana[t] for t in ManaType if _in(t, each)) for each in wanted),
        )
        for h in problem.hand_mana
    ]
    needed = target - len(layer.pool)

    def least(dear: bool) -> int | None:
        alone: list[Item] = []
        shared: list[tuple[Sequence[Item], int]] = []
        tapping: dict[str, list[Item]] = defaultdict(list)
        for choices, is_dear, pid in items:
            if is_dear and not dear:
                continue
            if pid is not None:
                tapping[pid].extend(choices)
            elif len(choices) == 1:
                alone.extend(choices)
            else:
                shared += _choosing(choices, sum(counts))
        shared += [(each, len(record.members[pid])) for pid, each in tapping.items()]
        return least_excess(
            needed,
            alone + hand,
            shared,
            wanted=len(wanted),
            start=start,
            pool=len(layer.pool),
            counts=counts,
            pooled=pooled,
        )

    every = least(dear=True)
    dear = tuple(t.index for t, (_, is_dear, _) in zip(record.templates, items, strict=True) if is_dear)
    if every is None:
        return none  # (no sum pays the cost: the model says "no", and its slots explain it, not a row)
    if not dear:
        return Floors(every, every, ())
    return Floors(every, least(dear=False), dear)


def _dear(template: Activation) -> bool:
    """Whether a use of the template costs at a level the objective ranks above the mana floating: life
    paid or lost, damage dealt to the player, a permanent sacrificed, energy paid, an opponent's land
    untapped (:func:`~planner.solve.cpsat.objective.objective_terms`)."""
    outcome, cost = template.outcome, template.ability.cost
    return bool(
        outcome.damage
        or outcome.life_loss
        or cost.life
        or template.gone
        or energy_paid(template.ability)
        or template.choices.untapped
    )


#: The flags of a sum: some source that costs no mana used, some that costs mana used; the bits above
#: them, one per type a colored symbol wants (:func:`least_over`).
_FREE, _COSTED = 1, 2

#: The most colored symbols' types followed (each multiplies the states by four, three of a type followed;
#: leaving one out only weakens the floor). Four: a four-color cost's floor is the optimum's under Mana
#: Reflection (bench_no --multipliers seed 14 question 33, {W}{B}{B}{G}{G}{U}: every plan floats one, where
#: three types followed gave 0, and the stage took 0.076 of deterministic time rather than 0.018); the
#: floor of fifteen symbols of five colors on 60 permanents takes 14-18 ms with four, 240-280 with five.
_MOST_WANTED = 4


def yield_choices(
    packets: Sequence[Packet], wanted: Sequence[int], counts: Sequence[int]
) -> tuple[tuple[int, ...], ...]:
    """The mana of each wanted type (a mask of types, :func:`least_excess`) one activation can make, one
    tuple per way of choosing its picks' types, each count capped at ``counts`` (what is wanted of it)
    and none at or below another: each pick of a packet is mana of one type (Arcane Signet under Nyxbloom
    Ancient: three {B} or three {R}, never both), where the sum of the packets' mana meeting each type
    would count the same three for both.

    >>> from planner.rules.packets import ManaTag
    >>> signet = Packet(ManaTypes.parse("WUBRG"), 1, 3, ManaTag(source="s"))  # three of one color
    >>> black, red = ManaTypes.parse("B").mask, ManaTypes.parse("R").mask
    >>> yield_choices((signet,), [black, red], [2, 1])
    ((2, 0), (0, 1))
    >>> bounce = Packet(ManaTypes.parse("BR"), 2, 1, ManaTag(source="b"))  # two picks: {B}{B}, {B}{R}, {R}{R}
    >>> yield_choices((bounce,), [black, red], [2, 1])
    ((2, 0), (1, 1))
    >>> nothing = Packet(ManaTypes(), 1, 1, ManaTag(source="n"))
    >>> yield_choices((), [black], [1]), yield_choices((nothing,), [black], [1])
    (((0,),), ((0,),))
    """
    return _choices_of(
        tuple((p.types.mask, p.picks, p.per_pick) for p in packets), tuple(wanted), tuple(counts)
    )


@per_card(maxsize=4096)
def _choices_of(
    packets: tuple[tuple[int, int, int], ...], wanted: tuple[int, ...], counts: tuple[int, ...]
) -> tuple[tuple[int, ...], ...]:
    """:func:`yield_choices` of packets given as (mask of types, picks, mana per pick)."""
    reached = {tuple(0 for _ in wanted)}
    for mask, picks, per_pick in packets:
        steps = {
            tuple(per_pick if each & bit else 0 for each in wanted)
            for bit in (1 << n for n in range(mask.bit_length()))
            if mask & bit
        }
        if not steps:
            continue  # (a packet of no type adds no mana)
        # (more picks than wanted mana add none wanted; picks that all make the same go at once)
        times, scale = (1, min(picks, sum(counts))) if len(steps) == 1 else (min(picks, sum(counts)), 1)
        for _ in range(times):
            reached = _best_of(
                {
                    tuple(
                        min(have + scale * more, most)
                        for have, more, most in zip(old, step, counts, strict=True)
                    )
                    for old in reached
                    for step in steps
                }
            )
    return tuple(sorted(reached, reverse=True))


def _best_of(vectors: set[tuple[int, ...]]) -> set[tuple[int, ...]]:
    """The vectors no other one is at least as large as in every place."""
    return {
        vector
        for vector in vectors
        if not any(other != vector and all(map(int.__ge__, other, vector)) for other in vectors)
    }


def _choosing(choices: Sequence[Item], wanted: int) -> list[tuple[Sequence[Item], int]]:
    """The groups of :func:`least_excess` for one template whose uses each make one of several ``choices``
    (:func:`yield_choices`): at most ``wanted`` (the wanted mana in all) of its uses can make any of it,
    so those choose, and the rest, if any, count their net mana alone (the sums and the wanted mana they
    reach are the same, and the group's work stays within ``wanted`` steps however often it can be used).

    >>> a, b = Item(3, _FREE, 9, yields=(2, 0)), Item(3, _FREE, 9, yields=(0, 1))
    >>> [(len(items), times, items[0].yields) for items, times in _choosing([a, b], 3)]
    [(2, 3, (2, 0)), (1, 6, (0, 0))]
    """
    most = choices[0].most
    groups: list[tuple[Sequence[Item], int]] = [(choices, min(most, wanted))]
    if most > wanted:
        first = choices[0]
        rest = Item(first.amount, first.flags, most - wanted, first.made, tuple(0 for _ in first.yields))
        groups.append(([rest], rest.most))
    return groups


@dataclass(frozen=True, slots=True)
class Item:
    """What one activation of a template adds to a sum: its net mana, the flags it sets (:data:`_FREE` or
    :data:`_COSTED`, and the wanted types it can make), how often it can be activated, and, for one that
    costs mana, the mana one activation makes (``made``): its cost is paid with the net mana made before
    it, so a sum using it reaches its cost before it and its net after, at least ``made`` in all."""

    amount: int
    flags: int
    most: int
    made: int = 0
    #: per wanted type (:func:`least_excess`), the mana of it one use makes (else 1 where its flags meet it)
    yields: tuple[int, ...] = ()


def _in(mana_type: ManaType, mask: int) -> bool:
    """Whether a mask of types holds the type."""
    return bool(ManaTypes.of((mana_type,)).mask & mask)


def _met(wanted: list[int], made: int) -> int:
    """The flags of the wanted types' masks that ``made`` (a mask of types) meets."""
    return sum(4 << n for n, mask in enumerate(wanted) if mask & made)


def _typed_mask(symbol: CostSymbol, rules: Sequence[SpendRules], target: PaymentTarget) -> int:
    """The mask of the types that may pay a symbol under any of the spending rules, 0 when generic or snow
    mana pays it."""
    mask = 0
    for way in symbol.ways():
        if not isinstance(way.slot, ManaType):
            return 0
        for mana_type in ManaType:
            if any(ruled.fits(mana_type, False, way.slot, target) for ruled in rules):
                mask |= ManaTypes.of((mana_type,)).mask
    return mask


def _fixed_amount(symbols: Sequence[CostSymbol]) -> int | None:
    """The mana these cost symbols take but for X (as the model's consumers demand it:
    :func:`~planner.solve.cpsat.layer.consumers`), None when some symbol can take different amounts."""
    amount = 0
    for symbol in symbols:
        if symbol.kind is SymbolKind.VARIABLE:
            continue  # (the generic its X symbols stand for is the layer's x, 0 in an ability's cost)
        ways = {(way.mana, way.slot is None) for way in symbol.ways()}
        if len(ways) != 1:
            return None
        ((mana, _),) = ways
        amount += mana
    return amount


def least_over(
    needed: int,
    alone: Sequence[Item],
    shared: Sequence[tuple[Sequence[Item], int]] = (),
    *,
    wanted: int = 0,
    start: int = 0,
    pool: int = 0,
    counts: Sequence[int] = (),
    pooled: Sequence[int] = (),
) -> int:
    """:func:`least_excess`, 0 where no sum reaches ``needed``.

    >>> least_over(10, [Item(3, _FREE, 1)]), least_excess(10, [Item(3, _FREE, 1)])
    (0, None)
    """
    found = least_excess(
        needed, alone, shared, wanted=wanted, start=start, pool=pool, counts=counts, pooled=pooled
    )
    return found or 0


def least_excess(
    needed: int,
    alone: Sequence[Item],
    shared: Sequence[tuple[Sequence[Item], int]] = (),
    *,
    wanted: int = 0,
    start: int = 0,
    pool: int = 0,
    counts: Sequence[int] = (),
    pooled: Sequence[int] = (),
) -> int | None:
    """The least by which a sum of amounts can exceed ``needed`` or reach it: each item of ``alone`` used
    at most its ``most`` times, the items of each of ``shared`` at most its number of times together (one
    permanent's abilities that tap it); with ``counts`` mana (1 each by default) of each of the ``wanted``
    types (the items' ``yields``, the pool's ``pooled``; up to :data:`_MOST_WANTED` followed), a
    :data:`_COSTED` item only beside a :data:`_FREE` one (the first activation costing mana is paid with
    mana made before it) unless ``start`` has that flag (mana in the pool), and, with the ``pool``'s mana,
    at least each used item's ``made``; None when no such sum reaches ``needed``.

    >>> lands = Item(3, _FREE, 5)  # Nyxbloom Ancient's lands paying {2}{R}{R}
    >>> least_excess(4, [lands])
    2
    >>> cataract = Item(5, _COSTED, 2)  # a Cataract's 5 net alone can't be made
    >>> least_excess(5, [lands, Item(4, _FREE, 9), cataract]), least_excess(5, [lands, cataract], start=_FREE)
    (1, 0)
    >>> least_excess(6, [], [([Item(3, _FREE, 2), Item(5, _FREE, 2)], 2)])  # one permanent tapped twice
    0
    >>> least_excess(6, [Item(3, _FREE, 2), Item(4, _FREE | 4, 1)], wanted=1)  # {W} only from the 4
    1
    >>> least_excess(2, [Item(1, _COSTED | 4, 8, made=2)], wanted=1)  # Signets, nothing to pay the first
    >>> signets, ironworks = Item(1, _COSTED | 4, 8, made=2, yields=(1,)), Item(2, _FREE, 7)
    >>> least_excess(2, [signets, ironworks], wanted=1, counts=[2])  # {W}{W}: two Signets' {W}
    2
    >>> cataracts = Item(0, _COSTED | 4, 1, made=5)  # {5}: five of any colors, the only {G}
    >>> least_excess(3, [Item(2, _FREE, 1), Item(1, _FREE, 3), cataracts], wanted=1)  # five before it
    2
    """
    if needed <= 0 and not wanted:
        return -needed
    # (per wanted type, the mana of it wanted and the pool's, :data:`_COUNT_BITS` bits each at most)
    most_wanted = [min(count, (1 << _COUNT_BITS) - 1) for count in counts or [1] * wanted]
    pool_made = list(pooled) or [1 if start & (4 << n) else 0 for n in range(wanted)]
    every_item = [*alone, *(item for items, _ in shared for item in items)]
    made = sorted({item.made for item in every_item if item.made > pool})
    # (the sums whose largest 'made' among their items is from one level up to the next: only items under
    # the next level, and the sum at least the level less the pool; a level left out only weakens the floor)
    levels = [0, *made[len(made) - min(len(made), _MOST_LEVELS - 1) :]]
    goals = [max(needed, low - pool, 0) for low in levels]
    widest = max([item.amount for item in every_item] + [0])
    # (the least sum at or over a goal is under the goal + its last amount, or takes an amount more for
    # each wanted mana and one that costs none: past the cap there is none)
    mask = (1 << (max(goals) + widest * (1 + sum(most_wanted)) + 1)) - 1
    # (the items every level keeps are summed once)
    fixed: list[tuple[Sequence[Item], int]] = [([item], item.most) for item in alone if item.made <= pool]
    fixed += [(items, times) for items, times in shared if all(item.made <= pool for item in items)]
    varying: list[tuple[Sequence[Item], int]] = [([item], item.most) for item in alone if item.made > pool]
    varying += [(items, times) for items, times in shared if any(item.made > pool for item in items)]
    base = _sums({_counted(start & (_FREE | _COSTED), pool_made, most_wanted): 1}, fixed, mask, most_wanted)
    least: int | None = None
    for high, goal in zip([*levels[1:], None], goals, strict=True):
        kept = [
            ([item for item in items if high is None or item.made < high], times) for items, times in varying
        ]
        reached = _least_at(_sums(base, kept, mask, most_wanted), goal, most_wanted)
        if reached is not None and (least is None or reached < least):
            least = reached
    return None if least is None else least - needed


#: The most levels of the mana one costed activation makes told apart by :func:`least_over`.
_MOST_LEVELS = 3


def _sums(
    states: dict[int, int], groups: Sequence[tuple[Sequence[Item], int]], mask: int, wanted: Sequence[int]
) -> dict[int, int]:
    """The sums reached from ``states`` (a state: the flags :data:`_FREE` and :data:`_COSTED` and, per
    wanted type, the mana of it made so far up to what is wanted, :data:`_COUNT_BITS` bits each; the sums
    in it as the bits of an int, up to ``mask``) by each group's items used at most its number of times
    together."""
    for items, times in groups:
        if len(items) == 1:
            (item,) = items
            cap = mask.bit_length()
            most, step = min(times, cap // item.amount + 1 if item.amount else 1), 1
            while most > 0:  # (binary splitting: 1, 2, 4... uses, each taken or not)
                take = min(step, most)
                taken = [(take * item.amount, item.flags, [take * y for y in _yields(item, len(wanted))])]
                states = _merged(states, _shifted(states, taken, mask, wanted))
                most -= take
                step *= 2
            continue
        distinct = list({(i.amount, i.flags, i.yields): i for i in items}.values())
        steps = [(i.amount, i.flags, _yields(i, len(wanted))) for i in distinct]
        layer = states
        for _ in range(times if steps else 0):
            layer = _shifted(layer, steps, mask, wanted)
            if not layer:
                break
            states = _merged(states, layer)
    return states


def _least_at(states: dict[int, int], goal: int, wanted: Sequence[int]) -> int | None:
    """The least sum at or over ``goal`` of the states with every wanted type's mana, and a source that
    costs none where one that costs mana is used; None when there is none."""
    every = _counted(0, wanted, wanted)
    reached = 0
    for state, sums in states.items():
        if state & ~3 == every and (state & _FREE or not state & _COSTED):
            reached |= sums
    over = reached >> goal
    if not over:
        return None
    return (over & -over).bit_length() - 1 + goal


#: The bits of a state (:func:`_sums`) per wanted type: the most mana of one type followed.
_COUNT_BITS = 2


def _yields(item: Item, wanted: int) -> list[int]:
    """The mana of each wanted type one use of the item makes: its ``yields``, else 1 where its flags meet
    the type."""
    if item.yields:
        return list(item.yields[:wanted])
    return [1 if item.flags & (4 << n) else 0 for n in range(wanted)]


def _counted(kind: int, counts: Sequence[int], wanted: Sequence[int]) -> int:
    """A state: the flags ``kind`` and each wanted type's mana so far, up to what is wanted."""
    state = kind
    for n, (count, most) in enumerate(zip(counts, wanted, strict=True)):
        state |= min(count, most) << (2 + _COUNT_BITS * n)
    return state


def _shifted(
    states: dict[int, int], steps: Sequence[tuple[int, int, Sequence[int]]], mask: int, wanted: Sequence[int]
) -> dict[int, int]:
    """The sums reached from ``states`` by one more of any of the steps (amount, flags, mana of each wanted
    type), the states moving as they go (where one mana of each wanted type is wanted, by setting bits)."""
    after: dict[int, int] = defaultdict(int)
    if all(most == 1 for most in wanted):
        for amount, flags, yields in steps:
            bits = (flags & 3) | sum(1 << (2 + _COUNT_BITS * n) for n, made in enumerate(yields) if made)
            for state, sums in states.items():
                after[state | bits] |= (sums << amount) & mask
        return {state: sums for state, sums in after.items() if sums}
    most = tuple(wanted)
    for amount, flags, yields in steps:
        made = tuple(yields)
        for state, sums in states.items():
            after[_moved(state, flags & 3, made, most)] |= (sums << amount) & mask
    return {state: sums for state, sums in after.items() if sums}


@per_card(maxsize=4096)
def _moved(state: int, flags: int, made: tuple[int, ...], most: tuple[int, ...]) -> int:
    """A state after a step setting ``flags`` and making ``made`` of each wanted type (up to ``most``)."""
    width = (1 << _COUNT_BITS) - 1
    counts = [((state >> (2 + _COUNT_BITS * n)) & width) + made[n] for n in range(len(most))]
    return _counted((state | flags) & 3, counts, most)


def _merged(first: dict[int, int], second: dict[int, int]) -> dict[int, int]:
    """The sums of both, by state."""
    merged = dict(first)
    for state, sums in second.items():
        merged[state] = merged.get(state, 0) | sums
    return merged


def floor_tied_up(record: PaymentModel, tied_up: Expr, values: dict[str, int]) -> None:
    """The row 'the mana tied up (``tied_up``, the objective's level) is at least :func:`tied_up_floor`',
    where that is above 0, holding when the target's slots are filled."""
    layer = record.main
    floor = tied_up_floor(record, layer, values)
    if not floor:
        return
    row = record.model.add(tied_up >= floor)
    if layer.assumptions:
        row.only_enforce_if(list(layer.assumptions.values()))


def tied_up_floor(record: PaymentModel, layer: Layer, values: dict[str, int]) -> int:
    """The least mana tied up (each touched permanent's ``values``, the mana one activation of it makes
    that any spell may spend) of any plan of the payment asked for: every mana made comes from an
    activation of a permanent the payment touches, so the touched permanents' net mana, with the pool's
    and the hand's, covers the target's; a min-cost cover of the permanents' most net mana per touch
    (each of a group's members an item). 0 where the amounts do not fix the target's mana (as
    :func:`floating_floor`), or a permanent's mana per touch has no bound (an ability that does not tap
    it, on a permanent standing for several; a permanent untapped in a cycle)."""
    needed = _needed_mana(record, layer)
    most = _most_per_touch(record)
    if needed is None or most is None:
        return 0
    items = [(amount, values[member]) for pid, amount in most.items() for member in record.members[pid]]
    whole = least_cover(needed, items)
    # (where the fractional cover, which the LP finds by itself, is as high, the row only perturbs the
    # LP-guided search: seed 14 question 33 66 -> 114 ms, seed 18 question 51 69 -> 116 ms)
    fractional = fractional_cover(needed, items)
    floor = whole if whole > fractional else 0
    # (each type the colored symbols want is mana of that type the touched permanents make: the cover
    # of both, a type at a time, lifts the floor where the amounts alone reach the target with mana of
    # other types: 22 {R} under Nyxbloom Ancient take eight red sources, not a Forest's Wild Growth. It
    # is a row where it is above both fractional covers: seed 14 question 126, 26 {G} whose typed cover
    # the fractional one reaches, went 0.005 -> 0.025 of deterministic time with it)
    for wanted, yields in _typed_needs(record, layer, most) or ():
        typed = [
            (most.get(pid, 0), made, values[member])
            for pid, made in yields.items()
            for member in record.members[pid]
        ]
        covered = least_typed_cover(needed, wanted, typed)
        if covered > max(floor, fractional) and covered > fractional_typed_cover(needed, wanted, typed):
            floor = covered
    return floor


def _typed_needs(
    record: PaymentModel, layer: Layer, most: dict[str, int]
) -> list[tuple[int, dict[str, int]]] | None:
    """Per type (a mask of types) that some colored symbols of the target want, the mana of it the
    permanents' activations must make (the symbols whose types are among it, less the pool's and the
    hand's mana of it), with the most of it one member of each permanent makes in a plan that touches it
    (as :func:`_most_per_touch`: the most of one activation that taps it, or every activation of an
    ability that does not), those whose net mana is 0 or less included (a land that turns {1} into a
    color: ``most`` has no amount for it); only the types some activations must make. None where some
    permanent making mana of such a type has no bound (untapped in a cycle)."""
    problem = record.problem
    rules = [found.at(layer.target) for found in problem.spending.found.values()]
    symbols = layer.target.cost.symbols
    typed = [mask for mask in (_typed_mask(symbol, rules, layer.target) for symbol in symbols) if mask]
    needs: list[tuple[int, dict[str, int]]] = []
    for each in sorted(set(typed)):
        wanted = sum(1 for mask in typed if not mask & ~each)
        wanted -= sum(1 for unit in layer.pool if _in(unit.type, each))
        wanted -= sum(h.mana[t] for h in problem.hand_mana for t in ManaType if _in(t, each))
        if wanted <= 0:
            continue
        per_tap: dict[str, int] = defaultdict(int)
        untapped: dict[str, int] = defaultdict(int)
        for template in record.templates:
            made = sum(p.picks * p.per_pick for p in template.outcome.packets if p.types.mask & each)
            if made and template.pid in record.cycles:
                return None
            if template.ability.cost.tap:
                per_tap[template.pid] = max(per_tap[template.pid], made)
            else:
                untapped[template.pid] += made * template.bound
        pids = {*per_tap, *untapped, *most}
        needs.append((wanted, {pid: per_tap[pid] + untapped[pid] for pid in sorted(pids)}))
    return needs


#: The most cells (mana reached times mana of the wanted type reached) :func:`least_typed_cover` fills;
#: past it the typed cover is left out (the floor is only weaker).
_MOST_CELLS = 40_000


def least_typed_cover(needed: int, wanted: int, items: Sequence[tuple[int, int, int]]) -> int:
    """The least total cost of items (amount, mana of the wanted type, cost), each used once at most,
    whose amounts reach ``needed`` and whose mana of the type reaches ``wanted``; 0 when they can't (the
    model says "no", not this) or the table would be too large (:data:`_MOST_CELLS`).

    >>> reds, filters, growth = [(3, 3, 3)] * 8, [(5, 6, 6)] * 2, [(4, 0, 4)]
    >>> least_typed_cover(25, 22, reds + filters + growth)  # seven reds and a filter, or five and two
    27
    >>> least_typed_cover(25, 0, reds + filters + growth)  # the Wild Growth's 4 and seven reds
    25
    >>> least_typed_cover(7, 5, [(3, 3, 1)]), least_typed_cover(0, 0, [(3, 3, 1)])
    (0, 0)
    """
    needed, wanted = max(needed, 0), max(wanted, 0)
    if (needed + 1) * (wanted + 1) > _MOST_CELLS or not needed + wanted:
        return 0
    unreached = sum(cost for _, _, cost in items) + 1
    # best[s][t]: the least cost of amounts reaching s and mana of the type reaching t (each capped)
    best = np.full((needed + 1, wanted + 1), unreached, dtype=np.int64)
    best[0, 0] = 0
    counted: dict[tuple[int, int, int], int] = defaultdict(int)
    for item in items:
        if item[0] > 0 or item[1] > 0:  # (an item that reaches nothing only costs)
            counted[item] += 1
    for (amount, typed, cost), times in counted.items():
        step = 1
        while times > 0:  # (binary splitting: 1, 2, 4... of the same item, each taken or not)
            take = min(step, times)
            best = np.minimum(best, _moved_cover(best, take * amount, take * typed) + take * cost)
            times -= take
            step *= 2
    found = int(best[needed, wanted])
    return 0 if found >= unreached else found


def fractional_typed_cover(needed: int, wanted: int, items: Sequence[tuple[int, int, int]]) -> int:
    """The least total cost of items (amount, mana of the wanted type, cost) whose amounts reach ``needed``
    and whose mana of the type reaches ``wanted`` when fractions of items may be taken, rounded up: about
    the bound the LP relaxation has by itself (the best of the type's prices tried by a ternary search of
    the Lagrangian dual, each a :func:`fractional_cover` of the costs less that price; only a guide to
    whether a row lifts the LP's bound, never the floor itself).

    >>> reds, filters, growth = [(3, 3, 3)] * 8, [(5, 6, 6)] * 2, [(4, 0, 4)]
    >>> fractional_typed_cover(25, 22, reds + filters + growth)  # (27 whole: the row lifts the LP's 25)
    25
    >>> fractional_typed_cover(4, 4, [(1, 1, 1), (1, 1, 1), (3, 3, 3), (3, 0, 3)])  # 1 + 1 + 2/3 of 3
    4
    """
    counted: dict[tuple[int, int, int], int] = defaultdict(int)
    for item in items:
        counted[item] += 1
    distinct = list(counted.items())

    def dual(price: float) -> float:
        # the costs less the price of the type's mana: those at or below 0 taken whole, then the cheapest
        # per mana until the amount is reached (an amount never reached: no bound at this price)
        bound, left = price * max(wanted, 0), float(max(needed, 0))
        ranked = []
        for (amount, typed, cost), times in distinct:
            reduced = cost - price * typed
            if reduced <= 0:
                bound += reduced * times
                left -= amount * times
            elif amount > 0:
                ranked.append((reduced / amount, amount * times, reduced * times))
        for _, amount, reduced in sorted(ranked):
            if left <= 0:
                break
            taken = min(1.0, left / amount)
            bound += taken * reduced
            left -= taken * amount
        return bound if left <= 0 else -math.inf

    low, high = 0.0, max([cost / typed for (_, typed, cost), _ in distinct if typed] + [0.0])
    for _ in range(_DUAL_STEPS):
        first, second = low + (high - low) / 3, high - (high - low) / 3
        if dual(first) < dual(second):
            low = first
        else:
            high = second
    best = max(dual(0.0), dual(low), dual(high))
    return 0 if best == -math.inf else max(math.ceil(best - 1e-6), 0)


#: The steps of the ternary search of :func:`fractional_typed_cover` (each a third narrower).
_DUAL_STEPS = 60


def _moved_cover(best: NDArray[np.int64], amount: int, typed: int) -> NDArray[np.int64]:
    """The table of :func:`least_typed_cover` after one more item: cell [s][t] from cell
    [max(s - amount, 0)][max(t - typed, 0)] (the capped sums reaching s and t).

    >>> _moved_cover(np.arange(6).reshape(3, 2), 1, 1).tolist()
    [[0, 0], [0, 0], [2, 2]]
    """
    rows, columns = best.shape
    amount, typed = min(amount, rows), min(typed, columns)
    moved = np.empty_like(best)
    moved[amount:, typed:] = best[: rows - amount, : columns - typed]
    moved[:amount, typed:] = best[0, : columns - typed]
    moved[amount:, :typed] = best[: rows - amount, :1]
    moved[:amount, :typed] = best[0, 0]
    return moved


def _needed_mana(record: PaymentModel, layer: Layer) -> int | None:
    """The mana the payment asked for takes from the permanents' activations (its pool's and the hand's
    left out), None where the amounts do not fix it (as :func:`floating_floor`)."""
    problem = record.problem
    if not layer.main or record.x is not None or layer.alternative or problem.turn is not None:
        return None
    if not isinstance(layer.x, int) or doubling_templates(problem):
        return None
    needed = _fixed_amount(layer.target.cost.symbols)
    if needed is None:
        return None
    if layer.target.cost.has_variable:
        needed += layer.x
    return needed - len(layer.pool) - sum(hand.mana.total for hand in problem.hand_mana)


def _most_per_touch(record: PaymentModel) -> dict[str, int] | None:
    """The most net mana one member of each permanent (a template's ``pid``) makes in a plan that touches
    it, for those that make any; None where some has no bound (an ability that does not tap it, on a
    permanent standing for several; a permanent untapped in a cycle) or an ability's mana cost is not
    fixed."""
    per_tap: dict[str, int] = defaultdict(int)
    untapped: dict[str, int] = defaultdict(int)  # (abilities that don't tap: their bound's worth)
    for template in record.templates:
        cost = _fixed_amount(template.ability.cost.mana.symbols)
        if cost is None:
            return None
        net = template.outcome.total - cost
        if net <= 0:
            continue
        pid = template.pid
        if pid in record.cycles:
            return None
        if template.ability.cost.tap:
            per_tap[pid] = max(per_tap[pid], net)
        elif len(record.members[pid]) > 1:
            return None
        else:
            untapped[pid] += net * template.bound
    return {pid: per_tap[pid] + untapped[pid] for pid in {*per_tap, *untapped}}


def floor_colors_lost(record: PaymentModel, lost: Expr, keeping: KeepBoard) -> None:
    """The row 'the colors lost (``lost``, the objective's level) are at least :func:`colors_lost_floor`',
    where that is above 0, holding when the target's slots are filled."""
    layer = record.main
    floor = colors_lost_floor(record, layer, keeping)
    if not floor:
        return
    row = record.model.add(lost >= floor)
    if layer.assumptions:
        row.only_enforce_if(list(layer.assumptions.values()))


def colors_lost_floor(record: PaymentModel, layer: Layer, keeping: KeepBoard) -> int:
    """The fewest colors any plan of the payment asked for loses ('colors lost', criterion 9.1): a color
    stays open only where some way of keeping it (:attr:`KeepBoard.keepers`: a permanent, and those that
    pay its ability where that costs mana) stays untouched, and an untouched permanent makes nothing, so
    the colors kept open are those of a set of untouched permanents whose most net mana per touch
    (:func:`_most_per_touch`) the rest can spare beyond the target's (:func:`most_kept`), a way whose
    permanents together give up more than that keeping nothing. 0 where the amounts do not fix the
    target's mana (as :func:`floating_floor`) or a permanent's mana per touch has no bound (as
    :func:`tied_up_floor`)."""
    needed = _needed_mana(record, layer)
    most = _most_per_touch(record)
    if needed is None or most is None or needed <= 0:
        return 0
    spare = sum(amount * len(record.members[pid]) for pid, amount in most.items()) - needed
    given_up = [most.get(pid, 0) for pid in keeping.pids]  # (by one member of each unit)
    open_colors = [ways for ways in keeping.keepers if ways]
    masks = [0] * len(keeping.pids)
    for color, ways in enumerate(open_colors):
        for way in ways:
            if given_up[way.unit] + _payers_given_up(way, given_up, keeping) <= spare:
                masks[way.unit] |= 1 << color
    kept = most_kept(spare, [(mask, given_up[unit]) for unit, mask in enumerate(masks) if mask])
    return 0 if kept is None else len(open_colors) - kept


def _payers_given_up(way: Keeper, given_up: Sequence[int], keeping: KeepBoard) -> int:
    """The least mana the untouched members that pay a way's ability give up (its ``needs``: n members of
    each set's besides the keeper, the cheapest n; the sets' sums where they share no unit, else the most
    of one set's)."""
    each = []
    for needing, n in way.needs:
        amounts = sorted(given_up[unit] for unit in needing for _ in keeping.members[unit])
        if way.unit in needing:
            amounts.remove(given_up[way.unit])
        each.append(sum(amounts[:n]))
    apart = sum(len(needing) for needing, _ in way.needs) == len(set().union(*(u for u, _ in way.needs)))
    return sum(each) if apart else max(each, default=0)


def most_kept(spare: int, units: Sequence[tuple[int, int]]) -> int | None:
    """The most colors kept open by untouched units (each a mask of the colors it keeps and the mana it
    gives up, left untouched) whose mana together is at most ``spare``; None when ``spare`` is below 0
    (the model says "no", not this).

    >>> most_kept(3, [(0b001, 2), (0b010, 2), (0b110, 3)])  # the third alone: two colors for 3
    2
    >>> most_kept(4, [(0b001, 2), (0b010, 2), (0b110, 3)]), most_kept(1, [(0b001, 2)]), most_kept(-1, [])
    (2, 0, None)
    """
    if spare < 0:
        return None
    cheapest: dict[int, int] = {}
    for mask, cost in units:
        cheapest[mask] = min(cost, cheapest.get(mask, cost))
    best = {0: 0}  # colors kept (a mask) -> the least mana given up to keep them
    for mask, cost in cheapest.items():
        for kept, spent in list(best.items()):
            both, more = kept | mask, spent + cost
            if more < best.get(both, more + 1):
                best[both] = more
    return max(kept.bit_count() for kept, spent in best.items() if spent <= spare)


def least_cover(needed: int, items: Sequence[tuple[int, int]]) -> int:
    """The least total cost of items (amount, cost), each used once at most, whose amounts reach
    ``needed``; 0 when they can't (the model says "no", not this).

    >>> least_cover(7, [(3, 1), (3, 1), (2, 1), (6, 5)])  # three for 3 + 3 + 2, or 2 for 6 + 3 (cost 6)
    3
    >>> least_cover(7, [(3, 1)]), least_cover(0, [(3, 1)])
    (0, 0)
    """
    if needed <= 0:
        return 0
    unreached = sum(cost for _, cost in items) + 1
    best = [0] + [unreached] * needed  # best[s]: the least cost of amounts reaching s (capped at needed)
    for amount, cost in items:
        for reached in range(needed, 0, -1):
            before = best[max(reached - amount, 0)] + cost
            if before < best[reached]:
                best[reached] = before
    return 0 if best[needed] >= unreached else best[needed]


def fractional_cover(needed: int, items: Sequence[tuple[int, int]]) -> int:
    """The least total cost of items (amount, cost) whose amounts reach ``needed`` when fractions of items
    may be taken (the cheapest per mana first), rounded up: the bound the LP relaxation has by itself.

    >>> fractional_cover(7, [(3, 1), (3, 1), (2, 1), (6, 5)])  # 3 + 3 for 2, then half of the 2 for 1/2
    3
    >>> fractional_cover(4, [(6, 6)])
    4
    """
    left, spent = Fraction(max(needed, 0)), Fraction(0)
    for amount, cost in sorted((item for item in items if item[0] > 0), key=lambda i: Fraction(i[1], i[0])):
        if left <= 0:
            break
        taken = min(Fraction(1), left / amount)
        spent += taken * cost
        left -= taken * amount
    return math.ceil(spent)
