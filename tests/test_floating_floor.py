"""The floating floor (issue 41 item 1, :mod:`planner.solve.cpsat.floating_floor`): the least mana any plan
leaves floating, from the amounts alone, is a row of the model that lets the LP see at once what it took
CP-SAT most of a stage to prove under mana multipliers. The subset sum is checked against an enumeration of
every choice of uses; the floor against the reference search's best plan (it is never above what that plan
floats); the answers with the row against the reference search; a "no" explained by its slots as before.
"""

from __future__ import annotations

import functools
import itertools
import math
import operator
import sys
from pathlib import Path

import pytest
from boards import agrees_with_reference, custom, make_board
from hypothesis import given, settings
from hypothesis import strategies as st

from models.board import Board
from models.cost import PaymentTarget
from models.mana import ManaType
from planner.api import pay
from planner.solve.cpsat import solve_payment
from planner.solve.cpsat.floating_floor import (
    _COSTED,
    _FREE,
    Floors,
    Item,
    _choosing,
    colors_lost_floor,
    floating_floor,
    floating_floors,
    fractional_typed_cover,
    least_cover,
    least_over,
    least_typed_cover,
    most_kept,
    tied_up_floor,
)
from planner.solve.cpsat.spine import build
from planner.solve.objective import color_keeping, permanent_facts
from planner.solve.problem import PaymentProblem
from planner.solve.solution import SolveStatus

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks.boards import multiplier_questions, small_slow_questions  # noqa: E402


def _enumerated(
    needed: int,
    alone: list[Item],
    shared: list[tuple[list[Item], int]],
    wanted: int,
    start: int,
    pool: int = 0,
    counts: tuple[int, ...] = (),
    pooled: tuple[int, ...] = (),
) -> int:
    """:func:`least_over` by trying every number of uses of every item (the independent truth): a sum that
    reaches ``needed``, with the mana wanted of each wanted type (its yields, else 1 where its flags meet
    it), a costed item only beside a free one, and the sum with the pool at least what each used item's
    one activation makes."""
    items = alone + [item for group, _ in shared for item in group]
    ranges = [range(item.most + 1) for item in alone]
    ranges += [range(times + 1) for group, times in shared for _ in group]
    wants = counts or (1,) * wanted
    best: int | None = None
    for uses in itertools.product(*ranges):
        at, over = len(alone), False
        for group, times in shared:
            over = over or sum(uses[at : at + len(group)]) > times
            at += len(group)
        if over:
            continue
        flags, made, first = start, 0, 0
        typed = list(pooled) or [1 if start & (4 << n) else 0 for n in range(wanted)]
        for item, used in zip(items, uses, strict=True):
            if used:
                flags |= item.flags
                made += used * item.amount
                first = max(first, item.made)
                for n in range(wanted):
                    typed[n] += used * (item.yields[n] if item.yields else bool(item.flags & (4 << n)))
        if any(have < want for have, want in zip(typed, wants, strict=True)):
            continue
        if (flags & _COSTED and not flags & _FREE) or made < needed:
            continue
        if made + pool < first:
            continue
        best = made - needed if best is None else min(best, made - needed)
    return 0 if best is None else best


_items = st.builds(
    Item,
    st.integers(0, 7),
    st.sampled_from([_FREE, _COSTED]).flatmap(
        lambda kind: st.sampled_from([kind, kind | 4, kind | 8, kind | 12])
    ),
    st.integers(1, 3),
    st.sampled_from([0, 0, 2, 5, 9]),
)
_yielding = st.builds(
    Item,
    st.integers(0, 7),
    st.sampled_from([_FREE, _COSTED]),
    st.integers(1, 3),
    st.sampled_from([0, 0, 2, 5]),
    st.tuples(st.integers(0, 3), st.integers(0, 2)),
)


