"""`mana-planner pay`, `max-x` and `could-produce`: the board commands."""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

import typer

from models.cost import PaymentKind, PaymentTarget
from models.mana import ManaTypes
from planner.questions import CouldProduceQuestion, MaxXQuestion, PayQuestion

if TYPE_CHECKING:
    from models.board import Board
    from planner.answer import PayResult, PlanStep
    from planner.requests import PaymentAnswer

from planner.cli.common import (
    EXIT_NO,
    EXIT_TIME_LIMIT,
    PROG,
    card_resolver,
    load_board,
    print_json,
    table,
)
from planner.cli.declared import question_command


@question_command("could-produce", CouldProduceQuestion)
def could_produce_command(
    question: CouldProduceQuestion, board: str, as_json: bool, store: str | None
) -> None:
    """Show the mana types each permanent could produce (CR 106.7).

    Costs are ignored (tapped permanents and missing counters don't matter), every order of replacement
    effects is tried, and permanents that reflect others (Reflecting Pool, Exotic Orchard) are solved
    together, so two Reflecting Pools alone make nothing. Types print in WUBRGC order; JSON output is
    {"id": "types", ...} with "" for none.
    """
    from planner.requests import could_produce_request

    answer = could_produce_request(functools.partial(load_board, board, store=store), question)
    loaded, whose, sets = answer.board, answer.whose, answer.sets
    if as_json:
        print_json(answer.to_json())
        return
    rows = [
        [pid, loaded.permanent(pid).name, loaded.permanent(pid).controller, str(types) or "-"]
        for pid, types in sets.items()
    ]
    if rows:
        typer.echo(table(["id", "card", "controller", "could produce"], rows))
    else:
        typer.echo(f"{whose or 'nobody'} controls no permanents")


@question_command("pay", PayQuestion)
def pay_command(question: PayQuestion, board: str, as_json: bool, store: str | None) -> None:
    """Find the best way to pay COST from the board, and show it.

    The report lists the abilities to activate in order (what each produced, and what it sacrificed, tapped
    or paid for its own cost), which mana paid each cost symbol, what was tapped and sacrificed, life paid
    and damage taken, mana left floating, and what stays untapped with the types it could still make.
    "Best" is lexicographic: least life paid and damage taken, then sacrificing nothing of value, then
    wasting no mana, then keeping the most options open (the README says exactly how); --keep and --hand
    come first. Exits 0 when payable, 1 when not (the reason says why), 2 on bad input, 4 when the time
    limit ran out before any payment was found.
    """
    from planner.requests import pay_request

    cards = card_resolver(store) if question.spell is not None else None
    _answer(pay_request(functools.partial(load_board, board, store=store), question, cards=cards), as_json)


@question_command("max-x", MaxXQuestion)
def max_x_command(question: MaxXQuestion, board: str, as_json: bool, store: str | None) -> None:
    """Find the largest X for which COST (with {X}) is payable, and the best way to pay it.

    The report is pay's, for that X; JSON output is pay's with "x" first, null when COST can't be paid
    even with X = 0. Exits 0 when payable, 1 when not, 2 on bad input.
    """
    from planner.requests import max_x_request

    cards = card_resolver(store) if question.spell is not None else None
    _answer(max_x_request(functools.partial(load_board, board, store=store), question, cards=cards), as_json)


