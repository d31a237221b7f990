"""`mana-planner plan-turn`: plan the active player's main phase (contract section 7)."""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Annotated

import typer

from planner.cli.common import (
    EXIT_NO,
    EXIT_TIME_LIMIT,
    BoardArg,
    JsonOpt,
    StoreOpt,
    StrictOpt,
    card_resolver,
    command,
    load_board,
    print_json,
    table,
)
from planner.cli.pay import PlayerOpt, TimeLimitOpt
from planner.rules.question import within_question

if TYPE_CHECKING:
    from planner.turn import TurnResult


@command("plan-turn")
@within_question  # (one command, one question: each board analysed once)
def plan_turn_command(
    board: BoardArg,
    cast: Annotated[
        list[str] | None,
        typer.Option(
            "--cast",
            metavar="CARD",
            help="A spell to cast: a card name (from the hand, else card data) or a cost such as '{1}{U}'; "
            "repeat it for several, in order. Without --cast the plan chooses from the hand.",
            show_default=False,
        ),
    ] = None,
    order: Annotated[
        str,
        typer.Option(
            "--order", metavar="given|best", help="Cast the --cast spells in the given order or the best one."
        ),
    ] = "given",
    hold: Annotated[
        str | None,
        typer.Option(
            "--hold",
            metavar="COST",
            help="A cost to keep payable at the end of the turn, e.g. '{U}{U}' for a counterspell: it "
            "comes first, when any plan allows it.",
            show_default=False,
        ),
    ] = None,
    land: Annotated[
        str | None,
        typer.Option(
            "--land",
            metavar="NAME",
            help="Play this land from the hand. Default: the plan plays the best one when a play is left.",
            show_default=False,
        ),
    ] = None,
    no_land: Annotated[
        bool,
        typer.Option(
            "--no-land", help="Keep the land drop: without it the plan always plays a land when it can."
        ),
    ] = False,
    x: Annotated[int, typer.Option("--x", metavar="N", help="The value of X for spells with {X}.")] = 1,
    player: PlayerOpt = None,
    time_limit: TimeLimitOpt = 10.0,
    as_json: JsonOpt = False,
    strict: StrictOpt = False,
    store: StoreOpt = None,
) -> None:
    """Plan the main phase: the land to play and the spells to cast, in order, each paid in full as it is
    cast.

    Mana left in the pool stays for the next spell; a rock cast this turn can tap at once, a creature only
    with haste; rituals and enters triggers add their mana when they resolve. Without --cast the plan casts
    the greatest total mana value from the hand (ties: fewer cards, then the pay objective). Exits 0 when
    it casts something (or all of --cast), 1 when not, 2 on bad input, 4 when the time limit ran out.
    """
    from planner.requests import plan_turn_request

    result = plan_turn_request(
        functools.partial(load_board, board, store=store),
        cast=cast or (),
        order=order,
        hold=hold,
        land=land,
        no_land=no_land,
        player=player,
        x=x,
        time_limit=time_limit,
        strict=strict,
        cards=card_resolver(store) if cast else None,
    )
    if as_json:
        print_json(result.to_json())
    else:
        typer.echo(turn_report(result))
    if result.castable is None:
        raise typer.Exit(EXIT_TIME_LIMIT)
    if not result.castable:
        raise typer.Exit(EXIT_NO)


def turn_report(result: TurnResult) -> str:
    """The readable plan of a turn: the land, each spell with what paid it, then what is left open."""
    if result.castable is None:
        return "no plan before the time limit (a longer --time-limit may find one)"
    lines = []
    if result.land_played is not None:
        how = "tapped" if result.land_tapped else "untapped"
        if result.land_life:
            how += f", paying {result.land_life} life"
        lines.append(f"land: play {result.land_played} ({result.land_id}, {how})")
    else:
        lines.append("land: none played")
    if not result.castable:
        lines.append(f"cast nothing: {result.reason}")
    rows = []
    for number, spell in enumerate(result.spells, 1):
        payment = spell.payment
        used = [*payment.tapped, *(f"sacrifice {pid}" for pid in payment.sacrificed)]
        paid = str(payment.mana_spent) or "-"
        if payment.life_paid or payment.damage_taken:
            paid += f" (life {payment.life_paid}, damage {payment.damage_taken})"
        rows.append(
            [
                str(number),
                spell.card,
                payment.total_cost or spell.cost,
                ", ".join(used) or "pool",
                paid,
                str(payment.floating) or "-",
            ]
        )
    if rows:
        lines += ["", table(["#", "spell", "cost", "tapped", "paid with", "floating after"], rows)]
    facts = [
        ("mana value cast", str(result.mana_value_cast)),
        ("left open", ", ".join(result.left_open) or "-"),
        ("mana left unspent", str(result.floating) or "-"),
    ]
    if result.hold is not None:
        kept = (
            "yes, leave " + (", ".join(result.hold_untapped) or "the pool") + " untapped"
            if result.hold_satisfied
            else "no: no plan of this turn leaves it payable"
        )
        facts.append((f"hold {result.hold}", kept))
    facts.append(("search", "optimal" if result.optimal else "the best found, not proven optimal"))
    width = max(len(label) for label, _ in facts) + 1
    lines += ["", *(f"{(label + ':').ljust(width)}  {value}" for label, value in facts)]
    lines += [f"note: {note}" for note in result.notes]
    lines += [f"warning: {w}" for w in result.warnings]
    return "\n".join(lines)
