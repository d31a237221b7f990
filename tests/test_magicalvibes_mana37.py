"""More of another engine's own card tests (laxika/magicalvibes, its per-card ``BaseCardTest`` classes
``AncientTombTest``, ``CityOfBrassTest``, ``WildGrowthTest``, ``GrimMonolithTest``), replayed on the planner
(issue 35 item 4: the peers' truths). The engine's "tap it and look at the pool and the life totals" becomes a
``pay`` of that mana (what is tapped, the damage taken) or :func:`planner.api.could_produce`; each answer is
derived from the Comprehensive Rules in the docstring first.

The cards are given by their current Oracle text and mana cost (``benchmarks/peer_cards.json``; other names
are the catalogue's). Facts only: no code or prose of the peer is copied here.
"""

from __future__ import annotations

from typing import Any

import pytest
from boards import ME, OPP, PEER_TEXTS

from models.board import Board
from models.cost import PaymentTarget
from models.spells import spell_of
from planner.api import PayResult, could_produce, pay


def board(*permanents: dict[str, Any], life: int = 20, pool: tuple[str, ...] = ()) -> Board:
    """A board of "me" (active, at ``life``, with ``pool`` floating) and "opp" at 20 life."""
    me: dict[str, Any] = {"id": ME, "life": life, "pool": list(pool)}
    return Board.from_dict(
        {"version": 1, "players": [me, {"id": OPP, "life": 20}], "permanents": list(permanents)}
    )


def mine(name: str, pid: str, **status: Any) -> dict[str, Any]:
    """A permanent of "me" by name, with its status."""
    return {**PEER_TEXTS.permanent(name, pid), **status}


def theirs(name: str, pid: str, **status: Any) -> dict[str, Any]:
    """A permanent of "opp" by name, with its status."""
    return {**PEER_TEXTS.permanent(name, pid, controller=OPP), **status}


def toy(cost: str) -> PaymentTarget:
    """A sorcery of that mana cost and no text."""
    return spell_of(cost, type_line="Sorcery", text="", name="Test Toy")


def paid(result: PayResult) -> tuple[bool | None, tuple[str, ...], int]:
    """Whether it was paid, what was tapped and the damage taken."""
    return result.payable, result.tapped, result.damage_taken


# --- AncientTombTest: "{T}: Add {C}{C}. ~ deals 2 damage to you." (a mana ability, CR 605.1a) -------------


def test_ancient_tomb_makes_two_colorless_and_deals_two_damage() -> None:
    """AncientTombTest.tapAddsTwoColorlessAndDealsTwoDamage / damagesOnlyController: tapped for mana it makes
    {C}{C}, enough for {2} and not {3}, and deals 2 damage to its controller (the ability's own effect,
    CR 605.1a, 120.3)."""
    assert paid(pay(board(mine("Ancient Tomb", "tomb")), toy("{2}"))) == (True, ("tomb",), 2)
    assert pay(board(mine("Ancient Tomb", "tomb")), toy("{3}")).payable is False
    assert pay(board(mine("Ancient Tomb", "tomb")), toy("{C}{C}")).payable is True


def test_a_tapped_ancient_tomb_makes_nothing() -> None:
    """AncientTombTest.cannotActivateWhenTapped: a tapped Tomb can't pay its {T} cost (CR 602.2b, 107.5)."""
    assert pay(board(mine("Ancient Tomb", "tomb", tapped=True)), toy("{2}")).payable is False


def test_ancient_tomb_at_one_life_still_pays_and_is_warned() -> None:
    """AncientTombTest.canActivateAtOneLife: the damage is an effect, not a cost (CR 118.3, 119.4 are about
    paying life): at 1 life the Tomb still pays {2}; the player is then at -1 and loses (CR 704.5a), which
    the answer warns of."""
    result = pay(board(mine("Ancient Tomb", "tomb"), life=1), toy("{2}"))
    assert paid(result) == (True, ("tomb",), 2)
    assert any("0 or less life" in warning.sentence for warning in result.warnings)


def test_the_opponents_ancient_tomb_damages_the_opponent() -> None:
    """AncientTombTest.otherControllerReceivesManaAndDamage: the player who controls it gets the mana and
    the damage ("you" is its controller, CR 109.5)."""
    result = pay(board(theirs("Ancient Tomb", "tomb")), toy("{2}"), player=OPP)
    assert paid(result) == (True, ("tomb",), 2)
    assert pay(board(theirs("Ancient Tomb", "tomb")), toy("{2}"), player=ME).payable is False


