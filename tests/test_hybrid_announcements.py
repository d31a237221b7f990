"""Which monocolored hybrid symbols are announced as their generic half (issue 35: Reaper King). The caster
chooses each {2/X} symbol's half as the spell is announced (CR 601.2b), before the total cost is locked in
with its reductions (601.2f): a generic reduction larger than the generic part then takes the {2} of a
symbol announced so (Reaper King ruling 2008-05-01). Where the choice matters the planner weighs each
announcement of as few symbols as take the whole reduction (:func:`planner.rules.spell_cost.announcements`);
main left the reduction unused and warned: a warned "no" where the rules pay.

The totals are worked out by hand; each verdict is checked against the reference search of those totals.
"""

from __future__ import annotations

from typing import Any

from boards import ME, card, make_board

from models.board import Board
from models.cost import PaymentTarget
from models.spells import spell_target
from planner.api import pay
from planner.rules.reference import reference_search

KING: dict[str, Any] = {
    "name": "Test King",
    "type_line": "Artifact Creature — Scarecrow",
    "mana_cost": "{2/W}{2/U}{2/B}{2/R}{2/G}",
    "oracle": "Other Scarecrow creatures you control get +1/+1.",
}


def _reducer(amount: int) -> dict[str, Any]:
    return {
        "id": "red",
        "name": "Test Sculptor",
        "type_line": "Artifact",
        "oracle": f"Artifact spells you cast cost {{{amount}}} less to cast.",
    }


DUAL: dict[str, Any] = {"id": "d", "name": "Test Dual", "type_line": "Land", "oracle": "{T}: Add {G} or {W}."}


def _reference_pays(board: Board, total: str) -> bool:
    target = PaymentTarget.of(total, type_line="Artifact Creature — Scarecrow", colors="WUBRG")
    return bool(reference_search(board, target, ME).outcomes)


def _king(board: Board) -> Any:
    return pay(board, spell_target(board.player(ME).hand[0]))


#: {2} less: one symbol announced as {2} is reduced away; the others stay (CR 601.2b, 601.2f).
ONE_AWAY = {
    "W": "{2/U}{2/B}{2/R}{2/G}",
    "U": "{2/W}{2/B}{2/R}{2/G}",
    "B": "{2/W}{2/U}{2/R}{2/G}",
    "R": "{2/W}{2/U}{2/B}{2/G}",
    "G": "{2/W}{2/U}{2/B}{2/R}",
}


def test_the_announcement_that_pays_is_found() -> None:
    """A {G}-or-{W} land, an Island, a Swamp and a Mountain: announcing {2/W} or {2/G} leaves four colored
    halves the four lands make; announcing {2/U}, {2/B} or {2/R} leaves both {W} and {G} to the one land."""
    board = make_board(
        [_reducer(2), DUAL, card("Island", "i"), card("Swamp", "s"), card("Mountain", "m")], hand=[KING]
    )
    payable = {color for color, total in ONE_AWAY.items() if _reference_pays(board, total)}
    assert payable == {"W", "G"}
    result = _king(board)
    assert result.payable and result.optimal
    assert result.total_cost in (ONE_AWAY["W"], ONE_AWAY["G"])
    assert not any("hybrid symbol" in warning.reason for warning in result.warnings)


def test_no_announcement_pays_is_a_proven_no() -> None:
    """The Mountain tapped: every color is still named by a land, but three untapped lands can't pay four
    colored halves, whichever symbol is announced."""
    board = make_board(
        [_reducer(2), DUAL, card("Island", "i"), card("Swamp", "s"), card("Mountain", "m", tapped=True)],
        hand=[KING],
    )
    assert not any(_reference_pays(board, total) for total in ONE_AWAY.values())
    result = _king(board)
    assert result.payable is False and result.optimal
    assert not result.warnings


def test_an_odd_reduction_leaves_one_generic() -> None:
    """{1} less: the symbol announced as {2} becomes {1} (CR 601.2f, 118.7a). Four lands of four colors, a
    Wastes and a tapped Forest: {2/G} announced leaves {1} and the four colors the five lands pay; any other
    announced leaves {2/G}, whose {2} the lands left can't pay."""
    board = make_board(
        [
            _reducer(1),
            card("Plains", "p"),
            card("Island", "i"),
            card("Swamp", "s"),
            card("Mountain", "m"),
            card("Wastes", "w"),
            card("Forest", "f", tapped=True),
        ],
        hand=[KING],
    )
    assert _reference_pays(board, "{1}{2/W}{2/U}{2/B}{2/R}")
    assert not _reference_pays(board, "{1}{2/U}{2/B}{2/R}{2/G}")
    result = _king(board)
    assert result.payable and result.total_cost == "{1}{2/W}{2/U}{2/B}{2/R}"
