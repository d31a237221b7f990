"""The costs of special actions (CR 116.2) a payment may be for, by its purpose: turning a face-down
permanent face up (``turn_face_up``: its morph cost, CR 702.37e, 116.2b) and plotting a card from the hand
(``plot``: its plot cost, 702.170a, 116.2k). No spell is cast, so no change of spells' costs applies to
them; only the changes of those actions' costs do: 'All morph costs cost {2} more.' (Exiled Doomsayer) when
the cost paid is a morph cost (the payment's keyword ``morph`` or ``megamorph``, CR 702.37b; a disguise cost
is none, 702.168), 'Plotting cards from your hand costs {2} less.' (Doc Aurlock, Grizzled Genius) for its
controller's plotting."""

from __future__ import annotations

from typing import TYPE_CHECKING

from models.cost import PaymentTarget
from models.mana_effects import SpecialActionCostChange
from planner.rules.costs import changed_mana

if TYPE_CHECKING:
    from planner.rules.view import BoardView

__all__ = [
    "SPECIAL_ACTIONS",
    "TURN_FACE_UP",
    "special_action_change",
    "special_action_locked_in",
    "unknown_morph_costs",
]

#: The purpose of a payment that turns a face-down permanent face up.
TURN_FACE_UP = "turn_face_up"
#: The purpose of a payment that plots a card.
PLOT = "plot"
#: The purposes of the payments that are special actions, no spells.
SPECIAL_ACTIONS = frozenset({TURN_FACE_UP, PLOT})

#: The keywords whose cost is a morph cost (CR 702.37b: megamorph is a morph ability).
_MORPH_KEYWORDS = frozenset({"morph", "megamorph"})
#: The other keywords a permanent is turned face up for (its cost is no morph cost).
_OTHER_FACE_UP = frozenset({"disguise"})


def special_action_locked_in(view: BoardView, target: PaymentTarget, player: str) -> PaymentTarget:
    """A special action's total cost: its cost with the changes of that action's costs in force (a morph
    cost's when the payment says it is one: :data:`_MORPH_KEYWORDS` among its keywords; ``player``'s
    plotting's), the generic part never below {0} (CR 118.7a); as it is otherwise.

    >>> from dataclasses import replace
    >>> from models.board import Board
    >>> from planner.rules.view import BoardView
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
    ...     {"id": "d", "name": "Doom", "type_line": "Creature", "controller": "me",
    ...      "oracle": "All morph costs cost {2} more."},
    ...     {"id": "doc", "name": "Doc", "type_line": "Creature", "controller": "me",
    ...      "oracle": "Plotting cards from your hand costs {2} less."}]})
    >>> def paid(purpose, keyword=""):
    ...     target = replace(PaymentTarget.of("{1}{G}"), purposes=frozenset({purpose}),
    ...         keywords=frozenset({keyword} - {""}))
    ...     return str(special_action_locked_in(BoardView(board), target, "me").cost)
    >>> paid(TURN_FACE_UP, "morph"), paid(TURN_FACE_UP, "megamorph"), paid(TURN_FACE_UP, "disguise")
    ('{3}{G}', '{3}{G}', '{1}{G}')
    >>> paid(PLOT)
    '{G}'
    """
    change = special_action_change(view, target, player)
    return target.with_cost(changed_mana(target.cost, change)) if change else target


def special_action_change(view: BoardView, target: PaymentTarget, player: str) -> int:
    """The generic mana the changes of a special action's costs in force add to ``player``'s payment
    (negative: take off), summed; 0 for a payment that is no special action
    (:func:`special_action_locked_in`). What a reduction leaves over on a cost with X is taken off X's
    mana, as a spell's is (CR 601.2f)."""
    change = 0
    for sourced in view.effects_of(SpecialActionCostChange):
        effect = sourced.effect
        assert isinstance(effect, SpecialActionCostChange)
        if effect.action == "morph" and TURN_FACE_UP in target.purposes and target.keywords & _MORPH_KEYWORDS:
            change += effect.generic  # ('All morph costs': whoever pays them)
        elif effect.action == PLOT and PLOT in target.purposes and sourced.controller == player:
            change += effect.generic  # ('Plotting cards from your hand': its controller's)
    return change


def unknown_morph_costs(view: BoardView, target: PaymentTarget) -> tuple[tuple[str, str], ...]:
    """The changes of morph costs in force for a face-up payment that does not say which keyword it is paid
    for (none of morph, megamorph, disguise among its keywords): each source and sentence; none is
    applied, and the answer warns."""
    if TURN_FACE_UP not in target.purposes or target.keywords & (_MORPH_KEYWORDS | _OTHER_FACE_UP):
        return ()
    return tuple(
        (sourced.source, sourced.effect.text)
        for sourced in view.effects_of(SpecialActionCostChange)
        if isinstance(sourced.effect, SpecialActionCostChange) and sourced.effect.action == "morph"
    )
