"""XMage-AI-like: producers sorted by how much they can pay, colored symbols first.

It approximates XMage's computer player as publicly described: each producer (a permanent) is scored by
how many of the cost's symbols its mana could pay plus how many mana abilities it has, and the lowest
score is tapped first (the most useful producers are kept for later); symbols are paid in the order
colored (Phyrexian with them), snow, colorless, hybrid (monocolored and colorless hybrid too), then
generic. It funds abilities that cost mana, uses restricted mana when the restriction allows the spell, and
pays 2 life for a Phyrexian symbol when no producer makes its color.
"""

from __future__ import annotations

from models.board import Board
from models.cost import CostSymbol, ManaCost, PaymentTarget, SymbolKind
from planner.bench.heuristics.greedy import BoardFacts, Option, Policy, greedy_pay, symbol_needs
from planner.rules.replay import Plan

__all__ = ["POLICY", "tap_xmage_like"]

_SYMBOL_ORDER = {
    SymbolKind.COLORED: 0,
    SymbolKind.PHYREXIAN: 0,
    SymbolKind.SNOW: 1,
    SymbolKind.COLORLESS: 2,
    SymbolKind.HYBRID: 3,
    SymbolKind.MONO_HYBRID: 3,
    SymbolKind.COLORLESS_HYBRID: 3,
    SymbolKind.GENERIC: 4,
}


def _symbol_order(facts: BoardFacts, symbol: CostSymbol) -> float:
    return _SYMBOL_ORDER.get(symbol.kind, 5)


def _payable_symbols(option: Option, cost: ManaCost) -> int:
    """How many of the cost's symbols (each generic mana counted once) the producer's mana could pay."""
    count = 0
    for symbol in cost.symbols:
        needs, _ = symbol_needs(symbol)
        for need in needs:
            if need.snow:
                count += option.type_line.is_a("Snow")
            else:
                count += need.generic or bool(option.could_make & need.types)
    return count


def _source_order(option: Option, cost: ManaCost) -> tuple[float, ...]:
    return (_payable_symbols(option, cost) + option.abilities,)


POLICY = Policy(_symbol_order, _source_order)


def tap_xmage_like(board: Board, target: PaymentTarget) -> Plan | None:
    """Pay the way XMage's AI does, approximately (see the module docstring), or None when stuck.

    >>> from planner.bench.corpus import scenario
    >>> case = scenario("treasure-or-plains")  # both score 2: the Treasure comes first on the board
    >>> [step.permanent for step in tap_xmage_like(case.board, case.target).steps]
    ['p0']
    """
    return greedy_pay(board, target, POLICY)
