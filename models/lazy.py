"""Things worked out on first use: package attributes imported when first read (PEP 562), so that importing a
package costs nothing, and properties computed once per object."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from importlib import import_module
from typing import Any, Generic, TypeVar, overload

__all__ = ["cached_property", "lazy_attributes"]

_Value = TypeVar("_Value")


def lazy_attributes(
    package: str, homes: Mapping[str, str], namespace: dict[str, Any]
) -> Callable[[str], Any]:
    """A module ``__getattr__`` for ``package``: each name of ``homes`` imported from its module on first use
    and kept in ``namespace`` (the package's globals).

    >>> space: dict[str, Any] = {}
    >>> get = lazy_attributes("pkg", {"dumps": "json"}, space)
    >>> get("dumps") is space["dumps"]
    True
    """

    def get(name: str) -> Any:
        if name not in homes:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(import_module(homes[name]), name)
        namespace[name] = value
        return value

    return get


class cached_property(Generic[_Value]):  # noqa: N801 - named as the functools descriptor it replaces
    """A property worked out on first read and kept in the object's ``__dict__`` (which later reads find
    first), as :func:`functools.cached_property` does, without the lock Python 3.11's takes on every first
    read (3.12 dropped it): the planner makes several such objects per question.

    >>> class Square:
    ...     def __init__(self, side: int) -> None:
    ...         self.side = side
    ...     @cached_property
    ...     def area(self) -> int:
    ...         print("worked out")
    ...         return self.side * self.side
    >>> square = Square(3)
    >>> square.area
    worked out
    9
    >>> square.area
    9
    """

    def __init__(self, method: Callable[[Any], _Value]) -> None:
        self.method = method
        self.name = method.__name__
        self.__doc__ = method.__doc__

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    @overload
    def __get__(self, instance: None, owner: type | None = None) -> cached_property[_Value]: ...

    @overload
    def __get__(self, instance: object, owner: type | None = None) -> _Value: ...

    def __get__(self, instance: object | None, owner: type | None = None) -> _Value | cached_property[_Value]:
        if instance is None:
            return self
        value = instance.__dict__[self.name] = self.method(instance)
        return value
