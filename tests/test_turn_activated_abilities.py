"""plan-turn activates abilities that aren't mana abilities but make mana possible later in the turn (contract
section 11, issue #35: what is read is used; planner/turn_abilities.py, planner/turn_activated.py).

- '{1}, {T}: Create a Treasure token.' is no mana ability (CR 605.1a): activated with priority, its cost paid
  from the turn's mana (CR 602.2b), its Treasure (CR 111.10a) then sacrificed for mana of any color by a later
  spell. A Gold token (111.10f) and an Eldrazi Spawn 'with "Sacrifice this token: Add {C}."' (111.4) too.
- '+1: Add {R}{R}.' is no mana ability either (CR 605.1a): activated in the main phase with an empty stack,
  once each turn per planeswalker (606.3); a minus cost needs its counters (606.6).

Every expected value below is derived by hand from the rules (the comment says how) and, on the small
boards, the exhaustive turn brute force of tests/turn_brute_force.py (by the rules alone) agrees.
"""

from __future__ import annotations

from typing import Any

from turn_brute_force import matches_brute_force

from models.board import Board
from planner.turn import plan_turn

#: '{1}, {T}, Pay 1 life: Create a Treasure token.' on a creature that can tap
KNIGHT: dict[str, Any] = {
    "id": "k",
    "name": "Test Knight",
    "type_line": "Creature — Human Knight",
    "power": 2,
    "toughness": 1,
    "oracle": "{1}, {T}, Pay 1 life: Create a Treasure token.",
}
#: '{T}: Create a Gold token.' on an artifact (no summoning sickness for a noncreature, CR 302.6)
GOLDSMITH: dict[str, Any] = {
    "id": "g",
    "name": "Test Goldsmith",
    "type_line": "Artifact",
    "oracle": "{T}: Create a Gold token.",
}
#: a planeswalker with two loyalty abilities that add mana (only one of them each turn, CR 606.3)
FLAME: dict[str, Any] = {
    "id": "f",
    "name": "Test Flame",
    "type_line": "Legendary Planeswalker — Test",
    "counters": {"loyalty": 2},
    "oracle": "+1: Add {R}{R}.\n\u22122: Add {R}{R}{R}{R}.",
}
DRAKE = {"name": "Test Drake", "type_line": "Creature — Drake", "mana_cost": "{1}{U}", "oracle": "Flying"}
GIANT = {"name": "Test Giant", "type_line": "Creature — Giant", "mana_cost": "{3}{R}{R}", "oracle": ""}
SPARK = {"name": "Test Spark", "type_line": "Instant", "mana_cost": "{R}", "oracle": "Draw a card."}
OGRE = {"name": "Test Ogre", "type_line": "Creature — Ogre", "mana_cost": "{2}{R}", "oracle": ""}


def _board(permanents: list[dict[str, Any]], hand: list[Any], **me: Any) -> Board:
    """The player "me" in their main phase (their turn), no land to play, no spell cast yet."""
    player = {"id": "me", "hand": hand, "spells_cast_this_turn": 0, **me}
    placed = [{**p, "controller": "me"} for p in permanents]
    return Board.from_dict(
        {"version": 1, "active_player": "me", "players": [player, {"id": "opp"}], "permanents": placed}
    )


def _mountains(count: int) -> list[dict[str, Any]]:
    return [{"id": f"m{n}", "card": "Mountain"} for n in range(count)]


def test_a_treasure_made_with_priority_pays_a_blue_spell() -> None:
    """Two Mountains make no {U}; one pays the Knight's {1} (and 1 life), its Treasure then gives {U}, the
    other Mountain {1}: the Drake ({1}{U}, mana value 2) is cast, the Knight's ability first (CR 602.2b,
    111.10a). The note and the warning that it is not planned are gone; the plan is optimal."""
    board = _board([KNIGHT, *_mountains(2)], [DRAKE])
    turn = matches_brute_force(board)
    assert [spell.card for spell in turn.spells] == ["Test Drake"]
    (made,) = turn.activations
    assert (made.permanent, made.after_spells, made.payment.life_paid) == ("k", 0, 1)
    assert [name for _, name in made.created] == ["Treasure"]
    assert not any("Test Knight" in note for note in turn.notes)
    assert not any(w.permanent == "k" for w in turn.warnings)
    treasure = made.created[0][0]
    assert treasure in turn.spells[0].payment.sacrificed
    as_json = turn.to_json()["activations"][0]
    assert (as_json["card"], as_json["after_spells"]) == ("Test Knight", 0)


