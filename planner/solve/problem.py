"""A payment question, built once: the board analysed for its player, the total cost, and the options.

Every stage of :func:`planner.api.pay` and :func:`planner.api.max_x` (the fast path, the CP-SAT model, the
description of the plan, the explanation of a "no") reads the same :class:`PaymentProblem`, so the board is
analysed once per question. Each part of the analysis is worked out the first time a stage asks for it: the
fast path answers simple boards without ever building the activation templates the CP-SAT model needs.

:class:`BoardAnalysis` is the part that depends only on the board and the player: it also serves questions
that are not payments (the objective of a finished plan, what stays open afterwards).
"""

from __future__ import annotations

import itertools
import math
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from typing import TYPE_CHECKING, Generic, TypeVar

from models.board import Board
from models.cost import ManaCost, PaymentTarget
from models.errors import InputError, OracleParseError
from models.layer_effects import ColorChange, TypeChange
from models.lazy import cached_property
from models.limits import MAX_GENERIC, within
from models.mana import ManaTypes
from models.mana_effects import SpendAsThough
from planner.rules.activations import Activation, activation_templates, with_open_bounds
from planner.rules.alternatives import AlternativeWay, alternative_ways
from planner.rules.amounts import graveyard_growth
from planner.rules.devotion import counted_by_devotions
from planner.rules.doubling import doubles_unspent
from planner.rules.eligibility import check_activated_this_turn
from planner.rules.exile_grants import check_alternative_cost_uses
from planner.rules.graveyard_permissions import check_graveyard_uses
from planner.rules.hand import HandAbility, hand_abilities
from planner.rules.pool import ManaUnit, SpendRules, board_pool
from planner.rules.production import Outcome, Packet
from planner.rules.question import Question, current_question, view_of
from planner.rules.records import WarningKind
from planner.rules.view import BoardView, TextWarning, locked_in, unchosen_x_change
from planner.solve.dynamic import Dynamics, expand

if TYPE_CHECKING:  # (the fast path reads problems: its record is only named here)
    from planner.solve.fast.reduction import FastAnalysis

__all__ = [
    "AfterRemovals",
    "BoardAnalysis",
    "EventMana",
    "PaymentProblem",
    "SpellPayment",
    "TimeUp",
    "TurnPayments",
    "checked_player",
]


_Read = TypeVar("_Read")


class TimeUp(Exception):  # noqa: N818 - not an error: the planner's answer is then 'no answer in time'
    """The question's time limit ran out while its model was built or searched (contract §9). The solvers
    catch it and answer :attr:`~planner.solve.solution.SolveStatus.UNKNOWN`: it never reaches a caller."""


def checked_player(board: Board, player: str | None) -> str:
    """The player a question is asked for: the given id, or the board's active player.

    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}, {"id": "opp"}]})
    >>> checked_player(board, None), checked_player(board, "opp")
    ('me', 'opp')
    >>> checked_player(board, "them")
    Traceback (most recent call last):
    ...
    models.errors.InputError: unknown player 'them'; the board's players are me, opp
    """
    if player is None:
        return board.active_player
    if player not in {p.id for p in board.players}:
        known = ", ".join(p.id for p in board.players)
        raise InputError(f"unknown player {player!r}; the board's players are {known}")
    return player


