"""Coverage of the Oracle parser on real cards: how many permanents with mana text it reads in full.

Run ``python -m benchmarks.bench_parser [FILE...]`` (bulk files in any format ``cards import`` reads, plain
or ``.gz``; by default the development file ``../shared/cards/scryfall-oracle-2019-dev.json.gz`` next to the
repository). It is ``mana-planner cards check`` over the files, with the same definitions (one place for
each, :mod:`models.carddata.check`): the files are read by the importer (printings collapsed, tokens and other
non-game objects skipped), every face's sentences are classed by the parser, a face *has mana text* by
:func:`~models.carddata.check.has_mana_text` and is *fully read* when none of its sentences is
``unsupported``. The script prints that table, then the shapes of the unsupported sentences of faces with
mana text (:func:`~models.carddata.check.sentence_shape`: runs of mana symbols ``{M}``, numbers ``N``, the
card's name ``~``) with a count and an example card each, most frequent first. A sentence classed ``ignored``
that adds mana would be a misreading: it also makes its face unread, and is listed as ``[ignored] shape``.

``--peers`` measures the same on :data:`PEER_CARDS` instead: the cards that the peers' own tests of mana
payment use (XMage, Forge), with their current Oracle wording, kept in the repository.

``--speed [--against PATH] [--rounds N]`` times first-sight parsing instead (:func:`speed_table`): the
microseconds per card that :func:`~models.oracle.parse_oracle` takes on cards new to it, for the catalogue
and the files' faces, in fresh processes of this checkout and, with ``--against``, of another one with its
directory first on ``sys.path`` (the same cards, handed over as JSON; :mod:`benchmarks.parse_timing` does the
timing in both), ``--rounds`` processes per version and card set, old and new interleaved, each figure the
best round's; then the CPU time of importing :mod:`models.oracle` alone.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from benchmarks.bench_versions import output_in_tree
from models.carddata.check import FaceReading, adds_mana, read_face, sentence_shape, unsupported_shapes
from models.carddata.faces import is_permanent_type_line
from models.oracle import PARSER_VERSION

__all__ = ["DEFAULT_FILE", "PEER_CARDS", "Coverage", "coverage", "main", "peer_faces", "speed_table"]

DEFAULT_FILE = (
    Path(__file__).resolve().parents[1] / ".." / "shared" / "cards" / "scryfall-oracle-2019-dev.json.gz"
)
TARGET_PERCENT = 98.0
#: The peers' test cards: ``{"cards": [{"name", "type_line", "mana_cost", "oracle"}]}``.
PEER_CARDS = Path(__file__).resolve().parent / "peer_cards.json"
ROOT = Path(__file__).resolve().parents[1]
#: Prints the CPU seconds that importing the parser takes in a fresh process.
_IMPORT = (
    "import time; started = time.process_time(); import models.oracle; print(time.process_time() - started)"
)


def peer_faces(path: Path = PEER_CARDS) -> list[FaceReading]:
    """How the parser reads each card of the peers' fixture.

    >>> faces = peer_faces()
    >>> any(face.name == "Llanowar Elves" and face.fully_read for face in faces)
    True
    """
    cards = json.loads(path.read_text(encoding="utf-8"))["cards"]
    return [read_face(card["name"], card["type_line"], card["oracle"]) for card in cards]


def _ignored_adding(face: FaceReading) -> list[str]:
    """The sentences of a face classed ``ignored`` although they add mana (a misreading)."""
    return [s.text for s in face.sentences if s.read_as == "ignored" and adds_mana(s.text)]


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
    >>> result.unread_faces
    ['Odd']
    """

    faces: int = 0
    permanents: int = 0
    with_mana_text: int = 0
    fully_read: int = 0
    unread: Counter[str] = field(default_factory=Counter)
    examples: dict[str, str] = field(default_factory=dict)
    unread_faces: list[str] = field(default_factory=list)

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
        misread = _ignored_adding(face)
        result.fully_read += face.fully_read and not misread
        if not face.fully_read or misread:
            result.unread_faces.append(face.name)
        shapes = unsupported_shapes([face])
        shapes += [("[ignored] " + sentence_shape(text, face.name), 1) for text in misread]
        for shape, count in shapes:
            result.unread[shape] += count
            result.examples.setdefault(shape, face.name)
    return result


