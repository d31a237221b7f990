"""The riders of a spell's text on the mana spent to cast it (:mod:`models.riders`): converge's and
sunburst's colors, adamant's and "if {C} was spent"'s types, "if N or more mana was spent", "if mana from a
Treasure was spent".

The grammar reads each rider (``spent_rider`` in ``grammar.lark``); this module hands it the clauses of the
text's reading units (:func:`~models.oracle.reader.reading_units`: ability words and reminder text gone),
cut at commas and periods, each from every word on, since a rider is a phrase inside a sentence whose rest
is any effect ('Draw a card for each color of mana spent to cast this spell.').

>>> spent_riders("Converge — Draw a card for each color of mana spent to cast this spell.")
(ColorsSpent(),)
>>> spent_riders("Adamant — If at least three red mana was spent to cast this spell, it deals 4 damage.")
(TypeSpent(mana_type=<ManaType.R: 8>, at_least=3),)
"""

from __future__ import annotations

from lark.exceptions import LarkError

from models.kept import per_card
from models.oracle.grammar import read_as
from models.oracle.reader import reading_units
from models.oracle.readings import Controller, Noun, Nouns
from models.oracle.rider_clauses import clause_riders, parse_spent_rider
from models.riders import SpentRider

__all__ = ["only_creature_mana", "parse_spent_rider", "spent_riders"]


@per_card(maxsize=4096)  # (a pure function of the card's text and name)
def spent_riders(text: str, name: str = "") -> tuple[SpentRider, ...]:
    """The riders of a spell's text on the mana spent to cast it, each once, in the order written.

    >>> spent_riders("Sunburst (This enters with a +1/+1 counter on it for each color of mana spent.)")
    (ColorsSpent(),)
    >>> spent_riders("When ~ enters, if {C} was spent to cast it, draw a card.", "Drowner")
    (TypeSpent(mana_type=<ManaType.C: 32>, at_least=1),)
    >>> spent_riders("Whenever you cast a spell, if {C} was spent to cast it, draw a card.")
    ()
    """
    found: dict[SpentRider, None] = {}
    for unit in reading_units(text, name):
        found.update(dict.fromkeys(clause_riders(unit)))
    return tuple(found)


#: 'creatures': the only sources a spell's own restriction on its mana is read for (a creature's mana ability
#: or a trigger of a creature adds it, the mana's tag says so: planner.rules.packets.ManaTag.creature).
_CREATURES = Nouns((Noun(types=("Creature",), controller=Controller.UNSAID),))


@per_card(maxsize=4096)  # (a pure function of the card's text and name)
def only_creature_mana(text: str, name: str = "") -> bool:
    """True when the spell's text says "Spend only mana produced by creatures to cast this spell." (Myr
    Superion): mana from any other source (a land, an artifact, a card in hand, floating mana whose source
    is not known) can't be spent on it. Other sources ("basic lands": Imperiosaur) are not read (the
    sentence stays warned).

    >>> only_creature_mana("Spend only mana produced by creatures to cast this spell.")
    True
    >>> only_creature_mana("Spend only mana produced by basic lands to cast this spell.")
    False
    """
    for unit in reading_units(text, name):
        if not unit.lower().startswith("spend only mana produced by"):
            continue  # (a gate, not a reader)
        try:
            what = read_as(unit, "mana_sources")
        except LarkError:
            continue
        except Exception:  # (what a rule's method raised as the sentence was read)
            continue
        if what == _CREATURES:
            return True
    return False
