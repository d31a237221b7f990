"""Regression tests for the defects fuzzing found (issue 19), one or more per defect, in its order.

Each payable-or-not verdict is checked against the exhaustive reference search
(:func:`planner.rules.reference.reference_search`) or against a value worked out by hand from the rules.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from models.board import Board
from models.cost import PaymentTarget
from models.errors import InputError
from planner.api import PayResult, max_x, pay, text_warnings
from planner.bench.corpus import Case
from planner.bench.report import _stats, run_case
from planner.cli import app
from planner.rules.reference import reference_search
from planner.rules.replay import Plan
from planner.rules.view import BoardView
from tests.boards import ability_texts, card, could, custom, make_board, search


def test_an_ability_may_sacrifice_its_own_source() -> None:
    """Krark-Clan Ironworks is an artifact, so it may be the artifact its ability sacrifices (CR 602.2b pays
    the cost as the ability is activated); so may Skirk Prospector, a Goblin."""
    ironworks = make_board([card("Krark-Clan Ironworks", "kci")])
    prospector = make_board(
        [custom("Skirk Prospector", "skirk", "Creature — Goblin", "Sacrifice a Goblin: Add {R}.")]
    )
    for board, cost, gone in ((ironworks, "{2}", "kci"), (prospector, "{R}", "skirk")):
        assert search(board, cost).payable
        result = pay(board, PaymentTarget.of(cost))
        assert result.payable, result.reason
        assert result.sacrificed == (gone,)


def _steps(result: PayResult) -> list[str]:
    return [step.permanent for step in result.steps]


def test_a_q_ability_is_usable_once_another_cost_tapped_its_permanent() -> None:
    """Springleaf Drum taps Pili-Pala for its cost; Pili-Pala, now tapped, untaps for its {Q} ability with Sol
    Ring's {2} (CR 602.2b pays each cost in the state the permanent is in then): {R}{G} is payable."""
    drum, pili, sol = card("Springleaf Drum", "drum"), card("Pili-Pala", "pili"), card("Sol Ring", "sol")
    board = make_board([drum, pili, sol])
    assert search(board, "{R}{G}").payable
    result = pay(board, PaymentTarget.of("{R}{G}"))
    assert result.payable, result.reason
    assert _steps(result).index("drum") < _steps(result).index("pili")
    # a second Drum taps Pili-Pala again once it is untapped: three colors
    board = make_board([drum, card("Springleaf Drum", "drum2"), pili, sol])
    assert search(board, "{R}{G}{B}").payable and pay(board, PaymentTarget.of("{R}{G}{B}")).payable
    # but four colors would need a second {Q}, which needs mana nobody has
    assert not search(board, "{R}{G}{B}{U}").payable
    assert not pay(board, PaymentTarget.of("{R}{G}{B}{U}")).payable


def test_a_tapped_permanent_untapped_by_q_may_then_be_tapped_for_a_cost() -> None:
    """A tapped Pili-Pala untaps with {Q} first; then Springleaf Drum may tap it (CR 602.2b)."""
    board = make_board(
        [card("Springleaf Drum", "drum"), card("Pili-Pala", "pili", tapped=True), card("Sol Ring", "sol")]
    )
    assert search(board, "{R}{G}").payable
    result = pay(board, PaymentTarget.of("{R}{G}"))
    assert result.payable, result.reason
    assert _steps(result).index("pili") < _steps(result).index("drum")


def test_grand_architect_taps_a_blue_pili_pala_to_pay_its_q_ability() -> None:
    """Grand Architect taps the blue Pili-Pala for {C}{C} (spendable on artifacts' abilities), which pays
    Pili-Pala's {2}, {Q}: one mana of any color."""
    board = make_board([card("Grand Architect", "architect"), card("Pili-Pala", "pili", color_indicator="U")])
    assert search(board, "{R}").payable
    result = pay(board, PaymentTarget.of("{R}"))
    assert result.payable, result.reason
    assert _steps(result) == ["architect", "pili"]


