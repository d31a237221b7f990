"""The public calls of the planner: what permanents could produce, and the best way to pay a cost.

Every plan :func:`pay` and :func:`max_x` return has been replayed by the rules
(:func:`planner.rules.replay.replay`); a plan the replayer rejects is a bug and raises instead of being
returned.
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field, replace
from typing import Any

from models.abilities import ManaAbility
from models.additional_costs import SacrificeCost, UnreadCost
from models.alternative_costs import ALTERNATIVE_COST_OPTIONS
from models.board import BOARD_VERSION, Board, Permanent, Player
from models.catalogue import CardData
from models.cost import CostSymbol, PaymentTarget
from models.errors import InputError, InternalError, OracleParseError
from models.mana import ManaBag, ManaTypes
from models.oracle import read_card
from models.oracle.alternative_costs import alternative_cost_of
from models.oracle.classify import own_alternative_cost
from models.oracle.spent_riders import spent_riders
from models.riders import RiderOutcome, rider_outcomes
from planner.additional import ManaPaid, choose_additional
from planner.alternative import choose_way
from planner.explain import why_not_payable
from planner.rules.additional_costs import AdditionalPaid, plans_additional, turn_fact_warnings
from planner.rules.alternative_costs import (
    AlternativeCostPaid,
    no_alternative_reason,
    unweighed_ways,
    usable_ways,
)
from planner.rules.alternatives import AlternativePayment, covered_slots, reduced_costs
from planner.rules.costs import energy_paid, exerts, graveyard_exiled
from planner.rules.graveyard_grants import arriving_grants, without_removed
from planner.rules.hand import HAND
from planner.rules.payment import assign_symbols
from planner.rules.pool import ManaUnit, one_card_assumptions
from planner.rules.question import question as one_question
from planner.rules.question import view_of, within_question
from planner.rules.records import unread_warning
from planner.rules.replay import IllegalPlanError, PaymentSummary, Plan, Step, replay
from planner.rules.view import TextWarning
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
def text_warnings(board: Board, *, strict: bool = False) -> tuple[TextWarning, ...]:
    """The board's sentences the parser did not understand; with ``strict`` the first one is an error.

    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
    ...     {"id": "x", "name": "Odd Rock", "type_line": "Artifact", "controller": "me",
    ...      "oracle": "{T}: Add mana of a strange sort."}]})
    >>> [str(w) for w in text_warnings(board)]
    ["x: unsupported text ignored: '{T}: Add mana of a strange sort.'"]
    """
    return BoardAnalysis(board, board.active_player).check_text(strict=strict)


def spell_text_warnings(target: PaymentTarget, *, strict: bool = False) -> tuple[TextWarning, ...]:
    """The sentences of the paid-for spell's own text (``target.text``, a ``--spell`` card's) that the parser
    did not understand: reported under the spell's name, never dropped in silence (contract section 5); with
    ``strict`` the first one is an error.

    >>> superion = PaymentTarget.of(
    ...     "{2}", name="Myr Superion", text="Spend only mana produced by creatures to cast this spell.")
    >>> [str(w) for w in spell_text_warnings(superion)]
    ["Myr Superion: unsupported text ignored: 'Spend only mana produced by creatures to cast ~.'"]
    >>> gush = "You may return two Islands you control to their owner's hand rather than pay ~'s mana cost."
    >>> print(*spell_text_warnings(PaymentTarget.of("{4}{U}", name="Gush", text=gush)))  # doctest: +ELLIPSIS
    Gush: unsupported text ignored: "You may return two Islands ... rather than pay ~'s mana cost."
    >>> converge = "Converge — Draw a card for each color of mana spent to cast ~."
    >>> spell_text_warnings(PaymentTarget.of("{2}{W}", name="Prismatic", text=converge))
    ()
    """
    if not target.text:
        return ()
    # (a sentence whose rider on the mana spent was read, 'draw a card for each color of mana spent to cast
    # ~', is read as far as paying goes: the answer's riders say what it got)
    reading = read_card(target.text, target.name, target.type_line)
    unread = [sentence for sentence in reading.unsupported if not spent_riders(sentence, target.name)]
    # (its own alternative cost, which no permanent's reading reports: the payment is of its mana cost)
    # (one the planner does not read: planner.alternative pays those it reads)
    unread += [
        s.text
        for s in reading.sentences
        if s.read_as == "ignored" and own_alternative_cost(s.text) and alternative_cost_of(s.text) is None
    ]
    # (an additional cost the planner does not plan: planner.additional)
    unplanned = tuple(cost for cost in target.additional_costs if isinstance(cost, UnreadCost))
    if strict and (unread or unplanned):
        first = unread[0] if unread else f"additional cost {unplanned[0]}"
        raise OracleParseError(f"{target.name or 'the spell'}: unsupported text {first!r} (--strict)")
    return tuple(unread_warning(target.name or "spell", sentence) for sentence in unread) + tuple(
        TextWarning(target.name or "spell", f"As an additional cost to cast this spell, {cost}.")
        for cost in unplanned
    )


def question_warnings(problem: PaymentProblem) -> tuple[TextWarning, ...]:
    """What an answer to a payment question warns of: the board's text, the spell's
    (:func:`spell_text_warnings`), the assumptions the payment makes (a permission for one exiled card
    taken to be the spell's: :func:`planner.rules.pool.one_card_assumptions`), and the alternative costs not
    weighed for a spell not named (:func:`planner.rules.alternative_costs.unweighed_ways`)."""
    return (
        problem.analysis.warnings
        + spell_text_warnings(problem.asked)
        + one_card_assumptions(problem.view, problem.player, problem.target)
        + unweighed_ways(problem.board, problem.player, problem.asked)
        + turn_fact_warnings(problem.board, problem.player, problem.asked)
    )


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


@dataclass(kw_only=True, frozen=True, slots=True)
class PaidParts:
    """What the other parts of a cost paid (:mod:`planner.rules.costs`), for a step or a whole payment: the
    permanents exiled (Food Chain) and returned to their owners' hands, the opponents' lands untapped, the
    cards discarded (Bog Witch) and exiled from the hand (Cadaverous Bloom) by name, the energy paid (Aether
    Hub), the permanents exerted (Oasis Ritualist) and how many cards were exiled from the graveyard.

    >>> PaidParts(discarded=("Forest",), energy_paid=1).to_json()
    {'discarded': ['Forest'], 'energy_paid': 1}
    >>> PaidParts(exiled_from_graveyard=3).describe()
    '3 card(s) exiled from the graveyard'
    """

    exiled: tuple[str, ...] = ()
    returned: tuple[str, ...] = ()
    untapped_for_cost: tuple[str, ...] = ()
    discarded: tuple[str, ...] = ()
    exiled_from_hand: tuple[str, ...] = ()
    energy_paid: int = 0
    exerted: tuple[str, ...] = ()
    #: how many cards of the player's graveyard were exiled (Titans' Nest; Forage's way that exiles three)
    exiled_from_graveyard: int = 0

    def to_json(self) -> dict[str, Any]:
        """Its keys that are not empty (none for a cost without such parts: answers keep their keys)."""
        found: dict[str, Any] = {}
        for name in self.__slots__:
            value = getattr(self, name)
            if value:
                found[name] = list(value) if isinstance(value, tuple) else value
        return found

    def describe(self) -> str:
        """In a few words, for a table ('discarded Forest; 1 energy'), '' for nothing."""
        words = [
            f"{label} {', '.join(value)}"
            for label, value in (
                ("exiled", self.exiled),
                ("returned", self.returned),
                ("untapped", self.untapped_for_cost),
                ("discarded", self.discarded),
                ("exiled from the hand", self.exiled_from_hand),
                ("exerted", self.exerted),
            )
            if value
        ]
        if self.energy_paid:
            words.append(f"{self.energy_paid} energy")
        if self.exiled_from_graveyard:
            words.append(f"{self.exiled_from_graveyard} card(s) exiled from the graveyard")
        return "; ".join(words)


@dataclass(kw_only=True, frozen=True, slots=True)
class PlanStep:
    """One activation of a plan, as a player reads it: on the battlefield, or of a card in the hand
    (``zone`` ``"hand"``: Elvish Spirit Guide, exiled for its mana; ``permanent`` is then None and ``name``
    names the card). ``parts``: what its cost's other parts paid (:class:`PaidParts`)."""

    permanent: str | None
    name: str
    ability: str
    produced: ManaBag
    replacement_order: tuple[str, ...] = ()
    sacrificed: tuple[str, ...] = ()
    tapped_for_cost: tuple[str, ...] = ()
    paid_with: ManaBag = ManaBag()
    zone: str = "battlefield"
    parts: PaidParts = PaidParts()

    def to_json(self) -> dict[str, Any]:
        """The step as CONTRACT §3 writes it, with our extra keys (``zone``: contract §6), and those of
        :class:`PaidParts` when its cost has such parts."""
        return {
            "permanent": self.permanent,
            "zone": self.zone,
            "ability": self.ability,
            "produced": str(self.produced),
            "name": self.name,
            "replacement_order": list(self.replacement_order),
            "sacrificed": list(self.sacrificed),
            "tapped_for_cost": list(self.tapped_for_cost),
            "paid_with": str(self.paid_with),
            **self.parts.to_json(),
        }


@dataclass(kw_only=True, frozen=True, slots=True)
class PayResult:
    """The answer to 'how do I best pay this?': the plan in a player's terms, or why it can't be paid."""

    payable: bool | None  # None: no answer within the time limit (contract §9)
    cost: str
    cost_has_x: bool = False  # the cost asked for has an X
    total_cost: str = ""  # the cost after increases and reductions in force (CR 601.2f)
    steps: tuple[PlanStep, ...] = ()
    tapped: tuple[str, ...] = ()
    untapped: tuple[str, ...] = ()
    sacrificed: tuple[str, ...] = ()
    life_paid: int = 0
    damage_taken: int = 0
    mana_spent: ManaBag = ManaBag()
    floating: ManaBag = ManaBag()
    keep_satisfied: bool | None = None
    reason: str | None = None
    x: int | None = None
    engine: str = "cp-sat"
    optimal: bool = True
    symbols: tuple[tuple[str, str, int], ...] = ()
    objective: tuple[tuple[str, int], ...] = ()
    warnings: tuple[TextWarning, ...] = ()  # text on the board (or the spell's) not read or not executed
    alternative_payments: tuple[AlternativePayment, ...] = ()
    # the alternative cost paid instead of the mana cost (CR 118.9: planner.alternative), listed last in the
    # JSON's alternative_payments
    alternative_cost: AlternativeCostPaid | None = None
    parts: PaidParts = PaidParts()  # what the steps' other cost parts paid, in all
    # what the spell's riders on the mana spent got (contract §12), None and () for a spell without them
    colors_spent: str | None = None
    riders: tuple[RiderOutcome, ...] = ()
    # what paid the spell's additional costs (sacrificed, discarded: planner.additional)
    additional: AdditionalPaid = field(default_factory=AdditionalPaid)
    plan: Plan | None = field(default=None, compare=False, repr=False)

    def to_json(self) -> dict[str, Any]:
        """The JSON object of contract §3 (every key it names), plus ``total_cost`` (after cost increases
        and reductions), ``engine``, ``optimal``, ``payment`` (which mana paid which symbol), ``warnings``
        (§5: text on the board, or in the spell's own text, that was not read, or a mana ability with a part
        the planner does not execute, which was not used), ``x`` where X was chosen, and the keys of
        :class:`PaidParts` that are not empty (what costs exiled, returned, untapped, discarded, paid), and
        for a spell with riders on the mana spent (converge, "if {C} was spent"; or ``--prefer colors-spent``)
        ``colors_spent`` (the colors of the mana that paid it, in WUBRG order) and ``riders`` (what each got:
        :meth:`RiderOutcome.to_json`)."""
        data: dict[str, Any] = {
            "payable": self.payable,
            "cost": self.cost,
            "total_cost": self.total_cost or self.cost,
            "steps": [s.to_json() for s in self.steps],
            "tapped": list(self.tapped),
            "untapped": list(self.untapped),
            "sacrificed": list(self.sacrificed),
            "life_paid": self.life_paid,
            "damage_taken": self.damage_taken,
            "mana_spent": str(self.mana_spent),
            "floating": str(self.floating),
            "keep_satisfied": self.keep_satisfied,
            "reason": self.reason,
            "engine": self.engine,
            "optimal": self.optimal,
            "payment": [{"symbol": s, "paid_with": m, "life": life} for s, m, life in self.symbols],
            "alternative_payments": [
                *(a.to_json() for a in self.alternative_payments),
                *([self.alternative_cost.to_json()] if self.alternative_cost is not None else []),
            ],
            **self.parts.to_json(),
            **(
                {"colors_spent": self.colors_spent, "riders": [r.to_json() for r in self.riders]}
                if self.colors_spent is not None
                else {}
            ),
            "warnings": [
                {"permanent": w.permanent, "sentence": w.sentence, "reason": w.reason or "not read"}
                for w in self.warnings
            ],
        }
        if self.additional:
            data["additional_costs"] = self.additional.to_json()
        if self.x is not None or self.cost_has_x:
            data = {"x": self.x, **data}
        return data


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
    ``engine`` says which (``"fast"`` or ``"cp-sat"``).

    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
    ...     {"id": "f1", "card": "Forest", "controller": "me"},
    ...     {"id": "sol", "card": "Sol Ring", "controller": "me"}]})
    >>> result = pay(board, PaymentTarget.of("{2}{G}"))
    >>> result.payable, result.tapped, str(result.mana_spent), str(result.floating)
    (True, ('f1', 'sol'), '{G}{C}{C}', '')
    >>> pay(board, PaymentTarget.of("{G}{G}")).reason
    'needs {G}{G} but only one untapped source can make {G}'
    """
    _one_variable(target)
    _check_option(alternative_cost)
    if target.cost.has_variable and x is None:
        raise InputError(
            f"the cost {target.cost} has X: give a value for X, or ask for the largest X (max_x)"
        )
    if life_value is not None and life_value < 0:
        raise InputError(f"life_value: must be 0 or more, got {life_value}")
    target, kinds = _preferred(target, prefer)
    problem = PaymentProblem.of(
        board,
        target,
        player,
        x=x,
        keep=keep,
        hand=hand,
        time_limit=time_limit,
        life_value=life_value,
        prefer=kinds,
    )
    problem.analysis.check_text(strict=strict)
    spell_text_warnings(target, strict=strict)
    if alternative_cost != "forbid":
        chosen = _alternative_way(
            problem, alternative_cost, keep, hand, time_limit, strict, life_value, kinds
        )
        if chosen is not None:
            return chosen
    if plans_additional(target.additional_costs):  # (a choice of costs, an optional one: planner.additional)
        return _with_additional(problem, keep, hand, time_limit, life_value, strict, (prefer, kinds))
    if keep is None and not hand:
        fast = solve_fast(problem)
        if fast is not None:
            return _result(problem, fast, engine="fast")
    if time.monotonic() > problem.deadline:  # (the fast path used it all up)
        return _result(problem, Solution(status=SolveStatus.UNKNOWN))
    return _result(problem, solve_cpsat(problem))


def _alternative_way(
    problem: PaymentProblem,
    option: str,
    keep: PaymentTarget | None,
    hand: tuple[PaymentTarget, ...],
    time_limit: float,
    strict: bool,
    life_value: int | None,
    kinds: tuple[str, ...],
) -> PayResult | None:
    """:func:`pay` for a spell that may be paid for an alternative cost (:mod:`planner.alternative`); None
    when it has none usable and ``option`` allows its mana cost (paid as any cost then). ``kinds``: those
    of ``prefer`` (the target already weighs the colors spent when asked)."""
    asked, player = problem.asked, problem.player

    def pay_plain(board: Board, target: PaymentTarget, limit: float) -> PayResult:
        return pay(
            board,
            target,
            player=player,
            keep=keep,
            hand=hand,
            x=problem.x if target.cost.has_variable else None,
            time_limit=limit,
            strict=strict,
            life_value=life_value,
            prefer=kinds,
            alternative_cost="forbid",
        )

    chosen = choose_way(
        problem.board,
        asked,
        player,
        pay_plain,
        option=option,
        time_limit=time_limit,
        x=problem.x,
        life_value=life_value,
        prefer=kinds,
    )
    if chosen is not None or option != "require":
        return chosen
    return PayResult(
        payable=False,
        cost=str(asked.cost),
        cost_has_x=asked.cost.has_variable,
        total_cost=str(problem.target.cost),
        reason=no_alternative_reason(problem.board, player, asked),
        x=problem.x,
        optimal=True,
        warnings=question_warnings(problem),
    )


def _with_additional(
    problem: PaymentProblem,
    keep: PaymentTarget | None,
    hand: tuple[PaymentTarget, ...],
    time_limit: float,
    life_value: int | None,
    strict: bool,
    prefer: tuple[tuple[str, ...], tuple[str, ...]],
) -> PayResult:
    """:func:`pay` for a spell with additional costs, planned with the mana (:mod:`planner.additional`);
    ``prefer``: as :func:`pay` was given it, and the kinds of permanent it lists."""
    asked = problem.asked

    def pay_one(board: Board, target: PaymentTarget, limit: float) -> ManaPaid:
        if keep is None and not hand and target.additional_costs:
            return _pay_with_sacrifices(board, target, problem, limit, life_value, prefer[1])
        answer = pay(
            board,
            replace(target, additional_costs=()),
            player=problem.player,
            keep=keep,
            hand=hand,
            x=problem.x,
            time_limit=limit,
            strict=strict,
            life_value=life_value,
            prefer=prefer[0],
        )
        first = tuple((name, value) for name, value in answer.objective if name in ("keep", "hand"))
        return ManaPaid(answer.payable, answer.plan, answer.optimal, answer, first)

    chosen = choose_additional(
        problem.board,
        asked,
        problem.player,
        pay_one,
        time_limit=time_limit,
        x=problem.x,
        life_value=life_value,
        prefer=prefer[1],
    )
    if isinstance(chosen.answer, PayResult):
        # (what the spell's cost reads of the turn and the board does not give: the ways' answers don't say)
        turn = turn_fact_warnings(problem.board, problem.player, asked)
        answer = replace(chosen.answer, warnings=tuple(dict.fromkeys((*chosen.answer.warnings, *turn))))
        if not chosen.payable:
            return answer
        return replace(answer, additional=chosen.paid, optimal=chosen.optimal, objective=chosen.levels)
    return PayResult(
        payable=chosen.payable,
        cost=str(asked.cost),
        cost_has_x=asked.cost.has_variable,
        total_cost=str(problem.target.cost),
        reason=chosen.reason,
        x=problem.x,
        optimal=False,
        warnings=question_warnings(problem),
    )


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
    answer = _result(problem, solution)
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

    ``x`` is None when the cost can't be paid even with X = 0.

    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
    ...     {"id": "m1", "card": "Mountain", "controller": "me"},
    ...     {"id": "sol", "card": "Sol Ring", "controller": "me"}]})
    >>> result = max_x(board, PaymentTarget.of("{X}{R}"))
    >>> result.x, result.payable, result.engine
    (2, True, 'fast')
    """
    if not target.cost.has_variable:
        raise InputError(f"the cost {target.cost} has no X")
    _one_variable(target)
    if plans_additional(target.additional_costs):  # (planned by pay alone: planner.additional)
        costs = " and ".join(
            str(cost) for cost in target.additional_costs if not isinstance(cost, UnreadCost)
        )
        raise InputError(
            f"{target.name}: the largest X is not planned with an additional cost ({costs}); give X"
        )
    if life_value is not None and life_value < 0:
        raise InputError(f"life_value: must be 0 or more, got {life_value}")
    _check_option(alternative_cost)
    if alternative_cost != "forbid" and (
        alternative_cost == "require" or usable_ways(board, checked_player(board, player), target)
    ):
        return _max_x_with_alternatives(
            board, target, player, time_limit, strict, life_value, prefer, alternative_cost
        )
    target, kinds = _preferred(target, prefer)
    problem = PaymentProblem.of(
        board, target, player, time_limit=time_limit, life_value=life_value, prefer=kinds
    )
    problem.analysis.check_text(strict=strict)
    spell_text_warnings(target, strict=strict)
    fast = solve_fast_max_x(problem)
    if fast is not None:
        return _result(problem, fast, engine="fast")
    if time.monotonic() > problem.deadline:  # (the fast path used it all up)
        return _result(problem, Solution(status=SolveStatus.UNKNOWN))
    return _result(problem, solve_cpsat(problem))


