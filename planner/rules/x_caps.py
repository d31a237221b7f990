"""A spell's own cap on its X (Winter's Chill's 'X can't be greater than the number of snow lands you
control.': :func:`models.oracle.cast_rules.own_x_cap`): the largest X its caster may announce, counted on the
board as the spell is cast (CR 107.3, 601.2b), which ``max-x`` answers within and ``pay --x`` refuses beyond.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from models.cost import PaymentKind, PaymentTarget
from models.oracle.cast_rules import own_x_cap
from planner.rules.spell_cost import counted_for_caster

if TYPE_CHECKING:
    from planner.rules.view import BoardView

__all__ = ["XLimit", "x_limit"]


@dataclass(frozen=True, slots=True)
class XLimit:
    """The largest X the spell allows (``most``) and the sentence of its text that says so."""

    most: int
    sentence: str

    def refusal(self, target: PaymentTarget, x: int) -> str:
        """Why X = ``x`` can't be announced for ``target`` (its reason for 'not payable')."""
        name = target.name or "the spell"
        return (
            f"{name}: X = {x} can't be announced: its {self.sentence!r} allows at most {self.most} "
            "(CR 107.3, 601.2b)"
        )


def x_limit(view: BoardView, target: PaymentTarget, player: str) -> XLimit | None:
    """The cap the spell ``target``'s own text puts on its X as ``player`` casts it, or None.

    >>> from models.board import Board
    >>> from models.spells import spell_of
    >>> from planner.rules.view import BoardView
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
    ...     {"id": "i", "card": "Snow-Covered Island", "controller": "me"},
    ...     {"id": "j", "card": "Island", "controller": "me"}]})
    >>> chill = spell_of("{X}{U}", name="Test Chill", type_line="Instant",
    ...     text="X can't be greater than the number of snow lands you control.")
    >>> x_limit(BoardView(board), chill, "me").most
    1
    """
    if target.kind is not PaymentKind.SPELL or not target.text or not target.cost.has_variable:
        return None
    cap = own_x_cap(target.text, target.name)
    if cap is None:
        return None
    return XLimit(counted_for_caster(view, cap.counted, player), cap.text)
