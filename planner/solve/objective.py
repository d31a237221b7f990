"""The default objective, computed from a finished payment: the same quantities the CP-SAT model minimises.

Used to compare any plan (the reference search's, a heuristic's) with the optimum, level by level:
life paid plus damage taken; valuable permanents sacrificed; permanents sacrificed by design (Treasure, Lotus
Petal); mana left floating; colors no untouched source can make any more; the most mana the touched
sources could make; creatures touched; how flexible the touched sources were; and a tie-break by id.
"""

from __future__ import annotations

from models.board import Board
from models.mana import ALL_COLORS, ManaTypes
from planner.rules.activations import activation_templates
from planner.rules.replay import PaymentSummary, could_produce_of, view_of
from planner.rules.view import BoardView

__all__ = ["OBJECTIVE_LEVELS", "objective_of", "sacrificed_by_design"]

#: The names of the objective's levels, most important first (as in the README).
OBJECTIVE_LEVELS = (
    "life_and_damage",
    "valuable_sacrificed",
    "designed_sacrificed",
    "mana_floating",
    "colors_lost",
    "mana_tied_up",
    "creatures_used",
    "flexibility_used",
    "tie_break",
)


def sacrificed_by_design(view: BoardView, pid: str) -> bool:
    """A nonland permanent whose own ability sacrifices it (Treasure, Lotus Petal, Eldrazi Scion)."""
    if view.type_line(pid).is_a("Land"):
        return False
    return any(ability.cost.sacrifice_self for ability in view.mana_abilities(pid))


def objective_of(board: Board, player: str, summary: PaymentSummary) -> tuple[int, ...]:
    """The objective's levels (see :data:`OBJECTIVE_LEVELS`) for a finished payment; smaller is better.

    >>> from models.cost import PaymentTarget
    >>> from planner.api import pay
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
    ...     {"id": "f1", "card": "Forest", "controller": "me"}]})
    >>> result = pay(board, PaymentTarget.of("{G}"))
    >>> from planner.rules.replay import replay
    >>> objective_of(board, "me", replay(board, PaymentTarget.of("{G}"), result.plan))
    (0, 0, 0, 0, 1, 1, 0, 1, 0)
    """
    view = view_of(board)
    reflect = could_produce_of(board)
    most: dict[str, int] = {}
    for activation in activation_templates(view, player, reflect):
        for pid in activation.sources:
            most[pid] = max(most.get(pid, 0), activation.outcome.total)
    touched = summary.used
    designed = {pid for pid in summary.sacrificed if sacrificed_by_design(view, pid)}
    lost = 0
    for mana_type in ALL_COLORS:
        makers = [pid for pid in most if mana_type in reflect.get(pid, ManaTypes())]
        if makers and all(pid in touched for pid in makers):
            lost += 1
    ranks = {pid: rank for rank, pid in enumerate(sorted(p.id for p in board.permanents))}
    return (
        summary.life_paid + summary.damage,
        len(summary.sacrificed - designed),
        len(designed),
        sum(1 for unit in summary.floating if not unit.tag.persists),
        lost,
        sum(most.get(pid, 0) for pid in touched),
        sum(1 for pid in touched if view.type_line(pid).is_a("Creature")),
        sum(len(reflect.get(pid, ManaTypes())) for pid in touched),
        sum(ranks[pid] for pid in touched),
    )
