"""Type-changing effects as read (:class:`~models.oracle.statics.TypeChangeReading` and its kin) built into
their effects (:class:`~models.layer_effects.TypeChange`, :class:`~models.layer_effects.PowerDefined`): land
types set or added (CR 305.7), card types and creature types added or set (layer 4, CR 613.1d), creatures
made with a base power and toughness (layer 7b), types kept ("It's still a land.") and chosen types.
"""

from __future__ import annotations

from dataclasses import replace

from models.abilities import Amount, AmountKind, ObjectFilter
from models.layer_effects import (
    ColorChange,
    GrantHaste,
    PowerDefined,
    TypeChange,
)
from models.mana import ManaTypes
from models.mana_effects import (
    StaticEffect,
)
from models.oracle import lexicon
from models.oracle import readings as r
from models.oracle import statics as s
from models.oracle.build_filters import (
    amount,
    object_filters,
    only_filter,
)
from models.oracle.conditional_types import (
    animated_unless_creature,
    attached_type_change_while,
    layer4_condition,
    own_creature_while,
    parsed_condition,
)
from models.oracle.grammar import UnreadError, parse_condition
from models.types import BASIC_LAND_TYPES, CARD_TYPES, TypeLine

__all__ = [
    "kept_types",
    "made_creatures",
    "not_a_type_while",
    "own_chosen_type",
    "power_defined",
    "type_change",
]

#: The card types an effect may add to permanents (not 'creature': a permanent made a creature would need
#: its power, toughness and summoning sickness, which these effects also set: Opalescence). A permanent made
#: a land (Ashaya's 'Forest lands') is one for whatever reads lands, and has its land types' mana abilities,
#: its own {T} ones still subject to summoning sickness when it is a creature (CR 305.6, 302.6).
_ADDED_CARD_TYPES = ("Artifact", "Enchantment", "Land")

#: The card types a permanent's own conditional sentence may set (not 'creature', which needs a P/T).
_SET_OWN_CARD_TYPES = ("Land", "Artifact", "Enchantment")


