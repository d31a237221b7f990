"""The assertions of another engine's own card tests (laxika/magicalvibes, a Java engine: its per-card
``BaseCardTest`` classes ``BloodMoonTest``, ``UrborgTombOfYawgmothTest``, ``JeganthaTheWellspringTest``,
``ChromaticOrreryTest``, ``PiliPalaTest``, ``CabalCoffersTest``, ``FoodChainTest``, ``PriestOfTitaniaTest``,
``SerrasSanctumTest``, ``TolarianAcademyTest``, ``SpringleafDrumTest``, ``MoxOpalTest``, ``UtopiaSprawlTest``,
``CryptolithRiteTest``), replayed on the planner (issue 35 item 4: the peers' truths). Each assertion about
paying (castable or not with this board, mana produced, what a permanent could produce) becomes the same board
and the same question on our API; the answer is derived from the Comprehensive Rules in each docstring first.

An engine's "tap it and look at the pool" becomes :func:`planner.could_produce` (the types a permanent could
produce, CR 106.7) or a ``pay`` of that mana; a "cast it" or "not playable" becomes a ``pay`` of the spell.
The cards are given by their current Oracle text and mana cost (:data:`CARDS`; other names are the
catalogue's). Facts only: no code or prose of the peer is copied here.
"""

from __future__ import annotations

from typing import Any, Final

from boards import ME, OPP, PEER_TEXTS

from models.board import Board
from models.cost import PaymentTarget
from models.spells import spell_of
from planner.api import PayResult, could_produce, pay

#: The peers' cards by their current Oracle text and mana cost (``benchmarks/peer_cards.json``).
CARDS: Final = PEER_TEXTS.cards

TEXTS = PEER_TEXTS
permanent = TEXTS.permanent


def board(*permanents: dict[str, Any], pool: tuple[str, ...] = (), opp_pool: tuple[str, ...] = ()) -> Board:
    """A board of "me" (active, with ``pool`` floating) and "opp" (with ``opp_pool``)."""
    me: dict[str, Any] = {"id": ME, "pool": list(pool)}
    opp: dict[str, Any] = {"id": OPP, "pool": list(opp_pool)}
    return Board.from_dict({"version": 1, "players": [me, opp], "permanents": list(permanents)})


def mine(name: str, pid: str, **status: Any) -> dict[str, Any]:
    """A permanent of "me" by name (:data:`CARDS` or the catalogue), with its status."""
    return {**permanent(name, pid), **status}


def theirs(name: str, pid: str, **status: Any) -> dict[str, Any]:
    """A permanent of "opp" by name, with its status."""
    return {**permanent(name, pid, controller=OPP), **status}


def produces(on: Board) -> dict[str, str]:
    """What each permanent could produce (CR 106.7), as ``WUBRGC`` letters."""
    return {pid: str(types) for pid, types in could_produce(on).items()}


def spell(cost: str, type_line: str = "Sorcery", name: str = "Test Toy") -> PaymentTarget:
    """A spell of that mana cost and type line, without text."""
    return spell_of(cost, type_line=type_line, text="", name=name)


def cast(on: Board, cost: str, type_line: str = "Sorcery", player: str = ME) -> PayResult:
    """``pay`` for a spell of that cost and type line, by ``player``."""
    return pay(on, spell(cost, type_line), player=player)


# --- BloodMoonTest: nonbasic lands are Mountains (CR 305.7, 613.1d) -----------------------------------------


