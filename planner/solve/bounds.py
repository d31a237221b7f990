"""Proving "no" before the CP-SAT model is built: counts of what the untapped sources could make at most,
against what the cost needs at least.

Each check is a necessary condition for a payment, so a cost that fails one is unpayable whatever the
model would find; a cost that passes them all goes to the model as before. They are Hall-type bounds:

- *in all*: the mana the cost needs (each symbol's cheapest way; X as 0 when it is left to the solver) is at
  most the mana the payer could have net of what abilities cost (the pool, cards in hand, and per permanent
  the most one of its {T} abilities' outcomes makes beyond its mana cost; abilities without {T} as often as
  the model lets them be activated), plus what convoke, improvise and delve could pay;
- *per set of types*: for every set of mana types, the symbols that can only be paid with mana of a type
  in the set are at most the mana of those types the payer could make, before any costs (for each
  permanent, the most of its {T} outcomes' mana that fits), plus the alternative payments again;
- *both at once*: for every set of types, one choice of {T} outcome per permanent meets both counts
  above. A permanent whose best outcome for the one count is not its best for the other (Cascading
  Cataracts: {C}, or five colors for {5}) can't count its best twice.

They are skipped where counting per permanent is not sound: a board with a {Q} ability (a permanent may
then be tapped twice) and a turn's plan (:class:`~planner.solve.problem.TurnPayments`).
"""

from __future__ import annotations

import itertools
from collections import defaultdict
from collections.abc import Sequence

from models.cost import CostSymbol, ManaCost, PaymentTarget, Slot, SymbolKind
from models.mana import TYPE_ORDER, ManaType, ManaTypes
from planner.rules.activations import Activation
from planner.rules.payment import GENERIC
from planner.rules.pool import SpendRules
from planner.rules.production import ManaTag, Outcome
from planner.solve.problem import PaymentProblem

__all__ = ["alternative_most", "unpayable_core"]


def _least_mana(cost: ManaCost) -> int:
    """The least mana that pays a cost: each symbol's cheapest way (a Phyrexian symbol's life: 0; X: 0)."""
    return sum(
        min(way.mana for way in symbol.ways())
        for symbol in cost.symbols
        if symbol.kind is not SymbolKind.VARIABLE
    )


def _typed_slots(symbol: CostSymbol) -> frozenset[ManaType] | None:
    """The types a symbol can only be paid with (each of its ways takes one mana of a type), or None when
    some way takes generic or snow mana, or life."""
    if symbol.kind is SymbolKind.VARIABLE:
        return None
    slots: set[ManaType] = set()
    for way in symbol.ways():
        if not isinstance(way.slot, ManaType) or way.mana != 1:
            return None
        slots.add(way.slot)
    return frozenset(slots)


#: A packet as :func:`_fitting` reads it: how much mana, the mask of the types it may be, whether it is snow.
_Made = tuple[int, int, bool]


def _allowed_packets(outcome: Outcome, target: PaymentTarget) -> tuple[_Made, ...]:
    """The packets of an outcome whose restriction lets them pay for ``target`` (CR 106.6), as
    :func:`_fitting` reads them."""
    return tuple(
        (packet.total, packet.types.mask, packet.tag.snow)
        for packet in outcome.packets
        if packet.tag.allows(target)
    )


def _fitting(
    packets: Sequence[_Made],
    types: frozenset[ManaType],
    rules: SpendRules,
    target: PaymentTarget,
    known: dict[tuple[int, bool], bool],
) -> int:
    """How much of an outcome's mana (its :func:`_allowed_packets`) could pay a slot of one of ``types`` in a
    payment for ``target``; ``known`` keeps, for these types, whether a packet of a mask and snow status
    fits (the many outcomes of one ability under triggers share a few).

    >>> from models.mana import ManaTypes
    >>> rules, target = SpendRules(), PaymentTarget.of("{G}")
    >>> _fitting([(2, ManaTypes.parse("RG").mask, False), (1, ManaTypes.parse("W").mask, False)],
    ...     frozenset({ManaType.G}), rules, target, {})
    2
    """
    made = 0
    for amount, mask, snow in packets:
        fits = known.get((mask, snow))
        if fits is None:
            fits = any(rules.fits(t, snow, slot, target) for t in ManaTypes(mask) for slot in types)
            known[(mask, snow)] = fits
        made += amount if fits else 0
    return made


