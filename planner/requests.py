"""The answers to the questions the commands and the service ask, from a question's record to its JSON
answer: one function per question, shared by ``mana-planner pay`` (and ``max-x``, ``could-produce``,
``plan-turn``, ``cards NAME``) and by ``mana-planner serve``, so that both print the same object.

Each function takes the question's record (:mod:`planner.questions`, checked as it was built), reads the
board through a :data:`BoardLoader` (the command reads a file, the service a JSON object, through its
cache), checks what needs the board, asks :mod:`planner.api`, and returns an answer whose ``to_json()`` is
exactly what the command prints with ``--json``. Errors about the options are
:class:`~models.errors.InputError` naming the option (and carrying the service's name as ``param``); errors
about the board name its source.

>>> from models.board import Board
>>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
...     {"id": "f1", "card": "Forest", "controller": "me"}]})
>>> answer = pay_request(lambda strict: (board, "b.json"), PayQuestion(cost="G"))
>>> answer.to_json()["tapped"], answer.result.payable
(['f1'], True)
>>> pay_request(lambda strict: (board, "b.json"), PayQuestion(cost="{G}{X}"))
Traceback (most recent call last):
...
models.errors.InputError: COST: {X}{G} has X: give its value with --x N, or ask for the largest X with ...
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from models.additional_costs import asks_x
from models.cost import PaymentKind, PaymentTarget
from models.errors import InputError
from planner.questions import (
    PROG,
    CardQuestion,
    CouldProduceQuestion,
    MaxXQuestion,
    PayQuestion,
    PlanTurnQuestion,
    checked_type_line,
)

if TYPE_CHECKING:
    from models.board import Board
    from models.carddata.names import CardResolver
    from models.mana import ManaTypes
    from planner.answer import PayResult
    from planner.turn import TurnResult

__all__ = [
    "BoardLoader",
    "CardAnswer",
    "PaymentAnswer",
    "ProductionAnswer",
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


def pay_request(
    board: BoardLoader, question: PayQuestion, *, cards: CardResolver | None = None
) -> PaymentAnswer:
    """``mana-planner pay``: the best way to pay the question's cost (or its ``--spell``'s, found in the hand,
    else through ``cards``: the card store, then the catalogue)."""
    loaded, source = board(question.strict)
    with about_board(source):
        target = _target(question, loaded, cards)
        loaded = _cast_from_hand(loaded, question, question.player)
    if target.chooses_x and question.x is None:
        shown = target.cost if target.cost.has_variable else f"{target.name}'s additional cost"
        raise InputError(
            f"COST: {shown} has X: give its value with --x N, or ask for the largest X with '{PROG} max-x'",
            param="x",
        )
    # (an additional cost "with mana value X" has the spell's X without {X} in its cost: CR 107.3)
    if question.x is not None and not target.chooses_x and not asks_x(target.additional_costs):
        raise InputError(f"--x: the cost {target.cost} has no X", param="x")
    with about_board(source):
        from planner.api import pay

        result = pay(
            loaded,
            target,
            player=question.player,
            keep=question.keep_target,
            hand=question.hand_targets,
            x=question.x,
            time_limit=question.time_limit,
            strict=question.strict,
            life_value=question.life_value,
            prefer=question.prefer_kinds,
            alternative_cost=question.alternative_cost,
        )
    return PaymentAnswer(loaded, question.player, target, result, question.keep_target, question.hand_targets)


def max_x_request(
    board: BoardLoader, question: MaxXQuestion, *, cards: CardResolver | None = None
) -> PaymentAnswer:
    """``mana-planner max-x``: the largest X for which the question's cost (or its ``--spell``'s, found as
    for :func:`pay_request`) is payable, with the plan."""
    loaded, source = board(question.strict)
    with about_board(source):
        target = _target(question, loaded, cards)
        loaded = _cast_from_hand(loaded, question, question.player)
    if not target.chooses_x:  # (an additional cost's X too: Toxic Deluge's "pay X life", CR 107.3)
        shown = target.cost or f"{target.name}'s (it has no mana cost)"
        raise InputError(f"COST: {shown} has no X; use '{PROG} pay' for a cost without X", param="cost")
    with about_board(source):
        from planner.api import max_x

        result = max_x(
            loaded,
            target,
            player=question.player,
            time_limit=question.time_limit,
            strict=question.strict,
            life_value=question.life_value,
            prefer=question.prefer_kinds,
            alternative_cost=question.alternative_cost,
        )
    return PaymentAnswer(loaded, question.player, target, result)


def plan_turn_request(
    board: BoardLoader, question: PlanTurnQuestion, *, cards: CardResolver | None = None
) -> TurnResult:
    """``mana-planner plan-turn``: the turn's plan (contract sections 7 and 11)."""
    loaded, source = board(question.strict)
    with about_board(source):
        from planner.turn import plan_turn

        return plan_turn(
            loaded,
            casts=question.cast,
            order="best" if question.order == "best" else "given",
            hold=question.hold_target,
            land=question.land,
            player=question.player,
            x=question.x,
            time_limit=question.time_limit,
            strict=question.strict,
            cards=cards,
            no_land=question.no_land,
        )


