"""A turn plan pays its spells' additional costs (contract sections 11 and 12, CR 601.2f-h): the permanent
sacrificed (tapped for mana first when that helps) is gone for the later spells, a card discarded leaves
the hand, a spell whose cost can't be paid is not cast; each spell names what paid it. Checked by hand, by
the turn planner's brute force (tests/test_turn.py) and by ``pay`` for a one-spell turn."""

from __future__ import annotations

import json
import random

import pytest
from boards import make_board
from test_additional_cost_choices import ICE_OUT, SHARDS, STATUE
from test_additional_costs import BEARS, HARROW, SPLINTERS, VOICE
from test_cli_pay import run
from turn_brute_force import brute_force

from models.board import Board
from models.spells import spell_target
from planner.api import pay
from planner.turn import TurnResult, plan_turn

#: a blue spell of one mana, with no target
BLUE = {"name": "Blue Thought", "type_line": "Sorcery", "mana_cost": "{U}", "oracle": "Draw a card."}
#: a green spell of one mana, with no target
GREEN = {"name": "Green Thought", "type_line": "Sorcery", "mana_cost": "{G}", "oracle": "Draw a card."}
#: Village Rites, a creature sacrificed with no target (Bone Splinters needs a creature on the battlefield
#: at the start of the turn, contract section 11, where the brute force takes one cast during the turn)
RITES = {
    "name": "Village Rites",
    "type_line": "Instant",
    "mana_cost": "{B}",
    "oracle": "As an additional cost to cast this spell, sacrifice a creature.\nDraw two cards.",
}


def _lands(*names: str) -> list[dict[str, str]]:
    return [{"id": f"p{n}", "card": name, "controller": "me"} for n, name in enumerate(names)]


def _paid(turn: TurnResult) -> list[tuple[str, list[str], list[str]]]:
    """Each spell cast, with what it sacrificed and discarded."""
    return [
        (spell.card, list(spell.payment.additional.sacrificed), list(spell.payment.additional.discarded))
        for spell in turn.spells
    ]


def _cards_used(turn: TurnResult) -> int:
    """The cards the turn used up, as the brute force counts them (the cards discarded too)."""
    discarded = sum(len(spell.payment.additional.discarded) for spell in turn.spells)
    return len(turn.spells) + (turn.land_played is not None) + len(turn.exiled) + discarded


def _agrees(board: Board, turn: TurnResult) -> None:
    assert turn.optimal  # (no note on a cost or mana left out)
    assert (turn.mana_value_cast, _cards_used(turn)) == brute_force(board), json.dumps(turn.to_json())


def test_harrow_sacrifices_a_forest_and_keeps_the_island_for_the_blue_spell() -> None:
    # Island, three Forests: Harrow ({2}{G}) and the {U} spell take all four lands, whichever is sacrificed
    # (each is tapped first, CR 601.2g-h); the Forest goes, so that blue stays among the colors kept
    board = make_board(_lands("Island", "Forest", "Forest", "Forest"), hand=[HARROW, BLUE])
    turn = plan_turn(board, no_land=True)
    assert sorted(_paid(turn)) == [("Blue Thought", [], []), ("Harrow", ["p1"], [])]
    assert turn.tapped_first == ("p1",)
    _agrees(board, turn)


def test_a_sacrificed_mana_creature_is_tapped_first_for_a_later_spell() -> None:
    # Bone Splinters ({1}{B}, sacrifice a creature) whose only creature is Llanowar Elves, and a {G} spell:
    # the Elves' {G} is made before they are sacrificed and pays the green spell: both are cast
    elves = {"id": "e", "card": "Llanowar Elves", "controller": "me"}
    board = make_board([*_lands("Swamp", "Swamp"), elves], hand=[SPLINTERS, GREEN])
    turn = plan_turn(board)
    assert sorted(_paid(turn)) == [("Bone Splinters", ["e"], []), ("Green Thought", [], [])]
    assert turn.tapped_first == ("e",) and turn.mana_value_cast == 3
    _agrees(board, turn)


