"""The turn's events the board records of its players (issue 35 item 2, contract section 10 extensions):
``life_lost_this_turn`` (CR 119.3), ``attacked_with_this_turn`` (a count or the creatures, CR 508.1a),
``committed_crime_this_turn`` (CR 700.13), ``cards_left_graveyard_this_turn``. One condition category of
the grammar (``turn_event``) reads them wherever a card asks: a spell's own cost change ("This spell costs
{1} less to cast if you've committed a crime this turn."), an alternative cost's condition (raid's "If you
attacked with a creature this turn, you may pay {U} rather than pay this spell's mana cost."), spectacle's
keyword cost (CR 702.137a: "if an opponent lost life this turn"). Not given: none counted, and the answer's
``warnings`` name the field by its JSON path (never guessed). The cards are our own; the expected answers are
worked out by hand from the rules, each payment checked against the reference search where one is made.
"""

from __future__ import annotations

from typing import Any

import pytest
from boards import ME, OPP, search
from turn_brute_force import matches_brute_force

from models.board import Board
from models.cost import PaymentTarget
from models.errors import BoardError
from models.spells import spell_of
from planner.api import pay
from planner.turn import plan_turn

STAGE = spell_of("{2}{R}", type_line="Sorcery", name="Test Stage", text="Spectacle {R}\nDraw a card.")
SECRETS = spell_of(
    "{2}{U}",
    type_line="Sorcery",
    name="Test Secrets",
    text="This spell costs {1} less to cast if you've committed a crime this turn.\nDraw two cards.",
)
ORDER = spell_of(
    "{1}{U}{U}",
    type_line="Instant",
    name="Test Order",
    text="If you attacked with a creature this turn, you may pay {U} rather than pay this spell's mana "
    "cost.\nCounter target spell.",
)
SALVO = spell_of(
    "{5}{R}",
    type_line="Instant",
    name="Test Salvo",
    text="This spell costs {3} less to cast if you attacked with three or more creatures this turn.\n"
    "Draw a card.",
)
DOCKING = spell_of(
    "{4}{U}",
    type_line="Sorcery",
    name="Test Docking",
    text="This spell costs {3} less to cast if you attacked with a Spacecraft this turn.\nDraw a card.",
)
WILT_CARD = {
    "name": "Test Wilt",
    "type_line": "Instant",
    "mana_cost": "{2}{R}",
    "oracle": "This spell costs {2} less to cast if one or more cards left your graveyard this turn.\n"
    "Draw a card.",
}
WILT = spell_of(WILT_CARD["mana_cost"], type_line="Instant", name="Test Wilt", text=WILT_CARD["oracle"])


def _board(
    lands: str, count: int, me: dict[str, Any] | None = None, opp: dict[str, Any] | None = None
) -> Board:
    return Board.from_dict(
        {
            "version": 1,
            "players": [{"id": ME, **(me or {})}, {"id": OPP, **(opp or {})}],
            "permanents": [{"id": f"l{n}", "card": lands, "controller": ME} for n in range(count)],
        }
    )


def _paid(board: Board, spell: PaymentTarget, cost: str) -> bool:
    """``pay``'s verdict, checked against the reference search of the cost the rules leave to pay."""
    result = pay(board, spell)
    assert result.payable == search(board, cost).payable, result.to_json()
    return result.payable


@pytest.mark.parametrize(("lost", "payable"), [(2, True), (0, False)])
def test_spectacle_once_an_opponent_lost_life(lost: int, payable: bool) -> None:
    """One Mountain: spectacle {R} (CR 702.137a) only if an opponent lost life this turn; else {2}{R}."""
    board = _board("Mountain", 1, opp={"life_lost_this_turn": lost})
    assert _paid(board, STAGE, "{R}" if lost else "{2}{R}") is payable
    assert not pay(board, STAGE).warnings


def test_spectacle_not_given_is_warned() -> None:
    result = pay(_board("Mountain", 1), STAGE)
    assert not result.payable
    assert [w.reason for w in result.warnings] == [
        "players[1].life_lost_this_turn is not given: none counted"
    ]


