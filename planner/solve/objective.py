"""The default objective: one specification of what makes a payment better, read by both engines.

The levels, most important first (``docs/objective.md`` says why): cards taken from the hand (exiled for
their mana, Elvish Spirit Guide, or discarded or exiled for a cost, Bog Witch: a card is worth more than any
tap, so one is used only when nothing else pays); life paid plus damage taken; energy paid; valuable
permanents sacrificed (or exiled, or returned to the hand, by a cost); the mana that the permanents
sacrificed by design could still have made (Treasure and Lotus Petal 1, Black Lotus 3); the colors a
converge spell's mana lacks and the riders on the mana spent it leaves unmet (:mod:`planner.solve.riders`);
opponents' lands untapped for a cost; mana left floating that any spell could have spent
(:func:`floating_level`); colors no untouched source could still be activated for (a Signet only with
something untouched to pay its {1}: :func:`color_keepers`; mana that only some spells may spend keeps
nothing open); then four levels that each
add up one number per permanent the payment touches (:data:`TOUCHED_LEVELS`): the most mana any spell could
spend that it could make, whether it doesn't untap normally
(Mana Vault), whether it is a creature, whether it makes its colors without pain (so that what stays open
pays the next spell painlessly), how many types it could produce, and its rank among the board's ids (a
tie-break), with the restricted mana left floating just before the tie-break (:data:`RESTRICTED_FLOATING`:
an activation whose mana nothing needs still costs); last, the cards exiled for delve
(:data:`FINAL_LEVELS`): a graveyard card pays {1} for a delve spell where a player would otherwise tap a
source, so delving is preferred to touching a permanent, and no card is exiled that need not be.

The CP-SAT model builds its terms from this specification, the fast path packs the touched levels into one
weight per source with :func:`packed_weight`, and :func:`objective_of` computes every level of a finished
payment (the reference search's, a heuristic's) so that any plan can be compared with the optimum.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TypeVar

from models.board import Board
from models.cost import ManaCost
from models.errors import InputError
from models.kept import per_card
from models.mana import ALL_COLORS, TYPE_ORDER, ManaType, ManaTypes
from models.mana_effects import TapDamage
from models.riders import SpentRider
from planner.rules.activations import Activation
from planner.rules.could_produce import ability_could_produce
from planner.rules.payment import GENERIC, Mode, cost_modes
from planner.rules.production import ManaTag
from planner.rules.replay import PaymentSummary
from planner.rules.view import BoardView
from planner.solve.problem import BoardAnalysis
from planner.solve.riders import RIDER_LEVELS, rider_levels

__all__ = [
    "ALTERNATIVE_COSTS",
    "FINAL_LEVELS",
    "OBJECTIVE_LEVELS",
    "PAYMENT_LEVELS",
    "PREFERABLE",
    "RESTRICTED_FLOATING",
    "TOUCHED_LEVELS",
    "CostedAbility",
    "KeepBoard",
    "KeepUnit",
    "Keeper",
    "PermanentFacts",
    "TouchedLevel",
    "check_prefer",
    "color_keepers",
    "color_keeping",
    "colors_lost",
    "colors_open",
    "floating_level",
    "kind_of",
    "life_weighed",
    "mode_counts",
    "objective_of",
    "objectives_on",
    "packed_unit",
    "packed_weight",
    "permanent_facts",
    "sacrificed_by_design",
    "touched_levels",
    "touched_values",
    "with_restricted_floating",
]


_T = TypeVar("_T")


@dataclass(frozen=True, slots=True)
class PermanentFacts:
    """What the objective reads of one permanent a payment may touch.

    ``most``: the most mana one activation of it makes; ``flexibility``: how many types it could produce
    (CR 106.7); ``rank``: its position among the board's permanent ids, sorted; ``painful``: it makes
    colored mana, but none without damage or life (a painland's colors, City of Brass); ``untaps``: it
    untaps in its controller's untap step (Mana Vault and Grim Monolith don't); ``preference``: its kind's
    place in the player's ``prefer`` list (:data:`PREFERABLE`; 0 when the player gives none);
    ``restricted``: how much of ``most`` only some spells may spend (Mishra's Workshop's {C}{C}{C}: 3), so
    that 'mana tied up' reads only what any spell could spend (:attr:`spendable`).
    """

    most: int
    creature: bool
    flexibility: int
    rank: int
    painful: bool = False
    untaps: bool = True
    preference: int = 0
    restricted: int = 0

    @property
    def spendable(self) -> int:
        """The most mana one activation makes that any spell may spend (contract section 12).

        >>> PermanentFacts(3, False, 1, 0, restricted=3).spendable
        0
        """
        return self.most - self.restricted


@dataclass(frozen=True, slots=True)
class TouchedLevel:
    """A level that adds up one number per permanent the payment touches (taps, sacrifices, activates).

    ``sum_limit(n)`` is more than the level's sum over any set of permanents on a board of ``n`` (the fast
    path packs the levels after the first into one number with it); None for a level whose sum the board's
    own figures bound.
    """

    name: str
    value: Callable[[PermanentFacts], int]
    sum_limit: Callable[[int], int] | None = None


#: The kinds of permanent a player may say to use first (``prefer``), each permanent of one kind: a Treasure
#: or the like sacrificed by design, else a creature, a land, an artifact, or any other.
PREFERABLE = ("treasures", "creatures", "lands", "artifacts", "others")

#: The levels computed from the payment as a whole, most important first.
PAYMENT_LEVELS = (
    # a card taken from the hand (exiled for its mana, Elvish Spirit Guide; discarded or exiled for a cost,
    # Bog Witch, Cadaverous Bloom) is a card lost: only when nothing else pays
    "hand_cards_lost",
    "life_and_damage",
    # energy ({E}: Aether Hub) is a resource of the player's, like life
    "energy_paid",
    # permanents sacrificed, exiled (Food Chain) or returned to the hand by a cost, but by design
    "valuable_sacrificed",
    # permanents sacrificed by design, weighed by what each could still make (contract section 12: Black
    # Lotus 3, Lotus Petal 1, so {3} takes Sol Ring and a Petal before the Lotus)
    "designed_sacrificed",
    # what the spell reads of the mana spent (converge, adamant: planner.solve.riders), 0 without riders
    *RIDER_LEVELS,
    # an opponent's land untapped for a cost is mana given to them
    "opponent_lands_untapped",
    "mana_floating",
    "colors_lost",
)

#: The levels summed over the permanents the payment touches, after :data:`PAYMENT_LEVELS`: keep the sources
#: that make the most mana, creatures (which could attack or block) and flexible sources untouched.
TOUCHED_LEVELS = (
    # (mana that only some spells may spend ties nothing up: Mishra's Workshop is spent first where it may be)
    TouchedLevel("mana_tied_up", lambda facts: facts.spendable),
    # the player's own order of kinds to use first (--prefer lands,artifacts,creatures,treasures)
    TouchedLevel("preference", lambda facts: facts.preference, lambda n: len(PREFERABLE) * n + 1),
    # tapping what stays tapped next turn is a cost (Mana Vault, Grim Monolith)
    TouchedLevel("not_untapping_used", lambda facts: int(not facts.untaps), lambda n: n + 1),
    TouchedLevel("creatures_used", lambda facts: int(facts.creature), lambda n: n + 1),
    # among equal payments, use the sources whose colors hurt (a painland for its {C}), so that what stays
    # open pays the next spell's colors without pain
    TouchedLevel("painless_used", lambda facts: int(not facts.painful), lambda n: n + 1),
    TouchedLevel("flexibility_used", lambda facts: facts.flexibility, lambda n: 6 * n + 1),
    # ranks are distinct, so their sum over any set stays below n * n + 1
    TouchedLevel("tie_break", lambda facts: facts.rank, lambda n: n * n + 1),
)

#: The level of restricted mana left floating (:func:`floating_level`), between the touched levels and
#: their last, the tie-break (:func:`with_restricted_floating`): no other level counts mana that only some
#: spells may spend (contract section 12), so this one makes an activation whose mana the payment does not
#: need still cost something (Grand Architect's {C}{C} made twice where once pays), after every level that
#: weighs a real choice and before the arbitrary one.
RESTRICTED_FLOATING = "restricted_floating"

#: The levels after the touched ones: cards exiled from the graveyard for delve (CR 702.66), then creatures
#: that could tap for mana tapped for convoke instead (RULES §10b: both tap it; its mana is more flexible).
FINAL_LEVELS = ("cards_exiled", "mana_creatures_convoked")

#: A turn's level after all of :data:`OBJECTIVE_LEVELS`, in a model whose spells may each be cast for its mana
#: cost or an alternative cost paying only mana (:class:`~planner.solve.problem.SpellPayment`): the fewest
#: cast for alternative costs (among equal plans the mana cost, as ``pay`` takes it; contract section 11).
ALTERNATIVE_COSTS = "alternative_costs"


def with_restricted_floating(touched: Sequence[_T], restricted: _T) -> list[_T]:
    """The touched levels (:data:`TOUCHED_LEVELS`, in order) with :data:`RESTRICTED_FLOATING` in its place,
    before the tie-break: the one placement the engines and :func:`objective_of` share.

    >>> with_restricted_floating(["mana_tied_up", "flexibility_used", "tie_break"], "restricted_floating")
    ['mana_tied_up', 'flexibility_used', 'restricted_floating', 'tie_break']
    """
    return [*touched[:-1], restricted, touched[-1]]


#: The names of the objective's levels, most important first.
OBJECTIVE_LEVELS = (
    *PAYMENT_LEVELS,
    *with_restricted_floating([level.name for level in TOUCHED_LEVELS], RESTRICTED_FLOATING),
    *FINAL_LEVELS,
)


def _limit(level: TouchedLevel, permanents: int) -> int:
    if level.sum_limit is None:
        raise ValueError(f"the level {level.name!r} has no sum limit to pack below")
    return level.sum_limit(permanents)


@per_card(maxsize=65536)
def packed_weight(facts: PermanentFacts, permanents: int) -> int:
    """A permanent's share of the touched levels, packed so that sums compare level by level: each level's
    number times the product of the later levels' sum limits.

    >>> n = 3
    >>> # one mana; painless (times the later limits, 6n + 1 and n * n + 1); one type; rank 0
    >>> weight = packed_unit(n) + (6 * n + 1) * (n * n + 1) + 1 * (n * n + 1)
    >>> packed_weight(PermanentFacts(1, False, 1, 0), n) == weight
    True
    """
    values = touched_values(facts)
    weight = values[0]
    for level, value in zip(TOUCHED_LEVELS[1:], values[1:], strict=True):
        weight = weight * _limit(level, permanents) + value
    return weight


@per_card(maxsize=65536)
def touched_values(facts: PermanentFacts) -> tuple[int, ...]:
    """The permanent's number in each of :data:`TOUCHED_LEVELS`, in order (cached: facts are few).

    >>> touched_values(PermanentFacts(2, True, 1, 3))
    (2, 0, 0, 1, 1, 1, 3)
    """
    return tuple(level.value(facts) for level in TOUCHED_LEVELS)


@per_card(maxsize=1024)
def packed_unit(permanents: int) -> int:
    """One unit of the first touched level ('mana tied up') in :func:`packed_weight`'s packing.

    >>> packed_unit(2)
    19305
    """
    unit = 1
    for level in TOUCHED_LEVELS[1:]:
        unit *= _limit(level, permanents)
    return unit


def sacrificed_by_design(view: BoardView, pid: str) -> bool:
    """A nonland permanent whose own ability sacrifices it (Treasure, Lotus Petal, Eldrazi Scion)."""
    if view.type_line(pid).is_a("Land"):
        return False
    return any(ability.cost.sacrifice_self for ability in view.mana_abilities(pid))


def kind_of(view: BoardView, pid: str) -> str:
    """The permanent's kind among :data:`PREFERABLE`."""
    line = view.type_line(pid)
    if sacrificed_by_design(view, pid):
        return "treasures"
    return next(
        (kind for kind in ("creatures", "lands", "artifacts") if line.is_a(kind[:-1].title())), "others"
    )


