"""Foretell a permanent grants (CR 702.143a): Dream Devourer's "Each nonland card in your hand without
foretell has foretell. Its foretell cost is equal to its mana cost reduced by {2}." (read as a
:class:`~models.alternative_costs.GrantedForetell` and a
:class:`~models.alternative_costs.GrantedForetellCost`).

A card without foretell of its own that its player foretold (listed in the player's ``foretold``: a card
with no foretell is never taken to be foretold unlisted) and casts from exile is paid the foretell cost
the grant gives it while a permanent its player controls grants it: its mana cost less the generic mana the
cost sentence says (CR 601.2f: a reduction of generic mana reduces only the generic part, never below
{0}), an alternative cost (CR 118.9), the only way to cast it from there.

>>> from models.board import Board
>>> from dataclasses import replace
>>> devourer = {"id": "dd", "name": "Test Devourer", "type_line": "Creature", "controller": "me", "oracle":
...     "Each nonland card in your hand without foretell has foretell. Its foretell cost is equal to its "
...     "mana cost reduced by {2}."}
>>> board = Board.from_dict({"version": 1, "players": [{"id": "me", "foretold": [{"name": "Test Ogre",
...     "type_line": "Creature", "mana_cost": "{3}{R}"}]}], "permanents": [devourer]})
>>> ogre = replace(PaymentTarget.of("{3}{R}", name="Test Ogre", type_line="Creature"), cast_from="exile")
>>> [(source, cost.mana) for source, cost in granted_foretell_costs(board, "me", ogre)]
[('dd', '{1}{R}')]
"""

from __future__ import annotations

from models.alternative_costs import FORETELL, AlternativeCost, GrantedForetell, GrantedForetellCost
from models.board import Board
from models.cost import PaymentTarget
from planner.rules.question import view_of

__all__ = ["granted_foretell_costs", "ungranted_grants"]


def granted_foretell_costs(
    board: Board, player: str, target: PaymentTarget
) -> tuple[tuple[str, AlternativeCost], ...]:
    """The foretell costs the permanents ``player`` controls grant ``target`` (a card cast from exile that
    the player's ``foretold`` lists; the caller checks it has no foretell of its own), each with the id of
    the permanent that grants it; none for a card of a type the grant excludes ('nonland')."""
    foretold = board.player(player).foretold
    if target.zone != "exile" or not target.name or foretold is None:
        return ()
    if not any(card.name == target.name for card in foretold):
        return ()
    view = view_of(board)
    found: list[tuple[str, AlternativeCost]] = []
    for sourced in view.effects_of(GrantedForetell):
        grant = sourced.effect
        assert isinstance(grant, GrantedForetell)
        if sourced.controller != player or any(target.type_line.is_a(word) for word in grant.excluded):
            continue
        for costed in view.effects_of(GrantedForetellCost):
            cost = costed.effect
            assert isinstance(cost, GrantedForetellCost)
            if costed.source == sourced.source:
                mana = str(target.cost.with_generic_change(-cost.reduction)) or "{0}"
                found.append((sourced.source, AlternativeCost(mana=mana, keyword=FORETELL, text=cost.text)))
    return tuple(found)


def ungranted_grants(board: Board, player: str) -> tuple[str, ...]:
    """The ids of the permanents ``player`` controls that grant foretell with no cost read beside it (its
    cost sentence not read): a card foretold through them is not paid a guessed cost.

    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": []})
    >>> ungranted_grants(board, "me")
    ()
    """
    view = view_of(board)
    costed = {sourced.source for sourced in view.effects_of(GrantedForetellCost)}
    return tuple(
        sourced.source
        for sourced in view.effects_of(GrantedForetell)
        if sourced.controller == player and sourced.source not in costed
    )
