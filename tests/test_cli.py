"""Tests of the ``mana-planner`` command (CONTRACT section 3): output, JSON, exit codes and error lines."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner, Result

from models.catalogue import all_cards
from planner.cli import app

ROOT = Path(__file__).resolve().parents[1]
REFLECTING = ROOT / "examples" / "boards" / "reflecting.json"
CONTRACT_EXAMPLE = ROOT / "examples" / "boards" / "contract_example.json"

runner = CliRunner()


def run(*args: str, stdin: str | None = None) -> Result:
    return runner.invoke(app, list(args), input=stdin)


def board_json(*permanents: tuple[str, str, str], active: str = "me", **extra: Any) -> str:
    """A board file's text: players "me" and "opp", and (id, card, controller) permanents."""
    data: dict[str, Any] = {
        "version": 1,
        "active_player": active,
        "players": [{"id": "me"}, {"id": "opp"}],
        "permanents": [{"id": pid, "card": card, "controller": who} for pid, card, who in permanents],
    }
    data.update(extra)
    return json.dumps(data)


def could_produce_json(*permanents: tuple[str, str, str], player: str = "all") -> dict[str, str]:
    result = run("could-produce", "-", "--json", "--player", player, stdin=board_json(*permanents))
    assert result.exit_code == 0, result.output
    assert result.stderr == ""
    answer: dict[str, str] = json.loads(result.stdout)
    return answer


def assert_one_error_line(result: Result, *, starts: str) -> str:
    """Exit code 2, nothing on stdout, and exactly one line on stderr that starts as given."""
    assert result.exit_code == 2, result.output
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith(starts), lines[0]
    assert "Traceback" not in result.stderr
    return lines[0]


# cards ----------------------------------------------------------------------------------------------------


def test_cards_lists_the_catalogue_as_an_aligned_table() -> None:
    result = run("cards")
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    header, rule, *rows = lines
    assert header.split() == ["name", "type", "line", "cost", "makes"]
    assert set(rule.replace(" ", "")) == {"-"}
    assert len(rows) == len(all_cards())
    type_column, makes_column = header.index("type line"), header.index("makes")
    by_name = {row[:type_column].strip(): row for row in rows}
    assert by_name["Forest"][type_column:].startswith("Basic Land — Forest")
    expected = {
        "Forest": "G",
        "Wastes": "C",
        "Birds of Paradise": "any color",
        "Adarkar Wastes": "C; WU (choice)",
        "Sol Ring": "CC",
        "Gilded Lotus": "3 of any one color",
        "Eldrazi Temple": "C; CC (restricted)",
        "Gaea's Cradle": "G per creature you control",
        "Blood Moon": "[type change]",
        "Lightning Bolt": "-",
    }
    for name, makes in expected.items():
        assert by_name[name][makes_column:] == makes, name
    assert all(line == line.rstrip() for line in lines)


def test_cards_json_lists_every_card() -> None:
    result = run("cards", "--json")
    assert result.exit_code == 0
    cards = json.loads(result.stdout)
    assert [card["name"] for card in cards] == [card.name for card in all_cards().values()]
    forest = cards[[card["name"] for card in cards].index("Forest")]
    assert forest == {"name": "Forest", "type_line": "Basic Land — Forest", "mana_cost": None, "makes": "G"}


def test_cards_name_shows_the_parsed_abilities() -> None:
    result = run("cards", "llanowar WASTES")  # any case
    assert result.exit_code == 0
    text = result.stdout
    assert text.startswith("Llanowar Wastes\n")
    assert "type line:  Land" in text
    assert "{T}: Add {B} or {G}. This land deals 1 damage to you." in text
    assert "makes:      {B} or {G}" in text
    assert "damage:     1 to you" in text
    assert "UNSUPPORTED" not in text


def test_cards_name_shows_restrictions_riders_choices_and_ignored_text() -> None:
    cavern = run("cards", "Cavern of Souls").stdout
    assert "spend only: to cast a creature spell of the chosen type" in cavern
    assert "rider:      that spell can't be countered" in cavern
    assert "choices needed as it enters (board 'choices'): creature type" in cavern
    kruphix = run("cards", "Kruphix, God of Horizons").stdout
    assert "unspent mana: your unspent mana becomes colorless instead of emptying" in kruphix
    assert "keywords: indestructible" in kruphix
    assert "ignored (not about mana):\n  - You have no maximum hand size." in kruphix.replace(
        "  - As long as your devotion to green and blue is less than seven, ~ isn't a creature.\n", ""
    )


