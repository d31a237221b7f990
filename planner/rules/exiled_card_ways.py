"""A permanent's permission to cast the card its linked ability exiled, from exile, for an alternative cost
(CR 607.2a, 601.2a, 118.9): "For as long as you control ~, you may cast the exiled card during your turn by
waterbending {X} rather than paying its mana cost, where X is its mana value." (Hama, the Bloodbender), "You
may cast that card by discarding a card rather than paying its mana cost." (The Infamous Cruelclaw, as its
trigger resolves). The reader's record is a granted :class:`~models.alternative_costs.AlternativeCost` with
``exiled_card``; the card is the one the board's ``choices.imprinted`` of that permanent names (a name, an
object, or a list of them). Such a card is cast from exile by that way only: the permission is for that cost
(:func:`~planner.rules.alternative_costs.exiled_card_only`).

>>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
...     {"id": "hb", "name": "Test Bender", "type_line": "Creature", "controller": "me", "oracle":
...      "For as long as you control ~, you may cast the exiled card by discarding a card rather than paying "
...      "its mana cost.", "choices": {"imprinted": {"name": "Test Bolt", "mana_cost": "{R}",
...                                "type_line": "Instant", "oracle": "Deal 3."}}}]})
>>> [card.name for card in cards_exiled_with(board, "me")]
['Test Bolt']
>>> bolt = replace(PaymentTarget.of("{R}", name="Test Bolt"), cast_from="exile")
>>> print(why_not_exiled_card(board, bolt, "hb"))
None
>>> why_not_exiled_card(board, replace(bolt, name="Test Ogre"), "hb")
'Test Ogre is not the card exiled with hb (permanents[0].choices.imprinted)'
"""

from __future__ import annotations

from dataclasses import replace

from models.board import Board, Card
from models.board.permanents import Choices, ImprintedCard
from models.board.printed import catalogue_card
from models.cost import PaymentKind, PaymentTarget
from models.mana_effects import GrantedAlternativeCost
from planner.rules.question import view_of
from planner.rules.records import TextWarning, WarningKind

__all__ = [
    "cards_exiled_with",
    "exiled_card_holder",
    "exiled_card_warnings",
    "exiled_names",
    "unknown_exiled_names",
    "why_not_exiled_card",
    "without_exiled_card",
]


def exiled_names(choices: Choices) -> tuple[str, ...] | None:
    """The names of the cards exiled with a permanent (its ``choices.imprinted``: one, or a list), None when
    the board does not give them.

    >>> exiled_names(Choices(imprinted="Lightning Bolt")), exiled_names(Choices(imprinted_cards=()))
    (('Lightning Bolt',), ())
    >>> exiled_names(Choices()) is None
    True
    """
    if choices.imprinted_cards is not None:
        return tuple(each if isinstance(each, str) else each.name for each in choices.imprinted_cards)
    return (choices.imprinted,) if choices.imprinted is not None else None


def _permission_sources(board: Board, player: str) -> tuple[str, ...]:
    """The ids of the permanents of ``player`` whose permission to cast the card exiled with them is in
    force (their granted cost with ``exiled_card``), in the board's order."""
    return tuple(
        dict.fromkeys(
            sourced.source
            for sourced in view_of(board).effects_of(GrantedAlternativeCost)
            if isinstance(sourced.effect, GrantedAlternativeCost)
            and sourced.effect.cost.exiled_card
            and sourced.controller == player
        )
    )


def cards_exiled_with(board: Board, player: str) -> tuple[Card, ...]:
    """The cards exiled with the permanents of ``player`` whose permission casts them (Hama's, CR 607.2a),
    as the board describes them (``choices.imprinted`` objects with their type line and text, or names the
    built-in catalogue knows): the cards ``--spell NAME --cast-from exile`` and turn plans may cast (a name
    the catalogue does not know: :func:`unknown_exiled_names`)."""
    return tuple(card for pid in _permission_sources(board, player) for card in _exiled_cards(board, pid)[0])


def unknown_exiled_names(board: Board, player: str) -> tuple[tuple[str, str], ...]:
    """(permanent id, card name) for each card exiled with a permanent of ``player`` whose permission casts
    it, given by a name the built-in catalogue does not know and no type line and text: not cast in turn
    plans (``pay --spell`` finds it in card data)."""
    return tuple(
        (pid, name) for pid in _permission_sources(board, player) for name in _exiled_cards(board, pid)[1]
    )


def _exiled_cards(board: Board, pid: str) -> tuple[list[Card], list[str]]:
    """The cards exiled with the permanent that are known (described, or in the catalogue), and the names of
    the others."""
    choices = board.permanent(pid).choices
    listed = choices.imprinted_cards
    if listed is None:
        listed = (choices.imprinted_card or choices.imprinted,) if choices.imprinted is not None else ()
    known: list[Card] = []
    unknown: list[str] = []
    for each in listed:
        if isinstance(each, str) or each is None:
            printed = catalogue_card(each) if each else None
            described = ImprintedCard.of_printed(printed) if printed is not None else None
        else:
            described = each if each.as_card() is not None else None
            if described is None and (printed := catalogue_card(each.name)) is not None:
                described = ImprintedCard.of_printed(printed)
        card = described.as_card() if described is not None else None
        if card is not None:
            known.append(card)
        elif each is not None:
            unknown.append(each if isinstance(each, str) else each.name)
    return known, unknown


