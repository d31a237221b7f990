"""A card's sentence whose 'That <noun>' names a permanent an earlier sentence of the card marked with a
counter, read with that referent: 'That permanent is an enchantment in addition to its other types.' after
'you may put it onto the battlefield with a manifestation counter on it' (Arbiter of the Ideal), and 'That
land is an Island for as long as it has a flood counter on it.' (Quicksilver Fountain, whose upkeep trigger
puts the flood counter on the land). The effect is a resolved trigger's (CR 611.2): the counter marks which
permanents it changed, so the card's text reads it as changing each permanent with such a counter on it (CR
122.1), its words read by the grammar as an effect in force's (:func:`~models.oracle.resolved.static_form`:
'That land' bound as an Aura's 'Enchanted land'), the referent then made 'each <noun> with a <kind> counter
on it'. A counter with a meaning of its own (+1/+1, -1/-1, a keyword counter, CR 122.1a-b) marks nothing:
such a sentence stays unread. An effect of this kind whose source has left, or a permanent it changed whose
counter is gone, is the board's to give (``effects``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Final

from models.layer_effects import AbilityLoss, ColorChange, GrantAbility, GrantHaste, PowerChange, TypeChange
from models.mana_effects import StaticEffect
from models.oracle import lexicon
from models.oracle.classify import mentions_mana
from models.oracle.grammar import UnreadError, parse_counter_entry
from models.oracle.parsed import ParsedText
from models.oracle.static_forms import StaticForm, static_form

__all__ = [
    "MARKED_REFERENT_NOTE",
    "MARKED_REFERENT_UNREAD",
    "marked_referent_effects",
    "marked_referent_unread",
]

#: The note on a sentence read with its referent marked by a counter.
MARKED_REFERENT_NOTE: Final = (
    "a trigger's effect on the permanent it marked with a counter: each permanent with that counter on it"
)
#: The note on such a sentence not read, whose effect a payment may read (warned).
MARKED_REFERENT_UNREAD: Final = (
    "a trigger's effect in force on each permanent with a counter on it, not read: the board's effects may "
    "give it"
)

#: The kinds of effect such a sentence may be read as: those that change the characteristics of the
#: permanent it names (layers 4 to 7c), as an effect in force's are (:mod:`planner.rules.effects_in_force`).
_CHANGES = (TypeChange, ColorChange, GrantAbility, GrantHaste, AbilityLoss, PowerChange)


def marked_referent_effects(
    sentence: str, before: str, read: Callable[[str], ParsedText]
) -> tuple[StaticEffect, ...] | None:
    """The effects of ``sentence`` ('That land is ...') on the permanents marked with the counter it names
    ('for as long as it has a flood counter on it') or the sentence ``before`` it puts on its referent ('...,
    you may put it onto the battlefield with a manifestation counter on it.'); None when it is not such a
    sentence, or its words are not read in full. Its static form is read by ``read`` (the reader's own reading
    of a static sentence, given by it: this module is the reader's, and imports none of it).

    >>> from models.oracle import parse_oracle
    >>> (fountain,) = marked_referent_effects(
    ...     "That land is an Island for as long as it has a flood counter on it.", "", parse_oracle)
    >>> fountain.affected.describe(), fountain.land_types, fountain.adds
    ('land with a flood counter on it', ('Island',), False)
    >>> before = ("If it's a land card, you may put it onto the battlefield with a manifestation "
    ...     "counter on it.")
    >>> that = "That permanent is an enchantment in addition to its other types."
    >>> (arbiter,) = marked_referent_effects(that, before, parse_oracle)
    >>> arbiter.affected.describe(), arbiter.card_types
    ('permanent with a manifestation counter on it', ('Enchantment',))
    >>> marked_referent_effects("That permanent is an enchantment in addition to its other types.",
    ...     "Return it to the battlefield with a +1/+1 counter on it.", parse_oracle) is None
    True
    """
    form = static_form(sentence)
    kind = _marking_counter(form, before)
    if form.text is None or not kind or not _marks(kind):
        return None
    parsed = read(form.text)
    if parsed.unsupported or parsed.mana_abilities or not parsed.effects:
        return None
    found: list[StaticEffect] = []
    for effect in parsed.effects:
        if not isinstance(effect, _CHANGES) or not effect.affected.attached:
            return None
        marked = replace(effect.affected, attached=False, counter=kind)
        found.append(replace(effect, text=sentence, affected=marked))
    return tuple(found)


def marked_referent_unread(sentence: str, before: str) -> bool:
    """True for a sentence of that kind (its referent a permanent a counter marks, or one with a counter of
    its own meaning on it for as long as it has it) that :func:`marked_referent_effects` does not read but
    whose effect a payment may read (:func:`~models.oracle.classify.mentions_mana` of its static form: a
    type, a land type, an ability changed): it is in force on the board while the counter is (CR 611.2b),
    so it is warned, never dropped in silence.

    >>> marked_referent_unread("Each of those lands is a 0/0 creature for as long as it has a +1/+1 "
    ...     "counter on it.", "")
    True
    >>> marked_referent_unread("That creature gains flying for as long as it has a +1/+1 counter on it.", "")
    False
    """
    form = static_form(sentence)
    return form.text is not None and bool(_marking_counter(form, before)) and mentions_mana(form.text)


def _marking_counter(form: StaticForm, before: str) -> str | None:
    """The kind of counter whose presence keeps the effect of ``form`` on its referent, a permanent: the one
    its 'for as long as it has a <kind> counter on it' names, or with no duration the one the sentence
    ``before`` puts it onto the battlefield with; None otherwise (or an effect that happens once)."""
    if form.bound_to != "permanent" or form.once:
        return None
    if form.duration == "as_long_as":
        return form.while_counter
    if form.duration is None:
        return _counter_put(before)
    return None


def _counter_put(before: str) -> str | None:
    """The kind of counter the last clause of ``before`` puts its permanent onto the battlefield with, as the
    grammar reads it (``counter_entry``), or None."""
    clause = before.rsplit(", ", 1)[-1].strip()
    try:
        return parse_counter_entry(clause)
    except UnreadError:
        return None


def _marks(kind: str) -> bool:
    """True when a counter of this kind has no meaning of its own, so that it marks (CR 122.1: not a +1/+1 or
    -1/-1 counter, 122.1a; not a keyword counter, 122.1b)."""
    return "/" not in kind and kind not in lexicon.KEYWORDS and kind not in ("shield", "stun")
