"""Turn plans and last session's costs (issue 35). A sentence "This spell costs {1} less to cast for each
creature tapped this way." (Explosive Singularity's reduction) means nothing without the optional additional
cost before it that says the way ("As an additional cost to cast this spell, you may tap any number of
untapped creatures you control.", CR 601.2b, 601.2f): alone it was read as planned with that cost, and
nothing was said; now it is warned and takes nothing off. With the cost, ``plan-turn`` taps creatures for it
as ``pay`` does (each {1} less: tests/test_turn_convoke.py has more). Mana produced by creatures keeps its
mark in the pool from one spell of a turn to the next (CR 106.4: the mana is still the creature's), so a
spell that takes only such mana (Myr Superion) may be paid with what floats, and never with a ritual's. The
cards are made up in the phrases of real cards; values are derived by hand.
"""

from __future__ import annotations

from typing import Any

from models.board import Board, Card
from models.oracle import parse_oracle
from models.spells import spell_target
from planner.api import pay
from planner.turn import plan_turn

REDUCTION = "This spell costs {1} less to cast for each creature tapped this way."
OPTIONAL_TAP = (
    "As an additional cost to cast this spell, you may tap any number of untapped creatures you control."
)
#: Myr Superion's restriction on a made-up Myr.
SUPERION: dict[str, Any] = {
    "name": "Test Superion",
    "type_line": "Artifact Creature — Phyrexian Myr",
    "mana_cost": "{2}",
    "oracle": "Spend only mana produced by creatures to cast this spell.\nFlying",
}
#: a creature that makes three mana at once: two of it float after a one-mana spell
DRUID: dict[str, Any] = {
    "id": "d",
    "name": "Test Druid",
    "type_line": "Creature — Elf Druid",
    "oracle": "{T}: Add {G}{G}{G}.",
    "controller": "me",
}
GROWTH: dict[str, Any] = {"name": "Test Growth", "type_line": "Instant", "mana_cost": "{G}", "oracle": ""}


def test_a_reduction_for_creatures_tapped_this_way_alone_is_warned() -> None:
    """Alone, the sentence is not read (no way to tap for); after its optional tap, it is read with it."""
    alone = parse_oracle(REDUCTION, "Test Blast")
    assert alone.unsupported == ("~ costs {1} less to cast for each creature tapped this way.",)
    paired = parse_oracle(f"{OPTIONAL_TAP} {REDUCTION}", "Test Blast")
    assert not paired.unsupported


def test_pay_says_so_and_takes_nothing_off() -> None:
    """{3}{R} with the reduction alone: four Mountains and an untapped Bear pay it, three don't (no
    creature is tapped for {1}), and the answer names the sentence."""
    blast = {"name": "Test Blast", "type_line": "Sorcery", "mana_cost": "{3}{R}", "oracle": REDUCTION}
    bear = {"id": "b", "name": "Test Bear", "type_line": "Creature — Bear", "controller": "me"}
    for mountains, payable in ((3, False), (4, True)):
        lands = [{"id": f"m{n}", "card": "Mountain", "controller": "me"} for n in range(mountains)]
        board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [*lands, bear]})
        result = pay(board, spell_target(Card.from_json(blast)))
        assert result.payable is payable
        assert [w.sentence for w in result.warnings] == [
            "~ costs {1} less to cast for each creature tapped this way."
        ]


def _turn(permanents: list[dict[str, Any]], hand: list[Any], casts: list[str]) -> Any:
    board = Board.from_dict({"version": 1, "players": [{"id": "me", "hand": hand}], "permanents": permanents})
    return plan_turn(board, casts=casts)


def test_creature_mana_floating_to_the_next_spell_pays_the_superion() -> None:
    """The Druid's {G}{G}{G}: {G} for the Growth, the {G}{G} left floats (CR 500.4) and is still mana
    produced by a creature: it pays the Superion's {2}."""
    turn = _turn([DRUID], [SUPERION, GROWTH], ["Test Growth", "Test Superion"])
    assert [spell.card for spell in turn.spells] == ["Test Growth", "Test Superion"]
    assert turn.spells[0].payment.tapped == ("d",) and not turn.spells[1].payment.tapped


def test_a_rituals_mana_does_not_pay_the_superion() -> None:
    """A Swamp pays Dark Ritual's {B}, whose {B}{B}{B} is no creature's: with one Elf's {G} beside it the
    Superion's {2} is not payable (one creature mana); with two Elves it is."""
    swamp = {"id": "s", "card": "Swamp", "controller": "me"}
    elves = [{"id": f"e{n}", "card": "Llanowar Elves", "controller": "me"} for n in range(2)]
    one = _turn([swamp, elves[0]], [SUPERION, "Dark Ritual"], ["Dark Ritual", "Test Superion"])
    assert one.castable is False
    two = _turn([swamp, *elves], [SUPERION, "Dark Ritual"], ["Dark Ritual", "Test Superion"])
    assert [spell.card for spell in two.spells] == ["Dark Ritual", "Test Superion"]


def test_plan_turn_taps_the_creatures_for_the_optional_cost() -> None:
    """With the optional tap read, a turn plan taps the Bear for {1} less (CR 601.2b, 601.2f) and three
    Mountains pay the {2}{R} left, as ``pay`` does (the Bear makes no mana: tapping it ties up none, the
    fourth Mountain stays open); no note, the plan optimal."""
    blast = {
        "name": "Test Blast",
        "type_line": "Sorcery",
        "mana_cost": "{3}{R}",
        "oracle": f"{OPTIONAL_TAP} {REDUCTION}",
    }
    lands = [{"id": f"m{n}", "card": "Mountain", "controller": "me"} for n in range(4)]
    bear = {"id": "b", "name": "Test Bear", "type_line": "Creature — Bear", "controller": "me"}
    turn = _turn([*lands, bear], [blast], ["Test Blast"])
    assert [spell.payment.total_cost for spell in turn.spells] == ["{3}{R}"]
    assert turn.optimal and turn.notes == ()
    (spell,) = turn.spells
    assert [a.to_json() for a in spell.payment.alternative_payments] == [
        {"kind": "tapped_creature", "permanent": "b", "paid": "{1}"}
    ]
    assert turn.left_open == ("m3",)
    board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [*lands, bear]})
    paid = pay(board, spell_target(Card.from_json(blast)))
    assert sorted(paid.tapped) == sorted(spell.payment.tapped)
