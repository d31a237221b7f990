"""Reading card databases' bulk files, streamed, into :class:`~models.carddata.faces.Card` objects.

Two formats, told apart by their content (never by the file's name), each plain or gzip-compressed:

- **Scryfall** bulk data (``oracle-cards``, ``default-cards``, ``all-cards``, ``unique-artwork``): a JSON
  array of card objects, multi-faced cards with ``card_faces``;
- **MTGJSON** ``AtomicCards.json`` (``data``: card name → list of face objects) and ``AllPrintings.json``
  (``data``: set code → set with ``releaseDate`` and ``cards``, one object per face of each printing).

Files are parsed incrementally with ``ijson`` (its C backend when installed), one card at a time, so an
all-cards file of several gigabytes takes as much memory as one copy of each distinct card. Printings
collapse to one card per Oracle identity (Scryfall's ``oracle_id``; MTGJSON's
``identifiers.scryfallOracleId``, else the name), and the newest printing's wording wins (by Scryfall's
``released_at`` or the MTGJSON set's ``releaseDate``; of printings with the same date, or none, the last
read wins). Skipped, and counted by reason: ``non_english`` printings, ``token`` (token layouts, emblems,
type lines with Token), ``art_series`` cards, and ``non_game_object`` (vanguard, planes, phenomena, schemes,
conspiracies, dungeons, stickers). Unknown fields are ignored. A card past the limits of contract §14
(:func:`card_problem`: a name or a type line over 200 characters, Oracle text over 5,000, a string that is
not Unicode text) is skipped too, as ``over_limits``, with a warning naming the file and the card. One import
holds at most :data:`MAX_IMPORT_CARDS` distinct cards (the whole game has about 35,000): past it, the import
stops with an error naming the file, and nothing is written.

Problems are one :class:`~models.errors.CardDataError` line naming the file (and the card): a file that is
neither format, invalid or truncated JSON or gzip data, a card without its name or type line. Nothing here
prints: progress is reported through a callback, ``progress(file, bytes_read, file_size)``.
"""

from __future__ import annotations

import gzip
import os
import zlib
from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import IO, Any, Final, Literal

import ijson  # type: ignore[import-untyped]

from models.carddata.check import CheckReport, check_cards
from models.carddata.faces import Card, CardFace, color_letters
from models.errors import CardDataError
from models.folding import fold_name
from models.limits import MAX_NAME_LENGTH, MAX_ORACLE_LENGTH, not_text, shortened
from planner.cards.store import CardStore

__all__ = [
    "CardFileContents",
    "FileFormat",
    "ImportSummary",
    "ProgressCallback",
    "card_problem",
    "check_files",
    "detect_format",
    "import_files",
    "iter_printings",
    "read_card_files",
]

#: ``progress(file, bytes_read, file_size)``: called as a file is read (bytes of the file on disk).
ProgressCallback = Callable[[str, int, int], None]
FileFormat = Literal["scryfall", "mtgjson"]

_GZIP_MAGIC: Final = b"\x1f\x8b"
_BOM: Final = b"\xef\xbb\xbf"
_TOKEN_LAYOUTS: Final = frozenset({"token", "double_faced_token", "emblem"})
_NON_GAME_LAYOUTS: Final = frozenset({"vanguard", "planar", "scheme"})
_NON_GAME_TYPES: Final = frozenset(
    {"vanguard", "plane", "phenomenon", "scheme", "conspiracy", "dungeon", "stickers", "hero"}
)
_ENGLISH: Final = frozenset({"en", "english"})


# --------------------------------------------------------------------------------------------------------
# Opening and detecting


