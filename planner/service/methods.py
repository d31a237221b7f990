"""The service's methods: their parameters (the commands' long option names, plus ``board``), how a call's
``params`` become a call of the shared request function (:mod:`planner.requests`), and the errors it answers.

:class:`Service` answers one call at a time: :meth:`Service.call` takes the method's name and its params
(parsed JSON) and returns the result (exactly what the command prints with ``--json``) or raises
:class:`RpcError` with the JSON-RPC code of contract §8. Boards that repeat are read once
(:class:`~planner.service.cache.BoardCache`).

>>> service = Service()
>>> board = {"version": 1, "players": [{"id": "me"}],
...          "permanents": [{"id": "f1", "card": "Forest", "controller": "me"}]}
>>> service.call("pay", {"board": board, "cost": "{G}"})["tapped"]
['f1']
>>> service.call("pay", {"board": board, "cost": "{G}", "x": "two"})
Traceback (most recent call last):
...
planner.service.methods.RpcError: x: expected an integer or null, got the string 'two'
"""

from __future__ import annotations

import gc
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final, TextIO

from models.board import describe_json, json_path
from models.errors import BoardError, InputError, InternalError, PlannerError
from models.limits import not_text_in
from planner.service.cache import SOURCE, BoardCache

if TYPE_CHECKING:
    from models.carddata.names import CardResolver

__all__ = [
    "BAD_PARAMS",
    "INTERNAL_ERROR",
    "INVALID_REQUEST",
    "METHODS",
    "NOT_JSON",
    "NOT_YET",
    "UNKNOWN_METHOD",
    "WARM_UP",
    "Method",
    "Param",
    "RpcError",
    "Service",
    "internal_error",
]

#: JSON-RPC 2.0's error codes, as contract §8 uses them.
NOT_JSON: Final = -32700
INVALID_REQUEST: Final = -32600
UNKNOWN_METHOD: Final = -32601
BAD_PARAMS: Final = -32602
INTERNAL_ERROR: Final = -32000
#: The methods contract §8 names that are not built yet: asked for, they answer UNKNOWN_METHOD saying so.
NOT_YET: Final[dict[str, str]] = {}


