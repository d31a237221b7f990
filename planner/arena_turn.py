"""Which of an MTG Arena request's offered actions a bot can take together this turn, and with which
taps (issue 38, the service's ``arena_turn``): the turn planner (:func:`planner.turn.plan_turn`, contract §7
and §11) over Arena's board, with the ``Cast`` actions and the land plays (``ActionType_Play``) Arena offers
as the hand it chooses from.

Arena offers only casts that are legal now (timing, targets), at the cost it asks (reductions applied): each
offered cast is a card of that cost and its type line; its rules text is kept only where it makes mana (a
ritual, a rock cast this turn), so the planner adds no check of its own that Arena has already made on a board
it sees in full (our board holds the mana sources Arena lists, not every permanent a target could be). A land
play offered in ``actions`` means the land drop is left: the plan takes it (contract §11) with the best of
the offered lands, a card from the store by ``grpId``, or else read from its game object: its basic land
types (CR 305.6) and the basic mana abilities among its ``uniqueAbilities``
(:data:`~models.arena.BASIC_MANA_ABILITIES`); a land with neither is read as making no mana, with a warning.

A permanent the plan plays or casts and then taps has no battlefield ``instanceId`` yet: Arena numbers the
card anew as it moves (see :class:`~planner.arena.Entering`); its taps name the card's id in the hand and say
``"entersThisTurn": true``.

>>> import json
>>> from planner.arena import EXAMPLE_LOG
>>> messages = json.loads(EXAMPLE_LOG.splitlines()[1])["greToClientEvent"]["greToClientMessages"]
>>> answer = arena_turn_request(messages[1], messages[0]["gameStateMessage"])
>>> [(a["instanceId"], a["autoTapSolution"]["autoTapActions"][0]["instanceId"]) for a in answer["actions"]]
[(20, 10)]
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Final

from models.arena import BASIC_MANA_ABILITIES, ArenaAction, ArenaRequest, GameState, LandPlay, card_fields
from models.board import Board
from models.carddata.names import CardResolver
from planner.arena import Entering, autotap_solution, read_request

if TYPE_CHECKING:
    from planner.turn import TurnResult

__all__ = ["arena_turn_request"]

#: The name an offered action's card is read under (one per action, so that the plan names the action).
_NAME: Final = "Arena action {}"
#: The name of an offered action's card, with its ``instanceId``.
_ACTION_NAME: Final = re.compile(r"Arena action (\d+)")
_BASIC_LETTERS: Final = {ability: letter for letter, ability in BASIC_MANA_ABILITIES.items()}


def arena_turn_request(
    request: object,
    game_state: object = None,
    seat: int | None = None,
    time_limit: float = 10.0,
    cards: CardResolver | None = None,
) -> dict[str, Any]:
    """The set of the request's offered actions that can be taken together this turn (the land play, when
    one is offered, and the ``Cast`` actions of the greatest total mana value, as ``plan-turn`` chooses), in
    order, each with our ``autoTapSolution``; the actions left out; and the plan's ``castable``,
    ``mana_value_cast``, ``optimal``, ``notes`` and ``warnings``."""
    from planner.turn import plan_turn

    resolver = cards or CardResolver()
    arena, local, state = read_request(request, game_state, seat, resolver)
    offered = [
        action
        for action in arena.actions
        if action.action_type == "Cast" and action.listed_in == "actions" and action.cost is not None
    ]
    warnings = list(arena.warnings)
    hand = [_card(action, state, resolver, warnings) for action in offered]
    hand += [_land(play, resolver, warnings) for play in arena.plays]
    board = _with_hand(arena, hand, resolver)
    # (no activated ability: Arena's actions taken here are its offered casts and land play)
    turn = plan_turn(
        board, player=arena.player, time_limit=time_limit, no_land=not arena.plays, activate=False
    )
    entering = _entering(arena, turn, state)
    by_id = {action.instance_id: action for action in offered}
    taken: list[dict[str, Any]] = []
    for spell in turn.spells:
        action = by_id[_instance_of(spell.card)]
        taken.append(
            {
                "actionType": "Cast",
                "instanceId": action.instance_id,
                "grpId": action.grp_id,
                "cost": action.cost_text,
                "autoTapSolution": autotap_solution(arena, spell.payment, entering),
                "payment": spell.payment.to_json(),
            }
        )
    play = _play_taken(arena, turn)
    if play is not None:  # (first, or after every spell for a bounce land: contract §7)
        taken.insert(len(taken) if turn.land_returned is not None else 0, play)
    taken_ids = {action["instanceId"] for action in taken}
    unnamed = [
        tap["plannerId"]
        for action in taken
        for tap in (action.get("autoTapSolution") or {}).get("autoTapActions", [])
        if "plannerId" in tap
    ]
    warnings += [
        f"{pid}: a permanent the plan makes: Arena gives it an instanceId only once it exists"
        for pid in unnamed
    ]
    offered_ids = [action.instance_id for action in offered] + [play.instance_id for play in arena.plays]
    return {
        "gameStateId": arena.game_state_id,
        "seat": local,
        "castable": turn.castable,
        "actions": taken,
        "not_taken": [iid for iid in offered_ids if iid not in taken_ids],
        "mana_value_cast": turn.mana_value_cast,
        "optimal": turn.optimal,
        "notes": list(turn.notes),
        "warnings": [*warnings, *(str(w.get("reason", w)) for w in turn.to_json().get("warnings", []))],
    }


def _instance_of(name: str) -> int:
    """The ``instanceId`` of the action a card's name stands for (-1: none).

    >>> _instance_of("Arena action 281"), _instance_of("Treasure")
    (281, -1)
    """
    match = _ACTION_NAME.fullmatch(name)
    return int(match.group(1)) if match else -1


def _play_taken(arena: ArenaRequest, turn: TurnResult) -> dict[str, Any] | None:
    """The land play the plan takes, as an action of the answer (no taps: playing a land costs no mana)."""
    if turn.land_played is None:
        return None
    play = next(p for p in arena.plays if p.instance_id == _instance_of(turn.land_played))
    return {
        "actionType": "Play",
        "instanceId": play.instance_id,
        "grpId": play.grp_id,
        "cost": "",
        "autoTapSolution": None,
        "tapped": turn.land_tapped,
    }


def _entering(arena: ArenaRequest, turn: TurnResult, state: GameState) -> dict[str, Entering]:
    """The permanents the plan puts onto the battlefield this turn and taps, by their id on the plan's board,
    as Arena knows their cards (the hand's ``instanceId``, the game object's ability ids): a source not on
    Arena's board that has the name of an offered action's card."""
    on_board = {permanent.id for permanent in arena.board.permanents}
    entering: dict[str, Entering] = {}
    for spell in turn.spells:
        for step in spell.payment.steps:
            if step.permanent is None or step.permanent in on_board:
                continue
            iid = _instance_of(step.name)
            if iid >= 0:
                entering[step.permanent] = Entering(iid, _abilities(state.objects.get(iid, {})))
    return entering


def _abilities(game_object: Mapping[str, Any]) -> tuple[int, ...]:
    """The ``grpId``\\ s of a game object's ``uniqueAbilities``.

    >>> _abilities({"uniqueAbilities": [{"id": 48, "grpId": 1002}, {"id": 49}]})
    (1002,)
    """
    listed = game_object.get("uniqueAbilities")
    found = [a.get("grpId") for a in listed if isinstance(a, dict)] if isinstance(listed, list) else []
    return tuple(ability for ability in found if isinstance(ability, int))


def _card(action: ArenaAction, state: GameState, cards: CardResolver, warnings: list[str]) -> dict[str, Any]:
    """An offered cast as a card in hand: Arena's cost, the card's type line, its text if it makes mana."""
    fields, known = card_fields(action.grp_id, state.objects.get(action.instance_id, {}), cards)
    type_line, oracle = fields["type_line"] or "Instant", str(fields.get("oracle", ""))
    if not known:
        assumed = "" if fields["type_line"] else " (the game state gives no card type: an Instant assumed)"
        warnings.append(
            f"action {action.instance_id}: grpId {action.grp_id} is not in the card store: read as a card of "
            f"type {type_line!r}{assumed} and cost {action.cost} that makes no mana"
        )
    # (mana made from the hand, a Spirit Guide's, is an Activate_Mana action Arena lists apart)
    makes_mana = "add {" in oracle.lower() and "from your hand" not in oracle.lower()
    return {
        "name": _NAME.format(action.instance_id),
        "type_line": type_line,
        "oracle": oracle if makes_mana else "",
        "mana_cost": str(action.cost),
    }


def _land(play: LandPlay, cards: CardResolver, warnings: list[str]) -> dict[str, Any]:
    """An offered land play as a land in hand: the card from the store, else read from its game object."""
    fields, known = card_fields(play.grp_id, play.game_object, cards)
    card = {**fields, "name": _NAME.format(play.instance_id)}
    if known:
        return card
    if "Land" not in card["type_line"].split():
        card["type_line"] = "Land"
    letters = [_BASIC_LETTERS[a] for a in _abilities(play.game_object) if a in _BASIC_LETTERS]
    card["oracle"] = "\n".join(f"{{T}}: Add {{{letter}}}." for letter in dict.fromkeys(letters))
    basic_types = {"Plains", "Island", "Swamp", "Mountain", "Forest"} & set(card["type_line"].split())
    makes = (
        "the mana of its basic land types and of the basic mana abilities Arena lists for it"
        if basic_types or letters
        else "no mana (neither a basic land type nor a basic mana ability Arena lists): a plan may leave out "
        "what it makes"
    )
    warnings.append(
        f"play {play.instance_id}: grpId {play.grp_id} is not in the card store: read as a "
        f"{card['type_line']} that makes {makes}"
    )
    return card


def _with_hand(arena: ArenaRequest, hand: list[dict[str, Any]], cards: CardResolver) -> Board:
    """Arena's board with the offered casts and land plays as the local player's hand."""
    data = arena.board.to_dict()
    for player in data["players"]:
        if player["id"] == arena.player:
            player["hand"] = hand
    return Board.from_dict(data, "arena", cards=cards)
