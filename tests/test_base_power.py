"""The base power and toughness a type change sets (issue 35: layer 7b, CR 613.4b), applied to what reads a
power: 'Enchanted land is a 4/4 green Treefolk creature that's still a land.', 'Enchanted artifact is a Golem
creature with base power and toughness 5/5 in addition to its other types.', 'Forests you control are 1/1
green Elf creatures that are still lands.' set the base power of what their type change took in layer 4 (CR
613.6); counters and 'gets +N/+N' apply on top of it (layer 7c, CR 613.4c) whatever their timestamps, and of
two base powers set the later one wins (CR 613.7: the board's order is its timestamp order). A mana ability
whose cost may take the setting effect's source away first is set aside with a warning (the power would be
the printed one again, CR 611.3a: not followed in the payment's order yet).

The cards are small fixtures written here (their names made up); each answer is worked out by hand from the
rules named, and every verdict and largest X is checked against the reference search too
(:func:`boards.checked_verdict`, :func:`test_lands_made_creatures.checked_x`)."""

from __future__ import annotations

from typing import Any

from boards import checked_verdict, could, custom, make_board, mine
from test_lands_made_creatures import checked_x

from models.layer_effects import TypeChange
from models.oracle import parse_oracle
from planner.api import text_warnings
from planner.rules.amounts import known_power, known_toughness
from planner.rules.view import BoardView

TERRAIN_TEXT = "Enchant land\nEnchanted land is a 4/4 green Treefolk creature that's still a land."
GLYPH_TEXT = (
    "Enchant artifact\nEnchanted artifact is a Golem creature with base power and toughness 5/5 in addition"
    " to its other types."
)
ENSOUL_TEXT = (
    "Enchant artifact\nEnchanted artifact is a creature with base power and toughness 0/0 in addition to its "
    "other types."
)
COMMANDER_TEXT = "Forests you control are 1/1 green Elf creatures that are still lands."
GREATEST_TEXT = "{T}: Add X mana of any one color, where X is the greatest power among creatures you control."
ANTHEM_TEXT = "Creatures you control get +1/+1."


def aura(pid: str, text: str, attached_to: str) -> dict[str, Any]:
    return custom(f"Test Aura {pid}", pid, "Enchantment — Aura", text, attached_to=attached_to)


def strongarm(pid: str = "g", power: int = 0) -> dict[str, Any]:
    """A creature whose mana ability adds X mana of one color, X the greatest power among its controller's
    creatures."""
    return custom("Test Strongarm", pid, "Creature — Elf", GREATEST_TEXT, power=power, toughness=1)


def commander(pid: str = "c") -> dict[str, Any]:
    """A 0/1 Elf whose static ability makes its controller's Forests 1/1 green Elf creatures."""
    return custom("Test Ambusher", pid, "Creature — Elf", COMMANDER_TEXT, power=0, toughness=1)


def test_the_sentences_are_read_with_their_base_power() -> None:
    """'that's still a land' keeps the land's types (CR 205.1b); 'with base power and toughness 5/5 in
    addition to its other types' after the types reads as the same change; neither is a power change left
    unread any more (on main both sentences were unsupported)."""
    terrain = parse_oracle(TERRAIN_TEXT)
    change = terrain.effects[0]
    assert isinstance(change, TypeChange) and not terrain.unsupported and not terrain.changes_power
    assert (change.adds, change.card_types, change.subtypes, change.base_pt) == (
        True,
        ("Creature",),
        ("Treefolk",),
        (4, 4),
    )
    glyph = parse_oracle(GLYPH_TEXT)
    (golem,) = glyph.effects
    assert isinstance(golem, TypeChange) and not glyph.unsupported and not glyph.changes_power
    assert (golem.adds, golem.card_types, golem.subtypes, golem.base_pt) == (
        True,
        ("Creature",),
        ("Golem",),
        (5, 5),
    )
    (ensoul,) = parse_oracle(ENSOUL_TEXT).effects
    assert isinstance(ensoul, TypeChange) and ensoul.adds and ensoul.base_pt == (0, 0) and not ensoul.subtypes


