"""Tests of the board model and the board file (CONTRACT section 2): loading, defaults, saving, and errors."""

from __future__ import annotations

import copy
import json
import os
import re
import subprocess
import sys
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from models.board import Board, Choices, Permanent, Player, PoolMana
from models.cost import ManaCost
from models.errors import BoardError
from models.mana import ManaBag, ManaType, ManaTypes
from models.types import TypeLine

EXAMPLE_PATH = Path(__file__).resolve().parents[1] / "examples" / "boards" / "contract_example.json"
SOURCE = "board.json"


def example() -> dict[str, Any]:
    """A fresh copy of the contract's example board, as parsed JSON."""
    data: dict[str, Any] = json.loads(EXAMPLE_PATH.read_text(encoding="utf-8"))
    return data


def error_of(data: object) -> str:
    """The message of the BoardError that loading ``data`` raises."""
    with pytest.raises(BoardError) as caught:
        Board.from_dict(data, SOURCE)
    return str(caught.value)


# ------------------------------------------------------------------------------------------------ loading


def test_contract_example_loads_with_defaults() -> None:
    board = Board.load(EXAMPLE_PATH)
    assert board.version == 1
    assert board.active_player == "me"
    assert [p.id for p in board.players] == ["me", "opp"]
    me, opp = board.players
    assert me.life == 20 and opp.life == 20
    assert me.pool == (
        PoolMana(ManaBag.parse("{G}")),
        PoolMana(ManaBag.parse("{C}{C}"), spend_only="to cast colorless Eldrazi spells", source="temple"),
    )
    assert opp.pool == () and me.commander_colors is None and me.spells_cast_this_turn == 0
    assert [p.id for p in board.permanents] == ["f1", "elf", "dual", "sprawl", "gt"]

    forest = board.permanent("f1")
    assert forest.card == "Forest" and forest.name == "Forest" and forest.controller == "me"
    assert forest.type_line == TypeLine.parse("Basic Land — Forest")
    assert forest.mana_cost is None and forest.color_indicator is None
    assert not (forest.tapped or forest.summoning_sick or forest.haste or forest.token)
    assert forest.counters == () and forest.attached_to is None and forest.choices == Choices()

    elf = board.permanent("elf")
    assert elf.summoning_sick and elf.oracle == "{T}: Add {G}." and elf.mana_cost == ManaCost.parse("{G}")

    dual = board.permanent("dual")
    assert dual.card is None and dual.name == "Homebrew Dual" and dual.type_line == TypeLine.parse("Land")
    assert dual.oracle == "{T}: Add {W} or {U}." and dual.mana_cost is None

    sprawl = board.permanent("sprawl")
    assert sprawl.attached_to == "f1" and sprawl.choices == Choices(color=ManaType.G)
    assert board.attachments("f1") == (sprawl,)

    mine = board.permanent("gt")
    assert mine.counters == (("mining", 2),) and mine.counter("mining") == 2 and not mine.tapped


def test_active_player_defaults_to_first_player() -> None:
    data = example()
    del data["active_player"]
    data["players"].reverse()
    assert Board.from_dict(data).active_player == "opp"


def test_permanents_default_to_none() -> None:
    board = Board.from_dict({"version": 1, "players": [{"id": "me"}]})
    assert board.permanents == () and board.active.id == "me"


def test_card_names_are_case_insensitive_and_stored_canonically() -> None:
    permanent = Permanent.from_dict({"id": "e", "card": "  llanowar   ELVES ", "controller": "me"})
    assert permanent.card == "Llanowar Elves" and permanent.name == "Llanowar Elves"


def test_board_values_override_the_catalogue() -> None:
    permanent = Permanent.from_dict(
        {
            "id": "e",
            "card": "Llanowar Elves",
            "controller": "me",
            "name": "Fancy Elves",
            "type_line": "Legendary Creature — Elf",
            "oracle": "{T}: Add {G}{G}.",
            "mana_cost": "",
            "color_indicator": "g",
            "token": True,
        }
    )
    assert permanent.card == "Llanowar Elves" and permanent.name == "Fancy Elves"
    assert permanent.type_line == TypeLine.parse("Legendary Creature — Elf")
    assert permanent.oracle == "{T}: Add {G}{G}."
    assert permanent.mana_cost is None and permanent.color_indicator == ManaTypes.parse("G")
    assert permanent.token


