"""Mana a turn's plan does not make is said, never dropped in silence (contract section 11).

- An activated ability that creates a Treasure and adds no mana is no mana ability (CR 605.1a): a player may
  activate it with priority before casting (CR 117.1) and sacrifice the Treasure for mana of any color (CR
  111.10a). A payment does not plan it (CR 601.2g: mana abilities only): pay warns of it. The turn's search
  activates it where that casts more (planner/turn_activated.py, tests/test_turn_activated_abilities.py).
- "Whenever you cast your first spell each turn, add {R}{R}." is no mana ability (CR 605.1b: it triggers on
  a cast): its mana comes after the first spell is cast (CR 603.3) and stays for later spells (CR 500.4);
  plan-turn counts it, and notes such a trigger it does not read (a condition).
"""

from __future__ import annotations

from typing import Any

from models.board import Board
from models.cost import PaymentTarget
from planner import pay
from planner.turn import plan_turn

#: '{1}{B}, {T}, Pay 1 life: Create a Treasure token.' on a creature that can tap
KNIGHT = {
    "id": "k",
    "name": "Test Knight",
    "type_line": "Creature — Human Knight",
    "power": 2,
    "toughness": 1,
    "oracle": "{1}{B}, {T}, Pay 1 life: Create a Treasure token.",
}
RODEO = {
    "id": "r",
    "name": "Test Rodeo",
    "type_line": "Creature — Human Warrior",
    "power": 3,
    "toughness": 4,
    "oracle": "Whenever you cast your first spell each turn, add {R}{R}.",
}
SPARK = {
    "name": "Test Spark",
    "type_line": "Instant",
    "mana_cost": "{R}",
    "oracle": "Test Spark deals 1 damage to you.",
}
BRUTE = {"name": "Test Brute", "type_line": "Creature — Ogre", "mana_cost": "{1}{R}", "oracle": ""}


#: the Rodeo with a condition on its cast trigger, which turn plans do not read
_UNREAD_RODEO = {
    **RODEO,
    "oracle": "Whenever you cast your first spell each turn, if you control a Goblin, add {R}{R}.",
}


def _board(permanents: list[dict[str, Any]], hand: list[Any]) -> Board:
    me = {"id": "me", "hand": hand, "spells_cast_this_turn": 0}
    placed = [{**p, "controller": "me"} for p in permanents]
    return Board.from_dict({"version": 1, "players": [me, {"id": "opp"}], "permanents": placed})


def _swamps(count: int) -> list[dict[str, Any]]:
    return [{"id": f"s{n}", "card": "Swamp"} for n in range(count)]


def test_pay_warns_of_a_treasure_made_with_priority() -> None:
    """Three Swamps make no {R} while paying (CR 601.2g); the Knight's Treasure would (two Swamps for {1}{B},
    then the Treasure's {R}), activated before casting: not planned, and the warning names it."""
    board = _board([KNIGHT, *_swamps(3)], [])
    result = pay(board, PaymentTarget.of("{R}"))
    assert result.payable is False
    assert any(w.permanent == "k" and "605.1a" in w.reason for w in result.warnings)
    without = pay(_board(_swamps(3), []), PaymentTarget.of("{R}"))
    assert not without.warnings


def test_plan_turn_activates_a_treasure_made_with_priority() -> None:
    """The same board casting a {R} spell: by the rules it is castable (two Swamps pay the Knight's {1}{B}
    and 1 life, its Treasure the {R}: CR 605.1a, 111.10a); the search activates the Knight first, and says
    nothing is left out (before turnacts37: an unknown answer with a note)."""
    turn = plan_turn(_board([KNIGHT, *_swamps(3)], [SPARK]), casts=["Test Spark"])
    assert turn.castable is True
    assert [made.permanent for made in turn.activations] == ["k"]
    assert not any("Test Knight" in note for note in turn.notes)
    assert turn.optimal
    assert plan_turn(_board(_swamps(3), [SPARK]), casts=["Test Spark"]).castable is False


def test_plan_turn_counts_the_mana_of_a_cast_trigger() -> None:
    """One Mountain casts the Spark ({R}); the Rodeo's trigger then adds {R}{R} (CR 603.3), which casts the
    Brute ({1}{R}, CR 500.4): mana value 3, counted (tests/test_turn_cast_mana.py). A trigger with a condition
    the plan does not read is not counted: a note says so and the plan is not called optimal."""
    board = _board([RODEO, {"id": "m", "card": "Mountain"}], [SPARK, BRUTE])
    turn = plan_turn(board)
    assert [spell.card for spell in turn.spells] == ["Test Spark", "Test Brute"]
    assert turn.optimal and not turn.notes
    unread = plan_turn(_board([_UNREAD_RODEO, {"id": "m", "card": "Mountain"}], [SPARK, BRUTE]))
    assert [spell.card for spell in unread.spells] == ["Test Spark"]
    assert any("Test Rodeo" in note and "603.3" in note for note in unread.notes)
    assert not unread.optimal
    alone = plan_turn(_board([{"id": "m", "card": "Mountain"}], [SPARK, BRUTE]))
    assert not any("603.3" in note for note in alone.notes)


