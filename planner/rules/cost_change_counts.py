"""How many times a cost change applies to a spell (CR 601.2f: counted as the total cost is locked in): "for
each <object> you control", "for each card in your graveyard", "for each spell you've cast this turn", the
turn's facts ("if a creature died this turn"), "the second spell each turn", and a spell's own reductions
(:mod:`planner.rules.spell_cost` applies them).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from models.abilities import Amount, AmountKind, ObjectFilter, Who
from models.board import Board, Player
from models.cost import PaymentTarget
from models.mana import ManaTypes
from models.mana_effects import (
    CostModifier,
)
from planner.rules.amounts import (
    cost_source_power,
    graveyard_cards,
    greatest_power,
    mana_value,
    spells_cast_matching,
    spells_cast_unlisted,
)
from planner.rules.devotion import devotion
from planner.rules.own_counts import OWN_COUNTS, listed_graveyard, own_count
from planner.rules.party import party_size
from planner.rules.records import SourcedEffect
from planner.rules.spell_cost_gaps import (
    TURN_FACTS,
    target_count,
)
from planner.rules.turn_facts import TURN_EVENTS, creatures_died, turn_event_count

if TYPE_CHECKING:
    from planner.rules.view import BoardView

__all__ = ["counted_for_caster", "counted_spells", "own_times_applied", "times_applied", "turn_fact"]


def times_applied(view: BoardView, sourced: SourcedEffect, target: PaymentTarget, player: str) -> int:
    """How many times a permanent's cost change in force applies to the spell ``player`` casts: once, or for
    each thing it counts as the total cost is locked in (CR 601.2f), and for the turn's nth spell alone."""
    effect = sourced.effect
    assert isinstance(effect, CostModifier)
    times = view.board.player(player).spells_cast_this_turn if effect.per_other_spell_this_turn else 1
    if effect.amount is not None and effect.amount.kind is AmountKind.SPELL_NAMED:
        times = _named_in_graveyard(view, target, player)  # (Locket of Yesterdays)
    elif effect.amount is not None and effect.amount.kind is AmountKind.PLAYER_COUNTERS:
        # ('for each experience counter you have': Mizzix, its controller's counters, contract section 10)
        times = view.board.player(sourced.controller).counter(effect.amount.counter)
    elif effect.amount is not None and effect.amount.kind is AmountKind.SPEED:
        # ('{X} less, where X is your speed': Samut, its controller's speed, CR 702.179; not given: not
        # applied, see unknown_fact)
        times = view.board.player(sourced.controller).speed or 0
    elif effect.amount is not None and effect.amount.kind is AmountKind.CHOSEN_COLORS:
        # ('for each of the chosen colors it is': Seal of the Guildpact, the spell's colors as it is cast,
        # CR 202.2, among its source's chosen ones; not given: not applied, see unknown_fact)
        chosen = view.permanent(sourced.source).choices.colors or ManaTypes()
        times = len(chosen & target.spell_colors)
    elif effect.amount is not None and effect.amount.kind is AmountKind.POWER:
        # ('{X} less, where X is ~'s power': Vadrik, Astral Archmage, as the total cost is locked in; a
        # negative power counts 0, CR 107.1b)
        times = cost_source_power(view, sourced.source)
    elif effect.amount is not None:  # ('for each oil counter on ~': Mindsplice Apparatus)
        assert effect.amount.kind is AmountKind.COUNTERS
        times = view.permanent(sourced.source).counter(effect.amount.counter)
    elif effect.for_each is not None and effect.casters_count:  # (Hum of the Radix: the spell's caster's)
        times = _controlled(view, effect.for_each, player)
    elif effect.for_each is not None:  # ('for each creature you control with a +1/+1 counter': Hamza)
        times = view.count(effect.for_each, sourced.source)
    elif effect.per_target:  # (Hinata: the targets chosen before the total cost, CR 601.2c; unknown: none)
        times = target.targets or 0
    elif effect.per_commander_cast:  # (Myth Unbound: the question's count, known: see unknown_fact)
        times = target.commander_casts or 0
    elif effect.per_targeted is not None:  # ('for each creature it targets': Battlefield Thaumaturge)
        counted = effect.per_targeted
        times = sum(view.matches(counted, pid, sourced.source) for pid in set(target.targeted or ()))
    if effect.nth_spell:  # (Conduit of Ruin: only the first creature spell cast this turn; Eluge's
        # 'for each land you control with a flood counter on it' counted for that one alone)
        times *= int(_is_nth_spell(view, effect, player))
    return times


