"""Tests of the Oracle-text parser: one test per template family of issue 2 (point 4), on real Oracle text,
checking the structured result; then cards that are not in the catalogue, given as Oracle text.
"""

from __future__ import annotations

import pytest

from models.abilities import AmountKind, ManaAbility, ObjectFilter, OutputKind, PaletteKind, Who
from models.cost import ManaCost, PaymentKind, PaymentTarget
from models.errors import OracleParseError
from models.layer_effects import GrantAbility, PowerChange, TypeChange
from models.mana import ALL_COLORS, ALL_TYPES, ManaBag, ManaTypes
from models.mana_effects import (
    CostModifier,
    ExtraLandPlays,
    ManaTrigger,
    ProductionReplacement,
    ReplacementKind,
    SpendAsThough,
    StaticEffect,
    TapDamage,
    TriggerEvent,
    UnspentManaEffect,
    UnspentMode,
)
from models.oracle import PART_OF_UNREAD, Entering, ParsedText, parse_oracle, parse_restriction
from models.types import BASIC_LAND_TYPES


def parsed(text: str, name: str = "") -> ParsedText:
    """The parse of a card's text, which must leave nothing unsupported."""
    result = parse_oracle(text, name)
    assert result.unsupported == (), result.unsupported
    return result


def abilities(text: str, name: str = "") -> tuple[ManaAbility, ...]:
    return parsed(text, name).mana_abilities


def ability(text: str, name: str = "") -> ManaAbility:
    """The one mana ability of a text that has exactly one."""
    (only,) = abilities(text, name)
    return only


def effect(text: str, name: str = "") -> StaticEffect:
    """The one effect of a text that has exactly one, and no mana ability."""
    result = parsed(text, name)
    assert result.mana_abilities == ()
    (only,) = result.effects
    return only


def bags(*mana: str) -> tuple[ManaBag, ...]:
    return tuple(ManaBag.parse(m) for m in mana)


# outputs ----------------------------------------------------------------------------------------------------


def test_fixed_output() -> None:
    forest_like = ability("{T}: Add {G}.")
    assert forest_like.output.kind is OutputKind.FIXED
    assert forest_like.output.options == bags("{G}")
    assert forest_like.output.amount.is_constant and forest_like.output.amount.constant == 1
    assert forest_like.cost.tap and not forest_like.cost.mana and forest_like.taps_for_mana
    sol_ring = ability("{T}: Add {C}{C}.", "Sol Ring")
    assert sol_ring.output.options == bags("{C}{C}")
    assert sol_ring.text == "{T}: Add {C}{C}."


def test_choice_output() -> None:
    dual = ability("{T}: Add {W} or {U}.")
    assert dual.output.kind is OutputKind.CHOICE
    assert dual.output.options == bags("{W}", "{U}")
    hierarch = parsed(
        "Exalted (Whenever a creature you control attacks alone, that creature gets +1/+1 until end of "
        "turn.)\n"
        "{T}: Add {G}, {W}, or {U}.",
        "Noble Hierarch",
    )
    assert hierarch.keywords == frozenset({"exalted"})
    (hierarch_ability,) = hierarch.mana_abilities
    assert hierarch_ability.output.kind is OutputKind.CHOICE
    assert set(hierarch_ability.output.options) == set(bags("{G}", "{W}", "{U}"))


def test_any_color() -> None:
    birds = parsed("Flying\n{T}: Add one mana of any color.", "Birds of Paradise")
    assert birds.keywords == frozenset({"flying"})
    (output,) = (a.output for a in birds.mana_abilities)
    assert output.kind is OutputKind.ANY_ONE
    assert output.amount.constant == 1
    assert output.palette.kind is PaletteKind.TYPES and output.palette.types == ALL_COLORS


def test_any_one_color_n() -> None:
    gilded = ability("{T}: Add three mana of any one color.", "Gilded Lotus")
    assert gilded.output.kind is OutputKind.ANY_ONE
    assert gilded.output.amount.constant == 3
    assert gilded.output.palette.types == ALL_COLORS


def test_any_combination_of_colors() -> None:
    cataracts = parsed(
        "Indestructible\n{T}: Add {C}.\n{5}, {T}: Add five mana in any combination of colors.",
        "Cascading Cataracts",
    )
    assert cataracts.keywords == frozenset({"indestructible"})
    plain, five = cataracts.mana_abilities
    assert plain.output.options == bags("{C}")
    assert five.output.kind is OutputKind.COMBINATION
    assert five.output.amount.constant == 5
    assert five.output.palette.types == ALL_COLORS
    assert five.cost.mana == ManaCost.parse("{5}") and five.cost.tap


@pytest.mark.parametrize(
    ("text", "amount", "types"),
    [
        ("{T}: Add two mana in any combination of {W} and/or {U}.", 2, "WU"),
        ("{T}: Add two mana in any combination of {R} and/or {G}.", 2, "RG"),
        ("{T}: Add three mana in any combination of {W}, {U}, and/or {B}.", 3, "WUB"),
    ],
)
def test_listed_combination(text: str, amount: int, types: str) -> None:
    output = ability(text).output
    assert output.kind is OutputKind.COMBINATION
    assert output.amount.constant == amount
    assert output.palette.kind is PaletteKind.TYPES and output.palette.types == ManaTypes.parse(types)


