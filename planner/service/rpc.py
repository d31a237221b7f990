"""JSON-RPC 2.0 framing: one request (or a batch) per line in, one response (or a batch) per line out.

:func:`answer_line` turns one line into the line to write back (``None`` when nothing is answered: a
notification, a request without ``id``, gets no answer, as JSON-RPC says). :func:`serve_stdio` reads lines
until the end of input and answers each in order. A line that is not JSON, not a request, too large, or a
call that fails, is answered with an error; nothing stops the service but the end of its input.

>>> from planner.service.methods import Service
>>> service = Service()
>>> answer_line(service, b'{"jsonrpc": "2.0", "method": "card", "params": {"name": "Forest"}, "id": 1}')[:40]
b'{"jsonrpc":"2.0","result":{"name":"Fores'
>>> json.loads(answer_line(service, b'{"jsonrpc": "2.0", "method": "nope", "id": 2}'))["error"]["code"]
-32601
>>> json.loads(answer_line(service, b'[1'))["error"]
{'code': -32700, 'message': "invalid JSON at line 1 column 3: Expecting ',' delimiter"}
"""

from __future__ import annotations

import contextlib
import json
import os
import sys
import traceback
from typing import Any, BinaryIO, Final

from models.errors import BoardError
from models.limits import not_text
from planner.service.methods import (
    INVALID_REQUEST,
    NOT_JSON,
    RpcError,
    Service,
    internal_error,
)

__all__ = [
    "MAX_REQUEST_BYTES",
    "answer_line",
    "answer_message",
    "dumps",
    "error_response",
    "parse",
    "serve_stdio",
]

#: The largest request (a line, or an HTTP body) the service reads: 8 MiB. A larger one is refused.
MAX_REQUEST_BYTES: Final = 8 * 1024 * 1024
#: The members a request object may have.
_MEMBERS: Final = ("jsonrpc", "method", "params", "id")


def parse(text: bytes) -> object:
    """A request's JSON, parsed as board files are (fields given twice are kept for the checks to refuse);
    raises :class:`RpcError` ``-32700`` when it is not UTF-8 JSON."""
    from models.board import loads_json

    try:
        decoded = text.decode("utf-8")
    except UnicodeDecodeError as error:
        raise RpcError(NOT_JSON, f"the request is not UTF-8 text ({error.reason})") from None
    try:
        return loads_json(decoded, "request")
    except BoardError as error:
        raise RpcError(NOT_JSON, str(error).removeprefix("request: (root): ")) from None


def error_response(request_id: object, error: RpcError) -> dict[str, Any]:
    """The response object carrying an error."""
    return {"jsonrpc": "2.0", "error": error.to_json(), "id": request_id}


def answer_line(service: Service, line: bytes) -> bytes | None:
    """The line (UTF-8 JSON, no newline) that answers one line of requests, or None when there is nothing
    to answer (notifications only)."""
    try:
        message = parse(line)
    except RpcError as error:
        return dumps(error_response(None, error))
    if isinstance(message, list):
        if not message:
            return dumps(error_response(None, RpcError(INVALID_REQUEST, "an empty batch: send requests")))
        answers = [answer for answer in map(lambda m: answer_message(service, m), message) if answer]
        return dumps(answers) if answers else None
    answer = answer_message(service, message)
    return None if answer is None else dumps(answer)


def answer_message(service: Service, message: object) -> dict[str, Any] | None:
    """The response to one request object (None for a notification)."""
    if not isinstance(message, dict):
        error = RpcError(INVALID_REQUEST, "a request must be a JSON object with jsonrpc, method and id")
        return error_response(None, error)
    request_id = message.get("id")
    if not (request_id is None or isinstance(request_id, str) or _is_number(request_id)):
        return error_response(None, RpcError(INVALID_REQUEST, "id: expected a string, a number or null"))
    if isinstance(request_id, str) and (problem := not_text(request_id)) is not None:
        return error_response(None, RpcError(INVALID_REQUEST, f"id: {problem}"))
    try:
        method, params = _checked_request(message)
    except RpcError as error:
        return error_response(request_id, error)
    try:
        result = service.call(method, params)
    except RpcError as error:
        answer = error_response(request_id, error)
    except Exception as error:  # a bug: answer it, report it, and keep serving
        print(f"mana-planner: internal error in {method}:", file=sys.stderr)
        traceback.print_exc(file=sys.stderr)
        answer = error_response(request_id, internal_error(error))
    else:
        answer = {"jsonrpc": "2.0", "result": result, "id": request_id}
    return answer if "id" in message else None


