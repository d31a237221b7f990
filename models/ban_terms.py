"""The terms of a prohibition on casting beyond its plain player scope (:class:`BanTerms`, on
:class:`~models.mana_effects.CastBan`): whom, when, which spells and what else it forbids (CR 101.2)."""

from __future__ import annotations

from dataclasses import dataclass

from models.filters import ObjectFilter

__all__ = ["NO_BAN_TERMS", "BanTerms"]


@dataclass(frozen=True, slots=True)
class BanTerms:
    """The terms of a prohibition on casting beyond its plain player scope (CR 101.2): whom it binds
    ('Enchanted player': Curse of Exhaustion; 'defending player': Wardscale Dragon; 'Each opponent who
    controls more creatures than you': Ward of Bones), when ('during combat': Marisi; 'As long as ~ is
    attached to a creature': Conqueror's Flail; 'As long as ~ is attacking'), which spells ('with mana value
    greater than the number of lands that player controls': Lavinia) and what else it forbids ('or activate
    abilities that aren't mana abilities': Hand to Hand, CR 602.5).

    >>> BanTerms().describe(), BanTerms(combat=True, abilities=True).describe()
    ('', "during combat; nor activate abilities that aren't mana abilities")
    """

    #: the player the permanent is attached to ('Enchanted player', a Curse's ``attached_to``)
    enchanted_player: bool = False
    #: the player the permanent attacks ('defending player', CR 506.2): only while it attacks
    defending_player: bool = False
    #: only an opponent who controls more of these than its controller ('who controls more creatures than
    #: you')
    more_than_you: ObjectFilter | None = None
    #: only during combat (the board's ``step`` is ``combat``, CR 506.1)
    combat: bool = False
    #: only as long as the permanent is attached to one of these ('attached to a creature', CR 301.5)
    attached_to: ObjectFilter | None = None
    #: only as long as the permanent is attacking (the board does not say which creatures attack)
    attacking: bool = False
    #: only spells with a mana value greater than the number of these the caster controls (CR 202.3)
    mana_value_above: ObjectFilter | None = None
    #: activating abilities that aren't mana abilities is forbidden too (CR 602.5, 605.1a)
    abilities: bool = False
    #: only an opponent who attacked its controller or a planeswalker its controller controls this turn (CR
    #: 508.1: Sandswirl Wanderglyph; the board's ``attacked_this_turn``)
    attacked_you: bool = False

    def describe(self) -> str:
        """The terms in words, for display ('' for none).

        >>> BanTerms(more_than_you=ObjectFilter(types=("Creature",)), combat=True).describe()
        'only a player who controls more creature than you; during combat'
        """
        said = [
            words
            for held, words in (
                (self.enchanted_player, "only the enchanted player"),
                (self.defending_player, "only the defending player"),
                (
                    self.more_than_you is not None,
                    f"only a player who controls more {_described(self.more_than_you)} than you",
                ),
                (self.combat, "during combat"),
                (self.attached_to is not None, f"while attached to {_described(self.attached_to)}"),
                (self.attacking, "while attacking"),
                (
                    self.mana_value_above is not None,
                    f"mana value greater than the number of {_described(self.mana_value_above)} they control",
                ),
                (self.abilities, "nor activate abilities that aren't mana abilities"),
                (
                    self.attacked_you,
                    "only an opponent who attacked you or a planeswalker you control this turn",
                ),
            )
            if held
        ]
        return "; ".join(said)


def _described(flt: ObjectFilter | None) -> str:
    """A filter's words ('' for none)."""
    return "" if flt is None else flt.describe()


#: No terms beyond the player scope.
NO_BAN_TERMS = BanTerms()
