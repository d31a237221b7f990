"""The ``mana-planner simulate`` and ``mana-planner sources-needed`` commands (CONTRACT §4).

``sources-needed`` answers Karsten's question for any deck size, land count and cost
(:func:`planner.sim.simulate.sources_needed`), prints his whole table with ``--table``, and judges a mix of
lands
given by what they make with ``--land-mix`` (costs with two colors or hybrid symbols). ``simulate`` goldfishes
a deck list (:func:`planner.sim.simulate.goldfish`). Both show a progress bar when standard output is a
terminal.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from enum import StrEnum
from typing import TYPE_CHECKING, Annotated

import typer

from models.errors import InputError
from planner.cli.common import (
    EXIT_NO,
    PROG,
    JsonOpt,
    SchedulerOpt,
    StoreOpt,
    WorkersOpt,
    card_resolver,
    checked_plot_path,
    command,
    print_json,
    table,
)
from planner.sim.defaults import DEFAULT_GAMES, DEFAULT_GOLDFISH_GAMES, DEFAULT_SEED, TABLE_SHAPES

if TYPE_CHECKING:
    from models.decklist import Deck
    from planner.sim.game import Progress
    from planner.sim.results import GoldfishResult
    from planner.sim.sources import MixAnswer, SourcesAnswer

__all__ = ["simulate_command", "sources_needed_command"]

GamesOpt = Annotated[
    int | None,
    typer.Option("--games", metavar="N", help="How many games to simulate.", show_default=False),
]
SeedOpt = Annotated[
    int, typer.Option("--seed", metavar="S", help="The random seed: the same seed gives the same numbers.")
]


@contextmanager
def _progress(total: int, label: str) -> Iterator[Progress | None]:
    """A progress bar on standard error while standard output is a terminal; otherwise nothing."""
    if not sys.stdout.isatty():
        yield None
        return
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, TextColumn, TimeRemainingColumn
    from rich.progress import Progress as Bar

    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())
    with Bar(*columns, console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task(label, total=total)
        yield lambda games: bar.advance(task, games)


def _games(given: int | None, default: int) -> int:
    games = default if given is None else given
    if games < 1:
        raise InputError(f"--games must be at least 1, got {games}")
    return games


def _seed(seed: int) -> int:
    if seed < 0:
        raise InputError(f"--seed must not be negative, got {seed}")
    return seed


# --------------------------------------------------------------------------------------------------------
# sources-needed


def _threshold(value: float | None) -> float | None:
    """A threshold given as a probability (0.92) or a percentage (92)."""
    if value is None:
        return None
    if 1 < value <= 100:
        return value / 100
    if not 0 < value <= 1:
        raise InputError(f"--threshold must be a probability such as 0.92 (or a percentage, 92), got {value}")
    return value


@command("sources-needed")
def sources_needed_command(
    lands: Annotated[
        int, typer.Option("--lands", metavar="L", help="Lands in the deck.", show_default=False)
    ],
    deck_size: Annotated[
        int | None,
        typer.Option(
            "--deck-size",
            metavar="D",
            help="Cards in the deck. Default: 60, or 99 with --commander.",
            show_default=False,
        ),
    ] = None,
    cost: Annotated[
        str | None,
        typer.Option(
            "--cost",
            metavar="COST",
            help="The cost to cast, e.g. 1GG or {1}{G}{G}: its pips must be of one color, unless --land-mix "
            "gives the lands by what they make.",
            show_default=False,
        ),
    ] = None,
    turn: Annotated[
        int | None,
        typer.Option(
            "--turn", metavar="T", help="The turn to cast it on. Default: its mana value.", show_default=False
        ),
    ] = None,
    games: GamesOpt = None,
    seed: SeedOpt = DEFAULT_SEED,
    threshold: Annotated[
        float | None,
        typer.Option(
            "--threshold",
            metavar="P",
            help="The probability to reach, e.g. 0.92 (or 92). Default: (89 + mana value) %: 90 % for a "
            "one-drop, 96 % for a seven-drop.",
            show_default=False,
        ),
    ] = None,
    commander: Annotated[
        bool,
        typer.Option(
            "--commander", help="A Commander deck: 99 cards, a free first mulligan, a draw on turn 1."
        ),
    ] = False,
    whole_table: Annotated[
        bool,
        typer.Option("--table", help="Print Karsten's whole table (C, 1C … 1CCCC) for this deck instead."),
    ] = False,
    land_mix: Annotated[
        str | None,
        typer.Option(
            "--land-mix",
            metavar="MIX",
            help="The lands by what they make, e.g. W=8,U=8,WU=9 (the rest make a type the cost doesn't "
            "ask for): prints how often that mix casts COST, for costs with two colors or hybrid symbols.",
            show_default=False,
        ),
    ] = None,
    as_json: JsonOpt = False,
) -> None:
    """How many lands of a color a deck needs to cast a cost on curve, by Frank Karsten's 2022 methodology.

    Simulates games on the play with the London mulligan (Karsten's keep and bottoming rules) and counts
    a cost with mana value M and N pips as castable on turn T when the cards seen by then hold N lands of its
    color, among the games that saw M lands. Prints the fewest such lands reaching the threshold, with the
    probability. For example, `mana-planner sources-needed --deck-size 60 --lands 24 --cost 1GG --json` prints
    {"sources": 18, "probability": 0.939, "threshold": 0.92, "turn": 3, "games": 1000000}.
    """
    from planner.sim.sources import land_mix_probability, parse_land_mix, sources_needed, sources_table

    size = deck_size if deck_size is not None else (99 if commander else 60)
    count = _games(games, DEFAULT_GAMES)
    seed = _seed(seed)
    wanted = _threshold(threshold)
    if whole_table == (cost is not None):
        raise InputError("give either --cost COST or --table")
    if whole_table and (turn is not None or land_mix is not None):
        raise InputError("--turn and --land-mix go with --cost, not with --table")
    setting = f"{size} cards, {lands} lands, {'Commander' if commander else 'on the play'}, London mulligan"
    if whole_table:
        with _progress(count, f"{len(TABLE_SHAPES)} costs") as progress:
            rows = sources_table(
                size, lands, games=count, seed=seed, threshold=wanted, commander=commander, progress=progress
            )
        if as_json:
            print_json(
                {
                    "deck_size": size,
                    "lands": lands,
                    "commander": commander,
                    "games": count,
                    "seed": seed,
                    "rows": [{"cost": row.shape, **row.to_json()} for row in rows],
                }
            )
            return
        typer.echo(f"{setting}; {count:,} games for every cost, seed {seed}; C is the color")
        typer.echo(
            table(
                ["cost", "turn", "sources", "probability", "threshold"],
                [
                    [
                        row.shape,
                        str(row.turn),
                        str(row.sources),
                        f"{row.probability:.4f}",
                        f"{row.threshold:.2f}",
                    ]
                    for row in rows
                ],
            )
        )
        return
    assert cost is not None
    if land_mix is not None:
        with _progress(count, "games") as progress:
            mix = land_mix_probability(
                size,
                lands,
                cost,
                parse_land_mix(land_mix),
                turn=turn,
                games=count,
                seed=seed,
                threshold=wanted,
                commander=commander,
                progress=progress,
            )
        _print_mix(mix, setting, as_json)
        if not mix.meets_threshold:
            raise typer.Exit(EXIT_NO)
        return
    with _progress(count, "games") as progress:
        answer = sources_needed(
            size,
            lands,
            cost,
            turn=turn,
            games=count,
            seed=seed,
            threshold=wanted,
            commander=commander,
            progress=progress,
        )
    if as_json:
        print_json(answer.to_json())
        return
    _print_answer(answer, setting, seed)


def _print_answer(answer: SourcesAnswer, setting: str, seed: int) -> None:
    typer.echo(
        f"{answer.cost} on turn {answer.turn} ({setting}): {answer.sources} sources "
        f"(probability {answer.probability:.4f}, threshold {answer.threshold:.2f})"
    )
    typer.echo(
        f"{answer.counted:,} of {answer.games:,} games saw {answer.mana_value} lands by turn {answer.turn} "
        f"and count; seed {seed}"
    )
    nearby = range(max(0, answer.sources - 3), min(len(answer.curve), answer.sources + 4))
    typer.echo(
        table(
            ["sources", "probability"],
            [
                [str(k), f"{answer.curve[k]:.4f}" + ("  <- answer" if k == answer.sources else "")]
                for k in nearby
            ],
        )
    )


def _print_mix(mix: MixAnswer, setting: str, as_json: bool) -> None:
    if as_json:
        print_json(mix.to_json())
        return
    given = ",".join(f"{letters}={count}" for letters, count in mix.land_mix)
    verdict = "reaches" if mix.meets_threshold else "misses"
    typer.echo(
        f"{mix.cost} on turn {mix.turn} with {given} ({setting}): probability {mix.probability:.4f}, "
        f"{verdict} the threshold {mix.threshold:.2f}"
    )
    sources = ", ".join(f"{letter} {count}" for letter, count in mix.sources.items())
    typer.echo(f"sources: {sources}; {mix.counted:,} of {mix.games:,} games saw enough lands and count")


# --------------------------------------------------------------------------------------------------------
# simulate


class Mulligan(StrEnum):
    """The mulligan rule of ``simulate``."""

    LONDON = "london"
    NONE = "none"


def _turns(text: str) -> tuple[int, int]:
    """'1-7' → (1, 7); '5' → (1, 5)."""
    first, dash, last = text.partition("-")
    try:
        bounds = (int(first), int(last)) if dash else (1, int(first))
    except ValueError:
        raise InputError(f"--turns must be a range such as 1-7 (or a last turn, 5), got {text!r}") from None
    if not 1 <= bounds[0] <= bounds[1] <= 30:
        raise InputError(f"--turns must be a range of turns between 1 and 30 such as 1-7, got {text!r}")
    return bounds


@command("simulate")
def simulate_command(
    deck: Annotated[
        str,
        typer.Argument(
            metavar="DECK",
            help="A deck list as deck sites export it ('4 Llanowar Elves' a line; 'Sideboard' and "
            "'Commander' sections); spells outside the catalogue give their cost: '4 Lightning Bolt {R}'.",
            show_default=False,
        ),
    ],
    turns: Annotated[
        str, typer.Option("--turns", metavar="A-B", help="The turns to report, e.g. 1-7 (or 5 for 1-5).")
    ] = "1-7",
    games: GamesOpt = None,
    seed: SeedOpt = DEFAULT_SEED,
    draw: Annotated[bool, typer.Option("--draw", help="Be on the draw (draw on turn 1).")] = False,
    mulligan: Annotated[
        Mulligan, typer.Option("--mulligan", help="London (Karsten's keep rules), or none (keep any seven).")
    ] = Mulligan.LONDON,
    ramp: Annotated[
        str,
        typer.Option(
            "--ramp",
            metavar="planner|none",
            help="planner: each turn is planned (rocks, mana creatures, rituals count); none: only lands "
            "are sources, the lands-only measure.",
        ),
    ] = "planner",
    min_x: Annotated[
        int, typer.Option("--min-x", metavar="N", help="Spells with X are counted with X = N.")
    ] = 1,
    as_json: JsonOpt = False,
    plot: Annotated[
        str | None,
        typer.Option(
            "--plot",
            metavar="FILE.png",
            help="Also draw castability by turn per card (needs matplotlib).",
            show_default=False,
        ),
    ] = None,
    store: StoreOpt = None,
    workers: WorkersOpt = 1,
    scheduler: SchedulerOpt = None,
) -> None:
    """Goldfish a deck list: how often each nonland card is castable, turn by turn.

    Each game mulligans as Karsten does, draws, and plays a turn: with --ramp planner (the default) the
    turn planner's search plays the land and casts the most mana value it can in the best order, so rocks,
    mana creatures (from the turn after) and rituals count; a card is castable on a turn when the lands and
    ramp seen by then, played in the best order for that card, cast it then (Karsten's measure with the
    ramp drawn); "as played" is some plan of the turn casting it from what the game played for its hand;
    "cast on curve" says how often a copy was cast on its curve turn. With --ramp none each
    turn plays the land that best helps the hand (taplands enter tapped, shocklands cost 2 life to enter
    untapped, painlands come after painless lands, fetchlands find a land of the library); a card is
    castable on a turn when the lands seen by then, played one a turn in the best order for that card, can
    pay it (Karsten's measure); "as played" is the same with the lands the game played for its hand; mana
    creatures and rocks are listed as ignored. X spells count X = --min-x
    (default 1). A modal double-faced card
    whose back is a land (Agadeem's Awakening) is played as that land. Card names are looked up in the card
    store, then the catalogue; the deck list's warnings go to stderr. Columns: castable on each
    turn; on curve (its mana value's turn); the same among games that made every land drop (Karsten's
    measure); and a copy in hand and castable on curve. JSON: {"games": N, "seed": S, "cards": {"Name":
    {"1": 0.12, ...}}, "on_curve": {...}, ...}.
    """
    from models.decklist import load_deck
    from planner.sim.goldfish import goldfish, plot_goldfish

    first, last = _turns(turns)
    if plot is not None:
        checked_plot_path(plot)
    count = _games(games, DEFAULT_GOLDFISH_GAMES)
    seed = _seed(seed)
    parsed = load_deck(deck, cards=card_resolver(store))
    for warning in parsed.warnings:
        typer.echo(f"{PROG}: warning: {warning}", err=True)
    with _progress(count, "games") as progress:
        if workers == 1 and scheduler is None:
            result = goldfish(
                parsed,
                turns=(first, last),
                games=count,
                seed=seed,
                on_the_draw=draw,
                mulligan=mulligan.value,
                progress=progress,
                ramp=ramp,
                min_x=min_x,
            )
        else:
            result = _on_dask(
                parsed, workers, scheduler, (first, last), count, seed, draw, mulligan, progress, ramp, min_x
            )
    if plot is not None:
        plot_goldfish(result, plot, title=deck)
    if as_json:
        print_json(result.to_json())
        return
    typer.echo(_report(result, deck))


def _on_dask(
    deck: Deck,
    workers: int,
    scheduler: str | None,
    turns: tuple[int, int],
    games: int,
    seed: int,
    draw: bool,
    mulligan: Mulligan,
    progress: Progress | None,
    ramp: str,
    min_x: int,
) -> GoldfishResult:
    """``simulate`` with its batches on Dask (``--workers N`` or ``--scheduler``): the same answer."""
    from planner.sim.cluster import dask_client, goldfish_on

    if workers < 1:
        raise InputError(f"--workers must be at least 1, got {workers}")
    with dask_client(scheduler, workers) as client:
        return goldfish_on(
            client,
            deck,
            turns=turns,
            games=games,
            seed=seed,
            on_the_draw=draw,
            mulligan=mulligan.value,
            progress=progress,
            ramp=ramp,
            min_x=min_x,
        )


def _percent(value: float | None) -> str:
    return "-" if value is None else f"{value:.2f}"


def _report(result: GoldfishResult, source: str) -> str:
    where = "on the draw" if result.on_the_draw else "on the play"
    rule = "London mulligan" if result.mulligan == "london" else "no mulligans"
    commanders = f" + commander {', '.join(result.commanders)}" if result.commanders else ""
    planned = any(card.cast_on_curve is not None for card in result.cards)
    played = any(card.on_curve_as_played is not None for card in result.cards)
    headers = ["card", "n", "cost", *map(str, result.turns), "on curve", "given drops", "in hand"]
    headers += ["as played"] if played else []
    rows = [
        [
            card.name + (" (commander)" if card.commander else ""),
            str(card.copies),
            card.cost or "(none)",
            *map(_percent, card.by_turn),
            _percent(card.on_curve),
            _percent(card.on_curve_given_land_drops),
            _percent(card.on_curve_in_hand),
            *([_percent(card.on_curve_as_played)] if played else []),
            *([_percent(card.cast_on_curve)] if planned else []),
        ]
        for card in result.cards
    ]
    lines = [
        f"{source}: {result.deck_size} cards{commanders}, {result.lands} lands; {result.games:,} games, "
        f"seed {result.seed}, {where}, {rule}",
        "",
        table([*headers, *(["cast on curve"] if planned else [])], rows),
        "",
        "Turn columns: Karsten's castable (in hand or not) with the ramp drawn: the lands, rocks, creatures "
        "and rituals seen by that turn, played in the best order for that card, cast it then."
        if planned
        else "Turn columns: Karsten's castable (in hand or not): the lands seen by that turn, played one a "
        "turn in the best order for that card, can pay its cost.",
        "On curve: on its mana value's turn; given drops: among the games whose lands seen allow every land "
        "drop until then;",
        "in hand: a copy is in hand then, and the lands the game played can pay it"
        + (
            (
                "; as played: some plan of the turn casts it (in hand or not) from what the game played for "
                "its hand"
                if planned
                else "; as played: the lands the game played for its hand can pay it (in hand or not)"
            )
            if played
            else ""
        )
        + ("; cast on curve: a copy was cast then." if planned else "."),
    ]
    kept = ", ".join(f"{size} cards {share:.1%}" for size, share in result.kept_sizes if share)
    lines.append(f"Kept hands: {kept}. Life paid for lands (shocklands): {result.life_paid:.2f} a game.")
    if result.ignored_sources:
        lines.append(
            (
                "These cards' mana or cost changes are not counted (outside the planned fragment): "
                if planned
                else "Only lands are counted as sources; these mana creatures and rocks are not: "
            )
            + ", ".join(result.ignored_sources)
            + "."
        )
    lines += [f"Note: {note}." for note in result.notes]
    return "\n".join(lines)
