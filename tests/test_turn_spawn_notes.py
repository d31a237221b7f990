"""Eldrazi Spawn made by a trigger, whose mana ability a later sentence of the ability gives ('create two 0/1
colorless Eldrazi Spawn creature tokens. They have "Sacrifice this creature: Add {C}."', the older wording
of Emrakul's Hatcher's shape), in a turn's plan (contract section 11, issue 35). The tokens make no mana
themselves as the trigger resolves (CR 605.1a); each is a mana source for the spells cast after it (CR
603.3). Turn plans do not count them: the plan says so and is not called optimal, never silently (on main
the later sentence 'They have ...' was read apart from its trigger and the plan was called optimal).

Each board: two Mountains, Test Rock ({2}) and Test Golem ({1}). By hand: the Mountains cast one spell of
{2}; the two Spawn made by the trigger pay {1} more (CR 605.1a, 603.3), so the best turn casts more than the
plan that does not count them.
"""

from __future__ import annotations

from typing import Any

import pytest

from models.board import Board, Card
from models.oracle import read_card
from planner.rules.turn import resolution
from planner.turn import plan_turn
from planner.turn_cast_mana import cast_treasures_of

THEY_HAVE = 'They have "Sacrifice this creature: Add {C}."'
ROCK = {"name": "Test Rock", "type_line": "Artifact", "mana_cost": "{2}", "oracle": ""}
GOLEM = {"name": "Test Golem", "type_line": "Artifact", "mana_cost": "{1}", "oracle": ""}


def _board(hand: list[Any], permanents: tuple[Any, ...] = ()) -> Board:
    mountains = [{"id": f"m{n}", "card": "Mountain", "controller": "me"} for n in range(2)]
    return Board.from_dict(
        {
            "version": 1,
            "players": [{"id": "me", "hand": hand}],
            "permanents": [*mountains, *permanents],
        }
    )


def test_a_permanent_cast_trigger_of_spawn_with_a_later_sentence_is_noted() -> None:
    """'Whenever you cast your first spell each turn, create two ... Spawn creature tokens. They have ...':
    Test Rock's casting makes two Spawn, which pay Test Golem (CR 603.3): the plan casting one is not the
    best, so it is not called optimal, and the note quotes the whole ability."""
    spawner = {
        "id": "s",
        "name": "Test Spawner",
        "type_line": "Creature — Eldrazi",
        "power": 1,
        "toughness": 1,
        "controller": "me",
        "oracle": "Whenever you cast your first spell each turn, create two 0/1 colorless Eldrazi Spawn "
        f"creature tokens. {THEY_HAVE}",
    }
    turn = plan_turn(_board([ROCK, GOLEM], (spawner,)), time_limit=120)
    assert turn.castable is True and not turn.optimal
    assert any(
        note.startswith("Test Spawner: 'Whenever you cast your first spell each turn, create two")
        and "They have" in note
        and "is not planned" in note
        for note in turn.notes
    )


@pytest.mark.parametrize(
    "trigger",
    ["When you cast this spell, create", "When this creature enters, create"],
)
def test_a_spell_making_spawn_with_a_later_sentence_is_noted(trigger: str) -> None:
    """A creature spell whose cast trigger (or enters trigger: CR 603.3, it resolves before later spells)
    makes two Spawn given their mana ability by 'They have ...': the Spawn pay for Test Golem after it, which
    the plan does not count: said, and the plan is not called optimal."""
    hatcher = {
        "name": "Test Hatcher",
        "type_line": "Creature — Eldrazi",
        "mana_cost": "{2}",
        "oracle": f"{trigger} two 0/1 colorless Eldrazi Spawn creature tokens. {THEY_HAVE}",
    }
    turn = plan_turn(_board([hatcher, GOLEM]), time_limit=120)
    assert turn.castable is True and not turn.optimal
    assert any(note.startswith("Test Hatcher: the mana of") and "They have" in note for note in turn.notes)


def test_a_later_sentence_of_another_trigger_is_not_made_as_cast() -> None:
    """'Whenever ~ attacks, create ... They have ...' makes its Spawn in combat, after the main phase's
    spells: no mana of the spell's resolution, and no trigger of casting."""
    text = f"Whenever this creature attacks, create a 0/1 colorless Eldrazi Spawn creature token. {THEY_HAVE}"
    card = Card.from_json(
        {"name": "Test Raider", "type_line": "Creature — Eldrazi", "mana_cost": "{2}", "oracle": text}
    )
    assert resolution(card).unread == ()
    parsed = read_card(card.oracle, card.name, card.type_line)
    assert cast_treasures_of(parsed, card.oracle, card.name) == ((), ())


def test_a_scion_made_by_a_paid_cast_trigger_is_noted_with_its_whole_ability() -> None:
    """'When you cast this spell, you may pay {C}. If you do, create ... Scion creature token for each ...
    Those tokens have ...' (Vile Redeemer's shape): its tokens are the cast trigger's (CR 603.3), which the
    plan does not follow: the note quotes the ability from its trigger through 'Those tokens have'."""
    redeemer = {
        "name": "Test Redeemer",
        "type_line": "Creature — Eldrazi",
        "mana_cost": "{2}",
        "oracle": "When you cast this spell, you may pay {C}. If you do, create a 1/1 colorless Eldrazi "
        "Scion creature token for each nontoken creature that died under your control this turn. Those "
        'tokens have "Sacrifice this creature: Add {C}."',
    }
    turn = plan_turn(_board([redeemer, ROCK]), time_limit=120)
    assert turn.castable is True and not turn.optimal
    assert any(
        note.startswith("Test Redeemer: the mana of 'When you cast ~, you may pay {C}. If you do, create")
        and "Those tokens have" in note
        for note in turn.notes
    )
