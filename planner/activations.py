"""The ways a player could activate each mana ability now: one :class:`Activation` per ability, cost
choice (which creature to sacrifice, which to tap) and outcome. The CP-SAT model chooses among them, and the
objective reads them to say what a permanent could still make.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from models.abilities import ManaAbility
from models.cost import PaymentTarget
from models.mana import ManaTypes
from planner.production import Outcome, activation_outcomes
from planner.replay import ability_target
from planner.rules import BoardView

__all__ = ["REPEAT_CAP", "Activation", "activation_bound", "activation_templates"]

#: How often an ability without {T}, {Q}, a sacrifice or a counter in its cost may be activated in a plan.
REPEAT_CAP = 4


@dataclass(frozen=True, slots=True)
class Activation:
    """One way to activate one ability: its permanent, its cost choices and the outcome it resolves to."""

    index: int
    pid: str
    ability_index: int
    ability: ManaAbility
    sacrificed: tuple[str, ...]
    tapped: tuple[str, ...]
    outcome: Outcome
    bound: int
    target: PaymentTarget

    @property
    def costs_mana(self) -> bool:
        """True when the ability's cost includes mana (a Signet, a filter land, Cabal Coffers)."""
        return bool(self.ability.cost.mana)

    @property
    def gone(self) -> tuple[str, ...]:
        """The permanents this activation sacrifices: its cost's, and its source when it empties."""
        own = (self.pid,) if self.ability.cost.sacrifice_self or self.outcome.sacrifices_source else ()
        return (*self.sacrificed, *own)

    @property
    def name(self) -> str:
        """A readable variable-name stem."""
        extra = "".join(f"_sac_{s}" for s in self.sacrificed) + "".join(f"_tap_{t}" for t in self.tapped)
        return f"{self.pid}_a{self.ability_index}{extra}_o{self.index}"


def activation_templates(view: BoardView, player: str, reflect: dict[str, ManaTypes]) -> list[Activation]:
    """Every way the player could activate each mana ability now, one template per outcome."""
    templates: list[Activation] = []
    board = view.board
    for permanent in board.permanents:
        if permanent.controller != player:
            continue
        for number, ability in enumerate(view.mana_abilities(permanent.id)):
            cost = ability.cost
            if view.why_not_activatable(permanent.id, ability) is not None or cost.mana.has_variable:
                continue
            bound = activation_bound(
                ability, permanent.counter(cost.remove_counter) if cost.remove_counter else 0
            )
            if bound <= 0:
                continue
            sacrifice_options: Iterable[tuple[str, ...]] = [()]
            if cost.sacrifice is not None:
                wanted = cost.sacrifice
                victims = [p.id for p in board.permanents if view.matches(wanted, p.id, permanent.id)]
                sacrifice_options = itertools.combinations(victims, cost.sacrifice_count)
            tap_options: Sequence[tuple[str, ...]] = [()]
            if cost.tap_others is not None:
                tappable = cost.tap_others
                candidates = [p.id for p in board.permanents if view.matches(tappable, p.id, permanent.id)]
                tap_options = list(itertools.combinations(candidates, cost.tap_others_count))
            target = ability_target(view, permanent.id, ability)
            for sacrificed in sacrifice_options:
                outcomes = activation_outcomes(view, permanent.id, ability, reflect, sacrificed=sacrificed)
                for tapped in tap_options:
                    for outcome in outcomes:
                        templates.append(
                            Activation(
                                len(templates),
                                permanent.id,
                                number,
                                ability,
                                sacrificed,
                                tapped,
                                outcome,
                                bound,
                                target,
                            )
                        )
    return templates


def activation_bound(ability: ManaAbility, counters: int) -> int:
    """How many times the model lets one ability be activated in a plan (see the module docstring)."""
    cost = ability.cost
    once = cost.tap or cost.untap or cost.sacrifice_self or cost.sacrifice is not None
    bound = 1 if once or cost.tap_others is not None or cost.mana else REPEAT_CAP
    if cost.remove_counter:
        bound = min(bound, counters // max(cost.remove_count, 1))
    return bound
