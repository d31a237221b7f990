"""The ``simulate`` and ``sources-needed`` commands (CONTRACT §4): output, JSON, exit codes, error lines."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from planner.cli import app

ROOT = Path(__file__).resolve().parents[1]
AZORIUS = ROOT / "examples" / "decks" / "azorius-control.txt"
runner = CliRunner()


def run(*args: str) -> Result:
    return runner.invoke(app, list(args))


def one_error_line(result: Result, starts: str) -> None:
    assert result.exit_code == 2, result.output
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"mana-planner: {starts}"), result.stderr


def test_sources_needed_json_is_the_contract() -> None:
    result = run(
        "sources-needed", "--deck-size", "60", "--lands", "24", "--cost", "1GG", "--games", "20000", "--json"
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert list(data) == ["sources", "probability", "threshold", "turn", "games"]
    assert (data["threshold"], data["turn"], data["games"]) == (0.92, 3, 20000)
    assert 16 <= data["sources"] <= 19 and data["probability"] >= 0.92


def test_sources_needed_text_and_table() -> None:
    text = run("sources-needed", "--lands", "24", "--cost", "{1}{G}{G}", "--games", "5000", "--seed", "3")
    assert text.exit_code == 0 and "<- answer" in text.stdout and "on turn 3" in text.stdout
    table = run("sources-needed", "--lands", "25", "--table", "--games", "5000", "--json")
    rows = json.loads(table.stdout)["rows"]
    assert [row["cost"] for row in rows][:3] == ["C", "1C", "2C"] and len(rows) == 19
    assert set(rows[0]) == {"cost", "sources", "probability", "threshold", "turn", "games"}
    commander = run(
        "sources-needed", "--commander", "--lands", "40", "--cost", "GG", "--games", "5000", "--json"
    )
    assert json.loads(commander.stdout)["sources"] > 25  # 99 cards


def test_land_mix() -> None:
    args = ["sources-needed", "--lands", "25", "--cost", "1WU", "--games", "5000", "--json"]
    good = run(*args, "--land-mix", "W=8,U=8,WU=9")
    assert good.exit_code == 0
    data = json.loads(good.stdout)
    assert data["sources"] == {"W": 17, "U": 17} and data["meets_threshold"] is True
    assert data["land_mix"] == {"W": 8, "U": 8, "WU": 9}
    poor = run(*args, "--land-mix", "W=3,U=3")
    assert poor.exit_code == 1 and json.loads(poor.stdout)["meets_threshold"] is False


@pytest.mark.parametrize(
    ("args", "starts"),
    [
        (["--lands", "61", "--cost", "G"], "the lands must be between 0 and the deck size (60), got 61"),
        (["--lands", "24", "--cost", "1WU"], "the cost {1}{W}{U} needs 2 types of mana"),
        (["--lands", "24", "--cost", "1WU", "--land-mix", "W=8,X=2"], "bad land mix part 'X=2'"),
        (["--lands", "24", "--cost", "1Q"], "invalid mana symbol 'Q'"),
        (["--lands", "24"], "give either --cost COST or --table"),
        (["--lands", "24", "--cost", "G", "--threshold", "150"], "--threshold must be a probability"),
        (["--lands", "24", "--cost", "G", "--games", "0"], "--games must be at least 1"),
    ],
)
def test_sources_needed_bad_input(args: list[str], starts: str) -> None:
    one_error_line(run("sources-needed", *args), starts)


def test_simulate_json_and_table() -> None:
    result = run("simulate", str(AZORIUS), "--games", "2000", "--turns", "1-4", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert (data["games"], data["seed"]) == (2000, 0)
    assert set(data["cards"]["Counterspell"]) == {"1", "2", "3", "4"}
    assert data["on_curve"]["Counterspell"] == data["cards"]["Counterspell"]["2"]
    assert data["on_curve"]["Teferi, Hero of Dominaria"] is None  # turn 5 is not simulated
    text = run("simulate", str(AZORIUS), "--games", "2000", "--draw", "--mulligan", "none")
    assert text.exit_code == 0 and "on the draw, no mulligans" in text.stdout
    assert "Absorb" in text.stdout and "Kept hands: 7 cards 100.0%" in text.stdout


def test_simulate_bad_decks(tmp_path: Path) -> None:
    deck = tmp_path / "deck.txt"
    deck.write_text("20 Forest\n4 Llanowar Elfs\n36 Goblin Guide\nSideboard\n3 Whatever\n")
    one_error_line(run("simulate", str(deck)), f"{deck}: unknown cards: line 2 'Llanowar Elfs' (did you mean")
    deck.write_text("20 Forest\nfour Bears\n")
    one_error_line(run("simulate", str(deck)), f"{deck}: line 2: expected '<count> <card name>'")
    one_error_line(run("simulate", str(tmp_path / "none.txt")), f"{tmp_path / 'none.txt'}: can't read")
    one_error_line(run("simulate", str(AZORIUS), "--turns", "5-2"), "--turns must be a range")


def test_simulate_plot(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "odds.png"
    if importlib.util.find_spec("matplotlib") is not None:
        result = run("simulate", str(AZORIUS), "--games", "1000", "--plot", str(target))
        assert result.exit_code == 0, result.output
        assert target.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # as if it were not installed
    one_error_line(
        run("simulate", str(AZORIUS), "--games", "100", "--plot", str(tmp_path / "x.png")),
        "--plot needs matplotlib",
    )


def test_the_example_in_the_help_of_sources_needed_is_what_it_prints() -> None:
    import json
    import re
    import shlex

    help_text = " ".join(runner.invoke(app, ["sources-needed", "--help"], terminal_width=200).output.split())
    match = re.search(r"For example, `mana-planner (.+?)` prints (\{.+?\})", help_text)
    assert match is not None, help_text
    result = runner.invoke(app, shlex.split(match.group(1)))
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout) == json.loads(match.group(2))
