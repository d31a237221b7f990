"""Identical permanents a sacrifice outlet singles out, counted as one class
(:mod:`planner.solve.cpsat.classes`): the classed model answers as the model of every permanent and the
reference search do, and its plans replay (each member tapped before it is sacrificed, never tapped once
gone)."""

from __future__ import annotations

import os
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_model_differential import agrees_with_the_reference_search

from models.board import Board
from models.cost import PaymentTarget
from planner.api import pay
from planner.rules.replay import replay
from planner.solve.cpsat.analysis import analysed
from planner.solve.cpsat.spine import solved
from planner.solve.objective import objective_of
from planner.solve.problem import PaymentProblem

#: Cards that sacrifice another permanent for mana, for no mana.
_OUTLETS = ["Squandered Resources", "Ashnod's Altar", "Phyrexian Altar", "Krark-Clan Ironworks"]

#: Permanents in runs of identical ones, which the outlets may sacrifice.
_TWINS = [
    "Forest",
    "Plains",
    "Wooded Bastion",
    "Mystic Gate",
    "Llanowar Elves",
    "Selesnya Signet",
    "Treasure",
]

#: Permanents that read the runs' members (reflect what they could produce, count them), which must be
#: activated before those members are sacrificed.
_READERS = ["Reflecting Pool", "Gaea's Cradle", "Exotic Orchard"]

_COSTS = ["{G}", "{2}{G}", "{W}{W}", "{4}", "{3}{G}{W}", "{6}", "{C}{C}", "{G}{G}{G}{G}"]

_EXAMPLES = int(os.environ.get("MANA_PLANNER_EXAMPLES", "120"))


def _board(*permanents: dict[str, Any]) -> Board:
    return Board.from_dict({"version": 1, "players": [{"id": "me", "life": 20}], "permanents": [*permanents]})


@st.composite
def classed_boards(draw: st.DrawFn) -> Board:
    """An outlet (maybe two), one or two runs of 2 to 4 identical permanents (some runs tapped), and maybe a
    Forest, a Selesnya Signet and one of :data:`_READERS` of their own."""
    permanents: list[dict[str, Any]] = []
    for number, outlet in enumerate(draw(st.lists(st.sampled_from(_OUTLETS), min_size=1, max_size=2))):
        permanents.append({"id": f"o{number}", "card": outlet, "controller": "me"})
    for run in range(draw(st.integers(1, 2))):
        card = draw(st.sampled_from(_TWINS))
        tapped = draw(st.integers(0, 3)) == 0
        for number in range(draw(st.integers(2, 4))):
            permanents.append({"id": f"r{run}{number}", "card": card, "controller": "me", "tapped": tapped})
    if draw(st.booleans()):
        permanents.append({"id": "x1", "card": "Forest", "controller": "me"})
    if draw(st.booleans()):
        permanents.append({"id": "x2", "card": "Selesnya Signet", "controller": "me"})
    if draw(st.integers(0, 2)) == 0:  # (what reads the runs before they go: kept apart, the runs classed)
        permanents.append({"id": "x3", "card": draw(st.sampled_from(_READERS)), "controller": "me"})
    return _board(*permanents)


@settings(
    max_examples=_EXAMPLES, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow]
)
@given(classed_boards(), st.sampled_from(_COSTS))
def test_classes_agree_with_the_reference_search(board: Board, cost: str) -> None:
    agrees_with_the_reference_search(board, PaymentTarget.of(cost))


@settings(
    max_examples=_EXAMPLES, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow]
)
@given(classed_boards(), st.sampled_from(_COSTS))
def test_the_classed_model_answers_as_the_model_of_every_permanent(board: Board, cost: str) -> None:
    target = PaymentTarget.of(cost)
    classed = solved(PaymentProblem.of(board, target, time_limit=60))
    apart = solved(PaymentProblem.of(board, target, time_limit=60), merge=False)
    assert classed.status == apart.status
    if apart.plan is None:
        return
    assert classed.plan is not None
    ours = objective_of(board, "me", replay(board, target, classed.plan))
    assert ours == objective_of(board, "me", replay(board, target, apart.plan))


