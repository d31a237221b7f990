"""Changes of other spells' costs that ask something of the turn, of their source or of the spell (issue 35),
read by the grammar as phrases and applied as the total cost is locked in (CR 601.2f):

- whose turn it is, of the source's controller: 'During turns other than yours, spells you cast cost {1} less'
  (Geyser Drake's shape), 'During your turn, spells your opponents cast cost {1} more' (Tithe Taker's);
- a condition on the source or its controller: 'As long as ~ is tapped, creature spells you cast cost {2}
  less' (Centaur Omenreader's), '... as long as there are three or more Lesson cards in your graveyard'
  (Gran-Gran's), judged on the board as the cost is locked in;
- where the spell is cast from (CR 601.2a): 'Spells you cast from your graveyard or from exile' (Doc
  Aurlock's), 'from your graveyard' (Green Goblin's), 'from anywhere other than your hand' (Bilbo's): the
  question's ``cast_from`` (an extension), the hand for a ``--spell`` in it, exile for ``from_exile``;
- the spell's targets (CR 601.2c): 'Spells your opponents cast that target ~ cost {2} more' (Icefall
  Regent's), 'Spells that target ~ cost {1} less' (Spellwild Ouphe's): the question's ``targeted`` ids;
- a face-down spell (CR 708.2a: a colorless creature spell): 'Face-down creature spells you cast cost {1}
  less' (Obscuring Aether's);
- 'for each creature it targets' (Battlefield Thaumaturge's), 'that share a creature type with ~' (Mistform
  Warchief's), and the first spell of a turn 'for each land you control with a flood counter on it' (Eluge's).

What the board or the question does not give is never guessed: the change is not applied and ``warnings``
names the field. Each card is written under a made-up name with the sentence's shape; the totals are derived
by hand from the rules (in each docstring), and every verdict is checked against the reference search on the
spell as it is locked in (the reference search pays the cost it is given).
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

from models.board import Board, Card
from models.cost import PaymentTarget
from models.oracle import parse_oracle
from models.spells import spell_target
from planner.api import max_x, pay
from planner.rules.reference import reference_search
from planner.rules.view import BoardView, locked_in
from planner.turn import plan_turn

ROOT = Path(__file__).resolve().parent.parent

DRAKE = "During turns other than yours, spells you cast cost {1} less to cast."
TAKER = "During your turn, spells your opponents cast cost {1} more to cast."
OMEN = "As long as ~ is tapped, creature spells you cast cost {2} less to cast."
LESSONS = (
    "Noncreature spells you cast cost {1} less to cast as long as there are three or more Lesson cards in "
    "your graveyard."
)
FROM_GRAVEYARD = "Spells you cast from your graveyard cost {2} less to cast."
GRAVEYARD_OR_EXILE = "Spells you cast from your graveyard or from exile cost {1} less to cast."
NOT_HAND = "Spells you cast from anywhere other than your hand cost {1} less to cast."
REGENT = "Spells your opponents cast that target ~ cost {2} more to cast."
OUPHE = "Spells that target ~ cost {1} less to cast."
AETHER = "Face-down creature spells you cast cost {1} less to cast."
THAUMATURGE = "Each instant and sorcery spell you cast costs {1} less to cast for each creature it targets."
WARCHIEF = "Creature spells you cast that share a creature type with ~ cost {1} less to cast."
ELUGE = (
    "The first instant or sorcery spell you cast each turn costs {1} less to cast for each land you control "
    "with a flood counter on it."
)
BLUE_ELUGE = ELUGE.replace("{1}", "{U}")
GORECLAW = "Creature spells you cast with power 4 or greater cost {2} less to cast."
BATTLECRIER = (
    "During your turn, spells you cast cost {1} less to cast for each creature you control with power 4 or "
    "greater."
)

LESSON: dict[str, Any] = {"name": "Test Lesson", "type_line": "Sorcery — Lesson", "mana_cost": "{1}{R}"}


def source(pid: str, oracle: str, controller: str = ME, **status: Any) -> dict[str, Any]:
    """A permanent with one sentence of text ("~" is its name)."""
    name = f"Test {pid.title()}"
    return {
        "id": pid,
        "name": name,
        "type_line": "Creature — Spirit",
        "power": 1,
        "toughness": 1,
        "controller": controller,
        "oracle": oracle.replace("~", name),
        **status,
    }


def board_of(*permanents: dict[str, Any], active: str = ME, **me: Any) -> Board:
    data = make_board(list(permanents)).to_dict()
    data["active_player"] = active
    data["players"][0].update(me)
    return Board.from_dict(data)


def mountains(count: int) -> list[dict[str, Any]]:
    return [mine(f"m{n}", "Mountain") for n in range(count)]


def total(board: Board, target: PaymentTarget) -> str:
    return str(locked_in(BoardView(board), target, ME).cost)


def verdict(board: Board, target: PaymentTarget) -> bool:
    """``pay``'s verdict for "me", checked against the reference search on the spell as it is locked in."""
    locked = locked_in(BoardView(board), target, ME)
    reference = reference_search(board, locked, player=ME, max_states=20_000)
    result = pay(board, target, player=ME)
    assert result.payable == reference.payable, result.reason
    return bool(result.payable)


