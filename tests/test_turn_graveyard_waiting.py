"""A card whose own permission to be cast from the graveyard asks an event of the turn the board does not
show yet ("You may cast this card from your graveyard if a non-Zombie creature died this turn.": Undead
Sprinter's shape, CR 601.2a, 700.4): the turn's search reads the permissions at the turn's start, so a
death its own sacrifice makes (CR 701.21a) unlocks the card later in the turn: when the board gives the
fact the permission reads (``creatures_died_this_turn``, listed when it asks which creature died), the turn
plans the card and checks its permission on the board it is cast on; else the plan says so in its notes, is
not called optimal, and a plan that casts nothing is no "no" (castable null).
"""

from __future__ import annotations

from typing import Any

import pytest
from boards import ME
from turn_brute_force import matches_brute_force

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


def _board(hand: list[Any], died: Any = (), *, swamps: int = 3) -> Board:
    data: dict[str, Any] = {
        "version": 1,
        "players": [{"id": ME, "hand": hand, "graveyard": [RISER]}],
        "permanents": [
            *({"id": f"s{n}", "card": "Swamp", "controller": ME} for n in range(swamps)),
            {"id": "e", "card": "Llanowar Elves", "controller": ME},
        ],
    }
    if died is not None:
        data["creatures_died_this_turn"] = list(died) if isinstance(died, tuple) else died
    return Board.from_dict(data)


def test_a_death_of_the_turn_unlocks_it() -> None:
    """Three Swamps and Llanowar Elves, none died yet (listed: []): Offering ({B}) sacrifices the Elves (a
    non-Zombie creature dies, CR 700.4, 701.21a), then the Riser is cast from the graveyard for {1}{B} (the
    two other Swamps): mana value 1 + 2 = 3. The Riser first is not castable (none died yet). The turn brute
    force agrees."""
    turn = matches_brute_force(_board([OFFERING]))
    assert [s.card for s in turn.spells] == ["Test Offering", "Test Picky Riser"], turn.to_json()
    assert turn.spells[1].cast_from == "graveyard"
    assert not any(note.startswith(NOTE) for note in turn.notes)


@pytest.mark.parametrize("died", [None, 0])
def test_a_death_the_board_does_not_list_is_said_not_silent(died: Any) -> None:
    """Not given, or a count alone (which creature died, the non-Zombie the permission asks, is then not
    known, CR 608.2h): the turn can't follow the death it makes. It casts the Offering, notes the Riser
    (by the rules castable after it), and does not call the plan optimal."""
    turn = plan_turn(_board([OFFERING], died), time_limit=60)
    assert [s.card for s in turn.spells] == ["Test Offering"], turn.to_json()
    assert any(note.startswith(NOTE) for note in turn.notes), turn.notes
    assert not turn.optimal


def test_a_plan_of_nothing_is_no_no() -> None:
    """Nothing in hand, the deaths not given: the turn casts nothing, and says it may not be all (castable
    null, never a 'no')."""
    turn = plan_turn(_board([], None), time_limit=60)
    assert not turn.spells
    assert turn.castable is None
    assert (turn.reason or "").startswith(NOTE)


def test_a_death_before_the_turn_casts_it() -> None:
    """Llanowar Elves already died this turn: the permission holds at the start, and the turn casts the
    Riser for {1}{B} (two of the Swamps); no note. The turn brute force agrees."""
    turn = matches_brute_force(_board([], ["Llanowar Elves"]))
    assert [s.card for s in turn.spells] == ["Test Picky Riser"], turn.to_json()
    assert not any(note.startswith(NOTE) for note in turn.notes)