def check_prefer(prefer: Sequence[str]) -> tuple[str, ...]:
    """A ``prefer`` list checked: kinds of :data:`PREFERABLE`, each once; ``InputError`` otherwise.

    >>> check_prefer(["lands", "Artifacts"])
    ('lands', 'artifacts')
    >>> check_prefer(["land"])
    Traceback (most recent call last):
    ...
    models.errors.InputError: unknown kind 'land': prefer treasures, creatures, lands, artifacts, others
    """
    kinds = tuple(kind.strip().lower() for kind in prefer)
    for kind in kinds:
        if kind not in PREFERABLE:
            raise InputError(f"unknown kind {kind!r}: prefer {', '.join(PREFERABLE)}")
    if len(set(kinds)) != len(kinds):
        raise InputError(f"a kind is given twice in {', '.join(kinds)}")
    return kinds


def permanent_facts(analysis: BoardAnalysis, prefer: Sequence[str] = ()) -> dict[str, PermanentFacts]:
    """The objective's facts for every permanent on the board (a permanent the player can't activate makes
    no mana, ``most`` 0).

    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
    ...     {"id": "f1", "card": "Forest", "controller": "me"},
    ...     {"id": "bop", "card": "Birds of Paradise", "controller": "me"}]})
    >>> facts = permanent_facts(BoardAnalysis(board, "me"))["bop"]
    >>> facts.most, facts.creature, facts.flexibility, facts.rank, facts.restricted
    (1, True, 5, 0, 0)
    """
    most: dict[str, int] = {}
    spendable: dict[str, int] = {}
    colored: set[str] = set()
    painless: set[str] = set()
    view, reflect = analysis.view, analysis.reflect
    hurting = {s.source for s in view.effects_of(TapDamage) if s.controller == analysis.player}
    for activation in analysis.templates:
        outcome = activation.outcome
        makes_color = any(packet.types & ALL_COLORS for packet in outcome.packets if packet.total)
        hurts = outcome.damage + outcome.life_loss + activation.ability.cost.life > 0
        for pid in activation.sources:
            most[pid] = max(most.get(pid, 0), outcome.total)
            free = sum(packet.total for packet in outcome.packets if packet.tag.restriction is None)
            spendable[pid] = max(spendable.get(pid, 0), free)
            if makes_color:
                colored.add(pid)
                if not hurts and pid not in hurting:
                    painless.add(pid)
    ids = sorted(p.id for p in analysis.board.permanents)
    # the kinds listed first to last, then the kinds not listed
    rank_of = {kind: rank for rank, kind in enumerate([*prefer, *(k for k in PREFERABLE if k not in prefer)])}
    return {
        pid: PermanentFacts(
            most=most.get(pid, 0),
            creature=view.type_line(pid).is_a("Creature"),
            flexibility=len(reflect.get(pid, ManaTypes())),
            rank=rank,
            painful=pid in colored and pid not in painless,
            untaps=view.untaps_normally(pid),
            preference=rank_of[kind_of(view, pid)] if prefer else 0,
            restricted=most.get(pid, 0) - spendable.get(pid, 0),
        )
        for rank, pid in enumerate(ids)
    }


