"""A mana ability whose mana cost has {X} and that adds X mana (issue 35, the families the probes left
warned): Wizard's Rockets' '{X}, Sacrifice this artifact: Add X mana in any combination of colors.'

By the rules X is chosen as the cost is paid and paid by other mana (CR 107.3a, 602.2b, 601.2b), so the
ability is one ability for each X from 1 (X = 0 adds nothing) to the most mana the player could pay it with
(:mod:`planner.rules.paid_x`), with a warning where some of that can't be counted. It makes as much as it
takes: it fixes colors and never adds mana. A reduction of activated abilities' costs (Blossoming
Tortoise's) applies to the total cost with X in it (CR 601.2f), so X can be one more than the mana that
pays it.

The cards are made up, written in the phrases of those cards. Values are derived by hand from the rules; each
board is checked against the reference search too.
"""

from __future__ import annotations

from typing import Any

from boards import checked_verdict, largest_x, make_board, mine

from models.abilities import AmountKind
from models.board import Board
from models.catalogue import CardData
from models.cost import PaymentTarget
from models.oracle import parse_oracle
from planner.api import could_produce, pay, text_warnings
from planner.describe import card_details, format_details
from planner.rules.paid_x import MOST_X
from planner.rules.records import WarningKind
from planner.rules.reference import reference_search
from planner.rules.view import BoardView
from planner.turn import plan_turn

#: Wizard's Rockets' mana ability.
ROCKETS: dict[str, Any] = {
    "name": "Test Rockets",
    "type_line": "Artifact",
    "mana_cost": "{1}",
    "oracle": "{X}, Sacrifice this artifact: Add X mana in any combination of colors.\nWhen this artifact is "
    "put into a graveyard from the battlefield, draw a card.",
}
#: Blossoming Tortoise's reduction, on an enchantment.
TORTOISE: dict[str, Any] = {
    "name": "Test Tortoise",
    "type_line": "Enchantment",
    "oracle": "Activated abilities of artifacts you control cost {1} less to activate.",
}
#: Eldrazi Spawn's mana ability: a sacrifice that leaves the board before the Rockets take the mana.
SPAWN: dict[str, Any] = {
    "name": "Test Spawn",
    "type_line": "Creature — Eldrazi Spawn",
    "oracle": "Sacrifice this creature: Add {C}.",
}
#: An amount counted on the board: what no fixed count bounds.
CRADLE: dict[str, Any] = {
    "name": "Test Cradle",
    "type_line": "Land",
    "oracle": "{T}: Add {G} for each creature you control.",
}


def board_ids(board: Board) -> list[str]:
    return [p.id for p in board.permanents]


def _wastes(count: int) -> list[dict[str, Any]]:
    return [mine(f"w{n}", "Wastes") for n in range(count)]


def test_the_ability_is_read_with_x_paid_and_added() -> None:
    parsed = parse_oracle(ROCKETS["oracle"], ROCKETS["name"])
    assert [s.read_as for s in parsed.sentences] == ["mana_ability", "ignored"]
    (rockets,) = parsed.mana_abilities
    assert rockets.cost.mana.has_variable and rockets.cost.sacrifice_self
    assert rockets.output.amount.kind is AmountKind.PAID_X
    # an {X} the mana added does not read is not read
    (sentence,) = parse_oracle("{X}, {T}: Add {C}.").sentences
    assert sentence.read_as == "unsupported"


