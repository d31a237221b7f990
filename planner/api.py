"""The public calls of the planner: what permanents could produce, and the best way to pay a cost.

Every plan :func:`pay` and :func:`max_x` return has been replayed by the rules
(:func:`planner.rules.replay.replay`); a plan the replayer rejects is a bug and raises instead of being
returned.
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, replace

from models.additional_costs import SacrificeCost, UnreadCost
from models.alternative_costs import ALTERNATIVE_COST_OPTIONS
from models.board import BOARD_VERSION, Board, Permanent, Player
from models.catalogue import CardData
from models.cost import PaymentKind, PaymentTarget
from models.errors import InputError
from models.mana import ManaTypes
from planner.additional import ManaPaid, choose_additional, exile_ways, only_hand_exiles
from planner.additional_x import largest_x
from planner.alternative import choose_way
from planner.answer import PaidParts, PayResult, PlanStep
from planner.answer_warnings import question_warnings, spell_text_warnings, text_warnings, with_life_warning
from planner.described import (
    answer_of,
    answer_with_exiled_life,
    described_payment,
    with_alternative_life_warning,
)
from planner.rules.additional_costs import (
    AdditionalPaid,
    banned_life_reason,
    plans_additional,
    turn_fact_warnings,
    without_cards,
)
from planner.rules.alternative_costs import (
    Way,
    card_mana_value,
    exile_choices,
    exiled_card_only,
    exiled_card_refused,
    foretold_only,
    mana_cost_refused,
    no_alternative_reason,
    usable_ways,
)
from planner.rules.cast_bans import why_forbidden
from planner.rules.exile_casts import exile_cast_error
from planner.rules.exile_grants import library_way_required, unresolved_trigger_ways
from planner.rules.exiled_card_ways import cards_exiled_with
from planner.rules.graveyard_ways import graveyard_cast_error, graveyard_way_required
from planner.rules.library_casts import library_cast_error, library_cast_unknown
from planner.rules.question import question as one_question
from planner.rules.question import view_of, within_question
from planner.rules.spell_cost import announcements
from planner.rules.x_caps import x_limit
from planner.solve.fast import commander_identities, solve_fast, solve_fast_max_x, source_kind
from planner.solve.objective import check_prefer
from planner.solve.problem import BoardAnalysis, PaymentProblem, TimeUp, checked_player
from planner.solve.riders import split_prefer, with_colors_spent
from planner.solve.solution import Solution, SolveStatus

__all__ = [
    "PaidParts",
    "PayResult",
    "PlanStep",
    "SolverNeededError",
    "cards_exiled_with",
    "could_produce",
    "described_payment",
    "fast_path_only",
    "max_x",
    "one_question",
    "pay",
    "prepare",
    "solve_cpsat",
    "spell_text_warnings",
    "text_warnings",
    "within_question",
]

#: Whether the questions asked in this context may run CP-SAT (:func:`fast_path_only`).
_FAST_PATH_ONLY: ContextVar[bool] = ContextVar("fast_path_only", default=False)


class SolverNeededError(Exception):
    """Raised, inside :func:`fast_path_only`, by a question that only the CP-SAT model answers."""


@contextmanager
def fast_path_only() -> Iterator[None]:
    """Within this block (in this thread or task), a question that the fast path does not answer raises
    :class:`SolverNeededError` where it would start CP-SAT, rather than run it: a server answers the quick
    questions at once and sends the others to its workers, where they are asked again (with the same answer).

    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
    ...     {"id": "f1", "card": "Forest", "controller": "me"}]})
    >>> with fast_path_only():
    ...     pay(board, PaymentTarget.of("{G}")).engine
    'fast'
    >>> with fast_path_only():
    ...     pay(board, PaymentTarget.of("{G}"), keep=PaymentTarget.of("{G}"))
    Traceback (most recent call last):
    ...
    planner.api.SolverNeededError: this question needs the CP-SAT model
    >>> pay(board, PaymentTarget.of("{G}"), keep=PaymentTarget.of("{G}")).engine
    'cp-sat'
    """
    token = _FAST_PATH_ONLY.set(True)
    try:
        yield
    finally:
        _FAST_PATH_ONLY.reset(token)


@within_question
def could_produce(board: Board, player: str | None = None) -> dict[str, ManaTypes]:
    """The types each permanent could produce (CR 106.7), for one player's permanents or all (``None``).

    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
    ...     {"id": "f1", "card": "Forest", "controller": "me"},
    ...     {"id": "pool", "card": "Reflecting Pool", "controller": "me"}]})
    >>> {pid: str(types) for pid, types in could_produce(board).items()}
    {'f1': 'G', 'pool': 'G'}
    """
    analysis = BoardAnalysis(board, checked_player(board, player))
    sets = analysis.reflect
    return {p.id: sets[p.id] for p in board.permanents if player is None or p.controller == player}


@within_question
def prepare(cards: Iterable[CardData]) -> int:
    """Analyse cards before the first board that holds them: their Oracle text read, their characteristics
    and mana abilities, and what the fast path makes of each in each state (tapped or not, summoning sick or
    not; under each commander color identity for a card that reads its commander, such as Command Tower),
    kept for the rest of the process. A client that knows the decks (a game about to start) calls it
    once, so that the first boards are answered nearly as fast as later ones: a card's first analysis costs
    0.05 to 0.2 ms, and a board's first payment meets a dozen cards. Returns how many cards it analysed.

    >>> from models.catalogue import lookup
    >>> prepare([lookup("Forest"), lookup("Sol Ring")])
    2
    """
    count = 0
    for card in cards:
        permanent = Permanent.of_card(card, "prepared", "me")
        board = Board(
            version=BOARD_VERSION, active_player="me", players=(Player(id="me"),), permanents=(permanent,)
        )
        view_of(board).warnings  # noqa: B018 - the text read, the characteristics worked out
        for commander in commander_identities(permanent):  # (Command Tower's mana is its commander's)
            kind = source_kind(permanent, commander)
            for tapped, sick in itertools.product((False, True), repeat=2):
                kind.usage(tapped, sick)  # what it offers in each state
        count += 1
    return count


@dataclass(frozen=True, slots=True)
class _Asked:
    """What :func:`pay` or :func:`max_x` was asked beyond the board and the target: its keywords as given
    (:func:`max_x` has no ``keep``, ``hand`` or ``x``), handed on whole by the functions that answer it, each
    changing only what it changes (:func:`~dataclasses.replace`: the time left, a value of X, the alternative
    costs forbidden)."""

    player: str | None
    keep: PaymentTarget | None
    hand: tuple[PaymentTarget, ...]
    x: int | None
    time_limit: float
    strict: bool
    life_value: int | None
    prefer: tuple[str, ...]
    alternative_cost: str
    #: the asker forbade alternative costs (``alternative_cost`` "forbid" as given, not as a way is paid:
    #: a spell cast from the graveyard is then castable only by a permission that asks its mana cost alone)
    mana_cost_only: bool = False


@within_question
def pay(
    board: Board,
    target: PaymentTarget,
    *,
    player: str | None = None,
    keep: PaymentTarget | None = None,
    hand: tuple[PaymentTarget, ...] = (),
    x: int | None = None,
    time_limit: float = 10.0,
    strict: bool = False,
    life_value: int | None = None,
    prefer: tuple[str, ...] = (),
    alternative_cost: str = "allow",
) -> PayResult:
    """The best way to pay ``target`` from ``board`` for ``player`` (default: the active player).

    ``life_value`` says how much mana one life is worth to the player: life is then weighed against the
    mana of the Treasures and the like that a payment sacrifices instead (``docs/objective.md``).
    ``prefer`` lists kinds to use first among payments that tie the mana tied up (``("lands",
    "artifacts", "creatures", "treasures")``; see :data:`planner.solve.objective.PREFERABLE`), and may
    hold ``"colors-spent"``: the most colors of mana spent, as for a converge spell (the target's own
    riders on the mana spent, :attr:`PaymentTarget.riders`, are weighed without it).

    The objective is lexicographic (README, 'How the best payment is chosen'). ``keep`` should stay
    payable afterwards when the board allows both; ``hand`` costs are kept castable as far as possible.
    A spell's additional costs (:attr:`PaymentTarget.additional_costs`: "sacrifice a land", "discard a
    card") are planned with the mana (:mod:`planner.additional`) and named in ``additional``. A spell
    (a named target) may be paid for an alternative cost instead of its mana cost (CR 118.9: its own, read
    from its text, or one a permanent of the player grants) when the objective finds it best
    (:mod:`planner.alternative`); ``alternative_cost`` is ``"allow"``, ``"forbid"`` (the mana cost only)
    or ``"require"`` (an alternative cost only), and ``alternative_cost`` names the one paid.
    Simple boards are answered by the exact fast path (:mod:`planner.solve.fast`), the rest by the CP-SAT
    model;
    ``engine`` says which (``"fast"`` or ``"cp-sat"``). A payment that leaves the player at 0 or less life
    is warned of (:func:`~planner.answer_warnings.with_life_warning`: the player loses once the spell is
    cast, CR 704.5a).

    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
    ...     {"id": "f1", "card": "Forest", "controller": "me"},
    ...     {"id": "sol", "card": "Sol Ring", "controller": "me"}]})
    >>> result = pay(board, PaymentTarget.of("{2}{G}"))
    >>> result.payable, result.tapped, str(result.mana_spent), str(result.floating)
    (True, ('f1', 'sol'), '{G}{C}{C}', '')
    >>> pay(board, PaymentTarget.of("{G}{G}")).reason
    'needs {G}{G} but only one untapped source can make {G}'
    """
    asked = _Asked(
        player=player,
        keep=keep,
        hand=hand,
        x=x,
        time_limit=time_limit,
        strict=strict,
        life_value=life_value,
        prefer=prefer,
        alternative_cost=alternative_cost,
        mana_cost_only=alternative_cost == "forbid",
    )
    board = on_the_stack(board, checked_player(board, player), target)
    payer = checked_player(board, player)
    answer = _pay(board, target, asked)
    answer = _open_on_unresolved(board, payer, target, answer, lambda resolved: _pay(resolved, target, asked))
    return with_life_warning(board, payer, answer)


def _open_on_unresolved(
    board: Board,
    player: str,
    target: PaymentTarget,
    answer: PayResult,
    answered: Callable[[Board], PayResult],
) -> PayResult:
    """``answer``, not known (``payable`` None, its reason the missing field's) where it is "no" and a cost
    granted by a trigger's effect whose resolution the board does not give (Gwenom's ``resolved_this_turn``:
    :func:`~planner.rules.exile_grants.unresolved_trigger_ways`) would make it payable once that trigger
    resolved (CR 603.3, 611.2a): ``answered`` gives the answer on that board; a "no" either way stays."""
    if answer.payable is not False or not target.name:
        return answer
    unknown = unresolved_trigger_ways(board, player, target)
    if not unknown:
        return answer
    resolved = board
    for source in dict.fromkeys(warning.permanent for warning in unknown):
        resolved = resolved.replace_permanent(source, resolved_this_turn=1)
    if answered(resolved).payable is False:
        return answer
    return replace(answer, payable=None, optimal=False, reason=unknown[0].reason)


def on_the_stack(board: Board, player: str, target: PaymentTarget) -> Board:
    """The board once the named spell ``target``, cast from its owner's graveyard, is on the stack (CR
    601.2a): its card (the first of that name) is no longer among the graveyard's cards the payment may count
    or use (:meth:`~models.board.Player.casting_from_graveyard`); any other board as it is."""
    if target.zone != "graveyard" or not target.name:
        return board
    return board.with_player(board.player(player).casting_from_graveyard(target.name))


def _not_castable_from_graveyard(board: Board, target: PaymentTarget, asked: _Asked) -> PayResult | None:
    """The answer 'not payable' for a spell cast from the graveyard with no permission to be cast from there
    (CR 601.2a: :func:`~planner.rules.graveyard_ways.graveyard_cast_error`, the reason says which were
    looked for), or from the library or exile with none (:func:`_not_castable_elsewhere`); None when it has
    one, or is cast from the hand."""
    player = checked_player(board, asked.player)
    why = graveyard_cast_error(board, player, target)
    if why is None and asked.mana_cost_only and graveyard_way_required(board, target):
        why = mana_cost_refused(board, player, target)  # (its ways pay more than its mana cost: CR 601.2a)
    if why is None and asked.mana_cost_only:
        why = exiled_card_refused(board, player, target)  # (Hama's exiled card: its permission's cost only)
    if why is None:
        return _not_castable_elsewhere(board, target, asked)
    return _refused(target, why)


def _not_castable_elsewhere(board: Board, target: PaymentTarget, asked: _Asked) -> PayResult | None:
    """The answer for a spell cast from the top of the library or from exile with no permission read to be
    cast from there (CR 601.2a, 401.2: :func:`~planner.rules.library_casts.library_cast_error`,
    :func:`~planner.rules.exile_casts.exile_cast_error`): "not payable"; not known
    (``payable`` None) when only a sentence the reader does not read might allow it, that sentence named
    in ``warnings``; None when one allows it, or it is cast from elsewhere. The board's sentences not read
    are named in the answer's ``warnings`` either way."""
    player = checked_player(board, asked.player)
    why = library_cast_error(board, player, target) or exile_cast_error(board, player, target)
    if why is not None:
        return replace(_refused(target, why), warnings=text_warnings(board, strict=asked.strict))
    unread = library_cast_unknown(board, player, target)
    if not unread:
        return None
    return replace(
        _refused(target, f"{unread[0].reason} ({unread[0].permanent}: {unread[0].sentence!r})"),
        payable=None,
        optimal=False,
        warnings=unread + text_warnings(board, strict=asked.strict),
    )


