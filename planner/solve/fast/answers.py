"""The fast path's answers to a payment question: whether it is in the fragment, and its optimal payment."""

from __future__ import annotations

from itertools import accumulate
from operator import itemgetter

from models.cost import Slot, SlotKind
from models.kept import per_card
from models.mana import TYPE_ORDER, ManaType
from planner.solve.fast.arrangement import _plan
from planner.solve.fast.optimise import _optimise
from planner.solve.fast.reduction import _reduced
from planner.solve.fast.search import _Choice, _DeclinedError
from planner.solve.fast.sources import _Outside, _Reduced
from planner.solve.objective import (
    OBJECTIVE_LEVELS,
)
from planner.solve.problem import PaymentProblem, TimeUp
from planner.solve.riders import RIDER_LEVELS
from planner.solve.solution import Solution, SolveStatus


def fragment_reason(problem: PaymentProblem) -> str | None:
    """Why the fast path can't answer this payment (a sentence), or None when it is inside the fragment.

    >>> from models import Board, PaymentTarget
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
    ...     {"id": "f1", "card": "Forest", "controller": "me"},
    ...     {"id": "conf", "card": "Mana Confluence", "controller": "me"}]})
    >>> fragment_reason(PaymentProblem.of(board, PaymentTarget.of("{1}{G}")))
    "Mana Confluence (conf) has '{T}, Pay 1 life: Add one mana of any color.'"
    >>> tapped = board.replace_permanent("conf", tapped=True)
    >>> fragment_reason(PaymentProblem.of(tapped, PaymentTarget.of("{1}{G}"))) is None
    True
    """
    reduced = _reduced(problem)
    return reduced.reason if isinstance(reduced, _Outside) else None


def in_fast_fragment(problem: PaymentProblem) -> bool:
    """True when the payment is inside the fast path's fragment (see the module docstring).

    >>> from models import Board, PaymentTarget
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
    ...     {"id": "f1", "card": "Forest", "controller": "me"},
    ...     {"id": "dawn", "card": "Celestial Dawn", "controller": "me"}]})
    >>> in_fast_fragment(PaymentProblem.of(board, PaymentTarget.of("{G}")))
    False
    """
    return fragment_reason(problem) is None


def solve_fast(problem: PaymentProblem) -> Solution | None:
    """The optimal payment by the fast path, as CP-SAT would return it, or None when it can't answer.

    None means the board is outside the fragment or the fast path declined; the solution is otherwise
    ``OPTIMAL`` (with the objective's levels) or ``INFEASIBLE`` (with the cost parts that can't be paid).
    The plan is not replayed here (:func:`planner.api.pay` replays every plan).

    >>> from models import Board, PaymentTarget
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
    ...     {"id": "f1", "card": "Forest", "controller": "me"},
    ...     {"id": "sol", "card": "Sol Ring", "controller": "me"},
    ...     {"id": "bop", "card": "Birds of Paradise", "controller": "me"}]})
    >>> solution = solve_fast(PaymentProblem.of(board, PaymentTarget.of("{2}{G}")))
    >>> solution.status.value, [step.permanent for step in solution.plan.steps]
    ('optimal', ['f1', 'sol'])
    >>> [slot.letter for slot in solve_fast(PaymentProblem.of(board, PaymentTarget.of("{G}{G}{G}"))).core]
    ['G']
    """
    try:
        reduced = _reduced(problem, verdict=True)  # (the reason is not read: a quicker verdict will do)
        if isinstance(reduced, _Outside):
            return None
        choice = _optimise(reduced)
        if choice is None:
            return Solution(status=SolveStatus.INFEASIBLE, core=_core(reduced))
        return _optimal(reduced, choice, problem.x)
    except _DeclinedError:
        return None
    except TimeUp:  # the time limit ran out: no answer, never a 'no' (contract §9)
        return Solution(status=SolveStatus.UNKNOWN)


