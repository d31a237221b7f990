"""The map of the code (``docs/architecture.toml``) held against the code: every module in exactly one part,
every import an arrow the map allows, no import cycle, libraries only where the map lets them be imported,
nothing the fast commands don't need loaded when they start, and the README's layout section as the map
renders it.

The graph is read with :mod:`ast` from every module's imports, those inside functions included (a deferred
import still has a direction), except imports under ``if TYPE_CHECKING:``, which never run.

Run as a script, ``python tests/test_architecture.py`` rewrites the README's layout section from the map.
"""

from __future__ import annotations

import ast
import fnmatch
import subprocess
import sys
import tomllib
from collections.abc import Iterator, Mapping, Set
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
MAP_PATH = ROOT / "docs" / "architecture.toml"
README_PATH = ROOT / "README.md"
LAYOUT_HEADING = "## How the code is laid out\n"


@dataclass(frozen=True)
class Part:
    """A part of the map: its name, the path patterns of its modules, what it is, the parts it imports."""

    name: str
    patterns: tuple[str, ...]
    summary: str
    imports: frozenset[str]


@dataclass(frozen=True)
class CodeMap:
    """``docs/architecture.toml`` read: the folders it covers, its parts in order, which parts may import
    each library, and the import cycles known and allowed for now."""

    roots: tuple[str, ...]
    parts: dict[str, Part]
    libraries: dict[str, frozenset[str]]
    known_cycles: tuple[frozenset[str], ...]

    def part_of(self, path: str) -> str | None:
        """The part of a module's path (``planner/solve/fast.py``): the one with the longest matching
        pattern; None when no pattern matches. Two parts matching with patterns as long is a map error.

        >>> load_map().part_of("planner/solve/cpsat.py"), load_map().part_of("planner/solve/fast/kinds.py")
        ('cp-sat', 'solvers')
        """
        matches = sorted(
            (
                (len(pattern), part.name)
                for part in self.parts.values()
                for pattern in part.patterns
                if fnmatch.fnmatchcase(path, pattern)
            ),
            reverse=True,
        )
        if not matches:
            return None
        if len(matches) > 1 and matches[1][0] == matches[0][0] and matches[1][1] != matches[0][1]:
            raise ValueError(f"{path} is in parts {matches[0][1]} and {matches[1][1]} by patterns as long")
        return matches[0][1]


@cache
def load_map() -> CodeMap:
    """The map in ``docs/architecture.toml``."""
    data = tomllib.loads(MAP_PATH.read_text(encoding="utf-8"))
    parts = {
        name: Part(name, tuple(fields["modules"]), fields["summary"], frozenset(fields["imports"]))
        for name, fields in data["parts"].items()
    }
    return CodeMap(
        roots=tuple(data["roots"]),
        parts=parts,
        libraries={name: frozenset(allowed) for name, allowed in data["libraries"].items()},
        known_cycles=tuple(frozenset(cycle["modules"]) for cycle in data.get("known_cycles", ())),
    )


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


@cache
def module_paths() -> dict[str, Path]:
    """Every module of the map's folders, by dotted name."""
    return {
        module_name(path): path for root in load_map().roots for path in sorted((ROOT / root).rglob("*.py"))
    }


def _type_checking_only(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _absolute(node: ast.ImportFrom, importer: str, is_package: bool) -> str:
    """The module a ``from ... import`` names, a relative one (``from .x import y``) resolved."""
    if node.level == 0:
        return node.module or ""
    package = importer.split(".") if is_package else importer.split(".")[:-1]
    base = package[: len(package) - (node.level - 1)]
    return ".".join([*base, *([node.module] if node.module else [])])


def imports_of(path: Path) -> set[str]:
    """The dotted names a module imports (``from a import b`` gives ``a`` and ``a.b``), those inside functions
    too, never those under ``if TYPE_CHECKING:``.

    >>> sorted(imports_of(ROOT / "planner" / "__main__.py"))
    ['planner.cli', 'planner.cli.main']
    """
    tree = ast.parse(path.read_text(encoding="utf-8"))
    importer, is_package = module_name(path), path.name == "__init__.py"
    found: set[str] = set()
    for node in _running_statements(tree.body):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            module = _absolute(node, importer, is_package)
            found.add(module)
            found.update(f"{module}.{alias.name}" for alias in node.names)
    return found


def _running_statements(nodes: list[ast.stmt]) -> Iterator[ast.stmt]:
    """Every statement in ``nodes`` and nested in them (functions too), not under ``if TYPE_CHECKING:``."""
    for node in nodes:
        if isinstance(node, ast.If) and _type_checking_only(node):
            yield from _running_statements(node.orelse)
            continue
        yield node
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.stmt):
                yield from _running_statements([child])
            elif isinstance(child, ast.ExceptHandler | ast.match_case):
                yield from _running_statements(child.body)


