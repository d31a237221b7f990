"""MTG Arena's ``Player.log``: its GRE messages read into boards and the costs of the actions Arena offers
(contract section 13).

The log mixes Unity's own lines with JSON: each server event is a header line ending ``GreToClientEvent``
and one JSON object on the next line (or on the same line), whose ``greToClientEvent.greToClientMessages``
are the GRE messages. :func:`read_log` follows the game: every ``GameStateMessage`` (full or a diff) updates
the objects, zones, players and turn it knows; every ``ActionsAvailableReq`` for the local seat becomes an
:class:`ArenaRequest`: the board of that moment and the actions with a ``manaCost``.

The board holds the players (``seat1``, ``seat2``: life, mana pool; the active player from ``turnInfo``) and
the local seat's mana sources: one permanent per ``instanceId`` of an ``ActionType_Activate_Mana`` action,
untapped and usable (Arena offers only those), and those of ``inactiveActions`` tapped. A source's card is
found by its ``grpId`` in the card store (Scryfall's ``arena_id``); one the store lacks is described from
Arena's game object (its types) and the mana Arena lists for it (``{T}: Add {U}.``), with a warning.
A permanent that entered as a copy (Vesuva, Clone) is the card its game object's ``grpId`` names: no
``choices.copied`` is set (the reader takes no other field of Arena's for what was copied). Should that be the
copy's own card, its text that enters as a copy is named in the planner's warnings, never read in silence.

>>> log = '''[UnityCrossThreadLogger]1/1/2026: Match to X: GreToClientEvent
... {"greToClientEvent": {"greToClientMessages": [
...  {"type": "GREMessageType_GameStateMessage", "systemSeatIds": [1], "gameStateMessage": {
...   "type": "GameStateType_Full", "gameStateId": 3, "turnInfo": {"activePlayer": 1},
...   "players": [{"systemSeatNumber": 1, "lifeTotal": 20}, {"systemSeatNumber": 2, "lifeTotal": 18}],
...   "gameObjects": [{"instanceId": 10, "grpId": 1, "type": "GameObjectType_Card", "zoneId": 28,
...     "controllerSeatId": 1, "superTypes": ["SuperType_Basic"], "cardTypes": ["CardType_Land"],
...     "subtypes": ["SubType_Island"]}]}},
...  {"type": "GREMessageType_ActionsAvailableReq", "systemSeatIds": [1], "msgId": 5, "gameStateId": 3,
...   "actionsAvailableReq": {"actions": [
...    {"actionType": "ActionType_Cast", "grpId": 7, "instanceId": 20,
...     "manaCost": [{"color": ["ManaColor_Blue"], "count": 1}]},
...    {"actionType": "ActionType_Activate_Mana", "grpId": 1, "instanceId": 10, "abilityGrpId": 1002,
...     "manaPaymentOptions": [{"mana": [{"color": "ManaColor_Blue", "srcInstanceId": 10, "count": 1}]}]}]}}
... ]}}
... '''
>>> request = read_log(log, "Player.log").requests[0]
>>> [(p.id, p.name, p.oracle) for p in request.board.permanents]
[('10', 'Arena card 1', '{T}: Add {U}.')]
>>> [(a.action_type, a.instance_id, str(a.cost)) for a in request.actions]
[('Cast', 20, '{U}')]
>>> print(*request.warnings)
instance 10: grpId 1 is not in the card store: read as a Basic Land — Island that makes what Arena lists ({U})
"""

from __future__ import annotations

import bisect
import json
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, Final

from models.board.json_fields import ROOT
from models.board.state import BOARD_VERSION, Board
from models.carddata.names import CardResolver
from models.cost import ManaCost
from models.errors import BoardError, InputError
from models.limits import shortened

__all__ = [
    "BASIC_MANA_ABILITIES",
    "COLOR_LETTERS",
    "ArenaAction",
    "ArenaLog",
    "ArenaRequest",
    "AutoTap",
    "GameState",
    "LandPlay",
    "ManaSource",
    "arena_cost",
    "card_fields",
    "gre_messages",
    "plays_of",
    "read_log",
    "request_of",
    "unread_fields",
    "unread_mana",
]

