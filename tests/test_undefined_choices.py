"""A choice made "as it enters" that the board leaves out (contract section 10: a copy of Coldsteel Heart
never chose) is no bad input: the permanent loads, what reads the choice is used, and mana of an undefined
type is no mana (CR 106.5); a creature type never chosen is a type no spell has. The answer names the
permanent in ``warnings``. Expected values are worked out by hand from the rules, with the same board with
the choice made beside it (so that a planner that ignores the permanent fails), and checked against the
reference search.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from boards import could, make_board
from typer.testing import CliRunner

from models.board import Board
from models.cost import PaymentTarget
from planner import max_x, pay
from planner.cli import app
from planner.rules.reference import reference_search

FOREST = {"id": "f", "card": "Forest"}


def _heart(**choices: str) -> dict[str, Any]:
    return {"id": "h", "card": "Coldsteel Heart", "choices": choices}


def _warned(result: Any, pid: str, key: str) -> bool:
    return any(w.permanent == pid and f"choices.{key}" in w.reason and w.undefined for w in result.warnings)


def test_coldsteel_heart_that_never_chose_makes_no_mana() -> None:
    """With a Forest: the Heart makes nothing, so {G} is payable (the Forest), {1}{G} is not (one mana in
    all; exit 1, never 2), {X}{G} has X = 0; once red is chosen, {1}{G} is payable and X = 1."""
    board = make_board([FOREST, _heart()])
    assert could(board) == {"f": "G", "h": ""}
    green = pay(board, PaymentTarget.of("{G}"))
    assert green.payable and _warned(green, "h", "color")
    assert "CR 106.5" in next(w.reason for w in green.warnings if w.permanent == "h")
    two = pay(board, PaymentTarget.of("{1}{G}"))
    assert two.payable is False and _warned(two, "h", "color")
    assert max_x(board, PaymentTarget.of("{X}{G}")).x == 0
    chosen = make_board([FOREST, _heart(color="R")])
    assert could(chosen) == {"f": "G", "h": "R"}
    assert pay(chosen, PaymentTarget.of("{1}{G}")).payable
    assert max_x(chosen, PaymentTarget.of("{X}{G}")).x == 1
    assert not pay(chosen, PaymentTarget.of("{G}")).warnings


@pytest.mark.parametrize("cost", ["{G}", "{1}{G}", "{1}", "{R}"])
def test_the_heart_agrees_with_the_reference_search(cost: str) -> None:
    """An untapped Heart that never chose and a Forest: only the Forest's {G} exists."""
    board = make_board([FOREST, _heart()])
    target = PaymentTarget.of(cost)
    assert pay(board, target).payable == reference_search(board, target).payable == (cost in ("{G}", "{1}"))


def test_utopia_sprawl_that_never_chose_adds_nothing() -> None:
    """The Sprawl's extra mana is of the chosen color: with none, the enchanted Forest makes {G} alone, so
    {G}{G} is not payable and the largest X of {X} is 1; once green is chosen, {G}{G} is, and X = 2."""
    sprawl = {"id": "s", "card": "Utopia Sprawl", "attached_to": "f"}
    board = make_board([FOREST, sprawl])
    assert could(board) == {"f": "G", "s": ""}
    result = pay(board, PaymentTarget.of("{G}{G}"))
    assert result.payable is False and _warned(result, "s", "color")
    assert max_x(board, PaymentTarget.of("{X}")).x == 1
    assert reference_search(board, PaymentTarget.of("{G}{G}")).payable is False
    chosen = make_board([FOREST, {**sprawl, "choices": {"color": "G"}}])
    assert pay(chosen, PaymentTarget.of("{G}{G}")).payable
    assert max_x(chosen, PaymentTarget.of("{X}")).x == 2


def test_cavern_of_souls_that_never_chose_pays_no_creature_spell_with_color() -> None:
    """Cavern of Souls's colored mana may pay only for a creature spell of the chosen type: with none chosen
    no spell is of it. An Elf costing {G}{G} with a Forest is then not payable, {1}{G} is (the Cavern's {C});
    with Elf chosen, {G}{G} is."""
    elf = "Creature — Elf Druid"
    cavern = {"id": "c", "card": "Cavern of Souls"}
    board = make_board([FOREST, cavern])
    result = pay(board, PaymentTarget.of("{G}{G}", type_line=elf))
    assert result.payable is False and _warned(result, "c", "creature_type")
    assert pay(board, PaymentTarget.of("{1}{G}", type_line=elf)).payable
    assert reference_search(board, PaymentTarget.of("{G}{G}", type_line=elf)).payable is False
    chosen = make_board([FOREST, {**cavern, "choices": {"creature_type": "Elf"}}])
    assert pay(chosen, PaymentTarget.of("{G}{G}", type_line=elf)).payable


def test_the_command_answers_and_warns(tmp_path: Path) -> None:
    """On the command line: {G} exits 0 and {1}{G} exits 1 (not payable), both with the warning in the JSON
    answer, and --strict does not refuse the board (a choice never made is not unsupported text)."""
    board: Board = make_board([FOREST, _heart()])
    path = tmp_path / "board.json"
    path.write_text(json.dumps(board.to_dict()), encoding="utf-8")
    runner = CliRunner()
    for cost, code in (("{G}", 0), ("{1}{G}", 1)):
        done = runner.invoke(app, ["pay", str(path), cost, "--json", "--strict"])
        assert done.exit_code == code, done.output
        answer = json.loads(done.stdout)
        assert [w["permanent"] for w in answer["warnings"]] == ["h"]
    produced = runner.invoke(app, ["could-produce", str(path), "--json"])
    assert produced.exit_code == 0 and json.loads(produced.stdout) == {"f": "G", "h": ""}
