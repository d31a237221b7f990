"""Mana abilities of cards in the paying player's hand or graveyard that the planner does not use are named in
the answer's warnings (contract section 5), never dropped in silence: a card exiled from the hand for mana of
any color, a card exiled from the graveyard for mana (the sixth probe's Jack-o'-Lantern: "no", no warning).
The cards are made up; the wordings follow real ones (Elvish Spirit Guide, Jack-o'-Lantern)."""

from __future__ import annotations

from typing import Any

from boards import make_board

from models.board import Board
from models.cost import PaymentTarget
from planner import pay
from planner.rules.records import WarningKind

ANY_GUIDE = {
    "name": "Prism Guide",
    "type_line": "Creature — Elf Spirit",
    "oracle": "Exile Prism Guide from your hand: Add one mana of any color.",
}
LANTERN = {
    "name": "Grave Lantern",
    "type_line": "Artifact",
    "oracle": "{1}, Exile Grave Lantern from your graveyard: Add one mana of any color.",
}
WASTES = {"id": "w", "card": "Wastes"}


def _warned(result: Any) -> dict[str, Any]:
    return {w.permanent: w for w in result.warnings}


def test_a_hand_card_for_mana_of_any_color_is_warned() -> None:
    """{G} with a Wastes and a hand card exiled for mana of any color: CR 113.6b lets it pay; the planner
    does not execute it, so its "no" names it (with its path in the board file)."""
    board = make_board([WASTES], hand=[ANY_GUIDE])
    result = pay(board, PaymentTarget.of("{G}"))
    warning = _warned(result)["Prism Guide"]
    assert warning.kind is WarningKind.NOT_USED and "players[0].hand[0]" in warning.reason


def test_a_spirit_guide_is_used_and_not_warned() -> None:
    """Elvish Spirit Guide pays {G} (the planner executes it): nothing to warn of."""
    board = make_board([WASTES], hand=["Elvish Spirit Guide", "Forest"])
    result = pay(board, PaymentTarget.of("{1}{G}"))
    assert result.payable is True and not result.warnings


def test_a_graveyard_card_for_mana_is_warned_only_for_its_owner() -> None:
    """A card exiled from its owner's graveyard for mana: warned for its owner's payment, not an opponent's
    (no one activates abilities of cards in another player's graveyard that say "your graveyard")."""

    def board(mine: list[Any], theirs: list[Any]) -> Board:
        players = [{"id": "me", "graveyard": mine}, {"id": "opp", "graveyard": theirs}]
        wastes = {**WASTES, "controller": "me"}
        return Board.from_dict({"version": 1, "players": players, "permanents": [wastes]})

    mine = pay(board([LANTERN], []), PaymentTarget.of("{G}"))
    assert mine.payable is False
    warning = _warned(mine)["Grave Lantern"]
    # (read since issue 35, tests/test_graveyard_mana_abilities.py: not used, where it was not read)
    assert warning.kind is WarningKind.NOT_USED and "players[0].graveyard[0]" in warning.reason
    theirs = pay(board([], [LANTERN]), PaymentTarget.of("{G}"))
    assert theirs.payable is False and "Grave Lantern" not in _warned(theirs)


#: A permanent's ability whose cost exiles *another* card from the hand (Cadaverous Bloom's shape).
BLOOM = {
    "name": "Test Bloom",
    "type_line": "Enchantment",
    "oracle": "Exile a card from your hand: Add {B}{B} or {G}{G}.",
}
#: A permanent's ability whose cost exiles another card from the graveyard (Titans' Nest's shape).
NEST = {
    "name": "Test Nest",
    "type_line": "Enchantment",
    "oracle": "Exile a card from your graveyard: Add {C}.",
}


def test_a_permanents_ability_that_exiles_another_card_is_not_warned_in_the_hand_or_graveyard() -> None:
    """An ability that exiles *a* card from the hand or graveyard, not the card itself, is a permanent's: it
    functions on the battlefield only (CR 113.6; 113.6b is for a cost that moves the card itself), so a
    Test Bloom in the hand or a Test Nest in the graveyard makes no mana and sets nothing aside: {G} with a
    Wastes is "no", with no warning (on main it said 'mana ability not used' of both: 'from your hand' was
    matched in the cost's text). On the battlefield, the Bloom pays {G}{G} exiling the Forest from the hand
    (CR 605.3a)."""
    board = Board.from_dict(
        {
            "version": 1,
            "players": [{"id": "me", "hand": [BLOOM, "Forest"], "graveyard": [NEST, "Forest"]}],
            "permanents": [{**WASTES, "controller": "me"}],
        }
    )
    result = pay(board, PaymentTarget.of("{G}"))
    assert result.payable is False and not result.warnings
    bloom = make_board([{"id": "b", **BLOOM}], hand=["Forest"])
    assert pay(bloom, PaymentTarget.of("{G}{G}")).payable is True
