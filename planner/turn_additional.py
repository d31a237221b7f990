"""A turn plan pays its spells' additional costs (contract sections 11 and 12, CR 601.2f-h): "As an
additional cost to cast this spell, sacrifice a land" (Harrow), "..., sacrifice a creature", "..., discard a
card" (Tormenting Voice).

How the turn's search stays exact with them:

- a spell with such a cost is an *event* of the turn (:mod:`planner.turn`): what it takes away changes what
  later spells and the land drop can use, so it is cast in every place of every order searched; so is a
  permanent spell whose permanent it may sacrifice (cast before it, Grizzly Bears is there for Village
  Rites);
- a sacrifice is a choice of the search: every set of permanents the cost may take on the board the spell
  is cast on (identical permanents are one choice: :func:`sacrifice_options`), each solved; the sacrificed
  permanent is gone after the spell, for the later spells and for the turn's end (the land returned by a
  bounce land, what is left open, the colors kept for later turns);
- a permanent sacrificed may first be tapped for its mana (mana abilities are activated before costs are
  paid, CR 601.2g-h; the mana stays in the pool all main phase, CR 500.4), so a permanent on the battlefield
  from the start whose mana abilities only tap it (a basic land, a mana creature that is not summoning sick:
  :func:`tapped_first`) adds that mana at the start of the turn, for any spell; a permanent with other mana
  abilities (a cost, life, a condition) or arriving during the turn is sacrificed without its mana, and the
  plan says so (``optimal`` false: :func:`unplanned_mana`);
- a discard takes cards the turn does not use: a card cast or played before the spell has left the hand, one
  cast after it must still be there, so the cards discarded are cards of the hand the turn neither casts,
  plays nor exiles (:func:`discarded_cards`). The plain spells are cast last, so the turn's model casts at
  most as many of them as leave enough such cards (:attr:`~planner.solve.problem.TurnPayments.most_optional`);
  the hand's first cards the plan leaves are discarded (for this turn any of them does as well: which to
  keep for later turns is the player's call). A spell whose cost can't be paid is not cast in that order;
- a choice of costs (Bone Shards' "sacrifice a creature or discard a card", a bargain paid or not) is a choice
  of the search too, way by way as ``pay`` weighs it (:func:`chosen_costs`,
  :func:`~planner.turn_paid.cost_way_sequences`); the permanents sacrificed count in the turn's objective as
  ``pay`` counts them (:func:`~planner.turn_alternative.way_levels`).
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from models.abilities import AmountKind
from models.additional_costs import (
    DiscardCost,
    EitherCost,
    OptionalSacrifice,
    RevealCost,
    SacrificeCost,
    UnreadCost,
)
from models.board import Board, Card
from models.mana import ManaTypes
from models.mana_effects import CostModifier
from models.oracle import read_card
from models.spells import own_alternative_costs
from planner.rules.additional_costs import costs_that_may_pay, planned_costs, sacrifice_candidates
from planner.rules.eligibility import is_sick, why_not_activatable
from planner.rules.production import Packet, activation_outcomes
from planner.rules.replay import could_produce_of, view_of
from planner.turn_choices import TurnSpell, distinct
from planner.turn_entering_mana import bargains_for_mana

if TYPE_CHECKING:
    from planner.rules.view import BoardView

__all__ = [
    "additional_events",
    "chosen_costs",
    "discard_count",
    "discarded_cards",
    "last_known_card",
    "may_discard",
    "sacrifice_options",
    "sacrificed_for_mana_notes",
    "tapped_before",
    "tapped_first",
    "unplanned_mana",
    "unread_cost_notes",
    "without_paid",
]


def additional_events(spells: list[TurnSpell]) -> list[TurnSpell]:
    """The spells with each one that has an additional cost the turn plans made an event, and each one
    whose permanent another may sacrifice (cast before it, it is there to be sacrificed)."""
    sacrifices = [
        cost for spell in spells for cost in costs_that_may_pay(spell.target.additional_costs, SacrificeCost)
    ]

    def event(spell: TurnSpell) -> bool:
        if planned_costs(spell.target.additional_costs) or chosen_costs(spell):
            return True
        permanent = not spell.card.type_line.is_a("Instant") and not spell.card.type_line.is_a("Sorcery")
        return permanent and any(cost.matches(spell.card.type_line) for cost in sacrifices)

    return [replace(spell, event=True) if event(spell) else spell for spell in spells]


def discard_count(spell: TurnSpell) -> int:
    """How many cards the spell's additional costs discard."""
    return sum(c.count for c in spell.target.additional_costs if isinstance(c, DiscardCost))


