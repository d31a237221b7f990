"""What every ``mana-planner`` command shares: the app, the one-line error handling, the board option, tables.

Each command makes one call into :mod:`planner` or :mod:`models` and formats the answer: a readable table
by default, one JSON object with ``--json``. Exit codes: 0 success, 1 when the answer is "no", 2 on bad
input. Bad input of any kind (a :class:`~models.errors.PlannerError`) prints one line,
``mana-planner: <message>``, on standard error and exits 2, never a traceback; errors about a board file
name the file. A board file given as ``-`` is read from standard input.
"""

from __future__ import annotations

import functools
import json
import re
import sys
from collections.abc import Callable, Sequence
from contextvars import ContextVar
from typing import TYPE_CHECKING, Annotated, Any, TypeVar, cast

import typer
from typer._click import exceptions as click_errors  # (typer's own Click: its errors are these)
from typer.core import TyperCommand, TyperGroup

from models.errors import InputError, InternalError, PlannerError
from models.limits import shortened
from planner.requests import about_board
from planner.tables import table

if TYPE_CHECKING:
    from models.board import Board
    from models.carddata.names import CardResolver

__all__ = [
    "EXIT_BAD_INPUT",
    "EXIT_INTERNAL",
    "EXIT_NO",
    "EXIT_TIME_LIMIT",
    "PROG",
    "PlainHelpCommand",
    "SchedulerOpt",
    "StoreOpt",
    "WorkersOpt",
    "about_board",
    "app",
    "card_resolver",
    "checked_plot_path",
    "command",
    "load_board",
    "one_line_errors",
    "print_json",
    "table",
]

PROG = "mana-planner"
#: Exit code for bad input of any kind (click uses the same for usage errors).
EXIT_BAD_INPUT = 2
#: Exit code when the answer is "no" (the cost is not payable).
EXIT_NO = 1
#: Exit code for an internal error: a bug in the planner, not in the input (contract §9).
EXIT_INTERNAL = 3
#: Exit code when no answer was found within the time limit (contract §9): a time-out is not a "no".
EXIT_TIME_LIMIT = 4
#: The board-file name used in messages when the board comes from standard input.
STDIN_SOURCE = "<stdin>"
#: What the board file this command read could not hold (a Forge puzzle's lines), for its JSON ``warnings``.
_READ_WARNINGS: ContextVar[tuple[str, ...]] = ContextVar("read_warnings", default=())


class _OneLineErrors(TyperGroup):
    """The command group whose usage errors (an unknown option, ``--x -1``, ``--kind spells``) are one line,
    ``mana-planner: <message>``, and exit 2, like every other bad input: not Click's usage block."""

    def main(
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        windows_expand_args: bool = True,
        **extra: Any,
    ) -> Any:
        if not standalone_mode:
            return super().main(args, prog_name, complete_var, False, windows_expand_args, **extra)
        _tolerant_stdout()
        try:
            returned = super().main(args, prog_name, complete_var, False, windows_expand_args, **extra)
        except click_errors.NoArgsIsHelpError as error:  # (no arguments: the help, as asked)
            error.show()
            sys.exit(error.exit_code)
        except click_errors.ClickException as error:
            message = " ".join(error.format_message().split()).replace("Value error, ", "")
            typer.echo(f"{PROG}: {shortened(message, 300)}", err=True)
            sys.exit(error.exit_code)
        except typer.Abort:
            typer.echo(f"{PROG}: aborted", err=True)
            sys.exit(1)
        sys.exit(returned if isinstance(returned, int) else 0)


def _tolerant_stdout() -> None:
    """Let standard output write what UTF-8 can't hold (a file name's byte that is not UTF-8, echoed) as a
    backslash escape (valid in JSON strings) rather than fail, as standard error does."""
    if getattr(sys.stdout, "errors", None) == "strict" and hasattr(sys.stdout, "reconfigure"):
        sys.stdout.reconfigure(errors="backslashreplace")


app = typer.Typer(
    cls=_OneLineErrors,
    name=PROG,
    help="Plan mana payments in Magic: The Gathering exactly by the rules.\n\n"
    "Every command that reads a board takes a board file (JSON; '-' reads standard input), prints a "
    "readable table, or one JSON object with --json, and exits 0 on success, 1 when the answer is 'no', "
    "2 on bad input, 3 on an internal error (a bug: please report it), 4 when the time limit ran out "
    "before any answer.",
    no_args_is_help=True,
    add_completion=True,
    pretty_exceptions_show_locals=False,
    rich_markup_mode=None,
)


