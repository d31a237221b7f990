"""The answer to a payment question as a player reads it: :class:`PayResult` (contract §3, with our keys),
its :class:`PlanStep` activations and what their cost's other parts paid (:class:`PaidParts`).

>>> PayResult(payable=False, cost="{G}", reason="no green source").to_json()["reason"]
'no green source'
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from models.mana import ManaBag
from models.riders import RiderOutcome
from planner.rules.additional_costs import AdditionalPaid
from planner.rules.alternative_costs import (
    AlternativeCostPaid,
)
from planner.rules.alternatives import AlternativePayment
from planner.rules.replay import Plan
from planner.rules.view import TextWarning


@dataclass(kw_only=True, frozen=True, slots=True)
class PaidParts:
    """What the other parts of a cost paid (:mod:`planner.rules.costs`), for a step or a whole payment: the
    permanents exiled (Food Chain) and returned to their owners' hands, the opponents' lands untapped, the
    cards discarded (Bog Witch) and exiled from the hand (Cadaverous Bloom) by name, the energy paid (Aether
    Hub), the permanents exerted (Oasis Ritualist) and how many cards were exiled from the graveyard.

    >>> PaidParts(discarded=("Forest",), energy_paid=1).to_json()
    {'discarded': ['Forest'], 'energy_paid': 1}
    >>> PaidParts(exiled_from_graveyard=3).describe()
    '3 card(s) exiled from the graveyard'
    """

    exiled: tuple[str, ...] = ()
    returned: tuple[str, ...] = ()
    untapped_for_cost: tuple[str, ...] = ()
    discarded: tuple[str, ...] = ()
    exiled_from_hand: tuple[str, ...] = ()
    energy_paid: int = 0
    exerted: tuple[str, ...] = ()
    #: how many cards of the player's graveyard were exiled (Titans' Nest; Forage's way that exiles three)
    exiled_from_graveyard: int = 0

    def to_json(self) -> dict[str, Any]:
        """Its keys that are not empty (none for a cost without such parts: answers keep their keys)."""
        found: dict[str, Any] = {}
        for name in self.__slots__:
            value = getattr(self, name)
            if value:
                found[name] = list(value) if isinstance(value, tuple) else value
        return found

    def describe(self) -> str:
        """In a few words, for a table ('discarded Forest; 1 energy'), '' for nothing."""
        words = [
            f"{label} {', '.join(value)}"
            for label, value in (
                ("exiled", self.exiled),
                ("returned", self.returned),
                ("untapped", self.untapped_for_cost),
                ("discarded", self.discarded),
                ("exiled from the hand", self.exiled_from_hand),
                ("exerted", self.exerted),
            )
            if value
        ]
        if self.energy_paid:
            words.append(f"{self.energy_paid} energy")
        if self.exiled_from_graveyard:
            words.append(f"{self.exiled_from_graveyard} card(s) exiled from the graveyard")
        return "; ".join(words)


@dataclass(kw_only=True, frozen=True, slots=True)
class PlanStep:
    """One activation of a plan, as a player reads it: on the battlefield, or of a card in the hand
    (``zone`` ``"hand"``: Elvish Spirit Guide, exiled for its mana; ``permanent`` is then None and ``name``
    names the card). ``parts``: what its cost's other parts paid (:class:`PaidParts`)."""

    permanent: str | None
    name: str
    ability: str
    produced: ManaBag
    replacement_order: tuple[str, ...] = ()
    sacrificed: tuple[str, ...] = ()
    tapped_for_cost: tuple[str, ...] = ()
    paid_with: ManaBag = ManaBag()
    zone: str = "battlefield"
    parts: PaidParts = PaidParts()
    nested: int = 0  # the steps before it activated while paying its mana cost (Step.nested)

    def to_json(self) -> dict[str, Any]:
        """The step as CONTRACT §3 writes it, with our extra keys (``zone``: contract §6), those of
        :class:`PaidParts` when its cost has such parts, and ``nested`` when steps before it were activated
        while paying its mana cost (its restrictions judged before them: CR 601.2g, 602.2b)."""
        return {
            "permanent": self.permanent,
            "zone": self.zone,
            "ability": self.ability,
            "produced": str(self.produced),
            "name": self.name,
            "replacement_order": list(self.replacement_order),
            "sacrificed": list(self.sacrificed),
            "tapped_for_cost": list(self.tapped_for_cost),
            "paid_with": str(self.paid_with),
            **self.parts.to_json(),
            **({"nested": self.nested} if self.nested else {}),
        }