#: Arena's mana colors, by the letter of the mana symbol they stand for.
COLOR_LETTERS: Final = {
    "ManaColor_White": "W",
    "ManaColor_Blue": "U",
    "ManaColor_Black": "B",
    "ManaColor_Red": "R",
    "ManaColor_Green": "G",
    "ManaColor_Colorless": "C",
}
_COST_WORDS: Final = {**COLOR_LETTERS, "ManaColor_Snow": "S", "ManaColor_X": "X"}
_ACTIONS_WITH_COSTS: Final = ("ActionType_Cast", "ActionType_Activate")
_MANA_ACTION: Final = "ActionType_Activate_Mana"
_PLAY_ACTION: Final = "ActionType_Play"
#: Action types with no mana cost to read (a ``manaCost`` on any other type is a warning).
_ACTIONS_WITHOUT_COSTS: Final = (_MANA_ACTION, _PLAY_ACTION, "ActionType_Pass", "ActionType_FloatMana")
#: Fields of an action (GRE ``Action``) that are read, or that have no bearing on paying mana: targets, the
#: client's hints (``shouldStop``, ``highlight``, ``isBatchable``) and ids. Any other field is a warning.
_ACTION_FIELDS: Final = frozenset(
    {
        "actionType", "grpId", "instanceId", "facetId", "abilityGrpId", "sourceId", "uniqueAbilityId",
        "manaCost", "autoTapSolution", "manaPaymentOptions", "manaSelections", "shouldStop", "targets",
        "isBatchable", "highlight", "visibility", "maxActivations", "selectionType", "selection",
    }
)  # fmt: skip
#: Fields of a ``manaCost`` entry (GRE ``ManaRequirement``) that are read or need not be.
_COST_FIELDS: Final = frozenset({"color", "count", "abilityGrpId", "costId", "objectId"})
#: Fields of a ``mana`` entry (GRE ``ManaInfo``) that are read or need not be (``specs`` apart).
_MANA_FIELDS: Final = frozenset({"color", "count", "srcInstanceId", "abilityGrpId", "manaId", "specs"})
#: Mana specs that say nothing about how the mana may be spent (``Predictive``: what a source would make).
_PLAIN_SPECS: Final = frozenset({"ManaSpecType_Predictive"})
#: Arena's ``abilityGrpId`` of the basic land types' mana abilities (CR 305.6), by the letter they make.
BASIC_MANA_ABILITIES: Final = {"W": 1001, "U": 1002, "B": 1003, "R": 1004, "G": 1005}
_BATTLEFIELD: Final = "ZoneType_Battlefield"


@dataclass(frozen=True, slots=True)
class AutoTap:
    """One ``autoTapAction`` of Arena's ``autoTapSolution``: the source, its ability and the mana it makes."""

    instance_id: int
    ability_grp_id: int | None
    mana: tuple[tuple[str, int], ...]  # (letter, count)

    @classmethod
    def of(cls, data: Mapping[str, Any]) -> AutoTap:
        """Read one ``autoTapAction``.

        >>> AutoTap.of({"instanceId": 3, "abilityGrpId": 1002, "manaPaymentOption": {"mana": [
        ...     {"color": "ManaColor_Blue", "srcInstanceId": 3, "count": 1}]}})
        AutoTap(instance_id=3, ability_grp_id=1002, mana=(('U', 1),))
        """
        option = data.get("manaPaymentOption")
        entries = option.get("mana", []) if isinstance(option, dict) else []
        mana = tuple(
            (COLOR_LETTERS.get(str(entry.get("color")), "?"), _int(entry.get("count"), 1))
            for entry in entries
            if isinstance(entry, dict)
        )
        ability = data.get("abilityGrpId")
        return cls(_int(data.get("instanceId"), 0), ability if isinstance(ability, int) else None, mana)


