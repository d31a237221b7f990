"""Everything the Oracle reader reads of a set of faces, as text, for :mod:`benchmarks.same_readings` to
compare between two checkouts: one definition, run in its own process and in another checkout's (there this
file runs as a script, with that checkout first on ``sys.path``, reads a list of faces as JSON on standard
input and prints one JSON object).

For each face (name, type line, Oracle text): what ``cards import`` stores of it
(:func:`models.carddata.check.read_face`), the card's reading with and without its type line
(:func:`models.oracle.read_card`, :func:`models.oracle.parse_oracle`), its spell's additional costs and its
spent-mana riders. Then every phrase the readers handed the grammar's parser while reading those faces (with
its start rule): its parse tree (every token's type, text and position) and its reading (the typed record,
or the message of the :class:`~models.oracle.grammar_parser.UnreadError` it raises). Only functions every
version since the grammar's readers has are called; the phrases are found by watching the grammar's Lark
parser itself, so that a version which keeps phrases' readings finds them all when its tables are off
(``MANA_PLANNER_CACHE=off``, as :mod:`benchmarks.same_readings` runs it).

>>> dumped = dump([("Test Grove", "Land", "{T}: Add {G}. Spend this mana only to cast creature spells.")])
>>> sorted(dumped), len(dumped["faces"]), ["{T}", "costs"] in [pair[:2] for pair in dumped["phrases"]]
(['faces', 'phrases'], 1, True)
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from lark import Token, Tree

from models.carddata.check import read_face
from models.kept import forget_all
from models.oracle import grammar, parse_oracle, read_card
from models.oracle.additional_costs import additional_costs
from models.oracle.grammar_parser import parser
from models.oracle.spent_riders import spent_riders
from models.types import TypeLine

__all__ = ["dump", "tree_text"]


def tree_text(tree: object) -> str:
    """A parse tree as text: each rule's name with its children, each token's type, text and span.

    >>> tree_text(parser().parse("{T}", start="costs"))
    "costs(symbols(SYMBOLS'{T}'@0-3))"
    """
    if isinstance(tree, Token):
        return f"{tree.type}{str(tree)!r}@{tree.start_pos}-{tree.end_pos}"
    if isinstance(tree, Tree):
        return f"{tree.data}({', '.join(tree_text(child) for child in tree.children)})"
    return repr(tree)


def _outcome(read: Any, *arguments: str) -> str:
    """What ``read(*arguments)`` answers, as text, or the error it raises (its type and first line)."""
    try:
        return repr(read(*arguments))
    except Exception as error:
        return f"{type(error).__name__}: {str(error).splitlines()[0] if str(error) else ''}"


@contextmanager
def phrases_parsed() -> Iterator[set[tuple[str, str]]]:
    """The phrases (text, start rule) the readers hand the grammar's parser inside the block, every reading
    forgotten first so that every phrase reaches the parser."""
    forget_all()
    reader = grammar._reader()
    lark_parse = reader.parse
    phrases: set[tuple[str, str]] = set()

    def watched(text: str, start: str | None = None, on_error: Any = None) -> Any:
        phrases.add((text, str(start)))
        return lark_parse(text, start=start, on_error=on_error)

    reader.parse = watched  # type: ignore[method-assign, assignment]
    try:
        yield phrases
    finally:
        reader.parse = lark_parse  # type: ignore[method-assign]


def dump(faces: list[tuple[str, str, str]]) -> dict[str, list[list[str]]]:
    """Every face's readings and every phrase's tree and reading (see the module's docstring)."""
    out_faces = []
    with phrases_parsed() as phrases:
        for name, type_line, oracle in faces:
            out_faces.append(
                [
                    name,
                    _outcome(read_face, name, type_line, oracle),
                    _outcome(
                        lambda line, text, face: read_card(text, face, TypeLine.parse(line)),
                        type_line,
                        oracle,
                        name,
                    ),
                    _outcome(parse_oracle, oracle, name),
                    _outcome(additional_costs, oracle, name),
                    _outcome(spent_riders, oracle, name),
                ]
            )
    out_phrases = []
    for text, start in sorted(phrases):
        tree = _outcome(lambda phrase, rule: tree_text(parser().parse(phrase, start=rule)), text, start)
        out_phrases.append([text, start, tree, _outcome(grammar._parse, text, start)])
    return {"faces": out_faces, "phrases": out_phrases}


if __name__ == "__main__":
    print(json.dumps(dump([tuple(face) for face in json.load(sys.stdin)])))