class RpcError(Exception):
    """An error answer: a JSON-RPC code, the one-line message, and ``data`` (``path``, ``param``...)."""

    def __init__(self, code: int, message: str, data: Mapping[str, Any] | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.data = dict(data) if data else None

    def to_json(self) -> dict[str, Any]:
        """The JSON-RPC error object.

        >>> RpcError(-32601, "unknown method 'x'").to_json()
        {'code': -32601, 'message': "unknown method 'x'"}
        """
        error: dict[str, Any] = {"code": self.code, "message": self.message}
        if self.data:
            error["data"] = self.data
        return error


def internal_error(error: BaseException) -> RpcError:
    """The answer to a call that failed by a bug (it is reported on standard error where it is caught).

    >>> internal_error(KeyError("x")).message
    'internal error: KeyError. This is a bug in mana-planner: please report it.'
    """
    return RpcError(
        INTERNAL_ERROR,
        f"internal error: {type(error).__name__}. This is a bug in mana-planner: please report it.",
    )


# --------------------------------------------------------------------------------------------------------
# Parameters


@dataclass(frozen=True, slots=True)
class ParamKind:
    """A parameter's JSON type: its JSON Schema, and the check that reads a value of it."""

    schema: Mapping[str, Any]
    expected: str
    accepts: Callable[[object], bool]


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_number(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


STRING = ParamKind({"type": "string"}, "a string", lambda v: isinstance(v, str))
OPTIONAL_STRING = ParamKind(
    {"type": ["string", "null"]}, "a string or null", lambda v: v is None or isinstance(v, str)
)
BOOLEAN = ParamKind({"type": "boolean"}, "true or false", lambda v: isinstance(v, bool))
OPTIONAL_INTEGER = ParamKind(
    {"type": ["integer", "null"]}, "an integer or null", lambda v: v is None or _is_int(v)
)
NUMBER = ParamKind({"type": "number"}, "a number", _is_number)
STRINGS = ParamKind(
    {"type": "array", "items": {"type": "string"}},
    "a list of strings",
    lambda v: isinstance(v, list) and all(isinstance(item, str) for item in v),
)
KIND = ParamKind({"enum": ["spell", "ability"]}, "'spell' or 'ability'", lambda v: v in ("spell", "ability"))
OBJECT = ParamKind({"type": "object"}, "an object", lambda v: isinstance(v, dict))
GAME_STATE = ParamKind(
    {"oneOf": [{"type": "object"}, {"type": "array", "items": {"type": "object"}}, {"type": "null"}]},
    "an object, a list of objects or null",
    lambda v: (
        v is None or isinstance(v, dict) or (isinstance(v, list) and all(isinstance(i, dict) for i in v))
    ),
)
BOARD = ParamKind({"$ref": "#/components/schemas/Board"}, "a board", lambda v: True)


@dataclass(frozen=True, slots=True)
class Param:
    """One parameter: its JSON name, the request function's keyword, its type, and what it means."""

    name: str
    kind: ParamKind
    help: str
    required: bool = False
    keyword: str = ""

    @property
    def argument(self) -> str:
        """The request function's keyword argument (``for`` is ``for_``)."""
        return self.keyword or self.name


@dataclass(frozen=True, slots=True)
class Method:
    """One method: its parameters, what it answers, and the function that answers it."""

    name: str
    help: str
    params: tuple[Param, ...]
    answer: Callable[[Service, dict[str, Any]], Any]

    def schema(self) -> dict[str, Any]:
        """The JSON Schema of its ``params`` (the HTTP body), for the OpenAPI document.

        >>> METHODS["card"].schema()["required"]
        ['name']
        """
        return {
            "type": "object",
            "additionalProperties": False,
            "required": [p.name for p in self.params if p.required],
            "properties": {p.name: {**p.kind.schema, "description": p.help} for p in self.params},
        }


_BOARD = Param("board", BOARD, "The board: the content of a board file, as an object.", required=True)
_COST = Param("cost", STRING, "The cost: '{2}{G}{G}' or '2GG'.", required=True)
_PAYMENT_FOR = (
    Param("for", STRING, "The type line of what is paid for, e.g. 'Creature — Eldrazi'.", keyword="for_"),
    Param("colors", OPTIONAL_STRING, "The colors of what is paid for ('' colorless); default the cost's."),
    Param("kind", KIND, "Whether the payment casts a spell (default) or activates an ability."),
    Param("commander", BOOLEAN, "What is paid for is your commander."),
    Param("purposes", STRINGS, "What else the payment is: 'cumulative-upkeep', 'from-exile', ... (see pay)."),
    Param("keywords", STRINGS, "Keywords of what is paid for, e.g. 'devoid'."),
)
_PLAYER = Param("player", OPTIONAL_STRING, "Who pays; default the board's active player.")
_TIME_LIMIT = Param(
    "time_limit", NUMBER, "Seconds the whole call may take; default and most: the service's --time-limit."
)
_STRICT = Param("strict", BOOLEAN, "Make Oracle text the parser does not understand an error.")


def _pay(service: Service, params: dict[str, Any]) -> Any:
    from planner.requests import pay_request

    return pay_request(**params).to_json()


def _max_x(service: Service, params: dict[str, Any]) -> Any:
    from planner.requests import max_x_request

    return max_x_request(**params).to_json()


def _could_produce(service: Service, params: dict[str, Any]) -> Any:
    from planner.requests import could_produce_request

    return could_produce_request(**params).to_json()


def _card(service: Service, params: dict[str, Any]) -> Any:
    from planner.requests import card_request

    return card_request(**params, cards=service.cards).to_json()


def _plan_turn(service: Service, params: dict[str, Any]) -> Any:
    from planner.requests import plan_turn_request

    if params.get("x") is None:
        params.pop("x", None)
    return plan_turn_request(**params, cards=service.cards).to_json()


def _arena_autotap(service: Service, params: dict[str, Any]) -> Any:
    from planner.arena import autotap_request

    return autotap_request(**params, cards=service.cards)


def _version(service: Service, params: dict[str, Any]) -> Any:
    return service.version()


#: Every method the service answers, by name.
METHODS: Final[dict[str, Method]] = {
    method.name: method
    for method in (
        Method(
            "pay",
            "The best way to pay a cost: what `mana-planner pay --json` prints.",
            (
                _BOARD,
                _COST,
                *_PAYMENT_FOR,
                Param("keep", OPTIONAL_STRING, "A cost that should stay payable afterwards, e.g. '{U}{U}'."),
                Param("hand", STRINGS, "Costs of cards in hand to keep castable afterwards."),
                _PLAYER,
                Param("x", OPTIONAL_INTEGER, "The value of X when the cost has {X}."),
                _TIME_LIMIT,
                _STRICT,
            ),
            _pay,
        ),
        Method(
            "max_x",
            "The largest X for which a cost is payable: what `mana-planner max-x --json` prints.",
            (_BOARD, _COST, *_PAYMENT_FOR, _PLAYER, _TIME_LIMIT, _STRICT),
            _max_x,
        ),
        Method(
            "could_produce",
            "The mana types each permanent could produce: what `mana-planner could-produce --json` prints.",
            (
                _BOARD,
                Param("player", OPTIONAL_STRING, "Whose permanents: a player id, or 'all'; default active."),
                _STRICT,
            ),
            _could_produce,
        ),
        Method(
            "plan_turn",
            "A turn's plan, the land and the spells in order: what `mana-planner plan-turn --json` prints.",
            (
                _BOARD,
                Param("cast", STRINGS, "Spells to cast, in order: card names or costs; default: choose."),
                Param("order", STRING, "'given' (default) or 'best': the order of the cast spells."),
                Param("hold", OPTIONAL_STRING, "A cost to keep payable at the end of the turn."),
                Param("land", OPTIONAL_STRING, "A land in the hand to play; default: the plan chooses."),
                Param("no_land", BOOLEAN, "Keep the land drop: play no land this turn."),
                Param("player", OPTIONAL_STRING, "Whose turn; default the board's active player."),
                Param("x", OPTIONAL_INTEGER, "The value of X for spells with {X}; default 1."),
                _TIME_LIMIT,
                _STRICT,
            ),
            _plan_turn,
        ),
        Method(
            "arena_autotap",
            "Our autoTapSolution for each action of an MTG Arena ActionsAvailableReq, compared with Arena's.",
            (
                Param("request", OBJECT, "The ActionsAvailableReq GRE message, or its body.", required=True),
                Param(
                    "game_state",
                    GAME_STATE,
                    "The last game state: a gameStateMessage, or a list of them in order (full, then diffs).",
                ),
                Param("seat", OPTIONAL_INTEGER, "The local seat; default the message's systemSeatIds."),
                _TIME_LIMIT,
            ),
            _arena_autotap,
        ),
        Method(
            "card",
            "One card's text and parsed abilities: what `mana-planner cards NAME --json` prints.",
            (Param("name", STRING, "The card's name (any case).", required=True),),
            _card,
        ),
        Method(
            "version",
            "The planner's version, the contract and board versions, and the methods.",
            (),
            _version,
        ),
    )
}

_WARM_BOARD: Final = {
    "version": 1,
    "players": [{"id": "me"}],
    "permanents": [{"id": "f1", "card": "Forest", "controller": "me"}],
}
#: The calls a service makes before its first request (:meth:`Service.warm_up`): one the fast path answers,
#: one it leaves to CP-SAT (a ``keep``), so that no request pays for the imports of either.
WARM_UP: Final = (
    ("pay", {"board": _WARM_BOARD, "cost": "{G}"}),
    ("pay", {"board": _WARM_BOARD, "cost": "{G}", "keep": "{G}"}),
)

#: The service's default time limit per call, in seconds (the commands' default).
DEFAULT_TIME_LIMIT: Final = 10.0


def _check_text(name: str, value: object) -> None:
    """Raise BAD_PARAMS when a string in a parameter is not Unicode text (contract §14); the board's own
    are the board's errors, with its path."""
    if name == "board":
        return
    unreadable = not_text_in(value)
    if unreadable is not None:
        path, problem = unreadable
        where = json_path((name, *path))
        raise RpcError(BAD_PARAMS, f"{where}: {problem}", {"param": name, "path": where})


@dataclass
class Service:
    """Answers calls: checks the params, reads the board through the cache, asks the request function.

    ``time_limit`` is the default for calls that give none and the most a call may ask for; ``store`` is the
    card store, opened once, that card names are looked up in before the built-in catalogue (default:
    ``MANA_PLANNER_CARDS``, else the user data directory; none there means the catalogue alone);
    ``warnings`` is where unsupported Oracle text is reported, once per board read.
    """

    time_limit: float = DEFAULT_TIME_LIMIT
    store: Path | None = None
    warnings: TextIO | None = field(default=None, repr=False)
    boards: BoardCache = field(default_factory=BoardCache)
    cards: CardResolver = field(init=False, repr=False)

    def __post_init__(self) -> None:
        from models.carddata.names import CardResolver
        from models.carddata.store import CardStore

        store = CardStore(self.store)
        store.check_file()
        self.cards = CardResolver(store)
        self.boards.cards = self.cards

    def warm_up(self) -> None:
        """Make the :data:`WARM_UP` calls and analyse the built-in catalogue's cards (:func:`planner.api.
        prepare`: a board of them is answered as fast from the first request as later), then move everything
        loaded so far out of the garbage collector's way (``gc.freeze``): the planner, OR-Tools and the card
        data live as long as the service, and a full collection need not go through them again on every
        request.

        >>> service = Service()
        >>> service.warm_up()
        >>> service.boards.misses, gc.get_freeze_count() > 0
        (1, True)
        """
        from models.catalogue import all_cards
        from planner.api import prepare

        for name, params in WARM_UP:
            self.call(name, params)
        prepare(all_cards().values())
        gc.collect()
        gc.freeze()

    def call(self, name: str, params: object) -> Any:
        """The result of calling method ``name`` with ``params``; raises :class:`RpcError`."""
        method = METHODS.get(name)
        if method is None:
            if name in NOT_YET:
                raise RpcError(UNKNOWN_METHOD, f"method {name!r} is not available: {NOT_YET[name]}")
            raise RpcError(
                UNKNOWN_METHOD, f"unknown method {name[:60]!r}; the methods are {', '.join(METHODS)}"
            )
        arguments = self._arguments(method, params)
        from planner.rules.question import question

        try:
            with question():  # (one call, one question: each board analysed once)
                return method.answer(self, arguments)
        except InternalError as error:
            raise RpcError(
                INTERNAL_ERROR, f"{error}. This is a bug in mana-planner: please report it."
            ) from error
        except InputError as error:
            data: dict[str, Any] = {}
            if error.path is not None:
                data["path"] = error.path
            param = "board" if isinstance(error, BoardError) else error.param
            if param is not None:
                data["param"] = param
            if isinstance(error, BoardError) and "board" in arguments:
                data["errors"] = self._all_problems(params, error)
            raise RpcError(BAD_PARAMS, str(error), data) from error
        except PlannerError as error:  # any other error raised on purpose is bad input, as for the commands
            raise RpcError(BAD_PARAMS, str(error)) from error

    @staticmethod
    def _all_problems(params: object, first: BoardError) -> list[dict[str, str | None]]:
        """Every problem of the call's board that can be told apart (the first is the one reported)."""
        from models.board import board_problems

        board = params.get("board") if isinstance(params, dict) else None
        problems = board_problems(board, SOURCE) or (first,)
        return [{"path": problem.path, "message": str(problem)} for problem in problems]

    def version(self) -> dict[str, Any]:
        """What the ``version`` method answers.

        >>> sorted(Service().version())
        ['board_version', 'contract', 'methods', 'name', 'version']
        """
        from importlib.metadata import PackageNotFoundError, version

        from models.board import BOARD_VERSION

        try:
            installed = version("mana-planner")
        except PackageNotFoundError:
            installed = "unknown"
        return {
            "name": "mana-planner",
            "version": installed,
            "contract": 3,
            "board_version": BOARD_VERSION,
            "methods": list(METHODS),
        }

    def _arguments(self, method: Method, params: object) -> dict[str, Any]:
        """The request function's keyword arguments for ``params``, checked; raises BAD_PARAMS."""
        if params is None:
            params = {}
        if not isinstance(params, dict):
            problem = f"params: expected an object of named parameters, got {describe_json(params)}"
            raise RpcError(BAD_PARAMS, problem)
        known = {p.name: p for p in method.params}
        for key in params:
            if key not in known:
                names = ", ".join(known) or "none"
                raise RpcError(
                    BAD_PARAMS,
                    f"unknown parameter {key[:60]!r} for {method.name}; its parameters are {names}",
                    {"param": key[:60]},
                )
        duplicates = getattr(params, "duplicates", ())
        if duplicates:
            raise RpcError(
                BAD_PARAMS, f"parameter {duplicates[0]!r} is given more than once", {"param": duplicates[0]}
            )
        for name, value in params.items():
            _check_text(name, value)
        arguments: dict[str, Any] = {}
        for param in method.params:
            if param.name not in params:
                if param.required:
                    raise RpcError(
                        BAD_PARAMS, f"{param.name}: missing required parameter", {"param": param.name}
                    )
                continue
            value = params[param.name]
            if not param.kind.accepts(value):
                raise RpcError(
                    BAD_PARAMS,
                    f"{param.name}: expected {param.kind.expected}, got {describe_json(value)}",
                    {"param": param.name},
                )
            arguments[param.argument] = value
        if "board" in arguments:
            arguments["board"] = self.boards.loader(arguments["board"], self.warnings)
        if any(p.name == "time_limit" for p in method.params):
            arguments["time_limit"] = self._time_limit(arguments.get("time_limit"))
        return arguments

    def _time_limit(self, asked: float | None) -> float:
        """The call's time limit: the service's unless the call asks for less."""
        if asked is None:
            return self.time_limit
        if asked > self.time_limit:
            raise RpcError(
                BAD_PARAMS,
                f"time_limit: at most {self.time_limit:g} seconds on this service "
                f"(mana-planner serve --time-limit), got {asked:g}",
                {"param": "time_limit"},
            )
        return float(asked)
