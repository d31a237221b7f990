"""The grammar's LALR parser: ``grammar.lark`` with the terminals of the closed word classes appended (built
from :mod:`models.oracle.lexicon`, so that a new subtype is one line there), built once per process with its
tables kept between processes; and :class:`UnreadError`, what every part of the grammar raises for a phrase
it does not read.

>>> parser().parse("{T}", start="costs").data
'costs'
"""

from __future__ import annotations

import contextlib
import gc
import hashlib
import os
import pickle
import re
import sys
from collections.abc import Collection, Iterator
from copy import copy
from functools import cache
from pathlib import Path
from typing import Any, cast

import lark
import platformdirs
from lark import Lark, Token, Transformer
from lark.common import LexerConf
from lark.grammar import Rule
from lark.lark import _LOAD_ALLOWED_OPTIONS
from lark.lexer import AbstractBasicLexer, BasicLexer, ContextualLexer, Scanner, TerminalDef, _create_unless
from lark.parsers.lalr_analysis import IntParseTable, Reduce, Shift
from lark.parsers.lalr_parser import LALR_Parser, _Parser
from lark.utils import SerializeMemoizer, TextSlice

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
    the user's cache directory named by the grammar's hash, Lark's and Python's versions
    (:func:`_tables_file`; the transformer is no part of the tables). The file is written the first time
    and read after; a file that cannot be read (cut short, corrupt) is built again and written again, and
    without a writable cache directory the tables are built each time. Either way the parser is made from
    the tables as Lark reads them from its own files, so it is the same parser whether they were read or
    built.

    >>> built(None).parse("{T}", start="costs").data
    'costs'
    """
    text = _grammar_text()
    kept = _tables_file(text)
    if kept is not None and (tables := _read_tables(kept)) is not None:
        with contextlib.suppress(Exception):  # (a file of another shape: built again below)
            return _parser_of(tables, transformer)
    tables = _tables(text)
    if kept is not None:
        _write_tables(tables, kept)
    return _parser_of(tables, transformer)


def _grammar_text() -> str:
    """The grammar's text: ``grammar.lark`` with its list words filled in and the lexicon's terminals."""
    grammar = _GRAMMAR.read_text(encoding="utf-8").replace("LIST_WORDS", _list_words())
    return grammar + "\n" + _lexicon_terminals() + "\n"


#: The parser's tables: Lark's serialised form of the parser (what ``Lark.save`` writes, under ``data``) and
#: the rules and terminals it refers to as ``{'@': number}`` (under ``memo``, by number), those as the objects
#: Lark reads them into rather than in its serialised form (whose generic reading was half of loading the
#: parser, pickle's own reading of the objects a tenth of that), and so is the LALR parse table (the
#: parser's ``parser``: :class:`_LALRParser` takes it as it is).
_Tables = dict[str, Any]


def _tables(text: str) -> _Tables:
    """The tables of the grammar ``text``, built (a few hundred milliseconds)."""
    parser = Lark(text, parser="lalr", lexer="contextual", start=list(STARTS), maybe_placeholders=False)
    memo = SerializeMemoizer([TerminalDef, Rule])
    data = parser.serialize(memo)
    data["options"] = {k: v for k, v in data["options"].items() if k not in _LOAD_ALLOWED_OPTIONS}
    referred = SerializeMemoizer.deserialize(memo.serialize(), {"Rule": Rule, "TerminalDef": TerminalDef}, {})
    frontend = data["parser"]
    frontend["parser"] = IntParseTable.deserialize(frontend["parser"], referred)  # type: ignore[no-untyped-call]
    return {"data": data, "memo": referred}


class _LALRParser(LALR_Parser):
    """Lark's LALR parser, made from a parse table kept as the table itself (:func:`_tables`) as well as from
    Lark's serialised form of it."""

    @classmethod
    def deserialize(  # type: ignore[override]  # (Lark's own signature: its parser's callbacks too)
        cls, data: Any, memo: Any, callbacks: Any, debug: bool = False
    ) -> LALR_Parser:
        if not isinstance(data, IntParseTable):
            return cast(LALR_Parser, super().deserialize(data, memo, callbacks, debug))  # type: ignore[no-untyped-call]
        made = cls.__new__(cls)
        made._parse_table = data  # type: ignore[assignment]  # (Lark's own annotation names the other table)
        made.parser = _Parser(data, callbacks, debug)
        return made


#: Lark's two actions, which its parser tells apart by identity: pickled by name (:class:`_TablesPickler`).
_ACTIONS = {"Shift": Shift, "Reduce": Reduce}


class _TablesPickler(pickle.Pickler):
    """Pickles the tables, Lark's actions by name."""

    def persistent_id(self, obj: Any) -> str | None:
        return str(obj) if obj is Shift or obj is Reduce else None


