"""A land that may enter untapped for life ("As ~ enters, you may pay 3 life. If you don't, it enters
tapped.", a shockland's 2) pays it only when the plan needs the land untapped: the life its land play pays
counts with the life its payments pay in the turn's objective (least life first, docs/objective.md;
docs/commands.md: "a shockland pays 2 life only when it must enter untapped"). Probe 18: the Modern Horizons 3
lands paid 3 life for a spell the Swamp already paid. The answers are worked out by hand; the cards are our
own.
"""

from __future__ import annotations

from typing import Any

from models.board import Board
from planner.turn import TurnResult, plan_turn

#: the phrasing of Modern Horizons 3's double-faced lands (their land face)
MIRE = {
    "name": "Test Mire",
    "type_line": "Land",
    "mana_cost": "",
    "oracle": "As Test Mire enters, you may pay 3 life. If you don't, it enters tapped.\n{T}: Add {B}.",
}
#: a shockland's phrasing
SHOCK = {
    "name": "Test Shock Grave",
    "type_line": "Land — Island Swamp",
    "mana_cost": "",
    "oracle": "({T}: Add {U} or {B}.)\n"
    "As this land enters, you may pay 2 life. If you don't, it enters tapped.",
}


def _spell(cost: str) -> dict[str, Any]:
    """A sorcery of that cost, with no target."""
    return {"name": f"Test Spell {cost}", "type_line": "Sorcery", "mana_cost": cost, "oracle": "Draw a card."}


def _plan(hand: list[dict[str, Any]]) -> TurnResult:
    """The plan of a turn at 20 life with a Swamp in play and ``hand``."""
    board = Board.from_dict(
        {
            "version": 1,
            "players": [{"id": "me", "life": 20, "hand": hand}, {"id": "opp"}],
            "permanents": [{"id": "s", "card": "Swamp", "controller": "me"}],
        }
    )
    turn = plan_turn(board, time_limit=300)
    assert turn.optimal
    return turn


def test_the_life_is_not_paid_when_the_swamp_pays_the_spell() -> None:
    # {B}: the Swamp pays it; the land's 3 life (or 2) buys nothing this turn: it enters tapped, 0 life
    for land in (MIRE, SHOCK):
        turn = _plan([land, _spell("{B}")])
        assert [s.card for s in turn.spells] == ["Test Spell {B}"]
        (played,) = turn.lands_played
        assert played.tapped and played.life_paid == 0


def test_the_life_is_paid_when_the_spell_needs_the_land() -> None:
    # {B}{B}: the Swamp and the land untapped; its life is paid (3, a shockland's 2: CR 119.4, 20 >= 3)
    for land, life in ((MIRE, 3), (SHOCK, 2)):
        turn = _plan([land, _spell("{B}{B}")])
        assert [s.card for s in turn.spells] == ["Test Spell {B}{B}"]
        (played,) = turn.lands_played
        assert not played.tapped and played.life_paid == life