def reasons(board: Board, target: PaymentTarget) -> list[str]:
    return [w.reason for w in pay(board, target, player=ME).warnings]


@pytest.mark.parametrize(
    "oracle",
    [
        DRAKE,
        TAKER,
        OMEN,
        LESSONS,
        FROM_GRAVEYARD,
        GRAVEYARD_OR_EXILE,
        NOT_HAND,
        REGENT,
        OUPHE,
        AETHER,
        BATTLECRIER,
        THAUMATURGE,
        WARCHIEF,
        ELUGE,
        BLUE_ELUGE,
        GORECLAW,
    ],
)
def test_each_shape_is_read_as_a_cost_change(oracle: str) -> None:
    read = parse_oracle(oracle.replace("~", "Test Card"), "Test Card")
    assert not read.unsupported
    assert [s.read_as for s in read.sentences] == ["effect"]


def test_during_turns_other_than_yours() -> None:
    """On my turn {1}{R} stays {1}{R}: one Mountain doesn't pay it. On the opponent's turn it is {R} (CR
    601.2f): one Mountain pays it; {X}{R} with two Mountains: X + 1 - 1 generic and {R} from two, X is 2."""
    drake = source("drake", DRAKE)
    mine_turn = board_of(drake, *mountains(1))
    their_turn = board_of(drake, *mountains(1), active=OPP)
    bolt = PaymentTarget.of("{1}{R}", type_line="Instant")
    assert total(mine_turn, bolt) == "{1}{R}"
    assert not verdict(mine_turn, bolt)
    assert total(their_turn, bolt) == "{R}"
    assert verdict(their_turn, bolt)
    fireball = PaymentTarget.of("{X}{R}", type_line="Instant")
    assert max_x(board_of(drake, *mountains(2), active=OPP), fireball, player=ME).x == 2
    assert max_x(board_of(drake, *mountains(2)), fireball, player=ME).x == 1


def test_during_your_turn_taxes_the_opponents_spells() -> None:
    """The opponent's tax applies on the opponent's turn only: my {1}{R} is {2}{R} then (two Mountains don't
    pay it), {1}{R} on mine."""
    taker = source("taker", TAKER, controller=OPP)
    bolt = PaymentTarget.of("{1}{R}", type_line="Instant")
    their_turn = board_of(taker, *mountains(2), active=OPP)
    assert total(their_turn, bolt) == "{2}{R}"
    assert not verdict(their_turn, bolt)
    assert total(board_of(taker, *mountains(2)), bolt) == "{1}{R}"
    assert verdict(board_of(taker, *mountains(2)), bolt)


def test_during_your_turn_for_each_creature_with_power_four() -> None:
    """Two creatures of power 4 or greater (a 4/4 and a 5/5; the 1/1 source is not one): {1} less for each on
    my turn, {4}{R} is {2}{R}; none on the opponent's turn."""
    crier = source("crier", BATTLECRIER)
    big = [mine("b1", {"name": "Test Four", "type_line": "Creature", "power": 4, "toughness": 4})]
    big += [mine("b2", {"name": "Test Five", "type_line": "Creature", "power": 5, "toughness": 5})]
    spell = PaymentTarget.of("{4}{R}", type_line="Sorcery")
    assert total(board_of(crier, *big), spell) == "{2}{R}"
    assert total(board_of(crier, *big, active=OPP), spell) == "{4}{R}"


