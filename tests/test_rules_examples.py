"""The worked examples of RULES.md section 12, one test each, through the planner's public functions.

Could-produce answers go through :func:`planner.api.could_produce`, what one activation makes through
:func:`planner.rules.production.activation_outcomes`, whole payments through
:func:`planner.rules.reference.reference_search` (and the replayer), pool emptying through
:func:`planner.rules.pool.empty_pool`, and types and abilities after layers 4 and 6 through ``BoardView``.
"""

from __future__ import annotations

import pytest
from boards import (
    ME,
    OPP,
    Produced,
    ability_texts,
    card,
    could,
    custom,
    floating,
    make_board,
    outcomes,
    produced,
    produced_by_order,
    search,
    summaries,
    tags_of,
)

from models.cost import ManaCost, PaymentTarget, SymbolKind
from models.mana import ManaBag, ManaType
from models.mana_effects import CostModifier
from planner.rules.eligibility import why_not_activatable
from planner.rules.pool import ManaUnit, SpendRules, empty_pool
from planner.rules.replay import IllegalPlanError, Plan, Step, apply_step, initial_state, replay
from planner.rules.view import BoardView


def one(source: str, mana: str) -> set[Produced]:
    """The result set of an activation whose only result is ``mana`` from ``source``."""
    return {((source, mana),)}


def each_color(source: str, count: int = 1) -> set[Produced]:
    """The results 'count mana of any one color' from ``source`` can reach."""
    return {((source, ("{" + letter + "}") * count),) for letter in "WUBRG"}


# ------------------------------------------------------------------------------------ A. could produce


def test_example_01_reflecting_pool_and_llanowar_wastes() -> None:
    board = make_board([card("Reflecting Pool", "pool"), card("Llanowar Wastes", "lw", tapped=True)])
    # Tapped state and costs are ignored, and "any type" includes colorless (106.7).
    assert could(board)["pool"] == "BGC"
    # The Pool copies types only: none of the Wastes' damage comes along.
    assert produced(board, "pool") == {(("pool", "{B}"),), (("pool", "{G}"),), (("pool", "{C}"),)}
    assert all(o.damage == 0 and o.life_loss == 0 for o in outcomes(board, "pool"))


def test_example_02_two_reflecting_pools_nothing_else() -> None:
    board = make_board([card("Reflecting Pool", "a"), card("Reflecting Pool", "b")])
    assert could(board) == {"a": "", "b": ""}  # least fixed point from nothing (106.5, 106.7)
    view = BoardView(board)
    for pid in ("a", "b"):  # each can still be activated (605.2), and makes nothing
        assert why_not_activatable(view, pid, view.mana_abilities(pid)[0]) is None
        assert produced(board, pid) == {()}
    state = apply_step(initial_state(board), Step(permanent="a", ability=0, produced=()))
    assert state.pool == () and state.board.permanent("a").tapped

    with_forest = make_board(
        [card("Reflecting Pool", "a"), card("Reflecting Pool", "b"), card("Forest", "f")]
    )
    assert could(with_forest) == {"a": "G", "b": "G", "f": "G"}


def test_example_03_exotic_orchard_vs_wastes_and_ancient_tomb() -> None:
    board = make_board(
        [
            card("Exotic Orchard", "orchard"),
            card("Wastes", "w", controller=OPP),
            card("Ancient Tomb", "tomb", controller=OPP),
        ]
    )
    assert could(board, OPP) == {"w": "C", "tomb": "C"}
    # The Orchard offers colors only: it can't make colorless even though the opponent's lands can.
    assert could(board)["orchard"] == ""
    assert produced(board, "orchard") == {()}


def test_example_04_fellwar_stone_vs_tapped_vivid_crag_without_counters() -> None:
    vivid_crag = custom(
        "Vivid Crag",
        "crag",
        "Land",
        "This land enters tapped with two charge counters on it.\n{T}: Add {R}.\n"
        "{T}, Remove a charge counter from this land: Add one mana of any color.",
        controller=OPP,
        tapped=True,
    )
    board = make_board([card("Fellwar Stone", "stone"), vivid_crag])
    assert board.permanent("crag").counter("charge") == 0
    assert could(board)["crag"] == "WUBRG"  # costs (the missing counter, the tap) are ignored
    assert could(board)["stone"] == "WUBRG"


