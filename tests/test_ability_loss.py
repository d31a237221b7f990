"""Abilities lost by what a filter matches (issue 35, layer 6, CR 613.1f): Humility's 'All creatures lose all
abilities and have base power and toughness 1/1', Dress Down's 'Creatures lose all abilities', Blood Sun's
'All lands lose all abilities except mana abilities'. Each board's answer is worked out by hand from the rules
(cited by each test) and checked against the reference search (:func:`boards.checked_verdict`); the cards are
small fixtures written here (their texts as the boards give them).
"""

from __future__ import annotations

from typing import Any

from boards import ME, OPP, checked_verdict, could, custom, largest_x, make_board, mine

from models.cost import PaymentTarget
from models.layer_effects import AbilityLoss, TypeChange
from models.oracle import parse_oracle
from planner.api import pay, text_warnings
from planner.solve.fast import fragment_reason
from planner.solve.problem import PaymentProblem

HUMILITY = "All creatures lose all abilities and have base power and toughness 1/1."
DRESS_DOWN = "Creatures lose all abilities."
BLOOD_SUN = "When this enchantment enters, draw a card.\nAll lands lose all abilities except mana abilities."
RITE = 'Creatures you control have "{T}: Add {G}."'


def enchantment(pid: str, oracle: str, **fields: Any) -> dict[str, Any]:
    """An enchantment of "me" with this text."""
    return custom(f"Enchantment {pid}", pid, "Enchantment", oracle, controller=ME, **fields)


def creature(pid: str, oracle: str, **fields: Any) -> dict[str, Any]:
    """A 1/1 creature of "me" with this text."""
    return custom(
        f"Creature {pid}", pid, "Creature — Elf", oracle, controller=ME, power=1, toughness=1, **fields
    )


# ------------------------------------------------------------------------------------------------ reading


def test_the_losses_are_read_with_their_filters() -> None:
    (humility,) = parse_oracle(HUMILITY).effects
    assert isinstance(humility, AbilityLoss)
    assert (humility.affected.describe(), humility.except_mana) == ("creature", False)
    assert (humility.base_power, humility.base_toughness) == (1, 1)
    (dress,) = parse_oracle(DRESS_DOWN).effects
    assert isinstance(dress, AbilityLoss) and dress.base_power is None
    (sun,) = parse_oracle(BLOOD_SUN).effects
    assert isinstance(sun, AbilityLoss) and sun.except_mana and sun.affected.describe() == "land"
    splendor = "Creatures your opponents control lose all abilities and have base power and toughness 1/1."
    (theirs,) = parse_oracle(splendor).effects
    assert isinstance(theirs, AbilityLoss) and theirs.affected.describe() == "creature an opponent controls"
    (nonland,) = parse_oracle("Nonland permanents your opponents control lose all abilities.").effects
    assert isinstance(nonland, AbilityLoss) and nonland.affected.describe() == "nonland an opponent controls"


def test_a_humility_base_power_is_a_power_change() -> None:
    # (layer 7b is read, not applied: what reads a power on such a board is set aside, never guessed)
    assert parse_oracle(HUMILITY).changes_power
    assert not parse_oracle(DRESS_DOWN).changes_power


def test_what_is_no_static_loss_is_not_read_as_one() -> None:
    # (a spell's mode until end of turn, Final Showdown's, and a target's: no effect a board has in force)
    for text in (
        "All creatures lose all abilities until end of turn.",
        "Target creature loses all abilities.",
    ):
        assert not parse_oracle(text).effects, text
        assert not parse_oracle(text).unsupported, text
    # (a filter that reads an ability: whether it matches would depend on the loss itself)
    flying = "Each creature with flying loses all abilities."
    assert parse_oracle(flying).unsupported == (flying,)


# ------------------------------------------------------------------------------------------------ Humility


def test_an_elf_under_humility_makes_no_mana() -> None:
    """CR 613.1f: Llanowar Elves loses '{T}: Add {G}' in layer 6; the Forest is no creature."""
    board = make_board([mine("e", "Llanowar Elves"), enchantment("h", HUMILITY), mine("f", "Forest")])
    assert could(board)["e"] == ""
    assert checked_verdict(board, "{G}") and not checked_verdict(board, "{G}{G}")
    assert largest_x(board) == 1 and not text_warnings(board)
    alone = make_board([mine("e", "Llanowar Elves"), mine("f", "Forest")])
    assert checked_verdict(alone, "{G}{G}")


def test_a_land_creature_loses_its_land_types_ability() -> None:
    """CR 305.6, 613.1f: Dryad Arbor's '{T}: Add {G}' is an ability it has as a Forest; Humility takes it in
    layer 6, after the types of layer 4."""
    board = make_board([mine("d", "Dryad Arbor"), enchantment("h", DRESS_DOWN)])
    assert could(board)["d"] == ""
    assert not checked_verdict(board, "{G}")


