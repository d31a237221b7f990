"""What a spell's own cost change counts on the board as its total cost is locked in (CR 601.2f), for the
counts only such a change reads (:class:`~models.abilities.AmountKind` ``GRAVEYARD_TYPES`` to ``ATTACKING``):
the card types in its caster's graveyard, the creature types or colors among its caster's permanents, their
total power or toughness, their different names, what its opponents control or hold, its caster's life, the
permanents sacrificed this turn and the attacking creatures; and which of them the board does not give
(:func:`own_count_gaps`: none of that is counted, and the answer's ``warnings`` say so)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from models.abilities import Amount, AmountKind, ObjectFilter
from models.board import Board, Card
from models.errors import InputError
from models.oracle import lexicon
from models.types import CARD_TYPES
from planner.rules.amounts import graveyard_cards, known_power, known_toughness, power_changer
from planner.rules.names import permanent_name

if TYPE_CHECKING:
    from planner.rules.view import BoardView

__all__ = ["OWN_COUNTS", "listed_graveyard", "own_count", "own_count_gaps"]

#: The counts :func:`own_count` answers.
OWN_COUNTS = frozenset(
    {
        AmountKind.GRAVEYARD_TYPES,
        AmountKind.CREATURE_TYPES,
        AmountKind.COLORS_AMONG,
        AmountKind.TOTAL_POWER,
        AmountKind.TOTAL_TOUGHNESS,
        AmountKind.DISTINCT_NAMES,
        AmountKind.OPPONENT_MOST,
        AmountKind.MORE_THAN_YOU,
        AmountKind.OPPONENT_EMPTY_HAND,
        AmountKind.LIFE_AT_MOST,
        AmountKind.LIFE_GAINED,
        AmountKind.SACRIFICED_ALL,
        AmountKind.SPELLS_CAST_ALL,
        AmountKind.ATTACKING,
        AmountKind.EXILE_AND_GRAVEYARD,
    }
)


def own_count(view: BoardView, amount: Amount, player: str) -> int:
    """What ``amount`` counts as ``player`` casts the spell (one of :data:`OWN_COUNTS`).

    >>> from models.board import Board
    >>> from planner.rules.view import BoardView
    >>> board = Board.from_dict({"version": 1, "players": [
    ...     {"id": "me", "life": 3, "life_gained_this_turn": 5, "graveyard": ["Forest", "Llanowar Elves"]},
    ...     {"id": "opp", "sacrificed_this_turn": ["Treasure"]}], "permanents": [
    ...     {"id": "e", "card": "Llanowar Elves", "controller": "me"},
    ...     {"id": "f", "card": "Forest", "controller": "opp"},
    ...     {"id": "g", "card": "Forest", "controller": "opp"}]})
    >>> view = BoardView(board)
    >>> lands = ObjectFilter(types=("Land",))
    >>> [own_count(view, Amount(kind=kind, constant=c, filter=lands), "me") for kind, c in (
    ...     (AmountKind.GRAVEYARD_TYPES, 1), (AmountKind.LIFE_AT_MOST, 3), (AmountKind.LIFE_GAINED, 2),
    ...     (AmountKind.SACRIFICED_ALL, 1), (AmountKind.OPPONENT_MOST, 1), (AmountKind.MORE_THAN_YOU, 1))]
    [2, 1, 2, 1, 2, 2]
    """
    board = view.board
    kind = amount.kind
    caster = board.player(player)
    opponents = [p for p in board.players if p.id != player]
    if kind is AmountKind.GRAVEYARD_TYPES:  # (delirium: the card types among its caster's graveyard)
        return len(_graveyard_types(board, player))
    if kind is AmountKind.LIFE_AT_MOST:  # (Avatar of Hope: 'If you have 3 or less life')
        return int(caster.life <= amount.constant)
    if kind is AmountKind.LIFE_GAINED:  # (Licia: 'for each 1 life you gained this turn')
        return caster.life_gained_this_turn // amount.constant
    if kind is AmountKind.SACRIFICED_ALL:  # (The Balrog: every player's, each as the board gives it)
        return sum(len(p.sacrificed_this_turn or ()) for p in board.players)
    if kind is AmountKind.SPELLS_CAST_ALL:  # (Thrasta: every player's, 0 for one not given, contract s. 10)
        return sum(p.spells_cast_this_turn for p in board.players)
    if kind is AmountKind.OPPONENT_EMPTY_HAND:  # (Avatar of Will: the hands as the board lists them)
        return int(any(not p.hand for p in opponents))
    if kind is AmountKind.ATTACKING:
        return 0  # (no creature attacks outside the combat phase, CR 506.4; in it, the board says none)
    flt = amount.filter
    assert flt is not None
    if kind is AmountKind.EXILE_AND_GRAVEYARD:  # (the board carries no exile: the graveyard's, warned)
        return graveyard_cards(view, flt, player)
    if kind in (AmountKind.OPPONENT_MOST, AmountKind.MORE_THAN_YOU):
        mine = _matching(view, flt, player) if kind is AmountKind.MORE_THAN_YOU else []
        return max([0, *(len(_matching(view, flt, p.id)) - len(mine) for p in opponents)])
    matching = _matching(view, flt, player)
    if kind is AmountKind.CREATURE_TYPES:  # (CR 205.3m: a changeling is every creature type, CR 702.73a)
        if any(view.has_keyword(pid, "changeling") for pid in matching):
            return len(lexicon.CREATURE_TYPES)
        return len(
            {t for pid in matching for t in view.type_line(pid).subtypes if t in lexicon.CREATURE_TYPES}
        )
    if kind is AmountKind.COLORS_AMONG:  # (CR 105.2: colorless is no color)
        return len({color for pid in matching for color in view.colors(pid)})
    if kind is AmountKind.DISTINCT_NAMES:  # (CR 201.2: names as they are now, a copy's the copied one's)
        return len({permanent_name(view, view.permanent(pid)) for pid in matching})
    changer = power_changer(view)
    if changer is not None:
        raise InputError(
            f"{view.path(changer)}: its text changes creatures' power, which is not read: a spell's cost "
            "reduction reads the total power or toughness"
        )
    if kind is AmountKind.TOTAL_POWER:  # (a negative total is 0 for the reduction, CR 107.1b)
        return max(0, sum(known_power(view, pid) for pid in matching))
    assert kind is AmountKind.TOTAL_TOUGHNESS
    return sum(known_toughness(view, pid) for pid in matching)


def _matching(view: BoardView, flt: ObjectFilter, player: str) -> list[str]:
    """The permanents ``player`` controls that ``flt`` matches, in the board's order."""
    return [p.id for p in view.board.permanents if p.controller == player and view.matches(flt, p.id, p.id)]


