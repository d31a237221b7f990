"""The reference search: every legal way to pay a payment target from a small board, found by brute force.

It is slow and obviously correct: from the board it tries every eligible mana ability activation, with
every cost choice (which creature to sacrifice, which pool mana pays a Signet's {1}), every choice of colors
and every replacement order, in every order, through :func:`planner.rules.replay.legal_steps`, and at every
state
every exact payment of the cost from the pool, with every choice of convoke, improvise and delve the target
allows (:mod:`planner.rules.alternatives`); payments that spend different mana are different outcomes
when the target reads it (its riders: :func:`~planner.rules.replay.spent_mana`). States already seen are
not searched again. An ability whose restrictions a payment may change (summoning sickness, an
activation condition) with a mana cost may also be announced first, its restrictions judged there, and
paid for by the activations after it (CR 601.2g, 602.2b: :func:`announced_first`). It is the oracle
the faster planners are tested against, so it refuses boards it cannot finish quickly.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace

from models.board import Board
from models.cost import PaymentTarget
from models.errors import InputError, PlannerError
from planner.rules.activations import activation_templates, converts_mana, with_open_bounds
from planner.rules.alternatives import (
    CREATURE_KINDS,
    alternative_choices,
    apply_alternatives,
    covered_slots,
    destroyed_by_alternatives,
    reduced_costs,
)
from planner.rules.announced import judged_apart
from planner.rules.could_produce import could_produce_all
from planner.rules.eligibility import why_restricted
from planner.rules.payment import payments
from planner.rules.payment_bans import life_banned
from planner.rules.pool import SpendRules
from planner.rules.question import within_question
from planner.rules.replay import (
    PaymentSummary,
    Plan,
    PlanState,
    Step,
    capped,
    initial_state,
    legal_steps,
    remove_units,
    spent_mana,
    summarise,
    view_of,
)
from planner.rules.view import BoardView

__all__ = ["MAX_PERMANENTS", "MAX_STATES", "ReferenceLimitError", "ReferenceResult", "reference_search"]

#: The largest board (permanents of all players) the reference search accepts.
MAX_PERMANENTS = 8
#: The most search states it visits before giving up with :class:`ReferenceLimitError`.
MAX_STATES = 200_000


class ReferenceLimitError(PlannerError):
    """The board is too large for the exhaustive search, or the search ran past its state limit."""


@dataclass(frozen=True, slots=True)
class ReferenceResult:
    """Every distinct payment outcome the search reached, each with one plan that reaches it.

    ``capped`` lists permanents whose activations were cut by the loop cap (CR 729): outcomes past the cap
    were not explored.
    """

    outcomes: dict[PaymentSummary, Plan]
    states: int
    capped: tuple[str, ...]

    @property
    def payable(self) -> bool:
        """True when at least one legal payment exists."""
        return bool(self.outcomes)


@within_question  # (one question: each board it meets analysed once, each card read once)
def reference_search(
    board: Board,
    target: PaymentTarget,
    player: str | None = None,
    *,
    x: int | None = None,
    max_permanents: int = MAX_PERMANENTS,
    max_states: int = MAX_STATES,
    check: Callable[[], None] | None = None,
) -> ReferenceResult:
    """Every legal way to pay ``target`` (with X = ``x``) for ``player`` (default: the active player).
    ``check`` is called every 256 states and every 256 ways of paying from one state's pool (a time limit
    raises there).

    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
    ...     {"id": "f1", "card": "Forest", "controller": "me"},
    ...     {"id": "sig", "card": "Selesnya Signet", "controller": "me"}]})
    >>> result = reference_search(board, PaymentTarget.of("{G}{W}"))
    >>> sorted(sorted(s.tapped) for s in result.outcomes)
    [['f1', 'sig']]
    """
    if len(board.permanents) > max_permanents:
        raise ReferenceLimitError(
            f"the reference search handles at most {max_permanents} permanents; this board has "
            f"{len(board.permanents)}"
        )
    if target.cost.has_variable:
        if x is None:
            raise InputError(f"the cost {target.cost} has X: give a value for X")
        target = target.with_x(x)
    start = initial_state(board, player)
    caps = _caps(board, start.player, target)
    outcomes: dict[PaymentSummary, Plan] = {}
    seen: set[PlanState] = set()
    capped_ids: set[str] = set()
    summarised = 0
    stack: list[tuple[PlanState, tuple[Step, ...]]] = [(start, ())]
    while stack:
        state, steps = stack.pop()
        if state in seen:
            continue
        seen.add(state)
        if check is not None and not len(seen) % 256:
            check()
        if len(seen) > max_states:
            raise ReferenceLimitError(f"the reference search passed {max_states} states; use a smaller board")
        view = view_of(state.board)  # (the view legal_steps reads this state by: each state analysed once)
        rules = SpendRules.for_player(view, state.player)
        # (none where a prohibition forbids paying life for it, CR 118.3: Yasharn)
        payable_life = 0 if life_banned(view, state.player, target.kind) else state.life
        for choice in () if state.announced else alternative_choices(view, state.player, target, target.cost):
            # convoke and improvise tap what is still untapped once the mana abilities are done (601.2h)
            paying, damage = apply_alternatives(view, state.player, target, choice)
            costs = state.costs.with_destroyed(destroyed_by_alternatives(view, choice))
            after = replace(state, board=paying, damage=state.damage + damage, costs=costs)
            exiled = sum(a.cards for a in choice)
            convoked = frozenset(a.permanent for a in choice if a.kind in CREATURE_KINDS)
            for cost in reduced_costs(target.cost, covered_slots(choice)):
                for spent, life in payments(state.pool, cost, target, rules, payable_life):
                    summarised += 1
                    if check is not None and not summarised % 256:
                        check()  # (a big pool pays a cost in many ways: the deadline holds within a state)
                    remaining = remove_units(state.pool, spent)
                    assert remaining is not None  # payments() spends only what the pool holds
                    summary = summarise(
                        board,
                        after,
                        remaining,
                        life,
                        exiled=exiled,
                        convoked=convoked,
                        spent_mana=spent_mana(board, target, spent),
                    )
                    outcomes.setdefault(summary, Plan(steps, spent, life, choice))
        capped_ids.update(capped(state, caps))
        for step, after in legal_steps(state, caps):
            if after not in seen and (not state.announced or _breaks_or_later(state, after)):
                stack.append((after, (*steps, step)))
        for after in announced_first(state, view):
            if after not in seen:
                stack.append((after, steps))
    return ReferenceResult(outcomes, len(seen), tuple(sorted(capped_ids)))


def _breaks_or_later(state: PlanState, after: PlanState) -> bool:
    """False for a step right after an announcement (:func:`announced_first`) that leaves the ability
    announced last allowed by its restrictions, or gone: the search announces it after such a step instead
    (where it is judged alike, its span nesting as well), so each payment is looked at once."""
    pid, number, taken = state.announced[-1]
    if taken != state.taken:
        return True
    if not after.board.has_permanent(pid):
        return False
    view = view_of(after.board)
    abilities = view.mana_abilities(pid)
    return number >= len(abilities) or why_restricted(view, pid, abilities[number]) is not None


def announced_first(state: PlanState, view: BoardView) -> Iterator[PlanState]:
    """The states with one more ability announced (:attr:`PlanState.announced`): one with a mana cost
    whose restrictions the payment may change (:func:`judged_apart`) and allow now, not announced already;
    the mana abilities after it may pay its cost (CR 601.2g), and the cost is paid once one came between
    (:func:`planner.rules.replay.legal_steps`). The target is paid once every announced ability is.

    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
    ...     {"id": "k", "controller": "me", "name": "Green Ritualist", "type_line": "Creature",
    ...      "oracle": "{1}, {T}: Add {G}{G}{G}.", "summoning_sick": True},
    ...     {"id": "h", "controller": "me", "name": "Haste", "type_line": "Enchantment",
    ...      "oracle": "Creatures you control have haste."}]})
    >>> [after.announced for after in announced_first(initial_state(board), BoardView(board))]
    [(('k', 0, 0),)]
    >>> sick = replace(board, permanents=board.permanents[:1])  # (no haste: it can't be announced)
    >>> [after.announced for after in announced_first(initial_state(sick), BoardView(sick))]
    []
    """
    pending = {(pid, number) for pid, number, _ in state.announced}
    for permanent in state.board.permanents:
        if permanent.controller != state.player:
            continue
        for number, ability in enumerate(view.mana_abilities(permanent.id)):
            if (permanent.id, number) in pending or not judged_apart(ability, permanent.summoning_sick):
                continue
            if why_restricted(view, permanent.id, ability) is None:
                yield replace(state, announced=(*state.announced, (permanent.id, number, state.taken)))


def _caps(board: Board, player: str, target: PaymentTarget) -> dict[str, int]:
    """How often the search activates each permanent with a converter (:func:`converts_mana`) or an open
    ability (:attr:`~planner.rules.activations.Activation.open`) or an untap loop that makes no more than it
    takes: as often as the mana that pays it allows (:func:`converter_bound`), or as the payment of
    ``target`` can use it (:func:`with_open_bounds`), plus once for each of its other abilities. Abilities
    that cost life need no cap: the life total runs out."""
    view = BoardView(board)
    templates = activation_templates(view, player, could_produce_all(view))
    templates = with_open_bounds(view, player, templates, [target.cost])
    # (an untap loop that makes more than it takes keeps the loop cap: CR 729, the search says where it cut
    # one; one that doesn't is bounded as a converter is, planner.rules.activations.bounded_loops)
    return {
        t.pid: t.bound + len(view.mana_abilities(t.pid))
        for t in templates
        if t.open != t.loop or converts_mana(t)
    }
