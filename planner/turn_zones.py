"""A spell of a turn cast from the graveyard or from exile (CR 601.2a), as the turn's boards follow it: the
card leaves its zone as it is cast (it is on the stack: what counts the graveyard's cards, delve among them,
no longer counts it), the permission that let it be cast records its use this turn, and once it resolves an
instant or sorcery goes to the graveyard again but for flashback's, exiled instead (CR 702.34a).

A card foretold stays in the player's ``foretold`` list on the board it is cast on (the foretell cost reads
that list, CR 702.143a) and leaves it with the spell.
"""

from __future__ import annotations

from models.board import Board, Card
from models.cost import PaymentTarget
from planner.rules.alternative_costs import Way, exiled_card_only, foretold_only
from planner.rules.exiled_card_ways import exiled_card_holder, without_exiled_card
from planner.rules.graveyard_permissions import PERMANENT_TYPES, permissions
from planner.rules.graveyard_ways import graveyard_way_required

__all__ = [
    "ZONES",
    "cast_zone",
    "exiled_after",
    "leaving_zone",
    "left_zone",
    "zone_card_held",
    "zone_cast_error",
]

#: The zones other than the hand a turn's spell may be cast from.
ZONES = ("graveyard", "exile")


def cast_zone(target: PaymentTarget) -> str | None:
    """The zone other than the hand ``target`` is cast from (:data:`ZONES`), or None.

    >>> from dataclasses import replace
    >>> bolt = PaymentTarget.of("{R}", name="Test Bolt")
    >>> cast_zone(replace(bolt, cast_from="graveyard")), cast_zone(replace(bolt, cast_from="hand"))
    ('graveyard', None)
    """
    return target.cast_from if target.cast_from in ZONES else None


def zone_card_held(board: Board, player: str, card: Card, zone: str) -> bool:
    """True when ``player``'s ``zone`` (their graveyard, or their cards foretold for exile, or for exile the
    cards exiled with their permanents whose permission casts them, CR 607.2a) lists ``card``.

    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me", "graveyard": ["Forest"]}]})
    >>> zone_card_held(board, "me", Card.from_json("Forest"), "graveyard")
    True
    >>> zone_card_held(board, "me", Card.from_json("Forest"), "exile")
    False
    """
    record = board.player(player)
    cards = record.graveyard if zone == "graveyard" else record.foretold
    if zone == "exile" and exiled_card_holder(board, player, card.name) is not None:
        return True
    return isinstance(cards, tuple) and card in cards


def leaving_zone(board: Board, player: str, card: Card, zone: str) -> Board:
    """The board ``card`` is cast on from ``zone``: cast from the graveyard, it is on the stack, no longer in
    it (CR 601.2a: the first copy of the list); a card foretold stays listed until it resolves
    (:func:`left_zone`). A card that left the graveyard is counted in ``cards_left_graveyard_this_turn``
    when the board gives it (the spell's own cost, locked in after, sees it: CR 601.2a, 601.2f).

    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me", "graveyard": ["Forest", "Island"],
    ...     "cards_left_graveyard_this_turn": 0}]})
    >>> after = leaving_zone(board, "me", Card.from_json("Island"), "graveyard")
    >>> [c.name for c in after.player("me").graveyard], after.player("me").cards_left_graveyard_this_turn
    (['Forest'], 1)
    """
    if zone != "graveyard":
        return board
    record = board.player(player)
    graveyard = record.graveyard
    if not isinstance(graveyard, tuple) or card not in graveyard:
        return board
    at = graveyard.index(card)
    left = record.cards_left_graveyard_this_turn
    return board.replace_player(
        player,
        graveyard=(*graveyard[:at], *graveyard[at + 1 :]),
        cards_left_graveyard_this_turn=None if left is None else left + 1,
    )


