"""The Comprehensive Rules' own examples about mana, and the mana facts Wagic's and Magarena's tests assert,
replayed on the planner.

Each case cites its source in a comment: a CR rule and its example (the edition of 2020-06-01 for the
examples, the current one for 702.51b), a Wagic test file (WagicProject/wagic,
``projects/mtg/bin/Res/test``) or a Magarena test scenario (magarena/magarena, ``src/magic/test``). Only
facts are taken from them: what a board could produce, whether a cost is payable, the total cost, the life
paid or the damage taken, the largest X. Where a peer asserts more than the rules fix (which of two
equally good sources it taps), the case checks only what the rules and our objective (docs/objective.md)
fix, and says so. The worked examples of RULES.md are in ``test_rules_examples.py`` and are not repeated.

Magarena's ``src/magic/test`` classes set up a game for a person or the AI to play and assert nothing
themselves; the cases taken from them check what the rules say of the position they set up.
"""

from __future__ import annotations

from typing import Any

import pytest
from boards import card, could, custom, make_board

from models.board import Board
from models.cost import ManaCost
from models.spells import find_spell, spell_target
from planner import PaymentTarget, max_x, pay
from planner.api import PayResult, text_warnings


def paid(board: Board, cost: str, type_line: str = "Instant", **target: Any) -> PayResult:
    """``pay`` for a cost written as a string, paying for a spell of ``type_line`` unless told otherwise."""
    return pay(board, PaymentTarget.of(cost, type_line=type_line, **target))


def creature(name: str, pid: str, mana_cost: str, **fields: Any) -> dict[str, Any]:
    """A vanilla creature whose colors come from its mana cost."""
    return custom(name, pid, "Creature — Test", "", mana_cost=mana_cost, **fields)


def with_graveyard(permanents: list[dict[str, Any]], graveyard: int) -> Board:
    """A board where "me" (the active player) has ``graveyard`` cards in the graveyard."""
    entries = [{"controller": "me", **permanent} for permanent in permanents]
    players = [{"id": "me", "graveyard": graveyard}, {"id": "opp"}]
    return Board.from_dict({"version": 1, "players": players, "permanents": entries})


ORNITHOPTER = {"name": "Ornithopter", "type_line": "Artifact Creature — Thopter", "oracle": "Flying"}


def thopter(pid: str) -> dict[str, Any]:
    return {**ORNITHOPTER, "id": pid, "mana_cost": "{0}"}


# ------------------------------------------------------------------------------------- CR 106: mana


def test_exotic_orchard_reflects_only_what_some_land_could_produce() -> None:
    # CR 106.7 Example: with no opponent land the Orchard makes nothing; with only Exotic Orchards on both
    # sides, nothing either; with a Forest beside yours, each Orchard (yours and your opponent's) could
    # produce {G}
    assert could(make_board([card("Exotic Orchard", "mine")])) == {"mine": ""}
    orchards = [card("Exotic Orchard", "mine"), card("Exotic Orchard", "theirs", controller="opp")]
    assert could(make_board(orchards)) == {"mine": "", "theirs": ""}
    assert could(make_board([card("Forest", "f"), *orchards])) == {"f": "G", "mine": "G", "theirs": "G"}


def test_exotic_orchard_sees_every_opponent() -> None:
    # CR 106.7 (the Orchard reads every land of every opponent, the least fixed point across players): three
    # players; my Orchard sees the Forest and the Island, the first opponent's Orchard sees the Island and,
    # through my Orchard, {G}
    board = Board.from_dict(
        {
            "version": 1,
            "players": [{"id": "me"}, {"id": "opp"}, {"id": "opp2"}],
            "permanents": [
                {"id": "mine", "card": "Exotic Orchard", "controller": "me"},
                {"id": "f", "card": "Forest", "controller": "opp"},
                {"id": "theirs", "card": "Exotic Orchard", "controller": "opp"},
                {"id": "i", "card": "Island", "controller": "opp2"},
            ],
        }
    )
    assert could(board) == {"mine": "UG", "f": "G", "theirs": "UG", "i": "U"}


