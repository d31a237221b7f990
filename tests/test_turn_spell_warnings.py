"""A turn plan warns of its spells' own sentences it did not read, as ``pay --spell`` does (contract
section 5: a sentence the reader does not understand is never dropped in silence). Probe 12 found the plan
silent: a hand spell whose own alternative cost or cost reduction was not read answered "not castable" with
no warning (Thrasta, Tempest's Roar's "This spell costs {3} less to cast for each other spell that's been
cast this turn."). The values here are worked out by hand from the rules; the reference search confirms
that the mana alone does not pay, so the plan's "no" hangs on the sentence it did not read.
"""

from __future__ import annotations

import pytest
from boards import make_board, search

from models.board import Board
from models.errors import OracleParseError
from planner.turn import plan_turn

#: an alternative cost the reader does not read (contract section 6: "discard a Swamp card" is no part it
#: reads): by the rules (CR 118.9) the spell is cast by discarding the Swamp card from the hand
HEX = {
    "name": "Test Hex",
    "type_line": "Sorcery",
    "mana_cost": "{4}{B}",
    "oracle": "You may discard a Swamp card rather than pay this spell's mana cost.\nDraw two cards.",
}
UNREAD = "You may discard a Swamp card rather than pay ~'s mana cost."
BEAR = {"name": "Test Bear", "type_line": "Creature — Bear", "mana_cost": "{1}{G}", "oracle": ""}


def _board() -> Board:
    return make_board([{"card": "Swamp", "id": "s"}], hand=[HEX, "Swamp", BEAR])


def test_the_mana_alone_does_not_pay() -> None:
    # one Swamp: {4}{B} needs five mana (CR 601.2g); the reference search agrees
    assert not search(_board(), "{4}{B}").payable


def test_a_cast_spell_s_unread_sentence_is_warned() -> None:
    turn = plan_turn(_board(), casts=["Test Hex"], time_limit=300)
    # (castable by the rules, by discarding the Swamp card: the plan's "no" must say what it left out)
    assert turn.castable is False
    assert [(w.permanent, w.sentence) for w in turn.warnings] == [("Test Hex", UNREAD)]


def test_a_hand_spell_s_unread_sentence_is_warned_when_the_plan_chooses() -> None:
    turn = plan_turn(_board(), time_limit=300)
    assert ("Test Hex", UNREAD) in [(w.permanent, w.sentence) for w in turn.warnings]
    # (the Swamp is played and the Bear is not castable: green mana is lacking; nothing else is warned)
    assert [(w.permanent, w.sentence) for w in turn.warnings] == [("Test Hex", UNREAD)]


def test_a_spell_read_in_full_adds_no_warning() -> None:
    board = make_board([{"card": "Forest", "id": "f"}, {"card": "Forest", "id": "g"}], hand=[BEAR])
    turn = plan_turn(board, casts=["Test Bear"], time_limit=300)
    assert turn.castable is True
    assert turn.warnings == ()


def test_strict_refuses_the_unread_sentence() -> None:
    with pytest.raises(OracleParseError, match="Test Hex"):
        plan_turn(_board(), casts=["Test Hex"], strict=True)


#: a cast trigger that makes tokens with a mana ability (Writhing Chrysalis's shape): by the rules they are
#: there before the spell resolves (CR 603.2, 603.3) and their mana pays a later spell of the turn (CR 500.4)
CHRYSALIS = {
    "name": "Test Chrysalis",
    "type_line": "Creature — Eldrazi Elemental",
    "mana_cost": "{2}{R}{G}",
    "oracle": "When you cast this spell, create two 0/1 colorless Eldrazi Spawn creature tokens with "
    '"Sacrifice this creature: Add {C}."',
    "power": 2,
}
ROCK = {"name": "Test Rock", "type_line": "Artifact", "mana_cost": "{2}", "oracle": ""}
SPAWNED = (
    'When you cast ~, create two 0/1 colorless Eldrazi Spawn creature tokens with "Sacrifice ~: Add {C}."'
)


