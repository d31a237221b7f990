"""A turn plan casts the cards a player may cast from the graveyard or from exile now (contract section 11,
issue 35): flashback (CR 702.34a: its cost only, exiled as it resolves), escape (702.138a), "You may cast ~
from your graveyard", a permanent's permission (its uses each turn counted), a card foretold (702.143a: its
foretell cost only). Each leaves its zone as it is cast (601.2a). What the turn does not plan is named in a
note, and a plan that casts nothing is then no "no" (castable null).
"""

from __future__ import annotations

from typing import Any

import pytest
from turn_brute_force import matches_brute_force

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
#: a creature card that lets itself be cast from the graveyard (Gravecrawler's shape, without its condition)
CRAWLER = {
    "name": "Test Crawler",
    "type_line": "Creature — Zombie",
    "mana_cost": "{R}",
    "oracle": "You may cast Test Crawler from your graveyard.",
}
#: a permanent whose permission allows one creature card from the graveyard each turn (Karador's shape)
GHOST = {
    "id": "ghost",
    "name": "Test Ghost",
    "type_line": "Creature — Spirit",
    "controller": "me",
    "oracle": "During each of your turns, you may cast one creature card from your graveyard.",
}
BEAR = {"name": "Test Bear", "type_line": "Creature — Bear", "mana_cost": "{1}{R}", "oracle": ""}
BRUTE = {"name": "Test Brute", "type_line": "Creature — Giant", "mana_cost": "{1}{R}", "oracle": ""}
#: a spell whose cost counts the graveyard's cards (601.2f)
GIANT = {
    "name": "Test Grave Giant",
    "type_line": "Creature — Giant",
    "mana_cost": "{4}{R}",
    "oracle": "This spell costs {1} less to cast for each card in your graveyard.",
}
#: a delve spell (Treasure Cruise's shape)
CRUISE = {
    "name": "Test Cruise",
    "type_line": "Sorcery",
    "mana_cost": "{5}{R}",
    "oracle": "Delve\nDraw three cards.",
}


def _board(hand: list[Any], mountains: int = 3, permanents: tuple[Any, ...] = (), **me: Any) -> Board:
    lands = [{"id": f"m{n}", "card": "Mountain", "controller": "me"} for n in range(mountains)]
    player = {"id": "me", "hand": hand, **me}
    return Board.from_dict(
        {"version": 1, "active_player": "me", "players": [player], "permanents": [*lands, *permanents]}
    )


def test_a_flashback_card_is_cast_from_the_graveyard_for_its_flashback_cost() -> None:
    """Three Mountains, an empty hand and Test Looting in the graveyard: its flashback {2}{R} is paid (CR
    702.34a), mana value 1 (its mana cost's, 202.3), as the brute force finds (on main: castable null, a
    note)."""
    turn = matches_brute_force(_board([], graveyard=[LOOTING]))
    assert turn.castable is True and not turn.notes
    (spell,) = turn.spells
    assert (spell.card, spell.cast_from, spell.payment.total_cost) == ("Test Looting", "graveyard", "{2}{R}")
    assert spell.payment.alternative_cost is not None
    assert turn.to_json()["spells"][0]["from"] == "graveyard"


def test_flashback_is_the_only_way_from_the_graveyard() -> None:
    """Two Mountains pay Test Looting's mana cost {R} but not its flashback {2}{R}: from the graveyard only
    flashback casts it (CR 702.34a, 601.2a), so nothing can be cast: a 'no' (on main: castable null)."""
    turn = plan_turn(_board([], mountains=2, graveyard=[LOOTING]), time_limit=120)
    assert turn.castable is False and not turn.notes


def test_a_graveyard_card_beside_the_hand() -> None:
    """Four Mountains, a Bolt in the hand, Test Looting in the graveyard: both are cast ({R} and {2}{R}),
    mana value 2."""
    turn = matches_brute_force(_board([BOLT], mountains=4, graveyard=[LOOTING]))
    assert sorted(s.card for s in turn.spells) == ["Test Bolt", "Test Looting"]
    assert turn.mana_value_cast == 2


def test_the_card_cast_from_the_graveyard_is_no_longer_counted_there() -> None:
    """Test Grave Giant ({4}{R}, {1} less for each card in the graveyard) in the hand, Test Crawler and a
    Bolt in the graveyard, four Mountains. Cast first, the Giant costs {2}{R} (two cards), then the Crawler
    {R}: four mana. The Crawler first ({R}) leaves one card, so the Giant costs {3}{R}: five mana, too many
    (CR 601.2a: the Crawler is on the stack, then on the battlefield; 601.2f). Both are cast, the Giant
    first, as the brute force finds."""
    board = _board([GIANT], mountains=4, graveyard=[CRAWLER, BOLT])
    turn = matches_brute_force(board)
    assert [s.card for s in turn.spells] == ["Test Grave Giant", "Test Crawler"]
    assert [s.cast_from for s in turn.spells] == [None, "graveyard"]