def type_change(reading: s.TypeChangeReading, sentence: str) -> TypeChange | None:
    """The type change a reading makes (layer 4), or None when its types are none this reads.

    >>> from models.oracle.grammar import parse_static
    >>> text = "Nontoken creatures you control are Forest lands in addition to their other types"
    >>> ashaya = type_change(parse_static(text), text)
    >>> ashaya.affected.describe(), ashaya.card_types, ashaya.land_types, ashaya.adds
    ('nontoken creature you control', ('Land',), ('Forest',), True)
    >>> text = "~ is every basic land type"
    >>> everywhere = type_change(parse_static(text), text)
    >>> everywhere.affected.self_only, everywhere.land_types, everywhere.adds
    (True, ('Plains', 'Island', 'Swamp', 'Mountain', 'Forest'), True)
    """
    affected = _retyped(reading.subject)
    if reading.supertypes and (
        affected.self_only
        or reading.which is not s.TypeSet.LISTED
        or not reading.adds
        or reading.base_mana_value
        or reading.while_text
        or reading.turn
    ):
        raise UnreadError(f"a supertype beside other than types added: {sentence}")
    if affected.self_only:
        return _own_type_change(reading, sentence)
    if reading.turn:
        raise UnreadError(f"a type change of others during a turn: {sentence}")
    if reading.base_mana_value:
        # (Opalescence: made creatures with base power and toughness each their mana value, layer 7b, CR
        # 613.4b; their summoning sickness is the board's, CR 302.6; March of the Machines' 'artifact
        # creature' adds both card types, CR 205.1b)
        if (
            reading.types not in (("Creature",), ("Artifact", "Creature"))
            or not reading.adds
            or reading.which is not s.TypeSet.LISTED
        ):
            raise UnreadError(sentence)
        if reading.while_text and not isinstance(
            parsed_condition(reading.while_text), r.CountersOnSelfAtLeast
        ):
            # (Starfield of Nyx's 'As long as you control five or more enchantments, ...': a count of
            # permanents by their types, judged in layer 4 with the effects it depends on, CR 613.8a)
            held = layer4_condition(reading.while_text, sentence)
            return TypeChange(
                sentence, affected, (), True, card_types=reading.types, condition=held, base_mana_value=True
            )
        return TypeChange(
            sentence,
            affected,
            (),
            True,
            card_types=reading.types,
            while_counter=_while(reading),
            base_mana_value=True,
        )
    if reading.which is s.TypeSet.LISTED and reading.adds:
        return _types_added(reading, affected, sentence)
    if reading.which is s.TypeSet.EVERY_CREATURE_TYPE:
        return TypeChange(
            sentence, affected, (), True, subtypes=lexicon.CREATURE_TYPES, while_counter=_while(reading)
        )
    if reading.which is s.TypeSet.CHOSEN_CREATURE_TYPE or (
        reading.which is s.TypeSet.CHOSEN and "Creature" in affected.types
    ):
        return _chosen_creature_type(reading, affected, sentence)
    if reading.which is s.TypeSet.SECOND_CHOSEN:
        # (Illusionary Terrain: lands only, CR 305.7; the type the board's choices.basic_land_types gives)
        if "Land" not in affected.types:
            raise UnreadError(f"the second chosen type of what may be no land: {sentence}")
        return TypeChange(sentence, affected, (), reading.adds, second_chosen=True)
    if reading.which is s.TypeSet.LISTED and any(t in CARD_TYPES for t in reading.types):
        return _card_types_set(reading, affected, sentence)
    if reading.which is s.TypeSet.LISTED and not all(t in BASIC_LAND_TYPES for t in reading.types):
        return None
    if "Land" not in affected.types:
        return None
    if reading.which in (s.TypeSet.EVERY_LAND_TYPE, s.TypeSet.EVERY_NONBASIC_LAND_TYPE) and not reading.adds:
        raise UnreadError("every land type set (CR 305.7 sets basic land types)")
    land_types = _EVERY_LAND_TYPES.get(reading.which, reading.types)
    chosen = reading.which is s.TypeSet.CHOSEN
    return TypeChange(
        sentence, affected, land_types, reading.adds, chosen=chosen, while_counter=_while(reading)
    )


def _card_types_set(reading: s.TypeChangeReading, affected: ObjectFilter, sentence: str) -> TypeChange:
    """'Enchanted creature is a land.' (and an effect in force's 'it becomes a land': Hydro-Man's): the one
    permanent's card types set, not added (CR 205.1a): a creature made a land alone is no creature (so no
    summoning sickness stops its {T}, CR 302.6), its subtypes of the card types it no longer has gone (CR
    205.3d), its abilities kept (no land type set, CR 305.7). Of many permanents ('Creatures you control are
    lands.'), or with a land type, a condition or a supertype: not read (reported, never ignored).

    >>> from models.oracle.grammar import parse_static
    >>> text = "Enchanted creature is a land"
    >>> made = _card_types_set(parse_static(text), ObjectFilter(types=("Creature",), attached=True), text)
    >>> str(made.sets_types), made.keeps_subtypes, made.loses_abilities
    ('Land', True, False)
    """
    if (
        not affected.attached
        or reading.adds
        or reading.while_text
        or reading.turn
        or reading.supertypes
        or not all(t in CARD_TYPES for t in reading.types)
    ):
        raise UnreadError(f"card types set: {sentence}")
    sets = TypeLine(card_types=tuple(reading.types))
    return TypeChange(sentence, affected, (), False, sets_types=sets, keeps_subtypes=True)


#: The land types 'every basic land type', 'every land type' and 'every nonbasic land type' give (CR 205.3i).
_EVERY_LAND_TYPES = {
    s.TypeSet.EVERY_BASIC_LAND_TYPE: tuple(BASIC_LAND_TYPES),
    s.TypeSet.EVERY_LAND_TYPE: lexicon.LAND_TYPES,
    s.TypeSet.EVERY_NONBASIC_LAND_TYPE: lexicon.NONBASIC_LAND_TYPES,
}