def test_no_note_once_the_first_spell_of_the_turn_was_cast() -> None:
    """A spell already cast this turn: 'your first spell each turn' won't trigger again (CR 603.2), so the
    plan misses nothing and its "no" for both spells stays a "no" (one Mountain: {R} then {1}{R})."""
    board = _board([RODEO, {"id": "m", "card": "Mountain"}], [SPARK, BRUTE])
    board = board.replace_player("me", spells_cast_this_turn=1)
    assert plan_turn(board, casts=["Test Spark", "Test Brute"]).castable is False
    assert not any("Test Rodeo" in note for note in plan_turn(board).notes)


def test_a_knight_that_cant_tap_gives_no_note() -> None:
    """Summoning sick (CR 302.6) or tapped, the Knight's {T} ability can't be activated: plan-turn has nothing
    to note, and its "no" stays a "no" (three Swamps make no {R})."""
    for state in ({"summoning_sick": True}, {"tapped": True}):
        board = _board([{**KNIGHT, **state}, *_swamps(3)], [SPARK])
        turn = plan_turn(board, casts=["Test Spark"])
        assert turn.castable is False
        assert not any("Test Knight" in note for note in turn.notes)


def test_a_cast_trigger_pays_the_second_spell_given() -> None:
    """--cast Spark then Brute on one Mountain: castable (the Spark's {R}, then the Rodeo's {R}{R} pays the
    Brute, CR 603.3, 500.4); with a trigger the plan does not read, its answer is unknown, never "no"."""
    board = _board([RODEO, {"id": "m", "card": "Mountain"}], [SPARK, BRUTE])
    assert plan_turn(board, casts=["Test Spark", "Test Brute"]).castable is True
    unread = _board([_UNREAD_RODEO, {"id": "m", "card": "Mountain"}], [SPARK, BRUTE])
    both = plan_turn(unread, casts=["Test Spark", "Test Brute"])
    assert both.castable is None
    assert any("Test Rodeo" in note for note in both.notes)
    assert plan_turn(board, casts=["Test Spark"]).castable is True


#: bargain's enters trigger with an intervening "if" (Realm-Scorcher Hellkite's shape)
SCORCHER = {
    "name": "Test Scorcher",
    "type_line": "Creature — Dragon",
    "mana_cost": "{3}{R}{R}",
    "oracle": "Bargain\nFlying\n"
    "When ~ enters, if it was bargained, add four mana in any combination of colors.",
}
OGRE = {"name": "Test Ogre", "type_line": "Creature — Ogre", "mana_cost": "{3}{R}", "oracle": ""}
#: an enters trigger whose "if" a plan's casts from the hand satisfy (Coal Stoker's shape)
STOKER = {
    "name": "Test Stoker",
    "type_line": "Creature — Elemental",
    "mana_cost": "{2}{R}",
    "oracle": "When ~ enters the battlefield, if you cast it from your hand, add {R}{R}{R}.",
}


def _mountains(count: int) -> list[dict[str, Any]]:
    return [{"id": f"m{i}", "card": "Mountain"} for i in range(count)]


def test_an_intervening_if_on_enters_mana_is_not_assumed() -> None:
    """Five Mountains pay the Scorcher's {3}{R}{R}, nothing is left to bargain (CR 702.166a: an artifact,
    enchantment or token), so its trigger's "if it was bargained" is false (CR 603.4) and adds nothing: the
    Ogre's {3}{R} can't follow. The plan counted the four mana anyway (a silent "yes"); then it was not
    counted, with a note (a null); now the bargain is a choice of the turn (turn_entering_mana, CR 702.166b)
    and with nothing to sacrifice it is not paid: a "no" (tests/test_turn_entering_mana.py bargains)."""
    board = _board(_mountains(5), [SCORCHER, OGRE])
    turn = plan_turn(board, casts=["Test Scorcher", "Test Ogre"])
    assert turn.castable is False, turn.to_json()
    assert not any("if it was bargained" in note for note in turn.notes)
    assert plan_turn(board, casts=["Test Scorcher"]).castable is True


def test_if_you_cast_it_from_your_hand_holds_in_a_plan() -> None:
    """Three Mountains cast the Stoker ({2}{R}) from the hand, so its "if" holds (CR 603.4): its {R}{R}{R}
    pays Test Brute's {1}{R} (CR 500.4); without it no mana would be left."""
    board = _board(_mountains(3), [STOKER, BRUTE])
    turn = plan_turn(board, casts=["Test Stoker", "Test Brute"])
    assert turn.castable is True and not turn.notes


#: a trigger of casting that creates a Treasure (Gloin, Dwarf Emissary's shape)
EMISSARY = {
    "id": "e",
    "name": "Test Emissary",
    "type_line": "Creature — Dwarf",
    "power": 3,
    "toughness": 3,
    "oracle": "Whenever you cast an artifact spell, create a Treasure token.",
}
TRINKET = {"name": "Test Trinket", "type_line": "Artifact", "mana_cost": "{2}", "oracle": ""}


def test_a_treasure_made_by_a_cast_trigger_pays_the_next_spell() -> None:
    """--cast Trinket then Spark on two Mountains: the rules cast both (the Trinket's trigger resolves first
    and leaves a Treasure, CR 603.3, whose mana pays the Spark, CR 111.10a); the search plans the token (it
    was only noted, the answer null, before). Without the Emissary: "no"."""
    casts = ["Test Trinket", "Test Spark"]
    both = plan_turn(_board([EMISSARY, *_mountains(2)], [TRINKET, SPARK]), casts=casts)
    assert both.castable is True and both.optimal and not both.notes
    plain = plan_turn(_board(_mountains(2), [TRINKET, SPARK]), casts=casts)
    assert plain.castable is False