@dataclass(frozen=True, slots=True)
class ArenaAction:
    """A ``Cast`` or ``Activate`` action with a ``manaCost``: its cost in mana symbols, and Arena's own
    ``autoTapSolution`` (None when it gives none). ``cost`` is None when a part of it could not be read."""

    action_type: str  # "Cast" or "Activate"
    instance_id: int
    grp_id: int | None
    ability_grp_id: int | None
    listed_in: str  # "actions" (offered now) or "inactiveActions"
    cost: ManaCost | None
    cost_text: str
    autotap: tuple[AutoTap, ...] | None


@dataclass(frozen=True, slots=True)
class ManaSource:
    """A mana source Arena lists: its abilities (``abilityGrpId``) and the mana letters each can make."""

    instance_id: int
    grp_id: int | None
    abilities: tuple[tuple[int | None, tuple[str, ...]], ...]
    usable: bool


@dataclass(frozen=True, slots=True)
class LandPlay:
    """A land Arena offers to play (``ActionType_Play``): the card's ``instanceId`` in the hand, its
    ``grpId``, and its game object (its types, its ``uniqueAbilities``)."""

    instance_id: int
    grp_id: int | None
    game_object: Mapping[str, Any]


@dataclass(frozen=True, slots=True)
class ArenaRequest:
    """One ``ActionsAvailableReq`` of the local seat: the board then, its actions and its mana sources."""

    line: int | None
    msg_id: int | None
    game_state_id: int | None
    player: str
    board: Board
    actions: tuple[ArenaAction, ...]
    sources: tuple[ManaSource, ...]
    warnings: tuple[str, ...] = ()
    plays: tuple[LandPlay, ...] = ()


@dataclass(frozen=True, slots=True)
class ArenaLog:
    """A log read: the local seat, its requests in order, and what could not be read of the log itself."""

    seat: int
    requests: tuple[ArenaRequest, ...]
    warnings: tuple[str, ...] = ()


@dataclass(slots=True)
class GameState:
    """The game as the GRE messages so far describe it (``GameStateMessage``\\ s applied in order).

    >>> state = GameState()
    >>> state.apply({"type": "GameStateType_Full", "gameObjects": [{"instanceId": 4, "grpId": 9}],
    ...     "players": [{"systemSeatNumber": 1, "lifeTotal": 20}], "turnInfo": {"activePlayer": 1}})
    >>> state.apply({"type": "GameStateType_Diff", "diffDeletedInstanceIds": [4],
    ...     "players": [{"systemSeatNumber": 1, "lifeTotal": 17}]})
    >>> state.objects, state.players[1]["lifeTotal"], state.turn["activePlayer"]
    ({}, 17, 1)
    """

    objects: dict[int, dict[str, Any]] = field(default_factory=dict)
    zones: dict[int, dict[str, Any]] = field(default_factory=dict)
    players: dict[int, dict[str, Any]] = field(default_factory=dict)
    turn: dict[str, Any] = field(default_factory=dict)
    renumbered: dict[int, int] = field(default_factory=dict)  # ObjectIdChanged: orig_id -> new_id

    def apply(self, message: Mapping[str, Any]) -> None:
        """Apply one ``gameStateMessage`` (a full state replaces what is known; a diff updates it)."""
        if message.get("type") == "GameStateType_Full":
            self.objects.clear()
            self.zones.clear()
        for item in _dicts(message.get("gameObjects")):
            if isinstance(item.get("instanceId"), int):
                self.objects[item["instanceId"]] = item
        for item in _dicts(message.get("zones")):
            if isinstance(item.get("zoneId"), int):
                self.zones[item["zoneId"]] = item
        for item in _dicts(message.get("players")):
            seat = item.get("systemSeatNumber")
            if isinstance(seat, int):
                self.players[seat] = {**self.players.get(seat, {}), **item}
        turn = message.get("turnInfo")
        if isinstance(turn, dict):
            self.turn.update(turn)
        for deleted in message.get("diffDeletedInstanceIds") or ():
            self.objects.pop(deleted, None)
        for annotation in _dicts(message.get("annotations")):
            if "AnnotationType_ObjectIdChanged" in (annotation.get("type") or ()):
                values = {
                    d.get("key"): d.get("valueInt32", [None])[0]
                    for d in _dicts(annotation.get("details"))
                    if isinstance(d.get("valueInt32"), list) and d.get("valueInt32")
                }
                old, new = values.get("orig_id"), values.get("new_id")
                if isinstance(old, int) and isinstance(new, int):
                    self.renumbered[old] = new

    def current_id(self, instance_id: int) -> int:
        """The ``instanceId`` a card has now, following Arena's ``ObjectIdChanged`` annotations from an id
        it had (hand to stack to battlefield: the id an ``entersThisTurn`` tap names becomes this one).

        >>> state = GameState()
        >>> state.apply({"annotations": [{"type": ["AnnotationType_ObjectIdChanged"], "details": [
        ...     {"key": "orig_id", "valueInt32": [278]}, {"key": "new_id", "valueInt32": [336]}]}]})
        >>> state.current_id(278), state.current_id(5)
        (336, 5)
        """
        seen = {instance_id}
        while instance_id in self.renumbered and self.renumbered[instance_id] not in seen:
            instance_id = self.renumbered[instance_id]
            seen.add(instance_id)
        return instance_id

    def zone_type(self, obj: Mapping[str, Any]) -> str | None:
        """The type of the zone an object is in (``ZoneType_Battlefield``), when known."""
        zone = self.zones.get(obj.get("zoneId", -1))
        return str(zone.get("type")) if zone is not None else None


