"""Auras that take a creature's abilities (issue 35, layer 6, CR 613.1f): 'Enchanted creature loses all
abilities and can't become untapped.' (the creature keeps no {Q} cost it could pay, CR 107.6, 118.3) and a
type change's rider in the sentence after it, 'Enchanted creature is a Turtle with base power and toughness
0/1. It can't attack and loses all abilities.', 'Enchanted creature is a Citizen with base power and
toughness 1/1. It has defender and loses all other abilities.' (one ability of two sentences: the loss applies
to what the type change applied to, CR 613.6; the creature types replaced, CR 205.1b; the base power set in
layer 7b, CR 613.4b). An ability granted by an effect of a later timestamp stays (CR 613.7).

The cards are small fixtures written here (their names made up); each answer is worked out by hand from the
rules named, and every verdict and largest X is checked against the reference search too
(:func:`boards.checked_verdict`, :func:`test_lands_made_creatures.checked_x`). On main each of these
sentences was unsupported (warned) and the creature kept its abilities.
"""

from __future__ import annotations

from typing import Any

from boards import ME, checked_verdict, could, custom, make_board, mine
from test_lands_made_creatures import checked_x

from models.layer_effects import AbilityLoss, TypeChange
from models.oracle import parse_oracle
from planner.api import text_warnings
from planner.rules.amounts import known_power
from planner.rules.view import BoardView

FROZEN = (
    "Enchant creature\nWhen this Aura enters, tap enchanted creature.\n"
    "Enchanted creature loses all abilities and can't become untapped."
)
TURTLE = (
    "Flash\nEnchant creature\nEnchanted creature is a Turtle with base power and toughness 0/1.\n"
    "It can't attack and loses all abilities."
)
CITIZEN = (
    "Enchant creature\nEnchanted creature is a Citizen with base power and toughness 1/1.\n"
    "It has defender and loses all other abilities."
)
PLAIN_LOSS = "Enchant creature\nEnchanted creature loses all abilities."
UNTAPPER = 'Creatures you control have "{1}, {Q}: Add {R}."'
GREATEST = "{T}: Add X mana of any one color, where X is the greatest power among creatures you control."


def aura(pid: str, text: str, attached_to: str) -> dict[str, Any]:
    """An Aura of "me" with this text, on ``attached_to``."""
    return custom(f"Test Aura {pid}", pid, "Enchantment — Aura", text, controller=ME, attached_to=attached_to)


def enchantment(pid: str, text: str) -> dict[str, Any]:
    """An enchantment of "me" with this text."""
    return custom(f"Test Enchantment {pid}", pid, "Enchantment", text, controller=ME)


def bear(pid: str = "b", power: int = 3) -> dict[str, Any]:
    """A vanilla Bear of "me"."""
    return custom("Test Bear", pid, "Creature — Bear", "", controller=ME, power=power, toughness=power)


def strongarm(pid: str = "g", power: int = 1) -> dict[str, Any]:
    """A creature of "me" that adds X mana of one color, X the greatest power among its controller's
    creatures."""
    return custom("Test Strongarm", pid, "Creature — Elf", GREATEST, controller=ME, power=power, toughness=1)


# ------------------------------------------------------------------------------------------------ reading


def test_the_sentences_are_read() -> None:
    frozen = parse_oracle(FROZEN)
    (loss,) = frozen.effects
    assert not frozen.unsupported
    assert isinstance(loss, AbilityLoss) and loss.stays_tapped and loss.affected.attached
    turtle = parse_oracle(TURTLE)
    change, rider = turtle.effects
    assert not turtle.unsupported and not turtle.changes_power
    assert isinstance(change, TypeChange) and change.base_pt == (0, 1)
    assert change.sets_types is not None and change.sets_types.subtypes == ("Turtle",)
    assert not change.sets_types.card_types  # (CR 205.1b: a creature type alone keeps its card types)
    assert isinstance(rider, AbilityLoss) and rider.linked and rider.follows == change.text
    citizen = parse_oracle(CITIZEN)
    assert not citizen.unsupported and isinstance(citizen.effects[-1], AbilityLoss)


def test_the_rider_after_anything_else_is_not_read() -> None:
    # ('It' names the objects of the type change before it; after a trigger, or a grant of haste it does
    # not give, it stays unsupported: warned, never guessed)
    after_trigger = "When this Aura enters, tap enchanted creature.\nIt can't attack and loses all abilities."
    assert parse_oracle(after_trigger).unsupported == ("It can't attack and loses all abilities.",)
    hasty = (
        "Enchanted creature is a Turtle with base power and toughness 0/1.\n"
        "It has haste and loses all other abilities."
    )
    assert parse_oracle(hasty).unsupported == ("It has haste and loses all other abilities.",)


# ------------------------------------------------------------------------------------- Frozen in Ice's shape


def test_a_frozen_elf_makes_no_mana() -> None:
    """CR 613.1f: the Elf loses '{T}: Add {G}'; the Forest pays one {G}, so {G}{G} is not payable and the
    largest X is 1 (on main, the Elf kept its ability: {G}{G}, X = 2, with a warning)."""
    board = make_board([mine("e", "Llanowar Elves"), aura("a", FROZEN, "e"), mine("f", "Forest")])
    assert could(board)["e"] == "" and not text_warnings(board)
    assert checked_verdict(board, "{G}") and not checked_verdict(board, "{G}{G}")
    assert checked_x(board, "{X}") == 1