class _TablesUnpickler(pickle.Unpickler):
    """Reads what :class:`_TablesPickler` pickled, Lark's actions as this process's."""

    def persistent_load(self, pid: Any) -> Any:
        return _ACTIONS[pid]


@contextlib.contextmanager
def _collector_paused() -> Iterator[None]:
    """The cyclic garbage collector off while the parser's some 100,000 objects are made (none is garbage;
    the collector would go through them several times, a third of the time), as it was after."""
    collecting = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if collecting:
            gc.enable()


def _parser_of(tables: _Tables, transformer: Transformer[Token, Any] | None) -> Lark:
    """The parser of ``tables``, made as Lark makes a parser it reads from its own file."""
    with _collector_paused():
        made = Lark._load_from_dict(  # type: ignore[no-untyped-call]
            tables["data"], tables["memo"], transformer=transformer, _plugins=_PLUGINS
        )
    return cast(Lark, made)


def _write_tables(tables: _Tables, path: Path) -> None:
    """Keep ``tables`` in ``path`` for :func:`_read_tables`. Written under a name of this process's own, then
    renamed (another process reading the file while it is written would read part of it); tables that
    cannot be written are not kept."""
    own = path.with_name(f"{path.name}.{os.getpid()}.tmp")
    try:
        with own.open("wb") as file:
            _TablesPickler(file, protocol=pickle.HIGHEST_PROTOCOL).dump(tables)
        os.replace(own, path)
    except (OSError, pickle.PicklingError):
        with contextlib.suppress(OSError):
            own.unlink()


def _read_tables(path: Path) -> _Tables | None:
    """The tables kept in ``path`` (:func:`_write_tables`), or None when there are none or they cannot be
    read (the caller builds them again: never a failure)."""
    try:
        with _collector_paused(), path.open("rb") as file:
            tables = _TablesUnpickler(file).load()
        for value in tables["memo"].values():
            if isinstance(value, Rule):
                value._deserialize()  # type: ignore[no-untyped-call]  # (a rule's hash is that of its symbols' names: this process's hash)
        return cast("_Tables", tables)
    except Exception:  # (no file yet, or one this process cannot read)
        return None


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


class _StateLexers(dict[int, AbstractBasicLexer]):
    """Each parser state's lexer, made when the state is first met, one for all the states that accept the
    same terminals (as Lark's contextual lexer makes them all at once: a process reading a few cards meets a
    few hundred of the 3,453 states, and making every lexer was a fifth of loading the parser)."""

    def __init__(self, conf: LexerConf, accepts: dict[int, Collection[str]], always: Collection[str]) -> None:
        super().__init__()
        self.conf = conf
        self.accepts = accepts
        self.always = always
        self.by_accepted: dict[frozenset[str], BasicLexer] = {}

    def __missing__(self, state: int) -> BasicLexer:
        accepted = frozenset(self.accepts[state])
        lexer = self.by_accepted.get(accepted)
        if lexer is None:
            names = accepted | set(self.conf.ignore) | set(self.always)
            conf = copy(self.conf)
            conf.terminals = [t for t in self.conf.terminals if t.name in names]  # (the lexer sorts them)
            lexer = self.by_accepted[accepted] = _BasicLexer(conf)
        self[state] = lexer
        return lexer


class _ContextualLexer(ContextualLexer):
    """Lark's contextual lexer, each state's lexer made when the state is first met (:class:`_StateLexers`),
    each state's scanner (and the whole grammar's, for an error's message) a :class:`_LazyScanner`."""

    BasicLexer = _BasicLexer

    def __init__(
        self, conf: LexerConf, states: dict[int, Collection[str]], always_accept: Collection[str] = ()
    ) -> None:
        if not conf.skip_validation:  # (a grammar read from its text: Lark checks every state's terminals)
            super().__init__(conf, states, always_accept)
            return
        super().__init__(conf, {}, always_accept)  # (the whole grammar's lexer, no state's yet)
        self.lexers = _StateLexers(conf, states, always_accept)


#: Lark's classes replaced by the grammar's own.
_PLUGINS = {"ContextualLexer": _ContextualLexer, "LALR_Parser": _LALRParser}


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
    "cast_trigger",
    "mana_sources",
    "additional_cost",
    "additional_frame",
    "alternative_cost",
    "graveyard_permission",
    "foretell_grant",
    "token_replacement",
    "token_opening",
    "resolved_effect",
    "counter_entry",
    "created_mana_tokens",
    "triggers_again",
    "own_spell_rule",
    "resolution_time",
)


def _tables_file(text: str) -> Path | None:
    """Where the parser's tables for this grammar text are kept; None when there is nowhere to keep them."""
    key = hashlib.sha256(f"{text}{STARTS}{lark.__version__}{sys.version_info[:2]}".encode()).hexdigest()[:20]
    folder = Path(platformdirs.user_cache_dir("mana-planner"))
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:
        return None
    return folder / f"oracle-grammar-{key}.pickle"
