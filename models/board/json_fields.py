"""Reading JSON for the board file: strict JSON text, problems reported at a JSON path, and typed fields.

Every reader here takes a JSON value and its path (:data:`JsonPath`) and returns the value read or raises
:class:`FieldError` at that path; :func:`checked` turns it into the one-line
:class:`~models.errors.BoardError` of the contract, ``{source}: {path}: {problem}``. :class:`Fields` reads
one JSON object as :mod:`models.board_fields` declares it. Nothing here knows the board's records: the
readers of players, permanents and cards sit beside their records (:mod:`models.board.players`,
:mod:`~models.board.permanents`, :mod:`~models.board.zones`, :mod:`~models.board.state`).

>>> checked("b.json", lambda: read_count(-1, ("players", 0, "land_plays")))
Traceback (most recent call last):
...
models.errors.BoardError: b.json: players[0].land_plays: expected a count of 0 or more, got -1
"""

from __future__ import annotations

import difflib
import json
import math
import os
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final, TypeVar

from models.board_fields import ObjectFields
from models.cost import ManaCost
from models.errors import BoardError
from models.limits import MAX_COUNTERS, MAX_NAME_LENGTH, MAX_ORACLE_LENGTH, number
from models.mana import ManaBag, ManaType, ManaTypes, parse_mana_string
from models.types import TypeLine

#: The JSON path printed for problems with the document as a whole.
ROOT: Final = "(root)"
#: The largest integer magnitude a board file may hold (what every JSON reader represents exactly).
_MAX_INT: Final = 2**53 - 1
_COLOR_LETTERS: Final = "WUBRG"

_T = TypeVar("_T")
#: Where a value sits in a JSON document: field names and list positions, from the root.
JsonPath = tuple[str | int, ...]


# --------------------------------------------------------------------------------------------------------
# Problems at a path


class FieldError(Exception):
    """A problem at a JSON path; turned into a ``BoardError`` with the source name by :func:`checked`."""

    def __init__(self, path: JsonPath, problem: str) -> None:
        super().__init__(problem)
        self.path = path
        self.problem = problem


def checked(source: str, read: Callable[[], _T]) -> _T:
    """Run a reader, turning its ``FieldError`` into the one-line ``BoardError`` of the contract."""
    try:
        return read()
    except FieldError as invalid:
        path = json_path(invalid.path)
        raise BoardError(f"{source}: {path}: {invalid.problem}", path=path) from None


def json_path(path: Sequence[str | int]) -> str:
    """A JSON path as users write it (and the board's errors print it): ``players[0].pool[1].mana``,
    ``counters["+1/+1"]``, or :data:`ROOT`.

    >>> json_path(("hand", 1)), json_path(("counters", "+1/+1")), json_path(())
    ('hand[1]', 'counters["+1/+1"]', '(root)')
    """
    parts: list[str] = []
    for segment in path:
        if isinstance(segment, int):
            parts.append(f"[{segment}]")
        elif segment.isidentifier() and segment.isascii():
            parts.append(f".{segment}" if parts else segment)
        else:
            parts.append(f"[{json.dumps(_shorten(segment))}]")
    return "".join(parts) or ROOT


def _shorten(text: str, limit: int = 60) -> str:
    """The text cut to ``limit`` characters, marked with '...' when cut."""
    return text if len(text) <= limit else text[: limit - 3] + "..."


def quote(text: str) -> str:
    """A user's string quoted for a message (Python quoting, so it stays on one line), cut if long."""
    return repr(_shorten(text))


def describe_json(value: object) -> str:
    """What a JSON value is, in a few words, for 'expected X, got Y' messages, without printing big values.

    >>> describe_json(True), describe_json("x" * 70), describe_json([1])
    ('true', "the string 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx...'", 'a list')
    """
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return f"the number {value}" if abs(value) < 10**30 else "a very large number"
    if isinstance(value, float):
        return f"the number {value!r}"
    if isinstance(value, _HugeNumber):
        return f"the number {_shorten(value.text, 20)}, too large to be read"
    if isinstance(value, str):
        return f"the string {quote(value)}"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return f"a {type(value).__name__}"


# --------------------------------------------------------------------------------------------------------
# Strict JSON text


