"""The Marches' optional additional cost (issue 35): "As an additional cost to cast this spell, you may exile
any number of black cards from your hand. This spell costs {2} less to cast for each card exiled this way."
(March of Wretched Sorrow, and the cycle's other colors). The cards are chosen as the spell is announced (CR
601.2b), each one takes {2} off the generic part of the total cost, X's included (601.2f, 107.3), and they
leave the hand as the cost is paid (601.2h): a card exiled so can't be exiled for its own mana too (a Spirit
Guide), and the spell itself is on the stack, not in the hand (601.2a).

Each expected answer is worked out by hand first, then checked against the reference search: the board
without the cards exiled, paying the total cost worked out by hand (:func:`reference_pays`). The cards are
small fixtures written here.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from boards import ME, OPP, card, make_board

from models.additional_costs import DiscardCost, OptionalSacrifice
from models.board import Board
from models.cost import PaymentTarget
from models.oracle import parse_oracle
from models.oracle.additional_costs import additional_costs
from models.spells import find_spell, spell_target
from planner.api import max_x, pay, text_warnings
from planner.rules.additional_costs import without_cards
from planner.rules.reference import reference_search
from planner.turn import plan_turn


def march(name: str, color: str, word: str) -> dict[str, Any]:
    """A March of ``color`` ({X} and one colored mana): its optional exile and reduction, and an effect."""
    return {
        "name": name,
        "type_line": "Instant",
        "mana_cost": "{X}{" + color + "}",
        "oracle": f"As an additional cost to cast this spell, you may exile any number of {word} cards from "
        "your hand. This spell costs {2} less to cast for each card exiled this way.\n"
        f"{name} deals X damage to target creature.",
    }


SORROW = march("Test Sorrow", "B", "black")
LIGHT = march("Test Light", "W", "white")
JOY = march("Test Joy", "R", "red")
ROGUE = {"name": "Test Rogue", "type_line": "Creature — Human Rogue", "mana_cost": "{1}{B}"}
KNIGHT = {"name": "Test Knight", "type_line": "Creature — Human Knight", "mana_cost": "{1}{W}"}


def reference_pays(board: Board, exiled: tuple[str, ...], cost: str) -> bool:
    """The reference search's verdict on ``cost`` (the total cost worked out by hand) from ``board`` once
    the cards ``exiled`` left the hand."""
    return bool(reference_search(without_cards(board, ME, exiled), PaymentTarget.of(cost), ME).outcomes)


def cast(board: Board, name: str) -> PaymentTarget:
    """The payment target of casting the card called ``name`` from the player's hand."""
    return spell_target(find_spell(board.player(ME), name))


def test_the_exile_and_its_reduction_are_read_as_one_optional_cost() -> None:
    (cost,) = additional_costs(SORROW["oracle"], SORROW["name"])
    assert cost == OptionalSacrifice(DiscardCost(1, colors="B", exiled=True), None, reduction=2)
    read = parse_oracle(SORROW["oracle"], SORROW["name"])
    assert not read.unsupported
    board = make_board([card("Swamp", "s")], hand=[SORROW])
    assert not text_warnings(board)


def test_two_black_cards_take_four_off_x() -> None:
    """Three Swamps: X = 2 without exiling ({2}{B}); each black card exiled takes {2} off the total cost, so
    with two of them X = 6 ({6}{B} less {4} is {2}{B}), and X = 7 would leave {3}{B}."""
    swamps = [card("Swamp", f"s{n}") for n in range(3)]
    board = make_board(swamps, hand=[SORROW, ROGUE, ROGUE])
    found = max_x(board, cast(board, "Test Sorrow"))
    assert found.x == 6 and found.optimal
    assert found.additional.exiled and found.additional.discarded == ("Test Rogue", "Test Rogue")
    rogues = ("Test Rogue", "Test Rogue")
    assert reference_pays(board, rogues, "{2}{B}") and not reference_pays(board, rogues, "{3}{B}")
    alone = make_board(swamps, hand=[SORROW])
    assert max_x(alone, cast(alone, "Test Sorrow")).x == 2
    assert reference_pays(alone, (), "{2}{B}") and not reference_pays(alone, (), "{3}{B}")


def test_pay_with_x_chosen_exiles_only_what_it_needs() -> None:
    """X = 4 from three Swamps: {4}{B} less {2} (one Rogue) is {2}{B}; exiling the second takes off what the
    lands pay anyway, and keeps a card less. X = 7 is not payable: {7}{B} less {4} is {3}{B}."""
    board = make_board([card("Swamp", f"s{n}") for n in range(3)], hand=[SORROW, ROGUE, ROGUE])
    target = cast(board, "Test Sorrow")
    four = pay(board, target, x=4)
    assert four.payable and four.additional.discarded == ("Test Rogue",) and four.total_cost == "{2}{B}"
    assert four.to_json()["additional_costs"] == {"sacrificed": [], "discarded": [], "exiled": ["Test Rogue"]}
    assert reference_pays(board, ("Test Rogue",), "{2}{B}")
    assert not pay(board, target, x=7).payable
    assert not reference_pays(board, ("Test Rogue", "Test Rogue"), "{3}{B}")


