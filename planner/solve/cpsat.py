"""The CP-SAT model of a payment: which abilities to activate, which outcome each takes, which mana pays
which symbol, and the best such plan under a lexicographic objective.

The model reads top to bottom like an OR-Tools sample: the *templates* (one per way to activate an ability:
permanent, ability, cost choices, outcome), then a *layer* per payment (the payment asked for, and one per
cost that should stay payable afterwards), each with its variables and its constraint groups under one-line
comments, then the resources the layers share, then the objective, then the solve. Nothing of CP-SAT leaves
this module: the result is a :class:`~planner.rules.replay.Plan`, which the caller replays before returning
it.

Identical permanents that :func:`~planner.rules.activations.activation_templates` keeps apart (Signets,
filter lands, Treasures: twins) are merged into groups whose templates count how many of them do each
thing, and such a model is solved first without the order of the activations that cost mana, then ordered
at its optimum (:meth:`_PaymentModel._ordered`); when no order exists, the model of every twin answers. The
answers are the same either way: only the model's size changes.

Where the model is narrower than the rules (also in the README):

- an ability whose cost has no {T}, {Q}, sacrifice or counter is activated as often as its cost allows: a
  life cost while the life total pays it, a converter (Orochi Leafcaller:
  :func:`~planner.rules.activations.converts_mana`) as often as the mana that pays it allows, an open
  ability as often as the payments can use (:func:`~planner.rules.activations.open_bound`: a plan at that
  bound is not called optimal); one that removes counters as often as its counters allow, and {Q} abilities
  at most once: untap loops (CR 729) are cut;
- amounts counted on the board ('for each creature you control', devotion) are counted before the plan
  sacrifices anything they count: the model orders such activations first;
- amounts that read the game (a life total, a power, cards in a graveyard: :mod:`planner.solve.dynamic`)
  are counted as they resolve, after what the activations ordered before them changed, each activation of
  a template ordered as one;
- an activation that relies on the effect of a permanent the plan sacrifices (Dryad of the Ilysian Grove's
  land types) comes before the sacrifice;
- convoke, improvise and the spending rules of the target's payment are read on the board the activations
  leave (:class:`~planner.solve.problem.AfterRemovals`), as the replay reads them.
"""

from __future__ import annotations

import itertools
import time
from collections import Counter, defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from functools import partial
from typing import TypeVar

from ortools.sat.python import cp_model, cp_model_helper

from models.abilities import Amount, AmountKind, ObjectFilter, PaletteKind
from models.board import Board, Permanent
from models.cost import CostSymbol, ManaCost, PaymentTarget, Slot, SymbolKind
from models.errors import PlannerError
from models.limits import MAX_GENERIC
from models.mana import ALL_COLORS, TYPE_ORDER, ManaBag, ManaType, ManaTypes
from planner.rules.activations import Activation, feeds_itself
from planner.rules.alternatives import AlternativeKind, AlternativePayment
from planner.rules.amounts import counts_life, graveyard_growth
from planner.rules.costs import discards_hand, energy_paid
from planner.rules.hand import HAND
from planner.rules.payment import GENERIC, SNOW
from planner.rules.pool import ManaUnit, SpendRules
from planner.rules.production import ManaTag, activation_outcomes, anonymous
from planner.rules.replay import Plan, Step, could_produce_of, view_of
from planner.rules.view import BoardView
from planner.solve.bounds import alternative_most, unpayable_core
from planner.solve.objective import (
    FINAL_LEVELS,
    TOUCHED_LEVELS,
    KeepBoard,
    color_keeping,
    colors_lost,
    permanent_facts,
    sacrificed_by_design,
)
from planner.solve.problem import AfterRemovals, PaymentProblem, TimeUp
from planner.solve.solution import Solution, SolveStatus, TurnSolution

__all__ = ["solve_payment"]

#: A linear expression over the model's variables (or a plain number).
Expr = cp_model.LinearExpr | int

_Read = TypeVar("_Read")

#: The palettes that read other permanents: what they could produce (CR 106.7), or their colors.
_AMONG = (PaletteKind.REFLECT, PaletteKind.COLORS_AMONG)


# ------------------------------------------------------------------------------------------------ the layers

_ClassKey = tuple[ManaType, ManaTag, int]  # type, spending tag, producer node (-1: untracked, see _producers)
_GroupKey = tuple[ManaTag, int]  # a class without its type: what a slot taking any type ({1}, {S}) draws on


def _spending(tag: ManaTag) -> ManaTag:
    """The part of a tag that decides what the mana may pay: mana from different sources with the same
    snow status, restriction and persistence is one class to the model (riders ride along unchanged)."""
    return ManaTag(
        source="",
        snow=tag.snow,
        restriction=tag.restriction,
        chosen_type=tag.chosen_type,
        riders=(),
        persists=tag.persists,
    )


def _reachable(graph: dict[int, list[int]], starts: Sequence[int]) -> set[int]:
    """The nodes reachable from ``starts`` (themselves included) along the graph's edges."""
    seen = set(starts)
    stack = list(starts)
    while stack:
        for following in graph.get(stack.pop(), ()):
            if following not in seen:
                seen.add(following)
                stack.append(following)
    return seen


def _total(parts: Sequence[Expr]) -> Expr:
    """The sum of some expressions, as a new expression (``+=`` on CP-SAT sums changes them in place)."""
    return cp_model.LinearExpr.sum(list(parts)) if parts else 0


def _fits(mana: ManaType, snow: bool, slot: Slot, target: PaymentTarget, rules: SpendRules) -> bool:
    """True when mana of this type may fill the slot under these rules (:meth:`SpendRules.fits`)."""
    return rules.at(target).fits(mana, snow, slot, target)


def _slot_name(slot: Slot) -> str:
    return slot.letter if isinstance(slot, ManaType) else slot.value


@dataclass(slots=True)
class _Consumer:
    """Something that spends mana in a layer: the layer's target, or a template's own mana cost."""

    name: str
    target: PaymentTarget
    template: int  # -1 for the layer's target and a turn's spells
    demand: dict[Slot, Expr]
    life: Expr
    epoch: int = 0  # the epoch it pays in: it may spend mana made in this epoch or before (TurnPayments)
    spell: int = -1  # which of a turn's spells it pays for (-1: not one of them)
    pay: dict[tuple[_ClassKey, Slot], cp_model.IntVar] = field(default_factory=dict)
    # generic and snow slots take mana of any type: they draw on a group of classes, not on each class
    blind: dict[tuple[_GroupKey, Slot], cp_model.IntVar] = field(default_factory=dict)


@dataclass(slots=True)
class _Cycle:
    """A permanent with a {Q} ability: whether it is tapped now, and the templates that tap and untap it."""

    tapped: bool
    taps: list[int] = field(default_factory=list)
    untaps: list[int] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class _Counted:
    """An amount counted on the board (a count or a devotion), the permanent whose ability counts it, and
    the colors a devotion without its own colors counts (the color the mana is chosen in)."""

    amount: Amount
    whose: str
    colors: ManaTypes


