"""The service's methods: their parameters (each question's record's, :mod:`planner.questions`, the ones the
command takes by their long names, plus ``board``), how a call's ``params`` become that record and a call of
the shared request function (:mod:`planner.requests`), and the errors it answers.

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

import dataclasses
import gc
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final, TextIO

from models.board import describe_json, json_path
from models.errors import BoardError, InputError, InternalError, PlannerError
from models.kept import kept_tables
from models.limits import not_text_in
from planner.api import one_question
from planner.params import Param, ParamKind, params_of, read_json
from planner.questions import QUESTIONS
from planner.service.cache import SOURCE, BoardCache

if TYPE_CHECKING:
    from models.carddata.names import CardResolver
    from planner.requests import BoardLoader

__all__ = [
    "BAD_PARAMS",
    "BOARD",
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
# Methods: each question's record declares its parameters (planner.questions); the service adds ``board``

#: The board a question is about: the content of a board file, as an object (read through the cache).
BOARD: Final = Param(
    attribute="board",
    name="board",
    flag="BOARD",
    type=dict,
    default=dataclasses.MISSING,
    help="The board: the content of a board file, as an object.",
    kind=ParamKind({"$ref": "#/components/schemas/Board"}, "a board", lambda v: True),
    argument=True,
)


@dataclass(frozen=True, slots=True)
class Method:
    """One method: its name, what it answers, the record its parameters build (None: it takes none) and
    whether it reads a board, and the function that answers the built record; ``params`` are ``board``
    (when it reads one) and the record's."""

    name: str
    help: str
    record: type | None
    answer: Callable[[Service, Any, BoardLoader | None], Any]
    reads_board: bool = False
    params: tuple[Param, ...] = field(init=False)

    def __post_init__(self) -> None:
        declared = params_of(self.record) if self.record is not None else ()
        object.__setattr__(self, "params", (BOARD, *declared) if self.reads_board else declared)

    def schema(self) -> dict[str, Any]:
        """The JSON Schema of its ``params`` (the HTTP body), for the OpenAPI document.

        >>> METHODS["card"].schema()["required"]
        ['name']
        """
        return {
            "type": "object",
            "additionalProperties": False,
            "required": [p.name for p in self.params if p.required],
            "properties": {p.name: p.schema() for p in self.params},
        }


def _pay(service: Service, question: Any, board: BoardLoader | None) -> Any:
    from planner.requests import pay_request

    assert board is not None
    return pay_request(board, question, cards=service.cards).to_json()


def _max_x(service: Service, question: Any, board: BoardLoader | None) -> Any:
    from planner.requests import max_x_request

    assert board is not None
    return max_x_request(board, question, cards=service.cards).to_json()


def _could_produce(service: Service, question: Any, board: BoardLoader | None) -> Any:
    from planner.requests import could_produce_request

    assert board is not None
    return could_produce_request(board, question).to_json()


def _plan_turn(service: Service, question: Any, board: BoardLoader | None) -> Any:
    from planner.requests import plan_turn_request

    assert board is not None
    return plan_turn_request(board, question, cards=service.cards).to_json()


def _card(service: Service, question: Any, board: BoardLoader | None) -> Any:
    from planner.requests import card_request

    return card_request(question, cards=service.cards).to_json()


def _arena_autotap(service: Service, question: Any, board: BoardLoader | None) -> Any:
    from planner.arena import autotap_request

    return autotap_request(
        question.request,
        question.game_state,
        seat=question.seat,
        time_limit=question.time_limit,
        cards=service.cards,
    )


def _arena_turn(service: Service, question: Any, board: BoardLoader | None) -> Any:
    from planner.arena_turn import arena_turn_request

    return arena_turn_request(
        question.request,
        question.game_state,
        seat=question.seat,
        time_limit=question.time_limit,
        cards=service.cards,
    )


def _version(service: Service, question: Any, board: BoardLoader | None) -> Any:
    return service.version()


def _method(method: str, answer: Callable[[Service, Any, BoardLoader | None], Any], board: bool) -> Method:
    question = QUESTIONS[method]
    return Method(method, question.help, question.record, answer, reads_board=board)


#: Every method the service answers, by name.
METHODS: Final[dict[str, Method]] = {
    method.name: method
    for method in (
        _method("pay", _pay, board=True),
        _method("max_x", _max_x, board=True),
        _method("could_produce", _could_produce, board=True),
        _method("plan_turn", _plan_turn, board=True),
        _method("arena_autotap", _arena_autotap, board=False),
        _method("arena_turn", _arena_turn, board=False),
        _method("card", _card, board=False),
        Method(
            "version",
            "The planner's version, the contract and board versions, and the methods.",
            None,
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
        from planner.cards.store import CardStore

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
        checked = self._arguments(method, params)
        try:
            board = checked.pop("board", None)
            question = method.record(**checked) if method.record is not None else None
            with one_question():  # (one call, one question: each board analysed once)
                return method.answer(self, question, board)
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
            if isinstance(error, BoardError) and method.reads_board:
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
        ['board_version', 'contract', 'kept', 'methods', 'name', 'version']

        ``kept`` lists what the process keeps across questions (:func:`models.kept.kept_tables`): each table's
        name, size, bound, hits and misses.
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
            "kept": [dataclasses.asdict(table) for table in kept_tables()],
        }

    def _arguments(self, method: Method, params: object) -> dict[str, Any]:
        """The record's keyword arguments (and ``board``, as a loader) for ``params``, each of its JSON kind;
        raises BAD_PARAMS. The record, built from them, checks their values."""
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
        try:
            arguments = read_json(method.params, params)
        except InputError as error:
            raise RpcError(BAD_PARAMS, str(error), {"param": error.param}) from error
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
