"""Replacement effects on the mana a tapped permanent produces (CR 106.12b, 614.1a), applied in every order
its controller could pick (CR 616.1): 'twice as much of that mana', 'colorless mana instead of any other
type', '{B} instead of any other type and amount', 'mana of the chosen color instead of any other color'.

>>> from models.abilities import ObjectFilter, Who
>>> from models.mana import ALL_COLORS, ManaTypes
>>> from planner.rules.packets import ManaTag, Packet
>>> forest = (Packet(ManaTypes.parse("G"), 1, 1, ManaTag(source="f")),)
>>> [str(p.types) for p in applied(ProductionReplacement(text="", who=Who.ANY, affected=ObjectFilter(),
...     kind=ReplacementKind.SET_COLOR, new_type=ManaTypes.parse("R")), forest)]
['R']
>>> harvest = ProductionReplacement(text="", who=Who.YOU, affected=ObjectFilter(),
...     kind=ReplacementKind.SET_MANA, colors_chosen=1)
>>> [(str(p.types), p.total) for p in applied(harvest, forest)]
[('WUBRG', 1)]
"""

from __future__ import annotations

from models.abilities import ManaAbility, Who
from models.mana import ALL_COLORS, ManaTypes
from models.mana_effects import ProductionReplacement, ReplacementKind
from planner.rules.packets import Packet, bag_packets, normalised
from planner.rules.view import BoardView, SourcedEffect

__all__ = ["applied", "replacement_applies", "replacement_orders"]


def replacement_applies(view: BoardView, sourced: SourcedEffect, pid: str, ability: ManaAbility) -> bool:
    """CR 106.12b: 'if ... tapped for mana' replacements modify abilities whose cost includes {T}."""
    effect = sourced.effect
    assert isinstance(effect, ProductionReplacement)
    if not ability.taps_for_mana:
        return False
    tapper = view.permanent(pid).controller
    if effect.who is Who.YOU and tapper != sourced.controller:
        return False
    if effect.who is Who.OPPONENTS and tapper == sourced.controller:
        return False
    return view.matches(effect.affected, pid, sourced.source)


def applied(effect: ProductionReplacement, packets: tuple[Packet, ...]) -> tuple[Packet, ...]:
    # (packets made field by field: dataclasses.replace reads every field by name, in Python)
    if effect.kind is ReplacementKind.MULTIPLY:
        return normalised(Packet(p.types, p.picks, p.per_pick * effect.factor, p.tag) for p in packets)
    if effect.kind is ReplacementKind.SET_TYPE:
        return normalised(Packet(effect.new_type, p.picks, p.per_pick, p.tag) for p in packets)
    if effect.kind is ReplacementKind.SET_COLOR:  # (colorless mana is of no color: it stays)
        return normalised(
            Packet(
                (p.types - p.types.colors) | (effect.new_type if p.types.colors else ManaTypes()),
                p.picks,
                p.per_pick,
                p.tag,
            )
            for p in packets
        )
    tag = packets[0].tag  # SET_MANA: 'instead of any other type and amount' keeps the restrictions
    chosen = (Packet(ALL_COLORS, effect.colors_chosen, 1, tag),) if effect.colors_chosen else ()
    return normalised((*bag_packets(effect.mana, 1, tag), *chosen))


def _min_amount(sourced: SourcedEffect) -> int:
    assert isinstance(sourced.effect, ProductionReplacement)
    return max(sourced.effect.min_amount, 1)


def replacement_orders(
    effects: list[SourcedEffect], packets: tuple[Packet, ...], every_order: bool
) -> dict[tuple[Packet, ...], tuple[tuple[str, ...], ...]]:
    """Every distinct result of applying the effects in some order (CR 616.1), with the orders giving it
    (all of them with ``every_order``, else the first found)."""
    results: dict[tuple[Packet, ...], dict[tuple[str, ...], None]] = {}
    seen: set[tuple[tuple[Packet, ...], frozenset[int]]] = set()

    def walk(current: tuple[Packet, ...], remaining: frozenset[int], order: tuple[str, ...]) -> None:
        if not every_order:
            if (current, remaining) in seen:
                return
            seen.add((current, remaining))
        total = sum(p.total for p in current)
        applicable = [i for i in sorted(remaining) if total >= _min_amount(effects[i])]
        if not applicable:  # 614.7: no mana, no event to replace; 616.1f: re-checked after each one
            results.setdefault(current, {})[order] = None
            return
        for index in applicable:
            sourced = effects[index]
            assert isinstance(sourced.effect, ProductionReplacement)
            walk(applied(sourced.effect, current), remaining - {index}, (*order, sourced.source))

    walk(packets, frozenset(range(len(effects))), ())
    return {result: tuple(orders) for result, orders in results.items()}
