"""A turn plan casts spells for their alternative costs (CR 118.9, issue 35, contract section 11): a spell's
own (Fireblast's two Mountains, Snuff Out's 4 life) and those a permanent grants (Omniscience, Fist of
Suns), each weighed against the mana cost by the turn's objective, the spell cast at most once; what a way
sacrifices is gone for the later spells, its life is gone from the total they see, a card it exiles from the
hand is not cast. Every answer is worked
out by hand from the rules here; a one-spell turn chooses the way ``pay --spell`` chooses (itself checked
against the reference search in tests/test_alternative_costs.py).
"""

from __future__ import annotations

import json
import random
from dataclasses import replace
from typing import Any

import pytest
from boards import ME, make_board, mine
from test_alternative_costs import (
    FIREBALL,
    FIST,
    FORCE,
    GIANT,
    NISSA,
    OMNISCIENCE,
    RITUAL,
    SNUFF_OUT,
    WURM,
)
from test_cli_pay import run
from test_keyword_alternative_costs import BROOD
from turn_brute_force import brute_force

from models.board import Board
from models.spells import spell_target
from planner.api import pay
from planner.rules.records import WarningKind
from planner.turn import TurnResult, plan_turn
from planner.turn_alternative import alternative_cost_notes
from planner.turn_choices import Ids, hand_spells

#: Fireblast, under a test name
FIREBLAST = {
    "name": "Test Fireblast",
    "type_line": "Instant",
    "mana_cost": "{4}{R}{R}",
    "oracle": "If you control a Mountain, you may sacrifice two Mountains rather than pay this spell's mana "
    "cost.\nTest Fireblast deals 4 damage to any target.",
}
#: Force of Will's alternative cost on a spell with no target
FORCE_DRAW = {**FORCE, "oracle": str(FORCE["oracle"]).replace("Counter target spell.", "Draw two cards.")}
#: a blue spell of one mana, with no target
BLUE_ONE = {"name": "Test Blue One", "type_line": "Sorcery", "mana_cost": "{U}", "oracle": "Draw a card."}
#: a red spell of two mana, with no target
RED_TWO = {"name": "Test Red Two", "type_line": "Sorcery", "mana_cost": "{R}{R}", "oracle": "Draw a card."}
#: a black spell of one and of two mana, with no target
BLACK_ONE = {"name": "Test Black One", "type_line": "Sorcery", "mana_cost": "{B}", "oracle": "Draw a card."}
BLACK_TWO = {
    "name": "Test Black Two",
    "type_line": "Sorcery",
    "mana_cost": "{B}{B}",
    "oracle": "Draw a card.",
}
#: Omniscience as a card of the hand, with its mana cost
OMNISCIENCE_CARD = {**OMNISCIENCE, "mana_cost": "{7}{U}{U}{U}"}
#: a big blue spell
BIG_BLUE = {
    "name": "Test Big Blue",
    "type_line": "Sorcery",
    "mana_cost": "{5}{U}{U}",
    "oracle": "Draw a card.",
}
#: a creature of the opponent's, for Snuff Out's target
THEIR_BEAR = {
    "id": "bear",
    "name": "Their Bear",
    "type_line": "Creature — Bear",
    "power": 2,
    "toughness": 2,
    "controller": "opp",
}


def _plan(board: Board, **options: Any) -> TurnResult:
    """:func:`plan_turn` with time enough on a loaded machine (the answers are proven: ``optimal``)."""
    return plan_turn(board, time_limit=300, **options)


def _ways(turn: TurnResult) -> list[tuple[str, dict[str, Any] | None]]:
    """Each spell cast, with the alternative cost its payment's JSON names (None: its mana cost)."""
    found = []
    for spell in turn.spells:
        listed = [
            a for a in spell.payment.to_json()["alternative_payments"] if a["kind"] == "alternative_cost"
        ]
        assert len(listed) <= 1  # (at most one alternative cost, CR 118.9a)
        found.append((spell.card, listed[0] if listed else None))
    return found


def _free(source: str) -> dict[str, Any]:
    """The JSON of an alternative cost that pays nothing ("without paying its mana cost")."""
    return {
        "kind": "alternative_cost",
        "source": source,
        "cost": "without paying its mana cost",
        "paid": "",
        "life": 0,
        "energy": 0,
        "sacrificed": [],
        "exiled": [],
    }


def _planned(turn: TurnResult) -> None:
    """The plan is called optimal and notes nothing on alternative costs."""
    assert turn.optimal, json.dumps(turn.to_json())
    assert not any("alternative cost" in note for note in turn.notes), turn.notes


