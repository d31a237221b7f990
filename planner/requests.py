"""The questions the commands and the service answer, from their options to their JSON answer: one function
per question, shared by ``mana-planner pay`` (and ``max-x``, ``could-produce``, ``cards NAME``) and by
``mana-planner serve``, so that both check the options with the same one-line messages and print the same
object.

Each function takes the options by the commands' long names (``for_`` for ``--for``), checks them, reads
the board through a :data:`BoardLoader` (the command reads a file, the service a JSON object, through its
cache), asks :mod:`planner.api`, and returns an answer whose ``to_json()`` is exactly what the command prints
with ``--json``. Errors about the options are :class:`~models.errors.InputError` naming the option (and
carrying it as ``param``); errors about the board name its source.

>>> from models.board import Board
>>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
...     {"id": "f1", "card": "Forest", "controller": "me"}]})
>>> answer = pay_request(lambda strict: (board, "b.json"), "G")
>>> answer.to_json()["tapped"], answer.result.payable
(['f1'], True)
>>> pay_request(lambda strict: (board, "b.json"), "{Q}")
Traceback (most recent call last):
...
models.errors.CostParseError: COST: invalid mana symbol '{Q}' at position 0 in '{Q}'
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from models.abilities import SpendPurpose
from models.cost import ManaCost, PaymentKind, PaymentTarget
from models.errors import CostParseError, InputError
from models.limits import checked_name
from models.types import TypeLine

if TYPE_CHECKING:
    from models.board import Board
    from models.carddata.names import CardResolver
    from models.mana import ManaTypes
    from planner.api import PayResult
    from planner.turn import TurnResult

__all__ = [
    "BoardLoader",
    "CardAnswer",
    "PaymentAnswer",
    "ProductionAnswer",
    "Ways",
    "about_board",
    "card_request",
    "could_produce_request",
    "max_x_request",
    "pay_request",
    "plan_turn_request",
]

#: Reads the board a question is about: given ``strict``, returns it and the name its errors use (a file name,
#: or ``board`` for the service's parameter). Unsupported text is a warning, or an error with ``strict``.
BoardLoader = Callable[[bool], "tuple[Board, str]"]

#: The program's name, for the hints that suggest another command.
_PROG = "mana-planner"


@dataclass(frozen=True, slots=True)
class PaymentAnswer:
    """The answer of ``pay`` or ``max-x``: the API's result, with the question it answers (the readable
    report shows both)."""

    board: Board
    player: str | None
    target: PaymentTarget
    result: PayResult
    keep: PaymentTarget | None = None
    hand: tuple[PaymentTarget, ...] = ()

    def to_json(self) -> dict[str, Any]:
        """What ``pay --json`` (or ``max-x --json``) prints."""
        return self.result.to_json()


@dataclass(frozen=True, slots=True)
class ProductionAnswer:
    """The answer of ``could-produce``: whose permanents (``None``: everyone's) and what each could make."""

    board: Board
    whose: str | None
    sets: dict[str, ManaTypes]

    def to_json(self) -> dict[str, str]:
        """What ``could-produce --json`` prints: permanent id to types in WUBRGC order, ``""`` for none."""
        return {pid: str(types) for pid, types in self.sets.items()}


@dataclass(frozen=True, slots=True)
class CardAnswer:
    """The answer of ``cards NAME``: the card's faces shown and what the parser read from each."""

    name: str
    details: tuple[dict[str, Any], ...]

    def to_json(self) -> dict[str, Any]:
        """What ``cards NAME --json`` prints: one face's details, or the card's name and every face's."""
        if len(self.details) == 1:
            return self.details[0]
        return {"name": self.name, "faces": list(self.details)}


@dataclass(frozen=True, slots=True, kw_only=True)
class Ways:
    """What pays besides mana abilities, and for what: ``--spell NAME`` (the card's cost, type line, colors,
    keywords and own cost reductions) and the switches ``--convoke``, ``--improvise``, ``--delve``."""

    spell: str | None = None
    convoke: bool = False
    improvise: bool = False
    delve: bool = False


def pay_request(
    board: BoardLoader,
    cost: str | None,
    *,
    for_: str = "",
    colors: str | None = None,
    kind: PaymentKind | str = PaymentKind.SPELL,
    commander: bool = False,
    purposes: Sequence[str] = (),
    keywords: Sequence[str] = (),
    keep: str | None = None,
    hand: Sequence[str] = (),
    player: str | None = None,
    x: int | None = None,
    time_limit: float = 10.0,
    strict: bool = False,
    ways: Ways = Ways(),
    value: Sequence[str] = (),
    prefer: str | None = None,
    cards: CardResolver | None = None,
) -> PaymentAnswer:
    """``mana-planner pay``: the best way to pay ``cost`` (or ``--spell``'s, found in the hand, else through
    ``cards``: the card store, then the catalogue); the options are the command's (see its help).

    The options that need no board are checked before the board is read, as the command does.
    """
    _check_options(cost, for_, ways)
    bare = _cost_target(cost, for_, colors, kind, commander)
    what_for = _what_for(purposes, keywords)
    keep_target = _plain_target(keep, "--keep") if keep is not None else None
    hand_targets = tuple(_plain_target(text, "--hand") for text in hand)
    if x is not None and x < 0:
        raise InputError(f"--x: must be 0 or more, got {x}", param="x")
    _check_time_limit(time_limit)
    life_value = _life_value(value)
    kinds = _kinds(prefer)
    loaded, source = board(strict)
    with about_board(source):
        target = what_for(_target(bare, cost, for_, kind, commander, ways, loaded, player, cards))
        loaded = _cast_from_hand(loaded, ways, player)
    if target.cost.has_variable and x is None:
        raise InputError(
            f"COST: {target.cost} has X: give its value with --x N, or ask for the largest X with "
            f"'{_PROG} max-x'",
            param="x",
        )
    if x is not None and not target.cost.has_variable:
        raise InputError(f"--x: the cost {target.cost} has no X", param="x")
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
            life_value=life_value,
            prefer=kinds,
        )
    return PaymentAnswer(loaded, player, target, result, keep_target, hand_targets)


