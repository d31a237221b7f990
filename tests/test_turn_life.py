"""A turn plan never leaves its player at 0 or less life, and ``pay`` warns when its payment does (CR 704.5a:
the player loses when state-based actions are next checked, once the spell is cast, CR 117.5 and 704.3;
paying life down to 0 is legal, CR 119.4). Every answer here is worked out by hand from the rules; the random
turns of tests/test_turn.py and tests/test_turn_alternative_costs.py check the same against the brute force,
which counts no state at 0 life.
"""

from __future__ import annotations

import json

from boards import ME, make_board, mine
from test_alternative_costs import SNUFF_OUT

from models.cost import PaymentTarget
from models.spells import spell_target
from planner.answer_warnings import LOSES_AT_ZERO
from planner.api import max_x, pay
from planner.rules.records import WarningKind
from planner.turn import TurnResult, plan_turn

#: a black spell of one mana, with no target
BLACK_ONE = {"name": "Test Black One", "type_line": "Sorcery", "mana_cost": "{B}", "oracle": "Draw a card."}
#: a white spell of one mana, with no target
WHITE_ONE = {"name": "Test White One", "type_line": "Sorcery", "mana_cost": "{W}", "oracle": "Draw a card."}
#: a creature of the opponent's, for Snuff Out's target
THEIR_BEAR = {
    "id": "bear",
    "name": "Their Bear",
    "type_line": "Creature — Bear",
    "power": 2,
    "toughness": 2,
    "controller": "opp",
}


def _plan(board: object, **options: object) -> TurnResult:
    """:func:`plan_turn` with time enough on a loaded machine (the answers are proven)."""
    turn = plan_turn(board, time_limit=300, **options)  # type: ignore[arg-type]
    assert turn.optimal, json.dumps(turn.to_json())
    return turn


def _life_warnings(answer: object) -> list[str]:
    """The reasons of the answer's warnings that its payment leaves the player at 0 or less life."""
    return [
        w.reason
        for w in answer.warnings  # type: ignore[attr-defined]
        if w.kind is WarningKind.LIFE_AT_ZERO and w.sentence == LOSES_AT_ZERO
    ]


def test_a_painland_at_one_life_does_not_pay_a_spell_in_a_turn() -> None:
    # Caves of Koilos makes {B} for 1 damage: at 1 life that leaves 0, and the player loses once the spell is
    # cast; at 2 life it is cast, the player at 1
    board = make_board([mine("c", "Caves of Koilos")], hand=[BLACK_ONE], life=1)
    turn = _plan(board)
    assert turn.spells == () and not turn.castable
    board = make_board([mine("c", "Caves of Koilos")], hand=[BLACK_ONE], life=2)
    (cast,) = _plan(board).spells
    assert cast.payment.damage_taken == 1


def test_a_cast_spell_at_one_life_is_a_no() -> None:
    # --cast the spell: no plan keeps the player above 0 life
    board = make_board([mine("c", "Caves of Koilos")], hand=[BLACK_ONE], life=1)
    turn = plan_turn(board, casts=["Test Black One"], time_limit=300)
    assert turn.castable is False and turn.spells == ()


def test_snuff_out_for_4_life_at_4_life_is_not_cast() -> None:
    # one Swamp: {3}{B} can't be paid, and 4 life at 4 leaves 0; at 5 life it is cast for 4 life, leaving 1
    board = make_board([mine("s", "Swamp"), THEIR_BEAR], hand=[SNUFF_OUT], life=4)
    assert _plan(board).spells == ()
    board = make_board([mine("s", "Swamp"), THEIR_BEAR], hand=[SNUFF_OUT], life=5)
    (cast,) = _plan(board).spells
    assert cast.payment.life_paid == 4


def test_a_shockland_enters_tapped_rather_than_leave_the_player_at_0() -> None:
    # Hallowed Fountain untapped costs 2 life: at 2 life it enters tapped and the {W} spell waits; at 3 life
    # it enters untapped and pays it (the player at 1)
    board = make_board([], hand=["Hallowed Fountain", WHITE_ONE], life=2)
    turn = _plan(board)
    assert turn.land_played == "Hallowed Fountain" and turn.land_tapped and turn.spells == ()
    board = make_board([], hand=["Hallowed Fountain", WHITE_ONE], life=3)
    turn = _plan(board)
    assert not turn.land_tapped and turn.land_life == 2 and len(turn.spells) == 1


def test_two_painland_spells_stop_before_0_life() -> None:
    # two Caves and two {B} spells at 2 life: each {B} deals 1 damage, so only one is cast (1 life left)
    board = make_board([mine("c1", "Caves of Koilos"), mine("c2", "Caves of Koilos")], hand=[BLACK_ONE] * 2)
    board = board.replace_player(ME, life=2)
    turn = _plan(board)
    assert len(turn.spells) == 1 and turn.mana_value_cast == 1
    board = board.replace_player(ME, life=3)
    assert len(_plan(board).spells) == 2


def test_pay_warns_when_its_payment_leaves_0_life() -> None:
    # pay answers (the payment is legal, CR 119.4) and warns: 1 damage at 1 life, 4 life at 4 life
    board = make_board([mine("c", "Caves of Koilos")], hand=[], life=1)
    paid = pay(board, PaymentTarget.of("{B}"))
    assert paid.payable and _life_warnings(paid) == ["1 life, 0 paid, 1 damage taken: 0 left"]
    warning = paid.to_json()["warnings"][-1]
    assert warning == {
        "permanent": ME,
        "sentence": LOSES_AT_ZERO,
        "reason": "1 life, 0 paid, 1 damage taken: 0 left",
    }
    assert _life_warnings(pay(board, PaymentTarget.of("{C}"))) == []  # (its {C} deals no damage)
    assert _life_warnings(max_x(board, PaymentTarget.of("{X}{B}"))) == [
        "1 life, 0 paid, 1 damage taken: 0 left"
    ]
    snuff = make_board([mine("s", "Swamp"), THEIR_BEAR], hand=[SNUFF_OUT], life=4)
    paid = pay(snuff, spell_target(snuff.player(ME).hand[0]))
    assert paid.alternative_cost is not None and _life_warnings(paid) == [
        "4 life, 4 paid, 0 damage taken: 0 left"
    ]
    alive = make_board([mine("s", "Swamp"), THEIR_BEAR], hand=[SNUFF_OUT], life=5)
    assert _life_warnings(pay(alive, spell_target(alive.player(ME).hand[0]))) == []


def test_pay_warns_with_phyrexian_life() -> None:
    # {B/P} paid with 2 life at 2 life (no black source): 0 left, warned
    board = make_board([], hand=[], life=2)
    paid = pay(board, PaymentTarget.of("{B/P}"))
    assert paid.payable and paid.life_paid == 2
    assert _life_warnings(paid) == ["2 life, 2 paid, 0 damage taken: 0 left"]