def _max_x_with_alternatives(
    board: Board,
    target: PaymentTarget,
    player: str | None,
    time_limit: float,
    strict: bool,
    life_value: int | None,
    prefer: tuple[str, ...],
    option: str,
) -> PayResult:
    """:func:`max_x` for a spell that may be cast for an alternative cost: X is 0 then (CR 107.3), so an
    alternative cost is weighed only where the mana cost pays no more than X = 0: the best payment at X = 0
    of every way (:func:`pay`) when the mana cost pays none larger."""
    deadline = time.monotonic() + time_limit
    plain = None
    if option != "require":
        plain = max_x(
            board,
            target,
            player=player,
            time_limit=time_limit,
            strict=strict,
            life_value=life_value,
            prefer=prefer,
            alternative_cost="forbid",
        )
        if plain.payable is None or (plain.x or 0) > 0:
            return plain
    zero = pay(
        board,
        target,
        player=player,
        x=0,
        time_limit=max(deadline - time.monotonic(), 0.001),
        strict=strict,
        life_value=life_value,
        prefer=prefer,
        alternative_cost=option,
    )
    if zero.payable or plain is None:
        return replace(zero, x=0 if zero.payable else None)
    return plain


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


def _result(problem: PaymentProblem, solution: Solution, engine: str = "cp-sat") -> PayResult:
    """The answer to a payment problem from a solver's solution (``engine`` names the solver), with the
    board's text warnings and the spell's: the plan replayed and described, or why there is none."""
    warnings = question_warnings(problem)
    if solution.plan is None:
        # (x: the value asked for, when pay was given one; max_x found none)
        asked = str(problem.asked.cost)
        has_x = problem.asked.cost.has_variable
        if solution.status is SolveStatus.UNKNOWN:
            return PayResult(
                payable=None,
                cost=asked,
                cost_has_x=has_x,
                reason=solution.note or "time limit",
                optimal=False,
                total_cost=str(problem.target.cost),
                x=problem.x,
                engine=engine,
                warnings=warnings,
            )
        reason = why_not_payable(problem, solution.core)
        return PayResult(
            payable=False,
            cost=asked,
            cost_has_x=has_x,
            reason=reason,
            total_cost=str(problem.target.cost),
            x=problem.x,
            engine=engine,
            warnings=warnings,
        )
    plan = solution.plan
    paid_target = problem.paid_target(solution.x or 0)
    try:
        summary = replay(problem.board, paid_target, plan, problem.player, check=problem.check_time)
    except TimeUp:  # (the plan's replay ran past the time limit: no answer in time, never a 'no')
        return _result(problem, Solution(status=SolveStatus.UNKNOWN), engine)
    except IllegalPlanError as error:
        raise InternalError(f"the model's plan fails the rules replay at {error}") from error
    return described_payment(problem, paid_target, plan, summary, solution, engine=engine, warnings=warnings)


