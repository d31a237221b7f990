"""The assertions of XMage's own mana tests (Mage.Tests: ``utils/ManaOptionsTest`` and ``cards/mana/*``),
replayed on the planner: the same board, and our answer to the question each assertion is about.

Each test names its source, as ``XMage <class>.<method>``. An XMage "mana options" list is every mix of mana
the whole board can make at once; the planner answers it through :func:`planner.pay` (a cost made of one
option is payable; a cost past every option is not) and :func:`planner.max_x` (the most mana in all). An
XMage "cast" assertion is a ``pay`` of that spell's cost, for its type line. Where XMage's answer is not the
Comprehensive Rules' (an old rule, a shortcut of its own), the test asserts the rules' answer and says why.

Cards outside the built-in catalogue are given by their current Oracle text (:data:`CARDS`). Facts only: no
XMage code or prose is copied here.
"""

from __future__ import annotations

from typing import Any, Final

from boards import PEER_TEXTS, agrees_with_reference

from models.board import Board
from models.catalogue import lookup
from models.cost import PaymentTarget
from models.spells import find_spell, spell_target
from planner import could_produce, max_x, pay
from planner.api import PayResult
from planner.rules.view import BoardView

ME = "me"
OPP = "opp"

#: The peers' cards by their current Oracle text and mana cost (``benchmarks/peer_cards.json``).
CARDS: Final = PEER_TEXTS.cards


def card(pid: str, name: str, controller: str = ME, **fields: Any) -> dict[str, Any]:
    """A permanent: a catalogue card by name, or one of :data:`CARDS` by its text."""
    entry: dict[str, Any] = {"id": pid, "controller": controller, **fields}
    if name in CARDS:
        type_line, mana_cost, oracle = CARDS[name]
        entry.update(name=name, type_line=type_line, mana_cost=mana_cost, oracle=oracle)
    else:
        assert lookup(name) is not None, name
        entry["card"] = name
    return entry


def cards(prefix: str, name: str, count: int, controller: str = ME, **fields: Any) -> list[dict[str, Any]]:
    """``count`` copies of a card, with ids ``prefix1``, ``prefix2``, ..."""
    return [card(f"{prefix}{n}", name, controller, **fields) for n in range(1, count + 1)]


def board(*groups: dict[str, Any] | list[dict[str, Any]], active: str = ME, **me: Any) -> Board:
    """A board of two players, "me" (with the fields in ``me``) and "opp"; "me" acts unless ``active``."""
    permanents: list[dict[str, Any]] = []
    for group in groups:
        permanents += group if isinstance(group, list) else [group]
    players = [{"id": ME, **me}, {"id": OPP}]
    return Board.from_dict(
        {"version": 1, "active_player": active, "players": players, "permanents": permanents}
    )


def payable(on: Board, cost: str, *, x: int | None = None, **target: Any) -> bool | None:
    """Whether the cost (for the target described by ``target``) is payable on the board."""
    return pay(on, PaymentTarget.of(cost, **target), x=x).payable


def most(on: Board, cost: str = "{X}", **target: Any) -> int | None:
    """The largest X for the cost: with ``{X}``, the most mana the board can make at once for the target."""
    return max_x(on, PaymentTarget.of(cost, **target)).x


def produces(on: Board) -> dict[str, str]:
    """What each permanent could produce (CR 106.7), as letters."""
    return {pid: str(types) for pid, types in could_produce(on).items()}


def warned(on: Board, cost: str, **target: Any) -> list[str]:
    """The sentences a payment of ``cost`` warns about (text read but not executed, or not read)."""
    return [w.sentence for w in pay(on, PaymentTarget.of(cost, **target)).warnings]


# ---------------------------------------------------------------------------------------- ManaOptionsTest


def test_simple_mana() -> None:
    """XMage ManaOptionsTest.testSimpleMana: three Forests make {G}{G}{G}."""
    b = board(cards("f", "Forest", 3))
    assert payable(b, "{G}{G}{G}")
    assert most(b) == 3


def test_tinder_farm() -> None:
    """XMage ManaOptionsTest.testTinderFarm: each Farm makes {G}, or {R}{W} when sacrificed."""
    b = board(cards("farm", "Tinder Farm", 3))
    for option in ("{G}{G}{G}", "{R}{G}{G}{W}", "{R}{R}{G}{W}{W}", "{R}{R}{R}{W}{W}{W}"):
        assert payable(b, option), option
    assert most(b) == 6
    assert not payable(b, "{R}{R}{R}{W}{W}{W}{G}")  # a sacrificed Farm makes no {G} too
    assert not payable(b, "{R}{G}{G}{G}")


def test_adarkar_wastes() -> None:
    """XMage ManaOptionsTest.testAdarkarWastes: the ten mixes of three from {C}, {W} and {U}."""
    b = board(cards("aw", "Adarkar Wastes", 3))
    for option in ("{C}{C}{C}", "{C}{W}{U}", "{W}{W}{W}", "{W}{U}{U}", "{U}{U}{U}"):
        assert payable(b, option), option
    assert most(b) == 3
    assert not payable(b, "{B}")


def test_chromatic_sphere_draws_so_is_no_mana_ability() -> None:
    """XMage ManaOptionsTest.testChromaticSphere lists {Any}{Any} (two Plains pay two Spheres). Under CR
    605.1a as amended 2026-08-07 an ability whose effect draws a card is no mana ability: it can't be
    activated while a cost is being paid, so the Spheres add nothing to a payment. (XMage follows the old
    rule.)"""
    b = board(cards("p", "Plains", 2), cards("sphere", "Chromatic Sphere", 2))
    assert payable(b, "{W}{W}")
    assert not payable(b, "{B}")
    assert most(b) == 2


def test_orochi_leafcaller_is_activated_once_per_green() -> None:
    """XMage ManaOptionsTest.testOrochiLeafcaller: {W}{W}{Any}{Any}; the Leafcaller's "{G}: Add one mana of
    any color." has no {T}, so each Forest's {G} can be turned into any color."""
    b = board(cards("p", "Plains", 2), cards("f", "Forest", 2), card("orochi", "Orochi Leafcaller"))
    assert payable(b, "{W}{W}{B}{R}")
    assert payable(b, "{B}{R}")
    assert not payable(b, "{W}{W}{B}{B}{B}")
    assert most(b) == 4


def test_crystal_quarry() -> None:
    """XMage ManaOptionsTest.testCrystalQuarry and testCrystalQuarry2: {5} for the Quarry's {W}{U}{B}{R}{G}
    needs five other lands."""
    four = board(cards("p", "Plains", 2), cards("f", "Forest", 2), card("q", "Crystal Quarry"))
    assert payable(four, "{C}{G}{G}{W}{W}")
    assert not payable(four, "{W}{U}{B}{R}{G}")
    five = board(cards("p", "Plains", 2), cards("f", "Forest", 3), card("q", "Crystal Quarry"))
    assert payable(five, "{C}{G}{G}{G}{W}{W}")
    assert payable(five, "{W}{U}{B}{R}{G}")
    assert most(five) == 6


def test_nykthos_devotion() -> None:
    """XMage ManaOptionsTest.testNykthos1, testNykthos2, testNykthos4a and testNykthos5: Nykthos makes as much
    of one color as the devotion to it, for {2} from the Forests."""
    lions = board(
        cards("sc", "Sedge Scorpion", 4),
        cards("f", "Forest", 3),
        cards("lion", "Silvercoat Lion", 4),
        card("nyk", "Nykthos, Shrine to Nyx"),
    )
    for option in ("{C}{G}{G}{G}", "{G}{G}{G}{G}{G}", "{G}{W}{W}{W}{W}"):
        assert payable(lions, option), option
    assert not payable(lions, "{G}{G}{W}{W}{W}{W}")
    assert most(lions) == 5
    crusaders = board(
        cards("sc", "Sedge Scorpion", 4),
        cards("ac", "Akroan Crusader", 3),
        cards("f", "Forest", 3),
        card("nyk", "Nykthos, Shrine to Nyx"),
    )
    assert payable(crusaders, "{R}{R}{R}{G}")
    assert not payable(crusaders, "{R}{R}{R}{G}{G}")
    two_lions = board(
        cards("lion", "Silvercoat Lion", 2),
        cards("sc", "Sedge Scorpion", 4),
        cards("f", "Forest", 3),
        card("nyk", "Nykthos, Shrine to Nyx"),
    )
    assert payable(two_lions, "{G}{W}{W}")
    assert not payable(two_lions, "{G}{W}{W}{W}")
    assert payable(two_lions, "{G}{G}{G}{G}{G}")


def test_nykthos_with_caryatid() -> None:
    """XMage ManaOptionsTest.testNykthos3: devotion 1 makes Nykthos's second ability no gain: {C}{G}{Any}."""
    b = board(card("cary", "Sylvan Caryatid"), card("f", "Forest"), card("nyk", "Nykthos, Shrine to Nyx"))
    assert payable(b, "{C}{G}{B}")
    assert not payable(b, "{G}{G}{G}")
    assert most(b) == 3


def test_nykthos_under_damping_sphere() -> None:
    """XMage ManaOptionsTest.testNykthos4b: a land tapped for four {G} under Damping Sphere makes {C}."""
    b = board(
        card("ds", "Damping Sphere"),
        cards("sc", "Sedge Scorpion", 4),
        cards("f", "Forest", 3),
        card("nyk", "Nykthos, Shrine to Nyx"),
    )
    assert payable(b, "{C}{G}{G}{G}")
    assert not payable(b, "{G}{G}{G}{G}")
    assert most(b) == 4


def test_duplicated_options_boards() -> None:
    """XMage ManaOptionsTest.testDuplicatedDontHave1 and testDuplicatedDontHave3 (only the list's form is
    asserted there): what two City of Brass or two Groves and two Forests make."""
    cities = board(cards("cob", "City of Brass", 2), cards("f", "Forest", 2))
    assert payable(cities, "{B}{U}{G}{G}")
    assert most(cities) == 4
    groves = board(cards("grove", "Grove of the Burnwillows", 2), cards("f", "Forest", 2))
    assert payable(groves, "{R}{R}{G}{G}")
    assert payable(groves, "{C}{C}{G}{G}")
    assert not payable(groves, "{W}")


def test_chromatic_star_tower_and_grove() -> None:
    """XMage ManaOptionsTest.testDuplicatedHave: {C}{C}, {C}{Any} and {Any}{Any} from Chromatic Star,
    Chromatic Sphere, Urza's Tower and Grove of the Burnwillows. The Star's ability draws nothing (its draw is
    a separate trigger) and stays a mana ability; the Sphere's draws a card and is none since 2026-08-07 (CR
    605.1a), so two mana of colors other than {R} and {G} can't be had."""
    b = board(
        card("star", "Chromatic Star"),
        card("sphere", "Chromatic Sphere"),
        card("tower", "Urza's Tower"),
        card("grove", "Grove of the Burnwillows"),
    )
    assert payable(b, "{C}{C}")
    assert payable(b, "{C}{B}")  # the Tower's {C} pays the Star
    assert payable(b, "{R}{U}")
    assert not payable(b, "{B}{U}")
    assert most(b) == 2


def test_fetid_heath() -> None:
    """XMage ManaOptionsTest.testFetidHeath: {C}{W}, {W}{W}, {W}{B}, {B}{B}."""
    b = board(card("heath", "Fetid Heath"), card("p", "Plains"))
    for option in ("{C}{W}", "{W}{W}", "{W}{B}", "{B}{B}"):
        assert payable(b, option), option
    assert not payable(b, "{C}{B}")
    assert most(b) == 2


def test_cabal_coffers() -> None:
    """XMage ManaOptionsTest.testCabalCoffers1 and testCabalCoffers2: Coffers is no gain with one Swamp."""
    one = board(card("coffers", "Cabal Coffers"), card("p", "Plains"), card("s", "Swamp"))
    assert payable(one, "{W}{B}")
    assert not payable(one, "{B}{B}")
    assert most(one) == 2
    two = board(card("coffers", "Cabal Coffers"), card("p", "Plains"), cards("s", "Swamp", 2))
    assert payable(two, "{W}{B}{B}")
    assert payable(two, "{B}{B}{B}")
    assert not payable(two, "{B}{B}{B}{B}")