def max_x_request(
    board: BoardLoader,
    cost: str | None,
    *,
    for_: str = "",
    colors: str | None = None,
    kind: PaymentKind | str = PaymentKind.SPELL,
    commander: bool = False,
    purposes: Sequence[str] = (),
    keywords: Sequence[str] = (),
    player: str | None = None,
    time_limit: float = 10.0,
    strict: bool = False,
    ways: Ways = Ways(),
    value: Sequence[str] = (),
    prefer: str | None = None,
    cards: CardResolver | None = None,
) -> PaymentAnswer:
    """``mana-planner max-x``: the largest X for which ``cost`` (or ``--spell``'s, found as for
    :func:`pay_request`) is payable, with the plan."""
    _check_options(cost, for_, ways)
    bare = _cost_target(cost, for_, colors, kind, commander)
    what_for = _what_for(purposes, keywords)
    _check_time_limit(time_limit)
    life_value = _life_value(value)
    kinds = _kinds(prefer)
    loaded, source = board(strict)
    with about_board(source):
        target = what_for(_target(bare, cost, for_, kind, commander, ways, loaded, player, cards))
        loaded = _cast_from_hand(loaded, ways, player)
    if not target.cost.has_variable:
        raise InputError(
            f"COST: {target.cost} has no X; use '{_PROG} pay' for a cost without X", param="cost"
        )
    with about_board(source):
        from planner.api import max_x

        result = max_x(
            loaded,
            target,
            player=player,
            time_limit=time_limit,
            strict=strict,
            life_value=life_value,
            prefer=kinds,
        )
    return PaymentAnswer(loaded, player, target, result)


def plan_turn_request(
    board: BoardLoader,
    *,
    cast: Sequence[str] = (),
    order: str = "given",
    hold: str | None = None,
    land: str | None = None,
    player: str | None = None,
    x: int = 1,
    time_limit: float = 10.0,
    strict: bool = False,
    cards: CardResolver | None = None,
    no_land: bool = False,
) -> TurnResult:
    """``mana-planner plan-turn``: the turn's plan (contract section 7); the options are the command's."""
    if order not in ("given", "best"):
        raise InputError(f"--order: must be 'given' or 'best', got {order!r}", param="order")
    if order == "best" and not cast:
        raise InputError("--order best: give the spells to order with --cast", param="order")
    hold_target = _plain_target(hold, "--hold") if hold is not None else None
    if x < 0:
        raise InputError(f"--x: must be 0 or more, got {x}", param="x")
    if no_land and land is not None:
        raise InputError(f"--no-land and --land {land}: choose one", param="no_land")
    for text in cast:
        if text.lstrip().startswith("{"):
            _parse_cost(text, "--cast")
    _check_time_limit(time_limit)
    loaded, source = board(strict)
    with about_board(source):
        from planner.turn import plan_turn

        return plan_turn(
            loaded,
            casts=tuple(cast),
            order="best" if order == "best" else "given",
            hold=hold_target,
            land=land,
            player=player,
            x=x,
            time_limit=time_limit,
            strict=strict,
            cards=cards,
            no_land=no_land,
        )