def _answer(answer: PaymentAnswer, as_json: bool) -> None:
    """Print the answer (JSON or the report); exit 1 when the cost is not payable, 4 when the time limit ran
    out before any answer."""
    result = answer.result
    if as_json:
        print_json(answer.to_json())
    else:
        from planner.api import text_warnings

        board = answer.board
        read = set(text_warnings(board))  # (the board's went to stderr as it was read)
        for warning in result.warnings:  # (the spell's text, the payment's assumptions)
            if warning not in read:
                typer.echo(f"{PROG}: warning: {warning}", err=True)
        player = answer.player or board.active_player
        typer.echo(_pay_report(board, player, answer.target, result, answer.keep, answer.hand))
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
    words += [purpose.replace("_", " ") for purpose in sorted(target.purposes)]
    if target.keywords:
        words.append("with " + " and ".join(sorted(target.keywords)))
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
    head = f"cost {result.cost or '(no mana cost)'} ({_what_for(target)}) for {player}"
    if result.alternative_cost is not None:  # (its mana, changed by the cost changes: CR 601.2f)
        head += f", total {result.total_cost} for an alternative cost (CR 118.9, 601.2f)"
    elif result.total_cost and result.total_cost != result.cost and not result.cost_has_x:
        head += f", total {result.total_cost} after cost changes (CR 601.2f)"
    if not result.payable:
        verdict = "not payable"
        if result.cost_has_x:
            verdict += f" with X = {result.x}" if result.x is not None else " even with X = 0"
        if result.payable is None and result.reason == "time limit":  # no payment found in time
            verdict = "no answer before the time limit (a longer --time-limit may find one)"
        elif result.payable is None:  # (a bound or a narrowing of the planner: the reason says which)
            verdict = "no answer"
        return f"{head}: {verdict}\nreason: {result.reason}"
    lines = [f"{head}: payable" + (f" with X = {result.x}" if result.cost_has_x else "")]
    lines += ["", *_steps_table(result)]
    lines += ["", "payment:"]
    width = max((len(symbol) for symbol, _, _ in result.symbols), default=0)
    for symbol, mana, life in result.symbols:
        paid = " and ".join(filter(None, [mana, f"{life} life" if life else ""])) or "nothing"
        lines.append(f"  {symbol.ljust(width)}  paid with {paid}")
    for alternative in result.alternative_payments:  # convoke, improvise, delve (CR 702.51, 702.126, 702.66)
        cards = f"{alternative.cards} card{'' if alternative.cards == 1 else 's'} exiled"
        what = cards if alternative.cards else f"tapped {alternative.permanent}"
        way = "its additional cost" if alternative.kind.value == "tapped_creature" else alternative.kind.value
        lines.append(f"  {alternative.paid_text.ljust(width)}  paid by {way}: {what}")
    from planner.describe import still_open

    open_sources = still_open(board, player, result)
    open_types = ManaTypes.of(t for types in open_sources.values() for t in types)
    facts = [
        ("tapped", ", ".join(result.tapped)),
        *([("untapped", ", ".join(result.untapped))] if result.untapped else []),
        ("sacrificed", ", ".join(result.sacrificed)),
        *[(label, value) for label, value in _parts_paid(result) if value],
        *([("alternative cost", result.alternative_cost.describe())] if result.alternative_cost else []),
        *([("additional cost", result.additional.describe())] if result.additional else []),
        ("life paid", str(result.life_paid)),
        *([("exiled from library", str(result.exiled_from_library))] if result.exiled_from_library else []),
        ("damage taken", str(result.damage_taken)),
        *([("destroyed after paying", ", ".join(result.destroyed))] if result.destroyed else []),
        *(
            [("damage unless paid", _unless_paid(result.damage_unless_paid))]
            if result.damage_unless_paid
            else []
        ),
        ("mana spent", str(result.mana_spent)),
        *_riders_got(result),
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


def _riders_got(result: PayResult) -> list[tuple[str, str]]:
    """The lines of the facts table for what the spell's riders on the mana spent got (none without them):
    the colors spent, then each rider, 'for each color of mana spent: 3', 'if {C} was spent: met'."""
    if result.colors_spent is None:
        return []
    return [
        ("colors spent", result.colors_spent or "none"),
        *((str(outcome.rider), outcome.got()) for outcome in result.riders),
    ]


def _steps_table(result: PayResult) -> list[str]:
    if not result.steps:
        return ["no abilities activated: the pool pays it"]
    headers = ["#", "permanent", "card", "ability", "produced"]
    rows = [
        [str(number), step.permanent or f"({step.zone})", step.name, step.ability, str(step.produced) or "-"]
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
    if step.nested:
        parts.append(f"announced before the {step.nested} step(s) above it, which paid it")
    if step.parts.describe():
        parts.append(step.parts.describe())
    return "; ".join(parts)


def _parts_paid(result: PayResult) -> list[tuple[str, str]]:
    """The lines of the facts table for what the costs' other parts paid (empty values are left out)."""
    paid = result.parts
    return [
        ("exiled", ", ".join(paid.exiled)),
        ("returned to hand", ", ".join(paid.returned)),
        ("discarded", ", ".join(paid.discarded)),
        ("exiled from hand", ", ".join(paid.exiled_from_hand)),
        ("energy paid", str(paid.energy_paid) if paid.energy_paid else ""),
        ("exerted", ", ".join(paid.exerted)),
        ("exiled from graveyard", str(paid.exiled_from_graveyard) if paid.exiled_from_graveyard else ""),
    ]


def _unless_paid(damages: tuple[tuple[str, int, str], ...]) -> str:
    """The damage triggers on tapping deal unless the player pays mana, per permanent (Seizures).

    >>> _unless_paid((("elf", 3, "{3}"),))
    'elf: 3 unless {3} is paid'
    """
    return ", ".join(f"{pid}: {damage} unless {mana} is paid" for pid, damage, mana in damages)
