"""An alternative cost whose next sentence names the only mana that may pay it (issue 35, Security Rhox's
shape): "You may pay {R}{G} rather than pay this spell's mana cost. Spend only mana produced by Treasures to
cast it this way." Cast that way (CR 118.9), only mana a Treasure produced may be spent on it (CR 106.6-like,
601.2g-h): a land's mana pays only the mana cost way.

Each verdict is derived by hand (the rule named in the test) and checked against the reference search of the
way's target (``cast_for``: the alternative cost's mana, the Treasures' mana only).
"""

from __future__ import annotations

from typing import Any

from boards import ME, card, custom, make_board

from models.board import Board, Card
from models.cost import ManaCost
from models.oracle import parse_oracle
from models.spells import own_alternative_costs, spell_target
from planner.api import pay
from planner.rules.alternative_costs import Way, cast_for
from planner.rules.reference import reference_search
from planner.rules.view import BoardView, locked_in
from planner.turn import plan_turn

RHOX_TEXT = (
    "You may pay {R}{G} rather than pay this spell's mana cost.\nSpend only mana produced by Treasures to "
    "cast it this way."
)
#: Security Rhox's shape: {4}{G}, or {R}{G} from Treasures only.
RHOX: dict[str, Any] = {
    "name": "Test Rhox",
    "type_line": "Creature — Rhino",
    "mana_cost": "{4}{G}",
    "oracle": RHOX_TEXT,
    "power": 5,
}
SPHERE = custom("Test Sphere", "sphere", "Artifact", "Spells cost {1} more to cast.", mana_cost="{3}")


def _treasures(count: int) -> list[dict[str, Any]]:
    return [card("Treasure", f"t{i}", token=True) for i in range(count)]


def _reference_pays_the_way(board: Board) -> bool:
    """True when the reference search pays the spell cast for its alternative cost on ``board``."""
    target = spell_target(Card.from_json(RHOX, "card"))
    (cost,) = own_alternative_costs(RHOX_TEXT, RHOX["name"])
    way = cast_for(target, Way(RHOX["name"], cost))
    locked = locked_in(BoardView(board), way, ME)
    return bool(reference_search(board, locked, ME, max_states=100_000).outcomes)


def test_the_sentence_is_read_with_the_cost_before_it() -> None:
    (cost,) = own_alternative_costs(RHOX_TEXT, RHOX["name"])
    assert cost.mana == "{R}{G}" and cost.mana_from == "Treasures"
    assert [s.read_as for s in parse_oracle(RHOX_TEXT).sentences] == ["ignored", "ignored"]


def test_other_sources_and_a_sentence_alone_stay_unread() -> None:
    artifacts = RHOX_TEXT.replace("Treasures", "artifacts")
    (cost,) = own_alternative_costs(artifacts, RHOX["name"])
    assert cost.mana_from == ""
    assert parse_oracle(artifacts).sentences[-1].read_as == "unsupported"
    alone = "Spend only mana produced by Treasures to cast it this way."
    assert [s.read_as for s in parse_oracle(alone).sentences] == ["unsupported"]


def test_two_treasures_pay_the_alternative_cost() -> None:
    board = make_board(_treasures(2), hand=[RHOX])
    result = pay(board, spell_target(board.player(ME).hand[0]))
    assert result.payable and result.alternative_cost is not None
    assert sorted(result.sacrificed) == ["t0", "t1"] and not result.warnings
    assert _reference_pays_the_way(board)


def test_lands_pay_neither_way() -> None:
    # a Mountain and a Forest make {R}{G}, but not from Treasures (106.6-like); {4}{G} is more than two lands
    board = make_board([card("Mountain", "m"), card("Forest", "f")], hand=[RHOX])
    assert not pay(board, spell_target(board.player(ME).hand[0])).payable
    assert not _reference_pays_the_way(board)


def test_a_treasure_and_a_forest_are_not_enough() -> None:
    # {R} from the Treasure, {G} from the Forest: the Forest's mana can't be spent that way
    board = make_board([*_treasures(1), card("Forest", "f")], hand=[RHOX])
    assert not pay(board, spell_target(board.player(ME).hand[0])).payable
    assert not _reference_pays_the_way(board)


def test_five_forests_pay_the_mana_cost() -> None:
    board = make_board([card("Forest", f"f{i}") for i in range(5)], hand=[RHOX])
    result = pay(board, spell_target(board.player(ME).hand[0]))
    assert result.payable and result.alternative_cost is None and result.total_cost == "{4}{G}"


def test_an_increase_is_paid_from_treasures_too() -> None:
    # Sphere: {1}{R}{G} that way (601.2f), all from Treasures: three Treasures pay it, two and a Mountain
    # don't
    three = make_board([SPHERE, *_treasures(3)], hand=[RHOX])
    result = pay(three, spell_target(three.player(ME).hand[0]))
    assert result.payable and result.total_cost == "{1}{R}{G}"
    mountain = make_board([SPHERE, *_treasures(2), card("Mountain", "m")], hand=[RHOX])
    assert not pay(mountain, spell_target(mountain.player(ME).hand[0])).payable
    assert not _reference_pays_the_way(mountain)


def test_floating_mana_of_unknown_source_is_not_spent_that_way() -> None:
    board = make_board([], pool=["{R}", "{G}"], hand=[RHOX])
    result = pay(board, spell_target(board.player(ME).hand[0]))
    assert not result.payable
    way = cast_for(
        spell_target(Card.from_json(RHOX, "card")),
        Way(RHOX["name"], own_alternative_costs(RHOX_TEXT, RHOX["name"])[0]),
    )
    assert way.treasure_mana_only and way.cost == ManaCost.parse("{R}{G}")


def test_a_turn_plan_spends_only_treasure_mana_that_way() -> None:
    lands = make_board([card("Mountain", "m"), card("Forest", "f")], hand=[RHOX])
    assert not plan_turn(lands, casts=["Test Rhox"]).castable
    assert plan_turn(make_board(_treasures(2), hand=[RHOX]), casts=["Test Rhox"]).castable