def test_tokens_a_cast_trigger_makes_are_noted_when_not_followed() -> None:
    lands = [
        {"card": name, "id": f"l{n}"} for n, name in enumerate(("Mountain", "Forest", "Forest", "Forest"))
    ]
    board = make_board(lands, hand=[CHRYSALIS, ROCK])
    # (four lands pay the Chrysalis; the two Spawn's {C}{C} would pay the Rock (CR 603.3, 500.4): the plan
    # does not follow them, so its "no" is a bound not planned, never a "no" (contract: an unplanned way out
    # leaves no answer): castable is null, the note says why)
    turn = plan_turn(board, casts=["Test Chrysalis", "Test Rock"], time_limit=300)
    assert turn.castable is None
    note = f"Test Chrysalis: the mana of {SPAWNED!r} is not counted in turn plans"
    assert turn.notes == (note,)
    assert turn.reason == note


def test_a_spell_s_unfollowed_mana_with_no_spell_after_it_leaves_a_no() -> None:
    # (the Rock first, then the Chrysalis: its Spawn come after the last spell, CR 601.2h; three lands pay
    # the Rock's {2} but leave one land for the Chrysalis's {2}{R}{G}: a sure "no", whatever the Spawn do)
    lands = [{"card": name, "id": f"l{n}"} for n, name in enumerate(("Mountain", "Forest", "Forest"))]
    board = make_board(lands, hand=[CHRYSALIS, ROCK])
    turn = plan_turn(board, casts=["Test Rock", "Test Chrysalis"], time_limit=300)
    assert turn.castable is False


#: a modal spell's Treasure (Prismari Command's shape): its caster chooses the mode and targets itself (CR
#: 700.2a, 115.1), so its Treasure is there for the later spells (CR 111.10a)
COMMAND = {
    "name": "Test Command",
    "type_line": "Instant",
    "mana_cost": "{1}{U}{R}",
    "oracle": "Choose two —\n• Test Command deals 2 damage to any target.\n• Target player draws two cards, "
    "then discards two cards.\n• Target player creates a Treasure token.\n• Destroy target artifact.",
}
MERFOLK = {"name": "Test Merfolk", "type_line": "Creature — Merfolk", "mana_cost": "{U}", "power": 1}


@pytest.mark.parametrize(
    ("lands", "castable"), [(("Island", "Mountain", "Mountain"), True), (("Island",) * 2, False)]
)
def test_a_modal_spell_s_treasure_pays_the_next_spell(lands: tuple[str, ...], castable: bool) -> None:
    # (Island + 2 Mountains pay {1}{U}{R}; the Treasure mode's Treasure pays the Merfolk's {U}; two Islands
    # can't pay the Command ({R}): a "no")
    board = make_board(
        [{"card": name, "id": f"l{n}"} for n, name in enumerate(lands)], hand=[COMMAND, MERFOLK]
    )
    turn = plan_turn(board, casts=["Test Command", "Test Merfolk"], time_limit=300)
    assert turn.castable is castable, turn.notes


def test_treasures_an_enters_trigger_makes_are_counted_not_noted() -> None:
    pirates = {"name": "Test Pirates", "type_line": "Creature — Pirate", "mana_cost": "{1}{R}",
               "oracle": "When this creature enters, create a Treasure token."}  # fmt: skip
    lands = [{"card": "Mountain", "id": "m"}, {"card": "Mountain", "id": "n"}]
    board = make_board(lands, hand=[pirates, {**ROCK, "mana_cost": "{1}"}])
    # (two Mountains cast the Pirates; its Treasure pays the {1} Rock: CR 603.3, 500.4)
    turn = plan_turn(board, casts=["Test Pirates", "Test Rock"], time_limit=300)
    assert turn.castable is True
    assert turn.notes == ()
