"""The payment that ends a plan (CR 601.2h: the pool's mana, life for Phyrexian symbols, and convoke,
improvise and delve) checked by the rules, and what the whole payment did (:class:`PaymentSummary`: the
quantities the objective compares plans by).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

from models.board import Board, Permanent
from models.cost import PaymentTarget
from models.mana import TYPE_ORDER, ManaBag
from models.riders import NOTHING_SPENT, SpentMana
from planner.rules.alternatives import (
    CREATURE_KINDS,
    Alternatives,
    apply_alternatives,
    covered_slots,
    destroyed_by_alternatives,
    reduced_costs,
)
from planner.rules.life_exiled import exiled_instead
from planner.rules.payment import can_pay_exactly
from planner.rules.payment_bans import life_banned
from planner.rules.plan_state import NOTHING_PAID, CostsPaid, IllegalPlanError, PlanState, spent_from
from planner.rules.pool import ManaUnit, SpendRules
from planner.rules.question import view_of
from planner.rules.step_costs import units_text
from planner.rules.view import BoardView

__all__ = [
    "PaymentSummary",
    "finish",
    "paid_target",
    "spent_mana",
    "summarise",
    "summary_of",
]


@dataclass(kw_only=True, frozen=True, slots=True)
class PaymentSummary:
    """What a finished payment did, for comparing plans: the quantities the objective reads."""

    tapped: frozenset[str]
    untapped: frozenset[str]
    sacrificed: frozenset[str]
    life_paid: int
    damage: int
    floating: tuple[ManaUnit, ...]
    used: frozenset[str] = frozenset()  # every permanent activated, tapped, untapped or sacrificed
    exiled: int = 0  # cards exiled from the graveyard for delve
    convoked: frozenset[str] = frozenset()  # creatures tapped for convoke
    from_hand: tuple[str, ...] = ()  # the names of the cards exiled from the hand for their mana, sorted
    exiled_permanents: frozenset[str] = frozenset()  # exiled by a cost (Food Chain)
    returned: frozenset[str] = frozenset()  # returned to their owners' hands by a cost
    discarded: tuple[str, ...] = ()  # the names of the cards discarded for a cost (Bog Witch), sorted
    exiled_cards: tuple[str, ...] = ()  # the names of the cards exiled from the hand for a cost, sorted
    energy_paid: int = 0  # energy counters paid ({E}: Aether Hub)
    exerted: frozenset[str] = frozenset()  # permanents exerted (CR 701.39)
    #: permanents tapped that a trigger on tapping destroys after the payment (Blight: CR 603.3)
    destroyed: frozenset[str] = frozenset()
    #: cards exiled from the top of the library instead of life paid (Ashiok, Wicked Manipulator: CR
    #: 614.1a; :mod:`planner.rules.life_exiled`), not in ``life_paid``
    library_exiled: int = 0
    # the mana that paid the target, as its riders read it (converge, adamant): only when it has riders
    spent_mana: SpentMana = NOTHING_SPENT

    @property
    def cards_lost(self) -> int:
        """The cards the payment took from the hand: exiled for their mana, discarded, exiled for a cost."""
        return len(self.from_hand) + len(self.discarded) + len(self.exiled_cards)

    @property
    def gone(self) -> frozenset[str]:
        """The permanents the payment took off the battlefield: sacrificed, exiled, returned."""
        if not self.exiled_permanents and not self.returned:
            return self.sacrificed
        return self.sacrificed | self.exiled_permanents | self.returned

    @property
    def floating_bag(self) -> ManaBag:
        """The floating mana by type."""
        return ManaBag.of(unit.type for unit in self.floating)


def paid_target(
    pool: Counter[ManaUnit],
    view: BoardView,
    player: str,
    life_total: int,
    target: PaymentTarget,
    spent: Sequence[ManaUnit],
    life: int,
    index: int,
    alternatives: Alternatives = (),
) -> tuple[ManaUnit, ...]:
    """The pool left after paying the target with ``spent`` (taken from ``pool`` itself) and ``life``
    (CR 601.2h), the part that ``alternatives`` (convoke, improvise, delve) paid aside; raises
    ``IllegalPlanError`` on an illegal payment."""
    remaining = spent_from(pool, spent)
    if remaining is None:
        raise IllegalPlanError(index, "the payment spends mana that is not in the pool")
    if life > 0 and life_total < life:
        raise IllegalPlanError(
            index, f"paying {life} life needs at least {life} life; the player has {life_total}"
        )
    if life > 0 and life_banned(view, player, target.kind):
        raise IllegalPlanError(index, f"paying {life} life is forbidden by a prohibition (CR 118.3)")
    if target.cost.has_variable:
        raise IllegalPlanError(index, "choose X before paying (CR 107.3a)")
    rules = SpendRules.for_player(view, player)
    left = reduced_costs(target.cost, covered_slots(alternatives)) if alternatives else (target.cost,)
    if not any(can_pay_exactly(spent, cost, target, rules, life) for cost in left):
        paid = "".join(f" and {a.kind.value} {a.paid_text}" for a in alternatives)
        raise IllegalPlanError(
            index, f"{units_text(spent)}{paid} and {life} life do not pay {target.cost} exactly"
        )
    return remaining


def finish(
    start: Board,
    state: PlanState,
    target: PaymentTarget,
    spent: Sequence[ManaUnit],
    life: int,
    index: int,
    alternatives: Alternatives = (),
) -> PaymentSummary:
    """Pay the target from the pool and by its alternative payments (CR 601.2h) and summarise the whole
    payment; raises on an illegal one."""
    if alternatives:
        try:
            board, damage = apply_alternatives(view_of(state.board), state.player, target, alternatives)
        except ValueError as error:
            raise IllegalPlanError(index, str(error)) from None
        destroyed = destroyed_by_alternatives(view_of(state.board), alternatives)
        costs = state.costs.with_destroyed(destroyed)
        state = replace(state, board=board, damage=state.damage + damage, costs=costs)
    remaining = paid_target(
        Counter(state.pool),
        view_of(state.board),
        state.player,
        state.life,
        target,
        spent,
        life,
        index,
        alternatives,
    )
    return summarise(
        start,
        state,
        remaining,
        life,
        exiled=sum(a.cards for a in alternatives),
        convoked=frozenset(a.permanent for a in alternatives if a.kind in CREATURE_KINDS),
        spent_mana=spent_mana(start, target, spent),
    )


def summarise(
    start: Board,
    state: PlanState,
    remaining: tuple[ManaUnit, ...],
    life: int,
    *,
    exiled: int = 0,
    convoked: frozenset[str] = frozenset(),
    spent_mana: SpentMana = NOTHING_SPENT,
) -> PaymentSummary:
    """What a payment did, given the pool left after it, the life its total cost paid (Phyrexian symbols,
    additional costs: one payment, which the library may pay instead, :func:`~planner.rules.life_exiled.
    exiled_instead`), the cards it exiled for delve and the mana that paid the target as its riders read it
    (:func:`spent_mana`)."""
    activated = (pid for pid, _ in state.activations)
    instead = exiled_instead(view_of(state.board), state.player, life) if life else 0
    return summary_of(
        start,
        state.board.permanents,
        state.sacrificed,
        activated,
        state.life_paid + life - instead,
        state.damage,
        remaining,
        library_exiled=state.library_exiled + instead,
        exiled=exiled,
        convoked=convoked,
        from_hand=state.from_hand,
        costs=state.costs,
        spent_mana=spent_mana,
    )


def summary_of(
    start: Board,
    after: Iterable[Permanent],
    sacrificed_ids: Iterable[str],
    activated_ids: Iterable[str],
    life_paid: int,
    damage: int,
    remaining: tuple[ManaUnit, ...],
    *,
    exiled: int = 0,
    convoked: frozenset[str] = frozenset(),
    from_hand: tuple[str, ...] = (),
    costs: CostsPaid = NOTHING_PAID,
    spent_mana: SpentMana = NOTHING_SPENT,
    library_exiled: int = 0,
) -> PaymentSummary:
    """A payment's summary from the permanents after it (those still on the battlefield whose tapped status
    it may have changed, or more), what it sacrificed and activated, life paid and damage taken, the pool
    left, what delve exiled and convoke tapped, the cards exiled from the hand for their mana (their
    names, sorted), and what the activations' other cost parts took (``costs``)."""
    changed = [p for p in after if p.tapped != start.permanent(p.id).tapped]
    tapped = frozenset([p.id for p in changed if p.tapped])
    untapped = frozenset([p.id for p in changed if not p.tapped]) if len(tapped) < len(changed) else _NONE
    sacrificed = frozenset(sacrificed_ids)
    activated = frozenset(activated_ids)
    exiled_permanents = frozenset(costs.exiled) if costs.exiled else _NONE
    returned = frozenset(costs.returned) if costs.returned else _NONE
    used = activated | tapped
    for more in (untapped, sacrificed, exiled_permanents, returned):
        if more:
            used |= more
    return PaymentSummary(
        tapped=tapped,
        untapped=untapped,
        sacrificed=sacrificed,
        life_paid=life_paid,
        damage=damage,
        floating=remaining,
        used=used,
        exiled=exiled,
        convoked=convoked,
        from_hand=from_hand,
        exiled_permanents=exiled_permanents,
        returned=returned,
        discarded=costs.discarded,
        exiled_cards=costs.exiled_cards,
        energy_paid=costs.energy,
        exerted=frozenset(costs.exerted) if costs.exerted else _NONE,
        spent_mana=spent_mana,
        destroyed=frozenset(costs.destroyed) if costs.destroyed else _NONE,
        library_exiled=library_exiled,
    )


