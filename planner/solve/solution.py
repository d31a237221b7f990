"""What a solver answers: the verdict, the plan, X, and the objective's parts (no solver's own objects).

Both engines, the fast path and the CP-SAT model, answer with a :class:`Solution`; :func:`planner.api.pay`
replays its plan and describes it.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from models.cost import Slot
from planner.rules.pool import ManaUnit
from planner.rules.replay import Plan

__all__ = ["Solution", "SolveStatus", "TurnSolution"]


class SolveStatus(Enum):
    """The solver's verdict, in the project's words (never a CP-SAT object)."""

    OPTIMAL = "optimal"
    FEASIBLE = "feasible"  # a plan, but the time limit stopped the search for a better one
    INFEASIBLE = "infeasible"  # no plan exists
    UNKNOWN = "unknown"  # the time limit stopped the search before any plan was found


@dataclass(kw_only=True, frozen=True, slots=True)
class TurnSolution:
    """A solved turn (:class:`~planner.solve.problem.TurnPayments`): which spells are cast, and for each, in
    order, the activations made just before it and the mana and life that pay it; the mana each of the
    turn's events adds; and the permanents the held cost would use (``--hold``)."""

    casts: tuple[int, ...]
    plans: tuple[Plan, ...]
    event_mana: tuple[tuple[ManaUnit, ...], ...] = ()
    held_by: tuple[str, ...] = ()


@dataclass(kw_only=True, frozen=True, slots=True)
class Solution:
    """A solved payment: the status, the plan (unless none was found), X, and the objective's parts.

    ``core`` names the cost's slots (mana types, generic, snow) that can't all be paid together when the
    status is ``INFEASIBLE``.
    """

    status: SolveStatus
    plan: Plan | None = None
    x: int | None = None
    keep_satisfied: bool | None = None
    hand_castable: tuple[bool, ...] = ()
    objective: tuple[tuple[str, int], ...] = ()
    core: tuple[Slot, ...] = ()
    turn: TurnSolution | None = None
    #: what the spell's additional costs sacrifice (:mod:`planner.solve.cpsat.sacrifice`): each group of
    #: interchangeable permanents (a permanent alone is a group of one) and how many of it
    additional_sacrificed: tuple[tuple[tuple[str, ...], int], ...] = ()
    #: why an answer that is not ``OPTIMAL`` or ``INFEASIBLE`` is not proven, when it is not the time limit
    #: (a doubling of the unspent mana the model leaves out: :mod:`planner.solve.cpsat.doubling`)
    note: str = ""