def test_mage_ring_network_without_counters() -> None:
    """XMage ManaOptionsTest.testMageRingNetwork: {C}{W}{B}."""
    b = board(card("ring", "Mage-Ring Network"), card("p", "Plains"), card("s", "Swamp"))
    assert payable(b, "{C}{W}{B}")
    assert most(b) == 3


def test_mage_ring_network_with_storage_counters() -> None:
    """XMage ManaOptionsTest.testMageRingNetwork2: {C}{C}{C}{C}{W}{B} with four storage counters (the network
    removes all four for {C}{C}{C}{C}, or fewer; it taps once either way)."""
    b = board(
        card("ring", "Mage-Ring Network", counters={"storage": 4}), card("p", "Plains"), card("s", "Swamp")
    )
    assert payable(b, "{C}{C}{C}{C}{W}{B}")
    assert not payable(b, "{C}{C}{C}{C}{C}{W}")
    assert most(b) == 6
    assert not warned(b, "{C}{C}")


def test_crypt_ghast() -> None:
    """XMage ManaOptionsTest.testCryptGhast: a Swamp makes {B}{B}."""
    b = board(card("ghast", "Crypt Ghast"), card("s", "Swamp"))
    assert payable(b, "{B}{B}")
    assert most(b) == 2


def test_damping_sphere_and_eldrazi_temple() -> None:
    """XMage ManaOptionsTest.testDampingSphere: the Temple's {C}{C} becomes {C}."""
    b = board(card("ds", "Damping Sphere"), card("temple", "Eldrazi Temple"))
    assert most(b, type_line="Creature — Eldrazi", colors="") == 1
    assert payable(b, "{C}")


def test_charmed_pendant_mills_so_is_no_mana_ability() -> None:
    """XMage ManaOptionsTest.testCharmedPedant: {C}{C}, the Temple's. The Pendant's cost mills a card, so it
    is no mana ability (CR 605.1a as amended 2026-08-07); the Temple's {C}{C} is for colorless Eldrazi
    only."""
    b = board(card("pendant", "Charmed Pendant"), card("temple", "Eldrazi Temple"))
    assert payable(b, "{C}{C}", type_line="Creature — Eldrazi", colors="")
    assert not payable(b, "{C}{C}", type_line="Artifact")
    assert not payable(b, "{R}")


def test_mana_sources_with_costs() -> None:
    """XMage ManaOptionsTest.testManaSourcesWithCosts: sixteen mixes of seven from Crystal Quarry, three Fetid
    Heaths and three Plains. The rules allow one more than XMage lists: five of the six others pay the
    Quarry's {5}, and the sixth makes a seventh mana type beside its {W}{U}{B}{R}{G}."""
    b = board(card("q", "Crystal Quarry"), cards("heath", "Fetid Heath", 3), cards("p", "Plains", 3))
    for option in (
        "{C}{C}{C}{C}{W}{W}{W}",
        "{C}{W}{W}{B}{B}{B}{B}",
        "{C}{B}{B}{B}{B}{B}{B}",
        "{C}{C}{W}{W}{W}{W}{W}",
    ):
        assert payable(b, option), option
    assert not payable(b, "{B}{B}{B}{B}{B}{B}{B}")
    assert most(b) == 7
    assert payable(b, "{W}{U}{B}{R}{G}{W}")


def test_sungrass_prairie() -> None:
    """XMage ManaOptionsTest.testSungrassPrairie, testSungrassPrairie2 and testSungrassPrairie3."""
    myr = board(card("prairie", "Sungrass Prairie"), cards("myr", "Alloy Myr", 2))
    assert payable(myr, "{G}{W}{B}")
    assert payable(myr, "{B}{R}")
    assert not payable(myr, "{G}{W}{B}{R}")
    big = board(
        cards("prairie", "Sungrass Prairie", 5),
        cards("tundra", "Tundra", 9),
        cards("trop", "Tropical Island", 3),
    )
    assert payable(big, "{G}{G}{G}{G}{G}{G}{G}{G}{W}{W}{W}{W}{W}{W}{W}{W}{W}")
    assert payable(big, "{G}{G}{G}{G}{G}{G}{G}{G}{W}{W}{W}{W}{W}{W}{W}{W}{U}")
    assert not payable(big, "{G}{G}{G}{G}{G}{G}{G}{G}{G}{W}{W}{W}{W}{W}{W}{W}{W}")
    assert most(big) == 17
    small = board(
        card("prairie", "Sungrass Prairie"), card("tundra", "Tundra"), card("trop", "Tropical Island")
    )
    for option in ("{U}{U}", "{G}{G}{W}", "{G}{W}{U}", "{G}{W}{W}"):
        assert payable(small, option), option
    assert not payable(small, "{G}{G}{U}")
    assert most(small) == 3


# ------------------------------------------------------------------------------- NonTappingManaAbilitiesTest


def test_druids_repository() -> None:
    """XMage NonTappingManaAbilitiesTest.druidsRepositoryTest: two charge counters make {Any}{Any}, which
    casts a {W}{W} creature."""
    b = board(card("repo", "Druids' Repository", counters={"charge": 2}))
    assert payable(b, "{W}{W}", type_line="Creature — Human Soldier")
    assert most(b) == 2


def test_workhorse() -> None:
    """XMage NonTappingManaAbilitiesTest.TestWorkhorse: four counters, {C}{C}{C}{C}."""
    assert most(board(card("horse", "Workhorse", counters={"+1/+1": 4}))) == 4


def test_counters_bound_removals_not_the_repeat_cap() -> None:
    """After XMage NonTappingManaAbilitiesTest.TestWorkhorse: with six counters Workhorse makes six {C} (its
    counters bound the removals, not the planner's cap of four repeats)."""
    assert most(board(card("horse", "Workhorse", counters={"+1/+1": 6}))) == 6


def test_morselhoarder() -> None:
    """XMage NonTappingManaAbilitiesTest.TestMorselhoarder: {B}{B}{Any}{Any}{Any}{Any}."""
    b = board(cards("morsel", "Morselhoarder", 2, counters={"-1/-1": 2}), cards("s", "Swamp", 2))
    assert payable(b, "{B}{B}{W}{U}{R}{G}")
    assert most(b) == 6


def test_farrelite_priest() -> None:
    """XMage NonTappingManaAbilitiesTest.TestFarrelitePriest: four Swamps through "{1}: Add {W}." give up to
    {W}{W}{W}{W}."""
    b = board(card("priest", "Farrelite Priest"), cards("s", "Swamp", 4))
    for option in ("{W}{W}{W}{W}", "{W}{W}{W}{B}", "{W}{W}{B}{B}", "{B}{B}{B}{B}"):
        assert payable(b, option), option
    assert most(b) == 4


def test_crystalline_crawler() -> None:
    """XMage NonTappingManaAbilitiesTest.TestCrystallineCrawler: two counters, {Any}{Any}."""
    b = board(card("crawler", "Crystalline Crawler", counters={"+1/+1": 2}))
    assert payable(b, "{W}{U}")
    assert most(b) == 2


# --------------------------------------------------------------------------------- TappedForManaRelatedTest


def test_cradle_with_wild_growth_and_no_creatures() -> None:
    """XMage TappedForManaRelatedTest.TestCradleWithWildGrowthNoCreatures asserts {G}{G}, though its own
    comment gives the rule: a Cradle that makes no mana is not tapped for mana, so Wild Growth does not
    trigger (CR 106.12a). By the rules the board makes only the Forest's {G}."""
    b = board(
        card("cradle", "Gaea's Cradle"), card("f", "Forest"), card("wg", "Wild Growth", attached_to="cradle")
    )
    assert payable(b, "{G}")
    assert not payable(b, "{G}{G}")
    assert produces(b)["cradle"] == ""


def test_cradle_with_wild_growth_and_two_creatures() -> None:
    """XMage TappedForManaRelatedTest.TestCradleWithWildGrowthTwoCreatures: {G}{G}{G}{G}."""
    b = board(
        card("cradle", "Gaea's Cradle"),
        cards("lion", "Silvercoat Lion", 2),
        card("f", "Forest"),
        card("wg", "Wild Growth", attached_to="cradle"),
    )
    assert payable(b, "{G}{G}{G}{G}")
    assert most(b) == 4


def test_wild_growth() -> None:
    """XMage TappedForManaRelatedTest.TestWildGrowth: {G}{G}."""
    b = board(
        cards("lion", "Silvercoat Lion", 2), card("f", "Forest"), card("wg", "Wild Growth", attached_to="f")
    )
    assert payable(b, "{G}{G}")
    assert most(b) == 2


def test_calciform_pools() -> None:
    """XMage TappedForManaRelatedTest.TestCalciformPools: no counters, {C}; TestCalciformPools2Counter: with
    two storage counters also {W}{W} (its own {C} pays the {1} for removing both)."""
    assert most(board(card("pools", "Calciform Pools"))) == 1
    stored = board(card("pools", "Calciform Pools", counters={"storage": 2}))
    assert payable(stored, "{W}{W}") and payable(stored, "{W}{U}") and payable(stored, "{C}")
    assert not payable(stored, "{W}{W}{C}")
    assert most(stored) == 2
    assert not warned(stored, "{W}")


def test_castle_sengir() -> None:
    """XMage TappedForManaRelatedTest.TestCastleSengir and TestCastleSengir2."""
    mountain = board(card("castle", "Castle Sengir"), card("m", "Mountain"))
    assert payable(mountain, "{C}{R}")
    assert payable(mountain, "{B}")
    assert not payable(mountain, "{U}{R}")
    assert not payable(mountain, "{B}{R}")
    plains = board(card("castle", "Castle Sengir"), cards("p", "Plains", 2))
    for option in ("{C}{W}{W}", "{W}{B}", "{U}", "{R}"):
        assert payable(plains, option), option
    assert not payable(plains, "{U}{W}")
    assert most(plains) == 3


def test_eye_of_ramos() -> None:
    """XMage TappedForManaRelatedTest.TestEyeOfRamos: two Eyes, tapped then sacrificed, {U}{U}{U}{U}."""
    b = board(cards("eye", "Eye of Ramos", 2))
    assert payable(b, "{U}{U}{U}{U}")
    assert most(b) == 4


def test_chromatic_orrery() -> None:
    """XMage TappedForManaRelatedTest.TestChromaticOrrery: {C}{C}{C}{C}{C}, which may pay any colors."""
    b = board(card("orrery", "Chromatic Orrery"))
    assert most(b) == 5
    assert payable(b, "{W}{U}{B}{R}{G}")


def test_viridian_joiner_power_is_not_on_the_board() -> None:
    """XMage TappedForManaRelatedTest.TestViridianJoiner gives seven {G} for a Joiner of power 4 and three
    Forests. A board gives no power, so the ability is not used, with a warning: the Forests' three {G}."""
    b = board(card("joiner", "Viridian Joiner", counters={"+1/+1": 3}), cards("f", "Forest", 3))
    assert most(b) == 3
    assert any("power" in s for s in warned(b, "{G}"))


# -------------------------------------------------------------------------------------- ReflectingPoolTest


def test_reflecting_pool_with_exotic_orchard() -> None:
    """XMage ReflectingPoolTest.testWithExoticOrchard, test2WithExoticOrchard, testWith2ExoticOrchard: an
    opponent's Mountain; the Orchards make {R}, and so the Pools."""
    one = board(
        card("m", "Mountain", OPP), card("pool", "Reflecting Pool"), card("orchard", "Exotic Orchard")
    )
    assert payable(one, "{R}{R}")
    assert most(one) == 2
    pools = board(
        card("m", "Mountain", OPP), cards("pool", "Reflecting Pool", 2), card("orchard", "Exotic Orchard")
    )
    assert payable(pools, "{R}{R}{R}")
    orchards = board(
        card("m", "Mountain", OPP), card("pool", "Reflecting Pool"), cards("orchard", "Exotic Orchard", 2)
    )
    assert payable(orchards, "{R}{R}{R}")


