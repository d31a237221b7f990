"""Plans and the plan replayer: apply each step by the rules, or say exactly which step is illegal and why.

A plan is the ordered mana activations of CR 601.2g (each with its cost choices, the mana it put into the
pool and the replacement order used) followed by the payment of CR 601.2h: which pool mana pays the cost,
and how much life pays Phyrexian symbols. A step may be announced before the steps that pay its own mana
cost (:attr:`Step.nested`, :mod:`planner.rules.announced`): its restrictions are judged there. Every plan
the project returns is checked here, and the reference search builds its plans with the same
:func:`apply_step`, so the two cannot disagree.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import replace

from models.board import Board, Card, Permanent, Player
from models.cost import PaymentTarget
from models.errors import InputError
from models.mana import ManaBag
from planner.rules.amounts import into_graveyard
from planner.rules.costs import NO_CHOICES
from planner.rules.doubling import unspent_bag
from planner.rules.hand import HAND
from planner.rules.life_exiled import exiled_instead, with_exiled
from planner.rules.next_steps import ACTIVATION_CAP, capped, legal_steps
from planner.rules.plan import Plan, Step
from planner.rules.plan_state import (
    NOTHING_PAID,
    IllegalPlanError,
    PlanState,
    initial_state,
    paid_x_kept,
    remove_units,
)
from planner.rules.plan_steps import Announcements, applied, apply_step, checked, taken_from_hand
from planner.rules.pool import ManaUnit, board_pool
from planner.rules.question import could_produce_of, structure, view_of
from planner.rules.resolutions import LazyReflect
from planner.rules.step_costs import PaidCosts, exiled_from_graveyard, returned_to_hand
from planner.rules.summary import PaymentSummary, finish, paid_target, spent_mana, summarise, summary_of
from planner.rules.view import BoardView, ViewTable

__all__ = [
    "ACTIVATION_CAP",
    "IllegalPlanError",
    "PaymentSummary",
    "Plan",
    "PlanState",
    "Step",
    "applied",
    "apply_step",
    "capped",
    "could_produce_of",
    "finish",
    "initial_state",
    "legal_steps",
    "paid_x_kept",
    "remove_units",
    "replay",
    "spent_mana",
    "summarise",
    "view_of",
]


#: Whether a replay has been on a view's structure (keyed by None: one entry).
_REPLAYED: ViewTable[None, bool] = ViewTable("replay.replayed", shared=True)


class _LiveState:
    """The game between two steps of a replayed plan, changed in place by each step: the permanents a step
    touches, the pool as counts, the life total. A step costs what it touches (a sacrifice, which changes
    the battlefield, costs a pass over it), so a plan replays in time linear in its length and the board's
    size, plus a pass per sacrifice; :func:`apply_step` on a :class:`PlanState` is the immutable form, for
    the reference search.
    """

    def __init__(self, board: Board, player: str | None) -> None:
        board = paid_x_kept(board)
        self.player = player or board.active_player
        self.view = view_of(board).rebind(board)  # its own: its statuses change in place
        # the first replay on a structure keeps none of its steps' resolutions, whose keys hold every status
        # (a board new to the process is seldom replayed again); the replays after it keep them
        self.keep = bool(_REPLAYED.get(self.view, None))
        _REPLAYED.put(self.view, None, True)
        self.life = board.player(self.player).life
        self.pool: Counter[ManaUnit] = Counter(board_pool(board, self.player))
        self.life_paid = 0
        self.library_exiled = 0  # cards exiled instead of life paid (planner.rules.life_exiled)
        self.damage = 0
        self.activations: dict[str, int] = {}
        self.sacrificed: list[str] = []
        self.touched: dict[str, None] = {}  # the permanents a step tapped or untapped, in order
        # what the permanents could produce reads no status but counters: the board given until they change
        self._reflect = LazyReflect(lambda: board)
        # the view of the board's structure, made when a set is first read after a change, then kept up
        # step by step like ``view``: one permanent's set is worked out on it alone (LazyReflect)
        self._shape: BoardView | None = None
        # (the view reads no hand: the hand's cards are kept apart, on a board that only they change)
        self.hand_board = board
        self.from_hand: list[str] = []
        self.energy = board.player(self.player).counter("energy")
        self.costs = NOTHING_PAID

    @property
    def graveyard(self) -> tuple[Card, ...] | int:
        """The cards in the player's graveyard now (their count when only counted)."""
        return self.view.player(self.player).graveyard or 0

    @property
    def hand(self) -> tuple[Card, ...]:
        """The player's hand now."""
        return self.hand_board.player(self.player).hand

    def activation_count(self, pid: str) -> int:
        """How many times this plan activated the permanent's abilities."""
        return self.activations.get(pid, 0)

    def on_battlefield(self, pid: str) -> bool:
        """True when the permanent is (still) on the battlefield."""
        return self.view.has(pid)

    def spendable(self, units: Sequence[ManaUnit]) -> bool:
        """True when the pool holds all these units."""
        return all(self.pool[unit] >= count for unit, count in Counter(units).items())

    def unspent(self, spent: Sequence[ManaUnit]) -> ManaBag:
        """The amount of each type of mana the pool holds once ``spent`` (which it holds) is spent."""
        return unspent_bag((self.pool - Counter(spent)).elements())

    def _permanents(self) -> tuple[Permanent, ...]:
        """The permanents on the battlefield now, statuses included, in timestamp order."""
        return tuple(self.view.permanent(p.id) for p in self.view.board.permanents)

    def _board(self) -> Board:
        """The battlefield now as a board, with the players as they are now (for what the permanents could
        produce, which ignores statuses other than counters)."""
        return replace(self.view.board, permanents=self._permanents(), players=self._players())

    def _players(self) -> tuple[Player, ...]:
        """The players now: their life totals, graveyards and hands as the plan left them."""
        return tuple(self.view.player(p.id) for p in self.view.board.players)

    def apply(self, step: Step, index: int) -> None:
        """Apply one activation checked by the rules; raises ``IllegalPlanError`` naming the step."""
        if step.zone == HAND:
            self.hand_board, units = taken_from_hand(self.hand_board, self.player, step, index)
            self.from_hand.append(step.permanent)
            self.pool.update(units)
            hand = self.hand_board.player(self.player).hand
            self.view.update_player(replace(self.view.player(self.player), hand=hand))
            if self._shape is not None:
                self._shape_players(self._shape)
            return
        paid, outcome, units = checked(self, self.view, self._reflect, step, index, self.keep)
        pid = step.permanent
        view = self.view
        if paid.source is not None:
            view.update(view.permanent(pid).with_tapped(paid.source))
            self.touched[pid] = None
        for other in paid.others:
            view.update(view.permanent(other).with_tapped(True))
            self.touched[other] = None
        gone = list(paid.sacrificed)
        if outcome.sacrifices_source and pid not in gone:
            gone.append(pid)
        if paid.counters is not None:
            view.update(replace(view.permanent(pid), counters=paid.counters))
            if self._shape is not None:
                self._shape.update(replace(self._shape.permanent(pid), counters=paid.counters))
            self._reflect = LazyReflect(self._board, self._structural)
        if paid.activated is not None:
            view.update(replace(view.permanent(pid), activated_this_turn=paid.activated))
        if gone:
            left = [view.permanent(other) for other in gone]
            view.update_player(into_graveyard(view.player(self.player), left))
        choices = paid.choices
        chosen = choices is not NO_CHOICES and bool(choices)
        if chosen or paid.energy or paid.exerted or paid.graveyard or paid.destroyed:
            self._pay_parts(paid, pid)
        for other in (*gone, *choices.removed) if chosen else gone:
            self._remove(other)
        self.sacrificed += gone
        loss = outcome.damage + outcome.life_loss
        gain = outcome.life_gain
        # (the life paid, judged on the life total, may be paid by the library instead: CR 614.1a, 119.4)
        instead = exiled_instead(view, self.player, paid.life) if paid.life else 0
        life = paid.life - instead
        self.life += gain - life - loss
        if instead:
            self.view.update_player(with_exiled(self.view.player(self.player), instead))
            self.library_exiled += instead
        if gain:  # (gained at once, while the payment goes on: CR 119.3, 605.3b)
            player = self.view.player(self.player)
            gained = player.life_gained_this_turn + gain
            self.view.update_player(replace(player, life=self.life, life_gained_this_turn=gained))
        elif life + loss:
            self.view.update_player(replace(self.view.player(self.player), life=self.life))
        self.life_paid += life
        self.damage += paid.damage + loss
        self.activations[pid] = self.activations.get(pid, 0) + 1
        pool = self.pool
        for unit in paid.spent:
            pool[unit] -= 1
        for unit in units:
            pool[unit] += 1
        if self._shape is not None:
            self._shape_players(self._shape)

    def _pay_parts(self, paid: PaidCosts, pid: str) -> None:
        """What a step's other cost parts do (:mod:`planner.rules.costs`), but remove the permanents they
        exile and return (the caller does): untap the opponents' lands, change the hand, pay energy."""
        view = self.view
        for other in paid.choices.untapped:
            view.update(view.permanent(other).with_tapped(False))
            self.touched[other] = None
        hand = paid.hand
        for other in paid.choices.returned:
            hand = returned_to_hand(view.permanent(other), self.hand if hand is None else hand)
        if hand is not None:
            self.hand_board = self.hand_board.replace_player(self.player, hand=hand)
        self.energy -= paid.energy
        if paid.graveyard:
            view.update_player(exiled_from_graveyard(view.player(self.player), paid.graveyard, paid.evidence))
        self.costs = self.costs.after(paid, pid)

    def _remove(self, pid: str) -> None:
        players = self._players()
        # (the players as they are now: a card put into a graveyard may grant from there, Riftstone Portal)
        self.view = _without(self.view, pid, players)
        for player in players:
            self.view.update_player(player)
        if self._shape is not None:
            self._shape = _without(self._shape, pid, self._structural_players())
            self._shape_players(self._shape)
        self._reflect = LazyReflect(self._board, self._structural)

    def _structural(self) -> BoardView:
        """The view of the board's structure now (:func:`~planner.rules.question.structure`), made on first
        use and kept up by each step after it: what could be produced reads it."""
        if self._shape is None:
            shape = structure(self._board())
            self._shape = view_of(shape).rebind(shape)  # (its own, like ``view``)
        return self._shape

    def _structural_players(self) -> tuple[Player, ...]:
        """The players now, as :func:`structure` has them."""
        return tuple(p.with_life_and_pool(1 if p.life > 0 else 0, ()) for p in self._players())

    def _shape_players(self, shape: BoardView) -> None:
        """Put the players as they are now in the structure's view."""
        for player in self._structural_players():
            shape.update_player(player)

    def finish(
        self, start: Board, target: PaymentTarget, spent: Sequence[ManaUnit], life: int, index: int
    ) -> PaymentSummary:
        """Pay the target from the pool (CR 601.2h) and summarise the whole payment."""
        remaining = paid_target(self.pool, self.view, self.player, self.life, target, spent, life, index)
        view = self.view
        instead = exiled_instead(view, self.player, life) if life else 0  # (the total cost's: one payment)
        return summary_of(
            start,
            (view.permanent(pid) for pid in self.touched if view.has(pid)),
            self.sacrificed,
            self.activations,
            self.life_paid + life - instead,
            self.damage,
            remaining,
            from_hand=tuple(sorted(self.from_hand)),
            costs=self.costs,
            spent_mana=spent_mana(start, target, spent),
            library_exiled=self.library_exiled + instead,
        )


