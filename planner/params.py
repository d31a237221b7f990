"""How a question declares its parameters once: a field of a frozen record (:mod:`planner.questions`) with its
type and default, plus :func:`param`'s help text, option name and metavar. From that one declaration the
command's options (:mod:`planner.cli.declared`), the service's parameters and their JSON Schema
(:mod:`planner.service.methods`) are all made, and :func:`read_json` reads a call's JSON by it.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True, kw_only=True)
... class Example:
...     cost: str | None = param(None, "The cost.", argument="COST")
...     for_: str = param("", "A type line.", metavar="TYPE_LINE")
...     purposes: tuple[str, ...] = param((), "Purposes.", flag="--purpose")
>>> [(p.name, p.flag, p.kind.expected) for p in params_of(Example)][1:]
[('for', '--for', 'a string'), ('purposes', '--purpose', 'a list of strings')]
>>> read_json(params_of(Example), {"for": "Instant", "purposes": ["kicked"]})
{'for_': 'Instant', 'purposes': ('kicked',)}
>>> read_json(params_of(Example), {"purposes": "kicked"})
Traceback (most recent call last):
...
models.errors.InputError: purposes: expected a list of strings, got the string 'kicked'
"""

from __future__ import annotations

import dataclasses
import enum
import typing
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Final

from models.board import describe_json
from models.errors import InputError

__all__ = [
    "BOOLEAN",
    "INTEGER",
    "NUMBER",
    "OBJECT",
    "OPTIONAL_INTEGER",
    "OPTIONAL_STRING",
    "STRING",
    "STRINGS",
    "Param",
    "ParamKind",
    "bad",
    "param",
    "params_of",
    "read_json",
]

#: The key of a field's metadata that holds what :func:`param` declared.
_KEY: Final = "mana-planner param"