def test_omniscience_casts_three_big_spells_for_free() -> None:
    # a Forest (and a Forest to play) pays none of them; Omniscience casts each from the hand for nothing:
    # 7 + 7 + 7, nothing tapped (the objective: the most mana value, then the fewest sources used)
    board = make_board([mine("o", OMNISCIENCE), mine("f", "Forest")], hand=[WURM, GIANT, RITUAL, "Forest"])
    turn = _plan(board)
    _planned(turn)
    assert turn.mana_value_cast == 21
    assert _ways(turn) == [(card, _free("o")) for card in ("Test Wurm", "Test Giant", "Test Ritual")]
    assert all(not spell.payment.tapped and spell.payment.life_paid == 0 for spell in turn.spells)
    assert sorted(turn.left_open) == ["f", "new-land"]  # (both lands stay open)
    # without Omniscience two Forests cast none of them
    assert _plan(make_board([mine("f", "Forest")], hand=[WURM, GIANT, RITUAL, "Forest"])).spells == ()


def test_omniscience_cast_first_makes_the_later_spells_free() -> None:
    # ten Islands pay Omniscience's {7}{U}{U}{U} and nothing else; cast first, it casts the big spells from
    # the hand for nothing: 10 + 7 + 7 (cast after them, it can't be paid: order matters)
    islands = [mine(f"i{n}", "Island") for n in range(10)]
    board = make_board(islands, hand=[BIG_BLUE, OMNISCIENCE_CARD, GIANT])
    turn = _plan(board)
    _planned(turn)
    assert turn.mana_value_cast == 24
    assert _ways(turn)[0][0] == "Test Omniscience"
    assert _ways(turn)[0][1] is None and len(turn.spells[0].payment.tapped) == 10
    source = turn.spells[0].payment.to_json()["alternative_payments"]
    assert source == [] and {way["source"] for _, way in _ways(turn)[1:] if way} == {"new-test-omniscience"}
    # in the order given, the Giant first takes seven Islands: Omniscience can't follow
    given = _plan(board, casts=["Test Giant", "Test Omniscience"])
    assert given.castable is False
    best = _plan(board, casts=["Test Giant", "Test Omniscience"], order="best")
    assert [spell.card for spell in best.spells] == ["Test Omniscience", "Test Giant"]


def test_fireblast_sacrifices_two_mountains_tapped_first_for_a_later_spell() -> None:
    # two Mountains pay neither {4}{R}{R} nor both spells; tapped for {R}{R} first (CR 601.2g-h: mana
    # abilities before costs; the mana stays all main phase, CR 500.4), they are sacrificed for Fireblast
    # and their mana pays {R}{R}: 6 + 2
    board = make_board([mine("m1", "Mountain"), mine("m2", "Mountain")], hand=[FIREBLAST, RED_TWO])
    turn = _plan(board)
    _planned(turn)
    assert turn.mana_value_cast == 8
    assert list(turn.tapped_first) == ["m1", "m2"]
    ways = dict(_ways(turn))
    fireblast = ways["Test Fireblast"]
    assert fireblast is not None
    assert (fireblast["source"], fireblast["cost"]) == ("Test Fireblast", "sacrifice two Mountains")
    assert fireblast["sacrificed"] == ["m1", "m2"] and ways["Test Red Two"] is None
    assert turn.left_open == () and not turn.floating


def test_mountains_sacrificed_are_gone_for_a_second_fireblast() -> None:
    # two Mountains: the first Fireblast takes both, the second finds none (its condition and its cost):
    # 6, and the Mountains' {R}{R} pays the {R}{R} spell
    two = make_board([mine("m1", "Mountain"), mine("m2", "Mountain")], hand=[FIREBLAST, FIREBLAST, RED_TWO])
    turn = _plan(two)
    _planned(turn)
    assert [card for card, _ in _ways(turn)] == ["Test Fireblast", "Test Red Two"]
    assert turn.mana_value_cast == 8
    # three Mountains: still one (a single Mountain is left to sacrifice); it stays open
    three = make_board([mine(f"m{n}", "Mountain") for n in range(3)], hand=[FIREBLAST, FIREBLAST])
    turn = _plan(three)
    _planned(turn)
    assert turn.mana_value_cast == 6 and turn.left_open == ("m2",)
    # four Mountains: both, each sacrificing two, and their {R}{R}{R}{R} floats
    four = make_board([mine(f"m{n}", "Mountain") for n in range(4)], hand=[FIREBLAST, FIREBLAST])
    turn = _plan(four)
    _planned(turn)
    assert turn.mana_value_cast == 12
    sacrificed = [way["sacrificed"] for _, way in _ways(turn) if way]
    assert sorted(sacrificed) == [["m0", "m1"], ["m2", "m3"]]
    assert str(turn.floating) == "{R}{R}{R}{R}"


def test_the_mountain_played_makes_fireblast_castable() -> None:
    # one Mountain: no Fireblast; the Mountain of the hand played, both are sacrificed (tapped first)
    board = make_board([mine("m1", "Mountain")], hand=[FIREBLAST, "Mountain"])
    turn = _plan(board)
    _planned(turn)
    assert turn.land_played == "Mountain" and turn.mana_value_cast == 6
    assert sorted(dict(_ways(turn))["Test Fireblast"]["sacrificed"]) == ["m1", "new-land"]  # type: ignore[index]