def test_a_sacrifice_that_cannot_be_paid_is_not_cast() -> None:
    board = make_board(_lands("Swamp", "Swamp"), hand=[SPLINTERS])  # (no creature: nor a target)
    assert not plan_turn(board).castable
    elves = {"id": "e", "card": "Llanowar Elves", "controller": "me", "tapped": True}
    board = make_board([*_lands("Swamp", "Swamp"), elves], hand=[SPLINTERS, BEARS])
    turn = plan_turn(board)
    assert _paid(turn) == [("Bone Splinters", ["e"], [])]  # (the tapped Elves: sacrificed all the same)
    _agrees(board, turn)


def test_a_discard_takes_the_other_card_so_the_land_is_not_played() -> None:
    # Tormenting Voice ({1}{R}, discard a card) and a Forest, two Mountains: playing the Forest leaves
    # nothing to discard; casting the Voice (mana value 2) comes first, so the Forest is discarded
    board = make_board(_lands("Mountain", "Mountain"), hand=[VOICE, "Forest"])
    turn = plan_turn(board)
    assert _paid(turn) == [("Tormenting Voice", [], ["Forest"])] and turn.land_played is None
    _agrees(board, turn)


def test_a_discard_never_takes_a_card_the_turn_casts_after() -> None:
    # with a Lightning Bolt too, three Mountains: Voice then Bolt (3), the Forest discarded
    board = make_board(_lands("Mountain", "Mountain", "Mountain"), hand=[VOICE, "Forest", "Lightning Bolt"])
    turn = plan_turn(board)
    assert sorted(_paid(turn)) == [("Lightning Bolt", [], []), ("Tormenting Voice", [], ["Forest"])]
    _agrees(board, turn)
    # and with a second land the land drop is taken, the other land discarded
    board = make_board(_lands("Mountain", "Mountain"), hand=[VOICE, "Forest", "Island"])
    turn = plan_turn(board)
    assert turn.land_played is not None and _paid(turn)[0][0] == "Tormenting Voice"
    assert _paid(turn)[0][2] != [turn.land_played]
    _agrees(board, turn)


def test_a_discard_with_nothing_else_in_hand_is_not_cast() -> None:
    board = make_board(_lands("Mountain", "Mountain"), hand=[VOICE])
    turn = plan_turn(board)
    assert not turn.castable and turn.notes == () and turn.optimal


def test_a_one_spell_turn_pays_as_pay_does() -> None:
    board = make_board(_lands("Forest", "Forest", "Forest", "Island"), hand=[HARROW])
    turn = plan_turn(board, no_land=True)
    paid = pay(board, spell_target(board.player("me").hand[0]))
    assert paid.payable and paid.optimal and turn.optimal
    assert turn.spells[0].payment.additional == paid.additional
    assert turn.spells[0].payment.mana_spent == paid.mana_spent


_SPELLS: list[str | dict[str, str]] = [
    HARROW,
    RITES,
    VOICE,
    BLUE,
    GREEN,
    BEARS,
    "Lightning Bolt",
    "Llanowar Elves",
]
_PERMANENTS = ["Forest", "Island", "Mountain", "Swamp", "Llanowar Elves", "Sol Ring"]


@pytest.mark.parametrize("seed", [*range(12), 18, 62])  # (18, 62: the Bears sacrificed)
def test_random_turns_with_additional_costs_match_the_brute_force(seed: int) -> None:
    rng = random.Random(seed)
    permanents = [rng.choice(_PERMANENTS) for _ in range(rng.randint(2, 4))]
    hand = [rng.choice([HARROW, RITES, VOICE]), *rng.sample(_SPELLS, 2)]
    hand += [rng.choice(["Forest", "Swamp"])] if rng.random() < 0.5 else []
    board = make_board(_lands(*permanents), hand=hand)
    _agrees(board, plan_turn(board))


