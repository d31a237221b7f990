"""Regression tests for the defects fuzzing found (issue 19), one or more per defect, in its order.

Each payable-or-not verdict is checked against the exhaustive reference search
(:func:`planner.rules.reference.reference_search`) or against a value worked out by hand from the rules.
"""

from __future__ import annotations

from models.cost import PaymentTarget
from planner.api import pay
from tests.boards import card, custom, make_board, search


def test_an_ability_may_sacrifice_its_own_source() -> None:
    """Krark-Clan Ironworks is an artifact, so it may be the artifact its ability sacrifices (CR 602.2b pays
    the cost as the ability is activated); so may Skirk Prospector, a Goblin."""
    ironworks = make_board([card("Krark-Clan Ironworks", "kci")])
    prospector = make_board(
        [custom("Skirk Prospector", "skirk", "Creature — Goblin", "Sacrifice a Goblin: Add {R}.")]
    )
    for board, cost, gone in ((ironworks, "{2}", "kci"), (prospector, "{R}", "skirk")):
        assert search(board, cost).payable
        result = pay(board, PaymentTarget.of(cost))
        assert result.payable, result.reason
        assert result.sacrificed == (gone,)
