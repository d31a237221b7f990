"""The last families of the 2019 card file that the reader left unread (issue 35), read and executed: Sasaya's
Essence's trigger, one more mana of a type the tapped land produced for each other land its controller
controls with the same name (CR 605.1b, 201.2a), The Great Henge's reduction of its own cost by the greatest
power among its caster's creatures (CR 601.2f, 107.1b), and Riftstone Portal's grant to its owner's lands
while it is in their graveyard (CR 113.6b: the board's ``players[i].graveyard`` as a list of cards), and
Paliano, the High City's one mana of any color chosen as cards of its name were drafted (the board's
``choices.drafted_colors``; without them, mana of an undefined color is no mana, CR 106.5).

Values are derived by hand from the rules; each board is checked against the reference search too, and
random boards of these cards are.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from boards import ME, OPP, agrees_with_reference, graveyard_board, mine
from cost_part_cards import (
    CRYSTAL_VEIN,
    LAND_EATER,
    PALIANO,
    RIFTSTONE_PORTAL,
    SASAYAS_ESSENCE,
    THE_GREAT_HENGE,
)
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from models.abilities import AmountKind, OutputKind, PaletteKind
from models.board import Board
from models.cost import PaymentTarget
from models.errors import InputError
from models.layer_effects import GrantAbility
from models.mana_effects import CostModifier, ManaTrigger
from models.oracle import parse_oracle
from models.oracle.grammar import parse_mana_effect, parse_static
from models.oracle.static_wording import render_static
from models.spells import find_spell, spell_target
from planner.api import could_produce, max_x, pay
from planner.cli import app
from planner.rules.view import BoardView, locked_in

# ---------------------------------------------------------------------------------------- Sasaya's Essence

ESSENCE = SASAYAS_ESSENCE
EATER = LAND_EATER


def _agrees(board: Board, *costs: str) -> None:
    for cost in costs:
        assert agrees_with_reference(board, PaymentTarget.of(cost), max_states=20_000) is not None, cost


def _x(board: Board) -> int | None:
    return max_x(board, PaymentTarget.of("{X}")).x


def test_the_essence_is_read_as_a_trigger_counting_lands_of_the_same_name() -> None:
    parsed = parse_oracle(ESSENCE["oracle"], ESSENCE["name"], legendary=True)
    assert not parsed.unsupported
    (trigger,) = parsed.effects
    assert isinstance(trigger, ManaTrigger) and trigger.affected.describe() == "land you control"
    adds = trigger.adds
    assert adds.kind is OutputKind.COMBINATION and adds.palette.kind is PaletteKind.PRODUCED
    assert adds.amount.kind is AmountKind.SAME_NAME and adds.amount.filter is not None
    assert adds.amount.filter.describe() == "land you control"
    assert parse_mana_effect(ESSENCE["oracle"]).text() == ESSENCE["oracle"]
    # 'it' is the land tapped for mana: an activated ability, anyone's land, 'itself included' stay unread
    for unread in (
        "{T}: Add {G} for each other land you control with the same name as it.",
        "Whenever a land is tapped for mana, its controller adds an additional one mana of any type that "
        "land produced for each other land you control with the same name as it.",
        "Whenever a land you control is tapped for mana, add an additional one mana of any type that "
        "land produced for each land you control with the same name as it.",
    ):
        assert parse_oracle(unread, "Essence").unsupported, unread


def test_each_forest_adds_one_more_green_for_each_other_forest() -> None:
    # three Forests: each makes {G} and two more; the Island, named alone, makes {U}: 3 x 3 + 1 = 10
    board = graveyard_board(mine("s", ESSENCE), *_forests(3), mine("i", "Island"))
    assert {pid: str(types) for pid, types in could_produce(board).items()} == {
        "s": "", "f0": "G", "f1": "G", "f2": "G", "i": "U"
    }  # fmt: skip
    assert _x(board) == 10
    assert pay(board, PaymentTarget.of("{G}{G}{G}{G}{G}{G}{G}{G}{G}{U}")).payable
    assert not pay(board, PaymentTarget.of("{G}{G}{G}{G}{G}{G}{G}{G}{G}{G}")).payable
    assert not pay(board, PaymentTarget.of("{U}{U}")).payable
    assert not pay(board, PaymentTarget.of("{G}{G}{G}{G}{G}{G}{G}{G}{G}{G}{G}")).payable
    assert not pay(board, PaymentTarget.of("{G}")).warnings
    _agrees(board, "{G}{G}{G}", "{5}", "{U}{G}{G}{G}", "{U}{U}")


def test_each_additional_mana_is_of_any_type_the_land_produced() -> None:
    # a Boros Garrison makes {R}{W}, and one more of red or white for the other Garrison: six in all, of
    # which at most four red (two made, two chosen) and at most four white
    board = graveyard_board(mine("s", ESSENCE), mine("g1", "Boros Garrison"), mine("g2", "Boros Garrison"))
    assert _x(board) == 6
    assert pay(board, PaymentTarget.of("{R}{R}{R}{R}{W}{W}")).payable
    assert pay(board, PaymentTarget.of("{R}{R}{R}{W}{W}{W}")).payable
    assert not pay(board, PaymentTarget.of("{R}{R}{R}{R}{R}")).payable
    assert not pay(board, PaymentTarget.of("{G}")).payable
    _agrees(board, "{R}{R}{R}{R}", "{W}{W}{W}{W}{R}", "{R}{R}{R}{R}{R}", "{2}{R}")


def test_only_the_controllers_other_lands_of_that_name_count() -> None:
    # no other land of the same name: nothing more
    alone = graveyard_board(mine("s", ESSENCE), mine("f", "Forest"), mine("i", "Island"))
    assert _x(alone) == 2
    # the opponent's Forest is not a land I control; the opponent's Essence sees no land of theirs tapped
    theirs = {"id": "of", "card": "Forest", "controller": OPP}
    assert _x(graveyard_board(mine("s", ESSENCE), mine("f", "Forest"), theirs)) == 1
    opponents = {"id": "s", "controller": OPP, **ESSENCE}
    assert _x(graveyard_board(opponents, *_forests(2))) == 2
    # two Essences trigger each: a Forest with one other makes {G} and two more
    two = graveyard_board(mine("s1", ESSENCE), mine("s2", ESSENCE), *_forests(2))
    assert _x(two) == 6
    for board in (alone, two):
        _agrees(board, "{G}{G}", "{3}")


def test_a_land_taken_away_first_is_not_counted() -> None:
    """A land that an earlier activation's cost took away is not on the battlefield as the trigger resolves
    (CR 608.2h): the Eater sacrificing a Forest before the other is tapped takes one {G} away. The model
    orders each sacrifice before or after each Forest's tap (planner.solve.dynamic); nothing is set aside."""
    board = graveyard_board(mine("s", ESSENCE), *_forests(2), mine("e", EATER))
    assert not pay(board, PaymentTarget.of("{G}")).warnings
    assert {pid: str(types) for pid, types in could_produce(board).items()} == {
        "s": "", "f0": "G", "f1": "G", "e": "C"
    }  # fmt: skip
    # both Forests tapped first ({G}{G} each), then each sacrificed for {C}: 6, of which at most 4 green
    assert _x(board) == 6
    assert pay(board, PaymentTarget.of("{G}{G}{G}{G}{C}{C}")).payable
    for unpaid in ("{G}{G}{G}{G}{G}", "{G}{G}{G}{G}{C}{C}{C}", "{7}"):
        answer = pay(board, PaymentTarget.of(unpaid))
        assert answer.payable is False and answer.optimal, unpaid
    _agrees(board, "{G}{G}{G}{G}{C}{C}", "{G}{G}{G}{G}{G}", "{G}{G}{G}{C}", "{6}", "{7}")
    # with no two lands of one name, nothing it counts can change
    unique = graveyard_board(mine("s", ESSENCE), mine("f", "Forest"), mine("m", "Mountain"), mine("e", EATER))
    assert not pay(unique, PaymentTarget.of("{G}")).warnings
    assert _x(unique) == 4
    _agrees(unique, "{G}{R}{C}", "{4}")


