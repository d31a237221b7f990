"""Reading the parts a grammar rule's transformer method receives (tokens and readings in the order of the
rule): the tokens of a kind, the first reading of a type, the digits said.

>>> from lark import Token
>>> parts = (Token("DIGITS", "3"), 7, Token("TAPPED", "tapped"))
>>> has_token(parts, "TAPPED"), digits_of(parts), first_of(parts, int)
(True, 3, 7)
"""

from __future__ import annotations

from typing import Any

from lark import Token

__all__ = ["digits_of", "first_of", "has_token", "spaced_words", "tokens_of"]


def tokens_of(parts: tuple[Any, ...], kind: str) -> list[str]:
    """The tokens of the terminal ``kind`` among ``parts``, as text."""
    return [str(p) for p in parts if isinstance(p, Token) and p.type == kind]


def has_token(parts: tuple[Any, ...], kind: str) -> bool:
    """True when a token of the terminal ``kind`` is among ``parts`` (an optional word said)."""
    return bool(tokens_of(parts, kind))


def digits_of(parts: tuple[Any, ...]) -> int:
    """The number the first ``DIGITS`` token says."""
    return int(tokens_of(parts, "DIGITS")[0])


def first_of(parts: tuple[Any, ...], kind: type) -> Any:
    """The first part of the type ``kind`` (a reading a sub-rule made)."""
    return next(p for p in parts if isinstance(p, kind))


def spaced_words(token: str) -> str:
    """A token's words, lower case and single-spaced.

    >>> spaced_words("Until  End of\\nTurn")
    'until end of turn'
    """
    return " ".join(token.lower().split())
