"""Activated abilities that add mana and are no mana abilities by CR 605.1a: one that targets ('{T}: Exile
target land card from a graveyard. Add one mana of any color.', Deathrite Shaman's shape), one whose cost or
effect moves a card to or from a library (as amended 2026-08-07: '{T}, Mill a card: Add {U}.', Deranged
Assistant's shape; '... Add {U}{R}. Draw a card.', an Odyssey Egg's), and a loyalty ability ('+1: Add
{R}{R}.'). A player may activate one with priority before casting and spend its mana, which the pool keeps
through the step (CR 500.4), but never while a cost is paid (CR 601.2g): a payment plans mana abilities
only. Before issue 35's audit (notused36) such an ability was read as ``not_payment`` and left out of the
answer in silence, so that a "no" said nothing of it; now the answer's warnings name it, with the rule, as
they name an untap or a Treasure maker of the same kind (``not planned while paying``).

The verdicts are derived by hand (the ability adds nothing to a payment) and checked against the reference
search; the cards are made up, in the phrases of those families.
"""

from __future__ import annotations

from typing import Any

import pytest
from boards import checked_verdict, largest_x, make_board, mine

from models.oracle.parsed import PRIORITY_NO_MANA_ABILITY
from planner.api import could_produce, text_warnings
from planner.rules.records import WarningKind

TARGETING: dict[str, Any] = {
    "name": "Test Grave Shaman",
    "type_line": "Creature — Elf Shaman",
    "mana_cost": "{B/G}",
    "power": 1,
    "toughness": 2,
    "oracle": "{T}: Exile target land card from a graveyard. Add one mana of any color.",
}
MILLING: dict[str, Any] = {
    "name": "Test Mill Assistant",
    "type_line": "Artifact Creature — Homunculus",
    "mana_cost": "{1}{U}",
    "power": 1,
    "toughness": 1,
    "oracle": "{T}, Mill a card: Add {C}.",
}
DRAWING: dict[str, Any] = {
    "name": "Test Egg",
    "type_line": "Artifact",
    "mana_cost": "{1}",
    "oracle": "{2}, {T}, Sacrifice this artifact: Add {U}{R}. Draw a card.",
}
LOYAL: dict[str, Any] = {
    "name": "Test Flamewalker",
    "type_line": "Legendary Planeswalker — Test",
    "mana_cost": "{2}{R}",
    "counters": {"loyalty": 3},
    "oracle": "+1: Add {R}{R}.\n−3: Test Flamewalker deals 3 damage to any target.",
}


@pytest.mark.parametrize(
    ("card", "kind", "sentence"),
    [
        (TARGETING, "targeted", "{T}: Exile target land card from a graveyard."),
        (MILLING, "library", "{T}, Mill a card: Add {C}."),
        (DRAWING, "library", "{2}, {T}, Sacrifice ~: Add {U}{R}."),
        (LOYAL, "loyalty", "+1: Add {R}{R}."),
    ],
)
def test_an_ability_that_is_no_mana_ability_is_warned_with_its_rule(
    card: dict[str, Any], kind: str, sentence: str
) -> None:
    """Beside a Forest: {1} is paid by the Forest alone and {2} is not payable (CR 601.2g: the ability is
    never activated while paying, so it adds nothing), X is at most 1; could-produce lists none of its
    mana (CR 106.7 asks what mana abilities could produce); and the warning names the ability, its rule
    (CR 605.1a, 601.2g) and that it is not planned. On main, the same answers came with no warning."""
    board = make_board([mine("a", card), mine("f", "Forest")], opponent=False)
    assert checked_verdict(board, "{1}") and not checked_verdict(board, "{2}")
    assert largest_x(board) == 1
    assert str(could_produce(board)["a"]) == ""
    (warning,) = text_warnings(board)
    assert (warning.permanent, warning.sentence, warning.reason) == (
        "a",
        sentence,
        PRIORITY_NO_MANA_ABILITY[kind],
    )
    assert "CR 605.1a" in warning.reason and "CR 601.2g" in warning.reason
    assert warning.kind is WarningKind.NOT_PLANNED and not warning.refused_by_strict


def test_a_mana_ability_beside_them_is_not_warned() -> None:
    """Without the draw, the egg's ability is a mana ability (CR 605.1a): planned, and no warning. With
    three Forests, two pay its {2} and it adds {U}{R} (CR 605.3a), the third adds {G}: {U}{R}{G} is
    payable, {U}{G}{G} is not (one {G} is left once the egg's {2} is paid)."""
    egg = {**DRAWING, "oracle": "{2}, {T}, Sacrifice this artifact: Add {U}{R}."}
    forests = [mine(f"f{i}", "Forest") for i in range(3)]
    board = make_board([mine("e", egg), *forests], opponent=False)
    assert checked_verdict(board, "{U}{R}{G}") and not checked_verdict(board, "{U}{G}{G}")
    assert not text_warnings(board)
