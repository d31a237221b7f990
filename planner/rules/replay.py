"""Plans and the plan replayer: apply each step by the rules, or say exactly which step is illegal and why.

A plan is the ordered mana activations of CR 601.2g (each with its cost choices, the mana it put into the
pool and the replacement order used) followed by the payment of CR 601.2h: which pool mana pays the cost,
and how much life pays Phyrexian symbols. A step may be announced before the steps that pay its own mana
cost (:attr:`Step.nested`, :mod:`planner.rules.announced`): its restrictions are judged there. Every plan
the project returns is checked here, and the reference search builds its plans with the same
:func:`apply_step`, so the two cannot disagree.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace

from models.abilities import ManaAbility
from models.board import Board, Card, Permanent, Player
from models.cost import PaymentTarget
from models.errors import InputError, PlannerError
from models.mana import TYPE_ORDER, ManaBag, ManaTypes
from models.riders import NOTHING_SPENT, SpentMana
from planner.rules.alternatives import (
    CREATURE_KINDS,
    Alternatives,
    apply_alternatives,
    covered_slots,
    reduced_costs,
)
from planner.rules.amounts import into_graveyard
from planner.rules.announced import announcements, nesting_error
from planner.rules.costs import (
    NO_CHOICES,
    choice_options,
    consumes,
    permanent_candidates,
)
from planner.rules.doubling import doubles_unspent, resolved_doubling, unspent_bag
from planner.rules.eligibility import why_not_activatable, why_restricted
from planner.rules.hand import HAND, hand_abilities, without_card
from planner.rules.payment import can_pay_exactly, payments
from planner.rules.plan import Plan, Step
from planner.rules.pool import ManaUnit, SpendRules, board_pool
from planner.rules.question import could_produce_of, structure, view_of
from planner.rules.resolutions import (
    Aftermath,
    LazyReflect,
    resolutions,
    stated_resolution,
    worked_out_resolutions,
    worked_out_stated,
)
from planner.rules.step_costs import (
    PaidCosts,
    StepGame,
    ability_target,
    exiled_from_graveyard,
    pay_costs,
    returned_to_hand,
    spent_energy,
    units_text,
)
from planner.rules.view import BoardView, ViewTable

__all__ = [
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

#: How many times the exhaustive search (:func:`legal_steps`) activates one permanent's abilities when nothing
#: in their cost runs out and its caller gives no bound for them (a {T} or {Q} ability that an untap loop
#: could repeat): loops (Pili-Pala with Grand Architect, CR 729) are cut there and reported rather than
#: followed forever. A plan's replay has no such cap: the rules set none.
ACTIVATION_CAP = 4


def _may_loop(ability: ManaAbility) -> bool:
    """True when nothing in the ability's cost runs out (no sacrifice, counter, card, energy, permanent or
    life that it takes: :func:`~planner.rules.costs.consumes`), so repeats are capped."""
    return not consumes(ability) and not ability.cost.life


class IllegalPlanError(PlannerError):
    """A plan step breaks the rules; ``step`` is its index (``len(steps)`` for the final payment)."""

    def __init__(self, step: int, reason: str) -> None:
        super().__init__(f"step {step + 1}: {reason}")
        self.step = step
        self.reason = reason


@dataclass(frozen=True, slots=True)
class _CostsPaid:
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

    def after(self, paid: PaidCosts, pid: str) -> _CostsPaid:
        """These with one more step's costs (``paid``, of an ability of ``pid``)."""
        choices = paid.choices
        if not choices and not paid.energy and not paid.exerted and not paid.graveyard:
            return self
        return _CostsPaid(
            exiled=(*self.exiled, *choices.exiled),
            returned=(*self.returned, *choices.returned),
            discarded=tuple(sorted((*self.discarded, *choices.discarded))),
            exiled_cards=tuple(sorted((*self.exiled_cards, *choices.exiled_cards))),
            energy=self.energy + paid.energy,
            exerted=tuple(sorted({*self.exerted, pid})) if paid.exerted else self.exerted,
            graveyard_exiled=self.graveyard_exiled + paid.graveyard,
        )


_NOTHING_PAID = _CostsPaid()


