"""The grammar's LALR parser: ``grammar.lark`` with the terminals of the closed word classes appended (built
from :mod:`models.oracle.lexicon`, so that a new subtype is one line there), built once per process with its
tables kept between processes; and :class:`UnreadError`, what every part of the grammar raises for a phrase
it does not read.

>>> parser().parse("{T}", start="costs").data
'costs'
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import re
from functools import cache
from pathlib import Path
from typing import Any, cast

import lark
import platformdirs
from lark import Lark, Token, Transformer
from lark.lexer import BasicLexer, ContextualLexer, Scanner, TerminalDef, _create_unless
from lark.utils import TextSlice

from models.oracle import lexicon

_GRAMMAR = Path(__file__).with_name("grammar.lark")


class UnreadError(ValueError):
    """A phrase the grammar does not read (or reads into something no record can hold), with why."""


def _alternation(words: object) -> str:
    """A regular expression matching any of ``words`` as whole words, longest first."""
    spelled = sorted({str(w) for w in cast("list[str]", words)}, key=lambda w: (-len(w), w))
    return "|".join(re.escape(w) for w in spelled)


def _lexicon_terminals() -> str:
    """The terminals of the closed word classes, from the lexicon (appended to the grammar's text). Subtypes
    are not among them: a capitalised word in a type's place is one (``NAME_WORD`` in the grammar), and the
    lexicon gives its canonical spelling, so that no terminal lists hundreds of words."""
    card_types = [form for t in lexicon.CARD_TYPES for form in lexicon.plural_forms(t)]
    negatable = [*card_types, *(s.lower() for s in lexicon.RULES_SUPERTYPES), "token"]
    return "\n".join(
        (
            f"NUMBER_WORD: /(?i:{_alternation(lexicon.NUMBER_WORDS)})\\b/",
            f"COLOR_WORD: /(?i:{_alternation(lexicon.COLOR_WORDS)})\\b/",
            f"CARD_TYPE: /(?i:{_alternation(card_types)})\\b/",
            f"SUPERTYPE: /(?i:{_alternation(lexicon.RULES_SUPERTYPES)})\\b/",
            f"NON_TYPE: /(?i:non-?(?:{_alternation(negatable)}))\\b|non-[A-Z][A-Za-z'\\-]*/",
            f"KEYWORD: /(?i:{_alternation(lexicon.KEYWORDS)})\\b/",
        )
    )


def _list_words() -> str:
    """The words a comma inside a list of noun phrases comes before (see ``_LIST_COMMA`` in the grammar): card
    types, supertypes and colors in any case, creature types as Oracle capitalises them ('Cleric, Rogue,
    Warrior, or Wizard spells'), and the five basic land types in the singular ('taps a Mountain, Forest, or
    Plains for mana': Keeper of Progenitus; a type change's list 'is a Plains, Island, and Swamp' takes
    either comma)."""
    card_types = [form for t in lexicon.CARD_TYPES for form in lexicon.plural_forms(t)]
    words = [*card_types, *(w.lower() for w in lexicon.RULES_SUPERTYPES), *lexicon.COLOR_WORDS, "colorless"]
    words += ["Plains", "Island", "Swamp", "Mountain", "Forest"]
    subtypes = [
        form
        for t, kind in lexicon.SUBTYPES.items()
        if kind == "creature" and " " not in t
        for form in lexicon.plural_forms(t)
    ]
    return f"(?:(?i:(?:non-?)?(?:{_alternation(words)}))|(?:{_alternation(subtypes)}))"


@cache  # (the parser, built once per process: a tool, not an answer; the grammar never changes)
def parser() -> Lark:
    """The LALR parser that answers parse trees, built once per process (the grammar and the lexicon never
    change while it runs); the readers use :func:`built` with their transformer instead."""
    return built(None)


def built(transformer: Transformer[Token, Any] | None) -> Lark:
    """The LALR parser, applying ``transformer`` as it parses when one is given (each rule's method called
    as the rule is reduced: no parse tree is built and walked again), else answering parse trees.

    Building its tables takes a few hundred milliseconds, so they are kept between processes in a file of
    the user's cache directory named by the grammar's hash (:func:`_tables_file`; the transformer is no
    part of the tables); Lark checks the grammar against the file before it uses it, so a stale file is
    never read, and without a writable cache directory the tables are built each time."""
    grammar = _GRAMMAR.read_text(encoding="utf-8").replace("LIST_WORDS", _list_words())
    text = grammar + "\n" + _lexicon_terminals() + "\n"
    kept = _tables_file(text)
    if kept is None or Path(kept).exists():
        return _lark(text, kept or False, transformer)
    # (written under a name of this process's own, then renamed: another process reading the file while it is
    # written would read part of it)
    own = f"{kept}.{os.getpid()}.tmp"
    parser = _lark(text, own, transformer)
    with contextlib.suppress(OSError):
        os.replace(own, kept)
    return parser


def _lark(text: str, cache: str | bool, transformer: Transformer[Token, Any] | None) -> Lark:
    return Lark(
        text,
        parser="lalr",
        lexer="contextual",
        start=list(STARTS),
        maybe_placeholders=False,
        cache=cache,
        transformer=transformer,
        _plugins={"ContextualLexer": _ContextualLexer},
    )


#: How many tokens a parser state's scanner matches terminal by terminal before it compiles its terminals
#: into one expression (:class:`_LazyScanner`).
COMPILE_AFTER = 256


@cache  # (a terminal's expression, compiled once per process for every state's scanner)
def _terminal_expression(regexp: str, flags: int) -> re.Pattern[str]:
    return re.compile(regexp, flags)


class _LazyScanner(Scanner):
    """Lark's scanner of one parser state, with its answers: the first of its terminals, in their order,
    that matches at the position (what Lark's one expression of named alternatives finds, Python's ``re``
    trying alternatives in order). Lark compiles that expression when a state is first met, some 170 of
    them in a process reading cards (a third of a fresh process's first sight of 800 faces); this scanner
    matches the terminals one by one, each compiled once per process, and hands its lexer Lark's scanner
    once the state has been met more than :data:`COMPILE_AFTER` times, where compiling it pays.

    >>> from lark.lexer import PatternRE, PatternStr
    >>> terminals = [TerminalDef("ADD", PatternStr("add")), TerminalDef("WORD", PatternRE("[a-z]+"))]
    >>> scanner = _LazyScanner(None, terminals, 0, re, False)
    >>> scanner.match(TextSlice("add mana", 0, 8), 0), scanner.match(TextSlice("add mana", 0, 8), 4)
    (('add', 'ADD'), ('mana', 'WORD'))
    """

    def __init__(
        self,
        lexer: BasicLexer | None,
        terminals: list[TerminalDef],
        g_regex_flags: int,
        re_: Any,
        use_bytes: bool,
    ) -> None:
        self.terminals = terminals
        self.g_regex_flags = g_regex_flags
        self.re_ = re_
        self.use_bytes = use_bytes
        self.allowed_types = {t.name for t in terminals}
        self._lexer = lexer
        self._uses = 0
        self._expressions = [
            (_terminal_expression(t.pattern.to_regexp(), g_regex_flags), t.name) for t in terminals
        ]

    def match(self, text: TextSlice[str], pos: int) -> tuple[str, str] | None:
        self._uses += 1
        if self._uses > COMPILE_AFTER and self._lexer is not None:
            compiled = Scanner(self.terminals, self.g_regex_flags, self.re_, self.use_bytes)  # type: ignore[no-untyped-call]
            self._lexer._scanner = compiled
            return compiled.match(text, pos)  # type: ignore[no-any-return]
        string, end = text.text, text.end
        for expression, name in self._expressions:
            found = expression.match(string, pos, end)
            if found is not None:
                return found.group(0), name
        return None

    def fullmatch(self, text: str) -> str | None:
        for expression, name in self._expressions:
            if expression.fullmatch(text):
                return name
        return None


class _BasicLexer(BasicLexer):
    """Lark's lexer of one parser state, its scanner a :class:`_LazyScanner` until the state is met often."""

    def _build_scanner(self) -> Scanner:
        terminals, self.callback = _create_unless(  # type: ignore[no-untyped-call]
            self.terminals, self.g_regex_flags, self.re, self.use_bytes
        )
        assert not self.user_callbacks  # (the grammar's parser has none: Lark would chain them here)
        return _LazyScanner(self, terminals, self.g_regex_flags, self.re, self.use_bytes)


class _ContextualLexer(ContextualLexer):
    """Lark's contextual lexer, each state's scanner (and the whole grammar's, for an error's message) a
    :class:`_LazyScanner`."""

    BasicLexer = _BasicLexer


#: The rules a text can be read from.
STARTS = (
    "costs",
    "effect",
    "restriction",
    "phrase",
    "output_phrase",
    "condition_phrase",
    "mana_effect",
    "static",
    "enters_unless",
    "land_search",
    "spent_rider",
    "mana_sources",
    "additional_cost",
    "additional_frame",
    "alternative_cost",
)


def _tables_file(text: str) -> str | None:
    """Where the parser's tables for this grammar text are kept; None when there is nowhere to keep them."""
    key = hashlib.sha256(f"{text}{STARTS}{lark.__version__}".encode()).hexdigest()[:20]
    folder = Path(platformdirs.user_cache_dir("mana-planner"))
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:
        return None
    return str(folder / f"oracle-grammar-{key}.lark")