def test_a_nonbasic_land_under_blood_moon_taps_for_red_only() -> None:
    """BloodMoonTest.nonbasicLandProducesRed, opponentsNonbasicLandIsAffected,
    opponentNonbasicLandProducesRed: "Nonbasic lands are Mountains." sets each nonbasic land's subtype to
    Mountain: it loses every ability from its rules text and has "{T}: Add {R}." (CR 305.7), whoever controls
    it. City of Brass (any color), the opponent's City of Brass and the opponent's Glimmerpost ({C}) could
    produce {R} alone."""
    b = board(
        mine("Blood Moon", "moon"),
        mine("City of Brass", "city"),
        theirs("City of Brass", "their_city"),
        theirs("Glimmerpost", "post"),
    )
    got = produces(b)
    assert (got["city"], got["their_city"], got["post"]) == ("R", "R", "R")
    assert cast(b, "{R}").payable
    assert not cast(b, "{U}").payable  # the City's "any color" is gone (305.7)
    assert cast(b, "{R}", player=OPP).payable and not cast(b, "{C}", player=OPP).payable  # Glimmerpost's {C}


def test_a_basic_land_under_blood_moon_keeps_its_mana() -> None:
    """BloodMoonTest.basicLandUnaffected: Blood Moon names nonbasic lands only; a Forest keeps its type and
    its intrinsic "{T}: Add {G}." (CR 305.6): {G} payable, {R} not."""
    b = board(mine("Blood Moon", "moon"), mine("Forest", "f"))
    assert produces(b)["f"] == "G"
    assert cast(b, "{G}").payable and not cast(b, "{R}").payable


def test_a_nonbasic_land_gives_its_own_mana_without_blood_moon() -> None:
    """BloodMoonTest.normalManaResumesWhenBloodMoonLeaves: without Blood Moon, Coastal Tower's own ability
    adds {W} or {U}, and no {R}."""
    b = board(mine("Coastal Tower", "tower"))
    assert produces(b)["tower"] == "WU"
    assert cast(b, "{W}").payable and not cast(b, "{R}").payable


def test_a_painland_under_blood_moon_taps_for_red_without_damage() -> None:
    """BloodMoonTest.nonbasicLandLosesPrintedActivatedAbilities: Karplusan Forest loses both printed abilities
    ({C}; {R} or {G} with 1 damage) and has only "{T}: Add {R}." (CR 305.7): {R} is paid with no damage, {G}
    and {C} can't be paid. The same for City of Brass's tapping trigger (lost): no damage
    (BloodMoonTest.nonbasicLandLosesPrintedTriggeredAbilities)."""
    forest = board(mine("Blood Moon", "moon"), mine("Karplusan Forest", "kf"))
    red = cast(forest, "{R}")
    assert red.payable and red.damage_taken == 0 and red.life_paid == 0
    assert not cast(forest, "{G}").payable and not cast(forest, "{C}").payable
    city = cast(board(mine("Blood Moon", "moon"), mine("City of Brass", "city")), "{R}")
    assert city.payable and city.damage_taken == 0


# --- UrborgTombOfYawgmothTest: each land is a Swamp in addition (CR 305.7, 305.6) ---------------------------


def test_urborg_makes_every_land_tap_for_black_too() -> None:
    """UrborgTombOfYawgmothTest.allLandsBecomeSwampsAdditively, landsTapForBlack, urborgIsItselfASwamp: "Each
    land is a Swamp in addition to its other land types." gives every land "{T}: Add {B}." beside its own (CR
    305.7: "in addition" keeps the other types and abilities). Each Forest could produce {B} or {G}; Urborg
    itself, a Swamp too, {B}. Two Forests and Urborg pay {B}{B}{G} and {B}{B}{B}, never four mana."""
    b = board(mine("Urborg, Tomb of Yawgmoth", "urborg"), mine("Forest", "f1"), mine("Forest", "f2"))
    got = produces(b)
    assert (got["urborg"], got["f1"], got["f2"]) == ("B", "BG", "BG")
    assert cast(b, "{B}{B}{G}").payable and cast(b, "{B}{B}{B}").payable
    assert not cast(b, "{B}{B}{B}{B}").payable and not cast(b, "{B}{G}{G}{G}").payable


