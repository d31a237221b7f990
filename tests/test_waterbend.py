"""Waterbend (CR 701.67): "Waterbend [cost]" means "Pay [cost]. For each generic mana in that cost, you may
tap an untapped artifact or creature you control rather than pay that mana." (701.67a); part of a total
cost, the tapping pays only the waterbend cost's generic mana (701.67b). Tapping for it is no {T} cost of the
permanent (a creature that came under your control this turn may be tapped, 302.6 doesn't apply), and a
permanent tapped for it makes no mana. The boards are XMage's WaterbendTest's (facts only), with our own
cards; each answer is derived by hand from the rules and checked against the exhaustive reference search."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, reject, settings
from hypothesis import strategies as st

from models.board import Board
from models.cost import PaymentTarget
from models.errors import InputError
from models.spells import spell_of
from planner.api import max_x, pay
from planner.requests import with_waterbend
from planner.rules.alternatives import AlternativeKind, AlternativePayment
from planner.rules.reference import ReferenceLimitError, reference_search
from planner.rules.replay import IllegalPlanError, Plan, replay
from planner.solve.cpsat import solve_payment
from planner.solve.objective import objective_of, objectives_on
from planner.solve.problem import PaymentProblem
from planner.turn import plan_turn

_EXAMPLES = int(os.environ.get("MANA_PLANNER_EXAMPLES", "60"))
_BENDER_TEXT = "Waterbend {3}: Test Bender has base power and toughness 5/2 until end of turn."


def _perm(pid: str, **fields: Any) -> dict[str, Any]:
    return {"id": pid, "controller": "me", **fields}


def _island(pid: str) -> dict[str, Any]:
    return _perm(pid, card="Island")


def _relic(pid: str) -> dict[str, Any]:
    """An artifact with no mana ability (Darksteel Relic's shape)."""
    return _perm(pid, name="Test Relic", type_line="Artifact", oracle="Test Relic is indestructible.")


def _bender(pid: str = "wb", *, text: str = _BENDER_TEXT) -> dict[str, Any]:
    """A creature that came under our control this turn: it may still be tapped to waterbend (CR 302.6)."""
    return _perm(
        pid, name="Test Bender", type_line="Creature — Human Warrior", oracle=text, summoning_sick=True
    )


def _board(*permanents: dict[str, Any], hand: list[Any] | None = None) -> Board:
    player: dict[str, Any] = {"id": "me"}
    if hand is not None:
        player["hand"] = hand
    return Board.from_dict({"version": 1, "players": [player], "permanents": list(permanents)})


def _waterbend(cost: str, amount: int) -> PaymentTarget:
    return replace(PaymentTarget.of(cost, kind="ability"), waterbend=amount)


def _waterbent(result: Any) -> set[str]:
    return {a.permanent for a in result.alternative_payments if a.kind is AlternativeKind.WATERBEND}


def _agrees_with_reference(board: Board, target: PaymentTarget, result: Any) -> None:
    reference = reference_search(board, target, max_states=50_000)
    assert result.payable == reference.payable


# ---- 701.67a: each generic mana of the waterbend cost may be paid by tapping an artifact or a creature


@pytest.mark.parametrize(
    ("permanents", "waterbent"),
    [
        # three Islands pay {3} (and the bender may stand in for one: either is a payment)
        ((_island("i1"), _island("i2"), _island("i3"), _bender()), None),
        # no mana at all: the bender itself and two artifacts each pay {1}
        ((_bender(), _relic("r1"), _relic("r2")), {"wb", "r1", "r2"}),
        # two Islands, and the bender itself for the third
        ((_island("i1"), _island("i2"), _bender()), {"wb"}),
    ],
)
def test_flexible_waterbenders_waterbend_3(
    permanents: tuple[dict[str, Any], ...], waterbent: set[str] | None
) -> None:
    board = _board(*permanents)
    target = _waterbend("{3}", 3)
    result = pay(board, target)
    assert result.payable
    if waterbent is not None:
        assert _waterbent(result) == waterbent
    assert len(result.tapped) == 3  # (each of the three generic mana: a land's mana or one permanent tapped)
    _agrees_with_reference(board, target, result)


def test_without_waterbend_the_artifacts_pay_nothing() -> None:
    """The same {3} with no waterbend part: the bender and the relics make no mana."""
    board = _board(_bender(), _relic("r1"), _relic("r2"))
    assert not pay(board, PaymentTarget.of("{3}", kind="ability")).payable


def test_katara_waterbend_x_4_from_an_island_two_relics_and_itself() -> None:
    """'Waterbend {X}' with X = 4: one Island's {U} and three permanents tapped (CR 701.67a)."""
    board = _board(_island("i1"), _relic("r1"), _relic("r2"), _bender("katara"))
    target = replace(PaymentTarget.of("{X}", kind="ability"), waterbend_x=1)
    result = pay(board, target, x=4)
    assert result.payable and _waterbent(result) == {"r1", "r2", "katara"}
    _agrees_with_reference(board, target.with_x(4), result)
    assert not pay(board, target, x=5).payable  # (four permanents: at most 4)
    assert max_x(board, target).x == 4


def test_waterbend_pays_generic_only_and_at_most_its_own_amount() -> None:
    """{2}{U} with a waterbend part of {2}: two taps at most, and never the {U} (CR 701.67a-b)."""
    board = _board(_relic("r1"), _relic("r2"), _relic("r3"))
    assert not pay(board, _waterbend("{U}", 0)).payable
    assert not pay(board, _waterbend("{3}", 2)).payable  # (the third {1} is no waterbend mana)
    assert pay(board, _waterbend("{2}", 2)).payable
    two = _board(_island("i1"), _relic("r1"), _relic("r2"), _relic("r3"))
    target = _waterbend("{2}{U}", 2)
    result = pay(two, target)
    assert result.payable and len(_waterbent(result)) == 2
    _agrees_with_reference(two, target, result)
    assert not pay(two, _waterbend("{3}{U}", 2)).payable
    _agrees_with_reference(two, _waterbend("{3}{U}", 2), pay(two, _waterbend("{3}{U}", 2)))


def test_a_permanent_tapped_for_mana_cannot_also_waterbend() -> None:
    """A mana rock taps for its {C}{C} or pays {1} by waterbending, not both: {3} is beyond Sol Ring alone."""
    board = _board(_perm("sol", card="Sol Ring"))
    assert not pay(board, _waterbend("{3}", 3)).payable
    assert pay(board, _waterbend("{2}", 2)).payable


def test_the_replay_refuses_more_taps_than_the_waterbend_part() -> None:
    board = _board(_relic("r1"), _relic("r2"))
    taps = tuple(AlternativePayment(kind=AlternativeKind.WATERBEND, permanent=pid) for pid in ("r1", "r2"))
    with pytest.raises(IllegalPlanError, match="waterbend"):
        replay(board, _waterbend("{2}", 1), Plan((), (), 0, taps))
    with pytest.raises(IllegalPlanError, match="doesn't have waterbend"):
        replay(board, PaymentTarget.of("{2}"), Plan((), (), 0, taps))
    land = (AlternativePayment(kind=AlternativeKind.WATERBEND, permanent="i1"),)
    with pytest.raises(IllegalPlanError, match="not an untapped artifact or creature"):
        replay(_board(_island("i1")), _waterbend("{1}", 1), Plan((), (), 0, land))


# ---- a spell's additional cost (CR 601.2f, 701.67b)


def test_an_additional_waterbend_5_is_read_and_paid_by_four_islands_and_three_relics() -> None:
    """'As an additional cost to cast this spell, waterbend {5}.' on a {1}{U} creature: the total cost is
    {6}{U} (601.2f), of which five generic may be tapped for: four Islands and three relics pay it."""
    text = "As an additional cost to cast this spell, waterbend {5}.\nFlying"
    card = {
        "name": "Test Wave Rider",
        "type_line": "Creature — Spirit",
        "mana_cost": "{1}{U}",
        "oracle": text,
    }
    islands = [_island(f"i{n}") for n in range(1, 5)]
    board = _board(*islands, *(_relic(f"r{n}") for n in range(1, 4)), hand=[card])
    target = spell_of("{1}{U}", type_line="Creature — Spirit", name="Test Wave Rider", text=text)
    assert target.waterbend == 5
    result = pay(board, target)
    assert result.payable and _waterbent(result) == {"r1", "r2", "r3"}
    assert len(result.tapped) == 7
    assert not pay(_board(*islands[:3], *(_relic(f"r{n}") for n in range(1, 4))), target).payable


def test_an_additional_waterbend_pays_none_of_the_spells_own_generic() -> None:
    """{3}{U} with 'waterbend {1}': the total is {4}{U}, but only one of its generic mana may be tapped for
    (CR 701.67b): an Island and four relics don't pay it."""
    text = "As an additional cost to cast this spell, waterbend {1}."
    target = spell_of("{3}{U}", type_line="Sorcery", name="Test Splash", text=text)
    board = _board(_island("i1"), *(_relic(f"r{n}") for n in range(1, 5)))
    result = pay(board, target)
    assert not result.payable
    with_more = _board(_island("i1"), _island("i2"), _island("i3"), _island("i4"), _relic("r1"))
    assert pay(with_more, target).payable


def test_an_additional_waterbend_x_without_x_in_the_mana_cost_is_the_spell_s_x() -> None:
    """Crashing Wave's shape: 'waterbend {X}' on a spell whose mana cost has no X announces the spell's X
    (CR 107.3, 601.2b): {X} is added to the total cost (601.2f), each of its generic mana may be paid by
    tapping (701.67a). Two Islands pay {U}{U}, the two relics waterbend X = 2; X = 3 can't be paid
    (tests/test_additional_x.py has more)."""
    text = "As an additional cost to cast this spell, waterbend {X}.\nTap up to X target creatures."
    target = spell_of("{U}{U}", type_line="Sorcery", name="Test Wave", text=text)
    assert target.waterbend_x == 1 and str(target.additional_mana) == "{X}"
    assert target.additional_costs == ()
    board = _board(_island("i1"), _island("i2"), _relic("r1"), _relic("r2"))
    result = max_x(board, target)
    assert (result.x, result.payable, result.optimal) == (2, True, True)
    assert _waterbent(result) == {"r1", "r2"} and not result.warnings
    assert pay(board, target, x=3).payable is False


def test_plan_turn_taps_a_creature_cast_this_turn_to_waterbend() -> None:
    """Five lands, three relics, and a hand of a {1}{G} bear and a {1}{U} creature with 'waterbend {5}': nine
    mana in all ({1}{G} + {6}{U}, CR 601.2f), five from the lands, so four permanents must waterbend: the
    relics and the bear cast first (tapping to waterbend is no {T} cost: CR 302.6 doesn't apply)."""
    rider = {
        "name": "Test Wave Rider",
        "type_line": "Creature — Spirit",
        "mana_cost": "{1}{U}",
        "oracle": "As an additional cost to cast this spell, waterbend {5}.\nFlying",
    }
    bear = {"name": "Test Bear", "type_line": "Creature — Bear", "mana_cost": "{1}{G}"}
    lands = [
        _island("i1"),
        _island("i2"),
        _island("i3"),
        _perm("f1", card="Forest"),
        _perm("f2", card="Forest"),
    ]
    board = _board(*lands, *(_relic(f"r{n}") for n in range(1, 4)), hand=[rider, bear])
    turn = plan_turn(board, time_limit=120)
    assert turn.castable and [spell.card for spell in turn.spells] == ["Test Bear", "Test Wave Rider"]
    rider_payment = turn.spells[1].payment
    assert len(_waterbent(rider_payment)) == 4 and {"r1", "r2", "r3"} <= _waterbent(rider_payment)
    without_a_relic = _board(*lands, _relic("r1"), _relic("r2"), hand=[rider, bear])
    assert [spell.card for spell in plan_turn(without_a_relic, time_limit=120).spells] != [
        "Test Bear",
        "Test Wave Rider",
    ]


# ---- the question's option


def test_the_option_names_an_amount_or_x_and_checks_it() -> None:
    assert with_waterbend(PaymentTarget.of("{3}"), "{3}").waterbend == 3
    with pytest.raises(InputError, match="no X to waterbend"):
        with_waterbend(PaymentTarget.of("{3}"), "X")
    with pytest.raises(InputError, match="give a number"):
        with_waterbend(PaymentTarget.of("{3}"), "three")


def test_the_cli_shows_what_was_tapped_to_waterbend(tmp_path: Path) -> None:
    board = {"version": 1, "players": [{"id": "me"}], "permanents": [_bender(), _relic("r1"), _relic("r2")]}
    path = tmp_path / "board.json"
    path.write_text(json.dumps(board), encoding="utf-8")
    command = [sys.executable, "-m", "planner", "pay", str(path), "{3}", "--kind", "ability", "--json"]
    out = subprocess.run([*command, "--waterbend", "3"], capture_output=True, text=True, check=False)
    assert out.returncode == 0, out.stderr
    answer = json.loads(out.stdout)
    assert answer["payable"] is True
    assert {a["permanent"] for a in answer["alternative_payments"] if a["kind"] == "waterbend"} == {
        "wb",
        "r1",
        "r2",
    }
    refused = subprocess.run([*command, "--waterbend", "4"], capture_output=True, text=True, check=False)
    assert refused.returncode != 0 and "--waterbend 4" in refused.stderr


# ---- the model against the reference search

_PERMANENTS = [
    "Llanowar Elves",
    "Ornithopter",
    "Sol Ring",
    "Island",
    "Forest",
    "Azorius Signet",
    "Adarkar Wastes",
]


@st.composite
def _random_boards(draw: st.DrawFn) -> Board:
    permanents = []
    for number in range(draw(st.integers(1, 5))):
        card = draw(st.sampled_from([*_PERMANENTS, "relic", "bender"]))
        pid = f"p{number}"
        permanent = (
            _relic(pid) if card == "relic" else _bender(pid) if card == "bender" else _perm(pid, card=card)
        )
        permanents.append(permanent | ({"tapped": True} if draw(st.integers(0, 3)) == 0 else {}))
    return _board(*permanents)


@st.composite
def _waterbend_targets(draw: st.DrawFn) -> PaymentTarget:
    cost = draw(st.sampled_from(["{1}", "{2}", "{3}", "{1}{U}", "{2}{G}", "{4}", "{2}{C}"]))
    plain = PaymentTarget.of(cost, kind="ability", improvise=draw(st.booleans()))
    return replace(plain, waterbend=draw(st.integers(1, plain.cost.generic)) if plain.cost.generic else 0)


@settings(
    max_examples=_EXAMPLES, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow]
)
@given(_random_boards(), _waterbend_targets())
def test_the_model_agrees_with_the_reference_search(board: Board, target: PaymentTarget) -> None:
    """Payable the same, the plan replays, and its objective the best the reference search reaches."""
    problem = PaymentProblem.of(board, target)
    try:
        reference = reference_search(board, problem.target, max_states=20_000)
    except ReferenceLimitError:
        reject()
    solution = solve_payment(problem)
    assert (solution.plan is not None) == reference.payable
    if solution.plan is None:
        return
    ours = objective_of(board, "me", replay(board, problem.target, solution.plan))
    assert ours == min(map(objectives_on(board, "me"), reference.outcomes))
