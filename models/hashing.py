"""Hashes worked out once per value, for frozen dataclasses that key caches (boards, permanents, abilities).

A class keeps its hash in a ``_hash`` field (``field(default=0, init=False, repr=False, compare=False)``),
returns ``self._hash or cached_hash(self)`` from ``__hash__`` (no call once the hash is known) and
:func:`state_without_hash` from ``__getstate__``: another process hashes strings with another seed, so a
pickled hash would be wrong there.

>>> from dataclasses import dataclass, field
>>> @dataclass(frozen=True, slots=True)
... class Named:
...     name: str
...     _hash: int = field(default=0, init=False, repr=False, compare=False)
...     def __hash__(self) -> int:
...         return self._hash or cached_hash(self)
...     def __getstate__(self) -> list[object]:
...         return state_without_hash(self)
>>> hash(Named("x")) == hash(Named("x")), state_without_hash(Named("x"))
(True, ['x', 0])
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import fields
from operator import attrgetter
from typing import Any

__all__ = ["cached_hash", "state_without_hash"]

#: What reads the compared fields of each class hashed by :func:`cached_hash`, as a tuple (one accessor per
#: class, built once: a constant of the class, no answer).
_COMPARED: dict[type, Callable[[Any], tuple[object, ...]]] = {}


def cached_hash(value: Any) -> int:
    """The hash of a frozen dataclass's compared fields, kept in its ``_hash`` field after the first time."""
    known: int = value._hash
    if not known:
        compared = _COMPARED.get(type(value))
        if compared is None:
            names = [f.name for f in fields(value) if f.compare]
            compared = _COMPARED[type(value)] = attrgetter(*names) if len(names) > 1 else _one(names[0])
        known = hash(compared(value)) or 1
        object.__setattr__(value, "_hash", known)
    return known


def _one(name: str) -> Callable[[Any], tuple[object, ...]]:
    """What reads one field as a tuple (``attrgetter`` of one name gives the value itself)."""
    return lambda value: (getattr(value, name),)


def state_without_hash(value: Any) -> list[object]:
    """What pickling keeps of a value with a cached hash: its fields, the hash forgotten (worked out again
    where it is unpickled)."""
    return [0 if f.name == "_hash" else getattr(value, f.name) for f in fields(value)]