def power_defined(reading: s.DefinedPower, sentence: str) -> PowerDefined:
    """'~'s power is equal to the number of basic land types among lands you control': a characteristic-
    defining ability (layer 7a, CR 604.3), read, not applied to what reads a power.

    >>> from models.oracle.grammar import parse_static
    >>> text = "~'s power and toughness are each equal to twice the number of creatures you control"
    >>> maro = power_defined(parse_static(text), text)
    >>> maro.amount.filter.describe(), maro.times, maro.toughness
    ('creature you control', 2, True)
    """
    factor = {"": 1, "twice": 2, "three times": 3, "four times": 4}[reading.times]
    return PowerDefined(sentence, amount(reading.quantity), factor, reading.toughness)


def made_creatures(reading: s.TypeChangeReading, sentence: str) -> tuple[StaticEffect, ...]:
    """'Forests you control are 1/1 green Elf creatures that are still lands', 'Enchanted Mountain is a 7/7
    red Giant creature with haste': the card type and creature types added, or with neither 'still a land'
    nor 'in addition' set (CR 205.1a-b: a later 'It's still a land.' keeps the others,
    :func:`kept_types`), in layer 4; the colors set in layer 5 and haste given in layer 6, to what the type
    change applied to (CR 613.6); the base power and toughness (layer 7b) kept on the change. Other keywords
    (first strike, trample) change no payment.

    >>> from models.oracle.grammar import parse_static
    >>> text = "Forests you control are 1/1 green Elf creatures that are still lands"
    >>> change, colors = made_creatures(parse_static(text), text)
    >>> change.affected.describe(), change.card_types, change.subtypes, change.adds, change.base_pt
    ('Forest you control', ('Creature',), ('Elf',), True, (1, 1))
    >>> str(colors.colors), colors.linked
    ('G', True)
    >>> text = "Enchanted Mountain is a 7/7 red Giant creature with haste"
    >>> change, _, haste = made_creatures(parse_static(text), text)
    >>> str(change.sets_types), change.keeps_subtypes, haste.linked
    ('Creature — Giant', False, True)
    """
    affected = _one_of_types(reading.subject)
    if affected.self_only and reading.while_text:
        return (own_creature_while(reading, sentence),)
    if affected.self_only or reading.while_text:
        raise UnreadError(f"a permanent's own types as a creature, or a condition: {sentence}")
    types = tuple(dict.fromkeys(reading.types))
    card_types = tuple(t for t in types if t in CARD_TYPES)
    subtypes = tuple(t for t in types if t not in card_types)
    if _creature_retyped(affected, card_types, subtypes):
        return (_creature_types_with_base(reading, affected, subtypes, sentence),)
    if "Creature" not in card_types or not all(t in (*_ADDED_CARD_TYPES, "Creature") for t in card_types):
        raise UnreadError(f"a permanent made {' '.join(types)}: {sentence}")
    land_types = tuple(t for t in subtypes if t in BASIC_LAND_TYPES)
    creature_types = tuple(t for t in subtypes if lexicon.SUBTYPES.get(t) == "creature")
    if len(land_types) + len(creature_types) != len(subtypes) or (land_types and "Land" not in card_types):
        raise UnreadError(f"subtypes other than creature types and basic land types: {sentence}")
    if "Artifact" in card_types and creature_types:
        # (CR 205.1b: a '<creature types> artifact creature' replaces its creature types alone)
        raise UnreadError(f"a <creature type> artifact creature: {sentence}")
    power, toughness = (int(part) for part in reading.base_pt.split("/"))
    adds = reading.adds or card_types == ("Artifact", "Creature")  # (CR 205.1b: 'artifact creature')
    if adds:
        change = TypeChange(
            sentence,
            affected,
            land_types,
            True,
            card_types=card_types,
            subtypes=creature_types,
            base_pt=(power, toughness),
        )
    else:
        line = TypeLine(card_types=card_types, subtypes=(*creature_types, *land_types))
        change = TypeChange(sentence, affected, (), False, sets_types=line, base_pt=(power, toughness))
    colors = ManaTypes.parse(reading.colors) if reading.colors else None
    recolored = () if colors is None else (ColorChange(sentence, affected, colors, linked=True),)
    hasted = (GrantHaste(sentence, affected, linked=True),) if "haste" in reading.keywords else ()
    return (change, *recolored, *hasted)


