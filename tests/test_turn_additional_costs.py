"""A turn plan and a spell's additional costs (contract §12, CR 601.2f-h): the turn's model does not pay
them, so a plan that casts such a spell says so in a note and is not called optimal (never silent); a plan
that leaves the spell uncast needs no note, since ignoring its costs only made it easier to cast."""

from __future__ import annotations

import json

from boards import make_board
from test_additional_costs import BEARS, HARROW, VOICE
from test_cli_pay import run

from planner.turn import plan_turn

HARROW_NOTE = (
    "Harrow: its additional cost (sacrifice a land) is not planned in turn plans: the plan does not pay it"
)


def _lands(*names: str) -> list[dict[str, str]]:
    return [{"id": f"p{n}", "card": name, "controller": "me"} for n, name in enumerate(names)]


def test_a_sacrifice_left_unplanned_is_a_note_and_not_optimal() -> None:
    board = make_board(_lands("Forest", "Forest", "Forest"), hand=[HARROW])
    turn = plan_turn(board, no_land=True)
    assert [spell.card for spell in turn.spells] == ["Harrow"]
    assert turn.notes == (HARROW_NOTE,) and not turn.optimal
    assert not turn.spells[0].payment.optimal  # (the spell's own payment, too)


def test_a_discard_left_unplanned_is_a_note_and_not_optimal() -> None:
    board = make_board(_lands("Mountain", "Mountain"), hand=[VOICE, "Forest"])
    turn = plan_turn(board, no_land=True)
    assert [spell.card for spell in turn.spells] == ["Tormenting Voice"]
    assert turn.notes == (
        "Tormenting Voice: its additional cost (discard a card) is not planned in turn plans: "
        "the plan does not pay it",
    )
    assert not turn.optimal


def test_a_spell_with_additional_costs_left_uncast_needs_no_note() -> None:
    # two Forests: Harrow ({2}{G}) can't be cast even without its cost; the Bears are, and the plan stands
    board = make_board(_lands("Forest", "Forest"), hand=[HARROW, BEARS])
    turn = plan_turn(board, no_land=True)
    assert [spell.card for spell in turn.spells] == ["Grizzly Bears"]
    assert turn.notes == () and turn.optimal


def test_the_command_says_it() -> None:
    board = {
        "version": 1,
        "players": [{"id": "me", "hand": [HARROW]}],
        "permanents": _lands("Forest", "Forest", "Forest"),
    }
    answer = run("plan-turn", "-", "--no-land", "--json", stdin=json.dumps(board))
    assert answer.exit_code == 0, answer.output
    data = json.loads(answer.stdout)
    assert data["notes"] == [HARROW_NOTE] and data["optimal"] is False