def test_a_land_made_a_4_4_adds_mana_equal_to_its_power() -> None:
    """'{T}: Add an amount of {G} equal to Test Grove's power.' on a land (no printed power) enchanted by 'is
    a 4/4 green Treefolk creature that's still a land': its power is 4 (layer 7b), so it adds {G}{G}{G}{G};
    with a +1/+1 counter, 5 (layer 7c on top, CR 613.4c). On main the power was not known and the ability
    set aside."""
    grove = custom("Test Grove", "v", "Land", "{T}: Add an amount of {G} equal to Test Grove's power.")
    board = make_board([grove, aura("a", TERRAIN_TEXT, "v")], opponent=False)
    assert could(board)["v"] == "G" and not text_warnings(board)
    assert checked_verdict(board, "{G}{G}{G}{G}") and not checked_verdict(board, "{G}{G}{G}{G}{G}")
    assert checked_x(board, "{X}") == 4
    countered = make_board(
        [{**grove, "counters": {"+1/+1": 1}}, aura("a", TERRAIN_TEXT, "v")], opponent=False
    )
    assert known_power(BoardView(countered), "v") == 5 and known_toughness(BoardView(countered), "v") == 5
    assert checked_x(countered, "{X}") == 5


def test_the_later_base_power_wins() -> None:
    """A Forest both enchanted 'is a 4/4 green Treefolk creature' and made a 1/1 by the Ambusher: both set its
    base power in layer 7b, the later timestamp last (CR 613.7). The Strongarm (0/1) adds X of one color, X
    the greatest power among the creatures (the Forest's; the Ambusher and itself have 0), and the Forest
    its {G}: with the Aura later, X = 4 and {X} is paid up to 5; with the Ambusher later, X = 1 and up to 2.
    On main the Strongarm was set aside (a power change not read): 1."""
    aura_later = make_board(
        [commander(), mine("f", "Forest"), strongarm(), aura("a", TERRAIN_TEXT, "f")], opponent=False
    )
    assert known_power(BoardView(aura_later), "f") == 4 and could(aura_later)["g"] == "WUBRG"
    assert checked_x(aura_later, "{X}") == 5
    assert checked_verdict(aura_later, "{R}{R}{R}{R}{G}") and not checked_verdict(
        aura_later, "{R}{R}{R}{R}{R}"
    )
    commander_later = make_board(
        [aura("a", TERRAIN_TEXT, "f"), mine("f", "Forest"), strongarm(), commander()], opponent=False
    )
    assert known_power(BoardView(commander_later), "f") == 1
    assert checked_x(commander_later, "{X}") == 2
    assert not text_warnings(aura_later) and not text_warnings(commander_later)


def test_an_anthem_applies_on_top_of_a_base_power_set() -> None:
    """An anthem ('Creatures you control get +1/+1', layer 7c) earlier than an Aura that makes an artifact a
    5/5 Golem (layer 7b): 7b applies first whatever the timestamps (CR 613.4), so the artifact's power is 6,
    the Strongarm's 1 + 1: X = 6. An artifact made a 0/0 creature with three +1/+1 counters has power
    3 + 1."""
    bauble = custom("Test Bauble", "b", "Artifact", "")
    board = make_board(
        [
            custom("Test Anthem", "h", "Enchantment", ANTHEM_TEXT),
            bauble,
            aura("z", GLYPH_TEXT, "b"),
            strongarm(power=1),
        ],
        opponent=False,
    )
    view = BoardView(board)
    assert view.type_line("b").is_a("Golem") and view.type_line("b").is_a("Artifact")
    assert known_power(view, "b") == 6 and known_toughness(view, "b") == 6
    assert checked_x(board, "{X}") == 6
    assert checked_verdict(board, "{B}{B}{B}{B}{B}{B}") and not checked_verdict(
        board, "{B}{B}{B}{B}{B}{B}{B}"
    )
    ensouled = make_board(
        [
            custom("Test Anthem", "h", "Enchantment", ANTHEM_TEXT),
            {**bauble, "counters": {"+1/+1": 3}},
            aura("e", ENSOUL_TEXT, "b"),
            strongarm(),
        ],
        opponent=False,
    )
    assert known_power(BoardView(ensouled), "b") == 4
    assert checked_x(ensouled, "{X}") == 4


