"""Mana abilities of cards in the hand (contract §6): Elvish Spirit Guide and Simian Spirit Guide ("Exile this
card from your hand: Add {G}.") are usable once each, in the CP-SAT model, the rules replay and the reference
search alike, and a card is exiled only when the cost can't be paid without it (docs/objective.md)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from boards import agrees_with_reference
from hypothesis import HealthCheck, given, reject, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from models.board import Board
from models.cost import PaymentTarget
from models.mana import ManaBag
from planner.api import max_x, pay
from planner.cli import app
from planner.rules.hand import HAND, hand_abilities
from planner.rules.replay import IllegalPlanError, Plan, Step, apply_step, initial_state, replay
from planner.solve.objective import objective_of

ESG = "Elvish Spirit Guide"
SSG = "Simian Spirit Guide"


def _board(*permanents: tuple[str, str], hand: tuple[Any, ...] = (), life: int = 20) -> Board:
    return Board.from_dict(
        {
            "version": 1,
            "players": [{"id": "me", "life": life, "hand": list(hand)}, {"id": "opp", "hand": [ESG]}],
            "permanents": [{"id": pid, "card": card, "controller": "me"} for pid, card in permanents],
        }
    )


def _guide_step(name: str = ESG, mana: str = "{G}") -> Step:
    return Step(permanent=name, ability=0, produced=((name, ManaBag.parse(mana)),), zone=HAND)


def test_a_spirit_guide_pays_only_when_nothing_else_can() -> None:
    board = _board(("f1", "Forest"), hand=(ESG, "Lightning Bolt"))
    one = pay(board, PaymentTarget.of("{G}"))
    assert [(s.zone, s.permanent) for s in one.steps] == [("battlefield", "f1")]
    two = pay(board, PaymentTarget.of("{G}{G}"))
    assert two.payable and two.tapped == ("f1",)
    assert [(s.zone, s.name) for s in two.steps] == [(HAND, ESG), ("battlefield", "Forest")]
    assert dict(two.objective)["hand_cards_lost"] == 1
    assert not pay(board, PaymentTarget.of("{G}{G}{G}")).payable


def test_a_card_is_worth_more_than_damage() -> None:
    """Karplusan Forest's {G} costs 1 damage; exiling a card to avoid it would cost the card."""
    result = pay(_board(("k", "Karplusan Forest"), hand=(ESG,)), PaymentTarget.of("{G}"))
    assert result.tapped == ("k",) and result.damage_taken == 1
    assert all(step.zone == "battlefield" for step in result.steps)


def test_each_card_is_exiled_once_and_cards_of_one_name_are_alike() -> None:
    board = _board(hand=(ESG, SSG, ESG))
    result = pay(board, PaymentTarget.of("{G}{G}{R}"))
    assert result.payable and result.tapped == ()
    assert sorted(step.name for step in result.steps) == [ESG, ESG, SSG]
    assert not pay(board, PaymentTarget.of("{G}{G}{G}")).payable
    assert max_x(board, PaymentTarget.of("{X}{R}")).x == 2


def test_the_mana_pays_an_abilitys_cost() -> None:
    """The guide's {G} pays Golgari Signet's {1}: mana abilities may be activated in any order (605.3)."""
    result = pay(_board(("sig", "Golgari Signet"), hand=(ESG,)), PaymentTarget.of("{B}{G}"))
    assert result.payable, result.reason
    assert [step.zone for step in result.steps] == [HAND, "battlefield"]


def test_only_the_payers_hand_and_only_hand_abilities() -> None:
    """The opponent's guide is not ours; Llanowar Elves in hand has no ability that works there (605.1a);
    a card without rules text makes nothing."""
    board = _board(hand=("Llanowar Elves", {"name": "Bear", "type_line": "Creature — Bear"}))
    assert hand_abilities(board, "me") == ()
    assert not pay(board, PaymentTarget.of("{G}")).payable
    assert [a.card.name for a in hand_abilities(board, "opp")] == [ESG]


def test_the_replay_checks_the_hand_and_removes_the_card() -> None:
    board = _board(hand=(ESG,))
    state = apply_step(initial_state(board), _guide_step())
    assert state.board.player("me").hand == () and state.from_hand == (ESG,)
    with pytest.raises(IllegalPlanError, match="hand holds no Elvish Spirit Guide"):
        apply_step(state, _guide_step(), 1)
    with pytest.raises(IllegalPlanError, match="hand holds no Simian Spirit Guide"):
        apply_step(initial_state(board), _guide_step(SSG, "{R}"))
    with pytest.raises(IllegalPlanError, match=r"can't produce \{R\}"):
        apply_step(initial_state(board), _guide_step(ESG, "{R}"))
    target = PaymentTarget.of("{G}")
    summary = replay(board, target, Plan((_guide_step(),), state.pool))
    assert summary.from_hand == (ESG,) and summary.tapped == frozenset()
    with pytest.raises(IllegalPlanError, match="step 2"):
        replay(board, PaymentTarget.of("{G}{G}"), Plan((_guide_step(), _guide_step()), state.pool * 2))


