"""Issue 37 item 3, contract §12: the answer says what a spell's riders on the mana spent got: the colors of
the mana that paid it (``colors_spent``) and, per rider, converge's count or whether the condition is met
(``riders``), in ``pay``'s and ``max-x``'s JSON and text, through the command and a real service process;
``plan-turn`` weighs them and reports them per spell. Each board's values are worked out by hand in its
comment; the payments are the reference search's best (``agrees_with_reference``), and the outcomes are
checked again from the replayed plan's mana."""

from __future__ import annotations

import dataclasses
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

from boards import agrees_with_reference, card, make_board
from typer.testing import CliRunner

from models.board import Board
from models.cost import PaymentTarget
from models.mana import ManaType
from models.riders import ColorsSpent, ManaSpent, SpentMana, SpentRider, TreasureSpent, TypeSpent
from planner.api import PayResult, max_x, pay
from planner.cli import app
from planner.rules.replay import replay
from planner.turn import plan_turn

ROOT = Path(__file__).resolve().parents[1]

_CONVERGE = {
    "name": "Prismatic Test",
    "type_line": "Sorcery",
    "mana_cost": "{2}{W}",
    "oracle": "Converge — You gain 1 life for each color of mana spent to cast this spell. If {C} was spent "
    "to cast this spell, draw a card.",
}


def _with(cost: str, *riders: SpentRider, **fields: Any) -> PaymentTarget:
    return dataclasses.replace(PaymentTarget.of(cost, **fields), riders=riders)


def _checked(board: Board, target: PaymentTarget) -> PayResult:
    """``pay``'s answer, the reference search's best, its reported outcomes those of its replayed mana."""
    result = agrees_with_reference(board, target, max_states=200_000)
    assert result is not None and result.payable and result.plan is not None
    spent = replay(board, target, result.plan).spent_mana
    colors = "".join(t for t in "WUBRG" if spent.types["WUBRGC".index(t)])
    assert result.colors_spent == colors
    assert [o.met for o in result.riders] == [spent.meets(rider) for rider in target.riders]
    return result


def _riders(result: PayResult) -> list[dict[str, object]]:
    riders = result.to_json()["riders"]
    assert isinstance(riders, list)
    return riders


def test_converge_reports_three_colors_and_the_colorless_rider_unmet() -> None:
    # {2}{W} from two Plains, an Island, a Swamp and Wastes: converge comes first, so W, U and B pay (3
    # colors) and {C} is not spent: 'if {C} was spent' is not met
    board = make_board(
        [
            card("Plains", "p0"),
            card("Plains", "p1"),
            card("Island", "i"),
            card("Swamp", "s"),
            card("Wastes", "w"),
        ]
    )
    result = _checked(board, _with("{2}{W}", ColorsSpent(), TypeSpent(ManaType.C)))
    data = result.to_json()
    assert data["colors_spent"] == "WUB"
    assert _riders(result) == [
        {"rider": "colors_spent", "condition": "for each color of mana spent", "value": 3},
        {"rider": "type_spent", "condition": "if {C} was spent", "type": "C", "at_least": 1, "met": False},
    ]


def test_the_colorless_rider_met_when_one_color_is_all_the_board_has() -> None:
    # {2}{W} from three Plains and Wastes: one color whatever pays; the {C} rider then makes Wastes pay
    board = make_board([card("Plains", f"p{n}") for n in range(3)] + [card("Wastes", "w")])
    result = _checked(board, _with("{2}{W}", ColorsSpent(), TypeSpent(ManaType.C)))
    assert result.colors_spent == "W" and "w" in result.tapped
    assert [(o.value, o.met) for o in result.riders] == [(1, True), (None, True)]