class BoardAnalysis:
    """One board analysed for one player: its view (layers, abilities), what each permanent could produce
    (CR 106.7), the spending rules, the pool, and the activation templates, each worked out on first use.

    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
    ...     {"id": "f1", "card": "Forest", "controller": "me"},
    ...     {"id": "f2", "card": "Forest", "controller": "me"},
    ...     {"id": "pool", "card": "Reflecting Pool", "controller": "me"}]})
    >>> analysis = BoardAnalysis(board, "me")
    >>> {pid: str(types) for pid, types in analysis.reflect.items()}
    {'f1': 'G', 'f2': 'G', 'pool': 'G'}
    >>> # the Forests are interchangeable; the Pool's {G} is no basic land's (Imperiosaur tells them apart)
    >>> [(activation.pid, activation.sources) for activation in analysis.templates]
    [('f1', ('f1', 'f2')), ('pool', ('pool',))]
    """

    def __init__(self, board: Board, player: str, deadline: float = math.inf) -> None:
        self.board = board
        self.player = player
        #: When the question's time limit runs out (``time.monotonic``); the templates stop there.
        self.deadline = deadline
        #: The question's analysis of its boards (:mod:`planner.rules.question`): the one being answered, or
        #: this analysis's own outside any.
        self.question: Question = current_question()
        #: How :attr:`reflect` is worked out when first read, where a caller knows an exact and cheaper way
        #: (:meth:`keep_reflect`); None: from the board, by the question.
        self._reflect_by: Callable[[], dict[str, ManaTypes]] | None = None

    def check_time(self) -> None:
        """Raise :class:`TimeUp` once the deadline has passed (called between steps of long work)."""
        if time.monotonic() > self.deadline:
            raise TimeUp

    @cached_property
    def view(self) -> BoardView:
        """The board's characteristics after every continuous effect (CR 613) and its abilities."""
        return self.question.view_of(self.board)

    @cached_property
    def reflect(self) -> dict[str, ManaTypes]:
        """What each permanent could produce (CR 106.7), by id."""
        if self._reflect_by is not None:
            return self._reflect_by()
        return self.question.could_produce_of(self.board)

    def keep_reflect(self, sets: Callable[[], dict[str, ManaTypes]]) -> None:
        """Work :attr:`reflect` out by ``sets`` when it is first read, if it is not worked out yet: a caller
        that can find it exactly by another way (the fast path, from its cards' analyses) saves the next
        reader the work, and nothing is worked out when no one reads it (a payable board's fast answer).

        >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
        ...     {"id": "f1", "card": "Forest", "controller": "me"}]})
        >>> analysis = BoardAnalysis(board, "me")
        >>> analysis.keep_reflect(lambda: {"f1": ManaTypes.parse("G")})
        >>> {pid: str(types) for pid, types in analysis.reflect.items()}
        {'f1': 'G'}
        """
        self._reflect_by = sets

    @cached_property
    def rules(self) -> SpendRules:
        """The spending rules in force for the player ('spend mana as though it were mana of any color')."""
        return SpendRules.for_player(self.view, self.player)

    @cached_property
    def pool(self) -> tuple[ManaUnit, ...]:
        """The player's floating mana, as units."""
        return board_pool(self.board, self.player)

    @cached_property
    def templates(self) -> tuple[Activation, ...]:
        """Every way the player can activate a mana ability now (the CP-SAT model's templates); a doubling of
        the unspent mana (Doubling Cube) too, and then no permanents grouped: the model orders each
        activation before or after each doubling (:mod:`planner.solve.cpsat.doubling`)."""
        view = self.view
        doubling = any(
            doubles_unspent(ability)
            for permanent in self.board.permanents
            if permanent.controller == self.player
            for ability in view.mana_abilities(permanent.id)
        )
        everyone = frozenset(p.id for p in self.board.permanents) if doubling else frozenset()
        return tuple(
            activation_templates(
                view,
                self.player,
                self.reflect,
                check=self.check_time,
                kept_outcomes=self.outcomes,
                apart=everyone,
                doubling=doubling,
            )
        )

    @cached_property
    def outcomes(self) -> dict[tuple[str, int, tuple[str, ...]], list[Outcome]]:
        """The outcomes :attr:`templates` worked out, by (permanent id, ability number, permanents its cost
        removes): each ``activation_outcomes(view, pid, ability, reflect, sacrificed=...)`` on this board,
        kept for a later reader (the explanation of a "no"); empty until the templates are worked out."""
        return {}

    @cached_property
    def dynamics(self) -> Dynamics:
        """The CP-SAT model's templates: :attr:`templates` with the variants of the amounts that a payment
        changes before they are counted (Sanctum of the Sun's life total), and how the model orders them
        (:mod:`planner.solve.dynamic`)."""
        return expand(self.view, self.player, self.reflect, self.templates)

    @cached_property
    def hand_mana(self) -> tuple[HandAbility, ...]:
        """The mana abilities of cards in the player's hand that a payment can use (Elvish Spirit Guide)."""
        return hand_abilities(self.board, self.player)

    @property
    def warnings(self) -> tuple[TextWarning, ...]:
        """The board's sentences the parser did not understand, with their permanents' ids."""
        return self.view.warnings

    def check_text(self, *, strict: bool) -> tuple[TextWarning, ...]:
        """The board's unsupported sentences; with ``strict`` the first one is an error naming its path. An
        ability a permanent's ``activated_this_turn`` names and it does not have is an error either way, and
        so are more uses of a permission than its ``graveyard_uses_this_turn`` may list."""
        check_activated_this_turn(self.view)
        check_graveyard_uses(self.view)
        check_alternative_cost_uses(self.view)
        warnings = self.warnings
        unsupported = [w for w in warnings if w.refused_by_strict]  # (a choice never made is no bad input)
        if strict and unsupported:
            first = unsupported[0]
            what = (
                "unsupported text" if first.kind is WarningKind.UNSUPPORTED else f"not used ({first.reason})"
            )
            raise OracleParseError(
                f"{self.view.path(first.permanent)}.oracle: {what} {first.sentence!r} (--strict)"
            )
        return warnings


