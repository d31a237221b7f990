"""A cap on a spell's X: its own (Winter's Chill's 'X can't be greater than the number of snow lands you
control.': :func:`models.oracle.cast_rules.own_x_cap`), the largest X its caster may announce, counted on the
board as the spell is cast (CR 107.3, 601.2b); and, cast from the graveyard, the greatest mana value of the
permissions that allow it there (:func:`~planner.rules.graveyard_ways.graveyard_x_cap`: X counts on the stack,
CR 202.3e). ``max-x`` answers within it and ``pay --x`` refuses beyond it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from models.cost import PaymentKind, PaymentTarget
from models.oracle.cast_rules import own_x_cap
from planner.rules.cost_change_counts import counted_for_caster
from planner.rules.graveyard_ways import graveyard_x_cap

if TYPE_CHECKING:
    from planner.rules.view import BoardView

__all__ = ["XLimit", "x_limit"]


@dataclass(frozen=True, slots=True)
class XLimit:
    """The largest X the spell allows (``most``) and the sentence that says so: of its own text, or of the
    permanent ``source``'s permission to cast it from the graveyard."""

    most: int
    sentence: str
    source: str = ""

    def refusal(self, target: PaymentTarget, x: int) -> str:
        """Why X = ``x`` can't be announced for ``target`` (its reason for 'not payable')."""
        name = target.name or "the spell"
        if self.source:
            return (
                f"{name}: with X = {x} no permission allows it from the graveyard: {self.source}'s "
                f"{self.sentence!r} allows X = {self.most} at most (its mana value counts X, CR 202.3e, "
                "601.2a)"
            )
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
    if target.kind is not PaymentKind.SPELL or not target.cost.has_variable:
        return None
    limits: list[XLimit] = []
    cap = own_x_cap(target.text, target.name) if target.text else None
    if cap is not None:
        limits.append(XLimit(counted_for_caster(view, cap.counted, player), cap.text))
    permitted = graveyard_x_cap(view.board, player, target)
    if permitted is not None:
        limits.append(XLimit(max(permitted.most, 0), permitted.sentence, permitted.source))
    return min(limits, key=lambda limit: limit.most, default=None)
