"""Tables as every command and report prints them: plain columns, fitted to the terminal when it is narrower.

Off a terminal (a pipe, a file, CI) a table is plain text of any width, the same every time. On a terminal
narrower than the table, its columns of text (card names, abilities, type lines: cells with spaces) wrap at
word boundaries to the terminal's width, while columns of ids and numbers are never cut; a table whose ids
and numbers alone are wider than the terminal is printed plain.
"""

from __future__ import annotations

import shutil
import sys
import textwrap
from collections.abc import Sequence

__all__ = ["table", "terminal_width"]


def terminal_width() -> int | None:
    """The width of the terminal standard output is, or None when it is not a terminal."""
    if not sys.stdout.isatty():
        return None
    return shutil.get_terminal_size().columns


def _plain(headers: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    widths = [max(len(str(cell)) for cell in column) for column in zip(headers, *rows, strict=True)]
    lines = [_line(headers, widths), _line(["-" * width for width in widths], widths)]
    return "\n".join([*lines, *(_line(row, widths) for row in rows)])


def _fitted(headers: Sequence[str], rows: Sequence[Sequence[str]], width: int) -> str | None:
    """The table with its text columns wrapped to fit ``width``, or None when even that can't fit (the ids
    and numbers alone are wider): then the plain table is better, the terminal wraps it and nothing is cut."""
    columns = [[str(header), *(str(row[index]) for row in rows)] for index, header in enumerate(headers)]
    widths = [max(len(cell) for cell in column) for column in columns]
    text = [any(" " in cell for cell in column[1:]) for column in columns]
    # a text column keeps at least its header and its longest word, and shrinks from the widest down
    floor = [
        max(len(column[0]), _MIN_TEXT, *(len(word) for cell in column[1:] for word in cell.split()))
        if is_text
        else widths[index]
        for index, (column, is_text) in enumerate(zip(columns, text, strict=True))
    ]
    gaps = 2 * (len(columns) - 1)
    while sum(widths) + gaps > width:
        shrinkable = [index for index, is_text in enumerate(text) if is_text and widths[index] > floor[index]]
        if not shrinkable:
            return None
        widest = max(shrinkable, key=lambda index: widths[index])
        widths[widest] -= 1
    lines = [_line(headers, widths), _line(["-" * w for w in widths], widths)]
    for row in rows:
        cells = [
            textwrap.wrap(str(cell), w, break_long_words=False) or [""] if is_text else [str(cell)]
            for cell, w, is_text in zip(row, widths, text, strict=True)
        ]
        for depth in range(max(len(cell) for cell in cells)):
            lines.append(_line([cell[depth] if depth < len(cell) else "" for cell in cells], widths))
    return "\n".join(lines)


def _line(cells: Sequence[str], widths: Sequence[int]) -> str:
    return "  ".join(str(cell).ljust(width) for cell, width in zip(cells, widths, strict=True)).rstrip()


#: The narrowest a wrapped text column gets.
_MIN_TEXT = 12


def table(headers: Sequence[str], rows: Sequence[Sequence[str]], *, width: int | None = None) -> str:
    """Left-aligned columns under a header and a rule, two spaces apart, without trailing spaces; wider than
    ``width`` (default: the terminal's, or no limit off a terminal), text columns wrap to fit.

    >>> print(table(["id", "types"], [["f1", "G"], ["pool", "-"]]))
    id    types
    ----  -----
    f1    G
    pool  -
    >>> ability = "{T}: Add {G}. Spend this mana only on creature spells."
    >>> print(table(["id", "ability"], [["f1", ability]], width=34))
    id  ability
    --  ------------------------------
    f1  {T}: Add {G}. Spend this mana
        only on creature spells.
    """
    limit = width if width is not None else terminal_width()
    plain = _plain(headers, rows)
    if limit is None or max(len(line) for line in plain.splitlines()) <= limit:
        return plain
    return _fitted(headers, rows, limit) or plain
