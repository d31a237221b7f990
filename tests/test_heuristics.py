"""The baselines, the corpus and the heuristics report: legal plans, never better than the optimum, a
deterministic report, and user heuristics loaded by import path (in Python and on the command line)."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner, Result

from models.board import Board
from models.errors import InputError
from planner.api import pay
from planner.bench.corpus import RECIPES, Case, generate, scenarios
from planner.bench.heuristics import BUILTINS, Heuristic, load_heuristic
from planner.bench.report import run_report
from planner.cli import app
from planner.rules.replay import replay
from planner.solve.objective import objective_of

SCENARIOS = scenarios()
#: A sample of generated boards of every recipe (the report runs thousands; the tests keep to a few).
SAMPLE = generate(48, seed=11)


def objective(case: Case, plan: Any) -> tuple[int, ...]:
    """The default objective of a plan, which must be legal (``replay`` raises otherwise)."""
    return objective_of(case.board, case.board.active_player, replay(case.board, case.target, plan))


@pytest.mark.parametrize("name", list(BUILTINS))
@pytest.mark.parametrize("case", [*SCENARIOS, *SAMPLE], ids=lambda case: case.name)
def test_every_baseline_plan_is_legal(case: Case, name: str) -> None:
    plan = BUILTINS[name](case.board, case.target)
    if plan is not None:
        replay(case.board, case.target, plan)  # raises IllegalPlanError on an illegal plan


@pytest.mark.parametrize("case", SCENARIOS, ids=lambda case: case.name)
def test_the_optimal_planner_is_never_worse_than_a_baseline_on_the_scenarios(case: Case) -> None:
    result = pay(case.board, case.target)
    plans = {name: heuristic(case.board, case.target) for name, heuristic in BUILTINS.items()}
    if result.plan is None:
        assert all(plan is None for plan in plans.values()), plans
        return
    best = objective(case, result.plan)
    for name, plan in plans.items():
        if plan is not None:
            assert best <= objective(case, plan), name


def test_the_scenarios_have_names_stories_and_payments() -> None:
    assert len(SCENARIOS) >= 12
    assert len({case.name for case in SCENARIOS}) == len(SCENARIOS)
    assert all(case.story and case.recipe == "scenario" for case in SCENARIOS)
    unpayable = [case.name for case in SCENARIOS if not pay(case.board, case.target).payable]
    assert unpayable == ["sick-dork"]


def test_the_corpus_is_reproducible_and_covers_every_recipe() -> None:
    again = generate(48, seed=11)
    assert [case.board for case in again] == [case.board for case in SAMPLE]
    assert [case.target for case in again] == [case.target for case in SAMPLE]
    assert generate(48, seed=12)[0].board != SAMPLE[0].board
    assert {case.recipe for case in SAMPLE} == set(RECIPES)
    for case in SAMPLE:
        assert Board.loads(case.board.dumps()) == case.board


def _without_times(data: Any) -> Any:
    """Report JSON with the time fields (the only ones allowed to differ between runs) taken out."""
    if isinstance(data, dict):
        return {
            k: _without_times(v) for k, v in data.items() if not k.endswith("_us") and k != "wall_seconds"
        }
    if isinstance(data, list):
        return [_without_times(item) for item in data]
    return data


def test_the_report_is_deterministic_for_a_seed_whatever_the_number_of_processes() -> None:
    first = run_report(10, seed=5, jobs=1, named=False).to_json()
    second = run_report(10, seed=5, jobs=2, named=False).to_json()
    first.pop("jobs"), second.pop("jobs")
    assert _without_times(first) == _without_times(second)
    assert first["boards"] == 10 and [h["name"] for h in first["heuristics"]] == list(BUILTINS)
    assert _without_times(run_report(10, seed=6, jobs=1, named=False).to_json()) != _without_times(first)


# user heuristics by import path ---------------------------------------------------------------------------

USER_MODULE = '''
from planner.bench.heuristics import BUILTINS
from planner.api import pay
from planner.rules.replay import Plan


def tap(board, target):
    """Pay like the tiered baseline, to prove the plumbing."""
    return BUILTINS["tiered"](board, target)


NOT_CALLABLE = 3


def cheater(board, target):
    """Claims the optimal plan's mana without activating anything."""
    plan = pay(board, target).plan
    return None if plan is None else Plan((), plan.spent, plan.life)


def crasher(board, target):
    raise RuntimeError("no")