@pytest.mark.parametrize(
    ("life", "swamps", "way"),
    [
        (20, 1, "life"),  # the Swamp pays no {3}{B}: 4 life
        (5, 1, "life"),  # 1 life left
        (4, 1, None),  # life equal to the cost may be paid (CR 119.4), but 0 left loses the game (704.5a)
        (3, 1, None),  # too little life: not cast
        (3, 4, "mana"),  # too little life: the mana cost
        (20, 4, "mana"),  # 4 life is dearer than four Swamps (life before sources tapped: docs/objective.md)
    ],
)
def test_snuff_out_pays_life_only_when_it_has_it_and_it_is_best(
    life: int, swamps: int, way: str | None
) -> None:
    lands = [mine(f"s{n}", "Swamp") for n in range(swamps)]
    board = make_board([*lands, THEIR_BEAR], hand=[SNUFF_OUT], life=life)
    turn = _plan(board)
    _planned(turn)
    if way is None:
        assert turn.spells == ()
        return
    ((card, paid),) = _ways(turn)
    assert card == "Test Snuff Out"
    assert (paid is not None) == (way == "life")
    assert turn.spells[0].payment.life_paid == (4 if way == "life" else 0)
    assert len(turn.spells[0].payment.tapped) == (0 if way == "life" else 4)
    _as_pay_chooses(board, turn)


def test_two_snuff_outs_share_the_life_total() -> None:
    # 5 life: one Snuff Out for 4 life, the second can't (1 life, a Swamp for {3}{B}); 8 life: still one (both
    # would leave 0 life, and the player loses: CR 704.5a); 9 life: both, 1 life left
    theirs = [THEIR_BEAR, {**THEIR_BEAR, "id": "bear2"}]
    five = make_board([mine("s", "Swamp"), *theirs], hand=[SNUFF_OUT, SNUFF_OUT], life=5)
    turn = _plan(five)
    _planned(turn)
    assert turn.mana_value_cast == 4 and turn.spells[0].payment.life_paid == 4
    eight = make_board([mine("s", "Swamp"), *theirs], hand=[SNUFF_OUT, SNUFF_OUT], life=8)
    turn = _plan(eight)
    _planned(turn)
    assert turn.mana_value_cast == 4 and [s.payment.life_paid for s in turn.spells] == [4]
    nine = eight.replace_player(ME, life=9)
    turn = _plan(nine)
    _planned(turn)
    assert turn.mana_value_cast == 8 and [s.payment.life_paid for s in turn.spells] == [4, 4]


def test_mana_confluence_and_snuff_out_pay_life_from_one_total() -> None:
    # a Swamp and Mana Confluence ("{T}, Pay 1 life"); the player keeps at least 1 life (CR 704.5a). 4 life:
    # Snuff Out's 4 life would leave 0, so {B}{B} alone (the Swamp and 1 life), or {B} alone (the Swamp)
    lands = [mine("s", "Swamp"), mine("c", "Mana Confluence"), THEIR_BEAR]
    turn = _plan(make_board(lands, hand=[SNUFF_OUT, BLACK_TWO], life=4))
    _planned(turn)
    assert [spell.card for spell in turn.spells] == ["Test Black Two"] and turn.spells[
        0
    ].payment.life_paid == 1
    turn = _plan(make_board(lands, hand=[SNUFF_OUT, BLACK_ONE], life=4))
    _planned(turn)
    assert [spell.card for spell in turn.spells] == ["Test Black One"] and turn.mana_value_cast == 1
    # 5 life: Snuff Out's 4 and {B} from the Swamp: both (5); Snuff Out's 4 and the Confluence's 1 for {B}{B}
    # would leave 0 (in either order): Snuff Out alone (4 mana value, 1 life left)
    turn = _plan(make_board(lands, hand=[SNUFF_OUT, BLACK_ONE], life=5))
    _planned(turn)
    assert turn.mana_value_cast == 5
    assert [spell.payment.life_paid for spell in turn.spells] == [4, 0]
    turn = _plan(make_board(lands, hand=[SNUFF_OUT, BLACK_TWO], life=5))
    _planned(turn)
    assert [spell.card for spell in turn.spells] == ["Test Snuff Out"] and turn.mana_value_cast == 4
    # 6 life: both (6), 5 life paid
    turn = _plan(make_board(lands, hand=[SNUFF_OUT, BLACK_TWO], life=6))
    _planned(turn)
    assert turn.mana_value_cast == 6
    assert sum(spell.payment.life_paid for spell in turn.spells) == 5


def test_fist_of_suns_pays_a_big_spell_with_five_colors() -> None:
    # five basic lands of five colors pay no {7}; Fist's {W}{U}{B}{R}{G} pays the Giant
    lands = [
        mine(f"l{n}", name) for n, name in enumerate(("Plains", "Island", "Swamp", "Mountain", "Forest"))
    ]
    board = make_board([mine("fist", FIST), *lands], hand=[GIANT])
    turn = _plan(board)
    _planned(turn)
    ((card, paid),) = _ways(turn)
    assert card == "Test Giant" and paid is not None and paid["paid"] == "{W}{U}{B}{R}{G}"
    assert sorted(turn.spells[0].payment.tapped) == sorted(p["id"] for p in lands)
    _as_pay_chooses(board, turn)


