"""One step of a plan checked and applied by the rules (CR 602.2, 605.3): a mana ability activated on the
battlefield (its restrictions, its costs paid, how it resolved and what it added: :func:`checked`), a card
exiled from the hand for its mana (:func:`taken_from_hand`), and the abilities a plan announces before the
steps that pay their own mana cost (:class:`Announcements`, CR 601.2g).

:func:`apply_step` applies a step to the immutable :class:`~planner.rules.plan_state.PlanState`; the replay
(:mod:`planner.rules.replay`) applies the same checks to its state changed in place, and the reference
search's steps (:mod:`planner.rules.next_steps`) end in :func:`state_after`, so the three cannot disagree.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace

from models.board import Board
from models.mana import ManaTypes
from planner.rules.amounts import into_graveyard
from planner.rules.announced import announcements, nesting_error
from planner.rules.doubling import doubles_unspent, resolved_doubling
from planner.rules.eligibility import why_not_activatable, why_restricted
from planner.rules.hand import HAND, without_card
from planner.rules.life_exiled import exiled_instead, with_exiled
from planner.rules.plan import Step
from planner.rules.plan_state import IllegalPlanError, PlanState, sorted_units, taken_out
from planner.rules.pool import ManaUnit
from planner.rules.question import view_of
from planner.rules.resolutions import Aftermath, LazyReflect, stated_resolution, worked_out_stated
from planner.rules.step_costs import (
    PaidCosts,
    StepGame,
    exiled_from_graveyard,
    pay_costs,
    returned_to_hand,
    spent_energy,
)
from planner.rules.view import BoardView

__all__ = [
    "Announcements",
    "applied",
    "apply_step",
    "checked",
    "reflect_of",
    "state_after",
    "taken_from_hand",
]


def checked(
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
    there (:class:`Announcements`): only its costs are checked here."""
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
    if step.nested:  # (its restrictions judged as it was announced: Announcements)
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


def taken_from_hand(board: Board, player: str, step: Step, index: int) -> tuple[Board, tuple[ManaUnit, ...]]:
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


class Announcements:
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
    def of(steps: Sequence[Step]) -> Announcements | None:
        """The announcements of a plan, or None when each step is announced where it is listed."""
        for step in steps:
            if step.nested:
                return Announcements(steps)
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
    announced = Announcements.of(steps)
    for number, step in enumerate(steps):
        if check is not None:
            check()
        if announced is not None:
            announced.before(number, state, view_of(state.board))
        state = apply_step(state, step, number)
        if announced is not None:
            announced.after(step)
    return state


def reflect_of(board: Board) -> LazyReflect:
    return LazyReflect(lambda: board)


def apply_step(state: PlanState, step: Step, index: int = 0) -> PlanState:
    """The state after one activation, checked by the rules; raises ``IllegalPlanError`` naming the step."""
    if step.zone == HAND:
        board, units = taken_from_hand(state.board, state.player, step, index)
        return replace(
            state,
            board=board,
            pool=sorted_units((*state.pool, *units)),
            from_hand=tuple(sorted((*state.from_hand, step.permanent))),
        )
    paid, outcome, units = checked(state, view_of(state.board), reflect_of(state.board), step, index)
    return state_after(state, paid, step, outcome, units)


def state_after(
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
    # (the life paid, judged on the life total, may be paid by the library instead: CR 614.1a, 119.4)
    instead = exiled_instead(view_of(state.board), state.player, paid.life) if paid.life else 0
    player: dict[str, object] = {"life": state.life - (paid.life - instead) - loss + outcome.life_gain}
    if instead:
        exiled = with_exiled(board.player(state.player), instead)
        player["library"], player["library_cards"] = exiled.library, exiled.library_cards
    if outcome.life_gain:  # (gained at once, while the payment goes on: CR 119.3, 605.3b)
        player["life_gained_this_turn"] = board.player(state.player).life_gained_this_turn + outcome.life_gain
    if hand is not None:
        player["hand"] = hand
    if paid.energy:
        player["counters"] = spent_energy(board.player(state.player).counters, paid.energy)
    board = board.replace_player(state.player, **player)
    counts = dict(state.activations)
    counts[pid] = counts.get(pid, 0) + 1
    remaining = taken_out(state.pool, paid.spent)
    assert remaining is not None  # pay_costs checked it
    return replace(
        state,
        board=board,
        pool=sorted_units((*remaining, *units)),
        life_paid=state.life_paid + paid.life - instead,
        library_exiled=state.library_exiled + instead,
        damage=state.damage + paid.damage + loss,
        activations=tuple(sorted(counts.items())),
        sacrificed=sacrificed,
        costs=state.costs.after(paid, pid),
    )
