"""Mana abilities whose output a turn's own events change (contract section 11, issue 35).

An ability's amount is counted as it resolves (CR 608.2h) and its activation condition as it is activated
(CR 602.5b), on the board of that moment: "{T}: Add {G} for each creature you control." makes one more
{G} once a creature spell of the turn resolved (CR 608.3), "Add one mana of any color. Activate only if you
control three or more artifacts." works once the third artifact arrived. Two things follow for a turn's plan:

- a permanent spell is an *event* (its place in the order matters) whenever a mana ability of the player's
  permanents, or of a permanent spell of the turn, reads the battlefield (:func:`battlefield_read_events`);
- the model's templates are those of the turn's last board, each from the first epoch it works in
  (:func:`~planner.turn_model.sequence_problem`); where a permanent is there but its ability works
  differently in an earlier epoch (fewer creatures counted then), that epoch's own templates of it are
  added too (:func:`~planner.turn_model.gapped_sources`), each for the epochs it works in, so that tapping
  it early is planned with what it makes then.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from models.abilities import ManaAbility
from models.board import Board
from models.filters import BoardFact, declared_reads
from models.mana import ManaTypes
from models.oracle import read_card
from planner.rules.production import Outcome, activation_outcomes
from planner.rules.replay import could_produce_of
from planner.rules.turn import arriving
from planner.rules.view import BoardView
from planner.turn_choices import TurnSpell, distinct
from planner.turn_model import goes_to_graveyard

__all__ = ["battlefield_read_events", "reads_battlefield"]


def reads_battlefield(ability: ManaAbility, fact: BoardFact = BoardFact.BATTLEFIELD) -> bool:
    """True when what the ability makes, or whether it can be activated, depends on other permanents (or on
    another ``fact`` of the game: ``GRAVEYARD``, the cards in a graveyard).

    >>> from models.oracle import parse_oracle
    >>> [reads_battlefield(a) for a in parse_oracle("{T}: Add {G} for each creature you control.",
    ...     "Test Cradle").mana_abilities]
    [True]
    >>> [reads_battlefield(a) for a in parse_oracle("{T}: Add {G}.", "Test Forest").mana_abilities]
    [False]
    """
    if fact in ability.resolution_reads():
        return True
    condition = ability.activation_condition
    return condition is not None and fact in declared_reads(condition)


def battlefield_read_events(board: Board, player: str, spells: list[TurnSpell]) -> list[TurnSpell]:
    """The spells with every permanent spell made an event when the turn's permanent spells, all arrived,
    change what a mana ability of the player's permanents or of one of those spells makes or allows
    (:func:`reads_battlefield`, CR 608.2h, 602.5b: Gaea's Cradle counting creatures, metalcraft; not one that
    reads only an opponent's lands): its place in the order then matters; likewise every instant and sorcery
    when one reads the graveyard (the card is put there as it resolves, CR 608.2n).

    >>> from models.board import Card
    >>> from planner.turn_choices import Ids, turn_spell
    >>> cradle = {"id": "c", "name": "Test Cradle", "type_line": "Land", "controller": "me",
    ...     "oracle": "{T}: Add {G} for each creature you control."}
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [cradle]})
    >>> elf = Card.from_json({"name": "Test Elf", "type_line": "Creature — Elf", "mana_cost": "{G}"})
    >>> bolt = Card.from_json({"name": "Test Bolt", "type_line": "Instant", "mana_cost": "{R}"})
    >>> spells = [turn_spell(card, 0, Ids(set())) for card in (elf, bolt)]
    >>> [s.event for s in spells], [s.event for s in battlefield_read_events(board, "me", spells)]
    ([False, False], [True, False])
    """
    if all(spell.event for spell in spells):
        return spells
    view = BoardView(board)
    arriving_now = {
        spell.card: arriving(spell.card, f"turn-arrival-{n}", player)
        for n, spell in enumerate(distinct(spells))
        if spell.card.type_line.is_permanent
    }
    readers = [
        (permanent.id, ability)
        for permanent in (*board.controlled_by(player), *arriving_now.values())
        for ability in (
            view.mana_abilities(permanent.id)
            if board.has_permanent(permanent.id)
            else read_card(permanent.oracle, permanent.name, permanent.type_line).mana_abilities
        )
    ]
    permanents = any(reads_battlefield(ability) for _, ability in readers)
    cards = any(reads_battlefield(ability, BoardFact.GRAVEYARD) for _, ability in readers)
    if permanents:
        everything = board
        for permanent in arriving_now.values():
            everything = everything.with_permanent(permanent)
        permanents = _changed(board, everything, [(p, a) for p, a in readers if reads_battlefield(a)])
    if not (permanents or cards):
        return spells
    return [
        replace(spell, event=True)
        if not spell.event
        and ((spell.card.type_line.is_permanent and permanents) or (goes_to_graveyard(spell.card) and cards))
        else spell
        for spell in spells
    ]


def _changed(before: Board, after: Board, readers: list[tuple[str, ManaAbility]]) -> bool:
    """True when one of the ``readers`` (a permanent's id and its mana ability) can be activated on one board
    and not the other, or makes other outcomes: on ``before`` (with the reader's own permanent arrived when it
    is a spell's) and ``after`` (every permanent spell of the turn arrived)."""
    after_view = BoardView(after)
    after_reflect = could_produce_of(after)
    for pid, ability in readers:
        start = before if before.has_permanent(pid) else before.with_permanent(after.permanent(pid))
        if _signature(BoardView(start), could_produce_of(start), pid, ability) != _signature(
            after_view, after_reflect, pid, ability
        ):
            return True
    return False


def _signature(
    view: BoardView, reflect: Mapping[str, ManaTypes], pid: str, ability: ManaAbility
) -> tuple[bool, frozenset[Outcome]]:
    """Whether the ability's activation condition holds on the view, and the outcomes it resolves to."""
    condition = ability.activation_condition
    holds = condition is None or view.holds(condition, pid)
    return holds, frozenset(activation_outcomes(view, pid, ability, reflect))