def _creature_retyped(affected: ObjectFilter, card_types: tuple[str, ...], subtypes: tuple[str, ...]) -> bool:
    """True for creature types alone given to creatures ('Enchanted creature is a Turtle with base power and
    toughness 0/1'): no card type said, each subtype a creature type, the objects creatures."""
    return (
        not card_types
        and bool(subtypes)
        and "Creature" in affected.types
        and all(lexicon.SUBTYPES.get(t) == "creature" for t in subtypes)
    )


def _creature_types_with_base(
    reading: s.TypeChangeReading, affected: ObjectFilter, subtypes: tuple[str, ...], sentence: str
) -> TypeChange:
    """'Enchanted creature is a Turtle with base power and toughness 0/1' (Retro-Mutation): its creature
    types replaced by those named (CR 205.1b: its card types kept) or, 'in addition to its other types', added
    (layer 4), its base power and toughness set (layer 7b).

    >>> from models.oracle.grammar import parse_static
    >>> text = "Enchanted creature is a Turtle with base power and toughness 0/1"
    >>> turtle = _creature_types_with_base(parse_static(text), _one_of_types(parse_static(text).subject),
    ...     ("Turtle",), text)
    >>> turtle.sets_types.subtypes, turtle.sets_types.card_types, turtle.base_pt
    (('Turtle',), (), (0, 1))
    """
    if reading.colors or reading.keywords:
        raise UnreadError(f"colors or keywords beside creature types: {sentence}")
    power, toughness = (int(part) for part in reading.base_pt.split("/"))
    if reading.adds:
        return TypeChange(sentence, affected, (), True, subtypes=subtypes, base_pt=(power, toughness))
    line = TypeLine(card_types=(), subtypes=subtypes)
    return TypeChange(sentence, affected, (), False, sets_types=line, base_pt=(power, toughness))


def _one_of_types(subject: s.Subject) -> ObjectFilter:
    """What a type change applies to (:func:`_retyped`), where 'All Forests and all Saprolings' is one
    description: each permanent of one of those types (the objects of one effect, CR 613.6), when the nouns
    name a type each and nothing else.

    >>> from models.oracle.grammar import parse_static
    >>> text = "All Forests and all Saprolings are 1/1 green Saproling creatures that are still lands"
    >>> _one_of_types(parse_static(text).subject).describe()
    'Forest or Saproling'
    """
    if not isinstance(subject, r.Nouns) or len(subject.nouns) == 1:
        return _retyped(subject)
    filters = object_filters(subject)
    plain = [flt for flt in filters if flt == ObjectFilter(types=flt.types) and len(flt.types) == 1]
    if len(plain) != len(filters):
        raise UnreadError("a type change of several descriptions other than one type each")
    return ObjectFilter(any_types=tuple(flt.types[0] for flt in plain))


def kept_types(change: TypeChange, kept: str, sentence: str) -> TypeChange | None:
    """The creature change before 'It's still a land.' (CR 205.1b), its other types kept: the types it set
    added instead; None when the sentence before is no such change, or it did not set types.

    >>> from models.oracle.grammar import parse_static
    >>> text = "Enchanted land is a 3/3 black Ooze creature"
    >>> change = made_creatures(parse_static(text), text)[0]
    >>> kept = kept_types(change, "Land", "It's still a land.")
    >>> kept.adds, kept.card_types, kept.subtypes, kept.sets_types, kept.text
    (True, ('Creature',), ('Ooze',), None, 'Enchanted land is a 3/3 black Ooze creature')
    """
    line = change.sets_types
    if change.base_pt is None or line is None or change.adds or kept != "Land":
        return None
    if not any(t == "Land" or t in BASIC_LAND_TYPES for t in change.affected.types):
        return None  # (a 'still a land' of what may be no land: not read)
    return replace(
        change,
        adds=True,
        sets_types=None,
        card_types=line.card_types,
        subtypes=tuple(t for t in line.subtypes if t not in BASIC_LAND_TYPES),
        land_types=tuple(t for t in line.subtypes if t in BASIC_LAND_TYPES),
    )


