"""A spell whose X is in an additional cost only (issue 35): Toxic Deluge's "As an additional cost to cast
this spell, pay X life." and Crashing Wave's "As an additional cost to cast this spell, waterbend {X}.". X is
chosen as the spell is cast (CR 107.3, 601.2b), though its mana cost has none; the mana cost is paid as
usual, and X life more (CR 119.4: only with at least that much life once the mana abilities are done,
601.2g-h; 0 life can always be paid) or X generic mana more, each of which may be paid by tapping an
untapped artifact or creature (CR 701.67a-b). `max-x` answers the largest X, `pay --x N` checks X = N.
Answers are derived by hand from those rules, and checked against the reference search for the X chosen.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from boards import ME, OPP, make_board
from typer.testing import CliRunner

from models.board import Board
from models.cost import PaymentTarget
from models.errors import InputError
from models.spells import spell_of
from planner.api import max_x, pay
from planner.cli import app
from planner.rules.reference import reference_search
from planner.solve.problem import PaymentProblem
from planner.turn import plan_turn

DELUGE = {
    "name": "Test Deluge",
    "type_line": "Sorcery",
    "mana_cost": "{2}{B}",
    "oracle": "As an additional cost to cast this spell, pay X life.\n"
    "All creatures get -X/-X until end of turn.",
}
WAVE = {
    "name": "Test Wave",
    "type_line": "Instant",
    "mana_cost": "{U}{U}",
    "oracle": "As an additional cost to cast this spell, waterbend {X}.\nTap up to X target creatures.",
}
SWAMPS = [{"id": f"s{n}", "card": "Swamp"} for n in range(3)]
ISLANDS = [{"id": f"i{n}", "card": "Island"} for n in range(3)]
BEARS = [
    {"id": f"b{n}", "name": "Test Bear", "type_line": "Creature — Bear", "power": 2, "toughness": 2}
    for n in range(2)
]
#: A painland's shape: its {B} deals 1 damage to its controller as the mana ability resolves (CR 601.2g).
PAIN = {
    "id": "p",
    "name": "Test Pain",
    "type_line": "Land",
    "oracle": "{T}: Add {C}.\n{T}: Add {B}. Test Pain deals 1 damage to you.",
}


def _spell(card: dict[str, Any]) -> PaymentTarget:
    return spell_of(card["mana_cost"], name=card["name"], type_line=card["type_line"], text=card["oracle"])


def _reference(board: Board, target: PaymentTarget, x: int) -> bool:
    """The exhaustive reference search's answer for X = ``x`` (on the total cost, 601.2f)."""
    return reference_search(
        board, PaymentProblem.of(board, target.with_x(x)).target, max_states=50_000
    ).payable


def test_the_additional_costs_are_read_with_the_spell_s_x() -> None:
    """Both read (main kept them unread, warned): X life per X, and {X} of generic mana to waterbend."""
    deluge, wave = _spell(DELUGE), _spell(WAVE)
    assert (deluge.additional_life_x, deluge.additional_costs, deluge.chooses_x) == (1, (), True)
    assert (str(wave.additional_mana), wave.waterbend_x, wave.additional_costs) == ("{X}", 1, ())
    assert str(wave.with_x(3).additional_mana) == "{3}" and wave.with_x(3).waterbend == 3


def test_the_largest_x_of_life_is_the_life_the_player_can_pay() -> None:
    """Three Swamps at 7 life: {2}{B} from the Swamps, then 7 life (CR 119.4: a life total of 7 pays 7):
    X = 7; X = 8 is refused. The reference search agrees at 7 and 8."""
    board = make_board(SWAMPS, life=7)
    answer = max_x(board, _spell(DELUGE))
    assert (answer.x, answer.payable, answer.optimal, answer.life_paid) == (7, True, True, 7)
    assert pay(board, _spell(DELUGE), x=7).payable and pay(board, _spell(DELUGE), x=7).life_paid == 7
    assert pay(board, _spell(DELUGE), x=8).payable is False
    assert _reference(board, _spell(DELUGE), 7) and not _reference(board, _spell(DELUGE), 8)


