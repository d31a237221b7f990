"""Spells' cost changes the seventh probe found warned and not executed (issue 35), now read and applied as
the total cost is locked in (CR 601.2f; what a generic reduction can't take off stays, 118.7a):

- a spell's own reduction for each creature on the battlefield, every player's (Blasphemous Act);
- domain: '{2} less for each basic land type among lands you control' (Draco); its upkeep trigger's 'This cost
  is reduced by ...' belongs to that trigger, never a cost the planner pays, and is read as such;
- 'If there are ten or more creature cards total in all graveyards, this spell costs {6} less' (Avatar of
  Woe): every player's graveyard, as cards;
- 'Spells you cast cost {1} less to cast for each card with the same name as that spell in your graveyard'
  (Locket of Yesterdays): the spell's name, in its caster's graveyard;
- 'This spell costs {1} less to cast if you control a Spirit. It also costs {1} less to cast if you control an
  enchantment.' (Geistlight Snare): each sentence once, whatever the number controlled;
- '{X} less, where X is the total mana value of Dragons you control' (Earthquake Dragon);
- 'Each artifact spell costs {1} more to cast for each artifact its controller controls' (Hum of the Radix):
  the spell's controller's artifacts, not the enchantment's controller's (a warned wrong "yes" before).

Each card is written under a made-up name with its Oracle sentence. The values are derived by hand from the
rules (in each docstring, before the run); every verdict is checked against the reference search on the spell
as it is locked in (the reference search pays the cost it is given).
"""

from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from boards import ME, OPP, make_board, mine

from models.board import Board
from models.cost import PaymentTarget
from models.errors import InputError
from models.oracle import parse_oracle
from models.spells import spell_of, spell_target
from planner.api import max_x, pay, text_warnings
from planner.rules.reference import reference_search
from planner.rules.view import BoardView, locked_in

ROOT = Path(__file__).resolve().parent.parent

BLASPHEMY: dict[str, Any] = {
    "name": "Test Blasphemy",
    "type_line": "Sorcery",
    "mana_cost": "{8}{R}",
    "oracle": "This spell costs {1} less to cast for each creature on the battlefield.\n"
    "Test Blasphemy deals 13 damage to each creature.",
}
DOMAIN_DRAGON: dict[str, Any] = {
    "name": "Test Domain Dragon",
    "type_line": "Artifact Creature — Dragon",
    "mana_cost": "{16}",
    "oracle": "Domain — This spell costs {2} less to cast for each basic land type among lands you control.\n"
    "Flying\nAt the beginning of your upkeep, sacrifice Test Domain Dragon unless you pay {10}. This cost is "
    "reduced by {2} for each basic land type among lands you control.",
}
WOE: dict[str, Any] = {
    "name": "Test Woe",
    "type_line": "Creature — Avatar",
    "mana_cost": "{4}{B}{B}",
    "oracle": "If there are ten or more creature cards total in all graveyards, this spell costs {6} less to "
    "cast.\nFear",
}
LOCKET: dict[str, Any] = {
    "name": "Test Locket",
    "type_line": "Artifact",
    "mana_cost": "{1}",
    "oracle": "Spells you cast cost {1} less to cast for each card with the same name as that spell in your "
    "graveyard.",
}
SNARE: dict[str, Any] = {
    "name": "Test Snare",
    "type_line": "Instant",
    "mana_cost": "{2}{U}",
    "oracle": "This spell costs {1} less to cast if you control a Spirit. It also costs {1} less to cast if "
    "you control an enchantment.\nCounter target spell unless its controller pays {3}.",
}
QUAKE: dict[str, Any] = {
    "name": "Test Quake Dragon",
    "type_line": "Creature — Elemental Dragon",
    "mana_cost": "{14}{G}",
    "oracle": "This spell costs {X} less to cast, where X is the total mana value of Dragons you control.\n"
    "Flying, trample",
}
HUM: dict[str, Any] = {
    "name": "Test Hum",
    "type_line": "Enchantment",
    "mana_cost": "{1}{G}",
    "oracle": "Each artifact spell costs {1} more to cast for each artifact its controller controls.",
}
BOLT: dict[str, Any] = {"name": "Test Bolt", "type_line": "Instant", "mana_cost": "{1}{R}", "oracle": ""}
ROCK: dict[str, Any] = {"name": "Test Rock", "type_line": "Artifact", "mana_cost": "{2}", "oracle": ""}
BEAR: dict[str, Any] = {
    "name": "Test Bear",
    "type_line": "Creature — Bear",
    "mana_cost": "{1}{G}",
    "power": 2,
    "toughness": 2,
}
SPIRIT: dict[str, Any] = {
    "name": "Test Spirit",
    "type_line": "Creature — Spirit",
    "mana_cost": "{1}{W}",
    "power": 1,
    "toughness": 1,
}
OATH: dict[str, Any] = {"name": "Test Oath", "type_line": "Enchantment", "mana_cost": "{1}{W}"}
DRAGON: dict[str, Any] = {
    "name": "Test Dragon",
    "type_line": "Creature — Dragon",
    "mana_cost": "{4}{R}{R}",
    "power": 4,
    "toughness": 4,
}


