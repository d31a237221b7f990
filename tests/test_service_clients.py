"""The example clients of docs/service.md run and print the answers: the Python one always, the Node.js one
where ``node`` is installed."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
CLIENTS = ROOT / "examples" / "clients"
ENV = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHON": sys.executable}
EXPECTED = (
    "{2}{G}{G}: payable={yes} tapped=forest,pool,sol\n{U}{U}{U}{U}: payable={yes} tapped=island,pool,birds\n"
)


def run(*command: str) -> str:
    done = subprocess.run(command, cwd=ROOT, env=ENV, capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_the_python_client() -> None:
    assert run(sys.executable, str(CLIENTS / "python_client.py")) == EXPECTED.replace("{yes}", "True")


def test_the_node_client() -> None:
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed: the Node.js client example is not run")
    assert run(node, str(CLIENTS / "node_client.js")) == EXPECTED.replace("{yes}", "true")
