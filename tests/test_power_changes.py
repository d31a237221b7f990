"""Static effects that change creatures' power (layer 7c, CR 613.4c), read and executed (issue 35): an anthem,
a lord, an Aura or Equipment on the creature, a color change with a pump, an opponent's '-2/-0'. What reads a
power (Marwyn's amount, a greatest power, 'a creature with power 4 or greater') reads it with them on top of
the printed power and counters; an amount is counted without the pumps a cost took away first (CR 608.2h).

Values are derived by hand from the rules; each board is checked against the reference search too (pay and
the CP-SAT model alone, every objective level), and the fuzz and the differential test draw these cards
(``tests/cost_part_cards.py``).
"""

from __future__ import annotations

from typing import Any

from boards import OPP, checked_verdict, make_board, mine
from cost_part_cards import ELVISH_ARCHDRUID, GLORIOUS_ANTHEM, GROVE_HYMN, MARWYN
from test_modern_families import AUDIENCE

from models.board import Board
from models.cost import PaymentTarget
from models.layer_effects import PowerChange
from models.oracle import parse_oracle
from planner.api import could_produce, max_x, pay, text_warnings

BEAST = {"name": "Big", "type_line": "Creature — Beast", "power": 3, "toughness": 4}
ALTAR = {"card": "Phyrexian Altar"}


def _x(board: Board, cost: str = "{X}{G}") -> int | None:
    return max_x(board, PaymentTarget.of(cost)).x


def _marwyn(pid: str = "m", counters: int = 2, **status: Any) -> dict[str, Any]:
    return mine(pid, MARWYN, counters={"+1/+1": counters}, **status)


def test_an_anthem_adds_to_the_power_an_ability_reads() -> None:
    # Marwyn 1/1 with two +1/+1 counters is 3/3, 4/4 under Glorious Anthem: {G}{G}{G}{G}, and a Forest's {G}
    board = make_board([_marwyn(), mine("a", GLORIOUS_ANTHEM), mine("f", "Forest")])
    assert str(could_produce(board)["m"]) == "G"
    assert checked_verdict(board, "{G}{G}{G}{G}{G}") and not checked_verdict(board, "{G}{G}{G}{G}{G}{G}")
    assert _x(board) == 4  # (five mana: {X}{G} with X = 4)
    assert not [w for w in text_warnings(board) if w.permanent == "m"]
    # without the Anthem: three and one
    bare = make_board([_marwyn(), mine("f", "Forest")])
    assert not checked_verdict(bare, "{G}{G}{G}{G}{G}") and _x(bare) == 3
    # nothing else reads a power: the fast path answers beside the Anthem as without it
    lands = make_board([mine("a", GLORIOUS_ANTHEM), mine("f", "Forest"), mine("e", "Llanowar Elves")])
    assert pay(lands, PaymentTarget.of("{G}{G}")).engine == "fast" and checked_verdict(lands, "{G}{G}")


def test_a_lord_pumps_the_others_and_a_creature_matching_two_descriptions_once() -> None:
    # Elvish Archdruid: 'Other Elf creatures you control get +1/+1': Marwyn 3 + 1 = 4; the Archdruid is no
    # other Elf to itself and taps for {G} per Elf (two)
    board = make_board([_marwyn(), mine("d", ELVISH_ARCHDRUID)])
    assert checked_verdict(board, "{G}" * 6) and not checked_verdict(board, "{G}" * 7)
    assert _x(board) == 5
    # 'Elves and Druids you control get +1/+1': Marwyn is an Elf Druid, pumped once (one effect, CR 613.4c)
    both = {"name": "Grove Banner", "type_line": "Enchantment",
            "oracle": "Elves and Druids you control get +1/+1."}  # fmt: skip
    board = make_board([_marwyn(), mine("b", both)])
    assert checked_verdict(board, "{G}" * 4) and not checked_verdict(board, "{G}" * 5)
    assert _x(board) == 3


