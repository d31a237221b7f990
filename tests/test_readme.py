"""The README's promises: it opens with the two commands, CI runs the second verbatim, its ``>>>`` examples
are collected by pytest (they run as a doctest of README.md), and the output it shows for ``pay`` and
``max-x`` is what those commands print."""

from __future__ import annotations

import doctest
import re
import shlex
import tomllib
from pathlib import Path

import pytest
from typer.testing import CliRunner

from planner.cli import app

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")
FIRST_BOARD = "examples/boards/ramp.json"
INSTALL_AND_RUN = f"pip install -e . && mana-planner pay {FIRST_BOARD} '{{2}}{{G}}{{G}}'"
INSTALL_AND_TEST = "pip install -e '.[dev]' && python -m pytest"


def code_blocks(text: str) -> list[str]:
    return [block.strip() for block in re.findall(r"^```[a-z]*\n(.*?)^```", text, re.M | re.S)]


def test_readme_opens_with_exactly_the_two_commands() -> None:
    first, second, *_ = code_blocks(README)
    assert (first, second) == (INSTALL_AND_RUN, INSTALL_AND_TEST)
    before_commands = README[: README.index("```")]
    assert before_commands.count("\n\n") <= 2  # a title and a one-paragraph introduction


def test_ci_runs_the_readme_test_command_verbatim() -> None:
    script = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert script.startswith("#!/usr/bin/env bash\n")
    assert "set -euo pipefail" in script
    assert script.rstrip().splitlines()[-1] == INSTALL_AND_TEST


def test_the_example_board_of_the_first_command_exists() -> None:
    assert (ROOT / FIRST_BOARD).is_file()


def test_the_first_command_works_and_its_output_is_shown(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    command = INSTALL_AND_RUN.split(" && ", 1)[1]
    shown = dict(console_examples(README))
    assert f"$ {command}" in shown
    result = CliRunner().invoke(app, shlex.split(command)[1:])
    assert result.exit_code == 0, result.output
    assert "tapped:          forest, pool, sol" in result.stdout


def console_examples(text: str) -> list[tuple[str, str]]:
    """The ``$ mana-planner pay|max-x ...`` commands in the README's console blocks, with the output shown."""
    examples = []
    for block in re.findall(r"^```console\n(.*?)^```", text, re.M | re.S):
        runs = re.split(r"^(\$ .*)\n", block, flags=re.M)
        for command, output in zip(runs[1::2], runs[2::2], strict=True):
            if command.startswith(("$ mana-planner pay ", "$ mana-planner max-x ")):
                examples.append((command, output))
    return examples


EXAMPLES = console_examples(README)


@pytest.mark.parametrize(("command", "output"), EXAMPLES, ids=[command for command, _ in EXAMPLES])
def test_the_pay_and_max_x_output_shown_is_real(
    command: str, output: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(ROOT)
    args = shlex.split(command.removeprefix("$ mana-planner "))
    result = CliRunner().invoke(app, args)
    assert result.exit_code in (0, 1), result.output
    assert result.stdout == output


def test_readme_examples_are_collected_as_doctests() -> None:
    examples = doctest.DocTestParser().get_examples(README)
    assert len(examples) >= 10
    options = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["pytest"]
    ini = options["ini_options"]
    assert "README.md" in ini["testpaths"]
    assert "--doctest-glob='README.md'" in ini["addopts"] and "--doctest-modules" in ini["addopts"]