def _dicts(value: object) -> Iterator[dict[str, Any]]:
    if isinstance(value, list):
        yield from (item for item in value if isinstance(item, dict))


def _int(value: object, default: int) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else default


# --------------------------------------------------------------------------------------------------------
# The log


def _events(text: str, warnings: list[str]) -> Iterator[tuple[int, dict[str, Any]]]:
    """Every GRE event of the log with the number of the line it starts on: a JSON object that starts a line
    (or follows a header on it) and holds ``greToClientEvent``; Unity's lines and the client's messages are
    passed over."""
    decoder = json.JSONDecoder()
    lines = text.splitlines(keepends=True)
    offsets = [0]
    for line in lines:
        offsets.append(offsets[-1] + len(line))
    number = 0
    while number < len(lines):
        line = lines[number]
        number += 1
        start = 0 if line.lstrip().startswith("{") else line.find("{") if "GreToClientEvent" in line else -1
        if start < 0:
            continue
        position = offsets[number - 1] + start
        try:
            event, end = decoder.raw_decode(text, position + (len(line[start:]) - len(line[start:].lstrip())))
        except (json.JSONDecodeError, RecursionError):
            if "greToClientEvent" in line:
                warnings.append(f"line {number}: a GreToClientEvent that is not one JSON object: not read")
            continue
        while number < len(lines) and offsets[number] < end:
            number += 1
        if isinstance(event, dict) and isinstance(event.get("greToClientEvent"), dict):
            yield bisect.bisect_right(offsets, position), event


def gre_messages(text: str, warnings: list[str] | None = None) -> Iterator[tuple[int, dict[str, Any]]]:
    """Every GRE message of a log, in order, with the number of the line its event starts on (an event that
    is not one JSON object is a line in ``warnings``).

    >>> [(line, m["type"]) for line, m in gre_messages(
    ...     'PAPA:Update()\\n{"greToClientEvent": {"greToClientMessages": [{"type": "T"}]}}\\n')]
    [(2, 'T')]
    """
    for number, event in _events(text, warnings if warnings is not None else []):
        for message in _dicts(event["greToClientEvent"].get("greToClientMessages")):
            yield number, message


