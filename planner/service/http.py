"""``mana-planner serve --http``: the service's methods over HTTP, with FastAPI and uvicorn (the ``serve``
extra).

``POST /v1/<method>`` with the params as the JSON body answers the method's result (200), or an error object
``{"error": {"code", "message", "data"}}`` with JSON-RPC's code and a fitting status: 400 for bad input
(-32700, -32600, -32602), 404 for an unknown method (-32601), 413 for a body over 8 MiB, 500 for an internal
error (-32000), 504 when a call overran the time limit. ``GET /v1/schema/board`` is the board file's JSON
Schema; ``/openapi.json`` the OpenAPI document. Calls are answered by a pool of workers (processes, or
threads), off the event loop, so that concurrent requests are answered at once.

>>> parse_address("8080"), parse_address("0.0.0.0:80"), parse_address("[::1]:9000")
(('127.0.0.1', 8080), ('0.0.0.0', 80), ('::1', 9000))
"""

# No "from __future__ import annotations": FastAPI reads the endpoints' annotations, imported where used.

import asyncio
import concurrent.futures
import contextlib
import json
import multiprocessing
import os
import socket
import sys
from collections.abc import AsyncIterator, Awaitable, Callable
from concurrent.futures import Executor
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

from models.errors import InputError
from planner.service.methods import (
    BAD_PARAMS,
    INTERNAL_ERROR,
    INVALID_REQUEST,
    METHODS,
    NOT_JSON,
    UNKNOWN_METHOD,
    RpcError,
    Service,
)
from planner.service.rpc import MAX_REQUEST_BYTES, parse

if TYPE_CHECKING:
    from fastapi import FastAPI

__all__ = ["STATUS", "answer_body", "create_app", "parse_address", "serve_http"]

#: The HTTP status of each JSON-RPC error code.
STATUS: Final = {
    NOT_JSON: 400,
    INVALID_REQUEST: 400,
    BAD_PARAMS: 400,
    UNKNOWN_METHOD: 404,
    INTERNAL_ERROR: 500,
}
#: The host the service binds to unless told otherwise: this machine only.
DEFAULT_HOST: Final = "127.0.0.1"
#: Extra seconds a call may run past its time limit before its request is answered 504.
GRACE_SECONDS: Final = 5.0

#: The service a worker answers with (set in each worker process, or once for the threads).
_service: Service | None = None


def parse_address(text: str) -> tuple[str, int]:
    """``[HOST:]PORT`` as host and port; an IPv6 host is written in brackets, ``[::1]:8080``."""
    host, _, port = text.rpartition(":")
    host = host.removeprefix("[").removesuffix("]") or DEFAULT_HOST
    if not port.isdigit() or int(port) > 65535:
        raise InputError(f"--http: expected [HOST:]PORT with PORT from 0 to 65535, got {text!r}")
    return host, int(port)


def _start_worker(time_limit: float, store: Path | None) -> None:
    """Make the service a worker answers with, and read the planner once."""
    global _service
    import planner.api  # noqa: F401

    _service = Service(time_limit=time_limit, store=store, warnings=sys.stderr)


def _warm_up() -> int:
    """A first call in a worker (so that the first request does not pay for imports); its process id."""
    answer_body("pay", b'{"board": {"version": 1, "players": [{"id": "me"}]}, "cost": "{0}"}')
    return os.getpid()


def answer_body(method: str, body: bytes) -> tuple[int, bytes]:
    """The HTTP status and JSON body that answer ``POST /v1/<method>`` with ``body`` (run in a worker)."""
    service = _service
    assert service is not None, "the worker was not started"
    try:
        params = parse(body) if body.strip() else {}
        result = service.call(method, params)
    except RpcError as error:
        return STATUS.get(error.code, 500), _dumps({"error": error.to_json()})
    except Exception as error:  # a bug: answer it and keep serving
        import traceback

        traceback.print_exc(file=sys.stderr)
        message = f"internal error: {type(error).__name__}. This is a bug in mana-planner: please report it."
        return 500, _dumps({"error": RpcError(INTERNAL_ERROR, message).to_json()})
    return 200, _dumps(result)


def _dumps(data: object) -> bytes:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


class _Workers:
    """The pool that answers calls; a process pool whose worker died is replaced."""

    def __init__(self, kind: str, count: int, time_limit: float, store: Path | None) -> None:
        self.kind = kind
        self.count = count
        self.time_limit = time_limit
        self.store = store
        self.pool = self._new_pool()

    def _new_pool(self) -> Executor:
        if self.kind == "thread":
            _start_worker(self.time_limit, self.store)
            return concurrent.futures.ThreadPoolExecutor(self.count, thread_name_prefix="mana-planner")
        return concurrent.futures.ProcessPoolExecutor(
            self.count,
            mp_context=multiprocessing.get_context("spawn"),
            initializer=_start_worker,
            initargs=(self.time_limit, self.store),
        )

    def warm_up(self) -> None:
        """Start every worker and make a first call in each."""
        for future in [self.pool.submit(_warm_up) for _ in range(self.count)]:
            future.result()

    async def answer(self, method: str, body: bytes) -> tuple[int, bytes]:
        """The answer to one call, worked out in the pool within the time limit (plus a grace)."""
        loop = asyncio.get_running_loop()
        try:
            return await asyncio.wait_for(
                loop.run_in_executor(self.pool, answer_body, method, body),
                timeout=self.time_limit + GRACE_SECONDS,
            )
        except TimeoutError:
            message = f"no answer within the time limit ({self.time_limit:g} s) and its grace: refused"
            return 504, _dumps({"error": RpcError(INTERNAL_ERROR, message).to_json()})
        except BrokenProcessPool:
            self.pool = self._new_pool()
            message = "internal error: the worker answering this call stopped. Please report it."
            return 500, _dumps({"error": RpcError(INTERNAL_ERROR, message).to_json()})

    def shutdown(self) -> None:
        self.pool.shutdown(wait=True, cancel_futures=True)


