"""Levels followed (issue 35): what a Class has from a level on (CR 716.2b) and what a leveler has while its
number of level counters is in a striation's range (CR 711.2a, 711.2b), read at the level the board gives
(a permanent's ``class_level``, 1 as a Class enters, CR 716.3; its ``level`` counters), in every stage: what
could be produced, the fast path, the CP-SAT model, the replay and the reference search, the warnings.

No payment changes a level (the class level and level up abilities are activated at sorcery speed, and are
not mana abilities), so the level is a board fact. Values are derived by hand from the rules; each verdict
is checked against the reference search too (:func:`~boards.checked_verdict`).
"""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from boards import checked_verdict, could, largest_x, make_board, mine
from cost_part_cards import TEST_TREESPEAKER
from test_unseen_third_probe_families import BEAR

from models.board import Board
from models.carddata.names import CardResolver
from models.cost import PaymentTarget
from models.errors import BoardError
from models.forge import read_puzzle
from models.oracle import Level, parse_oracle
from planner.api import pay, text_warnings
from planner.cards.importer import import_files
from planner.cards.store import CardStore

#: A Class whose level 2 grants its controller's Treasures a second, bigger mana ability and whose level 3
#: pays nothing (made up after Alchemist's Talent: the grant's words, a draw for its damage trigger).
TEST_TALENT: dict[str, Any] = {
    "name": "Test Talent",
    "type_line": "Enchantment — Class",
    "mana_cost": "{R}",
    "oracle": "(Gain the next level as a sorcery to add its ability.)\n"
    "When this Class enters, create two tapped Treasure tokens.\n"
    "{1}{R}: Level 2\n"
    'Treasures you control have "{T}, Sacrifice this artifact: Add two mana of any one color."\n'
    "{4}{R}: Level 3\n"
    "Whenever you cast a spell, draw a card.",
}
#: A Class whose level 2 grants creatures a mana ability with a spending restriction (made up after Sorcerer
#: Class), and whose level 3 grants them a second one on the Talents' one-line form ('{G}: Level 3 — ...').
TEST_SORCERER: dict[str, Any] = {
    "name": "Test Sorcerer",
    "type_line": "Enchantment — Class",
    "mana_cost": "{U}{R}",
    "oracle": "When this Class enters, draw two cards, then discard two cards.\n"
    "{U}{R}: Level 2\n"
    'Creatures you control have "{T}: Add {U} or {R}. Spend this mana only to cast an instant or sorcery '
    'spell or to gain a Class level."\n'
    '{3}{U}{R}: Level 3 — Creatures you control have "{T}: Add {C}."',
}
TREASURE: dict[str, Any] = {
    "name": "Treasure",
    "type_line": "Token Artifact — Treasure",
    "oracle": "{T}, Sacrifice this artifact: Add one mana of any color.",
    "token": True,
}
ELF: dict[str, Any] = {
    "name": "Test Elf",
    "type_line": "Creature — Elf",
    "oracle": "{T}: Add {G}.",
    "power": 1,
    "toughness": 1,
}


def _talent_board(level: int | None) -> Board:
    talent = mine("t", TEST_TALENT) if level is None else mine("t", TEST_TALENT, class_level=level)
    return make_board([talent, mine("x", TREASURE)])


def test_a_class_enters_at_level_1_and_the_level_is_written_back_only_when_higher() -> None:
    entering = _talent_board(None).permanent("t")
    assert entering.class_level == 1 and entering.level == Level()
    assert "class_level" not in entering.to_dict()
    assert _talent_board(1) == _talent_board(None)
    assert _talent_board(3).permanent("t").to_dict()["class_level"] == 3


LEVEL_1_OR_MORE = "a Class's level is 1 or more (it enters at level 1, CR 716.3)"


@pytest.mark.parametrize(
    ("value", "problem"),
    [
        (0, f"permanents[0].class_level: {LEVEL_1_OR_MORE}, got 0"),
        (-2, f"permanents[0].class_level: {LEVEL_1_OR_MORE}, got -2"),
        ("2", "permanents[0].class_level: expected an integer, got the string '2'"),
        (2.5, "permanents[0].class_level: expected an integer, got the number 2.5"),
        (1001, "permanents[0].class_level: 1001 is more than the limit of 1000"),
    ],
)
def test_a_bad_class_level_is_bad_input_naming_its_path(value: object, problem: str) -> None:
    with pytest.raises(BoardError) as raised:
        make_board([mine("t", TEST_TALENT, class_level=value)])
    assert str(raised.value) == f"<board>: {problem}"