def may_discard(spell: TurnSpell) -> bool:
    """True when the spell's additional costs may discard cards: a discard, or one way of a choice of costs
    (Bone Shards' "sacrifice a creature or discard a card")."""
    return bool(discard_count(spell)) or any(
        isinstance(way, DiscardCost)
        for cost in spell.target.additional_costs
        if isinstance(cost, EitherCost)
        for way in cost.ways
    )


def chosen_costs(spell: TurnSpell) -> bool:
    """True when the spell's additional costs hold a choice the turn's search makes way by way
    (:func:`~planner.turn_paid.paid_sequences`, as ``pay`` does: :func:`~planner.rules.additional_costs.
    cost_ways`): one of several costs (Bone Shards), an optional sacrifice that takes mana off the cost
    (bargain's, Dargo's) unless it counts what was sacrificed earlier in the turn (not followed: a note).

    >>> from models.board import Card
    >>> from planner.turn_choices import Ids, hand_spells
    >>> shards = Card.from_json({"name": "Shards", "type_line": "Sorcery", "mana_cost": "{B}", "oracle":
    ...     "As an additional cost to cast this spell, sacrifice a creature or discard a card.\\nDraw."})
    >>> chosen_costs(hand_spells([shards], 0, Ids(set()))[0])
    True
    """
    costs = spell.target.additional_costs
    return (
        any(isinstance(cost, EitherCost) for cost in costs)
        or (
            any(isinstance(cost, OptionalSacrifice) and cost.reduction > 0 for cost in costs)
            and not any(_turn_counted(cost) for cost in costs)
        )
        or (  # (a bargain whose enters trigger adds mana if it was bargained: turn_entering_mana)
            any(isinstance(cost, OptionalSacrifice) for cost in costs) and bargains_for_mana(spell)
        )
    )


def _turn_counted(cost: object) -> bool:
    """True for an optional cost turn plans don't weigh way by way: a sacrifice whose reduction counts the
    permanents sacrificed this turn (Dargo's), an exile of cards from the hand (the Marches': turn plans
    choose discarded cards of any kind)."""
    return isinstance(cost, OptionalSacrifice) and (
        cost.turn_reduction > 0 or isinstance(cost.sacrifice, DiscardCost)
    )


def _sacrifices(spell: TurnSpell) -> list[SacrificeCost]:
    """The sacrifices the spell's additional costs take as they are (its choices made)."""
    return [c for c in spell.target.additional_costs if isinstance(c, SacrificeCost)]


def sacrifice_options(
    board: Board, player: str, spell: TurnSpell, taken: frozenset[str]
) -> list[tuple[str, ...]]:
    """Every different set of permanents that pays the spell's sacrifices on ``board`` (the board it is cast
    on), none of ``taken`` (sacrificed before); identical permanents are one choice (the first of them).
    Empty when the cost can't be paid; ``[()]`` when the spell sacrifices nothing.

    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
    ...     {"id": "f1", "card": "Forest", "controller": "me"},
    ...     {"id": "f2", "card": "Forest", "controller": "me"},
    ...     {"id": "i", "card": "Island", "controller": "me"}]})
    >>> harrow = Card.from_json({"name": "Harrow", "type_line": "Instant", "mana_cost": "{2}{G}",
    ...     "oracle": "As an additional cost to cast this spell, sacrifice a land.\\nDraw a card."})
    >>> from planner.turn_choices import Ids, hand_spells
    >>> spell = hand_spells([harrow], 0, Ids(set()))[0]
    >>> sacrifice_options(board, "me", spell, frozenset())
    [('f1',), ('i',)]
    """
    options: list[tuple[str, ...]] = [()]
    for cost in _sacrifices(spell):
        candidates = [pid for pid in sacrifice_candidates(board, player, cost) if pid not in taken]
        options = [
            (*chosen, *more)
            for chosen in options
            for more in itertools.combinations([p for p in candidates if p not in chosen], cost.count)
        ]
    seen: set[tuple[object, ...]] = set()
    distinct_options = []
    singled = board.singled_out_by_effects()  # (told apart from their twins by an effect in force)
    for option in options:
        key = tuple(
            sorted(
                repr(replace(board.permanent(pid), id="" if pid not in singled else pid)) for pid in option
            )
        )
        if key not in seen:
            seen.add(key)
            distinct_options.append(option)
    return distinct_options


