"""What the permanents on the board read of the mana spent to cast a spell (contract §12): a trigger on a
spell cast whose effect depends on the mana that paid it (the Opus creatures' 'Whenever you cast an instant
or sorcery spell, ... If five or more mana was spent to cast that spell, ...': CR 601.2h, 603.2) gives a
spell it describes one more rider, weighed as a rider of the spell's own text is
(:mod:`planner.solve.riders`), and reported in the answer's ``riders``.

>>> from models.board import Board
>>> from planner.rules.view import BoardView
>>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
...     {"id": "s", "name": "Test Soloist", "type_line": "Creature — Dwarf Bard", "controller": "me",
...      "oracle": "Whenever you cast an instant or sorcery spell, ~ deals 1 damage to each opponent. If "
...      "five or more mana was spent to cast that spell, ~ deals 3 damage to each opponent instead."}]})
>>> with_cast_riders(BoardView(board), PaymentTarget.of("{X}{R}", type_line="Sorcery"), "me").riders
(ManaSpent(at_least=5),)
>>> with_cast_riders(BoardView(board), PaymentTarget.of("{X}{G}", type_line="Creature — Elf"), "me").riders
()
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from models.cost import PaymentKind, PaymentTarget
from models.filters import Who
from models.mana_effects import CastRider
from models.riders import SpentRider

if TYPE_CHECKING:
    from planner.rules.view import BoardView

__all__ = ["casts", "with_cast_riders"]


def casts(who: Who, controller: str, player: str) -> bool:
    """True when the player casting the spell is one an effect of ``controller``'s is about ('you cast',
    'your opponents cast', 'a player casts').

    >>> casts(Who.YOU, "me", "me"), casts(Who.YOU, "me", "opp"), casts(Who.OPPONENTS, "me", "opp")
    (True, False, True)
    """
    return not (who is Who.YOU and controller != player) and not (
        who is Who.OPPONENTS and controller == player
    )


def with_cast_riders(view: BoardView, target: PaymentTarget, player: str) -> PaymentTarget:
    """The spell with the riders the board's triggers on its casting put on the mana spent on it (each once,
    after its own), when ``player`` casts it; the target unchanged for anything but a spell."""
    if target.kind is not PaymentKind.SPELL:
        return target
    found: dict[SpentRider, None] = dict.fromkeys(target.riders)
    for sourced in view.effects_of(CastRider):
        effect = sourced.effect
        assert isinstance(effect, CastRider)
        if casts(effect.who, sourced.controller, player) and effect.matches(target):
            found.setdefault(effect.rider, None)
    riders = tuple(found)
    return target if riders == target.riders else replace(target, riders=riders)
