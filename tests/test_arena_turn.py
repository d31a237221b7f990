"""The service's ``arena_turn`` (issue 38 item 3): which of an Arena request's offered casts can be taken
together this turn, with which taps. Checked on a small Arena-format request against a brute force: every
subset of the offered casts, castable together exactly when the sum of their costs is payable (the spells make
no mana), and the answer's taps paying each cost from sources no other action taps."""

from __future__ import annotations

import re
from collections import Counter
from itertools import combinations
from pathlib import Path
from typing import Any

import pytest

from models.arena import COLOR_LETTERS
from models.board import Board
from models.cost import ManaCost, PaymentTarget
from planner.api import pay
from planner.arena import read_request
from planner.cards.importer import import_files
from planner.cards.store import CardStore
from planner.service.methods import RpcError, Service

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "arena"
R = {"color": ["ManaColor_Red"], "count": 1}
G = {"color": ["ManaColor_Green"], "count": 1}


def _generic(count: int) -> dict[str, Any]:
    return {"color": ["ManaColor_Generic"], "count": count}


def _land(iid: int, subtype: str) -> dict[str, Any]:
    return {
        "instanceId": iid,
        "grpId": 900 + iid,
        "zoneId": 28,
        "controllerSeatId": 1,
        "superTypes": ["SuperType_Basic"],
        "cardTypes": ["CardType_Land"],
        "subtypes": [f"SubType_{subtype}"],
    }


def _mana(iid: int, color: str) -> dict[str, Any]:
    option = {"mana": [{"color": color, "srcInstanceId": iid, "count": 1}]}
    return {
        "actionType": "ActionType_Activate_Mana",
        "grpId": 900 + iid,
        "instanceId": iid,
        "abilityGrpId": 1000 + iid,
        "manaPaymentOptions": [option],
    }


def _cast(iid: int, cost: list[dict[str, Any]]) -> dict[str, Any]:
    return {"actionType": "ActionType_Cast", "grpId": 800 + iid, "instanceId": iid, "manaCost": cost}


STATE: dict[str, Any] = {
    "type": "GameStateType_Full",
    "gameStateId": 7,
    "turnInfo": {"activePlayer": 1},
    "players": [{"systemSeatNumber": 1, "lifeTotal": 20}, {"systemSeatNumber": 2, "lifeTotal": 20}],
    "gameObjects": [_land(10, "Mountain"), _land(11, "Mountain"), _land(12, "Forest")],
}
REQUEST: dict[str, Any] = {
    "type": "GREMessageType_ActionsAvailableReq",
    "systemSeatIds": [1],
    "msgId": 9,
    "gameStateId": 7,
    "actionsAvailableReq": {
        "actions": [
            _cast(30, [R]),
            _cast(31, [_generic(1), R]),
            _cast(32, [G, G]),
            _cast(33, [_generic(2), R, R]),
            _mana(10, "ManaColor_Red"),
            _mana(11, "ManaColor_Red"),
            _mana(12, "ManaColor_Green"),
        ]
    },
}


@pytest.fixture(scope="module")
def answer() -> dict[str, Any]:
    result: dict[str, Any] = Service().call("arena_turn", {"request": REQUEST, "game_state": STATE})
    return result


def test_the_casts_taken_are_the_most_mana_value_castable_together(answer: dict[str, Any]) -> None:
    arena, _, _ = read_request(REQUEST, STATE)
    costs = {a.instance_id: a.cost for a in arena.actions if a.action_type == "Cast" and a.cost is not None}
    best = 0
    for size in range(1, len(costs) + 1):
        for chosen in combinations(costs, size):
            total = ManaCost.parse("".join(str(costs[iid]) for iid in chosen))
            if pay(arena.board, PaymentTarget.of(total), player=arena.player).payable:
                best = max(best, total.mana_value)
    assert best == 3  # {R} and {1}{R}; {G}{G} needs two Forests, {2}{R}{R} four lands
    assert answer["castable"] is True and answer["optimal"] is True
    assert answer["mana_value_cast"] == best
    taken = [action["instanceId"] for action in answer["actions"]]
    together = ManaCost.parse("".join(str(costs[iid]) for iid in taken))
    assert together.mana_value == best
    assert sorted(answer["not_taken"]) == sorted(set(costs) - set(taken))


def test_each_action_is_paid_by_its_own_taps(answer: dict[str, Any]) -> None:
    """Arena's autoTapSolution shape, each source tapped by one action only, paying that action's cost."""
    tapped: list[int] = []
    for action in answer["actions"]:
        taps = action["autoTapSolution"]["autoTapActions"]
        letters = "".join(
            COLOR_LETTERS[mana["color"]] * mana["count"]
            for tap in taps
            for mana in tap["manaPaymentOption"]["mana"]
        )
        tapped += [tap["instanceId"] for tap in taps]
        assert all(tap["abilityGrpId"] == 1000 + tap["instanceId"] for tap in taps)
        cost = ManaCost.parse(action["cost"])
        assert len(letters) == cost.mana_value
        colored = Counter(s for s in re.findall(r"\{(\w)\}", str(cost)) if not s.isdigit())
        assert all(letters.count(color) >= count for color, count in colored.items()), action
    assert len(tapped) == len(set(tapped))


def test_unknown_cards_are_warned_about_and_bad_input_names_the_parameter(answer: dict[str, Any]) -> None:
    assert any("action 30: grpId 830 is not in the card store" in w for w in answer["warnings"])
    with pytest.raises(RpcError) as raised:
        Service().call("arena_turn", {"request": [1]})
    assert raised.value.code == -32602 and raised.value.data == {"param": "request"}
    with pytest.raises(RpcError, match=r"^--time-limit: must be more than 0 seconds"):
        Service().call("arena_turn", {"request": REQUEST, "time_limit": 0})


