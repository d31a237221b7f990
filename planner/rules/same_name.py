"""Sasaya's Essence: 'Whenever a land you control is tapped for mana, add an additional one mana of any type
that land produced for each other land you control with the same name as it.' (CR 605.1b, 201.2a)

The amount counts, as the trigger resolves, the other lands matching its filter with the same name as the
land tapped for mana (:func:`same_named`): a land a cost sacrificed is gone by then; the tapped land's own
name is what it had (a land that sacrificed itself for its mana has its last known name). The planner counts
it on the board as it is, so a board where the payment may take such a land away first (a mana ability's
cost that sacrifices or returns a land sharing its name with another) sets the trigger aside with a warning
that says which permanent (:func:`same_name_gap`), never uses it with a count that may be wrong.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from models.abilities import AmountKind, CostPartKind, ManaAbility, ObjectFilter
from models.board import Permanent
from models.folding import fold_name
from models.mana_effects import GrantAbility, ManaTrigger
from models.types import BASIC_LAND_TYPES

if TYPE_CHECKING:
    from planner.rules.view import BoardView

__all__ = ["same_name_gap", "same_named"]

#: The cost parts that take a permanent other than the ability's own away, described by words the planner
#: does not match against lands here (a land may be what they take).
_TAKING_PARTS = frozenset(
    {CostPartKind.RETURN_PERMANENT, CostPartKind.EXILE_PERMANENT, CostPartKind.SACRIFICE_TOKEN}
)


def same_named(view: BoardView, pid: str, flt: ObjectFilter, removed: frozenset[str] = frozenset()) -> int:
    """How many permanents other than ``pid`` match ``flt`` (written on ``pid``: 'you' is its controller)
    with the same name as ``pid`` (CR 201.2a), those ``removed`` left out.

    >>> from models.board import Board
    >>> from planner.rules.view import BoardView
    >>> from models.abilities import Who
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}, {"id": "you"}], "permanents": [
    ...     {"id": "f1", "card": "Forest", "controller": "me"},
    ...     {"id": "f2", "card": "Forest", "controller": "me"},
    ...     {"id": "f3", "card": "Forest", "controller": "you"},
    ...     {"id": "i", "card": "Island", "controller": "me"}]})
    >>> view, lands = BoardView(board), ObjectFilter(types=("Land",), controller=Who.YOU)
    >>> same_named(view, "f1", lands), same_named(view, "f1", lands, frozenset({"f2"}))
    (1, 0)
    """
    name = fold_name(view.permanent(pid).name)
    return sum(
        1
        for other in view.matching(flt, pid, removed)
        if other != pid and fold_name(view.permanent(other).name) == name
    )


def same_name_gap(view: BoardView, source: str, effect: ManaTrigger) -> str | None:
    """Why the trigger of ``source`` can't be counted on the board as it is, or None: a mana ability of its
    controller's whose cost may take away one of their lands that shares its name with another of them (a
    sacrifice of itself or of a land, a return or an exile of a permanent) before the trigger resolves.

    It reads the printed abilities and those that effects may grant, and the printed types (it is asked as
    the effects in force are worked out, before the layers), so it errs on the side of setting aside.
    """
    if effect.adds.amount.kind is not AmountKind.SAME_NAME:
        return None
    controller = view.permanent(source).controller
    board = view.board
    names = [fold_name(p.name) for p in board.permanents if p.controller == controller and _land(p)]
    shared = {name for name in names if names.count(name) > 1}
    if not shared:
        return None
    granted = [
        e.ability for p in board.permanents for e in view.parsed[p.id].effects if isinstance(e, GrantAbility)
    ]
    for permanent in board.permanents:
        if permanent.controller != controller:
            continue
        own_shared = _land(permanent) and fold_name(permanent.name) in shared
        for ability in (*view.parsed[permanent.id].mana_abilities, *granted):
            if _takes_shared(view, ability, own_shared, shared, controller):
                return (
                    f"{view.path(permanent.id)}: its cost may take away a land that shares its name with "
                    f"another, which changes what {view.permanent(source).name} counts: not followed yet"
                )
    return None


def _land(permanent: Permanent) -> bool:
    return permanent.type_line.is_a("Land")


def _takes_shared(
    view: BoardView, ability: ManaAbility, own_shared: bool, shared: set[str], controller: str
) -> bool:
    """True when paying the ability's cost may take away a land whose name is in ``shared``."""
    cost = ability.cost
    if own_shared and (
        cost.sacrifice_self or any(part.kind is CostPartKind.RETURN_SELF for part in cost.parts)
    ):
        return True
    if any(part.kind in _TAKING_PARTS for part in cost.parts):
        return True
    if cost.sacrifice is None:
        return False
    return any(
        _may_match(cost.sacrifice, land)
        for land in view.board.permanents
        if land.controller == controller and _land(land) and fold_name(land.name) in shared
    )


def _may_match(flt: ObjectFilter, land: Permanent) -> bool:
    """True unless the filter names a type the land neither has as printed nor may get from an effect that
    changes land types (a basic land type, CR 305.7)."""
    return all(land.type_line.is_a(t) or t in BASIC_LAND_TYPES for t in flt.types)
