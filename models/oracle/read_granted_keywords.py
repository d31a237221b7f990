"""Keywords granted under a condition, and the sentences that extend the one before them: '~ has haste as
long as ...' (CR 302.6 reads haste), 'The same is true for fear, haste, ...' (each keyword granted under the
condition of the sentence before), and 'The same is true for creature spells you control and ... cards ...'
(the spells and cards a color or type change before it reaches). Split from
:mod:`models.oracle.read_statics`, which reads the sentences they follow.
"""

from __future__ import annotations

import re
from dataclasses import replace

from models.abilities import Condition, ObjectFilter, Who
from models.layer_effects import ColorChange, GrantHaste, TypeChange
from models.oracle import classify
from models.oracle import statics as s
from models.oracle.build_filters import object_filters, while_condition
from models.oracle.grammar import UnreadError, parse_static
from models.oracle.parsed import SAME_HASTE_NOTE, SAME_KEYWORDS_NOTE, Collector

__all__ = ["haste_while", "same_for_keywords", "same_is_true"]


def haste_while(reading: s.KeywordsWhile, sentence: str) -> tuple[GrantHaste, ...]:
    """'~ has haste as long as <condition>', 'As long as <condition>, creatures you control have haste': haste
    while the condition holds, the condition as the grammar reads it, or as written when it does not (the
    planner judges the first on the board and warns about the second wherever the haste would matter: a
    summoning-sick creature, :mod:`planner.rules.haste`).

    >>> from models.oracle.grammar import parse_static
    >>> text = "As long as you control an artifact, creatures you control have haste."
    >>> (grant,) = haste_while(parse_static(text.rstrip(".")), text)
    >>> grant.affected.describe(), grant.condition.describe()
    ('creature you control', 'you control artifact')
    """
    held = while_condition(reading.condition) if reading.condition else None  # ('~ has haste': always)
    if reading.both_paired:
        # ('both creatures': the pair, while the condition reads that the source is paired, CR 702.95)
        pair = ObjectFilter(types=("Creature",), paired=True)
        if held is None or held.filters != (replace(pair, controller=Who.YOU, other=True),):
            raise UnreadError(sentence)
        return (GrantHaste(sentence, pair),)
    if reading.turn:  # ('During your turn, ...': the board's active_player, CR 302.6 reads haste then)
        held = Condition((), your_turn=True)
    if reading.combat:  # (a beginning-of-combat trigger's grant until end of turn: from its combat on)
        held = replace(held or Condition(()), combat_began=True)
    affected = (ObjectFilter(self_only=True),) if reading.what is None else object_filters(reading.what)
    return tuple(GrantHaste(sentence, flt, held) for flt in affected)


def same_is_true(reading: s.SameIsTrue, body: str, sentence: str, out: Collector) -> None:
    """'The same is true for [creature] spells you control and ... cards ...': the rider of the color
    change before it (Celestial Dawn: whose spells and cards it changes too) or of the card types a type
    change before it adds (Biotransference: 'Creatures you control are artifacts ...', whose spells of the
    types it names it reaches too, and the cards of those types that aren't on the battlefield); after
    anything else, or naming other types than the change's, it is not understood (never ignored: a payment
    reads a spell's types and colors)."""
    last = out.effects[-1] if out.effects else None
    colored = isinstance(last, ColorChange) and not reading.spell_type and not reading.card_type
    typed = (
        isinstance(last, TypeChange)
        and last.adds
        and (bool(last.card_types) or last.chosen_creature)
        and not last.land_types
        and _names_only_types(last.affected)
        and reading.spell_type in ("", *last.affected.types)
        and reading.card_type in ("", *last.affected.types)
    )
    if isinstance(last, ColorChange | TypeChange) and (colored or typed):
        spells = Who.YOU if reading.spells_yours else Who.ANY
        cards = None if not reading.cards else (Who.YOU if reading.cards == "you" else Who.ANY)
        out.effects[-1] = replace(last, text=f"{last.text} {body}.", spells=spells, cards=cards)
        out.read(sentence, "effect")
    else:
        out.unread(sentence)


def same_for_keywords(keywords: tuple[str, ...], sentence: str, out: Collector) -> None:
    """'The same is true for fear, haste, ...' after a sentence granting one keyword under a condition: each
    is granted under that condition with it in place of the first. A payment reads haste alone (CR 302.6)
    and the keywords that pay a spell (not read here); haste is the sentence before with 'haste' in place
    of its keyword (:func:`haste_while`), named by this sentence. After a sentence of another kind (a
    trigger's 'gains flying until end of turn if ...', Odric's), haste is not read (said, never dropped).

    >>> from models.oracle.read_statics import read_static_sentence
    >>> out = Collector()
    >>> read_static_sentence("As long as a creature card with flying is in your graveyard, ~ has flying.",
    ...     out)
    >>> read_static_sentence("The same is true for first strike, haste, and protection.", out)
    >>> (grant,) = out.effects
    >>> grant.condition.describe(), [r.read_as for r in out.sentences]
    ('a creature card with haste is in your graveyard', ['ignored', 'effect'])
    """
    if classify.pays_spells(keywords):
        out.unread(sentence)
        return
    if "haste" not in keywords:
        out.read(sentence, "ignored", SAME_KEYWORDS_NOTE)  # (first strike, trample...: no payment reads them)
        out.ignored.append(sentence)
        return
    before = out.sentences[-1].text if out.sentences else ""
    try:
        reading = parse_static(before.strip().rstrip("."))
    except UnreadError:
        reading = None
    if not isinstance(reading, s.KeywordsWhile) or len(reading.keywords) != 1 or reading.turn:
        out.unread(sentence, SAME_HASTE_NOTE)
        return
    (granted,) = reading.keywords
    condition = re.sub(rf"\b{re.escape(granted)}\b", "haste", reading.condition, flags=re.IGNORECASE)
    try:
        grants = haste_while(replace(reading, keywords=("haste",), condition=condition), sentence)
    except UnreadError:
        out.unread(sentence, SAME_HASTE_NOTE)
        return
    out.effects.extend(grants)
    out.read(sentence, "effect")


def _names_only_types(affected: ObjectFilter) -> bool:
    """Whether a filter names nothing but card types and a controller ('Creatures you control'), which a
    spell's type line alone answers."""
    return affected == ObjectFilter(
        types=affected.types, excluded=affected.excluded, controller=affected.controller
    )
