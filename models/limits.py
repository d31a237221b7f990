"""The limits on what the domain reads (boards, costs, deck lists, card names and text): each is documented
(docs/board-format.md, docs/commands.md), and input past one is bad input (:class:`~models.errors.InputError`,
exit 2) with one line naming where, never a crash, a hang or a machine out of memory. The limits of the
simulations are in :mod:`planner.sim.limits`, those of the heuristics benchmark in
:mod:`planner.bench.defaults`.

They are far above what a game holds (a board of a few hundred permanents, a few dozen counters, a
60-card deck), and low enough that every question within them is answered in memory a laptop has.

>>> within(3, MAX_COUNTERS, "counters['charge']")
3
>>> within(10**15, MAX_COUNTERS, "counters['charge']")
Traceback (most recent call last):
...
models.errors.InputError: counters['charge']: 1000000000000000 is more than the limit of 1000
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Final

from models.errors import InputError

__all__ = [
    "MAX_COST_SYMBOLS",
    "MAX_COUNTERS",
    "MAX_DECK_CARDS",
    "MAX_DISTINCT_CARDS",
    "MAX_GENERIC",
    "MAX_MANA_PER_ACTIVATION",
    "MAX_NAME_LENGTH",
    "MAX_ORACLE_LENGTH",
    "MAX_PERMANENTS",
    "MAX_PLAYERS",
    "MAX_POOL_MANA",
    "MAX_REPLACEMENTS",
    "MAX_ZONE_CARDS",
    "checked_name",
    "not_text",
    "not_text_in",
    "number",
    "shortened",
    "unicode_text",
    "within",
]

#: Permanents on one board (all players').
MAX_PERMANENTS: Final = 1_000
#: Players on one board.
MAX_PLAYERS: Final = 100
#: Counters of one kind on one permanent.
MAX_COUNTERS: Final = 1_000
#: Mana in one player's pool.
MAX_POOL_MANA: Final = 1_000
#: Cards in one player's hand, graveyard or library (listed or counted).
MAX_ZONE_CARDS: Final = 100_000
#: Characters in a name: a card name, a type line, an id, a counter name.
MAX_NAME_LENGTH: Final = 200
#: Characters in one permanent's or one imported card face's Oracle text (the longest printed card has
#: about 1,000).
MAX_ORACLE_LENGTH: Final = 5_000
#: The generic amount of one cost ({1000000} is refused), and the value of X.
MAX_GENERIC: Final = 10_000
#: Symbols in one cost.
MAX_COST_SYMBOLS: Final = 100
#: Mana one activation may make, after replacement effects and triggers (Mana Reflection doubling it).
MAX_MANA_PER_ACTIVATION: Final = 10_000
#: Replacement effects applying to one activation's mana (Mana Reflection, Nyxbloom Ancient): the rules
#: let the player order them (CR 616.1), and the replayer checks every order.
MAX_REPLACEMENTS: Final = 6
#: Cards in a deck (sources-needed's --deck-size, a deck list's total).
MAX_DECK_CARDS: Final = 10_000
#: Distinct cards in a deck list.
MAX_DISTINCT_CARDS: Final = 10_000


def within(value: int, limit: int, where: str) -> int:
    """``value`` when it is at most ``limit``; otherwise an input error naming ``where``."""
    if value > limit:
        raise InputError(f"{where}: {number(value)} is more than the limit of {limit}")
    return value


def number(value: int) -> str:
    """A number for a message: its digits, or about how many there are when they are too many to read.

    >>> number(1000), number(10**40), number(10**5000)
    ('1000', 'a number of 41 digits', 'a number of 5001 digits')
    """
    if abs(value) < 10**20:
        return str(value)
    digits = int(abs(value).bit_length() * 0.30102999566398) + 1
    if abs(value) < 10 ** (digits - 1):
        digits -= 1
    return f"a number of {digits} digits"


def shortened(text: str, limit: int = 60) -> str:
    """Text to quote in a message: cut to ``limit`` characters with '…', control characters escaped.

    >>> shortened("Llanowar Elves"), shortened("x" * 100, 10), shortened("bad\\x1b[31mred")
    ('Llanowar Elves', 'xxxxxxxxx…', 'bad\\\\x1b[31mred')
    """
    cut = text if len(text) <= limit else text[: limit - 1] + "…"
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in cut)


#: A UTF-16 surrogate code point: a string holding one (a JSON escape such as ``"\\ud800"`` alone, or a
#: byte that is not UTF-8 read with ``surrogateescape``) is not Unicode text, and can't be written as UTF-8.
_SURROGATE: Final = re.compile("[\ud800-\udfff]")


def not_text(text: str) -> str | None:
    """What is wrong with a string that is not Unicode text (it holds a lone surrogate), or None.

    >>> not_text("Forest"), not_text("F\\ud800x")
    (None, 'not Unicode text: a lone surrogate (U+D800) at character 2')
    """
    found = _SURROGATE.search(text)
    if found is None:
        return None
    return f"not Unicode text: a lone surrogate (U+{ord(found.group()):04X}) at character {found.start() + 1}"


def unicode_text(text: str, where: str) -> str:
    """``text`` when it is Unicode text; otherwise an input error naming ``where``.

    >>> unicode_text("F\\udcff", "--for")
    Traceback (most recent call last):
    ...
    models.errors.InputError: --for: not Unicode text: a lone surrogate (U+DCFF) at character 2
    """
    problem = not_text(text)
    if problem is not None:
        raise InputError(f"{where}: {problem}")
    return text


def not_text_in(value: object) -> tuple[tuple[str | int, ...], str] | None:
    """The JSON path of the first string in parsed JSON (a value or a field name) that is not Unicode
    text, and what is wrong with it; None when every string is text.

    >>> not_text_in({"players": [{"id": "me"}, {"id": "x\\ud800"}]})
    (('players', 1, 'id'), 'not Unicode text: a lone surrogate (U+D800) at character 2')
    >>> not_text_in({"a\\udc00": 1})[0]
    ('a\\udc00',)
    """
    for path, text in _strings(value, ()):
        problem = not_text(text)
        if problem is not None:
            return path, problem
    return None


def _strings(value: object, path: tuple[str | int, ...]) -> Iterator[tuple[tuple[str | int, ...], str]]:
    """Every string in parsed JSON with its path, in the text's order (a field name's path is the field's)."""
    pending: list[tuple[tuple[str | int, ...], object]] = [(path, value)]
    while pending:
        where, item = pending.pop()
        if isinstance(item, str):
            yield where, item
        elif isinstance(item, dict):
            for key, member in reversed(item.items()):
                pending.append(((*where, key), member))
                pending.append(((*where, key), key))  # (the name first: a stack, read in order)
        elif isinstance(item, list):
            pending.extend(((*where, index), member) for index, member in reversed(list(enumerate(item))))


def checked_name(name: str, where: str, what: str = "a name", *, param: str | None = None) -> str:
    """A name a user gives (a card's, a deck line's): Unicode text of at most :data:`MAX_NAME_LENGTH`
    characters; otherwise an input error naming ``where`` (and ``param``, for the service) that does not
    echo the name whole.

    >>> checked_name("Forest", "name")
    'Forest'
    >>> checked_name("x" * 7_000_000, "name", "a card name")
    Traceback (most recent call last):
    ...
    models.errors.InputError: name: a card name of 7000000 characters is more than the limit of 200
    """
    problem = not_text(name)
    if problem is None and len(name) > MAX_NAME_LENGTH:
        problem = f"{what} of {len(name)} characters is more than the limit of {MAX_NAME_LENGTH}"
    if problem is not None:
        raise InputError(f"{where}: {problem}", param=param)
    return name
