"""Copies of frozen dataclasses with slots, made without ``dataclasses.replace``: a record copied on every
step of a plan (a permanent tapped, a player's life and pool reset) is not checked again, and each slot is
set directly, at C speed.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True, slots=True)
... class Point:
...     x: int
...     y: int
>>> copy = slot_copier(Point)
>>> point = Point(1, 2)
>>> copy(point) == point, copy(point) is point
(True, False)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import fields
from itertools import repeat
from operator import attrgetter, call
from typing import Any, TypeVar, cast

__all__ = ["slot_copier"]

_Record = TypeVar("_Record")


def slot_copier(cls: type[_Record], *, leave: tuple[str, ...] = ()) -> Callable[[_Record], _Record]:
    """What copies a record of the slotted dataclass ``cls``: a new object with every field's slot set from
    the record (but those named in ``leave``, which the caller sets), no ``__init__`` or ``__post_init__``
    run."""
    names = tuple(f.name for f in fields(cast("Any", cls)) if f.name not in leave)
    assert len(names) > 1, "attrgetter of one name answers the value, not a tuple"
    values = attrgetter(*names)
    setters: tuple[Callable[[object, object], None], ...] = tuple(
        cls.__dict__[name].__set__ for name in names
    )

    def copy(record: _Record) -> _Record:
        new: _Record = object.__new__(cls)
        # (a setter answers None, so ``any`` runs them all: no loop of bytecode, no look-up by name)
        any(map(call, setters, repeat(new), values(record)))
        return new

    return copy