def test_only_cards_of_the_marchs_color_may_be_exiled() -> None:
    """The white March exiles white cards: a Plains and a Wastes pay {1}{W}, so X = 1 with the black Rogue in
    hand (it can't go), X = 3 with the white Knight ({3}{W} less {2})."""
    lands = [card("Plains", "p"), card("Wastes", "w")]
    black = make_board(lands, hand=[LIGHT, ROGUE])
    assert max_x(black, cast(black, "Test Light")).x == 1
    assert reference_pays(black, (), "{1}{W}") and not reference_pays(black, (), "{2}{W}")
    white = make_board(lands, hand=[LIGHT, KNIGHT, ROGUE])
    found = max_x(white, cast(white, "Test Light"))
    assert found.x == 3 and found.additional.discarded == ("Test Knight",)
    assert reference_pays(white, ("Test Knight",), "{1}{W}")
    assert not reference_pays(white, ("Test Knight",), "{2}{W}")


def test_a_second_copy_of_the_march_may_be_exiled_but_not_the_one_cast() -> None:
    """CR 601.2a: the March cast is on the stack; the other copy in hand is a white card. A Plains pays {W}:
    X = 2 with the copy exiled ({2}{W} less {2}); with one copy alone, X = 0."""
    board = make_board([card("Plains", "p")], hand=[LIGHT, LIGHT])
    found = max_x(board, cast(board, "Test Light"))
    assert found.x == 2 and found.additional.discarded == ("Test Light",)
    alone = make_board([card("Plains", "p")], hand=[LIGHT])
    assert max_x(alone, cast(alone, "Test Light")).x == 0
    assert reference_pays(alone, (), "{W}") and not reference_pays(alone, (), "{1}{W}")


def test_a_spirit_guide_is_exiled_for_the_cost_or_for_its_mana_not_both() -> None:
    """A Mountain and a Simian Spirit Guide (a red card: 'Exile ~ from your hand: Add {R}'): exiled for its
    mana, {R}{R} pays X = 1; exiled for the cost, {2} comes off and the Mountain pays {R}: X = 2. Never both
    (X = 3 would need {1}{R} from the Mountain alone)."""
    board = make_board([card("Mountain", "m")], hand=[JOY, "Simian Spirit Guide"])
    found = max_x(board, cast(board, "Test Joy"))
    assert found.x == 2 and found.additional.discarded == ("Simian Spirit Guide",)
    guide = ("Simian Spirit Guide",)
    assert reference_pays(board, (), "{1}{R}") and not reference_pays(board, (), "{2}{R}")
    assert reference_pays(board, guide, "{R}") and not reference_pays(board, guide, "{1}{R}")
    assert not pay(board, cast(board, "Test Joy"), x=3).payable


def test_another_discard_beside_the_exile_is_not_planned_in_silence() -> None:
    """A spell that also discards (any card) is not planned with the exile of one color: the exile is kept
    as written (warned where it is weighed), never paid with a card of the wrong kind."""
    text = (
        "As an additional cost to cast this spell, discard a card.\n" + SORROW["oracle"].split("\n")[0] + "\n"
    )
    costs = additional_costs(text)
    assert costs[0] == DiscardCost(1) and not isinstance(costs[1], OptionalSacrifice)


def test_a_turn_plan_leaves_the_exile_out_with_a_note() -> None:
    """plan-turn weighs no exile from the hand: it casts the March (X = 1) without it, says so in a note,
    and does not call the plan optimal."""
    target = {
        "name": "Test Bear",
        "type_line": "Creature — Bear",
        "id": "b",
        "controller": OPP,
        "power": 2,
        "toughness": 2,
    }
    board = make_board([card("Swamp", f"s{n}") for n in range(2)] + [target], hand=[SORROW, ROGUE])
    plan = plan_turn(board, casts=["Test Sorrow"])
    assert [spell.card for spell in plan.spells] == ["Test Sorrow"]
    assert any("not planned in turn plans" in note for note in plan.notes) and not plan.optimal


def test_the_way_reduction_is_the_paid_reduction() -> None:
    target = replace(PaymentTarget.of("{X}{B}"), paid_reduction=4)
    board = make_board([card("Swamp", f"s{n}") for n in range(3)])
    assert max_x(board, target).x == 6
