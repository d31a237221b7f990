"""Additional costs paid in life or in the spell's own X (issue 35, probe 10's warned wrong answers).

- "As an additional cost to cast this spell, discard a card or pay 3 life." (the shape of Bitter Triumph): a
  choice of costs (CR 601.2b), the life paid with the mana after the mana abilities (601.2g-h), so that it
  needs the life total left then (CR 119.4: paying N life needs N life; a pain land's damage comes first).
- "As an additional cost to cast this spell, pay {X}." (the shape of Old Stickfingers): the X is the X of the
  mana cost (CR 107.3), so the total cost (601.2f) has it twice; the mana value on the stack counts it once
  (CR 202.3e).

Each answer is checked against the brute force of ``test_additional_costs`` (the reference search, every
choice of cards discarded) run for each way with its total cost worked out by hand.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from boards import ME, card, make_board
from test_additional_costs import brute_force

from models.additional_costs import DiscardCost, EitherCost, LifeCost
from models.board import Board
from models.cost import PaymentTarget
from models.oracle.additional_costs import additional_costs
from models.spells import spell_target
from planner.api import PayResult, max_x, pay, spell_text_warnings
from planner.rules.additional_costs import AdditionalPaid
from planner.rules.reference import reference_search
from planner.turn import plan_turn

#: A removal spell of the shape "discard a card or pay 3 life" (own name and effect).
TRIUMPH: dict[str, Any] = {
    "name": "Test Triumph",
    "type_line": "Instant",
    "mana_cost": "{1}{B}",
    "oracle": "As an additional cost to cast this spell, discard a card or pay 3 life.\n"
    "Destroy target creature.",
}
#: A creature of the shape "pay {X}" on top of an X in its mana cost (own name and effect).
STICKY: dict[str, Any] = {
    "name": "Test Sticky",
    "type_line": "Creature — Horror",
    "mana_cost": "{X}{B}{G}",
    "oracle": "As an additional cost to cast this spell, pay {X}.\nWhen Test Sticky enters, draw X cards.",
}


def _triumph(board: Board) -> PayResult:
    """The payment of the Triumph, checked against the brute force over its two ways, each with its total
    cost by hand (CR 601.2f): {1}{B} and a card discarded, or {1}{B} and 3 life paid with it (601.2h)."""
    target = spell_target(board.player(ME).hand[0])
    ways = [
        replace(target, additional_costs=(DiscardCost(1),)),
        replace(target, additional_costs=(), additional_life=3),
    ]
    found = [levels for levels in (brute_force(board, way) for way in ways) if levels is not None]
    result = pay(board, target)
    assert result.payable == bool(found), result.reason
    if found:
        assert result.optimal and tuple(value for _, value in result.objective) == min(found)
    return result


def test_the_choice_of_a_card_or_life_is_read() -> None:
    (cost,) = additional_costs(TRIUMPH["oracle"], TRIUMPH["name"])
    assert cost == EitherCost((DiscardCost(1), LifeCost(3)))
    assert not spell_text_warnings(spell_target(make_board([], hand=[TRIUMPH]).player(ME).hand[0]))


def test_two_life_and_no_other_card_is_no() -> None:
    """2 life can't pay 3 (CR 119.4) and the hand holds nothing but the spell (CR 601.2a): main said a
    warned "yes"."""
    board = make_board([card("Swamp", "s1"), card("Swamp", "s2")], hand=[TRIUMPH], life=2)
    result = _triumph(board)
    assert not result.payable
    assert (
        result.reason
        == "discard a card: me's hand has too few other cards; pay 3 life: me has 2 life (CR 119.4)"
    )


def test_exactly_three_life_pays_three() -> None:
    """At 3 life, 3 life may be paid (CR 119.4), down to 0."""
    board = make_board([card("Swamp", "s1"), card("Swamp", "s2")], hand=[TRIUMPH], life=3)
    result = _triumph(board)
    assert result.payable and result.life_paid == 3 and result.additional == AdditionalPaid(life=3)


def test_a_pain_lands_damage_comes_before_the_life() -> None:
    """{B} only from a pain land (1 damage as its mana ability resolves, CR 601.2g), then 3 life (601.2h):
    at 3 life, 2 are left, too few (CR 119.4); at 4 life, 1 damage and 3 paid."""
    lands = [card("Llanowar Wastes", "p1"), card("Llanowar Wastes", "p2")]
    assert not _triumph(make_board(lands, hand=[TRIUMPH], life=3)).payable
    four = _triumph(make_board(lands, hand=[TRIUMPH], life=4))
    assert four.payable and (four.life_paid, four.damage_taken) == (3, 1)
    # (the CP-SAT model, which a value for life sends the question to, agrees)
    for life, payable in ((3, False), (4, True)):
        board = make_board(lands, hand=[TRIUMPH], life=life)
        weighed = pay(board, spell_target(board.player(ME).hand[0]), life_value=1)
        assert weighed.payable == payable and weighed.engine == "cp-sat", weighed.reason


def test_with_a_card_in_hand_both_ways_are_weighed() -> None:
    board = make_board([card("Swamp", "s1"), card("Swamp", "s2")], hand=[TRIUMPH, "Forest"])
    assert _triumph(board).payable
    low = _triumph(make_board([card("Swamp", "s1"), card("Swamp", "s2")], hand=[TRIUMPH, "Forest"], life=1))
    assert low.payable and low.additional.discarded == ("Forest",) and low.life_paid == 0


def test_the_life_is_counted_by_the_reference_search() -> None:
    """The reference search pays the life with the mana: one Swamp's {B} and 3 life at 3 life, none at 2."""
    board = make_board([card("Swamp", "s1")], life=3)
    target = replace(PaymentTarget.of("{B}"), additional_life=3)
    assert {s.life_paid for s in reference_search(board, target, ME).outcomes} == {3}
    assert not reference_search(make_board([card("Swamp", "s1")], life=2), target, ME).payable


