"""The reader of a spell's additional costs (:mod:`models.additional_costs`, CR 601.2f-h): each sentence of
the spell's text (:func:`~models.oracle.reader.reading_units`) "As an additional cost to cast this spell,
<costs>.", read by the grammar (``additional_cost`` in ``grammar.lark``: sacrifices and discards joined by
"and"). A cost it can't read is kept as :class:`~models.additional_costs.UnreadCost` (the sentence's frame
``additional_frame`` gives its words); an optional cost ("you may sacrifice") is the player's choice not to
pay, and is not a cost here.

>>> additional_costs("As an additional cost to cast this spell, sacrifice a land.\\nSearch your library.")
(SacrificeCost(count=1, types=('Land',)),)
"""

from __future__ import annotations

from models.additional_costs import AdditionalCost, UnreadCost
from models.kept import per_card
from models.oracle.grammar import UnreadError, parse_additional_cost, parse_additional_frame
from models.oracle.reader import reading_units

__all__ = ["additional_costs", "sentence_costs"]


def sentence_costs(sentence: str) -> tuple[AdditionalCost, ...]:
    """The additional costs one sentence of a spell gives: none when it is not an additional cost's.

    >>> sentence_costs("As an additional cost to cast ~, sacrifice an artifact or creature.")
    (SacrificeCost(count=1, types=('Artifact', 'Creature')),)
    >>> sentence_costs("As an additional cost to cast ~, discard a card and sacrifice a Goblin you control.")
    (DiscardCost(count=1), SacrificeCost(count=1, types=('Goblin',)))
    >>> sentence_costs("As an additional cost to cast ~, pay 3 life or sacrifice a creature.")
    (UnreadCost(words='pay 3 life or sacrifice a creature'),)
    >>> sentence_costs("Destroy target creature.")
    ()
    """
    if "additional cost" not in sentence.lower():
        return ()  # (the grammar would not read it: a gate, not a reader)
    try:
        return parse_additional_cost(sentence)
    except UnreadError:
        pass
    try:
        return (UnreadCost(parse_additional_frame(sentence)),)
    except UnreadError:
        return ()


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
    return tuple(cost for unit in reading_units(text, name) for cost in sentence_costs(unit))