def _forbidden(board: Board, target: PaymentTarget, asked: _Asked) -> PayResult | None:
    """The answer 'not payable' for a spell a prohibition on the battlefield forbids the payer to cast ("Each
    player can't cast more than one spell each turn.", "Players can't cast spells from graveyards or
    libraries.": a "can't" wins over any "can", CR 101.2; :func:`~planner.rules.cast_bans.why_forbidden` names
    the card and its sentence), or whose additional costs pay life a prohibition forbids the payer to pay
    (CR 118.3: Yasharn; :func:`~planner.rules.additional_costs.banned_life_reason`); None when none does."""
    player = checked_player(board, asked.player)
    why = why_forbidden(view_of(board), target, player) or banned_life_reason(
        board, player, target.additional_life
    )
    return None if why is None else _refused(target, why)


def _one_way_only(board: Board, target: PaymentTarget, asked: _Asked) -> bool:
    """True when ``target`` is cast from a zone only by the ways that allow it (CR 601.2a): from the graveyard
    by flashback, escape, jump-start or a permanent's permission; from exile, foretold, by foretell (CR
    702.143a); the card a permanent exiled, by that permanent's permission (CR 607.2a); from the top of the
    library, by the cost its permission grants (Bolas's Citadel's, Gwenom's:
    :func:`~planner.rules.exile_grants.library_way_required`)."""
    player = checked_player(board, asked.player)
    return (
        graveyard_way_required(board, target)
        or foretold_only(board, player, target)
        or exiled_card_only(board, player, target)
        or library_way_required(board, player, target)
    )


