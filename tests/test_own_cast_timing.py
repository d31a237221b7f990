"""A spell's own rule on when it may be cast (issue 35): "Cast this spell only during combat.", "... only
during an opponent's turn.", "... only if you control a snow land." and two joined ("only during your turn and
only during combat"). A spell may be cast only when its own text allows (CR 601.3): judged on the board's
``step`` and ``active_player`` and on the caster's permanents, "not payable" otherwise with the reason quoting
the sentence; a turn plan casts in its main phase. A rule the grammar does not read ("only before blockers are
declared": the board's step does not say) is warned of, never ignored. Answers are derived by hand from CR
601.3 and the board; the payments it allows are checked against the exhaustive reference search.
"""

from __future__ import annotations

from typing import Any

import pytest
from boards import ME, OPP

from models.board import Board
from models.cost import PaymentTarget
from models.spells import spell_of
from planner.api import pay
from planner.rules.reference import reference_search
from planner.turn import plan_turn

MOUNTAIN = {"id": "m1", "controller": ME, "card": "Mountain"}
SNOW_MOUNTAIN = {"id": "m1", "controller": ME, "card": "Snow-Covered Mountain"}


def _trick(text: str) -> PaymentTarget:
    return spell_of("{R}", name="Test Trick", type_line="Instant", text=text)


def _board(*permanents: dict[str, Any], active: str = ME, step: str = "main") -> Board:
    return Board.from_dict(
        {
            "version": 1,
            "active_player": active,
            "step": step,
            "players": [{"id": ME}, {"id": OPP}],
            "permanents": list(permanents),
        }
    )


@pytest.mark.parametrize(
    ("text", "active", "step", "payable"),
    [
        ("Cast this spell only during combat.", ME, "combat", True),
        ("Cast this spell only during combat.", OPP, "combat", True),  # (anyone's combat)
        ("Cast this spell only during combat.", ME, "main", False),
        ("Cast this spell only during combat.", OPP, "end", False),
        ("Cast this spell only during an opponent's turn.", OPP, "main", True),
        ("Cast this spell only during an opponent's turn.", ME, "combat", False),
        ("Cast this spell only during your turn and only during combat.", ME, "combat", True),
        ("Cast this spell only during your turn and only during combat.", OPP, "combat", False),
        ("Cast this spell only during your turn and only during combat.", ME, "main", False),
    ],
)
def test_the_spell_is_cast_only_when_its_text_allows(
    text: str, active: str, step: str, payable: bool
) -> None:
    board = _board(MOUNTAIN, active=active, step=step)
    answer = pay(board, _trick(text), player=ME)
    assert answer.payable is payable and not answer.warnings
    if payable:
        assert reference_search(board, PaymentTarget.of("{R}"), player=ME, max_states=20_000).payable
    else:
        assert answer.reason is not None and "CR 601.3" in answer.reason


def test_a_condition_on_the_caster_s_permanents() -> None:
    """'only if you control a snow land': a Snow-Covered Mountain allows it (and pays), a Mountain doesn't."""
    text = "Cast this spell only if you control a snow land."
    assert pay(_board(SNOW_MOUNTAIN), _trick(text), player=ME).payable
    assert pay(_board(MOUNTAIN), _trick(text), player=ME).payable is False
    theirs = {"id": "s", "controller": OPP, "card": "Snow-Covered Mountain"}
    assert pay(_board(MOUNTAIN, theirs), _trick(text), player=ME).payable is False  # ('you control')


def test_a_rule_not_read_is_warned() -> None:
    """'Cast this spell only before blockers are declared.': the board's step does not say where in combat
    it is: the answer is the mana's, and the sentence is named."""
    answer = pay(
        _board(MOUNTAIN, step="combat"), _trick("Cast this spell only before blockers are declared.")
    )
    assert answer.payable and [w.sentence for w in answer.warnings] == [
        "Cast ~ only before blockers are declared."
    ]


def test_a_turn_plan_casts_in_its_main_phase() -> None:
    """A turn plan casts in its player's main phase: a combat trick is held back, the reason quoting it."""
    trick = {"name": "Test Trick", "type_line": "Instant", "mana_cost": "{R}",
             "oracle": "Cast this spell only during combat."}  # fmt: skip
    board = _board(MOUNTAIN, step="combat").to_dict()
    board["players"][0]["hand"] = [trick]
    plan = plan_turn(Board.from_dict(board), casts=["Test Trick"])
    assert plan.castable is False and plan.reason is not None and "only during combat" in plan.reason
