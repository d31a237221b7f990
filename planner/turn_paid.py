"""The ways a turn's sequence pays its spells' additional costs (:mod:`planner.turn_additional`): each set
of permanents sacrificed, spell after spell, as sequences the turn's search solves one by one; the most
plain spells a sequence may cast so that its discards find cards left in the hand, and, once solved, the
cards discarded.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence
from dataclasses import replace

from models.additional_costs import RevealCost
from models.board import Board
from planner.rules.additional_costs import banned_life_reason, cost_ways, planned_costs, unpaid_reason
from planner.rules.replay import view_of
from planner.rules.view import locked_in
from planner.turn_additional import (
    chosen_costs,
    discard_count,
    discarded_cards,
    sacrifice_options,
    tapped_first,
    unplanned_mana,
)
from planner.turn_entering_mana import with_bargain_ways
from planner.turn_model import TurnItem, TurnSequence, timeline_of

__all__ = ["cost_way_sequences", "discard_budget", "paid_sequences", "with_discards"]


def paid_sequences(
    board: Board, player: str, sequence: TurnSequence
) -> Iterator[tuple[TurnSequence, frozenset[str]]]:
    """Every way ``sequence`` pays its spells' sacrifices, each with the notes on what it leaves out (the
    mana of a permanent sacrificed that is not tapped first: :func:`unplanned_mana`); the sequence itself
    when it sacrifices nothing; nothing when a cost can't be paid.

    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me", "hand": ["Forest"]}], "permanents": [
    ...     {"id": "f", "card": "Forest", "controller": "me"},
    ...     {"id": "i", "card": "Island", "controller": "me"}]})
    >>> from models.board import Card
    >>> harrow = Card.from_json({"name": "Harrow", "type_line": "Instant", "mana_cost": "{2}{G}",
    ...     "oracle": "As an additional cost to cast this spell, sacrifice a land.\\nDraw a card."})
    >>> from planner.turn_choices import Ids, hand_spells
    >>> spell = replace(hand_spells([harrow], 0, Ids(set()))[0], event=True)
    >>> found = paid_sequences(board, "me", TurnSequence(items=(TurnItem(spell=spell),), optional=True))
    >>> [(s.items[0].sacrificed, s.items[0].tapped_first, notes) for s, notes in found]
    [(('f',), ('f',), frozenset()), (('i',), ('i',), frozenset())]
    """
    for chosen in cost_way_sequences(board, player, sequence):
        yield from _sacrificed(board, player, chosen)


def cost_way_sequences(board: Board, player: str, sequence: TurnSequence) -> Iterator[TurnSequence]:
    """Every choice of the way each spell of ``sequence`` pays a choice of additional costs
    (:func:`~planner.turn_additional.chosen_costs`): one of Bone Shards' two costs, a bargain paid or not
    (with the mana it takes off the cost), as ``pay`` weighs them
    (:func:`~planner.rules.additional_costs.cost_ways`, on the board each spell is cast on); each spell then
    has the costs of its way as they are. The sequence itself when no spell has such a choice.

    >>> from models.board import Card
    >>> from planner.turn_choices import Ids, hand_spells
    >>> shards = Card.from_json({"name": "Shards", "type_line": "Sorcery", "mana_cost": "{B}", "oracle":
    ...     "As an additional cost to cast this spell, sacrifice a creature or discard a card.\\nDraw."})
    >>> spell = replace(hand_spells([shards], 0, Ids(set()))[0], event=True)
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}]})
    >>> found = cost_way_sequences(board, "me", TurnSequence(items=(TurnItem(spell=spell),), optional=True))
    >>> [[str(cost) for cost in s.spells[0].target.additional_costs] for s in found]
    [['sacrifice a creature'], ['discard a card']]
    """
    if not any(chosen_costs(spell) for spell in sequence.spells):
        yield sequence
        return
    timeline = timeline_of(board, player, sequence)
    options: list[list[TurnItem]] = []
    for stage in timeline.stages:
        item, spell = stage.item, stage.item.spell
        if spell is None or not chosen_costs(spell):
            options.append([item])
            continue
        target = spell.target
        plain = replace(target, additional_costs=())
        generic = locked_in(view_of(stage.board), plain, player).cost.generic
        options.append(
            [
                replace(item, spell=replace(spell, target=way.on(target)))
                for way in with_bargain_ways(target, spell.card, cost_ways(target.additional_costs, generic))
                if unpaid_reason(stage.board, player, _revealed_only(way.costs), spell.card.name) is None
                and banned_life_reason(stage.board, player, way.life) is None  # (CR 118.3: Yasharn)
            ]
        )
    for items in itertools.product(*options):
        yield replace(sequence, items=tuple(items))


def _sacrificed(
    board: Board, player: str, sequence: TurnSequence
) -> Iterator[tuple[TurnSequence, frozenset[str]]]:
    """:func:`paid_sequences` for a sequence whose spells' costs are as they are (no choice left)."""
    if not any(planned_costs(spell.target.additional_costs) for spell in sequence.spells):
        yield sequence, frozenset()
        return
    timeline = timeline_of(board, player, sequence)
    start = timeline.boards[0]
    at_start = {permanent.id for permanent in start.permanents}
    stages = [stage for stage in timeline.stages if stage.item.spell is not None]

    def paid(
        at: int, items: tuple[TurnItem, ...], taken: frozenset[str]
    ) -> Iterator[tuple[tuple[TurnItem, ...], frozenset[str]]]:
        if at == len(stages):
            yield items, frozenset()
            return
        stage = stages[at]
        spell = stage.item.spell
        assert spell is not None
        for option in sacrifice_options(stage.board, player, spell, taken):
            first = tuple(pid for pid in option if pid in at_start and tapped_first(start, player, pid))
            notes = frozenset(
                f"{spell.card.name}: sacrificing {pid} was tried without the mana it could make first (not "
                "planned): the plan may not be the best"
                for pid in option
                if pid not in first
                and unplanned_mana(
                    start if pid in at_start else stage.board, player, pid, at_start=pid in at_start
                )
            )
            item = replace(stage.item, sacrificed=option, tapped_first=first)
            for rest, more in paid(at + 1, (*items, item), taken | set(option)):
                yield rest, notes | more

    for items, notes in paid(0, (), frozenset()):
        yield _with_spell_items(sequence, items), notes