@pytest.mark.parametrize(
    ("islands", "hand", "cast", "exiled"),
    [
        # one Island pays neither {3}{U}{U} nor {5}{U}{U}: Force for 1 life and the big blue card (5)
        (1, [FORCE_DRAW, BIG_BLUE], ["Test Force"], ["Test Big Blue"]),
        # the Island casts the {U} spell, so Force exiles the big one, not it: a card cast is never exiled (6)
        (1, [FORCE_DRAW, BLUE_ONE, BIG_BLUE], ["Test Force", "Test Blue One"], ["Test Big Blue"]),
        # the {U} spell exiled rather than cast: Force's 5 beats its 1 (a card exiled is not cast)
        (1, [FORCE_DRAW, BLUE_ONE], ["Test Force"], ["Test Blue One"]),
        # two Forces: one exiles the other (no blue card is left for a second), the Island casts {U} (6)
        (1, [FORCE_DRAW, FORCE_DRAW, BLUE_ONE], ["Test Force", "Test Blue One"], ["Test Force"]),
        # five Islands pay {3}{U}{U}: the same mana value for one card used up, not two and a life
        (5, [FORCE_DRAW, BIG_BLUE], ["Test Force"], None),
    ],
)
def test_force_exiles_a_blue_card_the_turn_does_not_cast(
    islands: int, hand: list[dict[str, str]], cast: list[str], exiled: list[str] | None
) -> None:
    board = make_board([mine(f"i{n}", "Island") for n in range(islands)], hand=hand)
    turn = _plan(board)
    _planned(turn)
    assert sorted(spell.card for spell in turn.spells) == sorted(cast)
    force = dict(_ways(turn))["Test Force"]
    if exiled is None:
        assert force is None and len(turn.spells[0].payment.tapped) == 5
        return
    assert force is not None and force["exiled"] == exiled and force["life"] == 1
    assert turn.spells[0].payment.life_paid == 1
    assert turn.spells[0].payment.parts.exiled_from_hand == tuple(exiled)


def test_a_way_the_turn_does_not_plan_is_noted() -> None:
    # Omniscience's cost is for a spell cast from the hand: a copy cast from card data is not planned for
    # it (the note says so, and the plan is then not called optimal)
    board = make_board([mine("o", OMNISCIENCE)], hand=[GIANT])
    from_data = hand_spells([board.player(ME).hand[0]], 0, Ids(set()))[0]
    notes = alternative_cost_notes(board, ME, [replace(from_data, position=-1)])
    assert notes == [
        "Test Giant: its alternative cost (without paying its mana cost) is not planned in turn plans: the "
        "plan pays its mana cost"
    ]
    assert alternative_cost_notes(board, ME, [from_data]) == []


def test_the_command_names_the_alternative_cost(tmp_path: Any) -> None:
    data = make_board([mine("m1", "Mountain"), mine("m2", "Mountain")], hand=[FIREBLAST, RED_TWO]).to_dict()
    path = tmp_path / "board.json"
    path.write_text(json.dumps(data))
    answer = run("plan-turn", str(path), "--json")
    assert answer.exit_code == 0, answer.output
    spells = json.loads(answer.stdout)["spells"]
    kinds = [[a["kind"] for a in spell["payment"]["alternative_payments"]] for spell in spells]
    assert kinds == [["alternative_cost"], []]
    text = run("plan-turn", str(path))
    assert (
        "1. Test Fireblast: cast for Test Fireblast's alternative cost: sacrifice two Mountains"
        in text.stdout
    )


def _as_pay_chooses(board: Board, turn: TurnResult) -> None:
    """A one-spell turn pays its spell as ``pay --spell`` does: the same way, life and sources."""
    (spell,) = turn.spells
    card = board.player(ME).in_hand(spell.card)
    assert card is not None
    paid = pay(board, spell_target(card))
    assert (paid.alternative_cost is None) == (spell.payment.alternative_cost is None)
    if paid.alternative_cost is not None:
        assert spell.payment.alternative_cost is not None
        assert paid.alternative_cost.cost == spell.payment.alternative_cost.cost
    assert paid.life_paid == spell.payment.life_paid
    assert sorted(paid.tapped) == sorted(spell.payment.tapped)


