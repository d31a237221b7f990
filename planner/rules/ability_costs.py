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

from models.abilities import ManaAbility, ObjectFilter, Who
from models.cost import PaymentTarget
from models.errors import InputError
from models.mana import ManaTypes
from models.mana_effects import AbilityCostChange, spell_matches
from planner.rules.amounts import cost_source_power, power_change
from planner.rules.cast_riders import casts
from planner.rules.costs import changed_mana, combined_changes
from planner.rules.power_changes import power_change_gap
from planner.rules.records import SourcedEffect
from planner.rules.takers import possible_abilities

if TYPE_CHECKING:
    from planner.rules.view import BoardView

__all__ = [
    "FIRST_ONLY",
    "ability_change",
    "ability_changes",
    "ability_locked_in",
    "counted_change",
    "first_activation_open",
    "keyword_ability",
    "mana_ability_change_gap",
]


#: Why a change of the first activated ability of an artifact each turn (Tezzeret, Betrayer of Flesh) is not
#: applied to mana abilities: which activation of a payment is the first is not followed.
FIRST_ONLY = (
    "it changes the first activated ability of an artifact activated each turn alone, which the mana "
    "abilities of a payment are not followed for: not applied to them"
)


def first_activation_open(view: BoardView, sourced: SourcedEffect) -> bool | None:
    """For a change of the first activated ability of an artifact its controller activates each turn
    (Tezzeret, Betrayer of Flesh): True when the board says its controller activated none this turn (the
    next one is the first), False when it says one or more (the change applies to none), None when the
    board does not say (``players[i].artifact_abilities_activated_this_turn``: not applied, warned).

    >>> from models.board import Board
    >>> from planner.rules.view import BoardView
    >>> tezz = {"id": "t", "name": "Test Tezz", "type_line": "Legendary Planeswalker — Tezz",
    ...     "controller": "me", "oracle": "The first activated ability of an artifact you activate each turn "
    ...     "costs {2} less to activate."}
    >>> def opened(count):
    ...     given = {} if count is None else {"artifact_abilities_activated_this_turn": count}
    ...     me = {"id": "me", **given}
    ...     view = BoardView(Board.from_dict({"version": 1, "players": [me], "permanents": [tezz]}))
    ...     return first_activation_open(view, next(view.effects_of(AbilityCostChange)))
    >>> opened(0), opened(1), opened(None)
    (True, False, None)
    """
    count = view.board.player(sourced.controller).artifact_abilities_activated_this_turn
    return None if count is None else count == 0


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
    if effect.first_each_turn:
        return FIRST_ONLY
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


def ability_locked_in(view: BoardView, target: PaymentTarget, player: str) -> PaymentTarget:
    """An ability's total cost (CR 602.2b, 601.2f): its mana with the changes of activated abilities' costs in
    force for its source, as the target's type line describes it (:func:`ability_changes`).

    >>> from models.board import Board
    >>> from planner.rules.view import BoardView
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
    ...     {"id": "hs", "name": "Heartstone", "type_line": "Artifact", "controller": "me",
    ...      "oracle": "Activated abilities of creatures cost {1} less to activate. This effect can't reduce "
    ...                "the mana in that cost to less than one mana."}]})
    >>> def total(cost, line):
    ...     target = PaymentTarget.of(cost, kind="ability", type_line=line)
    ...     return str(ability_locked_in(BoardView(board), target, "me").cost)
    >>> total("{1}{U}", "Creature — Wizard"), total("{1}", "Creature — Wizard"), total("{1}{U}", "Artifact")
    ('{U}', '{1}', '{1}{U}')
    """
    change, floor = ability_change(view, target, player)
    if not change:
        return target
    # (with X still in the cost, its value decides whether a floor holds: the solver takes it on, see
    # :func:`unchosen_x_change`)
    mana = changed_mana(target.cost, change, 0 if target.cost.has_variable else floor)
    return target if mana == target.cost else target.with_cost(mana)


def ability_change(view: BoardView, target: PaymentTarget, player: str) -> tuple[int, int]:
    """The generic change and floor of the changes of activated abilities' costs in force for the target
    (:func:`ability_changes`, :func:`~planner.rules.costs.combined_changes`)."""
    in_force, _ = ability_changes(view, target, player)
    if not in_force:
        return 0, 0
    change, floor, _ = combined_changes([counted_change(view, sourced) for sourced in in_force])
    return change, floor


def ability_changes(
    view: BoardView, target: PaymentTarget, player: str
) -> tuple[list[SourcedEffect], list[SourcedEffect]]:
    """The changes of activated abilities' costs ('Activated abilities of creatures cost {1} less to
    activate': Heartstone) in force for an ability ``player`` activates whose source the target's type line
    describes, and those that may be about it but that a type line can't answer (a description of the
    source beyond its types, colors and controller), or that the question does not say (the ability's
    keyword when it names none, the permanents it targets), not applied (the caller reports them)."""
    in_force: list[SourcedEffect] = []
    unknown: list[SourcedEffect] = []
    for sourced in view.effects_of(AbilityCostChange):
        effect = sourced.effect
        assert isinstance(effect, AbilityCostChange)
        affected = effect.affected
        if not spell_matches(affected, target) or not casts(affected.controller, sourced.controller, player):
            continue
        if effect.life:
            continue  # ('Mana abilities of ~ cost an additional 1 life': not the ability paid for)
        if effect.your_turn and view.board.active_player != sourced.controller:
            continue  # ('As long as it's your turn': the board's active player, Nahiri)
        if effect.first_each_turn and not first_activation_open(view, sourced):
            # (Tezzeret's: one activated this turn, none is the first; not given: not applied, warned)
            if first_activation_open(view, sourced) is None:
                unknown.append(sourced)
            continue
        if effect.targets_source and target.targeted is not None and sourced.source not in target.targeted:
            continue  # ('... that target ~': --target says what the ability targets, CR 601.2c)
        if effect.keyword and effect.keyword not in target.keywords:
            if not target.keywords:  # (no keyword said: the ability may be one, and the caller warns)
                unknown.append(sourced)
            continue  # ('Equip abilities you activate ...': --keyword equip says the ability is one)
        described = replace(affected, types=(), excluded=(), colors=ManaTypes(), controller=Who.ANY)
        known = (
            described == ObjectFilter()
            and not (effect.targets_source and target.targeted is None)
            and effect.targeting is None  # (Ghostfire Blade's: its own ability, known by a type line never)
        )
        (in_force if known else unknown).append(sourced)
    return in_force, unknown