class _Layer:
    """One payment inside the shared model: its activations, their choices, and who pays what."""

    def __init__(
        self,
        planner: _PaymentModel,
        name: str,
        target: PaymentTarget,
        pool: Sequence[ManaUnit],
        enforce: cp_model.IntVar | None,
        x: Expr,
        alternative: dict[Slot, Expr] | None = None,
        *,
        epoch: int = 0,
    ) -> None:
        self.planner = planner
        self.name = name
        self.target = target
        self.main = enforce is None  # the payment asked for (the others are keep and hand layers)
        model = planner.model
        templates = planner.templates
        # --- variables: how often each template is used, and which type each packet choice takes
        self.use = [model.new_int_var(0, t.bound, f"{name}_use_{t.name}") for t in templates]
        self.choice: dict[tuple[int, int, ManaType], cp_model.IntVar] = {}
        supply: dict[_ClassKey, list[Expr]] = defaultdict(list)
        for template in templates:
            producer = planner.producer[template.index]
            for k, packet in enumerate(template.outcome.packets):
                if len(packet.types) == 1:
                    (only,) = tuple(packet.types)
                    supply[(only, _spending(packet.tag), producer)].append(
                        packet.total * self.use[template.index]
                    )
                    continue
                picks = []
                for mana_type in packet.types:
                    var = model.new_int_var(
                        0,
                        packet.picks * template.bound,
                        f"{name}_pick_{template.name}_p{k}_{mana_type.letter}",
                    )
                    self.choice[(template.index, k, mana_type)] = var
                    picks.append(var)
                    supply[(mana_type, _spending(packet.tag), producer)].append(packet.per_pick * var)
                # each activation makes exactly `picks` choices of type for the packet
                model.add(sum(picks) == packet.picks * self.use[template.index])
        for unit in pool:
            supply[(unit.type, _spending(unit.tag), -1)].append(1)
        # mana a turn's events add (a ritual, an enters trigger), made once, usable from its epoch on
        self.event_choice: dict[tuple[int, int, ManaType], cp_model.IntVar] = {}
        events = planner.turn.mana if planner.turn is not None and self.main_layer(enforce) else ()
        for number, event in enumerate(events):
            for k, packet in enumerate(event.packets):
                if len(packet.types) == 1:
                    (only,) = tuple(packet.types)
                    supply[(only, _spending(packet.tag), -1 - event.epoch)].append(packet.total)
                    continue
                picks = []
                for mana_type in packet.types:
                    var = model.new_int_var(0, packet.picks, f"{name}_event{number}_p{k}_{mana_type.letter}")
                    self.event_choice[(number, k, mana_type)] = var
                    picks.append(var)
                    supply[(mana_type, _spending(packet.tag), -1 - event.epoch)].append(packet.per_pick * var)
                model.add(sum(picks) == packet.picks)
        self.hand_use = planner.hand_cards.supply(name, supply)  # (cards in hand: Elvish Spirit Guide)
        self.supply = {key: _total(parts) for key, parts in supply.items()}
        # the most mana of each class there can be: a tight bound for every variable that counts it
        self.supply_bound: dict[_ClassKey, int] = defaultdict(int)
        for template in templates:
            producer = planner.producer[template.index]
            for packet in template.outcome.packets:
                for mana_type in packet.types:
                    self.supply_bound[(mana_type, _spending(packet.tag), producer)] += (
                        packet.total * template.bound
                    )
        for unit in pool:
            self.supply_bound[(unit.type, _spending(unit.tag), -1)] += 1
        for event in events:
            for packet in event.packets:
                for mana_type in packet.types:
                    self.supply_bound[(mana_type, _spending(packet.tag), -1 - event.epoch)] += packet.total
        planner.hand_cards.bound(self.supply_bound)
        # --- consumers: the target, and the mana cost of every template that has one
        # (the outcomes of one node share its consumer: they have one cost, and at most one of them is used)
        self.consumers = [self._consumer("target", target, -1, target.cost, 1, x)]
        self.consumers[0].epoch = epoch
        # a turn's spells, each paid in the epoch it is cast in; one the plan may leave out is paid in full
        # or not at all (its cast literal scales its demand)
        self.cast: list[Expr] = []
        spells = planner.turn.spells if planner.turn is not None and self.main_layer(enforce) else ()
        for number, spell in enumerate(spells):
            cast: Expr = 1
            if spell.optional:
                cast = model.new_bool_var(f"{name}_cast_{number}")
            self.cast.append(cast)
            consumer = self._consumer(f"spell{number}", spell.target, -1, spell.target.cost, cast, 0)
            consumer.epoch = spell.epoch
            consumer.spell = number
            self.consumers.append(consumer)
        nodes: dict[int, list[Activation]] = defaultdict(list)
        for template in templates:
            if template.costs_mana:
                nodes[planner.producer[template.index]].append(template)
        for node, members in nodes.items():
            self.consumers.append(
                self._consumer(
                    f"cost_{members[0].name}",
                    members[0].target,
                    node,
                    members[0].ability.cost.mana,
                    _total([self.use[t.index] for t in members]),
                    0,
                )
            )
            self.consumers[-1].epoch = planner.epoch_of(node)
        # the classes of each group (a producer's mana of one spending tag, whatever its type)
        self.groups: dict[_GroupKey, list[_ClassKey]] = defaultdict(list)
        for key in self.supply:
            self.groups[(key[1], key[2])].append(key)
        group_bound = {g: sum(self.supply_bound[k] for k in keys) for g, keys in self.groups.items()}
        # (a type fits a typed slot under one consumer's spending rules or not, whatever its tag: the rules
        # of its epoch, with the 'spend as though' effects that cover its target, 609.4b)
        fits: dict[tuple[ManaType, Slot, SpendRules], bool] = {}
        # each class of mana may pay the slots it fits, for consumers its restriction allows (CR 106.6); a
        # generic or snow slot draws on whole groups, which keeps Cascading Cataracts' five colors from
        # multiplying the variables (the types of what it takes are sorted out when the plan is read)
        for consumer in self.consumers:
            planner.problem.check_time()
            # (a group of twins may: one of them pays for the next, see the end of this loop; and so may an
            # ability activated more than once, each activation resolving before the next (CR 605.3c):
            # Signpost Scarecrow's {2} from its own earlier mana)
            grouped = consumer.template >= 0 and len(templates[consumer.template].sources) > 1
            repeated = (
                consumer.template >= 0
                and not grouped
                and templates[consumer.template].bound > 1
                and feeds_itself(templates[consumer.template])
            )
            allowed = [
                (tag, producer)
                for tag, producer in self.groups
                # (an activation can't pay for itself)
                if (producer < 0 or producer != consumer.template or grouped or repeated)
                and tag.allows(consumer.target)
                # (nor can mana that arrives later in the turn pay for what comes before it)
                and planner.epoch_of(producer) <= consumer.epoch
            ]
            rules = planner.rules_in(consumer.epoch).at(consumer.target)
            # (a target is paid under the rules of the board the activations leave, an ability's cost under
            # those of the board as it is activated: removing a 'spend as though' source changes them)
            spending = planner.problem.spending
            last = consumer.template < 0
            after = [r.at(consumer.target) for r in spending.found.values()] if last else [rules]
            for slot in consumer.demand:
                label = f"{name}_{consumer.name}_{_slot_name(slot)}_by"
                if slot in (GENERIC, SNOW):
                    for group in allowed:
                        if slot == GENERIC or group[0].snow:
                            var = model.new_int_var(
                                0, group_bound[group], f"{label}_{group[1]}_{len(consumer.blind)}"
                            )
                            consumer.blind[(group, slot)] = var
                    continue
                for group in allowed:
                    for key in self.groups[group]:
                        for ruled in after:
                            fit = (key[0], slot, ruled)
                            if fit not in fits:
                                fits[fit] = ruled.fits(key[0], key[1].snow, slot, consumer.target)
                        if any(fits[(key[0], slot, ruled)] for ruled in after):
                            var = model.new_int_var(
                                0, self.supply_bound[key], f"{label}_{key[0].letter}_{key[2]}"
                            )
                            consumer.pay[(key, slot)] = var
                            if spending.removable:
                                fitting = partial(_fits, key[0], key[1].snow, slot, consumer.target)
                                planner.only_where(var, self, spending, fitting, last=last)
            if grouped or repeated:
                # the first of a group's activations gets no mana from the group: what the others take from it
                # leaves at least one activation's cost to the rest
                template = templates[consumer.template]
                first_cost = sum(
                    min(way.mana for way in symbol.ways()) for symbol in template.ability.cost.mana.symbols
                )
                external = _total(
                    [v for (key, _), v in consumer.pay.items() if key[2] != consumer.template]
                    + [v for (group, _), v in consumer.blind.items() if group[1] != consumer.template]
                )
                used = self.unused(consumer.template).negated()
                model.add(external >= first_cost).only_enforce_if(used)
            if repeated:
                # and the last activation's mana pays none of them
                own = _total(
                    [v for (key, _), v in consumer.pay.items() if key[2] == consumer.template]
                    + [v for (group, _), v in consumer.blind.items() if group[1] == consumer.template]
                )
                each = sum(packet.total for packet in template.outcome.packets)
                model.add(own <= each * (self.use[consumer.template] - 1)).only_enforce_if(used)
        # every slot of every consumer is filled exactly (CR 202.1a); the target's slots are assumptions so
        # that an infeasible payment can name the symbols that fail
        self.assumptions: dict[Slot, cp_model.IntVar] = {}
        for consumer in self.consumers:
            for slot, demand in consumer.demand.items():
                # (convoke, improvise and delve fill the target's slots too: 702.51a, 702.126a, 702.66a)
                extra = alternative.get(slot, 0) if alternative and consumer is self.consumers[0] else 0
                filled = _total(
                    [v for (_, s), v in consumer.pay.items() if s == slot]
                    + [v for (_, s), v in consumer.blind.items() if s == slot]
                    + ([extra] if not isinstance(extra, int) else [])
                )
                constraint = model.add(filled == demand)
                if consumer is self.consumers[0] and enforce is None:
                    literal = model.new_bool_var(f"{name}_assume_{_slot_name(slot)}")
                    self.assumptions[slot] = literal
                    constraint.only_enforce_if(literal)
                elif enforce is not None:
                    constraint.only_enforce_if(enforce)
        # no class of mana is spent beyond what the pool holds and the activations add; a group's generic
        # and snow slots get what its classes have left after the slots that want their types
        # (what is left floating is a non-negative variable, which gives the solver a bound of 0 at once)
        typed: dict[_ClassKey, list[cp_model.IntVar]] = defaultdict(list)
        blind: dict[_GroupKey, list[cp_model.IntVar]] = defaultdict(list)
        for consumer in self.consumers:
            for (key, _), var in consumer.pay.items():
                typed[key].append(var)
            for (group, _), var in consumer.blind.items():
                blind[group].append(var)
        self.floating: dict[_GroupKey, cp_model.IntVar] = {}
        for group, keys in self.groups.items():
            if len(keys) > 1:
                for key in keys:
                    if typed[key]:
                        model.add(_total(typed[key]) <= self.supply[key])
            made = _total([self.supply[key] for key in keys])
            spent = _total([v for key in keys for v in typed[key]] + blind[group])
            most = sum(self.supply_bound[key] for key in keys)
            left = model.new_int_var(0, most, f"{name}_floating_{group[1]}_{len(self.floating)}")
            model.add(left == made - spent)
            self.floating[group] = left
        # life: abilities' life costs need that much life, and Phyrexian life is paid after the abilities'
        # damage (CR 119.4, 601.2g-h)
        life_total = planner.board.player(planner.player).life
        self.ability_life = sum(t.ability.cost.life * self.use[t.index] for t in templates)
        # (damage from a 'becomes tapped' trigger such as City of Brass waits for the stack: 603.3)
        immediate = _total([(t.outcome.damage + t.outcome.life_loss) * self.use[t.index] for t in templates])
        self.damage: Expr = immediate + planner.tap_damage(self.use)
        target_life = _total([c.life for c in self.consumers if c.template < 0])
        model.add(self.ability_life <= life_total)
        paying = model.new_bool_var(f"{name}_pays_life")
        model.add(target_life == 0).only_enforce_if(paying.negated())
        model.add(self.ability_life + immediate + target_life <= life_total).only_enforce_if(paying)
        self.life_paid = self.ability_life + target_life
        if planner.turn is not None:
            # a turn's plan counts a life total (Sanctum of the Sun) on the turn's last board: no spell of its
            # epoch or before may pay life then (docs/rules.md)
            for template in templates:
                if not counts_life(template.ability):
                    continue
                epoch = planner.template_epochs[template.index]
                before = [c.life for c in self.consumers if c.spell >= 0 and c.epoch <= epoch]
                if before:
                    model.add(_total(before) == 0).only_enforce_if(self.unused(template.index).negated())
        # activations happen in some order: see _order
        self.position: dict[int, cp_model.IntVar] = {}
        if not planner.relaxed:
            self._order()

    def _consumer(
        self,
        name: str,
        target: PaymentTarget,
        template: int,
        cost: ManaCost,
        times: Expr,
        x: Expr,
    ) -> _Consumer:
        """A consumer's slot demands: fixed symbols times ``times``; choice symbols get variables; ``x`` is
        the generic mana that all of the cost's X symbols stand for."""
        model = self.planner.model
        demand: dict[Slot, list[Expr]] = defaultdict(list)
        life: list[Expr] = []
        groups: dict[CostSymbol, int] = defaultdict(int)
        most = max(self.planner._most(times), 1)  # (how many times the cost is paid, at most)
        for symbol in cost.symbols:
            groups[symbol] += 1
        for symbol, count in groups.items():
            if symbol.kind is SymbolKind.VARIABLE:
                continue  # (added once below: ``x`` is the generic mana of all of them)
            ways = symbol.ways()
            if len(ways) == 1:  # a symbol with one way is a fixed demand
                (only,) = ways
                assert only.slot is not None  # (only a Phyrexian symbol's way takes no mana)
                demand[only.slot].append(only.mana * count * times)
            else:
                # each hybrid or Phyrexian symbol is paid one of its ways, chosen at proposal (CR 601.2b)
                counts = []
                for way in ways:
                    label = "life" if way.slot is None else _slot_name(way.slot)
                    stem = str(symbol)[1:-1].replace("/", "")
                    var = model.new_int_var(0, count * most, f"{self.name}_{name}_{stem}_as_{label}")
                    counts.append(var)
                    if way.slot is not None:
                        demand[way.slot].append(way.mana * var)
                    life.append(way.life * var)
                model.add(sum(counts) == count * times)
        if cost.has_variable:
            demand[GENERIC].append(x)
        return _Consumer(name, target, template, {k: _total(v) for k, v in demand.items()}, _total(life))

    def _order(self) -> None:
        """Activations in an order: mana paying an ability's cost was made before it, what uses a permanent
        comes before it is sacrificed, and counted permanents are counted before they go."""
        planner = self.planner
        model = planner.model
        templates = planner.templates
        # each pair of nodes gets one literal: true when they come in this order, false when no mana goes
        # from one to the other and the activations a static edge links are not both used (an edge from an
        # untracked template is dropped: all of those go first)
        pairs: dict[tuple[int, int], tuple[list[cp_model.IntVar], list[tuple[int, int]]]] = {}
        for consumer in self.consumers:
            if consumer.template < 0:
                continue
            drawn = [(key[2], var) for (key, _), var in consumer.pay.items()]
            drawn += [(group[1], var) for (group, _), var in consumer.blind.items()]
            for producer, var in drawn:
                # (a group's mana paying the group: its activations come one after another, see _Extraction)
                if producer >= 0 and producer != consumer.template:
                    pairs.setdefault((producer, consumer.template), ([], []))[0].append(var)
        for a, b in planner.static_edges:
            if planner.producer[a] >= 0:
                pairs.setdefault((planner.producer[a], planner.producer[b]), ([], []))[1].append((a, b))
        cycling = set()
        if self.main:
            cycling = {
                planner.producer[i]
                for cycle in planner.cycles.values()
                if cycle.taps
                for i in (*cycle.taps, *cycle.untaps)
            }
        families = planner.dynamics.families
        dynamic = {
            planner.producer[i]
            for family in families
            for i in (*(index for index, _ in family.variants), *family.changers)
        }
        involved = sorted({i for pair in pairs for i in pair} | cycling | dynamic)
        for index in involved:
            self.position[index] = model.new_int_var(
                0, len(involved), f"{self.name}_pos_{templates[index].name}"
            )
        for a, b in planner.static_edges:
            # (an activation that must come before another can't be made in a later epoch of the turn)
            if planner.template_epochs[a] > planner.template_epochs[b]:
                model.add_bool_or([self.unused(a), self.unused(b)])
        for (before, after), (flows, linked) in pairs.items():
            ordered = model.new_bool_var(f"{self.name}_order_{before}_{after}")
            if flows:
                model.add(_total(flows) == 0).only_enforce_if(ordered.negated())
            for a, b in linked:
                model.add_bool_or([ordered, self.unused(a), self.unused(b)])
            model.add(self.position[before] < self.position[after]).only_enforce_if(ordered)
        if self.main:
            self._tap_cycles()
        if families:
            self._count_as_resolved()

    def _count_as_resolved(self) -> None:
        """Each family of an amount the payment changes (:mod:`planner.solve.dynamic`) counts what the
        activations ordered before it left (CR 608.2h): how often each changer comes first (all its
        activations, or none), what that adds to a life total, a graveyard or a power, and whether each
        permanent looked at is still there; a later layer (keep, hand) starts from what the payment did."""
        planner = self.planner
        model = planner.model
        node = planner.producer
        use = self.use
        earlier = () if self.main else planner.main.use
        for number, family in enumerate(planner.dynamics.families):
            stem = f"{self.name}_dyn{number}"
            variants = [index for index, _ in family.variants]
            here = node[variants[0]]
            used = model.new_bool_var(f"{stem}_used")
            model.add(sum(use[i] for i in variants) >= 1).only_enforce_if(used)
            model.add(sum(use[i] for i in variants) == 0).only_enforce_if(used.negated())
            before: dict[int, Expr] = {}
            for changer in family.changers:
                bound = planner.templates[changer].bound
                first = model.new_bool_var(f"{stem}_c{changer}_first")
                both = [used, self.unused(changer).negated()]
                model.add(self.position[node[changer]] < self.position[here]).only_enforce_if([first, *both])
                model.add(self.position[here] < self.position[node[changer]]).only_enforce_if(
                    [first.negated(), *both]
                )
                count = model.new_int_var(0, bound, f"{stem}_c{changer}_before")
                model.add(count <= bound * first)
                model.add(count <= use[changer])
                model.add(count >= use[changer] - bound * (1 - first))
                before[changer] = count + earlier[changer] if earlier else count
            alive = []  # (a literal each permanent looked at: still there as the family resolves)
            for k, member in enumerate(family.members):
                there = model.new_bool_var(f"{stem}_m{k}_there")
                model.add(there == 1 - _total([before[g] for g in member.gone_by]))
                alive.append(there)
            present = []  # (land types: a literal each type, true when a land still there has it)
            for land_type in sorted({t for m in family.members for t in m.types}):
                holders = [a for a, m in zip(alive, family.members, strict=True) if land_type in m.types]
                flag = model.new_bool_var(f"{stem}_{land_type}")
                for holder in holders:
                    model.add_implication(holder, flag)
                model.add_bool_or([flag.negated(), *holders])
                present.append(flag)
            for index, value in family.variants:
                chosen = self.unused(index).negated()
                if family.linear:
                    counted = family.base + _total([c.each * before[c.template] for c in family.changes])
                    if value > 0:
                        model.add(counted == value).only_enforce_if(chosen)
                    else:  # (a life total or power of 0 or less: none counted)
                        model.add(counted <= 0).only_enforce_if(chosen)
                    continue
                if family.kind is AmountKind.LAND_TYPES:
                    model.add(sum(present) == value).only_enforce_if(chosen)
                    continue
                witnesses = []  # (the greatest power: each member's at most, one's exactly)
                for k, (member, there) in enumerate(zip(family.members, alive, strict=True)):
                    now = member.power + _total([c.each * before[c.template] for c in member.changes])
                    model.add(now <= value).only_enforce_if([chosen, there])
                    if value > 0:
                        witness = model.new_bool_var(f"{stem}_v{value}_w{k}")
                        model.add_implication(witness, there)
                        model.add(now == value).only_enforce_if(witness)
                        witnesses.append(witness)
                if value > 0:
                    model.add_bool_or([chosen.negated(), *witnesses])

    def _tap_cycles(self) -> None:
        """A permanent tapped and untapped in turn meets each cost in the state it needs (CR 602.2b): one
        untapped now is tapped first, untapped ({Q}), then maybe tapped again; one tapped now is untapped
        before anything taps it. (How many of each: :meth:`_PaymentModel._shared_resources`.)"""
        planner = self.planner
        model = planner.model
        for cycle in planner.cycles.values():
            for u in cycle.untaps if cycle.taps else ():
                untap_pos = self.position[planner.producer[u]]
                firsts = []
                for t in cycle.taps:
                    tap_pos = self.position[planner.producer[t]]
                    both = [self.unused(t).negated(), self.unused(u).negated()]
                    if cycle.tapped:
                        model.add(untap_pos < tap_pos).only_enforce_if(both)
                        continue
                    first = model.new_bool_var(f"{self.name}_first_{t}_{u}")
                    model.add_implication(first, both[0])
                    model.add(tap_pos < untap_pos).only_enforce_if(first)
                    model.add(untap_pos < tap_pos).only_enforce_if([first.negated(), *both])
                    firsts.append(first)
                if not cycle.tapped:
                    # exactly one tap before the untap when the untap is used
                    model.add(sum(firsts) == self.use[u])

    def main_layer(self, enforce: cp_model.IntVar | None) -> bool:
        """True for the payment asked for (a keep or hand layer has an enforcing literal)."""
        return enforce is None

    def unused(self, index: int) -> cp_model.IntVar:
        """A literal true when template ``index`` is not used in this layer."""
        return self.planner.is_zero(self.use[index])


