"""Devotion (CR 700.5): the mana symbols of some colors among a player's permanents' mana costs, what a
Theros God's type change reads, and the permanents whose leaving may end one.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from models.layer_effects import TypeChange
from models.mana import ManaTypes
from models.mana_effects import DevotionIncrease
from planner.rules.ability_loss import survives_loss

if TYPE_CHECKING:
    from planner.rules.view import BoardView

__all__ = ["counted_by_devotions", "devotion", "devotion_allows", "devotion_increase", "devotion_of"]


def devotion(view: BoardView, player: str, colors: ManaTypes) -> int:
    """A player's devotion to some colors: mana symbols of those colors among their permanents' costs, and
    what their effects add to it ("Your devotion to each color and each combination of colors is increased
    by one.": Altar of the Pantheon, CR 700.5).

    >>> from models.board import Board
    >>> from planner.rules.view import BoardView
    >>> altar = {"id": "a", "name": "Altar", "type_line": "Artifact", "mana_cost": "{3}", "controller": "me",
    ...     "oracle": "Your devotion to each color and each combination of colors is increased by one."}
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
    ...     {"id": "e", "card": "Llanowar Elves", "controller": "me"},
    ...     {"id": "b", "card": "Birds of Paradise", "controller": "me"}]})
    >>> devotion(BoardView(board), "me", ManaTypes.parse("G"))
    2
    >>> board = Board.from_dict({**board.to_dict(), "permanents": [*board.to_dict()["permanents"], altar]})
    >>> view = BoardView(board)
    >>> devotion(view, "me", ManaTypes.parse("G")), devotion(view, "me", ManaTypes.parse("U"))
    (3, 1)
    """
    printed = sum(devotion_of(view, p.id, colors) for p in view.board.permanents if p.controller == player)
    return printed + devotion_increase(view, player)


def devotion_increase(view: BoardView, player: str) -> int:
    """What the player's permanents' "Your devotion to each color and each combination of colors is increased
    by one." add to each of their devotions (CR 700.5), read from their texts, not from the effects in force:
    a Theros God's type change (layer 4) reads the devotion while those are worked out. An increase whose
    ability layer 6 took away (Humility's kind) is left out once those losses are known."""
    layer6 = view.structure.layer6
    lost = layer6[1] if layer6 is not None and layer6[1] is not None else {}
    return sum(
        effect.amount
        for p in view.board.permanents
        if p.controller == player
        for effect in view.parsed[p.id].effects
        if isinstance(effect, DevotionIncrease)
        and ((gone := lost.get(p.id)) is None or survives_loss(effect, gone))
    )


def devotion_of(view: BoardView, pid: str, colors: ManaTypes) -> int:
    """What one permanent adds to its controller's devotion to some colors: the mana symbols of those
    colors in its mana cost (CR 700.5; a hybrid symbol counts toward both its colors)."""
    mana_cost = view.permanent(pid).mana_cost
    return 0 if mana_cost is None else sum(1 for symbol in mana_cost.symbols if symbol.colors & colors)


def devotion_allows(view: BoardView, effect: TypeChange, controller: str) -> bool:
    """True when the type change applies as far as a devotion reads (one with none always does): a Theros
    God's 'As long as your devotion to ... is less than N, ~ isn't a creature.' applies while the devotion
    of its controller (CR 700.5) is below N.

    >>> from models.board import Board
    >>> from planner.rules.view import BoardView
    >>> god = {"id": "g", "name": "God", "type_line": "Legendary Enchantment Creature — God",
    ...     "mana_cost": "{3}{G}", "controller": "me",
    ...     "oracle": "As long as your devotion to green is less than three, ~ isn't a creature."}
    >>> elf = {"id": "e", "card": "Llanowar Elves", "controller": "me"}
    >>> for permanents in ([god, elf], [god, elf, {**elf, "id": "e2"}]):
    ...     view = BoardView(Board.from_dict({"version": 1, "players": [{"id": "me"}],
    ...         "permanents": permanents}))
    ...     print(str(view.type_line("g")))
    Legendary Enchantment
    Legendary Enchantment Creature — God
    """
    if effect.devotion is None:
        return True
    return devotion(view, controller, effect.devotion.colors) < effect.devotion_below


def counted_by_devotions(view: BoardView) -> frozenset[str]:
    """The permanents whose leaving may end a type change's devotion (a Theros God that is a creature:
    its controller's permanents with mana symbols of its colors, and those that raise their devotion, CR
    700.5). A God that isn't a creature
    stays so: a payment never raises a devotion. Worked out once for the view's :class:`Structure` (what it
    reads, the effects in force and the mana costs, its rebound views share; one without a permanent of
    these is rebound only when no condition counts it: :meth:`BoardView.without`).

    >>> from models.board import Board
    >>> from planner.rules.view import BoardView
    >>> god = {"id": "g", "name": "God", "type_line": "Legendary Enchantment Creature — God",
    ...     "mana_cost": "{3}{G}", "controller": "me",
    ...     "oracle": "As long as your devotion to green is less than two, ~ isn't a creature."}
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [god,
    ...     {"id": "e", "card": "Llanowar Elves", "controller": "me"},
    ...     {"id": "f", "card": "Forest", "controller": "me"}]})
    >>> sorted(counted_by_devotions(BoardView(board)))
    ['e', 'g']
    """
    structure = view.structure
    if structure.devoted is None:
        structure.devoted = frozenset(
            p.id
            for sourced in view.effects_of(TypeChange)
            if isinstance(effect := sourced.effect, TypeChange)
            and effect.devotion is not None
            and not devotion_allows(view, effect, sourced.controller)
            for p in view.board.permanents
            if p.controller == sourced.controller
            and (devotion_of(view, p.id, effect.devotion.colors) > 0 or _raises_devotion(view, p.id))
        )
    return structure.devoted


def _raises_devotion(view: BoardView, pid: str) -> bool:
    """True when the permanent's text raises its controller's devotion (:func:`devotion_increase`): its
    leaving lowers every devotion of theirs."""
    return any(isinstance(effect, DevotionIncrease) for effect in view.parsed[pid].effects)
