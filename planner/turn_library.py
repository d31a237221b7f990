"""Spells a permission lets be cast from the top of the library (Bolas's Citadel's "You may play lands and
cast spells from the top of your library. If you cast a spell this way, pay life equal to its mana value
rather than pay its mana cost.", Gwenom, Remorseless's trigger's until end of turn; CR 601.2a, 118.9), which
turn plans do not cast, and lands it lets be played from there (CR 305.1), which turn plans do not play:
said in the turn's notes, so that a plan that casts nothing is no "no" (contract §11); ``pay --spell NAME
--cast-from library`` pays such a spell.
"""

from __future__ import annotations

from dataclasses import replace

from models.board import Board
from models.mana_effects import GrantedAlternativeCost
from models.oracle.alternative_costs import library_land_permission
from models.spells import spell_target
from planner.rules.alternative_costs import granted_ways, why_not_usable
from planner.rules.library_casts import library_permissions
from planner.rules.question import view_of
from planner.turn_lands import lands_left

__all__ = ["library_cast_notes", "library_land_notes"]


def library_cast_notes(board: Board, player: str) -> list[str]:
    """A note for each cost granted for a spell cast from the top of the player's library that would pay
    its top card (a library given as a count: any card), which the turn's search does not cast; and for one
    granted by a trigger's effect (Gwenom's) whose permanent's ``resolved_this_turn`` is not given, the same
    note as if it resolved, saying so.

    >>> citadel = {"id": "c", "name": "Test Citadel", "type_line": "Artifact", "controller": "me", "oracle":
    ...     "You may play lands and cast spells from the top of your library.\\nIf you cast a spell this "
    ...     "way, pay life equal to its mana value rather than pay its mana cost."}
    >>> ogre = {"name": "Test Ogre", "type_line": "Creature — Ogre", "mana_cost": "{2}{R}"}
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me", "library": [ogre]}],
    ...     "permanents": [citadel]})
    >>> library_cast_notes(board, "me")  # doctest: +NORMALIZE_WHITESPACE
    ["Test Ogre: Test Citadel may let it be cast (from the top of your library: pay 3 life), which turn plans
    don't cast (pay --spell 'Test Ogre' --cast-from library)"]
    >>> under = Board.from_dict({"version": 1, "players": [{"id": "me", "library": ["Forest", ogre]}],
    ...     "permanents": [citadel]})  # (a land on top is played, not cast: CR 305.1)
    >>> library_cast_notes(under, "me")  # doctest: +NORMALIZE_WHITESPACE
    ["Forest: Test Citadel lets it be played from the top of your library (CR 305.1), which turn plans
    don't play (they play the hand's lands)"]
    """
    view = view_of(board)
    notes: dict[str, None] = {}
    for permanent in board.permanents:
        unresolved = permanent.controller == player and permanent.resolved_this_turn is None
        if unresolved and any(
            isinstance(effect, GrantedAlternativeCost) and effect.after_trigger
            for effect in view.parsed[permanent.id].effects
        ):
            resolved = board.replace_permanent(permanent.id, resolved_this_turn=1)
            where = f"{view.path(permanent.id)}.resolved_this_turn"
            for note in _top_card_notes(resolved, player, only=permanent.id):
                notes[f"{note}, if its trigger resolved this turn ({where} is not given)"] = None
    notes.update(dict.fromkeys(_top_card_notes(board, player)))
    notes.update(dict.fromkeys(library_land_notes(board, player)))
    return list(notes)


def library_land_notes(board: Board, player: str) -> list[str]:
    """A note when the player has a land play left (CR 305.2) and a permission lets them play lands from
    the top of their library (CR 305.1: Bolas's Citadel's "You may play lands ...", Gwenom's trigger's "you
    may play cards ..." once it resolved: ``resolved_this_turn``, or its effect in ``effects``) while the
    top card is a land (or the library's cards are not listed): turn plans play the hand's lands only.

    >>> citadel = {"id": "c", "name": "Test Citadel", "type_line": "Artifact", "controller": "me", "oracle":
    ...     "You may play lands and cast spells from the top of your library."}
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me", "library": ["Forest"]}],
    ...     "permanents": [citadel]})
    >>> library_land_notes(board, "me")  # doctest: +NORMALIZE_WHITESPACE
    ["Forest: Test Citadel lets it be played from the top of your library (CR 305.1), which turn plans
    don't play (they play the hand's lands)"]
    >>> library_land_notes(board.replace_player("me", lands_played_this_turn=1), "me")
    []
    """
    if lands_left(board, player) <= 0:
        return []
    state = board.player(player)
    if state.library_cards is not None and not (
        state.library_cards and state.library_cards[0].type_line.is_a("Land")
    ):
        return []
    top = state.library_cards[0].name if state.library_cards else "a land on top of the library"
    view = view_of(board)
    notes = []
    for source, text in library_permissions(board, player).texts:
        kind = library_land_permission(text)
        if not kind:
            continue
        if kind == "trigger" and not source.startswith("effects["):
            resolved = board.permanent(source).resolved_this_turn
            if resolved == 0:
                continue
            if resolved is None:
                where = f"{view.path(source)}.resolved_this_turn"
                notes.append(
                    f"{top}: {_name(board, source)} may let it be played from the top of your library if "
                    f"its trigger resolved this turn ({where} is not given; CR 305.1), which turn plans "
                    "don't play"
                )
                continue
        notes.append(
            f"{top}: {_name(board, source)} lets it be played from the top of your library (CR 305.1), "
            "which turn plans don't play (they play the hand's lands)"
        )
    return notes


def _top_card_notes(board: Board, player: str, only: str | None = None) -> list[str]:
    """The notes of :func:`library_cast_notes` for the costs in force on ``board`` (``only``: of that
    source)."""
    state = board.player(player)
    ways = [
        way
        for way in granted_ways(board, player)
        if way.cost.from_library and (only is None or way.source == only)
    ]
    if not ways:
        return []  # (most boards)
    if state.library_cards is None:
        return [
            f"{_name(board, way.source)}: a spell on top of the library may be cast ({way.cost.describe()}), "
            "which turn plans don't cast; the library's cards are not listed (players[i].library)"
            for way in ways
        ]
    if not state.library_cards:
        return []
    top = state.library_cards[0]
    if top.type_line.is_a("Land") or top.mana_cost is None:
        return []  # (a land is played, not cast, CR 305.1)
    target = replace(spell_target(top), cast_from="library")
    return [
        f"{top.name}: {_name(board, way.source)} may let it be cast ({way.cost.describe()}), which turn "
        f"plans don't cast (pay --spell {top.name!r} --cast-from library)"
        for way in granted_ways(board, player, target)
        if way.source in {w.source for w in ways} and why_not_usable(board, player, target, way) is None
    ]


def _name(board: Board, source: str) -> str:
    """A source's name: its permanent's, or an effect in force's ``effects[i]``."""
    return board.permanent(source).name if board.has_permanent(source) else source