def theirs(pid: str, card: str | dict[str, Any]) -> dict[str, Any]:
    return {**mine(pid, card), "controller": OPP}


def spell(card: dict[str, Any]) -> PaymentTarget:
    return spell_of(
        card["mana_cost"], type_line=card["type_line"], text=card.get("oracle", ""), name=card["name"]
    )


def total(board: Board, card: dict[str, Any]) -> str:
    return str(locked_in(BoardView(board), spell(card), ME).cost)


def verdict(board: Board, target: PaymentTarget) -> bool:
    """``pay``'s verdict, checked against the reference search on the spell as it is locked in (the reference
    search pays the cost it is given)."""
    locked = replace(locked_in(BoardView(board), target, ME), text="")
    reference = reference_search(board, locked, max_states=20_000)
    result = pay(board, target)
    assert result.payable == reference.payable, result.reason
    assert not [w for w in result.warnings if "not read" in w.reason or "unsupported" in w.reason]
    return bool(result.payable)


def with_graveyards(board: Board, mine_cards: Any, their_cards: Any) -> Board:
    """The board with these graveyards (lists of cards, or counts) of "me" and "opp"."""
    data = board.to_dict()
    for player, cards in zip(data["players"], (mine_cards, their_cards), strict=True):
        player["graveyard"] = cards if isinstance(cards, int) else [_as_card(c) for c in cards]
    return Board.from_dict(data)


def _as_card(card: dict[str, Any]) -> dict[str, Any]:
    """A card of a graveyard as the board gives one (no toughness there)."""
    return {key: value for key, value in card.items() if key != "toughness"}


@pytest.mark.parametrize("card", [BLASPHEMY, DOMAIN_DRAGON, WOE, LOCKET, SNARE, QUAKE, HUM])
def test_every_sentence_of_the_cost_changes_is_read(card: dict[str, Any]) -> None:
    read = parse_oracle(card["oracle"], card["name"])
    assert not read.unsupported
    costs = [s for s in read.sentences if "cost" in s.text and "reduced" not in s.text]
    assert costs and all(s.read_as == "effect" for s in costs)


def test_the_upkeep_cost_reduction_belongs_to_its_trigger() -> None:
    """Draco's 'This cost is reduced by {2} ...' changes what its upkeep trigger asks as it resolves: no cost
    of a spell or an ability the planner pays; read with the trigger, named in the sentences' notes."""
    read = parse_oracle(DOMAIN_DRAGON["oracle"], DOMAIN_DRAGON["name"])
    reduced = [s for s in read.sentences if s.text.startswith("This cost is reduced")]
    assert [s.read_as for s in reduced] == ["ignored"] and "trigger" in reduced[0].note
    # alone (after no trigger) it stays unsupported: nothing is dropped in silence
    alone = parse_oracle("This cost is reduced by {2} for each basic land type among lands you control.")
    assert alone.unsupported


def test_blasphemy_counts_every_players_creatures() -> None:
    """Two Bears of mine and two of theirs: {8}{R} less 4 is {4}{R}; a Mountain and two Sol Rings (5 mana)
    pay it, a Mountain, a Sol Ring and a Wastes (4) don't. My two alone: {6}{R}. Thirteen creatures leave
    {R} (generic mana never below zero, CR 118.7a)."""
    bears = [mine("b1", BEAR), mine("b2", BEAR), theirs("o1", BEAR), theirs("o2", BEAR)]
    five = [mine("m", "Mountain"), mine("r1", "Sol Ring"), mine("r2", "Sol Ring")]
    board = make_board([*five, *bears], hand=[BLASPHEMY])
    assert total(board, BLASPHEMY) == "{4}{R}"
    assert verdict(board, spell(BLASPHEMY))
    four = [mine("m", "Mountain"), mine("r1", "Sol Ring"), mine("w", "Wastes")]
    assert not verdict(make_board([*four, *bears], hand=[BLASPHEMY]), spell(BLASPHEMY))
    assert total(make_board([*five, *bears[:2]]), BLASPHEMY) == "{6}{R}"
    many = make_board([mine(f"b{n}", BEAR) for n in range(13)])
    assert total(many, BLASPHEMY) == "{R}"


