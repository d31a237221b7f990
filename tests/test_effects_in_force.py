"""Effects in force that no permanent's text holds (issue 35, §10 extension: the board's ``effects``):
a resolved spell's or ability's continuous effect (CR 611.2: 'Until end of turn, target land becomes an
Island', 'Creatures you control gain haste until end of turn', 'Spells you cast this turn cost {1} less') and
one that outlasts its source (Quicksilver Fountain's 'That land is an Island for as long as it has a flood
counter on it', Reflector Mage's '... until your next turn'). Before, a board could not say so at all (the
field was unknown: bad input), and such a card's sentence was warned of with no way to give it.

Values are derived by hand from the rules (the rule in a comment); the payments are checked against the
reference search too (``checked_verdict``).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from boards import ME, OPP, checked_verdict, effect_entry, mine
from typer.testing import CliRunner

from models.board import Board
from models.cost import PaymentTarget
from models.errors import BoardError
from models.oracle.resolved import read_resolved, static_form
from planner.answer_warnings import text_warnings
from planner.api import could_produce, max_x, pay
from planner.cli import app
from planner.rules.records import GIVE_AS_EFFECT, WarningKind
from planner.service.methods import RpcError, Service
from planner.turn import plan_turn

THIRD = "third"


def _board(
    permanents: list[dict[str, Any]], effects: list[dict[str, Any]], *, hand: list[str] | None = None
) -> Board:
    me: dict[str, Any] = {"id": ME}
    if hand is not None:
        me["hand"] = hand
    players = [me, {"id": OPP}, {"id": THIRD}]
    return Board.from_dict({"version": 1, "players": players, "permanents": permanents, "effects": effects})


def _letters(board: Board) -> dict[str, str]:
    return {pid: str(types) for pid, types in could_produce(board).items()}


TWO_FORESTS = [mine("f1", "Forest"), mine("f2", "Forest")]
ISLAND_UNTIL_EOT = "Until end of turn, target land becomes an Island."


def test_a_resolved_sentence_is_read_as_the_static_sentence_it_is_while_it_lasts() -> None:
    form = static_form("Until end of turn, target land you control becomes an Island.")
    assert (form.text, form.duration, form.bound_to) == (
        "Enchanted land is an Island.",
        "end_of_turn",
        "permanent",
    )
    haste = static_form("Creatures you control gain haste until end of turn.")
    assert (haste.text, haste.bound_to) == ("Creatures you control have haste.", None)
    # (a granted ability's own words stay as printed)
    assert static_form('Lands you control gain "{T}: Add {R}." until end of turn.').text == (
        'Lands you control have "{T}: Add {R}."'
    )
    owner = static_form(
        "That creature's owner can't cast spells with the same name as that creature until your next turn."
    )
    assert owner.bound_to == "player" and owner.duration == "your_next_turn"
    # each sentence read by the static grammar; one it reads as nothing is not read
    reading = read_resolved("Target creature gains haste until end of turn. Draw a card.")
    assert [parsed is not None for _, parsed in reading.sentences] == [True, False]


def test_a_target_land_made_an_island_until_end_of_turn_taps_for_blue_only() -> None:
    # CR 611.2, 613.1d (layer 4), 305.7: a land whose subtype is set loses its own {T}: Add {G} and has the
    # Island's {T}: Add {U}; the other Forest is untouched
    board = _board(TWO_FORESTS, [effect_entry(ISLAND_UNTIL_EOT, "f1")])
    assert _letters(board) == {"f1": "U", "f2": "G"}
    assert checked_verdict(board, "{U}{G}")
    assert not checked_verdict(board, "{U}{U}") and not checked_verdict(board, "{G}{G}")
    assert max_x(board, PaymentTarget.of("{X}{U}")).x == 1
    assert not text_warnings(board)


def test_a_targeted_land_is_never_taken_for_its_twin() -> None:
    # the Island-made Forest and the other Forest are alike in every field but the effect: a plan that taps
    # one and sacrifices the other must tell them apart (each tapped for its own color first, CR 605.3a)
    altar = mine(
        "a", {"name": "Test Altar", "type_line": "Artifact", "oracle": "Sacrifice a land: Add {C}{C}."}
    )
    board = _board([*TWO_FORESTS, altar], [effect_entry(ISLAND_UNTIL_EOT, "f1")])
    for cost, payable in (("{U}{C}{C}", True), ("{U}{G}{C}{C}{C}{C}", True), ("{U}{U}{C}{C}", False)):
        assert checked_verdict(board, cost) is payable, cost


def test_the_effect_is_newer_than_every_permanent_in_layer_4() -> None:
    # CR 613.7: Blood Moon (older) makes the dual a Mountain, then the effect (newer) sets it to a Forest:
    # {G} alone (each sets the land type, so the later wins, CR 305.7)
    moon = mine("bm", {"name": "Test Moon", "type_line": "Enchantment",
                       "oracle": "Nonbasic lands are Mountains."})  # fmt: skip
    dual = mine("d", {"name": "Test Dual", "type_line": "Land", "oracle": "{T}: Add {W} or {U}."})
    board = _board([moon, dual], [effect_entry("Target land becomes a Forest until end of turn.", "d")])
    assert _letters(board)["d"] == "G"
    assert checked_verdict(board, "{G}") and not checked_verdict(board, "{R}")
    assert _letters(_board([moon, dual], []))["d"] == "R"


def test_haste_until_end_of_turn_lets_a_summoning_sick_creature_tap() -> None:
    # CR 302.6, 702.10: with haste, the Elves' {T} ability can be activated
    sick = [mine("e", "Llanowar Elves", summoning_sick=True), mine("f", "Forest")]
    board = _board(sick, [effect_entry("Creatures you control gain haste until end of turn.")])
    assert checked_verdict(board, "{G}{G}") and not checked_verdict(board, "{G}{G}{G}")
    assert max_x(board, PaymentTarget.of("{X}")).x == 2
    # an opponent's effect gives their creatures haste, not mine
    theirs = _board(
        sick, [effect_entry("Creatures you control gain haste until end of turn.", controller=OPP)]
    )
    assert not checked_verdict(theirs, "{G}{G}")


def test_an_effect_locks_in_what_it_affects_as_it_began() -> None:
    # CR 611.2c: 'Lands you control gain ...' affects the lands controlled as it resolved; the Wastes played
    # later this turn makes {C} alone, so {R}{R} can't be paid. A permanent's static ability of the same
    # words affects the played land too (CR 611.3a): castable.
    grant = 'Lands you control gain "{T}: Add {R}." until end of turn.'
    wastes = [mine("w", "Wastes")]
    locked = plan_turn(_board(wastes, [effect_entry(grant)], hand=["Wastes"]), casts=["{R}{R}"])
    assert locked.castable is False
    banner = mine("b", {"name": "Test Banner", "type_line": "Enchantment",
                        "oracle": 'Lands you control have "{T}: Add {R}."'})  # fmt: skip
    static = plan_turn(_board([*wastes, banner], [], hand=["Wastes"]), casts=["{R}{R}"])
    assert static.castable is True
    # 'affected' names the set: a land not in it did not gain the ability
    named = _board([*TWO_FORESTS], [effect_entry(grant, affected=["f1"])])
    assert _letters(named) == {"f1": "RG", "f2": "G"}
    assert checked_verdict(named, "{R}{G}") and not checked_verdict(named, "{R}{R}")


def test_a_target_creature_gets_more_power_until_end_of_turn() -> None:
    # CR 613.4c (layer 7c): the targeted Joiner's power is 1 + 2 = 3, the other's 1: {G} x 4 at most
    joiner = {"name": "Test Joiner", "type_line": "Creature — Elf", "power": 1, "toughness": 1,
              "oracle": "{T}: Add an amount of {G} equal to Test Joiner's power."}  # fmt: skip
    board = _board(
        [mine("j", joiner), mine("j2", joiner)],
        [effect_entry("Target creature gets +2/+0 until end of turn.", "j")],
    )
    assert checked_verdict(board, "{G}{G}{G}{G}") and not checked_verdict(board, "{G}{G}{G}{G}{G}")
    assert max_x(board, PaymentTarget.of("{X}")).x == 4 and not text_warnings(board)


def test_spells_cost_less_this_turn() -> None:
    # CR 601.2f: the total cost {2}{G} less {1} is {1}{G}; X is chosen before, so {X}{G} pays X = 2 with two
    # Forests
    board = _board(TWO_FORESTS, [effect_entry("Spells you cast this turn cost {1} less to cast.")])
    result = pay(board, PaymentTarget.of("{2}{G}", type_line="Creature"))
    assert result.payable and str(result.total_cost) == "{1}{G}"
    assert max_x(board, PaymentTarget.of("{X}{G}", type_line="Creature")).x == 2
    # an opponent's reduction is theirs
    theirs = _board(
        TWO_FORESTS, [effect_entry("Spells you cast this turn cost {1} less to cast.", controller=OPP)]
    )
    assert not pay(theirs, PaymentTarget.of("{2}{G}", type_line="Creature")).payable


def test_the_next_spell_only_is_warned_never_applied() -> None:
    board = _board(
        TWO_FORESTS,
        [effect_entry("The next instant or sorcery spell you cast this turn costs {2} less to cast.")],
    )
    assert not pay(board, PaymentTarget.of("{2}{G}", type_line="Instant")).payable
    (warning,) = text_warnings(board)
    assert warning.permanent == "effects[0]" and warning.kind is WarningKind.UNSUPPORTED
    assert "next spell" in warning.reason


def test_an_opponents_ban_until_their_next_turn() -> None:
    # CR 101.2: the opponent's 'can't' wins over paying; a creature spell is not noncreature
    ban = effect_entry("Until your next turn, your opponents can't cast noncreature spells.", controller=OPP)
    board = _board(TWO_FORESTS, [ban])
    instant = pay(board, PaymentTarget.of("{G}", type_line="Instant"))
    assert not instant.payable and "forbids it (CR 101.2)" in (instant.reason or "")
    assert pay(board, PaymentTarget.of("{G}", type_line="Creature")).payable


def test_that_creatures_owner_cant_cast_spells_of_its_name() -> None:
    # Reflector Mage's lasting effect: its owner alone (the player it refers to), spells of that name alone
    text = "That creature's owner can't cast spells with the same name as that creature until your next turn."
    forests = [mine("f1", "Forest"), {"id": "t1", "card": "Forest", "controller": THIRD}]
    board = _board(forests, [effect_entry(text, ME, controller=OPP, named="Llanowar Elves")])
    elves = PaymentTarget.of("{G}", type_line="Creature — Elf Druid", name="Llanowar Elves")
    assert not pay(board, elves).payable
    assert pay(board, PaymentTarget.of("{G}", type_line="Creature", name="Test Bear")).payable
    assert pay(board, elves, player=THIRD).payable
    # the name not given: used as the rules allow, warned of, never judged
    unnamed = _board(forests, [effect_entry(text, ME, controller=OPP)])
    answer = pay(unnamed, elves)
    assert answer.payable and any("effects[0].named" in w.reason for w in answer.warnings)


def test_for_as_long_as_it_has_a_flood_counter() -> None:
    # CR 611.2b: the effect lasts while the land has a flood counter
    text = "That land is an Island for as long as it has a flood counter on it."
    flooded = _board(
        [mine("f1", "Forest", counters={"flood": 1}), mine("f2", "Forest")], [effect_entry(text, "f1")]
    )
    assert _letters(flooded) == {"f1": "U", "f2": "G"}
    dry = _board(TWO_FORESTS, [effect_entry(text, "f1")])
    assert _letters(dry) == {"f1": "G", "f2": "G"}


def test_an_aura_like_effect_of_a_spell() -> None:
    # 'That permanent is an enchantment in addition to its other types.' (Arbiter of the Ideal's): layer 4
    # adds a card type, the land still taps for {G}
    board = _board(
        TWO_FORESTS, [effect_entry("That permanent is an enchantment in addition to its other types.", "f1")]
    )
    assert _letters(board) == {"f1": "G", "f2": "G"} and not text_warnings(board)
    assert checked_verdict(board, "{G}{G}")


def test_sentences_not_read_or_not_bound_are_warned() -> None:
    board = _board(
        TWO_FORESTS,
        [
            effect_entry("Target creature gets flanking until end of turn."),
            effect_entry(ISLAND_UNTIL_EOT),  # (no refers_to: what 'target land' is is not known)
        ],
    )
    warnings = {(w.permanent, w.kind) for w in text_warnings(board)}
    assert warnings == {("effects[0]", WarningKind.UNSUPPORTED), ("effects[1]", WarningKind.NOT_USED)}
    # a count made as it resolved (CR 608.2h) is not counted again from the board now
    counted = _board(
        TWO_FORESTS,
        [effect_entry("Target creature gets +1/+0 for each land you control until end of turn.", "f1")],
    )
    assert [w.reason for w in text_warnings(counted)] == [
        "the number it counts was counted as it resolved (CR 608.2h), which the board does not give"
    ]
    assert _letters(board) == {"f1": "G", "f2": "G"}


def test_a_cards_sentence_that_is_such_an_effect_points_to_effects() -> None:
    """A trigger's effect on the land it targeted, which no counter marks: the board gives it in `effects`.
    (Quicksilver Fountain's, whose flood counter marks the land, is read with that referent:
    tests/test_layers36_families.py.)"""
    oracle = (
        "At the beginning of your upkeep, tap target land an opponent controls. That land is an Island until "
        "end of turn."
    )
    tapper = mine("q", {"name": "Test Tapper", "type_line": "Artifact", "oracle": oracle})
    board = _board([tapper, *TWO_FORESTS], [])
    (warning,) = text_warnings(board)
    assert warning.reason == GIVE_AS_EFFECT and "`effects`" in str(warning)
    fountain_text = (
        "At the beginning of each player's upkeep, that player puts a flood counter on target non-Island "
        "land they control of their choice. That land is an Island for as long as it has a flood counter on "
        "it."
    )
    fountain = mine("q", {"name": "Test Fountain", "type_line": "Artifact", "oracle": fountain_text})
    assert not text_warnings(_board([fountain, *TWO_FORESTS], []))


@pytest.mark.parametrize(
    ("entry", "path", "problem"),
    [
        (effect_entry("Flying.", controller="nobody"), "effects[0].controller", "unknown player 'nobody'"),
        (
            effect_entry(ISLAND_UNTIL_EOT, "f1", "zz"),
            "effects[0].refers_to[1]",
            "unknown permanent or player 'zz'",
        ),
        (effect_entry("Flying.", affected=[ME]), "effects[0].affected[0]", "unknown permanent 'me'"),
        (effect_entry(" "), "effects[0].text", "must not be empty"),
        (effect_entry("Flying.", until="later"), "effects[0].until", "unknown end 'later'"),
        ({"text": "Flying.", "controler": ME}, "effects[0].controler", "did you mean 'controller'?"),
    ],
)
def test_bad_entries_are_bad_input_naming_the_path(entry: dict[str, Any], path: str, problem: str) -> None:
    with pytest.raises(BoardError) as raised:
        _board(TWO_FORESTS, [entry])
    assert raised.value.path == path and problem in str(raised.value)
    data = {"version": 1, "players": [{"id": ME}], "permanents": TWO_FORESTS, "effects": [entry]}
    with pytest.raises(RpcError) as answered:
        Service().call("could_produce", {"board": data})
    assert answered.value.code == -32602 and (answered.value.data or {}).get("path") == path


def test_the_field_round_trips() -> None:
    entry = effect_entry(ISLAND_UNTIL_EOT, "f1", until="end_of_turn", source="Test Spell")
    board = _board(TWO_FORESTS, [entry])
    assert board.to_dict()["effects"] == [entry]
    assert Board.loads(board.dumps()) == board


def test_the_command_reads_the_field_and_names_a_bad_id(tmp_path: Path) -> None:
    data = {
        "version": 1,
        "players": [{"id": ME}],
        "permanents": TWO_FORESTS,
        "effects": [effect_entry(ISLAND_UNTIL_EOT, "f1")],
    }
    path = tmp_path / "board.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    result = CliRunner().invoke(app, ["pay", str(path), "{U}{G}", "--json"])
    assert result.exit_code == 0 and json.loads(result.stdout)["payable"] is True
    data["effects"] = [effect_entry(ISLAND_UNTIL_EOT, "f9")]
    path.write_text(json.dumps(data), encoding="utf-8")
    result = CliRunner().invoke(app, ["pay", str(path), "{U}{G}", "--json"])
    assert result.exit_code == 2
    assert "effects[0].refers_to[0]: unknown permanent or player 'f9'" in result.stderr