def test_an_aura_pumps_only_the_creature_it_enchants() -> None:
    aura = {"name": "Test Might", "type_line": "Enchantment — Aura", "oracle": "Enchant creature\n"
            "Enchanted creature gets +2/+0 and is black."}  # fmt: skip
    on_marwyn = make_board([_marwyn(), mine("a", aura, attached_to="m"), mine("e", "Llanowar Elves")])
    assert checked_verdict(on_marwyn, "{G}" * 6) and not checked_verdict(
        on_marwyn, "{G}" * 7
    )  # (5 and the Elves' 1)
    elsewhere = make_board([_marwyn(), mine("a", aura, attached_to="e"), mine("e", "Llanowar Elves")])
    assert checked_verdict(elsewhere, "{G}" * 4) and not checked_verdict(elsewhere, "{G}" * 5)
    assert _x(on_marwyn) == 5 and _x(elsewhere) == 3


def test_an_opponents_effect_lowers_it_and_a_power_below_zero_makes_nothing() -> None:
    shrink = {"name": "Test Weakness", "type_line": "Enchantment",
              "oracle": "Creatures your opponents control get -2/-0."}  # fmt: skip
    board = make_board([_marwyn(), {"id": "w", "controller": OPP, **shrink}, mine("f", "Forest")])
    assert checked_verdict(board, "{G}{G}") and not checked_verdict(
        board, "{G}{G}{G}"
    )  # (Marwyn 1, the Forest 1)
    # its controller's own creatures are not theirs to shrink
    own = make_board([_marwyn(), mine("w", shrink), mine("f", "Forest")])
    assert checked_verdict(own, "{G}" * 4) and not checked_verdict(own, "{G}" * 5)
    none = make_board([_marwyn(counters=0), {"id": "w", "controller": OPP, **shrink}, mine("f", "Forest")])
    assert checked_verdict(none, "{G}") and not checked_verdict(
        none, "{G}{G}"
    )  # (power -1: no mana, CR 107.1b)


def test_a_condition_on_a_power_reads_the_pump() -> None:
    # 'If you control a creature with power 4 or greater, add {G}{G} instead': the Beast is 4/5 under the
    # Anthem, so the Audience adds {G}{G}; without it, {G}
    board = make_board([mine("au", AUDIENCE), mine("b", BEAST), mine("a", GLORIOUS_ANTHEM)])
    assert checked_verdict(board, "{G}{G}") and not checked_verdict(board, "{G}{G}{G}")
    assert not checked_verdict(make_board([mine("au", AUDIENCE), mine("b", BEAST)]), "{G}{G}")


def test_a_pump_a_cost_takes_away_first_is_gone_when_the_amount_is_counted() -> None:
    # Phyrexian Altar may sacrifice the Archdruid before Marwyn taps, and then Marwyn is 3/3 (CR 608.2h:
    # counted as it resolves). The best order taps Marwyn for four first, the Archdruid for two (two Elves),
    # then sacrifices both for two more: eight
    board = make_board([_marwyn(), mine("d", ELVISH_ARCHDRUID), mine("alt", ALTAR)])
    assert not [w for w in text_warnings(board) if w.permanent == "m"]
    assert checked_verdict(board, "{G}" * 8) and not checked_verdict(board, "{G}" * 9)
    assert _x(board) == 7
    # a made-up Marwyn whose ability costs {W}, which only the Altar makes here: the Archdruid taps for
    # {G}{G} and is sacrificed for the {W}, and then Marwyn is 3/3 (the order the rules force): 2 + 1 - 1 +
    # 3, and one more for sacrificing Marwyn after: six (without Marwyn's ability: four)
    costly = {**MARWYN, "oracle": "{W}, {T}: Add an amount of {G} equal to Marwyn's power."}
    board = make_board(
        [mine("m", costly, counters={"+1/+1": 2}), mine("d", ELVISH_ARCHDRUID), mine("alt", ALTAR)]
    )
    assert checked_verdict(board, "{G}" * 6) and not checked_verdict(board, "{G}" * 7)
    assert _x(board) == 5