class _CountingReader:
    """A binary stream over a file (decompressed when gzip) that reports progress by bytes of the file."""

    def __init__(self, path: Path, progress: ProgressCallback | None) -> None:
        self.name = os.fspath(path)
        self._raw: IO[bytes] = open(path, "rb")  # noqa: SIM115 - closed by close()
        self.size = os.fstat(self._raw.fileno()).st_size
        self._progress = progress
        magic = self._raw.read(2)
        self._raw.seek(0)
        self.compressed = magic == _GZIP_MAGIC
        self._stream: IO[bytes] | gzip.GzipFile = self._raw
        if self.compressed:
            self._stream = gzip.GzipFile(fileobj=self._raw, mode="rb")
        self._prefix = b""

    def peek_start(self) -> bytes:
        """The first non-blank bytes (after a UTF-8 byte order mark), kept to be read again."""
        while len(self._prefix) < 4096:
            chunk = self._stream.read(256)
            if not chunk:
                break
            self._prefix += chunk
            if len(self._prefix.lstrip(_BOM + b" \t\r\n")) >= 2:
                break
        start = self._prefix[len(_BOM) :] if self._prefix.startswith(_BOM) else self._prefix
        return start.lstrip()

    def read(self, size: int = -1) -> bytes:
        """Bytes of the (decompressed) content; reports progress."""
        if size == 0:
            return b""
        if self._prefix:
            data, self._prefix = self._prefix, b""
            if data.startswith(_BOM):
                data = data[len(_BOM) :]
            return data
        data = self._stream.read(size)
        if self._progress is not None:
            self._progress(self.name, self._raw.tell(), self.size)
        return data

    def close(self) -> None:
        """Close the file."""
        if self._stream is not self._raw:
            self._stream.close()
        self._raw.close()


def detect_format(path: str | os.PathLike[str]) -> FileFormat:
    """Which bulk format a file is in, from its content: ``scryfall`` (a JSON array) or ``mtgjson``.

    >>> detect_format("pyproject.toml")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    models.errors.CardDataError: pyproject.toml: neither a Scryfall bulk data file (a JSON array ...
    """
    reader = _open(Path(path), None)
    try:
        return _format_of(reader)
    finally:
        reader.close()


def _open(path: Path, progress: ProgressCallback | None) -> _CountingReader:
    try:
        return _CountingReader(path, progress)
    except OSError as error:
        raise CardDataError(f"{os.fspath(path)}: cannot read the file: {error.strerror or error}") from None


def _format_of(reader: _CountingReader) -> FileFormat:
    try:
        start = reader.peek_start()
    except (OSError, EOFError, zlib.error) as error:
        raise CardDataError(f"{reader.name}: the gzip data is damaged or truncated ({error})") from None
    after = start[1:].lstrip()[:1]
    if start.startswith(b"[") and after in (b"{", b"]"):
        return "scryfall"
    if start.startswith(b"{") and after in (b'"', b"}"):
        return "mtgjson"
    raise CardDataError(
        f"{reader.name}: neither a Scryfall bulk data file (a JSON array of cards) nor an MTGJSON file "
        "(an object with 'meta' and 'data')"
    )


# --------------------------------------------------------------------------------------------------------
# Reading


@dataclass(slots=True)
class _Tally:
    printings: int = 0
    skipped: Counter[str] = field(default_factory=Counter)
    warnings: list[str] = field(default_factory=list)

    def admitted(self, card: Card, where: str) -> bool:
        """True when the card is within the limits; otherwise it is counted as skipped, with a warning."""
        problem = card_problem(card)
        if problem is None:
            return True
        self.skipped[OVER_LIMITS] += 1
        if len(self.warnings) < MAX_WARNINGS:
            self.warnings.append(f"{where} ({shortened(card.name)!r}): {problem}: skipped")
        return False


#: Distinct cards (Oracle identities) one import may hold: printings are streamed, but the newest printing of
#: each card is kept in memory until the store is written (contract §14).
MAX_IMPORT_CARDS: Final = 500_000

#: The reason a card past the limits is skipped under.
OVER_LIMITS: Final = "over_limits"
#: The most warnings about skipped cards an import keeps (the count of them is always whole).
MAX_WARNINGS: Final = 100


#: The fields whose limit is not a name's (an identity made from a name is ``name:`` and the name).
_LIMITS: Final = {"oracle_text": MAX_ORACLE_LENGTH, "oracle_id": MAX_NAME_LENGTH + len("name:")}


