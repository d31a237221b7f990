"""The mana a piece of rules text adds, read by the grammar: after 'Add' in an effect, in a quoted mana
ability, after the last 'add' of a sentence, from a predefined token a sentence creates (a Treasure); and
whether what was read reads the card exiled with its source.

>>> output_of_effect("Add {G}{G}.").options
(ManaBag.parse('{G}{G}'),)
"""

from __future__ import annotations

from models.abilities import ManaAbility, ManaOutput, ObjectFilter, PaletteKind
from models.mana_effects import StaticEffect
from models.oracle import lexicon
from models.oracle import text as t
from models.oracle.build import mana_output
from models.oracle.grammar import UnreadError, parse_output


def created_mana_token(sentence: str) -> ManaOutput | None:
    """The mana of a predefined token the sentence creates (a Treasure: CR 111.10a), or None."""
    if "create" not in sentence.lower():  # (what the words below need: most sentences, without splitting)
        return None
    words = sentence.replace(",", " ").replace(".", " ").split()
    lowered = [word.lower() for word in words]
    if "create" not in lowered and "creates" not in lowered:
        return None
    for name, ability in lexicon.MANA_TOKENS.items():
        for index, word in enumerate(words[:-1]):
            if word == name and lowered[index + 1] in ("token", "tokens"):
                colon = t.find_colon(ability)
                return output_of_effect(ability[colon + 1 :].strip())
    return None


def output_of_effect(effect_text: str) -> ManaOutput | None:
    """The mana an effect's 'Add ...' sentence adds, or None when it can't be read."""
    for sentence in t.split_sentences(effect_text):
        words = sentence.split(" ", 2)
        opening = 2 if words[0].lower() == "then" and len(words) > 1 and words[1].lower() == "add" else 1
        if words[0].lower() == "add" or opening == 2:
            try:
                return mana_output(parse_output(sentence.split(" ", opening)[-1].rstrip(".")))
            except UnreadError:
                return None
    return None


def quoted_output(text: str) -> ManaOutput | None:
    """The mana that the first quoted mana ability in a text adds ('... tokens with "{T}: Add {C}."')."""
    for quoted in t.quoted_parts(text):
        colon = t.find_colon(quoted)
        if colon > 0 and (output := output_of_effect(quoted[colon + 1 :].strip())) is not None:
            return output
    return None


def output_after_add(body: str) -> ManaOutput | None:
    """The mana after the last 'add' of a sentence ('..., add {R}{R}'), or None when it can't be read."""
    lowered = t.folded(body)
    start = -1
    for word in ("add ", "adds "):
        found = lowered.rfind(word)
        while found > 0 and lowered[found - 1].isalnum():
            found = lowered.rfind(word, 0, found)
        if found >= 0 and found + len(word) > start:
            start = max(start, found + len(word))
    if start < 0:
        return None
    spec = body[start:].rstrip('"').rstrip(".")
    try:
        return mana_output(parse_output(spec))
    except UnreadError:
        return None


def needs_imprinted(effect: StaticEffect) -> bool:
    """True when the effect reads the card exiled with its source (the board's ``imprinted`` choice).

    >>> from models.oracle import parse_oracle
    >>> lens = parse_oracle("Whenever a land with the same name as the exiled card is tapped for mana, its "
    ...     "controller adds an additional one mana of any type that land produced.")
    >>> [needs_imprinted(e) for e in lens.effects]
    [True]
    """
    if getattr(effect, "shares_exiled_card_type", False):  # (Semblance Anvil's spells)
        return True
    affected = getattr(effect, "affected", None)
    return isinstance(affected, ObjectFilter) and affected.named_as_imprinted


def reads_imprinted_colors(ability: ManaAbility) -> bool:
    """True when the ability's mana is of the colors of the card exiled with its source (Chrome Mox).

    >>> from models.oracle import parse_oracle
    >>> [reads_imprinted_colors(a) for a in parse_oracle("{T}: Add one mana of any of the exiled card's "
    ...     "colors.").mana_abilities]
    [True]
    """
    return reads_palette(ability, PaletteKind.IMPRINTED_COLORS)


def reads_crafted_colors(ability: ManaAbility) -> bool:
    """True when some of the ability's mana is of the colors among the cards exiled to craft its permanent.

    >>> from models.oracle import parse_oracle
    >>> (effigy,) = parse_oracle("{T}: For each color among the exiled cards used to craft this creature, "
    ...     "add one mana of that color.", "Sunbird Effigy").mana_abilities
    >>> reads_crafted_colors(effigy)
    True
    """
    return reads_palette(ability, PaletteKind.CRAFTED_COLORS)


def reads_palette(ability: ManaAbility, kind: PaletteKind) -> bool:
    """True when some of the ability's mana is of a palette of this kind.

    >>> from models.oracle import parse_oracle
    >>> text = "{T}: Add one mana of any color chosen as you drafted cards named ~."
    >>> (paliano,) = parse_oracle(text).mana_abilities
    >>> reads_palette(paliano, PaletteKind.DRAFTED_COLORS)
    True
    """
    return kind in palette_kinds(ability)


def palette_kinds(ability: ManaAbility) -> frozenset[PaletteKind]:
    """The kinds of the palettes the ability's mana is of (its output's and its conditional outputs').

    >>> from models.oracle import parse_oracle
    >>> (heart,) = parse_oracle("{T}: Add one mana of the chosen color.").mana_abilities
    >>> sorted(kind.value for kind in palette_kinds(heart))
    ['chosen_color']
    """
    if not ability.conditional:
        return frozenset((ability.output.palette.kind,))
    conditional = (output.palette.kind for _, output in ability.conditional)
    return frozenset((ability.output.palette.kind, *conditional))
