"""The optimiser's pieces of work: the per-game score numerators of some batches of one deck's goldfish
(lands only, or with the turns planned), which run anywhere (in this process, on a Dask cluster) and depend
on nothing but the task; and the runner that does them here.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

from models.decklist import Deck
from planner.sim.game import DEFAULT_MIN_X, with_x
from planner.sim.karsten import KarstenRuns
from planner.sim.lands_only import GOLDFISH_BATCH, goldfish_batches, goldfish_counts
from planner.sim.planned import PLANNED_CHUNK, PlannedRuns, planned_chunks, planned_counts

__all__ = [
    "Runner",
    "ScoreRuns",
    "ScoreTask",
    "local_runner",
    "pieces_games",
    "run_score_task",
    "score_pieces",
    "task_games",
]


Ints = npt.NDArray[np.int64]


@dataclass(kw_only=True, frozen=True, slots=True)
class ScoreTask:
    """One piece of work: the per-game score numerators of the batches ``batches`` of a deck's run."""

    deck: Deck
    layout: tuple[str, ...] | None
    turns: tuple[int, int]
    games: int
    seed: int
    on_the_draw: bool
    mulligan: str
    batches: range  # the run's batches (``ramp="none"``) or planned chunks (``ramp="planner"``)
    ramp: str = "none"
    # the score's numerators: copies castable on curve times q, less p times the copies scored times the life
    # the game lost to its lands (life valued at p/q of the score a point); or, as ``what="life"``, that life
    life_value: tuple[int, int] = (0, 1)
    weights: int = 0
    what: str = "score"


def score_pieces(games: int, ramp: str) -> int:
    """How many pieces a run of ``games`` games is dealt in: goldfish batches, or the planned goldfish's
    chunks with ``ramp="planner"``.

    >>> score_pieces(GOLDFISH_BATCH + 1, "none"), score_pieces(PLANNED_CHUNK, "planner")
    (2, 1)
    """
    return planned_chunks(games) if ramp == "planner" else goldfish_batches(games)


def pieces_games(games: int, pieces: range, ramp: str) -> int:
    """The games that the pieces ``pieces`` of a run of ``games`` games play (goldfish batches, or planned
    chunks with ``ramp="planner"``).

    >>> pieces_games(GOLDFISH_BATCH + 5, range(1, 2), "none"), pieces_games(10, range(1), "planner")
    (5, 10)
    """
    size = PLANNED_CHUNK if ramp == "planner" else GOLDFISH_BATCH
    return sum(min(size, games - piece * size) for piece in pieces)


def task_games(task: ScoreTask) -> int:
    """The games a piece of work plays."""
    return pieces_games(task.games, task.batches, task.ramp)


@dataclass(eq=False)
class ScoreRuns:
    """What the pieces of one optimisation that run in one process share: the Karsten answers of the lands
    (lands only) and the planned goldfish's memo of turns (with the turns planned). The optimisation creates
    it and passes it to its runner; it dies with the optimisation. ``key`` names the optimisation in other
    processes: a Dask worker keeps its own record of it by that name (:mod:`planner.sim.cluster`)."""

    karsten: KarstenRuns = field(default_factory=KarstenRuns)
    planned: PlannedRuns = field(default_factory=PlannedRuns)
    key: str = field(default_factory=lambda: uuid.uuid4().hex)


def run_score_task(task: ScoreTask, runs: ScoreRuns | None = None) -> Ints:
    """Do one piece of work (anywhere: it depends on nothing but the task; ``runs`` only spares work that
    the run's other pieces in this process did, this task's own when None)."""
    runs = runs or ScoreRuns()
    if task.ramp == "planner":
        planned = planned_counts(
            with_x(task.deck, DEFAULT_MIN_X),
            turns=task.turns,
            games=task.games,
            seed=task.seed,
            on_the_draw=task.on_the_draw,
            mulligan=task.mulligan,
            min_x=DEFAULT_MIN_X,
            chunks=task.batches,
            layout=task.layout,
            game_scores=True,
            runs=runs.planned,
        )
        assert planned.game_scores is not None and planned.game_life is not None
        return _valued(task, planned.game_scores, planned.game_life)
    counts = goldfish_counts(
        task.deck,
        turns=task.turns,
        games=task.games,
        seed=task.seed,
        on_the_draw=task.on_the_draw,
        mulligan=task.mulligan,
        batches=task.batches,
        game_scores=True,
        layout=task.layout,
        karsten=runs.karsten,
    )
    assert counts.game_scores is not None and counts.game_life is not None
    return _valued(task, counts.game_scores, counts.game_life)


def _valued(task: ScoreTask, scores: Ints, life: Ints) -> Ints:
    """A task's per-game numerators (see :class:`ScoreTask`), exact integers."""
    if task.what == "life":
        return life
    p, q = task.life_value
    valued: Ints = scores * q - p * task.weights * life
    return valued


#: Runs pieces of work and returns their answers in order; calls the second argument with each piece's
#: games as it finishes; the third is what the optimisation's pieces share in this process.
Runner = Callable[[Sequence[ScoreTask], Callable[[int], None], ScoreRuns], list[Ints]]


def local_runner(tasks: Sequence[ScoreTask], advance: Callable[[int], None], runs: ScoreRuns) -> list[Ints]:
    """Run the pieces one after the other in this process, sharing ``runs``."""
    answers = []
    for task in tasks:
        answers.append(run_score_task(task, runs))
        advance(task_games(task))
    return answers