@dataclass(frozen=True, slots=True)
class ParamKind:
    """A parameter's JSON type: its JSON Schema, the words that name it in an error, the check that accepts a
    JSON value of it, and how an accepted value becomes the record's (a list becomes a tuple...)."""

    schema: Mapping[str, Any]
    expected: str
    accepts: Callable[[object], bool]
    read: Callable[[Any], Any] = lambda value: value


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_number(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


STRING = ParamKind({"type": "string"}, "a string", lambda v: isinstance(v, str))
OPTIONAL_STRING = ParamKind(
    {"type": ["string", "null"]}, "a string or null", lambda v: v is None or isinstance(v, str)
)
BOOLEAN = ParamKind({"type": "boolean"}, "true or false", lambda v: isinstance(v, bool))
INTEGER = ParamKind({"type": "integer"}, "an integer", _is_int)
OPTIONAL_INTEGER = ParamKind(
    {"type": ["integer", "null"]}, "an integer or null", lambda v: v is None or _is_int(v)
)
NUMBER = ParamKind({"type": "number"}, "a number", _is_number, float)
STRINGS = ParamKind(
    {"type": "array", "items": {"type": "string"}},
    "a list of strings",
    lambda v: isinstance(v, list) and all(isinstance(item, str) for item in v),
    tuple,
)
OBJECT = ParamKind({"type": "object"}, "an object", lambda v: isinstance(v, dict))

#: The JSON kind of each type a record's field may have.
_KINDS: Final[dict[object, ParamKind]] = {
    str: STRING,
    str | None: OPTIONAL_STRING,
    bool: BOOLEAN,
    int: INTEGER,
    int | None: OPTIONAL_INTEGER,
    float: NUMBER,
    tuple[str, ...]: STRINGS,
}


def _enum_kind(choices: type[enum.Enum]) -> ParamKind:
    """The kind of an enumeration's field: one of its values, read as its member."""
    values = [member.value for member in choices]
    expected = " or ".join(repr(value) for value in values)
    return ParamKind({"enum": values}, expected, lambda v: v in values, choices)


def _or_null(kind: ParamKind) -> ParamKind:
    """``kind``, or null for the default (:func:`param`'s ``null_is_default``)."""
    schema = {"oneOf": [dict(kind.schema), {"type": "null"}]}
    return ParamKind(schema, f"{kind.expected} or null", lambda v: v is None or kind.accepts(v), kind.read)


@dataclass(frozen=True, slots=True)
class _Declared:
    """What :func:`param` adds to a field (its type and default are the field's)."""

    help: str
    flag: str
    metavar: str | None
    argument: bool
    kind: ParamKind | None
    null_is_default: bool


def param(
    default: Any,
    help: str,
    *,
    flag: str = "",
    metavar: str | None = None,
    argument: str = "",
    kind: ParamKind | None = None,
    null_is_default: bool = False,
) -> Any:
    """A record's field that is a parameter of its question, with its default and help text.

    ``flag`` is the command's option (default ``--`` and the field's name with dashes, ``for_`` is
    ``--for``); ``argument`` makes it the command's positional argument of that name (``COST``); ``kind``
    overrides the JSON kind the field's type gives; ``null_is_default`` lets the service take null for
    the default.
    """
    declared = _Declared(help, flag or argument, metavar, bool(argument), kind, null_is_default)
    return dataclasses.field(default=default, metadata={_KEY: declared})


@dataclass(frozen=True, slots=True)
class Param:
    """One parameter as the command and the service see it.

    ``attribute`` is the record's field (``for_``), ``name`` the service's (``for``), ``flag`` the
    command's option (``--for``) or argument (``COST``), ``type`` the field's Python type.
    """

    attribute: str
    name: str
    flag: str
    type: Any
    default: Any
    help: str
    kind: ParamKind
    metavar: str | None = None
    argument: bool = False
    null_is_default: bool = False

    @property
    def required(self) -> bool:
        """Whether a call must give it (its field has no default)."""
        return self.default is dataclasses.MISSING

    def schema(self) -> dict[str, Any]:
        """The parameter's JSON Schema, with its help as the description.

        >>> Param("x", "x", "--x", int, 1, "The value of X.", INTEGER).schema()
        {'type': 'integer', 'description': 'The value of X.'}
        """
        return {**self.kind.schema, "description": self.help}


def params_of(record: type) -> tuple[Param, ...]:
    """The parameters a question's record declares, in the order of its fields (the command and the service
    each read them once, as they are made)."""
    hints = typing.get_type_hints(record)
    found = []
    for field in dataclasses.fields(record):
        declared = field.metadata.get(_KEY)
        if not isinstance(declared, _Declared):
            continue
        name = field.name.rstrip("_")
        kind = declared.kind or _kind_of(hints[field.name])
        found.append(
            Param(
                attribute=field.name,
                name=name,
                flag=declared.flag or "--" + name.replace("_", "-"),
                type=hints[field.name],
                default=field.default,
                help=declared.help,
                kind=_or_null(kind) if declared.null_is_default else kind,
                metavar=declared.metavar,
                argument=declared.argument,
                null_is_default=declared.null_is_default,
            )
        )
    return tuple(found)


def _kind_of(annotation: object) -> ParamKind:
    if isinstance(annotation, type) and issubclass(annotation, enum.Enum):
        return _enum_kind(annotation)
    kind = _KINDS.get(annotation)
    if kind is None:  # pragma: no cover - a declaration's mistake, caught by the tests that load each record
        raise TypeError(f"no JSON kind for a parameter of type {annotation!r}")
    return kind


def read_json(declared_params: Iterable[Param], params: Mapping[str, Any]) -> dict[str, Any]:
    """The keyword arguments (by attribute) for a call's JSON ``params`` (by the parameters' names; those left
    out keep their default), each value checked against its kind: a wrong or missing one is an
    :class:`InputError` naming the parameter. Other names are ignored here (the service refuses them)."""
    arguments: dict[str, Any] = {}
    for declared in declared_params:
        if declared.name not in params:
            if declared.required:
                raise InputError(f"{declared.name}: missing required parameter", param=declared.name)
            continue
        value = params[declared.name]
        if not declared.kind.accepts(value):
            raise InputError(
                f"{declared.name}: expected {declared.kind.expected}, got {describe_json(value)}",
                param=declared.name,
            )
        if value is None and declared.null_is_default:
            continue
        arguments[declared.attribute] = value if value is None else declared.kind.read(value)
    return arguments


def bad(record: type, attribute: str, problem: str) -> InputError:
    """The error for a bad value of the record's parameter ``attribute``: the option's name (as the command
    spells it) and the problem, carrying the service's parameter name.

    >>> from planner.questions import PayQuestion
    >>> error = bad(PayQuestion, "x", "must be 0 or more, got -1")
    >>> str(error), error.param
    ('--x: must be 0 or more, got -1', 'x')
    """
    for declared in params_of(record):
        if declared.attribute == attribute:
            return InputError(f"{declared.flag}: {problem}", param=declared.name)
    raise KeyError(attribute)  # pragma: no cover - a record's own mistake
