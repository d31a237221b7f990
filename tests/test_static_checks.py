"""The static checks CI relies on: ruff over the code and the tests, and mypy --strict over the packages.

Each runs as a subprocess from the repository root with the configuration in pyproject.toml, and is skipped
(with the reason) when the tool is not installed, e.g. outside the ``dev`` extra.
"""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def run_tool(module: str, *args: str) -> subprocess.CompletedProcess[str]:
    """Run ``python -m <module> <args>`` in the repository root, or skip when the tool is missing."""
    if importlib.util.find_spec(module) is None:
        pytest.skip(f"{module} is not installed (pip install -e '.[dev]')")
    return subprocess.run(
        [sys.executable, "-m", module, *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )


def test_ruff_is_clean() -> None:
    done = run_tool("ruff", "check", "models", "planner", "tests", "benchmarks")
    assert done.returncode == 0, done.stdout + done.stderr


def test_mypy_strict_is_clean() -> None:
    done = run_tool("mypy", "--strict")  # the packages to check are configured in pyproject.toml
    assert done.returncode == 0, done.stdout + done.stderr


def test_mypy_strict_is_clean_on_the_tests_and_benchmarks() -> None:
    done = run_tool("mypy", "--strict", "tests", "benchmarks")
    assert done.returncode == 0, done.stdout + done.stderr