def test_as_long_as_the_source_is_tapped() -> None:
    """Tapped, the Omenreader takes {2} off a creature spell: {2}{G} is {G}; untapped, or for an instant,
    nothing. The cost is locked in before mana abilities are activated (CR 601.2f-g)."""
    creature = PaymentTarget.of("{2}{G}", type_line="Creature — Bear")
    forest = [mine("f", "Forest")]
    tapped = board_of(source("omen", OMEN, tapped=True), *forest)
    assert total(tapped, creature) == "{G}"
    assert verdict(tapped, creature)
    untapped = board_of(source("omen", OMEN), *forest)
    assert total(untapped, creature) == "{2}{G}"
    assert not verdict(untapped, creature)
    assert total(tapped, PaymentTarget.of("{2}{G}", type_line="Instant")) == "{2}{G}"


def test_as_long_as_three_lesson_cards_are_in_your_graveyard() -> None:
    """Three Lesson cards in my graveyard: a noncreature {1}{R} is {R}; two: {1}{R}. The graveyard not given,
    or given as a count, can't say: not applied, and the warning names ``players[0].graveyard``."""
    gran = source("gran", LESSONS)
    instant = PaymentTarget.of("{1}{R}", type_line="Instant")
    three = board_of(gran, *mountains(1), graveyard=[LESSON] * 3)
    assert total(three, instant) == "{R}"
    assert verdict(three, instant)
    two = board_of(gran, *mountains(1), graveyard=[LESSON] * 2)
    assert total(two, instant) == "{1}{R}"
    assert not verdict(two, instant)
    assert total(three, PaymentTarget.of("{1}{R}", type_line="Creature")) == "{1}{R}"
    for unknown in (board_of(gran, *mountains(1)), board_of(gran, *mountains(1), graveyard=5)):
        assert total(unknown, instant) == "{1}{R}"
        assert any("players[0].graveyard" in reason for reason in reasons(unknown, instant))


@pytest.mark.parametrize(
    ("oracle", "zone", "expected"),
    [
        (FROM_GRAVEYARD, "graveyard", "{R}"),
        (FROM_GRAVEYARD, "exile", "{2}{R}"),
        (FROM_GRAVEYARD, "hand", "{2}{R}"),
        (GRAVEYARD_OR_EXILE, "graveyard", "{1}{R}"),
        (GRAVEYARD_OR_EXILE, "exile", "{1}{R}"),
        (GRAVEYARD_OR_EXILE, "hand", "{2}{R}"),
        (NOT_HAND, "hand", "{2}{R}"),
        (NOT_HAND, "library", "{1}{R}"),
        (NOT_HAND, "command", "{1}{R}"),
    ],
)
def test_where_the_spell_is_cast_from(oracle: str, zone: str, expected: str) -> None:
    """{2}{R} cast from a zone the change names takes its reduction off the generic part (CR 601.2a,
    601.2f); from another zone, nothing."""
    board = board_of(source("doc", oracle), *mountains(2))
    spell = replace(PaymentTarget.of("{2}{R}", type_line="Sorcery"), cast_from=zone)
    assert total(board, spell) == expected
    assert verdict(board, spell) == (expected != "{2}{R}")


def test_where_the_spell_is_cast_from_unknown_is_warned() -> None:
    """Not given, the zone is not guessed: the change is not applied and the warning says to give
    --cast-from; the purpose from-exile says exile, a spell from the hand says the hand."""
    board = board_of(source("doc", GRAVEYARD_OR_EXILE), *mountains(2))
    spell = PaymentTarget.of("{2}{R}", type_line="Sorcery")
    assert total(board, spell) == "{2}{R}"
    assert any("--cast-from" in reason for reason in reasons(board, spell))
    exiled = replace(spell, purposes=frozenset({"from_exile"}))
    assert total(board, exiled) == "{1}{R}"
    assert not any("--cast-from" in reason for reason in reasons(board, exiled))
    assert total(board, replace(spell, from_hand=True)) == "{2}{R}"