def test_could_produce_applies_replacements_to_the_reflected_mana() -> None:
    # CR 106.7 (replacement effects taken into account): under Pale Moon ("if a nonbasic land is tapped for
    # mana, it produces colorless mana instead"), an Orchard facing a Forest could produce only {C}; facing
    # a Breeding Pool (which could then produce only {C}), no color is defined and it makes nothing (106.5);
    # a Reflecting Pool beside a Forest could produce only {C}, so {G}{G} is out of reach and {G}{C} is not
    facing_forest = make_board(
        [card("Exotic Orchard", "o"), card("Forest", "f", controller="opp"), card("Pale Moon", "pm")]
    )
    assert could(facing_forest)["o"] == "C"
    facing_dual = make_board(
        [card("Exotic Orchard", "o"), card("Breeding Pool", "bp", controller="opp"), card("Pale Moon", "pm")]
    )
    assert could(facing_dual)["o"] == ""
    pool = make_board(
        [card("Reflecting Pool", "rp"), card("Forest", "f"), card("Pale Moon", "pm")], opponent=False
    )
    assert could(pool)["rp"] == "C"
    assert not paid(pool, "{G}{G}").payable
    assert paid(pool, "{G}{C}").payable


def test_meteor_crater_without_a_colored_permanent_makes_nothing() -> None:
    # CR 106.5 Example: Meteor Crater ("choose a color of a permanent you control") makes no mana when you
    # control no colored permanent (lands are colorless). Beside a green creature it makes {G}, unless the
    # parser does not read the ability: then it is reported and never used (contract §5)
    crater = custom(
        "Meteor Crater",
        "mc",
        "Land",
        "{T}: Choose a color of a permanent you control. Add one mana of that color.\n"
        "{2}, {T}: Destroy target nonland permanent.",
    )
    lands = make_board([crater, card("Forest", "f")], opponent=False)
    assert could(lands)["mc"] == "" and not paid(lands, "{G}{G}").payable
    with_elf = make_board([crater, card("Llanowar Elves", "elf")], opponent=False)
    unread = any(w.permanent == "mc" for w in text_warnings(with_elf))
    assert paid(with_elf, "{G}{G}").payable is not unread
    assert could(with_elf)["mc"] == ("" if unread else "G")


def test_generic_and_snow_symbols_added_are_colorless_mana() -> None:
    # CR 106.10 and 106.11: an effect that adds mana shown by a generic symbol adds that much colorless mana,
    # and so does one shown by {S} (older wordings: '{T}: Add {2}.'); such mana pays {C}, never a color
    old_ring = custom("Old Ring", "ring", "Artifact", "{T}: Add {2}.")
    board = make_board([old_ring], opponent=False)
    assert could(board) == {"ring": "C"} and text_warnings(board) == ()
    assert paid(board, "{C}{C}").payable and not paid(board, "{C}{C}{C}").payable
    assert not paid(board, "{G}").payable
    mixed = make_board([custom("Old Grove", "grove", "Land", "{T}: Add {1}{G}.")], opponent=False)
    assert paid(mixed, "{C}{G}").payable and not paid(mixed, "{G}{G}").payable
    snowy = make_board([custom("Old Snow", "snow", "Artifact", "{T}: Add {S}.")], opponent=False)
    assert could(snowy) == {"snow": "C"} and paid(snowy, "{C}").payable


# ------------------------------------------------------------------------------ CR 107 and 202: symbols


@pytest.mark.parametrize(
    ("pool", "payable"), [("{G}{G}", True), ("{G}{W}", True), ("{W}{W}", True), ("{G}{B}", False)]
)
def test_two_green_white_hybrid_symbols(pool: str, payable: bool) -> None:
    # CR 107.4e Example: {G/W}{G/W} is paid by {G}{G}, {G}{W} or {W}{W} (and by nothing with a {B} in it)
    result = paid(make_board([], pool=[pool], opponent=False), "{G/W}{G/W}")
    assert result.payable is payable
    if payable:
        assert str(result.floating) == ""


@pytest.mark.parametrize(
    ("plains", "life", "life_paid"), [(2, 20, 0), (1, 20, 2), (0, 20, 4), (0, 4, 4), (1, 2, 2)]
)
def test_two_white_phyrexian_symbols(plains: int, life: int, life_paid: int) -> None:
    # CR 107.4f Example: {W/P}{W/P} is paid by {W}{W}, by {W} and 2 life, or by 4 life; the least life is
    # paid (objective, criterion 5), and paying life down to exactly 0 is allowed (119.4)
    board = make_board([card("Plains", f"p{i}") for i in range(plains)], life=life, opponent=False)
    result = paid(board, "{W/P}{W/P}")
    assert result.payable and result.life_paid == life_paid and len(result.tapped) == plains