def _optimal(reduced: _Reduced, choice: _Choice, x: int | None, *, x_level: bool = False) -> Solution:
    """The optimal solution of a choice, its plan made (:func:`_plan`, which may decline); with
    ``x_level``, the objective starts with X, as CP-SAT's does when it chooses X (maximised first)."""
    plan = _plan(reduced, choice)
    objective = _objective(choice.levels)
    if x_level:
        assert x is not None
        objective = (("x", x), *objective)
    return Solution(status=SolveStatus.OPTIMAL, plan=plan, x=x, objective=objective)


#: The levels of :data:`planner.solve.objective.OBJECTIVE_LEVELS` the fast path's own levels leave out, all
#: 0 on its boards: it declines boards with a card in hand that makes mana (it exiles none), abilities
#: whose cost takes cards, energy, or permanents other than their own (:func:`_uses`), restricted mana
#: (:class:`~planner.solve.fast.search._Search`: none floats, objective.floating_level), and payments whose
#: target reads the mana spent (:data:`planner.solve.riders.RIDER_LEVELS`).
_ZERO_LEVELS = (
    "hand_cards_lost",
    "energy_paid",
    "opponent_lands_untapped",
    "restricted_floating",
    *RIDER_LEVELS,
)


#: Where each of :data:`OBJECTIVE_LEVELS` is read from the fast path's levels with a 0 put first: 0 for the
#: levels of :data:`_ZERO_LEVELS`, else one past its place among the fast path's own levels.
_PICK_LEVELS = itemgetter(
    *(
        0 if level in _ZERO_LEVELS else own
        for level, own in zip(
            OBJECTIVE_LEVELS,
            accumulate(level not in _ZERO_LEVELS for level in OBJECTIVE_LEVELS),
            strict=True,
        )
    )
)


@per_card(maxsize=1024)
def _objective(levels: tuple[int, ...]) -> tuple[tuple[str, int], ...]:
    """The objective of a solution with the fast path's levels (:meth:`_Search.levels`): each level of
    :data:`OBJECTIVE_LEVELS` by name with its value (:func:`_all_levels`). A pure function of the numbers,
    kept: a warm question's levels are those of the question before.

    >>> own = len(OBJECTIVE_LEVELS) - len(_ZERO_LEVELS)
    >>> _objective((7,) * own)[:2], len(_objective((7,) * own)) == len(OBJECTIVE_LEVELS)
    ((('hand_cards_lost', 0), ('life_and_damage', 7)), True)
    """
    return tuple(zip(OBJECTIVE_LEVELS, _all_levels(levels), strict=True))


def _all_levels(levels: tuple[int, ...]) -> tuple[int, ...]:
    """The fast path's levels (:meth:`_Search.levels`) as :data:`OBJECTIVE_LEVELS` has them: 0 for the levels
    of :data:`_ZERO_LEVELS`, the others in order.

    >>> own = len(OBJECTIVE_LEVELS) - len(_ZERO_LEVELS)
    >>> filled = _all_levels(tuple(range(1, own + 1)))
    >>> sorted(level for level, value in zip(OBJECTIVE_LEVELS, filled) if value == 0) == sorted(_ZERO_LEVELS)
    True
    >>> [value for value in filled if value] == list(range(1, own + 1))
    True
    """
    assert len(levels) == len(OBJECTIVE_LEVELS) - len(_ZERO_LEVELS)
    picked: tuple[int, ...] = _PICK_LEVELS((0, *levels))
    return picked


def _core(problem: _Reduced) -> tuple[Slot, ...]:
    """The cost's slots that can't all be paid, as :func:`planner.explain.why_not_payable` reads them: every
    type a payment mode demands, and generic when no mode's total can be reached."""
    demanded = {slot for mode in problem.modes for slot, _ in mode.slots if isinstance(slot, ManaType)}
    slots: list[Slot] = [t for t in TYPE_ORDER if t in demanded]
    total = sum(s.most for s in problem.sources) + len(problem.pool)
    if all(mode.mana > total for mode in problem.modes):
        slots.append(SlotKind.GENERIC)
    return tuple(slots)