@dataclass(kw_only=True, frozen=True, slots=True)
class PayResult:
    """The answer to 'how do I best pay this?': the plan in a player's terms, or why it can't be paid."""

    payable: bool | None  # None: no answer within the time limit (contract §9)
    cost: str
    cost_has_x: bool = False  # the cost asked for has an X
    total_cost: str = ""  # the cost after increases and reductions in force (CR 601.2f)
    steps: tuple[PlanStep, ...] = ()
    tapped: tuple[str, ...] = ()
    untapped: tuple[str, ...] = ()
    sacrificed: tuple[str, ...] = ()
    life_paid: int = 0
    damage_taken: int = 0
    # what the payment taps that a trigger on tapping destroys once it resolves, after the payment (Blight:
    # CR 603.3), in board order
    destroyed: tuple[str, ...] = ()
    # the damage in ``damage_taken`` from triggers on tapping that the player may pay mana to avoid as they
    # resolve, after the payment ('unless that player pays {3}', Seizures: CR 603.3): (the permanent tapped,
    # the damage, the mana), in board order
    damage_unless_paid: tuple[tuple[str, int, str], ...] = ()
    # the cards exiled from the top of the library instead of life paid (Ashiok, Wicked Manipulator: CR
    # 614.1a), not counted in ``life_paid``
    exiled_from_library: int = 0
    mana_spent: ManaBag = ManaBag()
    floating: ManaBag = ManaBag()
    keep_satisfied: bool | None = None
    reason: str | None = None
    x: int | None = None
    engine: str = "cp-sat"
    optimal: bool = True
    symbols: tuple[tuple[str, str, int], ...] = ()
    objective: tuple[tuple[str, int], ...] = ()
    warnings: tuple[TextWarning, ...] = ()  # text on the board (or the spell's) not read or not executed
    alternative_payments: tuple[AlternativePayment, ...] = ()
    # the alternative cost paid instead of the mana cost (CR 118.9: planner.alternative), listed last in the
    # JSON's alternative_payments
    alternative_cost: AlternativeCostPaid | None = None
    parts: PaidParts = PaidParts()  # what the steps' other cost parts paid, in all
    # what the spell's riders on the mana spent got (contract §12), None and () for a spell without them
    colors_spent: str | None = None
    riders: tuple[RiderOutcome, ...] = ()
    # what paid the spell's additional costs (sacrificed, discarded: planner.additional)
    additional: AdditionalPaid = field(default_factory=AdditionalPaid)
    plan: Plan | None = field(default=None, compare=False, repr=False)

    def to_json(self) -> dict[str, Any]:
        """The JSON object of contract §3 (every key it names), plus ``total_cost`` (after cost increases
        and reductions), ``engine``, ``optimal``, ``payment`` (which mana paid which symbol), ``warnings``
        (§5: text on the board, or in the spell's own text, that was not read, or a mana ability with a part
        the planner does not execute, which was not used), ``x`` where X was chosen, and the keys of
        :class:`PaidParts` that are not empty (what costs exiled, returned, untapped, discarded, paid), and
        for a spell with riders on the mana spent (converge, "if {C} was spent"; or ``--prefer colors-spent``)
        ``colors_spent`` (the colors of the mana that paid it, in WUBRG order) and ``riders`` (what each got:
        :meth:`RiderOutcome.to_json`), and ``destroyed`` when a trigger on tapping destroys what it taps,
        ``damage_unless_paid`` when a trigger on tapping deals damage unless the player pays mana, and
        ``exiled_from_library`` when cards are exiled from the library instead of life paid."""
        data: dict[str, Any] = {
            "payable": self.payable,
            "cost": self.cost,
            "total_cost": self.total_cost or self.cost,
            "steps": [s.to_json() for s in self.steps],
            "tapped": list(self.tapped),
            "untapped": list(self.untapped),
            "sacrificed": list(self.sacrificed),
            "life_paid": self.life_paid,
            "damage_taken": self.damage_taken,
            "mana_spent": str(self.mana_spent),
            "floating": str(self.floating),
            "keep_satisfied": self.keep_satisfied,
            "reason": self.reason,
            "engine": self.engine,
            "optimal": self.optimal,
            "payment": [{"symbol": s, "paid_with": m, "life": life} for s, m, life in self.symbols],
            "alternative_payments": [
                *(a.to_json() for a in self.alternative_payments),
                *([self.alternative_cost.to_json()] if self.alternative_cost is not None else []),
            ],
            **self.parts.to_json(),
            **(
                {"colors_spent": self.colors_spent, "riders": [r.to_json() for r in self.riders]}
                if self.colors_spent is not None
                else {}
            ),
            "warnings": [
                {"permanent": w.permanent, "sentence": w.sentence, "reason": w.reason or "not read"}
                for w in self.warnings
            ],
        }
        if self.destroyed:
            data["destroyed"] = list(self.destroyed)
        if self.exiled_from_library:
            data["exiled_from_library"] = self.exiled_from_library
        if self.damage_unless_paid:
            data["damage_unless_paid"] = [
                {"permanent": pid, "damage": damage, "unless_paid": mana}
                for pid, damage, mana in self.damage_unless_paid
            ]
        if self.additional:
            data["additional_costs"] = self.additional.to_json()
        if self.x is not None or self.cost_has_x:
            data = {"x": self.x, **data}
        return data
