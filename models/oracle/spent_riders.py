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

from models.kept import per_card
from models.oracle.reader import reading_units
from models.oracle.rider_clauses import (
    BASIC_LANDS,
    CREATURES,
    clause_riders,
    parse_spent_rider,
    sentence_mana_sources,
)
from models.oracle.spent_rules import NO_MANA
from models.riders import SpentRider

__all__ = [
    "BASIC_LANDS",
    "CREATURES",
    "NO_MANA",
    "only_creature_mana",
    "only_mana_from",
    "parse_spent_rider",
    "spent_riders",
]


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
        found.update(dict.fromkeys(clause_riders(unit)))
    return tuple(found)


@per_card(maxsize=4096)  # (a pure function of the card's text and name)
def only_mana_from(text: str, name: str = "") -> str:
    """The sources the spell's text says its mana must come from: ``CREATURES`` for "Spend only mana
    produced by creatures to cast this spell." (Myr Superion), ``BASIC_LANDS`` for "... by basic lands ..."
    (Imperiosaur), ``NO_MANA`` for "You can't spend mana to cast this spell." (Hogaak: only what is no mana
    pays it, convoke's creatures and delve's cards, CR 702.51a, 702.66a), "" for none read (another source
    stays warned).

    >>> only_mana_from("Spend only mana produced by creatures to cast this spell.")
    'creatures'
    >>> only_mana_from("Spend only mana produced by basic lands to cast this spell.")
    'basic lands'
    >>> only_mana_from("Spend only mana produced by artifacts to cast this spell.")
    ''
    >>> only_mana_from("You can't spend mana to cast this spell.")
    'no mana'
    """
    for unit in reading_units(text, name):
        if found := sentence_mana_sources(unit):
            return found
    return ""


def only_creature_mana(text: str, name: str = "") -> bool:
    """True when the spell's text says "Spend only mana produced by creatures to cast this spell." (Myr
    Superion): mana from any other source (a land, an artifact, a card in hand, floating mana whose source
    is not known) can't be spent on it (:func:`only_mana_from`).

    >>> only_creature_mana("Spend only mana produced by creatures to cast this spell.")
    True
    >>> only_creature_mana("Spend only mana produced by basic lands to cast this spell.")
    False
    """
    return only_mana_from(text, name) == CREATURES
