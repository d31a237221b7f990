"""The objective as players judge it (contract section 12, issue #37): boards whose best payment a player
works out by hand, each checked against the exhaustive reference search and with both engines."""

from __future__ import annotations

from typing import Any

from models.board import Board
from models.cost import PaymentTarget
from planner.api import pay
from planner.rules.reference import reference_search
from planner.rules.replay import PaymentSummary, replay
from planner.solve.cpsat import solve_payment
from planner.solve.objective import OBJECTIVE_LEVELS, objective_of
from planner.solve.problem import PaymentProblem

DESIGNED = OBJECTIVE_LEVELS.index("designed_sacrificed")
FLOATING = OBJECTIVE_LEVELS.index("mana_floating")
LOST = OBJECTIVE_LEVELS.index("colors_lost")


def board_of(*permanents: tuple[str, str]) -> Board:
    """A board of my permanents: (id, card name)."""
    entries: list[dict[str, Any]] = [
        {"id": pid, "card": card, "controller": "me"} for pid, card in permanents
    ]
    return Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": entries})


def answer(board: Board, target: PaymentTarget) -> PaymentSummary:
    """What ``pay`` does; CP-SAT alone and the reference search reach the same objective."""
    result = pay(board, target)
    assert result.plan is not None
    summary = replay(board, target, result.plan)
    ours = objective_of(board, "me", summary)
    model = solve_payment(PaymentProblem.of(board, target, "me"))
    assert model.plan is not None
    assert objective_of(board, "me", replay(board, target, model.plan)) == ours
    reference = reference_search(board, target)
    assert min(objective_of(board, "me", s) for s in reference.outcomes) == ours
    return summary


def test_a_sacrifice_weighs_what_the_permanent_could_still_make() -> None:
    # {3}: Black Lotus alone, or Sol Ring's {C}{C} and a Lotus Petal; the Petal makes 1 where the Lotus
    # makes 3, so a player keeps the Lotus
    board = board_of(("bl", "Black Lotus"), ("petal", "Lotus Petal"), ("sol", "Sol Ring"))
    summary = answer(board, PaymentTarget.of("{3}"))
    assert set(summary.used) == {"sol", "petal"}
    assert summary.gone == {"petal"}
    assert objective_of(board, "me", summary)[DESIGNED] == 1


def test_two_treasures_go_before_a_black_lotus() -> None:
    # {2} from two Treasures (2 mana they could make) or Black Lotus (3, one left floating)
    board = board_of(("bl", "Black Lotus"), ("t1", "Treasure"), ("t2", "Treasure"))
    summary = answer(board, PaymentTarget.of("{2}"))
    assert summary.gone == {"t1", "t2"}


def test_a_sacrifice_by_design_still_comes_after_a_tap() -> None:
    # a Forest pays {1} before any Petal is sacrificed
    board = board_of(("f1", "Forest"), ("petal", "Lotus Petal"))
    summary = answer(board, PaymentTarget.of("{1}"))
    assert set(summary.used) == {"f1"}


def test_restricted_mana_pays_first_where_it_may_and_the_mountain_stays_for_lightning_bolt() -> None:
    # Sol Ring's {1}: Mishra's Workshop's mana may cast it and no other spell here; the Mountain stays open
    board = board_of(("mtn", "Mountain"), ("ws", "Mishra's Workshop"))
    target = PaymentTarget.of("{1}", type_line="Artifact", colors="")
    summary = answer(board, target)
    assert set(summary.used) == {"ws"}
    # the Workshop's {C}{C} left floating is not mana wasted: no spell but an artifact could spend it
    assert objective_of(board, "me", summary)[FLOATING] == 0


def test_restricted_mana_ties_nothing_up() -> None:
    # an artifact's {1}: the Workshop, whose mana casts artifacts only, before Wastes, whose {C} casts all
    board = board_of(("wastes", "Wastes"), ("ws", "Mishra's Workshop"))
    summary = answer(board, PaymentTarget.of("{1}", type_line="Artifact", colors=""))
    assert set(summary.used) == {"ws"}


def test_restricted_mana_keeps_no_color_open() -> None:
    # a multicolored spell's {1}: Pillar of the Paruns' mana casts only multicolored spells, so it keeps no
    # color open; tapping the Plains would lose {W}
    board = board_of(("pl", "Plains"), ("pillar", "Pillar of the Paruns"))
    target = PaymentTarget.of("{1}", type_line="Creature", colors="WU")
    summary = answer(board, target)
    assert set(summary.used) == {"pillar"}
    # and a spell the Pillar can't pay leaves it untouched, losing {W} (it was the only open color)
    summary = answer(board, PaymentTarget.of("{1}", type_line="Creature", colors="W"))
    assert set(summary.used) == {"pl"}
    assert objective_of(board, "me", summary)[LOST] == 1
