"""The cost to turn a face-down permanent face up (the payment's purpose ``turn_face_up``): a special action,
no spell (CR 702.37e, 116.2b), so no change of spells' costs applies to it; only the changes of morph costs
('All morph costs cost {2} more.': Exiled Doomsayer) do, when the cost paid is a morph cost (the payment's
keyword ``morph`` or ``megamorph``, CR 702.37b; a disguise cost is none, 702.168)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from models.cost import PaymentTarget
from models.mana_effects import MorphCostChange
from planner.rules.costs import changed_mana

if TYPE_CHECKING:
    from planner.rules.view import BoardView

__all__ = ["TURN_FACE_UP", "face_up_locked_in", "unknown_morph_costs"]

#: The purpose of a payment that turns a face-down permanent face up.
TURN_FACE_UP = "turn_face_up"

#: The keywords whose cost is a morph cost (CR 702.37b: megamorph is a morph ability).
_MORPH_KEYWORDS = frozenset({"morph", "megamorph"})
#: The other keywords a permanent is turned face up for (its cost is no morph cost).
_OTHER_FACE_UP = frozenset({"disguise"})


def face_up_locked_in(view: BoardView, target: PaymentTarget) -> PaymentTarget:
    """A face-up payment's total cost: its cost with the changes of morph costs in force when it is a morph
    cost (:data:`_MORPH_KEYWORDS` among the target's keywords), never below {0} (CR 118.7a); as it is
    otherwise.

    >>> from models.board import Board
    >>> from planner.rules.view import BoardView
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
    ...     {"id": "d", "name": "Doom", "type_line": "Creature", "controller": "me",
    ...      "oracle": "All morph costs cost {2} more."}]})
    >>> from dataclasses import replace
    >>> def face_up(keyword):
    ...     target = replace(PaymentTarget.of("{1}{G}"), purposes=frozenset({TURN_FACE_UP}),
    ...         keywords=frozenset({keyword}))
    ...     return str(face_up_locked_in(BoardView(board), target).cost)
    >>> face_up("morph"), face_up("megamorph"), face_up("disguise")
    ('{3}{G}', '{3}{G}', '{1}{G}')
    """
    if not target.keywords & _MORPH_KEYWORDS:
        return target
    change = sum(_changes(view))
    return target.with_cost(changed_mana(target.cost, change)) if change else target


def unknown_morph_costs(view: BoardView, target: PaymentTarget) -> tuple[tuple[str, str], ...]:
    """The changes of morph costs in force for a face-up payment that does not say which keyword it is paid
    for (none of morph, megamorph, disguise among its keywords): each source and sentence; none is
    applied, and the answer warns."""
    if TURN_FACE_UP not in target.purposes or target.keywords & (_MORPH_KEYWORDS | _OTHER_FACE_UP):
        return ()
    return tuple(
        (sourced.source, sourced.effect.text)
        for sourced in view.effects_of(MorphCostChange)
        if isinstance(sourced.effect, MorphCostChange)
    )


def _changes(view: BoardView) -> list[int]:
    """The generic mana each change of morph costs in force adds (negative: takes off)."""
    return [
        sourced.effect.generic
        for sourced in view.effects_of(MorphCostChange)
        if isinstance(sourced.effect, MorphCostChange)
    ]