def test_urborg_reaches_the_opponents_lands_not_their_creatures() -> None:
    """UrborgTombOfYawgmothTest.opponentLandsTapForBlack, nonlandsAreUnaffected: "each land" is every land on
    the battlefield, the opponent's too (their Forest could produce {B}); Llanowar Elves is no land and still
    adds {G} only."""
    b = board(
        mine("Urborg, Tomb of Yawgmoth", "urborg"),
        theirs("Forest", "their_forest"),
        mine("Llanowar Elves", "elf"),
    )
    got = produces(b)
    assert (got["their_forest"], got["elf"]) == ("BG", "G")
    assert cast(b, "{B}", player=OPP).payable


# --- JeganthaTheWellspringTest: mana that can't pay generic costs (CR 106.6) --------------------------------


def test_jegantha_mana_pays_colored_costs_only() -> None:
    """JeganthaTheWellspringTest.tappingAddsRestrictedManaOfEachColor, restrictedManaPaysColoredCost,
    restrictedManaCannotPayGenericCost: Jegantha adds {W}{U}{B}{R}{G} that "can't be spent to pay generic mana
    costs" (a restriction on spending, CR 106.6). It pays Llanowar Elves ({G}) and a {W}{U}{B}{R}{G} spell,
    never Grizzly Bears' {1}{G}: its generic {1} has no mana it may take."""
    b = board(mine("Jegantha, the Wellspring", "jeg"))
    assert cast(b, "{G}", "Creature — Elf Druid").payable
    assert cast(b, "{W}{U}{B}{R}{G}", "Creature").payable
    assert not cast(b, "{1}{G}", "Creature — Bear").payable


def test_jegantha_mana_pays_a_monohybrid_symbol_by_its_color() -> None:
    """JeganthaTheWellspringTest.restrictedManaPaysHybridAlternative: a {1}{2/G} creature. {2/G} may be paid
    with {G} (CR 107.4e), which Jegantha's mana may pay; the generic {1} may not take it, so Jegantha alone
    can't cast the spell, and Jegantha with one {C} floating can."""
    alone = board(mine("Jegantha, the Wellspring", "jeg"))
    assert not cast(alone, "{1}{2/G}", "Creature").payable
    assert cast(board(mine("Jegantha, the Wellspring", "jeg"), pool=("{C}",)), "{1}{2/G}", "Creature").payable


def test_a_summoning_sick_jegantha_adds_nothing() -> None:
    """(The peer's tests make Jegantha ready first.) Its ability has {T} in its cost: a creature its
    controller has not controlled since their most recent turn began can't pay it (CR 302.6): {G} unpayable.
    """
    b = board(mine("Jegantha, the Wellspring", "jeg", summoning_sick=True))
    assert not cast(b, "{G}").payable


# --- ChromaticOrreryTest: spending mana as though it were mana of any color (CR 609.4b) ---------------------


def test_chromatic_orrery_lets_colorless_mana_pay_a_colored_spell() -> None:
    """ChromaticOrreryTest.colorlessManaPaysColoredSpell, coloredManaCanPayADifferentColor: "You may spend
    mana as though it were mana of any color." lets its controller spend {C} or {G} on Shock's {R} (CR 609.4b:
    the type of the mana does not change, only what it may be spent on)."""
    assert cast(
        board(mine("Chromatic Orrery", "orrery", tapped=True), pool=("{C}",)), "{R}", "Instant"
    ).payable
    assert cast(
        board(mine("Chromatic Orrery", "orrery", tapped=True), pool=("{G}",)), "{R}", "Instant"
    ).payable


def test_chromatic_orrery_gives_its_controller_alone_the_permission() -> None:
    """ChromaticOrreryTest.opponentCannotUseOrreryManaPermission: "You may spend" is its controller's
    permission; the opponent's floating {C} still can't pay their Shock's {R} (CR 106.1, 609.4b)."""
    b = board(mine("Chromatic Orrery", "orrery", tapped=True), opp_pool=("{C}",))
    assert not cast(b, "{R}", "Instant", player=OPP).payable