def test_null_means_absent_for_optional_references() -> None:
    data = example()
    data["players"][0]["pool"][1]["rider"] = None
    data["players"][0]["commander_colors"] = None
    data["permanents"][0].update(attached_to=None, mana_cost=None, color_indicator=None)
    data["permanents"][2]["card"] = None
    data["permanents"][3]["choices"].update(creature_type=None, card_type=None, basic_land_type=None)
    assert Board.from_dict(data) == Board.from_dict(example())


def test_choices_and_colors_are_canonical() -> None:
    data = example()
    data["permanents"][3]["choices"] = {
        "color": "w",
        "creature_type": "elf",
        "card_type": "ARTIFACT",
        "basic_land_type": "island",
    }
    data["players"][0]["commander_colors"] = "gwu"
    board = Board.from_dict(data)
    assert board.permanent("sprawl").choices == Choices(ManaType.W, "Elf", "Artifact", "Island")
    assert str(board.player("me").commander_colors) == "WUG"
    data["players"][0]["commander_colors"] = ""
    assert Board.from_dict(data).player("me").commander_colors == ManaTypes()


def test_zero_counters_are_dropped_and_counters_sorted() -> None:
    data = example()
    data["permanents"][4]["counters"] = {"oil": 1, "mining": 0, "charge": 3}
    assert Board.from_dict(data).permanent("gt").counters == (("charge", 3), ("oil", 1))


def test_a_players_counters_are_read_sorted_without_zeros_and_written_back() -> None:
    """Contract section 10: player counters, a counter name to a count, read with the JSON path of a bad
    count."""
    data = example()
    data["players"][0]["counters"] = {"poison": 0, "experience": 1, "energy": 3}
    board = Board.from_dict(data)
    me = board.player("me")
    assert me.counters == (("energy", 3), ("experience", 1))
    assert (me.counter("energy"), me.counter("poison")) == (3, 0)
    assert Board.loads(board.dumps()) == board
    assert board.player("opp").counters == ()
    data["players"][0]["counters"] = {"energy": -2}
    assert error_of(data) == f"{SOURCE}: players[0].counters.energy: expected a count of 0 or more, got -2"
    data["players"][0]["counters"] = {"energy": "3"}
    assert error_of(data).startswith(f"{SOURCE}: players[0].counters.energy: expected an integer")
    with pytest.raises(ValueError, match="negative"):
        Player("me", counters=(("energy", -1),))


def test_permanent_rejects_negative_counters_when_built_directly() -> None:
    with pytest.raises(ValueError, match="negative"):
        Permanent(
            id="x",
            controller="me",
            card=None,
            name="X",
            type_line=TypeLine.parse("Land"),
            counters=(("charge", -1),),
        )


# ------------------------------------------------------------------------------------------------ saving


def rich_board() -> Board:
    """A board that sets every field away from its default."""
    data = example()
    data["active_player"] = "opp"
    data["players"][0].update(life=-3, commander_colors="BG", spells_cast_this_turn=2)
    data["players"][0]["pool"].append(
        {"mana": "{W}{U}{B}{R}{G}{C}", "rider": "that spell can't be countered", "persists": True}
    )
    data["players"][1]["pool"] = ["{R}"]
    data["permanents"].append(
        {
            "id": "arbor",
            "card": "Llanowar Elves",
            "name": "Renamed",
            "type_line": "Land Creature — Forest Dryad",
            "oracle": "",
            "mana_cost": "",
            "color_indicator": "G",
            "controller": "opp",
            "tapped": True,
            "summoning_sick": True,
            "haste": True,
            "counters": {"+1/+1": 2, "charge": 1},
            "attached_to": "dual",
            "choices": {
                "color": "U",
                "creature_type": "Elf",
                "card_type": "Land",
                "basic_land_type": "Swamp",
            },
            "token": True,
        }
    )
    data["permanents"].append(
        {
            "id": "custom",
            "name": "Sol Thing",
            "type_line": "Artifact",
            "mana_cost": "{1}",
            "controller": "opp",
        }
    )
    return Board.from_dict(data)


@pytest.mark.parametrize("make", [lambda: Board.load(EXAMPLE_PATH), rich_board])
def test_round_trip(make: Callable[[], Board]) -> None:
    board = make()
    assert Board.loads(board.dumps()) == board
    assert Board.from_dict(board.to_dict()) == board
    assert Board.from_dict(json.loads(json.dumps(board.to_dict()))) == board