def test_the_rockets_turn_colorless_mana_into_colors_and_add_none() -> None:
    """Two Wastes and a Forest: X = 2 paid with {C}{C} makes {U}{B}, the Forest {G}; X = 3 takes the
    Forest too, for {U}{B}{R}. Four mana never: the Rockets make what they take, once (a sacrifice)."""
    board = make_board([mine("r", ROCKETS), *_wastes(2), mine("f", "Forest")], opponent=False)
    view = BoardView(board)
    # (X up to the three mana the Wastes and the Forest make)
    assert [a.cost.describe() for a in view.mana_abilities("r")] == [
        f"{{{x}}}, Sacrifice this" for x in range(1, 4)
    ]
    assert str(could_produce(board)["r"]) == "WUBRG" and not text_warnings(board)
    assert checked_verdict(board, "{U}{B}{G}") and checked_verdict(board, "{U}{B}{R}")
    assert not checked_verdict(board, "{U}{B}{R}{G}") and not checked_verdict(board, "{U}{B}{G}{G}")
    assert largest_x(board) == 3
    paid = pay(board, PaymentTarget.of("{U}{B}{G}"))
    assert paid.sacrificed == ("r",) and sorted(paid.tapped) == ["f", "w0", "w1"]
    (rocket,) = [step for step in paid.steps if step.permanent == "r"]
    # (X = 2 paid with the Wastes' {C}{C} for {U}{B} beside the Forest's {G}, or X = 3 taking the {G} too and
    # giving it back: the same taps and sacrifice, tied at every level of the objective, its tie-break's too)
    made = {"{C}{C}": "{U}{B}", "{G}{C}{C}": "{U}{B}{G}"}
    assert str(rocket.paid_with) in made and str(rocket.produced) == made[str(rocket.paid_with)]


def test_alone_the_rockets_make_nothing() -> None:
    """Nothing pays X: no mana (X = 0 adds none)."""
    board = make_board([mine("r", ROCKETS)], opponent=False)
    assert largest_x(board) == 0 and not checked_verdict(board, "{R}")


def test_a_reduction_of_the_cost_makes_x_one_more_than_the_mana_paid() -> None:
    """The Tortoise takes {1} off the total cost with X in it (CR 601.2f): X = 1 costs nothing, so the Rockets
    alone make {R}; with a Wastes, X = 2 for {1}: {R}{R}, or X = 1 and the Wastes' {C}."""
    alone = make_board([mine("t", TORTOISE), mine("r", ROCKETS)], opponent=False)
    assert checked_verdict(alone, "{R}") and not checked_verdict(alone, "{R}{R}")
    board = make_board([mine("t", TORTOISE), mine("r", ROCKETS), *_wastes(1)], opponent=False)
    assert checked_verdict(board, "{R}{G}") and checked_verdict(board, "{R}{C}")
    assert not checked_verdict(board, "{R}{G}{C}") and largest_x(board) == 2


def test_where_the_player_could_pay_more_than_the_largest_x_a_warning_says_so() -> None:
    """X goes to :data:`MOST_X`: the Cradle's {G} for each creature is not counted ahead, so the warning says
    X goes no further; so it does beside more mana than that. Two Elves and the Cradle: {G}{G}, the Elves'
    {G}{G} (they came in earlier), the Wastes {C}: five mana, any colors through the Rockets."""
    board = make_board(
        [mine("r", ROCKETS), mine("c", CRADLE), mine("e", "Llanowar Elves"), mine("l", "Llanowar Elves"),
         *_wastes(1)],
        opponent=False,
    )  # fmt: skip
    (warning,) = text_warnings(board)
    assert warning.permanent == "r" and warning.kind is WarningKind.BOUNDED
    assert warning.reason == f"X up to {MOST_X}: what Test Cradle (c) adds is counted on the board"
    assert checked_verdict(board, "{W}{U}{B}{R}{G}", max_states=200_000)
    # (within the bound the answer is never called optimal, and a "no" is no answer: payable None, with why;
    # the reference search, which has the same bound, finds no payment)
    paid = pay(board, PaymentTarget.of("{W}{U}{B}{R}{G}"))
    assert paid.payable is True and not paid.optimal
    unpaid = pay(board, PaymentTarget.of("{W}{U}{B}{R}{G}{G}"))
    assert unpaid.payable is None and not unpaid.optimal and "not proven" in (unpaid.reason or "")
    assert (
        reference_search(board, PaymentTarget.of("{W}{U}{B}{R}{G}{G}"), max_states=200_000).payable is False
    )


def test_x_goes_as_far_as_the_board_can_pay() -> None:
    """Eighteen Wastes (more than :data:`MOST_X`): X goes to 18, with no warning, so eighteen {R} are paid
    (X = 18 paid with the eighteen {C}) and a "no" to nineteen is an answer. By hand: the Rockets make what
    they take, so 18 mana at most, all of it red only through them."""
    board = make_board([mine("r", ROCKETS), *_wastes(MOST_X + 2)], opponent=False)
    assert not text_warnings(board) and BoardView(board).paid_x_most == MOST_X + 2
    assert largest_x(board) == MOST_X + 2
    red = pay(board, PaymentTarget.of("{R}" * (MOST_X + 2)))
    assert red.payable is True and red.optimal and red.sacrificed == ("r",)
    (rocket,) = [step for step in red.steps if step.permanent == "r"]
    assert str(rocket.paid_with) == "{C}" * (MOST_X + 2)
    unpaid = pay(board, PaymentTarget.of("{R}" * (MOST_X + 3)))
    assert unpaid.payable is False and unpaid.optimal


