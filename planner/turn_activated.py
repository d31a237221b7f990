"""The activated abilities of :mod:`planner.turn_abilities` as events of a turn's search (contract section
11): each one an optional event spell (:class:`~planner.turn_choices.TurnSpell` with its ``ability``) whose
cost the turn's model pays as it pays a spell's (CR 602.2b), placed among the spells by the search as any
event is, and replayed by the rules before the plan leaves (:class:`AbilityReplay`).

An ability is no spell: it is no card used up, has no mana value, counts as no spell cast (CR 601.2i) and
sets off no trigger of casting (CR 603.2); it is none of the spells a limit or Mana Maze reads (CR 101.2).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import replace
from itertools import combinations_with_replacement, permutations

from models.board import Board, Card, Permanent
from models.errors import InternalError
from models.mana import ManaBag
from models.oracle import read_card
from planner.described import described_payment
from planner.rules.plan import Plan
from planner.rules.pool import ManaUnit
from planner.rules.replay import IllegalPlanError, PlanState
from planner.rules.turn import cast_spell
from planner.solve.problem import PaymentProblem
from planner.solve.solution import Solution, SolveStatus
from planner.turn_abilities import (
    ability_resolved,
    ability_target,
    equip_abilities,
    turn_abilities,
    why_not_activated,
)
from planner.turn_choices import TurnSpell
from planner.turn_model import Stage, Timeline, TurnItem
from planner.turn_result import AbilityActivated

__all__ = [
    "AbilityReplay",
    "abilities_hold",
    "ability_spells",
    "as_made",
    "loyalty_assumed",
    "planned_sentences",
    "planned_texts",
    "with_abilities",
]


def ability_spells(
    board: Board, player: str, spells: Sequence[TurnSpell] = ()
) -> tuple[list[TurnSpell], list[TurnSpell]]:
    """The turn's ``spells``, each creature spell an equip ability may target made an event (its place
    among the events matters), and the events of the abilities of ``player``'s permanents the turn may
    activate now (:func:`~planner.turn_abilities.turn_abilities` and
    :func:`~planner.turn_abilities.equip_abilities`, those :func:`~planner.turn_abilities.why_not_activated`
    allows on the turn's first board), each activated at most once.

    >>> knight = {"id": "k", "name": "Test Knight", "type_line": "Creature — Knight", "power": 2,
    ...     "toughness": 2, "controller": "me", "oracle": "{1}, {T}: Create a Treasure token."}
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [knight]})
    >>> [(s.card.name, str(s.target.cost), s.event, s.mana_value) for s in ability_spells(board, "me")[1]]
    [('Test Knight', '{1}', True, 0)]
    """
    arriving = {s.pid: s for s in spells if s.pid and _taps_once_hasty(s.card)}
    found = []
    for ability in [*turn_abilities(board, player), *equip_abilities(board, player, arriving)]:
        if why_not_activated(board, player, ability, later=ability.attach_to in arriving) is not None:
            continue
        permanent = board.permanent(ability.pid)
        card = Card(card=None, name=ability.source, type_line=permanent.type_line, oracle=ability.text)
        target = ability_target(board, ability)
        found.append(TurnSpell(card=card, target=target, mana_value=0, event=True, pid="", ability=ability))
    targets = {s.ability.attach_to for s in found if s.ability is not None}
    spells = [replace(s, event=True) if s.pid in targets else s for s in spells]
    return list(spells), found


def _taps_once_hasty(card: Card) -> bool:
    """True for a creature card with a {T} mana ability and no haste of its own: haste would let its
    permanent tap for mana the turn it enters (CR 302.6)."""
    if not card.type_line.is_a("Creature"):
        return False
    parsed = read_card(card.oracle, card.name, card.type_line)
    return "haste" not in parsed.keywords and any(a.cost.tap for a in parsed.mana_abilities)


def planned_texts(board: Board, player: str, spells: Sequence[TurnSpell] = ()) -> set[str]:
    """The notes' subjects of the abilities of ``player``'s permanents the search plans
    (:func:`~planner.turn_abilities.turn_abilities`: activated where the rules allow it, or not at all when
    they forbid it now), as the notes open them: their permanents' names with their sentences.

    >>> knight = {"id": "k", "name": "Test Knight", "type_line": "Creature — Knight", "power": 2,
    ...     "toughness": 2, "controller": "me", "oracle": "{1}, {T}: Create a Treasure token."}
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [knight]})
    >>> planned_texts(board, "me")
    {"Test Knight: '{1}, {T}: Create a Treasure token.'"}
    """
    found = {f"{ability.source}: {ability.text!r}" for ability in turn_abilities(board, player)}
    arriving = [s.pid for s in spells if s.pid and _taps_once_hasty(s.card)]
    # (an Equipment's note on equipping for haste: turn_unplanned.equip_haste_notes)
    return found | {f"{a.source}: equipping" for a in equip_abilities(board, player, arriving)}


def planned_sentences(board: Board, player: str) -> set[tuple[str, str]]:
    """The abilities of :func:`planned_texts` as the board's warnings name them: (permanent id, sentence)."""
    return {(ability.pid, ability.text) for ability in turn_abilities(board, player)}