def test_x_is_zero_under_an_alternative_cost() -> None:
    # Omniscience casts {X}{R} with X = 0 (CR 107.3): mana value 1. With X = 3 asked, four Mountains pay
    # {3}{R} for mana value 4, more than the free cast's 1; one Mountain pays no {3}{R}: the free cast
    four = make_board(
        [mine("o", OMNISCIENCE), *(mine(f"m{n}", "Mountain") for n in range(4))], hand=[FIREBALL]
    )
    turn = _plan(four, x=3)
    _planned(turn)
    assert turn.mana_value_cast == 4 and _ways(turn) == [("Test Fireball", None)]
    one = make_board([mine("o", OMNISCIENCE), mine("m", "Mountain")], hand=[FIREBALL])
    turn = _plan(one, x=3)
    _planned(turn)
    assert turn.mana_value_cast == 1 and _ways(turn) == [("Test Fireball", _free("o"))]
    assert turn.spells[0].payment.x == 0 and turn.spells[0].cost == "{X}{R}"


def test_nissa_pays_eight_energy_for_a_permanent_spell_and_not_twice() -> None:
    # eight {E} and a Forest: Nissa's way casts the Wurm (7), not the sorcery (no permanent spell); the
    # energy is paid once: a second Wurm finds none left (CR 118.9, the totals the later spells see)
    board = make_board([mine("n", NISSA), mine("f", "Forest")], hand=[WURM, WURM, RITUAL])
    board = board.replace_player(ME, counters=(("energy", 8),))
    turn = _plan(board)
    assert turn.mana_value_cast == 7
    ((card, paid),) = _ways(turn)
    assert card == "Test Wurm" and paid is not None and paid["energy"] == 8
    assert turn.spells[0].payment.parts.energy_paid == 8
    # (no land to play: Nissa's landfall gives nothing this turn; the energy the turn gives is counted)
    _planned(turn)


def test_nissa_cast_this_turn_lets_a_later_permanent_spell_pay_energy() -> None:
    # three Forests cast Nissa ({2}{G}); then eight {E} cast the Wurm: 3 + 7 (the Wurm first: not payable)
    nissa = {**NISSA, "mana_cost": "{2}{G}"}
    board = make_board([mine(f"f{n}", "Forest") for n in range(3)], hand=[WURM, nissa])
    board = board.replace_player(ME, counters=(("energy", 8),))
    turn = _plan(board)
    assert [spell.card for spell in turn.spells] == ["Test Nissa", "Test Wurm"]
    assert turn.mana_value_cast == 10
    wurm = _ways(turn)[1][1]
    assert wurm is not None and wurm["source"] == "new-test-nissa" and wurm["energy"] == 8
    _planned(turn)


def test_nissa_landfall_energy_pays_a_later_spell() -> None:
    # six {E}, Nissa on the board and a Forest to play: its landfall gives {E}{E} (8), which casts the Wurm
    # for eight {E} (7 mana value); without the land, six {E} pay nothing
    board = make_board([mine("n", NISSA)], hand=[WURM, "Forest"])
    board = board.replace_player(ME, counters=(("energy", 6),))
    turn = _plan(board)
    _planned(turn)
    assert turn.land_played == "Forest" and turn.mana_value_cast == 7
    ((card, paid),) = _ways(turn)
    assert card == "Test Wurm" and paid is not None and paid["energy"] == 8
    assert _plan(board, no_land=True).spells == ()


def test_nissa_cast_then_the_land_then_the_wurm_for_energy() -> None:
    # six {E} and three Forests: Nissa ({2}{G}) first, then the Forest played (its landfall: 8 {E}), then the
    # Wurm for eight {E}: 3 + 7; the land played before Nissa gives nothing (she is not there yet)
    nissa = {**NISSA, "mana_cost": "{2}{G}"}
    board = make_board([mine(f"f{n}", "Forest") for n in range(3)], hand=[WURM, nissa, "Forest"])
    board = board.replace_player(ME, counters=(("energy", 6),))
    turn = _plan(board)
    _planned(turn)
    assert [spell.card for spell in turn.spells] == ["Test Nissa", "Test Wurm"]
    assert turn.mana_value_cast == 10 and turn.land_played == "Forest"
    assert _ways(turn)[1][1] is not None
    # five {E}: 7 after the land, one short of eight: Nissa alone (the Wurm's {5}{G}{G} is not there)
    short = board.replace_player(ME, counters=(("energy", 5),))
    turn = _plan(short)
    _planned(turn)
    assert [spell.card for spell in turn.spells] == ["Test Nissa"]


def test_energy_given_is_not_counted_with_a_mana_ability_that_pays_energy() -> None:
    # a land that taps for mana by paying {E} (the model counts energy on the turn's last board: it could
    # spend energy given later): the turn does not count Nissa's landfall, says so, and is not called optimal
    hub = mine("hub", {"name": "Test Hub", "type_line": "Land", "oracle": "{T}, Pay {E}: Add {G}."})
    board = make_board([mine("n", NISSA), hub], hand=[WURM, "Forest"])
    board = board.replace_player(ME, counters=(("energy", 6),))
    turn = _plan(board)
    assert turn.spells == () and not turn.optimal
    assert turn.notes == (
        "n: energy gained during the turn is not counted in turn plans (an alternative cost pays {E})",
    )


