"""Converters: mana abilities whose cost is only mana and which make no more than they take (Orochi
Leafcaller's "{G}: Add one mana of any color.", Farrelite Priest's "{1}: Add {W}."). Nothing in their cost
stops a repeat (CR 602.2: an activated ability may be activated whenever its cost can be paid), so a plan may
activate one as often as there is mana to pay it; the planner used to stop at four activations and answered
"not payable" for costs the board pays. Checked against the exhaustive reference search and the rules
replay."""

from __future__ import annotations

from typing import Any

import pytest
from boards import make_board

from models.cost import ManaCost, PaymentTarget
from planner import max_x, pay
from planner.rules.activations import activation_templates, converts_mana, open_bound, with_open_bounds
from planner.rules.reference import reference_search
from planner.rules.replay import replay
from planner.rules.view import BoardView
from planner.solve.objective import objective_of, objectives_on
from planner.turn import plan_turn

LEAFCALLER = {
    "name": "Orochi Leafcaller",
    "type_line": "Creature — Snake Shaman",
    "oracle": "{G}: Add one mana of any color.",
}
PRIEST = {
    "name": "Farrelite Priest",
    "type_line": "Creature — Human Cleric",
    "oracle": "{1}: Add {W}. If this ability has been activated four or more times this turn, sacrifice "
    "Farrelite Priest at the beginning of the next end step.",
}
# makes more than it takes: an engine, open (nothing in its cost runs out): what a payment needs bounds it
DOUBLER = {"name": "Test Doubler", "type_line": "Artifact", "oracle": "{1}: Add {C}{C}."}


def _lands(name: str, count: int) -> list[dict[str, Any]]:
    return [{"id": f"{name[0].lower()}{i}", "card": name} for i in range(count)]


def test_a_converter_is_activated_as_often_as_mana_pays_it() -> None:
    """Six Forests through the Leafcaller make six mana of any colors: {W} five and six times over is
    payable (the fifth and sixth activations were cut before), seven is not."""
    board = make_board([*_lands("Forest", 6), {"id": "leaf", **LEAFCALLER}])
    for count in (5, 6):
        result = pay(board, PaymentTarget.of("{W}" * count))
        assert result.payable, result.reason
        assert result.plan is not None
        assert sum(step.permanent == "leaf" for step in result.plan.steps) == count
    assert not pay(board, PaymentTarget.of("{W}" * 7)).payable
    assert max_x(board, PaymentTarget.of("{X}{U}")).x == 5


def test_farrelite_priest_past_four_activations() -> None:
    """Farrelite Priest's sacrifice at end of turn is no cost: six Swamps make six {W} through it (the XMage
    test with four Swamps makes four)."""
    board = make_board([*_lands("Swamp", 6), {"id": "priest", **PRIEST}])
    assert pay(board, PaymentTarget.of("{W}" * 6)).payable
    assert max_x(board, PaymentTarget.of("{X}{W}{W}")).x == 4


def test_floating_mana_and_hand_cards_pay_converters_too() -> None:
    """What is in the pool and what a card in the hand makes (Elvish Spirit Guide) count for the bound."""
    board = make_board(
        [{"id": "leaf", **LEAFCALLER}], pool=["{G}", "{G}", "{G}", "{G}"], hand=["Elvish Spirit Guide"]
    )
    assert pay(board, PaymentTarget.of("{R}" * 5)).payable
    assert not pay(board, PaymentTarget.of("{R}" * 6)).payable


def test_a_ritual_feeds_a_converter_in_a_turn() -> None:
    """In a turn's plan, a ritual's mana (Dark Ritual's {B}{B}{B}) pays converters too: one Swamp, the
    Ritual and Farrelite Priest cast a {W}{W}{W} spell."""
    spell = {"name": "Test Angel", "type_line": "Creature — Angel", "mana_cost": "{W}{W}{W}"}
    board = make_board([*_lands("Swamp", 1), {"id": "priest", **PRIEST}], hand=["Dark Ritual", spell])
    assert plan_turn(board, casts=["Dark Ritual", "Test Angel"]).castable


def test_the_bound_is_the_mana_made_elsewhere() -> None:
    """The converter's bound counts what the other sources make: a Sol Ring counts two; an engine that makes
    more than it takes is no converter but open, bounded by what a payment needs (then counted here too)."""
    board = make_board(
        [
            {"id": "sol", "card": "Sol Ring"},
            {"id": "f", "card": "Forest"},
            {"id": "leaf", **LEAFCALLER},
            {"id": "dbl", **DOUBLER},
        ]
    )
    templates = activation_templates(BoardView(board), "me", {})
    bounds = {t.pid: (converts_mana(t), t.open, t.bound) for t in templates}
    assert bounds["dbl"] == (False, True, 1)  # (1 until a payment's needs are known)
    assert bounds["leaf"] == (True, False, 2 + 1 + 2 * 1)
    paid = with_open_bounds(BoardView(board), "me", templates, [ManaCost.parse("{3}")])
    # the needs: {3}, and the Leafcaller's {G} once per mana that reaches them; the engine as often again
    engine = open_bound(3, templates)
    assert engine == (3 + 1) * (1 + 1) * (1 + 1)
    after = {t.pid: (t.open, t.bound) for t in paid}
    assert after["dbl"] == (True, engine)
    assert after["leaf"] == (False, 2 + 1 + 2 * engine)
    alone = make_board([{"id": "leaf", **LEAFCALLER}])
    assert activation_templates(BoardView(alone), "me", {}) == []  # nothing can pay it


@pytest.mark.parametrize(
    "cost", ["{W}{W}{W}{W}{W}", "{W}{U}{B}{R}{G}", "{2}{W}{W}{W}", "{G}{W}{W}{W}{W}", "{W}{W}{W}{W}{W}{W}"]
)
def test_converters_agree_with_the_reference_search(cost: str) -> None:
    """Five Forests and a Plains with the Leafcaller: the planner pays exactly when the exhaustive search
    does, with its best objective, and its plan replays by the rules."""
    board = make_board([*_lands("Forest", 5), {"id": "p0", "card": "Plains"}, {"id": "leaf", **LEAFCALLER}])
    target = PaymentTarget.of(cost)
    # (the search cuts the Leafcaller's repeats at the converter bound, past which only useless loops go on:
    # its {G} paying its next {G})
    reference = reference_search(board, target, max_states=200_000)
    result = pay(board, target)
    assert result.payable == reference.payable, result.reason
    if not reference.payable:
        return
    assert result.plan is not None
    ours = objective_of(board, "me", replay(board, target, result.plan))
    assert ours == min(map(objectives_on(board, "me"), reference.outcomes))
