"""Tests of ``mana-planner pay`` and ``mana-planner max-x`` (CONTRACT section 3): the JSON promised to game
clients, the planner's real answers on boards whose best payment is checked by hand, the readable report,
exit codes and error lines."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner, Result

from models.board import Board
from models.cost import PaymentTarget
from models.mana import ManaTypes
from planner.api import max_x, pay
from planner.cli import app

ROOT = Path(__file__).resolve().parents[1]
RAMP = ROOT / "examples" / "boards" / "ramp.json"

runner = CliRunner()

#: The keys of CONTRACT §3's JSON, with their JSON types (``None`` allowed where the contract shows null).
CONTRACT_KEYS: dict[str, tuple[type, ...]] = {
    "payable": (bool,),
    "cost": (str,),
    "steps": (list,),
    "tapped": (list,),
    "untapped": (list,),
    "sacrificed": (list,),
    "life_paid": (int,),
    "damage_taken": (int,),
    "mana_spent": (str,),
    "floating": (str,),
    "keep_satisfied": (bool, type(None)),
    "reason": (str, type(None)),
}
STEP_KEYS = {"permanent": str, "ability": str, "produced": str}


def run(*args: str, stdin: str | None = None) -> Result:
    return runner.invoke(app, list(args), input=stdin)


def board_data(*permanents: tuple[str, str], life: int = 20, **player: Any) -> dict[str, Any]:
    """A board: players "me" (active) and "opp", and (id, card) permanents that "me" controls.

    An id starting with ``sick`` is summoning sick; one starting with ``tapped`` is tapped.
    """
    return {
        "version": 1,
        "active_player": "me",
        "players": [{"id": "me", "life": life, **player}, {"id": "opp"}],
        "permanents": [
            {
                "id": pid,
                "card": card,
                "controller": "me",
                **({"summoning_sick": True} if pid.startswith("sick") else {}),
                **({"tapped": True} if pid.startswith("tapped") else {}),
            }
            for pid, card in permanents
        ],
    }


def pay_json(
    permanents: tuple[tuple[str, str], ...], cost: str, *options: str, exit_code: int = 0, **player: Any
) -> dict[str, Any]:
    """Run ``pay - COST --json`` on the board and return the answer, checking the exit code."""
    result = run("pay", "-", cost, "--json", *options, stdin=json.dumps(board_data(*permanents, **player)))
    assert result.exit_code == exit_code, result.output
    assert result.stderr == ""
    answer: dict[str, Any] = json.loads(result.stdout)
    return answer


def assert_contract_shape(answer: dict[str, Any]) -> None:
    """Every key CONTRACT §3 lists is there with the right JSON type."""
    for key, types in CONTRACT_KEYS.items():
        assert key in answer, key
        assert isinstance(answer[key], types), (key, answer[key])
    assert not isinstance(answer["life_paid"], bool) and not isinstance(answer["damage_taken"], bool)
    for key in ("tapped", "untapped", "sacrificed"):
        assert all(isinstance(pid, str) for pid in answer[key])
    for step in answer["steps"]:
        for key, kind in STEP_KEYS.items():
            assert isinstance(step[key], kind), (key, step)


def report_facts(stdout: str) -> dict[str, str]:
    """The 'label:  value' lines at the end of a readable report."""
    last = stdout.rstrip("\n").split("\n\n")[-1]
    pairs = (line.split(":", 1) for line in last.splitlines())
    return {label: value.strip() for label, value in pairs}


def assert_one_error_line(result: Result, *, contains: str) -> str:
    """Exit code 2, nothing on stdout, one line on stderr, no traceback."""
    assert result.exit_code == 2, result.output
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("mana-planner: ") and contains in lines[0], lines[0]
    assert "Traceback" not in result.stderr
    return lines[0]


# the JSON of CONTRACT §3 ------------------------------------------------------------------------------------


def test_pay_json_has_every_contract_key_with_the_right_type() -> None:
    answer = pay_json((("f1", "Forest"), ("sol", "Sol Ring")), "{2}{G}")
    assert_contract_shape(answer)
    assert answer["payable"] is True
    assert answer["cost"] == "{2}{G}"
    assert [(s["permanent"], s["ability"], s["produced"]) for s in answer["steps"]] == [
        ("f1", "{T}: Add {G}.", "{G}"),
        ("sol", "{T}: Add {C}{C}.", "{C}{C}"),
    ]
    assert (answer["tapped"], answer["untapped"], answer["sacrificed"]) == (["f1", "sol"], [], [])
    assert (answer["life_paid"], answer["damage_taken"]) == (0, 0)
    assert (answer["mana_spent"], answer["floating"]) == ("{G}{C}{C}", "")
    assert (answer["keep_satisfied"], answer["reason"]) == (None, None)
    assert "x" not in answer  # only for costs with X


def test_pay_json_is_exactly_the_apis_answer() -> None:
    board = Board.load(RAMP)
    expected = pay(board, PaymentTarget.of("{2}{G}{G}")).to_json()
    result = run("pay", str(RAMP), "2gg", "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout) == expected
    assert list(json.loads(result.stdout)) == list(expected)  # the same keys in the same order
    assert set(CONTRACT_KEYS) <= set(expected)
    assert {"engine", "optimal", "payment"} <= set(expected)


def test_unpayable_json_has_empty_lists_and_a_reason() -> None:
    answer = pay_json((("s1", "Swamp"), ("f1", "Forest")), "{B}{B}", exit_code=1)
    assert_contract_shape(answer)
    assert answer["payable"] is False
    assert answer["reason"] == "needs {B}{B} but only one untapped source can make {B}"
    assert answer["steps"] == answer["tapped"] == answer["untapped"] == answer["sacrificed"] == []
    assert (answer["mana_spent"], answer["floating"], answer["keep_satisfied"]) == ("", "", None)


# the planner's answers on boards checked by hand -----------------------------------------------------------


def test_keeps_birds_of_paradise_untapped_and_taps_basics() -> None:
    answer = pay_json((("birds", "Birds of Paradise"), ("f1", "Forest"), ("f2", "Forest")), "{1}{G}")
    assert answer["tapped"] == ["f1", "f2"]
    answer = pay_json((("birds", "Birds of Paradise"), ("f1", "Forest"), ("i1", "Island")), "{U}{G}")
    assert answer["tapped"] == ["f1", "i1"]


def test_prefers_painless_lands_to_painlands() -> None:
    answer = pay_json((("pain", "Karplusan Forest"), ("taiga", "Taiga"), ("m1", "Mountain")), "{R}{G}")
    assert (answer["tapped"], answer["damage_taken"]) == (["taiga", "m1"], 0)


def test_a_painland_pays_generic_with_its_painless_colorless() -> None:
    answer = pay_json((("pain", "Karplusan Forest"), ("f1", "Forest")), "{1}{G}")
    assert answer["damage_taken"] == 0
    steps = {s["permanent"]: (s["ability"], s["produced"]) for s in answer["steps"]}
    assert steps == {"pain": ("{T}: Add {C}.", "{C}"), "f1": ("{T}: Add {G}.", "{G}")}


def test_pain_when_nothing_else_pays() -> None:
    answer = pay_json((("pain", "Karplusan Forest"), ("i1", "Island")), "{R}")
    assert (answer["tapped"], answer["damage_taken"]) == (["pain"], 1)


def test_taps_sol_ring_for_generic() -> None:
    answer = pay_json((("sol", "Sol Ring"), ("f1", "Forest"), ("f2", "Forest"), ("f3", "Forest")), "{2}{G}")
    assert answer["tapped"] == ["sol", "f1"]
    assert answer["mana_spent"] == "{G}{C}{C}"


def test_does_not_sacrifice_a_treasure_when_lands_suffice() -> None:
    answer = pay_json((("t", "Treasure"), ("f1", "Forest"), ("f2", "Forest")), "{1}{G}")
    assert (answer["tapped"], answer["sacrificed"]) == (["f1", "f2"], [])


def test_sacrifices_the_treasure_rather_than_a_land() -> None:
    board = (("m1", "Mountain"), ("f1", "Forest"), ("sq", "Squandered Resources"), ("t", "Treasure"))
    answer = pay_json(board, "{R}{G}{G}")
    assert (answer["tapped"], answer["sacrificed"]) == (["m1", "f1"], ["t"])
    # without the Treasure, the Forest is tapped and then sacrificed to Squandered Resources
    answer = pay_json(board[:3], "{R}{G}{G}")
    assert answer["sacrificed"] == ["f1"]
    assert [s["permanent"] for s in answer["steps"]] == ["m1", "f1", "sq"]
    assert answer["steps"][2]["sacrificed"] == ["f1"]


def test_phyrexian_mana_is_paid_with_life_only_when_needed() -> None:
    answer = pay_json((("f1", "Forest"), ("f2", "Forest"), ("s1", "Swamp")), "{1}{B/P}{B/P}")
    assert (answer["life_paid"], sorted(answer["tapped"])) == (2, ["f1", "s1"])
    assert sorted((p["symbol"], p["paid_with"], p["life"]) for p in answer["payment"]) == [
        ("{1}", "{G}", 0),
        ("{B/P}", "", 2),
        ("{B/P}", "{B}", 0),
    ]


def test_city_of_brass_damage_is_damage_taken() -> None:
    answer = pay_json((("brass", "City of Brass"),), "{R}")
    assert (answer["life_paid"], answer["damage_taken"]) == (0, 1)


def test_pool_mana_is_spent_before_tapping() -> None:
    answer = pay_json((("f1", "Forest"),), "{G}", pool=["{G}"])
    assert (answer["steps"], answer["tapped"], answer["mana_spent"]) == ([], [], "{G}")


# unpayable: exit 1 and a reason ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("permanents", "cost", "reason"),
    [
        (
            (("s1", "Swamp"), ("f1", "Forest")),
            "{B}{B}",
            "needs {B}{B} but only one untapped source can make {B}",
        ),
        (
            (("s1", "Swamp"), ("sea", "Underground Sea"), ("f1", "Forest")),
            "{B}{B}{B}",
            "needs {B}{B}{B} but only two untapped sources can make {B}",
        ),
        ((("f1", "Forest"),), "{2}{G}", "needs 3 mana in all but the untapped sources make at most 1"),
        ((("f1", "Forest"),), "{U}", "needs {U} but no untapped source can make {U}"),
        (
            (("sick_elf", "Llanowar Elves"),),
            "{G}",
            "needs {G} but no untapped source can make {G} (Llanowar Elves (sick_elf) is summoning sick)",
        ),
        # a source that makes several mana counts them all, not once
        (
            (("sol", "Sol Ring"),),
            "{C}{C}{C}",
            "needs {C}{C}{C} but the untapped sources can make at most {C}{C}",
        ),
        (
            (("sol", "Sol Ring"), ("w1", "Wastes")),
            "{C}{C}{C}{C}",
            "needs {C}{C}{C}{C} but the untapped sources can make at most {C}{C}{C}",
        ),
        (
            (("f1", "Forest"), ("refl", "Mana Reflection")),
            "{G}{G}{G}",
            "needs {G}{G}{G} but the untapped sources can make at most {G}{G}",
        ),
        (
            (("cc", "Cascading Cataracts"), *((f"f{i}", "Forest") for i in range(5))),
            "{W}{W}{W}{W}{W}{W}",
            "needs {W}{W}{W}{W}{W}{W} but the untapped sources can make at most {W}{W}{W}{W}{W}",
        ),
        # Sol Ring's {C}{C} pays the {C} symbols: what is short is mana in all
        ((("sol", "Sol Ring"),), "{1}{C}{C}", "needs 3 mana in all but the untapped sources make at most 2"),
        # the Altar makes {C}{C} per creature it sacrifices, six here: no count of one activation bounds it
        (
            (("altar", "Ashnod's Altar"), *((f"o{i}", "Ornithopter") for i in range(3))),
            "{7}",
            "the untapped sources can't pay {7} together",
        ),
        (
            (("altar", "Ashnod's Altar"), *((f"o{i}", "Ornithopter") for i in range(3)), ("f1", "Forest")),
            "{C}{C}{C}{C}{C}{C}{C}",
            "needs {C}{C}{C}{C}{C}{C}{C} but only one untapped source can make {C}",
        ),
    ],
)
def test_unpayable_exits_1_with_a_players_reason(
    permanents: tuple[tuple[str, str], ...], cost: str, reason: str
) -> None:
    answer = pay_json(permanents, cost, exit_code=1)
    assert (answer["payable"], answer["reason"]) == (False, reason)
    table = run("pay", "-", cost, stdin=json.dumps(board_data(*permanents)))
    assert table.exit_code == 1
    assert table.stdout.splitlines() == [f"cost {cost} (a spell) for me: not payable", f"reason: {reason}"]


# --keep, --hand, --for, --commander, --kind, --player, --x -------------------------------------------------


def test_keep_leaves_two_islands_open_for_a_counterspell() -> None:
    board = (("i1", "Island"), ("i2", "Island"), ("f1", "Forest"), ("f2", "Forest"))
    plain = pay_json(board, "{1}{G}")
    assert plain["keep_satisfied"] is None
    assert plain["tapped"] == ["i1", "f1"]  # by default it keeps a Forest open too
    kept = pay_json(board, "{1}{G}", "--keep", "{U}{U}")
    assert (kept["tapped"], kept["keep_satisfied"]) == (["f1", "f2"], True)


def test_keep_that_cannot_be_met_still_pays_and_says_so() -> None:
    answer = pay_json((("i1", "Island"), ("f1", "Forest")), "{1}{G}", "--keep", "{U}{U}")
    assert (answer["payable"], answer["keep_satisfied"]) == (True, False)
    result = run(
        "pay", "-", "{1}{G}", "--keep", "UU", stdin=json.dumps(board_data(("i1", "Island"), ("f1", "Forest")))
    )
    assert result.exit_code == 0
    assert report_facts(result.stdout)["keep {U}{U} payable"] == (
        "no: the board can't pay both, so the cost comes first"
    )


def test_hand_keeps_the_most_cards_castable() -> None:
    board = (("i1", "Island"), ("f1", "Forest"), ("f2", "Forest"), ("b", "Birds of Paradise"))
    # {G}{G} and {U} in hand: tapping a Forest for {G} keeps both castable (the other Forest and Birds
    # for {G}{G}, the Island for {U})
    answer = pay_json(board, "{G}", "--hand", "{G}{G}", "--hand", "{U}")
    assert answer["tapped"] == ["f1"]
    report = run("pay", "-", "{G}", "--hand", "GG", "--hand", "U", stdin=json.dumps(board_data(*board)))
    assert report_facts(report.stdout)["hand castable"] == "2 of 2 ({G}{G}, {U})"
    few = run("pay", "-", "{G}", "--hand", "GG", "--hand", "U", stdin=json.dumps(board_data(*board[:3])))
    assert report_facts(few.stdout)["hand castable"] == "1 of 2 ({G}{G}, {U})"


def test_for_an_eldrazi_lets_eldrazi_temples_restricted_mana_pay() -> None:
    board = (("temple", "Eldrazi Temple"), ("w1", "Wastes"))
    answer = pay_json(board, "{2}{C}", "--for", "Creature — Eldrazi")
    assert answer["tapped"] == ["temple", "w1"]
    temple_step = next(s for s in answer["steps"] if s["permanent"] == "temple")
    assert temple_step["produced"] == "{C}{C}"
    assert temple_step["ability"].startswith("{T}: Add {C}{C}. Spend this mana only")
    refused = pay_json(board, "{2}{C}", exit_code=1)
    assert refused["reason"] == (
        "needs 3 mana in all but the untapped sources make at most 2 "
        "(Eldrazi Temple (temple): its restricted mana can't pay for this)"
    )
    # a colorless Eldrazi ability may use it too ('activate abilities of colorless Eldrazi')
    pay_json(board, "{2}{C}", "--for", "Creature — Eldrazi", "--kind", "ability")


def test_commander_lets_jeweled_lotus_pay() -> None:
    board = (("lotus", "Jeweled Lotus"), ("f1", "Forest"))
    answer = pay_json(board, "{3}{G}", "--commander")
    assert (answer["tapped"], answer["sacrificed"]) == (["f1"], ["lotus"])
    lotus_step = next(s for s in answer["steps"] if s["permanent"] == "lotus")
    assert lotus_step["produced"] in {
        "{W}{W}{W}",
        "{U}{U}{U}",
        "{B}{B}{B}",
        "{R}{R}{R}",
        "{G}{G}{G}",
    }
    refused = pay_json(board, "{3}{G}", exit_code=1)
    assert "Jeweled Lotus (lotus): its restricted mana can't pay for this" in refused["reason"]


def test_colors_option_makes_a_devoid_eldrazi_colorless() -> None:
    # a devoid Eldrazi with a {W} in its cost is colorless, so Eldrazi Temple's restricted {C}{C} may pay it
    board = (("temple", "Eldrazi Temple"), ("p1", "Plains"))
    pay_json(board, "{2}{W}", "--for", "Creature — Eldrazi", exit_code=1)
    answer = pay_json(board, "{2}{W}", "--for", "Creature — Eldrazi", "--colors", "")
    assert answer["tapped"] == ["temple", "p1"]


def test_player_option_pays_from_another_players_permanents() -> None:
    data = board_data(("f1", "Forest"))
    data["permanents"].append({"id": "opp_swamp", "card": "Swamp", "controller": "opp"})
    result = run("pay", "-", "{B}", "--json", "--player", "opp", stdin=json.dumps(data))
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["tapped"] == ["opp_swamp"]
    mine = run("pay", "-", "{B}", "--json", stdin=json.dumps(data))
    assert mine.exit_code == 1


def test_pay_with_x_needs_a_value_for_x() -> None:
    board = json.dumps(board_data(("m1", "Mountain"), ("sol", "Sol Ring")))
    answer = json.loads(run("pay", "-", "{X}{R}", "--x", "2", "--json", stdin=board).stdout)
    assert (answer["x"], answer["payable"], answer["mana_spent"]) == (2, True, "{R}{C}{C}")
    assert run("pay", "-", "{X}{R}", "--x", "3", "--json", stdin=board).exit_code == 1
    assert_one_error_line(run("pay", "-", "{X}{R}", stdin=board), contains="has X: give its value with --x N")
    assert_one_error_line(run("pay", "-", "{1}{R}", "--x", "1", stdin=board), contains="--x: the cost")


# max-x ------------------------------------------------------------------------------------------------------


def test_max_x_json() -> None:
    board = (("m1", "Mountain"), ("sol", "Sol Ring"), ("f1", "Forest"))
    answer = pay_json_max_x(board, "{X}{R}")
    assert_contract_shape(answer)
    assert next(iter(answer)) == "x"
    assert (answer["x"], answer["payable"], answer["cost"]) == (3, True, "{X}{R}")
    assert answer["mana_spent"] == "{R}{G}{C}{C}"
    assert sorted(answer["tapped"]) == ["f1", "m1", "sol"]
    expected = max_x(Board.from_dict(board_data(*board)), PaymentTarget.of("{X}{R}")).to_json()
    assert answer == expected


def test_max_x_not_payable_even_with_x_zero() -> None:
    answer = pay_json_max_x((("f1", "Forest"), ("sol", "Sol Ring")), "XR", exit_code=1)
    assert_contract_shape(answer)
    assert (answer["x"], answer["payable"]) == (None, False)
    assert answer["reason"] == "needs {R} but no untapped source can make {R}"
    report = run("max-x", "-", "XR", stdin=json.dumps(board_data(("f1", "Forest"))))
    assert report.exit_code == 1
    assert report.stdout.splitlines()[0] == "cost {X}{R} (a spell) for me: not payable even with X = 0"


def test_max_x_report_and_bad_costs() -> None:
    board = json.dumps(board_data(("m1", "Mountain"), ("sol", "Sol Ring")))
    report = run("max-x", "-", "{X}{R}", stdin=board)
    assert report.exit_code == 0
    assert report.stdout.splitlines()[0] == "cost {X}{R} (a spell) for me: payable with X = 2"
    assert_one_error_line(run("max-x", "-", "{1}{R}", stdin=board), contains="COST: {1}{R} has no X")


def pay_json_max_x(
    permanents: tuple[tuple[str, str], ...], cost: str, *options: str, exit_code: int = 0
) -> dict[str, Any]:
    result = run("max-x", "-", cost, "--json", *options, stdin=json.dumps(board_data(*permanents)))
    assert result.exit_code == exit_code, result.output
    answer: dict[str, Any] = json.loads(result.stdout)
    return answer


# the readable report ---------------------------------------------------------------------------------------


def test_the_report_of_the_readme_board() -> None:
    result = run("pay", str(RAMP), "{2}{G}{G}")
    assert result.exit_code == 0, result.output
    assert result.stderr == ""
    lines = result.stdout.splitlines()
    assert lines[0] == "cost {2}{G}{G} (a spell) for me: payable"
    header, rule = lines[2], lines[3]
    assert header.split() == ["#", "permanent", "card", "ability", "produced"]
    assert set(rule.replace(" ", "")) == {"-"}
    steps = [line.split("  ") for line in lines[4:7]]
    assert [(row[0], row[1].strip()) for row in steps] == [("1", "forest"), ("2", "pool"), ("3", "sol")]
    assert lines[7] == ""
    assert lines[8:12] == [
        "payment:",
        "  {2}  paid with {C}{C}",
        "  {G}  paid with {G}",
        "  {G}  paid with {G}",
    ]
    assert lines[12] == ""
    assert report_facts(result.stdout) == {
        "tapped": "forest, pool, sol",
        "sacrificed": "-",
        "life paid": "0",
        "damage taken": "0",
        "mana spent": "{G}{G}{C}{C}",
        "floating": "-",
        "still open": "island (U), karplusan (RGC), birds (WUBRG), treasure (WUBRG)",
        "can still make": "WUBRGC",
        "engine": "fast, optimal",
    }


def test_the_report_shows_each_steps_own_cost_and_replacement_order() -> None:
    board = (("m1", "Mountain"), ("f1", "Forest"), ("sq", "Squandered Resources"))
    result = run("pay", "-", "{R}{G}{G}", stdin=json.dumps(board_data(*board)))
    header, _, *rows = result.stdout.split("\n\n")[1].splitlines()
    assert header.split()[-3:] == ["its", "own", "cost"]
    assert rows[2].endswith("sacrificed f1") and rows[0].endswith("-")
    signet = run(
        "pay", "-", "{W}{U}", stdin=json.dumps(board_data(("f1", "Forest"), ("signet", "Azorius Signet")))
    )
    assert "paid {G}" in signet.stdout
    doubled = board_data(("f1", "Forest"), ("refl", "Mana Reflection"), ("nyx", "Nyxbloom Ancient"))
    result = run("pay", "-", "{G}", stdin=json.dumps(doubled))
    assert result.exit_code == 0, result.output
    assert "replacements in order" in result.stdout


def test_the_report_leaves_out_sick_and_tapped_sources_from_what_stays_open() -> None:
    board = (("f1", "Forest"), ("sick_elf", "Llanowar Elves"), ("tapped_i", "Island"), ("sol", "Sol Ring"))
    result = run("pay", "-", "{G}", stdin=json.dumps(board_data(*board)))
    facts = report_facts(result.stdout)
    assert (facts["still open"], facts["can still make"]) == ("sol (C)", "C")


def test_keep_line_in_the_report() -> None:
    board = (("i1", "Island"), ("i2", "Island"), ("f1", "Forest"), ("f2", "Forest"))
    result = run("pay", "-", "{1}{G}", "--keep", "{U}{U}", stdin=json.dumps(board_data(*board)))
    facts = report_facts(result.stdout)
    assert (facts["keep {U}{U} payable"], facts["still open"]) == ("yes", "i1 (U), i2 (U)")


# bad input: exit 2, one line, no traceback -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "contains"),
    [
        (("{2}{Q/Z}",), "COST: invalid mana symbol '{Q/Z}' at position 3 in '{2}{Q/Z}'"),
        (("2GQ",), "COST: invalid mana symbol 'Q' at position 2 in '2GQ'"),
        (("{2",), "COST: unclosed '{' at position 0"),
        (("",), "COST: empty cost"),
        (("{G}", "--keep", "{U}{V}"), "--keep: invalid mana symbol '{V}' at position 3 in '{U}{V}'"),
        (("{G}", "--hand", "{1}", "--hand", "{P}"), "--hand: invalid mana symbol '{P}' at position 0"),
        (("{G}", "--keep", "{X}{U}"), "--keep: {X}{U} has X"),
        (("{G}", "--colors", "WQ"), "--colors: invalid mana type 'Q'"),
        (("{G}", "--colors", "C"), "--colors: colors 'C': colorless is not a color"),
        (("{G}", "--for", "Eldrazi"), "--for: unknown type 'Eldrazi'"),
        (("{G}", "--time-limit", "0"), "--time-limit: must be more than 0 seconds"),
        (("{G}", "--player", "nobody"), "<stdin>: unknown player 'nobody'"),
    ],
)
def test_bad_input_is_one_line(args: tuple[str, ...], contains: str) -> None:
    result = run("pay", "-", *args, stdin=json.dumps(board_data(("f1", "Forest"))))
    assert_one_error_line(result, contains=contains)


def test_bad_cost_in_max_x_and_bad_board() -> None:
    board = json.dumps(board_data(("f1", "Forest")))
    assert_one_error_line(run("max-x", "-", "{X}{Q/Z}", stdin=board), contains="position 3 in '{X}{Q/Z}'")
    assert_one_error_line(run("pay", "-", "{G}", stdin="{"), contains="<stdin>: (root): invalid JSON")


def test_kind_is_a_choice() -> None:
    result = run("pay", str(RAMP), "{G}", "--kind", "creature")
    assert result.exit_code == 2
    assert "'spell', 'ability'" in result.stderr


def test_unsupported_text_warns_on_stderr_and_strict_refuses() -> None:
    data = board_data(("f1", "Forest"))
    data["permanents"].append(
        {
            "id": "odd",
            "name": "Odd Rock",
            "type_line": "Artifact",
            "controller": "me",
            "oracle": "{T}: Add mana of a strange sort.",
        }
    )
    result = run("pay", "-", "{G}", "--json", stdin=json.dumps(data))
    assert result.exit_code == 0
    assert json.loads(result.stdout)["tapped"] == ["f1"]
    assert result.stderr == (
        "mana-planner: warning: <stdin>: odd: unsupported text ignored: '{T}: Add mana of a strange sort.'\n"
    )
    assert_one_error_line(run("pay", "-", "{G}", "--strict", stdin=json.dumps(data)), contains="(--strict)")


def test_board_from_standard_input_and_from_a_file_agree() -> None:
    from_file = run("pay", str(RAMP), "{2}{G}{G}", "--json")
    from_stdin = run("pay", "-", "{2}{G}{G}", "--json", stdin=RAMP.read_text(encoding="utf-8"))
    assert from_file.exit_code == from_stdin.exit_code == 0
    assert from_file.stdout == from_stdin.stdout


@pytest.mark.parametrize("command", ["pay", "max-x"])
def test_help(command: str) -> None:
    result = run(command, "--help")
    assert result.exit_code == 0
    text = " ".join(result.stdout.split())
    for phrase in ("COST", "--for", "--colors", "--kind", "--commander", "--player", "--json", "--strict"):
        assert phrase in text, phrase
    if command == "pay":
        for phrase in ("--keep", "--hand", "--x", "--time-limit"):
            assert phrase in text, phrase


# end to end, in a separate process ------------------------------------------------------------------------


def test_end_to_end_pay_and_max_x() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "planner", "pay", "examples/boards/ramp.json", "{2}{G}{G}", "--json"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    answer = json.loads(done.stdout)
    assert (answer["tapped"], answer["sacrificed"], answer["damage_taken"]) == (
        ["forest", "pool", "sol"],
        [],
        0,
    )
    refused = subprocess.run(
        [sys.executable, "-m", "planner", "max-x", "-", "{X}{B}{B}{B}"],
        input=RAMP.read_text(encoding="utf-8"),
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
        check=False,
    )
    assert refused.returncode == 1, refused.stderr
    assert refused.stdout.startswith(
        "cost {X}{B}{B}{B} (a spell) for me: not payable even with X = 0\nreason: "
    )


# --------------------------------------------------------------------------------------------------------
# Exit codes of contract v2 §9: 3 for an internal error, 4 for no answer within the time limit

_OUTSIDE_FAST_PATH = {
    "version": 1,
    "players": [{"id": "me"}],
    "permanents": [
        {"id": "brass", "card": "City of Brass", "controller": "me"},
        {"id": "m1", "card": "Mountain", "controller": "me"},
        {"id": "conf", "card": "Mana Confluence", "controller": "me"},
    ],
}


def test_no_answer_within_the_time_limit_is_not_a_no(tmp_path: Path) -> None:
    path = tmp_path / "board.json"
    path.write_text(json.dumps(_OUTSIDE_FAST_PATH))
    # a nanosecond is too little for CP-SAT to find any plan, and City of Brass keeps the fast path out
    result = runner.invoke(app, ["pay", str(path), "{1}{R}", "--time-limit", "1e-9", "--json"])
    assert result.exit_code == 4, result.output
    answer = json.loads(result.stdout)
    assert answer["payable"] is None
    assert answer["reason"] == "time limit"
    assert answer["steps"] == [] and answer["tapped"] == []
    paid = runner.invoke(app, ["pay", str(path), "{1}{R}", "--json"])
    assert paid.exit_code == 0 and json.loads(paid.stdout)["payable"] is True


def test_an_internal_error_exits_3_and_asks_for_a_report(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import planner.described
    from planner.rules.replay import IllegalPlanError

    def rejecting(*args: object, **kwargs: object) -> None:
        raise IllegalPlanError(0, "a fault injected by the test")

    # a replayer that rejects every plan stands for a solver bug, which no real input can be made to cause
    monkeypatch.setattr(planner.described, "replay", rejecting)
    path = tmp_path / "board.json"
    path.write_text(json.dumps(_OUTSIDE_FAST_PATH))
    result = runner.invoke(app, ["pay", str(path), "{R}"])
    assert result.exit_code == 3
    assert "internal error: the model's plan fails the rules replay at step 1" in result.stderr
    assert "please report it" in result.stderr
    assert "Traceback" not in result.output


# --------------------------------------------------------------------------------------------------------
# Reasons that name what matters (issue 20, item 2)


def test_a_no_names_only_the_sources_that_could_have_made_what_is_missing() -> None:
    board = Board.from_dict(
        {
            "version": 1,
            "players": [{"id": "me"}],
            "permanents": [
                {"id": "m1", "card": "Mountain", "controller": "me"},
                {"id": "i1", "card": "Island", "controller": "me", "tapped": True},
                {"id": "elf", "card": "Llanowar Elves", "controller": "me", "summoning_sick": True},
                {"id": "m2", "card": "Mountain", "controller": "me", "tapped": True},
            ],
        }
    )
    red = pay(board, PaymentTarget.of("{R}{R}")).reason
    assert red == "needs {R}{R} but only one untapped source can make {R} (Mountain (m2) is already tapped)"
    # for generic mana every source could have helped, so each is named
    generic = pay(board, PaymentTarget.of("{5}")).reason
    assert generic is not None and all(pid in generic for pid in ("(i1)", "(elf)", "(m2)"))


def test_a_missing_commander_identity_is_named_with_its_json_path() -> None:
    board = Board.from_dict(
        {
            "version": 1,
            "players": [{"id": "opp"}, {"id": "me"}],
            "active_player": "me",
            "permanents": [
                {"id": "tower", "card": "Command Tower", "controller": "me"},
                {"id": "signet", "card": "Arcane Signet", "controller": "me"},
            ],
        }
    )
    reason = pay(board, PaymentTarget.of("{G}")).reason
    assert reason is not None
    assert (
        "Command Tower (tower) and Arcane Signet (signet) make only mana of your commander's color" in reason
    )
    assert "set players[1].commander_colors" in reason
    with_identity = board.replace_player("me", commander_colors=ManaTypes.parse("G"))
    assert pay(with_identity, PaymentTarget.of("{G}")).payable


def test_every_json_answer_lists_the_text_that_was_not_used(tmp_path: Path) -> None:
    # contract §5: a mana ability with a part not read is not used, and the JSON answer says so
    path = tmp_path / "board.json"
    path.write_text(
        json.dumps(
            {
                "version": 1,
                "players": [{"id": "me"}],
                "permanents": [
                    {"id": "f1", "card": "Forest", "controller": "me"},
                    {
                        "id": "rock",
                        "name": "Odd Rock",
                        "type_line": "Artifact",
                        "controller": "me",
                        "oracle": "{T}: Add {G}{G}. Spend this mana only under a full moon.",
                    },
                ],
            }
        )
    )
    result = runner.invoke(app, ["pay", str(path), "{G}{G}", "--json"])
    answer = json.loads(result.stdout)
    assert answer["payable"] is False and result.exit_code == 1  # the rock's mana is never used
    assert [w["permanent"] for w in answer["warnings"]] == ["rock"]
    assert "full moon" in answer["warnings"][0]["sentence"]
    assert "rock" in result.stderr  # and on standard error
