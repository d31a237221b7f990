"""The least mana a spell's total cost asks for: Trinisphere's 'each spell that would cost less than three
mana to cast costs three mana to cast' (CR 601.2f). It applies once every increase and reduction has been
applied, as the total cost is locked in, and the mana it adds is generic.

What the total cost asks for depends on the caster's announcements at 601.2b: a Phyrexian symbol announced
as paid with 2 life asks for no mana (107.4f), one announced as paid with mana asks for one; a monocolored
hybrid symbol {2/W} asks for one or for two. Where such a symbol decides whether the minimum raises the cost,
``pay`` weighs each announcement of the Phyrexian symbols (:func:`phyrexian_announcements`), and other
answers warn (:func:`unknown_minimum`).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from dataclasses import replace
from typing import TYPE_CHECKING

from models.cost import CostSymbol, ManaCost, PaymentKind, PaymentTarget, SymbolKind
from models.mana_effects import CostModifier

if TYPE_CHECKING:
    from planner.rules.records import SourcedEffect

__all__ = ["minimum_in_force", "phyrexian_announcements", "raised_to_minimum", "unknown_minimum"]

#: The life a Phyrexian symbol announced as paid with life asks for (CR 107.4f).
_PHYREXIAN_LIFE = 2

#: The symbols whose mana is one whatever the caster announces.
_ONE_MANA = frozenset(
    (
        SymbolKind.COLORED,
        SymbolKind.HYBRID,
        SymbolKind.SNOW,
        SymbolKind.COLORLESS,
        SymbolKind.COLORLESS_HYBRID,
    )
)


def minimum_in_force(target: PaymentTarget, in_force: Iterator[SourcedEffect]) -> int:
    """The largest minimum total cost among the cost changes in force for this spell (``in_force``: those
    that apply to it, :func:`planner.rules.spell_cost._modifiers_in_force`); 0 for none. A minimum is about
    spells only: an ability's or a special action's cost keeps its own."""
    if target.kind is not PaymentKind.SPELL:
        return 0
    least = 0
    for sourced in in_force:
        effect = sourced.effect
        assert isinstance(effect, CostModifier)
        least = max(least, effect.minimum_total)
    return least


def _mana_asked(cost: ManaCost) -> tuple[int, int]:
    """The least and the most mana the symbols of a total cost ask for, over the caster's announcements
    (CR 601.2b): a Phyrexian symbol 0 or 1 (107.4f), {2/W} 1 or 2 (107.4e); X counts 0 (107.3).

    >>> [_mana_asked(ManaCost.parse(cost)) for cost in ("{1}{R}", "{U/P}", "{2/W}")]
    [(2, 2), (0, 1), (1, 2)]
    """
    least = most = 0
    for symbol in cost.symbols:
        if symbol.kind is SymbolKind.GENERIC:
            least, most = least + symbol.amount, most + symbol.amount
        elif symbol.kind in _ONE_MANA:
            least, most = least + 1, most + 1
        elif symbol.kind is SymbolKind.PHYREXIAN:
            most += 1
        elif symbol.kind is SymbolKind.MONO_HYBRID:
            least, most = least + 1, most + symbol.amount
    return least, most


def _with_phyrexian_announced(target: PaymentTarget, by_life: tuple[CostSymbol, ...]) -> PaymentTarget:
    """The total cost with each Phyrexian symbol announced (CR 601.2b): those of ``by_life`` paid with 2 life
    each (taken off the mana, added to the life the cost asks for), the others paid with their mana."""
    left = list(by_life)
    kept: list[CostSymbol] = []
    life = 0
    for symbol in target.cost.symbols:
        if symbol.kind is not SymbolKind.PHYREXIAN:
            kept.append(symbol)
        elif symbol in left:
            left.remove(symbol)
            life += _PHYREXIAN_LIFE
        else:
            mana_kind = SymbolKind.COLORED if len(symbol.colors) == 1 else SymbolKind.HYBRID
            kept.append(CostSymbol(mana_kind, symbol.colors))
    announced = target.with_cost(ManaCost(tuple(kept)))
    return replace(announced, additional_life=target.additional_life + life)


def raised_to_minimum(target: PaymentTarget, least: int) -> PaymentTarget:
    """The total cost ``target`` asks for once a minimum of ``least`` mana applies (CR 601.2f): generic mana
    added up to it. Where the caster's announcement of a Phyrexian symbol decides (:func:`unknown_minimum`),
    the announcement ``target.announced`` names the Phyrexian symbols paid with life (every other one paid
    with mana); with none given each is paid with its mana (one of the caster's choices, so that a plan is
    legal; the answer warns that the others are not weighed: :func:`unknown_minimum`). A {2/W} symbol that
    decides it leaves the cost as it is, warned.

    >>> from models.cost import PaymentTarget
    >>> [str(raised_to_minimum(PaymentTarget.of(cost), 3).cost) for cost in ("{R}", "{5}")]
    ['{2}{R}', '{5}']
    >>> probe = PaymentTarget.of("{U/P}")
    >>> by_life = raised_to_minimum(replace(probe, announced=(probe.cost.symbols[0],)), 3)
    >>> str(by_life.cost), by_life.additional_life
    ('{3}', 2)
    >>> str(raised_to_minimum(replace(probe, announced=()), 3).cost)
    '{2}{U}'
    """
    if least <= 0:
        return target
    fewest, most = _mana_asked(target.cost)
    if fewest >= least or target.cost.has_variable:
        return target  # (whatever is announced, the cost asks for enough; or X is not chosen yet: warned)
    if any(symbol.kind is SymbolKind.PHYREXIAN for symbol in target.cost.symbols):
        # (none announced: each paid with its mana, one of the caster's choices, so that a plan made on it is
        # legal; the others are not weighed, and the answer warns)
        announced = target.announced or ()
        by_life = tuple(s for s in announced if s.kind is SymbolKind.PHYREXIAN)
        target = _with_phyrexian_announced(target, by_life)
        fewest, most = _mana_asked(target.cost)
    if fewest != most and most >= least:
        return target  # (unknown: not raised where an announcement could ask for enough, and warned)
    added = least - most
    symbols = target.cost.symbols
    generic = sum(s.amount for s in symbols if s.kind is SymbolKind.GENERIC) + added
    kept = tuple(s for s in symbols if s.kind is not SymbolKind.GENERIC)
    return target.with_cost(ManaCost((*kept, CostSymbol(SymbolKind.GENERIC, amount=generic))))


def unknown_minimum(target: PaymentTarget, least: int) -> bool:
    """True when the caster's announcement of the total cost's Phyrexian or monocolored hybrid symbols decides
    whether a minimum of ``least`` raises it (CR 601.2b, 601.2f) and no announcement is given, or X is not
    chosen yet and the cost without it asks for less.

    >>> from models.cost import PaymentTarget
    >>> unknown_minimum(PaymentTarget.of("{U/P}"), 3), unknown_minimum(PaymentTarget.of("{2}{U/P}"), 2)
    (True, False)
    """
    if least <= 0:
        return False
    fewest, most = _mana_asked(target.cost)
    if target.cost.has_variable:  # (X not chosen yet, the largest X: the minimum is not weighed)
        return fewest < least
    return target.announced is None and fewest < least and fewest != most


def phyrexian_announcements(target: PaymentTarget, least: int) -> list[tuple[CostSymbol, ...]]:
    """Each announcement of which Phyrexian symbols of a total cost are paid with life (CR 601.2b), where the
    minimum ``least`` makes it matter (:func:`unknown_minimum`) and the cost has no monocolored hybrid symbol:
    every different choice of symbols, none to all of them. The payer weighs each.

    >>> from models.cost import PaymentTarget
    >>> [[str(s) for s in chosen] for chosen in phyrexian_announcements(PaymentTarget.of("{U/P}"), 3)]
    [[], ['{U/P}']]
    """
    if not unknown_minimum(target, least):
        return []
    if any(symbol.kind is SymbolKind.MONO_HYBRID for symbol in target.cost.symbols):
        return []  # (weighed with the hybrid symbols' announcements: not done, the answer warns)
    phyrexian = [s for s in target.cost.symbols if s.kind is SymbolKind.PHYREXIAN]
    chosen: list[tuple[CostSymbol, ...]] = []
    for count in range(len(phyrexian) + 1):
        chosen += dict.fromkeys(itertools.combinations(phyrexian, count))
    return chosen
