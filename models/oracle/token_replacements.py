"""Replacement effects on creating tokens (CR 614.1a, 111.1), read by the grammar (``token_replacement`` in
``grammar.lark``): Xorn's 'If you would create one or more Treasure tokens, instead create those tokens plus
an additional Treasure token.', a doubler's 'If an effect would create one or more tokens under your control,
it creates twice that many of those tokens instead.' (or 'If one or more tokens would be created, twice that
many of those tokens are created instead.': every player's tokens).

Such a sentence makes no token itself: it changes how many tokens an effect creates as it creates them. A
sentence with the same opening whose result the grammar does not read is kept with ``result`` "" (its count
is never guessed: the turn's notes say so where it may change the Treasures of a plan).

>>> xorn = token_replacement_of("If you would create one or more Treasure tokens, instead create those "
...     "tokens plus an additional Treasure token.")
>>> xorn.token, xorn.every_player, xorn.result, xorn.additional
('Treasure', False, 'plus', 'Treasure')
>>> token_replacement_of("If one or more tokens would be created, twice that many of those tokens are "
...     "created instead.").every_player
True
"""

from __future__ import annotations

from dataclasses import replace

from models.oracle.grammar import parse_token_replacement
from models.oracle.grammar_parser import UnreadError
from models.oracle.token_rules import TokenReplacement

__all__ = ["TokenReplacement", "token_replacement_of"]


def token_replacement_of(sentence: str) -> TokenReplacement | None:
    """The replacement effect on creating tokens ``sentence`` states, or None when it states none.

    >>> token_replacement_of("Create a Treasure token.") is None
    True
    >>> token_replacement_of("If one or more tokens would be created under your control, those tokens plus a "
    ...     "1/1 green Frog creature token are created instead.").result
    ''
    """
    lowered = sentence.lower()
    if "would" not in lowered or "creat" not in lowered:
        return None
    for start in ("token_replacement", "token_opening"):
        try:
            reading = parse_token_replacement(sentence.strip(), start)
        except UnreadError:
            continue
        if isinstance(reading, TokenReplacement):
            return replace(reading, text=sentence.strip())
    return None
