"""XMage's own tests of keyword costs (Mage.Tests ``abilities/keywords``: DashTest, SpectacleTest, SurgeTest,
BlitzTest, BargainTest, JumpStartTest, EvokeTest; ``cost/kicker/GatekeeperOfMalakirTest``;
``cost/additional/CollectEvidenceTest``), replayed on the planner (issue 35 item 4: the peers' truths). Each
board is XMage's, each answer derived from the Comprehensive Rules in the test's docstring; where XMage checks
what its player chose (which of two legal ways), only what the rules decide is asserted.

The cards are given by their current Oracle text and mana cost (``benchmarks/peer_cards.json``). Facts only:
no XMage code or prose is copied here.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from boards import ME, OPP, PEER_TEXTS

from models.board import Board
from models.spells import find_spell, spell_target
from planner.api import PayResult, pay


def board(
    *permanents: tuple[str, int],
    hand: tuple[str, ...] = (),
    graveyard: tuple[str, ...] = (),
    spells_cast: int = 0,
    opponent_lost: int = 0,
) -> Board:
    """A board of "me" with ``count`` permanents of each name (ids ``<first word><n>``), the peer cards named
    in ``hand`` and ``graveyard``, ``spells_cast`` spells cast this turn; "opp" lost ``opponent_lost`` life
    this turn."""
    me: dict[str, Any] = {
        "id": ME,
        "hand": [PEER_TEXTS.text_of(n) for n in hand],
        "graveyard": [PEER_TEXTS.text_of(n) for n in graveyard],
        "spells_cast_this_turn": spells_cast,
    }
    opp = {"id": OPP, "life_lost_this_turn": opponent_lost}
    listed = [
        PEER_TEXTS.permanent(name, f"{name.split()[0]}{n}")
        for name, count in permanents
        for n in range(count)
    ]
    return Board.from_dict({"version": 1, "players": [me, opp], "permanents": listed})


def cast(on: Board, name: str, *, from_graveyard: bool = False, **options: Any) -> PayResult:
    """``pay`` for casting the card called ``name`` from "me"'s hand (or graveyard)."""
    target = spell_target(find_spell(on.player(ME), name, from_graveyard=from_graveyard))
    if from_graveyard:
        target = replace(target, cast_from="graveyard")
    return pay(on, target, player=ME, **options)


def keyword_paid(result: PayResult) -> str | None:
    """The keyword of the alternative cost the payment took (None: the mana cost)."""
    return result.alternative_cost.cost.keyword if result.alternative_cost is not None else None


# --- DashTest (CR 702.109a: "Dash [cost]" is an alternative cost, paid by the rules of 601.2b, 601.2f-h) ----


def test_dash_pays_what_the_mana_cost_can_not() -> None:
    """DashTest.testDash / testDashedCreatureDiesInCombat: two Mountains don't pay Screamreach Brawler's
    {2}{R} but pay its dash cost {1}{R} (CR 702.109a, 118.9); asked for the mana cost only, they don't."""
    brawler = board(("Mountain", 2), hand=("Screamreach Brawler",))
    dashed = cast(brawler, "Screamreach Brawler")
    assert (dashed.payable, dashed.total_cost, keyword_paid(dashed), dashed.warnings) == (
        True,
        "{1}{R}",
        "dash",
        (),
    )
    assert cast(brawler, "Screamreach Brawler", alternative_cost="forbid").payable is False
    assert cast(board(("Mountain", 1), hand=("Screamreach Brawler",)), "Screamreach Brawler").payable is False


def test_without_dash_three_mountains_pay_the_mana_cost() -> None:
    """DashTest.testNoDash: three Mountains pay {2}{R}, the mana cost, all three tapped (CR 601.2g-h)."""
    result = cast(
        board(("Mountain", 3), hand=("Screamreach Brawler",)),
        "Screamreach Brawler",
        alternative_cost="forbid",
    )
    assert (result.payable, result.total_cost, len(result.tapped)) == (True, "{2}{R}", 3)


