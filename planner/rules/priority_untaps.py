"""The abilities and triggers that untap permanents or make mana and are no mana abilities, activated or
resolved with priority before a payment (CR 601.2g: never while paying), which a plan does not count: said in
the answer's warnings where their controller has a mana ability they would matter to (split from
:mod:`planner.rules.view`, whose warnings they are part of).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from models.oracle.parsed import PRIORITY_NO_MANA_ABILITY, PRIORITY_TOKEN, SACRIFICE_TRIGGER
from planner.rules.reading_facts import board_facts, is_priority_untap
from planner.rules.records import PRIORITY_UNTAP_SENTENCE, TextWarning, WarningKind

if TYPE_CHECKING:
    from planner.rules.view import BoardView

__all__ = ["priority_untap_warnings"]

#: The notes of abilities warned of wherever they are, whatever their controller's mana abilities: they
#: make mana (or a token that makes it) of their own, activated with priority before casting.
_ALWAYS_WARNED = frozenset({PRIORITY_TOKEN, *PRIORITY_NO_MANA_ABILITY.values()})


def priority_untap_warnings(view: BoardView) -> tuple[TextWarning, ...]:
    """The activated abilities that untap permanents and add no mana (:data:`PRIORITY_UNTAP`: no mana
    abilities, activated with priority before casting, CR 601.2g), and the triggers of tapping that are
    no mana abilities and untap or make mana (:data:`~models.oracle.parsed.TAPPING_TRIGGER`), where
    their controller has a mana ability that taps, and the triggers of sacrificing that make mana
    (:data:`~models.oracle.parsed.SACRIFICE_TRIGGER`), where it has one that sacrifices: what such an
    untap, or such a trigger resolved before the payment, would let it make is not counted."""
    if not board_facts(view) & PRIORITY_UNTAP_SENTENCE:
        return ()  # (the common case: no such ability on the board)
    found = [
        (p, sentence)
        for p in view.board.permanents
        for sentence in view.parsed[p.id].sentences
        if is_priority_untap(sentence)
    ]
    if not found:
        return ()  # (the common case)
    tappers = {
        p.controller for p in view.board.permanents if any(a.cost.tap for a in view.mana_abilities(p.id))
    }
    sacrificers = {
        p.controller
        for p in view.board.permanents
        if any(a.cost.sacrifice_self or a.cost.sacrifice is not None for a in view.mana_abilities(p.id))
    }
    return tuple(
        TextWarning(p.id, sentence.text, sentence.note, WarningKind.NOT_PLANNED)
        for p, sentence in found
        if (
            # (warned, as the board's structure is: sick or not, loyalty used this turn or not)
            sentence.note in _ALWAYS_WARNED
            or p.controller in (sacrificers if sentence.note == SACRIFICE_TRIGGER else tappers)
        )
        and not view.lost_any_abilities(p.id)
    )
