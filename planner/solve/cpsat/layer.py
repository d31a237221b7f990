"""The target's X, the layers (a layer is one payment: the one asked for, a cost to keep payable, a card in
hand), and the passes that build a layer's mana: its activations and the mana they make, who consumes
mana and what each may spend, the slots filled, the mana left floating, and life. Their order in the model
is the order of :data:`~planner.solve.cpsat.spine.LAYER_PASSES`; the order of the activations is
:mod:`planner.solve.cpsat.order`'s.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from functools import partial

from ortools.sat.python import cp_model

from models.abilities import AbilityCost
from models.cost import CostSymbol, ManaCost, PaymentTarget, Slot, SymbolKind
from models.limits import MAX_GENERIC
from models.mana import ManaType, ManaTypes
from planner.rules.activations import Activation, feeds_itself
from planner.rules.amounts import counts_life
from planner.rules.doubling import doubles_unspent
from planner.rules.payment import GENERIC, SNOW
from planner.rules.pool import SpendRules, pays_generic
from planner.rules.question import view_of
from planner.rules.tap_triggers import activation_damage, tap_damage
from planner.rules.view import BoardView
from planner.solve.bounds import alternative_most
from planner.solve.cpsat.literals import only_where, unused
from planner.solve.cpsat.record import (
    ClassKey,
    Consumer,
    Expr,
    GroupKey,
    Layer,
    PaymentModel,
    PickPool,
    slot_name,
    spending,
    total,
)
from planner.solve.problem import EventMana


def declare_x(record: PaymentModel) -> None:
    """Variables: X, when the target's cost has X and the question asks for the largest (at most what every
    source could make, and never above the limit on X, reached only by an open ability's mana), and the
    generic mana its X symbols stand for, less what a reduction leaves over (never below 0: CR 601.2f,
    118.7a)."""
    problem = record.problem
    cost = problem.target.cost
    record.x_value = problem.x or 0
    if not cost.has_variable or problem.x is not None:
        return
    model = record.model
    upper = sum(t.outcome.total * t.bound for t in record.templates) + len(problem.pool)
    upper += record.hand_most
    upper -= problem.x_reduction
    upper += alternative_most(problem)
    upper <<= sum(doubles_unspent(t.ability) for t in record.templates)  # (each doubling: at most twice)
    upper = min(upper, MAX_GENERIC)
    record.x = model.new_int_var(0, upper, "x")
    count = sum(cost.variables.values())
    record.x_value = count * record.x
    if problem.x_reduction or problem.x_floor:
        reduced = model.new_int_var(0, count * upper + problem.x_floor, "x_generic")
        least: list[cp_model.LinearExprT] = [0, count * record.x + problem.x_reduction]
        if problem.x_floor:  # (what a reduction's floor keeps: CR 601.2f; see unchosen_x_change)
            generic = problem.asked.cost.generic
            kept = model.new_int_var(0, count * upper + generic, "x_floor_kept")
            model.add_min_equality(kept, [count * record.x + generic, problem.x_floor])
            least.append(kept - problem.target.cost.generic)
        model.add_max_equality(reduced, least)
        record.x_value = reduced


def main_layer(record: PaymentModel) -> Layer:
    """The layer of the payment asked for: the pool, X, and what convoke, improvise and delve pay."""
    problem = record.problem
    return Layer("pay", problem.target, problem.pool, None, record.x_value, record.chosen.fill)


def keep_layer(record: PaymentModel, keep: PaymentTarget) -> Layer:
    """The layer of a cost that should stay payable afterwards, from what the payment leaves alone (its
    pool is gone by then, CR 500.4), after a turn's last epoch; its literal says whether it is."""
    record.keep_ok = record.model.new_bool_var("keep_satisfied")
    return Layer("keep", keep, (), record.keep_ok, 0, epoch=record.last_epoch)


def hand_layer(record: PaymentModel, number: int, card: PaymentTarget) -> Layer:
    """The layer of a card in hand that should stay castable; its literal says whether it is."""
    castable = record.model.new_bool_var(f"hand_{number}_castable")
    record.hand_ok.append(castable)
    return Layer(f"hand{number}", card, (), castable, 0)


