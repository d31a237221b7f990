"""What a mana ability's cost may take off the battlefield, judged before the layers: on every permanent's
printed abilities and every ability a static effect on the battlefield may grant, so that a check errs on the
side of setting aside. The checks of the effects whose removal while paying is not followed in every case use
it: Sasaya's Essence's lands of a name (:mod:`planner.rules.same_name`), a pump's source
(:mod:`planner.rules.power_changes`).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from models.abilities import CostPartKind, ManaAbility
from models.board import Permanent
from models.layer_effects import AbilitiesOfCards, GainAbilitiesOf, GrantAbility
from models.oracle import read_card
from planner.rules.cards_elsewhere import cards_read

if TYPE_CHECKING:
    from planner.rules.view import BoardView

__all__ = ["TAKING_PARTS", "may_take_away", "possible_abilities"]

#: The cost parts that take away a permanent other than the ability's own, described by words the checks do
#: not match (whatever they take may be what a check looks for).
TAKING_PARTS = frozenset(
    {CostPartKind.RETURN_PERMANENT, CostPartKind.EXILE_PERMANENT, CostPartKind.SACRIFICE_TOKEN}
)


def possible_abilities(view: BoardView) -> Iterator[tuple[Permanent, ManaAbility]]:
    """Each permanent with each mana ability printed on it or that an effect on the battlefield, or one of the
    board's effects in force, may grant (or share: then any permanent's).

    >>> from models.board import Board
    >>> from planner.rules.view import BoardView
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
    ...     {"id": "f", "card": "Forest", "controller": "me"},
    ...     {"id": "l", "card": "Chromatic Lantern", "controller": "me"}]})
    >>> [(p.id, a.text) for p, a in possible_abilities(BoardView(board))]  # doctest: +NORMALIZE_WHITESPACE
    [('f', '{T}: Add one mana of any color.'), ('l', '{T}: Add one mana of any color.'),
     ('l', '{T}: Add one mana of any color.')]
    """
    board = view.board
    granted = [
        e.ability for p in board.permanents for e in view.parsed[p.id].effects if isinstance(e, GrantAbility)
    ] + [  # (and those the board's effects in force grant)
        e.ability
        for source in view.given_effects.sources
        for e in source.effects
        if isinstance(e, GrantAbility)
    ]
    if any(isinstance(e, GainAbilitiesOf) for p in board.permanents for e in view.parsed[p.id].effects):
        # (Experiment Kraj: any permanent's abilities may be shared with any other)
        granted += [a for p in board.permanents for a in view.parsed[p.id].mana_abilities]
    for permanent in board.permanents:
        for ability in (*view.parsed[permanent.id].mana_abilities, *granted):
            yield permanent, ability
    for sourced in view.effects_of(AbilitiesOfCards):
        # (Territory Forge, Thranduil: any card it reads may give it its abilities, whatever its types)
        cards, _ = cards_read(view, sourced)
        for card in cards:
            for ability in read_card(card.oracle, card.name, card.type_line).mana_abilities:
                yield board.permanent(sourced.source), ability


#: The cost parts that take away a permanent other than the ability's own: the checks' words and a Food
#: foraged (CR 701.61: exile three cards from your graveyard or sacrifice a Food).
_TAKING_ANY = TAKING_PARTS | {CostPartKind.FORAGE}


def may_take_away(view: BoardView, ability: ManaAbility, pid: str, target: str) -> bool:
    """True when paying the cost of ``pid``'s ability may take ``target`` off the battlefield: its own
    sacrifice or return, a sacrifice whose words match it, or a cost part whose words no check matches.

    >>> from models.board import Board
    >>> from planner.rules.view import BoardView
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
    ...     {"id": "f", "card": "Forest", "controller": "me"},
    ...     {"id": "e", "card": "Llanowar Elves", "controller": "me"},
    ...     {"id": "a", "card": "Ashnod's Altar", "controller": "me"}]})
    >>> view = BoardView(board)
    >>> (altar,) = view.mana_abilities("a")
    >>> [may_take_away(view, altar, "a", pid) for pid in ("f", "e", "a")]  # (it sacrifices a creature)
    [False, True, False]
    """
    cost = ability.cost
    if pid == target and (cost.sacrifice_self or any(p.kind is CostPartKind.RETURN_SELF for p in cost.parts)):
        return True
    if cost.sacrifice is not None and view.matches(cost.sacrifice, target, pid):
        return True
    return any(part.kind in _TAKING_ANY for part in cost.parts)
