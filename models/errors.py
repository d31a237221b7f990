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
    """The user's input is malformed; the message says what is wrong and where.

    ``path`` is the JSON path of the problem inside the board (``permanents[3].controller``) when there is
    one, and ``param`` the option or parameter it is about (``cost``, ``board``) when known: the service
    reports both as data next to the message.

    >>> error = InputError("b.json: players[0].life: expected an integer", path="players[0].life")
    >>> str(error), error.path, error.param
    ('b.json: players[0].life: expected an integer', 'players[0].life', None)
    """

    def __init__(self, message: str, *, path: str | None = None, param: str | None = None) -> None:
        super().__init__(message)
        self.path = path
        self.param = param

    def renamed(self, message: str) -> InputError:
        """The same error (same class, path and parameter) with another message.

        >>> BoardError("x: bad", path="x").renamed("board: x: bad").path
        'x'
        """
        return type(self)(message, path=self.path, param=self.param)


class ManaParseError(InputError):
    """A mana string or mana type letter could not be parsed."""


class CostParseError(InputError):
    """A cost string could not be parsed; the message quotes the bad symbol and its position."""


class OracleParseError(InputError):
    """Oracle text has a sentence the parser does not support (raised only in strict mode)."""


class BoardError(InputError):
    """A board file is malformed: the message names the file, the JSON path and the problem; ``path`` holds
    the JSON path alone (``(root)`` for the document as a whole).

    >>> BoardError("b.json: players: at least one player is required", path="players").path
    'players'
    """


class CardDataError(InputError):
    """Card data or the card store cannot be read or written: the message names the file (and the card)."""
