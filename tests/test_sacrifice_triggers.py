"""Triggers of sacrificing that make mana ("Whenever you sacrifice an artifact, put a +1/+1 counter on ~ and
add {R}.": Crime Novelist's shape). Set off by a mana ability's cost (a Treasure's "Sacrifice this
artifact", an outlet's "Sacrifice an artifact") or by its resolution (a mine's "If there are no counters on
it, sacrifice it"), such a trigger is a mana ability too (CR 605.1b) and resolves at once (605.4a): its mana
pays the cost in progress, once for each permanent it matches among those sacrificed (603.2c). Before, a
payment counted none of it and answered "no" to {R}{R} with a Treasure (probe 12). A trigger of sacrificing
that makes a token rather than mana is no mana ability: it waits (603.3) and is still named where it matters.

The values are worked out by hand from those rules in each test's comments, and every payment is checked
against the exhaustive reference search (which works the trigger out by the same rules, a second truth only
for the plan's objective)."""

from __future__ import annotations

from typing import Any

import pytest
from boards import agrees_with_reference, custom, make_board, search

from models.board import Board
from models.cost import PaymentTarget
from models.oracle import parse_oracle
from planner.api import max_x, pay
from planner.rules.records import WarningKind
from planner.rules.view import TextWarning
from planner.turn import plan_turn

NOVELIST = "Whenever you sacrifice an artifact, put a +1/+1 counter on Test Novelist and add {R}."
TREASURE = {"id": "t", "controller": "me", "card": "Treasure", "token": True}
#: Krark-Clan Ironworks' shape: any artifact, itself included
IRONWORKS = custom("Test Ironworks", "k", "Artifact", "Sacrifice an artifact: Add {C}{C}.")
#: Ashnod's Altar's shape: a creature, artifact or not
ALTAR = custom("Test Altar", "a", "Artifact", "Sacrifice a creature: Add {C}{C}.")
#: Lotus Petal's shape
PETAL = custom("Test Petal", "p", "Artifact", "{T}, Sacrifice this artifact: Add one mana of any color.")
THOPTER = custom("Test Thopter", "o", "Artifact Creature — Thopter", "Flying", power=0, toughness=2)
ELF = custom("Test Elf", "e", "Creature — Elf Druid", "{T}: Add {G}.", power=1, toughness=1)
#: Gemstone Mine's shape: sacrificed as its last counter's ability resolves
MINE = custom(
    "Test Mine",
    "g",
    "Land",
    "{T}, Remove a mining counter from this land: Add one mana of any color. If there are no mining counters"
    " on this land, sacrifice it.",
    counters={"mining": 1},
)


def _novelist(oracle: str = NOVELIST, controller: str = "me") -> dict[str, Any]:
    return {"id": "n", "controller": controller, "name": "Test Novelist",
            "type_line": "Creature — Goblin Bard", "oracle": oracle, "power": 3, "toughness": 2}  # fmt: skip


def _board(extra: list[dict[str, Any]], oracle: str = NOVELIST, *, controller: str = "me") -> Board:
    return make_board([_novelist(oracle, controller), *extra])


def _checked(board: Board, cost: str) -> bool:
    """``pay``'s verdict, checked against the reference search (verdict and objective)."""
    result = agrees_with_reference(board, PaymentTarget.of(cost), max_states=300_000)
    assert result is not None, f"{cost}: too large for the reference search"
    return bool(result.payable)


def _named(board: Board, cost: str) -> list[str]:
    """The permanents named in the answer's warnings for a trigger of sacrificing not planned."""
    return [w.permanent for w in pay(board, PaymentTarget.of(cost)).warnings if _of_sacrificing(w)]


def _of_sacrificing(warning: TextWarning) -> bool:
    return warning.kind is WarningKind.NOT_PLANNED and "trigger of sacrificing" in warning.reason


def test_the_sentence_is_read_as_a_triggered_mana_ability() -> None:
    parsed = parse_oracle(NOVELIST, "Test Novelist")
    assert parsed.fully_read and len(parsed.effects) == 1 and not parsed.ignored


def test_a_treasure_sacrificed_for_mana_sets_off_the_trigger_at_once() -> None:
    # the Treasure's own cost sacrifices an artifact: the trigger is a mana ability (CR 605.1b) and its {R}
    # is in the pool before the cost is paid (605.4a, 601.2g): {R} from the Treasure, {R} from the trigger
    board = _board([TREASURE])
    assert _checked(board, "{R}{R}") is True
    result = pay(board, PaymentTarget.of("{R}{R}"))
    assert result.sacrificed == ("t",) and not _named(board, "{R}{R}")
    assert _checked(board, "{R}{R}{R}") is False  # one sacrifice, one trigger: two mana in all


def test_max_x_counts_the_trigger_once_for_each_artifact_sacrificed() -> None:
    # Petal: one of any color, and {R} from its sacrifice; the Treasure the same; a Mountain {R}: five mana,
    # so {X}{R} has X = 4 (without the triggers: three mana, X = 2)
    board = _board([PETAL, TREASURE, {"id": "m", "card": "Mountain"}])
    assert max_x(board, PaymentTarget.of("{X}{R}")).x == 4
    assert _checked(board, "{3}{R}{R}") is True