def could_produce_request(
    board: BoardLoader, question: CouldProduceQuestion | None = None
) -> ProductionAnswer:
    """``mana-planner could-produce``: the types each permanent could produce (``player`` ``"all"``: every
    permanent; default the active player's).

    >>> from models.board import Board
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
    ...     {"id": "f1", "card": "Forest", "controller": "me"}]})
    >>> could_produce_request(lambda strict: (board, "b.json")).to_json()
    {'f1': 'G'}
    """
    question = question if question is not None else CouldProduceQuestion()
    loaded, source = board(question.strict)
    player = question.player
    whose = None if player == "all" else (loaded.active_player if player is None else player)
    with about_board(source):
        from planner.api import could_produce

        sets = could_produce(loaded, whose)
    return ProductionAnswer(loaded, whose, sets)


def card_request(question: CardQuestion, *, cards: CardResolver | None = None) -> CardAnswer:
    """``mana-planner cards NAME``: a card's text and what the parser read from it, found through ``cards``
    (a card store, then the built-in catalogue; default: the catalogue alone). A face's own name shows that
    face; the card's whole name (``A // B``) shows every face.

    >>> card_request(CardQuestion(name="Forest")).to_json()["type_line"]
    'Basic Land — Forest'
    >>> card_request(CardQuestion(name="Forrest"))
    Traceback (most recent call last):
    ...
    models.errors.InputError: unknown card 'Forrest'; did you mean 'Forest'?
    """
    from models.carddata.names import CardResolver
    from models.catalogue import CardData
    from planner.describe import card_details

    name = question.name
    resolver = cards if cards is not None else CardResolver(None)
    found = resolver.resolve(name)
    if found is None:
        hint = resolver.did_you_mean(name) or f"run '{PROG} cards' to list the catalogue"
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


