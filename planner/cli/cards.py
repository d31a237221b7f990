"""`mana-planner cards`: the card catalogue, one card's parsed text, and the card store (import, check).

``cards`` is a command group whose default keeps the contract's ``mana-planner cards [NAME]``: without a
word after it, the catalogue; with a word that is not a sub-command, that card (the long form is
``cards show NAME``). ``import``, ``check`` and ``show`` are therefore reserved words: no card is named
exactly that (a card whose name is one would be shown with ``cards show NAME``).
"""

from __future__ import annotations

import sys
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING, Annotated, Any

import typer
from typer.core import TyperGroup

from models.errors import InputError
from planner.cli.common import (
    PROG,
    JsonOpt,
    PlainHelpCommand,
    StoreOpt,
    app,
    card_resolver,
    one_line_errors,
    print_json,
    table,
)

if TYPE_CHECKING:
    from typer._click.core import Command, Context  # typer's own click (what TyperGroup is typed with)

    from models.carddata.check import CheckReport
    from planner.cards.importer import ImportSummary, ProgressCallback

__all__ = ["cards_app", "check_command", "import_command", "show_command"]

#: The sub-command that ``cards NAME`` stands for.
_SHOW = "show"


class _CardsGroup(TyperGroup):
    """The ``cards`` group: a first word that is not a sub-command is a card name (``cards NAME``)."""

    def collect_usage_pieces(self, ctx: Context) -> list[str]:
        """``[OPTIONS] [NAME | COMMAND [ARGS]...]``."""
        return [self.options_metavar or "[OPTIONS]", "[NAME | COMMAND [ARGS]...]"]

    def resolve_command(self, ctx: Context, args: list[str]) -> tuple[str | None, Command | None, list[str]]:
        """A sub-command by its name, else ``show`` with the word as the card's name."""
        if args and self.get_command(ctx, args[0]) is None and not args[0].startswith("-"):
            return _SHOW, self.get_command(ctx, _SHOW), args
        return super().resolve_command(ctx, args)


cards_app = typer.Typer(
    cls=_CardsGroup,
    invoke_without_command=True,
    no_args_is_help=False,
    add_completion=False,
    rich_markup_mode=None,
    context_settings={"help_option_names": ["--help"]},
)
app.add_typer(cards_app, name="cards")


@cards_app.callback()
@one_line_errors
def cards_command(ctx: typer.Context, as_json: JsonOpt = False, store: StoreOpt = None) -> None:
    """List the built-in card catalogue, or show one card's parsed abilities: cards NAME.

    The list shows each card's type line, mana cost and a short summary of the mana it makes (e.g. "G",
    "any color", "WU (choice)"). One card (NAME: any case, accents and punctuation folded; looked up in the
    card store, then the catalogue) shows its Oracle text and what the parser read from it: each mana
    ability's cost, output, restriction, riders and self-damage; its effects on mana; keywords; choices it
    needs as it enters; sentences ignored as not about mana, and any it could not read. 'cards import'
    fills the card store from Scryfall or MTGJSON bulk files; 'cards check' reports how the parser reads
    them.
    """
    if ctx.invoked_subcommand is not None:
        return
    from models.catalogue import all_cards
    from planner.describe import card_summary, makes_summary

    cards = list(all_cards().values())
    if as_json:
        print_json([card_summary(card) for card in cards])
        return
    typer.echo(
        table(
            ["name", "type line", "cost", "makes"],
            [[c.name, c.type_line, c.mana_cost or "", makes_summary(c)] for c in cards],
        )
    )


def _group_option(ctx: typer.Context, name: str) -> Any:
    """An option given to ``cards`` itself (``cards --json NAME``), passed on to its sub-command."""
    parent = ctx.parent
    return parent.params.get(name) if parent is not None else None


@cards_app.command(_SHOW, hidden=True, cls=PlainHelpCommand)
@one_line_errors
def show_command(
    ctx: typer.Context,
    name: Annotated[str, typer.Argument(metavar="NAME", help="A card name.", show_default=False)],
    as_json: JsonOpt = False,
    store: StoreOpt = None,
) -> None:
    """Show one card's Oracle text and parsed abilities (what 'cards NAME' does)."""
    from planner.describe import format_details
    from planner.questions import CardQuestion
    from planner.requests import card_request

    as_json = as_json or bool(_group_option(ctx, "as_json"))
    answer = card_request(
        CardQuestion(name=name),
        cards=card_resolver(store if store is not None else _group_option(ctx, "store")),
    )
    if as_json:
        print_json(answer.to_json())
        return
    typer.echo("\n\n".join(format_details(one) for one in answer.details))


# --------------------------------------------------------------------------------------------------------
# import and check

FilesArg = Annotated[
    list[str],
    typer.Argument(
        metavar="FILE...",
        help="Scryfall bulk data (a JSON array of cards) or MTGJSON AtomicCards.json / AllPrintings.json, "
        "plain or .gz.",
        show_default=False,
    ),
]