@dataclass(kw_only=True, frozen=True, slots=True)
class PlanState:
    """The game between two steps of a plan: the board, the pool, and what has been paid so far."""

    board: Board
    player: str
    pool: tuple[ManaUnit, ...]
    life_paid: int = 0
    damage: int = 0
    activations: tuple[tuple[str, int], ...] = ()
    sacrificed: tuple[str, ...] = ()
    from_hand: tuple[str, ...] = ()  # the names of the cards exiled from the hand for their mana, sorted
    costs: _CostsPaid = field(default_factory=lambda: _NOTHING_PAID)
    # the abilities announced and not yet paid for (the exhaustive search's: CR 601.2g), innermost last:
    # each permanent, its ability's number and how many steps came before its announcement (:attr:`taken`)
    announced: tuple[tuple[str, int, int], ...] = ()

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
        >>> step = Step(permanent="t", ability=0, produced=(("t", ManaBag.parse("{R}")),))
        >>> after = apply_step(initial_state(board), step)
        >>> after.sacrificed, after.next_payment().sacrificed, len(after.next_payment().pool)
        (('t',), (), 1)
        """
        return replace(self, life_paid=0, damage=0, activations=(), sacrificed=(), costs=_NOTHING_PAID)

    def activation_count(self, pid: str) -> int:
        """How many times this plan activated the permanent's abilities."""
        return dict(self.activations).get(pid, 0)

    def on_battlefield(self, pid: str) -> bool:
        """True when the permanent is (still) on the battlefield."""
        return self.board.has_permanent(pid)

    def spendable(self, units: Sequence[ManaUnit]) -> bool:
        """True when the pool holds all these units."""
        return _remaining(Counter(self.pool), units) is not None

    def unspent(self, spent: Sequence[ManaUnit]) -> ManaBag:
        """The amount of each type of mana the pool holds once ``spent`` (which it holds) is spent."""
        return unspent_bag(_remaining(Counter(self.pool), spent) or ())


@dataclass(kw_only=True, frozen=True, slots=True)
class PaymentSummary:
    """What a finished payment did, for comparing plans: the quantities the objective reads."""

    tapped: frozenset[str]
    untapped: frozenset[str]
    sacrificed: frozenset[str]
    life_paid: int
    damage: int
    floating: tuple[ManaUnit, ...]
    used: frozenset[str] = frozenset()  # every permanent activated, tapped, untapped or sacrificed
    exiled: int = 0  # cards exiled from the graveyard for delve
    convoked: frozenset[str] = frozenset()  # creatures tapped for convoke
    from_hand: tuple[str, ...] = ()  # the names of the cards exiled from the hand for their mana, sorted
    exiled_permanents: frozenset[str] = frozenset()  # exiled by a cost (Food Chain)
    returned: frozenset[str] = frozenset()  # returned to their owners' hands by a cost
    discarded: tuple[str, ...] = ()  # the names of the cards discarded for a cost (Bog Witch), sorted
    exiled_cards: tuple[str, ...] = ()  # the names of the cards exiled from the hand for a cost, sorted
    energy_paid: int = 0  # energy counters paid ({E}: Aether Hub)
    exerted: frozenset[str] = frozenset()  # permanents exerted (CR 701.39)
    # the mana that paid the target, as its riders read it (converge, adamant): only when it has riders
    spent_mana: SpentMana = NOTHING_SPENT

    @property
    def cards_lost(self) -> int:
        """The cards the payment took from the hand: exiled for their mana, discarded, exiled for a cost."""
        return len(self.from_hand) + len(self.discarded) + len(self.exiled_cards)

    @property
    def gone(self) -> frozenset[str]:
        """The permanents the payment took off the battlefield: sacrificed, exiled, returned."""
        if not self.exiled_permanents and not self.returned:
            return self.sacrificed
        return self.sacrificed | self.exiled_permanents | self.returned

    @property
    def floating_bag(self) -> ManaBag:
        """The floating mana by type."""
        return ManaBag.of(unit.type for unit in self.floating)


