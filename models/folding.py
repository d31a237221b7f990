"""How card names (and ability texts) are compared: case, accents, punctuation and spacing folded away.

A leaf module (it imports nothing from the project) so that the catalogue and the card store share it.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Final

__all__ = ["fold_ability_text", "fold_name", "folded_names", "plain_quotes"]

#: Letters that Unicode does not decompose but players type as two letters (``Aether Vial``).
_LIGATURES: Final = str.maketrans({"æ": "ae", "œ": "oe", "ø": "o", "đ": "d", "ł": "l", "ı": "i"})
_NOT_ALPHANUMERIC: Final = re.compile(r"[\W_]+")
#: Typographic apostrophes and quotes, and the minus sign, as typed on a keyboard.
_TYPOGRAPHIC: Final = str.maketrans(
    {"\u2019": "'", "\u2018": "'", "\u02bc": "'", "\u201c": '"', "\u201d": '"', "\u2212": "-"}
)
_REMINDER: Final = re.compile(r"\([^()]*\)")


def fold_name(name: str) -> str:
    """The lookup key of a card name: lower case, with accents, punctuation and spaces dropped.

    Two spellings that differ only in case, accents, punctuation or spacing fold to the same key, so
    ``Lim-Dul's Vault``, ``lim dul s vault`` and ``Lim-Duls Vault`` all find Lim-Dûl's Vault.

    >>> fold_name("Lim-Dûl's Vault"), fold_name("lim dul s   vault"), fold_name("Lim-Duls Vault")
    ('limdulsvault', 'limdulsvault', 'limdulsvault')
    >>> fold_name("Æther Vial"), fold_name("Fire // Ice")
    ('aethervial', 'fireice')
    """
    bare = _without_marks(_without_marks(name).casefold()).translate(_LIGATURES)
    return _NOT_ALPHANUMERIC.sub("", bare)


def folded_names(name: str) -> frozenset[str]:
    """The names an object called ``name`` has, each folded (:func:`fold_name`): a split card's ``A // B`` has
    two (CR 709.4a), and two objects have the same name when they share one (CR 201.2a).

    >>> sorted(folded_names("Fire // Ice")), folded_names("Fire") <= folded_names("fire // ice")
    (['fire', 'ice'], True)
    """
    return frozenset(fold_name(part) for part in name.split("//") if part.strip())


def _without_marks(text: str) -> str:
    """The text in compatibility decomposition (NFKD) without its combining marks."""
    return "".join(char for char in unicodedata.normalize("NFKD", text) if not unicodedata.combining(char))


def fold_ability_text(text: str) -> str:
    """The key of an ability's text, for finding an ability a user names: its reminder text dropped, then
    folded as :func:`fold_name` folds names (the symbols' braces go, their letters stay).

    >>> fold_ability_text("Pay 1 life: Add {C}. Activate only once each turn. ({C} is colorless mana.)")
    'pay1lifeaddcactivateonlyonceeachturn'
    >>> fold_ability_text("pay 1 life: add {c}.  activate only once each turn.")
    'pay1lifeaddcactivateonlyonceeachturn'
    """
    return fold_name(_REMINDER.sub("", text))


def plain_quotes(text: str) -> str:
    """Text with typographic apostrophes and quotes (card data writes ``Urza’s``, ``“…”``) and the minus sign
    as typed on a keyboard, which is how the parser and the type lines read them.

    >>> plain_quotes("Land — Urza’s Tower"), plain_quotes("“~” gets −1/−1")
    ("Land — Urza's Tower", '"~" gets -1/-1')
    """
    # (an ASCII text has none of them: ``isascii`` is a flag of the string, read at once)
    return text if text.isascii() else text.translate(_TYPOGRAPHIC)
