"""The record of a replacement effect on creating tokens (CR 614.1a, 111.1) and the grammar's methods that
read it (``token_replacement`` in ``grammar.lark``; a sentence is read by
:func:`models.oracle.token_replacements.token_replacement_of`).

>>> TokenReplacement("Treasure", False, "plus", "Treasure").applies_to("Treasure")
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from lark import Token, Transformer, v_args

__all__ = ["CreatedTokens", "TokenReplacement", "TokenRules"]


@dataclass(frozen=True, slots=True)
class TokenReplacement:
    """A replacement effect on creating tokens: the tokens it applies to (``token``: a token's name such as
    "Treasure", or "" for any token; or ``one_of``: the names of 'a Clue, Food, or Treasure token'), whether
    it applies to every player's tokens or only to those created under its controller's control, and what is
    created instead (``result``: "twice" for twice that many, "plus" for those tokens plus one ``additional``
    token of that name, "each" for that many of each token ``one_of`` names, "" for a result not read)."""

    token: str
    every_player: bool
    result: str
    additional: str = ""
    #: the sentence read (set by :func:`token_replacement_of`)
    text: str = ""
    #: the tokens it names when it names several ('If you would create a Clue, Food, or Treasure token')
    one_of: tuple[str, ...] = ()

    def applies_to(self, token: str) -> bool:
        """True when the replacement applies to creating tokens named ``token`` (CR 614.1a: 'one or more
        Treasure tokens' applies to Treasures only, 'one or more tokens' to any, 'a Clue, Food, or Treasure
        token' to those three).

        >>> TokenReplacement("Treasure", False, "twice").applies_to("Food")
        False
        >>> TokenReplacement("", False, "each", one_of=("Clue", "Food", "Treasure")).applies_to("Food")
        True
        """
        if self.one_of:
            return token in self.one_of
        return self.token in ("", token)


@dataclass(frozen=True, slots=True)
class CreatedTokens:
    """Tokens an effect creates (CR 111.1): how many, the token's name (a predefined token's, CR 111.10, or
    a creature token's subtypes), and for a creature token its power, toughness and quoted ability (``""``
    for a predefined token, whose characteristics are the rules')."""

    count: int
    name: str
    power: int = 0
    toughness: int = 0
    ability: str = ""

    @property
    def predefined(self) -> bool:
        """True for a predefined token named by its name alone (a Treasure: CR 111.10a).

        >>> CreatedTokens(1, "Treasure").predefined, CreatedTokens(2, "Eldrazi Spawn", 0, 1, "...").predefined
        (True, False)
        """
        return not self.ability


@v_args(inline=True)
class TokenRules(Transformer[Token, Any]):
    """The grammar's methods for a replacement effect on creating tokens (mixed into its transformer)."""

    def token_replacement(
        self, creation: tuple[str | tuple[str, ...], bool], result: tuple[str, str]
    ) -> TokenReplacement:
        token, every_player = creation
        if isinstance(token, tuple):
            return TokenReplacement("", every_player, result[0], result[1], one_of=token)
        if result[0] == "each":  # ('one of each' with no tokens named: its result is not read)
            return TokenReplacement(token, every_player, "")
        return TokenReplacement(token, every_player, result[0], result[1])

    def token_opening(self, creation: tuple[str | tuple[str, ...], bool], _rest: Token) -> TokenReplacement:
        token, every_player = creation
        if isinstance(token, tuple):
            return TokenReplacement("", every_player, "", one_of=token)
        return TokenReplacement(token, every_player, "")

    def created_one_of(
        self, _article: Token, names: tuple[str, ...], _token: Token
    ) -> tuple[tuple[str, ...], bool]:
        return names, False  # ('If you would create a Clue, Food, or Treasure token': its controller's)

    def token_names(self, *words: Token) -> tuple[str, ...]:
        return tuple(str(word) for word in words if word.type == "NAME_WORD")

    def one_of_each(self, *_words: Token) -> tuple[str, str]:
        return "each", ""

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

    def token_count(self, count: Any) -> int:
        if isinstance(count, Token):
            return 1  # (an article: one token)
        if not isinstance(count, int):
            raise ValueError(f"no fixed count of tokens: {count}")  # (X tokens: not read here)
        return count

    def predefined_tokens(self, count: int, name: Token, _token: Token) -> CreatedTokens:
        return CreatedTokens(count, str(name))

    def creature_tokens(self, count: int, pt: Token, _colorless: Token, *words: Token) -> CreatedTokens:
        power, _, toughness = str(pt).partition("/")
        subtypes = " ".join(str(word) for word in words if word.type == "NAME_WORD")
        quoted = next(str(word) for word in words if word.type == "QUOTED")
        return CreatedTokens(count, subtypes, int(power), int(toughness), quoted.strip('"'))