@within_question
def described_payment(
    problem: PaymentProblem,
    target: PaymentTarget,
    plan: Plan,
    summary: PaymentSummary,
    solution: Solution,
    *,
    engine: str = "cp-sat",
    warnings: tuple[TextWarning, ...] = (),
) -> PayResult:
    """The result of a replayed plan, in a player's terms: steps, which mana paid which symbol, totals
    (``engine`` and ``warnings`` are passed on to it)."""
    board = problem.board
    symbols = tuple(
        (str(symbol), str(_bag(units)), life)
        for symbol, units, life in _assigned(plan, target, problem)
        if units or life or not plan.alternatives
    )
    asked = problem.asked.cost
    cost = str(asked)
    steps = _described_steps(problem, plan.steps)
    return PayResult(
        payable=True,
        cost=cost,
        cost_has_x=asked.has_variable,
        total_cost=cost if target.cost is asked else str(target.cost),
        steps=steps,
        tapped=_in_board_order(board, summary.tapped),
        untapped=_in_board_order(board, summary.untapped),
        sacrificed=_in_board_order(board, summary.sacrificed),
        life_paid=summary.life_paid,
        damage_taken=summary.damage,
        mana_spent=_bag(plan.spent),
        floating=summary.floating_bag,
        keep_satisfied=solution.keep_satisfied,
        x=solution.x,
        optimal=solution.status is SolveStatus.OPTIMAL,
        symbols=symbols,
        objective=solution.objective,
        alternative_payments=plan.alternatives,
        parts=_paid_parts(board, summary, sum(step.parts.exiled_from_graveyard for step in steps)),
        colors_spent=summary.spent_mana.color_letters if target.riders else None,
        riders=rider_outcomes(target.riders, summary.spent_mana),
        plan=plan,
        engine=engine,
        warnings=warnings,
    )


