"""Families the ninth probe of unseen cards (mostly printed before 2020) found, now read:

- an alternative cost "If an opponent gained life this turn, you may pay {B} rather than pay this spell's
  mana cost." (Needlebite Trap, CR 118.9): before, the condition was not read and the cost was left out (a
  warned wrong "no"); it now reads the opponents' ``life_gained_this_turn`` (contract section 10);
- an increase of colored mana "Black spells you cast cost {B} more to cast." (Derelor, CR 601.2f): before,
  not read (a warned wrong "yes": {1}{B} paid from two Swamps); the symbols are now added to the total cost,
  before the reductions (The Immortal Sun's {1} less still takes generic mana only, CR 118.7a);
- an amount "{T}: Add {C} for each card you've drawn this turn." (Kydele, Chosen of Kruphix): before, not
  read (a warned wrong "no"); it counts the board's ``cards_drawn_this_turn`` (contract section 10), which no
  mana ability changes (CR 605.1a: an ability that draws is not one).

Values are derived by hand from the rules and checked against the reference search (the alternative cost
against test_alternative_costs.brute_force's outcomes of each way, written by hand).
"""

from __future__ import annotations

from typing import Any

from boards import ME, OPP, checked_verdict, make_board
from test_alternative_costs import Way, brute_force, checked

from models.board import Board
from models.cost import PaymentTarget
from models.oracle.alternative_costs import alternative_cost_of
from models.spells import spell_target
from planner.api import pay
from planner.rules.spell_cost import locked_in
from planner.rules.view import BoardView

TRAP: dict[str, Any] = {
    "name": "Test Trap",
    "type_line": "Instant — Trap",
    "mana_cost": "{5}{B}{B}",
    "oracle": "If an opponent gained life this turn, you may pay {B} rather than pay this spell's mana "
    "cost.\nTarget player loses 5 life and you gain 5 life.",
}


def _gained(board: Board, **gained: int) -> Board:
    """``board`` with each named player's ``life_gained_this_turn``."""
    data = board.to_dict()
    for player in data["players"]:
        player["life_gained_this_turn"] = gained.get(player["id"], 0)
    return Board.from_dict(data)


def test_the_condition_an_opponent_gained_life_is_read() -> None:
    sentence = "If an opponent gained life this turn, you may pay {B} rather than pay ~'s mana cost."
    read = alternative_cost_of(sentence)
    assert read is not None and read.mana == "{B}" and read.if_opponent_gained_life
    assert not read.if_control and not read.if_your_turn
    # other deeds of the turn stay unread (no sentence is guessed); Mindbreak Trap's is another condition
    assert alternative_cost_of(sentence.replace("gained life", "drawn life")) is None
    cast = alternative_cost_of(sentence.replace("gained life", "cast three or more spells"))
    assert cast is not None and cast.if_opponent_cast == 3 and not cast.if_opponent_gained_life


def test_an_alternative_cost_when_an_opponent_gained_life() -> None:
    swamp = make_board([{"card": "Swamp"}], hand=[TRAP])
    # the opponent gained life this turn: {B} from the Swamp instead of {5}{B}{B} (CR 118.9)
    gained = _gained(swamp, **{OPP: 3})
    result = checked(gained, [None, Way("{B}")])
    assert result.payable and result.alternative_cost is not None and not result.warnings
    # nobody gained life, or only the caster did: the mana cost only, which one Swamp can't pay
    assert checked(swamp, [None]).payable is False
    assert checked(_gained(swamp, **{ME: 3}), [None]).payable is False
    # the condition met but no black mana: {B} is still to pay
    forest = _gained(make_board([{"card": "Forest"}], hand=[TRAP]), **{OPP: 2})
    assert checked(forest, [None, Way("{B}")]).payable is False
    # and seven lands pay the mana cost whatever the turn was
    seven = make_board([{"card": "Swamp"}] * 2 + [{"card": "Wastes"}] * 5, hand=[TRAP])
    target = spell_target(seven.player(ME).hand[0])
    assert pay(seven, target).payable and brute_force(seven, target, [None]) is not None