def _chosen_creature_type(reading: s.TypeChangeReading, affected: ObjectFilter, sentence: str) -> TypeChange:
    """'Creatures you control are the chosen type in addition to their other types' (Arcane Adaptation,
    Xenograft; Lifecraft Engine's 'the chosen creature type'): the creature type chosen as the source entered
    added to creatures (CR 205.3d), filled in from the board's ``choices.creature_type``.

    >>> from models.oracle.grammar import parse_static
    >>> text = "Vehicle creatures you control are the chosen creature type in addition to their other types"
    >>> engine = _chosen_creature_type(parse_static(text), ObjectFilter(types=("Vehicle", "Creature")), text)
    >>> engine.chosen_creature, engine.adds, engine.subtypes
    (True, True, ())
    """
    if not reading.adds:
        # (its creature types set, CR 205.1a: not read)
        raise UnreadError(f"a creature type set: {sentence}")
    if "Creature" not in affected.types and not affected.self_only:
        raise UnreadError(f"a creature type added to what may be no creature: {sentence}")
    return TypeChange(sentence, affected, (), True, chosen_creature=True, while_counter=_while(reading))


def own_chosen_type(reading: s.TypeChangeReading, sentence: str, choice: str) -> TypeChange:
    """A card's own 'This creature is the chosen type in addition to its other types.' (Roaming Throne) or
    'This land is the chosen type.' (Multiversal Passage), of the ``choice`` its text makes as it enters
    (``creature_type`` or ``basic_land_type``): the creature type added (CR 205.3d), or the basic land type
    added or set (set: CR 305.7, and its rules text's abilities lost, what it applies to fixed as it
    applied, CR 613.6).

    >>> from models.oracle.grammar import parse_static
    >>> own = parse_static("~ is the chosen type")
    >>> passage = own_chosen_type(own, "~ is the chosen type.", "basic_land_type")
    >>> passage.affected.self_only, passage.chosen, passage.adds
    (True, True, False)
    """
    own = ObjectFilter(self_only=True)
    if reading.while_text or reading.which not in (s.TypeSet.CHOSEN, s.TypeSet.CHOSEN_CREATURE_TYPE):
        raise UnreadError(f"the card's own chosen type: {sentence}")
    if choice == "creature_type":
        return _chosen_creature_type(reading, own, sentence)
    if choice != "basic_land_type" or reading.which is not s.TypeSet.CHOSEN:
        raise UnreadError(f"the card's own chosen type, of no choice its text makes: {sentence}")
    return TypeChange(sentence, own, (), reading.adds, chosen=True)