def _paid_parts(board: Board, summary: PaymentSummary, from_graveyard: int) -> PaidParts:
    """What a payment's other cost parts paid, in all (permanents in the board's order; ``from_graveyard``:
    the cards its steps exiled from the graveyard)."""
    if not (
        summary.exiled_permanents
        or summary.returned
        or summary.discarded
        or summary.exiled_cards
        or summary.energy_paid
        or summary.exerted
        or from_graveyard
    ):
        return _NO_PARTS  # (most payments: mana and taps alone)
    return PaidParts(
        exiled_from_graveyard=from_graveyard,
        exiled=_in_board_order(board, summary.exiled_permanents),
        returned=_in_board_order(board, summary.returned),
        discarded=summary.discarded,
        exiled_from_hand=summary.exiled_cards,
        energy_paid=summary.energy_paid,
        exerted=_in_board_order(board, summary.exerted),
    )


def _described_steps(problem: PaymentProblem, steps: tuple[Step, ...]) -> tuple[PlanStep, ...]:
    """A plan's activations as a player reads them: on the battlefield by permanent and ability text, from
    the hand by card name."""
    view = problem.view
    hand: dict[tuple[str, int], str] = {}
    if any(step.zone == HAND for step in steps):
        hand = {(h.card.name, h.ability_index): h.ability.text for h in problem.hand_mana}
    described = []
    board = problem.board
    # (what a removal may give back or grant, worked out once per board the removals leave, when a step
    # removes a permanent)
    effects: tuple[set[str], frozenset[str]] | None = None
    for step in steps:
        if step.zone == HAND:
            described.append(
                PlanStep(
                    permanent=None,
                    name=step.permanent,
                    ability=hand[(step.permanent, step.ability)],
                    produced=_total(step.produced),
                    zone=HAND,
                )
            )
            continue
        ability = view.mana_abilities(step.permanent)[step.ability]
        described.append(
            PlanStep(
                permanent=step.permanent,
                name=view.permanent(step.permanent).name,
                ability=ability.text,
                produced=_total(step.produced),
                replacement_order=step.order,
                sacrificed=step.sacrificed,
                tapped_for_cost=step.tapped,
                paid_with=_bag(step.paid_with),
                parts=_step_parts(step, ability, board),
            )
        )
        # (an effect's source gone gives back what it took: Boros Garrison's {R}{W} once Magus of the Moon
        # is sacrificed, CR 611.3a; the later steps' abilities are read on the board it left)
        # (and a card sacrificed into a graveyard grants from there: Riftstone Portal)
        own = (step.permanent,) if ability.cost.sacrifice_self else ()
        removed = step.removed
        if not removed and not own:
            continue
        if effects is None:
            effects = {sourced.source for sourced in view.effects}, arriving_grants(view)
        sources, arrivals = effects
        arriving = arrivals.intersection((*step.sacrificed, *own))
        gone = sources.intersection((*removed, *own)) | arriving
        if gone:
            board = without_removed(board, sorted(gone), arriving)
            view = view_of(board)
            effects = None
    return tuple(described)


