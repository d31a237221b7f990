"""The planner against the exhaustive reference search, on many random small boards.

The planner must find a payment exactly when the reference search does, its plan must replay, and its
objective (computed from the plan by :func:`planner.solve.objective.objective_of`) must equal the best the
reference search reaches, level by level. Where ``pay`` answered with the fast path, the CP-SAT model is
checked on its own too.
"""

from __future__ import annotations

import os
from typing import Any

from boards import BAUBLE, BLACK_KNIGHT, COUNTED_PARTNERS, counted, partner
from cost_part_cards import FAMILY_CARDS, FAMILY_EXTRAS, GRAVEYARD_CARDS, HAND_CARDS, counters_for
from hypothesis import HealthCheck, given, reject, settings
from hypothesis import strategies as st

from benchmarks.boards import DIFFERENTIAL_CARDS, DIFFERENTIAL_COSTS
from models.board import Board
from models.cost import PaymentTarget
from planner.api import max_x, pay
from planner.rules.reference import ReferenceLimitError, reference_search
from planner.rules.replay import replay
from planner.solve.cpsat import solve_payment
from planner.solve.objective import objective_of, objectives_on
from planner.solve.problem import PaymentProblem

#: Cards whose rules the model covers fully (no untap loops), one list with bench_reference's boards.
_CARDS = DIFFERENTIAL_CARDS
#: The reference search's state budget per example (larger boards are drawn again, not searched for minutes).
_STATE_LIMIT = 1500
#: How many random boards the test tries; MANA_PLANNER_EXAMPLES raises it for a long run by hand.
_EXAMPLES = int(os.environ.get("MANA_PLANNER_EXAMPLES", "300"))

_COSTS = DIFFERENTIAL_COSTS


@st.composite
def boards(draw: st.DrawFn) -> Board:
    """A random board of 1 to 6 permanents for 'me', maybe one opponent land (maybe tapped), maybe floating
    mana; now and then a card whose mana ability has a cost part of issue 35 (``cost_part_cards``) with what
    its cost takes (a token, a creature, a land), and cards in hand and energy for 'me'."""
    count = draw(st.integers(1, 6))
    permanents: list[dict[str, Any]] = []
    for number in range(count):
        card = draw(st.sampled_from(_CARDS))
        entry: dict[str, Any] = {"id": f"p{number}", "card": card, "controller": "me"}
        if draw(st.integers(0, 5)) == 0:
            entry["tapped"] = True
        if card in ("Llanowar Elves", "Birds of Paradise", "Noble Hierarch") and draw(st.booleans()):
            entry["summoning_sick"] = True
        if card == "Gemstone Mine":
            entry["counters"] = {"mining": draw(st.integers(0, 2))}
        if card == "Wild Growth":
            lands = [p["id"] for p in permanents if p["card"] in ("Forest", "Island", "Tundra", "Bayou")]
            if not lands:
                continue
            entry["attached_to"] = draw(st.sampled_from(lands))
        permanents.append(entry)
    me: dict[str, Any] = {"id": "me", "life": draw(st.sampled_from([1, 2, 3, 20]))}
    if draw(st.integers(0, 2)) == 0:
        family = draw(st.sampled_from(FAMILY_CARDS))
        permanents.append(
            {"id": "c1", **family, "controller": "me", **counters_for(family, draw(st.integers(0, 2)))}
        )
        if draw(st.booleans()):
            permanents.append({"id": "c2", **draw(st.sampled_from(FAMILY_EXTRAS)), "controller": "me"})
        me["hand"] = draw(st.lists(st.sampled_from(HAND_CARDS), max_size=2))
        me["counters"] = {"energy": draw(st.integers(0, 2))}
        me["graveyard"] = draw(st.lists(st.sampled_from(GRAVEYARD_CARDS), max_size=4))
    if draw(st.booleans()):
        land = draw(st.sampled_from(["Plains", "Swamp", "Wastes"]))
        permanents.append({"id": "o1", "card": land, "controller": "opp", "tapped": draw(st.booleans())})
    if draw(st.integers(0, 3)) == 0:
        me["pool"] = [draw(st.sampled_from(["{G}", "{C}", "{W}{U}"]))]
    return Board.from_dict({"version": 1, "players": [me, {"id": "opp"}], "permanents": permanents})


@st.composite
def targets(draw: st.DrawFn) -> PaymentTarget:
    """A random cost, sometimes for an Eldrazi or an artifact (restrictions read it)."""
    cost = draw(st.sampled_from(_COSTS))
    type_line = draw(st.sampled_from(["Creature — Elf", "Artifact", "Creature — Eldrazi", "Instant"]))
    return PaymentTarget.of(cost, type_line=type_line)


@settings(
    max_examples=_EXAMPLES, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow]
)
@given(boards(), targets())
def test_planner_agrees_with_the_reference_search(board: Board, target: PaymentTarget) -> None:
    agrees_with_the_reference_search(board, target)


def agrees_with_the_reference_search(board: Board, target: PaymentTarget) -> None:
    """The planner finds a payment exactly when the reference search does, its plan replays, and it is as
    good as the reference search's best, level by level (the fast path's and the model's alike)."""
    try:
        reference = reference_search(board, target, max_states=_STATE_LIMIT)
    except ReferenceLimitError:
        reject()  # too big for the brute force within the test's budget

    result = pay(board, target)
    assert result.payable == reference.payable, result.reason
    if not reference.payable:
        assert result.reason
        return
    assert result.plan is not None
    summary = replay(board, target, result.plan)
    ours = objective_of(board, "me", summary)
    reported = tuple(value for _, value in result.objective[-len(ours) :])
    assert ours == reported, "the model misreports its objective"
    best = min(map(objectives_on(board, "me"), reference.outcomes))
    assert ours == best
    if result.engine == "fast":
        # pay answered by the fast path: the CP-SAT model must reach the same best on its own
        model = solve_payment(PaymentProblem.of(board, target, "me"))
        assert model.plan is not None
        assert objective_of(board, "me", replay(board, target, model.plan)) == best


