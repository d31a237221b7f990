"""A spell's own cost change on which creature died this turn (issue 35 item 2, contract section 10): "This
spell costs {2} less to cast if a non-Zombie creature died this turn." reads the board's
``creatures_died_this_turn`` as a graveyard permission does (CR 700.4: put into a graveyard from the
battlefield; its types as it last existed, CR 608.2h; 'not named ~': another name, CR 201.2). The change is
worked out as the total cost is locked in (CR 601.2f). The list answers which died; a count alone does
not (not applied, warned with the field); not given: none counted, warned.
"""

from __future__ import annotations

from typing import Any

import pytest
from boards import ME, search

from models.board import Board, Card
from models.spells import spell_target
from planner.api import pay

#: your own card: {3}{B}, {2} less once a non-Zombie creature died this turn
PICKY = {
    "name": "Test Picky Rite",
    "type_line": "Sorcery",
    "mana_cost": "{3}{B}",
    "oracle": "This spell costs {2} less to cast if a non-Zombie creature died this turn.",
}
NAMED = {
    "name": "Test Named Rite",
    "type_line": "Sorcery",
    "mana_cost": "{3}{B}",
    "oracle": "This spell costs {2} less to cast if a creature not named Test Named Rite died this turn.",
}
ZOMBIE = {"name": "Test Dead Zombie", "type_line": "Creature — Zombie"}
ELF = {"name": "Test Dead Elf", "type_line": "Creature — Elf"}


def _board(died: Any) -> Board:
    """Two Swamps: they pay {1}{B} (the reduced cost), never {3}{B}."""
    data: dict[str, Any] = {
        "version": 1,
        "players": [{"id": ME}],
        "permanents": [{"id": f"s{n}", "card": "Swamp", "controller": ME} for n in range(2)],
    }
    if died is not None:
        data["creatures_died_this_turn"] = died
    return Board.from_dict(data)


@pytest.mark.parametrize(
    ("card", "died", "reduced"),
    [
        (PICKY, [ELF], True),  # a non-Zombie died
        (PICKY, [ZOMBIE], False),  # only a Zombie died
        (PICKY, [ZOMBIE, "Llanowar Elves"], True),
        (PICKY, [], False),
        (NAMED, [ZOMBIE], True),
        (NAMED, [{"name": "Test Named Rite", "type_line": "Creature — Dragon"}], False),  # its own name
    ],
)
def test_the_list_says_which_died(card: dict[str, Any], died: list[Any], reduced: bool) -> None:
    """Reduced, {3}{B} becomes {1}{B} (CR 601.2f), which two Swamps pay (the reference search agrees);
    unreduced, two Swamps never pay four mana."""
    board = _board(died)
    result = pay(board, spell_target(Card.from_json(card)))
    assert result.payable is reduced, result.to_json()
    assert not result.warnings
    assert search(board, "{1}{B}").payable
    assert not search(board, "{3}{B}").payable


def test_a_count_alone_does_not_say_which_died() -> None:
    result = pay(_board(2), spell_target(Card.from_json(PICKY)))
    assert not result.payable
    assert [w.reason for w in result.warnings] == [
        "creatures_died_this_turn gives how many creatures died, not which: not used"
    ]


def test_a_count_answers_any_creature() -> None:
    """'if a creature died this turn' asks no kind: a count of 1 answers it (CR 700.4)."""
    plain = dict(PICKY, oracle="This spell costs {2} less to cast if a creature died this turn.")
    result = pay(_board(1), spell_target(Card.from_json(plain)))
    assert result.payable and not result.warnings


def test_not_given_none_counted_and_warned() -> None:
    result = pay(_board(None), spell_target(Card.from_json(NAMED)))
    assert not result.payable
    assert [w.reason for w in result.warnings] == ["creatures_died_this_turn is not given: none counted"]


def test_a_creature_you_control_is_not_read() -> None:
    """Whose creature died is not listed: the sentence is not read, and the answer says so."""
    mine = dict(PICKY, oracle="This spell costs {2} less to cast if a creature you control died this turn.")
    result = pay(_board([ELF]), spell_target(Card.from_json(mine)))
    assert not result.payable
    assert result.warnings
