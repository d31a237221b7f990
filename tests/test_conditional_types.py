"""Type changes on a condition (issue 35: layer 4, CR 613.1d, with their base power, layer 7b): '~ is a 3/3
Golem artifact creature as long as you control three or more artifacts.' (the card itself an artifact
creature of that creature type, CR 205.1b, with that base power and toughness, CR 613.4b) and 'As long as you
control eight or more permanents named ~, ~ is an artifact creature.' (a Vehicle's own, its printed power)
apply while their count holds. The count reads the types layer 4 gives: an effect that makes permanents
artifacts changes whether the first exists, so the first depends on it and applies after it whatever their
timestamps (CR 613.8a). A cost that may take away a permanent the count counts (a Treasure) may end the
effect while paying, which is not followed yet: the effect is applied as the board is and reported.

The cards are small fixtures written here (their names made up); each answer is worked out by hand from the
rules named, and every verdict and largest X is checked against the reference search too
(:func:`boards.checked_verdict`, :func:`test_lands_made_creatures.checked_x`)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from boards import ME, OPP, checked_verdict, could, custom, make_board
from test_lands_made_creatures import checked_x

from models.board import Board
from models.cost import PaymentTarget
from models.layer_effects import TypeChange
from models.oracle import parse_oracle
from planner.api import pay, text_warnings
from planner.rules.amounts import known_power
from planner.rules.reference import reference_search
from planner.rules.view import BoardView

RELIC_TEXT = "Test Relic is a 3/3 Golem artifact creature as long as you control three or more artifacts."
AIRSHIP_TEXT = (
    "As long as you control three or more permanents named Test Airship, Test Airship is an artifact"
    " creature."
)
CRADLE_TEXT = "{T}: Add {G} for each creature you control."
GREATEST_TEXT = "{T}: Add X mana of any one color, where X is the greatest power among creatures you control."
LATTICE_TEXT = "Lands you control are artifacts in addition to their other types."


def relic() -> dict[str, Any]:
    return custom("Test Relic", "r", "Artifact", RELIC_TEXT)


def bauble(pid: str) -> dict[str, Any]:
    return custom("Test Bauble", pid, "Artifact", "")


def cradle() -> dict[str, Any]:
    return custom("Test Cradle", "k", "Legendary Land", CRADLE_TEXT)


def test_the_conditions_are_read() -> None:
    """The count is read as a condition of the type change; a condition that reads more than types and names
    (a color, judged in layer 5) is reported, never guessed (on main all three were unsupported)."""
    (golem,) = parse_oracle(RELIC_TEXT, "Test Relic").effects
    assert isinstance(golem, TypeChange) and golem.condition is not None and golem.affected.self_only
    assert (golem.card_types, golem.subtypes, golem.base_pt, golem.condition.at_least) == (
        ("Artifact", "Creature"),
        ("Golem",),
        (3, 3),
        3,
    )
    (airship,) = parse_oracle(AIRSHIP_TEXT, "Test Airship").effects
    assert isinstance(airship, TypeChange) and airship.condition is not None
    assert airship.condition.filters[0].named_as_source and airship.base_pt is None
    green = "Test Relic is a 3/3 Golem artifact creature as long as you control a green creature."
    unread = parse_oracle(green, "Test Relic")
    assert not unread.effects and unread.unsupported == (green.replace("Test Relic", "~", 1),)


def test_the_relic_is_a_creature_while_three_artifacts_are() -> None:
    """The Relic and two other artifacts: three, so the Relic is a 3/3 Golem artifact creature; the Cradle
    counts it and the Strongarm ({G}{G}), and the Strongarm (a 0/1) adds X = 3, the Relic's power (layer
    7b): {X} up to 5. With one other artifact it is no creature: the Cradle counts the Strongarm alone,
    which adds 0: 1."""
    strongarm = custom("Test Strongarm", "g", "Creature — Elf", GREATEST_TEXT, power=0, toughness=1)
    board = make_board([relic(), bauble("b1"), bauble("b2"), cradle(), strongarm], opponent=False)
    view = BoardView(board)
    assert str(view.type_line("r")) == "Artifact Creature — Golem" and known_power(view, "r") == 3
    assert not text_warnings(board) and could(board)["g"] == "WUBRG"
    assert checked_x(board, "{X}") == 5
    assert checked_verdict(board, "{R}{R}{R}{G}{G}") and not checked_verdict(board, "{R}{R}{R}{R}{G}{G}")
    fewer = make_board([relic(), bauble("b1"), cradle(), strongarm], opponent=False)
    assert str(BoardView(fewer).type_line("r")) == "Artifact"
    assert checked_x(fewer, "{X}") == 1


def test_the_count_reads_the_artifacts_another_effect_makes() -> None:
    """'Lands you control are artifacts in addition to their other types.' makes the Cradle an artifact: with
    the Relic and one other artifact, three. Applying it changes whether the Relic's effect exists, so the
    Relic's depends on it and applies after it even with the earlier timestamp (CR 613.8a): the Relic is a
    creature either way, the Cradle adds {G}."""
    for order in ("relic first", "lattice first"):
        lattice = custom("Test Lattice", "l", "Enchantment", LATTICE_TEXT)
        permanents = [relic(), bauble("b1"), cradle()]
        permanents = [*permanents, lattice] if order == "relic first" else [lattice, *permanents]
        board = make_board(permanents, opponent=False)
        assert BoardView(board).type_line("r").is_a("Creature"), order
        assert checked_x(board, "{X}") == 1, order


def test_permanents_named_alike() -> None:
    """Three permanents named Test Airship (Vehicles, 3/3 printed): each is an artifact creature (CR 205.1b),
    so the Cradle counts three: {G}{G}{G}. Two are not enough: none is a creature, the Cradle adds none."""
    ships = [
        custom("Test Airship", f"s{i}", "Artifact — Vehicle", AIRSHIP_TEXT, power=3, toughness=3)
        for i in range(3)
    ]
    board = make_board([*ships, cradle()], opponent=False)
    assert checked_verdict(board, "{G}{G}{G}") and not checked_verdict(board, "{G}{G}{G}{G}")
    two = make_board([*ships[:2], cradle()], opponent=False)
    assert not BoardView(two).type_line("s0").is_a("Creature") and checked_x(two, "{X}") == 0


def test_a_count_a_cost_may_change_is_reported() -> None:
    """The third artifact a Treasure-like one that sacrifices itself for mana: the Relic is a creature as the
    board is, and once the Treasure is sacrificed it is none (CR 611.3a), which the payment's order does not
    follow yet: the Relic's sentence is reported."""
    treasure = custom(
        "Test Treasure", "t", "Artifact", "{T}, Sacrifice this artifact: Add one mana of any color."
    )
    board = make_board([relic(), bauble("b1"), treasure, cradle()], opponent=False)
    (warning,) = text_warnings(board)
    assert warning.permanent == "r" and "a cost may take away" in warning.reason
    assert BoardView(board).type_line("r").is_a("Creature")