def test_reflecting_pool_with_gaeas_cradle() -> None:
    """XMage ReflectingPoolTest.testWithGaeasCradle: {G}{G} with one creature."""
    b = board(
        card("lion", "Silvercoat Lion"), card("pool", "Reflecting Pool"), card("cradle", "Gaea's Cradle")
    )
    assert payable(b, "{G}{G}")
    assert most(b) == 2


def test_reflecting_pool_with_different_lands() -> None:
    """XMage ReflectingPoolTest.testWithDifferentLands: the two Orchards see each other's colors (a least
    fixed point, CR 106.7): each player gets {W} or {G} from them."""
    permanents = [
        card("lion", "Silvercoat Lion"),
        card("pool", "Reflecting Pool"),
        card("orchard", "Exotic Orchard"),
        card("f", "Forest"),
        card("their_orchard", "Exotic Orchard", OPP),
        card("plains", "Plains", OPP),
    ]
    mine = board(permanents)
    for option in ("{G}{G}{G}", "{W}{G}{G}", "{W}{W}{G}"):
        assert payable(mine, option), option
    assert not payable(mine, "{W}{W}{W}")
    theirs = board(permanents, active=OPP)
    assert payable(theirs, "{W}{G}")
    assert payable(theirs, "{W}{W}")
    assert not payable(theirs, "{G}{G}")


def test_reflecting_pools_alone_make_nothing() -> None:
    """XMage ReflectingPoolTest.testReflectingPoolGiveNonMana and testReflectingPoolGiveNonMana2: a {1}
    creature is not cast with only Pools."""
    assert not payable(board(card("pool", "Reflecting Pool")), "{1}", type_line="Artifact Creature")
    assert not payable(board(cards("pool", "Reflecting Pool", 2)), "{1}", type_line="Artifact Creature")


def test_reflecting_pool_copies_the_types_of_lands() -> None:
    """XMage ReflectingPoolTest.testReflectingPoolGiveBasicManaNeed and
    testReflectingPoolGiveBasicManaNotNeed: a {1}{G} creature with a Forest, not with a Plains."""
    assert payable(
        board(card("f", "Forest"), card("pool", "Reflecting Pool")), "{1}{G}", type_line="Creature — Bear"
    )
    assert not payable(
        board(card("p", "Plains"), card("pool", "Reflecting Pool")), "{1}{G}", type_line="Creature — Bear"
    )


def test_reflecting_pool_with_city_of_brass() -> None:
    """XMage ReflectingPoolTest.testReflectingPoolAnyManaNeedWithoutCondition: two Plains and two of any color
    cast a {2}{G}{G} creature."""
    b = board(
        cards("p", "Plains", 2),
        card("city", "City of Brass"),
        card("pool", "Reflecting Pool"),
        card("up", "Upwelling"),
    )
    assert payable(b, "{2}{G}{G}", type_line="Creature — Bear")


def test_reflecting_pool_ignores_cavern_restriction() -> None:
    """XMage ReflectingPoolTest.testReflectingPoolAnyManaNeedWithCondition and ConditionalManaTest
    testWorkingWithReflectingPool: the Pool copies the types Cavern of Souls could produce, not its
    restriction, so a creature of another type is cast with the Cavern's {C} and the Pool's color."""
    b = board(
        card("cavern", "Cavern of Souls", choices={"creature_type": "Elf"}),
        card("pool", "Reflecting Pool"),
        card("up", "Upwelling"),
    )
    assert payable(b, "{1}{G}", type_line="Creature — Bear")
    assert payable(b, "{1}{W}", type_line="Creature — Cat")
    assert not payable(b, "{W}{G}", type_line="Creature — Cat")  # the Cavern's color is for Elves only


def test_reflecting_pool_sees_tapped_lands() -> None:
    """XMage ReflectingPoolTest.testReflectingPoolAnyManaTapped: with City of Brass tapped the Pool still
    makes {B} (costs and tapped state are ignored, CR 106.7)."""
    b = board(
        card("p", "Plains", tapped=True),
        card("city", "City of Brass", tapped=True),
        card("pool", "Reflecting Pool"),
        card("up", "Upwelling"),
    )
    assert payable(b, "{B}")
    assert produces(b)["pool"] == "WUBRG"


# ----------------------------------------------------------------------------- reflecting creatures and lands


def test_harvester_druid() -> None:
    """XMage HarvesterDruidTest.testOneInstance and testTwoInstances."""
    one = board(card("i", "Island"), card("m", "Mountain"), card("druid", "Harvester Druid"))
    assert payable(one, "{U}{R}{R}")
    assert payable(one, "{U}{U}{R}")
    assert not payable(one, "{G}")
    two = board(card("i", "Island"), card("m", "Mountain"), cards("druid", "Harvester Druid", 2))
    assert payable(two, "{U}{R}{R}{R}")
    assert payable(two, "{U}{U}{U}{R}")
    assert most(two) == 4


def test_sylvok_explorer() -> None:
    """XMage SylvokExplorerTest.testOneInstance and testTwoInstances."""
    one = board(
        card("i", "Island", OPP),
        card("m", "Mountain", OPP),
        card("ex", "Sylvok Explorer"),
        card("p", "Plains"),
    )
    assert payable(one, "{W}{R}")
    assert payable(one, "{W}{U}")
    assert not payable(one, "{U}{R}")
    two = board(
        cards("orchard", "Exotic Orchard", 2, OPP), cards("ex", "Sylvok Explorer", 2), card("p", "Plains")
    )
    assert payable(two, "{W}{W}{W}")
    assert not payable(two, "{G}")


def test_naga_vitalist_and_gift_of_paradise() -> None:
    """XMage NagaVitalistTest.nagaVitalist_InteractionGiftOfParadise and the GiftOfParadise cases: a land with
    Gift of Paradise could produce any color, and so the Vitalist."""
    b = board(
        cards("f", "Forest", 3),
        card("naga", "Naga Vitalist"),
        card("gift", "Gift of Paradise", attached_to="f1"),
    )
    assert payable(b, "{R}")
    assert produces(b)["naga"] == "WUBRG"
    swamp = board(card("s", "Swamp"), card("gift", "Gift of Paradise", attached_to="s"))
    assert payable(swamp, "{R}{R}")


# ---------------------------------------------------------------------------- triggers and replacements


def test_mana_flare() -> None:
    """XMage ManaFlareTest.testIsland and testWateryGrave: Mana Flare adds the type the land produced."""
    assert payable(board(card("flare", "Mana Flare"), card("i", "Island")), "{U}{U}")
    grave = board(card("flare", "Mana Flare", OPP), card("grave", "Watery Grave", OPP), active=OPP)
    assert payable(grave, "{B}{B}")


def test_vorinclex_and_river_of_tears() -> None:
    """XMage VorinclexVoiceOfHungerTest.testRiverOfTears and AddManaOfAnyTypeProducedTest.testRiverOfTears
    cast a {U}{U} creature from River of Tears and Vorinclex (no land played yet: the River makes {U}, and
    Vorinclex adds one more of a type it produced). The board's ``lands_played_this_turn`` says whether a
    land was played: then the River makes {B} instead."""
    b = board(card("vorinclex", "Vorinclex, Voice of Hunger"), card("river", "River of Tears"))
    assert payable(b, "{U}{U}") and not payable(b, "{B}")
    assert not warned(b, "{U}{U}")
    played = Board.from_dict(
        {**b.to_dict(), "players": [{"id": ME, "lands_played_this_turn": 1}, {"id": OPP}]}
    )
    assert payable(played, "{B}{B}") and not payable(played, "{U}")


def test_vorinclex_and_gemstone_caverns() -> None:
    """XMage AddManaOfAnyTypeProducedTest.testGemstoneCavern and testCastWithGemstoneCavern."""
    b = board(
        card("vorinclex", "Vorinclex, Voice of Hunger"),
        card("caverns", "Gemstone Caverns", counters={"luck": 1}),
    )
    assert payable(b, "{1}{W}", type_line="Creature — Cat")
    assert payable(b, "{W}{W}")
    assert not payable(b, "{W}{U}")  # the extra mana is of the type the land produced
    forests = board(cards("f", "Forest", 7), card("caverns", "Gemstone Caverns", counters={"luck": 1}))
    assert payable(forests, "{6}{G}{G}", type_line="Legendary Creature — Phyrexian Praetor")
    assert not payable(board(card("caverns", "Gemstone Caverns")), "{W}")  # no luck counter: only {C}


def test_kinnan_adds_a_type_the_signet_produced() -> None:
    """XMage AddManaOfAnyTypeProducedTest.testChooseColorRed and testChooseColorGreen."""
    b = board(card("kinnan", "Kinnan, Bonder Prodigy"), card("w", "Wastes"), card("signet", "Gruul Signet"))
    assert payable(b, "{1}{R}{R}", type_line="Sorcery")
    assert payable(b, "{1}{G}{G}", type_line="Sorcery")
    assert not payable(b, "{R}{R}{R}")
    assert most(b) == 3


def test_leyline_of_abundance_only_for_its_controller() -> None:
    """XMage LeylineOfAbundanceTest.testOpponentsManaCreatures: the opponent's Elves make {G}{G} with the
    opponent's Leyline, and my Leyline adds nothing to them."""
    both = board(
        card("up", "Upwelling"),
        card("leyline", "Leyline of Abundance"),
        card("elves", "Llanowar Elves", OPP),
        card("their_leyline", "Leyline of Abundance", OPP),
        active=OPP,
    )
    assert payable(both, "{G}{G}")
    assert not payable(both, "{G}{G}{G}")
    mine_only = board(
        card("up", "Upwelling"),
        card("leyline", "Leyline of Abundance"),
        card("elves", "Llanowar Elves", OPP),
        active=OPP,
    )
    assert not payable(mine_only, "{G}{G}")


def test_forbidden_orchard() -> None:
    """XMage ForbiddenOrchardTest.testSpiritCreation: a {1}{W} creature from a Mountain and the Orchard."""
    assert payable(
        board(card("m", "Mountain"), card("orchard", "Forbidden Orchard")),
        "{1}{W}",
        type_line="Creature — Cat",
    )


def test_extraplanar_lens() -> None:
    """XMage ExtraplanarLensTest.add_snow_mana and add_regular_mana: a land named as the exiled card makes
    {G}{G}."""
    for name in ("Snow-Covered Forest", "Forest"):
        b = board(card("lens", "Extraplanar Lens", choices={"imprinted": name}), cards("f", name, 9))
        assert payable(b, "{G}{G}"), name
        assert most(b) == 18, name


def test_dictate_of_karametra() -> None:
    """XMage ConditionalManaTest.DictateOfKarametra_ManualPay, _AutoPay and
    TriggeredManaAbilityMustGivesExtraManaOptions."""
    two = board(card("dictate", "Dictate of Karametra"), cards("m", "Mountain", 2))
    assert payable(two, "{2}{R}", type_line="Instant")
    assert most(two) == 4
    assert most(board(card("dictate", "Dictate of Karametra"), card("m", "Mountain"))) == 2


def test_doubling_cube_doubles_what_its_cost_left() -> None:
    """XMage DoublingCubeTest.test_AvailableMana gives ten mana from four Forests, four Mountains and the Cube
    ({3} of eight, the five left doubled), never eleven. The CP-SAT model counts the Cube
    (planner.solve.cpsat.unspent): each answer is proven, within the default time limit."""
    b = board(card("cube", "Doubling Cube"), cards("f", "Forest", 4), cards("m", "Mountain", 4))
    assert not any("Double the amount" in s for s in warned(b, "{G}"))
    answer = pay(b, PaymentTarget.of("{10}"))
    assert answer.payable and "cube" in answer.tapped and answer.optimal
    answer = pay(b, PaymentTarget.of("{11}"))
    assert answer.payable is False and answer.optimal
    answer = max_x(b, PaymentTarget.of("{X}"))
    assert answer.payable and answer.x == 10 and answer.optimal


