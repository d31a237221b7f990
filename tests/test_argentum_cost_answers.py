"""The assertions of another engine's scenario tests of cost reductions (argentum-engine, a Kotlin engine:
``scenarios/KrosanDroverTest``, ``EdgewalkerTest``, ``GoblinWarchiefTest``), replayed on the planner (issue 35
item 4: the peers' truths). Each assertion is about the total cost as locked in (CR 601.2f); the planner's
answer is :attr:`PayResult.total_cost`, and a spell's mana value is never changed by it (CR 202.3: the
peer's "cmc" of the effective cost is the number of mana in the total cost, not the spell's mana value). The
answer is derived from the Comprehensive Rules in each docstring first.

The cards are given by their current Oracle text and mana cost (:data:`CARDS`; the peer's own test creatures
by cards of our own, "Test ..."). Facts only: no code or prose of the peer is copied here.
"""

from __future__ import annotations

from typing import Final

import pytest
from boards import ME, OPP, PEER_TEXTS

from models.board import Board
from models.spells import spell_of
from planner.api import pay

#: The peers' cards by their current Oracle text and mana cost (``benchmarks/peer_cards.json``).
CARDS: Final = PEER_TEXTS.cards

TEXTS = PEER_TEXTS


def board(*names: str) -> Board:
    """A board of "me" with one permanent of each name (ids ``p0``, ``p1``, ...) and an opponent "opp"."""
    permanents = [TEXTS.permanent(name, f"p{n}") for n, name in enumerate(names)]
    return Board.from_dict({"version": 1, "players": [{"id": ME}, {"id": OPP}], "permanents": permanents})


def total(on: Board, cost: str, type_line: str) -> str:
    """The total cost of a spell "Test Spell" of that mana cost and type line cast by "me" (CR 601.2f)."""
    return pay(on, spell_of(cost, type_line=type_line, text="", name="Test Spell")).total_cost


# --- KrosanDroverTest: a reduction for creature spells of mana value 6 or greater (CR 601.2f, 202.3) --------


@pytest.mark.parametrize(
    ("drovers", "cost", "type_line", "locked_in"),
    [
        (1, "{4}{G}{G}", "Creature — Giant", "{2}{G}{G}"),  # mana value 6: {2} less
        (1, "{3}{G}{G}", "Creature — Giant", "{3}{G}{G}"),  # mana value 5: untouched
        (1, "{4}{G}{G}", "Sorcery", "{4}{G}{G}"),  # no creature spell: untouched
        (2, "{4}{G}{G}", "Creature — Giant", "{G}{G}"),  # two Drovers: {4} less
    ],
)
def test_krosan_drover_reduces_big_creature_spells(
    drovers: int, cost: str, type_line: str, locked_in: str
) -> None:
    """KrosanDroverTest (all four cases): "Creature spells you cast with mana value 6 or greater cost {2} less
    to cast." A creature spell of mana value 6 ({4}{G}{G}) costs {2}{G}{G}; one of mana value 5 and a sorcery
    of mana value 6 are untouched; two Drovers take {4} off (each its own reduction, CR 601.2f). The mana
    value tested is the spell's own (CR 202.3), which the reductions don't change."""
    assert total(board(*["Krosan Drover"] * drovers), cost, type_line) == locked_in


# --- EdgewalkerTest: a reduction of colored mana only (CR 601.2f, 118.7c-d) ---------------------------------


@pytest.mark.parametrize(
    ("edgewalkers", "cost", "type_line", "locked_in"),
    [
        (1, "{1}{W}{B}", "Creature — Human Cleric", "{1}"),  # both colored symbols taken off
        (1, "{W}", "Creature — Cleric", "{0}"),  # the {B} finds nothing to take off (118.7c)
        (1, "{1}{W}", "Creature — Cleric", "{1}"),
        (1, "{1}{G}", "Creature — Bear", "{1}{G}"),  # no Cleric: untouched
        (2, "{1}{W}{B}", "Creature — Human Cleric", "{1}"),  # never below the generic part
    ],
)
def test_edgewalker_reduces_only_the_colored_mana_of_cleric_spells(
    edgewalkers: int, cost: str, type_line: str, locked_in: str
) -> None:
    """EdgewalkerTest (all six cases; "reduces its own casting cost for another Edgewalker" is the first row,
    Edgewalker being a {1}{W}{B} Cleric): "Cleric spells you cast cost {W}{B} less to cast. This effect
    reduces only the amount of colored mana you pay." {W}{B} comes off the colored symbols it finds, never off
    generic mana (CR 118.7c): {1}{W}{B} costs {1}, {W} costs {0}, {1}{W} costs {1}; a Bear is no Cleric; a
    second Edgewalker finds no more colored mana to take off."""
    assert total(board(*["Edgewalker"] * edgewalkers), cost, type_line) == locked_in


# --- GoblinWarchiefTest: a generic reduction for Goblin spells (CR 601.2f, 118.7a) --------------------------


@pytest.mark.parametrize(
    ("warchiefs", "cost", "type_line", "locked_in"),
    [
        (1, "{R}", "Creature — Goblin Scout", "{R}"),  # no generic mana to take off (118.7a)
        (1, "{1}{R}{R}", "Creature — Goblin Warrior", "{R}{R}"),
        (1, "{1}{G}", "Creature — Bear", "{1}{G}"),  # no Goblin: untouched
        (2, "{1}{R}{R}", "Creature — Goblin Warrior", "{R}{R}"),  # {2} less of one generic: {R}{R}
    ],
)
def test_goblin_warchief_reduces_goblin_spells_generic_mana(
    warchiefs: int, cost: str, type_line: str, locked_in: str
) -> None:
    """GoblinWarchiefTest ("Goblin spells cost 1 less to cast", "cost reduction reduces generic mana for
    Goblin spells", "does not apply to non-Goblin spells", "multiple Warchiefs stack"): "Goblin spells you
    cast cost {1} less to cast." takes generic mana off only (CR 118.7a): Goblin Guide's {R} stays {R};
    another Warchief's {1}{R}{R} costs {R}{R}, also with two Warchiefs; Grizzly Bears is untouched."""
    assert total(board(*["Goblin Warchief"] * warchiefs), cost, type_line) == locked_in


def test_a_reduced_goblin_is_cast_with_one_red_mana() -> None:
    """GoblinWarchiefTest ("casting a Goblin with cost reduction and sufficient mana succeeds"): one {R}
    floating pays Goblin Guide's {R} under Warchief; {1}{R}{R} reduced to {R}{R} needs two."""
    on = Board.from_dict(
        {
            "version": 1,
            "players": [{"id": ME, "pool": ["{R}"]}, {"id": OPP}],
            "permanents": [TEXTS.permanent("Goblin Warchief", "chief")],
        }
    )
    guide = spell_of("{R}", type_line="Creature — Goblin Scout", text="", name="Test Guide")
    assert pay(on, guide).payable
    chief = spell_of("{1}{R}{R}", type_line="Creature — Goblin Warrior", text="", name="Test Chief")
    assert not pay(on, chief).payable