@pytest.mark.parametrize("name", ["Command Tower", "Arcane Signet"])
def test_commander_color_identity(name: str) -> None:
    output = ability("{T}: Add one mana of any color in your commander's color identity.", name).output
    assert output.kind is OutputKind.ANY_ONE
    assert output.palette.kind is PaletteKind.COMMANDER


def test_chosen_color() -> None:
    heart = parsed(
        "This artifact enters tapped.\nAs this artifact enters, choose a color.\n"
        "{T}: Add one mana of the chosen color.",
        "Coldsteel Heart",
    )
    (heart_ability,) = heart.mana_abilities
    assert heart_ability.output.palette.kind is PaletteKind.CHOSEN_COLOR
    assert heart.choices_needed == ("color",)
    assert heart.ignored == ("~ enters tapped.",)


def test_filter_land_bundles() -> None:
    plain, filtered = abilities("{T}: Add {C}.\n{W/U}, {T}: Add {W}{W}, {W}{U}, or {U}{U}.", "Mystic Gate")
    assert plain.output.options == bags("{C}")
    assert filtered.cost.mana == ManaCost.parse("{W/U}") and filtered.cost.tap
    assert filtered.output.kind is OutputKind.CHOICE
    assert filtered.output.options == bags("{W}{W}", "{W}{U}", "{U}{U}")


# costs ------------------------------------------------------------------------------------------------------


def test_mana_cost_on_the_ability() -> None:
    signet = ability("{1}, {T}: Add {W}{U}.", "Azorius Signet")
    assert signet.cost.mana == ManaCost.parse("{1}")
    assert signet.cost.tap and not signet.cost.untap
    assert signet.output.options == bags("{W}{U}")
    assert signet.cost.describe() == "{1}, {T}"


def test_untap_symbol_cost() -> None:
    pili = parsed("Flying\n{2}, {Q}: Add one mana of any color. ({Q} is the untap symbol.)", "Pili-Pala")
    (pili_ability,) = pili.mana_abilities
    assert pili_ability.cost.untap and not pili_ability.cost.tap
    assert pili_ability.cost.mana == ManaCost.parse("{2}")
    assert not pili_ability.taps_for_mana  # {Q} is not tapping for mana (CR 106.12)


def test_pay_life() -> None:
    confluence = ability("{T}, Pay 1 life: Add one mana of any color.", "Mana Confluence")
    assert confluence.cost.life == 1 and confluence.cost.tap
    assert confluence.output.palette.types == ALL_COLORS


@pytest.mark.parametrize(
    ("name", "text", "tap"),
    [
        ("Lotus Petal", "{T}, Sacrifice this artifact: Add one mana of any color.", True),
        ("Treasure", "{T}, Sacrifice this token: Add one mana of any color.", True),
        ("Eldrazi Scion", "Sacrifice this token: Add {C}.", False),
    ],
)
def test_sacrifice_self(name: str, text: str, tap: bool) -> None:
    sacrificed = ability(text, name)
    assert sacrificed.cost.sacrifice_self
    assert sacrificed.cost.sacrifice is None
    assert sacrificed.cost.tap is tap
    assert sacrificed.taps_for_mana is tap  # a sacrifice-only cost is not tapping for mana (CR 106.12)


def test_sacrifice_a_creature() -> None:
    altar = ability("Sacrifice a creature: Add {C}{C}.", "Ashnod's Altar")
    assert altar.cost.sacrifice is not None
    assert altar.cost.sacrifice.types == ("Creature",)
    assert altar.cost.sacrifice_count == 1
    assert not altar.cost.sacrifice_self and not altar.cost.tap
    assert altar.output.options == bags("{C}{C}")
    phyrexian = ability("Sacrifice a creature: Add one mana of any color.", "Phyrexian Altar")
    assert phyrexian.cost.sacrifice is not None and phyrexian.output.palette.types == ALL_COLORS


def test_remove_a_counter() -> None:
    mine = parsed(
        "This land enters with three mining counters on it.\n{T}, Remove a mining counter from this land: "
        "Add one mana of any color. If there are no mining counters on this land, sacrifice it.",
        "Gemstone Mine",
    )
    (mine_ability,) = mine.mana_abilities
    assert (mine_ability.cost.remove_counter, mine_ability.cost.remove_count) == ("mining", 1)
    assert mine_ability.cost.tap
    assert mine_ability.sacrifice_when_empty == "mining"
    assert mine.ignored == ("~ enters with three mining counters on it.",)
    plain, charged = abilities(
        "This land enters tapped with two charge counters on it.\n{T}: Add {U}.\n"
        "{T}, Remove a charge counter from this land: Add one mana of any color.",
        "Vivid Creek",
    )
    assert plain.cost.remove_counter == ""
    assert (charged.cost.remove_counter, charged.cost.remove_count) == ("charge", 1)
    assert charged.sacrifice_when_empty == ""


