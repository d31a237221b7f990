"""An optional additional cost in life that takes colored mana off the spells its controller casts (issue 35,
the Defilers of probe 10): "As an additional cost to cast white permanent spells, you may pay 2 life. Those
spells cost {W} less to cast if you paid life this way. This effect reduces only the amount of white mana you
pay."

The caster chooses as the spell is cast (CR 601.2b); paying takes one {W} off the total cost (601.2f), never
generic mana (the last sentence, CR 118.7b), and the life is paid with the mana after the mana abilities
(601.2h, 119.4). A permanent spell is one of a permanent type (CR 110.4b): an instant is not. The planner
pays the choice as a Phyrexian {W/P} (its mana or 2 life, CR 107.4f); each answer here is checked against the
brute force of ``test_additional_costs`` (the reference search) over both choices, each with its total cost
worked out by hand: the full cost, or the cost less {W} with 2 life paid alongside.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from boards import ME, OPP, card, make_board
from test_additional_costs import brute_force

from models.board import Board
from models.cost import ManaCost, PaymentTarget
from models.mana import ManaTypes
from models.mana_effects import CostModifier
from models.oracle import parse_oracle
from models.spells import spell_target
from planner.api import PayResult, max_x, pay
from planner.rules.reference import reference_search


def _defiler(color: str, word: str, pid: str = "d", controller: str = ME) -> dict[str, Any]:
    """A creature of the Defilers' shape for one color (own name and other text)."""
    return {
        "id": pid,
        "name": f"Test {word.title()} Defiler",
        "type_line": "Creature — Phyrexian Human",
        "controller": controller,
        "power": 3,
        "toughness": 3,
        "oracle": f"Vigilance\nAs an additional cost to cast {word} permanent spells, you may pay 2 life. "
        f"Those spells cost {{{color}}} less to cast if you paid life this way. This effect reduces only the "
        f"amount of {word} mana you pay.",
    }


WHITE = _defiler("W", "white")
GREEN = _defiler("G", "green")
KNIGHT: dict[str, Any] = {
    "name": "Test Knight",
    "type_line": "Creature — Human Knight",
    "mana_cost": "{1}{W}{W}",
}
WURM: dict[str, Any] = {"name": "Test Wurm", "type_line": "Creature — Wurm", "mana_cost": "{G}{G}"}
SURGE: dict[str, Any] = {
    "name": "Test Surge",
    "type_line": "Instant",
    "mana_cost": "{G}{G}",
    "oracle": "Draw.",
}


def _checked(board: Board, totals: list[tuple[str, int]]) -> PayResult:
    """The payment of the hand's first card, checked against the brute force over ``totals``: each a total
    cost worked out by hand and the life paid alongside it."""
    target = spell_target(board.player(ME).hand[0])
    found = [
        levels
        for total, life in totals
        if (levels := brute_force(board, replace(target, cost=ManaCost.parse(total), additional_life=life)))
        is not None
    ]
    result = pay(board, target)
    assert result.payable == bool(found), result.reason
    if found:
        assert result.optimal and tuple(value for _, value in result.objective) == min(found)
    return result


def test_the_three_sentences_are_read_as_one_change() -> None:
    parsed = parse_oracle(WHITE["oracle"], WHITE["name"])
    (effect,) = parsed.effects
    assert isinstance(effect, CostModifier)
    assert (effect.paid_life, str(effect.colored), effect.only_colored) == (2, "{W}", True)
    assert effect.spells.excluded == ("Instant", "Sorcery") and str(effect.colors) == "W"
    assert not parsed.unsupported


def test_two_plains_and_two_life_pay_the_knight() -> None:
    """{1}{W}{W} less {W} for 2 life: {1}{W}, two Plains (main: not payable, warned)."""
    board = make_board([WHITE, card("Plains", "p1"), card("Plains", "p2")], hand=[KNIGHT])
    result = _checked(board, [("{1}{W}{W}", 0), ("{1}{W}", 2)])
    assert result.payable and result.life_paid == 2


def test_one_life_is_too_little() -> None:
    """At 1 life the 2 can't be paid (CR 119.4): two Plains don't make {1}{W}{W}."""
    board = make_board([WHITE, card("Plains", "p1"), card("Plains", "p2")], hand=[KNIGHT], life=1)
    assert not _checked(board, [("{1}{W}{W}", 0), ("{1}{W}", 2)]).payable


def test_with_the_mana_there_the_choice_is_weighed() -> None:
    """Three Plains pay {1}{W}{W} without the life: the objective weighs both (life paid counts)."""
    board = make_board([WHITE, *(card("Plains", f"p{n}") for n in range(3))], hand=[KNIGHT])
    result = _checked(board, [("{1}{W}{W}", 0), ("{1}{W}", 2)])
    assert result.payable and result.life_paid == 0


