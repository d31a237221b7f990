"""The Oracle-text reader: mana abilities and the effects that change mana, from rules text.

It reads real Oracle wording (and older wordings), one ability per line, and turns each sentence into the
structured records of :mod:`models.abilities`. Every sentence ends up in exactly one place: a mana ability,
an effect, a keyword, a choice the card needs, ``not_payment``, ``ignored`` (nothing to do with mana) or
``unsupported`` (about mana, but not read). Nothing is dropped silently.

The parts: :mod:`~models.oracle.lexicon` (the closed word classes), :mod:`~models.oracle.text` (tokens: lines,
sentences, normalisation), the grammar (``grammar.lark``, its parser :mod:`~models.oracle.grammar_parser`, its
transformer :mod:`~models.oracle.phrase_rules`, :mod:`~models.oracle.effect_rules` and
:mod:`~models.oracle.static_rules`, its entry points :mod:`~models.oracle.grammar`, with the typed readings of
the :mod:`~models.oracle.readings` package and :mod:`~models.oracle.statics`), the builders to records
(:mod:`~models.oracle.build`, :mod:`~models.oracle.build_filters`, :mod:`~models.oracle.build_statics`),
the classifier of what the grammar does not read (:mod:`~models.oracle.classify`), and the reader that puts
them together (:mod:`~models.oracle.reader`, following a Class's or a leveler's levels with
:mod:`~models.oracle.levels` and reading each kind of line with :mod:`~models.oracle.read_activated`,
:mod:`~models.oracle.read_entering` and :mod:`~models.oracle.read_statics` into the records of
:mod:`~models.oracle.parsed`, and the mana of a text with :mod:`~models.oracle.mana_outputs`).
"""

from models.oracle.reader import (
    PARSER_VERSION,
    PART_OF_UNREAD,
    READ_AS,
    Entering,
    LandSearch,
    Level,
    ParsedText,
    SentenceReading,
    adds_mana,
    needs_imprinted,
    parse_land_search,
    parse_oracle,
    parse_restriction,
    read_card,
    reading_units,
    reads_imprinted_colors,
)

__all__ = [
    "PARSER_VERSION",
    "PART_OF_UNREAD",
    "READ_AS",
    "Entering",
    "LandSearch",
    "Level",
    "ParsedText",
    "SentenceReading",
    "adds_mana",
    "needs_imprinted",
    "parse_land_search",
    "parse_oracle",
    "parse_restriction",
    "read_card",
    "reading_units",
    "reads_imprinted_colors",
]
