"""Families of Oracle phrases the fifteenth probe of unseen 2020-2026 cards left (issue 35), found by boards
worked out by hand from the rules:

- a mana ability whose rider on the mana once spent draws a card, '{T}: Add {G}. When you spend this mana to
  cast a spell with mana value 6 or greater, draw a card.' (Gilanra, Caller of Wirewood): the draw was taken
  for the ability's own effect moving a card from the library (CR 605.1a as amended 2026-08-07), the ability
  filed as no mana ability, and the creature's {G} silently lost (a "no" where the rules pay). The rider is a
  delayed triggered ability the mana ability creates (CR 603.7a): it draws when the mana is spent, after the
  ability has resolved, so the ability itself moves no card and stays a mana ability (CR 605.1a, 605.3b);
- cleave, 'Cleave {4}{U}{U}{R}' (Alchemist's Gambit, Dread Fugue; CR 702.148a: the spell may be cast for its
  cleave cost rather than its mana cost, an alternative cost, CR 118.9): the keyword line was ignored text,
  and a spell only its cleave cost could pay was a silent "no".

Values are derived by hand from the rules; each board is checked against the reference search too.
"""

from __future__ import annotations

from typing import Any

from boards import checked_verdict, make_board, mine
from test_alternative_costs import Way, checked, paid_instead

from models.cost import PaymentTarget
from models.oracle import parse_oracle
from models.oracle.alternative_costs import keyword_alternative_cost
from models.spells import spell_target
from planner.api import could_produce, pay, text_warnings

#: Gilanra, Caller of Wirewood's shape (made up name, the same sentences).
WIREWOOD_CALLER: dict[str, Any] = {
    "name": "Test Wirewood Caller",
    "type_line": "Legendary Creature — Elf Druid",
    "oracle": "{T}: Add {G}. When you spend this mana to cast a spell with mana value 6 or greater, draw a "
    "card.\nPartner (You can have two commanders if both have partner.)",
    "power": 2,
    "toughness": 3,
}

#: the same rider on an artifact, drawing for any creature spell.
DRAWING_ORB: dict[str, Any] = {
    "name": "Test Drawing Orb",
    "type_line": "Artifact",
    "oracle": "{T}: Add {U}. When that mana is spent to cast a creature spell, draw a card.",
}


def test_a_rider_that_draws_once_the_mana_is_spent_keeps_the_mana_ability() -> None:
    """The caller taps for {G} (CR 605.1a: the draw is the delayed trigger's, CR 603.7a), whatever it pays
    for: with six Forests, {5}{G}{G} (a mana value 7 spell) needs its {G} as the seventh mana; {G}{G} with
    one Forest needs it too; without it the Forests alone are one short."""
    (ability,) = parse_oracle(WIREWOOD_CALLER["oracle"]).mana_abilities
    assert ability.riders and str(ability.output.options[0]) == "{G}"
    forests = [mine(f"f{i}", "Forest") for i in range(6)]
    board = make_board([mine("c", WIREWOOD_CALLER), *forests])
    assert str(could_produce(board)["c"]) == "G"
    giant = PaymentTarget.of("{5}{G}{G}", type_line="Creature — Giant")
    assert pay(board, giant).payable and not pay(make_board(forests), giant).payable
    small = make_board([mine("c", WIREWOOD_CALLER), forests[0]])
    assert checked_verdict(small, "{G}{G}") and not checked_verdict(small, "{G}{G}{G}")
    assert not checked_verdict(make_board([forests[0]]), "{G}{G}")
    assert not text_warnings(small)


def test_a_summoning_sick_caller_still_cannot_tap() -> None:
    """Read as a mana ability, its {T} still needs the creature to have been controlled since the turn
    began (CR 302.6): a summoning-sick caller with a Forest pays {G}, not {G}{G}."""
    board = make_board([mine("c", WIREWOOD_CALLER, summoning_sick=True), mine("f", "Forest")])
    assert checked_verdict(board, "{G}") and not checked_verdict(board, "{G}{G}")


def test_when_that_mana_is_spent_draw_a_card() -> None:
    """'When that mana is spent to cast a creature spell, draw a card.': the Orb's {U} pays any cost (the
    rider is no restriction, CR 106.6): {1}{U} with a Wastes, not {U}{U}."""
    (ability,) = parse_oracle(DRAWING_ORB["oracle"]).mana_abilities
    assert ability.riders
    board = make_board([mine("o", DRAWING_ORB), mine("w", "Wastes")])
    assert checked_verdict(board, "{1}{U}") and not checked_verdict(board, "{U}{U}")
    assert not text_warnings(board)


#: Alchemist's Gambit's shape (made up name, the same costs).
CLEAVING_GAMBIT: dict[str, Any] = {
    "name": "Test Cleaving Gambit",
    "type_line": "Sorcery",
    "mana_cost": "{1}{R}{R}",
    "oracle": "Cleave {4}{U}{U}{R} (You may cast this spell for its cleave cost. If you do, remove the words "
    "in square brackets.)\nTake an extra turn after this one. [At the beginning of that turn's end step, you "
    "lose the game.]",
}


def test_cleave_is_an_alternative_cost() -> None:
    """Two Islands, a Mountain and four Wastes: {1}{R}{R} lacks a second {R}; the cleave cost {4}{U}{U}{R}
    (CR 702.148a) takes all seven; with one Wastes fewer neither cost is paid; three Mountains pay the mana
    cost, and forbidding alternative costs leaves only it."""
    read = keyword_alternative_cost("Cleave {4}{U}{U}{R}")
    assert read is not None and read.describe() == "cleave: pay {4}{U}{U}{R}"
    lands = [mine("i1", "Island"), mine("i2", "Island"), mine("m", "Mountain")]
    wastes = [mine(f"w{i}", "Wastes") for i in range(4)]
    board = make_board([*lands, *wastes], hand=[CLEAVING_GAMBIT])
    result = checked(board, [None, Way("{4}{U}{U}{R}")])
    paid = paid_instead(result)
    assert result.payable and paid is not None and paid.cost.keyword == "cleave"
    assert not text_warnings(board)
    gambit = spell_target(board.player("me").hand[0])
    assert pay(board, gambit, alternative_cost="forbid").payable is False
    short = make_board([*lands, *wastes[:3]], hand=[CLEAVING_GAMBIT])
    assert not checked(short, [None, Way("{4}{U}{U}{R}")]).payable
    mountains = make_board([mine(f"m{i}", "Mountain") for i in range(3)], hand=[CLEAVING_GAMBIT])
    assert paid_instead(checked(mountains, [None, Way("{4}{U}{U}{R}")])) is None
