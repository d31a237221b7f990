"""Mana abilities whose mana cost has {X} and that add X mana (Wizard's Rockets: '{X}, Sacrifice ~: Add X mana
in any combination of colors.'). X is chosen as the cost is paid (CR 107.3a, 601.2b via 602.2b), so such an
ability is a family, one ability for each X from 1 up (X = 0 makes no mana and only takes its other costs), as
the abilities that remove a number of counters are (:func:`planner.rules.executed.removing`).

X goes from 1 to :data:`MOST_X` on every board. The list must be the same in every state of a payment (a
plan's step names an ability by its number, and the mana made so far is in the payment's pool, not on the
board), so it can't follow the board; where the player could pay more than that (counted from the pool, the
cards in hand, the reductions of the ability's cost, and what the other mana abilities of the player add when
that is fixed by their text: {T}: Add {C}{C} once, an ability that makes no more than its mana cost takes
nothing), or where that can't be counted (an amount counted on the board, an ability that may repeat and gain
mana, an effect that adds mana or changes what is added), a warning says that X goes no further.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from models.abilities import AmountKind, CostPartKind, ManaAbility, ManaOutput, OutputKind
from models.board import Permanent
from models.cost import SymbolKind
from models.kept import per_card
from models.mana_effects import AbilityCostChange, ManaTrigger, ProductionReplacement
from models.oracle import read_card

if TYPE_CHECKING:
    from planner.rules.records import Characteristics
    from planner.rules.view import BoardView

__all__ = ["MOST_X", "beyond_most_x", "family_members", "more_than_most_x", "most_made", "paying", "pays_x"]

#: The largest X of the abilities of a family of X.
MOST_X = 16


def pays_x(ability: ManaAbility) -> bool:
    """True for an ability that adds the X its mana cost is paid with.

    >>> from models.oracle import parse_oracle
    >>> (rockets,) = parse_oracle("{X}, Sacrifice ~: Add X mana in any combination of colors.").mana_abilities
    >>> pays_x(rockets), pays_x(parse_oracle("{1}, {T}: Add {C}{C}.").mana_abilities[0])
    (True, False)
    """
    return ability.output.amount.kind is AmountKind.PAID_X


@per_card(maxsize=4096)
def paying(ability: ManaAbility, x: int) -> ManaAbility:
    """The ability of a family (:func:`pays_x`) activated with X = ``x``: {X} is ``x`` generic mana (twice
    that for {X}{X}), and it adds ``x`` mana; its text is the family's.

    >>> from models.oracle import parse_oracle
    >>> (rockets,) = parse_oracle("{X}, Sacrifice ~: Add X mana in any combination of colors.").mana_abilities
    >>> three = paying(rockets, 3)
    >>> three.cost.describe(), three.output.amount.constant, three.text == rockets.text
    ('{3}, Sacrifice this', 3, True)
    """
    amount = ability.output.amount
    constant = amount.multiplier * x + amount.plus
    made = replace(amount, kind=AmountKind.CONSTANT, constant=constant, multiplier=1, plus=0)
    return replace(
        ability,
        cost=replace(ability.cost, mana=ability.cost.mana.with_variables(x)),
        output=replace(ability.output, amount=made),
    )


def most_made(ability: ManaAbility) -> int | None:
    """The most mana one activation of the ability adds (its conditional outputs too), or None when that is
    not fixed by its text (an amount counted on the board, doubling the pool).

    >>> from models.oracle import parse_oracle
    >>> [most_made(a) for a in parse_oracle("{T}: Add {C}{C}.\\n{T}: Add {G} for each Elf you control.\\n"
    ...     "{T}: Add three mana of any one color.").mana_abilities]
    [2, None, 3]
    """
    outputs = (ability.output, *(output for _, output in ability.conditional))
    made = [_most_of(output) for output in outputs]
    return None if None in made else max(m for m in made if m is not None)


def _most_of(output: ManaOutput) -> int | None:
    amount = output.amount
    if amount.kind is not AmountKind.CONSTANT:
        return None
    if output.kind in (OutputKind.FIXED, OutputKind.CHOICE):
        return amount.constant * max((bag.total for bag in output.options), default=0)
    if output.kind in (OutputKind.ANY_ONE, OutputKind.COMBINATION, OutputKind.DIFFERENT):
        return amount.constant
    return None  # (one of each type among ..., doubling the pool)


def _least_mana(ability: ManaAbility) -> int:
    """The least mana its cost takes: each symbol's cheapest way ({X} as none, a Phyrexian symbol as life)."""
    return sum(
        min(way.mana for way in symbol.ways())
        for symbol in ability.cost.mana.symbols
        if symbol.kind is not SymbolKind.VARIABLE
    )