class _TooLargeError(Exception):
    """A request body over the limit."""


def create_app(workers: "_Workers") -> "FastAPI":
    """The FastAPI application: one ``POST /v1/<method>`` per method, the board schema, OpenAPI."""
    from fastapi import FastAPI, Request
    from fastapi.responses import JSONResponse, Response

    from planner.service.schema import board_schema, openapi_components

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        yield
        workers.shutdown()  # here, not after server.run: uvicorn re-raises SIGTERM once it has stopped

    app = FastAPI(
        lifespan=lifespan,
        title="mana-planner",
        description="Mana payments planned exactly by the rules: contract §8. Each method's result is "
        "exactly what the command prints with --json.",
        version=str(Service().version()["version"]),
    )
    error_schema = {
        "type": "object",
        "properties": {
            "error": {
                "type": "object",
                "properties": {
                    "code": {"type": "integer"},
                    "message": {"type": "string"},
                    "data": {"type": "object"},
                },
                "required": ["code", "message"],
            }
        },
    }
    errors: dict[int | str, dict[str, Any]] = {
        str(status): {"description": why, "content": {"application/json": {"schema": error_schema}}}
        for status, why in (
            (400, "bad input"),
            (404, "unknown method"),
            (413, "body over 8 MiB"),
            (500, "internal error"),
            (504, "time limit overrun"),
        )
    }

    async def read_body(request: Request) -> bytes:
        length = request.headers.get("content-length")
        if length is not None and length.isdigit() and int(length) > MAX_REQUEST_BYTES:
            raise _TooLargeError
        chunks, size = [], 0
        async for chunk in request.stream():
            size += len(chunk)
            if size > MAX_REQUEST_BYTES:
                raise _TooLargeError
            chunks.append(chunk)
        return b"".join(chunks)

    async def answer(method: str, request: Request) -> Response:
        try:
            body = await read_body(request)
        except _TooLargeError:
            limit = f"the request is larger than {MAX_REQUEST_BYTES // (1024 * 1024)} MiB: refused"
            refusal = {"error": RpcError(INVALID_REQUEST, limit).to_json()}
            return JSONResponse(refusal, status_code=413, headers={"Connection": "close"})
        status, content = await workers.answer(method, body)
        return Response(content, status_code=status, media_type="application/json")

    def endpoint_of(name: str) -> Callable[[Request], Awaitable[Response]]:
        async def endpoint(request: Request) -> Response:
            return await answer(name, request)

        return endpoint

    for method in METHODS.values():
        endpoint = endpoint_of(method.name)

        app.post(
            f"/v1/{method.name}",
            summary=method.help,
            operation_id=method.name,
            response_class=Response,
            responses={"200": {"description": "the result"}, **errors},
            openapi_extra={
                "requestBody": {
                    "required": method.name != "version",
                    "content": {"application/json": {"schema": method.schema()}},
                }
            },
        )(endpoint)

    @app.post("/v1/{name}", include_in_schema=False)
    async def unknown(name: str, request: Request) -> Response:
        return await answer(name, request)

    schema = board_schema()

    @app.get("/v1/schema/board", summary="The board file's JSON Schema.")
    async def board_schema_endpoint() -> JSONResponse:
        return JSONResponse(schema)

    original_openapi = app.openapi

    def openapi() -> dict[str, Any]:
        document = original_openapi()
        document.setdefault("components", {}).setdefault("schemas", {}).update(openapi_components())
        return document

    app.openapi = openapi  # type: ignore[method-assign]
    return app


def serve_http(
    host: str,
    port: int,
    *,
    time_limit: float,
    store: Path | None = None,
    workers: int | None = None,
    pool: str = "process",
) -> None:
    """Serve the methods on ``host:port`` until stopped (Ctrl-C, SIGTERM); prints the address on stderr."""
    try:
        import uvicorn
    except ImportError:
        raise InputError("--http needs FastAPI and uvicorn: pip install 'mana-planner[serve]'") from None
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    try:
        sock = socket.create_server((host, port), family=family, reuse_port=False)
    except OSError as error:
        raise InputError(f"--http: cannot listen on {host}:{port}: {error.strerror or error}") from None
    # Answers go out at once: accepted connections inherit this (asyncio sets it only for sockets it makes).
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    answering = _Workers(pool, workers or os.cpu_count() or 1, time_limit, store)
    try:
        answering.warm_up()
        app = create_app(answering)
        config = uvicorn.Config(app, log_level="warning", access_log=False, timeout_graceful_shutdown=5)
        server = uvicorn.Server(config)
        shown = f"[{host}]" if family == socket.AF_INET6 else host
        print(f"mana-planner: serving on http://{shown}:{sock.getsockname()[1]}", file=sys.stderr, flush=True)
        server.run(sockets=[sock])
    finally:
        answering.shutdown()
        sock.close()
