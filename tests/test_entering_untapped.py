"""How other permanents enter under a permanent's own state (issue 35, probe 16): "As long as ~ is tapped,
other permanents enter tapped." / "As long as ~ is untapped, other permanents enter untapped." (Archelos,
Lagoon Mystic) and "Lands you control enter untapped." (The Wandering Minstrel). Replacement effects (CR
614.1c) judged on the permanent as it would exist (614.12); where a permanent would enter tapped by its own
text or another effect, its controller orders the effects (CR 616.1) and applies "enter untapped" last, so
it enters untapped. Answers derived by hand from those rules.
"""

from __future__ import annotations

from typing import Any

import pytest
from boards import ME, OPP, make_board

from planner.turn import plan_turn

TURTLE: dict[str, Any] = {
    "id": "a",
    "name": "Test Lagoon Turtle",
    "type_line": "Legendary Creature — Turtle Shaman",
    "mana_cost": "{2}{G}{U}",
    "power": 1,
    "toughness": 4,
    "oracle": "As long as Test Lagoon Turtle is tapped, other permanents enter tapped.\n"
    "As long as Test Lagoon Turtle is untapped, other permanents enter untapped.",
}
#: A land that always enters tapped (a gain land's shape).
HOLLOW = {"name": "Test Hollow", "type_line": "Land", "oracle": "~ enters tapped.\n{T}: Add {G}."}
BEAR = {"name": "Test Bear", "type_line": "Creature — Bear", "mana_cost": "{1}{G}"}
FOREST = {"id": "f", "card": "Forest", "controller": ME}


@pytest.mark.parametrize("controller", [ME, OPP])
def test_an_untapped_turtle_lets_a_tapped_land_enter_untapped(controller: str) -> None:
    """Forest + Test Hollow played: the Hollow enters untapped beside the untapped turtle (whoever controls
    it: 'other permanents' is every player's; CR 616.1), so {1}{G} is paid: "yes". Without the turtle the
    Hollow enters tapped and one Forest can't pay {1}{G}: "no"."""
    board = make_board([FOREST, {**TURTLE, "controller": controller}], hand=[HOLLOW, BEAR])
    assert plan_turn(board, casts=["Test Bear"]).castable is True
    assert plan_turn(make_board([FOREST], hand=[HOLLOW, BEAR]), casts=["Test Bear"]).castable is False


def test_a_tapped_turtle_makes_a_basic_land_enter_tapped() -> None:
    """Forest + a Forest played beside the opponent's tapped turtle: the new Forest enters tapped (CR
    614.1c), so {1}{G} can't be paid: "no"; untapped, the new Forest pays: "yes"."""
    for tapped, castable in ((True, False), (False, True)):
        turtle = {**TURTLE, "controller": OPP, "tapped": tapped}
        board = make_board([FOREST, turtle], hand=["Forest", BEAR])
        assert plan_turn(board, casts=["Test Bear"]).castable is castable


def test_lands_you_control_enter_untapped() -> None:
    """'Lands you control enter untapped.': the Hollow enters untapped for its controller ("yes"), not for
    an opponent's (the Hollow enters tapped: "no")."""
    minstrel = {"id": "m", "name": "Test Minstrel", "type_line": "Creature — Bard", "power": 1,
                "toughness": 1, "oracle": "Lands you control enter untapped."}  # fmt: skip
    for controller, castable in ((ME, True), (OPP, False)):
        board = make_board([FOREST, {**minstrel, "controller": controller}], hand=[HOLLOW, BEAR])
        assert plan_turn(board, casts=["Test Bear"]).castable is castable