def card_problem(card: Card) -> str | None:
    """Why a card read from a file can't be stored (contract §14), or None: a name, type line or other
    field over :data:`~models.limits.MAX_NAME_LENGTH` characters, Oracle text over
    :data:`~models.limits.MAX_ORACLE_LENGTH`, or a string that is not Unicode text.

    >>> face = CardFace(name="Big", card_name="Big", face_index=0, type_line="Land", oracle="x" * 28_000_000)
    >>> card_problem(Card("id", "Big", "normal", (face,)))
    'oracle_text: 28000000 characters are more than the limit of 5000'
    """
    fields: list[tuple[str, str]] = [("oracle_id", card.oracle_id), ("name", card.name)]
    fields += [("released_at", card.released_at), ("layout", card.layout)]
    for face in card.faces:
        fields += [("name", face.name), ("type_line", face.type_line), ("mana_cost", face.mana_cost)]
        fields += [("power", face.power), ("toughness", face.toughness), ("oracle_text", face.oracle)]
        fields += [("legalities", text) for pair in face.legalities for text in pair]
    for key, text in fields:
        problem = not_text(text)
        if problem is not None:
            return f"{key}: {problem}"
        limit = _LIMITS.get(key, MAX_NAME_LENGTH)
        if len(text) > limit:
            return f"{key}: {len(text)} characters are more than the limit of {limit}"
    return None


def iter_printings(
    path: str | os.PathLike[str],
    progress: ProgressCallback | None = None,
    skipped: Counter[str] | None = None,
    warnings: list[str] | None = None,
) -> Iterator[Card]:
    """Every card printing a bulk file holds, in file order, not collapsed; skipped objects are counted
    into ``skipped`` by reason, and those past the limits also noted in ``warnings``. Raises
    :class:`~models.errors.CardDataError` naming the file.
    """
    tally = _Tally(
        skipped=skipped if skipped is not None else Counter(),
        warnings=warnings if warnings is not None else [],
    )
    reader = _open(Path(path), progress)
    try:
        kind = _format_of(reader)
        cards = _scryfall(reader, tally) if kind == "scryfall" else _mtgjson(reader, tally)
        try:
            yield from cards
        except ijson.IncompleteJSONError as error:
            raise CardDataError(
                f"{reader.name}: the JSON is truncated or invalid ({_first_line(error)})"
            ) from None
        except ijson.JSONError as error:
            raise CardDataError(f"{reader.name}: invalid JSON ({_first_line(error)})") from None
        except (EOFError, zlib.error, gzip.BadGzipFile) as error:
            raise CardDataError(f"{reader.name}: the gzip data is damaged or truncated ({error})") from None
        except UnicodeDecodeError as error:
            raise CardDataError(f"{reader.name}: the file is not UTF-8 JSON ({error.reason})") from None
        except OSError as error:
            raise CardDataError(f"{reader.name}: cannot read the file: {error.strerror or error}") from None
    finally:
        reader.close()


def _first_line(error: Exception) -> str:
    return str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__


def _scryfall(reader: _CountingReader, tally: _Tally) -> Iterator[Card]:
    for index, item in enumerate(ijson.items(reader, "item", use_float=True)):
        tally.printings += 1
        where = f"{reader.name}: card #{index}"
        card = _scryfall_card(item, where)
        if isinstance(card, str):
            tally.skipped[card] += 1
        elif tally.admitted(card, where):
            yield card


def _mtgjson(reader: _CountingReader, tally: _Tally) -> Iterator[Card]:
    seen_data = False
    for key, value in ijson.kvitems(reader, "data", use_float=True):
        seen_data = True
        where = f"{reader.name}: data[{key!r}]"
        if isinstance(value, list):  # AtomicCards: a name's faces
            yield from _mtgjson_group(value, where, "", tally)
        elif isinstance(value, dict) and isinstance(value.get("cards"), list):  # AllPrintings: a set
            released = value.get("releaseDate")
            yield from _mtgjson_group(
                value["cards"], f"{where}.cards", released if isinstance(released, str) else "", tally
            )
        else:
            raise CardDataError(
                f"{where}: expected a list of card faces (AtomicCards) or a set with 'cards' (AllPrintings)"
            )
    if not seen_data:
        raise CardDataError(
            f"{reader.name}: neither a Scryfall bulk data file (a JSON array of cards) nor an MTGJSON file "
            "(an object with 'meta' and 'data'): no 'data' object with cards"
        )


