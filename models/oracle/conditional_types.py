"""Type changes and pumps on a condition the layers judge (issue 35): a card's own '~ is a 3/3 Golem artifact
creature as long as you control three or more artifacts' (a count of permanents by their types and names,
judged in layer 4 with the types the effects it depends on give, CR 613.8a), an Aura's 'As long as enchanted
permanent is a Vehicle, it's a creature ...' and 'As long as enchanted creature is red, it gets +2/+2 and has
haste' ('it' is what the condition names)."""

from __future__ import annotations

from dataclasses import replace

from models.abilities import Condition, ObjectFilter
from models.filters import BoardFact
from models.layer_effects import TypeChange
from models.mana import ManaTypes
from models.oracle import lexicon
from models.oracle import readings as r
from models.oracle import statics as s
from models.oracle.build_filters import condition, object_filter
from models.oracle.grammar import UnreadError, parse_condition
from models.types import CARD_TYPES

__all__ = [
    "animated_unless_creature",
    "attached_type_change_while",
    "layer4_condition",
    "named_by_condition",
    "own_creature_while",
    "parsed_condition",
]


def _only_filter(what: r.Nouns) -> ObjectFilter:
    """The filter of one noun phrase (more than one is not read here)."""
    if len(what.nouns) != 1:
        raise UnreadError(f"one description is needed, not {what.words()!r}")
    return object_filter(what.nouns[0])


def own_creature_while(reading: s.TypeChangeReading, sentence: str) -> TypeChange:
    """'~ is a 3/3 Golem artifact creature as long as you control three or more artifacts' (Rusted Relic): the
    card itself an artifact creature of the creature types named (CR 205.1b: its other types kept, its
    creature types replaced by those named) with that base power and toughness (layer 7b), while the count
    holds (:func:`layer4_condition`); any other types, colors or keywords are not read.

    >>> from models.oracle.grammar import parse_static
    >>> text = "~ is a 3/3 Golem artifact creature as long as you control three or more artifacts"
    >>> relic = own_creature_while(parse_static(text), text)
    >>> relic.card_types, relic.subtypes, relic.base_pt, relic.condition.describe()
    (('Artifact', 'Creature'), ('Golem',), (3, 3), 'you control 3 or more artifact')
    """
    types = tuple(dict.fromkeys(reading.types))
    card_types = tuple(t for t in types if t in CARD_TYPES)
    creature_types = tuple(t for t in types if lexicon.SUBTYPES.get(t) == "creature")
    if card_types != ("Artifact", "Creature") or len(card_types) + len(creature_types) != len(types):
        raise UnreadError(f"a card's own types other than '<creature types> artifact creature': {sentence}")
    if reading.colors or reading.keywords or reading.adds:
        raise UnreadError(f"a card's own creature change with colors or keywords: {sentence}")
    power, toughness = (int(part) for part in reading.base_pt.split("/"))
    return TypeChange(
        sentence,
        ObjectFilter(self_only=True),
        (),
        True,
        card_types=card_types,
        subtypes=creature_types,
        base_pt=(power, toughness),
        condition=layer4_condition(reading.while_text, sentence),
        creature_types_replaced=bool(creature_types),
    )


#: What a type change's condition may read of the permanents it counts: their types (as layer 4 makes them),
#: names, controllers, which they are; not their colors, keywords or powers (later layers), nor statuses;
#: and whose turn it is (the players' records: 'it's your turn and ...').
_LAYER4_FACTS = frozenset(
    {
        BoardFact.BATTLEFIELD,
        BoardFact.CONTROLLER,
        BoardFact.TYPES,
        BoardFact.NAME,
        BoardFact.IDENTITY,
        BoardFact.PLAYER,
    }
)


def layer4_condition(written: str, sentence: str) -> Condition:
    """The condition of a type change ('as long as you control three or more artifacts', '... eight or more
    permanents named ~'): a count of the permanents its controller controls by their types and names only,
    which layer 4 judges as it applies the effects (CR 613.8a); any other is not read.

    >>> layer4_condition("you control eight or more permanents named ~", "").describe()
    'you control 8 or more named as this permanent'
    """
    reading = parsed_condition(written)
    if reading is None or isinstance(reading, r.EitherCondition):
        raise UnreadError(f"a type change as long as {written}: {sentence}")
    held = condition(reading)
    only_counts = Condition(held.filters, held.at_least, any_of=held.any_of, your_turn=held.your_turn)
    if held.unevaluated or not held.filters or held != only_counts or not held.reads() <= _LAYER4_FACTS:
        raise UnreadError(f"a type change as long as {written}: {sentence}")
    return held