def could_produce_request(
    board: BoardLoader, *, player: str | None = None, strict: bool = False
) -> ProductionAnswer:
    """``mana-planner could-produce``: the types each permanent could produce (``player`` ``"all"``: every
    permanent; default the active player's).

    >>> from models.board import Board
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
    ...     {"id": "f1", "card": "Forest", "controller": "me"}]})
    >>> could_produce_request(lambda strict: (board, "b.json")).to_json()
    {'f1': 'G'}
    """
    loaded, source = board(strict)
    whose = None if player == "all" else (loaded.active_player if player is None else player)
    with about_board(source):
        from planner.api import could_produce

        sets = could_produce(loaded, whose)
    return ProductionAnswer(loaded, whose, sets)


def card_request(name: str, *, cards: CardResolver | None = None) -> CardAnswer:
    """``mana-planner cards NAME``: a card's text and what the parser read from it, found through ``cards``
    (a card store, then the built-in catalogue; default: the catalogue alone). A face's own name shows that
    face; the card's whole name (``A // B``) shows every face.

    >>> card_request("Forest").to_json()["type_line"]
    'Basic Land — Forest'
    >>> card_request("Forrest")
    Traceback (most recent call last):
    ...
    models.errors.InputError: unknown card 'Forrest'; did you mean 'Forest'?
    """
    from models.carddata.names import CardResolver
    from models.catalogue import CardData
    from planner.describe import card_details

    checked_name(name, "name", "a card name", param="name")
    resolver = cards if cards is not None else CardResolver(None)
    found = resolver.resolve(name)
    if found is None:
        hint = resolver.did_you_mean(name) or f"run '{_PROG} cards' to list the catalogue"
        raise InputError(f"unknown card {name!r}; {hint}", param="name")
    faces = found.faces if found.face_index is None else (found.face,)
    shown = [
        CardData(
            name=face.name,
            type_line=face.type_line,
            oracle=face.oracle,
            mana_cost=face.mana_cost or None,
            color_indicator=face.color_indicator or None,
            token=found.token,
        )
        for face in faces
    ]
    return CardAnswer(name=found.name, details=tuple(card_details(face) for face in shown))


@contextmanager
def about_board(source: str) -> Iterator[None]:
    """Name the board's source in the input errors that the planner raises about a loaded board (keeping
    their JSON path)."""
    try:
        yield
    except InputError as error:
        if str(error).startswith(f"{source}: "):
            raise
        raise error.renamed(f"{source}: {error}") from error


def _parse_cost(text: str, where: str) -> ManaCost:
    """A cost given as an option; a bad one is an input error naming the argument or option."""
    try:
        return ManaCost.parse(text)
    except CostParseError as error:
        raise CostParseError(f"{where}: {error}", param=_param_of(where)) from None


def _param_of(where: str) -> str:
    """The service's parameter name for a command-line argument or option: ``COST`` -> ``cost``."""
    return where.removeprefix("--").lower().replace("-", "_")


def _check_options(cost: str | None, type_line: str, ways: Ways) -> None:
    """COST and --for checked before the board is read, so that their errors name no board."""
    if cost is None and ways.spell is None:
        raise InputError("COST: give the cost to pay, or --spell NAME", param="cost")
    if cost is not None:
        _parse_cost(cost, "COST")
    _type_line(type_line)


def _type_line(text: str) -> TypeLine:
    """A --for type line, which must name a card type when it is given."""
    try:
        types = TypeLine.parse(text)
    except ValueError as error:
        raise InputError(f"--for: {error}", param="for") from None
    if text.strip() and not types.card_types:
        raise InputError(
            f"--for: the type line {text!r} has no card type, e.g. 'Creature — Elf'", param="for"
        )
    return types


#: What a payment may say it is (``--purpose``), for mana only such payments may spend (SpendPurpose's
#: values but the keyword ones, which ``--keyword`` and a spell's own text give).
PURPOSES = tuple(
    p.value for p in SpendPurpose if p not in (SpendPurpose.KEYWORD, SpendPurpose.KEYWORD_ABILITY)
)


def _what_for(purposes: Sequence[str], keywords: Sequence[str]) -> Callable[[PaymentTarget], PaymentTarget]:
    """What the options ``--purpose`` and ``--keyword`` say of a target, checked before the board is read:
    the target with those purposes, and those keywords besides its own (a spell's text gives its own).

    >>> with_them = _what_for(["cumulative-upkeep"], ["Devoid"])
    >>> target = with_them(PaymentTarget.of("{1}"))
    >>> sorted(target.purposes), sorted(target.keywords)
    (['cumulative_upkeep'], ['devoid'])
    """
    named = frozenset(purpose.strip().lower().replace("-", "_") for purpose in purposes)
    for purpose in sorted(named):
        if purpose not in PURPOSES:
            choices = ", ".join(p.replace("_", "-") for p in PURPOSES)
            raise InputError(f"--purpose: expected one of {choices}, got {purpose!r}", param="purposes")
    extra = frozenset(keyword.strip().lower() for keyword in keywords if keyword.strip())
    return lambda target: replace(target, purposes=target.purposes | named, keywords=target.keywords | extra)


