"""The simulations on a Dask cluster: a LocalCluster of two worker processes gives exactly the answers of
one process (the work is split into seeded batches, put back together in batch order)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from models.decklist import parse_deck
from planner.sim.cluster import KEPT_RUNS, dask_client, dask_runner, goldfish_on, worker_runs
from planner.sim.optimise import optimise_lands, parse_pool
from planner.sim.planned import PLANNED_CHUNK, planned_counts
from planner.sim.simulate import GOLDFISH_BATCH, goldfish

pytest.importorskip("distributed")

ROOT = Path(__file__).resolve().parents[1]
AZORIUS = ROOT / "examples" / "decks" / "azorius-control.txt"
RAMP = ROOT / "examples" / "decks" / "simic-ramp.txt"


@pytest.fixture(scope="module")
def client() -> Iterator[Any]:
    with dask_client(workers=2) as opened:
        assert len(opened.scheduler_info()["workers"]) == 2
        yield opened


def test_goldfish_on_two_workers_is_goldfish(client: Any) -> None:
    deck = parse_deck(AZORIUS.read_text(encoding="utf-8"))
    games = 3 * GOLDFISH_BATCH + 17
    here = goldfish(deck, turns=(1, 5), games=games, seed=11, ramp="none")
    there = goldfish_on(client, deck, turns=(1, 5), games=games, seed=11)
    assert there == here


def test_the_planned_goldfish_on_two_workers_is_the_planned_goldfish(client: Any) -> None:
    deck = parse_deck(RAMP.read_text(encoding="utf-8"))
    games = 9 * PLANNED_CHUNK + 5  # (three tasks of chunks, the last one short)
    here = goldfish(deck, turns=(1, 4), games=games, seed=3)
    there = goldfish_on(client, deck, turns=(1, 4), games=games, seed=3, ramp="planner")
    assert there == here


def test_the_optimiser_on_two_workers_gives_the_same_answer(client: Any) -> None:
    # (the Azorius deck with Wastes for its painlands and Plains for its fastlands: the search has moves to
    # make, Wastes to Tundra first)
    text = AZORIUS.read_text(encoding="utf-8").replace("4 Adarkar Wastes", "4 Wastes")
    deck = parse_deck(text.replace("2 Seachrome Coast\n5 Plains", "7 Plains"))
    pool = parse_pool("Plains, Island, Tundra, Hallowed Fountain, Glacial Fortress, Wastes", lands=24)
    here = optimise_lands(deck, pool, games=3_000, seed=2)
    there = optimise_lands(deck, pool, games=3_000, seed=2, runner=dask_runner(client))
    assert there.to_json() == here.to_json()
    assert here.moves  # the search did move: the comparison covers its steps


def test_the_planned_optimiser_on_two_workers_gives_the_same_answer(client: Any) -> None:
    # (with the turns planned the memo of turns is per process: the answer must not depend on it)
    deck = parse_deck("10 Forest\n10 Wastes\n4 Llanowar Elves\n18 Bear {1}{G}\n18 Ogre {2}{G}{G}")
    pool = parse_pool("Forest, Wastes, Snow-Covered Forest", lands=20)
    settings: dict[str, Any] = dict(games=1_200, screen_games=600, seed=2, ramp="planner")
    here = optimise_lands(deck, pool, **settings)
    there = optimise_lands(deck, pool, runner=dask_runner(client), **settings)
    assert there.to_json() == here.to_json()
    assert here.moves and here.ramp == "planner"


def test_a_workers_tasks_of_one_run_share_its_record_and_other_runs_do_not(client: Any) -> None:
    # (each task reports how many answers the worker's memo of its run held before it played, the compiled
    # game loop's tables included: the second task of a run finds the first one's, a new run starts empty,
    # and a run left behind KEPT_RUNS others is gone)
    deck = parse_deck("12 Forest\n12 Island\n4 Llanowar Elves\n16 Bear {1}{G}\n16 Wave {U}")
    worker = next(iter(client.scheduler_info()["workers"]))

    def memo_before_playing(run: str) -> int:
        runs = worker_runs(run).planned
        before = runs.of(deck, 1).memo.entries()
        settings: dict[str, Any] = dict(turns=(1, 3), games=40, seed=1, on_the_draw=False, mulligan="none")
        planned_counts(deck, min_x=1, chunks=range(1), runs=runs, **settings)
        return before

    def on_the_worker(run: str) -> int:
        found: int = client.submit(memo_before_playing, run, workers=[worker], pure=False).result()
        return found

    assert on_the_worker("run-a") == 0
    assert on_the_worker("run-a") > 0
    assert on_the_worker("run-b") == 0
    for other in range(KEPT_RUNS):
        on_the_worker(f"other-{other}")
    assert on_the_worker("run-a") == 0


def test_simulate_with_two_workers_prints_the_same() -> None:
    from typer.testing import CliRunner

    from planner.cli import app

    args = [
        "simulate",
        str(AZORIUS),
        "--games",
        str(GOLDFISH_BATCH + 5),
        "--turns",
        "1-3",
        "--ramp",
        "none",
        "--json",
    ]
    alone = CliRunner().invoke(app, args)
    spread = CliRunner().invoke(app, [*args, "--workers", "2"])
    assert alone.exit_code == 0 and spread.exit_code == 0, spread.output
    assert spread.stdout == alone.stdout


def test_the_cluster_benchmark_quick_mode_gives_the_same_answers() -> None:
    import sys

    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from benchmarks.bench_cluster import main

    lines: list[str] = []
    main(["--quick"], out=lines.append)
    assert lines[0] == "$ python -m benchmarks.bench_cluster --quick"
    rows = [line for line in lines if line.startswith(("simulate,", "optimise-lands,"))]
    assert len(rows) == 6 and all("  yes  " in row for row in rows), "\n".join(lines)
