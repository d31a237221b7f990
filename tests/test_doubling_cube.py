"""Doubling Cube, "{3}, {T}: Double the amount of each type of unspent mana you have." (issue 35): it
adds, for each type of mana, as much as the pool holds once its own {3} is paid (CR 602.2, 608.2h;
colorless is a type, 106.1b); the new mana is the Cube's, with nothing of what rode on the mana doubled.

Values are derived by hand from the rules; the random boards are checked against the reference search.
"""

from __future__ import annotations

import time
from typing import Any

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from models.board import Board
from models.cost import PaymentTarget
from models.oracle import parse_oracle
from planner.api import could_produce, max_x, pay
from planner.rules.executed import unexecuted_part
from planner.rules.reference import ReferenceLimitError, reference_search
from planner.solve.cpsat.unspent import declines
from planner.solve.fast import fragment_reason
from planner.solve.problem import PaymentProblem

CUBE_TEXT = "{3}, {T}: Double the amount of each type of unspent mana you have."
CUBE = {"name": "Doubling Cube", "type_line": "Artifact", "mana_cost": "{2}", "oracle": CUBE_TEXT}
JEGANTHA = {
    "name": "Jegantha, the Wellspring",
    "type_line": "Legendary Creature — Elemental Elk",
    "mana_cost": "{4}{R/G}",
    "power": 5,
    "toughness": 5,
    "oracle": "{T}: Add {W}{U}{B}{R}{G}. This mana can't be spent to pay generic mana costs.",
}


def _board(
    *permanents: tuple[str, str | dict[str, Any]], pool: str = "", tapped: tuple[str, ...] = ()
) -> Board:
    me: dict[str, Any] = {"id": "me"}
    if pool:
        me["pool"] = [{"mana": pool}]
    return Board.from_dict(
        {
            "version": 1,
            "players": [me],
            "permanents": [
                {
                    "id": pid,
                    "controller": "me",
                    **({"card": card} if isinstance(card, str) else card),
                    **({"tapped": True} if pid in tapped else {}),
                }
                for pid, card in permanents
            ],
        }
    )


def _lotuses(**status: Any) -> Board:
    """Sol Ring and two Gilded Lotuses make 8 mana; the Cube takes 3 and doubles the other 5: 10."""
    return _board(("c", CUBE), ("sol", "Sol Ring"), ("l1", "Gilded Lotus"), ("l2", "Gilded Lotus"), **status)


def test_the_sentence_is_read_and_executed_not_set_aside() -> None:
    (ability,) = parse_oracle(CUBE_TEXT).mana_abilities
    assert unexecuted_part(ability) is None
    result = pay(_lotuses(), PaymentTarget.of("{10}"))
    assert result.payable and not any("Doubling Cube" in str(w) for w in result.warnings)


def test_the_cube_doubles_what_its_cost_left() -> None:
    board = _lotuses()
    assert pay(board, PaymentTarget.of("{8}")).payable  # without the Cube
    for cost in ("{9}", "{10}", "{G}" * 10, "{W}" * 6 + "{U}" * 4):
        answer = pay(board, PaymentTarget.of(cost))
        assert answer.payable and "c" in answer.tapped, cost
        assert answer.optimal  # (the model counts the Cube: the plan is proven best)
    # 8 mana, 3 pay the Cube: 5 are doubled, never 11; two Lotuses split 5 as 3 and 2 of two colors
    for cost in ("{11}", "{W}" * 5 + "{U}" * 5, "{G}" * 11):
        answer = pay(board, PaymentTarget.of(cost))
        assert answer.payable is False and answer.optimal, cost  # (proven by the model, not a time-out)
    answer = max_x(board, PaymentTarget.of("{X}"))
    assert answer.payable and answer.x == 10 and answer.optimal
    answer = max_x(board, PaymentTarget.of("{X}{W}"))
    assert answer.payable and answer.x == 9 and answer.optimal


