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

from dataclasses import replace
from typing import TYPE_CHECKING

from models.abilities import CostPartKind, ManaAbility
from models.layer_effects import AbilitiesOfCards
from models.oracle import read_card
from planner.rules.amounts import card_matches
from planner.rules.cards_elsewhere import cards_read
from planner.rules.executed import intrinsic_abilities
from planner.rules.records import TextWarning

if TYPE_CHECKING:
    from planner.rules.view import BoardView

__all__ = ["borrowed_abilities"]

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
        cards, why = cards_read(view, sourced)
        if why is None and effect.zone == "graveyard":
            why = _graveyard_moves(view, sourced.controller)
        if why is not None:
            warnings.append(TextWarning(sourced.source, effect.text, why))
            continue
        for card in cards:
            if card_matches(view, effect.cards, card, sourced.controller, sourced.source):
                # (a land card's land types give it their abilities in any zone, CR 305.6)
                abilities = read_card(card.oracle, card.name, card.type_line).mana_abilities
                taken = (*abilities, *intrinsic_abilities(card.type_line))
                if effect.once_each_turn:  # (Mairsil's 'each of those abilities only once each turn', 602.5b)
                    taken = tuple(replace(ability, times_each_turn=1) for ability in taken)
                found.setdefault(sourced.source, []).extend(taken)
    return {pid: tuple(abilities) for pid, abilities in found.items() if abilities}, warnings


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
