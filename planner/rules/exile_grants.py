"""An alternative cost a permanent grants once each turn for a spell cast from exile (Warped Space: 'Once each
turn, you may pay {0} rather than pay the mana cost for a spell you cast from exile.', CR 118.9, 601.2a):
what the board says of its use this turn (the permanent's ``alternative_cost_used_this_turn``, checked here),
and the warning for a spell whose zone the question does not give (the cost is then not weighed: never a
silent "no" where it would pay). Whether a spell may take it is
:func:`~planner.rules.alternative_costs.why_not_usable`'s.
"""

from __future__ import annotations

from dataclasses import replace

from models.board import Board
from models.cost import PaymentKind, PaymentTarget
from models.errors import InputError
from models.mana_effects import GrantedAlternativeCost
from planner.rules.alternative_costs import granted_ways, why_not_usable
from planner.rules.library_casts import library_permissions, pending_library_trigger
from planner.rules.question import view_of
from planner.rules.records import TextWarning, WarningKind
from planner.rules.view import BoardView

__all__ = [
    "check_alternative_cost_uses",
    "library_way_required",
    "unknown_zone_ways",
    "unresolved_trigger_ways",
]

#: Why a cost granted for spells cast from exile (the top of the library) is not weighed for a spell whose
#: zone is not given.
_ZONE_UNKNOWN = (
    "the zone the spell is cast from is not known, and this cost is for a spell cast from {zone}: not "
    "weighed (CR 601.2a; pay and max-x take --cast-from {flag})"
)


def check_alternative_cost_uses(view: BoardView) -> None:
    """Raise ``InputError`` (naming the field's JSON path) when a permanent's
    ``alternative_cost_used_this_turn`` is true and it grants no alternative cost once each turn.

    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [{"id": "f",
    ...     "card": "Forest", "controller": "me", "alternative_cost_used_this_turn": True}]})
    >>> check_alternative_cost_uses(BoardView(board))
    Traceback (most recent call last):
    ...
    models.errors.InputError: permanents[0].alternative_cost_used_this_turn: Forest (f) grants no \
alternative cost once each turn
    """
    for permanent in view.board.permanents:
        if not permanent.alternative_cost_used_this_turn:
            continue
        if not any(
            isinstance(effect, GrantedAlternativeCost) and effect.cost.once_each_turn
            for effect in view.parsed[permanent.id].effects
        ):
            where = f"{view.path(permanent.id)}.alternative_cost_used_this_turn"
            raise InputError(
                f"{where}: {permanent.name} ({permanent.id}) grants no alternative cost once each turn"
            )


def unknown_zone_ways(board: Board, player: str, target: PaymentTarget) -> tuple[TextWarning, ...]:
    """A warning for each cost the player's permanents grant for spells cast from exile (Warped Space) or the
    top of the library (Bolas's Citadel) that would pay the named spell ``target`` were it cast from there,
    when the question does not say where it is cast from.

    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [{"id": "w",
    ...     "name": "Test Space", "type_line": "Enchantment", "controller": "me", "oracle": "Once each turn, "
    ...     "you may pay {0} rather than pay the mana cost for a spell you cast from exile."}]})
    >>> ogre = PaymentTarget.of("{2}{R}", name="Test Ogre", type_line="Creature — Ogre")
    >>> [w.permanent for w in unknown_zone_ways(board, "me", ogre)]
    ['w']
    >>> unknown_zone_ways(board, "me", replace(ogre, cast_from="hand"))
    ()
    """
    if target.kind is not PaymentKind.SPELL or not target.name or target.zone is not None:
        return ()
    warnings = []
    for way in granted_ways(board, player, target):
        zone = "exile" if way.cost.from_exile else "library" if way.cost.from_library else None
        if zone is not None and why_not_usable(board, player, replace(target, cast_from=zone), way) is None:
            reason = _ZONE_UNKNOWN.format(
                zone="the top of the library" if zone == "library" else zone, flag=zone
            )
            warnings.append(
                TextWarning(way.source, way.cost.text or way.cost.describe(), reason, WarningKind.NOT_WEIGHED)
            )
    return tuple(warnings)


#: Why a cost a trigger's effect grants (Gwenom's) is not weighed when the board does not say whether that
#: trigger resolved this turn.
_TRIGGER_UNKNOWN = (
    "{where} is not given: whether its trigger resolved this turn (its effect lasts until end of turn, CR "
    "603.3, 611.2a) is not known, so this cost is not weighed (give 1 once it resolved, 0 if not)"
)


