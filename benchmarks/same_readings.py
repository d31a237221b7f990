"""Whether this checkout reads every face of card files exactly as another checkout does: a change meant to
make reading faster (or any change that should not change a reading) is checked with it.

Run ``python -m benchmarks.same_readings --against PATH [FILE...]`` (bulk files in any format ``cards import``
reads; by default the two development files, as :mod:`benchmarks.bench_parser` finds them). Each file's faces
are handed to :mod:`benchmarks.readings_dump` in fresh processes of both checkouts, once with the kept tables
on and once off (``MANA_PLANNER_CACHE=off``: every reading worked out again, and every phrase handed to the
grammar's parser, whatever a version keeps); the four dumps must agree: the faces' readings, and every
phrase's parse tree and reading. The script prints, per file and tables' setting, how many faces and phrases
were compared and the first differences, and exits with 1 when any differ.

>>> differences({"faces": [["A", "x"]], "phrases": []}, {"faces": [["A", "y"]], "phrases": []}, 5)
["face 'A': against 'x', this 'y'"]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from benchmarks.bench_parser import DEFAULT_FILES
from benchmarks.bench_versions import ROOT

__all__ = ["differences", "dump_in_tree", "main"]


def dump_in_tree(tree: Path, faces: list[tuple[str, str, str]], tables: bool) -> dict[str, Any]:
    """What :mod:`benchmarks.readings_dump` answers for ``faces`` in a fresh process of the checkout ``tree``,
    with the kept tables on or off."""
    script = (ROOT / "benchmarks" / "readings_dump.py").read_text(encoding="utf-8")
    # (one hash seed for every process: a frozenset's repr lists its members in the order of their hashes)
    env = dict(
        os.environ, PYTHONPATH=str(tree), PYTHONHASHSEED="0", MANA_PLANNER_CACHE="on" if tables else "off"
    )
    done = subprocess.run(
        [sys.executable, "-c", script],
        cwd=tree,
        env=env,
        input=json.dumps(faces),
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(done.stdout)  # type: ignore[no-any-return]


def differences(against: dict[str, Any], this: dict[str, Any], most: int) -> list[str]:
    """The first ``most`` differences between two dumps, as lines (none when they agree)."""
    found: list[str] = []
    for kind in ("faces", "phrases"):
        old, new = against[kind], this[kind]
        if len(old) != len(new):
            found.append(f"{kind}: against {len(old)}, this {len(new)}")
        for old_row, new_row in zip(old, new, strict=False):
            if old_row != new_row:
                label = old_row[0] if kind == "faces" else f"{old_row[1]} {old_row[0]!r}"
                changed = [(a, b) for a, b in zip(old_row, new_row, strict=False) if a != b]
                found.extend(
                    f"{kind[:-1]} {label!r}: against {a[:300]!r}, this {b[:300]!r}" for a, b in changed[:1]
                )
    return found[:most]


def main(argv: Sequence[str] | None = None) -> int:
    """Compare the files' readings between the checkouts; the exit code is 1 when any differ."""
    from planner.cards.importer import read_card_files

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("files", nargs="*", type=Path)
    parser.add_argument("--against", type=Path, required=True, help="a checkout of another version")
    parser.add_argument("--show", type=int, default=10, help="how many differences to list per file")
    args = parser.parse_args(argv)
    files: list[Path] = args.files or [path for path in DEFAULT_FILES if path.exists()]
    same = True
    for path in files:
        cards = read_card_files([path]).cards
        faces = [(face.name, face.type_line, face.oracle) for card in cards for face in card.faces]
        for tables in (True, False):
            old = dump_in_tree(args.against.resolve(), faces, tables)
            new = dump_in_tree(ROOT, faces, tables)
            found = differences(old, new, args.show)
            same = same and not found
            setting = "on" if tables else "off"
            print(
                f"{path.name}, tables {setting}: {len(new['faces'])} faces, {len(new['phrases'])} phrases: "
                + ("the same" if not found else "DIFFERENT")
            )
            for line in found:
                print(f"  {line}")
    return 0 if same else 1


if __name__ == "__main__":
    raise SystemExit(main())
