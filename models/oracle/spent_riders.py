"""The riders of a spell's text on the mana spent to cast it (:mod:`models.riders`): converge's and
sunburst's colors, adamant's and "if {C} was spent"'s types, "if N or more mana was spent", "if mana from a
Treasure was spent".

The grammar reads each rider (``spent_rider`` in ``grammar.lark``); this module hands it the clauses of the
text's reading units (:func:`~models.oracle.reader.reading_units`: ability words and reminder text gone),
cut at commas and periods, each from every word on, since a rider is a phrase inside a sentence whose rest
is any effect ('Draw a card for each color of mana spent to cast this spell.').

>>> spent_riders("Converge — Draw a card for each color of mana spent to cast this spell.")
(ColorsSpent(),)
>>> spent_riders("Adamant — If at least three red mana was spent to cast this spell, it deals 4 damage.")
(TypeSpent(mana_type=<ManaType.R: 8>, at_least=3),)
"""

from __future__ import annotations

from typing import Any

from lark import Token, v_args
from lark.exceptions import LarkError, VisitError

from models.cost import ManaCost
from models.errors import CostParseError
from models.kept import per_card
from models.mana import ManaType
from models.oracle import lexicon
from models.oracle.grammar_parser import UnreadError, parser
from models.oracle.phrase_rules import PhraseRules
from models.oracle.reader import reading_units
from models.riders import ColorsSpent, ManaSpent, SpentRider, TreasureSpent, TypeSpent

__all__ = ["parse_spent_rider", "spent_riders"]


@v_args(inline=True)
class _SpentRules(PhraseRules):
    """The parse tree of ``spent_rider`` to a rider (numbers as the phrase rules read them)."""

    def colors_spent(self, *_: Any) -> SpentRider:
        return ColorsSpent()

    def symbols_spent(self, token: Token, _cast: None) -> SpentRider:
        try:
            symbols = ManaCost.parse(str(token)).symbols
        except CostParseError:
            raise UnreadError(f"not mana symbols: {token}") from None
        types = {symbol.single_type for symbol in symbols}
        if len(types) != 1 or None in types:
            raise UnreadError(f"not one type of mana: {token}")
        (mana_type,) = types
        assert mana_type is not None
        return TypeSpent(mana_type, len(symbols))

    def color_spent(self, number: object, color: Token, _cast: None) -> SpentRider:
        return TypeSpent(ManaType[lexicon.COLOR_WORDS[str(color).lower()]], _count(number))

    def mana_spent(self, number: object, *_: Any) -> SpentRider:
        return ManaSpent(_count(number))

    def subtype_spent(self, _article: Token, word: Token, _cast: None) -> SpentRider:
        if lexicon.canonical_type(str(word)) != "Treasure":
            raise UnreadError(f"mana from a {word}: only a Treasure's is read")
        return TreasureSpent()

    def cast_spell(self, *_: Any) -> None:
        return None


def _count(number: object) -> int:
    """A rider's amount: a number written out, never X."""
    if not isinstance(number, int) or number < 1:
        raise UnreadError(f"not a number of mana: {number}")
    return number


def parse_spent_rider(phrase: str) -> SpentRider:
    """One rider, the whole phrase; :class:`UnreadError` for anything else.

    >>> parse_spent_rider("if {C} was spent to cast it")
    TypeSpent(mana_type=<ManaType.C: 32>, at_least=1)
    >>> parse_spent_rider("if five or more mana was spent to cast this spell")
    ManaSpent(at_least=5)
    >>> parse_spent_rider("if mana from a Treasure was spent to cast it")
    TreasureSpent()
    """
    try:
        reading = _SpentRules().transform(parser().parse(phrase, start="spent_rider"))
    except VisitError as error:
        raise UnreadError(f"{phrase!r}: {error.orig_exc}") from None
    except LarkError as error:
        raise UnreadError(f"{phrase!r}: not a rider on the mana spent") from error
    assert isinstance(reading, ColorsSpent | TypeSpent | ManaSpent | TreasureSpent)
    return reading


@per_card(maxsize=4096)  # (a pure function of the card's text and name)
def spent_riders(text: str, name: str = "") -> tuple[SpentRider, ...]:
    """The riders of a spell's text on the mana spent to cast it, each once, in the order written.

    >>> spent_riders("Sunburst (This enters with a +1/+1 counter on it for each color of mana spent.)")
    (ColorsSpent(),)
    >>> spent_riders("When ~ enters, if {C} was spent to cast it, draw a card.", "Drowner")
    (TypeSpent(mana_type=<ManaType.C: 32>, at_least=1),)
    >>> spent_riders("Whenever you cast a spell, if {C} was spent to cast it, draw a card.")
    ()
    """
    found: dict[SpentRider, None] = {}
    for unit in reading_units(text, name):
        if "spent" not in unit.lower() and "sunburst" not in unit.lower():
            continue  # (a unit without the word has no rider: no parse to try)
        # ('Whenever you cast a spell, if {C} was spent to cast it': 'it' is another spell)
        others = unit.split()[0].lower() == "whenever"
        for clause in unit.replace(".", ",").split(","):
            words = clause.split()
            if others and words and words[-1].lower() == "it":
                continue
            for start in range(len(words)):
                try:
                    found.setdefault(parse_spent_rider(" ".join(words[start:])), None)
                except UnreadError:
                    continue
                break
    return tuple(found)
