"""From the phrases that describe and count objects to the planner's records: a noun phrase's filter
(:class:`~models.abilities.ObjectFilter`, of permanents or of cards outside the battlefield), a quantity's
:class:`~models.abilities.Amount` (counted as the ability resolves, CR 608.2h) and an 'if' or 'as long as'
condition's record. As in :mod:`models.oracle.build`, a reading no record holds raises
:class:`~models.oracle.grammar_parser.UnreadError` with the reason.

>>> from models.oracle.grammar import parse_static
>>> [f.describe() for f in object_filters(parse_static("Elves you control get +1/+1").subject)]
['Elf you control']
"""

from __future__ import annotations

from dataclasses import replace

from models.abilities import Amount, AmountKind, ObjectFilter, Who
from models.abilities import Condition as ConditionRecord
from models.filters import HISTORIC_TYPES
from models.mana import ManaTypes
from models.oracle import readings as r
from models.oracle.grammar import UnreadError, parse_condition

__all__ = [
    "amount",
    "card_filter",
    "condition",
    "either_filter",
    "object_filter",
    "object_filters",
    "only_filter",
    "only_noun",
    "while_condition",
]


def only_noun(what: r.Nouns) -> r.Noun:
    """The one description of a list that must hold one ('a creature you control', not 'an artifact or a
    creature'); raises ``UnreadError`` for a longer list.

    >>> from models.oracle.grammar import parse_costs
    >>> (tap,) = parse_costs("Tap an untapped creature you control")
    >>> only_noun(tap.what).types
    ('Creature',)
    """
    if len(what.nouns) != 1:
        raise UnreadError(f"{what.joiner} between descriptions of objects")
    return what.nouns[0]


# ------------------------------------------------------------------------------------------ objects

_WHO = {
    r.Controller.UNSAID: Who.ANY,
    r.Controller.BATTLEFIELD: Who.ANY,
    r.Controller.YOU: Who.YOU,
    r.Controller.YOU_NOT_OWNER: Who.YOU,  # (and ObjectFilter.not_owned)
    r.Controller.OPPONENT: Who.OPPONENTS,
    r.Controller.OPPONENTS: Who.OPPONENTS,
    r.Controller.SPELLS_CONTROLLER: Who.YOU,  # (the spell's controller: read by spells' cost changes only)
    r.Controller.ENCHANTED_PLAYER: Who.ANY,  # (ObjectFilter.enchanted_player: losses of abilities only)
}


#: What :attr:`~models.oracle.readings.Noun.named` holds for 'named ~': the card's own name, as the text is
#: written with it ('each artifact named ~ you control')
_SELF = "~"

#: What an 'equipped' or 'enchanted' permanent whose controller is said carries (ObjectFilter.carrying).
_CARRIED = {"equipped": "Equipment", "enchanted": "Aura"}


