"""The pay benchmark's quick mode runs to the end and prints its tables (timings are never asserted)."""

from __future__ import annotations

import random
import sys
from pathlib import Path

from models.board import Board
from models.cost import PaymentTarget

# benchmarks/ is not an installed package: make it importable however pytest is started
ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks.bench_pay import enumerate_pools, main  # noqa: E402
from benchmarks.boards import cataracts_board, cataracts_cost, realistic_board, realistic_cost  # noqa: E402


def test_quick_mode_prints_the_tables() -> None:
    lines: list[str] = []
    main(["--quick", "--seed", "1"], out=lines.append)
    text = "\n".join(lines)
    assert lines[0] == "$ python -m benchmarks.bench_pay --quick --seed 1"
    assert "pay med ms" in text and "enum/pay" in text
    assert "Cascading Cataracts series" in text
    assert "peak RSS" in text


def test_against_a_checkout_prints_both_versions_side_by_side() -> None:
    lines: list[str] = []
    main(["--quick", "--boards", "1", "--rounds", "2", "--against", str(ROOT)], out=lines.append)
    lines = "\n".join(lines).splitlines()  # a table comes as one string
    realistic = lines.index(next(line for line in lines if line.startswith("size  boards  against med")))
    header = ["size", "boards", "against", "med", "against", "p95", "this", "med", "this", "p95", "ratio"]
    assert lines[realistic].split() == header
    sizes = [line.split()[0] for line in lines[realistic + 2 : realistic + 5]]
    assert sizes == ["6", "10", "20"]
    cataracts = lines.index(next(line for line in lines if line.startswith("n  ") and "against ms" in line))
    rows = lines[cataracts + 2 :]
    assert [row.split()[0] for row in rows] == ["2", "3"]
    # the same code on both sides answers alike: each answer is written once
    assert all(" / " not in row for row in rows)


def test_boards_are_deterministic_and_load() -> None:
    first = [realistic_board(random.Random("7:20"), 20) for _ in range(2)]
    again = [realistic_board(random.Random("7:20"), 20) for _ in range(2)]
    assert [b.data for b in first] == [b.data for b in again]
    rng = random.Random(3)
    for size in (6, 10, 40):
        spec = realistic_board(rng, size)
        board = Board.from_dict(spec.data)
        assert len(board.controlled_by("me")) == size
        PaymentTarget.of(realistic_cost(rng, spec))


def test_enumeration_finds_the_cataracts_payment() -> None:
    board = Board.from_dict(cataracts_board(1))
    found = enumerate_pools(board, PaymentTarget.of(cataracts_cost(1)), "me")
    assert found.payable is True and not found.capped
    assert not enumerate_pools(board, PaymentTarget.of("{G}{G}{G}{G}{G}{G}{G}"), "me").payable


def test_the_replay_benchmarks_plans_are_legal_and_both_replays_agree() -> None:
    """bench_replay's plan on a 171-permanent board taps lands, creatures and rocks (Signets paid from the
    pool, Treasures sacrificed); the in-place replay and the immutable steps reach the same summary."""
    from benchmarks.bench_replay import _plan
    from planner.rules.replay import apply_step, finish, initial_state, replay

    board = Board.from_dict(realistic_board(random.Random("14:160"), 160).data)
    plan, cost = _plan(board, 336)
    assert len(plan.steps) > 100
    assert any(step.paid_with for step in plan.steps) and any(
        board.permanent(step.permanent).name == "Treasure" for step in plan.steps
    )
    target = PaymentTarget.of(cost)
    state = initial_state(board)
    for index, step in enumerate(plan.steps):
        state = apply_step(state, step, index)
    assert replay(board, target, plan) == finish(board, state, target, plan.spent, plan.life, len(plan.steps))


def test_the_reference_benchmark_searches_the_same_boards_in_both_versions() -> None:
    """bench_reference draws boards the search finishes, and both versions (here this checkout twice) find
    the same outcomes, tables on and off."""
    from benchmarks.bench_reference import STATE_LIMIT, cases, search_table
    from planner.rules.reference import reference_search

    drawn = cases(3, seed=1)
    assert drawn == cases(3, seed=1)
    for board, cost in drawn:
        assert reference_search(Board.loads(board), PaymentTarget.of(cost)).states <= STATE_LIMIT
    rows = [row.split() for row in search_table(ROOT, ROOT, 2, 1, seed=1).splitlines()[1:]]
    assert [(row[0], row[1], row[3]) for row in rows] == [("on", "2", "yes"), ("off", "2", "yes")]