def activations(record: PaymentModel, layer: Layer) -> None:
    """Variables: how often the layer uses each template (at most its bound), and which type the picks of
    its packets with a choice of types take, as a count per type of each :func:`pick_pool` (the packets of
    one ability's outcomes that choose among the same types with the same mana per pick: Cascading
    Cataracts' outcomes under Zendikar Resurgent's trigger share a few counts rather than each having its
    own); each
    activation makes exactly its packets' picks (CR 106.1b: the type is chosen as the ability resolves).

    Only the pool's totals reach the supply, so any counts whose sum is the picks its packets make can be
    shared out among them, one outcome's picks at a time: the counts are exact, not a relaxation."""
    model = record.model
    name = layer.name
    layer.use = [model.new_int_var(0, t.bound, f"{name}_use_{t.name}") for t in record.templates]
    made: dict[int, list[Expr]] = defaultdict(list)
    most: dict[int, int] = defaultdict(int)
    pools = layer.pick_pool
    for template in record.templates:
        for k, packet in enumerate(template.outcome.packets):
            if len(packet.types) == 1:
                continue
            pool = pools.setdefault(pick_pool(record, template, k), len(pools))
            layer.pools_of[(template.index, k)] = pool
            made[pool].append(packet.picks * layer.use[template.index])
            most[pool] += packet.picks * template.bound
    for key, pool in pools.items():
        types = ManaTypes(key[3])
        picks = []
        for mana_type in types:
            var = model.new_int_var(0, most[pool], f"{name}_pick{pool}_{key[1]}_{mana_type.letter}")
            layer.choice[(pool, mana_type)] = var
            picks.append(var)
        model.add(total(picks) == total(made[pool]))


def pick_pool(record: PaymentModel, template: Activation, k: int) -> PickPool:
    """The pool of picks of a template's ``k``-th packet: its producer node, permanent and ability, the
    types it chooses among, its mana per pick and the part of its tag that decides what the mana pays
    (:func:`~planner.solve.cpsat.record.spending`)."""
    packet = template.outcome.packets[k]
    node = record.producer[template.index]
    return (
        node,
        template.pid,
        template.ability_index,
        packet.types.mask,
        packet.per_pick,
        spending(packet.tag),
    )


def turn_events(record: PaymentModel, layer: Layer) -> None:
    """Variables: the type each pick of a turn's event mana takes (a ritual, an enters trigger: made once,
    usable from its epoch on); only the payment asked for has them."""
    model = record.model
    for number, event in enumerate(_events(record, layer)):
        for k, packet in enumerate(event.packets):
            if len(packet.types) == 1:
                continue
            picks = []
            for mana_type in packet.types:
                var = model.new_int_var(
                    0, packet.picks, f"{layer.name}_event{number}_p{k}_{mana_type.letter}"
                )
                layer.event_choice[(number, k, mana_type)] = var
                picks.append(var)
            model.add(sum(picks) == packet.picks)


def hand_abilities(record: PaymentModel, layer: Layer) -> None:
    """Variables: whether the layer exiles each card in hand for its mana (Elvish Spirit Guide,
    :mod:`planner.rules.hand`); each card is exiled once in all the layers
    (:func:`planner.solve.cpsat.resources.share_hand_cards`)."""
    layer.hand_use = [
        record.model.new_bool_var(f"{layer.name}_hand_{number}_p{hand.position}_a{hand.ability_index}")
        for number, hand in enumerate(record.problem.hand_mana)
    ]