def test_a_land_that_sacrifices_itself_counts_the_others_still_there() -> None:
    """Two Crystal Veins ({T}: {C}; {T}, sacrifice it: {C}{C}): a Vein adds one more {C} when the other is
    still on the battlefield as its trigger resolves. The first tapped for {C} (2), then the second
    sacrificed for {C}{C} (3, the first still there): 5; both sacrificed: 3, then 2 (the first is gone): 5;
    both tapped: 2 + 2 = 4. Never 6 (counting each on the board as it is would say 3 + 3)."""
    board = graveyard_board(mine("s", ESSENCE), mine("v0", CRYSTAL_VEIN), mine("v1", CRYSTAL_VEIN))
    assert not pay(board, PaymentTarget.of("{C}")).warnings
    answer = max_x(board, PaymentTarget.of("{X}"))
    assert answer.x == 5 and answer.optimal
    answer = pay(board, PaymentTarget.of("{6}"))
    assert answer.payable is False and answer.optimal
    _agrees(board, "{5}", "{6}", "{C}{C}{C}{C}", "{G}")
    # with the Eater too: a Vein sacrificed to it after both are tapped adds {C}
    eater = graveyard_board(
        mine("s", ESSENCE), mine("v0", CRYSTAL_VEIN), mine("v1", CRYSTAL_VEIN), mine("e", EATER)
    )
    # v0 tapped for {C} + 1, v1 sacrificed itself for {C}{C} + 1, the Eater sacrifices v0: {C}: 6
    assert max_x(eater, PaymentTarget.of("{X}")).x == 6
    _agrees(eater, "{6}", "{7}")