def test_cards_name_shows_the_intrinsic_abilities_of_basic_land_types() -> None:
    forest = run("cards", "forest").stdout
    assert "mana abilities from its basic land types (CR 305.6):\n  1. {T}: Add {G}." in forest


@pytest.mark.parametrize(
    ("name", "kind", "summary"),
    [
        (
            "Blood Moon",
            "type_change",
            "each nonbasic land is Mountain (replacing its land types and their abilities)",
        ),
        ("Urborg, Tomb of Yawgmoth", "type_change", "each land is also Swamp"),
        ("Mana Reflection", "replacement", "if you tap a permanent for mana, it makes 2 times as much"),
        (
            "Contamination",
            "replacement",
            "if a player taps a land for mana, it makes {B} instead of any other type",
        ),
        ("Wild Growth", "trigger", "whenever the enchanted land is tapped for mana, its tapper adds {G}"),
        ("Upwelling", "unspent_mana", "each player's unspent mana stays in the pool as steps and phases end"),
        ("Chromatic Lantern", "grant", "each land you control has '{T}: Add one mana of any color.'"),
        ("Thunderscape Familiar", "cost_modifier", "black or green spells you cast cost {1} less to cast"),
        ("Celestial Dawn", "spend_as_though", "you may spend white mana as though it were mana of any color"),
    ],
)
def test_cards_name_json_describes_effects(name: str, kind: str, summary: str) -> None:
    result = run("cards", name, "--json")
    assert result.exit_code == 0
    details = json.loads(result.stdout)
    assert any(e["kind"] == kind and e["summary"].startswith(summary) for e in details["effects"]), details
    assert details["unsupported"] == []


def test_cards_name_json_describes_mana_abilities() -> None:
    details = json.loads(run("cards", "Eldrazi Temple", "--json").stdout)
    assert details["name"] == "Eldrazi Temple" and details["type_line"] == "Land"
    plain, restricted = details["mana_abilities"]
    assert (plain["cost"], plain["output"], plain["restriction"]) == ("{T}", "{C}", None)
    assert restricted["output"] == "{C}{C}"
    assert restricted["restriction"].startswith("Spend this mana only to cast colorless Eldrazi spells")
    tomb = json.loads(run("cards", "Ancient Tomb", "--json").stdout)
    assert tomb["mana_abilities"][0]["self_damage"] == 2
    tower = json.loads(run("cards", "Urza's Tower", "--json").stdout)
    (conditional,) = tower["mana_abilities"][0]["conditional"]
    assert conditional["output"] == "{C}{C}{C}"
    bolt = json.loads(run("cards", "lightning bolt", "--json").stdout)
    assert (bolt["mana_cost"], bolt["mana_value"], bolt["mana_abilities"], bolt["effects"]) == (
        "{R}",
        1,
        [],
        [],
    )
    forest = json.loads(run("cards", "Forest", "--json").stdout)
    assert [a["output"] for a in forest["intrinsic_mana_abilities"]] == ["{G}"]


def test_unknown_card_suggests_the_closest_names() -> None:
    result = run("cards", "Llanowar Elfs")
    line = assert_one_error_line(result, starts="mana-planner: unknown card 'Llanowar Elfs'; did you mean ")
    assert (
        line
        == "mana-planner: unknown card 'Llanowar Elfs'; did you mean 'Llanowar Elves' or 'Llanowar Wastes'?"
    )
    assert_one_error_line(
        run("cards", "Zzyzx Qqq", "--json"), starts="mana-planner: unknown card 'Zzyzx Qqq'"
    )


# could-produce: the answers of CR 106.7 ---------------------------------------------------------------------


def test_two_reflecting_pools_alone_produce_nothing() -> None:
    pools = (("p1", "Reflecting Pool", "me"), ("p2", "Reflecting Pool", "me"))
    assert could_produce_json(*pools) == {"p1": "", "p2": ""}
    assert could_produce_json(*pools, ("f", "Forest", "me")) == {"p1": "G", "p2": "G", "f": "G"}


def test_exotic_orchard_never_makes_colorless() -> None:
    board = (("orchard", "Exotic Orchard", "me"), ("w", "Wastes", "opp"), ("tomb", "Ancient Tomb", "opp"))
    assert could_produce_json(*board)["orchard"] == ""


def test_exotic_orchards_facing_each_other() -> None:
    orchards = (("o1", "Exotic Orchard", "me"), ("o2", "Exotic Orchard", "opp"))
    assert could_produce_json(*orchards) == {"o1": "", "o2": ""}
    assert could_produce_json(*orchards, ("f", "Forest", "opp"))["o1"] == "G"


