"""The game between two steps of a plan, as immutable records (:class:`PlanState`, for the reference search
and the turn's sequence of payments), what the steps so far paid of their other cost parts, the pool's
arithmetic, and the error that names an illegal step (:class:`IllegalPlanError`).

The replay (:mod:`planner.rules.replay`) keeps the same game changed in place; both start from
:func:`initial_state`'s board.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace

from models.board import Board, Card
from models.errors import PlannerError
from models.hashing import cached_hash, state_without_hash
from models.mana import ManaBag
from planner.rules.doubling import unspent_bag
from planner.rules.pool import ManaUnit, board_pool
from planner.rules.question import view_of
from planner.rules.step_costs import PaidCosts

__all__ = [
    "NOTHING_PAID",
    "CostsPaid",
    "IllegalPlanError",
    "PlanState",
    "initial_state",
    "paid_x_kept",
    "remove_units",
    "sorted_units",
    "spent_from",
    "taken_out",
]


class IllegalPlanError(PlannerError):
    """A plan step breaks the rules; ``step`` is its index (``len(steps)`` for the final payment)."""

    def __init__(self, step: int, reason: str) -> None:
        super().__init__(f"step {step + 1}: {reason}")
        self.step = step
        self.reason = reason


@dataclass(frozen=True, slots=True)
class CostsPaid:
    """What the steps so far paid of their cost parts (:mod:`planner.rules.costs`): the permanents exiled and
    returned (in order), the names of the cards discarded and exiled from the hand (sorted), the energy paid
    and the permanents exerted (sorted)."""

    exiled: tuple[str, ...] = ()
    returned: tuple[str, ...] = ()
    discarded: tuple[str, ...] = ()
    exiled_cards: tuple[str, ...] = ()
    energy: int = 0
    exerted: tuple[str, ...] = ()
    graveyard_exiled: int = 0
    #: what the costs tapped that a trigger on tapping destroys after the payment (Blight), sorted
    destroyed: tuple[str, ...] = ()

    def with_destroyed(self, destroyed: tuple[str, ...]) -> CostsPaid:
        """These with more permanents tapped that a trigger on tapping destroys (convoke's, improvise's).

        >>> CostsPaid(destroyed=("b",)).with_destroyed(("a", "b")).destroyed
        ('a', 'b')
        """
        if not destroyed:
            return self
        return replace(self, destroyed=tuple(sorted({*self.destroyed, *destroyed})))

    def after(self, paid: PaidCosts, pid: str) -> CostsPaid:
        """These with one more step's costs (``paid``, of an ability of ``pid``)."""
        choices = paid.choices
        if not choices and not paid.energy and not paid.exerted and not paid.graveyard:
            return self.with_destroyed(paid.destroyed)
        return CostsPaid(
            exiled=(*self.exiled, *choices.exiled),
            returned=(*self.returned, *choices.returned),
            discarded=tuple(sorted((*self.discarded, *choices.discarded))),
            exiled_cards=tuple(sorted((*self.exiled_cards, *choices.exiled_cards))),
            energy=self.energy + paid.energy,
            exerted=tuple(sorted({*self.exerted, pid})) if paid.exerted else self.exerted,
            graveyard_exiled=self.graveyard_exiled + paid.graveyard,
            destroyed=tuple(sorted({*self.destroyed, *paid.destroyed})),
        )


NOTHING_PAID = CostsPaid()


