"""A creature type an Aura adds beside a pump it can't follow (issue 35, layer 4 and 7c): 'Enchanted creature
gets +1/+1 for each creature card in your graveyard and is an Avatar in addition to its other types.' (Avatar
Destiny's shape). The type is added in layer 4 (CR 613.1d, 205.1b), so what counts Avatars counts the
enchanted creature; the pump (layer 7c, CR 613.4c) counts cards a payment may put into the graveyard (a
creature sacrificed for mana, CR 701.21a), which is not followed: what reads a power is set aside with a
warning naming the Aura, as for any power change not read, never a guessed power.

The cards are small fixtures written here (their names made up); each answer is worked out by hand from the
rules named, and every verdict is checked against the reference search too. On main the sentence was
unsupported (warned) and the creature was no Avatar.
"""

from __future__ import annotations

from boards import ME, checked_verdict, custom, make_board, mine
from cost_part_cards import MARWYN
from test_lands_made_creatures import checked_x

from models.board import Board
from models.layer_effects import TypeChange
from models.oracle import parse_oracle
from planner.api import text_warnings

DESTINY = (
    "Enchant creature you control\n"
    "Enchanted creature gets +1/+1 for each creature card in your graveyard and is an Avatar in addition to "
    "its other types."
)
#: a land whose mana counts Avatars
SHRINE = "{T}: Add {G} for each Avatar you control."


def board(*, enchanted: str) -> Board:
    """Marwyn (its mana reads its power) and a vanilla Bear, the Aura on ``enchanted``, and the Shrine."""
    bear = custom("Test Bear", "b", "Creature — Bear", "", controller=ME, power=2, toughness=2)
    aura = custom("Test Destiny", "d", "Enchantment — Aura", DESTINY, controller=ME, attached_to=enchanted)
    shrine = custom("Test Shrine", "s", "Land", SHRINE, controller=ME)
    return make_board([mine("m", MARWYN), bear, aura, shrine])


def test_the_types_are_read_and_the_pump_set_aside() -> None:
    parsed = parse_oracle(DESTINY)
    assert not parsed.unsupported and parsed.changes_power
    (change,) = parsed.effects
    assert isinstance(change, TypeChange) and change.subtypes == ("Avatar",) and change.affected.attached


def test_the_enchanted_creature_is_an_avatar() -> None:
    """On the Bear: one Avatar, so the Shrine adds {G} (CR 613.1d); Marwyn's power is set aside (the pump is
    not read), named in the warnings with the Aura, so Marwyn adds nothing counted: {G} is payable, {G}{G}
    is not; X = 1."""
    on_bear = board(enchanted="b")
    assert checked_verdict(on_bear, "{G}") and not checked_verdict(on_bear, "{G}{G}")
    assert checked_x(on_bear, "{X}") == 1
    assert any(w.permanent == "m" and "permanents[2]" in w.reason for w in text_warnings(on_bear))
