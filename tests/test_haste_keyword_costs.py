"""Haste granted beside a keyword with a cost (issue 35, layer 6, CR 702.10, 302.6): 'Equipped creature gets
+1/+0 and has haste and ward {1}.' (an Equipment's kind). Before, the sentence was not read for ward's cost,
and a summoning-sick mana creature wearing it was answered unable to tap: a wrong "no" with a warning. Ward
(CR 702.21) changes no payment: it is read and kept, and haste is followed.

Values are derived by hand from the rules; each board is checked against the reference search too.
"""

from __future__ import annotations

from typing import Any

from boards import checked_verdict, make_board, mine

from models.cost import PaymentTarget
from models.layer_effects import GrantHaste
from models.oracle import parse_oracle
from planner.api import could_produce, max_x, text_warnings
from planner.turn import plan_turn

BOOTS = {"name": "Test Spurs", "type_line": "Artifact — Equipment", "mana_cost": "{1}",
         "oracle": "Equipped creature gets +1/+0 and has haste and ward {1}.\nEquip {1}"}  # fmt: skip
MANTLE = {"name": "Test Mantle", "type_line": "Enchantment", "mana_cost": "{2}{G}",
          "oracle": "Creatures you control have ward {2} and haste."}  # fmt: skip


def _sick_elves(pid: str = "e") -> dict[str, Any]:
    return mine(pid, "Llanowar Elves", summoning_sick=True)


def test_haste_beside_a_keyword_with_a_cost_is_read() -> None:
    boots = parse_oracle(BOOTS["oracle"], BOOTS["name"])
    assert not boots.unsupported
    assert [type(e).__name__ for e in boots.effects] == ["PowerChange", "GrantHaste"]
    (mantle,) = parse_oracle(MANTLE["oracle"], MANTLE["name"]).effects
    assert isinstance(mantle, GrantHaste) and mantle.affected.describe() == "creature you control"
    # a keyword with a cost alone changes no payment: read, and nothing to do
    assert parse_oracle("Enchanted creature has ward {2}.").effects == ()
    assert not parse_oracle("Enchanted creature has ward {2}.").unsupported


def test_a_sick_creature_wearing_the_equipment_taps_for_mana() -> None:
    # CR 302.6: the Elves came under my control this turn; the Equipment's haste (CR 702.10) lets them tap.
    # The board: sick Elves wearing the boots, another sick Elves, a Forest: {G} from the Elves, {G} from the
    # Forest; the second Elves can't tap.
    board = make_board(
        [_sick_elves(), _sick_elves("e2"), mine("b", BOOTS, attached_to="e"), mine("f", "Forest")]
    )
    assert str(could_produce(board)["e"]) == "G"
    assert checked_verdict(board, "{G}{G}") and not checked_verdict(board, "{G}{G}{G}")
    assert max_x(board, PaymentTarget.of("{X}")).x == 2
    assert not text_warnings(board)
    # unattached (on the Forest's side of the board, attached to nothing): no haste, the Forest alone
    loose = make_board([_sick_elves(), mine("b", BOOTS), mine("f", "Forest")])
    assert checked_verdict(loose, "{G}") and not checked_verdict(loose, "{G}{G}")
    assert max_x(loose, PaymentTarget.of("{X}")).x == 1


def test_every_creature_of_a_grant_with_ward_first_taps() -> None:
    # 'Creatures you control have ward {2} and haste': both sick Elves tap (CR 302.6, 702.10), and the Forest
    board = make_board([_sick_elves(), _sick_elves("e2"), mine("m", MANTLE), mine("f", "Forest")])
    assert checked_verdict(board, "{G}{G}{G}") and not checked_verdict(board, "{G}{G}{G}{G}")
    assert max_x(board, PaymentTarget.of("{X}")).x == 3
    assert not text_warnings(board)


def test_plan_turn_says_an_equip_activation_is_not_planned() -> None:
    # CR 702.6a: equip is activated as a sorcery (no mana ability, never while paying); the turn's search
    # activates none, so moving the boots' haste onto the sick Elves (CR 302.6) is said, never silent. The
    # hand's Elves cast this turn would be sick too: said as well.
    loose = make_board([_sick_elves(), mine("b", BOOTS), mine("f", "Forest")])
    (note,) = [n for n in plan_turn(loose, casts=["{G}{G}"]).notes if "equip" in n]
    assert note.startswith("Test Spurs: equipping") and "702.6a" in note
    cast = make_board([mine("b", BOOTS), mine("f", "Forest")], hand=["Llanowar Elves"])
    assert any("Test Spurs: equipping" in n for n in plan_turn(cast).notes)
    # no creature that would tap: nothing to say
    idle = make_board([mine("b", BOOTS), mine("f", "Forest")])
    assert not any("equip" in n for n in plan_turn(idle, casts=["{G}"]).notes)