def test_a_condition_on_a_power_a_pump_may_leave_is_set_aside() -> None:
    # 'If you control a creature with power 4 or greater': the 3/3 Elf is 4/4 while the Archdruid is there,
    # and the Altar may sacrifice the Archdruid first; that order is not followed for a condition yet, so
    # the Audience's ability is set aside with a warning naming both, never judged on a power that may change
    elf = {"name": "Big Elf", "type_line": "Creature — Elf", "power": 3, "toughness": 3}
    board = make_board(
        [mine("au", AUDIENCE), mine("b", elf), mine("d", ELVISH_ARCHDRUID), mine("alt", ALTAR)]
    )
    reasons = [w.reason for w in text_warnings(board) if w.permanent == "au"]
    assert reasons and reasons[0].startswith("permanents[3]: its cost may take away permanents[2]")
    without_altar = make_board([mine("au", AUDIENCE), mine("b", elf), mine("d", ELVISH_ARCHDRUID)])
    assert not [w for w in text_warnings(without_altar) if w.permanent == "au"]
    # the Audience's {G}{G} and the Archdruid's {G}{G} (two Elves: the Audience is a Human)
    assert checked_verdict(without_altar, "{G}" * 4) and not checked_verdict(without_altar, "{G}" * 5)


def test_creatures_of_the_chosen_color_get_the_pump_of_caged_sun() -> None:
    """Caged Sun: 'Creatures you control of the chosen color get +1/+1.' Marwyn (green, 1/1 with two +1/+1
    counters: 3) is 4/4 when green was chosen, 3/3 when red was; with no color chosen (a copy), nothing is of
    the chosen color (its mana trigger is undefined, named in the warnings). An Ashnod's Altar sacrificing a
    green Llanowar Elves changes nothing Marwyn reads. A white creature is not pumped under green."""
    for color, power in (("G", 4), ("R", 3), (None, 3)):
        sun: dict[str, Any] = {"card": "Caged Sun"}
        if color:
            sun["choices"] = {"color": color}
        board = make_board([_marwyn(), mine("s", sun), mine("e", "Llanowar Elves")])
        assert checked_verdict(board, "{G}" * (power + 1)) and not checked_verdict(board, "{G}" * (power + 2))
        assert _x(board) == power
        assert not [w for w in text_warnings(board) if w.permanent == "m"]
    white = {"name": "White Druid", "type_line": "Creature — Human Druid", "mana_cost": "{W}",
             "power": 1, "toughness": 1,
             "oracle": "{T}: Add an amount of {W} equal to this creature's power."}  # fmt: skip
    board = make_board([mine("w", white), mine("s", {"card": "Caged Sun", "choices": {"color": "G"}})])
    assert checked_verdict(board, "{W}") and not checked_verdict(board, "{W}{W}")
    board = make_board([mine("w", white), mine("s", {"card": "Caged Sun", "choices": {"color": "W"}})])
    assert checked_verdict(board, "{W}{W}") and not checked_verdict(board, "{W}{W}{W}")


def test_an_activated_ability_that_would_change_power_sets_nothing_aside() -> None:
    """A loyalty ability's emblem that sets a base power, and a '{1}: ... gets +2/+2' pump that lasts until
    end of turn, change no power while a cost is paid (only mana abilities are activated then, CR 601.2g):
    Marwyn (3) reads its power as without them."""
    walker = {"name": "Test Schemer", "type_line": "Legendary Planeswalker — Test",
              "oracle": '+1: You gain 1 life.\n−7: You get an emblem with "Creatures you control have base '
                        'power and toughness 5/5."'}  # fmt: skip
    pumper = {"name": "Test Pumper", "type_line": "Artifact",
              "oracle": "{1}: Target creature gets +2/+2 until end of turn."}  # fmt: skip
    board = make_board([_marwyn(), mine("t", walker), mine("p", pumper)])
    assert checked_verdict(board, "{G}{G}{G}") and not checked_verdict(board, "{G}{G}{G}{G}")
    assert _x(board) == 2
    assert not [w for w in text_warnings(board) if w.permanent == "m"]


