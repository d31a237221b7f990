"""Additional land plays (CR 305.2, 305.2a): "You may play an additional land on each of your turns." on a
permanent its controller controls adds one land play on each of that player's turns (each such effect its
own; "two additional lands" two). The turn's search plays one land at most: with more land plays left and
more than one land in the hand, the plan says so in its notes and is not called optimal, and a "no" becomes
no answer (never a silent "no" a second land play would turn into a "yes").
"""

from __future__ import annotations

from typing import Any

import pytest

from models.board import Board
from models.errors import InputError
from models.filters import Who
from models.mana_effects import ExtraLandPlays
from models.oracle import parse_oracle
from planner.rules.turn import land_plays_allowed
from planner.rules.view import BoardView
from planner.turn import plan_turn

#: one more land play on each of its controller's turns
TRELLIS = {
    "id": "t",
    "name": "Test Trellis",
    "type_line": "Enchantment",
    "oracle": "You may play an additional land on each of your turns.",
}
#: two more land plays
TERRACE = {
    "id": "tt",
    "name": "Test Terrace",
    "type_line": "Creature — Human",
    "power": 1,
    "toughness": 2,
    "oracle": "You may play two additional lands on each of your turns.",
}
#: one more land play for each player, on each of their turns
RITE = {
    "id": "r",
    "name": "Test Rite",
    "type_line": "Enchantment",
    "oracle": "Each player may play an additional land on each of their turns.",
}
#: {2}{G}: three mana
BEAST = {"name": "Test Beast", "type_line": "Creature — Beast", "mana_cost": "{2}{G}", "oracle": ""}


def _board(*extra: dict[str, Any], controller: str = "me", **me: Any) -> Board:
    permanents = [{"id": "f1", "card": "Forest", "controller": "me"}]
    permanents += [{**permanent, "controller": controller} for permanent in extra]
    player = {"id": "me", "hand": ["Forest", "Forest", BEAST], **me}
    return Board.from_dict({"version": 1, "players": [player, {"id": "opp"}], "permanents": permanents})


@pytest.mark.parametrize(
    ("sentence", "count"),
    [
        ("You may play an additional land on each of your turns.", 1),
        ("You may play two additional lands on each of your turns.", 2),
    ],
)
def test_the_sentence_reads_as_extra_land_plays(sentence: str, count: int) -> None:
    parsed = parse_oracle(sentence)
    assert parsed.effects == (ExtraLandPlays(sentence, count),)
    assert not parsed.ignored


@pytest.mark.parametrize(
    "sentence", [RITE["oracle"], "Each player may play an additional land during each of their turns."]
)
def test_each_players_land_play_is_read_for_every_player(sentence: str) -> None:
    assert parse_oracle(sentence).effects == (ExtraLandPlays(sentence, 1, Who.ANY),)


def test_each_effect_adds_its_own_land_plays_on_its_controllers_turn() -> None:
    """CR 305.2a: one land play, one more for the Trellis, two more for the Terrace: 4; an opponent's
    Trellis gives "me" nothing, and on the opponent's turn "me" gets none of its own."""
    both = _board(TRELLIS, TERRACE)
    assert land_plays_allowed(BoardView(both), "me") == (4, ("Test Trellis", "Test Terrace"))
    theirs = _board(TRELLIS, controller="opp")
    assert land_plays_allowed(BoardView(theirs), "me") == (1, ())
    their_rite = _board(RITE, controller="opp")  # ('each player ... on each of their turns')
    assert land_plays_allowed(BoardView(their_rite), "me") == (2, ("Test Rite",))
    not_my_turn = Board.from_dict({**both.to_dict(), "active_player": "opp"})
    assert land_plays_allowed(BoardView(not_my_turn), "me")[0] == 1


def test_land_plays_the_board_gives_are_all_of_them() -> None:
    """A client that counts the land plays itself (Arena: the Trellis's included) gives them all: nothing is
    added to what the board says, and the file is written back as given."""
    given = _board(TRELLIS, land_plays=2)
    assert land_plays_allowed(BoardView(given), "me") == (2, ())
    assert given.to_dict()["players"][0]["land_plays"] == 2
    assert "land_plays" not in _board(TRELLIS).to_dict()["players"][0]


def test_a_second_land_play_is_never_a_silent_no() -> None:
    """One Forest in play and two in the hand: with one land play (CR 305.2) only two Forests tap, and
    {2}{G} is not castable; with the Trellis a second Forest may be played (305.2a) and it would be: the
    search plays one land at most, so its answer is no "no" but unknown, and the note names the Trellis."""
    alone = plan_turn(_board(), casts=["Test Beast"])
    assert alone.castable is False
    assert not any("land plays" in note for note in alone.notes)
    with_trellis = plan_turn(_board(TRELLIS), casts=["Test Beast"])
    assert with_trellis.castable is not False
    assert any("Test Trellis" in note and "305.2a" in note for note in with_trellis.notes)
    assert not with_trellis.optimal


def test_a_plan_with_land_plays_left_over_is_not_called_optimal() -> None:
    """Choosing: one Forest played (the search's one land) leaves a land play the plan did not use."""
    turn = plan_turn(_board(TRELLIS))
    assert turn.land_played == "Forest"
    assert not turn.optimal
    assert any("2 land plays are left" in note for note in turn.notes)


def test_land_plays_used_are_counted_against_the_extra_ones() -> None:
    """A land already played this turn uses one of the two plays (CR 305.2a): one is left, the search
    plays it as usual (no note); with both used, --land is refused."""
    one_used = plan_turn(_board(TRELLIS, lands_played_this_turn=1))
    assert one_used.land_played == "Forest"
    assert not any("land plays" in note for note in one_used.notes)
    with pytest.raises(InputError, match="2 of 2 made"):
        plan_turn(_board(TRELLIS, lands_played_this_turn=2), land="Forest")
    with pytest.raises(InputError, match="1 of 1 made"):
        plan_turn(_board(lands_played_this_turn=1), land="Forest")
