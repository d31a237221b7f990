"""Whether a condition of a static effect ('as long as ...': haste, a power change) keeps its truth through a
payment, so that the board as it is answers it: one the board records, and that no mana ability's cost may
change (a permanent it counts taken away, counters moved, a card put into a graveyard it looks in, a power or
a status)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from models.abilities import Condition, CostPartKind, ManaAbility
from models.mana_effects import GrantAbility
from planner.rules.records import SourcedEffect, TextWarning
from planner.rules.takers import TAKING_PARTS, possible_abilities

if TYPE_CHECKING:
    from planner.rules.view import BoardView

__all__ = ["condition_gap", "grants_in_force", "holds_steadily"]

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
    if held.filters and any(
        _may_take(view, permanent.id, ability, held, source)
        for permanent, ability in possible_abilities(view)
    ):
        return "which counts permanents a cost may take away: not followed yet"
    return None


def _may_take(view: BoardView, pid: str, ability: ManaAbility, held: Condition, source: str) -> bool:
    """True when paying the ability of permanent ``pid`` may take away a permanent the condition counts:
    another permanent (any: not narrowed yet), or ``pid`` itself when it matches one of the condition's
    filters (a Treasure sacrificed for its mana changes no count of lands)."""
    cost = ability.cost
    if cost.sacrifice is not None or any(part.kind in _TAKING_PARTS for part in cost.parts):
        return True
    return cost.sacrifice_self and any(view.matches(flt, pid, source) for flt in held.filters)


def holds_steadily(view: BoardView, held: Condition, source: str) -> bool:
    """True when the condition written on ``source`` holds on the board and keeps holding while paying
    (:func:`condition_gap` finds nothing that may change it)."""
    return condition_gap(view, held, source) is None and view.holds(held, source)


def grants_in_force(
    view: BoardView, grants: Iterable[SourcedEffect]
) -> tuple[list[SourcedEffect], list[TextWarning]]:
    """The grants of abilities that apply on the board: each without a condition, and each 'as long as
    <condition>' (The World Tree) whose condition holds steadily (:func:`holds_steadily`); and a warning on
    the source of each whose condition can't be judged while paying and that would give an ability to a
    permanent: it is set aside, never granted on a guess.

    >>> from models.board import Board
    >>> from planner.rules.view import BoardView
    >>> tree = {"id": "t", "name": "Tree", "type_line": "Land", "controller": "me", "oracle": "As long as "
    ...     'you control two or more lands, lands you control have "{T}: Add one mana of any color."'}
    >>> vein = {"id": "v", "name": "Vein", "type_line": "Land", "controller": "me",
    ...     "oracle": "{T}, Sacrifice this land: Add {C}{C}."}  # (it sacrifices itself, a land)
    >>> board = {"version": 1, "players": [{"id": "me"}], "permanents": [tree, vein]}
    >>> view = BoardView(Board.from_dict(board))
    >>> kept, (warning,) = grants_in_force(view, view.effects_of(GrantAbility))
    >>> kept, warning.reason  # doctest: +NORMALIZE_WHITESPACE
    ([], 'grant: as long as you control 2 or more land, which counts permanents a cost may take away: not
    followed yet')
    """
    kept: list[SourcedEffect] = []
    warnings: list[TextWarning] = []
    for sourced in grants:
        grant = sourced.effect
        assert isinstance(grant, GrantAbility)
        held = grant.condition
        if held is None:
            kept.append(sourced)
        elif why := condition_gap(view, held, sourced.source):
            if any(view.matches(grant.affected, p.id, sourced.source) for p in view.board.permanents):
                reason = f"grant: as long as {held.describe()}, {why}"
                warnings.append(TextWarning(sourced.source, grant.text, reason))
        elif view.holds(held, sourced.source):
            kept.append(sourced)
    return kept, warnings