def parsed_condition(written: str) -> r.Condition | r.EitherCondition | None:
    """The condition as the grammar reads it, or None when it does not."""
    try:
        return parse_condition(written)
    except UnreadError:
        return None


def named_by_condition(written: str, sentence: str) -> ObjectFilter:
    """What 'it' names in 'As long as enchanted creature is red, it gets +2/+2 and has haste' (Clout of the
    Dominus): the enchanted object while it is of that color (layer 5) or type, a filter of it (the change
    applies to it only while it matches, as the condition says); any other condition is not read.

    >>> named_by_condition("enchanted creature is red", "").describe()
    'the enchanted/equipped red creature'
    >>> named_by_condition("equipped creature is a Human", "").types
    ('Creature', 'Human')
    """
    held = parsed_condition(written)
    if not isinstance(held, r.ObjectIsType):
        raise UnreadError(f"'it' after a condition that names no object: {sentence}")
    flt = _only_filter(held.what)
    if not flt.attached:
        raise UnreadError(f"'it' after a condition on other than the enchanted object: {sentence}")
    if held.color:
        return replace(flt, colors=ManaTypes.parse(held.color))
    return replace(flt, types=(*flt.types, held.type_word))


def animated_unless_creature(
    reading: s.TypeChangeReading, held: r.ObjectIsNotType, sentence: str
) -> TypeChange:
    """'As long as enchanted artifact isn't a creature, it's an artifact creature with power and toughness
    each equal to its mana value.' (Animate Artifact): 'it' is the object the condition names, made an
    artifact creature (both card types added, its other types kept, CR 205.1b). The condition changes no type:
    an artifact that is a creature already is an artifact creature either way; it decides only the base power
    and toughness (layer 7b), each its mana value, which are read, not applied (as Opalescence's: what reads a
    power is set aside with a warning). Anything else is not read.

    >>> from models.oracle.grammar import parse_static
    >>> text = ("As long as enchanted artifact isn't a creature, it's an artifact creature with power and "
    ...     "toughness each equal to its mana value")
    >>> held = parse_condition("enchanted artifact isn't a creature")
    >>> assert isinstance(held, r.ObjectIsNotType)
    >>> animated = animated_unless_creature(parse_static(text), held, text)
    >>> animated.affected.describe(), animated.card_types, animated.adds, animated.base_pt
    ('the enchanted/equipped artifact', ('Artifact', 'Creature'), True, None)
    """
    flt = _only_filter(held.what)
    if (
        not flt.attached
        or held.type_word != "Creature"
        or reading.types != ("Artifact", "Creature")
        or not reading.base_mana_value
        or reading.adds
    ):
        raise UnreadError(f"a type change as long as {reading.while_text}: {sentence}")
    return TypeChange(sentence, flt, (), True, card_types=("Artifact", "Creature"))


def attached_type_change_while(
    reading: s.TypeChangeReading, held: r.ObjectIsType, sentence: str
) -> TypeChange:
    """'As long as enchanted permanent is a Vehicle, it's a creature in addition to its other types.' (Siege
    Modification): 'it' is the object the condition names, and the condition one more type it must have: the
    change applies to the enchanted permanent while it is a Vehicle, as layer 4 judges it (an effect that
    makes it one comes first, CR 613.8a), the card types added (CR 205.1b: 'in addition'); a Vehicle has a
    printed power and toughness (CR 301.7). Anything else is not read.

    >>> from models.oracle.grammar import parse_static
    >>> text = "As long as enchanted permanent is a Vehicle, it's a creature in addition to its other types"
    >>> siege = attached_type_change_while(parse_static(text), parse_condition(
    ...     "enchanted permanent is a Vehicle"), text)
    >>> siege.affected.describe(), siege.card_types, siege.adds
    ('the enchanted/equipped Vehicle', ('Creature',), True)
    """
    flt = _only_filter(held.what)
    if not flt.attached or not reading.adds or reading.types != ("Creature",) or not held.type_word:
        raise UnreadError(f"a type change as long as {reading.while_text}: {sentence}")
    affected = replace(flt, types=(*flt.types, held.type_word))
    return TypeChange(sentence, affected, (), True, card_types=("Creature",))
