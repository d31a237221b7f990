"""A supertype taken away (issue 35): "All lands are no longer snow." (Melting's shape) is a type-changing
effect (layer 4, CR 613.1d) that removes the snow supertype (CR 205.4) from every land; mana from a source
that isn't snow is no snow mana and can't pay {S} (CR 107.4h, 106.3). Other sources stay snow. Answers are
derived by hand from those rules and checked against the exhaustive reference search.
"""

from __future__ import annotations

from typing import Any

import pytest
from boards import ME, OPP, make_board

from models.cost import PaymentTarget
from models.layer_effects import TypeChange
from models.oracle import parse_oracle
from planner.api import pay
from planner.rules.reference import reference_search
from planner.rules.view import BoardView

THAW: dict[str, Any] = {
    "id": "t",
    "controller": OPP,
    "name": "Test Thaw",
    "type_line": "Enchantment",
    "mana_cost": "{3}{R}",
    "oracle": "All lands are no longer snow.",
}
SNOW_FOREST = {"id": "f", "controller": ME, "card": "Snow-Covered Forest"}
#: A snow artifact that makes colorless mana: no land, so the thaw leaves it snow.
SNOW_ROCK = {"id": "r", "name": "Test Snow Rock", "type_line": "Snow Artifact", "oracle": "{T}: Add {C}."}


def _agree(board: Any, cost: str) -> bool:
    """The planner's answer, checked against the reference search's (an independent exhaustive one)."""
    target = PaymentTarget.of(cost)
    answer = pay(board, target)
    assert answer.payable == reference_search(board, target, max_states=20_000).payable
    assert not answer.warnings  # (the sentence is read: nothing is set aside)
    return answer.payable


def test_the_sentence_is_read_as_a_type_change() -> None:
    """What it applies to (lands, whoever controls them) and the supertype taken away."""
    (change,) = parse_oracle(THAW["oracle"], "Test Thaw").effects
    assert isinstance(change, TypeChange)
    assert change.removes_supertypes == ("Snow",) and change.affected.describe() == "land"
    (own,) = parse_oracle("~ is no longer legendary.", "Test Toy").effects
    assert isinstance(own, TypeChange) and own.removes_supertypes == ("Legendary",)


def test_the_lands_lose_snow_and_keep_their_other_types() -> None:
    """CR 205.4: only the supertype goes: the Forest stays a basic Forest (its mana ability, CR 305.6)."""
    view = BoardView(make_board([SNOW_FOREST, SNOW_ROCK, THAW]))
    assert str(view.type_line("f")) == "Basic Land — Forest"
    assert view.type_line("r").is_a("Snow")


@pytest.mark.parametrize(
    ("permanents", "cost", "payable"),
    [
        ([SNOW_FOREST], "{S}", False),  # the Forest isn't snow: its {G} is no snow mana (CR 107.4h)
        ([SNOW_FOREST], "{G}", True),  # it still makes {G}
        ([SNOW_FOREST, SNOW_ROCK], "{S}{G}", True),  # the Rock's {C} pays {S}, the Forest's {G} pays {G}
        ([SNOW_FOREST, SNOW_ROCK], "{S}{S}", False),  # one snow source left
    ],
)
def test_snow_mana_comes_only_from_snow_sources(
    permanents: list[dict[str, Any]], cost: str, payable: bool
) -> None:
    assert _agree(make_board([*permanents, THAW]), cost) is payable


def test_without_the_thaw_the_forest_pays_snow() -> None:
    """The control: the Snow-Covered Forest pays {S}, and with the Rock {S}{S}."""
    assert _agree(make_board([SNOW_FOREST]), "{S}")
    assert _agree(make_board([SNOW_FOREST, SNOW_ROCK]), "{S}{S}")