# ---------------------------------------------------------------------------------- convoke, improvise, delve


class _AlternativeVars:
    """The payment's convoke, improvise and delve choices (CR 702.51a, 702.126a, 702.66a), chosen together
    with the mana at 601.2h: how many of each group of interchangeable permanents pay each slot the target
    has, and how many graveyard cards are exiled. Only the payment asked for uses them (a keep or hand cost
    is mana left for later); what they tap, no mana ability of the payment may tap."""

    def __init__(self, planner: _PaymentModel) -> None:
        problem = planner.problem
        model = planner.model
        target, view = problem.target, problem.view
        slots: set[Slot] = set()
        for symbol in target.cost.symbols:
            if symbol.kind is SymbolKind.VARIABLE:
                slots.add(GENERIC)
            else:
                slots.update(way.slot for way in symbol.ways() if way.slot is not None)
        self.fill: dict[Slot, Expr] = {}
        self.taps: dict[str, cp_model.IntVar] = {}
        # (group, kind, slot) -> how many of the group pay that slot this way
        self.paying: dict[tuple[str, AlternativeKind, Slot], cp_model.IntVar] = {}
        fill: dict[Slot, list[Expr]] = defaultdict(list)
        grouped = {m for t in planner.templates for m in t.sources if len(t.sources) > 1}
        units = {t.pid: t.sources for t in planner.templates}
        for permanent in planner.board.permanents:
            if permanent.id not in grouped:
                units.setdefault(permanent.id, (permanent.id,))
        damage: list[Expr] = []
        ways = frozenset().union(*problem.payers.found.values())
        for kind in (AlternativeKind.CONVOKE, AlternativeKind.IMPROVISE):
            for pid, members in units.items():
                for slot in (GENERIC, *ALL_COLORS):
                    count = sum((m, kind, slot) in ways for m in members)
                    if not count or slot not in slots:
                        continue
                    assert count == len(members)  # a group's members are alike (activations.interchangeable)
                    var = model.new_int_var(0, count, f"{kind.value}_{pid}_{_slot_name(slot)}")
                    self.paying[(pid, kind, slot)] = var
                    fill[slot].append(var)
        by_unit: dict[str, list[cp_model.IntVar]] = defaultdict(list)
        for (pid, _, _), var in self.paying.items():
            by_unit[pid].append(var)
        for pid, variables in by_unit.items():
            tapped = model.new_int_var(0, len(units[pid]), f"alternative_taps_{pid}")
            model.add(tapped == sum(variables))
            self.taps[pid] = tapped
            hurt = view.tap_damage(pid, for_mana=False)  # (a group's members are alike: the same damage)
            if hurt:
                damage.append(hurt * tapped)
        self.most_exiled = problem.graveyard_most if target.delve and GENERIC in slots else 0
        self.exiled: Expr = 0
        if self.most_exiled:
            exiled = model.new_int_var(0, self.most_exiled, "delve_exiled")
            fill[GENERIC].append(exiled)
            self.exiled = exiled
        self.fill = {slot: _total(parts) for slot, parts in fill.items()}
        self.damage = _total(damage)
        self.units = units

    def limit(self, planner: _PaymentModel) -> None:
        """What pays this way is read once the payment's mana abilities are done (CR 601.2g-h), as the replay
        reads it: a permanent they took off the battlefield pays nothing; one that a removal of a type- or
        color-changing effect's source leaves no creature or artifact, or without a color, doesn't pay that
        way (:attr:`PaymentProblem.payers`); delve exiles at most the cards there are then in the graveyard:
        those there now, and the cards the payment sacrificed. (Whether it is still untapped:
        :meth:`_PaymentModel._shared_resources`.)"""
        model, main = planner.model, planner.main
        gone: dict[str, list[cp_model.IntVar]] = defaultdict(list)
        for template in planner.templates:
            for pid in template.gone:
                gone[pid].append(main.use[template.index])
        for pid, tapped in self.taps.items():
            if gone.get(pid):
                model.add(tapped + _total(gone[pid]) <= len(self.units[pid]))
        payers = planner.problem.payers
        for (pid, kind, slot), var in self.paying.items() if payers.removable else ():
            ways = frozenset((m, kind, slot) for m in self.units[pid])
            planner.only_where(var, main, payers, ways.issubset, last=True)
        if isinstance(self.exiled, int):
            return
        board, player = planner.board, planner.player
        now = board.player(player).graveyard_size or 0
        growth = [(graveyard_growth(board, player, t.gone), t.index) for t in planner.templates]
        grown = _total([cards * planner.main.use[index] for cards, index in growth if cards])
        planner.model.add(self.exiled <= now + grown)

    def extract(
        self, solver: cp_model.CpSolver, free: dict[str, list[str]]
    ) -> tuple[AlternativePayment, ...]:
        """The alternative payments of a solution: each group's members still free after the mana
        abilities (``free``, lowest ids first) pay in turn."""
        chosen: list[AlternativePayment] = []
        for (pid, kind, slot), var in self.paying.items():
            for _ in range(solver.value(var)):
                member = free[pid].pop(0)
                chosen.append(AlternativePayment(kind=kind, permanent=member, paid=slot))
        if not isinstance(self.exiled, int) and solver.value(self.exiled):
            chosen.append(AlternativePayment(kind=AlternativeKind.DELVE, cards=solver.value(self.exiled)))
        return tuple(chosen)


class _HandCards:
    """The mana abilities of cards in the payer's hand (Elvish Spirit Guide, :mod:`planner.rules.hand`):
    mana of no producer node, like the pool's, that a layer has when it exiles the card. Each card is
    exiled at most once in all the layers: a later layer (keep, hand) has the cards the payment left."""

    def __init__(self, planner: _PaymentModel) -> None:
        self.model = planner.model
        self.abilities = planner.problem.hand_mana
        #: the most mana they make together (a bound for X and for the mana floating)
        self.most = sum(hand.mana.total for hand in self.abilities)

    def supply(self, layer: str, supply: dict[_ClassKey, list[Expr]]) -> list[cp_model.IntVar]:
        """One layer's use of each ability (0 or 1), its mana added to ``supply``."""
        uses = []
        for number, hand in enumerate(self.abilities):
            use = self.model.new_bool_var(f"{layer}_hand_{number}_p{hand.position}_a{hand.ability_index}")
            for mana_type in hand.mana.types:
                supply[(mana_type, _spending(hand.tag), -1)].append(hand.mana[mana_type] * use)
            uses.append(use)
        return uses

    def bound(self, supply_bound: dict[_ClassKey, int]) -> None:
        """Add the most mana the abilities make to each class's bound."""
        for hand in self.abilities:
            for mana_type in hand.mana.types:
                supply_bound[(mana_type, _spending(hand.tag), -1)] += hand.mana[mana_type]

    def share(self, main: _Layer, later: Sequence[_Layer]) -> None:
        """Each card is exiled once: by the payment, or by a later layer from what the payment left."""
        by_card: dict[int, list[int]] = defaultdict(list)
        for number, hand in enumerate(self.abilities):
            by_card[hand.position].append(number)
        for numbers in by_card.values():
            self.model.add(sum(main.hand_use[n] for n in numbers) <= 1)
            for layer in later:
                self.model.add(sum(main.hand_use[n] + layer.hand_use[n] for n in numbers) <= 1)

    def exiled(self, main: _Layer) -> Expr:
        """How many cards the payment exiles from the hand."""
        return _total(main.hand_use)

    def steps(
        self, solver: cp_model.CpSolver, main: _Layer, produced: dict[_ClassKey, list[ManaUnit]]
    ) -> list[Step]:
        """The payment's steps from the hand (first: nothing orders them), their mana in ``produced``."""
        steps = []
        for hand, use in zip(self.abilities, main.hand_use, strict=True):
            if not solver.value(use):
                continue
            for unit in hand.units:
                produced[(unit.type, _spending(unit.tag), -1)].append(unit)
            name = hand.card.name
            steps.append(
                Step(permanent=name, ability=hand.ability_index, produced=((name, hand.mana),), zone=HAND)
            )
        return steps


# ------------------------------------------------------------------------------------------------- the model