def _refused(target: PaymentTarget, why: str) -> PayResult:
    """'Not payable' for ``target``, for the reason ``why`` (the spell can't be cast at all)."""
    cost = str(target.cost)
    return PayResult(
        payable=False,
        cost=cost,
        cost_has_x=target.cost.has_variable,
        total_cost=cost,
        reason=why,
        optimal=True,
    )


def _pay(board: Board, target: PaymentTarget, asked: _Asked) -> PayResult:
    """:func:`pay`'s answer, before the warning on the life it leaves."""
    if target.chooses_x and not target.cost.has_variable:  # (X in an additional cost only: Toxic Deluge)
        if asked.x is None:
            raise InputError(
                f"{target.name or 'the spell'}: an additional cost has X: give a value for X, or ask for the "
                "largest X (max_x)"
            )
        answer = _pay(board, target.with_x(asked.x), replace(asked, x=None))
        return replace(answer, x=asked.x, cost_has_x=True)
    _one_variable(target)
    _check_option(asked.alternative_cost)
    if not target.cost and target.kind is PaymentKind.SPELL:
        # no mana cost: unpayable (CR 202.1b, 118.6); an alternative cost may still be paid (118.6a)
        if asked.alternative_cost == "forbid":
            return PayResult(
                payable=False,
                cost="",
                cost_has_x=False,
                total_cost="",
                reason=f"{target.name or 'the spell'} has no mana cost: it can't be paid (CR 202.1b, 118.6); "
                "only an alternative cost may cast it (118.6a)",
                optimal=True,
            )
        asked = replace(asked, alternative_cost="require")
    if (
        refused := _not_castable_from_graveyard(board, target, asked) or _forbidden(board, target, asked)
    ) is not None:
        return refused
    if asked.alternative_cost == "allow" and _one_way_only(board, target, asked):
        # (cast from the graveyard by its own flashback, escape, jump-start or "you may cast ~ from your
        # graveyard", or by a permanent's permission: those ways only, CR 601.2a)
        asked = replace(asked, alternative_cost="require")
    if target.cost.has_variable and asked.x is None:
        raise InputError(
            f"the cost {target.cost} has X: give a value for X, or ask for the largest X (max_x)"
        )
    if (over := _over_x_limit(board, target, asked)) is not None:
        return over
    _check_life_value(asked.life_value)
    x = asked.x
    paid = target.with_x(x) if x is not None and target.cost.has_variable else target
    if announced := announcements(view_of(board), paid, checked_player(board, asked.player)):
        # (which {2/X} symbols are announced as {2} matters, CR 601.2b: each is weighed, the best wins)
        deadline = time.monotonic() + asked.time_limit
        found = [
            _pay(
                board,
                replace(target, announced=chosen),
                replace(asked, time_limit=max(deadline - time.monotonic(), 0.001)),
            )
            for chosen in announced
        ]
        return _best_of_announced(found)
    target, kinds = _preferred(target, asked.prefer)
    problem = PaymentProblem.of(
        board,
        target,
        asked.player,
        x=asked.x,
        keep=asked.keep,
        hand=asked.hand,
        time_limit=asked.time_limit,
        life_value=asked.life_value,
        prefer=kinds,
    )
    problem.analysis.check_text(strict=asked.strict)
    spell_text_warnings(target, strict=asked.strict)
    if asked.alternative_cost != "forbid":
        chosen = _alternative_way(problem, asked, kinds)
        if chosen is not None:
            return with_alternative_life_warning(problem, chosen)
    if plans_additional(target.additional_costs):  # (a choice of costs, an optional one: planner.additional)
        return _with_additional(problem, asked, kinds)
    return answer_with_exiled_life(problem, _solved)


