"""Mana Maze's "Players can't cast spells that share a color with the spell most recently cast this turn."
(:attr:`~models.mana_effects.CastBan.shares_last_color`, CR 101.2, 105.2): the spell most recently cast this
turn, by any player, as the board says it (``spells_cast_this_turn``: the spells of one player, listed in
the order cast), and in a turn's plan each spell the turn casts in its place (:class:`ColorChain`).

What the board does not say (spells cast by more than one player: their order is not given; a count without
the spells) is not known, never guessed: the callers warn of it.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from models.board import card_colors
from models.cost import PaymentTarget
from models.mana import ManaTypes
from models.mana_effects import CastBan
from planner.rules.ban_scope import applies
from planner.rules.records import SourcedEffect
from planner.rules.view import BoardView

__all__ = ["ColorChain", "color_chain", "last_spell_colors", "shares_last_color", "spell_colors"]


def last_spell_colors(view: BoardView) -> ManaTypes | None:
    """The colors of the spell most recently cast this turn by any player (its card's, CR 105.2, 202.2); no
    colors when no spell was cast this turn; None when the board does not say which spell it was.

    >>> from models.board import Board
    >>> def board(me: object, opp: object) -> BoardView:
    ...     return BoardView(Board.from_dict({"version": 1, "players": [
    ...         {"id": "me", "spells_cast_this_turn": me}, {"id": "opp", "spells_cast_this_turn": opp}]}))
    >>> [str(last_spell_colors(board(cast, 0))) for cast in (0, ["Llanowar Elves", "Lightning Bolt"])]
    ['', 'R']
    >>> last_spell_colors(board(1, 0)), last_spell_colors(board(["Lightning Bolt"], ["Llanowar Elves"]))
    (None, None)
    """
    casters = [player for player in view.board.players if player.spells_cast_this_turn]
    if not casters:
        return ManaTypes()
    listed = casters[0].spells_cast
    if len(casters) > 1 or not listed:
        return None  # (two players' spells: which was cast last is not given; a count alone)
    last = listed[-1]
    return card_colors(last.mana_cost, last.color_indicator, last.oracle, last.name)


def shares_last_color(view: BoardView, spell: PaymentTarget, player: str) -> bool | None:
    """Whether ``spell`` (of ``player``, its colors as on the stack, CR 105.2) shares a color with the spell
    most recently cast this turn; None when that spell is not known."""
    last = last_spell_colors(view)
    if last is None:
        return None
    return bool(view.colors_elsewhere(spell.spell_colors, player, spell=True) & last)


@dataclass(frozen=True, slots=True)
class ColorChain:
    """A turn's spells under Mana Maze (CR 101.2): each may share no color with the one cast just before it,
    the turn's first none with ``first`` (the colors of the spell most recently cast before the turn; none
    when not known, which is warned of), ``why`` naming the prohibition."""

    first: ManaTypes
    why: str

    def broken(self, colors: Iterable[ManaTypes]) -> bool:
        """True when one of the spells cast in this order (their colors) shares a color with the one before.

        >>> chain = ColorChain(ManaTypes.parse("R"), "why")
        >>> [chain.broken(map(ManaTypes.parse, order)) for order in (["G", "R"], ["R"], ["G", "G"], ["", ""])]
        [False, True, True, False]
        """
        before = self.first
        for spell in colors:
            if spell & before:
                return True
            before = spell
        return False


def color_chain(view: BoardView, player: str) -> ColorChain | None:
    """The chain a prohibition like Mana Maze's puts on ``player``'s spells of the turn, or None when none
    binds the player."""
    binding: list[SourcedEffect] = [
        sourced
        for sourced in view.effects_of(CastBan)
        if isinstance(sourced.effect, CastBan)
        and sourced.effect.shares_last_color
        and applies(view, sourced, player) is True
    ]
    if not binding:
        return None
    name = view.permanent(binding[0].source).name
    why = (
        f"{name}'s {binding[0].effect.text!r} forbids {player} a spell that shares a color with the one cast "
        "before it (CR 101.2, 105.2)"
    )
    return ColorChain(last_spell_colors(view) or ManaTypes(), why)


def spell_colors(view: BoardView, player: str, spells: Iterable[PaymentTarget]) -> list[ManaTypes]:
    """The colors of ``player``'s spells as on the stack (CR 105.2), in order."""
    return [view.colors_elsewhere(spell.spell_colors, player, spell=True) for spell in spells]