@pytest.mark.parametrize(
    ("name", "text", "damage"),
    [
        ("Adarkar Wastes", "{T}: Add {C}.\n{T}: Add {W} or {U}. This land deals 1 damage to you.", [0, 1]),
        ("Ancient Tomb", "{T}: Add {C}{C}. This land deals 2 damage to you.", [2]),
        (
            "Talisman of Progress",
            "{T}: Add {C}.\n{T}: Add {W} or {U}. This artifact deals 1 damage to you.",
            [0, 1],
        ),
        ("Elves of Deep Shadow", "{T}: Add {B}. This creature deals 1 damage to you.", [1]),
        ("Ancient Tomb", "{T}: Add {C}{C}. Ancient Tomb deals 2 damage to you.", [2]),  # by name
    ],
)
def test_self_damage(name: str, text: str, damage: list[int]) -> None:
    found = abilities(text, name)
    assert [a.self_damage for a in found] == damage
    assert all(a.cost.life == 0 for a in found)  # damage is an effect, not a cost (CR 118.3, 405.6c)


@pytest.mark.parametrize(
    ("name", "text", "output", "types", "controller", "mana"),
    [
        ("Gaea's Cradle", "{T}: Add {G} for each creature you control.", "{G}", ("Creature",), Who.YOU, ""),
        ("Cabal Coffers", "{2}, {T}: Add {B} for each Swamp you control.", "{B}", ("Swamp",), Who.YOU, "{2}"),
        (
            "Tolarian Academy",
            "{T}: Add {U} for each artifact you control.",
            "{U}",
            ("Artifact",),
            Who.YOU,
            "",
        ),
        ("Priest of Titania", "{T}: Add {G} for each Elf on the battlefield.", "{G}", ("Elf",), Who.ANY, ""),
    ],
)
def test_for_each_counts(
    name: str, text: str, output: str, types: tuple[str, ...], controller: Who, mana: str
) -> None:
    counted = ability(text, name)
    assert counted.output.kind is OutputKind.FIXED
    assert counted.output.options == bags(output)
    amount = counted.output.amount
    assert amount.kind is AmountKind.COUNT and amount.filter is not None
    assert amount.filter.types == types
    assert amount.filter.controller is controller
    assert counted.cost.mana == (ManaCost.parse(mana) if mana else ManaCost())


def test_for_each_with_a_static_line_and_counters() -> None:
    archdruid = parsed("Other Elf creatures you control get +1/+1.\n{T}: Add {G} for each Elf you control.")
    (archdruid_ability,) = archdruid.mana_abilities
    assert archdruid_ability.output.amount.filter == ObjectFilter(types=("Elf",), controller=Who.YOU)
    assert archdruid.ignored == ()
    (lord,) = archdruid.effects  # (layer 7c: planner.rules.power_changes)
    assert isinstance(lord, PowerChange) and (lord.power, lord.toughness) == (1, 1)
    assert lord.affected == ObjectFilter(types=("Elf", "Creature"), controller=Who.YOU, other=True)
    chalice = ability("{T}: Add {C} for each charge counter on this artifact.", "Everflowing Chalice")
    assert chalice.output.amount.kind is AmountKind.COUNTERS
    assert chalice.output.amount.counter == "charge"


def test_devotion() -> None:
    acolyte = ability(
        "{T}: Add an amount of {G} equal to your devotion to green. (Each {G} in the mana costs of "
        "permanents you control counts toward your devotion to green.)"
    )
    assert acolyte.output.options == bags("{G}")
    assert acolyte.output.amount.kind is AmountKind.DEVOTION
    assert acolyte.output.amount.colors == ManaTypes.parse("G")
    _, nykthos = abilities(
        "{T}: Add {C}.\n{2}, {T}: Choose a color. Add an amount of mana of that color equal to your devotion "
        "to that color. (Your devotion to a color is the number of mana symbols of that color in the mana "
        "costs of permanents you control.)",
        "Nykthos, Shrine to Nyx",
    )
    assert nykthos.output.kind is OutputKind.ANY_ONE
    assert nykthos.output.amount.kind is AmountKind.DEVOTION and not nykthos.output.amount.colors


# reflecting -------------------------------------------------------------------------------------------------


def test_reflecting_pool() -> None:
    pool = ability("{T}: Add one mana of any type that a land you control could produce.", "Reflecting Pool")
    palette = pool.output.palette
    assert palette.kind is PaletteKind.REFLECT
    assert palette.types == ALL_TYPES  # "any type" includes colorless (CR 106.7)
    assert palette.among == (ObjectFilter(types=("Land",), controller=Who.YOU),)


@pytest.mark.parametrize("name", ["Exotic Orchard", "Fellwar Stone"])
def test_exotic_orchard_and_fellwar_stone(name: str) -> None:
    reflect = ability("{T}: Add one mana of any color that a land an opponent controls could produce.", name)
    palette = reflect.output.palette
    assert palette.kind is PaletteKind.REFLECT
    assert palette.types == ALL_COLORS  # "any color": never colorless
    assert palette.among == (ObjectFilter(types=("Land",), controller=Who.OPPONENTS),)


def test_squandered_resources() -> None:
    squander = ability(
        "Sacrifice a land: Add one mana of any type the sacrificed land could produce.",
        "Squandered Resources",
    )
    assert squander.output.palette.kind is PaletteKind.REFLECT_SACRIFICED
    assert squander.output.palette.types == ALL_TYPES
    assert squander.cost.sacrifice is not None and squander.cost.sacrifice.types == ("Land",)
    assert not squander.cost.tap


