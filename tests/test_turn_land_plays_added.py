"""Land plays a permanent spell of the turn adds (contract section 11, CR 305.2a): "You may play an
additional land on each of your turns." on a permanent cast mid-turn lets the player play one more land
from then on (CR 305.2: the plays allowed counted as each land is played). Before, the turn's land plays
were those of its first board (the second land never played). The expected values are worked out by hand
in each test and checked against the turn brute force (tests/turn_brute_force.py, which counts the plays
allowed on the board of each land played).
"""

from __future__ import annotations

from boards import turn_board
from test_turn_amounts import CHORUS, TURTLE  # (Archelos's shape; a convoke sorcery)
from turn_brute_force import matches_brute_force

from planner.turn import plan_turn

#: our own cards: an Elf adding a land play (Oracle of Mul Daya's line), a plain Bear
SCOUT = {
    "name": "Test Scout",
    "type_line": "Creature — Elf Scout",
    "mana_cost": "{1}{G}",
    "oracle": "You may play an additional land on each of your turns.",
}
BEAR = {"name": "Test Bear", "type_line": "Creature — Bear", "mana_cost": "{1}{G}", "oracle": ""}
FOREST = {"name": "Forest", "type_line": "Basic Land — Forest", "oracle": "({T}: Add {G}.)"}


def test_a_land_play_added_mid_turn() -> None:
    """Two Forests and two in the hand: the land drop (three mana) casts Scout ({1}{G}), whose added play
    puts the second Forest down: two more mana cast Bear ({1}{G}). Mana value 4, four cards (two lands)."""
    board = turn_board(["Forest", "Forest"], [SCOUT, BEAR, FOREST, FOREST])
    turn = matches_brute_force(board)
    assert turn.mana_value_cast == 4
    assert [s.card for s in turn.spells] == ["Test Scout", "Test Bear"]
    assert len(turn.lands_played) == 2


def test_the_added_play_taken_though_nothing_more_is_cast() -> None:
    """One Forest, two in the hand, Scout alone: the land drop pays Scout ({1}{G}); its added play is a land
    drop left with a land in the hand, so it is taken (contract section 11): two lands played."""
    board = turn_board(["Forest"], [SCOUT, FOREST, FOREST])
    turn = matches_brute_force(board)
    assert [s.card for s in turn.spells] == ["Test Scout"]
    assert len(turn.lands_played) == 2


def test_no_second_land_without_the_spell() -> None:
    """Two Forests in the hand and Bear: no spell adds a play, one land is played (CR 305.2)."""
    board = turn_board(["Forest"], [BEAR, FOREST, FOREST])
    turn = matches_brute_force(board)
    assert len(turn.lands_played) == 1


def test_the_order_given() -> None:
    """--cast Scout, Bear from two Forests and two in the hand: the plan plays the second land after Scout
    (castable); --cast Bear, Scout: Bear takes the land drop's mana (three: {1}{G} then one left), Scout
    can't be paid before it adds the play: a "no"."""
    board = turn_board(["Forest", "Forest"], [SCOUT, BEAR, FOREST, FOREST])
    turn = plan_turn(board, casts=["Test Scout", "Test Bear"])
    assert turn.castable is True, turn.to_json()
    assert len(turn.lands_played) == 2
    assert plan_turn(board, casts=["Test Bear", "Test Scout"]).castable is False


def test_a_land_played_after_the_turtle_is_tapped_enters_tapped() -> None:
    """The turtle and a Forest; Scout, a convoke sorcery and two Forests in the hand. The land drop's Forest
    and the other pay Scout; its added play's Forest enters untapped (the turtle untapped, CR 614.1c) and
    with the turtle convoking (CR 702.51a) pays the sorcery: mana value 4, two lands. The sorcery first,
    the turtle convoking it: the second Forest enters tapped (CR 614.12), one mana short of Scout: given in
    that order, a "no". Before, a land placed among the spells kept the turtle untapped until it was played
    (a note, the plan not called optimal)."""
    board = turn_board([TURTLE, "Forest"], [SCOUT, CHORUS, FOREST, FOREST])
    turn = matches_brute_force(board)
    assert turn.mana_value_cast == 4 and len(turn.lands_played) == 2
    assert not any("not tapped before a land" in note for note in turn.notes)
    late = plan_turn(board, casts=["Test Chorus", "Test Scout"])
    assert late.castable is False, late.to_json()
    # (Scout first: its {1}{G} from two Forests, the sorcery convoked by the turtle and Scout, CR 702.51a)
    early = plan_turn(board, casts=["Test Scout", "Test Chorus"])
    assert early.castable is True and early.optimal, early.notes
