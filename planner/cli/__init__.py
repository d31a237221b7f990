"""The ``mana-planner`` command: a thin shell over the Python API.

Each command makes one call into :mod:`planner` or :mod:`models` and formats the answer: a readable table
by default, one JSON object with ``--json``. Exit codes (contract §9): 0 success, 1 when the answer is "no",
2 on bad input, 3 on an internal error (a bug: please report it), 4 when no answer was found within the time
limit. Bad input prints one line, ``mana-planner: <message>``, on standard error, never a traceback; errors
about a board file name the file. A board file given as ``-`` is read from standard input.

Each command group is one module that registers its commands on :data:`planner.cli.common.app` when imported;
this package imports them all.
"""

from __future__ import annotations

from planner.cli import arena, bench, cards, optimise, pay, plan, serve, simulate
from planner.cli.common import PROG, app

__all__ = ["app", "arena", "bench", "cards", "main", "optimise", "pay", "plan", "serve", "simulate"]


def main() -> None:
    """Run the ``mana-planner`` command (the console script's entry point)."""
    app(prog_name=PROG)