_ESSENCE_CARDS: list[str | dict[str, Any]] = [
    ESSENCE,
    *("Forest", "Forest", "Island", "Boros Garrison", "Sol Ring", "Llanowar Elves"),
    *(LAND_EATER, CRYSTAL_VEIN, CRYSTAL_VEIN),
]
_ESSENCE_COSTS = ["{1}", "{G}", "{G}{G}", "{G}{G}{G}", "{R}{W}{W}", "{3}", "{U}{G}", "{4}"]


@st.composite
def essence_boards(draw: st.DrawFn) -> Board:
    """Sasaya's Essence and 1 to 3 other permanents for 'me' (several of them Forests)."""
    count = draw(st.integers(1, 3))
    permanents = [mine(f"p{n}", draw(st.sampled_from(_ESSENCE_CARDS))) for n in range(count)]
    return graveyard_board(mine("s", ESSENCE), *permanents)


@settings(max_examples=60, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(essence_boards(), st.sampled_from(_ESSENCE_COSTS))
def test_the_planner_agrees_with_the_reference_search_on_essence_boards(board: Board, cost: str) -> None:
    assert agrees_with_reference(board, PaymentTarget.of(cost), max_states=20_000) is not None


# ------------------------------------------------------------------------------------------ The Great Henge

HENGE = THE_GREAT_HENGE
BEARS = {"name": "Grizzly Bears", "type_line": "Creature — Bear", "mana_cost": "{1}{G}", "power": 2}
GIANT = {"name": "Hill Giant", "type_line": "Creature — Giant", "mana_cost": "{3}{R}", "power": 3}
ANTHEM = {
    "name": "Glorious Anthem",
    "type_line": "Enchantment",
    "oracle": "Creatures you control get +1/+1.",
}
_REDUCTION = "~ costs {X} less to cast, where X is the greatest power among creatures you control."


def _henge_board(*permanents: dict[str, Any], hand: list[Any] | None = None) -> Board:
    """'me' with The Great Henge in hand (or ``hand``) and the permanents; an opponent 'opp'."""
    players = [{"id": ME, "hand": [HENGE] if hand is None else hand}, {"id": OPP}]
    return Board.from_dict({"version": 1, "players": players, "permanents": list(permanents)})


def _henge(board: Board) -> PaymentTarget:
    return spell_target(find_spell(board.player(ME), "The Great Henge"))


def _total(board: Board) -> str:
    return str(locked_in(BoardView(board), _henge(board), ME).cost)


def _forests(count: int) -> list[dict[str, Any]]:
    return [mine(f"f{n}", "Forest") for n in range(count)]


def _agrees_as_locked_in(board: Board, total: str) -> None:
    """The Henge's payment is the payment of its total cost ``total`` (derived by hand), which agrees with
    the reference search (which takes a total cost as given)."""
    assert _total(board) == total
    reference = agrees_with_reference(board, PaymentTarget.of(total, type_line="Legendary Artifact"),
                                      max_states=20_000)  # fmt: skip
    assert reference is not None
    henge = pay(board, _henge(board))
    assert henge.payable == reference.payable
    assert henge.life_paid == reference.life_paid and henge.sacrificed == reference.sacrificed
    assert len(henge.tapped) == len(reference.tapped)


def test_the_henges_reduction_is_read_and_renders_back() -> None:
    parsed = parse_oracle(HENGE["oracle"], HENGE["name"], legendary=True)
    assert not parsed.unsupported
    (reduction,) = parsed.effects
    assert isinstance(reduction, CostModifier) and reduction.own and reduction.generic_delta == -1
    assert reduction.amount is not None and reduction.amount.filter is not None
    assert reduction.amount.filter.describe() == "creature you control"
    assert render_static(parse_static(_REDUCTION)) == _REDUCTION
    # an {N} with 'where X is', or an amount the spell can't count, stays unread
    for unread in (
        "This spell costs {2} less to cast, where X is the greatest power among creatures you control.",
        "This spell costs {X} less to cast, where X is your life total.",
        "This spell costs {X} less to cast, where X is the greatest power among creatures your opponents "
        "control.",
    ):
        assert parse_oracle(unread, "Spell").unsupported, unread


def test_the_greatest_power_among_your_creatures_comes_off_the_generic_part() -> None:
    # Llanowar Elves with three +1/+1 counters has power 4, the Bears 2, the opponent's Giant 3 (not counted):
    # {7}{G}{G} less {4} is {3}{G}{G}, five mana; four Forests and the Elves make five
    elves = mine("e", "Llanowar Elves", counters={"+1/+1": 3})
    theirs = {"id": "g", "controller": OPP, **GIANT, "counters": {"+1/+1": 5}}
    board = _henge_board(elves, mine("b", BEARS), theirs, *_forests(4))
    assert pay(board, _henge(board)).payable
    _agrees_as_locked_in(board, "{3}{G}{G}")
    fewer = _henge_board(elves, mine("b", BEARS), theirs, *_forests(3))
    assert not pay(fewer, _henge(fewer)).payable
    _agrees_as_locked_in(fewer, "{3}{G}{G}")
    # the Bears alone: {5}{G}{G}
    _agrees_as_locked_in(_henge_board(mine("b", BEARS), *_forests(4)), "{5}{G}{G}")


def test_no_creature_or_no_power_takes_nothing_off() -> None:
    # no creature: X is 0 (the greatest among none); a power below 0 counts 0 (CR 107.1b)
    assert _total(_henge_board(*_forests(2))) == "{7}{G}{G}"
    shrunk = mine("e", "Llanowar Elves", counters={"-1/-1": 3})
    assert _total(_henge_board(shrunk, *_forests(2))) == "{7}{G}{G}"
    _agrees_as_locked_in(_henge_board(shrunk, *_forests(2)), "{7}{G}{G}")


def test_the_reduction_never_takes_colored_mana_off() -> None:
    # power 10 against a generic part of 7: {G}{G} is left (CR 118.7a); an Elf and a Forest pay it
    huge = mine("e", "Llanowar Elves", counters={"+1/+1": 9})
    board = _henge_board(huge, mine("f", "Forest"))
    assert pay(board, _henge(board)).payable
    _agrees_as_locked_in(board, "{G}{G}")


def test_a_power_the_board_does_not_give_or_a_power_change_not_read_is_bad_input() -> None:
    unknown = {"name": "Mystery", "type_line": "Creature", "mana_cost": "{2}"}
    board = _henge_board(mine("m", unknown), *_forests(2))
    with pytest.raises(InputError, match=r"permanents\[0\]\.power"):
        pay(board, _henge(board))
    unread = {**ANTHEM, "oracle": "Creatures you control get +1/+1 for each card in your graveyard."}
    anthem = _henge_board(mine("b", BEARS), mine("a", unread), *_forests(2))
    with pytest.raises(InputError, match=r"permanents\[1\]: its text changes creatures' power"):
        pay(anthem, _henge(anthem))


def test_a_pump_for_each_permanent_counts_in_the_greatest_power() -> None:
    # 'Creatures you control get +1/+1 for each Forest you control' (read since): the Bears are 2 + 3 = 5/5
    # beside three Forests, so {7}{G}{G} less {5} is {2}{G}{G}, four mana: the three Forests are short of it
    counting = {**ANTHEM, "oracle": "Creatures you control get +1/+1 for each Forest you control."}
    board = _henge_board(mine("b", BEARS), mine("a", counting), *_forests(3))
    assert _total(board) == "{2}{G}{G}" and not pay(board, _henge(board)).payable
    _agrees_as_locked_in(_henge_board(mine("b", BEARS), mine("a", counting), *_forests(4)), "{1}{G}{G}")


def test_an_anthem_counts_in_the_greatest_power() -> None:
    # the Bears are 3/3 under Glorious Anthem (layer 7c): {7}{G}{G} less {3} is {4}{G}{G}, six mana; the
    # Anthem's controller's opponent's creatures get nothing
    board = _henge_board(mine("b", BEARS), mine("a", ANTHEM), *_forests(6))
    assert pay(board, _henge(board)).payable
    _agrees_as_locked_in(board, "{4}{G}{G}")
    theirs = {"id": "a", "controller": OPP, **ANTHEM}
    _agrees_as_locked_in(_henge_board(mine("b", BEARS), theirs, *_forests(5)), "{5}{G}{G}")


def test_the_reduction_is_the_spells_own_and_the_henge_on_the_battlefield_taps_for_two() -> None:
    # on the battlefield it reduces no spell; it taps for {G}{G} and its controller gains 2 life
    board = graveyard_board(mine("h", HENGE), mine("e", "Llanowar Elves", counters={"+1/+1": 3}))
    assert str(could_produce(board)["h"]) == "G"
    plain = PaymentTarget.of("{7}{G}{G}", type_line="Legendary Artifact")
    assert str(locked_in(BoardView(board), plain, ME).cost) == "{7}{G}{G}"
    assert max_x(board, PaymentTarget.of("{X}")).x == 3
    assert pay(board, PaymentTarget.of("{G}{G}{G}")).payable
    assert not pay(board, PaymentTarget.of("{1}{G}{G}{G}")).payable
    for cost in ("{G}{G}", "{2}{G}", "{3}"):
        assert agrees_with_reference(board, PaymentTarget.of(cost), max_states=20_000) is not None


def test_pay_spell_the_great_henge_from_the_hand(tmp_path: Path) -> None:
    elves = mine("e", "Llanowar Elves", counters={"+1/+1": 3})
    path = tmp_path / "board.json"
    path.write_text(json.dumps(_henge_board(elves, *_forests(4)).to_dict()))
    result = CliRunner().invoke(app, ["pay", str(path), "--spell", "The Great Henge", "--json"])
    assert result.exit_code == 0, result.output
    answer = json.loads(result.stdout)
    assert answer["payable"] and answer["cost"] == "{7}{G}{G}" and answer["total_cost"] == "{3}{G}{G}"
    assert sorted(answer["tapped"]) == ["e", "f0", "f1", "f2", "f3"]


_POWERED = [
    ("Llanowar Elves", {}),
    ("Llanowar Elves", {"+1/+1": 2}),
    ("Llanowar Elves", {"-1/-1": 2}),
    (BEARS, {}),
    (GIANT, {"+1/+1": 6}),
    ("Forest", {}),
]


@settings(max_examples=40, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(st.sampled_from(_POWERED), st.booleans()), max_size=4))
def test_the_total_cost_is_seven_less_the_greatest_power_of_mine(drawn: list[Any]) -> None:
    # each drawn permanent is mine or the opponent's: only my creatures' powers count, none below 0
    permanents, powers = [], [0]
    for number, ((card, counters), is_mine) in enumerate(drawn):
        entry = mine(f"p{number}", card, counters=counters)
        if not is_mine:
            entry["controller"] = OPP
        elif card != "Forest":
            printed = card["power"] if isinstance(card, dict) else 1
            powers.append(printed + counters.get("+1/+1", 0) - counters.get("-1/-1", 0))
        permanents.append(entry)
    generic = max(7 - max(powers), 0)
    assert _total(_henge_board(*permanents)) == (f"{{{generic}}}{{G}}{{G}}" if generic else "{G}{G}")