def test_spectacle_reads_the_opponents_not_the_caster() -> None:
    """The caster's own life lost is no opponent's (CR 702.137a)."""
    assert not pay(
        _board("Mountain", 1, me={"life_lost_this_turn": 5}, opp={"life_lost_this_turn": 0}), STAGE
    ).payable


@pytest.mark.parametrize(("crime", "cost"), [(True, "{1}{U}"), (False, "{2}{U}")])
def test_a_crime_takes_one_off(crime: bool, cost: str) -> None:
    """Two Islands: {2}{U} - {1} = {1}{U} once a crime was committed (CR 700.13, 601.2f); else 3 mana."""
    board = _board("Island", 2, me={"committed_crime_this_turn": crime})
    assert _paid(board, SECRETS, cost) is crime


def test_a_crime_not_given_is_warned() -> None:
    result = pay(_board("Island", 2), SECRETS)
    assert not result.payable
    assert [w.reason for w in result.warnings] == [
        "players[0].committed_crime_this_turn is not given: none counted"
    ]


@pytest.mark.parametrize(("attacked", "payable"), [(1, True), (["Llanowar Elves"], True), (0, False)])
def test_raid_alternative_cost(attacked: Any, payable: bool) -> None:
    """One Island: {U} rather than {1}{U}{U} once a creature attacked this turn (CR 508.1a, 118.9)."""
    board = _board("Island", 1, me={"attacked_with_this_turn": attacked})
    assert _paid(board, ORDER, "{U}" if payable else "{1}{U}{U}") is payable
    assert not pay(board, ORDER).warnings


def test_raid_not_given_is_warned() -> None:
    result = pay(_board("Island", 1), ORDER)
    assert not result.payable
    assert [w.reason for w in result.warnings] == [
        "players[0].attacked_with_this_turn is not given: none counted"
    ]


@pytest.mark.parametrize(("attacked", "payable"), [(3, True), (2, False)])
def test_three_or_more_attackers(attacked: int, payable: bool) -> None:
    """Three Mountains: {5}{R} - {3} = {2}{R} with three attackers; two are not enough (six mana)."""
    board = _board("Mountain", 3, me={"attacked_with_this_turn": attacked})
    assert _paid(board, SALVO, "{2}{R}" if payable else "{5}{R}") is payable


def test_which_attacked_needs_the_list() -> None:
    """Two Islands: {4}{U} - {3} = {1}{U} only once a Spacecraft attacked; a count alone says how many
    attacked, not which: not applied, warned."""
    ship = {"name": "Test Ship", "type_line": "Artifact — Spacecraft"}
    listed = _board("Island", 2, me={"attacked_with_this_turn": [ship, "Llanowar Elves"]})
    assert _paid(listed, DOCKING, "{1}{U}")
    elves = _board("Island", 2, me={"attacked_with_this_turn": ["Llanowar Elves"]})
    assert not _paid(elves, DOCKING, "{4}{U}")
    counted = pay(_board("Island", 2, me={"attacked_with_this_turn": 2}), DOCKING)
    assert not counted.payable
    assert [w.reason for w in counted.warnings] == [
        "players[0].attacked_with_this_turn gives how many creatures, not which: none counted"
    ]


@pytest.mark.parametrize(("left", "payable"), [(1, True), (0, False)])
def test_a_card_left_the_graveyard(left: int, payable: bool) -> None:
    """One Mountain: {2}{R} - {2} = {R} once a card left the caster's graveyard this turn."""
    board = _board("Mountain", 1, me={"cards_left_graveyard_this_turn": left})
    assert _paid(board, WILT, "{R}" if payable else "{2}{R}") is payable


