"""A permanent whose own tapped state decides how others enter, tapped during the turn (contract section 11).

"As long as ~ is tapped, other permanents enter tapped. As long as ~ is untapped, other permanents enter
untapped." (Archelos, Lagoon Mystic) is a replacement effect judged as each permanent enters (CR 614.1c,
614.12): once the player taps such a permanent of theirs for mana or for a spell's convoke, what enters after
enters tapped (unless an effect of theirs lets it enter untapped, applied last: CR 616.1). The turn's model
decides when a permanent is tapped, and its timeline decides how the arrivals enter, so each sequence is
solved once for each epoch ``k`` from which such permanents may be tapped (:attr:`TurnSequence.tapped_from
<planner.turn_model.TurnSequence.tapped_from>`): they are tapped in no epoch before ``k``, and what arrives
after ``k`` enters as though they were tapped. Every plan is one of these (its first such tap is in some
epoch), so the search stays exact. A land played among the events (landfall) is played before ``k`` (its
entry was chosen on the untapped board), said in the notes when that leaves a choice out.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from models.board import Board, Permanent
from models.mana_effects import OthersEnterTapped
from models.oracle import parse_land_search
from planner.rules.turn import LandEntry, land_entries, tapped_by_others, untapped_by_others
from planner.rules.view import BoardView
from planner.turn_choices import LandPlay, fetched_entries

__all__ = ["as_entering", "entries_now", "entry_sources", "land_entering", "with_sources_tapped"]


def entry_sources(board: Board, player: str) -> tuple[str, ...]:
    """The player's untapped permanents with an effect on how others enter that holds only while their
    source is tapped or untapped (Archelos): tapping one mid-turn changes how later permanents enter.

    >>> turtle = {"id": "t", "name": "Test Turtle", "type_line": "Creature — Turtle", "power": 1,
    ...     "toughness": 4, "controller": "me", "oracle": "As long as Test Turtle is tapped, other "
    ...     "permanents enter tapped.\\nAs long as Test Turtle is untapped, other permanents enter untapped."}
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [turtle]})
    >>> entry_sources(board, "me")
    ('t',)
    """
    if not any("tapped" in p.oracle for p in board.controlled_by(player)):
        return ()  # (the common case: no sentence of the player's could say so)
    view = BoardView(board)
    found: dict[str, None] = {}
    for sourced in view.effects_of(OthersEnterTapped):
        effect = sourced.effect
        assert isinstance(effect, OthersEnterTapped)
        if effect.while_source and sourced.controller == player and not view.permanent(sourced.source).tapped:
            found[sourced.source] = None
    return tuple(found)


def with_sources_tapped(board: Board, sources: Sequence[str]) -> Board:
    """``board`` with those of ``sources`` still there tapped: the board what enters is judged on once they
    were tapped."""
    for pid in sources:
        if board.has_permanent(pid):
            board = board.replace_permanent(pid, tapped=True)
    return board


def as_entering(board: Board, entered: Permanent, *, played: bool) -> Permanent:
    """``entered`` as it enters on ``board``: untapped when a replacement effect there lets it enter
    untapped (applied last, CR 616.1), tapped when one makes it enter tapped (``played``: a permanent spell,
    not a token), as it is otherwise (its own text's entry, already judged)."""
    if untapped_by_others(board, entered, played=played):
        return replace(entered, tapped=False)
    if tapped_by_others(board, entered, played=played):
        return replace(entered, tapped=True)
    return entered


def entries_now(board: Board, player: str, land: LandPlay) -> tuple[LandEntry, ...]:
    """The ways ``land`` may enter if played now (the land a fetchland cracked at once finds, as its search
    and its own text say), for the replay to check the plan's against (CR 305.1, 614.1c).

    >>> from models.board import Card
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}]})
    >>> entries_now(board, "me", LandPlay(card=Card.from_json("Forest"), entry=LandEntry(tapped=False),
    ...     pid="new-land"))
    (LandEntry(tapped=False, life=0, note=''),)
    """
    view = BoardView(board)
    search = parse_land_search(land.card.oracle, land.card.name) if land.fetched is not None else None
    if land.fetched is None or search is None:
        return land_entries(view, land.card, player)
    return tuple(fetched_entries(view, land.fetched, player, search, land.card))


def land_entering(board: Board, player: str, land: LandPlay, sources: Sequence[str]) -> LandPlay:
    """``land`` as it is played on ``board`` once the ``sources`` there are tapped (Archelos tapped: what
    enters then enters tapped, CR 614.1c, 614.12): its entry as chosen when the board allows it, else the one
    the board allows that pays the least life (the land a fetchland finds, its search's way).

    >>> turtle = {"id": "t", "name": "Test Turtle", "type_line": "Creature — Turtle", "power": 1,
    ...     "toughness": 4, "controller": "me", "oracle": "As long as Test Turtle is tapped, other "
    ...     "permanents enter tapped.\\nAs long as Test Turtle is untapped, other permanents enter untapped."}
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [turtle]})
    >>> from models.board import Card
    >>> forest = LandPlay(card=Card.from_json("Forest"), entry=LandEntry(tapped=False), pid="new-land")
    >>> land_entering(board, "me", forest, ["t"]).entry
    LandEntry(tapped=True, life=0, note='')
    """
    entries = entries_now(with_sources_tapped(board, sources), player, land)
    if land.entry in entries or not entries:
        return land
    return replace(land, entry=min(entries, key=lambda entry: (entry.life, not entry.tapped)))
