"""Life gained by a mana ability's effect is gained as the ability resolves, in the middle of the payment (CR
605.3b, 119.3), so it can pay a life cost activated after it (CR 119.4: life can be paid while the total is
at least the payment) and the spell's Phyrexian symbols (paid at 601.2h, after every mana ability).

Each answer is derived by hand from those rules, and each board is checked against the reference search,
which activates abilities one at a time as the rules do.
"""

from __future__ import annotations

from typing import Any

import pytest
from boards import agrees_with_reference

from models.board import Board
from models.cost import PaymentTarget
from planner.api import max_x, pay

#: Pristine Talisman's wording, as a land so that nothing else about it matters.
GAINER = "{T}: Add {C}. You gain 1 life."


def _permanent(pid: str, text: str, type_line: str = "Artifact") -> dict[str, Any]:
    return {"id": pid, "controller": "me", "name": f"Test {pid}", "type_line": type_line, "oracle": text}


def _board(*permanents: dict[str, Any], life: int) -> Board:
    return Board.from_dict(
        {"version": 1, "players": [{"id": "me", "life": life}], "permanents": [*permanents]}
    )


def test_a_gain_pays_a_life_cost_after_it() -> None:
    """At 1 life, 'Pay 2 life' can't be paid; after the Talisman's gain the total is 2, and it can."""
    board = _board(_permanent("t", GAINER), _permanent("p", "{T}, Pay 2 life: Add {B}."), life=1)
    result = pay(board, PaymentTarget.of("{1}{B}"))
    assert result.payable and result.life_paid == 2
    assert [step.permanent for step in result.steps] == ["t", "p"]  # the gain first
    assert agrees_with_reference(board, PaymentTarget.of("{1}{B}"), max_states=50_000) is not None
    # 'Pay 3 life' needs 3: one gain is not enough
    short = _board(_permanent("t", GAINER), _permanent("p", "{T}, Pay 3 life: Add {B}."), life=1)
    assert not pay(short, PaymentTarget.of("{1}{B}")).payable
    assert agrees_with_reference(short, PaymentTarget.of("{1}{B}"), max_states=50_000) is not None


def test_gains_pay_a_repeated_life_cost() -> None:
    """Two Talismans at 1 life: 3 life in all, so 'Pay 1 life: Add {B}.' three times, and no more."""
    board = _board(
        _permanent("t1", GAINER), _permanent("t2", GAINER), _permanent("p", "Pay 1 life: Add {B}."), life=1
    )
    assert pay(board, PaymentTarget.of("{B}{B}{B}")).payable
    assert not pay(board, PaymentTarget.of("{B}{B}{B}{B}")).payable
    assert max_x(board, PaymentTarget.of("{X}{B}{B}{B}")).x == 2  # the Talismans' {C}{C}
    for cost in ("{B}{B}{B}", "{2}{B}{B}{B}", "{B}{B}{B}{B}"):
        assert agrees_with_reference(board, PaymentTarget.of(cost), max_states=100_000) is not None


@pytest.mark.parametrize(("life", "payable"), [(1, True), (0, False)])
def test_a_gain_pays_phyrexian_mana(life: int, payable: bool) -> None:
    """{1}{B/P} at 1 life: the Talisman's {C} pays {1} and its life makes 2, which pays {B/P}. At 0 life (a
    board may say so) 1 life is not enough."""
    board = _board(_permanent("t", GAINER), life=life)
    target = PaymentTarget.of("{1}{B/P}")
    assert pay(board, target).payable is payable
    assert agrees_with_reference(board, target, max_states=20_000) is not None


def test_without_a_gain_nothing_changes() -> None:
    """The same boards without the gain: 'Pay 2 life' at 1 life is not payable (CR 119.4)."""
    board = _board(_permanent("t", "{T}: Add {C}."), _permanent("p", "{T}, Pay 2 life: Add {B}."), life=1)
    assert not pay(board, PaymentTarget.of("{1}{B}")).payable
    assert agrees_with_reference(board, PaymentTarget.of("{1}{B}"), max_states=20_000) is not None


def test_a_gain_raises_the_life_total_an_amount_counts() -> None:
    """Sanctum of the Sun counts its controller's life total as it resolves: after the Talisman's gain, one
    more."""
    sanctum = _permanent("s", "{T}: Add X mana of any one color, where X is your life total.", "Land")
    board = _board(_permanent("t", GAINER), sanctum, life=3)
    assert max_x(board, PaymentTarget.of("{X}")).x == 5  # the Talisman's {C}, then 4 from the Sanctum
    assert agrees_with_reference(board, PaymentTarget.of("{5}"), max_states=50_000) is not None
    assert not pay(board, PaymentTarget.of("{6}")).payable
