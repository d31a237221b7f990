"""The grammar's lexer (models/oracle/grammar_parser.py): each parser state's lexer is made when the state is
first met, as Lark's contextual lexer makes it; each state's scanner matches its terminals one by one until
the state is met often (:class:`_LazyScanner`), and must find what Lark's own scanner of that state (one
compiled expression of named alternatives) finds, token for token, in every state."""

from __future__ import annotations

import re
from collections.abc import Collection
from typing import Any, cast

from lark.lexer import BasicLexer, ContextualLexer, Scanner, _create_unless
from lark.utils import TextSlice

from models.catalogue import all_cards
from models.oracle.grammar import _reader
from models.oracle.grammar_parser import COMPILE_AFTER, _LazyScanner


def _states() -> dict[int, Collection[str]]:
    """What each parser state accepts (terminals and rules), by state."""
    table = _reader().parser.parser._parse_table
    return {state: list(actions) for state, actions in table.states.items()}


def _state_lexers() -> list[BasicLexer]:
    """The parser's lexer of each parser state, once each, and the lexer of the whole grammar."""
    contextual = _reader().parser.lexer
    unique = {id(lexer): lexer for lexer in (contextual.lexers[state] for state in _states())}
    return [*unique.values(), contextual.root_lexer]


def test_each_state_lexes_the_terminals_larks_lexer_of_the_state_does() -> None:
    """Each state's lexer, made when the state is first met, has the terminals, in their order, and the
    ignored and newline terminals of Lark's lexer of that state (which Lark's contextual lexer makes at once).
    """
    ours = _reader().parser.lexer
    larks = ContextualLexer(ours.lexers.conf, _states())
    for state in _states():
        # (BasicLexer's attributes: the lexers' declared type is the abstract one)
        mine, theirs = cast(Any, ours.lexers[state]), cast(Any, larks.lexers[state])
        assert [t.name for t in mine.terminals] == [t.name for t in theirs.terminals], state
        assert (mine.ignore_types, mine.newline_types) == (theirs.ignore_types, theirs.newline_types)
    assert [t.name for t in cast(Any, ours.root_lexer).terminals] == [
        t.name for t in cast(Any, larks.root_lexer).terminals
    ]


def _texts() -> list[str]:
    """Sentences of many kinds: the catalogue's texts, a few cards' worth of each kind of ability."""
    texts = [card.oracle for card in all_cards().values() if card.oracle]
    texts += ["Creatures you control have haste.", "Spend this mana only to cast Dragon spells, or Elf."]
    return texts


def test_each_state_scans_as_lark_does() -> None:
    texts = _texts()
    # (every word's start, and every position of a few texts: commas, braces, the ends of words)
    positions = [(text, m.start()) for text in texts for m in re.finditer(r"\b\w|[^\w\s]", text)]
    checked = 0
    for lexer in _state_lexers():
        terminals, _ = _create_unless(lexer.terminals, lexer.g_regex_flags, lexer.re, lexer.use_bytes)  # type: ignore[no-untyped-call]
        lark_scanner = Scanner(terminals, lexer.g_regex_flags, lexer.re, lexer.use_bytes)  # type: ignore[no-untyped-call]
        lazy = _LazyScanner(None, terminals, lexer.g_regex_flags, lexer.re, lexer.use_bytes)
        for text, pos in positions[:: max(1, len(positions) // 400)]:
            sliced = TextSlice(text, 0, len(text))
            assert lazy.match(sliced, pos) == lark_scanner.match(sliced, pos), (text[pos:], terminals)
            checked += 1
        for token in ("add", "Add", "{T}", "mana", "Forest", "and", "or"):
            assert lazy.fullmatch(token) == lark_scanner.fullmatch(token)
    assert checked > 100_000


def test_a_state_met_often_gets_larks_scanner() -> None:
    contextual = _reader().parser.lexer
    lexer = contextual.lexers[next(iter(_states()))]
    lexer._scanner = None
    text = TextSlice("{T}: Add {G}.", 0, 13)
    first = lexer.match(text, 0)
    assert isinstance(lexer._scanner, _LazyScanner)
    for _ in range(COMPILE_AFTER + 1):
        assert lexer.match(text, 0) == first
    assert type(lexer._scanner) is Scanner
