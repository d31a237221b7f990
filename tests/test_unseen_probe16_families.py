"""Families of Oracle phrases the sixteenth probe of unseen 2020-2026 cards left (issue 35), found by boards
worked out by hand from the rules, each a silent wrong answer on main:

- a prohibition on paying a kind of cost, "Players can't pay life or sacrifice nonland permanents to cast
  spells or activate abilities." (Yasharn, Implacable Earth; CR 118.3, 101.2): a Treasure's, a Lotus Petal's
  or an Ashnod's Altar's mana ability can't be activated, a Phyrexian symbol can't be paid with life, nor a
  fetch land's or a Horizon land's life. It was filed as ignored, so every such board was a silent "yes";
- how other permanents enter under the source's own state, "As long as ~ is tapped, other permanents enter
  tapped." and "As long as ~ is untapped, other permanents enter untapped." (Archelos, Lagoon Mystic; CR
  614.1c, 616.1): a turn plan's tapped land enters untapped beside the untapped Archelos, a basic land tapped
  beside the tapped one. Both were ignored: silent answers both ways.

Both are followed now (tests/test_cost_payment_bans.py, tests/test_entering_untapped.py); what of the first
is not yet is named in the answer's warnings (contract section 5), never ignored. The right answers below
are derived by hand from the rules.
"""

from __future__ import annotations

from typing import Any

from boards import ME, OPP, make_board

from models.cost import PaymentTarget
from models.oracle import parse_oracle
from planner.api import pay, text_warnings
from planner.rules.reference import reference_search
from planner.turn import plan_turn

#: Yasharn, Implacable Earth's prohibition (made-up name, the same sentence; its trigger left out).
COST_WARDEN: dict[str, Any] = {
    "name": "Test Cost Warden",
    "type_line": "Legendary Creature — Elemental Boar",
    "mana_cost": "{2}{G}{W}",
    "power": 4,
    "toughness": 4,
    "oracle": "Players can't pay life or sacrifice nonland permanents to cast spells or activate abilities.",
}
#: Archelos, Lagoon Mystic's two statics (made-up name, the same sentences).
LAGOON_TURTLE: dict[str, Any] = {
    "name": "Test Lagoon Turtle",
    "type_line": "Legendary Creature — Turtle Shaman",
    "mana_cost": "{2}{G}{U}",
    "power": 1,
    "toughness": 4,
    "oracle": "As long as Test Lagoon Turtle is tapped, other permanents enter tapped.\n"
    "As long as Test Lagoon Turtle is untapped, other permanents enter untapped.",
}


def test_a_prohibition_on_paying_life_or_sacrificing_is_followed() -> None:
    """{R} from a Treasure alone: the Treasure's mana ability needs its sacrifice, which the warden forbids
    whoever controls it (CR 118.3: a cost that can't be paid; 605.1a: a mana ability is an activated
    ability), so the answer is "no" (tests/test_cost_payment_bans.py has the rest), with no warning: a
    spell's additional and alternative costs follow it too (tests/test_spell_cost_payment_bans.py). Without
    the warden the Treasure pays, as the reference search says."""
    (reading,) = parse_oracle(COST_WARDEN["oracle"], COST_WARDEN["name"]).sentences
    assert reading.read_as == "effect"
    treasure = {"id": "t", "controller": ME, "card": "Treasure", "token": True}
    red = PaymentTarget.of("{R}")
    for controller in (ME, OPP):
        board = make_board([treasure, {"id": "w", "controller": controller, **COST_WARDEN}])
        assert not text_warnings(board)
        answer = pay(board, red)
        assert not answer.payable and not answer.warnings
        assert not reference_search(board, red, max_states=20_000).payable
    alone = make_board([treasure])
    assert pay(alone, red).payable and reference_search(alone, red, max_states=20_000).payable
    assert not text_warnings(alone)


def test_other_shapes_of_a_cost_prohibition_are_read_and_near_misses_are_not() -> None:
    """'Your opponents can't sacrifice creatures to activate abilities.' is the same family (an effect); a
    spell's own prohibition for a turn, or one about the card itself, is nothing a payment obeys."""
    assert parse_oracle("Your opponents can't sacrifice creatures to activate abilities.").sentences[
        0
    ].read_as == ("effect")
    for text in ("You can't sacrifice ~.", "Target player can't pay life to cast spells this turn."):
        assert parse_oracle(text, "Test Toy").sentences[0].read_as != "unsupported", text


def test_how_others_enter_under_the_source_s_state_is_read() -> None:
    """Beside the untapped turtle, a land that enters tapped enters untapped (its controller orders the two
    replacement effects, CR 616.1, and applies the turtle's last); beside the tapped turtle a basic land
    enters tapped (CR 614.1c). Both sentences are read now (tests/test_entering_untapped.py has the turn
    plans); an unconditioned 'Nonbasic lands your opponents control enter tapped.' is still read."""
    reading = parse_oracle(LAGOON_TURTLE["oracle"], LAGOON_TURTLE["name"])
    assert [s.read_as for s in reading.sentences] == ["effect", "effect"]
    for tapped in (False, True):
        board = make_board([{"id": "a", "controller": OPP, "tapped": tapped, **LAGOON_TURTLE}])
        assert not text_warnings(board)
    archon = parse_oracle("Nonbasic lands your opponents control enter tapped.")
    assert [s.read_as for s in archon.sentences] == ["effect"]


#: Chandra, Hope's Beacon's loyalty ability that adds mana (made-up name, the same sentence; the rest out).
MANA_WALKER: dict[str, Any] = {
    "name": "Test Mana Walker",
    "type_line": "Legendary Planeswalker — Test",
    "mana_cost": "{4}{R}{R}",
    "counters": {"loyalty": 5},
    "oracle": "+2: Add two mana in any combination of colors.",
}


def test_a_loyalty_ability_that_adds_mana_is_no_silent_no_in_a_turn_plan() -> None:
    """Two Mountains and the walker: in a main phase with an empty stack its +2 adds two mana (CR 606.3; no
    mana ability, CR 605.1a), so {3}{R} can be cast this turn (2 + 2 mana): the right answer is "yes". The
    turn's search activates it (turnacts37; before, an unknown answer with a note naming it) and notes that
    it assumes no loyalty ability of the walker was activated earlier this turn. The opponent's walker adds
    nothing for me: two Mountains can't pay four mana, a plain "no"."""
    ogre = {"name": "Test Ogre", "type_line": "Creature — Ogre", "mana_cost": "{3}{R}"}
    mountains = [{"id": f"m{i}", "controller": ME, "card": "Mountain"} for i in range(2)]
    for controller, castable in ((ME, True), (OPP, False)):
        board = make_board([*mountains, {"id": "c", "controller": controller, **MANA_WALKER}], hand=[ogre])
        result = plan_turn(board, casts=["Test Ogre"])
        assert result.castable is castable
        assert any("Test Mana Walker" in note for note in result.notes) is (controller == ME)