def test_example_05_exotic_orchard_and_urborg_vs_only_plains() -> None:
    board = make_board(
        [
            card("Exotic Orchard", "orchard"),
            card("Urborg, Tomb of Yawgmoth", "urborg"),
            card("Plains", "plains", controller=OPP),
        ]
    )
    view = BoardView(board)
    assert view.type_line("plains").basic_land_types == ("Plains", "Swamp")  # Urborg reaches every land
    assert ability_texts(board, "plains") == ["{T}: Add {W}.", "{T}: Add {B}."]
    assert could(board)["orchard"] == "WB"


def test_example_06_gaeas_cradle_without_creatures_reflecting_pool_mana_flare() -> None:
    board = make_board(
        [card("Gaea's Cradle", "cradle"), card("Reflecting Pool", "pool"), card("Mana Flare", "flare")]
    )
    # Q1: the Cradle would make nothing, so the Pool can't make {G} (106.7).
    assert could(board) == {"cradle": "", "pool": "", "flare": ""}
    # Q2: tapping the Cradle is legal (605.2), makes nothing, and Mana Flare does not trigger (106.12a).
    view = BoardView(board)
    assert why_not_activatable(view, "cradle", view.mana_abilities("cradle")[0]) is None
    assert produced(board, "cradle") == {()}
    state = apply_step(initial_state(board), Step(permanent="cradle", ability=0, produced=()))
    assert state.pool == ()
    with pytest.raises(IllegalPlanError):
        apply_step(
            initial_state(board),
            Step(permanent="cradle", ability=0, produced=(("flare", ManaBag.parse("{G}")),)),
        )

    academy = make_board([card("Tolarian Academy", "academy"), card("Mana Flare", "flare")])
    assert could(academy)["academy"] == ""
    assert produced(academy, "academy") == {()}


def test_example_07_contamination_pale_moon_forest_breeding_pool_reflecting_pool() -> None:
    board = make_board(
        [
            card("Contamination", "contamination"),
            card("Pale Moon", "pale"),
            card("Forest", "forest"),
            card("Breeding Pool", "breeding"),
            card("Reflecting Pool", "pool"),
        ]
    )
    assert could(board) == {"contamination": "", "pale": "", "forest": "B", "breeding": "BC", "pool": "BC"}
    # Forest: only Contamination applies.
    assert produced_by_order(board, "forest") == {("contamination",): one("forest", "{B}")}
    # Breeding Pool: the two orders give {B} or {C}.
    assert produced_by_order(board, "breeding") == {
        ("contamination", "pale"): one("breeding", "{C}"),
        ("pale", "contamination"): one("breeding", "{B}"),
    }
    # [derived] The Pool chooses {B} or {C}, then its own output goes through both replacements in the
    # order its controller picks (616.1): the last one applied decides.
    assert produced_by_order(board, "pool") == {
        ("contamination", "pale"): one("pool", "{C}"),
        ("pale", "contamination"): one("pool", "{B}"),
    }


# ------------------------------------------------------------------------ B. replacements and triggers


def test_example_08_two_mana_reflections_and_forest() -> None:
    two_reflections = make_board(
        [card("Forest", "f"), card("Mana Reflection", "mr1"), card("Mana Reflection", "mr2")]
    )
    assert produced(two_reflections, "f") == one("f", "{G}{G}{G}{G}")  # 614.5: each once, x4

    reflection_and_nyxbloom = make_board(
        [card("Forest", "f"), card("Mana Reflection", "mr"), card("Nyxbloom Ancient", "nyx")]
    )
    assert produced_by_order(reflection_and_nyxbloom, "f") == {
        ("mr", "nyx"): one("f", "{G}" * 6),
        ("nyx", "mr"): one("f", "{G}" * 6),
    }

    two_colors = make_board([card("Boros Garrison", "garrison"), card("Mana Reflection", "mr")])
    assert produced(two_colors, "garrison") == one("garrison", "{W}{W}{R}{R}")

    two_nyxblooms = make_board(
        [card("Boros Garrison", "garrison"), card("Nyxbloom Ancient", "n1"), card("Nyxbloom Ancient", "n2")]
    )
    assert produced(two_nyxblooms, "garrison") == one("garrison", "{W}" * 9 + "{R}" * 9)
    forest_and_nyxblooms = make_board(
        [card("Forest", "f"), card("Nyxbloom Ancient", "n1"), card("Nyxbloom Ancient", "n2")]
    )
    assert produced(forest_and_nyxblooms, "f") == one("f", "{G}" * 9)


