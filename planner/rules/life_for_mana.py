"""Paying a cost's symbols with life instead of mana: a colored symbol an optional life payment takes off made
Phyrexian (:func:`paid_by_life`: the Defilers'), and K'rrik, Son of Yawgmoth's "For each {B} in a cost,
you may pay 2 life rather than pay that mana." (CR 601.2h), applied to a total cost once it is locked in
(:func:`planner.rules.spell_cost.locked_in`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from models.cost import CostSymbol, ManaCost, PaymentTarget, SymbolKind
from models.mana import ManaBag, ManaTypes
from models.mana_effects import LifeForMana

if TYPE_CHECKING:
    from planner.rules.view import BoardView

__all__ = ["paid_by_life", "with_life_for_mana"]


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


def paid_by_life(symbols: tuple[CostSymbol, ...], payable: ManaBag) -> tuple[CostSymbol, ...]:
    """The symbols with up to ``payable``'s count of each plain colored symbol made Phyrexian (its mana or 2
    life: :func:`~planner.rules.spell_cost.life_payable`); of a color no plain symbol is left of, a two-color
    hybrid symbol of it made hybrid Phyrexian, when every such symbol is the same (the caster announces it
    as that color, CR 601.2b, and the life takes it off, 601.2f: {W/B} is paid with {W}, {B} or 2 life, CR
    107.4f; which of two different ones is announced would matter: left as it is, and warned,
    :func:`planner.answer_warnings.life_reduction_warnings`).

    >>> cost = ManaCost.parse("{1}{W}{W}{G}")
    >>> str(ManaCost(paid_by_life(cost.symbols, ManaBag.parse("{W}"))))
    '{1}{W}{G}{W/P}'
    >>> lurrus = ManaCost.parse("{1}{W/B}{W/B}")
    >>> str(ManaCost(paid_by_life(lurrus.symbols, ManaBag.parse("{B}"))))
    '{1}{W/B}{W/B/P}'
    >>> str(ManaCost(paid_by_life(ManaCost.parse("{W/B}{B/G}").symbols, ManaBag.parse("{B}"))))
    '{W/B}{B/G}'
    """
    left = {mana_type: payable[mana_type] for mana_type in payable.types}
    changed: list[CostSymbol] = []
    for symbol in reversed(symbols):
        plain = symbol.single_type
        if plain is not None and left.get(plain, 0) > 0:
            left[plain] -= 1
            symbol = CostSymbol(SymbolKind.PHYREXIAN, colors=ManaTypes(plain))
        changed.append(symbol)
    for mana_type, count in left.items():
        hybrids = [n for n, s in enumerate(changed) if s.kind is SymbolKind.HYBRID and mana_type in s.colors]
        if count <= 0 or not hybrids or len({changed[n] for n in hybrids}) > 1:
            continue
        for n in hybrids[:count]:
            changed[n] = CostSymbol(SymbolKind.PHYREXIAN, colors=changed[n].colors)
    return tuple(reversed(changed))