def object_filter(noun: r.Noun) -> ObjectFilter:
    """The filter a noun phrase describes, as far as :class:`ObjectFilter` holds it.

    >>> object_filter(r.Noun(types=("Elf",), other=True, controller=r.Controller.YOU)).describe()
    'other Elf you control'
    >>> object_filter(r.Noun(types=("Artifact",), named="~", controller=r.Controller.YOU)).named_as_source
    True
    """
    counters = [q for q in noun.qualities if isinstance(q, r.WithCounter)]
    powers = [q.at_least for q in noun.qualities if isinstance(q, r.WithPower)]
    either = [q for q in noun.qualities if isinstance(q, r.OrType)]
    or_types = [t for q in either for t in q.types]
    keywords = [q.keyword for q in noun.qualities if isinstance(q, r.WithKeyword)]
    entered = [q for q in noun.qualities if isinstance(q, r.ThatEntered)]
    parity = [q for q in noun.qualities if isinstance(q, r.WithChosenManaValue)]
    first = [q for q in noun.qualities if q == r.OfOrdinalChosenType("first")]
    producing = [q.letter for q in noun.qualities if isinstance(q, r.CouldProduce)]
    unheld = [
        what
        for what, present in (
            ("tapped", noun.tapped),
            ("colored", noun.colored),
            ("face-down", noun.face_down),
            ("kicked", noun.kicked),
            ("attacking", noun.attacking),
            (
                "a 'with' clause",
                len(counters)
                + len(powers)
                + len(either)
                + len(keywords)
                + len(entered)
                + len(parity)
                + len(first)
                + len(producing)
                != len(noun.qualities)
                or len(counters) > 1
                or len(powers) > 1
                or len(keywords) > 1,
            ),
            # ('with the same name as it' is an amount's; a name with the card's own inside it is not read)
            (
                "a name",
                noun.named in (r.ITS_NAME, r.SPELL_NAME, r.CHOSEN_NAME)
                or (_SELF in noun.named and noun.named != _SELF),
            ),
            # ('its controller controls' is a change of spells' costs': models.oracle.build_statics)
            ("a spell's controller", noun.controller is r.Controller.SPELLS_CONTROLLER),
            # ('enchanted player controls' is a loss of abilities': models.oracle.build_statics)
            ("an enchanted player", noun.controller is r.Controller.ENCHANTED_PLAYER),
            ("a zone", bool(noun.zone)),
            (noun.head.value, noun.head in (r.Head.CARD, r.Head.SOURCE, r.Head.SPELL)),
        )
        if present
    ]
    if unheld:
        raise UnreadError(
            f"the objects {noun.words()!r} ({', '.join(unheld)}) are read but no filter holds them yet"
        )
    return ObjectFilter(
        types=(*noun.supertypes, *noun.types),
        excluded=tuple(t for t in noun.excluded if t != "Token"),
        colors=ManaTypes.parse(noun.colors) if noun.colors else ManaTypes(),
        or_types=tuple(or_types),
        controller=_WHO[noun.controller],
        other=noun.other,
        untapped=noun.untapped,
        chosen_type=noun.chosen_type,
        chosen_color=noun.chosen_color,
        named_as_imprinted=noun.named == r.EXILED_NAME,
        named_as_source=noun.named == _SELF,
        other_name=noun.named == r.OTHER_NAME,
        not_owned=noun.controller is r.Controller.YOU_NOT_OWNER,
        named="" if noun.named in (r.EXILED_NAME, _SELF, r.OTHER_NAME) else noun.named,
        # ('Equipped creatures you control': any with an Equipment, not the one the source is attached to)
        attached=bool(noun.attached) and noun.controller is r.Controller.UNSAID,
        carrying=_CARRIED.get(noun.attached, "") if noun.controller is not r.Controller.UNSAID else "",
        token=True if noun.head is r.Head.TOKEN else (False if "Token" in noun.excluded else None),
        colorless=noun.colorless,
        multicolored=noun.multicolored,
        monocolored=noun.monocolored,
        counter=counters[0].kind if counters else None,
        power_at_least=powers[0] if powers else None,
        keyword=keywords[0] if keywords else "",
        entered_this_turn=bool(entered),
        chosen_parity=bool(parity),
        first_chosen_land_type=bool(first),
        could_produce=ManaTypes.parse("".join(producing)),
        any_types=HISTORIC_TYPES if noun.historic else (),  # (CR 700.6)
    )


def card_filter(noun: r.Noun) -> ObjectFilter:
    """The filter a noun phrase describes for cards outside the battlefield (in a graveyard, revealed from a
    hand): what a board gives of such a card (its type line, its colors, its printed power); another 'with'
    clause ('with a counter on it') is read but not held.

    >>> try:
    ...     card_filter(r.Noun(types=("Creature",), qualities=(r.WithCounter(),)))
    ... except UnreadError as unread:
    ...     print(unread)
    cards 'creature with a counter on it': no filter of cards holds them
    """
    if any(not isinstance(quality, r.WithPower | r.OrType) for quality in noun.qualities):
        raise UnreadError(f"cards {noun.words()!r}: no filter of cards holds them")
    return object_filter(noun)


def either_filter(what: r.Nouns) -> ObjectFilter:
    """One filter for a description, or for 'an untapped artifact or creature you control': descriptions
    joined by 'or' that differ only in one type word each, as one filter of either type (the first one's
    adjectives, the last one's controller); raises ``UnreadError`` for any other list.

    >>> from models.oracle.grammar import parse_costs
    >>> (tap,) = parse_costs("Tap an untapped artifact or creature you control")
    >>> either_filter(tap.what).describe()
    'untapped artifact or creature you control'
    """
    if len(what.nouns) == 1:
        return object_filter(what.nouns[0])
    first, last = what.nouns[0], what.nouns[-1]
    shape = _shape(first, first, last)
    if what.joiner != "or" or any(
        len(noun.types) != 1 or _shape(noun, first, last) != shape for noun in what.nouns
    ):
        raise UnreadError(f"{what.joiner} between descriptions of objects")
    return replace(object_filter(shape), any_types=tuple(noun.types[0] for noun in what.nouns))


def _shape(noun: r.Noun, first: r.Noun, last: r.Noun) -> r.Noun:
    """A description without its type words, with the first one's 'untapped' and 'other' and the last one's
    controller, which qualify every description of a list ('another artifact or creature you control')."""
    return replace(noun, types=(), untapped=first.untapped, other=first.other, controller=last.controller)