def _solved(problem: PaymentProblem) -> tuple[Solution, str]:
    """:func:`pay`'s solution of a plain payment and the engine that found it: the fast path where it
    answers (never with costs to keep payable), else the CP-SAT model, else none in time."""
    if problem.keep is None and not problem.hand:
        fast = solve_fast(problem)
        if fast is not None:
            return fast, "fast"
    return _cpsat_in_time(problem)


def _solved_max_x(problem: PaymentProblem) -> tuple[Solution, str]:
    """:func:`max_x`'s solution and the engine that found it: the fast path's search over X where it
    answers, else the CP-SAT model, else none in time."""
    fast = solve_fast_max_x(problem)
    if fast is not None:
        return fast, "fast"
    return _cpsat_in_time(problem)


def _cpsat_in_time(problem: PaymentProblem) -> tuple[Solution, str]:
    """The CP-SAT model's solution, or none when the fast path before it used all the time up (never a
    "no": an unknown status)."""
    if time.monotonic() > problem.deadline:
        return Solution(status=SolveStatus.UNKNOWN), "cp-sat"
    return solve_cpsat(problem), "cp-sat"


def _best_of_announced(found: list[PayResult]) -> PayResult:
    """The best of the payments of one spell for each announcement of its hybrid symbols (CR 601.2b): the
    payable one first by the whole objective, proven optimal when each is decided and each payable one
    proven; else one not decided (never a "no" then), else the first "no".

    >>> no = PayResult(payable=False, cost="{1}", reason="short")
    >>> yes = PayResult(payable=True, cost="{1}", optimal=True)
    >>> _best_of_announced([no, yes]).payable, _best_of_announced([no, no]).reason
    (True, 'short')
    """
    payable = [answer for answer in found if answer.payable]
    decided = all(answer.payable is not None for answer in found)
    if payable:
        best = min(payable, key=lambda answer: tuple(value for _, value in answer.objective))
        return replace(best, optimal=decided and all(answer.optimal for answer in payable))
    return next((answer for answer in found if answer.payable is None), found[0])