def test_only_a_class_has_a_level() -> None:
    with pytest.raises(BoardError, match=r"permanents\[0\]\.class_level: only a Class has a level"):
        make_board([mine("j", TEST_TREESPEAKER, class_level=2)])


def test_the_text_of_a_level_is_read_at_every_level_and_used_only_at_its_own() -> None:
    """The card's sentences keep their reading at every level (how its text reads: the level 2 grant is an
    effect), with a note where the permanent lacks the level; only a level it has gives it abilities."""
    at_1 = parse_oracle(TEST_TALENT["oracle"], TEST_TALENT["name"])
    at_2 = parse_oracle(TEST_TALENT["oracle"], TEST_TALENT["name"], level=Level(class_level=2))
    grant = next(s for s in at_1.sentences if s.text.startswith("Treasures"))
    assert grant.read_as == "effect" and grant.note == "an ability of Level 2: not in force at level 1"
    assert not at_1.effects and not at_1.unsupported and at_1.fully_read
    assert len(at_2.effects) == 1 and at_2.fully_read
    assert [s.read_as for s in at_1.sentences] == [s.read_as for s in at_2.sentences]


def test_an_unread_power_change_counts_only_at_its_level() -> None:
    """A sentence that changes creatures' power unread ('base power and toughness 3/3') makes amounts that
    read power set aside (:func:`planner.rules.amounts.power_changer`) only where it is in force."""
    text = "{1}{W}: Level 2\nCreatures you control have base power and toughness 3/3."
    assert not parse_oracle(text).changes_power
    assert parse_oracle(text, level=Level(class_level=2)).changes_power


def test_a_talent_level_and_its_first_ability_on_one_line() -> None:
    """'{3}{U}{R}: Level 3 — <ability>': the header pays nothing, the ability after the dash is level 3's."""
    sentences = parse_oracle(TEST_SORCERER["oracle"], TEST_SORCERER["name"]).sentences
    assert [(s.text, s.read_as) for s in sentences][-2:] == [
        ("{3}{U}{R}: Level 3", "ignored"),
        ('Creatures you control have "{T}: Add {C}."', "effect"),
    ]
    assert len(parse_oracle(TEST_SORCERER["oracle"], level=Level(class_level=3)).effects) == 2


@pytest.mark.parametrize(
    ("level", "could_make", "expected_x"), [(1, "WUBRG", 1), (2, "WUBRG", 2), (3, "WUBRG", 2)]
)
def test_a_class_grant_exists_from_its_level_on(level: int, could_make: str, expected_x: int) -> None:
    """The Treasure makes one mana of any color at level 1 (its own ability); from level 2 on, the Class's
    grant lets it make two of one color instead (CR 716.2b: level 3 keeps level 2's abilities)."""
    board = _talent_board(level)
    assert could(board) == {"t": "", "x": could_make}
    assert largest_x(board) == expected_x
    assert checked_verdict(board, "{R}")
    assert checked_verdict(board, "{R}{R}") is (level >= 2)
    assert not checked_verdict(board, "{R}{G}")  # (one sacrifice: two of one color, never two colors)
    assert not text_warnings(board)


def test_the_fast_path_and_the_cp_sat_model_agree_on_the_level() -> None:
    """The fast path's per-card analysis is kept by level (the same card at two levels is two analyses)."""
    low, high = _talent_board(1), _talent_board(2)
    assert [pay(b, PaymentTarget.of("{G}{G}")).payable for b in (low, high, low)] == [False, True, False]


@pytest.mark.parametrize("level", [1, 2, 3])
def test_a_restricted_grant_at_its_level(level: int) -> None:
    """At level 2 a creature taps for {U} or {R} that only an instant or sorcery spell, or gaining a Class
    level, may spend; at level 3 it also taps for {C} (either ability, one {T})."""
    board = make_board([mine("s", TEST_SORCERER, class_level=level), mine("b", BEAR)])
    expected = {1: "", 2: "UR", 3: "URC"}[level]
    assert could(board) == {"s": "", "b": expected}
    instant = PaymentTarget.of("{R}", type_line="Instant")
    assert bool(pay(board, instant).payable) is (level >= 2)
    assert not pay(board, PaymentTarget.of("{R}", type_line="Creature")).payable
    class_level = replace(PaymentTarget.of("{U}", kind="ability"), purposes=frozenset({"class_level"}))
    assert bool(pay(board, class_level).payable) is (level >= 2)
    assert checked_verdict(board, "{1}") is (level >= 3)
    assert not checked_verdict(board, "{2}")
    assert not text_warnings(board)