def test_a_cost_reduction_applies_to_the_generic_mana_x_stands_for() -> None:
    """X is chosen before the total cost is determined (CR 601.2b, 601.2f): with Thunderscape Familiar,
    {X}{G} with X = 2 costs {1}{G}, so two Forests pay it, and the largest X is 2."""
    board = make_board([card("Thunderscape Familiar", "tf"), card("Forest", "f1"), card("Forest", "f2")])
    # (the reference search pays the total cost it is given: {1}{G} is X = 2 reduced, {2}{G} is X = 3)
    assert search(board, "{1}{G}").payable and not search(board, "{2}{G}").payable
    result = pay(board, PaymentTarget.of("{X}{G}"), x=2)
    assert result.payable, result.reason
    assert result.total_cost == "{1}{G}"
    assert max_x(board, PaymentTarget.of("{X}{G}")).x == 2
    # two X symbols: {X}{X}{G} with X = 1 is {2}{G}, {1}{G} after the reduction
    assert max_x(board, PaymentTarget.of("{X}{X}{G}")).x == 1


def test_mana_for_costs_that_contain_x_pays_a_cost_whose_x_is_chosen() -> None:
    """Rosheen Meanderer's mana may be spent on a cost that contains {X}, X chosen or not (its rulings):
    {X}{G} with X = 3 is paid by three of its {C}{C}{C}{C} and a Forest, X = 4 by all four; {X} with X = 1
    by pool mana so restricted."""
    board = make_board([card("Rosheen Meanderer", "rosheen"), card("Forest", "f")])
    assert reference_search(board, PaymentTarget.of("{X}{G}"), x=3).payable
    result = pay(board, PaymentTarget.of("{X}{G}"), x=3)
    assert result.payable, result.reason
    assert max_x(board, PaymentTarget.of("{X}{G}")).x == 4
    assert not reference_search(board, PaymentTarget.of("{X}{G}"), x=5).payable
    restricted = {"mana": "{C}", "spend_only": "on costs that contain {X}", "source": "rosheen"}
    board = make_board([], pool=[restricted])
    assert reference_search(board, PaymentTarget.of("{X}"), x=1).payable
    assert pay(board, PaymentTarget.of("{X}"), x=1).payable
    assert not pay(board, PaymentTarget.of("{1}")).payable


def test_an_activation_relying_on_an_effect_comes_before_its_source_is_sacrificed() -> None:
    """Nyxbloom Ancient triples what the Forest makes; Phyrexian Altar may sacrifice the Ancient, but
    only after the Forest is tapped (the effect ends when it leaves, CR 611.3a). Likewise a Forest that
    is every basic land type thanks to Dryad of the Ilysian Grove."""
    nyxbloom = make_board(
        [
            card("Nyxbloom Ancient", "nyx"),
            card("Dryad of the Ilysian Grove", "dryad"),
            card("Phyrexian Altar", "altar"),
            card("Forest", "f"),
        ]
    )
    dryad = make_board(
        [card("Dryad of the Ilysian Grove", "dryad"), card("Phyrexian Altar", "altar"), card("Forest", "f")]
    )
    for board, cost in ((nyxbloom, "{G}{G}{G}{G}"), (nyxbloom, "{U}{U}{U}{B}"), (dryad, "{U}{B}")):
        assert search(board, cost).payable
        result = pay(board, PaymentTarget.of(cost))  # (pay replays its plan: an illegal one raises)
        assert result.payable, result.reason


def test_text_the_planner_can_not_count_is_never_silent() -> None:
    """'for each …' and 'where X is …' phrases the planner can't count, and abilities it does not execute,
    are warnings, never a count of 0 (issue 19, item 4); the mana abilities are not used."""
    unread = [
        (
            "Selvala",
            "{G}, {T}: Add X mana in any combination of colors, where X is the greatest power among "
            "creatures you control.",
        ),
        ("Crypt", "{2}, {T}: Add {B} for each black creature card in your graveyard."),
        ("Pain Well", "{T}: Add {R} for each opponent who lost life this turn."),
        ("Gizmo", "{T}: Add {G} for each frobnicating gizmo."),
        ("Doubling Cube", "{3}, {T}: Double the amount of each type of unspent mana you have."),
    ]
    for name, oracle in unread:
        board = make_board([custom(name, "x", "Artifact Creature — Elf", oracle), card("Forest", "f")])
        assert [w.sentence for w in text_warnings(board)] == [oracle], name
        assert ability_texts(board, "x") == [], name
        assert not pay(board, PaymentTarget.of("{G}{G}")).payable


