"""Restrictions on when players cast spells and activate abilities (CR 101.2:
:class:`~models.mana_effects.TimingLimit`): City of Solitude's "Players can cast spells and activate abilities
only during their own turns." and Teferi, Mage of Zhalfir's "Each opponent can cast spells only any time they
could cast a sorcery.", judged on the board's turn (``active_player``) and ``step`` (contract section 10).

A spell (an ability) a restriction forbids now is not payable (:func:`why_untimely`); the mana abilities of
the permanents whose controller can't activate abilities now are set aside as idle (CR 605.3a: a mana
ability is an activated ability; what they could produce still reads them, CR 106.7:
:func:`without_untimely_abilities`). A sorcery's time is its caster's main phase with the stack empty (CR
307.1), as a payment's and a turn plan's main phase are taken; while a cost is paid the stack holds what it
pays for (CR 601.2a), so an ability bound to a sorcery's time is never activated while paying.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from models.cost import PaymentKind, PaymentTarget
from models.mana_effects import TimingLimit
from models.oracle.cast_rules import own_cast_rules
from planner.rules.cost_change_counts import counted_for_caster
from planner.rules.records import Characteristics, SourcedEffect
from planner.rules.special_actions import SPECIAL_ACTIONS

if TYPE_CHECKING:
    from planner.rules.view import BoardView

__all__ = ["own_rule_broken", "untimely_limit", "why_untimely", "without_untimely_abilities"]


def untimely_limit(
    view: BoardView, target: PaymentTarget, player: str, *, step: str | None = None
) -> SourcedEffect | None:
    """The first restriction in force that forbids ``player`` to cast the spell ``target`` (to activate the
    ability it pays for) now: on the board's turn, in ``step`` (the board's own when None); None when none
    does. A special action (turning a face-down permanent face up, CR 116.2b) is neither.

    >>> from models.board import Board
    >>> from planner.rules.view import BoardView
    >>> city = {"id": "c", "name": "Test Quiet Town", "type_line": "Enchantment", "controller": "opp",
    ...     "oracle": "Players can cast spells and activate abilities only during their own turns."}
    >>> view = BoardView(Board.from_dict({"version": 1, "active_player": "opp",
    ...     "players": [{"id": "me"}, {"id": "opp"}], "permanents": [city]}))
    >>> bolt = PaymentTarget.of("{R}", type_line="Instant")
    >>> untimely_limit(view, bolt, "me").source, untimely_limit(view, bolt, "opp")
    ('c', None)
    """
    if target.purposes & SPECIAL_ACTIONS:
        return None
    own_turn = view.board.active_player == player
    main = (view.board.step if step is None else step) == "main"
    for sourced in view.effects_of(TimingLimit):
        limit = sourced.effect
        assert isinstance(limit, TimingLimit)
        covered = limit.spells if target.kind is PaymentKind.SPELL else limit.abilities
        if (
            covered
            and limit.binds(sourced.controller, player)
            and not limit.allows(own_turn=own_turn, main=main)
        ):
            return sourced
    return None


def own_rule_broken(
    view: BoardView, target: PaymentTarget, player: str, *, step: str | None = None
) -> str | None:
    """The spell ``target``'s own 'Cast this spell only ...' sentence that forbids ``player`` to cast it now
    (CR 601.3: :func:`~models.oracle.cast_rules.own_cast_rules`: during combat, the board's ``step``; during
    their (an opponent's) turn, its ``active_player``; if they control some permanents), or None.

    >>> from models.board import Board
    >>> from models.spells import spell_of
    >>> from planner.rules.view import BoardView
    >>> view = BoardView(Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": []}))
    >>> ambush = spell_of("{G}", name="Ambush", type_line="Instant",
    ...     text="Cast this spell only during combat.")
    >>> own_rule_broken(view, ambush, "me"), own_rule_broken(view, ambush, "me", step="combat")
    ('Cast ~ only during combat.', None)
    """
    if target.kind is not PaymentKind.SPELL or not target.text or target.purposes & SPECIAL_ACTIONS:
        return None
    when = view.board.step if step is None else step
    own_turn = view.board.active_player == player
    for rule in own_cast_rules(target.text, target.name):
        for window in rule.windows or ():
            if isinstance(window, str):
                allowed = {"combat": when == "combat", "your_turn": own_turn, "opponent_turn": not own_turn}
                if not allowed[window]:
                    return rule.text
                continue
            met = (counted_for_caster(view, flt, player) >= window.at_least for flt in window.filters)
            if not (any(met) if window.any_of else all(met)):
                return rule.text
    return None


def why_untimely(
    view: BoardView, target: PaymentTarget, player: str, *, step: str | None = None
) -> str | None:
    """Why ``player`` can't cast the spell ``target`` (activate the ability) now (:func:`untimely_limit`,
    :func:`own_rule_broken`), or None."""
    if (own := own_rule_broken(view, target, player, step=step)) is not None:
        name = target.name or "the spell"
        return f"{name} can't be cast on this board: its own {own!r} (CR 601.3)"
    sourced = untimely_limit(view, target, player, step=step)
    if sourced is None:
        return None
    source = view.permanent(sourced.source).name
    when = view.board.step if step is None else step
    whose = "another player's turn" if view.board.active_player != player else f"their {when} phase"
    if target.kind is PaymentKind.ABILITY:
        name = target.name or "the ability"
        return f"{name} can't be activated in {whose}: {source}'s {sourced.effect.text!r} (CR 101.2, 602.5)"
    name = target.name or "the spell"
    return f"{name} can't be cast in {whose}: {source}'s {sourced.effect.text!r} (CR 101.2, 601.3)"


def without_untimely_abilities(view: BoardView, result: dict[str, Characteristics]) -> None:
    """The mana abilities of each permanent whose controller can't activate abilities now set aside in
    ``result`` as idle (CR 605.3a, 106.7): not on their own turn, or bound to a sorcery's time while a cost is
    paid (the stack holds what it pays for, CR 601.2a)."""
    limits = [
        (sourced, sourced.effect)
        for sourced in view.effects_of(TimingLimit)
        if isinstance(sourced.effect, TimingLimit) and sourced.effect.abilities
    ]
    if not limits:
        return
    active = view.board.active_player
    for pid, found in result.items():
        controller = view.permanent(pid).controller
        if found.mana_abilities and any(
            limit.binds(sourced.controller, controller) and (limit.sorcery or controller != active)
            for sourced, limit in limits
        ):
            result[pid] = replace(found, mana_abilities=(), idle=(*found.idle, *found.mana_abilities))
