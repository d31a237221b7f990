"""Arena's auto-tapper against ours: each action of an ``ActionsAvailableReq`` paid by
:func:`planner.api.pay`, answered in Arena's ``autoTapSolution`` shape, and compared with Arena's own
(contract section 13).

How two answers are compared (``agreement``):

- ``same sources``: we tap the very sources Arena taps;
- ``equally good``: other sources, but interchangeable ones (two untapped Islands), or as good by the
  objective (:mod:`planner.solve.objective`);
- ``ours better``: Arena's sources pay worse by the objective (``why`` names the first criterion and both
  values), or Arena taps more sources than the payment needs, or Arena's sources can't pay by the rules. The
  two payments are each planned from their own sources alone, and compared criterion by criterion, 'colors
  lost' (what the player's untapped permanents can still make, CR 106.7) counted on the whole board;
  ``Arena's better`` when that comparison favours Arena's (it should not: ours is optimal);
- ``neither pays``: Arena gives no solution and the cost is not payable;
- ``only ours pays``: Arena gives none (it lists some actions it can't pay for), and we find a payment;
- ``only Arena pays``: Arena gives one, and we find none (a board we read short of what Arena knows);
- ``no answer``: the time limit ran out (never a "no"), or the cost could not be read.

>>> from models.arena import read_log
>>> log = read_log(EXAMPLE_LOG, "Player.log")
>>> answers = answer_request(log.requests[0])
>>> [(a.action.instance_id, a.agreement, a.sources) for a in answers]
[(20, 'same sources', ('10',))]
>>> answers[0].ours_json()["autoTapActions"][0]["manaPaymentOption"]
{'mana': [{'color': 'ManaColor_Blue', 'srcInstanceId': 10, 'count': 1}]}
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final

from models.arena import BASIC_MANA_ABILITIES, COLOR_LETTERS, ArenaAction, ArenaRequest, GameState, request_of
from models.board import Board
from models.cost import PaymentKind, PaymentTarget
from models.errors import InputError
from models.mana import ManaType
from planner.api import PayResult, could_produce, pay

if TYPE_CHECKING:
    from models.carddata.names import CardResolver

__all__ = [
    "AGREEING",
    "EXAMPLE_LOG",
    "ActionAnswer",
    "Entering",
    "answer_request",
    "autotap_request",
    "autotap_solution",
    "read_request",
    "summary",
]

#: The verdicts that count as agreeing with Arena.
AGREEING: Final = frozenset({"same sources", "equally good", "neither pays"})
#: Arena's color names by mana type.
_COLOR_NAMES: Final = {letter: name for name, letter in COLOR_LETTERS.items()}
#: Criteria of the objective that only break ties between equal payments: not a reason to call one better.
_TIE_BREAKS: Final = frozenset({"tie_break"})

#: A small log for the examples: one Island, one spell costing {U}, Arena taps the Island.
EXAMPLE_LOG: Final = """[UnityCrossThreadLogger]1/1/2026: Match to X: GreToClientEvent
{"greToClientEvent": {"greToClientMessages": [{"type": "GREMessageType_GameStateMessage", \
"systemSeatIds": [1], "gameStateMessage": {"type": "GameStateType_Full", "gameStateId": 3, \
"turnInfo": {"activePlayer": 1}, \
"players": [{"systemSeatNumber": 1, "lifeTotal": 20}, {"systemSeatNumber": 2, "lifeTotal": 20}], \
"gameObjects": [{"instanceId": 10, "grpId": 1, "zoneId": 28, "controllerSeatId": 1, \
"superTypes": ["SuperType_Basic"], "cardTypes": ["CardType_Land"], "subtypes": ["SubType_Island"]}]}}, \
{"type": "GREMessageType_ActionsAvailableReq", "systemSeatIds": [1], "msgId": 5, "gameStateId": 3, \
"actionsAvailableReq": {"actions": [{"actionType": "ActionType_Cast", "grpId": 7, "instanceId": 20, \
"manaCost": [{"color": ["ManaColor_Blue"], "count": 1}], "autoTapSolution": {"autoTapActions": [\
{"instanceId": 10, "abilityGrpId": 1002, "manaPaymentOption": {"mana": [{"color": "ManaColor_Blue", \
"srcInstanceId": 10, "count": 1}]}}]}}, {"actionType": "ActionType_Activate_Mana", "grpId": 1, \
"instanceId": 10, "abilityGrpId": 1002, "manaPaymentOptions": [{"mana": [{"color": "ManaColor_Blue", \
"srcInstanceId": 10, "count": 1}]}]}]}}]}}
"""


@dataclass(frozen=True, slots=True)
class ActionAnswer:
    """Our answer to one action, Arena's, and how they compare (module docstring)."""

    request: ArenaRequest
    action: ArenaAction
    result: PayResult | None
    agreement: str
    why: str
    seconds: float

    @property
    def payable(self) -> bool | None:
        """Whether we pay it (None: no answer)."""
        return self.result.payable if self.result is not None else None

    @property
    def sources(self) -> tuple[str, ...]:
        """The instance ids we tap or sacrifice, in our order."""
        if self.result is None or not self.result.payable:
            return ()
        return tuple(dict.fromkeys(s.permanent for s in self.result.steps if s.permanent is not None))

    @property
    def arena_sources(self) -> tuple[str, ...] | None:
        """The instance ids Arena's ``autoTapSolution`` taps, in its order (None: it gives none)."""
        if self.action.autotap is None:
            return None
        return tuple(dict.fromkeys(str(tap.instance_id) for tap in self.action.autotap))

    def ours_json(self) -> dict[str, Any] | None:
        """Our payment as Arena's ``autoTapSolution`` (None when we don't pay)."""
        return autotap_solution(self.request, self.result)

    def to_json(self) -> dict[str, Any]:
        """One action's line of ``mana-planner arena --json``."""
        return {
            "line": self.request.line,
            "msgId": self.request.msg_id,
            "gameStateId": self.request.game_state_id,
            "actionType": self.action.action_type,
            "instanceId": self.action.instance_id,
            "grpId": self.action.grp_id,
            "listed_in": self.action.listed_in,
            "cost": self.action.cost_text,
            "payable": self.payable,
            "autoTapSolution": self.ours_json(),
            "arena_sources": None if self.arena_sources is None else [int(s) for s in self.arena_sources],
            "our_sources": [int(s) if s.isdigit() else s for s in self.sources],
            "agreement": self.agreement,
            "why": self.why,
            "ms": round(self.seconds * 1000, 3),
        }