def test_example_09_nyxbloom_ancient_and_forest_with_wild_growth() -> None:
    board = make_board(
        [card("Forest", "f"), card("Nyxbloom Ancient", "nyx"), card("Wild Growth", "wg", attached_to="f")]
    )
    # Tripled land mana plus Wild Growth's untripled {G}: four in all.
    assert produced(board, "f") == {(("f", "{G}{G}{G}"), ("wg", "{G}"))}
    # Restrictions and riders cover all of the tripled mana (106.6a).
    temple = make_board([card("Eldrazi Temple", "temple"), card("Nyxbloom Ancient", "nyx")])
    assert produced(temple, "temple", 1) == one("temple", "{C}" * 6)
    for outcome in outcomes(temple, "temple", 1):
        assert all(tag.restriction is not None for tag in tags_of(outcome))


def test_example_10_contamination_mana_reflection_and_forest() -> None:
    board = make_board([card("Forest", "f"), card("Contamination", "cont"), card("Mana Reflection", "mr")])
    # Both stay applicable after the other (616.1f), and the controller picks the order (616.1).
    assert produced_by_order(board, "f") == {
        ("mr", "cont"): one("f", "{B}"),  # {G}{G} becomes {B}
        ("cont", "mr"): one("f", "{B}{B}"),  # {B} becomes {B}{B}
    }


def test_example_11_mana_flare_mana_reflection_and_forest() -> None:
    for enchantment in ("Mana Flare", "Heartbeat of Spring"):
        board = make_board([card("Forest", "f"), card(enchantment, "flare"), card("Mana Reflection", "mr")])
        assert produced(board, "f") == {(("f", "{G}{G}"), ("flare", "{G}"))}
        # The extra mana arrives at once (605.4a) and pays the cost in progress.
        result = search(board, "{G}{G}{G}")
        assert result.payable
        assert {frozenset(s.tapped) for s in summaries(result)} == {frozenset({"f"})}

    # Flare copies the type actually produced: with Contamination ordered to give {B}{B}, it adds {B}.
    contaminated = make_board(
        [
            card("Forest", "f"),
            card("Mana Flare", "flare"),
            card("Mana Reflection", "mr"),
            card("Contamination", "cont"),
        ]
    )
    assert produced_by_order(contaminated, "f") == {
        ("cont", "mr"): {(("f", "{B}{B}"), ("flare", "{B}"))},
        ("mr", "cont"): {(("f", "{B}"), ("flare", "{B}"))},
    }

    # Both enchantments are symmetric: an opponent's land gets Flare's mana (but not your Reflection's).
    theirs = make_board(
        [card("Forest", "f", controller=OPP), card("Mana Flare", "flare"), card("Mana Reflection", "mr")]
    )
    assert produced(theirs, "f") == {(("f", "{G}"), ("flare", "{G}"))}


def test_example_12_squandered_resources_sacrifice_is_not_tapping_for_mana() -> None:
    board = make_board(
        [
            card("Squandered Resources", "sq"),
            card("Mana Reflection", "mr"),
            card("Mana Flare", "flare"),
            card("Forest", "f"),
            card("Wild Growth", "wg", attached_to="f"),
        ]
    )
    # No {T}: not tapped for mana (106.12). Nothing doubles it and nothing triggers: exactly one {G}.
    assert produced(board, "sq", sacrificed=("f",)) == one("sq", "{G}")
    assert all(o.replacements == () for o in outcomes(board, "sq", sacrificed=("f",)))
    sacrifice = Step(permanent="sq", ability=0, produced=(("sq", ManaBag.parse("{G}")),), sacrificed=("f",))
    state = apply_step(initial_state(board), sacrifice)
    assert [str(u) for u in state.pool] == ["{G} from sq"]
    with pytest.raises(IllegalPlanError):  # not doubled
        apply_step(
            initial_state(board),
            Step(permanent="sq", ability=0, produced=(("sq", ManaBag.parse("{G}{G}")),), sacrificed=("f",)),
        )
    with pytest.raises(IllegalPlanError):  # no Mana Flare trigger
        apply_step(
            initial_state(board),
            Step(
                permanent="sq",
                ability=0,
                produced=(("flare", ManaBag.parse("{G}")), ("sq", ManaBag.parse("{G}"))),
                sacrificed=("f",),
            ),
        )
    # The reference search finds the same: sacrificing the Forest alone pays {G} with nothing left over.
    result = search(board, "{G}")
    assert any(s.sacrificed == {"f"} and not s.tapped and floating(s) == "" for s in summaries(result))

    # A Cradle with three creatures also gives one {G}.
    cradle = make_board(
        [
            card("Squandered Resources", "sq"),
            card("Gaea's Cradle", "cradle"),
            card("Mana Reflection", "mr"),
            *(card("Llanowar Elves", f"elf{i}") for i in range(3)),
        ]
    )
    assert produced(cradle, "cradle") == one("cradle", "{G}" * 6)
    assert produced(cradle, "sq", sacrificed=("cradle",)) == one("sq", "{G}")
    # The land's types come from last-known information (608.2h, 113.7a): Urborg was a Swamp.
    urborg = make_board([card("Squandered Resources", "sq"), card("Urborg, Tomb of Yawgmoth", "urborg")])
    assert produced(urborg, "sq", sacrificed=("urborg",)) == one("sq", "{B}")