def test_adamant_and_mana_spent_riders_report_met_or_not() -> None:
    # {1}{R} from two Mountains and a Plains: two red can be spent (adamant's three can't: not met), and
    # two mana is all the cost takes ('if three or more mana was spent': not met, with no floating pool)
    board = make_board([card("Mountain", "m0"), card("Mountain", "m1"), card("Plains", "p")])
    target = _with("{1}{R}", TypeSpent(ManaType.R, 3), ManaSpent(2), ManaSpent(3))
    result = _checked(board, target)
    assert result.colors_spent == "R"
    assert _riders(result) == [
        {
            "rider": "type_spent",
            "condition": "if at least 3 {R} mana was spent",
            "type": "R",
            "at_least": 3,
            "met": False,
        },
        {"rider": "mana_spent", "condition": "if 2 or more mana was spent", "at_least": 2, "met": True},
        {"rider": "mana_spent", "condition": "if 3 or more mana was spent", "at_least": 3, "met": False},
    ]


def test_the_treasure_rider_is_met_when_the_treasure_pays_the_spell() -> None:
    # {W}{B}{G} from a Forest, a Treasure and an Orzhov Signet: the Treasure is sacrificed either way, and
    # its mana pays the spell ({G}... or any color: it is met); the Signet's {W}{B} makes the colors WBG
    board = make_board([card("Forest", "f"), card("Treasure", "t"), card("Orzhov Signet", "sig")])
    result = _checked(board, _with("{W}{B}{G}", TreasureSpent()))
    assert result.colors_spent == "WBG"
    assert _riders(result) == [
        {"rider": "treasure_spent", "condition": "if mana from a Treasure was spent", "met": True}
    ]


def test_a_spell_without_riders_answers_without_the_keys() -> None:
    # contract §3's answer is unchanged for a bare cost: no colors_spent, no riders
    board = make_board([card("Plains", "p"), card("Island", "i")])
    data = pay(board, PaymentTarget.of("{1}{W}")).to_json()
    assert "colors_spent" not in data and "riders" not in data
    assert "colors_spent" in pay(board, PaymentTarget.of("{1}{W}"), prefer=("colors-spent",)).to_json()


def test_prefer_colors_spent_reports_the_colors() -> None:
    # {1}{W} with --prefer colors-spent from a Plains, an Island and a Swamp: two colors, W and U or W and B
    board = make_board([card("Plains", "p"), card("Island", "i"), card("Swamp", "s")])
    result = pay(board, PaymentTarget.of("{1}{W}"), prefer=("colors-spent",))
    assert result.colors_spent in {"WU", "WB"}
    assert _riders(result) == [
        {"rider": "colors_spent", "condition": "for each color of mana spent", "value": 2}
    ]


def test_max_x_reports_the_riders_of_its_plan() -> None:
    # {X}{W} with converge from a Plains, an Island, a Swamp and a Forest: X = 3, every land taps: WUBG
    board = make_board([card("Plains", "p"), card("Island", "i"), card("Swamp", "s"), card("Forest", "f")])
    result = max_x(board, _with("{X}{W}", ColorsSpent()))
    assert result.x == 3 and result.colors_spent == "WUBG"
    assert [o.value for o in result.riders] == [4]


def test_no_answer_has_no_riders() -> None:
    board = make_board([card("Island", "i")])
    data = pay(board, _with("{W}", ColorsSpent())).to_json()
    assert data["payable"] is False and "riders" not in data


def test_spent_mana_colors_in_wubrg_order() -> None:
    assert SpentMana.of("GCBW").color_letters == "WBG" and SpentMana.of("CC").color_letters == ""


# ------------------------------------------------------------------------------------------------ the command


def _board_file(tmp_path: Path) -> Path:
    # the first test's board, the converge spell in the hand
    board = {
        "version": 1,
        "players": [{"id": "me", "hand": [_CONVERGE]}],
        "permanents": [
            {"id": "p0", "card": "Plains", "controller": "me"},
            {"id": "p1", "card": "Plains", "controller": "me"},
            {"id": "i", "card": "Island", "controller": "me"},
            {"id": "s", "card": "Swamp", "controller": "me"},
            {"id": "w", "card": "Wastes", "controller": "me"},
        ],
    }
    path = tmp_path / "board.json"
    path.write_text(json.dumps(board), encoding="utf-8")
    return path


