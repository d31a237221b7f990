"""A card's sentence whose 'That <noun>' names a permanent an earlier sentence of the card marked with a
counter, read with that referent: 'That permanent is an enchantment in addition to its other types.' after
'you may put it onto the battlefield with a manifestation counter on it' (Arbiter of the Ideal), and 'That
land is an Island for as long as it has a flood counter on it.' (Quicksilver Fountain, whose upkeep trigger
puts the flood counter on the land). The effect is a resolved trigger's (CR 611.2): the counter marks which
permanents it changed, so the card's text reads it as changing each permanent with such a counter on it (CR
122.1), its words read by the grammar as an effect in force's (:func:`~models.oracle.resolved.static_form`:
'That land' bound as an Aura's 'Enchanted land'), the referent then made 'each <noun> with a <kind> counter
on it'. A counter with a meaning of its own (+1/+1, -1/-1, a keyword counter, CR 122.1a-b) marks nothing:
such a sentence stays unread (warned when a payment may read what it changes). The same for 'Each of
those lands is ...' (Liege of the Tangle's), "It's an Island ..." after 'put a flood counter on target land'
(Eluge's: 'it' the land, CR 608.2c), 'For as long as that land has a blight counter on it, ...' (Ultima's:
warned, not read) and an activated ability's such sentence (Cyclopean Tomb's:
:mod:`models.oracle.read_activated`). An effect of this kind whose source has left, or a permanent it
changed whose counter is gone, is the board's to give (``effects``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Final

from models.layer_effects import AbilityLoss, ColorChange, GrantAbility, GrantHaste, PowerChange, TypeChange
from models.mana_effects import StaticEffect
from models.oracle import classify, lexicon
from models.oracle.classify import mentions_mana
from models.oracle.grammar import UnreadError, parse_counter_entry
from models.oracle.parsed import Collector, ParsedText
from models.oracle.static_forms import StaticForm, static_form

__all__ = ["marked_referent_effects", "marked_referent_unread", "read_marked_referent"]

#: The note on a sentence read with its referent marked by a counter.
MARKED_REFERENT_NOTE: Final = (
    "a trigger's or an ability's effect on the permanent it marked with a counter: each permanent with that "
    "counter on it"
)
#: How such a sentence opens: its referent ('That land is ...', 'Each of those lands is ...', "It's an Island
#: ..."), or the counter's duration before it ('For as long as that land has a blight counter on it, ...').
MARKED_REFERENT_OPENINGS: Final = ("that", "each of those", "it", "it's", "for as long as")

#: The note on such a sentence not read, whose effect a payment may read (warned).
MARKED_REFERENT_UNREAD: Final = (
    "a trigger's or an ability's effect in force on each permanent with a counter on it, not read: the "
    "board's effects may give it"
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
    parsed = read(_it_named(form.text, before, kind))
    if parsed.unsupported or parsed.mana_abilities or not parsed.effects:
        return None
    found: list[StaticEffect] = []
    for effect in parsed.effects:
        if not isinstance(effect, _CHANGES) or not effect.affected.attached:
            return None
        marked = replace(effect.affected, attached=False, counter=kind)
        found.append(replace(effect, text=sentence, affected=marked))
    return tuple(found)


def read_marked_referent(
    sentence: str, before: str, out: Collector, read: Callable[[str], ParsedText]
) -> bool:
    """Record ``sentence`` in ``out`` when it is a sentence of that kind (a trigger's or an activated
    ability's effect on the permanents a counter marks, after ``before``): its effects, or warned when they
    are not read but a payment may read them (:func:`marked_referent_unread`); False when it is none.

    >>> from models.oracle import parse_oracle
    >>> out = Collector()
    >>> read_marked_referent("That land is a Swamp for as long as it has a mire counter on it.", "", out,
    ...     parse_oracle)
    True
    >>> [(r.read_as, type(e).__name__) for r, e in zip(out.sentences, out.effects)]
    [('effect', 'TypeChange')]
    """
    if "counter" not in f"{sentence} {before}".lower():
        return False
    if not classify.starts_with(classify.tokens(sentence), *MARKED_REFERENT_OPENINGS):
        return False
    marked = marked_referent_effects(sentence, before, read)
    if marked is not None:
        out.effects.extend(marked)
        out.read(sentence, "effect", MARKED_REFERENT_NOTE)
        return True
    if marked_referent_unread(sentence, before):
        out.unread(sentence, MARKED_REFERENT_UNREAD)
        return True
    return False


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


#: The type words the target of 'put a <kind> counter on target <...> <noun>' may end with.
_TARGET_NOUNS: Final = ("land", "creature", "artifact", "enchantment", "planeswalker", "permanent")


def _it_named(text: str, before: str, kind: str) -> str:
    """``text`` ('Enchanted permanent is ...': the static form of "It's ...") with its referent named as the
    sentence ``before`` names the one it put the counter on ('put a flood counter on target land': 'Enchanted
    land', CR 608.2c: 'it' is that object); ``text`` as it is otherwise.

    >>> _it_named("Enchanted permanent is an Island.", "Put a flood counter on target land.", "flood")
    'Enchanted land is an Island.'
    >>> _it_named("Enchanted permanent is an Island.", "Put a mire counter on target land.", "flood")
    'Enchanted permanent is an Island.'
    """
    subject = "Enchanted permanent "
    words = classify.tokens(before)
    wanted = ("counter", "on", "target")
    if not text.startswith(subject):
        return text
    for index in range(1, len(words) - 3):
        if words[index - 1] != kind or tuple(words[index : index + 3]) != wanted:
            continue
        noun = next((word for word in words[index + 3 : index + 6] if word in _TARGET_NOUNS), None)
        if noun is not None:
            return f"Enchanted {noun} {text[len(subject) :]}"
    return text


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