@settings(max_examples=300, deadline=None, derandomize=True)
@given(
    st.integers(-3, 14),
    st.lists(_yielding, max_size=3),
    st.lists(st.tuples(st.lists(_yielding, min_size=1, max_size=2), st.integers(1, 3)), max_size=1),
    st.tuples(st.integers(1, 3), st.integers(1, 3)),  # (three of a type followed at most)
    st.tuples(st.integers(0, 1), st.integers(0, 2)),
    st.sampled_from([0, _FREE]),
)
def test_the_least_over_counts_each_wanted_types_mana(
    needed: int,
    alone: list[Item],
    shared: list[tuple[list[Item], int]],
    counts: tuple[int, int],
    pooled: tuple[int, int],
    start: int,
) -> None:
    """{W}{W}: two mana of the wanted type, not one source of it (the items' yields and the pool's)."""
    found = least_over(needed, alone, shared, wanted=2, start=start, counts=counts, pooled=pooled)
    assert found == _enumerated(needed, alone, shared, 2, start, 0, counts, pooled)


@settings(max_examples=300, deadline=None, derandomize=True)
@given(
    st.integers(-3, 24),
    st.integers(0, 5),
    st.sampled_from([_FREE, _COSTED]),
    st.integers(1, 8),
    st.lists(st.tuples(st.integers(0, 3), st.integers(0, 2)), min_size=2, max_size=3, unique=True),
    st.lists(_yielding, max_size=2),
    st.tuples(st.integers(1, 3), st.integers(1, 2)),
)
def test_a_template_whose_uses_choose_agrees_with_every_choice(
    needed: int,
    amount: int,
    kind: int,
    most: int,
    yields: list[tuple[int, int]],
    alone: list[Item],
    counts: tuple[int, int],
) -> None:
    """A template each of whose uses makes one of several ``yields`` (:func:`yield_choices`), as the groups
    of ``_choosing`` (at most the wanted mana's count of uses choosing, the rest its net mana alone): the
    same least excess as every number of uses of each choice, up to ``most`` in all."""
    choices = [Item(amount, kind, most, yields=each) for each in yields]
    found = least_over(needed, alone, _choosing(choices, sum(counts)), wanted=2, counts=counts)
    assert found == _enumerated(needed, alone, [(choices, most)], 2, 0, 0, counts)


@settings(max_examples=300, deadline=None, derandomize=True)
@given(
    st.integers(-3, 20),
    st.lists(_items, max_size=3),
    st.lists(st.tuples(st.lists(_items, min_size=1, max_size=2), st.integers(1, 3)), max_size=2),
    st.integers(0, 2),
    st.sampled_from([0, _FREE, _FREE | 4]),
    st.integers(0, 3),
)
def test_the_least_over_agrees_with_every_choice_of_uses(
    needed: int, alone: list[Item], shared: list[tuple[list[Item], int]], wanted: int, start: int, pool: int
) -> None:
    assert least_over(needed, alone, shared, wanted=wanted, start=start, pool=pool) == _enumerated(
        needed, alone, shared, wanted, start, pool
    )


def test_the_least_over_with_many_levels_of_made_is_never_above_every_choice() -> None:
    """More levels of ``made`` than least_over tells apart: the levels left out only weaken the floor."""
    alone = [Item(1, _FREE, 12), *(Item(0, _COSTED | 4, 1, made) for made in range(2, 12))]
    for needed in range(6):
        assert least_over(needed, alone, wanted=1) <= _enumerated(needed, alone, [], 1, 0)
    assert least_over(1, alone, wanted=1) == 0 < _enumerated(1, alone, [], 1, 0) == 1  # (made 2 left out)
    assert least_over(1, [*alone[:1], Item(0, _COSTED | 4, 1, 11)], wanted=1) == 10


def _nyxbloom(*lands: str) -> Board:
    """Nyxbloom Ancient (every permanent tapped for mana makes three times as much) and some lands."""
    return make_board([{"card": "Nyxbloom Ancient"}, *({"card": land} for land in lands)], opponent=False)


def _floor(board: Board, cost: str) -> int:
    record = build(PaymentProblem.of(board, PaymentTarget.of(cost)))
    return floating_floor(record, record.main)


