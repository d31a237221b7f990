"""Forge puzzle files (contract section 13): read into the same board as a JSON board file, with a warning for
every line, card or modifier not read, and accepted wherever a command takes a BOARD.

The fixtures in ``tests/fixtures/forge/`` were written for these tests in Forge's format; the answers are
worked out by hand in each test's comment.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from models.board import Board
from models.errors import BoardError
from models.forge import is_puzzle, load_board_file, read_board, read_puzzle
from planner.cli import app

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "forge"
MIXED = FIXTURES / "mixed.pzl"
runner = CliRunner()


def test_every_modifier_is_read_into_the_board() -> None:
    puzzle = load_board_file(MIXED)
    board = puzzle.board
    assert puzzle.name == "Mixed test board"
    assert board.active_player == "ai"
    human, ai = board.player("human"), board.player("ai")
    assert (human.life, ai.life) == (13, 4)
    assert [c.name for c in human.hand] == ["Lightning Bolt", "Llanowar Elves"]
    assert isinstance(human.graveyard, tuple)
    assert [c.name for c in human.graveyard] == ["Forest", "Island"]
    assert human.library == 3  # (a count: the unknown card counts too)
    assert human.counter("energy") == 2
    assert str(human.commander_colors) == "G"  # Birds of Paradise|IsCommander
    assert [c.name for c in ai.hand] == ["Lightning Bolt"]
    ids = [p.id for p in board.permanents]
    assert ids == [
        "forest",
        "llanowar-elves",
        "coldsteel-heart",
        "wild-growth",
        "forest-2",
        "gemstone-mine",
        "treasure",
        "goblin",
        "ai-mountain",
        "ai-mox-opal",
    ]
    assert board.permanent("forest").tapped and not board.permanent("forest-2").tapped
    assert board.permanent("llanowar-elves").summoning_sick
    assert not board.permanent("forest-2").summoning_sick  # (Forge places permanents awake)
    chosen = board.permanent("coldsteel-heart").choices.color
    assert chosen is not None and chosen.letter == "G"
    assert board.permanent("wild-growth").attached_to == "forest-2"  # AttachedTo:7 -> the card with Id:7
    assert board.permanent("gemstone-mine").counter("mining") == 2
    assert board.permanent("treasure").token and board.permanent("treasure").card == "Treasure"
    goblin = board.permanent("goblin")
    assert (goblin.token, str(goblin.type_line), goblin.power, str(goblin.color_indicator)) == (
        True,
        "Creature — Goblin",
        1,
        "R",
    )
    assert board.permanent("ai-mountain").controller == "ai"


def test_what_is_not_read_is_one_warning_each_naming_its_line() -> None:
    assert load_board_file(MIXED).warnings == (
        "line 16: aibattlefield: 'Mox Opal|Frobbed': modifier 'Frobbed' not read",
        "line 16: aibattlefield: 'Not A Card': unknown card 'Not A Card'",
        "line 17: humanexile: 'Lotus Petal': the exile zone is not on the board: not read",
        "line 18: humancommand: 'Birds of Paradise|IsCommander|CommanderCast:1': the commander's color "
        "identity is read; casting it from the command zone (and its tax) is not on the board",
    )


def test_crlf_lines_and_a_card_broken_by_a_stray_line_break() -> None:
    puzzle = load_board_file(FIXTURES / "crlf-broken-line.pzl")
    assert puzzle.warnings == ()
    assert [(p.name, p.tapped) for p in puzzle.board.permanents] == [
        ("Mountain", False),
        ("Llanowar Elves", True),
        ("Forest", False),
    ]


@pytest.mark.parametrize(
    ("line", "warning"),
    [
        (
            "ActivePhase=Combat",
            "line 2: activephase: 'Combat' not read: the board is planned as in a main phase",
        ),
        (
            "humanprecast=Lightning Bolt",
            "line 2: humanprecast: 'Lightning Bolt': the precast zone is not on the board: not read",
        ),
        (
            "Goblin Mana=AB$ Mana | Cost$ T | Produced$ R",
            "line 2: goblin mana: scripted ability not read: 'AB$ Mana | Cost$ T | Produced$ R'",
        ),
        ("humanlife=lots", "line 2: humanlife: 'lots' is not a whole number: not read"),
        (
            "humanbattlefield=t:c_a_treasure_sac",
            "line 2: humanbattlefield: 't:c_a_treasure_sac': a token "
            "without 'Types:' (a token script?) not read",
        ),
        (
            "humanbattlefield=Forest|AttachedTo:9",
            "line 2: humanbattlefield: 'Forest|AttachedTo:9': attached "
            "to '9', which no other card's 'Id:' names: not read",
        ),
        (
            "humanhand=Forest|Tapped",
            "line 2: humanhand: 'Forest|Tapped': modifier 'Tapped' not read outside the battlefield",
        ),
        ("whatever=1", "line 2: whatever: not read: '1'"),
    ],
)
def test_lines_not_read_are_warnings(line: str, warning: str) -> None:
    assert read_puzzle(f"[state]\n{line}\n", "p.pzl").warnings == (warning,)


def test_counters_colors_pools_and_repeated_warnings() -> None:
    puzzle = read_puzzle(
        "[state]\nhumanmanapool=R R G\n"
        "humanbattlefield=Forest|Counters:P1P1=2,CHARGE;Wastes|Frob;Wastes|Frob\n",
        "p.pzl",
    )
    forest = puzzle.board.permanent("forest")
    assert (forest.counter("+1/+1"), forest.counter("charge")) == (2, 1)
    assert str(puzzle.board.player("human").pool[0].mana) == "{R}{R}{G}"
    assert puzzle.warnings == ("line 3: humanbattlefield: 'Wastes|Frob': modifier 'Frob' not read (2 times)",)


def test_a_board_problem_names_the_puzzle_line() -> None:
    with pytest.raises(BoardError) as error:
        read_puzzle(
            "[state]\nhumanbattlefield=Forest\nhumanbattlefield=Forest|Counters:CHARGE=5000\n", "p.pzl"
        )
    assert str(error.value).startswith("p.pzl: line 3: permanents[1].counters")


def test_a_file_of_another_format_is_refused() -> None:
    with pytest.raises(
        BoardError, match=r"not-a-puzzle.pzl: \(root\): not a Forge puzzle file: no \[state\]"
    ):
        load_board_file(FIXTURES / "not-a-puzzle.pzl")
    with pytest.raises(BoardError, match="not a Forge puzzle file"):
        read_puzzle("[metadata]\nName:x\n", "p.pzl")


def test_the_format_is_chosen_by_extension_or_by_content() -> None:
    assert is_puzzle("[state]\nhumanlife=3", "board.txt")
    assert not is_puzzle('{"version": 1}', "board.json")
    json_board = read_board('{"version": 1, "players": [{"id": "me"}]}', "b.json")
    assert json_board.warnings == () and json_board.board == Board.loads(
        '{"version": 1, "players": [{"id": "me"}]}'
    )


def test_pay_reads_a_puzzle_and_its_warnings_join_the_json() -> None:
    # The human's untapped sources: Coldsteel Heart (G chosen), Forest-2 with Wild Growth ({G}{G}, one tap),
    # Gemstone Mine (2 mining counters), the Treasure: five {G}. The tapped Forest and the summoning-sick
    # Elves give nothing, so {G}x5 is payable and {G}x6 is not.
    five = runner.invoke(app, ["pay", str(MIXED), "GGGGG", "--player", "human", "--json"])
    assert five.exit_code == 0, five.output
    answer = json.loads(five.stdout)
    assert answer["payable"] is True
    assert set(answer["tapped"]) == {"coldsteel-heart", "forest-2", "gemstone-mine"}
    assert answer["sacrificed"] == ["treasure"]
    reasons = [w["reason"] for w in answer["warnings"]]
    assert (
        f"{MIXED}: line 17: humanexile: 'Lotus Petal': the exile zone is not on the board: not read"
        in reasons
    )
    assert "line 16: aibattlefield: 'Not A Card'" in five.stderr
    six = runner.invoke(app, ["pay", str(MIXED), "GGGGGG", "--player", "human"])
    assert six.exit_code == 1, six.output


def test_a_file_of_another_format_is_exit_2_with_one_line() -> None:
    result = runner.invoke(app, ["pay", str(FIXTURES / "not-a-puzzle.pzl"), "G"])
    assert result.exit_code == 2
    assert result.stdout == ""
    assert len(result.stderr.splitlines()) == 1
    assert "not a Forge puzzle file" in result.stderr


def test_plan_turn_on_a_puzzle_plays_its_hand() -> None:
    # Mountain untapped, Island tapped: Lightning Bolt ({R}) is castable, Counterspell ({U}{U}) is not.
    result = runner.invoke(app, ["plan-turn", str(FIXTURES / "bolt.pzl"), "--json"])
    assert result.exit_code == 0, result.output
    answer = json.loads(result.stdout)
    assert [spell["card"] for spell in answer["spells"]] == ["Lightning Bolt"]


def test_a_puzzle_on_standard_input() -> None:
    result = runner.invoke(app, ["could-produce", "-", "--json"], input=(FIXTURES / "bolt.pzl").read_text())
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout) == {"mountain": "R", "island": "U"}


def test_an_attachment_to_a_card_not_read_says_which_card() -> None:
    puzzle = read_puzzle("[state]\naibattlefield=Not A Card|Id:1;Wild Growth|AttachedTo:1\n", "a.pzl")
    assert puzzle.warnings == (
        "line 2: aibattlefield: 'Not A Card|Id:1': unknown card 'Not A Card'",
        "line 2: aibattlefield: 'Wild Growth|AttachedTo:1': attached to '1', a card not read (line 2): the "
        "attachment is not read",
    )
    assert [p.attached_to for p in puzzle.board.permanents] == [None]


def test_an_arena_log_given_as_a_board_is_exit_2_with_one_line_naming_the_command(tmp_path: Path) -> None:
    log = tmp_path / "Player.log"
    log.write_text(
        '[UnityCrossThreadLogger]1/1/2026: Match to X: GreToClientEvent\n{"greToClientEvent": {}}\n'
    )
    result = runner.invoke(app, ["pay", str(log), "G"])
    assert result.exit_code == 2
    assert result.stderr.strip().splitlines() == [
        f"mana-planner: {log}: (root): an MTG Arena Player.log, not a board: 'mana-planner arena' reads it"
    ]
