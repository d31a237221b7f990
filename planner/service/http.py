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
import collections
import concurrent.futures
import contextlib
import gc
import multiprocessing
import os
import signal
import socket
import sys
from collections.abc import AsyncIterator, Awaitable, Callable
from multiprocessing.connection import Connection
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

from models.errors import InputError, InternalError
from models.limits import shortened
from planner.service.methods import (
    BAD_PARAMS,
    INTERNAL_ERROR,
    INVALID_REQUEST,
    METHODS,
    NOT_JSON,
    UNKNOWN_METHOD,
    RpcError,
    Service,
    internal_error,
)
from planner.service.rpc import MAX_REQUEST_BYTES, dumps, parse

if TYPE_CHECKING:
    from multiprocessing.context import SpawnContext

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
#: How often a call being answered looks whether its client is still there (seconds).
DISCONNECT_POLL_SECONDS: Final = 0.25
#: The most of a streamed body over the limit that is read (and dropped) before its 413.
DRAIN_BYTES: Final = 64 * 1024 * 1024

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


def answer_body(method: str, body: bytes) -> tuple[int, bytes]:
    """The HTTP status and JSON body that answer ``POST /v1/<method>`` with ``body`` (run in a worker;
    within :func:`planner.api.fast_path_only`, raises ``SolverNeededError`` for a call that needs CP-SAT)."""
    from planner.api import SolverNeededError

    service = _service
    assert service is not None, "the worker was not started"
    try:
        params = parse(body) if body.strip() else {}
        content = dumps(service.call(method, params))
    except RpcError as error:
        return STATUS.get(error.code, 500), dumps({"error": error.to_json()})
    except SolverNeededError:
        raise
    except Exception as error:  # a bug: answer it and keep serving
        import traceback

        traceback.print_exc(file=sys.stderr)
        return 500, dumps({"error": internal_error(error).to_json()})
    return 200, content


def _refusal(status: int, message: str) -> tuple[int, bytes]:
    return status, dumps({"error": RpcError(INTERNAL_ERROR, message).to_json()})


def _overrun(time_limit: float) -> tuple[int, bytes]:
    return _refusal(504, f"no answer within the time limit ({time_limit:g} s) and its grace: refused")


#: The answer to a call whose worker process stopped while answering it.
_WORKER_LOST: Final = "internal error: the worker answering this call stopped. Please report it."


class _Workers:
    """What answers the calls, off the event loop: :class:`_ThreadWorkers` or :class:`_ProcessWorkers`."""

    def warm_up(self) -> None:
        """Start every worker and make the first calls in each (before the server starts)."""
        raise NotImplementedError

    async def answer(self, method: str, body: bytes) -> tuple[int, bytes]:
        """The answer to one call, worked out by a worker within the time limit (plus a grace)."""
        raise NotImplementedError

    def shutdown(self) -> None:
        """Stop the workers (calls still being answered are dropped)."""
        raise NotImplementedError


def _workers(kind: str, count: int, time_limit: float, store: Path | None) -> _Workers:
    """The workers of ``--pool`` ``kind``."""
    if kind == "thread":
        return _ThreadWorkers(count, time_limit, store)
    return _ProcessWorkers(count, time_limit, store)


#: The largest body that threads' server answers on its event loop when the fast path can (a board of about
#: 150 permanents: a few milliseconds at most, read or found in the cache).
INLINE_MAX_BYTES: Final = 16 * 1024
#: The methods that the fast path alone may answer (``max_x`` too, where ``pay`` is answered so).
_INLINE_METHODS: Final = frozenset({"pay", "max_x", "could_produce", "card", "version"})


class _ThreadWorkers(_Workers):
    """Threads of the server's process, sharing one service (and its board cache). A small call (at most
    :data:`INLINE_MAX_BYTES`) is answered on the event loop itself when the fast path answers it: threads
    of one process take turns anyway, and handing a call of a millisecond or two to a thread and back costs
    about as much again. A call that needs CP-SAT (:func:`planner.api.fast_path_only` tells) goes to the
    threads, and so does any larger one."""

    def __init__(self, count: int, time_limit: float, store: Path | None) -> None:
        self.time_limit = time_limit
        _start_worker(time_limit, store)
        self.pool = concurrent.futures.ThreadPoolExecutor(count, thread_name_prefix="mana-planner")

    def warm_up(self) -> None:
        assert _service is not None
        _service.warm_up()

    async def answer(self, method: str, body: bytes) -> tuple[int, bytes]:
        if method in _INLINE_METHODS and len(body) <= INLINE_MAX_BYTES:
            from planner.api import SolverNeededError, fast_path_only

            try:
                with fast_path_only():
                    return answer_body(method, body)
            except SolverNeededError:
                pass
        loop = asyncio.get_running_loop()
        try:
            return await asyncio.wait_for(
                loop.run_in_executor(self.pool, answer_body, method, body),
                timeout=self.time_limit + GRACE_SECONDS,
            )
        except TimeoutError:
            return _overrun(self.time_limit)

    def shutdown(self) -> None:
        self.pool.shutdown(wait=True, cancel_futures=True)