@pytest.mark.parametrize(
    ("lands", "cost", "floor"),
    [
        (("Mountain", "Forest"), "{2}{R}{R}", 2),  # three and three for four
        (("Mountain", "Forest"), "{R}", 2),
        (("Mountain", "Forest"), "{5}", 1),
        (("Mountain", "Forest"), "{6}", 0),
        (("Mountain", "Forest"), "{2/R}", 0),  # (2 or 1 mana: the amounts do not fix it)
        (("Mountain", "Forest", "Rakdos Signet"), "{2}{R}{R}", 2),  # (the Signet: {1} for six, five net)
        (("Mountain", "Rakdos Signet"), "{B}", 7),  # ({B} only from the Signet, beside the Mountain: 3 + 5)
        # four colors followed: a land of each, twelve for four (three followed: nine, five floating)
        (("Plains", "Island", "Swamp", "Forest", "Mountain"), "{W}{U}{B}{G}", 8),
    ],
)
def test_the_floor_of_nyxbloom_boards(lands: tuple[str, ...], cost: str, floor: int) -> None:
    assert _floor(_nyxbloom(*lands), cost) == floor


@pytest.mark.parametrize(
    ("lands", "cost"),
    [
        (("Mountain", "Forest"), "{2}{R}{R}"),
        (("Mountain", "Forest", "Rakdos Signet"), "{2}{R}{R}"),
        (("Plains", "Island", "Swamp", "Forest", "Mountain"), "{W}{U}{B}{G}"),
        (("Mountain", "Rakdos Signet"), "{B}"),
        (("Mountain", "Mountain", "Forest"), "{1}{R}{G}"),
        (("Mountain", "Forest"), "{1}{R}{R}{R}{R}"),  # (no: three {R} at most)
    ],
)
def test_nyxbloom_boards_agree_with_the_reference_search(lands: tuple[str, ...], cost: str) -> None:
    assert agrees_with_reference(_nyxbloom(*lands), PaymentTarget.of(cost), max_states=5_000) is not None


#: A rock whose one pick is mana of one color (the shape of Arcane Signet's or Birds of Paradise's ability).
_PRISM = {"name": "Test Prism", "oracle": "{T}: Add one mana of any color.", "type_line": "Artifact"}

#: A land whose one ability makes two picks, each one mana of either color (a bounce land's amount, chosen).
_FORK = {
    "name": "Test Fork",
    "oracle": "{T}: Add two mana in any combination of {B} and/or {R}.",
    "type_line": "Land",
}


@pytest.mark.parametrize(
    ("permanents", "cost", "floor"),
    [
        # the Prism's three are of one color (CR 106.1, Nyxbloom Ancient: three times as much of that
        # mana): {B}{B}{R} wants a Mountain's three {R} beside its three {B}, six for three
        ((_PRISM, {"card": "Mountain"}), "{B}{B}{R}", 3),
        ((_PRISM, {"card": "Swamp"}), "{B}{B}{R}", 3),
        ((_PRISM, {"card": "Mountain"}), "{B}{B}{B}", 0),  # (three {B} from the Prism alone)
        ((_PRISM, _PRISM), "{B}{R}", 4),  # (each Prism three of one color: six for two)
        # the Fork's two picks make three {B} and three {R}: alone for {B}{B}{R}, three floating
        ((_FORK, {"card": "Mountain"}), "{B}{B}{R}", 3),
        ((_FORK, {"card": "Mountain"}), "{B}{B}{B}{R}{R}{R}", 0),  # (one pick each color)
    ],
)
def test_a_pick_makes_mana_of_one_type(permanents: tuple[dict[str, str], ...], cost: str, floor: int) -> None:
    """Each pick of an ability's mana is of one type, however many mana a multiplier makes of it: the floor
    no longer counts one pick's mana toward two colored symbols' types (it did: a floor of 0 for the
    Prism's {B}{B}{R}, bench_no's seed 22 question 252, Arcane Signet under Nyxbloom Ancient beside two
    Heartbeats of Spring, whose first stage then took 0.035 + 0.003 of deterministic time rather than
    0.004). Floors by hand; the answers against the reference search."""
    board = make_board([{"card": "Nyxbloom Ancient"}, *permanents], opponent=False)
    assert _floor(board, cost) == floor
    result = agrees_with_reference(board, PaymentTarget.of(cost), max_states=20_000)
    assert result is not None and result.floating.total == floor


