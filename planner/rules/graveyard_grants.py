"""Abilities granted by a card in a graveyard: 'As long as Riftstone Portal is in your graveyard, lands you
control have "{T}: Add {G} or {W}."' (CR 113.6b: the ability works only from the graveyard).

The cards are those of a graveyard the board gives as a list (``players[i].graveyard``); what they grant goes
to the permanents their owner controls that the grant's filter matches. A payment may change the graveyard
first. A cost that sacrifices a permanent with such a grant puts its card there: the grant exists for the
activations after it (:func:`arriving_grants` names those permanents; the templates of the abilities it
gives wait for the sacrifice, :func:`~planner.rules.activations.revealed_templates`, and the replay and the
reference search find the card in the graveyard from then on). Not followed yet, and so set aside with a
warning naming the permanent whose cost does it (:func:`graveyard_grants`), never used as if the graveyard
could not change: a cost that exiles cards from that graveyard (which cards, the replay does not choose), one
that may put the card into a graveyard the board gives as a number, or one that may take such a permanent
elsewhere (exiled, returned to the hand).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING

from models.abilities import CostPartKind, ManaAbility
from models.board import Board
from models.layer_effects import GrantAbility
from models.oracle import read_card
from planner.rules.amounts import into_graveyard
from planner.rules.records import TextWarning, ViewTable

if TYPE_CHECKING:
    from planner.rules.view import BoardView

__all__ = ["GraveyardGrant", "arriving_grants", "granted_to", "graveyard_grants", "without_removed"]

#: A grant that works from a graveyard, with the player it is relative to (the graveyard's owner).
GraveyardGrant = tuple[str, GrantAbility]

_NOT = "not followed yet"

#: The cost parts that exile cards from their controller's graveyard.
_EXILING = frozenset({CostPartKind.EXILE_FROM_GRAVEYARD, CostPartKind.FORAGE, CostPartKind.COLLECT_EVIDENCE})
#: The cost parts that may take another permanent elsewhere than to its owner's graveyard.
_ELSEWHERE = frozenset({CostPartKind.EXILE_PERMANENT, CostPartKind.RETURN_PERMANENT})


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
    if all(p.graveyard is None or isinstance(p.graveyard, int) for p in players) and not _any_on_battlefield(
        view
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


def _any_on_battlefield(view: BoardView) -> bool:
    """True when some permanent has a grant that works from its owner's graveyard (checked without a list
    per permanent, most having no effect at all; once per view structure: it reads the parsed texts alone)."""
    known = _ON_BATTLEFIELD.get(view, None)
    if known is None:
        known = any(
            isinstance(e, GrantAbility) and e.from_graveyard
            for parsed in view.parsed.values()
            for e in parsed.effects
        )
        _ON_BATTLEFIELD.put(view, None, known)
    return known


#: :func:`_any_on_battlefield` of a view's structure (one entry).
_ON_BATTLEFIELD: ViewTable[None, bool] = ViewTable("graveyard_grants.on_battlefield", shared=True)


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


def arriving_grants(view: BoardView) -> frozenset[str]:
    """The permanents with a grant that works from their owner's graveyard that a mana ability's cost may
    sacrifice, putting the card there, where the grant is followed (the module docstring).

    >>> from models.board import Board
    >>> from planner.rules.view import BoardView
    >>> portal = {"name": "Riftstone Portal", "type_line": "Land", "oracle": "As long as Riftstone Portal "
    ...     'is in your graveyard, lands you control have "{T}: Add {G} or {W}."'}
    >>> eater = {"name": "Land Eater", "type_line": "Artifact", "oracle": "Sacrifice a land: Add {C}."}
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me", "graveyard": []}], "permanents": [
    ...     {"id": "p", "controller": "me", **portal}, {"id": "e", "controller": "me", **eater}]})
    >>> sorted(arriving_grants(BoardView(board)))
    ['p']
    >>> sorted(arriving_grants(BoardView(board.without_permanent("e"))))
    []
    """
    if not _any_on_battlefield(view):
        return frozenset()  # (the common case)
    found: set[str] = set()
    for player in view.board.players:
        portals = _portals(view, player.id)
        if portals and isinstance(player.graveyard, tuple) and _graveyard_changer(view, player.id) is None:
            found.update(portal for portal in portals if _sacrificers(view, player.id, portal))
    return frozenset(found)


def without_removed(board: Board, removed: Iterable[str], arriving: frozenset[str]) -> Board:
    """The board without the ``removed`` permanents, the cards of those ``arriving`` (sacrificed:
    :func:`arriving_grants`) put into their owners' graveyards (each taken to be its controller).

    >>> from models.board import Board
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me", "graveyard": []}], "permanents": [
    ...     {"id": "w", "card": "Wastes", "controller": "me"},
    ...     {"id": "f", "card": "Forest", "controller": "me"}]})
    >>> after = without_removed(board, ["w", "f"], frozenset({"w"}))
    >>> after.permanents, [card.name for card in after.player("me").graveyard]
    ((), ['Wastes'])
    """
    for pid in removed:
        if pid in arriving:
            gone = board.permanent(pid)
            board = board.with_player(into_graveyard(board.player(gone.controller), [gone]))
        board = board.without_permanent(pid)
    return board


def _portals(view: BoardView, player: str) -> list[str]:
    """The permanents ``player`` controls with a grant that works from the graveyard."""
    return [
        p.id
        for p in view.board.permanents
        if p.controller == player and _grants_of(view.parsed[p.id].effects)
    ]


def _abilities(view: BoardView, player: str) -> Iterator[tuple[str, ManaAbility]]:
    """Each permanent of ``player``'s with each mana ability it has or an effect may grant it."""
    granted = [
        sourced.effect.ability
        for sourced in view.effects_of(GrantAbility)
        if isinstance(sourced.effect, GrantAbility)
    ]
    for permanent in view.board.permanents:
        if permanent.controller == player:
            for ability in (*view.parsed[permanent.id].mana_abilities, *granted):
                yield permanent.id, ability


