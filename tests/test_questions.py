"""One declaration per question (issue 36 item 4, issue 37 item 4): every option a command takes is a
parameter of the service's method and the other way round, by the declarations and by the real typer
command; the kinds agree (a flag is a boolean, a repeatable option a list...); a bad value gets the same
message, naming the option, from the record, the command (exit 2) and the service (-32602)."""

from __future__ import annotations

import enum
import json
from pathlib import Path
from typing import Any

import pytest
import typer
from typer.core import TyperGroup, TyperOption
from typer.testing import CliRunner

from models.errors import InputError
from planner.cli import app
from planner.params import params_of
from planner.questions import QUESTIONS, PayQuestion, PlanTurnQuestion
from planner.service.methods import METHODS, RpcError, Service

ROOT = Path(__file__).resolve().parents[1]
RAMP = ROOT / "examples" / "boards" / "ramp.json"
BOARD = json.loads(RAMP.read_text(encoding="utf-8"))
#: What only the command has: where the board comes from, how the answer prints, which card store to open
#: (the service has its own, given to ``serve --store``), and the help.
COMMAND_ONLY = {"--json", "--store", "--help"}
COMMANDS = [q for q in QUESTIONS.values() if q.command is not None]


def _command(name: str) -> Any:
    """The real command, as typer builds it (``cards NAME`` is the ``cards`` group's hidden ``show``)."""
    group = typer.main.get_command(app)
    assert isinstance(group, TyperGroup)
    command = group.commands[name]
    if isinstance(command, TyperGroup):
        shown = [c for c in command.commands.values() if c.hidden]
        assert len(shown) == 1
        return shown[0]
    return command


def _flags(command: Any) -> dict[str, Any]:
    """The command's options by their long name, and its arguments by their metavar (``COST``, ``BOARD``)."""
    found: dict[str, Any] = {}
    for parameter in command.params:
        if isinstance(parameter, TyperOption):
            found[max(parameter.opts, key=len)] = parameter
        else:
            found[(parameter.metavar or parameter.name or "").strip("[]").upper()] = parameter
    return found


@pytest.mark.parametrize("question", COMMANDS, ids=lambda q: q.method)
def test_every_option_of_the_command_is_a_parameter_of_the_service_and_back(question: Any) -> None:
    declared = params_of(question.record)
    method = METHODS[question.method]
    service = {p.name for p in method.params}
    assert service == {p.name for p in declared} | ({"board"} if method.reads_board else set())
    command = _flags(_command(question.command))
    expected = {p.flag for p in declared} | ({"BOARD"} if method.reads_board else set())
    assert set(command) - COMMAND_ONLY == expected


@pytest.mark.parametrize("question", COMMANDS, ids=lambda q: q.method)
def test_each_option_reads_what_its_json_kind_says(question: Any) -> None:
    """The typer option and the JSON schema are made from one type: a flag is a boolean, a repeatable option
    a list of strings, an integer an integer, a choice an enum of the same values."""
    command = _flags(_command(question.command))
    for declared in params_of(question.record):
        option = command[declared.flag]
        read_as = option.type_descriptor.annotation
        schema = declared.kind.schema
        types = schema.get("type") or [s.get("type") for s in schema.get("oneOf", [])]
        if option.multiple:
            assert read_as == list[str] and types == "array", declared
            assert schema["items"] == {"type": "string"}, declared
        elif isinstance(read_as, type) and issubclass(read_as, enum.Enum):
            assert [member.value for member in read_as] == schema["enum"], declared
        else:
            json_type = {bool: "boolean", int: "integer", float: "number", str: "string"}[read_as]
            assert json_type == types or json_type in types, declared
            assert getattr(option, "is_flag", False) == (read_as is bool), declared
        if not option.multiple and not option.required:
            assert option.default == declared.default, declared


def test_the_arena_command_takes_the_services_seat_and_time_limit() -> None:
    command = _flags(_command("arena"))
    for declared in params_of(QUESTIONS["arena_autotap"].record):
        if declared.name in ("seat", "time_limit"):
            assert command[declared.flag].help == declared.help
            assert command[declared.flag].default == declared.default


def test_the_services_schema_is_the_declarations() -> None:
    for question in QUESTIONS.values():
        schema = METHODS[question.method].schema()
        declared = params_of(question.record)
        assert [p for p in schema["properties"] if p != "board"] == [p.name for p in declared]
        assert all(schema["properties"][p.name]["description"] == p.help for p in declared)
        assert set(schema["required"]) - {"board"} == {p.name for p in declared if p.required}


# ---- one check, one message -------------------------------------------------------------------------------

