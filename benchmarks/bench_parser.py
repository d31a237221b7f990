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
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from models.carddata.check import FaceReading, adds_mana, read_face, sentence_shape, unsupported_shapes
from models.carddata.faces import is_permanent_type_line
from models.oracle import PARSER_VERSION

__all__ = ["DEFAULT_FILE", "PEER_CARDS", "Coverage", "coverage", "main", "peer_faces"]

DEFAULT_FILE = (
    Path(__file__).resolve().parents[1] / ".." / "shared" / "cards" / "scryfall-oracle-2019-dev.json.gz"
)
TARGET_PERCENT = 98.0
#: The peers' test cards: ``{"cards": [{"name", "type_line", "mana_cost", "oracle"}]}``.
PEER_CARDS = Path(__file__).resolve().parent / "peer_cards.json"


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


def main(argv: Sequence[str] | None = None) -> int:
    """Print the coverage table and the unread shapes; the exit code is 0."""
    from models.carddata.importer import check_files

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("files", nargs="*", type=Path, default=[DEFAULT_FILE])
    parser.add_argument("--shapes", type=int, default=60, help="how many unread shapes to list")
    parser.add_argument(
        "--peers", action="store_true", help="the peers' test cards (peer_cards.json) instead"
    )
    args = parser.parse_args(argv)
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
