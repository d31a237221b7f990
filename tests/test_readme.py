"""The README's promises: it opens with the two commands, CI runs the second verbatim, and its ``>>>``
examples are collected by pytest (they run as a doctest of README.md)."""

from __future__ import annotations

import doctest
import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")
INSTALL_AND_RUN = "pip install -e . && mana-planner could-produce examples/boards/reflecting.json"
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
    assert (ROOT / "examples" / "boards" / "reflecting.json").is_file()


def test_readme_examples_are_collected_as_doctests() -> None:
    examples = doctest.DocTestParser().get_examples(README)
    assert len(examples) >= 10
    options = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["pytest"]
    ini = options["ini_options"]
    assert "README.md" in ini["testpaths"]
    assert "--doctest-glob='README.md'" in ini["addopts"] and "--doctest-modules" in ini["addopts"]