def test_saved_form_is_minimal() -> None:
    saved = Board.load(EXAMPLE_PATH).to_dict()
    assert "active_player" not in saved
    assert saved["players"][1] == {"id": "opp"}
    assert saved["permanents"][0] == {"id": "f1", "card": "Forest", "controller": "me"}
    assert saved["permanents"][4] == {
        "id": "gt",
        "card": "Gemstone Mine",
        "controller": "me",
        "counters": {"mining": 2},
    }
    assert saved["players"][0]["pool"][0] == "{G}"


def test_save_and_load_file(tmp_path: Path) -> None:
    board = rich_board()
    path = tmp_path / "saved.json"
    board.save(path)
    assert Board.load(path) == board
    assert Board.load(str(path)) == board
    assert "—" in path.read_text(encoding="utf-8")  # type lines are written as they print


# ------------------------------------------------------------------------------------------------ queries


def test_queries() -> None:
    board = Board.load(EXAMPLE_PATH)
    assert board.player("opp").id == "opp"
    assert [p.id for p in board.opponents("me")] == ["opp"]
    assert [p.id for p in board.controlled_by("me")] == ["f1", "elf", "dual", "sprawl", "gt"]
    assert board.controlled_by("opp") == ()
    with pytest.raises(KeyError):
        board.player("nobody")
    with pytest.raises(KeyError):
        board.permanent("nothing")
    with pytest.raises(KeyError):
        board.opponents("nobody")


def test_changes_return_new_boards_and_keep_order() -> None:
    board = Board.load(EXAMPLE_PATH)
    tapped = board.replace_permanent("elf", tapped=True)
    assert tapped.permanent("elf").tapped and not board.permanent("elf").tapped
    assert [p.id for p in tapped.permanents] == [p.id for p in board.permanents]

    newcomer = Permanent(
        id="w",
        controller="opp",
        card=None,
        name="Wastes",
        type_line=TypeLine.parse("Basic Land"),
        oracle="{T}: Add {C}.",
    )
    grown = board.with_permanent(newcomer)
    assert grown.permanents[-1] == newcomer and grown.controlled_by("opp") == (newcomer,)
    assert grown.without_permanent("w") == board

    hurt = board.replace_player("opp", life=3)
    assert hurt.player("opp").life == 3 and [p.id for p in hurt.players] == ["me", "opp"]
    third = board.with_player(Player("third"))
    assert [p.id for p in third.opponents("me")] == ["opp", "third"]


def test_board_rejects_duplicate_ids_when_built_directly() -> None:
    with pytest.raises(ValueError, match="duplicate player id"):
        Board(1, "me", (Player("me"), Player("me")))


def test_check_finds_dangling_references() -> None:
    board = Board.load(EXAMPLE_PATH)
    board.check()
    unknown = r"^x\.json: permanents\[2\]\.attached_to: unknown permanent or player 'f1'$"
    with pytest.raises(BoardError, match=unknown):
        board.without_permanent("f1").replace_permanent("sprawl", attached_to="f1").check("x.json")


# ------------------------------------------------------------------------------------------------ errors


class _Drop:
    """A case's value meaning "leave the field out", named so that the cases' ids are the same in every
    process (pytest-xdist's workers must collect the same tests)."""

    def __repr__(self) -> str:
        return "DROP"


DROP = _Drop()

_SEGMENT = re.compile(r'\.?(\w+)|\[(\d+)\]|\["([^"]*)"\]')


def location(path: str) -> tuple[str | int, ...]:
    """The keys of a JSON path as the errors print it, e.g. ``permanents[4].counters["+1/+1"]``."""
    return tuple(
        int(m.group(2)) if m.group(2) else (m.group(1) or m.group(3)) for m in _SEGMENT.finditer(path)
    )