@dataclass(frozen=True, slots=True)
class Entering:
    """A permanent that a plan plays or casts earlier in the turn, as Arena knows its card: the card's
    ``instanceId`` in the hand and the ``grpId``\\ s of its abilities (the game object's ``uniqueAbilities``).
    Arena gives the card a new ``instanceId`` as it moves to the battlefield (an ``ObjectIdChanged``
    annotation, ``orig_id`` to ``new_id``, once per zone: hand, stack, battlefield), so a tap of it names
    the hand's id and says ``"entersThisTurn": true``: a bot follows the annotations before sending it."""

    instance_id: int
    abilities: tuple[int, ...] = ()


def autotap_solution(
    request: ArenaRequest, result: PayResult | None, entering: Mapping[str, Entering] | None = None
) -> dict[str, Any] | None:
    """A payment as Arena's ``autoTapSolution`` (None when it does not pay): each activation of a source, with
    the mana it made and the ``abilityGrpId`` Arena lists for it. (Mana from the pool taps nothing.) A source
    in ``entering`` (by its id on the plan's board) is named as :class:`Entering` says; one on neither board
    (a token the plan makes) has no Arena id yet: ``instanceId`` null, ``plannerId`` the plan's own.

    >>> from models.arena import read_log
    >>> from models.cost import ManaCost
    >>> request = read_log(EXAMPLE_LOG, "Player.log").requests[0]
    >>> data = request.board.to_dict()
    >>> data["permanents"][0]["id"] = "Arena action 40"  # (an Island the plan played this turn)
    >>> paid = pay(Board.from_dict(data), PaymentTarget.of(ManaCost.parse("{U}")), player="seat1")
    >>> autotap_solution(request, paid, {"Arena action 40": Entering(40, (7, 1002))})["autoTapActions"]
    ... # doctest: +NORMALIZE_WHITESPACE
    [{'instanceId': 40, 'abilityGrpId': 1002, 'manaPaymentOption': {'mana': [{'color': 'ManaColor_Blue',
      'srcInstanceId': 40, 'count': 1}]}, 'entersThisTurn': True}]
    """
    if result is None or not result.payable:
        return None
    actions: list[dict[str, Any]] = []
    for step in result.steps:
        if step.permanent is None:
            continue
        letters = "".join(t.letter for t in step.produced.types)
        tap: dict[str, Any]
        if entering is not None and step.permanent in entering:
            card = entering[step.permanent]
            tap = {"instanceId": card.instance_id, "abilityGrpId": _basic_ability(card.abilities, letters)}
        elif step.permanent.isdigit():
            tap = {
                "instanceId": int(step.permanent),
                "abilityGrpId": _ability_of(request, step.permanent, letters),
            }
        else:
            tap = {"instanceId": None, "abilityGrpId": None, "plannerId": step.permanent}
        tap["manaPaymentOption"] = {
            "mana": [
                {
                    "color": _COLOR_NAMES[t.letter],
                    "srcInstanceId": tap["instanceId"],
                    "count": step.produced[t],
                }
                for t in ManaType
                if step.produced[t]
            ]
        }
        if "plannerId" in tap or (entering is not None and step.permanent in entering):
            tap["entersThisTurn"] = True
        actions.append(tap)
    return {"autoTapActions": actions}


