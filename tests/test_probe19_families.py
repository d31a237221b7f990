"""Families the nineteenth probe of unseen cards (printed 2025-2026) found, now read:

- a floor after a reduction of spells' costs ('Artifact spells you cast cost {1} less to cast. This effect
  can't reduce the mana in that cost to less than one mana.'): before, only an ability's reduction took
  the floor (Heartstone), and a spell's was applied in full with a warning (a warned wrong "yes" for an
  artifact costing {1} with no mana). The payer orders the reductions (CR 601.2f): the floored ones first,
  while the cost is largest;
- 'Lands you control gain all basic land types until end of turn.' (an effect in force; its static form
  'have all basic land types'): before, not read (a warned "no" for {U} from a Wastes). Gained types are
  added to the land's own (CR 205.1b), so it keeps its abilities and has each basic land type's (305.6).

Values are derived by hand from CR 601.2f (each case says how).
"""

from __future__ import annotations

from typing import Any

from boards import ME, OPP, checked_verdict, could, effect_entry, make_board, mine

from models.board import Board
from models.mana_effects import CostModifier
from models.oracle import parse_oracle
from models.spells import find_spell, spell_target
from planner.api import PayResult, max_x, pay
from planner.rules.spell_cost import locked_in
from planner.rules.view import BoardView

FLOOR = "This effect can't reduce the mana in that cost to less than one mana."

FOUNDRY: dict[str, Any] = {
    "name": "Test Foundry",
    "type_line": "Artifact",
    "oracle": f"Artifact spells you cast cost {{1}} less to cast. {FLOOR}",
}
SCULPTOR: dict[str, Any] = {
    "name": "Test Sculptor",
    "type_line": "Artifact",
    "oracle": "Artifact spells you cast cost {1} less to cast.",
}


def spell(name: str, cost: str, type_line: str = "Artifact") -> dict[str, Any]:
    return {"name": name, "type_line": type_line, "mana_cost": cost, "oracle": ""}


def cast(board: Board, card: dict[str, Any]) -> PayResult:
    """``pay`` for casting the card from the hand."""
    return pay(board, spell_target(find_spell(board.player(ME), card["name"])), player=ME)


def total(board: Board, card: dict[str, Any]) -> str:
    """The total cost locked in for the card from the hand (CR 601.2f)."""
    target = spell_target(find_spell(board.player(ME), card["name"]))
    return str(locked_in(BoardView(board), target, ME).cost)


def test_the_floor_after_a_spell_reduction_is_read() -> None:
    read = parse_oracle(FOUNDRY["oracle"], FOUNDRY["name"])
    assert read.unsupported == ()
    (change,) = [e for e in read.effects if isinstance(e, CostModifier)]
    assert (change.generic_delta, change.floor) == (-1, 1)


def test_the_floor_keeps_one_mana_in_the_cost() -> None:
    """{3} -> {2}; {1}{U} -> {U} (two mana, one taken: one left); {1} keeps its one mana; a creature
    spell is not an artifact spell: {2} stays."""
    relic, eye, mite, bear = (
        spell("Test Relic", "{3}"),
        spell("Test Eye", "{1}{U}"),
        spell("Test Mite", "{1}"),
        spell("Test Bear", "{2}", "Creature — Bear"),
    )
    board = make_board([mine("f", FOUNDRY)], hand=[relic, eye, mite, bear])
    assert [total(board, c) for c in (relic, eye, mite, bear)] == ["{2}", "{U}", "{1}", "{2}"]
    # no mana on the board: {1} is not payable (it was, as {0}, before the floor was read)
    assert cast(board, mite).payable is False
    island = make_board([mine("f", FOUNDRY), mine("i", "Island")], hand=[mite, eye])
    assert cast(island, mite).payable is True and cast(island, eye).payable is True


def test_the_payer_applies_floored_reductions_first() -> None:
    """CR 601.2f: the player orders the reductions. With the Foundry and the Sculptor, a {2} artifact: the
    Foundry first (2 -> 1, its floor of one allows it), then the Sculptor (1 -> 0): {0}, payable with
    nothing. Two Foundries and a {3} artifact: 3 -> 2 -> 1; a {2} one: 2 -> 1, the second keeps it at 1."""
    two, three = spell("Test Gear", "{2}"), spell("Test Engine", "{3}")
    both = make_board([mine("f", FOUNDRY), mine("s", SCULPTOR)], hand=[two])
    assert total(both, two) == "{0}" and cast(both, two).payable is True
    pair = make_board([mine("f1", FOUNDRY), mine("f2", FOUNDRY)], hand=[two, three])
    assert (total(pair, three), total(pair, two)) == ("{1}", "{1}")


def test_lands_that_gain_all_basic_land_types() -> None:
    """CR 305.6: each basic land type gives its '{T}: Add ...'; 205.1b: gained types are in addition, so
    the Wastes keeps its {C} ability; the opponent's Forest is not 'a land you control'. Wastes + Forest
    make two mana of any basic colors ({U}{B}), the Wastes {C} too, but never {C}{C} (the Forest has no
    {C} ability)."""
    gained = "Lands you control gain all basic land types until end of turn."
    lands = [mine("w", "Wastes"), mine("f", "Forest"), {"id": "o", "card": "Forest", "controller": OPP}]
    players: list[dict[str, Any]] = [{"id": ME}, {"id": OPP}]
    with_effect = Board.from_dict(
        {"version": 1, "players": players, "permanents": lands, "effects": [effect_entry(gained)]}
    )
    assert could(with_effect) == {"w": "WUBRGC", "f": "WUBRG", "o": "G"}
    assert checked_verdict(with_effect, "{U}{B}") is True
    assert checked_verdict(with_effect, "{C}{W}") is True
    assert checked_verdict(with_effect, "{C}{C}") is False
    read = parse_oracle("Lands you control have all basic land types.", "Test Prism")
    assert read.unsupported == () and len(read.effects) == 1


def test_the_floor_with_x_left_to_choose() -> None:
    """max-x for an artifact spell {X} or {X}{U} with the Foundry (CR 601.2f, 107.3: X is in the cost's
    mana): {X}{U} with two Islands: X = 2 ({2}{U} -> {1}{U}), X = 3 needs three; {X} with one Island: X = 2
    ({2} -> {1}), X = 3 costs {2}; with none: X = 0 ({1} keeps its one mana)."""

    def largest(cost: str, islands: int) -> int | None:
        construct = spell("Test Construct", cost, "Artifact Creature — Construct")
        lands = [mine(f"i{n}", "Island") for n in range(islands)]
        board = make_board([mine("f", FOUNDRY), *lands], hand=[construct])
        found = max_x(board, spell_target(find_spell(board.player(ME), construct["name"])))
        assert found.warnings == ()
        return found.x

    assert (largest("{X}{U}", 2), largest("{X}", 1), largest("{X}", 0)) == (2, 2, 0)
