"""Identical permanents that another permanent's cost singles out one by one (Selesnya Signets beside
Krark-Clan Ironworks): the model lists them by what they do in the order of their ids
(:mod:`planner.solve.cpsat.symmetry`), which changes no answer: the same verdict and objective as the
reference search, and as the model without those constraints."""

from __future__ import annotations

from typing import Any

import pytest
from boards import checked_verdict, make_board

from models.board import Board
from models.cost import PaymentTarget
from planner.api import pay
from planner.solve.cpsat import spine
from planner.solve.cpsat.spine import build
from planner.solve.cpsat.symmetry import singled_twin_runs
from planner.solve.problem import PaymentProblem


def _ironworks(outlets: int, signets: int, *extra: dict[str, Any]) -> Board:
    """``outlets`` Krark-Clan Ironworks and ``signets`` Selesnya Signets (and ``extra``)."""
    permanents = [{"id": f"k{n}", "card": "Krark-Clan Ironworks"} for n in range(outlets)]
    permanents += [{"id": f"s{n}", "card": "Selesnya Signet"} for n in range(signets)]
    return make_board([*permanents, *extra])


def _runs(board: Board, cost: str) -> list[list[str]]:
    record = build(PaymentProblem.of(board, PaymentTarget.of(cost)))
    return [run for run, _ in singled_twin_runs(record)]


def test_the_signets_an_ironworks_sacrifices_are_one_run() -> None:
    assert _runs(_ironworks(2, 4), "{W}{W}") == [["s0", "s1", "s2", "s3"]]


def test_a_signet_that_differs_or_a_template_naming_two_breaks_the_run() -> None:
    tapped = {"id": "s9", "card": "Selesnya Signet", "tapped": True}
    assert _runs(_ironworks(1, 3, tapped), "{W}") == [["s0", "s1", "s2"]]
    # (each Ironworks sacrifices the other: those templates name both, so the Ironworks are no run)
    assert all(not run[0].startswith("k") for run in _runs(_ironworks(3, 2), "{W}"))


def test_no_run_where_a_cost_is_paid_by_tapping_permanents_outside_the_mana_abilities() -> None:
    board = _ironworks(1, 3)
    record = build(PaymentProblem.of(board, PaymentTarget.of("{W}{W}", improvise=True)))
    assert singled_twin_runs(record) == []


@pytest.mark.parametrize(
    ("outlets", "signets", "cost"),
    [(1, 2, "{W}"), (1, 3, "{W}{W}"), (2, 2, "{W}{W}"), (2, 3, "{W}{G}"), (1, 3, "{W}{W}{G}"), (2, 3, "{5}")],
)
def test_ironworks_and_signets_agree_with_the_reference_search(outlets: int, signets: int, cost: str) -> None:
    checked_verdict(_ironworks(outlets, signets), cost, max_states=200_000)


def test_ironworks_signets_and_a_plains_agree_with_the_reference_search() -> None:
    board = _ironworks(1, 3, {"id": "p", "card": "Plains"})
    assert checked_verdict(board, "{W}{W}{G}", max_states=200_000)


@pytest.mark.parametrize(("signets", "cost"), [(4, "{W}{W}"), (5, "{W}{W}{G}"), (4, "{W}{G}{G}")])
def test_the_same_objective_as_the_model_without_the_order(
    signets: int, cost: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    board = _ironworks(2, signets)
    ordered = pay(board, PaymentTarget.of(cost), time_limit=60)
    monkeypatch.setattr(spine, "order_singled_twins", lambda record: None)
    unordered = pay(board, PaymentTarget.of(cost), time_limit=60)
    assert ordered.optimal and unordered.optimal
    assert ordered.payable == unordered.payable
    assert ordered.objective == unordered.objective


def test_two_ironworks_and_eight_signets_pay_white_white() -> None:
    """The board the model took 36 s on (issue 41). By hand: nothing makes mana without a sacrifice, so one
    artifact is sacrificed ({C}{C}); a Signet paid with {C} makes {G}{W}, a second paid with that {G} (or
    the other {C}) makes the second {W}: two Signets tapped, two mana left floating, and no plan sacrifices
    nothing or floats less (every Signet activation nets one mana, the sacrifice two, {W}{W} takes two)."""
    result = pay(_ironworks(2, 8), PaymentTarget.of("{W}{W}"), time_limit=60)
    assert result.payable and result.optimal
    objective = dict(result.objective)
    assert objective["valuable_sacrificed"] == 1
    assert objective["mana_floating"] == 2
    assert len(result.tapped) == 2
    assert sorted(result.tapped) == ["s0", "s1"]  # (the lowest ids: the tie-break)
