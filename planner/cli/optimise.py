"""The ``mana-planner optimise-lands`` command: the land mix over a pool of candidate lands that casts a
deck's spells on curve most often (:func:`planner.sim.optimise.optimise_lands`), in this process or on Dask.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Annotated

import typer

from models.errors import InputError
from planner.cli.common import (
    PROG,
    JsonOpt,
    SchedulerOpt,
    StoreOpt,
    WorkersOpt,
    card_resolver,
    command,
    print_json,
    table,
)
from planner.cli.simulate import GamesOpt, Mulligan, SeedOpt, _seed
from planner.sim.defaults import DEFAULT_SEED

if TYPE_CHECKING:
    from planner.sim.optimise import OptimiseResult, Reporter, Runner

__all__ = ["optimise_lands_command"]

#: Games a mix is confirmed on unless told (planner.sim.optimise.DEFAULT_GAMES, without importing numpy).
DEFAULT_GAMES = 1 << 15


class _Bar:
    """The optimiser's progress on a rich progress bar: one bar per phase."""

    def __init__(self, bar: object, task: int) -> None:
        self.bar = bar
        self.task = task

    def phase(self, label: str, games: int) -> None:
        self.bar.reset(self.task, total=games, description=label)  # type: ignore[attr-defined]

    def advance(self, games: int) -> None:
        self.bar.advance(self.task, games)  # type: ignore[attr-defined]


@contextmanager
def _progress() -> Iterator[Reporter | None]:
    """A progress bar on standard error while standard output is a terminal; otherwise nothing."""
    if not sys.stdout.isatty():
        yield None
        return
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, TextColumn, TimeElapsedColumn
    from rich.progress import Progress as Bar

    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
    with Bar(*columns, console=Console(stderr=True), transient=True) as bar:
        yield _Bar(bar, bar.add_task("starting", total=None))


@contextmanager
def runner_for(workers: int, scheduler: str | None) -> Iterator[Runner | None]:
    """The optimiser's runner: Dask's with ``--scheduler`` or ``--workers N > 1``, else None (here)."""
    if workers < 1:
        raise InputError(f"--workers must be at least 1, got {workers}")
    if scheduler is None and workers == 1:
        yield None
        return
    from planner.sim.cluster import dask_client, dask_runner

    with dask_client(scheduler, workers) as client:
        yield dask_runner(client)


@command("optimise-lands")
def optimise_lands_command(
    deck: Annotated[
        str,
        typer.Argument(metavar="DECK", help="A deck list (as for simulate).", show_default=False),
    ],
    pool: Annotated[
        str,
        typer.Option(
            "--pool",
            metavar="LANDS",
            help="The candidate lands, basics included: a file of one land a line ('N Name' for at most N "
            "copies) or a comma-separated list of names.",
            show_default=False,
        ),
    ],
    lands: Annotated[
        int | None,
        typer.Option(
            "--lands", metavar="N", help="Land slots to fill. Default: the deck's lands.", show_default=False
        ),
    ] = None,
    budget: Annotated[
        str | None,
        typer.Option(
            "--budget",
            metavar="B",
            help="Stop the search at the latest after this many seconds (90s, 5m) and/or games simulated "
            "(3M), e.g. 5m,3M. Default: none. A time budget makes the answer depend on the machine.",
            show_default=False,
        ),
    ] = None,
    games: GamesOpt = None,
    screen_games: Annotated[
        int | None,
        typer.Option(
            "--screen-games",
            metavar="N",
            help="Games each neighbouring mix is screened on. Default: a quarter of --games.",
            show_default=False,
        ),
    ] = None,
    seed: SeedOpt = DEFAULT_SEED,
    draw: Annotated[bool, typer.Option("--draw", help="Be on the draw (draw on turn 1).")] = False,
    mulligan: Annotated[
        Mulligan, typer.Option("--mulligan", help="London (Karsten's keep rules), or none (keep any seven).")
    ] = Mulligan.LONDON,
    ramp: Annotated[
        str,
        typer.Option(
            "--ramp",
            metavar="none|planner",
            help="none: only lands are sources (fast, the Karsten bound prunes); planner: each turn is "
            "planned as simulate plans it (rocks, mana creatures, rituals count), far slower.",
        ),
    ] = "none",
    value: Annotated[
        str | None,
        typer.Option(
            "--value",
            metavar="life=N",
            help="What a point of life lost to lands costs the score (a share of the copies castable on "
            "curve; a decimal or a fraction: life=0.02, life=1/50, life=0 for free life). "
            "Default: life=1/50.",
            show_default=False,
        ),
    ] = None,
    workers: WorkersOpt = 1,
    scheduler: SchedulerOpt = None,
    as_json: JsonOpt = False,
    store: StoreOpt = None,
) -> None:
    """Choose the land mix that casts the deck's spells on curve most often, from a pool of candidate lands.

    The score is the mean over the deck's nonland cards, weighted by copies, of how often the lands seen can
    pay the card on its mana value's turn (simulate's "on curve", Karsten's measure), less the life a game
    loses to its lands (shocklands, fetchlands, a painful land each turn it is tapped) times --value life=N
    (default 1/50 a point), with its 95 % interval. The search
    starts from the deck's own lands and moves one land slot at a time (from land A to land B) while a move
    improves the score beyond its interval; every mix is dealt the same games (common random numbers) and
    mixes a Karsten bound shows can't win are skipped. Prints the best mix and the deck's own with their
    scores on fresh games (those of simulate --seed S --games N --turns 1-T, T the highest mana value), and
    the difference with its paired interval. --games is the games of each confirmation and of the final
    scores (default 32,768). With --ramp planner the games are simulate's planned ones (mana rocks,
    creatures and rituals count) and no bound prunes: give a --budget.
    """
    from models.decklist import load_deck
    from planner.sim.optimise import (
        DEFAULT_LIFE_VALUE,
        Budget,
        local_runner,
        optimise_lands,
        parse_budget,
        parse_pool,
        parse_value,
    )

    count = DEFAULT_GAMES if games is None else games
    if count < 2:
        raise InputError(f"--games must be at least 2, got {count}")
    seed = _seed(seed)
    limits = parse_budget(budget) if budget is not None else Budget()
    life_value = parse_value(value) if value is not None else DEFAULT_LIFE_VALUE
    resolver = card_resolver(store)
    parsed = load_deck(deck, cards=resolver)
    for warning in parsed.warnings:
        typer.echo(f"{PROG}: warning: {warning}", err=True)
    if lands is not None and lands < 1:
        raise InputError(f"--lands must be at least 1, got {lands}")
    slots = parsed.lands if lands is None else lands
    if slots < 1:
        raise InputError(f"{deck}: the deck has no lands: give the land slots with --lands N")
    candidates = parse_pool(pool, lands=slots, commander=parsed.is_commander, cards=resolver)
    with runner_for(workers, scheduler) as runner, _progress() as reporter:
        result = optimise_lands(
            parsed,
            candidates,
            lands=slots,
            games=count,
            screen_games=screen_games,
            seed=seed,
            on_the_draw=draw,
            mulligan=mulligan.value,
            budget=limits,
            runner=runner or local_runner,
            reporter=reporter,
            ramp=ramp,
            life_value=life_value,
        )
    if as_json:
        print_json(result.to_json())
        return
    typer.echo(_report(result, deck, len(candidates)))