def test_the_json_step_says_hand_and_names_the_card(tmp_path: Path) -> None:
    path = tmp_path / "board.json"
    data = {
        "version": 1,
        "players": [{"id": "me", "hand": [ESG, "Forest"]}],
        "permanents": [{"id": "f1", "card": "Forest", "controller": "me"}],
    }
    path.write_text(json.dumps(data))
    result = CliRunner().invoke(app, ["pay", str(path), "{G}{G}", "--json"])
    assert result.exit_code == 0, result.output
    answer = json.loads(result.stdout)
    assert answer["tapped"] == ["f1"]
    hand_steps = [step for step in answer["steps"] if step["zone"] == "hand"]
    assert [(s["name"], s["permanent"], s["produced"]) for s in hand_steps] == [(ESG, None, "{G}")]
    assert {step["zone"] for step in answer["steps"]} == {"hand", "battlefield"}
    table = CliRunner().invoke(app, ["pay", str(path), "{G}{G}"])
    assert table.exit_code == 0 and "(hand)" in table.stdout and ESG in table.stdout


# ------------------------------------------------------------------------------ against the reference search

_CARDS = [
    "Forest",
    "Mountain",
    "Karplusan Forest",
    "Golgari Signet",
    "Sol Ring",
    "Llanowar Elves",
    "Treasure",
    "Phyrexian Altar",
    "Mana Reflection",
]
_HAND = [ESG, SSG, "Lightning Bolt", "Llanowar Elves"]
_COSTS = ["{G}", "{R}", "{G}{G}", "{1}{G}", "{R}{G}", "{2}{R}", "{G/P}", "{B}{G}", "{3}", "{C}{G}"]


@st.composite
def boards(draw: st.DrawFn) -> Board:
    """1 to 4 permanents and 1 to 3 cards in hand for 'me' (some of them Spirit Guides)."""
    permanents: list[dict[str, Any]] = [
        {"id": f"p{n}", "card": draw(st.sampled_from(_CARDS)), "controller": "me"}
        for n in range(draw(st.integers(1, 4)))
    ]
    for entry in permanents:
        if draw(st.integers(0, 4)) == 0:
            entry["tapped"] = True
    hand = draw(st.lists(st.sampled_from(_HAND), min_size=1, max_size=3))
    me = {"id": "me", "life": draw(st.sampled_from([1, 20])), "hand": hand}
    return Board.from_dict({"version": 1, "players": [me], "permanents": permanents})


@settings(max_examples=150, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(boards(), st.sampled_from(_COSTS))
def test_the_planner_agrees_with_the_reference_search(board: Board, cost: str) -> None:
    target = PaymentTarget.of(cost, type_line="Creature — Elf")
    result = agrees_with_reference(board, target, max_states=3000)
    if result is None:
        reject()  # the reference search is too big for this board
    if result.payable:
        assert result.plan is not None
        ours = objective_of(board, "me", replay(board, target, result.plan))
        assert ours == tuple(value for _, value in result.objective[-len(ours) :])


def test_a_spell_cast_from_the_hand_is_on_the_stack_and_cant_pay_for_itself(tmp_path: Path) -> None:
    # CR 601.2a: casting Elvish Spirit Guide moves it to the stack, so its own {G} can't pay its {2}{G}
    path = tmp_path / "board.json"
    one = _board(("f1", "Forest"), ("f2", "Forest"), hand=(ESG,))
    path.write_text(one.dumps(), encoding="utf-8")
    alone = CliRunner().invoke(app, ["pay", str(path), "--spell", ESG, "--json"])
    assert alone.exit_code == 1 and json.loads(alone.stdout)["payable"] is False
    two = _board(("f1", "Forest"), ("f2", "Forest"), hand=(ESG, ESG))
    path.write_text(two.dumps(), encoding="utf-8")
    other = CliRunner().invoke(app, ["pay", str(path), "--spell", ESG, "--json"])
    answer = json.loads(other.stdout)
    assert other.exit_code == 0 and answer["payable"] is True
    assert [step["zone"] for step in answer["steps"]].count("hand") == 1  # the other copy's {G}
