"""Life payments replaced by cards exiled from the library (Ashiok, Wicked Manipulator's shape: "If you would
pay life while your library has at least that many cards in it, exile that many cards from the top of your
library instead."): read by the grammar and executed by the rules replay, the reference search, pay and max-x.

The values are worked out by hand from the rules: each payment is one event (a mana ability's cost as it is
activated, CR 601.2g; the total cost's life as a whole, 601.2h), judged on the life total first (119.4: 2
life can't be paid at 1 life, whatever the library holds), then replaced when the library holds at least that
many cards (614.1a): the life total does not change, the library loses that many cards."""

from __future__ import annotations

from typing import Any

from boards import ME

from models.board import Board
from models.cost import PaymentTarget
from models.oracle import parse_oracle
from models.spells import spell_target
from planner.api import max_x, pay
from planner.rules.reference import reference_search
from planner.rules.replay import replay
from planner.solve.objective import objective_of, objectives_on
from planner.turn import plan_turn

SEER = (
    "If you would pay life while your library has at least that many cards in it, exile that many cards "
    "from the top of your library instead."
)
PUMP = "Pay 2 life: Add {B}."
KRRIK = "For each {B} in a cost, you may pay 2 life rather than pay that mana."


def _toy(pid: str, oracle: str, type_line: str = "Artifact") -> dict[str, Any]:
    return {"id": pid, "name": f"Test {pid}", "type_line": type_line, "oracle": oracle, "controller": "me"}


def _board(life: int, library: int | None, *permanents: dict[str, Any]) -> Board:
    me: dict[str, Any] = {"id": "me", "life": life}
    if library is not None:
        me["library"] = library
    seer = _toy("seer", SEER, "Enchantment")
    return Board.from_dict({"version": 1, "players": [me, {"id": "opp"}], "permanents": [seer, *permanents]})


def _land(pid: str, card: str) -> dict[str, Any]:
    return {"id": pid, "card": card, "controller": "me"}


def _agrees_with_reference(board: Board, cost: str, total: str = "") -> None:
    """``pay`` and the exhaustive reference search (each step replayed by the rules) give the same verdict,
    and pay's plan is as good as the reference's best, level by level; ``total``: the total cost, locked in,
    which the reference search pays (K'rrik's {B} as {B/P}: CR 601.2f, 601.2h), when it is not ``cost``."""
    target = PaymentTarget.of(total or cost)
    reference = reference_search(board, target, max_states=200_000)
    result = pay(board, PaymentTarget.of(cost))
    assert result.payable == reference.payable, (cost, result.reason)
    if result.payable:
        assert result.plan is not None
        best = min(map(objectives_on(board, ME), reference.outcomes))
        assert objective_of(board, ME, replay(board, target, result.plan)) == best


def test_the_sentence_is_read() -> None:
    parsed = parse_oracle(SEER, "Test Seer")
    assert parsed.fully_read and [type(e).__name__ for e in parsed.effects] == ["LifePaymentsExiled"]


def test_pay_two_life_at_40_life_with_60_cards() -> None:
    # the board: while the library holds 2 or more, each activation exiles 2 cards (30 of them, the
    # library's 60 cards), then 20 are paid with life, the last at exactly 2 life (CR 119.4): X = 50
    board = _board(40, 60, _toy("pump", PUMP))
    widest = max_x(board, PaymentTarget.of("{X}"))
    assert (widest.x, widest.life_paid, widest.exiled_from_library) == (50, 40, 60)
    assert widest.to_json()["exiled_from_library"] == 60
    # {B} alone: the library pays (the life total stays 40)
    one = pay(board, PaymentTarget.of("{B}"))
    assert (one.life_paid, one.exiled_from_library, one.warnings) == (0, 2, ())
    assert "exiled_from_library" in one.to_json()


def test_a_small_library_then_life() -> None:
    # 3 life, 4 cards: two activations exile 2 cards each, a third pays 2 life (3 -> 1), a fourth can't
    # (1 life, 0 cards: CR 119.4)
    board = _board(3, 4, _toy("pump", PUMP))
    assert max_x(board, PaymentTarget.of("{X}")).x == 3
    three = pay(board, PaymentTarget.of("{3}"))
    assert (three.payable, three.life_paid, three.exiled_from_library) == (True, 2, 4)
    assert pay(board, PaymentTarget.of("{4}")).payable is False
    for cost in ("{2}", "{3}", "{4}"):
        _agrees_with_reference(board, cost)


def test_an_odd_card_left_pays_nothing() -> None:
    # 3 life, 1 card: no payment of 2 is replaced (1 < 2): one activation, as without the effect
    board = _board(3, 1, _toy("pump", PUMP))
    widest = max_x(board, PaymentTarget.of("{X}"))
    assert (widest.x, widest.life_paid, widest.exiled_from_library, widest.optimal) == (1, 2, 0, True)
    _agrees_with_reference(board, "{2}")