@pytest.mark.parametrize(("plains", "life"), [(0, 3), (1, 1)])
def test_phyrexian_symbols_need_the_life(plains: int, life: int) -> None:
    # CR 107.4f with 119.4: 2 life can't be paid with less than 2, so at 3 life without a Plains only one of
    # the two symbols can take life, and at 1 life with one Plains the second symbol can't be paid
    board = make_board([card("Plains", f"p{i}") for i in range(plains)], life=life, opponent=False)
    assert not paid(board, "{W/P}{W/P}").payable


def test_a_generic_reduction_does_not_touch_the_snow_symbol() -> None:
    # CR 107.4h: effects that reduce generic mana don't affect {S}. Thunderscape Familiar ("black spells you
    # cast cost {1} less") takes the {1} of {1}{S}{B}; the {S} stays and needs a snow source
    snowy = make_board(
        [card("Thunderscape Familiar", "tf"), card("Snow-Covered Swamp", "ss"), card("Swamp", "s")],
        opponent=False,
    )
    result = paid(snowy, "{1}{S}{B}", colors="B")
    assert result.payable and result.total_cost == "{S}{B}" and set(result.tapped) == {"ss", "s"}
    plain = make_board(
        [card("Thunderscape Familiar", "tf"), card("Swamp", "s1"), card("Swamp", "s2")], opponent=False
    )
    result = paid(plain, "{S}{B}", colors="B")
    assert not result.payable and result.total_cost == "{S}{B}"


@pytest.mark.parametrize(
    ("cost", "mana_value"),
    [("{3}{U}{U}", 5), ("{1}{W/U}{W/U}", 3), ("{2/B}{2/B}{2/B}", 6), ("{1}{W/P}{W/P}", 3), ("{X}{X}{R}", 1)],
)
def test_mana_values_of_the_examples(cost: str, mana_value: int) -> None:
    # CR 202.3 Example ({3}{U}{U} is 5), 202.3f Examples (hybrid: the largest half), 202.3g Example
    # (Phyrexian: 1 each) and 202.3e (X is 0 off the stack)
    assert ManaCost.parse(cost).mana_value == mana_value


@pytest.mark.parametrize(("cost", "colors"), [("{2}{W}", "W"), ("{2}", ""), ("{2}{W}{B}", "WB")])
def test_colors_of_the_examples(cost: str, colors: str) -> None:
    # CR 202.2a Example: {2}{W} is white, {2} colorless, {2}{W}{B} white and black
    assert str(ManaCost.parse(cost).colors) == colors


def test_spectral_procession_monocolored_hybrid() -> None:
    # Wagic generic/hybrid_mana_2.txt and hybrid_mana_3.txt: {2/W}{2/W}{2/W} is paid from {W}{W}{W} and from
    # {R}{R}{G}{G}{W}{W}, with nothing left (CR 107.4e); two {W} and two {R} pay it too, two {W} and one
    # {R} don't
    for pool in ("{W}{W}{W}", "{R}{R}{G}{G}{W}{W}", "{W}{W}{R}{R}"):
        result = paid(make_board([], pool=[pool], opponent=False), "{2/W}{2/W}{2/W}", "Sorcery")
        assert result.payable and str(result.floating) == "", pool
    assert not paid(make_board([], pool=["{W}{W}{R}"], opponent=False), "{2/W}{2/W}{2/W}", "Sorcery").payable


def test_pili_pala_needs_to_be_tapped_to_untap() -> None:
    # CR 107.6: an untapped permanent can't pay {Q}; a creature's {Q} ability needs it to have been
    # controlled since the turn began (302.6). Pili-Pala ("{2}, {Q}: Add one mana of any color") and two
    # Wastes pay {R} only when Pili-Pala is tapped and not summoning sick
    wastes = [card("Wastes", "w1"), card("Wastes", "w2")]
    assert paid(make_board([card("Pili-Pala", "pp", tapped=True), *wastes], opponent=False), "{R}").payable
    assert not paid(make_board([card("Pili-Pala", "pp"), *wastes], opponent=False), "{R}").payable
    sick = card("Pili-Pala", "pp", tapped=True, summoning_sick=True)
    assert not paid(make_board([sick, *wastes], opponent=False), "{R}").payable