def _is_number(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _checked_request(message: dict[str, Any]) -> tuple[str, object]:
    """The method and params of a request object; raises ``-32600`` when it is not a request."""
    for key in message:
        if key not in _MEMBERS:
            members = ", ".join(_MEMBERS)
            raise RpcError(INVALID_REQUEST, f"unknown member {key[:60]!r}: a request has {members}")
    duplicates = getattr(message, "duplicates", ())
    if duplicates:
        raise RpcError(INVALID_REQUEST, f"member {duplicates[0]!r} is given more than once")
    if message.get("jsonrpc") != "2.0":
        raise RpcError(INVALID_REQUEST, 'jsonrpc: must be "2.0"')
    method = message.get("method")
    if not isinstance(method, str):
        raise RpcError(INVALID_REQUEST, "method: expected the method's name, a string")
    params = message.get("params")
    if params is not None and not isinstance(params, dict | list):
        raise RpcError(INVALID_REQUEST, "params: expected an object")
    return method, params


def dumps(data: object) -> bytes:
    """An answer as UTF-8 JSON. A string that is not Unicode text (a client's own, echoed) keeps its lone
    surrogate as a JSON escape, ``"\\ud800"``, rather than failing to encode.

    >>> dumps({"id": "x\\ud800", "é": 1})
    b'{"id":"x\\\\ud800","\\xc3\\xa9":1}'
    """
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode("utf-8", "backslashreplace")


def serve_stdio(service: Service, source: BinaryIO, sink: BinaryIO) -> None:
    """Answer the requests read from ``source``, one line each, on ``sink`` in order, until the end of the
    input (or until the reader goes away)."""
    while True:
        line = source.readline(MAX_REQUEST_BYTES + 1)
        if not line:
            return
        if len(line) > MAX_REQUEST_BYTES and not line.endswith(b"\n"):
            _skip_line(source)
            limit = f"the request is larger than {MAX_REQUEST_BYTES // (1024 * 1024)} MiB: refused"
            answer: bytes | None = dumps(error_response(None, RpcError(INVALID_REQUEST, limit)))
        elif not line.strip():
            continue
        else:
            try:
                answer = answer_line(service, line)
            except Exception as error:  # a bug outside any call: answered and reported; the service goes on
                traceback.print_exc(file=sys.stderr)
                answer = dumps(error_response(None, internal_error(error)))
        if answer is None:
            continue
        try:
            sink.write(answer + b"\n")
            sink.flush()
        except BrokenPipeError:  # the client went away: nothing more to answer
            _silence(sink)
            return


def _skip_line(source: BinaryIO) -> None:
    """Read and drop the rest of an over-long line."""
    while True:
        chunk = source.readline(1024 * 1024)
        if not chunk or chunk.endswith(b"\n"):
            return


def _silence(sink: BinaryIO) -> None:
    """Point a closed pipe at the null device, so that closing it at exit does not complain."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sink.fileno())
        os.close(devnull)
    except (OSError, ValueError):
        pass


def serve_stdio_process(*, time_limit: float, store: os.PathLike[str] | None = None) -> None:
    """``mana-planner serve``: answer on this process's standard output what comes on its standard input.

    The answers go to the original standard output; anything else that would write there (a stray print, a
    library's log) goes to standard error instead, so the protocol's stream holds answers only.
    """
    from pathlib import Path

    import planner.api  # noqa: F401  (read once, before the first request)

    sys.stdout.flush()
    sink = os.fdopen(os.dup(sys.stdout.fileno()), "wb")
    os.dup2(sys.stderr.fileno(), sys.stdout.fileno())
    service = Service(time_limit=time_limit, store=Path(store) if store else None, warnings=sys.stderr)
    service.warm_up()
    try:
        serve_stdio(service, sys.stdin.buffer, sink)
    except KeyboardInterrupt:
        pass
    finally:
        with contextlib.suppress(BrokenPipeError):
            sink.close()