def read_log(
    text: str, source: str = "<log>", *, seat: int | None = None, cards: CardResolver | None = None
) -> ArenaLog:
    """The requests of a ``Player.log`` (module docstring) for ``seat`` (default: the seat the server
    addresses, ``systemSeatIds`` of its first message). A text with no GRE event is not an Arena log:
    ``BoardError``.

    >>> read_log("PAPA:Update()\\n", "Player.log")
    Traceback (most recent call last):
    ...
    models.errors.BoardError: Player.log: (root): not an MTG Arena Player.log: no GreToClientEvent message
    """
    resolver = cards or CardResolver()
    warnings: list[str] = []
    state = GameState()
    requests: list[ArenaRequest] = []
    found = False
    for number, message in gre_messages(text, warnings):
        found = True
        seats = message.get("systemSeatIds")
        if seat is None and isinstance(seats, list) and seats and isinstance(seats[0], int):
            seat = seats[0]
        kind = message.get("type")
        if kind in ("GREMessageType_GameStateMessage", "GREMessageType_QueuedGameStateMessage"):
            body = message.get("gameStateMessage")
            if isinstance(body, dict):
                state.apply(body)
        elif kind == "GREMessageType_ActionsAvailableReq" and seat is not None:
            if isinstance(seats, list) and seat not in seats:
                continue
            requests.append(request_of(message, state, seat, resolver, line=number))
    if not found:
        problem = "not an MTG Arena Player.log: no GreToClientEvent message"
        raise BoardError(f"{source}: {ROOT}: {problem}", path=ROOT)
    return ArenaLog(seat or 1, tuple(requests), tuple(warnings))


def arena_cost(entries: object) -> tuple[ManaCost | None, str, list[str]]:
    """An action's ``manaCost`` as a cost: each entry's ``color`` list (several colors: hybrid; with
    ``ManaColor_Phyrexian``: Phyrexian; with ``ManaColor_TwoGeneric``: {2/C}) ``count`` times; the cost,
    its text as Arena wrote it, and what could not be read (the cost is then None).

    >>> cost, text, problems = arena_cost([{"color": ["ManaColor_Generic"], "count": 2},
    ...     {"color": ["ManaColor_White", "ManaColor_Blue"], "count": 1},
    ...     {"color": ["ManaColor_Phyrexian", "ManaColor_Black"], "count": 1}])
    >>> str(cost), text, problems
    ('{2}{W/U}{B/P}', '{2}{W/U}{B/P}', [])
    >>> arena_cost([{"color": ["ManaColor_Purple"], "count": 1}])[2]
    ["manaCost[0]: color 'ManaColor_Purple' not read"]
    """
    symbols: list[str] = []
    problems: list[str] = []
    for index, entry in enumerate(entries if isinstance(entries, list) else []):
        colors = entry.get("color") if isinstance(entry, dict) else None
        count = _int(entry.get("count"), 1) if isinstance(entry, dict) else 1
        if not isinstance(colors, list) or not colors or count < 0 or count > 100:
            problems.append(f"manaCost[{index}]: {shortened(json.dumps(entry))} not read")
            continue
        words = [str(c) for c in colors]
        if words == ["ManaColor_Generic"]:
            symbols.append(f"{{{count}}}")
            continue
        phyrexian = "ManaColor_Phyrexian" in words
        two = "ManaColor_TwoGeneric" in words
        letters = [
            _COST_WORDS.get(w) for w in words if w not in ("ManaColor_Phyrexian", "ManaColor_TwoGeneric")
        ]
        if None in letters or not letters:
            unknown = next((w for w in words if w not in _COST_WORDS), words[0])
            problems.append(f"manaCost[{index}]: color {unknown!r} not read")
            continue
        parts = [str(letter) for letter in letters]
        symbol = "/".join((["2"] if two else []) + parts + (["P"] if phyrexian else []))
        symbols.extend([f"{{{symbol}}}"] * count)
    text = "".join(symbols)
    if problems:
        return None, text, problems
    try:
        return ManaCost.parse(text or "{0}"), text or "{0}", problems
    except InputError as error:
        return None, text, [f"manaCost: {error}"]


def _actions(body: Mapping[str, Any], listed_in: str) -> Iterator[dict[str, Any]]:
    yield from _dicts(body.get(listed_in))