def exiled_card_holder(board: Board, player: str, name: str) -> str | None:
    """The id of the first permanent of ``player`` whose permission casts the card exiled with it and whose
    ``choices.imprinted`` names ``name``, or None."""
    for pid in _permission_sources(board, player):
        names = exiled_names(board.permanent(pid).choices) or ()
        if any(each.casefold() == name.casefold() for each in names):
            return pid
    return None


def without_exiled_card(board: Board, source: str, name: str) -> Board:
    """The board once the card ``name`` exiled with ``source`` was cast (it left exile, CR 601.2a): out of
    that permanent's ``choices.imprinted`` (the first of that name in a list).

    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
    ...     {"id": "hb", "name": "Test Bender", "type_line": "Creature", "controller": "me", "oracle": "",
    ...      "choices": {"imprinted": ["Lightning Bolt", "Shock"]}}]})
    >>> exiled_names(without_exiled_card(board, "hb", "Shock").permanent("hb").choices)
    ('Lightning Bolt',)
    """
    choices = board.permanent(source).choices
    if choices.imprinted_cards is not None:
        listed = list(choices.imprinted_cards)
        at = next(
            (i for i, each in enumerate(listed) if (each if isinstance(each, str) else each.name) == name),
            None,
        )
        if at is None:
            return board
        kept = replace(choices, imprinted_cards=(*listed[:at], *listed[at + 1 :]))
    elif choices.imprinted == name:
        kept = replace(choices, imprinted=None, imprinted_card=None, imprinted_cards=())
    else:
        return board
    return board.replace_permanent(source, choices=kept)


def why_not_exiled_card(board: Board, target: PaymentTarget, source: str) -> str | None:
    """Why the spell ``target`` is not the card exiled with the permanent ``source`` cast from exile (CR
    601.2a, 607.2a: its ``choices.imprinted``), or None when it is."""
    if target.zone != "exile":
        return "cast from exile only, the card exiled with it (--cast-from exile)"
    where = f"{view_of(board).path(source)}.choices.imprinted"
    names = exiled_names(board.permanent(source).choices)
    if names is None:
        return f"{where} is not given: the card exiled with {source} is not known"
    if not any(name.casefold() == (target.name or "").casefold() for name in names):
        return f"{target.name or 'the spell'} is not the card exiled with {source} ({where})"
    return None


def exiled_card_warnings(board: Board, player: str, target: PaymentTarget) -> tuple[TextWarning, ...]:
    """A warning for each permission of the player's permanents to cast the card exiled with them that could
    cast the named spell ``target`` but is not weighed because the board or the question does not say enough:
    the permanent's ``choices.imprinted`` is not given (which card it exiled is not known), or the spell's
    zone is not given while that list names it (``--cast-from exile``). Never a silent "no".

    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
    ...     {"id": "hb", "name": "Test Bender", "type_line": "Creature", "controller": "me", "oracle":
    ...      "For as long as you control ~, you may cast the exiled card by discarding a card rather than "
    ...      "paying its mana cost."}]})
    >>> bolt = replace(PaymentTarget.of("{R}", name="Test Bolt"), cast_from="exile")
    >>> [w.reason for w in exiled_card_warnings(board, "me", bolt)]  # doctest: +NORMALIZE_WHITESPACE
    ['permanents[0].choices.imprinted is not given: the card exiled with hb is not known; its permission
    to cast that card is not weighed (CR 607.2a, 601.2a)']
    """
    if target.kind is not PaymentKind.SPELL or not target.name or target.zone not in ("exile", None):
        return ()
    found: list[TextWarning] = []
    view = view_of(board)
    for sourced in view.effects_of(GrantedAlternativeCost):
        effect = sourced.effect
        if not isinstance(effect, GrantedAlternativeCost) or not effect.cost.exiled_card:
            continue
        if sourced.controller != player:
            continue
        why = why_not_exiled_card(board, replace(target, cast_from="exile"), sourced.source)
        if why is not None and why.endswith("is not known"):
            reason = f"{why}; its permission to cast that card is not weighed (CR 607.2a, 601.2a)"
        elif why is None and target.zone is None:
            reason = (
                f"the zone the spell is cast from is not given, and {sourced.source} exiled {target.name}: "
                "its permission to cast it from exile is not weighed (CR 601.2a; pay and max-x take "
                "--cast-from exile)"
            )
        else:
            continue
        found.append(TextWarning(sourced.source, effect.text, reason, WarningKind.NOT_WEIGHED))
    return tuple(found)
