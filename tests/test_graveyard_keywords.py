"""Spells cast from the graveyard by a keyword of their own (CR 601.2a: a permission to cast the card from
there): flashback (702.34a: its cost rather than the mana cost), escape (702.138a: its cost and other cards
exiled from the graveyard) and jump-start (702.133a: the mana cost and a card discarded). Cast from the
graveyard (``cast_from="graveyard"``, the CLI's ``--cast-from graveyard``) such a spell is paid that way
only; from the hand, never that way. Expected answers are worked out by hand from those rules, and each
verdict is checked against the reference search paying the keyword's mana as the cost.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from models.alternative_costs import AlternativeCost, HandExile
from models.board import Board, Card
from models.cost import ManaCost, PaymentTarget
from models.oracle.alternative_costs import keyword_alternative_cost
from models.spells import spell_target
from planner.api import PayResult, pay
from planner.rules.reference import reference_search
from planner.rules.view import BoardView, locked_in

ME = "me"

#: Fixture cards with the sentence shapes of real cards (the names are made up).
BLAST = {
    "name": "Test Blast",
    "type_line": "Instant",
    "mana_cost": "{2}{R}",
    "oracle": "Test Blast deals 2 damage to any target.\nFlashback {3}{R}{R} (You may cast this card from "
    "your graveyard for its flashback cost. Then exile it.)",
}
OX = {
    "name": "Test Ox",
    "type_line": "Creature — Ox",
    "mana_cost": "{3}{R}{R}",
    "oracle": "Escape—{R}{R}, Exile eight other cards from your graveyard. (You may cast this card from your "
    "graveyard for its escape cost.)\nTest Ox escapes with a +1/+1 counter on it.",
}
SATYR = {
    "name": "Test Satyr",
    "type_line": "Sorcery",
    "mana_cost": "{R}",
    "oracle": "Create a 1/1 red Satyr creature token.\nEscape—{2}{R}, Exile two other cards from your "
    "graveyard.",
}
PLOY = {
    "name": "Test Ploy",
    "type_line": "Instant",
    "mana_cost": "{1}{U}{B}",
    "oracle": "Draw two cards, then discard a card.\nJump-start (You may cast this card from your graveyard "
    "by discarding a card in addition to paying its other costs. Then exile this card.)",
}
FILLER = {"name": "Test Filler", "type_line": "Sorcery", "mana_cost": "{1}", "oracle": "Draw a card."}


def board_of(lands: list[str], graveyard: Any, hand: list[Any] | None = None) -> Board:
    """A board of "me" with these basic lands (ids l0, l1, ...), graveyard (a list of cards or a count) and
    hand."""
    player: dict[str, Any] = {"id": ME, "graveyard": graveyard}
    if hand is not None:
        player["hand"] = hand
    permanents = [{"id": f"l{i}", "card": land, "controller": ME} for i, land in enumerate(lands)]
    return Board.from_dict({"version": 1, "players": [player], "permanents": permanents})


def from_graveyard(card: dict[str, Any]) -> PaymentTarget:
    """The target of casting ``card`` from its owner's graveyard."""
    return replace(spell_target(Card.from_json(card, "card")), cast_from="graveyard")


def reference_pays(board: Board, target: PaymentTarget, mana: str) -> bool:
    """True when the reference search finds a payment of ``mana`` for ``target`` on ``board``."""
    locked = locked_in(BoardView(board), target.with_cost(ManaCost.parse(mana)), ME)
    return bool(reference_search(board, locked, ME, max_states=100_000).outcomes)


def kept(result: PayResult) -> AlternativeCost | None:
    """The alternative cost paid, as the answer names it."""
    return None if result.alternative_cost is None else result.alternative_cost.cost