def test_a_tapped_cube_doubles_nothing_and_the_answer_is_proven() -> None:
    board = _lotuses(tapped=("c",))
    assert pay(board, PaymentTarget.of("{8}")).optimal
    answer = pay(board, PaymentTarget.of("{9}"))
    assert answer.payable is False and answer.optimal
    assert max_x(board, PaymentTarget.of("{X}")).x == 8


def test_each_type_is_doubled_floating_mana_and_colorless_too() -> None:
    # floating {R}{R}, Sol Ring's {C}{C}, two Forests' {G}{G}: 6; the Cube's {3} takes three, 3 are doubled
    board = _board(("c", CUBE), ("sol", "Sol Ring"), ("f1", "Forest"), ("f2", "Forest"), pool="{R}{R}")
    assert pay(board, PaymentTarget.of("{R}{R}{R}{R}{G}{G}")).payable  # {3} paid with {C}{C}{G}
    assert pay(board, PaymentTarget.of("{R}{R}{R}{R}{C}{C}")).payable  # {3} paid with {C}{G}{G}
    assert pay(board, PaymentTarget.of("{R}" * 5)).payable is False  # only two {R} ever reach the Cube
    assert max_x(board, PaymentTarget.of("{X}")).x == 6


def test_a_cube_paid_with_all_there_is_adds_nothing() -> None:
    board = _board(("c", CUBE), ("sol", "Sol Ring"), ("f", "Forest"))
    assert pay(board, PaymentTarget.of("{3}")).payable
    assert pay(board, PaymentTarget.of("{4}")).payable is False
    assert max_x(board, PaymentTarget.of("{X}")).x == 3


def test_what_rode_on_the_mana_is_not_doubled() -> None:
    """Jegantha's mana can't pay generic costs (the Cube's {3} either: Sol Ring and a Forest pay it); the
    Cube's copies of its five mana are the Cube's own, which may."""
    board = _board(("c", CUBE), ("j", JEGANTHA), ("sol", "Sol Ring"), ("f", "Forest"))
    assert pay(board, PaymentTarget.of("{5}")).payable
    assert pay(board, PaymentTarget.of("{5}{W}{U}{B}{R}{G}")).payable
    assert pay(board, PaymentTarget.of("{6}")).payable is False
    assert max_x(board, PaymentTarget.of("{X}")).x == 5


def test_could_produce_and_the_fast_path() -> None:
    board = _lotuses()
    assert str(could_produce(board)["c"]) == ""  # an empty pool doubled is no mana (CR 106.7)
    assert fragment_reason(PaymentProblem.of(board, PaymentTarget.of("{1}"))) is not None
    assert pay(board, PaymentTarget.of("{1}")).engine == "cp-sat"


_SOURCES: tuple[str | dict[str, Any], ...] = (
    "Forest",
    "Island",
    "Sol Ring",
    "Gilded Lotus",
    "Azorius Signet",
    "Birds of Paradise",
    "Treasure",
)
_COSTS = ("{4}", "{6}", "{G}{G}{G}{G}", "{2}{W}{U}", "{U}{U}{U}{U}{U}", "{X}{G}")


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    sources=st.lists(st.sampled_from(range(len(_SOURCES))), min_size=1, max_size=3),
    pool=st.sampled_from(("", "{G}", "{C}{C}", "{W}{U}")),
    cost=st.sampled_from(_COSTS),
)
def test_against_the_reference_search(sources: list[int], pool: str, cost: str) -> None:
    """The verdict and the largest X are the reference search's, which activates the Cube in every order
    with every way of paying its {3}; every plan replays (pay replays each)."""
    board = _board(("c", CUBE), *((f"p{n}", _SOURCES[i]) for n, i in enumerate(sources)), pool=pool)
    target = PaymentTarget.of(cost)
    try:
        if target.cost.has_variable:
            largest = -1
            while largest < 30 and reference_search(board, target, x=largest + 1, max_states=5_000).payable:
                largest += 1
        else:
            payable = reference_search(board, target, max_states=5_000).payable
    except ReferenceLimitError:
        assume(False)
        return
    if target.cost.has_variable:
        answer = max_x(board, target)
        assert (answer.x if answer.payable else -1) == largest
    else:
        assert pay(board, target).payable is payable