'''


@pytest.fixture
def user_module(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    """A module ``my_tapper`` in a fresh current directory; sys.path is restored afterwards."""
    (tmp_path / "my_tapper.py").write_text(USER_MODULE, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "path", list(sys.path))
    monkeypatch.delitem(sys.modules, "my_tapper", raising=False)
    return "my_tapper:tap"


def test_a_user_heuristic_loads_by_import_path(user_module: str) -> None:
    heuristic: Heuristic = load_heuristic(user_module)
    case = SCENARIOS[0]
    assert heuristic(case.board, case.target) == BUILTINS["tiered"](case.board, case.target)
    for spec, problem in [
        ("my_tapper:missing", "has no attribute 'missing'"),
        ("my_tapper:NOT_CALLABLE", "'NOT_CALLABLE' is not callable"),
        ("no_such_module:tap", "cannot import module 'no_such_module'"),
        ("just-a-name", "expected a built-in name"),
    ]:
        with pytest.raises(InputError, match=problem):
            load_heuristic(spec)


def test_an_illegal_or_crashing_heuristic_is_reported_as_such(user_module: str) -> None:
    report = run_report(4, seed=1, heuristics=["my_tapper:cheater", "my_tapper:crasher"])
    cheater, crasher = report.stats
    assert cheater.illegal == sum(run.payable for run in report.runs) > 0
    assert cheater.illegal_examples and "step 1:" in cheater.illegal_examples[0]
    assert crasher.failed == crasher.payable
    scenario_run = next(run for run in report.scenario_runs if run.name == "birds-or-forest")
    assert scenario_run.verdicts[1].reason == "raised RuntimeError: no"


runner = CliRunner()


def test_the_command_runs_a_user_heuristic_and_prints_json(user_module: str) -> None:
    result = runner.invoke(
        app,
        [
            "bench",
            "heuristics",
            "--boards",
            "3",
            "--seed",
            "2",
            "--jobs",
            "1",
            "--heuristic",
            user_module,
            "--heuristic",
            "tiered",
            "--json",
        ],
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    mine, tiered = data["heuristics"]
    assert mine["name"] == user_module and tiered["name"] == "tiered"
    assert {k: v for k, v in mine.items() if k not in ("name", "median_us")} == {
        k: v for k, v in tiered.items() if k not in ("name", "median_us")
    }
    assert len(data["scenarios"]) == len(SCENARIOS)


def test_the_command_prints_tables_and_a_plot(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    chart = tmp_path / "chart.png"
    result = runner.invoke(
        app,
        [
            "bench",
            "heuristics",
            "--boards",
            "4",
            "--jobs",
            "1",
            "--heuristic",
            "forge-like",
            "--plot",
            str(chart),
        ],
    )
    assert result.exit_code == 0, result.output
    assert "optimal planner" in result.stdout and "forge-like" in result.stdout
    assert "Named scenarios" in result.stdout and "Planner check" in result.stdout
    assert chart.read_bytes().startswith(b"\x89PNG")


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        (
            "nosuch.module:tap",
            "mana-planner: --heuristic: heuristic 'nosuch.module:tap': cannot import module",
        ),
        ("forge", "mana-planner: --heuristic: heuristic 'forge': expected a built-in name"),
    ],
)
def test_a_bad_heuristic_path_is_one_line_and_exit_2(spec: str, message: str) -> None:
    result = runner.invoke(app, ["bench", "heuristics", "--boards", "1", "--heuristic", spec])
    assert_one_error_line(result, message)


def test_a_plot_into_a_missing_folder_is_refused_before_running(tmp_path: Path) -> None:
    chart = str(tmp_path / "no" / "chart.png")
    result = runner.invoke(app, ["bench", "heuristics", "--boards", "1", "--plot", chart])
    assert_one_error_line(result, f"mana-planner: --plot {chart!r}: the folder")


def assert_one_error_line(result: Result, message: str) -> None:
    """Exit code 2, nothing on stdout, one line on stderr starting with ``message``."""
    assert result.exit_code == 2, result.output
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith(message), result.stderr


def test_bench_heuristics_board_prints_a_failing_id_as_a_board_file(tmp_path: Path) -> None:
    from planner.bench.corpus import generated_case

    case = generated_case(0, 4)
    result = runner.invoke(app, ["bench", "heuristics", "--board", case.name])
    assert result.exit_code == 0, result.output
    path = tmp_path / "board.json"
    path.write_text(result.stdout)
    assert Board.load(path) == case.board  # the very board the report named
    assert f"'{case.target.cost}'" in result.stderr
    unknown = runner.invoke(app, ["bench", "heuristics", "--board", "no-such-board"])
    assert unknown.exit_code == 2 and "not a board of the corpus" in unknown.stderr