def _interval(low: float, high: float) -> str:
    return f"[{low:.4f}, {high:.4f}]"


def _report(result: OptimiseResult, source: str, pool_size: int) -> str:
    where = "on the draw" if result.on_the_draw else "on the play"
    rule = "London mulligan" if result.mulligan == "london" else "no mulligans"
    own, best = dict(result.own), dict(result.best)
    names = list(dict.fromkeys([*best, *own]))
    first, last = result.turns
    lines = [
        f"{source}: {result.deck_size} cards, {result.lands} land slots, a pool of {pool_size} lands; "
        f"{where}, {rule}",
        f"score: castable on curve, the mean over {result.scored_cards} nonland cards "
        f"({result.scored_copies} copies) weighted by copies, turns {first}-{last}"
        + (", turns planned (ramp counts)" if result.ramp == "planner" else ", lands only")
        + f"; less {result.life_value} a point of life lost to lands",
        "",
        table(
            ["land", "own", "best", "change"],
            [
                [
                    name,
                    str(own.get(name, 0)),
                    str(best.get(name, 0)),
                    f"{best.get(name, 0) - own.get(name, 0):+d}",
                ]
                for name in names
            ],
        ),
        "",
        table(
            ["mix", "score", "95% interval", "life lost a game"],
            [
                [
                    "own",
                    f"{result.own_score.mean:.4f}",
                    _interval(result.own_score.low, result.own_score.high),
                    f"{result.own_life:.2f}",
                ],
                [
                    "best",
                    f"{result.best_score.mean:.4f}",
                    _interval(result.best_score.low, result.best_score.high),
                    f"{result.best_life:.2f}",
                ],
                [
                    "best - own",
                    f"{result.difference.mean:+.4f}",
                    _interval(result.difference.low, result.difference.high),
                    f"{result.best_life - result.own_life:+.2f}",
                ],
            ],
        ),
        "",
        f"Scores on {result.games:,} games, seed {result.seed} (those of simulate --ramp {result.ramp} "
        f"--turns {first}-{last}); "
        "the difference is "
        + ("paired, game by game." if result.paired else "unpaired (the decks differ in size)."),
    ]
    steps = ", ".join(f"{move.from_land} -> {move.to_land}" for move in result.moves) or "none"
    lines.append(f"Moves from the start: {steps}.")
    lines.append(
        f"Search: {result.mixes_screened:,} mixes screened on {result.screen_games:,} games, "
        f"{result.mixes_pruned:,} pruned by the Karsten bound"
        + ("" if result.bound else " (off)")
        + f", moves confirmed on {result.games:,} other games; {result.games_simulated:,} games simulated; "
        f"stopped: {result.stopped}."
    )
    lines += [f"Note: {note}." for note in result.notes]
    return "\n".join(lines)
