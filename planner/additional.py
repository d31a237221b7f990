"""A payment with the spell's additional costs planned together with its mana (contract §12, CR 601.2f-h):
"As an additional cost to cast this spell, sacrifice a land" (Harrow), "..., discard a card".

The player activates mana abilities first and then pays the total cost in any order (CR 601.2g-h), so:

- a discard is chosen first: each different choice of cards is solved as the board without them in the
  hand (a card discarded is not there to be exiled for its mana, Elvish Spirit Guide), and the best
  payment by the whole objective wins (every choice of cards is tried: exact);
- a sacrifice is chosen with the mana, by the solver that pays it (:mod:`planner.solve.cpsat.sacrifice`:
  a variable per candidate, exactly as many as the cost names, none a mana ability of the plan took off
  the battlefield, each weighed by the objective's sacrifice levels), so the answer is optimal when the
  solver proves it. Where the solver can't (``pay_one`` says so: a kept cost or cards in hand kept
  castable, whose later payments the model does not take the sacrifice from), it is chosen after the
  mana: among the permanents of the cost's types that the plan left on the battlefield, the set whose
  sacrifice makes the payment best by the whole objective
  (:func:`~planner.solve.objective.objective_of`), then the one that leaves the player the most colors to
  make, then the board's order; that answer is marked optimal only when it is provably the best joint
  choice: no mana ability of the plan took a candidate off the battlefield, no candidate is sacrificed by
  design (a Treasure), and the permanents sacrificed were already used by the plan.

A board with too few permanents or cards for the costs is "not payable", with a reason naming the cost.
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field, replace

from models.additional_costs import AdditionalCost, DiscardCost, OptionalSacrifice, SacrificeCost, UnreadCost
from models.board import Board
from models.cost import PaymentTarget
from models.mana import ManaTypes
from planner.rules.additional_costs import (
    AdditionalPaid,
    check_additional,
    cost_ways,
    discard_candidates,
    discard_choices,
    exiles_from_hand,
    life_reason,
    planned_costs,
    returns_permanents,
    reveal_choices,
    sacrifice_candidates,
    sacrificed_ids,
    taps_permanents,
    turn_reduction,
    unpaid_reason,
    with_additional,
    with_x,
    without_cards,
)
from planner.rules.cast_riders import with_cast_riders
from planner.rules.plan import Plan
from planner.rules.question import could_produce_of, view_of
from planner.rules.replay import PaymentSummary, replay
from planner.rules.spell_cost import locked_in
from planner.solve.objective import OBJECTIVE_LEVELS, objective_of, sacrificed_by_design
from planner.solve.problem import PaymentProblem

__all__ = ["Chosen", "ManaPaid", "PayOne", "choose_additional", "exile_ways", "only_hand_exiles"]


@dataclass(frozen=True, slots=True)
class ManaPaid:
    """A payment of the mana, with the additional sacrifices when the solver chose them: whether it is
    payable (None: no answer in time), its plan, whether that plan is proven optimal, the answer itself,
    the levels it was chosen by before the objective's own (``--keep``'s, ``--hand``'s), and what the
    additional costs sacrifice (each group of interchangeable permanents and how many of it:
    :func:`~planner.rules.additional_costs.sacrificed_ids`), or None when the solver paid the mana alone."""

    payable: bool | None
    plan: Plan | None
    optimal: bool
    answer: object
    first: tuple[tuple[str, int], ...] = ()
    sacrificed: tuple[tuple[tuple[str, ...], int], ...] | None = None


#: Solves the payment of a target on a board, within a time limit in seconds: the target's additional
#: costs are its sacrifices (the discards are paid before), which it plans with the mana or leaves out
#: (:class:`ManaPaid` says which).
PayOne = Callable[[Board, PaymentTarget, float], ManaPaid]


@dataclass(frozen=True, slots=True)
class Chosen:
    """The best choice: the answer of the inner payment that won (``answer``, as the caller's solve gave it),
    what paid the additional costs, the levels of the whole payment by name (those the caller chose by first,
    then :data:`~planner.solve.objective.OBJECTIVE_LEVELS`), whether it is proven
    optimal; or, when nothing pays, ``payable`` False (or None: no answer in time) and a reason."""

    payable: bool | None
    answer: object = None
    paid: AdditionalPaid = field(default_factory=AdditionalPaid)
    levels: tuple[tuple[str, int], ...] = ()
    optimal: bool = False
    reason: str | None = None


def choose_additional(
    board: Board,
    target: PaymentTarget,
    player: str,
    pay_one: PayOne,
    *,
    time_limit: float,
    x: int | None = None,
    life_value: int | None = None,
    prefer: tuple[str, ...] = (),
) -> Chosen:
    """The best payment of ``target`` with its additional costs (``pay_one`` pays the mana alone): each way of
    paying them (:func:`cost_ways`: one of the ways of each choice of costs, Bone Shards' "sacrifice a
    creature or discard a card"; an optional cost paid or not, a bargain, with what it takes off the cost)
    solved in turn as the spell with those costs, the best by the whole objective; proven optimal when every
    way is decided and the best of each proven."""
    deadline = time.monotonic() + time_limit
    found: list[Chosen] = []
    reasons: list[str] = []
    # (X chosen, "with mana value X" is of that X: CR 107.3)
    target = replace(target, additional_costs=with_x(target.additional_costs, x))
    turn_less = turn_reduction(board, player, target.additional_costs)  # (Dargo's, paid or not)
    plain = replace(target, additional_costs=(), paid_reduction=target.paid_reduction + turn_less)
    # (X is chosen before the total cost is, CR 601.2b: its generic mana is what an exile may take off too)
    chosen = plain.with_x(x) if x is not None and plain.cost.has_variable else plain
    generic = locked_in(view_of(board), chosen, player).cost.generic
    for way in cost_ways(target.additional_costs, generic):
        reason = unpaid_reason(board, player, way.costs, target.name) or life_reason(board, player, way)
        if reason is not None:
            reasons.append(reason)
            continue
        paid_so = way.on(replace(target, paid_reduction=plain.paid_reduction))
        found.append(_choose_way(board, paid_so, player, pay_one, deadline, x, life_value, prefer))
    paid = [chosen for chosen in found if chosen.payable]
    decided = all(chosen.payable is not None for chosen in found)
    if paid:
        best = min(paid, key=lambda chosen: _values(chosen.levels))
        return replace(best, optimal=decided and all(chosen.optimal for chosen in paid))
    if not decided:
        return next(chosen for chosen in found if chosen.payable is None)
    if found:
        return found[0]
    return Chosen(payable=False, reason="; ".join(dict.fromkeys(reasons)))


def only_hand_exiles(costs: tuple[AdditionalCost, ...]) -> bool:
    """True when the additional costs the planner plans are optional exiles of cards from the hand that take
    mana off the cost (the Marches'): the largest X is then the largest of each way's
    (:func:`exile_ways`)."""
    planned = [cost for cost in costs if not isinstance(cost, UnreadCost)]
    return bool(planned) and all(
        isinstance(cost, OptionalSacrifice) and isinstance(cost.sacrifice, DiscardCost) and cost.reduction
        for cost in planned
    )


def exile_ways(
    board: Board, player: str, target: PaymentTarget
) -> Iterator[tuple[PaymentTarget, tuple[str, ...]]]:
    """Each way of paying a spell's optional exiles from the hand (:func:`only_hand_exiles`), fewest cards
    first: the spell without them but with what they take off its cost (CR 601.2f), and the cards exiled
    (names; copies of a card are one choice), each number of cards up to every card that may go (with X
    still to choose, each one more may take more off).

    >>> march = OptionalSacrifice(DiscardCost(1, colors="B", exiled=True), None, reduction=2)
    >>> rogue = {"name": "Rogue", "type_line": "Creature", "mana_cost": "{1}{B}"}
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me", "hand": [rogue, "Forest", rogue]}]})
    >>> target = replace(PaymentTarget.of("{X}{B}"), additional_costs=(march,))
    >>> [(way.paid_reduction, names) for way, names in exile_ways(board, "me", target)]
    [(0, ()), (2, ('Rogue',)), (4, ('Rogue', 'Rogue'))]
    """
    exiles = [
        cost.sacrifice
        for cost in target.additional_costs
        if isinstance(cost, OptionalSacrifice) and isinstance(cost.sacrifice, DiscardCost)
    ]
    candidates = discard_candidates(board, player, target.name, exiles)
    most = max(cost.reduction for cost in target.additional_costs if isinstance(cost, OptionalSacrifice))
    for way in cost_ways(target.additional_costs, generic=most * len(candidates)):
        count = sum(cost.count for cost in way.costs if isinstance(cost, DiscardCost))
        paid_so = replace(way.on(target), additional_costs=())
        for names in discard_choices(discard_candidates(board, player, target.name, way.costs), count):
            yield paid_so, names


def _choose_way(
    board: Board,
    target: PaymentTarget,
    player: str,
    pay_one: PayOne,
    deadline: float,
    x: int | None,
    life_value: int | None,
    prefer: tuple[str, ...],
) -> Chosen:
    """:func:`choose_additional` for one way of paying the additional costs: ``target``'s are the costs as
    they are, no choice among them, and enough permanents and cards are there to pay them."""
    costs = planned_costs(target.additional_costs)
    mana_only = replace(target, additional_costs=())
    sacrifices = replace(target, additional_costs=tuple(c for c in costs if isinstance(c, SacrificeCost)))
    discards = sum(cost.count for cost in costs if isinstance(cost, DiscardCost))
    best: Chosen | None = None
    refused: object = None  # (an answer "not payable", for its reason)
    proven = True
    undecided: str | None = None
    # a card revealed stays in the hand but is held apart, as the board without it: a mana ability can't
    # have taken it (CR 601.2g-h: Elvish Spirit Guide exiled for {G} is not there to reveal)
    choices = [
        (revealed, names)
        for revealed in reveal_choices(board, player, target.additional_costs, target.name)
        for names in discard_choices(
            discard_candidates(without_cards(board, player, revealed), player, target.name, costs), discards
        )
    ]
    for revealed, names in choices:
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            proven, undecided = False, "time limit"
            break
        after = without_cards(board, player, (*names, *revealed))
        paid_mana = pay_one(after, sacrifices, remaining)
        payable, plan, answer, first = paid_mana.payable, paid_mana.plan, paid_mana.answer, paid_mana.first
        if payable is False:
            refused = answer
        if payable is None or plan is None:
            proven = proven and payable is False
            undecided = undecided or (None if payable is False else "time limit")
            continue
        paid_target = PaymentProblem.of(after, mana_only, player, x=x).paid_target(x)
        summary = replay(after, paid_target, plan, player)
        chosen: tuple[AdditionalPaid, tuple[int, ...], bool] | None
        if paid_mana.sacrificed is not None:  # (chosen with the mana: the solver's proof covers it)
            chosen = _joint(after, player, target, summary, names, paid_mana, life_value, prefer)
        else:
            chosen = _sacrifice(after, player, target, summary, names, life_value, prefer)
        if chosen is None:  # (the plan's mana abilities took what the cost needs: see the module's note)
            proven = False
            undecided = undecided or (
                f"{_named(costs)}: not planned together with mana abilities that take the same permanents"
            )
            continue
        paid, levels, sure = chosen
        paid = replace(paid, revealed=revealed)
        check_additional(board, player, target.additional_costs, summary, paid, target.name, len(plan.steps))
        named = (*first, *zip(OBJECTIVE_LEVELS, levels, strict=True))
        candidate = Chosen(
            payable=True, answer=answer, paid=paid, levels=named, optimal=paid_mana.optimal and sure
        )
        proven = proven and candidate.optimal
        if best is None or _values(named) < _values(best.levels):
            best = candidate
    if best is None:
        if undecided is None:
            return Chosen(payable=False, answer=refused)
        return Chosen(payable=None, reason=undecided)
    return replace(best, optimal=proven)


def _values(levels: tuple[tuple[str, int], ...]) -> tuple[int, ...]:
    return tuple(value for _, value in levels)


def _named(costs: tuple[SacrificeCost | DiscardCost, ...]) -> str:
    return " and ".join(str(cost) for cost in costs)


def _joint(
    board: Board,
    player: str,
    target: PaymentTarget,
    summary: PaymentSummary,
    discarded: tuple[str, ...],
    paid_mana: ManaPaid,
    life_value: int | None,
    prefer: tuple[str, ...],
) -> tuple[AdditionalPaid, tuple[int, ...], bool]:
    """What the solver sacrificed with the mana of the plan whose summary is ``summary`` (with
    ``discarded`` paid), and the whole payment's levels (:func:`objective_of`, as every answer is ranked)."""
    tapped = taps_permanents(target.additional_costs)
    chosen = sacrificed_ids(paid_mana.sacrificed or (), summary.used, summary.gone, tapped=tapped)
    paid, levels = _paid_levels(board, player, target, summary, chosen, discarded, life_value, prefer)
    return paid, levels, True


def _paid_levels(
    board: Board,
    player: str,
    target: PaymentTarget,
    summary: PaymentSummary,
    sacrificed: Iterable[str],
    discarded: tuple[str, ...],
    life_value: int | None,
    prefer: tuple[str, ...],
) -> tuple[AdditionalPaid, tuple[int, ...]]:
    """The additional costs paid with ``sacrificed`` (in the board's order) and ``discarded``, and the whole
    payment's levels with them (:func:`objective_of`, as every answer is ranked)."""
    order = {permanent.id: index for index, permanent in enumerate(board.permanents)}
    returned = returns_permanents(target.additional_costs)
    tapped = taps_permanents(target.additional_costs)
    exiled = exiles_from_hand(target.additional_costs)
    in_order = tuple(sorted(sacrificed, key=order.__getitem__))
    # (the life of the way is the target's, paid with the mana: already in the summary's life paid)
    paid = AdditionalPaid(
        in_order, discarded, returned=returned, exiled=exiled, life=target.additional_life, tapped=tapped
    )
    levels = objective_of(
        board,
        player,
        with_additional(summary, paid),
        life_value=life_value,
        prefer=prefer,
        # (its own and those the board's triggers on its casting give it, as the summary's mana reads them)
        riders=with_cast_riders(view_of(board), target, player).riders,
    )
    return paid, levels


def _sacrifice(
    board: Board,
    player: str,
    target: PaymentTarget,
    summary: PaymentSummary,
    discarded: tuple[str, ...],
    life_value: int | None,
    prefer: tuple[str, ...],
) -> tuple[AdditionalPaid, tuple[int, ...], bool] | None:
    """The best permanents to sacrifice after the plan whose summary is ``summary`` (with ``discarded``
    paid), the whole payment's levels, and whether the choice is provably the best joint one; None when
    the plan left too few of them."""
    sacrifices = [cost for cost in planned_costs(target.additional_costs) if isinstance(cost, SacrificeCost)]
    options: list[tuple[str, ...]] = [()]
    view = view_of(board)
    sure = True
    for cost in sacrifices:
        candidates = sacrifice_candidates(board, player, cost)
        if summary.gone.intersection(candidates) or any(sacrificed_by_design(view, c) for c in candidates):
            sure = False
        # (one tapped for the cost is untapped as the cost is paid, after the mana abilities: CR 601.2h)
        taken_away = summary.used if cost.tapped else summary.gone
        sure = sure and not (cost.tapped and summary.used.intersection(candidates))
        options = [
            (*taken, *more)
            for taken in options
            for more in itertools.combinations(
                [pid for pid in candidates if pid not in taken_away and pid not in taken], cost.count
            )
        ]
    options = list(dict.fromkeys(tuple(sorted(option)) for option in options))
    if not options:
        return None
    order = {permanent.id: index for index, permanent in enumerate(board.permanents)}
    produce = could_produce_of(board)
    mine = [p.id for p in board.permanents if p.controller == player]

    def colors_left(option: tuple[str, ...]) -> int:
        left = ManaTypes()
        for pid in mine:
            if pid not in option and pid not in summary.gone:
                left = left | produce.get(pid, ManaTypes())
        return -len(left)

    def ranked(option: tuple[str, ...]) -> tuple[tuple[int, ...], int, tuple[int, ...]]:
        _, levels = _paid_levels(board, player, target, summary, option, discarded, life_value, prefer)
        return levels, colors_left(option), tuple(sorted(order[pid] for pid in option))

    best = min(options, key=ranked)
    paid, levels = _paid_levels(board, player, target, summary, best, discarded, life_value, prefer)
    # (a permanent tapped for the cost is one the plan did not use: the joint choice is not proven)
    sure = sure and summary.used.issuperset(best) and not paid.tapped
    return paid, levels, sure