@contextmanager
def _file_progress(paths: Sequence[str], quiet: bool) -> Iterator[ProgressCallback | None]:
    """A progress bar per file on standard error while it is a terminal (none with ``quiet``)."""
    if quiet or not sys.stderr.isatty():
        yield None
        return
    import os

    from rich.console import Console
    from rich.progress import BarColumn, DownloadColumn, Progress, TextColumn, TimeRemainingColumn

    columns = (TextColumn("{task.description}"), BarColumn(), DownloadColumn(), TimeRemainingColumn())
    with Progress(*columns, console=Console(stderr=True), transient=True) as bar:
        tasks: dict[str, Any] = {}

        def advance(file: str, done: int, size: int) -> None:
            if file not in tasks:
                tasks[file] = bar.add_task(os.path.basename(file), total=size or None)
            bar.update(tasks[file], completed=done)

        yield advance


@cards_app.command("import", cls=PlainHelpCommand)
@one_line_errors
def import_command(files: FilesArg, store: StoreOpt = None, as_json: JsonOpt = False) -> None:
    """Import card data into the card store: Scryfall bulk files or MTGJSON AtomicCards / AllPrintings.

    Files are streamed (an all-cards file of several GB is fine), plain or gzip-compressed. Printings
    collapse to one card per Oracle identity, the newest wording winning; non-English printings, tokens,
    art series and other non-game objects are skipped and counted. Importing again updates the store, in
    one transaction (on any error nothing is written). Prints the counts, and how many cards have mana
    text the parser cannot read ('cards check' lists them). JSON: {"store", "imported", "updated",
    "skipped": {reason: count}, "unread_mana_text"}.
    """
    from planner.cards.importer import import_files
    from planner.cards.store import CardStore

    opened = CardStore(store)
    opened.check_file()
    with _file_progress(files, as_json) as progress:
        summary = import_files(files, opened, progress)
    for warning in summary.warnings:
        typer.echo(f"{PROG}: warning: {warning}", err=True)
    if as_json:
        print_json(summary.to_json())
        return
    typer.echo(_import_report(summary))


def _import_report(summary: ImportSummary) -> str:
    rows = [
        ["store", summary.store],
        ["printings read", str(summary.printings)],
        ["cards imported", str(summary.imported)],
        ["cards updated", str(summary.updated)],
        *[[f"skipped: {reason}", str(count)] for reason, count in sorted(summary.skipped.items())],
        ["cards with mana text not fully read", str(summary.unread_mana_text)],
    ]
    return table(["", "count"], rows)


@cards_app.command("check", cls=PlainHelpCommand)
@one_line_errors
def check_command(
    files: Annotated[
        list[str] | None,
        typer.Argument(
            metavar="[FILE...]",
            help="Bulk files to check (as for 'cards import'; nothing is stored). Default: the card store.",
            show_default=False,
        ),
    ] = None,
    store: StoreOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Report how the parser reads every face of every card, in the FILEs or in the card store.

    Every sentence of a face's rules text is classed: mana_ability, effect, keyword, choice, not_payment
    (it adds mana but not while a cost is being paid: loyalty abilities, triggers, abilities that target
    or move cards to or from a library), ignored (nothing to do with mana) or unsupported (about mana, not
    understood). Prints the summary, then the unsupported sentences grouped by shape (mana symbols {M},
    numbers N, the card's name ~), most frequent first. JSON: {"summary": {"cards", "faces",
    "faces_with_mana_text", "fully_read"}, "faces": [{"name", "type_line", "sentences": [{"text",
    "read_as"}]}]}.
    """
    from models.carddata.check import unsupported_shapes

    if files:
        from planner.cards.importer import check_files

        with _file_progress(files, as_json) as progress:
            report = check_files(files, progress)
    else:
        from planner.cards.store import CardStore, check_store

        opened = CardStore(store)
        opened.check_file()
        if not opened.exists:
            raise InputError(
                f"{opened.path}: there is no card store here yet: run '{PROG} cards import FILE...' first, "
                "or give the files to check"
            )
        report = check_store(opened)
    if as_json:
        print_json(report.to_json())
        return
    typer.echo(_check_report(report, unsupported_shapes(report.faces)))


def _check_report(report: CheckReport, shapes: list[tuple[str, int]]) -> str:
    summary = report.summary()
    lines = [
        table(
            ["", "count"],
            [
                ["cards", str(summary["cards"])],
                ["faces", str(summary["faces"])],
                ["faces with mana text", str(summary["faces_with_mana_text"])],
                ["of which fully read", str(summary["fully_read"])],
            ],
        )
    ]
    if shapes:
        count = sum(c for _, c in shapes)
        lines.append(f"\nunsupported sentences by shape ({count} in {len(shapes)} shapes):")
        lines.append(table(["count", "shape"], [[str(count), shape] for shape, count in shapes]))
    else:
        lines.append("\nno unsupported sentences")
    return "\n".join(lines)