def unresolved_trigger_ways(board: Board, player: str, target: PaymentTarget) -> tuple[TextWarning, ...]:
    """A warning for each cost a permanent of the player's grants by its trigger's effect until end of turn
    (Gwenom, Remorseless's "Whenever ~ attacks, until end of turn, ... you may play cards from the top of
    your library. If you cast a spell this way, pay life equal to its mana value rather than pay its mana
    cost.") that would pay the named spell ``target`` (cast from the top of the library when its zone is
    not given), when the permanent's ``resolved_this_turn`` is not given: the cost is then not in force
    (:func:`planner.rules.layers.in_force`), never a silent "no" where it would pay.

    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [{"id": "g",
    ...     "name": "Test Gwen", "type_line": "Creature", "controller": "me", "power": 2, "toughness": 2,
    ...     "oracle": "Whenever ~ attacks, until end of turn, you may play cards from the top of your "
    ...     "library. If you cast a spell this way, pay life equal to its mana value rather than pay its "
    ...     "mana cost."}]})
    >>> ogre = PaymentTarget.of("{2}{R}", name="Test Ogre", type_line="Creature — Ogre")
    >>> [w.reason.split(":")[0] for w in unresolved_trigger_ways(board, "me", ogre)]
    ['permanents[0].resolved_this_turn is not given']
    >>> unresolved_trigger_ways(board.replace_permanent("g", resolved_this_turn=0), "me", ogre)
    ()
    """
    if target.kind is not PaymentKind.SPELL or not target.name:
        return ()
    view = view_of(board)
    warnings = []
    for permanent in board.permanents:
        if permanent.controller != player or permanent.resolved_this_turn is not None:
            continue
        granted = [
            effect
            for effect in view.parsed[permanent.id].effects
            if isinstance(effect, GrantedAlternativeCost) and effect.after_trigger
        ]
        if not granted:
            continue
        resolved = board.replace_permanent(permanent.id, resolved_this_turn=1)
        cast = target if target.zone is not None else replace(target, cast_from="library")
        if any(
            way.source == permanent.id and why_not_usable(resolved, player, cast, way) is None
            for way in granted_ways(resolved, player, cast)
        ):
            reason = _TRIGGER_UNKNOWN.format(where=f"{view.path(permanent.id)}.resolved_this_turn")
            warnings += [
                TextWarning(permanent.id, effect.text, reason, WarningKind.NOT_WEIGHED) for effect in granted
            ]
    return tuple(warnings)


def library_way_required(board: Board, player: str, target: PaymentTarget) -> bool:
    """True when ``target``, a named spell cast from the top of the player's library, may be cast only for a
    cost granted for spells cast from there (CR 601.2a, 118.9: "If you cast a spell this way, pay life equal
    to its mana value rather than pay its mana cost." is no option: Bolas's Citadel's, Gwenom's): the player
    has such a cost, in force or by a trigger whose resolution the board does not give, and no permission to
    cast it from there for its mana cost ("You may play lands and cast spells from the top of your library."
    alone, or "You may cast creature spells from the top of your library." for a creature spell; a
    permanent's or an effect in force's).

    >>> citadel = {"id": "c", "name": "Test Citadel", "type_line": "Artifact", "controller": "me", "oracle":
    ...     "You may play lands and cast spells from the top of your library.\\nIf you cast a spell this "
    ...     "way, pay life equal to its mana value rather than pay its mana cost."}
    >>> sight = {"id": "s", "name": "Test Sight", "type_line": "Enchantment", "controller": "me", "oracle":
    ...     "You may play lands and cast spells from the top of your library."}
    >>> ogre = replace(PaymentTarget.of("{2}{R}", name="Test Ogre"), cast_from="library")
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [citadel]})
    >>> library_way_required(board, "me", ogre), library_way_required(board.with_permanent(
    ...     Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [sight]}).permanents[0]),
    ...     "me", ogre)
    (True, False)
    """
    if target.zone != "library" or target.kind is not PaymentKind.SPELL or not target.name:
        return False
    granted = any(way.cost.from_library for way in granted_ways(board, player))
    pending = pending_library_trigger(board, player)
    if not (granted or pending):
        return False
    return not library_permissions(board, player, granting=False).allow(target)
