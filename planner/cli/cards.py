"""`mana-planner cards`: the card catalogue, and what the parser reads from a card."""

from __future__ import annotations

from typing import Annotated

import typer

from models.catalogue import all_cards
from planner.cli.common import (
    JsonOpt,
    command,
    print_json,
    table,
)


@command("cards")
def cards_command(
    name: Annotated[
        str | None,
        typer.Argument(
            metavar="NAME",
            help="A card name (any case): show its Oracle text and parsed abilities. Without it, list "
            "the catalogue.",
            show_default=False,
        ),
    ] = None,
    as_json: JsonOpt = False,
) -> None:
    """List the built-in card catalogue, or show one card's parsed abilities.

    The list shows each card's type line, mana cost and a short summary of the mana it makes (e.g. "G",
    "any color", "WU (choice)"). One card shows its Oracle text and what the parser read from it: each
    mana ability's cost, output, restriction, riders and self-damage; its effects on mana; keywords;
    choices it needs as it enters; sentences ignored as not about mana, and any it could not read.
    """
    from planner.describe import card_summary, format_details, makes_summary

    if name is None:
        cards = list(all_cards().values())
        if as_json:
            print_json([card_summary(card) for card in cards])
        else:
            typer.echo(
                table(
                    ["name", "type line", "cost", "makes"],
                    [[c.name, c.type_line, c.mana_cost or "", makes_summary(c)] for c in cards],
                )
            )
        return
    from planner.requests import card_request

    details = card_request(name).to_json()
    if as_json:
        print_json(details)
    else:
        typer.echo(format_details(details))
