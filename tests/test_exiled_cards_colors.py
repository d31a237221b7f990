"""Issue 35: Pit of Offerings' "{T}: Add one mana of any of the exiled cards' colors." (several cards exiled
with the permanent by its enters trigger). Before, the sentence was not read (warned, never used). The board
gives the cards in ``choices.imprinted`` as a list (contract §10: each a name or a described card, ``[]``
when it exiled none); the ability adds one mana of any color among them (CR 105.2, 202.2: a card's colors
are its mana cost's, or its color indicator's; a colorless card adds none, CR 106.5's undefined mana being
no mana). Without that list the ability is set aside with a warning, never used as if nothing, or anything,
had been exiled. Values are derived by hand; the payments are checked against the reference search.
"""

from __future__ import annotations

from typing import Any

import pytest
from boards import agrees_with_reference

from models.abilities import PaletteKind
from models.board import Board, Choices, ImprintedCard
from models.cost import PaymentTarget
from models.errors import InputError
from models.oracle import parse_oracle
from planner.api import could_produce, pay

#: a land of our own with Pit of Offerings' sentence shapes
PIT_ORACLE = (
    "Test Pit enters tapped.\n"
    "When Test Pit enters, exile up to three target cards from graveyards.\n"
    "{T}: Add {C}.\n"
    "{T}: Add one mana of any of the exiled cards' colors."
)
_BOLT = {"name": "Homebrew Bolt", "mana_cost": "{R}"}
_CHARM = {"name": "Homebrew Charm", "mana_cost": "{1}{W}{U}"}


def _pit(imprinted: Any = None, pid: str = "pit") -> dict[str, Any]:
    entry: dict[str, Any] = {
        "id": pid,
        "controller": "me",
        "name": "Test Pit",
        "type_line": "Land — Cave",
        "oracle": PIT_ORACLE,
    }
    if imprinted is not None:
        entry["choices"] = {"imprinted": imprinted}
    return entry


def _board(*permanents: dict[str, Any]) -> Board:
    return Board.from_dict(
        {"version": 1, "players": [{"id": "me"}, {"id": "opp"}], "permanents": [*permanents]}
    )


def _produced(board: Board) -> dict[str, str]:
    return {pid: str(types) for pid, types in could_produce(board, "me").items()}


def test_the_plural_sentence_reads_as_the_exiled_cards_palette() -> None:
    parsed = parse_oracle(PIT_ORACLE, "Test Pit")
    assert parsed.unsupported == ()
    colorless, exiled = parsed.mana_abilities
    assert exiled.output.palette.kind is PaletteKind.IMPRINTED_COLORS
    assert str(colorless.output.options[0]) == "{C}"


def test_any_color_among_the_listed_cards() -> None:
    # Llanowar Elves is green (a catalogue card), the bolt red, the charm white and blue: R, G, W, U and C
    board = _board(_pit(["Llanowar Elves", _BOLT, _CHARM]))
    assert _produced(board) == {"pit": "WURGC"}


def test_none_exiled_is_colorless_only_and_no_warning() -> None:
    board = _board(_pit([]))
    assert _produced(board) == {"pit": "C"}
    result = pay(board, PaymentTarget.of("{C}"))
    assert result.payable and result.warnings == ()


def test_a_colorless_card_adds_no_color() -> None:
    # Sol Ring has no color (CR 202.2): the exiled cards' colors are the bolt's red alone
    assert _produced(_board(_pit(["Sol Ring", _BOLT]))) == {"pit": "RC"}


@pytest.mark.parametrize(
    ("imprinted", "why"),
    [
        (None, "the card it exiled is not given"),
        (["Homebrew Thing", _BOLT], "the colors of 'Homebrew Thing' are not known"),
    ],
)
def test_unknown_cards_are_a_warning_and_the_ability_is_not_used(imprinted: Any, why: str) -> None:
    board = _board(_pit(imprinted), {"id": "f", "card": "Forest", "controller": "me"})
    result = pay(board, PaymentTarget.of("{R}{G}"))
    assert result.payable is False  # never as if the Pit made red (nor, silently, nothing)
    (warning,) = result.warnings
    assert warning.permanent == "pit" and warning.reason.startswith("permanents[0].choices.imprinted: ")
    assert why in warning.reason and "exiled cards' colors" in warning.sentence
    assert _produced(board) == {"pit": "C", "f": "G"}
    with pytest.raises(InputError, match="imprinted"):
        pay(board, PaymentTarget.of("{G}"), strict=True)


@pytest.mark.parametrize(
    ("cost", "payable"),
    [
        ("{R}{G}", True),  # the Pit's red (the bolt) and the Forest's green
        ("{W}{G}", False),  # white is none of the exiled cards' colors
        ("{R}{C}", False),  # one Pit: its {C} or its red, not both (one {T})
        ("{1}{G}", True),
    ],
)
def test_payments_agree_with_the_reference_search(cost: str, payable: bool) -> None:
    board = _board(_pit([_BOLT, "Llanowar Elves"]), {"id": "f", "card": "Forest", "controller": "me"})
    result = agrees_with_reference(board, PaymentTarget.of(cost), max_states=50_000)
    assert result is not None and result.payable is payable


def test_the_list_is_written_back_as_given() -> None:
    board = _board(_pit(["Llanowar Elves", _BOLT]))
    choices = board.permanents[0].choices
    assert choices.imprinted is None and choices.imprinted_cards is not None
    assert choices.to_dict() == {
        "imprinted": ["Llanowar Elves", {"name": "Homebrew Bolt", "mana_cost": "{R}"}]
    }
    assert Board.from_dict(board.to_dict()).permanents[0].choices == choices


def test_a_condition_on_a_card_exiled_with_it_reads_the_list() -> None:
    assert Choices(imprinted_cards=(ImprintedCard.from_json(_BOLT),)).exiled_any
    assert not Choices(imprinted_cards=()).exiled_any


def test_a_malformed_entry_is_an_input_error_with_its_path() -> None:
    with pytest.raises(InputError, match=r"permanents\[0\]\.choices\.imprinted\[1\]"):
        _board(_pit(["Llanowar Elves", {"name": "No Cost"}]))
