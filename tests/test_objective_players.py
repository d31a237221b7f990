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
from planner.solve.objective import OBJECTIVE_LEVELS, objective_of, objectives_on
from planner.solve.problem import PaymentProblem

DESIGNED = OBJECTIVE_LEVELS.index("designed_sacrificed")
FLOATING = OBJECTIVE_LEVELS.index("mana_floating")
LOST = OBJECTIVE_LEVELS.index("colors_lost")


RESTRICTED = OBJECTIVE_LEVELS.index("restricted_floating")


def board_with(*entries: dict[str, Any]) -> Board:
    """A board of my permanents, given by their entries."""
    permanents = [{"controller": "me", **entry} for entry in entries]
    return Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": permanents})


def board_of(*permanents: tuple[str, str], **fields: dict[str, Any]) -> Board:
    """A board of my permanents: (id, card name); ``fields`` adds to the entry of the permanent so named."""
    return board_with(*({"id": pid, "card": card, **fields.get(pid, {})} for pid, card in permanents))


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
    assert min(map(objectives_on(board, "me"), reference.outcomes)) == ours
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


def test_a_needless_activation_of_restricted_mana_still_costs() -> None:
    # {R}: Grand Architect taps the blue Pili-Pala for {C}{C} (artifacts' abilities only), which pays the
    # Pili-Pala's {2}, {Q} for {R}; the {Q} untaps it, so the Architect could tap it again for {C}{C} that
    # nothing needs. Restricted mana left floating is no waste (contract section 12), but it is not free
    # either: the needless activation loses at 'restricted_floating'
    board = board_of(("architect", "Grand Architect"), ("pili", "Pili-Pala"), pili={"color_indicator": "U"})
    target = PaymentTarget.of("{R}")
    summary = answer(board, target)
    assert [step.permanent for step in pay(board, target).steps] == ["architect", "pili"]
    levels = objective_of(board, "me", summary)
    assert (levels[FLOATING], levels[RESTRICTED]) == (0, 0)
    # the reference search does see the payment that taps the Pili-Pala again, and it is worse
    outcomes = reference_search(board, target).outcomes
    assert max(objective_of(board, "me", s)[RESTRICTED] for s in outcomes) > 0


def test_restricted_mana_left_over_counts_after_every_level_but_the_tie_break() -> None:
    # Sol Ring's {1} from Mishra's Workshop leaves {C}{C} that only artifacts may spend: counted, but only
    # at 'restricted_floating', after the touched levels but the tie-break (the Mountain stays, as above)
    board = board_of(("mtn", "Mountain"), ("ws", "Mishra's Workshop"))
    summary = answer(board, PaymentTarget.of("{1}", type_line="Artifact", colors=""))
    assert objective_of(board, "me", summary)[RESTRICTED] == 2
    assert OBJECTIVE_LEVELS[RESTRICTED - 1 : RESTRICTED + 2] == (
        "flexibility_used",
        "restricted_floating",
        "tie_break",
    )


ARTIFACT_LAND = "{T}: Add {C}. Spend this mana only to cast artifact spells."


def test_the_smaller_restricted_source_pays_before_the_tie_break_picks_one() -> None:
    # an artifact's {1}: Mishra's Workshop (id first) or a land whose {C} casts artifacts only; the two tie
    # on every level that weighs a choice, and the land leaves no restricted mana over (the Workshop is
    # kept for a bigger artifact)
    small = {"id": "b_land", "name": "Small Shop", "type_line": "Land", "oracle": ARTIFACT_LAND}
    board = board_with({"id": "a_ws", "card": "Mishra's Workshop"}, small)
    summary = answer(board, PaymentTarget.of("{1}", type_line="Artifact", colors=""))
    assert set(summary.used) == {"b_land"}


def test_a_creature_tapped_for_restricted_mana_still_comes_after_a_land() -> None:
    # an artifact's {1}: Grand Architect tapping a blue creature that makes no mana gives {C}{C} (one over),
    # the Workshop {C}{C}{C} (two over); tapping a creature weighs more than restricted mana left over, so
    # the Workshop pays
    drone = {"id": "drone", "name": "Blue Drone", "type_line": "Creature — Drone", "color_indicator": "U"}
    board = board_with(
        {"id": "architect", "card": "Grand Architect"}, drone, {"id": "ws", "card": "Mishra's Workshop"}
    )
    summary = answer(board, PaymentTarget.of("{1}", type_line="Artifact", colors=""))
    assert set(summary.used) == {"ws"}
    assert objective_of(board, "me", summary)[RESTRICTED] == 2