@dataclass(kw_only=True, frozen=True, slots=True)
class PlanState:
    """The game between two steps of a plan: the board, the pool, and what has been paid so far."""

    board: Board
    player: str
    pool: tuple[ManaUnit, ...]
    life_paid: int = 0
    damage: int = 0
    #: cards exiled from the library instead of life paid (:mod:`planner.rules.life_exiled`)
    library_exiled: int = 0
    activations: tuple[tuple[str, int], ...] = ()
    sacrificed: tuple[str, ...] = ()
    from_hand: tuple[str, ...] = ()  # the names of the cards exiled from the hand for their mana, sorted
    costs: CostsPaid = field(default_factory=lambda: NOTHING_PAID)
    # the abilities announced and not yet paid for (the exhaustive search's: CR 601.2g), innermost last:
    # each permanent, its ability's number and how many steps came before its announcement (:attr:`taken`)
    announced: tuple[tuple[str, int, int], ...] = ()
    _hash: int = field(default=0, init=False, repr=False, compare=False)

    def __hash__(self) -> int:
        """Worked out once: the reference search looks each state up in the states it has seen."""
        return self._hash or cached_hash(self)

    def __getstate__(self) -> list[object]:
        return state_without_hash(self)

    @property
    def taken(self) -> int:
        """How many steps the payment has taken so far."""
        return sum(count for _, count in self.activations) + len(self.from_hand)

    @property
    def life(self) -> int:
        """The player's life total now."""
        return self.board.player(self.player).life

    @property
    def hand(self) -> tuple[Card, ...]:
        """The player's hand now."""
        return self.board.player(self.player).hand

    @property
    def energy(self) -> int:
        """The player's energy counters now."""
        return self.board.player(self.player).counter("energy")

    @property
    def graveyard(self) -> tuple[Card, ...] | int:
        """The cards in the player's graveyard now (their count when only counted)."""
        return self.board.player(self.player).graveyard or 0

    def next_payment(self) -> PlanState:
        """The state with what a payment tallies (life paid, damage, activations, sacrifices, what costs took)
        started afresh, for the next payment from it (a turn's next spell): the board and pool stay.

        >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
        ...     {"id": "t", "card": "Treasure", "controller": "me"}]})
        >>> from planner.rules.plan import Step
        >>> from planner.rules.plan_steps import apply_step
        >>> step = Step(permanent="t", ability=0, produced=(("t", ManaBag.parse("{R}")),))
        >>> after = apply_step(initial_state(board), step)
        >>> after.sacrificed, after.next_payment().sacrificed, len(after.next_payment().pool)
        (('t',), (), 1)
        """
        return replace(
            self, life_paid=0, damage=0, library_exiled=0, activations=(), sacrificed=(), costs=NOTHING_PAID
        )

    def activation_count(self, pid: str) -> int:
        """How many times this plan activated the permanent's abilities."""
        return dict(self.activations).get(pid, 0)

    def on_battlefield(self, pid: str) -> bool:
        """True when the permanent is (still) on the battlefield."""
        return self.board.has_permanent(pid)

    def spendable(self, units: Sequence[ManaUnit]) -> bool:
        """True when the pool holds all these units."""
        return taken_out(self.pool, units) is not None

    def unspent(self, spent: Sequence[ManaUnit]) -> ManaBag:
        """The amount of each type of mana the pool holds once ``spent`` (which it holds) is spent."""
        return unspent_bag(taken_out(self.pool, spent) or ())


def initial_state(board: Board, player: str | None = None) -> PlanState:
    """The state before any step: the board as given (:func:`paid_x_kept`) and the player's floating mana."""
    board = paid_x_kept(board)
    who = player or board.active_player
    return PlanState(board=board, player=who, pool=sorted_units(board_pool(board, who)))


def paid_x_kept(board: Board) -> Board:
    """The board a payment starts from, with the largest X of its mana abilities paid with an {X} that add X
    (:mod:`planner.rules.paid_x`) set, so that each board the payment goes through lists the same (the
    mana made is in the payment's pool, not on them); the board itself when it has none or has it set.

    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
    ...     {"id": "t", "card": "Treasure", "controller": "me"},
    ...     {"id": "r", "name": "Rockets", "type_line": "Artifact", "controller": "me",
    ...      "oracle": "{X}, Sacrifice this artifact: Add X mana in any combination of colors."}]})
    >>> kept = paid_x_kept(board)
    >>> kept.paid_x_most, view_of(kept.without_permanent("t")).paid_x_most
    (1, 1)
    >>> view_of(board.without_permanent("t")).paid_x_most  # (the board's own count: none left to pay X)
    1
    >>> paid_x_kept(board.without_permanent("r")).paid_x_most is None
    True
    """
    if board.paid_x_most is not None:
        return board
    most = view_of(board).paid_x_most
    return board if most is None else replace(board, paid_x_most=most)


def sorted_units(units: Sequence[ManaUnit]) -> tuple[ManaUnit, ...]:
    return tuple(sorted(units, key=ManaUnit.sort_key))


def taken_out(pool: Sequence[ManaUnit], spent: Iterable[ManaUnit]) -> list[ManaUnit] | None:
    """The pool's units left after spending ``spent`` from it, in the pool's order, or None when it does not
    hold them.

    >>> from planner.rules.production import ManaTag
    >>> from models.mana import ManaType
    >>> g, c = ManaUnit(ManaType.G, ManaTag(source="f")), ManaUnit(ManaType.C, ManaTag(source="w"))
    >>> [str(unit) for unit in taken_out((g, c, g), (g,)) or ()], taken_out((g,), (c,))
    (['{C} from w', '{G} from f'], None)
    """
    owed = Counter(spent)
    left: list[ManaUnit] = []
    for unit in pool:
        if owed[unit] > 0:
            owed[unit] -= 1
        else:
            left.append(unit)
    return None if any(owed.values()) else left


def spent_from(pool: Counter[ManaUnit], spent: Iterable[ManaUnit]) -> tuple[ManaUnit, ...] | None:
    """The units of the counted ``pool`` left after spending ``spent`` from it (counted off ``pool`` itself),
    sorted, or None when it does not hold them."""
    for unit in spent:
        pool[unit] -= 1
    if any(count < 0 for count in pool.values()):
        return None
    return sorted_units(list(pool.elements()))


def remove_units(pool: tuple[ManaUnit, ...], spent: Sequence[ManaUnit]) -> tuple[ManaUnit, ...] | None:
    """The pool after spending ``spent`` from it, sorted, or None when it does not hold them."""
    left = taken_out(pool, spent)
    return None if left is None else sorted_units(left)