def _target(question: PayQuestion | MaxXQuestion, board: Board, cards: CardResolver | None) -> PaymentTarget:
    """The payment target: the bare COST's, or the --spell card's (COST then replaces its cost; the card
    found in the hand, else through ``cards``), with the ways of paying without mana that the options or
    the card allow, and the purposes and keywords the options add."""
    from planner.solve.problem import checked_player

    payer = checked_player(board, question.player)
    if question.spell is not None:
        from models.spells import card_has_adventure, find_spell, spell_target
        from planner.api import cards_exiled_with

        mana_cost = question.bare_target.cost if question.bare_target is not None else None
        try:
            graveyard = question.cast_from == "graveyard"
            found = find_spell(
                board.player(payer),
                question.spell,
                cards,
                from_graveyard=graveyard,
                from_exile=question.cast_from == "exile",
                from_library=question.cast_from == "library",
                exiled=cards_exiled_with(board, payer) if question.cast_from == "exile" else (),
            )
            target = spell_target(found, mana_cost)
        except InputError as error:
            raise InputError(f"--spell: {error}", param="spell") from None
        if question.for_:
            target = replace(target, type_line=checked_type_line(type(question), question.for_))
        in_hand = board.player(payer).in_hand(question.spell) is not None
        target = replace(
            target,
            kind=PaymentKind(question.kind),
            commander=question.commander,
            from_hand=in_hand,
            has_adventure=card_has_adventure(board.player(payer), question.spell, cards),
        )
    else:
        assert question.bare_target is not None
        target = question.bare_target
    target = question.what_for(target)
    if question.targets is not None:
        target = replace(target, targets=question.targets)
    if question.cast_from is not None:
        target = replace(target, cast_from=question.cast_from)
    if question.commander_casts is not None:
        target = replace(target, commander_casts=question.commander_casts)
    if question.cast_by is not None:
        if question.cast_by not in {permanent.id for permanent in board.permanents}:
            raise InputError(
                f"--cast-by {question.cast_by}: no permanent of the board has this id", param="cast_by"
            )
        target = replace(target, cast_by=question.cast_by)
    if question.targeted:
        known = {permanent.id for permanent in board.permanents}
        for pid in question.targeted:
            if pid not in known:
                raise InputError(f"--target {pid}: no permanent of the board has this id", param="targeted")
        target = replace(target, targeted=tuple(question.targeted))
    target = replace(
        target,
        convoke=target.convoke or question.convoke,
        improvise=target.improvise or question.improvise,
        delve=target.delve or question.delve,
    )
    if question.waterbend is not None:
        target = with_waterbend(target, question.waterbend)
    if target.delve and board.player(payer).graveyard is None:
        raise InputError(
            f"--delve: the board gives no graveyard for {payer}: give 'graveyard' "
            "(a list of cards or a count)",
            param="delve",
        )
    return target


def with_waterbend(target: PaymentTarget, amount: str) -> PaymentTarget:
    """The target whose cost has a waterbend part of ``amount`` ('3', '{3}', 'X', '{X}': CR 701.67a), added
    to what the target's own text gives; an :class:`InputError` when it is no amount or more generic mana
    than the cost has.

    >>> with_waterbend(PaymentTarget.of("{3}"), "3").waterbend
    3
    >>> with_waterbend(PaymentTarget.of("{X}"), "X").waterbend_x
    1
    >>> with_waterbend(PaymentTarget.of("{1}{U}"), "2")
    Traceback (most recent call last):
    ...
    models.errors.InputError: --waterbend 2: the cost {1}{U} has only {1} generic mana to waterbend
    """
    text = amount.strip()
    bare = text[1:-1] if text.startswith("{") and text.endswith("}") else text
    if bare.upper() == "X":
        if target.cost.variables.get("X", 0) <= target.waterbend_x:
            raise InputError(
                f"--waterbend {amount}: the cost {target.cost} has no X to waterbend", param="waterbend"
            )
        return replace(target, waterbend_x=target.waterbend_x + 1)
    if not bare.isdigit():
        raise InputError(
            f"--waterbend {amount}: give a number of generic mana or X, e.g. 3", param="waterbend"
        )
    wanted = target.waterbend + int(bare)
    if wanted > target.cost.generic:
        raise InputError(
            f"--waterbend {amount}: the cost {target.cost} has only {{{target.cost.generic}}} generic "
            "mana to waterbend",
            param="waterbend",
        )
    return replace(target, waterbend=wanted)


def _cast_from_hand(board: Board, question: PayQuestion | MaxXQuestion, player: str | None) -> Board:
    """The board with the --spell card, when it is in the payer's hand and cast from there (not from another
    zone: ``--cast-from``), moved to the stack (CR 601.2a): the payment can't use the card itself (an
    Elvish Spirit Guide paying for its own casting)."""
    spell = question.spell
    if spell is None or question.cast_from not in (None, "hand"):
        return board
    from planner.solve.problem import checked_player

    payer = checked_player(board, player)
    return board.with_player(board.player(payer).casting(spell))
