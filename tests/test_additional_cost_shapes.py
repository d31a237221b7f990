"""Additional costs of spells that name what they take more closely (issue 35, the families the probes left
warned): "sacrifice a nonland permanent" (Rite of Oblivion's shape), "sacrifice an artifact or creature with
mana value X" (Nahiri's Sacrifice's: the spell's X, CR 107.3), "... with mana value 3 or greater / 2 or less",
and "tap an untapped artifact you control or pay {1}" (Disruption Protocol's: a choice of costs, CR 601.2b,
the artifact tapped after the mana abilities, CR 601.2g-h, so one tapped for mana can't also pay it).

Each verdict is derived by hand from the rules (named in the test) and each payment checked against the
brute force of ``test_additional_costs`` (every plan of the reference search, every choice of what pays the
cost) run for each way of the choice, the best of them.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from boards import ME, OPP, card, custom, make_board
from test_additional_costs import brute_force

from models.additional_costs import PERMANENT, EitherCost, ExtraMana, SacrificeCost, UnreadCost
from models.board import Board, Card
from models.cost import ManaCost
from models.oracle.additional_costs import sentence_costs
from models.spells import spell_target
from planner.api import PayResult, pay
from planner.rules.additional_costs import cost_ways, with_x
from planner.rules.question import view_of
from planner.rules.view import locked_in
from planner.turn import plan_turn

#: Rite of Oblivion's shape: {W}{B}, sacrifice a nonland permanent, flashback.
RITE: dict[str, Any] = {
    "name": "Test Rite",
    "type_line": "Sorcery",
    "mana_cost": "{W}{B}",
    "oracle": "As an additional cost to cast this spell, sacrifice a nonland permanent.\nExile target "
    "nonland permanent.\nFlashback {2}{W}{B}",
}
#: Nahiri's Sacrifice's shape: {1}{R}, no {X} in the mana cost.
OFFERING: dict[str, Any] = {
    "name": "Test Offering",
    "type_line": "Sorcery",
    "mana_cost": "{1}{R}",
    "oracle": "As an additional cost to cast this spell, sacrifice an artifact or creature with mana value X."
    "\nTest Offering deals X damage to any target.",
}
#: Disruption Protocol's shape: {U}{U}, tap an untapped artifact or pay {1}.
PROTOCOL: dict[str, Any] = {
    "name": "Test Protocol",
    "type_line": "Instant",
    "mana_cost": "{U}{U}",
    "oracle": "As an additional cost to cast this spell, tap an untapped artifact you control or pay {1}."
    "\nDraw a card.",
}
ROCK = custom("Test Rock", "r", "Artifact", "", mana_cost="{2}")
BEAR = custom("Test Bear", "bear", "Creature — Bear", "", mana_cost="{1}{G}", power=2, toughness=2)
TREASURE = card("Treasure", "t", token=True)


def _checked(board: Board, x: int | None = None, *, flashback: str = "") -> PayResult:
    """The payment of the hand's first card (or with ``flashback``, the graveyard's, for that cost),
    checked against the best of the brute force over its ways: the same verdict and, when payable, the
    same objective."""
    zone = board.player(ME).graveyard if flashback else board.player(ME).hand
    assert isinstance(zone, tuple)
    target = spell_target(zone[0])
    paid = target.with_cost(ManaCost.parse(flashback)) if flashback else target
    if flashback:
        target = replace(target, cast_from="graveyard")
    result = pay(board, target, x=x)
    costs = with_x(target.additional_costs, x)
    paid = replace(paid, additional_costs=costs)
    found = [brute_force(board, locked_in(view_of(board), way.on(paid), ME)) for way in cost_ways(costs)]
    best = min((levels for levels in found if levels is not None), default=None)
    assert result.payable == (best is not None), result.reason
    if best is not None:
        assert result.plan is not None
        assert tuple(value for _, value in result.objective) == best
    return result


def _sacrificed(result: PayResult) -> list[str]:
    return list(result.to_json()["additional_costs"]["sacrificed"])


# ------------------------------------------------------------------------------------------ the reader
@pytest.mark.parametrize(
    ("words", "read"),
    [
        ("sacrifice a nonland permanent", SacrificeCost(1, (PERMANENT,), excluded=("Land",))),
        ("sacrifice a noncreature artifact", SacrificeCost(1, ("Artifact",), excluded=("Creature",))),
        (
            "sacrifice an artifact or creature with mana value X",
            SacrificeCost(1, ("Artifact", "Creature"), mana_value_x=True),
        ),
        (
            "sacrifice a creature with mana value 3 or greater",
            SacrificeCost(1, ("Creature",), mana_value_at_least=3),
        ),
        (
            "sacrifice a creature with mana value 2 or less",
            SacrificeCost(1, ("Creature",), mana_value_at_most=2),
        ),
        ("tap an untapped Vampire you control", SacrificeCost(1, ("Vampire",), tapped=True)),
        (
            "tap an untapped artifact you control or pay {1}",
            EitherCost((SacrificeCost(1, ("Artifact",), tapped=True), ExtraMana("{1}"))),
        ),
    ],
)
def test_the_shapes_are_read(words: str, read: object) -> None:
    (cost,) = sentence_costs(f"As an additional cost to cast this spell, {words}.")
    assert cost == read and str(cost) == words


@pytest.mark.parametrize(
    "words",
    [
        "sacrifice a creature with mana value 3",  # (a mana value alone: not read)
        "sacrifice a creature with mana value 3 or more",  # (not Oracle's wording)
        "sacrifice two creatures with mana value X",  # (one X for two permanents: not read)
        "tap an untapped creature an opponent controls",  # (a cost taps its payer's permanents)
    ],
)
def test_shapes_not_read_stay_unread(words: str) -> None:
    (cost,) = sentence_costs(f"As an additional cost to cast this spell, {words}.")
    assert isinstance(cost, UnreadCost)


# ------------------------------------------------------------------------------- a nonland permanent
def test_rite_sacrifices_the_treasure_after_the_lands_pay() -> None:
    # {W}{B} from the Plains and the Swamp; the Treasure is the only nonland permanent: sacrificed (601.2h)
    board = make_board([card("Plains", "p"), card("Swamp", "s"), TREASURE], hand=[RITE])
    result = _checked(board)
    assert result.payable and _sacrificed(result) == ["t"] and sorted(result.tapped) == ["p", "s"]


def test_rite_is_not_castable_with_lands_alone() -> None:
    # lands are not nonland permanents: nothing pays the additional cost (601.2h)
    board = make_board([card("Plains", "p"), card("Swamp", "s"), card("Swamp", "s2")], hand=[RITE])
    assert not _checked(board).payable


def test_rite_treasure_cannot_pay_both_mana_and_the_sacrifice() -> None:
    # Plains + Treasure: {B} must come from the Treasure, sacrificed for it (601.2g): none is left to
    # sacrifice for the cost (601.2h)
    board = make_board([card("Plains", "p"), TREASURE], hand=[RITE])
    assert not _checked(board).payable


def test_rite_sacrifices_only_its_casters_permanents() -> None:
    # an opponent's Test Rock can't be sacrificed (701.17a)
    board = make_board([card("Plains", "p"), card("Swamp", "s"), {**ROCK, "controller": OPP}], hand=[RITE])
    assert not _checked(board).payable


def test_rite_flashback_still_takes_the_additional_cost() -> None:
    # from the graveyard: {2}{W}{B} (702.34a) and the sacrifice (601.2f): four lands and the Test Rock
    lands = [card("Plains", "p"), card("Swamp", "s"), card("Wastes", "w1"), card("Wastes", "w2")]
    board = make_board([*lands, ROCK])
    board = board.replace_player(ME, graveyard=(Card.from_json(RITE, "card"),))
    result = _checked(board, flashback="{2}{W}{B}")
    assert result.payable and _sacrificed(result) == ["r"]
    short = board.without_permanent("w2")
    assert not _checked(short, flashback="{2}{W}{B}").payable


# ----------------------------------------------------------------------------------- mana value X
def test_offering_sacrifices_a_treasure_of_mana_value_zero() -> None:
    # {1}{R} from the Mountains, X = 0: the Treasure (mana value 0, 202.3) is sacrificed
    board = make_board([card("Mountain", "m1"), card("Mountain", "m2"), TREASURE], hand=[OFFERING])
    result = _checked(board)
    assert result.payable and _sacrificed(result) == ["t"]


def test_offering_needs_an_artifact_or_creature() -> None:
    board = make_board(
        [card("Mountain", "m1"), card("Mountain", "m2"), card("Mountain", "m3")], hand=[OFFERING]
    )
    assert not _checked(board).payable
    # a Mountain and a Treasure: the Treasure's mana is needed, then it is gone (601.2g-h)
    assert not _checked(make_board([card("Mountain", "m1"), TREASURE], hand=[OFFERING])).payable


def test_offering_x_given_is_the_mana_value_sacrificed() -> None:
    # X = 2: only the Test Bear ({1}{G}) has mana value 2; X = 3: nothing has
    board = make_board([card("Mountain", "m1"), card("Mountain", "m2"), TREASURE, BEAR], hand=[OFFERING])
    two = _checked(board, x=2)
    assert two.payable and _sacrificed(two) == ["bear"]
    assert not _checked(board, x=3).payable


# ------------------------------------------------------------------------------ tap an artifact or pay
def test_protocol_taps_the_rock_for_the_cost() -> None:
    # {U}{U} from the Islands and the Test Rock tapped for the additional cost
    board = make_board([card("Island", "i1"), card("Island", "i2"), ROCK], hand=[PROTOCOL])
    result = _checked(board)
    assert result.payable and result.to_json()["additional_costs"]["tapped"] == ["r"]
    assert sorted(result.tapped) == ["i1", "i2", "r"] and not result.sacrificed


def test_protocol_without_an_untapped_artifact_pays_one_more() -> None:
    # no untapped artifact: {1}{U}{U}: two Islands are short, three pay it
    tapped = {**ROCK, "tapped": True}
    assert not _checked(
        make_board([card("Island", "i1"), card("Island", "i2"), tapped], hand=[PROTOCOL])
    ).payable
    three = make_board([card("Island", "i1"), card("Island", "i2"), card("Island", "i3")], hand=[PROTOCOL])
    result = _checked(three)
    assert result.payable and not result.additional  # (nothing tapped: the way of {1} more)


def test_protocol_taps_a_summoning_sick_artifact_creature() -> None:
    # 302.6 bars only a creature's own {T} abilities: a sick artifact creature may be tapped for the cost
    thopter = custom(
        "Test Thopter", "o", "Artifact Creature — Thopter", "Flying", mana_cost="{0}", summoning_sick=True
    )
    board = make_board([card("Island", "i1"), card("Island", "i2"), thopter], hand=[PROTOCOL])
    result = _checked(board)
    assert result.payable and result.to_json()["additional_costs"]["tapped"] == ["o"]


def test_protocol_artifact_tapped_for_mana_cannot_be_tapped_for_the_cost() -> None:
    # an Island and a Test Lotus ({T}: Add {U}): {U}{U} needs the Lotus's mana (601.2g), so it is tapped
    # and can't be tapped for the cost (601.2h); paying {1} instead needs a third source: no
    lotus = custom("Test Lotus", "l", "Artifact", "{T}: Add {U}.", mana_cost="{2}")
    board = make_board([card("Island", "i1"), lotus], hand=[PROTOCOL])
    assert not _checked(board).payable
    # with a second Island the Lotus is free to be tapped for the cost
    more = make_board([card("Island", "i1"), card("Island", "i2"), lotus], hand=[PROTOCOL])
    result = _checked(more)
    assert result.payable and result.to_json()["additional_costs"]["tapped"] == ["l"]


def test_a_turn_plan_notes_the_tap_cost_it_does_not_plan() -> None:
    blood = {
        "name": "Test Blood",
        "type_line": "Sorcery",
        "mana_cost": "{B}",
        "oracle": "As an additional cost to cast this spell, tap an untapped Vampire you control.\nDraw a "
        "card.",
    }
    vampire = custom("Test Vampire", "v", "Creature — Vampire", "", mana_cost="{B}", power=1, toughness=1)
    result = plan_turn(make_board([card("Swamp", "s"), vampire], hand=[blood]), casts=["Test Blood"])
    assert not result.optimal
    assert any("tap an untapped Vampire you control" in note for note in result.notes)
