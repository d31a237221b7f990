"""A player's party (CR 700.8): up to one each of Cleric, Rogue, Warrior and Wizard among the creatures they
control, what "for each creature in your party" counts (a spell's cost change, Tazri's; a mana amount, Ardent
Electromancer's enters trigger)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from models.abilities import ObjectFilter

if TYPE_CHECKING:
    from planner.rules.view import BoardView

__all__ = ["party_size"]


#: The creature types a party has one each of at most (CR 700.8).
_PARTY_ROLES = ("Cleric", "Rogue", "Warrior", "Wizard")


def party_size(view: BoardView, player: str) -> int:
    """How many creatures are in ``player``'s party (CR 700.8): the most of their creatures that can each
    be a different one of Cleric, Rogue, Warrior and Wizard (a Cleric Rogue fills one place; a largest
    matching, found by augmenting paths).

    >>> from models.board import Board
    >>> from planner.rules.view import BoardView
    >>> def creature(pid, types):
    ...     return {"id": pid, "name": pid, "type_line": "Creature — " + types, "controller": "me"}
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
    ...     creature("a", "Human Cleric Rogue"), creature("b", "Elf Cleric"), creature("c", "Elf Druid")]})
    >>> party_size(BoardView(board), "me")
    2
    """
    fills: list[tuple[str, ...]] = []
    for permanent in view.board.permanents:
        if permanent.controller != player:
            continue
        pid = permanent.id
        roles = tuple(r for r in _PARTY_ROLES if view.matches(ObjectFilter(types=("Creature", r)), pid, pid))
        if roles:
            fills.append(roles)
    holder: dict[str, int] = {}  # each role: the creature filling it

    def placed(creature: int, tried: set[str]) -> bool:
        for role in fills[creature]:
            if role not in tried:
                tried.add(role)
                if role not in holder or placed(holder[role], tried):
                    holder[role] = creature
                    return True
        return False

    return sum(placed(creature, set()) for creature in range(len(fills)))
