"""What paying one activation's costs does, checked by the rules (CR 602.2b, 601.2h): the source tapped or
untapped, the others tapped, sacrificed, exiled, returned or untapped, counters removed, pool mana, life,
energy and cards spent; and how a player's hand, graveyard and counters change when a cost takes from them.

The replay (:mod:`planner.rules.replay`) and the reference search's steps both check a step here, on the
game between two steps (:class:`StepGame`), so the two cannot disagree.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import NamedTuple, Protocol

from models.abilities import CostPartKind, ManaAbility, ObjectFilter, SideEffectKind
from models.board import Card, Permanent, Player
from models.cost import PaymentKind, PaymentTarget
from models.mana import ManaBag
from planner.rules.costs import (
    NO_CHOICES,
    CostChoices,
    card_mana_value,
    check_choices,
    collects_evidence,
    energy_paid,
    exerts,
    graveyard_exiled,
)
from planner.rules.payment import can_pay_exactly
from planner.rules.plan import Step
from planner.rules.pool import ManaUnit, SpendRules
from planner.rules.tap_triggers import activation_damage, destroyed_by_tapping, tap_damage
from planner.rules.view import BoardView

__all__ = [
    "PaidCosts",
    "StepGame",
    "ability_target",
    "exiled_from_graveyard",
    "pay_costs",
    "returned_to_hand",
    "spent_energy",
    "units_text",
]


def ability_target(view: BoardView, pid: str, ability: ManaAbility) -> PaymentTarget:
    """What paying an ability's own mana cost is for: an ability of that permanent (restrictions read it)."""
    permanent = view.permanent(pid)
    return PaymentTarget(
        cost=ability.cost.mana,
        type_line=view.type_line(pid),
        colors=view.colors(pid),
        kind=PaymentKind.ABILITY,
        name=permanent.name,
    )


class StepGame(Protocol):
    """What checking a step reads of the game between two steps: both the immutable
    :class:`~planner.rules.replay.PlanState` and the replay's live state give it."""

    @property
    def player(self) -> str: ...

    @property
    def life(self) -> int: ...

    @property
    def hand(self) -> tuple[Card, ...]: ...

    @property
    def energy(self) -> int: ...

    @property
    def graveyard(self) -> tuple[Card, ...] | int: ...

    def activation_count(self, pid: str) -> int: ...

    def on_battlefield(self, pid: str) -> bool: ...

    def spendable(self, units: Sequence[ManaUnit]) -> bool: ...

    def unspent(self, spent: Sequence[ManaUnit]) -> ManaBag: ...


class PaidCosts(NamedTuple):
    """What paying one ability's costs does to the game (CR 602.2b, 601.2h), found by :func:`pay_costs` (a
    named tuple: one is made a step, and a frozen dataclass is slower to make)."""

    source: bool | None  # the source's tapped status after a {T} or {Q} cost; None: the cost leaves it
    others: tuple[str, ...]  # the other permanents the cost taps
    counters: tuple[tuple[str, int], ...] | None  # the source's counters after the cost removes some
    sacrificed: tuple[str, ...]  # in the order they leave the battlefield (the source last)
    spent: tuple[ManaUnit, ...]  # pool mana paying the ability's mana cost
    life: int  # life paid
    damage: int  # damage from 'whenever ~ becomes tapped' for what the cost tapped
    #: the source's abilities activated this turn after the step, when it is one that can be activated only
    #: so many times each turn (the step adds it once more); None otherwise
    activated: tuple[str, ...] | None = None
    choices: CostChoices = NO_CHOICES  # what its other cost parts take (exiled, returned, untapped, cards)
    hand: tuple[Card, ...] | None = None  # the hand after it, when its cost takes cards from it
    energy: int = 0  # energy paid
    exerted: bool = False  # its permanent exerted
    graveyard: int = 0  # cards exiled from the graveyard
    evidence: bool = False  # True when they are evidence collected (those of the greatest mana value)
    #: what the cost tapped that a trigger on tapping destroys once it resolves, after the payment (Blight)
    destroyed: tuple[str, ...] = ()