def test_mana_made_by_sacrifices_before_the_rockets_still_pays_their_x() -> None:
    """Seventeen Spawn ('Sacrifice this creature: Add {C}'): each is gone once its mana is made, so the board
    after them counts none, yet the pool pays X = 17 and the Rockets make seventeen {G}: the largest X is the
    board's the payment started from (``Board.paid_x_most``), and the plan replays. By hand: 17 {C}, so
    seventeen green (all through the Rockets), never eighteen."""
    spawn = [mine(f"s{n}", SPAWN) for n in range(MOST_X + 1)]
    board = make_board([mine("r", ROCKETS), *spawn], opponent=False)
    assert not text_warnings(board)
    green = pay(board, PaymentTarget.of("{G}" * (MOST_X + 1)))
    assert green.payable is True and green.optimal and sorted(green.sacrificed) == sorted(board_ids(board))
    assert pay(board, PaymentTarget.of("{G}" * (MOST_X + 2))).payable is False
    small = make_board([mine("r", ROCKETS), *[mine(f"s{n}", SPAWN) for n in range(2)]], opponent=False)
    assert checked_verdict(small, "{G}{G}") and not checked_verdict(small, "{G}{G}{G}")
    # (X = 1 takes one Spawn's {C}, the other pays {C}; two mana in all)
    assert checked_verdict(small, "{G}{C}") and not checked_verdict(small, "{G}{G}{C}")


def test_the_pool_pays_x_too() -> None:
    """Eighteen {C} floating and the Rockets: X = 18 paid from the pool, eighteen {U}; and one Wastes more,
    19. By hand: what the pool holds and the Wastes make, turned into colors."""
    board = make_board([mine("r", ROCKETS)], pool=["{C}" * (MOST_X + 2)], opponent=False)
    assert not text_warnings(board)
    assert pay(board, PaymentTarget.of("{U}" * (MOST_X + 2))).payable is True
    assert pay(board, PaymentTarget.of("{U}" * (MOST_X + 3))).payable is False
    more = make_board([mine("r", ROCKETS), *_wastes(1)], pool=["{C}" * (MOST_X + 2)], opponent=False)
    assert pay(more, PaymentTarget.of("{U}" * (MOST_X + 3))).payable is True
    small = make_board([mine("r", ROCKETS), *_wastes(1)], pool=["{C}{C}"], opponent=False)
    assert checked_verdict(small, "{U}{U}{U}") and not checked_verdict(small, "{U}{U}{U}{U}")


def test_the_card_is_described_as_one_ability() -> None:
    """``cards`` shows the family as written, never its abilities as if its basic land types gave them."""
    details = card_details(
        CardData(name=ROCKETS["name"], type_line=ROCKETS["type_line"], oracle=ROCKETS["oracle"])
    )
    assert details["intrinsic_mana_abilities"] == []
    (ability,) = details["mana_abilities"]
    assert ability["cost"] == "{X}, Sacrifice this" and "X (the X paid)" in format_details(details)


def test_a_turn_pays_x_in_its_second_spell_from_what_the_first_left() -> None:
    """Two Spawn, two Wastes and the Rockets: {C}{C} first (the Wastes, or two Spawn), then {R}{R}, which only
    the Rockets make (X = 2 paid with the two {C} left); four mana in all, so {R}{R}{R} after {C}{C} is no."""
    board = make_board(
        [mine("r", ROCKETS), mine("s0", SPAWN), mine("s1", SPAWN), *_wastes(2)], opponent=False
    )
    turn = plan_turn(board, casts=["{C}{C}", "{R}{R}"], time_limit=60)
    assert turn.castable is True and turn.optimal and len(turn.spells) == 2
    assert plan_turn(board, casts=["{C}{C}", "{R}{R}{R}"], time_limit=60).castable is False