# (JSON path, new value or DROP, text the problem must contain): the error must name exactly that path.
BAD_BOARDS: list[tuple[str, object, str]] = [
    # missing required fields
    ("version", DROP, "missing required field"),
    ("players", DROP, "missing required field"),
    ("players[1].id", DROP, "missing required field"),
    ("permanents[0].id", DROP, "missing required field"),
    ("permanents[1].controller", DROP, "missing required field"),
    ("permanents[2].type_line", DROP, "missing required field: a permanent without 'card' needs"),
    ("permanents[2].name", DROP, "missing required field"),
    ("players[0].pool[1].mana", DROP, "missing required field"),
    # unknown fields, everywhere, with the allowed ones
    ("colour", 1, "unknown field 'colour' in a board (allowed fields: version, active_player, step, "),
    ("players[0].lifes", 1, "unknown field 'lifes' in a player; did you mean 'life'?"),
    ("permanents[0].taped", True, "did you mean 'tapped'? (allowed fields: id, controller, card,"),
    ("players[0].pool[1].restriction", "x", "unknown field 'restriction' in a pool entry"),
    ("permanents[3].choices.colour", "G", "did you mean 'color'?"),
    # wrong types
    ("players[0].life", True, "expected an integer, got true"),
    ("players[0].life", "20", "expected an integer, got the string '20'"),
    ("players[0].life", 20.0, "expected an integer, got the number 20.0"),
    ("players[0].life", None, "expected an integer, got null"),
    ("players[0].life", 2**60, "out of range"),
    ("permanents[1].summoning_sick", 1, "expected true or false, got the number 1"),
    ("permanents[0].id", 7, "expected a string, got the number 7"),
    ("permanents[0].id", " ", "must not be empty"),
    ("players", {"id": "me"}, "expected a list of players, got an object"),
    ("permanents[0]", "Forest", "expected a permanent (a JSON object), got the string 'Forest'"),
    ("players[0].pool", "{G}", "expected a list of pool entries"),
    ("players[0].pool[0]", 3, "expected a mana string or a pool entry object"),
    ("permanents[4].counters", [2], "expected counters"),
    ("players[0].spells_cast_this_turn", -1, "expected a count of 0 or more"),
    # version
    ("version", 2, "unsupported version 2: this planner reads version 1"),
    ("version", "1", "expected an integer, got the string '1'"),
    ("version", True, "expected an integer, got true"),
    # ids and references
    ("players[1].id", "me", "duplicate player id 'me' (also players[0])"),
    ("permanents[3].id", "f1", "duplicate permanent id 'f1' (also permanents[0])"),
    ("permanents[3].controller", "opp2", "unknown player 'opp2'"),
    ("active_player", "you", "unknown player 'you'"),
    ("permanents[3].attached_to", "f9", "unknown permanent or player 'f9'"),
    ("permanents[3].attached_to", "sprawl", "'sprawl' cannot be attached to itself"),
    ("players", [], "at least one player is required"),
    # cards and characteristics
    ("permanents[1].card", "Llanowar Elfs", "unknown card 'Llanowar Elfs'; did you mean 'Llanowar Elves'"),
    ("permanents[1].card", "Zzzqx", "not in the built-in catalogue; describe it with name, type_line"),
    ("permanents[2].type_line", "Lnad", "unknown type 'Lnad'"),
    ("permanents[2].type_line", "Legendary", "the type line 'Legendary' has no card type"),
    ("permanents[2].mana_cost", "{2}{Q/Z}", "invalid mana symbol '{Q/Z}' at position 3 in '{2}{Q/Z}'"),
    ("permanents[2].color_indicator", "C", "colorless (C) is not a color"),
    # mana in pools, colors
    ("players[0].pool[1].mana", "{2}", "invalid mana symbol '{2}' at position 0 in '{2}'"),
    ("players[0].pool[0]", "GG", "invalid mana string 'GG'"),
    ("players[0].pool[0]", "", "a pool entry must hold some mana"),
    ("players[0].commander_colors", "WUC", "colorless (C) is not a color"),
    # choices
    ("permanents[3].choices.color", "Q", "invalid color letter 'Q'"),
    ("permanents[3].choices.color", "C", "colorless (C) is not a color"),
    ("permanents[3].choices.color", "GW", "expected one color letter"),
    ("permanents[3].choices.card_type", "Wizard", "unknown card type 'Wizard': expected one of Artifact,"),
    (
        "permanents[3].choices.basic_land_type",
        "Wastes",
        "expected one of Plains, Island, Swamp, Mountain, Forest",
    ),
    # counters
    ("permanents[4].counters.mining", -1, "expected a count of 0 or more, got -1"),
    ('permanents[4].counters["+1/+1"]', "2", "expected an integer"),
    ("permanents[4].counters.charge", False, "expected an integer, got false"),
    # a player's counters (contract section 10)
    ("players[0].counters", [2], "expected counters (counter name to count)"),
    ("players[0].counters", "energy", "expected counters (counter name to count)"),
]


