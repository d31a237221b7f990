"""Land plays a permanent spell of the turn adds (contract section 11, CR 305.2a).

"You may play an additional land on each of your turns." (Oracle of Mul Daya, Azusa's "two additional
lands") adds its land plays from the moment its permanent is on the battlefield: a permanent spell of the
turn with such a text, once it resolved, lets the player play more lands that turn (CR 305.2: the plays
allowed are counted as each land is played). When the board leaves ``land_plays`` to the planner (a count
given is all of them, as a client counts them: nothing is added to it), such a spell is an *event* (its place
matters), the search also tries the land sequences the added plays allow (:func:`more_land_sequences`), each
land placed among the events, and a sequence whose land is played before a play is left for it is not a plan
(:func:`land_plays_hold`; the replay checks each play against the plays left). A plan that leaves a land play
and a land in the hand is ranked after one that takes it (:func:`land_drops_left`, contract section 11).
"""

from __future__ import annotations

from dataclasses import replace

from models.board import Board, Card
from models.carddata.names import CardResolver
from models.mana_effects import ExtraLandPlays
from models.oracle import read_card
from planner.rules.turn import land_plays_allowed
from planner.rules.view import BoardView
from planner.turn_choices import Ids, TurnSpell, distinct
from planner.turn_lands import LandPlays, land_sequences, lands_left
from planner.turn_model import Timeline

__all__ = [
    "added_land_plays",
    "land_drops_left",
    "land_play_events",
    "land_plays_hold",
    "more_land_sequences",
    "with_more_land_plays",
]


def _adds(card: Card) -> int:
    """The land plays a permanent card's text adds its controller on their turns (CR 305.2a), conditioned
    or not (a condition may hold once it is there: counted as may).

    >>> _adds(Card.from_json({"name": "Test Scout", "type_line": "Creature — Elf", "mana_cost": "{1}{G}",
    ...     "oracle": "You may play two additional lands on each of your turns."}))
    2
    """
    if not card.type_line.is_permanent or "additional land" not in card.oracle:
        return 0
    return sum(
        effect.count
        for effect in read_card(card.oracle, card.name, card.type_line).effects
        if isinstance(effect, ExtraLandPlays) and effect.who.includes("you", "you")  # (its caster's turns)
    )


def added_land_plays(board: Board, player: str, spells: list[TurnSpell]) -> int:
    """The most land plays the turn's permanent spells may add (:func:`_adds`), on the player's own turn when
    the board leaves ``land_plays`` to the planner; 0 otherwise."""
    if board.active_player != player or board.player(player).land_plays is not None:
        return 0
    return sum(_adds(spell.card) for spell in spells)


def land_play_events(spells: list[TurnSpell]) -> list[TurnSpell]:
    """The spells with each one that adds land plays made an event (cast before a land, it allows it)."""
    adders = {id(s.card) for s in distinct(spells) if _adds(s.card)}
    return [replace(s, event=True) if id(s.card) in adders and not s.event else s for s in spells]


def with_more_land_plays(board: Board, player: str, more: int) -> Board:
    """The board as though ``player`` had ``more`` land plays this turn than its permanents give now: the
    board the land sequences the turn's spells may allow are worked out on (never a plan's board).

    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}]})
    >>> with_more_land_plays(board, "me", 2).player("me").land_plays
    3
    """
    allowed, _ = land_plays_allowed(BoardView(board), player)
    return board.replace_player(player, land_plays=allowed + more)


def more_land_sequences(
    board: Board,
    player: str,
    hand: list[Card],
    forced: str | None,
    used_ids: Ids,
    *,
    more: int,
    take: bool,
    cards: CardResolver | None,
) -> list[LandPlays]:
    """The land sequences (:func:`~planner.turn_lands.land_sequences`, each land placed among the events)
    that play more lands than the plays left now, which the turn's spells may add (``more``: how many).

    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me", "hand": ["Forest", "Island"]}]})
    >>> found = more_land_sequences(board, "me", list(board.player("me").hand), None, Ids(set()), more=1,
    ...     take=True, cards=None)
    >>> [[land.card.name for land in lands] for lands in found]
    [['Forest', 'Island'], ['Island', 'Forest']]
    """
    now = lands_left(board, player)
    wider = with_more_land_plays(board, player, more)
    found = land_sequences(wider, player, hand, forced, used_ids, take=take, cards=cards, ordered=True)
    return [lands for lands in found if len(lands) > now]


def land_plays_hold(timeline: Timeline, player: str) -> bool:
    """True when each land of the timeline is played with a land play left on the board it is played on
    (CR 305.2: its stage's board, the land played, has none short).

    >>> from planner.turn_model import TurnSequence, timeline_of
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}]})
    >>> land_plays_hold(timeline_of(board, "me", TurnSequence(items=(), optional=True)), "me")
    True
    """
    return all(
        lands_left(stage.board, player) >= 0 for stage in timeline.stages if stage.item.land is not None
    )


def land_drops_left(timeline: Timeline, player: str, hand_lands: int, lands: LandPlays) -> int:
    """How many land drops the plan leaves: the land plays left at its end, as many as the hand's land cards
    it did not play (``hand_lands``: how many the hand holds).

    >>> from planner.turn_model import TurnSequence, timeline_of
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}]})
    >>> land_drops_left(timeline_of(board, "me", TurnSequence(items=(), optional=True)), "me", 2, ())
    1
    """
    left_in_hand = hand_lands - sum(1 for land in lands if not land.from_graveyard)
    return max(min(lands_left(timeline.boards[-1], player), left_in_hand), 0)
