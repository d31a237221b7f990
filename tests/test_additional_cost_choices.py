"""A choice of additional costs (issue 35, the families the probes left warned): Bone Shards' "As an
additional cost to cast this spell, sacrifice a creature or discard a card." The player chooses one as the
spell is cast (CR 601.2b) and pays it after the mana abilities (CR 601.2g-h); the planner solves each way as
the spell with that cost (:func:`planner.rules.additional_costs.cost_ways`) and pays the best by the whole
objective, which weighs a card lost from the hand before a permanent sacrificed (``docs/objective.md``).

Each answer is checked against the brute force of ``test_additional_costs`` (every plan of the reference
search, every choice of what pays the cost) run for each way, the best of them.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from boards import ME, card, make_board
from test_additional_costs import BEARS, brute_force

from models.additional_costs import DiscardCost, EitherCost, SacrificeCost
from models.board import Board
from models.oracle.additional_costs import additional_costs
from models.spells import spell_target
from planner.api import PayResult, pay
from planner.rules.additional_costs import AdditionalPaid, cost_ways

#: Bone Shards, as printed.
SHARDS: dict[str, Any] = {
    "name": "Bone Shards",
    "type_line": "Sorcery",
    "mana_cost": "{B}",
    "oracle": "As an additional cost to cast this spell, sacrifice a creature or discard a card.\nDestroy "
    "target creature or planeswalker.",
}


def _checked(board: Board) -> PayResult:
    """The payment of the hand's first card, checked against the best of the brute force over its ways."""
    target = spell_target(board.player(ME).hand[0])
    result = pay(board, target)
    found = [
        brute_force(board, replace(target, additional_costs=way))
        for way in cost_ways(target.additional_costs)
    ]
    best = min((levels for levels in found if levels is not None), default=None)
    assert result.payable == (best is not None), result.reason
    if best is not None:
        assert result.plan is not None and result.optimal
        assert tuple(value for _, value in result.objective) == best
    return result


def test_the_choice_is_read_as_one_cost_of_two_ways() -> None:
    (cost,) = additional_costs(SHARDS["oracle"], SHARDS["name"])
    assert cost == EitherCost((SacrificeCost(1, ("Creature",)), DiscardCost(1)))
    assert str(cost) == "sacrifice a creature or discard a card"
    assert [tuple(map(str, way)) for way in cost_ways((cost,))] == [
        ("sacrifice a creature",),
        ("discard a card",),
    ]
    # (a choice with a part not read stays unread)
    (unread,) = additional_costs("As an additional cost to cast this spell, discard a card or pay 3 life.")
    assert str(unread) == "discard a card or pay 3 life" and not isinstance(unread, EitherCost)


def test_a_creature_is_sacrificed_rather_than_a_card_discarded() -> None:
    """A Swamp pays {B}; the Bears or the Forest card pay the cost: a card lost from the hand weighs first,
    so the Bears go."""
    board = make_board([card("Swamp", "s1"), {**BEARS, "id": "b"}], hand=[SHARDS, "Forest"])
    result = _checked(board)
    assert result.additional == AdditionalPaid(("b",), ())


def test_without_a_creature_a_card_is_discarded() -> None:
    board = make_board([card("Swamp", "s1")], hand=[SHARDS, "Forest"])
    result = _checked(board)
    assert result.additional == AdditionalPaid((), ("Forest",))


def test_the_dork_that_paid_the_mana_is_sacrificed() -> None:
    """{B} from the Swamp; the Elves, untouched, or the Forest card: the Elves (a card weighs first)."""
    board = make_board([card("Swamp", "s1"), card("Llanowar Elves", "elf")], hand=[SHARDS, "Forest"])
    assert _checked(board).additional == AdditionalPaid(("elf",), ())


def test_neither_way_payable_names_both() -> None:
    result = _checked(make_board([card("Swamp", "s1")], hand=[SHARDS]))
    assert result.reason == (
        "sacrifice a creature: me controls no creature; discard a card: me's hand has too few other cards"
    )