def test_an_instant_is_not_a_permanent_spell() -> None:
    board = make_board([GREEN, card("Forest", "f")], hand=[SURGE])
    assert not _checked(board, [("{G}{G}", 0)]).payable


def test_it_never_takes_generic_mana() -> None:
    """A green spell with no {G} in its cost (its color given): the life takes nothing off, not {1} (the
    last sentence; CR 118.7b would spill it onto generic mana otherwise)."""
    dryad = {
        "name": "Test Dryad",
        "type_line": "Artifact Creature — Dryad",
        "mana_cost": "{2}",
        "color_indicator": "G",
    }
    board = make_board([GREEN, card("Forest", "f")], hand=[dryad])
    assert spell_target(board.player(ME).hand[0]).spell_colors == ManaTypes.parse("G")
    assert not _checked(board, [("{2}", 0)]).payable


def test_an_opponents_defiler_is_theirs() -> None:
    board = make_board([_defiler("G", "green", controller=OPP), card("Forest", "f")], hand=[WURM])
    assert not _checked(board, [("{G}{G}", 0)]).payable


def test_a_generic_reduction_and_the_life() -> None:
    """'Creature spells you cast cost {1} less' and the Defiler on {1}{G}{G}: {G}, one Forest and 2 life."""
    reducer = {
        "id": "n",
        "name": "Test Reducer",
        "type_line": "Enchantment",
        "oracle": "Creature spells you cast cost {1} less to cast.",
    }
    beast = {**WURM, "name": "Test Beast", "mana_cost": "{1}{G}{G}"}
    board = make_board([GREEN, reducer, card("Forest", "f")], hand=[beast])
    result = _checked(board, [("{G}{G}", 0), ("{G}", 2)])
    assert result.payable and result.life_paid == 2


def test_two_defilers_each_take_one() -> None:
    """Two Defilers, {G}{G} and no land: each {G} off for 2 life, 4 in all (CR 601.2f: each its own)."""
    board = make_board([GREEN, _defiler("G", "green", pid="d2")], hand=[WURM])
    result = _checked(board, [("{G}{G}", 0), ("{G}", 2), ("{0}", 4)])
    assert result.payable and result.life_paid == 4


def test_the_largest_x() -> None:
    """{X}{W} and two Plains: the {W} for 2 life, both Plains for X (X = 2)."""
    sphinx = {"name": "Test Sphinx", "type_line": "Creature — Sphinx", "mana_cost": "{X}{W}"}
    board = make_board([WHITE, card("Plains", "p1"), card("Plains", "p2")], hand=[sphinx])
    result = max_x(board, spell_target(board.player(ME).hand[0]))
    assert result.payable and result.x == 2 and result.life_paid == 2
    two = replace(PaymentTarget.of("{2}"), additional_life=2)
    three = replace(PaymentTarget.of("{3}"), additional_life=2)
    assert reference_search(board, two, ME).payable and not reference_search(board, three, ME).payable
    assert not reference_search(board, PaymentTarget.of("{2}{W}"), ME).payable


def test_a_hybrid_symbol_announced_as_the_color_is_taken_off() -> None:
    """Lurrus's shape {1}{W/B}{W/B} under a black Defiler: one {W/B} announced as {B} (CR 601.2b) is taken off
    for 2 life (601.2f), {1}{W/B} left: a Plains and a Wastes pay it (the brute force weighs both choices)."""
    black = _defiler("B", "black")
    lurrus = {**KNIGHT, "name": "Test Lurrus", "mana_cost": "{1}{W/B}{W/B}"}
    board = make_board([black, card("Plains", "p"), card("Wastes", "w")], hand=[lurrus])
    result = _checked(board, [("{1}{W/B}{W/B}", 0), ("{1}{W/B}", 2)])
    assert result.payable and result.life_paid == 2 and not result.warnings
    assert not _checked(board.without_permanent("w"), [("{1}{W/B}{W/B}", 0), ("{1}{W/B}", 2)]).payable


@pytest.mark.parametrize("cost", ["{G/W}{W/U}", "{2/W}"])
def test_a_hybrid_symbol_is_warned(cost: str) -> None:
    """No plain {W}: a hybrid symbol announced as {W} (CR 601.2b) could be taken off; not weighed when which
    one matters (two different ones) or for a monocolored hybrid, said so."""
    board = make_board(
        [WHITE, card("Forest", "f1"), card("Forest", "f2")], hand=[{**KNIGHT, "mana_cost": cost}]
    )
    result = pay(board, spell_target(board.player(ME).hand[0]))
    (warning,) = result.warnings
    assert warning.permanent == "d" and "a hybrid symbol announced as this color" in (warning.reason or "")