def _print_version(asked: bool) -> None:
    if asked:
        from importlib.metadata import PackageNotFoundError, version

        try:
            number = version("mana-planner")
        except PackageNotFoundError:  # run from a checkout that was never installed
            number = "unknown (not installed)"
        typer.echo(f"{PROG} {number}")
        raise typer.Exit()


@app.callback()
def _options(
    show_version: Annotated[
        bool,
        typer.Option("--version", help="Print the version and exit.", callback=_print_version, is_eager=True),
    ] = False,
) -> None:
    """Plan mana payments in Magic: The Gathering exactly by the rules.

    Every command that reads a board takes a board file (JSON; '-' reads standard input), prints a readable
    table, or one JSON object with --json, and exits 0 on success, 1 when the answer is 'no', 2 on bad
    input, 3 on an internal error (a bug: please report it), 4 when the time limit ran out before any
    answer. --install-completion installs shell completion for your shell.
    """


# --------------------------------------------------------------------------------------------------------
# Shared arguments, options and helpers (every board command uses these)

_Command = TypeVar("_Command", bound=Callable[..., None])


def one_line_errors(function: _Command) -> _Command:
    """The command with errors raised inside it turned into one line on stderr: exit 2 for bad input, exit 3
    (with a request to report it) for an internal error."""

    @functools.wraps(function)
    def run(*args: Any, **kwargs: Any) -> None:
        try:
            function(*args, **kwargs)
        except InternalError as error:
            typer.echo(f"{PROG}: {error}. This is a bug in mana-planner: please report it.", err=True)
            raise typer.Exit(EXIT_INTERNAL) from None
        except PlannerError as error:
            typer.echo(f"{PROG}: {error}", err=True)
            raise typer.Exit(EXIT_BAD_INPUT) from None

    return cast(_Command, run)


class PlainHelpCommand(TyperCommand):
    """A command whose help names its arguments as users type them: ``BOARD COST``, not typer's
    ``{BOARD} {COST}`` and ``BOARD <str>`` (their types are in their help)."""

    def get_usage(self, ctx: typer.Context) -> str:  # type: ignore[override]
        return plain_metavars(super().get_usage(ctx))

    def get_help(self, ctx: typer.Context) -> str:  # type: ignore[override]
        return plain_metavars(super().get_help(ctx))


def plain_metavars(text: str) -> str:
    r"""Help text with the usage line's required arguments shown bare and string arguments listed without
    their type.

    >>> help = "Usage: mana-planner pay [OPTIONS] {BOARD} {COST}\nArguments:\n  BOARD <str>  Board."
    >>> print(plain_metavars(help))
    Usage: mana-planner pay [OPTIONS] BOARD COST
    Arguments:
      BOARD        Board.
    """
    lines = text.split("\n")
    for number, line in enumerate(lines):
        if line.startswith("Usage:"):
            lines[number] = re.sub(r"\{([A-Z][A-Z_]+)\}", r"\1", line)
        elif match := re.match(r"^(\s+\[?[A-Z][A-Z_]*\]?) <str>", line):
            lines[number] = match.group(1) + " " * len(" <str>") + line[match.end() :]
    return "\n".join(lines)


def command(name: str) -> Callable[[_Command], _Command]:
    """Register a command on :data:`app`; bad input raised inside it becomes one line on stderr and exit 2."""

    def register(function: _Command) -> _Command:
        app.command(name, cls=PlainHelpCommand)(one_line_errors(function))
        return function

    return register


BoardArg = Annotated[
    str,
    typer.Argument(
        metavar="BOARD",
        help="Board file (JSON, format in the README, or a Forge puzzle .pzl); '-' reads standard input.",
        show_default=False,
    ),
]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print one JSON object instead of a table.")]
StrictOpt = Annotated[
    bool,
    typer.Option(
        "--strict",
        help="Make Oracle text the parser does not understand an error (exit 2) instead of a warning "
        "on stderr.",
    ),
]