# Arena's land plays: a Mountain in hand (Arena's object lists its basic mana ability, 1004) and a land whose
# card the store lacks and whose abilities are no basic one (1152): both offered, the land drop left.
def _in_hand(iid: int, subtypes: list[str], abilities: list[int]) -> dict[str, Any]:
    return {
        "instanceId": iid,
        "grpId": 900 + iid,
        "zoneId": 31,
        "controllerSeatId": 1,
        "superTypes": ["SuperType_Basic"] if subtypes else [],
        "cardTypes": ["CardType_Land"],
        "subtypes": [f"SubType_{s}" for s in subtypes],
        "uniqueAbilities": [{"id": 60 + i, "grpId": a} for i, a in enumerate(abilities)],
    }


def _play(iid: int) -> dict[str, Any]:
    return {"actionType": "ActionType_Play", "grpId": 900 + iid, "instanceId": iid, "facetId": iid}


STATE_WITH_HAND = {
    **STATE,
    "gameObjects": [*STATE["gameObjects"], _in_hand(40, ["Mountain"], [1004]), _in_hand(41, [], [1152])],
}
REQUEST_WITH_PLAYS = {
    **REQUEST,
    "actionsAvailableReq": {"actions": [*REQUEST["actionsAvailableReq"]["actions"], _play(40), _play(41)]},
}


def _best_mana_value(board: Any, costs: dict[int, ManaCost]) -> int:
    best = 0
    for size in range(1, len(costs) + 1):
        for chosen in combinations(costs, size):
            total = ManaCost.parse("".join(str(costs[iid]) for iid in chosen))
            if pay(board, PaymentTarget.of(total), player="seat1").payable:
                best = max(best, total.mana_value)
    return best


def test_the_land_drop_is_part_of_the_turn_and_its_land_is_named_by_its_hand_id() -> None:
    answer = Service().call("arena_turn", {"request": REQUEST_WITH_PLAYS, "game_state": STATE_WITH_HAND})
    arena, _, _ = read_request(REQUEST_WITH_PLAYS, STATE_WITH_HAND)
    costs = {a.instance_id: a.cost for a in arena.actions if a.action_type == "Cast" and a.cost is not None}
    with_mountain = arena.board.to_dict()
    with_mountain["permanents"].append({"id": "40", "card": "Mountain", "controller": "seat1"})
    best = _best_mana_value(Board.from_dict(with_mountain), costs)
    assert best == 4  # {2}{R}{R} from Mountain, Mountain, Forest and the Mountain played
    assert answer["mana_value_cast"] == best and answer["optimal"] is True
    kinds = [(action["actionType"], action["instanceId"]) for action in answer["actions"]]
    assert kinds[0] == ("Play", 40)  # (the other land makes no mana we know of)
    assert 41 in answer["not_taken"]
    taps = [tap for action in answer["actions"][1:] for tap in action["autoTapSolution"]["autoTapActions"]]
    played = [tap for tap in taps if tap["instanceId"] == 40]
    assert played == [
        {
            "instanceId": 40,
            "abilityGrpId": 1004,
            "manaPaymentOption": {"mana": [{"color": "ManaColor_Red", "srcInstanceId": 40, "count": 1}]},
            "entersThisTurn": True,
        }
    ]
    assert all("entersThisTurn" not in tap for tap in taps if tap["instanceId"] != 40)
    assert any(
        w.startswith("play 41: grpId 941 is not in the card store: read as a Land that makes no mana")
        for w in answer["warnings"]
    )


def test_a_land_play_listed_as_inactive_is_not_taken() -> None:
    inactive = {
        **REQUEST,
        "actionsAvailableReq": {**REQUEST["actionsAvailableReq"], "inactiveActions": [_play(40)]},
    }
    answer = Service().call("arena_turn", {"request": inactive, "game_state": STATE_WITH_HAND})
    assert [action["actionType"] for action in answer["actions"]] == ["Cast", "Cast"]
    assert answer["mana_value_cast"] == 3 and 40 not in answer["not_taken"]


def test_a_rock_cast_earlier_pays_a_later_spell_under_its_hand_id(tmp_path: Path) -> None:
    """One Mountain, a Sol Ring ({1}, known by its arena_id) and a {2} spell offered: casting the Ring with
    the Mountain, then tapping it for {C}{C}, casts both (mana value 3; without the Ring, 1 at most)."""
    store = CardStore(tmp_path / "cards.sqlite3")
    import_files([FIXTURES / "arena-cards.json"], store)
    state = {**STATE, "gameObjects": [_land(10, "Mountain")]}
    request = {
        **REQUEST,
        "actionsAvailableReq": {
            "actions": [
                {**_cast(50, [_generic(1)]), "grpId": 900010},
                _cast(51, [_generic(2)]),
                _mana(10, "ManaColor_Red"),
            ]
        },
    }
    answer = Service(store=tmp_path / "cards.sqlite3").call(
        "arena_turn", {"request": request, "game_state": state}
    )
    assert answer["mana_value_cast"] == 3
    assert [action["instanceId"] for action in answer["actions"]] == [50, 51]
    assert answer["actions"][1]["autoTapSolution"]["autoTapActions"] == [
        {
            "instanceId": 50,
            "abilityGrpId": None,  # (Arena names the Ring's ability once it lists its Activate_Mana action)
            "manaPaymentOption": {
                "mana": [{"color": "ManaColor_Colorless", "srcInstanceId": 50, "count": 2}]
            },
            "entersThisTurn": True,
        }
    ]
