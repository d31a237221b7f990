"""A payment question, built once: the board analysed for its player, the total cost, and the options.

Every stage of :func:`planner.api.pay` and :func:`planner.api.max_x` (the fast path, the CP-SAT model, the
description of the plan, the explanation of a "no") reads the same :class:`PaymentProblem`, so the board is
analysed once per question. Each part of the analysis is worked out the first time a stage asks for it: the
fast path answers simple boards without ever building the activation templates the CP-SAT model needs.

:class:`BoardAnalysis` is the part that depends only on the board and the player: it also serves questions
that are not payments (the objective of a finished plan, what stays open afterwards).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from functools import cached_property

from models.board import Board
from models.cost import PaymentTarget
from models.errors import InputError, OracleParseError
from models.mana import ManaTypes
from planner.rules.activations import Activation, activation_templates
from planner.rules.pool import ManaUnit, SpendRules, board_pool
from planner.rules.replay import could_produce_of, view_of
from planner.rules.view import BoardView, TextWarning, locked_in

__all__ = ["BoardAnalysis", "PaymentProblem", "checked_player"]


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
    ...     {"id": "pool", "card": "Reflecting Pool", "controller": "me"}]})
    >>> analysis = BoardAnalysis(board, "me")
    >>> {pid: str(types) for pid, types in analysis.reflect.items()}
    {'f1': 'G', 'pool': 'G'}
    >>> [(activation.pid, activation.sources) for activation in analysis.templates]  # interchangeable here
    [('f1', ('f1', 'pool'))]
    """

    def __init__(self, board: Board, player: str) -> None:
        self.board = board
        self.player = player

    @cached_property
    def view(self) -> BoardView:
        """The board's characteristics after every continuous effect (CR 613) and its abilities."""
        return view_of(self.board)

    @cached_property
    def reflect(self) -> dict[str, ManaTypes]:
        """What each permanent could produce (CR 106.7), by id."""
        return could_produce_of(self.board)

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
        """Every way the player can activate a mana ability now (the CP-SAT model's templates)."""
        return tuple(activation_templates(self.view, self.player, self.reflect))

    @property
    def warnings(self) -> tuple[TextWarning, ...]:
        """The board's sentences the parser did not understand, with their permanents' ids."""
        return self.view.warnings

    def check_text(self, *, strict: bool) -> tuple[TextWarning, ...]:
        """The board's unsupported sentences; with ``strict`` the first one is an error naming its path."""
        warnings = self.warnings
        if strict and warnings:
            first = warnings[0]
            raise OracleParseError(
                f"{self.view.path(first.permanent)}.oracle: unsupported text {first.sentence!r} (--strict)"
            )
        return warnings


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
        """The question of paying ``target`` from ``board`` for ``player`` (default: the active player);
        ``life_value`` is how much mana one life is worth to the player (see :func:`objective_of`)."""
        analysis = BoardAnalysis(board, checked_player(board, player))
        total = locked_in(analysis.view, target, analysis.player)
        return cls(
            analysis=analysis,
            asked=target,
            target=total,
            x=x,
            keep=keep,
            hand=hand,
            time_limit=time_limit,
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
        """The payer's activation templates (see :class:`BoardAnalysis`)."""
        return self.analysis.templates

    @property
    def deadline(self) -> float:
        """When the time limit runs out (``time.monotonic``): it bounds the whole question, from when the
        problem was posed (contract §9)."""
        return self.started + self.time_limit

    @property
    def paid_target(self) -> PaymentTarget:
        """The total cost with X at the value asked for (the target unchanged when it has no X or none is
        given yet)."""
        if self.x is None or not self.target.cost.has_variable:
            return self.target
        return self.target.with_cost(self.target.cost.with_variables(self.x))
