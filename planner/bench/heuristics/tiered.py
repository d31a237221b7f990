"""Tiered, phase-like: sources in tiers, the most constrained symbol first, the least flexible source.

It approximates the tiered auto-tappers of digital clients as publicly described: sources are sorted into
tiers (painless lands, then lands that hurt, then other permanents, then mana creatures, then abilities that
cost mana, and anything that sacrifices last, tokens before other permanents); within a tier the source
that could make the fewest types goes first. The symbol with the fewest sources able to pay it is paid
first (generic last). It uses restricted mana when the restriction allows the spell, and pays 2 life for a
Phyrexian symbol only when no source makes its color.
"""

from __future__ import annotations

from models.board import Board
from models.cost import CostSymbol, ManaCost, PaymentTarget
from planner.bench.heuristics.greedy import BoardFacts, Option, Policy, greedy_pay, symbol_needs
from planner.rules.replay import Plan

__all__ = ["POLICY", "tap_tiered"]


def _symbol_order(facts: BoardFacts, symbol: CostSymbol) -> float:
    needs, _ = symbol_needs(symbol)
    if not needs or needs[0].generic:
        return float("inf")
    need = needs[0]
    makers = set()
    for option in facts.options:
        for packet in option.outcome.packets:
            if (packet.tag.snow if need.snow else bool(packet.types & need.types)) and packet.total:
                makers.add(option.pid)
    return len(makers)


def _tier(option: Option) -> int:
    if option.sacrifices:
        return 6 + min(option.sacrifice_value, 1)
    if option.costs_mana:
        return 5
    if option.is_land:
        return 1 if option.hurts else 0
    return 3 if option.is_creature else 2


def _source_order(option: Option, cost: ManaCost) -> tuple[float, ...]:
    return (_tier(option), len(option.could_make), option.hurts)


POLICY = Policy(_symbol_order, _source_order)


def tap_tiered(board: Board, target: PaymentTarget) -> Plan | None:
    """Pay the way a tiered, phase-like tapper does (see the module docstring), or None when stuck.

    >>> from planner.bench.corpus import scenario
    >>> case = scenario("altar-or-treasure")
    >>> [step.permanent for step in tap_tiered(case.board, case.target).steps]
    ['p2']
    """
    return greedy_pay(board, target, POLICY)
