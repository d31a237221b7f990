"""Copies of frozen dataclasses with slots, made without ``dataclasses.replace``: a record copied on every
step of a plan (a permanent tapped, a player's life and pool reset) is not checked again, and each slot is
set directly by its descriptor.

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
from typing import Any, TypeVar, cast

__all__ = ["slot_copier"]

_Record = TypeVar("_Record")


def slot_copier(cls: type[_Record], *, leave: tuple[str, ...] = ()) -> Callable[[_Record], _Record]:
    """What copies a record of the slotted dataclass ``cls``: a new object with every field's slot set from
    the record (but those named in ``leave``, which the caller sets), no ``__init__`` or ``__post_init__``
    run.

    The copy is a function written for ``cls`` (as :mod:`dataclasses` writes ``__init__``): one call of each
    slot's setter, bound as a default argument, per field; no loop, no look-up by name. (An ``any(map(...))``
    over the setters executes more: callgrind counts each ``map`` step and each ``operator.call``.)

    >>> from dataclasses import dataclass
    >>> @dataclass(frozen=True, slots=True)
    ... class Pair:
    ...     left: int
    ...     right: int
    ...     note: str = ""
    >>> copy = slot_copier(Pair, leave=("note",))
    >>> new = copy(Pair(1, 2, "kept?"))
    >>> new.left, new.right, hasattr(new, "note")
    (1, 2, False)
    """
    names = tuple(f.name for f in fields(cast("Any", cls)) if f.name not in leave)
    setters = {f"_set_{index}": cls.__dict__[name].__set__ for index, name in enumerate(names)}
    body = "".join(f"    _set_{index}(new, record.{name})\n" for index, name in enumerate(names))
    source = (
        f"def copy(record, _new=_new, _cls=_cls, {', '.join(f'{setter}={setter}' for setter in setters)}):\n"
        f"    new = _new(_cls)\n{body}    return new\n"
    )
    namespace: dict[str, Any] = {"_new": object.__new__, "_cls": cls, **setters}
    exec(source, namespace)  # (the source is built from the class's own field names)
    return cast("Callable[[_Record], _Record]", namespace["copy"])
