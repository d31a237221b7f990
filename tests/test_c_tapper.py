"""The benchmark's C tapper (benchmarks/c_tapper.py): it agrees with the fast path on whether a simple board
pays a cost and on the damage and life paid, and without a C compiler it is simply not there."""

from __future__ import annotations

import doctest
import random
import shutil

import pytest

import benchmarks.c_tapper
import benchmarks.fast_timing
from benchmarks.bench_fast import simple_board, simple_cost
from benchmarks.c_tapper import DAMAGE_WEIGHT, encode, load
from models.board import Board
from models.cost import PaymentTarget
from planner.solve.fast import in_fast_fragment, solve_fast
from planner.solve.problem import PaymentProblem


def test_the_c_tapper_agrees_with_the_fast_path_on_random_simple_boards() -> None:
    tapper = load()
    if tapper is None:
        pytest.skip("no C compiler to build the tapper")
    rng = random.Random(7)
    checked = 0
    while checked < 150:
        board = Board.from_dict(simple_board(rng, rng.randint(4, 12)))
        target = PaymentTarget.of(simple_cost(rng))
        problem = PaymentProblem.of(board, target)
        if not in_fast_fragment(problem):
            continue
        checked += 1
        fast = solve_fast(problem)
        assert fast is not None
        value = tapper.best(encode(board, target))
        assert (value is None) == (fast.plan is None), (board.dumps(), str(target.cost))
        if value is not None:
            assert value // DAMAGE_WEIGHT == dict(fast.objective)["life_and_damage"]


def test_without_a_compiler_there_is_no_tapper(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(shutil, "which", lambda name: None)
    assert load() is None


@pytest.mark.parametrize("module", [benchmarks.c_tapper, benchmarks.fast_timing])
def test_the_benchmark_modules_examples_run(module: object) -> None:
    failed, _ = doctest.testmod(module)  # type: ignore[arg-type]
    assert failed == 0