@dataclass(frozen=True, slots=True)
class AfterRemovals(Generic[_Read]):
    """Something a payment reads of the board the mana abilities leave (CR 601.2g-h), as the replay reads
    it: ``removable`` are the permanents the payment may remove whose effects change it, ``found`` holds
    what it is for each set of them removed (the empty set: the board as it is): every set, with no bound
    but the question's time limit (2 ** n boards for n of them; such sources are few)."""

    removable: tuple[str, ...]
    found: dict[frozenset[str], _Read]

    @classmethod
    def read(
        cls,
        view: BoardView,
        templates: tuple[Activation, ...],
        kinds: tuple[type, ...],
        reading: Callable[[BoardView], _Read],
        check: Callable[[], None] | None = None,
    ) -> AfterRemovals[_Read]:
        """What ``reading`` finds on each board the ``templates`` may leave once they removed permanents
        with effects of these ``kinds``, or (type changes) that add to the devotion a God's reads (the board
        as it is when they remove none); ``check`` is called before each board (the time limit)."""
        gone = {pid for template in templates for pid in template.gone}
        devoted = counted_by_devotions(view) if TypeChange in kinds else frozenset()
        removable = tuple(
            p.id
            for p in view.board.permanents
            if p.id in gone
            and (any(isinstance(e, kinds) for e in view.parsed[p.id].effects) or p.id in devoted)
        )
        found: dict[frozenset[str], _Read] = {}
        for size in range(len(removable) + 1):
            for removed in itertools.combinations(removable, size):
                if check is not None:
                    check()
                after = view_of(view.board.without_permanents(removed)) if removed else view
                found[frozenset(removed)] = reading(after)
        return cls(removable, found)

    @property
    def now(self) -> _Read:
        """What it reads on the board as it is."""
        return self.found[frozenset()]


@dataclass(frozen=True, kw_only=True)
class SpellPayment:
    """One spell of a turn's plan, for the solver: its total cost as it is cast (CR 601.2f, on the board of
    its epoch), the epoch it is cast in, its mana value, and whether the plan may leave it out.

    A spell that may be cast for its mana cost or for alternative costs paying only mana (Omniscience's
    nothing, Fist of Suns' {W}{U}{B}{R}{G}) is one entry per way, side by side, all with the same ``choice``
    (the place of the first of them, its mana cost, among the turn's entries): the model casts at most one
    of them (exactly one when the spell is not ``optional``), and counts those ``alternative`` in its last
    level (among equal plans, the mana cost, as ``pay`` takes it)."""

    target: PaymentTarget
    epoch: int
    mana_value: int
    optional: bool = False
    choice: int | None = None
    alternative: bool = False
    #: the spell cast for its mana cost when it has none (CR 118.6: unpayable), which the model never casts;
    #: only an entry of an alternative cost may cast it (118.6a)
    unpayable: bool = False
    #: who may pay part of it by tapping on the board it is cast on (convoke, improvise, its optional tap of
    #: creatures: CR 702.51a, 702.126a, 601.2b), each permanent once in the whole turn
    ways: frozenset[AlternativeWay] = frozenset()
    #: the cards in its caster's graveyard as it is cast, which delve may exile (702.66a: 0 without delve),
    #: less what the turn's earlier spells delved; and the turn's spells (their places among its entries)
    #: cast before it whose cards are put there too, its board not having them: the plain instants and
    #: sorceries before it (608.2n), each one card when cast
    graveyard: int = 0
    fed_by: tuple[int, ...] = ()


