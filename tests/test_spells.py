"""Paying for a named spell (contract §6): ``--spell`` from the hand or card data, its keywords, and the cost
changes in force when the total cost is locked in (CR 601.2f, 118.7, affinity 702.41)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner, Result

from models.board import Board
from models.cost import PaymentTarget
from models.errors import InputError
from models.spells import find_spell, spell_of, spell_target
from planner.cli import app
from planner.rules.view import BoardView, locked_in

runner = CliRunner()


def _board(*permanents: dict[str, Any], **player: Any) -> Board:
    return Board.from_dict(
        {"version": 1, "players": [{"id": "me", **player}], "permanents": list(permanents)}
    )


def _card(pid: str, card: str, **extra: Any) -> dict[str, Any]:
    return {"id": pid, "card": card, "controller": "me", **extra}


def _total(board: Board, target: PaymentTarget) -> str:
    return str(locked_in(BoardView(board), target, "me").cost)


# ---- cost changes at 601.2f


def test_goblin_electromancer_reduces_instants_and_sorceries_only() -> None:
    board = _board(_card("gob", "Goblin Electromancer"))
    assert _total(board, PaymentTarget.of("{1}{R}", type_line="Instant")) == "{R}"
    assert _total(board, PaymentTarget.of("{1}{R}", type_line="Sorcery")) == "{R}"
    assert _total(board, PaymentTarget.of("{1}{R}", type_line="Creature — Goblin")) == "{1}{R}"


def test_a_generic_reduction_cannot_reduce_colored_mana() -> None:
    """CR 118.7a: Electromancer's {1} less leaves {R} as it is."""
    board = _board(_card("gob", "Goblin Electromancer"))
    assert _total(board, PaymentTarget.of("{R}", type_line="Instant")) == "{R}"


def test_thalia_taxes_noncreature_spells_and_sphere_taxes_every_spell() -> None:
    board = _board(_card("thalia", "Thalia, Guardian of Thraben"), _card("sphere", "Sphere of Resistance"))
    assert _total(board, PaymentTarget.of("{U}", type_line="Instant")) == "{2}{U}"
    assert _total(board, PaymentTarget.of("{G}", type_line="Creature — Elf")) == "{1}{G}"


def test_increases_apply_before_reductions() -> None:
    """Sphere's {1} more, then Electromancer's {1} less: {R} stays {R}, and {1}{R} stays {1}{R}."""
    board = _board(_card("gob", "Goblin Electromancer"), _card("sphere", "Sphere of Resistance"))
    assert _total(board, PaymentTarget.of("{R}", type_line="Instant")) == "{R}"
    assert _total(board, PaymentTarget.of("{1}{R}", type_line="Instant")) == "{1}{R}"


def test_affinity_counts_the_casters_artifacts() -> None:
    """Frogmite, affinity for artifacts (702.41a), with two artifacts: {4} becomes {2}."""
    board = _board(_card("orn", "Ornithopter"), _card("sol", "Sol Ring"), _card("f", "Forest"))
    frogmite = spell_target(find_spell(board.player("me"), "Frogmite"))
    assert _total(board, frogmite) == "{2}"
    own = spell_of("{3}{U}", text="This spell costs {1} less to cast for each artifact you control.")
    assert _total(board, own) == "{1}{U}"


def test_a_permanents_own_reduction_is_not_an_effect_on_other_spells() -> None:
    board = _board(_card("frog", "Frogmite"), _card("sol", "Sol Ring"))
    assert _total(board, PaymentTarget.of("{4}")) == "{4}"


# ---- the spell's card


def test_the_spell_is_found_in_hand_first_then_in_card_data() -> None:
    inline = {
        "name": "Treasure Cruise",
        "type_line": "Sorcery",
        "oracle": "Draw three cards.",
        "mana_cost": "{U}",
    }
    held = _board(hand=[inline]).player("me")
    assert str(find_spell(held, "treasure cruise").mana_cost) == "{U}"
    assert str(find_spell(_board().player("me"), "treasure cruise").mana_cost) == "{7}{U}"
    target = spell_target(find_spell(_board().player("me"), "Stoke the Flames"))
    assert (target.convoke, target.improvise, target.delve, str(target.spell_colors)) == (
        True,
        False,
        False,
        "R",
    )