@pytest.mark.parametrize(
    ("counters", "own", "elf", "expected_x"),
    [(0, "", "G", 1), (1, "G", "G", 3), (4, "G", "G", 3), (5, "G", "G", 4), (9, "G", "G", 4)],
)
def test_a_leveler_has_a_striations_abilities_only_within_its_range(
    counters: int, own: str, elf: str, expected_x: int
) -> None:
    """No level counter: the Treespeaker has no mana ability. One to four (LEVEL 1-4): it taps for {G}{G},
    and the Elf for {G}: three. Five or more (LEVEL 5+): LEVEL 1-4's ability is gone, and every Elf it
    controls has '{T}: Add {G}{G}.', itself included: two and two (the Elf taps once, for the better one)."""
    board = make_board([mine("j", TEST_TREESPEAKER, counters={"level": counters}), mine("e", ELF)])
    assert could(board) == {"j": own, "e": elf}
    assert largest_x(board) == expected_x
    assert checked_verdict(board, "{G}" * expected_x)
    assert not checked_verdict(board, "{G}" * (expected_x + 1))
    assert not text_warnings(board)


def test_other_counters_are_not_levels() -> None:
    """Only level counters count (CR 711.2a): a +1/+1 counter is none."""
    board = make_board([mine("j", TEST_TREESPEAKER, counters={"+1/+1": 3})])
    assert could(board) == {"j": ""} and not checked_verdict(board, "{G}")


#: A leveler whose striations set its base power (CR 711.2a: '4/4' under 'LEVEL 1-3'), the second lower than
#: the first (made up after Beastbreaker of Bala Ged), and a creature whose mana reads the greatest power
#: among its controller's creatures (made up after Selvala's amount).
TEST_BRUTE: dict[str, Any] = {
    "name": "Test Brute",
    "type_line": "Creature — Human Warrior",
    "power": 1,
    "toughness": 1,
    "oracle": "Level up {2}{G}\nLEVEL 1-3\n4/4\nLEVEL 4+\n0/6\nTrample",
}
TEST_GAUGE: dict[str, Any] = {
    "name": "Test Gauge",
    "type_line": "Creature — Elf",
    "power": 1,
    "toughness": 1,
    "oracle": "{T}: Add X mana of any one color, where X is the greatest power among creatures you control.",
}


@pytest.mark.parametrize(("counters", "greatest"), [(0, 1), (1, 4), (3, 4), (4, 1)])
def test_a_striation_sets_the_base_power_an_amount_reads(counters: int, greatest: int) -> None:
    """No level counter: the printed 1/1. One to three: 4/4. Four or more: 0/6, so the Gauge's own power
    (1) is the greatest."""
    board = make_board([mine("b", TEST_BRUTE, counters={"level": counters}), mine("g", TEST_GAUGE)])
    assert largest_x(board) == greatest
    assert checked_verdict(board, "{G}" * greatest) and not checked_verdict(board, "{G}" * (greatest + 1))
    assert not text_warnings(board)


def test_a_forge_puzzle_gives_a_class_level_and_a_levelers_counters(tmp_path: Path) -> None:
    """Forge writes a Class's level as '|ClassLevel:2' and a leveler's counters as '|Counters:LEVEL=5'; a
    level on a card that is no Class, or that is not a number of 1 or more, is a warning, never a guess."""
    cards = [
        {
            "object": "card",
            "oracle_id": f"test-{index}",
            "name": card["name"],
            "lang": "en",
            "released_at": "2020-01-01",
            "layout": "normal",
            "mana_cost": card["mana_cost"],
            "type_line": card["type_line"],
            "oracle_text": card["oracle"],
            **({"power": str(card["power"]), "toughness": str(card["toughness"])} if "power" in card else {}),
            "legalities": {},
        }
        for index, card in enumerate((TEST_TALENT, TEST_TREESPEAKER))
    ]
    (tmp_path / "cards.json").write_text(json.dumps(cards), encoding="utf-8")
    store = CardStore(tmp_path / "cards.sqlite3")
    import_files([tmp_path / "cards.json"], store)
    puzzle = read_puzzle(
        "[state]\nActivePlayer=Human\nhumanbattlefield=Test Talent|ClassLevel:2;"
        "Test Treespeaker|Counters:LEVEL=5|ClassLevel:2;Test Talent|ClassLevel:zero\n",
        cards=CardResolver(store),
    )
    talent, treespeaker, other = puzzle.board.permanents
    assert (talent.class_level, treespeaker.level, other.class_level) == (2, Level(1, 5), 1)
    assert [w.split(": ", 2)[-1] for w in puzzle.warnings] == [
        "'Test Treespeaker|Counters:LEVEL=5|ClassLevel:2': class level '2' not read",
        "'Test Talent|ClassLevel:zero': class level 'zero' not read",
    ]