def listed_graveyard(board: Board, player: str, counted: str) -> tuple[Card, ...]:
    """The cards of ``player``'s graveyard, which a cost change counts (``counted``: what, in words); bad
    input naming the path when the board gives no list of them (not given, or a count)."""
    graveyard = board.player(player).graveyard
    if graveyard is None or isinstance(graveyard, int):
        where = f"players[{[p.id for p in board.players].index(player)}].graveyard"
        given = "not given" if graveyard is None else "given as a count"
        raise InputError(
            f"{where}: the graveyard is {given}, and a cost change counts {counted}: "
            "give the graveyard's cards"
        )
    return graveyard


def _graveyard_types(board: Board, player: str) -> set[str]:
    """The card types among the cards in ``player``'s graveyard (CR 205.2a); bad input when the board gives
    no list of them."""
    graveyard = listed_graveyard(board, player, "the card types among its cards")
    return {t for card in graveyard for t in card.type_line.card_types if t in CARD_TYPES}


def own_count_gaps(board: Board, player: str, amount: Amount) -> str:
    """Why the board can't answer ``amount`` as the rules count it, as the JSON path of what it lacks and
    what is counted instead, or '' when it can: the permanents a player sacrificed this turn not given, the
    attacking creatures during combat (the board does not say which creatures attack), an opponent's hand
    listing no cards (taken as no cards in hand).

    >>> board = Board.from_dict({"version": 1, "step": "combat", "players": [{"id": "me"}]})
    >>> own_count_gaps(board, "me", Amount(kind=AmountKind.ATTACKING))
    'step is combat, and the board does not say which creatures are attacking: none counted'
    """
    kind = amount.kind
    if kind is AmountKind.SACRIFICED_ALL:
        unknown = [f"players[{n}].sacrificed_this_turn" for n, p in enumerate(board.players)]
        unknown = [
            path for path, p in zip(unknown, board.players, strict=True) if p.sacrificed_this_turn is None
        ]
        return f"{', '.join(unknown)} not given: none counted" if unknown else ""
    if kind is AmountKind.EXILE_AND_GRAVEYARD:
        return "the board carries no exile: the cards in exile are not counted"
    if kind is AmountKind.ATTACKING and board.step == "combat":
        return "step is combat, and the board does not say which creatures are attacking: none counted"
    if kind is AmountKind.OPPONENT_EMPTY_HAND:
        empty = [f"players[{n}].hand" for n, p in enumerate(board.players) if p.id != player and not p.hand]
        return f"{', '.join(empty)} lists no cards: taken as no cards in hand" if empty else ""
    return ""