def test_colors_among_and_each_color() -> None:
    amber = ability(
        "{T}: Add one mana of any color among legendary creatures and planeswalkers you control.", "Mox Amber"
    )
    assert amber.output.palette.kind is PaletteKind.COLORS_AMONG
    assert len(amber.output.palette.among) == 2
    assert all(f.controller is Who.YOU for f in amber.output.palette.among)
    tender = ability("{T}: For each color among permanents you control, add one mana of that color.")
    assert tender.output.kind is OutputKind.EACH_TYPE
    assert tender.output.palette.kind is PaletteKind.COLORS_AMONG


# restrictions, riders ---------------------------------------------------------------------------------------


ELDRAZI_TEMPLE = (
    "{T}: Add {C}.\n{T}: Add {C}{C}. Spend this mana only to cast colorless Eldrazi spells or activate "
    "abilities of colorless Eldrazi."
)


def test_eldrazi_temple_restriction() -> None:
    plain, restricted = abilities(ELDRAZI_TEMPLE, "Eldrazi Temple")
    assert plain.restriction is None
    assert restricted.output.options == bags("{C}{C}")
    restriction = restricted.restriction
    assert restriction is not None
    assert {(u.kind, u.types, u.colorless) for u in restriction.uses} == {
        (PaymentKind.SPELL, ("Eldrazi",), True),
        (PaymentKind.ABILITY, ("Eldrazi",), True),
    }
    assert restriction.allows(PaymentTarget.of("{3}{C}", type_line="Creature — Eldrazi"))
    assert not restriction.allows(PaymentTarget.of("{3}{U}", type_line="Creature — Eldrazi Drone"))
    assert not restriction.allows(PaymentTarget.of("{2}", type_line="Artifact"))
    assert restriction.allows(PaymentTarget.of("{1}", type_line="Creature — Eldrazi Scion", kind="ability"))


def test_cavern_of_souls_restriction_and_rider() -> None:
    cavern = parsed(
        "As this land enters, choose a creature type.\n{T}: Add {C}.\n{T}: Add one mana of any color. "
        "Spend this mana only to cast a creature spell of the chosen type, and that spell can't be "
        "countered.",
        "Cavern of Souls",
    )
    assert cavern.choices_needed == ("creature_type",)
    _, colored = cavern.mana_abilities
    assert colored.riders == ("that spell can't be countered",)
    restriction = colored.restriction
    assert restriction is not None
    (use,) = restriction.uses
    assert use.kind is PaymentKind.SPELL and use.types == ("Creature",) and use.chosen_type
    human = PaymentTarget.of("{1}{W}", type_line="Creature — Human Soldier")
    assert restriction.allows(human, chosen_type="Human")
    assert not restriction.allows(human, chosen_type="Elf")
    assert not restriction.allows(PaymentTarget.of("{1}{W}", type_line="Instant"), chosen_type="Human")


def test_jeweled_lotus_commander_restriction() -> None:
    lotus = ability(
        "{T}, Sacrifice this artifact: Add three mana of any one color. Spend this mana only to cast your "
        "commander.",
        "Jeweled Lotus",
    )
    assert lotus.cost.tap and lotus.cost.sacrifice_self
    assert lotus.output.kind is OutputKind.ANY_ONE and lotus.output.amount.constant == 3
    assert lotus.restriction is not None
    assert lotus.restriction.allows(
        PaymentTarget.of("{2}{G}", type_line="Legendary Creature", commander=True)
    )
    assert not lotus.restriction.allows(PaymentTarget.of("{2}{G}", type_line="Legendary Creature"))


def test_other_restrictions() -> None:
    rosheen = ability("{T}: Add {C}{C}{C}{C}. Spend this mana only on costs that contain {X}.")
    assert rosheen.restriction is not None
    assert rosheen.restriction.allows(PaymentTarget.of("{X}{R}"))
    assert not rosheen.restriction.allows(PaymentTarget.of("{2}{R}"))
    workshop = ability("{T}: Add {C}{C}{C}. Spend this mana only to cast artifact spells.")
    assert workshop.restriction is not None
    assert workshop.restriction.allows(PaymentTarget.of("{3}", type_line="Artifact Creature — Golem"))
    assert not workshop.restriction.allows(PaymentTarget.of("{3}", type_line="Creature — Golem"))
    assert parse_restriction("to cast instant or sorcery spells").allows(
        PaymentTarget.of("{U}", type_line="Sorcery")
    )


def test_urza_tower_conditional_output() -> None:
    tower = ability(
        "{T}: Add {C}. If you control an Urza's Mine and an Urza's Power-Plant, add {C}{C}{C} instead.",
        "Urza's Tower",
    )
    assert tower.output.options == bags("{C}")
    ((condition, instead),) = tower.conditional
    assert instead.options == bags("{C}{C}{C}")
    assert condition.at_least == 1
    assert [f.types for f in condition.filters] == [("Urza's", "Mine"), ("Urza's", "Power-Plant")]
    assert all(f.controller is Who.YOU for f in condition.filters)


# type changes, grants ---------------------------------------------------------------------------------------


def test_blood_moon_sets_land_types() -> None:
    for text in ("Nonbasic lands are Mountains.",):
        moon = effect(text, "Blood Moon")
        assert isinstance(moon, TypeChange)
        assert moon.land_types == ("Mountain",) and not moon.adds
        assert moon.affected.types == ("Land",) and moon.affected.excluded == ("Basic",)


