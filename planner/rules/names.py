"""A permanent's name as the rules see it (CR 201.2): what a 'named' filter, 'the same name as', 'differently
named' and the names of nontoken permanents read.

A permanent's ``name`` on the board is its copiable name: its card's, or the one a copy effect gives it (layer
1, CR 613.1a, 707.2: Vesuva, Thespian's Stage, worked out as the board is read). An effect that sets a name
without copying (Witness Protection's '... is a green and white Citizen creature with base power and toughness
1/1 named Legitimate Businessperson', whose reminder says it 'loses all other ... names') is given no layer of
its own by CR 613.1 (layers 2-7 are control, text, types, colors, abilities, power and toughness); it is one
effect with the type change of its sentence, and an effect that applies in one layer keeps applying to the
same objects in the later ones (CR 613.6): the name is set for what that type change applied to in layer 4,
in timestamp order among such effects (CR 613.7: the latest name wins). The name so set is not copiable (CR
707.2: a copy of the permanent has its copiable name). A filter read while layer 4 itself is worked out reads
the copiable name (:meth:`~planner.rules.view.BoardView.matches` with ``types``).

Names of cards elsewhere (hand, graveyard, exile) are their cards' own: no effect read changes them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from models.layer_effects import TypeChange

if TYPE_CHECKING:
    from models.board import Permanent
    from planner.rules.view import BoardView

__all__ = ["names_set", "permanent_name"]


def permanent_name(view: BoardView, permanent: Permanent) -> str:
    """The name of ``permanent``, one of the view's, after the effects in force (see the module's docstring
    for the layer).

    >>> from models.board import Board
    >>> from planner.rules.view import BoardView
    >>> alias = ("Enchant creature\\nEnchanted creature loses all abilities and is a green and white Citizen "
    ...     "creature with base power and toughness 1/1 named Quiet Neighbor.")
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
    ...     {"id": "elf", "card": "Llanowar Elves", "controller": "me"},
    ...     {"id": "wp", "name": "Test Alias", "type_line": "Enchantment — Aura", "oracle": alias,
    ...      "controller": "me", "attached_to": "elf"}]})
    >>> view = BoardView(board)
    >>> [permanent_name(view, view.permanent(pid)) for pid in ("elf", "wp")], view.permanent("elf").name
    (['Quiet Neighbor', 'Test Alias'], 'Llanowar Elves')
    """
    structure = view.structure
    if structure.names is None:
        structure.names = names_set(view)
    return structure.names.get(permanent.id) or permanent.name


def names_set(view: BoardView) -> dict[str, str]:
    """The names the effects in force set, by permanent (none on most boards): each name-setting type change
    (:attr:`~models.layer_effects.TypeChange.name`) of a permanent, then of the board's effects in force, in
    that (timestamp) order, on what it applied to in layer 4."""
    candidates = [
        (p.id, e) for p in view.board.permanents for e in view.parsed[p.id].effects if _names(e)
    ] + [(s.stand_in.id, e) for s in view.given_effects.sources for e in s.effects if _names(e)]
    names: dict[str, str] = {}
    for source, effect in candidates:
        assert isinstance(effect, TypeChange)
        for pid in view.type_change_applied(source, effect.text):
            names[pid] = effect.name
    return names


def _names(effect: object) -> bool:
    return isinstance(effect, TypeChange) and bool(effect.name)