def alternative_most(problem: PaymentProblem) -> int:
    """The most the target's convoke, improvise and delve could pay: one per creature or artifact that may
    pay on a board the payment may leave (:attr:`PaymentProblem.payers`), and the graveyard."""
    tappers = {pid for ways in problem.payers.found.values() for pid, _, _ in ways}
    return len(tappers) + (problem.graveyard_most if problem.target.delve else 0)


def unpayable_core(problem: PaymentProblem) -> tuple[Slot, ...] | None:
    """The slots of the target's cost that the payer can't fill whatever it activates, when a count proves
    it (the module docstring); None when no count does (the model decides then). Past the problem's
    deadline it raises :class:`~planner.solve.problem.TimeUp`, as building the model does.

    >>> from models.board import Board
    >>> from models.cost import PaymentTarget
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
    ...     {"id": "f1", "card": "Forest", "controller": "me"},
    ...     {"id": "sol", "card": "Sol Ring", "controller": "me"},
    ...     {"id": "bop", "card": "Birds of Paradise", "controller": "me"}]})
    >>> unpayable_core(PaymentProblem.of(board, PaymentTarget.of("{G}{G}{G}"))) == (ManaType.G,)
    True
    >>> unpayable_core(PaymentProblem.of(board, PaymentTarget.of("{4}{G}"))) == (GENERIC,)
    True
    >>> unpayable_core(PaymentProblem.of(board, PaymentTarget.of("{2}{G}{G}"))) is None
    True
    """
    if problem.turn is not None:
        return None
    # (the model's templates: an amount the payment may change counts its most there, Crypt of Agadeem's
    # with the cards the payment may sacrifice)
    templates = problem.dynamics.templates
    if any(t.ability.cost.untap for t in templates):
        return None
    cost = problem.target.cost
    rules = problem.rules
    extra = alternative_most(problem)
    pool = problem.pool
    hand = problem.hand_mana
    # what the cost needs: of each set of types, and in all
    needs: dict[frozenset[ManaType], int] = defaultdict(int)
    for symbol in cost.symbols:
        slots = _typed_slots(symbol)
        if slots is not None:
            needs[slots] += 1
    least = _least_mana(cost)
    # in all: per permanent the most one {T} ability makes net of its cost (of the mana that could pay for
    # anything), and the most whose restriction lets it pay for the target (mana that can't may still pay
    # an ability's cost); the others summed
    target = problem.target
    payees = [target, *(t.target for t in templates if t.costs_mana)]

    def spendable(tag: ManaTag) -> bool:
        """Whether mana with this tag could pay for anything: the target or an ability's cost."""
        return tag.restriction is None or any(tag.allows(payee) for payee in payees)

    nets = [
        max(0, sum(p.total for p in t.outcome.packets if spendable(p.tag)) - _least_mana(t.ability.cost.mana))
        for t in templates
    ]
    others = extra + sum(spendable(u.tag) for u in pool)  # (all of it is net)
    others += sum(h.mana.total for h in hand if spendable(h.tag))
    if least > others + _most_by_permanent(templates, nets):
        return (GENERIC,)
    allowed = [sum(p.total for p in t.outcome.packets if p.tag.allows(target)) for t in templates]
    allowed_others = extra + sum(u.allowed_for(target) for u in pool)
    allowed_others += sum(h.mana.total for h in hand if h.tag.allows(target))
    if least > allowed_others + _most_by_permanent(templates, allowed):
        return (GENERIC,)
    # per set of types, smallest sets first (a single type gives the plainest explanation), then the two
    # counts at once
    wanted = sorted({t for slots in needs for t in slots}, key=TYPE_ORDER.index)
    packets = [_allowed_packets(t.outcome, target) for t in templates]
    jointly: list[tuple[tuple[Slot, ...], int, list[int]]] = [((GENERIC,), least - allowed_others, allowed)]
    for size in range(1, len(wanted) + 1):
        for chosen in itertools.combinations(wanted, size):
            types = frozenset(chosen)
            need = sum(count for slots, count in needs.items() if slots <= types)
            if not need:
                continue
            problem.check_time()
            have = extra
            have += sum(
                1
                for unit in pool
                if unit.allowed_for(target)
                and any(rules.fits(unit.type, unit.tag.snow, s, target) for s in types)
            )
            for card in hand:
                if card.tag.allows(target):
                    have += sum(
                        card.mana[made]
                        for made in card.mana.types
                        if any(rules.fits(made, card.tag.snow, s, target) for s in types)
                    )
            known: dict[tuple[int, bool], bool] = {}
            fits = [_fitting(made, types, rules, target, known) for made in packets]
            ordered = tuple(sorted(types, key=TYPE_ORDER.index))
            if need > have + _most_by_permanent(templates, fits):
                return ordered
            jointly.append(((*ordered, GENERIC), need - have, fits))
    for core, need, fits in jointly:
        problem.check_time()
        if _most_fitting_at_net(templates, nets, fits, least - others) < need:
            return core
    return None


