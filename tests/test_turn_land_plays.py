"""Additional land plays (CR 305.2, 305.2a): "You may play an additional land on each of your turns." on a
permanent its controller controls adds one land play on each of that player's turns (each such effect its
own; "two additional lands" two). The turn's search plays every land play left (contract section 11), each
land entering as the board it enters says (the lands played before it count), a fetchland's find out of the
library for the next one; the JSON answer lists them in ``lands_played``.
"""

from __future__ import annotations

from typing import Any

import pytest
from turn_brute_force import matches_brute_force

from models.board import Board
from models.errors import InputError
from models.filters import Who
from models.mana_effects import ExtraLandPlays
from models.oracle import parse_oracle
from planner.cli.plan import turn_report
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


def test_a_second_land_play_casts_what_one_cannot() -> None:
    """One Forest in play and two in the hand: with one land play (CR 305.2) only two Forests tap, and
    {2}{G} is not castable; with the Trellis a second Forest is played (305.2a) and three Forests pay it."""
    alone = plan_turn(_board(), casts=["Test Beast"])
    assert alone.castable is False
    with_trellis = plan_turn(_board(TRELLIS), casts=["Test Beast"])
    assert with_trellis.castable is True
    assert [land.card for land in with_trellis.lands_played] == ["Forest", "Forest"]
    assert with_trellis.optimal
    assert not with_trellis.notes


def test_every_land_play_left_is_taken() -> None:
    """Choosing (contract section 11: the land drop is taken whenever a land play is left): both Forests are
    played, the first one also as ``land_played`` (the version-2 answer), and the Beast is cast; --no-land
    plays none."""
    turn = plan_turn(_board(TRELLIS))
    assert turn.land_played == "Forest"
    assert [(land["card"], land["tapped"]) for land in turn.to_json()["lands_played"]] == [
        ("Forest", False),
        ("Forest", False),
    ]
    assert len({land.id for land in turn.lands_played}) == 2
    assert [spell.card for spell in turn.spells] == ["Test Beast"]
    assert turn.optimal
    assert plan_turn(_board(TRELLIS), no_land=True).lands_played == ()
    report = turn_report(turn)
    assert report.count("land: play Forest") == 2


#: a land that enters tapped unless its controller controls two or fewer other lands (a fast land)
QUICK = {
    "name": "Test Quickland",
    "type_line": "Land",
    "oracle": "This land enters tapped unless you control two or fewer other lands.\n{T}: Add {G} or {W}.",
}
#: {2}{G}{G}: four mana, two of them green
TROLL = {"name": "Test Troll", "type_line": "Creature — Troll", "mana_cost": "{2}{G}{G}", "oracle": ""}


def test_each_land_enters_as_the_lands_played_before_it_make_it() -> None:
    """Two Mountains in play, a Forest and a fast land in the hand, two land plays: played first, the fast
    land sees two other lands and enters untapped (CR 614.1c's condition, checked as it enters), then the
    Forest: G, G and two R pay {2}{G}{G}. Played second it would see three and enter tapped: three mana."""
    board = Board.from_dict(
        {
            "version": 1,
            "players": [{"id": "me", "hand": ["Forest", QUICK, TROLL], "land_plays": 2}],
            "permanents": [
                {"id": "m1", "card": "Mountain", "controller": "me"},
                {"id": "m2", "card": "Mountain", "controller": "me"},
            ],
        }
    )
    turn = plan_turn(board)
    assert [(land.card, land.tapped) for land in turn.lands_played] == [
        ("Test Quickland", False),
        ("Forest", False),
    ]
    assert [spell.card for spell in turn.spells] == ["Test Troll"]
    assert matches_brute_force(board).mana_value_cast == 4


#: a fetchland: an Island or a Mountain, untapped, for 1 life
TARN = {
    "name": "Test Tarn",
    "type_line": "Land",
    "oracle": "{T}, Pay 1 life, Sacrifice this land: Search your library for an Island or Mountain card, put "
    "it onto the battlefield, then shuffle.",
}
#: {U}{U}
TIDE = {"name": "Test Tide", "type_line": "Instant", "mana_cost": "{U}{U}", "oracle": ""}
#: {U}{R}
SPARK = {"name": "Test Spark", "type_line": "Instant", "mana_cost": "{U}{R}", "oracle": ""}


def test_a_land_fetched_leaves_the_library_for_the_next_search() -> None:
    """Two fetchlands and two land plays, a library of one Island and one Mountain: the first search takes
    the Island out of the library (CR 701.23), so the second finds the Mountain: {U}{R} is cast, {U}{U} is
    not (two Islands would be a wrong "yes")."""

    def board(spell: dict[str, str]) -> Board:
        player = {"id": "me", "hand": [TARN, TARN, spell], "land_plays": 2, "library": ["Island", "Mountain"]}
        return Board.from_dict({"version": 1, "players": [player]})

    assert plan_turn(board(TIDE), casts=["Test Tide"]).castable is False
    spark = plan_turn(board(SPARK), casts=["Test Spark"])
    assert spark.castable is True
    assert sorted(land.fetched or "" for land in spark.lands_played) == ["Island", "Mountain"]
    assert sum(land.life_paid for land in spark.lands_played) == 2
    assert matches_brute_force(board(SPARK)).mana_value_cast == 2


def test_land_plays_used_are_counted_against_the_extra_ones() -> None:
    """A land already played this turn uses one of the two plays (CR 305.2a): one is left, the search
    plays it; with both used, --land is refused."""
    one_used = plan_turn(_board(TRELLIS, lands_played_this_turn=1))
    assert [land.card for land in one_used.lands_played] == ["Forest"]
    with pytest.raises(InputError, match="2 of 2 made"):
        plan_turn(_board(TRELLIS, lands_played_this_turn=2), land="Forest")
    with pytest.raises(InputError, match="1 of 1 made"):
        plan_turn(_board(lands_played_this_turn=1), land="Forest")