@pytest.mark.parametrize(
    ("path", "value", "problem"), BAD_BOARDS, ids=[f"{p}={v!r}" for p, v, _ in BAD_BOARDS]
)
def test_bad_board_names_path_and_problem(path: str, value: object, problem: str) -> None:
    data = example()
    *parents, last = location(path)
    target: Any = data
    for key in parents:
        target = target[key]
    if value is DROP:
        del target[last]
    else:
        target[last] = value
    message = error_of(data)
    assert message.startswith(f"{SOURCE}: {path}: "), message
    assert problem in message, message
    assert len(message.splitlines()) == 1


def test_unknown_controller_message_is_the_contracts() -> None:
    data = example()
    data["permanents"][3]["controller"] = "opp2"
    assert error_of(data) == "board.json: permanents[3].controller: unknown player 'opp2'"


def test_attachment_loop() -> None:
    data = example()
    data["permanents"][0]["attached_to"] = "sprawl"
    assert (
        error_of(data) == "board.json: permanents[0].attached_to: attachments form a loop: f1 -> sprawl -> f1"
    )


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('{"version": 1,,}', "board.json: (root): invalid JSON at line 1 column 15: Expecting property name"),
        ("", "board.json: (root): invalid JSON at line 1 column 1: Expecting value"),
        ("[1]", "board.json: (root): expected a board (a JSON object), got a list"),
        ("null", "board.json: (root): expected a board (a JSON object), got null"),
        ('{"version": NaN}', "board.json: (root): invalid JSON: NaN is not allowed"),
        ('{"version": 1' + "0" * 40 + "}", "board.json: version: expected an integer, got the number 1"),
        ("[" * 100_000 + "]" * 100_000, "board.json: (root): invalid JSON: nested too deeply"),
        ('{"version": 1, "version": 1}', "board.json: version: field 'version' is given more than once"),
        (
            '{"version": 1, "players": [{"id": "me", "pool": [{"mana": "{G}", "mana": "{U}"}]}]}',
            "board.json: players[0].pool[0].mana: field 'mana' is given more than once",
        ),
    ],
)
def test_bad_json_text(text: str, message: str) -> None:
    with pytest.raises(BoardError) as caught:
        Board.loads(text, SOURCE)
    assert str(caught.value).startswith(message), str(caught.value)


def test_load_errors_name_the_path(tmp_path: Path) -> None:
    missing = tmp_path / "missing.json"
    with pytest.raises(BoardError, match=r"missing\.json: \(root\): cannot read the file: No such file"):
        Board.load(missing)
    binary = tmp_path / "binary.json"
    binary.write_bytes(b"\xff\xfe{")
    with pytest.raises(BoardError, match=r"binary\.json: \(root\): the file is not UTF-8 text"):
        Board.load(binary)
    broken = tmp_path / "broken.json"
    broken.write_text('{\n  "version": 1\n  "players": []\n}', encoding="utf-8")
    with pytest.raises(BoardError) as caught:
        Board.load(str(broken))
    assert str(caught.value) == f"{broken}: (root): invalid JSON at line 3 column 3: Expecting ',' delimiter"


def test_parts_can_be_read_alone() -> None:
    assert PoolMana.from_json("{U}") == PoolMana(ManaBag.parse("{U}"))
    assert Player.from_dict({"id": "p", "life": 5}) == Player("p", life=5)
    assert Choices.from_dict({}) == Choices()
    with pytest.raises(BoardError, match=r"^<permanent>: card: unknown card"):
        Permanent.from_dict({"id": "x", "controller": "me", "card": "Not A Card At All"})


# ------------------------------------------------------------------------------------------------ fuzzing

FIELD_NAMES = [
    "version",
    "active_player",
    "players",
    "permanents",
    "id",
    "life",
    "pool",
    "commander_colors",
    "spells_cast_this_turn",
    "mana",
    "spend_only",
    "rider",
    "source",
    "persists",
    "controller",
    "card",
    "name",
    "type_line",
    "oracle",
    "mana_cost",
    "color_indicator",
    "tapped",
    "summoning_sick",
    "haste",
    "counters",
    "attached_to",
    "choices",
    "token",
    "color",
    "creature_type",
    "card_type",
    "basic_land_type",
    "mining",
]
PLAUSIBLE: list[object] = [
    1,
    0,
    -1,
    20,
    2**53,
    True,
    False,
    None,
    "",
    " ",
    "me",
    "opp",
    "f1",
    "sprawl",
    "elf",
    "{G}",
    "{2}",
    "{C}{C}",
    "G",
    "C",
    "Q",
    "WUG",
    "Forest",
    "Llanowar Elfs",
    "Land",
    "Creature — Elf",
    "Instant",
    "Legendary",
    "Island",
    "Elf",
    "{2}{G}",
    "{T}: Add {G}.",
    [],
    {},
]