def initial_state(board: Board, player: str | None = None) -> PlanState:
    """The state before any step: the board as given (:func:`paid_x_kept`) and the player's floating mana."""
    board = paid_x_kept(board)
    who = player or board.active_player
    return PlanState(board=board, player=who, pool=_sorted(board_pool(board, who)))


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


def _sorted(units: Sequence[ManaUnit]) -> tuple[ManaUnit, ...]:
    return tuple(sorted(units, key=ManaUnit.sort_key))


def _remaining(pool: Counter[ManaUnit], spent: Iterable[ManaUnit]) -> tuple[ManaUnit, ...] | None:
    """The pool's units left after spending ``spent`` from it, sorted, or None when it does not hold them."""
    return _spent_from(Counter(pool), spent)


def _spent_from(pool: Counter[ManaUnit], spent: Iterable[ManaUnit]) -> tuple[ManaUnit, ...] | None:
    """:func:`_remaining`, spending from ``pool`` itself."""
    for unit in spent:
        pool[unit] -= 1
    if any(count < 0 for count in pool.values()):
        return None
    return _sorted(list(pool.elements()))


def remove_units(pool: tuple[ManaUnit, ...], spent: Sequence[ManaUnit]) -> tuple[ManaUnit, ...] | None:
    """The pool after spending ``spent`` from it, or None when it does not hold them."""
    return _remaining(Counter(pool), spent)


def _checked(
    state: StepGame,
    view: BoardView,
    reflect: Mapping[str, ManaTypes],
    step: Step,
    index: int,
    keep: bool = True,
) -> tuple[PaidCosts, Aftermath, tuple[ManaUnit, ...]]:
    """One activation checked by the rules in the game ``state`` (whose view and reflected colors are
    ``view`` and ``reflect``): what its costs do, how it resolved and the units it added (kept with the
    view's structure when ``keep``: :func:`stated_resolution`); raises ``IllegalPlanError`` naming the
    step. A step announced before the steps it spans (:attr:`Step.nested`) had its restrictions judged
    there (:class:`_Announcements`): only its costs are checked here."""
    if not state.on_battlefield(step.permanent):
        raise IllegalPlanError(index, f"there is no permanent {step.permanent!r} on the battlefield")
    permanent = view.permanent(step.permanent)
    if permanent.controller != state.player:
        raise IllegalPlanError(
            index, f"{permanent.name} ({permanent.id}) is controlled by {permanent.controller}"
        )
    abilities = view.mana_abilities(step.permanent)
    if not 0 <= step.ability < len(abilities):
        raise IllegalPlanError(index, f"{permanent.name} has no mana ability number {step.ability}")
    ability = abilities[step.ability]
    if step.nested:  # (its restrictions judged as it was announced: _Announcements)
        reason = why_not_activatable(view, step.permanent, ability, life=state.life, restricted=False)
    else:
        reason = why_not_activatable(view, step.permanent, ability, life=state.life)
    if reason is not None:
        raise IllegalPlanError(index, reason)
    if step.nested and (not ability.cost.mana or ability.limited_each_turn):
        raise IllegalPlanError(
            index,
            f"{permanent.name}'s ability is announced where the plan lists it: "
            + (
                "it has no mana cost for other steps to pay" if not ability.cost.mana else "limited each turn"
            ),
        )
    try:
        paid = pay_costs(state, view, step, ability)
    except ValueError as error:
        raise IllegalPlanError(index, f"{permanent.name}: {error}") from None
    stated: tuple[Aftermath, tuple[ManaUnit, ...]] | None
    if doubles_unspent(ability):  # (what it adds reads the pool its cost left: no table keys that)
        stated = worked_out_stated(view, reflect, step, resolved_doubling(ability, state.unspent(paid.spent)))
    else:
        stated = stated_resolution(view, reflect, step, ability, keep)
    if stated is not None:
        return paid, *stated
    wanted = ", ".join(f"{bag} from {source}" for source, bag in step.produced) or "nothing"
    raise IllegalPlanError(index, f"{permanent.name} ({permanent.id}) can't produce {wanted} this way")