def _once(ability: ManaAbility, permanent: Permanent) -> int | None:
    """How often the ability can be activated in a payment, as far as its cost alone says: once for a {T}
    (none when tapped), a sacrifice or return of itself or once each turn, as often as its counters allow;
    None when it may repeat."""
    cost = ability.cost
    own = (CostPartKind.RETURN_SELF, CostPartKind.EXILE_SELF_FROM_HAND)
    if cost.tap:
        return 0 if permanent.tapped else 1
    if cost.sacrifice_self or ability.once_each_turn or any(part.kind in own for part in cost.parts):
        return 1
    if cost.remove_counter:
        return permanent.counter(cost.remove_counter) // max(cost.remove_count, 1)
    return None


def more_than_most_x(
    others: Iterable[tuple[Permanent, Sequence[ManaAbility]]], counted: int, uncounted: str = ""
) -> str:
    """Why the player may pay an X larger than :data:`MOST_X` (the most mana counted, or why some can't be
    counted), or "" when they can't: from ``counted`` (the pool, cards in hand, cost reductions) and the mana
    each of the player's permanents' abilities (``others``, the families of X apart) add beyond their mana
    costs; ``uncounted``: why some mana can't be counted.

    >>> from models.oracle import parse_oracle
    >>> from models.board import Board
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
    ...     {"id": "s", "card": "Sol Ring", "controller": "me"},
    ...     {"id": "f", "card": "Forest", "controller": "me", "tapped": True}]})
    >>> sol, forest = board.permanents
    >>> ring, = parse_oracle("{T}: Add {C}{C}.").mana_abilities
    >>> green, leaf = parse_oracle("{T}: Add {G}.\\n{G}: Add one mana of any color.").mana_abilities
    >>> more_than_most_x([(sol, [ring]), (forest, [green, leaf])], 14)
    ''
    >>> more_than_most_x([(sol, [ring])], 15)
    'the player could pay 17'
    >>> altar, = parse_oracle("Sacrifice a creature: Add {C}{C}.").mana_abilities
    >>> more_than_most_x([(sol, [ring, altar])], 0)
    'Sol Ring (s) may add mana more than once'
    """
    why = uncounted
    for permanent, abilities in others:
        for ability in abilities:
            most = most_made(ability)
            if most is None:
                why = why or f"what {permanent.name} ({permanent.id}) adds is counted on the board"
                continue
            gain = most - _least_mana(ability)  # (what pays its cost is counted where it is made)
            times = _once(ability, permanent)
            if ability.cost.untap:
                why = why or f"{permanent.name} ({permanent.id}) untaps itself"
            elif times is None and gain > 0:
                why = why or f"{permanent.name} ({permanent.id}) may add mana more than once"
            elif times:
                counted += times * max(gain, 0)
    return why or (f"the player could pay {counted}" if counted > MOST_X else "")


def beyond_most_x(view: BoardView, player: str, result: dict[str, Characteristics]) -> str:
    """:func:`more_than_most_x` for a player on the view's board, the families of X apart (each makes no more
    than it takes): the pool, the cards in hand that make mana, the reductions of abilities' costs, and the
    abilities of the player's permanents in ``result``."""
    owner = view.board.player(player)
    counted = sum(entry.mana.total for entry in owner.pool)
    uncounted = ""
    for card in owner.hand:
        for ability in read_card(card.oracle, card.name, card.type_line).mana_abilities:
            made = most_made(ability)
            counted += made or 0
            uncounted = uncounted or ("" if made is not None else f"what {card.name} in hand adds")
    for sourced in view.effects_of(AbilityCostChange):
        assert isinstance(sourced.effect, AbilityCostChange)
        counted += max(-sourced.effect.generic, 0)
    if next(view.effects_of(ManaTrigger), None) or next(view.effects_of(ProductionReplacement), None):
        uncounted = uncounted or "an effect adds mana or changes what is added"
    others = [(p, result[p.id].mana_abilities) for p in view.board.permanents if p.controller == player]
    return more_than_most_x(others, counted, uncounted)


def family_members(families: Sequence[ManaAbility]) -> list[ManaAbility]:
    """The abilities of families of X (:func:`pays_x`) one permanent has: for each X from 1 to
    :data:`MOST_X`, each family's.

    >>> from models.oracle import parse_oracle
    >>> (rockets,) = parse_oracle("{X}, Sacrifice ~: Add X mana in any combination of colors.").mana_abilities
    >>> [a.cost.describe() for a in family_members([rockets])][:2]
    ['{1}, Sacrifice this', '{2}, Sacrifice this']
    """
    return [paying(family, x) for x in range(1, MOST_X + 1) for family in families]