# ------------------------------------------------------------------------------ restrictions on spending


def test_eldrazi_temple() -> None:
    """XMage EldraziTempleTest.TestWithoutDampingSphere, TestWithDampingSphere and TestUseOfUnconditionalMana:
    Barrage Tyrant ({4}{R}, a devoid Eldrazi) with the Temple's {C}{C}; not under an opponent's Damping
    Sphere; a {3} artifact gets only the Temple's plain {C}."""
    assert payable(
        board(card("temple", "Eldrazi Temple"), cards("m", "Mountain", 3)),
        "{4}{R}",
        type_line="Creature — Eldrazi Dragon",
        colors="",
    )
    damped = board(
        card("temple", "Eldrazi Temple"), cards("m", "Mountain", 3), card("sphere", "Damping Sphere", OPP)
    )
    assert not payable(damped, "{4}{R}", type_line="Creature — Eldrazi Dragon", colors="")
    banner = board(card("temple", "Eldrazi Temple"), cards("m", "Mountain", 2))
    assert payable(banner, "{3}", type_line="Artifact")
    assert not payable(banner, "{4}", type_line="Artifact")


def test_crypt_ghast_casts_erebos_titan() -> None:
    """XMage CryptGhastTest.TestNormal: a Swamp and Badlands with Crypt Ghast pay {1}{B}{B}{B}."""
    b = board(card("ghast", "Crypt Ghast"), card("s", "Swamp"), card("badlands", "Badlands"))
    assert payable(b, "{1}{B}{B}{B}", type_line="Creature — Giant")
    assert payable(b, "{B}{B}{B}{B}")  # Badlands is a Swamp: its {B} is doubled too
    assert most(b) == 4


def test_chandras_embercat() -> None:
    """XMage ChandrasEmbercatTest.testCanCastElementalWithMana, testCanCastChandraPlaneswalkerWithMana,
    testCantCastNonChandraPlaneswalkerWithMana and testCantCastNonElementalCreatureWithMana: its {R} pays for
    an Elemental or a Chandra planeswalker, not for Jace or a non-Elemental creature."""
    cat = card("cat", "Chandra's Embercat")
    assert payable(board(card("p", "Plains"), cat), "{1}{R}", type_line="Creature — Elemental Cat")
    assert payable(
        board(cards("p", "Plains", 3), cat), "{3}{R}", type_line="Legendary Planeswalker — Chandra"
    )
    assert not payable(
        board(cards("i", "Island", 3), cat), "{2}{U}{U}", type_line="Legendary Planeswalker — Jace"
    )
    assert not payable(board(card("i", "Island"), cat), "{1}{R}", type_line="Creature — Dinosaur")


def test_rosheen_meanderer_pays_costs_with_x() -> None:
    """XMage RosheenMeandererManaXTest.test_KickerWithXMana, test_KickerWithXZero, test_PayXForDragonAbility
    and test_PayXForCondescendPrevent: the kicker {X} of Verdeloth ({4}{G}{G}) makes the total cost contain
    {X}, even with X = 0 (ruling 2017-11-17), so the four {C} pay its generic part; an ability's {X}{R}, and
    Condescend's {X} paid on resolution, take them too."""
    six = board(cards("f", "Forest", 6), card("rosheen", "Rosheen Meanderer"))
    assert payable(six, "{X}{4}{G}{G}", x=2, type_line="Legendary Creature — Treefolk")
    two = board(cards("f", "Forest", 2), card("rosheen", "Rosheen Meanderer"))
    assert payable(two, "{X}{4}{G}{G}", x=0, type_line="Legendary Creature — Treefolk")
    assert not payable(two, "{4}{G}{G}", type_line="Legendary Creature — Treefolk")
    dragon = board(card("m", "Mountain"), card("rosheen", "Rosheen Meanderer"))
    assert payable(dragon, "{X}{R}", x=3, kind="ability")
    assert payable(dragon, "{X}", x=2, kind="ability")
    assert not payable(dragon, "{1}{R}", type_line="Instant")


def test_cryptic_trilobite() -> None:
    """XMage CrypticTrilobiteTest.testAvailableManaCalculation, testUse and testCantUse: five counters make
    ten {C} for abilities (the planner's cap of four repeats does not apply to removing counters); three make
    six; no spell can use them."""
    swamps = cards("s", "Swamp", 10, tapped=True)
    five = board(card("trilobite", "Cryptic Trilobite", counters={"+1/+1": 5}), swamps)
    assert most(five, kind="ability") == 10
    assert not payable(five, "{2}", type_line="Artifact Creature — Construct")
    three = board(card("trilobite", "Cryptic Trilobite", counters={"+1/+1": 3}))
    assert most(three, kind="ability") == 6


def test_pillar_of_the_paruns() -> None:
    """XMage conditional.ConditionalManaTest.testNormalUse and testNotAllowedUse: a {G}{W} instant, not a
    mono-white creature."""
    pillars = board(cards("pillar", "Pillar of the Paruns", 2))
    assert payable(pillars, "{G}{W}", type_line="Instant")
    assert not payable(pillars, "{1}{W}", type_line="Creature — Cat")


def test_reflecting_pool_and_sliver_hive() -> None:
    """XMage conditional.ConditionalManaTest.testWorkingWithReflectingPool2: the Pool makes {W} unrestricted
    from what the Hive could produce."""
    b = board(card("pool", "Reflecting Pool"), card("hive", "Sliver Hive"))
    assert payable(b, "{1}{W}", type_line="Creature — Cat")
    assert not payable(b, "{W}{W}", type_line="Creature — Cat")


def test_shrine_of_the_forsaken_gods() -> None:
    """XMage conditional.ConditionalManaTest.testPayColorlessWithConditionalMana: the Shrine's {C}{C} pays the
    {C}{C} of Kozilek ({8}{C}{C}) with eight Plains; with six lands the ability can't be activated."""
    assert payable(
        board(card("shrine", "Shrine of the Forsaken Gods"), cards("p", "Plains", 8)),
        "{8}{C}{C}",
        type_line="Legendary Creature — Eldrazi",
        colors="",
    )
    few = board(card("shrine", "Shrine of the Forsaken Gods"), cards("p", "Plains", 5))
    assert not payable(few, "{4}{C}{C}", type_line="Legendary Creature — Eldrazi", colors="")


def test_cultivator_drone() -> None:
    """XMage conditional.ConditionalManaTest.CultivatorDroneColorlessSpell and
    CultivatorDroneColorlessAbility: its {C} pays Spatial Contortion ({1}{C}, colorless) and Endbringer's
    {C}{C} ability; not a white spell."""
    drone = card("drone", "Cultivator Drone")
    spell = board(drone, card("lion", "Silvercoat Lion"), card("p", "Plains"))
    assert payable(spell, "{1}{C}", type_line="Instant", colors="")
    assert not payable(spell, "{1}{W}", type_line="Instant")
    endbringer = {
        "name": "Endbringer",
        "type_line": "Creature — Eldrazi",
        "mana_cost": "{5}{C}",
        "oracle": "Untap Endbringer during each other player's untap step.\n"
        "{T}: Endbringer deals 1 damage to any target.\n"
        "{C}, {T}: Target creature can't attack or block this turn.\n{C}{C}, {T}: Draw a card.",
    }
    ability = board(drone, card("w", "Wastes"), {"id": "endbringer", "controller": ME, **endbringer})
    assert payable(ability, "{C}{C}", kind="ability", name="Endbringer")


def test_empowered_autogenerator_counts_the_counter_it_puts_on_first() -> None:
    """XMage conditional.ConditionalManaTest.EmpoweredAutogeneratorAddsCountWithMana casts Lightning Bolt with
    the {R} the Autogenerator makes after putting its first counter on: the counter is put, then X is
    counted (one with no counter before), and nothing is warned about."""
    b = board(card("auto", "Empowered Autogenerator"))
    assert payable(b, "{R}", type_line="Instant")
    assert not payable(b, "{R}{R}", type_line="Instant")
    assert not warned(b, "{R}")


def test_titans_nest_pays_colored_spells_without_x() -> None:
    """XMage conditional.ConditionalManaTest.testTwoConditionalMana: Titans' Nest's "Exile a card from your
    graveyard: Add {C}. Spend this mana only to cast a colored spell without {X} in its mana cost." makes one
    {C} for each card in the graveyard (XMage's board has three after its upkeep trigger: {C}{C}{C}; this one
    has two) for a colored spell without {X}; Rosheen's {C}{C}{C}{C} pays only a cost with {X}."""
    b = board(
        card("nest", "Titans' Nest"), card("rosheen", "Rosheen Meanderer"), card("m", "Mountain"), graveyard=2
    )
    assert payable(b, "{X}{R}", x=4, type_line="Sorcery")
    assert not payable(b, "{X}{R}", x=5, type_line="Sorcery")
    assert payable(b, "{2}{R}", type_line="Sorcery")
    assert not payable(b, "{3}{R}", type_line="Sorcery")
    assert not payable(b, "{2}", type_line="Artifact")
    assert not warned(b, "{R}")


# ---------------------------------------------------------------------------------------- other costs


def test_seton_taps_druids() -> None:
    """XMage MultipleTimesUsableActivatedManaAbilitiesTest.testCanBeCastWithSetonKrosanProtector: three
    Citanul Druids tapped by Seton's "Tap an untapped Druid you control" pay {G}{G}{G}; Seton, a Druid, can
    tap too."""
    b = board(card("seton", "Seton, Krosan Protector"), cards("druid", "Citanul Druid", 3))
    assert payable(b, "{G}{G}{G}", type_line="Creature — Beast")
    assert payable(b, "{G}{G}{G}{G}")
    assert not payable(b, "{5}")


def test_orcish_lumberjack() -> None:
    """XMage AddManaAnyCombinationTest.testOrcishLumberjack: Living Twister ({R}{R}{G}) from the Lumberjack
    and the Forest it sacrifices."""
    b = board(card("jack", "Orcish Lumberjack"), card("f", "Forest"))
    assert payable(b, "{R}{R}{G}", type_line="Creature — Elemental")
    assert payable(b, "{4}")  # the Forest taps for {G} first and is then sacrificed (CR 601.2g-h)
    assert not payable(b, "{5}")


def test_shire_scarecrow_once_each_turn() -> None:
    """XMage LimitPerTurnTest.test_LimitOncePerTurn casts a {W} creature with the Scarecrow's "{1}: Add one
    mana of any color. Activate only once each turn.": a Swamp pays its {1} and it makes the {W}, once; a
    second {W} would need a second activation this turn, and once the board says it was activated this turn
    it makes none."""
    b = board(card("scarecrow", "Shire Scarecrow"), cards("s", "Swamp", 3))
    assert payable(b, "{W}")
    assert warned(b, "{W}") == []
    assert not payable(b, "{W}{W}")
    used = board(
        card(
            "scarecrow", "Shire Scarecrow", activated_this_turn=[CARDS["Shire Scarecrow"][2].split("\n")[1]]
        ),
        cards("s", "Swamp", 3),
    )
    assert not payable(used, "{W}")
    assert payable(used, "{B}")


def test_reaper_king() -> None:
    """XMage HybridManaTest.testCastReaperKingMonoHybrid: one basic land of each color pays
    {2/W}{2/U}{2/B}{2/R}{2/G}."""
    b = board(
        card("i", "Island"),
        card("m", "Mountain"),
        card("f", "Forest"),
        card("s", "Swamp"),
        card("p", "Plains"),
    )
    assert payable(b, "{2/W}{2/U}{2/B}{2/R}{2/G}", type_line="Artifact Creature — Scarecrow")
    assert not payable(b, "{2/W}{2/W}{2/U}{2/B}{2/R}{2/G}")


