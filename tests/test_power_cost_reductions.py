"""A cost reduction by its source's power: "Instant and sorcery spells you cast cost {X} less to cast, where X
is ~'s power." (the shape of Vadrik, Astral Archmage; issue 35, probe 10's warned boards). The power is
counted as the total cost is locked in (CR 601.2f), its counters on top (CR 122.1a), a negative power
counting 0 (CR 107.1b); the reduction takes generic mana only (CR 118.7a), and X is chosen before it
(CR 601.2b), so a spell with X keeps what the reduction leaves over.

Each verdict is checked against the reference search on the total cost worked out by hand.
"""

from __future__ import annotations

from typing import Any

import pytest
from boards import ME, card, make_board

from models.abilities import AmountKind
from models.board import Board
from models.cost import PaymentTarget
from models.errors import InputError
from models.mana_effects import CostModifier
from models.oracle import parse_oracle
from models.spells import spell_target
from planner.api import max_x, pay
from planner.rules.reference import reference_search

TEXT = "Instant and sorcery spells you cast cost {X} less to cast, where X is Test Archmage's power."
STUDY: dict[str, Any] = {
    "name": "Test Study",
    "type_line": "Sorcery",
    "mana_cost": "{4}{U}",
    "oracle": "Draw.",
}
BEAST: dict[str, Any] = {"name": "Test Beast", "type_line": "Creature — Beast", "mana_cost": "{2}{U}"}
BLAST: dict[str, Any] = {
    "name": "Test Blast",
    "type_line": "Sorcery",
    "mana_cost": "{X}{R}{R}{R}",
    "oracle": "Test Blast deals X damage to any target.",
}


def _archmage(power: int | None = 1, counters: dict[str, int] | None = None) -> dict[str, Any]:
    found: dict[str, Any] = {
        "id": "v",
        "name": "Test Archmage",
        "type_line": "Legendary Creature — Human Wizard",
        "oracle": TEXT,
        "mana_cost": "{1}{U}{R}",
    }
    if power is not None:
        found["power"], found["toughness"] = power, 2
    return found | ({"counters": counters} if counters else {})


def _board(archmage: dict[str, Any], lands: list[str], spell: dict[str, Any]) -> Board:
    return make_board([archmage, *(card(name, f"l{n}") for n, name in enumerate(lands))], hand=[spell])


def _agrees(board: Board, total: str) -> bool:
    """``pay``'s verdict on the hand's spell, checked against the reference search on ``total`` (by hand)."""
    result = pay(board, spell_target(board.player(ME).hand[0]))
    assert result.payable == reference_search(board, PaymentTarget.of(total), ME).payable
    assert not result.warnings
    if result.payable:
        assert result.total_cost == total
    return bool(result.payable)


def test_the_reduction_is_read() -> None:
    (effect,) = parse_oracle(TEXT, "Test Archmage").effects
    assert isinstance(effect, CostModifier) and effect.generic_delta == -1
    assert effect.amount is not None and effect.amount.kind is AmountKind.POWER
    assert not parse_oracle(TEXT, "Test Archmage").unsupported


def test_power_one_is_one_less() -> None:
    """{4}{U} less {1}: {3}{U}, more than two Islands make."""
    assert not _agrees(_board(_archmage(), ["Island", "Island"], STUDY), "{3}{U}")


def test_counters_count() -> None:
    """Power 1 and two +1/+1 counters: 3 less, {1}{U} (CR 122.1a)."""
    assert _agrees(_board(_archmage(counters={"+1/+1": 2}), ["Island", "Island"], STUDY), "{1}{U}")


def test_a_negative_power_reduces_nothing() -> None:
    """Power 1 and two -1/-1 counters: -1, which counts 0 (CR 107.1b): {4}{U}, not {5}{U}."""
    lands = ["Island"] * 5
    assert _agrees(_board(_archmage(counters={"-1/-1": 2}), lands, STUDY), "{4}{U}")


def test_a_creature_spell_is_not_reduced() -> None:
    assert not _agrees(_board(_archmage(power=3), ["Island", "Island"], BEAST), "{2}{U}")


def test_the_largest_x_keeps_the_reduction() -> None:
    """Power 3, five Mountains: X is chosen first (CR 601.2b), then 3 less comes off its generic mana
    (601.2f): {X-3}{R}{R}{R} from five Mountains, X = 5."""
    board = _board(_archmage(counters={"+1/+1": 2}), ["Mountain"] * 5, BLAST)
    result = max_x(board, spell_target(board.player(ME).hand[0]))
    assert result.payable and result.x == 5 and result.total_cost == "{2}{R}{R}{R}"
    assert reference_search(board, PaymentTarget.of("{2}{R}{R}{R}"), ME).payable
    assert not reference_search(board, PaymentTarget.of("{3}{R}{R}{R}"), ME).payable


def test_an_unknown_power_is_bad_input() -> None:
    board = _board(_archmage(power=None), ["Island", "Island"], STUDY)
    with pytest.raises(InputError, match="power"):
        pay(board, spell_target(board.player(ME).hand[0]))