def _without(view: BoardView, pid: str, players: tuple[Player, ...] | None = None) -> BoardView:
    """A view of the board ``view`` shows now (its statuses included) without ``pid``, reusing what
    ``view`` worked out where it can (:meth:`BoardView.without`), its own (changed in place by a replay); its
    board's players are ``players``, or those the board of ``view`` was built with."""
    remaining = view.permanents_now()
    del remaining[pid]
    # (one copy of the view's dict, then C speed: a plan may sacrifice hundreds of 1,000 permanents)
    board = view.board.with_remaining(players or view.board.players, remaining)
    return view.without(pid, board, remaining) or view_of(board).rebind(board)


def replay(
    board: Board,
    target: PaymentTarget,
    plan: Plan,
    player: str | None = None,
    check: Callable[[], None] | None = None,
) -> PaymentSummary:
    """Apply a plan step by step by the rules and return what it did, or raise ``IllegalPlanError``;
    ``check`` is called before each step (the question's time limit: it raises to stop).

    Each step changes only what it touches (:class:`_LiveState`): a plan of k steps on a board of n
    permanents replays in O(k + n), and ends where :func:`apply_step` from :func:`initial_state` ends.

    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
    ...     {"id": "f1", "card": "Forest", "controller": "me"}]})
    >>> step = Step(permanent="f1", ability=0, produced=(("f1", ManaBag.parse("{G}")),))
    >>> target = PaymentTarget.of("{G}")
    >>> state = apply_step(initial_state(board), step)
    >>> sorted(replay(board, target, Plan((step,), state.pool)).tapped)
    ['f1']
    >>> replay(board, target, Plan((step, step), state.pool))
    Traceback (most recent call last):
    ...
    planner.rules.plan_state.IllegalPlanError: step 2: Forest (f1) is already tapped
    """
    if target.cost.has_variable:
        raise InputError(f"choose a value for X in {target.cost} before replaying a plan")
    if plan.alternatives:
        # convoke, improvise and delve change the board at the payment: replayed on the immutable states
        immutable = applied(initial_state(board, player), plan.steps, check)
        return finish(board, immutable, target, plan.spent, plan.life, len(plan.steps), plan.alternatives)
    state = _LiveState(board, player)
    announced = Announcements.of(plan.steps)
    for index, step in enumerate(plan.steps):
        if check is not None:
            check()
        if announced is not None:
            announced.before(index, state, state.view)
        state.apply(step, index)
        if announced is not None:
            announced.after(step)
    return state.finish(board, target, plan.spent, plan.life, len(plan.steps))
