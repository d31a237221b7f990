"""Creatures controlled but not owned (issue 35, layer 4): 'Creatures you control but don't own are
Mercenaries in addition to their other types.' (Laughing Jasper Flint's shape). The owner of a permanent is
the player who owns its card (CR 108.3), which control does not change (CR 108.4); the board states it with a
permanent's ``owner`` (an extension: left out, its controller owns it). The creature types are added in
layer 4 (CR 613.1d, 205.1b), so what counts Mercenaries counts those creatures.

The cards are small fixtures written here (their names made up); each answer is worked out by hand from the
rules named, and every verdict and largest X is checked against the reference search too. On main the
sentence was unsupported (warned) and no creature was a Mercenary by it.
"""

from __future__ import annotations

from typing import Any

import pytest
from boards import ME, OPP, checked_verdict, could, custom, make_board, mine
from test_lands_made_creatures import checked_x

from models.board import Board
from models.errors import BoardError
from models.layer_effects import TypeChange
from models.oracle import parse_oracle
from planner.api import text_warnings

FLINT = "Creatures you control but don't own are Mercenaries in addition to their other types."


def bear(pid: str, **fields: Any) -> dict[str, Any]:
    """A vanilla creature of the active player's control (``owner`` as given)."""
    return custom("Test Bear", pid, "Creature — Bear", "", controller=ME, power=2, toughness=2, **fields)


def board(*owners: str | None) -> Board:
    """The Flint, a land that adds {R} for each Mercenary its controller controls, and one Bear for each of
    ``owners`` (its ``owner``, or none given)."""
    flint = custom("Test Flint", "j", "Legendary Creature — Lizard Rogue", FLINT, controller=ME)
    paymaster = custom(
        "Test Paymaster", "m", "Land", "{T}: Add {R} for each Mercenary you control.", controller=ME
    )
    bears = [bear(f"b{n}", **({"owner": o} if o is not None else {})) for n, o in enumerate(owners)]
    return make_board([flint, paymaster, *bears, mine("w", "Wastes")])


def test_the_sentence_is_read_as_a_type_change_of_what_you_control_but_dont_own() -> None:
    parsed = parse_oracle(FLINT)
    assert not parsed.unsupported
    (change,) = parsed.effects
    assert isinstance(change, TypeChange) and change.affected.not_owned
    assert change.affected.describe() == "creature you control but don't own"


def test_creatures_you_dont_own_are_mercenaries() -> None:
    """Two Bears the opponent owns and one of the player's: two Mercenaries (CR 108.3, 613.1d), so the land
    adds {R}{R}, beside the Wastes' {C}: {R}{R}{C} is payable, {R}{R}{R} is not; X = 3."""
    two = board(OPP, OPP, ME)
    assert not text_warnings(two)
    assert could(two)["m"] == "R"
    assert checked_verdict(two, "{R}{R}{C}") and not checked_verdict(two, "{R}{R}{R}")
    assert checked_x(two, "{X}") == 3


def test_without_an_owner_the_controller_owns_it() -> None:
    """No owner given: each Bear is its controller's, so none is a Mercenary and the land adds nothing (CR
    106.5's zero): the Wastes alone pay, X = 1."""
    none = board(None, None)
    assert not checked_verdict(none, "{R}")
    assert checked_x(none, "{X}") == 1


def test_an_owner_that_is_no_player_is_a_clear_error() -> None:
    with pytest.raises(BoardError, match=r"permanents\[\d\]\.owner.*unknown player 'nobody'"):
        board("nobody")


def test_the_owner_is_written_back() -> None:
    written = board(OPP).to_dict()
    assert [p.get("owner") for p in written["permanents"] if p["id"] == "b0"] == [OPP]
