"""Haste from static effects (layer 6, CR 702.10): 'Creatures you control have haste' (Fires of Yavimaya), an
Aura's or Equipment's 'Enchanted creature gets +1/+1 and has haste'. A creature with haste uses its {T}
abilities the turn it came under its controller's control (CR 302.6), so a summoning-sick mana creature beside
such an effect taps for mana.

A grant 'as long as <condition>' ('~ has haste as long as you control an artifact', 'As long as you
control three or more artifacts, creatures you control have haste') gives haste while its condition holds.
A condition the board does not record ('an opponent has 10 or less life'), or one a payment may change (a
permanent it counts that a cost may take away, counters a cost may move, a graveyard a cost may fill, a
power or a status) is not judged: the creature is taken as without that haste, and the grant is reported
(:func:`haste_gaps`), never guessed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from models.abilities import Condition, CostPartKind, ManaAbility
from models.mana_effects import GrantHaste
from planner.rules.takers import TAKING_PARTS, possible_abilities

if TYPE_CHECKING:
    from planner.rules.view import BoardView

__all__ = ["haste_gaps", "haste_granted"]

#: The cost parts that take a permanent off the battlefield: another's, its own returned, a Food foraged.
_TAKING_PARTS = TAKING_PARTS | {CostPartKind.RETURN_SELF, CostPartKind.FORAGE}

#: The cost parts that move counters (a condition on the source's counters may change while paying).
_COUNTER_PARTS = frozenset({CostPartKind.PUT_COUNTER, CostPartKind.REMOVE_X_COUNTERS})


def haste_granted(view: BoardView, pid: str) -> bool:
    """True when an effect in force gives the permanent haste (one with a condition, when the board answers
    the condition and it holds).

    >>> from models.board import Board
    >>> from planner.rules.view import BoardView
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}, {"id": "you"}], "permanents": [
    ...     {"id": "e", "card": "Llanowar Elves", "controller": "me", "summoning_sick": True},
    ...     {"id": "y", "card": "Llanowar Elves", "controller": "you", "summoning_sick": True},
    ...     {"id": "f", "name": "Fires", "type_line": "Enchantment", "controller": "me",
    ...      "oracle": "Creatures you control have haste."}]})
    >>> view = BoardView(board)
    >>> haste_granted(view, "e"), haste_granted(view, "y"), view.is_sick("e"), view.is_sick("y")
    (True, False, False, True)
    """
    for sourced in view.effects_of(GrantHaste):
        effect = sourced.effect
        assert isinstance(effect, GrantHaste)
        if not view.matches(effect.affected, pid, sourced.source):
            continue
        held = effect.condition
        if held is None or (_gap(view, held, sourced.source) is None and view.holds(held, sourced.source)):
            return True
    return False


def haste_gaps(view: BoardView, pid: str) -> tuple[tuple[str, str, str], ...]:
    """The grants of haste to the permanent whose condition the board can't answer while paying, as (source,
    sentence, why): reported where the haste would matter (a summoning-sick creature), never guessed.

    >>> from models.board import Board
    >>> from planner.rules.view import BoardView
    >>> ghast = {"id": "g", "name": "Ghast", "type_line": "Creature — Spirit", "power": 2, "toughness": 1,
    ...     "controller": "me", "summoning_sick": True, "oracle": "{T}: Add {B}.\\n"
    ...     "This creature has haste as long as an opponent has 10 or less life."}
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [ghast]})
    >>> haste_gaps(BoardView(board), "g")  # doctest: +NORMALIZE_WHITESPACE
    (('g', '~ has haste as long as an opponent has 10 or less life.',
      'haste: as long as an opponent has 10 or less life, which no board records'),)
    """
    gaps: list[tuple[str, str, str]] = []
    for sourced in view.effects_of(GrantHaste):
        effect = sourced.effect
        assert isinstance(effect, GrantHaste)
        if effect.condition is None or not view.matches(effect.affected, pid, sourced.source):
            continue
        why = _gap(view, effect.condition, sourced.source)
        if why is not None:
            gaps.append(
                (sourced.source, effect.text, f"haste: as long as {effect.condition.describe()}, {why}")
            )
    return tuple(gaps)


def _gap(view: BoardView, held: Condition, source: str) -> str | None:
    """Why a haste condition can't be judged on the board as it is while paying, or None when it can."""
    if held.unevaluated:
        return "which no board records"
    if held.either:
        return next((why for one in held.either if (why := _gap(view, one, source)) is not None), None)
    if held.in_graveyard is not None:
        return "which a cost that puts a card into the graveyard may change: not followed yet"
    if held.counter and any(
        permanent.id == source
        and (
            ability.cost.remove_counter
            or ability.side_effects
            or any(part.kind in _COUNTER_PARTS for part in ability.cost.parts)
        )
        for permanent, ability in possible_abilities(view)
    ):
        return "which a cost that moves counters may change: not followed yet"
    if any(flt.reads_status or flt.power_at_least is not None for flt in held.filters):
        return "which reads what may change while paying: not followed yet"
    if held.filters and any(_may_take(ability) for _, ability in possible_abilities(view)):
        return "which counts permanents a cost may take away: not followed yet"
    return None


def _may_take(ability: ManaAbility) -> bool:
    """True when paying the ability's cost may take a permanent off the battlefield (its own, or another)."""
    cost = ability.cost
    return (
        cost.sacrifice_self
        or cost.sacrifice is not None
        or any(part.kind in _TAKING_PARTS for part in cost.parts)
    )