def test_spells_that_target_the_source() -> None:
    """The opponent's Regent taxes my spell that targets it {2}: {R} is {2}{R} (two Mountains don't pay it);
    targeting another permanent, {R}. The Ouphe takes {1} off any spell targeting it, mine too. Targets not
    given: not applied, and the warning says to give --target."""
    regent = source("regent", REGENT, controller=OPP)
    board = board_of(regent, *mountains(2))
    bolt = PaymentTarget.of("{R}", type_line="Instant")
    at_regent = replace(bolt, targeted=("regent",))
    assert total(board, at_regent) == "{2}{R}"
    assert not verdict(board, at_regent)
    assert total(board, replace(bolt, targeted=("m0",))) == "{R}"
    assert total(board, bolt) == "{R}"
    assert any("--target" in reason for reason in reasons(board, bolt))
    ouphe = board_of(source("ouphe", OUPHE), *mountains(1))
    growth = replace(PaymentTarget.of("{1}{G}", type_line="Instant"), targeted=("ouphe",))
    assert total(ouphe, growth) == "{G}"


def test_face_down_creature_spells() -> None:
    """A face-down spell is a colorless creature spell costing {3} (CR 702.37c, 708.2a): {2} with the
    reduction, which two Mountains pay; a creature spell cast face up keeps {3}."""
    board = board_of(source("aether", AETHER), *mountains(2))
    face_down = replace(PaymentTarget.of("{3}"), purposes=frozenset({"face_down"}))
    assert total(board, face_down) == "{2}"
    assert verdict(board, face_down)
    assert total(board, PaymentTarget.of("{3}", type_line="Creature")) == "{3}"


def test_for_each_creature_it_targets() -> None:
    """An instant targeting two creatures (mine and theirs) costs {2} less: {2}{R} is {R}, which one Mountain
    pays; targeting one creature and a land, {1} less: {1}{R}, which it doesn't. A sorcery targeting none:
    {2}{R}. Targets not given: not applied, and warned (CR 601.2c)."""
    bears = [
        mine("b1", {"name": "Test Bear", "type_line": "Creature — Bear", "power": 2, "toughness": 2}),
        {**mine("b2", {"name": "Test Bear", "type_line": "Creature — Bear", "power": 2}), "controller": OPP},
    ]
    board = board_of(source("thaum", THAUMATURGE), *mountains(1), *bears)
    instant = PaymentTarget.of("{2}{R}", type_line="Instant")
    two = replace(instant, targeted=("b1", "b2"))
    assert total(board, two) == "{R}"
    assert verdict(board, two)
    one = replace(instant, targeted=("b2", "m0"))
    assert total(board, one) == "{1}{R}"
    assert not verdict(board, one)
    assert total(board, replace(PaymentTarget.of("{2}{R}", type_line="Sorcery"), targeted=())) == "{2}{R}"
    assert any("--target" in reason for reason in reasons(board, instant))


def test_sharing_a_creature_type_with_the_source() -> None:
    """The 1/1 Spirit source shares Spirit with a Spirit Wizard spell: {1}{U} is {U}; not with a Goblin:
    {1}{U}. A changeling spell has every creature type (CR 702.73a), Spirit among them."""
    board = board_of(source("mist", WARCHIEF), mine("i", "Island"))
    wizard = PaymentTarget.of("{1}{U}", type_line="Creature — Spirit Wizard")
    assert total(board, wizard) == "{U}"
    assert verdict(board, wizard)
    goblin = PaymentTarget.of("{1}{U}", type_line="Creature — Goblin")
    assert total(board, goblin) == "{1}{U}"
    assert not verdict(board, goblin)
    shifter = {"name": "Test Shifter", "type_line": "Creature — Shapeshifter", "mana_cost": "{1}{U}"}
    changeling = spell_target(Card.from_json({**shifter, "oracle": "Changeling"}))
    assert total(board, changeling) == "{U}"


def test_the_first_instant_for_each_flooded_land() -> None:
    """Two lands with a flood counter: the turn's first instant costs {2} less, {3}{R} is {1}{R} (three lands
    pay it); after an instant was cast this turn, the second costs {3}{R} (CR 601.2f)."""
    flooded = [mine(f"f{n}", "Island", counters={"flood": 1}) for n in range(2)]
    first = board_of(source("eluge", ELUGE), *mountains(1), *flooded, spells_cast_this_turn=[])
    instant = PaymentTarget.of("{3}{R}", type_line="Instant")
    assert total(first, instant) == "{1}{R}"
    assert verdict(first, instant)
    bolt = {"name": "Test Bolt", "type_line": "Instant", "mana_cost": "{R}"}
    second = board_of(source("eluge", ELUGE), *mountains(1), *flooded, spells_cast_this_turn=[bolt])
    assert total(second, instant) == "{3}{R}"
    assert not verdict(second, instant)