# ---------------------------------------------------------------------------------------- Riftstone Portal

PORTAL = RIFTSTONE_PORTAL
PIT = {
    "name": "Deep Pit",
    "type_line": "Artifact",
    "oracle": "Exile three cards from your graveyard: Add {B}.",
}


def test_the_portals_grant_is_read_as_working_from_the_graveyard() -> None:
    parsed = parse_oracle(PORTAL["oracle"], PORTAL["name"])
    assert not parsed.unsupported
    (grant,) = parsed.effects
    assert isinstance(grant, GrantAbility) and grant.from_graveyard
    assert grant.affected.describe() == "land you control" and grant.ability.text == "{T}: Add {G} or {W}."
    sentence = 'As long as ~ is in your graveyard, lands you control have "{T}: Add {G} or {W}."'
    assert parse_static(render_static(parse_static(sentence))) == parse_static(sentence)
    # another condition, or lands of another player's, stay unread
    for unread in (
        'As long as ~ is untapped, lands you control have "{T}: Add {G} or {W}."',
        'As long as ~ is in your graveyard, lands your opponents control have "{T}: Add {G} or {W}."',
    ):
        assert parse_oracle(unread, "Riftstone Portal").unsupported, unread


def test_lands_tap_for_green_or_white_while_the_portal_is_in_their_owners_graveyard() -> None:
    # the Wastes makes {C} or (granted) {G} or {W}; the Island {U} or {G} or {W}; the Sol Ring {C}{C}
    board = graveyard_board(mine("w", "Wastes"), mine("i", "Island"), mine("sol", "Sol Ring"),
                            graveyard=[PORTAL, "Forest"])  # fmt: skip
    assert {pid: str(types) for pid, types in could_produce(board).items()} == {
        "w": "WGC", "i": "WUG", "sol": "C"
    }  # fmt: skip
    assert pay(board, PaymentTarget.of("{G}{W}")).payable
    assert pay(board, PaymentTarget.of("{G}{W}{2}")).payable
    assert not pay(board, PaymentTarget.of("{G}{W}{U}")).payable  # (each land taps once)
    assert not pay(board, PaymentTarget.of("{G}{G}{G}")).payable
    assert _x(board) == 4
    assert not pay(board, PaymentTarget.of("{G}")).warnings
    _agrees(board, "{G}{W}", "{G}{W}{U}", "{W}{1}", "{G}{W}{2}", "{U}{G}")
    # on the battlefield it grants nothing; in the opponent's graveyard it grants the opponent's lands
    on = graveyard_board(mine("p", PORTAL), mine("i", "Island"), graveyard=["Forest"])
    assert {pid: str(types) for pid, types in could_produce(on).items()} == {"p": "C", "i": "U"}
    assert not pay(on, PaymentTarget.of("{G}")).payable
    _agrees(on, "{G}", "{U}{1}")
    theirs = Board.from_dict({"version": 1, "players": [{"id": ME, "graveyard": []}, {"id": OPP,
        "graveyard": [PORTAL]}], "permanents": [mine("i", "Island"), {"id": "o", "card": "Island",
        "controller": OPP}]})  # fmt: skip
    assert {pid: str(types) for pid, types in could_produce(theirs).items()} == {"i": "U", "o": "WUG"}
    assert _x(theirs) == 1
    # two Portals give one ability each land can tap for once
    two = graveyard_board(mine("i", "Island"), graveyard=[PORTAL, PORTAL])
    assert _x(two) == 1 and pay(two, PaymentTarget.of("{W}")).payable
    # a graveyard given as a count names no card: nothing is granted
    assert str(could_produce(graveyard_board(mine("i", "Island"), graveyard=3))["i"]) == "U"


