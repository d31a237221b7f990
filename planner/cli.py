"""The ``mana-planner`` command: a thin shell over the Python API.

Each command makes one call into :mod:`planner` or :mod:`models` and formats the answer: a readable table
by default, one JSON object with ``--json``. Exit codes: 0 success, 1 when the answer is "no", 2 on bad
input. Bad input of any kind (a :class:`~models.errors.PlannerError`) prints one line,
``mana-planner: <message>``, on standard error and exits 2, never a traceback; errors about a board file
name the file. A board file given as ``-`` is read from standard input.
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Annotated, Any, TypeVar, cast

import typer

from models.abilities import (
    Amount,
    AmountKind,
    Condition,
    CostModifier,
    GrantAbility,
    ManaAbility,
    ManaOutput,
    ManaTrigger,
    ObjectFilter,
    OutputKind,
    PaletteKind,
    ProductionReplacement,
    ReplacementKind,
    SpendAsThough,
    StaticEffect,
    TapDamage,
    TriggerEvent,
    TypeChange,
    UnspentManaEffect,
    UnspentMode,
    Who,
)
from models.board import Board
from models.catalogue import CardData, all_cards, did_you_mean, lookup
from models.cost import ManaCost, PaymentKind, PaymentTarget
from models.errors import CostParseError, InputError, PlannerError
from models.mana import ALL_COLORS, ALL_TYPES, ManaTypes
from models.oracle import ParsedText
from models.types import TypeLine
from planner.plan import PayResult, PlanStep, could_produce, max_x, pay, text_warnings
from planner.rules import BoardView

__all__ = ["app", "main"]

PROG = "mana-planner"
#: Exit code for bad input of any kind (click uses the same for usage errors).
EXIT_BAD_INPUT = 2
#: Exit code when the answer is "no" (the cost is not payable).
EXIT_NO = 1
#: The board-file name used in messages when the board comes from standard input.
STDIN_SOURCE = "<stdin>"


app = typer.Typer(
    name=PROG,
    help="Plan mana payments in Magic: The Gathering exactly by the rules.\n\n"
    "Every command that reads a board takes a board file (JSON; '-' reads standard input), prints a "
    "readable table, or one JSON object with --json, and exits 0 on success, 1 when the answer is 'no', "
    "2 on bad input.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_show_locals=False,
    rich_markup_mode=None,
)


# --------------------------------------------------------------------------------------------------------
# Shared arguments, options and helpers (every board command uses these)

_Command = TypeVar("_Command", bound=Callable[..., None])


def one_line_errors(function: _Command) -> _Command:
    """The command with bad input raised inside it turned into one line on stderr and exit 2."""

    @functools.wraps(function)
    def run(*args: Any, **kwargs: Any) -> None:
        try:
            function(*args, **kwargs)
        except PlannerError as error:
            typer.echo(f"{PROG}: {error}", err=True)
            raise typer.Exit(EXIT_BAD_INPUT) from None

    return cast(_Command, run)


def command(name: str) -> Callable[[_Command], _Command]:
    """Register a command on :data:`app`; bad input raised inside it becomes one line on stderr and exit 2."""

    def register(function: _Command) -> _Command:
        app.command(name)(one_line_errors(function))
        return function

    return register


BoardArg = Annotated[
    str,
    typer.Argument(
        metavar="BOARD",
        help="Board file (JSON, format in the README); '-' reads standard input.",
        show_default=False,
    ),
]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print one JSON object instead of a table.")]
StrictOpt = Annotated[
    bool,
    typer.Option(
        "--strict",
        help="Make Oracle text the parser does not understand an error (exit 2) instead of a warning "
        "on stderr.",
    ),
]


def load_board(path: str, *, strict: bool = False) -> tuple[Board, str]:
    """Read a board file ('-' is standard input) and report its unsupported text; returns it and its name.

    Unsupported sentences are warnings on stderr, or with ``strict`` an error naming the file.
    """
    if path == "-":
        source = STDIN_SOURCE
        board = Board.loads(typer.get_text_stream("stdin").read(), source)
    else:
        source = path
        board = Board.load(path)
    with about_board(source):
        for warning in text_warnings(board, strict=strict):
            typer.echo(f"{PROG}: warning: {source}: {warning}", err=True)
    return board, source


@contextmanager
def about_board(source: str) -> Iterator[None]:
    """Name the board file in the input errors that the planner raises about a loaded board."""
    try:
        yield
    except InputError as error:
        if str(error).startswith(f"{source}: "):
            raise
        raise type(error)(f"{source}: {error}") from error


def print_json(data: object) -> None:
    """Print one JSON object (UTF-8, not ASCII-escaped) on standard output."""
    typer.echo(json.dumps(data, ensure_ascii=False, indent=2))


def table(headers: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    """Left-aligned columns under a header and a rule, two spaces apart, without trailing spaces.

    >>> print(table(["id", "types"], [["f1", "G"], ["pool", "-"]]))
    id    types
    ----  -----
    f1    G
    pool  -
    """
    widths = [max(len(str(cell)) for cell in column) for column in zip(headers, *rows, strict=True)]

    def line(cells: Sequence[str]) -> str:
        return "  ".join(str(cell).ljust(width) for cell, width in zip(cells, widths, strict=True)).rstrip()

    return "\n".join([line(headers), line(["-" * width for width in widths]), *map(line, rows)])


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
) -> None:
    """Show the mana types each permanent could produce (CR 106.7).

    Costs are ignored (tapped permanents and missing counters don't matter), every order of replacement
    effects is tried, and permanents that reflect others (Reflecting Pool, Exotic Orchard) are solved
    together, so two Reflecting Pools alone make nothing. Types print in WUBRGC order; JSON output is
    {"id": "types", ...} with "" for none.
    """
    loaded, source = load_board(board, strict=strict)
    whose = None if player == "all" else (loaded.active_player if player is None else player)
    with about_board(source):
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


# --------------------------------------------------------------------------------------------------------
# cards


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
    if name is None:
        cards = list(all_cards().values())
        if as_json:
            print_json([_card_summary(card) for card in cards])
        else:
            typer.echo(
                table(
                    ["name", "type line", "cost", "makes"],
                    [[c.name, c.type_line, c.mana_cost or "", _makes_summary(c)] for c in cards],
                )
            )
        return
    card = lookup(name)
    if card is None:
        raise InputError(_unknown_card(name))
    details = _card_details(card)
    if as_json:
        print_json(details)
    else:
        typer.echo(_format_details(details))


def _unknown_card(name: str) -> str:
    hint = did_you_mean(name) or f"run '{PROG} cards' to list the catalogue"
    return f"unknown card {name!r}; {hint}"


def _alone(card: CardData) -> tuple[ParsedText, tuple[ManaAbility, ...]]:
    """A card's parsed text, and its mana abilities on an otherwise empty battlefield.

    The second includes the abilities its basic land types give it (CR 305.6), e.g. a Forest's.
    """
    board = Board.from_dict(
        {
            "version": 1,
            "players": [{"id": "you"}],
            "permanents": [{"id": "it", "card": card.name, "controller": "you"}],
        },
        f"catalogue card {card.name!r}",
    )
    view = BoardView(board)
    return view.parsed["it"], view.mana_abilities("it")


def _makes_summary(card: CardData) -> str:
    """What a card makes, in a few words: its mana abilities' outputs, or else its kinds of effect."""
    parsed, abilities = _alone(card)
    if abilities:
        return "; ".join(dict.fromkeys(_ability_summary(a) for a in abilities))
    if parsed.effects:
        return ", ".join(dict.fromkeys(f"[{_effect_kind(e).replace('_', ' ')}]" for e in parsed.effects))
    return "-"


def _card_summary(card: CardData) -> dict[str, Any]:
    return {
        "name": card.name,
        "type_line": card.type_line,
        "mana_cost": card.mana_cost,
        "makes": _makes_summary(card),
    }


# ---- short summaries ("G", "any color", "WU (choice)")


def _ability_summary(ability: ManaAbility) -> str:
    text = _output_summary(ability.output)
    for _, alternative in ability.conditional:
        text += f" (or {_output_summary(alternative)} if ...)"
    if ability.restriction is not None:
        text += " (restricted)"
    return text


def _output_summary(output: ManaOutput) -> str:
    amount = output.amount
    if output.kind is OutputKind.FIXED:
        text = "".join(t.letter for t in output.options[0].units())
        return text + _times(amount)
    if output.kind is OutputKind.CHOICE:
        if all(option.total == 1 for option in output.options):
            letters = ManaTypes.of(t for option in output.options for t in option.units())
            return f"{letters} (choice)" + _times(amount)
        return (
            "/".join("".join(t.letter for t in o.units()) for o in output.options)
            + " (choice)"
            + _times(amount)
        )
    palette = output.palette
    if palette.kind is PaletteKind.TYPES:
        where = {ALL_COLORS: "color", ALL_TYPES: "type"}.get(palette.types, f"of {palette.types}")
    else:
        where = {
            PaletteKind.COMMANDER: "color in your commander's identity",
            PaletteKind.CHOSEN_COLOR: "the chosen color",
            PaletteKind.REFLECT: "type "
            + " or ".join(_a(f.describe()) for f in palette.among)
            + " could make",
            PaletteKind.REFLECT_SACRIFICED: "type the sacrificed permanent could make",
            PaletteKind.COLORS_AMONG: "color among " + " or ".join(f.describe() for f in palette.among),
            PaletteKind.PRODUCED: "type that permanent made",
            PaletteKind.SAME_AS_TRIGGER: "that color",
        }[palette.kind]
        if palette.kind is PaletteKind.REFLECT and palette.types == ALL_COLORS:
            where = "color" + where.removeprefix("type")
    if output.kind is OutputKind.EACH_TYPE:
        return f"one of each {where}"
    if not amount.is_constant:
        one = where if where in ("the chosen color", "that color") else "any one " + where.removeprefix("of ")
        return f"{one}{_times(amount)}"
    count = amount.constant
    if output.kind is OutputKind.COMBINATION:
        return f"{count} in any combination of {'colors' if palette.types == ALL_COLORS else palette.types}"
    if where in ("the chosen color", "that color"):
        return where if count == 1 else f"{count} of {where}"
    return ("any " if count == 1 else f"{count} of any one ") + where.removeprefix("of ")


def _times(amount: Amount) -> str:
    if amount.is_constant:
        return "" if amount.constant == 1 else f" x{amount.constant}"
    return " per " + _count_words(amount).removeprefix("#")


def _count_words(amount: Amount) -> str:
    """A board-dependent amount in a few words ('creature you control', 'charge counter')."""
    prefix = f"{amount.multiplier}x " if amount.multiplier != 1 else ""
    if amount.kind is AmountKind.COUNT and amount.filter is not None:
        return prefix + amount.filter.describe()
    if amount.kind is AmountKind.COUNTERS:
        return f"{prefix}{amount.counter} counter on it"
    if amount.kind is AmountKind.DEVOTION:
        return prefix + "devotion to " + (str(amount.colors) if amount.colors else "that color")
    return prefix + str(amount.constant)


# ---- one card in detail


def _card_details(card: CardData) -> dict[str, Any]:
    """Everything the parser read from one card, as JSON-ready data (also what the readable view shows)."""
    parsed, abilities = _alone(card)
    intrinsic = [a for a in abilities if a not in parsed.mana_abilities]
    mana_cost = ManaCost.parse(card.mana_cost) if card.mana_cost else None
    return {
        "name": card.name,
        "type_line": card.type_line,
        "mana_cost": card.mana_cost,
        "mana_value": mana_cost.mana_value if mana_cost is not None else 0,
        "color_indicator": card.color_indicator,
        "token": card.token,
        "oracle": card.oracle,
        "mana_abilities": [_ability_json(a) for a in parsed.mana_abilities],
        "intrinsic_mana_abilities": [_ability_json(a) for a in intrinsic],
        "effects": [
            {"kind": _effect_kind(e), "text": e.text, "summary": _effect_summary(e)} for e in parsed.effects
        ],
        "keywords": sorted(parsed.keywords),
        "choices_needed": list(parsed.choices_needed),
        "ignored": list(parsed.ignored),
        "unsupported": list(parsed.unsupported),
    }


def _ability_json(ability: ManaAbility) -> dict[str, Any]:
    return {
        "text": ability.text,
        "cost": ability.cost.describe(),
        "output": ability.output.describe(),
        "makes": _ability_summary(ability),
        "conditional": [
            {"if": _condition_words(condition), "output": output.describe()}
            for condition, output in ability.conditional
        ],
        "restriction": ability.restriction.text if ability.restriction is not None else None,
        "riders": list(ability.riders),
        "self_damage": ability.self_damage,
        "life_loss": ability.life_loss,
        "sacrifice_when_no_counters": ability.sacrifice_when_empty or None,
        "activation_condition": (
            _condition_words(ability.activation_condition)
            if ability.activation_condition is not None
            else None
        ),
        "taps_for_mana": ability.taps_for_mana,
    }


def _condition_words(condition: Condition) -> str:
    many = f"{condition.at_least} or more " if condition.at_least != 1 else ""
    return "you control " + " and ".join(
        many + f.describe().removesuffix(" you control") for f in condition.filters
    )


_EFFECT_KINDS: dict[type, str] = {
    GrantAbility: "grant",
    ProductionReplacement: "replacement",
    ManaTrigger: "trigger",
    UnspentManaEffect: "unspent_mana",
}


def _effect_kind(effect: StaticEffect) -> str:
    """A short name for the kind of effect: 'trigger', 'type_change', ... (the class name otherwise)."""
    name = type(effect).__name__
    return _EFFECT_KINDS.get(type(effect)) or re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower()


_WHO = {Who.YOU: "you", Who.OPPONENTS: "an opponent", Who.ANY: "a player"}
_TAPS = {Who.YOU: "you tap", Who.OPPONENTS: "an opponent taps", Who.ANY: "a player taps"}
_COLOR_NAMES = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green", "C": "colorless"}


def _effect_summary(effect: StaticEffect) -> str:
    """One readable line saying what a static, triggered or replacement effect does to mana."""
    if isinstance(effect, TypeChange):
        types = " ".join(effect.land_types)
        how = f"also {types}" if effect.adds else f"{types} (replacing its land types and their abilities)"
        return f"{_each(effect.affected)} is {how}"
    if isinstance(effect, GrantAbility):
        ability = effect.ability
        return (
            f"{_each(effect.affected)} has '{ability.text}' "
            f"(cost {ability.cost.describe()}; makes {ability.output.describe()})"
        )
    if isinstance(effect, ProductionReplacement):
        how_much = f"{effect.min_amount} or more mana" if effect.min_amount > 1 else "mana"
        if effect.kind is ReplacementKind.MULTIPLY:
            result = f"{effect.factor} times as much"
        elif effect.kind is ReplacementKind.SET_MANA:
            result = f"{effect.mana} instead of any other type and amount"
        else:
            result = f"{_type_words(effect.new_type)} mana instead of any other type (amount kept)"
        return f"if {_TAPS[effect.who]} {_a(effect.affected.describe())} for {how_much}, it makes {result}"
    if isinstance(effect, ManaTrigger):
        return _trigger_summary(effect)
    if isinstance(effect, UnspentManaEffect):
        whose = "your" if effect.who is Who.YOU else "each player's"
        types = "" if effect.types == ALL_TYPES else f" {_type_words(effect.types)}"
        if effect.mode is UnspentMode.KEEP:
            return f"{whose} unspent{types} mana stays in the pool as steps and phases end"
        return f"{whose} unspent{types} mana becomes colorless instead of emptying"
    if isinstance(effect, CostModifier):
        spells = effect.spells.describe()
        colors = " or ".join(_COLOR_NAMES[t.letter] for t in effect.colors)
        what = " ".join(filter(None, (colors, "" if spells == "permanent" else spells, "spells")))
        caster = "" if effect.who is Who.ANY else f" {'you' if effect.who is Who.YOU else 'opponents'} cast"
        by = f"{{{abs(effect.generic_delta)}}} {'more' if effect.generic_delta > 0 else 'less'}"
        per = " for each other spell that player cast this turn" if effect.per_other_spell_this_turn else ""
        return f"{what}{caster} cost {by} to cast{per}"
    if isinstance(effect, SpendAsThough):
        types = "other" if effect.others else _type_words(effect.types)
        only = " only" if effect.only else ""
        as_types = _type_words(effect.as_types)
        as_mana = f"mana of {as_types}" if as_types.startswith("any ") else f"{as_types} mana"
        return f"{_WHO[effect.who]} may spend {types} mana{only} as though it were {as_mana}"
    if isinstance(effect, TapDamage):
        return f"whenever it becomes tapped (for mana or not), it deals {effect.damage} damage to you"
    return effect.text


def _trigger_summary(effect: ManaTrigger) -> str:
    of_types = " of the chosen color" if effect.chosen_color else ""
    if effect.of_types != ALL_TYPES:
        of_types = f" of {_type_words(effect.of_types)}"
    subject = _a(effect.affected.describe())
    if effect.event is TriggerEvent.LAND_ADDS_MANA:
        when = f"whenever {subject}'s ability makes {_WHO[effect.who]} add mana{of_types}"
    elif effect.affected.attached or effect.who is Who.ANY:
        when = f"whenever {_each(effect.affected, 'a')} is tapped for mana{of_types}"
    else:
        when = f"whenever {_TAPS[effect.who]} {subject} for mana{of_types}"
    receiver = "its tapper adds" if effect.to_tapper and effect.who is not Who.YOU else "you add"
    return f"{when}, {receiver} {effect.adds.describe()}"


def _type_words(types: ManaTypes) -> str:
    """Mana types as an adjective: 'white', 'colorless', 'W or U', 'any color', 'any type'."""
    if len(types) == 1:
        return _COLOR_NAMES[str(types)]
    named = {ALL_COLORS: "any color", ALL_TYPES: "any type"}
    return named.get(types, " or ".join(t.letter for t in types))


def _each(flt: ObjectFilter, determiner: str = "each") -> str:
    """'each land you control', 'a Forest', or 'the enchanted land' for a filter on the attached permanent."""
    words = flt.describe()
    if flt.attached:
        return "the enchanted " + words.removeprefix("the enchanted/equipped ")
    return f"{determiner} {words}" if determiner != "a" else _a(words)


def _a(phrase: str) -> str:
    """The phrase with an indefinite article, unless it already starts with a determiner."""
    if phrase.startswith(("the ", "this ", "other ", "each ")):
        return phrase
    return ("an " if phrase[:1].lower() in "aeiou" else "a ") + phrase


def _format_details(details: dict[str, Any]) -> str:
    lines = [details["name"], f"  type line:  {details['type_line']}"]
    if details["mana_cost"]:
        lines.append(f"  mana cost:  {details['mana_cost']} (mana value {details['mana_value']})")
    if details["color_indicator"]:
        lines.append(f"  color indicator: {details['color_indicator']}")
    if details["token"]:
        lines.append("  token")
    lines.append("  oracle:" + ("" if details["oracle"] else " (none)"))
    lines += [f"    {line}" for line in details["oracle"].splitlines()]
    for title, abilities in (
        ("mana abilities", details["mana_abilities"]),
        ("mana abilities from its basic land types (CR 305.6)", details["intrinsic_mana_abilities"]),
    ):
        if abilities:
            lines += ["", f"{title}:"]
            for number, ability in enumerate(abilities, 1):
                lines += [f"  {number}. {ability['text']}", *_ability_lines(ability)]
    if details["effects"]:
        lines += ["", "effects on mana:"]
        lines += [f"  - {e['kind'].replace('_', ' ')}: {e['summary']}" for e in details["effects"]]
    if details["keywords"]:
        lines += ["", f"keywords: {', '.join(details['keywords'])}"]
    if details["choices_needed"]:
        choices = ", ".join(c.replace("_", " ") for c in details["choices_needed"])
        lines += ["", f"choices needed as it enters (board 'choices'): {choices}"]
    if details["ignored"]:
        lines += ["", "ignored (not about mana):", *(f"  - {s}" for s in details["ignored"])]
    if details["unsupported"]:
        lines += [
            "",
            "UNSUPPORTED (about mana, but not understood):",
            *(f"  - {s}" for s in details["unsupported"]),
        ]
    if not (details["mana_abilities"] or details["intrinsic_mana_abilities"] or details["effects"]):
        lines += ["", "no mana abilities and no effects on mana"]
    return "\n".join(lines)


def _ability_lines(ability: dict[str, Any]) -> list[str]:
    rows = [("cost", ability["cost"]), ("makes", ability["output"])]
    rows += [("instead", f"{alt['output']} if {alt['if']}") for alt in ability["conditional"]]
    rows += [
        ("spend only", _spend_only(ability["restriction"] or "", ability["riders"])),
        ("rider", "; ".join(ability["riders"])),
        ("damage", f"{ability['self_damage']} to you" if ability["self_damage"] else ""),
        ("life loss", f"{ability['life_loss']}" if ability["life_loss"] else ""),
        ("only if", ability["activation_condition"] or ""),
        (
            "sacrifice",
            f"when no {ability['sacrifice_when_no_counters']} counters remain"
            if ability["sacrifice_when_no_counters"]
            else "",
        ),
    ]
    return [f"     {label + ':':<11} {value}" for label, value in rows if value]


def _spend_only(restriction: str, riders: list[str]) -> str:
    """A restriction without its 'Spend this mana only' opening and without the riders shown apart."""
    text = restriction.removeprefix("Spend this mana only ")
    for rider in riders:
        text = text.removesuffix(f", and {rider}")
    return text


# --------------------------------------------------------------------------------------------------------
# pay and max-x

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
) -> None:
    """Find the best way to pay COST from the board, and show it.

    The report lists the abilities to activate in order (what each produced, and what it sacrificed, tapped
    or paid for its own cost), which mana paid each cost symbol, what was tapped and sacrificed, life paid
    and damage taken, mana left floating, and what stays untapped with the types it could still make.
    "Best" is lexicographic: least life paid and damage taken, then sacrificing nothing of value, then
    wasting no mana, then keeping the most options open (the README says exactly how); --keep and --hand
    come first. Exits 0 when payable, 1 when not (the reason says why), 2 on bad input.
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
    loaded, source = load_board(board, strict=strict)
    with about_board(source):
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
) -> None:
    """Find the largest X for which COST (with {X}) is payable, and the best way to pay it.

    The report is pay's, for that X; JSON output is pay's with "x" first, null when COST can't be paid
    even with X = 0. Exits 0 when payable, 1 when not, 2 on bad input.
    """
    target = _target(cost, for_, colors, kind, commander)
    if not target.cost.has_variable:
        raise InputError(f"COST: {target.cost} has no X; use '{PROG} pay' for a cost without X")
    _check_time_limit(time_limit)
    loaded, source = load_board(board, strict=strict)
    with about_board(source):
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
    """Print the result (JSON or the report) and exit 1 when the cost is not payable."""
    if as_json:
        print_json(result.to_json())
    else:
        typer.echo(_pay_report(board, player or board.active_player, target, result, keep, hand))
    if not result.payable:
        raise typer.Exit(EXIT_NO)


def _what_for(target: PaymentTarget) -> str:
    """'a spell', 'a Creature — Eldrazi spell, colorless, your commander', 'an ability, colors UR'..."""
    noun = "ability" if target.kind is PaymentKind.ABILITY else "spell"
    words = [_a(f"{target.type_line} {noun}" if str(target.type_line) else noun)]
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
        verdict = "not payable even with X = 0" if result.cost_has_x else "not payable"
        if not result.optimal:  # the time limit ran out before any payment was found
            verdict = "no payment found before the time limit"
        return f"{head}: {verdict}\nreason: {result.reason}"
    lines = [f"{head}: payable" + (f" with X = {result.x}" if result.cost_has_x else "")]
    lines += ["", *_steps_table(result)]
    lines += ["", "payment:"]
    width = max((len(symbol) for symbol, _, _ in result.symbols), default=0)
    for symbol, mana, life in result.symbols:
        paid = " and ".join(filter(None, [mana, f"{life} life" if life else ""])) or "nothing"
        lines.append(f"  {symbol.ljust(width)}  paid with {paid}")
    open_sources = _still_open(board, player, result)
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


def _still_open(board: Board, player: str, result: PayResult) -> dict[str, ManaTypes]:
    """The player's permanents the payment left alone that are untapped and can make mana now, with the
    types each could produce (CR 106.7)."""
    touched = {*result.tapped, *result.sacrificed}
    for step in result.steps:
        touched.update((step.permanent, *step.sacrificed, *step.tapped_for_cost))
    view = BoardView(board)
    return {
        pid: types
        for pid, types in could_produce(board, player).items()
        if types
        and pid not in touched
        and not board.permanent(pid).tapped
        and any(view.why_not_activatable(pid, ability) is None for ability in view.mana_abilities(pid))
    }


# Command modules: each registers its commands on `app` with `command(...)` when imported. Add one import
# line per module here.
import planner.cli_bench  # noqa: E402, F401  (the `bench` group)
from planner import cli_simulate  # noqa: E402, F401  (simulate, sources-needed)

# (end of command modules)


def main() -> None:
    """Run the ``mana-planner`` command (the console script's entry point)."""
    app(prog_name=PROG)


if __name__ == "__main__":
    main()
