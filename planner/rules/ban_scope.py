"""Whom and when a prohibition binds (CR 101.2): its player scope (its controller, its controller's
opponents, every player) and its terms (:class:`~models.mana_effects.BanTerms`: the player a Curse enchants,
during combat, as long as it is attached to a creature, an opponent who controls more of some permanents),
for prohibitions on casting (:class:`~models.mana_effects.CastBan`) and on playing lands
(:class:`~models.mana_effects.LandPlayBan`) alike.

>>> from models.board import Board
>>> from planner.rules.view import BoardView
>>> ward = {"id": "w", "name": "Test Ward", "type_line": "Artifact", "controller": "opp",
...     "oracle": "Each opponent who controls more lands than you can't play lands."}
>>> view = BoardView(Board.from_dict({"version": 1, "players": [{"id": "me"}, {"id": "opp"}],
...     "permanents": [ward, {"id": "f", "card": "Forest", "controller": "me"}]}))
>>> (sourced,) = view.effects_of(LandPlayBan)
>>> applies(view, sourced, "me"), applies(view, sourced, "opp")
(True, False)
"""

from __future__ import annotations

from models.filters import ObjectFilter
from models.mana_effects import NO_BAN_TERMS, CastBan, LandPlayBan
from planner.rules.conditions import condition_holds
from planner.rules.records import SourcedEffect
from planner.rules.view import BoardView

__all__ = ["applies", "controlled"]


def controlled(view: BoardView, sourced: SourcedEffect, counted: ObjectFilter, player: str) -> int:
    """How many permanents ``player`` controls that ``counted`` (written on the prohibition's permanent, of
    no controller of its own) describes, as the layers make them (a land made a creature is one, CR 613)."""
    matching = view.matching(counted, sourced.source)
    return sum(1 for pid in matching if view.permanent(pid).controller == player)


def applies(view: BoardView, sourced: SourcedEffect, player: str) -> bool | None:
    """True when the prohibition ``sourced`` binds ``player`` now (its scope: its controller, its
    controller's opponents, every player, the player it enchants, an opponent who controls more of some
    permanents; "during your turn" only on its controller's turn, "during combat" only in the board's
    ``combat`` step, "as long as ~ is attached to a creature" only so); None when it may but the board does
    not say (whether the permanent attacks, in its controller's combat; whether the player attacked its
    controller this turn, ``attacked_this_turn`` not given)."""
    ban = sourced.effect
    assert isinstance(ban, CastBan | LandPlayBan)
    if not ban.everyone and (sourced.controller != player) != ban.opponents:
        return False  # ('You can't': its controller's spells; 'Your opponents can't': the others')
    given = view.given_effects.by_id.get(sourced.source) if view.board.effects else None
    if given is not None and given.player_bound and given.stand_in.attached_to != player:
        return (
            False  # (an effect in force that refers to a player binds that player: 'that creature's owner')
        )
    board = view.board
    if isinstance(ban, CastBan) and ban.your_turn and board.active_player != sourced.controller:
        return False
    if (
        isinstance(ban, LandPlayBan)
        and ban.condition is not None
        and not condition_holds(view, ban.condition, sourced.source)
    ):
        return False  # ('as long as ten or more lands are on the battlefield': on the board as it is now)
    terms = ban.terms
    if terms == NO_BAN_TERMS:
        return True
    attached = view.permanent(sourced.source).attached_to
    if terms.enchanted_player and attached != player:
        return False  # (a Curse enchants a player: its attached_to, CR 303.4)
    if terms.attached_to is not None and not (
        attached is not None
        and view.has(attached)
        and view.matches(terms.attached_to, attached, sourced.source)
    ):
        return False  # (an Equipment attached to no creature, CR 301.5)
    in_combat = board.step == "combat"
    if terms.combat and not in_combat:
        return False  # ('during combat': the board's step, the main phase when not given, CR 506.1)
    more = terms.more_than_you
    if more is not None and controlled(view, sourced, more, player) <= controlled(
        view, sourced, more, sourced.controller
    ):
        return False  # ('Each opponent who controls more creatures than you')
    if terms.attacked_you:
        # ('Each opponent who attacked you or a planeswalker you control this turn': only the active player
        # attacks, in combat, CR 506.2, 508.1; after the turn's beginning the board says whom, or not)
        if board.active_player != player or board.step == "beginning":
            return False
        attacked = board.player(player).attacked_this_turn
        if attacked is None:
            return None
        if sourced.controller not in attacked:
            return False
    if terms.attacking:
        # (a creature attacks only in its controller's combat, CR 506.2, 508.1; which ones do, and whom, the
        # board does not say)
        return None if in_combat and board.active_player == sourced.controller else False
    return True