def test_the_model_counts_the_cube_and_proves_its_answers() -> None:
    """On a board where every ability is activated at most once and nothing else reads the game, the CP-SAT
    model counts what the Cube doubles (planner.solve.cpsat.unspent): no reference search, and each answer
    proven, the "no"s included."""
    board = _lotuses()
    assert declines(PaymentProblem.of(board, PaymentTarget.of("{10}"))) is None
    for cost, payable in (("{10}", True), ("{11}", False), ("{W}" * 6 + "{U}" * 4, True)):
        answer = pay(board, PaymentTarget.of(cost))
        assert answer.payable is payable and answer.optimal and answer.engine == "cp-sat", cost


def test_a_signet_before_the_cube_is_doubled() -> None:
    """A floating {G}{G}, Sol Ring's {C}{C} and a Forest's {G}: one {G} pays Azorius Signet's {1} for {W}{U},
    the Cube's {3} takes {C}{C}{G}, and the {G}{W}{U} left is doubled: {W}{W}{U}{U} is paid, never a
    third {W} (only the Signet makes {W}, once). The largest X is the reference search's, whatever the
    order."""
    board = _board(("c", CUBE), ("sol", "Sol Ring"), ("f", "Forest"), ("s", "Azorius Signet"), pool="{G}{G}")
    answer = pay(board, PaymentTarget.of("{W}{W}{U}{U}"))
    assert answer.payable and answer.optimal
    assert pay(board, PaymentTarget.of("{W}{W}{W}{U}")).payable is False
    answer = max_x(board, PaymentTarget.of("{X}"))
    assert answer.payable and answer.optimal
    largest = -1
    while reference_search(board, PaymentTarget.of("{X}"), x=largest + 1, max_states=3_000).payable:
        largest += 1
    assert answer.x == largest


def test_two_cubes_multiply() -> None:
    """Sol Ring and two Gilded Lotuses make 8; the first Cube takes 3 and doubles 5 to 10, the second takes
    3 and doubles 7 to 14, never 15."""
    board = _board(
        ("c1", CUBE), ("c2", CUBE), ("sol", "Sol Ring"), ("l1", "Gilded Lotus"), ("l2", "Gilded Lotus")
    )
    answer = max_x(board, PaymentTarget.of("{X}"))
    assert answer.payable and answer.x == 14 and answer.optimal
    assert pay(board, PaymentTarget.of("{14}")).optimal
    answer = pay(board, PaymentTarget.of("{15}"))
    assert answer.payable is False and answer.optimal


def test_a_cost_to_keep_leaves_the_cube_to_the_reference_search() -> None:
    """Where the model would be narrower than the rules it leaves the Cube out and says so."""
    board = _lotuses()
    problem = PaymentProblem.of(board, PaymentTarget.of("{1}"), keep=PaymentTarget.of("{1}"))
    assert declines(problem) == "a cost to keep payable"


PACT = {"name": "Pact", "type_line": "Artifact", "oracle": "Pay 10 life: Add {C}."}
CONVERTER = {"name": "Converter", "type_line": "Artifact", "oracle": "{1}: Add {W}."}
BATTERY = {
    "name": "Battery",
    "type_line": "Artifact",
    "oracle": "Remove a charge counter from this artifact: Add {R}.",
    "counters": {"charge": 3},
}