def test_only_the_opponents_creatures_lose_them() -> None:
    text = "Creatures your opponents control lose all abilities."
    board = make_board(
        [
            mine("e", "Llanowar Elves"),
            enchantment("s", text),
            {**mine("o", "Llanowar Elves"), "controller": OPP},
        ]
    )
    found = could(board)
    assert (found["e"], could(board, OPP)["o"]) == ("G", "")
    assert checked_verdict(board, "{G}")


def test_a_grant_after_humility_stays_and_one_before_is_lost() -> None:
    """CR 613.7: in layer 6 the loss and the grant of an enchantment apply in timestamp order (the board's
    order): Rite granted after Humility is kept, before it is lost."""
    after = make_board([enchantment("h", HUMILITY), mine("e", "Llanowar Elves"), enchantment("r", RITE)])
    assert could(after)["e"] == "G"
    assert checked_verdict(after, "{G}") and not checked_verdict(after, "{G}{G}")
    before = make_board([enchantment("r", RITE), mine("e", "Llanowar Elves"), enchantment("h", HUMILITY)])
    assert could(before)["e"] == ""
    assert not checked_verdict(before, "{G}")


def test_a_creatures_grant_depends_on_the_loss() -> None:
    """CR 613.8a: Humility takes the granting creature's ability, so the grant depends on Humility, which
    applies first whatever the timestamps: no creature has '{T}: Add {G}'."""
    board = make_board([enchantment("h", HUMILITY), creature("c", RITE), mine("e", "Llanowar Elves")])
    assert could(board) == {"h": "", "c": "", "e": ""}
    assert not checked_verdict(board, "{G}")


def test_a_creatures_type_change_still_applies() -> None:
    """CR 613.1d before 613.1f: a creature's 'Nonbasic lands are Mountains.' applies in layer 4, before
    Humility takes it in layer 6 (Magus of the Moon under Humility)."""
    magus = creature("m", "Nonbasic lands are Mountains.")
    board = make_board([enchantment("h", HUMILITY), magus, mine("l", "Tropical Island")])
    assert could(board)["l"] == "R"
    assert checked_verdict(board, "{R}") and not checked_verdict(board, "{G}")


def test_a_loss_on_its_own_source_still_applies() -> None:
    """CR 613.6: a creature whose 'Creatures lose all abilities.' takes its own abilities still applies it in
    full: the Elves make nothing, and neither does its own mana ability."""
    giant = creature("g", "{T}: Add {C}.\nCreatures lose all abilities.")
    board = make_board([giant, mine("e", "Llanowar Elves"), mine("f", "Forest")])
    assert could(board) == {"g": "", "e": "", "f": "G"}
    assert checked_verdict(board, "{G}") and not checked_verdict(board, "{1}{G}")


def test_a_loss_whose_source_another_takes_does_not_exist() -> None:
    """CR 613.8a, 613.8b: Dress Down (on a creature) takes the abilities of the creature whose loss is
    Blood Sun's, which so depends on it and no longer exists: the land keeps its grant of {B} (a static
    ability, no mana ability, which Blood Sun would take)."""
    granter = custom("Grant Land", "g", "Land", 'Other lands you control have "{T}: Add {B}."', controller=ME)
    first = creature("d", DRESS_DOWN)
    sun = creature("s", "All lands lose all abilities except mana abilities.")
    board = make_board([first, sun, granter, mine("f", "Forest")])
    assert could(board)["f"] == "BG"
    assert checked_verdict(board, "{B}")
    alone = make_board([sun, granter, mine("f", "Forest")])
    assert could(alone)["f"] == "G"
    assert not checked_verdict(alone, "{B}")


def test_sacrificing_humility_gives_the_abilities_back() -> None:
    """CR 611.3a: once Humility is sacrificed for mana its effect ends, and the Elves tap for {G}."""
    altar = custom("Altar", "a", "Artifact", "Sacrifice an enchantment: Add {C}.", controller=ME)
    board = make_board([enchantment("h", HUMILITY), mine("e", "Llanowar Elves"), altar])
    assert checked_verdict(board, "{C}{G}")
    assert not checked_verdict(board, "{G}{G}")


def test_the_fast_path_reads_the_board() -> None:
    board = make_board([mine("e", "Llanowar Elves"), enchantment("h", HUMILITY), mine("f", "Forest")])
    assert fragment_reason(PaymentProblem.of(board, PaymentTarget.of("{G}"), ME)) is None
    assert checked_verdict(board, "{1}") and not checked_verdict(board, "{2}")


