"""Real card data: importing both formats into a card store, name resolution, errors, and ``cards check``.

The fixtures are made by tests/fixtures/make_card_fixtures.py, whose manifest says what they hold.
"""

from __future__ import annotations

import gzip
import json
import os
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from models.board import Board
from models.carddata.check import adds_mana, check_cards, read_face, sentence_shape, unsupported_shapes
from models.carddata.faces import Card, CardFace, FoundCard
from models.carddata.names import CardResolver
from models.errors import BoardError, CardDataError
from models.folding import fold_name
from models.forge import read_puzzle
from planner.cards.importer import check_files, detect_format, import_files, read_card_files
from planner.cards.store import (
    ENVIRONMENT_VARIABLE,
    CardStore,
    _rows_for_name,
    _suggest,
    check_store,
    default_store_path,
)

CARDS = Path(__file__).resolve().parent / "fixtures" / "cards"
SCRYFALL = CARDS / "scryfall.json.gz"
ATOMIC = CARDS / "mtgjson-atomic.json.gz"
ALL_PRINTINGS = CARDS / "mtgjson-allprintings.json.gz"
MANIFEST = json.loads((CARDS / "manifest.json").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def scryfall_store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[CardStore]:
    """A store with the Scryfall fixture imported (shared by the read-only tests of this module)."""
    store = CardStore(tmp_path_factory.mktemp("store") / "cards.sqlite3")
    import_files([SCRYFALL], store)
    yield store
    store.close()


def plain_copy(source: Path, target: Path) -> Path:
    """The gzip fixture decompressed into ``target``."""
    target.write_bytes(gzip.decompress(source.read_bytes()))
    return target


# --------------------------------------------------------------------------------------------------------
# Importing


def test_import_scryfall_counts_cards_and_skips_by_reason(tmp_path: Path) -> None:
    store = CardStore(tmp_path / "cards.sqlite3")
    progress: list[tuple[int, int]] = []
    summary = import_files([SCRYFALL], store, lambda _file, done, total: progress.append((done, total)))
    assert summary.imported == MANIFEST["cards"] and summary.updated == 0
    assert dict(summary.skipped) == MANIFEST["skipped"]
    assert summary.printings == MANIFEST["printings"]
    assert store.count() == MANIFEST["cards"]
    size = SCRYFALL.stat().st_size
    assert progress and progress[-1] == (size, size) and all(t == size for _, t in progress)
    assert set(summary.to_json()) == {"store", "imported", "updated", "skipped", "unread_mana_text"}

    again = import_files([SCRYFALL], store)
    assert (again.imported, again.updated) == (0, MANIFEST["cards"])
    assert store.count() == MANIFEST["cards"]


@pytest.mark.parametrize("path", [ATOMIC, ALL_PRINTINGS])
def test_mtgjson_gives_the_same_cards_as_scryfall(
    path: Path, scryfall_store: CardStore, tmp_path: Path
) -> None:
    store = CardStore(tmp_path / "cards.sqlite3")
    summary = import_files([path], store)
    assert summary.imported == MANIFEST["cards"]
    for name in ("Fire // Ice", "Delver of Secrets", "Kazandu Valley", "Birds of Paradise", "Sol Ring"):
        mine, theirs = store.find(name), scryfall_store.find(name)
        assert mine is not None and theirs is not None
        assert [(f.name, f.type_line, f.mana_cost, f.colors) for f in mine.card.faces] == [
            (f.name, f.type_line, f.mana_cost, f.colors) for f in theirs.card.faces
        ]
        assert mine.card.oracle_id == theirs.card.oracle_id


def test_the_newest_wording_wins_whatever_the_order(scryfall_store: CardStore, tmp_path: Path) -> None:
    elves = scryfall_store.find("Llanowar Elves")
    assert elves is not None and elves.face.oracle == MANIFEST["newest_llanowar_oracle"]
    printings = CardStore(tmp_path / "printings.sqlite3")
    import_files([ALL_PRINTINGS], printings)
    elves = printings.find("llanowar elves")
    assert elves is not None and elves.face.oracle == MANIFEST["newest_llanowar_oracle"]
    # an older file imported later does not bring back older wording
    atomic_only = read_card_files([ATOMIC]).cards
    assert any(card.name == "Llanowar Elves" and not card.released_at for card in atomic_only)


def test_plain_and_gzip_are_told_from_content_not_name(tmp_path: Path) -> None:
    plain = plain_copy(SCRYFALL, tmp_path / "cards.json.gz")  # a misleading name
    assert detect_format(plain) == "scryfall" and detect_format(ATOMIC) == "mtgjson"
    assert len(read_card_files([plain]).cards) == MANIFEST["cards"]


def test_unknown_and_new_fields_are_ignored(tmp_path: Path) -> None:
    card = {"object": "card", "name": "Future Land", "oracle_id": "f1", "lang": "en", "layout": "normal",
            "type_line": "Land", "oracle_text": "{T}: Add {C}.", "produced_mana": ["C"], "keywords": [],
            "game_changer": True, "some_field_from_2031": {"nested": [1, 2.5, None]}}  # fmt: skip
    path = tmp_path / "new.json"
    path.write_text(json.dumps([card]), encoding="utf-8")
    contents = read_card_files([path])
    assert [c.front.oracle for c in contents.cards] == ["{T}: Add {C}."]


# --------------------------------------------------------------------------------------------------------
# Bad input


def test_neither_format(tmp_path: Path) -> None:
    for text in ("hello", '{"meta": {}}', "[1, 2", "<xml/>"):
        path = tmp_path / "bad.json"
        path.write_text(text, encoding="utf-8")
        with pytest.raises(CardDataError, match=r"bad\.json: ") as error:
            list(read_card_files([path]).cards)
        assert "\n" not in str(error.value)


def test_truncated_json_and_truncated_gzip(tmp_path: Path) -> None:
    data = gzip.decompress(SCRYFALL.read_bytes())
    cut = tmp_path / "cut.json"
    cut.write_bytes(data[: len(data) // 2])
    with pytest.raises(CardDataError, match=r"cut\.json: the JSON is truncated or invalid"):
        read_card_files([cut])
    cut_gzip = tmp_path / "cut.json.gz"
    cut_gzip.write_bytes(SCRYFALL.read_bytes()[:5000])
    with pytest.raises(CardDataError, match=r"cut\.json\.gz: the gzip data is damaged or truncated"):
        read_card_files([cut_gzip])


def test_a_card_without_a_name_names_the_file_and_card(tmp_path: Path) -> None:
    path = tmp_path / "nameless.json"
    path.write_text(
        json.dumps([{"object": "card", "name": "Ok", "type_line": "Land"}, {"type_line": "Land"}])
    )
    with pytest.raises(CardDataError, match=r"^.*nameless\.json: card #1: missing required field 'name'$"):
        read_card_files([path])
    path.write_text(json.dumps([{"object": "card", "name": "No Type"}]))
    with pytest.raises(CardDataError, match=r"card #0 \('No Type'\): missing required field 'type_line'"):
        read_card_files([path])


def test_a_bad_card_mid_file_leaves_the_store_as_it_was(tmp_path: Path) -> None:
    store = CardStore(tmp_path / "cards.sqlite3")
    import_files([ATOMIC], store)
    before = store.find("Llanowar Elves")
    cards = json.loads(gzip.decompress(SCRYFALL.read_bytes()))
    cards.insert(len(cards) // 2, {"object": "card", "oracle_id": "x"})
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(cards), encoding="utf-8")
    with pytest.raises(CardDataError, match=r"bad\.json: card #\d+: missing required field 'name'"):
        import_files([bad], store)
    assert store.count() == MANIFEST["cards"] and store.find("Llanowar Elves") == before

    first_store = CardStore(tmp_path / "new.sqlite3")
    with pytest.raises(CardDataError):
        import_files([bad], first_store)
    assert first_store.count() == 0


def test_an_import_holds_at_most_the_limit_of_distinct_cards(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Contract §14: cards per import. At the limit the import is whole; one card past it, the import stops
    naming the file and the limit, and nothing is written."""
    import planner.cards.importer as importer

    monkeypatch.setattr(importer, "MAX_IMPORT_CARDS", MANIFEST["cards"])
    assert import_files([SCRYFALL], CardStore(tmp_path / "at.sqlite3")).imported == MANIFEST["cards"]
    monkeypatch.setattr(importer, "MAX_IMPORT_CARDS", MANIFEST["cards"] - 1)
    store = CardStore(tmp_path / "past.sqlite3")
    limit = f"{MANIFEST['cards'] - 1:,}"
    with pytest.raises(CardDataError, match=rf"scryfall\.json\.gz: more than {limit} distinct cards"):
        import_files([SCRYFALL], store)
    assert store.count() == 0


def test_a_store_that_is_not_sqlite(tmp_path: Path) -> None:
    path = tmp_path / "cards.sqlite3"
    path.write_text("not a database, just text " * 100, encoding="utf-8")
    with pytest.raises(CardDataError, match=r"cards\.sqlite3: this is not a card store \(not an SQLite"):
        CardStore(path).find("Forest")
    with pytest.raises(CardDataError, match=r"cards\.sqlite3: this is not a card store"):
        import_files([SCRYFALL], CardStore(path))


def test_an_sqlite_file_of_something_else(tmp_path: Path) -> None:
    path = tmp_path / "other.sqlite3"
    with sqlite3.connect(path) as other:
        other.execute("CREATE TABLE notes (text TEXT)")
    other.close()
    with pytest.raises(
        CardDataError, match=r"other\.sqlite3: this SQLite file is not a mana-planner card store"
    ):
        CardStore(path).find("Forest")


def test_a_store_locked_by_another_process(scryfall_store: CardStore, tmp_path: Path) -> None:
    path = tmp_path / "locked.sqlite3"
    import_files([ATOMIC], CardStore(path))
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        with pytest.raises(
            CardDataError, match=r"locked\.sqlite3: the card store is locked by another process"
        ):
            import_files([SCRYFALL], CardStore(path))
        with pytest.raises(CardDataError, match=r"locked by another process"):
            CardStore(path).find("Forest")
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert CardStore(path).find("Forest") is not None


def test_a_read_only_store(tmp_path: Path) -> None:
    path = tmp_path / "cards.sqlite3"
    import_files([ATOMIC], CardStore(path))
    store = CardStore(path)
    # the message for SQLite's own read-only error (a real one, from a read-only connection)
    reader = sqlite3.connect(f"{path.as_uri()}?mode=ro", uri=True)
    with pytest.raises(sqlite3.OperationalError) as raised:
        reader.execute("DELETE FROM cards")
    reader.close()
    assert "cards.sqlite3: the card store is read-only" in str(store._error(raised.value, "writing"))
    if os.geteuid() == 0:
        pytest.skip("root may write read-only files: the file-permission case needs another user")
    path.chmod(0o444)
    try:
        with pytest.raises(CardDataError, match=r"read-only"):
            import_files([SCRYFALL], store)
        assert store.find("Forest") is not None  # reading still works
    finally:
        path.chmod(0o644)


def test_where_the_store_lives(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv(ENVIRONMENT_VARIABLE, str(tmp_path / "env.sqlite3"))
    assert default_store_path() == tmp_path / "env.sqlite3"
    assert default_store_path(tmp_path / "given.sqlite3") == tmp_path / "given.sqlite3"
    monkeypatch.delenv(ENVIRONMENT_VARIABLE)
    assert default_store_path().name == "cards.sqlite3" and "mana-planner" in str(default_store_path())


def test_opening_a_store_touches_nothing(tmp_path: Path) -> None:
    path = tmp_path / "nothing" / "cards.sqlite3"
    store = CardStore(path)
    assert store.find("Forest") is None and store.suggestions("Forest") == [] and not path.exists()


# --------------------------------------------------------------------------------------------------------
# Names


def test_names_fold_and_faces_resolve(scryfall_store: CardStore) -> None:
    vault = scryfall_store.find("Lim-Dul's Vault")
    assert vault is not None and vault.card.name == "Lim-Dûl's Vault"
    for variant in ("lim dul s vault", "LIM-DÛL'S VAULT", "limdulsvault"):
        assert scryfall_store.find(variant) == vault
    whole = scryfall_store.find("Fire // Ice")
    ice = scryfall_store.find("ice")
    assert whole is not None and ice is not None and whole.card == ice.card
    assert whole.face_index is None and whole.face.name == "Fire" and ice.face.name == "Ice"
    back = scryfall_store.find("Kazandu Valley")
    assert back is not None and back.face.is_land and not back.card.front.is_land


def test_suggestions_for_unknown_names(scryfall_store: CardStore) -> None:
    assert scryfall_store.find("Llanowar Elfs") is None
    assert scryfall_store.suggestions("Llanowar Elfs")[0] == "Llanowar Elves"
    assert scryfall_store.suggestions("Delver of Secret")[0] == "Delver of Secrets"
    assert scryfall_store.suggestions("qqqqzzzz") == []


def test_the_resolver_tries_the_store_then_the_catalogue(scryfall_store: CardStore) -> None:
    resolver = CardResolver(scryfall_store)
    kazandu = resolver.resolve("Kazandu Mammoth // Kazandu Valley")
    assert kazandu is not None and kazandu.source == "store"
    catalogue_only = next(
        name for name in ("Nykthos, Shrine to Nyx", "Gaea's Cradle", "Mishra's Workshop")
        if scryfall_store.find(name) is None
    )  # fmt: skip
    found = resolver.resolve(catalogue_only.lower())
    assert found is not None and found.source == "catalogue"
    assert CardResolver().resolve("Kazandu Valley") is None


@given(st.text(max_size=40))
def test_folding_is_idempotent(name: str) -> None:
    assert fold_name(fold_name(name)) == fold_name(name)


NAMES = [card.name for card in read_card_files([SCRYFALL]).cards]


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(NAMES), st.data())
def test_any_stored_name_resolves_from_a_case_or_accent_variant(
    scryfall_store: CardStore, name: str, data: st.DataObject
) -> None:
    flips = data.draw(st.lists(st.booleans(), min_size=len(name), max_size=len(name)))
    variant = "".join(c.swapcase() if flip else c for c, flip in zip(name, flips, strict=True))
    variant = variant.replace("û", "u").replace("é", "e").replace("'", "").replace(",", " ")
    found = scryfall_store.find(variant)
    assert found is not None and fold_name(found.card.name) == fold_name(name)


# --------------------------------------------------------------------------------------------------------
# Boards


def test_a_board_with_cards_from_the_store(scryfall_store: CardStore) -> None:
    text = json.dumps({"version": 1, "players": [{"id": "me"}], "permanents": [
        {"id": "v", "card": "kazandu valley", "controller": "me"},
        {"id": "d", "card": "Delver of Secrets // Insectile Aberration", "controller": "me"},
        {"id": "f", "card": "Forest", "controller": "me"},
    ]})  # fmt: skip
    board = Board.loads(text, "b.json", cards=CardResolver(scryfall_store))
    valley, delver, forest = board.permanents
    assert (valley.card, str(valley.type_line), valley.oracle) == (
        "Kazandu Valley", "Land", "Kazandu Valley enters the battlefield tapped.\n{T}: Add {G}."
    )  # fmt: skip
    assert delver.name == "Delver of Secrets" and str(delver.mana_cost) == "{U}"
    assert str(forest.type_line) == "Basic Land — Forest"
    assert (delver.power, delver.toughness, valley.power) == (1, 1, None)  # (printed: contract §10)
    unicorn = Board.from_dict(
        {"version": 1, "players": [{"id": "me"}], "permanents": [
            {"id": "u", "card": "Adarkar Unicorn", "controller": "me"}]},
        cards=CardResolver(scryfall_store),
    ).permanent("u")  # fmt: skip
    assert (unicorn.power, unicorn.toughness) == (2, 2)
    with pytest.raises(BoardError, match=r"b\.json: permanents\[0\]\.card: unknown card 'kazandu valley'"):
        Board.loads(text, "b.json")  # the catalogue alone does not know it
    misspelt = text.replace("kazandu valley", "Kazandu Vally")
    with pytest.raises(BoardError, match=r"did you mean 'Kazandu Valley'"):
        Board.loads(misspelt, "b.json", cards=CardResolver(scryfall_store))


class _OneCard:
    """A card lookup that is not the store: one card, by its folded name."""

    def __init__(self, card: Card) -> None:
        self.card = card

    def find(self, name: str) -> FoundCard | None:
        return FoundCard(self.card, None) if fold_name(name) == fold_name(self.card.name) else None

    def find_arena(self, arena_id: int) -> FoundCard | None:
        return FoundCard(self.card, None) if arena_id in self.card.arena_ids else None

    def suggestions(self, name: str, limit: int = 3) -> list[str]:
        return [self.card.name][:limit]


def test_a_resolver_takes_any_card_lookup() -> None:
    """The domain never opens the store: a board and a Forge puzzle find a card through whatever lookup the
    resolver is given, and without it the card is unknown."""
    grove = CardFace(
        name="Glimmer Grove",
        card_name="Glimmer Grove",
        face_index=0,
        type_line="Land",
        oracle="{T}: Add {W}.",
    )
    cards = CardResolver(_OneCard(Card("g1", "Glimmer Grove", "normal", (grove,), arena_ids=(7,))))
    board = Board.from_dict(
        {"version": 1, "players": [{"id": "me"}], "permanents": [
            {"id": "g", "card": "glimmer grove", "controller": "me"}]},
        cards=cards,
    )  # fmt: skip
    assert (board.permanent("g").card, board.permanent("g").oracle) == ("Glimmer Grove", "{T}: Add {W}.")
    puzzle_text = "[state]\nhumanbattlefield=Glimmer Grove\n"
    puzzle = read_puzzle(puzzle_text, "p.pzl", cards=cards)
    assert ([p.card for p in puzzle.board.permanents], puzzle.warnings) == (["Glimmer Grove"], ())
    assert "unknown card 'Glimmer Grove'" in read_puzzle(puzzle_text, "p.pzl").warnings[0]
    by_arena_id = cards.resolve_arena(7)
    assert by_arena_id is not None and (by_arena_id.name, by_arena_id.source) == ("Glimmer Grove", "store")
    assert cards.did_you_mean("Glimer") == "did you mean 'Glimmer Grove'?"


# --------------------------------------------------------------------------------------------------------
# cards check


def test_sentences_are_classed() -> None:
    chandra = read_face(
        "Chandra",
        "Legendary Planeswalker — Chandra",
        "+1: Add {R}{R}.\n−3: Chandra deals 4 damage to target creature.",
    )
    assert [s.read_as for s in chandra.sentences] == ["not_payment", "ignored"]
    assert chandra.has_mana_text and chandra.fully_read  # its mana sentence is read (as not_payment)
    birds = read_face("Birds of Paradise", "Creature — Bird", "Flying\n{T}: Add one mana of any color.")
    assert [s.read_as for s in birds.sentences] == ["keyword", "mana_ability"] and birds.fully_read
    trigger = read_face("Sprite", "Creature — Faerie", "When Sprite enters the battlefield, add {U}{U}.")
    assert [s.read_as for s in trigger.sentences] == ["not_payment"]
    odd = read_face("Odd Rock", "Artifact", "{T}: Add {C}. Spend this mana only on Tuesdays.")
    assert [s.read_as for s in odd.sentences] == ["unsupported", "unsupported"] and not odd.fully_read
    assert odd.has_mana_text  # every sentence is classed: the ability's two sentences each (contract §5)
    egg_text = "{2}, {T}, Sacrifice Darkwater Egg: Add {U}{B}. Draw a card."
    egg = read_face("Darkwater Egg", "Artifact", egg_text)
    assert [s.read_as for s in egg.sentences] == ["not_payment", "not_payment"] and egg.fully_read  # 605.1a
    valley = read_face(
        "Valleymaker", "Creature — Giant Shaman",
        "{T}, Sacrifice a Forest: Choose a player. That player adds {G}{G}{G}.",
    )  # fmt: skip
    # 'Choose a player' is no target (CR 115.10): a mana ability whose controller may choose itself, its two
    # sentences read as the one ability they make ('Add {G}{G}{G}.', as the controller adding it)
    assert [(s.read_as, s.text) for s in valley.sentences] == [
        ("mana_ability", "{T}, Sacrifice a Forest: Add {G}{G}{G}.")
    ] and valley.fully_read


def test_no_ignored_sentence_adds_mana(scryfall_store: CardStore) -> None:
    """'ignored' means nothing to do with mana: a sentence that adds mana is always classed otherwise."""
    report = check_cards(scryfall_store.cards())
    ignored = [s.text for face in report.faces for s in face.sentences if s.read_as == "ignored"]
    assert ignored and not [text for text in ignored if adds_mana(text)]


def test_check_the_fixture(scryfall_store: CardStore) -> None:
    cards = list(scryfall_store.cards())
    report = check_cards(cards, scryfall_store.readings())
    fresh = check_cards(cards)
    assert report == fresh  # the cached readings are the parser's
    summary = report.summary()
    assert summary["cards"] == MANIFEST["cards"] and summary["faces"] == sum(len(c.faces) for c in cards)
    assert 0 < summary["fully_read"] <= summary["faces"]
    assert 0 < summary["faces_with_mana_text"] < summary["faces"]
    data = report.to_json()
    assert set(data) == {"summary", "faces"} and set(data["faces"][0]) == {"name", "type_line", "sentences"}
    shapes = unsupported_shapes(report.faces)
    assert sum(count for _, count in shapes) == sum(
        s.read_as == "unsupported" for face in report.faces for s in face.sentences
    )


def test_shapes_replace_costs_names_and_numbers() -> None:
    assert (
        sentence_shape("{2}{G}, {T}: Add {G}{G}{G}. You lose 3 life.")
        == "{M}, {T}: Add {M}. You lose N life."
    )
    assert sentence_shape("Mox Opal deals 1 damage", "Mox Opal") == "~ deals N damage"


def test_check_files_and_check_store_agree(tmp_path: Path) -> None:
    store = CardStore(tmp_path / "cards.sqlite3")
    import_files([SCRYFALL], store)
    from_files = check_files([SCRYFALL])
    with sqlite3.connect(store.path) as connection:  # as if an older parser had read half the faces
        connection.execute("UPDATE faces SET parser_version = -1, reading = 'stale' WHERE face_index = 0")
    connection.close()
    assert len(store.readings()) < len(check_cards(list(store.cards())).faces)
    from_store = check_store(store)
    assert sorted(map(repr, from_store.faces)) == sorted(map(repr, from_files.faces))
    assert from_store.summary() == from_files.summary()
    assert len(store.readings()) == from_store.summary()["faces"]  # the stale ones were cached again


def test_lookups_and_suggestions_use_indexes(scryfall_store: CardStore) -> None:
    connection = sqlite3.connect(scryfall_store.path)
    traced: list[str] = []
    connection.set_trace_callback(traced.append)
    _rows_for_name(connection, fold_name("Llanowar Elves"))
    _suggest(connection, fold_name("Llanowar Elfs"), 3)
    queries = [query for query in traced if query.lstrip().upper().startswith("SELECT")]
    assert len(queries) >= 3
    for query in queries:
        plan = [row[3] for row in connection.execute(f"EXPLAIN QUERY PLAN {query}")]
        assert not any(step.startswith("SCAN") for step in plan), plan  # every table reached by an index
    connection.close()