def test_phyrexian_mana_with_life() -> None:
    """XMage PhyrexianManaTest.testNoManaToCast: Apostle's Blessing ({1}{W/P}) from four Forests and 2
    life."""
    b = board(cards("f", "Forest", 4))
    result = pay(b, PaymentTarget.of("{1}{W/P}", type_line="Instant"))
    assert result.payable
    assert result.life_paid == 2


def test_krrik_pays_black_mana_with_life() -> None:
    """XMage PhyrexianManaTest.testPlayerCanCastBanehoundWithoutAvailableBlackMana casts a {B} creature with 2
    life under K'rrik ("For each {B} in a cost, you may pay 2 life rather than pay that mana", CR 601.2h)
    and no land: payable, 2 life paid, and the sentence is not warned (no mana ability of the board has a
    {B} in its cost)."""
    b = board(card("krrik", "K'rrik, Son of Yawgmoth"))
    result = pay(b, PaymentTarget.of("{B}", type_line="Creature — Phyrexian Elemental Beast"))
    assert result.payable and result.life_paid == 2
    assert not any("rather than pay that mana" in s for s in warned(b, "{B}"))


def test_celestial_dawn() -> None:
    """XMage SpendManaAsThoughItWereManaOfAnyColorTest.testCelestialDawn and testCelestialDawnAny: eight
    Mountains (now Plains) and a floating {B} cast Darksteel Forge ({9}); two cast a {U}{U} creature."""
    dawn = card("dawn", "Celestial Dawn")
    forge = board(cards("m", "Mountain", 8), dawn, pool=["{B}"])
    assert payable(forge, "{9}", type_line="Artifact")
    assert not payable(forge, "{10}", type_line="Artifact")
    assert payable(board(cards("m", "Mountain", 2), dawn), "{U}{U}", type_line="Creature — Vedalken Wizard")
    assert not payable(board(cards("m", "Mountain", 2), dawn, pool=["{B}"]), "{U}{U}{U}")


def test_nykthos_devotion_counts_noncreature_permanents() -> None:
    """XMage NykthosShrineToNyxTest.testNykthosDevotionAccurate: devotion to black 4 (Stronghold Assassin,
    Graf Harvest, Erebos), two Wastes for the {2}: {B}{B}{B}{B}. And testNormalUse: devotion to green 6."""
    black = board(
        card("nyk", "Nykthos, Shrine to Nyx"),
        card("assassin", "Stronghold Assassin"),
        card("harvest", "Graf Harvest"),
        card("erebos", "Erebos, God of the Dead"),
        cards("w", "Wastes", 2),
    )
    assert payable(black, "{B}{B}{B}{B}", type_line="Creature — Horror")
    assert not payable(black, "{B}{B}{B}{B}{B}")
    green = board(
        cards("f", "Forest", 2),
        card("nyk", "Nykthos, Shrine to Nyx"),
        card("follower", "Kiora's Follower"),
        cards("tusker", "Kalonian Tusker", 2),
        card("omnath", "Omnath, Locus of Mana"),
    )
    assert payable(green, "{G}{G}{G}{G}{G}{G}")
    assert most(green) == 6


def test_myr_superion_cant_be_cast_with_a_card_in_hand() -> None:
    """XMage ManaSourceTest.testCantCastWithCreatureCard: Myr Superion ("Spend only mana produced by creatures
    to cast this spell.") can't be cast with Simian Spirit Guide's {R} (a card in hand is no creature) and
    Manakin's {C}; a second Manakin pays it (two creatures' mana). Read, not warned."""
    superion = {
        "name": "Myr Superion",
        "type_line": "Artifact Creature — Myr",
        "mana_cost": "{2}",
        "oracle": "Spend only mana produced by creatures to cast this spell.",
    }
    for manakins, castable in ((1, False), (2, True)):
        b = board(cards("manakin", "Manakin", manakins), hand=["Simian Spirit Guide", superion])
        result = pay(b, spell_target(find_spell(b.player(ME), "Myr Superion")))
        assert (result.payable, result.optimal, result.warnings) == (castable, True, ())


def test_nykthos_counts_hybrid_symbols_of_a_token_copy() -> None:
    """XMage NykthosShrineToNyxTest.testNormalUseWithTokens: Omnath ({2}{G}), Simic Guildmage ({G/U}{G/U}) and
    a token copy of it give devotion to green 5 (a hybrid symbol counts for both its colors, and a copy has
    the mana cost it copies); the two Forests pay Nykthos's {2}."""
    b = board(
        cards("f", "Forest", 2),
        cards("i", "Island", 3, tapped=True),
        card("nyk", "Nykthos, Shrine to Nyx"),
        card("omnath", "Omnath, Locus of Mana"),
        card("guildmage", "Simic Guildmage"),
        card("copy", "Simic Guildmage", token=True),
    )
    assert payable(b, "{G}{G}{G}{G}{G}")
    assert most(b) == 5
    assert warned(b, "{G}") == []  # (Omnath's +1/+1 for each unspent {G} has nothing to do with paying)


def test_cavern_of_souls() -> None:
    """XMage CavernOfSoulsTest.testCastDrake and testNoCastBecauseOfCreatureType: the Cavern's color pays for
    a creature spell of the chosen type only."""
    drake = board(
        cards("m", "Mountain", 3), card("cavern", "Cavern of Souls", choices={"creature_type": "Drake"})
    )
    assert payable(drake, "{3}{U}", type_line="Creature — Drake")
    assert not payable(drake, "{3}{U}", type_line="Creature — Human")
    human = board(
        card("m", "Mountain"), card("cavern", "Cavern of Souls", choices={"creature_type": "Human"})
    )
    assert not payable(human, "{1}{W}", type_line="Creature — Cat Cleric")
    assert payable(human, "{W}", type_line="Creature — Human Soldier")


def test_cavern_of_souls_under_contamination() -> None:
    """XMage CavernOfSoulsTest.testUseWithConversionInPlay: under an opponent's Contamination every land makes
    {B}, the Cavern too, so a {3}{R} Drake is not cast."""
    b = board(
        cards("p", "Plains", 3),
        card("cavern", "Cavern of Souls", choices={"creature_type": "Drake"}),
        card("contamination", "Contamination", OPP),
    )
    assert not payable(b, "{3}{R}", type_line="Creature — Drake")
    assert produces(b)["cavern"] == "B"


def test_blood_moon_and_urborg() -> None:
    """XMage LayerTests.testBloodMoon_UrborgTombOfYawgmothInteraction: Urborg is a Mountain with no ability of
    its own, and the Plains is no Swamp (CR 613.8, 305.7)."""
    b = board(card("moon", "Blood Moon"), card("urborg", "Urborg, Tomb of Yawgmoth"), card("p", "Plains"))
    assert produces(b) == {"moon": "", "urborg": "R", "p": "W"}
    assert payable(b, "{R}{W}")
    assert not payable(b, "{B}")


def test_humility_and_life_and_limb_make_no_mana() -> None:
    """XMage LayerTests.testExampleFromReddit2021: under Life and Limb, Humility and Yavimaya every land is a
    Saproling creature with no abilities (layer 4, then layer 6 takes the Forest's and the other land types'
    abilities too, CR 305.6, 613.1f), so no land makes mana: {1} is not payable, and nothing is warned of
    (Life and Limb's 'Forest lands in addition to their other types' is read)."""
    b = board(
        card("limb", "Life and Limb"),
        card("humility", "Humility"),
        card("yavimaya", "Yavimaya, Cradle of Growth"),
        card("p", "Plains"),
        card("s", "Swamp"),
        card("i", "Island", OPP),
    )
    assert not payable(b, "{1}") and not warned(b, "{1}")
    assert set(produces(b).values()) == {""}


def test_mana_reflection_doubles_each_type() -> None:
    """XMage replacement.ManaReflectionTest.ManaReflectionWithGoblinClearcutterTest: the Forest's {G} doubled,
    then the Clearcutter's three of {R} and {G} (the Forest sacrificed) doubled: eight, with an even number of
    each color from the Clearcutter. And ManaReflectionWithHavenwoodBattlegroundTest,
    generatesCorrectManaFromLlanowarElves, generatesCorrectManaFromGemstoneCaverns."""
    cutter = board(
        card("reflection", "Mana Reflection"), card("cutter", "Goblin Clearcutter"), card("f", "Forest")
    )
    for option in ("{R}{R}{R}{R}{R}{R}{G}{G}", "{R}{R}{G}{G}{G}{G}{G}{G}", "{G}{G}{G}{G}{G}{G}{G}{G}"):
        assert payable(cutter, option), option
    assert not payable(cutter, "{R}{G}{G}{G}{G}{G}{G}{G}")  # (the Forest's two {G} and RRG doubled at most)
    assert most(cutter) == 8
    reflection = card("reflection", "Mana Reflection")
    assert most(board(reflection, card("havenwood", "Havenwood Battleground"))) == 4
    assert most(board(reflection, card("elves", "Llanowar Elves"))) == 2
    caverns = board(reflection, card("caverns", "Gemstone Caverns", counters={"luck": 1}))
    assert payable(caverns, "{G}{G}")
    assert not payable(caverns, "{G}{U}")


def test_nyxbloom_ancient() -> None:
    """XMage continuous.TappedForManaFromMultipleEffects.test_NyxbloomAncient_One and _Two: a Forest makes
    three {G} under one Nyxbloom Ancient, nine under two (CR 614.5). test_NyxbloomAncient_IntegerOverflow has
    thirty: the planner orders at most six replacement effects on one event (729 {G} with six)."""
    one = board(card("nyx", "Nyxbloom Ancient"), cards("used", "Forest", 7, tapped=True), card("f", "Forest"))
    assert payable(one, "{G}{G}{G}", type_line="Creature — Plant")
    assert most(one) == 3
    assert most(board(cards("nyx", "Nyxbloom Ancient", 2), card("f", "Forest"))) == 9
    assert most(board(cards("nyx", "Nyxbloom Ancient", 6), card("f", "Forest"))) == 3**6


def test_chrome_mox_makes_the_exiled_cards_color() -> None:
    """XMage continuous.TappedForManaFromMultipleEffects.test_ChromeMox_Direct and
    test_ChromeMox_WithManaReflect: a Chrome Mox that exiled a green card (Balduvian Bears, {1}{G}: not in
    the catalogue, so described) makes {G}, not {R}; {G}{G} under Mana Reflection."""
    bears = {"name": "Balduvian Bears", "mana_cost": "{1}{G}"}
    b = board(card("mox", "Chrome Mox", choices={"imprinted": bears}))
    assert payable(b, "{G}") and not payable(b, "{R}") and most(b) == 1 and warned(b, "{G}") == []
    reflected = board(card("mox", "Chrome Mox", choices={"imprinted": bears}), card("mr", "Mana Reflection"))
    assert payable(reflected, "{G}{G}") and not payable(reflected, "{G}{G}{G}")
    assert not payable(reflected, "{R}")


def test_chrome_mox_with_an_unknown_exiled_card_is_reported() -> None:
    """By name alone, a card outside the catalogue has no known colors: the ability is not used, and the
    warning names the choice to give (never a silent zero)."""
    b = board(card("mox", "Chrome Mox", choices={"imprinted": "Balduvian Bears"}))
    result = pay(b, PaymentTarget.of("{G}"))
    assert result.payable is False
    assert [w.reason for w in result.warnings] == [
        "permanents[0].choices.imprinted: the colors of 'Balduvian Bears' are not known (it is not in the "
        "built-in catalogue): give it as {name, mana_cost}"
    ]