@pytest.mark.parametrize(("pool", "payable"), [("{W}", True), ("{C}", True), ("{G}", False)])
def test_colorless_white_hybrid(pool: str, payable: bool) -> None:
    # CR 107.4e (current edition): {C/W} is paid with one white or one colorless mana, nothing else
    assert paid(make_board([], pool=[pool], opponent=False), "{C/W}").payable is payable


def test_devotion_counts_hybrid_and_phyrexian_symbols() -> None:
    # CR 700.5 and the Nykthos, Shrine to Nyx ruling: hybrid, monocolored hybrid and Phyrexian symbols count
    # toward devotion to their colors, generic ones don't: Kitchen Finks ({1}{G/W}{G/W}), Birthing Pod
    # ({3}{G/P}) and a {2/G}{2/G} creature give devotion to green 5 and to white 2; two Wastes pay Nykthos'
    # {2}
    finks = custom("Kitchen Finks", "kf", "Creature — Ouphe", "Persist", mana_cost="{1}{G/W}{G/W}")
    pod = custom("Birthing Pod", "bp", "Artifact", "", mana_cost="{3}{G/P}")
    spirit = creature("Spectral Spirit", "ss", "{2/G}{2/G}")
    base = [card("Nykthos, Shrine to Nyx", "nyk"), card("Wastes", "w1"), card("Wastes", "w2")]
    board = make_board([*base, finks, pod, spirit], opponent=False)
    assert paid(board, "{G}" * 5).payable and not paid(board, "{G}" * 6).payable
    assert paid(board, "{W}{W}").payable and not paid(board, "{W}{W}{W}").payable
    # devotion counts the permanents *I* control (700.5)
    theirs = make_board([*base, {**finks, "controller": "opp"}])
    assert not paid(theirs, "{G}").payable


def test_gaeas_cradle_counts_only_my_creatures() -> None:
    # CR 106.5 and 106.7: Gaea's Cradle ("{G} for each creature you control") with only an opponent's
    # creatures would make no mana, so it could produce nothing
    board = make_board(
        [
            card("Gaea's Cradle", "gc"),
            card("Llanowar Elves", "e1", controller="opp"),
            card("Llanowar Elves", "e2", controller="opp"),
        ]
    )
    assert could(board)["gc"] == "" and not paid(board, "{G}").payable


def test_could_produce_ignores_an_activation_condition() -> None:
    # CR 106.7 ("would produce if the ability were to resolve", costs ignored) [derived: an "activate only
    # if" condition is not checked on resolution either]: Spire of Industry's any-color ability needs an
    # artifact to be activated; without one an opponent's Exotic Orchard, or my Reflecting Pool, still
    # reflects every color, while the Spire itself makes only {C}
    spire = custom(
        "Spire of Industry",
        "sp",
        "Land",
        "{T}: Add {C}.\n{T}, Pay 1 life: Add one mana of any color. "
        "Activate only if you control an artifact.",
    )
    facing = make_board([card("Exotic Orchard", "o"), {**spire, "controller": "opp"}])
    assert could(facing)["o"] == "WUBRG"
    mine = make_board([card("Reflecting Pool", "rp"), spire], opponent=False)
    result = paid(mine, "{R}")
    assert result.payable and result.tapped == ("rp",) and result.life_paid == 0
    assert not paid(make_board([spire], opponent=False), "{R}").payable


def test_chromatic_lantern_makes_mountains_any_color() -> None:
    # Magarena TestCascade (eight Mountains and Chromatic Lantern cast Bloodbraid Elf, {2}{R}{G}) and TestScry
    # (Islands and the Lantern cast Spark Jolt, {R}): lands under the Lantern tap for any color (CR 305.7's
    # granted ability, 613.1f)
    mountains = [card("Mountain", f"m{i}") for i in range(8)]
    lantern = card("Chromatic Lantern", "cl")
    assert paid(
        make_board([*mountains, lantern], opponent=False), "{2}{R}{G}", "Creature — Elf Berserker"
    ).payable
    assert not paid(make_board(mountains, opponent=False), "{2}{R}{G}", "Creature — Elf Berserker").payable
    islands = make_board([card("Island", "i"), lantern], opponent=False)
    result = paid(islands, "{R}")
    assert result.payable and len(result.tapped) == 1


# ---------------------------------------------------------------------------- CR 118 and 601: costs


def test_a_zero_cost_is_paid_with_nothing() -> None:
    # CR 118.5: a cost of {0} is paid by acknowledging it
    result = paid(make_board([], opponent=False), "{0}")
    assert result.payable and result.tapped == () and result.life_paid == 0


