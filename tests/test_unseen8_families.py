"""Families the eighth probe of unseen cards (mostly printed before 2020) found, now read:

- SILENT before: emerge (CR 702.119a) was read as a keyword and dropped (a wrong "no" with no warning; the
  tests are in test_keyword_alternative_costs), and an offering ("Snake offering", CR 702.48a) too: it is
  now named in the answer's warnings;
- replacements of several basic land types written as one sentence ("If tapped for mana, Plains produce
  {R}, Swamps produce {G}, ... instead of any other type.", Reality Twist): before, not read (a warned wrong
  "yes" for {W} from a Plains);
- delayed triggers an ability's mana carries ("Draw a card at the beginning of the next turn's upkeep.",
  Barbed Sextant: the grammar's rule failed on every text; "During your next untap step, as you untap your
  permanents, return ~ to its owner's hand.", Undiscovered Paradise): nothing to pay this turn (CR 603.7);
- an alternative cost "If it's not your turn, ..." (Force of Rage): usable on another player's turn only.

Values are derived by hand from the rules and checked against the reference search (boards.checked_verdict;
the alternative cost against test_alternative_costs.brute_force's outcomes of each way, written by hand).
"""

from __future__ import annotations

from typing import Any

from boards import ME, OPP, checked_verdict, make_board, mine
from test_alternative_costs import Way, brute_force, checked

from models.board import Board
from models.cost import PaymentTarget
from models.oracle import parse_oracle
from models.spells import spell_target
from planner.api import could_produce, pay

REALITY_TWIST: dict[str, Any] = {
    "name": "Test Twist",
    "type_line": "Enchantment",
    "oracle": "Cumulative upkeep {1}{U}{U}\nIf tapped for mana, Plains produce {R}, Swamps produce {G}, "
    "Mountains produce {W}, and Forests produce {B} instead of any other type.",
}


def test_a_listed_replacement_is_one_replacement_for_each_land_type() -> None:
    sentences = [s.text for s in parse_oracle(REALITY_TWIST["oracle"], "Test Twist").sentences]
    assert sentences[1:] == [
        f"If a {kind} is tapped for mana, it produces {{{symbol}}} instead of any other type."
        for kind, symbol in (("Plains", "R"), ("Swamp", "G"), ("Mountain", "W"), ("Forest", "B"))
    ]
    # CR 614.1a: a Plains makes {R}, not {W}; an Island is not named and still makes {U}
    plains = make_board([mine("t", REALITY_TWIST), mine("p", "Plains")])
    assert checked_verdict(plains, "{R}") is True
    assert checked_verdict(plains, "{W}") is False
    island = make_board([mine("t", REALITY_TWIST), mine("i", "Island")])
    assert checked_verdict(island, "{U}") is True
    lands = make_board(
        [mine("t", REALITY_TWIST), mine("s", "Swamp"), mine("m", "Mountain"), mine("f", "Forest")]
    )
    produced = could_produce(lands)
    assert (str(produced["s"]), str(produced["m"]), str(produced["f"])) == ("G", "W", "B")


SEXTANT: dict[str, Any] = {
    "name": "Test Sextant",
    "type_line": "Artifact",
    "mana_cost": "{1}",
    "oracle": "{1}, {T}, Sacrifice this artifact: Add one mana of any color. Draw a card at the beginning of "
    "the next turn's upkeep.",
}
PARADISE: dict[str, Any] = {
    "name": "Test Paradise",
    "type_line": "Land",
    "oracle": "{T}: Add one mana of any color. During your next untap step, as you untap your permanents, "
    "return this land to its owner's hand.",
}


def test_a_delayed_trigger_of_a_mana_ability_pays_nothing_this_turn() -> None:
    # the Sextant turns the Wastes' {C} into one mana of any color (its draw waits for the next upkeep)
    sextant = make_board([mine("x", SEXTANT), mine("w", "Wastes")])
    assert checked_verdict(sextant, "{G}") is True
    assert checked_verdict(sextant, "{1}{G}") is False
    assert not pay(sextant, PaymentTarget.of("{G}")).warnings
    # the Paradise makes one mana of any color now; it returns to the hand during the next untap step
    paradise = make_board([mine("p", PARADISE)])
    assert checked_verdict(paradise, "{B}") is True
    assert checked_verdict(paradise, "{B}{B}") is False
    assert not pay(paradise, PaymentTarget.of("{B}")).warnings


FORCE_OF_RAGE: dict[str, Any] = {
    "name": "Test Rage",
    "type_line": "Instant",
    "mana_cost": "{1}{R}{R}",
    "oracle": "If it's not your turn, you may exile a red card from your hand rather than pay this spell's "
    "mana cost.\nCreate two 3/1 red Elemental creature tokens with trample and haste.",
}
RED_CARD: dict[str, Any] = {"name": "Test Ogre", "type_line": "Creature — Ogre", "mana_cost": "{1}{R}"}


def test_an_alternative_cost_on_another_players_turn_only() -> None:
    # on my turn, no land: {1}{R}{R} is not paid and the alternative cost is not there
    my_turn = make_board([], hand=[FORCE_OF_RAGE, RED_CARD])
    assert checked(my_turn, [None]).payable is False
    # on the opponent's turn, exiling the red card pays it (CR 118.9)
    their_turn = Board.from_dict({**my_turn.to_dict(), "active_player": OPP})
    target = spell_target(their_turn.player(ME).hand[0])
    result = pay(their_turn, target, player=ME)
    assert result.payable and result.alternative_cost is not None
    assert result.alternative_cost.exiled == ("Test Ogre",) and not result.warnings
    assert brute_force(their_turn, target, [None, Way("", exile=1, colors="R")]) is not None
    # without another red card in the hand, no way
    alone = Board.from_dict({**make_board([], hand=[FORCE_OF_RAGE]).to_dict(), "active_player": OPP})
    assert pay(alone, spell_target(alone.player(ME).hand[0]), player=ME).payable is False
