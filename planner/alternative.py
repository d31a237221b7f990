"""A spell paid for its mana cost or for one of its alternative costs (CR 118.9, contract §6 and §12),
whichever the objective finds best: every way is solved and compared, as :mod:`planner.additional` compares
every choice of cards to discard (exact).

Each way is the spell cast for that cost (:func:`~planner.rules.alternative_costs.cast_for`: its mana
instead of the mana cost, its sacrifices planned with the mana as additional costs are) on the board less
what the way pays besides (:func:`~planner.rules.alternative_costs.paid_board`: the life, the energy, each
choice of cards to exile from the hand). The payments are ranked by the whole objective
(:func:`~planner.solve.objective.objective_of` on the payment with the way's life, energy and cards added:
life paid, cards taken from the hand and permanents sacrificed count as they do for any payment), after
the levels ``--keep`` and ``--hand`` put first; among equals the mana cost wins, then the ways in the order
:func:`~planner.rules.alternative_costs.usable_ways` gives them. The answer is optimal when every way's
payment is.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from models.board import Board
from models.cost import PaymentTarget
from planner.rules.additional_costs import AdditionalPaid, sacrifice_candidates, with_additional
from planner.rules.alternative_costs import (
    AlternativeCostPaid,
    Way,
    cast_for,
    check_alternative,
    exile_choices,
    paid_board,
    permits_x,
    usable_ways,
    way_x,
    with_alternative,
)
from planner.rules.cast_riders import with_cast_riders
from planner.rules.question import view_of
from planner.rules.replay import replay
from planner.solve.objective import OBJECTIVE_LEVELS, objective_of
from planner.solve.problem import PaymentProblem

if TYPE_CHECKING:
    from planner.answer import PayResult

__all__ = ["PayPlain", "choose_way", "split_sacrificed", "with_way_paid"]

#: Pays a target on a board within a time limit (seconds), its mana cost only, as :func:`planner.api.pay`.
PayPlain = Callable[[Board, PaymentTarget, float], "PayResult"]


@dataclass(frozen=True, slots=True)
class _Tried:
    """One way solved: its levels (the first levels', then the objective's), its answer, what it paid."""

    levels: tuple[tuple[str, int], ...]
    answer: PayResult
    paid: AlternativeCostPaid | None


def choose_way(
    board: Board,
    target: PaymentTarget,
    player: str,
    pay_plain: PayPlain,
    *,
    option: str,
    time_limit: float,
    x: int | None = None,
    life_value: int | None = None,
    prefer: tuple[str, ...] = (),
) -> PayResult | None:
    """The best payment of ``target`` among its mana cost (unless ``option`` is ``require``) and its usable
    alternative costs; None when it has none to try (the caller pays the mana cost as usual)."""
    ways = usable_ways(board, player, target) if option != "forbid" else ()
    if x is not None:  # (a permission's greatest mana value counts the X chosen: CR 202.3e)
        ways = tuple(way for way in ways if permits_x(board, player, target, way, x))
    if not ways:
        return None
    deadline = time.monotonic() + time_limit
    tries: list[tuple[Way | None, tuple[str, ...]]] = [] if option == "require" else [(None, ())]
    tries += [(way, exiled) for way in ways for exiled in exile_choices(board, player, target, way, x)]
    best: _Tried | None = None
    refused: PayResult | None = None
    unknown: PayResult | None = None
    proven = True
    for index, (way, exiled) in enumerate(tries):
        remaining = deadline - time.monotonic()
        if remaining <= 0 and index > 0:
            proven = False
            break
        after = board if way is None else paid_board(board, player, way, exiled)
        cast = target if way is None else cast_for(target, way)
        answer = pay_plain(after, cast, max(remaining, 0.001))
        if answer.payable is False:
            refused = refused or answer
            continue
        if answer.payable is None or answer.plan is None:
            proven, unknown = False, unknown or answer
            continue
        tried = _tried(after, player, target, cast, way, exiled, answer, x, life_value, prefer)
        proven = proven and answer.optimal
        if best is None or _values(tried.levels) < _values(best.levels):
            best = tried
    if best is None:
        if unknown is not None:
            return unknown
        assert refused is not None  # (every way tried was refused, or no answer in time)
        return refused if proven else replace(refused, payable=None, optimal=False, reason="time limit")
    answer = best.answer
    if best.paid is not None:
        check_alternative(board, player, target, best.paid, x)
        answer = with_way_paid(answer, target, best.paid, way_x(board, player, best.paid, x))
    return replace(answer, objective=best.levels, optimal=proven)


def with_way_paid(
    answer: PayResult, target: PaymentTarget, paid: AlternativeCostPaid, x: int | None = None
) -> PayResult:
    """The answer of a payment of ``cast_for(target, way)`` made the answer of ``target`` cast for the
    alternative cost ``paid``: its cost as printed, X 0 unless the way's mana has X (CR 107.3) or it exiles
    a card 'with mana value X' (the Shoals: ``x``, that card's mana value), the way's
    sacrifices taken out of the additional costs', its life, energy and cards exiled (from the hand, from the
    graveyard: escape) added (``pay --spell``
    and ``plan-turn`` name it alike)."""
    discarded, exiled = (paid.exiled, ()) if paid.discards else ((), paid.exiled)
    return replace(
        answer,
        cost=str(target.cost),
        cost_has_x=target.cost.has_variable,
        x=_answer_x(answer, target, paid, x),
        additional=AdditionalPaid(
            tuple(pid for pid in answer.additional.sacrificed if pid not in paid.sacrificed),
            answer.additional.discarded,
            returned=answer.additional.returned,
            life=answer.additional.life,
        ),
        alternative_cost=paid,
        life_paid=answer.life_paid + paid.cost.life,
        parts=replace(
            answer.parts,
            energy_paid=answer.parts.energy_paid + paid.cost.energy,
            exiled_from_graveyard=answer.parts.exiled_from_graveyard + paid.cost.graveyard_exile,
            exiled_from_hand=tuple(sorted((*answer.parts.exiled_from_hand, *exiled))),
            discarded=tuple(sorted((*answer.parts.discarded, *discarded))),  # (Dream Halls')
        ),
    )


def _answer_x(
    answer: PayResult, target: PaymentTarget, paid: AlternativeCostPaid, x: int | None
) -> int | None:
    """The X of a spell cast for an alternative cost (:func:`with_way_paid`)."""
    if paid.cost.exile is not None and paid.cost.exile.mana_value_x:
        return x
    return 0 if target.cost.has_variable and not paid.cost.mana.count("X") else answer.x


def _values(levels: tuple[tuple[str, int], ...]) -> tuple[int, ...]:
    return tuple(value for _, value in levels)


def _tried(
    board: Board,
    player: str,
    target: PaymentTarget,
    cast: PaymentTarget,
    way: Way | None,
    exiled: tuple[str, ...],
    answer: PayResult,
    x: int | None,
    life_value: int | None,
    prefer: tuple[str, ...],
) -> _Tried:
    """One way's payment (``answer`` of ``cast`` on ``board``), ranked by the whole objective."""
    assert answer.plan is not None
    mana_only = replace(cast, additional_costs=())
    chosen_x = x if cast.cost.has_variable else None
    paid_target = PaymentProblem.of(board, mana_only, player, x=chosen_x).paid_target(chosen_x)
    summary = with_additional(replay(board, paid_target, answer.plan, player), answer.additional)
    paid = None
    if way is not None:
        sacrificed = split_sacrificed(board, player, way, answer.additional.sacrificed)
        paid = AlternativeCostPaid(way.source, way.cost, sacrificed, exiled, way.permission)
        summary = with_alternative(summary, paid)
    first = tuple((name, value) for name, value in answer.objective if name in ("keep", "hand"))
    # (its own riders and those the board's triggers on its casting give it, as the summary's mana reads them)
    riders = with_cast_riders(view_of(board), target, player).riders
    levels = objective_of(board, player, summary, life_value=life_value, prefer=prefer, riders=riders)
    return _Tried((*first, *zip(OBJECTIVE_LEVELS, levels, strict=True)), answer, paid)


def split_sacrificed(board: Board, player: str, way: Way, sacrificed: tuple[str, ...]) -> tuple[str, ...]:
    """Which of the permanents a payment sacrificed for its additional costs paid the way's sacrifices
    (the first that fit each, in the board's order); the rest paid the spell's own additional costs.

    >>> from models.additional_costs import SacrificeCost
    >>> from models.alternative_costs import AlternativeCost
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
    ...     {"id": "f1", "card": "Forest", "controller": "me"},
    ...     {"id": "elf", "card": "Llanowar Elves", "controller": "me"}]})
    >>> split_sacrificed(board, "me", Way("Flare", AlternativeCost("", sacrifice=(SacrificeCost(1,
    ...     ("Creature",)),))), ("f1", "elf"))
    ('elf',)
    """
    left = list(sacrificed)
    taken: list[str] = []
    for cost in way.cost.sacrifice:
        fits = [pid for pid in sacrifice_candidates(board, player, cost) if pid in left][: cost.count]
        taken += fits
        left = [pid for pid in left if pid not in fits]
    return tuple(pid for pid in sacrificed if pid in taken)
