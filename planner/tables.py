"""Plain-text tables, as every command and report prints them."""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["table"]


def table(headers: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    """Left-aligned columns under a header and a rule, two spaces apart, without trailing spaces.

    >>> print(table(["id", "types"], [["f1", "G"], ["pool", "-"]]))
    id    types
    ----  -----
    f1    G
    pool  -
    """
    rows = [[_printable(str(cell)) for cell in row] for row in rows]
    widths = [max(len(str(cell)) for cell in column) for column in zip(headers, *rows, strict=True)]

    def line(cells: Sequence[str]) -> str:
        return "  ".join(str(cell).ljust(width) for cell, width in zip(cells, widths, strict=True)).rstrip()

    return "\n".join([line(headers), line(["-" * width for width in widths]), *map(line, rows)])


def _printable(text: str) -> str:
    """A cell with its control characters escaped (an id holding an escape sequence can't recolor the
    terminal)."""
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)