def test_a_frozen_creature_cant_pay_an_untap_cost() -> None:
    """A tapped Elf given '{1}, {Q}: Add {R}.' by an enchantment of a later timestamp keeps that ability (CR
    613.7), but it can't become untapped, so the {Q} can't be paid (CR 107.6, 118.3): {R} is not payable
    from two Forests. It could still produce {R}: what a permanent could produce ignores costs (CR 106.7).
    The same board with an Aura that only takes its abilities pays {R}: a Forest pays {1}, the Elf untaps."""
    frozen = make_board(
        [
            mine("f", "Forest"),
            mine("f2", "Forest"),
            mine("e", "Llanowar Elves", tapped=True),
            aura("a", FROZEN, "e"),
            enchantment("r", UNTAPPER),
        ]
    )
    assert could(frozen)["e"] == "R"
    assert not checked_verdict(frozen, "{R}")
    assert not BoardView(frozen).untaps_normally("e")
    plain = make_board(
        [
            mine("f", "Forest"),
            mine("f2", "Forest"),
            mine("e", "Llanowar Elves", tapped=True),
            aura("a", PLAIN_LOSS, "e"),
            enchantment("r", UNTAPPER),
        ]
    )
    assert checked_verdict(plain, "{R}") and BoardView(plain).untaps_normally("e")


def test_a_grant_before_the_frozen_aura_is_lost() -> None:
    """CR 613.7: the enchantment granting '{T}: Add {R}.' comes before the Aura: its grant is lost with the
    rest; after it, kept."""
    grant = 'Creatures you control have "{T}: Add {R}."'
    before = make_board([enchantment("r", grant), mine("e", "Llanowar Elves"), aura("a", FROZEN, "e")])
    assert could(before)["e"] == "" and not checked_verdict(before, "{R}")
    after = make_board([mine("e", "Llanowar Elves"), aura("a", FROZEN, "e"), enchantment("r", grant)])
    assert could(after)["e"] == "R" and checked_verdict(after, "{R}") and not checked_verdict(after, "{G}")


# --------------------------------------------------------------------------- Retro-Mutation's two sentences


def test_a_turtle_elf_makes_no_mana() -> None:
    """The Elf is a Turtle (layer 4) and loses its abilities (layer 6, the type change's object, CR 613.6):
    the Forest alone pays; X = 1 (on main 2, with a warning)."""
    board = make_board([mine("e", "Llanowar Elves"), aura("a", TURTLE, "e"), mine("f", "Forest")])
    assert could(board)["e"] == "" and not text_warnings(board)
    assert BoardView(board).type_line("e").subtypes == ("Turtle",)  # (CR 205.1b)
    assert BoardView(board).type_line("e").is_a("Creature")
    assert checked_verdict(board, "{G}") and not checked_verdict(board, "{G}{G}")
    assert checked_x(board, "{X}") == 1


def test_the_turtles_base_power_is_what_a_power_reader_sees() -> None:
    """The 3/3 Bear enchanted by the Turtle Aura has base power 0 (layer 7b, CR 613.4b); a +1/+1 counter
    makes it 1 (7c on top, CR 613.4c). The Strongarm (power 1) adds X mana of one color, X the greatest power
    among its controller's creatures: 1 with the Aura (3 without), so with a Forest the largest X is 2 (4
    without). On main the Aura's first sentence was set aside and the Strongarm with it (a power change not
    read): X = 1."""
    board = make_board([bear(), aura("a", TURTLE, "b"), strongarm(), mine("f", "Forest")], opponent=False)
    assert known_power(BoardView(board), "b") == 0 and not text_warnings(board)
    assert checked_verdict(board, "{R}{G}") and not checked_verdict(board, "{R}{R}")
    assert checked_x(board, "{X}") == 2
    bare = make_board([bear(), strongarm(), mine("f", "Forest")], opponent=False)
    assert checked_x(bare, "{X}") == 4
    countered = make_board(
        [
            {**bear(), "counters": {"+1/+1": 1}},
            aura("a", TURTLE, "b"),
            strongarm(power=0),
            mine("f", "Forest"),
        ],
        opponent=False,
    )
    assert known_power(BoardView(countered), "b") == 1
    assert checked_x(countered, "{X}") == 2


def test_a_citizen_keeps_only_defender() -> None:
    """'It has defender and loses all other abilities': the Elf, a 1/1 Citizen, has no mana ability; the
    Strongarm (power 0) sees the Citizen's base power 1: X = 1 from it, 2 with the Forest."""
    board = make_board(
        [mine("e", "Llanowar Elves"), aura("a", CITIZEN, "e"), strongarm(power=0), mine("f", "Forest")],
        opponent=False,
    )
    assert could(board)["e"] == "" and not text_warnings(board)
    assert known_power(BoardView(board), "e") == 1
    assert checked_x(board, "{X}") == 2
