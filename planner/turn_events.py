"""Events of a turn that change how often a trigger triggers (contract section 11).

A permanent's 'If a land entering the battlefield causes a triggered ability of a permanent you control to
trigger, that ability triggers an additional time.' (Ancient Greenwarden, CR 603.2d: read by the grammar,
:func:`~models.oracle.entering_again.entering_again_of`) makes each landfall trigger of its controller's
permanents trigger once more for each land it describes entering: its mana ('Whenever a land you control
enters, add {G}.') and energy are made that many times. Several such permanents each add one more time. A
sentence of that shape the grammar does not read stays warned (:func:`~planner.turn_choices.
landfall_twice_warnings`).
"""

from __future__ import annotations

from dataclasses import replace

from models.board import Board, Card, Permanent
from models.oracle.entering_again import entering_again_of
from models.oracle.reader import reading_units
from planner.rules.production import Packet
from planner.rules.turn import arriving
from planner.rules.view import BoardView
from planner.turn_choices import LandPlay, TurnSpell, counts_landfall_resolutions, landfall_mana

__all__ = ["land_play_triggers", "landfall_again_events", "landfall_resolutions", "landfall_times"]


def landfall_again_events(spells: list[TurnSpell]) -> list[TurnSpell]:
    """The spells with each permanent spell whose text makes a land entering trigger an ability an
    additional time (read: :func:`~models.oracle.entering_again.entering_again_of`) made an event: cast
    before a land play, it doubles that land's landfall triggers (CR 603.2d), so its place among the land
    plays matters (the caller's when landfall mana may be made).

    >>> from models.board import Card
    >>> from planner.turn_choices import Ids, turn_spell
    >>> warden = Card.from_json({"name": "Test Warden", "type_line": "Creature — Elemental", "mana_cost":
    ...     "{4}{G}{G}", "oracle": "If a permanent entering the battlefield causes a triggered ability of a "
    ...     "permanent you control to trigger, that ability triggers an additional time."})
    >>> [s.event for s in landfall_again_events([turn_spell(warden, 0, Ids(set()))])]
    [True]
    """
    return [
        replace(spell, event=True)
        if not spell.event and spell.card.type_line.is_permanent and _enters_again(spell.card)
        else spell
        for spell in spells
    ]


def _enters_again(card: Card) -> bool:
    """True for a card with a sentence read as making an entering object trigger abilities again."""
    return "entering" in card.oracle and any(
        entering_again_of(unit) for unit in reading_units(card.oracle, card.name)
    )


def land_play_triggers(board: Board, player: str, land: LandPlay, entered: Permanent) -> int:
    """How many times each landfall trigger of ``player``'s permanents triggers for a land play (``board``
    with its land ``entered``): :func:`landfall_times` of the land, and of a fetchland cracked at once,
    which entered too (CR 305.1, 701.23).

    >>> from models.board import Card
    >>> from planner.rules.turn import LandEntry
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
    ...     {"id": "f", "card": "Forest", "controller": "me"}]})
    >>> play = LandPlay(card=Card.from_json("Forest"), entry=LandEntry(tapped=False, life=0), pid="f")
    >>> land_play_triggers(board, "me", play, board.permanent("f"))
    1
    """
    times = landfall_times(board, player, entered)
    if land.fetched is not None:  # (the fetchland entered first: its own landfall triggers)
        fetch = arriving(land.card, f"{land.pid}-fetchland", player)
        times += landfall_times(board.with_permanent(fetch), player, fetch)
    return times


def landfall_times(board: Board, player: str, land: Permanent) -> int:
    """How many times each landfall trigger of ``player``'s permanents triggers as ``land`` enters under
    their control (``board`` has it on the battlefield): once, and once more for each sentence of their
    permanents that makes a land it describes entering trigger an ability an additional time (CR 603.2d;
    not a permanent that lost its abilities, CR 613.1f).

    >>> warden = {"id": "w", "name": "Test Warden", "type_line": "Creature — Elemental", "power": 5,
    ...     "toughness": 7, "controller": "me", "oracle": "If a land entering the battlefield causes a "
    ...     "triggered ability of a permanent you control to trigger, that ability triggers an additional "
    ...     "time."}
    >>> forest = {"id": "f", "card": "Forest", "controller": "me"}
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [warden, forest]})
    >>> landfall_times(board, "me", board.permanent("f"))
    2
    """
    view = BoardView(board)
    times = 1
    for permanent in board.controlled_by(player):
        if "entering" not in permanent.oracle or view.lost_any_abilities(permanent.id):
            continue
        for unit in reading_units(permanent.oracle, permanent.name):
            described = entering_again_of(unit)
            if described and any(view.matches(f, land.id, permanent.id) for f in described):
                times += 1
    return times


def landfall_resolutions(
    board: Board, player: str, triggers: int
) -> tuple[Board, tuple[tuple[str, tuple[Packet, ...]], ...]]:
    """The board once each landfall trigger of ``player``'s permanents resolved ``triggers`` times (a land
    entered: :func:`land_play_triggers`), and the mana each resolution added, in order, as (permanent id,
    packets), those adding none left out. A trigger that counts its own resolutions this turn (Omnath's "If
    it's the second time, add {R}{G}{W}{U}.", CR 608.2c) adds the mana of each resolution in turn, and the
    board counts them (``resolved_this_turn``, when known).

    >>> omen = {"id": "o", "name": "Test Omen", "type_line": "Creature", "controller": "me", "oracle":
    ...     "Whenever a land you control enters, you gain 4 life if this is the first time this ability has "
    ...     "resolved this turn. If it's the second time, add {R}{G}{W}{U}.", "resolved_this_turn": 0}
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [omen]})
    >>> after, made = landfall_resolutions(board, "me", 2)  # (a land entering, its trigger doubled)
    >>> after.permanent("o").resolved_this_turn, [(pid, len(packets)) for pid, packets in made]
    (2, [('o', 4)])
    """
    made: list[tuple[str, tuple[Packet, ...]]] = []
    for permanent in board.controlled_by(player):
        counted = counts_landfall_resolutions(permanent)
        for _ in range(triggers):
            if packets := landfall_mana(permanent):
                made.append((permanent.id, packets))
            if counted and permanent.resolved_this_turn is not None:
                permanent = replace(permanent, resolved_this_turn=permanent.resolved_this_turn + 1)
        board = board.with_permanent(permanent)
    return board, tuple(made)
