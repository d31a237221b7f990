"""Every legal next step from a state of a payment (:func:`legal_steps`), for the exhaustive reference search
(:mod:`planner.rules.reference`): each activation with every choice of its costs and every way it may
resolve, applied by :func:`~planner.rules.plan_steps.state_after` as the replay applies a plan's steps;
loops an untap effect could repeat forever are cut at :data:`ACTIVATION_CAP` and reported (:func:`capped`).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Mapping
from dataclasses import replace

from models.abilities import ManaAbility
from planner.rules.costs import choice_options, consumes, permanent_candidates
from planner.rules.doubling import doubles_unspent, resolved_doubling
from planner.rules.eligibility import why_not_activatable, why_restricted
from planner.rules.hand import HAND, hand_abilities
from planner.rules.payment import payments
from planner.rules.plan import Step
from planner.rules.plan_state import PlanState
from planner.rules.plan_steps import apply_step, reflect_of, state_after
from planner.rules.pool import ManaUnit, SpendRules
from planner.rules.question import view_of
from planner.rules.resolutions import resolutions, worked_out_resolutions
from planner.rules.step_costs import ability_target, pay_costs
from planner.rules.view import BoardView

__all__ = ["ACTIVATION_CAP", "capped", "legal_steps"]

#: How many times the exhaustive search (:func:`legal_steps`) activates one permanent's abilities when nothing
#: in their cost runs out and its caller gives no bound for them (a {T} or {Q} ability that an untap loop
#: could repeat): loops (Pili-Pala with Grand Architect, CR 729) are cut there and reported rather than
#: followed forever. A plan's replay has no such cap: the rules set none.
ACTIVATION_CAP = 4


def _may_loop(ability: ManaAbility) -> bool:
    """True when nothing in the ability's cost runs out (no sacrifice, counter, card, energy, permanent or
    life that it takes: :func:`~planner.rules.costs.consumes`), so repeats are capped."""
    return not consumes(ability) and not ability.cost.life


def legal_steps(state: PlanState, caps: Mapping[str, int] | None = None) -> Iterator[tuple[Step, PlanState]]:
    """Every legal next activation from a state, with the state it leads to (for exhaustive search); a
    permanent's abilities that could repeat are activated at most :data:`ACTIVATION_CAP` times, or as often
    as ``caps`` says for it (a converter: :func:`planner.rules.activations.converter_bound`)."""
    board = state.board
    view = view_of(board)
    # a card in the hand (Elvish Spirit Guide): cards of one name are alike, so the first of each is tried
    tried: set[tuple[str, int]] = set()
    for used in hand_abilities(board, state.player):
        key = (used.card.name, used.ability_index)
        if key in tried:
            continue
        tried.add(key)
        step = Step(
            permanent=used.card.name,
            ability=used.ability_index,
            produced=((used.card.name, used.mana),),
            zone=HAND,
        )
        yield step, apply_step(state, step)
    for permanent in board.permanents:
        if permanent.controller != state.player:
            continue
        for number, ability in enumerate(view.mana_abilities(permanent.id)):
            if why_not_activatable(view, permanent.id, ability, life=state.life) is not None:
                continue
            if _may_loop(ability) and state.activation_count(permanent.id) >= _cap(permanent.id, caps):
                continue
            yield from _steps_for(state, view, permanent.id, number, ability)
    if state.announced:
        yield from _announced_steps(state, view, caps)


def _announced_steps(
    state: PlanState, view: BoardView, caps: Mapping[str, int] | None
) -> Iterator[tuple[Step, PlanState]]:
    """The activations of the ability announced last (:attr:`PlanState.announced`) that its restrictions,
    judged at its announcement, allow once steps came between, where they forbid it now (where they allow
    it, it is a step as any other): its costs checked now (CR 601.2g-h)."""
    pid, number, taken = state.announced[-1]
    nested = state.taken - taken
    if not nested or not state.board.has_permanent(pid):
        return
    abilities = view.mana_abilities(pid)
    if number >= len(abilities):
        return
    ability = abilities[number]
    if why_not_activatable(view, pid, ability, life=state.life, restricted=False) is not None:
        return
    if why_restricted(view, pid, ability) is None:
        return
    if _may_loop(ability) and state.activation_count(pid) >= _cap(pid, caps):
        return
    for step, after in _steps_for(state, view, pid, number, ability):
        yield replace(step, nested=nested), replace(after, announced=state.announced[:-1])


def _cap(pid: str, caps: Mapping[str, int] | None) -> int:
    """How often :func:`legal_steps` activates the permanent's abilities that could repeat."""
    return ACTIVATION_CAP if caps is None else caps.get(pid, ACTIVATION_CAP)