def parse_json(text: str) -> object:
    """Parse JSON text strictly: no NaN or Infinity, no over-long numbers, no field given twice."""
    if not isinstance(text, str):
        raise FieldError((), f"expected JSON text, got {describe_json(text)}")
    try:
        return json.loads(
            text,
            object_pairs_hook=_JsonObject.of,
            parse_constant=_reject_constant,
            parse_int=_parse_int,
            parse_float=_parse_float,
        )
    except json.JSONDecodeError as error:
        raise FieldError(
            (), f"invalid JSON at line {error.lineno} column {error.colno}: {error.msg}"
        ) from None
    except RecursionError:
        raise FieldError((), "invalid JSON: nested too deeply") from None
    except ValueError as error:
        raise FieldError((), f"invalid JSON: {error}") from None


def loads_json(text: str, source: str = "<board>") -> object:
    """Parse JSON text as board files are parsed (no NaN or Infinity, no over-long numbers); objects keep
    the names of fields given twice, which :meth:`Board.from_dict` then refuses. Errors name ``source``.

    >>> loads_json('{"a": [1, 2]}')
    {'a': [1, 2]}
    >>> repeats_a_field(loads_json('{"a": {"b": 1, "b": 2}}'))
    True
    >>> loads_json('{"a": NaN}', "req")
    Traceback (most recent call last):
    ...
    models.errors.BoardError: req: (root): invalid JSON: NaN is not allowed: JSON numbers are finite
    """
    return checked(source, lambda: parse_json(text))


def repeats_a_field(value: object) -> bool:
    """True when some object in JSON data read by :func:`loads_json` gave a field more than once.

    >>> repeats_a_field(loads_json('[{"a": 1}, {"b": 2}]'))
    False
    """
    pending = [value]
    while pending:
        item = pending.pop()
        if isinstance(item, dict):
            if isinstance(item, _JsonObject) and item.duplicates:
                return True
            pending.extend(item.values())
        elif isinstance(item, list):
            pending.extend(item)
    return False


class _JsonObject(dict[str, Any]):
    """A parsed JSON object that remembers which field names it saw more than once."""

    __slots__ = ("duplicates",)

    def __init__(self, pairs: list[tuple[str, Any]]) -> None:
        super().__init__(pairs)
        if len(self) == len(pairs):  # (the usual case, told apart cheaply: no name was seen twice)
            self.duplicates: tuple[str, ...] = ()
        else:
            counts = Counter(key for key, _ in pairs)
            self.duplicates = tuple(key for key, count in counts.items() if count > 1)

    @classmethod
    def of(cls, pairs: list[tuple[str, Any]]) -> _JsonObject:
        """The object for the decoder's list of (name, value) pairs."""
        return cls(pairs)


def _reject_constant(name: str) -> float:
    """Refuse JSON's non-standard constants."""
    raise ValueError(f"{name} is not allowed: JSON numbers are finite")


@dataclass(frozen=True, slots=True)
class _HugeNumber:
    """A JSON number too large for a float (``1e400``): kept as written, so that the field that holds it
    can say so (no field takes one)."""

    text: str


def _parse_float(text: str) -> float | _HugeNumber:
    """A JSON number with a fraction or an exponent; one beyond a float's range stays as written."""
    value = float(text)
    return value if math.isfinite(value) else _HugeNumber(text)


def _parse_int(text: str) -> int | _HugeNumber:
    """A JSON integer; one of absurdly many digits (which Python would refuse past 4,300) stays as written,
    for the field that holds it to refuse with its path, as :func:`_parse_float` keeps ``1e400``."""
    if len(text.lstrip("-")) > 30:
        return _HugeNumber(text)
    return int(text)


# --------------------------------------------------------------------------------------------------------
# Objects and their declared fields


def json_object(value: object, path: JsonPath, what: str) -> dict[str, object]:
    """The value as a JSON object with string field names, each given once."""
    if not isinstance(value, dict):
        raise FieldError(path, f"expected {what} (a JSON object), got {describe_json(value)}")
    for key in value:
        if not isinstance(key, str):
            raise FieldError(path, f"field names must be strings, got {describe_json(key)}")
    if isinstance(value, _JsonObject) and value.duplicates:
        duplicate = value.duplicates[0]
        raise FieldError((*path, duplicate), f"field {quote(duplicate)} is given more than once")
    return value


def json_list(value: object, path: JsonPath, what: str) -> list[object]:
    """The value as a JSON list."""
    if not isinstance(value, list):
        raise FieldError(path, f"expected a list of {what}, got {describe_json(value)}")
    return value