def _most_by_permanent(templates: Sequence[Activation], amounts: Sequence[int]) -> int:
    """The most of an amount per template the templates add up to when each permanent (or group of
    interchangeable ones) uses one {T} template, and templates without {T} are used as often as they may
    be.

    >>> from models.board import Board
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
    ...     {"id": "f1", "card": "Forest", "controller": "me"},
    ...     {"id": "f2", "card": "Forest", "controller": "me"}]})
    >>> templates = PaymentProblem.of(board, PaymentTarget.of("{G}")).templates
    >>> _most_by_permanent(templates, [1] * len(templates))
    2
    """
    free = 0
    tapped: dict[str, int] = defaultdict(int)
    for template, amount in zip(templates, amounts, strict=True):
        if template.ability.cost.tap:
            tapped[template.pid] = max(tapped[template.pid], amount * template.bound)
        else:
            free += amount * template.bound
    return free + sum(tapped.values())


def _most_fitting_at_net(
    templates: Sequence[Activation], nets: Sequence[int], fits: Sequence[int], net_needed: int
) -> int:
    """The most fitting mana (``fits``, per template) of the templates when their net mana (``nets``) is
    to reach ``net_needed``, each permanent using one {T} template (a group of interchangeable permanents:
    one each) and the templates without {T} as often as they may be; -1 when the net can't be reached.

    A dynamic programme over the net reached so far (capped at ``net_needed``), with only the permanents
    whose templates trade one amount for the other: the others add their best of both.

    >>> from models.board import Board
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
    ...     {"id": "f1", "card": "Forest", "controller": "me"},
    ...     {"id": "cc", "card": "Cascading Cataracts", "controller": "me"}]})
    >>> templates = PaymentProblem.of(board, PaymentTarget.of("{G}")).templates
    >>> nets = [max(0, t.outcome.total - _least_mana(t.ability.cost.mana)) for t in templates]
    >>> fits = [t.outcome.total if ManaType.G in t.outcome.types else 0 for t in templates]
    >>> _most_fitting_at_net(templates, nets, fits, 1), _most_fitting_at_net(templates, nets, fits, 2)
    (6, 1)
    """
    fixed_net = fixed_fits = 0
    offers: dict[str, list[tuple[int, int]]] = defaultdict(list)
    copies: dict[str, int] = defaultdict(int)
    for template, net, fit in zip(templates, nets, fits, strict=True):
        if template.ability.cost.tap:
            offers[template.pid].append((net, fit))
            copies[template.pid] = max(copies[template.pid], template.bound)
        else:
            fixed_net += net * template.bound
            fixed_fits += fit * template.bound
    choices: list[list[tuple[int, int]]] = []
    for pid, offered in offers.items():
        best_net = max(net for net, _ in offered)
        best_fits = max(fit for _, fit in offered)
        if (best_net, best_fits) in offered:
            fixed_net += best_net * copies[pid]
            fixed_fits += best_fits * copies[pid]
        else:
            # (the offers no other offer beats on both counts)
            front = [
                o for o in set(offered) if not any(p != o and p[0] >= o[0] and p[1] >= o[1] for p in offered)
            ]
            choices += [front] * copies[pid]
    reached = {min(fixed_net, net_needed): fixed_fits}  # net reached (capped) -> the most fitting mana
    for front in choices:
        following: dict[int, int] = {}
        for net, fit in reached.items():
            for offer_net, offer_fits in front:
                key = min(net + offer_net, net_needed)
                following[key] = max(following.get(key, -1), fit + offer_fits)
        reached = following
    return max((fit for net, fit in reached.items() if net >= net_needed), default=-1)
