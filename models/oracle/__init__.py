"""The Oracle-text reader: mana abilities and the effects that change mana, from rules text.

It reads real Oracle wording (and older wordings), one ability per line, and turns each sentence into the
structured records of :mod:`models.abilities`. Every sentence ends up in exactly one place: a mana ability,
an effect, a keyword, a choice the card needs, ``not_payment``, ``ignored`` (nothing to do with mana) or
``unsupported`` (about mana, but not read). Nothing is dropped silently.

The package is being rebuilt as a grammar (issue #34): :mod:`models.oracle.grammar` reads the phrases of
activated mana abilities (costs, what they add, amounts, objects, conditions, limits, riders) into the typed
readings of :mod:`models.oracle.readings`, and :mod:`models.oracle.build` turns them into records;
:mod:`models.oracle.legacy` still cuts lines and sentences and reads the static effects.
"""

from models.oracle.legacy import (
    PARSER_VERSION,
    PART_OF_UNREAD,
    READ_AS,
    Entering,
    LandSearch,
    ParsedText,
    SentenceReading,
    adds_mana,
    needs_imprinted,
    parse_land_search,
    parse_oracle,
    parse_restriction,
    reading_units,
    reads_imprinted_colors,
)

__all__ = [
    "PARSER_VERSION",
    "PART_OF_UNREAD",
    "READ_AS",
    "Entering",
    "LandSearch",
    "ParsedText",
    "SentenceReading",
    "adds_mana",
    "needs_imprinted",
    "parse_land_search",
    "parse_oracle",
    "parse_restriction",
    "reading_units",
    "reads_imprinted_colors",
]