def test_a_no_still_names_its_slots() -> None:
    """The row holds only with the target's slots filled: the infeasibility core still finds the {G} that
    can't be paid (the floor follows four colored symbols' types, {W}, {U}, {B} and {R}: four lands'
    twelve mana for five, seven floating). Where a followed type can't be made ({R} of Plains, Island and
    Swamp), no sum pays the cost and there is no row at all; the core is the {R}. Four {R} of three at
    most: the floor follows three of them (a row of one floating), and the core is still the {R}."""
    board = _nyxbloom("Plains", "Island", "Swamp", "Mountain")
    target = PaymentTarget.of("{W}{U}{B}{R}{G}")
    assert _floor(board, "{W}{U}{B}{R}{G}") == 7
    solution = solve_payment(PaymentProblem.of(board, target))
    assert solution.status is SolveStatus.INFEASIBLE
    assert solution.core == (ManaType.G,)
    assert not pay(board, target).payable
    board = _nyxbloom("Plains", "Island", "Swamp")
    target = PaymentTarget.of("{W}{U}{B}{R}")
    assert _floor(board, "{W}{U}{B}{R}") == 0
    solution = solve_payment(PaymentProblem.of(board, target))
    assert solution.status is SolveStatus.INFEASIBLE
    assert solution.core == (ManaType.R,)
    assert not pay(board, target).payable
    board = _nyxbloom("Mountain", "Forest")
    target = PaymentTarget.of("{1}{R}{R}{R}{R}")
    assert _floor(board, "{1}{R}{R}{R}{R}") == 1
    solution = solve_payment(PaymentProblem.of(board, target))
    assert solution.status is SolveStatus.INFEASIBLE
    assert solution.core == (ManaType.R,)


def test_the_regression_board_caged_sun_floats_at_least_one() -> None:
    """Caged Sun with Nyxbloom Ancient paying {3}{B}{R/U}: the lands make three (four in the Sun's color),
    a Cascading Cataracts five net but only after another source paid its {1}; no sum makes five."""
    question = multiplier_questions()["caged sun 26"]
    assert _floor(Board.from_dict(question.board), question.cost) == 1
    assert pay(Board.from_dict(question.board), PaymentTarget.of(question.cost)).payable


def test_an_x_given_counts_as_its_generic_mana() -> None:
    """{X}{R} with X given: the floor counts X's generic mana as the model's target demands it."""
    board = _nyxbloom("Mountain", "Forest")
    for x, floor in ((1, 1), (3, 2), (5, 0)):
        record = build(PaymentProblem.of(board, PaymentTarget.of("{X}{R}"), x=x))
        assert floating_floor(record, record.main) == floor
    assert agrees_with_reference(board, PaymentTarget.of("{X}{R}").with_x(3), max_states=5_000) is not None


@settings(max_examples=200, deadline=None, derandomize=True)
@given(st.integers(-2, 15), st.lists(st.tuples(st.integers(0, 6), st.integers(0, 5)), max_size=6))
def test_the_least_cover_agrees_with_every_subset(needed: int, items: list[tuple[int, int]]) -> None:
    costs = [
        sum(cost for _, cost in chosen)
        for size in range(len(items) + 1)
        for chosen in itertools.combinations(items, size)
        if sum(amount for amount, _ in chosen) >= needed
    ]
    truth = min(costs) if costs and needed > 0 else 0
    assert least_cover(needed, items) == truth


def _tied_up_floor(board: Board, cost: str, x: int | None = None) -> int:
    problem = PaymentProblem.of(board, PaymentTarget.of(cost), x=x)
    record = build(problem)
    facts = permanent_facts(problem.analysis, problem.prefer)
    return tied_up_floor(record, record.main, {pid: each.spendable for pid, each in facts.items()})


