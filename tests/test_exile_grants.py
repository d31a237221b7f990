"""'Once each turn, you may pay {0} rather than pay the mana cost for a spell you cast from exile.' (Warped
Space's shape): an alternative cost a permanent grants (CR 118.9) for a spell cast from exile only (601.2a),
once each turn: the permanent's ``alternative_cost_used_this_turn`` says it was used. A spell whose zone the
question does not give is not known to be cast from exile: the cost is not weighed, and ``warnings`` says so.

The answers are derived by hand (in each docstring) and the verdicts checked against the brute force over the
reference search's outcomes of every way (:func:`test_alternative_costs.brute_force`).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from boards import make_board, mine
from test_alternative_costs import Way, brute_force, paid_instead

from models.board import Board, Card
from models.cost import PaymentTarget
from models.errors import InputError
from models.oracle import parse_oracle
from models.oracle.alternative_costs import granted_alternative_cost
from models.spells import spell_target
from planner.api import max_x, pay
from planner.rules.records import WarningKind
from planner.turn import plan_turn

SPACE_TEXT = "Once each turn, you may pay {0} rather than pay the mana cost for a spell you cast from exile."
SPACE = {"name": "Test Space", "type_line": "Enchantment", "oracle": SPACE_TEXT}
OGRE = {"name": "Test Ogre", "type_line": "Creature — Ogre", "mana_cost": "{2}{R}", "oracle": ""}
FIREBALL = {"name": "Test Fireball", "type_line": "Sorcery", "mana_cost": "{X}{R}", "oracle": "Deal X."}


def ogre(zone: str | None) -> PaymentTarget:
    return replace(spell_target(Card.from_json(OGRE)), cast_from=zone)


def board_with(*permanents: dict[str, Any], used: bool = False) -> Board:
    space = {**mine("ws", SPACE), **({"alternative_cost_used_this_turn": True} if used else {})}
    return make_board([space, *permanents])


def test_the_sentence_reads_as_a_grant_for_one_spell_from_exile_each_turn() -> None:
    cost = granted_alternative_cost(SPACE_TEXT)
    assert cost is not None and cost.mana == "{0}" and cost.from_exile and cost.once_each_turn
    assert [s.read_as for s in parse_oracle(SPACE_TEXT).sentences] == ["effect"]


def test_a_spell_cast_from_exile_is_paid_nothing() -> None:
    """Test Ogre ({2}{R}) cast from exile with one Mountain: the mana cost can't be paid (3 > 1), {0} pays it
    and taps nothing (CR 118.9); the brute force over both ways agrees. No permission to cast the Ogre from
    exile is on the board (CR 601.2a): the question presumes one, and the answer names that assumption on
    the Space's sentence (the only warning)."""
    board = board_with(mine("m", "Mountain"))
    target = ogre("exile")
    result = pay(board, target)
    assert result.payable and result.tapped == ()
    assert [(w.permanent, w.kind) for w in result.warnings] == [("ws", WarningKind.ASSUMED)]
    paid = paid_instead(result)
    assert paid is not None and paid.source == "ws"
    assert brute_force(board, target, [None, Way("{0}")]) is not None


def test_not_from_exile_or_used_this_turn_the_cost_is_not_taken() -> None:
    """Cast from the hand or the library, or from exile once it was used this turn, only the mana cost is
    left: {2}{R} from one Mountain is not payable (the brute force over the mana cost agrees)."""
    board = board_with(mine("m", "Mountain"))
    for zone in ("hand", "library"):
        assert pay(board, ogre(zone)).payable is False
    used = board_with(mine("m", "Mountain"), used=True)
    assert pay(used, ogre("exile")).payable is False
    assert brute_force(used, ogre("exile"), [None]) is None


def test_a_spell_whose_zone_is_not_given_is_warned_not_guessed() -> None:
    """Test Ogre from card data, its zone not given: not known to be cast from exile, so not payable from one
    Mountain, and the warning names Test Space's sentence: never a silent "no"."""
    result = pay(board_with(mine("m", "Mountain")), ogre(None))
    assert result.payable is False
    assert [(w.permanent, w.sentence) for w in result.warnings] == [("ws", SPACE_TEXT)]
    assert "--cast-from exile" in result.warnings[0].reason


def test_max_x_from_exile_for_nothing_is_x_0() -> None:
    """Test Fireball ({X}{R}) from exile with no mana: {0} pays it with X = 0 (CR 107.3b: an alternative cost
    without {X}); with three Mountains the mana cost pays X = 2, the larger."""
    target = replace(spell_target(Card.from_json(FIREBALL)), cast_from="exile")
    none = max_x(board_with(), target)
    assert none.x == 0 and paid_instead(none) is not None
    three = max_x(board_with(*(mine(f"m{n}", "Mountain") for n in range(3))), target)
    assert three.x == 2 and paid_instead(three) is None


def test_the_use_this_turn_on_a_permanent_with_no_such_grant_is_bad_input() -> None:
    board = make_board([{**mine("m", "Mountain"), "alternative_cost_used_this_turn": True}])
    with pytest.raises(InputError, match=r"permanents\[0\]\.alternative_cost_used_this_turn"):
        pay(board, PaymentTarget.of("{R}"))
    written = board_with(used=True).to_dict()["permanents"][0]
    assert written["alternative_cost_used_this_turn"] is True


def test_plan_turn_casts_the_hands_spells_for_their_mana_cost() -> None:
    """A turn plan casts the hand's cards from the hand (CR 601.2a): Test Space's cost is not theirs, and
    Test Ogre ({2}{R}) is not castable from one Mountain."""
    board = make_board([mine("ws", SPACE), mine("m", "Mountain")], hand=[OGRE])
    turn = plan_turn(board, casts=["Test Ogre"], no_land=True)
    assert not turn.castable and not turn.warnings


BENDER_TEXT = (
    "When ~ enters, target opponent mills three cards. Exile up to one noncreature, nonland card from "
    "among cards in that player's graveyard. For as long as you control ~, you may cast the exiled card "
    "during your turn by waterbending {X} rather than paying its mana cost, where X is its mana value."
)


def test_an_exiled_cards_waterbend_permission_is_paid() -> None:
    """A permanent's permission to cast the card it exiled by waterbending {X} rather than paying its mana
    cost, X its mana value (an alternative cost, CR 118.9; waterbend, CR 701.67a: artifacts and creatures
    tapped for the generic mana): Test Ogre ({2}{R}, mana value 3) exiled by Test Bender, beside three
    artifacts and no land, can't be paid its mana cost, but the permission's waterbend {3} taps the three
    artifacts (on "me"'s turn: "during your turn"). Main answered "no" with a warning naming the sentence (it
    was not read); altcost37 reads it (tests/test_permission_alternative_costs.py)."""
    bender = {
        **mine(
            "hb", {"name": "Test Bender", "type_line": "Legendary Creature — Human", "oracle": BENDER_TEXT}
        ),
        "choices": {"imprinted": [OGRE]},
    }
    rocks = [mine(f"a{n}", {"name": "Test Rock", "type_line": "Artifact", "oracle": ""}) for n in range(3)]
    result = pay(make_board([bender, *rocks]), ogre("exile"))
    assert result.payable is True and set(result.tapped) == {"a0", "a1", "a2"}
    paid = paid_instead(result)
    assert paid is not None and paid.source == "hb" and paid.cost.waterbend and paid.cost.mana == "{3}"
    assert not result.warnings
