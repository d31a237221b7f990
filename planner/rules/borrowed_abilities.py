"""Abilities a permanent has because cards elsewhere have them (layer 6, CR 613.1f): '~ has all activated
abilities of the exiled card' (Territory Forge), '... of all creature cards exiled with it' (Dark Impostor),
'... of all Elf cards in your graveyard' (Thranduil). The permanent has every activated ability of each such
card, its mana abilities among them, read from the card's text as the permanent's own: '~' in a cost or an
amount is the permanent that has the ability now (CR 201.5, 607), a {T} taps it.

The cards exiled with a permanent are its ``choices.imprinted`` (contract §10: a name from card data, or an
object with its ``type_line`` and ``oracle``); the graveyard is its controller's ``graveyard`` list. What
the board does not give is never guessed: the effect is set aside and the warning names the path to give.
A payment that may put cards into that graveyard or take them out of it (a sacrifice, a discard, an exile
from it) would change what the permanent has while paying, which is not followed: set aside with why.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from models.abilities import CostPartKind, ManaAbility
from models.board import Card
from models.board.permanents import ImprintedCard
from models.board.printed import catalogue_card
from models.mana_effects import AbilitiesOfCards
from models.oracle import read_card
from planner.rules.amounts import card_matches
from planner.rules.executed import intrinsic_abilities
from planner.rules.records import SourcedEffect, TextWarning

if TYPE_CHECKING:
    from planner.rules.view import BoardView

__all__ = ["borrowed_abilities", "borrowed_mana_abilities"]

#: The cost parts that put cards into their controller's graveyard or take them out of it.
_MOVING_GRAVEYARD = frozenset(
    {
        CostPartKind.DISCARD,
        CostPartKind.EXILE_FROM_GRAVEYARD,
        CostPartKind.EXILE_SELF_FROM_GRAVEYARD,
        CostPartKind.FORAGE,
        CostPartKind.COLLECT_EVIDENCE,
        CostPartKind.SACRIFICE_TOKEN,
        CostPartKind.SACRIFICE_X,
    }
)


def borrowed_abilities(view: BoardView) -> tuple[dict[str, tuple[ManaAbility, ...]], list[TextWarning]]:
    """The mana abilities each permanent has from the cards an effect of its own names (by id), and a
    warning for each effect set aside, with why.

    >>> from models.board import Board
    >>> from planner.rules.view import BoardView
    >>> forge = {"id": "t", "name": "Forge", "type_line": "Artifact", "controller": "me",
    ...     "oracle": "Forge has all activated abilities of the exiled card.",
    ...     "choices": {"imprinted": "Forest"}}
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [forge]})
    >>> found, warnings = borrowed_abilities(BoardView(board))
    >>> {pid: [a.text for a in abilities] for pid, abilities in found.items()}, warnings  # (CR 305.6)
    ({'t': ['{T}: Add {G}.']}, [])
    """
    found: dict[str, list[ManaAbility]] = {}
    warnings: list[TextWarning] = []
    for sourced in view.effects_of(AbilitiesOfCards):
        effect = sourced.effect
        assert isinstance(effect, AbilitiesOfCards)
        cards, why = _cards(view, sourced)
        if why is None and effect.zone == "graveyard":
            why = _graveyard_moves(view, sourced.controller)
        if why is not None:
            warnings.append(TextWarning(sourced.source, effect.text, why))
            continue
        for card in cards:
            if card_matches(view, effect.cards, card, sourced.controller, sourced.source):
                # (a land card's land types give it their abilities in any zone, CR 305.6)
                abilities = read_card(card.oracle, card.name, card.type_line).mana_abilities
                found.setdefault(sourced.source, []).extend(
                    (*abilities, *intrinsic_abilities(card.type_line))
                )
    return {pid: tuple(abilities) for pid, abilities in found.items() if abilities}, warnings


def borrowed_mana_abilities(view: BoardView) -> list[tuple[str, ManaAbility]]:
    """Each permanent's borrowed mana abilities (:func:`borrowed_abilities`), with its id: what a payment
    may activate beside the printed ones (for what their costs may take away)."""
    if next(view.effects_of(AbilitiesOfCards), None) is None:
        return []
    found, _ = borrowed_abilities(view)
    return [(pid, ability) for pid, abilities in found.items() for ability in abilities]


def _cards(view: BoardView, sourced: SourcedEffect) -> tuple[tuple[Card, ...], str | None]:
    """The cards an effect reads (those exiled with its source, or in its controller's graveyard), or why
    the board does not give them, with the path to give."""
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
    where = f"{view.path(sourced.source)}.choices.imprinted"
    if choices.imprinted_cards is not None:
        given: tuple[str | ImprintedCard, ...] = choices.imprinted_cards
    elif choices.imprinted_card is not None:
        given = (choices.imprinted_card,)
    elif choices.imprinted is not None:
        given = (choices.imprinted,)
    else:
        return (), f"{where}: the card exiled with it is not given, whose abilities it has"
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
    if isinstance(exiled, ImprintedCard) and exiled.oracle is not None and exiled.type_line is not None:
        return Card(
            card=None,
            name=exiled.name,
            type_line=exiled.type_line,
            oracle=exiled.oracle,
            mana_cost=exiled.mana_cost,
            color_indicator=exiled.color_indicator,
        )
    printed = catalogue_card(exiled if isinstance(exiled, str) else exiled.name)
    if printed is None:
        return None
    return Card(
        card=printed.card,
        name=printed.name,
        type_line=printed.type_line,
        oracle=printed.oracle,
        mana_cost=printed.mana_cost,
        color_indicator=printed.color_indicator,
        power=printed.power,
    )


def _graveyard_moves(view: BoardView, player: str) -> str | None:
    """Why the player's graveyard may change while paying, or None: a mana ability of theirs whose cost
    puts a card there or takes one out of it (a sacrifice of a nontoken permanent, a discard, an exile from
    it)."""
    for permanent in view.board.permanents:
        if permanent.controller != player:
            continue
        for ability in view.parsed[permanent.id].mana_abilities:
            cost = ability.cost
            if (
                (cost.sacrifice_self and not permanent.token)
                or cost.sacrifice is not None
                or cost.sacrifice_count
                or any(part.kind in _MOVING_GRAVEYARD for part in cost.parts)
            ):
                return (
                    f"{view.path(permanent.id)}'s {ability.text!r} may change the graveyard while paying, "
                    "and with it the abilities this has: not followed yet"
                )
    return None
