"""Reading an activated ability ('<cost>: <effect>'): a mana ability (by the grammar and the builders),
an ability that adds mana but is not one (not_payment), or one with nothing to do with mana; and the cost
of an ability, read once per text.
"""

from __future__ import annotations

from collections.abc import Callable

from models.abilities import AbilityCost, Amount, ManaAbility, ManaOutput, OutputKind
from models.kept import per_card
from models.mana_effects import NotPaymentKind, NotPaymentMana
from models.oracle import classify
from models.oracle import statics as s
from models.oracle import text as t
from models.oracle.build import build_cost, build_mana_ability, mana_output
from models.oracle.grammar import UnreadError, parse_effect, parse_output, parse_static
from models.oracle.mana_outputs import created_mana_token, output_of_effect, quoted_output
from models.oracle.marked_referents import read_marked_referent
from models.oracle.parsed import (
    PART_OF_UNREAD,
    PRIORITY_NO_MANA_ABILITY,
    PRIORITY_TOKEN,
    PRIORITY_UNTAP,
    Collector,
    ParsedText,
    SentenceReading,
)
from models.oracle.readings import ActivateOnly, Timing


def read_activated(
    line: str, colon: int, out: Collector, original: str, read_static: Callable[[str], ParsedText]
) -> None:
    """Read the activated ability ``line`` ('<cost>: <effect>', its colon at ``colon``) into ``out``;
    ``read_static`` reads a static sentence on its own (for an effect on what a counter marks)."""
    cost_text, effect_text = line[:colon].strip(), line[colon + 1 :].strip()
    effect_words = classify.tokens(effect_text)
    has_add = "add" in effect_words or "adds" in effect_words
    unquoted = classify.tokens("".join(effect_text.split('"')[0::2]))
    if (
        has_add
        and ("token" in unquoted or "tokens" in unquoted)
        and "add" not in unquoted
        and "adds" not in unquoted
    ):  # the tokens it creates have a mana ability; the ability itself makes none
        output = quoted_output(effect_text)
        out.not_payment.append(NotPaymentMana(line, NotPaymentKind.TOKEN, output, _cost_or_none(cost_text)))
        out.ignored.append(original)
        out.read(line, "not_payment")
        return
    if _is_double_unspent(effect_text) and (doubling_cost := _cost_or_none(cost_text)) is not None:
        # it adds mana (as much again of each type in the pool) without the word 'add': a mana ability
        doubling = ManaAbility(
            text=original, cost=doubling_cost, output=ManaOutput(OutputKind.DOUBLE_UNSPENT)
        )
        out.mana_abilities.append(doubling)
        out.read(line, "mana_ability")
        return
    # a targeted ability says 'target' (CR 115.1); 'choose new targets for the copy' in a rider on the mana
    # once spent is the copy's, not this ability's (Pyromancer's Goggles), and a delayed or reflexive
    # trigger's target is chosen when it triggers (CR 603.7c: Rainbow Vale's 'At the beginning of the next
    # end step, target opponent gains control of ~.'; CR 603.12: 'When you do, ~ deals 1 damage to any
    # target.'), not by this ability: read, or unsupported, never filed as no mana ability
    targets = any(
        "target" in classify.tokens(sentence)
        and not classify.when_spent(sentence)
        and not classify.starts_with(classify.tokens(sentence), "at the beginning of", "when you do")
        for sentence in t.split_sentences(effect_text)
    )
    if not has_add:
        if classify.changes_mana(effect_text) and not targets:
            out.unsupported.append(original)  # it makes mana without 'add' (Doubling Cube): not read
            out.read(line, "unsupported")
        elif classify.starts_with(effect_words, "untap"):
            out.ignored.append(original)  # (an untap before casting: the board's warnings name it)
            out.read(line, "ignored", PRIORITY_UNTAP)
        elif not targets and (token := created_mana_token(effect_text)) is not None:
            # (a Treasure made with priority before casting: no mana ability, the board's warnings name it)
            out.not_payment.append(
                NotPaymentMana(line, NotPaymentKind.TOKEN, token, _cost_or_none(cost_text))
            )
            out.ignored.append(original)
            out.read(line, "not_payment", PRIORITY_TOKEN)
        elif not _marked_referents(line, out, read_static):
            out.ignore(original, line)  # an activated ability that makes no mana (draw, pump...)
        return
    kind: NotPaymentKind | None = None
    if classify.is_loyalty_cost(cost_text):
        kind = NotPaymentKind.LOYALTY  # loyalty abilities are not mana abilities (CR 605.1a)
    elif targets:
        kind = NotPaymentKind.TARGETED  # a targeted ability is not a mana ability (CR 605.1a)
    elif classify.moves_library(line):
        kind = NotPaymentKind.LIBRARY  # CR 605.1a as amended 2026-08-07 (RULES.md section 10)
    if kind is not None:
        output = output_of_effect(effect_text)
        out.not_payment.append(NotPaymentMana(line, kind, output, _cost_or_none(cost_text)))
        out.ignored.append(original)
        # (activated with priority before casting, never while paying: the board's warnings name it)
        out.read(line, "not_payment", PRIORITY_NO_MANA_ABILITY[kind.value])
        return
    try:
        ability, leftovers = read_mana_ability(cost_text, effect_text, original)
    except UnreadError:
        out.unsupported.append(original)
        out.read(line, "unsupported")
        return
    if leftovers:
        # Safety (contract section 5): an ability with a part not read is never used without that part.
        out.unsupported.extend(f"{original} [{sentence}]" for sentence in leftovers)
        for sentence in t.split_sentences(line):
            out.sentences.append(
                SentenceReading(sentence, "unsupported", "" if sentence in leftovers else PART_OF_UNREAD)
            )
        return
    out.mana_abilities.append(ability)
    out.read(line, "mana_ability")