BAD: list[tuple[str, dict[str, Any], list[str], str]] = [
    ("pay", {"cost": "{X}{G}", "x": -1}, ["pay", str(RAMP), "{X}{G}", "--x", "-1"], "x"),
    ("pay", {"cost": "{G}", "value": ["mana=2"]}, ["pay", str(RAMP), "{G}", "--value", "mana=2"], "value"),
    ("pay", {"cost": "{G}", "prefer": "land"}, ["pay", str(RAMP), "{G}", "--prefer", "land"], "prefer"),
    ("pay", {"spell": "Dig Thru Time"}, ["pay", str(RAMP), "--spell", "Dig Thru Time"], "spell"),
    ("pay", {}, ["pay", str(RAMP)], "cost"),
    (
        "max_x",
        {"cost": "{X}{R}", "value": ["life=x"]},
        ["max-x", str(RAMP), "{X}{R}", "--value", "life=x"],
        "value",
    ),
    ("max_x", {"cost": "{R}"}, ["max-x", str(RAMP), "{R}"], "cost"),
    (
        "max_x",
        {"cost": "{X}", "purposes": ["upkeep"]},
        ["max-x", str(RAMP), "X", "--purpose", "upkeep"],
        "purposes",
    ),
    ("plan_turn", {"x": -2}, ["plan-turn", str(RAMP), "--x", "-2"], "x"),
    ("plan_turn", {"order": "best"}, ["plan-turn", str(RAMP), "--order", "best"], "order"),
    (
        "plan_turn",
        {"no_land": True, "land": "Forest"},
        ["plan-turn", str(RAMP), "--no-land", "--land", "Forest"],
        "no_land",
    ),
    ("plan_turn", {"hold": "{X}"}, ["plan-turn", str(RAMP), "--hold", "{X}"], "hold"),
    ("plan_turn", {"cast": ["{Q}"]}, ["plan-turn", str(RAMP), "--cast", "{Q}"], "cast"),
    ("plan_turn", {"time_limit": -1}, ["plan-turn", str(RAMP), "--time-limit", "-1"], "time_limit"),
]


@pytest.mark.parametrize(("method", "params", "command", "param"), BAD, ids=[" ".join(b[2][2:]) for b in BAD])
def test_a_bad_option_is_one_message_from_the_command_and_the_service(
    method: str, params: dict[str, Any], command: list[str], param: str
) -> None:
    result = CliRunner().invoke(app, command)
    assert result.exit_code == 2, result.output
    # (an error found with the board, such as --spell's, names the board: its file, or the service's 'board')
    line = result.stderr.strip().removeprefix("mana-planner: ").replace(f"{RAMP}: ", "board: ")
    with pytest.raises(RpcError) as raised:
        Service().call(method, {"board": BOARD, **params})
    error = raised.value.to_json()
    assert error["code"] == -32602 and error["message"] == line
    assert error["data"]["param"] == param


def test_the_record_checks_before_any_board_is_read() -> None:
    with pytest.raises(InputError, match=r"^--x: must be 0 or more, got -1$"):
        PayQuestion(cost="{X}", x=-1)
    with pytest.raises(InputError, match=r"^--value: 'life=-1': N must be a whole number"):
        PayQuestion(cost="{1}", value=("life=-1",))
    with pytest.raises(InputError, match=r"^--hold: \{X\} has X"):
        PlanTurnQuestion(hold="{X}")
    question = PayQuestion(cost="{1}", value=("life=3",), prefer="lands,creatures")
    assert (question.life_value, question.prefer_kinds) == (3, ("lands", "creatures"))


def test_json_of_the_wrong_kind_names_the_parameter() -> None:
    for params, problem in [
        ({"convoke": "yes"}, "convoke: expected true or false, got the string 'yes'"),
        ({"value": "life=1"}, "value: expected a list of strings, got the string 'life=1'"),
        ({"kind": "spells"}, "kind: expected 'spell' or 'ability', got the string 'spells'"),
    ]:
        with pytest.raises(RpcError, match=f"^{problem}$"):
            Service().call("pay", {"board": BOARD, "cost": "{G}", **params})
    with pytest.raises(RpcError, match=r"^x: expected an integer or null, got the string '1'$"):
        Service().call("plan_turn", {"board": BOARD, "x": "1"})
    null_x = Service().call("plan_turn", {"board": BOARD, "cast": ["{X}{G}"], "x": None})
    assert null_x["spells"][0]["payment"]["cost"] == "{1}{G}"  # null is the default, X = 1


def test_the_contract_lists_each_methods_parameters() -> None:
    """docs/contract.md §8 lists the parameters of every method, in the declarations' order."""
    text = " ".join((ROOT / "docs" / "contract.md").read_text(encoding="utf-8").split())
    for method in METHODS.values():
        names = ", ".join(f"`{p.name}`" for p in method.params) or "none"
        assert f"- `{method.name}`: {names}" in text, method.name


def test_the_service_guide_lists_each_methods_parameters() -> None:
    """docs/service.md's table of methods names every parameter each method takes (the declarations'), so that
    a client reading the guide can ask for all the command can (a method whose row says "as `other`" takes
    the other's parameters)."""
    rows = {
        line.split("`")[1]: line
        for line in (ROOT / "docs" / "service.md").read_text(encoding="utf-8").splitlines()
        if line.startswith("| `")
    }
    for method in METHODS.values():
        row = rows[method.name]
        if "| as `" in row:
            row = rows[row.split("| as `", 1)[1].split("`", 1)[0]]
        missing = [p.name for p in method.params if f"`{p.name}`" not in row]
        assert not missing, f"docs/service.md's row of {method.name} lacks {missing}"