def own_times_applied(view: BoardView, effect: CostModifier, target: PaymentTarget, player: str) -> int:
    """How many times a spell's own cost change applies as ``player`` casts it (before its ``at_least``): the
    permanents it counts (its caster's, or every player's: Blasphemous Act), those of a kind among its
    targets (Swampsnare Trap: none when they are not given, :func:`unknown_turn_facts` warns), or its amount
    counted on its caster's permanents, graveyards and turn."""
    if effect.per_targeted is not None:  # ('if it targets a creature with flying', CR 601.2c)
        counted = replace(effect.per_targeted, controller=Who.ANY)
        whose = effect.per_targeted.controller  # ('an opponent's creature token': of the caster's opponent)
        return sum(
            view.matches(counted, pid, pid)
            and (whose is Who.ANY or (view.permanent(pid).controller == player) == (whose is Who.YOU))
            for pid in set(target.targeted or ())
        )
    if effect.per_target:  # (strive: the targets beyond the first; not given: none, own_target_gaps warns)
        return max(target_count(target) - effect.free_targets, 0)
    if effect.for_each is not None:
        return counted_for_caster(view, effect.for_each, player)
    amount = effect.amount
    if amount is None:
        return 0
    if (
        amount.kind in OWN_COUNTS
    ):  # (delirium, devotion's kin, the Avatars' conditions: planner.rules.own_counts)
        return own_count(view, amount, player)
    if amount.kind is AmountKind.DEVOTION:  # ('where X is your devotion to black': Marshmist Titan)
        return devotion(view, player, amount.colors)
    if amount.kind is AmountKind.SPELLS_CAST:  # (Demilich: its caster's, as listed on the board)
        assert amount.filter is not None
        return spells_cast_matching(view, amount.filter, player)
    if amount.kind is AmountKind.DIED_THIS_TURN and amount.filter is not None:
        # ('if a non-Zombie creature died this turn': which died, as listed; a count alone: none, gap warns)
        return creatures_died(view, amount.filter, target.name) or 0
    if amount.kind in TURN_FACTS:
        return turn_fact(view.board, player, amount)
    if amount.kind in TURN_EVENTS:  # (Seize the Secrets' crime, spectacle's kin: planner.rules.turn_facts)
        return turn_event_count(view.board, player, amount)
    if amount.kind is AmountKind.PARTY:  # (Tazri, Beacon of Unity)
        return party_size(view, player)
    counted_on = amount.filter
    assert counted_on is not None
    if amount.kind is AmountKind.GRAVEYARD:  # (Cryptic Serpent: cards in its caster's)
        return graveyard_cards(view, counted_on, player)
    if amount.kind is AmountKind.ALL_GRAVEYARDS:  # (Avatar of Woe: every player's)
        return sum(graveyard_cards(view, counted_on, p.id) for p in view.board.players)
    mine = [
        p for p in view.board.permanents if p.controller == player and view.matches(counted_on, p.id, p.id)
    ]
    if amount.kind is AmountKind.TOTAL_MANA_VALUE:  # (Earthquake Dragon: its caster's Dragons)
        return sum(mana_value(p) for p in mine)
    if amount.kind is AmountKind.LAND_TYPES:  # (domain: Draco)
        return len({land_type for p in mine for land_type in view.type_line(p.id).basic_land_types})
    assert amount.kind is AmountKind.GREATEST_POWER
    return greatest_power(view, counted_on, player)


def counted_for_caster(view: BoardView, counted: ObjectFilter, player: str) -> int:
    """How many permanents a spell's own text counts as ``player`` casts it: those ``counted`` matches, whose
    controller is relative to the caster ('for each creature on the battlefield', '... your opponents
    control', '... you control').

    >>> from models.board import Board
    >>> from planner.rules.view import BoardView
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}, {"id": "opp"}], "permanents": [
    ...     {"id": "f", "card": "Forest", "controller": "me"},
    ...     {"id": "g", "card": "Forest", "controller": "opp"}]})
    >>> lands = ObjectFilter(types=("Land",))
    >>> [counted_for_caster(BoardView(board), replace(lands, controller=who), "me") for who in Who]
    [1, 1, 2]
    """
    if counted.controller is Who.ANY:  # ('for each creature on the battlefield')
        return sum(view.matches(counted, p.id, p.id) for p in view.board.permanents)
    if counted.controller is Who.OPPONENTS:  # ('for each creature your opponents control')
        theirs = replace(counted, controller=Who.ANY)
        return sum(_controlled(view, theirs, p.id) for p in view.board.players if p.id != player)
    return _controlled(view, counted, player)


def _controlled(view: BoardView, counted: ObjectFilter, player: str) -> int:
    """How many permanents ``player`` controls that ``counted`` matches."""
    return sum(view.matches(counted, p.id, p.id) for p in view.board.permanents if p.controller == player)