def test_a_portal_sacrificed_grants_from_the_graveyard_to_the_activations_after() -> None:
    """The Eater sacrifices the Portal: its card is then in my graveyard, and my lands have "{T}: Add {G} or
    {W}." for the activations after (CR 113.6b, 608.2h); before, the Island makes only {U}. Nothing set
    aside. By hand: the Portal's {C}, the Eater's {C} for it, the Island's {U}, {G} or {W} (once the Portal
    is gone), the Eater's {C} for the Island: 4 mana, at most one of them {U}, {G} or {W}."""
    board = graveyard_board(mine("p", PORTAL), mine("i", "Island"), mine("e", EATER), graveyard=[])
    assert not pay(board, PaymentTarget.of("{U}")).warnings
    assert {pid: str(types) for pid, types in could_produce(board).items()} == {"p": "C", "i": "U", "e": "C"}
    assert _x(board) == 4
    for paid in ("{G}", "{W}{C}", "{G}{C}{C}", "{C}{C}{C}", "{W}{3}"):
        answer = pay(board, PaymentTarget.of(paid))
        assert answer.payable and answer.optimal, paid
    (step,) = [s for s in pay(board, PaymentTarget.of("{G}")).steps if s.permanent == "i"]
    assert step.ability == "{T}: Add {G} or {W}."  # (read on the board the sacrifice left)
    for unpaid in ("{G}{U}", "{G}{W}", "{G}{4}", "{5}"):
        answer = pay(board, PaymentTarget.of(unpaid))
        assert answer.payable is False and answer.optimal, unpaid
    _agrees(board, "{G}", "{W}{C}", "{G}{U}", "{G}{C}{C}", "{4}", "{5}")
    # a Portal already in the graveyard stays there whatever is sacrificed: the Wastes makes {G} at once
    there = graveyard_board(mine("w", "Wastes"), mine("e", EATER), graveyard=[PORTAL])
    assert not pay(there, PaymentTarget.of("{G}")).warnings
    assert _x(there) == 2
    _agrees(there, "{G}{C}", "{G}{W}", "{2}")