def floating_level(tag: ManaTag) -> str | None:
    """The level that counts mana with this tag left floating after the payment, one unit each: none when it
    stays in the pool ('persists', Upwelling); 'mana_floating' (wasted) when any spell could have spent it;
    'restricted_floating' when only some spells may: such mana (Mishra's Workshop's) is spent first where it
    may be, and what is left of it is no loss to the next spell (contract section 12), but an activation that
    makes it for nothing still costs, below every level that weighs a real choice.

    >>> from models.abilities import SpendRestriction
    >>> only_artifacts = SpendRestriction((), "Spend this mana only to cast artifact spells.")
    >>> floating_level(ManaTag(source="f1")), floating_level(ManaTag(source="f1", persists=True))
    ('mana_floating', None)
    >>> floating_level(ManaTag(source="ws", restriction=only_artifacts))
    'restricted_floating'
    """
    if tag.persists:
        return None
    return "mana_floating" if tag.restriction is None else RESTRICTED_FLOATING


def touched_levels(facts: Mapping[str, PermanentFacts], touched: frozenset[str]) -> tuple[int, ...]:
    """The touched levels' values for a set of touched permanents."""
    return tuple(sum(level.value(facts[pid]) for pid in touched) for level in TOUCHED_LEVELS)


def life_weighed(life_and_damage: int, designed_mana: int, life_value: int | None) -> int:
    """The first level: life paid plus damage taken, or, when the player says one life is worth
    ``life_value`` mana, that many mana a life plus the mana the permanents sacrificed by design would
    have made (a Treasure 1): at 40 life, ``life_value=0`` takes 1 damage rather than a Treasure.

    >>> life_weighed(1, 1, None), life_weighed(1, 0, 0), life_weighed(0, 1, 0), life_weighed(2, 0, 3)
    (1, 0, 1, 6)
    """
    if life_value is None:
        return life_and_damage
    return life_value * life_and_damage + designed_mana