def supply(record: PaymentModel, layer: Layer) -> None:
    """The mana of each class (type, spending tag, producer node) the layer has: the pool's, the activations',
    the turn's events', the hand's; the most there can be of each; and the classes of each group."""
    templates, producer = record.templates, record.producer
    events = _events(record, layer)
    hands = record.problem.hand_mana
    parts: dict[ClassKey, list[Expr]] = defaultdict(list)
    bound: dict[ClassKey, int] = defaultdict(int)
    for template in templates:
        node = producer[template.index]
        for packet in template.outcome.packets:
            tag = spending(packet.tag)
            if len(packet.types) == 1:
                (only,) = tuple(packet.types)
                parts[(only, tag, node)].append(packet.total * layer.use[template.index])
    for (node, _, _, mask, per_pick, tag), pool in layer.pick_pool.items():
        for mana_type in ManaTypes(mask):
            parts[(mana_type, tag, node)].append(per_pick * layer.choice[(pool, mana_type)])
    for unit in layer.pool:
        parts[(unit.type, spending(unit.tag), -1)].append(1)
    for number, event in enumerate(events):
        for k, packet in enumerate(event.packets):
            tag, node = spending(packet.tag), -1 - event.epoch
            if len(packet.types) == 1:
                (only,) = tuple(packet.types)
                parts[(only, tag, node)].append(packet.total)
            else:
                for mana_type in packet.types:
                    choice = layer.event_choice[(number, k, mana_type)]
                    parts[(mana_type, tag, node)].append(packet.per_pick * choice)
    for hand, use in zip(hands, layer.hand_use, strict=True):
        for mana_type in hand.mana.types:
            parts[(mana_type, spending(hand.tag), -1)].append(hand.mana[mana_type] * use)
    layer.supply = {key: total(each) for key, each in parts.items()}
    for template in templates:
        for packet in template.outcome.packets:
            for mana_type in packet.types:
                bound[(mana_type, spending(packet.tag), producer[template.index])] += (
                    packet.total * template.bound
                )
    for unit in layer.pool:
        bound[(unit.type, spending(unit.tag), -1)] += 1
    for event in events:
        for packet in event.packets:
            for mana_type in packet.types:
                bound[(mana_type, spending(packet.tag), -1 - event.epoch)] += packet.total
    for hand in hands:
        for mana_type in hand.mana.types:
            bound[(mana_type, spending(hand.tag), -1)] += hand.mana[mana_type]
    layer.supply_bound = bound
    groups: dict[GroupKey, list[ClassKey]] = defaultdict(list)
    for key in layer.supply:
        groups[(key[1], key[2])].append(key)
    layer.groups = groups


def consumers(record: PaymentModel, layer: Layer) -> None:
    """What spends mana in the layer, each with its demand per slot: the target (its X symbols standing for
    ``layer.x``), a turn's spells (each paid in its epoch; one the plan may leave out is paid in full or not
    at all, CR 601.2), and the mana cost of each producer node that has one (the outcomes of one node share
    its consumer: they have one cost, and at most one of them is used)."""
    model = record.model
    turn = record.problem.turn
    target = _consumer(record, layer, "target", layer.target, -1, layer.target.cost, 1, layer.x)
    target.epoch = layer.epoch
    layer.consumers = [target]
    spells = turn.spells if turn is not None and layer.main else ()
    ways: dict[int, list[Expr]] = defaultdict(list)  # (a spell's ways: at most one cast, CR 118.9a)
    for number, spell in enumerate(spells):
        cast: Expr = 1
        if spell.optional or spell.choice is not None or spell.unpayable:
            cast = model.new_bool_var(f"{layer.name}_cast_{number}")
        if (
            spell.unpayable
        ):  # (no mana cost: never cast for it, CR 118.6; a spell the plan must cast, no plan)
            model.add(cast == 0)
            if not spell.optional and spell.choice is None:
                model.add(cast == 1)
        if spell.choice is not None:
            ways[spell.choice].append(cast)
        layer.cast.append(cast)
        consumer = _consumer(record, layer, f"spell{number}", spell.target, -1, spell.target.cost, cast, 0)
        consumer.epoch = spell.epoch
        consumer.spell = number
        layer.consumers.append(consumer)
    for choice, casts in ways.items():
        if spells[choice].optional:
            model.add(total(casts) <= 1)
        else:
            model.add(total(casts) == 1)
    if spells and turn is not None and turn.most_optional is not None:  # (cards a discard keeps in the hand)
        model.add(
            total([c for c, s in zip(layer.cast, spells, strict=True) if s.optional]) <= turn.most_optional
        )
    nodes: dict[int, list[Activation]] = defaultdict(list)
    for template in record.templates:
        if template.costs_mana:
            nodes[record.producer[template.index]].append(template)
    for node, members in nodes.items():
        first = members[0]
        times = total([layer.use[t.index] for t in members])
        consumer = _consumer(
            record, layer, f"cost_{first.name}", first.target, node, first.ability.cost.mana, times, 0
        )
        consumer.epoch = record.epoch_of(node)
        layer.consumers.append(consumer)