def test_a_turn_pays_the_life_way() -> None:
    """No other card in hand: the turn pays 3 life for the Triumph at 4 life (CR 601.2b, 119.4); at 3 life
    it would leave its player at 0, which a turn's plan never does (CR 704.5a)."""
    bear = {"id": "ob", "name": "Bear", "type_line": "Creature — Bear", "oracle": "", "controller": "opp"}
    lands = [card("Swamp", "s1"), card("Swamp", "s2"), bear]
    turn = plan_turn(make_board(lands, hand=[TRIUMPH], life=4), casts=["Test Triumph"])
    assert turn.castable
    (cast,) = turn.spells
    assert cast.payment.life_paid == 3 and cast.payment.additional == AdditionalPaid(life=3)
    assert not plan_turn(make_board(lands, hand=[TRIUMPH], life=3), casts=["Test Triumph"]).castable


# ------------------------------------------------------------------------------------------- pay {X}
def _sticky_board(*lands: str) -> Board:
    return make_board([card(name, f"l{n}") for n, name in enumerate(lands)], hand=[STICKY])


def test_pay_x_is_the_same_x() -> None:
    target = spell_target(_sticky_board().player(ME).hand[0])
    assert str(target.additional_mana) == "{X}" and target.additional_costs == ()
    assert not spell_text_warnings(target)
    # (X = 2: {2}{B}{G} and {2} more, CR 107.3, 601.2f; the mana value is 2 + X = 4, CR 202.3e)
    chosen = target.with_x(2)
    assert str(chosen.cost + chosen.additional_mana) == "{4}{B}{G}" and chosen.mana_value == 4


def test_the_largest_x_counts_it_twice() -> None:
    """Seven lands, one {B} and one {G}: 2X + 2 <= 7, so X = 2 (main said 5)."""
    board = _sticky_board("Swamp", "Forest", *["Wastes"] * 5)
    result = max_x(board, spell_target(board.player(ME).hand[0]))
    assert result.payable and result.x == 2 and result.total_cost == "{4}{B}{G}"
    # (the reference search agrees: {4}{B}{G} payable, {6}{B}{G} (X = 3) not)
    assert reference_search(board, PaymentTarget.of("{4}{B}{G}"), ME).payable
    assert not reference_search(board, PaymentTarget.of("{6}{B}{G}"), ME).payable


def test_pay_with_x_given() -> None:
    board = _sticky_board("Swamp", "Forest", *["Wastes"] * 5)
    target = spell_target(board.player(ME).hand[0])
    two = pay(board, target, x=2)
    assert two.payable and two.total_cost == "{4}{B}{G}" and len(two.tapped) == 6
    assert not pay(board, target, x=3).payable


def test_restricted_mana_reads_the_mana_value_once() -> None:
    """'Spend this mana only to cast spells with mana value 5 or greater': the spell's mana value is 2 + X
    (CR 202.3e: the additional {X} is no part of it). Swamp, Forest, two Wastes and the Vault's {C}{C}: X = 2
    (total {4}{B}{G}, mana value 4) can't spend the Vault's mana and the Wastes make two of the four; X = 1
    (total {2}{B}{G}) is paid without it. Counting the {X} twice in the mana value would let X = 2 use it."""
    land = {
        "id": "big",
        "name": "Test Vault",
        "type_line": "Land",
        "oracle": "{T}: Add {C}{C}. Spend this mana only to cast spells with mana value 5 or greater.",
    }
    lands = [card("Swamp", "s"), card("Forest", "f"), land, card("Wastes", "w1"), card("Wastes", "w2")]
    board = make_board(lands, hand=[STICKY])
    target = spell_target(board.player(ME).hand[0])
    result = max_x(board, target)
    assert result.payable and result.x == 1 and result.total_cost == "{2}{B}{G}"
    for x, payable in ((1, True), (2, False)):
        total = replace(PaymentTarget.of(f"{{{2 * x}}}{{B}}{{G}}"), stack_mana_value=2 + x)
        assert reference_search(board, total, ME).payable == payable
        assert pay(board, target, x=x).payable == payable
