"""The answer of a turn's plan (contract section 7): the lands played, the spells cast in order with their
payments, and what is left."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from models.mana import ManaBag
from planner.answer import PayResult
from planner.rules.view import TextWarning

__all__ = ["AbilityActivated", "LandPlayed", "SpellCast", "TurnResult"]


@dataclass(kw_only=True, frozen=True, slots=True)
class SpellCast:
    """One spell of a turn's plan: its name, its cost as printed (X chosen), its payment, and the zone it is
    cast from when not the hand (``graveyard``, ``exile``: CR 601.2a)."""

    card: str
    cost: str
    payment: PayResult
    cast_from: str | None = None

    def to_json(self) -> dict[str, Any]:
        """The spell as contract section 7 writes it (``payment`` has the keys of ``pay``), with ``from``
        (``graveyard`` or ``exile``) for a spell not cast from the hand."""
        found = {"card": self.card, "cost": self.cost, "payment": self.payment.to_json()}
        return found if self.cast_from is None else {**found, "from": self.cast_from}


@dataclass(kw_only=True, frozen=True, slots=True)
class AbilityActivated:
    """An activated ability a turn's plan activates that is no mana ability (:mod:`planner.turn_abilities`):
    its permanent's id and name, its sentence, how many of the plan's spells are cast before it, the payment
    of its cost (the keys of ``pay``), the tokens it creates (id, name) and the mana it adds.

    >>> from planner.answer import PayResult
    >>> made = AbilityActivated(permanent="k", card="Test Knight", ability="{T}: Create a Treasure token.",
    ...     after_spells=0, payment=PayResult(payable=True, cost=""), created=(("t", "Treasure"),))
    >>> made.to_json()["created"]
    [{'id': 't', 'name': 'Treasure'}]
    """

    permanent: str
    card: str
    ability: str
    after_spells: int
    payment: PayResult
    created: tuple[tuple[str, str], ...] = ()
    mana: str = ""

    def to_json(self) -> dict[str, Any]:
        """The activation as ``activations`` lists it (contract section 11)."""
        return {
            "permanent": self.permanent,
            "card": self.card,
            "ability": self.ability,
            "after_spells": self.after_spells,
            "payment": self.payment.to_json(),
            "created": [{"id": pid, "name": name} for pid, name in self.created],
            "mana": self.mana,
        }


@dataclass(kw_only=True, frozen=True, slots=True)
class LandPlayed:
    """One land a turn's plan plays: the card, its permanent's id, whether it entered tapped, the life paid
    (a shockland's, a fetchland's), the land a fetchland found, the id of the land a bounce land returned,
    the zone it was played from (the hand, or the graveyard a permission allows, CR 305.1)."""

    card: str
    id: str
    tapped: bool = False
    life_paid: int = 0
    fetched: str | None = None
    returned: str | None = None
    played_from: str = "hand"

    def to_json(self) -> dict[str, Any]:
        """The land as ``lands_played`` lists it (contract section 7).

        >>> LandPlayed(card="Forest", id="new-land").to_json()["card"]
        'Forest'
        """
        return {
            "card": self.card,
            "id": self.id,
            "tapped": self.tapped,
            "life_paid": self.life_paid,
            "fetched": self.fetched,
            "returned": self.returned,
            "from": self.played_from,
        }


@dataclass(kw_only=True, frozen=True, slots=True)
class TurnResult:
    """A turn's plan: the lands played (the first one's fields apart, as version 2 answers), the spells cast
    in order with their payments, and what is left."""

    castable: bool | None  # None: no answer within the time limit
    land_played: str | None = None  # (the first land played: ``lands_played`` lists them all, in order)
    land_id: str | None = None
    land_tapped: bool = False
    land_life: int = 0
    land_fetched: str | None = None  # the land a fetchland found, cracked at once
    land_returned: str | None = None  # the id of the land a bounce land returned to the hand
    lands_played: tuple[LandPlayed, ...] = ()
    exiled: tuple[tuple[str, str], ...] = ()  # (card, mana): cards exiled from the hand for their mana
    tapped_first: tuple[str, ...] = ()  # tapped for mana at the start: a spell sacrifices them later
    spells: tuple[SpellCast, ...] = ()
    #: the activated abilities that are no mana abilities the plan activates, in order (each says how many
    #: spells are cast before it)
    activations: tuple[AbilityActivated, ...] = ()
    mana_value_cast: int = 0
    reason: str | None = None
    hold: str | None = None
    hold_satisfied: bool | None = None
    hold_untapped: tuple[str, ...] = ()
    left_open: tuple[str, ...] = ()
    floating: ManaBag = ManaBag()
    optimal: bool = True
    warnings: tuple[TextWarning, ...] = ()
    notes: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        """The JSON object of contract section 7, plus the first land's id and state (``land``), every land
        played in order (``lands_played``), the held cost, what is left open, the mana left floating, what
        each spell's riders on the mana spent got (``riders``: :meth:`riders_json`), ``optimal``, ``warnings``
        and ``notes``."""
        return {
            "castable": self.castable,
            "land_played": self.land_played,
            "spells": [spell.to_json() for spell in self.spells],
            "activations": [activation.to_json() for activation in self.activations],
            "mana_value_cast": self.mana_value_cast,
            "riders": self.riders_json(),
            "reason": self.reason,
            "land": None
            if self.land_played is None
            else {
                "id": self.land_id,
                "tapped": self.land_tapped,
                "life_paid": self.land_life,
                "fetched": self.land_fetched,
                "returned": self.land_returned,
            },
            "lands_played": [land.to_json() for land in self.lands_played],
            "exiled_from_hand": [{"card": card, "mana": mana} for card, mana in self.exiled],
            "tapped_before_sacrifice": list(self.tapped_first),
            "hold": None
            if self.hold is None
            else {
                "cost": self.hold,
                "satisfied": self.hold_satisfied,
                "leave_untapped": list(self.hold_untapped),
            },
            "left_open": list(self.left_open),
            "floating": str(self.floating),
            "optimal": self.optimal,
            "warnings": [
                {"permanent": w.permanent, "sentence": w.sentence, "reason": w.reason or "not read"}
                for w in self.warnings
            ],
            "notes": list(self.notes),
        }

    def riders_json(self) -> list[dict[str, Any]]:
        """What the riders on the mana spent of each spell cast got (contract §11-§12), one object per spell
        that has them, in the order cast: ``spell`` (its place in ``spells``, from 1), ``card``, and, as
        ``pay`` reports them, ``colors_spent`` and ``riders``; empty when no spell has them.

        >>> TurnResult(castable=False).riders_json()
        []
        """
        return [
            {
                "spell": number,
                "card": spell.card,
                "colors_spent": spell.payment.colors_spent,
                "riders": [outcome.to_json() for outcome in spell.payment.riders],
            }
            for number, spell in enumerate(self.spells, 1)
            if spell.payment.colors_spent is not None
        ]
