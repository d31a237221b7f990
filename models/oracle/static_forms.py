"""A resolved effect's sentence as the static sentence it is while it lasts (CR 611.2: a continuous effect
from a spell or ability that resolved), as the grammar's ``resolved_effect`` reads it
(:mod:`models.oracle.resolved_rules`): its duration set apart, its verbs of change read as those of a state
('becomes' as 'is', 'gains' as 'has'), and its referents bound to what they name, as an Aura's 'enchanted
land' is. Reading the static sentence itself is the reader's (:mod:`models.oracle.resolved`), so this module
needs the grammar alone.

>>> bound = static_form("Until end of turn, target land you control becomes an Island.")
>>> bound.text, bound.duration, bound.bound
('Enchanted land is an Island.', 'end_of_turn', True)
"""

from __future__ import annotations

from dataclasses import dataclass

from models.oracle.grammar import UnreadError, parse_resolved_effect

__all__ = ["StaticForm", "static_form"]


@dataclass(frozen=True, slots=True)
class StaticForm:
    """A resolved effect's sentence as a static sentence: ``text`` (None when it has no words left), its
    ``duration`` ('end_of_turn', 'your_next_turn', 'this_turn', 'as_long_as' or None), what kind of referent
    it names (``bound_to``: 'permanent', 'player' or None), the counter whose presence on the referent it
    lasts while (``while_counter``), whether it changes only the next spell (``once``), and the sentence
    with its referents bound and its duration kept (``with_duration``: a static sentence may say its own,
    'with the same name as that creature until your next turn')."""

    printed: str
    text: str | None
    duration: str | None = None
    bound_to: str | None = None
    while_counter: str | None = None
    once: bool = False
    with_duration: str | None = None

    @property
    def bound(self) -> bool:
        """True when it names a referent (its entry's ``refers_to`` binds it)."""
        return self.bound_to is not None


def static_form(sentence: str) -> StaticForm:
    """The static sentence a resolved effect's sentence is while it lasts, as the grammar reads it
    (``resolved_effect``: :mod:`models.oracle.resolved_rules`); a sentence it does not read has no text.

    >>> static_form("Creatures you control gain haste until end of turn.").text
    'Creatures you control have haste.'
    >>> static_form("Spells you cast this turn cost {1} less to cast.").text
    'Spells you cast cost {1} less to cast.'
    >>> form = static_form("Until your next turn, it is an enchantment in addition to its other types.")
    >>> form.text, form.duration, form.bound
    ('Enchanted permanent is an enchantment in addition to its other types.', 'your_next_turn', True)
    """
    try:
        read = parse_resolved_effect(sentence.strip())
    except UnreadError:
        return StaticForm(sentence, None)
    static = _sentence(read.text)
    if static is None:
        return StaticForm(sentence, None, read.duration)
    return StaticForm(
        sentence,
        static,
        read.duration,
        read.bound_to,
        read.while_counter,
        read.once,
        _sentence(read.with_duration),
    )


def _sentence(body: str) -> str | None:
    """The words as a sentence: capitalised, ending in a period (or a closing quote); None when empty."""
    body = body.strip()
    if not body:
        return None
    return body[0].upper() + body[1:] + ("" if body.endswith(('"', ".")) else ".")
