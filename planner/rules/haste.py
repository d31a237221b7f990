"""Haste from static effects (layer 6, CR 702.10): 'Creatures you control have haste' (Fires of Yavimaya), an
Aura's or Equipment's 'Enchanted creature gets +1/+1 and has haste'. A creature with haste uses its {T}
abilities the turn it came under its controller's control (CR 302.6), so a summoning-sick mana creature beside
such an effect taps for mana.

A grant 'as long as <condition>' ('~ has haste as long as you control an artifact', 'As long as you
control three or more artifacts, creatures you control have haste') gives haste while its condition holds.
A count of permanents a cost may take away ('an artifact', and a Treasure sacrificed for mana) is judged as
each activation finds the board: the CP-SAT model taps the creature before the sacrifices that end its haste
(:func:`planner.solve.cpsat.analysis.reliances`), and the replay and the reference search judge each step.
A condition the board does not record ('an opponent has 10 or less life'), or one a payment may change
otherwise (counters a cost may move, a graveyard a cost may fill, a power or a status) is not judged: the
creature is taken as without that haste, and the grant is reported (:func:`haste_gaps`), never guessed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from models.layer_effects import GrantHaste
from planner.rules.ability_loss import timestamps
from planner.rules.steady import condition_gap, holds_steadily

if TYPE_CHECKING:
    from planner.rules.view import BoardView

__all__ = ["haste_gaps", "haste_granted"]


def haste_granted(view: BoardView, pid: str) -> bool:
    """True when an effect in force gives the permanent haste (one with a condition, when the board answers
    the condition and it holds).

    >>> from models.board import Board
    >>> from planner.rules.eligibility import is_sick
    >>> from planner.rules.view import BoardView
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}, {"id": "you"}], "permanents": [
    ...     {"id": "e", "card": "Llanowar Elves", "controller": "me", "summoning_sick": True},
    ...     {"id": "y", "card": "Llanowar Elves", "controller": "you", "summoning_sick": True},
    ...     {"id": "f", "name": "Fires", "type_line": "Enchantment", "controller": "me",
    ...      "oracle": "Creatures you control have haste."}]})
    >>> view = BoardView(board)
    >>> haste_granted(view, "e"), haste_granted(view, "y"), is_sick(view, "e"), is_sick(view, "y")
    (True, False, False, True)
    """
    lost = view.lost_in_layer_6(pid)  # (Humility: a grant of an earlier timestamp is lost, CR 613.7)
    order = timestamps(view) if lost is not None else {}
    for sourced in view.effects_of(GrantHaste):
        effect = sourced.effect
        assert isinstance(effect, GrantHaste)
        if effect.linked:  # (a permanent made a creature with haste: those its type change took, CR 613.6)
            if pid not in view.type_change_applied(sourced.source, effect.text):
                continue
        elif not view.matches(effect.affected, pid, sourced.source):
            continue
        if (
            lost is not None
            and not effect.permission
            and not lost.keeps_grant(sourced.source, order, mana=False)
            and not (effect.after_own_loss and lost.last == sourced.source)
        ):
            # (a permission, Thousand-Year Elixir's, is no ability of the creature's: kept; so is the haste
            # the last loss's own effect grants after it, 'loses all abilities and has haste', CR 613.7)
            continue
        if effect.condition is None or holds_steadily(view, effect.condition, sourced.source, ordered=True):
            return True
    return False


def haste_gaps(view: BoardView, pid: str) -> tuple[tuple[str, str, str], ...]:
    """The grants of haste to the permanent whose condition the board can't answer while paying, as (source,
    sentence, why): reported where the haste would matter (a summoning-sick creature), never guessed.

    >>> from models.board import Board
    >>> from planner.rules.view import BoardView
    >>> ghast = {"id": "g", "name": "Ghast", "type_line": "Creature — Spirit", "power": 2, "toughness": 1,
    ...     "controller": "me", "summoning_sick": True, "oracle": "{T}: Add {B}.\\n"
    ...     "This creature has haste as long as an opponent has 10 or less life."}
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [ghast]})
    >>> haste_gaps(BoardView(board), "g")  # doctest: +NORMALIZE_WHITESPACE
    (('g', '~ has haste as long as an opponent has 10 or less life.',
      'haste: as long as an opponent has 10 or less life, which no board records'),)
    """
    gaps: list[tuple[str, str, str]] = []
    for sourced in view.effects_of(GrantHaste):
        effect = sourced.effect
        assert isinstance(effect, GrantHaste)
        if effect.condition is None or not view.matches(effect.affected, pid, sourced.source):
            continue
        why = condition_gap(view, effect.condition, sourced.source, ordered=True)
        if why is not None:
            gaps.append(
                (sourced.source, effect.text, f"haste: as long as {effect.condition.describe()}, {why}")
            )
    return tuple(gaps)