def test_an_unknown_spell_is_an_input_error_with_suggestions() -> None:
    with pytest.raises(InputError, match="did you mean 'Treasure Cruise'"):
        find_spell(_board().player("me"), "Treasure Cruse")


# ---- the command line


def _run(tmp_path: Path, board: dict[str, Any], *args: str) -> Result:
    path = tmp_path / "board.json"
    path.write_text(json.dumps(board), encoding="utf-8")
    return runner.invoke(app, [args[0], str(path), *args[1:]])


_DIG = {
    "version": 1,
    "players": [{"id": "me", "graveyard": 11, "hand": ["Dig Through Time"]}],
    "permanents": [_card(f"i{n}", "Island") for n in range(2)]
    + [_card("elf", "Llanowar Elves", summoning_sick=True)],
}


def test_pay_spell_uses_the_cards_cost_and_delve(tmp_path: Path) -> None:
    """Dig Through Time with two Islands and 11 cards in the graveyard (phase-rs #780)."""
    result = _run(tmp_path, _DIG, "pay", "--spell", "Dig Through Time", "--json")
    assert result.exit_code == 0, result.output
    answer = json.loads(result.stdout)
    assert answer["cost"] == "{6}{U}{U}" and answer["tapped"] == ["i0", "i1"]
    assert answer["alternative_payments"] == [{"kind": "delve", "cards": 6, "paid": "{6}"}]


def test_the_report_shows_alternative_payments(tmp_path: Path) -> None:
    result = _run(tmp_path, _DIG, "pay", "{1}{G}", "--convoke", "--delve")
    assert result.exit_code == 0, result.output
    assert "paid by convoke: tapped elf" in result.stdout
    assert "paid by delve: 1 card exiled" in result.stdout  # a card rather than an Island


def test_max_x_with_a_spell(tmp_path: Path) -> None:
    board = {**_DIG, "players": [{"id": "me", "graveyard": 0}]}
    board["permanents"] = [_card(f"f{n}", "Forest") for n in range(3)] + [_card("elf", "Llanowar Elves")]
    result = _run(tmp_path, board, "max-x", "--spell", "Chord of Calling", "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["x"] == 1  # four green sources: {G}{G}{G} and X = 1


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ("pay", "--spell", "Dig Thru Time"),
            "--spell: 'Dig Thru Time' is neither in me's hand nor in card data",
        ),
        (("pay",), "COST: give the cost to pay, or --spell NAME"),
        (
            ("pay", "--spell", "Island"),
            "--spell: Island has no mana cost to pay (CR 202.1b: a land is played, not cast); give COST",
        ),
    ],
)
def test_bad_spell_input_is_one_line_and_exits_2(tmp_path: Path, args: tuple[str, ...], message: str) -> None:
    result = _run(tmp_path, _DIG, *args)
    assert result.exit_code == 2
    assert message in result.output and result.output.count("\n") == 1


def test_delve_without_a_graveyard_says_to_give_it(tmp_path: Path) -> None:
    board = {**_DIG, "players": [{"id": "me"}]}
    result = _run(tmp_path, board, "pay", "{1}", "--delve")
    assert result.exit_code == 2
    assert "give 'graveyard'" in result.output and result.output.count("\n") == 1


def test_a_hand_entry_that_is_not_a_card_exits_2(tmp_path: Path) -> None:
    board = {**_DIG, "players": [{"id": "me", "hand": [{"name": "Nothing"}]}]}
    result = _run(tmp_path, board, "pay", "{1}")
    assert result.exit_code == 2
    assert "players[0].hand[0].type_line: missing required field" in result.output
