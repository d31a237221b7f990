"""The limits of the simulations (documented in docs/commands.md): past one, a question is bad input
(:class:`~models.errors.InputError`, exit 2) with one line naming it. The limits of what they read (deck
lists, card names) are the domain's, in :mod:`models.limits`.

>>> from models.limits import within
>>> within(MAX_TURN + 1, MAX_TURN, "the turn")
Traceback (most recent call last):
...
models.errors.InputError: the turn: 31 is more than the limit of 30
"""

from __future__ import annotations

from typing import Final

__all__ = ["MAX_GAMES", "MAX_TURN"]

#: The last turn a simulation looks at.
MAX_TURN: Final = 30
#: Games one simulation plays.
MAX_GAMES: Final = 100_000_000