def _basic_ability(abilities: Sequence[int], letters: str) -> int | None:
    """The ``abilityGrpId`` of a basic land type's mana ability making ``letters``, when the card has it
    (None: Arena names the ability only once it lists the permanent's ``Activate_Mana`` action).

    >>> _basic_ability((7, 1002), "U"), _basic_ability((7,), "U"), _basic_ability((1002,), "UU")
    (1002, None, None)
    """
    ability = BASIC_MANA_ABILITIES.get(letters)
    return ability if ability in abilities else None


def _ability_of(request: ArenaRequest, permanent: str, letters: str) -> int | None:
    """The ``abilityGrpId`` of the source's Arena ability that makes these letters (its first when none says
    so)."""
    source = next((s for s in request.sources if str(s.instance_id) == permanent), None)
    if source is None or not source.abilities:
        return None
    for ability, options in source.abilities:
        if any(set(letters) <= set(option) for option in options):
            return ability
    return source.abilities[0][0]


def answer_request(request: ArenaRequest, *, time_limit: float = 10.0) -> tuple[ActionAnswer, ...]:
    """Our answer to every action of a request that has a cost, compared with Arena's."""
    return tuple(_answer(request, action, time_limit) for action in request.actions)


def _answer(request: ArenaRequest, action: ArenaAction, time_limit: float) -> ActionAnswer:
    start = time.perf_counter()
    if action.cost is None:
        return ActionAnswer(request, action, None, "no answer", "its cost could not be read", 0.0)
    kind = PaymentKind.SPELL if action.action_type == "Cast" else PaymentKind.ABILITY
    target = PaymentTarget(cost=action.cost, kind=kind)
    x = 0 if action.cost.has_variable else None
    result = pay(request.board, target, player=request.player, x=x, time_limit=time_limit)
    seconds = time.perf_counter() - start
    agreement, why = _compare(request, action, result, target, x, time_limit)
    return ActionAnswer(request, action, result, agreement, why, seconds)


