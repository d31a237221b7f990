"""The cards an effect of a permanent reads outside the battlefield (layer 6, CR 613.1f): those exiled with it
('~ has all activated abilities of the exiled card': Territory Forge; its ``choices.imprinted``, CR 607.2a;
Mairsil, the Pretender's cards its controller owns in exile with cage counters, listed there too) or in its
controller's graveyard ('... of all Elf cards in your graveyard': Thranduil), each with its text:
as the board describes it, else from card data by its name; or why the board does not give them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from models.board import Card
from models.board.permanents import ImprintedCard
from models.board.printed import catalogue_card
from models.layer_effects import AbilitiesOfCards
from planner.rules.records import SourcedEffect

if TYPE_CHECKING:
    from planner.rules.view import BoardView

__all__ = ["cards_read", "exiled_cards"]


def cards_read(view: BoardView, sourced: SourcedEffect) -> tuple[tuple[Card, ...], str | None]:
    """The cards an effect reads (those exiled with its source, or in its controller's graveyard), or why
    the board does not give them, with the path to give.

    >>> from models.board import Board
    >>> from planner.rules.view import BoardView
    >>> forge = {"id": "t", "name": "Forge", "type_line": "Artifact", "controller": "me",
    ...     "oracle": "Forge has all activated abilities of the exiled card."}
    >>> view = BoardView(Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [forge]}))
    >>> print(cards_read(view, next(view.effects_of(AbilitiesOfCards)))[1])
    permanents[0].choices.imprinted: the card exiled with it is not given, whose abilities it has
    """
    effect = sourced.effect
    assert isinstance(effect, AbilitiesOfCards)
    if effect.zone == "graveyard":
        player = view.board.player(sourced.controller)
        where = f"players[{view.board.players.index(player)}].graveyard"
        if not isinstance(player.graveyard, tuple):
            return (
                (),
                f"{where}: the graveyard's cards are not given (a list of cards), whose abilities it has",
            )
        return player.graveyard, None
    choices = view.permanent(sourced.source).choices
    given = (choices.imprinted_cards, choices.imprinted_card, choices.imprinted)
    if effect.zone == "caged" and all(g is None for g in given):  # (Mairsil's cards with cage counters)
        where = f"{view.path(sourced.source)}.choices.imprinted"
        return (
            (),
            f"{where}: the cards you own in exile with cage counters are not given, whose abilities it has",
        )
    return exiled_cards(view, sourced.source, "whose abilities it has")


def exiled_cards(view: BoardView, pid: str, read: str) -> tuple[tuple[Card, ...], str | None]:
    """The cards exiled with a permanent (its ``choices.imprinted``, CR 607.2a), each with its text, or why
    the board does not give them (``read``: what the effect reads of them, for the reason).

    >>> from models.board import Board
    >>> from planner.rules.view import BoardView
    >>> mask = {"id": "m", "name": "Mask", "type_line": "Artifact", "controller": "me",
    ...     "choices": {"imprinted": ["Llanowar Elves"]}}
    >>> view = BoardView(Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [mask]}))
    >>> [card.name for card in exiled_cards(view, "m", "")[0]]
    ['Llanowar Elves']
    """
    choices = view.permanent(pid).choices
    where = f"{view.path(pid)}.choices.imprinted"
    if choices.imprinted_cards is not None:
        given: tuple[str | ImprintedCard, ...] = choices.imprinted_cards
    elif choices.imprinted_card is not None:
        given = (choices.imprinted_card,)
    elif choices.imprinted is not None:
        given = (choices.imprinted,)
    else:
        return (), f"{where}: the card exiled with it is not given, {read}"
    cards: list[Card] = []
    for exiled in given:
        card = _exiled_card(exiled)
        if card is None:
            name = exiled if isinstance(exiled, str) else exiled.name
            return (), (
                f"{where}: the text of {name!r} is not known: give it as an object with its type_line and "
                "oracle"
            )
        cards.append(card)
    return tuple(cards), None


def _exiled_card(exiled: str | ImprintedCard) -> Card | None:
    """The card exiled with a permanent as a card with its text: as the board describes it, else from card
    data by its name; None when neither gives its text.

    >>> _exiled_card("Forest").oracle, _exiled_card("Homebrew Grove") is None
    ('({T}: Add {G}.)', True)
    """
    described = exiled.as_card() if isinstance(exiled, ImprintedCard) else None
    if described is not None:
        return described
    printed = catalogue_card(exiled if isinstance(exiled, str) else exiled.name)
    return None if printed is None else Card.of_printed(printed)
