"""The turn's own deaths (contract section 11, CR 700.4: a creature sacrificed dies): a spell that
sacrifices a creature for its additional cost (CR 601.2h) raises the board's ``creatures_died_this_turn``
for the spells cast after it, in the order the plan casts them: "costs {1} less to cast for each creature
that died this turn" is locked in on the board of its cast (CR 601.2f), "You may cast this card from your
graveyard if a creature died this turn." checked as it is cast (CR 601.2a). Before, the count stayed the
board's all turn (the cheaper order was never found). A creature a mana ability sacrifices dies inside the
payment model, which does not count deaths: noted, never silent. The expected values are worked out by hand
in each test and checked against the turn brute force (tests/turn_brute_force.py, which counts each
creature it sacrifices by the rules).
"""

from __future__ import annotations

from typing import Any

from boards import turn_board
from turn_brute_force import matches_brute_force

from models.board import Board
from planner.turn import plan_turn

#: our own cards: a sorcery sacrificing a creature (Village Rites' shape), one costing less for each
#: creature that died (Blood for the Blood God!'s shape), one cast from the graveyard once one died
RITES = {
    "name": "Test Rites",
    "type_line": "Sorcery",
    "mana_cost": "{B}",
    "oracle": "As an additional cost to cast this spell, sacrifice a creature.\nDraw two cards.",
}
FEAST = {
    "name": "Test Feast",
    "type_line": "Sorcery",
    "mana_cost": "{3}{B}",
    "oracle": "This spell costs {1} less to cast for each creature that died this turn.\nDraw a card.",
}
RISER = {
    "name": "Test Riser",
    "type_line": "Creature — Zombie",
    "mana_cost": "{1}{B}",
    "oracle": "You may cast this card from your graveyard if a creature died this turn.",
}
BEAR = {"name": "Test Bear", "type_line": "Creature — Bear", "power": 2, "toughness": 2}


def _board(
    swamps: int, hand: list[Any], *, died: int | None = 0, graveyard: list[Any] | None = None
) -> Board:
    board = turn_board(["Swamp"] * swamps + [BEAR], hand)
    data = board.to_dict()
    if died is not None:
        data["creatures_died_this_turn"] = died
    if graveyard is not None:
        data["players"][0]["graveyard"] = graveyard
    return Board.from_dict(data)


def test_a_sacrifice_makes_a_later_spell_cheaper() -> None:
    """Four Swamps: Feast alone costs {3}{B} (4, mana value 4); Rites first ({B}, the Bear sacrificed: one
    creature died) makes Feast {2}{B}, 1 + 3 = 4 mana: mana value 1 + 4 = 5, two cards."""
    board = _board(4, [RITES, FEAST])
    turn = matches_brute_force(board)
    assert [s.card for s in turn.spells] == ["Test Rites", "Test Feast"]
    assert turn.mana_value_cast == 5
    assert turn.spells[1].cost == "{3}{B}"  # (the printed cost; paid {2}{B}: four Swamps in all)


def test_the_order_given_is_followed() -> None:
    """In the order given, Feast first sees no death: {3}{B} and then {B} is five mana, four Swamps: no;
    Rites first: {B} then {2}{B}, four: yes."""
    board = _board(4, [RITES, FEAST])
    late = plan_turn(board, casts=["Test Feast", "Test Rites"])
    assert late.castable is False, late.to_json()
    early = plan_turn(board, casts=["Test Rites", "Test Feast"])
    assert early.castable is True, early.to_json()
    assert early.spells[0].payment.additional is not None
    assert early.spells[0].payment.additional.sacrificed == ("p4",)


def test_deaths_counted_from_the_board_count() -> None:
    """Two creatures died before (the board's count): Feast costs {1}{B}; after Rites, {B}. Three Swamps:
    Rites + Feast = 1 + 1 = 2 mana, mana value 5; the third Swamp is left."""
    board = _board(3, [RITES, FEAST], died=2)
    turn = matches_brute_force(board)
    assert turn.mana_value_cast == 5


def test_a_count_not_given_counts_the_turns_own() -> None:
    """``creatures_died_this_turn`` not given: none counted before the turn (warned), the turn's own
    sacrifice counted: the same plan as from 0."""
    board = _board(4, [RITES, FEAST], died=None)
    turn = plan_turn(board)
    assert turn.mana_value_cast == 5, turn.to_json()
    assert any("creatures_died_this_turn is not given" in w.reason for w in turn.warnings)


def test_cast_from_the_graveyard_after_a_sacrifice() -> None:
    """Riser in the graveyard, no creature died yet: it can't be cast; Rites ({B}) sacrifices the Bear, then
    Riser ({1}{B}) is cast from the graveyard: three Swamps, mana value 1 + 2 = 3."""
    board = _board(3, [RITES], graveyard=[RISER])
    turn = matches_brute_force(board)
    assert [s.card for s in turn.spells] == ["Test Rites", "Test Riser"], turn.to_json()
    assert turn.spells[1].cast_from == "graveyard"
    alone = plan_turn(_board(3, [], graveyard=[RISER]), time_limit=60)
    assert not alone.spells  # (nothing died: the permission does not hold, CR 601.2a)


def test_a_creature_sacrificed_for_mana_is_noted() -> None:
    """A Spawn-like creature ("Sacrifice this creature: Add {C}.") dies when tapped for mana inside the
    payment model, which does not count it: the plan says so and is not called optimal."""
    spawn = {
        "name": "Test Spawnling",
        "type_line": "Creature — Eldrazi Spawn",
        "power": 0,
        "toughness": 1,
        "oracle": "Sacrifice this creature: Add {C}.",
    }
    data = _board(2, [FEAST]).to_dict()
    data["permanents"].append({"id": "sp", "controller": "me", **spawn})
    turn = plan_turn(Board.from_dict(data))
    assert any("not counted as died" in note for note in turn.notes), turn.notes
    assert not turn.optimal
