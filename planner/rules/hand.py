"""Mana abilities of cards in a hand (contract section 6): "Exile Elvish Spirit Guide from your hand:
Add {G}."

Such an ability functions only while its card is in the hand (CR 113.6b, 605.1a): it is activated by exiling
the card, so each card makes its mana at most once. It is not "tapped for mana" (106.12), so no replacement
or trigger of the board applies to it: its mana is the ability's printed output, from the card as source.

The planner executes the abilities whose only cost is exiling the card itself and whose output is a fixed
amount of fixed mana (both Spirit Guides); any other ability of a card in hand is not activatable from there.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from models.abilities import AmountKind, CostPartKind, ManaAbility, OutputKind
from models.board import Board, Card
from models.mana import ManaBag
from models.oracle import read_card
from planner.rules.pool import ManaUnit
from planner.rules.production import ManaTag
from planner.rules.view import unexecuted_part

__all__ = ["HAND", "HandAbility", "hand_abilities", "usable_from_hand", "without_card"]

#: The ``zone`` of a plan step taken from the hand (a step on the battlefield has ``"battlefield"``).
HAND = "hand"


@dataclass(kw_only=True, frozen=True, slots=True)
class HandAbility:
    """One usable mana ability of one card in the player's hand: the card, its place in the hand, the
    ability's number among the card's mana abilities, and the mana it adds."""

    card: Card
    position: int
    ability_index: int
    ability: ManaAbility
    mana: ManaBag

    @property
    def tag(self) -> ManaTag:
        """What rides on the mana: the card as its source (a card in hand is no snow permanent, 107.4h)."""
        return ManaTag(
            source=self.card.name, restriction=self.ability.restriction, riders=self.ability.riders
        )

    @property
    def units(self) -> tuple[ManaUnit, ...]:
        """The mana one activation adds, as pool units."""
        return tuple(ManaUnit(mana_type, self.tag) for mana_type in self.mana.units())


def usable_from_hand(ability: ManaAbility) -> bool:
    """True for a mana ability of a card in hand that the planner executes: its only cost is exiling the
    card itself, and it adds a fixed amount of fixed mana.

    >>> from models.oracle import parse_oracle
    >>> (guide,) = parse_oracle("Exile ~ from your hand: Add {G}.").mana_abilities
    >>> usable_from_hand(guide), usable_from_hand(parse_oracle("{T}: Add {G}.").mana_abilities[0])
    (True, False)
    """
    cost = ability.cost
    if len(cost.parts) != 1 or cost.parts[0].kind is not CostPartKind.EXILE_SELF_FROM_HAND:
        return False
    others = (
        cost.mana,
        cost.tap,
        cost.untap,
        cost.life,
        cost.sacrifice_self,
        cost.sacrifice,
        cost.remove_counter,
        cost.tap_others,
        ability.conditional,
        ability.side_effects,
        ability.activation_condition,
        ability.timing,
        ability.self_damage,
        ability.life_loss,
    )
    output = ability.output
    return (
        not any(others)
        and output.kind is OutputKind.FIXED
        and output.amount.kind is AmountKind.CONSTANT
        and not output.amount.plus
        # everything else about it is executed, as for a permanent's ability
        and unexecuted_part(replace(ability, cost=replace(cost, parts=()))) is None
    )


def hand_abilities(board: Board, player: str) -> tuple[HandAbility, ...]:
    """The usable mana abilities of the cards in the player's hand, in hand order.

    >>> board = Board.from_dict({"version": 1, "players": [
    ...     {"id": "me", "hand": ["Elvish Spirit Guide", "Forest", "Simian Spirit Guide"]}]})
    >>> [(a.card.name, a.position, str(a.mana)) for a in hand_abilities(board, "me")]
    [('Elvish Spirit Guide', 0, '{G}'), ('Simian Spirit Guide', 2, '{R}')]
    """
    found: list[HandAbility] = []
    for position, card in enumerate(board.player(player).hand):
        if not card.oracle:
            continue
        for number, ability in enumerate(read_card(card.oracle, card.name, card.type_line).mana_abilities):
            if usable_from_hand(ability):
                output = ability.output
                mana = output.options[0].scaled(output.amount.constant)
                found.append(
                    HandAbility(
                        card=card, position=position, ability_index=number, ability=ability, mana=mana
                    )
                )
    return tuple(found)


def without_card(board: Board, player: str, name: str, ability: int) -> tuple[Board, HandAbility] | None:
    """The board once the player exiled the first card called ``name`` from their hand to activate its mana
    ability number ``ability``, and that ability; None when no card in the hand can do that.

    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me", "hand": ["Elvish Spirit Guide"]}]})
    >>> after, used = without_card(board, "me", "Elvish Spirit Guide", 0)
    >>> after.player("me").hand, str(used.mana), without_card(after, "me", "Elvish Spirit Guide", 0)
    ((), '{G}', None)
    """
    for used in hand_abilities(board, player):
        if used.card.name == name and used.ability_index == ability:
            hand = board.player(player).hand
            rest = hand[: used.position] + hand[used.position + 1 :]
            return board.replace_player(player, hand=rest), used
    return None
