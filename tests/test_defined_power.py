"""A card's own characteristic-defining power (issue 35: layer 7a, CR 604.3, 613.4a), applied to what reads a
power: '~'s power and toughness are each equal to the number of Forests you control.' is counted on the board
(the Forests as layer 4 makes them), a base power another effect sets replaces it (layer 7b, CR 613.4b),
counters and pumps go on top (layer 7c), and a permanent that lost its abilities has no such ability (its
printed power stands, CR 613.1f before 613.4a). A count a mana ability's cost may change while paying (a
Forest sacrificed) is not followed in the payment's order yet: what reads that power is set aside with a
warning.

The cards are small fixtures written here (their names made up); each answer is worked out by hand from the
rules named, and every verdict and largest X is checked against the reference search too
(:func:`boards.checked_verdict`, :func:`test_lands_made_creatures.checked_x`)."""

from __future__ import annotations

from typing import Any

from boards import checked_verdict, could, custom, make_board, mine
from test_lands_made_creatures import checked_x

from planner.api import text_warnings
from planner.rules.amounts import known_power, known_toughness
from planner.rules.view import BoardView

WILD_TEXT = (
    "Test Wildling's power and toughness are each equal to the number of Forests you control.\n"
    "{T}: Add an amount of {G} equal to Test Wildling's power."
)
TWICE_TEXT = (
    "Test Giant's power and toughness are each equal to twice the number of basic land types among lands you"
    " control."
)
GREATEST_TEXT = "{T}: Add X mana of any one color, where X is the greatest power among creatures you control."


def wildling(**fields: Any) -> dict[str, Any]:
    """A */* Elf whose power and toughness count its controller's Forests, and which adds {G} for each."""
    return custom("Test Wildling", "w", "Creature — Elf", WILD_TEXT, **{"power": 0, "toughness": 0, **fields})


def test_a_power_counted_on_the_board() -> None:
    """Two Forests and a Mountain: the Wildling is a 2/2 (layer 7a), so it adds {G}{G}, and each land its
    mana: {X} up to 5 ({G}{G}{G}{G}{R}); a +1/+1 counter makes it 3 (layer 7c on top). On main the Wildling's
    ability was set aside (its power not read): 3."""
    lands = [mine("f1", "Forest"), mine("f2", "Forest"), mine("m", "Mountain")]
    board = make_board([wildling(), *lands], opponent=False)
    view = BoardView(board)
    assert (known_power(view, "w"), known_toughness(view, "w")) == (2, 2)
    assert not text_warnings(board) and could(board)["w"] == "G"
    assert checked_x(board, "{X}") == 5
    assert checked_verdict(board, "{G}{G}{G}{G}{R}") and not checked_verdict(board, "{G}{G}{G}{G}{G}")
    countered = make_board([wildling(counters={"+1/+1": 1}), *lands], opponent=False)
    assert checked_x(countered, "{X}") == 6


def test_twice_a_count_of_land_types() -> None:
    """'... each equal to twice the number of basic land types among lands you control.' with a Forest and a
    Mountain: 4 (CR 604.3); the Strongarm (a 0/1) adds X = 4 of one color, the lands theirs: {X} up to 6."""
    giant = custom("Test Giant", "t", "Creature — Giant", TWICE_TEXT, power=0, toughness=0)
    strongarm = custom("Test Strongarm", "g", "Creature — Elf", GREATEST_TEXT, power=0, toughness=1)
    board = make_board([giant, strongarm, mine("f", "Forest"), mine("m", "Mountain")], opponent=False)
    assert known_power(BoardView(board), "t") == 4 and not text_warnings(board)
    assert checked_x(board, "{X}") == 6


def test_a_base_power_set_replaces_the_defined_one() -> None:
    """An Aura 'Enchanted creature is a Golem creature with base power and toughness 5/5 in addition to its
    other types.' on the Wildling with two Forests: layer 7b comes after 7a (CR 613.4), so its power is 5, not
    2: it adds five {G}."""
    aura = custom(
        "Test Glyph",
        "a",
        "Enchantment — Aura",
        "Enchant creature\nEnchanted creature is a Golem creature with base power and toughness 5/5 in"
        " addition to its other types.",
        attached_to="w",
    )
    board = make_board([wildling(), mine("f1", "Forest"), mine("f2", "Forest"), aura], opponent=False)
    assert known_power(BoardView(board), "w") == 5
    assert checked_x(board, "{X}") == 7


def test_a_count_a_cost_may_change_is_reported() -> None:
    """A Forest that sacrifices itself for mana ('{T}, Sacrifice this land: Add {G}{G}.'; a Forest by its type
    line) is counted: once sacrificed the Wildling is smaller (CR 604.3 counts as it resolves), which the
    payment's order does not follow yet: its ability is set aside with a warning naming that cost, never used
    with a power that may be wrong."""
    grove = custom("Test Grove", "v", "Land — Forest", "{T}, Sacrifice this land: Add {G}{G}.")
    board = make_board([wildling(), mine("f1", "Forest"), grove], opponent=False)
    (warning,) = text_warnings(board)
    assert (
        warning.permanent == "w"
        and "defines its power" in warning.reason
        and "permanents[2]" in warning.reason
    )
    assert could(board)["w"] == ""


def test_a_permanent_that_lost_its_abilities_has_its_printed_power() -> None:
    """'Enchanted creature loses all abilities.' on the Wildling (printed 0/1 on the board, two Forests): its
    defining ability is gone in layer 6, before 7a applies (CR 613.1f, 613.4a), so its power is 0; the
    Strongarm (a 1/1) adds X = 1, the greatest, and the Forests theirs: {X} up to 3. Without the Aura the
    Wildling's 2 is the greatest: 4 (its own ability adds {G}{G} too: 6)."""
    strongarm = custom("Test Strongarm", "g", "Creature — Elf", GREATEST_TEXT, power=1, toughness=1)
    aura = custom(
        "Test Hush",
        "a",
        "Enchantment — Aura",
        "Enchant creature\nEnchanted creature loses all abilities.",
        attached_to="w",
    )
    forests = [mine("f1", "Forest"), mine("f2", "Forest")]
    board = make_board([wildling(toughness=1), strongarm, *forests, aura], opponent=False)
    assert known_power(BoardView(board), "w") == 0
    assert checked_x(board, "{X}") == 3
    plain = make_board([wildling(toughness=1), strongarm, *forests], opponent=False)
    assert checked_x(plain, "{X}") == 6