def test_a_reduction_applies_to_the_dash_cost() -> None:
    """DashTest.testRegularCostReduction: Ruby Medallion's "Red spells you cast cost {1} less" applies to the
    total cost, which starts from the alternative cost (CR 601.2f): dash {1}{R} less {1} is {R}, one Mountain
    (the mana cost {2}{R} less {1} would be {1}{R}, which one Mountain doesn't pay)."""
    result = cast(
        board(("Mountain", 1), ("Ruby Medallion", 1), hand=("Screamreach Brawler",)), "Screamreach Brawler"
    )
    assert (result.payable, result.total_cost, keyword_paid(result), len(result.tapped)) == (
        True,
        "{R}",
        "dash",
        1,
    )
    medallion_only = board(("Mountain", 1), ("Ruby Medallion", 1), hand=("Screamreach Brawler",))
    assert cast(medallion_only, "Screamreach Brawler", alternative_cost="forbid").payable is False


def test_warbringers_reduction_of_dash_costs_is_warned_not_dropped() -> None:
    """DashTest.testWarbringerCostReduction: with a Warbringer on the battlefield ("Dash costs you pay cost
    {2}
    less"), a second Warbringer's dash {2}{R} costs {R} (CR 601.2f), one Mountain. The reader does not read
    that reduction yet; it was swallowed as a keyword line ('Dash ...') and the answer a silent "no". It is
    now a sentence the reader warns of (never a silent no: the rules' answer is yes); applying it is left."""
    on = board(("Mountain", 1), ("Warbringer", 1), hand=("Warbringer",))
    result = cast(on, "Warbringer")
    assert result.payable or any("Dash costs you pay" in w.sentence for w in result.warnings)
    # the dash cost itself is read: three Mountains pay {2}{R} by dash where {3}{R} needs four
    three = cast(board(("Mountain", 3), hand=("Warbringer",)), "Warbringer")
    assert (three.payable, three.total_cost, keyword_paid(three)) == (True, "{2}{R}", "dash")


# --- SpectacleTest (CR 702.137a: the spectacle cost, if an opponent lost life this turn) -------------------


def test_spectacle_needs_an_opponent_to_have_lost_life() -> None:
    """SpectacleTest.testWithSpectacle / testWithoutSpectacleBasic: Spikewheel Acrobat {3}{R}, spectacle
    {2}{R}. After a Lightning Bolt to the opponent (3 life lost this turn), three Mountains pay it by
    spectacle; with no life lost they don't (the mana cost needs four, which pay it: all four tapped)."""
    lost = cast(board(("Mountain", 3), hand=("Spikewheel Acrobat",), opponent_lost=3), "Spikewheel Acrobat")
    assert (lost.payable, lost.total_cost, keyword_paid(lost)) == (True, "{2}{R}", "spectacle")
    assert cast(board(("Mountain", 3), hand=("Spikewheel Acrobat",)), "Spikewheel Acrobat").payable is False
    four = cast(board(("Mountain", 4), hand=("Spikewheel Acrobat",)), "Spikewheel Acrobat")
    assert (four.payable, four.total_cost, len(four.tapped)) == (True, "{3}{R}", 4)


def test_rafter_demons_spectacle_cost_is_more_than_its_mana_cost() -> None:
    """SpectacleTest.testWithoutSpectacleTriggerAfterDamage / testRafterDemonCopyClone: Rafter Demon's
    spectacle {3}{B}{R} is more than its mana cost {2}{B}{R}; either may be paid after the Bolt (which one is
    the player's choice, CR 118.9). By spectacle it takes five Badlands; four pay the mana cost only."""
    after_bolt = board(("Badlands", 4), hand=("Rafter Demon",), opponent_lost=3)
    assert cast(after_bolt, "Rafter Demon").payable is True
    assert cast(after_bolt, "Rafter Demon", alternative_cost="require").payable is False
    five = cast(
        board(("Badlands", 5), hand=("Rafter Demon",), opponent_lost=3),
        "Rafter Demon",
        alternative_cost="require",
    )
    assert (five.payable, five.total_cost, len(five.tapped)) == (True, "{3}{B}{R}", 5)


# --- SurgeTest (CR 702.117a: the surge cost, if you or a teammate cast another spell this turn) -------------


