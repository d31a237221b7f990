"""March of the Machines' 'Each noncreature artifact is an artifact creature with power and toughness each
equal to its mana value.' (issue 35): a type change in layer 4 (CR 205.1b: an 'artifact creature' keeps its
other types), its power and toughness set in layer 7b (read, not applied: what reads a power is set aside, as
Opalescence's). Each board's answer is worked out by hand from the rules cited and checked against the
reference search (:func:`boards.checked_verdict`); the cards are small fixtures written here.
"""

from __future__ import annotations

from typing import Any

from boards import ME, checked_verdict, could, custom, largest_x, make_board

from models.layer_effects import TypeChange
from models.oracle import parse_oracle
from planner.api import text_warnings

MARCH = (
    "Each noncreature artifact is an artifact creature with power and toughness each equal to its mana value."
)
CRADLE = "{T}: Add {G} for each creature you control."
RITE = 'Creatures you control have "{T}: Add {G}."'
RING = "{T}: Add {C}{C}."


def march(pid: str = "m") -> dict[str, Any]:
    """March of the Machines, an enchantment of "me"."""
    return custom("March", pid, "Enchantment", MARCH, controller=ME)


def ring(pid: str, **fields: Any) -> dict[str, Any]:
    """A Sol Ring of "me" (an artifact that taps for {C}{C})."""
    return custom(f"Ring {pid}", pid, "Artifact", RING, controller=ME, **fields)


def land(pid: str, oracle: str, **fields: Any) -> dict[str, Any]:
    """A land of "me" with this text."""
    return custom(f"Land {pid}", pid, "Land", oracle, controller=ME, **fields)


def test_march_is_read_as_a_type_change_with_powers_each_its_mana_value() -> None:
    read = parse_oracle(MARCH, "March of the Machines")
    (change,) = read.effects
    assert isinstance(change, TypeChange) and change.card_types == ("Artifact", "Creature")
    assert change.affected.describe() == "noncreature artifact"
    assert change.base_mana_value and not read.changes_power and not read.unsupported and not read.ignored
    # (any other pair of card types is not 205.1b's 'artifact creature': never ignored in silence)
    other = MARCH.replace("an artifact creature", "an enchantment creature")
    assert parse_oracle(other).unsupported == (other,)


def test_a_power_march_sets_is_read() -> None:
    """Layer 7b (CR 613.4b, 202.3): an artifact of mana value 3 made a creature is a 3/3, so a creature
    adding X mana of one color, X the greatest power among its controller's creatures, adds three beside
    the artifact's {C}: {R}{R}{R}{C} is payable, four {R} are not; X = 4. (It was set aside, warned.)"""
    greatest = "{T}: Add X mana of any one color, where X is the greatest power among creatures you control."
    strongarm = custom("Test Strongarm", "g", "Creature — Elf", greatest, controller=ME, power=1, toughness=1)
    relic = custom("Test Relic", "r", "Artifact", "{T}: Add {C}.", controller=ME, mana_cost="{3}")
    march = custom("Test March", "m", "Enchantment", MARCH, controller=ME, mana_cost="{3}{U}")
    board = make_board([march, relic, strongarm])
    assert not text_warnings(board)
    assert checked_verdict(board, "{R}{R}{R}{C}") and not checked_verdict(board, "{R}{R}{R}{R}")
    assert largest_x(board) == 4


def test_a_sick_ring_made_a_creature_cant_tap() -> None:
    """CR 302.6: a Sol Ring that came under its controller's control this turn taps for {C}{C} (an artifact
    is no creature); under March it is a creature, and its {T} ability can't be activated."""
    sick = ring("r", summoning_sick=True)
    assert checked_verdict(make_board([sick]), "{C}{C}")
    board = make_board([march(), sick])
    assert could(board)["r"] == "C"  # (CR 106.7 reads the ability, sick or not)
    assert not checked_verdict(board, "{C}")
    # (one that has been there since the turn began taps as before)
    assert checked_verdict(make_board([march(), ring("r")]), "{C}{C}")


def test_cradle_counts_the_artifacts_made_creatures() -> None:
    """Gaea's Cradle adds {G} for each creature: with no creature, none; under March each noncreature
    artifact is one (two Rings, tapped or not: {G}{G}), the enchantment March itself is not."""
    cradle = land("c", CRADLE)
    rings = [ring("r1", tapped=True), ring("r2", tapped=True)]
    assert not checked_verdict(make_board([cradle, *rings]), "{G}")
    board = make_board([march(), cradle, *rings])
    assert checked_verdict(board, "{G}{G}")
    assert not checked_verdict(board, "{G}{G}{G}")
    assert largest_x(board) == 2 and not text_warnings(board)  # (March is read in full)


