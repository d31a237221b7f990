"""A mana ability's damage to its controller under a condition (issue 35; the seventh probe's Tomb of
Urami, "{T}: Add {B}. Tomb of Urami deals 1 damage to you if you don't control an Ogre."): the damage is its
effect's, judged as the ability resolves (CR 608.2h), dealt unless its controller controls an Ogre then.
The whole ability was set aside before (a warned "no" for {B} on a board of the Tomb alone).

Values derived by hand from the rules; the verdicts and the plans' objectives (damage taken) are checked
against the reference search (boards.agrees_with_reference: pay, the CP-SAT model alone, the reference).
"""

from __future__ import annotations

from typing import Any

from boards import OPP, agrees_with_reference, make_board, mine

from models.cost import PaymentTarget
from models.oracle import parse_oracle
from planner.api import could_produce, max_x, pay

TOMB: dict[str, Any] = {
    "name": "Test Tomb",
    "type_line": "Legendary Land",
    "mana_cost": "",
    "oracle": "{T}: Add {B}. Test Tomb deals 1 damage to you if you don't control an Ogre.",
}
OGRE: dict[str, Any] = {
    "name": "Test Ogre",
    "type_line": "Creature — Ogre",
    "mana_cost": "{1}{R}",
    "power": 2,
    "toughness": 2,
}
#: an Ogre a payment may sacrifice for {R}
SACRIFICED_OGRE: dict[str, Any] = {**OGRE, "oracle": "Sacrifice this creature: Add {R}."}


def paid(permanents: list[dict[str, Any]], cost: str) -> tuple[bool, int]:
    """``pay``'s verdict and damage taken, checked against the reference search."""
    result = agrees_with_reference(make_board(permanents), PaymentTarget.of(cost), max_states=20_000)
    assert result is not None and not result.warnings
    return bool(result.payable), result.damage_taken


def test_the_sentence_is_read_into_the_mana_ability() -> None:
    read = parse_oracle(TOMB["oracle"], TOMB["name"])
    (ability,) = read.mana_abilities
    assert not read.unsupported
    assert ability.self_damage == 1 and ability.damage_unless is not None
    assert ability.damage_unless.describe() == "you control Ogre"


def test_without_an_ogre_the_tomb_deals_one_damage() -> None:
    """{B} from the Tomb alone: payable, 1 damage; with a Swamp too the Swamp pays it, no damage; {B}{B}
    needs both: 1 damage."""
    assert paid([mine("t", TOMB)], "{B}") == (True, 1)
    assert paid([mine("t", TOMB), mine("s", "Swamp")], "{B}") == (True, 0)
    assert paid([mine("t", TOMB), mine("s", "Swamp")], "{B}{B}") == (True, 1)


def test_an_ogre_of_mine_spares_me_the_damage_and_the_opponents_does_not() -> None:
    assert paid([mine("t", TOMB), mine("o", OGRE)], "{B}") == (True, 0)
    theirs = {**mine("o", OGRE), "controller": OPP}
    assert paid([mine("t", TOMB), theirs], "{B}") == (True, 1)


def test_the_tomb_is_tapped_before_the_ogre_is_sacrificed() -> None:
    """{B}{R}: the Ogre is sacrificed for {R}; tapped first, the Tomb resolves while the Ogre is there: no
    damage (the reference search tries both orders; the plan must replay with none)."""
    assert paid([mine("t", TOMB), mine("o", SACRIFICED_OGRE)], "{B}{R}") == (True, 0)


def test_could_produce_and_max_x() -> None:
    """The Tomb could produce {B} (CR 106.7); with a Swamp, {X}{B} has X = 1."""
    board = make_board([mine("t", TOMB)])
    assert str(could_produce(board)["t"]) == "B"
    assert max_x(make_board([mine("t", TOMB), mine("s", "Swamp")]), PaymentTarget.of("{X}{B}")).x == 1
    one_life = make_board([mine("t", TOMB), mine("s", "Swamp")], life=1)
    result = pay(one_life, PaymentTarget.of("{B}"))
    assert result.payable and result.damage_taken == 0  # (the Swamp, not the Tomb, at 1 life)
