"""Paying a cost's symbols with life instead of mana: K'rrik, Son of Yawgmoth's "For each {B} in a cost,
you may pay 2 life rather than pay that mana." (CR 601.2h), applied to a total cost once it is locked in
(:func:`planner.rules.spell_cost.locked_in`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from models.cost import CostSymbol, ManaCost, PaymentTarget, SymbolKind
from models.mana_effects import LifeForMana

if TYPE_CHECKING:
    from planner.rules.view import BoardView

__all__ = ["with_life_for_mana"]


def with_life_for_mana(view: BoardView, target: PaymentTarget, player: str) -> PaymentTarget:
    """The total cost with each symbol that a "For each {B} in a cost, you may pay 2 life rather than pay that
    mana." of the payer's (K'rrik) lets them pay with life made Phyrexian (its mana or 2 life, CR 107.4f):
    the choice is made as the cost is paid (601.2h), after the total cost is locked in (601.2f), so a cost
    increase's {B} may be paid so too; a hybrid symbol is no {B}. An ability's cost is one too (602.2b).

    >>> from models.board import Board
    >>> from planner.rules.view import BoardView
    >>> toy = {"id": "k", "name": "Test Toy", "type_line": "Creature", "controller": "me",
    ...     "oracle": "For each {B} in a cost, you may pay 2 life rather than pay that mana."}
    >>> view = BoardView(Board.from_dict({"version": 1, "players": [{"id": "me"}, {"id": "opp"}],
    ...     "permanents": [toy]}))
    >>> str(with_life_for_mana(view, PaymentTarget.of("{1}{B}{B/G}"), "me").cost)
    '{1}{B/G}{B/P}'
    >>> str(with_life_for_mana(view, PaymentTarget.of("{1}{B}"), "opp").cost)  # (not theirs)
    '{1}{B}'
    """
    types = [
        sourced.effect.mana_type
        for sourced in view.effects_of(LifeForMana)
        if sourced.controller == player and isinstance(sourced.effect, LifeForMana)
    ]
    if not types:
        return target
    symbols = tuple(
        CostSymbol(SymbolKind.PHYREXIAN, colors=symbol.colors)
        if symbol.kind is SymbolKind.COLORED and symbol.single_type in types
        else symbol
        for symbol in target.cost.symbols
    )
    cost = ManaCost(symbols)
    return target if cost == target.cost else target.with_cost(cost)