@cache
def project_graph() -> Mapping[str, frozenset[str]]:
    """Module → the project modules it imports (each name resolved to the longest module it names; a module's
    own packages left out, since a package and its modules are one unit)."""
    paths = module_paths()
    graph: dict[str, frozenset[str]] = {}
    for name, path in paths.items():
        targets = set()
        for imported in imports_of(path):
            while imported and imported not in paths:
                imported = imported.rpartition(".")[0]
            if imported and imported != name and not name.startswith(f"{imported}."):
                targets.add(imported)
        graph[name] = frozenset(targets)
    return graph


def relative_path(module: str) -> str:
    return module_paths()[module].relative_to(ROOT).as_posix()


def strongly_connected(graph: Mapping[str, Set[str]]) -> list[frozenset[str]]:
    """The groups of more than one node that reach each other (Tarjan's algorithm, iterative).

    >>> [sorted(group) for group in strongly_connected({"a": {"b"}, "b": {"a", "c"}, "c": set()})]
    [['a', 'b']]
    """
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[frozenset[str]] = []
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, targets = work[-1]
            target = next((t for t in targets if t in graph), None)
            if target is not None:
                if target not in index:
                    index[target] = low[target] = len(index)
                    stack.append(target)
                    on_stack.add(target)
                    work.append((target, iter(sorted(graph[target]))))
                elif target in on_stack:
                    low[node] = min(low[node], index[target])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                group = set()
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.add(member)
                    if member == node:
                        break
                if len(group) > 1:
                    groups.append(frozenset(group))
    return groups


# -- the map itself


def test_the_maps_arrows_name_its_parts_and_form_layers() -> None:
    code_map = load_map()
    unknown = [
        f"{part.name} -> {target}"
        for part in code_map.parts.values()
        for target in sorted(part.imports)
        if target not in code_map.parts
    ]
    unknown += [
        f"library {library} in {part}"
        for library, parts in code_map.libraries.items()
        for part in sorted(parts)
        if part not in code_map.parts
    ]
    assert not unknown, "the map names parts it does not have: " + ", ".join(unknown)
    arrows = {part.name: part.imports - {part.name} for part in code_map.parts.values()}
    cycles = [sorted(group) for group in strongly_connected(arrows)]
    assert not cycles, f"parts that import each other: {cycles}"


def test_the_domain_parts_import_no_planner_part() -> None:
    code_map = load_map()
    roots = {
        part.name: {pattern.split("/")[0] for pattern in part.patterns} for part in code_map.parts.values()
    }
    upward = sorted(
        f"{part.name} -> {target}"
        for part in code_map.parts.values()
        if roots[part.name] == {"models"}
        for target in part.imports
        if roots[target] != {"models"}
    )
    assert not upward, "domain parts that may import planner parts: " + ", ".join(upward)


def test_every_pattern_holds_a_module() -> None:
    """A pattern that holds nothing is a stale map (a module renamed, a part gone)."""
    code_map = load_map()
    paths = [relative_path(module) for module in module_paths()]
    empty = sorted(
        f"{part.name}: {pattern}"
        for part in code_map.parts.values()
        for pattern in part.patterns
        if not any(fnmatch.fnmatchcase(path, pattern) for path in paths)
    )
    assert not empty, "patterns that hold no module: " + ", ".join(empty)


# -- the code against the map


