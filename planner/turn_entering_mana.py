"""The mana of a permanent spell's enters trigger by a count, or if it was bargained (contract section 11).

"When this creature enters, add {R} for each creature in your party." (Ardent Electromancer's; CR 700.8) is
counted as the trigger resolves (CR 608.2h), on the board with the permanent there and the spell's costs paid
(its own creature counts, a creature its cost sacrificed does not): :func:`entering_mana`, worked out by the
turn's timeline for the spells cast after it and checked again by the replay.

"When this creature enters, if it was bargained, add four mana in any combination of {R} and/or {C}."
(Realm-Scorcher Hellkite's) adds its mana only when the spell was cast with its bargain paid (CR 702.166a: an
optional additional cost, "you may sacrifice an artifact, enchantment, or token as you cast this spell";
702.166b, 603.4). Paying it is then a choice of the turn's search (:func:`with_bargain_ways`): the spell cast
with and without it, the permanent sacrificed chosen as an additional cost's are
(:mod:`planner.turn_additional`).
"""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache

from models.abilities import Amount, AmountKind, ManaOutput
from models.additional_costs import OptionalSacrifice, SacrificeCost
from models.board import Board, Card
from models.cost import PaymentTarget
from models.spells import spell_target
from planner.rules.additional_costs import CostWay
from planner.rules.amounts import counted
from planner.rules.production import Packet
from planner.rules.turn import output_packets, resolution
from planner.rules.view import BoardView
from planner.turn_choices import TurnSpell, distinct

__all__ = ["bargains_for_mana", "entering_mana", "entering_read_events", "was_bargained", "with_bargain_ways"]


def entering_read_events(spells: list[TurnSpell]) -> list[TurnSpell]:
    """The spells with every permanent spell made an event when a spell of the turn has an enters trigger
    whose mana is counted on the board (:func:`entering_mana`): cast before it, a permanent is counted (a
    Warrior joins the party, CR 608.2h), so its place matters; likewise every instant and sorcery when one
    counts a graveyard's cards (the card is put there as it resolves, CR 608.2n: every spell then).

    >>> sparker = Card.from_json({"name": "Test Sparker", "type_line": "Creature — Human Wizard",
    ...     "mana_cost": "{2}{R}",
    ...     "oracle": "When this creature enters, add {R} for each creature in your party."})
    >>> brute = Card.from_json({"name": "Test Brute", "type_line": "Creature — Orc Warrior",
    ...     "mana_cost": "{R}"})
    >>> from planner.turn_choices import Ids, turn_spell
    >>> [s.event for s in entering_read_events([turn_spell(c, 0, Ids(set())) for c in (sparker, brute)])]
    [True, True]
    """
    amounts = [output.amount.kind for s in distinct(spells) for output in resolution(s.card).entering_counted]
    if not amounts:
        return spells
    cards = AmountKind.GRAVEYARD in amounts
    return [
        replace(spell, event=True)
        if not spell.event and (spell.card.type_line.is_permanent or cards)
        else spell
        for spell in spells
    ]


