"""The spells a player cast this turn (issue 35, an extension of contract section 10):
``spells_cast_this_turn`` is a count or a list of the spells (cards, as in ``hand``), what a spell's own
cost reads in "This spell costs {U} less to cast for each instant and sorcery you've cast this turn."
(Demilich) and "This spell costs {2} less to cast if you've cast another instant or sorcery spell this
turn." (Mage Duel). The total cost is locked in as it is determined (CR 601.2f); a colored reduction comes
off the colored part, and what the cost lacks of it off the generic part (CR 118.7b-d). "Another" leaves
nothing out: the spell whose cost is determined becomes cast only once its costs are paid (CR 601.2i). A
count alone of one or more answers "another spell", but not which were instants: none is counted and a
warning names the path.

``plan-turn`` adds each spell it casts to the list for the spells after it (CR 601.2i), so the order of the
spells matters. The cards are made up in the phrases of real cards; values are derived by hand and checked
against the reference search where ``pay`` answers.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from models.board import Board, Card
from models.oracle import parse_oracle
from models.spells import spell_target
from planner.answer import PayResult
from planner.api import pay
from planner.rules.reference import reference_search
from planner.rules.view import BoardView, locked_in
from planner.turn import plan_turn

#: Demilich's shape: {U} less for each instant and sorcery cast this turn.
LICH: dict[str, Any] = {
    "name": "Test Lich",
    "type_line": "Creature — Skeleton Wizard",
    "mana_cost": "{U}{U}{U}{U}",
    "oracle": "This spell costs {U} less to cast for each instant and sorcery you've cast this turn.",
}
#: Mage Duel's shape: {2} less once another instant or sorcery was cast this turn.
DUEL: dict[str, Any] = {
    "name": "Test Duel",
    "type_line": "Sorcery",
    "mana_cost": "{2}{G}",
    "oracle": "This spell costs {2} less to cast if you've cast another instant or sorcery spell this turn.",
}
#: Focus the Mind's shape: {2} less once any other spell was cast this turn (a count answers it).
FOCUS: dict[str, Any] = {
    "name": "Test Focus",
    "type_line": "Instant",
    "mana_cost": "{4}{U}",
    "oracle": "This spell costs {2} less to cast if you've cast another spell this turn.\nDraw two cards.",
}
OPT: dict[str, Any] = {
    "name": "Test Opt",
    "type_line": "Instant",
    "mana_cost": "{U}",
    "oracle": "Draw a card.",
}
PONDER: dict[str, Any] = {
    "name": "Test Ponder",
    "type_line": "Sorcery",
    "mana_cost": "{U}",
    "oracle": "Draw a card.",
}
BEAR: dict[str, Any] = {"name": "Test Bear", "type_line": "Creature — Bear", "mana_cost": "{1}{G}"}


def _board(lands: str, count: int, cast: list[Any] | int, hand: Sequence[Any] = ()) -> Board:
    """``count`` lands of one kind of "me", who cast ``cast`` this turn (a list or a count)."""
    permanents = [{"id": f"l{n}", "card": lands, "controller": "me"} for n in range(count)]
    me = {"id": "me", "spells_cast_this_turn": cast, "hand": list(hand)}
    return Board.from_dict({"version": 1, "players": [me, {"id": "opp"}], "permanents": permanents})


def _pay(board: Board, card: dict[str, Any], cost: str) -> PayResult:
    """``pay`` of the card as a spell, once its total cost is checked to be ``cost`` (derived by hand), and
    its verdict checked against the reference search's on that cost (the reference pays a cost as locked
    in)."""
    target = spell_target(Card.from_json(card))
    locked = locked_in(BoardView(board), target, "me")
    assert str(locked.cost) == cost
    result = pay(board, target)
    assert result.payable == reference_search(board, locked).payable
    return result


def test_the_sentences_are_read_not_set_aside() -> None:
    for card in (LICH, DUEL, FOCUS):
        parsed = parse_oracle(card["oracle"], card["name"])
        assert not parsed.unsupported, parsed.unsupported


@pytest.mark.parametrize(
    ("cast", "islands", "cost", "payable"),
    [
        # two instants/sorceries: {U}{U}{U}{U} less {U}{U} is {U}{U} (CR 601.2f, 118.7b)
        (["Lightning Bolt", "Sol Ring", PONDER], 2, "{U}{U}", True),
        (["Lightning Bolt", "Sol Ring", PONDER], 1, "{U}{U}", False),
        # an artifact alone counts nothing: {U}{U}{U}{U}
        (["Sol Ring"], 3, "{U}{U}{U}{U}", False),
        (["Sol Ring"], 4, "{U}{U}{U}{U}", True),
        # five: four {U} off, the fifth would take {1} off generic mana the cost lacks (CR 118.7d): free
        ([OPT, OPT, OPT, PONDER, PONDER], 0, "{0}", True),
    ],
)
def test_the_lich_costs_one_blue_less_for_each_instant_and_sorcery(
    cast: list[Any], islands: int, cost: str, payable: bool
) -> None:
    result = _pay(_board("Island", islands, cast), LICH, cost)
    assert result.payable is payable
    assert not result.warnings  # (the board lists the spells: nothing assumed)


def test_a_count_alone_counts_no_instant_and_says_so() -> None:
    """One spell cast, its type unknown: none is counted ({U}{U}{U}{U} from three Islands: no), and the
    warning names the sentence and the path."""
    result = pay(_board("Island", 3, 1), spell_target(Card.from_json(LICH)))
    assert result.payable is False
    (warning,) = result.warnings
    assert "instant and sorcery you've cast this turn" in warning.sentence
    assert warning.reason == "players[0].spells_cast_this_turn gives how many spells, not which: none counted"


@pytest.mark.parametrize(
    ("cast", "cost"),
    [(["Lightning Bolt"], "{G}"), ([PONDER, BEAR], "{G}"), ([BEAR], "{2}{G}"), ([], "{2}{G}")],
)
def test_the_duel_costs_two_less_after_another_instant_or_sorcery(cast: list[Any], cost: str) -> None:
    """{2}{G} less {2} is {G}: one Forest pays it once an instant or a sorcery was cast this turn."""
    result = _pay(_board("Forest", 1, cast), DUEL, cost)
    assert result.payable is (cost == "{G}") and not result.warnings


def test_another_spell_reads_a_count() -> None:
    """'if you've cast another spell this turn': a count of one answers it ({4}{U} less {2}: three Islands),
    none cast leaves {4}{U}; no warning either way."""
    assert _pay(_board("Island", 3, 1), FOCUS, "{2}{U}").payable
    assert _pay(_board("Island", 3, 0), FOCUS, "{4}{U}").payable is False
    assert not pay(_board("Island", 3, 1), spell_target(Card.from_json(FOCUS))).warnings


def test_the_list_is_read_and_written_back() -> None:
    board = _board("Island", 0, ["Lightning Bolt", PONDER])
    me = board.player("me")
    assert me.spells_cast_this_turn == 2
    assert me.to_dict()["spells_cast_this_turn"] == ["Lightning Bolt", PONDER]
    assert Board.from_dict(board.to_dict()) == board


def test_plan_turn_casts_the_instants_first_for_the_lich() -> None:
    """Four Islands and a hand of the Lich and two Opts: Opt, Opt ({U} each), then the Lich for {U}{U}
    (two instants cast before it, CR 601.2i): mana value 6. Cast first it would take all four Islands."""
    turn = plan_turn(_board("Island", 4, 0, [LICH, OPT, OPT]))
    assert [spell.card for spell in turn.spells] == ["Test Opt", "Test Opt", "Test Lich"]
    assert turn.mana_value_cast == 6 and turn.optimal and not turn.warnings
    assert turn.spells[2].payment.total_cost == "{U}{U}"


def test_plan_turn_adds_to_the_spells_already_cast() -> None:
    """A sorcery cast before the turn's plan and the Opt it casts: the Lich costs {U}{U}, three Islands
    pay the Opt and the Lich (mana value 5)."""
    turn = plan_turn(_board("Island", 3, [PONDER], [LICH, OPT]))
    assert [spell.card for spell in turn.spells] == ["Test Opt", "Test Lich"]
    assert turn.mana_value_cast == 5


def test_plan_turn_casts_the_duel_after_an_instant() -> None:
    """Two Forests and an Island: the Opt ({U}), then the Duel for {G} (mana value 1 + 3 = 4, a Forest left,
    too little for the Bear's {1}{G}); the Bear and the Opt make 3, and the Duel cast first costs {2}{G}."""
    permanents = [
        {"id": "f0", "card": "Forest", "controller": "me"},
        {"id": "f1", "card": "Forest", "controller": "me"},
        {"id": "i", "card": "Island", "controller": "me"},
    ]
    me = {"id": "me", "hand": [DUEL, OPT, BEAR]}
    board = Board.from_dict({"version": 1, "players": [me], "permanents": permanents})
    turn = plan_turn(board)
    assert [spell.card for spell in turn.spells] == ["Test Opt", "Test Duel"]
    assert turn.mana_value_cast == 4


@pytest.mark.parametrize(("mountains", "bolts"), [(2, 1), (3, 2)])
def test_plan_turn_pays_damping_spheres_tax_on_each_later_spell(mountains: int, bolts: int) -> None:
    """An opponent's Damping Sphere: each spell costs {1} more for each other spell its caster cast this turn
    (CR 601.2f). Two Bolts cost {R} then {1}{R}: two Mountains cast one, three cast both. (Before, the plan
    paid the second Bolt as {R} and the replay refused it: an internal error.)"""
    permanents: list[dict[str, Any]] = [
        {"id": f"m{n}", "card": "Mountain", "controller": "me"} for n in range(mountains)
    ]
    permanents.append({"id": "ds", "card": "Damping Sphere", "controller": "opp"})
    me = {"id": "me", "hand": ["Lightning Bolt", "Lightning Bolt"]}
    board = Board.from_dict({"version": 1, "players": [me, {"id": "opp"}], "permanents": permanents})
    turn = plan_turn(board)
    assert [spell.payment.total_cost for spell in turn.spells] == ["{R}", "{1}{R}"][:bolts]


#: Conduit of Ruin's shape: only the first creature spell its controller casts each turn costs {2} less.
CONDUIT: dict[str, Any] = {
    "id": "c",
    "name": "Test Conduit",
    "type_line": "Creature — Eldrazi",
    "controller": "me",
    "oracle": "The first creature spell you cast each turn costs {2} less to cast.",
}
#: Raging Battle Mouse's shape: the second spell of the turn costs {1} less (a count answers it).
MOUSE: dict[str, Any] = {
    "id": "r",
    "name": "Test Mouse",
    "type_line": "Creature — Mouse",
    "controller": "me",
    "oracle": "The second spell you cast each turn costs {1} less to cast.",
}
BEAST: dict[str, Any] = {"name": "Test Beast", "type_line": "Creature — Beast", "mana_cost": "{3}{G}"}


def _with(permanent: dict[str, Any], forests: int, cast: list[Any] | int, hand: Sequence[Any] = ()) -> Board:
    permanents = [permanent, *({"id": f"f{n}", "card": "Forest", "controller": "me"} for n in range(forests))]
    me = {"id": "me", "spells_cast_this_turn": cast, "hand": list(hand)}
    return Board.from_dict({"version": 1, "players": [me], "permanents": permanents})


@pytest.mark.parametrize(
    ("cast", "cost"),
    [
        ([], "{1}{G}"),  # the first creature spell: {3}{G} less {2} (CR 601.2f)
        (["Lightning Bolt", "Sol Ring"], "{1}{G}"),  # (no creature spell cast before it)
        ([BEAR], "{3}{G}"),  # the second creature spell
    ],
)
def test_the_first_creature_spell_each_turn_costs_two_less(cast: list[Any], cost: str) -> None:
    result = _pay(_with(CONDUIT, 2, cast), BEAST, cost)
    assert result.payable is (cost == "{1}{G}") and not result.warnings


def test_a_count_alone_does_not_say_which_was_the_first_creature_spell() -> None:
    """One spell cast, of a type not given: the reduction is not applied, and the warning names the path."""
    result = pay(_with(CONDUIT, 4, 1), spell_target(Card.from_json(BEAST)))
    assert result.payable and result.total_cost == "{3}{G}"
    (warning,) = result.warnings
    assert warning.permanent == "c"
    assert warning.reason == "players[0].spells_cast_this_turn gives how many spells, not which: not applied"


@pytest.mark.parametrize(("cast", "cost"), [(0, "{3}{G}"), (1, "{2}{G}"), (2, "{3}{G}"), ([BEAR], "{2}{G}")])
def test_the_second_spell_each_turn_costs_one_less(cast: list[Any] | int, cost: str) -> None:
    result = _pay(_with(MOUSE, 3, cast), BEAST, cost)
    assert result.payable is (cost == "{2}{G}") and not result.warnings


@pytest.mark.parametrize(("forests", "beasts"), [(4, 1), (6, 2)])
def test_plan_turn_reduces_only_the_first_creature_spell(forests: int, beasts: int) -> None:
    """Two Beasts under the Conduit: the first costs {1}{G}, the second {3}{G} (six mana for both)."""
    turn = plan_turn(_with(CONDUIT, forests, 0, [BEAST, BEAST]))
    assert [spell.payment.total_cost for spell in turn.spells] == ["{1}{G}", "{3}{G}"][:beasts]
    assert turn.mana_value_cast == 4 * beasts and not turn.warnings


#: Patrician's Scorn's shape: free once another white spell was cast this turn (CR 118.9).
SCORN: dict[str, Any] = {
    "name": "Test Scorn",
    "type_line": "Instant",
    "mana_cost": "{3}{W}",
    "oracle": "If you've cast another white spell this turn, you may cast this spell without paying its mana "
    "cost.\nYou gain 4 life.",
}
PATH: dict[str, Any] = {
    "name": "Test Path",
    "type_line": "Instant",
    "mana_cost": "{W}",
    "oracle": "You gain 1 life.",
}


@pytest.mark.parametrize(("cast", "payable"), [([PATH], True), (["Lightning Bolt"], False), ([], False)])
def test_the_scorn_is_free_after_another_white_spell(cast: list[Any], payable: bool) -> None:
    """No land: only the alternative cost pays, once a white spell is listed as cast this turn."""
    result = pay(_board("Plains", 0, cast), spell_target(Card.from_json(SCORN)))
    assert result.payable is payable and not result.warnings


def test_a_count_alone_does_not_make_the_scorn_free_and_says_so() -> None:
    result = pay(_board("Plains", 0, 1), spell_target(Card.from_json(SCORN)))
    assert result.payable is False
    assert [w.reason for w in result.warnings] == [
        "players[0].spells_cast_this_turn gives how many spells, not which: not used"
    ]


def test_plan_turn_casts_the_scorn_free_after_a_white_spell() -> None:
    """One Plains: the Path ({W}), then the Scorn for nothing (mana value 1 + 4)."""
    turn = plan_turn(_board("Plains", 1, 0, [SCORN, PATH]))
    assert [spell.card for spell in turn.spells] == ["Test Path", "Test Scorn"]
    assert turn.mana_value_cast == 5 and turn.spells[1].payment.total_cost == "{0}"