class _PaymentModel:
    """The whole model for one payment, with its optional keep and hand layers."""

    def __init__(self, problem: PaymentProblem, *, merge: bool = True) -> None:
        self.problem = problem
        board = self.board = problem.board
        self.player = problem.player
        target = problem.target
        self.view = problem.view
        self.reflect = problem.reflect
        self.rules = problem.rules
        #: the templates with the variants of amounts the payment changes, and their order
        #: (:mod:`planner.solve.dynamic`)
        self.dynamics = problem.dynamics
        self.templates = self.dynamics.templates
        #: True when twins are merged into groups and the activations' order is left out at first (see
        #: :meth:`solve`); only for one payment, with no keep or hand cost, and nothing that static edges or
        #: {Q} cycles order
        self.relaxed = False
        # a turn's spells, and the epoch each template can first be activated in (see TurnPayments)
        self.turn = problem.turn
        self.template_epochs = self.turn.epochs if self.turn is not None else (0,) * len(self.templates)
        self.last_epoch = max(
            [
                0,
                *self.template_epochs,
                *(s.epoch for s in self.turn.spells),
                *(m.epoch for m in self.turn.mana),
            ]
            if self.turn is not None
            else [0]
        )
        # the permanents each template's permanent stands for: itself, or its group of interchangeable ones
        self.members: dict[str, tuple[str, ...]] = defaultdict(tuple)
        for permanent in board.permanents:
            self.members[permanent.id] = (permanent.id,)
        for template in self.templates:
            self.members[template.pid] = template.sources
        problem.check_time()
        self.static_edges = self._static_edges()
        self.cycles = self._cycles()
        alone = self.turn is None and problem.keep is None and not problem.hand
        if merge and alone and not self.static_edges and not self.cycles and not self.dynamics.families:
            merged = _merged_twins(board, self.templates)
            if len(merged) < len(self.templates):
                self.relaxed = True
                self.templates = merged
                self.template_epochs = (0,) * len(merged)
                for template in merged:
                    self.members[template.pid] = template.sources
        self.producer = self._producers()
        problem.check_time()
        self.pool = problem.pool
        self.model = cp_model.CpModel()
        self.hand_cards = _HandCards(self)
        self._zero: dict[str, cp_model.IntVar] = {}
        self.x: cp_model.IntVar | None = None
        x_value: Expr = problem.x or 0
        if target.cost.has_variable and problem.x is None:
            upper = sum(t.outcome.total * t.bound for t in self.templates) + len(self.pool)
            upper += self.hand_cards.most
            upper -= problem.x_reduction
            upper += alternative_most(problem)
            upper = min(upper, MAX_GENERIC)  # (the limit on X, reached only by an open ability's mana)
            self.x = self.model.new_int_var(0, upper, "x")
            count = sum(target.cost.variables.values())
            x_value = count * self.x
            if problem.x_reduction:
                # what a reduction leaves over comes off X's generic mana, never below 0 (CR 601.2f, 118.7a)
                reduced = self.model.new_int_var(0, count * upper, "x_generic")
                self.model.add_max_equality(reduced, [0, count * self.x + problem.x_reduction])
                x_value = reduced
        self.alternatives = _AlternativeVars(self)
        self.main = _Layer(self, "pay", target, self.pool, None, x_value, self.alternatives.fill)
        self.main.damage = self.main.damage + self.alternatives.damage
        self.alternatives.limit(self)
        problem.check_time()
        # costs that should stay payable afterwards, from what this payment leaves alone (its pool is gone by
        # then, CR 500.4)
        self.keep_ok: cp_model.IntVar | None = None
        self.keep_layer: _Layer | None = None
        #: 'colors lost''s reading of the board and what each of its units leaves untouched (its
        #: objective's literals only bound it: :meth:`_lost_colors`), once the objective is built
        self.colors_left: tuple[KeepBoard, list[Expr]] | None = None
        if problem.keep is not None:
            self.keep_ok = self.model.new_bool_var("keep_satisfied")
            self.keep_layer = _Layer(self, "keep", problem.keep, (), self.keep_ok, 0, epoch=self.last_epoch)
            problem.check_time()
        self.hand_ok: list[cp_model.IntVar] = []
        self.hand_layers: list[_Layer] = []
        for number, card in enumerate(problem.hand):
            castable = self.model.new_bool_var(f"hand_{number}_castable")
            self.hand_ok.append(castable)
            self.hand_layers.append(_Layer(self, f"hand{number}", card, (), castable, 0))
            problem.check_time()
        self._shared_resources()
        self.hand_cards.share(self.main, [*([self.keep_layer] if self.keep_layer else []), *self.hand_layers])
        problem.check_time()

    def _static_edges(self) -> list[tuple[int, int]]:
        """Pairs of templates that must come in this order when both are used: what uses a permanent (its
        own activations, and those that tap it for their cost) before it is sacrificed, counting activations
        before what sacrifices something they count, and reflecting ones before what sacrifices something
        they reflect."""
        templates = self.templates
        sacrificers = [t for t in templates if t.gone]
        using: dict[str, list[Activation]] = defaultdict(list)
        for template in templates:
            for pid in (template.pid, *template.tapped):
                using[pid].append(template)
        edges: list[tuple[int, int]] = []
        for sacrificer in sacrificers:
            self.problem.check_time()
            for victim in sacrificer.gone:
                # every other activation of a permanent, and every one that taps it for its cost
                # (Springleaf Drum tapping a creature that Ashnod's Altar then sacrifices: a tapped creature
                # can be sacrificed, a sacrificed one can't be tapped, CR 602.2b), comes before what
                # sacrifices it, its own self-sacrifice included (an Eldrazi Scion tapped through Cryptolith
                # Rite, then sacrificed); an ability that sacrifices its own source as its cost (Krark-Clan
                # Ironworks sacrificing itself: CR 602.2b pays the cost as it is activated) comes before
                # nothing for that
                edges += [(t.index, sacrificer.index) for t in using[victim] if t.index != sacrificer.index]
        for counting in templates:
            counted = self._counted(counting)
            judged = self._judged(counting)
            if not counted and not judged:
                continue
            self.problem.check_time()
            for sacrificer in sacrificers:
                if sacrificer.index == counting.index:
                    continue
                gone = sacrificer.gone
                if any(self._counts(count, pid) for count in counted for pid in gone) or any(
                    self.view.matches(wanted, pid, counting.pid) for wanted in judged for pid in gone
                ):
                    edges.append((counting.index, sacrificer.index))
        edges += self._effect_edges()
        edges += self.dynamics.edges
        edges += self._hand_edges() + self._return_edges()
        # a reflecting source (Reflecting Pool) before what sacrifices a permanent it reflects: its outcomes
        # are worked out with that permanent still there (CR 106.7)
        for reflecting in templates:
            reflected = self._reflected(reflecting)
            if not reflected:
                continue
            self.problem.check_time()
            for sacrificer in sacrificers:
                if sacrificer.index != reflecting.index and any(
                    self.view.matches(wanted, gone, whose)
                    for wanted, whose in reflected
                    for gone in sacrificer.gone
                ):
                    edges.append((reflecting.index, sacrificer.index))
        return edges

    def _hand_edges(self) -> list[tuple[int, int]]:
        """'Discard your hand' after what takes chosen cards from the hand (they are chosen from what is
        there), and before what returns a permanent to the hand: a plan discards only the cards the hand held
        before the payment, and never a card a cost returned to it (CR 601.2h orders the costs; see
        docs/rules.md)."""
        templates = self.templates
        discarding = [t.index for t in templates if discards_hand(t.ability)]
        if not discarding:
            return []
        choosing = [t.index for t in templates if t.choices.cards and not discards_hand(t.ability)]
        returning = [t.index for t in templates if t.choices.returned]
        return [(a, d) for d in discarding for a in choosing] + [
            (d, r) for d in discarding for r in returning
        ]

    def _return_edges(self) -> list[tuple[int, int]]:
        """What takes a card from the hand that a cost returns to it (:attr:`Activation.after_return`) after
        that cost."""
        templates = self.templates
        return [
            (returner.index, taker.index)
            for taker in templates
            if taker.after_return
            for returner in templates
            if taker.after_return in returner.choices.returned
        ]

    def _counted(self, template: Activation) -> list[_Counted]:
        """The amounts counted on the board that the template's mana depends on: its own ('{B} for each
        Swamp you control'; devotion to the color it makes, Nykthos: CR 700.5), and (Squandered Resources)
        those of the permanents it sacrifices, which could produce their mana only while their count is not
        0 (CR 106.7)."""
        ability = template.ability
        outcome = template.outcome
        found = [_Counted(ability.output.amount, template.pid, outcome.devotion or outcome.types)]
        if any(
            output.palette.kind is PaletteKind.REFLECT_SACRIFICED
            for output in (ability.output, *(o for _, o in ability.conditional))
        ):
            for victim in template.sacrificed:
                found += [
                    _Counted(a.output.amount, victim, ALL_COLORS) for a in self.view.mana_abilities(victim)
                ]
        return [
            counted
            for counted in found
            if counted.amount.kind is AmountKind.DEVOTION
            or (counted.amount.kind is AmountKind.COUNT and counted.amount.filter is not None)
        ]

    @staticmethod
    def _judged(template: Activation) -> list[ObjectFilter]:
        """The filters of the permanents the conditions of the template's ability count: whether it can be
        activated (Mox Opal's 'three or more artifacts') and which output it makes (Urza's Tower), judged
        when it is activated and resolves (CR 602.5b, 608.2h), so before the payment sacrifices them."""
        ability = template.ability
        conditions = [ability.activation_condition, *(condition for condition, _ in ability.conditional)]
        return [wanted for c in conditions if c is not None for wanted in c.counted_filters]

    def _counts(self, counted: _Counted, gone: str) -> bool:
        """True when sacrificing ``gone`` changes a counted amount: it matches the count's filter, or it has
        mana symbols of the devotion's colors."""
        amount = counted.amount
        if amount.kind is AmountKind.DEVOTION:
            owner = self.view.permanent(counted.whose).controller
            colors = amount.colors or counted.colors
            return self.view.permanent(gone).controller == owner and self.view.devotion_of(gone, colors) > 0
        assert amount.filter is not None
        return self.view.matches(amount.filter, gone, counted.whose)

    def _effect_edges(self) -> list[tuple[int, int]]:
        """Activations before what sacrifices a permanent whose effect they rely on: a template's ability
        or outcome that the board without the sacrificed permanents no longer has (Dryad of the Ilysian
        Grove's land types, Nyxbloom Ancient's tripling: CR 611.3a, an effect of a static ability stops when
        its permanent leaves) comes before the sacrifice."""
        templates = self.templates
        sources = {sourced.source for sourced in self.view.effects}
        edges: list[tuple[int, int]] = []
        after: dict[tuple[str, ...], tuple[BoardView, dict[str, ManaTypes]]] = {}
        for sacrificer in templates:
            gone = tuple(sorted(set(sacrificer.gone)))
            if not sources.intersection(gone):
                continue
            if gone not in after:
                board = self.board
                for pid in gone:
                    board = board.without_permanent(pid)
                after[gone] = (view_of(board), could_produce_of(board))
            view, reflect = after[gone]
            self.problem.check_time()
            for template in templates:
                if template.index == sacrificer.index or template.pid in gone:
                    continue  # (a permanent's own activations come before it goes anyway)
                if not set(template.removed).isdisjoint(gone):
                    continue  # (it takes off a permanent the sacrificer takes too: never both in one plan)
                abilities = view.mana_abilities(template.pid)
                number = template.ability_index
                if (
                    number >= len(abilities)
                    or abilities[number] != template.ability
                    or template.outcome
                    not in activation_outcomes(
                        view,
                        template.pid,
                        template.ability,
                        reflect,
                        sacrificed=template.sacrificed,
                        counted=template.counted,
                    )
                ):
                    edges.append((template.index, sacrificer.index))
        return edges

    def _cycles(self) -> dict[str, _Cycle]:
        """The permanents with a {Q} ability among the templates: what taps and untaps each (see
        :class:`_Cycle`)."""
        cycles: dict[str, _Cycle] = {}
        for template in self.templates:
            if template.ability.cost.untap:
                permanent = self.board.permanent(template.pid)
                cycles.setdefault(template.pid, _Cycle(permanent.tapped)).untaps.append(template.index)
        for template in self.templates:
            tapping = {template.pid} if template.ability.cost.tap else set()
            for pid in tapping | set(template.tapped):
                if pid in cycles:
                    cycles[pid].taps.append(template.index)
        return cycles

    def _reflected(self, template: Activation) -> list[tuple[ObjectFilter, str]]:
        """The permanents the template's mana types are read from, as filters with the permanent they are
        written on: its own palette's that reflects them (CR 106.7) or takes the colors among them (Bloom
        Tender), or (Squandered Resources) those of the permanents it sacrifices."""
        ability = template.ability
        found: list[tuple[ObjectFilter, str]] = []
        for output in (ability.output, *(o for _, o in ability.conditional)):
            if output.palette.kind in _AMONG:
                found += [(wanted, template.pid) for wanted in output.palette.among]
            elif output.palette.kind is PaletteKind.REFLECT_SACRIFICED:
                for victim in template.sacrificed:
                    for other in self.view.mana_abilities(victim):
                        for made in (other.output, *(o for _, o in other.conditional)):
                            if made.palette.kind in _AMONG:
                                found += [(wanted, victim) for wanted in made.palette.among]
        return found

    def _producers(self) -> list[int]:
        """Each template's producer key: the node its mana is told apart by, or -1 when it need not be.

        A template needs its mana tracked (and a place in the order) only when something may have to come
        before it: it has a mana cost, or a static edge leads to it from such a template or from a cycle of
        static edges. The others form an acyclic graph that nothing outside leads into, so they can all go
        first, in its order (``self.depth``), and their mana (a Treasure's, Squandered Resources' for a
        basic land) joins the untracked classes without changing any answer. The outcomes of one {T}
        ability (a filter land's) are one node: the {T} lets at most one of them happen in a layer, so they
        share a producer key, a consumer and a position, which keeps the model's size linear in them.
        """
        templates = self.templates
        after: dict[int, list[int]] = defaultdict(list)
        for a, b in self.static_edges:
            after[a].append(b)
        cyclic = {i for i in after if i in _reachable(after, after[i])}
        # (what taps and untaps a permanent in turn is ordered too: see _Layer._tap_cycles)
        cycling = [i for cycle in self.cycles.values() if cycle.taps for i in (*cycle.taps, *cycle.untaps)]
        counting = [i for family in self.dynamics.families for i, _ in family.variants]
        changing = [i for family in self.dynamics.families for i in family.changers]
        tracked = _reachable(
            after,
            [t.index for t in templates if t.costs_mana]
            + sorted(cyclic)
            + sorted(cycling)
            + counting
            + changing,
        )
        # the untracked templates' order: each after everything with an edge to it
        self.depth: dict[int, int] = {}
        waiting = {t.index: 0 for t in templates if t.index not in tracked}
        for _, b in self.static_edges:
            if b not in tracked:
                waiting[b] += 1
        ready = [i for i, count in waiting.items() if count == 0]
        for i in ready:  # (grows while it is read)
            for b in after[i]:
                if b in tracked:
                    continue
                self.depth[b] = max(self.depth.get(b, 0), self.depth.get(i, 0) + 1)
                waiting[b] -= 1
                if waiting[b] == 0:
                    ready.append(b)
        nodes: dict[tuple[str, int, tuple[str, ...], tuple[str, ...], int], int] = {}
        # (an untracked template's mana is told apart only by the epoch it is made in: key -1 - epoch)
        producer = [-1 - self.template_epochs[t.index] for t in templates]
        # (a family's variants are one activation at most: one node, as a {T} ability's outcomes are)
        counted = set(counting)
        for template in templates:
            if template.index in tracked:
                producer[template.index] = template.index
                if (template.ability.cost.tap or template.index in counted) and not template.members:
                    epoch = self.template_epochs[template.index]
                    key = (template.pid, template.ability_index, template.sacrificed, template.tapped, epoch)
                    producer[template.index] = nodes.setdefault(key, template.index)
        return producer

    def _twins(self) -> list[list[str]]:
        """Runs of the player's permanents the model can't tell apart but by id (see :func:`_twin_runs`)."""
        return _twin_runs(self.board, self.templates, self.members, lambda t: self.producer[t.index] >= 0)

    def epoch_of(self, producer: int) -> int:
        """The epoch mana of a producer key is made in: an untracked key -1 - e stands for epoch e."""
        return -1 - producer if producer < 0 else self.template_epochs[producer]

    def rules_in(self, epoch: int) -> SpendRules:
        """The spending rules in force in an epoch of the turn (the payment's own outside a turn)."""
        if self.turn is None or not self.turn.rules:
            return self.rules
        return self.turn.rules[min(epoch, len(self.turn.rules) - 1)]

    def removes(self, pid: str, layer: _Layer) -> cp_model.IntVar:
        """A literal true when the layer's activations take the permanent off the battlefield, or, for a
        later layer (keep, hand), those of the payment before it (made once per layer)."""
        key = f"{layer.name}_removes_{pid}"
        if key not in self._zero:
            layers = [layer] if layer.main else [self.main, layer]
            used = [
                self.is_zero(each.use[t.index]).negated()
                for each in layers
                for t in self.templates
                if pid in t.gone
            ]
            self._zero[key] = flag = self.model.new_bool_var(key)
            for literal in used:
                self.model.add_implication(literal, flag)
            self.model.add_bool_or(used).only_enforce_if(flag)
        return self._zero[key]

    def only_where(
        self,
        var: cp_model.IntVar,
        layer: _Layer,
        after: AfterRemovals[_Read],
        ok: Callable[[_Read], bool],
        *,
        last: bool,
    ) -> None:
        """``var`` is 0 on each board the layer may leave where ``ok`` fails on what ``after`` reads there:
        read at the layer's end (``last``: its target, convoke), on the board its removals leave; read
        during it (an ability's cost), at 0 once it removed anything whose removal may change it."""
        model = self.model
        removed = {pid: self.removes(pid, layer) for pid in after.removable}
        if last and after.exhaustive:
            for these, found in after.found.items():
                if not ok(found):
                    when = [removed[p] if p in these else removed[p].negated() for p in after.removable]
                    model.add(var == 0).only_enforce_if(when)
            return
        if not ok(after.now):
            model.add(var == 0)
        if not after.exhaustive or not all(ok(found) for found in after.found.values()):
            for literal in removed.values():
                model.add(var == 0).only_enforce_if(literal)

    def is_zero(self, variable: cp_model.IntVar) -> cp_model.IntVar:
        """A literal true exactly when the variable is 0 (made once per variable)."""
        name = variable.name
        if name not in self._zero:
            flag = self.model.new_bool_var(f"{name}_is_zero")
            self.model.add(variable == 0).only_enforce_if(flag)
            self.model.add(variable >= 1).only_enforce_if(flag.negated())
            self._zero[name] = flag
        return self._zero[name]

    def tap_damage(self, use: Sequence[cp_model.IntVar]) -> Expr:
        """Damage from triggers on tapping (City of Brass, Manabarbs: :meth:`BoardView.tap_damage`) for what
        the activations tap: their own permanent, tapped for mana, and the others their costs tap."""
        parts: list[Expr] = []
        view = self.view
        for template in self.templates:
            hurt = sum(view.tap_damage(pid, for_mana=False) for pid in template.tapped)
            if template.ability.cost.tap:
                hurt += view.tap_damage(template.pid, for_mana=template.ability.taps_for_mana)
            if hurt:
                parts.append(hurt * use[template.index])
        return _total(parts)

    def _shared_resources(self) -> None:
        """Each permanent is tapped at most once, untapped at most once and sacrificed at most once, its
        counters are removed at most as often as it has them, and an ability that can be activated only once
        each turn is activated once at most (whichever outcome, cost choice or epoch); a later layer (keep,
        hand) shares these limits with the payment and can't use what the payment sacrificed."""
        model = self.model
        gone_now: dict[str, list[cp_model.IntVar]] = defaultdict(list)
        for template in self.templates:
            for pid in template.gone:
                gone_now[pid].append(self.main.use[template.index])
        for later in [self.main, *([self.keep_layer] if self.keep_layer else []), *self.hand_layers]:
            layers = [self.main] if later is self.main else [self.main, later]
            taps: dict[str, list[cp_model.IntVar]] = defaultdict(list)
            untaps: dict[str, list[cp_model.IntVar]] = defaultdict(list)
            sacrifices: dict[str, list[cp_model.IntVar]] = defaultdict(list)
            counters: dict[str, list[Expr]] = defaultdict(list)
            once: dict[tuple[str, int], list[cp_model.IntVar]] = defaultdict(list)
            for layer in layers:
                for template in self.templates:
                    use = layer.use[template.index]
                    cost = template.ability.cost
                    if template.ability.once_each_turn:
                        once[(template.pid, template.ability_index)].append(use)
                    if cost.tap:
                        taps[template.pid].append(use)
                    if cost.untap:
                        untaps[template.pid].append(use)
                    for pid in template.gone:
                        sacrifices[pid].append(use)
                    for pid in template.tapped:
                        taps[pid].append(use)
                    for pid in template.choices.untapped:  # (an opponent's land: untapped once at most)
                        untaps[pid].append(use)
                    if cost.remove_counter:
                        counters[template.pid].append(cost.remove_count * use)
            for pid, tapping in self.alternatives.taps.items():
                taps[pid].append(tapping)
            for group in (taps, untaps, sacrifices):
                for pid, variables in group.items():
                    if group is not sacrifices and pid in self.cycles:
                        continue  # (below)
                    model.add(sum(variables) <= len(self.members[pid]))
            self._cycle_counts(later, taps, untaps)
            for (pid, _), uses in once.items():
                model.add(sum(uses) <= len(self.members[pid]))
            for pid, removed in counters.items():
                name = next(
                    t.ability.cost.remove_counter
                    for t in self.templates
                    if t.pid == pid and t.ability.cost.remove_counter
                )
                model.add(sum(removed) <= self.board.permanent(pid).counter(name))
            self._spent_by_parts(layers)
            if later is self.main:
                continue
            for template in self.templates:
                for pid in (template.pid, *template.tapped, *template.removed, *template.choices.untapped):
                    if gone_now.get(pid):
                        # what the payment sacrificed is not there for the later payment
                        model.add(later.use[template.index] == 0).only_enforce_if(
                            [self.is_zero(v).negated() for v in gone_now[pid]][:1]
                        ) if len(gone_now[pid]) == 1 else model.add(
                            later.use[template.index] + sum(gone_now[pid]) * template.bound <= template.bound
                        )

    def _spent_by_parts(self, layers: Sequence[_Layer]) -> None:
        """What the cost parts of the layers' activations take together stays within what the player has
        (:mod:`planner.rules.costs`): energy, and the cards of each name in the hand (those Elvish Spirit
        Guide's kind exiles for its mana included); once the payment discards its hand, a later layer takes
        no card from it."""
        model = self.model
        player = self.board.player(self.player)
        parted = [t for t in self.templates if t.ability.cost.parts]  # (what the others take: no part)
        energy = [energy_paid(t.ability) * layer.use[t.index] for layer in layers for t in parted]
        if any(not isinstance(e, int) for e in energy):
            model.add(_total(energy) <= player.counter("energy"))
        held = Counter(card.name for card in player.hand)
        taking: dict[str, list[Expr]] = defaultdict(list)
        # (a card a cost returns to the hand is there once that cost is paid, and only then)
        returned: dict[str, tuple[list[Expr], list[Expr]]] = defaultdict(lambda: ([], []))
        for layer in layers:
            for template in parted:
                use = layer.use[template.index]
                if template.after_return:
                    returned[template.after_return][1].append(len(template.choices.cards) * use)
                    continue
                for name, count in Counter(template.choices.cards).items():
                    taking[name].append(count * use)
                for pid in template.choices.returned:
                    returned[pid][0].append(use)
            for hand, use in zip(self.hand_cards.abilities, layer.hand_use, strict=True):
                taking[hand.card.name].append(use)
        for name, uses in taking.items():
            if any(not isinstance(u, int) for u in uses):
                model.add(_total(uses) <= held[name])
        for back, taken in returned.values():
            if taken:
                model.add(_total(taken) <= _total(back))
        if len(layers) > 1 and held:
            later = layers[-1]
            later_uses = [later.use[t.index] * len(t.choices.cards) for t in parted if t.choices.cards]
            later_uses += list(later.hand_use)
            if later_uses:
                model.add(_total(later_uses) == 0).only_enforce_if(self.discarding(self.main))

    def discarding(self, layer: _Layer) -> cp_model.IntVar:
        """A literal true when the layer discards its hand (some 'Discard your hand' is used: made once)."""
        key = f"{layer.name}_discards_hand"
        if key not in self._zero:
            flag = self.model.new_bool_var(key)
            used = [
                self.is_zero(layer.use[t.index]).negated() for t in self.templates if discards_hand(t.ability)
            ]
            for literal in used:
                self.model.add_implication(literal, flag)
            self.model.add_bool_or(used).only_enforce_if(flag)
            self._zero[key] = flag
        return self._zero[key]

    def cards_lost(self, layer: _Layer) -> Expr:
        """How many cards the layer takes from the hand: exiled for their mana (Elvish Spirit Guide), chosen
        by a cost (discarded, exiled), and once it discards its hand every card left there."""
        chosen = [self.hand_cards.exiled(layer)]
        chosen += [len(t.choices.cards) * layer.use[t.index] for t in self.templates if t.choices.cards]
        taken = _total(chosen)
        held = len(self.board.player(self.player).hand)
        if not held or not any(discards_hand(t.ability) for t in self.templates):
            return taken
        discarding = self.discarding(layer)
        rest = self.model.new_int_var(0, held, f"{layer.name}_hand_discarded")
        self.model.add(rest == held - taken).only_enforce_if(discarding)
        self.model.add(rest == 0).only_enforce_if(discarding.negated())
        return taken + rest

    def _cycle_counts(
        self, later: _Layer, taps: dict[str, list[cp_model.IntVar]], untaps: dict[str, list[cp_model.IntVar]]
    ) -> None:
        """How often a permanent with a {Q} ability is tapped and untapped (the order: _Layer._tap_cycles):
        in the payment, at most one {Q}, each after a tap when it starts untapped (and one more tap after
        it), each before a tap when it starts tapped; a later layer (keep, hand) does one of the two at most,
        in the state the payment left it in."""
        model = self.model
        for pid, cycle in self.cycles.items():
            tapped = 1 if cycle.tapped else 0
            main_taps = _total([self.main.use[i] for i in cycle.taps])
            main_untaps = _total([self.main.use[i] for i in cycle.untaps])
            alternative = self.alternatives.taps.get(pid, 0)
            if later is self.main:
                model.add(main_untaps <= 1)
                model.add(main_taps <= 1 + main_untaps - tapped)
                model.add(main_untaps <= main_taps + tapped)
                # (convoke and improvise tap it once the mana abilities are done: it is untapped then)
                model.add(tapped + main_taps - main_untaps + alternative <= 1)
                continue
            # (taps and untaps hold the payment's and this layer's together)
            later_taps = _total(taps.get(pid, [])) - main_taps - alternative
            later_untaps = _total(untaps.get(pid, [])) - main_untaps
            left_tapped = tapped + main_taps - main_untaps + alternative
            model.add(later_taps + later_untaps <= 1)
            model.add(later_taps <= 1 - left_tapped)
            model.add(later_untaps <= left_tapped)

    # ---------------------------------------------------------------------------------------------- objective

    def objective_terms(self) -> list[tuple[str, Expr, int]]:
        """The lexicographic objective, most important first: (name, expression to minimise, bound)."""
        main = self.main
        model = self.model
        touching: dict[str, list[cp_model.IntVar]] = defaultdict(list)
        for template in self.templates:
            for pid in (template.pid, *template.tapped, *template.removed, *template.choices.untapped):
                touching[pid].append(main.use[template.index])
        for pid, tapping in self.alternatives.taps.items():
            touching[pid].append(tapping)
        # used[p]: how many of the permanents p stands for the payment touches (a group of interchangeable
        # ones counts its taps; any other permanent is a flag tied to its activations both ways)
        used: dict[str, Expr] = {}
        for pid, variables in touching.items():
            if len(self.members[pid]) > 1:
                used[pid] = _total(variables)
                continue
            flag = model.new_bool_var(f"used_{pid}")
            for variable in variables:
                model.add_implication(self.is_zero(variable).negated(), flag)
            model.add_bool_or([self.is_zero(v).negated() for v in variables]).only_enforce_if(flag)
            used[pid] = flag
        # of twins (see _twins), the payment uses the lower ids first: swapping two twins changes nothing but
        # the tie-break, so every optimal plan already does, and the solver need not prove it pair by pair
        for twins in self._twins():
            for first, second in itertools.pairwise(twins):
                model.add(used[second] <= used[first])
        count = {pid: len(self.members[pid]) for pid in used}
        mana_bound = sum(t.outcome.total * t.bound for t in self.templates) + len(self.pool) + 1
        mana_bound += alternative_most(self.problem) + self.hand_cards.most
        terms: list[tuple[str, Expr, int]] = []
        if self.x is not None:
            upper = mana_bound
            terms.append(("x", upper - self.x, upper + 1))
        if self.keep_ok is not None:
            terms.append(("keep", 1 - self.keep_ok, 2))
        if self.hand_ok:
            terms.append(("hand", len(self.hand_ok) - sum(self.hand_ok), len(self.hand_ok) + 1))
        spell_symbols = 0
        if self.turn is not None:
            # a turn casts the greatest total mana value, then uses up the fewest cards (contract section 7)
            values = [spell.mana_value for spell in self.turn.spells]
            most = sum(values)
            cast_value = _total([value * cast for value, cast in zip(values, main.cast, strict=True)])
            terms.append(("mana_value", most - cast_value, most + 1))
            terms.append(("cards", _total(main.cast), len(main.cast) + 1))
            spell_symbols = sum(len(spell.target.cost.symbols) for spell in self.turn.spells)
            mana_bound += sum(p.total for event in self.turn.mana for p in event.packets)
        life_bound = (
            self.board.player(self.player).life
            + 4 * (len(self.templates) + len(main.target.cost.symbols) + spell_symbols)
            + 2
        )
        sacrificed_parts: dict[str, list[Expr]] = defaultdict(list)
        for template in self.templates:
            for gone in template.gone:
                sacrificed_parts[gone].append(main.use[template.index])
        sacrificed = {pid: _total(parts) for pid, parts in sacrificed_parts.items()}
        designed = {pid for pid in sacrificed if sacrificed_by_design(self.view, pid)}
        facts = permanent_facts(self.problem.analysis, self.problem.prefer)
        hurt = main.life_paid + main.damage
        life_value = self.problem.life_value
        # a card taken from the hand (exiled for its mana, Elvish Spirit Guide; discarded; exiled for a cost)
        # first: it is a card lost (a card a cost returns to the hand too: the hand's size is no bound)
        lost = self.cards_lost(main)
        terms.append(("hand_cards_lost", lost, self._most(lost) + 1))
        if life_value is None:
            terms.append(("life_and_damage", hurt, life_bound + 200))
        else:
            # (objective.life_weighed: life at the player's value, against the mana sacrificed by design)
            designed_mana = _total([facts[pid].most * sacrificed[pid] for pid in sorted(designed)])
            most = sum(facts[pid].most * len(self.members[pid]) for pid in designed)
            terms.append(
                (
                    "life_and_damage",
                    life_value * hurt + designed_mana,
                    life_value * (life_bound + 200) + most + 1,
                )
            )
        # energy counters paid ({E}: Aether Hub), a resource of the player's like life
        energy = [
            energy_paid(t.ability) * main.use[t.index] for t in self.templates if energy_paid(t.ability)
        ]
        terms.append(("energy_paid", _total(energy), self.board.player(self.player).counter("energy") + 1))
        # each bound below is one more than the level's largest value, no looser: stages hold more levels
        # (a permanent is sacrificed at most once, and used[p] never exceeds the permanents p stands for)
        for name, kind in (("valuable_sacrificed", False), ("designed_sacrificed", True)):
            chosen = [pid for pid in sacrificed if (pid in designed) == kind]
            most_gone = sum(len(self.members[pid]) for pid in chosen) + 1
            terms.append((name, _total([sacrificed[pid] for pid in chosen]), most_gone))
        # an opponent's land untapped for a cost is mana given to them
        untapping = [
            len(t.choices.untapped) * main.use[t.index] for t in self.templates if t.choices.untapped
        ]
        most_untapped = len({pid for t in self.templates for pid in t.choices.untapped}) + 1
        terms.append(("opponent_lands_untapped", _total(untapping), most_untapped))
        waste = sum(e for group, e in main.floating.items() if not group[0].persists)
        terms.append(("mana_floating", waste, mana_bound))
        if self.keep_layer is not None:
            # a kept cost is reported satisfied by the plan that leaves it payable at the least life and
            # damage among the equally good payments (it is the next payment's cost)
            keep = self.keep_layer
            terms.append(("keep_life_and_damage", keep.life_paid + keep.damage, life_bound + 200))
        # keep options open: the colors still available from what stays (colorless is not a color), then
        # mana, lands before creatures, single-color sources before flexible ones, and a tie-break by id
        lost_colors = self._lost_colors(count, used)
        terms.append(("colors_lost", _total(lost_colors), len(lost_colors) + 1))
        for level in TOUCHED_LEVELS:
            parts: list[Expr] = []
            bound = 1
            for pid, amount in used.items():
                members = self.members[pid]
                values = [level.value(facts[member]) for member in members]
                bound += sum(values)
                if len(set(values)) == 1:
                    parts.append(values[0] * amount)
                    continue
                # a group taps its lowest ids first: the sum of its first k members' values, for k used
                prefix = [sum(values[:k]) for k in range(len(members) + 1)]
                index = model.new_int_var(0, len(members), f"group_{pid}_used_{level.name}")
                model.add(index == amount)
                share = model.new_int_var(min(prefix), max(prefix), f"group_{pid}_{level.name}")
                model.add_element(index, prefix, share)
                parts.append(share)
            terms.append((level.name, _total(parts), bound))
        exiled_level, convoked_level = FINAL_LEVELS
        terms.append((exiled_level, self.alternatives.exiled, self.alternatives.most_exiled + 1))
        mana_makers = {m for t in self.templates for m in t.sources}
        convoking = [
            var
            for (pid, kind, _), var in self.alternatives.paying.items()
            if kind is AlternativeKind.CONVOKE and pid in mana_makers
        ]
        terms.append((convoked_level, _total(convoking), len(mana_makers) + 1))
        # a level can't exceed what its variables' domains allow either (life and damage, say, are bounded
        # by the few activations that cost life or deal damage): the smaller bound packs more levels per stage
        return [
            (name, expression, min(bound, self._most(expression) + 1)) for name, expression, bound in terms
        ]

    def _lost_colors(self, count: dict[str, int], used: dict[str, Expr]) -> list[Expr]:
        """Criterion 9.1, one 0-1 expression per color that stays open on the untouched board: 1 when no
        untouched source keeps it open (:func:`planner.solve.objective.color_keepers`; ``count[p] - used[p]``
        of the permanents ``p`` stands for are untouched).

        Each expression is only bounded from below (a color counts as kept only when some way keeps it):
        the objective minimises it, so a stage that holds this level has it exact at its optimum, and the
        other solutions' counts are worked out from what stays untouched (:meth:`_solution`). On a board
        of 1,000 permanents this took the first stage of ``max_x`` from 7 s to about 1 s; the exact
        equivalences (a literal true exactly when the untouched members suffice) weakened its LP."""
        model = self.model
        keeping = color_keeping(self.view, self.reflect, self.templates)
        left = [count[pid] - used[pid] for pid in keeping.pids]
        self.colors_left = (keeping, left)
        conditions: dict[tuple[tuple[int, ...], int], cp_model.IntVar] = {}

        def at_least(units: Sequence[int], n: int) -> cp_model.IntVar:
            """A literal true only when the units' untouched members are ``n`` or more."""
            key = (tuple(sorted(units)), n)
            if key not in conditions:
                literal = model.new_bool_var(f"left_{len(conditions)}_at_least_{n}")
                total = _total([left[u] for u in key[0]])
                model.add(total >= n).only_enforce_if(literal)
                conditions[key] = literal
            return conditions[key]

        lost_colors: list[Expr] = []
        for color, ways in enumerate(keeping.keepers):
            if not ways:
                continue
            letter = TYPE_ORDER[color].letter
            free = [way.unit for way in ways if not way.needs]
            costed = [way for way in ways if way.needs]
            if not costed:
                lost = model.new_bool_var(f"lost_{letter}")
                untouched = _total([left[u] for u in free])
                model.add(untouched >= 1).only_enforce_if(lost.negated())
                lost_colors.append(lost)
                continue
            # kept: some free source untouched, or a source that costs mana untouched with what pays it
            options = [at_least(free, 1)] if free else []
            for number, way in enumerate(costed):
                parts = [at_least([way.unit], 1)]
                parts += [at_least(sorted(units), n + (way.unit in units)) for units, n in way.needs]
                both = model.new_bool_var(f"keeps_{letter}_{number}")
                model.add_bool_and(parts).only_enforce_if(both)
                options.append(both)
            kept = model.new_bool_var(f"kept_{letter}")
            model.add_bool_or(options).only_enforce_if(kept)
            lost_colors.append(1 - kept)
        return lost_colors

    def _most(self, expression: Expr) -> int:
        """The largest value the expression takes over its variables' domains."""
        if isinstance(expression, int):
            return expression
        flat = cp_model_helper.FlatIntExpr(expression)
        most = int(flat.offset)
        for variable, coefficient in zip(flat.vars, flat.coeffs, strict=True):
            domain = self.model.proto.variables[variable.index].domain
            most += max(coefficient * domain[0], coefficient * domain[len(domain) - 1])
        return most

    # ---------------------------------------------------------------------------------------------- solving

    def solve(self) -> Solution:
        """Solve lexicographically: levels are packed into weighted stages whose weights stay small, and each
        stage's optimum is fixed before the next stage is solved. The time limit bounds all stages together;
        when it runs out after a plan was found, that plan is returned, marked as not proven optimal."""
        model = self.model
        terms = self.objective_terms()
        deadline = self.problem.deadline
        solver = cp_model.CpSolver()
        solver.parameters.num_workers = 1
        # full linearization: with it the LP proves "nothing wasted" at once, where the default LP, after
        # presolve rewrites the floating mana, can leave the bound below zero for seconds
        solver.parameters.linearization_level = 2
        solver.parameters.random_seed = 0
        # these models are small and solved in tens of milliseconds, where CP-SAT's presolve and inprocessing
        # cost more than they save: one presolve pass, no probing, no symmetry detection (the twins
        # constraints break the symmetry that matters) and no SAT inprocessing halve the median solve on
        # 40 to 160 permanents and on Cascading Cataracts (measured with /tmp helper scripts, seeds 4 to 7)
        solver.parameters.max_presolve_iterations = 1
        solver.parameters.cp_model_probing_level = 0
        solver.parameters.symmetry_level = 0
        solver.parameters.use_sat_inprocessing = False
        # branching on the LP's solution finds the plan that wastes nothing sooner than the default search,
        # which first wanders through plans that sacrifice Treasures or leave mana floating
        solver.parameters.search_branching = cp_model.LP_SEARCH
        # Assumptions weaken presolve, so the main solve fixes the target's slot literals instead; only an
        # infeasible payment turns them into assumptions, in this same model, to learn which slots clash.
        fixing = [model.add(literal == 1).index for literal in self.main.assumptions.values()]
        best: Solution | None = None
        for stage in _stages(terms):
            expressions: list[Expr] = []
            weights: list[int] = []
            weight = 1
            for _, expression, bound in reversed(stage):
                expressions.append(expression)
                weights.append(weight)
                weight *= bound
            # a weighted sum builds a new expression: '+=' could change the terms' own expressions in place
            objective = cp_model.LinearExpr.weighted_sum(expressions, weights)
            model.minimize(objective)
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                break  # the time limit bounds the whole question, building the model included
            solver.parameters.max_time_in_seconds = remaining
            status = solver.solve(model)
            if status == cp_model.MODEL_INVALID:
                raise PlannerError(f"internal: invalid CP-SAT model: {model.validate()}")
            if status == cp_model.INFEASIBLE and best is None:
                proved = solver.response_proto.deterministic_time
                core = self._core(fixing, proved, deadline, solver)
                return Solution(status=SolveStatus.INFEASIBLE, core=core)
            if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
                break  # out of time: keep the plan of the stages before, if any
            if status != cp_model.OPTIMAL and self.relaxed:
                break  # (a relaxed solution is a plan only once it is ordered: see _ordered)
            best = self._solution(solver, terms, plan=not self.relaxed)
            if status != cp_model.OPTIMAL:
                break
            # keep this stage's optimum while the next stages are optimised, starting from this solution
            # (the exact integer: objective_value is a double)
            model.add(objective == solver.value(objective))
            # (straight into the proto: a hint per variable through the Python API costs more than a solve)
            model.proto.clear_solution_hint()
            hint = model.proto.solution_hint
            hint.vars.extend(range(len(model.proto.variables)))
            hint.values.extend(solver.response_proto.solution)
        else:
            # every stage solved to optimality: the plan is optimal under the whole objective
            if best is not None and not self.relaxed:
                return replace(best, status=SolveStatus.OPTIMAL)
            if best is not None:
                ordered = self._ordered(solver, terms)
                if ordered is not None:
                    return ordered
        if self.relaxed:
            # (no plan of the relaxed model in time: the model of every twin answers in the time left)
            return _PaymentModel(self.problem, merge=False).solve()
        return best if best is not None else Solution(status=SolveStatus.UNKNOWN)

    def _ordered(self, solver: cp_model.CpSolver, terms: list[tuple[str, Expr, int]]) -> Solution | None:
        """The relaxed model's optimum as a plan, or None when there is none in time.

        The relaxed model merges twins (:func:`_merged_twins`) and leaves out the order of the activations
        that cost mana, so every plan is one of its solutions and its optimum is at least as good as the
        best plan's. With every level fixed at that optimum, the order comes back in: each node after the
        nodes whose mana pays its cost, a group's activations one after another (the first paid from outside
        the group). When such an order exists, the optimum is a plan, and the best one."""
        model = self.model
        model.proto.clear_objective()
        self.main._order()
        remaining = self.problem.deadline - time.monotonic()
        if remaining <= 0:
            return None
        solver.parameters.max_time_in_seconds = remaining
        if solver.solve(model) not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            return None
        try:
            return replace(self._solution(solver, terms), status=SolveStatus.OPTIMAL)
        except PlannerError:  # (a group's own mana not there in time for its next activation)
            return None

    def _solution(
        self, solver: cp_model.CpSolver, terms: list[tuple[str, Expr, int]], *, plan: bool = True
    ) -> Solution:
        """The plan and the objective's values in the solver's current solution (not yet proven best); only
        the values without ``plan``. The level 'x' is reported as X itself (the model minimises a bound less
        X, which says nothing to a reader, and the fast path, :func:`planner.solve.fast.solve_fast_max_x`,
        reports X)."""
        values = tuple((name, self._level_value(solver, name, expression)) for name, expression, _ in terms)
        if not plan:
            return Solution(status=SolveStatus.FEASIBLE, objective=values)
        if self.turn is not None:
            return Solution(
                status=SolveStatus.FEASIBLE,
                turn=self._extract_turn(solver),
                keep_satisfied=bool(solver.value(self.keep_ok)) if self.keep_ok is not None else None,
                objective=values,
            )
        return Solution(
            status=SolveStatus.FEASIBLE,
            plan=self._extract(solver),
            x=int(solver.value(self.x)) if self.x is not None else self.problem.x,
            keep_satisfied=bool(solver.value(self.keep_ok)) if self.keep_ok is not None else None,
            hand_castable=tuple(bool(solver.value(v)) for v in self.hand_ok),
            objective=values,
        )

    def _level_value(self, solver: cp_model.CpSolver, name: str, expression: Expr) -> int:
        """One level's value in the solver's current solution, as :meth:`_solution` reports it."""
        if name == "colors_lost":
            return self._exact_lost(solver)
        if name == "x" and self.x is not None:
            return int(solver.value(self.x))
        return int(solver.value(expression))

    def _exact_lost(self, solver: cp_model.CpSolver) -> int:
        """The colors the solver's current solution loses, from what it leaves untouched (the objective's
        literals only bound it: see :meth:`_lost_colors`)."""
        assert self.colors_left is not None
        keeping, left = self.colors_left
        return colors_lost(keeping.keepers, [int(solver.value(expression)) for expression in left])

    def _due(
        self,
        steps: list[Step],
        epochs: list[int],
        templates_of: list[int],
        made_by: dict[int, int],
        spent: dict[int, tuple[ManaUnit, ...]],
        casts: list[int],
    ) -> list[int]:
        """Which cast (its place in ``casts``) each step of a turn goes with: the first its mana reaches,
        directly or through the steps it paid for, but no later than the last cast of its own epoch (a later
        event may change what it makes); a step that must come before another never goes with a later cast
        than it (the mana it paid for, a permanent's activations before its sacrifice, the model's order of
        the tracked activations)."""
        assert self.turn is not None
        spells = self.turn.spells
        position = {number: i for i, number in enumerate(casts)}
        until = self.turn.until or tuple(self.last_epoch for _ in self.templates)
        due = [len(casts)] * len(steps)
        for number, paid in spent.items():
            for unit in paid:
                if id(unit) in made_by:
                    due[made_by[id(unit)]] = min(due[made_by[id(unit)]], position[number])
        for i, epoch in enumerate(epochs):
            if due[i] == len(casts):  # (mana left floating: with the first cast after it is made)
                later = next((p for p, n in enumerate(casts) if spells[n].epoch >= epoch), None)
                if later is None:
                    continue  # (made after the last cast, for none: no cast's plan takes it)
                due[i] = later
            latest = [p for p, n in enumerate(casts) if spells[n].epoch <= until[templates_of[i]]]
            if latest:
                due[i] = min(due[i], latest[-1])
        before: list[tuple[int, int]] = []  # (i, j): step i must come before step j
        for j, step in enumerate(steps):
            before += [(made_by[id(u)], j) for u in step.paid_with if id(u) in made_by]
        by_template: dict[int, list[int]] = defaultdict(list)
        for i, index in enumerate(templates_of):
            by_template[index].append(i)
        for a, b in self.static_edges:
            before += [(i, j) for i in by_template.get(a, ()) for j in by_template.get(b, ())]
        tracked = [i for i, index in enumerate(templates_of) if self.producer[index] >= 0]
        before += list(itertools.pairwise(tracked))
        changed = True
        while changed:
            changed = False
            for i, j in before:
                if due[i] > due[j]:
                    due[i] = due[j]
                    changed = True
        return due

    def _core(
        self, fixing: Sequence[int], proved: float, deadline: float, solver: cp_model.CpSolver
    ) -> tuple[Slot, ...]:
        """The target's slots that can't all be filled together: an infeasibility core over assumptions, from
        this same model with the constraints that fixed the slots (``fixing``) lifted, solved by the main
        solve's solver, with its parameters (with CP-SAT's defaults, the weaker LP takes up to a hundred times
        longer to find the core on boards with restricted mana or Cascading Cataracts).

        The search for it gets at most three times the work proving infeasibility took, plus a few
        milliseconds' worth, in CP-SAT's deterministic time (``proved``), so that the explanation is the same
        however busy the machine is; and never past the deadline. Without a core the explanation is the
        general one."""
        model = self.model
        for index in fixing:
            fixed = model.proto.constraints[index]  # 'literal == 1', a linear constraint
            fixed.clear_linear()
            fixed.clear_bool_and()
        model.proto.clear_objective()
        model.proto.clear_solution_hint()
        literals = self.main.assumptions
        model.add_assumptions(list(literals.values()))
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            return ()
        solver.parameters.max_time_in_seconds = remaining
        solver.parameters.max_deterministic_time = 3 * proved + _CORE_SLACK
        if solver.solve(model) != cp_model.INFEASIBLE:
            return ()
        names = {literal.index: label for label, literal in literals.items()}
        return tuple(names[i] for i in solver.sufficient_assumptions_for_infeasibility() if i in names)

    # ---------------------------------------------------------------------------------------------- the plan

    def _extract(self, solver: cp_model.CpSolver) -> Plan:
        """The plan in the solution: activations in a legal order, each with its mana, then the payment."""
        main = self.main
        extraction = _Extraction(self, solver)
        steps: list[Step] = self.hand_cards.steps(solver, main, extraction.produced)
        steps += [extraction.step(template) for template in extraction.ordered()]
        spent = self._take(solver, main.consumers[0], extraction.produced, extraction.reserved)
        life = int(solver.value(main.consumers[0].life))
        free = extraction.free
        for pid, members in self.alternatives.units.items():
            free.setdefault(pid, list(members))
        return Plan(tuple(steps), spent, life, self.alternatives.extract(solver, free))

    def _extract_turn(self, solver: cp_model.CpSolver) -> TurnSolution:
        """The turn in the solution, epoch by epoch: the events' mana, the activations of the epoch, then the
        spells cast in it; each activation goes with the first spell its mana (or what it paid for) pays,
        keeping the model's order, so every spell's steps are made just before it is cast."""
        assert self.turn is not None
        main = self.main
        extraction = _Extraction(self, solver)
        ordered = extraction.ordered()
        event_units: list[tuple[ManaUnit, ...]] = []
        for number, event in enumerate(self.turn.mana):
            units: list[ManaUnit] = []
            for k, packet in enumerate(event.packets):
                if len(packet.types) == 1:
                    (only,) = tuple(packet.types)
                    units += [ManaUnit(only, packet.tag)] * packet.total
                    continue
                for mana_type in packet.types:
                    picked = solver.value(main.event_choice[(number, k, mana_type)])
                    units += [ManaUnit(mana_type, packet.tag)] * (picked * packet.per_pick)
            event_units.append(tuple(units))
        spells = {c.spell: c for c in main.consumers if c.spell >= 0}
        casts = [n for n, cast in enumerate(main.cast) if solver.value(cast)]
        steps: list[Step] = []
        epochs: list[int] = []
        templates_of: list[int] = []
        made_by: dict[int, int] = {}  # id of a unit -> the step that made it
        spent: dict[int, tuple[ManaUnit, ...]] = {}
        life: dict[int, int] = {}
        for epoch in range(self.last_epoch + 1):
            for number, event in enumerate(self.turn.mana):
                if event.epoch == epoch:
                    for unit in event_units[number]:
                        extraction.produced[(unit.type, _spending(unit.tag), -1 - epoch)].append(unit)
            for template in ordered:
                if self.template_epochs[template.index] != epoch:
                    continue
                steps.append(extraction.step(template))
                epochs.append(epoch)
                templates_of.append(template.index)
                for unit in extraction.made:
                    made_by[id(unit)] = len(steps) - 1
            for number in casts:
                if self.turn.spells[number].epoch == epoch:
                    consumer = spells[number]
                    spent[number] = self._take(solver, consumer, extraction.produced, extraction.reserved)
                    life[number] = int(solver.value(consumer.life))
        due = self._due(steps, epochs, templates_of, made_by, spent, casts)
        by_due = sorted(range(len(steps)), key=lambda i: (due[i], i))
        plans = tuple(
            Plan(
                tuple(steps[i] for i in by_due if due[i] == p),
                spent[number],
                life[number],
            )
            for p, number in enumerate(casts)
        )
        held: list[str] = []
        if self.keep_layer is not None and self.keep_ok is not None and solver.value(self.keep_ok):
            for template in self.templates:
                for _ in range(solver.value(self.keep_layer.use[template.index])):
                    free = extraction.free[template.pid]
                    chosen = free.pop(0) if len(template.sources) > 1 and free else template.pid
                    held += [chosen, *template.tapped, *template.sacrificed]
        order = {p.id: i for i, p in enumerate(self.board.permanents)}
        return TurnSolution(
            casts=tuple(casts),
            plans=plans,
            event_mana=tuple(event_units),
            held_by=tuple(sorted(set(held), key=lambda pid: order.get(pid, len(order)))),
        )

    def _take(
        self,
        solver: cp_model.CpSolver,
        consumer: _Consumer,
        available: dict[_ClassKey, list[ManaUnit]],
        reserved: dict[_ClassKey, int],
    ) -> tuple[ManaUnit, ...]:
        """The units a consumer spends: its typed draws, then its generic and snow draws from units of its
        groups that no typed draw still needs (``reserved``: typed draws not yet taken)."""
        taken: list[ManaUnit] = []
        for (key, _), var in consumer.pay.items():
            for _ in range(solver.value(var)):
                if not available[key]:
                    raise PlannerError(
                        f"internal: the model spends {key[0].letter} mana of {key[2]} before it is made"
                    )
                reserved[key] -= 1
                taken.append(available[key].pop())
        for (group, _), var in consumer.blind.items():
            for _ in range(solver.value(var)):
                spare = [k for k in self.main.groups[group] if len(available[k]) > reserved[k]]
                if not spare:
                    raise PlannerError(f"internal: the model spends mana of {group[1]} before it is made")
                taken.append(available[spare[0]].pop())
        return tuple(taken)