# ---- Scryfall


def _text(obj: Mapping[str, Any], key: str) -> str:
    value = obj.get(key)
    return value if isinstance(value, str) else ""


def _letters(obj: Mapping[str, Any], key: str) -> str:
    value = obj.get(key)
    return color_letters(v for v in value if isinstance(v, str)) if isinstance(value, list) else ""


def _arena_ids(obj: Mapping[str, Any]) -> tuple[int, ...]:
    """Scryfall's ``arena_id`` (the printing's MTG Arena ``grpId``) as a one-id tuple, or none.

    >>> _arena_ids({"arena_id": 58441}), _arena_ids({"arena_id": "x"}), _arena_ids({})
    ((58441,), (), ())
    """
    value = obj.get("arena_id")
    if isinstance(value, int) and not isinstance(value, bool) and 0 < value < 2**31:
        return (value,)
    return ()


def _legalities(obj: Mapping[str, Any]) -> tuple[tuple[str, str], ...]:
    value = obj.get("legalities")
    if not isinstance(value, dict):
        return ()
    return tuple(sorted((str(k), str(v)) for k, v in value.items()))


def _required(obj: Mapping[str, Any], key: str, where: str, what: str) -> str:
    value = obj.get(key)
    if not isinstance(value, str) or not value.strip():
        raise CardDataError(f"{where}{what}: missing required field {key!r}")
    return value


def _skip_reason_of_type(type_line: str) -> str | None:
    words = set(type_line.split("—")[0].lower().split())
    if "token" in words or "emblem" in words:
        return "token"
    if words & _NON_GAME_TYPES:
        return "non_game_object"
    return None


def _skip_reason_of_layout(layout: str) -> str | None:
    if layout in _TOKEN_LAYOUTS:
        return "token"
    if layout == "art_series":
        return "art_series"
    if layout in _NON_GAME_LAYOUTS:
        return "non_game_object"
    return None


def _scryfall_card(item: object, where: str) -> Card | str:
    """One Scryfall card object as a card, or the reason it is skipped."""
    if not isinstance(item, dict):
        raise CardDataError(f"{where}: expected a card object, got {type(item).__name__}")
    name = _required(item, "name", where, "")
    card_where, where = where, f"{where} ({name!r})"
    language = _text(item, "lang").lower()
    if language and language not in _ENGLISH:
        return "non_english"
    layout = _text(item, "layout") or "normal"
    reason = _skip_reason_of_layout(layout)
    if reason is not None:
        return reason
    raw_faces = item.get("card_faces")
    faces_data = [f for f in raw_faces if isinstance(f, dict)] if isinstance(raw_faces, list) else []
    if layout == "reversible_card" and faces_data:  # one card printed on both sides: keep one side
        face_data = {**item, **faces_data[0]}
        one_side = {key: value for key, value in face_data.items() if key != "card_faces"}
        return _scryfall_card({**one_side, "layout": "normal"}, card_where)
    type_line = _text(item, "type_line") or " // ".join(_text(f, "type_line") for f in faces_data)
    if not type_line.strip(" /"):
        raise CardDataError(f"{where}: missing required field 'type_line'")
    reason = _skip_reason_of_type(type_line)
    if reason is not None:
        return reason
    oracle_id = _text(item, "oracle_id") or (_text(faces_data[0], "oracle_id") if faces_data else "")
    oracle_id = oracle_id or f"name:{fold_name(name)}"
    identity = _letters(item, "color_identity")
    legalities = _legalities(item)
    if not faces_data:
        face = CardFace(
            name=name,
            card_name=name,
            face_index=0,
            type_line=type_line,
            mana_cost=_text(item, "mana_cost"),
            oracle=_text(item, "oracle_text"),
            colors=_letters(item, "colors"),
            color_indicator=_letters(item, "color_indicator"),
            color_identity=identity,
            layout=layout,
            legalities=legalities,
            power=_text(item, "power"),
            toughness=_text(item, "toughness"),
        )
        return Card(oracle_id, name, layout, (face,), _text(item, "released_at"), _arena_ids(item))
    faces: list[CardFace] = []
    for index, data in enumerate(faces_data):
        face_where = f"{where}.card_faces[{index}]"
        face_name = _required(data, "name", face_where, "")
        face_type = _text(data, "type_line") or (type_line if len(faces_data) == 1 else "")
        if not face_type:
            raise CardDataError(f"{face_where} ({face_name!r}): missing required field 'type_line'")
        faces.append(
            CardFace(
                name=face_name,
                card_name=name,
                face_index=index,
                type_line=face_type,
                mana_cost=_text(data, "mana_cost"),
                oracle=_text(data, "oracle_text"),
                colors=_letters(data, "colors") if "colors" in data else _letters(item, "colors"),
                color_indicator=_letters(data, "color_indicator"),
                color_identity=identity,
                layout=layout,
                legalities=legalities,
                power=_text(data, "power"),
                toughness=_text(data, "toughness"),
            )
        )
    return Card(oracle_id, name, layout, tuple(faces), _text(item, "released_at"), _arena_ids(item))