@pytest.mark.parametrize(
    ("card", "lands", "cast_before", "payable", "total"),
    [
        ("Crush of Tentacles", ("Island", 6), 0, True, "{4}{U}{U}"),  # testWithoutSurge: the mana cost
        ("Crush of Tentacles", ("Island", 5), 1, True, "{3}{U}{U}"),  # testWithSurge: after a Bolt
        ("Crush of Tentacles", ("Island", 5), 0, False, None),  # no spell cast before: no surge
        ("Tyrant of Valakut", ("Mountain", 5), 1, True, "{3}{R}{R}"),  # testTyrantOfValakut
        ("Containment Membrane", ("Island", 1), 1, True, "{U}"),  # testContainmentMembrane
        ("Containment Membrane", ("Mountain", 1), 1, False, None),  # {U} is blue mana (CR 107.4)
    ],
)
def test_surge_pays_after_another_spell(
    card: str, lands: tuple[str, int], cast_before: int, payable: bool, total: str | None
) -> None:
    """SurgeTest: each spell cast for its surge cost after a Lightning Bolt the same turn (the board's
    ``spells_cast_this_turn``), or for its mana cost without one (CR 702.117a, 601.2f)."""
    result = cast(board(lands, hand=(card,), spells_cast=cast_before), card)
    assert result.payable is payable
    assert not result.warnings
    if total is not None:
        assert result.total_cost == total


# --- BlitzTest (CR 702.152a: the blitz cost is an alternative cost) ----------------------------------------


def test_blitz_costs_four_forests_and_the_mana_cost_two() -> None:
    """BlitzTest.testBlitz / testNoBlitz: Riveteers Decoy {1}{G}, blitz {3}{G}: four Forests pay the blitz
    cost, three don't; two Forests pay the mana cost (CR 118.9)."""
    four = cast(
        board(("Forest", 4), hand=("Riveteers Decoy",)), "Riveteers Decoy", alternative_cost="require"
    )
    assert (four.payable, four.total_cost, keyword_paid(four), len(four.tapped)) == (
        True,
        "{3}{G}",
        "blitz",
        4,
    )
    three = board(("Forest", 3), hand=("Riveteers Decoy",))
    assert cast(three, "Riveteers Decoy", alternative_cost="require").payable is False
    two = cast(board(("Forest", 2), hand=("Riveteers Decoy",)), "Riveteers Decoy")
    assert (two.payable, two.total_cost, keyword_paid(two)) == (True, "{1}{G}", None)


# --- BargainTest (CR 702.166a: an optional additional cost, a sacrifice) ----------------------------------


@pytest.mark.parametrize(
    ("card", "lands"), [("Troublemaker Ouphe", ("Forest", 2)), ("Torch the Tower", ("Mountain", 1))]
)
def test_bargain_is_optional_and_takes_nothing_off(card: str, lands: tuple[str, int]) -> None:
    """BargainTest.testBargainNotPaidOuphe / testBargainNothingToBargain / testBargainNotPaidTorch: bargain
    may be paid or not (CR 702.166a "you may sacrifice"), and reduces nothing: the mana cost is paid with or
    without an artifact to sacrifice, and nothing is sacrificed for it; one land short, an Aesthir Glider to
    sacrifice does not help."""
    with_glider = cast(board(lands, ("Aesthir Glider", 1), hand=(card,)), card)
    assert (with_glider.payable, with_glider.additional.sacrificed, with_glider.warnings) == (True, (), ())
    assert cast(board(lands, hand=(card,)), card).payable is True
    fewer = (lands[0], lands[1] - 1)
    assert cast(board(fewer, ("Aesthir Glider", 1), hand=(card,)), card).payable is False


# --- JumpStartTest (CR 702.133a: cast from the graveyard, a card discarded besides the costs) --------------


def test_jump_start_discards_a_card_and_pays_the_mana_cost() -> None:
    """JumpStartTest.testNormalUse: Direct Current ({1}{R}{R}) in the graveyard, Disenchant in the hand:
    three Mountains and the Disenchant discarded cast it (CR 702.133a). With no card to discard, or two
    Mountains, it is not cast; from the graveyard its mana cost alone is no way (CR 601.2a)."""
    paid = cast(
        board(("Mountain", 3), hand=("Disenchant",), graveyard=("Direct Current",)),
        "Direct Current",
        from_graveyard=True,
    )
    assert (paid.payable, paid.total_cost, paid.parts.discarded) == (True, "{1}{R}{R}", ("Disenchant",))
    assert keyword_paid(paid) == "jump-start"
    no_card = board(("Mountain", 3), graveyard=("Direct Current",))
    assert cast(no_card, "Direct Current", from_graveyard=True).payable is False
    two = board(("Mountain", 2), hand=("Disenchant",), graveyard=("Direct Current",))
    assert cast(two, "Direct Current", from_graveyard=True).payable is False