def _consumer(
    record: PaymentModel,
    layer: Layer,
    name: str,
    target: PaymentTarget,
    template: int,
    cost: ManaCost,
    times: Expr,
    x: Expr,
) -> Consumer:
    """A consumer's slot demands: fixed symbols times ``times``; each hybrid or Phyrexian symbol paid one of
    its ways, chosen at proposal (CR 601.2b), by variables; ``x`` is the generic mana that all of the
    cost's X symbols stand for."""
    model = record.model
    demand: dict[Slot, list[Expr]] = defaultdict(list)
    life: list[Expr] = []
    groups: dict[CostSymbol, int] = defaultdict(int)
    most = max(record.most(times), 1)  # (how many times the cost is paid, at most)
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
            continue
        counts = []
        for way in ways:
            label = "life" if way.slot is None else slot_name(way.slot)
            stem = str(symbol)[1:-1].replace("/", "")
            var = model.new_int_var(0, count * most, f"{layer.name}_{name}_{stem}_as_{label}")
            counts.append(var)
            if way.slot is not None:
                demand[way.slot].append(way.mana * var)
            life.append(way.life * var)
        model.add(sum(counts) == count * times)
    if cost.has_variable:
        demand[GENERIC].append(x)
    if template < 0 and target.additional_life:  # (a spell's additional costs' life, paid with it: 601.2h)
        life.append(target.additional_life * times)
    return Consumer(name, target, template, {k: total(v) for k, v in demand.items()}, total(life))


def spending_rules(record: PaymentModel, layer: Layer) -> None:
    """Variables: how much of each class (typed slots) or group (generic and snow slots, which keeps
    Cascading Cataracts' five colors from multiplying the variables) pays each consumer's slots, only where
    its restriction allows the consumer (CR 106.6), the mana was made no later in the turn, it is not the
    consumer's own mana (but for a group of twins, or an ability activated again: CR 605.3c), and the
    spending rules let the type fill the slot (609.4b: the target's on the board the activations leave, an
    ability's cost on the board as it is activated). A group of twins, or an ability that pays its later
    activations with its own mana, gets the first activation's cost from outside. Mana that can't be spent
    to pay generic mana costs (Jegantha) pays no generic slot."""
    model = record.model
    templates = record.templates
    problem = record.problem
    spending_after = problem.spending
    groups = layer.groups
    group_bound = {g: sum(layer.supply_bound[k] for k in keys) for g, keys in groups.items()}
    # (a type fits a typed slot under one consumer's spending rules or not, whatever its tag)
    fits: dict[tuple[ManaType, Slot, SpendRules], bool] = {}
    for consumer in layer.consumers:
        problem.check_time()
        grouped = consumer.template >= 0 and len(templates[consumer.template].sources) > 1
        repeated = (
            consumer.template >= 0
            and not grouped
            and templates[consumer.template].bound > 1
            and feeds_itself(templates[consumer.template])
        )
        allowed = [
            (tag, producer)
            for tag, producer in groups
            # (an activation can't pay for itself)
            if (producer < 0 or producer != consumer.template or grouped or repeated)
            and tag.allows(consumer.target)
            # (nor can mana that arrives later in the turn pay for what comes before it)
            and record.epoch_of(producer) <= consumer.epoch
        ]
        rules = record.rules_in(consumer.epoch).at(consumer.target)
        last = consumer.template < 0
        after = [r.at(consumer.target) for r in spending_after.found.values()] if last else [rules]
        for slot in consumer.demand:
            label = f"{layer.name}_{consumer.name}_{slot_name(slot)}_by"
            if slot in (GENERIC, SNOW):
                for group in allowed:
                    # (generic slots take mana that may pay generic: not Jegantha's)
                    if (slot == GENERIC and pays_generic(group[0])) or (slot == SNOW and group[0].snow):
                        var = model.new_int_var(
                            0, group_bound[group], f"{label}_{group[1]}_{len(consumer.blind)}"
                        )
                        consumer.blind[(group, slot)] = var
                continue
            for group in allowed:
                for key in groups[group]:
                    for ruled in after:
                        fit = (key[0], slot, ruled)
                        if fit not in fits:
                            fits[fit] = ruled.fits(key[0], key[1].snow, slot, consumer.target)
                    if any(fits[(key[0], slot, ruled)] for ruled in after):
                        var = model.new_int_var(
                            0, layer.supply_bound[key], f"{label}_{key[0].letter}_{key[2]}"
                        )
                        consumer.pay[(key, slot)] = var
                        if spending_after.removable:
                            fitting = partial(_fits, key[0], key[1].snow, slot, consumer.target)
                            only_where(record, var, layer, spending_after, fitting, last=last)
        if grouped or repeated:
            _own_mana(record, layer, consumer, repeated=repeated)
    _group_paid_from_outside(record, layer)