def test_the_first_instant_for_each_flooded_land_takes_blue_off() -> None:
    """'{U} less for each land ...' with two flooded lands takes {U}{U} off the turn's first instant:
    {3}{U}{U} is {3}; from {2}{U} one {U} comes off the {U} and the other off the generic part (CR
    118.7b-d): {1}, which one of the two flooded Islands pays; the second instant of the turn keeps {2}{U}."""
    flooded = [mine(f"f{n}", "Island", counters={"flood": 1}) for n in range(2)]
    first = board_of(source("eluge", BLUE_ELUGE), *flooded, spells_cast_this_turn=[])
    assert total(first, PaymentTarget.of("{3}{U}{U}", type_line="Instant")) == "{3}"
    instant = PaymentTarget.of("{2}{U}", type_line="Instant")
    assert total(first, instant) == "{1}"
    assert verdict(first, instant)
    bolt = {"name": "Test Bolt", "type_line": "Instant", "mana_cost": "{R}"}
    second = board_of(source("eluge", BLUE_ELUGE), *flooded, spells_cast_this_turn=[bolt])
    assert total(second, instant) == "{2}{U}"
    assert not verdict(second, instant)


def test_creature_spells_with_power_four_or_greater() -> None:
    """A 5/5 creature card's spell costs {2} less (its printed power, CR 208): {3}{G}{G} is {1}{G}{G}, which
    three Forests pay; a 3/3's {3}{G}{G} stays. A cost given without its card has no power: not applied, and
    warned."""
    board = board_of(source("claw", GORECLAW), *[mine(f"f{n}", "Forest") for n in range(3)])
    five = {"name": "Test Five", "type_line": "Creature — Beast", "mana_cost": "{3}{G}{G}", "power": 5}
    big = spell_target(Card.from_json(five))
    assert total(board, big) == "{1}{G}{G}"
    assert verdict(board, big)
    small = spell_target(Card.from_json({**five, "name": "Test Three", "power": 3}))
    assert total(board, small) == "{3}{G}{G}"
    assert not verdict(board, small)
    bare = PaymentTarget.of("{3}{G}{G}", type_line="Creature — Beast")
    assert total(board, bare) == "{3}{G}{G}"
    assert any("power is not known" in reason for reason in reasons(board, bare))


def test_plan_turn_casts_from_the_hand() -> None:
    """A turn's spells come from the hand (CR 601.2a): 'from your graveyard' takes nothing off and is not
    warned as unknown; a tapped Omenreader's reduction applies to a creature spell of the hand."""
    bear = {"name": "Test Bear", "type_line": "Creature — Bear", "mana_cost": "{2}{G}", "power": 2}
    goblin = board_of(source("goblin", FROM_GRAVEYARD), mine("f", "Forest"), hand=[bear])
    turn = plan_turn(goblin, casts=["Test Bear"], no_land=True)
    assert not turn.castable
    assert not any("--cast-from" in w.reason for w in turn.warnings)
    omen = board_of(source("omen", OMEN, tapped=True), mine("f", "Forest"), hand=[bear])
    assert plan_turn(omen, casts=["Test Bear"], no_land=True).castable


def test_the_command_takes_cast_from_and_target(tmp_path: Path) -> None:
    """``pay --cast-from graveyard`` applies the reduction; a zone not known, or a target id not on the board,
    is bad input naming the option (exit 2)."""
    data = board_of(source("doc", FROM_GRAVEYARD), *mountains(1)).to_dict()
    path = tmp_path / "board.json"
    path.write_text(json.dumps(data), encoding="utf-8")

    def run(*args: str) -> subprocess.CompletedProcess[str]:
        command = [sys.executable, "-m", "planner", "pay", str(path), "{2}{R}", "--json", *args]
        return subprocess.run(command, capture_output=True, text=True, cwd=ROOT, check=False)

    paid = run("--cast-from", "graveyard")
    assert paid.returncode == 0 and json.loads(paid.stdout)["payable"] is True
    assert run("--cast-from", "hand").returncode == 1
    bad_zone = run("--cast-from", "attic")
    assert bad_zone.returncode == 2 and "--cast-from" in bad_zone.stderr
    bad_target = run("--target", "nowhere")
    assert bad_target.returncode == 2 and "--target nowhere" in bad_target.stderr