@pytest.mark.parametrize("seed", range(12))
def test_a_one_spell_turn_weighs_the_ways_as_pay_does(seed: int) -> None:
    # random lands and life under Snuff Out (4 life, if a Swamp) or Fist of Suns ({W}{U}{B}{R}{G}): the turn
    # casts the spell exactly when pay --spell pays it, for the same way and life (pay's answers are checked
    # against the reference search in tests/test_alternative_costs.py)
    rng = random.Random(seed)
    names = ["Swamp", "Island", "Plains", "Mountain", "Forest", "Mana Confluence", "Caves of Koilos"]
    lands = [mine(f"l{n}", rng.choice(names)) for n in range(rng.randint(1, 6))]
    spell, extra = rng.choice([(SNUFF_OUT, [THEIR_BEAR]), (GIANT, [mine("fist", FIST)])])
    board = make_board([*lands, *extra], hand=[spell], life=rng.randint(1, 8))
    turn = _plan(board)
    _planned(turn)
    card = board.player(ME).hand[0]
    paid = pay(board, spell_target(card))
    # (a payment that leaves the player at 0 life is pay's with a warning, never a turn's: CR 704.5a; pay
    # takes the least life, so when its payment leaves 0, every payment does)
    alive = not any(w.kind is WarningKind.LIFE_AT_ZERO for w in paid.warnings)
    assert bool(turn.spells) == bool(paid.payable and alive), json.dumps(turn.to_json())
    if turn.spells:
        (cast,) = turn.spells
        assert (paid.alternative_cost is None) == (cast.payment.alternative_cost is None)
        assert (paid.life_paid, paid.damage_taken) == (cast.payment.life_paid, cast.payment.damage_taken)


@pytest.mark.parametrize("seed", range(16))
def test_random_turns_with_alternative_costs_match_the_brute_force(seed: int) -> None:
    # a few lands, life, and a hand of spells with alternative costs (Fireblast, Snuff Out, Force) or not,
    # maybe under Omniscience or Fist of Suns: the most mana value and the fewest cards used up for it, as
    # the brute force over every action in every order finds them (tests/test_turn.py: each spell cast for
    # its mana cost or an alternative cost usable then)
    rng = random.Random(seed)
    names = ["Mountain", "Swamp", "Island", "Mana Confluence"]
    lands = [mine(f"l{n}", rng.choice(names)) for n in range(rng.randint(1, 4))]
    granted = rng.choice([[], [], [mine("o", OMNISCIENCE)], [mine("fist", FIST)]])
    pile = [FIREBLAST, SNUFF_OUT, FORCE_DRAW, BLUE_ONE, RED_TWO, BLACK_ONE, GIANT]
    hand = [rng.choice(pile) for _ in range(rng.randint(1, 3))]
    board = make_board([*lands, *granted, THEIR_BEAR], hand=hand, life=rng.randint(1, 9))
    turn = _plan(board)
    _planned(turn)
    exiled = sum(len(spell.payment.parts.exiled_from_hand) for spell in turn.spells)
    assert (turn.mana_value_cast, len(turn.spells) + exiled) == brute_force(board), json.dumps(turn.to_json())


#: keyword alternative costs (CR 702.109a dash, 702.74a evoke, 702.160a prototype, 702.37c morph)
DASHER = {
    "name": "Test Dasher",
    "type_line": "Creature — Human Berserker",
    "mana_cost": "{3}{R}",
    "oracle": "Dash {R}",
}
EVOKER = {
    "name": "Test Evoker",
    "type_line": "Creature — Elemental",
    "mana_cost": "{4}{U}{U}",
    "oracle": "Flying\nWhen Test Evoker enters, draw two cards.\nEvoke {1}{U}",
}
SERAPH = {
    "name": "Test Seraph",
    "type_line": "Artifact Creature — Angel",
    "mana_cost": "{6}",
    "oracle": "Prototype {1}{W}{W} — 3/3\nFlying",
}
MORPH = {
    "name": "Test Morph",
    "type_line": "Creature — Beast",
    "mana_cost": "{5}{G}{G}",
    "oracle": "Morph {4}{G}",
}


@pytest.mark.parametrize(
    ("card", "land", "lands", "value", "way"),
    [
        (DASHER, "Mountain", 1, 4, "dash: pay {R}"),  # the card's mana value, 4 (CR 118.9c)
        (EVOKER, "Island", 2, 6, "evoke: pay {1}{U}"),
        (SERAPH, "Plains", 3, 3, "prototype: pay {1}{W}{W}"),  # a prototype's mana value is 3 (CR 718.3b)
        (DASHER, "Mountain", 4, 4, "dash: pay {R}"),  # one Mountain tapped rather than four, as pay does
        (MORPH, "Forest", 3, 0, None),  # face down, mana value 0 (CR 708.2): a card used up for nothing
    ],
)
def test_a_plain_spell_is_cast_for_a_keyword_alternative_cost(
    card: dict[str, Any], land: str, lands: int, value: int, way: str | None
) -> None:
    # what the keyword changes comes after the spell resolves (dash's return, evoke's sacrifice) or is its
    # cast (a prototype's cost and mana value): a plain spell is cast for it as for any way paying only mana,
    # the way pay --spell takes on a one-spell turn
    board = make_board([mine(f"l{n}", land) for n in range(lands)], hand=[card])
    turn = _plan(board)
    _planned(turn)
    assert turn.mana_value_cast == value
    casts = [(name, None if paid is None else paid["cost"]) for name, paid in _ways(turn)]
    assert casts == ([] if value == 0 else [(card["name"], way)])
    if value:
        _as_pay_chooses(board, turn)


