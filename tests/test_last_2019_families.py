"""The last families of the 2019 card file that the reader left unread (issue 35), read and executed: The
Great Henge's reduction of its own cost by the greatest power among its caster's creatures (CR 601.2f,
107.1b).

Values are derived by hand from the rules; each board is checked against the reference search too, and
random boards of these cards are.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from boards import ME, OPP, agrees_with_reference, graveyard_board, mine
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from models.board import Board
from models.cost import PaymentTarget
from models.errors import InputError
from models.mana_effects import CostModifier
from models.oracle import parse_oracle
from models.oracle.grammar import parse_static
from models.oracle.statics import render_static
from models.spells import find_spell, spell_target
from planner.api import could_produce, max_x, pay
from planner.cli import app
from planner.rules.view import BoardView, locked_in

# ------------------------------------------------------------------------------------------ The Great Henge

HENGE = {
    "name": "The Great Henge",
    "type_line": "Legendary Artifact",
    "mana_cost": "{7}{G}{G}",
    "oracle": "This spell costs {X} less to cast, where X is the greatest power among creatures you control."
    "\n{T}: Add {G}{G}. You gain 2 life.\nWhenever a nontoken creature enters the battlefield under your "
    "control, put a +1/+1 counter on it and draw a card.",
}
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


def test_a_power_the_board_does_not_give_or_an_anthem_is_bad_input() -> None:
    unknown = {"name": "Mystery", "type_line": "Creature", "mana_cost": "{2}"}
    board = _henge_board(mine("m", unknown), *_forests(2))
    with pytest.raises(InputError, match=r"permanents\[0\]\.power"):
        pay(board, _henge(board))
    anthem = _henge_board(mine("b", BEARS), mine("a", ANTHEM), *_forests(2))
    with pytest.raises(InputError, match=r"permanents\[1\]: its text changes creatures' power"):
        pay(anthem, _henge(anthem))


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