def request_of(
    message: Mapping[str, Any], state: GameState, seat: int, cards: CardResolver, *, line: int | None = None
) -> ArenaRequest:
    """The request one ``ActionsAvailableReq`` message makes, on the game state known then. Every field of an
    action that is neither read nor without bearing on paying mana is a warning (:func:`unread_fields`)."""
    body = message.get("actionsAvailableReq")
    body = body if isinstance(body, dict) else {}
    warnings: list[str] = []
    actions: list[ArenaAction] = []
    for listed_in in ("actions", "inactiveActions"):
        for action in _actions(body, listed_in):
            kind = str(action.get("actionType"))
            iid = _int(action.get("instanceId"), 0)
            label = f"{kind.removeprefix('ActionType_')} {iid}"
            warnings.extend(f"{label}: {problem}" for problem in unread_fields(action))
            if "manaCost" in action and kind not in _ACTIONS_WITH_COSTS:
                if kind not in _ACTIONS_WITHOUT_COSTS or action.get("manaCost"):
                    warnings.append(f"{label}: an action of this type with a manaCost is not read")
                continue
            if kind in _ACTIONS_WITH_COSTS and "manaCost" in action:
                cost, text, problems = arena_cost(action.get("manaCost"))
                warnings.extend(f"{label}: {problem}" for problem in problems)
                solution = action.get("autoTapSolution")
                autotap = (
                    tuple(AutoTap.of(a) for a in _dicts(solution.get("autoTapActions")))
                    if isinstance(solution, dict)
                    else None
                )
                actions.append(
                    ArenaAction(
                        action_type=kind.removeprefix("ActionType_"),
                        instance_id=iid,
                        grp_id=_optional_int(action.get("grpId")),
                        ability_grp_id=_optional_int(action.get("abilityGrpId")),
                        listed_in=listed_in,
                        cost=cost,
                        cost_text=text,
                        autotap=autotap,
                    )
                )
    sources = _sources(body)
    board = _board(state, seat, sources, cards, warnings)
    return ArenaRequest(
        line=line,
        msg_id=_optional_int(message.get("msgId")),
        game_state_id=_optional_int(message.get("gameStateId")),
        player=f"seat{seat}",
        board=board,
        actions=tuple(actions),
        sources=sources,
        warnings=tuple(warnings),
        plays=plays_of(body, state, seat),
    )


def unread_fields(action: Mapping[str, Any]) -> list[str]:
    """What of an action is not read: a field we don't know (``costs``, ``manaPaymentConditions``,
    ``alternativeGrpId``, …: each may change what paying means), a field of a ``manaCost`` or ``mana``
    entry, a mana ``spec`` that may restrict how the mana is spent. Empty lists are nothing to read.

    >>> unread_fields({"actionType": "ActionType_Cast", "grpId": 1, "costs": [{"type": "Sacrifice"}],
    ...     "manaCost": [{"color": ["ManaColor_Red"], "count": 1, "costType": 2}]})
    ["field 'costs' not read", "manaCost[0]: field 'costType' not read"]
    >>> unread_fields({"actionType": "ActionType_Activate_Mana", "manaPaymentOptions": [{"mana": [
    ...     {"color": "ManaColor_Red", "specs": [{"type": "ManaSpecType_Restricted"}]}]}]})
    ["manaPaymentOptions[0].mana[0]: spec 'ManaSpecType_Restricted' not read"]
    """
    problems = [
        f"field {key!r} not read"
        for key, value in action.items()
        if key not in _ACTION_FIELDS and value not in ([], {}, None)
    ]
    for index, entry in enumerate(_dicts(action.get("manaCost"))):
        problems.extend(
            f"manaCost[{index}]: field {key!r} not read" for key in entry if key not in _COST_FIELDS
        )
    for index, option in enumerate(_dicts(action.get("manaPaymentOptions"))):
        where = f"manaPaymentOptions[{index}]"
        problems.extend(
            f"{where}: field {key!r} not read" for key in option if key not in ("mana", "optionIndex")
        )
        problems.extend(f"{where}.{problem}" for problem in unread_mana(option.get("mana")))
    return problems