def test_urborg_makes_the_opponents_plains_a_swamp_for_the_orchard() -> None:
    board = (("o", "Exotic Orchard", "me"), ("u", "Urborg, Tomb of Yawgmoth", "me"), ("p", "Plains", "opp"))
    assert could_produce_json(*board)["o"] == "WB"


def test_costs_are_ignored_and_any_type_includes_colorless() -> None:
    text = board_json(("pool", "Reflecting Pool", "me"), ("lw", "Llanowar Wastes", "me"))
    data = json.loads(text)
    data["permanents"][1]["tapped"] = True
    result = run("could-produce", "-", "--json", stdin=json.dumps(data))
    assert json.loads(result.stdout) == {"pool": "BGC", "lw": "BGC"}


def test_replacements_in_every_order() -> None:
    board = (
        ("c", "Contamination", "me"),
        ("pm", "Pale Moon", "me"),
        ("f", "Forest", "me"),
        ("bp", "Breeding Pool", "me"),
    )
    answer = could_produce_json(*board)
    assert (answer["f"], answer["bp"]) == ("B", "BC")


def test_squandered_resources_reflects_only_its_controllers_lands() -> None:
    board = (("sq", "Squandered Resources", "me"), ("w", "Wastes", "opp"), ("f", "Forest", "me"))
    assert could_produce_json(*board)["sq"] == "G"


# could-produce: players, formats, input -------------------------------------------------------------------


def test_default_player_is_the_active_player() -> None:
    permanents = (("f", "Forest", "me"), ("i", "Island", "opp"))
    mine = run("could-produce", "-", "--json", stdin=board_json(*permanents))
    assert json.loads(mine.stdout) == {"f": "G"}
    theirs = run("could-produce", "-", "--json", stdin=board_json(*permanents, active="opp"))
    assert json.loads(theirs.stdout) == {"i": "U"}
    named = run("could-produce", "-", "--json", "--player", "opp", stdin=board_json(*permanents))
    assert json.loads(named.stdout) == {"i": "U"}
    everyone = run("could-produce", "-", "--json", "--player", "all", stdin=board_json(*permanents))
    assert json.loads(everyone.stdout) == {"f": "G", "i": "U"}


def test_the_readme_example_board() -> None:
    result = run("could-produce", str(REFLECTING), "--json")
    assert result.exit_code == 0 and result.stderr == ""
    assert json.loads(result.stdout) == {
        "forest": "BG",
        "pool": "WBG",
        "orchard": "WB",
        "urborg": "B",
        "fellwar": "WB",
        "elf": "G",
    }


def test_default_output_is_a_table() -> None:
    result = run("could-produce", str(REFLECTING), "--player", "all")
    assert result.exit_code == 0
    header, rule, *rows = result.stdout.splitlines()
    assert header.split() == ["id", "card", "controller", "could", "produce"]
    assert set(rule.replace(" ", "")) == {"-"}
    assert [len(dashes) for dashes in rule.split()][2:] == [len("controller"), len("could produce")]
    assert rows[0].split() == ["forest", "Forest", "me", "BG"]
    assert rows[-1].split() == ["opp_pool", "Reflecting", "Pool", "opp", "WBC"]
    empty = run("could-produce", "-", stdin=board_json(("p", "Reflecting Pool", "me")))
    assert empty.stdout.splitlines()[2].split() == ["p", "Reflecting", "Pool", "me", "-"]


def test_contract_example_board() -> None:
    result = run("could-produce", str(CONTRACT_EXAMPLE), "--json")
    assert result.exit_code == 0, result.output
    answer = json.loads(result.stdout)
    assert (answer["f1"], answer["elf"], answer["dual"], answer["gt"]) == ("G", "G", "WU", "WUBRG")
    assert answer["sprawl"] == ""  # an Aura makes no mana itself; its trigger adds to the Forest's


def test_board_from_standard_input_and_from_a_file_agree(tmp_path: Path) -> None:
    text = board_json(("f", "Forest", "me"), ("s", "Sol Ring", "me"))
    path = tmp_path / "board.json"
    path.write_text(text, encoding="utf-8")
    from_file = run("could-produce", str(path), "--json")
    from_stdin = run("could-produce", "-", "--json", stdin=text)
    assert from_file.stdout == from_stdin.stdout
    assert json.loads(from_file.stdout) == {"f": "G", "s": "C"}


# bad input: exit 2, one line, no traceback ----------------------------------------------------------------


def test_malformed_json_from_stdin() -> None:
    result = run("could-produce", "-", stdin='{"version": 1,')
    assert_one_error_line(result, starts="mana-planner: <stdin>: (root): invalid JSON")