THRULL: dict[str, Any] = {
    "name": "Test Thrull",
    "type_line": "Creature — Thrull",
    "oracle": "Black spells you cast cost {B} more to cast.",
}
SUN: dict[str, Any] = {
    "name": "Test Sun",
    "type_line": "Artifact",
    "oracle": "Spells you cast cost {1} less to cast.",
}


def _total(board: Board, cost: str, **target: Any) -> str:
    return str(locked_in(BoardView(board), PaymentTarget.of(cost, **target), ME).cost)


def _with_and_without(
    lands: list[str], cost: str, by_hand: str, extra: tuple[dict[str, Any], ...] = ()
) -> bool:
    """``pay``'s verdict for ``cost`` with the Thrull, which must be the reference search's verdict for the
    total cost worked out by hand (``by_hand``) on the same board without it (the Thrull makes no mana)."""
    plain = [{"card": land} for land in lands] + list(extra)
    with_thrull = make_board([THRULL, *plain])
    verdict = pay(with_thrull, PaymentTarget.of(cost)).payable
    assert verdict == checked_verdict(make_board(plain), by_hand)
    return verdict


def test_a_colored_increase_is_added_to_the_total_cost() -> None:
    board = make_board([THRULL])
    assert _total(board, "{1}{B}") == "{1}{B}{B}"
    assert _total(board, "{1}{G}") == "{1}{G}"  # (not a black spell)
    assert _total(board, "{W/B}{W/B}") == "{W/B}{W/B}{B}"  # (a hybrid black symbol makes it black too)
    assert _total(make_board([THRULL, SUN]), "{1}{B}") == "{B}{B}"
    # {1}{B} costs {1}{B}{B}: two Swamps can't pay it, three can; a Swamp and two Wastes lack the added {B}
    assert _with_and_without(["Swamp", "Swamp"], "{1}{B}", "{1}{B}{B}") is False
    assert _with_and_without(["Swamp"] * 3, "{1}{B}", "{1}{B}{B}") is True
    assert _with_and_without(["Swamp", "Wastes", "Wastes"], "{1}{B}", "{1}{B}{B}") is False
    assert _with_and_without(["Forest", "Wastes"], "{1}{G}", "{1}{G}") is True
    # with a reduction of {1}: {1}{B}{B} less {1} is {B}{B} (CR 601.2f), generic only (118.7a)
    assert _with_and_without(["Swamp", "Swamp"], "{1}{B}", "{B}{B}", (SUN,)) is True
    assert _with_and_without(["Swamp", "Wastes"], "{1}{B}", "{B}{B}", (SUN,)) is False


DRAWER: dict[str, Any] = {
    "name": "Test Seer",
    "type_line": "Legendary Creature — Human Wizard",
    "oracle": "{T}: Add {C} for each card you've drawn this turn.\nPartner",
    "power": 0,
    "toughness": 4,
}


def _drawn(permanents: list[dict[str, Any]], drawn: int) -> Board:
    data = make_board(permanents).to_dict()
    data["players"][0]["cards_drawn_this_turn"] = drawn
    return Board.from_dict(data)


def test_mana_for_each_card_drawn_this_turn() -> None:
    # three cards drawn: {C}{C}{C} from one tap (CR 106.1), never a fourth
    assert checked_verdict(_drawn([DRAWER], 3), "{3}") is True
    assert checked_verdict(_drawn([DRAWER], 3), "{4}") is False
    assert checked_verdict(_drawn([DRAWER], 3), "{C}{C}{C}") is True
    assert checked_verdict(_drawn([DRAWER], 3), "{G}") is False
    # none drawn: no mana (an ability that adds zero mana adds none, CR 106.1)
    assert checked_verdict(_drawn([DRAWER], 0), "{1}") is False
    # summoning sick: {T} can't be paid (CR 302.6)
    assert checked_verdict(_drawn([{**DRAWER, "summoning_sick": True}], 3), "{1}") is False
    # with Mana Reflection, twice as much: six, not seven (CR 106.1, 614.1a)
    assert checked_verdict(_drawn([DRAWER, {"card": "Mana Reflection"}], 3), "{6}") is True
    assert checked_verdict(_drawn([DRAWER, {"card": "Mana Reflection"}], 3), "{7}") is False