def test_the_tied_up_floor_under_mana_reflection() -> None:
    """Mana Reflection doubles: each Forest makes two and ties up two, Gilded Lotus six for six; five mana
    take three Forests (six) or the Lotus (six), and the floor is six."""
    board = make_board(
        [{"card": "Mana Reflection"}, *({"card": "Forest"} for _ in range(4)), {"card": "Gilded Lotus"}],
        opponent=False,
    )
    assert _tied_up_floor(board, "{4}{G}") == 6
    assert _tied_up_floor(board, "{X}{G}", x=2) == 4
    for cost in ("{4}{G}", "{1}{G}", "{G}{G}{G}{G}{G}{G}{G}"):
        assert agrees_with_reference(board, PaymentTarget.of(cost), max_states=20_000) is not None
    assert agrees_with_reference(board, PaymentTarget.of("{X}{G}").with_x(2), max_states=20_000) is not None


@settings(max_examples=200, deadline=None, derandomize=True)
@given(
    st.integers(-2, 12),
    st.integers(-1, 8),
    st.lists(st.tuples(st.integers(0, 6), st.integers(0, 6), st.integers(0, 6)), max_size=6),
)
def test_the_typed_cover_agrees_with_every_subset(
    needed: int, wanted: int, items: list[tuple[int, int, int]]
) -> None:
    costs = [
        sum(cost for _, _, cost in chosen)
        for size in range(len(items) + 1)
        for chosen in itertools.combinations(items, size)
        if sum(amount for amount, _, _ in chosen) >= needed and sum(typed for _, typed, _ in chosen) >= wanted
    ]
    truth = min(costs) if costs and (needed > 0 or wanted > 0) else 0
    assert least_typed_cover(needed, wanted, items) == truth


def _linear_relaxation(needed: int, wanted: int, items: list[tuple[int, int, int]]) -> float | None:
    """The typed cover's LP relaxation solved by GLOP (OR-Tools' LP solver: the independent truth)."""
    from ortools.linear_solver import pywraplp

    solver = pywraplp.Solver.CreateSolver("GLOP")
    taken = [solver.NumVar(0.0, 1.0, f"x{n}") for n in range(len(items))]
    solver.Add(sum(x * amount for x, (amount, _, _) in zip(taken, items, strict=True)) >= needed)
    solver.Add(sum(x * typed for x, (_, typed, _) in zip(taken, items, strict=True)) >= wanted)
    solver.Minimize(sum(x * cost for x, (_, _, cost) in zip(taken, items, strict=True)))
    return solver.Objective().Value() if solver.Solve() == pywraplp.Solver.OPTIMAL else None


@settings(max_examples=200, deadline=None, derandomize=True)
@given(
    st.integers(0, 12),
    st.integers(0, 8),
    st.lists(st.tuples(st.integers(0, 6), st.integers(0, 6), st.integers(0, 6)), min_size=1, max_size=6),
)
def test_the_fractional_typed_cover_is_the_linear_relaxation(
    needed: int, wanted: int, items: list[tuple[int, int, int]]
) -> None:
    """The typed cover's fractional bound (whether the row lifts the LP's bound) is the LP relaxation's
    optimum rounded up, never above the whole cover."""
    relaxed = _linear_relaxation(needed, wanted, items)
    found = fractional_typed_cover(needed, wanted, items)
    if relaxed is None:  # (no cover at all: no bound, and no floor)
        assert least_typed_cover(needed, wanted, items) == 0
        return
    assert found == max(math.ceil(relaxed - 1e-6), 0)
    assert found <= least_typed_cover(needed, wanted, items) or not (needed or wanted)


_EMBER = "{T}: Add {R}{R}{R}."  # (the shape of a land or rock making three of one color)
_THICKET = "{R/G}, {T}: Add {R}{R}, {R}{G}, or {G}{G}."  # (a filter land's shape)