def _alternative_way(problem: PaymentProblem, asked: _Asked, kinds: tuple[str, ...]) -> PayResult | None:
    """:func:`pay` for a spell that may be paid for an alternative cost (:mod:`planner.alternative`); None
    when it has none usable and ``asked.alternative_cost`` allows its mana cost (paid as any cost then).
    ``kinds``: those of ``prefer`` (the target already weighs the colors spent when asked)."""
    spell, player, option = problem.asked, problem.player, asked.alternative_cost

    def pay_plain(board: Board, target: PaymentTarget, limit: float) -> PayResult:
        x = problem.x if target.cost.has_variable else None
        plain = replace(asked, player=player, x=x, time_limit=limit, prefer=kinds, alternative_cost="forbid")
        return _pay(board, target, plain)

    chosen = choose_way(
        problem.board,
        spell,
        player,
        pay_plain,
        option=option,
        time_limit=asked.time_limit,
        x=problem.x,
        life_value=asked.life_value,
        prefer=kinds,
    )
    if chosen is not None or option != "require":
        return chosen
    return PayResult(
        payable=False,
        cost=str(spell.cost),
        cost_has_x=spell.cost.has_variable,
        total_cost=str(problem.target.cost),
        reason=no_alternative_reason(problem.board, player, spell),
        x=problem.x,
        optimal=True,
        warnings=question_warnings(problem),
    )


def _with_additional(problem: PaymentProblem, asked: _Asked, kinds: tuple[str, ...]) -> PayResult:
    """:func:`pay` for a spell with additional costs, planned with the mana (:mod:`planner.additional`);
    ``kinds``: those of ``prefer``."""
    spell = problem.asked

    def pay_one(board: Board, target: PaymentTarget, limit: float) -> ManaPaid:
        if asked.keep is None and not asked.hand and target.additional_costs:
            return _pay_with_sacrifices(board, target, problem, limit, asked.life_value, kinds)
        # (the mana cost alone: the alternative costs were weighed before, each with the additional costs, by
        # _alternative_way; one weighed here would be replayed as paying the mana cost, and rejected)
        mana_alone = replace(
            asked, player=problem.player, x=problem.x, time_limit=limit, alternative_cost="forbid"
        )
        answer = _pay(board, replace(target, additional_costs=()), mana_alone)
        first = tuple((name, value) for name, value in answer.objective if name in ("keep", "hand"))
        return ManaPaid(answer.payable, answer.plan, answer.optimal, answer, first)

    chosen = choose_additional(
        problem.board,
        spell,
        problem.player,
        pay_one,
        time_limit=asked.time_limit,
        x=problem.x,
        life_value=asked.life_value,
        prefer=kinds,
    )
    if isinstance(chosen.answer, PayResult):
        # (what the spell's cost reads of the turn and the board does not give: the ways' answers don't say)
        turn = turn_fact_warnings(problem.board, problem.player, spell)
        answer = replace(chosen.answer, warnings=tuple(dict.fromkeys((*chosen.answer.warnings, *turn))))
        if not chosen.payable:
            return answer
        if chosen.paid.tapped:  # (tapped for the cost: the answer's tapped permanents, in the board's order)
            answer = replace(
                answer, tapped=_in_board_order(problem.board, (*answer.tapped, *chosen.paid.sacrificed))
            )
        return replace(answer, additional=chosen.paid, optimal=chosen.optimal, objective=chosen.levels)
    return PayResult(
        payable=chosen.payable,
        cost=str(spell.cost),
        cost_has_x=spell.cost.has_variable,
        total_cost=str(problem.target.cost),
        reason=chosen.reason,
        x=problem.x,
        optimal=False,
        warnings=question_warnings(problem),
    )