@dataclass(frozen=True, slots=True)
class CostedAbility:
    """A mana ability whose cost contains mana, as 'colors lost' reads it: the colors it could produce (a
    mask, bit i for the i-th of W, U, B, R, G), its ways to be paid with mana (the mana of each type in
    W, U, B, R, G, C order, and the generic mana; Phyrexian symbols paid with mana), and per unit of the
    board (:class:`KeepUnit`, in order) the bags of mana, in the same order, that one activation without
    mana in its cost of a member of that unit makes and may spend on this cost."""

    colors: int
    modes: tuple[tuple[tuple[int, ...], int], ...]
    offers: tuple[tuple[tuple[int, ...], ...], ...]


@dataclass(frozen=True, slots=True)
class KeepUnit:
    """``count`` permanents of the player, alike to 'colors lost', that could be activated now: the colors
    (mask) that their abilities without mana in their costs could produce (CR 106.7), and their abilities
    with mana in their costs that could be activated now."""

    count: int
    free: int
    costed: tuple[CostedAbility, ...] = ()


@dataclass(frozen=True, slots=True)
class Keeper:
    """One way a color stays open: an untouched member of unit ``unit`` and, for each set of units in
    ``needs``, at least that many untouched members of theirs besides that one (none: the member's ability
    costs no mana; some: their abilities without mana in their costs pay its ability's cost)."""

    unit: int
    needs: tuple[tuple[frozenset[int], int], ...] = ()

    def holds(self, left: Sequence[int]) -> bool:
        """True when the units' untouched members (``left``, per unit) keep the color this way."""
        if left[self.unit] < 1:
            return False
        return all(sum(left[v] for v in members) - (self.unit in members) >= n for members, n in self.needs)


