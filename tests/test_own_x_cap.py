"""A spell's own cap on its X (issue 35): "X can't be greater than the number of snow lands you control."
(Winter's Chill's shape). Its caster announces X as the spell is cast (CR 601.2b), and a value the spell's
text forbids can't be announced (CR 107.3): ``max-x`` answers the largest X that is both within the cap and
payable, and ``pay --x`` beyond the cap is "not payable" with the reason. The cap is counted on the board as
the spell is cast: the snow lands its caster controls. Answers are derived by hand from those rules; the
payments at the answered X are checked against the exhaustive reference search.
"""

from __future__ import annotations

from typing import Any

import pytest
from boards import ME, OPP, make_board

from models.cost import PaymentTarget
from models.oracle import parse_oracle
from models.oracle.cast_rules import own_x_cap
from models.spells import spell_of
from planner.api import max_x, pay
from planner.rules.reference import reference_search

CAP = "X can't be greater than the number of snow lands you control."
CHILL = spell_of("{X}{U}", name="Test Chill", type_line="Instant", text=CAP)


def _islands(plain: int, snow: int, controller: str = ME) -> list[dict[str, Any]]:
    return [{"id": f"i{n}", "card": "Island", "controller": ME} for n in range(plain)] + [
        {"id": f"s{n}", "card": "Snow-Covered Island", "controller": controller} for n in range(snow)
    ]


def test_the_cap_is_read_by_the_grammar() -> None:
    """What it counts (snow lands its caster controls); Aladdin's Lamp's 'X can't be 0.' is no cap, and a
    count the grammar does not read is none (its sentence stays warned)."""
    cap = own_x_cap(CAP, "Test Chill")
    assert cap is not None and cap.counted.describe() == "Snow land you control" and cap.text == CAP
    assert own_x_cap("X can't be 0.") is None
    assert own_x_cap("X can't be greater than your devotion to blue.") is None
    assert [s.read_as for s in parse_oracle("X can't be 0.", "Test Lamp").sentences] == ["ignored"]


@pytest.mark.parametrize(
    ("plain", "snow", "largest"),
    [
        (4, 0, 0),  # four Islands pay X = 3, but no snow land: X at most 0 (CR 107.3)
        (4, 1, 1),  # one snow land: X = 1, though the mana pays 4
        (1, 3, 3),  # three snow lands: the mana pays X = 3, within the cap
        (0, 3, 2),  # three snow Islands pay {X}{U} with X = 2 at most: the mana is the bound
    ],
)
def test_max_x_is_within_the_cap(plain: int, snow: int, largest: int) -> None:
    board = make_board(_islands(plain, snow))
    answer = max_x(board, CHILL)
    assert (answer.payable, answer.x) == (True, largest)
    assert not answer.warnings  # (the cap is followed: nothing is set aside)
    paid = PaymentTarget.of("{X}{U}").with_x(largest)
    assert reference_search(board, paid, max_states=20_000).payable


def test_an_opponent_s_snow_lands_do_not_count() -> None:
    """'you control': the caster's snow lands only; an opponent's two leave X at 0."""
    board = make_board(
        _islands(3, 0) + [{"id": f"o{n}", "card": "Snow-Covered Island", "controller": OPP} for n in range(2)]
    )
    assert max_x(board, CHILL).x == 0


def test_pay_beyond_the_cap_is_refused() -> None:
    """X = 2 with one snow land can't be announced (CR 107.3, 601.2b): "not payable", and the reason quotes
    the sentence, though the mana would pay it (the reference search, which does not read the spell's text,
    pays it); X = 1 is paid."""
    board = make_board(_islands(4, 1))
    refused = pay(board, CHILL, x=2)
    assert refused.payable is False and refused.reason is not None and CAP in refused.reason
    assert reference_search(board, PaymentTarget.of("{X}{U}").with_x(2), max_states=20_000).payable
    assert pay(board, CHILL, x=1).payable