def _own_type_change(reading: s.TypeChangeReading, sentence: str) -> TypeChange:
    """A card's own types: its 'This land is every basic land type.' (the Everywhere token's), or 'As long
    as ~ has a slumber counter on it, it's a land.' (Arixmethes); any other is not read.

    >>> from models.oracle.grammar import parse_static
    >>> text = "As long as ~ has a slumber counter on it, it's a land"
    >>> isle = _own_type_change(parse_static(text), text)
    >>> str(isle.sets_types), isle.keeps_subtypes, isle.while_counter, isle.loses_abilities
    ('Land', True, 'slumber', False)
    """
    own = ObjectFilter(self_only=True)
    held = reading.turn or reading.while_text
    if reading.while_text and isinstance(named := parsed_condition(reading.while_text), r.ObjectIsType):
        return attached_type_change_while(reading, named, sentence)
    if reading.while_text and isinstance(unnamed := parsed_condition(reading.while_text), r.ObjectIsNotType):
        return animated_unless_creature(reading, unnamed, sentence)
    if reading.base_mana_value:
        raise UnreadError(f"a card's own power and toughness equal to its mana value: {sentence}")
    if reading.types == ("Artifact", "Creature") and held and not reading.adds:
        # ('During turns other than yours, ~ is an artifact creature.', 'As long as ~ has three or more fire
        # counters on it, it's an artifact creature.': a Vehicle's own; CR 205.1b, an 'artifact creature'
        # keeps its other types, and its printed power and toughness, CR 301.7)
        # ('As long as you control eight or more permanents named ~, ~ is an artifact creature.': a count,
        # judged in layer 4, :func:`layer4_condition`)
        counted = reading.while_text and not isinstance(
            parse_condition(reading.while_text), r.CountersOnSelfAtLeast
        )
        kind, least = _counters_held(reading) if reading.while_text and not counted else ("", 1)
        return TypeChange(
            sentence,
            own,
            (),
            True,
            card_types=reading.types,
            while_counter=kind,
            counter_at_least=least,
            while_turn=reading.turn,
            condition=layer4_condition(reading.while_text, sentence) if counted else None,
        )
    if reading.turn:
        raise UnreadError(f"the card's own types during a turn: {sentence}")
    if reading.which in _EVERY_LAND_TYPES and not reading.while_text:
        # (a characteristic-defining ability, CR 604.3, applied first in layer 4, CR 613.3, which gives the
        # land the types beside its own: the five basic ones and so their mana abilities, CR 305.6, or the
        # nonbasic ones, which give none; it sets no type another effect gave, and takes no ability away: CR
        # 305.7 is about an effect that sets a land's subtype)
        return TypeChange(sentence, own, _EVERY_LAND_TYPES[reading.which], True, defining=True)
    if (
        reading.which is s.TypeSet.LISTED
        and reading.while_text
        and not reading.adds
        and reading.types
        and all(t in _SET_OWN_CARD_TYPES for t in reading.types)
    ):
        # (its card types set while its counter is on it, CR 205.1a: no creature then, so never summoning
        # sick, and a Kraken no longer, CR 205.3d; its abilities kept: it sets no land type, CR 305.7)
        sets = TypeLine(card_types=tuple(dict.fromkeys(reading.types)))
        return TypeChange(
            sentence, own, (), False, sets_types=sets, keeps_subtypes=True, while_counter=_while(reading)
        )
    # (a card's other own types, which a characteristic-defining ability gives it in every zone, CR 604.3,
    # and so to its spell: not read)
    raise UnreadError(f"the card's own types: {sentence}")


def _retyped(subject: s.Subject) -> ObjectFilter:
    """What a type change applies to: the card itself ('~ is every basic land type'), or one description."""
    if isinstance(subject, s.SelfSubject):
        return ObjectFilter(self_only=True)
    if isinstance(subject, s.EveryObject):
        raise UnreadError("a type change of every object")
    return only_filter(subject)