# ------------------------------------------------------------------------------- C. types and layers


def test_example_13_blood_moon_urborg_island_cavern_of_souls() -> None:
    for order in (("moon", "urborg"), ("urborg", "moon")):
        entries = {
            "moon": card("Blood Moon", "moon"),
            "urborg": card("Urborg, Tomb of Yawgmoth", "urborg"),
        }
        board = make_board(
            [
                entries[order[0]],
                entries[order[1]],
                card("Island", "island"),
                card("Cavern of Souls", "cavern"),
            ]
        )
        view = BoardView(board)
        # Urborg depends on Blood Moon (613.8a): the Moon applies first whatever the timestamps.
        assert str(view.type_line("urborg")) == "Legendary Land — Mountain", order
        assert ability_texts(board, "urborg") == ["{T}: Add {R}."], order
        assert view.characteristics("urborg").lost_text_abilities
        # The Island is not a Swamp.
        assert view.type_line("island").subtypes == ("Island",), order
        assert ability_texts(board, "island") == ["{T}: Add {U}."], order
        # Cavern enters with no creature type chosen and taps only for {R}.
        assert ability_texts(board, "cavern") == ["{T}: Add {R}."], order
        assert could(board) == {"moon": "", "urborg": "R", "island": "U", "cavern": "R"}, order


def test_example_14_blood_moon_and_chromatic_lantern() -> None:
    board = make_board(
        [
            card("Blood Moon", "moon"),
            card("Chromatic Lantern", "lantern"),
            card("Breeding Pool", "breeding"),
            card("Reflecting Pool", "pool"),
        ]
    )
    view = BoardView(board)
    # 305.7 strips the text abilities, but the Lantern's granted one stays (layer 6).
    assert str(view.type_line("breeding")) == "Land — Mountain"
    assert ability_texts(board, "breeding") == ["{T}: Add {R}.", "{T}: Add one mana of any color."]
    assert ability_texts(board, "pool") == ["{T}: Add {R}.", "{T}: Add one mana of any color."]
    assert produced(board, "breeding", 0) == one("breeding", "{R}")
    assert produced(board, "breeding", 1) == each_color("breeding")
    assert could(board) == {"moon": "", "lantern": "WUBRG", "breeding": "WUBRG", "pool": "WUBRG"}