def test_mycosynth_lattice_gives_every_player_the_permission() -> None:
    """ChromaticOrreryTest.aGlobalManaPermissionStillAppliesToAnOpponentAlongsideOrrery: Mycosynth Lattice's
    "Players may spend mana as though it were mana of any color." is every player's: the opponent's {G} pays
    their {R}."""
    b = board(
        mine("Chromatic Orrery", "orrery", tapped=True),
        mine("Mycosynth Lattice", "lattice"),
        opp_pool=("{G}",),
    )
    assert cast(b, "{R}", "Instant", player=OPP).payable


def test_chromatic_orrery_pays_five_colors_with_its_own_colorless_mana() -> None:
    """ChromaticOrreryTest.tapAbilityAddsFiveColorlessMana, and XMage ChromaticOrreryTest
    .testSpendManyAsThoughAnyColor: the Orrery taps for {C}{C}{C}{C}{C}, and its permission lets those five
    pay Sliver Overlord's {W}{U}{B}{R}{G}; it could produce {C} only (CR 106.7: the permission changes no
    mana's type). Six mana is more than it makes."""
    b = board(mine("Chromatic Orrery", "orrery"))
    assert produces(b)["orrery"] == "C"
    assert cast(b, "{W}{U}{B}{R}{G}", "Legendary Creature — Sliver Mutant").payable
    assert not cast(b, "{5}{W}").payable


# --- PiliPalaTest: an {Q} ability (CR 107.6) ----------------------------------------------------------------


def test_pili_pala_untaps_for_one_mana_of_any_color() -> None:
    """PiliPalaTest.activatePromptsColorAndUntaps, choosingColorAddsOneMana,
    producesEachColorWithoutUsingStack: "{2}, {Q}: Add one mana of any color." A tapped Pili-Pala with {C}{C}
    floating: paying {2} and untapping it adds one mana of any color: each of {W} ... {G} is payable, two
    colored mana are not."""
    b = board(mine("Pili-Pala", "pili", tapped=True), pool=("{C}{C}",))
    for color in "WUBRG":
        assert cast(b, f"{{{color}}}").payable
    assert not cast(b, "{G}{G}").payable


def test_pili_pala_needs_to_be_tapped_ready_and_paid() -> None:
    """PiliPalaTest.cannotActivateWhileUntapped: {Q} can be paid only if the permanent is tapped (CR 107.6).
    cannotActivateWithSummoningSickness: nor by a creature that came under its controller's control since
    their most recent turn began (CR 302.6). cannotActivateWithoutTwoMana: {2} needs two mana. In each case
    {G} is unpayable."""
    assert not cast(board(mine("Pili-Pala", "pili"), pool=("{C}{C}",)), "{G}").payable
    sick = board(mine("Pili-Pala", "pili", tapped=True, summoning_sick=True), pool=("{C}{C}",))
    assert not cast(sick, "{G}").payable
    assert not cast(board(mine("Pili-Pala", "pili", tapped=True), pool=("{C}",)), "{G}").payable


# --- CabalCoffersTest: mana counted as the ability resolves (CR 106.4, 605.3) -------------------------------


def test_cabal_coffers_counts_the_swamps_its_controller_controls() -> None:
    """CabalCoffersTest.addsBlackManaForEachControlledSwamp: "{2}, {T}: Add {B} for each Swamp you control."
    With {C}{C} floating, two Swamps of mine and one of the opponent's, Coffers adds {B}{B} (the opponent's
    Swamp is not counted); the Swamps, tapped or not, still count, and tap for {B} each: {B}{B}{B}{B} in all,
    never five."""
    b = board(
        mine("Cabal Coffers", "coffers"),
        mine("Swamp", "s1"),
        mine("Swamp", "s2"),
        theirs("Swamp", "their_swamp"),
        pool=("{C}{C}",),
    )
    assert cast(b, "{B}{B}{B}{B}").payable
    assert not cast(b, "{B}{B}{B}{B}{B}").payable


