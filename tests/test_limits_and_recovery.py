"""Regression tests for issue 39 (reliability, round three), the command line's side: strings that are not
Unicode text, limits on names and imported cards, a card store whose import was killed, time limits that
hold, and real card data normalised. The service's side is in test_service.py and test_service_http.py."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from boards import card, make_board
from clocks import JumpingClock
from typer.testing import CliRunner, Result

from models.board import Board
from models.carddata.faces import Card, CardFace
from models.cost import PaymentTarget
from models.limits import MAX_NAME_LENGTH, MAX_ORACLE_LENGTH, not_text_in
from planner.api import max_x
from planner.bench.corpus import scenario
from planner.bench.report import Report, run_case
from planner.cards.importer import card_problem, import_files
from planner.cards.store import CardStore
from planner.cli import app
from planner.rules.replay import PaymentSummary, Plan, replay

ROOT = Path(__file__).resolve().parents[1]
runner = CliRunner()
SURROGATE = "\ud800"


def _one_error_line(result: Result, *expected: str) -> str:
    """Exit 2, one line on stderr holding every expected part, no traceback."""
    assert result.exit_code == 2, result.output
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    for part in expected:
        assert part in lines[0], lines[0]
    return lines[0]


def _write_json(path: Path, data: object) -> str:
    """JSON with its non-ASCII characters escaped: a lone surrogate is written as the escape ``\\ud800``."""
    path.write_text(json.dumps(data), encoding="utf-8")
    return str(path)


def _board(**permanent: Any) -> dict[str, Any]:
    return {
        "version": 1,
        "players": [{"id": "me"}],
        "permanents": [{"id": "f", "card": "Forest", "controller": "me", **permanent}],
    }


# ---- strings that are not Unicode text ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("data", "path"),
    [
        (_board(id="f" + SURROGATE), "permanents[0].id"),
        (_board(card="Forest" + SURROGATE), "permanents[0].card"),
        (
            {
                "version": 1,
                "players": [{"id": "me"}],
                "permanents": [
                    {"id": "x", "name": "X" + SURROGATE, "type_line": "Land", "controller": "me"},
                ],
            },
            "permanents[0].name",
        ),
        (_board(counters={"charge" + SURROGATE: 1}), 'permanents[0].counters["charge\\ud800"]'),
        (
            {"version": 1, "players": [{"id": "me", "hand": ["Forest", "Sol Ring" + SURROGATE]}]},
            "players[0].hand[1]",
        ),
    ],
)
def test_a_lone_surrogate_in_a_board_is_one_line_naming_the_file_and_path(
    tmp_path: Path, data: dict[str, Any], path: str
) -> None:
    """A lone surrogate is valid JSON but no Unicode text: it used to end in a traceback and exit 1 on a
    payable board (or pass silently into the answer); now it is bad input wherever it is, field names too."""
    board = _write_json(tmp_path / "b.json", data)
    for command in (["pay", board, "{G}"], ["could-produce", board, "--json"]):
        _one_error_line(runner.invoke(app, command), f"{board}: {path}: not Unicode text")


def test_the_first_string_that_is_not_text_is_found_in_document_order() -> None:
    data = {"a": ["ok", {"b" + SURROGATE: "x"}], "c": SURROGATE}
    assert not_text_in(data) == (
        ("a", 1, "b" + SURROGATE),
        "not Unicode text: a lone surrogate (U+D800) at character 2",
    )
    assert not_text_in({"a": ["ok", 1, None, {"b": 2.5}]}) is None


def test_an_imported_card_that_is_not_text_or_past_the_limits_is_skipped_with_a_warning(
    tmp_path: Path,
) -> None:
    """A 50 MB name or a 28 MB Oracle text used to be stored; the limits are a name's (200 characters) and
    rules text's (5,000), and every string is Unicode text. Each such card is skipped with a warning."""

    def scryfall(name: str, oracle: str, oracle_id: str) -> dict[str, str]:
        return {
            "name": name,
            "lang": "en",
            "layout": "normal",
            "type_line": "Land",
            "oracle_text": oracle,
            "oracle_id": oracle_id,
        }

    cards = [
        scryfall("Good Land", "{T}: Add {G}.", "a"),
        scryfall("N" * (MAX_NAME_LENGTH + 1), "{T}: Add {G}.", "b"),
        scryfall("Long Text", "x" * (MAX_ORACLE_LENGTH + 1), "c"),
    ]
    path = _write_json(tmp_path / "cards.json", cards)
    store = tmp_path / "cards.sqlite3"
    result = runner.invoke(app, ["cards", "import", path, "--store", str(store), "--json"])
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    assert (summary["imported"], summary["skipped"]) == (1, {"over_limits": 2})
    warnings = result.stderr.splitlines()
    assert len(warnings) == 2 and all(len(line) < 300 for line in warnings), warnings
    assert (
        f"card #1 ('{'N' * 59}…'): name: 201 characters are more than the limit of {MAX_NAME_LENGTH}"
        in warnings[0]
    )
    assert "card #2 ('Long Text'): oracle_text: 5001 characters" in warnings[1]
    face = CardFace(name="Bad" + SURROGATE, card_name="Bad", face_index=0, type_line="Land")
    assert card_problem(Card("d", "Bad", "normal", (face,))) == (
        "name: not Unicode text: a lone surrogate (U+D800) at character 4"
    )