class _Extraction:
    """Reading a solution's activations back, one at a time: the units each class of mana has made so far,
    the typed draws not yet taken, each multi-type packet's picks left, and the members of each group of
    interchangeable permanents not yet tapped (lowest ids first, as the tie-break counted)."""

    def __init__(self, planner: _PaymentModel, solver: cp_model.CpSolver) -> None:
        self.planner = planner
        self.solver = solver
        main = planner.main
        self.produced: dict[_ClassKey, list[ManaUnit]] = defaultdict(list)
        for unit in planner.pool:
            self.produced[(unit.type, _spending(unit.tag), -1)].append(unit)
        self.reserved: dict[_ClassKey, int] = defaultdict(int)
        for consumer in main.consumers:
            for (spent_key, _), var in consumer.pay.items():
                self.reserved[spent_key] += solver.value(var)
        self.picks_left = {key: solver.value(var) for key, var in main.choice.items()}
        self.free = {pid: list(members) for pid, members in planner.members.items()}
        self.consumers = {c.template: c for c in main.consumers if c.template >= 0}
        self.made: list[ManaUnit] = []  # the units the last step made
        # how many units of each class are still to be made, and each group's draws not yet taken, by (class
        # or group, slot): its activations take them one by one
        self.to_make = {key: solver.value(supply) for key, supply in main.supply.items()}
        self.draws_left: dict[int, dict[tuple[_ClassKey | _GroupKey, Slot], int]] = {}
        # the names of the cards in the hand once the cards exiled for their mana are gone (their steps come
        # first): what 'Discard your hand' discards, less what the costs before it take
        self.hand = [card.name for card in planner.board.player(planner.player).hand]
        for hand, use in zip(planner.hand_cards.abilities, main.hand_use, strict=True):
            if solver.value(use):
                self.hand.remove(hand.card.name)

    def ordered(self) -> list[Activation]:
        """Every activation of the solution, once per use: by epoch, then untracked producers first (nothing
        orders them), then the rest by their node's position in the model."""
        planner, solver, main = self.planner, self.solver, self.planner.main

        def place(t: Activation) -> tuple[int, int, int, int, int]:
            epoch = planner.template_epochs[t.index]
            node = planner.producer[t.index]
            if node in main.position:
                return (epoch, 1, solver.value(main.position[node]), 0, t.index)
            if node >= 0:
                return (epoch, 1, -1, 0, t.index)
            # life is paid before damage is taken: the model checks the life costs against the life total
            return (epoch, 0, planner.depth.get(t.index, 0), 0 if t.ability.cost.life else 1, t.index)

        used = [t for t in planner.templates if solver.value(main.use[t.index]) > 0]
        return [t for t in sorted(used, key=place) for _ in range(solver.value(main.use[t.index]))]

    def _pay_one(self, consumer: _Consumer, template: Activation) -> tuple[ManaUnit, ...]:
        """The units one activation of a group pays its cost with: each symbol one of its ways, from the
        group's draws that the mana made so far can fill (the group's own mana once it has made some)."""
        left = self.draws_left.get(consumer.template)
        if left is None:
            left = {}
            for (key, slot), var in consumer.pay.items():
                left[(key, slot)] = self.solver.value(var)
            for (group, slot), var in consumer.blind.items():
                left[(group, slot)] = self.solver.value(var)
            self.draws_left[consumer.template] = left
        taken: list[ManaUnit] = []
        for symbol in template.ability.cost.mana.symbols:
            picks = next(
                (
                    p
                    for way in symbol.ways()
                    if (p := self._picks(left, way.slot, way.mana, consumer.template)) is not None
                ),
                None,
            )
            if picks is None:
                raise PlannerError(f"internal: the model pays {template.pid}'s cost before its mana is made")
            for drawn, key in picks:
                left[drawn] -= 1
                if len(drawn[0]) == 3:  # (a typed draw: no longer reserved)
                    self.reserved[key] -= 1
                taken.append(self.produced[key].pop())
        return tuple(taken)

    def _picks(
        self, left: dict[tuple[_ClassKey | _GroupKey, Slot], int], slot: Slot | None, mana: int, node: int
    ) -> list[tuple[tuple[_ClassKey | _GroupKey, Slot], _ClassKey]] | None:
        """Which draws (and classes) ``mana`` units for ``slot`` come from, among the draws left and the
        units made so far; None when they can't all be found now.

        A generic draw takes a unit that no typed draw still needs, or one of the group's own (``node``'s)
        that its later activations make again before anything else draws on them (the model orders every
        other consumer of a node's mana after the node)."""
        if slot is None:
            return None  # (life: merged groups have no Phyrexian symbols)
        picks: list[tuple[tuple[_ClassKey | _GroupKey, Slot], _ClassKey]] = []
        taking: dict[_ClassKey, int] = defaultdict(int)
        for drawn, count in left.items():
            if drawn[1] != slot:
                continue
            for _ in range(count):
                if len(picks) == mana:
                    return picks
                if len(drawn[0]) == 3:
                    key: _ClassKey = drawn[0]
                    if len(self.produced[key]) <= taking[key]:
                        break
                else:
                    group: _GroupKey = drawn[0]
                    keys = self.planner.main.groups[group]
                    spare = [k for k in keys if len(self.produced[k]) - self.reserved[k] > taking[k]]
                    spare += [
                        k
                        for k in keys
                        if k[2] == node
                        and len(self.produced[k]) > taking[k]
                        and len(self.produced[k]) + self.to_make[k] - self.reserved[k] > taking[k]
                    ]
                    if not spare:
                        break
                    key = spare[0]
                taking[key] += 1
                picks.append((drawn, key))
        return picks if len(picks) == mana else None

    def _own_colors_wanted(self, template: Activation, producer: int) -> defaultdict[ManaType, int]:
        """The units of each type that a repeated ability's later activations draw from its own mana for a
        typed slot, beyond what it has made so far (none for any other template)."""
        wanted: defaultdict[ManaType, int] = defaultdict(int)
        consumer = self.consumers.get(producer)
        if consumer is None or producer != template.index or len(template.sources) > 1:
            return wanted
        left = self.draws_left.get(producer)
        drawn: defaultdict[_ClassKey, int] = defaultdict(int)
        for (key, slot), var in consumer.pay.items():
            if key[2] == producer:
                drawn[key] += left[(key, slot)] if left is not None else self.solver.value(var)
        for key, count in drawn.items():
            wanted[key[0]] += count - len(self.produced[key])
        return wanted

    def step(self, template: Activation) -> Step:
        """The next activation of ``template``: its mana (adding the units to :attr:`produced`) and the
        mana that paid its cost."""
        planner, solver = self.planner, self.solver
        free = self.free
        source = free[template.pid].pop(0) if len(template.sources) > 1 else template.pid
        concrete: list[tuple[ManaBag, ManaTag]] = []
        producer = planner.producer[template.index]
        for k, packet in enumerate(template.outcome.packets):
            if len(packet.types) == 1:
                concrete.append((ManaBag.of(packet.types).scaled(packet.total), packet.tag))
                continue
            # (each pick the type with the most picks left: a group's activations share its types out, so
            # that each makes some of what the next ones draw on)
            # (and an ability that pays its own later activations' colored symbols makes those colors first)
            chosen: list[ManaType] = []
            keys = [(template.index, k, mana_type) for mana_type in packet.types]
            wanted = self._own_colors_wanted(template, producer)
            for _ in range(packet.picks):
                key = max(
                    keys, key=lambda key: (wanted[key[2]] > 0 < self.picks_left[key], self.picks_left[key])
                )
                if not self.picks_left[key]:
                    break
                self.picks_left[key] -= 1
                wanted[key[2]] -= 1
                chosen.append(key[2])
            concrete.append((ManaBag.of(chosen).scaled(packet.per_pick), packet.tag))
        paid_with: tuple[ManaUnit, ...] = ()
        if template.costs_mana and (
            len(template.sources) > 1 or solver.value(planner.main.use[template.index]) > 1
        ):
            # (a group's activations, and each of one ability's repeated activations, pay one cost each)
            paid_with = self._pay_one(self.consumers[producer], template)
        elif template.costs_mana:
            paid_with = planner._take(solver, self.consumers[producer], self.produced, self.reserved)
        if source != template.pid:
            concrete = [
                (bag, replace(tag, source=source) if tag.source == template.pid else tag)
                for bag, tag in concrete
            ]
        by_source: dict[str, ManaBag] = {}
        self.made = []
        for bag, tag in concrete:
            by_source[tag.source] = by_source.get(tag.source, ManaBag()) + bag
            for mana_type in bag.units():
                unit = ManaUnit(mana_type, tag)
                self.produced[(mana_type, _spending(tag), producer)].append(unit)
                self.to_make[(mana_type, _spending(tag), producer)] -= 1
                self.made.append(unit)
        produced = tuple(sorted((s, b) for s, b in by_source.items() if b))
        choices = template.choices
        if discards_hand(template.ability):
            choices = replace(choices, discarded=tuple(self.hand))
        for name in choices.cards:
            self.hand.remove(name)
        for pid in choices.returned:
            card = self.planner.board.permanent(pid).as_card()
            self.hand += [card.name] if card is not None else []
        return Step(
            permanent=source,
            ability=template.ability_index,
            produced=produced,
            order=template.outcome.replacements,
            sacrificed=template.sacrificed,
            tapped=template.tapped,
            paid_with=paid_with,
            choices=choices,
        )


