"""The card store: an SQLite file holding every imported card's faces, found by folded name in one query.

Where it lives (:func:`default_store_path`): the path given, else the environment variable
``MANA_PLANNER_CARDS``, else ``cards.sqlite3`` in the platform's user data directory for ``mana-planner``.

Opening a :class:`CardStore` costs nothing: the file is opened on the first lookup, read-only (looking a card
up never creates or changes the file, except to roll back an import that was interrupted), and a store that
does not exist yet holds no cards. Writing
(:meth:`CardStore.write_cards`) happens in one transaction: it is all written or, on any error, none of it.
Every problem with the file (not an SQLite database, read-only, locked by another process) is one
:class:`~models.errors.CardDataError` line naming the file.

Tables: ``cards`` (one row per Oracle identity), ``faces`` (one per face, with the cached reading of its text
and the parser version it was made with), ``names`` (every folded name that finds a card: the card's own
``A // B`` name and each face's, pointing at the face, or at -1 for the whole card), ``arena_ids`` (MTG
Arena's ``grpId`` of each printing, Scryfall's ``arena_id``, to its card), and ``grams`` (the trigrams of
every folded name, the index that suggestions for an unknown name use).
"""

from __future__ import annotations

import json
import os
import sqlite3
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from difflib import SequenceMatcher
from itertools import groupby
from pathlib import Path
from typing import Any, Final, TypeVar

from models.carddata.check import CheckReport, FaceReading, check_cards, read_card_face
from models.carddata.faces import Card, CardFace, FoundCard
from models.errors import CardDataError
from models.folding import fold_name
from models.oracle import PARSER_VERSION

__all__ = [
    "ENVIRONMENT_VARIABLE",
    "SCHEMA_VERSION",
    "CardStore",
    "WriteCounts",
    "check_store",
    "default_store_path",
    "name_trigrams",
]

#: The environment variable that says where the card store is.
ENVIRONMENT_VARIABLE: Final = "MANA_PLANNER_CARDS"
#: The layout of the tables; a store of another version is refused with a message to import again.
SCHEMA_VERSION: Final = 2
#: How long a lookup or import waits for another process's lock before saying the store is locked (s).
BUSY_TIMEOUT_SECONDS: Final = 0.25
_WHOLE_CARD: Final = -1
#: SQLite's answer to a read-only connection that finds an interrupted write's journal to roll back.
_HOT_JOURNAL: Final = 776  # SQLITE_READONLY_ROLLBACK
#: The first bytes of every SQLite database file.
_SQLITE_HEADER: Final = b"SQLite format 3\x00"
_T = TypeVar("_T")