def test_malformed_json_from_a_file_names_the_file(tmp_path: Path) -> None:
    path = tmp_path / "broken.json"
    path.write_text("{not json", encoding="utf-8")
    assert_one_error_line(
        run("could-produce", str(path)), starts=f"mana-planner: {path}: (root): invalid JSON"
    )


def test_missing_file() -> None:
    result = run("could-produce", "no/such/board.json")
    assert_one_error_line(result, starts="mana-planner: no/such/board.json: (root): cannot read the file")


@pytest.mark.parametrize(
    ("change", "starts"),
    [
        ({"players": [{"id": "me"}, {"id": "me"}]}, "players[1].id: duplicate"),
        ({"colour": "blue"}, "colour: unknown field 'colour'"),
        (
            {"permanents": [{"id": "f", "card": "Forrest", "controller": "me"}]},
            "permanents[0].card: unknown card",
        ),
        (
            {"permanents": [{"id": "f", "card": "Forest", "controller": "opp2"}]},
            "permanents[0].controller: unknown",
        ),
        ({"permanents": [{"id": "f", "card": "Forest"}]}, "permanents[0].controller: missing required field"),
        (
            {
                "permanents": [
                    {"id": "g", "card": "Wild Growth", "controller": "me", "attached_to": "nowhere"}
                ]
            },
            "permanents[0].attached_to: ",
        ),
    ],
)
def test_bad_boards_name_the_file_and_the_json_path(change: dict[str, Any], starts: str) -> None:
    data = json.loads(board_json())
    data.update(change)
    result = run("could-produce", "-", stdin=json.dumps(data))
    assert_one_error_line(result, starts=f"mana-planner: <stdin>: {starts}")


def test_unknown_player() -> None:
    result = run("could-produce", "-", "--player", "nobody", stdin=board_json(("f", "Forest", "me")))
    line = assert_one_error_line(result, starts="mana-planner: <stdin>: ")
    assert "unknown player 'nobody'" in line


UNSUPPORTED = {
    "id": "odd",
    "name": "Odd Rock",
    "type_line": "Artifact",
    "controller": "me",
    "oracle": "{T}: Add {G}.\n{T}: Add mana of a strange sort.",
}


def test_unsupported_text_is_a_warning_on_stderr() -> None:
    data = json.loads(board_json())
    data["permanents"] = [UNSUPPORTED]
    result = run("could-produce", "-", "--json", stdin=json.dumps(data))
    assert result.exit_code == 0
    assert json.loads(result.stdout) == {"odd": "G"}  # stdout stays pure JSON
    assert result.stderr == (
        "mana-planner: warning: <stdin>: odd: unsupported text ignored: '{T}: Add mana of a strange sort.'\n"
    )


def test_strict_makes_unsupported_text_an_error(tmp_path: Path) -> None:
    data = json.loads(board_json())
    data["permanents"] = [UNSUPPORTED]
    path = tmp_path / "odd.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    line = assert_one_error_line(
        run("could-produce", str(path), "--strict"), starts=f"mana-planner: {path}: "
    )
    assert "{T}: Add mana of a strange sort." in line and "odd" in line


def test_usage_errors_exit_2() -> None:
    assert run("could-produce").exit_code == 2  # missing BOARD
    assert run("could-produce", str(REFLECTING), "--jsn").exit_code == 2
    assert run("no-such-command").exit_code == 2


# help ------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        ((), ["could-produce", "cards", "exits 0 on success, 1 when the answer is 'no', 2 on bad input"]),
        (("could-produce",), ["CR 106.7", "--player", "'all'", "active player", "--json", "--strict", "'-'"]),
        (("cards",), ["catalogue", "NAME", "--json", "parsed abilities"]),
    ],
)
def test_help_is_useful(args: tuple[str, ...], expected: list[str]) -> None:
    result = run(*args, "--help")
    assert result.exit_code == 0
    text = " ".join(result.stdout.split())
    for phrase in expected:
        assert phrase in text, phrase


# end to end, in a separate process ------------------------------------------------------------------------


def _cli(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "planner", *args],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
        check=False,
    )


def test_end_to_end_could_produce() -> None:
    done = _cli("could-produce", "examples/boards/reflecting.json", "--json")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["pool"] == "WBG"


def test_end_to_end_bad_input_is_one_line_without_traceback() -> None:
    done = _cli("could-produce", "-", stdin="[1, 2")
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.count("\n") == 1 and done.stderr.startswith(
        "mana-planner: <stdin>: (root): invalid JSON"
    )