@pytest.mark.parametrize(
    ("permanents", "cost", "floor"),
    [
        # {R}{R}{R}{R}: two Embers' six red, where an Ember and a Forest make four (both of the amounts'
        # covers, whole and fractional, 4; no row on main)
        (
            [
                custom("Test Ember", "e1", "Artifact", _EMBER),
                custom("Test Ember", "e2", "Artifact", _EMBER),
                {"card": "Forest"},
                {"card": "Forest"},
            ],
            "{R}{R}{R}{R}",
            6,
        ),
        # Nyxbloom Ancient: Mountains make three {R}, Forests three {G}, the Thicket six of its picks for
        # one. Eight {R} and {1}: the two Forests and a Mountain make nine, but three red; red enough
        # takes the Thicket (six) and a Mountain (three) and a nine's net needs a third source, three
        # more: 6 + 3 + 3 tied up (seed 14 question 189's shape: 22 {R} under Nyxbloom Ancient, 25 -> 27)
        (
            [
                {"card": "Nyxbloom Ancient"},
                *({"card": land} for land in ("Mountain", "Mountain", "Forest", "Forest")),
                custom("Test Thicket", "t", "Land", _THICKET),
            ],
            "{1}{R}{R}{R}{R}{R}{R}{R}{R}",
            12,
        ),
        # a land that turns {1} into a color counts its color, not its net 0: {R}{R} from the Mountain and
        # the Grotto paid by a Waste, three tied up (where the Grotto's {R} is left out, only the Ember's)
        (
            [
                {"card": "Mountain"},
                custom("Test Ember", "e", "Artifact", _EMBER),
                custom("Test Waste", "w", "Land", "{T}: Add {C}."),
                custom("Test Grotto", "g", "Land", "{1}, {T}: Add one mana of any color."),
            ],
            "{R}{R}",
            3,
        ),
    ],
)
def test_the_tied_up_floor_counts_the_wanted_type(
    permanents: list[dict[str, str]], cost: str, floor: int
) -> None:
    """The mana tied up covers each type the colored symbols want with the touched permanents' mana of
    that type, besides the whole amount (floors by hand; the answers against the reference search, whose
    best plan ties up that much)."""
    board = make_board(permanents, opponent=False)
    assert _tied_up_floor(board, cost) == floor
    assert agrees_with_reference(board, PaymentTarget.of(cost), max_states=50_000) is not None


def _floors(board: Board, cost: str) -> Floors:
    record = build(PaymentProblem.of(board, PaymentTarget.of(cost)))
    return floating_floors(record, record.main)


def test_a_costed_source_is_paid_with_what_came_before_it() -> None:
    """Cascading Cataracts, the only {G}: its {5} is paid with five made before it (Sol Ring's two and three
    Plains), and its five then pay {W}{W}{G} and float two, where the sums alone float none (Sol Ring and a
    Plains make three). By hand: 2 + 3 + 5 made, 5 + 3 spent."""
    board = make_board(
        [{"card": "Cascading Cataracts"}, {"card": "Sol Ring"}, *({"card": "Plains"} for _ in range(3))],
        opponent=False,
    )
    assert _floors(board, "{W}{W}{G}") == Floors(2, 2, ())
    result = agrees_with_reference(board, PaymentTarget.of("{W}{W}{G}"), max_states=20_000)
    assert result is not None and result.floating.total == 2


@pytest.mark.parametrize(
    ("dear", "cost", "floors"),
    [
        ("Llanowar Wastes", "{G}", (0, 2)),  # the Wastes' {G} deals 1 damage; Gilded Lotus floats two
        ("Treasure", "{G}", (0, 2)),  # a Treasure sacrificed, or the Lotus floating two
        ("Llanowar Wastes", "{1}{G}", (1, 1)),  # (the Lotus alone floats one: no row of its own)
        ("Llanowar Wastes", "{2}{G}", (0, 0)),  # (the Lotus alone: no row)
        ("Forest", "{G}", (0, 0)),  # (no dear template)
    ],
)
def test_the_plans_that_spare_life_and_sacrifices_float_more(
    dear: str, cost: str, floors: tuple[int, int]
) -> None:
    """Life and sacrifices rank above the mana floating: the plans that use no painland's colored mana and
    no Treasure float what Gilded Lotus's three leave, a floor of their own (by hand: 3 less the cost); the
    answers against the reference search (the Lotus's plan where it floats, a painland's damage never)."""
    board = make_board([{"card": "Gilded Lotus"}, {"card": dear}], opponent=False)
    found = _floors(board, cost)
    assert (found.every, found.cheap) == floors
    assert bool(found.dear) == (dear != "Forest")
    result = agrees_with_reference(board, PaymentTarget.of(cost), max_states=20_000)
    assert result is not None and result.damage_taken == 0 and not result.sacrificed