_SCHEMA: Final = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS cards (
    oracle_id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    layout TEXT NOT NULL,
    released_at TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS faces (
    oracle_id TEXT NOT NULL,
    face_index INTEGER NOT NULL,
    name TEXT NOT NULL,
    folded TEXT NOT NULL,
    card_name TEXT NOT NULL,
    type_line TEXT NOT NULL,
    mana_cost TEXT NOT NULL,
    oracle TEXT NOT NULL,
    colors TEXT NOT NULL,
    color_indicator TEXT NOT NULL,
    color_identity TEXT NOT NULL,
    layout TEXT NOT NULL,
    legalities TEXT NOT NULL,
    power TEXT NOT NULL,
    toughness TEXT NOT NULL,
    parser_version INTEGER NOT NULL,
    reading TEXT NOT NULL,
    PRIMARY KEY (oracle_id, face_index)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS names (
    folded TEXT NOT NULL,
    oracle_id TEXT NOT NULL,
    face_index INTEGER NOT NULL,
    PRIMARY KEY (folded, oracle_id, face_index)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS names_by_card ON names (oracle_id);
CREATE TABLE IF NOT EXISTS arena_ids (
    arena_id INTEGER PRIMARY KEY,
    oracle_id TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS arena_ids_by_card ON arena_ids (oracle_id);
CREATE TABLE IF NOT EXISTS grams (
    gram TEXT NOT NULL,
    folded TEXT NOT NULL,
    PRIMARY KEY (gram, folded)
) WITHOUT ROWID;
"""

_FACE_COLUMNS: Final = (
    "face_index, name, card_name, type_line, mana_cost, oracle, colors, color_indicator, color_identity,"
    " layout, legalities, power, toughness"
)


def default_store_path(explicit: str | os.PathLike[str] | None = None) -> Path:
    """Where the card store is: ``explicit``, else ``$MANA_PLANNER_CARDS``, else the user data directory.

    >>> str(default_store_path("/tmp/my-cards.sqlite3"))
    '/tmp/my-cards.sqlite3'
    """
    if explicit is not None and os.fspath(explicit):
        return Path(explicit)
    from_environment = os.environ.get(ENVIRONMENT_VARIABLE, "").strip()
    if from_environment:
        return Path(from_environment)
    import platformdirs  # only needed when no path is given: keeps importing this module cheap

    return Path(platformdirs.user_data_dir("mana-planner")) / "cards.sqlite3"


def name_trigrams(folded: str) -> set[str]:
    """The three-letter pieces of a folded name padded with spaces: the suggestion index's keys.

    >>> sorted(name_trigrams("elf"))
    ['  e', ' el', 'elf', 'lf ']
    >>> len(name_trigrams(fold_name("Llanowar Elves")))
    14
    """
    padded = f"  {folded} "
    return {padded[i : i + 3] for i in range(len(padded) - 2)}


@dataclass(frozen=True, slots=True)
class WriteCounts:
    """What one write did: cards new to the store, cards rewritten, cards kept because the store's were newer,
    and how many of the cards written have mana text the parser did not fully read."""

    imported: int
    updated: int
    kept_newer: int
    unread_mana_text: int


class CardStore:
    """A card store file (module docstring). Nothing is opened until the first lookup or write.

    >>> store = CardStore("/nonexistent/cards.sqlite3")
    >>> store.find("Forest") is None, store.exists
    (True, False)
    """

    def __init__(self, path: str | os.PathLike[str] | None = None) -> None:
        self.path = default_store_path(path)
        self._reader: sqlite3.Connection | None = None

    def __repr__(self) -> str:
        return f"CardStore({os.fspath(self.path)!r})"

    @property
    def exists(self) -> bool:
        """True when the store file is there (a store that was never written holds no cards)."""
        return self.path.is_file()

    def check_file(self) -> None:
        """Raise :class:`~models.errors.CardDataError` when the file is there but is not an SQLite database
        (its first 16 bytes say so); a missing or empty file is a store with no cards. Nothing is opened.

        >>> CardStore("/nonexistent/cards.sqlite3").check_file()
        """
        try:
            with self.path.open("rb") as handle:
                header = handle.read(len(_SQLITE_HEADER))
        except FileNotFoundError:
            return
        except OSError as error:
            where = os.fspath(self.path)
            if self.path.is_dir():
                raise CardDataError(f"{where}: this is a directory, not a card store") from None
            raise CardDataError(f"{where}: cannot read the card store: {error.strerror or error}") from None
        if header and header != _SQLITE_HEADER:
            raise CardDataError(
                f"{os.fspath(self.path)}: this is not a card store (not an SQLite database file)"
            )

    def close(self) -> None:
        """Close the read connection, if one was opened (the store opens it again when needed)."""
        if self._reader is not None:
            self._reader.close()
            self._reader = None

    # ---- errors

    def _error(self, error: Exception, doing: str) -> CardDataError:
        """The one-line error for an SQLite failure while ``doing`` something."""
        text = str(error)
        if "locked" in text or "busy" in text:
            problem = "the card store is locked by another process (an import still running?); try again"
        elif "not a database" in text or "malformed" in text or "file is encrypted" in text:
            problem = "this is not a card store (not an SQLite database file)"
        elif "readonly" in text or "read-only" in text:
            problem = "the card store is read-only: cannot write to it"
        elif "unable to open" in text:
            problem = "cannot open the card store (does its directory exist, and may it be written?)"
        else:
            problem = f"the card store failed: {text}"
        return CardDataError(f"{os.fspath(self.path)}: {problem} (while {doing})")

    @contextmanager
    def _translated(self, doing: str) -> Iterator[None]:
        try:
            yield
        except sqlite3.Error as error:
            raise self._error(error, doing) from None

    # ---- reading

    def _connection(self) -> sqlite3.Connection | None:
        """The read-only connection, opened on first use; None when the store file does not exist. Raises
        ``sqlite3.Error`` (:meth:`_read` says what it means)."""
        if self._reader is None:
            if not self.exists:
                return None
            uri = f"{self.path.resolve().as_uri()}?mode=ro"
            reader = sqlite3.connect(uri, uri=True, timeout=BUSY_TIMEOUT_SECONDS, check_same_thread=False)
            try:
                self._check_schema(reader)
            except BaseException:
                reader.close()
                raise
            self._reader = reader
        return self._reader

    def _roll_back(self) -> None:
        """Roll back an import that was interrupted (killed while it wrote, it left a journal that a read-only
        connection can't roll back; SQLite does it when a connection that may write reads the file): the
        store is then as it was before that import. Raises :class:`~models.errors.CardDataError` saying so
        when the store can't be written."""
        self.close()
        try:
            writer = sqlite3.connect(
                f"{self.path.resolve().as_uri()}?mode=rw", uri=True, timeout=BUSY_TIMEOUT_SECONDS
            )
            try:
                writer.execute("SELECT count(*) FROM sqlite_master").fetchone()
            finally:
                writer.close()
        except sqlite3.Error as error:
            if "locked" in str(error) or "busy" in str(error):
                raise self._error(error, "rolling back an interrupted import") from None
            raise CardDataError(
                f"{os.fspath(self.path)}: an import into the card store was interrupted, and it can't be "
                f"rolled back without write access ({error}): make the file and its folder writable, or "
                "import the card data again into a new store"
            ) from None

    def _check_schema(self, connection: sqlite3.Connection) -> None:
        """Refuse a database that is not a card store of this schema version."""
        tables = {row[0] for row in connection.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        if not tables:
            return  # an empty database file: a store with no cards yet
        if "meta" not in tables:
            raise CardDataError(f"{os.fspath(self.path)}: this SQLite file is not a mana-planner card store")
        row = connection.execute("SELECT value FROM meta WHERE key = 'schema_version'").fetchone()
        if row is None or row[0] != str(SCHEMA_VERSION):
            raise CardDataError(
                f"{os.fspath(self.path)}: the card store has schema version {row[0] if row else '?'}, this "
                f"planner reads version {SCHEMA_VERSION}: import the card data again into a new store"
            )

    def _read(self, doing: str, query: Callable[[sqlite3.Connection], _T], empty: _T) -> _T:
        """The query's answer (``empty`` when there is no store yet); an interrupted import is rolled back
        first (:meth:`_roll_back`), every other problem is one :class:`~models.errors.CardDataError`."""
        try:
            return self._read_once(query, empty)
        except sqlite3.Error as error:
            if error.sqlite_errorcode != _HOT_JOURNAL:
                raise self._error(error, doing) from None
        self._roll_back()
        with self._translated(doing):
            return self._read_once(query, empty)

    def _read_once(self, query: Callable[[sqlite3.Connection], _T], empty: _T) -> _T:
        connection = self._connection()
        if connection is None:
            return empty
        tables = connection.execute("SELECT count(*) FROM sqlite_master WHERE name = 'faces'").fetchone()
        if not tables[0]:
            return empty
        return query(connection)

    def find(self, name: str) -> FoundCard | None:
        """The card a name finds (any case, accents, punctuation), or None. One indexed query.

        A name that two cards share finds the one whose own name it is, else the newest.
        """
        folded = fold_name(name)
        if not folded:
            return None
        rows: list[Any] = self._read("looking up a card", lambda c: _rows_for_name(c, folded), [])
        if not rows:
            return None
        oracle_id, named_face = rows[0][0], rows[0][1]
        faces = [row[5:] for row in rows if row[0] == oracle_id]
        card = _card_from_rows(oracle_id, rows[0][2], rows[0][3], rows[0][4], faces)
        return FoundCard(card, None if named_face == _WHOLE_CARD else named_face)

    def find_arena(self, arena_id: int) -> FoundCard | None:
        """The card whose printing has this MTG Arena id (``grpId``, Scryfall's ``arena_id``), or None (also
        for a store imported before Arena ids were kept: import again to have them)."""

        def query(connection: sqlite3.Connection) -> list[Any]:
            tables = connection.execute(
                "SELECT count(*) FROM sqlite_master WHERE name = 'arena_ids'"
            ).fetchone()
            if not tables[0]:
                return []
            row = connection.execute(
                "SELECT oracle_id FROM arena_ids WHERE arena_id = ?", (arena_id,)
            ).fetchone()
            if row is None:
                return []
            return connection.execute(
                f"""SELECT c.oracle_id, c.name, c.layout, c.released_at, {_prefixed_face_columns()}
                FROM cards AS c JOIN faces AS f ON f.oracle_id = c.oracle_id
                WHERE c.oracle_id = ? ORDER BY f.face_index""",
                (row[0],),
            ).fetchall()

        rows: list[Any] = self._read("looking up an Arena id", query, [])
        if not rows:
            return None
        card = _card_from_rows(rows[0][0], rows[0][1], rows[0][2], rows[0][3], [row[4:] for row in rows])
        return FoundCard(card, None)

    def suggestions(self, name: str, limit: int = 3) -> list[str]:
        """Names closest to an unknown one, best first, found through the trigram and name indexes.

        Names starting with the query come first, then names sharing the most three-letter pieces, ranked by
        similarity; nothing is suggested that shares too little with the query.
        """
        folded = fold_name(name)
        if not folded:
            return []
        return self._read("suggesting names", lambda c: _suggest(c, folded, limit), [])

    def count(self) -> int:
        """How many cards the store holds."""
        return self._read(
            "counting cards", lambda c: int(c.execute("SELECT count(*) FROM cards").fetchone()[0]), 0
        )

    def cards(self) -> Iterator[Card]:
        """Every card in the store, by name."""
        rows: list[Any] = self._read("listing cards", _all_face_rows, [])
        for oracle_id, group in groupby(rows, key=lambda row: row[0]):
            faces = list(group)
            name, layout, released_at = faces[0][1:4]
            yield _card_from_rows(oracle_id, name, layout, released_at, [row[4:] for row in faces])

    def readings(self) -> dict[tuple[str, int], FaceReading]:
        """The cached readings of every face made by the current parser, by (oracle id, face index)."""

        def query(connection: sqlite3.Connection) -> dict[tuple[str, int], FaceReading]:
            found: dict[tuple[str, int], FaceReading] = {}
            rows = connection.execute(
                "SELECT oracle_id, face_index, name, type_line, reading FROM faces WHERE parser_version = ?",
                (PARSER_VERSION,),
            )
            for oracle_id, face_index, name, type_line, reading in rows:
                found[(oracle_id, face_index)] = FaceReading.from_cache(name, type_line, json.loads(reading))
            return found

        return self._read("reading cached parses", query, {})

    # ---- writing

    def write_cards(
        self, cards: Iterable[Card], check_interrupt: Callable[[], None] | None = None
    ) -> WriteCounts:
        """Write cards in one transaction, replacing what the store holds for the same Oracle identity unless
        the store's wording is newer (by release date). On any error nothing is written.

        Each face's text is read by the parser as it is written, and the reading cached.
        """
        writer = self._writer()
        try:
            with self._translated("writing cards"):
                self._check_schema(writer)
                writer.execute("BEGIN IMMEDIATE")
                try:
                    counts = _write(writer, cards, check_interrupt)
                except BaseException:
                    if writer.in_transaction:
                        writer.execute("ROLLBACK")
                    raise
                writer.execute("COMMIT")
                return counts
        finally:
            writer.close()

    def _writer(self) -> sqlite3.Connection:
        """A connection that may write the store (its directory made first), this object's own closed."""
        self.close()
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise CardDataError(
                f"{os.fspath(self.path)}: cannot make the card store's directory: {error.strerror or error}"
            ) from None
        try:
            return sqlite3.connect(self.path, timeout=BUSY_TIMEOUT_SECONDS, isolation_level=None)
        except sqlite3.Error as error:
            raise self._error(error, "opening it to write") from None

    def check_writable(self) -> None:
        """Raise :class:`~models.errors.CardDataError` now if the store cannot be written (locked by another
        process, read-only, not a card store), without changing it."""
        writer = self._writer()
        try:
            with self._translated("checking that it can be written"):
                self._check_schema(writer)
                writer.execute("BEGIN IMMEDIATE")
                try:
                    _create_schema(writer)
                finally:
                    writer.execute("ROLLBACK")
        finally:
            writer.close()

    def remove_if_empty(self) -> None:
        """Delete the store file if it holds nothing (what a failed first import leaves)."""
        self.close()
        try:
            if self.path.is_file() and self.path.stat().st_size == 0:
                self.path.unlink()
        except OSError:
            pass  # an empty store file left behind is still a valid, empty store

    def update_readings(self, readings: Sequence[tuple[str, int, FaceReading]]) -> None:
        """Cache readings made by the current parser (used after the parser changed); one transaction."""
        self.close()
        try:
            writer = sqlite3.connect(self.path, timeout=BUSY_TIMEOUT_SECONDS)
        except sqlite3.Error as error:
            raise self._error(error, "opening it to write") from None
        try:
            with self._translated("caching parses"), writer:
                writer.executemany(
                    "UPDATE faces SET parser_version = ?, reading = ? WHERE oracle_id = ? AND face_index = ?",
                    [(PARSER_VERSION, json.dumps(r.cache_json()), o, i) for o, i, r in readings],
                )
        finally:
            writer.close()


def check_store(store: CardStore) -> CheckReport:
    """``cards check`` over every card in the store, using the readings it cached with the current parser.

    Faces read by an older parser are read again, and their new readings cached when the store can be
    written (a store that cannot be written is still checked; only the cache is not refreshed).
    """
    cards = list(store.cards())
    cached = store.readings()
    report = check_cards(cards, cached)
    fresh: list[tuple[str, int, FaceReading]] = []
    position = 0
    for card in cards:
        for face in card.faces:
            if (card.oracle_id, face.face_index) not in cached:
                fresh.append((card.oracle_id, face.face_index, report.faces[position]))
            position += 1
    if fresh:
        with suppress(CardDataError):  # only a saving: a read-only or busy store is still checked
            store.update_readings(fresh)
    return report


# --------------------------------------------------------------------------------------------------------
# Queries


def _rows_for_name(connection: sqlite3.Connection, folded: str) -> list[Any]:
    """Every face of every card the folded name finds, the best card first, faces in order."""
    return connection.execute(
        f"""SELECT n.oracle_id, n.face_index, c.name, c.layout, c.released_at, {_prefixed_face_columns()}
        FROM names AS n JOIN cards AS c ON c.oracle_id = n.oracle_id
        JOIN faces AS f ON f.oracle_id = n.oracle_id
        WHERE n.folded = ?
        ORDER BY n.face_index <> {_WHOLE_CARD}, c.released_at DESC, n.oracle_id, f.face_index""",
        (folded,),
    ).fetchall()


def _prefixed_face_columns() -> str:
    return ", ".join(f"f.{column.strip()}" for column in _FACE_COLUMNS.split(","))


def _all_face_rows(connection: sqlite3.Connection) -> list[Any]:
    return connection.execute(
        f"""SELECT c.oracle_id, c.name, c.layout, c.released_at, {_prefixed_face_columns()}
        FROM cards AS c JOIN faces AS f ON f.oracle_id = c.oracle_id
        ORDER BY c.name, c.oracle_id, f.face_index"""
    ).fetchall()


def _card_from_rows(oracle_id: str, name: str, layout: str, released_at: str, rows: Sequence[Any]) -> Card:
    faces = tuple(
        CardFace(
            name=row[1],
            card_name=row[2],
            face_index=row[0],
            type_line=row[3],
            mana_cost=row[4],
            oracle=row[5],
            colors=row[6],
            color_indicator=row[7],
            color_identity=row[8],
            layout=row[9],
            legalities=tuple((str(k), str(v)) for k, v in json.loads(row[10]).items()),
            power=row[11],
            toughness=row[12],
        )
        for row in rows
    )
    return Card(oracle_id, name, layout, faces, released_at)


#: Suggestions must share at least this share of the query's trigrams.
_MIN_SHARED: Final = 0.34
_MIN_SIMILARITY: Final = 0.6
_CANDIDATES: Final = 40


def _suggest(connection: sqlite3.Connection, folded: str, limit: int) -> list[str]:
    """Suggestions for a folded name (see :meth:`CardStore.suggestions`)."""
    starting = [
        row[0]
        for row in connection.execute(
            "SELECT DISTINCT folded FROM names WHERE folded > ? AND folded < ?"
            " ORDER BY length(folded) LIMIT ?",
            (folded, folded + "\U0010ffff", limit),
        )
    ]
    grams = sorted(name_trigrams(folded))
    needed = max(1, int(len(grams) * _MIN_SHARED))
    placeholders = ", ".join("?" * len(grams))
    candidates = [
        row[0]
        for row in connection.execute(
            f"""SELECT folded FROM grams WHERE gram IN ({placeholders})
            GROUP BY folded HAVING count(*) >= ? ORDER BY count(*) DESC LIMIT ?""",
            (*grams, needed, _CANDIDATES),
        )
    ]
    scored = sorted(
        ((SequenceMatcher(None, folded, candidate).ratio(), candidate) for candidate in candidates),
        key=lambda item: (-item[0], item[1]),
    )
    similar = [candidate for score, candidate in scored if score >= _MIN_SIMILARITY]
    chosen = list(dict.fromkeys([*starting, *similar]))[:limit]
    return [_display_name(connection, key) for key in chosen]


def _display_name(connection: sqlite3.Connection, folded: str) -> str:
    """The printed name for a folded one: the face's name, or the card's for a whole-card name."""
    row = connection.execute(
        """SELECT CASE WHEN n.face_index = -1 THEN c.name ELSE f.name END
        FROM names AS n JOIN cards AS c ON c.oracle_id = n.oracle_id
        LEFT JOIN faces AS f ON f.oracle_id = n.oracle_id AND f.face_index = n.face_index
        WHERE n.folded = ? ORDER BY n.face_index <> -1 LIMIT 1""",
        (folded,),
    ).fetchone()
    return str(row[0]) if row else folded


# --------------------------------------------------------------------------------------------------------
# Writing


def _create_schema(connection: sqlite3.Connection) -> None:
    """Create the tables when missing, and record the schema version (a write, even when nothing is new)."""
    for statement in _SCHEMA.split(";"):
        if statement.strip():
            connection.execute(statement)
    connection.execute(
        "INSERT OR REPLACE INTO meta (key, value) VALUES ('schema_version', ?)", (str(SCHEMA_VERSION),)
    )


def _write(
    connection: sqlite3.Connection, cards: Iterable[Card], check_interrupt: Callable[[], None] | None
) -> WriteCounts:
    _create_schema(connection)
    imported = updated = kept = unread = 0
    for card in cards:
        if check_interrupt is not None:
            check_interrupt()
        row = connection.execute(
            "SELECT released_at FROM cards WHERE oracle_id = ?", (card.oracle_id,)
        ).fetchone()
        if row is not None:
            if row[0] and card.released_at and row[0] > card.released_at:
                kept += 1
                continue
            _delete_card(connection, card.oracle_id)
            updated += 1
        else:
            imported += 1
        readings = _insert_card(connection, card)
        unread += any(reading.has_mana_text and not reading.fully_read for reading in readings)
    return WriteCounts(imported, updated, kept, unread)


def _delete_card(connection: sqlite3.Connection, oracle_id: str) -> None:
    folded_names = [
        row[0] for row in connection.execute("SELECT folded FROM names WHERE oracle_id = ?", (oracle_id,))
    ]
    connection.execute("DELETE FROM names WHERE oracle_id = ?", (oracle_id,))
    connection.execute("DELETE FROM faces WHERE oracle_id = ?", (oracle_id,))
    connection.execute("DELETE FROM cards WHERE oracle_id = ?", (oracle_id,))
    connection.execute("DELETE FROM arena_ids WHERE oracle_id = ?", (oracle_id,))
    for folded in folded_names:
        still_used = connection.execute("SELECT 1 FROM names WHERE folded = ? LIMIT 1", (folded,)).fetchone()
        if still_used is None:
            connection.executemany(
                "DELETE FROM grams WHERE gram = ? AND folded = ?",
                [(g, folded) for g in name_trigrams(folded)],
            )


def _insert_card(connection: sqlite3.Connection, card: Card) -> list[FaceReading]:
    """Insert one card's rows (card, faces with their readings, names, trigrams); returns the readings."""
    readings: list[FaceReading] = []
    connection.execute(
        "INSERT INTO cards (oracle_id, name, layout, released_at) VALUES (?, ?, ?, ?)",
        (card.oracle_id, card.name, card.layout, card.released_at),
    )
    connection.executemany(  # (an id another card held before goes to this one, the newer data)
        "INSERT OR REPLACE INTO arena_ids (arena_id, oracle_id) VALUES (?, ?)",
        [(arena_id, card.oracle_id) for arena_id in card.arena_ids],
    )
    names: dict[str, int] = {fold_name(card.name): _WHOLE_CARD}
    for face in card.faces:
        reading = read_card_face(face)
        readings.append(reading)
        connection.execute(
            f"""INSERT INTO faces (oracle_id, {_FACE_COLUMNS}, folded, parser_version, reading)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)""",
            (
                card.oracle_id,
                face.face_index,
                face.name,
                face.card_name,
                face.type_line,
                face.mana_cost,
                face.oracle,
                face.colors,
                face.color_indicator,
                face.color_identity,
                face.layout,
                json.dumps(dict(face.legalities), sort_keys=True),
                face.power,
                face.toughness,
                fold_name(face.name),
                PARSER_VERSION,
                json.dumps(reading.cache_json()),
            ),
        )
        names.setdefault(fold_name(face.name), face.face_index)
    for folded, face_index in names.items():
        if not folded:
            continue
        connection.execute(
            "INSERT OR IGNORE INTO names (folded, oracle_id, face_index) VALUES (?, ?, ?)",
            (folded, card.oracle_id, face_index),
        )
        connection.executemany(
            "INSERT OR IGNORE INTO grams (gram, folded) VALUES (?, ?)",
            [(g, folded) for g in name_trigrams(folded)],
        )
    return readings