# ------------------------------------------------------------------------------------------------ Blood Sun


def test_blood_sun_keeps_mana_abilities() -> None:
    """Blood Sun's lands keep their mana abilities (the text's and a land type's, CR 305.6); a land's
    static ability that grants one is lost (CR 613.1f)."""
    granter = custom("Grant Land", "g", "Land", 'Other lands you control have "{T}: Add {B}."', controller=ME)
    board = make_board([granter, enchantment("s", BLOOD_SUN), mine("f", "Forest"), mine("d", "Dryad Arbor")])
    found = could(board)
    assert (found["f"], found["d"]) == ("G", "G")
    assert checked_verdict(board, "{G}{G}") and not checked_verdict(board, "{B}")


def test_blood_sun_takes_a_land_creatures_haste() -> None:
    """CR 302.6, 702.10: a summoning-sick land creature taps for mana only with haste, which Blood Sun takes
    (haste is no mana ability)."""
    hasty = custom(
        "Hasty Arbor",
        "a",
        "Land Creature — Forest Dryad",
        "Haste",
        controller=ME,
        power=1,
        toughness=1,
        summoning_sick=True,
    )
    assert checked_verdict(make_board([hasty]), "{G}")
    assert not checked_verdict(make_board([hasty, enchantment("s", BLOOD_SUN)]), "{G}")


def test_a_land_type_change_under_blood_sun_still_applies() -> None:
    """CR 613.1d before 613.1f: Urborg's 'Each land is a Swamp in addition to its other types' applies in
    layer 4, before Blood Sun takes it in layer 6: the Forest is a Swamp too."""
    board = make_board(
        [mine("u", "Urborg, Tomb of Yawgmoth"), enchantment("s", BLOOD_SUN), mine("f", "Forest")]
    )
    assert could(board)["f"] == "BG"
    assert checked_verdict(board, "{B}{B}")


# ------------------------------------------------------------------------------------------------ Opalescence

OPALESCENCE = (
    "Each other non-Aura enchantment is a creature in addition to its other types and has base power and "
    "base toughness each equal to its mana value."
)


def test_opalescence_sets_each_base_power_to_its_mana_value() -> None:
    """Opalescence's creatures have base power and toughness each equal to their own mana value (layer 7b, CR
    613.4b, 202.3): an enchantment of mana value 3 whose mana reads its power adds {G}{G}{G}, and with a +1/+1
    counter (layer 7c, 613.4c, on top) four; X is that and the Forest's {G}. (It was set aside, warned.)"""
    (change,) = parse_oracle(OPALESCENCE).effects
    assert isinstance(change, TypeChange) and change.card_types == ("Creature",) and change.base_mana_value
    assert not parse_oracle(OPALESCENCE).changes_power
    grove = "{T}: Add an amount of {G} equal to this enchantment's power."
    for counters, power in ((0, 3), (1, 4)):
        shrine = enchantment("s", grove, mana_cost="{2}{G}", counters={"+1/+1": counters})
        board = make_board(
            [enchantment("o", OPALESCENCE, mana_cost="{2}{W}{W}"), shrine, mine("f", "Forest")]
        )
        assert not text_warnings(board)
        assert checked_verdict(board, "{G}" * (power + 1)) and not checked_verdict(board, "{G}" * (power + 2))
        assert largest_x(board) == power + 1


def test_an_enchantment_made_a_creature_is_summoning_sick() -> None:
    """CR 302.6: an enchantment Opalescence makes a creature can't use its {T} ability the turn it came under
    its controller's control."""
    shrine = {**enchantment("s", "{T}: Add {C}."), "summoning_sick": True}
    assert checked_verdict(make_board([shrine]), "{C}")
    board = make_board([enchantment("o", OPALESCENCE), shrine])
    assert could(board)["s"] == "C"  # (it could, were it not sick: CR 106.7 reads the ability)
    assert not checked_verdict(board, "{C}")


def test_humility_and_opalescence() -> None:
    """Humility's ruling with Opalescence: Humility is a creature (layer 4) and every creature, Humility
    itself included, loses its abilities in layer 6 whatever the timestamps (CR 613.6: its effect applies in
    full though it takes its own ability); the enchantment with a mana ability made a creature loses it."""
    shrine = enchantment("s", "{T}: Add {C}.")
    for order in ((OPALESCENCE, HUMILITY), (HUMILITY, OPALESCENCE)):
        first, second = order
        board = make_board(
            [enchantment("a", first), enchantment("b", second), shrine, mine("e", "Llanowar Elves")]
        )
        assert could(board) == {"a": "", "b": "", "s": "", "e": ""}, order
        assert not checked_verdict(board, "{1}"), order