def _in_board_order(board: Board, ids: tuple[str, ...]) -> tuple[str, ...]:
    """The permanents ``ids`` once each, in the board's order."""
    order = {permanent.id: index for index, permanent in enumerate(board.permanents)}
    return tuple(sorted(set(ids), key=order.__getitem__))


def _pay_with_sacrifices(
    board: Board,
    target: PaymentTarget,
    asked: PaymentProblem,
    time_limit: float,
    life_value: int | None,
    kinds: tuple[str, ...],
) -> ManaPaid:
    """The mana of ``target`` paid with its additional sacrifices chosen in the CP-SAT model
    (:mod:`planner.solve.cpsat.sacrifice`), on ``board`` (the question ``asked``'s, less what was
    discarded)."""
    try:
        problem = PaymentProblem.of(
            board,
            target,
            asked.player,
            x=asked.x,
            time_limit=time_limit,
            life_value=life_value,
            prefer=kinds,
        )
        solution = solve_cpsat(problem)
    except TimeUp:  # (no answer in time: never a 'no')
        return ManaPaid(None, None, False, None)
    answer = answer_of(problem, solution)
    if solution.status is SolveStatus.INFEASIBLE:
        answer = replace(answer, reason=_sacrifice_reason(board, target, problem) or answer.reason)
    # (a plan the model did not choose the sacrifices with, the Doubling Cube's: chosen after its mana)
    needed = sum(cost.count for cost in target.additional_costs if isinstance(cost, SacrificeCost))
    chosen = solution.additional_sacrificed
    joint = chosen if sum(count for _, count in chosen) == needed else None
    return ManaPaid(answer.payable, answer.plan, answer.optimal, answer, sacrificed=joint)


def _sacrifice_reason(board: Board, target: PaymentTarget, problem: PaymentProblem) -> str | None:
    """Why the mana and the additional sacrifices can't be paid together when the mana alone can: what the
    costs could sacrifice, a mana ability takes away; None when the mana alone is not payable either (or
    no answer in time)."""
    try:
        left = max(0.0, problem.deadline - time.monotonic())
        mana = replace(target, additional_costs=())
        alone = PaymentProblem.of(board, mana, problem.player, x=problem.x, time_limit=left)
        if solve_cpsat(alone).status not in (SolveStatus.OPTIMAL, SolveStatus.FEASIBLE):
            return None
    except TimeUp:
        return None
    costs = " and ".join(str(cost) for cost in target.additional_costs)
    return f"{costs}: what could pay it is needed for the mana (a mana ability takes it away)"


def _preferred(target: PaymentTarget, prefer: tuple[str, ...]) -> tuple[PaymentTarget, tuple[str, ...]]:
    """The target, weighing the colors spent when ``prefer`` asks for them, and the kinds ``prefer`` lists,
    checked."""
    if not prefer:
        return target, ()
    kinds, colors_spent = split_prefer(prefer)
    return (with_colors_spent(target) if colors_spent else target), check_prefer(kinds)


@within_question
def max_x(
    board: Board,
    target: PaymentTarget,
    *,
    player: str | None = None,
    time_limit: float = 10.0,
    strict: bool = False,
    life_value: int | None = None,
    prefer: tuple[str, ...] = (),
    alternative_cost: str = "allow",
) -> PayResult:
    """The largest X for which ``target`` (whose cost has X) is payable, with the best plan for it
    (``life_value``, ``prefer`` and ``alternative_cost``: see :func:`pay`; a spell cast for an alternative
    cost without X has X = 0, CR 107.3). Boards in the fast path's fragment are answered by
    a search over X with its exact check (:func:`planner.solve.fast.solve_fast_max_x`), the rest by the
    CP-SAT model (X maximised first); ``engine`` says which.

    ``x`` is None when the cost can't be paid even with X = 0. A payment that leaves the player at 0 or less
    life is warned of, as :func:`pay`'s.

    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
    ...     {"id": "m1", "card": "Mountain", "controller": "me"},
    ...     {"id": "sol", "card": "Sol Ring", "controller": "me"}]})
    >>> result = max_x(board, PaymentTarget.of("{X}{R}"))
    >>> result.x, result.payable, result.engine
    (2, True, 'fast')
    """
    asked = _Asked(
        player=player,
        keep=None,
        hand=(),
        x=None,
        time_limit=time_limit,
        strict=strict,
        life_value=life_value,
        prefer=prefer,
        alternative_cost=alternative_cost,
        mana_cost_only=alternative_cost == "forbid",
    )
    return _warned_max_x(on_the_stack(board, checked_player(board, player), target), target, asked)


