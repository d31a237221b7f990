"""Coverage of the Oracle parser on real cards: how many permanents with mana text it reads in full.

Run ``python -m benchmarks.bench_parser [FILE...]`` (bulk files in any format ``cards import`` reads, plain
or ``.gz``; by default the development file ``../shared/cards/scryfall-oracle-2019-dev.json.gz`` next to the
repository). It is ``mana-planner cards check`` over the files, with the same definitions (one place for
each, :mod:`models.carddata.check`): the files are read by the importer (printings collapsed, tokens and other
non-game objects skipped), every face's sentences are classed by the parser, a face *has mana text* by
:func:`~models.carddata.check.has_mana_text` and is *fully read* when none of its sentences is
``unsupported``. The script prints that table, then the shapes of the unsupported sentences of faces with
mana text (:func:`~models.carddata.check.sentence_shape`: runs of mana symbols ``{M}``, numbers ``N``, the
card's name ``~``) with a count and an example card each, most frequent first.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from models.carddata.check import FaceReading, unsupported_shapes
from models.carddata.faces import is_permanent_type_line
from models.oracle import PARSER_VERSION

__all__ = ["DEFAULT_FILE", "Coverage", "coverage", "main"]

DEFAULT_FILE = (
    Path(__file__).resolve().parents[1] / ".." / "shared" / "cards" / "scryfall-oracle-2019-dev.json.gz"
)
TARGET_PERCENT = 98.0


@dataclass(slots=True)
class Coverage:
    """The counts of one run and the unread shapes of faces with mana text, with an example card each.

    >>> from models.carddata.check import read_face
    >>> odd = "{T}: Add {C}. Spend this mana only on Tuesdays."
    >>> sol = read_face("Sol Ring", "Artifact", "{T}: Add {C}{C}.")
    >>> result = coverage([sol, read_face("Odd", "Artifact", odd)])
    >>> result.with_mana_text, result.fully_read, result.percent
    (2, 1, 50.0)
    >>> result.unread.most_common(1), result.examples["{T}: Add {M}."]
    ([('Spend this mana only on Tuesdays.', 1)], 'Odd')
    """

    faces: int = 0
    permanents: int = 0
    with_mana_text: int = 0
    fully_read: int = 0
    unread: Counter[str] = field(default_factory=Counter)
    examples: dict[str, str] = field(default_factory=dict)

    @property
    def percent(self) -> float:
        """Fully read faces as a percentage of the faces with mana text."""
        return 100.0 * self.fully_read / self.with_mana_text if self.with_mana_text else 100.0


def coverage(faces: Iterable[FaceReading]) -> Coverage:
    """Count the faces with mana text and the fully read ones, and collect the unread shapes."""
    result = Coverage()
    for face in faces:
        result.faces += 1
        result.permanents += is_permanent_type_line(face.type_line.split("—")[0])
        if not face.has_mana_text:
            continue
        result.with_mana_text += 1
        result.fully_read += face.fully_read
        for shape, count in unsupported_shapes([face]):
            result.unread[shape] += count
            result.examples.setdefault(shape, face.name)
    return result


def main(argv: Sequence[str] | None = None) -> int:
    """Print the coverage table and the unread shapes; the exit code is 0."""
    from models.carddata.importer import check_files

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("files", nargs="*", type=Path, default=[DEFAULT_FILE])
    parser.add_argument("--shapes", type=int, default=60, help="how many unread shapes to list")
    args = parser.parse_args(argv)
    report = check_files(args.files)
    result = coverage(report.faces)
    names = " ".join(path.name for path in args.files)
    print(f"$ python -m benchmarks.bench_parser {names}   (parser version {PARSER_VERSION})")
    print(f"{'cards':<28}{report.cards:>8}")
    print(f"{'faces':<28}{result.faces:>8}")
    print(f"{'permanent faces':<28}{result.permanents:>8}")
    print(f"{'faces with mana text':<28}{result.with_mana_text:>8}")
    print(f"{'fully read':<28}{result.fully_read:>8}")
    print(f"{'percentage':<28}{result.percent:>7.1f}%   (target {TARGET_PERCENT:.0f} %)")
    print(f"\nunread shapes ({sum(result.unread.values())} sentences, {len(result.unread)} shapes):")
    print(f"{'count':>5}  {'example card':<32} shape")
    for key, count in result.unread.most_common(args.shapes):
        print(f"{count:>5}  {result.examples[key][:32]:<32} {key}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
