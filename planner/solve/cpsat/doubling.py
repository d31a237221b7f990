"""The CP-SAT model's answer on a board where the paying player could double their unspent mana (Doubling
Cube) and the model leaves the doubling out: a sound answer, never a wrong "no".

The model counts what a doubling adds (:mod:`planner.solve.cpsat.unspent`) unless that would be narrower
than the rules (:func:`~planner.solve.cpsat.unspent.declines`: a turn, a cost to keep, cards in hand, an
ability activated more than once, ...). Then its template adds nothing, so its plans are legal (the replay
checks each), but not proven best, and its "no" proves nothing: a plan may need the doubled mana. So the
answer says so (:func:`with_doubling`): a plan is ``optimal: false``; a "no" is checked by the reference
search (:mod:`planner.rules.reference`), which activates the doubling in every order with every way of
paying its cost, within the time limit; it stands when the search finds no payment either (and cut no
untap loop at its cap, :data:`~planner.rules.replay.ACTIVATION_CAP`), and becomes the search's plan (not
proven best) when it finds one. When the search passes its limit of states or the time
limit, or for a turn, a cost to keep or cards kept castable, a "no" is no answer (``payable: null``, with
the reason).
"""

from __future__ import annotations

from dataclasses import replace

from models.errors import PlannerError
from models.limits import MAX_GENERIC
from planner.rules.activations import tap_cycling
from planner.rules.doubling import doubles_unspent
from planner.rules.eligibility import why_not_activatable
from planner.rules.reference import ReferenceResult, reference_search
from planner.solve.cpsat.unspent import declines
from planner.solve.problem import PaymentProblem, TimeUp
from planner.solve.solution import Solution, SolveStatus

__all__ = ["doubling_sources", "with_doubling"]


def doubling_sources(problem: PaymentProblem) -> tuple[str, ...]:
    """The paying player's permanents with a doubling ability they could activate now, or once the payment
    untapped them (the model leaves those out).

    >>> from models import Board, PaymentTarget
    >>> cube = {"name": "Doubling Cube", "type_line": "Artifact",
    ...     "oracle": "{3}, {T}: Double the amount of each type of unspent mana you have."}
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
    ...     {"id": "c", "controller": "me", **cube}, {"id": "f", "card": "Forest", "controller": "me"}]})
    >>> doubling_sources(PaymentProblem.of(board, PaymentTarget.of("{G}")))
    ('c',)
    >>> tapped = board.replace_permanent("c", tapped=True)
    >>> doubling_sources(PaymentProblem.of(tapped, PaymentTarget.of("{G}")))
    ()
    """
    view = problem.view
    cycling = tap_cycling(view, problem.player)  # (one the payment may untap counts, tapped or not)
    return tuple(
        permanent.id
        for permanent in problem.board.permanents
        if permanent.controller == problem.player
        and any(
            doubles_unspent(ability)
            and why_not_activatable(view, permanent.id, ability, tapped=_untapped(permanent.id, cycling))
            is None
            for ability in view.mana_abilities(permanent.id)
        )
    )


def _untapped(pid: str, cycling: frozenset[str]) -> bool | None:
    """Untapped, for a permanent the payment may untap (:func:`tap_cycling`); else as the board has it."""
    return False if pid in cycling else None


