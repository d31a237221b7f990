"""The simulations on Dask (``dask.distributed``): the optimiser's mixes and big goldfish runs split into
seeded pieces (one goldfish batch each), run on a cluster's workers, and put back together in batch order,
so the answer is the same bit for bit with any number of workers, or none.

:func:`dask_client` opens a ``LocalCluster`` of worker processes on this machine, or connects to a running
scheduler (``tcp://host:8786``: every worker must have ``mana-planner`` installed, at the same version).
Needs the ``cluster`` extra: ``pip install 'mana-planner[cluster]'``.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from functools import partial
from typing import Any, Final

from models.decklist import Deck
from models.errors import InputError
from planner.sim.game import Progress, chosen_x
from planner.sim.lands_only import goldfish_batches, goldfish_counts, goldfish_result, merge_counts
from planner.sim.planned import merge_planned, planned_chunks, planned_counts, planned_result
from planner.sim.results import GoldfishResult
from planner.sim.scoring import (
    Ints,
    Runner,
    ScoreRuns,
    ScoreTask,
    pieces_games,
    run_score_task,
    task_games,
)

#: A ``distributed.Client`` (dask.distributed is typed only in part: it is used through ``Any``).
Client = Any

__all__ = ["KEPT_RUNS", "dask_client", "dask_runner", "goldfish_on", "worker_runs"]

#: The runs whose records (:class:`~planner.sim.scoring.ScoreRuns`) a Dask worker keeps at once.
KEPT_RUNS: Final = 2


@contextmanager
def dask_client(
    scheduler: str | None = None, workers: int = 2, *, processes: bool = True
) -> Iterator[Client]:
    """A Dask client: of the scheduler at ``scheduler``, or of a new ``LocalCluster`` of ``workers``
    single-threaded workers (processes, unless ``processes=False``), closed on exit."""
    try:
        distributed: Any = importlib.import_module("distributed")
    except ImportError:
        raise InputError(
            "--workers and --scheduler need dask.distributed: pip install 'mana-planner[cluster]'"
        ) from None
    if scheduler is not None:
        try:
            client = distributed.Client(scheduler, timeout=10)
        except (OSError, TimeoutError, ValueError) as error:
            raise InputError(f"can't reach the Dask scheduler {scheduler}: {error}") from None
        try:
            yield client
        finally:
            client.close()
        return
    if workers < 1:
        raise InputError(f"--workers must be at least 1, got {workers}")
    dask: Any = importlib.import_module("dask")
    environment = dict(dask.config.get("distributed.nanny.pre-spawn-environ", default={}))
    # Dask sets MALLOC_TRIM_THRESHOLD_ for its workers, which turns off glibc's adaptive mmap threshold: then
    # every large numpy temporary is mapped and unmapped again, and the goldfish runs twice as slowly.
    environment.pop("MALLOC_TRIM_THRESHOLD_", None)
    with (
        dask.config.set({"distributed.nanny.pre-spawn-environ": environment}),
        distributed.LocalCluster(
            n_workers=workers,
            threads_per_worker=1,
            processes=processes,
            dashboard_address=":0",
            silence_logs=50,
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        yield client


def _in_order(
    client: Client, function: Callable[..., Any], tasks: Sequence[Any], done: Callable[[int], None]
) -> list[Any]:
    """Run ``function`` on each task on the cluster; the answers in the tasks' order."""
    distributed: Any = importlib.import_module("distributed")
    futures = client.map(function, tasks, pure=False)
    position = {future.key: index for index, future in enumerate(futures)}
    for future in distributed.as_completed(futures):
        done(position[future.key])
    return list(client.gather(futures))


def dask_runner(client: Client) -> Runner:
    """The optimiser's runner (:data:`planner.sim.optimise.Runner`) on a Dask cluster."""

    def run(tasks: Sequence[ScoreTask], advance: Callable[[int], None], runs: ScoreRuns) -> list[Ints]:
        # (a task runs in another process: the worker's own record of this optimisation, by its key, is
        # shared by the optimisation's tasks on that worker, as ``runs`` is by those run here)
        work = partial(_score_on_worker, run=runs.key)
        answers: list[Ints] = _in_order(client, work, tasks, lambda i: advance(task_games(tasks[i])))
        return answers

    return run