def test_domain_counts_the_basic_land_types_among_the_casters_lands() -> None:
    """Plains, Island, Swamp, Mountain and Forest: five types, {16} less 10 is {6}: the five and a Wastes pay
    it, the five alone don't. A Tundra is two types; the opponent's Forest is none of mine: {12}."""
    basics = [
        mine(f"l{n}", name) for n, name in enumerate(("Plains", "Island", "Swamp", "Mountain", "Forest"))
    ]
    five = make_board([*basics, mine("w", "Wastes")], hand=[DOMAIN_DRAGON])
    assert total(five, DOMAIN_DRAGON) == "{6}"
    assert verdict(five, spell(DOMAIN_DRAGON))
    assert not verdict(make_board(basics, hand=[DOMAIN_DRAGON]), spell(DOMAIN_DRAGON))
    dual = make_board([mine("t", "Tundra"), theirs("f", "Forest")])
    assert total(dual, DOMAIN_DRAGON) == "{12}"


def test_ten_creature_cards_in_all_graveyards_take_six_off() -> None:
    """Six creature cards in my graveyard and four in theirs are ten: {4}{B}{B} less {6} is {B}{B}, two Swamps
    pay it. Nine (an instant for the tenth) leave {4}{B}{B}. A graveyard given as a count can't say which
    cards are creatures: bad input naming it."""
    swamps = make_board([mine("s1", "Swamp"), mine("s2", "Swamp")], hand=[WOE])
    ten = with_graveyards(swamps, [BEAR] * 6, [SPIRIT] * 4)
    assert total(ten, WOE) == "{B}{B}"
    assert verdict(ten, spell(WOE))
    nine = with_graveyards(swamps, [BEAR] * 6, [SPIRIT] * 3 + [BOLT])
    assert total(nine, WOE) == "{4}{B}{B}"
    assert not verdict(nine, spell(WOE))
    with pytest.raises(InputError, match=r"players\[1\]\.graveyard"):
        locked_in(BoardView(with_graveyards(swamps, [BEAR] * 6, 4)), spell(WOE), ME)


def test_the_locket_counts_cards_with_the_spells_name_in_its_casters_graveyard() -> None:
    """Two Test Bolts in my graveyard take {2} off {1}{R}: {R}, which one Mountain pays (118.7a: what a
    generic reduction can't take off is lost). A card of another name, and Bolts in the opponent's graveyard,
    count nothing: {1}{R}, one Mountain can't. The opponent's Locket is about the spells they cast. A
    graveyard given as a count can't say which cards have the name: bad input naming it."""
    locket = make_board([mine("k", LOCKET), mine("m", "Mountain")], hand=[BOLT])
    two = with_graveyards(locket, [BOLT, BOLT, BEAR], [])
    assert total(two, BOLT) == "{R}"
    assert verdict(two, spell(BOLT))
    other = with_graveyards(locket, [BEAR], [BOLT, BOLT])
    assert total(other, BOLT) == "{1}{R}"
    assert not verdict(other, spell(BOLT))
    theirs_locket = with_graveyards(make_board([theirs("k", LOCKET), mine("m", "Mountain")]), [BOLT], [])
    assert total(theirs_locket, BOLT) == "{1}{R}"
    with pytest.raises(InputError, match=r"players\[0\]\.graveyard"):
        locked_in(BoardView(with_graveyards(locket, 2, [])), spell(BOLT), ME)
    # a cost given without a spell's name: no card has its name
    assert str(locked_in(BoardView(with_graveyards(locket, 2, [])), PaymentTarget.of("{1}{R}"), ME).cost) == (
        "{1}{R}"
    )


def test_the_locket_takes_off_the_x_part_of_a_spell_with_x() -> None:
    """{X}{R} with two of its name in my graveyard costs {X-2}{R} (never below {R}): three Mountains pay X = 4
    (CR 601.2f: X is chosen first, then the reduction applies)."""
    blaze = {"name": "Test Blaze", "type_line": "Sorcery", "mana_cost": "{X}{R}", "oracle": ""}
    board = make_board([mine("k", LOCKET), *(mine(f"m{n}", "Mountain") for n in range(3))], hand=[blaze])
    board = with_graveyards(board, [blaze, blaze], [])
    assert max_x(board, spell(blaze)).x == 4