scalars = st.none() | st.booleans() | st.integers() | st.text(max_size=12) | st.sampled_from(PLAUSIBLE)
keys = st.sampled_from(FIELD_NAMES) | st.text(max_size=8)
json_values = st.recursive(
    scalars,
    lambda children: st.lists(children, max_size=4) | st.dictionaries(keys, children, max_size=5),
    max_leaves=20,
)
# PLAUSIBLE's [] and {} are shared, so every value that goes into a document is a copy
fresh_values = st.sampled_from(PLAUSIBLE).map(copy.deepcopy) | json_values.map(copy.deepcopy)


def only_board_errors(load: Callable[[], Board]) -> None:
    """Run a load: it returns a Board that round-trips, or raises a one-line BoardError naming the source."""
    try:
        board = load()
    except BoardError as error:
        message = str(error)
        assert message.startswith("fuzz.json: ") and len(message.splitlines()) == 1, message
        return
    assert isinstance(board, Board)
    assert Board.loads(board.dumps()) == board


FUZZ = settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@FUZZ
@given(json_values)
def test_random_documents_only_raise_board_errors(document: object) -> None:
    only_board_errors(lambda: Board.from_dict(document, "fuzz.json"))
    only_board_errors(lambda: Board.loads(json.dumps(document), "fuzz.json"))


@FUZZ
@given(st.text(max_size=40))
def test_random_text_only_raises_board_errors(text: str) -> None:
    only_board_errors(lambda: Board.loads(text, "fuzz.json"))


def _locations(node: object, prefix: tuple[str | int, ...] = ()) -> list[tuple[str | int, ...]]:
    """Every location in a JSON document, the root first."""
    found = [prefix]
    if isinstance(node, dict):
        for key, child in node.items():
            found += _locations(child, (*prefix, key))
    elif isinstance(node, list):
        for position, child in enumerate(node):
            found += _locations(child, (*prefix, position))
    return found


def _at(document: Any, location: tuple[str | int, ...]) -> Any:
    for key in location:
        document = document[key]
    return document


@st.composite
def mutated_examples(draw: st.DrawFn) -> dict[str, Any]:
    """The contract example with one to three random edits: a key dropped, a value replaced, a key added."""
    document = example()
    for _ in range(draw(st.integers(1, 3))):
        location = draw(st.sampled_from(_locations(document)[1:]))
        parent, last = _at(document, location[:-1]), location[-1]
        edit = draw(st.sampled_from(["drop", "replace", "add"]))
        if edit == "drop":
            del parent[last]
        elif edit == "replace":
            parent[last] = draw(fresh_values)
        else:
            target = _at(document, location)
            if isinstance(target, dict):
                target[draw(keys)] = draw(fresh_values)
            elif isinstance(target, list):
                target.insert(draw(st.integers(0, len(target))), draw(fresh_values))
            else:
                parent[last] = draw(fresh_values)
    return document


@FUZZ
@given(mutated_examples())
def test_mutated_examples_only_raise_board_errors(document: dict[str, Any]) -> None:
    only_board_errors(lambda: Board.from_dict(document, "fuzz.json"))
    only_board_errors(lambda: Board.loads(json.dumps(document), "fuzz.json"))


names = st.text(st.characters(codec="utf-8"), min_size=1, max_size=8).filter(str.strip)
RESTRICTIONS = ["to cast creature spells", "to cast colorless Eldrazi spells", "on costs that contain {X}"]
pool_entries = st.builds(
    PoolMana,
    mana=st.lists(st.sampled_from(list(ManaType)), min_size=1, max_size=4).map(ManaBag.of),
    # restrictions are read when the board loads, so a valid board holds ones the parser reads
    spend_only=st.none()
    | st.sampled_from(
        ["to cast creature spells", "to cast colorless Eldrazi spells", "on costs that contain {X}"]
    ),
    rider=st.none() | names,
    source=st.none() | names,
    persists=st.booleans(),
)
color_sets = st.none() | st.sets(st.sampled_from("WUBRG")).map(
    lambda letters: ManaTypes.parse("".join(letters))
)
choices = st.builds(
    Choices,
    color=st.none() | st.sampled_from([t for t in ManaType if t.is_color]),
    creature_type=st.none() | st.sampled_from(["Elf", "Human", "Sliver"]),
    card_type=st.none() | st.sampled_from(["Artifact", "Land", "Kindred"]),
    basic_land_type=st.none() | st.sampled_from(["Plains", "Island", "Forest"]),
)