def _tapped_now(view: BoardView, pid: str, source: bool | None, other: str) -> bool:
    """Whether ``other`` is tapped once the cost of ``pid``'s ability has tapped (``source`` True) or
    untapped (False) its source, ``view`` being the game before the step."""
    return source if other == pid and source is not None else view.permanent(other).tapped


def pay_costs(state: StepGame, view: BoardView, step: Step, ability: ManaAbility) -> PaidCosts:
    """What paying an ability's costs does, checked by the rules; raises ``ValueError`` with a reason.

    ``view`` is the game before the step."""
    pid = step.permanent
    cost = ability.cost
    # tap or untap the source; tap the others the cost names
    newly_tapped: list[str] = []
    source: bool | None = None
    if cost.tap:
        source = True
        newly_tapped.append(pid)
    if cost.untap:
        source = False

    if cost.tap_others is not None:
        if len(step.tapped) != cost.tap_others_count or len(set(step.tapped)) != len(step.tapped):
            raise ValueError(
                f"the cost taps {cost.tap_others_count} permanent(s); the step names {step.tapped}"
            )
        for other in step.tapped:
            if not state.on_battlefield(other) or _tapped_now(view, pid, source, other):
                raise ValueError(f"{other} is not an untapped permanent that can be tapped for this cost")
            if not view.matches(cost.tap_others, other, pid):
                raise ValueError(f"{other} is not {cost.tap_others.describe()}")
            newly_tapped.append(other)
    elif step.tapped:
        raise ValueError("the cost taps no other permanent")
    # sacrifice what the cost names (a permanent tapped for mana earlier may be sacrificed: 601.2h)
    sacrificed = list(step.sacrificed)
    if cost.sacrifice is not None:
        if len(sacrificed) != cost.sacrifice_count or len(set(sacrificed)) != len(sacrificed):
            raise ValueError(
                f"the cost sacrifices {cost.sacrifice_count} permanent(s); the step names {sacrificed}"
            )
        for other in sacrificed:
            if not state.on_battlefield(other):
                raise ValueError(f"{other} is not on the battlefield")
            if not view.matches(cost.sacrifice, other, pid):
                raise ValueError(f"{other} is not {cost.sacrifice.describe()}")
    elif sacrificed:
        raise ValueError("the cost sacrifices no other permanent")
    if cost.sacrifice_self:
        sacrificed.append(pid)
    # exile, return, untap what the other parts name; discard, exile the cards; pay energy
    hand: tuple[Card, ...] | None = None
    if cost.parts or (step.choices is not NO_CHOICES and step.choices):

        def fits(other: str, wanted: ObjectFilter, kind: CostPartKind) -> str | None:
            if not state.on_battlefield(other):
                return f"{other} is not on the battlefield"
            if kind is CostPartKind.UNTAP_OPPONENT_LAND and not _tapped_now(view, pid, source, other):
                return f"{other} is not tapped, so it can't be untapped for this cost"
            if not view.matches(wanted, other, pid):
                return f"{other} is not {wanted.describe()}"
            return None

        held = state.hand
        after = check_choices(
            ability, pid, step.choices, held, state.energy, fits, taken=sacrificed, graveyard=state.graveyard
        )
        hand = after if len(after) != len(held) else None
    counters_after: tuple[tuple[str, int], ...] | None = None
    put = [part for part in cost.parts if part.kind is CostPartKind.PUT_COUNTER] if cost.parts else []
    # (a counter its effect puts on before its mana is counted, Empowered Autogenerator's: on it from now on)
    first = (
        [e for e in ability.side_effects if e.kind is SideEffectKind.PUT_COUNTER_FIRST]
        if ability.side_effects
        else []
    )
    if cost.remove_counter or put or first:
        counters = dict(view.permanent(pid).counters)
        if cost.remove_counter:
            counters[cost.remove_counter] = counters.get(cost.remove_counter, 0) - cost.remove_count
            if counters[cost.remove_counter] < 0:
                raise ValueError(f"{pid} has no {cost.remove_counter} counter to remove")
        for part in put:  # (Wall of Roots's -0/-1 counter)
            counters[part.what] = counters.get(part.what, 0) + part.count
        for effect in first:
            counters[effect.what] = counters.get(effect.what, 0) + max(effect.amount, 1)
        counters_after = tuple(sorted((k, v) for k, v in counters.items() if v > 0))
    # mana, paid from the pool
    spent: tuple[ManaUnit, ...] = ()
    if cost.mana:
        if cost.mana.has_variable:
            raise ValueError("abilities whose cost has {X} are not supported")
        if not state.spendable(step.paid_with):
            raise ValueError("it spends mana that is not in the pool")
        target = ability_target(view, pid, ability)
        rules = SpendRules.for_player(view, view.permanent(pid).controller)
        if not can_pay_exactly(step.paid_with, cost.mana, target, rules, 0):
            raise ValueError(f"the mana {units_text(step.paid_with)} does not pay {cost.mana} exactly")
        spent = step.paid_with
    elif step.paid_with:
        raise ValueError("the ability costs no mana")
    # damage from 'whenever ~ becomes tapped' (City of Brass) for what this cost tapped: a triggered ability
    # that is not a mana ability (605.1b), so it waits for the stack (603.3) and does not lower the life
    # total during the payment; it is recorded as damage taken
    damage = 0
    for tapped in newly_tapped:
        damage += tap_damage(view, tapped, for_mana=tapped == pid and ability.taps_for_mana)
    destroyed = tuple(tapped for tapped in newly_tapped if destroyed_by_tapping(view, tapped))
    damage += activation_damage(view, pid, ability)  # (Artifact Possession's: an ability without {T})
    activated = view.permanent(pid).activated_this_turn
    once = (*activated, ability.text) if ability.limited_each_turn else None
    return PaidCosts(
        source=source,
        others=step.tapped,
        counters=counters_after,
        sacrificed=tuple(sacrificed),
        spent=spent,
        life=cost.life,
        damage=damage,
        activated=once,
        choices=step.choices,
        hand=hand,
        energy=energy_paid(ability) if cost.parts else 0,
        exerted=bool(cost.parts) and exerts(ability),
        graveyard=graveyard_exiled(ability, state.graveyard) if cost.parts else 0,
        evidence=bool(cost.parts) and collects_evidence(ability),
        destroyed=destroyed,
    )


