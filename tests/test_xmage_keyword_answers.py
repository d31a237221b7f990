"""More of XMage's own tests (Mage.Tests ``cards/abilities/keywords``: ``ConvergeTest``, ``EmergeTest``;
``cards/triggers/HeartbeatOfSpringTest``; ``cards/cost/additional/PhyrexianPurgeTest``, ``LivingDestinyTest``,
``PayXLifeTest``; ``cards/single/m21/ChromaticOrreryTest`` is replayed in tests/test_magicalvibes_answers.py
beside another engine's test of the same card), replayed on the planner (issue 35 item 4: the peers' truths).
Each assertion about paying becomes the same board and the same question on our API; the answer is derived
from the Comprehensive Rules in the docstring first. Where XMage's test checks what the spell did once
resolved (damage dealt, cards drawn, life lost), the planner's answer is the part the payment decides: the
colors of mana spent (converge), the creature sacrificed (emerge).

The cards are given by their current Oracle text and mana cost (:data:`CARDS`; other names are the
catalogue's). Facts only: no XMage code or prose is copied here.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from boards import ME, OPP, CardTexts

from models.board import Board
from models.spells import find_spell, spell_of, spell_target
from planner.api import PayResult, max_x, pay

#: name -> (type line, mana cost, Oracle text).
CARDS: dict[str, tuple[str, str, str]] = {
    "Radiant Flames": (
        "Sorcery",
        "{2}{R}",
        "Converge — Radiant Flames deals X damage to each creature, where X is the number of colors of mana "
        "spent to cast this spell.",
    ),
    "Painful Truths": (
        "Sorcery",
        "{2}{B}",
        "Converge — You draw X cards and you lose X life, where X is the number of colors of mana spent to "
        "cast this spell.",
    ),
    "Silvercoat Lion": ("Creature — Cat", "{1}{W}", ""),
    "Wretched Gryff": (
        "Creature — Eldrazi Hippogriff",
        "{7}",
        "Emerge {5}{U} (You may cast this spell by sacrificing a creature and paying the emerge cost reduced "
        "by that creature's mana value.)\nWhen you cast this spell, draw a card.\nFlying",
    ),
    "Phyrexian Purge": (
        "Sorcery",
        "{2}{B}{R}",
        "This spell costs 3 life more to cast for each target.\nDestroy any number of target creatures.",
    ),
    "Living Destiny": (
        "Instant",
        "{3}{G}",
        "As an additional cost to cast this spell, reveal a creature card from your hand.\nYou gain life "
        "equal to the revealed card's mana value.",
    ),
    "Craw Wurm": ("Creature — Wurm", "{4}{G}{G}", ""),
    "Divination": ("Sorcery", "{2}{U}", "Draw two cards."),
    "Toxic Deluge": (
        "Sorcery",
        "{2}{B}",
        "As an additional cost to cast this spell, pay X life.\nAll creatures get -X/-X until end of turn.",
    ),
}

TEXTS = CardTexts(CARDS)


def board(*names: tuple[str, int], hand: tuple[str, ...] = (), life: int = 20) -> Board:
    """A board of "me" (``life``, the cards of :data:`CARDS` named in ``hand``) with ``count`` permanents of
    each (name, count), ids ``<name><n>``, and an opponent "opp"."""
    permanents = [
        TEXTS.permanent(name, f"{name.split()[0].lower()}{n}") for name, count in names for n in range(count)
    ]
    me = {"id": ME, "life": life, "hand": [TEXTS.text_of(n) for n in hand]}
    return Board.from_dict({"version": 1, "players": [me, {"id": OPP}], "permanents": permanents})


def cast(on: Board, name: str, **options: Any) -> PayResult:
    """``pay`` for casting the card called ``name`` from "me"'s hand."""
    return pay(on, spell_target(find_spell(on.player(ME), name)), player=ME, **options)


# --- ConvergeTest: the number of colors of mana spent (an ability word, CR 207.2c; 601.2h) ------------------


