"""The turn's events the board records of its players, as conditions read them (the phrase ``turn_event``):
'an opponent lost life this turn' (spectacle's condition, CR 702.137a), 'you attacked with a creature this
turn' (raid, CR 508.1a), 'you've committed a crime this turn' (CR 700.13), 'one or more cards left your
graveyard this turn'. One reading, :class:`~models.abilities.TurnCondition`, whatever reads it: a spell's own
cost change (``own_condition``) and an alternative cost's condition (``control_condition``).

>>> from models.oracle.grammar import parse_alternative_cost
>>> raid = parse_alternative_cost("If you attacked with a creature this turn, you may pay {U} rather than "
...     "pay ~'s mana cost.")
>>> [(c.amount.kind.value, c.at_least, c.text) for c in raid.if_turn_facts]
[('attacked_with', 1, 'you attacked with a creature this turn')]
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from lark import Token, Transformer, v_args

from models.abilities import Amount, AmountKind, TurnCondition
from models.filters import ObjectFilter
from models.oracle.grammar_parser import UnreadError
from models.oracle.phrase_rules import fixed_number
from models.oracle.readings import Head, Noun, Nouns, Number
from models.oracle.readings.nouns import OTHER_NAME, number_words
from models.types import PERMANENT_CARD_TYPES

__all__ = ["TurnEventRules", "attackers", "died_creatures", "put_into_graveyard", "sacrificed"]


def attackers(what: Nouns) -> ObjectFilter | None:
    """The attacking creatures 'you attacked with <what>' counts: None for any creature (a count answers
    it), else a filter of one kind ('a Spacecraft'), which only the creatures listed answer.

    >>> from models.oracle.grammar import parse_objects
    >>> attackers(parse_objects("creatures")) is None, attackers(parse_objects("Spacecraft")).types
    (True, ('Spacecraft',))
    """
    if len(what.nouns) != 1:
        raise UnreadError(f"you attacked with {what.words()}")
    (noun,) = what.nouns
    if noun == Noun(types=("Creature",)):
        return None
    if noun != Noun(types=noun.types) or len(noun.types) != 1:
        raise UnreadError(f"you attacked with {what.words()}")
    return ObjectFilter(types=noun.types)


def sacrificed(what: Nouns) -> ObjectFilter:
    """The permanents 'you've sacrificed <what> this turn' asks one of: of one card type or more, nothing
    else (their types as the board's ``sacrificed_this_turn`` lists them).

    >>> from models.oracle.grammar import parse_objects
    >>> sacrificed(parse_objects("artifact")).types, sacrificed(parse_objects("artifact creature")).types
    (('Artifact',), ('Artifact', 'Creature'))
    """
    if len(what.nouns) != 1:
        raise UnreadError(f"you've sacrificed {what.words()}")
    (noun,) = what.nouns
    if noun != Noun(types=noun.types):
        raise UnreadError(f"you've sacrificed {what.words()}")
    return ObjectFilter(types=noun.types)


def died_creatures(what: Nouns) -> ObjectFilter | None:
    """The creatures 'if <what> died this turn' asks one of: None for any creature (a count answers it), else
    a filter of their types as they last existed (CR 608.2h) and names ('not named ~': another name than the
    card's own, CR 201.2); any other description is not read.

    >>> from models.oracle.grammar import parse_objects
    >>> died_creatures(parse_objects("creature")) is None
    True
    >>> died_creatures(parse_objects("non-Zombie creature")).describe()
    'nonzombie creature'
    >>> died_creatures(parse_objects("creature not named ~")).other_name
    True
    """
    (noun,) = what.nouns if len(what.nouns) == 1 else (None,)
    plain = None if noun is None else replace(noun, excluded=(), named="")
    if noun is None or plain != Noun(types=("Creature",)) or noun.named not in ("", OTHER_NAME):
        raise UnreadError(f"if {what.words()} died this turn")
    if noun == Noun(types=("Creature",)):
        return None
    return ObjectFilter(types=("Creature",), excluded=noun.excluded, other_name=noun.named == OTHER_NAME)


def put_into_graveyard(what: Nouns) -> ObjectFilter:
    """The cards 'if <what> was put into your graveyard from anywhere this turn' asks one of: a card of one
    permanent card type or more ('a creature card'; the board's ``cards_put_into_graveyard_this_turn`` as
    listed). A kind an instant or sorcery card could be ('a card') is not read: the turn plans do not
    record the spells that resolve.

    >>> from models.oracle.grammar import parse_objects
    >>> put_into_graveyard(parse_objects("creature card")).types
    ('Creature',)
    """
    (noun,) = what.nouns if len(what.nouns) == 1 else (None,)
    if (
        noun is None
        or noun != Noun(head=Head.CARD, types=noun.types)
        or not noun.types
        or not set(noun.types) <= PERMANENT_CARD_TYPES
    ):
        raise UnreadError(f"if {what.words()} was put into your graveyard this turn")
    return ObjectFilter(types=noun.types)


@v_args(inline=True)
class TurnEventRules(Transformer[Token, Any]):
    """Transformer methods of the turn's events (``turn_event``) and of the conditions made of one."""

    def event_opponent_lost_life(self, *_words: Token) -> TurnCondition:
        return TurnCondition(Amount(kind=AmountKind.OPPONENT_LOST_LIFE), 1, "an opponent lost life this turn")

    def event_crime(self, *_words: Token) -> TurnCondition:
        return TurnCondition(Amount(kind=AmountKind.CRIME), 1, "you've committed a crime this turn")

    def event_attacked(self, *_words: Token) -> TurnCondition:
        """'you attacked this turn' (raid): with one or more creatures (CR 508.1a)."""
        return TurnCondition(Amount(kind=AmountKind.ATTACKED_WITH), 1, "you attacked this turn")

    def event_attacked_with(self, *parts: Any) -> TurnCondition:
        what = next(part for part in parts if isinstance(part, Nouns))
        counts = [part for part in parts if isinstance(part, int) and not isinstance(part, bool)]
        at_least = fixed_number(counts[0]) if counts else 1
        many = f"{number_words(at_least)} or more" if counts else "a"
        text = f"you attacked with {many} {what.words(plural=bool(counts))} this turn"
        return TurnCondition(Amount(kind=AmountKind.ATTACKED_WITH, filter=attackers(what)), at_least, text)

    def event_sacrificed(self, *parts: Any) -> TurnCondition:
        """'if you've sacrificed an artifact this turn' (CR 701.21a): the board's ``sacrificed_this_turn``."""
        what = next(part for part in parts if isinstance(part, Nouns))
        text = f"you've sacrificed {what.words(1)} this turn"
        return TurnCondition(Amount(kind=AmountKind.SACRIFICED, filter=sacrificed(what)), 1, text)

    def event_life_gained(self, *parts: Any) -> TurnCondition:
        """'if you've gained 3 or more life this turn' (Sanguine Indulgence): the board's
        ``life_gained_this_turn`` (contract section 10; 0 when not given)."""
        deed = next(
            str(part).lower() for part in parts if isinstance(part, Token) and part.type == "TURN_DEED"
        )
        if deed != "gained":
            raise UnreadError(f"you've {deed} life this turn")
        at_least = fixed_number(next(p for p in parts if isinstance(p, int) and not isinstance(p, bool)))
        text = f"you've gained {at_least} or more life this turn"
        return TurnCondition(Amount(kind=AmountKind.LIFE_GAINED, constant=1), at_least, text)

    def event_descended(self, *_words: Token) -> TurnCondition:
        """'if you descended this turn': a permanent card (CR 110.4b) was put into your graveyard from
        anywhere this turn."""
        wanted = ObjectFilter(types=("Permanent",))
        text = "you descended this turn"
        return TurnCondition(Amount(kind=AmountKind.PUT_INTO_GRAVEYARD, filter=wanted), 1, text)

    def event_put_into_graveyard(self, _article: Token, what: Nouns, *_words: Token) -> TurnCondition:
        """'if a creature card was put into your graveyard from anywhere this turn' (Macabre
        Reconstruction's): from anywhere, 'from anywhere' said or not."""
        text = f"{what.words(1)} was put into your graveyard from anywhere this turn"
        return TurnCondition(
            Amount(kind=AmountKind.PUT_INTO_GRAVEYARD, filter=put_into_graveyard(what)), 1, text
        )

    def event_left_graveyard(self, *parts: Any) -> TurnCondition:
        counts: list[Number] = [
            part for part in parts if isinstance(part, int) and not isinstance(part, bool)
        ]
        at_least = fixed_number(counts[0]) if counts else 1
        many = f"{number_words(at_least)} or more cards" if counts else "a card"
        text = f"{many} left your graveyard this turn"
        return TurnCondition(Amount(kind=AmountKind.LEFT_GRAVEYARD), at_least, text)
