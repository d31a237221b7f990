"""Hashes worked out once per value, for frozen dataclasses that key caches (boards, permanents, abilities).

A class keeps its hash in a ``_hash`` field (``field(default=0, init=False, repr=False, compare=False)``),
returns :func:`cached_hash` from ``__hash__`` and :func:`state_without_hash` from ``__getstate__``: another
process hashes strings with another seed, so a pickled hash would be wrong there.

>>> from dataclasses import dataclass, field
>>> @dataclass(frozen=True, slots=True)
... class Named:
...     name: str
...     _hash: int = field(default=0, init=False, repr=False, compare=False)
...     def __hash__(self) -> int:
...         return cached_hash(self)
...     def __getstate__(self) -> list[object]:
...         return state_without_hash(self)
>>> hash(Named("x")) == hash(Named("x")), state_without_hash(Named("x"))
(True, ['x', 0])
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any

__all__ = ["cached_hash", "state_without_hash"]

#: The compared fields' names of each class hashed by :func:`cached_hash`.
_COMPARED: dict[type, tuple[str, ...]] = {}


def cached_hash(value: Any) -> int:
    """The hash of a frozen dataclass's compared fields, kept in its ``_hash`` field after the first time."""
    known: int = value._hash
    if not known:
        names = _COMPARED.get(type(value))
        if names is None:
            names = _COMPARED[type(value)] = tuple(f.name for f in fields(value) if f.compare)
        known = hash(tuple(getattr(value, name) for name in names)) or 1
        object.__setattr__(value, "_hash", known)
    return known


def state_without_hash(value: Any) -> list[object]:
    """What pickling keeps of a value with a cached hash: its fields, the hash forgotten (worked out again
    where it is unpickled)."""
    return [0 if f.name == "_hash" else getattr(value, f.name) for f in fields(value)]
