"""An Aura that makes the artifact it enchants a creature unless it is one (issue 35, layer 4): 'As long as
enchanted artifact isn't a creature, it's an artifact creature with power and toughness each equal to its mana
value.' (Animate Artifact's shape). The artifact is an artifact creature either way (CR 205.1b: its other
types kept), so a summoning-sick one can't use its {T} abilities (CR 302.6); its base power and toughness,
each its mana value (layer 7b), are read, not applied: what reads a power is set aside with a warning, never
guessed.

A supertype added beside the types is read too: 'Enchanted creature gets +2/+2, has first strike and
vigilance, and is a legendary Soldier in addition to its other types.' (Super-Soldier Serum's shape, CR
205.4), and Starfield of Nyx's 'As long as you control five or more enchantments, each other non-Aura
enchantment you control is a creature ...' (a count judged in layer 4, CR 613.8a).

The cards are small fixtures written here (their names made up) beside catalogue cards; each answer is worked
out by hand from the rules named, and every verdict and largest X is checked against the reference search too
(:func:`boards.checked_verdict`, :func:`test_lands_made_creatures.checked_x`). On main the sentence was
unsupported (warned) and the artifact no creature.
"""

from __future__ import annotations

from typing import Any

from boards import ME, checked_verdict, could, custom, make_board, mine
from test_lands_made_creatures import checked_x

from models.layer_effects import TypeChange
from models.oracle import parse_oracle
from planner.api import text_warnings

ANIMATE = (
    "Enchant artifact\nAs long as enchanted artifact isn't a creature, it's an artifact creature with power "
    "and toughness each equal to its mana value."
)
GREATEST = "{T}: Add X mana of any one color, where X is the greatest power among creatures you control."
AURA = custom("Test Animation", "a", "Enchantment — Aura", ANIMATE, controller=ME, attached_to="s")


def test_the_sentence_is_read() -> None:
    parsed = parse_oracle(ANIMATE)
    (change,) = parsed.effects
    assert not parsed.unsupported and parsed.changes_power  # (the base power read, not applied)
    assert isinstance(change, TypeChange) and change.adds and change.card_types == ("Artifact", "Creature")
    assert change.affected.attached and change.affected.types == ("Artifact",)


def test_a_sol_ring_that_came_this_turn_cant_tap() -> None:
    """A summoning-sick Sol Ring is a creature under the Aura: its {T} can't be paid (CR 302.6), so only the
    Forest pays: {2} not payable, X = 1 (3 without the Aura, and on main). It could still produce {C} (CR
    106.7 ignores costs)."""
    board = make_board([mine("s", "Sol Ring", summoning_sick=True), AURA, mine("f", "Forest")])
    assert could(board)["s"] == "C" and not text_warnings(board)
    assert not checked_verdict(board, "{2}") and checked_verdict(board, "{G}")
    assert checked_x(board, "{X}") == 1
    bare = make_board([mine("s", "Sol Ring", summoning_sick=True), mine("f", "Forest")])
    assert checked_x(bare, "{X}") == 3


def test_one_there_since_the_turn_began_taps() -> None:
    board = make_board([mine("s", "Sol Ring"), AURA, mine("f", "Forest")])
    assert checked_verdict(board, "{2}{G}") and checked_x(board, "{X}") == 3


def test_what_reads_its_power_is_set_aside_with_a_warning() -> None:
    """Its power is its mana value (layer 7b), read, not applied: a creature adding X mana, X the greatest
    power among its controller's creatures, is set aside and named in the warnings."""
    strongarm = custom("Test Strongarm", "g", "Creature — Elf", GREATEST, controller=ME, power=1, toughness=1)
    board = make_board([mine("s", "Sol Ring"), AURA, strongarm])
    (warning,) = text_warnings(board)
    assert warning.permanent == "g" and "power" in warning.reason
    assert could(board)["g"] == ""


# ------------------------------------------------------------------------- a supertype added (layer 4)

SERUM = (
    "Enchant creature\nEnchanted creature gets +2/+2, has first strike and vigilance, and is a legendary "
    "Soldier in addition to its other types.\nWhenever enchanted creature attacks or blocks, attach any "
    "number of target Equipment you control to it."
)
CROWN = 'Legendary creatures you control have "{T}: Add one mana of any color."'


def test_a_creature_made_legendary_gets_what_legendary_creatures_are_given() -> None:
    """'... and is a legendary Soldier in addition to its other types' (Super-Soldier Serum's shape): the Elf
    is legendary (a supertype added in layer 4, CR 205.4, 613.1d), so the grant to legendary creatures (layer
    6, CR 613.1f) gives it '{T}: Add one mana of any color.': it could produce any color and pays {R}; one
    {T} only, so not {R}{G}; X = 1. Without the Aura the Elf makes only {G} (on main the sentence was
    unsupported, warned, and the Elf no legendary)."""
    serum = custom("Test Serum", "a", "Enchantment — Aura", SERUM, controller=ME, attached_to="e")
    crown = custom("Test Crown", "c", "Enchantment", CROWN, controller=ME)
    board = make_board([mine("e", "Llanowar Elves"), serum, crown])
    assert could(board)["e"] == "WUBRG" and not text_warnings(board)
    assert checked_verdict(board, "{R}") and not checked_verdict(board, "{R}{G}")
    assert checked_x(board, "{X}") == 1
    bare = make_board([mine("e", "Llanowar Elves"), crown])
    assert could(bare)["e"] == "G" and not checked_verdict(bare, "{R}")


# --------------------------------------------------------------- enchantments made creatures on a count

STARFIELD = (
    "At the beginning of your upkeep, you may return target enchantment card from your graveyard to the "
    "battlefield.\nAs long as you control five or more enchantments, each other non-Aura enchantment you "
    "control is a creature in addition to its other types and has base power and base toughness each equal "
    "to its converted mana cost."
)


def test_enchantments_are_creatures_only_while_five_are_there() -> None:
    """'As long as you control five or more enchantments, each other non-Aura enchantment you control is a
    creature ...' (Starfield of Nyx's shape): with four other enchantments that tap for {G} and came this turn
    (five with it), they are creatures, summoning sick (CR 302.6): only the Forest pays, X = 1; with three
    (four in all) the count does not hold and they tap: X = 4. On main the sentence was unsupported (warned)
    and X = 5 and 4."""

    def altar(number: int) -> dict[str, Any]:
        return custom(
            f"Test Altar {number}",
            f"x{number}",
            "Enchantment",
            "{T}: Add {G}.",
            controller=ME,
            mana_cost="{1}",
            summoning_sick=True,
        )

    starfield = custom("Test Starfield", "s", "Enchantment", STARFIELD, controller=ME, mana_cost="{4}{W}")
    five = make_board([starfield, *(altar(n) for n in range(4)), mine("f", "Forest")])
    assert not text_warnings(five) and could(five)["x0"] == "G"
    assert not checked_verdict(five, "{G}{G}") and checked_x(five, "{X}") == 1
    four = make_board([starfield, *(altar(n) for n in range(3)), mine("f", "Forest")])
    assert checked_verdict(four, "{G}{G}{G}{G}") and checked_x(four, "{X}") == 4