def test_a_graveyard_change_not_followed_sets_the_portal_aside() -> None:
    # the Pit may exile the Portal from the graveyard before a land taps: which cards, the replay does not
    # choose, so it is not followed yet
    exiling = graveyard_board(mine("i", "Island"), mine("pit", PIT), graveyard=[PORTAL, "Forest", "Island"])
    (warning,) = [str(w) for w in pay(exiling, PaymentTarget.of("{U}")).warnings]
    assert "permanents[1]" in warning and "exiles cards from the graveyard" in warning
    assert str(could_produce(exiling)["i"]) == "U"
    # the Eater may put the Portal into a graveyard the board gives as a number, which names no card
    counted = graveyard_board(mine("p", PORTAL), mine("i", "Island"), mine("e", EATER), graveyard=2)
    (warning,) = [str(w) for w in pay(counted, PaymentTarget.of("{U}")).warnings]
    assert "permanents[2]" in warning and "graveyard given as a number" in warning


_PORTAL_CARDS: list[str | dict[str, Any]] = [
    "Wastes",
    "Island",
    "Forest",
    "Sol Ring",
    "Llanowar Elves",
    PORTAL,
    PORTAL,
    LAND_EATER,
]
_PORTAL_GRAVEYARDS: list[Any] = [[PORTAL], [PORTAL, "Forest"], ["Forest"], [], 2]
_PORTAL_COSTS = ["{G}", "{W}", "{G}{W}", "{1}{W}", "{U}{G}", "{3}", "{W}{W}"]


