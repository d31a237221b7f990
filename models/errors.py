"""The project's one error tree: every error it raises on purpose is a :class:`PlannerError`.

Errors about the user's input are also ``ValueError`` (:class:`InputError` and its subclasses), and their
messages quote the input and say where the problem is.
"""

from __future__ import annotations

__all__ = [
    "BoardError",
    "CardDataError",
    "CostParseError",
    "InputError",
    "InternalError",
    "ManaParseError",
    "OracleParseError",
    "PlannerError",
]


class PlannerError(Exception):
    """Base class of every error mana-planner raises on purpose.

    >>> issubclass(CostParseError, PlannerError) and issubclass(CostParseError, ValueError)
    True
    """


class InternalError(PlannerError):
    """A bug in the planner, not a problem with the input (a plan the rules replay rejects, say): the
    command line exits 3 and asks for a report.

    >>> str(InternalError("the model's plan fails the rules replay"))
    "internal error: the model's plan fails the rules replay"
    """

    def __init__(self, message: str) -> None:
        super().__init__(f"internal error: {message}")


class InputError(PlannerError, ValueError):
    """The user's input is malformed; the message says what is wrong and where."""


class ManaParseError(InputError):
    """A mana string or mana type letter could not be parsed."""


class CostParseError(InputError):
    """A cost string could not be parsed; the message quotes the bad symbol and its position."""


class OracleParseError(InputError):
    """Oracle text has a sentence the parser does not support (raised only in strict mode)."""


class BoardError(InputError):
    """A board file is malformed: the message names the file, the JSON path and the problem."""


class CardDataError(InputError):
    """Card data or the card store cannot be read or written: the message names the file (and the card)."""