@st.composite
def boards(draw: st.DrawFn) -> Board:
    """Valid boards built from the model's own values (not from JSON)."""
    player_ids = draw(st.lists(names, min_size=1, max_size=3, unique=True))
    players = tuple(
        Player(
            pid,
            life=draw(st.integers(-50, 50)),
            pool=tuple(draw(st.lists(pool_entries, max_size=2))),
            commander_colors=draw(color_sets),
            spells_cast_this_turn=draw(st.integers(0, 5)),
        )
        for pid in player_ids
    )
    permanent_ids = draw(st.lists(names, max_size=4, unique=True))
    permanents = []
    for pid in permanent_ids:
        card = draw(st.sampled_from([None, "Forest", "Llanowar Elves", "Utopia Sprawl", "Gemstone Mine"]))
        base = Permanent.from_dict(
            {"id": pid, "controller": "x", "card": card}
            if card
            else {"id": pid, "controller": "x", "name": "Custom", "type_line": "Artifact"}
        )
        permanents.append(
            replace(
                base,
                controller=draw(st.sampled_from(player_ids)),
                name=draw(st.just(base.name) | names),
                type_line=draw(
                    st.sampled_from([base.type_line, TypeLine.parse("Legendary Land — Urza's Mine")])
                ),
                oracle=draw(st.just(base.oracle) | st.text(max_size=10)),
                mana_cost=draw(st.sampled_from([base.mana_cost, None, ManaCost.parse("{X}{2/W}{G/U/P}")])),
                color_indicator=draw(st.just(base.color_indicator) | color_sets),
                tapped=draw(st.booleans()),
                summoning_sick=draw(st.booleans()),
                haste=draw(st.booleans()),
                counters=tuple(draw(st.dictionaries(names, st.integers(0, 3), max_size=2)).items()),
                attached_to=draw(
                    st.none() | st.sampled_from([None, *(o for o in permanent_ids if o != pid)])
                ),
                choices=draw(choices),
                token=draw(st.booleans()),
            )
        )
    attached = {p.id: p.attached_to for p in permanents}
    for p in permanents:  # break attachment loops by detaching the permanent that closes one
        seen, target = {p.id}, attached[p.id]
        while target is not None and target not in seen:
            seen.add(target)
            target = attached[target]
        if target is not None:
            attached[p.id] = None
    permanents = [replace(p, attached_to=attached[p.id]) for p in permanents]
    return Board(1, draw(st.sampled_from(player_ids)), players, tuple(permanents))


@FUZZ
@given(boards())
def test_any_valid_board_round_trips(board: Board) -> None:
    board.check()
    assert Board.loads(board.dumps()) == board


def test_a_spend_only_the_parser_cannot_read_is_an_error_at_load_with_its_path() -> None:
    document = {
        "version": 1,
        "players": [{"id": "me", "pool": ["{G}", {"mana": "{C}", "spend_only": "to juggle"}]}],
    }
    with pytest.raises(BoardError) as caught:
        Board.from_dict(document, "board.json")
    assert str(caught.value) == (
        "board.json: players[0].pool[1].spend_only: unsupported spending restriction 'to juggle'"
    )


# ---- zones (contract section 6)


def test_zones_round_trip_and_default_to_absent() -> None:
    data = {
        "version": 1,
        "players": [
            {
                "id": "me",
                "hand": ["Elvish Spirit Guide", {"name": "Bolt", "type_line": "Instant", "mana_cost": "{R}"}],
                "graveyard": ["Forest", "Treasure Cruise"],
                "library": 30,
                "lands_played_this_turn": 1,
                "land_plays": 2,
            },
            {"id": "opp", "graveyard": 4},
        ],
    }
    board = Board.from_dict(data)
    me, opp = board.player("me"), board.player("opp")
    assert [card.name for card in me.hand] == ["Elvish Spirit Guide", "Bolt"]
    assert str(me.hand[0].mana_cost) == "{2}{G}" and str(me.hand[0].colors) == "G"
    assert (me.graveyard_size, opp.graveyard_size, me.library, me.land_plays) == (2, 4, 30, 2)
    assert board.to_dict() == data
    assert Board.loads(board.dumps()) == board
    bare = Board.from_dict({"version": 1, "players": [{"id": "me"}]}).player("me")
    assert (bare.hand, bare.graveyard, bare.library, bare.lands_played_this_turn) == ((), None, None, 0)