def test_thran_portal_pays_life_for_each_of_its_mana_abilities() -> None:
    """XMage single.dmu.ThranPortalTest.dealsDamage and chromaticLanternCostInteraction: a Thran Portal that
    chose Mountain taps for {R} (a Mountain's ability, CR 305.6) for 1 life, and the life is paid for the
    ability Chromatic Lantern grants it too: 'Mana abilities of ~ cost an additional 1 life to activate' is
    part of each activation's total cost (CR 602.2b by way of 601.2f), and life can't be paid beyond the life
    total (CR 119.4). The reference search, which activates abilities one at a time, agrees."""
    b = board(
        card("lantern", "Chromatic Lantern", tapped=True),
        card("portal", "Thran Portal", choices={"basic_land_type": "Mountain"}),
    )
    assert BoardView(b).type_line("portal").is_a("Mountain")
    for cost in ("{R}", "{U}"):  # (its own Mountain ability, and the Lantern's: 1 life each)
        result = agrees_with_reference(b, PaymentTarget.of(cost), max_states=10_000)
        assert result is not None and result.payable and result.life_paid == 1, cost
        assert warned(b, cost) == []
    assert not payable(b, "{R}{R}")  # (one land, one activation)
    broke = board(
        card("lantern", "Chromatic Lantern", tapped=True),
        card("portal", "Thran Portal", choices={"basic_land_type": "Mountain"}),
        life=0,
    )
    assert not payable(broke, "{R}")


def test_deathrite_shaman_targets_so_is_no_mana_ability() -> None:
    """XMage TappedForManaRelatedTest.TestDeathriteShaman (ignored there) expects {Any} from Deathrite Shaman
    with lands in the graveyard. Its ability targets, so it is no mana ability (CR 605.1a): it can't be
    activated while a cost is being paid, and adds nothing to a payment."""
    b = board(card("deathrite", "Deathrite Shaman"), graveyard=3)
    assert not payable(b, "{R}", type_line="Instant")
    assert most(b) == 0


# ---------------------------------------------------------------------------------------- grown from XMage


def test_energy_refractor_converts_as_often_as_mana_allows() -> None:
    """XMage InfiniteManaUsagesTest.test_EnergyRefractor_CastBears_Manual: Energy Refractor and three
    Mountains cast Grizzly Bears ({1}{G}: two Mountains through the Refractor for {G}, one for {1}).
    test_EnergyRefractor_Multiple_AddToPool puts twenty Refractors beside forty Mountains (XMage once froze
    on it): each {2} makes one mana of any color, so twenty green mana is the most, and forty mana in all."""
    bears = board(card("refractor", "Energy Refractor"), cards("m", "Mountain", 3))
    assert payable(bears, "{1}{G}", type_line="Creature — Bear", colors="G")
    assert not payable(bears, "{G}{G}", type_line="Creature — Bear", colors="G")
    many = board(cards("r", "Energy Refractor", 20), cards("m", "Mountain", 40))
    assert payable(many, "{G}" * 20)
    assert not payable(many, "{G}" * 21)
    assert payable(many, "{20}{G}{G}{G}{G}{G}{G}{G}{G}{G}{G}")
    assert most(many) == 40


def test_gaeas_cradle_counts_the_creatures_its_controller_controls() -> None:
    """XMage GaeasGradleTest.testGradle: two Grizzly Bears and an opponent's Ornithopter; the Cradle adds
    {G}{G}: 'for each creature you control'."""
    b = board(
        card("cradle", "Gaea's Cradle"),
        cards("bear", "Grizzly Bears", 2),
        card("thopter", "Ornithopter", OPP),
    )
    assert payable(b, "{G}{G}") and not payable(b, "{3}")
    assert most(b) == 2


# ------------------------------------------------------------------- grown from XMage: keywords and pools


def held(name: str) -> dict[str, Any]:
    """A card of :data:`CARDS` as a card in hand, by its text."""
    type_line, mana_cost, oracle = CARDS[name]
    return {"name": name, "type_line": type_line, "mana_cost": mana_cost, "oracle": oracle}


def cast(on: Board, name: str, **options: Any) -> PayResult:
    """``pay`` for casting the card called ``name`` from the hand (or card data): its cost and keywords."""
    return pay(on, spell_target(find_spell(on.player(ME), name)), **options)


def convoked(result: PayResult) -> list[str]:
    """The permanents a payment tapped for convoke or improvise."""
    return [
        a.permanent for a in result.alternative_payments if a.to_json()["kind"] in ("convoke", "improvise")
    ]


def test_stoke_the_flames_with_lands_creatures_or_both() -> None:
    """XMage ConvokeTest.test_Playable_NoMana_NoConvoke, test_Playable_Mana_NoConvoke,
    test_Playable_NoMana_Convoke, test_Playable_Mana_Convoke and test_Playable_ManaPartly_ConvokePartly: Stoke
    the Flames ({2}{R}{R}, convoke) from nothing, four Mountains, four red Goblin Racketeers, two of each, one
    of each (CR 702.51a: a red creature tapped pays {R} or {1})."""
    assert cast(board(), "Stoke the Flames").payable is False
    assert cast(board(cards("m", "Mountain", 4)), "Stoke the Flames").payable
    goblins = cast(board(cards("g", "Goblin Racketeer", 4)), "Stoke the Flames")
    assert goblins.payable and sorted(convoked(goblins)) == ["g1", "g2", "g3", "g4"]
    both = cast(board(cards("m", "Mountain", 2), cards("g", "Goblin Racketeer", 2)), "Stoke the Flames")
    assert both.payable and len(convoked(both)) == 2 and set(both.tapped) == {"m1", "m2", "g1", "g2"}
    one_each = board(card("m", "Mountain"), card("g", "Goblin Racketeer"))
    assert cast(one_each, "Stoke the Flames").payable is False


def test_convoke_with_two_white_creatures() -> None:
    """XMage ConvokeTest.test_Other_ConvokeTwoCreatures: Ephemeral Shields ({1}{W}) from Silvercoat Lion and
    Oreskos Swiftclaw, both white."""
    b = board(
        card("lion", "Silvercoat Lion"), card("claw", "Oreskos Swiftclaw"), hand=[held("Ephemeral Shields")]
    )
    result = cast(b, "Ephemeral Shields")
    assert result.payable and sorted(convoked(result)) == ["claw", "lion"]


def test_convoke_taps_a_creature_with_protection() -> None:
    """XMage ConvokeTest.test_Other_ConvokeProtection: Black Knight (protection from white) can be tapped for
    a white spell's convoke (tapping is no targeting, CR 702.51a); it pays the {1}, the Lion the {W}. Two
    black Knights can't pay the {W} (a creature pays a colored symbol only of its own color)."""
    b = board(
        card("lion", "Silvercoat Lion"), card("knight", "Black Knight"), hand=[held("Ephemeral Shields")]
    )
    assert cast(b, "Ephemeral Shields").payable
    knights = board(cards("knight", "Black Knight", 2), hand=[held("Ephemeral Shields")])
    assert cast(knights, "Ephemeral Shields").payable is False


def test_chief_engineer_gives_artifact_spells_convoke() -> None:
    """XMage ConvokeTest.test_Other_ConvokeAsGains: under Chief Engineer ("Artifact spells you cast have
    convoke.") two Silvercoat Lions cast Alpha Myr ({2}); without it they can't."""
    lions = cards("lion", "Silvercoat Lion", 2)
    granted = board(card("engineer", "Chief Engineer"), lions, hand=[held("Alpha Myr")])
    assert cast(granted, "Alpha Myr").payable
    assert cast(board(lions, hand=[held("Alpha Myr")]), "Alpha Myr").payable is False


def test_hogaak_is_cast_by_convoke_and_delve_only() -> None:
    """XMage ConvokeTest.test_Other_CastFromGraveayrd_Convoke and
    test_Other_CastFromGraveayrd_ConvokeAndDelve: Hogaak ({5}{B/G}{B/G}, "You can't spend mana to cast this
    spell.") from seven green Balduvian Bears, or two Bears and five cards exiled from the graveyard. (The
    zone it is cast from changes nothing of the payment; it is given in the hand.) Mana can't help: six Bears
    and a Forest don't cast it."""
    seven = board(cards("bear", "Balduvian Bears", 7), hand=[held("Hogaak, Arisen Necropolis")])
    assert cast(seven, "Hogaak, Arisen Necropolis").payable
    two = board(cards("bear", "Balduvian Bears", 2), hand=[held("Hogaak, Arisen Necropolis")], graveyard=5)
    result = cast(two, "Hogaak, Arisen Necropolis")
    assert result.payable and len(convoked(result)) == 2
    assert (
        cast(
            board(cards("bear", "Balduvian Bears", 6), hand=[held("Hogaak, Arisen Necropolis")]),
            "Hogaak, Arisen Necropolis",
        ).payable
        is False
    )


def test_hogaaks_ban_on_mana_is_executed() -> None:
    """After XMage ConvokeTest.test_Other_CastFromGraveayrd_Convoke: six Bears and a Forest can't cast Hogaak
    (its "You can't spend mana to cast this spell." leaves the Forest's {G} no use, CR 101.2): six convoked
    Bears pay six of its seven mana, and no card is there to delve. Read and executed: not payable, and
    nothing warned; a seventh Bear pays it."""
    with_forest = board(
        cards("bear", "Balduvian Bears", 6), card("f", "Forest"), hand=[held("Hogaak, Arisen Necropolis")]
    )
    result = cast(with_forest, "Hogaak, Arisen Necropolis")
    assert not result.payable and not result.warnings
    seven = board(
        cards("bear", "Balduvian Bears", 7), card("f", "Forest"), hand=[held("Hogaak, Arisen Necropolis")]
    )
    paid = cast(seven, "Hogaak, Arisen Necropolis")
    assert paid.payable and "f" not in paid.tapped


def test_march_of_the_multitudes_beside_five_hundred_bears() -> None:
    """XMage ConvokeTest.test_Mana_MemoryOverflow (XMage once ran out of memory on it): March of the
    Multitudes ({X}{G}{W}{W}, convoke) for X = 1 with five hundred Grizzly Bears, a Forest and two Plains; the
    most X is 500 (503 mana and convoked creatures, three of them for {G}{W}{W})."""
    b = board(
        cards("bear", "Grizzly Bears", 500),
        card("f", "Forest"),
        cards("p", "Plains", 2),
        hand=[held("March of the Multitudes")],
    )
    assert cast(b, "March of the Multitudes", x=1).payable
    target = spell_target(find_spell(b.player(ME), "March of the Multitudes"))
    assert max_x(b, target).x == 500


def test_improvise_bastion_inventor() -> None:
    """XMage ImproviseTest.test_PlayImprovise_Manual and _AI_AutoPay: Bastion Inventor ({5}{U}, improvise)
    from four Islands and two Alpha Myr; with one Myr it is one short."""
    two = board(cards("i", "Island", 4), cards("myr", "Alpha Myr", 2), hand=[held("Bastion Inventor")])
    result = cast(two, "Bastion Inventor")
    assert result.payable and sorted(convoked(result)) == ["myr1", "myr2"]
    one = board(cards("i", "Island", 4), card("myr", "Alpha Myr"), hand=[held("Bastion Inventor")])
    assert cast(one, "Bastion Inventor").payable is False


def test_delve_ethereal_forager_and_treasure_cruise() -> None:
    """XMage DelveTest.test_PlayDelve_Manual and _AI_AutoPay: Ethereal Forager ({4}{U}{U}, delve) from two
    Islands and four cards exiled from the graveyard; with three it is one short. test_CheatWithCancel:
    Treasure Cruise ({7}{U}) from an Island and seven cards (the bug it guards against paid the {7} with
    none)."""
    forager = board(cards("i", "Island", 2), hand=[held("Ethereal Forager")], graveyard=4)
    result = cast(forager, "Ethereal Forager")
    assert result.payable
    assert [a.cards for a in result.alternative_payments if a.to_json()["kind"] == "delve"] == [4]
    short = board(cards("i", "Island", 2), hand=[held("Ethereal Forager")], graveyard=3)
    assert cast(short, "Ethereal Forager").payable is False
    assert cast(board(card("i", "Island"), graveyard=7), "Treasure Cruise").payable
    assert cast(board(card("i", "Island"), graveyard=0), "Treasure Cruise").payable is False