def _compare(
    request: ArenaRequest,
    action: ArenaAction,
    ours: PayResult,
    target: PaymentTarget,
    x: int | None,
    time_limit: float,
) -> tuple[str, str]:
    """The verdict on our answer against Arena's, and why."""
    if ours.payable is None:
        return "no answer", "the time limit ran out"
    arena = action.autotap
    if arena is None:
        if not ours.payable:
            return "neither pays", ours.reason or ""
        offered = "listed as inactive" if action.listed_in == "inactiveActions" else "offered"
        return "only ours pays", f"Arena gives no autoTapSolution (the action is {offered})"
    if not ours.payable:
        return "only Arena pays", ours.reason or ""
    mine = {s.permanent for s in ours.steps if s.permanent is not None}
    theirs = {str(tap.instance_id) for tap in arena}
    if mine == theirs:
        return "same sources", ""
    if sorted(map(_signature(request), mine)) == sorted(map(_signature(request), theirs)):
        return "equally good", "other sources of the same kind (interchangeable)"
    mine_alone = pay(_only(request, mine), target, player=request.player, x=x, time_limit=time_limit)
    theirs_alone = pay(_only(request, theirs), target, player=request.player, x=x, time_limit=time_limit)
    if theirs_alone.payable is None or mine_alone.payable is None:
        return "no answer", "the time limit ran out on Arena's sources"
    if not theirs_alone.payable:
        return "ours better", f"Arena's sources can't pay it by the rules: {theirs_alone.reason}"
    needed = {s.permanent for s in theirs_alone.steps if s.permanent is not None}
    if needed != theirs:
        extra = ", ".join(sorted(theirs - needed))
        return (
            "ours better",
            f"Arena taps {len(theirs)} sources where {len(needed)} pay it ({extra} need not)",
        )
    criterion = _first_difference(
        _with_colors_lost(mine_alone.objective, _colors_lost(request, mine)),
        _with_colors_lost(theirs_alone.objective, _colors_lost(request, theirs)),
    )
    if criterion is None:
        return "equally good", "other sources, as good by the objective"
    name, value_ours, value_arena = criterion
    better = "ours better" if value_ours < value_arena else "Arena's better"
    return better, f"{name.replace('_', ' ')}: ours {value_ours}, Arena's {value_arena}"


def _signature(request: ArenaRequest) -> Callable[[str], str]:
    """What makes two sources interchangeable: everything about the permanent but its id, and what Arena
    lists it can make."""

    def signature(pid: str) -> str:
        permanent = request.board.permanent(pid)
        data = {k: v for k, v in permanent.to_dict().items() if k != "id"}
        listed = next((s.abilities for s in request.sources if str(s.instance_id) == pid), ())
        return repr((sorted(data.items()), listed))

    return signature


def _only(request: ArenaRequest, sources: set[str]) -> Board:
    """The board with every other untapped permanent tapped: a payment from these sources alone."""
    board = request.board
    for permanent in request.board.permanents:
        if permanent.id not in sources and not permanent.tapped:
            board = board.replace_permanent(permanent.id, tapped=True)
    return board


def _colors_lost(request: ArenaRequest, used: set[str]) -> int:
    """How many colors (and colorless) the player's untapped permanents could make before, and can't once
    ``used`` are tapped (CR 106.7): the 'colors lost' criterion on the whole board."""
    board = request.board
    before = could_produce(board, request.player)
    for pid in used:
        board = board.replace_permanent(pid, tapped=True)
    after = could_produce(board, request.player)
    untapped = {p.id for p in board.permanents if not p.tapped}
    kinds_before = {
        t for pid, types in before.items() if not request.board.permanent(pid).tapped for t in types
    }
    kinds_after = {t for pid, types in after.items() if pid in untapped for t in types}
    return len(kinds_before - kinds_after)


def _with_colors_lost(objective: Sequence[tuple[str, int]], lost: int) -> list[tuple[str, int]]:
    """An objective of a payment from some sources alone, its 'colors lost' counted on the whole board.

    >>> _with_colors_lost([("life", 0), ("colors_lost", 1)], 0)
    [('life', 0), ('colors_lost', 0)]
    """
    return [(name, lost if name == "colors_lost" else value) for name, value in objective]


def _first_difference(
    ours: Sequence[tuple[str, int]], theirs: Sequence[tuple[str, int]]
) -> tuple[str, int, int] | None:
    """The first criterion (ties broken aside) on which two objectives differ, with both values.

    >>> _first_difference([("life", 0), ("tie_break", 1)], [("life", 0), ("tie_break", 2)]) is None
    True
    >>> _first_difference([("life", 0), ("mana", 1)], [("life", 2), ("mana", 1)])
    ('life', 0, 2)
    """
    arena = dict(theirs)
    for name, value in ours:
        if name in _TIE_BREAKS or name not in arena:
            continue
        if value != arena[name]:
            return name, value, arena[name]
    return None