def _twin_runs(
    board: Board,
    templates: Sequence[Activation],
    members: dict[str, tuple[str, ...]],
    tracked: Callable[[Activation], bool],
) -> list[list[str]]:
    """Runs of the player's permanents the model can't tell apart but by id, lowest id first: the same
    permanent in every field but its id, nothing attached to or by them, no cost that could sacrifice or
    tap them, and the same templates (their own mana named alike; ``tracked`` says which templates' mana the
    model tells apart). Interchangeable permanents that :func:`activation_templates` groups are not here
    (``members`` holds their groups): these are the ones it keeps apart, such as filter lands, Signets,
    Treasures and Cascading Cataracts."""
    singled_out = {pid for t in templates for pid in (*t.removed, *t.tapped, *t.choices.untapped)}
    for permanent in board.permanents:
        if permanent.attached_to is not None:
            singled_out.update((permanent.id, permanent.attached_to))
    own: dict[str, list[Activation]] = defaultdict(list)
    for template in templates:
        own[template.pid].append(template)
    alike: dict[Permanent, list[str]] = defaultdict(list)
    for pid in own:
        if pid not in singled_out and len(members[pid]) == 1:
            alike[replace(board.permanent(pid), id="")].append(pid)
    runs: dict[object, list[str]] = defaultdict(list)
    for blank, pids in alike.items():
        for pid in pids if len(pids) > 1 else ():
            signature = tuple(
                (t.ability_index, t.ability, t.bound, t.target, tracked(t), anonymous(t.outcome, pid))
                for t in own[pid]
            )
            runs[(blank, signature)].append(pid)
    return [sorted(run) for run in runs.values() if len(run) > 1]