def left_zone(board: Board, player: str, card: Card, zone: str, way: Way | None) -> Board:
    """The board once the spell cast from ``zone`` for ``way`` was cast: a card foretold out of the
    player's ``foretold`` list, and the use of the permission that let it be cast from the graveyard
    recorded on its permanent (``graveyard_uses_this_turn``: the card's permanent type, for Muldrotha's
    'one permanent card of each permanent type', a card of one such type; its first type for a permission
    of once each turn).

    >>> seer = Card.from_json({"name": "Test Seer", "type_line": "Creature", "mana_cost": "{1}{U}"})
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me", "foretold": [seer.to_json()]}]})
    >>> left_zone(board, "me", seer, "exile", None).player("me").foretold
    ()
    """
    if zone == "exile":
        if way is not None and way.cost.exiled_card:  # (out of exile: no longer the card exiled with it)
            return without_exiled_card(board, way.source, card.name)
        foretold = board.player(player).foretold
        if foretold is not None and card in foretold:
            at = foretold.index(card)
            board = board.replace_player(player, foretold=(*foretold[:at], *foretold[at + 1 :]))
        return board
    if way is None or not way.permission:
        return board
    permission = next((p for p in permissions(board, player) if p.source == way.permission), None)
    if permission is None:
        return board
    used = board.permanent(way.permission).graveyard_uses_this_turn
    types = [word for word in PERMANENT_TYPES if card.type_line.is_a(word)] or list(card.type_line.card_types)
    return board.replace_permanent(way.permission, graveyard_uses_this_turn=(*used, *types[:1]))


def exiled_after(way: Way | None) -> bool:
    """True when the spell cast for ``way`` is exiled rather than put anywhere else as it leaves the stack:
    flashback's (CR 702.34a).

    >>> from models.alternative_costs import AlternativeCost
    >>> exiled_after(Way("Test Looting", AlternativeCost("{2}{R}", keyword="flashback"))), exiled_after(None)
    (True, False)
    """
    return way is not None and way.cost.keyword == "flashback"


def zone_cast_error(
    board: Board, player: str, card: Card, printed: PaymentTarget, way: Way | None
) -> str | None:
    """Why the replay refuses ``card`` cast from the zone ``printed`` names for ``way`` (None: its mana
    cost) on ``board``, or None: the card is not in that zone, or it is cast for its mana cost where only
    one of its ways casts it from there (:func:`~planner.rules.graveyard_ways.graveyard_way_required`, CR
    601.2a; a card foretold, by its foretell cost only, 702.143a). Whether the way is usable there is
    :func:`~planner.rules.alternative_costs.check_alternative`'s.

    >>> from dataclasses import replace
    >>> looting = Card.from_json({"name": "Test Looting", "type_line": "Sorcery", "mana_cost": "{R}",
    ...     "oracle": "Flashback {2}{R}"})
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me", "graveyard": [looting.to_json()]}]})
    >>> from models.spells import spell_of
    >>> looted = spell_of("{R}", name="Test Looting", text="Flashback {2}{R}")
    >>> printed = replace(looted, cast_from="graveyard")
    >>> print(zone_cast_error(board, "me", looting, printed, None))
    Test Looting: cast from the graveyard for its mana cost, where only its ways allow it (CR 601.2a)
    >>> print(zone_cast_error(board.replace_player("me", graveyard=()), "me", looting, printed, None))
    Test Looting: not in me's graveyard
    """
    zone = cast_zone(printed)
    if zone is None:
        return None
    if not zone_card_held(board, player, card, zone):
        return f"{card.name}: not in {player}'s {'graveyard' if zone == 'graveyard' else 'foretold cards'}"
    only = (
        graveyard_way_required(board, printed)
        if zone == "graveyard"
        else foretold_only(board, player, printed) or exiled_card_only(board, player, printed)
    )
    if way is None and only:
        return (
            f"{card.name}: cast from the {zone} for its mana cost, where only its ways allow it (CR 601.2a)"
        )
    return None