def _fits(mana: ManaType, snow: bool, slot: Slot, target: PaymentTarget, rules: SpendRules) -> bool:
    """True when mana of this type may fill the slot under these rules (:meth:`SpendRules.fits`)."""
    return rules.at(target).fits(mana, snow, slot, target)


def _own_mana(record: PaymentModel, layer: Layer, consumer: Consumer, *, repeated: bool) -> None:
    """The first of a group's activations gets no mana from the group: what the others take from it leaves
    at least one activation's cost to the rest; and a repeated ability's last activation's mana pays none
    of them."""
    model = record.model
    template = record.templates[consumer.template]
    first_cost = least_cost(template)
    external = total(
        [v for (key, _), v in consumer.pay.items() if key[2] != consumer.template]
        + [v for (group, _), v in consumer.blind.items() if group[1] != consumer.template]
    )
    used = unused(record, layer, consumer.template).negated()
    model.add(external >= first_cost).only_enforce_if(used)
    if repeated:
        own = total(
            [v for (key, _), v in consumer.pay.items() if key[2] == consumer.template]
            + [v for (group, _), v in consumer.blind.items() if group[1] == consumer.template]
        )
        each = sum(packet.total for packet in template.outcome.packets)
        model.add(own <= each * (layer.use[consumer.template] - 1)).only_enforce_if(used)


def least_cost(template: Activation) -> int:
    """The least mana one activation of the template's ability costs (each symbol its cheapest way)."""
    return sum(min(way.mana for way in symbol.ways()) for symbol in template.ability.cost.mana.symbols)


def _group_paid_from_outside(record: PaymentModel, layer: Layer) -> None:
    """A group of twins whose ability has several outcomes that cost mana (filter lands) has a producer node
    per outcome, each of whose first activation :func:`_own_mana` pays from outside that node: the group's
    first activation of all is paid from outside every one of them too (nothing of the group made mana
    before it). Without this the model, which orders the activations only once it is solved
    (:mod:`planner.solve.cpsat.solve`), found two Fire-Lit Thickets under Mana Reflection and Nyxbloom
    Ancient paying each other's {R/G} (twelve mana each), and the model of every twin had to answer."""
    model = record.model
    by_group: dict[str, list[Consumer]] = defaultdict(list)
    for consumer in layer.consumers:
        if consumer.template >= 0 and len(record.templates[consumer.template].sources) > 1:
            by_group[record.templates[consumer.template].pid].append(consumer)
    for members in by_group.values():
        if len(members) < 2:
            continue
        nodes = {consumer.template for consumer in members}
        outside = total(
            [v for c in members for (key, _), v in c.pay.items() if key[2] not in nodes]
            + [v for c in members for (group, _), v in c.blind.items() if group[1] not in nodes]
        )
        # (the least that any of its abilities costs: one permanent may have several that cost mana)
        first_cost = min(least_cost(record.templates[consumer.template]) for consumer in members)
        for consumer in members:
            model.add(outside >= first_cost).only_enforce_if(
                unused(record, layer, consumer.template).negated()
            )


