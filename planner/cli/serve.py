"""`mana-planner serve`: answer JSON-RPC requests on standard input and output, or over HTTP."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from models.errors import InputError
from planner.cli.common import command

_DEFAULT_TIME_LIMIT = 10.0


@command("serve")
def serve_command(
    http: Annotated[
        str | None,
        typer.Option(
            "--http",
            metavar="[HOST:]PORT",
            help="Serve HTTP instead (POST /v1/<method>; needs the 'serve' extra). HOST defaults to "
            "127.0.0.1; PORT 0 picks a free port. The address is printed on standard error.",
            show_default=False,
        ),
    ] = None,
    time_limit: Annotated[
        float,
        typer.Option(
            "--time-limit",
            metavar="S",
            help="Seconds a call may take: the default for calls that give no time_limit, and the most "
            "one may ask for.",
        ),
    ] = _DEFAULT_TIME_LIMIT,
    workers: Annotated[
        int | None,
        typer.Option(
            "--workers",
            metavar="N",
            help="HTTP only: how many calls are answered at once. Default: the number of cores.",
            show_default=False,
        ),
    ] = None,
    pool: Annotated[
        str,
        typer.Option("--pool", metavar="process|thread", help="HTTP only: what answers the calls."),
    ] = "process",
    store: Annotated[
        Path | None,
        typer.Option(
            "--store",
            metavar="PATH",
            help="The card store, opened once for every call, that card names are looked up in before the "
            "built-in catalogue. Default: $MANA_PLANNER_CARDS, else cards.sqlite3 in the user data folder.",
            show_default=False,
        ),
    ] = None,
) -> None:
    """Answer JSON-RPC 2.0 requests, one JSON object per line on standard input, one answer per line on
    standard output, in order, until the end of the input.

    Methods: pay, max_x, could_produce, card, version; params are the commands' long option names
    (cost, for, colors, kind, commander, keep, hand, player, x, time_limit, strict; name for card) and board
    (the board file's content as an object). The result is exactly what the command prints with --json.
    Warnings about Oracle text the parser does not understand go to standard error, once per board.
    docs/service.md has the protocol, the errors and the HTTP endpoints.
    """
    if not time_limit > 0:
        raise InputError(f"--time-limit: must be more than 0 seconds, got {time_limit:g}")
    if workers is not None and workers < 1:
        raise InputError(f"--workers: must be 1 or more, got {workers}")
    if pool not in ("process", "thread"):
        raise InputError(f"--pool: expected 'process' or 'thread', got {pool!r}")
    if http is None:
        from planner.service.rpc import serve_stdio_process

        serve_stdio_process(time_limit=time_limit, store=store)
        return
    from planner.service.http import parse_address, serve_http

    host, port = parse_address(http)
    serve_http(host, port, time_limit=time_limit, store=store, workers=workers, pool=pool)