@pytest.mark.parametrize(
    ("field", "value", "why"),
    [
        ("life_lost_this_turn", -1, "expected a count of 0 or more"),
        ("attacked_with_this_turn", "many", "expected a count of creatures or a list of cards"),
        ("attacked_with_this_turn", [7], "expected a card"),
        ("committed_crime_this_turn", 1, "expected true or false"),
        ("cards_left_graveyard_this_turn", 1.5, "expected"),
    ],
)
def test_bad_input_names_its_path(field: str, value: Any, why: str) -> None:
    with pytest.raises(BoardError) as error:
        _board("Island", 1, me={field: value})
    assert f"players[0].{field}" in str(error.value) and why in str(error.value)


def test_the_records_round_trip() -> None:
    me = {
        "life_lost_this_turn": 3,
        "attacked_with_this_turn": ["Llanowar Elves"],
        "committed_crime_this_turn": False,
        "cards_left_graveyard_this_turn": 0,
    }
    board = _board("Island", 1, me=me)
    assert board.player(ME).attacked_with_this_turn == 1
    assert Board.from_dict(board.to_dict()) == board
    assert {k: v for k, v in board.to_dict()["players"][0].items() if k != "id"} == me


LOOTING = {
    "name": "Test Looting",
    "type_line": "Sorcery",
    "mana_cost": "{1}{R}",
    "oracle": "Draw two cards.\nFlashback {R}",
}


@pytest.mark.parametrize(("left", "cast"), [(0, ["Test Looting", "Test Wilt"]), (None, ["Test Looting"])])
def test_a_plan_graveyard_cast_is_a_card_that_left_it(left: int | None, cast: list[str]) -> None:
    """Two Mountains. Looting's flashback ({R}) casts it from the graveyard: a card left it (CR 601.2a), so
    Wilt costs {2}{R} - {2} = {R}, the second Mountain: both cast. Not given, the turn's earlier events are
    not known: the count stays not given, none counted, and Wilt ({2}{R}) is not cast."""
    me: dict[str, Any] = {"id": ME, "graveyard": [LOOTING], "hand": [WILT_CARD]}
    if left is not None:
        me["cards_left_graveyard_this_turn"] = left
    board = Board.from_dict(
        {
            "version": 1,
            "players": [me],
            "permanents": [{"id": f"m{n}", "card": "Mountain", "controller": ME} for n in range(2)],
        }
    )
    turn = matches_brute_force(board)
    assert [s.card for s in turn.spells] == cast, turn.to_json()


BUSHWHACKER = {
    "name": "Test Bushwhacker",
    "type_line": "Creature — Goblin",
    "mana_cost": "{2}{R}",
    "oracle": "Surge {1}{R}\nHaste",
}
SHOCK = {"name": "Test Jolt", "type_line": "Instant", "mana_cost": "{R}", "oracle": "Draw a card."}


@pytest.mark.parametrize(("cast", "payable"), [(1, True), (0, False)])
def test_surge_once_another_spell_was_cast(cast: int, payable: bool) -> None:
    """Two Mountains: surge {1}{R} (CR 702.117a) only once the caster cast another spell this turn (a board
    has no teams: no teammate's spell counts); else {2}{R}, three mana."""
    board = _board("Mountain", 2, me={"spells_cast_this_turn": cast})
    spell = spell_of(
        "{2}{R}", type_line="Creature — Goblin", name="Test Bushwhacker", text=BUSHWHACKER["oracle"]
    )
    assert _paid(board, spell, "{1}{R}" if payable else "{2}{R}") is payable
    assert not pay(board, spell).warnings


def test_a_turn_notes_surge_it_does_not_plan() -> None:
    """Three Mountains: Jolt ({R}) then Bushwhacker for surge ({1}{R}) casts both; the turn does not plan a
    keyword's way (what resolves is not followed), so it pays Bushwhacker's {2}{R} and says so: the plan is
    not called optimal (never a silent worse plan)."""
    board = Board.from_dict(
        {
            "version": 1,
            "players": [{"id": ME, "hand": [BUSHWHACKER, SHOCK]}],
            "permanents": [{"id": f"m{n}", "card": "Mountain", "controller": ME} for n in range(3)],
        }
    )
    turn = plan_turn(board, time_limit=60)
    assert not turn.optimal
    assert any("surge: pay {1}{R}, once you've cast another spell this turn" in note for note in turn.notes)


