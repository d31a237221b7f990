"""Counters of triggers on casting a spell in a turn's plan (contract section 11, issue 35): "Whenever you
cast a creature spell, put a +1/+1 counter on ~." triggers as its controller casts a spell it describes (CR
603.2) and resolves before that spell (CR 603.3, 608.1), so a cost "{1} less for each +1/+1 counter on ~"
(CR 601.2f, 117.3b/c: the next spell is cast once the trigger resolved) sees the counter for the spells cast
after it, never for the spell that set it off. Hand-derived plans, and the turn brute force
(tests/turn_brute_force.py).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from turn_brute_force import brute_force, matches_brute_force

from models.board import Board
from models.cost import PaymentTarget
from planner.turn import plan_turn
from planner.turn_cast_counters import cast_counters_of, counters_of_casting, counters_planned
from planner.turn_choices import Ids, turn_spell
from planner.turn_model import TurnItem, TurnSequence, timeline_of

#: Animar's shape: a +1/+1 counter on each creature spell cast, and creature spells {1} less for each
TOY = {
    "name": "Test Toy",
    "type_line": "Legendary Creature — Elemental",
    "mana_cost": "{G}",
    "power": 1,
    "toughness": 1,
    "oracle": "Whenever you cast a creature spell, put a +1/+1 counter on Test Toy.\nCreature spells you "
    "cast cost {1} less to cast for each +1/+1 counter on Test Toy.",
}
LION = {"name": "Test Lion", "type_line": "Creature — Cat", "mana_cost": "{1}{W}", "power": 2}
BOLT = {"name": "Test Bolt", "type_line": "Instant", "mana_cost": "{1}{W}", "oracle": ""}
#: a charge counter on each spell cast, and spells {1} less for each charge counter
ENGINE = {
    "name": "Test Engine",
    "type_line": "Artifact",
    "mana_cost": "{1}",
    "oracle": "Whenever you cast a spell, put a charge counter on this artifact.\nSpells you cast cost {1} "
    "less to cast for each charge counter on this artifact.",
}
PLAINS = "Plains"
FOREST = "Forest"


def _board(permanents: list[Any], hand: list[Any], **me: Any) -> Board:
    """``me``'s board on ``me``'s turn: permanents (a card name or a card's object) with ids p0, p1...,
    and the hand."""
    listed = [
        {"id": f"p{n}", "controller": "me", **({"card": p} if isinstance(p, str) else p)}
        for n, p in enumerate(permanents)
    ]
    cards = [{k: v for k, v in c.items() if k != "toughness"} if isinstance(c, dict) else c for c in hand]
    player = {"id": "me", "hand": cards, "spells_cast_this_turn": 0, **me}
    return Board.from_dict(
        {"version": 1, "active_player": "me", "players": [player, {"id": "opp"}], "permanents": listed}
    )


def test_the_trigger_and_its_counter_are_read_by_the_grammar() -> None:
    """'put a <kind> counter on ~' after a trigger on casting: read; another target is not planned."""
    counted, other = cast_counters_of(str(ENGINE["oracle"]), "Test Engine")
    assert [(c.kind, c.trigger.spells.types) for c in counted] == [("charge", ())]
    assert other == ()
    text = "Whenever you cast a spell, put a +1/+1 counter on target creature you control."
    assert cast_counters_of(text, "Test Toy") == ((), (text,))


def test_the_second_creature_spell_costs_less_once_the_first_ones_trigger_resolved() -> None:
    """The lead's case (AnimarSoulOfElementsTest's shape): no counter, three Plains, two {1}{W} creatures
    given. The first costs {1}{W} (no counter as its cost is locked in, CR 601.2f); its trigger resolves
    before the second is cast (CR 603.3), so the second costs {W}: three Plains cast both. Before: 'no'."""
    board = _board([TOY, PLAINS, PLAINS, PLAINS], [LION, LION])
    turn = plan_turn(board, casts=["Test Lion", "Test Lion"], time_limit=120)
    assert turn.castable is True, (turn.reason, turn.notes)
    assert [spell.card for spell in turn.spells] == ["Test Lion", "Test Lion"]
    assert brute_force(board) == (4, 2)
    assert matches_brute_force(board).mana_value_cast == 4


def test_the_spell_that_sets_it_off_does_not_see_its_counter() -> None:
    """Two Plains: the first Lion costs {1}{W} (both Plains), the second {W} with nothing left (CR 601.2f:
    the counter comes after the first's cost): one Lion only."""
    board = _board([TOY, PLAINS, PLAINS], [LION, LION])
    turn = plan_turn(board, casts=["Test Lion", "Test Lion"], time_limit=120)
    assert turn.castable is False
    assert brute_force(board) == (2, 1)
    assert matches_brute_force(board).mana_value_cast == 2


def test_an_instant_sets_off_no_creature_trigger() -> None:
    """A noncreature spell puts no counter (CR 603.2: the trigger describes creature spells): the Bolt then
    the Lion cost {1}{W} each: four Plains, not three."""
    board = _board([TOY, PLAINS, PLAINS, PLAINS], [BOLT, LION])
    assert plan_turn(board, casts=["Test Bolt", "Test Lion"], time_limit=120).castable is False
    assert brute_force(board) == (2, 1)


def test_a_permanent_spell_of_the_turn_counts_the_spells_after_it() -> None:
    """The Toy cast this turn ({G}) triggers for the creature spells cast after it resolves, not for itself
    (CR 603.2: it was on the stack, no permanent yet): Toy ({G}), then the first Lion with no counter on the
    Toy ({1}{W}), then the second with one ({W}): four mana, so a Forest and three Plains cast all three and
    a Forest and two Plains do not (then the Toy and one Lion, 3 mana value). The brute force agrees."""
    board = _board([FOREST, PLAINS, PLAINS, PLAINS], [TOY, LION, LION])
    turn = plan_turn(board, casts=["Test Toy", "Test Lion", "Test Lion"], time_limit=120)
    assert turn.castable is True, (turn.reason, turn.notes)
    assert brute_force(board) == (5, 3)
    fewer = _board([FOREST, PLAINS, PLAINS], [TOY, LION, LION])
    assert plan_turn(fewer, casts=["Test Toy", "Test Lion", "Test Lion"], time_limit=120).castable is False
    assert brute_force(fewer) == (3, 2)
    assert matches_brute_force(fewer).mana_value_cast == 3


@pytest.mark.parametrize("spells", [2, 3])
def test_charge_counters_on_every_spell(spells: int) -> None:
    """The Engine's charge counter on each spell (CR 603.3): the Lions cost {1}{W}, then {W} each (only
    generic mana is reduced, CR 601.2f): ``spells`` + 1 Plains cast them all, ``spells`` Plains do not. The
    brute force agrees on the best turn."""
    given = ["Test Lion"] * spells
    board = _board([ENGINE, *[PLAINS] * (spells + 1)], [LION] * spells)
    turn = plan_turn(board, casts=given, time_limit=120)
    assert turn.castable is True, (turn.reason, turn.notes)
    assert brute_force(board) == (2 * spells, spells)
    fewer = _board([ENGINE, *[PLAINS] * spells], [LION] * spells)
    assert plan_turn(fewer, casts=given, time_limit=120).castable is False
    assert matches_brute_force(fewer).mana_value_cast == 2 * (spells - 1)


def test_the_timeline_puts_the_counter_for_the_later_spells() -> None:
    """The board after the first Lion's epoch has the Toy's counter; the Lion's own board does not."""
    board = _board([TOY, PLAINS, PLAINS, PLAINS], [LION, LION])
    ids = Ids({p.id for p in board.permanents})
    spells = [replace(turn_spell(card, n, ids), event=True) for n, card in enumerate(board.player("me").hand)]
    sequence = TurnSequence(items=tuple(TurnItem(spell=s) for s in spells), optional=False, cast_mana=True)
    timeline = timeline_of(board, "me", sequence)
    assert [stage.board.permanent("p0").counter("+1/+1") for stage in timeline.stages] == [0, 1]
    assert timeline.stages[0].cast_counters == (("p0", "+1/+1"),)
    assert timeline.boards[-1].permanent("p0").counter("+1/+1") == 2


def test_a_trigger_not_planned_is_said_and_no_false_no() -> None:
    """'put a +1/+1 counter on target creature' is not planned: said, and with the spells given a plan that
    casts fewer is no 'no' (contract section 11: never silent)."""
    other = {
        **TOY,
        "oracle": "Whenever you cast a creature spell, put a +1/+1 counter on target creature."
        "\nCreature spells you cast cost {1} less to cast for each +1/+1 counter on Test Toy.",
    }
    board = _board([other, PLAINS, PLAINS, PLAINS], [LION, LION])
    turn = plan_turn(board, casts=["Test Lion", "Test Lion"], time_limit=120)
    assert turn.castable is None
    assert any("are not planned" in note for note in turn.notes), turn.notes


def test_a_replacement_on_counters_is_said_and_no_false_no() -> None:
    """A replacement effect on counters put (Hardened Scales's shape, CR 614.1a) is not applied: the counters
    are not planned, the notes say so, and the spells given are no 'no'."""
    scales = {
        "name": "Test Scales",
        "type_line": "Enchantment",
        "oracle": "If one or more +1/+1 counters "
        "would be put on a creature you control, that many plus one +1/+1 counters are put on it instead.",
    }
    board = _board([TOY, scales, PLAINS, PLAINS], [LION, LION])
    turn = plan_turn(board, casts=["Test Lion", "Test Lion"], time_limit=120)
    assert turn.castable is None
    assert any("replacement effect on counters" in note for note in turn.notes), turn.notes


def test_the_counters_of_casting_as_the_rules_read_them() -> None:
    """Only the player's permanents' triggers that describe the spell put counters."""
    board = _board([TOY, ENGINE], [])
    creature = PaymentTarget.of("{1}{W}", type_line="Creature — Cat")
    instant = PaymentTarget.of("{1}{W}", type_line="Instant")
    assert sorted(counters_of_casting(board, "me", creature)) == [("p0", "+1/+1"), ("p1", "charge")]
    assert counters_of_casting(board, "me", instant) == [("p1", "charge")]


def test_counters_nothing_reads_give_the_spells_no_place() -> None:
    """A +1/+1 counter that no cost or mana ability reads (no text names counters, power or toughness)
    changes no payment: the spells are not made events of the turn (counters_planned), and the plan still
    matches the brute force, which puts the counters anyway."""
    grower = {**TOY, "oracle": "Whenever you cast a creature spell, put a +1/+1 counter on Test Toy."}
    board = _board([grower, PLAINS, PLAINS, PLAINS], [LION, LION])
    assert not counters_planned(board, "me", list(board.player("me").hand))
    assert counters_planned(_board([TOY], []), "me", [])
    assert brute_force(board) == (2, 1)
    assert matches_brute_force(board).mana_value_cast == 2


def test_counters_a_mana_ability_removes_are_said_not_planned() -> None:
    """A charge counter on each spell and 'Remove a charge counter from ~: Add {C}.' (one counter): the
    search counts the counters a cost removes on the turn's last board, so these counters are not planned, a
    note says so, and with two spells given a plan that casts fewer is no 'no'. The first spell still has
    the rock's {C} (one counter, CR 601.2f: the trigger comes after its cost): Plains + rock cast a Lion.
    (An amount of counters, '{T}: Add {C} for each charge counter on ~', is planned:
    tests/test_turn_amounts.py.)"""
    rock = {
        "name": "Test Rock",
        "type_line": "Artifact",
        "counters": {"charge": 1},
        "oracle": "Whenever you cast a spell, put a charge counter on this artifact.\nRemove a charge "
        "counter from this artifact: Add {C}.",
    }
    board = _board([rock, PLAINS], [LION, LION])
    assert not counters_planned(board, "me", list(board.player("me").hand))
    turn = plan_turn(board, casts=["Test Lion", "Test Lion"], time_limit=120)
    assert turn.castable is None
    assert any("are not planned" in note for note in turn.notes), turn.notes
    one = plan_turn(board, casts=["Test Lion"], time_limit=120)
    assert one.castable is True, (one.reason, one.notes)
