"""Mana multipliers in the CP-SAT model (issue 41): twins whose ability has many outcomes that cost mana
(two Cascading Cataracts under Caged Sun: 31 each) are kept apart rather than merged
(:func:`planner.solve.cpsat.analysis.few_paid_outcomes`), which keeps the model small without changing any
answer; the outcomes of one ability that choose among the same types share their counts of picks
(:func:`planner.solve.cpsat.layer.pick_pool`: Cascading Cataracts under Zendikar Resurgent's and Heartbeat of
Spring's triggers). On small boards of multipliers, triggers and twins the answer agrees with the reference
search; on issue 41's regression boards, merged and apart reach the same objective.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from boards import agrees_with_reference, make_board
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from models.board import Board
from models.cost import PaymentTarget
from models.mana import TYPE_ORDER, ManaBag, ManaTypes
from planner.rules.production import ManaTag, Outcome, Packet, _by_types_made
from planner.solve.cpsat import solve as solve_module
from planner.solve.cpsat import spine
from planner.solve.cpsat.analysis import analysed
from planner.solve.cpsat.solve import solve
from planner.solve.cpsat.spine import build, solved
from planner.solve.problem import PaymentProblem
from planner.solve.solution import SolveStatus

# benchmarks/ is not an installed package: make it importable however pytest is started
ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks.bench_no import questions  # noqa: E402
from benchmarks.boards import MULTIPLIERS, multiplier_questions  # noqa: E402

#: Cards that multiply, add to or count mana, one of each at most on a board.
_MULTIPLIERS = ["Nyxbloom Ancient", "Mana Reflection", "Caged Sun", "Heartbeat of Spring", "Cabal Coffers"]
#: Cards whose abilities cost mana and come in twins.
_TWINS = ["Cascading Cataracts", "Grim Monolith", "Graven Cairns", "Rakdos Signet"]
_OTHERS = ["Forest", "Swamp", "Mountain", "Llanowar Elves", "Badlands"]


@st.composite
def multiplier_boards(draw: st.DrawFn) -> Board:
    """One or two multipliers, two copies of one card of :data:`_TWINS`, and up to two other
    permanents."""
    permanents: list[dict[str, Any]] = []
    for name in draw(st.lists(st.sampled_from(_MULTIPLIERS), min_size=1, max_size=2, unique=True)):
        entry: dict[str, Any] = {"card": name}
        if name == "Caged Sun":
            entry["choices"] = {"color": draw(st.sampled_from("BRG"))}
        permanents.append(entry)
    twin = draw(st.sampled_from(_TWINS))
    permanents += [{"card": twin}, {"card": twin}]
    permanents += [{"card": draw(st.sampled_from(_OTHERS))} for _ in range(draw(st.integers(0, 2)))]
    return make_board(permanents, opponent=False)


@settings(max_examples=10, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(multiplier_boards(), st.sampled_from(["{B}", "{3}{B}{R/U}", "{R}{R}", "{2}{G}{G}", "{9}", "{30}"]))
def test_the_model_agrees_with_the_reference_search_under_multipliers(board: Board, cost: str) -> None:
    assume(agrees_with_reference(board, PaymentTarget.of(cost), max_states=600) is not None)


def test_twin_cataracts_under_caged_sun_are_kept_apart() -> None:
    """Under Caged Sun each Cascading Cataracts has an outcome per set of the five colors its five mana take
    (whether the Sun's color is among them decides whether it adds one): merged, the two would be 62
    producer nodes; apart, each Cataracts' outcomes are one node and the model stays small."""
    question = multiplier_questions()["caged sun 26"]
    board = Board.from_dict(question.board)
    record = analysed(PaymentProblem.of(board, PaymentTarget.of(question.cost)), merge=True)
    cataracts = [t for t in record.templates if t.pid.startswith("cat")]
    assert sum(t.costs_mana for t in cataracts) == 2 * 31
    assert all(t.sources == (t.pid,) for t in cataracts)
    assert len({record.producer[t.index] for t in cataracts if t.costs_mana}) == 2


#: Cards whose triggers add mana of a type the land produced (or the chosen color), so that each way a land
#: with a choice of colors resolves is an outcome of its own; and sources with such a choice.
_TRIGGERS = ["Zendikar Resurgent", "Heartbeat of Spring", "Caged Sun", "Mana Reflection", "Nyxbloom Ancient"]
_CHOOSERS = ["Cascading Cataracts", "Graven Cairns", "Gaea's Cradle", "Birds of Paradise", "Badlands"]


@st.composite
def trigger_boards(draw: st.DrawFn) -> Board:
    """One or two of :data:`_TRIGGERS`, one or two of :data:`_CHOOSERS`, and up to two basic lands or
    elves."""
    permanents: list[dict[str, Any]] = []
    for name in draw(st.lists(st.sampled_from(_TRIGGERS), min_size=1, max_size=2, unique=True)):
        entry: dict[str, Any] = {"card": name}
        if name == "Caged Sun":
            entry["choices"] = {"color": draw(st.sampled_from("BRG"))}
        permanents.append(entry)
    permanents += [
        {"card": name} for name in draw(st.lists(st.sampled_from(_CHOOSERS), min_size=1, max_size=2))
    ]
    permanents += [{"card": draw(st.sampled_from(_OTHERS))} for _ in range(draw(st.integers(0, 2)))]
    return make_board(permanents, opponent=False)


@settings(max_examples=12, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(
    trigger_boards(), st.sampled_from(["{B}{R}", "{3}{B}{R/U}", "{R}{R}{R}", "{2}{G}{G}", "{7}", "{G}{U}{W}"])
)
def test_shared_picks_agree_with_the_reference_search_under_triggers(board: Board, cost: str) -> None:
    assume(agrees_with_reference(board, PaymentTarget.of(cost), max_states=600) is not None)


def test_the_outcomes_of_one_ability_share_their_picks() -> None:
    """Under Zendikar Resurgent and Heartbeat of Spring each set of colors Cascading Cataracts' five mana take
    is an outcome of its own, each adding two mana of a type among those it made: the model counts the picks
    of each set of types once per ability (one variable per type of the set), not once per outcome and
    packet, and still pays what only one outcome's choice allows."""
    board = make_board(
        [
            {"card": "Zendikar Resurgent"},
            {"card": "Heartbeat of Spring"},
            {"card": "Cascading Cataracts", "id": "cat"},
            *({"card": "Forest"} for _ in range(4)),
        ],
        opponent=False,
    )
    problem = PaymentProblem.of(board, PaymentTarget.of("{W}{U}{B}{R}{G}{G}{G}"))
    record = build(problem)
    cataracts = [t for t in record.templates if t.pid == "cat" and t.costs_mana]
    picks = [p for t in cataracts for p in t.outcome.packets if len(p.types) > 1]
    pools = {key: pool for key, pool in record.main.pick_pool.items() if key[1] == "cat"}
    counts = [key for key in record.main.choice if key[0] in pools.values()]
    assert len(cataracts) > 20
    assert len(counts) == sum(len(ManaTypes(key[3])) for key in pools)
    assert sum(len(p.types) for p in picks) > 2 * len(counts)
    solution = solved(problem)
    assert solution.status is SolveStatus.OPTIMAL and solution.plan is not None


def test_twin_filter_lands_do_not_pay_each_other_first() -> None:
    """Two Fire-Lit Thickets under Nyxbloom Ancient and Mana Reflection make twelve mana for {R/G} each: the
    model with the twins merged, which orders the activations only once solved, must not let each pay the
    other's cost (no order has both first). It answers on its own, with the reference search's best plan."""
    board = make_board(
        [
            {"card": "Nyxbloom Ancient"},
            {"card": "Mana Reflection"},
            {"card": "Fire-Lit Thicket", "id": "t1"},
            {"card": "Fire-Lit Thicket", "id": "t2"},
            {"card": "Mountain"},
            {"card": "Forest"},
        ],
        opponent=False,
    )
    target = PaymentTarget.of("{3}" + "{R}" * 16)
    record = build(PaymentProblem.of(board, target))
    assert record.relaxed
    solution = solve(record)
    assert solution is not None and solution.status is SolveStatus.OPTIMAL
    assert agrees_with_reference(board, target, max_states=5000) is not None


_TAGS = [ManaTag(source="a"), ManaTag(source="b")]


@st.composite
def packet_lists(draw: st.DrawFn) -> tuple[Packet, ...]:
    """One to three packets: some types, picks, mana per pick and one of two sources."""
    packets = [
        Packet(
            ManaTypes.of(draw(st.lists(st.sampled_from(TYPE_ORDER), min_size=1, max_size=4, unique=True))),
            draw(st.integers(1, 4)),
            draw(st.integers(1, 3)),
            draw(st.sampled_from(_TAGS)),
        )
        for _ in range(draw(st.integers(1, 3)))
    ]
    return tuple(packets)


def _results(packets: Sequence[Packet]) -> set[tuple[tuple[str, str], ...]]:
    """Every fully chosen result of some packets, as (source, bag) pairs merged per source and type."""
    found = set()
    for concrete in Outcome(tuple(packets)).concrete():
        merged: dict[str, ManaBag] = {}
        for bag, tag in concrete:
            merged[tag.source] = merged.get(tag.source, ManaBag()) + bag
        found.add(tuple(sorted((source, str(bag)) for source, bag in merged.items())))
    return found


@settings(max_examples=200, deadline=None, derandomize=True)
@given(packet_lists())
def test_split_by_types_made_keeps_every_choice(packets: tuple[Packet, ...]) -> None:
    """What the triggers read is the types each choice makes (CR 605.4a): the packets split by the set of
    types made have, together, exactly the packets' choices, and each part's choices all make its set."""
    together: set[tuple[tuple[str, str], ...]] = set()
    for parts, made in _by_types_made(packets):
        for concrete in Outcome(parts).concrete():
            assert ManaTypes.of(t for bag, _ in concrete for t in bag.types) == made
        together |= _results(parts)
    assert together == _results(packets)


@pytest.mark.parametrize("name", sorted(multiplier_questions()))
def test_merged_and_apart_agree_on_the_regression_boards(name: str) -> None:
    question = multiplier_questions()[name]
    board = Board.from_dict(question.board)
    answers = []
    for merge in (True, False):
        problem = PaymentProblem.of(board, PaymentTarget.of(question.cost), time_limit=60.0)
        solution = solved(problem, merge=merge)
        assert solution.status is SolveStatus.OPTIMAL
        answers.append(solution.objective)
    assert answers[0] == answers[1]


def test_a_merged_optimum_that_cannot_be_ordered_is_answered_by_every_twin(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Cascading Cataracts and two Rugged Prairies among Plains paying {B}{B}: without the floating floor's
    rows, the optimum of the model with the Prairies merged has them pay each other's {R/W}, which no order
    allows, so the model of every twin answers (:func:`planner.solve.cpsat.spine.solved`), with the
    reference search's best plan (the kind of bench_no --multipliers seed 16 question 191 and seed 18
    question 19, issue 41). With the floor (the Cataracts' five paid with five made before it), the merged
    model's optimum is that plan's, and it is ordered at once."""
    board = make_board(
        [
            {"card": "Cascading Cataracts"},
            {"card": "Rugged Prairie", "id": "t1"},
            {"card": "Rugged Prairie", "id": "t2"},
            *({"card": "Plains"} for _ in range(4)),
        ],
        opponent=False,
    )
    target = PaymentTarget.of("{B}{B}")
    with monkeypatch.context() as patched:
        patched.setattr(spine, "floor_floating", lambda record, layer: None)
        record = build(PaymentProblem.of(board, target))
        assert record.relaxed and solve(record) is None
        fallback = solved(PaymentProblem.of(board, target))
    assert fallback.status is SolveStatus.OPTIMAL
    record = build(PaymentProblem.of(board, target))
    ordered = solve(record)
    assert record.relaxed and ordered is not None and ordered.objective == fallback.objective
    assert agrees_with_reference(board, target, max_states=20_000) is not None


def test_an_orderable_optimum_under_a_tripler_floats_the_remainder() -> None:
    """Nyxbloom Ancient triples everything, so no plan makes exactly the four mana of {2}{R}{R}: two
    Mountains' six, two floating, is the best (a Rakdos Signet would add six more for {1}). The model with the
    Signets merged is solved, then ordered at its optimum (:func:`planner.solve.cpsat.solve._ordered`, its own
    solver settings), and the plan is the reference search's best, level by level (the kind of bench_no
    --multipliers seed 18 question 69, issue 41)."""
    board = make_board(
        [
            {"card": "Nyxbloom Ancient"},
            {"card": "Rakdos Signet", "id": "s1"},
            {"card": "Rakdos Signet", "id": "s2"},
            {"card": "Mountain", "id": "m1"},
            {"card": "Mountain", "id": "m2"},
            {"card": "Swamp", "id": "w1"},
        ],
        opponent=False,
    )
    target = PaymentTarget.of("{2}{R}{R}")
    record = build(PaymentProblem.of(board, target))
    assert record.relaxed
    solution = solve(record)
    assert solution is not None and solution.status is SolveStatus.OPTIMAL
    result = agrees_with_reference(board, target, max_states=20_000)
    assert result is not None and result.payable
    assert dict(result.objective)["mana_floating"] == 2


@pytest.mark.parametrize(("seed", "index"), [(22, 243), (21, 189), (21, 233)])
def test_a_few_sources_stages_uncut_after_colors_lost_reach_the_same_optimum(
    seed: int, index: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """bench_no --multipliers questions whose levels don't fit in one stage (Nyxbloom Ancient and Mana
    Reflection make the mana bounds large) on boards of up to 60 permanents: the stages are no longer cut
    after 'colors lost' there (:data:`planner.solve.cpsat.solve.CUT_FROM_SOURCES`, issue 41), one stage
    fewer; cut as before (every board counted as many sources), the same objective, level by level."""
    question = questions(index + 1, seed, MULTIPLIERS)[index]
    board = Board.from_dict(question.board)
    keep = PaymentTarget.of(question.keep) if question.keep else None
    answers, counts = [], []
    for cut_from in (solve_module.CUT_FROM_SOURCES, 0):
        monkeypatch.setattr(solve_module, "CUT_FROM_SOURCES", cut_from)
        problem = PaymentProblem.of(
            board, PaymentTarget.of(question.cost), keep=keep, x=question.x, time_limit=60.0
        )
        record = build(problem)
        counts.append(len(solve_module.stages(record.terms, sources=solve_module.sources_of(record))))
        solution = solved(problem)
        assert solution.status is SolveStatus.OPTIMAL
        answers.append(solution.objective)
    assert counts[0] < counts[1]
    assert answers[0] == answers[1]


def _fixed_levels_counted(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, int]]:
    """The levels each solved stage fixes (:func:`planner.solve.cpsat.solve._fix_levels`), recorded."""
    fixed: list[dict[str, int]] = []
    original = solve_module._fix_levels

    def recording(*args: Any, **kwargs: Any) -> dict[str, int]:
        fixed.append(original(*args, **kwargs))
        return fixed[-1]

    monkeypatch.setattr(solve_module, "_fix_levels", recording)
    return fixed


@pytest.mark.parametrize(
    ("cards", "cost"),
    [
        # filter lands under a tripler beside painful and painless lands (the kind of bench_no
        # --multipliers seed 22 question 243: the painless and flexibility levels after the mana tied up)
        (["Nyxbloom Ancient", "Rugged Prairie", "Rugged Prairie", "Plains", "Karplusan Forest"], "{7}{R}"),
        (["Mana Reflection", "Grim Monolith", "Grim Monolith", "Mountain", "Badlands"], "{3}{B}{R/U}"),
        (["Caged Sun", "Cascading Cataracts", "Forest", "Forest", "Llanowar Elves"], "{2}{G}{G}"),
    ],
)
def test_levels_fixed_one_by_one_keep_the_reference_search_optimum(
    cards: list[str], cost: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each solved stage fixes its levels one by one beside its weighted sum (issue 41): with a stage
    weight limit of 16, nearly every level is a stage of its own and every stage boundary adds the rows,
    and the plan is still the reference search's best, level by level (the rows are the sum's mixed-radix
    digits: they remove no plan)."""
    monkeypatch.setattr(solve_module, "_STAGE_WEIGHT_LIMIT", 16)
    fixed = _fixed_levels_counted(monkeypatch)
    board = make_board([{"card": card} for card in cards], opponent=False)
    result = agrees_with_reference(board, PaymentTarget.of(cost), max_states=20_000)
    assert result is not None and result.payable
    assert any(fixed)  # (the rows were added, and the answer stands)
    # every stage after them solved to its optimum (a wrong row would leave a stage without a plan)
    assert solved(PaymentProblem.of(board, PaymentTarget.of(cost))).status is SolveStatus.OPTIMAL


@pytest.mark.parametrize(("seed", "index"), [(16, 123), (15, 104)])
def test_levels_fixed_one_by_one_reach_the_weighted_sums_optimum(
    seed: int, index: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """bench_no --multipliers questions whose stages' LP the rows tighten (issue 41: seed 16 question 123's
    tie-break stage, seed 15 question 104's order of a relaxed optimum): without the rows (the weighted
    sum alone), the same objective, level by level, both proven."""
    question = questions(index + 1, seed, MULTIPLIERS)[index]
    board = Board.from_dict(question.board)
    keep = PaymentTarget.of(question.keep) if question.keep else None
    answers = []
    for rows in (True, False):
        if not rows:
            monkeypatch.setattr(solve_module, "_fix_levels", lambda *args, **kwargs: {})
        problem = PaymentProblem.of(
            board, PaymentTarget.of(question.cost), keep=keep, x=question.x, time_limit=60.0
        )
        solution = solved(problem)
        assert solution.status is SolveStatus.OPTIMAL
        answers.append(solution.objective)
    assert answers[0] == answers[1]