def object_filters(what: r.Nouns) -> tuple[ObjectFilter, ...]:
    """'legendary creatures and planeswalkers you control': one filter each, the last one's controller
    shared by those that don't say theirs, and the first one's 'other' by all ('Other Elves and Druids you
    control': a Druid lord is none of them).

    >>> from models.oracle.grammar import parse_static
    >>> [(f.describe(), f.other) for f in object_filters(parse_static("Other Elves and Druids you control "
    ...     "get +1/+1").subject)]
    [('other Elf you control', True), ('other Druid you control', True)]
    """
    shared = what.nouns[-1].controller
    other = what.nouns[0].other
    return tuple(
        object_filter(
            replace(
                noun,
                controller=shared if noun.controller is r.Controller.UNSAID else noun.controller,
                other=noun.other or other,
            )
        )
        for noun in what.nouns
    )


# ------------------------------------------------------------------------------------------ amounts


def amount(quantity: r.Quantity) -> Amount:
    """The amount a quantity counts when the ability resolves (CR 608.2h)."""
    match quantity:
        case r.CountOf(what) if only_noun(what).zone == "graveyard":
            noun = replace(only_noun(what), zone="", head=r.Head.TYPES)
            words = noun.types or noun.supertypes or noun.excluded or noun.colors
            return Amount(kind=AmountKind.GRAVEYARD, filter=card_filter(noun) if words else ObjectFilter())
        case r.CountOf(what) if only_noun(what).zone == "party":
            # ('for each creature in your party', CR 700.8: up to one each of Cleric, Rogue, Warrior and
            # Wizard among its controller's creatures; Ardent Electromancer's enters trigger)
            if what != r.Nouns((r.Noun(types=("Creature",), zone="party"),)):
                raise UnreadError("a count of a party's other than its creatures")
            return Amount(kind=AmountKind.PARTY, filter=ObjectFilter(types=("Creature",)))
        case r.CountOf(what) if only_noun(what).named == r.ITS_NAME:
            noun = only_noun(what)
            if not noun.other:
                raise UnreadError("a count of permanents with the same name as it, itself included")
            counted = object_filter(replace(noun, named="", other=False))
            return Amount(kind=AmountKind.SAME_NAME, filter=counted)
        case r.CountOf(what):
            return Amount(kind=AmountKind.COUNT, filter=object_filter(only_noun(what)))
        case r.CountersOnSelf(kind):
            return Amount(kind=AmountKind.COUNTERS, counter=kind)
        case r.Counted(how):
            return Amount(kind=AmountKind.REMOVED if how == "removed" else AmountKind.REVEALED)
        case r.SelfPower():
            return Amount(kind=AmountKind.POWER)
        case r.LifeTotal():
            return Amount(kind=AmountKind.LIFE)
        case r.Speed():  # (a player's speed is read by a cost change only: build_statics)
            raise UnreadError("your speed, other than in a cost change")
        case r.CardsDrawn():
            return Amount(kind=AmountKind.DRAWN)
        case r.GreatestPower(among):
            return Amount(kind=AmountKind.GREATEST_POWER, filter=object_filter(only_noun(among)))
        case r.DifferentPowers(among):
            return Amount(kind=AmountKind.DISTINCT_POWERS, filter=object_filter(only_noun(among)))
        case r.LandTypesAmong(among):
            return Amount(kind=AmountKind.LAND_TYPES, filter=object_filter(only_noun(among)))
        case r.SacrificedManaValue():
            return Amount(kind=AmountKind.MANA_VALUE)
        case r.Devotion(colors):
            return Amount(kind=AmountKind.DEVOTION, colors=ManaTypes.parse(colors) if colors else ManaTypes())
        case r.Plus(plus, inner):
            return replace(amount(inner), plus=plus)
    raise AssertionError(quantity)  # pragma: no cover


# ------------------------------------------------------------------------------------------ conditions

#: The player's field (contract section 10) that counts each deed of a turn.
_DEED_FIELDS = {
    r.Deed.DRAWN: "cards_drawn_this_turn",
    r.Deed.GAINED: "life_gained_this_turn",
    r.Deed.CAST: "spells_cast_this_turn",
}