def with_doubling(problem: PaymentProblem, solution: Solution) -> Solution:
    """The model's ``solution`` as an answer on this board: itself when no doubling could be activated or the
    model counts them; else not called optimal, and a "no" checked by the reference search (see the module
    docstring).

    >>> from models import Board, PaymentTarget
    >>> cube = {"name": "Doubling Cube", "type_line": "Artifact",
    ...     "oracle": "{3}, {T}: Double the amount of each type of unspent mana you have."}
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
    ...     {"id": "c", "controller": "me", **cube}, {"id": "sol", "card": "Sol Ring", "controller": "me"},
    ...     {"id": "l1", "card": "Gilded Lotus", "controller": "me"},
    ...     {"id": "p", "name": "Pact", "type_line": "Artifact", "controller": "me",
    ...      "oracle": "Pay 10 life: Add {C}."}]})
    >>> problem = replace(PaymentProblem.of(board, PaymentTarget.of("{8}")), count_doubling=False)
    >>> declines(problem)  # (7 mana, 3 pay the Cube, 4 doubled: the model out of time leaves it out)
    'the time limit'
    >>> answer = with_doubling(problem, Solution(status=SolveStatus.INFEASIBLE))
    >>> steps = answer.plan.steps
    >>> answer.status.value, sorted(step.permanent for step in steps), steps[-1].permanent
    ('feasible', ['c', 'l1', 'p', 'p', 'sol'], 'c')
    >>> with_doubling(PaymentProblem.of(board.without_permanent("p"), PaymentTarget.of("{4}")),
    ...     Solution(status=SolveStatus.INFEASIBLE)).status.value  # (counted by the model: its "no" stands)
    'infeasible'
    """
    sources = doubling_sources(problem)
    if not sources or declines(problem) is None:
        return solution  # (none, or the model counts them: planner.solve.cpsat.unspent)
    if solution.status is SolveStatus.OPTIMAL:
        unproven = replace(solution, status=SolveStatus.FEASIBLE, note=_unproven(problem, sources, "best"))
        if problem.x is not None or not problem.target.cost.has_variable or solution.x is None:
            return unproven
        return _largest_x(problem, unproven, solution.x)
    if solution.status is not SolveStatus.INFEASIBLE:
        return solution
    if problem.turn is not None or problem.keep is not None or problem.hand:
        return Solution(status=SolveStatus.UNKNOWN, note=_unproven(problem, sources, "no"))
    x = problem.x if problem.x is not None or not problem.target.cost.has_variable else 0
    try:
        found = _search(problem, x)
    except (PlannerError, TimeUp):  # (the board is past the search's limits, or the time is up)
        return Solution(status=SolveStatus.UNKNOWN, note=_unproven(problem, sources, "no"))
    if not found.payable and not found.capped:
        return solution  # (the search tried every order and every way: the "no" stands)
    if not found.payable:  # (it cut an untap loop at its cap: CR 729, not every way was tried)
        return Solution(status=SolveStatus.UNKNOWN, note=_unproven(problem, sources, "no"))
    plan = min(found.outcomes.values(), key=lambda plan: len(plan.steps))
    return Solution(status=SolveStatus.FEASIBLE, plan=plan, x=x, note=_unproven(problem, sources, "best"))


def _largest_x(problem: PaymentProblem, unproven: Solution, x: int) -> Solution:
    """The largest X, past the model's ``x``, for which the reference search finds a payment, with its plan
    (a larger X is payable only if a smaller one is: the mana paying one more generic can float instead):
    found by doubling the step, then halving it; ``unproven`` as it is, or with the largest X found so far,
    when the board is too large for the search or the time runs out."""
    if problem.turn is not None or problem.keep is not None or problem.hand:
        return unproven
    best = unproven
    low, high, step = x, MAX_GENERIC + 1, 1  # (X = low is payable; X = high is not, or past the limit)
    try:
        while high - low > 1:
            trying = min(low + step, (low + high) // 2) if step else (low + high) // 2
            found = _search(problem, trying)
            if found.payable:
                low, step = trying, step * 2 if step else 0
                plan = min(found.outcomes.values(), key=lambda plan: len(plan.steps))
                best = replace(unproven, plan=plan, x=low)
            else:
                high, step = trying, 0  # (then halving)
    except (PlannerError, TimeUp):
        return best  # (the largest X found so far stands, not proven the largest)
    return best


def _search(problem: PaymentProblem, x: int | None) -> ReferenceResult:
    """The reference search for the problem's payment with X = ``x``, within the problem's time limit; it
    refuses no board for its size, only past its limit of states."""
    board = problem.board
    target = problem.paid_target(x)
    return reference_search(
        board, target, problem.player, max_permanents=len(board.permanents), check=problem.check_time
    )


def _unproven(problem: PaymentProblem, sources: tuple[str, ...], what: str) -> str:
    """Why the answer is not proven: the doubling the model leaves out."""
    names = ", ".join(f"{problem.board.permanent(pid).name} ({pid})" for pid in sources)
    if what == "no":
        return (
            f"not proven: the model leaves out doubling the unspent mana ({names}), and the exhaustive "
            "search did not finish on this board"
        )
    return f"the plan is legal, but not proven best: the model leaves out doubling the unspent mana ({names})"
