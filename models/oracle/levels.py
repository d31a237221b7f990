"""Levels: the abilities a Class has from a level on (CR 716) and those a leveler has while its number of
level counters is in a striation's range (CR 711), and the level a permanent is at.

A Class's text gives its level 1 abilities first, then a class level ability ``{1}{R}: Level 2`` (CR
716.2a: an activated ability, at sorcery speed, never a mana ability) and the abilities the Class has while
its level is 2 or more (CR 716.2b), and so on; a Talent prints a level's first ability on the same line,
after a dash (``{G}: Level 2 — ...``). A leveler's text gives its ``Level up`` ability and its other
abilities, then striations ``LEVEL 1-4`` and ``LEVEL 5+``: the abilities (and power and toughness) under one
are the permanent's only while it has that many level counters (CR 711.2a, 711.2b). No payment changes a
level (the level up and class level abilities are sorcery-speed, not mana abilities), so the level is a
board fact: a Class's ``class_level`` (1 when it enters, CR 716.3) and a permanent's ``level`` counters.

>>> header = level_header("{1}{R}: Level 2")
>>> header.levels.describe(), header.in_force(Level(class_level=1)), header.in_force(Level(class_level=3))
('Level 2', False, True)
>>> level_header("LEVEL 1-4").levels.in_force(Level(level_counters=4))
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from models.kept import per_card
from models.oracle import text as t

__all__ = ["ENTERING", "Level", "LevelHeader", "LevelRange", "level_header", "striation_power"]


class Level(NamedTuple):
    """The level a permanent is at: a Class's level (CR 716.3, 1 as it enters) and its number of level
    counters (CR 711, a leveler's). A card outside the battlefield is read as it enters (:data:`ENTERING`).
    (A named tuple: the per-card tables that key on it hash it in C.)

    >>> Level(), Level(class_level=2).describe(False), Level(level_counters=1).describe(True)
    (Level(class_level=1, level_counters=0), 'at level 2', 'with 1 level counter')
    """

    class_level: int = 1
    level_counters: int = 0

    def describe(self, counters: bool) -> str:
        """The level in words: the Class's level, or the number of level counters (``counters``)."""
        if not counters:
            return f"at level {self.class_level}"
        return f"with {self.level_counters} level counter{'' if self.level_counters == 1 else 's'}"


#: The level of a permanent as it enters the battlefield: a Class at level 1, no level counter.
ENTERING = Level()


@dataclass(frozen=True, slots=True)
class LevelRange:
    """The levels at which a level's abilities are in force: a Class's level ``low`` or more (``counters``
    False: CR 716.2b), or a leveler's ``low`` to ``high`` level counters (``high`` None: no upper bound; CR
    711.2a, 711.2b).

    >>> LevelRange(True, 1, 4).in_force(Level(level_counters=5)), LevelRange(True, 5, None).describe()
    (False, 'LEVEL 5+')
    """

    counters: bool
    low: int
    high: int | None = None

    def in_force(self, level: Level) -> bool:
        """True when a permanent at ``level`` has this level's abilities."""
        if not self.counters:
            return level.class_level >= self.low
        return self.low <= level.level_counters and (self.high is None or level.level_counters <= self.high)

    def describe(self) -> str:
        """The header as printed: ``Level 2``, ``LEVEL 1-4``, ``LEVEL 5+``."""
        if not self.counters:
            return f"Level {self.low}"
        return f"LEVEL {self.low}+" if self.high is None else f"LEVEL {self.low}-{self.high}"


@dataclass(frozen=True, slots=True)
class LevelHeader:
    """A line that opens a level's abilities: the levels they are in force at, the header as printed (a
    Class's class level ability, ``{1}{R}: Level 2``, or a striation, ``LEVEL 1-4``) and what follows it on
    the same line (a Talent's ``{G}: Level 2 — <ability>``), '' when nothing does."""

    levels: LevelRange
    header: str
    rest: str = ""

    def in_force(self, level: Level) -> bool:
        """True when a permanent at ``level`` has the abilities after this header."""
        return self.levels.in_force(level)


def level_header(line: str) -> LevelHeader | None:
    """The level a line (normalised) opens the abilities of, or None: a Class's or a Talent's '{U}{R}: Level
    2' (CR 716.2a), perhaps followed by ' — ' and its first ability, a leveler's 'LEVEL 1-4' or 'LEVEL 5+'
    (CR 711.2a).

    >>> level_header("{G}: Level 2 — Permanents you control have ward {1}.")
    LevelHeader(levels=LevelRange(counters=False, low=2, high=None), header='{G}: Level 2', \
rest='Permanents you control have ward {1}.')
    >>> level_header("LEVEL 5+").levels, level_header("{T}: Add {G}."), level_header("LEVEL 4-2")
    (LevelRange(counters=True, low=5, high=None), None, None)
    """
    words = line.split()
    if len(words) == 2 and words[0] == "LEVEL":
        low, dash, high = words[1].partition("-")
        if words[1].endswith("+") and low[:-1].isdigit() and not dash:
            return LevelHeader(LevelRange(True, int(low[:-1])), line.strip())
        if dash and low.isdigit() and high.isdigit() and int(low) <= int(high):
            return LevelHeader(LevelRange(True, int(low), int(high)), line.strip())
        return None
    colon = t.find_colon(line)
    if colon <= 0 or not t.looks_like_cost(line[:colon]):
        return None
    header, _, rest = line[colon + 1 :].partition("\u2014")
    level = header.split()
    if len(level) != 2 or level[0] != "Level" or not level[1].isdigit() or int(level[1]) < 2:
        return None
    printed = f"{line[: colon + 1]} {header.strip()}"
    return LevelHeader(LevelRange(False, int(level[1])), printed, rest.strip())


@per_card(maxsize=4096)
def striation_power(text: str, level: Level) -> int | None:
    r"""The base power a leveler's striation in force at ``level`` gives it (CR 711.2a: 'LEVEL 1-4' then
    '1/2' is base power and toughness 1/2 while it has one to four level counters), or None when none does
    (its printed power stands).

    >>> treespeaker = "Level up {1}{G}\nLEVEL 1-4\n1/2\n{T}: Add {G}{G}.\nLEVEL 5+\n1/4"
    >>> [striation_power(treespeaker, Level(level_counters=n)) for n in (0, 2, 7)]
    [None, 1, 1]
    >>> striation_power("LEVEL 2-3\n3/3\nFlying\nLEVEL 4+\n4/4", Level(level_counters=4))
    4
    """
    header: LevelHeader | None = None
    for raw_line in t.logical_lines(text):
        line = raw_line.strip()
        if (opened := level_header(line)) is not None:
            header = opened
            continue
        if header is None or not header.levels.counters or not header.in_force(level):
            continue
        power, slash, toughness = line.partition("/")
        if slash and power.isdigit() and toughness.isdigit():
            return int(power)
    return None