def test_lodestone_golem_taxes_nonartifact_spells() -> None:
    # CR 118.3c Example: under Lodestone Golem ("nonartifact spells cost {1} more to cast") a sorcery costs
    # {1} more; an artifact spell doesn't
    golem = custom(
        "Lodestone Golem", "lg", "Artifact Creature — Golem", "Nonartifact spells cost {1} more to cast."
    )
    one = make_board([golem, card("Mountain", "m1")], opponent=False)
    sorcery = paid(one, "{R}", "Sorcery")
    assert not sorcery.payable and sorcery.total_cost == "{1}{R}"
    two = make_board([golem, card("Mountain", "m1"), card("Mountain", "m2")], opponent=False)
    assert paid(two, "{R}", "Sorcery").payable
    artifact = paid(one, "{1}", "Artifact")
    assert artifact.payable and artifact.total_cost == "{1}"


def test_two_taxes_add_up_and_spare_creatures() -> None:
    # Magarena TestCostIncrease (Thorn of Amethyst and Thalia, Guardian of Thraben, each "noncreature spells
    # cost {1} more"): CR 601.2f adds both increases to an instant; a creature spell pays neither
    thorn = custom("Thorn of Amethyst", "th", "Artifact", "Noncreature spells cost {1} more to cast.")
    board = make_board(
        [thorn, card("Thalia, Guardian of Thraben", "thalia")]
        + [card("Mountain", f"m{i}") for i in range(3)],
        opponent=False,
    )
    bolt = paid(board, "{R}")
    assert bolt.payable and bolt.total_cost == "{2}{R}" and len(bolt.tapped) == 3
    bear = paid(board, "{1}{R}", "Creature — Goblin")
    assert bear.payable and bear.total_cost == "{1}{R}"


@pytest.mark.parametrize("medallion_first", [True, False])
def test_a_tax_and_a_reduction_cancel_out(medallion_first: bool) -> None:
    # CR 601.2f: the total cost is the mana cost plus increases minus reductions (a reduction applies to the
    # generic mana the increase added), whatever the order the permanents arrived in: under Thalia ({1} more
    # for noncreature spells) and Ruby Medallion ({1} less for red spells) Lightning Bolt costs {R}
    medallion = custom("Ruby Medallion", "med", "Artifact", "Red spells you cast cost {1} less to cast.")
    thalia = card("Thalia, Guardian of Thraben", "th")
    effects = [medallion, thalia] if medallion_first else [thalia, medallion]
    result = paid(make_board([*effects, card("Mountain", "m")], opponent=False), "{R}")
    assert result.payable and result.total_cost == "{R}"


def test_ruby_medallion_raises_the_largest_x() -> None:
    # Magarena TestCostReduction: eight Mountains and Ruby Medallion ("red spells you cast cost {1} less")
    # cast Bonfire of the Damned ({X}{X}{R}) with X = 4, nine mana less one (CR 601.2f); without the
    # Medallion X is at most 3
    mountains = [card("Mountain", f"m{i}") for i in range(8)]
    medallion = custom("Ruby Medallion", "med", "Artifact", "Red spells you cast cost {1} less to cast.")
    bonfire = PaymentTarget.of("{X}{X}{R}", type_line="Sorcery")
    assert max_x(make_board([medallion, *mountains], opponent=False), bonfire).x == 4
    assert max_x(make_board(mountains, opponent=False), bonfire).x == 3


def test_frogmite_costs_one_with_three_artifacts() -> None:
    # Wagic Frogmite.txt: Frogmite ({4}, affinity for artifacts, CR 702.41a) with Mox Pearl, Seat of the
    # Synod and Sol Ring costs {1}, paid by the {1} floating; nothing is tapped (no mana left floating is
    # our objective's criterion 8)
    board = make_board(
        [
            custom("Mox Pearl", "mox", "Legendary Artifact", "{T}: Add {W}.", mana_cost="{0}"),
            custom("Seat of the Synod", "seat", "Artifact Land", "{T}: Add {U}."),
            card("Sol Ring", "sol"),
        ],
        pool=["{C}"],
        opponent=False,
    )
    result = pay(board, spell_target(find_spell(board.player("me"), "Frogmite")))
    assert result.payable and result.total_cost == "{1}"
    assert result.tapped == () and str(result.floating) == ""


# --------------------------------------------------------------------------- CR 305: lands and types


