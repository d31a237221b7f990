"""A permanent spell's enters trigger adding mana by a count or if it was bargained, planned in a turn
(contract section 11). Before, "When this creature enters, add {R} for each creature in your party." (CR
700.8) and "When this creature enters, if it was bargained, add ..." (CR 702.166b, 603.4) were noted as not
counted (a plan that needed them answered null). Now the count is taken on the board the trigger resolves on
(CR 608.2h: the permanent there, the creatures cast before it counted, not those cast after), and the
bargain (an optional additional cost, "you may sacrifice an artifact, enchantment, or token as you cast this
spell", CR 702.166a) is a choice of the search. Expected values are worked out by hand in each test and
checked against the turn brute force (tests/turn_brute_force.py: every order, the trigger counted by the
rules on the board of its resolution, the bargain paid or not).
"""

from __future__ import annotations

from typing import Any

from boards import turn_board
from turn_brute_force import matches_brute_force

from planner.turn import plan_turn

#: our own cards: a Wizard whose enters trigger counts the party (Ardent Electromancer's shape), a Dragon
#: whose enters trigger adds mana if it was bargained (Realm-Scorcher Hellkite's, with fixed mana)
SPARKER = {
    "name": "Test Sparker",
    "type_line": "Creature — Human Wizard",
    "mana_cost": "{2}{R}",
    "oracle": "When this creature enters, add {R} for each creature in your party.",
}
HELLKITE = {
    "name": "Test Hellkite",
    "type_line": "Creature — Dragon",
    "mana_cost": "{3}{R}{R}",
    "oracle": "Bargain (You may sacrifice an artifact, enchantment, or token as you cast this spell.)\n"
    "Flying\nWhen this creature enters, if it was bargained, add {R}{R}{R}{R}.",
}
BLAST = {"name": "Test Blast", "type_line": "Sorcery", "mana_cost": "{1}{R}{R}", "oracle": "Draw a card."}
BIG_BLAST = {
    "name": "Test Big Blast",
    "type_line": "Sorcery",
    "mana_cost": "{2}{R}{R}",
    "oracle": "Draw a card.",
}
BRUTE = {"name": "Test Brute", "type_line": "Creature — Orc Warrior", "mana_cost": "{R}"}
CLERIC: dict[str, Any] = {
    "name": "Test Cleric",
    "type_line": "Creature — Human Cleric",
    "power": 1,
    "toughness": 1,
}
ROGUE: dict[str, Any] = {
    "name": "Test Rogue",
    "type_line": "Creature — Elf Rogue",
    "power": 1,
    "toughness": 1,
}
CHARM: dict[str, Any] = {"name": "Test Charm", "type_line": "Enchantment", "oracle": ""}


def test_the_party_counted_as_the_trigger_resolves() -> None:
    """Three Mountains, a Cleric and a Rogue: Sparker ({2}{R}) enters, its party a Cleric, a Rogue and
    itself (a Wizard): {R}{R}{R}, which casts Blast ({1}{R}{R}): mana value 3 + 3 = 6."""
    board = turn_board(["Mountain"] * 3 + [CLERIC, ROGUE], [SPARKER, BLAST])
    turn = matches_brute_force(board)
    assert [s.card for s in turn.spells] == ["Test Sparker", "Test Blast"]
    assert turn.mana_value_cast == 6
    assert not any("not counted" in note for note in turn.notes), turn.notes


def test_the_order_given() -> None:
    """Blast first takes the three Mountains: Sparker finds nothing (a "no"); Sparker first pays Blast."""
    board = turn_board(["Mountain"] * 3 + [CLERIC, ROGUE], [SPARKER, BLAST])
    assert plan_turn(board, casts=["Test Blast", "Test Sparker"]).castable is False
    assert plan_turn(board, casts=["Test Sparker", "Test Blast"]).castable is True


def test_a_creature_cast_before_it_joins_the_party() -> None:
    """Four Mountains and a Cleric. Brute ({R}, a Warrior) first, then Sparker (three Mountains): party of
    three, {R}{R}{R} pays Blast: all three cast, mana value 1 + 3 + 3 = 7. Sparker first counts two (a
    Cleric, itself): {R}{R} and a Mountain are three mana, short of Brute and Blast's four."""
    board = turn_board(["Mountain"] * 4 + [CLERIC], [SPARKER, BLAST, BRUTE])
    turn = matches_brute_force(board)
    assert [s.card for s in turn.spells] == ["Test Brute", "Test Sparker", "Test Blast"]
    assert turn.mana_value_cast == 7


