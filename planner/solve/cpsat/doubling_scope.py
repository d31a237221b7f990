"""Where the CP-SAT model counts a doubling of the unspent mana (Doubling Cube:
:mod:`planner.solve.cpsat.unspent`) and where it would be narrower than the rules and leaves it out
(:func:`declines`), and the copies of the abilities activated more than once that counting it needs
(:func:`split_apart`).

The model orders each template as one node: all of its activations come before a doubling, or all after. An
ability activated more than once (no {T}: Pact's 'Pay 10 life', a charge counter removed at a time, a
converter) may be worth activating partly before a doubling and partly after, so each such template gets a
copy for each stretch between doublings (one more than there are doublings), the copies sharing its bound
(:attr:`~planner.solve.cpsat.record.PaymentModel.siblings`, constrained in
:func:`~planner.solve.cpsat.unspent.doubled_supply`): any plan puts each stretch's activations on one copy.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from models.mana import ManaBag, ManaType
from planner.rules.activations import Activation, tap_cycling
from planner.rules.doubling import doubles_unspent, resolved_doubling
from planner.rules.production import ManaTag, activation_outcomes
from planner.solve.problem import PaymentProblem

__all__ = ["declines", "doubled_tags", "doubling_templates", "split_apart"]


def doubling_templates(problem: PaymentProblem) -> tuple[Activation, ...]:
    """The templates of the problem's doublings of the unspent mana.

    >>> from models import Board, PaymentTarget
    >>> cube = {"name": "Doubling Cube", "type_line": "Artifact",
    ...     "oracle": "{3}, {T}: Double the amount of each type of unspent mana you have."}
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
    ...     {"id": "c", "controller": "me", **cube}, {"id": "f", "card": "Forest", "controller": "me"}]})
    >>> [t.pid for t in doubling_templates(PaymentProblem.of(board, PaymentTarget.of("{G}")))]
    ['c']
    """
    return tuple(t for t in problem.dynamics.templates if doubles_unspent(t.ability))


def declines(problem: PaymentProblem) -> str | None:
    """Why the model leaves the problem's doublings out (:mod:`planner.solve.cpsat.unspent`), or None when
    it counts them exactly (or there are none).

    >>> from models import Board, PaymentTarget
    >>> cube = {"name": "Doubling Cube", "type_line": "Artifact",
    ...     "oracle": "{3}, {T}: Double the amount of each type of unspent mana you have."}
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
    ...     {"id": "c", "controller": "me", **cube}, {"id": "f", "card": "Forest", "controller": "me"}]})
    >>> declines(PaymentProblem.of(board, PaymentTarget.of("{G}"))) is None
    True
    >>> declines(PaymentProblem.of(board, PaymentTarget.of("{G}"), keep=PaymentTarget.of("{1}")))
    'a cost to keep payable'
    """
    doublings = doubling_templates(problem)
    if not doublings:
        return None
    if not problem.count_doubling:
        return "the time limit"
    if problem.turn is not None:
        return "a turn"
    if problem.keep is not None:
        return "a cost to keep payable"
    if problem.hand or problem.hand_mana:
        return "cards in hand"
    dynamics = problem.dynamics
    if dynamics.families:
        return "an amount counted as the activations resolve"
    if any(len(t.sources) > 1 or (t.bound > 1 and t.loop) for t in dynamics.templates):
        return "an ability activated more than once"  # (by permanents grouped, or round an untap loop)
    cycling = tap_cycling(problem.view, problem.player)
    for template in doublings:
        if template.pid in cycling:
            return "a doubling the payment could untap"
        if doubled_tags(problem, template) is None:
            return "an effect on the doubled mana"
    return None


def split_apart(
    problem: PaymentProblem, templates: Sequence[Activation]
) -> tuple[tuple[Activation, ...], tuple[tuple[int, ...], ...]]:
    """The templates, with a copy of each one activated more than once for each doubling the model counts
    (appended, numbered on), and the groups of copies, each its template's index first (the module
    docstring); the templates as they are when there is no doubling or the model leaves it out.

    >>> from models import Board, PaymentTarget
    >>> cube = {"name": "Doubling Cube", "type_line": "Artifact",
    ...     "oracle": "{3}, {T}: Double the amount of each type of unspent mana you have."}
    >>> pact = {"name": "Pact", "type_line": "Artifact", "oracle": "Pay 10 life: Add {C}."}
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
    ...     {"id": "c", "controller": "me", **cube}, {"id": "p", "controller": "me", **pact}]})
    >>> problem = PaymentProblem.of(board, PaymentTarget.of("{4}"))
    >>> split, siblings = split_apart(problem, problem.dynamics.templates)
    >>> [(t.pid, t.bound) for t in split], siblings
    ([('c', 1), ('p', 2), ('p', 2)], ((1, 2),))
    """
    doublings = sum(doubles_unspent(t.ability) for t in templates)
    if not doublings or declines(problem) is not None:
        return tuple(templates), ()
    found = list(templates)
    siblings: list[tuple[int, ...]] = []
    for template in templates:
        if template.bound > 1:
            copies = [template.index]
            for _ in range(doublings):
                copies.append(len(found))
                found.append(replace(template, index=len(found)))
            siblings.append(tuple(copies))
    return tuple(found), tuple(siblings)


def doubled_tags(problem: PaymentProblem, template: Activation) -> dict[ManaType, ManaTag] | None:
    """The spending tag of each type of mana the doubling adds, when it adds each unit as one unit of its
    type, whatever the amount (no replacement effect or trigger changes it); else None."""
    tags: dict[ManaType, ManaTag] = {}
    for mana_type in ManaType:
        ability = resolved_doubling(template.ability, ManaBag.of([mana_type]))
        outcomes = activation_outcomes(problem.view, template.pid, ability, problem.reflect)
        if len(outcomes) != 1:
            return None
        (outcome,) = outcomes
        if outcome.damage or outcome.life_loss or outcome.life_gain or outcome.replacements:
            return None
        if len(outcome.packets) != 1 or outcome.packets[0].total != 1:
            return None
        (packet,) = outcome.packets
        if tuple(packet.types) != (mana_type,):
            return None
        tags[mana_type] = packet.tag
    return tags