def _worker_main(connection: Connection, time_limit: float, store: Path | None) -> None:
    """A worker process: warm up, say so, then answer each call that comes down the pipe until it closes.

    A call is the method's name (its length in 4 bytes first, then UTF-8) followed by the body; the answer
    is the HTTP status in 2 bytes followed by the JSON body. Ctrl-C is the server's to handle: it stops
    its workers by closing their pipes.
    """
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _start_worker(time_limit, store)
    assert _service is not None
    _service.warm_up()
    connection.send_bytes(b"ready")
    while True:
        try:
            call = connection.recv_bytes()
        except (EOFError, OSError):
            return
        size = int.from_bytes(call[:4], "big")
        method = call[4 : 4 + size].decode("utf-8", "surrogatepass")
        status, content = answer_body(method, call[4 + size :])
        try:
            connection.send_bytes(status.to_bytes(2, "big") + content)
        except OSError:
            return


#: A call waiting for a worker: what is written to the worker, the future its answer goes to, and whether a
#: worker already stopped while answering it.
_Call = tuple[bytes, "asyncio.Future[tuple[int, bytes]]", bool]


class _ProcessWorker:
    """One worker process and the pipe to it: it answers one call at a time."""

    def __init__(self, context: "SpawnContext", time_limit: float, store: Path | None) -> None:
        ours, theirs = context.Pipe()
        self.process = context.Process(
            target=_worker_main, args=(theirs, time_limit, store), name="mana-planner-worker", daemon=True
        )
        self.process.start()
        theirs.close()
        self.connection = ours
        self.ready = False  # (its first message says it is)
        self.answering: asyncio.Future[tuple[int, bytes]] | None = None
        self.call = b""  # (the call it is answering, and whether it is the call's second worker)
        self.retried = False

    def stop(self) -> None:
        """Close the pipe (the worker then ends) and see the process gone, killed if it must be."""
        self.connection.close()
        self.process.join(timeout=5)
        if self.process.is_alive():
            self.process.kill()
            self.process.join(timeout=5)


class _ProcessWorkers(_Workers):
    """Worker processes (spawned: each with its own service and board cache), each talked to over its own
    pipe from the event loop itself, without threads in between: a call is written to an idle worker's
    pipe (or waits its turn), and the loop reads the answer when the pipe is readable. A worker that stops
    is replaced, and the call it was answering goes to another worker (a call whose second worker stops too
    gets a 500: it may be what stops them); one still busy past the time limit and its grace
    is stopped and replaced (its call gets a 504)."""

    def __init__(self, count: int, time_limit: float, store: Path | None) -> None:
        self.context = multiprocessing.get_context("spawn")
        self.time_limit = time_limit
        self.store = store
        self.workers = [self._start() for _ in range(count)]
        self.idle: collections.deque[_ProcessWorker] = collections.deque()
        self.waiting: collections.deque[_Call] = collections.deque()
        self.loop: asyncio.AbstractEventLoop | None = None

    def _start(self) -> _ProcessWorker:
        return _ProcessWorker(self.context, self.time_limit, self.store)

    def warm_up(self) -> None:
        for worker in self.workers:
            if not worker.connection.poll(120) or worker.connection.recv_bytes() != b"ready":
                raise InternalError("a worker process did not start")
            worker.ready = True
            self.idle.append(worker)

    def _watch(self, loop: asyncio.AbstractEventLoop) -> None:
        """Read the workers' pipes on this loop (the server's: it is only known once it runs)."""
        self.loop = loop
        for worker in self.workers:
            loop.add_reader(worker.connection.fileno(), self._on_message, worker)

    async def answer(self, method: str, body: bytes) -> tuple[int, bytes]:
        loop = asyncio.get_running_loop()
        if self.loop is not loop:
            self._watch(loop)
        name = method.encode("utf-8", "surrogatepass")
        future: asyncio.Future[tuple[int, bytes]] = loop.create_future()
        self.waiting.append((len(name).to_bytes(4, "big") + name + body, future, False))
        self._dispatch()
        try:
            return await asyncio.wait_for(future, timeout=self.time_limit + GRACE_SECONDS)
        except TimeoutError:
            self._stop_answering(future)
            return _overrun(self.time_limit)
        except asyncio.CancelledError:  # its client went away: a call still waiting is never started
            self._stop_answering(future)
            raise

    def _stop_answering(self, future: "asyncio.Future[tuple[int, bytes]]") -> None:
        """Stop the worker still answering a call nobody waits for, lest it hold a core for nothing."""
        for worker in self.workers:
            if worker.answering is future:
                self._replace(worker)

    def _dispatch(self) -> None:
        """Hand waiting calls to idle workers."""
        while self.waiting and self.idle:
            call, future, retried = self.waiting.popleft()
            if future.done():  # (timed out while it waited)
                continue
            worker = self.idle.popleft()
            try:
                worker.connection.send_bytes(call)
            except OSError:  # the worker is gone: the call goes to the next one
                self.waiting.appendleft((call, future, retried))
                self._replace(worker)
                continue
            worker.answering, worker.call, worker.retried = future, call, retried

    def _on_message(self, worker: _ProcessWorker) -> None:
        """A worker's pipe is readable: its answer (or its first message, or its end)."""
        try:
            message = worker.connection.recv_bytes()
        except (EOFError, OSError):
            self._replace(worker)
            return
        if worker.ready:
            future, worker.answering, worker.call = worker.answering, None, b""
            if future is not None and not future.done():
                future.set_result((int.from_bytes(message[:2], "big"), message[2:]))
        worker.ready = True
        self.idle.append(worker)
        self._dispatch()

    def _replace(self, worker: _ProcessWorker) -> None:
        """Stop a worker that stopped answering and start another; the call it had goes to another worker,
        or gets a 500 if this was its second."""
        if worker not in self.workers:
            return
        self.workers.remove(worker)
        if worker in self.idle:
            self.idle.remove(worker)
        if self.loop is not None:
            self.loop.remove_reader(worker.connection.fileno())
        if worker.answering is not None and not worker.answering.done():
            if worker.retried:
                worker.answering.set_result(_refusal(500, _WORKER_LOST))
            else:
                self.waiting.appendleft((worker.call, worker.answering, True))
        worker.process.kill()
        worker.stop()
        if not worker.ready:  # it stopped before it started: another would too
            print("mana-planner: a worker process could not start", file=sys.stderr, flush=True)
            return
        replacement = self._start()
        self.workers.append(replacement)
        if self.loop is not None:
            self.loop.add_reader(replacement.connection.fileno(), self._on_message, replacement)
        if self.loop is not None and self.waiting:
            self.loop.call_soon(self._dispatch)

    def shutdown(self) -> None:
        workers, self.workers = self.workers, []
        self.idle.clear()
        for worker in workers:
            if self.loop is not None and not self.loop.is_closed():
                self.loop.remove_reader(worker.connection.fileno())
            worker.stop()


