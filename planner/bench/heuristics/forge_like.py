"""Forge-like: the cost's shards in a fixed order, each from the best-scored source.

It approximates Forge's AI payment as publicly described: shards are paid in the order mono-colored
(and {C}), monocolored hybrid, hybrid, Phyrexian, snow, generic; sources are sorted by a score that
penalises creatures and permanents with several mana abilities (a painland, a filter land, a Talisman),
ties in board order. It funds abilities that cost mana from other sources, uses restricted mana when the
restriction allows the spell, and pays 2 life for a Phyrexian shard when no source makes its color.
"""

from __future__ import annotations

from models.board import Board
from models.cost import CostSymbol, ManaCost, PaymentTarget, SymbolKind
from planner.bench.heuristics.greedy import BoardFacts, Option, Policy, greedy_pay
from planner.rules.replay import Plan

__all__ = ["POLICY", "tap_forge_like"]

_SHARD_ORDER = {
    SymbolKind.COLORED: 0,
    SymbolKind.COLORLESS: 0,
    SymbolKind.MONO_HYBRID: 1,
    SymbolKind.HYBRID: 2,
    SymbolKind.COLORLESS_HYBRID: 2,
    SymbolKind.PHYREXIAN: 3,
    SymbolKind.SNOW: 4,
    SymbolKind.GENERIC: 5,
}


def _symbol_order(facts: BoardFacts, symbol: CostSymbol) -> float:
    return _SHARD_ORDER.get(symbol.kind, 6)


def _source_order(option: Option, cost: ManaCost) -> tuple[float, ...]:
    return (3 * option.is_creature + 2 * (option.abilities - 1),)


POLICY = Policy(_symbol_order, _source_order)


def tap_forge_like(board: Board, target: PaymentTarget) -> Plan | None:
    """Pay the way Forge's AI does, approximately (see the module docstring), or None when stuck.

    >>> from planner.bench.corpus import scenario
    >>> case = scenario("painland-or-basic")
    >>> [step.permanent for step in tap_forge_like(case.board, case.target).steps]
    ['p1']
    """
    return greedy_pay(board, target, POLICY)