def test_version_prints_the_installed_version() -> None:
    from importlib.metadata import version

    result = runner.invoke(app, ["--version"])
    assert result.exit_code == 0
    assert result.output.strip() == f"mana-planner {version('mana-planner')}"


def test_shell_completion_is_offered() -> None:
    result = runner.invoke(app, ["--help"])
    assert "--install-completion" in result.output and "--show-completion" in result.output


def test_tables_fit_a_narrow_terminal_and_never_cut_ids() -> None:
    from models.catalogue import all_cards
    from planner.tables import table

    cards = list(all_cards().values())
    rows = [[card.name.replace(" ", "_"), card.type_line, card.oracle.replace("\n", " ")] for card in cards]
    wide = table(["id", "type line", "oracle"], rows)
    assert max(len(line) for line in wide.splitlines()) > 120  # some Oracle text is long
    fitted = table(["id", "type line", "oracle"], rows, width=120)
    assert max(len(line) for line in fitted.splitlines()) <= 120
    ids = [line.split()[0] for line in fitted.splitlines()[2:] if line and not line.startswith(" ")]
    assert ids == [row[0] for row in rows]  # every id whole, in order, on its row's first line
    words = " ".join(fitted.split())
    for row in rows:  # nothing lost: every word of every cell is still there
        assert all(word in words for word in row[2].split())


@pytest.mark.parametrize(
    "command",
    [
        ["pay"],
        ["max-x"],
        ["could-produce"],
        ["simulate"],
        ["sources-needed"],
        ["cards", "check"],
        ["cards", "import"],
        ["bench", "heuristics"],
    ],
    ids=lambda words: " ".join(words),
)
def test_help_names_arguments_as_users_type_them(command: list[str]) -> None:
    result = runner.invoke(app, [*command, "--help"], terminal_width=100)
    assert result.exit_code == 0, result.output
    usage = result.output.splitlines()[0]
    assert usage.startswith(f"Usage: mana-planner {' '.join(command)}")
    assert not re.search(r"\{[A-Z_]+\}", usage), usage
    assert "<str>" not in result.output


def test_plan_turn_times_out_with_exit_4_or_the_best_plan_never_a_traceback() -> None:
    """Issue 37: an 18-card hand with a time limit too short to search it: exit 4 (no plan in time) or 0 (the
    best plan found, not optimal), the JSON answer's ``castable`` never false."""
    hand = ["Dark Ritual", "Lotus Petal", "Simian Spirit Guide", "Sol Ring", "Mind Stone", "Arcane Signet"]
    hand *= 3
    lands = enumerate(["Swamp", "Mountain"] * 6)
    board = json.loads(board_json(*((f"p{n}", land, "me") for n, land in lands)))
    board["players"][0]["hand"] = hand
    for limit in ("0.001", "0.5"):
        result = run("plan-turn", "-", "--json", "--time-limit", limit, stdin=json.dumps(board))
        assert result.exit_code in (0, 4), result.output
        answer = json.loads(result.stdout)
        assert answer["optimal"] is False and answer["castable"] is (None if result.exit_code == 4 else True)


def test_plan_turn_text_says_what_a_fetchland_found_and_what_left_the_hand() -> None:
    """Issue 37: the text answer names the land a fetchland found when cracked and the card exiled from the
    hand for its mana, as the JSON answer does (three Mountains, Simian Spirit Guide, Polluted Delta with an
    Island in the library and a {4}{R} instant: only the Guide's {R} and the fetched land together cast
    it)."""
    delta = {
        "name": "Polluted Delta",
        "type_line": "Land",
        "oracle": "{T}, Pay 1 life, Sacrifice this land: Search your library for an Island or Swamp card, "
        "put it onto the battlefield, then shuffle.",
    }
    instant = {"name": "Big Instant", "type_line": "Instant", "mana_cost": "{4}{R}"}
    board = json.loads(board_json(*((f"m{n}", "Mountain", "me") for n in range(3))))
    board["players"][0]["hand"] = ["Simian Spirit Guide", instant, delta]
    board["players"][0]["library"] = ["Island"]
    text = run("plan-turn", "-", stdin=json.dumps(board))
    answer = json.loads(run("plan-turn", "-", "--json", stdin=json.dumps(board)).stdout)
    assert text.exit_code == 0 and answer["exiled_from_hand"] == [
        {"card": "Simian Spirit Guide", "mana": "{R}"}
    ]
    assert answer["land"]["fetched"] == "Island", answer["land"]
    assert (
        "crack it at once for Island" in text.stdout
        and "exile Simian Spirit Guide from the hand for {R}" in (text.stdout)
    )
