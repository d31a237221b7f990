"""The reader of alternative costs (:mod:`models.alternative_costs`, CR 118.9): a spell's own ("[If you
control a Swamp, ]you may <parts> rather than pay this spell's mana cost") and those a permanent grants
("You may pay <parts> rather than pay the mana cost for <spells> you cast", "You may cast <spells> [from
your hand] without paying their mana costs"). The parts it reads: mana symbols ("pay {W}{U}{B}{R}{G}",
"pay {0}"), "pay N life", "pay N {E}" (or the symbols), "sacrifice <a number> [nontoken] [<color>] <type>"
and "exile <a number> <color> card(s) from your hand", joined by "and". A sentence with any other part is
not read (None): the card's text then says so where it matters, never silently.

>>> force = "You may pay 1 life and exile a blue card from your hand rather than pay ~'s mana cost."
>>> read = alternative_cost_of(force)
>>> read.life, read.exile, read.mana
(1, HandExile(count=1, colors='U'), '')
>>> nissa = "You may pay eight {E} rather than pay the mana cost for permanent spells you cast."
>>> granted_alternative_cost(nissa).energy, granted_alternative_cost(nissa).spells
(8, SpellsGranted(types=(), permanent=True, from_hand=False))
"""

from __future__ import annotations

import re

from models.additional_costs import SacrificeCost
from models.alternative_costs import AlternativeCost, HandExile, SpellsGranted
from models.oracle import lexicon

__all__ = ["alternative_cost_of", "granted_alternative_cost"]

_OWN_END = " rather than pay ~'s mana cost."
#: How a granted cost's sentence opens and what comes between its parts and its spells, and how it ends.
_GRANTED_OPENING, _GRANTED_MIDDLE, _GRANTED_END = (
    "you may pay ",
    " rather than pay the mana cost for ",
    " you cast.",
)
#: How "without paying" grants open and end (Omniscience, Dracogenesis).
_WITHOUT_OPENING, _WITHOUT_END = "you may cast ", " without paying their mana costs."
_MANA = re.compile(r"^(?:\{[0-9WUBRGC]+\})+$")
_ENERGY = re.compile(r"^(?:\{E\})+$")
_PERMANENT_TYPES = ("Artifact", "Battle", "Creature", "Enchantment", "Land", "Planeswalker")


def _parts(phrase: str) -> AlternativeCost | None:
    """The cost that ``phrase`` ("pay 1 life and exile a blue card from your hand") names, or None."""
    mana, life, energy = "", 0, 0
    sacrifice: list[SacrificeCost] = []
    exile: HandExile | None = None
    for part in phrase.split(" and "):
        words = part.split()
        if len(words) >= 2 and words[0] == "pay":
            if len(words) == 2 and _MANA.match(words[1]) and not mana:
                mana = words[1]
                continue
            if len(words) == 2 and _ENERGY.match(words[1]):
                energy += words[1].count("{E}")
                continue
            amount = lexicon.number_value(words[1])
            if len(words) == 3 and amount is not None and words[2] == "life":
                life += amount
                continue
            if len(words) == 3 and amount is not None and words[2] == "{E}":
                energy += amount
                continue
            return None
        if words[:1] == ["sacrifice"] and (read := _sacrifice(words[1:])) is not None:
            sacrifice.append(read)
            continue
        if words[:1] == ["exile"] and exile is None and (exiled := _exile(words[1:])) is not None:
            exile = exiled
            continue
        return None
    return AlternativeCost(mana=mana, life=life, energy=energy, sacrifice=tuple(sacrifice), exile=exile)


def _sacrifice(words: list[str]) -> SacrificeCost | None:
    """'a nontoken green creature', 'two Mountains', 'three artifacts' (after 'sacrifice')."""
    count = lexicon.number_value(words[0]) if words else None
    rest = words[1:]
    if count is None or count < 1 or not rest:
        return None
    nontoken = rest[0] == "nontoken"
    rest = rest[1:] if nontoken else rest
    color = lexicon.COLOR_WORDS.get(rest[0], "") if rest else ""
    rest = rest[1:] if color else rest
    if len(rest) != 1:
        return None
    kind = lexicon.canonical_type(rest[0], strict=True)
    if kind is None:
        return None
    if kind not in _PERMANENT_TYPES and (kind.lower() == rest[0] or rest[0][0].islower()):
        return None  # (a subtype is written capitalised; a lower-case word is not one)
    return SacrificeCost(count, (kind,), nontoken=nontoken, colors=color)