def test_urborg_adds_a_land_type() -> None:
    urborg = effect("Each land is a Swamp in addition to its other land types.", "Urborg, Tomb of Yawgmoth")
    assert isinstance(urborg, TypeChange)
    assert urborg.land_types == ("Swamp",) and urborg.adds
    assert urborg.affected == ObjectFilter(types=("Land",))


def test_dryad_of_the_ilysian_grove_adds_every_basic_land_type() -> None:
    dryad = parsed(
        "You may play an additional land on each of your turns.\n"
        "Lands you control are every basic land type in addition to their other types.",
        "Dryad of the Ilysian Grove",
    )
    plays, change = dryad.effects
    assert isinstance(change, TypeChange)
    assert change.land_types == tuple(BASIC_LAND_TYPES) and change.adds
    assert change.affected.controller is Who.YOU
    # (CR 305.2a: a land play more on each of its controller's turns, which plan-turn counts)
    assert plays == ExtraLandPlays("You may play an additional land on each of your turns.", 1)
    assert not dryad.ignored


def test_aura_sets_the_enchanted_land_type() -> None:
    seas = parsed(
        "Enchant land\nWhen this Aura enters, draw a card.\nEnchanted land is an Island.", "Spreading Seas"
    )
    (change,) = seas.effects
    assert isinstance(change, TypeChange)
    assert change.land_types == ("Island",) and not change.adds and change.affected.attached


def test_chromatic_lantern_grants_a_mana_ability() -> None:
    lantern = parsed(
        'Lands you control have "{T}: Add one mana of any color."\n{T}: Add one mana of any color.',
        "Chromatic Lantern",
    )
    (grant,) = lantern.effects
    assert isinstance(grant, GrantAbility)
    assert grant.affected == ObjectFilter(types=("Land",), controller=Who.YOU)
    assert grant.ability.cost.tap and grant.ability.output.palette.types == ALL_COLORS
    (own,) = lantern.mana_abilities
    assert own.output.palette.types == ALL_COLORS
    rite = effect('Creatures you control have "{T}: Add one mana of any color."', "Cryptolith Rite")
    assert isinstance(rite, GrantAbility) and rite.affected.types == ("Creature",)


# replacements -----------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "text", "factor"),
    [
        (
            "Mana Reflection",
            "If you tap a permanent for mana, it produces twice as much of that mana instead.",
            2,
        ),
        (
            "Nyxbloom Ancient",
            "Trample\nIf you tap a permanent for mana, it produces three times as much of that mana instead.",
            3,
        ),
    ],
)
def test_multiplying_replacements(name: str, text: str, factor: int) -> None:
    multiply = effect(text, name)
    assert isinstance(multiply, ProductionReplacement)
    assert multiply.kind is ReplacementKind.MULTIPLY and multiply.factor == factor
    assert multiply.who is Who.YOU
    assert multiply.min_amount == 1


def test_contamination_sets_type_and_amount() -> None:
    contamination = parsed(
        "At the beginning of your upkeep, sacrifice this enchantment unless you sacrifice a creature.\n"
        "If a land is tapped for mana, it produces {B} instead of any other type and amount.",
        "Contamination",
    )
    (replacement,) = contamination.effects
    assert isinstance(replacement, ProductionReplacement)
    assert replacement.kind is ReplacementKind.SET_MANA and replacement.mana == ManaBag.parse("{B}")
    assert replacement.who is Who.ANY and replacement.affected.types == ("Land",)
    assert len(contamination.ignored) == 1  # the upkeep trigger is not about paying


def test_pale_moon_sets_type_only() -> None:
    moon = effect(
        "Until end of turn, if a player taps a nonbasic land for mana, it produces colorless mana instead of "
        "any other type.",
        "Pale Moon",
    )
    assert isinstance(moon, ProductionReplacement)
    assert moon.kind is ReplacementKind.SET_TYPE and moon.new_type == ManaTypes.parse("C")
    assert moon.affected.excluded == ("Basic",)


def test_damping_sphere() -> None:
    sphere = parsed(
        "If a land is tapped for two or more mana, it produces {C} instead of any other type and amount.\n"
        "Each spell a player casts costs {1} more to cast for each other spell that player has cast this "
        "turn.",
        "Damping Sphere",
    )
    replacement, tax = sphere.effects
    assert isinstance(replacement, ProductionReplacement)
    assert replacement.kind is ReplacementKind.SET_MANA and replacement.mana == ManaBag.parse("{C}")
    assert replacement.min_amount == 2
    assert isinstance(tax, CostModifier)
    assert tax.generic_delta == 1 and tax.per_other_spell_this_turn


# triggers ---------------------------------------------------------------------------------------------------

FLARE = "Whenever a player taps a land for mana, that player adds one mana of any type that land produced."


@pytest.mark.parametrize("name", ["Mana Flare", "Heartbeat of Spring"])
def test_mana_flare_and_heartbeat(name: str) -> None:
    flare = effect(FLARE, name)
    assert isinstance(flare, ManaTrigger)
    assert flare.event is TriggerEvent.TAPPED_FOR_MANA
    assert flare.who is Who.ANY and flare.affected.types == ("Land",) and flare.to_tapper
    assert flare.adds.kind is OutputKind.ANY_ONE and flare.adds.palette.kind is PaletteKind.PRODUCED


