"""Prohibitions on casting (issue 35): "You can't cast permanent spells." and "Your opponents can't cast
spells during your turn." (Codie, Vociferous Codex) were filed as not about mana: ``pay`` of a creature's
cost said nothing, and ``plan-turn`` cast the creature. A "can't" wins over what would allow the spell (CR
101.2): the cost stays payable (``pay`` does not judge whether a spell may be cast now) but the answer warns,
naming the card and the sentence; ``plan-turn`` does not cast the spell. "Permanent spells" are artifact,
battle, creature, enchantment and planeswalker spells (CR 110.4b); "during your turn" is the prohibition's
controller's turn. The cards are made up in the phrases of real cards.
"""

from __future__ import annotations

from typing import Any

import pytest

from models.board import Board
from models.cost import PaymentTarget
from models.mana_effects import CastBan
from models.oracle import parse_oracle
from planner.api import pay
from planner.rules.records import WarningKind
from planner.turn import plan_turn

#: Codie's two prohibitions on a made-up artifact.
CODEX: dict[str, Any] = {
    "id": "c",
    "name": "Test Codex",
    "type_line": "Legendary Artifact Creature — Construct",
    "oracle": "You can't cast permanent spells.\nYour opponents can't cast spells during your turn.",
}
#: a permanent spell whose own prohibition would forbid the creature spells cast after it
WARDEN: dict[str, Any] = {
    "name": "Test Warden",
    "type_line": "Artifact",
    "mana_cost": "{1}",
    "oracle": "You can't cast creature spells.",
}


def _board(*, active: str = "me", hand: list[Any] | None = None, codex: bool = True) -> Board:
    permanents: list[dict[str, Any]] = [
        {"id": "f", "card": "Forest", "controller": "me"},
        {"id": "m", "card": "Mountain", "controller": "me"},
        {"id": "of", "card": "Forest", "controller": "opp"},
    ]
    if codex:
        permanents.append({**CODEX, "controller": "me"})
    players = [{"id": "me", "hand": hand or []}, {"id": "opp"}]
    return Board.from_dict(
        {"version": 1, "active_player": active, "players": players, "permanents": permanents}
    )


def test_the_prohibitions_are_read() -> None:
    parsed = parse_oracle(CODEX["oracle"], CODEX["name"])
    assert [s.read_as for s in parsed.sentences] == ["effect", "effect"]
    mine, theirs = parsed.effects
    assert isinstance(mine, CastBan) and isinstance(theirs, CastBan)
    assert (mine.spells.permanent, mine.opponents, mine.your_turn) == (True, False, False)
    assert (theirs.spells.permanent, theirs.opponents, theirs.your_turn) == (False, True, True)


@pytest.mark.parametrize(
    ("type_line", "player", "active", "forbidden"),
    [
        ("Creature — Elf", "me", "me", "You can't cast permanent spells."),
        ("Artifact", "me", "opp", "You can't cast permanent spells."),  # (any turn)
        ("Instant", "me", "me", None),  # (not a permanent spell, CR 110.4b)
        ("Instant", "opp", "me", "Your opponents can't cast spells during your turn."),
        ("Instant", "opp", "opp", None),  # (the opponent's own turn)
    ],
)
def test_pay_warns_of_a_spell_the_board_forbids(
    type_line: str, player: str, active: str, forbidden: str | None
) -> None:
    """The cost is payable ({G} from a Forest), and the answer names the Codex and its sentence."""
    result = pay(_board(active=active), PaymentTarget.of("{G}", type_line=type_line), player=player)
    assert result.payable
    warned = [w for w in result.warnings if w.kind is WarningKind.FORBIDDEN]
    assert [(w.permanent, w.sentence) for w in warned] == ([("c", forbidden)] if forbidden else [])


def test_a_bare_cost_is_forbidden_nothing() -> None:
    """A cost that names no spell (no type line) may be an ability's: no prohibition is said of it."""
    assert not pay(_board(), PaymentTarget.of("{G}"), player="opp").warnings


def test_plan_turn_does_not_cast_a_forbidden_spell() -> None:
    """With the Codex: the Elves (a permanent spell) are held back, the Bolt cast; asked to cast the Elves,
    the answer is a 'no' that names the sentence. Without it both are cast."""
    hand = ["Llanowar Elves", "Lightning Bolt"]
    turn = plan_turn(_board(hand=hand))
    assert [spell.card for spell in turn.spells] == ["Lightning Bolt"]
    assert any("You can't cast permanent spells." in note for note in turn.notes)
    asked = plan_turn(_board(hand=hand), casts=["Llanowar Elves"])
    assert asked.castable is False and asked.reason is not None and "Test Codex" in asked.reason
    free = plan_turn(_board(hand=hand, codex=False))
    assert sorted(spell.card for spell in free.spells) == ["Lightning Bolt", "Llanowar Elves"]


def test_plan_turn_does_not_cast_a_creature_after_a_spell_that_forbids_it() -> None:
    """The Warden ({1}) resolves with "You can't cast creature spells.": in the order given, the Elves after
    it are a 'no', before it both are cast; unasked, the Warden is not planned with the Elves (a note, and
    the plan is not called optimal)."""
    hand = [WARDEN, "Llanowar Elves"]
    after = plan_turn(_board(hand=hand, codex=False), casts=["Test Warden", "Llanowar Elves"])
    assert after.castable is False and after.reason is not None and "Test Warden" in after.reason
    before = plan_turn(_board(hand=hand, codex=False), casts=["Llanowar Elves", "Test Warden"])
    assert [spell.card for spell in before.spells] == ["Llanowar Elves", "Test Warden"]
    unasked = plan_turn(_board(hand=hand, codex=False))
    assert [spell.card for spell in unasked.spells] == ["Llanowar Elves"]
    assert not unasked.optimal and any("Test Warden" in note for note in unasked.notes)


#: prohibitions the reader does not read yet, in the phrases of real cards (Archon of Emeria, Drannith
#: Magistrate, Weathered Runestone) and Archon's replacement on how lands enter (CR 614.1c)
UNREAD = (
    "Each player can't cast more than one spell each turn.",
    "Your opponents can't cast spells from anywhere other than their hands.",
    "Players can't cast spells from graveyards or libraries.",
    "Nonbasic lands your opponents control enter tapped.",
)


@pytest.mark.parametrize("sentence", UNREAD)
def test_an_unread_prohibition_is_warned_never_ignored(sentence: str) -> None:
    """Each was filed as not about mana: a second spell of the turn, a spell from the graveyard, a land
    played were answered as if the sentence were not there (a silent "yes", CR 101.2). Unread, it is
    unsupported text: the answer names the card and the sentence. A spell's own one-shot "Target player
    can't cast spells this turn." stays no prohibition of the battlefield."""
    assert [s.read_as for s in parse_oracle(sentence, "Test Archon").sentences] == ["unsupported"]
    archon = {"id": "a", "name": "Test Archon", "type_line": "Creature — Archon", "oracle": sentence}
    board = Board.from_dict(
        {
            "version": 1,
            "players": [{"id": "me", "spells_cast_this_turn": 1}, {"id": "opp"}],
            "permanents": [
                {"id": "f", "card": "Forest", "controller": "me"},
                {**archon, "controller": "opp"},
            ],
        }
    )
    result = pay(board, PaymentTarget.of("{G}", type_line="Creature — Bear"), player="me")
    assert any(w.permanent == "a" and w.sentence == sentence for w in result.warnings)
    assert [s.read_as for s in parse_oracle("Target player can't cast spells this turn.").sentences] == [
        "ignored"
    ]
