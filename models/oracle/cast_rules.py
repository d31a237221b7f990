"""A spell's own rules on how it is cast, read from its text (CR 601.2): the cap on its X (Winter's Chill's
'X can't be greater than the number of snow lands you control.', CR 107.3, 601.2b), which ``max-x`` and
``pay --x`` obey (:mod:`planner.rules.x_caps`). A sentence the grammar does not read stays unsupported text,
warned.

>>> cap = own_x_cap("Counter target spell.\\nX can't be greater than the number of Islands you control.")
>>> cap.counted.describe(), cap.text
('Island you control', "X can't be greater than the number of Islands you control.")
"""

from __future__ import annotations

from dataclasses import dataclass

from models.abilities import ObjectFilter
from models.kept import per_card
from models.oracle import readings as r
from models.oracle.build_filters import object_filter, only_noun
from models.oracle.grammar import UnreadError, parse_own_spell_rule
from models.oracle.own_spell_rules import XCapReading
from models.oracle.reader import reading_units

__all__ = ["XCap", "own_x_cap"]


@dataclass(frozen=True, slots=True)
class XCap:
    """'X can't be greater than the number of <permanents> ...': the largest X the spell's caster may announce
    is how many permanents ``counted`` matches (its controller relative to the caster) as the spell is cast
    (CR 107.3, 601.2b)."""

    text: str
    counted: ObjectFilter


@per_card(maxsize=4096)  # (a pure function of the card's text and name)
def own_x_cap(text: str, name: str = "") -> XCap | None:
    """The cap the spell's text puts on its X, or None (none, or one the grammar does not read: then its
    sentence stays unsupported, warned).

    >>> own_x_cap("X can't be 0.") is None
    True
    """
    for unit in reading_units(text, name):
        if not unit.startswith("X can't be"):
            continue
        try:
            reading = parse_own_spell_rule(unit)
        except UnreadError:
            continue
        if isinstance(reading, XCapReading) and isinstance(reading.most, r.CountOf):
            try:
                return XCap(unit, object_filter(only_noun(reading.most.what)))
            except UnreadError:
                continue
    return None