def test_zendikar_resurgent() -> None:
    resurgent = parsed(
        "Whenever you tap a land for mana, add one mana of any type that land produced. (The types of mana "
        "are white, blue, black, red, green, and colorless.)\n"
        "Whenever you cast a creature spell, draw a card.",
        "Zendikar Resurgent",
    )
    (trigger,) = resurgent.effects
    assert isinstance(trigger, ManaTrigger)
    assert trigger.who is Who.YOU and trigger.adds.palette.kind is PaletteKind.PRODUCED
    assert resurgent.ignored == ("Whenever you cast a creature spell, draw a card.",)


@pytest.mark.parametrize(
    ("name", "text", "kind", "mana"),
    [
        ("Wild Growth", "its controller adds an additional {G}.", OutputKind.FIXED, "{G}"),
        ("Overgrowth", "its controller adds an additional {G}{G}.", OutputKind.FIXED, "{G}{G}"),
        (
            "Fertile Ground",
            "its controller adds an additional one mana of any color.",
            OutputKind.ANY_ONE,
            "",
        ),
    ],
)
def test_land_auras(name: str, text: str, kind: OutputKind, mana: str) -> None:
    aura = parsed(f"Enchant land\nWhenever enchanted land is tapped for mana, {text}", name)
    assert "enchant" in aura.keywords
    (trigger,) = aura.effects
    assert isinstance(trigger, ManaTrigger)
    assert trigger.event is TriggerEvent.TAPPED_FOR_MANA
    assert trigger.affected.attached and trigger.affected.types == ("Land",)
    assert trigger.adds.kind is kind
    if mana:
        assert trigger.adds.options == bags(mana)
    else:
        assert trigger.adds.palette.types == ALL_COLORS


UTOPIA_SPRAWL = (
    "Enchant Forest\nAs this Aura enters, choose a color.\n"
    "Whenever enchanted Forest is tapped for mana, its controller adds an additional one mana of the chosen "
    "color."
)


def test_utopia_sprawl_trigger() -> None:
    sprawl = parsed(UTOPIA_SPRAWL, "Utopia Sprawl")
    (trigger,) = sprawl.effects
    assert isinstance(trigger, ManaTrigger)
    assert trigger.affected.attached and trigger.affected.types == ("Forest",)
    assert trigger.adds.palette.kind is PaletteKind.CHOSEN_COLOR


def test_utopia_sprawl_needs_a_color() -> None:
    sprawl = parse_oracle(UTOPIA_SPRAWL, "Utopia Sprawl")
    assert sprawl.choices_needed == ("color",)
    assert sprawl.ignored == ()


def test_caged_sun() -> None:
    sun = parsed(
        "As this artifact enters, choose a color.\nCreatures you control of the chosen color get +1/+1.\n"
        "Whenever a land's ability causes you to add one or more mana of the chosen color, add an additional "
        "one mana of that color.",
        "Caged Sun",
    )
    assert sun.choices_needed == ("color",)
    pump, trigger = sun.effects
    assert isinstance(pump, PowerChange) and (pump.power, pump.toughness) == (1, 1)
    assert pump.affected.chosen_color and pump.affected.controller is Who.YOU
    assert isinstance(trigger, ManaTrigger)
    assert trigger.event is TriggerEvent.LAND_ADDS_MANA
    assert trigger.chosen_color and trigger.who is Who.YOU and not trigger.to_tapper
    assert trigger.adds.palette.kind is PaletteKind.SAME_AS_TRIGGER and trigger.adds.amount.constant == 1


def test_gauntlet_of_power() -> None:
    gauntlet = parsed(
        "As this artifact enters, choose a color.\nCreatures of the chosen color get +1/+1.\n"
        "Whenever a basic land is tapped for mana of the chosen color, its controller adds an additional one "
        "mana of that color.",
        "Gauntlet of Power",
    )
    assert gauntlet.choices_needed == ("color",)
    pump, trigger = gauntlet.effects
    assert isinstance(pump, PowerChange) and pump.affected.chosen_color
    assert pump.affected.controller is Who.ANY  # (every creature of that color, an opponent's too)
    assert isinstance(trigger, ManaTrigger)
    assert trigger.event is TriggerEvent.TAPPED_FOR_MANA
    assert trigger.chosen_color and trigger.to_tapper
    assert set(trigger.affected.types) == {"Basic", "Land"}
    assert trigger.adds.palette.kind is PaletteKind.SAME_AS_TRIGGER


def test_high_tide_until_end_of_turn() -> None:
    tide = effect(
        "Until end of turn, whenever a player taps an Island for mana, that player adds an additional {U}.",
        "High Tide",
    )
    assert isinstance(tide, ManaTrigger)
    assert tide.affected.types == ("Island",) and tide.adds.options == bags("{U}")


# unspent mana -----------------------------------------------------------------------------------------------


def test_upwelling_keeps_mana() -> None:
    upwelling = effect("Players don't lose unspent mana as steps and phases end.", "Upwelling")
    assert isinstance(upwelling, UnspentManaEffect)
    assert upwelling.mode is UnspentMode.KEEP and upwelling.who is Who.ANY and upwelling.types == ALL_TYPES


def test_horizon_stone_makes_mana_colorless() -> None:
    stone = effect("If you would lose unspent mana, that mana becomes colorless instead.", "Horizon Stone")
    assert isinstance(stone, UnspentManaEffect)
    assert stone.mode is UnspentMode.BECOME and stone.who is Who.YOU