def test_the_snare_costs_one_less_for_each_sentence_met() -> None:
    """A Spirit: {1}{U}; a Spirit and an enchantment: {U}, one Island pays it; two Spirits are still one
    sentence met: {1}{U}, one Island can't; an Island and a Wastes can. The opponent's Spirit is not mine.
    An enchantment creature Spirit meets both sentences at once: {U}."""
    island = mine("i", "Island")
    both = make_board([mine("s", SPIRIT), mine("e", OATH), island], hand=[SNARE])
    assert total(both, SNARE) == "{U}"
    assert verdict(both, spell(SNARE))
    spirits = make_board([mine("s", SPIRIT), mine("t", SPIRIT), island], hand=[SNARE])
    assert total(spirits, SNARE) == "{1}{U}"
    assert not verdict(spirits, spell(SNARE))
    assert verdict(make_board([mine("s", SPIRIT), island, mine("w", "Wastes")]), spell(SNARE))
    assert total(make_board([theirs("s", SPIRIT), island]), SNARE) == "{2}{U}"
    enchanted_spirit = {**SPIRIT, "type_line": "Enchantment Creature — Spirit"}
    assert total(make_board([mine("s", enchanted_spirit)]), SNARE) == "{U}"


def test_the_quake_dragon_costs_less_by_the_total_mana_value_of_my_dragons() -> None:
    """A Dragon of mana value 6: {14}{G} less 6 is {8}{G}; a Forest and four Sol Rings (9 mana) pay it, a
    Forest, three Sol Rings and a Wastes (8) don't; two Dragons (6 and a 5) leave {3}{G}; the opponent's
    Dragon counts nothing."""
    rings = [mine(f"r{n}", "Sol Ring") for n in range(4)]
    one = make_board([mine("d", DRAGON), mine("f", "Forest"), *rings], hand=[QUAKE])
    assert total(one, QUAKE) == "{8}{G}"
    assert verdict(one, spell(QUAKE))
    eight = make_board(
        [mine("d", DRAGON), mine("f", "Forest"), *rings[:3], mine("w", "Wastes")], hand=[QUAKE]
    )
    assert not verdict(eight, spell(QUAKE))
    smaller = {**DRAGON, "mana_cost": "{3}{R}{R}"}
    assert total(make_board([mine("d", DRAGON), mine("e", smaller)]), QUAKE) == "{3}{G}"
    assert total(make_board([theirs("d", DRAGON)]), QUAKE) == "{14}{G}"


def test_the_hum_counts_the_artifacts_of_the_spells_controller() -> None:
    """The opponent's Hum, their two Sol Rings, my one: my artifact spell {2} costs {1} more for my one
    artifact, {3}; my Sol Ring and a Wastes pay it, my Sol Ring alone doesn't (counting the Hum's
    controller's artifacts would ask {4}). An instant is no artifact spell."""
    theirs_rings = [theirs("h", HUM), theirs("r1", "Sol Ring"), theirs("r2", "Sol Ring")]
    board = make_board([*theirs_rings, mine("r", "Sol Ring"), mine("w", "Wastes")], hand=[ROCK])
    assert total(board, ROCK) == "{3}"
    assert verdict(board, spell(ROCK))
    alone = make_board([*theirs_rings, mine("r", "Sol Ring")], hand=[ROCK])
    assert not verdict(alone, spell(ROCK))
    assert total(board, BOLT) == "{1}{R}"
    # my own Hum counts my artifacts too: the Sol Ring, and the Hum is no artifact
    assert total(make_board([mine("h", HUM), mine("r", "Sol Ring")]), ROCK) == "{3}"


def test_the_hum_with_an_x_artifact_spell() -> None:
    """{X} for an artifact spell, one artifact of mine: {X+1}; a Sol Ring and two Wastes make 4: X = 3."""
    engine = {"name": "Test Engine", "type_line": "Artifact", "mana_cost": "{X}", "oracle": ""}
    board = make_board(
        [theirs("h", HUM), mine("r", "Sol Ring"), mine("w1", "Wastes"), mine("w2", "Wastes")], hand=[engine]
    )
    assert max_x(board, spell(engine)).x == 3


def test_no_warning_names_the_cost_changes() -> None:
    board = make_board([mine("h", HUM), mine("k", LOCKET), mine("m", "Mountain")], hand=[BLASPHEMY])
    assert not [w for w in text_warnings(board) if "cost" in w.sentence]


def test_end_to_end_the_spell_named_on_the_command_line(tmp_path: Path) -> None:
    """`pay --spell` of the hand's Test Snare with a Spirit and an enchantment: {U}, one Island pays it."""
    board = make_board([mine("s", SPIRIT), mine("e", OATH), mine("i", "Island")], hand=[SNARE])
    path = tmp_path / "snare.json"
    path.write_text(json.dumps(board.to_dict()), encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "planner", "pay", str(path), "--spell", "Test Snare", "--json"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    answer = json.loads(done.stdout)
    assert answer["payable"] is True and answer["warnings"] == []
    assert spell_target(board.player(ME).hand[0]).name == "Test Snare"