def units_text(units: Sequence[ManaUnit]) -> str:
    return "".join(f"{{{u.type.letter}}}" for u in units) or "(none)"


def returned_to_hand(permanent: Permanent, hand: tuple[Card, ...]) -> tuple[Card, ...]:
    """The hand once a cost returned ``permanent`` to its owner's hand (:meth:`Permanent.as_card`)."""
    card = permanent.as_card()
    return hand if card is None else (*hand, card)


def exiled_from_graveyard(player: Player, count: int, evidence: bool = False) -> Player:
    """The player once a cost exiled ``count`` cards from their graveyard (``pay_costs`` checked it holds
    them): any cards, those of the least mana value, or, collected as ``evidence``, of the greatest (CR
    701.59a: the fewest that add up); no ability that reads which is used with such a cost
    (:func:`~planner.rules.amount_gaps.board_gap`), and what is left serves any cost that follows best.

    >>> from models.board import Card
    >>> names = ("Sol Ring", "Thran Dynamo", "Forest")
    >>> player = Player("me", graveyard=tuple(Card.from_json(name) for name in names))
    >>> [c.name for c in exiled_from_graveyard(player, 1).graveyard]
    ['Sol Ring', 'Thran Dynamo']
    >>> [c.name for c in exiled_from_graveyard(player, 1, evidence=True).graveyard]
    ['Sol Ring', 'Forest']
    """
    graveyard = player.graveyard
    if isinstance(graveyard, int):
        return replace(player, graveyard=graveyard - count)
    assert graveyard is not None
    by_value = sorted(range(len(graveyard)), key=lambda i: card_mana_value(graveyard[i]), reverse=evidence)
    gone = frozenset(by_value[:count])
    return replace(player, graveyard=tuple(card for i, card in enumerate(graveyard) if i not in gone))


def spent_energy(counters: tuple[tuple[str, int], ...], energy: int) -> tuple[tuple[str, int], ...]:
    """A player's counters once ``energy`` energy counters are paid (``pay_costs`` checked there are)."""
    found = dict(counters)
    found["energy"] = found.get("energy", 0) - energy
    return tuple(found.items())