SIEGE_TEXT = (
    "Enchant Vehicle\nAs long as enchanted permanent is a Vehicle, it's a creature in addition to its other"
    " types."
)


def test_an_enchanted_vehicle_is_a_creature() -> None:
    """'As long as enchanted permanent is a Vehicle, it's a creature in addition to its other types.' on a
    Vehicle with '{T}: Add {C}.' that came this turn: a creature (CR 205.1b, its printed 3/3), so summoning
    sick (CR 302.6): it can't tap, and the Cradle counts it: {C} is not paid, {G} is (on main the sentence
    was unsupported and the Vehicle tapped). On an artifact that is no Vehicle the condition does not hold:
    it taps, the Cradle counts none."""
    cart = custom(
        "Test Cart", "v", "Artifact — Vehicle", "{T}: Add {C}.", power=3, toughness=3, summoning_sick=True
    )
    siege = custom("Test Siege", "a", "Enchantment — Aura", SIEGE_TEXT, attached_to="v")
    board = make_board([cart, siege, cradle()], opponent=False)
    assert BoardView(board).type_line("v").is_a("Creature") and not text_warnings(board)
    assert checked_verdict(board, "{G}") and not checked_verdict(board, "{C}")
    plain = {**cart, "type_line": "Artifact", "name": "Test Plain Cart"}
    other = make_board([plain, siege, cradle()], opponent=False)
    assert not BoardView(other).type_line("v").is_a("Creature")
    assert checked_verdict(other, "{C}") and not checked_verdict(other, "{G}")


TALENT_TEXT = "During your turn, equipped creatures you control have double strike and haste."
GROND_TEXT = "As long as it's your turn and you control an Army, Test Grond is an artifact creature."


