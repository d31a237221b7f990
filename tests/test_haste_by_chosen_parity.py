"""Haste granted by mana value's parity (issue 35, layer 6): 'As this enchantment enters, choose odd or even.'
and 'Each creature with mana value of the chosen value has haste.' (Ashling's Prerogative's shape). The
choice is the board's ``choices.odd_or_even``; a summoning-sick creature with haste may activate its {T}
abilities (CR 302.6, 702.10). A mana value is its mana cost's (CR 202.3; zero is even). Without the choice the
grant is not applied and is named in the warnings, never guessed.

The cards are small fixtures written here (their names made up); each answer is worked out by hand from the
rules named, and every verdict and largest X is checked against the reference search too
(:func:`boards.checked_verdict`, :func:`test_lands_made_creatures.checked_x`). On main the grant was
unsupported (warned) and no creature had that haste.
"""

from __future__ import annotations

from typing import Any

import pytest
from boards import ME, checked_verdict, could, custom, make_board, mine
from test_lands_made_creatures import checked_x

from models.board import Board
from models.errors import BoardError
from models.layer_effects import GrantHaste
from models.oracle import parse_oracle
from planner.api import text_warnings

PREROGATIVE = (
    "As this enchantment enters, choose odd or even. (Zero is even.)\n"
    "Each creature with mana value of the chosen value has haste.\n"
    "Each creature without mana value of the chosen value enters tapped."
)


def prerogative(choice: str | None) -> dict[str, Any]:
    """The enchantment, with ``choice`` ('odd', 'even') as its choices.odd_or_even, or none given."""
    chosen = {"choices": {"odd_or_even": choice}} if choice is not None else {}
    return custom("Test Prerogative", "p", "Enchantment", PREROGATIVE, controller=ME, **chosen)


def sick_board(choice: str | None) -> Board:
    """A Forest, a summoning-sick Llanowar Elves (mana value 1: odd) and a summoning-sick two-drop that taps
    for {R} (mana value 2: even), and the enchantment."""
    dork = custom(
        "Test Dork",
        "d",
        "Creature — Goblin",
        "{T}: Add {R}.",
        controller=ME,
        mana_cost="{1}{R}",
        power=1,
        toughness=1,
        summoning_sick=True,
    )
    return make_board(
        [mine("f", "Forest"), mine("e", "Llanowar Elves", summoning_sick=True), dork, prerogative(choice)]
    )


def test_the_sentences_are_read() -> None:
    parsed = parse_oracle(PREROGATIVE)
    assert parsed.choices_needed == ("odd_or_even",) and not parsed.unsupported
    (grant,) = parsed.effects
    assert isinstance(grant, GrantHaste) and grant.affected.chosen_parity
    assert grant.affected.describe() == "creature with mana value of the chosen value"


def test_odd_gives_the_elf_haste() -> None:
    """Odd: the Elf (mana value 1) has haste and taps for {G} (CR 302.6); the Dork (2) is still sick. {G}{G}
    from the Forest and the Elf; no {R}; the largest X is 2."""
    board = sick_board("odd")
    assert not text_warnings(board)
    # (what each could produce ignores whether the {T} can be paid now, CR 106.7: the same either way)
    assert could(board) == {"f": "G", "e": "G", "d": "R", "p": ""}
    assert checked_verdict(board, "{G}{G}") and not checked_verdict(board, "{R}")
    assert checked_x(board, "{X}") == 2


def test_even_gives_the_two_drop_haste() -> None:
    """Even: the Dork (mana value 2) has haste, the Elf is still sick: {R}{G} but not {G}{G}; X = 2."""
    board = sick_board("even")
    assert checked_verdict(board, "{R}{G}") and not checked_verdict(board, "{G}{G}")
    assert checked_x(board, "{X}") == 2


def test_no_choice_gives_no_haste_and_says_so() -> None:
    """Without choices.odd_or_even the grant is set aside with a warning naming the path: the Forest alone
    pays (X = 1), never a guessed parity."""
    board = sick_board(None)
    (warning,) = text_warnings(board)
    assert warning.permanent == "p" and "choices.odd_or_even" in warning.reason
    assert not checked_verdict(board, "{G}{G}") and not checked_verdict(board, "{R}")
    assert checked_x(board, "{X}") == 1


def test_a_bad_choice_is_a_clear_error() -> None:
    with pytest.raises(BoardError, match=r"choices\.odd_or_even.*odd or even"):
        make_board([prerogative("prime")])