def entering_mana(board: Board, spell: TurnSpell) -> tuple[Packet, ...]:
    """The mana the enters triggers of ``spell``'s permanent add as they resolve on ``board`` (the permanent
    there, its costs paid): the amounts counted then (CR 608.2h), and its bargained mana when it was cast
    with its bargain paid (:func:`was_bargained`).

    >>> sparker = Card.from_json({"name": "Test Sparker", "type_line": "Creature — Human Wizard",
    ...     "mana_cost": "{2}{R}",
    ...     "oracle": "When this creature enters, add {R} for each creature in your party."})
    >>> from planner.turn_choices import Ids, turn_spell
    >>> spell = turn_spell(sparker, 0, Ids(set()))
    >>> cleric = {"id": "c", "name": "Test Cleric", "type_line": "Creature — Human Cleric",
    ...     "controller": "me"}
    >>> wizard = {"id": spell.pid, "name": "Test Sparker", "type_line": "Creature — Human Wizard",
    ...     "controller": "me", "oracle": sparker.oracle}
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [cleric, wizard]})
    >>> [(str(p.types), p.per_pick) for p in entering_mana(board, spell)]  # (a Cleric and a Wizard: two {R})
    [('R', 2)]
    """
    counted_outputs, bargained = _entering_reads(spell.card)
    packets: list[Packet] = []
    if counted_outputs and board.has_permanent(spell.pid):
        view = BoardView(board)
        for output in counted_outputs:
            value = counted(view, spell.pid, output.amount)
            if value <= 0:
                continue
            made = output_packets(
                replace(output, amount=Amount(kind=AmountKind.CONSTANT, constant=value)), ""
            )
            assert made is not None  # (counted_on_entering: fixed symbols or a palette of types)
            packets += [replace(packet, tag=replace(packet.tag, source=spell.card.name)) for packet in made]
    if bargained and was_bargained(spell):
        packets += bargained
    return tuple(packets)


@lru_cache(maxsize=4096)
def _entering_reads(card: Card) -> tuple[tuple[ManaOutput, ...], tuple[Packet, ...]]:
    """The card's enters trigger mana counted on the board and its bargained mana
    (:func:`~planner.rules.turn.resolution`), read once per card (every timeline of the search asks)."""
    if "enters" not in card.oracle:
        return (), ()
    effect = resolution(card)
    return effect.entering_counted, effect.bargained


@lru_cache(maxsize=4096)
def _bargain(card: Card) -> OptionalSacrifice | None:
    """The card's bargain (CR 702.166a: an optional sacrifice of one permanent that takes nothing off the
    cost), if any."""
    return next(
        (
            cost
            for cost in spell_target(card).additional_costs
            if isinstance(cost, OptionalSacrifice)
            and cost.most == 1
            and not cost.reduction
            and not cost.turn_reduction
            and isinstance(cost.sacrifice, SacrificeCost)
        ),
        None,
    )


def bargains_for_mana(spell: TurnSpell) -> bool:
    """True for a spell with a bargain whose enters trigger adds mana if it was bargained: paying the bargain
    is a choice of the turn's search.

    >>> hellkite = Card.from_json({"name": "Test Hellkite", "type_line": "Creature — Dragon",
    ...     "mana_cost": "{3}{R}{R}", "oracle": "Bargain (You may sacrifice an artifact, enchantment, or "
    ...     "token as you cast this spell.)\\nWhen this creature enters, if it was bargained, add {R}{R}."})
    >>> from planner.turn_choices import Ids, turn_spell
    >>> bargains_for_mana(turn_spell(hellkite, 0, Ids(set())))
    True
    """
    return bool(resolution(spell.card).bargained) and _bargain(spell.card) is not None


def was_bargained(spell: TurnSpell) -> bool:
    """True when ``spell`` is cast with its bargain paid: its additional costs, chosen, hold the bargain's
    sacrifice (:func:`with_bargain_ways`)."""
    bargain = _bargain(spell.card)
    costs = spell.target.additional_costs
    return (
        bargain is not None
        and not any(isinstance(cost, OptionalSacrifice) for cost in costs)
        and bargain.sacrifice in costs
    )


def with_bargain_ways(target: PaymentTarget, card: Card, ways: list[CostWay]) -> list[CostWay]:
    """``ways`` (of paying the spell's additional costs), each also with its bargain paid when its enters
    trigger adds mana if it was bargained (:func:`bargains_for_mana`); ``ways`` as they are otherwise."""
    bargain = _bargain(card)
    if bargain is None or not resolution(card).bargained or not isinstance(bargain.sacrifice, SacrificeCost):
        return ways
    if not any(isinstance(cost, OptionalSacrifice) for cost in target.additional_costs):
        return ways  # (chosen already)
    return ways + [replace(way, costs=(*way.costs, bargain.sacrifice)) for way in ways]
