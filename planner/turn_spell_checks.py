"""Checks of a turn's spells before its search (contract section 11): the sentences of their own texts not
read (warned, as ``pay --spell`` warns of them), the permanent spells whose prohibitions would forbid a spell
cast after them (CR 101.2), and the mana sentences of a spell's effect the plan does not count where a later
spell could spend it (never a "no").
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import islice

from models.cost import PaymentTarget
from planner.answer_warnings import spell_text_warnings
from planner.rules.cast_bans import bans_later_spells, names_later_spells
from planner.rules.view import BoardView, TextWarning
from planner.turn_choices import TurnSpell, distinct, unread_mana_notes

__all__ = ["banning_spells", "spells_text_warnings", "unread_before_later"]


def spells_text_warnings(spells: list[TurnSpell], *, strict: bool = False) -> tuple[TextWarning, ...]:
    """The sentences of the turn's spells' own texts that the parser did not understand, once each (each
    spell as printed: :func:`~planner.answer_warnings.spell_text_warnings`); with ``strict`` the first one is
    an error. A turn plan that leaves such a sentence out says so, as a payment of the spell does.

    >>> from models.board import Card
    >>> from planner.turn_choices import Ids, hand_spells
    >>> card = Card.from_json({"name": "Odd Hex", "type_line": "Sorcery", "mana_cost": "{4}{B}",
    ...     "oracle": "You may discard a Swamp card rather than pay this spell's mana cost."})
    >>> spells = hand_spells([card, card], 1, Ids(set()))
    >>> print(*spells_text_warnings(spells))
    Odd Hex: unsupported text ignored: "You may discard a Swamp card rather than pay ~'s mana cost."
    """
    found: dict[TextWarning, None] = {}
    for spell in distinct(spells):
        found.update(dict.fromkeys(spell_text_warnings(spell.as_printed, strict=strict)))
    return tuple(found)


def banning_spells(
    view: BoardView, spells: list[TurnSpell], player: str, order: str, *, alone: bool
) -> dict[str, str]:
    """The permanent spells of the turn not planned, by name, and why: once one resolves, a prohibition of
    its own would forbid a spell cast after it, or a prohibition on the board would forbid a spell of its
    name ('... with the same name as a nontoken permanent', CR 101.2). In the order given, the spells after
    it; otherwise any other spell of the turn (the search does not put it last)."""
    found: dict[str, str] = {}
    active = view.board.active_player
    for n, spell in enumerate(spells):
        if spell.card.name in found:
            continue
        # (lazily: only a card with a prohibition of its own, or of its name, reads them)
        why = bans_later_spells(
            spell.card, player, active, _later(spells, n, order), alone=alone
        ) or names_later_spells(view, spell.card, player, _later(spells, n, order))
        if why is not None:
            found[spell.card.name] = why
    return found


def unread_before_later(spells: list[TurnSpell], order: str) -> list[str]:
    """The notes on the mana sentences a spell's effect or enters trigger has that the plan does not count
    (:func:`~planner.turn_choices.turn_notes`), of the spells a later spell follows: that mana might pay it
    (a bound not planned is never a "no")."""
    return [
        note
        for n, spell in enumerate(spells)
        if next(_later(spells, n, order), None) is not None
        for note in unread_mana_notes(spell.card)
    ]


def _later(spells: list[TurnSpell], n: int, order: str) -> Iterator[PaymentTarget]:
    """The spells cast after the ``n``-th of the turn: in the order given, those after it; otherwise any
    other."""
    rest = islice(spells, n + 1, None) if order == "given" else (s for s in spells if s is not spells[n])
    return (s.target for s in rest)
