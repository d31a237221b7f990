"""A bound on every order of one set of spells in a turn's plan (contract section 11): the orders of the same
event spells need not all be solved when none of them can beat the best plan found.

The *relaxed* sequence casts the same spells on a board where every event spell's permanent is there from
the start, all spells in one epoch: whatever a plan of any order pays with, its mana abilities and the pool,
is there for every spell of the relaxed one, so each plan of each order is one of its plans, with the same
levels (they sum what each payment and each permanent touched give, not when: docs/objective.md). Its
optimum is then a lower bound of every order's key, and once the best plan found reaches it no order of
those spells can beat it: the search skips them (its answer is the one the full enumeration gives, which
keeps the first of equal plans). Six rocks and a Bolt under Omniscience: one model per order, 726 of them
(9.8 s of CPU), before; eight now (the first order's prefixes and the relaxation: 0.1 s).

The relaxation holds only where an event's permanent does nothing but add sources of mana
(:func:`_adds_only_sources`: no ritual, Treasure, cost change or energy), the spells'
costs and the ways paying only mana they may be cast for are the same on the turn's first board and on the
relaxed one (costs and conditions that count permanents grow or shrink with them, so they are the same on
every board between), and nothing else depends on the order: no additional cost, no way paying more than
mana, no land among the events (landfall), no bounce land, no cost that counts the spells cast
(:func:`~planner.turn_choices.taxed_by_count`: the caller's to check). Elsewhere :func:`relaxed_sequence` is
None and every order is solved.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from models.board import Board, Card
from models.cost import PaymentTarget
from models.oracle import ParsedText, read_card
from planner.rules.replay import view_of
from planner.rules.turn import Resolution, entering, resolution
from planner.rules.view import locked_in
from planner.turn_alternative import model_ways, way_sequences
from planner.turn_choices import TurnSpell
from planner.turn_model import Timeline, TurnItem, TurnSequence, timeline_of

__all__ = ["Relaxed", "relaxed_sequence"]


@dataclass(frozen=True, kw_only=True, slots=True)
class Relaxed:
    """A sequence relaxed: its board (the event spells' permanents there from the start), its sequence (every
    spell plain, in one epoch) and that sequence's timeline and ways paying only mana
    (:func:`~planner.turn_alternative.model_ways`)."""

    board: Board
    sequence: TurnSequence
    timeline: Timeline
    ways: tuple[tuple[TurnSpell, ...], ...]


def relaxed_sequence(board: Board, player: str, sequence: TurnSequence) -> Relaxed | None:
    """The relaxation of ``sequence`` on ``board`` (see the module docstring), or None where it does not
    hold.

    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
    ...     {"id": "f", "card": "Forest", "controller": "me"}]})
    >>> from models.board import Card
    >>> from planner.turn_choices import Ids, hand_spells
    >>> cards = [Card.from_json("Sol Ring"), Card.from_json("Lightning Bolt")]
    >>> ring, bolt = hand_spells(cards, 0, Ids(set()))
    >>> ring = replace(ring, event=True)
    >>> items = (TurnItem(spell=ring), TurnItem(spell=bolt))
    >>> relaxed = relaxed_sequence(board, "me", TurnSequence(items=items, optional=True))
    >>> assert relaxed is not None
    >>> sorted(p.id for p in relaxed.board.permanents), [s.event for s in relaxed.sequence.spells]
    (['f', 'new-sol-ring'], [False, False])
    """
    if sequence.energy or not _orderless(sequence):
        return None
    relaxed_board = board
    items: list[TurnItem] = []
    for item in sequence.items:
        spell = item.spell
        if spell is not None and spell.ability is not None:
            return None  # (an activated ability: its place matters, planner.turn_activated)
        if spell is not None and spell.event:
            if not _adds_only_sources(spell.card):
                return None
            relaxed_board = relaxed_board.with_permanent(
                entering(relaxed_board, spell.card, spell.pid, player)
            )
            item = replace(item, spell=replace(spell, event=False))
        items.append(item)
    relaxed = TurnSequence(items=tuple(items), optional=True)
    for on in (board, relaxed_board):  # (a way paying more than mana is a choice of the search: none here)
        if next(way_sequences(on, player, relaxed)) is not relaxed:
            return None
    first = timeline_of(board, player, relaxed)  # (the turn's first board: the land, the cards exiled)
    timeline = timeline_of(relaxed_board, player, relaxed)
    if not _abilities_kept(first.boards[-1], timeline.boards[-1]):
        return None
    ways = model_ways(relaxed_board, player, timeline)
    if _costs(first, player, model_ways(board, player, first)) != _costs(timeline, player, ways):
        return None
    return Relaxed(board=relaxed_board, sequence=relaxed, timeline=timeline, ways=ways)


def _adds_only_sources(card: Card) -> bool:
    """True for a card that resolves into a permanent and does nothing else, whose text is mana abilities
    and lines the reader finds no payment reads (Mind Stone's draw, Thought Vessel's hand size), fully read.

    >>> _adds_only_sources(Card.from_json("Mind Stone")), _adds_only_sources(Card.from_json("Dark Ritual"))
    (True, False)
    """
    parsed = read_card(card.oracle, card.name, card.type_line)
    kept = ParsedText(
        mana_abilities=parsed.mana_abilities,
        keywords=parsed.keywords,
        sentences=parsed.sentences,
        ignored=parsed.ignored,
    )
    return resolution(card) == Resolution(permanent=True) and parsed == kept and parsed.fully_read


def _abilities_kept(first: Board, relaxed: Board) -> bool:
    """True when every permanent of the relaxed board has the mana abilities and types there that it has on
    the turn's first board (one arriving: on that board with it alone): the permanents arriving change no
    other's (a land losing its abilities would make the relaxation no relaxation)."""
    at_first, at_last = view_of(first), view_of(relaxed)
    for permanent in relaxed.permanents:
        view = at_first
        if not first.has_permanent(permanent.id):
            view = view_of(first.with_permanent(permanent))
        if view.mana_abilities(permanent.id) != at_last.mana_abilities(permanent.id):
            return False
        if view.type_line(permanent.id) != at_last.type_line(permanent.id):
            return False
    return True


def _orderless(sequence: TurnSequence) -> bool:
    """True when nothing of the sequence but its spells' mana depends on their order: no additional cost
    chosen, no spell cast for a way paying more than mana, no land among the spells (landfall) or after them
    (a bounce land), nothing tapped before a sacrifice."""
    seen_spell = False
    for item in sequence.items:
        if item.sacrificed or item.discarded or item.tapped_first or item.way_exiled:
            return False
        if item.land is not None and (seen_spell or item.land.returns_land):
            return False
        spell = item.spell
        if spell is not None:
            seen_spell = True
            if spell.way is not None or spell.target.additional_costs:
                return False
    return True


def _costs(
    timeline: Timeline, player: str, ways: tuple[tuple[TurnSpell, ...], ...]
) -> list[tuple[PaymentTarget, ...]]:
    """Each spell's cost on the timeline's last board (its mana cost, then each way paying only mana)."""
    view = view_of(timeline.boards[-1])
    found: list[tuple[PaymentTarget, ...]] = []
    spells = [stage.item.spell for stage in timeline.stages if stage.item.spell is not None]
    for spell, variants in zip(spells, ways, strict=True):
        casts = (spell, *variants)
        found.append(tuple(locked_in(view, cast.target, player) for cast in casts))
    return found
