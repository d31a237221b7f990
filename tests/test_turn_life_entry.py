"""A land that "enters tapped unless a player has 13 or less life" is judged as it enters (CR 614.1c, 614.12);
a turn's plan plays its lands before its spells, so when the turn may pay life first (a Phyrexian symbol,
CR 107.4f; a painland's damage) and no player is that low yet, the plan says so in its warnings rather than
answer a shorter plan in silence (probe 18: the DSK lands after a Phyrexian spell). Every answer here is
worked out by hand from the rules; the cards are our own, with the printed phrasing.
"""

from __future__ import annotations

from typing import Any

from models.board import Board
from planner.turn import TurnResult, plan_turn

#: the phrasing of the Duskmourn lands
CAMPSITE = {
    "name": "Test Campsite",
    "type_line": "Land",
    "mana_cost": "",
    "oracle": "This land enters tapped unless a player has 13 or less life.\n{T}: Add {W} or {U}.",
}
#: a spell of mana value 1 paid with {B} or 2 life (CR 107.4f)
GUTTING = {"name": "Test Gutting", "type_line": "Sorcery", "mana_cost": "{B/P}", "oracle": "Draw a card."}
#: a white spell of mana value 2
WARDING = {"name": "Test Warding", "type_line": "Sorcery", "mana_cost": "{1}{W}", "oracle": "Draw a card."}
#: a black spell of mana value 1, paid with mana alone
BLACK_ONE = {"name": "Test Black One", "type_line": "Sorcery", "mana_cost": "{B}", "oracle": "Draw a card."}
#: a painland's phrasing
PAIN_CAVE = {
    "name": "Test Pain Cave",
    "type_line": "Land",
    "oracle": "{T}: Add {C}.\n{T}: Add {W} or {B}. This land deals 1 damage to you.",
}
SENTENCE = "This land enters tapped unless a player has 13 or less life."


def _board(life: int, hand: list[dict[str, Any]], lands: list[Any]) -> Board:
    """My board at ``life`` (the opponent at 20): ``lands`` (catalogue names or cards) and ``hand``."""
    permanents = [
        {"id": f"p{n}", "controller": "me", **({"card": land} if isinstance(land, str) else land)}
        for n, land in enumerate(lands)
    ]
    player = {"id": "me", "life": life, "hand": hand}
    return Board.from_dict({"version": 1, "players": [player, {"id": "opp"}], "permanents": permanents})


def _entry_warnings(turn: TurnResult) -> list[str]:
    """The reasons of the warnings on the Campsite's sentence."""
    return [w.reason for w in turn.warnings if w.sentence == SENTENCE]


def test_a_life_paid_before_the_land_is_warned_of() -> None:
    # at 15 life: paying Gutting's {B/P} with 2 life first (15 -> 13) would let the Campsite enter untapped
    # and pay Warding's {1}{W} with the Island (mana value 3 in all); played first it enters tapped (no player
    # at 13 or less), which the plan does: the warning says the other order is not planned
    turn = plan_turn(_board(15, [CAMPSITE, GUTTING, WARDING], ["Island"]), time_limit=300)
    (reason,) = _entry_warnings(turn)
    assert "CR 614.1c" in reason and "before the turn's spells" in reason


def test_at_thirteen_life_the_land_enters_untapped_and_nothing_is_warned() -> None:
    # at 13 the condition holds as it is played: untapped, {W} and the Island's {U} pay Warding's {1}{W};
    # Gutting is paid with 2 life (13 -> 11): both cast, mana value 3
    turn = plan_turn(_board(13, [CAMPSITE, GUTTING, WARDING], ["Island"]), time_limit=300)
    assert _entry_warnings(turn) == []
    assert sorted(s.card for s in turn.spells) == ["Test Gutting", "Test Warding"]
    assert turn.lands_played[0].tapped is False


def test_no_life_to_pay_no_warning() -> None:
    # {B} paid by the Swamp alone: the player's life can't change this turn, the Campsite enters tapped
    turn = plan_turn(_board(15, [CAMPSITE, BLACK_ONE, WARDING], ["Swamp"]), time_limit=300)
    assert _entry_warnings(turn) == []
    assert [s.card for s in turn.spells] == ["Test Black One"]


def test_a_painland_may_pay_life_first() -> None:
    # the Pain Cave's {W} deals 1 damage to me (CR 120.3): the life may drop before the land play
    turn = plan_turn(_board(14, [CAMPSITE, WARDING], [PAIN_CAVE]), time_limit=300)
    assert len(_entry_warnings(turn)) == 1