def test_cabal_coffers_without_swamps_adds_nothing() -> None:
    """CabalCoffersTest.addsNoManaWithNoControlledSwamps: with no Swamp, Coffers adds no mana: the {C}{C}
    floating pay no {B}."""
    assert not cast(board(mine("Cabal Coffers", "coffers"), pool=("{C}{C}",)), "{B}").payable


# --- FoodChainTest: mana from exiling a creature, for creature spells only (CR 106.6, 202.3) ----------------


def test_food_chain_adds_one_plus_the_mana_value_for_creature_spells() -> None:
    """FoodChainTest.exilingCreatureAddsRestrictedMana, restrictedManaCastsCreatureSpell,
    restrictedManaCannotCastNoncreatureSpell: exiling Rushwood Dryad (mana value 2, CR 202.3) adds three mana
    of one color, spendable on creature spells only (CR 106.6): a {2}{G} creature is payable, a {G} instant is
    not, nor a {3}{G} creature (four mana)."""
    b = board(mine("Food Chain", "chain"), mine("Rushwood Dryad", "dryad"))
    assert cast(b, "{2}{G}", "Creature — Dryad").payable
    assert not cast(b, "{G}", "Instant").payable
    assert not cast(b, "{3}{G}", "Creature — Dryad").payable


def test_food_chain_exiles_creatures_its_controller_controls_only() -> None:
    """FoodChainTest.exileCostRequiresControlledCreature: "a creature you control": the opponent's Dryad can't
    be exiled, so my Forest is all I have: a {1}{G} creature is unpayable, a {G} one payable."""
    b = board(mine("Food Chain", "chain"), mine("Forest", "f"), theirs("Rushwood Dryad", "their_dryad"))
    assert not cast(b, "{1}{G}", "Creature").payable
    assert cast(b, "{G}", "Creature").payable


def test_food_chain_can_be_activated_once_per_creature() -> None:
    """FoodChainTest.repeatedActivationsResolveWithoutUsingStack: a mana ability with no {T} may be activated
    again while its cost can be paid (CR 605.3a): two Dryads give 3 + 3 mana, each activation of one color of
    its own: a {3}{G}{G}{U} creature is payable ({G}{G}{G} + {U}{U}{U}), a {6}{G} one is not (six mana in
    all)."""
    b = board(mine("Food Chain", "chain"), mine("Rushwood Dryad", "d1"), mine("Rushwood Dryad", "d2"))
    assert cast(b, "{3}{G}{G}{U}", "Creature").payable
    assert not cast(b, "{6}{G}", "Creature").payable
    assert cast(b, "{G}{G}{G}{G}", "Creature").payable  # both activations may choose green


# --- PriestOfTitaniaTest, SerrasSanctumTest, TolarianAcademyTest: mana counted as it resolves (CR 106.4) ----


def test_priest_of_titania_counts_every_elf_on_the_battlefield() -> None:
    """PriestOfTitaniaTest.tappingAddsManaForElvesOnAllBattlefields, countsItselfAndResolvesImmediately: "{T}:
    Add {G} for each Elf on the battlefield." counts every player's Elves, itself too (an Elf Druid): with my
    Elvish Lyrist and the opponent's Lyrist and Gorilla Warrior (no Elf), {G}{G}{G}; alone, {G}. The Lyrists
    add nothing themselves (their ability destroys, and has a target: no mana ability, CR 605.1a)."""
    crowd = board(
        mine("Priest of Titania", "priest"),
        mine("Elvish Lyrist", "lyrist"),
        theirs("Elvish Lyrist", "their_lyrist"),
        theirs("Gorilla Warrior", "gorilla"),
    )
    assert cast(crowd, "{G}{G}{G}").payable and not cast(crowd, "{G}{G}{G}{G}").payable
    alone = board(mine("Priest of Titania", "priest"))
    assert cast(alone, "{G}").payable and not cast(alone, "{G}{G}").payable


