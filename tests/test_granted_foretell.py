"""Foretell a permanent grants (CR 702.143a): "Each nonland card in your hand without foretell has
foretell. Its foretell cost is equal to its mana cost reduced by {2}." (the shape of Dream Devourer). A card
without foretell of its own that its player foretold (the player's ``foretold``) is cast from exile for its
mana cost less {2} (CR 601.2f: generic mana only, never below {0}), and only so (CR 118.9a). ``pay`` answered
"not payable" at the mana cost, with no word of it. Answers derived by hand."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from models.alternative_costs import GrantedForetell, GrantedForetellCost
from models.board import Board, Card
from models.cost import PaymentTarget
from models.oracle import parse_oracle
from models.spells import spell_target
from planner.api import pay

DEVOURER: dict[str, Any] = {
    "id": "dd",
    "name": "Test Devourer",
    "type_line": "Creature — Demon",
    "power": 0,
    "toughness": 3,
    "oracle": "Each nonland card in your hand without foretell has foretell. Its foretell cost is equal to "
    "its mana cost reduced by {2}. (During your turn, you may pay {2} and exile it from your hand face "
    "down.)\n"
    "Whenever you foretell a card, ~ gets +2/+0 until end of turn.",
}
#: {3}{R}: foretold through the grant, {1}{R}
OGRE: dict[str, Any] = {
    "name": "Test Ogre",
    "type_line": "Creature — Ogre",
    "mana_cost": "{3}{R}",
    "oracle": "",
}
#: {1}{R}: foretold through the grant, {R} (the generic part can't go below {0})
GOBLIN: dict[str, Any] = {"name": "Test Goblin", "type_line": "Creature", "mana_cost": "{1}{R}", "oracle": ""}


def _board(lands: list[str], *extra: dict[str, Any], **me: Any) -> Board:
    permanents = [{"id": f"l{n}", "card": land, "controller": "me"} for n, land in enumerate(lands)]
    permanents += [{"controller": "me", **permanent} for permanent in extra]
    return Board.from_dict(
        {"version": 1, "players": [{"id": "me", **me}, {"id": "opp"}], "permanents": permanents}
    )


def _cast(card: dict[str, Any], cast_from: str = "exile") -> PaymentTarget:
    return replace(spell_target(Card.from_json(card)), cast_from=cast_from)


def test_the_grant_and_its_cost_are_read() -> None:
    effects = parse_oracle(DEVOURER["oracle"]).effects
    assert [type(e) for e in effects] == [GrantedForetell, GrantedForetellCost]
    grant, cost = effects
    assert isinstance(grant, GrantedForetell) and grant.excluded == ("Land",)
    assert isinstance(cost, GrantedForetellCost) and cost.reduction == 2


def test_a_card_foretold_through_the_grant_pays_its_mana_cost_less_two() -> None:
    # {3}{R} - {2} = {1}{R} (702.143a, 601.2f): a Mountain and a Wastes
    result = pay(_board(["Mountain", "Wastes"], DEVOURER, foretold=[OGRE]), _cast(OGRE))
    assert result.payable is True and result.total_cost == "{1}{R}"
    assert not result.warnings


def test_the_reduction_is_of_generic_mana_only() -> None:
    # {1}{R} - {2}: {R} (the generic part stops at {0}, 118.7a): one Mountain
    result = pay(_board(["Mountain"], DEVOURER, foretold=[GOBLIN]), _cast(GOBLIN))
    assert result.payable is True and result.total_cost == "{R}"
    # and not {0}: a Wastes alone can't pay {R}
    assert pay(_board(["Wastes"], DEVOURER, foretold=[GOBLIN]), _cast(GOBLIN)).payable is False


def test_from_the_hand_the_mana_cost_is_paid() -> None:
    # foretell casts only a card foretold, from exile (702.143a): {3}{R} from two lands is no
    assert pay(_board(["Mountain", "Wastes"], DEVOURER, hand=[OGRE]), _cast(OGRE, "hand")).payable is False


def test_without_the_permanent_no_cost_is_guessed_and_a_warning_says_so() -> None:
    # the grant gone: its cost is not read, the mana cost {3}{R} is paid with a warning naming foretold
    result = pay(_board(["Mountain", "Wastes"], foretold=[OGRE]), _cast(OGRE))
    assert result.payable is False
    assert any("players[0].foretold" in w.reason for w in result.warnings)


def test_a_card_not_foretold_is_not_paid_the_granted_cost() -> None:
    # foretold lists another card: the Ogre in exile was not foretold (702.143a): no foretell cost
    result = pay(_board(["Mountain", "Wastes"], DEVOURER, foretold=[GOBLIN]), _cast(OGRE))
    assert result.payable is False


def test_an_opponents_grant_is_not_the_players() -> None:
    # 'in your hand': the grant is its controller's (702.143a): the opponent's Devourer grants me nothing
    theirs = {**DEVOURER, "controller": "opp"}
    result = pay(_board(["Mountain", "Wastes"], theirs, foretold=[OGRE]), _cast(OGRE))
    assert result.payable is False


def test_a_land_is_not_granted_foretell() -> None:
    # 'nonland card': a land card is excluded (it is played anyway, 305.1), so nothing to pay for
    land = {
        "name": "Test Dryad Arbor",
        "type_line": "Land Creature — Forest Dryad",
        "mana_cost": "{2}{G}",
        "oracle": "",
    }
    result = pay(_board(["Forest"], DEVOURER, foretold=[land]), _cast(land))
    assert result.payable is False
