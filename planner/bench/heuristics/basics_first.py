"""Basics first: the simplest auto-tapper, which takes basic lands before anything else.

It approximates the plainest public tappers: colored symbols first, then generic, each from the first
source in the order basic lands, other lands, other permanents, creatures, and anything that sacrifices
last. It never looks at abilities that cost mana (Signets, filter lands) nor at restricted mana (Eldrazi
Temple's {C}{C}, Cavern of Souls' colors), and pays 2 life for a Phyrexian symbol when no source makes
its color.
"""

from __future__ import annotations

from models.board import Board
from models.cost import CostSymbol, ManaCost, PaymentTarget, SymbolKind
from planner.bench.heuristics.greedy import BoardFacts, Option, Policy, greedy_pay
from planner.rules.replay import Plan

__all__ = ["POLICY", "tap_basics_first"]


def _symbol_order(facts: BoardFacts, symbol: CostSymbol) -> float:
    return 1 if symbol.kind is SymbolKind.GENERIC else 0


def _source_order(option: Option, cost: ManaCost) -> tuple[float, ...]:
    if option.sacrifices:
        kind = 4
    elif option.is_basic_land:
        kind = 0
    elif option.is_land:
        kind = 1
    else:
        kind = 3 if option.is_creature else 2
    return (kind,)


POLICY = Policy(_symbol_order, _source_order, mana_costs=False, restricted=False)


def tap_basics_first(board: Board, target: PaymentTarget) -> Plan | None:
    """Pay the way a basics-first tapper does (see the module docstring), or None when it gets stuck.

    >>> from planner.bench.corpus import scenario
    >>> case = scenario("birds-or-forest")
    >>> [step.permanent for step in tap_basics_first(case.board, case.target).steps]
    ['p1']
    """
    return greedy_pay(board, target, POLICY)
