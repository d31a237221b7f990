"""A card whose own permission to be cast from the graveyard asks an event of the turn the board does not
show yet ("You may cast this card from your graveyard if a non-Zombie creature died this turn.": Undead
Sprinter's shape, CR 601.2a, 700.4): the turn's search reads the permissions at the turn's start, so a
death its own sacrifice makes (CR 701.21a) would unlock the card later in the turn, which is not planned.
The plan says so in its notes, is not called optimal, and a plan that casts nothing is no "no" (castable
null), as contract section 11 asks of every card it does not plan.
"""

from __future__ import annotations

from typing import Any

from boards import ME

from models.board import Board
from planner.turn import plan_turn

#: your own cards: the riser (a Zombie that a non-Zombie's death lets be cast from the graveyard), and a
#: spell that sacrifices a creature
RISER = {
    "name": "Test Picky Riser",
    "type_line": "Creature — Zombie",
    "mana_cost": "{1}{B}",
    "oracle": "You may cast this card from your graveyard if a non-Zombie creature died this turn.",
}
OFFERING = {
    "name": "Test Offering",
    "type_line": "Sorcery",
    "mana_cost": "{B}",
    "oracle": "As an additional cost to cast this spell, sacrifice a creature.\nDraw a card.",
}
NOTE = "Test Picky Riser: its permission may cast it once a nonzombie creature died this turn"


def _board(hand: list[Any], *, swamps: int = 3) -> Board:
    return Board.from_dict(
        {
            "version": 1,
            "creatures_died_this_turn": [],
            "players": [{"id": ME, "hand": hand, "graveyard": [RISER]}],
            "permanents": [
                *({"id": f"s{n}", "card": "Swamp", "controller": ME} for n in range(swamps)),
                {"id": "e", "card": "Llanowar Elves", "controller": ME},
            ],
        }
    )


def test_a_death_of_the_turn_is_said_not_silent() -> None:
    """Three Swamps and Llanowar Elves: by the rules Offering ({B}) sacrifices the Elves (a non-Zombie
    creature dies, CR 700.4), then the Riser is cast from the graveyard for {1}{B} (mana value 1 + 2 = 3).
    The turn casts the Offering, notes the Riser, and does not call the plan optimal."""
    turn = plan_turn(_board([OFFERING]), time_limit=60)
    assert [s.card for s in turn.spells] == ["Test Offering"], turn.to_json()
    assert any(note.startswith(NOTE) for note in turn.notes), turn.notes
    assert not turn.optimal


def test_a_plan_of_nothing_is_no_no() -> None:
    """Nothing in hand: the Riser's condition is not met at the turn's start; the turn casts nothing, and
    says it may not be all (castable null, never a 'no')."""
    turn = plan_turn(_board([]), time_limit=60)
    assert not turn.spells
    assert turn.castable is None
    assert (turn.reason or "").startswith(NOTE)


def test_a_death_before_the_turn_casts_it() -> None:
    """Llanowar Elves already died this turn: the permission holds at the start, and the turn casts the
    Riser for {1}{B} (two of the Swamps); no note."""
    data = _board([]).to_dict()
    data["creatures_died_this_turn"] = ["Llanowar Elves"]
    turn = plan_turn(Board.from_dict(data), time_limit=60)
    assert [s.card for s in turn.spells] == ["Test Picky Riser"], turn.to_json()
    assert not any(note.startswith(NOTE) for note in turn.notes)
