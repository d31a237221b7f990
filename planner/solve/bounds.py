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
  permanent, the most of its {T} outcomes' mana that fits), plus the alternative payments again.

They are skipped where counting per permanent is not sound: a board with a {Q} ability (a permanent may
then be tapped twice) and a turn's plan (:class:`~planner.solve.problem.TurnPayments`).
"""

from __future__ import annotations

import itertools
from collections import defaultdict

from models.cost import CostSymbol, ManaCost, PaymentTarget, Slot, SymbolKind
from models.mana import TYPE_ORDER, ManaType
from planner.rules.alternatives import AlternativeKind, candidates
from planner.rules.payment import GENERIC
from planner.rules.pool import SpendRules
from planner.rules.production import Outcome
from planner.solve.problem import PaymentProblem

__all__ = ["unpayable_core"]


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


def _fitting(outcome: Outcome, types: frozenset[ManaType], rules: SpendRules, target: PaymentTarget) -> int:
    """How much of an outcome's mana could pay a slot of one of ``types`` in a payment for ``target``."""
    return sum(
        packet.total
        for packet in outcome.packets
        if any(rules.fits(made, packet.tag.snow, slot, target) for made in packet.types for slot in types)
    )


def _alternative_most(problem: PaymentProblem) -> int:
    """The most the target's convoke, improvise and delve could pay: one per creature or artifact, and
    the graveyard."""
    target, view, player = problem.target, problem.view, problem.player
    tappers = set(candidates(view, player, target, AlternativeKind.CONVOKE))
    tappers |= set(candidates(view, player, target, AlternativeKind.IMPROVISE))
    graveyard = problem.board.player(player).graveyard_size or 0
    return len(tappers) + (graveyard if target.delve else 0)


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
    templates = problem.templates
    if any(t.ability.cost.untap for t in templates):
        return None
    cost = problem.target.cost
    rules = problem.rules
    extra = _alternative_most(problem)
    pool = problem.pool
    hand = problem.hand_mana
    # what the cost needs: of each set of types, and in all
    needs: dict[frozenset[ManaType], int] = defaultdict(int)
    for symbol in cost.symbols:
        slots = _typed_slots(symbol)
        if slots is not None:
            needs[slots] += 1
    least = _least_mana(cost)
    # in all: per permanent the most one {T} ability makes net of its cost; the others summed
    tapped: dict[str, int] = defaultdict(int)
    net = len(pool) + sum(h.mana.total for h in hand) + extra
    for template in templates:
        made = max(0, template.outcome.total - _least_mana(template.ability.cost.mana)) * template.bound
        if template.ability.cost.tap:
            tapped[template.pid] = max(tapped[template.pid], made)
        else:
            net += made
    if least > net + sum(tapped.values()):
        return (GENERIC,)
    # per set of types, smallest sets first (a single type gives the plainest explanation)
    wanted = sorted({t for slots in needs for t in slots}, key=TYPE_ORDER.index)
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
                if any(rules.fits(unit.type, unit.tag.snow, s, problem.target) for s in types)
            )
            for card in hand:
                have += sum(
                    card.mana[made]
                    for made in card.mana.types
                    if any(rules.fits(made, card.tag.snow, s, problem.target) for s in types)
                )
            by_permanent: dict[str, int] = defaultdict(int)
            for template in templates:
                fits = _fitting(template.outcome, types, rules, problem.target) * template.bound
                if template.ability.cost.tap:
                    by_permanent[template.pid] = max(by_permanent[template.pid], fits)
                else:
                    have += fits
            if need > have + sum(by_permanent.values()):
                return tuple(sorted(types, key=TYPE_ORDER.index))
    return None