def _merged_twins(board: Board, templates: Sequence[Activation]) -> tuple[Activation, ...]:
    """The templates with each run of twins (:func:`_twin_runs`) whose every ability taps its permanent, costs
    no life and singles out no other permanent, as one group: its lowest id's templates stand for the run,
    with bounds that many times larger, so the model counts how many of them do each thing (identical
    Signets, filter lands, Treasures) instead of choosing among them one by one.

    >>> from planner.solve.problem import BoardAnalysis
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
    ...     {"id": f"s{n}", "card": "Izzet Signet", "controller": "me"} for n in range(3)]})
    >>> [(t.pid, t.sources, t.bound) for t in _merged_twins(board, BoardAnalysis(board, "me").templates)]
    [('s0', ('s0', 's1', 's2'), 3)]
    """
    members: dict[str, tuple[str, ...]] = defaultdict(tuple)
    for template in templates:
        members[template.pid] = template.sources
    own: dict[str, list[Activation]] = defaultdict(list)
    for template in templates:
        own[template.pid].append(template)

    def mergeable(pid: str) -> bool:
        return all(
            t.ability.cost.tap
            and not t.sacrificed
            and not t.tapped
            and not t.ability.cost.parts
            and all(way.slot is not None for symbol in t.ability.cost.mana.symbols for way in symbol.ways())
            for t in own[pid]
        )

    runs = [run for run in _twin_runs(board, templates, members, lambda t: t.costs_mana) if mergeable(run[0])]
    run_of = {run[0]: tuple(run) for run in runs}
    merged_away = {pid for run in runs for pid in run[1:]}
    merged: list[Activation] = []
    for template in templates:
        if template.pid in merged_away:
            continue
        run = run_of.get(template.pid)
        if run is not None:
            template = replace(template, members=run, bound=template.bound * len(run))
        merged.append(replace(template, index=len(merged)))
    return tuple(merged)


