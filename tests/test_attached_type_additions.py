"""An Equipment's or an Aura's type addition (issue 35): 'Equipped creature gets +1/+0 and is a Knight in
addition to its other types.' adds the creature type Knight to the creature it is attached to (layer 4, CR
613.1d; CR 205.3d: a creature type on a creature), its pump read as a P/T change (layer 7c). What counts
Knights or sacrifices one sees it; 'is an artifact' adds the card type. Each board's answer is worked out by
hand and checked against the reference search (:func:`boards.checked_verdict`); the cards are small fixtures
written here (their names made up).
"""

from __future__ import annotations

from typing import Any

from boards import ME, checked_verdict, could, custom, largest_x, make_board

from models.layer_effects import PowerChange, TypeChange
from models.oracle import parse_oracle
from planner.api import text_warnings

BLADE = "Equipped creature gets +1/+0 and is a Knight in addition to its other types."
PLATE = "Equipped creature gets +1/+1 and is an artifact in addition to its other types."
HALL = "{T}: Add {W} for each Knight you control."


def bear(pid: str, **fields: Any) -> dict[str, Any]:
    """A vanilla creature of "me" (a Bear: no Knight)."""
    return custom(f"Bear {pid}", pid, "Creature — Bear", "", controller=ME, **fields)


def equipment(pid: str, text: str, on: str | None) -> dict[str, Any]:
    """An Equipment of "me" with this text, attached to ``on`` (None: unattached)."""
    entry = custom(f"Gear {pid}", pid, "Artifact — Equipment", text, controller=ME)
    return {**entry, "attached_to": on} if on is not None else entry


def test_the_sentence_is_read_as_a_type_addition_and_a_pump() -> None:
    read = parse_oracle(BLADE, "Knight's Blade")
    change, pump = read.effects
    assert isinstance(change, TypeChange) and change.subtypes == ("Knight",) and change.affected.attached
    assert isinstance(pump, PowerChange) and (pump.power, pump.toughness) == (1, 0)
    assert not read.unsupported and not read.ignored
    plate = parse_oracle(PLATE, "Plate").effects[0]
    assert isinstance(plate, TypeChange) and plate.card_types == ("Artifact",)
    # (creature tokens too: Squirrels added to each, which counts of Squirrels see)
    squirrels = parse_oracle(
        "Creature tokens you control are Squirrels in addition to their other creature types."
    )
    (tokens,) = squirrels.effects
    assert isinstance(tokens, TypeChange) and tokens.subtypes == ("Squirrel",) and tokens.affected.token
    # (a creature type added to what may be no creature is not read: never ignored in silence)
    other = "Enchanted permanent is a Knight in addition to its other types."
    assert parse_oracle(other).unsupported == (other,)


def test_a_hall_counts_the_equipped_creature_as_a_knight() -> None:
    """'{T}: Add {W} for each Knight you control': two Bears, none a Knight: nothing; one equipped with the
    Blade is one ({W}); the Blade unattached makes none."""
    hall = custom("Hall", "h", "Land", HALL, controller=ME)
    bears = [bear("b1", tapped=True), bear("b2", tapped=True)]
    assert not checked_verdict(make_board([hall, *bears]), "{W}")
    board = make_board([hall, *bears, equipment("blade", BLADE, "b1")])
    assert checked_verdict(board, "{W}") and not checked_verdict(board, "{W}{W}")
    assert largest_x(board) == 1 and could(board)["h"] == "W" and not text_warnings(board)
    assert not checked_verdict(make_board([hall, *bears, equipment("blade", BLADE, None)]), "{W}")


def test_an_outlet_for_knights_sacrifices_the_equipped_creature() -> None:
    """'Sacrifice a Knight: Add {R}{R}' (CR 118.3): only the equipped Bear is a Knight; once it is gone the
    Blade stays, attached to nothing (CR 301.5c), and the other Bear is no Knight: {R}{R} at most."""
    outlet = custom("Knight Pyre", "k", "Artifact", "Sacrifice a Knight: Add {R}{R}.", controller=ME)
    board = make_board([outlet, bear("b1"), bear("b2"), equipment("blade", BLADE, "b1")])
    assert checked_verdict(board, "{R}{R}") and not checked_verdict(board, "{R}{R}{R}")


