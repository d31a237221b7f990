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

from models.mana_effects import PowerChange, TypeChange
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
