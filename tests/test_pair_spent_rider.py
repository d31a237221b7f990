"""Issue 35: the Mythos riders "If {W}{U} was spent to cast this spell, ..." (mana of each of two types was
spent, CR 601.2h: the mana that paid the total cost) are read as one rider the objective weighs, as adamant
and "if {C} was spent" are (contract §12: the fewest riders left unmet, right after life and sacrifices).
Before, the reader refused a rider of two types, the sentence was warned and the payment ignored it.

The boards' best payments are worked out by hand in comments, and checked against the reference search."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from boards import ME, agrees_with_reference, card, make_board

from models.cost import PaymentTarget
from models.mana import ManaType
from models.oracle.grammar_parser import UnreadError
from models.oracle.spent_riders import parse_spent_rider, spent_riders
from models.riders import PairSpent, SpentMana, TypeSpent, rider_outcomes
from models.spells import find_spell, spell_target
from planner.answer_warnings import spell_text_warnings
from planner.api import pay

_WU = PairSpent((TypeSpent(ManaType.W), TypeSpent(ManaType.U)))

#: a spell of our own with the Mythos shape: its rider after a comma, then an effect that is not about mana
_TEST_MYTHOS = {
    "name": "Test Mythos",
    "type_line": "Sorcery",
    "mana_cost": "{2}{R}{R}",
    "oracle": "Test Mythos deals 3 damage to any target. If {W}{U} was spent to cast this spell, until your "
    "next turn, that permanent can't block.",
}


@pytest.mark.parametrize(
    ("text", "rider"),
    [
        ("If {W}{U} was spent to cast this spell, draw a card.", _WU),
        # the rider inside a clause, after "or" (Mythos of Nethroi's shape); the types in WUBRG order
        (
            "Destroy target nonland permanent if it's a creature or if {G}{W} was spent to cast this spell.",
            PairSpent((TypeSpent(ManaType.W), TypeSpent(ManaType.G))),
        ),
        # one type is the rider it was (adamant's shape written in symbols)
        ("If {R}{R} was spent to cast this spell, draw a card.", TypeSpent(ManaType.R, 2)),
        (
            "If {W}{W}{U} was spent to cast it, draw a card.",
            PairSpent((TypeSpent(ManaType.W, 2), _WU.parts[1])),
        ),
    ],
)
def test_symbols_of_several_types_are_one_rider(text: str, rider: object) -> None:
    assert spent_riders(text, "Test Mythos") == (rider,)


def test_symbols_without_one_type_stay_unread() -> None:
    for phrase in ("if {W/U}{R} was spent to cast it", "if {S}{G} was spent to cast this spell"):
        with pytest.raises(UnreadError):
            parse_spent_rider(phrase)


def test_the_rider_is_met_only_with_mana_of_each_type() -> None:
    # CR 601.2h: W and U each among the mana spent; two white and no blue is not it
    assert [o.met for o in rider_outcomes((_WU,), SpentMana.of("WUR"))] == [True]
    assert [o.met for o in rider_outcomes((_WU,), SpentMana.of("WWRR"))] == [False]
    assert rider_outcomes((_WU,), SpentMana.of("WU"))[0].to_json() == {
        "rider": "types_spent",
        "condition": "if {W}{U} was spent",
        "types": {"W": 1, "U": 1},
        "met": True,
    }


def _mythos(board_cards: list[dict[str, Any]]) -> tuple[Any, PaymentTarget]:
    board = make_board(board_cards, hand=[_TEST_MYTHOS])
    return board, spell_target(find_spell(board.player(ME), "Test Mythos"))


def test_the_spell_carries_the_rider_and_its_sentence_is_not_warned() -> None:
    _, target = _mythos([])
    assert target.riders == (_WU,)
    assert spell_text_warnings(target) == ()


def test_the_payment_spends_white_and_blue_where_it_kept_a_color_open() -> None:
    # {2}{R}{R} from three Mountains, a Plains and an Island: without the rider the objective keeps a color
    # other than red open (it leaves the Plains or the Island untapped); with it, the Plains and the Island
    # pay the {2} and two Mountains the {R}{R} (W and U spent: met), a Mountain left open
    lands = [card("Mountain", f"m{n}") for n in range(3)] + [card("Plains", "p"), card("Island", "i")]
    board, target = _mythos(lands)
    bare = pay(board, dataclasses.replace(target, riders=()))
    assert not {"p", "i"} <= set(bare.tapped)
    result = agrees_with_reference(board, target, max_states=200_000)
    assert result is not None and result.payable
    assert {"p", "i"} <= set(result.tapped)
    assert result.mana_spent[ManaType.W] == 1 and result.mana_spent[ManaType.U] == 1


def test_a_rider_that_cannot_be_met_leaves_the_spell_payable() -> None:
    # no Island: {2}{R}{R} is paid (the rider is no cost, CR 601.2h), the rider left unmet
    lands = [card("Mountain", f"m{n}") for n in range(3)] + [card("Plains", "p")]
    board, target = _mythos(lands)
    result = agrees_with_reference(board, target, max_states=200_000)
    assert result is not None and result.payable
    assert result.mana_spent[ManaType.U] == 0