DETONATION = spell_of(
    "{3}{R}",
    type_line="Instant",
    name="Test Detonation",
    text="This spell costs {3} less to cast if you've sacrificed an artifact this turn.\nDraw a card.",
)


@pytest.mark.parametrize(("sacrificed", "payable"), [(["Treasure"], True), (["Llanowar Elves"], False)])
def test_an_artifact_sacrificed_this_turn(sacrificed: list[str], payable: bool) -> None:
    """One Mountain: {3}{R} - {3} = {R} once the caster sacrificed an artifact this turn (CR 701.21a: the
    board's sacrificed_this_turn); a creature sacrificed is no artifact (four mana)."""
    board = _board("Mountain", 1, me={"sacrificed_this_turn": sacrificed})
    assert _paid(board, DETONATION, "{R}" if payable else "{3}{R}") is payable


def test_an_artifact_sacrificed_not_given_is_warned() -> None:
    result = pay(_board("Mountain", 1), DETONATION)
    assert not result.payable
    assert [w.reason for w in result.warnings] == [
        "players[0].sacrificed_this_turn is not given: none counted"
    ]


FEEDING = {
    "name": "Test Feeding",
    "type_line": "Sorcery",
    "mana_cost": "{R}",
    "oracle": "As an additional cost to cast this spell, sacrifice an artifact.\nDraw a card.",
}


@pytest.mark.parametrize(
    ("given", "cast"), [([], ["Test Feeding", "Test Detonation"]), (None, ["Test Feeding"])]
)
def test_a_plan_sacrifice_is_recorded_for_later_spells(given: list[str] | None, cast: list[str]) -> None:
    """Two Mountains and Test Trinket (an artifact with no ability). Feeding ({R}) sacrifices the Trinket:
    an artifact sacrificed this turn (CR 701.21a), so Detonation costs {3}{R} - {3} = {R}, the other
    Mountain: both cast. Not given, the turn's earlier sacrifices are not known: none counted, and
    Detonation ({3}{R}) is not cast after Feeding. The turn brute force agrees."""
    me: dict[str, Any] = {"id": ME, "hand": [FEEDING, {**WILT_CARD, **_card(DETONATION)}]}
    if given is not None:
        me["sacrificed_this_turn"] = given
    board = Board.from_dict(
        {
            "version": 1,
            "players": [me],
            "permanents": [
                *({"id": f"m{n}", "card": "Mountain", "controller": ME} for n in range(2)),
                {"id": "t", "name": "Test Trinket", "type_line": "Artifact", "oracle": "", "controller": ME},
            ],
        }
    )
    turn = matches_brute_force(board)
    assert [s.card for s in turn.spells] == cast, turn.to_json()


def _card(spell: PaymentTarget) -> dict[str, Any]:
    """The hand card of a spell made with ``spell_of``."""
    return {
        "name": spell.name,
        "type_line": str(spell.type_line),
        "mana_cost": str(spell.cost),
        "oracle": spell.text,
    }


INDULGENCE = spell_of(
    "{3}{B}",
    type_line="Instant",
    name="Test Indulgence",
    text="This spell costs {3} less to cast if you've gained 3 or more life this turn.\nDraw a card.",
)


@pytest.mark.parametrize(("gained", "payable"), [(3, True), (5, True), (2, False)])
def test_three_or_more_life_gained(gained: int, payable: bool) -> None:
    """One Swamp: {3}{B} - {3} = {B} once the caster gained 3 or more life this turn (the board's
    life_gained_this_turn, contract section 10); 2 is not enough (four mana)."""
    board = _board("Swamp", 1, me={"life_gained_this_turn": gained})
    assert _paid(board, INDULGENCE, "{B}" if payable else "{3}{B}") is payable
