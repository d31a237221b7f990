"""What the layers share: each permanent tapped, untapped and sacrificed at most once, counters, abilities
activated only so many times each turn, energy, the cards in hand and in the graveyard; what the payment
sacrificed is not there for a later layer (keep, hand), which starts from the state the payment left."""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Sequence

from ortools.sat.python import cp_model

from models.abilities import ManaAbility
from planner.rules.costs import discards_hand, energy_paid, graveyard_exiled
from planner.rules.eligibility import activations_left
from planner.solve.cpsat.literals import discarding, is_zero
from planner.solve.cpsat.record import Expr, Layer, PaymentModel, total


def share_resources(record: PaymentModel) -> None:
    """Each permanent is tapped at most once, untapped at most once and sacrificed at most once (CR 602.2b,
    701.21a), its counters are removed at most as often as it has them, and an ability that can be
    activated only so many times each turn is activated at most as often as is left this turn (once each
    turn: once at most), whichever outcome, cost choice or epoch; a
    later layer (keep, hand) shares these limits with the payment and can't use what the payment
    sacrificed."""
    model = record.model
    main = record.main
    templates = record.templates
    members = record.members
    gone_now: dict[str, list[cp_model.IntVar]] = defaultdict(list)
    for template in templates:
        for pid in template.gone:
            gone_now[pid].append(main.use[template.index])
    for later in record.layers:
        layers = [main] if later is main else [main, later]
        taps: dict[str, list[cp_model.IntVar]] = defaultdict(list)
        untaps: dict[str, list[cp_model.IntVar]] = defaultdict(list)
        sacrifices: dict[str, list[cp_model.IntVar]] = defaultdict(list)
        counters: dict[str, list[Expr]] = defaultdict(list)
        once: dict[tuple[str, int], list[cp_model.IntVar]] = defaultdict(list)
        limited: dict[tuple[str, int], ManaAbility] = {}
        for layer in layers:
            for template in templates:
                use = layer.use[template.index]
                cost = template.ability.cost
                if template.ability.limited_each_turn:
                    once[(template.pid, template.ability_index)].append(use)
                    limited[(template.pid, template.ability_index)] = template.ability
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
        for pid, tapping in record.chosen.taps.items():
            taps[pid].append(tapping)
        for group in (taps, untaps, sacrifices):
            for pid, variables in group.items():
                if group is not sacrifices and pid in record.cycles:
                    continue  # (cycle_counts)
                model.add(sum(variables) <= len(members[pid]))
        cycle_counts(record, later, taps, untaps)
        for (pid, number), uses in once.items():
            # (CR 602.5b: each member as often as the ability's limit leaves it this turn; members are
            # grouped only when their abilities are activatable alike, planner.rules.activations)
            left = activations_left(record.board.permanent(pid), limited[(pid, number)]) or 0
            model.add(sum(uses) <= left * len(members[pid]))
        for pid, removed in counters.items():
            name = next(
                t.ability.cost.remove_counter
                for t in templates
                if t.pid == pid and t.ability.cost.remove_counter
            )
            # (a group of twins, merged or interchangeable, removes each member's own counters)
            held = sum(record.board.permanent(member).counter(name) for member in members[pid] or (pid,))
            model.add(sum(removed) <= held)
        _spent_by_parts(record, layers)
        if later is main:
            continue
        for template in templates:
            for pid in (template.pid, *template.tapped, *template.removed, *template.choices.untapped):
                if not gone_now.get(pid):
                    continue
                # what the payment sacrificed is not there for the later payment
                if len(gone_now[pid]) == 1:
                    model.add(later.use[template.index] == 0).only_enforce_if(
                        is_zero(record, gone_now[pid][0]).negated()
                    )
                else:
                    model.add(
                        later.use[template.index] + sum(gone_now[pid]) * template.bound <= template.bound
                    )