def on_their_turn(board: Board) -> Board:
    """The same board on the opponent's turn (a cost paid at instant speed: the board's ``active_player``)."""
    return replace(board, active_player=OPP)


def my_verdict(board: Board, cost: str) -> bool:
    """Whether "me" pays ``cost`` (on any player's turn), the same for ``pay`` and the reference search."""
    target = PaymentTarget.of(cost)
    found = pay(board, target, player=ME).payable
    assert found == reference_search(board, target, ME, max_states=20_000).payable, cost
    return bool(found)


def test_haste_during_your_turn() -> None:
    """'During your turn, equipped creatures you control have double strike and haste.' and an Elf that came
    this turn ('{T}: Add {G}.') carrying an Equipment: on its controller's turn it has haste (CR 702.10) and
    taps (CR 302.6), {G} is paid; on the opponent's turn it has none and is sick. On main the sentence was
    unsupported: the Elf never tapped."""
    talent = custom("Test Talent", "t", "Enchantment", TALENT_TEXT)
    elf = custom(
        "Test Elf", "e", "Creature — Elf", "{T}: Add {G}.", power=1, toughness=1, summoning_sick=True
    )
    gear = custom("Test Gear", "q", "Artifact — Equipment", "", attached_to="e")
    board = make_board([talent, elf, gear])
    assert checked_verdict(board, "{G}") and not text_warnings(board)
    assert my_verdict(board, "{G}") and not my_verdict(on_their_turn(board), "{G}")
    bare = make_board([talent, elf])  # (no Equipment: no haste)
    assert not checked_verdict(bare, "{G}")


def test_a_creature_on_your_turn_with_an_army() -> None:
    """'As long as it's your turn and you control an Army, ~ is an artifact creature.' (a Vehicle, 4/4
    printed) beside an Army and the Cradle: on its controller's turn both conditions hold, two creatures,
    {G}{G}; on the opponent's turn, or without the Army, it is no creature (CR 205.1b)."""
    grond = custom("Test Grond", "g", "Legendary Artifact — Vehicle", GROND_TEXT, power=4, toughness=4)
    army = custom("Army", "a", "Token Creature — Army", "", power=0, toughness=0, counters={"+1/+1": 1})
    board = make_board([grond, army, cradle()])
    assert BoardView(board).type_line("g").is_a("Creature") and not text_warnings(board)
    assert checked_verdict(board, "{G}{G}") and not checked_verdict(board, "{G}{G}{G}")
    theirs = on_their_turn(board)
    assert not BoardView(theirs).type_line("g").is_a("Creature")
    assert my_verdict(theirs, "{G}") and not my_verdict(theirs, "{G}{G}")
    alone = make_board([grond, cradle()])
    assert not BoardView(alone).type_line("g").is_a("Creature") and checked_x(alone, "{X}") == 0


CLOUT_TEXT = "Enchant creature\nAs long as enchanted creature is red, it gets +2/+2 and has haste."


def test_a_pump_and_haste_while_the_enchanted_creature_is_red() -> None:
    """'As long as enchanted creature is red, it gets +2/+2 and has haste.' on a red 1/1 that came this turn
    with '{T}: Add X mana of any one color, where X is the greatest power among creatures you control.': red
    (layer 5), so it has haste (CR 302.6) and power 3 (layer 7c): it taps for three, {R}{R}{R}. On a green
    one the condition does not hold: sick, no mana (on main the sentence was unsupported)."""
    caller = custom(
        "Test Caller",
        "c",
        "Creature — Goblin",
        "{T}: Add X mana of any one color, where X is the greatest power among creatures you control.",
        power=1,
        toughness=1,
        summoning_sick=True,
        mana_cost="{R}",
    )
    clout = custom("Test Clout", "a", "Enchantment — Aura", CLOUT_TEXT, attached_to="c")
    board = make_board([caller, clout], opponent=False)
    assert known_power(BoardView(board), "c") == 3 and not text_warnings(board)
    assert checked_verdict(board, "{R}{R}{R}") and not checked_verdict(board, "{R}{R}{R}{R}")
    green = make_board([{**caller, "mana_cost": "{G}"}, clout], opponent=False)
    assert known_power(BoardView(green), "c") == 1
    assert not checked_verdict(green, "{R}")
