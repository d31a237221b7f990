"""``mana-planner cards import``, ``cards check``, ``--store`` on the commands that resolve names, and deck
lists read through the card store (contract section 5), on real SQLite files in temporary directories."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from planner.cli import app

ROOT = Path(__file__).resolve().parents[1]
CARDS = ROOT / "tests" / "fixtures" / "cards"
SCRYFALL = CARDS / "scryfall.json.gz"
ATOMIC = CARDS / "mtgjson-atomic.json.gz"
ARENA = ROOT / "tests" / "fixtures" / "decks" / "arena.txt"
SAMPLE = ROOT / "examples" / "cards" / "scryfall-sample.json"
BURN = ROOT / "examples" / "decks" / "boros-burn.txt"

runner = CliRunner()


def run(*args: str | Path, stdin: str | None = None) -> Result:
    return runner.invoke(app, [str(arg) for arg in args], input=stdin)


def one_error_line(result: Result) -> str:
    assert result.exit_code == 2, result.output
    assert result.stdout == "" and "Traceback" not in result.stderr
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    return lines[0]


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A store made by ``cards import`` of the Scryfall fixture."""
    path = tmp_path_factory.mktemp("cli-store") / "cards.sqlite3"
    result = run("cards", "import", SCRYFALL, "--store", path, "--json")
    assert result.exit_code == 0, result.output
    return path


def board(*cards: str) -> str:
    return json.dumps(
        {
            "version": 1,
            "players": [{"id": "me"}],
            "permanents": [{"id": f"p{i}", "card": card, "controller": "me"} for i, card in enumerate(cards)],
        }
    )


# --------------------------------------------------------------------------------------------------------
# cards import


def test_import_prints_the_contract_json_and_again_updates(tmp_path: Path) -> None:
    path = tmp_path / "cards.sqlite3"
    first = run("cards", "import", SCRYFALL, "--store", path, "--json")
    assert first.exit_code == 0, first.output
    data = json.loads(first.stdout)
    assert set(data) == {"store", "imported", "updated", "skipped", "unread_mana_text"}
    assert data["store"] == str(path) and data["imported"] > 200 and data["updated"] == 0
    assert data["skipped"]["token"] > 0 and first.stderr == ""  # no progress bar off a terminal
    again = json.loads(run("cards", "import", SCRYFALL, ATOMIC, "--store", path, "--json").stdout)
    assert again["imported"] == 0 and again["updated"] == data["imported"]


def test_import_prints_a_table_by_default(tmp_path: Path) -> None:
    result = run("cards", "import", SAMPLE, "--store", tmp_path / "cards.sqlite3")
    assert result.exit_code == 0, result.output
    assert "cards imported                       8" in result.stdout
    assert "skipped: token                       1" in result.stdout


def test_import_then_pay_a_board_naming_a_store_only_card(store: Path) -> None:
    text = board("Kazandu Valley", "Forest")
    paid = run("pay", "-", "{G}{G}", "--json", "--store", store, stdin=text)
    assert paid.exit_code == 0, paid.output
    assert json.loads(paid.stdout)["tapped"] == ["p0", "p1"]
    unknown = one_error_line(run("pay", "-", "{G}{G}", stdin=text))  # the catalogue alone
    assert unknown.startswith("mana-planner: <stdin>: permanents[0].card: unknown card 'Kazandu Valley'")


def test_the_store_comes_from_the_environment(store: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MANA_PLANNER_CARDS", str(store))
    result = run("could-produce", "-", "--json", stdin=board("kazandu valley"))
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout) == {"p0": "G"}


def test_a_missing_store_is_the_catalogue_alone(tmp_path: Path) -> None:
    result = run("max-x", "-", "{X}", "--json", "--store", tmp_path / "none.sqlite3", stdin=board("Forest"))
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["x"] == 1
    assert not (tmp_path / "none.sqlite3").exists()  # looking up never creates the store


def test_a_store_that_is_not_sqlite_is_one_line(tmp_path: Path) -> None:
    bad = tmp_path / "notes.txt"
    bad.write_text("not a database\n", encoding="utf-8")
    expected = f"mana-planner: {bad}: this is not a card store (not an SQLite database file)"
    for args in (
        ("pay", "-", "{G}", "--store", bad),
        ("cards", "Forest", "--store", bad),
        ("cards", "import", SAMPLE, "--store", bad),
        ("cards", "check", "--store", bad),
        ("simulate", ARENA, "--store", bad),
    ):
        assert one_error_line(run(*args, stdin=board("Forest"))) == expected, args
    assert bad.read_text(encoding="utf-8") == "not a database\n"


def test_import_of_a_file_in_neither_format_is_one_line(tmp_path: Path) -> None:
    odd = tmp_path / "odd.json"
    odd.write_text('{"hello": 1}', encoding="utf-8")
    line = one_error_line(run("cards", "import", odd, "--store", tmp_path / "cards.sqlite3"))
    assert line.startswith(f"mana-planner: {odd}: ")
    assert not (tmp_path / "cards.sqlite3").exists()


# --------------------------------------------------------------------------------------------------------
# cards check