def _step_parts(step: Step, ability: ManaAbility, board: Board) -> PaidParts:
    """What one step's other cost parts paid (evidence collected from the graveyard of the permanent's
    controller on ``board``: the cards it takes are the same whatever came before,
    :func:`~planner.rules.costs.evidence_cards`)."""
    if not ability.cost.parts:
        return _NO_PARTS
    graveyard = board.player(board.permanent(step.permanent).controller).graveyard
    choices = step.choices
    return PaidParts(
        exiled=choices.exiled,
        returned=choices.returned,
        untapped_for_cost=choices.untapped,
        discarded=choices.discarded,
        exiled_from_hand=choices.exiled_cards,
        energy_paid=energy_paid(ability),
        exerted=(step.permanent,) if exerts(ability) else (),
        exiled_from_graveyard=graveyard_exiled(ability, graveyard),
    )


def _in_board_order(board: Board, ids: frozenset[str]) -> tuple[str, ...]:
    """The ids of permanents of the board in the board's order."""
    return tuple(p.id for p in board.permanents if p.id in ids) if ids else ()


def _total(produced: tuple[tuple[str, ManaBag], ...]) -> ManaBag:
    """All the mana a step produced, whatever its source."""
    if len(produced) == 1:
        return produced[0][1]
    return sum((bag for _, bag in produced), ManaBag())


def _assigned(
    plan: Plan, target: PaymentTarget, problem: PaymentProblem
) -> list[tuple[CostSymbol, tuple[ManaUnit, ...], int]]:
    """Which mana and life paid each symbol the alternative payments left to the mana (the replayer has
    checked that some such cost is paid exactly)."""
    if not plan.alternatives:
        return assign_symbols(plan.spent, target.cost, target, problem.rules, plan.life)
    for cost in reduced_costs(target.cost, covered_slots(plan.alternatives)):
        try:
            return assign_symbols(plan.spent, cost, target, problem.rules, plan.life)
        except InputError:
            continue
    raise InternalError("the replayed plan pays no cost its alternative payments leave")


def _bag(units: tuple[ManaUnit, ...]) -> ManaBag:
    return ManaBag.of(unit.type for unit in units) if units else _NO_MANA


_NO_MANA = ManaBag()
_NO_PARTS = PaidParts()