def test_a_cost_that_may_take_the_setter_away_is_reported() -> None:
    """The Ambusher may be sacrificed by an outlet's cost ('Sacrifice a creature: Add {C}.'), after which the
    Forest is no creature and has no power (CR 611.3a): the Strongarm's greatest power, which reads the
    Forest's, is not followed in that order yet, so it is set aside with a warning that names the outlet,
    never used with a power that may be wrong; the other abilities still pay."""
    outlet = custom("Test Outlet", "o", "Artifact", "Sacrifice a creature: Add {C}.")
    board = make_board(
        [commander(), mine("f", "Forest"), strongarm(power=0), aura("a", TERRAIN_TEXT, "f"), outlet],
        opponent=False,
    )
    (warning,) = text_warnings(board)
    assert warning.permanent == "g" and "sets the base power" in warning.reason
    assert "permanents[4]" in warning.reason
    assert could(board)["g"] == ""
    # (the Forest taps for {G} and each of the three creatures is sacrificed for {C})
    assert checked_verdict(board, "{G}{C}{C}{C}") and not checked_verdict(board, "{G}{C}{C}{C}{C}")


def test_a_power_judged_reads_the_base_power_set() -> None:
    """'{T}: Add one mana of any color. If you control a creature with power 4 or greater, add two mana of any
    one color instead.' (a 1/1 of its own) beside a Forest enchanted 'is a 4/4 green Treefolk creature': the
    Forest is a creature with power 4 (layer 7b), so the ability adds two, and the Forest {G}: {X} up to 3,
    {R}{R}{G} paid. With the Ambusher later (the Forest a 1/1, CR 613.7) it adds one: up to 2. On main the
    ability was set aside (a power change not read): 1."""
    caryatid = custom(
        "Test Caryatid",
        "y",
        "Creature — Nymph",
        "{T}: Add one mana of any color. If you control a creature with power 4 or greater, add two mana of"
        " any one color instead.",
        power=1,
        toughness=1,
    )
    board = make_board([mine("f", "Forest"), aura("a", TERRAIN_TEXT, "f"), caryatid], opponent=False)
    assert not text_warnings(board) and could(board)["y"] == "WUBRG"
    assert checked_x(board, "{X}") == 3
    assert checked_verdict(board, "{R}{R}{G}") and not checked_verdict(board, "{R}{W}{G}")
    smaller = make_board(
        [mine("f", "Forest"), aura("a", TERRAIN_TEXT, "f"), caryatid, commander()], opponent=False
    )
    assert checked_x(smaller, "{X}") == 2


UNITY_TEXT = (
    "Enchant creature\nEnchanted creature gets +1/+1 for each basic land type among lands you control."
)


def test_a_pump_for_each_basic_land_type() -> None:
    """'Enchanted creature gets +1/+1 for each basic land type among lands you control.' on a 1/1 that adds
    {G} for each point of its power, beside a Forest, an Island and a Mountain: three types, power 4 (layer
    7c, CR 613.4c), {G}{G}{G}{G}, and each land its own: {X} up to 7, five {G} paid, six not. A land that
    sacrifices itself for mana may take a type away mid-payment, which is not followed yet: the creature's
    ability is set aside with a warning (on main the sentence was unsupported)."""
    elf = custom(
        "Test Elf",
        "e",
        "Creature — Elf",
        "{T}: Add an amount of {G} equal to Test Elf's power.",
        power=1,
        toughness=1,
    )
    lands = [mine("f", "Forest"), mine("i", "Island"), mine("m", "Mountain")]
    board = make_board([elf, aura("u", UNITY_TEXT, "e"), *lands], opponent=False)
    assert known_power(BoardView(board), "e") == 4 and not text_warnings(board)
    assert checked_x(board, "{X}") == 7
    assert checked_verdict(board, "{G}{G}{G}{G}{G}") and not checked_verdict(board, "{G}{G}{G}{G}{G}{G}")
    grove = custom("Test Grove", "v", "Land — Swamp", "{T}, Sacrifice this land: Add {C}{C}.")
    risky = make_board([elf, aura("u", UNITY_TEXT, "e"), *lands, grove], opponent=False)
    (warning,) = text_warnings(risky)
    assert warning.permanent == "e" and "land types" in warning.reason