def _sacrificers(view: BoardView, player: str, portal: str) -> list[str]:
    """The permanents of ``player``'s whose mana ability's cost may sacrifice ``portal``."""
    return [pid for pid, ability in _abilities(view, player) if _may_sacrifice(view, ability, pid, portal)]


def _graveyard_changer(view: BoardView, player: str) -> tuple[str, str] | None:
    """A permanent of ``player``'s whose mana ability's cost may change what their graveyard grants in a way
    not followed (the module docstring), with why, or None."""
    portals = _portals(view, player)
    listed = isinstance(view.board.player(player).graveyard, tuple)
    for pid, ability in _abilities(view, player):
        where = view.path(pid)
        if any(part.kind in _EXILING for part in ability.cost.parts):
            return pid, f"{where}: its cost exiles cards from the graveyard it grants from: {_NOT}"
        if not portals:
            continue
        if not listed and any(_may_sacrifice(view, ability, pid, portal) for portal in portals):
            return pid, f"{where}: its cost may put the card into a graveyard given as a number: {_NOT}"
        cost = ability.cost
        if any(part.kind in _ELSEWHERE for part in cost.parts) or (
            pid in portals and any(part.kind is CostPartKind.RETURN_SELF for part in cost.parts)
        ):
            return pid, f"{where}: its cost may take the card elsewhere than to the graveyard: {_NOT}"
    return None


def _may_sacrifice(view: BoardView, ability: ManaAbility, pid: str, portal: str) -> bool:
    """True when paying the ability of ``pid`` may sacrifice ``portal``."""
    cost = ability.cost
    if cost.sacrifice_self and pid == portal:
        return True
    if cost.sacrifice is not None and view.matches(cost.sacrifice, portal, pid):
        return True
    return any(part.kind is CostPartKind.SACRIFICE_TOKEN for part in cost.parts)
