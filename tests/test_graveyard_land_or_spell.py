"""A permission of one use each turn for a land played or a spell cast from the graveyard, whichever is made
(the shape of Serra Paragon's "Once during each of your turns, you may play a land from your graveyard or
cast a permanent spell with mana value 3 or less from your graveyard."), and the mana value such permissions
cap (Lurrus's shape too). The rules: CR 601.2a (a card is cast from the graveyard only by a permission),
305.1 (a land played from the graveyard by one is the turn's land play), 202.3 and 202.3e (a land's mana
value is 0; on the stack a spell's X counts as chosen, so '3 or less' allows {X}{G} with X = 2 at most).
Expected answers are worked out by hand from those rules; payments are checked against the reference
search, turn plans against the turn brute force (tests/turn_brute_force.py).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from test_graveyard_keywords import reference_pays
from turn_brute_force import matches_brute_force

from models.board import Board, Card
from models.cost import PaymentTarget
from models.oracle import parse_oracle
from models.spells import spell_target
from planner.api import max_x, pay
from planner.rules.graveyard_permissions import graveyard_lands
from planner.turn import plan_turn

ME = "me"

#: The permission's sentence, and the rider after it (nothing a payment reads).
PARAGON = (
    "Once during each of your turns, you may play a land from your graveyard or cast a permanent spell "
    'with mana value 3 or less from your graveyard. If a permanent enters this way, it gains "When this '
    'permanent is put into a graveyard from the battlefield, exile it."'
)
LURRUS = (
    "During each of your turns, you may cast one permanent spell with mana value 2 or less from your "
    "graveyard."
)
CRUCIBLE = "You may play lands from your graveyard."

HYDRA = {"name": "Test Hydra", "type_line": "Creature — Hydra", "mana_cost": "{X}{G}", "oracle": ""}
BEAR = {"name": "Test Bear", "type_line": "Creature — Bear", "mana_cost": "{1}{G}", "oracle": ""}
ELK = {"name": "Test Elk", "type_line": "Creature — Elk", "mana_cost": "{2}{G}", "oracle": ""}
GIANT = {"name": "Test Giant", "type_line": "Creature — Giant", "mana_cost": "{3}{G}", "oracle": ""}
GROWTH = {"name": "Test Growth", "type_line": "Sorcery", "mana_cost": "{G}", "oracle": "Draw a card."}


def board_of(
    forests: int,
    graveyard: list[Any],
    oracles: list[str],
    *,
    hand: list[Any] | None = None,
    uses: list[str] | None = None,
) -> Board:
    """A board of "me" on their turn: ``forests`` Forests (f0, f1, ...), this graveyard and hand, and a
    creature for each sentence of ``oracles`` (p0, p1, ...; p0's permission used this turn by ``uses``)."""
    permanents: list[dict[str, Any]] = [
        {"id": f"f{i}", "card": "Forest", "controller": ME} for i in range(forests)
    ]
    for i, oracle in enumerate(oracles):
        permanent: dict[str, Any] = {
            "id": f"p{i}",
            "name": f"Test Granter {i}",
            "type_line": "Creature — Angel",
        }
        permanent |= {"controller": ME, "oracle": oracle}
        if i == 0 and uses:
            permanent["graveyard_uses_this_turn"] = uses
        permanents.append(permanent)
    return Board.from_dict(
        {
            "version": 1,
            "active_player": ME,
            "players": [{"id": ME, "graveyard": graveyard, "hand": hand or []}],
            "permanents": permanents,
        }
    )


def from_graveyard(card: dict[str, Any]) -> PaymentTarget:
    """The card's spell, cast from the graveyard."""
    return replace(spell_target(Card.from_json(card)), cast_from="graveyard")


def test_the_land_or_spell_permission_is_read() -> None:
    """One permission, once each turn on its controller's turn, that plays a land card or casts a permanent
    spell of mana value 3 or less (a land's is 0, CR 202.3); the rider on what enters is no payment's."""
    parsed = parse_oracle(PARAGON, "Test Paragon")
    assert not parsed.unsupported
    (permission,) = parsed.effects
    assert permission.play and permission.once_each_turn and permission.your_turn  # type: ignore[union-attr]
    assert permission.most_mana_value == 3  # type: ignore[union-attr]
    assert [card.describe() for card in permission.cards] == ["land", "noninstant nonsorcery"]  # type: ignore[union-attr]


def test_max_x_counts_x_in_the_mana_value() -> None:
    """{X}{G} from the graveyard by '3 or less': X + 1 <= 3 (CR 202.3e), so X = 2 with five Forests that
    would pay X = 4; the reference search pays {4}{G} too: the cap is the permission's, not the mana's."""
    board = board_of(5, [HYDRA], [PARAGON])
    hydra = from_graveyard(HYDRA)
    answer = max_x(board, hydra)
    assert (answer.x, answer.payable) == (2, True)
    assert reference_pays(board, hydra, "{2}{G}") and reference_pays(board, hydra, "{4}{G}")
    assert pay(board, hydra, x=2).payable
    refused = pay(board, hydra, x=3)
    assert not refused.payable and "202.3e" in (refused.reason or "")


def test_max_x_under_lurrus_shape() -> None:
    """'one permanent spell with mana value 2 or less' (read before this change): {X}{G} gets X = 1."""
    board = board_of(5, [HYDRA], [LURRUS])
    assert max_x(board, from_graveyard(HYDRA)).x == 1


def test_max_x_uncapped_beside_an_unlimited_permission() -> None:
    """A permission of any mana value beside it allows the spell with any X (CR 601.2a): five Forests pay
    X = 4, by that permission (the capped one allows X = 1 at most, CR 202.3e)."""
    board = board_of(5, [HYDRA], [LURRUS, "You may cast creature spells from your graveyard."])
    answer = max_x(board, from_graveyard(HYDRA))
    assert answer.x == 4 and answer.alternative_cost is not None
    assert answer.alternative_cost.permission == "p1"  # (not p0's: mana value 5 is over its 2)
    assert pay(board, from_graveyard(HYDRA), x=2).alternative_cost.permission == "p1"  # type: ignore[union-attr]


def test_the_land_play_uses_the_permission() -> None:
    """Once the permission was used this turn (a spell cast by it), no land of the graveyard is playable by
    it (CR 601.2a, 305.1)."""
    fresh = board_of(2, ["Forest"], [PARAGON])
    assert [card.name for card in graveyard_lands(fresh, ME)] == ["Forest"]
    used = board_of(2, ["Forest"], [PARAGON], uses=["Creature"])
    assert graveyard_lands(used, ME) == []


def test_turn_casts_the_spell_rather_than_the_land() -> None:
    """Two Forests, a Forest and a {1}{G} Bear in the graveyard, no hand: the one use casts the Bear (mana
    value 2) rather than playing the Forest (nothing more castable), and never both."""
    turn = matches_brute_force(board_of(2, [BEAR, "Forest"], [PARAGON]))
    assert turn.mana_value_cast == 2 and not turn.lands_played


def test_turn_plays_the_land_when_no_spell_gains() -> None:
    """A {2}{G} Elk needs three mana: the Forest from the graveyard would give it, but uses the one use; so
    nothing is cast and the land is played (all else equal, the land drop is taken)."""
    turn = matches_brute_force(board_of(2, [ELK, "Forest"], [PARAGON]))
    assert turn.mana_value_cast == 0 and len(turn.lands_played) == 1


def test_turn_with_an_unlimited_land_permission_beside_it() -> None:
    """'You may play lands from your graveyard.' plays the Forest without Paragon's use: the Elk is then
    cast by Paragon's (three Forests: mana value 3)."""
    turn = matches_brute_force(board_of(2, [ELK, "Forest"], [PARAGON, CRUCIBLE]))
    assert turn.mana_value_cast == 3 and len(turn.lands_played) == 1


def test_turn_hand_land_and_graveyard_spell() -> None:
    """A Forest in the hand is the land play; Paragon's use casts the Elk from the graveyard (mana value 3 or
    less), never the {3}{G} Giant (mana value 4) nor the sorcery (not a permanent spell)."""
    board = board_of(2, [ELK, GIANT, GROWTH, "Forest"], [PARAGON], hand=["Forest"])
    turn = matches_brute_force(board)
    assert turn.mana_value_cast == 3 and [s.card for s in turn.spells] == ["Test Elk"]


def test_turn_x_counts_in_the_mana_value() -> None:
    """plan-turn --x: {X}{G} from the graveyard by '3 or less' is cast with X = 2 (mana value 3) and never
    with X = 4 (mana value 5 on the stack, CR 202.3e), though five Forests pay {4}{G}."""
    board = board_of(5, [HYDRA], [PARAGON])
    two = plan_turn(board, x=2, no_land=True)
    assert two.castable and two.mana_value_cast == 3
    four = plan_turn(board, x=4, no_land=True)
    assert four.castable is False and four.mana_value_cast == 0