def tapped_first(board: Board, player: str, pid: str) -> tuple[Packet, ...] | None:
    """The mana the permanent ``pid`` adds when tapped before it is sacrificed (see the module docstring):
    one packet of the types its mana abilities may add, ``()`` when it can't be tapped for mana now (or
    its only mana abilities sacrifice it: a Treasure), None when it has a mana ability the turn does not
    tap first (a cost beyond {T}, life, a condition).

    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
    ...     {"id": "f", "card": "Forest", "controller": "me"},
    ...     {"id": "t", "card": "Forest", "controller": "me", "tapped": True}]})
    >>> [(str(p.types), p.picks, p.per_pick) for p in tapped_first(board, "me", "f")]
    [('G', 1, 1)]
    >>> tapped_first(board, "me", "t")
    ()
    """
    view = view_of(board)
    # (an ability that sacrifices the permanent, a Treasure's, can't be used before the cost sacrifices it)
    abilities = [a for a in view.mana_abilities(pid) if not a.cost.sacrifice_self]
    if not abilities:
        return ()
    permanent = board.permanent(pid)
    if permanent.tapped or is_sick(view, pid):
        return () if all(ability.cost.tap for ability in abilities) else None
    types = ManaTypes()
    amounts: set[int] = set()
    tags = set()
    reflect = could_produce_of(board)
    for ability in abilities:
        simple = replace(ability.cost, tap=False) == type(ability.cost)()
        if not ability.cost.tap or not simple or why_not_activatable(view, pid, ability) is not None:
            return None
        if ability.conditional or ability.restriction or ability.riders or ability.self_damage:
            return None
        if ability.life_loss or ability.side_effects or ability.uncertain or ability.sacrifice_when_empty:
            return None
        for outcome in activation_outcomes(view, pid, ability, reflect):
            if outcome.damage or outcome.life_loss or outcome.sacrifices_source or len(outcome.packets) != 1:
                return None
            packet = outcome.packets[0]
            if packet.picks != 1:
                return None
            types = types | packet.types
            amounts.add(packet.per_pick)
            tags.add(packet.tag)
    if len(amounts) != 1 or len(tags) != 1 or player != permanent.controller:
        return None
    return (Packet(types, 1, amounts.pop(), tags.pop()),)


def tapped_before(board: Board, pids: Sequence[str]) -> Board:
    """The board once the permanents ``pids`` are tapped for their mana before they are sacrificed
    (:func:`tapped_first`)."""
    for pid in pids:
        assert not board.permanent(pid).tapped, pid
        board = board.replace_permanent(pid, tapped=True)
    return board


def unplanned_mana(board: Board, player: str, pid: str, *, at_start: bool) -> bool:
    """True when sacrificing ``pid`` leaves out mana the player could have made with it first: it has a
    mana ability :func:`tapped_first` does not plan, or it arrived during the turn (``at_start`` False)
    with a mana ability it could use."""
    found = tapped_first(board, player, pid)
    return found is None or (not at_start and bool(found))


def discarded_cards(hand: Sequence[Card], used: set[int], count: int, taken: set[int]) -> list[int] | None:
    """The places in ``hand`` of the ``count`` cards a spell discards: the first the turn does not use
    (``used``: cast, played or exiled; ``taken``: discarded before); None when too few are left.

    >>> forest = Card.from_json({"name": "Forest", "type_line": "Basic Land — Forest"})
    >>> discarded_cards([forest, forest, forest], {0}, 1, {1}), discarded_cards([forest], {0}, 1, set())
    ([2], None)
    """
    free = [n for n in range(len(hand)) if n not in used and n not in taken]
    return free[:count] if len(free) >= count else None