def test_converge_paid_by_mountains_alone_spends_one_color() -> None:
    """ConvergeTest.testOnlyOneColor: three Mountains pay Radiant Flames' {2}{R} with {R}{R}{R}: one color of
    mana spent (X = 1: XMage's 1/1 Jailers die, its 2/2 Lions live)."""
    result = cast(board(("Mountain", 3), hand=("Radiant Flames",)), "Radiant Flames")
    assert result.payable and result.colors_spent == "R"


def test_converge_spends_every_color_the_lands_can_give() -> None:
    """ConvergeTest.testWithTwoColors: two Mountains and a Forest: {R} from a Mountain, the generic {2} from
    the other Mountain and the Forest: red and green spent, X = 2 (the Lions die too). The planner weighs a
    converge spell's colors (docs/contract.md §12): the two colors are the most these lands give."""
    result = cast(board(("Mountain", 2), ("Forest", 1), hand=("Radiant Flames",)), "Radiant Flames")
    assert result.payable and result.colors_spent == "RG"


def test_converge_counts_the_colors_of_mana_made_by_signets() -> None:
    """ConvergeTest.testWithArtifactManaSources: a Mountain, Izzet Signet ("{1}, {T}: Add {U}{R}.") and Orzhov
    Signet ("{1}, {T}: Add {W}{B}."): the Mountain's {R} pays one Signet's {1}, one mana of that Signet pays
    the other's {1}, and two mana are left beside the {B} of Orzhov's: Painful Truths' {2}{B} is paid with
    three mana of three colors, whichever Signet goes first (Izzet first: {B} + {W}, {U} or {R}: B, W and U or
    R; Orzhov first: W pays Izzet's {1}, then {B}, {U}, {R}). Three colors is the most: three mana pay the
    spell. XMage: three cards drawn, 3 life lost (X = 3). Both Signets are tapped."""
    result = cast(
        board(("Mountain", 1), ("Izzet Signet", 1), ("Orzhov Signet", 1), hand=("Painful Truths",)),
        "Painful Truths",
    )
    assert result.payable
    assert result.colors_spent is not None and len(result.colors_spent) == 3 and "B" in result.colors_spent
    assert sorted(result.tapped) == ["izzet0", "mountain0", "orzhov0"]


# --- EmergeTest: an alternative cost that sacrifices a creature (CR 702.119a) -------------------------------


def test_emerge_sacrifices_a_creature_and_pays_the_rest() -> None:
    """EmergeTest.testCastWithEmerge: Wretched Gryff ({7}, emerge {5}{U}) with four Islands and a Silvercoat
    Lion (mana value 2): emerge costs {5}{U} less {2}, that is {3}{U}, which the four Islands pay; the Lion is
    sacrificed (CR 702.119a, 601.2h). By its mana cost alone ({7}) four Islands are short."""
    on = board(("Island", 4), ("Silvercoat Lion", 1), hand=("Wretched Gryff",))
    result = cast(on, "Wretched Gryff")
    assert result.payable and result.alternative_cost is not None
    assert result.alternative_cost.cost.keyword == "emerge" and result.alternative_cost.sacrificed == (
        "silvercoat0",
    )
    assert len(result.tapped) == 4
    assert cast(on, "Wretched Gryff", alternative_cost="forbid").payable is False


def test_emerge_needs_a_creature_to_sacrifice() -> None:
    """(The same board without the Lion.) Emerge's cost includes sacrificing a creature (CR 702.119a): with no
    creature there is no emerge, and four Islands can't pay {7}."""
    assert cast(board(("Island", 4), hand=("Wretched Gryff",)), "Wretched Gryff").payable is False


# --- HeartbeatOfSpringTest (cards/triggers): a triggered mana ability copies the type produced (CR 605.1b) --


def test_heartbeat_of_spring_doubles_an_urzas_mine() -> None:
    """HeartbeatOfSpringTest.testWorksForUrzasLand: Heartbeat of Spring ("Whenever a player taps a land for
    mana, that player adds one mana of any type that land produced."), three tapped Forests (they paid for it)
    and an Urza's Mine without the Tower and the Power-Plant ({C}): tapping the Mine adds {C}, and the trigger
    another {C} (a triggered mana ability, CR 605.1b, 605.4a): Angel's Feather's {2} is payable; {3} is not.
    """
    forests = [{"id": f"forest{n}", "card": "Forest", "controller": ME, "tapped": True} for n in range(3)]
    heartbeat = TEXTS.permanent("Heartbeat of Spring", "heartbeat")
    mine = TEXTS.permanent("Urza's Mine", "urza")
    b = Board.from_dict(
        {"version": 1, "players": [{"id": ME}, {"id": OPP}], "permanents": [heartbeat, mine, *forests]}
    )
    assert pay(b, spell_of("{2}", type_line="Artifact", text="", name="Test Toy")).payable
    assert not pay(b, spell_of("{3}", type_line="Artifact", text="", name="Test Toy")).payable


