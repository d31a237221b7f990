"""Which resolution of its ability a later sentence of a triggered ability asks for: Omnath, Locus of
Creation's "you gain 4 life if this is the first time this ability has resolved this turn. If it's the second
time, add {R}{G}{W}{U}." adds its mana only as the ability resolves for the second time this turn (CR 608.2c:
the condition is checked as it resolves), which the board's ``resolved_this_turn`` of the permanent says.

Read by the grammar (``resolution_time`` in ``grammar.lark``): the sentence's opening clause, up to its comma.
"""

from __future__ import annotations

from lark import Token, Tree

from models.oracle.grammar import read_as

__all__ = ["resolution_time"]

_ORDINALS = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5}


def resolution_time(sentence: str) -> int | None:
    """The resolution this turn a sentence's effect happens on ("If it's the second time, add ...": 2), or
    None when the sentence opens with no such condition.

    >>> resolution_time("If it's the second time, add {R}{G}{W}{U}.")
    2
    >>> resolution_time("If this is the third time this ability has resolved this turn, add {R}{R}.")
    3
    >>> resolution_time("If you control a Forest, add {G}.") is None
    True
    """
    words = sentence.strip()
    if not words.lower().startswith("if ") or "," not in words:
        return None
    opening = words[: words.index(",") + 1]
    try:
        reading = read_as(opening, "resolution_time")
    except Exception:  # (Lark's errors: not this condition)
        return None
    if not isinstance(reading, Tree):
        return None
    ordinal = next(
        (str(t).lower() for t in reading.children if isinstance(t, Token) and t.type == "RESOLUTION_ORDINAL"),
        None,
    )
    return None if ordinal is None else _ORDINALS[ordinal]