def test_furnace_of_rath_doubling_the_tombs_damage_is_warned() -> None:
    """AncientTombTest.damageIsDoubledByFurnaceOfRath: the opponent's Furnace of Rath doubles the damage the
    Tomb deals its controller (a replacement effect, CR 614.1a): 4 damage, the mana unchanged. The planner
    does not apply damage replacements: it counted 2 damage in silence (a wrong answer; at 3 life it missed
    that the player is left at -1, CR 704.5a). Now the answer warns of the Furnace's sentence whenever the
    payment deals damage; a payment without damage (a Forest's) is not warned."""
    furnace = theirs("Furnace of Rath", "furnace")
    result = pay(board(mine("Ancient Tomb", "tomb"), furnace, life=3), toy("{2}"))
    assert result.payable is True
    assert result.damage_taken == 4 or any(
        w.permanent == "furnace" and "double that damage" in w.sentence for w in result.warnings
    )
    assert pay(board(mine("Forest", "f"), furnace), toy("{G}")).warnings == ()


# --- CityOfBrassTest: a trigger on becoming tapped (CR 603.2) and one mana of any color --------------------


@pytest.mark.parametrize("color", ["W", "U", "B", "R", "G"])
def test_city_of_brass_makes_one_mana_of_any_color_and_deals_one(color: str) -> None:
    """CityOfBrassTest.choosingColorAddsOneMana / becomingTappedDealsOneDamageToController: one mana of the
    color chosen (CR 106.1), and its trigger deals 1 damage to its controller (CR 603.2)."""
    assert paid(pay(board(mine("City of Brass", "city")), toy(f"{{{color}}}"))) == (True, ("city",), 1)


def test_two_cities_of_brass_deal_a_damage_each() -> None:
    """CityOfBrassTest.tappingOneCityByAnotherAbilityTriggersOnlyThatCity: each City's trigger is its own:
    two Cities tapped for {W}{B} deal 2 damage, one City can't pay two mana, and an untapped City could
    produce every color (CR 106.7)."""
    two = board(mine("City of Brass", "c1"), mine("City of Brass", "c2"))
    assert paid(pay(two, toy("{W}{B}"))) == (True, ("c1", "c2"), 2)
    assert pay(board(mine("City of Brass", "c1")), toy("{W}{B}")).payable is False
    assert {pid: str(types) for pid, types in could_produce(two).items()} == {"c1": "WUBRG", "c2": "WUBRG"}


def test_a_tapped_city_of_brass_pays_nothing_and_deals_nothing() -> None:
    """CityOfBrassTest.tappingAlreadyTappedCityDoesNotTrigger: a tapped City can't be tapped again (CR
    107.5): no mana and no damage; the pool pays {W} alone, without it."""
    tapped = mine("City of Brass", "city", tapped=True)
    assert pay(board(tapped), toy("{W}")).payable is False
    assert paid(pay(board(tapped, pool=("{W}",)), toy("{W}"))) == (True, (), 0)


# --- WildGrowthTest: "Whenever enchanted land is tapped for mana, its controller adds an additional {G}." --


def test_wild_growth_adds_a_g_to_the_enchanted_land() -> None:
    """WildGrowthTest.enchantedLandAddsExtraMana / multipleAurasEachAddBonus: the enchanted Forest makes
    {G}{G} (a triggered mana ability, CR 605.1b); two Wild Growths on it, {G}{G}{G} (each its own trigger)."""
    one = board(mine("Forest", "f"), mine("Wild Growth", "wg", attached_to="f"))
    assert paid(pay(one, toy("{G}{G}"))) == (True, ("f",), 0)
    assert pay(one, toy("{G}{G}{G}")).payable is False
    two = board(
        mine("Forest", "f"),
        mine("Wild Growth", "wg1", attached_to="f"),
        mine("Wild Growth", "wg2", attached_to="f"),
    )
    assert paid(pay(two, toy("{G}{G}{G}"))) == (True, ("f",), 0)


def test_wild_growth_adds_nothing_to_another_land() -> None:
    """WildGrowthTest.onlyEnchantedLandGetsBonus: the other Forest makes {G} alone: the two Forests make three
    mana, not four."""
    forests = board(mine("Forest", "f"), mine("Forest", "g"), mine("Wild Growth", "wg", attached_to="f"))
    assert pay(forests, toy("{G}{G}{G}")).payable is True
    assert pay(forests, toy("{4}")).payable is False


def test_wild_growth_gives_the_mana_to_the_lands_controller() -> None:
    """WildGrowthTest.enchantedLandControllerGetsBonus: the Aura is mine, the Forest the opponent's: "its
    controller" adds the {G} (CR 109.5), so the opponent pays {G}{G} with the Forest alone, and I pay
    nothing with it."""
    on = board(theirs("Forest", "f"), mine("Wild Growth", "wg", attached_to="f"))
    assert paid(pay(on, toy("{G}{G}"), player=OPP)) == (True, ("f",), 0)
    assert pay(on, toy("{G}"), player=ME).payable is False


def test_wild_growth_gone_adds_nothing() -> None:
    """WildGrowthTest.bonusStopsWhenAuraLeavesBattlefield: without the Aura the Forest makes {G} alone."""
    assert pay(board(mine("Forest", "f")), toy("{G}{G}")).payable is False


# --- GrimMonolithTest: "{T}: Add {C}{C}{C}." and "{4}: Untap ~." -------------------------------------------


