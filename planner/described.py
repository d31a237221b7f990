"""A solver's solution made an answer: its plan replayed by the rules (:func:`planner.rules.replay.replay`;
a plan the replayer rejects is a bug and raises) and described in a player's terms (:func:`answer_of`), or
why there is none (:func:`planner.explain.why_not_payable`)."""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import replace

from models.abilities import ManaAbility
from models.board import Board
from models.cost import CostSymbol, PaymentTarget, SymbolKind
from models.errors import InputError, InternalError
from models.mana import ManaBag
from models.mana_effects import LifeForMana, LifePaymentsExiled, TapDamage
from models.riders import rider_outcomes
from planner.answer import PaidParts, PayResult, PlanStep
from planner.answer_warnings import question_warnings, with_life_warning
from planner.explain import why_not_payable
from planner.rules.alternatives import covered_slots, reduced_costs
from planner.rules.costs import energy_paid, exerts, graveyard_exiled
from planner.rules.graveyard_grants import arriving_grants, without_removed
from planner.rules.hand import HAND
from planner.rules.life_exiled import UNKNOWN_LIBRARY, exiles_life, library_life
from planner.rules.payment import assign_symbols
from planner.rules.pool import ManaUnit
from planner.rules.question import view_of, within_question
from planner.rules.records import WarningKind
from planner.rules.replay import IllegalPlanError, PaymentSummary, Plan, Step, replay
from planner.rules.tap_triggers import damage_unless_paid
from planner.rules.view import TextWarning
from planner.solve.problem import PaymentProblem, TimeUp
from planner.solve.solution import Solution, SolveStatus


def answer_of(problem: PaymentProblem, solution: Solution, engine: str = "cp-sat") -> PayResult:
    """The answer to a payment problem from a solver's solution (``engine`` names the solver), with the
    board's text warnings and the spell's: the plan replayed and described, or why there is none. Where
    some text was used within a bound the board may pass (:attr:`WarningKind.BOUNDED`), the answer is never
    called optimal and its "no" is no answer (``payable`` None), never a "no" a bound decided."""
    warnings = question_warnings(problem)
    bounded = next((w for w in warnings if w.kind is WarningKind.BOUNDED), None)
    if bounded is not None and solution.status is SolveStatus.INFEASIBLE:
        note = f"not proven: {bounded.permanent}'s {bounded.sentence!r} used with {bounded.reason}"
        solution = Solution(status=SolveStatus.UNKNOWN, note=note)
    elif bounded is not None and solution.status is SolveStatus.OPTIMAL:
        solution = replace(solution, status=SolveStatus.FEASIBLE)
    if solution.plan is None:
        # (x: the value asked for, when pay was given one; max_x found none)
        asked = str(problem.asked.cost)
        has_x = problem.asked.cost.has_variable
        if solution.status is SolveStatus.UNKNOWN:
            return PayResult(
                payable=None,
                cost=asked,
                cost_has_x=has_x,
                reason=solution.note or "time limit",
                optimal=False,
                total_cost=str(problem.target.cost),
                x=problem.x,
                engine=engine,
                warnings=warnings,
            )
        reason = why_not_payable(problem, solution.core)
        return PayResult(
            payable=False,
            cost=asked,
            cost_has_x=has_x,
            reason=reason,
            total_cost=str(problem.target.cost),
            x=problem.x,
            engine=engine,
            warnings=warnings,
        )
    plan = solution.plan
    paid_target = problem.paid_target(solution.x or 0)
    try:
        summary = replay(problem.board, paid_target, plan, problem.player, check=problem.check_time)
    except TimeUp:  # (the plan's replay ran past the time limit: no answer in time, never a 'no')
        return answer_of(problem, Solution(status=SolveStatus.UNKNOWN), engine)
    except IllegalPlanError as error:
        raise InternalError(f"the model's plan fails the rules replay at {error}") from error
    answer = described_payment(
        problem, paid_target, plan, summary, solution, engine=engine, warnings=warnings
    )
    return with_life_warning(problem.board, problem.player, answer)


def _damage_unless_paid(board: Board, summary: PaymentSummary) -> tuple[tuple[str, int, str], ...]:
    """The damage the payment's tapping sets off that the player may pay mana to avoid (Seizures), for
    :attr:`PayResult.damage_unless_paid`: (permanent, damage, mana), in board order."""
    view = view_of(board)
    if not any(isinstance(s.effect, TapDamage) and s.effect.unless_paid for s in view.effects_of(TapDamage)):
        return ()  # (most boards: none, and no pass over what the payment tapped)
    return tuple(
        (pid, damage, mana)
        for pid in board.in_board_order(summary.tapped)
        for damage, mana in damage_unless_paid(view, pid)
    )