def filled_slots(record: PaymentModel, layer: Layer) -> None:
    """Every slot of every consumer is filled exactly (CR 202.1a), convoke, improvise and delve filling the
    target's and a turn's spells' too (702.51a, 702.126a, 702.66a); the target's slots of the payment asked
    for are literals (assumptions when a "no" is explained, so that it can name the symbols that fail), a
    later layer's hold when its literal does."""
    model = record.model
    alternative, enforce = layer.alternative, layer.enforce
    target = layer.consumers[0]
    spells = record.chosen.spell_fill if layer.main else {}
    for consumer in layer.consumers:
        paid_otherwise = alternative if consumer is target else spells.get(consumer.spell)
        for slot, demand in consumer.demand.items():
            extra = paid_otherwise.get(slot, 0) if paid_otherwise else 0
            filled = total(
                [v for (_, s), v in consumer.pay.items() if s == slot]
                + [v for (_, s), v in consumer.blind.items() if s == slot]
                + ([extra] if not isinstance(extra, int) else [])
            )
            constraint = model.add(filled == demand)
            if consumer is target and enforce is None:
                literal = model.new_bool_var(f"{layer.name}_assume_{slot_name(slot)}")
                layer.assumptions[slot] = literal
                constraint.only_enforce_if(literal)
            elif enforce is not None:
                constraint.only_enforce_if(enforce)


def floating(record: PaymentModel, layer: Layer) -> None:
    """No class of mana is spent beyond what the pool holds and the activations add; a group's generic and
    snow slots get what its classes have left after the slots that want their types; what is left floating
    is a non-negative variable (which gives the solver a bound of 0 at once)."""
    model = record.model
    typed: dict[ClassKey, list[cp_model.IntVar]] = defaultdict(list)
    blind: dict[GroupKey, list[cp_model.IntVar]] = defaultdict(list)
    for consumer in layer.consumers:
        for (key, _), var in consumer.pay.items():
            typed[key].append(var)
        for (group, _), var in consumer.blind.items():
            blind[group].append(var)
    for group, keys in layer.groups.items():
        if len(keys) > 1:
            for key in keys:
                if typed[key]:
                    model.add(total(typed[key]) <= layer.supply[key])
        made = total([layer.supply[key] for key in keys])
        spent = total([v for key in keys for v in typed[key]] + blind[group])
        most = sum(layer.supply_bound[key] for key in keys)
        left = model.new_int_var(0, most, f"{layer.name}_floating_{group[1]}_{len(layer.floating)}")
        model.add(left == made - spent)
        layer.floating[group] = left