def speed_table(
    card_sets: Mapping[str, list[tuple[str, str]]], against: Path | None = None, rounds: int = 3
) -> list[str]:
    """The first-sight table (rows of text): per card set, the µs per card of a fresh process's first pass
    and of a warm pass (:mod:`benchmarks.parse_timing`), then the ms of importing the parser; for this
    checkout and, with ``against``, for that one and their ratio (above 1: this checkout is faster)."""
    script = (ROOT / "benchmarks" / "parse_timing.py").read_text(encoding="utf-8")
    trees = [ROOT] if against is None else [against.resolve(), ROOT]
    best: dict[tuple[Path, str], float] = {}
    for number in range(rounds):
        for tree in trees if number % 2 == 0 else trees[::-1]:
            for label, cards in card_sets.items():
                timings = json.loads(output_in_tree(tree, script, {"cards": cards, "warm_rounds": 3}))
                for kind in ("fresh", "warm"):
                    key = (tree, f"{label} ({len(cards)}), {kind} process, µs")
                    best[key] = min(best.get(key, float("inf")), 1e6 * timings[kind])
            key = (tree, "import models.oracle, ms")
            best[key] = min(best.get(key, float("inf")), 1e3 * float(output_in_tree(tree, _IMPORT)))
    labels = list(dict.fromkeys(label for _, label in best))
    width = max(len(label) for label in labels) + 2
    if against is None:
        return [f"{'first sight per card':<{width}}{'this':>10}"] + [
            f"{label:<{width}}{best[ROOT, label]:>10.1f}" for label in labels
        ]
    lines = [f"{'first sight per card':<{width}}{'against':>10}{'this':>10}{'ratio':>9}"]
    for label in labels:
        old, new = best[against.resolve(), label], best[ROOT, label]
        lines.append(f"{label:<{width}}{old:>10.1f}{new:>10.1f}{old / new:>8.2f}x")
    return lines


def _speed(files: Sequence[Path], against: Path | None, rounds: int, command: str) -> None:
    """Print the first-sight table for the catalogue and the files' faces (the files that exist)."""
    from models.carddata.importer import read_card_files
    from models.catalogue import all_cards

    card_sets = {"catalogue": [(card.oracle, card.name) for card in all_cards().values()]}
    for path in files:
        if path.exists():
            faces = [face for card in read_card_files([path]).cards for face in card.faces]
            card_sets[path.name] = [(face.oracle, face.name) for face in faces]
    print(f"$ python -m benchmarks.bench_parser {command}   (parser version {PARSER_VERSION})")
    print(
        f"the best of {rounds} fresh processes per version, interleaved; fresh: each card once in a process "
        "that has parsed nothing; warm: each card again once the parser's caches are emptied"
    )
    for line in speed_table(card_sets, against, rounds):
        print(line)


def main(argv: Sequence[str] | None = None) -> int:
    """Print the coverage table and the unread shapes; the exit code is 0."""
    from models.carddata.importer import check_files

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("files", nargs="*", type=Path, default=[DEFAULT_FILE])
    parser.add_argument("--shapes", type=int, default=60, help="how many unread shapes to list")
    parser.add_argument(
        "--peers", action="store_true", help="the peers' test cards (peer_cards.json) instead"
    )
    parser.add_argument("--speed", action="store_true", help="time first-sight parsing instead")
    parser.add_argument("--against", type=Path, help="with --speed: a checkout of another version")
    parser.add_argument("--rounds", type=int, default=3, help="with --speed: processes per version")
    args = parser.parse_args(argv)
    if args.speed:
        _speed(args.files, args.against, args.rounds, " ".join(sys.argv[1:] if argv is None else argv))
        return 0
    if args.peers:
        faces = peer_faces()
        cards, names = len(faces), "--peers"
    else:
        report = check_files(args.files)
        faces, cards = list(report.faces), report.cards
        names = " ".join(path.name for path in args.files)
    result = coverage(faces)
    print(f"$ python -m benchmarks.bench_parser {names}   (parser version {PARSER_VERSION})")
    print(f"{'cards':<28}{cards:>8}")
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