def unread_mana(mana: object) -> list[str]:
    """What of a ``mana`` list (GRE ``ManaInfo`` entries: an option's mana, a player's pool) is not read.

    >>> unread_mana([{"color": "ManaColor_Red", "count": 1, "specs": [{"type": "ManaSpecType_Predictive"}]}])
    []
    >>> unread_mana([{"color": "ManaColor_Pink", "count": 1, "origin": 3}])
    ["mana[0]: color 'ManaColor_Pink' not read", "mana[0]: field 'origin' not read"]
    """
    problems: list[str] = []
    for index, entry in enumerate(_dicts(mana)):
        if str(entry.get("color")) not in COLOR_LETTERS:
            problems.append(f"mana[{index}]: color {entry.get('color')!r} not read")
        problems.extend(f"mana[{index}]: field {key!r} not read" for key in entry if key not in _MANA_FIELDS)
        for spec in _dicts(entry.get("specs")):
            if spec.get("type") not in _PLAIN_SPECS:
                problems.append(f"mana[{index}]: spec {spec.get('type')!r} not read")
    return problems


def plays_of(body: Mapping[str, Any], state: GameState, seat: int) -> tuple[LandPlay, ...]:
    """The land plays Arena offers now (``ActionType_Play`` in ``actions``; in ``inactiveActions`` a land
    can't be played now), each with the card's game object as the game state knows it (``{}``: unknown)."""
    return tuple(
        LandPlay(
            instance_id=iid,
            grp_id=_optional_int(action.get("grpId")),
            game_object=state.objects.get(iid, {}),
        )
        for action in _actions(body, "actions")
        if action.get("actionType") == _PLAY_ACTION and isinstance(iid := action.get("instanceId"), int)
    )


def _optional_int(value: object) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _sources(body: Mapping[str, Any]) -> tuple[ManaSource, ...]:
    """The mana sources of the ``Activate_Mana`` actions, by instance, in the order Arena lists them."""
    found: dict[int, tuple[int | None, list[tuple[int | None, tuple[str, ...]]], bool]] = {}
    for listed_in, usable in (("actions", True), ("inactiveActions", False)):
        for action in _actions(body, listed_in):
            if action.get("actionType") != _MANA_ACTION or not isinstance(action.get("instanceId"), int):
                continue
            letters: list[str] = []
            for option in _dicts(action.get("manaPaymentOptions")):
                letters.append("".join(_letters(option.get("mana"))))
            for selection in _dicts(action.get("manaSelections")):
                for option in _dicts(selection.get("options")):
                    letters.append("".join(_letters(option.get("mana"))))
            iid = action["instanceId"]
            grp, abilities, was_usable = found.get(iid, (_optional_int(action.get("grpId")), [], usable))
            options = tuple(dict.fromkeys(option for option in letters if option))
            abilities.append((_optional_int(action.get("abilityGrpId")), options))
            found[iid] = (grp, abilities, was_usable or usable)
    return tuple(
        ManaSource(iid, grp, tuple(abilities), usable) for iid, (grp, abilities, usable) in found.items()
    )


def _letters(mana: object) -> Iterator[str]:
    """The mana letters of a ``mana`` list, each ``count`` times (an unknown color is ``?``)."""
    for entry in _dicts(mana):
        yield COLOR_LETTERS.get(str(entry.get("color")), "?") * max(1, _int(entry.get("count"), 1))


def _board(
    state: GameState, seat: int, sources: tuple[ManaSource, ...], cards: CardResolver, warnings: list[str]
) -> Board:
    """The board of a request: the players, and the mana sources Arena lists."""
    seats = sorted({seat, *state.players})
    players: list[dict[str, Any]] = []
    for number in seats:
        info = state.players.get(number, {})
        player: dict[str, Any] = {"id": f"seat{number}"}
        if isinstance(info.get("lifeTotal"), int):
            player["life"] = info["lifeTotal"]
        warnings.extend(f"seat {number}: manaPool.{problem}" for problem in unread_mana(info.get("manaPool")))
        pool = [
            "".join(_letters([entry]))
            for entry in _dicts(info.get("manaPool"))
            if COLOR_LETTERS.get(str(entry.get("color")))
        ]
        if pool:
            player["pool"] = ["".join(f"{{{c}}}" for c in "".join(pool))]
        players.append(player)
    active = state.turn.get("activePlayer")
    permanents = [_permanent(source, state, seat, cards, warnings) for source in sources]
    data = {
        "version": BOARD_VERSION,
        "active_player": f"seat{active}" if active in seats else f"seat{seat}",
        "players": players,
        "permanents": permanents,
    }
    return Board.from_dict(data, "arena", cards=cards)