def _from_hand(board: Board, player: str, step: Step, index: int) -> tuple[Board, tuple[ManaUnit, ...]]:
    """The board once a card in the player's hand was exiled for its mana ability, and the mana it added;
    raises ``IllegalPlanError`` naming the step (:mod:`planner.rules.hand`)."""
    if step.zone != HAND:
        raise IllegalPlanError(index, f"a step can't be taken from the zone {step.zone!r}")
    if step.order or step.sacrificed or step.tapped or step.paid_with or step.choices:
        raise IllegalPlanError(index, f"{step.permanent}'s ability from the hand has no cost choices")
    found = without_card(board, player, step.permanent, step.ability)
    if found is None:
        raise IllegalPlanError(
            index, f"{player}'s hand holds no {step.permanent} whose mana ability {step.ability} can be used"
        )
    after, used = found
    if step.produced != ((used.card.name, used.mana),):
        wanted = ", ".join(f"{bag} from {source}" for source, bag in step.produced) or "nothing"
        raise IllegalPlanError(index, f"{step.permanent} from the hand can't produce {wanted}")
    return after, used.units


class _Announcements:
    """The steps of a plan announced before the steps they span (:attr:`Step.nested`, CR 601.2g), their
    restrictions judged as the replay reaches their announcement (CR 602.2b, 602.5)."""

    def __init__(self, steps: Sequence[Step]) -> None:
        error = nesting_error(steps)
        if error is not None:
            raise IllegalPlanError(*error)
        self.steps = steps
        self.at = announcements(steps)
        self.pending: list[tuple[str, int]] = []  # (the abilities announced and not yet paid, innermost last)

    @staticmethod
    def of(steps: Sequence[Step]) -> _Announcements | None:
        """The announcements of a plan, or None when each step is announced where it is listed."""
        for step in steps:
            if step.nested:
                return _Announcements(steps)
        return None

    def before(self, index: int, state: StepGame, view: BoardView) -> None:
        """Announce the steps that span the step ``index`` and begin with it, in the game ``state`` (its view
        ``view``) before that step; raises ``IllegalPlanError`` naming the step announced."""
        for announced in self.at.get(index, ()):
            step = self.steps[announced]
            where = f"announced before step {index + 1}"
            if not state.on_battlefield(step.permanent):
                raise IllegalPlanError(announced, f"{where}, there is no permanent {step.permanent!r}")
            permanent = view.permanent(step.permanent)
            abilities = view.mana_abilities(step.permanent)
            if permanent.controller != state.player or not 0 <= step.ability < len(abilities):
                raise IllegalPlanError(
                    announced,
                    f"{where}, {state.player} has no mana ability {step.ability} of {step.permanent}",
                )
            if (step.permanent, step.ability) in self.pending:
                raise IllegalPlanError(
                    announced, f"{where}, while {permanent.name}'s ability is being activated"
                )
            reason = why_restricted(view, step.permanent, abilities[step.ability])
            if reason is not None:
                raise IllegalPlanError(announced, f"{where}: {reason}")
            self.pending.append((step.permanent, step.ability))

    def after(self, step: Step) -> None:
        """The step was activated: its announcement is done with."""
        if step.nested:
            self.pending.pop()


def applied(state: PlanState, steps: Sequence[Step], check: Callable[[], None] | None = None) -> PlanState:
    """The state after the plan's ``steps`` from ``state``, each checked by the rules and announced where
    the plan says (:attr:`Step.nested`); raises ``IllegalPlanError`` naming the step. ``check`` is called
    before each step."""
    announced = _Announcements.of(steps)
    for number, step in enumerate(steps):
        if check is not None:
            check()
        if announced is not None:
            announced.before(number, state, view_of(state.board))
        state = apply_step(state, step, number)
        if announced is not None:
            announced.after(step)
    return state


def _reflect_of(board: Board) -> LazyReflect:
    return LazyReflect(lambda: board)


def apply_step(state: PlanState, step: Step, index: int = 0) -> PlanState:
    """The state after one activation, checked by the rules; raises ``IllegalPlanError`` naming the step."""
    if step.zone == HAND:
        board, units = _from_hand(state.board, state.player, step, index)
        return replace(
            state,
            board=board,
            pool=_sorted((*state.pool, *units)),
            from_hand=tuple(sorted((*state.from_hand, step.permanent))),
        )
    paid, outcome, units = _checked(state, view_of(state.board), _reflect_of(state.board), step, index)
    return _resolved(state, paid, step, outcome, units)


