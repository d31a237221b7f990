"""Sasaya's Essence: 'Whenever a land you control is tapped for mana, add an additional one mana of any type
that land produced for each other land you control with the same name as it.' (CR 605.1b, 201.2a)

The amount counts, as the trigger resolves, the other lands matching its filter with the same name as the
land tapped for mana (:func:`same_named`): a land a cost sacrificed is gone by then; the tapped land's own
name is what it had (a land that sacrificed itself for its mana has its last known name). A land that an
earlier activation's cost took away (an outlet sacrificing a Forest first) is not counted: the replay and the
reference search count on the board as each activation finds it, and the CP-SAT model orders each such
removal before or after the tapped land's activation (:mod:`planner.solve.dynamic`, with
:func:`counted_lands` the lands it looks at). The fast path, which counts on the board as it is, declines
such a board (:func:`same_name_changer`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from models.abilities import AmountKind, CostPartKind, ManaAbility, ObjectFilter
from models.board import Permanent
from models.folding import fold_name
from models.mana_effects import ManaTrigger
from models.types import BASIC_LAND_TYPES
from planner.rules.names import permanent_name
from planner.rules.records import SAME_NAME_TRIGGER
from planner.rules.takers import TAKING_PARTS, possible_abilities

if TYPE_CHECKING:
    from planner.rules.view import BoardView

__all__ = ["counted_lands", "same_name_changer", "same_named"]


def counted_lands(
    view: BoardView, pid: str, flt: ObjectFilter, removed: frozenset[str] = frozenset()
) -> tuple[str, ...]:
    """The permanents other than ``pid`` that match ``flt`` (written on ``pid``: 'you' is its controller)
    with the same name as ``pid`` (CR 201.2a), those ``removed`` left out.

    >>> from models.board import Board
    >>> from planner.rules.view import BoardView
    >>> from models.abilities import Who
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}, {"id": "you"}], "permanents": [
    ...     {"id": "f1", "card": "Forest", "controller": "me"},
    ...     {"id": "f2", "card": "Forest", "controller": "me"},
    ...     {"id": "f3", "card": "Forest", "controller": "you"},
    ...     {"id": "i", "card": "Island", "controller": "me"}]})
    >>> counted_lands(BoardView(board), "f1", ObjectFilter(types=("Land",), controller=Who.YOU))
    ('f2',)
    """
    name = fold_name(permanent_name(view, view.permanent(pid)))
    return tuple(
        other
        for other in view.matching(flt, pid, removed)
        if other != pid and fold_name(permanent_name(view, view.permanent(other))) == name
    )


def same_named(view: BoardView, pid: str, flt: ObjectFilter, removed: frozenset[str] = frozenset()) -> int:
    """How many permanents :func:`counted_lands` finds.

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
    return len(counted_lands(view, pid, flt, removed))


def same_name_changer(view: BoardView) -> str | None:
    """Why a trigger counting the lands with a tapped land's name (Sasaya's Essence) may count fewer than the
    board has, or None: a mana ability whose cost may take away a land that shares its name with another of
    its controller's (a sacrifice of itself or of a land, a return or an exile of a permanent) before the
    trigger resolves. It errs on the side of saying so (printed abilities and those effects may grant,
    printed types).

    >>> from models.board import Board
    >>> from planner.rules.view import BoardView
    >>> essence = {"name": "Sasaya's Essence", "type_line": "Legendary Enchantment", "oracle": "Whenever a "
    ...     "land you control is tapped for mana, add an additional one mana of any type that land produced "
    ...     "for each other land you control with the same name as it."}
    >>> eater = {"name": "Land Eater", "type_line": "Artifact", "oracle": "Sacrifice a land: Add {C}."}
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
    ...     {"id": "f1", "card": "Forest", "controller": "me"},
    ...     {"id": "f2", "card": "Forest", "controller": "me"},
    ...     {"id": "s", "controller": "me", **essence}, {"id": "e", "controller": "me", **eater}]})
    >>> same_name_changer(BoardView(board))[:60]
    'permanents[3]: its cost may take away a land that shares its'
    >>> same_name_changer(BoardView(board.without_permanent("e"))) is None
    True
    """
    if not view.text_facts & SAME_NAME_TRIGGER:
        return None  # (the common case: no trigger counts same-named lands)
    for permanent in view.board.permanents:
        for effect in view.parsed[permanent.id].effects:
            if isinstance(effect, ManaTrigger) and effect.adds.amount.kind is AmountKind.SAME_NAME:
                found = _changer(view, permanent.id)
                if found is not None:
                    return f"{found}: its cost may take away a land that shares its name with another, " + (
                        f"which changes what {permanent.name} counts"
                    )
    return None


def _changer(view: BoardView, source: str) -> str | None:
    """The path of a permanent of the controller of ``source`` whose mana ability's cost may take away one
    of their lands that shares its name with another of them, or None."""
    controller = view.permanent(source).controller
    board = view.board
    names = [
        fold_name(permanent_name(view, p))
        for p in board.permanents
        if p.controller == controller and _land(view, p)
    ]
    shared = {name for name in names if names.count(name) > 1}
    if not shared:
        return None
    for permanent, ability in possible_abilities(view):
        own_shared = _land(view, permanent) and fold_name(permanent_name(view, permanent)) in shared
        if permanent.controller == controller and _takes_shared(
            view, ability, own_shared, shared, controller
        ):
            return view.path(permanent.id)
    return None


def _land(view: BoardView, permanent: Permanent) -> bool:
    """True for a land: as printed, or made one by a type change (a creature made a Forest land)."""
    return permanent.type_line.is_a("Land") or view.type_line(permanent.id).is_a("Land")


def _takes_shared(
    view: BoardView, ability: ManaAbility, own_shared: bool, shared: set[str], controller: str
) -> bool:
    """True when paying the ability's cost may take away a land whose name is in ``shared``."""
    cost = ability.cost
    if own_shared and (
        cost.sacrifice_self or any(part.kind is CostPartKind.RETURN_SELF for part in cost.parts)
    ):
        return True
    if any(part.kind in TAKING_PARTS for part in cost.parts):
        return True
    if cost.sacrifice is None:
        return False
    return any(
        _may_match(view, cost.sacrifice, land)
        for land in view.board.permanents
        if land.controller == controller
        and _land(view, land)
        and fold_name(permanent_name(view, land)) in shared
    )


def _may_match(view: BoardView, flt: ObjectFilter, land: Permanent) -> bool:
    """True unless the filter names a type the land neither has as printed or now (a creature made a land)
    nor may get from an effect that changes land types (a basic land type, CR 305.7)."""
    line = view.type_line(land.id)
    return all(land.type_line.is_a(t) or line.is_a(t) or t in BASIC_LAND_TYPES for t in flt.types)