def test_a_pump_as_long_as_a_condition_applies_while_the_board_says_it_holds() -> None:
    """'Creatures you control get +1/+1 as long as you control an artifact.': with a Sol Ring, Marwyn (3) is 4
    ({G}{G}{G}{G}, and the Sol Ring's {C}{C}); without an artifact, 3. A condition no board records ('as long
    as an opponent has 10 or less life') on a pump of Marwyn sets Marwyn's ability aside with a warning naming
    the pump's permanent (never a guessed power); on a pump of another creature only, it sets nothing aside.
    'As long as you're the monarch' is judged on the board (the player's ``monarch``): Marwyn 4 with the
    Forest, {G}x5."""
    anthem = {"name": "Test Banner", "type_line": "Enchantment",
              "oracle": "Creatures you control get +1/+1 as long as you control an artifact."}  # fmt: skip
    ring = make_board([_marwyn(), mine("a", anthem), mine("r", "Sol Ring")])
    assert checked_verdict(ring, "{G}{G}{G}{G}") and not checked_verdict(ring, "{G}{G}{G}{G}{G}")
    assert _x(ring) == 5  # (four {G} and {C}{C}: {X}{G} with X = 5)
    assert not text_warnings(ring)
    bare = make_board([_marwyn(), mine("a", anthem), mine("f", "Forest")])
    assert checked_verdict(bare, "{G}{G}{G}{G}") and not checked_verdict(bare, "{G}{G}{G}{G}{G}")
    life = {"name": "Test Crown", "type_line": "Enchantment", "oracle": "Creatures you control get +1/+1 "
            "as long as an opponent has 10 or less life."}  # fmt: skip
    unknown = make_board([_marwyn(), mine("c", life), mine("f", "Forest")])
    (warning,) = [w for w in text_warnings(unknown) if w.permanent == "m"]
    assert warning.reason.startswith("permanents[1]: its power changes as long as")
    assert not checked_verdict(unknown, "{G}{G}")  # (Marwyn set aside: the Forest's {G} alone)
    bear = {"name": "Test Bear", "type_line": "Creature — Bear", "power": 2, "toughness": 2,
            "oracle": "This creature gets +1/+1 as long as an opponent has 10 or less life."}  # fmt: skip
    apart = make_board([_marwyn(), mine("b", bear)])
    assert not text_warnings(apart) and checked_verdict(apart, "{G}{G}{G}") and _x(apart) == 2
    crown = {"name": "Test Crown", "type_line": "Enchantment",
             "oracle": "Creatures you control get +1/+1 as long as you're the monarch."}  # fmt: skip
    crowned = make_board([_marwyn(), mine("c", crown), mine("f", "Forest")])
    assert checked_verdict(crowned, "{G}" * 4) and not checked_verdict(crowned, "{G}" * 5)
    assert not text_warnings(crowned)
    as_monarch = Board.from_dict(
        {**crowned.to_dict(), "players": [{"id": "me", "monarch": True}, {"id": "opp"}]}
    )
    assert checked_verdict(as_monarch, "{G}" * 5) and not checked_verdict(as_monarch, "{G}" * 6)
    assert not text_warnings(as_monarch)


def test_other_qualifies_every_description_of_a_list() -> None:
    """'Other Elves and Druids you control get +1/+1.' ('other' before the list: none of them is the lord) on
    a Druid lord tapping for {G} equal to its power (2): it taps for {G}{G}, not {G}{G}{G}; Marwyn (3), an Elf
    Druid, is pumped once: 4. The same with a list of types and commas ('Other Elf, Warrior, and Druid
    creatures you control')."""
    for pumps in ("Other Elves and Druids you control get +1/+1.",
                  "Other Elf, Warrior, and Druid creatures you control get +1/+1."):  # fmt: skip
        taps = "{T}: Add an amount of {G} equal to this creature's power."
        lord = {"name": "Test Lord", "type_line": "Creature — Human Druid", "power": 2, "toughness": 2,
                "oracle": f"{pumps}\n{taps}"}  # fmt: skip
        board = make_board([_marwyn(), mine("l", lord)])
        assert checked_verdict(board, "{G}" * 6) and not checked_verdict(board, "{G}" * 7), pumps
        assert _x(board) == 5
        assert not text_warnings(board)


