"""Two basic land types chosen as a permanent entered (issue 35, layer 4): 'As this enchantment enters, choose
two basic land types.' and 'Basic lands of the first chosen type are the second chosen type.' (Illusionary
Terrain's shape). The choice is the board's ``choices.basic_land_types`` (two, in the order chosen); the basic
lands of the first type have their land types replaced by the second (CR 305.7), so they tap for its color
(CR 305.6); nonbasic lands are untouched. An effect that gives a land the first type applies first (CR 613.8a:
the change depends on it). Without the choice the change is not applied and is named in the warnings.

The cards are small fixtures written here (their names made up) beside catalogue lands; each answer is worked
out by hand from the rules named, and every verdict and largest X is checked against the reference search too
(:func:`boards.checked_verdict`, :func:`test_lands_made_creatures.checked_x`). On main the choice was
unsupported and the type change ignored: every land tapped for its printed type.
"""

from __future__ import annotations

from typing import Any

import pytest
from boards import ME, checked_verdict, could, custom, make_board, mine
from test_lands_made_creatures import checked_x

from models.errors import BoardError
from models.layer_effects import TypeChange
from models.oracle import parse_oracle
from planner.api import text_warnings

TERRAIN = (
    "Cumulative upkeep {2}\nAs this enchantment enters, choose two basic land types.\n"
    "Basic lands of the first chosen type are the second chosen type."
)


def terrain(chosen: list[str] | None) -> dict[str, Any]:
    """The enchantment, with ``chosen`` as its choices.basic_land_types (none given with None)."""
    choices = {"choices": {"basic_land_types": chosen}} if chosen is not None else {}
    return custom("Test Terrain", "t", "Enchantment", TERRAIN, controller=ME, **choices)


def lands(chosen: list[str] | None) -> list[dict[str, Any]]:
    """Two Forests, an Island, Dryad Arbor (a nonbasic Forest), Breeding Pool (a nonbasic Forest Island)."""
    return [
        mine("f", "Forest"),
        mine("f2", "Forest"),
        mine("i", "Island"),
        mine("d", "Dryad Arbor"),
        mine("b", "Breeding Pool"),
        terrain(chosen),
    ]


def test_the_sentences_are_read() -> None:
    parsed = parse_oracle(TERRAIN)
    assert parsed.choices_needed == ("basic_land_types",) and not parsed.unsupported
    (change,) = parsed.effects
    assert isinstance(change, TypeChange) and change.second_chosen and not change.adds
    assert (
        change.affected.first_chosen_land_type
        and change.affected.describe() == "Basic land of the first chosen type"
    )


def test_forests_become_islands() -> None:
    """Forest then Island: the basic Forests are Islands and tap for {U} (CR 305.7, 305.6); Dryad Arbor and
    Breeding Pool are not basic. {U}{U}{U} from the Forests and the Island (four with the Pool); {G} from the
    Arbor or the Pool; five lands: X = 5."""
    board = make_board(lands(["Forest", "Island"]))
    assert could(board) == {"f": "U", "f2": "U", "i": "U", "d": "G", "b": "UG", "t": ""}
    assert not text_warnings(board)
    assert checked_verdict(board, "{U}{U}{U}{U}{G}") and not checked_verdict(board, "{G}{G}{G}")
    assert checked_x(board, "{X}") == 5


def test_the_order_of_the_choice_matters() -> None:
    """Island then Forest: the Island is a Forest; only the Pool makes {U}."""
    board = make_board(lands(["Island", "Forest"]))
    assert could(board)["i"] == "G" and could(board)["f"] == "G"
    assert checked_verdict(board, "{U}{G}{G}{G}{G}") and not checked_verdict(board, "{U}{U}")


def test_a_snow_forest_is_basic_too() -> None:
    board = make_board([mine("s", "Snow-Covered Forest"), terrain(["Forest", "Mountain"])])
    assert could(board)["s"] == "R" and checked_verdict(board, "{R}") and not checked_verdict(board, "{G}")


def test_a_swamp_made_by_another_effect_changes_first() -> None:
    """Urborg's 'Each land is a Swamp in addition to its other types.' gives the Forest the first chosen type
    (Swamp): the change depends on it (CR 613.8a) and applies after it whatever the timestamps, so the basic
    Forest Swamp becomes a Plains (both its land types replaced, CR 305.7) and taps for {W}; Urborg, no basic
    land, stays a Swamp: {W}{B}."""
    for order in ((0, 1, 2), (2, 0, 1)):
        entries = [mine("f", "Forest"), mine("u", "Urborg, Tomb of Yawgmoth"), terrain(["Swamp", "Plains"])]
        board = make_board([entries[i] for i in order])
        assert could(board)["f"] == "W" and could(board)["u"] == "B"
        assert checked_verdict(board, "{W}{B}") and not checked_verdict(board, "{G}")


def test_no_choice_is_warned_not_guessed() -> None:
    board = make_board(lands(None))
    (warning,) = text_warnings(board)
    assert warning.permanent == "t" and "choices.basic_land_types" in warning.reason
    assert could(board)["f"] == "G"


def test_a_bad_choice_is_a_clear_error() -> None:
    with pytest.raises(BoardError, match=r"choices\.basic_land_types: expected two basic land types, got 1"):
        make_board([terrain(["Forest"])])
    with pytest.raises(BoardError, match=r"choices\.basic_land_types\[1\]: unknown basic land type 'Wastes'"):
        make_board([terrain(["Forest", "Wastes"])])