# ---- MTGJSON


def _mtgjson_group(entries: list[Any], where: str, released_at: str, tally: _Tally) -> Iterator[Card]:
    """The cards of a list of MTGJSON face objects (one name's in AtomicCards, one set's in AllPrintings)."""
    groups: dict[str, dict[str, tuple[int, Mapping[str, Any]]]] = {}
    reasons: dict[str, str] = {}
    for index, entry in enumerate(entries):
        entry_where = f"{where}[{index}]"
        if not isinstance(entry, dict):
            raise CardDataError(f"{entry_where}: expected a card face object, got {type(entry).__name__}")
        name = _required(entry, "name", entry_where, "")
        entry_where = f"{entry_where} ({name!r})"
        type_line = _required(entry, "type", entry_where, "")
        identifiers = entry.get("identifiers")
        oracle_id = _text(identifiers, "scryfallOracleId") if isinstance(identifiers, dict) else ""
        language = _text(entry, "language").lower()
        key = f"{oracle_id or f'name:{fold_name(name)}'}|{language}"  # printings in two languages apart
        side = _text(entry, "side") or "a"
        groups.setdefault(key, {})[side] = (index, entry)
        layout = _text(entry, "layout") or "normal"
        reason = (
            "non_english"
            if language and language not in _ENGLISH
            else _skip_reason_of_layout(layout) or _skip_reason_of_type(type_line)
        )
        if reason is not None:
            reasons.setdefault(key, reason)
    for key, sides in groups.items():
        tally.printings += 1
        if key in reasons:
            tally.skipped[reasons[key]] += 1
            continue
        ordered = [entry for _, (_, entry) in sorted(sides.items())]
        face_names = [_text(entry, "faceName") or _text(entry, "name") for entry in ordered]
        card_name = " // ".join(face_names) if len(ordered) > 1 else face_names[0]
        layout = _text(ordered[0], "layout") or "normal"
        faces = tuple(
            CardFace(
                name=face_name,
                card_name=card_name,
                face_index=index,
                type_line=_text(entry, "type"),
                mana_cost=_text(entry, "manaCost"),
                oracle=_text(entry, "text"),
                colors=_letters(entry, "colors"),
                color_indicator=_letters(entry, "colorIndicator"),
                color_identity=_letters(entry, "colorIdentity"),
                layout=layout,
                legalities=_legalities(entry),
                power=_text(entry, "power"),
                toughness=_text(entry, "toughness"),
            )
            for index, (face_name, entry) in enumerate(zip(face_names, ordered, strict=True))
        )
        identity = key.rsplit("|", 1)[0]
        oracle_id = identity if not identity.startswith("name:") else f"name:{fold_name(card_name)}"
        card = Card(oracle_id, card_name, layout, faces, released_at)
        if tally.admitted(card, f"{where}[{sides[min(sides)][0]}]"):
            yield card