def color_keepers(units: Sequence[KeepUnit]) -> tuple[tuple[Keeper, ...], ...]:
    """Per color (W, U, B, R, G), every way it stays open (:class:`Keeper`): a member of a unit whose
    ability without mana in its cost could produce it, or a member with such an ability that costs mana
    and a least set of other members whose abilities without mana in their costs pay that cost. A color
    with none is never open, so it is never lost either.

    >>> plains = KeepUnit(1, 0b00001)
    >>> signet = KeepUnit(1, 0, (CostedAbility(0b01001, (((0,) * 6, 1),), (((1, 0, 0, 0, 0, 0),), ())),))
    >>> keepers = color_keepers([plains, signet])
    >>> [len(k) for k in keepers], keepers[3]
    ([2, 0, 0, 1, 0], (Keeper(unit=1, needs=((frozenset({0}), 1),)),))
    >>> [k.holds([1, 1]) for k in keepers[3]], [k.holds([0, 1]) for k in keepers[3]]
    ([True], [False])
    """
    found: list[list[Keeper]] = [[] for _ in range(5)]
    for index, unit in enumerate(units):
        for color in range(5):
            if unit.free >> color & 1:
                found[color].append(Keeper(index))
    for index, unit in enumerate(units):
        for ability in unit.costed:
            colors = ability.colors & ~unit.free  # (the unit keeps its free colors anyway)
            if not colors:
                continue
            witnesses = _witnesses(units, index, ability)
            for color in range(5):
                if colors >> color & 1:
                    found[color] += [Keeper(index, needs) for needs in witnesses]
    return tuple(tuple(dict.fromkeys(keepers)) for keepers in found)


def _witnesses(
    units: Sequence[KeepUnit], unit: int, ability: CostedAbility
) -> list[tuple[tuple[frozenset[int], int], ...]]:
    """The least sets of other members (as counts of members of sets of units) whose mana pays the costed
    ability of a member of ``unit``, one activation each. Units whose offers read alike for this cost (the
    same mana of each type it asks for, up to what it asks, and in all) form one set."""
    modes = ability.modes
    typed, caps = _cost_caps(modes)
    if caps[-1] == 0:
        return [()]  # (a cost of {0}: nothing else is needed)
    classes: dict[frozenset[tuple[int, ...]], list[int]] = {}
    for other, offers in enumerate(ability.offers):
        read = _offers_read(offers, typed, caps)
        if read:
            classes.setdefault(read, []).append(other)
    # (in an order of their own, so that boards whose units read alike share the search below)
    keys = sorted(classes, key=lambda key: sorted(key))
    capacity = tuple(sum(units[v].count for v in classes[k]) - (unit in classes[k]) for k in keys)
    least = _least_sets(modes, typed, caps, tuple(keys), capacity)
    return [tuple((frozenset(classes[keys[i]]), n) for i, n in enumerate(counts) if n) for counts in least]