def _named_in_graveyard(view: BoardView, target: PaymentTarget, player: str) -> int:
    """How many cards in ``player``'s graveyard have the spell's name (Locket of Yesterdays: 'for each card
    with the same name as that spell in your graveyard'): none for a spell given without a name; bad input
    when the board gives no graveyard, or only its count.

    >>> from models.board import Board
    >>> from planner.rules.view import BoardView
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me", "graveyard": [
    ...     "Lightning Bolt", "Forest", "Lightning Bolt"]}], "permanents": []})
    >>> bolt = PaymentTarget.of("{R}", type_line="Instant", name="Lightning Bolt")
    >>> _named_in_graveyard(BoardView(board), bolt, "me")
    2
    """
    if not target.name:
        return 0
    graveyard = listed_graveyard(view.board, player, f"the cards named {target.name} in it")
    return sum(1 for card in graveyard if card.name == target.name)


def turn_fact(board: Board, player: str, amount: Amount) -> int:
    """A fact of the turn the board gives, as a spell's own cost reduction counts it: the card types among the
    permanents ``player`` sacrificed this turn (``sacrificed_this_turn``), the creatures that died this turn
    (``creatures_died_this_turn``), whether an opponent has ``amount.constant`` cards in their graveyard (1 or
    0); 0 when the board does not give it (:func:`unknown_turn_facts` warns).

    >>> board = Board.from_dict({"version": 1, "creatures_died_this_turn": 3, "players": [{"id": "me",
    ...     "sacrificed_this_turn": ["Treasure", "Dryad Arbor", "Llanowar Elves"]}, {"id": "opp",
    ...     "graveyard": 8}]})
    >>> facts = (AmountKind.SACRIFICED_TYPES, AmountKind.DIED_THIS_TURN)
    >>> [turn_fact(board, "me", Amount(kind=kind)) for kind in facts]
    [3, 3]
    >>> turn_fact(board, "me", Amount(kind=AmountKind.OPPONENT_GRAVEYARD, constant=8))
    1
    >>> turn_fact(board, "me", Amount(kind=AmountKind.OPPONENT_SPELLS, constant=2))
    0
    """
    if amount.kind is AmountKind.DIED_THIS_TURN:
        return board.creatures_died_this_turn or 0
    if amount.kind is AmountKind.YOUR_TURN:  # (Discontinuity: 'As long as it's your turn')
        return int(board.active_player == player)
    if amount.kind is AmountKind.OPPONENT_GRAVEYARD:
        return int(any(_graveyard_size(p) >= amount.constant for p in board.players if p.id != player))
    if amount.kind is AmountKind.OPPONENT_SPELLS:  # (Ertai's Scorn: 'if an opponent cast two or more spells')
        opponents = (p for p in board.players if p.id != player)
        return int(any(p.spells_cast_this_turn >= amount.constant for p in opponents))
    cards = board.player(player).sacrificed_this_turn or ()
    return len({card_type for card in cards for card_type in card.type_line.card_types})


def _graveyard_size(player: Player) -> int:
    """How many cards are in the player's graveyard (none when not given)."""
    graveyard = player.graveyard
    return graveyard if isinstance(graveyard, int) else len(graveyard or ())


def counted_spells(effect: CostModifier) -> ObjectFilter:
    """The spells cast this turn a cost change on 'the first creature spell' counts: those it changes the
    cost of ('instant or sorcery spell': of either type)."""
    spells = effect.spells
    return replace(spells, types=(), any_types=spells.types) if effect.any_type else spells


def _is_nth_spell(view: BoardView, effect: CostModifier, player: str) -> bool:
    """True when the spell ``player`` casts is the ``nth_spell`` one this turn of those ``effect`` changes
    the cost of ('The second spell you cast each turn', 'The first creature spell ...'): that many less one
    were cast before it (CR 601.2i: it is not cast yet). A count alone with a description of some spells
    answers nothing: not applied (:func:`~planner.rules.spell_cost.uncounted_spells` warns).

    >>> from models.board import Board
    >>> from planner.rules.spell_cost import locked_in
    >>> from planner.rules.view import BoardView
    >>> mouse = {"id": "m", "name": "Test Mouse", "type_line": "Creature", "controller": "me",
    ...     "oracle": "The second spell you cast each turn costs {1} less to cast."}
    >>> def cost(cast: object) -> str:
    ...     board = Board.from_dict({"version": 1, "players": [{"id": "me", "spells_cast_this_turn": cast}],
    ...         "permanents": [mouse]})
    ...     bolt = PaymentTarget.of("{2}{R}", type_line="Instant")
    ...     return str(locked_in(BoardView(board), bolt, "me").cost)
    >>> cost(0), cost(1), cost(2), cost(["Lightning Bolt"])
    ('{2}{R}', '{1}{R}', '{2}{R}', '{1}{R}')
    """
    counted = counted_spells(effect)
    if spells_cast_unlisted(view.board, counted, player):
        return False
    return spells_cast_matching(view, counted, player) == effect.nth_spell - 1