def test_a_dual_with_no_text_taps_for_its_basic_types() -> None:
    # CR 305.6: a land with basic land types has their mana abilities even with no rules text
    board = make_board([custom("Tundra", "t", "Land — Plains Island", "")], opponent=False)
    assert could(board) == {"t": "WU"}
    assert paid(board, "{W}").payable and paid(board, "{U}").payable


def test_blood_moon_keeps_dryad_arbor_a_summoning_sick_creature() -> None:
    # CR 305.7: setting a land's subtype doesn't remove its card types: under Blood Moon Dryad Arbor is a
    # Mountain that taps for {R}, and still a creature, so not while summoning sick (302.6)
    settled = make_board([card("Blood Moon", "bm"), card("Dryad Arbor", "da")], opponent=False)
    assert could(settled)["da"] == "R"
    assert paid(settled, "{R}").payable and not paid(settled, "{G}").payable
    sick = make_board(
        [card("Blood Moon", "bm"), card("Dryad Arbor", "da", summoning_sick=True), card("Mountain", "m")],
        opponent=False,
    )
    assert not paid(sick, "{R}{R}").payable


def test_spreading_seas_and_chromatic_lantern() -> None:
    # CR 305.7: a land whose subtype is set to Island taps only for {U}; an ability granted by another effect
    # (Chromatic Lantern's "any color") stays
    seas = [card("Tropical Island", "ti"), card("Spreading Seas", "ss", attached_to="ti")]
    assert could(make_board(seas, opponent=False))["ti"] == "U"
    assert could(make_board([*seas, card("Chromatic Lantern", "cl")], opponent=False))["ti"] == "WUBRG"


# -------------------------------------------------------------------------- CR 605: mana abilities


def test_an_opponents_mana_flare_adds_to_my_land() -> None:
    # CR 605.4a Example (an enchantment: whenever a player taps a land for mana, that player adds one mana of
    # any type it produced): the extra mana is added at once and pays the spell being cast, and the
    # enchantment is symmetric, so an opponent's Mana Flare or Heartbeat of Spring works for me
    for name in ("Mana Flare", "Heartbeat of Spring"):
        board = make_board([card("Forest", "f"), card(name, "e", controller="opp")])
        result = paid(board, "{G}{G}")
        assert result.payable and result.tapped == ("f",), name


def test_an_ability_with_a_target_is_not_a_mana_ability() -> None:
    # CR 605.1a and 605.5a: Deathrite Shaman's "{T}: Exile target land card from a graveyard. Add one mana of
    # any color." targets, so it can't be activated while a cost is paid
    deathrite = custom(
        "Deathrite Shaman",
        "ds",
        "Creature — Elf Shaman",
        "{T}: Exile target land card from a graveyard. Add one mana of any color.",
    )
    assert not paid(make_board([deathrite], opponent=False), "{G}").payable


def test_high_tide_on_a_nonbasic_island() -> None:
    # Wagic high_tide.txt: under High Tide an Island makes {U}{U} and Tundra (a Plains Island) {W}{U} or
    # {U}{U}: {U}{U}{U}{W} and {U}{U}{U}{U} are payable, five {U} are not
    board = make_board([card("High Tide", "ht"), card("Island", "i"), card("Tundra", "t")], opponent=False)
    for cost in ("{U}{U}{U}{W}", "{U}{U}{U}{U}"):
        result = paid(board, cost)
        assert result.payable and set(result.tapped) == {"i", "t"}, cost
    assert not paid(board, "{U}" * 5).payable


def test_urzas_lands_make_seven_together() -> None:
    # Wagic urzas_lands.txt and urzas_mine_i287.txt: with all three Urza's lands the Mine and the Power Plant
    # make {C}{C} each and the Tower {C}{C}{C}; without the Tower, the two make one each
    tron = [card("Urza's Mine", "mine"), card("Urza's Power Plant", "plant"), card("Urza's Tower", "tower")]
    assert paid(make_board(tron, opponent=False), "{7}").payable
    assert not paid(make_board(tron, opponent=False), "{8}").payable
    pair = make_board([*tron[:2], card("Wastes", "w")], opponent=False)
    assert paid(pair, "{3}").payable and not paid(pair, "{4}").payable


