"""How many targets a spell is cast with (CR 601.2c), which "Spells you cast cost {1} less to cast for each
target" (Hinata, Dawn-Crowned) reads as the total cost is locked in (CR 601.2f).

Each instance of the word "target" in the spell's own text is one target (CR 115.1, 115.3: a spell that
targets the same object twice has two targets). An Aura spell has one target (CR 303.4a); the "target" of
another permanent spell's text is its abilities', not the spell's. A number the caster chooses ("up to two
target creatures", "any number of target", "one or two targets", X), a modal or kicked spell, and an
overloaded one are not counted here: the question gives the number (``--targets``), or a warning says none
was counted.
"""

from __future__ import annotations

import re

from models.types import TypeLine

__all__ = ["printed_targets"]

_NUMBERS = {
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
}
#: Words that make the number of targets the caster's choice, or a mode's.
_CHOSEN = re.compile(
    r"\b(?:up to|any number of|one or more|one or two|choose (?:one|two|three|one or more|one or both)|"
    r"kicked|overload|entwine|targets)\b|\bx target",
    re.I,
)
#: A 'target' that is a spell's target: not 'the target', 'that target', 'new target(s)', 'its target'.
_TARGET = re.compile(r"\b(?:(\w+)\s+)?target\b", re.I)
_NOT_A_TARGET = frozenset({"the", "that", "new", "its", "their"})


def printed_targets(text: str, type_line: TypeLine) -> int | None:
    """The number of targets a spell of this text and type line is cast with, or None when the caster
    chooses it (or its text does not say it plainly).

    >>> instant = TypeLine.parse("Instant")
    >>> printed_targets("Lightning Bolt deals 3 damage to any target.", instant)
    1
    >>> printed_targets("Tap two target creatures. Destroy target artifact.", instant)
    3
    >>> printed_targets("Up to two target creatures each get +1/+1 until end of turn.", instant)
    >>> printed_targets("Change the target of target spell with a single target.", instant)
    1
    >>> printed_targets("Draw two cards.", TypeLine.parse("Sorcery"))
    0
    >>> aura = TypeLine.parse("Enchantment — Aura")
    >>> printed_targets("Enchant creature\\nEnchanted creature gets +2/+2.", aura)
    1
    >>> printed_targets("When this creature enters, destroy target artifact.", TypeLine.parse("Creature"))
    0
    """
    if not (type_line.is_a("Instant") or type_line.is_a("Sorcery")):
        return 1 if type_line.is_a("Aura") else 0
    own = "\n".join(
        line
        for line in re.sub(r"\([^)]*\)|\"[^\"]*\"", "", text).splitlines()
        if not re.match(r"^\s*(?:When|Whenever|At)\b", line) and ":" not in line
    )
    if _CHOSEN.search(own):
        return None
    count = 0
    for match in _TARGET.finditer(own):
        before = (match.group(1) or "").lower()
        # ('target creature', 'any target'; not 'the target of', 'a spell with a single target')
        named = before == "any" or re.match(r"\s+[a-z]", own[match.end() :], re.I) is not None
        if before in _NOT_A_TARGET or not named:
            continue
        count += _NUMBERS.get(before, 1)
    return count