def _types_added(reading: s.TypeChangeReading, affected: ObjectFilter, sentence: str) -> TypeChange | None:
    """'<subject> is/are <types> in addition to its/their other types': card types added ('artifacts',
    ``_ADDED_CARD_TYPES``), creature types added to creatures, basic land types added to lands, or together
    ('Forest lands': Ashaya's, the card type and its subtype, CR 205.1b); each subtype must belong to a card
    type the objects have or are given (CR 205.3d). None when a type is none of those.

    >>> from models.oracle.grammar import parse_static
    >>> text = "Equipped creature is a Knight in addition to its other types"
    >>> knight = _types_added(parse_static(text), ObjectFilter(types=("Creature",)), text)
    >>> knight.subtypes, knight.card_types, knight.land_types
    (('Knight',), (), ())
    """
    types = tuple(dict.fromkeys(reading.types))
    card_types = tuple(t for t in types if t in CARD_TYPES)
    if not all(t in _ADDED_CARD_TYPES for t in card_types):
        return None
    subtypes = [t for t in types if t not in card_types]
    land_types = tuple(t for t in subtypes if t in BASIC_LAND_TYPES)
    creature_types = tuple(t for t in subtypes if lexicon.SUBTYPES.get(t) == "creature")
    artifact_types = tuple(t for t in subtypes if lexicon.SUBTYPES.get(t) == "artifact")
    if len(land_types) + len(creature_types) + len(artifact_types) != len(subtypes):
        return None
    has = {*affected.types, *card_types}
    if land_types and "Land" not in has:
        return None
    # ('All Goblins are ... Zombies': what has a creature type is a creature or kindred, which may have more)
    of_creatures = "Creature" in has or (has and all(lexicon.SUBTYPES.get(t) == "creature" for t in has))
    if creature_types and not of_creatures:
        # (CR 205.3d: a creature type is added to a creature only, which the filter must say)
        raise UnreadError(f"creature types added to what may be no creature: {sentence}")
    if artifact_types and "Artifact" not in has:
        # ('Artifacts you control are Foods ...': an artifact type to artifacts only, CR 205.3d)
        raise UnreadError(f"artifact types added to what may be no artifact: {sentence}")
    return TypeChange(
        sentence,
        affected,
        land_types,
        True,
        card_types=card_types,
        subtypes=(*creature_types, *artifact_types),
        supertypes=reading.supertypes,
        while_counter=_while(reading),
    )


def not_a_type_while(reading: s.NotATypeWhile, sentence: str) -> TypeChange:
    """'As long as your devotion to green and blue is less than seven, ~ isn't a creature.' (a Theros God):
    its card type taken from the permanent itself (layer 4) while its controller's devotion is below the
    number; any other condition is not read.

    >>> from models.oracle.grammar import parse_static
    >>> text = "As long as your devotion to black is less than five, ~ isn't a creature"
    >>> god = not_a_type_while(parse_static(text), text)
    >>> god.removes_card_types, str(god.devotion.colors), god.devotion_below, god.affected.self_only
    (('Creature',), 'B', 5, True)
    """
    held = parse_condition(reading.while_text)
    if not isinstance(held, r.DevotionBelow):
        raise UnreadError(f"a type taken away as long as {reading.while_text}")
    return TypeChange(
        sentence,
        ObjectFilter(self_only=True),
        (),
        True,
        removes_card_types=(reading.removed,),
        devotion=Amount(kind=AmountKind.DEVOTION, colors=ManaTypes.parse(held.colors)),
        devotion_below=held.below,
    )


def supertype_removed(reading: s.SupertypeRemoved, sentence: str) -> TypeChange:
    """'All lands are no longer snow.' (Melting): the supertype taken from what its subject describes (layer
    4, CR 205.4), its other types kept.

    >>> from models.oracle.grammar import parse_static
    >>> melting = supertype_removed(parse_static("All lands are no longer snow"), "All lands ...")
    >>> melting.removes_supertypes, melting.affected.describe()
    (('Snow',), 'land')
    """
    return TypeChange(sentence, _retyped(reading.subject), (), True, removes_supertypes=(reading.removed,))


def _counters_held(reading: s.TypeChangeReading) -> tuple[str, int]:
    """The counters the source must have, and how many, for its own type change to apply ('As long as ~ has
    three or more fire counters on it'); any other condition is not read.

    >>> from models.oracle.grammar import parse_static
    >>> text = "As long as ~ has three or more fire counters on it, it's an artifact creature"
    >>> _counters_held(parse_static(text))
    ('fire', 3)
    """
    held = parse_condition(reading.while_text)
    if not isinstance(held, r.CountersOnSelfAtLeast):
        raise UnreadError(f"an effect that applies as long as {reading.while_text}")
    return held.kind, held.at_least


def _while(reading: s.TypeChangeReading) -> str:
    """The counter the source must have for the effect to apply ('As long as ~ has a conqueror counter on
    it'), or '' for an effect with no condition."""
    if not reading.while_text:
        return ""
    held = parse_condition(reading.while_text)
    if not isinstance(held, r.CountersOnSelfAtLeast) or held.at_least != 1:
        raise UnreadError(f"an effect that applies as long as {reading.while_text}")
    return held.kind