def with_abilities(items: Sequence[TurnItem], abilities: Sequence[TurnSpell]) -> Iterator[list[TurnItem]]:
    """``items`` (a turn in an order given) with each choice of ``abilities`` activated among them: every
    subset, in every order, at every place (each at most once), ``items`` alone first.

    >>> from planner.turn_choices import Ids, hand_spells
    >>> bolt = TurnItem(spell=hand_spells([Card.from_json("Lightning Bolt")], 0, Ids(set()))[0])
    >>> knight = {"id": "k", "name": "Test Knight", "type_line": "Creature — Knight", "power": 2,
    ...     "toughness": 2, "controller": "me", "oracle": "{1}, {T}: Create a Treasure token."}
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [knight]})
    >>> _, abilities = ability_spells(board, "me")
    >>> [[i.spell.card.name for i in found if i.spell] for found in with_abilities([bolt], abilities)]
    [['Lightning Bolt'], ['Test Knight', 'Lightning Bolt'], ['Lightning Bolt', 'Test Knight']]
    """
    for size in range(len(abilities) + 1):
        for chosen in permutations(abilities, size):
            for places in combinations_with_replacement(range(len(items) + 1), size):
                placed = list(items)
                for ability, place in reversed(list(zip(chosen, places, strict=True))):
                    placed.insert(place, TurnItem(spell=ability))
                yield placed


def abilities_hold(player: str, timeline: Timeline) -> bool:
    """True when each ability of the sequence can be activated on the board its stage is activated on
    (:func:`~planner.turn_abilities.why_not_activated`: its permanent there and untapped for {T}, a loyalty
    ability once each turn per permanent, CR 606.3); an order where one can't is no plan."""
    used: list[str] = []
    for stage in timeline.stages:
        spell = stage.item.spell
        if spell is None or spell.ability is None:
            continue
        if why_not_activated(stage.board, player, spell.ability, used) is not None:
            return False
        if spell.ability.loyalty is not None:
            used.append(spell.ability.pid)
    return True


def loyalty_assumed(activations: Sequence[AbilityActivated], abilities: Sequence[TurnSpell]) -> list[str]:
    """A note for each loyalty ability the plan activates: the board does not say whether a loyalty ability
    of that permanent was activated earlier this turn (CR 606.3), and the plan assumes none was."""
    loyal = {s.ability.pid for s in abilities if s.ability is not None and s.ability.loyalty is not None}
    return [
        f"{made.card}: the plan assumes no loyalty ability of it was activated earlier this turn (CR 606.3)"
        for made in activations
        if made.permanent in loyal
    ]


class AbilityReplay:
    """The replay's activation of the turn's abilities, by the rules (CR 602.2, 606.3), each checked against
    the plan's stage, and the activations it made, for the answer."""

    def __init__(self, player: str) -> None:
        self.player = player
        self.loyalty_used: list[str] = []
        self.made: list[AbilityActivated] = []

    def activated(
        self,
        state: PlanState,
        stage: Stage,
        plan: Plan,
        position: int,
        spells_before: int,
        status: SolveStatus,
        mana: Sequence[ManaUnit] = (),
    ) -> PlanState:
        """The state once the ability of ``stage`` was activated by ``plan`` (its cost's mana and life) and
        resolved; IllegalPlanError (``position``: its place among the plan's payments) where the rules
        forbid it or the plan's stage differs from what it does."""
        spell = stage.item.spell
        assert spell is not None and spell.ability is not None
        ability = spell.ability
        board = state.board
        why = why_not_activated(board, self.player, ability, self.loyalty_used)
        if why is not None:
            raise IllegalPlanError(position, why)
        problem = PaymentProblem.of(board, ability_target(board, ability), self.player)
        state, summary = cast_spell(state, problem.target, plan, position)
        paid = described_payment(problem, problem.target, plan, summary, Solution(status=status, plan=plan))
        if ability.cost.tap and state.board.permanent(ability.pid).tapped:  # (tapped while it was paid)
            raise IllegalPlanError(position, f"{ability.source}: tapped before its {{T}} is paid (CR 602.2b)")
        after, tokens = ability_resolved(state.board, self.player, ability, (p.id for p in stage.arrivals))
        if [as_made(t) for t in tokens] != [as_made(p) for p in stage.arrivals]:
            raise IllegalPlanError(
                position, f"{ability.source}: it creates {[t.name for t in tokens]}, not the plan's tokens"
            )
        if len(stage.mana) != (1 if ability.packets else 0):
            raise InternalError(f"{ability.source}: the plan's mana of {ability.text!r} is not its own")
        if ability.loyalty is not None:
            self.loyalty_used.append(ability.pid)
        self.made.append(
            AbilityActivated(
                permanent=ability.pid,
                card=ability.source,
                ability=ability.text,
                after_spells=spells_before,
                payment=paid,
                created=tuple((p.id, p.name) for p in stage.arrivals),
                mana=str(ManaBag.of(unit.type for unit in mana)) if mana else "",
            )
        )
        return replace(state, board=after)


def as_made(token: Permanent) -> tuple[str, str, str, int | None, int | None]:
    """A token's characteristics as created (its id and tapped state aside)."""
    return token.name, str(token.type_line), token.oracle, token.power, token.toughness
