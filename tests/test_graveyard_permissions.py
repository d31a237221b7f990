"""Permissions to cast a spell from the graveyard other than flashback, escape and jump-start (those:
tests/test_graveyard_keywords.py). CR 601.2a: a card is cast from a zone other than the hand only by an
effect that allows it; the spell's own "As long as you control a Giant, you may cast ~ from your graveyard by
paying {U} rather than paying its mana cost" is such a permission, for an alternative cost (118.9: {U}
rather than the mana cost) under a condition; "You may cast ~ from your graveyard." one for its mana cost.
A permanent's permission of a shape the reader does not read ("You may cast spells from your graveyard if you
gained life this turn", an activated ability's) lets the spell be paid its mana cost beside it, the sentence
warned of; those it reads: tests/test_graveyard_grants.py. Expected answers are worked out by hand from those
rules; each verdict of a payment is checked against the reference search paying the cost the rules give.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from test_graveyard_keywords import kept, reference_pays

from models.alternative_costs import AlternativeCost
from models.board import Board, Card
from models.cost import PaymentTarget
from models.oracle.alternative_costs import alternative_cost_of
from models.oracle.reader import read_card
from models.spells import spell_of, spell_target
from models.types import TypeLine
from planner.answer_warnings import spell_text_warnings
from planner.api import max_x, pay

ME = "me"

#: Fixture cards with the sentence shapes of real cards (the names are made up).
GLANCE = {
    "name": "Test Glance",
    "type_line": "Sorcery",
    "mana_cost": "{1}{U}",
    "oracle": "Look at the top two cards of your library. Put one of them into your hand.\nAs long as you "
    "control a Giant, you may cast Test Glance from your graveyard by paying {U} rather than paying its "
    "mana cost. If you cast Test Glance this way and it would be put into a graveyard, exile it instead.",
}
RETURNER = {
    "name": "Test Returner",
    "type_line": "Creature — Zombie",
    "mana_cost": "{2}{B}",
    "oracle": "You may cast Test Returner from your graveyard.",
}
PLAIN = {"name": "Test Plain", "type_line": "Sorcery", "mana_cost": "{1}{R}", "oracle": "Draw a card."}
BLAZE = {"name": "Test Blaze", "type_line": "Sorcery", "mana_cost": "{X}{R}", "oracle": "Deal X damage."}
GIANT = {"name": "Test Giant", "type_line": "Creature — Giant", "mana_cost": "{3}{R}"}


def board_of(lands: list[str], graveyard: list[Any], others: list[dict[str, Any]] | None = None) -> Board:
    """A board of "me" (and an opponent, "opp") with these basic lands (ids l0, l1, ...), graveyard and
    other permanents (given whole)."""
    permanents = [{"id": f"l{i}", "card": land, "controller": ME} for i, land in enumerate(lands)]
    return Board.from_dict(
        {
            "version": 1,
            "players": [{"id": ME, "graveyard": graveyard, "hand": []}, {"id": "opp"}],
            "permanents": permanents + (others or []),
        }
    )


def giant(controller: str = ME) -> dict[str, Any]:
    """A Giant creature permanent."""
    return {"id": f"giant-{controller}", "controller": controller, **GIANT}


def cast_from(card: dict[str, Any], zone: str) -> PaymentTarget:
    """The target of casting ``card`` from ``zone``."""
    return replace(spell_target(Card.from_json(card, "card")), cast_from=zone)


@pytest.mark.parametrize(
    ("sentence", "cost"),
    [
        (
            "As long as you control a Giant, you may cast ~ from your graveyard by paying {U} rather than "
            "paying its mana cost.",
            AlternativeCost(mana="{U}", if_control=("Giant",), from_graveyard=True),
        ),
        (
            "You may cast ~ from your graveyard.",
            AlternativeCost(mana="", from_graveyard=True, mana_cost=True),
        ),
        (
            "If you control a Swamp, you may cast this spell from your graveyard.",
            AlternativeCost(mana="", if_control=("Swamp",), from_graveyard=True, mana_cost=True),
        ),
        (
            "You may cast ~ from your graveyard as long as you control a Zombie.",
            AlternativeCost(mana="", if_control=("Zombie",), from_graveyard=True, mana_cost=True),
        ),
        # (X in such a cost says nothing of what X is: not read, and warned of below)
        ("You may cast ~ from your graveyard by paying {X} rather than paying its mana cost.", None),
        ("You may cast spells from your graveyard.", None),
    ],
)
def test_own_graveyard_permissions_read(sentence: str, cost: AlternativeCost | None) -> None:
    read = alternative_cost_of(sentence)
    assert (None if read is None else replace(read, text="")) == cost


def test_an_unread_own_permission_is_warned_of() -> None:
    text = "You may cast ~ from your graveyard by paying {X} rather than paying its mana cost."
    target = spell_of("{2}{U}", name="Test Odd", text=text)
    assert [w.sentence for w in spell_text_warnings(target)] == [text]


@pytest.mark.parametrize(
    "sentence",
    [
        "You may cast spells from your graveyard if you gained life this turn.",
        "Until end of turn, you may play lands and cast spells from your graveyard.",
        # (Lurrus's "one permanent spell with mana value 2 or less" is read: tests/test_graveyard_grants.py)
    ],
)
def test_granted_permissions_are_not_filed_ignored(sentence: str) -> None:
    reading = read_card(sentence, "Test Keeper", TypeLine.parse("Enchantment"))
    assert [s.read_as for s in reading.sentences] == ["unsupported"]


def test_alternative_cost_from_the_graveyard_with_its_condition() -> None:
    # 118.9, 601.2a: with a Giant, from the graveyard it costs {U} rather than {1}{U}: one Island pays
    board = board_of(["Island"], [GLANCE], [giant()])
    result = pay(board, cast_from(GLANCE, "graveyard"))
    assert result.payable and reference_pays(board, cast_from(GLANCE, "graveyard"), "{U}")
    assert kept(result) is not None and kept(result).from_graveyard  # type: ignore[union-attr]
    assert len(result.tapped) == 1


@pytest.mark.parametrize("controller", [None, "opp"])
def test_no_giant_no_permission_from_the_graveyard(controller: str | None) -> None:
    # 601.2a: without a Giant you control ("you control": the opponent's doesn't count) the card has no
    # permission to be cast from the graveyard at all, so two Islands (its mana cost {1}{U}) don't help
    others = [giant(controller)] if controller else []
    result = pay(board_of(["Island", "Island"], [GLANCE], others), cast_from(GLANCE, "graveyard"))
    assert not result.payable
    assert result.reason is not None and "Giant" in result.reason


def test_from_the_hand_the_mana_cost() -> None:
    # from the hand the {U} way is not offered (it is a permission for the graveyard only): {1}{U}
    one = board_of(["Island"], [], [giant()])
    assert not pay(one, cast_from(GLANCE, "hand")).payable
    assert not reference_pays(one, cast_from(GLANCE, "hand"), "{1}{U}")
    two = board_of(["Island", "Island"], [], [giant()])
    result = pay(two, cast_from(GLANCE, "hand"))
    assert result.payable and kept(result) is None and len(result.tapped) == 2


def test_own_permission_pays_the_mana_cost() -> None:
    # 601.2a, 601.2f: "You may cast ~ from your graveyard." changes no cost: {2}{B} from three Swamps
    three = board_of(["Swamp"] * 3, [RETURNER])
    result = pay(three, cast_from(RETURNER, "graveyard"))
    assert result.payable and reference_pays(three, cast_from(RETURNER, "graveyard"), "{2}{B}")
    assert len(result.tapped) == 3
    two = board_of(["Swamp"] * 2, [RETURNER])
    assert not pay(two, cast_from(RETURNER, "graveyard")).payable
    assert not reference_pays(two, cast_from(RETURNER, "graveyard"), "{2}{B}")


def test_no_permission_at_all_is_a_clear_no() -> None:
    # 601.2a: a sorcery with no permission can't be cast from the graveyard, however much mana there is
    board = board_of(["Mountain"] * 4, [PLAIN])
    result = pay(board, cast_from(PLAIN, "graveyard"))
    assert not result.payable
    assert result.reason is not None and "601.2a" in result.reason
    blaze = max_x(board_of(["Mountain"] * 4, [BLAZE]), cast_from(BLAZE, "graveyard"))
    assert not blaze.payable and blaze.reason is not None and "601.2a" in blaze.reason
    # from the hand it is paid as usual
    assert pay(board, cast_from(PLAIN, "hand")).payable


def test_a_granted_permission_is_warned_of_and_the_mana_cost_paid() -> None:
    # a permanent's permission under a condition no board field records (601.2a) is not read: the mana cost
    # {1}{R} is paid beside it, and its sentence is named in the warnings, never a silent "no"
    keeper = {
        "id": "keeper",
        "controller": ME,
        "name": "Test Keeper",
        "type_line": "Enchantment",
        "oracle": "You may cast spells from your graveyard if you gained life this turn.",
    }
    board = board_of(["Mountain"] * 2, [PLAIN], [keeper])
    result = pay(board, cast_from(PLAIN, "graveyard"))
    assert result.payable and reference_pays(board, cast_from(PLAIN, "graveyard"), "{1}{R}")
    assert any(w.permanent == "keeper" for w in result.warnings)


FIST = {
    "id": "fist",
    "controller": ME,
    "name": "Test Fist",
    "type_line": "Artifact",
    "oracle": "You may pay {W}{U}{B}{R}{G} rather than pay the mana cost for spells you cast.",
}
FLASHBACK = {
    "name": "Test Flash",
    "type_line": "Instant",
    "mana_cost": "{2}{R}",
    "oracle": "Draw a card.\nFlashback {3}{R}{R}",
}
JUMPER = {
    "name": "Test Jumper",
    "type_line": "Sorcery",
    "mana_cost": "{5}{U}{U}",
    "oracle": "Draw three cards.\nJump-start",
}
FIVE_COLORS = ["Plains", "Island", "Swamp", "Mountain", "Forest"]


def test_a_granted_alternative_cost_does_not_join_flashback() -> None:
    # 118.9a: flashback is an alternative cost (702.34a): cast by it, the Fist's {W}{U}{B}{R}{G} can't be
    # paid instead; one Mountain among five lands can't pay {3}{R}{R}
    board = board_of(FIVE_COLORS, [FLASHBACK], [FIST])
    assert not pay(board, cast_from(FLASHBACK, "graveyard")).payable
    assert not reference_pays(board, cast_from(FLASHBACK, "graveyard"), "{3}{R}{R}")
    # with its own "{U} rather than its mana cost" likewise: no Giant, no way at all
    assert not pay(board_of(FIVE_COLORS, [GLANCE], [FIST]), cast_from(GLANCE, "graveyard")).payable


def test_a_granted_alternative_cost_pays_with_jump_start_and_its_discard() -> None:
    # 702.133a: jump-start's discard is an additional cost, so the Fist's {W}{U}{B}{R}{G} may be paid
    # rather than {5}{U}{U} (118.9), with a card discarded; with no card in hand, not at all
    held = board_of(FIVE_COLORS, [JUMPER], [FIST])
    held = held.replace_player(ME, hand=(Card.from_json(PLAIN, "card"),))
    result = pay(held, cast_from(JUMPER, "graveyard"))
    assert result.payable and result.parts.discarded == ("Test Plain",)
    assert reference_pays(held, cast_from(JUMPER, "graveyard"), "{W}{U}{B}{R}{G}")
    assert not reference_pays(held, cast_from(JUMPER, "graveyard"), "{5}{U}{U}")
    empty = board_of(FIVE_COLORS, [JUMPER], [FIST])
    assert not pay(empty, cast_from(JUMPER, "graveyard")).payable


def test_an_unread_own_permission_pays_the_mana_cost_warned() -> None:
    # its own permission under a condition the board does not record ("if you gained life this turn") is
    # not read: from the graveyard it is paid its mana cost {1}{B}, never refused (601.2a), and warned of
    text = "You may cast ~ from your graveyard if you gained life this turn."
    vampire = {
        "name": "Test Vampire",
        "type_line": "Creature — Vampire",
        "mana_cost": "{1}{B}",
        "oracle": text,
    }
    board = board_of(["Swamp", "Swamp"], [vampire])
    result = pay(board, cast_from(vampire, "graveyard"))
    assert result.payable and reference_pays(board, cast_from(vampire, "graveyard"), "{1}{B}")
    assert any(w.sentence == text for w in result.warnings)


def test_an_activated_grant_is_warned_of() -> None:
    # "Discard a card: You may cast a creature card from your graveyard this turn." (601.2a): whether it was
    # activated is not recorded: the mana cost {2}{B} is paid as though it was, with a warning naming it
    chainer = {
        "id": "chainer",
        "controller": ME,
        "name": "Test Chainer",
        "type_line": "Creature — Human Minion",
        "oracle": "Discard a card: You may cast a creature card from your graveyard this turn. Activate only "
        "once each turn.",
    }
    creature = {**RETURNER, "name": "Test Corpse", "oracle": ""}
    board = board_of(["Swamp"] * 3, [creature], [chainer])
    result = pay(board, cast_from(creature, "graveyard"))
    assert result.payable
    assert any(w.permanent == "chainer" and "601.2a" in w.reason for w in result.warnings)