#: The deterministic time (CP-SAT's measure of work, roughly seconds) the search for an infeasibility core
#: may take beyond three times the proof of infeasibility: a few milliseconds of CPU (about 2 ms per 0.001
#: on 10 to 60 permanents), where the cores of the random search's "no"s take at most 0.0022 (issue 14).
_CORE_SLACK = 0.003

#: The largest combined weight of one stage. CP-SAT keeps the objective in 64-bit integers but compares the
#: best solution with the bound in doubles (its gap limit), so a stage must stay where doubles are exact
#: (2**53): above that it stops at a solution up to a few dozen units worse at the last level and calls it
#: optimal (2**60 did, on boards with a keep cost).
_STAGE_WEIGHT_LIMIT = 2**53


def _stages(
    terms: list[tuple[str, Expr, int]],
) -> list[list[tuple[str, Expr, int]]]:
    """Consecutive objective levels packed into stages whose combined weight stays under a limit; 'colors
    lost' starts a stage of its own after the largest X (``max_x``: that stage's optimum uses as much of the
    board as it can, and on 1,000 permanents the two in one stage took 1.3 s to prove, under 0.2 s apart)."""
    stages: list[list[tuple[str, Expr, int]]] = []
    weight = 1
    for term in terms:
        after_x = term[0] == "colors_lost" and bool(stages) and any(name == "x" for name, _, _ in stages[-1])
        if not stages or weight * term[2] > _STAGE_WEIGHT_LIMIT or after_x:
            stages.append([])
            weight = 1
        stages[-1].append(term)
        weight *= term[2]
    return stages


def solve_payment(problem: PaymentProblem) -> Solution:
    """Build the CP-SAT model of a payment problem and solve it.

    >>> from models import Board, PaymentTarget
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
    ...     {"id": "f1", "card": "Forest", "controller": "me"},
    ...     {"id": "bop", "card": "Birds of Paradise", "controller": "me"},
    ...     {"id": "i1", "card": "Island", "controller": "me"}]})
    >>> solution = solve_payment(PaymentProblem.of(board, PaymentTarget.of("{1}{G}")))
    >>> solution.status.value, sorted(step.permanent for step in solution.plan.steps)
    ('optimal', ['f1', 'i1'])
    """
    try:
        # (a count of what the sources could make may prove "no" at once: see planner.solve.bounds)
        core = unpayable_core(problem)
        if core is not None:
            return Solution(status=SolveStatus.INFEASIBLE, core=core)
        return _unproven_at_open_bounds(problem, _PaymentModel(problem).solve())
    except TimeUp:  # the time limit ran out while the model was built: no answer, never a 'no'
        return Solution(status=SolveStatus.UNKNOWN)


def _unproven_at_open_bounds(problem: PaymentProblem, solution: Solution) -> Solution:
    """The solution, not called optimal when its plan activates an open ability as often as the bound the
    payment gave it (:func:`~planner.rules.activations.open_bound`): a bound reached proves nothing, so the
    answer says so (``optimal: false``) rather than claim a best plan or a largest X."""
    if solution.status is not SolveStatus.OPTIMAL:
        return solution
    if solution.x is not None and problem.x is None and solution.x >= MAX_GENERIC:
        return replace(solution, status=SolveStatus.FEASIBLE)  # (X at its limit: a larger X may be payable)
    opened = [t for t in problem.dynamics.templates if t.open]
    if not opened:
        return solution
    plans = solution.turn.plans if solution.turn is not None else (solution.plan,)
    used = Counter((s.permanent, s.ability) for plan in plans if plan is not None for s in plan.steps)
    if any(used[(t.pid, t.ability_index)] >= t.bound for t in opened):
        return replace(solution, status=SolveStatus.FEASIBLE)
    return solution