def summary(answers: Sequence[ActionAnswer]) -> dict[str, Any]:
    """The summary line's numbers: actions, those with an Arena solution, agreement, verdict counts, time.

    >>> from models.arena import read_log
    >>> summary(answer_request(read_log(EXAMPLE_LOG, "Player.log").requests[0]))["agree"]
    1
    """
    verdicts: dict[str, int] = {}
    for answer in answers:
        verdicts[answer.agreement] = verdicts.get(answer.agreement, 0) + 1
    timed = [a.seconds for a in answers if a.result is not None]
    return {
        "actions": len(answers),
        "with_arena_solution": sum(a.action.autotap is not None for a in answers),
        "agree": sum(a.agreement in AGREEING for a in answers),
        "verdicts": verdicts,
        "ms_per_action": round(1000 * sum(timed) / len(timed), 3) if timed else None,
    }


def autotap_request(
    request: object,
    game_state: object = None,
    seat: int | None = None,
    time_limit: float = 10.0,
    cards: CardResolver | None = None,
) -> dict[str, Any]:
    """The service's ``arena_autotap``: one ``ActionsAvailableReq`` (the GRE message, or its
    ``actionsAvailableReq`` body) on the game state (a ``gameStateMessage``, or a list of them applied in
    order: a full state, then diffs), each action answered with our ``autoTapSolution``.

    >>> import json
    >>> messages = json.loads(EXAMPLE_LOG.splitlines()[1])["greToClientEvent"]["greToClientMessages"]
    >>> answer = autotap_request(messages[1], messages[0]["gameStateMessage"])
    >>> [(a["instanceId"], a["agreement"]) for a in answer["actions"]]
    [(20, 'same sources')]
    >>> autotap_request({"actions": 3})  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    models.errors.InputError: request: expected an ActionsAvailableReq message ...
    """
    arena, local, _ = read_request(request, game_state, seat, cards)
    answers = answer_request(arena, time_limit=time_limit)
    return {
        "gameStateId": arena.game_state_id,
        "seat": local,
        "actions": [answer.to_json() for answer in answers],
        "summary": summary(answers),
        "warnings": list(arena.warnings),
    }


def read_request(
    request: object, game_state: object = None, seat: int | None = None, cards: CardResolver | None = None
) -> tuple[ArenaRequest, int, GameState]:
    """One ``ActionsAvailableReq`` (the GRE message, or its ``actionsAvailableReq`` body) on the game state (a
    ``gameStateMessage``, or a list of them applied in order), read for the local seat (default: the message's
    ``systemSeatIds``): the request, the seat and the game state. Bad input names the parameter."""
    from models.carddata.names import CardResolver

    if not isinstance(request, dict):
        raise InputError("request: expected an ActionsAvailableReq message (an object)", param="request")
    message = request if "actionsAvailableReq" in request else {"actionsAvailableReq": request}
    body = message.get("actionsAvailableReq")
    if not isinstance(body, dict) or not isinstance(body.get("actions", []), list):
        raise InputError(
            "request: expected an ActionsAvailableReq message (with 'actionsAvailableReq') or its body "
            "(with 'actions')",
            param="request",
        )
    state = GameState()
    states = game_state if isinstance(game_state, list) else [] if game_state is None else [game_state]
    for index, item in enumerate(states):
        body_of = item.get("gameStateMessage", item) if isinstance(item, dict) else None
        if not isinstance(body_of, dict):
            raise InputError(f"game_state[{index}]: expected a gameStateMessage object", param="game_state")
        state.apply(body_of)
    seats = message.get("systemSeatIds")
    local = seat if seat is not None else seats[0] if isinstance(seats, list) and seats else 1
    if not isinstance(local, int):
        raise InputError("request.systemSeatIds: expected seat numbers", param="request")
    return request_of(message, state, local, cards or CardResolver()), local, state
