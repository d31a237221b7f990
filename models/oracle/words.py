"""A sentence's tokens (mana symbols, words, punctuation) and the phrase lookups the classifiers make on them
(:mod:`models.oracle.classify`, :mod:`models.oracle.sentence_facts`): never phrases written as regular
expressions.

>>> has_phrase(tokens("If you do, add {R}."), "if you do"), find_phrase(tokens("Add {G}."), ("{g}",))
(True, 1)
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from itertools import filterfalse
from typing import Final

from models.kept import per_card
from models.oracle.text import folded

__all__ = [
    "find_phrase",
    "has_phrase",
    "has_phrase_among",
    "is_number",
    "is_symbol",
    "phrase_words",
    "starts_with",
    "tokens",
    "until_token",
]


#: A token: a mana symbol, a word (letters, digits, apostrophes), or one other character.
_TOKEN: Final = re.compile(r"\{[^{}]+\}|[\w']+|\W")


@per_card(maxsize=8192)  # (a sentence is looked at by several questions in turn; a pure function of it)
def tokens(text: str) -> tuple[str, ...]:
    """The text's tokens in lower case.

    >>> tokens('~ has "{T}: Add {G}."')
    ('~', 'has', '"', '{t}', ':', 'add', '{g}', '.', '"')
    """
    return tuple(filterfalse(str.isspace, _TOKEN.findall(folded(text))))  # (white space at C speed)


def find_phrase(words: Sequence[str], phrase: Sequence[str], start: int = 0, end: int | None = None) -> int:
    """Where ``phrase`` (tokens; '*' matches any one token) occurs in ``words[start:end]``, or -1.

    >>> find_phrase(("add", "{g}", "or", "add", "{r}"), ("add", "{r}"))
    3
    >>> find_phrase(("add", "{g}"), ("*", "{g}")), find_phrase(("add", "{g}"), ("add", "{r}"))
    (0, -1)
    >>> find_phrase(("add",), ("add", "*")), find_phrase(("a",), ())
    (-1, 0)
    """
    stop = (len(words) if end is None else end) - len(phrase)
    first = phrase[0] if phrase else "*"
    index = start
    while index <= stop:
        if first != "*":  # (the next place the first token is, looked for at C speed)
            try:
                index = words.index(first, index, stop + 1)
            except ValueError:
                return -1
        if all(want in ("*", words[index + offset]) for offset, want in enumerate(phrase)):
            return index
        index += 1
    return -1


@per_card(maxsize=4096)  # (the phrases are the readers' own, written in the code: a few hundred)
def phrase_words(phrase: str) -> tuple[str, ...]:
    """A phrase's tokens, as :func:`has_phrase` and :func:`starts_with` look for them (split at each space).

    >>> phrase_words("if you do")
    ('if', 'you', 'do')
    """
    return tuple(phrase.split(" "))


def has_phrase(words: Sequence[str], *phrases: str) -> bool:
    """True when one of the phrases (space-separated tokens) occurs in the words."""
    return has_phrase_among(words, set(words), *phrases)


def has_phrase_among(words: Sequence[str], present: set[str], *phrases: str) -> bool:
    """:func:`has_phrase`, given the set of the words (``present``) for several calls on one sentence."""
    return any(
        present.issuperset(wanted) and find_phrase(words, wanted) >= 0
        for wanted in map(phrase_words, phrases)
    )


def starts_with(words: Sequence[str], *phrases: str) -> bool:
    """True when the words open with one of the phrases (space-separated tokens).

    >>> starts_with(tokens("If you do, add {R}."), "when", "if you do")
    True
    """
    return any(tuple(words[: len(wanted)]) == wanted for wanted in map(phrase_words, phrases))


def until_token(words: Sequence[str], stop: str, start: int = 0) -> int:
    """The index of the first ``stop`` token at or after ``start`` (the end when there is none)."""
    for index in range(start, len(words)):
        if words[index] == stop:
            return index
    return len(words)


def is_symbol(token: str) -> bool:
    return token.startswith("{")


def is_number(token: str) -> bool:
    return token == "x" or (token.isascii() and token.isdigit())