def test_the_dear_row_holds_only_where_no_dear_template_is_used() -> None:
    """Without the Lotus, the Wastes' {G} (1 damage) is the only plan and floats nothing: the row 'some dear
    template is used' lets it."""
    board = make_board([{"card": "Llanowar Wastes"}], opponent=False)
    assert _floors(board, "{G}") == Floors(0, None, _floors(board, "{G}").dear)
    result = agrees_with_reference(board, PaymentTarget.of("{G}"), max_states=5_000)
    assert result is not None and result.damage_taken == 1 and result.floating.total == 0
    board = make_board([{"card": "Gilded Lotus"}, {"card": "Llanowar Wastes"}], life=1, opponent=False)
    result = agrees_with_reference(board, PaymentTarget.of("{G}"), max_states=5_000)
    assert result is not None and result.floating.total == 2


@settings(max_examples=200, deadline=None, derandomize=True)
@given(st.integers(-1, 8), st.lists(st.tuples(st.integers(1, 7), st.integers(0, 4)), max_size=6))
def test_the_most_kept_agrees_with_every_subset(spare: int, units: list[tuple[int, int]]) -> None:
    """The colors kept (of three) by the best set of untouched units within the spare mana, against every
    subset of the units."""
    kept = [
        bin(functools.reduce(operator.or_, (mask for mask, _ in chosen), 0)).count("1")
        for size in range(len(units) + 1)
        for chosen in itertools.combinations(units, size)
        if sum(cost for _, cost in chosen) <= spare
    ]
    assert most_kept(spare, units) == (max(kept) if spare >= 0 else None)


def _colors_lost_floor(board: Board, cost: str) -> int:
    problem = PaymentProblem.of(board, PaymentTarget.of(cost))
    record = build(problem)
    keeping = color_keeping(problem.view, problem.reflect, record.templates)
    return colors_lost_floor(record, record.main, keeping)


@pytest.mark.parametrize(
    ("lands", "cost", "floor"),
    [
        # four of six: two basics left (Cataracts keeps all five only with five more untouched to pay it)
        (("Plains", "Island", "Swamp", "Mountain", "Forest", "Cascading Cataracts"), "{4}", 3),
        (("Plains", "Island", "Swamp", "Mountain", "Forest", "Cascading Cataracts"), "{1}", 0),
        # Plains and Island pay: the Signet stays with the Swamp to pay it, every color open
        (("Plains", "Island", "Swamp", "Azorius Signet"), "{2}", 0),
        # one mana to spare: one basic stays (the Signet alone keeps nothing: its payer would be a second)
        (("Plains", "Island", "Swamp", "Azorius Signet"), "{3}", 2),
    ],
)
def test_the_colors_lost_floor(lands: tuple[str, ...], cost: str, floor: int) -> None:
    """The fewest colors lost, by hand (each basic keeps its color and gives up its one mana), never above
    the reference search's best plan's (agrees_with_reference: the answer's levels are the best's)."""
    board = make_board([{"card": land} for land in lands], opponent=False)
    assert _colors_lost_floor(board, cost) == floor
    result = agrees_with_reference(board, PaymentTarget.of(cost), max_states=50_000)
    assert result is not None and dict(result.objective)["colors_lost"] >= floor


def test_krark_clan_ironworks_and_signets() -> None:
    """Signets cost {1} and the Ironworks' sacrifice nothing: no plan without a sacrifice (the row 'some
    dear template is used'), and {W}{W} takes two Signets' {W}, each one net, beside the Ironworks' two:
    four made, two floating (by hand). The answer against the reference search."""
    board = make_board(
        [{"card": "Krark-Clan Ironworks"}, *({"card": "Selesnya Signet"} for _ in range(3))], opponent=False
    )
    floors = _floors(board, "{W}{W}")
    assert (floors.every, floors.cheap) == (2, None) and floors.dear
    result = agrees_with_reference(board, PaymentTarget.of("{W}{W}"), max_states=50_000)
    assert result is not None and result.floating.total == 2 and len(result.sacrificed) == 1
    question = small_slow_questions()["ironworks signets 10"]
    assert _floors(Board.from_dict(question.board), question.cost).every == 2