@dataclass(frozen=True, kw_only=True)
class EventMana:
    """Mana an event of the turn adds to the pool, usable from ``epoch`` on: a spell's effect (Dark Ritual,
    CR 605.5b), an enters or landfall trigger (Priest of Urabrask, Lotus Cobra)."""

    epoch: int
    packets: tuple[Packet, ...]
    source: str


@dataclass(frozen=True, kw_only=True)
class TurnPayments:
    """Several spells paid from one pool over a turn (contract section 7), for the solver.

    The turn's events (the land played, the spells that change what later spells can use) split it into
    *epochs*: epoch ``i`` is the game after ``i`` events. ``templates`` are the activations of the board at
    the end of the turn; ``epochs[t]`` is the first epoch in which template ``t`` can be activated (its
    permanent has arrived and it works as it will), and a template with a mana cost has one copy per later
    epoch, so that mana arriving later can pay it. Mana made in an epoch stays in the pool for every later
    spell (CR 500.4: the main phase is one step). ``rules[i]`` are the spending rules in epoch ``i``."""

    templates: tuple[Activation, ...]
    epochs: tuple[int, ...]
    spells: tuple[SpellPayment, ...]
    mana: tuple[EventMana, ...] = ()
    rules: tuple[SpendRules, ...] = ()
    #: The last epoch in which each template still works as it is (an activation may wait until then).
    until: tuple[int, ...] = ()
    #: The most spells the plan may cast of those it may leave out (None: no bound): a discard needs cards
    #: the turn does not use left in the hand (planner.turn_additional).
    most_optional: int | None = None
    #: The player keeps at least 1 life through the turn (False on a board where it already has none): a
    #: plan that leaves it at 0 or less loses the game once a spell is cast (CR 704.5a, 117.5, 704.3).
    keep_alive: bool = True
    #: What the model leaves out that the rules allow, a sentence each (the turn's notes: its plan is then
    #: not called optimal).
    notes: tuple[str, ...] = ()