class Fields:
    """One JSON object's fields, as :mod:`models.board_fields` declares them: unknown names are refused up
    front, then each field is read by name (required, or optional with ``null`` accepted where declared)."""

    __slots__ = ("_data", "_path", "_spec")

    def __init__(self, value: object, path: JsonPath, spec: ObjectFields) -> None:
        self._data = json_object(value, path, spec.what)
        self._path = path
        self._spec = spec
        allowed = spec.names
        for key in self._data:
            if key not in allowed:
                close = difflib.get_close_matches(key, allowed, n=1)
                hint = f"; did you mean {close[0]!r}?" if close else ""
                listed = ", ".join(allowed)
                raise FieldError(
                    (*path, key),
                    f"unknown field {quote(key)} in {spec.what}{hint} (allowed fields: {listed})",
                )

    def required(self, key: str, read: Callable[[object, JsonPath], _T], why: str = "") -> _T:
        """The field read by ``read``; missing is an error (``why`` explains when it is required)."""
        declared = self._spec.field(key)
        assert declared.required or declared.required_without, f"{key} is not declared required"
        if key not in self._data:
            raise FieldError((*self._path, key), f"missing required field{why}")
        return read(self._data[key], (*self._path, key))

    def optional(self, key: str, read: Callable[[object, JsonPath], _T], default: _T) -> _T:
        """The field read by ``read``, or ``default`` when absent (or null, where the field is nullable)."""
        if key not in self._data or (self._spec.field(key).nullable and self._data[key] is None):
            return default
        return read(self._data[key], (*self._path, key))

    def given(self, key: str) -> bool:
        """True when the field is present and not null."""
        return self._data.get(key) is not None


# --------------------------------------------------------------------------------------------------------
# Values: every reader takes the JSON value and its path and raises FieldError