def test_example_15_celestial_dawn_mountain_birds_thought_knot_seer() -> None:
    dawn = card("Celestial Dawn", "dawn")
    mountain_only = make_board([dawn, card("Mountain", "m")])
    assert str(BoardView(mountain_only).type_line("m")) == "Basic Land — Plains"
    assert ability_texts(mountain_only, "m") == ["{T}: Add {W}."]  # 305.7
    assert could(mountain_only)["m"] == "W"
    # White mana may be spent as any color (609.4b) ...
    rules = SpendRules.for_player(BoardView(mountain_only), ME)
    spell = PaymentTarget.of("{R}")
    assert all(rules.can_pay(ManaType.W, color, spell) for color in (ManaType.W, ManaType.R, ManaType.G))
    assert search(mountain_only, "{R}").payable
    # ... but not as colorless: colorless is not a color. [derived]
    assert not rules.can_pay(ManaType.W, ManaType.C, spell)
    assert not search(mountain_only, "{C}").payable

    birds_only = make_board([dawn, card("Birds of Paradise", "birds")])
    # The Birds' {G} may pay only generic or {C} (the Birds could also make {W}, which pays {G}).
    assert not rules.can_pay(ManaType.G, ManaType.G, spell) and rules.can_pay(ManaType.G, ManaType.C, spell)
    green = Step(permanent="birds", ability=0, produced=(("birds", ManaBag.parse("{G}")),))
    green_unit = apply_step(initial_state(birds_only), green).pool
    for cost in ("{1}", "{C}"):
        assert replay(birds_only, PaymentTarget.of(cost), Plan((green,), green_unit)).tapped == {"birds"}
    with pytest.raises(IllegalPlanError, match="do not pay"):
        replay(birds_only, PaymentTarget.of("{G}"), Plan((green,), green_unit))
    elves_only = make_board([dawn, card("Llanowar Elves", "elf")])
    assert search(elves_only, "{C}").payable
    assert not search(elves_only, "{G}").payable

    both = make_board([dawn, card("Mountain", "m"), card("Birds of Paradise", "birds")])
    assert search(both, "{1}{R}").payable  # {W} for the {R}, {G} for the generic

    # Thought-Knot Seer {3}{C}: the {C} must come from the Birds, never from white mana.
    seer = {"type_line": "Creature — Eldrazi"}
    with_birds = make_board(
        [dawn, *(card("Mountain", f"m{i}") for i in range(3)), card("Birds of Paradise", "b")]
    )
    result = search(with_birds, "{3}{C}", **seer)
    assert result.payable and all("b" in s.tapped for s in summaries(result))
    four_mountains = make_board([dawn, *(card("Mountain", f"m{i}") for i in range(4))])
    assert not search(four_mountains, "{3}{C}", **seer).payable


# ------------------------------------------------------------------ D. keeping or converting unspent mana


def test_example_16_unspent_cavern_of_souls_mana_at_end_of_main_phase() -> None:
    cavern = card("Cavern of Souls", "cavern", choices={"creature_type": "Elf"})
    alone = make_board([cavern])
    [outcome] = outcomes(alone, "cavern", 1)
    [tag] = tags_of(outcome)
    assert tag.restriction is not None and tag.chosen_type == "Elf"
    assert tag.riders == ("that spell can't be countered",)
    green = ManaUnit(ManaType.G, tag)

    def left(*others: str) -> list[ManaUnit]:
        board = make_board([cavern, *(card(name, f"x{i}") for i, name in enumerate(others))])
        return list(empty_pool(BoardView(board), ME, [green]))

    assert left() == []  # 500.4: lost
    for converter in ("Kruphix, God of Horizons", "Horizon Stone"):
        # Becomes {C}, keeping the Elf-only restriction and the can't-be-countered rider.
        assert left(converter) == [ManaUnit(ManaType.C, tag)], converter
    assert left("Upwelling") == [green]
    # Nothing is lost, so there is nothing to replace (614.7): it stays {G}.
    assert left("Upwelling", "Kruphix, God of Horizons") == [green]
    assert left("Kruphix, God of Horizons", "Upwelling") == [green]


# ----------------------------------------------------------------- E. restricted mana and special costs


def test_example_17_cavern_mana_spent_only_on_kicker() -> None:
    board = make_board(
        [card("Cavern of Souls", "cavern", choices={"creature_type": "Elf"}), card("Forest", "f")]
    )
    # Cavern's {C} ability has no restriction and no rider.
    [plain] = outcomes(board, "cavern", 0)
    assert all(tag.restriction is None and tag.riders == () for tag in tags_of(plain))
    # The colored mana may pay any part of an Elf spell's total cost. The API has no notion of which part
    # of the total is the kicker, so the kicker is modelled as the whole total of a spell cast without
    # paying its mana cost: the Cavern's mana still pays it and still carries the rider.
    kicker_only = search(board, "{G}", type_line="Creature — Elf Warrior")
    assert any(
        any(unit.tag.source == "cavern" and unit.tag.riders for unit in plan.spent)
        for plan in kicker_only.outcomes.values()
    )
    # It can't pay for a spell that is not a creature of the chosen type; the {C} ability still can.
    not_elf = search(board, "{1}{G}", type_line="Creature — Human Warrior")
    assert not_elf.payable
    for plan in not_elf.outcomes.values():
        assert all(unit.tag.restriction is None for unit in plan.spent)
    assert not search(board, "{G}{G}", type_line="Creature — Human Warrior").payable


