"""More of XMage's own cost tests (Mage.Tests ``cards/cost``: ``modification/CostReduceTest``,
``modification/FluctuatorTest``, ``alternate/OmniscienceTest``, ``alternate/BolassCitadelTest``,
``alternate/UseAlternateSourceCostsTest``, ``additional/DefilersTest``;
``cards/mana/conditional/TitansNestTest``), replayed on the planner (issue 35 item 4: the peers' truths). Each
assertion about paying becomes the same board and the same question on our API; the answer is derived from the
Comprehensive Rules in the docstring first. Where XMage's test checks a choice of its own player (which of two
legal payments it took), only what the rules decide is asserted.

The cards are given by their current Oracle text and mana cost (:data:`CARDS`). Facts only: no XMage code or
prose is copied here.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Final

import pytest
from boards import ME, OPP, PEER_TEXTS, make_board

from models.additional_costs import SacrificeCost
from models.board import Board
from models.cost import PaymentTarget
from models.spells import find_spell, spell_of, spell_target
from planner.api import PayResult, pay

#: The peers' cards by their current Oracle text and mana cost (``benchmarks/peer_cards.json``).
CARDS: Final = PEER_TEXTS.cards


#: The cards of :data:`CARDS` as hand cards and permanents (other names: the catalogue's).
TEXTS = PEER_TEXTS
text_of = TEXTS.text_of
permanent = TEXTS.permanent


def several(name: str, count: int) -> list[dict[str, Any]]:
    """``count`` permanents called ``name`` of "me", with ids ``<name>0``, ``<name>1``, ..."""
    return [permanent(name, f"{name}{n}") for n in range(count)]


def spell(name: str) -> PaymentTarget:
    """Casting the card of :data:`CARDS` (its text read as a card's is)."""
    type_line, mana_cost, oracle = CARDS[name]
    return spell_of(mana_cost, type_line=type_line, text=oracle, name=name)


def zones_board(
    permanents: list[dict[str, Any]], *, hand: tuple[str, ...] = (), graveyard: tuple[str, ...] = ()
) -> Board:
    """A board of "me" (with the cards of :data:`CARDS` named in ``hand`` and ``graveyard``) and "opp"."""
    me = {"id": ME, "hand": [text_of(n) for n in hand], "graveyard": [text_of(n) for n in graveyard]}
    return Board.from_dict({"version": 1, "players": [me, {"id": OPP}], "permanents": permanents})


def cast(board: Board, name: str, **options: Any) -> PayResult:
    """``pay`` for casting the card called ``name`` from "me"'s hand."""
    return pay(board, spell_target(find_spell(board.player(ME), name)), player=ME, **options)


def toy(cost: str) -> PaymentTarget:
    """A sorcery "Test Toy" of that mana cost and no text."""
    return spell_of(cost, type_line="Sorcery", text="", name="Test Toy")


# --- CostReduceTest: generic mana reduced or increased by a count (CR 601.2f, 118.7a) -----------------------


@pytest.mark.parametrize(
    ("cost", "helms", "total"),
    [
        ("{C}", 1, "{C}"),  # {C} is no generic mana: nothing to take off (CR 107.4c, 118.7a)
        ("{C}{G}", 1, "{C}{G}"),
        ("{R}", 1, "{R}"),  # no generic part: the reduction does nothing (118.7a)
        ("{R}{G}", 1, "{R}{G}"),
        ("{1}{R}", 1, "{R}"),
        ("{1}{R}{G}", 1, "{R}{G}"),
        ("{2}", 1, "{1}"),
        ("{2}{R}", 1, "{1}{R}"),
        ("{2}", 2, "{0}"),  # two Helms: {2} less in all, never below zero (118.7a)
        ("{1}", 2, "{0}"),
        ("{3}{R}{G}", 2, "{1}{R}{G}"),
    ],
)
def test_a_generic_reduction_takes_off_generic_mana_only(cost: str, helms: int, total: str) -> None:
    """XMage CostReduceTest.test_Monohybrid ("DECREASE COST"): Helm of Awakening ("Spells cost {1} less to
    cast") takes {1} off the generic part of the total cost, and nothing off a colored or {C} symbol
    (CR 601.2f, 118.7a). The total cost is asked on a board of Helms only (so none of it is paid)."""
    board = make_board(several("Helm of Awakening", helms))
    assert pay(board, toy(cost)).total_cost == total


@pytest.mark.parametrize(
    ("cost", "spheres", "total"),
    [
        ("{C}", 1, "{1}{C}"),  # an increase of {1} adds generic mana to any cost (CR 601.2f, 118.7b)
        ("{R}{G}", 1, "{1}{R}{G}"),
        ("{1}{R}", 1, "{2}{R}"),
        ("{2}{R}{G}", 1, "{3}{R}{G}"),
        ("{3}", 2, "{5}"),
        ("{3}{R}{G}", 2, "{5}{R}{G}"),
    ],
)
def test_a_generic_increase_adds_generic_mana(cost: str, spheres: int, total: str) -> None:
    """XMage CostReduceTest.test_Monohybrid ("INCREASE COST"): Sphere of Resistance ("Spells cost {1} more to
    cast") adds {1} of generic mana to the total cost, each Sphere its own (CR 601.2f)."""
    board = make_board(several("Sphere of Resistance", spheres))
    assert pay(board, toy(cost)).total_cost == total


def test_a_reduction_applies_to_a_monohybrid_symbol_paid_with_generic_mana() -> None:
    """XMage CostReduceTest (the monohybrid cases, Reaper King's ruling): a {2/R} symbol may be paid with {2}
    or {R} (CR 107.4e, the choice made as the total cost is determined, 601.2f); a generic reduction applies
    to it only when it is paid with {2}. Under two Helms, {2/R} paid with {2} costs nothing: payable on an
    empty board. Under one Helm it costs {1} or {R}: an empty board pays neither, one Forest pays {1}.
    {2/R}{1} under two Helms: {3} less {2} is {1}, one Forest."""
    two_helms = several("Helm of Awakening", 2)
    assert pay(make_board(two_helms), toy("{2/R}")).payable is True
    one_helm = several("Helm of Awakening", 1)
    assert pay(make_board(one_helm), toy("{2/R}")).payable is False
    assert pay(make_board([*one_helm, *several("Forest", 1)]), toy("{2/R}")).payable is True
    assert pay(make_board(two_helms), toy("{2/R}{1}")).payable is False
    assert pay(make_board([*two_helms, *several("Forest", 1)]), toy("{2/R}{1}")).payable is True


# --- OmniscienceTest ---------------------------------------------------------------------------------------


def test_omniscience_casts_a_spell_from_the_hand_for_nothing() -> None:
    """XMage OmniscienceTest.testSpellNoCost: Omniscience lets its controller cast spells from their hand
    without paying their mana costs (an alternative cost, CR 118.9): Gray Ogre ({2}{R}) is cast from the hand
    with no land at all. Without Omniscience, the empty board does not pay {2}{R}."""
    with_omniscience = zones_board([permanent("Omniscience", "omni")], hand=("Gray Ogre",))
    free = cast(with_omniscience, "Gray Ogre")
    assert (free.payable, free.tapped, free.warnings) == (True, (), ())
    assert free.alternative_cost is not None and free.alternative_cost.source == "omni"
    assert cast(zones_board([], hand=("Gray Ogre",)), "Gray Ogre").payable is False


def test_omniscience_does_not_pay_a_spell_cast_from_the_graveyard() -> None:
    """XMage OmniscienceTest.testSpellHasCostIfCastFromGraveyard: Haakon lets its controller cast Knight
    spells from their graveyard (a permission, CR 601.2a), but Omniscience's alternative cost is for spells
    cast from the hand only: Knight of the White Orchid from the graveyard costs {W}{W} (CR 601.2f), which no
    land doesn't pay and two Plains do. Without Haakon it can't be cast from there at all."""
    knight = "Knight of the White Orchid"
    omniscience_haakon = [permanent("Omniscience", "omni"), permanent("Haakon, Stromgald Scourge", "haakon")]

    def from_graveyard(board: Board) -> PayResult:
        card = find_spell(board.player(ME), knight, from_graveyard=True)
        return pay(board, replace(spell_target(card), cast_from="graveyard"), player=ME)

    assert from_graveyard(zones_board(omniscience_haakon, graveyard=(knight,))).payable is False
    two_plains = zones_board([*omniscience_haakon, *several("Plains", 2)], graveyard=(knight,))
    paid = from_graveyard(two_plains)
    assert (paid.payable, paid.total_cost, sorted(paid.tapped)) == (True, "{W}{W}", ["Plains0", "Plains1"])
    without_haakon = zones_board(
        [permanent("Omniscience", "omni"), *several("Plains", 2)], graveyard=(knight,)
    )
    assert from_graveyard(without_haakon).payable is False


# --- UseAlternateSourceCostsTest: Dream Halls -------------------------------------------------------------


def test_dream_halls_casts_a_red_spell_by_discarding_a_red_card() -> None:
    """XMage UseAlternateSourceCostsTest.DreamHallsCastColoredSpell: under Dream Halls, Gray Ogre (red) may be
    cast by discarding a card that shares a color with it (CR 118.9; Lightning Bolt is red, CR 105.2): no
    mana at all. With Mountains too, both ways are legal (XMage's player took the discard; which one is a
    choice, not a rule): asked for an alternative cost only, the Bolt is discarded and no Mountain tapped.
    Gray Ogre alone in the hand has no card to discard: an empty board does not cast it."""
    halls = permanent("Dream Halls", "halls")
    no_lands = cast(zones_board([halls], hand=("Gray Ogre", "Lightning Bolt")), "Gray Ogre")
    assert (no_lands.payable, no_lands.parts.discarded, no_lands.tapped) == (True, ("Lightning Bolt",), ())
    mountains = zones_board([halls, *several("Mountain", 3)], hand=("Gray Ogre", "Lightning Bolt"))
    assert cast(mountains, "Gray Ogre").payable is True
    required = cast(mountains, "Gray Ogre", alternative_cost="require")
    assert (required.payable, required.parts.discarded, required.tapped) == (True, ("Lightning Bolt",), ())
    assert cast(zones_board([halls], hand=("Gray Ogre",)), "Gray Ogre").payable is False


def test_dream_halls_does_not_cast_a_colorless_spell() -> None:
    """XMage UseAlternateSourceCostsTest.DreamHallsCantCastColorlessSpell: Juggernaut is colorless (CR
    105.2c), so no card shares a color with it (Haunted Plate Mail is colorless too): Dream Halls' way is no
    way, and its {4} is paid with mana, four Mountains; with no land it can't be cast."""
    halls = permanent("Dream Halls", "halls")
    hand = ("Juggernaut", "Haunted Plate Mail")
    assert cast(zones_board([halls], hand=hand), "Juggernaut").payable is False
    four = cast(zones_board([halls, *several("Mountain", 4)], hand=hand), "Juggernaut")
    assert (four.payable, four.parts.discarded, len(four.tapped)) == (True, (), 4)


# --- DefilersTest ------------------------------------------------------------------------------------------


def test_defiler_of_vigor_takes_g_off_for_two_life() -> None:
    """XMage DefilersTest.testRegularAccept: Defiler of Vigor lets a green permanent spell cost {G} less for 2
    life (an optional additional cost, CR 601.2b, then the reduction, 601.2f): Grizzly Bears ({1}{G}) costs
    {1} and 2 life, one Forest. Without the Defiler one Forest does not pay {1}{G}."""
    board = make_board([permanent("Defiler of Vigor", "vigor"), *several("Forest", 1)])
    bears = pay(board, spell("Grizzly Bears"))
    assert (bears.payable, bears.life_paid, bears.tapped) == (True, 2, ("Forest0",))
    assert pay(make_board(several("Forest", 1)), spell("Grizzly Bears")).payable is False


def test_defiler_of_vigor_may_be_declined() -> None:
    """XMage DefilersTest.testRegularDecline: the life is optional ("you may pay 2 life", CR 601.2b): two
    Forests pay Grizzly Bears' {1}{G} in full, no life paid needed; with no land, 2 life still leaves {1}."""
    vigor = permanent("Defiler of Vigor", "vigor")
    bears = pay(make_board([vigor, *several("Forest", 2)]), spell("Grizzly Bears"), life_value=1)
    assert (bears.payable, bears.life_paid, len(bears.tapped)) == (True, 0, 2)
    assert pay(make_board([vigor]), spell("Grizzly Bears")).payable is False


def test_two_defilers_of_vigor_take_off_a_g_each() -> None:
    """XMage DefilersTest.testDoubleReduceOne / testDoubleReduceBoth: each Defiler is its own additional cost
    and reduction (CR 601.2f): two of them take {G}{G} off Kalonian Tusker ({G}{G}) for 4 life, with no land
    at all; one Defiler leaves {G}, not paid by an empty board. Grizzly Bears under two: only one {G} to take
    off ("reduces only the amount of green mana"), {1} and 2 life, one Forest."""
    two = [permanent("Defiler of Vigor", "vigor0"), permanent("Defiler of Vigor", "vigor1")]
    tusker = pay(make_board(two), spell("Kalonian Tusker"))
    assert (tusker.payable, tusker.life_paid) == (True, 4)
    assert pay(make_board(two[:1]), spell("Kalonian Tusker")).payable is False
    bears = pay(make_board([*two, *several("Forest", 1)]), spell("Grizzly Bears"))
    assert (bears.payable, bears.life_paid, bears.tapped) == (True, 2, ("Forest0",))


def test_defilers_of_two_colors_each_take_off_their_own_color() -> None:
    """XMage DefilersTest.testTwoColors: Scarwood Goblins ({R}{G}) is a red and a green permanent spell:
    Defiler of Vigor takes off {G} and Defiler of Instinct {R}, 2 life each (CR 601.2f): cast with no land for
    4 life. Under Defiler of Vigor alone {R} is left, which no land pays."""
    vigor = permanent("Defiler of Vigor", "vigor")
    both = pay(make_board([vigor, permanent("Defiler of Instinct", "instinct")]), spell("Scarwood Goblins"))
    assert (both.payable, both.life_paid) == (True, 4)
    assert pay(make_board([vigor]), spell("Scarwood Goblins")).payable is False


def test_a_defiler_needs_the_life_to_pay() -> None:
    """DefilersTest's boards at 1 life (the rules' side of its choice): a player can pay life only up to their
    life total (CR 119.4): at 1 life Defiler of Vigor's 2 life can't be paid, and Kalonian Tusker under two
    Defilers with no land is not cast; at 4 life it is."""
    two = [permanent("Defiler of Vigor", "vigor0"), permanent("Defiler of Vigor", "vigor1")]
    assert pay(make_board(two, life=1), spell("Kalonian Tusker")).payable is False
    assert pay(make_board(two, life=4), spell("Kalonian Tusker")).payable is True


# --- FluctuatorTest ----------------------------------------------------------------------------------------


def cycling(cost: str, keyword: str = "cycling") -> PaymentTarget:
    """Activating a card's cycling ability of that cost from the hand (Akroma's Vengeance's "Cycling {3}", a
    sorcery card): a payment for an ability with that keyword (CR 702.29a)."""
    ability = PaymentTarget.of(cost, kind="ability", type_line="Sorcery")
    return replace(ability, keywords=frozenset({keyword}))


def test_fluctuator_takes_up_to_two_off_a_cycling_cost() -> None:
    """XMage FluctuatorTest.testFluctuatorReducedBy2 / testFluctuatorReducedNotBy3 /
    testTwoFluctuatorsReduceBy4: "Cycling abilities you activate cost you up to {2} less to activate" (CR
    601.2f by way of 602.2b: the player chooses how much, and {2} less never pays less well): Cycling {3}
    costs {1}, one Plains; with no land it is not paid ({3} less {2} leaves {1}). Two Fluctuators take off
    {3}, all of it (never below zero, CR 118.7a): no mana at all. An ability of another keyword (equip {3}) is
    not reduced: one Plains does not pay it."""
    one = permanent("Fluctuator", "fluctuator")
    plains = pay(make_board([one, *several("Plains", 1)]), cycling("{3}"))
    assert (plains.payable, plains.total_cost, plains.warnings) == (True, "{1}", ())
    assert pay(make_board([one]), cycling("{3}")).payable is False
    two = pay(make_board([one, permanent("Fluctuator", "fluctuator2")]), cycling("{3}"))
    assert (two.payable, two.total_cost, two.warnings) == (True, "", ())
    assert pay(make_board([one, *several("Plains", 1)]), cycling("{3}", "equip")).payable is False


# --- BolassCitadelTest -------------------------------------------------------------------------------------


def test_bolass_citadel_pays_a_spell_from_the_top_of_the_library_with_life() -> None:
    """XMage BolassCitadelTest.testCastEagerCadet / testArtifactCast: under Bolas's Citadel a spell cast from
    the top of the library is paid with life equal to its mana value rather than its mana cost (CR 118.9):
    Eager Cadet ({1}) for 1 life with no mana at all; the sentence is read and used, not warned."""
    cadet = replace(
        spell_of("{1}", type_line="Creature — Human Soldier", text="", name="Eager Cadet"),
        cast_from="library",
    )
    result = pay(make_board([permanent("Bolas's Citadel", "citadel")]), cadet)
    assert (result.payable, result.life_paid) == (True, 1)
    assert result.alternative_cost is not None and result.alternative_cost.source == "citadel"
    assert not any("rather than pay its mana cost" in warning.sentence for warning in result.warnings)


# --- TitansNestTest (cards/mana/conditional) ---------------------------------------------------------------


def test_titans_nest_makes_colorless_mana_for_colored_spells_without_x() -> None:
    """XMage TitansNestTest.testTitansNest: with two cards in the graveyard Titans' Nest makes {C}{C} (one a
    card exiled, a cost, CR 602.2b), to be spent only on a colored spell without {X} in its mana cost (CR
    106.6). With one Forest beside it: a green {2}{G} is paid (two cards exiled, the Forest's {G}); {3}{G}
    is not (two cards make two); {X}{G} with X = 2 is not (its cost has {X}); a colorless artifact's {3} is
    not (the Forest alone); a colorless {1}, the Forest alone, is."""
    nest = permanent("Titans' Nest", "nest")
    board = zones_board([nest, *several("Forest", 1)], graveyard=("Grizzly Bears", "Grizzly Bears"))

    def cost(mana_cost: str, type_line: str) -> PaymentTarget:
        return spell_of(mana_cost, type_line=type_line, text="", name="Test Toy")

    green = pay(board, cost("{2}{G}", "Creature — Bear"))
    assert (green.payable, green.parts.exiled_from_graveyard, green.warnings) == (True, 2, ())
    assert pay(board, cost("{3}{G}", "Creature — Bear")).payable is False
    assert pay(board, cost("{X}{G}", "Sorcery"), x=2).payable is False
    assert pay(board, cost("{3}", "Artifact")).payable is False
    assert pay(board, cost("{1}", "Artifact")).payable is True


# --- SacrificeTargetCostTest -------------------------------------------------------------------------------


def test_a_land_taps_for_mana_and_is_then_sacrificed_for_the_same_ability() -> None:
    """XMage SacrificeTargetCostTest.testSimpleCostOtherPlayerActivate: the opponent activates my Excavation
    ("{1}, Sacrifice a land: Draw a card. Any player may activate this ability.") with one Forest: they
    activate its mana ability first (CR 602.2b by way of 601.2g), then pay the costs in any order (601.2h):
    {1} with the Forest's {G}, and the Forest sacrificed. With no land they can do neither."""
    excavation = permanent("Excavation", "excavation")
    ability = replace(
        PaymentTarget.of("{1}", kind="ability", type_line="Enchantment"),
        additional_costs=(SacrificeCost(1, ("Land",)),),
    )
    board = make_board([excavation, permanent("Forest", "forest", OPP)])
    theirs = pay(board, ability, player=OPP)
    assert (theirs.payable, theirs.tapped, theirs.additional.sacrificed) == (True, ("forest",), ("forest",))
    assert pay(make_board([excavation]), ability, player=OPP).payable is False
