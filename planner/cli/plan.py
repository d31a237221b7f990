"""`mana-planner plan-turn`: plan the active player's main phase (contract section 7)."""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

import typer

from planner.cli.common import EXIT_NO, EXIT_TIME_LIMIT, card_resolver, load_board, print_json, table
from planner.cli.declared import question_command
from planner.questions import PlanTurnQuestion

if TYPE_CHECKING:
    from planner.answer import PayResult
    from planner.turn import TurnResult
    from planner.turn_result import AbilityActivated


@question_command("plan-turn", PlanTurnQuestion)
def plan_turn_command(question: PlanTurnQuestion, board: str, as_json: bool, store: str | None) -> None:
    """Plan the main phase: the land to play and the spells to cast, in order, each paid in full as it is
    cast.

    Mana left in the pool stays for the next spell; a rock cast this turn can tap at once, a creature only
    with haste; rituals and enters triggers add their mana when they resolve. Without --cast the plan casts
    the greatest total mana value from the hand (ties: fewer cards, then the pay objective). Exits 0 when
    it casts something (or all of --cast), 1 when not, 2 on bad input, 4 when the time limit ran out.
    """
    from planner.requests import plan_turn_request

    cards = card_resolver(store)  # (--cast names, and the other faces of double-faced cards in the hand)
    result = plan_turn_request(functools.partial(load_board, board, store=store), question, cards=cards)
    if as_json:
        print_json(result.to_json())
    else:
        typer.echo(turn_report(result))
    if result.castable is None:
        raise typer.Exit(EXIT_TIME_LIMIT)
    if not result.castable:
        raise typer.Exit(EXIT_NO)


def _riders_got(payment: PayResult) -> str:
    """What a spell's riders on the mana spent got, in a few words ('-' for a spell without them):
    'colors WU; for each color of mana spent: 2'."""
    if payment.colors_spent is None:
        return "-"
    got = [f"{outcome.rider}: {outcome.got()}" for outcome in payment.riders]
    return "; ".join([f"colors {payment.colors_spent or 'none'}", *got])


def _activation_line(made: AbilityActivated) -> str:
    """One activated ability of the plan, in a line: where it comes, what paid it, what it made.

    >>> from planner.answer import PayResult
    >>> from planner.turn_result import AbilityActivated
    >>> made = AbilityActivated(permanent="k", card="Test Knight", ability="{T}: Create a Treasure token.",
    ...     after_spells=1, payment=PayResult(payable=True, cost=""), created=(("t", "Treasure"),))
    >>> print(_activation_line(made))  # doctest: +NORMALIZE_WHITESPACE
    after spell 1: activate Test Knight's '{T}: Create a Treasure token.' (k), paid with - : creates
    Treasure t
    """
    when = f"after spell {made.after_spells}" if made.after_spells else "first"
    tapped = ", ".join(made.payment.tapped)
    paid = f"{made.payment.mana_spent or '-'}{f' from {tapped}' if tapped else ''}"
    if made.payment.life_paid:
        paid += f", {made.payment.life_paid} life"
    what = [f"creates {name} {pid}" for pid, name in made.created] + (
        [f"adds {made.mana}"] if made.mana else []
    )
    return f"{when}: activate {made.card}'s {made.ability!r} ({made.permanent}), paid with {paid} : " + (
        ", ".join(what) or "done"
    )


def turn_report(result: TurnResult) -> str:
    """The readable plan of a turn: the land, each spell with what paid it, then what is left open."""
    if result.castable is None:
        return "no plan before the time limit (a longer --time-limit may find one)"
    lines = []
    for land in result.lands_played:  # (in the order played)
        how = "tapped" if land.tapped else "untapped"
        if land.life_paid:
            how += f", paying {land.life_paid} life"
        where = " from the graveyard" if land.played_from == "graveyard" else ""
        lines.append(f"land: play {land.card}{where} ({land.id}, {how})")
        if land.fetched is not None:
            lines.append(f"      crack it at once for {land.fetched}")
        if land.returned is not None:
            lines.append(f"      return {land.returned} to the hand, after the spells")
    if not result.lands_played:
        lines.append("land: none played")
    lines += [f"exile {card} from the hand for {mana}" for card, mana in result.exiled]
    lines += [f"tap {pid} for mana first: a spell sacrifices it" for pid in result.tapped_first]
    if not result.castable:
        lines.append(f"cast nothing: {result.reason}")
    rows = []
    for number, spell in enumerate(result.spells, 1):
        payment = spell.payment
        used = [*payment.tapped, *(f"sacrifice {pid}" for pid in payment.sacrificed)]
        paid = str(payment.mana_spent) or "-"
        if payment.life_paid or payment.damage_taken:
            paid += f" (life {payment.life_paid}, damage {payment.damage_taken})"
        where = {"graveyard": " (from the graveyard)", "exile": " (from exile)"}.get(
            spell.cast_from or "", ""
        )
        rows.append(
            [
                str(number),
                spell.card + where,
                payment.total_cost or spell.cost,
                ", ".join(used) or "pool",
                paid,
                str(payment.floating) or "-",
            ]
        )
    headers = ["#", "spell", "cost", "tapped", "paid with", "floating after"]
    if any(spell.payment.colors_spent is not None for spell in result.spells):
        headers.append("riders")  # (contract §11-§12: weighed after life and sacrifices)
        for row, spell in zip(rows, result.spells, strict=True):
            row.append(_riders_got(spell.payment))
    if rows:
        lines += ["", table(headers, rows)]
    lines += [_activation_line(made) for made in result.activations]  # (abilities, no mana abilities: §11)
    for number, spell in enumerate(result.spells, 1):  # (its alternative and additional costs: §11)
        if spell.payment.alternative_cost is not None:
            lines.append(f"{number}. {spell.card}: cast for {spell.payment.alternative_cost.describe()}")
        if spell.payment.additional:
            lines.append(f"{number}. {spell.card}: {spell.payment.additional.describe()}")
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
