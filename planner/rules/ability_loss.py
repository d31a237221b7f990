"""Layer 6's losses of abilities by a filter (CR 613.1f): Humility's 'All creatures lose all abilities', Dress
Down's 'Creatures lose all abilities', Blood Sun's 'All lands lose all abilities except mana abilities'.

What a loss applies to is judged with the types and colors after layers 4 and 5, so a land made a creature
loses its abilities to Humility whatever the timestamps, and the effects of layers 4 and 5 of a permanent that
loses its abilities in layer 6 have applied already (CR 613.1: Magus of the Moon under Humility still makes
nonbasic lands Mountains). A loss whose source loses its abilities to another loss depends on that one (CR
613.8a: its existence) and does not exist once that one applied; a loop goes by timestamp (CR 613.8b). A loss
that takes its own source's abilities still applies in full (CR 613.6: Humility made a creature).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from models.mana_effects import AbilityLoss, ColorChange, ManaTrigger, StaticEffect, TypeChange
from planner.rules.records import LostAbilities, SourcedEffect

if TYPE_CHECKING:
    from planner.rules.view import BoardView

__all__ = ["abilities_lost", "survives_loss", "timestamps"]


def abilities_lost(
    view: BoardView, effects: Sequence[SourcedEffect]
) -> tuple[dict[str, LostAbilities], frozenset[SourcedEffect]]:
    """The permanents the losses among ``effects`` (those in force before layer 6, in timestamp order) take
    abilities from, each with what it lost; and the losses that applied (one that took its own source's
    abilities included: its source's leaving ends it, CR 611.3a).

    >>> from models.board import Board
    >>> from planner.rules.view import BoardView
    >>> humility = {"id": "h", "name": "Humility", "type_line": "Enchantment", "controller": "me",
    ...     "oracle": "All creatures lose all abilities and have base power and toughness 1/1."}
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
    ...     {"id": "e", "card": "Llanowar Elves", "controller": "me"}, humility,
    ...     {"id": "f", "card": "Forest", "controller": "me"}]})
    >>> view = BoardView(board)
    >>> lost, applied = abilities_lost(view, view.effects)
    >>> lost, [sourced.source for sourced in applied]
    ({'e': LostAbilities(every='h', last='h')}, ['h'])
    """
    losses = [sourced for sourced in effects if isinstance(sourced.effect, AbilityLoss)]
    if not losses:
        return {}, frozenset()
    position = timestamps(view)
    affected: list[frozenset[str]] = []
    for sourced in losses:
        assert isinstance(sourced.effect, AbilityLoss)
        affected.append(frozenset(view.matching(sourced.effect.affected, sourced.source)))
    lost: dict[str, LostAbilities] = {}
    applied: set[SourcedEffect] = set()
    remaining = list(range(len(losses)))
    while remaining:
        # (one that takes no other remaining loss's source first, CR 613.8a; a loop: timestamp order)
        chosen = next(
            (
                one
                for one in remaining
                if not any(losses[one].source in affected[o] for o in remaining if o != one)
            ),
            remaining[0],
        )
        remaining.remove(chosen)
        applied.add(losses[chosen])
        effect = losses[chosen].effect
        assert isinstance(effect, AbilityLoss)
        source = losses[chosen].source
        for pid in affected[chosen]:
            was = lost.get(pid)
            every = None if effect.except_mana else source
            if was is not None and was.every is not None:
                every = was.every if every is None else max(every, was.every, key=position.__getitem__)
            last = source if was is None else max(source, was.last, key=position.__getitem__)
            lost[pid] = LostAbilities(every, last)
        # (a loss whose source just lost its abilities no longer exists)
        remaining = [one for one in remaining if losses[one].source not in affected[chosen]]
    return lost, frozenset(applied)


def survives_loss(effect: StaticEffect, lost: LostAbilities) -> bool:
    """True when an effect of a permanent that lost abilities in layer 6 still applies: a type or color change
    (layers 4 and 5 applied before), or a triggered mana ability of one that kept its mana abilities (CR
    605.1b; Blood Sun's).

    >>> from models.abilities import ObjectFilter
    >>> moon = TypeChange("Nonbasic lands are Mountains.", ObjectFilter(), ("Mountain",), False)
    >>> survives_loss(moon, LostAbilities(every=0, last=0))
    True
    >>> survives_loss(AbilityLoss("", ObjectFilter()), LostAbilities(every=None, last=0))
    False
    """
    if isinstance(effect, TypeChange | ColorChange):
        return True
    return lost.every is None and isinstance(effect, ManaTrigger)


def timestamps(view: BoardView) -> dict[str, int]:
    """Each permanent's timestamp (CR 613.7): its position among the board's permanents, which are in
    timestamp order.

    >>> from models.board import Board
    >>> from planner.rules.view import BoardView
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
    ...     {"id": "f", "card": "Forest", "controller": "me"},
    ...     {"id": "s", "card": "Swamp", "controller": "me"}]})
    >>> timestamps(BoardView(board))
    {'f': 0, 's': 1}
    """
    return {p.id: number for number, p in enumerate(view.board.permanents)}