def test_adarkar_wastes_hurts_for_colored_mana_only() -> None:
    # Wagic ardakar_wastes.txt: Adarkar Wastes tapped for {W} deals 1 damage (life 19); its {C} doesn't
    board = make_board([card("Adarkar Wastes", "aw")], opponent=False)
    white = paid(board, "{W}")
    assert white.payable and white.damage_taken == 1
    generic = paid(board, "{1}")
    assert generic.payable and generic.damage_taken == 0


def test_an_opponents_lifetap_does_not_change_my_forest() -> None:
    # Wagic lifetap.txt: the opponent's Lifetap ("whenever a Forest an opponent controls becomes tapped, you
    # gain 1 life") gains them life; my Forest still makes {G} and I take nothing
    lifetap = custom(
        "Lifetap",
        "lt",
        "Enchantment",
        "Whenever a Forest an opponent controls becomes tapped, you gain 1 life.",
        controller="opp",
    )
    result = paid(make_board([card("Forest", "f"), lifetap]), "{G}")
    assert result.payable and result.tapped == ("f",) and result.damage_taken == 0 and result.life_paid == 0


def test_five_colors_from_lands_that_sacrifice_for_any_color() -> None:
    # Magarena TestManaChoice: Abandoned Outpost ({W}), Ravaged Highlands ({R}), Seafloor Debris ({U}) and
    # Timberland Ruins ({G}), each also "{T}, sacrifice: any color", and a Gemstone Mine cast Fusion
    # Elemental ({W}{U}{B}{R}{G})
    def sac_land(name: str, pid: str, color: str) -> dict[str, Any]:
        oracle = f"This land enters tapped.\n{{T}}: Add {{{color}}}.\n"
        oracle += "{T}, Sacrifice this land: Add one mana of any color."
        return custom(name, pid, "Land", oracle)

    lands = [
        sac_land("Abandoned Outpost", "ao", "W"),
        sac_land("Ravaged Highlands", "rh", "R"),
        sac_land("Seafloor Debris", "sd", "U"),
        sac_land("Timberland Ruins", "tr", "G"),
        card("Gemstone Mine", "gm", counters={"mining": 3}),
    ]
    result = paid(make_board(lands, opponent=False), "{W}{U}{B}{R}{G}", "Creature — Elemental")
    # the rules: payable; our objective (criterion 6: the fewest lands sacrificed): the Mine makes {B}, no
    # land is sacrificed
    assert result.payable and result.sacrificed == () and len(result.tapped) == 5


# ------------------------------------------------------ CR 702: convoke, delve, improvise, affinity


def test_siege_wurm_convokes_after_heartless_summoning() -> None:
    # CR 702.51b Example: Heartless Summoning makes Siege Wurm ({5}{G}{G}, convoke) cost {3}{G}{G}; up to two
    # green creatures and three others pay it all. With one green creature and four others, the second {G}
    # can't be paid by convoke
    summoning = custom(
        "Heartless Summoning",
        "hs",
        "Enchantment",
        "Creature spells you cast cost {2} less to cast.\nCreatures you control get -1/-1.",
    )
    greens = [creature("Elf", f"g{i}", "{1}{G}") for i in range(2)]
    reds = [creature("Goblin", f"r{i}", "{1}{R}") for i in range(4)]
    board = make_board([summoning, *greens, *reds[:3]], opponent=False)
    result = paid(board, "{5}{G}{G}", "Creature — Wurm", convoke=True)
    assert result.payable and result.total_cost == "{3}{G}{G}"
    assert sorted(a.to_json()["paid"] for a in result.alternative_payments) == [
        "{1}",
        "{1}",
        "{1}",
        "{G}",
        "{G}",
    ]
    one_green = make_board([summoning, greens[0], *reds], opponent=False)
    assert not paid(one_green, "{5}{G}{G}", "Creature — Wurm", convoke=True).payable
    # without the reduction, five creatures are two short of seven
    assert not paid(make_board([*greens, *reds[:3]], opponent=False), "{5}{G}{G}", convoke=True).payable