def test_an_unread_additional_cost_is_still_a_note() -> None:
    unread = "sacrifice a Forest or pay X life"
    spell = {
        **HARROW,
        "name": "Forest Harrow",
        "oracle": HARROW["oracle"].replace("sacrifice a land", unread),
    }
    board = make_board(_lands("Forest", "Forest", "Forest"), hand=[spell])
    turn = plan_turn(board, no_land=True)
    assert [s.card for s in turn.spells] == ["Forest Harrow"] and not turn.optimal
    assert turn.notes == (
        f"Forest Harrow: its additional cost ({unread}) is not planned in turn plans: "
        "the plan does not pay it",
    )


def test_a_subtype_to_sacrifice_is_planned() -> None:
    # 'sacrifice a Forest' (a subtype, read by the grammar): Harrow's {2}{G} from the three lands, one of the
    # two Forests tapped then sacrificed (CR 601.2g-h), so that the Island is left for nothing
    spell = {**HARROW, "name": "Forest Harrow", "oracle": HARROW["oracle"].replace("a land", "a Forest")}
    board = make_board(_lands("Island", "Forest", "Forest"), hand=[spell])
    turn = plan_turn(board, no_land=True)
    assert [s.card for s in turn.spells] == ["Forest Harrow"] and turn.notes == ()
    _agrees(board, turn)


def test_the_command_names_what_each_spell_sacrificed_and_discarded() -> None:
    board = {
        "version": 1,
        "players": [{"id": "me", "hand": [HARROW, VOICE, "Forest"]}],
        "permanents": _lands("Island", "Forest", "Forest", "Mountain", "Mountain"),
    }
    answer = run("plan-turn", "-", "--no-land", "--json", stdin=json.dumps(board))
    assert answer.exit_code == 0, answer.output
    data = json.loads(answer.stdout)
    assert data["optimal"] is True and data["notes"] == []
    paid = {spell["card"]: spell["payment"]["additional_costs"] for spell in data["spells"]}
    assert paid["Tormenting Voice"] == {"sacrificed": [], "discarded": ["Forest"]}
    assert paid["Harrow"]["sacrificed"] and paid["Harrow"]["discarded"] == []
    text = run("plan-turn", "-", "--no-land", stdin=json.dumps(board))
    assert text.exit_code == 0, text.output
    assert "Tormenting Voice: discarded Forest for the additional cost" in text.stdout
    assert f"Harrow: sacrificed {paid['Harrow']['sacrificed'][0]} for the additional cost" in text.stdout


#: Village Rites's artifact twin: sacrifice an artifact, no target
ARTIFACT_RITES = {**RITES, "name": "Artifact Rites"}
ARTIFACT_RITES["oracle"] = RITES["oracle"].replace("creature", "artifact")


def test_a_treasure_sacrificed_for_the_cost_loses_no_mana_said() -> None:
    # a Treasure's mana ability sacrifices it: used for the cost, it could not have made mana first
    board = make_board([*_lands("Swamp"), {"id": "t", "card": "Treasure"}], hand=[ARTIFACT_RITES])
    turn = plan_turn(board)
    assert _paid(turn) == [("Artifact Rites", ["t"], [])]
    _agrees(board, turn)


def test_a_land_whose_mana_is_not_tapped_first_is_a_note() -> None:
    # Adarkar Wastes deals damage for its colored mana: the plans that sacrifice it for Harrow are tried
    # without its mana, which the search says (it may have missed a better plan)
    board = make_board(_lands("Forest", "Forest", "Forest", "Adarkar Wastes"), hand=[HARROW])
    turn = plan_turn(board, no_land=True)
    assert [spell.card for spell in turn.spells] == ["Harrow"] and not turn.optimal
    assert turn.notes == (
        "Harrow: sacrificing p3 was tried without the mana it could make first (not planned): the plan may "
        "not be the best",
    )


#: Bone Shards' choice of costs, on a spell with no target
SHARDS_DRAW = {**SHARDS, "name": "Test Shards", "oracle": SHARDS["oracle"].split("\n")[0] + "\nDraw a card."}
#: Ice Out's bargain and its reduction, on a spell with no target
ICE_DRAW = {
    **ICE_OUT,
    "name": "Test Ice",
    "oracle": "\n".join(ICE_OUT["oracle"].split("\n")[:2]) + "\nDraw a card.",
}
_STATUE = {**STATUE, "id": "st", "controller": "me"}


