"""Commands whose options are made from their question's record (:mod:`planner.questions`): each declared
parameter becomes a typer option (or the positional argument it names), with its help, metavar and default,
and the command's function receives the record, built (and so checked) from them.

>>> from planner.questions import PayQuestion
>>> [p.name for p in typer_parameters(PayQuestion)][:3]
['cost', 'spell', 'targets']
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Annotated, Any, TypeVar

import typer

from planner.cli.common import BoardArg, JsonOpt, StoreOpt, command
from planner.params import Param, params_of

__all__ = ["option_of", "question_command", "typer_parameters"]

_Record = TypeVar("_Record")
#: A command's function: the question's record, the BOARD argument, --json and --store.
Shell = Callable[[_Record, str, bool, "str | None"], None]


def _cli_type(declared: Param) -> Any:
    """The type typer reads the option as: a repeatable option of strings is a list (None when not given)."""
    if declared.type == tuple[str, ...]:
        return list[str] | None
    return declared.type


def _cli_default(declared: Param) -> Any:
    return None if declared.type == tuple[str, ...] else declared.default


def _info(declared: Param) -> Any:
    """The ``typer.Option`` (or ``typer.Argument``) of a declared parameter."""
    quiet = declared.default is None or declared.default == "" or declared.default == ()
    if declared.argument:
        return typer.Argument(
            metavar=declared.metavar or declared.flag, help=declared.help, show_default=False
        )
    return typer.Option(declared.flag, metavar=declared.metavar, help=declared.help, show_default=not quiet)


def _annotation(declared: Param) -> Any:
    """``Annotated[type, typer.Option(...)]`` (or ``typer.Argument``) for a declared parameter."""
    return Annotated[_cli_type(declared), _info(declared)]


def option_of(record: type, attribute: str) -> Any:
    """The ``typer.Option`` of one declared parameter, for a command that is not the record's own (``arena
    LOG`` takes the service's ``arena_autotap`` ``--seat`` and ``--time-limit``; the parity test checks
    that its type is the declared one)."""
    for declared in params_of(record):
        if declared.attribute == attribute:
            return _info(declared)
    raise KeyError(attribute)


def typer_parameters(record: type) -> list[inspect.Parameter]:
    """The command's parameters for the record's declared ones, in their order."""
    parameters = []
    for declared in params_of(record):
        parameters.append(
            inspect.Parameter(
                declared.attribute,
                inspect.Parameter.KEYWORD_ONLY,
                default=inspect.Parameter.empty if declared.required else _cli_default(declared),
                annotation=_annotation(declared),
            )
        )
    return parameters


def _from_cli(declared: Param, value: Any) -> Any:
    """An option's value as the record holds it: a repeated option's list as a tuple."""
    if declared.type == tuple[str, ...]:
        return tuple(value or ())
    return value


def question_command(name: str, record: type[_Record]) -> Callable[[Shell[_Record]], Shell[_Record]]:
    """Register the command ``name`` with BOARD, the record's parameters, ``--json`` and ``--store``; it
    builds the record from the options (bad input: one line, exit 2) and calls the decorated function with it,
    as one question (:func:`planner.api.one_question`).
    """

    def register(shell: Shell[_Record]) -> Shell[_Record]:
        declared = params_of(record)

        def run(**given: Any) -> None:
            from planner.api import one_question  # (imported when a command runs: --help stays light)

            question = record(**{p.attribute: _from_cli(p, given[p.attribute]) for p in declared})
            with one_question():  # (one command, one question: each board it meets analysed once)
                shell(question, given["board"], given["as_json"], given["store"])

        keyword = inspect.Parameter.KEYWORD_ONLY
        parameters = [
            inspect.Parameter("board", keyword, annotation=BoardArg),
            *typer_parameters(record),
            inspect.Parameter("as_json", keyword, default=False, annotation=JsonOpt),
            inspect.Parameter("store", keyword, default=None, annotation=StoreOpt),
        ]
        run.__signature__ = inspect.Signature(parameters)  # type: ignore[attr-defined]
        run.__annotations__ = {p.name: p.annotation for p in parameters}
        run.__name__ = run.__qualname__ = getattr(shell, "__name__", name)
        run.__doc__ = shell.__doc__
        command(name)(run)
        return shell

    return register