def _warned_max_x(board: Board, target: PaymentTarget, asked: _Asked) -> PayResult:
    """:func:`max_x`'s answer, with the warning on the life it leaves."""
    payer = checked_player(board, asked.player)
    answer = _within_x_limit(board, target, asked, _max_x(board, target, asked))
    answer = _open_on_unresolved(
        board,
        payer,
        target,
        answer,
        lambda resolved: _within_x_limit(resolved, target, asked, _max_x(resolved, target, asked)),
    )
    return with_life_warning(board, payer, answer)


def _over_x_limit(board: Board, target: PaymentTarget, asked: _Asked) -> PayResult | None:
    """'Not payable' for an X larger than the spell's own text allows ('X can't be greater than the number of
    snow lands you control.': it can't be announced, CR 107.3, 601.2b); None when X is within it."""
    if asked.x is None:
        return None
    limit = x_limit(view_of(board), target, checked_player(board, asked.player))
    if limit is None or asked.x <= limit.most:
        return None
    return _refused(target, limit.refusal(target, asked.x))


def _within_x_limit(board: Board, target: PaymentTarget, asked: _Asked, answer: PayResult) -> PayResult:
    """``answer`` (the largest X the mana pays) within the spell's own cap on X: the largest X at most the cap
    that is payable, tried from the cap down (CR 107.3, 601.2b); ``answer`` itself when within it."""
    limit = x_limit(view_of(board), target, checked_player(board, asked.player))
    if limit is None or answer.x is None or answer.x <= limit.most:
        return answer
    for x in range(limit.most, -1, -1):
        found = _pay(board, target, replace(asked, x=x))
        if found.payable or x == 0:
            return replace(found, x=x if found.payable else None)
    raise AssertionError("X = 0 is always tried")  # (the loop ends with it)


def _max_x(board: Board, target: PaymentTarget, asked: _Asked) -> PayResult:
    """:func:`max_x`'s answer, before the warning on the life it leaves."""
    if (
        target.chooses_x and not target.cost.has_variable
    ):  # (X in an additional cost only: planner.additional_x)
        return largest_x(
            lambda x, limit: _pay(board, target, replace(asked, x=x, time_limit=limit)),
            time_limit=asked.time_limit,
        )
    if not target.cost.has_variable:
        raise InputError(f"the cost {target.cost} has no X")
    _one_variable(target)
    if (
        refused := _not_castable_from_graveyard(board, target, asked) or _forbidden(board, target, asked)
    ) is not None:
        return refused
    if only_hand_exiles(target.additional_costs):  # (the Marches': the largest of each way's)
        return _max_x_exiling(board, target, asked)
    if plans_additional(target.additional_costs):  # (planned by pay alone: planner.additional)
        costs = " and ".join(
            str(cost) for cost in target.additional_costs if not isinstance(cost, UnreadCost)
        )
        raise InputError(
            f"{target.name}: the largest X is not planned with an additional cost ({costs}); give X"
        )
    _check_life_value(asked.life_value)
    option = asked.alternative_cost
    _check_option(option)
    if option == "allow" and _one_way_only(board, target, asked):  # (those ways only, CR 601.2a)
        option = "require"
        asked = replace(asked, alternative_cost=option)
    if option != "forbid" and (
        option == "require" or usable_ways(board, checked_player(board, asked.player), target)
    ):
        return _max_x_with_alternatives(board, target, asked)
    target, kinds = _preferred(target, asked.prefer)
    problem = PaymentProblem.of(
        board, target, asked.player, time_limit=asked.time_limit, life_value=asked.life_value, prefer=kinds
    )
    problem.analysis.check_text(strict=asked.strict)
    spell_text_warnings(target, strict=asked.strict)
    return answer_with_exiled_life(problem, _solved_max_x)


def _max_x_exiling(board: Board, target: PaymentTarget, asked: _Asked) -> PayResult:
    """:func:`max_x` for a spell whose planned additional costs are optional exiles from the hand that take
    mana off its cost (the Marches'): each way (:func:`~planner.additional.exile_ways`: the cards exiled,
    fewest first, the hand without them) solved as the spell without them; the largest X wins, then the
    fewest cards exiled. Proven optimal when every way is."""
    who = checked_player(board, asked.player)
    deadline = time.monotonic() + asked.time_limit
    best: PayResult | None = None
    proven = True
    for way, names in exile_ways(board, who, target):
        left = deadline - time.monotonic()
        if left <= 0 and best is not None:
            proven = False
            break
        after = without_cards(board, who, names)
        found = _max_x(after, way, replace(asked, time_limit=max(left, 0.0)))
        proven = proven and found.payable is not None and (found.x is None or found.optimal)
        if found.x is not None and names:
            found = replace(found, additional=AdditionalPaid((), names, exiled=True))
        if best is None or (found.x is not None and (best.x is None or found.x > best.x)):
            best = found
    assert best is not None  # (exiling no card is always one way)
    return replace(best, optimal=proven and best.optimal)


