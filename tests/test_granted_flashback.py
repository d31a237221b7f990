"""Flashback a permanent grants the cards of its controller's graveyard (probe 17, a silent "no" on main):
"Each instant and sorcery card in your graveyard has flashback. The flashback cost is equal to that card's
mana cost." (Lier, Disciple of the Drowned's shape; Dralnu, Lich Lord's "Instant and sorcery cards in your
graveyard have flashback."). Read by the grammar (``graveyard_permission``) as a permission to cast those
cards from the graveyard (CR 601.2a) paid their mana cost, the flashback cost the next sentence gives
(702.34a); it was filed "ignored", and an instant in the graveyard answered "no permission", with no warning.
A grant of escape (Underworld Breach: its cost exiles other cards too, 702.138a) is not read: unsupported,
warned, never ignored. Expected answers are worked out by hand; each verdict is checked against the reference
search paying the cost the rules give.
"""

from __future__ import annotations

from test_graveyard_grants import board_of, from_graveyard, paid_by, permanent
from test_graveyard_keywords import reference_pays

from models.filters import ObjectFilter
from models.mana_effects import GraveyardPermission
from models.oracle.read_statics import graveyard_permission_of
from models.oracle.reader import read_card
from models.types import TypeLine
from planner.api import max_x, pay

#: Permanents with the sentence shapes of real cards (the names are made up).
GRANT = "Each instant and sorcery card in your graveyard has flashback."
LIER = GRANT + " The flashback cost is equal to that card's mana cost."
DRALNU = (
    "Instant and sorcery cards in your graveyard have flashback. The flashback cost is equal to the card's "
    "mana cost."
)
BREACH = (
    "Each nonland card in your graveyard has escape. The escape cost is equal to the card's mana cost plus "
    "exile three other cards from your graveyard."
)

THOUGHT = {"name": "Test Thought", "type_line": "Instant", "mana_cost": "{1}{U}", "oracle": "Draw a card."}
BLAZE = {"name": "Test Blaze", "type_line": "Sorcery", "mana_cost": "{X}{R}", "oracle": "Deal X damage."}
MERFOLK = {"name": "Test Merfolk", "type_line": "Creature — Merfolk", "mana_cost": "{U}"}
INSTANTS_AND_SORCERIES = (ObjectFilter(types=("Instant",)), ObjectFilter(types=("Sorcery",)))


def test_the_grant_and_its_cost_are_read() -> None:
    assert graveyard_permission_of(GRANT) == GraveyardPermission(GRANT, INSTANTS_AND_SORCERIES)
    for text in (LIER, DRALNU):
        reading = read_card(text, "Test Lier", TypeLine.parse("Legendary Creature — Human Wizard"))
        assert [s.read_as for s in reading.sentences] == ["effect", "effect"]
        assert [type(e) for e in reading.effects] == [GraveyardPermission]
    # (escape's cost exiles other cards as well, 702.138a: not read, and never filed ignored)
    breach = read_card(BREACH, "Test Breach", TypeLine.parse("Enchantment"))
    assert [s.read_as for s in breach.sentences] == ["unsupported", "unsupported"]


def test_an_instant_in_the_graveyard_is_paid_its_mana_cost() -> None:
    # 702.34a: the flashback cost is {1}{U}, its mana cost: two Islands pay it, one doesn't
    two = board_of(["Island"] * 2, [permanent("lier", LIER)])
    result = pay(two, from_graveyard(THOUGHT))
    assert result.payable and paid_by(result) == "lier" and not result.warnings
    assert reference_pays(two, from_graveyard(THOUGHT), "{1}{U}")
    one = board_of(["Island"], [permanent("lier", LIER)])
    assert not pay(one, from_graveyard(THOUGHT)).payable
    assert not reference_pays(one, from_graveyard(THOUGHT), "{1}{U}")


def test_only_instants_and_sorceries_and_only_its_controllers_graveyard() -> None:
    # a creature card has no flashback by it (601.2a: no permission); the opponent's permanent grants
    # flashback to the cards of its controller's graveyard, not mine
    mine = board_of(["Island"] * 2, [permanent("lier", LIER)])
    assert not pay(mine, from_graveyard(MERFOLK)).payable
    theirs = board_of(["Island"] * 2, [permanent("lier", LIER, controller="opp")])
    assert not pay(theirs, from_graveyard(THOUGHT)).payable


def test_largest_x_of_a_sorcery_cast_by_flashback() -> None:
    # 107.3, 702.34a: the flashback cost {X}{R} with four Mountains: X = 3
    board = board_of(["Mountain"] * 4, [permanent("lier", LIER)])
    result = max_x(board, from_graveyard(BLAZE))
    assert result.payable and result.x == 3
    assert reference_pays(board, from_graveyard(BLAZE).with_x(3), "{3}{R}")
    assert not reference_pays(board, from_graveyard(BLAZE).with_x(4), "{4}{R}")