#: A made-up mana ability whose cost takes away a Forest.
FOREST_EATER: dict[str, Any] = {
    "name": "Test Forest Eater",
    "type_line": "Artifact",
    "oracle": "Sacrifice a Forest: Add {C}.",
}


def test_a_pump_for_each_permanent_adds_once_for_each() -> None:
    """'Creatures you control get +1/+1 for each Forest you control' (layer 7c) adds one for each Forest:
    Marwyn, 3/3 with her counters, is 5/5 beside two Forests and taps for five {G}; the Forests make two
    more. Phyrexian Altar may sacrifice Marwyn (after she tapped: one more) but no Forest, so the count
    can't change while paying."""
    (hymn,) = parse_oracle(GROVE_HYMN["oracle"], GROVE_HYMN["name"]).effects
    assert isinstance(hymn, PowerChange) and hymn.per is not None and hymn.power == 1
    forests = [mine("f1", "Forest"), mine("f2", "Forest")]
    board = make_board([_marwyn(), mine("h", GROVE_HYMN), *forests])
    assert checked_verdict(board, "{G}" * 7) and not checked_verdict(board, "{G}" * 8)
    assert _x(board) == 6 and not text_warnings(board)
    one = make_board([_marwyn(), mine("h", GROVE_HYMN), mine("f1", "Forest")])
    assert checked_verdict(one, "{G}" * 5) and not checked_verdict(one, "{G}" * 6)
    altar = make_board([_marwyn(), mine("h", GROVE_HYMN), *forests, mine("alt", ALTAR)])
    assert checked_verdict(altar, "{G}" * 8) and not checked_verdict(altar, "{G}" * 9)
    assert not text_warnings(altar)


def test_a_pump_for_each_permanent_a_cost_takes_away_counts_what_is_left() -> None:
    """Beside a mana ability that sacrifices a Forest, the count falls by one for each Forest sacrificed
    before Marwyn's ability resolves (CR 608.2h): she makes five {G} tapped first, three after both Forests
    went. The best plan taps the Forests, taps Marwyn, then sacrifices the Forests for {C}{C}: 2 + 5 + 2."""
    eater = [mine("f1", "Forest"), mine("f2", "Forest"), mine("e", FOREST_EATER)]
    board = make_board([_marwyn(), mine("h", GROVE_HYMN), *eater])
    assert not text_warnings(board)
    assert checked_verdict(board, "{C}{C}" + "{G}" * 7) and not checked_verdict(board, "{C}{C}" + "{G}" * 8)
    assert checked_verdict(board, "{G}" * 7) and _x(board) == 8


#: A made-up lord that counts what an Altar may sacrifice, itself among them.
HERD_LORD: dict[str, Any] = {
    "name": "Test Herd Lord",
    "type_line": "Creature — Elf",
    "oracle": "Other creatures you control get +1/+1 for each creature you control.",
    "power": 1,
    "toughness": 1,
}


def test_a_pump_for_each_permanent_whose_source_may_go_too_is_set_aside() -> None:
    """When the Altar may sacrifice both the pump's source and what it counts, what Marwyn adds is no sum of
    separate changes (the source takes the whole pump, a counted creature one step of it), which the model
    doesn't follow yet: her ability is set aside with a warning naming the pump and both costs, never
    counted with a power that may be wrong. Without the Altar she reads it: 3 + 2 (two creatures) = 5."""
    board = make_board([_marwyn(), mine("l", HERD_LORD), mine("alt", ALTAR)])
    reasons = [w.reason for w in text_warnings(board) if w.permanent == "m"]
    assert reasons and reasons[0].startswith("permanents[1]: its power changes for each creature you control")
    assert "permanents[2]'s cost may take away" in reasons[0]
    without_altar = make_board([_marwyn(), mine("l", HERD_LORD)])
    assert not text_warnings(without_altar)
    assert checked_verdict(without_altar, "{G}" * 5) and not checked_verdict(without_altar, "{G}" * 6)