# --- EvokeTest (CR 702.74a: the evoke cost is an alternative cost) -----------------------------------------


def test_evoke_pays_shriekmaw_for_two_and_keeps_exhume() -> None:
    """EvokeTest.testCreatureComesIntoPlay: five Swamps, Shriekmaw ({4}{B}, evoke {1}{B}) then Exhume
    ({1}{B}): the mana cost takes all five, so both are cast only if Shriekmaw is evoked (2 + 2 of 5). Two
    Swamps pay the evoke cost alone; asked to keep Exhume castable, the payment evokes it (the objective's
    ``keep``, README)."""
    two = cast(board(("Swamp", 2), hand=("Shriekmaw",)), "Shriekmaw")
    assert (two.payable, two.total_cost, keyword_paid(two)) == (True, "{1}{B}", "evoke")
    five = board(("Swamp", 5), hand=("Shriekmaw", "Exhume"))
    exhume = spell_target(find_spell(five.player(ME), "Exhume"))
    kept = cast(five, "Shriekmaw", keep=exhume)
    assert (kept.payable, keyword_paid(kept), len(kept.tapped)) == (True, "evoke", 2)
    assert cast(five, "Shriekmaw", alternative_cost="forbid").payable is True


# --- GatekeeperOfMalakirTest (CR 702.33a: kicker is an optional additional cost) ---------------------------


def test_kicker_is_optional_so_the_mana_cost_alone_pays() -> None:
    """GatekeeperOfMalakirTest.testCard: three Swamps cast Gatekeeper of Malakir kicked ({B}{B} and {B},
    CR 702.33a, 601.2f); kicking is optional, so two Swamps cast it too, one does not."""
    assert cast(board(("Swamp", 2), hand=("Gatekeeper of Malakir",)), "Gatekeeper of Malakir").payable is True
    assert (
        cast(board(("Swamp", 1), hand=("Gatekeeper of Malakir",)), "Gatekeeper of Malakir").payable is False
    )
    three = cast(board(("Swamp", 3), hand=("Gatekeeper of Malakir",)), "Gatekeeper of Malakir")
    assert (three.payable, three.total_cost) == (True, "{B}{B}")


# --- CollectEvidenceTest (CR 701.59a: exile cards of total mana value N or more from the graveyard) ---------


def test_collect_evidence_costs_are_warned_not_answered_no() -> None:
    """CollectEvidenceTest.testConspiracyUnraveler / testNonDirectConditionalOnStack: Conspiracy Unraveler
    lets Colossal Dreadmaw be cast by exiling four Gray Ogres (mana value 12 >= 10) instead of its mana cost
    (CR 118.9), and Bite Down on Crime costs {1}{G} with two Gray Ogres exiled (6), two Forests: both "yes" by
    the rules. The planner does not plan collect evidence as a spell's cost yet: never a silent "no", the
    sentence is warned."""
    unraveler = board(("Conspiracy Unraveler", 1), hand=("Colossal Dreadmaw",), graveyard=("Gray Ogre",) * 4)
    dreadmaw = cast(unraveler, "Colossal Dreadmaw")
    assert dreadmaw.payable or any("collect evidence" in w.sentence for w in dreadmaw.warnings)
    bite_board = board(("Forest", 2), hand=("Bite Down on Crime",), graveyard=("Gray Ogre",) * 2)
    bite = cast(bite_board, "Bite Down on Crime")
    assert bite.payable or any("evidence" in w.sentence for w in bite.warnings)
    # without evidence to collect the Bite's {3}{G} is more than two Forests: a plain "no", by the rules
    assert cast(board(("Forest", 2), hand=("Bite Down on Crime",)), "Bite Down on Crime").payable is False


def test_murder_is_paid_by_three_swamps() -> None:
    """CollectEvidenceTest.testNoPay: Murder {1}{B}{B}, three Swamps, all tapped (CR 601.2g-h)."""
    result = cast(board(("Swamp", 3), hand=("Murder",)), "Murder")
    assert (result.payable, len(result.tapped)) == (True, 3)