def _board(life: int, *permanents: dict[str, Any]) -> Board:
    return Board.from_dict(
        {"version": 1, "players": [{"id": "me", "life": life}], "permanents": [*permanents]}
    )


def test_life_is_paid_before_damage_is_taken() -> None:
    """At 1 life, Mana Confluence's 1 life can be paid only before Ancient Tomb's 2 damage (CR 119.4)."""
    board = _board(
        1,
        {"id": "tomb", "card": "Ancient Tomb", "controller": "me"},
        {"id": "conf", "card": "Mana Confluence", "controller": "me"},
    )
    result = pay(board, PaymentTarget.of("{C}{R}"))
    assert result.payable and [step.permanent for step in result.steps] == ["conf", "tomb"]


def test_a_reflecting_land_is_tapped_before_what_it_reflects_is_sacrificed() -> None:
    """Reflecting Pool makes {B} only while a land that could make {B} is there (CR 106.7)."""
    vein = {"name": "Old Vein", "type_line": "Land", "oracle": "{T}, Sacrifice this land: Add {B}{B}."}
    board = _board(
        20,
        {"id": "vein", "controller": "me", **vein},
        {"id": "pool", "card": "Reflecting Pool", "controller": "me"},
    )
    result = pay(board, PaymentTarget.of("{B}{B}{B}"))
    assert result.payable and [step.permanent for step in result.steps] == ["pool", "vein"]


# ------------------------------------------------------------------------- amounts counted as they resolve

#: Cards in a graveyard or a hand: black creature cards, a green one, artifacts, a land.
_ZONE_CARDS: list[Any] = ["Elves of Deep Shadow", "Sol Ring", "Forest", BLACK_KNIGHT, BLACK_KNIGHT, BAUBLE]


@st.composite
def counted_cases(draw: st.DrawFn) -> tuple[Board, PaymentTarget]:
    """A random board with one or two cards whose amounts are counted as they resolve (life, power, the
    greatest power, land types, a graveyard, a sacrificed artifact's mana value, a hand, counters removed:
    :data:`tests.boards.COUNTED`), with one to three cards that change what they count
    (:data:`tests.boards.COUNTED_PARTNERS`), a low life total more often than not, maybe a graveyard and a
    hand, and a cost where the order of the activations matters."""
    keys = draw(st.lists(st.sampled_from(sorted(COUNTED_PARTNERS)), min_size=1, max_size=2, unique=True))
    permanents: list[dict[str, Any]] = []
    costs: list[str] = []
    for number, key in enumerate(keys):
        entry = counted(key, f"c{number}")
        if key == "battery":
            entry["counters"] = {"charge": draw(st.integers(0, 2))}
        elif "power" in entry and draw(st.integers(0, 2)) == 0:
            entry["counters"] = {"+1/+1": draw(st.integers(1, 2))}
        permanents.append(entry)
        partners, wanted = COUNTED_PARTNERS[key]
        for name in draw(st.lists(st.sampled_from(partners), min_size=1, max_size=3)):
            permanents.append(partner(name, f"p{len(permanents)}"))
        costs += wanted
    for entry in permanents:
        entry["controller"] = "me"
        if draw(st.integers(0, 7)) == 0:
            entry["tapped"] = True
    me: dict[str, Any] = {"id": "me", "life": draw(st.sampled_from([0, 1, 2, 3, 4, 20]))}
    if draw(st.integers(0, 3)):
        me["graveyard"] = draw(st.lists(st.sampled_from(_ZONE_CARDS), max_size=3))
    if draw(st.booleans()):
        me["hand"] = draw(st.lists(st.sampled_from(_ZONE_CARDS), max_size=3))
    board = Board.from_dict({"version": 1, "players": [me], "permanents": permanents})
    return board, PaymentTarget.of(draw(st.sampled_from(costs)))


@settings(
    max_examples=_EXAMPLES // 2, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow]
)
@given(counted_cases())
def test_planner_agrees_with_the_reference_search_on_counted_amounts(
    case: tuple[Board, PaymentTarget],
) -> None:
    """The same agreement on boards whose amounts the payment may change before they are counted (issue
    35): whether the cost can be paid, and the best objective, level by level."""
    agrees_with_the_reference_search(*case)


def test_a_condition_is_judged_before_what_it_counts_is_sacrificed() -> None:
    """Mox Opal ("Activate only if you control three or more artifacts.") with Lotus Petal and a tapped Black
    Lotus: three artifacts while the Petal is there, two once it is sacrificed, so the Mox taps first (CR
    602.5b: the condition is checked as it is activated); X is two, as the reference search finds."""
    board = _board(
        20,
        {"id": "lotus", "card": "Black Lotus", "controller": "me", "tapped": True},
        {"id": "petal", "card": "Lotus Petal", "controller": "me"},
        {"id": "opal", "card": "Mox Opal", "controller": "me"},
    )
    result = max_x(board, PaymentTarget.of("{X}"))
    assert result.x == 2 and [step.permanent for step in result.steps] == ["opal", "petal"]
    reference = reference_search(board, PaymentTarget.of("{2}"))
    assert reference.payable and pay(board, PaymentTarget.of("{2}")).payable