# ------------------------------------------------------------------------------------------------ relatives


def test_bans_unless_mana_abilities_take_no_mana_ability() -> None:
    """Sharkey's and Damping Matrix's bans exempt mana abilities (CR 605.1a): nothing a payment uses."""
    for text in (
        "Activated abilities of lands your opponents control can't be activated unless they're mana "
        "abilities.",
        "Activated abilities of artifacts and creatures can't be activated unless they're mana abilities.",
    ):
        read = parse_oracle(text)
        assert not read.effects and not read.unsupported and read.ignored == (text,), text
    matrix = custom(
        "Matrix",
        "m",
        "Artifact",
        "Activated abilities of artifacts and creatures can't be activated unless they're mana abilities.",
        controller=ME,
    )
    assert checked_verdict(make_board([matrix, mine("e", "Llanowar Elves")]), "{G}")


def test_haste_granted_before_humility_is_lost() -> None:
    """CR 613.7, 302.6: a summoning-sick Elf given '{T}: Add {G}' after Humility taps only with haste that
    came after Humility too: haste granted before it is lost with the Elf's other abilities."""
    sick = mine("e", "Llanowar Elves", summoning_sick=True)
    haste = enchantment("fires", "Creatures you control have haste.")
    late = make_board([enchantment("h", HUMILITY), haste, sick, enchantment("r", RITE)])
    assert checked_verdict(late, "{G}")
    early = make_board([haste, enchantment("h", HUMILITY), sick, enchantment("r", RITE)])
    assert could(early)["e"] == "G"
    assert not checked_verdict(early, "{G}")


def test_a_land_animated_under_humility_loses_its_abilities() -> None:
    """CR 613.1d, 613.1f: a land made a creature (in layer 4, whatever its timestamp: the board gives it as a
    creature) loses its mana ability to Humility in layer 6."""
    factory = custom(
        "Factory",
        "m",
        "Land Creature — Assembly-Worker",
        "{T}: Add {C}.",
        controller=ME,
        power=2,
        toughness=2,
    )
    board = make_board([enchantment("h", HUMILITY), factory, mine("f", "Forest")])
    assert could(board)["m"] == ""
    assert checked_verdict(board, "{G}") and not checked_verdict(board, "{1}{G}")


def test_a_chapters_grant_before_humility_is_reported() -> None:
    """CR 613.7a: a chapter's grant has the chapter's timestamp, later than the Saga's: under a Humility that
    entered after the Saga, whether it came before or after the chapter is not on the board. Set aside with
    a warning, never guessed; under a Humility that entered before the Saga, it came after: kept."""
    song = custom(
        "Song",
        "s",
        "Enchantment — Saga",
        "(As this Saga enters and after your draw step, add a lore counter.)\n"
        'I, II — Until your next turn, creatures you control gain "{T}: Add one mana of any color."\n'
        "III — Put a +1/+1 counter on each creature you control. Those creatures gain vigilance, trample, "
        "and indestructible until end of turn.",
        controller=ME,
        counters={"lore": 1},
    )
    after = make_board([song, enchantment("h", HUMILITY), mine("e", "Llanowar Elves")])
    assert could(after)["e"] == ""
    assert any("chapter" in w.reason for w in text_warnings(after))
    before = make_board([enchantment("h", HUMILITY), song, mine("e", "Llanowar Elves")])
    assert could(before)["e"] == "WUBRG"
    assert checked_verdict(before, "{U}")


def test_blood_sun_takes_city_of_brass_damage_trigger() -> None:
    """City of Brass's damage is a triggered ability of its own, no mana ability (CR 605.1b: it adds no
    mana): Blood Sun takes it, and tapping the City for {R} deals no damage."""
    alone = pay(make_board([mine("c", "City of Brass")]), PaymentTarget.of("{R}"))
    assert alone.payable and alone.damage_taken == 1
    board = make_board([mine("c", "City of Brass"), enchantment("s", BLOOD_SUN)])
    assert checked_verdict(board, "{R}")
    result = pay(board, PaymentTarget.of("{R}"))
    assert result.payable and result.damage_taken == 0


def test_sacrificing_a_humility_made_a_creature_gives_the_abilities_back() -> None:
    """CR 613.6, 611.3a: Humility made a creature by Opalescence takes its own abilities, its effect applying
    all the same; sacrificed for mana (a creature), its effect ends and the Elves tap for {G}."""
    altar = custom("Altar", "a", "Artifact", "Sacrifice a creature: Add {C}{C}.", controller=ME)
    elves = mine("e", "Llanowar Elves")
    board = make_board([enchantment("o", OPALESCENCE), enchantment("h", HUMILITY), altar, elves])
    assert checked_verdict(board, "{C}{C}{G}")
