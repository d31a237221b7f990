"""Package attributes imported on first use (PEP 562), so that importing a package costs nothing."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from importlib import import_module
from typing import Any

__all__ = ["lazy_attributes"]


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
