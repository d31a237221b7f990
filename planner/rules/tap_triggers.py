"""Triggers on tapping a permanent or activating its abilities (CR 603.2, 605.1b: none is a mana ability, each
waits for the stack, CR 603.3): the damage they deal its controller (City of Brass, Manabarbs, Psychic Venom,
Artifact Possession), whether they destroy it (Blight), and the damage its controller may pay mana to avoid
(Seizures), as the payment weighs them.

>>> from models.board import Board
>>> from planner.rules.view import BoardView
>>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
...     {"id": "c", "card": "City of Brass", "controller": "me"}]})
>>> tap_damage(BoardView(board), "c", for_mana=True)
1
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from models.abilities import ManaAbility
from models.filters import Who
from models.mana_effects import TapDamage

if TYPE_CHECKING:
    from planner.rules.view import BoardView

__all__ = ["activation_damage", "damage_unless_paid", "destroyed_by_tapping", "tap_damage"]


def tap_damage(view: BoardView, pid: str, *, for_mana: bool) -> int:
    """The damage its controller takes from triggers on tapping the permanent, tapped for mana (CR
    106.12) or for another cost: its own 'whenever ~ becomes tapped' (City of Brass), and effects on the
    permanents they match, tapped for mana (Manabarbs) or at all (Psychic Venom). A trigger, not a mana
    ability (605.1b): it waits for the stack, so the damage is taken, not lost from the life the payment
    has.

    >>> from models.board import Board
    >>> from planner.rules.view import BoardView
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}, {"id": "opp"}], "permanents": [
    ...     {"id": "f", "card": "Forest", "controller": "me"},
    ...     {"id": "sol", "card": "Sol Ring", "controller": "me"},
    ...     {"id": "mb", "name": "Manabarbs", "type_line": "Enchantment", "controller": "opp", "oracle":
    ...      "Whenever a player taps a land for mana, Manabarbs deals 1 damage to that player."}]})
    >>> view = BoardView(board)
    >>> [tap_damage(view, pid, for_mana=mana) for pid, mana in (("f", True), ("f", False), ("sol", True))]
    [1, 0, 0]
    """
    return sum(effect.damage for effect in _tap_triggers(view, pid, for_mana))


def activation_damage(view: BoardView, pid: str, ability: ManaAbility) -> int:
    """The damage its controller takes from triggers on activating one of the permanent's abilities
    without {T} in its cost (Artifact Possession's '... or a player activates an ability of enchanted
    artifact without {T} in its activation cost, ~ deals 2 damage to that artifact's controller'; an
    ability with {T} taps it, which :func:`tap_damage` counts): a trigger that waits (CR 603.3)."""
    if ability.cost.tap:
        return 0
    return sum(effect.damage for effect in _tap_triggers(view, pid, for_mana=False) if effect.activations)


def destroyed_by_tapping(view: BoardView, pid: str) -> bool:
    """True when a trigger on tapping the permanent destroys it ('When enchanted land becomes tapped,
    destroy it.', Blight): tapped while paying, it is lost once the trigger resolves, after the payment
    (CR 603.3), as a permanent sacrificed is lost.

    >>> from models.board import Board
    >>> from planner.rules.view import BoardView
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}, {"id": "opp"}], "permanents": [
    ...     {"id": "f", "card": "Forest", "controller": "me"},
    ...     {"id": "g", "card": "Forest", "controller": "me"},
    ...     {"id": "b", "name": "Hex", "type_line": "Enchantment — Aura", "controller": "opp",
    ...      "attached_to": "f", "oracle": "When enchanted land becomes tapped, destroy it."}]})
    >>> view = BoardView(board)
    >>> destroyed_by_tapping(view, "f"), destroyed_by_tapping(view, "g")
    (True, False)
    """
    return any(effect.destroys for effect in _tap_triggers(view, pid, for_mana=False))


def damage_unless_paid(view: BoardView, pid: str) -> tuple[tuple[int, str], ...]:
    """The damage of each trigger on tapping the permanent that its controller may pay mana to avoid as
    it resolves, after the payment ('... unless that player pays {3}', Seizures: CR 603.3, 118.12), with
    that mana: the damage :func:`tap_damage` counts, which the answer says may be paid instead.

    >>> from models.board import Board
    >>> from planner.rules.view import BoardView
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}, {"id": "opp"}], "permanents": [
    ...     {"id": "elf", "card": "Llanowar Elves", "controller": "me"},
    ...     {"id": "s", "name": "Fits", "type_line": "Enchantment — Aura", "controller": "opp",
    ...      "attached_to": "elf", "oracle": "Whenever enchanted creature becomes tapped, Fits deals 3 "
    ...      "damage to that creature's controller unless that player pays {3}."}]})
    >>> damage_unless_paid(BoardView(board), "elf")
    ((3, '{3}'),)
    """
    triggers = _tap_triggers(view, pid, for_mana=False)
    return tuple((effect.damage, effect.unless_paid) for effect in triggers if effect.unless_paid)


def _tap_triggers(view: BoardView, pid: str, for_mana: bool) -> Iterator[TapDamage]:
    """The triggers on tapping (:class:`TapDamage`) that tapping the permanent sets off, each once."""
    permanent = view.permanent(pid)
    for sourced in view.effects_of(TapDamage):
        effect = sourced.effect
        assert isinstance(effect, TapDamage)
        if effect.affected is None:
            # '~ deals N damage to you': to its controller, who taps it
            if sourced.source == pid and sourced.controller == permanent.controller:
                yield effect
            continue
        if effect.for_mana and not for_mana:
            continue
        if effect.who is Who.YOU and permanent.controller != sourced.controller:
            continue
        if effect.who is Who.OPPONENTS and permanent.controller == sourced.controller:
            continue
        if any(view.matches(each, pid, sourced.source) for each in effect.descriptions):
            yield effect  # (once, however many of a list's descriptions match: CR 603.2)