def _cost_target(
    cost: str | None, type_line: str, colors: str | None, kind: PaymentKind | str, commander: bool
) -> PaymentTarget | None:
    """The target a bare COST describes (None when --spell gives it): checked before the board is read."""
    try:
        payment_kind = PaymentKind(kind)
    except ValueError:
        choices = ", ".join(repr(k.value) for k in PaymentKind)
        raise InputError(f"--kind: expected one of {choices}, got {kind!r}", param="kind") from None
    if cost is None:
        return None
    mana_cost = _parse_cost(cost, "COST")
    try:
        return PaymentTarget.of(
            mana_cost, type_line=_type_line(type_line), colors=colors, kind=payment_kind, commander=commander
        )
    except InputError as error:
        raise InputError(f"--colors: {error}", param="colors") from None


def _target(
    bare: PaymentTarget | None,
    cost: str | None,
    type_line: str,
    kind: PaymentKind | str,
    commander: bool,
    ways: Ways,
    board: Board,
    player: str | None,
    cards: CardResolver | None,
) -> PaymentTarget:
    """The payment target: the bare COST's, or the --spell card's (COST then replaces its cost; the card
    found in the hand, else through ``cards``), with the ways of paying without mana that the options or
    the card allow."""
    from planner.solve.problem import checked_player

    payer = checked_player(board, player)
    if ways.spell is not None:
        from models.spells import find_spell, spell_target

        mana_cost = _parse_cost(cost, "COST") if cost is not None else None
        try:
            target = spell_target(find_spell(board.player(payer), ways.spell, cards), mana_cost)
        except InputError as error:
            raise InputError(f"--spell: {error}", param="spell") from None
        if type_line:
            target = replace(target, type_line=_type_line(type_line))
        target = replace(target, kind=PaymentKind(kind), commander=commander)
    else:
        assert bare is not None
        target = bare
    target = replace(
        target,
        convoke=target.convoke or ways.convoke,
        improvise=target.improvise or ways.improvise,
        delve=target.delve or ways.delve,
    )
    if target.delve and board.player(payer).graveyard is None:
        raise InputError(
            f"--delve: the board gives no graveyard for {payer}: give 'graveyard' "
            "(a list of cards or a count)",
            param="delve",
        )
    return target


def _cast_from_hand(board: Board, ways: Ways, player: str | None) -> Board:
    """The board with the --spell card, when it is in the payer's hand, moved to the stack (CR 601.2a): the
    payment can't use the card itself (an Elvish Spirit Guide paying for its own casting)."""
    if ways.spell is None:
        return board
    from planner.solve.problem import checked_player

    payer = checked_player(board, player)
    return board.with_player(board.player(payer).casting(ways.spell))


def _life_value(values: Sequence[str]) -> int | None:
    """The mana one life is worth, from --value life=N (None: life comes first, whatever it costs)."""
    found: int | None = None
    for text in values:
        key, _, number = text.partition("=")
        if key.strip().lower() != "life":
            raise InputError(
                f"--value: {text!r}: only 'life=N' can be valued (one life is worth N mana)", param="value"
            )
        if not number.strip().isdigit() or len(number.strip()) > 6:
            raise InputError(f"--value: {text!r}: N must be a whole number of mana, 0 or more", param="value")
        found = int(number)
    return found


def _kinds(prefer: str | None) -> tuple[str, ...]:
    """The kinds of --prefer, checked."""
    if prefer is None:
        return ()
    from planner.solve.objective import check_prefer

    try:
        return check_prefer([kind for kind in prefer.split(",") if kind.strip()])
    except InputError as error:
        raise InputError(f"--prefer: {error}", param="prefer") from None


def _plain_target(cost: str, option: str) -> PaymentTarget:
    """A --keep or --hand cost: a spell with no type line, of the cost's colors."""
    mana_cost = _parse_cost(cost, option)
    if mana_cost.has_variable:
        raise InputError(
            f"{option}: {mana_cost} has X; give the cost with a number for X", param=_param_of(option)
        )
    return PaymentTarget.of(mana_cost)


def _check_time_limit(seconds: float) -> None:
    if not seconds > 0:
        raise InputError(f"--time-limit: must be more than 0 seconds, got {seconds:g}", param="time_limit")