def cycle_counts(
    record: PaymentModel,
    later: Layer,
    taps: dict[str, list[cp_model.IntVar]],
    untaps: dict[str, list[cp_model.IntVar]],
) -> None:
    """How often a permanent with a {Q} ability is tapped and untapped (the order:
    :mod:`planner.solve.cpsat.order`): in the payment, taps and untaps in turn, starting with a tap when it
    starts untapped (and maybe ending with one), with an untap when it starts tapped; a later layer (keep,
    hand) does one of the two at most, in the state the payment left it in."""
    model = record.model
    main = record.main
    for pid, cycle in record.cycles.items():
        tapped = 1 if cycle.tapped else 0
        main_taps = total([main.use[i] for i in cycle.taps])
        main_untaps = total([main.use[i] for i in cycle.untaps])
        alternative = record.chosen.taps.get(pid, 0)
        if later is main:
            # (as often as it is tapped again in between: an untap loop, CR 729)
            model.add(main_taps <= 1 + main_untaps - tapped)
            model.add(main_untaps <= main_taps + tapped)
            # (convoke and improvise tap it once the mana abilities are done: it is untapped then)
            model.add(tapped + main_taps - main_untaps + alternative <= 1)
            continue
        # (taps and untaps hold the payment's and this layer's together)
        later_taps = total(taps.get(pid, [])) - main_taps - alternative
        later_untaps = total(untaps.get(pid, [])) - main_untaps
        left_tapped = tapped + main_taps - main_untaps + alternative
        model.add(later_taps + later_untaps <= 1)
        model.add(later_taps <= 1 - left_tapped)
        model.add(later_untaps <= left_tapped)


def _spent_by_parts(record: PaymentModel, layers: Sequence[Layer]) -> None:
    """What the cost parts of the layers' activations take together stays within what the player has
    (:mod:`planner.rules.costs`): energy; the cards in the graveyard, which delve shares (a board where the
    payment may put cards there sets such a cost aside: :func:`planner.rules.amount_gaps.board_gap`); the
    cards of each name in the hand (those Elvish Spirit Guide's kind exiles for its mana included); once the
    payment discards its hand, a later layer takes no card from it."""
    model = record.model
    player = record.board.player(record.player)
    parted = [t for t in record.templates if t.ability.cost.parts]  # (what the others take: no part)
    energy = [energy_paid(t.ability) * layer.use[t.index] for layer in layers for t in parted]
    if any(not isinstance(e, int) for e in energy):
        model.add(total(energy) <= player.counter("energy"))
    exiled = [
        graveyard_exiled(t.ability, player.graveyard) * layer.use[t.index] for layer in layers for t in parted
    ]
    if any(not isinstance(e, int) for e in exiled):
        delve = record.chosen.exiled if record.alternatives is not None else 0
        model.add(total(exiled) + delve <= (player.graveyard_size or 0))
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
        for hand, use in zip(record.problem.hand_mana, layer.hand_use, strict=True):
            taking[hand.card.name].append(use)
    for name, uses in taking.items():
        if any(not isinstance(u, int) for u in uses):
            model.add(total(uses) <= held[name])
    for back, taken in returned.values():
        if taken:
            model.add(total(taken) <= total(back))
    if len(layers) > 1 and held:
        later = layers[-1]
        later_uses = [later.use[t.index] * len(t.choices.cards) for t in parted if t.choices.cards]
        later_uses += list(later.hand_use)
        if later_uses:
            model.add(total(later_uses) == 0).only_enforce_if(discarding(record, record.main))


def share_hand_cards(record: PaymentModel) -> None:
    """Each card in hand is exiled for its mana once: by the payment, or by a later layer (keep, hand) from
    what the payment left."""
    model = record.model
    main = record.main
    by_card: dict[int, list[int]] = defaultdict(list)
    for number, hand in enumerate(record.problem.hand_mana):
        by_card[hand.position].append(number)
    for numbers in by_card.values():
        model.add(sum(main.hand_use[n] for n in numbers) <= 1)
        for layer in record.layers[1:]:
            model.add(sum(main.hand_use[n] + layer.hand_use[n] for n in numbers) <= 1)


def cards_lost(record: PaymentModel, layer: Layer) -> Expr:
    """How many cards the layer takes from the hand: exiled for their mana (Elvish Spirit Guide), chosen
    by a cost (discarded, exiled), and once it discards its hand every card left there."""
    templates = record.templates
    chosen = [total(layer.hand_use)]
    chosen += [len(t.choices.cards) * layer.use[t.index] for t in templates if t.choices.cards]
    taken = total(chosen)
    held = len(record.board.player(record.player).hand)
    if not held or not any(discards_hand(t.ability) for t in templates):
        return taken
    discards = discarding(record, layer)
    rest = record.model.new_int_var(0, held, f"{layer.name}_hand_discarded")
    record.model.add(rest == held - taken).only_enforce_if(discards)
    record.model.add(rest == 0).only_enforce_if(discards.negated())
    return taken + rest