def condition(reading: r.Condition) -> ConditionRecord:
    """The record of an 'if' condition."""
    match reading:
        case r.ControlsAny(what):
            filters = tuple(replace(object_filter(n), controller=Who.YOU) for n in what.nouns)
            return ConditionRecord(filters, any_of=what.joiner == "or" and len(filters) > 1)
        case r.ControlAtLeast(at_least, what):
            return ConditionRecord(
                (replace(object_filter(only_noun(what)), controller=Who.YOU),), at_least=at_least
            )
        case r.CountersOnSelfAtLeast(at_least, kind):
            return ConditionRecord((), at_least, kind)
        case r.PlayedLand():
            return ConditionRecord((), played_land=True)
        case r.ThisTurn(text):
            return ConditionRecord((), unevaluated=text)
        case r.CardExiled(keyword, card_type):
            return ConditionRecord((), exiled_card=True, exiled_keyword=keyword, exiled_card_type=card_type)
        case r.EnteredThisTurn():
            return ConditionRecord((), entered_this_turn=True)
        case r.Paired():
            # (soulbond: another creature of the pair the board's choices.paired_with names, CR 702.95)
            paired = ObjectFilter(types=("Creature",), controller=Who.YOU, other=True, paired=True)
            return ConditionRecord((paired,))
        case r.Designated(designation):
            return ConditionRecord((), designation=designation)
        case r.DoneThisTurn(deed, at_least):
            return ConditionRecord((), at_least=at_least, done_this_turn=_DEED_FIELDS[deed])
        case r.ThereIs(what, at_least) if (
            only_noun(what).zone == "graveyard" and only_noun(what).head is r.Head.CARD
        ):
            noun = replace(only_noun(what), zone="", head=r.Head.TYPES)
            return ConditionRecord((), at_least=at_least, in_graveyard=card_filter(noun))
        case r.SourceAttachedTo() | r.SourceAttacking():
            raise UnreadError("'~ is attached to', '~ is attacking': read only as a prohibition's condition")
        case r.SourceStatus():
            # (a status that a payment itself may change: read only where it is judged before any mana ability
            # is activated, a change of spells' costs: models.oracle.build_statics.cost_condition)
            raise UnreadError("'~ is tapped' is read only as a cost change's condition")
        case r.TopOfLibrary(what) if only_noun(what).head is r.Head.CARD and not only_noun(what).zone:
            # (the card on top of the controller's library: the board's library listed, top first)
            noun = replace(only_noun(what), head=r.Head.TYPES)
            return ConditionRecord((), top_of_library=card_filter(noun))
        case r.OpponentCounters(at_least, kind):
            return ConditionRecord((), at_least, opponent_counter=kind)
        case r.PlayerStatus((status,)):
            return ConditionRecord((), player_status=status)
        case r.PlayerStatus(statuses):
            return ConditionRecord(
                (), either=tuple(ConditionRecord((), player_status=one) for one in statuses)
            )
        case r.ThereIs(what, at_least, battlefield=True) if (
            only_noun(what).controller is r.Controller.UNSAID and not only_noun(what).zone
        ):
            # ('ten or more lands are on the battlefield': every player's permanents, whoever controls them)
            return ConditionRecord((replace(object_filter(only_noun(what)), controller=Who.ANY),), at_least)
        case r.ThereIs():
            raise UnreadError(f"'there is {reading.what.words()}' is read but no record holds it yet")
        case r.DevotionBelow():
            raise UnreadError("a devotion below a number is read only as a God's type change")
        case r.YourTurn(also):
            rest = condition(also) if also is not None else ConditionRecord(())
            if rest.either or rest.your_turn:
                raise UnreadError("'it's your turn and' one of several conditions")
            return replace(rest, your_turn=True)
        case r.ObjectIsType():
            # (the types of what an Aura enchants: read only as a type change's, which layer 4 judges as it
            # applies, models.oracle.conditional_types)
            raise UnreadError("'enchanted permanent is a <type>' is read only as a type change's condition")
    raise AssertionError(reading)  # pragma: no cover


def only_filter(what: r.Nouns) -> ObjectFilter:
    """The filter of one noun phrase (more than one is not read here)."""
    if len(what.nouns) != 1:
        raise UnreadError(f"one description is needed, not {what.words()!r}")
    return object_filter(what.nouns[0])


def while_condition(written: str) -> ConditionRecord:
    """An 'as long as <condition>' as the grammar reads it, or as written (``unevaluated``) when it does not:
    the planner judges the first on the board and warns about the second where it matters.

    >>> while_condition("you control an artifact").describe()
    'you control artifact'
    >>> while_condition("an opponent has 10 or less life").unevaluated
    'an opponent has 10 or less life'
    """
    try:
        return condition(parse_condition(written))
    except UnreadError:
        return ConditionRecord((), unevaluated=written)
