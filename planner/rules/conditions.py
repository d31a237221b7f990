"""Conditions: whether one written on a permanent holds ('as long as you control an artifact', 'activate
only if you control three or more artifacts', CR 602.5b), and the permanents the conditions of the effects
in force count, whose leaving may change whether an effect applies (CR 611.3a).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from models.abilities import Condition
from models.layer_effects import GainAbilitiesOf, GrantAbility, GrantHaste, PowerChange, TypeChange
from models.oracle import read_card
from planner.rules.amounts import in_graveyard, top_card_matches
from planner.rules.cards_elsewhere import exiled_cards
from planner.rules.devotion import counted_by_devotions
from planner.rules.shared_abilities import givers

if TYPE_CHECKING:
    from planner.rules.view import BoardView

__all__ = ["condition_holds", "counted_by_conditions"]

#: The effects that may apply only 'as long as' a condition holds.
#: (a type change's count, '~ is a 3/3 Golem artifact creature as long as you control three or more
#: artifacts', is judged in layer 4: what it counts leaving may end it)
_CONDITIONAL = (GrantAbility, GrantHaste, PowerChange, TypeChange)


#: The board's steps in which this turn's combat has begun (:data:`models.board.state.STEPS`: its
#: ``combat`` phase and the ``end`` phase after it); ``beginning`` is before it, and ``main`` may be either
#: main phase, before or after combat (:func:`~planner.rules.steady.condition_gap` says so).
COMBAT_BEGUN = ("combat", "end")


def condition_holds(
    view: BoardView, condition: Condition, source: str, removed: frozenset[str] = frozenset()
) -> bool:
    """True when the condition written on ``source`` holds (``removed``: permanents counted as gone).

    >>> from models.abilities import ObjectFilter, Who
    >>> from models.board import Board
    >>> from planner.rules.view import BoardView
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
    ...     {"id": "t", "card": "Treasure", "controller": "me"},
    ...     {"id": "f", "card": "Forest", "controller": "me"}]})
    >>> artifact = Condition(filters=(ObjectFilter(types=("Artifact",), controller=Who.YOU),))
    >>> view = BoardView(board)
    >>> condition_holds(view, artifact, "f"), condition_holds(view, artifact, "f", frozenset({"t"}))
    (True, False)
    """
    if condition.either:
        return any(condition_holds(view, one, source, removed) for one in condition.either)
    permanent = view.permanent(source)
    if condition.your_turn and view.board.active_player != permanent.controller:
        return False  # ('as long as it's your turn [and ...]': the board's active_player)
    if condition.combat_began and view.board.step not in COMBAT_BEGUN:
        return False  # (a beginning-of-combat trigger's grant: not before this turn's combat, CR 506.1)
    if condition.entered_this_turn:
        return permanent.entered_this_turn
    if condition.source_tapped is not None:  # ('as long as ~ is tapped': Centaur Omenreader)
        return permanent.tapped == condition.source_tapped
    if condition.designation:
        return condition.designation in permanent.designations
    if condition.player_status:
        return bool(getattr(view.player(permanent.controller), condition.player_status))
    if condition.opponent_counter:
        return any(
            player.counter(condition.opponent_counter) >= condition.at_least
            for player in view.board.players
            if player.id != permanent.controller
        )
    if condition.played_land:
        return view.board.player(permanent.controller).lands_played_this_turn >= 1
    if condition.exiled_card and condition.exiled_keyword:
        # ('a card exiled with ~ has haste': one of those cards has it, by its text, CR 607.2a)
        cards, _gap = exiled_cards(view, source, "")
        return any(
            condition.exiled_keyword in read_card(c.oracle, c.name, c.type_line).keywords
            and (not condition.exiled_card_type or c.type_line.is_a(condition.exiled_card_type))
            for c in cards
        )
    if condition.exiled_card:
        return permanent.choices.exiled_any
    if condition.counter:
        return permanent.counter(condition.counter) >= condition.at_least
    if condition.done_this_turn:
        counted: int = getattr(view.player(permanent.controller), condition.done_this_turn)
        return counted >= condition.at_least
    if condition.in_graveyard is not None:
        return in_graveyard(view, condition.in_graveyard, permanent.controller, source, condition.at_least)
    if condition.top_of_library is not None:
        return top_card_matches(view, condition.top_of_library, permanent.controller, source)
    met = (view.count(f, source, removed) >= condition.at_least for f in condition.filters)
    return any(met) if condition.any_of else all(met)


def counted_by_conditions(view: BoardView) -> frozenset[str]:
    """The permanents a condition of an effect in force counts ('As long as you control an artifact,
    creatures you control have haste.'), those whose leaving may end a God's devotion
    (:func:`~planner.rules.devotion.counted_by_devotions`), and those whose abilities an effect shares
    (Experiment Kraj's givers, matched on the view: they read counters): whether the effect applies, or what
    it gives, may change when one leaves. What a filter reads of the permanents as printed and the effects
    make them is worked out once for the view's :class:`Structure` (its rebound views share it); a filter
    that reads their statuses (untapped, counters, power) is matched on the view itself.

    >>> from models.board import Board
    >>> from planner.rules.view import BoardView
    >>> rally = {"id": "r", "name": "Rally", "type_line": "Enchantment", "controller": "me",
    ...     "oracle": "As long as you control an artifact, creatures you control have haste."}
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [rally,
    ...     {"id": "t", "card": "Treasure", "controller": "me"},
    ...     {"id": "f", "card": "Forest", "controller": "me"}]})
    >>> sorted(counted_by_conditions(BoardView(board)))
    ['t']
    """
    structure = view.structure
    if structure.counted is None:
        fixed: set[str] = set(counted_by_devotions(view))
        by_status = []
        for sourced in view.effects:
            effect = sourced.effect
            if not isinstance(effect, _CONDITIONAL) or effect.condition is None:
                continue
            for wanted in effect.condition.counted_filters:
                if wanted.reads_status:
                    by_status.append((wanted, sourced.source))
                else:
                    fixed.update(view.matching(wanted, sourced.source))
        structure.counted = (frozenset(fixed), tuple(by_status))
    fixed_part, status_part = structure.counted
    shared = [pid for sourced in view.effects_of(GainAbilitiesOf) for pid in givers(view, sourced)]
    if not status_part and not shared:
        return fixed_part
    matched = (pid for wanted, source in status_part for pid in view.matching(wanted, source))
    return fixed_part.union(matched, shared)
