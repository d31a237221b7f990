"""The reader of a spell's additional costs (:mod:`models.additional_costs`, CR 601.2f-h): each sentence of
the spell's text (:func:`~models.oracle.reader.reading_units`) that opens with "As an additional cost to
cast this spell,". A cost it can't read is kept as :class:`~models.additional_costs.UnreadCost`; an
optional cost ("you may sacrifice") is the player's choice not to pay, and is not a cost here.

>>> additional_costs("As an additional cost to cast this spell, sacrifice a land.\\nSearch your library.")
(SacrificeCost(count=1, types=('Land',)),)
"""

from __future__ import annotations

from models.additional_costs import AdditionalCost, DiscardCost, SacrificeCost, UnreadCost
from models.kept import per_card
from models.oracle import lexicon
from models.oracle.reader import reading_units

__all__ = ["additional_costs", "parse_additional_cost"]

#: How the sentence opens (the reader writes "this spell" as "~")
_OPENINGS = ("as an additional cost to cast this spell,", "as an additional cost to cast ~,")
#: The card types a sacrifice cost may name (permanent types, CR 110.4).
_PERMANENT_TYPES = ("Artifact", "Battle", "Creature", "Enchantment", "Land", "Planeswalker")


def parse_additional_cost(phrase: str) -> SacrificeCost | DiscardCost | None:
    """The cost a phrase names ("sacrifice a land", "discard two cards"); None when it is not one of those.

    >>> parse_additional_cost("sacrifice an artifact or creature")
    SacrificeCost(count=1, types=('Artifact', 'Creature'))
    >>> parse_additional_cost("discard a card"), parse_additional_cost("sacrifice a nontoken creature")
    (DiscardCost(count=1), None)
    """
    words = phrase.strip().rstrip(".").split()
    if len(words) < 3:
        return None
    verb, number, rest = words[0].lower(), lexicon.number_value(words[1]), words[2:]
    if number is None or number < 1:
        return None
    if verb == "discard":
        return (
            DiscardCost(number) if [w.lower() for w in rest] == ["card" if number == 1 else "cards"] else None
        )
    if verb != "sacrifice" or len(rest) not in (1, 3) or (len(rest) == 3 and rest[1].lower() != "or"):
        return None
    types = tuple(lexicon.canonical_type(word, strict=True) for word in rest[::2])
    if any(t not in _PERMANENT_TYPES for t in types):
        return None
    return SacrificeCost(number, tuple(t for t in types if t is not None))


@per_card(maxsize=4096)  # (a pure function of the card's text and name)
def additional_costs(text: str, name: str = "") -> tuple[AdditionalCost, ...]:
    """The additional costs of a spell's text, in the order written.

    >>> additional_costs("As an additional cost to cast this spell, discard a card.\\nDraw two cards.")
    (DiscardCost(count=1),)
    >>> additional_costs("As an additional cost to cast this spell, pay 3 life or sacrifice a creature.")
    (UnreadCost(words='pay 3 life or sacrifice a creature'),)
    >>> additional_costs("As an additional cost to cast this spell, you may sacrifice a creature.")
    ()
    """
    found: list[AdditionalCost] = []
    for unit in reading_units(text, name):
        opening = next((o for o in _OPENINGS if unit.lower().startswith(o)), None)
        if opening is None:
            continue
        phrase = unit[len(opening) :].strip().rstrip(".")
        if phrase.lower().startswith("you may "):
            continue  # (an optional cost: paying nothing is always one of the player's choices)
        read = parse_additional_cost(phrase)
        found.append(read if read is not None else UnreadCost(phrase))
    return tuple(found)