@within_question
def described_payment(
    problem: PaymentProblem,
    target: PaymentTarget,
    plan: Plan,
    summary: PaymentSummary,
    solution: Solution,
    *,
    engine: str = "cp-sat",
    warnings: tuple[TextWarning, ...] = (),
) -> PayResult:
    """The result of a replayed plan, in a player's terms: steps, which mana paid which symbol, totals
    (``engine`` and ``warnings`` are passed on to it)."""
    board = problem.board
    symbols = tuple(
        (str(symbol), str(_bag(units)), life)
        for symbol, units, life in _assigned(plan, target, problem)
        if units or life or not plan.alternatives
    )
    asked = problem.asked.cost
    cost = str(asked)
    steps = _described_steps(problem, plan.steps)
    return PayResult(
        payable=True,
        cost=cost,
        cost_has_x=asked.has_variable,
        total_cost=cost if target.cost is asked else str(target.cost),
        steps=steps,
        tapped=board.in_board_order(summary.tapped),
        untapped=board.in_board_order(summary.untapped),
        sacrificed=board.in_board_order(summary.sacrificed),
        life_paid=summary.life_paid,
        exiled_from_library=summary.library_exiled,
        damage_taken=summary.damage,
        destroyed=board.in_board_order(summary.destroyed),
        damage_unless_paid=_damage_unless_paid(board, summary),
        mana_spent=_bag(plan.spent),
        floating=summary.floating_bag,
        keep_satisfied=solution.keep_satisfied,
        x=solution.x,
        optimal=solution.status is SolveStatus.OPTIMAL,
        symbols=symbols,
        objective=solution.objective,
        alternative_payments=plan.alternatives,
        parts=_paid_parts(board, summary, sum(step.parts.exiled_from_graveyard for step in steps)),
        colors_spent=summary.spent_mana.color_letters if target.riders else None,
        riders=rider_outcomes(target.riders, summary.spent_mana),
        plan=plan,
        engine=engine,
        warnings=warnings,
    )


def _paid_parts(board: Board, summary: PaymentSummary, from_graveyard: int) -> PaidParts:
    """What a payment's other cost parts paid, in all (permanents in the board's order; ``from_graveyard``:
    the cards its steps exiled from the graveyard)."""
    if not (
        summary.exiled_permanents
        or summary.returned
        or summary.discarded
        or summary.exiled_cards
        or summary.energy_paid
        or summary.exerted
        or from_graveyard
    ):
        return _NO_PARTS  # (most payments: mana and taps alone)
    return PaidParts(
        exiled_from_graveyard=from_graveyard,
        exiled=board.in_board_order(summary.exiled_permanents),
        returned=board.in_board_order(summary.returned),
        discarded=summary.discarded,
        exiled_from_hand=summary.exiled_cards,
        energy_paid=summary.energy_paid,
        exerted=board.in_board_order(summary.exerted),
    )


def _described_steps(problem: PaymentProblem, steps: tuple[Step, ...]) -> tuple[PlanStep, ...]:
    """A plan's activations as a player reads them: on the battlefield by permanent and ability text, from
    the hand by card name."""
    view = problem.view
    hand: dict[tuple[str, int], str] = {}
    if any(step.zone == HAND for step in steps):
        hand = {(h.card.name, h.ability_index): h.ability.text for h in problem.hand_mana}
    described = []
    board = problem.board
    # (what a removal may give back or grant, worked out once per board the removals leave, when a step
    # removes a permanent)
    effects: tuple[set[str], frozenset[str]] | None = None
    for step in steps:
        if step.zone == HAND:
            described.append(
                PlanStep(
                    permanent=None,
                    name=step.permanent,
                    ability=hand[(step.permanent, step.ability)],
                    produced=_total(step.produced),
                    zone=HAND,
                )
            )
            continue
        ability = view.mana_abilities(step.permanent)[step.ability]
        described.append(
            PlanStep(
                permanent=step.permanent,
                name=view.permanent(step.permanent).name,
                ability=ability.text,
                produced=_total(step.produced),
                replacement_order=step.order,
                sacrificed=step.sacrificed,
                tapped_for_cost=step.tapped,
                paid_with=_bag(step.paid_with),
                parts=_step_parts(step, ability, board),
                nested=step.nested,
            )
        )
        # (an effect's source gone gives back what it took: Boros Garrison's {R}{W} once Magus of the Moon
        # is sacrificed, CR 611.3a; the later steps' abilities are read on the board it left)
        # (and a card sacrificed into a graveyard grants from there: Riftstone Portal)
        own = (step.permanent,) if ability.cost.sacrifice_self else ()
        removed = step.removed
        if not removed and not own:
            continue
        if effects is None:
            effects = {sourced.source for sourced in view.effects}, arriving_grants(view)
        sources, arrivals = effects
        arriving = arrivals.intersection((*step.sacrificed, *own))
        gone = sources.intersection((*removed, *own)) | arriving
        if gone:
            board = without_removed(board, sorted(gone), arriving)
            view = view_of(board)
            effects = None
    return tuple(described)


