"""Haste from static effects (layer 6, CR 702.10): 'Creatures you control have haste' (Fires of Yavimaya), an
Aura's or Equipment's 'Enchanted creature gets +1/+1 and has haste'. A creature with haste uses its {T}
abilities the turn it came under its controller's control (CR 302.6), so a summoning-sick mana creature beside
such an effect taps for mana.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from models.mana_effects import GrantHaste

if TYPE_CHECKING:
    from planner.rules.view import BoardView

__all__ = ["haste_granted"]


def haste_granted(view: BoardView, pid: str) -> bool:
    """True when an effect in force gives the permanent haste.

    >>> from models.board import Board
    >>> from planner.rules.view import BoardView
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}, {"id": "you"}], "permanents": [
    ...     {"id": "e", "card": "Llanowar Elves", "controller": "me", "summoning_sick": True},
    ...     {"id": "y", "card": "Llanowar Elves", "controller": "you", "summoning_sick": True},
    ...     {"id": "f", "name": "Fires", "type_line": "Enchantment", "controller": "me",
    ...      "oracle": "Creatures you control have haste."}]})
    >>> view = BoardView(board)
    >>> haste_granted(view, "e"), haste_granted(view, "y"), view.is_sick("e"), view.is_sick("y")
    (True, False, False, True)
    """
    for sourced in view.effects_of(GrantHaste):
        effect = sourced.effect
        assert isinstance(effect, GrantHaste)
        if view.matches(effect.affected, pid, sourced.source):
            return True
    return False
