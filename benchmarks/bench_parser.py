"""Coverage of the Oracle parser on real cards: how many permanents with mana text it reads in full.

Run ``python -m benchmarks.bench_parser [FILE]`` (a Scryfall bulk file, plain or ``.gz``; by default the
development file ``../shared/cards/scryfall-oracle-2019-dev.json.gz`` next to the repository). Each face
comes from ``card_faces`` when the card has them. A face counts when its type line is a permanent's and its
text adds or changes mana (the phrases of :data:`MANA_TEXT`); it is *fully read* when none of its sentences
is ``unsupported`` and none that adds mana is ``ignored``. The script prints that table, then the shapes of
the sentences still unread (mana symbols as ``{M}``, numbers as ``N``, the card's name as ``~``) with a count
and an example card each, most frequent first.
"""

from __future__ import annotations

import argparse
import gzip
import json
import re
import sys
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from models.oracle import PARSER_VERSION, PART_OF_UNREAD, parse_oracle

__all__ = ["DEFAULT_FILE", "MANA_TEXT", "Coverage", "Face", "coverage", "faces_of", "main", "shape"]

DEFAULT_FILE = (
    Path(__file__).resolve().parents[1] / ".." / "shared" / "cards" / "scryfall-oracle-2019-dev.json.gz"
)
TARGET_PERCENT = 98.0

_PERMANENT_TYPES = re.compile(r"\b(?:Artifact|Creature|Enchantment|Land|Planeswalker|Battle)\b")

#: Text that adds or changes mana: 'add' and a mana amount or symbol, and the phrases about mana itself.
MANA_TEXT = re.compile(
    r"\badds?\b(?:\s+(?:an?|one|two|three|four|five|six|seven|x|that much|an amount of|additional))*"
    r"\s+(?:\{[^}]+\}|mana\b|\w+ mana\b)"
    r"|tapped for mana|could produce|spend this mana|unspent mana|mana of any type|as though it were mana",
    re.I,
)
_ADDS_MANA = re.compile(MANA_TEXT.pattern.split("|tapped for mana")[0], re.I)


@dataclass(frozen=True, slots=True)
class Face:
    """One face of a card: its name, type line and rules text.

    >>> Face("Sol Ring", "Artifact", "{T}: Add {C}{C}.").is_permanent
    True
    """

    name: str
    type_line: str
    text: str

    @property
    def is_permanent(self) -> bool:
        """True when the type line is a permanent's (CR 110.4)."""
        return bool(_PERMANENT_TYPES.search(self.type_line))


def faces_of(cards: Sequence[dict[str, Any]]) -> Iterator[Face]:
    """Every face of the Scryfall card objects, from ``card_faces`` when present.

    >>> [f.name for f in faces_of([{"name": "A // B", "card_faces": [
    ...     {"name": "A", "type_line": "Land", "oracle_text": ""},
    ...     {"name": "B", "type_line": "Instant", "oracle_text": ""}]}])]
    ['A', 'B']
    """
    for card in cards:
        for face in card.get("card_faces") or [card]:
            yield Face(face.get("name", ""), face.get("type_line", ""), face.get("oracle_text", "") or "")


def shape(sentence: str, name: str) -> str:
    """A sentence written as a shape: mana symbols ``{M}``, numbers ``N``, the card's name ``~``.

    >>> shape("{T}: Add {C}{C}. Ancient Tomb deals 2 damage to you.", "Ancient Tomb")
    '{M}: Add {M}. ~ deals N damage to you.'
    """
    if name:
        sentence = sentence.replace(name, "~")
        if "," in name:
            sentence = sentence.replace(name.split(",")[0], "~")
    sentence = re.sub(r"(?:\{[^}]+\})+", "{M}", sentence)
    return re.sub(r"\b\d+\b", "N", sentence)


@dataclass(slots=True)
class Coverage:
    """The counts of one run and the unread shapes with an example card each."""

    faces: int = 0
    permanents: int = 0
    with_mana_text: int = 0
    fully_read: int = 0
    unread: Counter[str] | None = None
    examples: dict[str, str] | None = None

    @property
    def percent(self) -> float:
        """Fully read faces as a percentage of the faces with mana text."""
        return 100.0 * self.fully_read / self.with_mana_text if self.with_mana_text else 100.0


def unread_sentences(text: str, name: str) -> list[str]:
    """The sentences of a face the parser did not read: ``unsupported``, or ``ignored`` but adding mana.

    >>> unread_sentences("{T}: Add {C}.", "Sol Ring")
    []
    """
    parsed = parse_oracle(text, name)
    return [
        s.text
        for s in parsed.sentences
        if (s.read_as == "unsupported" and s.note != PART_OF_UNREAD)
        or (s.read_as == "ignored" and _ADDS_MANA.search(s.text))
    ]


def coverage(faces: Iterator[Face]) -> Coverage:
    """Count the faces with mana text and the fully read ones, and collect the unread shapes."""
    result = Coverage(unread=Counter(), examples={})
    assert result.unread is not None and result.examples is not None
    for face in faces:
        result.faces += 1
        if not face.is_permanent:
            continue
        result.permanents += 1
        if not MANA_TEXT.search(face.text):
            continue
        result.with_mana_text += 1
        unread = unread_sentences(face.text, face.name)
        if not unread:
            result.fully_read += 1
        for sentence in dict.fromkeys(unread):
            key = shape(sentence, face.name)
            result.unread[key] += 1
            result.examples.setdefault(key, face.name)
    return result


def _load(path: Path) -> list[dict[str, Any]]:
    opener = gzip.open if path.suffix == ".gz" else open
    with opener(path, "rt", encoding="utf-8") as handle:
        data = json.load(handle)
    if not isinstance(data, list):
        raise SystemExit(f"{path}: expected a JSON array of Scryfall card objects")
    return data


def main(argv: Sequence[str] | None = None) -> int:
    """Print the coverage table and the unread shapes; the exit code is 0."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("file", nargs="?", type=Path, default=DEFAULT_FILE)
    parser.add_argument("--shapes", type=int, default=60, help="how many unread shapes to list")
    args = parser.parse_args(argv)
    cards = _load(args.file)
    result = coverage(faces_of(cards))
    print(f"$ python -m benchmarks.bench_parser {args.file.name}   (parser version {PARSER_VERSION})")
    print(f"{'cards':<28}{len(cards):>8}")
    print(f"{'faces':<28}{result.faces:>8}")
    print(f"{'permanent faces':<28}{result.permanents:>8}")
    print(f"{'faces with mana text':<28}{result.with_mana_text:>8}")
    print(f"{'fully read':<28}{result.fully_read:>8}")
    print(f"{'percentage':<28}{result.percent:>7.1f}%   (target {TARGET_PERCENT:.0f} %)")
    assert result.unread is not None and result.examples is not None
    print(f"\nunread shapes ({sum(result.unread.values())} sentences, {len(result.unread)} shapes):")
    print(f"{'count':>5}  {'example card':<32} shape")
    for key, count in result.unread.most_common(args.shapes):
        print(f"{count:>5}  {result.examples[key][:32]:<32} {key}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
