"""Life in the optimiser's score (``optimise-lands --value life=N``): the life each game loses to its lands
against exact probabilities, the score's arithmetic, and the Azorius example's answer with life priced and
free."""

from __future__ import annotations

import math
from fractions import Fraction
from math import comb
from pathlib import Path

import pytest

from models.decklist import parse_deck
from planner.sim.optimise import (
    DEFAULT_LIFE_VALUE,
    Budget,
    ScoreTask,
    optimise_lands,
    parse_pool,
    run_score_task,
)

ROOT = Path(__file__).resolve().parents[1]
AZORIUS = ROOT / "examples" / "decks" / "azorius-control.txt"
GAMES = 20_000


def _life(deck_text: str, ramp: str, turns: tuple[int, int] = (1, 1)) -> float:
    task = ScoreTask(
        deck=parse_deck(deck_text),
        layout=None,
        turns=turns,
        games=GAMES,
        seed=6,
        on_the_draw=False,
        mulligan="none",
        batches=range(1) if ramp == "none" else range(-(-GAMES // 4096)),
        ramp=ramp,
        what="life",
    )
    return float(run_score_task(task).mean())


def _close(estimate: float, truth: float, spread: float) -> bool:
    return abs(estimate - truth) <= 4 * spread / math.sqrt(GAMES)


@pytest.mark.parametrize("ramp", ["none", "planner"])
def test_the_life_a_game_loses_to_its_lands_on_turn_one(ramp: str) -> None:
    land_in_hand = 1 - comb(36, 7) / comb(60, 7)  # (mulligan none: a land among the seven)
    # a painland tapped for its colored mana: 1 a turn it is untapped; a rainbow land paying life: the same
    pain = _life("24 Adarkar Wastes\n36 Wall {W}", ramp)
    assert _close(pain, land_in_hand, 0.5), (pain, land_in_hand)
    confluence = _life("24 Mana Confluence\n36 Wall {W}", ramp)
    assert _close(confluence, land_in_hand, 0.5), (confluence, land_in_hand)
    # a shockland paid for to cast the one-drop in hand: 2 life, never tapped for pain
    shock = _life("24 Hallowed Fountain\n36 Wall {W}", ramp)
    assert _close(shock, 2 * land_in_hand, 1.0), (shock, land_in_hand)
    assert _life("24 Plains\n36 Wall {W}", ramp) == 0.0


def test_painful_lands_cost_life_every_turn_they_are_tapped() -> None:
    # 24 painlands and nothing else: by turn 3 a game has lost 1 + 2 + 3 life when it made every land drop
    deck = "24 Adarkar Wastes\n36 Wall {W}"
    lost = _life(deck, "none", turns=(1, 3))
    assert 4.0 < lost <= 6.0


def test_the_score_is_castability_less_the_life_valued() -> None:
    deck = parse_deck(AZORIUS.read_text(encoding="utf-8"))
    pool = parse_pool(
        "Plains, Island, Hallowed Fountain, Glacial Fortress, Adarkar Wastes, Seachrome Coast", lands=24
    )
    free = optimise_lands(deck, pool, games=2_000, seed=3, budget=_one_game(), life_value=Fraction(0))
    priced = optimise_lands(deck, pool, games=2_000, seed=3, budget=_one_game(), life_value=Fraction(1, 40))
    assert free.own_life == priced.own_life > 0
    assert priced.own_score.mean == pytest.approx(free.own_score.mean - priced.own_life / 40, abs=1e-12)


def _one_game() -> Budget:
    return Budget(games=1)


def test_the_azorius_example_takes_no_rainbow_land_when_life_is_priced() -> None:
    # the pool: life free, the search fills the deck with City of Brass and Mana Confluence (they
    # make both colors untapped); at the default value of a point of life it keeps a two-color mana base a
    # player would sign (basics, Tundra, shocklands, checklands) and loses far less life
    deck = parse_deck(AZORIUS.read_text(encoding="utf-8"))
    pool = parse_pool(
        "Plains, Island, Tundra, Hallowed Fountain, Glacial Fortress, City of Brass, Mana Confluence",
        lands=24,
    )
    free = optimise_lands(deck, pool, games=4_000, seed=0, life_value=Fraction(0))
    rainbow = dict(free.best).get("City of Brass", 0) + dict(free.best).get("Mana Confluence", 0)
    assert rainbow >= 4
    priced = optimise_lands(deck, pool, games=4_000, seed=0)
    assert priced.life_value == DEFAULT_LIFE_VALUE
    best = dict(priced.best)
    assert best.get("City of Brass", 0) + best.get("Mana Confluence", 0) == 0
    assert best.get("Tundra", 0) == 4 and priced.best_life < free.best_life / 2