def test_example_18_jeweled_lotus_and_mana_reflection() -> None:
    board = make_board([card("Jeweled Lotus", "lotus"), card("Mana Reflection", "mr")], commander_colors="G")
    # Its cost includes {T}, so Reflection applies (106.12): six mana of one color, all restricted (106.6a).
    assert produced(board, "lotus") == each_color("lotus", 6)
    for outcome in outcomes(board, "lotus"):
        assert outcome.replacements == ("mr",)
        assert all(tag.restriction is not None for tag in tags_of(outcome))
    # [derived] It pays any part of the commander's total cost, tax included: {2}{G}{G} plus {2} tax.
    commander = {"type_line": "Legendary Creature — Elf Druid", "commander": True}
    result = search(board, "{2}{G}{G}{2}", **commander)
    assert result.payable
    assert [(s.sacrificed, floating(s)) for s in summaries(result)] == [(frozenset({"lotus"}), "")]
    assert not search(board, "{4}{G}{G}", type_line="Legendary Creature — Elf Druid").payable
    assert not search(board, "{5}{G}{G}", **commander).payable


def test_example_19_eldrazi_temple_thought_harvester_thought_knot_seer() -> None:
    harvester = {"type_line": "Creature — Eldrazi Drone", "colors": ""}  # devoid: colorless (702.114a)
    seer = {"type_line": "Creature — Eldrazi"}

    def restricted_spent(plan: Plan) -> int:
        return sum(1 for unit in plan.spent if unit.tag.restriction is not None)

    islands = make_board([card("Eldrazi Temple", "temple"), card("Island", "i1"), card("Island", "i2")])
    # Harvester {3}{U}: the {C}{C} may pay its generic; the {U} comes from an Island.
    result = search(islands, "{3}{U}", **harvester)
    assert result.payable
    assert any(restricted_spent(plan) == 2 for plan in result.outcomes.values())
    wastes = make_board([card("Eldrazi Temple", "temple"), card("Wastes", "w1"), card("Wastes", "w2")])
    assert not search(wastes, "{3}{U}", **harvester).payable
    # Seer {3}{C}: the {C}{C} may also pay the {C} pip (107.4c). Here it has to.
    result = search(islands, "{3}{C}", **seer)
    assert result.payable
    assert all(restricted_spent(plan) == 2 for plan in result.outcomes.values())
    # A non-Eldrazi colorless artifact may use only the Temple's plain {C}.
    artifact = {"type_line": "Artifact"}
    one_island = make_board([card("Eldrazi Temple", "temple"), card("Island", "i1")])
    result = search(one_island, "{2}", **artifact)
    assert result.payable
    assert all(restricted_spent(plan) == 0 for plan in result.outcomes.values())
    assert not search(make_board([card("Eldrazi Temple", "temple")]), "{2}", **artifact).payable
    assert not search(islands, "{4}", **artifact).payable


def test_example_20_dismember_phyrexian_mana_and_life() -> None:
    def life_options(life: int) -> set[int]:
        board = make_board(
            [card("Swamp", "s1"), card("Swamp", "s2"), card("Wastes", "w")], life=life, opponent=False
        )
        return {s.life_paid for s in summaries(search(board, "{1}{B/P}{B/P}"))}

    assert life_options(20) == {0, 2, 4}  # {1}{B}{B}, {1}{B} + 2 life, {1} + 4 life
    assert life_options(3) == {0, 2}  # only one symbol can be paid with life
    assert life_options(2) == {0, 2}  # paying 2 at exactly 2 is legal (the game is lost afterwards)
    assert life_options(1) == {0}  # 119.4
    assert ManaCost.parse("{1}{B/P}{B/P}").mana_value == 3  # 202.3g

    # A hybrid Phyrexian symbol {G/W/P} accepts {G}, {W} or 2 life.
    symbol = ManaCost.parse("{G/W/P}").symbols[0]
    assert symbol.kind is SymbolKind.PHYREXIAN and str(symbol.colors) == "WG"
    for land, mana_ok in (("Forest", True), ("Plains", True), ("Island", False)):
        result = search(make_board([card(land, "x")], opponent=False), "{G/W/P}")
        assert (0 in {s.life_paid for s in summaries(result)}) is mana_ok, land
        assert any(s.life_paid == 2 and not s.tapped for s in summaries(result)), land


# ----------------------------------------------------------------------------- F. sickness and untapping


