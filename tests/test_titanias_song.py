"""Titania's Song's 'Each noncreature artifact loses all abilities and becomes an artifact creature with
power and toughness each equal to its mana value. If Titania's Song leaves the battlefield, this effect
continues until end of turn.' (issue 35): March of the Machines' type change in layer 4 (CR 205.1b), and the
loss of every ability in layer 6 (CR 613.1f) of the same permanents, those the type change applied to as it
applied (CR 613.6), not what 'noncreature artifact' matches once they are creatures. Its power and
toughness (layer 7b) are read as Opalescence's, not applied. An ability whose cost may take the Song away is
set aside with a warning: the effect would go on for the turn, which is not followed yet.

Each board's answer is worked out by hand from the rules cited and checked against the reference search
(:func:`boards.checked_verdict`); the cards are small fixtures written here.
"""

from __future__ import annotations

from typing import Any

from boards import ME, checked_verdict, could, custom, make_board, mine

from models.layer_effects import AbilityLoss, TypeChange
from models.oracle import parse_oracle
from planner.api import text_warnings

SONG = (
    "Each noncreature artifact loses all abilities and becomes an artifact creature with power and toughness "
    "each equal to its mana value. If Titania's Song leaves the battlefield, this effect continues until end "
    "of turn."
)
MARCH = (
    "Each noncreature artifact is an artifact creature with power and toughness each equal to its mana value."
)
LATTICE = "All permanents are artifacts in addition to their other types."


def enchantment(pid: str, oracle: str) -> dict[str, Any]:
    """An enchantment of "me" with this text (the Song's named so: its text names itself)."""
    name = "Titania's Song" if oracle == SONG else f"Enchantment {pid}"
    return custom(name, pid, "Enchantment", oracle, controller=ME)


def ring(pid: str = "r") -> dict[str, Any]:
    """A Sol Ring: a noncreature artifact that taps for {C}{C}."""
    return custom(f"Ring {pid}", pid, "Artifact", "{T}: Add {C}{C}.", controller=ME, mana_cost="{1}")


def myr(pid: str = "y") -> dict[str, Any]:
    """An artifact creature that taps for {C} (not summoning sick: there since the turn began)."""
    return custom(
        f"Myr {pid}", pid, "Artifact Creature — Myr", "{T}: Add {C}.", controller=ME, power=1, toughness=1,
        mana_cost="{2}",
    )  # fmt: skip


def test_the_songs_creatures_have_their_mana_value_as_power() -> None:
    """The Song's creatures have base power and toughness each their mana value (layer 7b, CR 613.4b) and
    lose their abilities (layer 6): an artifact of mana value 3 is a 3/3 with no {T} ability left, so a
    creature adding X mana of one color, X the greatest power among its controller's creatures, adds three:
    {R}{R}{R} is payable, {R}{R}{R}{C} is not. (It was set aside, warned.)"""
    greatest = "{T}: Add X mana of any one color, where X is the greatest power among creatures you control."
    strongarm = custom("Test Strongarm", "g", "Creature — Elf", greatest, controller=ME, power=1, toughness=1)
    relic = custom("Test Relic", "r", "Artifact", "{T}: Add {C}.", controller=ME, mana_cost="{3}")
    song = custom("Test Song", "t", "Enchantment", SONG, controller=ME, mana_cost="{3}{G}")
    board = make_board([song, relic, strongarm])
    assert not text_warnings(board)
    assert checked_verdict(board, "{R}{R}{R}") and not checked_verdict(board, "{R}{R}{R}{C}")


def test_the_song_is_read_as_a_type_change_and_a_linked_loss() -> None:
    read = parse_oracle(SONG, "Titania's Song")
    change, loss = read.effects
    assert isinstance(change, TypeChange) and change.card_types == ("Artifact", "Creature")
    assert isinstance(loss, AbilityLoss) and loss.linked and loss.continues and not loss.except_mana
    assert not read.unsupported and not read.ignored and not read.changes_power and change.base_mana_value
    # (a continuation after anything else is not understood: never ignored in silence)
    other = "If ~ leaves the battlefield, this effect continues until end of turn."
    assert parse_oracle("Creatures lose all abilities.\n" + other).unsupported == (other,)


def test_a_ring_under_the_song_makes_nothing() -> None:
    """CR 613.6: the Ring, a noncreature artifact in layer 4, loses '{T}: Add {C}{C}' in layer 6 though it is
    a creature by then; the Forest is no artifact."""
    board = make_board([enchantment("s", SONG), ring(), mine("f", "Forest")])
    assert could(board)["r"] == ""
    assert checked_verdict(board, "{G}") and not checked_verdict(board, "{C}")
    assert not checked_verdict(board, "{1}{G}")
    assert not text_warnings(board)


def test_an_artifact_creature_keeps_its_abilities() -> None:
    """The Myr is a creature already: no noncreature artifact, so the Song changes nothing of it."""
    board = make_board([enchantment("s", SONG), myr()])
    assert could(board)["y"] == "C"
    assert checked_verdict(board, "{C}")


def test_a_land_made_an_artifact_loses_its_land_types_ability() -> None:
    """CR 613.8a: the Song depends on 'All permanents are artifacts' (it changes what the Song applies to),
    which applies first whatever the timestamps; the Forest is then a noncreature artifact, and loses its
    intrinsic '{T}: Add {G}' (CR 305.6) with every other ability in layer 6. Without the Song it taps."""
    board = make_board([enchantment("s", SONG), mine("f", "Forest"), enchantment("l", LATTICE)])
    assert could(board)["f"] == ""
    assert not checked_verdict(board, "{G}")
    alone = make_board([mine("f", "Forest"), enchantment("l", LATTICE)])
    assert checked_verdict(alone, "{G}")


def test_with_march_of_the_machines_the_timestamps_decide() -> None:
    """CR 613.8a-b: the Song and March each change what the other applies to (a dependency loop), so they
    apply in timestamp order, the board's. The Song first: the Ring is a noncreature artifact for it and
    loses its ability. March first: the Ring is a creature when the Song applies, the Song applies to nothing,
    and the Ring taps for {C}{C} (it has been there since the turn began)."""
    song_first = make_board([enchantment("s", SONG), ring(), enchantment("m", MARCH)])
    assert could(song_first)["r"] == ""
    assert not checked_verdict(song_first, "{C}")
    march_first = make_board([enchantment("m", MARCH), ring(), enchantment("s", SONG)])
    assert could(march_first)["r"] == "C"
    assert checked_verdict(march_first, "{C}{C}")


def test_an_ability_that_may_sacrifice_the_song_is_set_aside_with_a_warning() -> None:
    """'Sacrifice an enchantment: Add {C}.' may take the Song away; the Song's effect would continue until end
    of turn (the Ring stays without its ability), which the planner does not follow: that ability is set
    aside and named in the warnings, never used in silence."""
    altar = custom("Altar", "a", "Artifact Creature — Golem", "Sacrifice an enchantment: Add {C}.",
                   controller=ME, power=1, toughness=1)  # fmt: skip
    board = make_board([enchantment("s", SONG), ring(), altar])
    warned = text_warnings(board)
    assert any(w.permanent == "a" and "continues until end of turn" in w.reason for w in warned)
    assert not checked_verdict(board, "{C}")