def test_a_choice_of_costs_sacrifices_a_creature_rather_than_discard() -> None:
    # a Swamp, Grizzly Bears and a second card: Shards' "sacrifice a creature or discard a card" takes the
    # Bears (a card discarded is a card used up, before any permanent sacrificed: contract section 11), as
    # `pay` does; without the Bears, the other card is discarded; the plan is proven, no note
    bears = {**BEARS, "id": "b", "controller": "me"}
    board = make_board([*_lands("Swamp"), bears], hand=[SHARDS_DRAW, BLUE])
    turn = plan_turn(board, no_land=True)
    assert _paid(turn) == [("Test Shards", ["b"], [])] and turn.optimal and not turn.notes
    paid = pay(board, spell_target(board.player("me").hand[0]))
    assert turn.spells[0].payment.additional == paid.additional
    _agrees(board, turn)
    alone = make_board(_lands("Swamp"), hand=[SHARDS_DRAW, BLUE])
    turn = plan_turn(alone, no_land=True)
    assert _paid(turn) == [("Test Shards", [], ["Blue Thought"])] and turn.optimal
    _agrees(alone, turn)


def test_a_choice_of_costs_discards_the_land_when_that_casts_more() -> None:
    # a Swamp, Shards and a Forest: playing the Forest leaves no card to discard and no creature, so the
    # Forest is discarded and Shards cast (mana value 1 rather than 0), as with Tormenting Voice
    board = make_board(_lands("Swamp"), hand=[SHARDS_DRAW, "Forest"])
    turn = plan_turn(board)
    assert _paid(turn) == [("Test Shards", [], ["Forest"])] and turn.land_played is None
    _agrees(board, turn)


def test_a_bargain_is_paid_where_it_casts_more() -> None:
    # two Islands can't pay {1}{U}{U}; bargained (the Statue sacrificed), {U}{U}: mana value 3 (the
    # card's). Three Islands pay it without the bargain (a permanent kept), as `pay` pays it; with a {U}
    # spell too, the bargain pays {U}{U} and the third Island the {U}: 3 + 1
    two = make_board([*_lands("Island", "Island"), _STATUE], hand=[ICE_DRAW])
    turn = plan_turn(two)
    assert _paid(turn) == [("Test Ice", ["st"], [])] and turn.mana_value_cast == 3 and turn.optimal
    assert turn.spells[0].payment.total_cost == "{U}{U}"
    three = make_board([*_lands("Island", "Island", "Island"), _STATUE], hand=[ICE_DRAW])
    turn = plan_turn(three)
    assert _paid(turn) == [("Test Ice", [], [])] and turn.optimal
    paid = pay(three, spell_target(three.player("me").hand[0]))
    assert turn.spells[0].payment.additional == paid.additional and paid.total_cost == "{1}{U}{U}"
    both = make_board([*_lands("Island", "Island", "Island"), _STATUE], hand=[ICE_DRAW, BLUE])
    turn = plan_turn(both)
    assert sorted(_paid(turn)) == [("Blue Thought", [], []), ("Test Ice", ["st"], [])]
    assert turn.mana_value_cast == 4 and turn.optimal
    _agrees(both, turn)


@pytest.mark.parametrize("seed", range(12))
def test_random_turns_with_choices_of_costs_match_the_brute_force(seed: int) -> None:
    rng = random.Random(700 + seed)
    kinds: list[str | dict[str, str]] = [*_PERMANENTS, STATUE, BEARS]
    chosen = [rng.choice(kinds) for _ in range(rng.randint(2, 4))]
    permanents = [
        {"id": f"p{n}", "card": kind, "controller": "me"}
        if isinstance(kind, str)
        else {**kind, "id": f"p{n}", "controller": "me"}
        for n, kind in enumerate(chosen)
    ]
    hand = [rng.choice([SHARDS_DRAW, ICE_DRAW]), *rng.sample(_SPELLS, 2)]
    hand += [rng.choice(["Forest", "Island"])] if rng.random() < 0.5 else []
    board = make_board(permanents, hand=hand)
    _agrees(board, plan_turn(board))
