"""Payment heuristics: fast tappers to compare with the optimal planner, and how to plug in your own.

A heuristic is any callable ``(board, target) -> Plan | None`` (the :class:`Heuristic` protocol): given a
board and what to pay (a :class:`~models.cost.PaymentTarget`), it returns a
:class:`~planner.rules.replay.Plan`
for the board's active player (the activations in order, each with the mana it put into the pool, then the
pool mana and life that pay the cost), or None when it finds no payment. It need not be right: the
benchmark replays every plan by the rules and counts an illegal one as a failure, with the reason.

The built-in baselines approximate public strategies, one module each: ``basics-first``, ``forge-like``,
``xmage-like`` and ``tiered`` (:data:`BUILTINS`). :func:`load_heuristic` finds one by name, or imports
your own from ``package.module:function``.

>>> from planner.bench.corpus import scenario
>>> case = scenario("sol-ring-for-one")
>>> plan = BUILTINS["tiered"](case.board, case.target)
>>> [step.permanent for step in plan.steps]
['p1', 'p2']
"""

from __future__ import annotations

import importlib
import importlib.machinery
import importlib.util
import os
import sys
from types import ModuleType
from typing import Protocol

from models.board import Board
from models.cost import PaymentTarget
from models.errors import InputError
from planner.bench.defaults import BUILTIN_NAMES
from planner.bench.heuristics.basics_first import tap_basics_first
from planner.bench.heuristics.forge_like import tap_forge_like
from planner.bench.heuristics.tiered import tap_tiered
from planner.bench.heuristics.xmage_like import tap_xmage_like
from planner.rules.replay import Plan

__all__ = ["BUILTINS", "Heuristic", "load_heuristic"]


class Heuristic(Protocol):
    """A tapper: a plan to pay ``target`` for the board's active player, or None when it finds none."""

    def __call__(self, board: Board, target: PaymentTarget, /) -> Plan | None: ...


#: The built-in baselines by name, in the order reports list them.
BUILTINS: dict[str, Heuristic] = dict(
    zip(BUILTIN_NAMES, (tap_basics_first, tap_forge_like, tap_xmage_like, tap_tiered), strict=True)
)


def _import_module(name: str) -> ModuleType:
    """Import a module, looking for its top-level package in the current directory first, then among the
    installed ones (``sys.path`` is left as it is)."""
    top = name.partition(".")[0]
    if top not in sys.modules:
        spec = importlib.machinery.PathFinder.find_spec(top, [os.getcwd()])
        if spec is not None and spec.loader is not None:
            module = importlib.util.module_from_spec(spec)
            sys.modules[top] = module
            try:
                spec.loader.exec_module(module)
            except BaseException:
                del sys.modules[top]
                raise
    return importlib.import_module(name)


def load_heuristic(spec: str) -> Heuristic:
    """A built-in baseline by name, or a callable imported from ``package.module:function``.

    The module is looked up in the current directory first, then among installed packages. Anything wrong
    (unknown name, missing module or attribute, not callable) raises ``InputError`` saying what.

    >>> load_heuristic("tiered") is tap_tiered
    True
    >>> load_heuristic("planner.bench.heuristics.forge_like:tap_forge_like") is tap_forge_like
    True
    >>> load_heuristic("nosuchmodule:tap")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    models.errors.InputError: heuristic 'nosuchmodule:tap': cannot import module 'nosuchmodule': No module ...
    """
    if spec in BUILTINS:
        return BUILTINS[spec]
    module_name, colon, attribute = spec.partition(":")
    if not colon or not module_name or not attribute:
        names = ", ".join(BUILTINS)
        raise InputError(
            f"heuristic {spec!r}: expected a built-in name ({names}) or 'package.module:function'"
        )
    try:
        module = _import_module(module_name)
    except Exception as error:  # any failure while importing the user's module is their input's problem
        raise InputError(f"heuristic {spec!r}: cannot import module {module_name!r}: {error}") from None
    found: object = module
    for part in attribute.split("."):
        if not hasattr(found, part):
            raise InputError(f"heuristic {spec!r}: module {module_name!r} has no attribute {attribute!r}")
        found = getattr(found, part)
    if not callable(found):
        raise InputError(f"heuristic {spec!r}: {attribute!r} is not callable")
    heuristic: Heuristic = found
    return heuristic
