"""A permanent's 'If a land entering the battlefield causes a triggered ability of a permanent you control to
trigger, that ability triggers an additional time.' (Ancient Greenwarden; 'a permanent', 'a land or Bird you
control', 'a Wizard ... under your control', 'an artifact entering or leaving': CR 603.2d), read by the
grammar (``triggers_again`` in ``grammar.lark``): the objects whose entering makes its controller's triggered
abilities trigger an additional time.

>>> [f.types for f in entering_again_of("If a land entering the battlefield causes a triggered ability of "
...     "a permanent you control to trigger, that ability triggers an additional time.") or ()]
[('Land',)]
"""

from __future__ import annotations

from lark import Tree

from models.filters import ObjectFilter
from models.oracle.build_filters import object_filter
from models.oracle.grammar import read_as
from models.oracle.readings import Nouns

__all__ = ["entering_again_of"]


def entering_again_of(sentence: str) -> tuple[ObjectFilter, ...] | None:
    """The objects whose entering the battlefield makes the triggered abilities of its controller's
    permanents trigger an additional time, one filter for each noun of the phrase ('a land or Bird you
    control': a land you control, a Bird you control); None for any other sentence.

    >>> [f.types for f in entering_again_of("If an artifact or creature entering the battlefield causes a "
    ...     "triggered ability of a permanent you control to trigger, that ability triggers an additional "
    ...     "time.") or ()]
    [('Artifact',), ('Creature',)]
    >>> entering_again_of("If a creature dying causes a triggered ability of a permanent you control to "
    ...     "trigger, that ability triggers an additional time.") is None
    True
    """
    if "entering" not in sentence:
        return None
    try:
        reading = read_as(sentence.strip(), "triggers_again")
    except Exception:  # (Lark's errors, or what a rule's method raised: not this sentence)
        return None
    if not isinstance(reading, Tree):
        return None
    phrase = next((child for child in reading.children if isinstance(child, Nouns)), None)
    if phrase is None:
        return None
    try:
        return tuple(object_filter(noun) for noun in phrase.nouns)
    except Exception:  # (a noun no filter holds: not read)
        return None