def test_a_summoning_sick_priest_of_titania_adds_nothing() -> None:
    """PriestOfTitaniaTest.cannotActivateWithSummoningSickness: {T} of a creature its controller has not
    controlled since their most recent turn began can't be paid (CR 302.6)."""
    assert not cast(board(mine("Priest of Titania", "priest", summoning_sick=True)), "{G}").payable


def test_serras_sanctum_counts_its_controllers_enchantments() -> None:
    """SerrasSanctumTest.tappingAddsManaForControlledEnchantments: "{T}: Add {W} for each enchantment you
    control.": my Abundance and Greater Good count, my Worn Powerstone (an artifact, here tapped) and the
    opponent's Abundance don't: {W}{W}, never three."""
    b = board(
        mine("Serra's Sanctum", "sanctum"),
        mine("Abundance", "abundance"),
        mine("Greater Good", "good"),
        mine("Worn Powerstone", "stone", tapped=True),
        theirs("Abundance", "their_abundance"),
    )
    assert cast(b, "{W}{W}").payable and not cast(b, "{W}{W}{W}").payable


def test_serras_sanctum_without_enchantments_adds_nothing() -> None:
    """SerrasSanctumTest.tappingProducesNoManaWithoutControlledEnchantments: no enchantment, no mana: neither
    {W} nor {1} can be paid."""
    b = board(mine("Serra's Sanctum", "sanctum"))
    assert not cast(b, "{W}").payable and not cast(b, "{1}").payable


def test_tolarian_academy_counts_its_controllers_artifacts_tapped_or_not() -> None:
    """TolarianAcademyTest.addsBlueManaForControlledArtifacts, countsOnlyArtifactsOnBattlefieldRegardlessOf
    TappedState: "{T}: Add {U} for each artifact you control.": my two Voltaic Keys (one tapped) count, the
    opponent's doesn't: {U}{U}, never three. With none, nothing (addsNoManaWithoutArtifacts)."""
    b = board(
        mine("Tolarian Academy", "academy"),
        mine("Voltaic Key", "key1"),
        mine("Voltaic Key", "key2", tapped=True),
        theirs("Voltaic Key", "their_key"),
    )
    assert cast(b, "{U}{U}").payable and not cast(b, "{U}{U}{U}").payable
    assert not cast(board(mine("Tolarian Academy", "academy")), "{U}").payable


# --- SpringleafDrumTest: tapping another untapped creature as a cost (CR 602.2b; 302.6 does not apply) ------


def test_springleaf_drum_taps_a_creature_for_one_mana_of_any_color() -> None:
    """SpringleafDrumTest.tapsCreatureAndAddsChosenColorMana, canTapSummoningSickCreatureForAnyColor: "{T},
    Tap an untapped creature you control: Add one mana of any color." The creature's tapping is no {T} of its
    own, so a summoning-sick one may pay it (CR 302.6 is about the creature's own {T} and {Q} abilities): one
    mana of each color is payable, two mana are not."""
    ready = board(mine("Springleaf Drum", "drum"), mine("Woodland Changeling", "changeling"))
    sick = board(
        mine("Springleaf Drum", "drum"), mine("Woodland Changeling", "changeling", summoning_sick=True)
    )
    for color in "WUBRG":
        assert cast(ready, f"{{{color}}}").payable and cast(sick, f"{{{color}}}").payable
    assert not cast(ready, "{1}{G}").payable


def test_springleaf_drum_needs_an_untapped_creature_of_its_controller() -> None:
    """SpringleafDrumTest.cannotActivateWithoutUntappedCreature, cannotActivateWithOnlyTappedCreature,
    cannotActivateWithOnlyOpponentsCreature, cannotActivateTappedDrum: no creature, a tapped one, only the
    opponent's, or the Drum itself tapped: the cost can't be paid, {G} is unpayable."""
    assert not cast(board(mine("Springleaf Drum", "drum")), "{G}").payable
    tapped = board(mine("Springleaf Drum", "drum"), mine("Woodland Changeling", "c", tapped=True))
    assert not cast(tapped, "{G}").payable
    assert not cast(board(mine("Springleaf Drum", "drum"), theirs("Woodland Changeling", "c")), "{G}").payable
    drum_tapped = board(mine("Springleaf Drum", "drum", tapped=True), mine("Woodland Changeling", "c"))
    assert not cast(drum_tapped, "{G}").payable