def _exile(words: list[str]) -> HandExile | None:
    """'a blue card from your hand', 'two black cards from your hand' (after 'exile')."""
    if len(words) != 6 or words[3:] != ["from", "your", "hand"]:
        return None
    count = lexicon.number_value(words[0])
    color = lexicon.COLOR_WORDS.get(words[1])
    if count is None or count < 1 or color is None or words[2] != ("card" if count == 1 else "cards"):
        return None
    return HandExile(count, color)


def alternative_cost_of(sentence: str) -> AlternativeCost | None:
    """The alternative cost a sentence of a spell's own text gives ("You may sacrifice a nontoken green
    creature rather than pay ~'s mana cost."), or None when the sentence is not one the reader reads.

    >>> snuff = "If you control a Swamp, you may pay 4 life rather than pay ~'s mana cost."
    >>> alternative_cost_of(snuff).if_control, alternative_cost_of(snuff).life
    (('Swamp',), 4)
    >>> alternative_cost_of("You may pay {1} and return a basic land you control to its owner's hand rather "
    ...     "than pay ~'s mana cost.") is None
    True
    """
    if not sentence.endswith(_OWN_END):
        return None
    head = sentence[: -len(_OWN_END)]
    if_control: tuple[str, ...] = ()
    condition, comma, rest = head.partition(", ")
    words = condition.split()
    if comma and [w.lower() for w in words[:3]] == ["if", "you", "control"]:
        controlled = lexicon.canonical_type(words[4]) if len(words) == 5 and words[3] in ("a", "an") else None
        if controlled is None:
            return None
        if_control, head = (controlled,), rest
    if not head.lower().startswith("you may "):
        return None
    cost = _parts(head[len("you may ") :])
    if cost is None:
        return None
    return AlternativeCost(
        mana=cost.mana,
        life=cost.life,
        energy=cost.energy,
        sacrifice=cost.sacrifice,
        exile=cost.exile,
        if_control=if_control,
        text=sentence,
    )


def _spells(words: str, *, from_hand: bool) -> SpellsGranted | None:
    """'spells', 'permanent spells', 'Dragon spells', 'Zombie creature spells' (from_hand: 'from your
    hand' followed them)."""
    split = words.split()
    if not split or split[-1] != "spells":
        return None
    permanent = False
    types: list[str] = []
    for word in split[:-1]:
        if word == "permanent" and not permanent:
            permanent = True
            continue
        kind = lexicon.canonical_type(word, strict=True)
        if kind is None:
            return None
        types.append(kind)
    return SpellsGranted(types=tuple(types), permanent=permanent, from_hand=from_hand)


def granted_alternative_cost(sentence: str) -> AlternativeCost | None:
    """The alternative cost a permanent's sentence grants the spells its controller casts, or None.

    >>> omniscience = "You may cast spells from your hand without paying their mana costs."
    >>> granted_alternative_cost(omniscience).without_mana, granted_alternative_cost(omniscience).spells
    (True, SpellsGranted(types=(), permanent=False, from_hand=True))
    >>> jodah = "You may pay {W}{U}{B}{R}{G} rather than pay the mana cost for spells that you cast."
    >>> granted_alternative_cost(jodah).mana
    '{W}{U}{B}{R}{G}'
    """
    lowered = sentence[:1].lower() + sentence[1:]
    parts, middle, spelled = lowered.partition(_GRANTED_MIDDLE)
    if middle and parts.startswith(_GRANTED_OPENING) and spelled.endswith(_GRANTED_END):
        cost = _parts(parts.removeprefix("you may "))
        spells = _spells(spelled.removesuffix(_GRANTED_END).removesuffix(" that"), from_hand=False)
        if cost is None or spells is None:
            return None
        return AlternativeCost(
            mana=cost.mana,
            life=cost.life,
            energy=cost.energy,
            sacrifice=cost.sacrifice,
            exile=cost.exile,
            spells=spells,
            text=sentence,
        )
    if lowered.startswith(_WITHOUT_OPENING) and lowered.endswith(_WITHOUT_END):
        words = lowered.removeprefix(_WITHOUT_OPENING).removesuffix(_WITHOUT_END)
        from_hand = words.endswith(" from your hand")
        spells = _spells(words.removesuffix(" from your hand"), from_hand=from_hand)
        if spells is None:
            return None
        return AlternativeCost(mana="", spells=spells, text=sentence)
    return None
