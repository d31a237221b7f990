"""Which of an MTG Arena request's castable actions a bot can take together this turn, and with which taps
(issue 38, the service's ``arena_turn``): the turn planner (:func:`planner.turn.plan_turn`, contract §7 and
§11) over Arena's board, with the ``Cast`` actions Arena offers as the hand it chooses from.

Arena offers only casts that are legal now (timing, targets), at the cost it asks (reductions applied): each
offered cast is a card of that cost and its type line; its rules text is kept only where it makes mana (a
ritual, a rock cast this turn), so the planner adds no check of its own that Arena has already made on a board
it sees in full (our board holds the mana sources Arena lists, not every permanent a target could be).

>>> import json
>>> from planner.arena import EXAMPLE_LOG
>>> messages = json.loads(EXAMPLE_LOG.splitlines()[1])["greToClientEvent"]["greToClientMessages"]
>>> answer = arena_turn_request(messages[1], messages[0]["gameStateMessage"])
>>> [(a["instanceId"], a["autoTapSolution"]["autoTapActions"][0]["instanceId"]) for a in answer["actions"]]
[(20, 10)]
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from models.arena import ArenaAction, ArenaRequest, GameState
from models.board import Board
from planner.arena import autotap_solution, read_request

if TYPE_CHECKING:
    from models.carddata.names import CardResolver

__all__ = ["arena_turn_request"]


def arena_turn_request(
    request: object,
    game_state: object = None,
    seat: int | None = None,
    time_limit: float = 10.0,
    cards: CardResolver | None = None,
) -> dict[str, Any]:
    """The set of the request's offered ``Cast`` actions that can be cast together this turn (the greatest
    total mana value, as ``plan-turn`` chooses), in order, each with our ``autoTapSolution``; the actions left
    out; and the plan's ``castable``, ``mana_value_cast``, ``optimal``, ``notes`` and ``warnings``."""
    from models.carddata.names import CardResolver
    from planner.turn import plan_turn

    resolver = cards or CardResolver()
    arena, local, state = read_request(request, game_state, seat, resolver)
    offered = [
        action
        for action in arena.actions
        if action.action_type == "Cast" and action.listed_in == "actions" and action.cost is not None
    ]
    warnings = list(arena.warnings)
    by_name = {_name(action): action for action in offered}
    hand = [_card(action, state, resolver, warnings) for action in offered]
    board = _with_hand(arena, hand, resolver)
    turn = plan_turn(board, player=arena.player, time_limit=time_limit, no_land=True)
    taken = [(by_name[spell.card], spell) for spell in turn.spells if spell.card in by_name]
    taken_ids = {action.instance_id for action, _ in taken}
    return {
        "gameStateId": arena.game_state_id,
        "seat": local,
        "castable": turn.castable,
        "actions": [
            {
                "instanceId": action.instance_id,
                "grpId": action.grp_id,
                "cost": action.cost_text,
                "autoTapSolution": autotap_solution(arena, spell.payment),
                "payment": spell.payment.to_json(),
            }
            for action, spell in taken
        ],
        "not_taken": [action.instance_id for action in offered if action.instance_id not in taken_ids],
        "mana_value_cast": turn.mana_value_cast,
        "optimal": turn.optimal,
        "notes": list(turn.notes),
        "warnings": [*warnings, *(str(w.get("reason", w)) for w in turn.to_json().get("warnings", []))],
    }


def _name(action: ArenaAction) -> str:
    """The name of the card an offered cast is read as: one per action, so that the plan names the action."""
    return f"Arena action {action.instance_id}"


def _card(action: ArenaAction, state: GameState, cards: CardResolver, warnings: list[str]) -> dict[str, Any]:
    """An offered cast as a card in hand: Arena's cost, the card's type line, its text if it makes mana."""
    found = cards.resolve_arena(action.grp_id) if action.grp_id is not None else None
    if found is not None:
        face = found.front
        type_line, oracle = face.type_line, face.oracle
    else:
        obj = state.objects.get(action.instance_id, {})
        types = [w.removeprefix("CardType_") for w in obj.get("cardTypes", []) if isinstance(w, str)]
        type_line, oracle = " ".join(types) or "Instant", ""
        warnings.append(
            f"action {action.instance_id}: grpId {action.grp_id} is not in the card store: read as a card of "
            f"type {type_line!r} and cost {action.cost} that makes no mana"
        )
    makes_mana = "add {" in oracle.lower()
    return {
        "name": _name(action),
        "type_line": type_line,
        "oracle": oracle if makes_mana else "",
        "mana_cost": str(action.cost),
    }


def _with_hand(arena: ArenaRequest, hand: list[dict[str, Any]], cards: CardResolver) -> Board:
    """Arena's board with the offered casts as the local player's hand (and no land to play: Arena offers
    land plays apart, and the question is about casts)."""
    data = arena.board.to_dict()
    for player in data["players"]:
        if player["id"] == arena.player:
            player["hand"] = hand
    return Board.from_dict(data, "arena", cards=cards)
