"""Storage lands: "Remove X (or any number of) storage counters from this land: Add ... for each counter
removed this way". How many counters to remove is chosen as the cost is paid (CR 601.2b, 602.2b), so the
ability is one for each number from 1 to the counters the land has (``planner.rules.view.removing``); CP-SAT
chooses among them with the land's counters as a budget, the fast path leaves such boards to it, and the
answers are checked against the exhaustive reference search. The cards' Oracle text is given inline."""

from __future__ import annotations

from typing import Any

import pytest
from boards import agrees_with_reference, make_board
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from models.board import Board
from models.cost import PaymentTarget
from models.mana import ManaBag, ManaType
from planner import could_produce, max_x, pay
from planner.rules.pool import ManaUnit
from planner.rules.production import ManaTag
from planner.rules.replay import IllegalPlanError, Plan, Step, replay
from planner.rules.view import BoardView

NETWORK = {
    "name": "Mage-Ring Network",
    "type_line": "Land",
    "oracle": "{T}: Add {C}.\n{1}, {T}: Put a storage counter on this land.\n{T}, Remove any number of "
    "storage counters from this land: Add {C} for each storage counter removed this way.",
}
POOLS = {
    "name": "Calciform Pools",
    "type_line": "Land",
    "oracle": "{T}: Add {C}.\n{1}, {T}: Put a storage counter on this land.\n{1}, Remove X storage counters "
    "from this land: Add X mana in any combination of {W} and/or {U}.",
}
REEF = {
    "name": "Dreadship Reef",
    "type_line": "Land",
    "oracle": "{T}: Add {C}.\n{1}, {T}: Put a storage counter on Dreadship Reef.\n{1}, Remove X storage "
    "counters from Dreadship Reef: Add X mana in any combination of {U} and/or {B}.",
}


def _stored(card: dict[str, str], pid: str, counters: int) -> dict[str, Any]:
    return {"id": pid, **card, **({"counters": {"storage": counters}} if counters else {})}


def test_one_ability_for_each_number_of_counters_none_without() -> None:
    """Three counters: the removal is three abilities (1, 2 and 3 counters), after the land's others; none
    without counters, and no warning either way (the text is read and executed)."""
    view = BoardView(make_board([_stored(POOLS, "pools", 3)]))
    removals = [a for a in view.mana_abilities("pools") if a.cost.remove_counter]
    assert [(a.cost.remove_count, a.output.amount.constant) for a in removals] == [(1, 1), (2, 2), (3, 3)]
    assert view.mana_abilities("pools")[-3:] == tuple(removals)
    empty = BoardView(make_board([_stored(POOLS, "pools", 0)]))
    assert not any(a.cost.remove_counter for a in empty.mana_abilities("pools"))
    assert not view.warnings and not empty.warnings


def test_could_produce_counts_the_removal_with_or_without_counters() -> None:
    """CR 106.7: the Pools could produce {W} and {U} with counters, and without: costs are ignored ("Ignore
    whether any costs of the ability could or could not be paid"), so the X an activation would choose is
    admitted whatever the counters (as phase-rs's could_produce.rs tests read it; the Reflecting Pool
    ruling: it "doesn't check their costs"). Only its own {C} is activated without counters."""
    assert str(could_produce(make_board([_stored(POOLS, "p", 2)]))["p"]) == "WUC"
    assert str(could_produce(make_board([_stored(POOLS, "p", 0)]))["p"]) == "WUC"
    empty = make_board([_stored(POOLS, "p", 0), {"id": "f", "card": "Forest"}])
    assert not pay(empty, PaymentTarget.of("{W}")).payable
    assert pay(empty, PaymentTarget.of("{G}{1}")).payable


def test_the_counters_are_a_budget_across_activations() -> None:
    """The Pools' removal has no {T}: it can be activated again while counters are left, never for more
    than the land has: three counters and two Forests for the {1}s make at most three {W} or {U} in all."""
    board = make_board(
        [_stored(POOLS, "pools", 3), {"id": "f1", "card": "Forest"}, {"id": "f2", "card": "Forest"}]
    )
    assert pay(board, PaymentTarget.of("{W}{W}{U}{G}")).payable
    assert not pay(board, PaymentTarget.of("{W}{W}{U}{U}")).payable
    assert max_x(board, PaymentTarget.of("{X}")).x == 5  # {C}, and {1} from a Forest for three, and a {G}


