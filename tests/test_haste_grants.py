"""Haste from static effects (layer 6, CR 702.10, 302.6), read and executed (issue 35): 'Creatures you control
have haste' (Fires of Yavimaya), an Aura's 'Enchanted creature gets +1/+1 and has haste'. Before, such a
sentence was ignored as not about mana, and a summoning-sick mana creature beside it was answered unable to
tap: a wrong "no".

Values are derived by hand from the rules; each board is checked against the reference search too.
"""

from __future__ import annotations

from typing import Any

from boards import OPP, checked_verdict, make_board, mine

from models.cost import PaymentTarget
from models.layer_effects import GrantHaste
from models.oracle import parse_oracle
from planner.api import could_produce, max_x, text_warnings

FIRES = {"name": "Fires of Yavimaya", "type_line": "Enchantment", "mana_cost": "{1}{R}{G}",
         "oracle": "Creatures you control have haste.\nSacrifice Fires of Yavimaya: Target creature gets "
                   "+2/+2 until end of turn."}  # fmt: skip
RUSH = {"name": "Test Rush", "type_line": "Enchantment — Aura", "mana_cost": "{R}",
        "oracle": "Enchant creature\nEnchanted creature gets +1/+1 and has haste."}  # fmt: skip


def _sick_elves(pid: str = "e") -> dict[str, Any]:
    return mine(pid, "Llanowar Elves", summoning_sick=True)


def test_the_sentences_are_read_as_haste_for_what_they_describe() -> None:
    (fires,) = parse_oracle(FIRES["oracle"], FIRES["name"]).effects
    assert isinstance(fires, GrantHaste) and fires.affected.describe() == "creature you control"
    rush = parse_oracle(RUSH["oracle"], RUSH["name"])
    assert [type(e).__name__ for e in rush.effects] == ["PowerChange", "GrantHaste"]
    # other keywords change no payment: read, and nothing to do
    assert parse_oracle("Creatures you control have flying.").effects == ()


def test_a_summoning_sick_creature_with_haste_from_an_effect_taps_for_mana() -> None:
    board = make_board([_sick_elves(), mine("fy", FIRES), mine("f", "Forest")])
    assert str(could_produce(board)["e"]) == "G"
    assert checked_verdict(board, "{G}{G}") and not checked_verdict(board, "{G}{G}{G}")
    assert max_x(board, PaymentTarget.of("{X}")).x == 2
    assert not text_warnings(board)
    # without it, or with an opponent's: the Elves can't tap (CR 302.6)
    for other in ({"id": "fy", "controller": OPP, **FIRES}, mine("x", "Forest", tapped=True)):
        without = make_board([_sick_elves(), other, mine("f", "Forest")])
        assert checked_verdict(without, "{G}") and not checked_verdict(without, "{G}{G}")
        assert max_x(without, PaymentTarget.of("{X}")).x == 1


def test_an_auras_haste_is_the_enchanted_creatures_alone() -> None:
    on_elves = make_board([_sick_elves(), _sick_elves("e2"), mine("r", RUSH, attached_to="e")])
    assert checked_verdict(on_elves, "{G}") and not checked_verdict(on_elves, "{G}{G}")
    nowhere = make_board(
        [_sick_elves(), _sick_elves("e2"), mine("r", RUSH, attached_to="x"), mine("x", "Forest")]
    )
    assert checked_verdict(nowhere, "{G}") and not checked_verdict(
        nowhere, "{G}{G}"
    )  # (the Forest's {G} alone)