def test_affinity_for_artifacts() -> None:
    """XMage AffinityForArtifactsTest.testCastForCheaperCost and testCorrectCostReduction: Myr Enforcer ({7},
    affinity for artifacts) with three Enforcers on the battlefield costs {4}: four Mountains cast it, three
    don't."""
    four = board(cards("m", "Mountain", 4), cards("myr", "Myr Enforcer", 3), hand=[held("Myr Enforcer")])
    assert cast(four, "Myr Enforcer").payable
    three = board(cards("m", "Mountain", 3), cards("myr", "Myr Enforcer", 3), hand=[held("Myr Enforcer")])
    assert cast(three, "Myr Enforcer").payable is False


def test_mana_pool_pays_one_spell() -> None:
    """XMage ManaPoolTest.test_OneMana_OneSpell and test_MultipleMana_OneSpell: Lightning Bolt from a
    Mountain's {R} made beforehand, Precision Bolt ({2}{R}) from three; nothing floats after."""
    bolt = pay(board(pool=["{R}"]), PaymentTarget.of("{R}", type_line="Instant"))
    assert bolt.payable and str(bolt.floating) == ""
    precision = board(pool=["{R}{R}{R}"])
    result = pay(precision, PaymentTarget.of("{2}{R}", type_line="Sorcery"))
    assert result.payable and str(result.floating) == ""
    assert cast(board(cards("m", "Mountain", 3), hand=[held("Precision Bolt")]), "Precision Bolt").payable


JAYA_MANA = {"mana": "{R}{R}{R}", "spend_only": "to cast instant or sorcery spells", "source": "jaya"}


def test_jaya_ballards_mana_casts_instants_and_sorceries() -> None:
    """XMage ManaPoolTest.test_ConditionalMana_OneSpell and test_ConditionalMana_MultipleSpells: Jaya
    Ballard's +1 ({R}{R}{R}, "Spend this mana only to cast instant or sorcery spells.", a loyalty ability and
    so no mana ability, CR 605.1a: its mana is in the pool) casts Precision Bolt ({2}{R}) or a Lightning Bolt
    leaving {R}{R}, but no creature."""
    b = board(pool=[JAYA_MANA])
    assert payable(b, "{2}{R}", type_line="Sorcery")
    first = pay(b, PaymentTarget.of("{R}", type_line="Instant"))
    assert first.payable and str(first.floating) == "{R}{R}"
    assert not payable(b, "{R}", type_line="Creature — Goblin")
    assert not payable(b, "{3}{R}", type_line="Sorcery")


def test_volcanic_geyser_x_from_the_pool() -> None:
    """XMage ManaPoolTest.test_MultipleMana_OneXSpell and test_ConditionalMana_OneXSpell: Volcanic Geyser
    ({X}{R}{R}) for X = 2 from four {R}; from ten {R} for instants and sorceries only, X = 1 leaves seven, and
    the most X is 8."""
    four = board(pool=["{R}{R}{R}{R}"])
    assert payable(four, "{X}{R}{R}", x=2, type_line="Instant")
    assert most(four, "{X}{R}{R}", type_line="Instant") == 2
    ten = board(pool=[{"mana": "{R}" * 10, "spend_only": "to cast instant or sorcery spells"}])
    one = pay(ten, PaymentTarget.of("{X}{R}{R}", type_line="Instant"), x=1)
    assert one.payable and str(one.floating) == "{R}" * 7
    assert most(ten, "{X}{R}{R}", type_line="Instant") == 8
    assert most(ten, "{X}", type_line="Artifact") == 0


def test_x_abilities_from_the_pool() -> None:
    """XMage ManaPoolTest.test_MultipleMana_OneXAbility and test_ConditionalMana_OneXAbility: an activated
    ability's {X} for X = 3 from four {R} (one floats after), and from ten {R} that may be spent only to
    activate abilities (the most X is 10; no spell takes that mana)."""
    four = board(pool=["{R}{R}{R}{R}"])
    result = pay(four, PaymentTarget.of("{X}", kind="ability"), x=3)
    assert result.payable and str(result.floating) == "{R}"
    ten = board(pool=[{"mana": "{R}" * 10, "spend_only": "to activate abilities"}])
    assert most(ten, "{X}", kind="ability") == 10
    assert not payable(ten, "{R}", type_line="Instant")


def test_mycosynth_lattice_spends_mana_as_any_color() -> None:
    """XMage MycosynthLatticeTest.testMycoSynthLatticeNormal and testMycoSynthLatticeWithCrystallineCrawler:
    Crystalline Crawler ({4}) from a Plains, an Island, a Swamp and a Mountain, with or without Mycosynth
    Lattice ("Players may spend mana as though it were mana of any color."), four colors spent either way
    (converge). Under the Lattice the four lands pay {G}{G}{G}{G} too (CR 609.4b)."""
    lands = [card("p", "Plains"), card("i", "Island"), card("s", "Swamp"), card("m", "Mountain")]
    plain = board(lands, hand=[held("Crystalline Crawler")])
    result = cast(plain, "Crystalline Crawler", prefer=("colors-spent",))
    assert result.payable and result.colors_spent == "WUBR"
    assert not payable(plain, "{G}")
    lattice = board(card("lattice", "Mycosynth Lattice"), lands, hand=[held("Crystalline Crawler")])
    assert cast(lattice, "Crystalline Crawler").payable
    assert payable(lattice, "{G}{G}{G}{G}")


def test_river_of_tears_after_a_land_is_played() -> None:
    """XMage RiverOfTearsTest.testBlackAfterPlayed and testBlueInSecondTurn: the turn a land was played, River
    of Tears makes {B} (Nightshade Stinger, {B}); on a later turn, {U} (Aven Envoy, {U}) and no {B}."""
    played = board(card("river", "River of Tears"), lands_played_this_turn=1)
    assert payable(played, "{B}", type_line="Creature — Faerie Rogue")
    assert not payable(played, "{U}")
    later = board(card("river", "River of Tears"))
    assert payable(later, "{U}", type_line="Creature — Bird Soldier")
    assert not payable(later, "{B}")


def test_baleful_mastery_for_its_alternative_cost() -> None:
    """XMage StrixhavenMasteryCardsTest.testBalefulMastery: two Swamps cast Baleful Mastery ({3}{B}) for its
    alternative cost {1}{B} (CR 118.9); not for its mana cost."""
    b = board(cards("s", "Swamp", 2), hand=[held("Baleful Mastery")])
    result = cast(b, "Baleful Mastery")
    assert result.payable and result.alternative_cost is not None
    assert cast(b, "Baleful Mastery", alternative_cost="forbid").payable is False


def test_titans_nest_after_it_is_cast() -> None:
    """XMage conditional.TitansNestTest.testTitansNest: Titans' Nest ({1}{B}{G}{U}) from a Swamp, two Forests
    and an Island; then, its lands tapped and two cards in the graveyard, the only mana is {C}{C} for a
    colored spell without {X}."""
    lands = [card("s", "Swamp"), *cards("f", "Forest", 2), card("i", "Island")]
    assert payable(board(lands), "{1}{B}{G}{U}", type_line="Enchantment")
    tapped = [{**land, "tapped": True} for land in lands]
    after = board(card("nest", "Titans' Nest"), tapped, graveyard=2)
    assert payable(after, "{2}", type_line="Creature — Bear", colors="G")
    assert not payable(after, "{3}", type_line="Creature — Bear", colors="G")
    assert not payable(after, "{2}", type_line="Artifact")
    assert not payable(after, "{X}", x=2, type_line="Sorcery", colors="G")  # (a colored spell with {X})


def test_thalia_taxes_lightning_bolt() -> None:
    """XMage ThaliaGuardianOfThrabenTest.testCard and testCard1: under Thalia ("Noncreature spells cost {1}
    more to cast.") one Mountain doesn't cast Lightning Bolt, two do."""
    one = board(card("thalia", "Thalia, Guardian of Thraben"), card("m", "Mountain"))
    assert cast(one, "Lightning Bolt").payable is False
    two = board(card("thalia", "Thalia, Guardian of Thraben"), cards("m", "Mountain", 2))
    assert cast(two, "Lightning Bolt").payable


def test_monohybrid_symbols_by_color_or_two() -> None:
    """XMage MonohybridManaPayTest.test_PaySimpleMana_Manually, test_PayMonohybridMana_ColorPart_* and
    test_PayMonohybridMana_GenericPart_AnyUnlockOrder: Balduvian Bears from a Forest and a Swamp; Reaper King
    ({2/W}{2/U}{2/B}{2/R}{2/G}) from one basic of each type, or from five Islands, a Swamp and a Forest ({2/W}
    and {2/R} paid with two each, CR 107.4e); five Islands and a Swamp are not (each of {2/W}, {2/R} and
    {2/G} takes two: eight in all)."""
    assert cast(
        board(card("f", "Forest"), card("s", "Swamp"), hand=[held("Balduvian Bears")]), "Balduvian Bears"
    ).payable
    basics = board(
        card("p", "Plains"),
        card("i", "Island"),
        card("s", "Swamp"),
        card("m", "Mountain"),
        card("f", "Forest"),
        hand=[held("Reaper King")],
    )
    assert cast(basics, "Reaper King").payable
    islands = board(
        cards("i", "Island", 5), card("s", "Swamp"), card("f", "Forest"), hand=[held("Reaper King")]
    )
    assert cast(islands, "Reaper King").payable
    fewer = board(cards("i", "Island", 5), card("s", "Swamp"), hand=[held("Reaper King")])
    assert cast(fewer, "Reaper King").payable is False


def test_energy_refractor_alone() -> None:
    """XMage EnergyRefractorManaCalculationsTest.test_Single and test_Multiple (ignored there: XMage froze
    computing the mana available): one Refractor and two Mountains make {R} through it ({2}: one mana of any
    color), so one {G} at most; two Refractors and four Mountains make two {G}, or four mana in all."""
    one = board(card("r", "Energy Refractor"), cards("m", "Mountain", 2))
    assert payable(one, "{G}") and not payable(one, "{G}{G}")
    assert most(one) == 2
    two = board(cards("r", "Energy Refractor", 2), cards("m", "Mountain", 4))
    assert payable(two, "{G}{W}") and not payable(two, "{G}{G}{G}")
    assert most(two) == 4


def test_shizuko_mana_stays_through_the_turn() -> None:
    """XMage EmptyOnlyOnTurnsEndManaTest.testDaxosOfMeletis: Shizuko, Caller of Autumn gives each player
    {G}{G}{G} in their upkeep that stays until end of turn; the opponent casts Birds of Paradise ({G}) in
    their main phase and {G}{G} are still there. The board gives that mana as floating mana that persists."""
    b = board(
        card("shizuko", "Shizuko, Caller of Autumn", OPP), pool=[{"mana": "{G}{G}{G}", "persists": True}]
    )
    result = cast(b, "Birds of Paradise")
    assert result.payable and str(result.floating) == "{G}{G}"
    assert not payable(b, "{G}{G}{G}{G}")


# ------------------------------------------------------------------ grown from XMage: cost modifications


def test_ancient_stone_idol_before_any_attack() -> None:
    """XMage CostReduceForEachTest.test_AncientStoneIdol_Attacking, before the attack: Ancient Stone Idol
    ({10}, "costs {1} less to cast for each attacking creature") is not cast from eight Swamps while the two
    Bears are not attacking."""
    b = board(cards("s", "Swamp", 8), cards("bear", "Balduvian Bears", 2), hand=[held("Ancient Stone Idol")])
    assert cast(b, "Ancient Stone Idol").payable is False