def test_a_targeted_ability_is_not_a_mana_ability() -> None:
    """Deathrite Shaman's ability has a target, so it is not a mana ability (CR 605.1a) and can't be
    activated while paying: it is read as such, not dropped."""
    oracle = "{T}: Exile target land card from a graveyard. Add one mana of any color."
    board = make_board([custom("Deathrite Shaman", "ds", "Creature — Elf Shaman", oracle)])
    assert [n.text for n in BoardView(board).parsed["ds"].not_payment] == [oracle]
    assert not pay(board, PaymentTarget.of("{G}")).payable


def test_a_card_name_is_replaced_only_as_a_whole_word() -> None:
    """A card's name in its text means itself (CR 201.4), but a name such as 'T' or 'a' is not read inside
    '{T}' or another word: such a card's mana ability stays."""
    for name in ("T", "G", "a", "Cradle"):
        board = make_board(
            [
                custom(name, "x", "Land", "{T}: Add {G} for each creature you control."),
                card("Llanowar Elves", "e"),
            ]
        )
        assert text_warnings(board) == (), name
        assert could(board)["x"] == "G", name


runner = CliRunner()
_FOREST = {
    "version": 1,
    "players": [{"id": "me"}],
    "permanents": [{"id": "f", "card": "Forest", "controller": "me"}],
}


def _cli(tmp_path: Path, *args: str) -> Result:
    board = tmp_path / "board.json"
    board.write_text(json.dumps(_FOREST), encoding="utf-8")
    return runner.invoke(app, [args[0], str(board), *args[1:]])


def test_a_failing_pay_with_x_names_the_x_asked_for(tmp_path: Path) -> None:
    """pay --x 8 on one Forest: not payable with X = 8 (not 'even with X = 0'), and "x": 8 in JSON."""
    result = _cli(tmp_path, "pay", "{X}{G}", "--x", "8")
    assert result.exit_code == 1
    assert "not payable with X = 8" in result.output
    data = json.loads(_cli(tmp_path, "pay", "{X}{G}", "--x", "8", "--json").output)
    assert data["payable"] is False and data["x"] == 8
    assert _cli(tmp_path, "pay", "{X}{G}", "--x", "0").exit_code == 0


def test_a_cost_with_two_variables_is_refused() -> None:
    """{X}{Y} has two choices (CR 107.3); the planner chooses one, so max-x and pay refuse it."""
    board = make_board([card("Forest", "f")])
    with pytest.raises(InputError, match="has the variables X and Y"):
        max_x(board, PaymentTarget.of("{X}{Y}"))
    with pytest.raises(InputError, match="has the variables X and Y"):
        pay(board, PaymentTarget.of("{X}{Y}{G}"), x=0)


def test_sources_needed_refuses_turn_0() -> None:
    """Turn 0 is not the default turn: it is refused."""
    result = runner.invoke(app, ["sources-needed", "--lands", "24", "--cost", "1GG", "--turn", "0"])
    assert result.exit_code == 2
    assert "the turn must be at least 1, got 0" in result.output


def test_a_heuristic_raising_on_an_unpayable_board_is_shown_not_counted_as_failing() -> None:
    """Where nothing pays the cost, no plan is right: an error raised there is reported, and the share of
    failures among payable boards can't pass 100 %."""

    def crasher(board: Board, target: PaymentTarget) -> Plan | None:
        raise RuntimeError("no")

    case = Case("one-forest", "test", make_board([card("Forest", "f")]), PaymentTarget.of("{G}{G}"))
    run = run_case(case, [crasher])
    assert not run.payable
    assert run.verdicts[0].status == "none" and run.verdicts[0].reason == "raised RuntimeError: no"
    stats = _stats([run], 0, "crasher")
    assert stats.failed == 0 and stats.failed_examples == ("one-forest {G}{G}: raised RuntimeError: no",)