def test_guardian_of_vitu_ghazi_convoke_by_color() -> None:
    # CR 702.49a Example (convoke, 2008-2020 numbering): Guardian of Vitu-Ghazi ({6}{G}{W}); a colorless and
    # a red creature each pay {1}, a green-and-white creature pays {1}, {G} or {W}. Here it must pay the
    # {W}: the Forest and four Wastes pay the rest; without it no source makes {W}
    lands = [card("Forest", "f")] + [card("Wastes", f"w{i}") for i in range(4)]
    others = [thopter("t"), creature("Goblin", "r", "{R}")]
    board = make_board([*others, creature("Selesnya Evangel", "gw", "{G}{W}"), *lands], opponent=False)
    result = paid(board, "{6}{G}{W}", "Creature — Elemental", convoke=True)
    assert result.payable and len(result.tapped) == 8
    by_permanent = {a.permanent: a.to_json()["paid"] for a in result.alternative_payments}
    assert by_permanent == {"t": "{1}", "r": "{1}", "gw": "{W}"}
    board = make_board([*others, *lands, card("Wastes", "w9")], opponent=False)
    assert not paid(board, "{6}{G}{W}", "Creature — Elemental", convoke=True).payable


def test_convoke_never_pays_colorless_mana() -> None:
    # CR 702.51a: a creature pays a colored symbol of its color or generic mana; colorless is not a color,
    # so four Ornithopters can't pay Thought-Knot Seer's {C} ({3}{C}); three and a Wastes can
    four = make_board([thopter(f"o{i}") for i in range(4)], opponent=False)
    assert not paid(four, "{3}{C}", "Creature — Eldrazi Horror", convoke=True).payable
    three = make_board([thopter(f"o{i}") for i in range(3)] + [card("Wastes", "w")], opponent=False)
    assert paid(three, "{3}{C}", "Creature — Eldrazi Horror", convoke=True).payable


def test_delve_pays_generic_only_after_reductions() -> None:
    # CR 702.66a-b: each card exiled pays {1} of the total cost, after reductions, and never a colored
    # symbol: Treasure Cruise ({7}{U}) with seven cards and an Island; eight cards and no Island can't pay
    # the {U}; with Sapphire Medallion ("blue spells you cast cost {1} less") six cards do
    result = paid(with_graveyard([card("Island", "i")], 7), "{7}{U}", "Sorcery", delve=True)
    assert result.payable and [a.to_json() for a in result.alternative_payments] == [
        {"kind": "delve", "cards": 7, "paid": "{7}"}
    ]
    assert not paid(with_graveyard([], 8), "{7}{U}", "Sorcery", delve=True).payable
    medallion = custom("Sapphire Medallion", "sm", "Artifact", "Blue spells you cast cost {1} less to cast.")
    result = paid(with_graveyard([medallion, card("Island", "i")], 6), "{7}{U}", "Sorcery", delve=True)
    assert result.payable and result.total_cost == "{6}{U}"


def test_improvise_after_a_tax_with_the_taxing_artifact() -> None:
    # CR 702.126a-b: improvise pays generic mana of the total cost, after increases: under Sphere of
    # Resistance ("spells cost {1} more") an instant {U} costs {1}{U}, and the Sphere itself, an artifact,
    # may be tapped for the {1}; artifacts never pay the {U}, nor a {C}
    board = make_board([card("Sphere of Resistance", "sph"), card("Island", "i")], opponent=False)
    result = paid(board, "{U}", improvise=True)
    assert result.payable and result.total_cost == "{1}{U}" and set(result.tapped) == {"sph", "i"}
    assert not paid(
        make_board([card("Sphere of Resistance", "sph")], opponent=False), "{U}", improvise=True
    ).payable
    wastes = make_board([thopter("o"), card("Wastes", "w")], opponent=False)
    assert paid(wastes, "{1}{C}", "Artifact", improvise=True).payable
    assert not paid(wastes, "{C}{C}", "Artifact", improvise=True).payable


# ------------------------------------------------------------- damage from tapping lands for mana


MANABARBS = "Whenever a player taps a land for mana, Manabarbs deals 1 damage to that player."
BURNING_EARTH = (
    "Whenever a player taps a nonbasic land for mana, Burning Earth deals 1 damage to that player."
)


@pytest.mark.parametrize(("name", "oracle"), [("Manabarbs", MANABARBS), ("Burning Earth", BURNING_EARTH)])
def test_damage_for_tapping_a_land_is_counted(name: str, oracle: str) -> None:
    # Wagic manabarbs_dual_lands_i562.txt: Savannah tapped for {W} under Manabarbs: 1 damage (life 19); the
    # trigger's damage is the payment's (criterion 5), read, not ignored
    board = make_board([custom(name, "e", "Enchantment", oracle), card("Savannah", "s")], opponent=False)
    result = paid(board, "{W}")
    assert result.payable
    assert result.damage_taken == 1
    assert not any(w.permanent == "e" for w in text_warnings(board))
