"""The orders a turn's plan solves (contract section 11): the orders of one set of event spells are skipped
once the best plan found reaches their relaxation's bound (:mod:`planner.turn_relaxed`). The plans are the
ones solving every order gives, and the brute force's (independent of the planner's models and orders)."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from typing import Any

import pytest
from boards import make_board, mine
from test_alternative_costs import FIST, OMNISCIENCE
from turn_brute_force import brute_force

from models.board import Board, Card
from planner import api
from planner.turn import TurnResult, plan_turn
from planner.turn_choices import Ids, hand_spells
from planner.turn_model import TurnItem, TurnSequence
from planner.turn_relaxed import relaxed_sequence

#: an artifact spell whose cost counts the artifacts its controller has (the relaxation does not hold)
FROGMITE = {
    "name": "Test Frogmite",
    "type_line": "Artifact Creature — Frog",
    "mana_cost": "{4}",
    "oracle": "Affinity for artifacts (This spell costs {1} less to cast for each artifact you control.)",
}
#: a creature that makes artifact spells cheaper once it is there (it does more than add mana)
SCULPTOR = {
    "name": "Test Sculptor",
    "type_line": "Creature — Vedalken Artificer",
    "mana_cost": "{1}{U}",
    "oracle": "Artifact spells you cast cost {1} less to cast.",
}
ROCKS = ["Sol Ring", "Mind Stone", "Arcane Signet", "Izzet Signet", "Fellwar Stone", "Thought Vessel"]


def _plan(board: Board, monkeypatch: pytest.MonkeyPatch, *, relax: bool) -> tuple[TurnResult, int]:
    """The plan with the relaxation's bound used or not (every order solved), and how many models it
    solved."""
    solved = [0]
    solve = api.solve_cpsat

    def counted(problem: Any) -> Any:
        solved[0] += 1
        return solve(problem)

    with monkeypatch.context() as patched:
        patched.setattr("planner.turn._RELAX", relax)
        patched.setattr("planner.turn.solve_cpsat", counted)
        turn = plan_turn(board, time_limit=300)
    return turn, solved[0]


def test_six_rocks_under_omniscience_solve_few_models(monkeypatch: pytest.MonkeyPatch) -> None:
    # each of six rocks and a Bolt may be cast for nothing: every order of the rocks casts them all for
    # nothing, and no order can do better than their relaxation (every rock there from the start), whose
    # optimum the first order found reaches: one order per prefix of it and the relaxation, not 720 orders
    board = make_board(
        [mine("o", OMNISCIENCE), mine("f", "Forest"), mine("i", "Island")], hand=[*ROCKS, "Lightning Bolt"]
    )
    turn, solved = _plan(board, monkeypatch, relax=True)
    assert turn.optimal and turn.mana_value_cast == 1 + 2 * 5 + 1
    assert solved <= 10, solved


def test_a_ritual_paying_the_rocks_beats_casting_them_for_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    # under Omniscience, Dark Ritual cast for nothing makes {B}{B}{B}, which pays Sol Ring's {1} and Mind
    # Stone's {2} for their mana costs: one spell cast for an alternative cost rather than three (the turn's
    # last level), nothing tapped, nothing floating. Only the orders with the Ritual first do that; the
    # Ritual is no permanent, so no relaxation skips them
    board = make_board(
        [mine("o", OMNISCIENCE), mine("s", "Swamp")], hand=["Dark Ritual", "Sol Ring", "Mind Stone"]
    )
    relaxed, _ = _plan(board, monkeypatch, relax=True)
    full, _ = _plan(board, monkeypatch, relax=False)
    assert relaxed.to_json() == full.to_json()
    assert relaxed.spells[0].card == "Dark Ritual"
    ways = [s.payment.to_json()["alternative_payments"] for s in relaxed.spells]
    assert sum(1 for paid in ways if any(a["kind"] == "alternative_cost" for a in paid)) == 1
    assert relaxed.floating == full.floating and str(relaxed.floating) == ""


def test_no_relaxation_where_a_cost_counts_the_permanents() -> None:
    # affinity for artifacts: the Frogmite costs {4} on the first board and {2} once two rocks are there,
    # so a plan of the relaxation may not be one of any order's; a creature that makes artifact spells
    # cheaper does more than add mana
    board = make_board([mine("f", "Forest")], hand=[])
    for extra in (FROGMITE, SCULPTOR):
        cards = [Card.from_json(c) for c in ("Sol Ring", "Mind Stone", extra)]
        spells = [replace(spell, event=True) for spell in hand_spells(cards, 0, Ids(set()))]
        sequence = TurnSequence(items=tuple(TurnItem(spell=s) for s in spells), optional=True)
        assert relaxed_sequence(board, "me", sequence) is None
    cards = [Card.from_json(c) for c in ("Sol Ring", "Mind Stone")]
    spells = [replace(spell, event=True) for spell in hand_spells(cards, 0, Ids(set()))]
    sequence = TurnSequence(items=tuple(TurnItem(spell=s) for s in spells), optional=True)
    assert relaxed_sequence(board, "me", sequence) is not None


@pytest.mark.parametrize("seed", range(24))
def test_skipping_orders_plans_as_solving_every_order(seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    # random small turns of rocks, a ritual, Petals, affinity, a cost reducer and plain spells, maybe under
    # Omniscience or Fist of Suns: the plan with orders skipped is the one solving every order gives (the
    # same JSON), both proven, with the brute force's mana value and cards used up
    rng = random.Random(5000 + seed)
    names = ["Mountain", "Island", "Forest", "Swamp", "Plains", "Mana Confluence"]
    lands = [mine(f"l{n}", rng.choice(names)) for n in range(rng.randint(1, 4))]
    granted = rng.choice([[mine("o", OMNISCIENCE)], [mine("fist", FIST)], [], []])
    pile: list[str | dict[str, Any]] = [
        *ROCKS,
        "Lotus Petal",
        "Dark Ritual",
        "Lightning Bolt",
        "Llanowar Elves",
        FROGMITE,
        SCULPTOR,
    ]
    hand = [rng.choice(pile) for _ in range(rng.randint(2, 5))]
    if rng.random() < 0.4:
        hand.append(rng.choice(["Forest", "Island", "Mountain"]))
    board = make_board([*lands, *granted], hand=hand)
    relaxed, fewer = _plan(board, monkeypatch, relax=True)
    full, every = _plan(board, monkeypatch, relax=False)
    assert relaxed.optimal and full.optimal, json.dumps(full.to_json())
    assert relaxed.to_json() == full.to_json()
    cards = len(relaxed.spells) + (relaxed.land_played is not None) + len(relaxed.exiled)
    assert (relaxed.mana_value_cast, cards) == brute_force(board), json.dumps(relaxed.to_json())
    print(f"models solved: {fewer} with the relaxation, {every} solving every order")
