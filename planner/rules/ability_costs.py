"""Changes of activated abilities' costs as they apply (CR 601.2f by way of 602.2b): 'Activated abilities of
creatures you control cost {X} less to activate, where X is ~'s power' (Agatha of the Vile Cauldron) counted
as the total cost is locked in, 'unless they're mana abilities' (Suppression Field) and 'Abilities you
activate that aren't mana abilities' (Zirda) leaving mana abilities as they are, 'Equip abilities you
activate' (Éowyn) and 'Exhaust abilities of ...' (Boom Scholar) changing only those abilities' costs.

A mana ability's cost is changed before the payment is planned (:mod:`planner.rules.characteristics`), so
an amount that a payment may change (a power that a sacrifice or a counter changes) is set aside with why,
never counted as it may not be.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from models.abilities import ManaAbility
from models.errors import InputError
from models.mana_effects import AbilityCostChange
from planner.rules.amounts import cost_source_power, power_change
from planner.rules.power_changes import power_change_gap
from planner.rules.records import SourcedEffect
from planner.rules.takers import possible_abilities

if TYPE_CHECKING:
    from planner.rules.view import BoardView

__all__ = ["counted_change", "keyword_ability", "mana_ability_change_gap"]


def counted_change(view: BoardView, sourced: SourcedEffect) -> AbilityCostChange:
    """The change with its amount counted on the board as the total cost is locked in (CR 601.2f): '{X}
    less, where X is ~'s power' is that many less (a negative power counts 0, CR 107.1b); bad input when the
    board does not give the power (:func:`~planner.rules.amounts.cost_source_power`).

    >>> from models.board import Board
    >>> from planner.rules.view import BoardView
    >>> agatha = {"id": "a", "name": "Agatha", "type_line": "Creature — Human", "power": 1, "toughness": 1,
    ...     "controller": "me", "counters": {"+1/+1": 2}, "oracle": "Activated abilities of creatures you "
    ...     "control cost {X} less to activate, where X is Agatha's power."}
    >>> view = BoardView(Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [agatha]}))
    >>> counted_change(view, next(view.effects_of(AbilityCostChange))).generic
    -3
    """
    effect = sourced.effect
    assert isinstance(effect, AbilityCostChange)
    if effect.amount is None:
        return effect
    power = cost_source_power(view, sourced.source, "an activated ability's cost change")
    return replace(effect, generic=effect.generic * power, amount=None)


def mana_ability_change_gap(view: BoardView, sourced: SourcedEffect) -> str | None:
    """Why a change of activated abilities' costs with an amount can't be applied to mana abilities before
    the payment is planned, or None: the power it counts is not given, or a payment may change it (a mana
    ability's cost that takes away what changes powers, or that puts or removes counters on its source).

    >>> from models.board import Board
    >>> from planner.rules.view import BoardView
    >>> agatha = {"id": "a", "name": "Agatha", "type_line": "Creature — Human", "toughness": 1,
    ...     "controller": "me", "oracle": "Activated abilities of creatures you control cost {X} less to "
    ...     "activate, where X is Agatha's power."}
    >>> view = BoardView(Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [agatha]}))
    >>> print(mana_ability_change_gap(view, next(view.effects_of(AbilityCostChange))))
    ... # doctest: +ELLIPSIS
    permanents[0].power: ...
    """
    effect = sourced.effect
    assert isinstance(effect, AbilityCostChange)
    if effect.amount is None:
        return None
    try:
        counted_change(view, sourced)
    except InputError as error:
        return str(error)
    if why := power_change_gap(view):
        return f"the power it counts may change while paying ({why})"
    for permanent, ability in possible_abilities(view):
        if permanent.id == sourced.source and power_change(ability.cost):
            return (
                f"{view.path(permanent.id)}: the cost of {ability.text!r} changes the power it counts while "
                "paying: not followed yet"
            )
    return None


def keyword_ability(ability: ManaAbility, keyword: str) -> bool:
    """True when a mana ability may be an ability of that keyword ('Exhaust — {T}: Add {G}{G}.': its text
    opens with the keyword), whose cost a change of those abilities' costs would change (not followed: the
    caller sets the change aside).

    >>> from models.oracle import parse_oracle
    >>> (exhaust,) = parse_oracle("Exhaust — {T}: Add {G}{G}.").mana_abilities
    >>> keyword_ability(exhaust, "exhaust"), keyword_ability(exhaust, "equip")
    (True, False)
    """
    return ability.text.lower().startswith(keyword)