def test_example_21_birds_dryad_arbor_sol_ring_summoning_sickness() -> None:
    board = make_board(
        [
            card("Birds of Paradise", "birds", summoning_sick=True),
            card("Dryad Arbor", "arbor", summoning_sick=True),
            card("Sol Ring", "ring", summoning_sick=True),
        ]
    )
    # Sol Ring is not a creature: it taps at once.
    assert [set(s.tapped) for s in summaries(search(board, "{C}{C}"))] == [{"ring"}]
    # Neither creature can use its own {T} ability (302.6); Dryad Arbor's reminder text adds nothing.
    assert ability_texts(board, "arbor") == ["{T}: Add {G}."]
    view = BoardView(board)
    for pid, name in (("birds", "Birds of Paradise"), ("arbor", "Dryad Arbor")):
        assert (
            why_not_activatable(view, pid, view.mana_abilities(pid)[0]) == f"{name} ({pid}) is summoning sick"
        )
    assert not search(board, "{G}").payable
    with pytest.raises(IllegalPlanError, match="summoning sick"):
        replay(
            board,
            PaymentTarget.of("{G}"),
            Plan((Step(permanent="birds", ability=0, produced=(("birds", ManaBag.parse("{G}")),)),), ()),
        )

    hasty = make_board([card("Birds of Paradise", "birds", summoning_sick=True, haste=True)])
    assert search(hasty, "{G}").payable  # 702.10c

    # A land held since the turn began and animated now is a creature that is not summoning sick.
    animated = make_board([custom("Animated Forest", "land", "Land Creature — Forest", "")])
    assert search(animated, "{G}").payable


def test_example_22_grand_architect_and_pili_pala_loop_is_capped() -> None:
    # Pili-Pala has been made blue by the Architect's {U} ability (not a mana ability): a blue indicator.
    def board_with(**pili: object) -> list[dict[str, object]]:
        return [card("Grand Architect", "architect"), card("Pili-Pala", "pili", color_indicator="U", **pili)]

    result = search(make_board(board_with()), "{W}{U}{B}")
    assert result.payable
    assert result.capped  # the unbounded loop (729) is cut and reported, not followed for ever

    # Tapping Pili-Pala for the Architect's cost is not {T}, so sickness doesn't matter ...
    tapped_architect = make_board(
        [
            card("Grand Architect", "architect", tapped=True),
            card("Pili-Pala", "pili", color_indicator="U", summoning_sick=True),
        ]
    )
    artifact = search(tapped_architect, "{2}", type_line="Artifact")
    assert artifact.payable and all("pili" in s.tapped for s in summaries(artifact))
    # ... but {Q} is (302.6): a Pili-Pala that arrived this turn needs haste.
    assert not search(make_board(board_with(summoning_sick=True)), "{W}").payable
    assert search(make_board(board_with(summoning_sick=True, haste=True)), "{W}").payable

    # Neither ability taps a permanent for mana, so Mana Reflection doubles neither.
    reflected = make_board([*board_with(), card("Mana Reflection", "mr")])
    assert produced(reflected, "architect") == one("architect", "{C}{C}")
    assert produced(reflected, "pili") == each_color("pili")


# ------------------------------------------------------------------------ G. counting and self-damage


def test_example_23_cabal_coffers_urborg_and_five_lands() -> None:
    lands = [
        card(name, f"l{i}") for i, name in enumerate(("Plains", "Island", "Mountain", "Forest", "Wastes"))
    ]
    board = make_board([card("Cabal Coffers", "coffers"), card("Urborg, Tomb of Yawgmoth", "urborg"), *lands])
    # Every land is a Swamp, Coffers included: {B} x 7, counted on resolution (608.2h).
    assert produced(board, "coffers", 0) == one("coffers", "{B}" * 7)
    # The {2} comes from other lands: 7 from Coffers + 6 other lands - 2 = 11 in all, a net gain of 5.
    assert search(board, "{9}{B}{B}").payable
    assert not search(board, "{10}{B}{B}").payable
    # With nothing else to pay the {2}, Coffers can't use it, but for 106.7 it could still produce {B}.
    alone = make_board([card("Cabal Coffers", "coffers"), card("Urborg, Tomb of Yawgmoth", "urborg")])
    assert could(alone)["coffers"] == "B"
    assert search(alone, "{B}{B}").payable
    assert not search(alone, "{B}{B}{B}").payable


