"""'~ is every nonbasic land type.' (Planar Nexus's kind): a characteristic-defining ability (CR 604.3) that
gives the land every land type of CR 205.3i but the five basic ones (Urza's, Mine, Power-Plant, Tower, Gate,
Desert, Locus...). Those types have no intrinsic ability (CR 305.6 is about the basic ones), but what counts
them sees them (Urza's Tower's 'If you control an Urza's Mine and an Urza's Power-Plant'); applied first in
layer 4 (CR 613.3), so 'Nonbasic lands are Mountains' makes it a Mountain and nothing else (CR 305.7)
whichever entered first. Values worked out by hand, checked against the reference search."""

from __future__ import annotations

from typing import Any

import pytest
from boards import checked_verdict, could, graveyard_board, largest_x, make_board, mine

from models.layer_effects import TypeChange
from models.oracle import parse_oracle
from planner.api import text_warnings

#: A made-up land of Planar Nexus's kind.
NEXUS: dict[str, Any] = {
    "name": "Test Crossroads",
    "type_line": "Land",
    "oracle": "Test Crossroads is every nonbasic land type.\n{T}: Add {C}.",
}


def test_the_sentence_is_read_as_the_nonbasic_land_types() -> None:
    parsed = parse_oracle(NEXUS["oracle"], NEXUS["name"])
    assert parsed.fully_read
    (change,) = parsed.effects
    assert isinstance(change, TypeChange) and change.defining
    assert "Urza's" in change.land_types and "Gate" in change.land_types and "Mine" in change.land_types
    assert not {"Plains", "Island", "Swamp", "Mountain", "Forest"} & set(change.land_types)


def test_it_is_an_urzas_mine_and_power_plant_for_urzas_tower() -> None:
    """Tower: {C}{C}{C} with an Urza's Mine and an Urza's Power-Plant (the Crossroads is both), the
    Crossroads {C}: 4 in all, so {4} is paid and {5} is not; max-x 4."""
    board = make_board([mine("n", NEXUS), mine("t", "Urza's Tower")], opponent=False)
    assert checked_verdict(board, "{4}") and not checked_verdict(board, "{5}")
    assert largest_x(board) == 4 and not text_warnings(board)


def test_two_of_them_are_no_tower_for_each_other_and_make_no_color() -> None:
    """Each is an Urza's Tower too, but a nonbasic land type gives no ability (CR 305.6 gives the basic
    types' only): each taps for {C} alone; with Urza's Tower, 3 + 1 + 1 = 5."""
    alone = make_board([mine("a", NEXUS), mine("b", NEXUS)], opponent=False)
    assert could(alone) == {"a": "C", "b": "C"} and largest_x(alone) == 2
    board = make_board([mine("a", NEXUS), mine("b", NEXUS), mine("t", "Urza's Tower")], opponent=False)
    assert checked_verdict(board, "{5}") and not checked_verdict(board, "{6}")


@pytest.mark.parametrize("moon_first", [True, False])
def test_nonbasic_lands_are_mountains_whatever_the_timestamps(moon_first: bool) -> None:
    """Blood Moon sets every nonbasic land's land type to Mountain (CR 305.7): the defining ability applies
    first (CR 613.3) whether it entered before or after, so the Crossroads is a Mountain only ({R}), and
    Urza's Tower (a Mountain too) sees no Mine: {R}{R} in all."""
    lands = [mine("n", NEXUS), mine("t", "Urza's Tower")]
    moon = mine("m", "Blood Moon")
    board = make_board([moon, *lands] if moon_first else [*lands, moon], opponent=False)
    assert could(board) == {"m": "", "n": "R", "t": "R"}
    assert checked_verdict(board, "{R}{R}") and not checked_verdict(board, "{3}")


def test_the_card_is_a_gate_in_a_graveyard_too() -> None:
    """A characteristic-defining ability works in every zone (CR 604.3): the Crossroads card in its owner's
    graveyard is a Gate card, so 'Activate only if there is a Gate card in your graveyard' holds: {C}{C};
    beside a land card of no type, it doesn't: 0."""
    house = {
        "name": "Test Gatehouse",
        "type_line": "Artifact",
        "oracle": "{T}: Add {C}{C}. Activate only if there is a Gate card in your graveyard.",
    }
    assert largest_x(graveyard_board(mine("h", house), graveyard=[NEXUS])) == 2
    plain = {"name": "Test Plain Land", "type_line": "Land", "oracle": ""}
    assert largest_x(graveyard_board(mine("h", house), graveyard=[plain])) == 0
