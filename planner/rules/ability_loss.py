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

from models.layer_effects import AbilityLoss, ColorChange, TypeChange
from models.mana_effects import ManaTrigger, StaticEffect
from planner.rules.records import LostAbilities, SourcedEffect

if TYPE_CHECKING:
    from planner.rules.view import BoardView

__all__ = ["abilities_lost", "survives_loss", "timestamps"]


def abilities_lost(view: BoardView, effects: Sequence[SourcedEffect]) -> dict[str, LostAbilities]:
    """The permanents the losses among ``effects`` (those in force before layer 6, in timestamp order) take
    abilities from, each with what it lost.

    >>> from models.board import Board
    >>> from planner.rules.view import BoardView
    >>> humility = {"id": "h", "name": "Humility", "type_line": "Enchantment", "controller": "me",
    ...     "oracle": "All creatures lose all abilities and have base power and toughness 1/1."}
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
    ...     {"id": "e", "card": "Llanowar Elves", "controller": "me"}, humility,
    ...     {"id": "f", "card": "Forest", "controller": "me"}]})
    >>> view = BoardView(board)
    >>> abilities_lost(view, view.effects)
    {'e': LostAbilities(every='h', last='h', stays_tapped=False)}
    """
    losses = [sourced for sourced in effects if isinstance(sourced.effect, AbilityLoss)]
    if not losses:
        return {}
    position = timestamps(view)
    affected: list[frozenset[str]] = []
    for sourced in losses:
        effect = sourced.effect
        assert isinstance(effect, AbilityLoss)
        if effect.linked:  # (Titania's Song: what its type change applied to in layer 4, CR 613.6)
            affected.append(view.type_change_applied(sourced.source, effect.follows or effect.text))
        else:
            affected.append(frozenset(view.matching(effect.affected, sourced.source)))
    lost: dict[str, LostAbilities] = {}
    remaining = list(range(len(losses)))
    # (a resolved trigger's loss, The Wondrous Wasp's, is no ability of its source: it depends on no loss)
    resolved = [isinstance(s.effect, AbilityLoss) and s.effect.resolved for s in losses]
    while remaining:
        # (one that takes no other remaining loss's source first, CR 613.8a; a loop: timestamp order)
        chosen = next(
            (
                one
                for one in remaining
                if resolved[one] or not any(losses[one].source in affected[o] for o in remaining if o != one)
            ),
            remaining[0],
        )
        remaining.remove(chosen)
        effect = losses[chosen].effect
        assert isinstance(effect, AbilityLoss)
        source = losses[chosen].source
        for pid in affected[chosen]:
            was = lost.get(pid)
            every = None if effect.except_mana else source
            if was is not None and was.every is not None:
                every = was.every if every is None else max(every, was.every, key=position.__getitem__)
            last = source if was is None else max(source, was.last, key=position.__getitem__)
            # (Frozen in Ice's 'and can't become untapped': whatever the order of the losses)
            stays_tapped = effect.stays_tapped or (was is not None and was.stays_tapped)
            lost[pid] = LostAbilities(every, last, stays_tapped)
        # (a loss whose source just lost its abilities no longer exists)
        remaining = [one for one in remaining if resolved[one] or losses[one].source not in affected[chosen]]
    return lost


def survives_loss(effect: StaticEffect, lost: LostAbilities) -> bool:
    """True when an effect of a permanent that lost abilities in layer 6 is kept among the effects in force: a
    type or color change (layers 4 and 5 applied before), a triggered mana ability of one that kept its mana
    abilities (CR 605.1b; Blood Sun's), and a loss itself, which :func:`abilities_lost` applied or found
    taken by another (kept so that what relies on its source sees it: sacrificing the loss that took it
    brings it back, CR 613.8a, and one that took its own source's abilities ends with it, CR 613.6).

    >>> from models.abilities import ObjectFilter
    >>> moon = TypeChange("Nonbasic lands are Mountains.", ObjectFilter(), ("Mountain",), False)
    >>> survives_loss(moon, LostAbilities(every="s", last="s"))
    True
    >>> from models.mana_effects import GrantHaste
    >>> survives_loss(GrantHaste("", ObjectFilter()), LostAbilities(every=None, last="s"))
    False
    """
    if isinstance(effect, TypeChange | ColorChange | AbilityLoss):
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
    order = {p.id: number for number, p in enumerate(view.board.permanents)}
    for source in view.given_effects.sources:  # (the board's effects in force began after them all)
        order[source.stand_in.id] = len(order)
    return order
