"""`mana-planner pay`, `max-x` and `could-produce`: the board commands."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer

from models.cost import ManaCost, PaymentKind, PaymentTarget
from models.errors import CostParseError, InputError
from models.mana import ManaTypes
from models.types import TypeLine

if TYPE_CHECKING:
    from models.board import Board
    from planner.api import PayResult, PlanStep

from planner.cli.common import (
    EXIT_NO,
    EXIT_TIME_LIMIT,
    PROG,
    BoardArg,
    JsonOpt,
    StoreOpt,
    StrictOpt,
    about_board,
    command,
    load_board,
    print_json,
    table,
)

# --------------------------------------------------------------------------------------------------------
# could-produce


@command("could-produce")
def could_produce_command(
    board: BoardArg,
    player: Annotated[
        str | None,
        typer.Option(
            "--player",
            metavar="ID",
            help="Whose permanents to list: a player id, or 'all' for every permanent. "
            "Default: the board's active player.",
            show_default=False,
        ),
    ] = None,
    as_json: JsonOpt = False,
    strict: StrictOpt = False,
    store: StoreOpt = None,
) -> None:
    """Show the mana types each permanent could produce (CR 106.7).

    Costs are ignored (tapped permanents and missing counters don't matter), every order of replacement
    effects is tried, and permanents that reflect others (Reflecting Pool, Exotic Orchard) are solved
    together, so two Reflecting Pools alone make nothing. Types print in WUBRGC order; JSON output is
    {"id": "types", ...} with "" for none.
    """
    loaded, source = load_board(board, strict=strict, store=store)
    whose = None if player == "all" else (loaded.active_player if player is None else player)
    with about_board(source):
        from planner.api import could_produce

        sets = could_produce(loaded, whose)
    if as_json:
        print_json({pid: str(types) for pid, types in sets.items()})
        return
    rows = [
        [pid, loaded.permanent(pid).name, loaded.permanent(pid).controller, str(types) or "-"]
        for pid, types in sets.items()
    ]
    if rows:
        typer.echo(table(["id", "card", "controller", "could produce"], rows))
    else:
        typer.echo(f"{whose or 'nobody'} controls no permanents")


CostArg = Annotated[
    str,
    typer.Argument(
        metavar="COST",
        help="The cost to pay: '{2}{G}{G}', or the bare form deck tools print ('2GG'); any case.",
        show_default=False,
    ),
]
ForOpt = Annotated[
    str,
    typer.Option(
        "--for",
        metavar="TYPE_LINE",
        help="The type line of what is paid for, e.g. 'Creature — Eldrazi' or 'Instant' (spending "
        "restrictions read it). Default: none.",
        show_default=False,
    ),
]
ColorsOpt = Annotated[
    str | None,
    typer.Option(
        "--colors",
        metavar="WUBRG",
        help="The colors of what is paid for, e.g. 'UR' ('' for colorless). Default: the cost's colors.",
        show_default=False,
    ),
]
KindOpt = Annotated[
    PaymentKind,
    typer.Option("--kind", help="Whether the payment casts a spell or activates an ability."),
]
CommanderOpt = Annotated[
    bool,
    typer.Option("--commander", help="What is paid for is your commander (Jeweled Lotus reads this)."),
]
PlayerOpt = Annotated[
    str | None,
    typer.Option(
        "--player",
        metavar="ID",
        help="Who pays, with their own permanents and pool. Default: the board's active player.",
        show_default=False,
    ),
]
TimeLimitOpt = Annotated[
    float,
    typer.Option(
        "--time-limit",
        metavar="S",
        help="Seconds the solver may search; when it runs out, the best payment found so far is given "
        "(marked as not proven optimal), or none.",
    ),
]


@command("pay")
def pay_command(
    board: BoardArg,
    cost: CostArg,
    for_: ForOpt = "",
    colors: ColorsOpt = None,
    kind: KindOpt = PaymentKind.SPELL,
    commander: CommanderOpt = False,
    keep: Annotated[
        str | None,
        typer.Option(
            "--keep",
            metavar="COST",
            help="A cost that should stay payable from what is left afterwards, e.g. '{U}{U}' for a "
            "counterspell, when the board allows both (keep_satisfied says whether it does).",
            show_default=False,
        ),
    ] = None,
    hand: Annotated[
        list[str] | None,
        typer.Option(
            "--hand",
            metavar="COST",
            help="The cost of a card in hand to keep castable afterwards as far as possible; repeat the "
            "option for several cards (below --keep in priority).",
            show_default=False,
        ),
    ] = None,
    player: PlayerOpt = None,
    x: Annotated[
        int | None,
        typer.Option("--x", metavar="N", min=0, help="The value of X when COST has {X}.", show_default=False),
    ] = None,
    time_limit: TimeLimitOpt = 10.0,
    as_json: JsonOpt = False,
    strict: StrictOpt = False,
    store: StoreOpt = None,
) -> None:
    """Find the best way to pay COST from the board, and show it.

    The report lists the abilities to activate in order (what each produced, and what it sacrificed, tapped
    or paid for its own cost), which mana paid each cost symbol, what was tapped and sacrificed, life paid
    and damage taken, mana left floating, and what stays untapped with the types it could still make.
    "Best" is lexicographic: least life paid and damage taken, then sacrificing nothing of value, then
    wasting no mana, then keeping the most options open (the README says exactly how); --keep and --hand
    come first. Exits 0 when payable, 1 when not (the reason says why), 2 on bad input, 4 when the time
    limit ran out before any payment was found.
    """
    target = _target(cost, for_, colors, kind, commander)
    keep_target = _plain_target(keep, "--keep") if keep is not None else None
    hand_targets = tuple(_plain_target(text, "--hand") for text in hand or ())
    if target.cost.has_variable and x is None:
        raise InputError(
            f"COST: {target.cost} has X: give its value with --x N, or ask for the largest X with "
            f"'{PROG} max-x'"
        )
    if x is not None and not target.cost.has_variable:
        raise InputError(f"--x: the cost {target.cost} has no X")
    _check_time_limit(time_limit)
    loaded, source = load_board(board, strict=strict, store=store)
    with about_board(source):
        from planner.api import pay

        result = pay(
            loaded,
            target,
            player=player,
            keep=keep_target,
            hand=hand_targets,
            x=x,
            time_limit=time_limit,
            strict=strict,
        )
    _answer(loaded, player, target, result, as_json, keep=keep_target, hand=hand_targets)


@command("max-x")
def max_x_command(
    board: BoardArg,
    cost: CostArg,
    for_: ForOpt = "",
    colors: ColorsOpt = None,
    kind: KindOpt = PaymentKind.SPELL,
    commander: CommanderOpt = False,
    player: PlayerOpt = None,
    time_limit: TimeLimitOpt = 10.0,
    as_json: JsonOpt = False,
    strict: StrictOpt = False,
    store: StoreOpt = None,
) -> None:
    """Find the largest X for which COST (with {X}) is payable, and the best way to pay it.

    The report is pay's, for that X; JSON output is pay's with "x" first, null when COST can't be paid
    even with X = 0. Exits 0 when payable, 1 when not, 2 on bad input.
    """
    target = _target(cost, for_, colors, kind, commander)
    if not target.cost.has_variable:
        raise InputError(f"COST: {target.cost} has no X; use '{PROG} pay' for a cost without X")
    _check_time_limit(time_limit)
    loaded, source = load_board(board, strict=strict, store=store)
    with about_board(source):
        from planner.api import max_x

        result = max_x(loaded, target, player=player, time_limit=time_limit, strict=strict)
    _answer(loaded, player, target, result, as_json)


def _parse_cost(text: str, where: str) -> ManaCost:
    """A cost given on the command line; a bad one is an input error naming the argument or option."""
    try:
        return ManaCost.parse(text)
    except CostParseError as error:
        raise CostParseError(f"{where}: {error}") from None


def _target(
    cost: str, type_line: str, colors: str | None, kind: PaymentKind, commander: bool
) -> PaymentTarget:
    """The payment target the options describe."""
    mana_cost = _parse_cost(cost, "COST")
    try:
        types = TypeLine.parse(type_line)
    except ValueError as error:
        raise InputError(f"--for: {error}") from None
    try:
        return PaymentTarget.of(mana_cost, type_line=types, colors=colors, kind=kind, commander=commander)
    except InputError as error:
        raise InputError(f"--colors: {error}") from None


def _plain_target(cost: str, option: str) -> PaymentTarget:
    """A --keep or --hand cost: a spell with no type line, of the cost's colors."""
    mana_cost = _parse_cost(cost, option)
    if mana_cost.has_variable:
        raise InputError(f"{option}: {mana_cost} has X; give the cost with a number for X")
    return PaymentTarget.of(mana_cost)


def _check_time_limit(seconds: float) -> None:
    if not seconds > 0:
        raise InputError(f"--time-limit: must be more than 0 seconds, got {seconds:g}")


def _answer(
    board: Board,
    player: str | None,
    target: PaymentTarget,
    result: PayResult,
    as_json: bool,
    *,
    keep: PaymentTarget | None = None,
    hand: tuple[PaymentTarget, ...] = (),
) -> None:
    """Print the result (JSON or the report); exit 1 when the cost is not payable, 4 when the time limit ran
    out before any answer."""
    if as_json:
        print_json(result.to_json())
    else:
        typer.echo(_pay_report(board, player or board.active_player, target, result, keep, hand))
    if result.payable is None:
        raise typer.Exit(EXIT_TIME_LIMIT)
    if not result.payable:
        raise typer.Exit(EXIT_NO)


def _what_for(target: PaymentTarget) -> str:
    """'a spell', 'a Creature — Eldrazi spell, colorless, your commander', 'an ability, colors UR'..."""
    from planner.describe import with_article

    noun = "ability" if target.kind is PaymentKind.ABILITY else "spell"
    words = [with_article(f"{target.type_line} {noun}" if str(target.type_line) else noun)]
    if target.colors is not None:
        words.append(f"colors {target.colors}" if target.colors else "colorless")
    if target.commander:
        words.append("your commander")
    return ", ".join(words)


def _pay_report(
    board: Board,
    player: str,
    target: PaymentTarget,
    result: PayResult,
    keep: PaymentTarget | None,
    hand: tuple[PaymentTarget, ...],
) -> str:
    """The readable report of a payment: the plan step by step, then what it used and what it left."""
    head = f"cost {result.cost} ({_what_for(target)}) for {player}"
    if result.total_cost and result.total_cost != result.cost and not result.cost_has_x:
        head += f", total {result.total_cost} after cost changes (CR 601.2f)"
    if not result.payable:
        verdict = "not payable"
        if result.cost_has_x:
            verdict += f" with X = {result.x}" if result.x is not None else " even with X = 0"
        if result.payable is None:  # the time limit ran out before any payment was found
            verdict = "no answer before the time limit (a longer --time-limit may find one)"
        return f"{head}: {verdict}\nreason: {result.reason}"
    lines = [f"{head}: payable" + (f" with X = {result.x}" if result.cost_has_x else "")]
    lines += ["", *_steps_table(result)]
    lines += ["", "payment:"]
    width = max((len(symbol) for symbol, _, _ in result.symbols), default=0)
    for symbol, mana, life in result.symbols:
        paid = " and ".join(filter(None, [mana, f"{life} life" if life else ""])) or "nothing"
        lines.append(f"  {symbol.ljust(width)}  paid with {paid}")
    from planner.describe import still_open

    open_sources = still_open(board, player, result)
    open_types = ManaTypes.of(t for types in open_sources.values() for t in types)
    facts = [
        ("tapped", ", ".join(result.tapped)),
        *([("untapped", ", ".join(result.untapped))] if result.untapped else []),
        ("sacrificed", ", ".join(result.sacrificed)),
        ("life paid", str(result.life_paid)),
        ("damage taken", str(result.damage_taken)),
        ("mana spent", str(result.mana_spent)),
        ("floating", str(result.floating)),
        ("still open", ", ".join(f"{pid} ({types})" for pid, types in open_sources.items())),
        ("can still make", str(open_types)),
    ]
    if keep is not None:
        kept = "yes" if result.keep_satisfied else "no: the board can't pay both, so the cost comes first"
        facts.append((f"keep {keep.cost} payable", kept))
    if hand:
        missed = dict(result.objective).get("hand", 0)
        costs = ", ".join(str(h.cost) for h in hand)
        facts.append(("hand castable", f"{len(hand) - missed} of {len(hand)} ({costs})"))
    proof = "optimal" if result.optimal else "the best found before the time limit, not proven optimal"
    facts.append(("engine", f"{result.engine}, {proof}"))
    width = max(len(label) for label, _ in facts) + 1
    lines += ["", *(f"{(label + ':').ljust(width)}  {value or '-'}" for label, value in facts)]
    return "\n".join(lines)


def _steps_table(result: PayResult) -> list[str]:
    if not result.steps:
        return ["no abilities activated: the pool pays it"]
    headers = ["#", "permanent", "card", "ability", "produced"]
    rows = [
        [str(number), step.permanent, step.name, step.ability, str(step.produced) or "-"]
        for number, step in enumerate(result.steps, 1)
    ]
    if any(step.replacement_order for step in result.steps):
        headers.append("replacements in order")
        for row, step in zip(rows, result.steps, strict=True):
            row.append(" then ".join(step.replacement_order) or "-")
    own_costs = [_own_cost(step) for step in result.steps]
    if any(own_costs):
        headers.append("its own cost")
        for row, own in zip(rows, own_costs, strict=True):
            row.append(own or "-")
    return table(headers, rows).splitlines()


def _own_cost(step: PlanStep) -> str:
    """What an activation sacrificed, tapped and paid for its own cost, in a few words."""
    parts = []
    if step.sacrificed:
        parts.append("sacrificed " + ", ".join(step.sacrificed))
    if step.tapped_for_cost:
        parts.append("tapped " + ", ".join(step.tapped_for_cost))
    if step.paid_with:
        parts.append(f"paid {step.paid_with}")
    return "; ".join(parts)
