"""'Enchanted permanent is a colorless Forest land' (Song of the Dryads): layer 4 sets its card types and
subtypes (a land's subtype set takes the abilities of its rules text away and gives the land type's own,
CR 305.7), layer 5 makes it colorless; a creature that is now only a land taps for {G} though it came under
its controller's control this turn (CR 302.6 is about creatures). Values worked out by hand, checked against
the reference search."""

from __future__ import annotations

from typing import Any

from boards import checked_verdict, largest_x, make_board, mine

from models.oracle import parse_oracle
from planner.api import could_produce, text_warnings

#: Song of the Dryads' text, given by its text as a board may give it.
SONG: dict[str, Any] = {
    "name": "Song of the Dryads",
    "type_line": "Enchantment — Aura",
    "oracle": "Enchant permanent\nEnchanted permanent is a colorless Forest land.",
    "mana_cost": "{2}{G}",
}


def test_a_sol_ring_that_is_a_forest_taps_for_green_only() -> None:
    board = make_board([mine("s", "Sol Ring"), {**mine("g", SONG), "attached_to": "s"}], opponent=False)
    assert str(could_produce(board)["s"]) == "G"
    assert checked_verdict(board, "{G}") and not checked_verdict(board, "{C}")
    assert not checked_verdict(board, "{2}") and largest_x(board) == 1 and not text_warnings(board)


def test_a_summoning_sick_elf_that_is_a_forest_taps_for_green() -> None:
    elves = mine("e", "Llanowar Elves", summoning_sick=True)
    board = make_board([elves, {**mine("g", SONG), "attached_to": "e"}, mine("f", "Forest")], opponent=False)
    assert str(could_produce(board)["e"]) == "G"
    assert checked_verdict(board, "{G}{G}") and not checked_verdict(board, "{G}{G}{G}")
    alone = make_board([elves, mine("f", "Forest")], opponent=False)
    assert not checked_verdict(alone, "{G}{G}")  # (without the Song, a sick Elf can't tap)


def test_only_an_auras_colorless_basic_land_is_read() -> None:
    # (anything else set colorless and a Forest land is not read: reported, never guessed)
    text = "Creatures you control are a colorless Forest land."
    assert parse_oracle(text).unsupported == (text,)