def _max_x_with_alternatives(board: Board, target: PaymentTarget, asked: _Asked) -> PayResult:
    """:func:`max_x` for a spell that may be cast for an alternative cost: X is 0 then (CR 107.3), so an
    alternative cost is weighed only where the mana cost pays no more than X = 0: the best payment at X = 0
    of every way (:func:`pay`) when the mana cost pays none larger; an alternative cost with X in it (warp
    {X}{G}) is weighed at each larger X too (:func:`_larger_x_by_a_way`)."""
    deadline = time.monotonic() + asked.time_limit
    player = checked_player(board, asked.player)
    ways = usable_ways(board, player, target)
    if any(way.cost.mana.count("X") for way in ways):
        return _larger_x_by_a_way(board, target, asked, deadline)
    plain = None
    if asked.alternative_cost != "require":
        plain = _warned_max_x(board, target, replace(asked, alternative_cost="forbid"))
        if plain.payable is None:
            return plain
    # (a card 'with mana value X' exiled, the Shoals: X is its mana value, each one's tried from the largest)
    least = plain.x if plain is not None and plain.payable and plain.x is not None else -1
    for value in _exiled_values(board, player, target, ways):
        if value <= least:
            break
        answer = _pay(
            board, target, replace(asked, x=value, time_limit=max(deadline - time.monotonic(), 0.001))
        )
        if answer.payable:
            return answer
    if plain is not None and (plain.x or 0) > 0:
        return plain
    zero = _pay(board, target, replace(asked, x=0, time_limit=max(deadline - time.monotonic(), 0.001)))
    if zero.payable or plain is None:
        return replace(zero, x=0 if zero.payable else None)
    return plain


def _exiled_values(board: Board, player: str, target: PaymentTarget, ways: tuple[Way, ...]) -> list[int]:
    """The mana values, largest first, of the cards the ways that exile a card 'with mana value X' (the
    Shoals) may exile: the values X may take for them."""
    values = {
        value
        for way in ways
        if way.cost.exile is not None and way.cost.exile.mana_value_x
        for names in exile_choices(board, player, target, way)
        for name in names
        if (card := board.player(player).in_hand(name)) is not None
        and (value := card_mana_value(card)) is not None
    }
    return sorted(values, reverse=True)


def _larger_x_by_a_way(board: Board, target: PaymentTarget, asked: _Asked, deadline: float) -> PayResult:
    """:func:`max_x` where an alternative cost has X: the best payment (:func:`pay`, every way weighed) at
    X = 0, 1, 2 ... up to the first X no way pays (a larger X needs more mana: none pays it either)."""
    found: PayResult | None = None
    x = 0
    while (remaining := deadline - time.monotonic()) > 0 or found is None:
        answer = _pay(board, target, replace(asked, x=x, time_limit=max(remaining, 0.001)))
        if not answer.payable:
            if found is None or answer.payable is None:
                return replace(answer, x=None) if found is None else replace(found, optimal=False)
            return found
        found, x = replace(answer, x=x), x + 1
    return replace(found, optimal=False)


def _check_life_value(life_value: int | None) -> None:
    """Refuse a negative ``life_value``: a life is worth no less than nothing."""
    if life_value is not None and life_value < 0:
        raise InputError(f"life_value: must be 0 or more, got {life_value}")


def _check_option(alternative_cost: str) -> None:
    """Refuse an ``alternative_cost`` that is none of :data:`ALTERNATIVE_COST_OPTIONS`."""
    if alternative_cost not in ALTERNATIVE_COST_OPTIONS:
        choices = ", ".join(ALTERNATIVE_COST_OPTIONS)
        raise InputError(f"alternative_cost: expected one of {choices}, got {alternative_cost!r}")


def _one_variable(target: PaymentTarget) -> None:
    """Refuse a cost with two different variables ({X}{Y}): each is its own choice (CR 107.3), and the
    planner chooses one.

    >>> _one_variable(PaymentTarget.of("{X}{Y}{G}"))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    models.errors.InputError: the cost {X}{Y}{G} has the variables X and Y: the planner chooses one; ...
    """
    letters = sorted(target.cost.variables)
    if len(letters) > 1:
        named = " and ".join([", ".join(letters[:-1]), letters[-1]])
        raise InputError(
            f"the cost {target.cost} has the variables {named}: the planner chooses one; write the others as "
            "numbers"
        )


def solve_cpsat(problem: PaymentProblem) -> Solution:
    """The CP-SAT model's answer to a payment or a turn (OR-Tools is imported here, by the first question that
    needs it); inside :func:`fast_path_only` it raises :class:`SolverNeededError` instead."""
    if _FAST_PATH_ONLY.get():
        raise SolverNeededError("this question needs the CP-SAT model")
    from planner.solve.cpsat import solve_payment

    return solve_payment(problem)
