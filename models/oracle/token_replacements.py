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

from models.oracle.grammar import parse_created_tokens, parse_token_replacement
from models.oracle.grammar_parser import UnreadError
from models.oracle.token_rules import CreatedTokens, TokenReplacement

__all__ = ["CreatedTokens", "TokenReplacement", "created_tokens_of", "token_replacement_of"]


def created_tokens_of(effect: str) -> CreatedTokens | None:
    """The tokens an effect that does nothing else creates, read by the grammar (``created_mana_tokens``):
    a predefined token by its name (CR 111.10), or a colorless creature token with its one quoted ability;
    None for any other effect (one that does more, a count not fixed, tapped tokens).

    >>> created_tokens_of('create two 0/1 colorless Eldrazi Spawn creature tokens with "Sacrifice ~: Add '
    ...     '{C}."')
    CreatedTokens(count=2, name='Eldrazi Spawn', power=0, toughness=1, ability='Sacrifice ~: Add {C}.')
    >>> created_tokens_of("create a Treasure token and draw a card.") is None
    True
    """
    try:
        reading = parse_created_tokens(effect.strip())
    except UnreadError:
        return None
    return reading if isinstance(reading, CreatedTokens) else None


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
