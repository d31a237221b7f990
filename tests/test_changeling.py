"""Changeling (CR 702.73a): a characteristic-defining ability, so the object is every creature type in every
zone (CR 604.3), first in layer 4 (CR 613.3): counted by 'for each Elf', reduced as an Elf spell, and matched
as an Elf card among a graveyard's cards. Values worked out by hand, checked against the reference search."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from boards import checked_verdict, largest_x, make_board, mine

from models.board import Board
from models.spells import find_spell, spell_target
from models.types import TypeLine
from planner.api import could_produce, pay, text_warnings

#: A made-up changeling creature with no mana ability of its own.
CHANGELING: dict[str, Any] = {
    "name": "Test Mimic",
    "type_line": "Creature — Shapeshifter",
    "oracle": "Changeling (This card is every creature type.)",
    "mana_cost": "{1}{G}",
    "power": 1,
    "toughness": 1,
}
#: Priest of Titania's kind (made up): '{T}: Add {G} for each Elf on the battlefield.'
ELF_PRIEST: dict[str, Any] = {
    "name": "Test Elf Priest",
    "type_line": "Creature — Elf Druid",
    "oracle": "{T}: Add {G} for each Elf on the battlefield.",
    "mana_cost": "{1}{G}",
    "power": 1,
    "toughness": 1,
}
#: An Elf lord's cost reduction (made up).
ELF_HALL: dict[str, Any] = {
    "name": "Test Elf Hall",
    "type_line": "Enchantment",
    "oracle": "Elf spells you cast cost {1} less to cast.",
}


def test_a_changeling_creature_is_an_elf_for_a_count_of_elves() -> None:
    """The Priest counts itself and the changeling: {G}{G} (a plain Shapeshifter would leave {G})."""
    board = make_board([mine("p", ELF_PRIEST), mine("c", CHANGELING)], opponent=False)
    assert str(could_produce(board)["p"]) == "G"
    assert checked_verdict(board, "{G}{G}") and not checked_verdict(board, "{G}{G}{G}")
    assert largest_x(board) == 2 and not text_warnings(board)
    plain = {**CHANGELING, "oracle": ""}
    assert largest_x(make_board([mine("p", ELF_PRIEST), mine("c", plain)], opponent=False)) == 1


def test_a_changeling_spell_is_an_elf_spell() -> None:
    """An Elf spell costs {1} less: the changeling's {1}{G} is {G}, so a Forest pays it; a spell without
    changeling still costs {1}{G}."""
    hand = [{k: CHANGELING[k] for k in ("name", "type_line", "oracle", "mana_cost")}]
    board = Board.from_dict(
        {
            "version": 1,
            "players": [{"id": "me", "hand": hand}],
            "permanents": [mine("h", ELF_HALL), mine("f", "Forest")],
        }
    )
    spell = spell_target(find_spell(board.player("me"), "Test Mimic"))
    assert spell.type_line.is_a("Elf") and spell.type_line.is_a("Shapeshifter")
    assert pay(board, spell).payable
    plain = replace(spell, type_line=TypeLine.parse("Creature — Shapeshifter"))
    assert not pay(board, plain).payable


#: Maskwood Nexus's kind (made up): every creature its controller controls is every creature type.
EVERY_TYPE_NEXUS: dict[str, Any] = {
    "name": "Test Nexus",
    "type_line": "Artifact",
    "oracle": "Creatures you control are every creature type.",
}


def test_creatures_that_are_every_creature_type_are_elves() -> None:
    """With the Nexus, the Priest counts itself and a Bear (a creature you control), not an opponent's Bear:
    {G}{G}; without it, only itself."""
    bear = {"name": "Test Bear", "type_line": "Creature — Bear", "oracle": "", "mana_cost": "{1}{G}"}
    theirs = {**mine("o", bear), "controller": "opp"}
    board = make_board([mine("p", ELF_PRIEST), mine("b", bear), mine("n", EVERY_TYPE_NEXUS), theirs])
    assert checked_verdict(board, "{G}{G}") and not checked_verdict(board, "{G}{G}{G}")
    assert largest_x(board) == 2 and not text_warnings(board)
    assert largest_x(make_board([mine("p", ELF_PRIEST), mine("b", bear), theirs])) == 1