def test_kruphix() -> None:
    kruphix = parsed(
        "Indestructible\nAs long as your devotion to green and blue is less than seven, Kruphix isn't a "
        "creature.\nYou have no maximum hand size.\nIf you would lose unspent mana, that mana becomes "
        "colorless "
        "instead.",
        "Kruphix, God of Horizons",
    )
    god, unspent = kruphix.effects
    # (a God: no creature while its devotion is below seven, tests/test_gods_devotion.py)
    assert isinstance(god, TypeChange) and god.removes_card_types == ("Creature",)
    assert isinstance(unspent, UnspentManaEffect) and unspent.mode is UnspentMode.BECOME
    assert kruphix.keywords == frozenset({"indestructible"})
    assert kruphix.ignored == ("You have no maximum hand size.",)


# other effects ----------------------------------------------------------------------------------------------


def test_spend_as_though() -> None:
    dawn = parsed(
        "Lands you control are Plains.\nYou may spend white mana as though it were mana of any color. "
        "You may spend other mana only as though it were colorless mana.",
        "Celestial Dawn",
    )
    change, white, other = dawn.effects
    assert isinstance(change, TypeChange) and change.land_types == ("Plains",) and not change.adds
    assert isinstance(white, SpendAsThough)
    assert white.types == ManaTypes.parse("W") and white.as_types == ALL_COLORS and not white.only
    assert isinstance(other, SpendAsThough)
    assert other.others and other.only and other.as_types == ManaTypes.parse("C")


def test_cost_modifier() -> None:
    familiar = parsed("First strike\nBlack spells and green spells you cast cost {1} less to cast.")
    (modifier,) = familiar.effects
    assert isinstance(modifier, CostModifier)
    assert modifier.colors == ManaTypes.parse("BG") and modifier.generic_delta == -1
    assert modifier.who is Who.YOU
    assert familiar.keywords == frozenset({"first strike"})


def test_city_of_brass_damage_on_tapping() -> None:
    city = parsed(
        "Whenever this land becomes tapped, it deals 1 damage to you.\n{T}: Add one mana of any color."
    )
    (damage,) = city.effects
    assert isinstance(damage, TapDamage) and damage.damage == 1
    (city_ability,) = city.mana_abilities
    assert city_ability.self_damage == 0  # the damage is a trigger on tapping, not part of the ability


def test_tapping_other_creatures_as_a_cost() -> None:
    architect = parsed(
        "Other blue creatures you control get +1/+1.\n{U}: Target artifact creature becomes blue until end "
        "of "
        "turn.\nTap an untapped blue creature you control: Add {C}{C}. Spend this mana only to cast artifact "
        "spells or activate abilities of artifacts.",
        "Grand Architect",
    )
    (architect_ability,) = architect.mana_abilities
    cost = architect_ability.cost
    assert cost.tap_others is not None and cost.tap_others_count == 1
    assert cost.tap_others.untapped and cost.tap_others.colors == ManaTypes.parse("U")
    assert cost.tap_others.types == ("Creature",) and cost.tap_others.controller is Who.YOU
    assert not cost.tap  # tapping another creature is not tapping this one for mana (CR 106.12)
    assert len(architect.ignored) == 1  # the targeted ability (the anthem is read: layer 7c)
    assert [type(e).__name__ for e in architect.effects] == ["PowerChange"]
    drum = ability("{T}, Tap an untapped creature you control: Add one mana of any color.", "Springleaf Drum")
    assert drum.cost.tap and drum.cost.tap_others is not None


def test_not_mana_abilities_are_ignored() -> None:
    ritual = parse_oracle("Add {B}{B}{B}.", "Dark Ritual")  # a spell's effect, not a mana ability (605.5b)
    assert (ritual.mana_abilities, ritual.ignored, ritual.unsupported) == ((), ("Add {B}{B}{B}.",), ())
    loyalty = parse_oracle("−1: Add {R}{R}.")  # loyalty abilities are not mana abilities (605.1a)
    assert (loyalty.mana_abilities, loyalty.unsupported) == ((), ())
    upkeep = parse_oracle(
        "This artifact doesn't untap during your untap step.\n{T}: Add {C}{C}{C}.\n{4}: Untap this artifact.",
        "Grim Monolith",
    )
    assert len(upkeep.mana_abilities) == 1 and len(upkeep.ignored) == 2 and upkeep.unsupported == ()


def test_keyword_lines() -> None:
    caryatid = parsed("Defender, hexproof\n{T}: Add one mana of any color.", "Sylvan Caryatid")
    assert caryatid.keywords == frozenset({"defender", "hexproof"})
    assert not parsed("Haste\n{T}: Add {R}.").keywords ^ {"haste"}
    assert parsed("Haste\n{T}: Add {R}.").has_haste


# cards not in the catalogue ---------------------------------------------------------------------------------


def test_three_of_one_color() -> None:
    output = ability("{T}: Add {R}{R}{R}.").output
    assert output.kind is OutputKind.FIXED and output.options == bags("{R}{R}{R}")


def test_sacrifice_a_creature_type() -> None:
    goblin = ability("Sacrifice a Goblin: Add {R}.")
    assert goblin.cost.sacrifice is not None and goblin.cost.sacrifice.types == ("Goblin",)
    assert not goblin.cost.tap and goblin.output.options == bags("{R}")


