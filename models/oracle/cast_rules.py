"""A spell's own rules on how it is cast, read from its text (CR 601.2): the cap on its X (Winter's Chill's
'X can't be greater than the number of snow lands you control.', CR 107.3, 601.2b), which ``max-x`` and
``pay --x`` obey (:mod:`planner.rules.x_caps`), and when it may be cast ('Cast this spell only during
combat.', CR 601.3: :func:`own_cast_rules`, judged by :mod:`planner.rules.cast_timing`). A sentence the
grammar does not read stays unsupported text, warned.

>>> cap = own_x_cap("Counter target spell.\\nX can't be greater than the number of Islands you control.")
>>> cap.counted.describe(), cap.text
('Island you control', "X can't be greater than the number of Islands you control.")
"""

from __future__ import annotations

from dataclasses import dataclass

from models.abilities import Condition, ObjectFilter
from models.kept import per_card
from models.oracle import readings as r
from models.oracle.build_filters import condition, object_filter, only_noun
from models.oracle.grammar import UnreadError, parse_own_spell_rule
from models.oracle.own_spell_rules import CastOnlyReading, XCapReading
from models.oracle.reader import reading_units

__all__ = ["CastWindow", "OwnCastRule", "XCap", "own_cast_rules", "own_x_cap"]

#: When a spell may be cast: 'combat' (the board's step), 'your_turn', 'opponent_turn' (its
#: ``active_player``), or a count of the caster's permanents ('if you control a snow land').
CastWindow = str | Condition


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


@dataclass(frozen=True, slots=True)
class OwnCastRule:
    """A spell's own 'Cast this spell only ...' sentence (CR 601.3): ``windows`` when it may be cast, all of
    them at once ('only during your turn and only during combat'); None when the grammar does not read it
    (then it is warned of, never followed in silence)."""

    text: str
    windows: tuple[CastWindow, ...] | None


@per_card(maxsize=4096)  # (a pure function of the card's text and name)
def own_cast_rules(text: str, name: str = "") -> tuple[OwnCastRule, ...]:
    """The spell's own rules on when it may be cast, in the order written.

    >>> [(rule.text, rule.windows) for rule in own_cast_rules("Cast this spell only during combat.\\n"
    ...     "Cast this spell only before blockers are declared.")]
    [('Cast ~ only during combat.', ('combat',)), ('Cast ~ only before blockers are declared.', None)]
    """
    found = []
    for unit in reading_units(text, name):
        if not unit.startswith("Cast ~ only"):
            continue
        try:
            reading = parse_own_spell_rule(unit)
        except UnreadError:
            found.append(OwnCastRule(unit, None))
            continue
        windows = _windows(reading) if isinstance(reading, CastOnlyReading) else None
        found.append(OwnCastRule(unit, windows))
    return tuple(found)


def _windows(reading: CastOnlyReading) -> tuple[CastWindow, ...] | None:
    """The windows read, each condition a count of the caster's permanents ('if you control a snow land');
    None when one is not such a count."""
    windows: list[CastWindow] = []
    for window in reading.windows:
        if isinstance(window, str):
            windows.append(window)
            continue
        try:
            held = condition(window)
        except UnreadError:
            return None
        if not held.filters or held != Condition(held.filters, held.at_least, any_of=held.any_of):
            return None
        windows.append(held)
    return tuple(windows)
