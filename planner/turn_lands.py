"""The land plays of a turn's plan (contract section 11, CR 305.1, 305.2): every land play left is one of the
hand's lands, played one after the other, each entering as the board it enters says (a land that checks the
lands its controller controls sees those played before it), a fetchland cracked at once for each land its
search may find (a land found is out of the library for the next search: CR 701.23).

The search tries each sequence of land plays (:func:`land_sequences`); without a landfall trigger the order
of the lands matters only through how each enters, so sequences that play the same lands the same way are
one. A bounce land is the last land played (it is played after every spell: :mod:`planner.turn`); the land it
returns is not played again, which a note says where a land play would be left for it
(:func:`bounce_replay_note`).
"""

from __future__ import annotations

from collections.abc import Sequence

from models.board import Board, Card, Permanent
from models.carddata.names import CardResolver
from models.mana_effects import ExtraLandPlays
from models.oracle import read_card
from planner.rules.turn import (
    arriving,
    conditioned_land_plays,
    land_plays_allowed,
)
from planner.rules.view import BoardView
from planner.turn_choices import Ids, LandPlay, land_choices
from planner.turn_entering import entries_now
from planner.turn_model import land_play_made

__all__ = ["LandPlays", "bounce_replay_note", "entries_now", "land_sequences", "lands_left"]

#: The land plays of a turn, in the order played (empty: none).
LandPlays = tuple[LandPlay, ...]


def lands_left(board: Board, player: str) -> int:
    """How many land plays the player has left this turn (CR 305.2: those allowed, less those made).

    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me", "land_plays": 3,
    ...     "lands_played_this_turn": 1}]})
    >>> lands_left(board, "me")
    2
    """
    allowed, _ = land_plays_allowed(BoardView(board), player)
    return allowed - board.player(player).lands_played_this_turn


def land_sequences(
    board: Board,
    player: str,
    hand: list[Card],
    forced: str | None,
    used_ids: Ids,
    *,
    take: bool = False,
    cards: CardResolver | None = None,
    ordered: bool = False,
) -> list[LandPlays]:
    """The sequences of land plays to try, each land one of
    :func:`~planner.turn_choices.land_choices` on the board the lands before it made (``forced``: the first
    one; ``take``: every land play left is taken while the hand holds a land card, contract section 11).
    Unless ``ordered`` (a landfall trigger: the search places each land among the spells, in this order),
    sequences playing the same lands the same way in another order are one. The lands of the ``n``-th play
    share one permanent id.

    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me", "land_plays": 2,
    ...     "hand": ["Forest", "Island", "Forest"]}]})
    >>> hand = list(board.player("me").hand)
    >>> found = land_sequences(board, "me", hand, None, Ids(set()), take=True)
    >>> [[(land.card.name, land.pid) for land in lands] for lands in found]
    [[('Forest', 'new-land'), ('Island', 'new-land-2')], [('Forest', 'new-land'), ('Forest', 'new-land-2')]]
    >>> [[land.card.name for land in lands] for lands in land_sequences(board, "me", hand, None, Ids(set()))]
    [[], ['Forest'], ['Forest', 'Island'], ['Forest', 'Forest'], ['Island']]
    """
    pids: list[str] = []
    found: dict[tuple[object, ...], LandPlays] = {}

    def pid_of(depth: int) -> str:
        while len(pids) <= depth:
            pids.append(used_ids.fresh("land"))
        return pids[depth]

    def record(lands: LandPlays) -> None:
        keys = [(land.card.name, land.entry, land.fetched, land.position >= 0) for land in lands]
        key = tuple(keys) if ordered else tuple(sorted(keys, key=repr))
        found.setdefault(key, lands)

    def extend(now: Board, lands: LandPlays, played: frozenset[int]) -> None:
        depth = len(lands)
        choices = land_choices(
            now,
            player,
            hand,
            forced if depth == 0 else None,
            used_ids,
            take=take,
            cards=cards,
            played=played,
            new_pid=lambda: pid_of(depth),
        )
        for choice in choices:
            if choice is None:
                record(lands)
                continue
            if depth + 1 >= most and not _adds_land_plays(choice.arriving_card) and not conditioned:
                record((*lands, choice))  # (no land play is left after it)
                continue
            after = land_play_made(now.with_permanent(_entered(choice, player)), player, choice)
            if not choice.returns_land:
                extend(after, (*lands, choice), played | {choice.from_hand})
            elif not take or not _land_card_left(after, player, hand, played | {choice.from_hand}):
                record((*lands, choice))  # (a bounce land is the last land played)

    most = lands_left(board, player)
    # (a land play under a condition, or a prohibition under one, is judged again on each board: CR 305.2a)
    conditioned = conditioned_land_plays(BoardView(board))
    extend(board, (), frozenset())
    return list(found.values())


def _adds_land_plays(card: Card) -> bool:
    """True when the land's own text gives land plays ('You may play an additional land ...', CR 305.2a).

    >>> _adds_land_plays(Card.from_json("Forest"))
    False
    """
    parsed = read_card(card.oracle, card.name, card.type_line)
    return any(isinstance(effect, ExtraLandPlays) for effect in parsed.effects)


def _entered(land: LandPlay, player: str) -> Permanent:
    """The permanent a land play puts onto the battlefield."""
    return arriving(land.arriving_card, land.pid, player, tapped=land.entry.tapped)


def _land_card_left(board: Board, player: str, hand: list[Card], played: frozenset[int]) -> bool:
    """True when a land play is left and the hand holds a land card not played (not an MDFC's face)."""
    return lands_left(board, player) > 0 and any(
        n not in played and card.type_line.is_a("Land") for n, card in enumerate(hand)
    )


def bounce_replay_note(sequences: Sequence[LandPlays], board: Board, player: str) -> str | None:
    """The note when a sequence plays a bounce land with a land play left after it: the land it returns to
    the hand could be played again (CR 305.2), which turn plans don't do.

    >>> bounce_replay_note([()], Board.from_dict({"version": 1, "players": [{"id": "me"}]}), "me") is None
    True
    """
    left = lands_left(board, player)
    names = sorted(
        {lands[-1].card.name for lands in sequences if lands and lands[-1].returns_land and len(lands) < left}
    )
    if not names:
        return None
    return (
        f"{names[0]}: the land a bounce land returns is not played again this turn, though a land play is "
        "left (CR 305.2): the plan may not be the best"
    )
