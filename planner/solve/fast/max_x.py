"""The largest payable X on the fast path, by a search over X."""

from __future__ import annotations

from dataclasses import replace

from models.cost import SymbolKind
from models.limits import MAX_GENERIC
from planner.solve.fast.answers import _core, _optimal
from planner.solve.fast.optimise import _optimise
from planner.solve.fast.reduction import _board_kinds, _board_sources, _reduced
from planner.solve.fast.search import _after_pool, _Choice, _DeclinedError, _Search
from planner.solve.fast.sources import _Outside, _Reduced
from planner.solve.problem import PaymentProblem, TimeUp
from planner.solve.solution import Solution, SolveStatus


def solve_fast_max_x(problem: PaymentProblem) -> Solution | None:
    """The largest X for which the problem's cost (with X, left to choose) is payable, and the optimal
    payment for it, by the fast path, as CP-SAT answers ``max_x`` (X first, then the objective); None when
    it can't answer (the board outside the fragment at some X searched, something that reads X besides the
    cost's generic mana, or a decline).

    **Why a search over X is exact.** Inside the fragment each source is used at most once for a fixed bag,
    and a set of activations that pays a cost also pays any cost with the same other symbols and less
    generic mana (the rest floats; damage and life are the same). X changes only the generic part: cost
    changes read the spell's types and colors, and its mana value only from some value on (Reidane's tax,
    :meth:`CostModifier.matches`), so the total cost's generic mana is ``max(0, generic + changes + X)``,
    never smaller for a larger X (checked at every X tried: else CP-SAT answers). What else could read X
    is declined here: spending restrictions (one may read the mana value, 'spells with mana value 4 or
    greater'), restricted floating mana, and 'spend as though' effects whose target decides them. So
    payability is monotone in X, and a binary search finds the largest X: first over a necessary
    condition (enough mana of each type and in all), whose largest X is usually payable, then over the
    exact check below it. The exact check is the fast path's optimiser over
    totals (a relaxation for abilities that cost mana: only the final X's plan is made, and a failure to
    make it declines rather than guess).

    >>> from models import Board, PaymentTarget
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
    ...     {"id": "m1", "card": "Mountain", "controller": "me"},
    ...     {"id": "sol", "card": "Sol Ring", "controller": "me"}]})
    >>> solution = solve_fast_max_x(PaymentProblem.of(board, PaymentTarget.of("{X}{R}")))
    >>> solution.x, [step.permanent for step in solution.plan.steps], solution.objective[0]
    (2, ['m1', 'sol'], ('x', 2))
    >>> [slot.letter for slot in solve_fast_max_x(PaymentProblem.of(board, PaymentTarget.of("{X}{G}"))).core]
    ['G']
    """
    if problem.x is not None or not problem.target.cost.has_variable:
        return None
    try:
        search = _XSearch(problem)
        if search.bottom is None:
            return None
        most = search.most_possible()
        if most < 0:
            return Solution(status=SolveStatus.INFEASIBLE, core=_core(search.bottom))
        found = search.exact_below(most)
        if found is None:
            return Solution(status=SolveStatus.INFEASIBLE, core=_core(search.bottom))
        x, reduced, choice = found
        if x >= MAX_GENERIC:
            return None  # (X at its limit: CP-SAT says that a larger X may be payable)
        return _optimal(reduced, choice, x, x_level=True)
    except (_DeclinedError, _NotMonotoneError):
        return None
    except TimeUp:  # the time limit ran out: no answer, never a 'no' (contract §9)
        return Solution(status=SolveStatus.UNKNOWN)


class _NotMonotoneError(Exception):
    """Something on the board or in the cost may read X other than through the cost's generic mana."""


class _XSearch:
    """The search for the largest payable X (:func:`solve_fast_max_x`): the problem at each X tried, with
    the board's reduction shared (the board's analysis and view are the problem's)."""

    def __init__(self, problem: PaymentProblem) -> None:
        self.problem = problem
        self.count = sum(problem.target.cost.variables.values())
        self.reduced: dict[int, _Reduced] = {}
        self.shape: tuple[object, ...] | None = None
        self.generic: dict[int, int] = {}
        bottom = self.at(0)
        self.bottom = bottom
        if bottom is None:
            return
        first = _board_kinds(problem)
        second = _board_sources(problem, first)
        if first.spending or second.checks or any(u.tag.restriction is not None for u in bottom.pool):
            raise _NotMonotoneError

    def at(self, x: int) -> _Reduced | None:
        """The board reduced for X = ``x`` (None: outside the fragment, where CP-SAT answers)."""
        known = self.reduced.get(x)
        if known is not None:
            return known
        problem = self.problem
        paid = problem.paid_target(x)
        cost = paid.cost
        shape = tuple(sorted(str(s) for s in cost.symbols if s.kind is not SymbolKind.GENERIC))
        if self.shape is None:
            self.shape = shape
        # (the argument for a search over X: the same other symbols, generic mana never less for more X)
        if shape != self.shape or any(
            (x < y and cost.generic > g) or (x > y and cost.generic < g) for y, g in self.generic.items()
        ):
            raise _NotMonotoneError
        self.generic[x] = cost.generic
        reduced = _reduced(replace(problem, x=x, target=paid, x_reduction=0, x_floor=0))
        if isinstance(reduced, _Outside):
            if self.reduced:
                raise _DeclinedError  # (inside at one X and outside at another: CP-SAT answers)
            return None
        self.reduced[x] = reduced
        return reduced

    def possible(self, x: int) -> bool:
        """The necessary condition at X = ``x``: some mode has enough mana of each type and in all."""
        reduced = self.at(x)
        if reduced is None:
            raise _DeclinedError
        search = _Search(reduced)
        return any(search.may_pay(*_after_pool(mode, reduced.pool)) for mode in reduced.modes)

    def most_possible(self) -> int:
        """The largest X at which :meth:`possible` holds (-1: none), by binary search (it is monotone too)."""
        assert self.bottom is not None
        total = sum(s.gain for s in self.bottom.sources) + len(self.bottom.pool)
        high = min((total - self.problem.x_reduction) // self.count, MAX_GENERIC) + 1  # (never payable)
        low = -1
        while high - low > 1:
            middle = (low + high) // 2
            if self.possible(middle):
                low = middle
            else:
                high = middle
        return low

    def exact_below(self, most: int) -> tuple[int, _Reduced, _Choice] | None:
        """The largest X up to ``most`` that the optimiser pays, with its reduction and optimal choice."""
        low: tuple[int, _Reduced, _Choice] | None = None
        high = most + 1
        start = -1
        middle = most  # (the largest possible X first: usually payable)
        while high - start > 1:
            reduced = self.at(middle)
            assert reduced is not None
            choice = _optimise(reduced)
            if choice is not None:
                start, low = middle, (middle, reduced, choice)
            else:
                high = middle
            middle = (start + high) // 2
        return low
