"""An offering whose sacrificed permanent's mana cost has hybrid or Phyrexian symbols (issue 35). The spell's
total cost is reduced by that mana cost (CR 702.48a); a reduction by a hybrid symbol takes off the half the
payer chooses as it applies (CR 118.7d: {G/U} one {G} or one {U}, {2/G} {2} or {G}), by a Phyrexian one one
mana of its color (118.7e); a colored reduction the cost lacks comes off its generic part (118.7c). Main gave
no way at all for such a Snake: a silent "no".

The totals below are worked out by hand; each payment is checked against the reference search of those
totals on the board without the Snake (the permanent sacrificed as the cost is paid, CR 601.2h).
"""

from __future__ import annotations

from typing import Any

from boards import ME, card, make_board

from models.board import Board
from models.cost import PaymentTarget
from models.spells import spell_target
from planner.api import pay
from planner.rules.reference import reference_search

#: A Patron-shaped spell (own name): {6}{G}{G}, Snake offering.
PATRON: dict[str, Any] = {
    "name": "Test Patron",
    "type_line": "Legendary Creature — Spirit",
    "mana_cost": "{6}{G}{G}",
    "oracle": "Snake offering (You may cast this card any time you could cast an instant by sacrificing a "
    "Snake and paying the difference in mana costs between this and the sacrificed Snake. Mana cost "
    "includes color.)",
}


def _snake(mana_cost: str) -> dict[str, Any]:
    return {"id": "sn", "name": "Test Snake", "type_line": "Creature — Snake", "mana_cost": mana_cost}


def _board(snake_cost: str, *lands: str) -> Board:
    return make_board(
        [_snake(snake_cost), *(card(land, f"l{i}") for i, land in enumerate(lands))], hand=[PATRON]
    )


def _reference_pays(board: Board, totals: list[str]) -> bool:
    """Whether the reference search pays one of ``totals`` (the ways, by hand) without the Snake."""
    after = board.without_permanents(("sn",))
    return any(reference_search(after, PaymentTarget.of(total), ME).outcomes for total in totals)


def _offered(board: Board) -> Any:
    result = pay(board, spell_target(board.player(ME).hand[0]))
    assert result.payable is not None
    return result


#: {6}{G}{G} less {4}{G/U}{G/U}: {G}{G} off gives {2}; {G} and {U} (no {U} in it: one generic, 118.7c)
#: {1}{G}; {U}{U} {G}{G}.
HYBRID_TOTALS = ["{2}", "{1}{G}", "{G}{G}"]


def test_a_hybrid_snake_with_two_forests() -> None:
    board = _board("{4}{G/U}{G/U}", "Forest", "Forest")
    result = _offered(board)
    assert result.payable and result.alternative_cost is not None
    assert result.total_cost in HYBRID_TOTALS
    assert _reference_pays(board, HYBRID_TOTALS)


def test_a_hybrid_snake_with_two_islands_pays_two_generic() -> None:
    """Only {2} (both halves green) is paid by two Islands."""
    board = _board("{4}{G/U}{G/U}", "Island", "Island")
    result = _offered(board)
    assert result.payable and result.total_cost == "{2}"
    assert _reference_pays(board, ["{2}"]) and not _reference_pays(board, ["{1}{G}", "{G}{G}"])


def test_a_phyrexian_snake_takes_off_its_color() -> None:
    """{5}{G/P} takes off {5} and {G} (CR 118.7e): {1}{G}; two Islands can't pay it, a Forest and an
    Island can."""
    islands = _board("{5}{G/P}", "Island", "Island")
    assert _offered(islands).payable is False and not _reference_pays(islands, ["{1}{G}"])
    mixed = _board("{5}{G/P}", "Forest", "Island")
    result = _offered(mixed)
    assert result.payable and result.total_cost == "{1}{G}"
    assert _reference_pays(mixed, ["{1}{G}"])


def test_a_monocolored_hybrid_snake_chooses_each_half() -> None:
    """{2/G}{2/G}{2/G}: halves {2},{2},{2} give {G}{G}; {2},{2},{G} give {2}{G}; {2},{G},{G} give {4};
    {G},{G},{G} give {5} (the third {G} off the generic part, 118.7c). A Forest and two Islands pay {2}{G}."""
    board = _board("{2/G}{2/G}{2/G}", "Forest", "Island", "Island")
    result = _offered(board)
    assert result.payable and result.total_cost == "{2}{G}"
    assert _reference_pays(board, ["{2}{G}"]) and not _reference_pays(board, ["{G}{G}"])


def test_a_reduction_not_decided_is_warned() -> None:
    """A spell's cost with a hybrid symbol the Snake's {G} could reduce: not decided here, so that way is
    not weighed, and the answer says so (never a silent "no")."""
    board = _board("{G}", "Forest")
    target = spell_target(board.player(ME).hand[0], PaymentTarget.of("{1}{G/U}").cost)
    result = pay(board, target)
    assert any(w.permanent == "sn" and "not decided" in w.reason for w in result.warnings)
