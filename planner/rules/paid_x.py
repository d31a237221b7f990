"""Mana abilities whose mana cost has {X} and that add X mana (Wizard's Rockets: '{X}, Sacrifice ~: Add X mana
in any combination of colors.'). X is chosen as the cost is paid (CR 107.3a, 601.2b via 602.2b), so such an
ability is a family, one ability for each X from 1 up (X = 0 makes no mana and only takes its other costs), as
the abilities that remove a number of counters are (:func:`planner.rules.executed.removing`).

X goes from 1 to the most mana its controller could pay for it (:func:`payable_for_x`: the pool, the cards
in hand, the reductions of the ability's cost, and what the other mana abilities of the player add beyond
their mana costs when that is fixed by their text, tapped or not; a family of X makes no more than it takes).
A plan's step names an ability by its number, and the mana made so far is in the payment's pool, not on the
board, so the count of a board the payment changed (a Treasure sacrificed) would be smaller: the board a
payment starts from gives its count to every board the payment goes through
(:attr:`models.board.Board.paid_x_most`), and X comes first in the list (:func:`family_members`), so an
ability's number is the same whatever the largest X. Where some mana can't be counted (an amount counted on
the board, an ability that may repeat and gain mana, an effect that adds mana or changes what is added), X
goes to :data:`MOST_X` or the count, with a warning that X goes no further.
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
from planner.rules.ability_costs import counted_change, mana_ability_change_gap

if TYPE_CHECKING:
    from planner.rules.records import Characteristics
    from planner.rules.view import BoardView

__all__ = [
    "MOST_X",
    "family_members",
    "listed_x",
    "most_made",
    "most_payable",
    "payable_for_x",
    "paying",
    "pays_x",
]

#: The largest X of the abilities of a family of X where some of the mana that could pay it can't be counted.
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
    return replace(
        ability,
        cost=replace(ability.cost, mana=ability.cost.mana.with_variables(x)),
        output=replace(ability.output, amount=ability.output.amount.counting(x)),
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
    (tapped or not: the count reads no status, :func:`most_payable`), a sacrifice or return of itself or
    once each turn, as often as its counters allow; None when it may repeat."""
    cost = ability.cost
    own = (
        CostPartKind.RETURN_SELF,
        CostPartKind.EXILE_SELF_FROM_HAND,
        CostPartKind.EXILE_SELF_FROM_GRAVEYARD,
    )
    if cost.tap or cost.sacrifice_self or ability.once_each_turn:
        return 1
    if any(part.kind in own for part in cost.parts):
        return 1
    if cost.remove_counter:
        return permanent.counter(cost.remove_counter) // max(cost.remove_count, 1)
    return None


def most_payable(
    others: Iterable[tuple[Permanent, Sequence[ManaAbility]]], counted: int, uncounted: str = ""
) -> tuple[int, str]:
    """The most mana a player could pay an X with, and why some can't be counted ("" when all can): from
    ``counted`` (the pool, cards in hand, cost reductions) and the mana each of the player's permanents'
    abilities (``others``, the families of X apart) add beyond their mana costs, tapped or not (so that the
    count, which keys the abilities listed, reads no status: :class:`planner.rules.records.Structure`);
    ``uncounted``: why some mana can't be counted.

    >>> from models.oracle import parse_oracle
    >>> from models.board import Board
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
    ...     {"id": "s", "card": "Sol Ring", "controller": "me"},
    ...     {"id": "f", "card": "Forest", "controller": "me", "tapped": True}]})
    >>> sol, forest = board.permanents
    >>> ring, = parse_oracle("{T}: Add {C}{C}.").mana_abilities
    >>> green, leaf = parse_oracle("{T}: Add {G}.\\n{G}: Add one mana of any color.").mana_abilities
    >>> most_payable([(sol, [ring]), (forest, [green, leaf])], 14)
    (17, '')
    >>> altar, = parse_oracle("Sacrifice a creature: Add {C}{C}.").mana_abilities
    >>> most_payable([(sol, [ring, altar])], 0)
    (2, 'Sol Ring (s) may add mana more than once')
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
    return counted, why


def payable_for_x(view: BoardView, player: str, result: dict[str, Characteristics]) -> tuple[int, str]:
    """:func:`most_payable` for a player on the view's board, the families of X apart (each makes no more
    than it takes): the pool (or the most one held on the board the view's structure was made from,
    :attr:`models.board.Board.pool_most`), the cards in hand that make mana, the reductions of abilities'
    costs, and the abilities of the player's permanents in ``result``."""
    board = view.board
    owner = board.player(player)
    counted = max(sum(entry.mana.total for entry in owner.pool), board.pool_most)
    uncounted = ""
    for card in owner.hand:
        for ability in read_card(card.oracle, card.name, card.type_line).mana_abilities:
            made = most_made(ability)
            counted += made or 0
            uncounted = uncounted or ("" if made is not None else f"what {card.name} in hand adds")
    for sourced in view.effects_of(AbilityCostChange):
        effect = sourced.effect
        assert isinstance(effect, AbilityCostChange)
        if effect.non_mana or effect.keyword:
            continue  # (no mana ability's cost: Suppression Field, Zirda, Boom Scholar)
        if effect.first_each_turn or mana_ability_change_gap(view, sourced) is None:
            # (Tezzeret's first activation: at most once, an upper bound of what X may be)
            counted += max(-counted_change(view, sourced).generic, 0)
        else:
            uncounted = uncounted or f"what {effect.text!r} takes off"
    if next(view.effects_of(ManaTrigger), None) or next(view.effects_of(ProductionReplacement), None):
        uncounted = uncounted or "an effect adds mana or changes what is added"
    others = [(p, result[p.id].mana_abilities) for p in board.permanents if p.controller == player]
    return most_payable(others, counted, uncounted)


def listed_x(counts: Iterable[tuple[int, str]], given: int | None) -> int:
    """The largest X the families of X of a board are listed to, from each controller's count
    (:func:`payable_for_x`) and the X given by the board a payment started from (``given``:
    :attr:`models.board.Board.paid_x_most`, which the count of a board the payment changed may be below):
    at least 1 (what the ability could produce, CR 106.7, reads no cost), and :data:`MOST_X` where some mana
    can't be counted.

    >>> listed_x([(23, ""), (2, "")], None), listed_x([(0, "")], None), listed_x([(3, "")], 9)
    (23, 1, 9)
    >>> listed_x([(3, "what Cradle (c) adds is counted on the board")], None)
    16
    """
    most = max(1, given or 0)
    for counted, why in counts:
        most = max(most, counted, MOST_X if why else 0)
    return most


def family_members(families: Sequence[ManaAbility], most: int) -> list[ManaAbility]:
    """The abilities of families of X (:func:`pays_x`) one permanent has: for each X from 1 to ``most``,
    each family's (X first: an ability's number is the same whatever ``most``).

    >>> from models.oracle import parse_oracle
    >>> (rockets,) = parse_oracle("{X}, Sacrifice ~: Add X mana in any combination of colors.").mana_abilities
    >>> [a.cost.describe() for a in family_members([rockets], 2)]
    ['{1}, Sacrifice this', '{2}, Sacrifice this']
    """
    return [paying(family, x) for x in range(1, most + 1) for family in families]