def _with_spell_items(sequence: TurnSequence, items: Sequence[TurnItem]) -> TurnSequence:
    """The sequence with its spells' items replaced, in order, by ``items``."""
    chosen = iter(items)
    return replace(
        sequence, items=tuple(next(chosen) if item.spell is not None else item for item in sequence.items)
    )


def _used_places(board: Board, player: str, sequence: TurnSequence, casts: Sequence[int]) -> set[int]:
    """The places in the hand of the cards the sequence uses: the spells cast (``casts``: their numbers
    among the sequence's spells), the land played, the cards exiled (for their mana, for an alternative
    cost)."""
    hand = board.player(player).hand
    spells = sequence.spells
    used = {spells[number].position for number in casts}
    used |= {item.exile.position for item in sequence.items if item.exile is not None}
    used |= {place for item in sequence.items for place in item.way_exiled}  # (an alternative cost's)
    for land in sequence.lands:
        if land.from_hand >= 0 or land.position >= 0:  # (its place in the hand; an MDFC's land face's)
            used.add(land.from_hand if land.from_hand >= 0 else land.position)
        else:  # (a land card: the first of its name not otherwise used)
            used.add(next(n for n, card in enumerate(hand) if card.name == land.card.name and n not in used))
    used.discard(-1)
    return used


def discard_budget(board: Board, player: str, sequence: TurnSequence) -> int | None:
    """The most spells the sequence may cast of those it may leave out, so that its discards find cards
    the turn does not use in the hand (a negative number: none can); None when it discards nothing.

    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me", "hand": ["Forest"]}]})
    >>> discard_budget(board, "me", TurnSequence(items=(), optional=True)) is None
    True
    """
    discards = sum(discard_count(spell) for spell in sequence.spells)
    if not discards:
        return None
    spells = sequence.spells
    fixed = [n for n, spell in enumerate(spells) if not (sequence.optional and not spell.event)]
    used = _used_places(board, player, sequence, fixed)
    return len(board.player(player).hand) - len(used) - discards


def with_discards(board: Board, player: str, sequence: TurnSequence, casts: Sequence[int]) -> TurnSequence:
    """The sequence whose spells cast (``casts``) name the cards they discard: the hand's first cards the
    turn does not use (:func:`~planner.turn_additional.discarded_cards`)."""
    if not any(discard_count(spell) for spell in sequence.spells):
        return sequence
    hand = board.player(player).hand
    used = _used_places(board, player, sequence, casts)
    taken: set[int] = set()
    items = []
    for item in sequence.items:
        if item.spell is not None and discard_count(item.spell):
            places = discarded_cards(hand, used, discard_count(item.spell), taken)
            assert places is not None, "the model cast more than the discards leave"
            taken |= set(places)
            item = replace(item, discarded=tuple(hand[n].name for n in places))
        items.append(item)
    return replace(sequence, items=tuple(items))


def _revealed_only(costs: tuple[object, ...]) -> tuple[RevealCost, ...]:
    """The reveals of a way's costs: the hand the spell is cast from must hold a card for each (the
    sacrifices and discards are chosen by the sequence's own search)."""
    return tuple(cost for cost in costs if isinstance(cost, RevealCost))