def test_no_activation_when_nothing_needs_it() -> None:
    """Three Mountains cast the Ogre ({2}{R}) alone; the Knight's Treasure would cost {1} of them and 1 life
    for one mana: the plan casts the Ogre and activates nothing (the fewest activations among equals)."""
    turn = matches_brute_force(_board([KNIGHT, *_mountains(3)], [OGRE]))
    assert [spell.card for spell in turn.spells] == ["Test Ogre"]
    assert turn.activations == ()


def test_a_sick_or_tapped_knight_is_not_activated() -> None:
    """Summoning sick (CR 302.6) or tapped, the Knight can't pay {T}: no {U}, nothing cast; a real "no"."""
    for state in ({"summoning_sick": True}, {"tapped": True}):
        turn = matches_brute_force(_board([{**KNIGHT, **state}, *_mountains(2)], [DRAKE]))
        assert turn.spells == () and turn.activations == ()


def test_the_life_it_costs_must_be_there() -> None:
    """At 1 life the Knight's 'Pay 1 life' would leave 0 (CR 704.5a: the player loses): not activated, the
    Drake not cast."""
    turn = matches_brute_force(_board([KNIGHT, *_mountains(2)], [DRAKE], life=1))
    assert turn.spells == () and turn.activations == ()


def test_a_gold_token_pays_the_next_spell() -> None:
    """The Goldsmith's {T} makes a Gold token ('Sacrifice this token: Add one mana of any color.', CR
    111.10f): one Mountain and the Gold cast the Drake ({1}{U})."""
    turn = matches_brute_force(_board([GOLDSMITH, *_mountains(1)], [DRAKE]))
    assert [spell.card for spell in turn.spells] == ["Test Drake"]
    assert [name for _, name in turn.activations[0].created] == ["Gold"]


def test_a_loyalty_ability_adds_mana_for_the_spells() -> None:
    """One Mountain and the Flame's −2 ({R}{R}{R}{R}, loyalty 2 → 0: it goes, CR 704.5i) cast the Giant
    ({3}{R}{R}, mana value 5); +1 gives two mana only (three in all: the Ogre, mana value 3). Only one of its
    loyalty abilities each turn (CR 606.3): 5 is the most."""
    board = _board([FLAME, *_mountains(1)], [GIANT, OGRE])
    turn = matches_brute_force(board)
    assert [spell.card for spell in turn.spells] == ["Test Giant"]
    (made,) = turn.activations
    assert (made.ability, made.mana) == ("-2: Add {R}{R}{R}{R}.", "{R}{R}{R}{R}")
    assert any("606.3" in note and "Test Flame" in note for note in turn.notes)  # (assumed not used yet)


def test_a_minus_cost_needs_its_counters() -> None:
    """With one loyalty counter the −2 can't be activated (CR 606.6): +1 and the Mountain make three mana,
    the Ogre ({2}{R}) is cast, not the Giant."""
    board = _board([{**FLAME, "counters": {"loyalty": 1}}, *_mountains(1)], [GIANT, OGRE])
    turn = matches_brute_force(board)
    assert [spell.card for spell in turn.spells] == ["Test Ogre"]
    assert turn.activations[0].ability == "+1: Add {R}{R}."


def test_loyalty_only_in_its_controllers_turn() -> None:
    """In another player's turn no loyalty ability is activated (CR 606.3): the Mountain casts the Spark
    only (instant speed)."""
    player = {"id": "me", "hand": [SPARK, OGRE], "spells_cast_this_turn": 0}
    placed = [{**p, "controller": "me"} for p in [FLAME, *_mountains(1)]]
    board = Board.from_dict(
        {"version": 1, "active_player": "opp", "players": [player, {"id": "opp"}], "permanents": placed}
    )
    turn = plan_turn(board, player="me")
    assert [spell.card for spell in turn.spells] == ["Test Spark"]
    assert turn.activations == ()


def test_the_mana_of_an_ability_pays_a_spell_cast_after_it_only() -> None:
    """Three Mountains: the Spark ({R}), the Knight's {1}, and its Treasure's {U} with the last Mountain's
    {1} for the Drake: both cast (mana value 3), the Treasure there only after the Knight's ability."""
    turn = matches_brute_force(_board([KNIGHT, *_mountains(3)], [SPARK, DRAKE]))
    assert sorted(spell.card for spell in turn.spells) == ["Test Drake", "Test Spark"]