@st.composite
def portal_boards(draw: st.DrawFn) -> Board:
    """1 to 3 permanents for 'me' (lands, a Portal among them maybe), and a graveyard with a Portal or not."""
    count = draw(st.integers(1, 3))
    permanents = [mine(f"p{n}", draw(st.sampled_from(_PORTAL_CARDS))) for n in range(count)]
    return graveyard_board(*permanents, graveyard=draw(st.sampled_from(_PORTAL_GRAVEYARDS)))


@settings(max_examples=50, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(portal_boards(), st.sampled_from(_PORTAL_COSTS))
def test_the_planner_agrees_with_the_reference_search_on_portal_boards(board: Board, cost: str) -> None:
    assert agrees_with_reference(board, PaymentTarget.of(cost), max_states=20_000) is not None


# ---------------------------------------------------------------------------------- Paliano, the High City


def paliano_board(drafted: str | None) -> Board:
    """Paliano with the colors chosen as its cards were drafted, beside Wastes."""
    entry = {key: value for key, value in PALIANO.items() if key != "choices"}
    if drafted is not None:
        entry["choices"] = {"drafted_colors": drafted}
    return graveyard_board(mine("paliano", entry), mine("wastes", "Wastes"))


def test_paliano_is_read_as_one_mana_of_a_drafted_color() -> None:
    (drafted,) = parse_oracle(PALIANO["oracle"], PALIANO["name"]).mana_abilities
    assert drafted.output.kind is OutputKind.ANY_ONE
    assert drafted.output.palette.kind is PaletteKind.DRAFTED_COLORS


@pytest.mark.parametrize(
    ("cost", "payable"),
    [("{W}{C}", True), ("{B}{C}", True), ("{W}{B}", False), ("{U}", False), ("{2}", True), ("{3}", False)],
)
def test_paliano_adds_one_of_the_drafted_colors(cost: str, payable: bool) -> None:
    board = paliano_board("WB")
    assert str(could_produce(board, ME)["paliano"]) == "WB"
    checked = agrees_with_reference(board, PaymentTarget.of(cost), max_states=100_000)
    assert checked is not None and checked.payable is payable, cost
    assert max_x(board, PaymentTarget.of("{X}{B}")).x == 1


def test_paliano_without_drafted_colors_makes_no_mana_and_says_so() -> None:
    board = paliano_board(None)
    assert str(could_produce(board, ME)["paliano"]) == ""
    result = pay(board, PaymentTarget.of("{C}"))  # (the Wastes)
    assert result.payable
    assert any("choices.drafted_colors" in warning.reason for warning in result.warnings)
    assert not pay(board, PaymentTarget.of("{W}")).payable
    assert not pay(board, PaymentTarget.of("{2}")).payable