def _unit(letter: str, source: str) -> ManaUnit:
    """A mana of ``source``'s, tagged as the Forests' is (a basic land made it: CR 205.4a, what "Spend only
    mana produced by basic lands" reads)."""
    return ManaUnit(ManaType[letter], ManaTag(source=source, basic_land=source.startswith("f")))


def test_a_plan_removing_counters_in_two_steps_replays() -> None:
    """Removing one counter, then two (the second step names the ability for two in the view after the
    first): the replay follows the counters as they go, and refuses a removal of more than are left."""
    board = make_board(
        [_stored(POOLS, "pools", 3), {"id": "f1", "card": "Forest"}, {"id": "f2", "card": "Forest"}]
    )
    abilities = BoardView(board).mana_abilities("pools")
    one, two, three = (abilities.index(a) for a in abilities if a.cost.remove_counter)

    def removal(number: int, made: str, paid_by: str) -> Step:
        return Step(
            permanent="pools",
            ability=number,
            produced=(("pools", ManaBag.parse(made)),),
            paid_with=(_unit("G", paid_by),),
        )

    def forest(pid: str) -> Step:
        return Step(permanent=pid, ability=0, produced=((pid, ManaBag.parse("{G}")),))

    steps = (forest("f1"), removal(one, "{W}", "f1"), forest("f2"), removal(two, "{W}{U}", "f2"))
    spent = tuple(_unit(letter, "pools") for letter in "WWU")
    summary = replay(board, PaymentTarget.of("{W}{W}{U}"), Plan(steps=steps, spent=spent))
    assert summary.floating == ()
    too_many = (*steps[:3], removal(three, "{W}{W}{U}", "f2"))
    spent = tuple(_unit(letter, "pools") for letter in "WWWU")
    with pytest.raises(IllegalPlanError):
        replay(board, PaymentTarget.of("{W}{W}{W}{U}"), Plan(steps=too_many, spent=spent))


def test_the_fast_path_leaves_storage_counters_to_cp_sat() -> None:
    """A storage land with counters is outside the fast path's fragment (CP-SAT chooses how many to remove);
    without counters the board stays inside it."""
    with_counters = make_board([_stored(NETWORK, "ring", 2), {"id": "p", "card": "Plains"}])
    assert pay(with_counters, PaymentTarget.of("{C}{C}{W}")).engine == "cp-sat"
    assert pay(with_counters, PaymentTarget.of("{C}{C}{W}")).payable
    without = make_board([_stored(NETWORK, "ring", 0), {"id": "p", "card": "Plains"}])
    assert pay(without, PaymentTarget.of("{C}{W}")).engine == "fast"


@st.composite
def storage_boards(draw: st.DrawFn) -> Board:
    """A storage land or two with 0 to 3 counters, and up to four basic lands, some tapped."""
    permanents = []
    for number in range(draw(st.integers(1, 2))):
        card = draw(st.sampled_from([NETWORK, POOLS, REEF]))
        permanents.append(_stored(card, f"s{number}", draw(st.integers(0, 3))))
    for number in range(draw(st.integers(0, 4))):
        land = draw(st.sampled_from(["Plains", "Island", "Swamp", "Forest", "Wastes"]))
        permanents.append({"id": f"b{number}", "card": land, "tapped": draw(st.integers(0, 4)) == 0})
    return make_board(permanents)


@settings(max_examples=60, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(
    storage_boards(),
    st.sampled_from(
        ["{W}{W}", "{U}{B}", "{C}{C}{C}", "{2}{U}", "{W}{U}{G}", "{B}{B}{B}", "{4}", "{1}{W}{W}"]
    ),
)
def test_storage_lands_agree_with_the_reference_search(board: Board, cost: str) -> None:
    assume(agrees_with_reference(board, PaymentTarget.of(cost), max_states=3000) is not None)