def capped(state: PlanState, caps: Mapping[str, int] | None = None) -> tuple[str, ...]:
    """The permanents whose abilities could still be activated but hit the loop cap in this state (``caps``:
    see :func:`legal_steps`; a cap the caller gives is a bound past which no plan needs to go, not a loop
    cut, and is not reported)."""
    view = view_of(state.board)
    return tuple(
        p.id
        for p in state.board.permanents
        if p.controller == state.player
        and (caps is None or p.id not in caps)
        and state.activation_count(p.id) >= ACTIVATION_CAP
        and any(
            _may_loop(a) and why_not_activatable(view, p.id, a, life=state.life) is None
            for a in view.mana_abilities(p.id)
        )
    )


def _steps_for(
    state: PlanState, view: BoardView, pid: str, number: int, ability: ManaAbility
) -> Iterator[tuple[Step, PlanState]]:
    cost = ability.cost
    board = state.board
    others = [p.id for p in board.permanents]
    tap_choices: list[tuple[str, ...]] = [()]
    if cost.tap_others is not None:
        flt = cost.tap_others
        candidates = [o for o in others if not board.permanent(o).tapped and view.matches(flt, o, pid)]
        tap_choices = list(itertools.combinations(candidates, cost.tap_others_count))
    sacrifice_choices: list[tuple[str, ...]] = [()]
    if cost.sacrifice is not None:
        flt_s = cost.sacrifice
        candidates = [o for o in others if view.matches(flt_s, o, pid)]
        sacrifice_choices = list(itertools.combinations(candidates, cost.sacrifice_count))
    mana_choices: list[tuple[ManaUnit, ...]] = [()]
    if cost.mana:
        if cost.mana.has_variable:
            return
        rules = SpendRules.for_player(view, state.player)
        target = ability_target(view, pid, ability)
        mana_choices = [
            spent for spent, life in payments(state.pool, cost.mana, target, rules, 0) if life == 0
        ]
    reflect = reflect_of(board)
    choosing = permanent_candidates(view, pid)
    own = (pid,) if cost.sacrifice_self else ()
    for tapped in tap_choices:
        for sacrificed in sacrifice_choices:
            for choices in choice_options(ability, state.hand, choosing, (*sacrificed, *own)):
                for paid_with in mana_choices:
                    probe = Step(
                        permanent=pid,
                        ability=number,
                        produced=(),
                        order=(),
                        sacrificed=sacrificed,
                        tapped=tapped,
                        paid_with=paid_with,
                        choices=choices,
                    )
                    try:
                        paid = pay_costs(state, view, probe, ability)
                    except ValueError:
                        continue
                    removed = probe.removed
                    if doubles_unspent(ability):  # (it reads the pool its cost left)
                        resolved = resolved_doubling(ability, state.unspent(paid_with))
                        found = worked_out_resolutions(view, reflect, pid, resolved, removed)
                    else:
                        found = resolutions(view, reflect, pid, number, ability, removed)
                    for outcome, produced, units in found:
                        step = replace(probe, produced=produced, order=outcome.replacements)
                        yield step, state_after(state, paid, step, outcome, units)