def test_generic_cost_then_tap() -> None:
    ritual_rock = ability("{1}, {T}: Add {B}{B}.")
    assert ritual_rock.cost.mana == ManaCost.parse("{1}") and ritual_rock.cost.tap
    assert ritual_rock.output.options == bags("{B}{B}")


def test_tap_an_untapped_elf() -> None:
    elf = ability("Tap an untapped Elf you control: Add {G}.")
    assert elf.cost.tap_others == ObjectFilter(types=("Elf",), controller=Who.YOU, untapped=True)
    assert elf.cost.tap_others_count == 1 and not elf.cost.tap


@pytest.mark.parametrize(
    "text",
    [
        "{T}: Add one mana of any color. Spend this mana only to juggle.",  # an unknown restriction
        "Whenever a land is tapped for mana, its controller adds mana of a strange sort.",
        "{T}: Add {G} for each card in your hand that shares a name with a land.",
        "{T}: Add {W} and/or {U}.",
    ],
)
def test_unknown_mana_text_is_unsupported(text: str) -> None:
    result = parse_oracle(text)
    assert len(result.unsupported) == 1 and text.split("\n")[0] in result.unsupported[0]
    assert result.mana_abilities == () and result.effects == ()
    with pytest.raises(OracleParseError, match="unsupported text"):
        parse_oracle(text, "Homebrew", strict=True)


def test_an_extra_unknown_sentence_after_a_mana_ability_is_reported() -> None:
    result = parse_oracle("{T}: Add {C}. This ability makes you feel lucky.")
    assert result.mana_abilities == ()  # never used as if the unread part were absent (contract section 5)
    assert [(s.read_as, s.note) for s in result.sentences] == [
        ("unsupported", PART_OF_UNREAD),
        ("unsupported", ""),
    ]
    assert result.unsupported == (
        "{T}: Add {C}. This ability makes you feel lucky. [This ability makes you feel lucky.]",
    )


@pytest.mark.parametrize(
    "text",
    [
        "When this creature enters, draw a card.",
        "Flying, trample",
        "Creatures you control get +1/+1 until end of turn.",
        "The wind whispers through the trees.",
        "{2}{U}: Draw a card.",
    ],
)
def test_sentences_not_about_mana_are_ignored(text: str) -> None:
    result = parse_oracle(text)
    assert result.unsupported == () and result.mana_abilities == () and result.effects == ()
    assert result.ignored or result.keywords


def test_reminder_text_is_stripped() -> None:
    result = parsed("{T}: Add {G}. (This reminder text mentions spending mana and {Q}.)")
    (only,) = result.mana_abilities
    assert only.output.options == bags("{G}")
    assert result.ignored == ()


def test_self_references_by_name_and_by_this() -> None:
    named = ability("{T}: Add {C}{C}. Homebrew Tomb deals 3 damage to you.", "Homebrew Tomb")
    assert named.self_damage == 3
    unnamed = parse_oracle("{T}: Add {C}{C}. Homebrew Tomb deals 3 damage to you.")
    assert unnamed.unsupported  # without the card's name the sentence can't be read, and it says so


def test_a_color_before_a_choice_of_types_qualifies_every_type() -> None:
    restriction = parse_restriction("Spend this mana only to cast red instant or sorcery spells.")
    assert restriction.allows(PaymentTarget.of("{1}{R}", type_line="Sorcery"))
    assert not restriction.allows(PaymentTarget.of("{1}{U}", type_line="Sorcery"))
    assert not restriction.allows(PaymentTarget.of("{1}{R}", type_line="Creature — Goblin"))


@pytest.mark.parametrize(
    ("name", "text", "expected"),
    [
        (
            "Hallowed Fountain",
            "({T}: Add {W} or {U}.)\n"
            "As Hallowed Fountain enters, you may pay 2 life. If you don't, it enters tapped.",
            Entering(tapped=True, unless_life=2),
        ),
        (
            "Glacial Fortress",
            "Glacial Fortress enters tapped unless you control a Plains or an Island.\n{T}: Add {W} or {U}.",
            Entering(tapped=True, unless_control=("Plains", "Island")),
        ),
        (
            "Seachrome Coast",
            "This land enters tapped unless you control two or fewer other lands.\n{T}: Add {W} or {U}.",
            Entering(tapped=True, unless_other_lands=2),
        ),
        (
            "Homebrew Gate",
            "Homebrew Gate enters tapped unless you revealed a Gate card this turn.\n{T}: Add {W}.",
            Entering(tapped=True, unless="you revealed a Gate card this turn"),
        ),
        (
            "Azorius Chancery",
            "This land enters tapped.\nWhen this land enters, return a land you control to its owner's hand."
            "\n{T}: Add {W}{U}.",
            Entering(tapped=True, returns_land=True),
        ),
        (
            "Vivid Creek",
            "This land enters tapped with two charge counters on it.\n{T}: Add {U}.",
            Entering(tapped=True),
        ),
        ("Tundra", "({T}: Add {W} or {U}.)", None),
    ],
)
def test_how_a_permanent_enters(name: str, text: str, expected: Entering | None) -> None:
    result = parse_oracle(text, name)
    assert result.entering == expected
    assert not result.unsupported  # the sentences are still ignored during a payment, as before