def test_a_foretold_card_is_cast_for_its_foretell_cost() -> None:
    """Test Seer foretold, two Islands: its foretell cost {1}{U} is paid from exile (CR 702.143a), mana
    value 4; a Bolt in the hand can't be paid besides (no red source)."""
    islands = (
        {"id": "i1", "card": "Island", "controller": "me"},
        {"id": "i2", "card": "Island", "controller": "me"},
    )
    board = _board([BOLT], mountains=0, permanents=islands, foretold=[SEER])
    turn = matches_brute_force(board)
    (spell,) = turn.spells
    assert (spell.card, spell.cast_from, spell.payment.total_cost) == ("Test Seer", "exile", "{1}{U}")
    assert turn.mana_value_cast == 4


def test_a_once_each_turn_permission_casts_one_card() -> None:
    """Test Ghost lets one creature card be cast from the graveyard each turn: with Test Bear and Test Brute
    ({1}{R} each) there and four Mountains, one of them is cast (its use counted: the second has no
    permission left, CR 601.2a), mana value 2, as the brute force finds (on main: castable null)."""
    board = _board([], mountains=4, permanents=(GHOST,), graveyard=[BEAR, BRUTE])
    turn = matches_brute_force(board)
    assert len(turn.spells) == 1 and turn.spells[0].cast_from == "graveyard"
    assert turn.spells[0].payment.alternative_cost is not None


def test_a_used_permission_casts_nothing() -> None:
    """Test Ghost's permission used this turn (its ``graveyard_uses_this_turn``): Test Bear stays in the
    graveyard: a 'no'."""
    ghost = {**GHOST, "graveyard_uses_this_turn": ["creature"]}
    turn = plan_turn(_board([], mountains=4, permanents=(ghost,), graveyard=[BEAR]), time_limit=120)
    assert turn.castable is False


def test_cast_names_a_graveyard_card() -> None:
    """--cast Test Looting with no Looting in the hand casts the graveyard's, for its flashback."""
    turn = plan_turn(_board([], graveyard=[LOOTING]), casts=["Test Looting"], time_limit=120)
    assert turn.castable is True and turn.spells[0].cast_from == "graveyard"
    assert turn.spells[0].payment.total_cost == "{2}{R}"


def test_a_card_with_no_way_from_the_graveyard_is_not_named() -> None:
    """A Bolt in the graveyard has no way to be cast from there (CR 601.2a): a 'no', and no note."""
    turn = plan_turn(_board([], graveyard=[BOLT]), time_limit=120)
    assert turn.castable is False and not turn.notes


def test_cast_of_a_graveyard_card_without_a_way_says_where_it_is() -> None:
    """--cast of a card that is only in the graveyard, with no way to be cast from there now: bad input
    naming the zone and the command that answers for it, never a traceback."""
    with pytest.raises(InputError, match=r"in me's graveyard.*--cast-from graveyard"):
        plan_turn(_board([], graveyard=[BOLT]), casts=["Test Bolt"])


def test_a_delve_spell_keeps_the_graveyard_card_a_note() -> None:
    """A delve spell in the hand could exile Test Looting for its cost (CR 702.66a; the model counts the
    cards delve takes, not which): the Looting is not cast from the graveyard, a note names it, and the plan
    is not called optimal."""
    turn = plan_turn(_board([CRUISE], mountains=3, graveyard=[LOOTING, BOLT]), time_limit=120)
    assert all(s.cast_from is None for s in turn.spells)
    assert not turn.optimal and any("Test Looting: another spell of the turn" in n for n in turn.notes)


def test_a_flashback_card_in_the_hand_may_be_cast_again_a_note() -> None:
    """Test Looting cast from the hand goes to the graveyard (CR 608.2n), from where its flashback could
    cast it again this turn, which the plan does not: a note, not called optimal."""
    turn = plan_turn(_board([LOOTING], mountains=4), time_limit=120)
    assert [s.card for s in turn.spells] == ["Test Looting"]
    assert not turn.optimal and any("may be cast from the graveyard again" in n for n in turn.notes)


#: a creature card with escape (Ox of Agonas' shape)
OX = {
    "name": "Test Ox",
    "type_line": "Creature — Ox",
    "mana_cost": "{3}{R}",
    "oracle": "Escape—{R}{R}, Exile four other cards from your graveyard.",
}


def test_escape_exiles_four_other_cards() -> None:
    """Test Ox and four Bolts in the graveyard, two Mountains: it escapes for {R}{R} and four other cards
    (CR 702.138a), mana value 4, as the brute force finds; with three Bolts there and a Bolt in the hand,
    the Bolt cast first would make four (608.2n), which the plan does not follow: the Bolt, and a note."""
    turn = matches_brute_force(_board([], mountains=2, graveyard=[OX, BOLT, BOLT, BOLT, BOLT]))
    assert [(s.card, s.cast_from, s.payment.total_cost) for s in turn.spells] == [
        ("Test Ox", "graveyard", "{R}{R}")
    ]
    later = plan_turn(_board([BOLT], mountains=3, graveyard=[OX, BOLT, BOLT, BOLT]), time_limit=120)
    assert [s.card for s in later.spells] == ["Test Bolt"] and not later.optimal
    assert any("Test Ox: its escape" in note for note in later.notes)
