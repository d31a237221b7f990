"""``mana-planner arena LOG``: every action of an MTG Arena ``Player.log`` paid by the planner and compared
with Arena's own ``autoTapSolution`` (:mod:`planner.arena`)."""

from __future__ import annotations

from typing import Annotated, Any

import typer

from planner.cli.common import (
    PROG,
    JsonOpt,
    StoreOpt,
    card_resolver,
    command,
    print_json,
    table,
)
from planner.cli.declared import option_of
from planner.questions import ArenaAutotapQuestion

__all__ = ["arena", "arena_report"]


@command("arena")
def arena(
    log: Annotated[
        str,
        typer.Argument(
            metavar="LOG",
            help="MTG Arena's Player.log (or an excerpt); '-' reads standard input.",
            show_default=False,
        ),
    ],
    seat: Annotated[int | None, option_of(ArenaAutotapQuestion, "seat")] = None,
    time_limit: Annotated[float, option_of(ArenaAutotapQuestion, "time_limit")] = 10.0,
    as_json: JsonOpt = False,
    store: StoreOpt = None,
) -> None:
    """Pay every Cast and Activate action of each ActionsAvailableReq in an MTG Arena log, and compare with
    Arena's autoTapSolution.

    The board of each request is the mana sources Arena lists (ActionType_Activate_Mana; those of
    inactiveActions tapped), cards found by grpId in the card store (Scryfall's arena_id); a grpId the store
    lacks is read from the mana Arena lists, with a warning. Prints one line per action (Arena's sources,
    ours, whether they agree and why) and a summary line; --json gives each action our answer in Arena's
    autoTapSolution shape. Exits 0 when the log is read, 2 when it is not an Arena log.
    """
    from models.arena import read_log
    from models.board import read_board_text
    from planner.arena import answer_request, summary

    if log == "-":
        source, text = "<stdin>", typer.get_text_stream("stdin").read()
    else:
        source, text = log, read_board_text(log)
    read = read_log(text, source, seat=seat, cards=card_resolver(store))
    answers = [a for request in read.requests for a in answer_request(request, time_limit=time_limit)]
    warnings = list(
        dict.fromkeys([*read.warnings, *(w for request in read.requests for w in request.warnings)])
    )
    for warning in warnings:
        typer.echo(f"{PROG}: warning: {source}: {warning}", err=True)
    totals = summary(answers)
    if as_json:
        data: dict[str, Any] = {
            "log": source,
            "seat": read.seat,
            "requests": len(read.requests),
            "actions": [answer.to_json() for answer in answers],
            "summary": totals,
            "warnings": warnings,
        }
        print_json(data)
        return
    typer.echo(arena_report(answers, totals, len(read.requests)))


def arena_report(answers: list[Any], totals: dict[str, Any], requests: int) -> str:
    """The table of actions and the summary line.

    >>> print(arena_report([], {"actions": 0, "with_arena_solution": 0, "agree": 0, "verdicts": {},
    ...     "ms_per_action": None}, 0))
    0 actions in 0 requests, 0 with Arena's autoTapSolution: we agree on 0
    """
    rows = [
        [
            str(a.request.line or "-"),
            str(a.request.game_state_id or "-"),
            f"{a.action.action_type} {a.action.instance_id}",
            a.action.cost_text,
            "-" if a.arena_sources is None else " ".join(a.arena_sources),
            " ".join(a.sources) or ("-" if a.payable is not None else "?"),
            a.agreement,
            a.why,
        ]
        for a in answers
    ]
    verdicts = ", ".join(f"{name} {count}" for name, count in totals["verdicts"].items())
    line = (
        f"{totals['actions']} actions in {requests} requests, {totals['with_arena_solution']} with Arena's "
        f"autoTapSolution: we agree on {totals['agree']}"
    )
    if verdicts:
        line += f" ({verdicts})"
    if totals["ms_per_action"] is not None:
        line += f"; {totals['ms_per_action']:.2f} ms per action"
    if not rows:
        return line
    headers = ["line", "state", "action", "cost", "arena taps", "we tap", "agreement", "why"]
    return f"{table(headers, rows)}\n\n{line}"