# --------------------------------------------------------------------------------------------------------
# Collapsing and importing


@dataclass(frozen=True, slots=True)
class CardFileContents:
    """The cards of some bulk files, one per Oracle identity (newest wording), with what was skipped."""

    cards: tuple[Card, ...]
    printings: int
    skipped: Mapping[str, int]
    warnings: tuple[str, ...] = ()


def read_card_files(
    paths: Sequence[str | os.PathLike[str]], progress: ProgressCallback | None = None
) -> CardFileContents:
    """Read bulk files (any mix of formats) and collapse their printings (module docstring)."""
    skipped: Counter[str] = Counter()
    warnings: list[str] = []
    newest: dict[str, Card] = {}
    printings = 0
    for path in paths:
        for card in iter_printings(path, progress, skipped, warnings):
            printings += 1
            known = newest.get(card.oracle_id)
            if known is None:
                if len(newest) >= MAX_IMPORT_CARDS:
                    raise CardDataError(
                        f"{os.fspath(path)}: more than {MAX_IMPORT_CARDS:,} distinct cards in one import "
                        "(the limit; the whole game has about 35,000): is this a card file?"
                    )
                newest[card.oracle_id] = card
                continue
            kept = card if card.released_at >= known.released_at else known
            ids = tuple(sorted({*known.arena_ids, *card.arena_ids}))  # (every printing's Arena id is kept)
            newest[card.oracle_id] = kept if kept.arena_ids == ids else replace(kept, arena_ids=ids)
    printings += sum(skipped.values())
    return CardFileContents(tuple(newest.values()), printings, dict(skipped), tuple(warnings))


@dataclass(kw_only=True, frozen=True, slots=True)
class ImportSummary:
    """What an import did: the contract's counts, plus how many printings were read and the warnings about
    cards skipped as past the limits (at most :data:`MAX_WARNINGS`; the counts are whole).

    >>> ImportSummary(store="cards.sqlite3", imported=3, updated=1, skipped={"token": 2},
    ...     unread_mana_text=0, printings=6).to_json()
    {'store': 'cards.sqlite3', 'imported': 3, 'updated': 1, 'skipped': {'token': 2}, 'unread_mana_text': 0}
    """

    store: str
    imported: int
    updated: int
    skipped: Mapping[str, int]
    unread_mana_text: int
    printings: int
    warnings: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        """The contract's JSON: ``{"store", "imported", "updated", "skipped", "unread_mana_text"}``."""
        return {
            "store": self.store,
            "imported": self.imported,
            "updated": self.updated,
            "skipped": dict(sorted(self.skipped.items())),
            "unread_mana_text": self.unread_mana_text,
        }


def import_files(
    paths: Sequence[str | os.PathLike[str]],
    store: CardStore,
    progress: ProgressCallback | None = None,
) -> ImportSummary:
    """Read bulk files and write their cards into the store in one transaction (all or nothing).

    The store is checked for being writable before the files are read, so a locked or read-only store is
    reported at once. Cards already in the store are updated unless the store's wording is newer (counted
    as skipped, ``older_than_store``).
    """
    existed = store.exists
    store.check_writable()
    try:
        contents = read_card_files(paths, progress)
        counts = store.write_cards(contents.cards)
    except BaseException:
        if not existed:
            store.remove_if_empty()
        raise
    skipped = Counter(contents.skipped)
    if counts.kept_newer:
        skipped["older_than_store"] += counts.kept_newer
    return ImportSummary(
        store=os.fspath(store.path),
        imported=counts.imported,
        updated=counts.updated,
        skipped=dict(skipped),
        unread_mana_text=counts.unread_mana_text,
        printings=contents.printings,
        warnings=contents.warnings,
    )


def check_files(
    paths: Sequence[str | os.PathLike[str]], progress: ProgressCallback | None = None
) -> CheckReport:
    """``cards check FILE...``: how the parser reads every face of the cards of bulk files (none stored)."""
    return check_cards(read_card_files(paths, progress).cards)
