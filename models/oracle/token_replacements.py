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

from dataclasses import dataclass, replace
from typing import Any

from lark import Token, Transformer, v_args

from models.oracle.grammar_parser import UnreadError

__all__ = ["TokenReplacement", "TokenRules", "token_replacement_of"]


@dataclass(frozen=True, slots=True)
class TokenReplacement:
    """A replacement effect on creating tokens: the tokens it applies to (``token``: a token's name such as
    "Treasure", or "" for any token), whether it applies to every player's tokens or only to those created
    under its controller's control, and what is created instead (``result``: "twice" for twice that many,
    "plus" for those tokens plus one ``additional`` token of that name, "" for a result not read)."""

    token: str
    every_player: bool
    result: str
    additional: str = ""
    #: the sentence read (set by :func:`token_replacement_of`)
    text: str = ""

    def applies_to(self, token: str) -> bool:
        """True when the replacement applies to creating tokens named ``token`` (CR 614.1a: 'one or more
        Treasure tokens' applies to Treasures only, 'one or more tokens' to any).

        >>> TokenReplacement("Treasure", False, "twice").applies_to("Food")
        False
        """
        return self.token in ("", token)


@v_args(inline=True)
class TokenRules(Transformer[Token, Any]):
    """The grammar's methods for a replacement effect on creating tokens (mixed into its transformer)."""

    def token_replacement(self, creation: tuple[str, bool], result: tuple[str, str]) -> TokenReplacement:
        return TokenReplacement(creation[0], creation[1], result[0], result[1])

    def token_opening(self, creation: tuple[str, bool], _rest: Token) -> TokenReplacement:
        return TokenReplacement(creation[0], creation[1], "")

    def created_by_you(self, _one: Token, _or: Token, token: str) -> tuple[str, bool]:
        return token, False  # ('If you would create': the tokens its controller creates, CR 111.2)

    def created_by_effect(self, *parts: Any) -> tuple[str, bool]:
        token = next(part for part in parts if isinstance(part, str) and not isinstance(part, Token))
        yours = any(part is True for part in parts)
        return token, not yours

    def under_your_control(self) -> bool:
        return True

    def created_tokens(self, *words: Token) -> str:
        names = [str(word) for word in words if word.type == "NAME_WORD"]
        return names[0] if names else ""

    def plus_token(self, *words: Token) -> tuple[str, str]:
        return "plus", next(str(word) for word in words if word.type == "NAME_WORD")

    def twice_as_many(self, *_words: Token) -> tuple[str, str]:
        return "twice", ""


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
    from models.oracle.grammar import parse_token_replacement  # (the grammar's module imports these rules)

    for start in ("token_replacement", "token_opening"):
        try:
            reading = parse_token_replacement(sentence.strip(), start)
        except UnreadError:
            continue
        if isinstance(reading, TokenReplacement):
            return replace(reading, text=sentence.strip())
    return None