def _marked_referents(line: str, out: Collector, read_static: Callable[[str], ParsedText]) -> bool:
    """An ability that makes no mana but whose effect names the permanents it marked with a counter ('{2},
    {T}: Put a mire counter on target non-Swamp land. That land is a Swamp for as long as it has a mire
    counter on it.': Cyclopean Tomb's, CR 611.2b): that sentence read (or warned) as a trigger's is
    (:func:`~models.oracle.marked_referents.read_marked_referent`), every other sentence ignored; False when
    it has no such sentence."""
    sentences = t.split_sentences(line)
    marked = Collector()
    found = [
        index
        for index, sentence in enumerate(sentences)
        if index and read_marked_referent(sentence, sentences[index - 1], marked, read_static)
    ]
    if not found:
        return False
    for index, sentence in enumerate(sentences):
        if index not in found:
            out.ignore(sentence)
        else:
            reading = marked.sentences[found.index(index)]
            out.sentences.append(reading)
    out.effects.extend(marked.effects)
    out.unsupported.extend(marked.unsupported)
    return True


def _is_double_unspent(effect_text: str) -> bool:
    if "double" not in effect_text.lower():
        return False
    try:
        return isinstance(parse_static(effect_text), s.DoubleUnspent)
    except UnreadError:
        return False


def _cost_or_none(cost_text: str) -> AbilityCost | None:
    try:
        return _cost(cost_text)
    except UnreadError:
        return None


@per_card(maxsize=4096)  # (a cost is read from its text alone; the same few costs come again and again)
def _cost(text: str) -> AbilityCost:
    return build_cost(text)


def read_mana_ability(cost_text: str, effect_text: str, original: str) -> tuple[ManaAbility, list[str]]:
    """'<cost>: Add ...' as a mana ability (by the grammar); unread extra sentences are returned apart."""
    sentences = t.split_sentences(effect_text)
    opening = _random_opening(sentences[0])
    if opening is not None:
        return _random_ability(_cost(cost_text), opening, sentences[1:], original)
    return build_mana_ability(cost_text, sentences, original)


def _random_opening(sentence: str) -> str | None:
    """'roll a six-sided die', 'flip a coin', when the sentence opens with one (CR 705, 706)."""
    if not sentence.lower().startswith(("roll", "flip")):
        return None
    try:
        reading = parse_static(sentence)
    except UnreadError:
        return None
    return reading.text if isinstance(reading, s.RandomOpening) else None


def _random_ability(
    cost: AbilityCost, roll: str, sentences: tuple[str, ...], original: str
) -> tuple[ManaAbility, list[str]]:
    """'Roll a six-sided die.' with its results ('2 — Add {W}.'), or 'Flip a coin. If you win the flip, add
    {C}{C}.': the mana any result adds, the ability marked ``uncertain`` (no plan can count on a result)."""
    outputs: list[ManaOutput] = []
    timing = ""
    leftovers: list[str] = []
    for sentence in sentences:
        body = sentence.rstrip(".")
        result = t.result_body(body)
        if result is None and classify.starts_with(
            classify.tokens(body), "if you win the flip ,", "if you lose the flip ,"
        ):
            result = body.split(",", 1)[1].strip()
        try:
            reading = parse_static(body)
        except UnreadError:
            reading = None
        if isinstance(reading, s.ResultEffects):
            continue
        limits = _limits(body)
        if limits in ((Timing.INSTANT,), (Timing.SORCERY,)):
            timing = "instant" if limits == (Timing.INSTANT,) else "sorcery"
        elif result is None:
            leftovers.append(sentence)
        elif result.lower().startswith("add "):
            outputs.append(mana_output(parse_output(result[4:])))
        # any other result (sacrifice ~, lose life) is part of the gamble, which is not executed as a whole
    if not outputs:
        raise UnreadError(original)
    output = outputs[0]
    if len(outputs) > 1:
        if not all(o.kind in (OutputKind.FIXED, OutputKind.CHOICE) and o.amount == Amount() for o in outputs):
            raise UnreadError(original)
        output = ManaOutput(OutputKind.CHOICE, tuple(dict.fromkeys(b for o in outputs for b in o.options)))
    ability = ManaAbility(text=original, cost=cost, output=output, timing=timing, uncertain=roll)
    return ability, leftovers


def _limits(body: str) -> tuple[object, ...] | None:
    """The limits of an 'Activate only ...' sentence, or None when the sentence is none."""
    try:
        reading = parse_effect(body)
    except UnreadError:
        return None
    return tuple(reading.limits) if isinstance(reading, ActivateOnly) else None