def test_check_json_has_the_contract_keys(store: Path) -> None:
    result = run("cards", "check", "--store", store, "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert set(data) == {"summary", "faces"}
    assert set(data["summary"]) == {"cards", "faces", "faces_with_mana_text", "fully_read"}
    assert data["summary"]["faces"] == len(data["faces"])
    read_as = {"mana_ability", "effect", "keyword", "choice", "not_payment", "ignored", "unsupported"}
    for face in data["faces"]:
        assert set(face) == {"name", "type_line", "sentences"}
        for sentence in face["sentences"]:
            assert set(sentence) == {"text", "read_as"} and sentence["read_as"] in read_as
    from_file = json.loads(run("cards", "check", SCRYFALL, "--json").stdout)
    assert from_file["summary"] == data["summary"]  # the files, or the store they were imported into


def test_check_table_lists_shapes_most_frequent_first(tmp_path: Path) -> None:
    result = run("cards", "check", SAMPLE)
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert "faces with mana text  6" in lines and "of which fully read   6" in lines
    unicorn = next(c for c in json.loads(SAMPLE.read_text()) if c["name"] == "Adarkar Unicorn")
    odd = [  # made-up restrictions: three of one shape, two of another, one of a third; most frequent first
        {
            **unicorn,
            "oracle_id": f"0000000{n}-0000-0000-0000-000000000000",
            "name": f"Odd {n}",
            "oracle_text": text,
        }
        for n, text in enumerate(
            (
                "{T}: Add {U}. Spend this mana only on Tuesdays.",
                "{T}: Add {G}. Spend this mana only on Tuesdays.",
                "{T}: Add {B}. Spend this mana only on Tuesdays.",
                "{T}: Add {R}. Spend this mana only to juggle.",
                "{T}: Add {W}. Spend this mana only to juggle.",
                "{T}: Add {C}. Spend this mana only under a full moon.",
            )
        )
    ]
    (tmp_path / "odd.json").write_text(json.dumps(odd))
    lines = run("cards", "check", tmp_path / "odd.json").stdout.splitlines()
    shapes = lines[lines.index("count  shape") + 2 :]
    counts = [int(line.split()[0]) for line in shapes]
    # the unread sentence is the restriction (the rest of each ability is 'part of an ability with an unread
    # part'): Tuesdays three times, juggling twice, the full moon once
    assert counts == [3, 2, 1]


def test_check_without_a_store_says_how_to_make_one(tmp_path: Path) -> None:
    line = one_error_line(run("cards", "check", "--store", tmp_path / "cards.sqlite3"))
    assert "cards import FILE..." in line


# --------------------------------------------------------------------------------------------------------
# cards NAME through the store


def test_cards_name_finds_a_store_card_and_suggests_from_the_store(store: Path) -> None:
    shown = run("cards", "kazandu valley", "--store", store)
    assert shown.exit_code == 0, shown.output
    assert shown.stdout.startswith("Kazandu Valley\n  type line:  Land\n")
    both = json.loads(
        run("cards", "--json", "--store", store, "Delver of Secrets // Insectile Aberration").stdout
    )
    assert [face["name"] for face in both["faces"]] == ["Delver of Secrets", "Insectile Aberration"]
    line = one_error_line(run("cards", "Kazandu Vally", "--store", store))
    assert "did you mean 'Kazandu Valley'" in line


def test_import_and_check_are_sub_commands_and_show_is_the_long_form() -> None:
    assert run("cards", "show", "Forest").stdout == run("cards", "Forest").stdout
    help_text = " ".join(run("cards", "--help").stdout.split())
    assert "[NAME | COMMAND [ARGS]...]" in help_text and "import" in help_text and "check" in help_text


# --------------------------------------------------------------------------------------------------------
# decks


@pytest.mark.parametrize("ramp", ["none", "planner"])
def test_simulate_an_arena_export_with_a_sideboard_through_the_store(store: Path, ramp: str) -> None:
    result = run("simulate", ARENA, "--store", store, "--games", "300", "--ramp", ramp, "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["deck"] == {"cards": 60, "lands": 32, "commanders": []}  # 4 Kazandu Mammoth as lands
    assert "Dark Ritual" not in data["cards"] and "Elvish Spirit Guide" not in data["cards"]
    # lands only: the modal double-faced card is always its land; planned: a land or a spell as needed
    assert ("Kazandu Mammoth // Kazandu Valley" in data["cards"]) == (ramp == "planner")
    assert any(
        note.startswith("Kazandu Mammoth // Kazandu Valley is played as its land face")
        for note in data["notes"]
    )
    assert result.stderr == ""


def test_deck_warnings_go_to_stderr(tmp_path: Path) -> None:
    deck = tmp_path / "short.txt"
    deck.write_text("12 Forest\n8 Grizzly Bears {1}{G}\n\n2 Zzyzx Qqq\n", encoding="utf-8")
    result = run("simulate", deck, "--games", "200", "--turns", "1-3", "--json")
    assert result.exit_code == 0, result.output
    warnings = result.stderr.splitlines()
    assert (
        f"mana-planner: warning: {deck}: sideboard cards not in the card data: line 4 'Zzyzx Qqq'" in warnings
    )
    assert any(w.startswith(f"mana-planner: warning: {deck}: the main deck has 20 cards") for w in warnings)
    json.loads(result.stdout)


def test_end_to_end_import_then_simulate_in_a_subprocess(tmp_path: Path) -> None:
    path = tmp_path / "cards.sqlite3"

    def cli(*args: str | Path) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "planner", *map(str, args)],
            capture_output=True, text=True, cwd=ROOT, timeout=120, check=False,
        )  # fmt: skip

    imported = cli("cards", "import", SAMPLE, "--store", path, "--json")
    assert imported.returncode == 0, imported.stderr
    assert json.loads(imported.stdout)["imported"] == 8 and imported.stderr == ""
    done = cli("simulate", BURN, "--store", path, "--games", "300", "--turns", "1-3", "--json")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["deck"]["lands"] == 36 and "Adarkar Unicorn" not in data["cards"]
    assert data["cards"]["Monastery Swiftspear"]["1"] > 0.5
