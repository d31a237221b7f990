"""Whether a condition of a static effect ('as long as ...': haste, a power change) keeps its truth through a
payment, so that the board as it is answers it: one the board records, and that no mana ability's cost may
change (a permanent it counts taken away, counters moved, a card put into a graveyard it looks in, a power or
a status)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from models.abilities import Condition, CostPartKind, ManaAbility
from planner.rules.takers import TAKING_PARTS, possible_abilities

if TYPE_CHECKING:
    from planner.rules.view import BoardView

__all__ = ["condition_gap", "holds_steadily"]

#: The cost parts that take a permanent off the battlefield: another's, its own returned, a Food foraged.
_TAKING_PARTS = TAKING_PARTS | {CostPartKind.RETURN_SELF, CostPartKind.FORAGE}

#: The cost parts that move counters (a condition on the source's counters may change while paying).
_COUNTER_PARTS = frozenset({CostPartKind.PUT_COUNTER, CostPartKind.REMOVE_X_COUNTERS})


def condition_gap(view: BoardView, held: Condition, source: str) -> str | None:
    """Why a condition written on ``source`` ('as long as ...') can't be judged on the board as it is while
    paying, or None when it can (and it keeps its truth through the payment).

    >>> from models.board import Board
    >>> from planner.rules.view import BoardView
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
    ...     {"id": "a", "card": "Sol Ring", "controller": "me"}]})
    >>> print(condition_gap(BoardView(board), Condition((), unevaluated="you are the monarch"), "a"))
    which no board records
    """
    if held.unevaluated:
        return "which no board records"
    if held.either:
        return next((why for one in held.either if (why := condition_gap(view, one, source))), None)
    if held.in_graveyard is not None:
        return "which a cost that puts a card into the graveyard may change: not followed yet"
    if held.counter and any(
        permanent.id == source
        and (
            ability.cost.remove_counter
            or ability.side_effects
            or any(part.kind in _COUNTER_PARTS for part in ability.cost.parts)
        )
        for permanent, ability in possible_abilities(view)
    ):
        return "which a cost that moves counters may change: not followed yet"
    if any(flt.reads_status or flt.power_at_least is not None for flt in held.filters):
        return "which reads what may change while paying: not followed yet"
    if held.filters and any(_may_take(ability) for _, ability in possible_abilities(view)):
        return "which counts permanents a cost may take away: not followed yet"
    return None


def _may_take(ability: ManaAbility) -> bool:
    """True when paying the ability's cost may take a permanent off the battlefield (its own, or another)."""
    cost = ability.cost
    return (
        cost.sacrifice_self
        or cost.sacrifice is not None
        or any(part.kind in _TAKING_PARTS for part in cost.parts)
    )


def holds_steadily(view: BoardView, held: Condition, source: str) -> bool:
    """True when the condition written on ``source`` holds on the board and keeps holding while paying
    (:func:`condition_gap` finds nothing that may change it)."""
    return condition_gap(view, held, source) is None and view.holds(held, source)
