"""MTG Arena logs (contract section 13): the boards and costs read from GRE messages, our answers in Arena's
``autoTapSolution`` shape, and how they compare with Arena's own.

``tests/fixtures/arena/small.log`` was written for these tests in Arena's format: seat 1 has two Islands
(instances 10, 11) and a dual land that Arena lists as making {U} or {G} (12); its card ids are made up, and
``arena-cards.json`` is a Scryfall-format file giving them (``arena_id``). Answers are worked out by hand in
each test's comment.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from models.arena import arena_cost, read_log
from models.carddata.names import CardResolver
from models.errors import BoardError
from planner.arena import answer_request, autotap_request
from planner.cards.importer import import_files
from planner.cards.store import CardStore
from planner.cli import app
from planner.service.methods import RpcError, Service

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "arena"
LOG = FIXTURES / "small.log"
runner = CliRunner()


def verdicts(store: CardResolver | None = None) -> dict[int, tuple[str, str]]:
    log = read_log(LOG.read_text(), str(LOG), cards=store)
    return {a.action.instance_id: (a.agreement, a.why) for a in answer_request(log.requests[0])}


def test_the_board_and_the_costs_of_the_local_seat() -> None:
    log = read_log(LOG.read_text(), str(LOG))
    assert log.seat == 1
    assert len(log.requests) == 1  # (the request for seat 2 is not ours)
    request = log.requests[0]
    assert (request.line, request.msg_id, request.game_state_id, request.player) == (9, 2, 5, "seat1")
    assert [(p.id, p.oracle, p.tapped) for p in request.board.permanents] == [
        ("10", "{T}: Add {U}.", False),
        ("11", "{T}: Add {U}.", False),
        ("12", "{T}: Add {U} or {G}.", False),
    ]
    assert request.board.player("seat2").life == 17
    costs = [(a.action_type, a.instance_id, a.listed_in, a.cost_text) for a in request.actions]
    assert costs == [
        ("Cast", 30, "actions", "{1}{U}"),
        ("Cast", 31, "actions", "{U}"),
        ("Cast", 35, "actions", "{U}"),
        ("Cast", 32, "actions", "{2}{U}{U}"),
        ("Activate", 33, "actions", ""),
        ("Cast", 34, "inactiveActions", "{G}"),
    ]
    assert "Activate 33: manaCost[0]: color 'ManaColor_Purple' not read" in request.warnings
    assert (
        "instance 12: grpId 900002 is not in the card store: read as a Land — Forest Island that makes what "
        "Arena lists "
        "({U} or {G})" in request.warnings
    )


def test_each_action_compared_with_arena() -> None:
    found = verdicts()
    # {1}{U}: Arena taps an Island and the dual, leaving an Island ({U}): green is lost. Tapping both
    # Islands leaves the dual, which makes both colors.
    assert found[30] == ("ours better", "colors lost: ours 0, Arena's 1")
    # {U}: Arena taps Island 11; one Island is as good as the other.
    assert found[35][0] in ("same sources", "equally good")
    # {2}{U}{U}: four mana from three sources: nobody pays.
    assert found[32][0] == "neither pays"
    # A cost with a color Arena's schema lacks: no answer, never a "no".
    assert found[33] == ("no answer", "its cost could not be read")
    # {G}, listed as inactive by Arena: the dual pays it.
    assert found[34] == (
        "only ours pays",
        "Arena gives no autoTapSolution (the action is listed as inactive)",
    )


def test_cards_found_by_their_arena_id_in_the_store(tmp_path: Path) -> None:
    store = CardStore(tmp_path / "cards.sqlite3")
    import_files([FIXTURES / "arena-cards.json"], store)
    resolver = CardResolver(store)
    island = resolver.resolve_arena(900003)  # (an older printing's id finds the card too)
    assert island is not None and island.name == "Island"
    log = read_log(LOG.read_text(), str(LOG), cards=resolver)
    request = log.requests[0]
    assert [p.name for p in request.board.permanents] == ["Island", "Island", "Tropical Island"]
    assert not [w for w in request.warnings if "card store" in w]
    assert verdicts(resolver)[30][0] == "ours better"


def test_our_answer_in_arenas_shape() -> None:
    result = runner.invoke(app, ["arena", str(LOG), "--json"])
    assert result.exit_code == 0, result.output
    answer = json.loads(result.stdout)
    first = answer["actions"][0]
    assert first["instanceId"] == 30 and first["arena_sources"] == [10, 12]
    assert first["our_sources"] == [10, 11]
    assert first["autoTapSolution"] == {
        "autoTapActions": [
            {
                "instanceId": 10,
                "abilityGrpId": 1002,
                "manaPaymentOption": {"mana": [{"color": "ManaColor_Blue", "srcInstanceId": 10, "count": 1}]},
            },
            {
                "instanceId": 11,
                "abilityGrpId": 1002,
                "manaPaymentOption": {"mana": [{"color": "ManaColor_Blue", "srcInstanceId": 11, "count": 1}]},
            },
        ]
    }
    assert answer["summary"]["actions"] == 6 and answer["summary"]["with_arena_solution"] == 3
    assert answer["actions"][3]["autoTapSolution"] is None  # (not payable)


def test_the_table_ends_with_a_summary_line() -> None:
    result = runner.invoke(app, ["arena", str(LOG)])
    assert result.exit_code == 0, result.output
    last = result.stdout.strip().splitlines()[-1]
    assert last.startswith("6 actions in 1 requests, 3 with Arena's autoTapSolution: we agree on ")


def test_a_file_that_is_no_arena_log_is_exit_2_with_one_line(tmp_path: Path) -> None:
    other = tmp_path / "notes.log"
    other.write_text("PAPA:Update()\n")
    result = runner.invoke(app, ["arena", str(other)])
    assert result.exit_code == 2
    assert result.stderr.strip().splitlines() == [
        f"mana-planner: {other}: (root): not an MTG Arena Player.log: no GreToClientEvent message"
    ]
    with pytest.raises(BoardError):
        read_log("", "empty.log")


@pytest.mark.parametrize(
    ("entries", "cost"),
    [
        ([{"color": ["ManaColor_Generic"], "count": 3}], "{3}"),
        ([{"color": ["ManaColor_X"], "count": 1}, {"color": ["ManaColor_Red"], "count": 2}], "{X}{R}{R}"),
        ([{"color": ["ManaColor_TwoGeneric", "ManaColor_Green"], "count": 1}], "{2/G}"),
        ([{"color": ["ManaColor_Phyrexian", "ManaColor_Blue"], "count": 2}], "{U/P}{U/P}"),
        ([{"color": ["ManaColor_Colorless"], "count": 1}], "{C}"),
    ],
)
def test_arena_costs_as_mana_symbols(entries: list[dict[str, Any]], cost: str) -> None:
    read, text, problems = arena_cost(entries)
    assert (text, problems) == (cost, [])
    assert read is not None


def test_the_service_answers_one_request() -> None:
    messages = [
        m
        for line in LOG.read_text().splitlines()
        if line.startswith('{"')
        for m in json.loads(line)["greToClientEvent"]["greToClientMessages"]
    ]
    state, request = messages[0]["gameStateMessage"], messages[1]
    answer = Service().call("arena_autotap", {"request": request, "game_state": [state]})
    assert answer["gameStateId"] == 5 and answer["seat"] == 1
    assert answer["actions"][0]["agreement"] == "ours better"
    direct = autotap_request(request, state)

    def untimed(actions: list[dict[str, Any]]) -> list[dict[str, Any]]:
        return [{k: v for k, v in a.items() if k != "ms"} for a in actions]

    assert untimed(answer["actions"]) == untimed(direct["actions"])
    with pytest.raises(RpcError) as error:
        Service().call("arena_autotap", {"request": {"actions": 3}})
    assert error.value.code == -32602


def test_every_field_not_read_is_a_warning() -> None:
    """Fields of Arena's schema that may change what paying means, an action type with a cost that is not
    read, a mana spec that may restrict spending, and mana of an unknown color in the pool: one line each."""
    mana = {
        "color": "ManaColor_Red",
        "srcInstanceId": 10,
        "count": 1,
        "specs": [{"type": "ManaSpecType_Treasure"}],
    }
    request = {
        "systemSeatIds": [1],
        "actionsAvailableReq": {
            "actions": [
                {
                    "actionType": "ActionType_Cast",
                    "instanceId": 30,
                    "manaCost": [{"color": ["ManaColor_Red"], "count": 1}],
                    "costs": [{"type": "CostType_Sacrifice"}],
                    "manaPaymentConditions": [{"type": "ManaPaymentConditionType_Creature"}],
                    "shouldStop": True,
                },
                {"actionType": "ActionType_CastAdventure", "instanceId": 31, "manaCost": []},
                {
                    "actionType": "ActionType_Activate_Mana",
                    "instanceId": 10,
                    "manaPaymentOptions": [{"mana": [mana]}],
                },
            ]
        },
    }
    state = {"players": [{"systemSeatNumber": 1, "manaPool": [{"color": "ManaColor_Snow", "count": 1}]}]}
    warnings = autotap_request(request, state)["warnings"]
    assert [w for w in warnings if "card store" not in w] == [
        "Cast 30: field 'costs' not read",
        "Cast 30: field 'manaPaymentConditions' not read",
        "CastAdventure 31: an action of this type with a manaCost is not read",
        "Activate_Mana 10: manaPaymentOptions[0].mana[0]: spec 'ManaSpecType_Treasure' not read",
        "seat 1: manaPool.mana[0]: color 'ManaColor_Snow' not read",
    ]
