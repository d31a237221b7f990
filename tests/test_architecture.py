"""The layout's promises, checked on the source: which package may import which, no import cycle, and what
stays out of the modules that must start fast.

The graph is read with :mod:`ast` from every module's imports, those inside functions included (a deferred
import still has a direction), except imports under ``if TYPE_CHECKING:``, which never run.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("models", "planner")


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _type_checking_only(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def imports_of(path: Path, *, top_level_only: bool = False) -> set[str]:
    """The project modules a module imports (resolved to the longest known module name)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: set[str] = set()

    def visit(nodes: list[ast.stmt], top: bool) -> None:
        for node in nodes:
            if isinstance(node, ast.If) and _type_checking_only(node):
                continue
            if isinstance(node, ast.Import):
                found.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                found.add(node.module)
                found.update(f"{node.module}.{alias.name}" for alias in node.names)
            for field in ("body", "orelse", "finalbody", "handlers"):
                children = getattr(node, field, None)
                if not isinstance(children, list):
                    continue
                inside_function = isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
                if top_level_only and inside_function:
                    continue
                visit(
                    [c for c in children if isinstance(c, ast.stmt)]
                    if field != "handlers"
                    else [s for h in children for s in h.body],
                    top and not inside_function,
                )

    visit(tree.body, True)
    return found


def project_graph(*, top_level_only: bool = False) -> dict[str, set[str]]:
    """Module → the project modules it imports."""
    paths = {module_name(p): p for package in PACKAGES for p in (ROOT / package).rglob("*.py")}
    graph: dict[str, set[str]] = {}
    for name, path in paths.items():
        targets = set()
        for imported in imports_of(path, top_level_only=top_level_only):
            while imported and imported not in paths:
                imported = imported.rpartition(".")[0]
            if imported and imported != name and not name.startswith(f"{imported}."):
                targets.add(imported)
        graph[name] = targets
    return graph


def test_models_never_imports_planner() -> None:
    offenders = {
        name: sorted(t for t in targets if t.split(".")[0] == "planner")
        for name, targets in project_graph().items()
        if name.split(".")[0] == "models"
    }
    assert {name: targets for name, targets in offenders.items() if targets} == {}


def test_no_import_cycle_at_module_level() -> None:
    graph = project_graph(top_level_only=True)
    # package __init__ modules re-export lazily (PEP 562) and are left out: their imports run on first use
    graph = {name: {t for t in targets if t not in PACKAGES} for name, targets in graph.items()}
    state: dict[str, int] = {}
    stack: list[str] = []

    def walk(node: str) -> None:
        state[node] = 1
        stack.append(node)
        for target in sorted(graph.get(node, ())):
            if state.get(target) == 1:
                cycle = [*stack[stack.index(target) :], target]
                pytest.fail("import cycle: " + " -> ".join(cycle))
            if target not in state:
                walk(target)
        stack.pop()
        state[node] = 2

    for node in sorted(graph):
        if node not in state:
            walk(node)


def test_only_the_cpsat_package_imports_ortools() -> None:
    importers = sorted(
        module_name(path)
        for package in PACKAGES
        for path in (ROOT / package).rglob("*.py")
        if any(name.split(".")[0] == "ortools" for name in imports_of(path))
    )
    assert importers and all(name.startswith("planner.solve.cpsat.") for name in importers)


@pytest.mark.parametrize(
    "args",
    [
        ["--help"],
        ["cards"],
        ["could-produce", "examples/boards/ramp.json"],
        ["pay", "examples/boards/ramp.json", "{2}{G}{G}"],
    ],
    ids=["--help", "cards", "could-produce", "pay answered by the fast path"],
)
def test_commands_that_need_no_cp_sat_never_import_ortools(args: list[str]) -> None:
    program = "import sys; from planner.cli import main; sys.argv[0] = 'mana-planner'; main()"
    done = subprocess.run(
        [sys.executable, "-X", "importtime", "-c", program, *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    imported = [
        line.rsplit("|", 1)[-1].strip() for line in done.stderr.splitlines() if "import time:" in line
    ]
    assert imported, "no import times reported"
    assert not [name for name in imported if name.split(".")[0] == "ortools"]
