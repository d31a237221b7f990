"""The land-mix optimiser (``optimise-lands``) and goldfishing in pieces: truths known without it (pools with
an obvious best mix, the score as simulate's numbers give it, the same games for every mix, Karsten's bound
above the simulated score), and the command's output and errors."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest
from typer.testing import CliRunner, Result

from models.decklist import parse_deck
from models.errors import InputError
from planner.cli import app
from planner.sim.optimise import (
    Budget,
    _Bound,
    _deck,
    _Problem,
    _sources,
    optimise_lands,
    parse_budget,
    parse_pool,
)
from planner.sim.planned import PLANNED_CHUNK, merge_planned, planned_counts
from planner.sim.simulate import (
    GOLDFISH_BATCH,
    default_layout,
    goldfish,
    goldfish_counts,
    goldfish_result,
    merge_counts,
)

ROOT = Path(__file__).resolve().parents[1]
AZORIUS = ROOT / "examples" / "decks" / "azorius-control.txt"
POOL = ROOT / "examples" / "decks" / "azorius-pool.txt"
runner = CliRunner()

#: A two-color deck whose spells ask only for W and U, with 4 Wastes that make neither.
WU_DECK = "10 Plains\n10 Island\n4 Wastes\n18 Wall {W}{W}\n18 Wave {1}{U}\n4 Thing {W}{U}"


def run(*args: str) -> Result:
    return runner.invoke(app, list(args))


def one_error_line(result: Result, starts: str) -> None:
    assert result.exit_code == 2, result.output
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"mana-planner: {starts}"), result.stderr


# --------------------------------------------------------------------------------------------------------
# Goldfishing in pieces


def test_the_pieces_merged_are_the_whole_run_in_any_order() -> None:
    deck = parse_deck(AZORIUS.read_text(encoding="utf-8"))
    games = 2 * GOLDFISH_BATCH + 1_000
    whole = goldfish(deck, turns=(1, 4), games=games, seed=5, on_the_draw=True, ramp="none")
    pieces = [
        goldfish_counts(deck, turns=(1, 4), games=games, seed=5, on_the_draw=True, batches=range(b, b + 1))
        for b in (2, 0, 1)
    ]
    assert goldfish_result(deck, merge_counts(pieces)) == whole
    with pytest.raises(InputError, match="not all"):
        goldfish_result(deck, merge_counts(pieces[:2]))
    with pytest.raises(InputError, match="twice"):
        merge_counts([pieces[0], pieces[0]])


def test_the_per_game_scores_add_up_to_the_on_curve_numbers() -> None:
    deck = parse_deck(WU_DECK)
    counts = goldfish_counts(deck, turns=(1, 2), games=5_000, seed=2, game_scores=True)
    result = goldfish(deck, turns=(1, 2), games=5_000, seed=2, ramp="none")
    assert counts.game_scores is not None and counts.game_scores.shape == (5_000,)
    expected = sum(card.copies * (card.on_curve or 0) for card in result.cards) * 5_000
    assert int(counts.game_scores.sum()) == round(expected)


def test_decks_that_differ_in_their_lands_deal_the_same_games() -> None:
    # Generic costs: castability depends on the number of (untapped) lands only, never on which: every mix
    # of these basics must give every game the same score when the games are the same.
    spells = "\n18 Bear {2}\n18 Ogre {3}"
    scores = []
    for lands in ("24 Plains", "12 Plains\n12 Island", "3 Island\n21 Plains"):
        counts = goldfish_counts(
            parse_deck(lands + spells), turns=(1, 3), games=3_000, seed=8, game_scores=True
        )
        assert counts.game_scores is not None
        scores.append(counts.game_scores)
    assert np.array_equal(scores[0], scores[1]) and np.array_equal(scores[0], scores[2])
    assert 0 < scores[0].min() < scores[0].max()


def test_a_layout_puts_each_land_in_its_slot() -> None:
    deck = parse_deck("2 Forest\n1 Island\n1 Snow-Covered Forest\n56 Bear {1}{G}")
    layout = default_layout(deck)
    assert layout == ("Forest", "Forest", "Snow-Covered Forest", "Island")
    plain = goldfish_counts(deck, turns=(1, 3), games=500, seed=1, game_scores=True)
    same = goldfish_counts(deck, turns=(1, 3), games=500, seed=1, game_scores=True, layout=layout)
    assert plain.game_scores is not None and same.game_scores is not None
    assert np.array_equal(plain.game_scores, same.game_scores)
    with pytest.raises(InputError, match="layout"):
        goldfish_counts(deck, turns=(1, 3), games=500, seed=1, layout=("Forest",) * 4)


# --------------------------------------------------------------------------------------------------------
# The optimiser


def test_a_pool_with_an_obvious_best_mix() -> None:
    # Tundra (untapped, W or U, painless) is at least as good as any other land here, and Wastes makes
    # neither color: the best mix has the 4 Tundras allowed and no Wastes, and it beats the deck's own.
    deck = parse_deck(WU_DECK)
    result = optimise_lands(deck, parse_pool("Plains, Island, Tundra, Wastes", lands=24), games=4_000, seed=1)
    best = dict(result.best)
    assert best.get("Tundra") == 4 and "Wastes" not in best
    assert sum(best.values()) == 24
    assert result.difference.low > 0 and result.paired
    assert result.best_score.mean > result.own_score.mean
    assert result.stopped.startswith("no move")


def test_a_mono_colored_deck_wants_only_its_color() -> None:
    deck = parse_deck("12 Plains\n12 Wastes\n18 Wall {W}{W}\n18 Soldier {1}{W}")
    result = optimise_lands(deck, parse_pool("Plains, Wastes", lands=24), games=4_000, seed=3)
    assert result.best == (("Plains", 24),)
    # every kept hand has two lands, so by turn 2 twenty-four Plains cast everything
    assert result.best_score.mean == 1.0


def test_the_own_score_is_simulates_and_the_start_is_the_own_mix() -> None:
    deck = parse_deck(AZORIUS.read_text(encoding="utf-8"))
    pool = parse_pool(str(POOL), lands=24)
    # (life free: the score is then simulate's on-curve figure alone; tests/test_optimise_life.py prices it)
    result = optimise_lands(deck, pool, games=3_000, seed=4, budget=Budget(games=1), life_value=Fraction(0))
    assert result.stopped == "the games budget ran out" and result.moves == ()
    # nothing moved: the best mix is the deck's own, dealt the very same games (difference exactly 0)
    assert dict(result.best) == dict(result.own)
    assert (result.difference.mean, result.difference.low, result.difference.high) == (0.0, 0.0, 0.0)
    simulated = goldfish(deck, turns=result.turns, games=3_000, seed=4, ramp="none")
    copies = sum(card.copies for card in simulated.cards if card.on_curve is not None)
    expected = sum(card.copies * card.on_curve for card in simulated.cards if card.on_curve is not None)
    assert result.own_score.mean == pytest.approx(expected / copies, rel=1e-12)
    assert result.own_score.low < result.own_score.mean < result.own_score.high


def test_an_x_spell_is_scored_on_the_curve_turn_of_x_1() -> None:
    # Growth's curve turn is 3 (X = 1, as simulate counts it), so the score goes to turn 3 and counts it
    deck = parse_deck("24 Forest\n18 Bear {1}{G}\n18 Growth {X}{G}{G}")
    result = optimise_lands(deck, parse_pool("Forest", lands=24), games=2_000, seed=1, budget=Budget(games=1))
    assert result.turns == (1, 3) and result.scored_copies == 36
    simulated = goldfish(deck, turns=(1, 3), games=2_000, seed=1, ramp="none")
    expected = sum(card.copies * (card.on_curve or 0) for card in simulated.cards) / 36
    assert result.own_score.mean == pytest.approx(expected, rel=1e-12)


def test_the_answer_is_reproducible() -> None:
    deck = parse_deck(WU_DECK)
    pool = parse_pool("Plains, Island, Tundra, Wastes", lands=24)
    first = optimise_lands(deck, pool, games=2_000, seed=9)
    again = optimise_lands(deck, pool, games=2_000, seed=9)
    assert first.to_json() == again.to_json()


# --------------------------------------------------------------------------------------------------------
# The optimiser with the turns planned (--ramp planner)

#: A green deck with Llanowar Elves: an Elf on turn 1 casts a 3-drop on turn 2 and a 4-drop on turn 3.
ELF_DECK = "12 Forest\n12 Wastes\n4 Llanowar Elves\n16 Bear {1}{G}\n16 Ogre {2}{G}{G}"


def test_a_layout_of_one_deck_of_every_land_deals_the_deck_itself() -> None:
    # The search's planned games deal one deck listing every pool land once through layouts; with the
    # deck's own lands in its own order, that is exactly the deck's own run.
    deck = parse_deck(ELF_DECK)
    every_land = parse_deck("1 Forest\n1 Wastes\n4 Llanowar Elves\n16 Bear {1}{G}\n16 Ogre {2}{G}{G}")
    settings = dict(turns=(1, 4), games=3_000, seed=6, on_the_draw=False, mulligan="london", min_x=1)
    own = planned_counts(deck, chunks=range(1), game_scores=True, **settings)  # type: ignore[arg-type]
    dealt = planned_counts(
        every_land,
        chunks=range(1),
        game_scores=True,
        layout=("Forest",) * 12 + ("Wastes",) * 12,
        **settings,  # type: ignore[arg-type]
    )
    assert own.game_scores is not None and dealt.game_scores is not None
    assert np.array_equal(own.game_scores, dealt.game_scores)
    assert np.array_equal(own.castable, dealt.castable) and np.array_equal(own.cast_hits, dealt.cast_hits)
    with pytest.raises(InputError, match="Plains"):
        planned_counts(every_land, chunks=range(1), layout=("Plains",) * 24, **settings)  # type: ignore[arg-type]


def test_the_planned_per_game_scores_add_up_to_the_on_curve_numbers() -> None:
    deck = parse_deck(ELF_DECK)
    games = PLANNED_CHUNK + 500
    parts = [
        planned_counts(
            deck,
            turns=(1, 4),
            games=games,
            seed=2,
            on_the_draw=False,
            mulligan="london",
            min_x=1,
            chunks=range(c, c + 1),
            game_scores=True,
        )
        for c in (0, 1)
    ]
    merged = merge_planned(parts)
    assert merged.game_scores is not None and merged.game_scores.shape == (games,)
    result = goldfish(deck, turns=(1, 4), games=games, seed=2)
    expected = sum(card.copies * (card.on_curve or 0) for card in result.cards) * games
    assert int(merged.game_scores.sum()) == round(expected)


def test_with_the_turns_planned_the_elves_raise_the_score_and_the_own_score_is_simulates() -> None:
    deck = parse_deck(ELF_DECK)
    pool = parse_pool("Forest, Wastes", lands=24)
    planned = optimise_lands(deck, pool, games=3_000, seed=4, budget=Budget(games=1), ramp="planner")
    lands_only = optimise_lands(deck, pool, games=3_000, seed=4, budget=Budget(games=1))
    assert planned.ramp == "planner" and not planned.bound
    simulated = goldfish(deck, turns=planned.turns, games=3_000, seed=4)
    copies = sum(card.copies for card in simulated.cards if card.on_curve is not None)
    expected = sum(card.copies * card.on_curve for card in simulated.cards if card.on_curve is not None)
    assert planned.own_score.mean == pytest.approx(expected / copies, rel=1e-12)
    # (Elves make a Bear or an Ogre castable on curve with fewer Forests, which the lands-only score ignores)
    assert planned.own_score.low > lands_only.own_score.high


def test_with_the_turns_planned_a_basics_deck_finds_the_lands_only_answer() -> None:
    # On basics the planned goldfish and the lands-only one agree: the same best mix.
    deck = parse_deck("12 Plains\n12 Wastes\n18 Wall {W}{W}\n18 Soldier {1}{W}")
    pool = parse_pool("Plains, Wastes", lands=24)
    result = optimise_lands(deck, pool, games=4_000, seed=3, ramp="planner")
    lands_only = optimise_lands(deck, pool, games=4_000, seed=3)
    assert result.best == lands_only.best == (("Plains", 24),)
    # (other games, the same odds: the two scores' intervals overlap)
    assert result.best_score.low <= lands_only.best_score.high
    assert lands_only.best_score.low <= result.best_score.high
    with pytest.raises(InputError, match="ramp"):
        optimise_lands(deck, parse_pool("Plains, Wastes", lands=24), games=40, ramp="rocks")


def test_karstens_bound_is_above_the_simulated_score() -> None:
    deck = parse_deck(WU_DECK)
    pool = parse_pool("Plains, Island, Tundra, Wastes", lands=24)
    problem = _Problem(
        fixed=deck.spells,
        fixed_land_slots=(),
        pool=pool,
        source="d",
        commanders=(),
        turns=(1, 2),
        on_the_draw=False,
        mulligan="london",
        weights=40,
    )
    for mix in ((10, 10, 0, 4), (6, 14, 4, 0), (20, 0, 0, 4), (12, 8, 4, 0)):
        bound = _Bound(problem, _deck(problem, mix), 1)
        candidate = _deck(problem, mix)
        counts = goldfish_counts(candidate, turns=(1, 2), games=20_000, seed=2, game_scores=True)
        assert counts.game_scores is not None
        score = float(counts.game_scores.mean()) / 40
        assert bound(_sources(problem, mix, [])) + bound.error >= score - 0.01


def test_the_bound_prunes_moves_that_cannot_win() -> None:
    # Only WW spells and untapped basics: the goldfish casts them whenever Karsten's condition holds, so
    # the bound is tight and a move from Plains to Island can't beat the mix it leaves.
    deck = parse_deck("17 Plains\n7 Island\n36 Knight {W}{W}")
    result = optimise_lands(deck, parse_pool("Plains, Island", lands=24), games=4_000, seed=1)
    assert result.mixes_pruned >= 1 and result.bound
    assert result.best == (("Plains", 24),)


def test_a_land_making_two_mana_turns_the_bound_off() -> None:
    deck = parse_deck(WU_DECK)
    pool = parse_pool("Plains, Island, Azorius Chancery", lands=24)
    result = optimise_lands(deck, pool, games=1_000, seed=1, budget=Budget(games=1))
    assert not result.bound and result.mixes_pruned == 0
    assert any("Karsten bound is off" in note for note in result.notes)


def test_other_land_counts_are_compared_unpaired() -> None:
    deck = parse_deck(WU_DECK)
    result = optimise_lands(deck, parse_pool("Plains, Island", lands=26), lands=26, games=2_000, seed=1)
    assert sum(dict(result.best).values()) == 26 and result.deck_size == 66 and not result.paired
    assert result.difference.low < result.difference.mean < result.difference.high


def test_pools_and_budgets_are_read() -> None:
    assert [(land.name, land.most) for land in parse_pool(str(POOL), lands=24)][:3] == [
        ("Plains", 24),
        ("Island", 24),
        ("Tundra", 4),
    ]
    assert [land.most for land in parse_pool("Tundra, Plains", lands=24, commander=True)] == [1, 24]
    assert parse_budget("90s,500k") == Budget(games=500_000, seconds=90.0)
    assert parse_budget("1h") == Budget(seconds=3600.0)
    for bad in ("", "5x", "-3", "0"):
        with pytest.raises(InputError, match="budget"):
            parse_budget(bad)


# --------------------------------------------------------------------------------------------------------
# The command


def test_the_command_prints_the_mixes_and_the_scores() -> None:
    result = run(
        "optimise-lands",
        str(AZORIUS),
        "--pool",
        "Plains, Island, Tundra, Hallowed Fountain, Glacial Fortress, Adarkar Wastes, Seachrome Coast",
        "--games",
        "2000",
    )
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "land" in out and "own" in out and "best - own" in out and "95% interval" in out
    assert "the difference is paired" in out


def test_the_command_json() -> None:
    result = run(
        "optimise-lands", str(AZORIUS), "--pool", str(POOL), "--games", "1000", "--budget", "1", "--json"
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert (
        data["own"]
        == data["best"]
        == {
            "Hallowed Fountain": 4,
            "Glacial Fortress": 4,
            "Adarkar Wastes": 4,
            "Seachrome Coast": 2,
            "Plains": 5,
            "Island": 5,
        }
    )
    assert set(data["difference"]) == {"mean", "low", "high", "games", "paired"}
    assert data["stopped"] == "the games budget ran out" and data["games"] == 1000


def test_the_command_with_the_turns_planned(tmp_path: Path) -> None:
    deck = tmp_path / "elves.txt"
    deck.write_text(ELF_DECK, encoding="utf-8")
    args = ("optimise-lands", str(deck), "--pool", "Forest, Wastes", "--games", "600", "--budget", "1")
    shown = run(*args, "--ramp", "planner")
    assert shown.exit_code == 0, shown.output
    assert "turns planned (ramp counts)" in shown.stdout and "simulate --ramp planner" in shown.stdout
    data = json.loads(run(*args, "--ramp", "planner", "--json").stdout)
    assert data["ramp"] == "planner" and data["karsten_bound"] is False
    assert json.loads(run(*args, "--json").stdout)["ramp"] == "none"


@pytest.mark.parametrize(
    ("pool", "extra", "starts"),
    [
        ("Plains, Islnd", [], "the pool: unknown land 'Islnd' (did you mean 'Island'"),
        ("Plains, Counterspell", [], "the pool: Counterspell is not a land"),
        ("Tundra, Hallowed Fountain", [], "the pool's lands make at most 8 copies"),
        ("Plains, Island", ["--lands", "0"], "--lands must be at least 1"),
        ("Plains, Island", ["--budget", "soon"], "bad budget 'soon'"),
        ("Plains, Plains", [], "the pool: Plains is given twice"),
        ("Plains", ["--workers", "0"], "--workers must be at least 1"),
        ("Plains, Island", ["--ramp", "rocks"], "unknown ramp mode 'rocks'"),
    ],
)
def test_bad_input_is_one_line(pool: str, extra: list[str], starts: str) -> None:
    one_error_line(run("optimise-lands", str(AZORIUS), "--pool", pool, "--games", "100", *extra), starts)


def test_a_pool_file_gives_most_copies(tmp_path: Path) -> None:
    pool = tmp_path / "pool.txt"
    pool.write_text("# two lands\n2 Plains\n3 Island\n", encoding="utf-8")
    one_error_line(
        run("optimise-lands", str(AZORIUS), "--pool", str(pool)), "the pool's lands make at most 5"
    )