#: 'Equipped creature has haste.' with 'Equip {1}' (CR 702.6a: attach to target creature you control, as a
#: sorcery)
SPURS: dict[str, Any] = {
    "id": "s",
    "name": "Test Spurs",
    "type_line": "Artifact — Equipment",
    "oracle": "Equipped creature has haste.\nEquip {1}",
}
ELF: dict[str, Any] = {
    "name": "Test Elf",
    "type_line": "Creature — Elf",
    "mana_cost": "{G}",
    "oracle": "{T}: Add {G}.",
}
#: the Elf on the battlefield, entered this turn
SICK_ELF: dict[str, Any] = {**ELF, "id": "e", "power": 1, "toughness": 1, "summoning_sick": True}
GREEN_DRAKE = {
    "name": "Test Moss Drake",
    "type_line": "Creature — Drake",
    "mana_cost": "{1}{G}",
    "oracle": "",
}


def _islands(count: int) -> list[dict[str, Any]]:
    return [{"id": f"i{n}", "card": "Island"} for n in range(count)]


def test_equip_gives_a_sick_elf_haste_to_tap_for_green() -> None:
    """Two Islands make no {G}; the Elf is summoning sick (CR 302.6). One Island equips the Spurs to it
    ({1}, CR 702.6a): with haste it taps for {G}, and with the other Island casts the Moss Drake ({1}{G})."""
    board = _board([SPURS, SICK_ELF, *_islands(2)], [GREEN_DRAKE])
    turn = matches_brute_force(board)
    assert [spell.card for spell in turn.spells] == ["Test Moss Drake"]
    (made,) = turn.activations
    assert (made.permanent, made.ability, made.after_spells) == ("s", "Equip {1}", 0)
    assert not any("Test Spurs" in note for note in turn.notes)


def test_equip_a_creature_cast_this_turn() -> None:
    """A Forest casts the Elf ({G}); an Island equips it (after it resolved: the equip needs a creature to
    target, CR 115.1); it taps for {G}, with the other Island the Moss Drake ({1}{G}): mana value 3."""
    board = _board([SPURS, *_islands(2), {"id": "f", "card": "Forest"}], [ELF, GREEN_DRAKE])
    turn = matches_brute_force(board)
    assert [spell.card for spell in turn.spells] == ["Test Elf", "Test Moss Drake"]
    assert [(made.ability, made.after_spells) for made in turn.activations] == [("Equip {1}", 1)]


def test_no_equip_in_another_players_turn() -> None:
    """Equip is activated only as a sorcery (CR 702.6a): in the opponent's turn the Spurs are not equipped,
    the sick Elf does not tap (and a creature spell waits for its controller's turn): nothing is done."""
    player = {"id": "me", "hand": [GREEN_DRAKE], "spells_cast_this_turn": 0}
    placed = [{**p, "controller": "me"} for p in [SPURS, SICK_ELF, *_islands(2)]]
    board = Board.from_dict(
        {"version": 1, "active_player": "opp", "players": [player, {"id": "opp"}], "permanents": placed}
    )
    turn = plan_turn(board, player="me")
    assert turn.spells == () and turn.activations == ()


#: an artifact whose {T} creates an Eldrazi Spawn (CR 111.4: the token with the ability the effect gives it)
SPAWNSTONE: dict[str, Any] = {
    "id": "p",
    "name": "Test Spawnstone",
    "type_line": "Artifact",
    "oracle": "{T}: Create a 0/1 colorless Eldrazi Spawn creature token with "
    '"Sacrifice this token: Add {C}."',
}
#: 'Sacrifice ~: Create two Treasure tokens.' (its cost sacrifices itself: once)
CACHE: dict[str, Any] = {
    "id": "c",
    "name": "Test Cache",
    "type_line": "Artifact",
    "oracle": "Sacrifice Test Cache: Create two Treasure tokens.",
}
#: Xorn's replacement (CR 614.1a): one more Treasure each time Treasures are created
DIGGER: dict[str, Any] = {
    "id": "x",
    "name": "Test Digger",
    "type_line": "Creature — Dwarf",
    "power": 2,
    "toughness": 2,
    "oracle": "If you would create one or more Treasure tokens, instead create those tokens plus an "
    "additional Treasure token.",
}
PYRE = {"name": "Test Pyre", "type_line": "Sorcery", "mana_cost": "{1}{R}{R}", "oracle": "Draw a card."}


