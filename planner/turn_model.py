"""A turn's sequence and its payment problem (contract sections 7 and 11): the things done in order (cards
exiled from the hand for their mana, the land played, the spells cast), the game through them (an *epoch*
after each event: see :mod:`planner.turn`), and the one CP-SAT problem that pays the whole sequence
(:class:`~planner.solve.problem.TurnPayments`), with the work the sequences of one search share.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from models.board import Board, Card, Permanent, Player
from models.cost import PaymentTarget
from models.errors import InternalError
from models.mana import ManaTypes
from models.oracle import read_card
from planner.rules.activations import Activation, activation_templates
from planner.rules.alternative_costs import paid_board
from planner.rules.alternatives import AlternativeWay, alternative_ways
from planner.rules.amounts import graveyard_growth
from planner.rules.graveyard_permissions import graveyard_land_played
from planner.rules.hand import HandAbility, without_card
from planner.rules.pool import SpendRules
from planner.rules.production import Packet, activation_outcomes
from planner.rules.replay import could_produce_of, view_of
from planner.rules.token_replacements import other_tokens, spell_treasures
from planner.rules.turn import arriving, created_token, entering, land_played, resolution, treasure
from planner.rules.view import locked_in
from planner.solve.problem import BoardAnalysis, EventMana, PaymentProblem, SpellPayment, TurnPayments
from planner.turn_abilities import ability_resolved
from planner.turn_additional import tapped_before, tapped_first, without_paid
from planner.turn_cast_counters import counters_of_casting, counters_planned, with_counters
from planner.turn_cast_mana import CastTokens, mana_of_casting, treasures_of_casting, untold_treasures
from planner.turn_choices import Ids, LandPlay, TurnSpell, landfall_energy
from planner.turn_entering import as_entering, entry_sources, land_entering, with_sources_tapped
from planner.turn_entering_mana import entering_mana
from planner.turn_events import land_play_triggers, landfall_resolutions
from planner.turn_zones import cast_zone, exiled_after, leaving_zone, left_zone

__all__ = [
    "SharedWork",
    "Stage",
    "Timeline",
    "TurnItem",
    "TurnSequence",
    "exiled_from_hand",
    "goes_to_graveyard",
    "in_graveyard",
    "land_play_made",
    "resolved_to_graveyard",
    "sequence_discards",
    "sequence_problem",
    "timeline_of",
    "with_energy",
]


@dataclass(frozen=True, kw_only=True, slots=True)
class TurnItem:
    """One thing done in a turn, in order: the land played (``land``), a spell cast (``spell``) or a card
    exiled from the hand for its mana (``exile``: first of all, its mana stays in the pool, CR 500.4). A
    spell names what pays its additional costs (``sacrificed``: ids; ``discarded``: card names) and the
    cards its alternative cost exiles from the hand (``way_exiled``: their places in the hand,
    :mod:`planner.turn_alternative`); permanents ``tapped_first`` are tapped for their mana at the start,
    before a spell sacrifices them (:mod:`planner.turn_additional`)."""

    land: LandPlay | None = None
    spell: TurnSpell | None = None
    exile: HandAbility | None = None
    sacrificed: tuple[str, ...] = ()
    discarded: tuple[str, ...] = ()
    tapped_first: tuple[str, ...] = ()
    way_exiled: tuple[int, ...] = ()


@dataclass(frozen=True, kw_only=True, slots=True)
class TurnSequence:
    """One order of the turn: its items; the plain spells among them may be left out when ``optional``. With
    ``energy``, the energy the items give (an enters or landfall trigger's "you get {E}{E}") is counted on
    the boards after them (:func:`~planner.turn_alternative.energy_counted` says when)."""

    items: tuple[TurnItem, ...]
    optional: bool
    energy: bool = False
    #: the spells cast are listed for the later spells, whose costs read which were cast (Demilich, Conduit
    #: of Ruin: :func:`~planner.turn_choices.taxed_by_count`); otherwise only how many (a long turn's list
    #: would be copied spell after spell)
    counted: bool = False
    #: the triggers on casting a spell that add mana are counted (:mod:`planner.turn_cast_mana`): the spells
    #: that may set them off are events
    cast_mana: bool = False
    #: the first epoch in which the player's permanents whose tapped state decides how others enter
    #: (Archelos: :func:`~planner.turn_entering.entry_sources`) may be tapped; what arrives after it enters as
    #: though they were tapped (:mod:`planner.turn_entering`); -1: no such permanent is concerned
    tapped_from: int = -1

    @property
    def spells(self) -> tuple[TurnSpell, ...]:
        """The spells, in order."""
        return tuple(item.spell for item in self.items if item.spell is not None)

    @property
    def land(self) -> LandPlay | None:
        """The first land played, if any."""
        return next((item.land for item in self.items if item.land is not None), None)

    @property
    def lands(self) -> tuple[LandPlay, ...]:
        """The lands played, in order."""
        return tuple(item.land for item in self.items if item.land is not None)

    @property
    def exiled(self) -> tuple[HandAbility, ...]:
        """The cards exiled from the hand for their mana."""
        return tuple(item.exile for item in self.items if item.exile is not None)


@dataclass(frozen=True, kw_only=True, slots=True)
class Stage:
    """What an item does to the game, worked out once for the model and for the replay: the epoch it
    happens in, the board it is cast on (spells), the permanents it brings, and the events' mana it adds
    (indices into :attr:`TurnPayments.mana`)."""

    item: TurnItem
    epoch: int
    board: Board
    arrivals: tuple[Permanent, ...] = ()
    mana: tuple[int, ...] = ()
    #: the Treasures among ``arrivals`` that triggers on casting the spell create, by the trigger's
    #: permanent (:func:`~planner.turn_cast_mana.treasures_of_casting`: the replay checks them)
    cast_treasures: tuple[CastTokens, ...] = ()
    #: the counters triggers on casting the spell put, (permanent id, kind) each
    #: (:func:`~planner.turn_cast_counters.counters_of_casting`: the replay puts them and checks them)
    cast_counters: tuple[tuple[str, str], ...] = ()
    #: the mana its permanent's enters trigger adds by a count or if it was bargained
    #: (:func:`~planner.turn_entering_mana.entering_mana`: the replay counts it again)
    entered_mana: tuple[Packet, ...] = ()


@dataclass(frozen=True, kw_only=True, slots=True)
class Timeline:
    """A sequence worked out: its stages, the board of each epoch, the events' mana, and when each arriving
    permanent arrives."""

    stages: tuple[Stage, ...]
    boards: tuple[Board, ...]
    mana: tuple[EventMana, ...]
    arrivals: dict[str, int]


def timeline_of(board: Board, player: str, sequence: TurnSequence) -> Timeline:
    """The game through a sequence: a new epoch after each event (see :mod:`planner.turn`)."""
    current = board
    boards = [board]
    stages: list[Stage] = []
    mana: list[EventMana] = []
    arrivals: dict[str, int] = {}
    cast = board.player(player)  # (the spells cast so far this turn: CR 601.2i, each once its costs are paid)
    used = Ids({p.id for p in board.permanents} | {s.pid for s in sequence.spells if s.pid})
    at_start = True  # (no epoch yet: what is done now is there from the start)
    cast_cards: list[Card] = []  # (the sequence's spells so far, for the triggers on casting one)
    fired: set[str] = set()  # (the permanents whose trigger of once each turn fired: CR 603.2h)
    # (the counters of triggers on casting, where something may read them: turn_cast_counters)
    put_counters = sequence.cast_mana and counters_planned(board, player, [s.card for s in sequence.spells])
    sources = entry_sources(board, player) if sequence.tapped_from >= 0 else ()
    for item in sequence.items:
        epoch = len(boards) - 1
        if item.spell is not None and at_start:
            current = _tapped_first(current, player, sequence, stages, mana)
            boards[0] = current
        if item.exile is not None:
            current = exiled_from_hand(current, player, item.exile)
            mana.append(EventMana(epoch=epoch, packets=_packets(item.exile), source=item.exile.card.name))
            if at_start:
                boards[0] = current
            stages.append(Stage(item=item, epoch=epoch, board=current, mana=(len(mana) - 1,)))
            continue
        if item.land is not None:
            if sources and not at_start and epoch + 1 > sequence.tapped_from:
                # (played once they may be tapped: it enters as though they were, turn_entering)
                item = replace(item, land=land_entering(current, player, item.land, sources))
            land = item.land
            assert land is not None
            entered = arriving(land.arriving_card, land.pid, player, tapped=land.entry.tapped)
            current = land_play_made(current.with_permanent(entered), player, land)
            added = []
            # (each landfall trigger, for the fetchland too, each additional time: CR 603.2d)
            triggers = land_play_triggers(current, player, land, entered)
            if sequence.energy:
                gained = sum(landfall_energy(permanent) for permanent in current.controlled_by(player))
                current = with_energy(current, player, gained * triggers)
            current, made_by_landfall = landfall_resolutions(current, player, triggers)
            for source, packets in made_by_landfall:
                added.append(len(mana))
                mana.append(EventMana(epoch=epoch + 1, packets=packets, source=source))
            if at_start:  # (played first: it is there from the start, no epoch before it)
                for index in added:
                    mana[index] = replace(mana[index], epoch=0)
                boards[0] = current
                arrivals[land.pid] = 0
                stages.append(
                    Stage(item=item, epoch=0, board=current, arrivals=(entered,), mana=tuple(added))
                )
                continue
            arrivals[land.pid] = epoch + 1
            boards.append(current)
            stages.append(
                Stage(item=item, epoch=epoch, board=current, arrivals=(entered,), mana=tuple(added))
            )
            continue
        spell = item.spell
        assert spell is not None
        at_start = False
        if spell.ability is not None:  # (an activated ability: no spell is cast, turn_abilities)
            current = _ability_stage(current, player, item, epoch, (stages, mana, arrivals), used, sequence)
            boards.append(current)
            continue
        zone = cast_zone(spell.as_printed)  # (cast from the graveyard or exile: an event, turn_other_zones)
        if zone is not None:
            current = leaving_zone(current, player, spell.card, zone)
        casting = with_spells_cast(current, player, cast)
        cast = cast.having_cast(spell.card if sequence.counted else None)
        triggered = _cast_triggered(board, current, player, sequence, spell, cast_cards)
        made = _cast_treasures(board, current, player, sequence, spell, cast_cards, frozenset(fired))
        fired.update(pid for pid, _ in made)
        counters = counters_of_casting(current, player, spell.as_printed) if put_counters else []
        cast_cards.append(spell.card)
        if (triggered or made or counters) and not spell.event:
            raise InternalError(
                f"{spell.card.name} sets off a trigger adding mana, Treasures or counters but is no event of "
                "the turn"
            )
        if not spell.event:
            if zone is not None:
                raise InternalError(f"{spell.card.name} is cast from the {zone} but is no event of the turn")
            stages.append(Stage(item=item, epoch=epoch, board=casting))
            continue
        effect = resolution(spell.card)
        brought: list[Permanent] = []
        if effect.permanent:
            brought.append(entering(current, spell.card, spell.pid, player))
        made_now = spell_treasures(current, player, effect, brought, made)
        brought += [treasure(used.fresh("treasure"), player) for _ in range(made_now)]
        for tokens, count in other_tokens(current, player, made):  # (an Eldrazi Spawn's: CR 603.3)
            brought += [created_token(tokens, used.fresh("token"), player) for _ in range(count)]
        if sources and epoch + 1 > sequence.tapped_from:  # (they may be tapped by now: turn_entering)
            tapped = with_sources_tapped(current, sources)
            brought = [as_entering(tapped, p, played=p.id == spell.pid) for p in brought]
        added = []
        if effect.mana:
            added.append(len(mana))
            mana.append(EventMana(epoch=epoch + 1, packets=effect.mana, source=spell.card.name))
        for source, packets in triggered:  # (resolved before the spell, for the later spells: CR 603.3)
            added.append(len(mana))
            mana.append(EventMana(epoch=epoch + 1, packets=packets, source=source))
        current = with_counters(current, counters)  # (its triggers resolve before it: CR 603.3)
        for permanent in brought:
            current = current.with_permanent(permanent)
            arrivals[permanent.id] = epoch + 1
        current = without_paid(current, player, item.sacrificed, item.discarded)
        if sequence.energy:  # (its effect's or enters trigger's energy, there for the later spells)
            current = with_energy(current, player, effect.energy)
        if spell.way is not None:  # (its life, energy and cards: the later spells see what is left)
            exiled = tuple(board.player(player).hand[n].name for n in item.way_exiled)
            current = paid_board(current, player, spell.way, exiled)
        current = with_spells_cast(current, player, cast)
        if not exiled_after(spell.way):  # (flashback's is exiled, CR 702.34a)
            current = resolved_to_graveyard(current, player, spell.card)
        if zone is not None:
            current = left_zone(current, player, spell.card, zone, spell.way)
        # (its enters trigger's mana by a count, on the board it resolves on, or if it was bargained: CR
        # 608.2h, 702.166b)
        trigger_mana = entering_mana(current, spell) if effect.permanent else ()
        if trigger_mana:
            added.append(len(mana))
            mana.append(EventMana(epoch=epoch + 1, packets=trigger_mana, source=spell.card.name))
        boards.append(current)
        stages.append(
            Stage(
                item=item,
                epoch=epoch,
                board=casting,
                arrivals=tuple(brought),
                mana=tuple(added),
                cast_treasures=tuple(made),
                cast_counters=tuple(counters),
                entered_mana=trigger_mana,
            )
        )
    return Timeline(stages=tuple(stages), boards=tuple(boards), mana=tuple(mana), arrivals=arrivals)


def _ability_stage(
    board: Board,
    player: str,
    item: TurnItem,
    epoch: int,
    records: tuple[list[Stage], list[EventMana], dict[str, int]],
    used: Ids,
    sequence: TurnSequence,
) -> Board:
    """The board once the activated ability of ``item`` (activated on ``board`` in ``epoch``) resolved
    (:func:`~planner.turn_abilities.ability_resolved`): its stage, its mana (for the later spells, CR 608.2,
    500.4) and its tokens' arrivals recorded in ``records``."""
    stages, mana, arrivals = records
    assert item.spell is not None and item.spell.ability is not None
    ability = item.spell.ability
    name = ability.tokens.name if ability.tokens is not None else "token"
    after, tokens = ability_resolved(board, player, ability, iter(lambda: used.fresh(name), None))
    sources = entry_sources(board, player) if sequence.tapped_from >= 0 else ()
    if sources and epoch + 1 > sequence.tapped_from:  # (they may be tapped by now: turn_entering)
        tapped = with_sources_tapped(after, sources)
        tokens = tuple(as_entering(tapped, token, played=False) for token in tokens)
    added: tuple[int, ...] = ()
    if ability.packets:
        added = (len(mana),)
        mana.append(EventMana(epoch=epoch + 1, packets=ability.packets, source=ability.pid))
    for token in tokens:
        after = after.with_permanent(token)
        arrivals[token.id] = epoch + 1
    stages.append(Stage(item=item, epoch=epoch, board=board, arrivals=tokens, mana=added))
    return after


def _cast_triggered(
    board: Board, current: Board, player: str, sequence: TurnSequence, spell: TurnSpell, cast: list[Card]
) -> list[tuple[str, tuple[Packet, ...]]]:
    """The mana the player's triggers on casting a spell add as ``spell`` is cast on ``current``, after the
    turn's first board's spells cast and ``cast`` (:func:`~planner.turn_cast_mana.mana_of_casting`); none
    when the sequence does not count them, or can't tell (its notes say so)."""
    if not sequence.cast_mana:
        return []
    known = board.player(player).spells_cast
    before = None if known is None else (*known, *cast)
    count = board.player(player).spells_cast_this_turn + len(cast)
    return mana_of_casting(current, player, spell.as_printed, before, count) or []


def _cast_treasures(
    board: Board,
    current: Board,
    player: str,
    sequence: TurnSequence,
    spell: TurnSpell,
    cast: list[Card],
    fired: frozenset[str],
) -> list[CastTokens]:
    """The Treasures (and other tokens with a mana ability) the player's triggers on casting a spell create
    as ``spell`` is cast on ``current`` (:func:`~planner.turn_cast_mana.treasures_of_casting`), by
    permanent; none when the sequence does not count the triggers on casting."""
    if not sequence.cast_mana:
        return []
    known = board.player(player).spells_cast
    before = None if known is None else (*known, *cast)
    count = board.player(player).spells_cast_this_turn + len(cast)
    untold = frozenset(untold_treasures(board, player))  # (of the turn's first board: spells cast before it)
    return treasures_of_casting(current, player, spell.as_printed, before, count, fired, untold)


def with_spells_cast(board: Board, player: str, record: Player) -> Board:
    """``board`` with ``player``'s spells cast this turn those of ``record`` (their number, and the spells
    when the board lists them: what Demilich's 'for each instant and sorcery you've cast this turn' reads).

    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}]})
    >>> record = board.player("me").having_cast(Card.from_json("Lightning Bolt"))
    >>> [card.name for card in with_spells_cast(board, "me", record).player("me").spells_cast or ()]
    ['Lightning Bolt']
    """
    return board.replace_player(
        player, spells_cast_this_turn=record.spells_cast_this_turn, spells_cast_cards=record.spells_cast_cards
    )


def with_energy(board: Board, player: str, gained: int) -> Board:
    """The board once the player got ``gained`` energy counters ({E}, CR 122.1).

    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me", "counters": {"energy": 1}}]})
    >>> with_energy(board, "me", 2).player("me").counter("energy")
    3
    """
    if not gained:
        return board
    counters = dict(board.player(player).counters)
    counters["energy"] = counters.get("energy", 0) + gained
    return board.replace_player(player, counters=tuple(counters.items()))


def sequence_discards(sequence: TurnSequence) -> Counter[str]:
    """The cards the sequence's spells discard, by name."""
    return Counter(name for item in sequence.items for name in item.discarded)


def _tapped_first(
    board: Board, player: str, sequence: TurnSequence, stages: list[Stage], mana: list[EventMana]
) -> Board:
    """The board once the permanents the sequence sacrifices that can be tapped first are tapped, each a
    stage whose mana is there from the start (:func:`~planner.turn_additional.tapped_first`)."""
    start = board
    for item in sequence.items:
        for pid in item.tapped_first:
            packets = tapped_first(start, player, pid)
            assert packets, pid
            board = tapped_before(board, (pid,))
            mana.append(EventMana(epoch=0, packets=packets, source=pid))
            stages.append(
                Stage(item=TurnItem(tapped_first=(pid,)), epoch=0, board=board, mana=(len(mana) - 1,))
            )
    return board


def _packets(exiled: HandAbility) -> tuple[Packet, ...]:
    """The mana a card exiled from the hand adds, as packets of one type each."""
    return tuple(Packet(ManaTypes.of([t]), 1, exiled.mana[t], exiled.tag) for t in exiled.mana.types)


def exiled_from_hand(board: Board, player: str, exiled: HandAbility) -> Board:
    """The board once the player exiled a card from the hand for its mana (CR 605.3a)."""
    after = without_card(board, player, exiled.card.name, exiled.ability_index)
    assert after is not None
    return after[0]


def resolved_to_graveyard(board: Board, player: str, card: Card) -> Board:
    """The board once ``card``, an instant or sorcery spell of ``player``'s, resolved: the card put into its
    owner's graveyard (CR 608.2n; rebound exiles it instead, 702.88a), where a later spell's delve may exile
    it; any other card as it was (a permanent spell's resolves onto the battlefield).

    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me", "graveyard": 1}]})
    >>> bolt, ring = Card.from_json("Lightning Bolt"), Card.from_json("Sol Ring")
    >>> [resolved_to_graveyard(board, "me", c).player("me").graveyard_size for c in (bolt, ring)]
    [2, 1]
    """
    return in_graveyard(board, player, card) if goes_to_graveyard(card) else board


def goes_to_graveyard(card: Card) -> bool:
    """True for an instant or sorcery card, put into its owner's graveyard as it resolves (CR 608.2n), but
    for rebound's (702.88a: exiled).

    >>> goes_to_graveyard(Card.from_json("Lightning Bolt")), goes_to_graveyard(Card.from_json("Sol Ring"))
    (True, False)
    """
    instant = card.type_line.is_a("Instant") or card.type_line.is_a("Sorcery")
    return instant and "rebound" not in read_card(card.oracle, card.name, card.type_line).keywords


def land_play_made(board: Board, player: str, land: LandPlay) -> Board:
    """The board once ``player`` made the land play ``land`` (CR 305.1), its permanent already there: one more
    land played this turn, its life paid; a fetchland cracked is in the graveyard and the land it found out
    of the library, when the board lists it (CR 701.23: a later search can't find it again).

    >>> from planner.rules.turn import LandEntry
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me", "graveyard": [],
    ...     "library": ["Island", "Island"]}]})
    >>> tarn = Card.from_json({"name": "Test Tarn", "type_line": "Land", "oracle": ""})
    >>> fetch = LandPlay(card=tarn, entry=LandEntry(tapped=False, life=1),
    ...     pid="new-land", fetched=Card.from_json("Island"))
    >>> after = land_play_made(board, "me", fetch).player("me")
    >>> after.lands_played_this_turn, after.life, after.library, [c.name for c in after.graveyard]
    (1, 19, 1, ['Test Tarn'])
    """
    board = land_played(board, player, land.entry.life)
    if land.from_graveyard:  # (played from the graveyard a permission allows, CR 305.1: it leaves it)
        board = out_of_graveyard(graveyard_land_played(board, player, land.card), player, land.card)
    if land.fetched is None:
        return board
    board = in_graveyard(board, player, land.card)
    library = board.player(player).library_cards
    if library is not None and land.fetched in library:
        at = library.index(land.fetched)
        board = board.replace_player(player, library_cards=(*library[:at], *library[at + 1 :]))
    return board


def out_of_graveyard(board: Board, player: str, card: Card) -> Board:
    """The board once ``card`` (a land played from it) left its owner's graveyard (listed: the first copy;
    a count: one fewer).

    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me", "graveyard": ["Forest", "Island"]}]})
    >>> [c.name for c in out_of_graveyard(board, "me", Card.from_json("Island")).player("me").graveyard]
    ['Forest']
    """
    graveyard = board.player(player).graveyard
    if isinstance(graveyard, tuple) and card in graveyard:
        at = graveyard.index(card)
        return board.replace_player(player, graveyard=(*graveyard[:at], *graveyard[at + 1 :]))
    if isinstance(graveyard, int):
        return board.replace_player(player, graveyard=max(graveyard - 1, 0))
    return board


def in_graveyard(board: Board, player: str, card: Card) -> Board:
    """The board once ``card`` (a fetchland sacrificed) went to its owner's graveyard."""
    graveyard = board.player(player).graveyard
    if isinstance(graveyard, tuple):
        return board.replace_player(player, graveyard=(*graveyard, card))
    if isinstance(graveyard, int):
        return board.replace_player(player, graveyard=graveyard + 1)
    return board


class SharedWork:
    """Work shared by the sequences of one search, which repeat it: the orders of the same spells end on
    the same board (its analysis and templates), and an order's boards are its extensions' first ones
    (whether a template works on each). Each table is emptied when it grows past its size, so that memory
    stays bounded however long the search runs.

    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
    ...     {"id": "f", "card": "Forest", "controller": "me"}]})
    >>> shared = SharedWork("me", deadline=time.monotonic() + 10)
    >>> template = BoardAnalysis(board, "me").templates[0]
    >>> shared.works_in(board, template), shared.works_in(board, template), len(shared.works)
    (True, True, 1)
    """

    SIZE = 50_000

    def __init__(self, player: str, deadline: float, *, counted: bool = False) -> None:
        self.player, self.deadline = player, deadline
        #: the spells' costs count the spells cast before them (Damping Sphere, Demilich:
        #: :func:`~planner.turn_choices.taxed_by_count`): each is locked in on the board it is cast on
        self.counted = counted
        self.finals: dict[tuple[object, ...], tuple[BoardAnalysis, tuple[Activation, ...]]] = {}
        self.works: dict[tuple[Board, Activation], bool] = {}

    def templates(
        self, timeline: Timeline, epoch: int = -1, apart: frozenset[str] = frozenset()
    ) -> tuple[BoardAnalysis, tuple[Activation, ...]]:
        """The analysis of the sequence's board of ``epoch`` (its last by default) and its templates (the
        permanents arriving in the turn apart, and those of ``apart``: they arrive, or work differently, at
        different times; the events' mana counted for amounts that read it)."""
        board = timeline.boards[epoch]
        extra = sum(packet.total for event in timeline.mana for packet in event.packets)
        apart = apart | frozenset(timeline.arrivals)
        key = (board, extra, apart)
        if key not in self.finals:
            if len(self.finals) >= self.SIZE // 100:
                self.finals.clear()
            analysis = BoardAnalysis(board, self.player, self.deadline)
            found = activation_templates(
                analysis.view,
                self.player,
                analysis.reflect,
                check=analysis.check_time,
                apart=apart,
                extra_mana=extra,
                hand_costs=False,  # (the turn's spells and land come from the hand: no cost takes a card)
            )
            self.finals[key] = (analysis, tuple(found))
        return self.finals[key]

    def epoch_templates(
        self, timeline: Timeline
    ) -> tuple[BoardAnalysis, tuple[Activation, ...], tuple[int, ...]]:
        """The analysis of the sequence's last board, the model's templates and the first epoch each may be
        activated in: the last board's templates (:meth:`templates`), and where a permanent there works
        differently in an earlier epoch (:func:`gapped_sources`: an amount counted on
        fewer creatures then), that epoch's own templates of it, each from that epoch (the permanents
        concerned apart in every board: each is then one template's own, its taps counted alone)."""
        last = len(timeline.boards) - 1
        analysis, found = self.templates(timeline)
        gaps = gapped_sources(found, timeline.boards, timeline.arrivals, self.works_in)
        for epoch, lost in lost_abilities(timeline.boards, self.player).items():
            gaps[epoch] = gaps.get(epoch, frozenset()) | lost
        if not gaps:
            return analysis, found, tuple(_first_epoch(t, timeline, last, self) for t in found)
        apart = frozenset().union(*gaps.values())
        analysis, found = self.templates(timeline, apart=apart)
        templates = list(found)
        firsts = [_first_epoch(t, timeline, last, self) for t in found]
        seen = {replace(t, index=0) for t in found}
        for epoch in sorted(gaps):
            for template in self.templates(timeline, epoch, apart)[1]:
                key = replace(template, index=0)
                if template.pid in apart and key not in seen:
                    seen.add(key)
                    templates.append(replace(template, index=len(templates)))
                    firsts.append(epoch)
        return analysis, tuple(templates), tuple(firsts)

    def works_in(self, board: Board, template: Activation) -> bool:
        """:func:`_works_in`, worked out once per board and template."""
        key = (board, template)
        found = self.works.get(key)
        if found is None:
            if len(self.works) >= self.SIZE:
                self.works.clear()
            found = self.works[key] = _works_in(board, template)
        return found


def sequence_problem(
    board: Board,
    sequence: TurnSequence,
    hold: PaymentTarget | None,
    shared: SharedWork,
    most_optional: int | None = None,
    ways: Sequence[Sequence[TurnSpell]] = (),
    *,
    timeline: Timeline | None = None,
) -> tuple[PaymentProblem, Timeline]:
    """The payment problem of a whole sequence (:class:`TurnPayments`), casting at most ``most_optional``
    of the spells it may leave out; ``ways[n]``, when given, are the spell ``n`` cast for alternative costs
    paying only mana, entries of the model beside the spell (:class:`SpellPayment`: the model chooses one,
    :func:`~planner.turn_alternative.with_model_ways` reads which); ``timeline``: the sequence's, when the
    caller worked it out already."""
    player, deadline = shared.player, shared.deadline
    if timeline is None:
        timeline = timeline_of(board, player, sequence)
    last = len(timeline.boards) - 1
    analysis, found, firsts = shared.epoch_templates(timeline)
    final_view = analysis.view
    templates: list[Activation] = []
    epochs: list[int] = []
    until: list[int] = []
    held = _held_untapped(board, player, sequence, last)
    for template, first in zip(found, firsts, strict=True):
        if held and held[0] & {*template.sources, *template.tapped, *template.sacrificed}:
            if not shared.works_in(timeline.boards[max(first, held[1])], template):
                continue  # (not before the epoch they may be tapped from, and not as it is then)
            first = max(first, held[1])
        copies = range(first, last + 1) if template.costs_mana else [first]
        for epoch in copies:
            if epoch > first and not shared.works_in(timeline.boards[epoch], template):
                continue  # (it works otherwise then: that epoch's own template, if any, stands for it)
            templates.append(replace(template, index=len(templates)))
            epochs.append(epoch)
            end = epoch
            while end < last and shared.works_in(timeline.boards[end + 1], template):
                end += 1
            until.append(end)
    spells: list[SpellPayment] = []
    notes: set[str] = set()  # (what the model leaves out that the rules allow: TurnPayments.notes)
    views = [view_of(b) for b in timeline.boards]
    plain: dict[tuple[int, PaymentTarget], PaymentTarget] = {}  # (copies of a plain spell: worked out once)
    number = -1
    resolved: list[int] = []  # (the entries of the plain instants and sorceries so far: no board has them)
    for stage in timeline.stages:
        spell = stage.item.spell
        if spell is None:
            continue
        number += 1
        variants = ways[number] if ways else ()
        choice = len(spells) if variants else None
        first = len(spells)
        for cast in (spell, *variants):
            if spell.event or shared.counted:  # (the spells cast before it are its board's)
                target = locked_in(view_of(stage.board), cast.target, player)
            else:  # (its cost does not depend on the spells cast before it: see taxed_by_count)
                key = (stage.epoch, cast.target)
                if key not in plain:
                    plain[key] = locked_in(views[stage.epoch], cast.target, player)
                target = plain[key]
            payers, graveyard, narrowed = _paid_without_mana(stage, target, player, timeline.boards[-1])
            if held and stage.epoch < held[1]:  # (not tapped for a spell before then either)
                payers = frozenset(way for way in payers if way[0] not in held[0])
            if narrowed:
                notes.add(
                    f"{spell.card.name}: a permanent a later spell of the turn sacrifices is not tapped to "
                    "pay it (convoke, improvise): the plan may not be the best"
                )
            spells.append(
                SpellPayment(
                    target=target,
                    epoch=stage.epoch,
                    mana_value=cast.mana_value,
                    optional=sequence.optional and not spell.event and not shared.counted,
                    choice=choice,
                    alternative=cast.way is not None,
                    # (no mana cost, CR 118.6; an ability's cost without mana is paid, CR 602.2b)
                    unpayable=cast.way is None and not cast.target.cost and cast.ability is None,
                    ways=payers,
                    graveyard=graveyard,
                    fed_by=tuple(resolved) if cast.target.delve else (),
                )
            )
        if not (spell.event or shared.counted) and goes_to_graveyard(spell.card):
            resolved += range(first, len(spells))
    final = timeline.boards[-1]
    if any(spell.graveyard for spell in spells) and any(
        graveyard_growth(final, player, template.gone) for template in found
    ):
        notes.update(
            f"{stage.item.spell.card.name}: cards a mana ability puts into the graveyard during the turn are "
            "not delved: the plan may not be the best"
            for stage in timeline.stages
            if stage.item.spell is not None and stage.item.spell.target.delve
        )
    turn = TurnPayments(
        notes=tuple(sorted(notes)),
        templates=tuple(templates),
        epochs=tuple(epochs),
        spells=tuple(spells),
        mana=timeline.mana,
        rules=tuple(SpendRules.for_player(view_of(b), player) for b in timeline.boards),
        until=tuple(until),
        most_optional=most_optional,
        keep_alive=board.player(player).life > 0,
    )
    nothing = PaymentTarget.of("{0}")
    started = time.monotonic()
    problem = PaymentProblem(
        analysis=analysis,
        asked=nothing,
        target=nothing,
        keep=locked_in(final_view, hold, player) if hold is not None else None,
        time_limit=max(deadline - started, 0.0),
        started=started,
        turn=turn,
    )
    return problem, timeline


def _held_untapped(
    board: Board, player: str, sequence: TurnSequence, last: int
) -> tuple[frozenset[str], int] | None:
    """The player's permanents that are tapped in no epoch before the sequence's ``tapped_from``
    (:mod:`planner.turn_entering`), and that epoch; None when none is concerned."""
    if sequence.tapped_from < 0:
        return None
    sources = frozenset(entry_sources(board, player))
    return (sources, min(sequence.tapped_from, last)) if sources else None


def _paid_without_mana(
    stage: Stage, target: PaymentTarget, player: str, final: Board
) -> tuple[frozenset[AlternativeWay], int, bool]:
    """What may pay part of a spell's total cost without mana as it is cast (CR 601.2h), on the board of
    its stage: each untapped creature (convoke, or the optional tap of creatures for {1} less each) or
    artifact (improvise) the player controls then, arrived earlier in the turn or not, and the cards in the
    graveyard (delve: 702.51a, 702.126a, 702.66a, 601.2b). A permanent the spell's own additional cost
    sacrifices pays no part of it, nor (narrower than the rules: the last value is True when that leaves one
    out) one a later spell of the turn sacrifices: the model counts each permanent's taps on the turn's last
    board."""
    if not target.alternatives:
        return frozenset(), 0, False
    board = stage.board
    every = alternative_ways(view_of(board), player, target, without=frozenset(stage.item.sacrificed))
    ways = frozenset(way for way in every if final.has_permanent(way[0]))
    graveyard = (board.player(player).graveyard_size or 0) if target.delve else 0
    narrowed = ways != every
    # (nor one a later ability of the turn taps for its cost: turn_abilities)
    ways = frozenset(way for way in ways if not final.permanent(way[0]).tapped)
    return ways, graveyard, narrowed


def _first_epoch(template: Activation, timeline: Timeline, last: int, shared: SharedWork) -> int:
    """The first epoch in which a template of the turn's last board can be activated as it is: everything
    it needs has arrived, and the board then gives it the same ability and outcome (an effect that arrives
    later, such as a mana doubler, makes a template of its own)."""
    needed = (*template.sources, *template.sacrificed, *template.tapped)
    epoch = max((timeline.arrivals.get(pid, 0) for pid in needed), default=0)
    while epoch < last and not shared.works_in(timeline.boards[epoch], template):
        epoch += 1
    return epoch


def _works_in(board: Board, template: Activation) -> bool:
    """True when ``template`` is an activation the board allows as it stands (its ability and outcome)."""
    if not all(
        board.has_permanent(pid) for pid in (*template.sources, *template.sacrificed, *template.tapped)
    ):
        return False
    view = view_of(board)
    abilities = view.mana_abilities(template.pid)
    if template.ability_index >= len(abilities) or abilities[template.ability_index] != template.ability:
        return False
    outcomes = activation_outcomes(
        view, template.pid, template.ability, could_produce_of(board), sacrificed=template.sacrificed
    )
    return template.outcome in outcomes


def lost_abilities(boards: Sequence[Board], player: str) -> dict[int, frozenset[str]]:
    """The epochs in which a permanent of ``player``'s has a mana ability it no longer has on the turn's last
    board (a permanent cast later in the turn changes it: Harbinger of the Seas's "Nonbasic lands are
    Islands." takes a Verge's second ability, CR 305.7, 613.1d), with those permanents: that epoch's own
    templates of them are missing from the last board's, and the ability is usable until it is lost.

    >>> forest = {"id": "f", "card": "Forest", "controller": "me"}
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [forest]})
    >>> lost_abilities([board, board], "me")
    {}
    """
    last = view_of(boards[-1])
    kept = {p.id: {a.text for a in last.mana_abilities(p.id)} for p in boards[-1].controlled_by(player)}
    gaps: dict[int, set[str]] = {}
    for epoch, board in enumerate(boards[:-1]):
        if board is boards[-1]:
            continue
        view = view_of(board)
        for permanent in board.controlled_by(player):
            texts = kept.get(permanent.id)
            if texts is not None and any(a.text not in texts for a in view.mana_abilities(permanent.id)):
                gaps.setdefault(epoch, set()).add(permanent.id)
    return {epoch: frozenset(pids) for epoch, pids in gaps.items()}


def gapped_sources(
    found: Sequence[Activation],
    boards: Sequence[Board],
    arrivals: dict[str, int],
    works_in: Callable[[Board, Activation], bool],
) -> dict[int, frozenset[str]]:
    """The epochs in which a template of the turn's last board (``found``) does not work though every
    permanent it needs is there (its ability or outcome differ then: an amount counted on fewer creatures),
    with the permanents it stands for: that epoch's own templates of them are missing from ``found``.

    >>> gapped_sources([], [], {}, lambda board, template: True)
    {}
    """
    last = len(boards) - 1
    gaps: dict[int, set[str]] = {}
    for template in found:
        needed = (*template.sources, *template.sacrificed, *template.tapped)
        start = max((arrivals.get(pid, 0) for pid in needed), default=0)
        for epoch in range(start, last):
            if not works_in(boards[epoch], template):
                gaps.setdefault(epoch, set()).update(template.sources)
    return {epoch: frozenset(pids) for epoch, pids in gaps.items()}