def test_the_bargain_paid_for_its_mana() -> None:
    """Five Mountains and an enchantment: Hellkite ({3}{R}{R}) bargained (the Charm sacrificed, CR
    702.166a) adds {R}{R}{R}{R}, which casts Big Blast ({2}{R}{R}): mana value 5 + 4 = 9."""
    board = turn_board(["Mountain"] * 5 + [CHARM], [HELLKITE, BIG_BLAST])
    turn = matches_brute_force(board)
    assert [s.card for s in turn.spells] == ["Test Hellkite", "Test Big Blast"]
    assert turn.mana_value_cast == 9
    additional = turn.spells[0].payment.additional
    assert additional is not None and additional.sacrificed == ("p5",)


def test_no_bargain_without_something_to_sacrifice() -> None:
    """Five Mountains, nothing to bargain: Hellkite unbargained adds nothing; Hellkite alone (mana value 5)
    beats Big Blast alone (4)."""
    board = turn_board(["Mountain"] * 5, [HELLKITE, BIG_BLAST])
    turn = matches_brute_force(board)
    assert [s.card for s in turn.spells] == ["Test Hellkite"]
    assert turn.spells[0].payment.additional is None or not turn.spells[0].payment.additional.sacrificed


def test_the_bargain_not_paid_when_not_needed() -> None:
    """Five Mountains and a Charm, Hellkite alone in the hand: the bargain's mana pays nothing more, so the
    Charm is kept (a permanent sacrificed counts against a plan, all else equal, as pay counts it)."""
    board = turn_board(["Mountain"] * 5 + [CHARM], [HELLKITE])
    turn = plan_turn(board)
    assert [s.card for s in turn.spells] == ["Test Hellkite"]
    additional = turn.spells[0].payment.additional
    assert additional is None or not additional.sacrificed


def test_the_keyword_alone_and_mana_of_any_colors() -> None:
    """ "Bargain" without its reminder text, four mana in any combination of colors: five Mountains pay the
    Hellkite's {3}{R}{R} with the Charm bargained, its four mana pays an Ogre's {3}{G} (a color no Mountain
    makes: only the trigger's mana pays it). Without the Charm, a "no"."""
    bargained = "When ~ enters, if it was bargained, add four mana in any combination of colors."
    scorcher = HELLKITE | {"oracle": f"Bargain\nFlying\n{bargained}"}
    ogre = {"name": "Test Ogre", "type_line": "Creature — Ogre", "mana_cost": "{3}{G}", "oracle": ""}
    casts = ["Test Hellkite", "Test Ogre"]
    turn = plan_turn(turn_board(["Mountain"] * 5 + [CHARM], [scorcher, ogre]), casts=casts)
    assert turn.castable is True, turn.to_json()
    assert "{G}" in str(turn.spells[1].payment.mana_spent)
    assert plan_turn(turn_board(["Mountain"] * 5, [scorcher, ogre]), casts=casts).castable is False


def test_a_count_of_permanents() -> None:
    """Two Forests and two Elves: Elder ({1}{G}, an Elf) enters and counts three Elves, itself among them
    (CR 608.2h): {G}{G}{G} casts Growth ({1}{G}{G}): mana value 2 + 3 = 5."""
    elder = {
        "name": "Test Elder",
        "type_line": "Creature — Elf Druid",
        "mana_cost": "{1}{G}",
        "oracle": "When this creature enters, add {G} for each Elf you control.",
    }
    elf: dict[str, Any] = {"name": "Test Elf", "type_line": "Creature — Elf", "power": 1, "toughness": 1}
    growth = {
        "name": "Test Growth",
        "type_line": "Sorcery",
        "mana_cost": "{1}{G}{G}",
        "oracle": "Draw a card.",
    }
    turn = matches_brute_force(turn_board(["Forest", "Forest", elf, elf], [elder, growth]))
    assert [s.card for s in turn.spells] == ["Test Elder", "Test Growth"]
    assert turn.mana_value_cast == 5