def life(record: PaymentModel, layer: Layer) -> None:
    """Abilities' life costs need that much life, and Phyrexian life is paid after the abilities' damage
    (CR 119.4, 601.2g-h; damage from a 'becomes tapped' trigger such as City of Brass waits for the stack:
    603.3); a turn's plan counts a life total (Sanctum of the Sun) on the turn's last board, so no spell of
    its epoch or before may pay life then (docs/rules.md)."""
    model = record.model
    templates = record.templates
    use = layer.use
    life_total = record.board.player(record.player).life
    layer.ability_life = sum(t.ability.cost.life * use[t.index] for t in templates)
    immediate = total([(t.outcome.damage + t.outcome.life_loss) * use[t.index] for t in templates])
    layer.damage = immediate + tapping_damage(record, use)
    if layer.main:
        layer.damage = layer.damage + record.chosen.damage  # (convoke and improvise tap too)
    target_life = total([c.life for c in layer.consumers if c.template < 0])
    # Life gained by a mana ability's effect is gained at once (CR 119.3, 605.3b): every gain comes before
    # the spell's Phyrexian life (601.2h), and a gain that needs nothing first (gains_first: the replay's
    # order puts it before every other activation) comes before every life cost. In a turn's plan a gain
    # is counted only in its own epoch's payment, so none is counted there.
    single = record.problem.turn is None
    gained = total([t.outcome.life_gain * use[t.index] for t in templates if single and t.outcome.life_gain])
    first = [t for t in templates if single and gains_first(record, t)]
    model.add(layer.ability_life <= life_total + total([t.outcome.life_gain * use[t.index] for t in first]))
    paying = model.new_bool_var(f"{layer.name}_pays_life")
    model.add(target_life == 0).only_enforce_if(paying.negated())
    model.add(layer.ability_life + immediate + target_life <= life_total + gained).only_enforce_if(paying)
    layer.life_paid = layer.ability_life + target_life
    turn = record.problem.turn
    if turn is None:
        return
    if layer.main and turn.keep_alive:
        # (the life total is the turn's last board's: a plan never leaves its player at 0 or less, who would
        # lose once the spell is cast, CR 704.5a; without gains in a turn's plan, the last total is the least)
        model.add(layer.ability_life + layer.damage + target_life <= life_total - 1)
    for template in templates:
        if not counts_life(template.ability):
            continue
        epoch = record.template_epochs[template.index]
        before = [c.life for c in layer.consumers if c.spell >= 0 and c.epoch <= epoch]
        if before:
            model.add(total(before) == 0).only_enforce_if(unused(record, layer, template.index).negated())


def gains_first(record: PaymentModel, template: Activation) -> bool:
    """True when the activation gains life and nothing need come before it: its cost takes no mana, no life
    and nothing but tapping its own permanent; its amount is fixed; it deals no damage; and the model orders
    it with nothing (no amount it changes, no {Q} cycle). The plan activates such gains before everything
    else (:mod:`~planner.solve.cpsat.extract`), so their life pays the life costs (CR 119.4)."""
    ability, outcome = template.ability, template.outcome
    if not outcome.life_gain or outcome.damage or outcome.life_loss:
        return False
    if ability.cost != AbilityCost(tap=ability.cost.tap) or not ability.output.amount.is_constant:
        return False
    if ability.conditional or ability.activation_condition is not None:
        return False
    index = template.index
    if any(index in family.changers for family in record.problem.dynamics.families):
        return False
    return not any(index in (*cycle.taps, *cycle.untaps) for cycle in record.cycles.values())


def tapping_damage(record: PaymentModel, use: Sequence[cp_model.IntVar]) -> Expr:
    """Damage from triggers on tapping (City of Brass, Manabarbs:
    :func:`~planner.rules.tap_triggers.tap_damage`) for what the activations tap: their own permanent, tapped
    for mana, and the others their costs tap."""
    parts: list[Expr] = []
    views: dict[tuple[str, ...], BoardView] = {(): record.problem.view}
    for template in record.templates:
        # (an ability given back once a source left is activated on the board without it, where the
        # triggers that source's effect took away are back too: City of Brass's, once Magus of the Moon is
        # sacrificed)
        view = views.get(template.after_gone) or views.setdefault(
            template.after_gone, _view_without(record.problem.view, template.after_gone)
        )
        hurt = sum(tap_damage(view, pid, for_mana=False) for pid in template.tapped)
        if template.ability.cost.tap:
            hurt += tap_damage(view, template.pid, for_mana=template.ability.taps_for_mana)
        hurt += activation_damage(view, template.pid, template.ability)  # (without {T}: Artifact Possession)
        if hurt:
            parts.append(hurt * use[template.index])
    return total(parts)


def _view_without(view: BoardView, gone: Sequence[str]) -> BoardView:
    """The board's view without the ``gone`` permanents."""
    return view_of(view.board.without_permanents(gone))


def _events(record: PaymentModel, layer: Layer) -> Sequence[EventMana]:
    """The mana a turn's events add, for the payment asked for (none for a later layer)."""
    turn = record.problem.turn
    return turn.mana if turn is not None and layer.main else ()