def test_an_outlet_that_sacrifices_artifacts_triggers_it_for_each_one_itself_included() -> None:
    # three artifacts, three sacrifices, three {R} from the trigger (CR 603.2c), and the Treasure's own {R}
    # when its own ability sacrifices it: Sol Ring to the Ironworks, the Treasure by its own ability, the
    # Ironworks to itself last
    board = _board([IRONWORKS, TREASURE, {"id": "s", "card": "Sol Ring"}])
    assert _checked(board, "{R}{R}{R}{R}") is True
    # Sol Ring {C}{C}, then each of the three artifacts sacrificed to the Ironworks: {C}{C} and {R} each,
    # the Ironworks last: 2 + 3 x 3 = 11 mana, so {X}{R} has X = 10
    assert max_x(board, PaymentTarget.of("{X}{R}")).x == 10
    # three sacrifices at most and one Treasure: no fifth {R}
    assert _checked(board, "{R}{R}{R}{R}{R}") is False


def test_a_creature_outlet_triggers_it_only_for_an_artifact_creature() -> None:
    # the Altar takes creatures: the Thopter (an artifact) sets the trigger off, the Elf does not
    board = _board([ALTAR, THOPTER, ELF])
    assert _checked(board, "{C}{C}{R}") is True
    assert _checked(board, "{R}{R}") is False  # one artifact creature: one {R}
    # the Elf's {G}, then the Elf, the Thopter and the Novelist to the Altar: 1 + 2 + 3 + 2 = 8 mana
    assert max_x(board, PaymentTarget.of("{X}{R}")).x == 7


def test_a_sacrifice_as_a_mana_ability_resolves_sets_it_off_too() -> None:
    # the mine's last counter: it adds one mana, then is sacrificed while the ability resolves (CR 605.1b:
    # a trigger from resolving a mana ability); the trigger makes {G}
    board = _board([MINE], "Whenever you sacrifice a land, add {G}.")
    assert _checked(board, "{G}{G}") is True
    two = make_board(
        [_novelist("Whenever you sacrifice a land, add {G}."), {**MINE, "counters": {"mining": 2}}]
    )
    # two counters: its one activation ({T}) leaves a counter, so nothing is sacrificed: one mana
    assert _checked(two, "{G}{G}") is False


def test_a_power_the_trigger_s_counter_may_change_is_never_read_unwarned() -> None:
    # the counter it puts on the Novelist as it resolves (CR 605.4a) raises the greatest power among my
    # creatures while paying: not followed, so what reads it is set aside and named; one's own power is not
    greatest = custom(
        "Test Elder", "s", "Creature — Elf",
        "{G}, {T}: Add X mana in any combination of colors, where X is the greatest power among creatures you"
        " control.", power=2, toughness=3,
    )  # fmt: skip
    board = _board([TREASURE, greatest, {"id": "f", "card": "Forest"}])
    warned = [w for w in pay(board, PaymentTarget.of("{G}{G}")).warnings if w.permanent == "s"]
    assert warned and "puts a +1/+1 counter" in warned[0].reason
    druid = "{T}: Add an amount of {G} equal to Test Druid's power."
    own = custom("Test Druid", "w", "Creature — Elf", druid, power=2, toughness=2)
    assert not pay(_board([TREASURE, own]), PaymentTarget.of("{G}{G}")).warnings


def test_the_opponent_s_trigger_is_not_set_off_by_my_sacrifice() -> None:
    # 'whenever you sacrifice': its controller's sacrifices, not mine (CR 109.5)
    board = _board([TREASURE], controller="opp")
    assert _checked(board, "{R}{R}") is False
    assert _named(board, "{R}") == []


def test_a_turn_plan_casts_with_the_trigger_s_mana() -> None:
    # a {1}{R} spell: the Treasure's mana and the trigger's {R} cast it
    board = Board.from_dict({
        "version": 1,
        "players": [{"id": "me", "hand": [{"name": "Test Goblin", "type_line": "Creature — Goblin",
                                           "mana_cost": "{1}{R}", "oracle": ""}]}],
        "permanents": [_novelist(), TREASURE],
    })  # fmt: skip
    turn = plan_turn(board, casts=["Test Goblin"], time_limit=300)
    assert turn.castable is True
    assert not [w for w in turn.warnings if _of_sacrificing(w)]


def test_a_trigger_that_makes_a_token_still_waits_and_is_named() -> None:
    # no mana ability (it adds no mana, CR 605.1b): set off while paying, it waits (603.3)
    oracle = "Whenever you sacrifice an artifact, create a Treasure token."
    board = _board([TREASURE], oracle)
    assert search(board, "{R}{R}").payable is False
    assert pay(board, PaymentTarget.of("{R}{R}")).payable is False
    assert _named(board, "{R}{R}") == ["n"]


def test_nothing_is_named_when_no_mana_ability_sacrifices() -> None:
    # a Forest's mana: no sacrifice sets the trigger off, the answer stands alone
    assert _named(_board([{"id": "f", "controller": "me", "card": "Forest"}]), "{G}") == []


@pytest.mark.parametrize(
    "oracle",
    [
        "Whenever you sacrifice an artifact, put a +1/+1 counter on Test Novelist.",  # (makes no mana)
        "Whenever Test Novelist attacks, add {R}.",  # (no sacrifice sets it off)
    ],
)
def test_other_triggers_are_not_named(oracle: str) -> None:
    assert _named(_board([TREASURE], oracle), "{R}") == []
