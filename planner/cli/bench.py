"""The ``mana-planner bench`` commands: benchmarks people can run and read.

``mana-planner bench heuristics`` runs the built-in baselines (or your own tapper, by import path) and the
optimal planner on the same seeded boards and prints how often each heuristic fails, plays illegally or pays
worse than the optimum, by how much, and how fast it decides (:mod:`planner.bench.report`).
"""

from __future__ import annotations

import importlib.util
import sys
from typing import Annotated

import typer

from models.errors import InputError
from models.limits import within
from planner.bench.defaults import BUILTIN_NAMES, DEFAULT_TIME_LIMIT, MAX_BOARDS, max_jobs
from planner.cli.common import (
    PROG,
    JsonOpt,
    PlainHelpCommand,
    app,
    checked_plot_path,
    one_line_errors,
    print_json,
    table,
)

__all__ = ["bench"]

bench = typer.Typer(
    name="bench",
    help="Benchmarks: how heuristics compare with the optimal planner.",
    no_args_is_help=True,
    add_completion=False,
    rich_markup_mode=None,
)
app.add_typer(bench, name="bench")


@bench.command("heuristics", cls=PlainHelpCommand)
@one_line_errors
def heuristics_command(
    boards: Annotated[
        int, typer.Option("--boards", metavar="N", min=0, help="How many generated boards to run.")
    ] = 500,
    seed: Annotated[
        int, typer.Option("--seed", metavar="S", help="The corpus seed: same seed, same boards.")
    ] = 0,
    heuristic: Annotated[
        list[str] | None,
        typer.Option(
            "--heuristic",
            metavar="NAME|MODULE:FUNCTION",
            help=f"A heuristic to run: a built-in ({', '.join(BUILTIN_NAMES)}) or your own callable "
            "(board, target) -> Plan | None as 'package.module:function'. Repeat for several. "
            "Default: every built-in.",
            show_default=False,
        ),
    ] = None,
    as_json: JsonOpt = False,
    plot: Annotated[
        str | None,
        typer.Option(
            "--plot", metavar="FILE.png", help="Also draw a bar chart (needs matplotlib).", show_default=False
        ),
    ] = None,
    jobs: Annotated[
        int | None,
        typer.Option(
            "--jobs",
            metavar="N",
            min=1,
            help="Worker processes. Default: one per processor, at most 8.",
            show_default=False,
        ),
    ] = None,
    time_limit: Annotated[
        float,
        typer.Option(
            "--time-limit",
            metavar="S",
            min=0.01,
            help="Seconds the optimal planner may search per board; boards where it runs out are compared "
            "with the best payment it found, and counted.",
        ),
    ] = DEFAULT_TIME_LIMIT,
    board: Annotated[
        str | None,
        typer.Option(
            "--board",
            metavar="ID",
            help="Print one board of the corpus as a board file instead (an id from a report, such as "
            "'three-color-0-4', or a scenario's name), with the command that pays it on stderr.",
            show_default=False,
        ),
    ] = None,
) -> None:
    """Compare payment heuristics with the optimal planner on a seeded corpus of realistic boards.

    Every heuristic and the optimal planner pay the same boards (two- and three-color 60-card boards,
    Commander boards) and the named tricky scenarios. Every plan a heuristic returns is replayed by the
    rules; an illegal one counts as a failure, with the reason. Prints, per heuristic: how often it fails
    where a payment exists, how often its payment is worse than the optimum and by how much on each level
    (life, sacrifices, mana wasted, colors no longer available, ...), and its median time per decision.
    """
    from planner.bench.corpus import case_named, scenarios
    from planner.bench.heuristics import load_heuristic
    from planner.bench.report import default_jobs, format_report, plot_report, run_report

    if board is not None:
        case = case_named(board)
        typer.echo(case.board.dumps(), nl=False)
        target = case.target
        words = [f"mana-planner pay BOARD.json '{target.cost}'"]
        if str(target.type_line):
            words.append(f"--for '{target.type_line}'")
        typer.echo(f"{PROG}: {case.name}: to pay it, save the board and run: {' '.join(words)}", err=True)
        return

    specs = heuristic or list(BUILTIN_NAMES)
    for spec in specs:
        try:
            load_heuristic(spec)
        except InputError as error:
            raise InputError(f"--heuristic: {error}") from None
    if plot is not None and importlib.util.find_spec("matplotlib") is None:
        raise InputError("--plot needs matplotlib: pip install -e '.[plot]'")
    if plot is not None:
        checked_plot_path(plot)
    within(boards, MAX_BOARDS, "--boards")
    if jobs is not None:
        within(jobs, max_jobs(), "--jobs (at most one per processor)")
    workers = jobs or default_jobs()
    total = boards + len(scenarios())
    if sys.stderr.isatty():
        with typer.progressbar(length=total, label="boards", file=sys.stderr) as bar:
            report = run_report(boards, seed, specs, jobs=workers, time_limit=time_limit, progress=bar.update)
    else:
        report = run_report(boards, seed, specs, jobs=workers, time_limit=time_limit)
    if plot is not None:
        plot_report(report, plot)
    if as_json:
        print_json(report.to_json())
    else:
        typer.echo(format_report(report, table))
        if plot is not None:
            typer.echo(f"Chart written to {plot}.")