def test_an_outlet_for_artifacts_sacrifices_a_creature_the_plate_made_one() -> None:
    """'Sacrifice an artifact: Add {C}': the Plate itself is one, and so is the Bear it equips ({C}{C})."""
    outlet = custom("Scrap Pyre", "s", "Enchantment", "Sacrifice an artifact: Add {C}.", controller=ME)
    board = make_board([outlet, bear("b1"), equipment("plate", PLATE, "b1")])
    assert checked_verdict(board, "{C}{C}") and not checked_verdict(board, "{C}{C}{C}")


#: A list of keywords before the type addition (layer 6 beside layer 4): flying changes no payment, haste lets
#: a creature that came under its controller's control this turn use its {T} abilities (CR 302.6, 702.10).
WINGS = "Equipped creature has flying and is a Demon in addition to its other types."
MANTLE = (
    "Enchanted creature gets +1/+1, has trample and haste, and is a Dragon in addition to its other types."
)
PIT = "{T}: Add {B} for each Demon you control."


def test_keywords_before_the_type_addition_are_read_with_it() -> None:
    """Both sentences are read: the type added to what the Equipment or Aura is attached to, the pump, and
    the haste granted (the other keywords change no payment); neither is left unsupported."""
    wings = parse_oracle(WINGS, "Test Wings")
    (change,) = wings.effects
    assert isinstance(change, TypeChange) and change.subtypes == ("Demon",) and change.affected.attached
    assert not wings.unsupported and not wings.ignored
    mantle = parse_oracle(MANTLE, "Test Mantle")
    assert [type(effect).__name__ for effect in mantle.effects] == ["TypeChange", "PowerChange", "GrantHaste"]
    assert not mantle.unsupported


def test_a_pit_counts_the_creature_the_wings_made_a_demon() -> None:
    """'{T}: Add {B} for each Demon you control' (CR 205.3d: the Bear is a Demon while equipped): {B} with the
    Wings on a Bear, nothing with the Wings unattached (CR 301.5c)."""
    pit = custom("Test Pit", "pit", "Land", PIT, controller=ME)
    board = make_board([pit, bear("b1", tapped=True), equipment("wings", WINGS, "b1")])
    assert checked_verdict(board, "{B}") and not checked_verdict(board, "{B}{B}")
    assert largest_x(board) == 1 and could(board)["pit"] == "B" and not text_warnings(board)
    unattached = make_board([pit, bear("b1", tapped=True), equipment("wings", WINGS, None)])
    assert not checked_verdict(unattached, "{B}") and largest_x(unattached) == 0


def test_the_mantle_gives_a_new_creature_haste_and_makes_it_a_dragon() -> None:
    """A summoning-sick creature with '{T}: Add {G}' can't tap for it (CR 302.6) until the Mantle gives it
    haste (CR 702.10); and it is a Dragon, which '{T}: Add {R} for each Dragon you control' counts: {G} from
    the creature and {R} from the lair, {X} = 2; without the Mantle, the lair counts no Dragon and the
    creature is sick: nothing."""
    elf = custom("Test Sprout", "elf", "Creature — Elf", "{T}: Add {G}.", controller=ME, summoning_sick=True)
    lair = custom("Test Lair", "lair", "Land", "{T}: Add {R} for each Dragon you control.", controller=ME)
    aura = custom("Test Mantle", "mantle", "Enchantment — Aura", f"Enchant creature\n{MANTLE}", controller=ME)
    board = make_board([elf, lair, {**aura, "attached_to": "elf"}])
    assert checked_verdict(board, "{R}{G}") and not checked_verdict(board, "{R}{G}{G}")
    assert largest_x(board) == 2 and could(board) == {"elf": "G", "lair": "R", "mantle": ""}
    bare = make_board([elf, lair])
    assert not checked_verdict(bare, "{G}") and largest_x(bare) == 0