@pytest.mark.parametrize(
    ("player", "message"),
    [
        ({"hand": [3]}, "players[0].hand[0]: expected a card (a card name or an object), got the number 3"),
        ({"hand": "Forest"}, "players[0].hand: expected a list of cards"),
        ({"hand": ["Forrest"]}, "players[0].hand[0]: unknown card 'Forrest'; did you mean 'Forest'?"),
        ({"hand": [{"name": "x"}]}, "players[0].hand[0].type_line: missing required field"),
        ({"hand": [{"name": "x", "type_line": "Instant", "colour": "R"}]}, "unknown field 'colour'"),
        ({"graveyard": -1}, "players[0].graveyard: expected a count of 0 or more, got -1"),
        ({"graveyard": True}, "players[0].graveyard: expected a list of cards or a count of cards, got true"),
        ({"library": "many"}, "players[0].library: expected a count of cards or a list of cards, got"),
        (
            {"library": [7]},
            "players[0].library[0]: expected a card (a card name or an object), got the number",
        ),
        ({"library": ["Islnd"]}, "players[0].library[0]: unknown card 'Islnd'; did you mean 'Island'?"),
        ({"cards_drawn_this_turn": -1}, "players[0].cards_drawn_this_turn: expected a count of 0 or more"),
        ({"life_gained_this_turn": "3"}, "players[0].life_gained_this_turn: expected an integer"),
        ({"land_plays": -2}, "players[0].land_plays: expected a count of 0 or more"),
    ],
)
def test_bad_zones_are_one_line_errors_with_their_path(player: dict[str, object], message: str) -> None:
    with pytest.raises(BoardError) as caught:
        Board.from_dict({"version": 1, "players": [{"id": "me", **player}]}, "b.json")
    assert message in str(caught.value)
    assert "\n" not in str(caught.value)


_PICKLED_BOARD = """
import pickle, sys
from models.board import Board
from models.oracle import parse_oracle
data = {"version": 1, "players": [{"id": "me"}],
        "permanents": [{"id": "f", "card": "Forest", "controller": "me"}]}
text = "{T}: Add {G}.\\nIf you tap a permanent for mana, it produces twice as much of that mana instead."
def parsed():
    found = parse_oracle(text)
    return found.mana_abilities[0], found.effects[0]
if sys.argv[1] == "dump":
    board = Board.from_dict(data)
    hash(board), hash(board.permanents[0]), hash(parsed())  # (the hashes are cached before pickling)
    sys.stdout.buffer.write(pickle.dumps((board, parsed())))
else:
    (board, (ability, effect)), fresh = pickle.loads(sys.stdin.buffer.read()), Board.from_dict(data)
    print(board == fresh, board in {fresh}, board.permanents[0] in {fresh.permanents[0]},
          ability in {parsed()[0]}, effect in {parsed()[1]})
"""


def test_a_board_pickled_in_one_process_hashes_as_its_equal_in_another() -> None:
    """Boards, permanents, abilities and effects keep no hash through pickling."""

    # (worker processes of the simulation and the service hash strings with their own seeds)
    def run(mode: str, seed: str, given: bytes = b"") -> bytes:
        environment = {**os.environ, "PYTHONHASHSEED": seed}
        done = subprocess.run(
            [sys.executable, "-c", _PICKLED_BOARD, mode], input=given, capture_output=True, env=environment
        )
        assert done.returncode == 0, done.stderr
        return done.stdout

    assert run("load", "2", run("dump", "1")).split() == [b"True"] * 5


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("hand", ["Forest"] * 100_001),
        ("graveyard", 100_001),
        ("library", 100_001),
        ("graveyard", ["Forest"] * 100_001),
    ],
)
def test_a_zone_past_its_limit_is_bad_input_naming_it(field: str, value: object) -> None:
    """Hands, graveyards and libraries hold at most 100,000 cards (contract section 14): past that, one line
    naming the field, never a machine out of memory."""
    with pytest.raises(
        BoardError, match=rf"players\[0\]\.{field}: 100001 cards is more than the limit of 100,000"
    ):
        Board.from_dict({"version": 1, "players": [{"id": "me", field: value}]})
