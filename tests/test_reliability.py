"""Regression tests for the defects fuzzing found (issue 19), one or more per defect, in its order.

Each payable-or-not verdict is checked against the exhaustive reference search
(:func:`planner.rules.reference.reference_search`) or against a value worked out by hand from the rules.
"""

from __future__ import annotations

from models.cost import PaymentTarget
from planner.api import PayResult, pay
from tests.boards import card, custom, make_board, search


def test_an_ability_may_sacrifice_its_own_source() -> None:
    """Krark-Clan Ironworks is an artifact, so it may be the artifact its ability sacrifices (CR 602.2b pays
    the cost as the ability is activated); so may Skirk Prospector, a Goblin."""
    ironworks = make_board([card("Krark-Clan Ironworks", "kci")])
    prospector = make_board(
        [custom("Skirk Prospector", "skirk", "Creature — Goblin", "Sacrifice a Goblin: Add {R}.")]
    )
    for board, cost, gone in ((ironworks, "{2}", "kci"), (prospector, "{R}", "skirk")):
        assert search(board, cost).payable
        result = pay(board, PaymentTarget.of(cost))
        assert result.payable, result.reason
        assert result.sacrificed == (gone,)


def _steps(result: PayResult) -> list[str]:
    return [step.permanent for step in result.steps]


def test_a_q_ability_is_usable_once_another_cost_tapped_its_permanent() -> None:
    """Springleaf Drum taps Pili-Pala for its cost; Pili-Pala, now tapped, untaps for its {Q} ability with Sol
    Ring's {2} (CR 602.2b pays each cost in the state the permanent is in then): {R}{G} is payable."""
    drum, pili, sol = card("Springleaf Drum", "drum"), card("Pili-Pala", "pili"), card("Sol Ring", "sol")
    board = make_board([drum, pili, sol])
    assert search(board, "{R}{G}").payable
    result = pay(board, PaymentTarget.of("{R}{G}"))
    assert result.payable, result.reason
    assert _steps(result).index("drum") < _steps(result).index("pili")
    # a second Drum taps Pili-Pala again once it is untapped: three colors
    board = make_board([drum, card("Springleaf Drum", "drum2"), pili, sol])
    assert search(board, "{R}{G}{B}").payable and pay(board, PaymentTarget.of("{R}{G}{B}")).payable
    # but four colors would need a second {Q}, which needs mana nobody has
    assert not search(board, "{R}{G}{B}{U}").payable
    assert not pay(board, PaymentTarget.of("{R}{G}{B}{U}")).payable


def test_a_tapped_permanent_untapped_by_q_may_then_be_tapped_for_a_cost() -> None:
    """A tapped Pili-Pala untaps with {Q} first; then Springleaf Drum may tap it (CR 602.2b)."""
    board = make_board(
        [card("Springleaf Drum", "drum"), card("Pili-Pala", "pili", tapped=True), card("Sol Ring", "sol")]
    )
    assert search(board, "{R}{G}").payable
    result = pay(board, PaymentTarget.of("{R}{G}"))
    assert result.payable, result.reason
    assert _steps(result).index("pili") < _steps(result).index("drum")


def test_grand_architect_taps_a_blue_pili_pala_to_pay_its_q_ability() -> None:
    """Grand Architect taps the blue Pili-Pala for {C}{C} (spendable on artifacts' abilities), which pays
    Pili-Pala's {2}, {Q}: one mana of any color."""
    board = make_board([card("Grand Architect", "architect"), card("Pili-Pala", "pili", color_indicator="U")])
    assert search(board, "{R}").payable
    result = pay(board, PaymentTarget.of("{R}"))
    assert result.payable, result.reason
    assert _steps(result) == ["architect", "pili"]