StoreOpt = Annotated[
    str | None,
    typer.Option(
        "--store",
        metavar="PATH",
        help="The card store (the SQLite file 'cards import' writes) that card names are looked up in "
        "before the built-in catalogue. Default: $MANA_PLANNER_CARDS, else cards.sqlite3 in the user data "
        "directory; a store that does not exist yet means the catalogue alone.",
        show_default=False,
    ),
]
#: ``--workers`` and ``--scheduler``: the simulations on Dask (:mod:`planner.sim.cluster`).
WorkersOpt = Annotated[
    int,
    typer.Option(
        "--workers",
        metavar="N",
        help="Run on a Dask LocalCluster of N worker processes (N > 1; needs the 'cluster' extra): the same "
        "answer as one worker, faster.",
    ),
]
SchedulerOpt = Annotated[
    str | None,
    typer.Option(
        "--scheduler",
        metavar="tcp://HOST:8786",
        help="Run on the workers of this running Dask scheduler (each with mana-planner installed).",
        show_default=False,
    ),
]


def card_resolver(store: str | None = None) -> CardResolver:
    """The resolver of card names: the card store at ``store`` (default: :func:`default_store_path`), then
    the built-in catalogue. Nothing is opened until a name is looked up; a file there that is not an SQLite
    database is an error now, a missing one means the catalogue alone.

    >>> card_resolver("/nonexistent/cards.sqlite3").resolve("forest").source
    'catalogue'
    """
    from models.carddata.names import CardResolver
    from planner.cards.store import CardStore

    opened = CardStore(store)
    opened.check_file()
    return CardResolver(opened)


def load_board(path: str, strict: bool = False, *, store: str | None = None) -> tuple[Board, str]:
    """Read a board file ('-' is standard input) and report its unsupported text; returns it and its name.

    Card names are resolved through :func:`card_resolver` (the card store ``store``, then the catalogue).
    Unsupported sentences are warnings on stderr, or with ``strict`` an error naming the file.
    """
    from models.forge import load_board_file, read_board
    from planner.api import text_warnings

    cards = card_resolver(store)
    if path == "-":
        source = STDIN_SOURCE
        read = read_board(typer.get_text_stream("stdin").read(), source, cards=cards)
    else:
        source = path
        read = load_board_file(path, cards=cards)
    _READ_WARNINGS.set(tuple(f"{source}: {warning}" for warning in read.warnings))
    for warning in read.warnings:
        typer.echo(f"{PROG}: warning: {source}: {warning}", err=True)
    with about_board(source):
        for text_warning in text_warnings(read.board, strict=strict):
            typer.echo(f"{PROG}: warning: {source}: {text_warning}", err=True)
    return read.board, source


def with_read_warnings(data: object) -> object:
    """A JSON answer with what :func:`load_board` could not read of a Forge puzzle added to its ``warnings``,
    in their shape (``{"permanent": "", "sentence": "", "reason": "FILE: line N: ..."}``).

    >>> _READ_WARNINGS.set(("p.pzl: line 3: humanexile: 'Opt': not read",))  # doctest: +ELLIPSIS
    <Token ...>
    >>> with_read_warnings({"warnings": []})["warnings"][0]["reason"]
    "p.pzl: line 3: humanexile: 'Opt': not read"
    >>> _READ_WARNINGS.set(())  # doctest: +ELLIPSIS
    <Token ...>
    """
    read = _READ_WARNINGS.get()
    if read and isinstance(data, dict) and isinstance(data.get("warnings"), list):
        extra = [{"permanent": "", "sentence": "", "reason": warning} for warning in read]
        return {**data, "warnings": [*extra, *data["warnings"]]}
    return data


def print_json(data: object) -> None:
    """Print one JSON object (UTF-8, not ASCII-escaped) on standard output, with the warnings of the board
    file it read (:func:`with_read_warnings`)."""
    typer.echo(json.dumps(with_read_warnings(data), ensure_ascii=False, indent=2))


def checked_plot_path(path: str) -> str:
    """A ``--plot`` file name: a PNG file in a folder that exists (not a folder, which the chart library
    would quietly turn into ``FOLDER.png``).

    >>> checked_plot_path("docs")
    Traceback (most recent call last):
    ...
    models.errors.InputError: --plot 'docs': is a folder; give a file name such as 'docs/chart.png'
    """
    from pathlib import Path

    file = Path(path)
    if file.is_dir():
        raise InputError(
            f"--plot {path!r}: is a folder; give a file name such as {str(file / 'chart.png')!r}"
        )
    if file.suffix.lower() != ".png":
        raise InputError(f"--plot {path!r}: the chart is a PNG image; give a file name ending in .png")
    if not file.absolute().parent.is_dir():
        raise InputError(f"--plot {path!r}: the folder {str(file.parent)!r} does not exist")
    return path
