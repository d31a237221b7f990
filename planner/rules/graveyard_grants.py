"""Abilities granted by a card in a graveyard: 'As long as Riftstone Portal is in your graveyard, lands you
control have "{T}: Add {G} or {W}."' (CR 113.6b: the ability works only from the graveyard).

The cards are those of a graveyard the board gives as a list (``players[i].graveyard``); what they grant goes
to the permanents their owner controls that the grant's filter matches. A payment may change the graveyard
first: a mana ability's cost that exiles cards from it may take the card away, and one that sacrifices a
permanent with such a grant may put it there. Neither order is followed yet, so on such a board the grants of
that player's graveyard are set aside with a warning naming the permanent whose cost does it
(:func:`graveyard_grants`), never used as if the graveyard could not change.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from models.abilities import CostPartKind, ManaAbility
from models.mana_effects import GrantAbility
from models.oracle import read_card
from planner.rules.records import TextWarning

if TYPE_CHECKING:
    from planner.rules.view import BoardView

__all__ = ["GraveyardGrant", "granted_to", "graveyard_grants"]

#: A grant that works from a graveyard, with the player it is relative to (the graveyard's owner).
GraveyardGrant = tuple[str, GrantAbility]

_NOT = "not followed yet"

#: The cost parts that exile cards from their controller's graveyard.
_EXILING = frozenset({CostPartKind.EXILE_FROM_GRAVEYARD, CostPartKind.FORAGE})


def graveyard_grants(view: BoardView) -> tuple[tuple[GraveyardGrant, ...], tuple[TextWarning, ...]]:
    """The grants of the cards in the players' graveyards that work from there, and the warnings of those
    set aside because the payment may change that graveyard first.

    >>> from models.board import Board
    >>> from planner.rules.view import BoardView
    >>> portal = {"name": "Riftstone Portal", "type_line": "Land", "oracle": "As long as Riftstone Portal "
    ...     'is in your graveyard, lands you control have "{T}: Add {G} or {W}."'}
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me", "graveyard": [portal]}],
    ...     "permanents": [{"id": "w", "card": "Wastes", "controller": "me"}]})
    >>> grants, warnings = graveyard_grants(BoardView(board))
    >>> [(owner, grant.ability.text) for owner, grant in grants], warnings
    ([('me', '{T}: Add {G} or {W}.')], ())
    """
    players = view.board.players
    if all(p.graveyard is None or isinstance(p.graveyard, int) for p in players) and not any(
        _grants_of(parsed.effects) for parsed in view.parsed.values()
    ):
        return (), ()  # (the common case: no graveyard listed, no such card on the battlefield)
    grants: list[GraveyardGrant] = []
    warnings: list[TextWarning] = []
    for player in players:
        own = _from_graveyard(view, player.id)
        changer = _graveyard_changer(view, player.id) if own or _on_battlefield(view, player.id) else None
        if changer is None:
            grants += [(player.id, grant) for grant in own]
            continue
        where, why = changer
        texts = [grant.text for grant in own] or [
            grant.text
            for p in view.board.permanents
            if p.controller == player.id
            for grant in _grants_of(view.parsed[p.id].effects)
        ]
        warnings += [TextWarning(where, text, why) for text in dict.fromkeys(texts)]
    return tuple(grants), tuple(warnings)


def granted_to(view: BoardView, grants: tuple[GraveyardGrant, ...], pid: str) -> tuple[ManaAbility, ...]:
    """The mana abilities the ``grants`` give permanent ``pid``: those of its controller's graveyard whose
    filter it matches, each once."""
    controller = view.permanent(pid).controller
    found = [g.ability for owner, g in grants if owner == controller and view.matches(g.affected, pid, pid)]
    return tuple(dict.fromkeys(found))


def _grants_of(effects: tuple[object, ...]) -> list[GrantAbility]:
    return [e for e in effects if isinstance(e, GrantAbility) and e.from_graveyard]


def _from_graveyard(view: BoardView, player: str) -> list[GrantAbility]:
    """The grants that work from ``player``'s graveyard, of its cards given as a list."""
    graveyard = view.board.player(player).graveyard
    if graveyard is None or isinstance(graveyard, int):
        return []
    return [
        grant
        for card in graveyard
        for grant in _grants_of(read_card(card.oracle, card.name, card.type_line).effects)
    ]


def _on_battlefield(view: BoardView, player: str) -> bool:
    """True when ``player`` controls a permanent with a grant that works from the graveyard."""
    return any(
        p.controller == player and _grants_of(view.parsed[p.id].effects) for p in view.board.permanents
    )


def _graveyard_changer(view: BoardView, player: str) -> tuple[str, str] | None:
    """A permanent of ``player``'s whose mana ability's cost may change what their graveyard grants, with
    why, or None."""
    granted = [
        sourced.effect.ability
        for sourced in view.effects_of(GrantAbility)
        if isinstance(sourced.effect, GrantAbility)
    ]
    portals = [
        p.id
        for p in view.board.permanents
        if p.controller == player and _grants_of(view.parsed[p.id].effects)
    ]
    for permanent in view.board.permanents:
        if permanent.controller != player:
            continue
        for ability in (*view.parsed[permanent.id].mana_abilities, *granted):
            where = view.path(permanent.id)
            if any(part.kind in _EXILING for part in ability.cost.parts):
                return (
                    permanent.id,
                    f"{where}: its cost exiles cards from the graveyard it grants from: {_NOT}",
                )
            if any(_may_sacrifice(view, ability, permanent.id, portal) for portal in portals):
                return permanent.id, f"{where}: its cost may put the card into the graveyard: {_NOT}"
    return None


def _may_sacrifice(view: BoardView, ability: ManaAbility, pid: str, portal: str) -> bool:
    """True when paying the ability of ``pid`` may sacrifice ``portal``."""
    cost = ability.cost
    if cost.sacrifice_self and pid == portal:
        return True
    if cost.sacrifice is not None and view.matches(cost.sacrifice, portal, pid):
        return True
    return any(part.kind is CostPartKind.SACRIFICE_TOKEN for part in cost.parts)