def test_a_keyword_alternative_cost_is_noted_not_planned() -> None:
    # dash (CR 702.109a) gives haste: a creature with a mana ability dashed could tap for mana at once,
    # which the turn does not follow; the spell pays its mana cost, a note says so, the plan is not optimal
    elf = {
        "name": "Test Dash Elf",
        "type_line": "Creature — Elf",
        "mana_cost": "{2}{G}",
        "oracle": "{T}: Add {G}.\nDash {G}",
    }
    board = make_board([mine("f", "Forest")], hand=[elf])
    turn = _plan(board)
    assert not turn.optimal and turn.spells == ()
    assert any("Test Dash Elf: its alternative cost (dash" in note for note in turn.notes), turn.notes


def _enumerated(board: Board, monkeypatch: pytest.MonkeyPatch) -> TurnResult:
    """The plan found by solving one model per choice of the ways paying only mana (the search before
    they were the model's choice)."""
    with monkeypatch.context() as patched:
        patched.setattr("planner.turn._WAYS_IN_MODEL", False)
        return _plan(board)


@pytest.mark.parametrize("seed", range(14))
def test_ways_chosen_in_the_model_plan_as_one_model_per_choice(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    # random small turns under Omniscience or Fist of Suns ({W}{U}{B}{R}{G}), with rocks, a ritual, Petals
    # and spells: choosing each spell's way (mana cost, nothing, five colors) inside one model per order
    # gives the plan, payments and objective of solving one model per choice of ways; both are proven,
    # and the mana value and cards used up are the brute force's (independent of the planner)
    rng = random.Random(1000 + seed)
    names = ["Mountain", "Island", "Forest", "Mana Confluence", "Swamp", "Plains"]
    lands = [mine(f"l{n}", rng.choice(names)) for n in range(rng.randint(1, 4))]
    granted = rng.choice([[mine("o", OMNISCIENCE)], [mine("fist", FIST)], [mine("o", OMNISCIENCE)]])
    pile: list[str | dict[str, Any]] = [
        "Sol Ring",
        "Mind Stone",
        "Lotus Petal",
        "Dark Ritual",
        "Lightning Bolt",
    ]
    pile += [RED_TWO, BLACK_ONE, GIANT, FIREBLAST, "Llanowar Elves", "Arcane Signet", DASHER, EVOKER, SERAPH]
    hand = [rng.choice(pile) for _ in range(rng.randint(1, 4))]
    board = make_board([*lands, *granted], hand=hand, life=rng.randint(1, 9))
    turn = _plan(board)
    _planned(turn)
    enumerated = _enumerated(board, monkeypatch)
    _planned(enumerated)
    assert turn.to_json() == enumerated.to_json()
    assert (turn.mana_value_cast, len(turn.spells)) == brute_force(board), json.dumps(turn.to_json())


def test_six_rocks_under_omniscience_are_one_model_per_order() -> None:
    # each of six rocks and a Bolt may be cast for nothing or for its mana cost: one model per order of the
    # rocks (not 2^7 per order: 144 s of CPU before); all seven are cast for nothing, and the two lands
    # stay untouched (mana value 2 + 2 + 2 + 2 + 2 + 1... = Sol Ring 1, the others 2, Bolt 1)
    rocks = ["Sol Ring", "Mind Stone", "Arcane Signet", "Izzet Signet", "Fellwar Stone", "Thought Vessel"]
    board = make_board(
        [mine("o", OMNISCIENCE), mine("f", "Forest"), mine("i", "Island")], hand=[*rocks, "Lightning Bolt"]
    )
    turn = _plan(board)
    _planned(turn)
    assert turn.mana_value_cast == 1 + 2 + 2 + 2 + 2 + 2 + 1
    assert [way for _, way in _ways(turn)] == [_free("o")] * 7
    assert set(turn.left_open) >= {"f", "i"}


#: Gush, under a test name: its alternative cost returns two Islands to the hand
GUSH = {
    "name": "Test Gush",
    "type_line": "Instant",
    "mana_cost": "{4}{U}",
    "oracle": "You may return two Islands you control to their owner's hand rather than pay this spell's "
    "mana cost.\nDraw two cards.",
}
#: a spell of three blue mana
TRIPLE_BLUE = {"name": "Test Triple", "type_line": "Sorcery", "mana_cost": "{U}{U}{U}", "oracle": "Draw."}


def test_a_land_returned_by_a_cost_may_be_the_land_played_and_the_plan_says_so() -> None:
    # two Islands, Gush and {U}{U}{U}: by the rules the Islands tap for {U}{U} (mana abilities before the
    # costs, CR 601.2g-h), Gush returns both, one is played as the turn's land (CR 305.2) and taps for the
    # third {U}: mana value 5 + 3. The search plays only lands of the hand it starts with: its plan (Gush
    # alone) is not called optimal, and a note says why
    board = make_board([mine("i1", "Island"), mine("i2", "Island")], hand=[GUSH, TRIPLE_BLUE])
    turn = _plan(board)
    assert turn.mana_value_cast == 5 and not turn.optimal
    assert any("Test Gush: a land its cost returns to the hand" in note for note in turn.notes), turn.notes
    # with the land drop used, the returned Islands can't be played: two Islands pay no {U}{U}{U} after
    # Gush (nor with it), and the plan is proven
    played = make_board([mine("i1", "Island"), mine("i2", "Island")], hand=[GUSH, TRIPLE_BLUE])
    played = played.replace_player(ME, lands_played_this_turn=1)
    turn = _plan(played)
    assert turn.mana_value_cast == 5 and turn.optimal, turn.notes


@pytest.mark.parametrize("x", range(5))
def test_a_way_with_x_is_planned_with_the_turns_x_as_pay_spell_pays_it(x: int) -> None:
    # {X}{G}{G} with warp {X}{G}, one Forest and three Wastes: the mana cost lacks a second {G}, warp pays
    # X up to 3 (CR 107.3b: X chosen in an alternative cost with X), mana value X + 2 (CR 202.3e: the mana
    # cost's X on the stack); X = 4 is not payable. The one-spell turn pays as `pay --spell` does
    lands = [mine("f", "Forest"), *(mine(f"w{i}", "Wastes") for i in range(3))]
    board = make_board(lands, hand=[BROOD])
    turn = _plan(board, x=x)
    _planned(turn)
    paid = pay(board, spell_target(board.player(ME).hand[0]), x=x)
    if x > 3:
        assert turn.spells == () and paid.payable is False
        return
    ((card, way),) = _ways(turn)
    assert card == "Test Brood" and way is not None and way["cost"] == "warp: pay {X}{G}"
    assert turn.mana_value_cast == x + 2 and turn.spells[0].payment.x == x == paid.x
    assert paid.alternative_cost is not None and paid.alternative_cost.cost.keyword == "warp"
    assert sorted(turn.spells[0].payment.tapped) == sorted(paid.tapped)


def test_a_way_with_x_leaves_a_forest_for_another_spell() -> None:
    # two Forests, three Wastes, X = 3: the mana cost {3}{G}{G} takes both Forests (mana value 5, nothing
    # left for {G}); warp {3}{G} takes a Forest and the Wastes, the other Forest pays the {G} spell: 5 + 1
    lands = [mine("f1", "Forest"), mine("f2", "Forest"), *(mine(f"w{i}", "Wastes") for i in range(3))]
    green = {"name": "Test Green", "type_line": "Sorcery", "mana_cost": "{G}", "oracle": "Draw a card."}
    turn = _plan(make_board(lands, hand=[BROOD, green]), x=3)
    _planned(turn)
    assert turn.mana_value_cast == 6
    assert dict(_ways(turn))["Test Brood"] is not None and dict(_ways(turn))["Test Green"] is None


#: Cyclonic Rift's text, under a test name: overloaded, it targets nothing (CR 702.96)
RIFT = {
    "name": "Test Rift",
    "type_line": "Instant",
    "mana_cost": "{1}{U}",
    "oracle": "Return target nonland permanent you don't control to its owner's hand.\nOverload {6}{U} (You "
    "may cast this spell for its overload cost. If you do, change its text by replacing all instances of "
    '"target" with "each.")',
}


def test_a_spell_with_no_legal_target_but_an_overload_is_noted() -> None:
    # seven Islands and no permanent of an opponent's: the Rift's mana cost needs a target nonland permanent
    # the player doesn't control, which the battlefield lacks (CR 601.2c: not cast); overloaded it targets
    # nothing and could be cast, which turn plans don't plan: a note, and the plan is not called optimal
    board = make_board([mine(f"i{n}", "Island") for n in range(7)], hand=[RIFT])
    turn = _plan(board)
    assert turn.spells == () and not turn.optimal
    assert any("Test Rift: its alternative cost (overload" in note for note in turn.notes), turn.notes
    assert any("needs a target nonland permanent you don't control" in note for note in turn.notes)
    # an opponent's creature is a legal target: the Rift is cast for {1}{U} (overload still not planned)
    theirs = make_board([*(mine(f"i{n}", "Island") for n in range(7)), THEIR_BEAR], hand=[RIFT])
    turn = _plan(theirs)
    assert [spell.card for spell in turn.spells] == ["Test Rift"] and not turn.optimal