def _step_parts(step: Step, ability: ManaAbility, board: Board) -> PaidParts:
    """What one step's other cost parts paid (evidence collected from the graveyard of the permanent's
    controller on ``board``: the cards it takes are the same whatever came before,
    :func:`~planner.rules.costs.evidence_cards`)."""
    if not ability.cost.parts:
        return _NO_PARTS
    graveyard = board.player(board.permanent(step.permanent).controller).graveyard
    choices = step.choices
    return PaidParts(
        exiled=choices.exiled,
        returned=choices.returned,
        untapped_for_cost=choices.untapped,
        discarded=choices.discarded,
        exiled_from_hand=choices.exiled_cards,
        energy_paid=energy_paid(ability),
        exerted=(step.permanent,) if exerts(ability) else (),
        exiled_from_graveyard=graveyard_exiled(ability, graveyard),
    )


def _total(produced: tuple[tuple[str, ManaBag], ...]) -> ManaBag:
    """All the mana a step produced, whatever its source."""
    if len(produced) == 1:
        return produced[0][1]
    return sum((bag for _, bag in produced), ManaBag())


def _assigned(
    plan: Plan, target: PaymentTarget, problem: PaymentProblem
) -> list[tuple[CostSymbol, tuple[ManaUnit, ...], int]]:
    """Which mana and life paid each symbol the alternative payments left to the mana (the replayer has
    checked that some such cost is paid exactly)."""
    if not plan.alternatives:
        return assign_symbols(plan.spent, target.cost, target, problem.rules, plan.life)
    for cost in reduced_costs(target.cost, covered_slots(plan.alternatives)):
        try:
            return assign_symbols(plan.spent, cost, target, problem.rules, plan.life)
        except InputError:
            continue
    raise InternalError("the replayed plan pays no cost its alternative payments leave")


def _bag(units: tuple[ManaUnit, ...]) -> ManaBag:
    return ManaBag.of(unit.type for unit in units) if units else _NO_MANA


_NO_MANA = ManaBag()
_NO_PARTS = PaidParts()


#: Why an answer beside an effect that pays life with cards from the library (Ashiok) is not proven best.
EXILED_LIFE_UNPROVEN = (
    "not proven: a plan that pays more life than the life total, the library's cards exiled instead, was "
    "{why}; the answer is the best that pays the life from the life total"
)


def answer_with_exiled_life(
    problem: PaymentProblem, solve: Callable[[PaymentProblem], tuple[Solution, str]]
) -> PayResult:
    """:func:`answer_of` the solution ``solve`` finds (it returns the solution and the engine's name), where
    the payer controls an effect that pays life with cards from the top of their library (Ashiok,
    Wicked Manipulator: :mod:`planner.rules.life_exiled`), which the solvers don't model: they pay life from
    the life total, a plan the replay keeps legal (a replaced payment leaves more life, CR 119.4, 614.1a).

    With the library's size L given, the same question is also solved on the board with L' more life, L'
    the most of L that the question's life payments can add up to (L less its remainder by their greatest
    common divisor; none paid: the first answer is the rules'): that allows every plan the effect allows
    (what the library pays is at most L'; each payment is judged on a life total at least as high) and
    weighs each the same (a card exiled weighs as the life it replaces), so its best plan, when the rules
    replay accepts it on the real board, is the best (a larger X, a "yes" where the life total alone says
    "no"). When the replay refuses it, the answer paid from the life total is given, not proven best (its
    "no" is no answer), and says so. (An effect that reads the life total, a condition or an amount, would
    read the raised one: such a plan is still replayed on the real board, but may not be the best.)"""
    answer = answer_of(problem, *solve(problem))
    player = problem.player
    if problem.view.player(player).library is None and exiles_life(problem.view, player):
        return _unknown_library(answer, problem)
    library = library_life(problem.view, player)
    step = _life_step(problem) if library else 0
    exilable = library - library % step if step else 0
    if not exilable:
        return answer  # (no life the library can pay: the answer is the rules')
    if problem.keep is not None or problem.hand:
        return _unproven(answer, problem, "not searched with costs to keep payable")
    board = problem.board
    raised = board.replace_player(player, life=board.player(player).life + exilable)
    wider = PaymentProblem.of(
        raised,
        problem.asked,
        player,
        x=problem.x,
        time_limit=max(problem.deadline - time.monotonic(), 0.001),
        life_value=problem.life_value,
        prefer=problem.prefer,
    )
    solution, engine = solve(wider)
    if solution.plan is None:
        # (no plan with L' more life: none with the library's help either; one not decided decides nothing)
        if solution.status is SolveStatus.INFEASIBLE:
            return answer
        return _unproven(answer, problem, "not decided in time")
    try:
        replay(board, problem.paid_target(solution.x or 0), solution.plan, player)
    except IllegalPlanError as error:
        return _unproven(answer, problem, f"found, but the rules refuse it ({error})")
    widest = answer_of(problem, solution, engine)
    if answer.payable and _levels(answer) <= _levels(widest):
        return answer if widest.optimal else replace(answer, optimal=False)
    return widest