def _cost_caps(
    modes: tuple[tuple[tuple[int, ...], int], ...],
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The types (W, U, B, R, G, C as 0-5) a costed ability's ways to be paid ask for, and the most of each
    and in all that one of them takes: what more mana than that could not help pay it."""
    typed = tuple(t for t in range(6) if any(pays[t] for pays, _ in modes))
    return typed, (*(max(pays[t] for pays, _ in modes) for t in typed), max(sum(p) + g for p, g in modes))


def _with_one_more(
    reach: set[tuple[int, ...]], bags: frozenset[tuple[int, ...]], caps: tuple[int, ...]
) -> set[tuple[int, ...]]:
    """The mana that can be reached (read as :func:`_offers_read` reads it, capped) once one more member
    adds one of its ``bags`` to what ``reach`` holds."""
    return {
        tuple(min(a + b, cap) for a, b, cap in zip(r, bag, caps, strict=True)) for r in reach for bag in bags
    }


def _reach_pays(
    reach: set[tuple[int, ...]], modes: tuple[tuple[tuple[int, ...], int], ...], typed: tuple[int, ...]
) -> bool:
    """True when some mana in ``reach`` pays one of the ways ``modes``."""
    return any(
        all(r[i] >= p[t] for i, t in enumerate(typed)) and r[-1] >= sum(p) + g
        for r in reach
        for p, g in modes
    )


@per_card(maxsize=16384)
def _offers_read(
    offers: tuple[tuple[int, ...], ...], typed: tuple[int, ...], caps: tuple[int, ...]
) -> frozenset[tuple[int, ...]]:
    """What a unit's offers are worth to a cost (:func:`_witnesses`): per bag, the mana of each type the
    cost asks for and in all, each up to what the cost asks."""
    return frozenset(
        tuple(min(value, cap) for value, cap in zip((*(bag[t] for t in typed), sum(bag)), caps, strict=True))
        for bag in offers
        if sum(bag)
    )


@per_card(maxsize=4096)
def _least_sets(
    modes: tuple[tuple[tuple[int, ...], int], ...],
    typed: tuple[int, ...],
    caps: tuple[int, ...],
    keys: tuple[frozenset[tuple[int, ...]], ...],
    capacity: tuple[int, ...],
) -> tuple[tuple[int, ...], ...]:
    """The least numbers of members of each class (``keys``: what a member offers, read as :func:`_witnesses`
    reads it; at most ``capacity`` of each) whose mana pays one of the modes, one activation each."""
    counts = [0] * len(keys)

    def pays(chosen: Sequence[int]) -> bool:
        """True when one member per count of each class, each with one of its offers, pays some mode."""
        reach = {(0,) * len(caps)}
        for key, n in zip(keys, chosen, strict=True):
            for _ in range(n):
                reach = _with_one_more(reach, key, caps)
        return _reach_pays(reach, modes, typed)

    found: list[tuple[int, ...]] = []

    def walk(start: int, size: int) -> None:
        """Add classes from ``start`` on, in order: every least set is reached, its subsets failing."""
        if pays(counts):
            least = all(
                not pays([n - (j == i) for j, n in enumerate(counts)]) for i in range(len(keys)) if counts[i]
            )
            if least:
                found.append(tuple(counts))
            return
        if size == caps[-1]:
            return  # (each member adds one mana at least: a least set has no more members than the cost)
        for i in range(start, len(keys)):
            if counts[i] < capacity[i]:
                counts[i] += 1
                walk(i, size + 1)
                counts[i] -= 1

    walk(0, 0)
    return tuple(found)


def _mana_modes(cost: ManaCost) -> tuple[tuple[tuple[int, ...], int], ...]:
    """The ways to pay an ability's mana cost with mana alone: the mana of each type (W, U, B, R, G, C) and
    the generic mana; a way with {S} is left out (which mana came from snow sources is not read here)."""
    found: dict[tuple[tuple[int, ...], int], None] = {}
    for mode in cost_modes(cost):
        counted = mode_counts(mode)
        if not mode.life and counted is not None:
            found[counted] = None
    return tuple(found)


def mode_counts(mode: Mode) -> tuple[tuple[int, int, int, int, int, int], int] | None:
    """A way to pay a cost (:func:`planner.rules.payment.cost_modes`) as the mana of each type it takes (W,
    U, B, R, G, C) and its generic mana; None for a way with {S} (which mana came from snow sources is not
    counted this way). Its life (Phyrexian symbols paid with life) is the mode's own.

    >>> [mode_counts(m) for m in cost_modes(ManaCost.parse("{1}{W/U}"))]
    [((1, 0, 0, 0, 0, 0), 1), ((0, 1, 0, 0, 0, 0), 1)]
    """
    generic = 0
    for slot, count in mode.slots:
        if slot == GENERIC:
            generic += count
        elif not isinstance(slot, ManaType):
            return None
    return mode.typed, generic


def colors_lost(keepers: Sequence[Sequence[Keeper]], left: Sequence[int]) -> int:
    """Criterion 9.1: how many colors that stay open on the untouched board (those with a keeper) no
    untouched member keeps open (``left``: per unit, its untouched members)."""
    return sum(1 for ways in keepers if ways and not any(way.holds(left) for way in ways))


def colors_open(units: Sequence[KeepUnit], left: Sequence[int]) -> int:
    """The colors (a mask, bit i for the i-th of W, U, B, R, G) that the untouched members (``left``, per
    unit) keep open: those for which one of :func:`color_keepers`'s ways holds, found without listing the
    ways (quicker when a board is read only a few times).

    >>> plains = KeepUnit(1, 0b00001)
    >>> signet = KeepUnit(1, 0, (CostedAbility(0b01001, (((0,) * 6, 1),), (((1, 0, 0, 0, 0, 0),), ())),))
    >>> colors_open([plains, signet], [1, 1]), colors_open([plains, signet], [0, 1])
    (9, 0)
    """
    found = 0
    for unit, n in zip(units, left, strict=True):
        if n > 0:
            found |= unit.free
    for index, unit in enumerate(units):
        if left[index] > 0:
            for ability in unit.costed:
                if ability.colors & ~found and _paid_by_others(ability, left, index):
                    found |= ability.colors
    return found


def _paid_by_others(ability: CostedAbility, left: Sequence[int], unit: int) -> bool:
    """True when the untouched members (``left``, per unit) other than one of ``unit`` pay the costed
    ability with their abilities without mana in their costs, one activation each.

    A least set has at most as many members as the cost takes mana (each adds one at least), so more than
    that many members of one unit add nothing; all the members counted add mana, which never hurts."""
    modes = ability.modes
    typed, caps = _cost_caps(modes)
    if caps[-1] == 0:
        return True
    reach = {(0,) * len(caps)}
    for other, offers in enumerate(ability.offers):
        n = min(left[other] - (other == unit), caps[-1])
        bags = _offers_read(offers, typed, caps) if n > 0 else frozenset()
        if bags:
            for _ in range(n):
                reach = _with_one_more(reach, bags, caps)
            if _reach_pays(reach, modes, typed):
                return True
    return _reach_pays(reach, modes, typed)  # (with no mana at all, a way that takes none)


def _mask(types: ManaTypes) -> int:
    """The colors of some types as a mask (bit i for the i-th of W, U, B, R, G)."""
    return types.mask & 0b11111


@dataclass(frozen=True, slots=True)
class KeepBoard:
    """A board as 'colors lost' reads it: its units (each named by its template permanent, ``pids``, and
    standing for ``members``) and every way each color stays open (:func:`color_keepers`)."""

    pids: tuple[str, ...]
    members: tuple[tuple[str, ...], ...]
    keepers: tuple[tuple[Keeper, ...], ...]

    def lost(self, touched: frozenset[str] | set[str]) -> int:
        """How many colors the payment that touches ``touched`` loses (criterion 9.1)."""
        left = [sum(1 for pid in group if pid not in touched) for group in self.members]
        return colors_lost(self.keepers, left)


def _open_colors(view: BoardView, pid: str, reflect: dict[str, ManaTypes]) -> int:
    """The colors (a mask) a permanent keeps open by its abilities without mana in their costs: all it could
    produce, but for mana that only some spells may spend (Pillar of the Paruns), which keeps nothing open
    (contract section 12)."""
    abilities = view.mana_abilities(pid)
    if all(ability.restriction is None for ability in abilities):
        return _mask(reflect.get(pid, ManaTypes()))
    found = 0
    for ability in abilities:
        if ability.restriction is None and not ability.cost.mana:
            found |= _mask(ability_could_produce(view, pid, ability, reflect))
    return found


def color_keeping(
    view: BoardView, reflect: dict[str, ManaTypes], templates: Sequence[Activation]
) -> KeepBoard:
    """'Colors lost''s reading of a board from some activation templates: one unit per template permanent,
    standing for the permanents it stands for (:attr:`Activation.sources`).

    Only a permanent with an ability whose cost contains mana has its abilities read one by one; any other
    keeps all it could produce, as before such abilities were read.
    """
    by_pid: dict[str, list[Activation]] = {}
    for template in templates:
        by_pid.setdefault(template.pid, []).append(template)
    pids = list(by_pid)
    members = tuple(by_pid[pid][0].sources for pid in pids)
    # (a permanent without such abilities keeps all it could produce: the union of its abilities' sets)
    costing = {pid for pid in pids if any(a.cost.mana for a in view.mana_abilities(pid))}
    if not costing:
        plain = [
            KeepUnit(len(m), _open_colors(view, pid, reflect)) for pid, m in zip(pids, members, strict=True)
        ]
        return KeepBoard(tuple(pids), members, color_keepers(plain))
    # the mana each unit's activations without mana in their costs make, with its tags
    made: list[list[tuple[tuple[ManaType, int, ManaTag], ...]]] = []
    for pid in pids:
        results: list[tuple[tuple[ManaType, int, ManaTag], ...]] = []
        for template in by_pid[pid]:
            if template.costs_mana:
                continue
            for chosen in template.outcome.concrete():
                results.append(tuple((t, bag[t], tag) for bag, tag in chosen for t in TYPE_ORDER if bag[t]))
        made.append(results)
    units: list[KeepUnit] = []
    for pid, group in zip(pids, members, strict=True):
        abilities = view.mana_abilities(pid)
        if pid not in costing:
            units.append(KeepUnit(len(group), _open_colors(view, pid, reflect)))
            continue
        free = 0
        for ability in abilities:
            if not ability.cost.mana and ability.restriction is None:
                free |= _mask(ability_could_produce(view, pid, ability, reflect))
        costed: list[CostedAbility] = []
        seen: set[int] = set()
        for template in by_pid[pid]:
            if not template.costs_mana or template.ability_index in seen or template.ability.restriction:
                continue
            seen.add(template.ability_index)
            ability = template.ability
            colors = _mask(ability_could_produce(view, pid, ability, reflect))
            modes = _mana_modes(ability.cost.mana)
            if not colors or not modes:
                continue
            target = template.target
            offers = tuple(
                tuple(
                    dict.fromkeys(
                        tuple(
                            sum(n for t, n, tag in result if t is mana_type and tag.allows(target))
                            for mana_type in TYPE_ORDER
                        )
                        for result in results
                    )
                )
                for results in made
            )
            costed.append(CostedAbility(colors, modes, offers))
        units.append(KeepUnit(len(group), free, tuple(costed)))
    return KeepBoard(tuple(pids), members, color_keepers(units))


def objective_of(
    board: Board,
    player: str,
    summary: PaymentSummary,
    *,
    life_value: int | None = None,
    prefer: Sequence[str] = (),
    riders: tuple[SpentRider, ...] = (),
) -> tuple[int, ...]:
    """The objective's levels (see :data:`OBJECTIVE_LEVELS`) for a finished payment; smaller is better
    (``life_value``: see :func:`life_weighed`; ``prefer``: the kinds of :data:`PREFERABLE` to use first;
    ``riders``: the target's, :attr:`PaymentTarget.riders`, read from the summary's ``spent_mana``). Many
    payments of one board: :func:`objectives_on`.

    >>> from models.cost import PaymentTarget
    >>> from planner.api import pay
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
    ...     {"id": "f1", "card": "Forest", "controller": "me"}]})
    >>> result = pay(board, PaymentTarget.of("{G}"))
    >>> from planner.rules.replay import replay
    >>> objective_of(board, "me", replay(board, PaymentTarget.of("{G}"), result.plan))
    (0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 1, 1, 0, 0, 0, 0)
    """
    return objectives_on(board, player, life_value=life_value, prefer=prefer, riders=riders)(summary)


def objectives_on(
    board: Board,
    player: str,
    *,
    life_value: int | None = None,
    prefer: Sequence[str] = (),
    riders: tuple[SpentRider, ...] = (),
) -> Callable[[PaymentSummary], tuple[int, ...]]:
    """:func:`objective_of` for any finished payment on ``board``: the board is analysed once, for all of
    them (what a permanent makes, its kind, the colors each keeps open), and each payment only looked at.

    >>> from planner.rules.reference import reference_search
    >>> from models.cost import PaymentTarget
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
    ...     {"id": "f1", "card": "Forest", "controller": "me"},
    ...     {"id": "bop", "card": "Birds of Paradise", "controller": "me"}]})
    >>> levels = objectives_on(board, "me")
    >>> best = min(reference_search(board, PaymentTarget.of("{G}")).outcomes, key=levels)
    >>> sorted(best.tapped)  # (the Forest: the Birds keep every color open)
    ['f1']
    """
    analysis = BoardAnalysis(board, player)
    view, reflect = analysis.view, analysis.reflect
    facts = permanent_facts(analysis, prefer)
    makers = {pid for activation in analysis.templates for pid in activation.sources}
    keeping = color_keeping(view, reflect, analysis.templates)

    def levels(summary: PaymentSummary) -> tuple[int, ...]:
        touched = summary.used
        gone = summary.gone
        designed = {pid for pid in gone if sacrificed_by_design(view, pid)}
        lost = keeping.lost(touched)
        designed_mana = sum(facts[pid].most for pid in designed)
        floating = [floating_level(unit.tag) for unit in summary.floating]
        return (
            summary.cards_lost,
            # (a card exiled from the library instead of life weighs as the life it replaces: life_exiled)
            life_weighed(
                summary.life_paid + summary.library_exiled + summary.damage, designed_mana, life_value
            ),
            summary.energy_paid,
            len(gone - designed) + len(summary.destroyed - gone),
            designed_mana,
            *rider_levels(riders, summary.spent_mana),
            sum(1 for pid in summary.untapped if board.permanent(pid).controller != player),
            floating.count("mana_floating"),
            lost,
            *with_restricted_floating(touched_levels(facts, touched), floating.count(RESTRICTED_FLOATING)),
            summary.exiled,
            len(summary.convoked & makers),
        )

    return levels