@dataclass(frozen=True, kw_only=True, eq=False)
class PaymentProblem:
    """One payment question: what is paid for (as asked, and its total cost after CR 601.2f), by whom, from
    which board, with which options; the board's analysis is shared by every stage that answers it.

    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me", "spells_cast_this_turn": 2}],
    ...     "permanents": [{"id": "ds", "card": "Damping Sphere", "controller": "me"}]})
    >>> problem = PaymentProblem.of(board, PaymentTarget.of("{1}{R}"))
    >>> str(problem.asked.cost), str(problem.target.cost), problem.player
    ('{1}{R}', '{3}{R}', 'me')
    """

    analysis: BoardAnalysis
    asked: PaymentTarget
    target: PaymentTarget
    x: int | None = None
    keep: PaymentTarget | None = None
    hand: tuple[PaymentTarget, ...] = ()
    time_limit: float = 10.0
    life_value: int | None = None
    prefer: tuple[str, ...] = ()
    started: float = field(default_factory=time.monotonic)
    #: When X is left to the solver: the reduction (negative) the cost's fixed generic part could not absorb,
    #: taken off X's generic mana once X is chosen (CR 601.2b, 601.2f); 0 otherwise.
    x_reduction: int = 0
    #: When X is left to the solver and a reduction with a floor may hold ('can't reduce the mana in that
    #: cost to less than one mana'): the mana the cost keeps besides its other symbols, whatever X
    #: (:func:`~planner.rules.spell_cost.unchosen_x_change`); 0 otherwise.
    x_floor: int = 0
    #: A whole turn's spells instead of one target (the target is then empty): see :class:`TurnPayments`.
    turn: TurnPayments | None = None
    #: The fast path's analysis of this question (:class:`planner.solve.fast.reduction.FastAnalysis`, made by
    #: it on first use: :func:`~planner.solve.fast.reduction.fast_analysis`); the problems made from this one
    #: by ``replace`` (other values of X, the same board's analysis) share it.
    fast: list[FastAnalysis] = field(default_factory=list, repr=False)
    #: False once the CP-SAT model that counts a doubling of the unspent mana found no plan in its share of
    #: the time: the model then leaves the doubling out (:mod:`planner.solve.cpsat.doubling`).
    count_doubling: bool = True
    #: True for the model that pays an ability's own cost under the spending rules of the board as it is
    #: whatever the payment removes (wider than the rules, where removing a 'spend as though' source narrows
    #: them): it checks a "no" of the narrower model (:func:`planner.solve.cpsat.spine.solved`).
    wide_costs: bool = False

    @classmethod
    def of(
        cls,
        board: Board,
        target: PaymentTarget,
        player: str | None = None,
        *,
        x: int | None = None,
        keep: PaymentTarget | None = None,
        hand: tuple[PaymentTarget, ...] = (),
        time_limit: float = 10.0,
        life_value: int | None = None,
        prefer: tuple[str, ...] = (),
    ) -> PaymentProblem:
        """The question of paying ``target`` from ``board`` for ``player`` (default: the active player); its
        time limit runs from now; ``life_value`` is how much mana one life is worth to the player (see
        :func:`objective_of`)."""
        started = time.monotonic()
        analysis = BoardAnalysis(board, checked_player(board, player), started + time_limit)
        cost = target.cost
        leftover = floor = 0
        if cost.has_variable and x is not None:
            if x < 0:
                raise InputError(f"X must be 0 or more, not {x}")
            within(x, MAX_GENERIC, "X")
            total = locked_in(analysis.view, target.with_x(x), analysis.player)
        else:
            total = locked_in(analysis.view, target, analysis.player)
            if cost.has_variable:
                leftover, floor = unchosen_x_change(analysis.view, target, analysis.player)
        return cls(
            analysis=analysis,
            asked=target,
            target=total,
            x=x,
            keep=keep,
            hand=hand,
            time_limit=time_limit,
            started=started,
            x_reduction=leftover,
            x_floor=floor,
            life_value=life_value,
            prefer=prefer,
        )

    @property
    def board(self) -> Board:
        """The board the payment is made on."""
        return self.analysis.board

    @property
    def player(self) -> str:
        """Who pays."""
        return self.analysis.player

    @property
    def view(self) -> BoardView:
        """The board's view (see :class:`BoardAnalysis`)."""
        return self.analysis.view

    @property
    def reflect(self) -> dict[str, ManaTypes]:
        """What each permanent could produce (see :class:`BoardAnalysis`)."""
        return self.analysis.reflect

    @property
    def rules(self) -> SpendRules:
        """The payer's spending rules (see :class:`BoardAnalysis`)."""
        return self.analysis.rules

    @property
    def pool(self) -> tuple[ManaUnit, ...]:
        """The payer's floating mana (see :class:`BoardAnalysis`)."""
        return self.analysis.pool

    @property
    def templates(self) -> tuple[Activation, ...]:
        """The payer's activation templates (see :class:`BoardAnalysis`; a turn's own, with their epochs)."""
        return self.turn.templates if self.turn is not None else self.analysis.templates

    @cached_property
    def dynamics(self) -> Dynamics:
        """The model's templates and the order of the amounts a payment changes (see
        :attr:`BoardAnalysis.dynamics`); a turn's plan counts them before what changes them."""
        if self.turn is None:
            templates = self.analysis.templates
            if not any(t.open for t in templates):
                return self.analysis.dynamics  # (the common case: shared by every question on the board)
            opened = with_open_bounds(self.view, self.player, templates, self.paid_costs)
            return expand(self.view, self.player, self.reflect, opened)
        opened = with_open_bounds(self.view, self.player, self.turn.templates, self.paid_costs)
        return expand(self.view, self.player, self.reflect, opened, variants=False)

    @property
    def paid_costs(self) -> tuple[ManaCost, ...]:
        """Every cost the question pays or keeps payable: the target (a turn's spells), the cost to keep
        and the cards in hand to keep castable (what bounds an open ability: :func:`with_open_bounds`)."""
        targets = [self.target, *([self.keep] if self.keep is not None else []), *self.hand]
        if self.turn is not None:
            targets += [spell.target for spell in self.turn.spells]
        costs = [target.cost for target in targets]
        if self.target.cost.has_variable and self.x is None:
            # (X left to the solver: as large as the limit allows, which only an open ability can reach)
            costs.append(ManaCost.parse(f"{{{MAX_GENERIC}}}"))
        return tuple(costs)

    @cached_property
    def payers(self) -> AfterRemovals[frozenset[AlternativeWay]]:
        """Who may pay the target by convoke and improvise (CR 601.2h: once the mana abilities are done),
        on each board the payment may leave: a removed source of an effect that changes types or colors
        (Mycosynth Lattice, Painter's Servant: CR 613.1d-e) changes who is a creature or an artifact, and
        of which colors; a permanent tapped now may pay once a {Q} ability untapped it."""
        target, player = self.target, self.player
        templates = self.dynamics.templates
        untapping = frozenset(t.pid for t in templates if t.ability.cost.untap)

        def ways(view: BoardView) -> frozenset[AlternativeWay]:
            return alternative_ways(view, player, target, untapping=untapping)

        if not target.taps_permanents:
            return AfterRemovals((), {frozenset(): frozenset()})
        return AfterRemovals.read(self.view, templates, (TypeChange, ColorChange), ways, self.check_time)

    @cached_property
    def spending(self) -> AfterRemovals[SpendRules]:
        """The spending rules the target is paid under (CR 601.2h: once the mana abilities are done) on
        each board the payment may leave: a removed source of a 'spend as though' effect (Chromatic Orrery,
        Celestial Dawn) no longer applies."""
        if self.turn is not None:
            return AfterRemovals((), {frozenset(): self.rules})
        player = self.player
        rules = partial(SpendRules.for_player, player=player)
        return AfterRemovals.read(
            self.view, self.dynamics.templates, (SpendAsThough,), rules, self.check_time
        )

    @property
    def graveyard_most(self) -> int:
        """The most cards the payer's graveyard may hold when delve exiles some (CR 601.2h, after the mana
        abilities): those in it now, and the cards the model's activations may sacrifice into it."""
        board, player = self.board, self.player
        now = board.player(player).graveyard_size or 0
        return now + sum(graveyard_growth(board, player, t.gone) * t.bound for t in self.dynamics.templates)

    @property
    def hand_mana(self) -> tuple[HandAbility, ...]:
        """The usable mana abilities of cards in the payer's hand (see :class:`BoardAnalysis`); none in a
        turn's plan, whose spells come from the hand (a Spirit Guide is cast there, not exiled for mana)."""
        return () if self.turn is not None else self.analysis.hand_mana

    @property
    def deadline(self) -> float:
        """When the time limit runs out (``time.monotonic``): it bounds the whole question, from when the
        problem was posed (contract §9)."""
        return self.started + self.time_limit

    def check_time(self) -> None:
        """Raise :class:`TimeUp` once the time limit has run out."""
        if time.monotonic() > self.deadline:
            raise TimeUp

    def paid_target(self, x: int | None) -> PaymentTarget:
        """The total cost with X = ``x`` (CR 601.2b, then the increases and reductions of 601.2f); the target
        unchanged when it has no X or ``x`` is None.

        >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
        ...     {"id": "tf", "card": "Thunderscape Familiar", "controller": "me"}]})
        >>> problem = PaymentProblem.of(board, PaymentTarget.of("{X}{G}"))
        >>> str(problem.target.cost), problem.x_reduction, str(problem.paid_target(2).cost)
        ('{X}{G}', -1, '{1}{G}')
        """
        if x is None or not self.target.cost.has_variable:
            return self.target
        asked = self.asked
        return locked_in(self.view, asked.with_x(x), self.player)