def without_paid(board: Board, player: str, sacrificed: Sequence[str], discarded: Sequence[str]) -> Board:
    """The board once a spell's additional costs are paid: the permanents ``sacrificed`` gone to their
    owner's graveyard (the creatures among them counted as died this turn, CR 700.4: the board's
    ``creatures_died_this_turn``, from 0 when not given, :meth:`~models.board.Board.having_died`; each added
    to the player's ``sacrificed_this_turn`` when given), the cards ``discarded`` (names) gone from the hand
    to it (CR 701.8, 701.9); the cards (not tokens, CR 111.7) each owner's graveyard got, as printed (CR
    400.7), added to their ``cards_put_into_graveyard_this_turn`` when given (descend's). Which cards the
    turn discards is chosen once its spells are (:func:`~planner.turn_paid.with_discards`): they are not
    added (what reads the field asks one card of a kind or more, so a card left out can only leave a
    reduction out, never apply one the rules don't; the search, which does not know them, and the replay
    agree; :func:`_discard_notes` says so)."""
    gone: list[Card] = []
    owned: list[tuple[str, Card]] = []
    view = view_of(board) if sacrificed else None
    cards = [last_known_card(view, pid) for pid in sacrificed] if view is not None else []
    died = [card for card in cards if card.type_line.is_a("Creature")]
    for pid in sacrificed:
        permanent = board.permanent(pid)
        card = permanent.as_card()
        board = board.without_permanent(pid)
        if card is not None:
            gone.append(card)
            owned.append((permanent.owned_by, card))
    board = board.having_died(died)  # (a creature sacrificed dies, CR 700.4)
    before = board.player(player).sacrificed_this_turn
    if before is not None and cards:  # (the player's sacrifices this turn, when the board gives them)
        board = board.replace_player(player, sacrificed_this_turn=(*before, *cards))
    hand = list(board.player(player).hand)
    for name in discarded:
        index = next(n for n, card in enumerate(hand) if card.name == name)
        gone.append(hand.pop(index))
    board = board.replace_player(player, hand=tuple(hand))
    board = _put_into_graveyards(board, owned)  # (not the cards discarded: chosen after the search)
    graveyard = board.player(player).graveyard
    if isinstance(graveyard, tuple):
        return board.replace_player(player, graveyard=(*graveyard, *gone))
    if isinstance(graveyard, int):
        return board.replace_player(player, graveyard=graveyard + len(gone))
    return board


def _put_into_graveyards(board: Board, owned: Sequence[tuple[str, Card]]) -> Board:
    """``board`` with each card of ``owned`` (its owner's id, the card) added to its owner's
    ``cards_put_into_graveyard_this_turn`` when the board gives it (not given, it stays not given).

    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me",
    ...     "cards_put_into_graveyard_this_turn": []}, {"id": "op"}]})
    >>> elves = Card.from_json("Llanowar Elves")
    >>> after = _put_into_graveyards(board, [("me", elves), ("op", elves)])
    >>> [c.name for c in after.player("me").cards_put_into_graveyard_this_turn or ()]
    ['Llanowar Elves']
    >>> print(after.player("op").cards_put_into_graveyard_this_turn)
    None
    """
    for owner, card in owned:
        before = board.player(owner).cards_put_into_graveyard_this_turn
        if before is not None:
            board = board.replace_player(owner, cards_put_into_graveyard_this_turn=(*before, card))
    return board


def last_known_card(view: BoardView, pid: str) -> Card:
    """The card a permanent sacrificed is as the turn's records list it (the creatures died, the permanents
    sacrificed this turn): its name and its types as it last existed on the battlefield (CR 608.2h), a
    token's too (it dies before it ceases to exist, CR 700.4, 704.5d).

    >>> from models.board import Board
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
    ...     {"id": "e", "card": "Llanowar Elves", "controller": "me"}]})
    >>> card = last_known_card(view_of(board), "e")
    >>> card.name, str(card.type_line)
    ('Llanowar Elves', 'Creature — Elf Druid')
    """
    permanent = view.permanent(pid)
    printed = permanent.as_card() or Card(card=None, name=permanent.name, type_line=permanent.type_line)
    return replace(printed, type_line=view.type_line(pid))


def _unplanned(cost: object, chosen: bool) -> bool:
    """True for an additional cost the turn's plan leaves out: one the reader does not read, a choice the
    search does not make (``chosen``: :func:`chosen_costs`). An optional sacrifice that takes nothing off
    the cost is never paid, as ``pay`` never pays it (:func:`~planner.rules.additional_costs.cost_ways`)."""
    if isinstance(cost, OptionalSacrifice) and not cost.reduction and not cost.turn_reduction:
        return False
    return isinstance(cost, UnreadCost | RevealCost) or (
        isinstance(cost, EitherCost | OptionalSacrifice) and not chosen
    )


#: What a spell's own cost change counts of the turn's sacrifices and deaths (the board's
#: ``sacrificed_this_turn``, ``creatures_died_this_turn``).
_SACRIFICE_FACTS = frozenset(
    {
        AmountKind.SACRIFICED,
        AmountKind.SACRIFICED_TYPES,
        AmountKind.DIED_THIS_TURN,
        AmountKind.PUT_INTO_GRAVEYARD,
    }
)