def test_an_ability_activated_more_than_once_is_counted_before_and_after_the_cube() -> None:
    """Pact ('Pay 10 life: Add {C}.', twice at 20 life) has a copy for each side of the Cube
    (planner.solve.cpsat.doubling_scope): the model counts the Cube and proves its answers. By hand: Sol
    Ring's 2, Gilded Lotus's 3 and Pact's 2 make 7; the Cube takes 3 and doubles 4: 8, never 9."""
    board = _board(("c", CUBE), ("sol", "Sol Ring"), ("l1", "Gilded Lotus"), ("p", PACT))
    assert declines(PaymentProblem.of(board, PaymentTarget.of("{8}"))) is None
    answer = pay(board, PaymentTarget.of("{8}"))
    assert answer.payable and answer.optimal and answer.engine == "cp-sat" and answer.life_paid == 20
    answer = pay(board, PaymentTarget.of("{9}"))
    assert answer.payable is False and answer.optimal
    answer = max_x(board, PaymentTarget.of("{X}"))
    assert answer.payable and answer.x == 8 and answer.optimal
    # without the Cube's doubling the Pact pays for nothing it can't: {5} is Sol Ring, the Lotus, no life
    answer = pay(board, PaymentTarget.of("{5}"))
    assert answer.payable and answer.optimal and answer.life_paid == 0
    # a charge counter removed at a time ({R} each, three) and a converter ({1}: {W}, as often as paid):
    # Sol Ring's {C}{C} and a counter's {R} pay the Cube, two {R} are doubled to four; or the {R}{R} left
    # are converted to {W}{W} first and doubled. Six {R} never: three counters, one at least spent on {3}
    board = _board(("c", CUBE), ("sol", "Sol Ring"), ("b", BATTERY), ("w", CONVERTER))
    for cost, payable in (("{R}{R}{R}{R}", True), ("{W}{W}{W}{W}", True), ("{R}{R}{R}{R}{R}", False)):
        assert declines(PaymentProblem.of(board, PaymentTarget.of(cost))) is None
        answer = pay(board, PaymentTarget.of(cost))
        assert answer.payable is payable and answer.optimal, cost
        assert reference_search(board, PaymentTarget.of(cost), max_states=50_000).payable is payable, cost


def _paid(board: Board, target: PaymentTarget, x: int | None, check: Any) -> bool:
    """The reference search's verdict, within a few states and the test's time (past them it raises
    ``ReferenceLimitError``)."""
    return reference_search(board, target, x=x, max_states=2_000, check=check).payable


_MORE_SOURCES: tuple[str | dict[str, Any], ...] = (
    *_SOURCES,
    "Fire-Lit Thicket",
    "Mountain",
    JEGANTHA,
    *(PACT, CONVERTER, BATTERY),  # (activated more than once: a copy each side of each Cube)
)
_MORE_COSTS = (*_COSTS, "{R}{R}{R}{G}", "{1}{W}{U}{B}{R}{G}", "{X}{R}", "{8}")


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    sources=st.lists(st.sampled_from(range(len(_MORE_SOURCES))), min_size=1, max_size=3),
    cubes=st.integers(min_value=1, max_value=2),
    pool=st.sampled_from(("", "{G}", "{C}{C}", "{W}{U}", "{R}{R}{R}")),
    cost=st.sampled_from(_MORE_COSTS),
)
def test_the_model_against_the_reference_search(sources: list[int], cubes: int, pool: str, cost: str) -> None:
    """The model's verdict and largest X, proven (``optimal``), are the reference search's on boards with
    one or two Cubes, filter lands, Signets, restricted mana and floating mana."""
    board = _board(
        *((f"c{n}", CUBE) for n in range(cubes)),
        *((f"p{n}", _MORE_SOURCES[i]) for n, i in enumerate(sources)),
        pool=pool,
    )
    target = PaymentTarget.of(cost)
    assume(declines(PaymentProblem.of(board, target)) is None)
    deadline = time.monotonic() + 4  # (two Cubes make many states: a board past this is skipped)

    def check() -> None:
        if time.monotonic() > deadline:
            raise ReferenceLimitError("past the test's time for the reference search")

    try:
        if target.cost.has_variable:
            largest = -1
            while largest < 40 and _paid(board, target, largest + 1, check):
                largest += 1
        else:
            payable = _paid(board, target, None, check)
    except ReferenceLimitError:
        assume(False)
        return
    if target.cost.has_variable:
        answer = max_x(board, target)
        assert (answer.x if answer.payable else -1) == largest
    else:
        answer = pay(board, target)
        assert answer.payable is payable
    assert answer.optimal