def card_fields(
    grp: int | None, game_object: Mapping[str, Any], cards: CardResolver
) -> tuple[dict[str, Any], bool]:
    """A card's board fields: from the card store by ``grpId`` (and True), else its type line from Arena's
    game object (supertypes, card types, subtypes: an Island's subtype is its mana ability, CR 305.6) and no
    name, cost or text (and False). The type line is empty when the game object gives no card type.

    >>> island = {"superTypes": ["SuperType_Basic"], "cardTypes": ["CardType_Land"],
    ...     "subtypes": ["SubType_Island"]}
    >>> card_fields(58441, island, CardResolver())
    ({'type_line': 'Basic Land — Island'}, False)
    """
    found = cards.resolve_arena(grp) if grp is not None else None
    if found is not None:
        face = found.front
        fields = {"name": face.name, "type_line": face.type_line, "oracle": face.oracle}
        return {**fields, "mana_cost": face.mana_cost, "color_indicator": face.color_indicator}, True

    def words(key: str, prefix: str) -> list[str]:
        value = game_object.get(key)
        return (
            [w.removeprefix(prefix) for w in value if isinstance(w, str)] if isinstance(value, list) else []
        )

    types = words("cardTypes", "CardType_")
    subtypes = words("subtypes", "SubType_")
    type_line = " ".join([*words("superTypes", "SuperType_"), *types]) if types else ""
    if type_line and subtypes:
        type_line += " — " + " ".join(subtypes)
    return {"type_line": type_line}, False


def _permanent(
    source: ManaSource, state: GameState, seat: int, cards: CardResolver, warnings: list[str]
) -> dict[str, Any]:
    """A mana source as a board permanent: its card from the store, else described from Arena's lists."""
    obj = state.objects.get(source.instance_id, {})
    grp = _optional_int(obj.get("grpId")) or source.grp_id
    controller = _int(obj.get("controllerSeatId"), seat)
    entry: dict[str, Any] = {"id": str(source.instance_id), "controller": f"seat{controller}"}
    if not source.usable:
        entry["tapped"] = True
    fields, known = card_fields(grp, obj, cards)
    if known:
        return {**entry, **fields}
    type_line = fields["type_line"] or "Artifact"
    options = [letters for _, offered in source.abilities for letters in offered]
    listed = " or ".join("{" + "}{".join(option) + "}" for option in options)
    what = f"that makes what Arena lists ({listed})" if options else "(tapped: Arena lists none of its mana)"
    typed = "" if fields["type_line"] else " (the game state gives no card type: an Artifact assumed)"
    warnings.append(
        f"instance {source.instance_id}: grpId {grp} is not in the card store: read as a {type_line}{typed} "
        f"{what}"
    )
    return {**entry, "name": f"Arena card {grp}", "type_line": type_line, "oracle": _fallback_oracle(options)}


def _fallback_oracle(options: list[str]) -> str:
    """A mana ability for what Arena lists a source can make: one option per choice.

    >>> _fallback_oracle(["U"]), _fallback_oracle(["W", "U"]), _fallback_oracle(["CC", "G"])
    ('{T}: Add {U}.', '{T}: Add {W} or {U}.', '{T}: Add {C}{C}.\\n{T}: Add {G}.')
    """
    known = [option for option in dict.fromkeys(options) if "?" not in option]
    if not known:
        return ""
    if all(len(option) == 1 for option in known):
        return "{T}: Add " + " or ".join(f"{{{o}}}" for o in known) + "."
    return "\n".join("{T}: Add " + "".join(f"{{{c}}}" for c in option) + "." for option in known)