#: No permanents (shared by the summaries of payments that untap, exile, return or exert none).
_NONE: frozenset[str] = frozenset()


def spent_mana(start: Board, target: PaymentTarget, spent: Iterable[ManaUnit]) -> SpentMana:
    """The mana that paid ``target``, as its riders read it (:mod:`models.riders`): each type's amount, and
    how much came from a Treasure (its source a Treasure on the board the payment started from); nothing
    when the target has no riders, so that payments alike in all else are one outcome.

    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
    ...     {"id": "t", "card": "Treasure", "controller": "me"}]})
    >>> from planner.rules.production import ManaTag
    >>> from models.mana import ManaType
    >>> from models.riders import TreasureSpent
    >>> target = replace(PaymentTarget.of("{1}"), riders=(TreasureSpent(),))
    >>> spent_mana(board, target, [ManaUnit(ManaType.R, ManaTag(source="t"))])
    SpentMana(types=(0, 0, 0, 1, 0, 0), from_treasures=1)
    """
    if not target.riders:
        return NOTHING_SPENT
    units = list(spent)
    view = view_of(start)
    treasures = sum(
        1
        for unit in units
        if start.has_permanent(unit.tag.source) and view.type_line(unit.tag.source).is_a("Treasure")
    )
    return SpentMana(tuple(sum(1 for unit in units if unit.type is t) for t in TYPE_ORDER), treasures)
