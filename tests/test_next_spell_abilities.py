"""An activated ability that makes the next spell cost less (Kaza, Roil Chaser's shape: '{T}: The next
instant or sorcery spell you cast this turn costs {X} less to cast, where X is the number of Wizards you
control as this ability resolves.'). It is no mana ability (CR 605.1a), so it can't be activated while a
spell is paid (CR 601.2g); its controller may activate it with priority before casting (CR 602.2), its
effect lasting until that spell (CR 611.2). The planner does not plan it. Before, it was ignored in silence:
plan-turn answered a sure "no" for a spell it makes castable. Now a turn plan that finds no way leaves no
answer (castable null, a note names it: an unplanned way out is never a "no"), and ``pay --spell`` warns that
it is not weighed (its answer is that of a payment, where the ability can't be activated)."""

from __future__ import annotations

from typing import Any

from boards import make_board, mine, search

from models.board import Board
from models.spells import spell_of
from planner.api import pay
from planner.rules.next_spell_abilities import NEXT_SPELL_NOT_WEIGHED
from planner.rules.records import WarningKind
from planner.turn import plan_turn

CHASER = {
    "name": "Test Chaser",
    "type_line": "Legendary Creature — Human Wizard",
    "mana_cost": "{U}{R}",
    "power": 1,
    "toughness": 3,
    "oracle": "Flying\n{T}: The next instant or sorcery spell you cast this turn costs {X} less to cast, "
    "where X is the number of Wizards you control as this ability resolves.",
}
WIZARD = {"name": "Test Wizard", "type_line": "Creature — Human Wizard", "mana_cost": "{U}", "power": 1}
INSIGHT = {
    "name": "Test Insight",
    "type_line": "Instant",
    "mana_cost": "{1}{U}{U}",
    "oracle": "Draw two cards.",
}


def _board(**chaser: Any) -> Board:
    permanents = [mine("k", CHASER, **chaser), mine("w", WIZARD), mine("i1", "Island"), mine("i2", "Island")]
    return make_board(permanents, hand=[INSIGHT])


def test_two_islands_alone_do_not_pay_the_insight() -> None:
    # (three mana for {1}{U}{U}, two Islands: CR 601.2g; the reference search agrees)
    assert not search(_board(), "{1}{U}{U}").payable


def test_a_turn_plan_leaves_no_answer_and_names_it() -> None:
    # (tapping the Chaser first, X = 2 Wizards as it resolves: the Insight costs {U}{U}, two Islands pay it)
    turn = plan_turn(_board(), casts=["Test Insight"], time_limit=120)
    assert turn.castable is None
    assert turn.reason is not None and "Test Chaser" in turn.reason and "not planned" in turn.reason


def test_one_it_cannot_activate_leaves_a_no() -> None:
    # (tapped, or summoning sick without haste: its {T} can't be paid, CR 302.6)
    for status in ({"tapped": True}, {"summoning_sick": True}):
        turn = plan_turn(_board(**status), casts=["Test Insight"], time_limit=120)
        assert turn.castable is False, status


def test_pay_warns_it_is_not_weighed() -> None:
    spell = spell_of(INSIGHT["mana_cost"], name="Test Insight", type_line="Instant", text=INSIGHT["oracle"])
    answer = pay(_board(), spell)
    assert answer.payable is False  # (no mana ability: not activated while the spell is paid, CR 601.2g)
    warned = [w for w in answer.warnings if w.reason == NEXT_SPELL_NOT_WEIGHED]
    assert [(w.permanent, w.kind) for w in warned] == [("k", WarningKind.NOT_WEIGHED)]