def test_an_eldrazi_spawn_made_with_priority_pays_colorless() -> None:
    """Two Mountains and the Spawnstone's Spawn ({C}, sacrificed: CR 111.4, 605.1a) cast the Ogre ({2}{R},
    mana value 3); without the Spawn two Mountains cast nothing of it."""
    turn = matches_brute_force(_board([SPAWNSTONE, *_mountains(2)], [OGRE]))
    assert [spell.card for spell in turn.spells] == ["Test Ogre"]
    assert [name for _, name in turn.activations[0].created] == ["Eldrazi Spawn"]


def test_a_sacrificed_cache_and_a_treasure_replacement() -> None:
    """The Cache sacrificed makes two Treasures, three with the Digger (CR 614.1a: "plus an additional"):
    {R}{R} and an Island's {1} cast the Pyre ({1}{R}{R}); without the Digger, two Treasures and the Island
    make three mana too. With no Island and no Digger: two Treasures, no Pyre (a "no", the brute force's)."""
    for permanents in ([CACHE, DIGGER, *_islands(1)], [CACHE, *_islands(1)], [CACHE, DIGGER]):
        turn = matches_brute_force(_board(permanents, [PYRE]))
        assert [spell.card for spell in turn.spells] == ["Test Pyre"]
    assert matches_brute_force(_board([CACHE], [PYRE])).spells == ()


def test_a_prohibition_on_activating_is_followed() -> None:
    """'Activated abilities of creatures can't be activated.' (Cursed Totem's, read: CR 101.2, 602.5) forbids
    the Knight's ability: two Mountains cast no Drake, a real "no". A prohibition the reader sets aside
    ('... unless they're mana abilities.': no payment's concern) is not guessed: nothing is activated and the
    Knight's note stays, the plan not called optimal."""
    totem = {
        "id": "t",
        "name": "Test Totem",
        "type_line": "Artifact",
        "oracle": "Activated abilities of creatures can't be activated.",
    }
    turn = plan_turn(_board([KNIGHT, totem, *_mountains(2)], [DRAKE]))
    assert turn.castable is False and turn.activations == ()
    needle = {
        **totem,
        "oracle": "Activated abilities of creatures can't be activated unless they're mana abilities.",
    }
    turn = plan_turn(_board([KNIGHT, needle, *_mountains(2)], [DRAKE]))
    assert turn.activations == () and turn.spells == ()
    assert any("Test Knight" in note for note in turn.notes) and not turn.optimal


def test_a_loyalty_ability_of_mana_in_any_combination() -> None:
    """'+2: Add two mana in any combination of colors.' (CR 606.3, 605.1a): two Mountains and its {U}{U} cast
    a {2}{U}{U} spell (the mana chosen as it resolves); on the opponent's walker nothing is added for me.
    By hand: 2 + 2 = 4 mana, two of them blue."""
    walker = {
        "id": "w",
        "name": "Test Mana Walker",
        "type_line": "Legendary Planeswalker — Test",
        "counters": {"loyalty": 5},
        "oracle": "+2: Add two mana in any combination of colors.",
    }
    sphinx = {"name": "Test Sphinx", "type_line": "Creature — Sphinx", "mana_cost": "{2}{U}{U}", "oracle": ""}
    turn = plan_turn(_board([walker, *_mountains(2)], [sphinx]))
    assert [spell.card for spell in turn.spells] == ["Test Sphinx"]
    assert [(made.ability, made.mana) for made in turn.activations] == [
        ("+2: Add two mana in any combination of colors.", "{U}{U}")
    ]
    assert turn.optimal


def test_spells_given_use_the_abilities() -> None:
    """--cast Drake, in the order given or the best one: the Knight's Treasure pays its {U} (as without
    --cast: two Mountains, the Knight's {1} and 1 life), castable, no note. With the Spark too: two mana at
    most for spells (one Mountain pays the Knight, its Treasure gives one back), {R} and {1}{U} need three: a
    "no", in either order."""
    board = _board([KNIGHT, *_mountains(2)], [DRAKE])
    for order in ("given", "best"):
        turn = plan_turn(board, casts=["Test Drake"], order=order)
        assert turn.castable is True and len(turn.activations) == 1
        assert not any("Test Knight" in note for note in turn.notes)
        two = _board([KNIGHT, *_mountains(2)], [DRAKE, SPARK])
        assert plan_turn(two, casts=["Test Spark", "Test Drake"], order=order).castable is False