def test_khalni_hydra_counts_green_creatures() -> None:
    """XMage CostReduceForEachTest.test_KhalniHydra_ColorReduce: Khalni Hydra ({G} eight times, "costs {G}
    less to cast for each green creature you control") from six Forests once two Balduvian Bears are on the
    battlefield (CR 601.2f, 118.7b); not before (the Bears in hand)."""
    bears = board(cards("f", "Forest", 6), cards("bear", "Balduvian Bears", 2), hand=[held("Khalni Hydra")])
    in_hand = board(
        cards("f", "Forest", 6), hand=[held("Khalni Hydra"), held("Balduvian Bears"), held("Balduvian Bears")]
    )
    assert cast(in_hand, "Khalni Hydra").payable is False
    assert cast(bears, "Khalni Hydra").payable


def test_torgaar_costs_two_less_for_each_creature_sacrificed() -> None:
    """XMage CostReduceForEachTest.test_TorgaarFamineIncarnate_SacrificeXTargets: Torgaar ({6}{B}{B}) from
    two Swamps and four Forests, sacrificing Balduvian Bears as its additional cost ({2} less for each, CR
    601.2f). Without creatures it costs eight: not payable."""
    alone = board(cards("s", "Swamp", 2), cards("f", "Forest", 4), hand=[held("Torgaar, Famine Incarnate")])
    assert cast(alone, "Torgaar, Famine Incarnate").payable is False
    b = board(
        cards("s", "Swamp", 2),
        cards("f", "Forest", 4),
        cards("bear", "Balduvian Bears", 2),
        hand=[held("Torgaar, Famine Incarnate")],
    )
    result = cast(b, "Torgaar, Famine Incarnate")
    assert result.payable and result.additional.sacrificed


def test_ashnods_altar_sacrifices_the_bear_for_alloy_myr() -> None:
    """XMage CostReduceForEachTest.test_AshnodsAltar_SacrificeCost: Alloy Myr ({3}) from a Swamp and Ashnod's
    Altar's {C}{C} for the Balduvian Bears."""
    b = board(card("altar", "Ashnod's Altar"), card("s", "Swamp"), card("bear", "Balduvian Bears"))
    result = pay(b, PaymentTarget.of("{3}", type_line="Artifact Creature — Myr"))
    assert result.payable and result.sacrificed == ("bear",)


def test_benthic_explorers_untaps_an_opponents_land_for_its_type() -> None:
    """XMage CostReduceForEachTest.test_BenthicExplorers_ManaAbilityFromOpponentCard and
    test_BenthicExplorers_BottomlessVault: Benthic Explorers untaps an opponent's tapped Forest for {G} (CR
    106.7: a type that land could produce), so with a Swamp it pays {1}{G} (Balduvian Bears), and nothing
    warns. XMage lists {B} with an opponent's Bottomless Vault untapped too; an untapped land can't pay the
    Explorers' cost ("untap a tapped land", CR 118.3), so there it makes nothing: {B} is not payable."""
    forest = board(card("ex", "Benthic Explorers"), card("s", "Swamp"), card("f", "Forest", OPP, tapped=True))
    assert payable(forest, "{1}{G}") and not warned(forest, "{1}{G}")
    assert not payable(forest, "{G}{G}")
    untapped = board(card("ex", "Benthic Explorers"), card("vault", "Bottomless Vault", OPP))
    assert not payable(untapped, "{B}")


def test_cloud_key_reduces_the_chosen_type() -> None:
    """XMage CostReduceForEachTest.test_CloudKey_ChooseCardTypeForCostReduce: Cloud Key naming creature;
    Balduvian Bears ({1}{G}) costs {G}: one Forest casts it, none doesn't."""
    key = card("key", "Cloud Key", choices={"card_type": "creature"})
    assert cast(board(key, card("f", "Forest"), hand=[held("Balduvian Bears")]), "Balduvian Bears").payable
    assert cast(board(key, hand=[held("Balduvian Bears")]), "Balduvian Bears").payable is False


def test_inspiring_statuary_gives_improvise() -> None:
    """XMage CostReduceForEachTest.test_InspiringStatuary_PayByArtifacts: five Inspiring Statuaries
    ("Nonartifact spells you cast have improvise.") and a Swamp cast Keeper of Tresserhorn ({5}{B}); four
    don't."""
    keeper = [held("Keeper of Tresserhorn")]
    five = board(cards("statuary", "Inspiring Statuary", 5), card("s", "Swamp"), hand=keeper)
    result = cast(five, "Keeper of Tresserhorn")
    assert result.payable and len(convoked(result)) == 5
    four = board(cards("statuary", "Inspiring Statuary", 4), card("s", "Swamp"), hand=keeper)
    assert cast(four, "Keeper of Tresserhorn").payable is False


def test_a_reduction_left_for_reaper_kings_hybrid_symbols_is_weighed() -> None:
    """After XMage MonohybridCostReduceTest.test_CostReduction_First: where the choice of which {2/X} symbol
    to announce as {2} matters (CR 601.2b, 601.2f), the planner weighs each announcement: under Etherium
    Sculptor, with one basic of each type beside two Nexus, announcing any one symbol as {2} leaves {1} and
    the four other colored halves (issue 35; this was a warning before), and the answer is proven, with no
    warning. With a Plains and an Island beside the Nexus, {2/B} costs {2} whichever way: it is announced;
    nor is anything said with the Nexus alone, nor without a reduction."""
    sculptor = card("sculptor", "Etherium Sculptor")
    basics = [card(n[0].lower(), n) for n in ("Plains", "Island", "Swamp", "Mountain", "Forest")]
    mixed = board(sculptor, basics, cards("nexus", "Blinkmoth Nexus", 2), hand=[held("Reaper King")])
    result = cast(mixed, "Reaper King")
    assert result.warnings == () and result.payable and result.optimal
    halves = ["{2/W}", "{2/U}", "{2/B}", "{2/R}", "{2/G}"]
    assert result.total_cost in ["{1}" + "".join(h for h in halves if h != one) for one in halves]
    nine = board(sculptor, cards("nexus", "Blinkmoth Nexus", 9), hand=[held("Reaper King")])
    assert cast(nine, "Reaper King").warnings == ()
    two = board(sculptor, basics[:2], cards("nexus", "Blinkmoth Nexus", 7), hand=[held("Reaper King")])
    assert cast(two, "Reaper King").warnings == ()
    alone = board(cards("nexus", "Blinkmoth Nexus", 9), hand=[held("Reaper King")])
    assert cast(alone, "Reaper King").warnings == ()


def test_etherium_sculptor_reduces_reaper_king_paid_with_generic() -> None:
    """XMage MonohybridCostReduceTest.test_CostReduction_First: under Etherium Sculptor (artifact spells cost
    {1} less) Reaper King is cast from nine Blinkmoth Nexus ({C} each): each {2/X} announced as {2} (CR
    601.2b) makes the total cost ten, nine after the reduction (CR 601.2f; Reaper King ruling 2008-05-01).
    Eight are not enough."""
    sculptor = card("sculptor", "Etherium Sculptor")
    ten = board(sculptor, cards("nexus", "Blinkmoth Nexus", 10), hand=[held("Reaper King")])
    assert cast(ten, "Reaper King").payable
    eight = board(sculptor, cards("nexus", "Blinkmoth Nexus", 8), hand=[held("Reaper King")])
    assert cast(eight, "Reaper King").payable is False
    nine = board(sculptor, cards("nexus", "Blinkmoth Nexus", 9), hand=[held("Reaper King")])
    assert cast(nine, "Reaper King").payable


def test_defense_grid_taxes_mindbreak_traps_alternative_cost() -> None:
    """XMage DefenseGridTest.testCostIncrease: on its opponent's turn, after that opponent cast three spells,
    Mindbreak Trap is cast for its alternative cost {0}, and Defense Grid adds {3} (CR 118.9d, 601.2f:
    increases apply to an alternative cost): three Islands pay it, two don't."""

    def trap_board(islands: int) -> Board:
        permanents = [card("grid", "Defense Grid", OPP), *cards("i", "Island", islands)]
        players = [{"id": ME, "hand": [held("Mindbreak Trap")]}, {"id": OPP, "spells_cast_this_turn": 3}]
        return Board.from_dict(
            {"version": 1, "active_player": OPP, "players": players, "permanents": permanents}
        )

    assert cast(trap_board(2), "Mindbreak Trap", player=ME).payable is False
    result = cast(trap_board(3), "Mindbreak Trap", player=ME)
    assert result.payable and result.alternative_cost is not None


def test_karador_costs_one_less_for_each_creature_card_in_the_graveyard() -> None:
    """XMage KaradorGhostChieftainTest.castReducedTwo and castReducedSeven: Karador ({5}{W}{B}{G}) from six
    lands with two Silvercoat Lions in the graveyard, and from a Swamp, a Forest and a Plains with seven (five
    are enough: the reduction takes only the generic {5}, CR 118.7a; four leave {1})."""
    lion = {"name": "Silvercoat Lion", "type_line": "Creature — Cat", "mana_cost": "{1}{W}"}
    karador = [held("Karador, Ghost Chieftain")]
    three = [card("s", "Swamp"), card("f", "Forest"), card("p", "Plains")]
    two = board(three, cards("i", "Island", 3), hand=karador, graveyard=[lion] * 2)
    assert cast(two, "Karador, Ghost Chieftain").payable
    short = board(three, cards("i", "Island", 2), hand=karador, graveyard=[lion] * 2)
    assert cast(short, "Karador, Ghost Chieftain").payable is False
    assert cast(board(three, hand=karador, graveyard=[lion] * 7), "Karador, Ghost Chieftain").payable
    assert cast(board(three, hand=karador, graveyard=[lion] * 5), "Karador, Ghost Chieftain").payable
    assert cast(board(three, hand=karador, graveyard=[lion] * 4), "Karador, Ghost Chieftain").payable is False


def test_mizzix_counts_experience_counters() -> None:
    """XMage MizzixOfTheIzmagnusTest.testSpellsFixedCost and testSpellsVariableCost: with one experience
    counter Incinerate ({1}{R}) costs {R}, and Blaze ({X}{R}) for X = 2 costs {1}{R} (the reduction takes the
    generic mana X stands for, CR 601.2b then 601.2f)."""
    mizzix = card("mizzix", "Mizzix of the Izmagnus")
    none = board(mizzix, card("m", "Mountain"), hand=[held("Incinerate")])
    assert cast(none, "Incinerate").payable is False
    blaze = board(mizzix, cards("m", "Mountain", 2), hand=[held("Blaze")], counters={"experience": 1})
    assert cast(blaze, "Blaze", x=3).payable is False
    one = board(mizzix, card("m", "Mountain"), hand=[held("Incinerate")], counters={"experience": 1})
    assert cast(one, "Incinerate").payable
    assert cast(blaze, "Blaze", x=2).payable


def test_heartstone_is_read_with_its_floor() -> None:
    """XMage HeartstoneTest.testSigilTracer: under Heartstone Sigil Tracer's "{1}{U}, Tap two untapped Wizards
    you control: Copy target instant or sorcery spell." costs {U} (one Island taps); Heartstone's floor
    ("can't reduce the mana in that cost to less than one mana") is read, so nothing is warned."""
    b = board(
        card("hs", "Heartstone"),
        card("tracer", "Sigil Tracer"),
        card("wizard", "Fugitive Wizard"),
        cards("i", "Island", 2),
    )
    result = pay(b, PaymentTarget.of("{1}{U}", kind="ability", type_line="Creature — Merfolk Wizard"))
    assert result.payable and str(result.total_cost) == "{U}" and result.warnings == ()


def test_heartstone_reduces_sigil_tracers_ability() -> None:
    """XMage HeartstoneTest.testSigilTracer, the rules' answer: the ability costs {U} under Heartstone, so one
    Island pays it (CR 602.2b, 601.2f)."""
    b = board(card("hs", "Heartstone"), card("tracer", "Sigil Tracer"), card("i", "Island"))
    assert pay(b, PaymentTarget.of("{1}{U}", kind="ability", type_line="Creature — Merfolk Wizard")).payable