def _score_on_worker(task: ScoreTask, run: str) -> Ints:
    """:func:`run_score_task` on a Dask worker, with the worker's record of the run named ``run``."""
    return run_score_task(task, worker_runs(run))


def worker_runs(run: str) -> ScoreRuns:
    """The record of the run named ``run`` that the Dask worker running this keeps (made on first use; a
    worker keeps the last :data:`KEPT_RUNS` runs'), so that the run's tasks on one worker share the planned
    goldfish's memo of turns and the Karsten answers, as they do in one process; a new record outside a
    worker. The records are exact, so which tasks share one changes no answer.

    >>> worker_runs("a") is worker_runs("a")  # (outside a worker: a new record each time)
    False
    """
    distributed: Any = importlib.import_module("distributed")
    try:
        worker = distributed.get_worker()
    except ValueError:
        return ScoreRuns(key=run)
    kept: dict[str, ScoreRuns] = worker.__dict__.setdefault("_mana_planner_runs", {})
    found = kept.get(run)
    if found is None:
        while len(kept) >= KEPT_RUNS:
            kept.pop(next(iter(kept)))
        found = kept[run] = ScoreRuns(key=run)
    return found


def goldfish_on(
    client: Client,
    deck: Deck,
    *,
    turns: tuple[int, int] = (1, 7),
    games: int,
    seed: int,
    on_the_draw: bool = False,
    mulligan: str = "london",
    progress: Progress | None = None,
    ramp: str = "none",
    min_x: int = 1,
) -> GoldfishResult:
    """:func:`planner.sim.goldfish.goldfish` with each batch (or, with ``ramp="planner"``, each chunk of
    the planned goldfish) on the cluster: the same answer as in one process."""
    if ramp == "planner":
        return _planned_on(client, deck, turns, games, seed, on_the_draw, mulligan, min_x, progress)
    goldfish_counts(
        deck,
        turns=turns,
        games=games,
        seed=seed,
        on_the_draw=on_the_draw,
        mulligan=mulligan,
        batches=range(0),
    )
    pieces = [range(batch, batch + 1) for batch in range(goldfish_batches(games))]

    def piece(batches: range) -> Any:
        return goldfish_counts(
            deck,
            turns=turns,
            games=games,
            seed=seed,
            on_the_draw=on_the_draw,
            mulligan=mulligan,
            batches=batches,
        )

    counts = _in_order(
        client,
        piece,
        pieces,
        lambda i: progress(pieces_games(games, pieces[i], "none")) if progress else None,
    )
    return goldfish_result(deck, merge_counts(counts))


def _planned_on(
    client: Client,
    deck: Deck,
    turns: tuple[int, int],
    games: int,
    seed: int,
    on_the_draw: bool,
    mulligan: str,
    min_x: int,
    progress: Progress | None,
) -> GoldfishResult:
    """The planned goldfish (:mod:`planner.sim.planned`) with its chunks on the cluster."""
    chunked = chosen_x(deck, min_x)
    # (the settings and the deck checked as goldfish checks them, before any work is sent out)
    goldfish_counts(
        chunked,
        turns=turns,
        games=games,
        seed=seed,
        on_the_draw=on_the_draw,
        mulligan=mulligan,
        batches=range(0),
    )
    step = 4  # (chunks per task: enough work per task to hide the cluster's overhead)
    pieces = [range(c, min(c + step, planned_chunks(games))) for c in range(0, planned_chunks(games), step)]
    run = ScoreRuns().key  # (the run's name: its tasks on one worker share the worker's record of it)

    def piece(chunks: range) -> Any:
        return planned_counts(
            chunked,
            turns=turns,
            games=games,
            seed=seed,
            on_the_draw=on_the_draw,
            mulligan=mulligan,
            min_x=min_x,
            chunks=chunks,
            runs=worker_runs(run).planned,
        )

    def done(i: int) -> None:
        if progress is not None:
            progress(pieces_games(games, pieces[i], "planner"))

    counts = _in_order(client, piece, pieces, done)
    return planned_result(
        chunked,
        merge_planned(counts),
        turns=turns,
        seed=seed,
        on_the_draw=on_the_draw,
        mulligan=mulligan,
        min_x=min_x,
    )