def test_every_module_is_in_one_part() -> None:
    code_map = load_map()
    lost = sorted(path for path in map(relative_path, module_paths()) if code_map.part_of(path) is None)
    assert not lost, f"modules in no part of {MAP_PATH.name}: " + ", ".join(lost)


def test_every_import_is_an_arrow_of_the_map() -> None:
    code_map = load_map()
    part_of = {module: code_map.part_of(relative_path(module)) for module in module_paths()}
    forbidden = sorted(
        f"{module} -> {target} ({part_of[module]} -> {part_of[target]})"
        for module, targets in project_graph().items()
        for target in targets
        if part_of[target] != part_of[module]
        and part_of[target] not in code_map.parts[str(part_of[module])].imports
    )
    assert not forbidden, "imports the map does not allow:\n" + "\n".join(forbidden)


def test_models_never_imports_planner() -> None:
    offenders = {
        name: sorted(t for t in targets if t.split(".")[0] == "planner")
        for name, targets in project_graph().items()
        if name.split(".")[0] == "models"
    }
    assert {name: targets for name, targets in offenders.items() if targets} == {}


def test_no_import_cycle() -> None:
    """No group of modules imports each other, at module level or in functions; the known cycles of the map
    are allowed exactly as listed while they last."""
    found = set(strongly_connected(project_graph()))
    known = set(load_map().known_cycles)
    new = sorted(" <-> ".join(sorted(group)) for group in found - known)
    gone = sorted(" <-> ".join(sorted(group)) for group in known - found)
    assert not new, "modules that import each other: " + "; ".join(new)
    assert not gone, "known cycles that are gone (remove them from the map): " + "; ".join(gone)


def test_libraries_are_imported_only_where_the_map_allows() -> None:
    code_map = load_map()
    misplaced = sorted(
        f"{module} ({part}) imports {library}"
        for module, path in module_paths().items()
        for library in {name.split(".")[0] for name in imports_of(path)} & code_map.libraries.keys()
        if (part := code_map.part_of(relative_path(module))) not in code_map.libraries[library]
    )
    assert not misplaced, "libraries imported where the map does not allow them: " + ", ".join(misplaced)


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


# -- the README's layout section, generated from the map


def layout_section(code_map: CodeMap) -> str:
    """The README's section on the layout, from its heading to the next one, as the map renders it."""
    lines = [
        LAYOUT_HEADING,
        "Two packages: `models` is the domain, pure data and parsing, and never imports `planner`,",
        "which answers questions about it. Each part below is a set of modules and imports only the",
        "parts it lists; no modules import each other in a cycle. The list is generated from",
        "[the map](docs/architecture.toml), which `tests/test_architecture.py` holds the code to.",
        "",
    ]
    for part in code_map.parts.values():
        patterns = ", ".join(f"`{pattern}`" for pattern in part.patterns)
        imports = ", ".join(name for name in code_map.parts if name in part.imports) or "nothing"
        lines.append(f"- **{part.name}** ({patterns}): {part.summary}. Imports {imports}.")
    lines += ["", "Libraries only some parts import:"]
    lines.append(
        "; ".join(
            f"`{library}` in {', '.join(sorted(parts))}" for library, parts in code_map.libraries.items()
        )
        + ". `--help`, `cards` and a payment the fast path answers start without OR-Tools."
    )
    return "\n".join(lines) + "\n\n"


def readme_with_layout(readme: str, section: str) -> str:
    """The README with its layout section replaced by ``section``."""
    start = readme.index(LAYOUT_HEADING)
    end = readme.index("\n## ", start) + 1
    return readme[:start] + section + readme[end:]


def test_the_readme_layout_is_the_maps() -> None:
    readme = README_PATH.read_text(encoding="utf-8")
    expected = readme_with_layout(readme, layout_section(load_map()))
    assert readme == expected, (
        "the README's layout section is not the map's: run python tests/test_architecture.py"
    )


if __name__ == "__main__":
    README_PATH.write_text(
        readme_with_layout(README_PATH.read_text(encoding="utf-8"), layout_section(load_map())),
        encoding="utf-8",
    )