def test_an_animated_springleaf_drum_cannot_tap_itself_twice() -> None:
    """SpringleafDrumTest.animatedDrumCannotPayBothTapCostsWithItself: under March of the Machines the Drum is
    a creature (a 1/1: mana value 1), but its {T} taps it, and "tap an untapped creature you control" then
    needs another untapped creature (an object tapped for one part of a cost is no longer untapped for the
    other, CR 601.2h): with no other creature, no mana."""
    b = board(mine("Springleaf Drum", "drum"), mine("March of the Machines", "march"))
    assert not cast(b, "{G}").payable


# --- MoxOpalTest: metalcraft, an activation restriction (CR 602.5b; an ability word, 207.2c) ----------------


def test_mox_opal_needs_three_artifacts_of_its_controller() -> None:
    """MoxOpalTest.cannotActivateWithoutThreeArtifacts, opponentsArtifactsDoNotCount: "Activate only if you
    control three or more artifacts." Mox Opal and Memnite are two; the opponent's Accorder's Shield is not
    mine: {G} unpayable."""
    assert not cast(board(mine("Mox Opal", "opal"), mine("Memnite", "memnite")), "{G}").payable
    shield = theirs("Accorder's Shield", "shield")
    assert not cast(board(mine("Mox Opal", "opal"), mine("Memnite", "memnite"), shield), "{G}").payable


def test_mox_opal_with_three_artifacts_taps_for_any_color() -> None:
    """MoxOpalTest.canActivateWithThreeArtifacts, choosingColorAddsMana, tappedArtifactsCountAndManaResolves
    Immediately, moreThanThreeArtifactsAllowActivation: the Mox itself, Memnite and Accorder's Shield are
    three artifacts (tapped or not): one mana of any color; the Mox could produce WUBRG."""
    b = board(
        mine("Mox Opal", "opal"), mine("Memnite", "memnite", tapped=True), mine("Accorder's Shield", "shield")
    )
    assert produces(b)["opal"] == "WUBRG"
    for color in "WUBRG":
        assert cast(b, f"{{{color}}}").payable
    assert not cast(b, "{G}{G}").payable


# --- UtopiaSprawlTest: a triggered mana ability on tapping the enchanted Forest (CR 605.1b, 106.12a) --------


def test_utopia_sprawl_adds_the_chosen_color_to_the_enchanted_forest() -> None:
    """UtopiaSprawlTest.enchantedForestAddsChosenColorMana, onlyEnchantedForestGetsAdditionalMana: blue
    chosen, the enchanted Forest adds {G} and, as it is tapped for mana, an additional {U} (a triggered mana
    ability, resolved at once, CR 605.1b, 605.4a): {G}{U} payable from it alone; a second Forest adds only
    {G}: two Forests pay {G}{G}{U} but not {U}{U}."""
    sprawl = {**mine("Utopia Sprawl", "sprawl"), "attached_to": "f1", "choices": {"color": "U"}}
    one = board(mine("Forest", "f1"), sprawl)
    assert cast(one, "{G}{U}").payable and not cast(one, "{U}{U}").payable
    two = board(mine("Forest", "f1"), mine("Forest", "f2"), sprawl)
    assert cast(two, "{G}{G}{U}").payable and not cast(two, "{U}{U}").payable


def test_utopia_sprawl_gives_the_mana_to_the_forests_controller() -> None:
    """UtopiaSprawlTest.enchantedForestControllerGetsAdditionalMana: my Sprawl on the opponent's Forest: "its
    controller adds" the {U}: the opponent pays {G}{U}; I get nothing from it."""
    sprawl = {**mine("Utopia Sprawl", "sprawl"), "attached_to": "f1", "choices": {"color": "U"}}
    b = board(theirs("Forest", "f1"), sprawl)
    assert cast(b, "{G}{U}", player=OPP).payable
    assert not cast(b, "{U}").payable


