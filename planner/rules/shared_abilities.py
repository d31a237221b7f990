"""Abilities a permanent has because others have them (layer 6, CR 613.1f): Experiment Kraj's 'Each creature
with a +1/+1 counter on it has all activated abilities of all creatures you control with a +1/+1 counter on
them.' Each receiver has every activated ability of each giver, its mana abilities among them, as its own (a
{T} in the cost taps the receiver, '~' is the receiver): the giver's abilities after the other effects of
layer 6 (its rules text's, its land types', those granted to it: CR 613.8, the sharing depends on them).

What the planner does not follow is set aside with a warning naming the effect, never guessed: a mana ability
of a permanent the effect may describe that moves that permanent's counters (what shares and what receives
could change while paying), a loss of abilities in layer 6 on one of them (the order of the two effects, CR
613.7-613.8), more than one sharing effect (how they build on each other), and an ability that can be
activated only once each turn (each receiver's copy is an ability of its own, counted apart by the board's
``activated_this_turn``, which names abilities by their text).

A giver that leaves while paying takes its abilities from the receivers (CR 611.3a): the givers are among
what the effects rely on (:meth:`BoardView.counted_by_conditions
<planner.rules.view.BoardView.counted_by_conditions>`), so the replay and the reference search work the board
out again, and the CP-SAT model orders what relies on them before their sacrifice.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from models.abilities import ManaAbility
from models.layer_effects import AbilityLoss, GainAbilitiesOf, GrantAbility
from planner.rules.executed import intrinsic_abilities
from planner.rules.graveyard_grants import granted_to
from planner.rules.records import SourcedEffect, TextWarning
from planner.rules.steady import moves_own_counters
from planner.rules.takers import possible_abilities

if TYPE_CHECKING:
    from planner.rules.view import BoardView

__all__ = ["givers", "shared_abilities"]


def shared_abilities(
    view: BoardView, grants: list[SourcedEffect]
) -> tuple[dict[str, tuple[ManaAbility, ...]], list[TextWarning]]:
    """The mana abilities each permanent receives from the givers of a sharing effect in force (by id; none
    from itself: it has them already), given the ``grants`` in force; and a warning for each effect set
    aside, with why, when it describes a receiver.

    >>> from models.board import Board
    >>> from planner.rules.view import BoardView
    >>> kraj = {"id": "k", "name": "Kraj", "type_line": "Creature", "controller": "me", "oracle": "Each "
    ...     "creature with a +1/+1 counter on it has all activated abilities of all creatures you control "
    ...     "with a +1/+1 counter on them."}
    >>> elf = {"id": "e", "name": "Elf", "type_line": "Creature", "controller": "me",
    ...     "oracle": "{T}: Add {G}.", "counters": {"+1/+1": 1}}
    >>> bear = {"id": "b", "name": "Bear", "type_line": "Creature", "controller": "me",
    ...     "counters": {"+1/+1": 1}}
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [kraj, elf, bear]})
    >>> shared, warnings = shared_abilities(BoardView(board), [])
    >>> {pid: [a.text for a in found] for pid, found in shared.items()}, warnings
    ({'b': ['{T}: Add {G}.']}, [])
    """
    effects = list(view.effects_of(GainAbilitiesOf))
    shared: dict[str, list[ManaAbility]] = {}
    warnings: list[TextWarning] = []
    for sourced in effects:
        effect = sourced.effect
        assert isinstance(effect, GainAbilitiesOf)
        receivers = view.matching(effect.affected, sourced.source)
        giving = givers(view, sourced)
        if not receivers or not giving:
            continue
        owned = {giver: _own_abilities(view, giver, grants) for giver in giving}
        if why := _gap(view, effects, sourced, owned):
            warnings.append(TextWarning(sourced.source, effect.text, f"abilities shared: {why}"))
            continue
        for receiver in receivers:
            for giver in giving:
                if giver != receiver:
                    shared.setdefault(receiver, []).extend(owned[giver])
    return {pid: tuple(found) for pid, found in shared.items() if found}, warnings


def givers(view: BoardView, sourced: SourcedEffect) -> tuple[str, ...]:
    """The permanents whose abilities a sharing effect gives (relative to the effect's controller)."""
    effect = sourced.effect
    assert isinstance(effect, GainAbilitiesOf)
    return view.matching(effect.sources, sourced.source)


def _own_abilities(view: BoardView, pid: str, grants: list[SourcedEffect]) -> list[ManaAbility]:
    """The permanent's mana abilities before any sharing: its rules text's (unless a land type set took them,
    CR 305.7), its land types' (CR 305.6), those the grants in force give it (each effect once) and those a
    card in its controller's graveyard gives it."""
    found = [] if view.lost_text_abilities(pid) else list(view.parsed[pid].mana_abilities)
    found += intrinsic_abilities(view.type_line(pid))
    once: set[tuple[str, str]] = set()
    for sourced in grants:
        grant = sourced.effect
        assert isinstance(grant, GrantAbility)
        if (sourced.source, grant.text) not in once and view.matches(grant.affected, pid, sourced.source):
            once.add((sourced.source, grant.text))
            found.append(grant.ability)
    if view.graveyard_grants:
        found += [a for a in granted_to(view, view.graveyard_grants, pid) if a not in found]
    return found


def _gap(
    view: BoardView,
    effects: list[SourcedEffect],
    sourced: SourcedEffect,
    owned: dict[str, list[ManaAbility]],
) -> str | None:
    """Why the sharing effect can't be followed on the board while paying, or None."""
    effect = sourced.effect
    assert isinstance(effect, GainAbilitiesOf)
    if len(effects) > 1:
        return "another effect shares abilities too: how they build on each other is not followed yet"
    described = [replace(effect.affected, counter=None), replace(effect.sources, counter=None)]
    if effect.affected.counter is not None or effect.sources.counter is not None:
        printed = ((p, a) for p in view.board.permanents for a in view.parsed[p.id].mana_abilities)
        for permanent, ability in (*printed, *possible_abilities(view)):  # (its own first: named if so)
            if moves_own_counters(ability) and any(
                view.matches(flt, permanent.id, sourced.source) for flt in described
            ):
                return (
                    f"a mana ability that moves the counters on {permanent.name} ({permanent.id}) may change "
                    "what shares and what receives them: not followed yet"
                )
    for loss in view.effects_of(AbilityLoss):
        assert isinstance(loss.effect, AbilityLoss)
        if any(
            view.matches(loss.effect.affected, p.id, loss.source)
            and any(view.matches(flt, p.id, sourced.source) for flt in described)
            for p in view.board.permanents
        ):
            return (
                f"{loss.effect.text!r} takes abilities away in layer 6 too: which applies first (CR 613.7, "
                "613.8) is not followed yet"
            )
    once = next((a for found in owned.values() for a in found if a.once_each_turn), None)
    if once is not None:
        return (
            f"{once.text!r} can be activated only once each turn, and each receiver's copy apart: not "
            "followed yet"
        )
    return None