class _TooLargeError(Exception):
    """A request body over the limit."""


def create_app(workers: "_Workers") -> "FastAPI":
    """The FastAPI application: one ``POST /v1/<method>`` per method, the board schema, OpenAPI."""
    from fastapi import FastAPI, Request
    from fastapi.responses import JSONResponse, Response
    from starlette.exceptions import HTTPException as StarletteHTTPException
    from starlette.requests import ClientDisconnect

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
        """The body; raises ``_TooLargeError`` past the limit. A streamed body past it is still read to its
        end (up to :data:`DRAIN_BYTES`, dropped): closing a connection with a body unread resets it, and
        the client may then never see the 413."""
        length = request.headers.get("content-length")
        if length is not None and length.isdigit() and int(length) > MAX_REQUEST_BYTES:
            raise _TooLargeError
        chunks, size = [], 0
        async for chunk in request.stream():
            size += len(chunk)
            if size > DRAIN_BYTES:
                break
            if size <= MAX_REQUEST_BYTES:
                chunks.append(chunk)
        if size > MAX_REQUEST_BYTES:
            raise _TooLargeError
        return b"".join(chunks)

    async def answer(method: str, request: Request) -> Response:
        try:
            body = await read_body(request)
        except _TooLargeError:
            limit = f"the request is larger than {MAX_REQUEST_BYTES // (1024 * 1024)} MiB: refused"
            refusal = {"error": RpcError(INVALID_REQUEST, limit).to_json()}
            return JSONResponse(refusal, status_code=413, headers={"Connection": "close"})
        except ClientDisconnect:  # the client went away before its body ended: nobody to answer
            return Response(status_code=400)
        call = asyncio.ensure_future(workers.answer(method, body))
        while not (await asyncio.wait({call}, timeout=DISCONNECT_POLL_SECONDS))[0]:
            if await request.is_disconnected():  # nobody waits for the answer: the call is dropped
                call.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await call
                return Response(status_code=400)
        status, content = call.result()
        return Response(content, status_code=status, media_type="application/json")

    async def not_an_endpoint(request: Request, error: Exception) -> Response:
        """A path, or an HTTP method, outside the API: the project's error shape, not FastAPI's."""
        status = getattr(error, "status_code", 404)
        where = f"{request.method} {shortened(request.url.path)}"
        message = f"{where}: not part of the API (POST /v1/<method>; {', '.join(METHODS)})"
        code = UNKNOWN_METHOD if status == 404 else INVALID_REQUEST
        return JSONResponse({"error": RpcError(code, message).to_json()}, status_code=status)

    app.add_exception_handler(StarletteHTTPException, not_an_endpoint)

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
    answering = _workers(pool, workers or os.cpu_count() or 1, time_limit, store)
    try:
        answering.warm_up()
        app = create_app(answering)
        config = uvicorn.Config(app, log_level="warning", access_log=False, timeout_graceful_shutdown=5)
        server = uvicorn.Server(config)
        gc.collect()  # what is loaded now lives as long as the server: out of the collector's way
        gc.freeze()
        shown = f"[{host}]" if family == socket.AF_INET6 else host
        print(f"mana-planner: serving on http://{shown}:{sock.getsockname()[1]}", file=sys.stderr, flush=True)
        server.run(sockets=[sock])
    finally:
        answering.shutdown()
        sock.close()
