"""Cards a player may cast from the graveyard or from exile by their own text, which turn plans don't cast
(contract section 11, issue 35): flashback (CR 702.34a), escape (702.138a), "You may cast ~ from your
graveyard", a card foretold (702.143a). A turn plan names each in its notes, is not called optimal, and a plan
that casts nothing is no "no" (castable null): the player may cast that card.
"""

from __future__ import annotations

from typing import Any

import pytest

from models.board import Board
from models.errors import InputError
from planner.turn import plan_turn

#: a sorcery with flashback (Faithless Looting's shape)
LOOTING = {
    "name": "Test Looting",
    "type_line": "Sorcery",
    "mana_cost": "{R}",
    "oracle": "Draw two cards.\nFlashback {2}{R}",
}
#: a creature card with foretell
SEER = {
    "name": "Test Seer",
    "type_line": "Creature — Human",
    "mana_cost": "{2}{U}{U}",
    "oracle": "Foretell {1}{U}",
}
BOLT = {"name": "Test Bolt", "type_line": "Instant", "mana_cost": "{R}", "oracle": ""}


def _board(hand: list[Any], **me: Any) -> Board:
    mountains = [{"id": f"m{n}", "card": "Mountain", "controller": "me"} for n in range(3)]
    player = {"id": "me", "hand": hand, **me}
    return Board.from_dict({"version": 1, "players": [player], "permanents": mountains})


def test_a_flashback_card_makes_no_no() -> None:
    """Three Mountains, an empty hand and Test Looting in the graveyard: its flashback {2}{R} can be paid (CR
    702.34a), which the plan does not cast: no 'no' (on main: castable false, no note)."""
    turn = plan_turn(_board([], graveyard=[LOOTING]), time_limit=120)
    assert turn.castable is None and not turn.optimal
    assert turn.reason is not None and "Test Looting: its flashback" in turn.reason
    assert any("--cast-from graveyard" in note for note in turn.notes)


def test_a_card_with_no_way_from_the_graveyard_is_not_named() -> None:
    """A Bolt in the graveyard has no way to be cast from there (CR 601.2a): a 'no', and no note."""
    turn = plan_turn(_board([], graveyard=[BOLT]), time_limit=120)
    assert turn.castable is False and not turn.notes


def test_a_foretold_card_is_named_and_the_plan_not_called_optimal() -> None:
    """Test Seer foretold (its foretell cost {1}{U} from exile, CR 702.143a) beside a Bolt in the hand: the
    plan casts the Bolt, names the Seer and is not called optimal."""
    turn = plan_turn(_board([BOLT], foretold=[SEER]), time_limit=120)
    assert turn.castable is True and [s.card for s in turn.spells] == ["Test Bolt"]
    assert not turn.optimal and any("Test Seer: its foretell" in note for note in turn.notes)


def test_cast_of_a_graveyard_card_says_where_it_is() -> None:
    """--cast of a card that is only in the graveyard (not in card data): bad input naming the zone and the
    command that answers for it, never a traceback."""
    with pytest.raises(InputError, match=r"in me's graveyard.*--cast-from graveyard"):
        plan_turn(_board([], graveyard=[LOOTING]), casts=["Test Looting"])
