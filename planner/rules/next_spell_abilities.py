"""Activated abilities that change the next spell's cost (CR 602.2, 611.2): Kaza, Roil Chaser's '{T}: The
next instant or sorcery spell you cast this turn costs {X} less to cast, where X is ...'. Such an ability is
no mana ability (CR 605.1a: it adds no mana), so it can't be activated while a spell is paid (CR 601.2g); its
controller activates it with priority before casting, and its effect lasts until the next such spell is
cast (CR 611.2). The planner does not plan it: ``pay --spell`` does not weigh it (a warning says so) and a
turn's plan notes it, so that a plan that finds no way is no "no" (contract: an unplanned way out leaves no
answer). The effect's words are read by the grammar as a once-only form (:func:`~models.oracle.resolved.
static_form`'s ``once``).
"""

from __future__ import annotations

from models.board import Permanent
from models.oracle import text as oracle_text
from models.oracle.static_forms import static_form
from planner.rules.reading_facts import board_facts
from planner.rules.records import MAY_LEAVE_AN_EFFECT, TextWarning, WarningKind
from planner.rules.view import BoardView

__all__ = ["NEXT_SPELL_NOT_WEIGHED", "next_spell_abilities", "next_spell_notes", "next_spell_warnings"]

#: Why ``pay --spell`` warns of such an ability
NEXT_SPELL_NOT_WEIGHED = (
    "an activated ability that makes the next spell cost less, activated before casting (CR 602.2, 611.2), "
    "is not weighed: activated first, a plan may need less mana, or exist where the answer is no"
)


def next_spell_abilities(view: BoardView, player: str) -> list[tuple[Permanent, str]]:
    """``player``'s permanents with an activated ability whose effect makes the next spell cost less (read
    as a once-only form), each with its sentence; not one whose {T} it can't pay (tapped, or a creature
    summoning sick without haste, CR 302.6), nor one of a permanent that lost its abilities (CR 613.1f).

    >>> kaza = {"id": "k", "name": "Test Chaser", "type_line": "Creature — Human Wizard", "controller": "me",
    ...     "power": 1, "toughness": 3, "oracle": "{T}: The next instant or sorcery spell you cast this turn "
    ...     "costs {X} less to cast, where X is Test Chaser's power."}
    >>> from models.board import Board
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [kaza]})
    >>> [(p.id, sentence[:4]) for p, sentence in next_spell_abilities(BoardView(board), "me")]
    [('k', '{T}:')]
    """
    found: list[tuple[Permanent, str]] = []
    if not board_facts(view) & MAY_LEAVE_AN_EFFECT:
        return found  # (the common case: no sentence of the board's could be one)
    for permanent in view.board.permanents:
        if permanent.controller != player:
            continue
        for sentence in view.parsed[permanent.id].sentences:
            colon = oracle_text.find_colon(sentence.text) if " less" in sentence.text else -1
            if colon < 0 or sentence.read_as != "ignored" or view.lost_any_abilities(permanent.id):
                continue
            cost, effect = sentence.text[:colon], sentence.text[colon + 1 :].strip()
            form = static_form(effect)
            if not (form.once and form.text and " less" in form.text):
                continue
            sick = permanent.summoning_sick and permanent.type_line.is_a("Creature") and not permanent.haste
            if "{T}" in cost and (permanent.tapped or sick):
                continue
            found.append((permanent, sentence.text))
    return found


def next_spell_warnings(view: BoardView, player: str) -> tuple[TextWarning, ...]:
    """A warning for each ability of :func:`next_spell_abilities` (``pay --spell`` does not weigh it)."""
    return tuple(
        TextWarning(permanent.id, sentence, NEXT_SPELL_NOT_WEIGHED, WarningKind.NOT_WEIGHED)
        for permanent, sentence in next_spell_abilities(view, player)
    )


def next_spell_notes(view: BoardView, player: str) -> list[str]:
    """A turn plan's note for each ability of :func:`next_spell_abilities` (not planned: never a "no")."""
    return [
        f"{permanent.name}: {sentence!r} is not planned (an activated ability making the next spell cost "
        "less, CR 602.2, 611.2): it might make a spell castable"
        for permanent, sentence in next_spell_abilities(view, player)
    ]