def test_example_24_ancient_tomb_and_adarkar_wastes_at_two_life_with_reflection() -> None:
    board = make_board(
        [card("Ancient Tomb", "tomb"), card("Adarkar Wastes", "wastes"), card("Mana Reflection", "mr")],
        life=2,
    )
    # Reflection gives {C} x 4, but the damage stays 2 (106.12b).
    assert produced(board, "tomb") == one("tomb", "{C}{C}{C}{C}")
    assert {o.damage for o in outcomes(board, "tomb")} == {2}
    # The damage is an effect, not a cost (405.6c): both may be tapped at 2 life, lethal or not.
    six = search(board, "{C}" * 6)
    assert [(set(s.tapped), s.damage, s.life_paid) for s in summaries(six)] == [({"tomb", "wastes"}, 2, 0)]
    colored = search(board, "{C}{C}{C}{C}{W}{W}")
    assert [(set(s.tapped), s.damage) for s in summaries(colored)] == [({"tomb", "wastes"}, 3)]


def test_example_25_cost_lock_in_with_mana_sources() -> None:
    # The planner does not apply cost changes yet (601.2f), so the locked-in total is computed here from
    # the parsed effect, and only what follows the lock-in is checked through the planner.
    board = make_board(
        [
            card("Thunderscape Familiar", "familiar"),
            card("Swamp", "swamp"),
            card("Llanowar Elves", "elf"),
            card("Phyrexian Altar", "altar"),
        ]
    )
    view = BoardView(board)
    [modifier] = [s.effect for s in view.effects_of(CostModifier)]
    assert isinstance(modifier, CostModifier)
    altars_reap = ManaCost.parse("{1}{B}")
    assert modifier.generic_delta == -1 and ManaType.B in modifier.colors
    assert altars_reap.colors & modifier.colors
    locked = ManaCost.parse("{B}")  # {1}{B} less {1}: the total is locked in at 601.2f
    # Sacrificing the Familiar as the additional cost (601.2h) leaves the locked total as it was.
    after = make_board(
        [card("Swamp", "swamp"), card("Llanowar Elves", "elf"), card("Phyrexian Altar", "altar")]
    )
    result = search(after, str(locked), type_line="Instant")
    assert result.payable and {frozenset(s.tapped) for s in summaries(result)} >= {frozenset({"swamp"})}

    # A creature tapped for mana at 601.2g may then be sacrificed as a cost (601.2h ordering).
    elf_and_altar = make_board([card("Llanowar Elves", "elf"), card("Phyrexian Altar", "altar")])
    result = search(elf_and_altar, "{G}{B}")
    plans = [
        plan
        for summary, plan in result.outcomes.items()
        if summary.sacrificed == {"elf"} and [step.permanent for step in plan.steps] == ["elf", "altar"]
    ]
    assert plans
    for plan in plans:
        assert plan.steps[1].sacrificed == ("elf",)
        assert replay(elf_and_altar, PaymentTarget.of("{G}{B}"), plan).sacrificed == {"elf"}


def test_total_cost_applies_increases_and_reductions_in_force() -> None:
    """CR 601.2f and 118.7a: the total cost is locked in with increases and reductions of generic mana."""
    from models.board import Board
    from models.cost import PaymentTarget
    from planner.api import pay
    from planner.rules.view import BoardView, locked_in

    familiar = {"id": "tf", "card": "Thunderscape Familiar", "controller": "me"}
    swamp = {"id": "s", "card": "Swamp", "controller": "me"}
    board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [familiar, swamp]})
    reap = PaymentTarget.of("{1}{B}", type_line="Instant")
    assert str(locked_in(BoardView(board), reap, "me").cost) == "{B}"
    result = pay(board, reap)
    assert result.payable and result.total_cost == "{B}" and result.tapped == ("s",)
    # a reduction never takes the generic part below zero, nor touches colored symbols
    assert str(locked_in(BoardView(board), PaymentTarget.of("{B}{B}"), "me").cost) == "{B}{B}"
    sphere = {"id": "ds", "card": "Damping Sphere", "controller": "me"}
    taxed = Board.from_dict(
        {"version": 1, "players": [{"id": "me", "spells_cast_this_turn": 2}], "permanents": [sphere, swamp]}
    )
    assert str(locked_in(BoardView(taxed), PaymentTarget.of("{B}"), "me").cost) == "{2}{B}"
    assert not pay(taxed, PaymentTarget.of("{B}")).payable