# --- CryptolithRiteTest: a granted {T} mana ability (CR 613.1f, 302.6) --------------------------------------


def test_cryptolith_rite_gives_its_controllers_creatures_a_mana_ability() -> None:
    """CryptolithRiteTest.ownCreaturesGainAnyColorManaAbility, grantedAbilityCanProduceEachColor,
    creaturesAlreadyOnBattlefieldGainAbilityWhenRiteEnters: 'Creatures you control have "{T}: Add one mana of
    any color."': my Grizzly Bears could produce WUBRG; one mana, never two."""
    b = board(mine("Cryptolith Rite", "rite"), mine("Grizzly Bears", "bears"))
    assert produces(b)["bears"] == "WUBRG"
    assert cast(b, "{R}").payable and not cast(b, "{R}{R}").payable


def test_cryptolith_rite_gives_nothing_to_others_lands_or_sick_creatures() -> None:
    """CryptolithRiteTest.creaturesDoNotHaveAbilityWithoutCryptolithRite, opponentCreaturesDoNotGainAbility,
    landsDoNotGainAbility, summoningSickCreatureCannotPayGrantedTapCost: no Rite, no ability; the opponent's
    Bears get none; a Forest keeps its {G} alone; a summoning-sick creature can't pay {T} (CR 302.6)."""
    assert produces(board(mine("Grizzly Bears", "bears")))["bears"] == ""
    theirs_only = board(mine("Cryptolith Rite", "rite"), theirs("Grizzly Bears", "bears"))
    assert not cast(theirs_only, "{R}", player=OPP).payable
    assert produces(board(mine("Cryptolith Rite", "rite"), mine("Forest", "f")))["f"] == "G"
    sick = board(mine("Cryptolith Rite", "rite"), mine("Grizzly Bears", "bears", summoning_sick=True))
    assert not cast(sick, "{R}").payable


# --- ZendikarResurgentTest: an additional mana of a type the land produced (CR 605.1b, 106.12a) -------------


def test_zendikar_resurgent_adds_one_more_mana_of_the_type_its_controllers_land_made() -> None:
    """ZendikarResurgentTest.addsManaWhenControllerTapsLand, addsColorlessManaImmediately: "Whenever you tap a
    land for mana, add one mana of any type that land produced." A Forest makes {G}{G} (not {G}{U}: the type
    it produced), a Wastes {C}{C} (colorless is a type, CR 106.1b), never three."""
    forest = board(mine("Zendikar Resurgent", "resurgent"), mine("Forest", "f"))
    assert cast(forest, "{G}{G}").payable and not cast(forest, "{G}{U}").payable
    wastes = board(mine("Zendikar Resurgent", "resurgent"), mine("Wastes", "w"))
    assert cast(wastes, "{C}{C}").payable and not cast(wastes, "{3}").payable


def test_zendikar_resurgent_is_its_controllers_alone_and_each_copy_adds_one() -> None:
    """ZendikarResurgentTest.doesNotAddManaWhenOpponentTapsLand, multipleCopiesEachAddMana: "you tap": the
    opponent's Forest makes {G} alone for them; two Resurgents each trigger: a Wastes makes {C}{C}{C}."""
    theirs_forest = board(mine("Zendikar Resurgent", "resurgent"), theirs("Forest", "f"))
    assert (
        cast(theirs_forest, "{G}", player=OPP).payable
        and not cast(theirs_forest, "{G}{G}", player=OPP).payable
    )
    two = board(mine("Zendikar Resurgent", "r1"), mine("Zendikar Resurgent", "r2"), mine("Wastes", "w"))
    assert cast(two, "{C}{C}{C}").payable and not cast(two, "{4}").payable