def test_cryptolith_rite_grants_the_artifacts_a_mana_ability() -> None:
    """Cryptolith Rite's creatures have '{T}: Add {G}': under March a tapped-out artifact with no mana ability
    (a Bauble) is a creature and taps for {G}; a sick one can't (CR 302.6)."""
    rite = custom("Rite", "rite", "Enchantment", RITE, controller=ME)
    bauble = custom("Bauble", "b", "Artifact", "{1}, {T}: Draw a card.", controller=ME)
    assert not checked_verdict(make_board([rite, bauble]), "{G}")
    board = make_board([march(), rite, bauble])
    assert could(board)["b"] == "G"
    assert checked_verdict(board, "{G}")
    sick = {**bauble, "summoning_sick": True}
    assert not checked_verdict(make_board([march(), rite, sick]), "{G}")


def test_an_artifact_creature_already_and_an_artifact_land_keep_their_types() -> None:
    """CR 205.1b: the artifact land made an artifact creature stays a land (it taps for mana, not sick), and
    it is counted by the Cradle too."""
    vault = custom("Vault", "v", "Artifact Land", "{T}: Add {B}.", controller=ME)
    cradle = land("c", CRADLE)
    board = make_board([march(), vault, cradle])
    assert checked_verdict(board, "{B}{G}")
    assert not checked_verdict(board, "{B}{G}{G}")


def test_an_altar_sacrifices_an_artifact_made_a_creature() -> None:
    """'Sacrifice a creature: Add {C}{C}.' (CR 118.3): with no creature, no mana; under March the Bauble is
    one, sacrificed for {C}{C} (the Altar itself, an artifact, is one too: {C}{C}{C}{C} at most)."""
    altar = custom("Altar", "a", "Artifact", "Sacrifice a creature: Add {C}{C}.", controller=ME)
    bauble = custom("Bauble", "b", "Artifact", "{1}, {T}: Draw a card.", controller=ME)
    assert not checked_verdict(make_board([altar, bauble]), "{C}")
    board = make_board([march(), altar, bauble])
    assert checked_verdict(board, "{C}{C}{C}{C}")
    assert not checked_verdict(board, "{C}{C}{C}{C}{C}")


#: Static sentences that make permanents creatures, or give them types, which the reader does not read yet:
#: each changes a payment (summoning sickness, CR 302.6; what counts or sacrifices creatures or a type).
UNREAD_TYPE_CHANGES = (
    # ('Enchanted artifact is a creature with base power and toughness 5/5 in addition to its other types.' is
    # read now, its base power applied: tests/test_base_power.py)
    # ('As long as enchanted permanent is a Vehicle, it's a creature in addition to its other types.' is read
    # now: tests/test_conditional_types.py)
    # ('~ is a 5/5 Golem artifact creature as long as you control three or more artifacts.' is read now, its
    # count judged in layer 4: tests/test_conditional_types.py; on a color, layer 5, it is not)
    "~ is a 5/5 Golem artifact creature as long as you control a green creature.",
    # ('If you would pay life while your library has at least that many cards in it, exile that many cards
    # from the top of your library instead.' is read now, each life payment replaced, CR 614.1a:
    # tests/test_life_paid_by_library.py)
)
# (haste grants, CR 302.6, are read now: tests/test_abilities_taken_and_given.py)

#: Sentences with the same words that change no permanent's types: conditions, counts, cards, one-shot
#: effects.
NOT_TYPE_CHANGES = (
    "As long as ~ is a creature, it can block an additional creature each combat.",
    "Activate only once each turn and only if ~ is a creature.",
    "You may put it onto the battlefield if it's a creature card.",
    "That creature is a Vampire in addition to its other types.",
    "All damage that would be dealt to you is dealt to enchanted creature instead.",
    "Target land becomes a 3/3 creature until end of turn.",
    "That creature gains menace, deathtouch, and haste.",
)


def test_unread_type_changes_are_unsupported_never_ignored() -> None:
    for text in UNREAD_TYPE_CHANGES:
        read = parse_oracle(text, "Card")
        assert read.unsupported == (text,) and not read.ignored, text
    for text in NOT_TYPE_CHANGES:
        read = parse_oracle(text, "Card")
        assert not read.unsupported and not read.effects, text


def test_an_unread_type_change_is_warned_on_a_board() -> None:
    """A card that makes itself a creature on a color count (layer 5, not judged in layer 4), not read: the
    answer warns of it rather than answering in silence. (Living Lands' 'All Forests are 1/1 creatures that
    are still lands.' is read: tests/test_lands_made_creatures.py.)"""
    lands = custom("Living", "l", "Enchantment", UNREAD_TYPE_CHANGES[0], controller=ME)
    forest = land("f", "{T}: Add {G}.")
    warnings = text_warnings(make_board([lands, forest]))
    assert any(UNREAD_TYPE_CHANGES[0] in str(warning) for warning in warnings), warnings