def test_a_total_cost_pays_its_life_as_one_payment() -> None:
    blade = "{1}{B/P}{B/P}"  # (Phyrexian symbols: {B} or 2 life each, CR 107.4f)
    lands = (_land("s", "Swamp"), _land("f", "Forest"))
    # at 3 life only one symbol can be paid with life (4 > 3, CR 119.4): the Swamp pays the other; the 2 life
    # are exiled from the library instead
    board = _board(3, 10, *lands)
    result = pay(board, PaymentTarget.of(blade))
    assert (result.payable, result.life_paid, result.exiled_from_library) == (True, 0, 2)
    assert sorted(result.tapped) == ["f", "s"]
    # a library of 1 card pays no 2 life: the life total does
    short = pay(_board(3, 1, *lands), PaymentTarget.of(blade))
    assert (short.life_paid, short.exiled_from_library) == (2, 0)
    # a Forest alone: 4 life at 3 life can't be paid, whatever the library holds (CR 119.4)
    assert pay(_board(3, 10, _land("f", "Forest")), PaymentTarget.of(blade)).payable is False
    # at 4 life: the whole 4 is one payment, replaced: the life total stays 4
    four = pay(_board(4, 10, _land("f", "Forest")), PaymentTarget.of(blade))
    assert (four.payable, four.life_paid, four.exiled_from_library) == (True, 0, 4)
    for each, cost in ((board, blade), (_board(3, 10, _land("f", "Forest")), blade)):
        _agrees_with_reference(each, cost)


def test_krrik_symbols_are_paid_by_the_library() -> None:
    # K'rrik's {B} paid with 2 life (CR 601.2h) as a Phyrexian symbol is: one payment with the total cost
    board = _board(2, 10, _toy("krrik", KRRIK, "Creature"))
    result = pay(board, PaymentTarget.of("{B}"))
    assert (result.payable, result.life_paid, result.exiled_from_library) == (True, 0, 2)
    assert pay(board, PaymentTarget.of("{B}{B}")).payable is False  # (4 life at 2 life: CR 119.4)
    _agrees_with_reference(board, "{B}", "{B/P}")


def test_a_library_not_given_is_warned_and_life_is_paid() -> None:
    board = _board(40, None, _toy("pump", PUMP))
    result = pay(board, PaymentTarget.of("{B}"))
    assert (result.life_paid, result.exiled_from_library) == (2, 0)
    assert [(w.permanent, w.reason.split(":")[0]) for w in result.warnings] == [
        ("seer", "players[0].library is not given")
    ]


def test_a_library_not_given_makes_no_no_where_it_could_pay() -> None:
    """3 life, the library's size not given, two 'Pay 2 life: Add {B}.': from the life total one activation
    pays (3 -> 1) and a second can't (CR 119.4), but a library of 2 or more cards would pay the first (CR
    614.1a: the life total stays 3) and the life total the second: {2} is payable with 4 cards (by hand:
    test_a_small_library_then_life's board), so with the size unknown, {2} is no "no" (payable None, the
    reason naming players[0].library); max-x's X = 1 from the life total is not proven best."""
    board = _board(3, None, _toy("pump", PUMP))
    two = pay(board, PaymentTarget.of("{2}"))
    assert two.payable is None and (two.reason or "").startswith("players[0].library is not given")
    assert pay(_board(3, 4, _toy("pump", PUMP)), PaymentTarget.of("{2}")).payable is True
    widest = max_x(board, PaymentTarget.of("{X}"))
    assert (widest.x, widest.optimal) == (1, False)
    # with no mana ability that pays life, the total cost's life is judged on the life total either way (CR
    # 119.4): {1}{B/P}{B/P} at 3 life with a Forest alone is a "no" whatever the library holds
    blade = pay(_board(3, None, _land("f", "Forest")), PaymentTarget.of("{1}{B/P}{B/P}"))
    assert blade.payable is False


def test_an_opponents_effect_changes_no_payment_of_mine() -> None:
    seer = {**_toy("seer", SEER, "Enchantment"), "controller": "opp"}
    players = [{"id": "me", "life": 3, "library": 10}, {"id": "opp", "library": 10}]
    board = Board.from_dict({"version": 1, "players": players, "permanents": [seer, _toy("pump", PUMP)]})
    result = max_x(board, PaymentTarget.of("{X}"))
    assert (result.x, result.life_paid, result.exiled_from_library) == (1, 2, 0)


def test_an_alternative_costs_life_is_warned() -> None:
    # an alternative cost's life is counted out of the life total before the mana (not from the library):
    # the payment is legal (judged on the life total, CR 119.4), and the answer says the effect was not used
    snuff = {
        "name": "Test Snuff",
        "type_line": "Instant",
        "mana_cost": "{3}{B}",
        "oracle": "If you control a Swamp, you may pay 4 life rather than pay this spell's mana cost.",
    }
    me = {"id": "me", "life": 10, "library": 20, "hand": [snuff]}
    seer = _toy("seer", SEER, "Enchantment")
    board = Board.from_dict(
        {"version": 1, "players": [me, {"id": "opp"}], "permanents": [seer, _land("s", "Swamp")]}
    )
    result = pay(board, spell_target(board.player(ME).hand[0]), alternative_cost="require")
    assert (result.payable, result.life_paid, result.optimal) == (True, 4, False)
    assert [w.permanent for w in result.warnings if "alternative cost" in w.reason] == ["seer"]


def test_a_turn_plan_says_the_library_is_not_planned() -> None:
    # 3 life, 10 cards: two {B}{B} spells need four activations, which the library pays (five are exiled
    # before the life total pays any: CR 614.1a); the turn's search pays life from the life total only
    # (one activation), so its plan that casts nothing is no "no"
    spells = [
        {"name": name, "type_line": "Sorcery", "mana_cost": "{B}{B}", "oracle": "Draw a card."}
        for name in ("Test A", "Test B")
    ]
    me = {"id": "me", "life": 3, "library": 10, "hand": spells}
    seer = _toy("seer", SEER, "Enchantment")
    board = Board.from_dict(
        {"version": 1, "players": [me, {"id": "opp"}], "permanents": [seer, _toy("pump", PUMP)]}
    )
    turn = plan_turn(board)
    assert (turn.castable, turn.optimal) == (None, False)
    assert any(note.startswith("Test seer: the life its library pays") for note in turn.notes)