@pytest.mark.parametrize(
    ("line", "cost"),
    [
        ("Flashback {3}{R}{R}", AlternativeCost(mana="{3}{R}{R}", keyword="flashback")),
        (
            "Flashback\u2014{1}{U}, Pay 3 life.",
            AlternativeCost(mana="{1}{U}", life=3, keyword="flashback"),
        ),
        (
            "Escape\u2014{2}{R}, Exile two other cards from your graveyard.",
            AlternativeCost(mana="{2}{R}", graveyard_exile=2, keyword="escape"),
        ),
        ("Jump-start", AlternativeCost(mana="", exile=HandExile(1, discard=True), keyword="jump-start")),
        ("Escape\u2014{2}{R}, Discard a Swamp card.", None),
    ],
)
def test_graveyard_keywords_read(line: str, cost: AlternativeCost | None) -> None:
    read = keyword_alternative_cost(line)
    assert (None if read is None else replace(read, text="")) == cost


def test_flashback_pays_its_own_cost_from_the_graveyard() -> None:
    # 702.34a: from the graveyard the cost is {3}{R}{R}, not the mana cost {2}{R}
    three = board_of(["Mountain"] * 3, [BLAST])
    assert not pay(three, from_graveyard(BLAST)).payable
    assert not reference_pays(three, from_graveyard(BLAST), "{3}{R}{R}")
    five = board_of(["Mountain"] * 5, [BLAST])
    result = pay(five, from_graveyard(BLAST))
    assert result.payable and reference_pays(five, from_graveyard(BLAST), "{3}{R}{R}")
    assert kept(result) is not None and kept(result).keyword == "flashback"  # type: ignore[union-attr]
    assert len(result.tapped) == 5


def test_flashback_is_no_way_from_the_hand() -> None:
    # from the hand the mana cost {2}{R} pays; flashback is a graveyard permission only (702.34a)
    board = board_of(["Mountain"] * 3, [], hand=[BLAST])
    result = pay(board, spell_target(board.player(ME).hand[0]))
    assert result.payable and kept(result) is None


def test_escape_needs_the_other_cards() -> None:
    # 702.138a: escape {2}{R} and two other cards exiled; the spell itself is not one of them (601.2a)
    one_other = board_of(["Mountain"] * 3, [SATYR, FILLER])
    assert not pay(one_other, from_graveyard(SATYR)).payable
    two_others = board_of(["Mountain"] * 3, [SATYR, FILLER, FILLER])
    result = pay(two_others, from_graveyard(SATYR))
    assert result.payable and reference_pays(two_others, from_graveyard(SATYR), "{2}{R}")
    assert result.parts.exiled_from_graveyard == 2
    # a graveyard given as a count holds the spell too
    assert pay(board_of(["Mountain"] * 3, 3), from_graveyard(SATYR)).payable
    assert not pay(board_of(["Mountain"] * 3, 2), from_graveyard(SATYR)).payable


def test_escape_cheaper_than_the_mana_cost() -> None:
    # two Mountains can't pay {3}{R}{R}, but escape {R}{R} with eight other cards exiled they can
    board = board_of(["Mountain"] * 2, [OX, *[FILLER] * 8])
    result = pay(board, from_graveyard(OX))
    assert result.payable and reference_pays(board, from_graveyard(OX), "{R}{R}")
    assert not pay(board_of(["Mountain"] * 2, [OX, *[FILLER] * 7]), from_graveyard(OX)).payable


def test_jump_start_discards_a_card() -> None:
    # 702.133a: the mana cost {1}{U}{B} and a card discarded from the hand
    empty = board_of(["Island", "Swamp", "Plains"], [PLOY], hand=[])
    assert not pay(empty, from_graveyard(PLOY)).payable
    held = board_of(["Island", "Swamp", "Plains"], [PLOY], hand=[FILLER])
    result = pay(held, from_graveyard(PLOY))
    assert result.payable and reference_pays(held, from_graveyard(PLOY), "{1}{U}{B}")
    assert result.parts.discarded == ("Test Filler",)