def read_int(value: object, path: JsonPath) -> int:
    """A JSON integer in the safe range (booleans are not integers)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise FieldError(path, f"expected an integer, got {describe_json(value)}")
    if abs(value) > _MAX_INT:
        raise FieldError(path, f"{describe_json(value)} is out of range (at most {_MAX_INT} either way)")
    return value


def read_count(value: object, path: JsonPath) -> int:
    """A non-negative JSON integer."""
    count = read_int(value, path)
    if count < 0:
        raise FieldError(path, f"expected a count of 0 or more, got {count}")
    return count


def read_printed(value: object, path: JsonPath) -> int:
    """A printed power or toughness: a JSON integer (a printed '*' is given as the number it is now)."""
    if isinstance(value, str):
        hint = "give the number printed (for '*', the value now)"
        raise FieldError(path, f"expected an integer, got {describe_json(value)}: {hint}")
    return read_int(value, path)


def read_bool(value: object, path: JsonPath) -> bool:
    """A JSON boolean."""
    if not isinstance(value, bool):
        raise FieldError(path, f"expected true or false, got {describe_json(value)}")
    return value


def read_str(value: object, path: JsonPath) -> str:
    """A JSON string, possibly empty."""
    if not isinstance(value, str):
        raise FieldError(path, f"expected a string, got {describe_json(value)}")
    return value


def read_text(value: object, path: JsonPath) -> str:
    """A JSON string with something in it (ids, names), at most :data:`~models.limits.MAX_NAME_LENGTH`
    characters long."""
    text = read_str(value, path)
    if not text.strip():
        raise FieldError(path, "must not be empty")
    if len(text) > MAX_NAME_LENGTH:
        raise FieldError(
            path, f"{len(text)} characters are more than the limit of {MAX_NAME_LENGTH} for a name or an id"
        )
    return text


def read_long_text(value: object, path: JsonPath) -> str:
    """Rules text (Oracle text, a spending restriction), at most :data:`~models.limits.MAX_ORACLE_LENGTH`
    characters long."""
    text = read_str(value, path)
    if len(text) > MAX_ORACLE_LENGTH:
        raise FieldError(
            path, f"{len(text)} characters are more than the limit of {MAX_ORACLE_LENGTH} for rules text"
        )
    return text


def read_rule(value: object, path: JsonPath) -> str:
    """Non-empty rules text (``spend_only``, ``rider``)."""
    text = read_long_text(value, path)
    if not text.strip():
        raise FieldError(path, "must not be empty")
    return text


def parse_colors(letters: str) -> ManaTypes:
    """A set of colors from WUBRG letters (any case, repeats allowed); ValueError otherwise."""
    for letter in letters:
        if letter.upper() == "C":
            raise ValueError("colorless (C) is not a color; use the letters W, U, B, R, G")
        if len(letter.upper()) != 1 or letter.upper() not in _COLOR_LETTERS:
            raise ValueError(f"invalid color letter {letter!r} in {quote(letters)}: use W, U, B, R, G")
    return ManaTypes.parse(letters)


def read_colors(value: object, path: JsonPath) -> ManaTypes:
    """A set of colors written as letters, e.g. ``"WUG"``; ``""`` is the empty set."""
    try:
        return parse_colors(read_str(value, path))
    except ValueError as error:
        raise FieldError(path, str(error)) from None


def read_color(value: object, path: JsonPath) -> ManaType:
    """One color letter, W, U, B, R or G."""
    letter = read_str(value, path)
    try:
        colors = parse_colors(letter)
    except ValueError as error:
        raise FieldError(path, str(error)) from None
    if len(letter) != 1:
        raise FieldError(path, f"expected one color letter (W, U, B, R or G), got {quote(letter)}")
    return next(iter(colors))


def read_mana_type(value: object, path: JsonPath) -> ManaType:
    """One type of mana written as its letter, W, U, B, R, G or C (colorless is a type, CR 106.1b)."""
    letter = read_str(value, path)
    if len(letter) != 1:
        raise FieldError(path, f"expected one type letter (W, U, B, R, G or C), got {quote(letter)}")
    try:
        return ManaType.parse(letter)
    except ValueError as error:
        raise FieldError(path, str(error)) from None


def read_mana(value: object, path: JsonPath) -> ManaBag:
    """A mana string such as ``{G}{G}``, holding at least one mana."""
    text = read_str(value, path)
    try:
        mana = parse_mana_string(text)
    except ValueError as error:
        raise FieldError(path, str(error)) from None
    if not mana:
        raise FieldError(path, "a pool entry must hold some mana, e.g. '{G}'")
    return mana


def read_cost(value: object, path: JsonPath) -> ManaCost | None:
    """A mana cost string; ``""`` means no mana cost (as for lands)."""
    text = read_str(value, path)
    if not text.strip():
        return None
    try:
        return ManaCost.parse(text)
    except ValueError as error:
        raise FieldError(path, str(error)) from None


def read_type_line(value: object, path: JsonPath) -> TypeLine:
    """A type line such as ``Basic Land — Forest``."""
    text = read_text(value, path)
    try:
        return TypeLine.parse(text)
    except ValueError as error:
        raise FieldError(path, str(error)) from None


def read_named(options: Iterable[str], what: str) -> Callable[[object, JsonPath], str]:
    """A reader for one name out of a fixed list (any case), returning its canonical spelling."""
    canonical = {option.lower(): option for option in options}

    def read(value: object, path: JsonPath) -> str:
        text = read_str(value, path)
        if text.strip().lower() not in canonical:
            raise FieldError(
                path, f"unknown {what} {quote(text)}: expected one of {', '.join(canonical.values())}"
            )
        return canonical[text.strip().lower()]

    return read


def read_counters(value: object, path: JsonPath) -> tuple[tuple[str, int], ...]:
    """A ``counters`` object: counter name to a count of 0 or more."""
    counters = json_object(value, path, "counters (counter name to count)")
    for name in counters:
        if not name.strip():
            raise FieldError((*path, name), "a counter name must not be empty")
        if len(name) > MAX_NAME_LENGTH:
            raise FieldError(path, f"a counter name is longer than the limit of {MAX_NAME_LENGTH} characters")
    return tuple((name, read_limited_count(count, (*path, name))) for name, count in counters.items())


def read_limited_count(value: object, path: JsonPath) -> int:
    """A count of counters, at most :data:`~models.limits.MAX_COUNTERS`."""
    count = read_count(value, path)
    if count > MAX_COUNTERS:
        raise FieldError(path, f"{number(count)} counters are more than the limit of {MAX_COUNTERS}")
    return count


# --------------------------------------------------------------------------------------------------------
# Files


def read_board_text(path: str | os.PathLike[str]) -> str:
    """A board file's text (UTF-8, a byte order mark dropped); a file that can't be read raises ``BoardError``
    naming the path as given (a JSON board and a Forge puzzle alike).

    >>> read_board_text("no/such/board.json")
    Traceback (most recent call last):
    ...
    models.errors.BoardError: no/such/board.json: (root): cannot read the file: No such file or directory
    """
    source = os.fspath(path)
    try:
        return Path(path).read_text(encoding="utf-8-sig")
    except UnicodeDecodeError as error:
        problem = f"the file is not UTF-8 text ({error.reason})"
        raise BoardError(f"{source}: {ROOT}: {problem}", path=ROOT) from None
    except OSError as error:
        problem = f"cannot read the file: {error.strerror or error}"
        raise BoardError(f"{source}: {ROOT}: {problem}", path=ROOT) from None
