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


def test_plan_turn_plans_an_equip_activation() -> None:
    # CR 702.6a: equip is activated as a sorcery (no mana ability, never while paying); the turn's search
    # activates it where that casts more (turnacts37: before, a note said it was not planned). An Island
    # pays Equip {1}, the sick Elves then tap with the boots' haste (CR 302.6): with the Forest, {G}{G}.
    # Without the Island, the Forest pays the equip or the {G}: one {G} at most, a real "no", no note.
    loose = make_board([_sick_elves(), mine("b", BOOTS), mine("f", "Forest"), mine("i", "Island")])
    turn = plan_turn(loose, casts=["{G}{G}"])
    assert turn.castable is True and [made.permanent for made in turn.activations] == ["b"]
    assert not any("equip" in n for n in turn.notes)
    short = make_board([_sick_elves(), mine("b", BOOTS), mine("f", "Forest")])
    turn = plan_turn(short, casts=["{G}{G}"])
    assert turn.castable is False and not any("equip" in n for n in turn.notes)
    # the hand's Elves cast this turn: the Forest casts them, no mana is left for the equip; nothing said
    cast = make_board([mine("b", BOOTS), mine("f", "Forest")], hand=["Llanowar Elves"])
    turn = plan_turn(cast)
    assert [spell.card for spell in turn.spells] == ["Llanowar Elves"] and turn.activations == ()
    assert not any("Test Spurs: equipping" in n for n in turn.notes)
    # no creature that would tap: nothing to say
    idle = make_board([mine("b", BOOTS), mine("f", "Forest")])
    assert not any("equip" in n for n in plan_turn(idle, casts=["{G}"]).notes)