def sacrificed_for_mana_notes(board: Board, player: str, spells: list[TurnSpell]) -> list[str]:
    """A note when a spell's cost reads the turn's sacrifices or deaths (Korvold's, "if you've sacrificed an
    artifact this turn", "if a creature died this turn", its own "cast this card from your graveyard if a
    creature died this turn") and a permanent of ``player``'s has a mana ability that sacrifices (a
    Treasure's): the turn counts the sacrifices of spells' additional costs (:func:`without_paid`), not those
    of the mana abilities that pay, so the plan is not called optimal (never a silent worse plan); and
    the notes of :func:`_discard_notes` (the cards the plan discards, which a cost reading the cards put into
    the graveyard this turn does not follow).

    >>> from planner.turn_choices import Ids, hand_spells
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
    ...     {"id": "t", "card": "Treasure", "controller": "me"}]})
    >>> picker = Card.from_json({"name": "Test Picker", "type_line": "Sorcery", "mana_cost": "{3}{B}",
    ...     "oracle": "This spell costs {3} less to cast if a creature died this turn."})
    >>> [note[:40] for note in sacrificed_for_mana_notes(board, "me", hand_spells([picker], 0, Ids(set())))]
    ['Test Picker: its cost reads the sacrific']
    """
    readers = []
    notes = _discard_notes(board, player, spells)
    for spell in distinct(spells):
        card = spell.card
        effects = read_card(card.oracle, card.name, card.type_line).effects
        if any(
            isinstance(e, CostModifier)
            and e.own
            and e.amount is not None
            and e.amount.kind in _SACRIFICE_FACTS
            for e in effects
        ) or any(
            cost.if_creature_died or any(fact.amount.kind in _SACRIFICE_FACTS for fact in cost.if_turn_facts)
            for cost in own_alternative_costs(card.oracle, card.name)
        ):
            readers.append(card.name)
    if not readers:
        return notes
    view = view_of(board)
    sacrifices = any(
        ability.cost.sacrifice_self or ability.cost.sacrifice is not None
        for permanent in board.permanents
        if permanent.controller == player
        for ability in view.mana_abilities(permanent.id)
    )
    return notes + [
        f"{name}: its cost reads the sacrifices and deaths of the turn, and those of mana abilities (a "
        "Treasure's) are not counted in turn plans: the plan is not called optimal"
        for name in readers
        if sacrifices
    ]


def _discard_notes(board: Board, player: str, spells: list[TurnSpell]) -> list[str]:
    """A note for each spell whose cost reads the cards put into the graveyard this turn (descend's) when
    another spell of the turn may discard (CR 701.8) and the board gives the field: the turn chooses the
    cards it discards after its spells, so they are not counted in it (:func:`without_paid`) and the plan is
    not called optimal."""
    if board.player(player).cards_put_into_graveyard_this_turn is None or not any(
        may_discard(spell) for spell in spells
    ):
        return []
    return [
        f"{spell.card.name}: its cost reads the cards put into your graveyard this turn, and the cards the "
        "plan discards are not counted in them: the plan is not called optimal"
        for spell in distinct(spells)
        if _reads_put_into_graveyard(spell.card)
    ]


def _reads_put_into_graveyard(card: Card) -> bool:
    """True when the card's own cost change or alternative cost reads the cards put into its caster's
    graveyard this turn (``AmountKind.PUT_INTO_GRAVEYARD``)."""
    effects = read_card(card.oracle, card.name, card.type_line).effects
    wanted = AmountKind.PUT_INTO_GRAVEYARD
    return any(
        isinstance(e, CostModifier) and e.own and e.amount is not None and e.amount.kind is wanted
        for e in effects
    ) or any(
        fact.amount.kind is wanted
        for cost in own_alternative_costs(card.oracle, card.name)
        for fact in cost.if_turn_facts
    )


def unread_cost_notes(spells: list[TurnSpell], cast: set[str]) -> dict[str, str]:
    """A note for each spell the plan casts (``cast``: their names) with an additional cost the reader
    does not read, or a choice of costs turn plans don't weigh way by way (:func:`chosen_costs`: an optional
    sacrifice whose reduction counts what was sacrificed this turn), never silent: such a plan is not called
    optimal; by the spell's name."""
    notes = {}
    for spell in distinct(spells):
        chosen = chosen_costs(spell)
        unread = [c for c in spell.target.additional_costs if _unplanned(c, chosen)]
        if unread and spell.card.name in cast:
            named = " and ".join(str(cost) for cost in unread)
            notes[spell.card.name] = (
                f"{spell.card.name}: its additional cost ({named}) is not planned in turn plans: "
                "the plan does not pay it"
            )
    return notes
