"""The grammar's parser made from the tables kept between processes (models/oracle/grammar_parser.py) and the
phrases' readings kept across cards (models/oracle/grammar.py) read as a parser Lark builds from the grammar's
text reads, tree for tree and reading for reading, on every phrase the readers meet in the catalogue's and the
peers' texts; a file of tables that cannot be read is built again and written again, and without anywhere to
write the tables are built each time: never a failure."""

from __future__ import annotations

import pickle
from pathlib import Path
from typing import Any

import platformdirs
import pytest
from lark import Lark

from benchmarks.bench_parser import peer_card_faces
from benchmarks.readings_dump import phrases_parsed, tree_text
from models.catalogue import all_cards
from models.oracle import grammar, grammar_parser, parse_oracle
from models.oracle.grammar import _AS_ASCII, _Readings
from models.oracle.grammar_parser import STARTS, UnreadError, built, parser


def _lark_built(transformer: Any = None) -> Lark:
    """The parser Lark builds from the grammar's text with Lark's own lexer (no tables kept, no plugin)."""
    return Lark(
        grammar_parser._grammar_text(),
        parser="lalr",
        lexer="contextual",
        start=list(STARTS),
        maybe_placeholders=False,
        transformer=transformer,
    )


def _catalogue_phrases() -> list[tuple[str, str]]:
    """Each phrase (with its start rule) the readers hand the grammar's parser reading the catalogue's texts
    and the peers' test cards (benchmarks/peer_cards.json), found by watching the parser with every reading
    forgotten."""
    with phrases_parsed() as phrases:
        for card in all_cards().values():
            parse_oracle(card.oracle, card.name)
        for face in peer_card_faces():
            parse_oracle(face.oracle, face.name)
    return sorted(phrases)


def _lark_reading(reference: Lark, text: str, start: str) -> object:
    """What ``reference`` reads ``text`` as (the text as the readers hand it to the parser), or the type of
    what it raises."""
    try:
        return reference.parse(text if text.isascii() else text.translate(_AS_ASCII), start=start)
    except Exception as error:
        return type(error)


def test_kept_tables_and_readings_read_as_lark_builds_them() -> None:
    phrases = _catalogue_phrases()
    assert len(phrases) > 250 and {start for _, start in phrases} >= {"costs", "effect", "static"}
    trees, readers = _lark_built(), _lark_built(_Readings())
    for text, start in phrases:
        expected_tree = _lark_reading(trees, text, start)
        if isinstance(expected_tree, type):
            with pytest.raises(Exception):  # noqa: B017 (whichever Lark raises for a phrase it does not read)
                parser().parse(text, start=start)
        else:
            assert tree_text(parser().parse(text, start=start)) == tree_text(expected_tree), text
        expected = _lark_reading(readers, text, start)
        for _ in range(2):  # (read, then found kept)
            if isinstance(expected, type):
                with pytest.raises(UnreadError):
                    grammar._parse(text, start)
            else:
                assert grammar._parse(text, start) == expected, text


def _parses(made: Lark) -> bool:
    return made.parse("{T}, Pay 1 life", start="costs").data == "costs"


@pytest.mark.parametrize(
    "content",
    [b"not a pickle", pickle.dumps({"data": {}, "memo": {}}), pickle.dumps([1, 2])],
    ids=["corrupt", "another shape", "not tables"],
)
def test_a_file_that_cannot_be_read_is_built_again(
    content: bytes, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    kept = tmp_path / "tables.pickle"
    kept.write_bytes(content)
    monkeypatch.setattr(grammar_parser, "_tables_file", lambda text: kept)
    assert _parses(built(None))
    assert grammar_parser._read_tables(kept) is not None  # (written again)
    kept.write_bytes(kept.read_bytes()[:1000])  # (cut short)
    assert _parses(built(None))


def test_without_anywhere_to_keep_the_tables_they_are_built(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocked = tmp_path / "a file"
    blocked.write_text("")
    monkeypatch.setattr(platformdirs, "user_cache_dir", lambda name: str(blocked / name))
    assert grammar_parser._tables_file("grammar") is None
    assert _parses(built(None))
    nowhere = tmp_path / "missing" / "tables.pickle"
    monkeypatch.setattr(grammar_parser, "_tables_file", lambda text: nowhere)
    assert _parses(built(None)) and not nowhere.exists()


def test_no_rule_multiplies_into_thousands_of_alternatives() -> None:
    """Lark expands each optional part of a rule into two alternatives: nine of them in one rule made ~13,000
    rules (building the parser took 36 s instead of 1, session 31); the grammar has ~1,500 once expanded."""
    assert len(_lark_built().rules) < 4000


def _terminals_lexed_alike(lark: Lark) -> dict[tuple[str, ...], int]:
    """The groups of terminals with one regular expression (flags included) that a single parser state
    accepts, each with how many states accept them together. The contextual lexer of that state matches the
    text with the first of them alone, so a phrase that needs the other does not parse (or parses as
    something else)."""
    terminals = {t.name: t.pattern.to_regexp() for t in lark.terminals}
    groups: dict[tuple[str, ...], int] = {}
    for actions in lark.parser.parser.parser.parse_table.states.values():
        by_pattern: dict[str, list[str]] = {}
        for name in actions:
            if name in terminals:
                by_pattern.setdefault(terminals[name], []).append(name)
        for names in by_pattern.values():
            if len(names) > 1:
                key = tuple(sorted(names))
                groups[key] = groups.get(key, 0) + 1
    return groups


def test_two_terminals_with_one_regex_are_found_in_a_state_that_accepts_both() -> None:
    """The check below on a grammar made to collide: ``MINE`` and ``_MINE`` both follow ``is``."""
    colliding = Lark(
        'start: "is" (MINE | _MINE "x")\nMINE: /mine/\n_MINE: /mine/\n%ignore " "',
        parser="lalr",
        lexer="contextual",
    )
    assert _terminals_lexed_alike(colliding) == {("MINE", "_MINE"): 1}


def test_no_two_terminals_with_one_regex_follow_the_same_state() -> None:
    """Two equal terminals where both may come next are lexed as the first one only: session 31's ``YOURS``
    and ``_YOURS`` ('During turns other than yours') read Geyser Drake's cost change as a type change, found
    only by the round trips. One phrase's terminal per spelling, shared by the rules that need it."""
    assert _terminals_lexed_alike(parser()) == {}
