"""Families of sentences the layers follow (issue 35, layers36), on boards worked out by hand from the rules:

- a type change's rider, 'The same is true for creature spells you control and creature cards you own that
  aren't on the battlefield.' (Arcane Adaptation, Leyline of Transformation, Biotransference; CR 611.3a,
  613.1d, 205.3d): the cards part was unsupported text, so a creature card in a graveyard was counted with
  its printed types only. The cards a player owns that aren't on the battlefield now have the types added
  (the chosen creature type, the card types), wherever the planner reads such a card's types.

Values are derived by hand from the rules; each payment is checked against the reference search too.
"""

from __future__ import annotations

from typing import Any

from boards import ME, OPP, checked_verdict, could, custom, largest_x

from models.board import Board
from planner.api import text_warnings

#: Arcane Adaptation's shape (made-up name, the same sentences).
ADAPTATION_TEXT = (
    "As this enchantment enters, choose a creature type.\n"
    "Creatures you control are the chosen type in addition to their other types. The same is true for "
    "creature spells you control and creature cards you own that aren't on the battlefield."
)
#: Biotransference's type change and rider (made-up name, the same sentences; its trigger left out).
ARTIFACT_MAKER_TEXT = (
    "Creatures you control are artifacts in addition to their other types. The same is true for creature "
    "spells you control and creature cards you own that aren't on the battlefield."
)

BEAR: dict[str, Any] = {"name": "Test Bear", "type_line": "Creature — Bear", "mana_cost": "{1}{G}"}
ELF: dict[str, Any] = {"name": "Test Elf", "type_line": "Creature — Elf", "mana_cost": "{G}"}
BOLT: dict[str, Any] = {"name": "Test Bolt", "type_line": "Instant", "mana_cost": "{R}"}


def _graveyard_board(permanents: list[dict[str, Any]], graveyard: list[dict[str, Any]]) -> Board:
    """A board of "me" (whose graveyard is ``graveyard``) and "opp", the permanents as given."""
    return Board.from_dict(
        {
            "version": 1,
            "players": [{"id": ME, "graveyard": graveyard}, {"id": OPP}],
            "permanents": permanents,
        }
    )


def test_creature_cards_in_a_graveyard_are_of_the_chosen_type() -> None:
    """'{T}: Add {G} for each Elf card in your graveyard.' with a Bear, an Elf and an instant in my graveyard:
    printed, one Elf card, {G}. With my Adaptation (Elf chosen) the Bear card is an Elf card too (CR 611.3a:
    the rider reaches the creature cards I own that aren't on the battlefield; 205.3d): {G}{G}, and max-x 2.
    The opponent's Adaptation changes the opponent's cards, not mine: {G}. The instant is never an Elf."""
    grove = custom("Test Grove", "g", "Land", "{T}: Add {G} for each Elf card in your graveyard.")
    grove["controller"] = ME
    adaptation = custom(
        "Test Adaptation", "a", "Enchantment", ADAPTATION_TEXT, choices={"creature_type": "Elf"}
    )
    graveyard = [BEAR, ELF, BOLT]
    mine = _graveyard_board([grove, {**adaptation, "controller": ME}], graveyard)
    assert could(mine)["g"] == "G" and not text_warnings(mine)
    assert checked_verdict(mine, "{G}{G}") and not checked_verdict(mine, "{G}{G}{G}")
    assert largest_x(mine) == 2
    theirs = _graveyard_board([grove, {**adaptation, "controller": OPP}], graveyard)
    assert checked_verdict(theirs, "{G}") and not checked_verdict(theirs, "{G}{G}")
    assert largest_x(theirs) == 1


def test_creature_cards_in_a_graveyard_are_artifact_cards() -> None:
    """'{T}: Add {C} for each artifact card in your graveyard.' with two creature cards and an instant in my
    graveyard: none printed is an artifact; with the artifact maker (Biotransference's shape) each creature
    card I own is an artifact card too (CR 611.3a, 613.1d): {C}{C}."""
    vault = custom("Test Vault", "v", "Land", "{T}: Add {C} for each artifact card in your graveyard.")
    maker = custom("Test Artifact Maker", "m", "Enchantment", ARTIFACT_MAKER_TEXT)
    board = _graveyard_board([{**vault, "controller": ME}, {**maker, "controller": ME}], [BEAR, ELF, BOLT])
    assert not text_warnings(board)
    assert checked_verdict(board, "{C}{C}") and not checked_verdict(board, "{C}{C}{C}")
    assert largest_x(board) == 2
    alone = _graveyard_board([{**vault, "controller": ME}], [BEAR, ELF, BOLT])
    assert largest_x(alone) == 0
