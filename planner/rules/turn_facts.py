"""Facts of the turn the board gives that conditions read ("if a non-Zombie creature died this turn"): what
each answers, or None when the board does not say (then the condition is not used and the answer's
``warnings`` name the field: never guessed).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from models.abilities import Amount, AmountKind, TurnCondition
from models.additional_costs import PERMANENT
from models.board import Board, Card
from models.filters import ObjectFilter
from planner.rules.amounts import card_matches

if TYPE_CHECKING:
    from planner.rules.view import BoardView

__all__ = [
    "TURN_EVENTS",
    "creatures_died",
    "died_gap",
    "turn_condition_holds",
    "turn_event_count",
    "turn_event_gap",
]

#: The events of the turn the board's players record (:class:`~models.abilities.AmountKind`).
TURN_EVENTS = frozenset(
    {
        AmountKind.OPPONENT_LOST_LIFE,
        AmountKind.ATTACKED_WITH,
        AmountKind.CRIME,
        AmountKind.LEFT_GRAVEYARD,
        AmountKind.SACRIFICED,
        AmountKind.PUT_INTO_GRAVEYARD,
    }
)


def creatures_died(view: BoardView, wanted: ObjectFilter | None, name: str) -> int | None:
    """How many of the creatures that died this turn (CR 700.4, whoever controlled them: the board's
    ``creatures_died_this_turn``) ``wanted`` describes (None: any creature), written on the card named
    ``name`` ('a creature not named ~'); their types as they last existed (CR 608.2h), as listed. None when
    the board gives only how many died and ``wanted`` asks which; 0 when the board does not give it (the
    caller warns).

    >>> from models.board import Board
    >>> from planner.rules.view import BoardView
    >>> zombie = {"name": "Test Zombie", "type_line": "Creature — Zombie"}
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}],
    ...     "creatures_died_this_turn": [zombie, "Llanowar Elves"]})
    >>> non_zombie = ObjectFilter(types=("Creature",), excluded=("Zombie",))
    >>> other = ObjectFilter(types=("Creature",), other_name=True)
    >>> [creatures_died(BoardView(board), flt, "Test Zombie") for flt in (None, non_zombie, other)]
    [2, 1, 1]
    >>> counted = Board.from_dict({"version": 1, "players": [{"id": "me"}], "creatures_died_this_turn": 2})
    >>> creatures_died(BoardView(counted), None, "x"), creatures_died(BoardView(counted), non_zombie, "x")
    (2, None)
    """
    board = view.board
    listed = board.creatures_died
    if listed is None:
        if wanted is None:
            return board.creatures_died_this_turn or 0
        return None if board.creatures_died_this_turn else 0
    if wanted is None:
        return len(listed)
    return sum(
        1
        for card in listed
        if card_matches(view, wanted, card, board.active_player, "")
        and not (wanted.other_name and card.name.casefold() == name.casefold())
    )


def died_gap(board: Board, wanted: ObjectFilter | None) -> str:
    """Why the creatures that died this turn can't answer ``wanted`` (None: any creature), as a warning's
    reason names the field; '' when they can.

    >>> counted = Board.from_dict({"version": 1, "players": [{"id": "me"}], "creatures_died_this_turn": 1})
    >>> died_gap(counted, ObjectFilter(types=("Creature",), excluded=("Zombie",)))
    'creatures_died_this_turn gives how many creatures died, not which: not used'
    >>> died_gap(counted, None)
    ''
    """
    if board.creatures_died_this_turn is None:
        return "creatures_died_this_turn is not given: none counted"
    if wanted is not None and board.creatures_died is None and board.creatures_died_this_turn:
        return "creatures_died_this_turn gives how many creatures died, not which: not used"
    return ""


def turn_event_count(board: Board, player: str, amount: Amount) -> int:
    """What ``amount`` (one of :data:`TURN_EVENTS`) counts of the turn's events for ``player``: 1 when an
    opponent lost life this turn (CR 119.3, spectacle's condition, CR 702.137a), the creatures ``player``
    attacked with this turn that its filter matches (CR 508.1a: a count answers any creature; a kind, only the
    creatures listed), 1 when ``player`` committed a crime this turn (CR 700.13), the cards that left their
    graveyard this turn. What the board does not give counts none (:func:`turn_event_gap` says so).

    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me", "attacked_with_this_turn": [
    ...     "Llanowar Elves", {"name": "Test Ship", "type_line": "Artifact — Spacecraft"}],
    ...     "committed_crime_this_turn": True}, {"id": "opp", "life_lost_this_turn": 3}]})
    >>> kinds = (AmountKind.OPPONENT_LOST_LIFE, AmountKind.ATTACKED_WITH, AmountKind.CRIME,
    ...     AmountKind.LEFT_GRAVEYARD)
    >>> [turn_event_count(board, "me", Amount(kind=kind)) for kind in kinds]
    [1, 2, 1, 0]
    >>> ships = Amount(kind=AmountKind.ATTACKED_WITH, filter=ObjectFilter(types=("Spacecraft",)))
    >>> turn_event_count(board, "me", ships), turn_event_count(board, "opp", Amount(kind=kinds[0]))
    (1, 0)
    """
    record = board.player(player)
    match amount.kind:
        case AmountKind.LIFE_GAINED:  # (contract section 10: 0 when not given)
            return record.life_gained_this_turn // max(amount.constant, 1)
        case AmountKind.SPELLS_CAST if amount.filter == ObjectFilter():
            # (surge's "another spell": every spell cast before this one, CR 601.2i; 0 when not given)
            return record.spells_cast_this_turn
        case AmountKind.OPPONENT_LOST_LIFE:
            return int(any(p.life_lost_this_turn for p in board.players if p.id != player))
        case AmountKind.ATTACKED_WITH:
            wanted = amount.filter
            if wanted is None or record.attacked_with_cards is None:
                return 0 if wanted is not None else record.attacked_with_this_turn or 0
            # (the kinds 'you attacked with a Spacecraft' names are types alone:
            # models.oracle.turn_event_rules.attackers)
            return sum(
                1
                for card in record.attacked_with_cards
                if all(card.type_line.is_a(word) for word in wanted.types)
            )
        case AmountKind.CRIME:
            return int(bool(record.committed_crime_this_turn))
        case AmountKind.LEFT_GRAVEYARD:
            return record.cards_left_graveyard_this_turn or 0
        case AmountKind.SACRIFICED:  # (the types each card has as listed: CR 701.21a)
            wanted = amount.filter or ObjectFilter()
            cards = record.sacrificed_this_turn or ()
            return sum(1 for card in cards if all(card.type_line.is_a(word) for word in wanted.types))
        case AmountKind.PUT_INTO_GRAVEYARD:  # (descend's permanent card, CR 110.4b; the types as listed)
            wanted = amount.filter or ObjectFilter()
            cards = record.cards_put_into_graveyard_this_turn or ()
            return sum(1 for card in cards if all(_card_is(card, word) for word in wanted.types))
    raise ValueError(f"not an event of the turn: {amount.kind}")  # pragma: no cover


def _card_is(card: Card, word: str) -> bool:
    """True when the card has the type ``word``, 'Permanent' for any permanent card type (CR 110.4b).

    >>> elves = Card.from_json("Llanowar Elves")
    >>> _card_is(elves, "Permanent"), _card_is(elves, "Creature"), _card_is(elves, "Artifact")
    (True, True, False)
    """
    return card.type_line.is_permanent if word == PERMANENT else card.type_line.is_a(word)


def turn_event_gap(board: Board, player: str, amount: Amount) -> str:
    """Why the board can't answer ``amount`` (one of :data:`TURN_EVENTS`) for ``player``, naming the field
    by its JSON path; '' when it can (an opponent known to have lost life answers spectacle whatever the
    others' records say).

    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me", "attacked_with_this_turn": 2},
    ...     {"id": "opp"}]})
    >>> turn_event_gap(board, "me", Amount(kind=AmountKind.OPPONENT_LOST_LIFE))
    'players[1].life_lost_this_turn is not given: none counted'
    >>> ships = Amount(kind=AmountKind.ATTACKED_WITH, filter=ObjectFilter(types=("Spacecraft",)))
    >>> turn_event_gap(board, "me", ships)
    'players[0].attacked_with_this_turn gives how many creatures, not which: none counted'
    >>> turn_event_gap(board, "me", Amount(kind=AmountKind.ATTACKED_WITH))
    ''
    """
    ids = [p.id for p in board.players]
    record = board.player(player)
    where = f"players[{ids.index(player)}]"
    match amount.kind:
        case AmountKind.SPELLS_CAST | AmountKind.LIFE_GAINED:
            return ""  # (none cast, none gained when not given: contract section 10's defaults)
        case AmountKind.OPPONENT_LOST_LIFE:
            opponents = [(n, p) for n, p in enumerate(board.players) if p.id != player]
            if any(p.life_lost_this_turn for _, p in opponents):
                return ""
            unknown = [
                f"players[{n}].life_lost_this_turn" for n, p in opponents if p.life_lost_this_turn is None
            ]
            return f"{', '.join(unknown)} is not given: none counted" if unknown else ""
        case AmountKind.ATTACKED_WITH:
            if record.attacked_with_this_turn is None:
                return f"{where}.attacked_with_this_turn is not given: none counted"
            if (
                amount.filter is not None
                and record.attacked_with_cards is None
                and record.attacked_with_this_turn
            ):
                return f"{where}.attacked_with_this_turn gives how many creatures, not which: none counted"
            return ""
        case kind if kind in _RECORDED_BY:
            field = _RECORDED_BY[kind]
            known = getattr(record, field) is not None
            return "" if known else f"{where}.{field} is not given: none counted"
    raise ValueError(f"not an event of the turn: {amount.kind}")  # pragma: no cover


#: The turn's events a player's record answers by one field each, given or not (contract section 10).
_RECORDED_BY: Final = {
    AmountKind.CRIME: "committed_crime_this_turn",
    AmountKind.LEFT_GRAVEYARD: "cards_left_graveyard_this_turn",
    AmountKind.SACRIFICED: "sacrificed_this_turn",
    AmountKind.PUT_INTO_GRAVEYARD: "cards_put_into_graveyard_this_turn",
}


def turn_condition_holds(board: Board, player: str, condition: TurnCondition) -> bool:
    """True when ``condition`` holds for ``player`` on the board (what it does not give counts none).

    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me", "attacked_with_this_turn": 2}]})
    >>> raid = TurnCondition(Amount(kind=AmountKind.ATTACKED_WITH), 3)
    >>> turn_condition_holds(board, "me", raid), turn_condition_holds(board, "me", TurnCondition(raid.amount))
    (False, True)
    """
    return turn_event_count(board, player, condition.amount) >= condition.at_least