def _unknown_library(answer: PayResult, problem: PaymentProblem) -> PayResult:
    """The answer paid from the life total where the library's size is not given: when a mana ability of the
    payer's pays life (:func:`_life_step`), the library might pay what the life total can't (CR 614.1a), so a
    "no" is no answer (``payable`` None) and a "yes" not proven best (max-x's X might be larger); the answer's
    warnings name ``players[i].library`` (:func:`~planner.rules.life_exiled.unknown_library_warnings`). With
    no such ability the total cost's life is judged on the life total either way (CR 119.4): the answer is
    the rules'."""
    if not _life_step(problem):
        return answer
    where = f"players[{[p.id for p in problem.board.players].index(problem.player)}].library"
    if answer.payable is False:
        return replace(answer, payable=None, reason=UNKNOWN_LIBRARY.format(where=where), optimal=False)
    return replace(answer, optimal=False)


def _life_step(problem: PaymentProblem) -> int:
    """The greatest common divisor of the life payments the question may make (each mana ability's life
    cost, a Phyrexian symbol's 2, the spell's additional life): every sum of them the library pays is a
    multiple of it. 0 when no mana ability of the payer's pays life: the total cost's life is then the only
    payment, judged on the life total with the effect or without it (CR 119.4), so the effect changes no
    plan's legality nor its weight, only what pays the life (the replay says which)."""
    view, player = problem.view, problem.player
    amounts = {
        ability.cost.life
        for permanent in problem.board.permanents
        if permanent.controller == player
        for ability in view.mana_abilities(permanent.id)
    }
    if not any(amounts):
        return 0
    phyrexian = any(symbol.kind is SymbolKind.PHYREXIAN for symbol in problem.target.cost.symbols) or any(
        sourced.controller == player for sourced in view.effects_of(LifeForMana)
    )  # (a Phyrexian symbol, or one K'rrik makes so: 2 life each, CR 107.4f)
    amounts |= {2 if phyrexian else 0, problem.target.additional_life}
    return math.gcd(*amounts)


def _levels(answer: PayResult) -> tuple[int, ...]:
    """An answer's objective, level by level, the smaller the better (max-x's X, the larger the better,
    negated).

    >>> _levels(PayResult(payable=True, cost="{X}", objective=(("x", 3), ("life_and_damage", 2))))
    (-3, 2)
    """
    return tuple(-value if name == "x" else value for name, value in answer.objective)


def _unproven(answer: PayResult, problem: PaymentProblem, why: str) -> PayResult:
    """The answer paid from the life total, not proven best beside a library that pays life: its "no" is no
    answer (``payable`` None), and the warning says why."""
    reason = EXILED_LIFE_UNPROVEN.format(why=why)
    warnings = tuple(
        TextWarning(s.source, s.effect.text, reason, WarningKind.BOUNDED)
        for s in problem.view.effects_of(LifePaymentsExiled)
        if s.controller == problem.player
    )
    if answer.payable is False:
        return replace(
            answer, payable=None, reason=reason, optimal=False, warnings=answer.warnings + warnings
        )
    return replace(answer, optimal=False, warnings=answer.warnings + warnings)


#: Why an alternative cost's life is counted as life paid beside an effect that pays life with the library.
ALTERNATIVE_LIFE_NOT_EXILED = (
    "not used for the alternative cost's {life} life: counted as life paid (it may be exiled from the "
    "library instead, CR 614.1a)"
)


def with_alternative_life_warning(problem: PaymentProblem, answer: PayResult) -> PayResult:
    """An answer paid for an alternative cost with life (Snuff Out's 'Pay 4 life') where the payer controls
    an effect that pays life with cards from the library: the alternative cost's life is counted out of the
    life total before the mana is paid (:func:`~planner.rules.alternative_costs.paid_board`), never from the
    library, so the answer says so (its plan is legal: the life is judged on the life total either way, CR
    119.4)."""
    paid = answer.alternative_cost
    if paid is None or not paid.cost.life or not exiles_life(problem.view, problem.player):
        return answer
    reason = ALTERNATIVE_LIFE_NOT_EXILED.format(life=paid.cost.life)
    warnings = tuple(
        TextWarning(s.source, s.effect.text, reason, WarningKind.NOT_USED)
        for s in problem.view.effects_of(LifePaymentsExiled)
        if s.controller == problem.player
    )
    return replace(answer, optimal=False, warnings=answer.warnings + warnings)