def test_damage_from_a_mana_ability_lowers_the_largest_x() -> None:
    """Two Wastes and a painland at 7 life: the {B} comes from the painland, whose 1 damage is dealt as its
    mana ability resolves, before the life is paid (CR 601.2g-h): 6 life left, X = 6."""
    board = make_board([{"id": "w1", "card": "Wastes"}, {"id": "w2", "card": "Wastes"}, PAIN], life=7)
    answer = max_x(board, _spell(DELUGE))
    assert (answer.x, answer.optimal) == (6, True)
    assert _reference(board, _spell(DELUGE), 6) and not _reference(board, _spell(DELUGE), 7)


def test_a_prohibition_on_paying_life_leaves_x_zero() -> None:
    """Beside Yasharn's prohibition no life can be paid (CR 118.3); X = 0 pays none (119.4): X = 0."""
    warden = {
        "id": "w",
        "name": "Test Warden",
        "type_line": "Creature — Boar",
        "controller": OPP,
        "power": 4,
        "toughness": 4,
        "oracle": "Players can't pay life or sacrifice nonland permanents to cast spells or activate "
        "abilities.",
    }
    board = make_board([*SWAMPS, warden])
    answer = max_x(board, _spell(DELUGE))
    assert (answer.x, answer.payable, answer.optimal) == (0, True, True)
    assert pay(board, _spell(DELUGE), x=1).payable is False


def test_the_largest_waterbend_x_counts_the_permanents_that_may_tap() -> None:
    """Three Islands and two creatures: {U}{U} from two Islands, then X generic mana from the third Island
    and the two creatures tapped to waterbend (CR 701.67a): X = 3, X = 4 refused; the reference search
    agrees."""
    board = make_board([*ISLANDS, *BEARS])
    answer = max_x(board, _spell(WAVE))
    assert (answer.x, answer.payable, answer.optimal) == (3, True, True)
    paid = pay(board, _spell(WAVE), x=3)
    assert paid.payable and paid.total_cost == "{3}{U}{U}"
    assert {a.permanent for a in paid.alternative_payments} == {"b0", "b1"}
    assert pay(board, _spell(WAVE), x=4).payable is False
    assert _reference(board, _spell(WAVE), 3) and not _reference(board, _spell(WAVE), 4)


def test_pay_asks_for_x() -> None:
    """X has to be chosen (CR 601.2b): pay without it is bad input, never a guess."""
    with pytest.raises(InputError, match="X"):
        pay(make_board(SWAMPS), _spell(DELUGE))


def test_plan_turn_casts_with_the_x_given() -> None:
    """plan-turn casts Test Deluge with --x: 6 life of 7 pays; 7 would leave 0 life, which a turn plan never
    does (contract section 11, CR 704.5a)."""
    board = make_board(SWAMPS, life=7, hand=[DELUGE])
    assert plan_turn(board, casts=["Test Deluge"], x=6).castable is True
    assert plan_turn(board, casts=["Test Deluge"], x=7).castable is False
    wave = make_board([*ISLANDS, *BEARS], hand=[WAVE])
    assert plan_turn(wave, casts=["Test Wave"], x=3).castable is True
    assert plan_turn(wave, casts=["Test Wave"], x=4).castable is False


def test_the_cli_answers_max_x_and_pay_for_the_named_spell() -> None:
    """`max-x --spell` and `pay --spell --x` read the card from the hand (main: "has no X")."""
    board = {
        "version": 1,
        "active_player": ME,
        "players": [{"id": ME, "life": 7, "hand": [DELUGE]}, {"id": OPP}],
        "permanents": [{**swamp, "controller": ME} for swamp in SWAMPS],
    }
    runner = CliRunner()
    found = runner.invoke(app, ["max-x", "-", "--spell", "Test Deluge", "--json"], input=json.dumps(board))
    assert found.exit_code == 0, found.output
    assert json.loads(found.stdout)["x"] == 7
    paid = runner.invoke(
        app, ["pay", "-", "--spell", "Test Deluge", "--x", "8", "--json"], input=json.dumps(board)
    )
    assert json.loads(paid.stdout)["payable"] is False
    missing = runner.invoke(app, ["pay", "-", "--spell", "Test Deluge"], input=json.dumps(board))
    assert missing.exit_code == 2 and "--x" in missing.output
