"""The promises of the README and of ``docs/``: the README opens with the two commands and CI runs the second
verbatim; every ``>>>`` example in them is collected by pytest (each page runs as a doctest); the output
shown for every ``$ mana-planner ...`` command is what the command prints; the boards shown are the files
they name; and every relative link leads to a file and a heading that exist."""

from __future__ import annotations

import doctest
import fnmatch
import re
import shlex
import tomllib
from pathlib import Path

import pytest
from typer.testing import CliRunner

from planner.cli import app

ROOT = Path(__file__).resolve().parents[1]
README_PATH = ROOT / "README.md"
README = README_PATH.read_text(encoding="utf-8")
#: The README and every page of docs/, the pages whose examples must hold.
PAGES = [README_PATH, *sorted((ROOT / "docs").glob("*.md"))]
PAGE_IDS = [page.relative_to(ROOT).as_posix() for page in PAGES]
FIRST_BOARD = "examples/boards/ramp.json"
INSTALL_AND_RUN = f"pip install -e . && mana-planner pay {FIRST_BOARD} '{{2}}{{G}}{{G}}'"
INSTALL_AND_TEST = "pip install -e '.[dev]' && python -m pytest"
#: Put on the line before a console block whose output is only an illustration (times, long runs).
NOT_CHECKED = re.compile(r"^<!-- output not checked: .+ -->\n\Z")
MAX_README_LINES = 300


def text_of(page: Path) -> str:
    return page.read_text(encoding="utf-8")


def code_blocks(text: str) -> list[str]:
    return [block.strip() for block in re.findall(r"^```[a-z]*\n(.*?)^```", text, re.M | re.S)]


def test_readme_opens_with_exactly_the_two_commands() -> None:
    first, second, *_ = code_blocks(README)
    assert (first, second) == (INSTALL_AND_RUN, INSTALL_AND_TEST)
    before_commands = README[: README.index("```")]
    assert before_commands.count("\n\n") <= 2  # a title and a one-paragraph introduction


def test_readme_is_a_newcomers_page() -> None:
    assert len(README.splitlines()) <= MAX_README_LINES, "move the detail to docs/"
    assert "](docs/contract.md)" in README


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
    """The ``$ mana-planner ...`` commands in a page's console blocks, with the output shown after each.

    A block is skipped when the line before it is ``<!-- output not checked: why -->``; any other command
    than ``mana-planner`` in a console block is an error, so that nothing shown goes unchecked by accident."""
    examples = []
    for match in re.finditer(r"^```console\n(.*?)^```", text, re.M | re.S):
        before = text[: match.start()]
        if NOT_CHECKED.search(before[before.rfind("\n", 0, len(before) - 1) + 1 :]):
            continue
        runs = re.split(r"^(\$ .*)\n", match.group(1), flags=re.M)
        assert runs[0] == "", f"a console block starts without a command: {runs[0]!r}"
        for command, output in zip(runs[1::2], runs[2::2], strict=True):
            assert command.startswith("$ mana-planner "), f"not a mana-planner command: {command}"
            examples.append((command, output))
    return examples


def shown_matches(shown: str, printed: str) -> bool:
    """Whether the printed output is the one shown, where a line ``...`` in what is shown stands for one or
    more lines left out."""
    pattern = "".join(
        r"(?:.*\n)+" if line == "..." else re.escape(line) + r"\n" for line in shown.splitlines()
    )
    return re.fullmatch(pattern, printed) is not None


EXAMPLES = [
    (page_id, command, output)
    for page, page_id in zip(PAGES, PAGE_IDS, strict=True)
    for command, output in console_examples(text_of(page))
]


@pytest.mark.parametrize(
    ("page", "command", "output"), EXAMPLES, ids=[f"{page}: {command}" for page, command, _ in EXAMPLES]
)
def test_the_output_shown_is_real(
    page: str, command: str, output: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(ROOT)
    args = shlex.split(command.removeprefix("$ mana-planner "))
    result = CliRunner().invoke(app, args)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    assert result.exit_code in (0, 1, 2), result.output
    shown_and_printed = f"{page} shows for {command}:\n{output}\nit prints:\n{result.output}"
    assert shown_matches(output, result.output), shown_and_printed


def test_the_shown_and_the_printed_are_compared_line_by_line() -> None:
    assert shown_matches("a\n...\nd\n", "a\nb\nc\nd\n")
    assert shown_matches("a\n...\n", "a\nb\n")
    assert not shown_matches("a\n...\n", "a\n")
    assert not shown_matches("a\nd\n", "a\nb\nd\n")
    assert not shown_matches("a.c\n", "abc\n")


def test_every_page_has_its_commands_checked() -> None:
    pages_with_commands = {page for page, _, _ in EXAMPLES}
    expected = {
        "README.md",
        "docs/commands.md",
        "docs/board-format.md",
        "docs/cards.md",
        "docs/simulation.md",
    }
    assert expected <= pages_with_commands


@pytest.mark.parametrize("page", PAGES, ids=PAGE_IDS)
def test_the_boards_shown_are_the_files_named(page: Path) -> None:
    """A JSON block after "This one is `FILE`" shows that file exactly."""
    text = text_of(page)
    for match in re.finditer(r"This one is\s+`([^`]+\.json)`", text):
        block = re.compile(r"^```json\n(.*?)^```", re.M | re.S).search(text, match.end())
        assert block is not None, match.group(0)
        assert block.group(1).strip() == (ROOT / match.group(1)).read_text(encoding="utf-8").strip()


def slug(heading: str) -> str:
    """The anchor GitHub gives a heading."""
    text = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return text.replace(" ", "-")


def anchors(page: Path) -> set[str]:
    text = re.sub(r"^```.*?^```", "", text_of(page), flags=re.M | re.S)
    return {slug(heading) for heading in re.findall(r"^#+ (.*)$", text, re.M)}


@pytest.mark.parametrize("page", PAGES, ids=PAGE_IDS)
def test_every_relative_link_leads_somewhere(page: Path) -> None:
    for target in re.findall(r"\]\(([^)\s]+)\)", text_of(page)):
        if re.match(r"[a-z]+:", target):
            continue
        path, _, anchor = target.partition("#")
        linked = (page.parent / path).resolve() if path else page
        assert linked.exists(), f"{page.name}: {target}"
        if anchor:
            assert anchor in anchors(linked), f"{page.name}: {target}"


@pytest.mark.parametrize("page", PAGES, ids=PAGE_IDS)
def test_the_contract_is_cited_where_it_is(page: Path) -> None:
    assert "CONTRACT.md" not in text_of(page) and "CONTRACT §" not in text_of(page)


def test_readme_and_docs_examples_are_collected_as_doctests() -> None:
    options = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["pytest"]
    ini = options["ini_options"]
    assert "--doctest-modules" in ini["addopts"]
    glob = re.search(r"--doctest-glob='([^']+)'", ini["addopts"])
    assert glob is not None
    for page, page_id in zip(PAGES, PAGE_IDS, strict=True):
        if doctest.DocTestParser().get_examples(text_of(page)):
            assert fnmatch.fnmatch(page.name, glob.group(1)), page_id
            collected = [
                path for path in ini["testpaths"] if page_id == path or page_id.startswith(f"{path}/")
            ]
            assert collected, page_id
    examples = sum(len(doctest.DocTestParser().get_examples(text_of(page))) for page in PAGES)
    assert examples >= 30