_EXPECTED_RIDERS = [
    {"rider": "colors_spent", "condition": "for each color of mana spent", "value": 3},
    {"rider": "type_spent", "condition": "if {C} was spent", "type": "C", "at_least": 1, "met": False},
]


def test_the_command_reports_the_riders_in_json_and_text(tmp_path: Path) -> None:
    path = _board_file(tmp_path)
    result = CliRunner().invoke(app, ["pay", str(path), "--spell", "Prismatic Test", "--json"])
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert data["colors_spent"] == "WUB" and data["riders"] == _EXPECTED_RIDERS
    assert data["warnings"] == []  # (the riders' sentences were read: no 'unsupported text' for them)
    text = CliRunner().invoke(app, ["pay", str(path), "--spell", "Prismatic Test"]).stdout
    lines = [" ".join(line.split()) for line in text.splitlines()]
    assert "colors spent: WUB" in lines
    assert "for each color of mana spent: 3" in lines
    assert "if {C} was spent: not met" in lines
    bare = CliRunner().invoke(app, ["pay", str(path), "{2}{W}"]).stdout
    assert "colors spent" not in bare


def test_the_service_reports_the_riders(tmp_path: Path) -> None:
    board = json.loads(_board_file(tmp_path).read_text(encoding="utf-8"))
    request = {
        "jsonrpc": "2.0",
        "method": "pay",
        "params": {"board": board, "spell": "Prismatic Test"},
        "id": 1,
    }
    process = subprocess.run(
        [sys.executable, "-m", "planner", "serve"],
        input=json.dumps(request) + "\n",
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        timeout=120,
        check=False,
    )
    assert process.returncode == 0 and "Traceback" not in process.stderr, process.stderr
    answer = json.loads(process.stdout.splitlines()[0])["result"]
    assert answer["colors_spent"] == "WUB" and answer["riders"] == _EXPECTED_RIDERS


# ------------------------------------------------------------------------------------------------ plan-turn


def test_plan_turn_weighs_and_reports_a_converge_spells_riders(tmp_path: Path) -> None:
    # the converge spell is cast ({2}{W}: 3 of the 5 lands), paid as `pay --spell` pays it: W, U and B (3
    # colors; converge comes before 'if {C} was spent', which the Wastes would meet only by giving up a
    # color); the turn's plan weighs its riders, so there is no note and the plan is optimal
    board = Board.from_dict(json.loads(_board_file(tmp_path).read_text(encoding="utf-8")))
    turn = plan_turn(board)
    assert [spell.card for spell in turn.spells] == ["Prismatic Test"]
    assert turn.optimal is True and turn.notes == ()
    payment = turn.spells[0].payment
    letters = "".join(t for t in "WUBRG" if ManaType[t] in payment.mana_spent.types)
    assert payment.colors_spent == letters == "WUB"
    assert payment.riders[0].value == len(letters)
    assert payment.riders[1].met == (payment.mana_spent[ManaType.C] > 0) is False
    data = turn.to_json()
    assert data["spells"][0]["payment"]["colors_spent"] == letters and len(data["riders"]) == 1
    assert data["riders"] == [
        {"spell": 1, "card": "Prismatic Test", "colors_spent": "WUB", "riders": _EXPECTED_RIDERS}
    ]


def test_plan_turn_on_the_command_line_shows_the_riders(tmp_path: Path) -> None:
    path = _board_file(tmp_path)
    result = CliRunner().invoke(app, ["plan-turn", str(path), "--json"])
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert data["riders"][0]["colors_spent"] == "WUB" and data["optimal"] is True
    text = CliRunner().invoke(app, ["plan-turn", str(path)]).stdout
    assert "riders" in text and "not weighed" not in text and "note:" not in text
    assert "colors WUB; for each color of mana spent: 3; if {C} was spent: not met" in text
