"""Mana abilities of cards in the paying player's hand or graveyard that the planner does not use, named in
an answer's warnings rather than dropped in silence (contract section 5).

An ability functions from the zone its cost takes the card from (CR 113.6b: "Exile ~ from your hand",
"Exile ~ from your graveyard"). The planner uses those of cards in a hand whose only cost is exiling the card
and that add fixed mana (:func:`~planner.rules.hand.usable_from_hand`: the Spirit Guides); any other such
ability, read or not, may pay where the answer says no, so it is named here.
"""

from __future__ import annotations

from models.abilities import CostPartKind, ManaAbility
from models.board import Board, Card
from models.oracle import read_card
from planner.rules.hand import usable_from_hand
from planner.rules.records import TextWarning, WarningKind

__all__ = ["functions_from", "unused_zone_abilities"]

#: The cost part that takes the card itself from a zone, by zone: what makes a read ability function there.
_FROM_ZONE = {"hand": CostPartKind.EXILE_SELF_FROM_HAND, "graveyard": CostPartKind.EXILE_SELF_FROM_GRAVEYARD}

#: Why a read mana ability of a card in a hand or a graveyard is not used.
NOT_FROM_THERE = {
    "hand": "a card in the hand ({path}): only 'Exile ~ from your hand: Add <mana>' is executed there",
    "graveyard": "a card in the graveyard ({path}): the planner executes no mana ability there",
}


def unused_zone_abilities(board: Board, player: str) -> tuple[TextWarning, ...]:
    """The mana abilities of the cards in ``player``'s hand and graveyard that work from there and that the
    planner does not use, and the sentences of theirs it did not read that would add mana from there, each
    named with the card's path in the board file.

    >>> guide = {"name": "Odd Guide", "type_line": "Creature — Elf",
    ...          "oracle": "Exile Odd Guide from your hand: Add one mana of any color."}
    >>> board = Board.from_dict({"version": 1, "players": [
    ...     {"id": "me", "hand": ["Elvish Spirit Guide", guide]}]})
    >>> [(w.permanent, w.kind.name) for w in unused_zone_abilities(board, "me")]
    [('Odd Guide', 'NOT_USED')]
    """
    found: list[TextWarning] = []
    for index, owner in enumerate(board.players):
        if owner.id != player:
            continue
        if not owner.hand and not (isinstance(owner.graveyard, tuple) and owner.graveyard):
            return ()  # (the common case: no card in either zone, none looked at)
        zones: tuple[tuple[str, object], ...] = (("hand", owner.hand), ("graveyard", owner.graveyard))
        for zone, cards in zones:
            if not isinstance(cards, tuple):
                continue  # (a graveyard given as a count: no text)
            for position, card in enumerate(cards):
                if isinstance(card, Card) and card.oracle:
                    path = f"players[{index}].{zone}[{position}]"
                    found += _unused(card, zone, path)
    return tuple(found)


def functions_from(ability: ManaAbility, zone: str) -> bool:
    """True when a read mana ability functions while its card is in ``zone`` (``"hand"`` or
    ``"graveyard"``): its cost takes the card itself from there (CR 113.6b, by its cost part as the grammar
    reads it). One that exiles *another* card from there ('Exile a card from your hand: Add {B}{B}.',
    Cadaverous Bloom) is a permanent's ability, which functions on the battlefield only (CR 113.6): no mana
    from the hand, and nothing set aside there.

    >>> from models.oracle import parse_oracle
    >>> def ability(text: str) -> ManaAbility:
    ...     return parse_oracle(text, "Test Bloom").mana_abilities[0]
    >>> functions_from(ability("Exile ~ from your hand: Add {G}."), "hand")
    True
    >>> functions_from(ability("Exile a card from your hand: Add {B}{B}."), "hand")
    False
    >>> functions_from(ability("Exile ~ from your graveyard: Add {R}."), "graveyard")
    True
    >>> functions_from(ability("Exile a card from your graveyard: Add {C}."), "graveyard")
    False
    """
    kind = _FROM_ZONE[zone]
    return any(part.kind is kind for part in ability.cost.parts)


def _unused(card: Card, zone: str, path: str) -> list[TextWarning]:
    """The warnings of one card in a hand or a graveyard."""
    reading = read_card(card.oracle, card.name, card.type_line)
    from_there = f"from your {zone}"
    why = NOT_FROM_THERE[zone].format(path=path)
    found = [
        TextWarning(card.name, ability.text, why, WarningKind.NOT_USED)
        for ability in reading.mana_abilities
        if functions_from(ability, zone) and not (zone == "hand" and usable_from_hand(ability))
    ]
    found += [
        TextWarning(card.name, sentence, f"a card in the {zone}: {path}", WarningKind.UNSUPPORTED)
        for sentence in reading.unsupported
        if ":" in sentence
        and from_there in sentence.split(":", 1)[0]
        and "add" in sentence.split(":", 1)[1].lower()
    ]
    return found
