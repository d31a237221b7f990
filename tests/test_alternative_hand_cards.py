"""Alternative costs paid with a card of the hand that the seventh probe found warned (issue 35):

- granted, a discard that shares a color (Dream Halls, "Rather than pay the mana cost for a spell, its
  controller may discard a card that shares a color with that spell."): every player's spells may be cast for
  it (CR 118.9), the card discarded another card of the hand (the spell is on the stack, CR 601.2a) with a
  color of the spell's; a colorless spell shares none;
- a spell's own, the Shoals' "You may exile a red card with mana value X from your hand rather than pay this
  spell's mana cost.": X is the exiled card's mana value, so `pay --x N` needs such a card of mana value N,
  and `max-x` is the larger of what the mana pays and the largest such card.

Values derived by hand; the discards' verdicts and objectives are checked against the brute force of
test_alternative_costs (the reference search for each way, each choice of card).
"""

from __future__ import annotations

from typing import Any

from boards import OPP, make_board, mine
from test_alternative_costs import Way, checked, paid_instead

from models.oracle import parse_oracle
from models.spells import spell_target
from planner.api import max_x, pay

HALLS: dict[str, Any] = {
    "name": "Test Halls",
    "type_line": "Enchantment",
    "mana_cost": "{3}{U}{U}",
    "oracle": "Rather than pay the mana cost for a spell, its controller may discard a card that shares a "
    "color with that spell.",
}
ELK = {"name": "Test Elk", "type_line": "Creature — Elk", "mana_cost": "{1}{G}"}
SPROUT = {"name": "Test Sprout", "type_line": "Creature — Plant", "mana_cost": "{G}"}
SPRITE = {"name": "Test Sprite", "type_line": "Creature — Faerie", "mana_cost": "{1}{U}"}
ROCK = {"name": "Test Rock", "type_line": "Artifact", "mana_cost": "{2}"}
GOLD = {"name": "Test Gold", "type_line": "Instant", "mana_cost": "{G}{U}"}

#: discarding one green card (the ways of the brute force: the mana cost, or the discard)
GREEN_WAYS: list[Way | None] = [None, Way("", exile=1, colors="G")]


def test_the_sentence_is_read_as_a_cost_granted_to_every_player() -> None:
    (granted,) = parse_oracle(HALLS["oracle"], HALLS["name"]).effects
    cost = granted.cost  # type: ignore[union-attr]
    assert cost.describe() == "discard a card that shares a color with that spell"
    assert cost.spells is not None and cost.spells.anyone


def test_a_green_card_pays_for_a_green_spell() -> None:
    """No lands: the Elk is cast by discarding the Sprout; the answer says it was discarded, not exiled."""
    board = make_board([mine("h", HALLS)], hand=[ELK, SPROUT])
    result = checked(board, GREEN_WAYS)
    paid = paid_instead(result)
    assert paid is not None and paid.exiled == ("Test Sprout",)
    assert paid.to_json()["discarded"] == ["Test Sprout"] and paid.to_json()["exiled"] == []
    assert result.parts.discarded == ("Test Sprout",) and not result.parts.exiled_from_hand


def test_a_card_of_another_color_pays_nothing() -> None:
    board = make_board([mine("h", HALLS)], hand=[ELK, SPRITE])
    assert not checked(board, GREEN_WAYS).payable


def test_the_opponents_halls_grant_it_to_me() -> None:
    board = make_board([{**mine("h", HALLS), "controller": OPP}], hand=[ELK, SPROUT])
    assert checked(board, GREEN_WAYS).payable


def test_a_copy_of_the_spell_may_be_discarded_but_not_the_spell() -> None:
    """Two Elks: one is cast, the other discarded; one Elk alone has nothing to discard."""
    assert checked(make_board([mine("h", HALLS)], hand=[ELK, ELK]), GREEN_WAYS).payable
    assert not checked(make_board([mine("h", HALLS)], hand=[ELK]), GREEN_WAYS).payable


def test_a_colorless_spell_shares_no_color() -> None:
    board = make_board([mine("h", HALLS)], hand=[ROCK, ELK])
    assert not pay(board, spell_target(board.player("me").hand[0])).payable


def test_a_two_color_spell_takes_a_card_of_either_color() -> None:
    board = make_board([mine("h", HALLS)], hand=[GOLD, SPRITE])
    assert checked(board, [None, Way("", exile=1, colors="GU")]).payable


def test_the_mana_is_paid_rather_than_a_card_when_it_can_be() -> None:
    """Two Forests pay {1}{G}: a card is worth more than any mana, so no card is discarded."""
    board = make_board([mine("h", HALLS), mine("f1", "Forest"), mine("f2", "Forest")], hand=[ELK, SPROUT])
    result = checked(board, GREEN_WAYS)
    assert result.payable and paid_instead(result) is None


# ------------------------------------------------------------------ the Shoals: a card with mana value X

SHOAL: dict[str, Any] = {
    "name": "Test Shoal",
    "type_line": "Instant — Arcane",
    "mana_cost": "{X}{R}{R}",
    "oracle": "You may exile a red card with mana value X from your hand rather than pay this spell's mana "
    "cost.\nTarget creature gets +X/+0 until end of turn.",
}
OGRE = {"name": "Test Ogre", "type_line": "Creature — Ogre", "mana_cost": "{1}{R}"}
GIANT = {"name": "Test Giant", "type_line": "Creature — Giant", "mana_cost": "{2}{R}"}
BEAR = {"name": "Test Bear", "type_line": "Creature — Bear", "mana_cost": "{1}{G}"}


def shoal_board(hand: list[dict[str, Any]], mountains: int = 0) -> Any:
    return make_board([mine(f"m{n}", "Mountain") for n in range(mountains)], hand=[SHOAL, *hand])


def test_the_shoal_exiles_a_red_card_whose_mana_value_is_x() -> None:
    """No lands, a red card of mana value 2 in hand: X = 2 is paid by exiling it (CR 118.9), X = 3 is not
    (no red card of mana value 3, no mana); a green card of mana value 2 pays nothing."""
    board = shoal_board([OGRE])
    target = spell_target(board.player("me").hand[0])
    two = pay(board, target, x=2)
    assert two.payable and two.x == 2
    assert two.alternative_cost is not None and two.alternative_cost.exiled == ("Test Ogre",)
    assert two.alternative_cost.cost.describe() == "exile a red card with mana value X from your hand"
    assert not pay(board, target, x=3).payable
    green = shoal_board([BEAR])
    assert not pay(green, spell_target(green.player("me").hand[0]), x=2).payable


def test_the_largest_x_of_the_shoal_is_the_larger_of_the_mana_and_the_cards() -> None:
    """No lands, red cards of mana value 2 and 3: X = 3. Four Mountains pay {2}{R}{R} (X = 2), and the
    Giant makes X = 3; six Mountains pay X = 4, more than any card; nothing in hand: X = 2 by the mana."""
    cards = shoal_board([OGRE, GIANT])
    found = max_x(cards, spell_target(cards.player("me").hand[0]))
    assert found.x == 3 and found.alternative_cost is not None
    for hand, mountains, largest in (([GIANT], 4, 3), ([GIANT], 6, 4), ([], 4, 2)):
        board = shoal_board(hand, mountains)
        assert max_x(board, spell_target(board.player("me").hand[0])).x == largest