def test_a_run_of_forests_under_squandered_resources_is_one_class() -> None:
    board = _board(
        {"id": "sq", "card": "Squandered Resources", "controller": "me"},
        *({"id": f"f{n}", "card": "Forest", "controller": "me"} for n in range(3)),
        *({"id": f"t{n}", "card": "Forest", "controller": "me", "tapped": True} for n in range(2)),
    )
    record = analysed(PaymentProblem.of(board, PaymentTarget.of("{G}")), merge=True)
    assert record.classes == {"f0": ("f0", "f1", "f2"), "t0": ("t0", "t1")}
    assert record.relaxed
    assert len(record.templates) == 3  # (a Forest's {T}, and a sacrifice of each class)


def test_a_run_beside_a_reflecting_pool_is_one_class() -> None:
    """Reflecting Pool reflects the Forests Squandered Resources may sacrifice (its activation comes before
    their sacrifices): the Forests are one class all the same, the Pool kept apart; {G}{G}{G}{G}{G} takes
    the Pool's {G} before the Forests' sacrifices."""
    board = _board(
        {"id": "sq", "card": "Squandered Resources", "controller": "me"},
        {"id": "rp", "card": "Reflecting Pool", "controller": "me"},
        *({"id": f"f{n}", "card": "Forest", "controller": "me"} for n in range(3)),
    )
    target = PaymentTarget.of("{G}{G}{G}{G}{G}")
    record = analysed(PaymentProblem.of(board, target), merge=True)
    assert record.classes == {"f0": ("f0", "f1", "f2")}
    result = pay(board, target)
    assert result.payable and result.optimal and result.plan is not None
    steps = result.plan.steps
    assert [s.permanent for s in steps].count("rp") == 1
    pool = [s.permanent for s in steps].index("rp")
    assert all(k > pool for k, s in enumerate(steps) if s.sacrificed and s.sacrificed[0].startswith("f"))
    replay(board, target, result.plan)
    agrees_with_the_reference_search(board, target)


def test_treasures_sacrificed_for_their_own_mana_stay_apart() -> None:
    """A Treasure's own ability sacrifices it: an outlet's sacrifice and its own can't both take one, so a
    run of Treasures under Krark-Clan Ironworks is no class."""
    board = _board(
        {"id": "kci", "card": "Krark-Clan Ironworks", "controller": "me"},
        *({"id": f"t{n}", "card": "Treasure", "controller": "me"} for n in range(3)),
    )
    record = analysed(PaymentProblem.of(board, PaymentTarget.of("{G}")), merge=True)
    assert record.classes == {}


def test_each_forest_is_tapped_before_it_is_sacrificed() -> None:
    """{5}{G} from three Forests and Squandered Resources: each Forest tapped, then sacrificed."""
    board = _board(
        {"id": "sq", "card": "Squandered Resources", "controller": "me"},
        *({"id": f"f{n}", "card": "Forest", "controller": "me"} for n in range(3)),
    )
    target = PaymentTarget.of("{5}{G}")
    result = pay(board, target)
    assert result.payable and result.optimal and result.plan is not None
    steps = result.plan.steps
    tapped = [s.permanent for s in steps if s.permanent != "sq"]
    sacrificed = [s.sacrificed[0] for s in steps if s.permanent == "sq"]
    assert sorted(tapped) == sorted(sacrificed) == ["f0", "f1", "f2"]
    for pid in tapped:
        assert tapped.index(pid) < [s.sacrificed[:1] for s in steps].index((pid,))
    replay(board, target, result.plan)


def test_a_class_sacrifices_the_members_it_tapped() -> None:
    """{6} from four Forests and Squandered Resources: all four tapped (a sacrifice weighs more than a tap),
    and two of them sacrificed after their taps, never an untapped one."""
    board = _board(
        {"id": "sq", "card": "Squandered Resources", "controller": "me"},
        *({"id": f"f{n}", "card": "Forest", "controller": "me"} for n in range(4)),
    )
    target = PaymentTarget.of("{6}")
    result = pay(board, target)
    assert result.plan is not None
    tapped = [s.permanent for s in result.plan.steps if s.permanent != "sq"]
    sacrificed = [s.sacrificed[0] for s in result.plan.steps if s.permanent == "sq"]
    assert sorted(tapped) == ["f0", "f1", "f2", "f3"]
    assert len(sacrificed) == 2 and set(sacrificed) <= set(tapped)
    replay(board, target, result.plan)