def _resolved(
    state: PlanState, paid: PaidCosts, step: Step, outcome: Aftermath, units: tuple[ManaUnit, ...]
) -> PlanState:
    """The state after an activation whose costs do ``paid`` resolved as ``outcome``, adding ``units``."""
    pid = step.permanent
    board = state.board
    if paid.source is not None:
        board = board.replace_permanent(pid, tapped=paid.source)
    for other in paid.others:
        board = board.replace_permanent(other, tapped=True)
    if paid.counters is not None:
        board = board.replace_permanent(pid, counters=paid.counters)
    if paid.activated is not None:
        board = board.replace_permanent(pid, activated_this_turn=paid.activated)
    for other in paid.choices.untapped:
        board = board.replace_permanent(other, tapped=False)
    hand = paid.hand
    for other in paid.choices.returned:
        hand = returned_to_hand(board.permanent(other), state.hand if hand is None else hand)
    gone = list(paid.sacrificed)
    if outcome.sacrifices_source and pid not in gone:
        gone.append(pid)
    sacrificed = (*state.sacrificed, *gone)
    if gone:  # (a sacrificed card goes to its owner's graveyard: what a graveyard amount counts next)
        left = [board.permanent(other) for other in gone]
        board = board.with_player(into_graveyard(board.player(state.player), left))
    if paid.graveyard:
        exiled = exiled_from_graveyard(board.player(state.player), paid.graveyard, paid.evidence)
        board = board.with_player(exiled)
    for other in (*gone, *paid.choices.removed):
        board = board.without_permanent(other)
    loss = outcome.damage + outcome.life_loss
    player: dict[str, object] = {"life": state.life - paid.life - loss + outcome.life_gain}
    if outcome.life_gain:  # (gained at once, while the payment goes on: CR 119.3, 605.3b)
        player["life_gained_this_turn"] = board.player(state.player).life_gained_this_turn + outcome.life_gain
    if hand is not None:
        player["hand"] = hand
    if paid.energy:
        player["counters"] = spent_energy(board.player(state.player).counters, paid.energy)
    board = board.replace_player(state.player, **player)
    counts = dict(state.activations)
    counts[pid] = counts.get(pid, 0) + 1
    remaining = _spent_from(Counter(state.pool), paid.spent)
    assert remaining is not None  # pay_costs checked it
    return replace(
        state,
        board=board,
        pool=_sorted((*remaining, *units)),
        life_paid=state.life_paid + paid.life,
        damage=state.damage + paid.damage + loss,
        activations=tuple(sorted(counts.items())),
        sacrificed=sacrificed,
        costs=state.costs.after(paid, pid),
    )


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
        self.costs = _NOTHING_PAID

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
            self.hand_board, units = _from_hand(self.hand_board, self.player, step, index)
            self.from_hand.append(step.permanent)
            self.pool.update(units)
            hand = self.hand_board.player(self.player).hand
            self.view.update_player(replace(self.view.player(self.player), hand=hand))
            if self._shape is not None:
                self._shape_players(self._shape)
            return
        paid, outcome, units = _checked(self, self.view, self._reflect, step, index, self.keep)
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
        if chosen or paid.energy or paid.exerted or paid.graveyard:
            self._pay_parts(paid, pid)
        for other in (*gone, *choices.removed) if chosen else gone:
            self._remove(other)
        self.sacrificed += gone
        loss = outcome.damage + outcome.life_loss
        gain = outcome.life_gain
        self.life += gain - paid.life - loss
        if gain:  # (gained at once, while the payment goes on: CR 119.3, 605.3b)
            player = self.view.player(self.player)
            gained = player.life_gained_this_turn + gain
            self.view.update_player(replace(player, life=self.life, life_gained_this_turn=gained))
        elif paid.life + loss:
            self.view.update_player(replace(self.view.player(self.player), life=self.life))
        self.life_paid += paid.life
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
        remaining = _paid_target(self.pool, self.view, self.player, self.life, target, spent, life, index)
        view = self.view
        return _summary(
            start,
            (view.permanent(pid) for pid in self.touched if view.has(pid)),
            self.sacrificed,
            self.activations,
            self.life_paid + life,
            self.damage,
            remaining,
            from_hand=tuple(sorted(self.from_hand)),
            costs=self.costs,
            spent_mana=spent_mana(start, target, spent),
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


def _paid_target(
    pool: Counter[ManaUnit],
    view: BoardView,
    player: str,
    life_total: int,
    target: PaymentTarget,
    spent: Sequence[ManaUnit],
    life: int,
    index: int,
    alternatives: Alternatives = (),
) -> tuple[ManaUnit, ...]:
    """The pool left after paying the target with ``spent`` (taken from ``pool`` itself) and ``life``
    (CR 601.2h), the part that ``alternatives`` (convoke, improvise, delve) paid aside; raises
    ``IllegalPlanError`` on an illegal payment."""
    remaining = _spent_from(pool, spent)
    if remaining is None:
        raise IllegalPlanError(index, "the payment spends mana that is not in the pool")
    if life > 0 and life_total < life:
        raise IllegalPlanError(
            index, f"paying {life} life needs at least {life} life; the player has {life_total}"
        )
    if target.cost.has_variable:
        raise IllegalPlanError(index, "choose X before paying (CR 107.3a)")
    rules = SpendRules.for_player(view, player)
    left = reduced_costs(target.cost, covered_slots(alternatives)) if alternatives else (target.cost,)
    if not any(can_pay_exactly(spent, cost, target, rules, life) for cost in left):
        paid = "".join(f" and {a.kind.value} {a.paid_text}" for a in alternatives)
        raise IllegalPlanError(
            index, f"{units_text(spent)}{paid} and {life} life do not pay {target.cost} exactly"
        )
    return remaining


def finish(
    start: Board,
    state: PlanState,
    target: PaymentTarget,
    spent: Sequence[ManaUnit],
    life: int,
    index: int,
    alternatives: Alternatives = (),
) -> PaymentSummary:
    """Pay the target from the pool and by its alternative payments (CR 601.2h) and summarise the whole
    payment; raises on an illegal one."""
    if alternatives:
        try:
            board, damage = apply_alternatives(view_of(state.board), state.player, target, alternatives)
        except ValueError as error:
            raise IllegalPlanError(index, str(error)) from None
        state = replace(state, board=board, damage=state.damage + damage)
    remaining = _paid_target(
        Counter(state.pool),
        view_of(state.board),
        state.player,
        state.life,
        target,
        spent,
        life,
        index,
        alternatives,
    )
    return summarise(
        start,
        state,
        remaining,
        life,
        exiled=sum(a.cards for a in alternatives),
        convoked=frozenset(a.permanent for a in alternatives if a.kind in CREATURE_KINDS),
        spent_mana=spent_mana(start, target, spent),
    )


def summarise(
    start: Board,
    state: PlanState,
    remaining: tuple[ManaUnit, ...],
    life: int,
    *,
    exiled: int = 0,
    convoked: frozenset[str] = frozenset(),
    spent_mana: SpentMana = NOTHING_SPENT,
) -> PaymentSummary:
    """What a payment did, given the pool left after it, the life it paid for Phyrexian symbols, the
    cards it exiled for delve and the mana that paid the target as its riders read it (:func:`spent_mana`)."""
    activated = (pid for pid, _ in state.activations)
    return _summary(
        start,
        state.board.permanents,
        state.sacrificed,
        activated,
        state.life_paid + life,
        state.damage,
        remaining,
        exiled=exiled,
        convoked=convoked,
        from_hand=state.from_hand,
        costs=state.costs,
        spent_mana=spent_mana,
    )


def _summary(
    start: Board,
    after: Iterable[Permanent],
    sacrificed_ids: Iterable[str],
    activated_ids: Iterable[str],
    life_paid: int,
    damage: int,
    remaining: tuple[ManaUnit, ...],
    *,
    exiled: int = 0,
    convoked: frozenset[str] = frozenset(),
    from_hand: tuple[str, ...] = (),
    costs: _CostsPaid = _NOTHING_PAID,
    spent_mana: SpentMana = NOTHING_SPENT,
) -> PaymentSummary:
    """A payment's summary from the permanents after it (those still on the battlefield whose tapped status
    it may have changed, or more), what it sacrificed and activated, life paid and damage taken, the pool
    left, what delve exiled and convoke tapped, the cards exiled from the hand for their mana (their
    names, sorted), and what the activations' other cost parts took (``costs``)."""
    changed = [p for p in after if p.tapped != start.permanent(p.id).tapped]
    tapped = frozenset([p.id for p in changed if p.tapped])
    untapped = frozenset([p.id for p in changed if not p.tapped]) if len(tapped) < len(changed) else _NONE
    sacrificed = frozenset(sacrificed_ids)
    activated = frozenset(activated_ids)
    exiled_permanents = frozenset(costs.exiled) if costs.exiled else _NONE
    returned = frozenset(costs.returned) if costs.returned else _NONE
    used = activated | tapped
    for more in (untapped, sacrificed, exiled_permanents, returned):
        if more:
            used |= more
    return PaymentSummary(
        tapped=tapped,
        untapped=untapped,
        sacrificed=sacrificed,
        life_paid=life_paid,
        damage=damage,
        floating=remaining,
        used=used,
        exiled=exiled,
        convoked=convoked,
        from_hand=from_hand,
        exiled_permanents=exiled_permanents,
        returned=returned,
        discarded=costs.discarded,
        exiled_cards=costs.exiled_cards,
        energy_paid=costs.energy,
        exerted=frozenset(costs.exerted) if costs.exerted else _NONE,
        spent_mana=spent_mana,
    )


#: No permanents (shared by the summaries of payments that untap, exile, return or exert none).
_NONE: frozenset[str] = frozenset()


def spent_mana(start: Board, target: PaymentTarget, spent: Iterable[ManaUnit]) -> SpentMana:
    """The mana that paid ``target``, as its riders read it (:mod:`models.riders`): each type's amount, and
    how much came from a Treasure (its source a Treasure on the board the payment started from); nothing
    when the target has no riders, so that payments alike in all else are one outcome.

    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
    ...     {"id": "t", "card": "Treasure", "controller": "me"}]})
    >>> from planner.rules.production import ManaTag
    >>> from models.mana import ManaType
    >>> from models.riders import TreasureSpent
    >>> target = replace(PaymentTarget.of("{1}"), riders=(TreasureSpent(),))
    >>> spent_mana(board, target, [ManaUnit(ManaType.R, ManaTag(source="t"))])
    SpentMana(types=(0, 0, 0, 1, 0, 0), from_treasures=1)
    """
    if not target.riders:
        return NOTHING_SPENT
    units = list(spent)
    view = view_of(start)
    treasures = sum(
        1
        for unit in units
        if start.has_permanent(unit.tag.source) and view.type_line(unit.tag.source).is_a("Treasure")
    )
    return SpentMana(tuple(sum(1 for unit in units if unit.type is t) for t in TYPE_ORDER), treasures)


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
    planner.rules.replay.IllegalPlanError: step 2: Forest (f1) is already tapped
    """
    if target.cost.has_variable:
        raise InputError(f"choose a value for X in {target.cost} before replaying a plan")
    if plan.alternatives:
        # convoke, improvise and delve change the board at the payment: replayed on the immutable states
        immutable = applied(initial_state(board, player), plan.steps, check)
        return finish(board, immutable, target, plan.spent, plan.life, len(plan.steps), plan.alternatives)
    state = _LiveState(board, player)
    announced = _Announcements.of(plan.steps)
    for index, step in enumerate(plan.steps):
        if check is not None:
            check()
        if announced is not None:
            announced.before(index, state, state.view)
        state.apply(step, index)
        if announced is not None:
            announced.after(step)
    return state.finish(board, target, plan.spent, plan.life, len(plan.steps))


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
    reflect = _reflect_of(board)
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
                        yield step, _resolved(state, paid, step, outcome, units)
