"""The cold-pay breakdown benchmark: its quick mode prints both tables, and its timers split a call without
losing or double-counting time (timings themselves are never asserted)."""

from __future__ import annotations

import sys
from pathlib import Path

# benchmarks/ is not an installed package: make it importable however pytest is started
ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks.bench_cold import PHASES, STEPS, card_seconds, main, phase_seconds  # noqa: E402
from benchmarks.bench_fast import big_cases  # noqa: E402


def test_quick_mode_prints_the_phases_and_the_cards() -> None:
    lines: list[str] = []
    main(["--quick", "--rounds", "1"], out=lines.append)
    assert lines[0] == "$ python -m benchmarks.bench_cold --quick --rounds 1"
    starts = [line.split("  ")[0] for line in lines]
    for row in (*(label for label, _, _ in PHASES), "the rest", "total", "garbage collection", *STEPS):
        assert row in starts, row
    header = next(line for line in lines if line.startswith("phase"))
    assert all(mode in header for mode in ("first sight", "cards prepared", "cards seen"))


def test_every_stage_is_timed_once_and_within_the_call() -> None:
    cases = big_cases(1, 3)
    for mode in ("first sight", "cards prepared", "cards seen"):
        for times in phase_seconds(mode, cases, seed=1, warm=5):
            assert times["engine"] == "fast"
            # every stage of a fast-path answer ran, and the stages (none inside another) fit in the call
            assert set(times["phases"]) == {label for label, _, _ in PHASES}
            assert sum(times["phases"].values()) <= times["total"] + 1e-9
    # the wrappers are gone afterwards: the planner's own functions are back
    from planner.solve.fast import reduction

    assert reduction._board_kinds.__module__ == "planner.solve.fast.reduction"
    assert reduction._board_kinds.__qualname__ == "_board_kinds"


def test_each_new_card_is_timed_in_every_step() -> None:
    steps = card_seconds(big_cases(1, 2), seed=1, warm=5)
    assert len(steps) == len(STEPS)
    assert len({len(step) for step in steps}) == 1 and steps[0]
    assert all(seconds >= 0 for step in steps for seconds in step)


def test_against_a_checkout_prints_both_versions_side_by_side() -> None:
    lines: list[str] = []
    main(["--quick", "--rounds", "1", "--against", str(ROOT)], out=lines.append)
    header = lines.index(next(line for line in lines if line.startswith("figure (median)")))
    assert lines[header].split() == ["figure", "(median)", "against", "this", "ratio"]
    figures = [line.split(",")[0] for line in lines[header + 1 :]]
    for mode in ("first sight", "cards prepared", "cards seen"):
        # against itself every stage is found in both versions
        for row in ("total", "garbage collection", *(label for label, _, _ in PHASES)):
            assert f"{mode}: {row}" in figures, (mode, row)
    assert [f"card: {step}" for step in (*STEPS, "all four")] == figures[-len(STEPS) - 1 :]
    assert all(line.endswith("x") or line.endswith("—") for line in lines[header + 1 :])


def test_a_stage_a_version_lacks_is_left_out() -> None:
    from benchmarks.cold_timing import EARLIER_HOMES, _stage

    assert _stage("planner.no_such_module", "_plan") is None
    assert _stage("planner.api", "no_such_function") is None
    assert _stage("planner.solve.problem", "PaymentProblem.no_such_method") is None
    assert _stage("planner.solve.problem", "PaymentProblem.of") is not None
    assert all(label in {label for label, _, _ in PHASES} for label in EARLIER_HOMES)