# --- PhyrexianPurgeTest (cards/cost/additional): a cost increase in life, not implemented: warned -----------


def test_a_spells_cost_in_life_per_target_is_warned_not_dropped() -> None:
    """PhyrexianPurgeTest.simpleTest: Phyrexian Purge ("This spell costs 3 life more to cast for each
    target.") cast with two targets costs {2}{B}{R} and 6 life (CR 601.2c: the targets are chosen before the
    total cost is determined, 601.2f; 119.4: 6 life needs a life total of at least 6). The planner does not
    add life per target; the sentence is about the spell's cost, so it must be warned of, never ignored in
    silence (before, it was read as having nothing to do with paying, and a player at 5 life was told the
    spell is payable with no warning)."""
    purge = TEXTS.text_of("Phyrexian Purge")
    permanents = [
        {"id": f"l{n}", "card": land, "controller": ME}
        for n, land in enumerate(("Swamp", "Swamp", "Mountain", "Mountain"))
    ]
    on = Board.from_dict(
        {
            "version": 1,
            "players": [{"id": ME, "life": 5, "hand": [purge]}, {"id": OPP}],
            "permanents": permanents,
        }
    )
    target = replace(spell_target(find_spell(on.player(ME), "Phyrexian Purge")), targets=2)
    warned = [w.sentence for w in pay(on, target).warnings]
    assert warned == ["~ costs 3 life more to cast for each target."]


# --- LivingDestinyTest (cards/cost/additional): reveal a creature card from the hand (CR 601.2b, 601.2h) ----


@pytest.mark.parametrize(("other", "payable"), [("Craw Wurm", True), (None, False), ("Divination", False)])
def test_living_destiny_reveals_a_creature_card_from_the_hand(other: str | None, payable: bool) -> None:
    """LivingDestinyTest.testCard, testCantCast, testNonCreatureCard: Living Destiny ({3}{G}, "As an
    additional cost to cast this spell, reveal a creature card from your hand.") with four Forests: castable
    with Craw Wurm in hand (the Wurm revealed); with no other card, or with Divination alone (no creature
    card), the additional cost can't be paid, so the spell can't be cast (CR 601.2h)."""
    hand = ("Living Destiny", *((other,) if other else ()))
    result = cast(board(("Forest", 4), hand=hand), "Living Destiny")
    assert result.payable is payable
    if payable:
        assert result.additional is not None and result.additional.revealed == ("Craw Wurm",)


# --- PayXLifeTest (cards/cost/additional): an additional cost of X life (CR 601.2b, 119.4) -----------------


def test_an_additional_cost_of_x_life_is_paid_with_the_mana() -> None:
    """PayXLifeTest.testToxicDeluge: Toxic Deluge ({2}{B}, "As an additional cost to cast this spell, pay X
    life.") with X = 4 costs {2}{B} and 4 life (CR 601.2b: X announced; 601.2h; 119.4: a life total of at
    least 4 pays 4): five Swamps at 20 life cast it, 4 life paid; at 3 life X = 4 can't be paid, and the
    largest X is the life there is (3)."""
    on = board(("Swamp", 5), hand=("Toxic Deluge",))
    paid = cast(on, "Toxic Deluge", x=4)
    assert (paid.payable, paid.life_paid, paid.warnings) == (True, 4, ())
    low = board(("Swamp", 5), hand=("Toxic Deluge",), life=3)
    assert cast(low, "Toxic Deluge", x=4).payable is False
    largest = max_x(low, spell_target(find_spell(low.player(ME), "Toxic Deluge")), player=ME)
    assert (largest.x, largest.optimal) == (3, True)