def test_a_file_name_that_is_not_utf8_is_echoed_escaped_not_a_crash(tmp_path: Path) -> None:
    """A store path whose bytes are not UTF-8 reaches the JSON answer as a surrogate: standard output wrote it
    with a traceback (exit 1) where standard error escapes it; now both escape it."""
    store = os.fsdecode(os.fsencode(tmp_path) + b"/\xffcards.sqlite3")
    sample = str(ROOT / "examples" / "cards" / "scryfall-sample.json")
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONIOENCODING": "utf-8", "LC_ALL": "C.UTF-8"}
    command = [sys.executable, "-m", "planner", "cards", "import", sample, "--store", store, "--json"]
    done = subprocess.run(command, env=env, capture_output=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr.decode(errors="replace")
    assert json.loads(done.stdout)["store"] == store


# ---- names past the limit ---------------------------------------------------------------------------------


def test_a_card_name_past_the_limit_is_one_short_line(tmp_path: Path) -> None:
    """`cards NAME` took a name of any length (and echoed it); deck lines echoed 1 MB names."""
    line = _one_error_line(runner.invoke(app, ["cards", "N" * 100_000]), "a card name of 100000 characters")
    assert len(line) < 200
    deck = tmp_path / "deck.txt"
    deck.write_text("4 " + "N" * 1_000_000 + "\n20 Forest\n", encoding="utf-8")
    line = _one_error_line(runner.invoke(app, ["simulate", str(deck), "--games", "10"]), f"{deck}: line 1: ")
    assert len(line) < 300
    deck.write_text("N" * 1_000_000 + "\n", encoding="utf-8")
    assert len(_one_error_line(runner.invoke(app, ["simulate", str(deck)]), f"{deck}: line 1: ")) < 300
    board = _write_json(tmp_path / "b.json", _board())
    line = _one_error_line(runner.invoke(app, ["pay", board, "--spell", "N" * 100_000]), "--spell: ")
    assert len(line) < 300


# ---- a card store whose import was killed -----------------------------------------------------------------


def _hot(journal: Path) -> bool:
    """True when an SQLite rollback journal holds a transaction to roll back (its header's magic is written
    once the journal is synced; before, SQLite ignores it)."""
    try:
        return journal.read_bytes()[:8] == bytes.fromhex("d9d505f920a163d7")
    except OSError:
        return False


def test_a_store_whose_import_was_killed_is_rolled_back_and_read(tmp_path: Path) -> None:
    """`kill -9` while `cards import` writes leaves a hot journal; readers open the store read-only and used
    to say "the card store is read-only" for every name. Now the interrupted import is rolled back when the
    store is opened: the cards from before it are there, and a new import works."""

    def artifact(number: int) -> dict[str, str]:
        return {
            "name": f"Test Rock {number}",
            "lang": "en",
            "layout": "normal",
            "type_line": "Artifact",
            "mana_cost": "{1}",
            "oracle_text": "{T}: Add {C}.",
            "oracle_id": f"rock-{number}",
        }

    store = tmp_path / "cards.sqlite3"
    few = _write_json(tmp_path / "few.json", [artifact(n) for n in range(3)])
    many = _write_json(tmp_path / "many.json", [artifact(n) for n in range(20_000)])
    import_files([few], CardStore(store))
    journal = Path(f"{store}-journal")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    command = [sys.executable, "-m", "planner", "cards", "import", many, "--store", str(store)]
    for _ in range(3):  # (killed once its journal is hot, i.e. synced: a busy machine may need another try)
        process = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        started = time.monotonic()
        while process.poll() is None and time.monotonic() - started < 60 and not _hot(journal):
            time.sleep(0.002)
        process.send_signal(signal.SIGKILL)
        process.wait()
        if _hot(journal):
            break
    else:
        pytest.skip("the import ended before it could be killed while it wrote")
    shown = runner.invoke(app, ["cards", "test rock 1", "--store", str(store), "--json"])
    assert shown.exit_code == 0, shown.output
    assert json.loads(shown.stdout)["name"] == "Test Rock 1"
    assert CardStore(store).count() == 3  # (as before the import that was killed)
    assert runner.invoke(app, ["cards", "import", many, "--store", str(store)]).exit_code == 0
    assert CardStore(store).count() == 20_000


# ---- time limits that hold --------------------------------------------------------------------------------


def _squandered(resources: int, lands: int, hand: list[object] | None = None) -> Board:
    """Squandered Resources and basics: a model of resources × lands ways to sacrifice a land, and a plan of
    two steps a land whose replay reads, at each sacrifice, what every land could produce."""
    basics = ["Plains", "Island", "Swamp", "Mountain", "Forest"]
    board = make_board(
        [card("Squandered Resources", f"sq{i}") for i in range(resources)]
        + [card(basics[i % 5], f"b{i}") for i in range(lands)]
    )
    if hand is None:
        return board
    data = board.to_dict()
    data["players"][0]["hand"] = hand
    return Board.from_dict(data)


def test_max_x_holds_its_time_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    """max-x took 30 s for --time-limit 2 on such boards: the model is solved in a fraction of a second, but
    the replay of its plan of 800 steps took seconds more. The limit now bounds the replay too, step by step,
    and running out is never a "no": the clock is put past the deadline at the replay's third step (a plan
    of 80 steps here), and the replay stops there (tests never assert wall-clock time)."""
    clock = JumpingClock(monkeypatch)
    checks: list[int] = []

    def replay_jumping(
        board: Board, target: PaymentTarget, plan: Plan, player: str, *, check: Callable[[], None]
    ) -> PaymentSummary:
        def counted() -> None:
            checks.append(len(checks) + 1)
            if len(checks) == 3:
                clock.jump(3600.0)
            check()

        return replay(board, target, plan, player, check=counted)

    monkeypatch.setattr("planner.described.replay", replay_jumping)
    result = max_x(_squandered(3, 40), PaymentTarget.of("{X}{G}"), time_limit=60.0)
    assert (result.payable, result.reason, result.x, result.optimal) == (None, "time limit", None, False)
    assert checks == [1, 2, 3]


def test_plan_turn_out_of_time_while_building_exits_4(tmp_path: Path) -> None:
    """A TimeUp raised while a turn's templates were worked out escaped plan-turn as a traceback (exit 1)."""
    board = _squandered(20, 300, ["Llanowar Elves", "Forest"]).to_dict()
    path = _write_json(tmp_path / "b.json", board)
    result = runner.invoke(app, ["plan-turn", path, "--time-limit", "0.01", "--json"])
    assert result.exit_code == 4, result.output
    answer = json.loads(result.stdout)
    assert (answer["castable"], answer["reason"]) == (None, "time limit")


def test_the_heuristics_benchmark_says_when_the_planner_timed_out() -> None:
    """It printed "payable": false where the planner ran out of time: a time-out is not a "no"."""
    run = run_case(scenario("treasure-or-plains"), [], time_limit=1e-9)
    assert run.timed_out and not run.payable
    report = Report(
        seed=0, heuristics=(), runs=(run,), scenario_runs=(run,), time_limit=1e-9, jobs=1, wall_seconds=0.0
    )
    data = report.to_json()
    assert (
        data["optimal"]["timed_out"] == [f"treasure-or-plains {run.cost}"]
        and data["optimal"]["unpayable"] == 0
    )
    assert (data["scenarios"][0]["payable"], data["scenarios"][0]["timed_out"]) == (None, True)


# ---- real card data, normalised ---------------------------------------------------------------------------

_IF = "{T}: Add {C}. If you control an Urza’s %s and an Urza’s %s, add %s instead."
_TRON = {
    "Urza’s Tower": _IF % ("Mine", "Power-Plant", "{C}{C}{C}"),
    "Urza’s Mine": _IF % ("Power-Plant", "Tower", "{C}{C}"),
    "Urza’s Power-Plant": _IF % ("Mine", "Tower", "{C}{C}"),
}


def test_type_lines_with_a_typographic_apostrophe_assemble_tron(tmp_path: Path) -> None:
    """Scryfall's type lines say "Land — Urza’s Tower": the three lands made 3, not 7."""
    cards = [
        {
            "name": name.replace("’", "'"),
            "lang": "en",
            "layout": "normal",
            "type_line": f"Land — {name}",
            "oracle_text": text,
            "oracle_id": name,
        }
        for name, text in _TRON.items()
    ]
    store = tmp_path / "cards.sqlite3"
    import_files([_write_json(tmp_path / "tron.json", cards)], CardStore(store))
    board = {
        "version": 1,
        "players": [{"id": "me"}],
        "permanents": [
            {"id": f"u{n}", "card": name.replace("’", "'"), "controller": "me"}
            for n, name in enumerate(_TRON)
        ],
    }
    path = _write_json(tmp_path / "b.json", board)
    result = runner.invoke(app, ["max-x", path, "{X}", "--store", str(store), "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["x"] == 7


def test_pay_and_max_x_spell_look_names_up_in_the_card_store(tmp_path: Path) -> None:
    """`plan-turn --cast` found a card in the store; `pay --spell` and `max-x --spell` looked in the built-in
    catalogue only."""
    spell = {
        "name": "Store Only Blast",
        "lang": "en",
        "layout": "normal",
        "type_line": "Sorcery",
        "mana_cost": "{X}{G}",
        "oracle_text": "Store Only Blast deals X damage to any target.",
        "oracle_id": "blast",
    }
    store = tmp_path / "cards.sqlite3"
    import_files([_write_json(tmp_path / "cards.json", [spell])], CardStore(store))
    board = {
        "version": 1,
        "players": [{"id": "me"}],
        "permanents": [{"id": f"f{n}", "card": "Forest", "controller": "me"} for n in range(3)],
    }
    path = _write_json(tmp_path / "b.json", board)
    paid = runner.invoke(
        app, ["pay", path, "--spell", "store only blast", "--x", "1", "--store", str(store), "--json"]
    )
    assert paid.exit_code == 0, paid.output
    assert json.loads(paid.stdout)["total_cost"] == "{1}{G}"
    most = runner.invoke(app, ["max-x", path, "--spell", "Store Only Blast", "--store", str(store), "--json"])
    assert most.exit_code == 0, most.output
    assert json.loads(most.stdout)["x"] == 2