def test_grim_monolith_makes_three_colorless() -> None:
    """GrimMonolithTest.tappingProducesThreeColorlessMana / newlyEnteredMonolithProducesManaImmediately: an
    artifact's mana ability may be activated the turn it enters (CR 302.6 is for creatures): {C}{C}{C}, {3}
    paid and {4} not (its untap costs {4} more than the three it makes back, CR 605.3)."""
    assert paid(pay(board(mine("Grim Monolith", "grim")), toy("{3}"))) == (True, ("grim",), 0)
    assert pay(board(mine("Grim Monolith", "grim")), toy("{4}")).payable is False


def test_a_tapped_grim_monolith_makes_nothing() -> None:
    """GrimMonolithTest.cannotTapTappedMonolithForMana / cannotUntapWithoutFourMana: tapped, it makes no mana
    (CR 107.5), and untapping it costs {4} for {3} back: four floating {C} pay {3} without it, and nothing
    more than four."""
    tapped = mine("Grim Monolith", "grim", tapped=True)
    assert pay(board(tapped), toy("{1}")).payable is False
    assert paid(pay(board(tapped, pool=("{C}",) * 4), toy("{3}")))[:2] == (True, ())
    assert pay(board(tapped, pool=("{C}",) * 4), toy("{5}")).payable is False


# --- ElvishArchdruidTest: "{T}: Add {G} for each Elf you control." (CR 106.1, 109.5) -----------------------


def test_elvish_archdruid_adds_a_g_for_each_elf_its_controller_controls() -> None:
    """ElvishArchdruidTest.tapAbilityAddsGreenManaPerElf / tapAbilityWithOnlyArchdruidAddsOneGreen: with two
    Llanowar Elves it counts three Elves, itself among them: {G}{G}{G} from the Archdruid alone (the Elves
    untouched: asked for {G}{G}{G} with only the Archdruid's tap, CR 605.1a); alone it adds {G}."""
    druid = mine("Elvish Archdruid", "druid")
    elves = board(druid, mine("Llanowar Elves", "e1", tapped=True), mine("Llanowar Elves", "e2", tapped=True))
    assert paid(pay(elves, toy("{G}{G}{G}"))) == (True, ("druid",), 0)
    assert pay(board(druid), toy("{G}")).payable is True
    assert pay(board(druid), toy("{G}{G}")).payable is False


def test_elvish_archdruid_counts_neither_the_opponents_elves_nor_bears() -> None:
    """ElvishArchdruidTest.tapAbilityDoesNotCountOpponentElves / tapAbilityDoesNotCountNonElves: "you control"
    (CR 109.5) leaves out the opponent's Elves, and Grizzly Bears are no Elf (CR 205.3m): {G} alone."""
    druid = mine("Elvish Archdruid", "druid")
    theirs_elves = board(druid, theirs("Llanowar Elves", "e1"), theirs("Llanowar Elves", "e2"))
    assert pay(theirs_elves, toy("{G}{G}")).payable is False
    bears = board(druid, mine("Grizzly Bears", "bears"))
    assert pay(bears, toy("{G}{G}")).payable is False


def test_a_summoning_sick_elvish_archdruid_can_not_tap() -> None:
    """ElvishArchdruidTest.tapAbilityBlockedBySummoningSickness: a creature's {T} ability can't be activated
    unless it has been under its controller's control since their most recent turn began (CR 302.6)."""
    assert pay(board(mine("Elvish Archdruid", "druid", summoning_sick=True)), toy("{G}")).payable is False


# --- OvergrowthTest: "Whenever enchanted land is tapped for mana, its controller adds an additional {G}{G}."


def test_overgrowth_adds_g_g_to_the_enchanted_land_only() -> None:
    """OvergrowthTest.enchantedLandAddsExtraMana / onlyEnchantedLandGetsBonus / bonusStopsWhenAuraLeaves:
    the enchanted Forest makes {G}{G}{G} (CR 605.1b); another Forest {G}: two Forests make four, not five;
    without the Aura a Forest makes {G}."""
    one = board(mine("Forest", "f"), mine("Overgrowth", "og", attached_to="f"))
    assert paid(pay(one, toy("{G}{G}{G}"))) == (True, ("f",), 0)
    two = board(mine("Forest", "f"), mine("Forest", "g"), mine("Overgrowth", "og", attached_to="f"))
    assert pay(two, toy("{4}")).payable is True
    assert pay(two, toy("{5}")).payable is False


def test_overgrowth_gives_the_mana_to_the_lands_controller() -> None:
    """OvergrowthTest.enchantedLandControllerGetsBonus: my Overgrowth on the opponent's Forest: the opponent
    adds {G}{G}{G} (CR 109.5), I get nothing."""
    on = board(theirs("Forest", "f"), mine("Overgrowth", "og", attached_to="f"))
    assert paid(pay(on, toy("{G}{G}{G}"), player=OPP)) == (True, ("f",), 0)
    assert pay(on, toy("{G}"), player=ME).payable is False
